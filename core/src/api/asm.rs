//! MLIR text at the C edge: parsing modules, types and attributes, and printing
//! operations, types, attributes and locations.
//!
//! Parse errors: a failed parse returns `OMNIR_ERROR_PARSE_FAILED` with every error
//! rendered MLIR-style as the last error message (`file:line:col: error: message`, the
//! source line and a caret, then notes), **and** emits each error (with its notes) as a
//! diagnostic located at `file:line:col` to the context's handlers, so a binding that
//! captures diagnostics (`omnir_context_begin_diagnostic_capture`) gets them structured.
//! `omnir_module_parse` and `omnir_op_parse` verify what they parsed (MLIR's
//! `verifyAfterParse`, unless `omnir_context_set_verify_after_parse` turned it off): the
//! verifier's errors fail the parse the same way, each emitted once, at the operation's
//! location.
//! As with any diagnostic, an error no handler takes is printed to stderr; attach a handler
//! or capture to keep parse errors off stderr. A failed parse leaves the IR unchanged.
//! (Types and attributes met before the error may have been uniqued; that is not
//! observable.)
//!
//! Printing uses MLIR's generic form, the only form omnir has for now.

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_attribute, omnir_block, omnir_location, omnir_op, omnir_type, omnir_value};
use super::{
    check_out, ffi_call, omnir_status, omnir_string, str_arg, write_out, write_string_out, ApiError, ApiResult,
};
use crate::asm::{
    parse_attribute, parse_single_operation, parse_source, parse_type, ParseError, ParseOptions, PrintFlags,
};
use crate::context::Context;
use crate::diag::{Diagnostic, Severity};

/// Options for `omnir_op_print`, mirroring `mlir-opt`'s `--mlir-print-*` flags. Start from
/// `omnir_print_flags_default()` and change fields, so that code keeps working when fields
/// are added.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct omnir_print_flags {
    /// Print every operation in the generic form (`--mlir-print-op-generic`). When `false`
    /// (the default, as upstream), operations whose definition has an assembly format print
    /// in that custom form and the others in the generic form.
    pub generic_form: bool,
    /// Print `loc(...)` for every operation and block argument (`--mlir-print-debuginfo`).
    pub debug_info: bool,
    /// Print locations in MLIR's "pretty" form (`--mlir-pretty-debuginfo`).
    pub pretty_debug_info: bool,
    /// Print as if the op were the top level: no alias definitions, values numbered locally
    /// (`--mlir-print-local-scope`).
    pub local_scope: bool,
    /// Skip the verifier before printing (`--mlir-print-assume-verified`).
    pub assume_verified: bool,
    /// Elide `dense<...>` attributes with more elements than this; 0 prints them all
    /// (`--mlir-elide-elementsattrs-if-larger`).
    pub elide_elements_larger_than: u64,
    /// Number values uniquely across regions in the custom form too, as the generic form
    /// always does (`--mlir-print-unique-ssa-ids`).
    pub unique_ssa_ids: bool,
}

impl omnir_print_flags {
    pub(crate) fn to_core(self) -> ApiResult<PrintFlags> {
        Ok(PrintFlags {
            generic: self.generic_form,
            debug_info: self.debug_info,
            pretty_debug_info: self.pretty_debug_info,
            local_scope: self.local_scope,
            elide_elements_larger_than: (self.elide_elements_larger_than != 0)
                .then_some(self.elide_elements_larger_than),
            assume_verified: self.assume_verified,
            unique_ssa_ids: self.unique_ssa_ids,
            value_users: false,
        })
    }
}

/// The default print flags: custom forms where operations have one, no debug info, nothing
/// elided.
#[no_mangle]
pub extern "C" fn omnir_print_flags_default() -> omnir_print_flags {
    omnir_print_flags {
        generic_form: false,
        debug_info: false,
        pretty_debug_info: false,
        local_scope: false,
        assume_verified: false,
        elide_elements_larger_than: 0,
        unique_ssa_ids: false,
    }
}

/// Reads the optional flags argument of `omnir_op_print`.
fn flags_arg(flags: *const omnir_print_flags) -> ApiResult<PrintFlags> {
    if flags.is_null() {
        return omnir_print_flags_default().to_core();
    }
    // SAFETY: a non-NULL `flags` points at an initialized `omnir_print_flags` for the
    // duration of the call (API contract).
    unsafe { *flags }.to_core()
}

/// Delivers a parse failure to the context's handlers and turns it into the API error.
fn report_parse_error(core: &Context, e: &ParseError) -> ApiError {
    let diags = e
        .diagnostics
        .iter()
        .map(|d| Diagnostic {
            severity: Severity::Error,
            location: d.location.unwrap_or_else(|| core.file_line_col_loc(&d.file, d.line, d.col)),
            message: d.message.clone(),
            notes: d
                .notes
                .iter()
                .map(|n| Diagnostic {
                    severity: Severity::Note,
                    location: n.location.unwrap_or_else(|| core.file_line_col_loc(&n.file, n.line, n.col)),
                    message: n.message.clone(),
                    notes: Vec::new(),
                })
                .collect(),
        })
        .collect();
    super::diagnostics::emit_all(core, diags);
    ApiError::new(omnir_status::OMNIR_ERROR_PARSE_FAILED, e.to_string())
}

/// Parses a file of MLIR text (generic operation syntax, and `builtin.module`'s custom
/// form) into a `builtin.module`: the file's only top-level operation if that is a
/// `builtin.module`, otherwise a new module (located at `"filename":0:0`) holding every
/// top-level operation. The module is detached and owned by the caller. Operations,
/// types and attributes of unregistered dialects are accepted when the context allows them
/// (`omnir_context_set_allow_unregistered_dialects`). `dialect_resources` blobs go to the
/// context's resource store. The module is verified (as MLIR's `parseSourceFile` does)
/// unless `omnir_context_set_verify_after_parse(ctx, false)`: text that parses but does not
/// verify fails.
///
/// - `ctx`: the context.
/// - `text`, `text_len`: the source, UTF-8.
/// - `filename`, `filename_len`: the name locations and messages use, UTF-8 (may be empty).
/// - `out`: receives the module.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, `OMNIR_ERROR_BUSY`
/// (called from a callback), and
/// `OMNIR_ERROR_PARSE_FAILED`: every error, rendered MLIR-style (`file:line:col: error:
/// message`, the source line, a caret, then notes), is the last error message, and each is
/// also emitted as an error diagnostic at `file:line:col` (with its notes) to the context's
/// handlers (capture them with `omnir_context_begin_diagnostic_capture`; with no handler
/// they are printed to stderr). A verification failure is reported the same way: each
/// verifier error is rendered at the first file position of the operation's location (with
/// the source line and caret when that is in `text`) in the message, and emitted once, at
/// the operation's location, with its notes.
/// After a failure the IR is exactly as it was, and no resource of the text is kept.
#[no_mangle]
pub extern "C" fn omnir_module_parse(
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    filename: *const c_char,
    filename_len: usize,
    out: *mut omnir_op,
) -> omnir_status {
    parse_ops(ctx, text, text_len, filename, filename_len, out, parse_source)
}

/// Parses text that holds exactly one top-level operation and returns it, detached and
/// owned by the caller; a `builtin.module` written in the text is returned itself, never
/// wrapped (MLIR's `parseSourceString<Operation *>`, the Python bindings'
/// `Operation.parse`). Unregistered dialects and verification as for
/// `omnir_module_parse`: the operation is verified unless
/// `omnir_context_set_verify_after_parse(ctx, false)`.
///
/// - `ctx`: the context.
/// - `text`, `text_len`: the source, UTF-8.
/// - `filename`, `filename_len`: the name locations and messages use, UTF-8 (may be empty).
/// - `out`: receives the operation.
///
/// Errors: as `omnir_module_parse` (an operation that does not verify is
/// `OMNIR_ERROR_PARSE_FAILED` with the verifier's errors); text with no or several top-level
/// operations is `OMNIR_ERROR_PARSE_FAILED` "source must contain a single top-level
/// operation, found: N". After a failure the IR is exactly as it was.
#[no_mangle]
pub extern "C" fn omnir_op_parse(
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    filename: *const c_char,
    filename_len: usize,
    out: *mut omnir_op,
) -> omnir_status {
    parse_ops(ctx, text, text_len, filename, filename_len, out, parse_single_operation)
}

fn parse_ops(
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    filename: *const c_char,
    filename_len: usize,
    out: *mut omnir_op,
    parse: fn(&mut Context, &str, &str, &ParseOptions) -> Result<crate::ir::OpId, ParseError>,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let text = str_arg(text, text_len, "text")?;
        let filename = str_arg(filename, filename_len, "filename")?;
        check_out(out)?;
        let parsed = c.write(|core| {
            let options = ParseOptions { verify_after_parse: core.verify_after_parse(), ..ParseOptions::default() };
            Ok(parse(core, text, filename, &options))
        })?;
        match parsed {
            Ok(op) => write_out(out, c.op_out(op)),
            // Handlers run after the exclusive borrow is released, so they may read the context.
            Err(e) => Err(c.read(|core| Ok(report_parse_error(core, &e)))?),
        }
    })
}

/// Loads dialect definitions: upstream IRDL (`irdl.dialect`, `irdl.operation`, ...) with
/// omnir's `omnir.*` attributes (assembly formats, traits, enums, defaults, hooks by name),
/// as `mlir-opt --irdl-file` does. The dialects, their types, attributes and operations are
/// registered in the context; operations with an `omnir.assembly_format` parse and print in
/// that custom form.
///
/// - `ctx`: the context.
/// - `text`, `text_len`: the definition file, UTF-8.
/// - `filename`, `filename_len`: the name its errors use, UTF-8 (may be empty).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, `OMNIR_ERROR_BUSY`
/// (called from a callback), and `OMNIR_ERROR_PARSE_FAILED` for a file that does not parse
/// or defines something invalid (an unknown trait, a format that does not compile, a dialect
/// already registered, a hook not registered...): every error rendered MLIR-style
/// (`file:line:col: error: message`, the source line, a caret) is the last error message and
/// is emitted as a diagnostic. After a failure nothing of the file is registered.
#[no_mangle]
pub extern "C" fn omnir_dialect_load_definitions(
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    filename: *const c_char,
    filename_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let text = str_arg(text, text_len, "text")?;
        let filename = str_arg(filename, filename_len, "filename")?;
        let loaded = c.write(|core| Ok(crate::irdl::load_definitions(core, text, filename)))?;
        match loaded {
            Ok(_) => Ok(()),
            Err(e) => Err(c.read(|core| Ok(report_parse_error(core, &e)))?),
        }
    })
}

/// Parses one type, e.g. `tensor<4x?xf32>` (errors name the input itself as the file, as
/// MLIR's `parseType` does).
///
/// - `ctx`: the context. `text`, `text_len`: the type's text, UTF-8.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, and
/// `OMNIR_ERROR_PARSE_FAILED`: every error, rendered MLIR-style (`file:line:col: error:
/// message`, the source line, a caret, then notes), is the last error message, and each is
/// also emitted as an error diagnostic at `file:line:col` (with its notes) to the context's
/// handlers (capture them with `omnir_context_begin_diagnostic_capture`; with no handler
/// they are printed to stderr).
#[no_mangle]
pub extern "C" fn omnir_type_parse(
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let text = str_arg(text, text_len, "text")?;
        check_out(out)?;
        load_named_dialects(c, text)?;
        let t = c.read(|core| parse_type(core, text).map_err(|e| report_parse_error(core, &e)))?;
        write_out(out, c.type_out(t))
    })
}

/// Parses one attribute, e.g. `dense<[1, 2]> : tensor<2xi32>` or `{a = 1 : i64}`.
///
/// - `ctx`: the context. `text`, `text_len`: the attribute's text, UTF-8.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, and
/// `OMNIR_ERROR_PARSE_FAILED`: every error, rendered MLIR-style (`file:line:col: error:
/// message`, the source line, a caret, then notes), is the last error message, and each is
/// also emitted as an error diagnostic at `file:line:col` (with its notes) to the context's
/// handlers (capture them with `omnir_context_begin_diagnostic_capture`; with no handler
/// they are printed to stderr).
#[no_mangle]
pub extern "C" fn omnir_attribute_parse(
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let text = str_arg(text, text_len, "text")?;
        check_out(out)?;
        load_named_dialects(c, text)?;
        let a = c.read(|core| parse_attribute(core, text).map_err(|e| report_parse_error(core, &e)))?;
        write_out(out, c.attr_out(a))
    })
}

/// A type as MLIR spells it (`Type::print`: no aliases).
///
/// - `ctx`: the context. `ty`: the type.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_print(ctx: *const omnir_context, ty: omnir_type, out: *mut omnir_string) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        check_out(out)?;
        let text = c.read(|core| Ok(crate::asm::print_type(core, c.type_in(core, ty)?)))?;
        write_string_out(out, text.as_bytes())
    })
}

/// An attribute as MLIR spells it (`Attribute::print`: no aliases, the type not elided).
///
/// - `ctx`: the context. `attr`: the attribute.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_attribute_print(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        check_out(out)?;
        let text = c.read(|core| Ok(crate::asm::print_attribute(core, c.attr_in(core, attr)?)))?;
        write_string_out(out, text.as_bytes())
    })
}

/// A location as MLIR prints it: `loc("file":1:2)`.
///
/// - `ctx`: the context. `loc`: the location.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_location_print(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        check_out(out)?;
        let text = c.read(|core| Ok(crate::asm::print_location(core, c.loc_in(core, loc)?)))?;
        write_string_out(out, text.as_bytes())
    })
}

/// The shared body of the IR printers: checks the context, flags and out-parameter, then
/// prints under the context's read lock.
fn print_ir(
    ctx: *const omnir_context,
    flags: *const omnir_print_flags,
    out: *mut omnir_string,
    print: impl FnOnce(&omnir_context, &Context, &PrintFlags) -> ApiResult<String>,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let flags = flags_arg(flags)?;
        check_out(out)?;
        let text = c.read(|core| print(c, core, &flags))?;
        write_string_out(out, text.as_bytes())
    })
}

/// Prints an operation and everything nested in it, as MLIR's `Operation::print` with the
/// given flags. A top-level operation (no parent) without `local_scope` is followed by a
/// newline, deferred alias definitions and the `dialect_resources` section when blobs are
/// referenced; a nested one (or any with `local_scope`) prints alone, without a trailing
/// newline.
///
/// - `ctx`: the context. `op`: the operation.
/// - `flags`: the options, or NULL for `omnir_print_flags_default()`.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_STALE_HANDLE` (the op was erased), `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed
/// handle).
#[no_mangle]
pub extern "C" fn omnir_op_print(
    ctx: *const omnir_context,
    op: omnir_op,
    flags: *const omnir_print_flags,
    out: *mut omnir_string,
) -> omnir_status {
    print_ir(ctx, flags, out, |c, core, flags| Ok(crate::asm::print_op(core, c.op_in(op)?, flags)?))
}

/// Prints a block as MLIR's `Block::print` does: the label, arguments and
/// predecessors comment on the first line, then each operation two spaces in, one per line
/// (every line ends in a newline). Values are numbered from the block's top-level ancestor
/// (with `local_scope`, the nearest isolated-from-above ancestor), so the names agree with
/// those in the printed module. A block in no region prints `<<UNLINKED BLOCK>>`.
///
/// - `ctx`: the context. `block`: the block.
/// - `flags`: the options, or NULL for `omnir_print_flags_default()`.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_STALE_HANDLE`, `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed handle).
#[no_mangle]
pub extern "C" fn omnir_block_print(
    ctx: *const omnir_context,
    block: omnir_block,
    flags: *const omnir_print_flags,
    out: *mut omnir_string,
) -> omnir_status {
    print_ir(ctx, flags, out, |c, core, flags| Ok(crate::asm::print_block(core, c.block_in(block)?, flags)?))
}

/// Prints a value as MLIR's `Value::print` does: an operation result prints its defining
/// operation (as `omnir_op_print`); a block argument prints
/// `<block argument> of type 'i32' at index: 0`.
///
/// - `ctx`: the context. `value`: the value.
/// - `flags`: the options, or NULL for `omnir_print_flags_default()`.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_STALE_HANDLE`, `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed handle).
#[no_mangle]
pub extern "C" fn omnir_value_print(
    ctx: *const omnir_context,
    value: omnir_value,
    flags: *const omnir_print_flags,
    out: *mut omnir_string,
) -> omnir_status {
    print_ir(ctx, flags, out, |c, core, flags| Ok(crate::asm::print_value(core, c.value_in(value)?, flags)?))
}

/// The name `value` has where it is used as an operand (MLIR's `Value::printAsOperand`,
/// `mlirValuePrintAsOperand`): `%arg0`, `%3`, or `%3#1` for a result of an operation with
/// several, numbered as when printing the value's top-level ancestor, or with
/// `local_scope` its nearest isolated-from-above ancestor. A block argument of a block in
/// no operation's region is `<<UNKNOWN SSA VALUE>>`.
///
/// - `ctx`: the context. `value`: the value.
/// - `flags`: the options (only `local_scope` matters), or NULL for the defaults.
/// - `out`: receives the name; free it with `omnir_string_free`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_value_print_as_operand(
    ctx: *const omnir_context,
    value: omnir_value,
    flags: *const omnir_print_flags,
    out: *mut omnir_string,
) -> omnir_status {
    print_ir(ctx, flags, out, |c, core, flags| Ok(crate::asm::print_value_as_operand(core, c.value_in(value)?, flags)?))
}

/// Loads the shipped dialects a type or attribute text names, before it is parsed (the
/// parse itself only reads the context).
fn load_named_dialects(c: &super::context::omnir_context, text: &str) -> ApiResult {
    if c.read(|core| Ok(core.mentions_loadable_dialect(text)))? {
        c.write(|core| {
            core.load_dialects_named_in(text);
            Ok(())
        })?;
    }
    Ok(())
}

/// The typed bindings of a dialect in a language, as `omnir-gen` writes them: for
/// `"python"`, the module `_<dialect>_ops_gen.py` of `omnir.dialects` (upstream's
/// `mlir.dialects` names: a class and a function per op, typed accessors, the dialect's
/// enums); `"javascript"` / `"typescript"`, the Node module and its declarations; `"cxx"`,
/// the header of MLIR-style op classes over the C++ bridge; `"c"`, the header of static
/// inline builders and accessors over this API; `"rust"`, the module of typed op views over
/// the `omnir` crate; `"swift"`, the file of typed op views over the `Omnir` package. The
/// dialect is a shipped one (loaded here if it is not yet) or one
/// registered in the context (from a definition file). Free the string with
/// `omnir_string_free`.
///
/// - `ctx`: the context.
/// - `dialect`, `dialect_len`: the dialect's name, UTF-8.
/// - `language`, `language_len`: `"python"`, `"javascript"`, `"typescript"`, `"cxx"`, `"c"`,
///   `"rust"` or `"swift"`, UTF-8.
/// - `source`, `source_len`: what the output's header names as its source (a file name),
///   UTF-8 (may be empty: the dialect's name).
/// - `out`: receives the text.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, `OMNIR_ERROR_BUSY`
/// (called from a callback), `OMNIR_ERROR_INVALID_ARGUMENT` for a dialect that is neither
/// registered nor shipped, or a language without a generator.
#[no_mangle]
pub extern "C" fn omnir_dialect_generate_bindings(
    ctx: *mut omnir_context,
    dialect: *const c_char,
    dialect_len: usize,
    language: *const c_char,
    language_len: usize,
    source: *const c_char,
    source_len: usize,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        check_out(out)?;
        let c = context_arg(ctx)?;
        let dialect = str_arg(dialect, dialect_len, "dialect")?;
        let language = str_arg(language, language_len, "language")?;
        let source = str_arg(source, source_len, "source")?;
        let source = if source.is_empty() { format!("the {dialect} dialect's definition") } else { source.to_string() };
        let text = c.write(|core| Ok(crate::gen::generate(core, dialect, language, &source)?))?;
        write_string_out(out, text.as_bytes())
    })
}
