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
    let mut merged = false;
    if merge_blocks {
        merged = merge_identical_blocks(ctx, regions)?;
        merged |= drop_redundant_arguments(ctx, regions)?;
    }
    Ok(erased_blocks || erased_values || merged)
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
    ctx.op_operand_segments(op).ok()?.get(successor_operand_group(ctx, op, index)?).cloned()
}

/// The operand group `op` forwards to successor `index`, for changing it: the definition
/// file's rule (the `index`-th group named `destOperands` / `...DestOperands`), else the one
/// group whose range the branch interface names.
fn successor_operand_group(ctx: &Context, op: OpId, index: usize) -> Option<usize> {
    let def = ctx.op_def(op).ok()??;
    if let Some(imp) = def.interfaces.iter().find(|i| i.interface == BranchOpInterface::interface_id()) {
        let branch = imp.methods.downcast_ref::<BranchOpInterface>()?;
        let range = (branch.successor_operands)(ctx, op, index)?;
        let groups = ctx.op_operand_segments(op).ok()?;
        let mut matching = groups.iter().enumerate().filter(|(_, r)| **r == range).map(|(i, _)| i);
        let first = matching.next()?;
        return matching.next().is_none().then_some(first);
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
    groups.get(index).copied()
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
        // Dead blocks may branch to each other: their ops go first, terminators (and their
        // successor references) before anything else.
        for &b in &dead {
            for op in ctx.block_ops(b)?.into_iter().rev() {
                ctx.erase_op(op)?;
            }
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

/// Regions to visit, each once until it changes again (MLIR's `SmallSetVector` worklists).
fn push_region(worklist: &mut Vec<RegionId>, region: RegionId) {
    if !worklist.contains(&region) {
        worklist.push(region);
    }
}

fn nested_regions(ctx: &Context, region: RegionId) -> Result<Vec<RegionId>> {
    let mut out = Vec::new();
    for b in ctx.region_blocks(region)? {
        for op in ctx.block_ops(b)? {
            out.extend(ctx.op_regions(op)?);
        }
    }
    Ok(out)
}

/// Merges blocks that do the same thing and branch to the same successors, in `regions` and
/// the regions nested in them (MLIR's `mergeIdenticalBlocks`): operands that differ and come
/// from outside the blocks become new arguments of the surviving block.
fn merge_identical_blocks(ctx: &mut Context, regions: &[RegionId]) -> Result<bool> {
    let mut worklist: Vec<RegionId> = Vec::new();
    for &r in regions {
        push_region(&mut worklist, r);
    }
    let mut changed = false;
    while let Some(region) = worklist.pop() {
        if merge_identical_blocks_in(ctx, region)? {
            push_region(&mut worklist, region);
            changed = true;
        }
        for nested in nested_regions(ctx, region)? {
            push_region(&mut worklist, nested);
        }
    }
    Ok(changed)
}

struct Cluster {
    leader: BlockId,
    others: Vec<BlockId>,
    /// (op position in the blocks, operand index) of operands that differ.
    mismatched: Vec<(usize, usize)>,
}

fn used_outside(ctx: &Context, v: Value, block: BlockId) -> Result<bool> {
    for u in ctx.value_uses(v)? {
        // A use nested deeper still counts as outside unless its op is directly in `block`.
        if ctx.op_parent_block(u.op)? != Some(block) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The position of a value defined in `block`: its arguments first, then each op's results.
fn order_in_block(ctx: &Context, block: BlockId, v: Value) -> Result<Option<usize>> {
    let args = ctx.block_arguments(block)?;
    if let Some(i) = args.iter().position(|a| *a == v) {
        return Ok(Some(i));
    }
    let mut n = args.len();
    for op in ctx.block_ops(block)? {
        let results = ctx.op_results(op)?;
        if let Some(i) = results.iter().position(|r| *r == v) {
            return Ok(Some(n + i));
        }
        n += results.len();
    }
    Ok(None)
}

/// Whether `v`, defined outside its user's block, can be passed as a branch operand to
/// `block`: not when it is a result of the terminator of one of `block`'s predecessors.
fn valid_successor_arg(ctx: &Context, block: BlockId, v: Value) -> Result<bool> {
    let (Some(def), Some(def_block)) = (ctx.value_defining_op(v)?, ctx.value_parent_block(v)?) else {
        return Ok(true);
    };
    if ctx.block_last_op(def_block)? != Some(def) {
        return Ok(true);
    }
    for p in ctx.block_predecessors(block)? {
        if ctx.op_parent_block(p.op)? == Some(def_block) {
            return Ok(false);
        }
    }
    Ok(true)
}

fn ops_equivalent_ignoring_operands(ctx: &Context, a: OpId, b: OpId) -> Result<bool> {
    if ctx.op_name_id(a)? != ctx.op_name_id(b)?
        || ctx.op_attributes(a)? != ctx.op_attributes(b)?
        || ctx.op_properties(a)? != ctx.op_properties(b)?
        || ctx.op_num_regions(a)? != ctx.op_num_regions(b)?
        || ctx.op_num_operands(a)? != ctx.op_num_operands(b)?
        || ctx.op_result_types(a)? != ctx.op_result_types(b)?
    {
        return Ok(false);
    }
    Ok(ctx.op_successors(a)? == ctx.op_successors(b)?)
}

/// Whether `block` can join the cluster led by `leader`; the operands that differ if so.
fn cluster_mismatches(ctx: &Context, leader: BlockId, block: BlockId) -> Result<Option<Vec<(usize, usize)>>> {
    let types = |b: BlockId| -> Result<Vec<crate::types::Type>> {
        ctx.block_arguments(b)?.into_iter().map(|a| ctx.value_type(a)).collect()
    };
    if types(leader)? != types(block)? {
        return Ok(None);
    }
    let lhs_ops = ctx.block_ops(leader)?;
    let rhs_ops = ctx.block_ops(block)?;
    if lhs_ops.len() != rhs_ops.len() {
        return Ok(None);
    }
    let mut mismatched = Vec::new();
    for (i, (&l, &r)) in lhs_ops.iter().zip(&rhs_ops).enumerate() {
        if !ops_equivalent_ignoring_operands(ctx, l, r)? {
            return Ok(None);
        }
        let lo = ctx.op_operands(l)?;
        let ro = ctx.op_operands(r)?;
        for (k, (&lv, &rv)) in lo.iter().zip(&ro).enumerate() {
            if lv == rv {
                continue;
            }
            if ctx.value_type(lv)? != ctx.value_type(rv)? {
                return Ok(None);
            }
            let l_in = ctx.value_parent_block(lv)? == Some(leader);
            let r_in = ctx.value_parent_block(rv)? == Some(block);
            if l_in != r_in {
                return Ok(None);
            }
            if !l_in {
                if !valid_successor_arg(ctx, leader, lv)? || !valid_successor_arg(ctx, block, rv)? {
                    return Ok(None);
                }
                mismatched.push((i, k));
                continue;
            }
            if order_in_block(ctx, leader, lv)? != order_in_block(ctx, block, rv)? {
                return Ok(None);
            }
        }
        for v in ctx.op_results(r)? {
            if used_outside(ctx, v, block)? {
                return Ok(None);
            }
        }
        for v in ctx.op_results(l)? {
            if used_outside(ctx, v, leader)? {
                return Ok(None);
            }
        }
    }
    Ok(Some(mismatched))
}

fn merge_identical_blocks_in(ctx: &mut Context, region: RegionId) -> Result<bool> {
    let blocks = ctx.region_blocks(region)?;
    if blocks.len() <= 1 {
        return Ok(false);
    }
    let mut by_successors: Vec<(Vec<BlockId>, Vec<BlockId>)> = Vec::new();
    for &b in &blocks[1..] {
        let succs = ctx.block_successors(b)?;
        match by_successors.iter_mut().find(|(s, _)| *s == succs) {
            Some((_, list)) => list.push(b),
            None => by_successors.push((succs, vec![b])),
        }
    }
    let mut merged = false;
    for (_, group) in by_successors {
        if group.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        'blocks: for b in group {
            for op in ctx.block_ops(b)? {
                for r in ctx.op_regions(op)? {
                    if !ctx.region_blocks(r)?.is_empty() {
                        continue 'blocks;
                    }
                }
            }
            for a in ctx.block_arguments(b)? {
                if used_outside(ctx, a, b)? {
                    continue 'blocks;
                }
            }
            let mut added = false;
            for c in &mut clusters {
                if let Some(m) = cluster_mismatches(ctx, c.leader, b)? {
                    c.mismatched.extend(m);
                    c.others.push(b);
                    added = true;
                    break;
                }
            }
            if !added {
                clusters.push(Cluster { leader: b, others: Vec::new(), mismatched: Vec::new() });
            }
        }
        for c in clusters {
            merged |= merge_cluster(ctx, c)?;
        }
    }
    Ok(merged)
}

/// Whether every predecessor of `block` is a branch that may forward values of `types` as
/// well: its successor operand group's constraint takes them (LLVM's branches forward
/// LLVM-compatible types only, so an `index` the merge would thread through one makes it
/// refuse, as upstream).
fn preds_forward_types(ctx: &Context, block: BlockId, types: &[crate::types::Type]) -> Result<bool> {
    for p in ctx.block_predecessors(block)? {
        let Some(group) = successor_operand_group(ctx, p.op, p.index as usize) else { return Ok(false) };
        let Some(def) = ctx.op_def(p.op)? else { return Ok(false) };
        let Some(spec) = def.operands.get(group) else { return Ok(false) };
        if !types.iter().all(|&t| spec.constraint.check(ctx, t)) {
            return Ok(false);
        }
    }
    Ok(true)
}

fn merge_cluster(ctx: &mut Context, mut c: Cluster) -> Result<bool> {
    if c.others.is_empty() {
        return Ok(false);
    }
    c.mismatched.sort_unstable();
    c.mismatched.dedup();
    if !c.mismatched.is_empty() {
        let mut types = Vec::with_capacity(c.mismatched.len());
        for &(op_i, k) in &c.mismatched {
            let op = ctx.block_ops(c.leader)?[op_i];
            let v = ctx.op_operand(op, k)?.ok_or_else(|| crate::error::Error::invalid("a null operand"))?;
            types.push(ctx.value_type(v)?);
        }
        for &b in std::iter::once(&c.leader).chain(&c.others) {
            if !preds_forward_types(ctx, b, &types)? {
                return Ok(false);
            }
        }
        let members: Vec<BlockId> = std::iter::once(c.leader).chain(c.others.iter().copied()).collect();
        let mut new_args: Vec<Vec<Value>> = vec![Vec::new(); members.len()];
        for &(op_i, k) in &c.mismatched {
            for (m, &b) in members.iter().enumerate() {
                let op = ctx.block_ops(b)?[op_i];
                let v = ctx.op_operand(op, k)?.ok_or_else(|| crate::error::Error::invalid("a null operand"))?;
                new_args[m].push(v);
                if m == 0 {
                    let ty = ctx.value_type(v)?;
                    let loc = ctx.value_location(v)?;
                    let arg = ctx.block_add_argument(b, ty, loc)?;
                    ctx.set_operand(op, k, arg)?;
                }
            }
        }
        for (m, &b) in members.iter().enumerate() {
            for p in ctx.block_predecessors(b)? {
                let Some(group) = successor_operand_group(ctx, p.op, p.index as usize) else { continue };
                let range = ctx.op_operand_segments(p.op)?[group].clone();
                let mut values = ctx.op_operands(p.op)?[range].to_vec();
                values.extend_from_slice(&new_args[m]);
                ctx.set_operand_group(p.op, group, &values)?;
            }
        }
    }
    for b in c.others {
        for p in ctx.block_predecessors(b)? {
            ctx.set_successor(p.op, p.index as usize, c.leader)?;
        }
        ctx.erase_block(b)?;
    }
    Ok(true)
}

/// Drops block arguments that every predecessor passes the same value for (MLIR's
/// `dropRedundantArguments`), in `regions` and the regions nested in them.
fn drop_redundant_arguments(ctx: &mut Context, regions: &[RegionId]) -> Result<bool> {
    let mut worklist: Vec<RegionId> = Vec::new();
    for &r in regions {
        push_region(&mut worklist, r);
    }
    let mut changed = false;
    while let Some(region) = worklist.pop() {
        for b in ctx.region_blocks(region)? {
            changed |= drop_redundant_arguments_of(ctx, b)?;
            for op in ctx.block_ops(b)? {
                for nested in ctx.op_regions(op)? {
                    push_region(&mut worklist, nested);
                }
            }
        }
    }
    Ok(changed)
}

fn drop_redundant_arguments_of(ctx: &mut Context, block: BlockId) -> Result<bool> {
    let preds = ctx.block_predecessors(block)?;
    let args = ctx.block_arguments(block)?;
    let mut forwarded: Vec<Vec<Value>> = Vec::new();
    for p in &preds {
        match successor_operands(ctx, p.op, p.index as usize) {
            Some(range) if range.len() == args.len() => forwarded.push(ctx.op_operands(p.op)?[range].to_vec()),
            _ => return Ok(false),
        }
    }
    let mut erase = Vec::new();
    for (i, &arg) in args.iter().enumerate() {
        let Some(first) = forwarded.first().map(|f| f[i]) else { break };
        if first != arg && forwarded.iter().all(|f| f[i] == first) {
            ctx.replace_all_uses_with(arg, first)?;
            erase.push(i);
        }
    }
    for &i in erase.iter().rev() {
        ctx.block_erase_argument(block, i)?;
        for p in ctx.block_predecessors(block)? {
            let Some(range) = successor_operands(ctx, p.op, p.index as usize) else { continue };
            ctx.erase_operand(p.op, range.start + i)?;
        }
    }
    Ok(!erase.is_empty())
}
