//! arith's folds (upstream's `fold` methods in ArithOps.cpp) and canonicalization patterns
//! (ArithCanonicalization.td and the C++ ones), with upstream's semantics: integers wrap
//! around, folds that would divide by zero, overflow a signed division or shift by the bit
//! width or more are left alone, floats round as APFloat does, and a poison operand folds to
//! poison where upstream's common folders propagate it.

use std::sync::Arc;

use crate::attrs::{AttrKind, Attribute, NamedAttribute};
use crate::context::Context;
use crate::dialects::fold_util_arith::{
    self as fu, dense, float_binary, float_is_nan, float_is_negative, float_or_splat, float_value, fold_binary,
    fold_unary, int_or_splat, int_width, is_poison, make_dense, poison_attr, scalar_attr, splat_or_scalar, Elem,
    ElemClass, Int,
};
use crate::error::Result;
use crate::ir::{OpId, OperationState, Value};
use crate::pass::{constant_value, FoldResult, Folded, RewritePattern, Rewriter};
use crate::types::{FloatKind, Type, TypeKind};

type Consts<'a> = &'a [Option<Attribute>];

fn value(v: Value) -> Folded {
    Folded::Results(vec![FoldResult::Value(v)])
}

fn attr(a: Option<Attribute>) -> Folded {
    match a {
        Some(a) => Folded::Results(vec![FoldResult::Attr(a)]),
        None => Folded::NotFolded,
    }
}

fn operand(ctx: &Context, op: OpId, i: usize) -> Result<Value> {
    ctx.op_operand(op, i)?.ok_or_else(|| crate::error::Error::invalid("missing operand"))
}

fn result_type(ctx: &Context, op: OpId) -> Result<Type> {
    ctx.value_type(ctx.op_result(op, 0)?)
}

/// The op named `name` that defines `v` (`v.getDefiningOp<Op>()`).
fn def_named(ctx: &Context, v: Value, name: &str) -> Option<OpId> {
    let def = ctx.value_defining_op(v).ok()??;
    (ctx.op_name(def).ok()? == name).then_some(def)
}

fn opnd(ctx: &Context, op: OpId, i: usize) -> Option<Value> {
    ctx.op_operand(op, i).ok()?
}

fn is_zero(ctx: &Context, a: Option<Attribute>) -> bool {
    int_or_splat(ctx, a).is_some_and(Int::is_zero)
}

fn is_one(ctx: &Context, a: Option<Attribute>) -> bool {
    int_or_splat(ctx, a).is_some_and(Int::is_one)
}

/// `m_ConstantInt` on a value: its defining constant's integer or splat.
fn const_int(ctx: &Context, v: Value) -> Option<Int> {
    int_or_splat(ctx, constant_value(ctx, v))
}

/// `Builder::getZeroAttr(type)`.
fn zero_attr(ctx: &Context, ty: Type) -> Option<Attribute> {
    splat_or_scalar(ctx, ty, 0)
}

/// The integer flags of an `#arith.overflow` / `#arith.fastmath` attribute (0 when absent).
fn enum_flags(ctx: &Context, op: OpId, name: &str) -> u64 {
    let Some(a) = ctx.op_inherent_or_discardable(op, name).ok().flatten() else { return 0 };
    match ctx.attr_kind(a) {
        AttrKind::Dialect { params, .. } => params
            .first()
            .and_then(|&p| match ctx.attr_kind(p) {
                AttrKind::Integer { value, .. } => value.to_u64(),
                _ => None,
            })
            .unwrap_or(0),
        AttrKind::Integer { value, .. } => value.to_u64().unwrap_or(0),
        _ => 0,
    }
}

const NSW: u64 = 1;
const NUW: u64 = 2;
const FM_NNAN: u64 = 2;
const FM_NSZ: u64 = 8;
const FM_CONTRACT: u64 = 32;

fn predicate(ctx: &Context, op: OpId) -> Option<i64> {
    let a = ctx.op_inherent_or_discardable(op, "predicate").ok()??;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.to_i64(64),
        _ => None,
    }
}

fn register(
    ctx: &mut Context,
    name: &str,
    f: impl Fn(&mut Context, OpId, Consts) -> Result<Folded> + Send + Sync + 'static,
) {
    ctx.register_fold_hook(name, Arc::new(f));
}

fn int_binary(ctx: &Context, c: Consts, f: impl Fn(Int, Int) -> Option<Int>) -> Option<Attribute> {
    fold_binary(ctx, c, ElemClass::Int, None, |a, b| Some(Elem::Int(f(a.int()?, b.int()?)?)))
}

fn float_binary_fold(ctx: &Context, c: Consts, f: impl Fn(FloatKind, u128, u128) -> Option<u128>) -> Option<Attribute> {
    fold_binary(ctx, c, ElemClass::Float, None, |a, b| {
        let ((k, x), (_, y)) = (a.float()?, b.float()?);
        Some(Elem::Float(k, f(k, x, y)?))
    })
}

/// Ops with a `roundingmode` other than the default are folded only by their exact cases.
fn default_rounding(ctx: &Context, op: OpId) -> bool {
    match ctx.op_inherent_or_discardable(op, "roundingmode").ok().flatten() {
        None => true,
        Some(a) => match ctx.attr_kind(a) {
            AttrKind::Dialect { params, .. } => params.first().is_some_and(|&p| match ctx.attr_kind(p) {
                AttrKind::Integer { value, .. } => value.is_zero(),
                _ => false,
            }),
            AttrKind::Integer { value, .. } => value.is_zero(),
            _ => false,
        },
    }
}

pub(crate) fn register_folds(ctx: &mut Context) {
    register(ctx, "arith.addi", |ctx, op, c| {
        let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        if is_zero(ctx, c[1]) {
            return Ok(value(lhs));
        }
        if let Some(sub) = def_named(ctx, lhs, "arith.subi") {
            if opnd(ctx, sub, 1) == Some(rhs) {
                return Ok(value(operand(ctx, sub, 0)?));
            }
        }
        if let Some(sub) = def_named(ctx, rhs, "arith.subi") {
            if opnd(ctx, sub, 1) == Some(lhs) {
                return Ok(value(operand(ctx, sub, 0)?));
            }
        }
        Ok(attr(int_binary(ctx, c, |a, b| Some(a.wrapping_add(b)))))
    });
    register(ctx, "arith.subi", |ctx, op, c| {
        let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        if lhs == rhs {
            let ty = result_type(ctx, op)?;
            if let Some(z) = zero_attr(ctx, ty) {
                return Ok(attr(Some(z)));
            }
        }
        if is_zero(ctx, c[1]) {
            return Ok(value(lhs));
        }
        if let Some(add) = def_named(ctx, lhs, "arith.addi") {
            if opnd(ctx, add, 1) == Some(rhs) {
                return Ok(value(operand(ctx, add, 0)?));
            }
            if opnd(ctx, add, 0) == Some(rhs) {
                return Ok(value(operand(ctx, add, 1)?));
            }
        }
        if let Some(sub) = def_named(ctx, rhs, "arith.subi") {
            if opnd(ctx, sub, 0) == Some(lhs) {
                return Ok(value(operand(ctx, sub, 1)?));
            }
        }
        Ok(attr(int_binary(ctx, c, |a, b| Some(a.wrapping_sub(b)))))
    });
    register(ctx, "arith.muli", |ctx, op, c| {
        if is_zero(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 1)?));
        }
        if is_one(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        Ok(attr(int_binary(ctx, c, |a, b| Some(a.wrapping_mul(b)))))
    });
    register(ctx, "arith.divui", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if let Some(v) = fold_div_mul(ctx, op, NUW) {
            return Ok(value(v));
        }
        if let Some(f) = trivial_division(ctx, op, c, 1)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, |a, b| (!b.is_zero()).then(|| a.udiv(b)))))
    });
    register(ctx, "arith.divsi", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if let Some(v) = fold_div_mul(ctx, op, NSW) {
            return Ok(value(v));
        }
        if let Some(f) = trivial_division(ctx, op, c, 1)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, |a, b| {
            if b.is_zero() {
                return None;
            }
            let (q, overflow) = a.sdiv_ov(b);
            (!overflow).then_some(q)
        })))
    });
    register(ctx, "arith.ceildivui", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if let Some(f) = trivial_division(ctx, op, c, 1)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, |a, b| {
            if b.is_zero() {
                return None;
            }
            let q = a.udiv(b);
            if a.urem(b).is_zero() {
                return Some(q);
            }
            let (r, overflow) = q.uadd_ov(Int::new(1, a.width));
            (!overflow).then_some(r)
        })))
    });
    register(ctx, "arith.ceildivsi", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if let Some(f) = trivial_division(ctx, op, c, 1)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, ceildivsi)))
    });
    register(ctx, "arith.floordivsi", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if let Some(f) = trivial_division(ctx, op, c, 1)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, |a, b| {
            if b.is_zero() {
                return None;
            }
            let (q, overflow) = a.sfloordiv_ov(b);
            (!overflow).then_some(q)
        })))
    });
    register(ctx, "arith.remui", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(attr(zero_attr(ctx, result_type(ctx, op)?)));
        }
        if let Some(f) = trivial_division(ctx, op, c, 0)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, |a, b| (!b.is_zero()).then(|| a.urem(b)))))
    });
    register(ctx, "arith.remsi", |ctx, op, c| {
        if is_one(ctx, c[1]) {
            return Ok(attr(zero_attr(ctx, result_type(ctx, op)?)));
        }
        if let Some(f) = trivial_division(ctx, op, c, 0)? {
            return Ok(f);
        }
        Ok(attr(int_binary(ctx, c, |a, b| (!b.is_zero()).then(|| a.srem(b)))))
    });
    register(ctx, "arith.andi", |ctx, op, c| {
        let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        if is_zero(ctx, c[1]) {
            return Ok(value(rhs));
        }
        if int_or_splat(ctx, c[1]).is_some_and(Int::is_all_ones) {
            return Ok(value(lhs));
        }
        if is_not_of(ctx, rhs, lhs).is_some() || is_not_of(ctx, lhs, rhs).is_some() {
            return Ok(attr(zero_attr(ctx, result_type(ctx, op)?)));
        }
        for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
            if let Some(p) = def_named(ctx, prev, "arith.andi") {
                if opnd(ctx, p, 0) == Some(other) || opnd(ctx, p, 1) == Some(other) {
                    return Ok(value(prev));
                }
            }
        }
        Ok(attr(int_binary(ctx, c, |a, b| Some(a.and(b)))))
    });
    register(ctx, "arith.ori", |ctx, op, c| {
        let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        if let Some(r) = int_or_splat(ctx, c[1]) {
            if r.is_zero() {
                return Ok(value(lhs));
            }
            if r.is_all_ones() {
                return Ok(attr(c[1]));
            }
        }
        if let Some(ones) = is_not_of(ctx, rhs, lhs) {
            return Ok(value(ones));
        }
        if let Some(ones) = is_not_of(ctx, lhs, rhs) {
            return Ok(value(ones));
        }
        Ok(attr(int_binary(ctx, c, |a, b| Some(a.or(b)))))
    });
    register(ctx, "arith.xori", |ctx, op, c| {
        let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        if is_zero(ctx, c[1]) {
            return Ok(value(lhs));
        }
        if lhs == rhs {
            return Ok(attr(zero_attr(ctx, result_type(ctx, op)?)));
        }
        if let Some(prev) = def_named(ctx, lhs, "arith.xori") {
            if opnd(ctx, prev, 1) == Some(rhs) {
                return Ok(value(operand(ctx, prev, 0)?));
            }
            if opnd(ctx, prev, 0) == Some(rhs) {
                return Ok(value(operand(ctx, prev, 1)?));
            }
        }
        if let Some(prev) = def_named(ctx, rhs, "arith.xori") {
            if opnd(ctx, prev, 1) == Some(lhs) {
                return Ok(value(operand(ctx, prev, 0)?));
            }
            if opnd(ctx, prev, 0) == Some(lhs) {
                return Ok(value(operand(ctx, prev, 1)?));
            }
        }
        Ok(attr(int_binary(ctx, c, |a, b| Some(a.xor(b)))))
    });
    register(ctx, "arith.shli", |ctx, op, c| shift(ctx, op, c, Int::shift_left));
    register(ctx, "arith.shrui", |ctx, op, c| shift(ctx, op, c, Int::lshr));
    register(ctx, "arith.shrsi", |ctx, op, c| shift(ctx, op, c, Int::ashr));
    register(ctx, "arith.maxsi", |ctx, op, c| {
        min_max(ctx, op, c, Int::is_max_signed, Int::is_min_signed, |a, b| if a.slt(b) { b } else { a })
    });
    register(ctx, "arith.maxui", |ctx, op, c| {
        min_max(ctx, op, c, Int::is_all_ones, Int::is_zero, |a, b| if a.ult(b) { b } else { a })
    });
    register(ctx, "arith.minsi", |ctx, op, c| {
        min_max(ctx, op, c, Int::is_min_signed, Int::is_max_signed, |a, b| if b.slt(a) { b } else { a })
    });
    register(ctx, "arith.minui", |ctx, op, c| {
        min_max(ctx, op, c, Int::is_zero, Int::is_all_ones, |a, b| if b.ult(a) { b } else { a })
    });

    // Floats.
    register(ctx, "arith.negf", |ctx, op, c| {
        let x = operand(ctx, op, 0)?;
        if let Some(inner) = def_named(ctx, x, "arith.negf") {
            return Ok(value(operand(ctx, inner, 0)?));
        }
        let ty = result_type(ctx, op)?;
        Ok(attr(fold_unary(ctx, c[0], ElemClass::Float, ty, |e| {
            let (k, b) = e.float()?;
            Some(b ^ 1u128 << (k.bit_width() - 1))
        })))
    });
    register(ctx, "arith.flush_denormals", |ctx, op, c| {
        let x = operand(ctx, op, 0)?;
        if def_named(ctx, x, "arith.flush_denormals").is_some() {
            return Ok(value(x));
        }
        let ty = result_type(ctx, op)?;
        Ok(attr(fold_unary(ctx, c[0], ElemClass::Float, ty, |e| {
            let (k, b) = e.float()?;
            let s = k.semantics();
            let exponent = b >> s.mantissa_bits & ((1u128 << s.exponent_bits) - 1);
            let denormal = exponent == 0 && b & ((1u128 << s.mantissa_bits) - 1) != 0;
            Some(if denormal { b & 1u128 << (s.bit_width - 1) } else { b })
        })))
    });
    register(ctx, "arith.addf", |ctx, op, c| {
        // x + -0 is x; with nsz, so is x + +0.
        let nsz = enum_flags(ctx, op, "fastmath") & FM_NSZ != 0;
        if float_or_splat(ctx, c[1]).is_some_and(|(k, b)| float_value(k, b) == 0.0 && (nsz || float_is_negative(k, b)))
        {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if !default_rounding(ctx, op) {
            return Ok(Folded::NotFolded);
        }
        Ok(attr(float_binary_fold(ctx, c, |k, a, b| Some(float_binary(k, a, b, |x, y| x + y)))))
    });
    register(ctx, "arith.subf", |ctx, op, c| {
        // x - +0 is x; with nsz, so is x - -0.
        let nsz = enum_flags(ctx, op, "fastmath") & FM_NSZ != 0;
        if float_or_splat(ctx, c[1]).is_some_and(|(k, b)| float_value(k, b) == 0.0 && (nsz || !float_is_negative(k, b)))
        {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if !default_rounding(ctx, op) {
            return Ok(Folded::NotFolded);
        }
        Ok(attr(float_binary_fold(ctx, c, |k, a, b| Some(float_binary(k, a, b, |x, y| x - y)))))
    });
    register(ctx, "arith.mulf", |ctx, op, c| {
        if float_or_splat(ctx, c[1]).is_some_and(|(k, b)| float_value(k, b) == 1.0) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        // Constants fold before the fast-math x * 0 -> 0 (inf * 0 stays NaN).
        if default_rounding(ctx, op) {
            if let Some(a) = float_binary_fold(ctx, c, |k, a, b| Some(float_binary(k, a, b, |x, y| x * y))) {
                return Ok(attr(Some(a)));
            }
        }
        let fm = enum_flags(ctx, op, "fastmath");
        if fm & (FM_NNAN | FM_NSZ) == FM_NNAN | FM_NSZ
            && float_or_splat(ctx, c[1]).is_some_and(|(k, b)| float_value(k, b) == 0.0)
        {
            return Ok(value(operand(ctx, op, 1)?));
        }
        Ok(Folded::NotFolded)
    });
    register(ctx, "arith.divf", |ctx, op, c| {
        if float_or_splat(ctx, c[1]).is_some_and(|(k, b)| float_value(k, b) == 1.0) {
            return Ok(value(operand(ctx, op, 0)?));
        }
        if !default_rounding(ctx, op) {
            return Ok(Folded::NotFolded);
        }
        Ok(attr(float_binary_fold(ctx, c, |k, a, b| Some(float_binary(k, a, b, |x, y| x / y)))))
    });
    register(ctx, "arith.remf", |ctx, _op, c| {
        Ok(attr(float_binary_fold(ctx, c, |k, a, b| Some(float_binary(k, a, b, |x, y| x % y)))))
    });
    register(ctx, "arith.maximumf", |ctx, op, c| {
        float_min_max(ctx, op, c, |k, b| float_value(k, b) == f64::NEG_INFINITY, |k, a, b| float_maximum(k, a, b, true))
    });
    register(ctx, "arith.minimumf", |ctx, op, c| {
        float_min_max(ctx, op, c, |k, b| float_value(k, b) == f64::INFINITY, |k, a, b| float_maximum(k, a, b, false))
    });
    register(ctx, "arith.maxnumf", |ctx, op, c| {
        float_min_max(ctx, op, c, float_is_nan, |k, a, b| float_maxnum(k, a, b, true))
    });
    register(ctx, "arith.minnumf", |ctx, op, c| {
        float_min_max(ctx, op, c, float_is_nan, |k, a, b| float_maxnum(k, a, b, false))
    });

    // Casts.
    register(ctx, "arith.extui", |ctx, op, c| {
        cast(ctx, op, |ctx, op| {
            let x = operand(ctx, op, 0)?;
            if let Some(inner) = def_named(ctx, x, "arith.extui") {
                let src = operand(ctx, inner, 0)?;
                ctx.set_operand(op, 0, src)?;
                return Ok(Folded::InPlace);
            }
            let ty = result_type(ctx, op)?;
            let Some(w) = int_width(ctx, ctx.element_type_or_self(ty)) else { return Ok(Folded::NotFolded) };
            Ok(attr(fold_unary(ctx, c[0], ElemClass::Int, ty, |e| Some(e.int()?.zext(w).bits))))
        })
    });
    register(ctx, "arith.extsi", |ctx, op, c| {
        cast(ctx, op, |ctx, op| {
            let x = operand(ctx, op, 0)?;
            if let Some(inner) = def_named(ctx, x, "arith.extsi") {
                let src = operand(ctx, inner, 0)?;
                ctx.set_operand(op, 0, src)?;
                return Ok(Folded::InPlace);
            }
            let ty = result_type(ctx, op)?;
            let Some(w) = int_width(ctx, ctx.element_type_or_self(ty)) else { return Ok(Folded::NotFolded) };
            Ok(attr(fold_unary(ctx, c[0], ElemClass::Int, ty, |e| Some(e.int()?.sext(w).bits))))
        })
    });
    register(ctx, "arith.trunci", |ctx, op, c| {
        cast(ctx, op, |ctx, op| {
            let x = operand(ctx, op, 0)?;
            let ty = result_type(ctx, op)?;
            let dst = ctx.element_type_or_self(ty);
            let ext = def_named(ctx, x, "arith.extui").or_else(|| def_named(ctx, x, "arith.extsi"));
            if let Some(ext) = ext {
                let src = operand(ctx, ext, 0)?;
                let src_ty = ctx.element_type_or_self(ctx.value_type(src)?);
                let (sw, dw) = (int_width(ctx, src_ty), int_width(ctx, dst));
                if let (Some(sw), Some(dw)) = (sw, dw) {
                    if sw > dw {
                        ctx.set_operand(op, 0, src)?;
                        return Ok(Folded::InPlace);
                    }
                }
                if src_ty == dst {
                    return Ok(value(src));
                }
            }
            if let Some(inner) = def_named(ctx, x, "arith.trunci") {
                let src = operand(ctx, inner, 0)?;
                ctx.set_operand(op, 0, src)?;
                return Ok(Folded::InPlace);
            }
            let Some(w) = int_width(ctx, dst) else { return Ok(Folded::NotFolded) };
            Ok(attr(fold_unary(ctx, c[0], ElemClass::Int, ty, |e| Some(e.int()?.trunc(w).bits))))
        })
    });
    register(ctx, "arith.extf", |ctx, op, c| {
        cast(ctx, op, |ctx, op| {
            let x = operand(ctx, op, 0)?;
            let ty = result_type(ctx, op)?;
            if let Some(tr) = def_named(ctx, x, "arith.truncf") {
                let src = operand(ctx, tr, 0)?;
                if ctx.value_type(src)? == ty
                    && enum_flags(ctx, tr, "fastmath") & FM_CONTRACT != 0
                    && enum_flags(ctx, op, "fastmath") & FM_CONTRACT != 0
                {
                    return Ok(value(src));
                }
            }
            Ok(attr(float_cast(ctx, c[0], ty)))
        })
    });
    // Upstream's truncf folds only constants (no truncf(extf(x)) -> x).
    register(ctx, "arith.truncf", |ctx, op, c| {
        cast(ctx, op, |ctx, op| {
            let ty = result_type(ctx, op)?;
            Ok(attr(float_cast(ctx, c[0], ty)))
        })
    });
    register(ctx, "arith.uitofp", |ctx, op, c| cast(ctx, op, |ctx, op| int_to_float(ctx, op, c, false)));
    register(ctx, "arith.sitofp", |ctx, op, c| cast(ctx, op, |ctx, op| int_to_float(ctx, op, c, true)));
    register(ctx, "arith.fptoui", |ctx, op, c| cast(ctx, op, |ctx, op| float_to_int(ctx, op, c, false)));
    register(ctx, "arith.fptosi", |ctx, op, c| cast(ctx, op, |ctx, op| float_to_int(ctx, op, c, true)));
    register(ctx, "arith.index_cast", |ctx, op, c| cast(ctx, op, |ctx, op| index_cast(ctx, op, c, true)));
    register(ctx, "arith.index_castui", |ctx, op, c| cast(ctx, op, |ctx, op| index_cast(ctx, op, c, false)));
    register(ctx, "arith.bitcast", |ctx, op, c| {
        cast(ctx, op, |ctx, op| {
            let ty = result_type(ctx, op)?;
            let Some(a) = c[0] else { return Ok(Folded::NotFolded) };
            if let Some(d) = dense(ctx, a) {
                let _ = d;
                let AttrKind::DenseIntOrFloat { data, .. } = ctx.attr_kind(a) else { return Ok(Folded::NotFolded) };
                let data = data.clone();
                return Ok(attr(ctx.dense_elements_attr(ty, &data).ok()));
            }
            if ctx.element_type(ty).is_some() {
                return Ok(Folded::NotFolded);
            }
            if is_poison(ctx, Some(a)) {
                return Ok(attr(poison_attr(ctx)));
            }
            let bits = match ctx.attr_kind(a) {
                AttrKind::Float { bits, .. } => *bits,
                _ => match fu::scalar_int(ctx, a) {
                    Some(i) => i.bits,
                    None => return Ok(Folded::NotFolded),
                },
            };
            Ok(attr(scalar_attr(ctx, ty, bits)))
        })
    });

    register(ctx, "arith.cmpi", fold_cmpi);
    register(ctx, "arith.cmpf", |ctx, op, c| {
        let mut l = c[0].and_then(|a| fu::scalar_float(ctx, a));
        let mut r = c[1].and_then(|a| fu::scalar_float(ctx, a));
        if let Some((k, b)) = l {
            if float_is_nan(k, b) {
                r = l;
            }
        }
        if let Some((k, b)) = r {
            if float_is_nan(k, b) {
                l = r;
            }
        }
        let (Some((k, a)), Some((_, b)), Some(p)) = (l, r, predicate(ctx, op)) else { return Ok(Folded::NotFolded) };
        Ok(attr(Some(ctx.bool_attr(cmpf(p, float_value(k, a), float_value(k, b))))))
    });
    register(ctx, "arith.select", fold_select);

    register(ctx, "arith.addui_extended", |ctx, op, c| {
        let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        let overflow_ty = ctx.value_type(ctx.op_result(op, 1)?)?;
        if const_int(ctx, rhs).is_some_and(Int::is_zero) {
            let Some(z) = zero_attr(ctx, overflow_ty) else { return Ok(Folded::NotFolded) };
            return Ok(Folded::Results(vec![FoldResult::Value(lhs), FoldResult::Attr(z)]));
        }
        let Some(sum) = int_binary(ctx, c, |a, b| Some(a.wrapping_add(b))) else { return Ok(Folded::NotFolded) };
        if is_poison(ctx, Some(sum)) {
            return Ok(Folded::Results(vec![FoldResult::Attr(sum), FoldResult::Attr(sum)]));
        }
        let carry = fold_binary(ctx, &[Some(sum), c[0]], ElemClass::Int, Some(overflow_ty), |s, l| {
            Some(Elem::Int(Int::new(s.int()?.ult(l.int()?) as u128, 1)))
        });
        let Some(carry) = carry else { return Ok(Folded::NotFolded) };
        Ok(Folded::Results(vec![FoldResult::Attr(sum), FoldResult::Attr(carry)]))
    });
    register(ctx, "arith.mulsi_extended", |ctx, _op, c| {
        if is_zero(ctx, c[1]) {
            let z = c[1].expect("a zero constant");
            return Ok(Folded::Results(vec![FoldResult::Attr(z), FoldResult::Attr(z)]));
        }
        mul_extended(ctx, c, true)
    });
    register(ctx, "arith.mului_extended", |ctx, op, c| {
        if is_zero(ctx, c[1]) {
            let z = c[1].expect("a zero constant");
            return Ok(Folded::Results(vec![FoldResult::Attr(z), FoldResult::Attr(z)]));
        }
        if is_one(ctx, c[1]) {
            let lhs = operand(ctx, op, 0)?;
            let Some(z) = zero_attr(ctx, ctx.value_type(lhs)?) else { return Ok(Folded::NotFolded) };
            return Ok(Folded::Results(vec![FoldResult::Value(lhs), FoldResult::Attr(z)]));
        }
        mul_extended(ctx, c, false)
    });
}

/// `(a * b) / b -> a` when the multiplication carries `flags`.
fn fold_div_mul(ctx: &Context, op: OpId, flags: u64) -> Option<Value> {
    let (lhs, rhs) = (opnd(ctx, op, 0)?, opnd(ctx, op, 1)?);
    let mul = def_named(ctx, lhs, "arith.muli")?;
    if enum_flags(ctx, mul, "overflowFlags") & flags != flags {
        return None;
    }
    if opnd(ctx, mul, 0) == Some(rhs) {
        return opnd(ctx, mul, 1);
    }
    if opnd(ctx, mul, 1) == Some(rhs) {
        return opnd(ctx, mul, 0);
    }
    None
}

/// `ceil(a / b)` for signed `a`, `b`; `None` on division by zero or overflow (`MIN / -1`).
fn ceildivsi(a: Int, b: Int) -> Option<Int> {
    if b.is_zero() {
        return None;
    }
    let (q, overflow) = a.sdiv_ov(b);
    if overflow {
        return None;
    }
    if !a.srem(b).is_zero() && a.is_negative() == b.is_negative() {
        return Some(q.wrapping_add(Int::new(1, a.width)));
    }
    Some(q)
}

/// Divisions and remainders of zero are zero; `x / x` is one and `x % x` zero (`same`),
/// division by zero being undefined.
fn trivial_division(ctx: &Context, op: OpId, c: Consts, same: u128) -> Result<Option<Folded>> {
    let ty = result_type(ctx, op)?;
    if is_zero(ctx, c[0]) {
        if let Some(z) = zero_attr(ctx, ty) {
            return Ok(Some(attr(Some(z))));
        }
    }
    if operand(ctx, op, 0)? == operand(ctx, op, 1)? {
        if let Some(v) = splat_or_scalar(ctx, ty, same) {
            return Ok(Some(attr(Some(v))));
        }
    }
    Ok(None)
}

/// `and(x, not(x))` shapes: `v` is `xori(x, all-ones)`; gives the all-ones operand.
fn is_not_of(ctx: &Context, v: Value, x: Value) -> Option<Value> {
    let xor = def_named(ctx, v, "arith.xori")?;
    if opnd(ctx, xor, 0)? != x {
        return None;
    }
    let ones = opnd(ctx, xor, 1)?;
    const_int(ctx, ones).filter(|i| i.is_all_ones()).map(|_| ones)
}

fn shift(ctx: &mut Context, op: OpId, c: Consts, f: fn(Int, u32) -> Int) -> Result<Folded> {
    if is_zero(ctx, c[1]) {
        return Ok(value(operand(ctx, op, 0)?));
    }
    let name = ctx.op_name(op)?.to_string();
    let ty = result_type(ctx, op)?;
    if name != "arith.shli" && operand(ctx, op, 0)? == operand(ctx, op, 1)? {
        if let Some(z) = zero_attr(ctx, ty) {
            return Ok(attr(Some(z)));
        }
    }
    let lhs = int_or_splat(ctx, c[0]);
    if lhs.is_some_and(Int::is_zero) {
        return Ok(attr(zero_attr(ctx, ty)));
    }
    if name == "arith.shrsi" && lhs.is_some_and(Int::is_all_ones) {
        return Ok(attr(c[0]));
    }
    // A poison operand is not folded: upstream only keeps the result of a bounded shift.
    if is_poison(ctx, c[0]) || is_poison(ctx, c[1]) {
        return Ok(Folded::NotFolded);
    }
    Ok(attr(int_binary(ctx, c, |a, b| (b.bits < b.width as u128).then(|| f(a, b.bits as u32)))))
}

fn min_max(
    ctx: &mut Context,
    op: OpId,
    c: Consts,
    absorbing: fn(Int) -> bool,
    neutral: fn(Int) -> bool,
    f: fn(Int, Int) -> Int,
) -> Result<Folded> {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if lhs == rhs {
        return Ok(value(rhs));
    }
    if let Some(r) = int_or_splat(ctx, c[1]) {
        if absorbing(r) {
            return Ok(value(rhs));
        }
        if neutral(r) {
            return Ok(value(lhs));
        }
    }
    Ok(attr(int_binary(ctx, c, |a, b| Some(f(a, b)))))
}

fn float_min_max(
    ctx: &mut Context,
    op: OpId,
    c: Consts,
    neutral: fn(FloatKind, u128) -> bool,
    f: fn(FloatKind, u128, u128) -> u128,
) -> Result<Folded> {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if lhs == rhs {
        return Ok(value(rhs));
    }
    if float_or_splat(ctx, c[1]).is_some_and(|(k, b)| neutral(k, b)) {
        return Ok(value(lhs));
    }
    Ok(attr(float_binary_fold(ctx, c, |k, a, b| Some(f(k, a, b)))))
}

/// `llvm::maximum` / `llvm::minimum`: NaN wins, -0 is below +0.
fn float_maximum(k: FloatKind, a: u128, b: u128, max: bool) -> u128 {
    if float_is_nan(k, a) {
        return fu::float_quiet(k, a);
    }
    if float_is_nan(k, b) {
        return fu::float_quiet(k, b);
    }
    let (x, y) = (float_value(k, a), float_value(k, b));
    if x == 0.0 && y == 0.0 && float_is_negative(k, a) != float_is_negative(k, b) {
        let a_neg = float_is_negative(k, a);
        return if a_neg == max { b } else { a };
    }
    if max {
        if x < y {
            b
        } else {
            a
        }
    } else if y < x {
        b
    } else {
        a
    }
}

/// `llvm::maxnum` / `llvm::minnum`: a NaN operand loses, -0 is below +0.
fn float_maxnum(k: FloatKind, a: u128, b: u128, max: bool) -> u128 {
    if float_is_nan(k, a) {
        return if float_is_nan(k, b) { fu::float_quiet(k, b) } else { b };
    }
    if float_is_nan(k, b) {
        return a;
    }
    float_maximum(k, a, b, max)
}

/// Runs a cast's own fold, then `CastOpInterface`'s: a cast to the operand's own type
/// folds to the operand.
fn cast(ctx: &mut Context, op: OpId, own: impl FnOnce(&mut Context, OpId) -> Result<Folded>) -> Result<Folded> {
    let r = own(ctx, op)?;
    if let Folded::Results(_) = r {
        return Ok(r);
    }
    let x = operand(ctx, op, 0)?;
    if ctx.value_type(x)? == result_type(ctx, op)? {
        return Ok(value(x));
    }
    Ok(r)
}

fn float_cast(ctx: &Context, a: Option<Attribute>, ty: Type) -> Option<Attribute> {
    let to = fu::arith_float_kind(ctx, ctx.element_type_or_self(ty))?;
    fold_unary(ctx, a, ElemClass::Float, ty, |e| {
        let (k, b) = e.float()?;
        fu::float_convert_exact(k, b, to)
    })
}

fn int_to_float(ctx: &mut Context, op: OpId, c: Consts, signed: bool) -> Result<Folded> {
    let ty = result_type(ctx, op)?;
    let Some(k) = fu::arith_float_kind(ctx, ctx.element_type_or_self(ty)) else { return Ok(Folded::NotFolded) };
    Ok(attr(fold_unary(ctx, c[0], ElemClass::Int, ty, |e| {
        let i = e.int()?;
        let negative = signed && i.is_negative();
        let mag = if negative { Int::zero(i.width).wrapping_sub(i).bits } else { i.bits };
        Some(fu::float_from_int(k, negative, mag))
    })))
}

fn float_to_int(ctx: &mut Context, op: OpId, c: Consts, signed: bool) -> Result<Folded> {
    let ty = result_type(ctx, op)?;
    let Some(w) = int_width(ctx, ctx.element_type_or_self(ty)) else { return Ok(Folded::NotFolded) };
    Ok(attr(fold_unary(ctx, c[0], ElemClass::Float, ty, |e| {
        let (k, b) = e.float()?;
        Some(fu::float_to_int(k, b, w, signed)?.bits)
    })))
}

fn index_cast(ctx: &mut Context, op: OpId, c: Consts, signed: bool) -> Result<Folded> {
    let ty = result_type(ctx, op)?;
    let Some(w) = int_width(ctx, ctx.element_type_or_self(ty)) else { return Ok(Folded::NotFolded) };
    let folded = fold_unary(ctx, c[0], ElemClass::Int, ty, |e| {
        let i = e.int()?;
        Some(if signed { i.sext(w).bits } else { i.zext(w).bits })
    });
    if folded.is_some() {
        return Ok(attr(folded));
    }
    let name = if signed { "arith.index_cast" } else { "arith.index_castui" };
    if let Some(inner) = def_named(ctx, operand(ctx, op, 0)?, name) {
        let x = operand(ctx, inner, 0)?;
        if ctx.value_type(x)? == ty {
            let width = |t: Type| int_width(ctx, ctx.element_type_or_self(t)).unwrap_or(64);
            if width(result_type(ctx, inner)?) >= width(ctx.value_type(x)?) {
                return Ok(value(x));
            }
        }
    }
    Ok(Folded::NotFolded)
}

fn mul_extended(ctx: &Context, c: Consts, signed: bool) -> Result<Folded> {
    let Some(low) = int_binary(ctx, c, |a, b| Some(a.wrapping_mul(b))) else { return Ok(Folded::NotFolded) };
    let high = int_binary(ctx, c, |a, b| {
        if a.width > 64 {
            return None;
        }
        let p = if signed { (a.sext_value() * b.sext_value()) as u128 } else { a.bits * b.bits };
        Some(Int::new(p >> a.width, a.width))
    });
    let Some(high) = high else { return Ok(Folded::NotFolded) };
    Ok(Folded::Results(vec![FoldResult::Attr(low), FoldResult::Attr(high)]))
}

const EQ: i64 = 0;
const NE: i64 = 1;
const SLT: i64 = 2;
const SLE: i64 = 3;
const SGT: i64 = 4;
const SGE: i64 = 5;
const ULT: i64 = 6;
const ULE: i64 = 7;
const UGT: i64 = 8;
const UGE: i64 = 9;

fn cmpi(p: i64, a: Int, b: Int) -> bool {
    match p {
        EQ => a == b,
        NE => a != b,
        SLT => a.slt(b),
        SLE => !b.slt(a),
        SGT => b.slt(a),
        SGE => !a.slt(b),
        ULT => a.ult(b),
        ULE => !b.ult(a),
        UGT => b.ult(a),
        _ => !a.ult(b),
    }
}

fn cmpf(p: i64, a: f64, b: f64) -> bool {
    let unordered = a.is_nan() || b.is_nan();
    let (lt, eq, gt) = (a < b, a == b, a > b);
    match p {
        0 => false,
        1 => eq,
        2 => gt,
        3 => gt || eq,
        4 => lt,
        5 => lt || eq,
        6 => !unordered && !eq,
        7 => !unordered,
        8 => unordered || eq,
        9 => unordered || gt,
        10 => unordered || gt || eq,
        11 => unordered || lt,
        12 => unordered || lt || eq,
        13 => !eq,
        14 => unordered,
        _ => true,
    }
}

/// `ty` with an `i1` element type (scalar `i1` for scalars).
fn i1_same_shape(ctx: &Context, ty: Type) -> Type {
    let i1 = ctx.signless_int(1);
    ctx.with_element_type(ty, i1).unwrap_or(i1)
}

/// The width of an integer or a vector of integers (upstream's `getIntegerWidth` in cmpi).
fn scalar_or_vector_int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Vector { element, .. } => match ctx.type_kind(*element) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        },
        _ => None,
    }
}

fn fold_cmpi(ctx: &mut Context, op: OpId, c: Consts) -> Result<Folded> {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let Some(pred) = predicate(ctx, op) else { return Ok(Folded::NotFolded) };
    let ty = result_type(ctx, op)?;
    if lhs == rhs {
        let equal = matches!(pred, EQ | SLE | SGE | ULE | UGE);
        return Ok(attr(splat_or_scalar(ctx, ty, equal as u128)));
    }
    let lhs_is_i1 =
        matches!(ctx.type_kind(ctx.element_type_or_self(ctx.value_type(lhs)?)), TypeKind::Integer { width: 1, .. });
    if is_zero(ctx, c[1]) {
        for ext in ["arith.extsi", "arith.extui"] {
            if let Some(e) = def_named(ctx, lhs, ext) {
                let src = operand(ctx, e, 0)?;
                if scalar_or_vector_int_width(ctx, ctx.value_type(src)?) == Some(1) && pred == NE {
                    return Ok(value(src));
                }
            }
        }
        if lhs_is_i1 && pred == NE {
            return Ok(value(lhs));
        }
    }
    if is_one(ctx, c[1]) && lhs_is_i1 && pred == EQ {
        return Ok(value(lhs));
    }
    if c[0].is_some() && c[1].is_none() {
        let swapped = match pred {
            SLT => SGT,
            SGT => SLT,
            SLE => SGE,
            SGE => SLE,
            ULT => UGT,
            UGT => ULT,
            ULE => UGE,
            UGE => ULE,
            p => p,
        };
        let i64t = ctx.signless_int(64);
        let p = ctx.integer_attr(i64t, swapped)?;
        ctx.set_op_attribute(op, "predicate", p)?;
        ctx.set_operands(op, &[rhs, lhs])?;
        return Ok(Folded::InPlace);
    }
    let Some(lhs_ty) = c[0].and_then(|a| ctx.attr_type(a)) else { return Ok(Folded::NotFolded) };
    let result_ty = i1_same_shape(ctx, lhs_ty);
    Ok(attr(fold_binary(ctx, c, ElemClass::Int, Some(result_ty), |a, b| {
        Some(Elem::Int(Int::new(cmpi(pred, a.int()?, b.int()?) as u128, 1)))
    })))
}

fn fold_select(ctx: &mut Context, op: OpId, c: Consts) -> Result<Folded> {
    let (cond, t, f) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
    if t == f {
        return Ok(value(t));
    }
    if is_one(ctx, c[0]) {
        return Ok(value(t));
    }
    if is_zero(ctx, c[0]) {
        return Ok(value(f));
    }
    if is_poison(ctx, c[1]) {
        return Ok(value(f));
    }
    if is_poison(ctx, c[2]) {
        return Ok(value(t));
    }
    let ty = result_type(ctx, op)?;
    if matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, signedness: crate::types::Signedness::Signless })
        && is_one(ctx, c[1])
        && is_zero(ctx, c[2])
    {
        return Ok(value(cond));
    }
    if let Some(cmp) = def_named(ctx, cond, "arith.cmpi") {
        let pred = predicate(ctx, cmp);
        if pred == Some(EQ) || pred == Some(NE) {
            let (cl, cr) = (operand(ctx, cmp, 0)?, operand(ctx, cmp, 1)?);
            if (cl == t && cr == f) || (cr == t && cl == f) {
                return Ok(value(if pred == Some(NE) { t } else { f }));
            }
        }
    }
    if let (Some(cd), Some(l), Some(r)) =
        (c[0].and_then(|a| dense(ctx, a)), c[1].and_then(|a| dense(ctx, a)), c[2].and_then(|a| dense(ctx, a)))
    {
        let n = cd.values.len().max(l.values.len()).max(r.values.len());
        let at = |v: &Vec<u128>, i: usize| if v.len() == 1 { v[0] } else { v[i] };
        let out: Vec<u128> =
            (0..n).map(|i| if at(&cd.values, i) & 1 == 1 { at(&l.values, i) } else { at(&r.values, i) }).collect();
        return Ok(attr(make_dense(ctx, l.ty, &out)));
    }
    Ok(Folded::NotFolded)
}

// ---- canonicalization patterns ----

fn loc(rw: &Rewriter<'_>, op: OpId) -> Result<crate::attrs::Location> {
    rw.ctx().op_location(op)
}

/// Creates `name` at the rewriter's insertion point and gives its first result.
fn build(
    rw: &mut Rewriter<'_>,
    name: &str,
    at: OpId,
    operands: &[Value],
    results: &[Type],
    attrs: &[(&str, Attribute)],
) -> Result<Value> {
    let mut state = OperationState::new(name, loc(rw, at)?).operands(operands).results(results);
    for (n, v) in attrs {
        state.attributes.push(NamedAttribute { name: rw.ctx().identifier(n), value: *v });
    }
    let new = rw.create_op(&state)?;
    rw.ctx().op_result(new, 0)
}

fn constant(rw: &mut Rewriter<'_>, at: OpId, value: Attribute, ty: Type) -> Result<Value> {
    build(rw, "arith.constant", at, &[], &[ty], &[("value", value)])
}

fn overflow_attr(ctx: &Context, flags: u64) -> Option<Attribute> {
    let def = ctx.lookup_attr_def("arith.overflow")?;
    let i32t = ctx.signless_int(32);
    let p = ctx.integer_attr(i32t, flags as i64).ok()?;
    ctx.dialect_attr(def, &[p]).ok()
}

fn vtype(rw: &Rewriter<'_>, v: Value) -> Result<Type> {
    rw.ctx().value_type(v)
}

/// An `IntegerAttr` constant (DRR's `ConstantLikeMatcher APIntAttr`).
fn int_attr_of(ctx: &Context, v: Value) -> Option<Int> {
    fu::scalar_int(ctx, constant_value(ctx, v)?)
}

/// A rewrite of a binary integer op into `name(a, b)` with overflow flags.
fn replace_binary(rw: &mut Rewriter<'_>, op: OpId, name: &str, a: Value, b: Value, flags: u64) -> Result<()> {
    let ty = rw.ctx().value_type(rw.ctx().op_result(op, 0)?)?;
    let mut attrs = Vec::new();
    if let Some(f) = overflow_attr(rw.ctx(), flags) {
        attrs.push(("overflowFlags", f));
    }
    let v = build(rw, name, op, &[a, b], &[ty], &attrs)?;
    rw.replace_op(op, &[v])
}

/// Which operand of a constant-folding pattern holds the new constant.
#[derive(Copy, Clone)]
enum Side {
    /// `name(x, cst)`.
    Rhs,
    /// `name(cst, x)`.
    Lhs,
}

/// The shared shape of the constant-reassociation patterns: `value` computed from the
/// matched constants becomes a new constant, then `name` with `x` on the given side.
fn reassociate(
    rw: &mut Rewriter<'_>,
    op: OpId,
    name: &str,
    x: Value,
    value: Int,
    side: Side,
    flags: u64,
) -> Result<bool> {
    let ty = rw.ctx().value_type(rw.ctx().op_result(op, 0)?)?;
    let Some(a) = scalar_attr(rw.ctx(), ty, value.bits) else { return Ok(false) };
    let c = constant(rw, op, a, ty)?;
    let (l, r) = match side {
        Side::Rhs => (x, c),
        Side::Lhs => (c, x),
    };
    replace_binary(rw, op, name, l, r, flags)?;
    Ok(true)
}

/// Where a nested constant pattern finds its inner op (an operand of the root) and, among
/// the inner op's operands, the constant `c0`.
#[derive(Copy, Clone)]
enum Nested {
    /// `root(inner(c0, x), c1)`.
    LhsConstFirst,
    /// `root(inner(x, c0), c1)`.
    LhsConstSecond,
    /// `root(c1, inner(c0, x))`.
    RhsConstFirst,
    /// `root(c1, inner(x, c0))`.
    RhsConstSecond,
}

/// The reassociation patterns of two nested ops with a constant each: `root` of `inner`
/// with constants `c0` (inner) and `c1` (root) becomes `result(x, combine(c0, c1))` (or its
/// mirror, by `side`), keeping the overflow flags both ops have.
fn fold_nested_constants(
    rw: &mut Rewriter<'_>,
    op: OpId,
    inner: &str,
    at: Nested,
    result: &str,
    side: Side,
    combine: fn(Int, Int) -> Int,
) -> Result<bool> {
    let ctx = rw.ctx();
    let inner_on_lhs = matches!(at, Nested::LhsConstFirst | Nested::LhsConstSecond);
    let Some((inner, p0, p1, c1)) = match_nested(ctx, op, inner, inner_on_lhs) else { return Ok(false) };
    let (c0v, x) = if matches!(at, Nested::LhsConstFirst | Nested::RhsConstFirst) { (p0, p1) } else { (p1, p0) };
    let Some(c0) = int_attr_of(ctx, c0v) else { return Ok(false) };
    let f = flags(ctx, op) & flags(ctx, inner);
    reassociate(rw, op, result, x, combine(c0, c1), side, f)
}

/// Matches `root(inner(p0, p1), c)` (`inner_on_lhs`) or `root(c, inner(p0, p1))` where `c` is
/// an integer constant: gives (inner op, its operands, `c`).
fn match_nested(ctx: &Context, op: OpId, inner: &str, inner_on_lhs: bool) -> Option<(OpId, Value, Value, Int)> {
    let (io, co) = if inner_on_lhs { (0, 1) } else { (1, 0) };
    let i = def_named(ctx, opnd(ctx, op, io)?, inner)?;
    let c = int_attr_of(ctx, opnd(ctx, op, co)?)?;
    Some((i, opnd(ctx, i, 0)?, opnd(ctx, i, 1)?, c))
}

fn flags(ctx: &Context, op: OpId) -> u64 {
    enum_flags(ctx, op, "overflowFlags")
}

type PatternFn = fn(&mut Rewriter<'_>, OpId) -> Result<bool>;

fn pat(ctx: &mut Context, name: &str, root: &str, benefit: u16, f: PatternFn) {
    // A duplicate name means the dialect was loaded into this context already.
    let _ = ctx.register_rewrite_pattern(RewritePattern::new(name, root, f).benefit(benefit));
}

pub(crate) fn register_patterns(ctx: &mut Context) {
    // addi: constants sit on the right (Commutative).
    pat(ctx, "AddIAddConstant", "arith.addi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.addi", Nested::LhsConstSecond, "arith.addi", Side::Rhs, |c0, c1| {
            c0.wrapping_add(c1)
        })
    });
    pat(ctx, "AddISubConstantRHS", "arith.addi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.subi", Nested::LhsConstSecond, "arith.addi", Side::Rhs, |c0, c1| {
            c1.wrapping_sub(c0)
        })
    });
    pat(ctx, "AddISubConstantLHS", "arith.addi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.subi", Nested::LhsConstFirst, "arith.subi", Side::Lhs, |c0, c1| {
            c0.wrapping_add(c1)
        })
    });
    pat(ctx, "AddIMulNegativeOneRhs", "arith.addi", 2, |rw, op| {
        let ctx = rw.ctx();
        let (Some(x), Some(m)) = (opnd(ctx, op, 0), opnd(ctx, op, 1)) else { return Ok(false) };
        let Some(mul) = def_named(ctx, m, "arith.muli") else { return Ok(false) };
        let (Some(y), Some(c)) = (opnd(ctx, mul, 0), opnd(ctx, mul, 1)) else { return Ok(false) };
        if !const_int(ctx, c).is_some_and(Int::is_all_ones) {
            return Ok(false);
        }
        replace_binary(rw, op, "arith.subi", x, y, 0)?;
        Ok(true)
    });
    pat(ctx, "AddIMulNegativeOneLhs", "arith.addi", 2, |rw, op| {
        let ctx = rw.ctx();
        let (Some(m), Some(y)) = (opnd(ctx, op, 0), opnd(ctx, op, 1)) else { return Ok(false) };
        let Some(mul) = def_named(ctx, m, "arith.muli") else { return Ok(false) };
        let (Some(x), Some(c)) = (opnd(ctx, mul, 0), opnd(ctx, mul, 1)) else { return Ok(false) };
        if !const_int(ctx, c).is_some_and(Int::is_all_ones) {
            return Ok(false);
        }
        replace_binary(rw, op, "arith.subi", y, x, 0)?;
        Ok(true)
    });

    pat(ctx, "SubIRHSAddConstant", "arith.subi", 2, |rw, op| {
        let ctx = rw.ctx();
        let Some((_, x, c0v, c1)) = match_nested(ctx, op, "arith.addi", true) else { return Ok(false) };
        let Some(c0) = int_attr_of(ctx, c0v) else { return Ok(false) };
        reassociate(rw, op, "arith.addi", x, c0.wrapping_sub(c1), Side::Rhs, 0)
    });
    pat(ctx, "SubILHSAddConstant", "arith.subi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.addi", Nested::RhsConstSecond, "arith.subi", Side::Lhs, |c0, c1| {
            c1.wrapping_sub(c0)
        })
    });
    pat(ctx, "SubIRHSSubConstantRHS", "arith.subi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.subi", Nested::LhsConstSecond, "arith.subi", Side::Rhs, |c0, c1| {
            c0.wrapping_add(c1)
        })
    });
    pat(ctx, "SubIRHSSubConstantLHS", "arith.subi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.subi", Nested::LhsConstFirst, "arith.subi", Side::Lhs, |c0, c1| {
            c0.wrapping_sub(c1)
        })
    });
    pat(ctx, "SubILHSSubConstantRHS", "arith.subi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.subi", Nested::RhsConstSecond, "arith.subi", Side::Lhs, |c0, c1| {
            c0.wrapping_add(c1)
        })
    });
    pat(ctx, "SubILHSSubConstantLHS", "arith.subi", 2, |rw, op| {
        fold_nested_constants(rw, op, "arith.subi", Nested::RhsConstFirst, "arith.addi", Side::Rhs, |c0, c1| {
            c1.wrapping_sub(c0)
        })
    });
    pat(ctx, "SubISubILHSRHSLHS", "arith.subi", 2, |rw, op| {
        let ctx = rw.ctx();
        let (Some(l), Some(r)) = (opnd(ctx, op, 0), opnd(ctx, op, 1)) else { return Ok(false) };
        let Some(inner) = def_named(ctx, l, "arith.subi") else { return Ok(false) };
        let (Some(x), Some(y)) = (opnd(ctx, inner, 0), opnd(ctx, inner, 1)) else { return Ok(false) };
        if x != r {
            return Ok(false);
        }
        let f = flags(ctx, op) & flags(ctx, inner);
        let ty = vtype(rw, y)?;
        let Some(z) = zero_attr(rw.ctx(), ty) else { return Ok(false) };
        let c = constant(rw, op, z, ty)?;
        replace_binary(rw, op, "arith.subi", c, y, f)?;
        Ok(true)
    });

    pat(ctx, "MulIMulIConstant", "arith.muli", 2, |rw, op| {
        let ctx = rw.ctx();
        let Some((inner, x, c0v, c1)) = match_nested(ctx, op, "arith.muli", true) else { return Ok(false) };
        let Some(c0) = int_attr_of(ctx, c0v) else { return Ok(false) };
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        let attr_ty = |v: Value| constant_value(ctx, v).and_then(|a| ctx.attr_type(a));
        if attr_ty(c0v) != Some(ty) || attr_ty(opnd(ctx, op, 1).expect("matched")) != Some(ty) {
            return Ok(false);
        }
        let f = flags(ctx, op) & flags(ctx, inner);
        reassociate(rw, op, "arith.muli", x, c0.wrapping_mul(c1), Side::Rhs, f)
    });

    pat(ctx, "XOrINotCmpI", "arith.xori", 2, |rw, op| {
        let ctx = rw.ctx();
        let (Some(l), Some(r)) = (opnd(ctx, op, 0), opnd(ctx, op, 1)) else { return Ok(false) };
        let Some(cmp) = def_named(ctx, l, "arith.cmpi") else { return Ok(false) };
        if constant_value(ctx, r) != Some(ctx.bool_attr(true)) {
            return Ok(false);
        }
        let Some(p) = predicate(ctx, cmp) else { return Ok(false) };
        let inverted = match p {
            EQ => NE,
            NE => EQ,
            SLT => SGE,
            SLE => SGT,
            SGT => SLE,
            SGE => SLT,
            ULT => UGE,
            ULE => UGT,
            UGT => ULE,
            _ => ULT,
        };
        let (a, b) = (operand(ctx, cmp, 0)?, operand(ctx, cmp, 1)?);
        let i64t = ctx.signless_int(64);
        let pa = ctx.integer_attr(i64t, inverted)?;
        let ty = i1_same_shape(ctx, ctx.value_type(a)?);
        let v = build(rw, "arith.cmpi", op, &[a, b], &[ty], &[("predicate", pa)])?;
        rw.replace_op(op, &[v])?;
        Ok(true)
    });
    pat(ctx, "XOrIXOrIConstant", "arith.xori", 2, |rw, op| {
        let ctx = rw.ctx();
        let Some((_, x, c0v, c1)) = match_nested(ctx, op, "arith.xori", true) else { return Ok(false) };
        let Some(c0) = int_attr_of(ctx, c0v) else { return Ok(false) };
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        let Some(a) = scalar_attr(ctx, ty, c0.xor(c1).bits) else { return Ok(false) };
        let c = constant(rw, op, a, ty)?;
        let v = build(rw, "arith.xori", op, &[x, c], &[ty], &[])?;
        rw.replace_op(op, &[v])?;
        Ok(true)
    });
    pat(ctx, "XOrIOfExtUI", "arith.xori", 3, |rw, op| logic_of_ext(rw, op, "arith.extui", "arith.xori"));
    pat(ctx, "XOrIOfExtSI", "arith.xori", 3, |rw, op| logic_of_ext(rw, op, "arith.extsi", "arith.xori"));
    pat(ctx, "AndOfExtUI", "arith.andi", 3, |rw, op| logic_of_ext(rw, op, "arith.extui", "arith.andi"));
    pat(ctx, "AndOfExtSI", "arith.andi", 3, |rw, op| logic_of_ext(rw, op, "arith.extsi", "arith.andi"));
    pat(ctx, "OrOfExtUI", "arith.ori", 3, |rw, op| logic_of_ext(rw, op, "arith.extui", "arith.ori"));
    pat(ctx, "OrOfExtSI", "arith.ori", 3, |rw, op| logic_of_ext(rw, op, "arith.extsi", "arith.ori"));

    pat(ctx, "CmpFIntToFPConst", "arith.cmpf", 1, cmpf_int_to_fp_const);
    pat(ctx, "CmpIExtSI", "arith.cmpi", 3, |rw, op| cmpi_of_ext(rw, op, "arith.extsi"));
    pat(ctx, "CmpIExtUI", "arith.cmpi", 3, |rw, op| cmpi_of_ext(rw, op, "arith.extui"));

    // select, in upstream's order: RedundantSelectFalse, RedundantSelectTrue, SelectNotCond,
    // SelectI1ToNot, SelectToExtUI.
    pat(ctx, "RedundantSelectFalse", "arith.select", 2, |rw, op| {
        let ctx = rw.ctx();
        let (p, a, s) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
        let Some(inner) = def_named(ctx, s, "arith.select") else { return Ok(false) };
        if operand(ctx, inner, 0)? != p {
            return Ok(false);
        }
        let c = operand(ctx, inner, 2)?;
        replace_select(rw, op, p, a, c)
    });
    pat(ctx, "RedundantSelectTrue", "arith.select", 2, |rw, op| {
        let ctx = rw.ctx();
        let (p, s, c) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
        let Some(inner) = def_named(ctx, s, "arith.select") else { return Ok(false) };
        if operand(ctx, inner, 0)? != p {
            return Ok(false);
        }
        let a = operand(ctx, inner, 1)?;
        replace_select(rw, op, p, a, c)
    });
    pat(ctx, "SelectNotCond", "arith.select", 2, |rw, op| {
        let ctx = rw.ctx();
        let (n, a, b) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
        let Some(xor) = def_named(ctx, n, "arith.xori") else { return Ok(false) };
        let (p, ones) = (operand(ctx, xor, 0)?, operand(ctx, xor, 1)?);
        if !int_attr_of(ctx, ones).is_some_and(Int::is_all_ones) {
            return Ok(false);
        }
        replace_select(rw, op, p, b, a)
    });
    pat(ctx, "SelectI1ToNot", "arith.select", 1, |rw, op| {
        let ctx = rw.ctx();
        let (p, t, f) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
        if constant_value(ctx, t) != Some(ctx.bool_attr(false)) || constant_value(ctx, f) != Some(ctx.bool_attr(true)) {
            return Ok(false);
        }
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        let i1 = ctx.signless_int(1);
        let tr = ctx.bool_attr(true);
        let one = constant(rw, op, tr, i1)?;
        let v = build(rw, "arith.xori", op, &[p, one], &[ty], &[])?;
        rw.replace_op(op, &[v])?;
        Ok(true)
    });
    pat(ctx, "SelectToExtUI", "arith.select", 1, |rw, op| {
        let ctx = rw.ctx();
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        if !matches!(ctx.type_kind(ty), TypeKind::Integer { width, .. } if *width != 1) {
            return Ok(false);
        }
        let (p, t, f) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
        let (ti, fi) = (const_int(ctx, t), const_int(ctx, f));
        if ti.is_some_and(Int::is_one) && fi.is_some_and(Int::is_zero) {
            let v = build(rw, "arith.extui", op, &[p], &[ty], &[])?;
            rw.replace_op(op, &[v])?;
            return Ok(true);
        }
        if ti.is_some_and(Int::is_zero) && fi.is_some_and(Int::is_one) {
            let pty = ctx.value_type(p)?;
            let Some(one) = scalar_attr(ctx, pty, 1) else { return Ok(false) };
            let c = constant(rw, op, one, pty)?;
            let n = build(rw, "arith.xori", op, &[p, c], &[pty], &[])?;
            let v = build(rw, "arith.extui", op, &[n], &[ty], &[])?;
            rw.replace_op(op, &[v])?;
            return Ok(true);
        }
        Ok(false)
    });

    pat(ctx, "IndexCastOfExtSI", "arith.index_cast", 2, |rw, op| cast_of(rw, op, "arith.extsi", "arith.index_cast"));
    pat(ctx, "IndexCastUIOfExtUI", "arith.index_castui", 2, |rw, op| {
        cast_of(rw, op, "arith.extui", "arith.index_castui")
    });
    pat(ctx, "BitcastOfBitcast", "arith.bitcast", 2, |rw, op| cast_of(rw, op, "arith.bitcast", "arith.bitcast"));
    pat(ctx, "ExtSIOfExtUI", "arith.extsi", 2, |rw, op| cast_of(rw, op, "arith.extui", "arith.extui"));
    pat(ctx, "UIToFPOfExtUI", "arith.uitofp", 2, |rw, op| cast_of(rw, op, "arith.extui", "arith.uitofp"));
    pat(ctx, "SIToFPOfExtSI", "arith.sitofp", 2, |rw, op| cast_of(rw, op, "arith.extsi", "arith.sitofp"));
    pat(ctx, "SIToFPOfExtUI", "arith.sitofp", 2, |rw, op| cast_of(rw, op, "arith.extui", "arith.uitofp"));

    pat(ctx, "TruncIExtSIToExtSI", "arith.trunci", 2, |rw, op| trunc_of_ext(rw, op, "arith.extsi"));
    pat(ctx, "TruncIExtUIToExtUI", "arith.trunci", 2, |rw, op| trunc_of_ext(rw, op, "arith.extui"));
    pat(ctx, "TruncIShrSIToTrunciShrUI", "arith.trunci", 2, |rw, op| {
        let ctx = rw.ctx();
        let Some(shr) = def_named(ctx, operand(ctx, op, 0)?, "arith.shrsi") else { return Ok(false) };
        let (x, cv) = (operand(ctx, shr, 0)?, operand(ctx, shr, 1)?);
        let Some(c0) = constant_value(ctx, cv) else { return Ok(false) };
        let Some(c0_ty) = ctx.attr_type(c0) else { return Ok(false) };
        let Some(amount) = int_or_splat(ctx, Some(c0)) else { return Ok(false) };
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        let (Some(xw), Some(tw)) = (scalar_or_element_width(ctx, ctx.value_type(x)?), scalar_or_element_width(ctx, ty))
        else {
            return Ok(false);
        };
        if (xw - tw) as i128 != amount.sext_value() {
            return Ok(false);
        }
        let f = flags(ctx, op);
        let xty = ctx.value_type(x)?;
        let c = constant(rw, op, c0, c0_ty)?;
        let s = build(rw, "arith.shrui", op, &[x, c], &[xty], &[])?;
        let mut attrs = Vec::new();
        if let Some(a) = overflow_attr(rw.ctx(), f) {
            attrs.push(("overflowFlags", a));
        }
        let v = build(rw, "arith.trunci", op, &[s], &[ty], &attrs)?;
        rw.replace_op(op, &[v])?;
        Ok(true)
    });

    pat(ctx, "TruncFSIToFPToSIToFP", "arith.truncf", 2, |rw, op| truncf_of_itofp(rw, op, "arith.sitofp"));
    pat(ctx, "TruncFUIToFPToUIToFP", "arith.truncf", 2, |rw, op| truncf_of_itofp(rw, op, "arith.uitofp"));

    pat(ctx, "AddFOfNegFLhs", "arith.addf", 2, |rw, op| {
        let ctx = rw.ctx();
        let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        let Some(n) = def_named(ctx, l, "arith.negf") else { return Ok(false) };
        let x = operand(ctx, n, 0)?;
        replace_float_binary(rw, op, "arith.subf", r, x)
    });
    pat(ctx, "AddFOfNegFRhs", "arith.addf", 2, |rw, op| {
        let ctx = rw.ctx();
        let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        let Some(n) = def_named(ctx, r, "arith.negf") else { return Ok(false) };
        let y = operand(ctx, n, 0)?;
        replace_float_binary(rw, op, "arith.subf", l, y)
    });
    pat(ctx, "SubFFromNegZero", "arith.subf", 1, |rw, op| {
        let ctx = rw.ctx();
        let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        let neg_zero = float_or_splat(ctx, constant_value(ctx, l))
            .is_some_and(|(k, b)| float_value(k, b) == 0.0 && float_is_negative(k, b));
        if !neg_zero {
            return Ok(false);
        }
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        let mut attrs = Vec::new();
        if let Some(fm) = ctx.op_inherent_or_discardable(op, "fastmath")? {
            attrs.push(("fastmath", fm));
        }
        let v = build(rw, "arith.negf", op, &[r], &[ty], &attrs)?;
        rw.replace_op(op, &[v])?;
        Ok(true)
    });
    pat(ctx, "MulFOfNegF", "arith.mulf", 3, |rw, op| fop_of_negf(rw, op, "arith.mulf"));
    pat(ctx, "DivFOfNegF", "arith.divf", 3, |rw, op| fop_of_negf(rw, op, "arith.divf"));

    pat(ctx, "AddUIExtendedToAddI", "arith.addui_extended", 1, |rw, op| extended_to_plain(rw, op, "arith.addi"));
    pat(ctx, "MulSIExtendedToMulI", "arith.mulsi_extended", 1, |rw, op| extended_to_plain(rw, op, "arith.muli"));
    pat(ctx, "MulSIExtendedRHSOne", "arith.mulsi_extended", 1, |rw, op| {
        let ctx = rw.ctx();
        let (x, c) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
        // IsScalarOrSplatOne: one as a signed value (an i1 `true` is -1).
        if !const_int(ctx, c).is_some_and(|i| i.is_one() && !i.is_negative()) {
            return Ok(false);
        }
        let ty = ctx.value_type(x)?;
        let Some(z) = zero_attr(ctx, ty) else { return Ok(false) };
        let i64t = ctx.signless_int(64);
        let slt = ctx.integer_attr(i64t, SLT)?;
        let bty = i1_same_shape(ctx, ty);
        let zero = constant(rw, op, z, ty)?;
        let cmp = build(rw, "arith.cmpi", op, &[x, zero], &[bty], &[("predicate", slt)])?;
        let high = build(rw, "arith.extsi", op, &[cmp], &[ty], &[])?;
        rw.replace_op(op, &[x, high])?;
        Ok(true)
    });
    pat(ctx, "MulUIExtendedToMulI", "arith.mului_extended", 1, |rw, op| extended_to_plain(rw, op, "arith.muli"));
}

/// `getScalarOrElementWidth`: the bit width of an integer or float (or of a shaped type's
/// element); `None` for anything else, `index` included.
fn scalar_or_element_width(ctx: &Context, ty: Type) -> Option<i64> {
    match ctx.type_kind(ctx.element_type_or_self(ty)) {
        TypeKind::Integer { width, .. } => Some(*width as i64),
        TypeKind::Float(k) => Some(k.bit_width() as i64),
        _ => None,
    }
}

/// Replaces a float op with `name(a, b)`, keeping its fast-math flags.
fn replace_float_binary(rw: &mut Rewriter<'_>, op: OpId, name: &str, a: Value, b: Value) -> Result<bool> {
    let ctx = rw.ctx();
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let mut attrs = Vec::new();
    if let Some(fm) = ctx.op_inherent_or_discardable(op, "fastmath")? {
        attrs.push(("fastmath", fm));
    }
    let v = build(rw, name, op, &[a, b], &[ty], &attrs)?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

fn replace_select(rw: &mut Rewriter<'_>, op: OpId, p: Value, a: Value, b: Value) -> Result<bool> {
    let ty = rw.ctx().value_type(rw.ctx().op_result(op, 0)?)?;
    let v = build(rw, "arith.select", op, &[p, a, b], &[ty], &[])?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

/// `logic(ext(x), ext(y)) -> ext(logic(x, y))` when `x` and `y` have one type.
fn logic_of_ext(rw: &mut Rewriter<'_>, op: OpId, ext: &str, logic: &str) -> Result<bool> {
    let ctx = rw.ctx();
    let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let (Some(el), Some(er)) = (def_named(ctx, l, ext), def_named(ctx, r, ext)) else { return Ok(false) };
    let (x, y) = (operand(ctx, el, 0)?, operand(ctx, er, 0)?);
    let xty = ctx.value_type(x)?;
    if xty != ctx.value_type(y)? {
        return Ok(false);
    }
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let inner = build(rw, logic, op, &[x, y], &[xty], &[])?;
    let v = build(rw, ext, op, &[inner], &[ty], &[])?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

fn cmpi_of_ext(rw: &mut Rewriter<'_>, op: OpId, ext: &str) -> Result<bool> {
    let ctx = rw.ctx();
    let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let (Some(el), Some(er)) = (def_named(ctx, l, ext), def_named(ctx, r, ext)) else { return Ok(false) };
    let (a, b) = (operand(ctx, el, 0)?, operand(ctx, er, 0)?);
    if ctx.value_type(a)? != ctx.value_type(b)? || !matches!(predicate(ctx, op), Some(EQ | NE)) {
        return Ok(false);
    }
    let Some(p) = ctx.op_inherent_or_discardable(op, "predicate")? else { return Ok(false) };
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let v = build(rw, "arith.cmpi", op, &[a, b], &[ty], &[("predicate", p)])?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

/// `outer(inner(x)) -> new(x)`, typed as the root.
fn cast_of(rw: &mut Rewriter<'_>, op: OpId, inner: &str, new: &str) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(i) = def_named(ctx, operand(ctx, op, 0)?, inner) else { return Ok(false) };
    let x = operand(ctx, i, 0)?;
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let v = build(rw, new, op, &[x], &[ty], &[])?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

/// `trunci(ext(x)) -> ext(x)` when only extension bits are dropped.
fn trunc_of_ext(rw: &mut Rewriter<'_>, op: OpId, ext: &str) -> Result<bool> {
    let ctx = rw.ctx();
    let e = operand(ctx, op, 0)?;
    let Some(eop) = def_named(ctx, e, ext) else { return Ok(false) };
    let x = operand(ctx, eop, 0)?;
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let w = |t: Type| scalar_or_element_width(ctx, t).unwrap_or(-1);
    let (ew, tw, xw) = (w(ctx.value_type(e)?), w(ty), w(ctx.value_type(x)?));
    if !(ew > tw && tw > 0 && tw > xw && xw > 0) {
        return Ok(false);
    }
    let v = build(rw, ext, op, &[x], &[ty], &[])?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

fn truncf_of_itofp(rw: &mut Rewriter<'_>, op: OpId, itofp: &str) -> Result<bool> {
    let ctx = rw.ctx();
    if ctx.op_inherent_or_discardable(op, "roundingmode")?.is_some() {
        return Ok(false);
    }
    cast_of(rw, op, itofp, itofp)
}

fn fop_of_negf(rw: &mut Rewriter<'_>, op: OpId, name: &str) -> Result<bool> {
    let ctx = rw.ctx();
    let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let (Some(nl), Some(nr)) = (def_named(ctx, l, "arith.negf"), def_named(ctx, r, "arith.negf")) else {
        return Ok(false);
    };
    let (x, y) = (operand(ctx, nl, 0)?, operand(ctx, nr, 0)?);
    if ctx.value_type(x)? != ctx.value_type(y)? {
        return Ok(false);
    }
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let mut attrs = Vec::new();
    if let Some(fm) = ctx.op_inherent_or_discardable(op, "fastmath")? {
        attrs.push(("fastmath", fm));
    }
    let v = build(rw, name, op, &[x, y], &[ty], &attrs)?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}

/// `*_extended(x, y) -> [plain(x, y), x]` when the second result is unused.
fn extended_to_plain(rw: &mut Rewriter<'_>, op: OpId, plain: &str) -> Result<bool> {
    let ctx = rw.ctx();
    if ctx.value_num_uses(ctx.op_result(op, 1)?)? != 0 {
        return Ok(false);
    }
    let (x, y) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let v = build(rw, plain, op, &[x, y], &[ty], &[])?;
    rw.replace_op(op, &[v, x])?;
    Ok(true)
}

/// `floor(log2(|x|))` of a finite, nonzero `x` (APFloat's `ilogb`).
fn ilogb(x: f64) -> i32 {
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE { (x * 2f64.powi(64), 64) } else { (x, 0) };
    (((x.abs().to_bits() >> 52) & 0x7ff) as i32) - 1023 - bias
}

/// `cmpf(pred, [su]itofp(i), c)` as an integer comparison of `i`, or a constant, when the
/// conversion cannot change the outcome (upstream's `CmpFIntToFPConst`).
fn cmpf_int_to_fp_const(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let Some((kind, bits)) = constant_value(ctx, rhs).and_then(|a| fu::scalar_float(ctx, a)) else { return Ok(false) };
    if float_is_nan(kind, bits) {
        return Ok(false);
    }
    let rv = float_value(kind, bits);
    let mantissa_width = kind.semantics().mantissa_bits as i64 + 1;
    let (unsigned, int_val) = if let Some(d) = def_named(ctx, lhs, "arith.sitofp") {
        (false, operand(ctx, d, 0)?)
    } else if let Some(d) = def_named(ctx, lhs, "arith.uitofp") {
        (true, operand(ctx, d, 0)?)
    } else {
        return Ok(false);
    };
    let int_ty = ctx.value_type(int_val)?;
    let Some(w) = (match ctx.type_kind(int_ty) {
        TypeKind::Integer { width, .. } if *width <= 128 => Some(*width),
        _ => None,
    }) else {
        return Ok(false);
    };
    let value_bits = if unsigned { w as i64 } else { w as i64 - 1 };
    if w as i64 > mantissa_width {
        if rv.is_infinite() {
            // ilogb of the largest finite value of an IEEE format is its bias.
            if (kind.semantics().bias as i64) < value_bits {
                return Ok(false);
            }
        } else if rv != 0.0 {
            let e = ilogb(rv) as i64;
            if mantissa_width <= e && e <= value_bits {
                return Ok(false);
            }
        }
    }
    let p = predicate(ctx, op);
    let bool_const = |rw: &mut Rewriter<'_>, b: bool| -> Result<bool> {
        let i1 = rw.ctx().signless_int(1);
        let a = rw.ctx().bool_attr(b);
        let v = constant(rw, op, a, i1)?;
        rw.replace_op(op, &[v])?;
        Ok(true)
    };
    let mut pred = match p {
        Some(7) => return bool_const(rw, true),
        Some(14) => return bool_const(rw, false),
        Some(1 | 8) => EQ,
        Some(2 | 9) => {
            if unsigned {
                UGT
            } else {
                SGT
            }
        }
        Some(3 | 10) => {
            if unsigned {
                UGE
            } else {
                SGE
            }
        }
        Some(4 | 11) => {
            if unsigned {
                ULT
            } else {
                SLT
            }
        }
        Some(5 | 12) => {
            if unsigned {
                ULE
            } else {
                SLE
            }
        }
        Some(6 | 13) => NE,
        _ => return Ok(false),
    };
    let to_float = |negative: bool, mag: u128| float_value(kind, fu::float_from_int(kind, negative, mag));
    let max = if unsigned { to_float(false, u128::MAX >> (128 - w)) } else { to_float(false, u128::MAX >> (129 - w)) };
    if max < rv {
        let t = if unsigned { matches!(pred, NE | ULT | ULE) } else { matches!(pred, NE | SLT | SLE) };
        return bool_const(rw, t);
    }
    let min = if unsigned { 0.0 } else { to_float(true, 1u128 << (w - 1)) };
    if min > rv {
        let t = if unsigned { matches!(pred, NE | UGT | UGE) } else { matches!(pred, NE | SGT | SGE) };
        return bool_const(rw, t);
    }
    let Some(rhs_int) = fu::float_to_int(kind, bits, w, !unsigned) else { return Ok(false) };
    if rv != 0.0 {
        let back = if unsigned || !rhs_int.is_negative() {
            to_float(false, rhs_int.bits)
        } else {
            to_float(true, Int::zero(w).wrapping_sub(rhs_int).bits)
        };
        if back != rv {
            let negative = float_is_negative(kind, bits);
            match pred {
                NE => return bool_const(rw, true),
                EQ => return bool_const(rw, false),
                ULE if negative => return bool_const(rw, false),
                SLE if negative => pred = SLT,
                ULT if negative => return bool_const(rw, false),
                ULT => pred = ULE,
                SLT if !negative => pred = SLE,
                UGT if negative => return bool_const(rw, true),
                SGT if negative => pred = SGE,
                UGE if negative => return bool_const(rw, true),
                UGE => pred = UGT,
                SGE if !negative => pred = SGT,
                _ => {}
            }
        }
    }
    let ctx = rw.ctx();
    let Some(c) = scalar_attr(ctx, int_ty, rhs_int.bits) else { return Ok(false) };
    let i64t = ctx.signless_int(64);
    let pa = ctx.integer_attr(i64t, pred)?;
    let i1 = ctx.signless_int(1);
    let cv = constant(rw, op, c, int_ty)?;
    let v = build(rw, "arith.cmpi", op, &[int_val, cv], &[i1], &[("predicate", pa)])?;
    rw.replace_op(op, &[v])?;
    Ok(true)
}
