//! The cf dialect's canonicalization patterns (upstream's ControlFlowOps.cpp), registered
//! in upstream's `getCanonicalizationPatterns` order.

use crate::attrs::NamedAttribute;
use crate::context::Context;
use crate::dialects::fold_util::register_patterns;
use crate::dialects::fold_util_scfcf::{
    const_int, dense_i32_array, merge_blocks, single_predecessor, state_with_groups, terminator, unique_predecessor,
};
use crate::error::Result;
use crate::ir::{BlockId, OpId, Value};
use crate::pass::{RewritePattern, Rewriter};

pub(crate) fn register(ctx: &mut Context) {
    let patterns = [
        RewritePattern::new("cf.assert.canonicalize", "cf.assert", erase_true_assert),
        RewritePattern::new("cf.br.canonicalize", "cf.br", |rw, op| {
            Ok(br_to_single_pred_block(rw, op)? || pass_through_br(rw, op)?)
        }),
        RewritePattern::new("SimplifyConstCondBranchPred", "cf.cond_br", const_cond_br),
        RewritePattern::new("SimplifyPassThroughCondBranch", "cf.cond_br", pass_through_cond_br),
        RewritePattern::new("SimplifyCondBranchIdenticalSuccessors", "cf.cond_br", cond_br_identical_successors),
        RewritePattern::new(
            "SimplifyCondBranchFromCondBranchOnSameCondition",
            "cf.cond_br",
            cond_br_from_cond_br_on_same_condition,
        ),
        RewritePattern::new("CondBranchTruthPropagation", "cf.cond_br", cond_br_truth_propagation),
        RewritePattern::new("simplifySwitchWithOnlyDefault", "cf.switch", switch_with_only_default),
        RewritePattern::new("dropSwitchCasesThatMatchDefault", "cf.switch", drop_switch_cases_matching_default),
        RewritePattern::new("simplifyConstSwitchValue", "cf.switch", const_switch_value),
        RewritePattern::new("simplifyPassThroughSwitch", "cf.switch", pass_through_switch),
        RewritePattern::new(
            "simplifySwitchFromSwitchOnSameCondition",
            "cf.switch",
            switch_from_switch_on_same_condition,
        ),
        RewritePattern::new(
            "simplifySwitchFromDefaultSwitchOnSameCondition",
            "cf.switch",
            switch_from_default_switch_on_same_condition,
        ),
    ];
    register_patterns(ctx, patterns);
}

/// A successor with its operands.
type Edge = (BlockId, Vec<Value>);

fn erase_true_assert(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let cond = rw.ctx().op_operands(op)?[0];
    if const_int(rw.ctx(), cond).is_some_and(|v| v.to_u64() == Some(1)) {
        rw.erase_op(op)?;
        return Ok(true);
    }
    Ok(false)
}

/// The operands of each operand group of `op`.
fn groups(ctx: &Context, op: OpId) -> Result<Vec<Vec<Value>>> {
    let operands = ctx.op_operands(op)?;
    Ok(ctx.op_operand_segments(op)?.into_iter().map(|r| operands[r].to_vec()).collect())
}

fn replace_with_br(rw: &mut Rewriter<'_>, op: OpId, (dest, operands): &Edge) -> Result<()> {
    let loc = rw.ctx().op_location(op)?;
    let state = state_with_groups(rw.ctx(), "cf.br", loc, &[operands], Vec::new(), &[*dest], &[])?;
    rw.replace_op_with_new(op, &state)?;
    Ok(())
}

/// A `cf.cond_br` replacing `op`, with `op`'s branch weights.
fn replace_with_cond_br(rw: &mut Rewriter<'_>, op: OpId, cond: Value, t: &Edge, f: &Edge) -> Result<()> {
    let ctx = rw.ctx();
    let loc = ctx.op_location(op)?;
    let weights = ctx.op_inherent_or_discardable(op, "branch_weights")?;
    let props: Vec<NamedAttribute> =
        weights.map(|value| NamedAttribute { name: ctx.identifier("branch_weights"), value }).into_iter().collect();
    let state = state_with_groups(ctx, "cf.cond_br", loc, &[&[cond], &t.1, &f.1], props, &[t.0, f.0], &[])?;
    rw.replace_op_with_new(op, &state)?;
    Ok(())
}

/// Upstream's `collapseBranch`: when `edge` leads to a block holding only an unconditional
/// branch whose arguments are only used by it, the edge that branch takes instead.
fn collapse_branch(ctx: &Context, edge: &Edge) -> Option<Edge> {
    let (block, operands) = edge;
    let ops = ctx.block_ops(*block).ok()?;
    let [br] = ops[..] else { return None };
    if ctx.op_name(br).ok()? != "cf.br" {
        return None;
    }
    let args = ctx.block_arguments(*block).ok()?;
    for &a in &args {
        if ctx.value_uses(a).ok()?.iter().any(|u| u.op != br) {
            return None;
        }
    }
    let dest = ctx.op_successor(br, 0).ok()?;
    if dest == *block {
        return None;
    }
    // A chain of unconditional branches that ends in a cycle would be collapsed forever.
    let mut visited = vec![*block, dest];
    let mut next = terminator(ctx, dest).filter(|&t| ctx.op_name(t).is_ok_and(|n| n == "cf.br"));
    while let Some(br) = next {
        let to = ctx.op_successor(br, 0).ok()?;
        if visited.contains(&to) {
            return None;
        }
        visited.push(to);
        next = terminator(ctx, to).filter(|&t| ctx.op_name(t).is_ok_and(|n| n == "cf.br"));
    }
    let forwarded = ctx.op_operands(br).ok()?;
    let mapped = forwarded
        .into_iter()
        .map(|v| match args.iter().position(|&a| a == v) {
            Some(i) => operands.get(i).copied().unwrap_or(v),
            None => v,
        })
        .collect();
    Some((dest, mapped))
}

fn br_to_single_pred_block(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let succ = ctx.op_successor(op, 0)?;
    let parent = ctx.op_parent_block(op)?;
    if parent == Some(succ) || ctx.block_predecessors(succ)?.len() != 1 {
        return Ok(false);
    }
    let Some(parent) = parent else { return Ok(false) };
    let operands = ctx.op_operands(op)?;
    rw.erase_op(op)?;
    merge_blocks(rw, succ, parent, &operands)?;
    Ok(true)
}

fn pass_through_br(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let edge = (ctx.op_successor(op, 0)?, ctx.op_operands(op)?);
    if ctx.op_parent_block(op)? == Some(edge.0) {
        return Ok(false);
    }
    let Some(collapsed) = collapse_branch(ctx, &edge) else { return Ok(false) };
    replace_with_br(rw, op, &collapsed)?;
    Ok(true)
}

/// A `cf.cond_br`'s condition and edges.
fn cond_br_parts(ctx: &Context, op: OpId) -> Result<(Value, Edge, Edge)> {
    let mut g = groups(ctx, op)?;
    let f = g.pop().unwrap_or_default();
    let t = g.pop().unwrap_or_default();
    let cond = ctx.op_operands(op)?[0];
    Ok((cond, (ctx.op_successor(op, 0)?, t), (ctx.op_successor(op, 1)?, f)))
}

fn const_cond_br(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let (cond, t, f) = cond_br_parts(rw.ctx(), op)?;
    let Some(c) = const_int(rw.ctx(), cond) else { return Ok(false) };
    replace_with_br(rw, op, if c.is_zero() { &f } else { &t })?;
    Ok(true)
}

fn pass_through_cond_br(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let (cond, t, f) = cond_br_parts(rw.ctx(), op)?;
    let ct = collapse_branch(rw.ctx(), &t);
    let cf = collapse_branch(rw.ctx(), &f);
    if ct.is_none() && cf.is_none() {
        return Ok(false);
    }
    replace_with_cond_br(rw, op, cond, &ct.unwrap_or(t), &cf.unwrap_or(f))?;
    Ok(true)
}

fn cond_br_identical_successors(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let (cond, t, f) = cond_br_parts(rw.ctx(), op)?;
    if t.0 != f.0 {
        return Ok(false);
    }
    if t.1 == f.1 {
        replace_with_br(rw, op, &t)?;
        return Ok(true);
    }
    if unique_predecessor(rw.ctx(), t.0) != rw.ctx().op_parent_block(op)? {
        return Ok(false);
    }
    let loc = rw.ctx().op_location(op)?;
    let mut merged = Vec::with_capacity(t.1.len());
    for (&a, &b) in t.1.iter().zip(&f.1) {
        if a == b {
            merged.push(a);
            continue;
        }
        let ty = rw.ctx().value_type(a)?;
        let state = crate::ir::OperationState::new("arith.select", loc).operands(&[cond, a, b]).results(&[ty]);
        let select = rw.create_op(&state)?;
        merged.push(rw.ctx().op_result(select, 0)?);
    }
    replace_with_br(rw, op, &(t.0, merged))?;
    Ok(true)
}

fn cond_br_from_cond_br_on_same_condition(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(current) = ctx.op_parent_block(op)? else { return Ok(false) };
    let Some(pred) = single_predecessor(ctx, current) else { return Ok(false) };
    let Some(pred_br) = terminator(ctx, pred) else { return Ok(false) };
    if ctx.op_name(pred_br)? != "cf.cond_br" {
        return Ok(false);
    }
    let (cond, t, f) = cond_br_parts(ctx, op)?;
    if ctx.op_operands(pred_br)?[0] != cond {
        return Ok(false);
    }
    let taken = if ctx.op_successor(pred_br, 0)? == current { t } else { f };
    replace_with_br(rw, op, &taken)?;
    Ok(true)
}

fn cond_br_truth_propagation(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let (cond, t, f) = cond_br_parts(rw.ctx(), op)?;
    let loc = rw.ctx().op_location(op)?;
    let i1 = rw.ctx().integer_type(1, crate::types::Signedness::Signless)?;
    let mut replaced = false;
    for (dest, truth) in [(t.0, true), (f.0, false)] {
        if single_predecessor(rw.ctx(), dest).is_none() {
            continue;
        }
        let mut constant = None;
        for u in rw.ctx().value_uses(cond)? {
            if rw.ctx().op_parent_block(u.op)? != Some(dest) {
                continue;
            }
            replaced = true;
            let c = match constant {
                Some(c) => c,
                None => {
                    let value = rw.ctx().bool_attr(truth);
                    let c = crate::dialects::fold_util_scfcf::create_constant(rw, value, i1, loc)?;
                    constant = Some(c);
                    c
                }
            };
            rw.set_operand(u.op, u.index as usize, c)?;
        }
    }
    Ok(replaced)
}

/// A `cf.switch`'s parts: flag, default edge, case values and case edges.
struct Switch {
    flag: Value,
    default: Edge,
    values: Vec<i64>,
    cases: Vec<Edge>,
}

fn switch_parts(ctx: &Context, op: OpId) -> Result<Switch> {
    let g = groups(ctx, op)?;
    let flag = g[0][0];
    let values =
        ctx.op_inherent_or_discardable(op, "case_values")?.and_then(|a| ctx.dense_int_values(a)).unwrap_or_default();
    let segments = ctx
        .op_inherent_or_discardable(op, "case_operand_segments")?
        .and_then(|a| ctx.dense_int_values(a))
        .unwrap_or_default();
    let successors = ctx.op_successors(op)?;
    let mut cases = Vec::new();
    let mut at = 0usize;
    for (i, &dest) in successors.iter().enumerate().skip(1) {
        let n = segments.get(i - 1).copied().unwrap_or(0).max(0) as usize;
        cases.push((dest, g[2][at..at + n].to_vec()));
        at += n;
    }
    Ok(Switch { flag, default: (successors[0], g[1].clone()), values, cases })
}

fn replace_with_switch(
    rw: &mut Rewriter<'_>,
    op: OpId,
    flag: Value,
    default: &Edge,
    cases: &[(i64, Edge)],
) -> Result<()> {
    let ctx = rw.ctx();
    let loc = ctx.op_location(op)?;
    let case_operands: Vec<Value> = cases.iter().flat_map(|(_, e)| e.1.iter().copied()).collect();
    let segments: Vec<i32> = cases.iter().map(|(_, e)| e.1.len() as i32).collect();
    let mut props =
        vec![NamedAttribute { name: ctx.identifier("case_operand_segments"), value: dense_i32_array(ctx, &segments)? }];
    if !cases.is_empty() {
        let flag_ty = ctx.value_type(flag)?;
        let ty = ctx.vector_type(&[cases.len() as i64], &[], flag_ty)?;
        let values: Vec<i64> = cases.iter().map(|(v, _)| *v).collect();
        props.push(NamedAttribute {
            name: ctx.identifier("case_values"),
            value: ctx.dense_int_elements_attr(ty, &values)?,
        });
    }
    let mut successors = vec![default.0];
    successors.extend(cases.iter().map(|(_, e)| e.0));
    let state =
        state_with_groups(ctx, "cf.switch", loc, &[&[flag], &default.1, &case_operands], props, &successors, &[])?;
    rw.replace_op_with_new(op, &state)?;
    Ok(())
}

fn switch_with_only_default(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let s = switch_parts(rw.ctx(), op)?;
    if !s.cases.is_empty() {
        return Ok(false);
    }
    replace_with_br(rw, op, &s.default)?;
    Ok(true)
}

fn drop_switch_cases_matching_default(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let s = switch_parts(rw.ctx(), op)?;
    let kept: Vec<(i64, Edge)> =
        s.values.iter().copied().zip(s.cases.iter().cloned()).filter(|(_, e)| *e != s.default).collect();
    if kept.len() == s.cases.len() {
        return Ok(false);
    }
    replace_with_switch(rw, op, s.flag, &s.default, &kept)?;
    Ok(true)
}

/// Whether case value `case` (as `dense_int_values` reads it) is `value` at the flag's width.
fn same_case(ctx: &Context, flag: Value, case: i64, value: i64) -> bool {
    let width = match ctx.value_type(flag).map(|t| ctx.type_kind(t).clone()) {
        Ok(crate::types::TypeKind::Integer { width, .. }) => width,
        _ => 64,
    };
    crate::attrs::ApInt::from_i64(case, width) == crate::attrs::ApInt::from_i64(value, width)
}

/// Upstream's `foldSwitch`: a branch to the case of `value`, else to the default.
fn fold_switch(rw: &mut Rewriter<'_>, op: OpId, s: &Switch, value: i64) -> Result<()> {
    let ctx = rw.ctx();
    let edge = match s.values.iter().position(|&v| same_case(ctx, s.flag, v, value)) {
        Some(i) => s.cases[i].clone(),
        None => s.default.clone(),
    };
    replace_with_br(rw, op, &edge)
}

fn const_switch_value(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let s = switch_parts(rw.ctx(), op)?;
    let Some(c) = const_int(rw.ctx(), s.flag) else { return Ok(false) };
    let value = c.to_i64(64).or_else(|| c.to_u64().map(|u| u as i64)).unwrap_or(0);
    fold_switch(rw, op, &s, value)?;
    Ok(true)
}

fn pass_through_switch(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let s = switch_parts(rw.ctx(), op)?;
    let mut changed = false;
    let mut cases = Vec::new();
    for (&v, e) in s.values.iter().zip(&s.cases) {
        match collapse_branch(rw.ctx(), e) {
            Some(c) => {
                changed = true;
                cases.push((v, c));
            }
            None => cases.push((v, e.clone())),
        }
    }
    let default = match collapse_branch(rw.ctx(), &s.default) {
        Some(c) => {
            changed = true;
            c
        }
        None => s.default.clone(),
    };
    if !changed {
        return Ok(false);
    }
    replace_with_switch(rw, op, s.flag, &default, &cases)?;
    Ok(true)
}

/// The switch ending the single predecessor of `op`'s block, when it switches on the same
/// flag.
fn pred_switch_on_same_flag(ctx: &Context, op: OpId, flag: Value) -> Result<Option<(BlockId, Switch)>> {
    let Some(current) = ctx.op_parent_block(op)? else { return Ok(None) };
    let Some(pred) = single_predecessor(ctx, current) else { return Ok(None) };
    let Some(pred_switch) = terminator(ctx, pred) else { return Ok(None) };
    if ctx.op_name(pred_switch)? != "cf.switch" {
        return Ok(None);
    }
    let p = switch_parts(ctx, pred_switch)?;
    if p.flag != flag {
        return Ok(None);
    }
    Ok(Some((current, p)))
}

fn switch_from_switch_on_same_condition(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let s = switch_parts(rw.ctx(), op)?;
    let Some((current, p)) = pred_switch_on_same_flag(rw.ctx(), op, s.flag)? else { return Ok(false) };
    if p.default.0 == current {
        return Ok(false);
    }
    match p.cases.iter().position(|e| e.0 == current) {
        Some(i) => fold_switch(rw, op, &s, p.values[i])?,
        None => replace_with_br(rw, op, &s.default)?,
    }
    Ok(true)
}

fn switch_from_default_switch_on_same_condition(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let s = switch_parts(rw.ctx(), op)?;
    let Some((current, p)) = pred_switch_on_same_flag(rw.ctx(), op, s.flag)? else { return Ok(false) };
    if p.default.0 != current {
        return Ok(false);
    }
    let ctx = rw.ctx();
    let impossible: Vec<i64> = p.values.iter().zip(&p.cases).filter(|(_, e)| e.0 != current).map(|(&v, _)| v).collect();
    let kept: Vec<(i64, Edge)> = s
        .values
        .iter()
        .copied()
        .zip(s.cases.iter().cloned())
        .filter(|(v, _)| !impossible.iter().any(|&i| same_case(ctx, s.flag, i, *v)))
        .collect();
    if kept.len() == s.cases.len() {
        return Ok(false);
    }
    replace_with_switch(rw, op, s.flag, &s.default, &kept)?;
    Ok(true)
}
