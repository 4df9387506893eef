//! Identifiers at the C edge: strings interned in a context, compared by handle (MLIR's
//! `MlirIdentifier`). Interning a name once and comparing handles is cheaper than comparing
//! strings on every operation.

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_identifier, omnir_op};
use super::ir::out_arg;
use super::{ffi_call, omnir_status, omnir_string, str_arg, write_out};

/// The identifier for `text` in the context, interning it on first use.
///
/// - `text`, `len`: UTF-8, `len` bytes (may be empty).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`.
#[no_mangle]
pub extern "C" fn omnir_identifier_get(
    ctx: *mut omnir_context,
    text: *const c_char,
    len: usize,
    out: *mut omnir_identifier,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let text = str_arg(text, len, "identifier text")?;
        let id = cx.read(|c| Ok(c.identifier(text)))?;
        write_out(out, cx.ident_out(id))
    })
}

/// The identifier's text. Free the string with `omnir_string_free`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (a zeroed or unknown identifier handle).
#[no_mangle]
pub extern "C" fn omnir_identifier_str(
    ctx: *const omnir_context,
    id: omnir_identifier,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let text = cx.read(|c| Ok(omnir_string::from_bytes(c.ident_str(cx.ident_in(c, id)?).as_bytes())))?;
        write_out(out, text)
    })
}

/// Whether two identifiers are the same (same context and same text).
#[no_mangle]
pub extern "C" fn omnir_identifier_equal(a: omnir_identifier, b: omnir_identifier) -> bool {
    a == b
}

/// The operation's name as an identifier (MLIR's `Operation::getName().getIdentifier()`):
/// comparing it with an identifier from `omnir_identifier_get` tells an operation's kind
/// without copying its name.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_op_get_name_identifier(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_identifier,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let id = cx.read(|c| Ok(c.op_name_id(op)?))?;
        write_out(out, cx.ident_out(id))
    })
}
