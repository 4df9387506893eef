//! The verifier at the C edge, and the operand/result groups of registered operations that
//! it computes.

use super::context::{context_arg, omnir_context};
use super::handles::omnir_op;
use super::ir::{fill_buffer, out_arg};
use super::{ffi_call, omnir_status, write_out, ApiResult};

/// Verifies `op` and everything nested in it. Every failure is emitted as an error
/// diagnostic at the offending location, to the context's diagnostic handlers (or stderr
/// when none takes it); the call then returns `OMNIR_ERROR_VERIFICATION_FAILED` with the
/// first failure's message (and how many more there were) as the last error. Verifier
/// callbacks of runtime-defined operations run during this call, while the context is held
/// for reading (see `omnir_dialect_register_operation`). The IR is never changed.
#[no_mangle]
pub extern "C" fn omnir_op_verify(ctx: *const omnir_context, op: omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        cx.read(|c| Ok(c.verify(op)?))
    })
}

/// A contiguous range of operand or result indices.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_index_range {
    pub start: usize,
    pub len: usize,
}

fn groups(ctx: *const omnir_context, op: omnir_op, results: bool) -> ApiResult<Vec<omnir_index_range>> {
    let cx = context_arg(ctx)?;
    let op = cx.op_in(op)?;
    let ranges = cx.read(|c| Ok(if results { c.op_result_segments(op)? } else { c.op_operand_segments(op)? }))?;
    Ok(ranges.into_iter().map(|r| omnir_index_range { start: r.start, len: r.len() }).collect())
}

/// The operand index range of each operand group of a registered operation, as its
/// definition lays them out (MLIR's `getODSOperandIndexAndLength`), into a caller buffer
/// (`items` may be NULL when `capacity` is 0; `*count` receives the number of groups).
/// `OMNIR_ERROR_NOT_REGISTERED` for an unregistered op; `OMNIR_ERROR_INVALID_ARGUMENT` when
/// the operands do not fit the definition.
#[no_mangle]
pub extern "C" fn omnir_op_get_operand_groups(
    ctx: *const omnir_context,
    op: omnir_op,
    items: *mut omnir_index_range,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        out_arg(count)?;
        let g = groups(ctx, op, false)?;
        fill_buffer(&g, items, capacity, count)
    })
}

/// The result index range of each result group of a registered operation (see
/// `omnir_op_get_operand_groups`).
#[no_mangle]
pub extern "C" fn omnir_op_get_result_groups(
    ctx: *const omnir_context,
    op: omnir_op,
    items: *mut omnir_index_range,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        out_arg(count)?;
        let g = groups(ctx, op, true)?;
        fill_buffer(&g, items, capacity, count)
    })
}

/// Operand group `group` of a registered operation, as a range of operand indices.
#[no_mangle]
pub extern "C" fn omnir_op_get_operand_group(
    ctx: *const omnir_context,
    op: omnir_op,
    group: usize,
    out: *mut omnir_index_range,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let g = groups(ctx, op, false)?;
        let r = g.get(group).ok_or_else(|| crate::error::Error::out_of_range("operand group", group, g.len()))?;
        write_out(out, *r)
    })
}

/// Result group `group` of a registered operation, as a range of result indices.
#[no_mangle]
pub extern "C" fn omnir_op_get_result_group(
    ctx: *const omnir_context,
    op: omnir_op,
    group: usize,
    out: *mut omnir_index_range,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let g = groups(ctx, op, true)?;
        let r = g.get(group).ok_or_else(|| crate::error::Error::out_of_range("result group", group, g.len()))?;
        write_out(out, *r)
    })
}
