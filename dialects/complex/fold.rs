//! The complex dialect's folds (upstream's `ComplexOps.cpp`): parts of constants and of
//! `complex.create`, inverse pairs (neg, conj, bitcast, and with fast-math flags add/sub and
//! exp/log), and identities with constant zeros and ones. Constants materialize as
//! `complex.constant`, or through arith for their parts.

use std::sync::Arc;

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialects::fold_util::{def_op_named, operand, register_patterns, value};
use crate::error::Result;
use crate::ir::OperationState;
use crate::ir::{OpId, Value};
use crate::pass::{constant_value, FoldResult, Folded, RewritePattern, Rewriter};
use crate::types::TypeKind;

pub(crate) fn register(ctx: &mut Context) {
    ctx.register_constant_materializer(
        "complex",
        Arc::new(|ctx: &mut Context, value, ty, loc, point| {
            if let Some(op) = super::tensor_fold::materialize_complex(ctx, value, ty, loc, point)? {
                return Ok(Some(op));
            }
            super::arith::materialize_constant(ctx, value, ty, loc, point)
        }),
    );
    ctx.register_fold_hook(
        "complex.re",
        Arc::new(|ctx: &mut Context, op, c: &[Option<Attribute>]| fold_part(ctx, op, c, 0)),
    );
    ctx.register_fold_hook(
        "complex.im",
        Arc::new(|ctx: &mut Context, op, c: &[Option<Attribute>]| fold_part(ctx, op, c, 1)),
    );
    ctx.register_fold_hook("complex.create", Arc::new(fold_create));
    ctx.register_fold_hook("complex.bitcast", Arc::new(fold_bitcast));
    ctx.register_fold_hook(
        "complex.neg",
        Arc::new(|ctx: &mut Context, op, _c: &[Option<Attribute>]| fold_involution(ctx, op, "complex.neg")),
    );
    ctx.register_fold_hook(
        "complex.conj",
        Arc::new(|ctx: &mut Context, op, _c: &[Option<Attribute>]| fold_involution(ctx, op, "complex.conj")),
    );
    ctx.register_fold_hook("complex.add", Arc::new(fold_add));
    ctx.register_fold_hook("complex.sub", Arc::new(fold_sub));
    ctx.register_fold_hook("complex.mul", Arc::new(fold_mul));
    ctx.register_fold_hook("complex.exp", Arc::new(fold_exp));
    ctx.register_fold_hook("complex.div", Arc::new(fold_div));
    let patterns = [
        RewritePattern::new("complex.ArithBitcast", "complex.bitcast", arith_bitcast),
        RewritePattern::new("complex.ArithComplexBitcast", "arith.bitcast", arith_of_complex_bitcast),
    ];
    register_patterns(ctx, patterns);
}

/// `re` (part 0) or `im` (part 1): of a constant, or of `complex.create`.
fn fold_part(ctx: &mut Context, op: OpId, c: &[Option<Attribute>], part: usize) -> Result<Folded> {
    if let Some(a) = c.first().copied().flatten() {
        if let AttrKind::Array(items) = ctx.attr_kind(a) {
            if items.len() == 2 {
                return Ok(Folded::Results(vec![FoldResult::Attr(items[part])]));
            }
        }
    }
    if let Some(create) = def_op_named(ctx, operand(ctx, op, 0)?, "complex.create") {
        return Ok(value(operand(ctx, create, part)?));
    }
    Ok(Folded::NotFolded)
}

/// `create(re(x), im(x))` is `x`.
fn fold_create(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let re = def_op_named(ctx, operand(ctx, op, 0)?, "complex.re");
    let im = def_op_named(ctx, operand(ctx, op, 1)?, "complex.im");
    if let (Some(re), Some(im)) = (re, im) {
        let x = operand(ctx, re, 0)?;
        if x == operand(ctx, im, 0)? {
            return Ok(value(x));
        }
    }
    Ok(Folded::NotFolded)
}

fn fold_bitcast(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let x = operand(ctx, op, 0)?;
    let ty = ctx.op_result_types(op)?[0];
    if ctx.value_type(x)? == ty {
        return Ok(value(x));
    }
    if let Some(inner) = def_op_named(ctx, x, "complex.bitcast") {
        let source = operand(ctx, inner, 0)?;
        if ctx.value_type(source)? == ty {
            return Ok(value(source));
        }
    }
    Ok(Folded::NotFolded)
}

fn fold_involution(ctx: &mut Context, op: OpId, name: &str) -> Result<Folded> {
    match def_op_named(ctx, operand(ctx, op, 0)?, name) {
        Some(inner) => Ok(value(operand(ctx, inner, 0)?)),
        None => Ok(Folded::NotFolded),
    }
}

/// Which of the fast-math flags `names` the op's `fastmath` attribute holds (all of them
/// for `fast`).
fn has_flags(ctx: &Context, op: OpId, names: &[&str]) -> bool {
    let Some(a) = ctx.op_inherent_or_discardable(op, "fastmath").ok().flatten() else { return false };
    let text = crate::asm::print_attribute(ctx, a);
    let inner = text.split_once('<').map_or("", |(_, r)| r.trim_end_matches('>'));
    let flags: Vec<&str> = inner.split(',').map(str::trim).collect();
    flags.contains(&"fast") || names.iter().all(|n| flags.contains(n))
}

/// The parts of a constant complex operand as raw float bits with their sign bit.
fn constant_parts(ctx: &Context, v: Value) -> Option<[(u128, u128); 2]> {
    let a = constant_value(ctx, v)?;
    let AttrKind::Array(items) = ctx.attr_kind(a) else { return None };
    if items.len() != 2 {
        return None;
    }
    let part = |a: Attribute| match ctx.attr_kind(a) {
        AttrKind::Float { ty, bits } => match ctx.type_kind(*ty) {
            TypeKind::Float(k) => Some((*bits, 1u128 << (k.bit_width() - 1))),
            _ => None,
        },
        _ => None,
    };
    Some([part(items[0])?, part(items[1])?])
}

fn is_zero((bits, sign): (u128, u128)) -> bool {
    bits & !sign == 0
}

fn is_negative_zero((bits, sign): (u128, u128)) -> bool {
    bits == sign
}

fn fold_add(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    // add(sub(a, b), b) and add(b, sub(a, b)) are `a` only under reassoc + nsz (and
    // reassoc on the sub), as iree-opt folds them.
    if has_flags(ctx, op, &["reassoc", "nsz"]) {
        if let Some(sub) = def_op_named(ctx, lhs, "complex.sub") {
            if has_flags(ctx, sub, &["reassoc"]) && operand(ctx, sub, 1)? == rhs {
                return Ok(value(operand(ctx, sub, 0)?));
            }
        }
        if let Some(sub) = def_op_named(ctx, rhs, "complex.sub") {
            if has_flags(ctx, sub, &["reassoc"]) && operand(ctx, sub, 1)? == lhs {
                return Ok(value(operand(ctx, sub, 0)?));
            }
        }
    }
    // x + (-0.0) is x for every x, signed zeros included.
    if let Some([re, im]) = constant_parts(ctx, rhs) {
        if is_negative_zero(re) && is_negative_zero(im) {
            return Ok(value(lhs));
        }
    }
    Ok(Folded::NotFolded)
}

fn fold_sub(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if has_flags(ctx, op, &["reassoc", "nsz"]) {
        if let Some(add) = def_op_named(ctx, lhs, "complex.add") {
            if has_flags(ctx, add, &["reassoc"]) && operand(ctx, add, 1)? == rhs {
                return Ok(value(operand(ctx, add, 0)?));
            }
        }
    }
    if let Some([re, im]) = constant_parts(ctx, rhs) {
        if is_zero(re) && is_zero(im) {
            return Ok(value(lhs));
        }
    }
    Ok(Folded::NotFolded)
}

/// `mul(a, 1 + 0i)` is `a` (the imaginary zero of either sign).
fn fold_mul(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let Some([_, imag]) = constant_parts(ctx, rhs) else { return Ok(Folded::NotFolded) };
    if !is_zero(imag) {
        return Ok(Folded::NotFolded);
    }
    let Some(c) = constant_value(ctx, rhs) else { return Ok(Folded::NotFolded) };
    let AttrKind::Array(items) = ctx.attr_kind(c) else { return Ok(Folded::NotFolded) };
    let real = items[0];
    let one = ctx.attr_type(real).and_then(|ty| ctx.float_attr(ty, 1.0).ok());
    if one == Some(real) {
        return Ok(value(lhs));
    }
    Ok(Folded::NotFolded)
}

/// `exp(log(x))` is `x` when the exp allows reassociation and the log assumes no NaNs,
/// infinities or signed zeros, as iree-opt folds it.
fn fold_exp(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    if !has_flags(ctx, op, &["reassoc"]) {
        return Ok(Folded::NotFolded);
    }
    if let Some(log) = def_op_named(ctx, operand(ctx, op, 0)?, "complex.log") {
        if has_flags(ctx, log, &["reassoc", "nnan", "ninf", "nsz"]) {
            return Ok(value(operand(ctx, log, 0)?));
        }
    }
    Ok(Folded::NotFolded)
}

fn is_complex(ctx: &Context, v: Value) -> bool {
    ctx.value_type(v).is_ok_and(|t| matches!(ctx.type_kind(t), TypeKind::Complex(_)))
}

/// A complex.bitcast between two non-complex types is an arith.bitcast.
fn arith_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (input, result) = (operand(ctx, op, 0)?, ctx.op_result(op, 0)?);
    if is_complex(ctx, input) || is_complex(ctx, result) {
        return Ok(false);
    }
    let state = OperationState::new("arith.bitcast", ctx.op_location(op)?)
        .operands(&[input])
        .results(&[ctx.value_type(result)?]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// arith.bitcast(complex.bitcast(x)) is one complex.bitcast of x.
fn arith_of_complex_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(inner) = def_op_named(ctx, operand(ctx, op, 0)?, "complex.bitcast") else { return Ok(false) };
    let source = operand(ctx, inner, 0)?;
    let ty = ctx.op_result_types(op)?[0];
    let state = OperationState::new("complex.bitcast", ctx.op_location(op)?).operands(&[source]).results(&[ty]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// A constant divided by the constant 1 + 0i is itself, except that a NaN part makes both
/// parts that NaN (the real one first), as iree-opt folds it.
fn fold_div(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let (Some(lhs), Some(rhs)) = (c[0], c[1]) else { return Ok(Folded::NotFolded) };
    let (AttrKind::Array(l), AttrKind::Array(r)) = (ctx.attr_kind(lhs), ctx.attr_kind(rhs)) else {
        return Ok(Folded::NotFolded);
    };
    if l.len() != 2 || r.len() != 2 {
        return Ok(Folded::NotFolded);
    }
    let (l, r) = (l.to_vec(), r.to_vec());
    let float = |a: Attribute| match ctx.attr_kind(a) {
        AttrKind::Float { ty, bits } => match ctx.type_kind(*ty) {
            TypeKind::Float(k) => Some((*k, *bits)),
            _ => None,
        },
        _ => None,
    };
    let (Some((k, re)), Some((_, im))) = (float(r[0]), float(r[1])) else { return Ok(Folded::NotFolded) };
    let one = crate::float::to_f64(k, re) == 1.0;
    if !one || !is_zero((im, 1u128 << (k.bit_width() - 1))) {
        return Ok(Folded::NotFolded);
    }
    let is_nan = |a: Attribute| float(a).is_some_and(|(k, b)| crate::float::to_f64(k, b).is_nan());
    let result = match (is_nan(l[0]), is_nan(l[1])) {
        (true, _) => ctx.array_attr(&[l[0], l[0]]),
        (false, true) => ctx.array_attr(&[l[1], l[1]]),
        // The dividend itself, not a new constant of its value.
        _ => return Ok(value(operand(ctx, op, 0)?)),
    };
    Ok(Folded::Results(vec![FoldResult::Attr(result)]))
}
