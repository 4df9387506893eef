//! Region simplification after each canonicalizer sweep, as MLIR's `simplifyRegions`:
//! unreachable blocks are erased, then a liveness analysis over the regions erases values
//! nothing live uses — ops free of effects whose results are dead (also in use cycles) and
//! block arguments whose incoming branch operands are dead ("region DCE").
//!
//! What a branch forwards to a successor comes from the op's `BranchOpInterface`; ops of
//! definition files that list `BranchOpInterface` among their traits forward, to successor
//! `i`, their `i`-th operand group named `destOperands` or `...DestOperands` (cf.br,
//! cf.cond_br, llvm.br, llvm.invoke...). Branches whose operands cannot be mapped keep every
//! argument of their successors alive.

use std::ops::Range;

use rustc_hash::FxHashSet;

use crate::context::Context;
use crate::dialect::Traits;
use crate::error::Result;
use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::verify::BranchOpInterface;

/// Simplifies `regions` and everything nested in them; whether anything changed.
pub(crate) fn simplify_regions(ctx: &mut Context, regions: &[RegionId], merge_blocks: bool) -> Result<bool> {
    let erased_blocks = erase_unreachable_blocks(ctx, regions)?;
    let erased_values = run_region_dce(ctx, regions)?;
    let _ = merge_blocks;
    Ok(erased_blocks || erased_values)
}

fn is_terminator(ctx: &Context, op: OpId) -> bool {
    match ctx.op_def(op).ok().flatten() {
        Some(def) => def.traits.contains(Traits::IS_TERMINATOR),
        // An unregistered op might be one (MLIR's `mightHaveTrait`); only the last op of a
        // block can be, so callers ask about that one.
        None => false,
    }
}

/// The operand range `op` forwards to successor `index`, if known.
pub fn successor_operands(ctx: &Context, op: OpId, index: usize) -> Option<Range<usize>> {
    let def = ctx.op_def(op).ok()??;
    if let Some(imp) = def.interfaces.iter().find(|i| i.interface == BranchOpInterface::interface_id()) {
        let branch = imp.methods.downcast_ref::<BranchOpInterface>()?;
        return (branch.successor_operands)(ctx, op, index);
    }
    if !def.trait_names.iter().any(|t| t == "BranchOpInterface") {
        return None;
    }
    let groups: Vec<usize> = def
        .operands
        .iter()
        .enumerate()
        .filter(|(_, spec)| spec.name == "destOperands" || spec.name.ends_with("DestOperands"))
        .map(|(i, _)| i)
        .collect();
    if groups.len() != ctx.op_successors(op).ok()?.len() {
        return None;
    }
    ctx.op_operand_segments(op).ok()?.get(*groups.get(index)?).cloned()
}

/// Erases the blocks no path from their region's entry reaches, in `regions` and in every
/// region nested in what remains (MLIR's `eraseUnreachableBlocks`).
pub(crate) fn erase_unreachable_blocks(ctx: &mut Context, regions: &[RegionId]) -> Result<bool> {
    let mut changed = false;
    let mut worklist: Vec<RegionId> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let blocks = ctx.region_blocks(region)?;
        if blocks.is_empty() {
            continue;
        }
        let mut reachable: FxHashSet<BlockId> = FxHashSet::default();
        if blocks.len() == 1 {
            reachable.insert(blocks[0]);
        } else {
            let mut stack = vec![blocks[0]];
            while let Some(b) = stack.pop() {
                if !reachable.insert(b) {
                    continue;
                }
                if let Some(last) = ctx.block_last_op(b)? {
                    stack.extend(ctx.op_successors(last)?);
                }
            }
        }
        for &b in &blocks {
            if reachable.contains(&b) {
                for op in ctx.block_ops(b)? {
                    worklist.extend(ctx.op_regions(op)?);
                }
            }
        }
        let dead: Vec<BlockId> = blocks.into_iter().filter(|b| !reachable.contains(b)).collect();
        if dead.is_empty() {
            continue;
        }
        // Values of unreachable blocks may be used by other unreachable blocks (or, when the
        // IR is invalid, by no one else): drop every use before erasing any.
        for &b in &dead {
            drop_defined_value_uses(ctx, b)?;
        }
        for b in dead {
            ctx.erase_block(b)?;
        }
        changed = true;
    }
    Ok(changed)
}

fn drop_defined_value_uses(ctx: &mut Context, block: BlockId) -> Result<()> {
    for arg in ctx.block_arguments(block)? {
        ctx.drop_all_uses(arg)?;
    }
    for op in ctx.block_ops(block)? {
        let mut nested = Vec::new();
        ctx.walk(op, crate::walk::WalkOrder::PostOrder, |o| {
            nested.push(o);
            crate::walk::WalkResult::Advance
        })?;
        for o in nested {
            for r in ctx.op_results(o)? {
                ctx.drop_all_uses(r)?;
            }
            for r in ctx.op_regions(o)? {
                for b in ctx.region_blocks(r)? {
                    for arg in ctx.block_arguments(b)? {
                        ctx.drop_all_uses(arg)?;
                    }
                }
            }
        }
    }
    Ok(())
}

#[derive(Default)]
struct LiveMap {
    ops: FxHashSet<OpId>,
    args: FxHashSet<Value>,
    changed: bool,
}

impl LiveMap {
    fn set_value_live(&mut self, ctx: &Context, v: Value) {
        match ctx.value_defining_op(v).ok().flatten() {
            Some(op) => self.changed |= self.ops.insert(op),
            None => self.changed |= self.args.insert(v),
        }
    }

    fn set_op_live(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }
}

/// Blocks of `region` reachable from its entry, in post-order of the successor graph.
fn post_order(ctx: &Context, region: RegionId) -> Result<Vec<BlockId>> {
    let blocks = ctx.region_blocks(region)?;
    let Some(&entry) = blocks.first() else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    seen.insert(entry);
    let succs = |b: BlockId| -> Result<Vec<BlockId>> {
        Ok(match ctx.block_last_op(b)? {
            Some(last) => ctx.op_successors(last)?,
            None => Vec::new(),
        })
    };
    let mut stack: Vec<(BlockId, Vec<BlockId>, usize)> = vec![(entry, succs(entry)?, 0)];
    while let Some(top) = stack.last_mut() {
        if top.2 < top.1.len() {
            let next = top.1[top.2];
            top.2 += 1;
            if seen.insert(next) {
                let s = succs(next)?;
                stack.push((next, s, 0));
            }
        } else {
            out.push(top.0);
            stack.pop();
        }
    }
    Ok(out)
}

/// Whether `use_op`'s use of operand `index` only feeds a block argument that is not live.
fn use_known_dead(ctx: &Context, live: &LiveMap, use_op: OpId, index: usize) -> bool {
    if !is_terminator(ctx, use_op) {
        return false;
    }
    let Ok(succs) = ctx.op_successors(use_op) else { return false };
    for (i, &succ) in succs.iter().enumerate() {
        let Some(range) = successor_operands(ctx, use_op, i) else { continue };
        if range.contains(&index) {
            let Ok(args) = ctx.block_arguments(succ) else { return false };
            return args.get(index - range.start).is_some_and(|a| !live.args.contains(a));
        }
    }
    false
}

fn process_value(ctx: &Context, live: &mut LiveMap, v: Value) -> Result<()> {
    let proved = ctx
        .value_uses(v)?
        .into_iter()
        .any(|u| !use_known_dead(ctx, live, u.op, u.index as usize) && live.ops.contains(&u.op));
    if proved {
        live.set_value_live(ctx, v);
    }
    Ok(())
}

fn propagate_op(ctx: &Context, live: &mut LiveMap, op: OpId) -> Result<()> {
    for r in ctx.op_regions(op)? {
        propagate_region(ctx, live, r)?;
    }
    if is_terminator(ctx, op) {
        live.set_op_live(op);
        let succs = ctx.op_successors(op)?;
        for (i, succ) in succs.into_iter().enumerate() {
            let args = ctx.block_arguments(succ)?;
            match successor_operands(ctx, op, i) {
                // Arguments the branch does not forward (MLIR's produced operands) are live.
                Some(range) => {
                    for a in args.into_iter().skip(range.len()) {
                        live.set_value_live(ctx, a);
                    }
                }
                None => {
                    for a in args {
                        live.set_value_live(ctx, a);
                    }
                }
            }
        }
        return Ok(());
    }
    if live.ops.contains(&op) {
        return Ok(());
    }
    if !super::effects::would_op_be_trivially_dead(ctx, op) {
        live.set_op_live(op);
        return Ok(());
    }
    for r in ctx.op_results(op)? {
        process_value(ctx, live, r)?;
    }
    Ok(())
}

fn propagate_region(ctx: &Context, live: &mut LiveMap, region: RegionId) -> Result<()> {
    let blocks = post_order(ctx, region)?;
    let entry = ctx.region_blocks(region)?.first().copied();
    for b in blocks {
        let ops = ctx.block_ops(b)?;
        for &op in ops.iter().rev() {
            propagate_op(ctx, live, op)?;
        }
        if Some(b) == entry {
            continue;
        }
        for a in ctx.block_arguments(b)? {
            if !live.args.contains(&a) {
                process_value(ctx, live, a)?;
            }
        }
    }
    Ok(())
}

/// MLIR's `runRegionDCE`: liveness to a fixpoint, then everything not live is erased.
fn run_region_dce(ctx: &mut Context, regions: &[RegionId]) -> Result<bool> {
    let mut live = LiveMap::default();
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(ctx, &mut live, r)?;
        }
        if !live.changed {
            break;
        }
    }
    delete_deadness(ctx, regions, &live)
}

fn erase_dead_successor_operands(ctx: &mut Context, terminator: OpId, live: &LiveMap) -> Result<()> {
    let succs = ctx.op_successors(terminator)?;
    for (i, succ) in succs.into_iter().enumerate().rev() {
        let Some(range) = successor_operands(ctx, terminator, i) else { continue };
        let args = ctx.block_arguments(succ)?;
        for k in (0..range.len()).rev() {
            if args.get(k).is_some_and(|a| !live.args.contains(a)) {
                ctx.erase_operand(terminator, range.start + k)?;
            }
        }
    }
    Ok(())
}

fn delete_deadness(ctx: &mut Context, regions: &[RegionId], live: &LiveMap) -> Result<bool> {
    let mut erased = false;
    for &region in regions {
        let blocks = ctx.region_blocks(region)?;
        if blocks.is_empty() {
            continue;
        }
        let single = blocks.len() == 1;
        for b in post_order(ctx, region)? {
            if !single {
                if let Some(last) = ctx.block_last_op(b)? {
                    if is_terminator(ctx, last) {
                        erase_dead_successor_operands(ctx, last, live)?;
                    }
                }
            }
            let ops = ctx.block_ops(b)?;
            for op in ops.into_iter().rev() {
                if !ctx.is_op_live(op) {
                    continue;
                }
                if !live.ops.contains(&op) {
                    erased = true;
                    for r in ctx.op_results(op)? {
                        ctx.drop_all_uses(r)?;
                    }
                    ctx.erase_op(op)?;
                } else {
                    let nested = ctx.op_regions(op)?;
                    erased |= delete_deadness(ctx, &nested, live)?;
                }
            }
        }
        for b in ctx.region_blocks(region)?.into_iter().skip(1) {
            let args = ctx.block_arguments(b)?;
            for (i, a) in args.iter().enumerate().rev() {
                if !live.args.contains(a) {
                    ctx.drop_all_uses(*a)?;
                    ctx.block_erase_argument(b, i)?;
                }
            }
        }
    }
    Ok(erased)
}
