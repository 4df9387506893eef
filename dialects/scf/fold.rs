//! The scf dialect's folds and canonicalization patterns (upstream's SCF.cpp), registered
//! in upstream's `getCanonicalizationPatterns` order.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::attrs::{Attribute, Location};
use crate::context::Context;
use crate::dialects::fold_util::register_patterns;
use crate::dialects::fold_util_memtensor::preserves_static_information;
use crate::dialects::fold_util_scfcf::{
    attr_int, const_i64, const_int, create_constant, inline_block, merge_blocks, state_with_groups, terminator,
};
use crate::error::Result;
use crate::ir::{BlockId, InsertPoint, OpId, OperationState, RegionId, Value};
use crate::pass::{Folded, RewritePattern, Rewriter};
use crate::types::{Signedness, Type, TypeKind};
use crate::walk::WalkOrder;

pub(crate) fn register(ctx: &mut Context) {
    ctx.register_fold_hook("scf.if", Arc::new(fold_if));
    let patterns = [
        RewritePattern::new("scf.if.CombineIfs", "scf.if", combine_ifs),
        RewritePattern::new("scf.if.CombineNestedIfs", "scf.if", combine_nested_ifs),
        RewritePattern::new("scf.if.ConditionPropagation", "scf.if", if_condition_propagation),
        RewritePattern::new("scf.if.ConvertTrivialIfToSelect", "scf.if", if_to_select),
        RewritePattern::new("scf.if.RemoveEmptyElseBranch", "scf.if", if_remove_empty_else),
        RewritePattern::new("scf.if.RemoveStaticCondition", "scf.if", if_static_condition),
        RewritePattern::new("scf.if.RemoveUnusedResults", "scf.if", if_unused_results),
        RewritePattern::new("scf.if.ReplaceIfYieldWithConditionOrValue", "scf.if", if_yield_condition_or_value),
        RewritePattern::new("scf.if.DeduplicateResults", "scf.if", if_duplicate_results),
        RewritePattern::new("scf.for.ForOpIterArgsFolder", "scf.for", for_iter_args),
        RewritePattern::new("scf.for.SimplifyTrivialLoops", "scf.for", for_trivial),
        RewritePattern::new("scf.for.ForOpTensorCastFolder", "scf.for", for_tensor_cast),
        RewritePattern::new("scf.for.DeduplicateIterArgs", "scf.for", for_duplicate_iter_args),
        RewritePattern::new(
            "scf.parallel.ParallelOpSingleOrZeroIterationDimsFolder",
            "scf.parallel",
            parallel_single_or_zero_iteration_dims,
        ),
        RewritePattern::new("scf.parallel.MergeNestedParallelLoops", "scf.parallel", parallel_merge_nested),
        RewritePattern::new("scf.while.RemoveLoopInvariantArgsFromBeforeBlock", "scf.while", while_invariant_args),
        RewritePattern::new("scf.while.RemoveLoopInvariantValueYielded", "scf.while", while_invariant_yielded),
        RewritePattern::new("scf.while.WhileConditionTruth", "scf.while", while_condition_truth),
        RewritePattern::new("scf.while.WhileCmpCond", "scf.while", while_cmp_cond),
        RewritePattern::new("scf.while.WhileUnusedResult", "scf.while", while_unused_result),
        RewritePattern::new("scf.while.WhileRemoveDuplicatedResults", "scf.while", while_duplicated_results),
        RewritePattern::new("scf.while.WhileRemoveUnusedArgs", "scf.while", while_unused_args),
        RewritePattern::new("scf.while.WhileOpAlignBeforeArgs", "scf.while", while_align_before_args),
        RewritePattern::new("scf.while.DeduplicateBeforeArgs", "scf.while", while_duplicate_before_args),
        RewritePattern::new("scf.execute_region.ForwardResults", "scf.execute_region", execute_forward_results),
        RewritePattern::new("scf.execute_region.DropResults", "scf.execute_region", execute_drop_results),
        RewritePattern::new("scf.execute_region.DeduplicateResults", "scf.execute_region", execute_duplicate_results),
        RewritePattern::new("scf.execute_region.SingleBlockExecuteInliner", "scf.execute_region", execute_single_block),
        RewritePattern::new("scf.execute_region.MultiBlockExecuteInliner", "scf.execute_region", execute_multi_block),
        RewritePattern::new("scf.index_switch.FoldConstantCase", "scf.index_switch", index_switch_constant),
    ];
    register_patterns(ctx, patterns);
}

/// The first block of region `index` of `op`.
fn body(ctx: &Context, op: OpId, index: usize) -> Option<BlockId> {
    ctx.region_first_block(ctx.op_region(op, index).ok()?).ok().flatten()
}

/// The operands of the terminator of `block`.
fn yielded(ctx: &Context, block: BlockId) -> Result<Vec<Value>> {
    match terminator(ctx, block) {
        Some(t) => ctx.op_operands(t),
        None => Ok(Vec::new()),
    }
}

/// The region a value is defined in.
fn value_region(ctx: &Context, v: Value) -> Option<RegionId> {
    ctx.block_parent_region(ctx.value_parent_block(v).ok()??).ok()?
}

/// Whether `region` is `inner` or holds it.
fn region_contains(ctx: &Context, region: RegionId, mut inner: RegionId) -> bool {
    loop {
        if inner == region {
            return true;
        }
        let Ok(op) = ctx.region_parent_op(inner) else { return false };
        match ctx.op_parent_region(op) {
            Ok(Some(r)) => inner = r,
            _ => return false,
        }
    }
}

fn is_one(ctx: &Context, v: Value) -> bool {
    const_int(ctx, v).is_some_and(|c| c.to_u64() == Some(1))
}

fn i1(ctx: &Context) -> Result<Type> {
    ctx.integer_type(1, Signedness::Signless)
}

/// A new block at the end of `region`.
fn new_block(rw: &mut Rewriter<'_>, region: RegionId, args: &[(Type, Location)]) -> Result<BlockId> {
    let ctx = rw.untracked();
    let block = ctx.create_block(args);
    ctx.region_append_block(region, block)?;
    rw.mark_changed();
    Ok(block)
}

/// Moves the blocks of `from` to the end of `to` (MLIR's `inlineRegionBefore` /
/// `takeBody`; the driver does not revisit what moves).
fn move_blocks(rw: &mut Rewriter<'_>, from: RegionId, to: RegionId) -> Result<()> {
    let ctx = rw.untracked();
    for b in ctx.region_blocks(from)? {
        ctx.move_block(b, to, None)?;
    }
    rw.mark_changed();
    Ok(())
}

/// An `scf.yield` of `values` at `point`.
fn create_yield(rw: &mut Rewriter<'_>, loc: Location, values: &[Value], point: InsertPoint) -> Result<OpId> {
    let saved = rw.insertion_point();
    rw.set_insertion_point(point);
    let op = rw.create_op(&OperationState::new("scf.yield", loc).operands(values));
    rw.set_insertion_point(saved);
    op
}

/// An `scf.if` with empty regions at the insertion point.
fn create_if(rw: &mut Rewriter<'_>, loc: Location, cond: Value, types: &[Type]) -> Result<OpId> {
    rw.create_op(&OperationState::new("scf.if", loc).operands(&[cond]).results(types).regions(2))
}

/// Upstream's `replaceOpWithRegion`: the region's single block's ops move before `op`, its
/// arguments become `args`, `op`'s results become what it yielded.
fn replace_op_with_region(rw: &mut Rewriter<'_>, op: OpId, block: BlockId, args: &[Value]) -> Result<()> {
    let term = terminator(rw.ctx(), block);
    let results = match term {
        Some(t) => rw.ctx().op_operands(t)?,
        None => Vec::new(),
    };
    inline_block(rw, block, InsertPoint::Before(op), args)?;
    rw.replace_op(op, &results)?;
    if let Some(t) = term {
        rw.erase_op(t)?;
    }
    Ok(())
}

// ---- values that always receive the same values ----
//
// Upstream (LLVM 24) also merges the results and region arguments of these ops that receive
// pairwise the same values from every predecessor (the inits, the yields): the later one's
// uses go to the earlier one, and the ops' own patterns then drop the unused one.

/// For each input, the first earlier input receiving the same values (`incoming[i]`).
fn duplicates(incoming: &[Vec<Value>]) -> Vec<Option<usize>> {
    (0..incoming.len()).map(|j| (0..j).find(|&i| incoming[i] == incoming[j])).collect()
}

/// Sends the uses of each used duplicate in `values` to its original; whether any moved.
fn merge_duplicates(rw: &mut Rewriter<'_>, incoming: &[Vec<Value>], values: &[&[Value]]) -> Result<bool> {
    let mut changed = false;
    for (j, dup) in duplicates(incoming).into_iter().enumerate() {
        let Some(i) = dup else { continue };
        for vs in values {
            if rw.ctx().value_has_uses(vs[j])? {
                rw.replace_all_uses_with(vs[j], vs[i])?;
                changed = true;
            }
        }
    }
    Ok(changed)
}

/// The operands of every `scf.yield` ending a block of region `index` of `op`, per yield.
fn region_yields(ctx: &Context, op: OpId, index: usize) -> Result<Vec<Vec<Value>>> {
    let mut out = Vec::new();
    for b in ctx.region_blocks(ctx.op_region(op, index)?)? {
        if let Some(t) = terminator(ctx, b) {
            if ctx.op_name(t)? == "scf.yield" {
                out.push(ctx.op_operands(t)?);
            }
        }
    }
    Ok(out)
}

/// The incoming values of each result when `yields` give them.
fn incoming_of(yields: &[Vec<Value>], n: usize) -> Option<Vec<Vec<Value>>> {
    (0..n).map(|i| yields.iter().map(|y| y.get(i).copied()).collect::<Option<Vec<Value>>>()).collect()
}

fn if_duplicate_results(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let results = ctx.op_results(op)?;
    if results.len() < 2 {
        return Ok(false);
    }
    let mut yields = region_yields(ctx, op, 0)?;
    yields.extend(region_yields(ctx, op, 1)?);
    let Some(incoming) = incoming_of(&yields, results.len()) else { return Ok(false) };
    merge_duplicates(rw, &incoming, &[&results])
}

fn execute_duplicate_results(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let results = ctx.op_results(op)?;
    if results.len() < 2 {
        return Ok(false);
    }
    let yields = region_yields(ctx, op, 0)?;
    if yields.is_empty() {
        return Ok(false);
    }
    let Some(incoming) = incoming_of(&yields, results.len()) else { return Ok(false) };
    merge_duplicates(rw, &incoming, &[&results])
}

fn for_duplicate_iter_args(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (_, _, _, inits) = for_parts(ctx, op)?;
    if inits.len() < 2 {
        return Ok(false);
    }
    let Some(block) = body(ctx, op, 0) else { return Ok(false) };
    let yields = yielded(ctx, block)?;
    let args = ctx.block_arguments(block)?;
    let results = ctx.op_results(op)?;
    if yields.len() != inits.len() || args.len() != inits.len() + 1 || results.len() != inits.len() {
        return Ok(false);
    }
    let incoming: Vec<Vec<Value>> = inits.iter().zip(&yields).map(|(&a, &b)| vec![a, b]).collect();
    merge_duplicates(rw, &incoming, &[&args[1..], &results])
}

fn while_duplicate_before_args(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let inits = ctx.op_operands(op)?;
    let yields = ctx.op_operands(w.yield_op)?;
    let args = ctx.block_arguments(w.before)?;
    if inits.len() < 2 || yields.len() != inits.len() || args.len() != inits.len() {
        return Ok(false);
    }
    let incoming: Vec<Vec<Value>> = inits.iter().zip(&yields).map(|(&a, &b)| vec![a, b]).collect();
    merge_duplicates(rw, &incoming, &[&args])
}

// ---- scf.if ----

/// `if (!c) A else B` -> `if c B else A`.
fn fold_if(ctx: &mut Context, op: OpId, _constants: &[Option<Attribute>]) -> Result<Folded> {
    let else_region = ctx.op_region(op, 1)?;
    if ctx.region_is_empty(else_region)? {
        return Ok(Folded::NotFolded);
    }
    let cond = ctx.op_operands(op)?[0];
    let Some(xor) = ctx.value_defining_op(cond)? else { return Ok(Folded::NotFolded) };
    if ctx.op_name(xor)? != "arith.xori" {
        return Ok(Folded::NotFolded);
    }
    let xor_operands = ctx.op_operands(xor)?;
    if !is_one(ctx, xor_operands[1]) {
        return Ok(Folded::NotFolded);
    }
    ctx.set_operand(op, 0, xor_operands[0])?;
    let then_region = ctx.op_region(op, 0)?;
    let then_blocks = ctx.region_blocks(then_region)?;
    let else_blocks = ctx.region_blocks(else_region)?;
    for b in else_blocks {
        ctx.move_block(b, then_region, then_blocks.first().copied())?;
    }
    for b in then_blocks {
        ctx.move_block(b, else_region, None)?;
    }
    Ok(Folded::InPlace)
}

/// The value `v` negates with `arith.xori %v_of, 1`, when `v` is such an op.
fn negated(ctx: &Context, v: Value) -> Option<Value> {
    let def = ctx.value_defining_op(v).ok()??;
    if ctx.op_name(def).ok()? != "arith.xori" {
        return None;
    }
    let operands = ctx.op_operands(def).ok()?;
    is_one(ctx, operands[1]).then_some(operands[0])
}

/// Two consecutive `scf.if`s on the same (or the negated) condition become one.
fn combine_ifs(rw: &mut Rewriter<'_>, next_if: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(prev_if) = ctx.op_prev(next_if)? else { return Ok(false) };
    if ctx.op_name(prev_if)? != "scf.if" {
        return Ok(false);
    }
    let next_cond = ctx.op_operands(next_if)?[0];
    let prev_cond = ctx.op_operands(prev_if)?[0];
    let next_then_block = body(ctx, next_if, 0);
    let next_else_block = body(ctx, next_if, 1);
    let (mut next_then, mut next_else) = (None, None);
    if next_cond == prev_cond {
        next_then = next_then_block;
        next_else = next_else_block;
    }
    if negated(ctx, next_cond) == Some(prev_cond) || negated(ctx, prev_cond) == Some(next_cond) {
        next_else = next_then_block;
        next_then = next_else_block;
    }
    if next_then.is_none() && next_else.is_none() {
        return Ok(false);
    }
    let Some(prev_then_block) = body(ctx, prev_if, 0) else { return Ok(false) };
    let prev_then_yielded = yielded(ctx, prev_then_block)?;
    let prev_else_yielded = match body(ctx, prev_if, 1) {
        Some(b) => yielded(ctx, b)?,
        None => Vec::new(),
    };
    let prev_results = ctx.op_results(prev_if)?;
    let region_of = |ctx: &Context, b: Option<BlockId>| b.and_then(|b| ctx.block_parent_region(b).ok().flatten());
    let then_region = region_of(ctx, next_then);
    let else_region = region_of(ctx, next_else);
    for ((&r, &t), &e) in prev_results.iter().zip(&prev_then_yielded).zip(&prev_else_yielded) {
        for u in rw.ctx().value_uses(r)? {
            let Some(owner_region) = rw.ctx().op_parent_region(u.op)? else { continue };
            if then_region.is_some_and(|tr| region_contains(rw.ctx(), tr, owner_region)) {
                rw.set_operand(u.op, u.index as usize, t)?;
            } else if else_region.is_some_and(|er| region_contains(rw.ctx(), er, owner_region)) {
                rw.set_operand(u.op, u.index as usize, e)?;
            }
        }
    }
    let ctx = rw.ctx();
    let mut types = ctx.op_result_types(prev_if)?;
    types.extend(ctx.op_result_types(next_if)?);
    let loc = ctx.op_location(next_if)?;
    let combined = create_if(rw, loc, prev_cond, &types)?;
    let combined_then = rw.ctx().op_region(combined, 0)?;
    let combined_else = rw.ctx().op_region(combined, 1)?;
    move_blocks(rw, rw.ctx().op_region(prev_if, 0)?, combined_then)?;
    let merge_into = |rw: &mut Rewriter<'_>, source: BlockId, region: RegionId| -> Result<()> {
        let Some(dest) = rw.ctx().region_first_block(region)? else { return Ok(()) };
        let first_yield = terminator(rw.ctx(), dest);
        let second_yield = terminator(rw.ctx(), source);
        merge_blocks(rw, source, dest, &[])?;
        let (Some(y1), Some(y2)) = (first_yield, second_yield) else { return Ok(()) };
        let mut values = rw.ctx().op_operands(y1)?;
        values.extend(rw.ctx().op_operands(y2)?);
        let yloc = rw.ctx().op_location(y2)?;
        create_yield(rw, yloc, &values, InsertPoint::BlockEnd(dest))?;
        rw.erase_op(y1)?;
        rw.erase_op(y2)?;
        Ok(())
    };
    if let Some(nt) = next_then {
        merge_into(rw, nt, combined_then)?;
    }
    move_blocks(rw, rw.ctx().op_region(prev_if, 1)?, combined_else)?;
    if let Some(ne) = next_else {
        if rw.ctx().region_is_empty(combined_else)? {
            let from = rw.ctx().block_parent_region(ne)?.ok_or_else(|| crate::error::Error::invalid("detached"))?;
            move_blocks(rw, from, combined_else)?;
        } else {
            merge_into(rw, ne, combined_else)?;
        }
    }
    let combined_results = rw.ctx().op_results(combined)?;
    let n = prev_results.len();
    rw.replace_op(prev_if, &combined_results[..n])?;
    rw.replace_op(next_if, &combined_results[n..])?;
    Ok(true)
}

/// `scf.if %a { scf.if %b { ... } }` -> `scf.if (%a and %b) { ... }`.
fn combine_nested_ifs(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(then_block) = body(ctx, op, 0) else { return Ok(false) };
    let ops = ctx.block_ops(then_block)?;
    let [nested_if, _] = ops[..] else { return Ok(false) };
    let else_block = body(ctx, op, 1);
    if let Some(b) = else_block {
        if ctx.block_num_ops(b)? != 1 {
            return Ok(false);
        }
    }
    if ctx.op_name(nested_if)? != "scf.if" {
        return Ok(false);
    }
    let nested_else = body(ctx, nested_if, 1);
    if let Some(b) = nested_else {
        if ctx.block_num_ops(b)? != 1 {
            return Ok(false);
        }
    }
    let Some(nested_then) = body(ctx, nested_if, 0) else { return Ok(false) };
    let mut then_yield = yielded(ctx, then_block)?;
    let else_yield = match else_block {
        Some(b) => yielded(ctx, b)?,
        None => Vec::new(),
    };
    let then_region = ctx.op_region(op, 0)?;
    let mut to_select = Vec::new();
    for (i, slot) in then_yield.iter_mut().enumerate() {
        let v = *slot;
        if ctx.value_defining_op(v)? == Some(nested_if) {
            let index = v.number() as usize;
            let Some(ne) = nested_else else { return Ok(false) };
            if else_yield.get(i) != yielded(ctx, ne)?.get(index) {
                return Ok(false);
            }
            *slot = yielded(ctx, nested_then)?[index];
            continue;
        }
        if value_region(ctx, v) == Some(then_region) {
            return Ok(false);
        }
        to_select.push(i);
    }
    let loc = ctx.op_location(op)?;
    let cond = ctx.op_operands(op)?[0];
    let nested_cond = ctx.op_operands(nested_if)?[0];
    let types = ctx.op_result_types(op)?;
    let ty = i1(ctx)?;
    let and = rw.create_op(&OperationState::new("arith.andi", loc).operands(&[cond, nested_cond]).results(&[ty]))?;
    let and = rw.ctx().op_result(and, 0)?;
    let new_if = create_if(rw, loc, and, &types)?;
    let new_then = new_block(rw, rw.ctx().op_region(new_if, 0)?, &[])?;
    let mut results = rw.ctx().op_results(new_if)?;
    rw.set_insertion_point(InsertPoint::Before(new_if));
    for i in to_select {
        let state = OperationState::new("arith.select", loc)
            .operands(&[cond, then_yield[i], else_yield[i]])
            .results(&[types[i]]);
        let select = rw.create_op(&state)?;
        results[i] = rw.ctx().op_result(select, 0)?;
    }
    merge_blocks(rw, nested_then, new_then, &[])?;
    if let Some(old) = terminator(rw.ctx(), new_then) {
        let yloc = rw.ctx().op_location(old)?;
        rw.replace_op_with_new(old, &OperationState::new("scf.yield", yloc).operands(&then_yield))?;
    }
    if !else_yield.is_empty() {
        let new_else = new_block(rw, rw.ctx().op_region(new_if, 1)?, &[])?;
        create_yield(rw, loc, &else_yield, InsertPoint::BlockEnd(new_else))?;
    }
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn if_condition_propagation(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let cond = ctx.op_operands(op)?[0];
    if crate::pass::constant_value(ctx, cond).is_some() {
        return Ok(false);
    }
    let then_region = ctx.op_region(op, 0)?;
    let else_region = ctx.op_region(op, 1)?;
    let loc = ctx.op_location(op)?;
    let ty = i1(ctx)?;
    let mut constants: [Option<Value>; 2] = [None, None];
    let mut changed = false;
    for u in rw.ctx().value_uses(cond)? {
        let Some(region) = rw.ctx().op_parent_region(u.op)? else { continue };
        let truth = if region_contains(rw.ctx(), then_region, region) {
            true
        } else if region_contains(rw.ctx(), else_region, region) {
            false
        } else {
            continue;
        };
        changed = true;
        let slot = &mut constants[truth as usize];
        let c = match *slot {
            Some(c) => c,
            None => {
                let value = rw.ctx().integer_attr(ty, truth as i64)?;
                let c = create_constant(rw, value, ty, loc)?;
                constants[truth as usize] = Some(c);
                c
            }
        };
        rw.set_operand(u.op, u.index as usize, c)?;
    }
    Ok(changed)
}

fn if_to_select(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let types = ctx.op_result_types(op)?;
    if types.is_empty() {
        return Ok(false);
    }
    let cond = ctx.op_operands(op)?[0];
    let then_region = ctx.op_region(op, 0)?;
    let else_region = ctx.op_region(op, 1)?;
    let (Some(then_block), Some(else_block)) = (body(ctx, op, 0), body(ctx, op, 1)) else { return Ok(false) };
    let then_values = yielded(ctx, then_block)?;
    let else_values = yielded(ctx, else_block)?;
    let inside = |v: Value, r: RegionId| value_region(ctx, v) == Some(r);
    let kept: Vec<bool> =
        then_values.iter().zip(&else_values).map(|(&t, &e)| inside(t, then_region) || inside(e, else_region)).collect();
    let kept_types: Vec<Type> = types.iter().zip(&kept).filter(|(_, &k)| k).map(|(&t, _)| t).collect();
    if kept_types.len() == types.len() {
        return Ok(false);
    }
    let loc = ctx.op_location(op)?;
    let replacement = create_if(rw, loc, cond, &kept_types)?;
    move_blocks(rw, then_region, rw.ctx().op_region(replacement, 0)?)?;
    move_blocks(rw, else_region, rw.ctx().op_region(replacement, 1)?)?;
    rw.set_insertion_point(InsertPoint::Before(replacement));
    let new_results = rw.ctx().op_results(replacement)?;
    let mut results = Vec::with_capacity(types.len());
    let (mut true_yields, mut false_yields) = (Vec::new(), Vec::new());
    for (i, (&t, &e)) in then_values.iter().zip(&else_values).enumerate() {
        if kept[i] {
            results.push(new_results[true_yields.len()]);
            true_yields.push(t);
            false_yields.push(e);
        } else if t == e {
            results.push(t);
        } else {
            let state = OperationState::new("arith.select", loc).operands(&[cond, t, e]).results(&[types[i]]);
            let select = rw.create_op(&state)?;
            results.push(rw.ctx().op_result(select, 0)?);
        }
    }
    for (block, values) in [(then_block, true_yields), (else_block, false_yields)] {
        if let Some(old) = terminator(rw.ctx(), block) {
            let yloc = rw.ctx().op_location(old)?;
            rw.replace_op_with_new(old, &OperationState::new("scf.yield", yloc).operands(&values))?;
        }
    }
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn if_remove_empty_else(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if ctx.op_num_results(op)? != 0 {
        return Ok(false);
    }
    let Some(else_block) = body(ctx, op, 1) else { return Ok(false) };
    if ctx.block_num_ops(else_block)? != 1 {
        return Ok(false);
    }
    let mut state = OperationState::new("scf.if", ctx.op_location(op)?).operands(&ctx.op_operands(op)?).regions(2);
    state.attributes = ctx.op_attributes(op)?.to_vec();
    state.properties = ctx.op_properties(op)?;
    let then_region = ctx.op_region(op, 0)?;
    let new_if = rw.create_op(&state)?;
    move_blocks(rw, then_region, rw.ctx().op_region(new_if, 0)?)?;
    rw.erase_op(op)?;
    Ok(true)
}

fn if_static_condition(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let cond = ctx.op_operands(op)?[0];
    let Some(c) = crate::pass::constant_value(ctx, cond) else { return Ok(false) };
    let Some(c) = attr_int(ctx, c) else { return Ok(false) };
    let taken = if c.is_zero() { body(ctx, op, 1) } else { body(ctx, op, 0) };
    match taken {
        Some(block) => replace_op_with_region(rw, op, block, &[])?,
        None => rw.erase_op(op)?,
    }
    Ok(true)
}

fn if_unused_results(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let results = ctx.op_results(op)?;
    let mut used = Vec::new();
    for (i, &r) in results.iter().enumerate() {
        if ctx.value_has_uses(r)? {
            used.push(i);
        }
    }
    if used.len() == results.len() {
        return Ok(false);
    }
    let types = ctx.op_result_types(op)?;
    let new_types: Vec<Type> = used.iter().map(|&i| types[i]).collect();
    let cond = ctx.op_operands(op)?[0];
    let loc = ctx.op_location(op)?;
    let new_if = create_if(rw, loc, cond, &new_types)?;
    for index in 0..2 {
        let region = rw.ctx().op_region(new_if, index)?;
        let dest = new_block(rw, region, &[])?;
        let Some(source) = body(rw.ctx(), op, index) else { continue };
        merge_blocks(rw, source, dest, &[])?;
        if let Some(y) = terminator(rw.ctx(), dest) {
            let operands = rw.ctx().op_operands(y)?;
            let kept: Vec<Value> = used.iter().map(|&i| operands[i]).collect();
            rw.modify_op(y, |ctx| ctx.set_operands(y, &kept))?;
        }
    }
    let new_results = rw.ctx().op_results(new_if)?;
    let mut replacements: Vec<Value> = results.clone();
    for (k, &i) in used.iter().enumerate() {
        replacements[i] = new_results[k];
    }
    // The unused results have no uses: replacing them with themselves changes nothing.
    rw.replace_op(op, &replacements)?;
    Ok(true)
}

fn if_yield_condition_or_value(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let results = ctx.op_results(op)?;
    if results.is_empty() {
        return Ok(false);
    }
    let (Some(then_block), Some(else_block)) = (body(ctx, op, 0), body(ctx, op, 1)) else { return Ok(false) };
    let then_values = yielded(ctx, then_block)?;
    let else_values = yielded(ctx, else_block)?;
    let cond = ctx.op_operands(op)?[0];
    let loc = ctx.op_location(op)?;
    rw.set_insertion_point(InsertPoint::Before(op));
    let mut changed = false;
    for ((&t, &f), &r) in then_values.iter().zip(&else_values).zip(&results) {
        if t == f {
            if rw.ctx().value_has_uses(r)? {
                rw.replace_all_uses_with(r, t)?;
                changed = true;
            }
            continue;
        }
        let bool_of = |v: Value| {
            let a = crate::pass::constant_value(rw.ctx(), v)?;
            let ty = rw.ctx().attr_type(a)?;
            matches!(rw.ctx().type_kind(ty), TypeKind::Integer { width: 1, .. })
                .then(|| attr_int(rw.ctx(), a))
                .flatten()
                .map(|v| !v.is_zero())
        };
        let (Some(tv), Some(fv)) = (bool_of(t), bool_of(f)) else { continue };
        if !rw.ctx().value_has_uses(r)? {
            continue;
        }
        if !tv && fv {
            let ty = i1(rw.ctx())?;
            let one = rw.ctx().integer_attr(ty, 1)?;
            let dialect =
                crate::pass::op_dialect(rw.ctx().op_name(rw.ctx().value_defining_op(t)?.unwrap_or(op))?).to_string();
            let point = rw.insertion_point();
            let Some(c) = crate::pass::materialize_constant(rw.untracked(), &dialect, one, ty, loc, point)? else {
                continue;
            };
            rw.untracked();
            let c = rw.ctx().op_result(c, 0)?;
            let state = OperationState::new("arith.xori", loc).operands(&[cond, c]).results(&[ty]);
            let not = rw.create_op(&state)?;
            let not = rw.ctx().op_result(not, 0)?;
            rw.replace_all_uses_with(r, not)?;
            changed = true;
        } else if tv && !fv {
            rw.replace_all_uses_with(r, cond)?;
            changed = true;
        }
    }
    Ok(changed)
}

// ---- scf.for ----

/// The operands of an `scf.for`: bounds, step and inits.
fn for_parts(ctx: &Context, op: OpId) -> Result<(Value, Value, Value, Vec<Value>)> {
    let operands = ctx.op_operands(op)?;
    Ok((operands[0], operands[1], operands[2], operands[3..].to_vec()))
}

/// A new `scf.for` like `op` (its attributes) with `inits`, its body holding only the
/// arguments (and an `scf.yield` when there are no inits, as upstream's builder).
fn create_for(rw: &mut Rewriter<'_>, op: OpId, inits: &[Value]) -> Result<OpId> {
    let ctx = rw.ctx();
    let (lb, ub, step, _) = for_parts(ctx, op)?;
    let loc = ctx.op_location(op)?;
    let types: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect::<Result<_>>()?;
    let mut state = OperationState::new("scf.for", loc).operands(&[lb, ub, step]).results(&types).regions(1);
    state.operands.extend_from_slice(inits);
    state.attributes = ctx.op_attributes(op)?.to_vec();
    state.properties = ctx.op_properties(op)?;
    let mut args = vec![(ctx.value_type(lb)?, loc)];
    for &v in inits {
        args.push((ctx.value_type(v)?, ctx.value_location(v)?));
    }
    let new_for = rw.create_op(&state)?;
    let region = rw.ctx().op_region(new_for, 0)?;
    let block = new_block(rw, region, &args)?;
    if inits.is_empty() {
        create_yield(rw, loc, &[], InsertPoint::BlockEnd(block))?;
    }
    Ok(new_for)
}

fn for_iter_args(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (_, _, _, inits) = for_parts(ctx, op)?;
    let Some(old_block) = body(ctx, op, 0) else { return Ok(false) };
    let args = ctx.block_arguments(old_block)?;
    let results = ctx.op_results(op)?;
    let yields = yielded(ctx, old_block)?;
    if yields.len() != inits.len() || args.len() != inits.len() + 1 || results.len() != inits.len() {
        return Ok(false);
    }
    let mut keep = Vec::with_capacity(inits.len());
    for i in 0..inits.len() {
        let arg = args[i + 1];
        let arg_unused = !ctx.value_has_uses(arg)?;
        let forwarded = arg == yields[i] || inits[i] == yields[i] || (arg_unused && !ctx.value_has_uses(results[i])?);
        keep.push(!forwarded);
    }
    if keep.iter().all(|&k| k) {
        return Ok(false);
    }
    let new_inits: Vec<Value> = inits.iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
    let new_for = create_for(rw, op, &new_inits)?;
    let ctx = rw.ctx();
    let Some(new_block) = body(ctx, new_for, 0) else { return Ok(false) };
    let new_args = ctx.block_arguments(new_block)?;
    let new_results = ctx.op_results(new_for)?;
    let mut transfer = vec![new_args[0]];
    let mut replacements = Vec::with_capacity(inits.len());
    let mut k = 0;
    for i in 0..inits.len() {
        if keep[i] {
            transfer.push(new_args[1 + k]);
            replacements.push(new_results[k]);
            k += 1;
        } else {
            transfer.push(inits[i]);
            replacements.push(inits[i]);
        }
    }
    if new_inits.is_empty() {
        let Some(new_yield) = terminator(ctx, new_block) else { return Ok(false) };
        inline_block(rw, old_block, InsertPoint::Before(new_yield), &transfer)?;
        if let Some(merged) = rw.ctx().op_prev(new_yield)? {
            rw.erase_op(merged)?;
        }
        rw.replace_op(op, &replacements)?;
        return Ok(true);
    }
    merge_blocks(rw, old_block, new_block, &transfer)?;
    if let Some(merged) = terminator(rw.ctx(), new_block) {
        let operands = rw.ctx().op_operands(merged)?;
        let filtered: Vec<Value> = operands.iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
        let yloc = rw.ctx().op_location(merged)?;
        create_yield(rw, yloc, &filtered, InsertPoint::Before(merged))?;
        rw.erase_op(merged)?;
    }
    rw.replace_op(op, &replacements)?;
    Ok(true)
}

/// The width loop bounds of type `ty` compute in.
fn bound_width(ctx: &Context, ty: Type) -> u32 {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => *width,
        _ => 64,
    }
}

/// A constant loop bound or step, read at `width` bits as signed or unsigned.
fn bound_value(ctx: &Context, v: Value, width: u32, unsigned: bool) -> Option<i128> {
    let c = const_int(ctx, v)?;
    if unsigned {
        return c.to_u64().map(i128::from);
    }
    c.to_i64(width).map(i128::from)
}

fn for_trivial(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (lb, ub, step, inits) = for_parts(ctx, op)?;
    if lb == ub {
        rw.replace_op(op, &inits)?;
        return Ok(true);
    }
    let width = bound_width(ctx, ctx.value_type(lb)?);
    let unsigned = ctx.op_inherent_or_discardable(op, "unsignedCmp")?.is_some();
    let (Some(l), Some(u)) = (bound_value(ctx, lb, width, unsigned), bound_value(ctx, ub, width, unsigned)) else {
        return Ok(false);
    };
    if u <= l {
        rw.replace_op(op, &inits)?;
        return Ok(true);
    }
    let diff = u - l;
    let Some(step) = bound_value(ctx, step, width, unsigned) else { return Ok(false) };
    let Some(block) = body(ctx, op, 0) else { return Ok(false) };
    if step >= diff {
        let mut args = vec![lb];
        args.extend_from_slice(&inits);
        replace_op_with_region(rw, op, block, &args)?;
        return Ok(true);
    }
    if ctx.block_num_ops(block)? != 1 {
        return Ok(false);
    }
    let values = yielded(ctx, block)?;
    for &v in &values {
        let Some(region) = value_region(ctx, v) else { return Ok(false) };
        let owner = ctx.region_parent_op(region)?;
        if owner == op || ctx.op_is_ancestor(op, owner)? {
            return Ok(false);
        }
    }
    rw.replace_op(op, &values)?;
    Ok(true)
}

/// A `tensor.cast` of `value` to `ty` at the insertion point.
fn create_cast(rw: &mut Rewriter<'_>, loc: Location, value: Value, ty: Type) -> Result<Value> {
    let cast = rw.create_op(&OperationState::new("tensor.cast", loc).operands(&[value]).results(&[ty]))?;
    rw.ctx().op_result(cast, 0)
}

/// An iter arg fed by a `tensor.cast` that loses static information is carried with the
/// cast's source type instead, casts moving inside the loop and after it.
fn for_tensor_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (_, _, _, inits) = for_parts(ctx, op)?;
    let results = ctx.op_results(op)?;
    let mut found = None;
    for (i, (&init, &result)) in inits.iter().zip(&results).enumerate() {
        let Some(cast) = ctx.value_defining_op(init)? else { continue };
        if ctx.op_name(cast)? != "tensor.cast" {
            continue;
        }
        let source = ctx.op_operands(cast)?[0];
        let (source_ty, dest_ty) = (ctx.value_type(source)?, ctx.value_type(init)?);
        if source_ty == dest_ty || !preserves_static_information(ctx, dest_ty, source_ty) {
            continue;
        }
        if ctx.value_num_uses(result)? != 1 {
            continue;
        }
        found = Some((i, source, source_ty, dest_ty));
        break;
    }
    let Some((index, source, new_ty, old_ty)) = found else { return Ok(false) };
    let Some(old_block) = body(ctx, op, 0) else { return Ok(false) };
    let mut new_inits = inits.clone();
    new_inits[index] = source;
    let new_for = create_for(rw, op, &new_inits)?;
    let loc = rw.ctx().op_location(new_for)?;
    let Some(new_block) = body(rw.ctx(), new_for, 0) else { return Ok(false) };
    let mut transfer = rw.ctx().block_arguments(new_block)?;
    rw.set_insertion_point(InsertPoint::BlockStart(new_block));
    transfer[index + 1] = create_cast(rw, loc, transfer[index + 1], old_ty)?;
    merge_blocks(rw, old_block, new_block, &transfer)?;
    if let Some(old_yield) = terminator(rw.ctx(), new_block) {
        let mut values = rw.ctx().op_operands(old_yield)?;
        rw.set_insertion_point(InsertPoint::Before(old_yield));
        values[index] = create_cast(rw, loc, values[index], new_ty)?;
        create_yield(rw, loc, &values, InsertPoint::Before(old_yield))?;
        rw.erase_op(old_yield)?;
    }
    rw.set_insertion_point(InsertPoint::After(new_for));
    let mut new_results = rw.ctx().op_results(new_for)?;
    new_results[index] = create_cast(rw, loc, new_results[index], old_ty)?;
    rw.replace_op(op, &new_results)?;
    Ok(true)
}

// ---- scf.parallel ----

/// Clones `op` at the insertion point with the operands (at any depth) `mapping` names
/// replaced (MLIR's `clone(op, mapping)`); its results map to the clone's.
fn clone_mapped(rw: &mut Rewriter<'_>, op: OpId, mapping: &mut FxHashMap<Value, Value>) -> Result<OpId> {
    let copy = rw.clone_op(op)?;
    let ctx = rw.untracked();
    for o in ctx.collect_ops(copy, WalkOrder::PreOrder)? {
        for (i, v) in ctx.op_operands(o)?.into_iter().enumerate() {
            if let Some(&m) = mapping.get(&v) {
                ctx.set_operand(o, i, m)?;
            }
        }
    }
    for (a, b) in ctx.op_results(op)?.into_iter().zip(ctx.op_results(copy)?) {
        mapping.insert(a, b);
    }
    Ok(copy)
}

/// A `scf.parallel`'s bounds, steps and inits.
fn parallel_parts(ctx: &Context, op: OpId) -> Result<[Vec<Value>; 4]> {
    let operands = ctx.op_operands(op)?;
    let groups = ctx.op_operand_segments(op)?;
    if groups.len() != 4 {
        return Err(crate::error::Error::invalid("scf.parallel without its four operand groups"));
    }
    Ok([0, 1, 2, 3].map(|i| operands[groups[i].clone()].to_vec()))
}

/// Upstream's `constantTripCount` of one dimension.
fn trip_count(ctx: &Context, lb: Value, ub: Value, step: Value) -> Option<i128> {
    let (l, u, s) = (const_i64(ctx, lb)? as i128, const_i64(ctx, ub)? as i128, const_i64(ctx, step)? as i128);
    if s <= 0 {
        return None;
    }
    if u <= l {
        return Some(0);
    }
    Some((u - l + s - 1) / s)
}

/// A new `scf.parallel` at the insertion point with an entry block of `ivs` index
/// arguments (and an `scf.reduce` when there are no inits, as upstream's builder).
fn create_parallel(
    rw: &mut Rewriter<'_>,
    loc: Location,
    bounds: [&[Value]; 4],
    with_terminator: bool,
) -> Result<(OpId, BlockId)> {
    let types: Vec<Type> = bounds[3].iter().map(|&v| rw.ctx().value_type(v)).collect::<Result<_>>()?;
    let mut state = state_with_groups(rw.ctx(), "scf.parallel", loc, &bounds, Vec::new(), &[], &types)?;
    state = state.regions(1);
    let op = rw.create_op(&state)?;
    let index = rw.ctx().index_type();
    let args: Vec<(Type, Location)> = bounds[2].iter().map(|_| (index, loc)).collect();
    let block = new_block(rw, rw.ctx().op_region(op, 0)?, &args)?;
    if with_terminator && bounds[3].is_empty() {
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::BlockEnd(block));
        rw.create_op(&OperationState::new("scf.reduce", loc))?;
        rw.set_insertion_point(saved);
    }
    Ok((op, block))
}

fn parallel_single_or_zero_iteration_dims(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let [lbs, ubs, steps, inits] = parallel_parts(ctx, op)?;
    let Some(old_body) = body(ctx, op, 0) else { return Ok(false) };
    let ivs = ctx.block_arguments(old_body)?;
    let mut mapping: FxHashMap<Value, Value> = FxHashMap::default();
    let (mut new_lbs, mut new_ubs, mut new_steps) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..lbs.len().min(ivs.len()) {
        match trip_count(ctx, lbs[i], ubs[i], steps[i]) {
            Some(0) => {
                rw.replace_op(op, &inits)?;
                return Ok(true);
            }
            Some(1) => {
                mapping.insert(ivs[i], lbs[i]);
                continue;
            }
            _ => {}
        }
        new_lbs.push(lbs[i]);
        new_ubs.push(ubs[i]);
        new_steps.push(steps[i]);
    }
    if new_lbs.len() == lbs.len() {
        return Ok(false);
    }
    let loc = ctx.op_location(op)?;
    let body_ops = ctx.block_ops(old_body)?;
    let Some((&reduce, ops)) = body_ops.split_last() else { return Ok(false) };
    if new_lbs.is_empty() {
        for &o in ops {
            clone_mapped(rw, o, &mut mapping)?;
        }
        let reduced = rw.ctx().op_operands(reduce)?;
        let mut results = Vec::with_capacity(inits.len());
        for (i, region) in rw.ctx().op_regions(reduce)?.into_iter().enumerate() {
            let Some(block) = rw.ctx().region_first_block(region)? else { continue };
            let args = rw.ctx().block_arguments(block)?;
            let (Some(&init), Some(&value)) = (inits.get(results.len()), reduced.get(i)) else { continue };
            let value = mapping.get(&value).copied().unwrap_or(value);
            if args.len() == 2 {
                mapping.insert(args[0], init);
                mapping.insert(args[1], value);
            }
            let block_ops = rw.ctx().block_ops(block)?;
            let Some((&ret, reduce_ops)) = block_ops.split_last() else { continue };
            for &o in reduce_ops {
                clone_mapped(rw, o, &mut mapping)?;
            }
            let r = rw.ctx().op_operands(ret)?[0];
            results.push(mapping.get(&r).copied().unwrap_or(r));
        }
        rw.replace_op(op, &results)?;
        return Ok(true);
    }
    let (new_op, new_body) = create_parallel(rw, loc, [&new_lbs, &new_ubs, &new_steps, &inits], false)?;
    let new_ivs = rw.ctx().block_arguments(new_body)?;
    let mut k = 0;
    for &iv in &ivs {
        if let std::collections::hash_map::Entry::Vacant(e) = mapping.entry(iv) {
            e.insert(new_ivs[k]);
            k += 1;
        }
    }
    rw.set_insertion_point(InsertPoint::BlockEnd(new_body));
    for &o in &body_ops {
        clone_mapped(rw, o, &mut mapping)?;
    }
    let results = rw.ctx().op_results(new_op)?;
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn parallel_merge_nested(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(outer_body) = body(ctx, op, 0) else { return Ok(false) };
    let ops = ctx.block_ops(outer_body)?;
    let [inner, _] = ops[..] else { return Ok(false) };
    if ctx.op_name(inner)? != "scf.parallel" {
        return Ok(false);
    }
    let outer_ivs = ctx.block_arguments(outer_body)?;
    let [lbs, ubs, steps, inits] = parallel_parts(ctx, op)?;
    let [ilbs, iubs, isteps, iinits] = parallel_parts(ctx, inner)?;
    if outer_ivs.iter().any(|v| ilbs.contains(v) || iubs.contains(v) || isteps.contains(v)) {
        return Ok(false);
    }
    if !inits.is_empty() || !iinits.is_empty() {
        return Ok(false);
    }
    let Some(inner_body) = body(ctx, inner, 0) else { return Ok(false) };
    let inner_ivs = ctx.block_arguments(inner_body)?;
    let inner_ops = ctx.block_ops(inner_body)?;
    let loc = ctx.op_location(op)?;
    let concat = |a: &[Value], b: &[Value]| -> Vec<Value> { a.iter().chain(b).copied().collect() };
    let (new_lbs, new_ubs, new_steps) = (concat(&lbs, &ilbs), concat(&ubs, &iubs), concat(&steps, &isteps));
    rw.set_insertion_point(InsertPoint::Before(op));
    let (new_op, new_body) = create_parallel(rw, loc, [&new_lbs, &new_ubs, &new_steps, &[]], false)?;
    let new_ivs = rw.ctx().block_arguments(new_body)?;
    let mut mapping: FxHashMap<Value, Value> = FxHashMap::default();
    for (&a, &b) in outer_ivs.iter().chain(&inner_ivs).zip(&new_ivs) {
        mapping.insert(a, b);
    }
    rw.set_insertion_point(InsertPoint::BlockEnd(new_body));
    if let Some((_, body_ops)) = inner_ops.split_last() {
        for &o in body_ops {
            clone_mapped(rw, o, &mut mapping)?;
        }
    }
    rw.create_op(&OperationState::new("scf.reduce", loc))?;
    let results = rw.ctx().op_results(new_op)?;
    rw.replace_op(op, &results)?;
    Ok(true)
}

// ---- scf.while ----

/// An `scf.while`'s blocks and terminators.
struct While {
    before: BlockId,
    after: BlockId,
    condition: OpId,
    yield_op: OpId,
}

fn while_parts(ctx: &Context, op: OpId) -> Option<While> {
    let before = body(ctx, op, 0)?;
    let after = body(ctx, op, 1)?;
    Some(While { before, after, condition: terminator(ctx, before)?, yield_op: terminator(ctx, after)? })
}

/// A new `scf.while` at the insertion point; with `blocks`, each region gets a block as
/// upstream's builder makes them (before: the inits' types, after: the result types).
fn create_while(
    rw: &mut Rewriter<'_>,
    loc: Location,
    types: &[Type],
    inits: &[Value],
    blocks: bool,
) -> Result<(OpId, Option<(BlockId, BlockId)>)> {
    let op = rw.create_op(&OperationState::new("scf.while", loc).operands(inits).results(types).regions(2))?;
    if !blocks {
        return Ok((op, None));
    }
    let mut before_args = Vec::new();
    for &v in inits {
        before_args.push((rw.ctx().value_type(v)?, rw.ctx().value_location(v)?));
    }
    let after_args: Vec<(Type, Location)> = types.iter().map(|&t| (t, loc)).collect();
    let before = new_block(rw, rw.ctx().op_region(op, 0)?, &before_args)?;
    let after = new_block(rw, rw.ctx().op_region(op, 1)?, &after_args)?;
    Ok((op, Some((before, after))))
}

/// Replaces terminator `term` (an `scf.condition` or `scf.yield`) with one of the same kind
/// and condition passing `values`.
fn replace_terminator(rw: &mut Rewriter<'_>, term: OpId, values: &[Value]) -> Result<()> {
    let ctx = rw.ctx();
    let name = ctx.op_name(term)?.to_string();
    let loc = ctx.op_location(term)?;
    let mut operands = Vec::new();
    if name == "scf.condition" {
        operands.push(ctx.op_operands(term)?[0]);
    }
    operands.extend_from_slice(values);
    let saved = rw.insertion_point();
    rw.replace_op_with_new(term, &OperationState::new(&name, loc).operands(&operands))?;
    rw.set_insertion_point(saved);
    Ok(())
}

/// The arguments `scf.condition` passes on (all operands but the condition).
fn condition_args(ctx: &Context, condition: OpId) -> Result<Vec<Value>> {
    Ok(ctx.op_operands(condition)?[1..].to_vec())
}

fn while_invariant_args(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let inits = ctx.op_operands(op)?;
    let before_args = ctx.block_arguments(w.before)?;
    let after_args = ctx.block_arguments(w.after)?;
    let cond_args = condition_args(ctx, w.condition)?;
    let yields = ctx.op_operands(w.yield_op)?;
    let invariant = |i: usize| -> bool {
        let (init, y) = (inits[i], yields[i]);
        if y == init {
            return true;
        }
        match after_args.iter().position(|&a| a == y) {
            Some(k) => cond_args.get(k).is_some_and(|&c| c == before_args[i] || c == init),
            None => false,
        }
    };
    let n = inits.len().min(yields.len());
    let invariants: Vec<bool> = (0..n).map(invariant).collect();
    if !invariants.iter().any(|&b| b) {
        return Ok(false);
    }
    let mut new_inits = Vec::new();
    let mut new_yields = Vec::new();
    let mut new_arg_locs = Vec::new();
    for i in 0..n {
        if !invariants[i] {
            new_inits.push(inits[i]);
            new_yields.push(yields[i]);
            new_arg_locs.push((ctx.value_type(yields[i])?, ctx.value_location(before_args[i])?));
        }
    }
    let loc = ctx.op_location(op)?;
    let types = ctx.op_result_types(op)?;
    replace_terminator(rw, w.yield_op, &new_yields)?;
    let (new_while, _) = create_while(rw, loc, &types, &new_inits, false)?;
    let new_before = new_block(rw, rw.ctx().op_region(new_while, 0)?, &new_arg_locs)?;
    let new_before_args = rw.ctx().block_arguments(new_before)?;
    let mut j = 0;
    let mut mapping = Vec::with_capacity(before_args.len());
    for i in 0..before_args.len() {
        if i < n && invariants[i] {
            mapping.push(inits[i]);
        } else {
            mapping.push(new_before_args[j]);
            j += 1;
        }
    }
    merge_blocks(rw, w.before, new_before, &mapping)?;
    move_blocks(rw, rw.ctx().op_region(op, 1)?, rw.ctx().op_region(new_while, 1)?)?;
    let results = rw.ctx().op_results(new_while)?;
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn while_invariant_yielded(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let cond_args = condition_args(ctx, w.condition)?;
    let outside: Vec<bool> =
        cond_args.iter().map(|&v| ctx.value_parent_block(v).ok().flatten() != Some(w.before)).collect();
    if !outside.iter().any(|&o| o) {
        return Ok(false);
    }
    let after_args = ctx.block_arguments(w.after)?;
    let mut new_args = Vec::new();
    let mut new_types = Vec::new();
    let mut new_arg_locs = Vec::new();
    for (i, &v) in cond_args.iter().enumerate() {
        if !outside[i] {
            new_args.push(v);
            new_types.push(ctx.value_type(v)?);
            new_arg_locs.push((ctx.value_type(v)?, ctx.value_location(after_args[i])?));
        }
    }
    let loc = ctx.op_location(op)?;
    let inits = ctx.op_operands(op)?;
    replace_terminator(rw, w.condition, &new_args)?;
    let (new_while, _) = create_while(rw, loc, &new_types, &inits, false)?;
    let new_after = new_block(rw, rw.ctx().op_region(new_while, 1)?, &new_arg_locs)?;
    let new_after_args = rw.ctx().block_arguments(new_after)?;
    let new_results = rw.ctx().op_results(new_while)?;
    let (mut mapping, mut results) = (Vec::new(), Vec::new());
    let mut j = 0;
    for (i, &v) in cond_args.iter().enumerate() {
        if outside[i] {
            mapping.push(v);
            results.push(v);
        } else {
            mapping.push(new_after_args[j]);
            results.push(new_results[j]);
            j += 1;
        }
    }
    merge_blocks(rw, w.after, new_after, &mapping)?;
    move_blocks(rw, rw.ctx().op_region(op, 0)?, rw.ctx().op_region(new_while, 0)?)?;
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn while_condition_truth(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let cond = ctx.op_operands(w.condition)?[0];
    let cond_args = condition_args(ctx, w.condition)?;
    let after_args = ctx.block_arguments(w.after)?;
    let loc = ctx.op_location(op)?;
    let mut constant = None;
    let mut replaced = false;
    for (&v, &arg) in cond_args.iter().zip(&after_args) {
        if v != cond || !rw.ctx().value_has_uses(arg)? {
            continue;
        }
        let c = match constant {
            Some(c) => c,
            None => {
                let ty = rw.ctx().value_type(cond)?;
                let value = rw.ctx().bool_attr(true);
                let c = create_constant(rw, value, ty, loc)?;
                constant = Some(c);
                c
            }
        };
        rw.replace_all_uses_with(arg, c)?;
        replaced = true;
    }
    Ok(replaced)
}

/// `arith.cmpi`'s predicate with the operands' truth inverted (upstream's
/// `arith::invertPredicate`): eq/ne, slt/sge, sle/sgt, ult/uge, ule/ugt.
fn invert_predicate(p: i64) -> i64 {
    match p {
        0 => 1,
        1 => 0,
        2 => 5,
        5 => 2,
        3 => 4,
        4 => 3,
        6 => 9,
        9 => 6,
        7 => 8,
        8 => 7,
        other => other,
    }
}

fn cmpi_predicate(ctx: &Context, op: OpId) -> Option<i64> {
    let a = ctx.op_inherent_or_discardable(op, "predicate").ok()??;
    attr_int(ctx, a)?.to_i64(64)
}

fn while_cmp_cond(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let cond = ctx.op_operands(w.condition)?[0];
    let Some(cmp) = ctx.value_defining_op(cond)? else { return Ok(false) };
    if ctx.op_name(cmp)? != "arith.cmpi" {
        return Ok(false);
    }
    let Some(predicate) = cmpi_predicate(ctx, cmp) else { return Ok(false) };
    let cmp_operands = ctx.op_operands(cmp)?;
    let cond_args = condition_args(ctx, w.condition)?;
    let after_args = ctx.block_arguments(w.after)?;
    let mut changed = false;
    for (&v, &arg) in cond_args.iter().zip(&after_args) {
        for index in 0..2 {
            if v != cmp_operands[index] {
                continue;
            }
            for u in rw.ctx().value_uses(arg)? {
                let ctx = rw.ctx();
                if !ctx.is_op_live(u.op) || ctx.op_name(u.op)? != "arith.cmpi" {
                    continue;
                }
                if ctx.op_operands(u.op)?[1 - index] != cmp_operands[1 - index] {
                    continue;
                }
                let Some(p2) = cmpi_predicate(ctx, u.op) else { continue };
                let same = if p2 == predicate {
                    true
                } else if p2 == invert_predicate(predicate) {
                    false
                } else {
                    continue;
                };
                let ty = i1(ctx)?;
                let mut state = OperationState::new("arith.constant", ctx.op_location(u.op)?).results(&[ty]);
                state.attributes.push(crate::attrs::NamedAttribute {
                    name: ctx.identifier("value"),
                    value: ctx.integer_attr(ty, same as i64)?,
                });
                rw.replace_op_with_new(u.op, &state)?;
                changed = true;
            }
        }
    }
    Ok(changed)
}

fn while_unused_result(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let results = ctx.op_results(op)?;
    let after_args = ctx.block_arguments(w.after)?;
    let cond_args = condition_args(ctx, w.condition)?;
    let mut kept = Vec::new();
    for i in 0..results.len().min(after_args.len()).min(cond_args.len()) {
        if ctx.value_has_uses(results[i])? || ctx.value_has_uses(after_args[i])? {
            kept.push(i);
        }
    }
    if kept.len() == results.len() {
        return Ok(false);
    }
    let new_args: Vec<Value> = kept.iter().map(|&i| cond_args[i]).collect();
    let mut new_types = Vec::new();
    let mut locs = Vec::new();
    for &i in &kept {
        let t = ctx.value_type(results[i])?;
        new_types.push(t);
        locs.push((t, ctx.value_location(results[i])?));
    }
    let loc = ctx.op_location(op)?;
    let inits = ctx.op_operands(op)?;
    replace_terminator(rw, w.condition, &new_args)?;
    let (new_while, _) = create_while(rw, loc, &new_types, &inits, false)?;
    let new_after = new_block(rw, rw.ctx().op_region(new_while, 1)?, &locs)?;
    let new_after_args = rw.ctx().block_arguments(new_after)?;
    let new_results = rw.ctx().op_results(new_while)?;
    // Dropped entries have no uses: they stand for themselves.
    let mut mapping = after_args.clone();
    let mut replacements = results.clone();
    for (k, &i) in kept.iter().enumerate() {
        mapping[i] = new_after_args[k];
        replacements[i] = new_results[k];
    }
    move_blocks(rw, rw.ctx().op_region(op, 0)?, rw.ctx().op_region(new_while, 0)?)?;
    merge_blocks(rw, w.after, new_after, &mapping)?;
    rw.replace_op(op, &replacements)?;
    Ok(true)
}

fn while_duplicated_results(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let cond_args = condition_args(ctx, w.condition)?;
    let mut unique: Vec<Value> = Vec::new();
    let mut positions = Vec::with_capacity(cond_args.len());
    for &v in &cond_args {
        match unique.iter().position(|&u| u == v) {
            Some(p) => positions.push(p),
            None => {
                positions.push(unique.len());
                unique.push(v);
            }
        }
    }
    if unique.len() == cond_args.len() {
        return Ok(false);
    }
    let types: Vec<Type> = unique.iter().map(|&v| ctx.value_type(v)).collect::<Result<_>>()?;
    let loc = ctx.op_location(op)?;
    let inits = ctx.op_operands(op)?;
    let (new_while, blocks) = create_while(rw, loc, &types, &inits, true)?;
    let Some((new_before, new_after)) = blocks else { return Ok(false) };
    let new_after_args = rw.ctx().block_arguments(new_after)?;
    let new_results = rw.ctx().op_results(new_while)?;
    let mapping: Vec<Value> = positions.iter().map(|&p| new_after_args[p]).collect();
    let results: Vec<Value> = positions.iter().map(|&p| new_results[p]).collect();
    replace_terminator(rw, w.condition, &unique)?;
    let before_args = rw.ctx().block_arguments(new_before)?;
    merge_blocks(rw, w.before, new_before, &before_args)?;
    merge_blocks(rw, w.after, new_after, &mapping)?;
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn while_unused_args(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let before_args = ctx.block_arguments(w.before)?;
    let mut unused = Vec::with_capacity(before_args.len());
    for &a in &before_args {
        unused.push(!ctx.value_has_uses(a)?);
    }
    if !unused.iter().any(|&u| u) {
        return Ok(false);
    }
    let yields = ctx.op_operands(w.yield_op)?;
    let inits = ctx.op_operands(op)?;
    let (mut new_yields, mut new_inits) = (Vec::new(), Vec::new());
    for i in 0..before_args.len().min(yields.len()).min(inits.len()) {
        if !unused[i] {
            new_yields.push(yields[i]);
            new_inits.push(inits[i]);
        }
    }
    {
        let c = rw.untracked();
        for i in (0..before_args.len()).rev() {
            if unused[i] {
                c.block_erase_argument(w.before, i)?;
            }
        }
    }
    rw.mark_changed();
    let loc = rw.ctx().op_location(op)?;
    let types = rw.ctx().op_result_types(op)?;
    let (new_while, blocks) = create_while(rw, loc, &types, &new_inits, true)?;
    let Some((new_before, new_after)) = blocks else { return Ok(false) };
    replace_terminator(rw, w.yield_op, &new_yields)?;
    let args = rw.ctx().block_arguments(new_before)?;
    merge_blocks(rw, w.before, new_before, &args)?;
    let args = rw.ctx().block_arguments(new_after)?;
    merge_blocks(rw, w.after, new_after, &args)?;
    let results = rw.ctx().op_results(new_while)?;
    rw.replace_op(op, &results)?;
    Ok(true)
}

fn while_align_before_args(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(w) = while_parts(ctx, op) else { return Ok(false) };
    let before_args = ctx.block_arguments(w.before)?;
    let cond_args = condition_args(ctx, w.condition)?;
    if before_args == cond_args || before_args.len() != cond_args.len() {
        return Ok(false);
    }
    for (i, v) in cond_args.iter().enumerate() {
        if cond_args[..i].contains(v) {
            return Ok(false);
        }
    }
    // mapping[i]: the position of condition argument i among the before arguments.
    let mut mapping = Vec::with_capacity(cond_args.len());
    for &a in &before_args {
        if !cond_args.contains(&a) {
            return Ok(false);
        }
    }
    for &v in &cond_args {
        match before_args.iter().position(|&a| a == v) {
            Some(p) => mapping.push(p),
            None => return Ok(false),
        }
    }
    let results = ctx.op_results(op)?;
    let mut types = vec![ctx.value_type(before_args[0])?; before_args.len()];
    for (i, &j) in mapping.iter().enumerate() {
        types[j] = ctx.value_type(results[i])?;
    }
    let loc = ctx.op_location(op)?;
    let inits = ctx.op_operands(op)?;
    replace_terminator(rw, w.condition, &before_args)?;
    let (new_while, blocks) = create_while(rw, loc, &types, &inits, true)?;
    let Some((new_before, new_after)) = blocks else { return Ok(false) };
    let new_after_args = rw.ctx().block_arguments(new_after)?;
    let new_results = rw.ctx().op_results(new_while)?;
    let after_mapping: Vec<Value> = mapping.iter().map(|&j| new_after_args[j]).collect();
    let replacements: Vec<Value> = mapping.iter().map(|&j| new_results[j]).collect();
    let args = rw.ctx().block_arguments(new_before)?;
    inline_block(rw, w.before, InsertPoint::BlockEnd(new_before), &args)?;
    inline_block(rw, w.after, InsertPoint::BlockEnd(new_after), &after_mapping)?;
    rw.replace_op(op, &replacements)?;
    Ok(true)
}

// ---- scf.execute_region ----

fn no_inline(ctx: &Context, op: OpId) -> bool {
    ctx.op_inherent_or_discardable(op, "no_inline").ok().flatten().is_some()
}

/// Uses of results every `scf.yield` gives the same value defined outside the op go to that
/// value. Upstream does this (LLVM 24) even for `no_inline` ops.
fn execute_forward_results(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let results = ctx.op_results(op)?;
    let region = ctx.op_region(op, 0)?;
    let yields = region_yields(ctx, op, 0)?;
    if results.is_empty() || yields.is_empty() {
        return Ok(false);
    }
    let mut changed = false;
    for (i, &r) in results.iter().enumerate() {
        let Some(v) = yields[0].get(i).copied() else { continue };
        if !yields.iter().all(|ys| ys.get(i) == Some(&v)) {
            continue;
        }
        let outside = match value_region(rw.ctx(), v) {
            Some(vr) => !region_contains(rw.ctx(), region, vr),
            None => false,
        };
        if outside && rw.ctx().value_has_uses(r)? {
            rw.replace_all_uses_with(r, v)?;
            changed = true;
        }
    }
    Ok(changed)
}

/// Results nothing uses are dropped (as upstream, also for `no_inline` ops).
fn execute_drop_results(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let results = ctx.op_results(op)?;
    if results.is_empty() {
        return Ok(false);
    }
    let region = ctx.op_region(op, 0)?;
    let mut yields = Vec::new();
    for b in ctx.region_blocks(region)? {
        if let Some(t) = terminator(ctx, b) {
            if ctx.op_name(t)? == "scf.yield" {
                yields.push(t);
            }
        }
    }
    if yields.is_empty() {
        return Ok(false);
    }
    let yielded_values: Vec<Vec<Value>> = yields.iter().map(|&y| ctx.op_operands(y)).collect::<Result<_>>()?;
    let mut keep = Vec::with_capacity(results.len());
    for &r in &results {
        keep.push(ctx.value_has_uses(r)?);
    }
    if keep.iter().all(|&k| k) {
        return Ok(false);
    }
    let types: Vec<Type> = ctx.op_result_types(op)?;
    let kept_types: Vec<Type> = types.iter().zip(&keep).filter(|(_, &k)| k).map(|(&t, _)| t).collect();
    let mut state = OperationState::new("scf.execute_region", ctx.op_location(op)?).results(&kept_types).regions(1);
    state.attributes = ctx.op_attributes(op)?.to_vec();
    state.properties = ctx.op_properties(op)?;
    let new_op = rw.create_op(&state)?;
    move_blocks(rw, region, rw.ctx().op_region(new_op, 0)?)?;
    for (y, values) in yields.iter().zip(&yielded_values) {
        let kept: Vec<Value> = values.iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
        rw.modify_op(*y, |ctx| ctx.set_operands(*y, &kept))?;
    }
    let new_results = rw.ctx().op_results(new_op)?;
    let mut replacements = Vec::with_capacity(results.len());
    let mut k = 0;
    for (i, &r) in results.iter().enumerate() {
        if keep[i] {
            replacements.push(new_results[k]);
            k += 1;
        } else {
            // Unused: it stands for itself.
            replacements.push(r);
        }
    }
    rw.replace_op(op, &replacements)?;
    Ok(true)
}

fn execute_single_block(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let blocks = ctx.region_blocks(ctx.op_region(op, 0)?)?;
    if blocks.len() != 1 || no_inline(ctx, op) {
        return Ok(false);
    }
    replace_op_with_region(rw, op, blocks[0], &[])?;
    Ok(true)
}

fn execute_multi_block(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if no_inline(ctx, op) {
        return Ok(false);
    }
    let Some(parent) = ctx.op_parent_op(op)? else { return Ok(false) };
    let parent_is_function = ctx.op_name(parent)? == "scf.execute_region"
        || ctx.op_def(parent)?.is_some_and(|d| d.trait_names.iter().any(|t| t == "FunctionOpInterface"));
    if !parent_is_function {
        return Ok(false);
    }
    let Some(prev_block) = ctx.op_parent_block(op)? else { return Ok(false) };
    let region = ctx.op_region(op, 0)?;
    let blocks = ctx.region_blocks(region)?;
    let Some(&entry) = blocks.first() else { return Ok(false) };
    let loc = ctx.op_location(op)?;
    // Split the block before `op`, moving the ops from the back as upstream's rewriter.
    let post_block = {
        let c = rw.untracked();
        let b = c.create_block(&[]);
        c.region_insert_block_after(prev_block, b)?;
        b
    };
    rw.mark_changed();
    while let Some(last) = rw.ctx().block_last_op(prev_block)? {
        rw.move_op(last, InsertPoint::BlockStart(post_block))?;
        if last == op {
            break;
        }
    }
    let br = state_with_groups(rw.ctx(), "cf.br", loc, &[&[]], Vec::new(), &[entry], &[])?;
    rw.set_insertion_point(InsertPoint::BlockEnd(prev_block));
    rw.create_op(&br)?;
    for &b in &blocks {
        let Some(t) = terminator(rw.ctx(), b) else { continue };
        if rw.ctx().op_name(t)? != "scf.yield" {
            continue;
        }
        let values = rw.ctx().op_operands(t)?;
        let yloc = rw.ctx().op_location(t)?;
        let state = state_with_groups(rw.ctx(), "cf.br", yloc, &[&values], Vec::new(), &[post_block], &[])?;
        rw.set_insertion_point(InsertPoint::Before(t));
        rw.create_op(&state)?;
        rw.erase_op(t)?;
    }
    move_region_before(rw, region, post_block)?;
    let mut args = Vec::new();
    for r in rw.ctx().op_results(op)? {
        let ty = rw.ctx().value_type(r)?;
        let rloc = rw.ctx().value_location(r)?;
        args.push(rw.untracked().block_add_argument(post_block, ty, rloc)?);
    }
    rw.replace_op(op, &args)?;
    Ok(true)
}

/// Moves the blocks of `region` before `before` (in its region).
fn move_region_before(rw: &mut Rewriter<'_>, region: RegionId, before: BlockId) -> Result<()> {
    let ctx = rw.untracked();
    let Some(to) = ctx.block_parent_region(before)? else { return Ok(()) };
    for b in ctx.region_blocks(region)? {
        ctx.move_block(b, to, Some(before))?;
    }
    rw.mark_changed();
    Ok(())
}

// ---- scf.index_switch ----

fn index_switch_constant(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let arg = ctx.op_operands(op)?[0];
    let Some(value) = const_i64(ctx, arg) else { return Ok(false) };
    let cases = ctx
        .op_inherent_or_discardable(op, "cases")?
        .map(|a| crate::dialects::index_list::i64_array(ctx, a))
        .unwrap_or_default();
    let region = match cases.iter().position(|&c| c == value) {
        Some(i) => i + 1,
        None => 0,
    };
    let Some(block) = body(ctx, op, region) else { return Ok(false) };
    let term = terminator(ctx, block);
    let results = match term {
        Some(t) => ctx.op_operands(t)?,
        None => Vec::new(),
    };
    inline_block(rw, block, InsertPoint::Before(op), &[])?;
    if let Some(t) = term {
        rw.erase_op(t)?;
    }
    rw.replace_op(op, &results)?;
    Ok(true)
}
