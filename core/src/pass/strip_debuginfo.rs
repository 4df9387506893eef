//! `strip-debuginfo`: every location becomes `loc(unknown)` — of the op the pass runs on,
//! of every op nested in it, and of every block argument in their regions (MLIR's
//! `StripDebugInfo.cpp`).

use super::{Analysis, Pass};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::ir::{BlockId, OpId};
use crate::walk::WalkOrder;

pub(crate) struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn run(&self, ctx: &mut Context, op: OpId, _analysis: Option<Analysis>) -> Result<()> {
        let unknown = ctx.unknown_loc();
        for o in ctx.collect_ops(op, WalkOrder::PreOrder)? {
            ctx.set_op_location(o, unknown)?;
            for r in 0..ctx.op_num_regions(o)? {
                for block in ctx.region_blocks(ctx.op_region(o, r)?)? {
                    for i in 0..ctx.block_num_arguments(block)? {
                        set_block_argument_location(ctx, block, i, unknown)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Sets the location of block argument `index` (the IR API has no setter yet).
pub(crate) fn set_block_argument_location(
    ctx: &mut Context,
    block: BlockId,
    index: usize,
    loc: crate::attrs::Location,
) -> Result<()> {
    let n = ctx.block_data(block)?.args.len();
    if index >= n {
        return Err(Error::out_of_range("block argument", index, n));
    }
    let (i, _) = block.to_raw();
    ctx.ir.blocks.get_mut(i).args[index].loc = loc;
    Ok(())
}
