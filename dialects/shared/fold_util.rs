//! What every dialect's folds and patterns read and build the same way: an op's operands
//! and result, a fold's single answer, an integer attribute, and an op rebuilt with a more
//! static result type and cast back for its users (upstream's canonicalizations keep the
//! users' types that way, so that no user needs to change).

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::error::Result;
use crate::ir::{OpId, OperationState, Value};
use crate::pass::{FoldResult, Folded, RewritePattern, Rewriter};
use crate::types::{Type, TypeKind, DYNAMIC};

/// Operand `i` of `op`; an error (not a panic) when the op has fewer, as a malformed op
/// must not bring the pass down.
pub fn operand(ctx: &Context, op: OpId, i: usize) -> Result<Value> {
    ctx.op_operand(op, i)?.ok_or_else(|| crate::error::Error::invalid("missing operand"))
}

/// The type of `op`'s first result.
pub fn result_type(ctx: &Context, op: OpId) -> Result<Type> {
    ctx.value_type(ctx.op_result(op, 0)?)
}

/// The op defining `value` when it is named `name` (upstream's `getDefiningOp<OpTy>()`).
pub fn def_op_named(ctx: &Context, value: Value, name: &str) -> Option<OpId> {
    let def = ctx.value_defining_op(value).ok()??;
    (ctx.op_name(def).ok()? == name).then_some(def)
}

/// Whether `attr` is `#ub.poison` (upstream's `ub::PoisonAttr`).
pub fn is_poison(ctx: &Context, attr: Attribute) -> bool {
    ctx.attr_type_id(attr) == crate::typeid::TypeId::of("#ub.poison")
}

/// A fold whose one result is the existing `v`.
pub fn value(v: Value) -> Folded {
    Folded::Results(vec![FoldResult::Value(v)])
}

/// A fold whose one result is the constant `a`.
pub fn attr(a: Attribute) -> Folded {
    Folded::Results(vec![FoldResult::Attr(a)])
}

/// The value of an integer attribute sign-extended from its type's width (index and
/// non-integer types read as 64 bits).
pub fn int_of(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, value } => {
            let width = match ctx.type_kind(*ty) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            value.to_i64(width)
        }
        _ => None,
    }
}

/// `shape` with each dynamic extent made static where `constant` knows its size operand
/// (`sizes` holds one per dynamic extent, in order), and the sizes that stay dynamic.
pub fn fold_dynamic_extents(
    shape: &[i64],
    sizes: &[Value],
    constant: impl Fn(Value) -> Option<i64>,
) -> (Vec<i64>, Vec<Value>) {
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut kept = Vec::new();
    let mut next = 0;
    for &d in shape {
        if d != DYNAMIC {
            new_shape.push(d);
            continue;
        }
        let v = sizes[next];
        next += 1;
        match constant(v) {
            Some(c) => new_shape.push(c),
            None => {
                new_shape.push(DYNAMIC);
                kept.push(v);
            }
        }
    }
    (new_shape, kept)
}

/// A copy of `op` at the insertion point whose result has type `ty`, its operands set by
/// `set_operands`; the copy keeps the inherent attributes and the regions but not the
/// discardable attributes, which upstream's newly built op does not have either.
pub fn clone_retyped(
    rw: &mut Rewriter<'_>,
    op: OpId,
    ty: Type,
    set_operands: impl FnOnce(&mut Context, OpId) -> Result<()>,
) -> Result<Value> {
    let new = rw.clone_op(op)?;
    rw.modify_op(new, |ctx| {
        set_operands(ctx, new)?;
        ctx.set_op_attributes(new, &[])?;
        let r = ctx.op_result(new, 0)?;
        ctx.set_value_type(r, ty)
    })?;
    rw.ctx().op_result(new, 0)
}

/// Replaces `op` with `value`, through a `cast` op back to `op`'s result type when `value`
/// has another, so that `op`'s users keep the type they were built for.
pub fn replace_through_cast(rw: &mut Rewriter<'_>, op: OpId, value: Value, cast: &str) -> Result<()> {
    let old_ty = result_type(rw.ctx(), op)?;
    if rw.ctx().value_type(value)? == old_ty {
        return rw.replace_op(op, &[value]);
    }
    let loc = rw.ctx().op_location(op)?;
    rw.replace_op_with_new(op, &OperationState::new(cast, loc).operands(&[value]).results(&[old_ty]))?;
    Ok(())
}

/// Registers a dialect's canonicalization patterns, which happens once, when it loads: a
/// failure is a bug in the dialect's table (a name used twice).
pub fn register_patterns(ctx: &mut Context, patterns: impl IntoIterator<Item = RewritePattern>) {
    for p in patterns {
        ctx.register_rewrite_pattern(p).expect("a dialect's patterns are registered once");
    }
}
