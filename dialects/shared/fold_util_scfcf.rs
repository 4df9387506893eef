//! Helpers the scf and cf folds share: integer constants as MLIR's `m_ConstantInt` sees
//! them, op states with operand segments, and moving a block's ops into another block the
//! way MLIR's `RewriterBase::inlineBlockBefore` does (so that the driver revisits them).

use crate::attrs::{ApInt, AttrKind, Attribute, NamedAttribute};
use crate::context::Context;
use crate::error::Result;
use crate::ir::{BlockId, InsertPoint, OpId, OperationState, Value};
use crate::pass::Rewriter;
use crate::types::{Signedness, Type, TypeKind};

/// The value of an integer (or `i1`) constant attribute, or of an integer splat.
pub fn attr_int(ctx: &Context, attr: Attribute) -> Option<ApInt> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value, .. } => Some(value.clone()),
        AttrKind::Bool(b) => Some(ApInt::from_i64(*b as i64, 1)),
        AttrKind::DenseIntOrFloat { ty, splat: true, .. } => {
            let element = ctx.element_type(*ty)?;
            let width = match ctx.type_kind(element) {
                TypeKind::Integer { width, .. } => *width,
                TypeKind::Index => 64,
                _ => return None,
            };
            let v = ctx.dense_int_values(attr)?;
            Some(ApInt::from_i64(*v.first()?, width))
        }
        _ => None,
    }
}

/// MLIR's `m_ConstantInt`: the integer a value is a constant of.
pub fn const_int(ctx: &Context, v: Value) -> Option<ApInt> {
    attr_int(ctx, crate::pass::constant_value(ctx, v)?)
}

/// The value of `v` as a signed 64-bit integer when it is an integer constant that fits
/// (MLIR's `getConstantIntValue`).
pub fn const_i64(ctx: &Context, v: Value) -> Option<i64> {
    let ty = ctx.value_type(v).ok()?;
    let width = match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Index => 64,
        _ => return None,
    };
    const_int(ctx, v)?.to_i64(width)
}

/// A `DenseI32ArrayAttr`.
pub fn dense_i32_array(ctx: &Context, values: &[i32]) -> Result<Attribute> {
    let i32_ty = ctx.integer_type(32, Signedness::Signless)?;
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.dense_array_attr(i32_ty, &bytes)
}

/// The state of an op named `name` with operand groups `groups` (an `operandSegmentSizes`
/// property when there is more than one group), extra properties and successors.
pub fn state_with_groups(
    ctx: &Context,
    name: &str,
    loc: crate::attrs::Location,
    groups: &[&[Value]],
    properties: Vec<NamedAttribute>,
    successors: &[BlockId],
    results: &[Type],
) -> Result<OperationState> {
    let operands: Vec<Value> = groups.iter().flat_map(|g| g.iter().copied()).collect();
    let mut props = properties;
    if groups.len() > 1 {
        let sizes: Vec<i32> = groups.iter().map(|g| g.len() as i32).collect();
        props
            .push(NamedAttribute { name: ctx.identifier("operandSegmentSizes"), value: dense_i32_array(ctx, &sizes)? });
    }
    let mut state = OperationState::new(name, loc).operands(&operands).successors(successors).results(results);
    if !props.is_empty() {
        props.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
        state = state.properties(ctx.dictionary_attr(&props)?);
    }
    Ok(state)
}

/// MLIR's `RewriterBase::inlineBlockBefore`: the uses of `source`'s arguments become
/// `args`, its ops move one by one to `point` (each revisited), and `source` is erased.
pub fn inline_block(rw: &mut Rewriter<'_>, source: BlockId, point: InsertPoint, args: &[Value]) -> Result<()> {
    let params = rw.ctx().block_arguments(source)?;
    for (&p, &a) in params.iter().zip(args) {
        rw.replace_all_uses_with(p, a)?;
    }
    for op in rw.ctx().block_ops(source)? {
        rw.move_op(op, point)?;
    }
    rw.untracked().erase_block(source)?;
    rw.mark_changed();
    Ok(())
}

/// MLIR's `RewriterBase::mergeBlocks`: `source`'s ops go to the end of `dest`.
pub fn merge_blocks(rw: &mut Rewriter<'_>, source: BlockId, dest: BlockId, args: &[Value]) -> Result<()> {
    inline_block(rw, source, InsertPoint::BlockEnd(dest), args)
}

/// The block's terminator (its last op).
pub fn terminator(ctx: &Context, block: BlockId) -> Option<OpId> {
    ctx.block_last_op(block).ok().flatten()
}

/// MLIR's `Block::getSinglePredecessor`: the block's only predecessor use's block.
pub fn single_predecessor(ctx: &Context, block: BlockId) -> Option<BlockId> {
    let preds = ctx.block_predecessors(block).ok()?;
    match preds[..] {
        [p] => ctx.op_parent_block(p.op).ok().flatten(),
        _ => None,
    }
}

/// MLIR's `Block::getUniquePredecessor`: the block all predecessor uses come from.
pub fn unique_predecessor(ctx: &Context, block: BlockId) -> Option<BlockId> {
    let preds = ctx.block_predecessors(block).ok()?;
    let mut unique = None;
    for p in preds {
        let b = ctx.op_parent_block(p.op).ok().flatten()?;
        match unique {
            None => unique = Some(b),
            Some(u) if u == b => {}
            Some(_) => return None,
        }
    }
    unique
}

/// An `arith.constant` of `value` (of type `ty`) created at the rewriter's insertion point.
pub fn create_constant(
    rw: &mut Rewriter<'_>,
    value: Attribute,
    ty: Type,
    loc: crate::attrs::Location,
) -> Result<Value> {
    let mut state = OperationState::new("arith.constant", loc).results(&[ty]);
    state.attributes.push(NamedAttribute { name: rw.ctx().identifier("value"), value });
    let op = rw.create_op(&state)?;
    rw.ctx().op_result(op, 0)
}
