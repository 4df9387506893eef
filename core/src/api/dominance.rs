//! Dominance at the C edge (MLIR's `DominanceInfo`). Each call answers from the IR as it
//! is: it builds the dominator tree of just the regions the query involves (linear in their
//! size), so there is no cached analysis for a C caller to invalidate after changing IR.

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_block, omnir_op, omnir_region, omnir_value};
use super::ir::{block_opt, out_arg};
use super::{ffi_call, omnir_status, write_out, ApiResult};
use crate::dominance::DominanceInfo;

/// Runs one query on a fresh `DominanceInfo` under the context's read lock.
fn query<T>(
    ctx: *const omnir_context,
    out: *mut T,
    ask: impl FnOnce(&omnir_context, &DominanceInfo) -> ApiResult<T>,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let answer = cx.read(|c| ask(cx, &DominanceInfo::new(c)))?;
        write_out(out, answer)
    })
}

/// Whether operation `a` dominates operation `b` (`properly`: and is not `b`). In one block,
/// `a` must come first (always so in a region without SSA dominance); in different blocks of
/// one region, `a`'s block must dominate `b`'s; otherwise `b` is replaced by its ancestor in
/// `a`'s region, and an `a` that encloses `b` counts as dominating it. Detached operations
/// dominate nothing but themselves. As MLIR's `DominanceInfo::dominates` and
/// `properlyDominates`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_op_dominates(
    ctx: *const omnir_context,
    a: omnir_op,
    b: omnir_op,
    properly: bool,
    out: *mut bool,
) -> omnir_status {
    query(ctx, out, |cx, info| {
        let (a, b) = (cx.op_in(a)?, cx.op_in(b)?);
        Ok(if properly { info.properly_dominates(a, b)? } else { info.dominates(a, b)? })
    })
}

/// Whether block `a` dominates block `b` in the control-flow graph of their region
/// (`properly`: and is not `b`; in a graph region a block properly dominates itself, as in
/// MLIR). A `b` in a nested region is compared through its ancestor in `a`'s region.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_block_dominates(
    ctx: *const omnir_context,
    a: omnir_block,
    b: omnir_block,
    properly: bool,
    out: *mut bool,
) -> omnir_status {
    query(ctx, out, |cx, info| {
        let (a, b) = (cx.block_in(a)?, cx.block_in(b)?);
        Ok(if properly { info.properly_dominates_block(a, b)? } else { info.dominates_block(a, b)? })
    })
}

/// Whether `value` may be used by operation `user`: a block argument dominates the
/// operations of its block and of the blocks it dominates, nested ones included; a result
/// dominates what its defining operation properly dominates, except operations nested in
/// the defining operation itself. As MLIR's `DominanceInfo::properlyDominates(Value,
/// Operation *)`, the check the verifier makes for every operand.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_value_dominates_use(
    ctx: *const omnir_context,
    value: omnir_value,
    user: omnir_op,
    out: *mut bool,
) -> omnir_status {
    query(ctx, out, |cx, info| Ok(info.value_dominates_use(cx.value_in(value)?, cx.op_in(user)?)?))
}

/// The immediate dominator of `block` in its region's control-flow graph; the zeroed block
/// for an entry block, an unreachable block or a block outside any region.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_block_get_immediate_dominator(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_block,
) -> omnir_status {
    query(ctx, out, |cx, info| Ok(block_opt(cx, info.immediate_dominator(cx.block_in(block)?)?)))
}

/// Whether `block` can be reached from the entry block of its region (a block outside any
/// region counts as its own entry).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_block_is_reachable(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut bool,
) -> omnir_status {
    query(ctx, out, |cx, info| Ok(info.is_reachable(cx.block_in(block)?)?))
}

/// Whether operation `a` comes before operation `b` in their block (MLIR's
/// `Operation::isBeforeInBlock`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, and `OMNIR_ERROR_INVALID_ARGUMENT` when the two are not in
/// one block.
#[no_mangle]
pub extern "C" fn omnir_op_is_before_in_block(
    ctx: *const omnir_context,
    a: omnir_op,
    b: omnir_op,
    out: *mut bool,
) -> omnir_status {
    query(ctx, out, |cx, info| Ok(info.is_before_in_block(cx.op_in(a)?, cx.op_in(b)?)?))
}

/// Whether the operations of `region` must follow SSA dominance: false for a single-block
/// graph region (of an operation with the graph-region trait, or of an unregistered
/// operation), true otherwise (MLIR's `DominanceInfo::hasSSADominance`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_STALE_HANDLE`,
/// `OMNIR_ERROR_WRONG_CONTEXT`.
#[no_mangle]
pub extern "C" fn omnir_region_has_ssa_dominance(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut bool,
) -> omnir_status {
    query(ctx, out, |cx, info| Ok(info.has_ssa_dominance(cx.region_in(region)?)?))
}
