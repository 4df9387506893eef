//! The tensor dialect's folds and canonicalization patterns (upstream's `TensorOps.cpp`):
//! casts (identity, chains, into consumers), `tensor.dim` of static shapes and of the ops
//! that carry the size, `tensor.extract` of constants and `from_elements`, `tensor.empty`
//! with constant sizes, constant `from_elements` / `splat` / `insert` / `rank`.

use std::sync::Arc;

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialects::fold_util::{
    attr, clone_retyped, def_op_named, fold_dynamic_extents, operand, register_patterns, replace_through_cast,
    result_type, value,
};
use crate::dialects::fold_util_memtensor::{
    compose_reassociations, constant_int, dense_attr, dim_index, dynamic_size_for, elements_of,
    fold_constant_mixed_lists, fold_identity_cast, fold_rank, index_attr, int_value, mixed_lists,
    operands_unless_constant, preserves_static_information, reassociation, reassociation_attr,
    reassociation_for_collapse, register_reshape_folds, replace_dim_with_shape_read, scalar_attr, set_mixed_lists,
    slice_dynamic_size, Ofr,
};
use crate::error::Result;
use crate::ir::{OpId, OperationState, Value};
use crate::pass::{Folded, RewritePattern, Rewriter};
use crate::types::{Type, TypeKind, DYNAMIC};

pub(crate) fn register(ctx: &mut Context) {
    ctx.register_constant_materializer("tensor", Arc::new(materialize_constant));
    ctx.register_fold_hook(
        "tensor.cast",
        Arc::new(|ctx: &mut Context, op, _c: &[Option<Attribute>]| {
            Ok(fold_identity_cast(ctx, op).unwrap_or(Folded::NotFolded))
        }),
    );
    ctx.register_fold_hook(
        "tensor.bitcast",
        Arc::new(|ctx: &mut Context, op, _c: &[Option<Attribute>]| {
            Ok(fold_identity_cast(ctx, op).unwrap_or(Folded::NotFolded))
        }),
    );
    ctx.register_fold_hook("tensor.dim", Arc::new(fold_dim));
    ctx.register_fold_hook("tensor.extract", Arc::new(fold_extract));
    ctx.register_fold_hook("tensor.extract_slice", Arc::new(fold_extract_slice));
    ctx.register_fold_hook("tensor.insert_slice", Arc::new(fold_insert_slice));
    ctx.register_fold_hook("tensor.from_elements", Arc::new(fold_from_elements));
    ctx.register_fold_hook("tensor.insert", Arc::new(fold_insert));
    ctx.register_fold_hook("tensor.rank", Arc::new(fold_rank));
    ctx.register_fold_hook("tensor.pad", Arc::new(fold_pad));
    ctx.register_fold_hook("tensor.gather", Arc::new(fold_gather));
    ctx.register_fold_hook("tensor.reshape", Arc::new(fold_tensor_reshape));
    register_reshape_folds(ctx, "tensor");
    ctx.register_fold_hook("tensor.splat", Arc::new(fold_splat));

    // Upstream collects the dialect's patterns first, then op by op in name order; within
    // an op, in its list's order.
    let patterns = [
        RewritePattern::any_op("tensor.FoldTensorCastProducerOp", fold_cast_into_dps),
        RewritePattern::new("tensor.ChainedTensorBitcast", "tensor.bitcast", chained_bitcast),
        RewritePattern::new("tensor.ChainedTensorCast", "tensor.cast", chained_cast),
        RewritePattern::new("tensor.DimOfCastOp", "tensor.dim", dim_of_cast),
        RewritePattern::new("tensor.DimOfDestStyleOp", "tensor.dim", dim_of_dest_style),
        RewritePattern::new("tensor.DimOfReshapeOp", "tensor.dim", dim_of_reshape),
        RewritePattern::new("tensor.FoldEmptyTensorWithCastOp", "tensor.cast", empty_with_cast),
        RewritePattern::new("tensor.ComposeExpandShapes", "tensor.expand_shape", compose_reshapes),
        RewritePattern::new("tensor.ComposeExpandOfCollapseOp", "tensor.expand_shape", expand_of_collapse),
        RewritePattern::new("tensor.FoldExpandWithFromElements", "tensor.expand_shape", reshape_of_from_elements),
        RewritePattern::new("tensor.FoldEmptyTensorWithDimOp", "tensor.dim", empty_with_dim),
        RewritePattern::new("tensor.ReplaceEmptyTensorStaticShapeDims", "tensor.empty", empty_static_dims),
        RewritePattern::new("tensor.ComposeCollapseShapes", "tensor.collapse_shape", compose_reshapes),
        RewritePattern::new("tensor.ComposeCollapseOfExpandOp", "tensor.collapse_shape", collapse_of_expand),
        RewritePattern::new("tensor.FoldCollapseWithFromElements", "tensor.collapse_shape", reshape_of_from_elements),
        RewritePattern::new("tensor.FoldCollapseOfCastOp", "tensor.collapse_shape", collapse_of_cast),
        RewritePattern::new("tensor.SingleInputConcatOp", "tensor.concat", single_input_concat),
        RewritePattern::new("tensor.InferConcatOperandTypes", "tensor.concat", infer_concat_operand_types),
        RewritePattern::new("tensor.InferConcatResultType", "tensor.concat", infer_concat_result_type),
        RewritePattern::new("tensor.FoldStaticZeroPadding", "tensor.pad", pad_static_zero),
        RewritePattern::new("tensor.FoldSourceTensorCast", "tensor.pad", pad_source_cast),
        RewritePattern::new("tensor.FoldTargetTensorCast", "tensor.pad", pad_target_cast),
        RewritePattern::new("tensor.FoldStaticPadding", "tensor.pad", pad_static_padding),
        RewritePattern::new("tensor.ExtractFromTensorCast", "tensor.extract", extract_from_cast),
        RewritePattern::new("tensor.ExtractElementFromIndexCast", "tensor.extract", extract_from_index_cast),
        RewritePattern::new("tensor.ExtractFromTensorGenerate", "tensor.extract", extract_from_generate),
        RewritePattern::new("tensor.StaticTensorGenerate", "tensor.generate", static_generate),
        RewritePattern::new(
            "tensor.ExtractSliceConstantArgumentFolder",
            "tensor.extract_slice",
            slice_constant_arguments,
        ),
        RewritePattern::new("tensor.ExtractSliceOpCastFolder", "tensor.extract_slice", extract_slice_of_cast),
        RewritePattern::new(
            "tensor.InsertSliceOpConstantArgumentFolder",
            "tensor.insert_slice",
            insert_slice_constant_arguments,
        ),
        RewritePattern::new("tensor.InsertSliceOpCastFolder", "tensor.insert_slice", insert_slice_of_casts),
        RewritePattern::new("tensor.InsertSliceOpSourceCastInserter", "tensor.insert_slice", insert_slice_source_cast),
    ];
    register_patterns(ctx, patterns);
}

/// Upstream's `TensorDialect::materializeConstant`: arith's constants, then complex ones.
fn materialize_constant(
    ctx: &mut Context,
    value: Attribute,
    ty: Type,
    loc: crate::attrs::Location,
    point: crate::ir::InsertPoint,
) -> Result<Option<OpId>> {
    if let Some(op) = super::arith::materialize_constant(ctx, value, ty, loc, point)? {
        return Ok(Some(op));
    }
    materialize_complex(ctx, value, ty, loc, point)
}

/// `complex.constant` when `value` is a two-element array of the complex type's parts
/// (upstream's `complex::ConstantOp::isBuildableWith`).
pub(crate) fn materialize_complex(
    ctx: &mut Context,
    value: Attribute,
    ty: Type,
    loc: crate::attrs::Location,
    point: crate::ir::InsertPoint,
) -> Result<Option<OpId>> {
    let TypeKind::Complex(part) = ctx.type_kind(ty) else { return Ok(None) };
    let part = *part;
    let AttrKind::Array(items) = ctx.attr_kind(value) else { return Ok(None) };
    if items.len() != 2 || items.iter().any(|&a| ctx.attr_type(a) != Some(part)) {
        return Ok(None);
    }
    let mut state = OperationState::new("complex.constant", loc).results(&[ty]);
    state.attributes.push(crate::attrs::NamedAttribute { name: ctx.identifier("value"), value });
    let op = ctx.create_operation(&state)?;
    ctx.insert_op(op, point)?;
    Ok(Some(op))
}

fn ranked(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type, Option<Attribute>)> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, element, encoding } => Some((shape.to_vec(), *element, *encoding)),
        _ => None,
    }
}

/// `canFoldIntoConsumerOp`: the cast only loses static information.
fn can_fold_into_consumer(ctx: &Context, cast: OpId) -> bool {
    let (Ok(src), Ok(res)) = (operand(ctx, cast, 0), result_type(ctx, cast)) else { return false };
    ctx.value_type(src).is_ok_and(|s| preserves_static_information(ctx, res, s))
}

/// `canFoldIntoProducerOp`: the cast only adds static information.
fn can_fold_into_producer(ctx: &Context, cast: OpId) -> bool {
    let (Ok(src), Ok(res)) = (operand(ctx, cast, 0), result_type(ctx, cast)) else { return false };
    ctx.value_type(src).is_ok_and(|s| preserves_static_information(ctx, s, res))
}

/// The source of the `tensor.cast` defining `v` when that cast only loses static
/// information, so that `v`'s user may take the source instead.
fn consumer_cast_source(ctx: &Context, v: Value) -> Result<Option<Value>> {
    match def_op_named(ctx, v, "tensor.cast") {
        Some(cast) if can_fold_into_consumer(ctx, cast) => Ok(Some(operand(ctx, cast, 0)?)),
        _ => Ok(None),
    }
}

/// `foldTensorCast`: operands from consumer-foldable casts take the cast's source.
fn fold_tensor_cast(ctx: &mut Context, op: OpId) -> Result<bool> {
    let mut folded = false;
    for (i, v) in ctx.op_operands(op)?.into_iter().enumerate() {
        if let Some(src) = consumer_cast_source(ctx, v)? {
            ctx.set_operand(op, i, src)?;
            folded = true;
        }
    }
    Ok(folded)
}

fn fold_dim(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    let Some((shape, _, _)) = ranked(ctx, ctx.value_type(source)?) else { return Ok(Folded::NotFolded) };
    let Some(i) = dim_index(ctx, c, shape.len()) else { return Ok(Folded::NotFolded) };
    if shape[i] != DYNAMIC {
        return Ok(attr(index_attr(ctx, shape[i])));
    }
    if let Some(generate) = def_op_named(ctx, source, "tensor.generate") {
        let sizes = ctx.op_operands(generate)?;
        if let Some(v) = dynamic_size_for(&shape, &sizes, i) {
            return Ok(value(v));
        }
    }
    if let Some(slice) = def_op_named(ctx, source, "tensor.extract_slice") {
        let src_rank = ranked(ctx, ctx.value_type(operand(ctx, slice, 0)?)?).map(|r| r.0.len());
        if src_rank == Some(shape.len()) {
            if let Some(v) = slice_dynamic_size(ctx, slice, i)? {
                return Ok(value(v));
            }
        }
    }
    if fold_tensor_cast(ctx, op)? {
        return Ok(Folded::InPlace);
    }
    Ok(Folded::NotFolded)
}

fn fold_extract(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    if let Some(t) = c.first().copied().flatten() {
        if let AttrKind::DenseIntOrFloat { ty, splat: true, .. } = ctx.attr_kind(t) {
            let ty = *ty;
            if let Some(a) = element_attr(ctx, t, ty, 0) {
                return Ok(attr(a));
            }
        }
        if matches!(ctx.attr_kind(t), AttrKind::DenseResource { .. }) {
            return Ok(Folded::NotFolded);
        }
    }
    let mut indices = Vec::new();
    for a in &c[1..] {
        match a.and_then(|a| int_value(ctx, Some(a))) {
            Some(i) => indices.push(i),
            None => return Ok(Folded::NotFolded),
        }
    }
    let tensor = operand(ctx, op, 0)?;
    if let Some(from) = def_op_named(ctx, tensor, "tensor.from_elements") {
        let Some((shape, _, _)) = ranked(ctx, result_type(ctx, from)?) else { return Ok(Folded::NotFolded) };
        // Upstream's flat index, in `int` arithmetic.
        let (mut flat, mut stride) = (0i32, 1i32);
        for (i, &d) in shape.iter().enumerate().rev() {
            flat = flat.wrapping_add((indices[i] as i32).wrapping_mul(stride));
            stride = stride.wrapping_mul(d as i32);
        }
        let elements = ctx.op_operands(from)?;
        if flat < 0 || flat as usize >= elements.len() {
            return Ok(Folded::NotFolded);
        }
        return Ok(value(elements[flat as usize]));
    }
    if let Some(t) = c.first().copied().flatten() {
        if let AttrKind::DenseIntOrFloat { ty, .. } = ctx.attr_kind(t) {
            let ty = *ty;
            let shape = ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
            let valid = indices.len() == shape.len() && indices.iter().zip(&shape).all(|(&i, &d)| i >= 0 && i < d);
            if valid {
                let flat = indices.iter().zip(&shape).fold(0usize, |acc, (&i, &d)| acc * d as usize + i as usize);
                if let Some(a) = element_attr(ctx, t, ty, flat) {
                    return Ok(attr(a));
                }
            }
        }
    }
    Ok(Folded::NotFolded)
}

/// Element `flat` of a dense attribute of type `ty`, as an attribute (complex elements as
/// `[re, im]`, as upstream's `getValues<Attribute>`).
fn element_attr(ctx: &Context, dense: Attribute, ty: Type, flat: usize) -> Option<Attribute> {
    let element = ctx.element_type(ty)?;
    if let TypeKind::Complex(part) = ctx.type_kind(element) {
        let part = *part;
        let AttrKind::DenseIntOrFloat { data, splat, .. } = ctx.attr_kind(dense) else { return None };
        let bytes = ctx.dense_element_bytes(part).ok()?;
        let at = if *splat { 0 } else { flat * 2 * bytes };
        let read =
            |o: usize| data.get(o..o + bytes).map(|c| c.iter().rev().fold(0u128, |acc, &b| (acc << 8) | b as u128));
        let (re, im) = (read(at)?, read(at + bytes)?);
        let (re, im) = (scalar_attr(ctx, part, re)?, scalar_attr(ctx, part, im)?);
        return Some(ctx.array_attr(&[re, im]));
    }
    let e = elements_of(ctx, dense)?;
    let v = if e.splat { e.values[0] } else { *e.values.get(flat)? };
    scalar_attr(ctx, element, v)
}

fn fold_from_elements(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    if c.iter().any(|a| a.is_none()) {
        return Ok(Folded::NotFolded);
    }
    let ty = result_type(ctx, op)?;
    if let Some(TypeKind::Complex(part)) = ctx.element_type(ty).map(|e| ctx.type_kind(e)) {
        return Ok(complex_elements(ctx, ty, *part, c).map_or(Folded::NotFolded, attr));
    }
    let mut values = Vec::with_capacity(c.len());
    for a in c.iter().flatten() {
        match elements_of(ctx, *a) {
            Some(e) if e.scalar => values.push(e.values[0]),
            _ => return Ok(Folded::NotFolded),
        }
    }
    Ok(dense_attr(ctx, ty, &values).map_or(Folded::NotFolded, attr))
}

/// A dense attribute of complex elements from `[re, im]` constants.
fn complex_elements(ctx: &Context, ty: Type, part: Type, c: &[Option<Attribute>]) -> Option<Attribute> {
    let bytes = ctx.dense_element_bytes(part).ok()?;
    let mut data = Vec::with_capacity(c.len() * 2 * bytes);
    for a in c.iter().flatten() {
        let AttrKind::Array(items) = ctx.attr_kind(*a) else { return None };
        if items.len() != 2 {
            return None;
        }
        for &item in items.iter() {
            let e = elements_of(ctx, item).filter(|e| e.scalar && e.ty == part)?;
            data.extend_from_slice(&e.values[0].to_le_bytes()[..bytes]);
        }
    }
    ctx.dense_elements_attr(ty, &data).ok()
}

fn fold_insert(ctx: &mut Context, _op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let (Some(scalar), Some(dest)) = (c[0], c[1]) else { return Ok(Folded::NotFolded) };
    let AttrKind::DenseIntOrFloat { ty, splat: true, .. } = ctx.attr_kind(dest) else { return Ok(Folded::NotFolded) };
    let ty = *ty;
    if element_attr(ctx, dest, ty, 0) == Some(scalar) {
        return Ok(attr(dest));
    }
    Ok(Folded::NotFolded)
}

/// Upstream's `SplatOp::fold`: a constant int/float splatted to a static shape.
fn fold_splat(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let Some(a) = c.first().copied().flatten() else { return Ok(Folded::NotFolded) };
    let ty = result_type(ctx, op)?;
    if !matches!(ctx.attr_kind(a), AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::Bool(_)) {
        return Ok(Folded::NotFolded);
    }
    if !ctx.shape(ty).is_some_and(|s| !s.contains(&DYNAMIC)) {
        return Ok(Folded::NotFolded);
    }
    let Some(e) = elements_of(ctx, a) else { return Ok(Folded::NotFolded) };
    Ok(dense_attr(ctx, ty, &[e.values[0]]).map_or(Folded::NotFolded, attr))
}

fn chained_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(inner) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.bitcast") else { return Ok(false) };
    let source = operand(ctx, inner, 0)?;
    let state = same_op(ctx, op, &[source])?;
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// An op like `op` (name, location, result types, attributes) with other operands.
fn same_op(ctx: &Context, op: OpId, operands: &[Value]) -> Result<OperationState> {
    let mut state = OperationState::new(ctx.op_name(op)?, ctx.op_location(op)?)
        .operands(operands)
        .results(&ctx.op_result_types(op)?);
    state.attributes = ctx.op_attributes(op)?.to_vec();
    state.properties = ctx.op_properties(op)?;
    Ok(state)
}

/// Upstream's `joinShapes`: the shape knowledge of both (`None` when they conflict).
fn join_shapes(ctx: &Context, one: Type, two: Type) -> Option<Type> {
    if one == two {
        return Some(one);
    }
    let Some((a, element, _)) = ranked(ctx, one) else { return Some(two) };
    let Some((b, _, _)) = ranked(ctx, two) else { return Some(one) };
    if a.len() != b.len() {
        return None;
    }
    let mut join = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(&b) {
        join.push(if x == DYNAMIC {
            y
        } else if y == DYNAMIC || x == y {
            x
        } else {
            return None;
        });
    }
    ctx.ranked_tensor_type(&join, element, None).ok()
}

fn chained_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(inner) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.cast") else { return Ok(false) };
    let source = operand(ctx, inner, 0)?;
    let source_ty = ctx.value_type(source)?;
    let mid_ty = result_type(ctx, inner)?;
    let result_ty = result_type(ctx, op)?;
    let Some(first) = join_shapes(ctx, source_ty, mid_ty).and_then(|j| join_shapes(ctx, j, result_ty)) else {
        return Ok(false);
    };
    if join_shapes(ctx, source_ty, result_ty) != Some(first) {
        return Ok(false);
    }
    let state = same_op(ctx, op, &[source])?;
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

fn dim_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cast) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.cast") else { return Ok(false) };
    let source = operand(ctx, cast, 0)?;
    let state = same_op(ctx, op, &[source, operand(ctx, op, 1)?])?;
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// The init operand tied to `result` of a destination-style op of the tensor dialect.
fn dps_init(ctx: &Context, def: OpId) -> Result<Option<Value>> {
    match ctx.op_name(def)? {
        "tensor.insert" => Ok(ctx.op_operand(def, 1)?),
        "tensor.insert_slice" => Ok(ctx.op_operand(def, 1)?),
        _ => Ok(None),
    }
}

fn dim_of_dest_style(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let source = operand(ctx, op, 0)?;
    let Some(def) = ctx.value_defining_op(source)? else { return Ok(false) };
    let Some(init) = dps_init(ctx, def)? else { return Ok(false) };
    rw.set_operand(op, 0, init)?;
    Ok(true)
}

fn dim_of_reshape(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(reshape) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.reshape") else { return Ok(false) };
    let shape = operand(ctx, reshape, 1)?;
    let index = operand(ctx, op, 1)?;
    replace_dim_with_shape_read(rw, op, "tensor.extract", shape, index, crate::ir::InsertPoint::After(op))
}

fn empty_with_dim(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(index) = constant_int(ctx, operand(ctx, op, 1)?) else { return Ok(false) };
    let Some(empty) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.empty") else { return Ok(false) };
    let Some((shape, _, _)) = ranked(ctx, result_type(ctx, empty)?) else { return Ok(false) };
    if index < 0 || index >= shape.len() as i64 || shape[index as usize] != DYNAMIC {
        return Ok(false);
    }
    let sizes = ctx.op_operands(empty)?;
    let Some(v) = dynamic_size_for(&shape, &sizes, index as usize) else { return Ok(false) };
    rw.replace_op(op, &[v])?;
    Ok(true)
}

fn empty_with_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if !can_fold_into_producer(ctx, op) {
        return Ok(false);
    }
    let Some(empty) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.empty") else { return Ok(false) };
    let Some((result_shape, element, _)) = ranked(ctx, result_type(ctx, op)?) else { return Ok(false) };
    let Some((empty_shape, _, _)) = ranked(ctx, result_type(ctx, empty)?) else { return Ok(false) };
    let sizes = ctx.op_operands(empty)?;
    let (mut shape, mut dynamic) = (Vec::new(), Vec::new());
    let mut next = 0;
    for (&new_dim, &cur) in result_shape.iter().zip(&empty_shape) {
        if cur != DYNAMIC {
            if new_dim != cur {
                return Ok(false);
            }
            shape.push(cur);
            continue;
        }
        let v = sizes[next];
        next += 1;
        if new_dim != DYNAMIC {
            shape.push(new_dim);
        } else {
            shape.push(DYNAMIC);
            dynamic.push(v);
        }
    }
    // Upstream rebuilds the type without the encoding.
    let ty = ctx.ranked_tensor_type(&shape, element, None)?;
    let state = OperationState::new("tensor.empty", ctx.op_location(op)?).operands(&dynamic).results(&[ty]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// The result type of `op` (whose operands are its dynamic extents) with the non-negative
/// constant extents made static, and the extents left dynamic; `None` when none is.
fn static_extents(ctx: &Context, op: OpId) -> Result<Option<(Type, Vec<Value>)>> {
    let ty = result_type(ctx, op)?;
    let Some((shape, element, encoding)) = ranked(ctx, ty) else { return Ok(None) };
    let sizes = ctx.op_operands(op)?;
    let (shape, kept) = fold_dynamic_extents(&shape, &sizes, |v| constant_int(ctx, v).filter(|&c| c >= 0));
    let folded = ctx.ranked_tensor_type(&shape, element, encoding)?;
    Ok((folded != ty).then_some((folded, kept)))
}

fn empty_static_dims(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let Some((folded, kept)) = static_extents(rw.ctx(), op)? else { return Ok(false) };
    let loc = rw.ctx().op_location(op)?;
    let empty = rw.create_op(&OperationState::new("tensor.empty", loc).operands(&kept).results(&[folded]))?;
    let new_value = rw.ctx().op_result(empty, 0)?;
    replace_through_cast(rw, op, new_value, "tensor.cast")?;
    Ok(true)
}

fn extract_from_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cast) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.cast") else { return Ok(false) };
    let source = operand(ctx, cast, 0)?;
    if ranked(ctx, ctx.value_type(source)?).is_none() {
        return Ok(false);
    }
    let mut operands = ctx.op_operands(op)?;
    operands[0] = source;
    let state = same_op(ctx, op, &operands)?;
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// Upstream's `ExtractSliceOp::getDroppedDims`: unit sizes the result does not keep.
fn dropped_dims(ctx: &Context, sizes: &[Ofr], result_shape: &[i64]) -> Vec<bool> {
    let mut dropped = vec![false; sizes.len()];
    let mut pos = 0;
    for (i, s) in sizes.iter().enumerate() {
        let v = s.constant(ctx);
        if v != Some(1) || result_shape.get(pos) == Some(&1) {
            pos += 1;
            continue;
        }
        dropped[i] = true;
    }
    dropped
}

/// Whether the slice is the whole of a value of type `ty` (offsets 0, strides 1, sizes its
/// static shape): upstream's `foldIdentityOffsetSizeAndStrideOpInterface`.
fn is_identity_slice(ctx: &Context, lists: &[Vec<Ofr>; 3], shape: &[i64]) -> bool {
    lists[0].iter().all(|o| o.constant(ctx) == Some(0))
        && lists[1].iter().zip(shape).all(|(o, &d)| o.constant(ctx) == Some(d))
        && lists[2].iter().all(|o| o.constant(ctx) == Some(1))
}

/// Upstream's `isSameAs` with plain equality of the mixed entries.
fn same_lists(a: &[Vec<Ofr>; 3], b: &[Vec<Ofr>; 3]) -> bool {
    a == b
}

fn fold_extract_slice(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let result_ty = result_type(ctx, op)?;
    if let Some(src) = c.first().copied().flatten() {
        if let AttrKind::DenseIntOrFloat { splat: true, .. } = ctx.attr_kind(src) {
            if ctx.shape(result_ty).is_some_and(|s| !s.contains(&DYNAMIC)) {
                if let Some(e) = elements_of(ctx, src) {
                    if let Some(a) = dense_attr(ctx, result_ty, &[e.values[0]]) {
                        return Ok(attr(a));
                    }
                }
            }
        }
    }
    let source = operand(ctx, op, 0)?;
    let Some(lists) = mixed_lists(ctx, op, 1) else { return Ok(Folded::NotFolded) };
    let source_ty = ctx.value_type(source)?;
    if source_ty == result_ty {
        let shape = ctx.shape(result_ty).map(|s| s.to_vec()).unwrap_or_default();
        if is_identity_slice(ctx, &lists, &shape) {
            return Ok(value(source));
        }
    }
    if let Some(insert) = def_op_named(ctx, source, "tensor.insert_slice") {
        let inserted = operand(ctx, insert, 0)?;
        if ctx.value_type(inserted)? == result_ty {
            if let Some(insert_lists) = mixed_lists(ctx, insert, 2) {
                if same_lists(&lists, &insert_lists) {
                    return Ok(value(inserted));
                }
            }
        }
    }
    Ok(Folded::NotFolded)
}

/// Constant offsets, sizes and strides become static; the result type follows the new
/// static sizes (keeping the dimensions the op drops), with a cast back when it changes.
fn slice_constant_arguments(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(mut lists) = mixed_lists(ctx, op, 1) else { return Ok(false) };
    let old = lists.clone();
    if !fold_constant_mixed_lists(ctx, &mut lists) {
        return Ok(false);
    }
    let result_ty = result_type(ctx, op)?;
    let source_ty = ctx.value_type(operand(ctx, op, 0)?)?;
    let Some((result_shape, _, _)) = ranked(ctx, result_ty) else { return Ok(false) };
    let Some((_, element, encoding)) = ranked(ctx, source_ty) else { return Ok(false) };
    let dropped = dropped_dims(ctx, &old[1], &result_shape);
    let shape: Vec<i64> = lists[1]
        .iter()
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(o, _)| if let Ofr::Static(v) = o { *v } else { DYNAMIC })
        .collect();
    let new_ty = ctx.ranked_tensor_type(&shape, element, encoding)?;
    let new = clone_retyped(rw, op, new_ty, |ctx, new| set_mixed_lists(ctx, new, 1, &lists))?;
    replace_through_cast(rw, op, new, "tensor.cast")?;
    Ok(true)
}

fn extract_slice_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(operands) = operands_unless_constant(ctx, op)? else { return Ok(false) };
    let Some(source) = consumer_cast_source(ctx, operands[0])? else { return Ok(false) };
    let ty = result_type(ctx, op)?;
    let new = clone_retyped(rw, op, ty, |ctx, new| ctx.set_operand(new, 0, source))?;
    rw.replace_op(op, &[new])?;
    Ok(true)
}

fn fold_insert_slice(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    let dest = operand(ctx, op, 1)?;
    let Some(lists) = mixed_lists(ctx, op, 2) else { return Ok(Folded::NotFolded) };
    let source_ty = ctx.value_type(source)?;
    let result_ty = result_type(ctx, op)?;
    let static_shape = |t: Type| ctx.shape(t).is_some_and(|s| !s.contains(&DYNAMIC));
    if static_shape(source_ty) && static_shape(result_ty) && source_ty == result_ty {
        let shape = ctx.shape(result_ty).map(|s| s.to_vec()).unwrap_or_default();
        if is_identity_slice(ctx, &lists, &shape) {
            return Ok(value(source));
        }
    }
    // insert(s, insert(s', d)) at the same place, s and s' of one type: insert(s, d).
    if let Some(prev) = def_op_named(ctx, dest, "tensor.insert_slice") {
        if ctx.value_type(operand(ctx, prev, 0)?)? == source_ty
            && mixed_lists(ctx, prev, 2).is_some_and(|l| same_lists(&l, &lists))
        {
            let prev_dest = operand(ctx, prev, 1)?;
            ctx.set_operand(op, 1, prev_dest)?;
            return Ok(Folded::InPlace);
        }
    }
    // insert(extract(d), d) at the same place: d.
    if let Some(extract) = def_op_named(ctx, source, "tensor.extract_slice") {
        if operand(ctx, extract, 0)? == dest && mixed_lists(ctx, extract, 1).is_some_and(|l| same_lists(&l, &lists)) {
            return Ok(value(dest));
        }
    }
    if lists[1].iter().any(|o| o.constant(ctx) == Some(0)) {
        return Ok(value(dest));
    }
    Ok(Folded::NotFolded)
}

/// A new insert_slice like `op` with `source`, `dest` and `lists`, replacing `op` (through
/// a cast when the result type changes).
fn replace_insert_slice(
    rw: &mut Rewriter<'_>,
    op: OpId,
    source: Value,
    dest: Value,
    lists: &[Vec<Ofr>; 3],
) -> Result<()> {
    let new_ty = rw.ctx().value_type(dest)?;
    let new = clone_retyped(rw, op, new_ty, |ctx, new| {
        ctx.set_operand(new, 0, source)?;
        ctx.set_operand(new, 1, dest)?;
        set_mixed_lists(ctx, new, 2, lists)
    })?;
    replace_through_cast(rw, op, new, "tensor.cast")
}

fn insert_slice_constant_arguments(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(mut lists) = mixed_lists(ctx, op, 2) else { return Ok(false) };
    if !fold_constant_mixed_lists(ctx, &mut lists) {
        return Ok(false);
    }
    let source = operand(ctx, op, 0)?;
    let dest = operand(ctx, op, 1)?;
    let source_ty = ctx.value_type(source)?;
    let Some((src_shape, _, _)) = ranked(ctx, source_ty) else { return Ok(false) };
    let Some((_, element, _)) = ranked(ctx, ctx.value_type(dest)?) else { return Ok(false) };
    // Upstream's `inferCanonicalRankReducedResultType`: the static sizes, leading unit
    // dimensions dropped down to the source's rank.
    let mut shape: Vec<i64> = lists[1].iter().map(|o| if let Ofr::Static(v) = o { *v } else { DYNAMIC }).collect();
    let mut to_drop = shape.len().saturating_sub(src_shape.len());
    let reduced = to_drop > 0;
    shape.retain(|&d| {
        if to_drop > 0 && d == 1 {
            to_drop -= 1;
            false
        } else {
            true
        }
    });
    if shape.len() != src_shape.len() {
        return Ok(false);
    }
    // The new op must verify: its source type's static sizes agree with the slice.
    if shape.iter().zip(&src_shape).any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b) {
        return Ok(false);
    }
    let encoding = if reduced { None } else { ranked(ctx, source_ty).and_then(|r| r.2) };
    let new_source_ty = ctx.ranked_tensor_type(&shape, element, encoding)?;
    let mut to_insert = source;
    if new_source_ty != source_ty {
        let loc = ctx.op_location(op)?;
        let cast =
            rw.create_op(&OperationState::new("tensor.cast", loc).operands(&[source]).results(&[new_source_ty]))?;
        to_insert = rw.ctx().op_result(cast, 0)?;
    }
    replace_insert_slice(rw, op, to_insert, dest, &lists)?;
    Ok(true)
}

fn insert_slice_of_casts(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(operands) = operands_unless_constant(ctx, op)? else { return Ok(false) };
    let cast_source = |v: Value| consumer_cast_source(ctx, v).ok().flatten();
    let (src_cast, dst_cast) = (cast_source(operands[0]), cast_source(operands[1]));
    if src_cast.is_none() && dst_cast.is_none() {
        return Ok(false);
    }
    let src = src_cast.unwrap_or(operands[0]);
    let dst = dst_cast.unwrap_or(operands[1]);
    let Some((src_shape, _, _)) = ranked(ctx, ctx.value_type(src)?) else { return Ok(false) };
    let Some(mut lists) = mixed_lists(ctx, op, 2) else { return Ok(false) };
    // Only the rank-preserving case: sizes take the cast source's static dimensions.
    if src_shape.len() != lists[1].len() {
        return Ok(false);
    }
    for (i, &d) in src_shape.iter().enumerate() {
        if d == DYNAMIC {
            continue;
        }
        if let Ofr::Static(s) = lists[1][i] {
            if s != d {
                return Ok(false);
            }
        }
        lists[1][i] = Ofr::Static(d);
    }
    replace_insert_slice(rw, op, src, dst, &lists)?;
    Ok(true)
}

fn insert_slice_source_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let source = operand(ctx, op, 0)?;
    let dest = operand(ctx, op, 1)?;
    let source_ty = ctx.value_type(source)?;
    let Some((shape, element, encoding)) = ranked(ctx, source_ty) else { return Ok(false) };
    let Some((dest_shape, _, _)) = ranked(ctx, ctx.value_type(dest)?) else { return Ok(false) };
    if shape.len() != dest_shape.len() {
        return Ok(false);
    }
    let Some(lists) = mixed_lists(ctx, op, 2) else { return Ok(false) };
    let mut new_shape = shape.clone();
    for (i, o) in lists[1].iter().enumerate() {
        if let Some(c) = o.constant(ctx) {
            if c < 0 {
                return Ok(false);
            }
            new_shape[i] = c;
        }
    }
    let new_ty = ctx.ranked_tensor_type(&new_shape, element, encoding)?;
    if new_ty == source_ty || !preserves_static_information(ctx, source_ty, new_ty) {
        return Ok(false);
    }
    // Cast compatible: static sizes agree.
    if shape.iter().zip(&new_shape).any(|(&a, &b)| a != DYNAMIC && a != b) {
        return Ok(false);
    }
    let loc = ctx.op_location(op)?;
    let cast = rw.create_op(&OperationState::new("tensor.cast", loc).operands(&[source]).results(&[new_ty]))?;
    let cast = rw.ctx().op_result(cast, 0)?;
    replace_insert_slice(rw, op, cast, dest, &lists)?;
    Ok(true)
}

fn fold_tensor_reshape(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let result_ty = result_type(ctx, op)?;
    if let Some(a) = c.first().copied().flatten() {
        if let AttrKind::DenseIntOrFloat { data, splat: true, .. } = ctx.attr_kind(a) {
            if ctx.shape(result_ty).is_some_and(|s| !s.contains(&DYNAMIC)) {
                let data = data.to_vec();
                if let Ok(r) = ctx.dense_elements_attr(result_ty, &data) {
                    return Ok(attr(r));
                }
            }
        }
    }
    let source = operand(ctx, op, 0)?;
    if let Some(prev) = def_op_named(ctx, source, "tensor.reshape") {
        let original = operand(ctx, prev, 0)?;
        ctx.set_operand(op, 0, original)?;
        return Ok(Folded::InPlace);
    }
    let source_ty = ctx.value_type(source)?;
    let Some((shape, _, _)) = ranked(ctx, source_ty) else { return Ok(Folded::NotFolded) };
    if source_ty != result_ty {
        return Ok(Folded::NotFolded);
    }
    if shape.len() <= 1 {
        return Ok(value(source));
    }
    // reshape(x, from_elements(sizes of x)): x.
    if let Some(from) = def_op_named(ctx, operand(ctx, op, 1)?, "tensor.from_elements") {
        let elements = ctx.op_operands(from)?;
        let mut noop = elements.len() == shape.len();
        for (i, &e) in elements.iter().enumerate() {
            if !noop {
                break;
            }
            if let Some(c) = constant_int(ctx, e) {
                noop = c == shape[i];
                continue;
            }
            if let Some(dim) = def_op_named(ctx, e, "tensor.dim") {
                noop = operand(ctx, dim, 0)? == source && constant_int(ctx, operand(ctx, dim, 1)?) == Some(i as i64);
                continue;
            }
            noop = false;
        }
        if noop {
            return Ok(value(source));
        }
    }
    Ok(Folded::NotFolded)
}

fn single_input_concat(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let inputs = ctx.op_operands(op)?;
    if inputs.len() != 1 {
        return Ok(false);
    }
    replace_through_cast(rw, op, inputs[0], "tensor.cast")?;
    Ok(true)
}

/// extract(index_cast(t)) -> index_cast(extract(t)).
fn extract_from_index_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cast) = def_op_named(ctx, operand(ctx, op, 0)?, "arith.index_cast") else { return Ok(false) };
    let input = operand(ctx, cast, 0)?;
    let input_ty = ctx.value_type(input)?;
    let element = ctx.element_type(input_ty).unwrap_or(input_ty);
    let loc = ctx.op_location(op)?;
    let ty = result_type(ctx, op)?;
    let mut operands = ctx.op_operands(op)?;
    operands[0] = input;
    let extract = rw.create_op(&OperationState::new("tensor.extract", loc).operands(&operands).results(&[element]))?;
    let extracted = rw.ctx().op_result(extract, 0)?;
    let state = OperationState::new("arith.index_cast", loc).operands(&[extracted]).results(&[ty]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// extract(generate) -> the generate body computed at the indices, when the body has no
/// effects.
fn extract_from_generate(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(generate) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.generate") else { return Ok(false) };
    if !crate::pass::would_op_be_trivially_dead(ctx, generate) {
        return Ok(false);
    }
    let Some(body) = ctx.region_first_block(ctx.op_region(generate, 0)?)? else { return Ok(false) };
    let ops = ctx.block_ops(body)?;
    let Some((&terminator, inner)) = ops.split_last() else { return Ok(false) };
    // Cloned one op at a time with operands remapped, so ops with regions are left alone.
    if inner.iter().any(|&o| ctx.op_num_regions(o).is_ok_and(|n| n > 0)) {
        return Ok(false);
    }
    let mut map: Vec<(Value, Value)> =
        ctx.block_arguments(body)?.into_iter().zip(ctx.op_operands(op)?.into_iter().skip(1)).collect();
    let lookup = |map: &[(Value, Value)], v: Value| map.iter().find(|(k, _)| *k == v).map_or(v, |(_, n)| *n);
    for &o in inner {
        let copy = rw.clone_op(o)?;
        let operands = rw.ctx().op_operands(copy)?;
        let remapped: Vec<Value> = operands.iter().map(|&v| lookup(&map, v)).collect();
        if remapped != operands {
            rw.modify_op(copy, |ctx| ctx.set_operands(copy, &remapped))?;
        }
        let (old, new) = (rw.ctx().op_results(o)?, rw.ctx().op_results(copy)?);
        map.extend(old.into_iter().zip(new));
    }
    let yielded = lookup(&map, operand(rw.ctx(), terminator, 0)?);
    rw.replace_op(op, &[yielded])?;
    Ok(true)
}

/// Constant extents become static dimensions of a new generate (same body), cast back.
fn static_generate(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let Some((folded, kept)) = static_extents(rw.ctx(), op)? else { return Ok(false) };
    let new = clone_retyped(rw, op, folded, |ctx, new| ctx.set_operands(new, &kept))?;
    replace_through_cast(rw, op, new, "tensor.cast")?;
    Ok(true)
}

/// A pad to the type it already has (without `nofold`) is its source.
fn fold_pad(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    let ty = result_type(ctx, op)?;
    let static_shape = ctx.shape(ty).is_some_and(|s| !s.contains(&DYNAMIC));
    if static_shape && ctx.value_type(source)? == ty && ctx.op_inherent_or_discardable(op, "nofold")?.is_none() {
        return Ok(value(source));
    }
    Ok(Folded::NotFolded)
}

/// expand(expand(x)) or collapse(collapse(x)) as one reshape of x (upstream's
/// `ComposeReassociativeReshapeOps`); expand keeps the outer op's output shape.
pub(crate) fn compose_reshapes(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let name = ctx.op_name(op)?.to_string();
    let Some(inner) = def_op_named(ctx, operand(ctx, op, 0)?, &name) else { return Ok(false) };
    let source = operand(ctx, inner, 0)?;
    let strided_layout = |v: Value| {
        ctx.value_type(v).is_ok_and(|t| matches!(ctx.type_kind(t), TypeKind::MemRef { layout: Some(_), .. }))
    };
    if strided_layout(source) || strided_layout(operand(ctx, op, 0)?) || strided_layout(ctx.op_result(op, 0)?) {
        return Ok(false);
    }
    let (Some(producer), Some(consumer)) = (reassociation(ctx, inner), reassociation(ctx, op)) else {
        return Ok(false);
    };
    let Some(groups) = compose_reassociations(&producer, &consumer) else { return Ok(false) };
    let groups = reassociation_attr(ctx, &groups);
    replace_with_regrouped(rw, op, source, groups)?;
    Ok(true)
}

/// `op` (a reshape) rebuilt on `source` with the reassociation `groups`, same result type.
fn replace_with_regrouped(rw: &mut Rewriter<'_>, op: OpId, source: Value, groups: Attribute) -> Result<()> {
    let ty = result_type(rw.ctx(), op)?;
    let new = clone_retyped(rw, op, ty, |ctx, new| {
        ctx.set_operand(new, 0, source)?;
        ctx.set_op_attribute(new, "reassociation", groups)
    })?;
    rw.replace_op(op, &[new])
}

/// A reshape of `from_elements` to a static shape is `from_elements` of that shape.
fn reshape_of_from_elements(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(from) = def_op_named(ctx, operand(ctx, op, 0)?, "tensor.from_elements") else { return Ok(false) };
    let ty = result_type(ctx, op)?;
    if !ctx.shape(ty).is_some_and(|s| !s.contains(&DYNAMIC)) {
        return Ok(false);
    }
    let elements = ctx.op_operands(from)?;
    let state = OperationState::new("tensor.from_elements", ctx.op_location(op)?).operands(&elements).results(&[ty]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// The dialect ("tensor" / "memref") of a reshape op.
fn reshape_dialect(ctx: &Context, op: OpId) -> Result<&'static str> {
    Ok(if ctx.op_name(op)?.starts_with("memref.") { "memref" } else { "tensor" })
}

fn has_layout(ctx: &Context, v: Value) -> bool {
    ctx.value_type(v).is_ok_and(|t| matches!(ctx.type_kind(t), TypeKind::MemRef { layout: Some(_), .. }))
}

/// A new reshape op `name` of `source` to `ty` with `groups` replacing `op`; an expand
/// gets its output shape from the static `ty`.
fn replace_with_reshape(
    rw: &mut Rewriter<'_>,
    op: OpId,
    name: &str,
    source: Value,
    ty: Type,
    groups: &[Vec<i64>],
) -> Result<()> {
    let ctx = rw.ctx();
    let loc = ctx.op_location(op)?;
    let mut state = OperationState::new(name, loc).operands(&[source]).results(&[ty]);
    let mut props = vec![crate::attrs::NamedAttribute {
        name: ctx.identifier("reassociation"),
        value: reassociation_attr(ctx, groups),
    }];
    if name.ends_with("expand_shape") {
        let shape = ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
        let bytes: Vec<u8> = shape.iter().flat_map(|d| d.to_le_bytes()).collect();
        props.push(crate::attrs::NamedAttribute {
            name: ctx.identifier("static_output_shape"),
            value: ctx.dense_array_attr(ctx.signless_int(64), &bytes)?,
        });
    }
    props.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
    state.properties = Some(ctx.dictionary_attr(&props)?);
    rw.replace_op_with_new(op, &state)?;
    Ok(())
}

/// The `<dialect>.<kind>` reshape defining `op`'s operand, and its source, when none of
/// the values involved has a layout (only identity-layout reshapes compose).
fn inner_reshape(ctx: &Context, op: OpId, dialect: &str, kind: &str) -> Result<Option<(OpId, Value)>> {
    let operand0 = operand(ctx, op, 0)?;
    let Some(inner) = def_op_named(ctx, operand0, &format!("{dialect}.{kind}")) else { return Ok(None) };
    let source = operand(ctx, inner, 0)?;
    if has_layout(ctx, operand0) || has_layout(ctx, source) || has_layout(ctx, ctx.op_result(inner, 0)?) {
        return Ok(None);
    }
    Ok(Some((inner, source)))
}

/// collapse(expand(x)) as one reshape of x, or a cast when the ranks match (upstream's
/// `ComposeCollapseOfExpandOp`); static result shapes only.
pub(crate) fn collapse_of_expand(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let dialect = reshape_dialect(ctx, op)?;
    let Some((expand, source)) = inner_reshape(ctx, op, dialect, "expand_shape")? else { return Ok(false) };
    let source_ty = ctx.value_type(source)?;
    let result_ty = result_type(ctx, op)?;
    if source_ty == result_ty {
        return Ok(false);
    }
    let (Some(src_shape), Some(res_shape)) = (ctx.shape(source_ty), ctx.shape(result_ty)) else { return Ok(false) };
    let (src_rank, res_rank) = (src_shape.len(), res_shape.len());
    if res_shape.contains(&DYNAMIC) {
        return Ok(false);
    }
    let (Some(expand_groups), Some(collapse_groups)) = (reassociation(ctx, expand), reassociation(ctx, op)) else {
        return Ok(false);
    };
    let (higher, lower) =
        if src_rank > res_rank { (&expand_groups, &collapse_groups) } else { (&collapse_groups, &expand_groups) };
    let mut next = 0usize;
    let mut composed = Vec::new();
    for low in lower.iter() {
        let Some(&low_last) = low.last() else { return Ok(false) };
        let mut group = Vec::new();
        while next < higher.len() {
            let Some(&right) = higher[next].last() else { return Ok(false) };
            if right > low_last {
                return Ok(false);
            }
            group.push(next as i64);
            next += 1;
            if right == low_last {
                break;
            }
        }
        composed.push(group);
    }
    if src_rank > res_rank {
        replace_with_reshape(rw, op, &format!("{dialect}.collapse_shape"), source, result_ty, &composed)?;
    } else if src_rank < res_rank {
        replace_with_reshape(rw, op, &format!("{dialect}.expand_shape"), source, result_ty, &composed)?;
    } else {
        let state = OperationState::new(&format!("{dialect}.cast"), ctx.op_location(op)?)
            .operands(&[source])
            .results(&[result_ty]);
        rw.replace_op_with_new(op, &state)?;
    }
    Ok(true)
}

/// Upstream's `findCollapsingReassociation`, group by group.
fn find_collapsing(
    src_groups: &[Vec<i64>],
    res_groups: &[Vec<i64>],
    src: &[i64],
    res: &[i64],
) -> Option<Vec<Vec<i64>>> {
    if src_groups.is_empty() {
        return reassociation_for_collapse(src, res);
    }
    let mut out = Vec::new();
    for (sg, rg) in src_groups.iter().zip(res_groups) {
        let (s0, r0) = (*sg.first()? as usize, *rg.first()? as usize);
        let sub_src = src.get(s0..s0 + sg.len())?;
        let sub_res = res.get(r0..r0 + rg.len())?;
        if sub_src.len() == sub_res.len() {
            if sub_src != sub_res {
                return None;
            }
            out.extend((0..sub_src.len()).map(|i| vec![(s0 + i) as i64]));
            continue;
        }
        for g in reassociation_for_collapse(sub_src, sub_res)? {
            out.push(g.iter().map(|&i| s0 as i64 + i).collect());
        }
    }
    Some(out)
}

/// expand(collapse(x)) as one reshape of x (upstream's `ComposeExpandOfCollapseOp`).
pub(crate) fn expand_of_collapse(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let dialect = reshape_dialect(ctx, op)?;
    let Some((collapse, source)) = inner_reshape(ctx, op, dialect, "collapse_shape")? else { return Ok(false) };
    let source_ty = ctx.value_type(source)?;
    let result_ty = result_type(ctx, op)?;
    let (Some(src_shape), Some(res_shape)) = (ctx.shape(source_ty), ctx.shape(result_ty)) else { return Ok(false) };
    let (src_shape, res_shape) = (src_shape.to_vec(), res_shape.to_vec());
    if src_shape.len() == res_shape.len() {
        return Ok(false);
    }
    let (Some(src_groups), Some(res_groups)) = (reassociation(ctx, collapse), reassociation(ctx, op)) else {
        return Ok(false);
    };
    if src_shape.len() > res_shape.len() {
        let Some(groups) = find_collapsing(&src_groups, &res_groups, &src_shape, &res_shape) else { return Ok(false) };
        replace_with_reshape(rw, op, &format!("{dialect}.collapse_shape"), source, result_ty, &groups)?;
        return Ok(true);
    }
    let Some(groups) = find_collapsing(&res_groups, &src_groups, &res_shape, &src_shape) else { return Ok(false) };
    // The expand keeps its output shape (static and SSA).
    let groups = reassociation_attr(ctx, &groups);
    replace_with_regrouped(rw, op, source, groups)?;
    Ok(true)
}

/// The destination operands of a destination-style op, in result order (`None` for ops not
/// known here).
fn dps_inits(ctx: &Context, op: OpId) -> Option<Vec<usize>> {
    let names = ctx.op_def(op).ok().flatten()?.trait_names.clone();
    if !names.iter().any(|n| n == "DestinationStyleOpInterface") {
        return None;
    }
    let name = ctx.op_name(op).ok()?;
    if name.starts_with("linalg.") {
        // Structured ops: inputs, then outputs.
        let segments = ctx.op_operand_segments(op).ok()?;
        return Some(segments.get(1)?.clone().collect());
    }
    match name {
        "tensor.insert" | "vector.transfer_write" | "bufferization.materialize_in_destination" => Some(vec![1]),
        _ => None,
    }
}

/// Upstream's `FoldTensorCastProducerOp`: a destination-style op reads through casts that
/// only lose static information; results tied to such destinations take the more static
/// type and are cast back.
fn fold_cast_into_dps(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if matches!(ctx.op_name(op)?, "tensor.insert_slice") {
        return Ok(false);
    }
    if ctx.op_def(op)?.is_some_and(|d| d.trait_names.iter().any(|n| n == "LoopLikeOpInterface")) {
        return Ok(false);
    }
    let Some(inits) = dps_inits(ctx, op) else { return Ok(false) };
    let operands = ctx.op_operands(op)?;
    let foldable = |v: Value| consumer_cast_source(ctx, v).ok().flatten();
    if !operands.iter().any(|&v| foldable(v).is_some()) {
        return Ok(false);
    }
    let old_types = ctx.op_result_types(op)?;
    let mut new_types = old_types.clone();
    let mut new_operands = Vec::with_capacity(operands.len());
    let mut next_init = 0;
    for (i, &v) in operands.iter().enumerate() {
        let n = foldable(v).unwrap_or(v);
        new_operands.push(n);
        if inits.contains(&i) {
            let ty = ctx.value_type(n)?;
            if !matches!(ctx.type_kind(ty), TypeKind::MemRef { .. }) {
                if let Some(slot) = new_types.get_mut(next_init) {
                    *slot = ty;
                }
                next_init += 1;
            }
        }
    }
    let loc = ctx.op_location(op)?;
    let new = rw.clone_op(op)?;
    rw.modify_op(new, |ctx| {
        ctx.set_operands(new, &new_operands)?;
        for (r, &t) in ctx.op_results(new)?.into_iter().zip(&new_types) {
            ctx.set_value_type(r, t)?;
        }
        Ok(())
    })?;
    let mut replacements = Vec::new();
    for (r, &old) in rw.ctx().op_results(new)?.into_iter().zip(&old_types) {
        if rw.ctx().value_type(r)? != old {
            let cast = rw.create_op(&OperationState::new("tensor.cast", loc).operands(&[r]).results(&[old]))?;
            replacements.push(rw.ctx().op_result(cast, 0)?);
        } else {
            replacements.push(r);
        }
    }
    rw.replace_op(op, &replacements)?;
    Ok(true)
}

/// The low and high paddings of a `tensor.pad`, static or SSA.
fn pad_lists(ctx: &Context, op: OpId) -> Option<(Vec<Ofr>, Vec<Ofr>)> {
    let segments = ctx.op_operand_segments(op).ok()?;
    let operands = ctx.op_operands(op).ok()?;
    let read = |name: &str, group: usize| -> Option<Vec<Ofr>> {
        let statics = ctx.dense_int_values(ctx.op_inherent_or_discardable(op, name).ok()??)?;
        let mut dynamic = operands[segments.get(group)?.clone()].iter();
        statics
            .into_iter()
            .map(|s| if s == DYNAMIC { dynamic.next().map(|v| Ofr::Value(*v)) } else { Some(Ofr::Static(s)) })
            .collect()
    };
    Some((read("static_low", 1)?, read("static_high", 2)?))
}

fn pad_static_zero(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some((low, high)) = pad_lists(ctx, op) else { return Ok(false) };
    let zero = |l: &[Ofr]| l.iter().all(|o| o.constant(ctx) == Some(0));
    if !zero(&low) || !zero(&high) || ctx.op_inherent_or_discardable(op, "nofold")?.is_some() {
        return Ok(false);
    }
    let state = OperationState::new("tensor.cast", ctx.op_location(op)?)
        .operands(&[operand(ctx, op, 0)?])
        .results(&[result_type(ctx, op)?]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

/// Upstream's `PadOp::inferResultType` with the current result shape for unknown sizes.
fn pad_result_shape(source: &[i64], low: &[i64], high: &[i64], result: &[i64]) -> Vec<i64> {
    (0..source.len())
        .map(|i| {
            if source[i] == DYNAMIC || low[i] == DYNAMIC || high[i] == DYNAMIC {
                result[i]
            } else {
                source[i] + low[i] + high[i]
            }
        })
        .collect()
}

fn statics(list: &[Ofr]) -> Vec<i64> {
    list.iter().map(|o| if let Ofr::Static(v) = o { *v } else { DYNAMIC }).collect()
}

/// A copy of the pad `op` with `source`, paddings and result type `ty`, replacing `op`
/// through a cast back to its type when that differs.
fn replace_pad(
    rw: &mut Rewriter<'_>,
    op: OpId,
    source: Value,
    lists: Option<(&[Ofr], &[Ofr])>,
    ty: Type,
) -> Result<()> {
    let new = rw.clone_op(op)?;
    rw.modify_op(new, |ctx| {
        ctx.set_operand(new, 0, source)?;
        if let Some((low, high)) = lists {
            let i64_ty = ctx.signless_int(64);
            for (group, name, list) in [(1, "static_low", low), (2, "static_high", high)] {
                let values: Vec<Value> =
                    list.iter().filter_map(|o| if let Ofr::Value(v) = o { Some(*v) } else { None }).collect();
                ctx.set_operand_group(new, group, &values)?;
                let bytes: Vec<u8> = statics(list).iter().flat_map(|v| v.to_le_bytes()).collect();
                let attr = ctx.dense_array_attr(i64_ty, &bytes)?;
                ctx.set_op_attribute(new, name, attr)?;
            }
        }
        let r = ctx.op_result(new, 0)?;
        ctx.set_value_type(r, ty)
    })?;
    let replacement = rw.ctx().op_result(new, 0)?;
    replace_through_cast(rw, op, replacement, "tensor.cast")
}

fn pad_source_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(source) = consumer_cast_source(ctx, operand(ctx, op, 0)?)? else { return Ok(false) };
    let Some((src_shape, element, _)) = ranked(ctx, ctx.value_type(source)?) else { return Ok(false) };
    let Some((res_shape, _, _)) = ranked(ctx, result_type(ctx, op)?) else { return Ok(false) };
    let Some((low, high)) = pad_lists(ctx, op) else { return Ok(false) };
    let shape = pad_result_shape(&src_shape, &statics(&low), &statics(&high), &res_shape);
    let ty = ctx.ranked_tensor_type(&shape, element, None)?;
    if ty == result_type(ctx, op)? {
        rw.set_operand(op, 0, source)?;
    } else {
        replace_pad(rw, op, source, None, ty)?;
    }
    Ok(true)
}

fn pad_target_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let result = ctx.op_result(op, 0)?;
    let uses = ctx.value_uses(result)?;
    if uses.len() != 1 || ctx.op_name(uses[0].op)? != "tensor.cast" {
        return Ok(false);
    }
    let cast = uses[0].op;
    let target = result_type(ctx, cast)?;
    if !preserves_static_information(ctx, ctx.value_type(result)?, target) {
        return Ok(false);
    }
    // The copy keeps the discardable attributes, as upstream's pruned attribute list does.
    let new = rw.clone_op(op)?;
    rw.modify_op(new, |ctx| {
        let r = ctx.op_result(new, 0)?;
        ctx.set_value_type(r, target)
    })?;
    let value = rw.ctx().op_result(new, 0)?;
    rw.replace_op(op, &[value])?;
    rw.replace_op(cast, &[value])?;
    Ok(true)
}

fn pad_static_padding(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let source = operand(ctx, op, 0)?;
    let Some((src_shape, _, _)) = ranked(ctx, ctx.value_type(source)?) else { return Ok(false) };
    let old_ty = result_type(ctx, op)?;
    let Some((out_shape, element, _)) = ranked(ctx, old_ty) else { return Ok(false) };
    let Some((mut low, mut high)) = pad_lists(ctx, op) else { return Ok(false) };
    if src_shape.len() != out_shape.len() || low.len() != src_shape.len() || high.len() != src_shape.len() {
        return Ok(false);
    }
    for o in low.iter_mut().chain(high.iter_mut()) {
        if let Ofr::Value(v) = *o {
            if let Some(c) = constant_int(ctx, v) {
                *o = Ofr::Static(c);
            }
        }
    }
    let (sl, sh) = (statics(&low), statics(&high));
    let new_shape: Vec<i64> = (0..src_shape.len())
        .map(|i| {
            if out_shape[i] != DYNAMIC {
                out_shape[i]
            } else if sl[i] == DYNAMIC || sh[i] == DYNAMIC || src_shape[i] == DYNAMIC {
                DYNAMIC
            } else {
                src_shape[i] + sl[i] + sh[i]
            }
        })
        .collect();
    if new_shape == out_shape || new_shape.iter().all(|&d| d == DYNAMIC) {
        return Ok(false);
    }
    let ty = ctx.ranked_tensor_type(&new_shape, element, None)?;
    replace_pad(rw, op, source, Some((&low, &high)), ty)?;
    Ok(true)
}

/// A gather from a splat constant is that splat in the result's (static) shape.
fn fold_gather(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let ty = result_type(ctx, op)?;
    let Some(a) = c.first().copied().flatten() else { return Ok(Folded::NotFolded) };
    let AttrKind::DenseIntOrFloat { data, splat: true, .. } = ctx.attr_kind(a) else { return Ok(Folded::NotFolded) };
    if !ctx.shape(ty).is_some_and(|s| !s.contains(&DYNAMIC)) {
        return Ok(Folded::NotFolded);
    }
    let data = data.to_vec();
    Ok(ctx.dense_elements_attr(ty, &data).map_or(Folded::NotFolded, attr))
}

/// collapse(cast(x)) -> collapse(x), cast back when the collapsed type changes.
fn collapse_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(source) = consumer_cast_source(ctx, operand(ctx, op, 0)?)? else { return Ok(false) };
    let Some((shape, element, _)) = ranked(ctx, ctx.value_type(source)?) else { return Ok(false) };
    let Some(groups) = reassociation(ctx, op) else { return Ok(false) };
    let mut collapsed = Vec::with_capacity(groups.len());
    for g in &groups {
        let mut size = 1i64;
        for &i in g {
            let Some(&d) = shape.get(usize::try_from(i).unwrap_or(usize::MAX)) else { return Ok(false) };
            size = if d == DYNAMIC || size == DYNAMIC { DYNAMIC } else { size.saturating_mul(d) };
        }
        collapsed.push(size);
    }
    let ty = ctx.ranked_tensor_type(&collapsed, element, None)?;
    let old_ty = result_type(ctx, op)?;
    if ty == old_ty {
        rw.set_operand(op, 0, source)?;
        return Ok(true);
    }
    let new = clone_retyped(rw, op, ty, |ctx, new| ctx.set_operand(new, 0, source))?;
    replace_through_cast(rw, op, new, "tensor.cast")?;
    Ok(true)
}

/// Upstream's `ConcatOp::inferResultType`: other dimensions from any static operand, the
/// concatenated one summed (dynamic if any is).
fn concat_result_shape(ctx: &Context, dim: usize, inputs: &[Value]) -> Option<(Vec<i64>, Type)> {
    let shapes: Vec<(Vec<i64>, Type)> =
        inputs.iter().map(|&v| ranked(ctx, ctx.value_type(v).ok()?).map(|(s, e, _)| (s, e))).collect::<Option<_>>()?;
    let (first, element) = shapes.first()?.clone();
    let mut out = vec![DYNAMIC; first.len()];
    for (i, slot) in out.iter_mut().enumerate() {
        if i == dim {
            let mut sum = 0i64;
            for (s, _) in &shapes {
                let d = *s.get(i)?;
                sum = if d == DYNAMIC || sum == DYNAMIC { DYNAMIC } else { sum + d };
            }
            *slot = sum;
        } else {
            *slot = shapes
                .iter()
                .map(|(s, _)| s.get(i).copied().unwrap_or(DYNAMIC))
                .find(|&d| d != DYNAMIC)
                .unwrap_or(DYNAMIC);
        }
    }
    Some((out, element))
}

fn concat_dim(ctx: &Context, op: OpId) -> Option<usize> {
    usize::try_from(int_value(ctx, ctx.op_inherent_or_discardable(op, "dim").ok()?)?).ok()
}

fn infer_concat_operand_types(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(dim) = concat_dim(ctx, op) else { return Ok(false) };
    let inputs = ctx.op_operands(op)?;
    let Some((inferred, element)) = concat_result_shape(ctx, dim, &inputs) else { return Ok(false) };
    let loc = ctx.op_location(op)?;
    let mut matched = false;
    for (i, &v) in inputs.iter().enumerate() {
        let ctx = rw.ctx();
        let ty = ctx.value_type(v)?;
        let Some((shape, _, _)) = ranked(ctx, ty) else { continue };
        let mut operand_shape = inferred.clone();
        operand_shape[dim] = shape[dim];
        let inferred_ty = ctx.ranked_tensor_type(&operand_shape, element, None)?;
        if !preserves_static_information(ctx, inferred_ty, ty) {
            matched = true;
            let cast = rw.create_op(&OperationState::new("tensor.cast", loc).operands(&[v]).results(&[inferred_ty]))?;
            let cast_value = rw.ctx().op_result(cast, 0)?;
            rw.set_operand(op, i, cast_value)?;
        }
    }
    Ok(matched)
}

fn infer_concat_result_type(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(dim) = concat_dim(ctx, op) else { return Ok(false) };
    let inputs = ctx.op_operands(op)?;
    let Some((inferred, element)) = concat_result_shape(ctx, dim, &inputs) else { return Ok(false) };
    let inferred_ty = ctx.ranked_tensor_type(&inferred, element, None)?;
    let old_ty = result_type(ctx, op)?;
    if preserves_static_information(ctx, inferred_ty, old_ty) {
        return Ok(false);
    }
    let loc = ctx.op_location(op)?;
    let new = rw.clone_op(op)?;
    rw.modify_op(new, |ctx| {
        let r = ctx.op_result(new, 0)?;
        ctx.set_value_type(r, inferred_ty)
    })?;
    let value = rw.ctx().op_result(new, 0)?;
    let state = OperationState::new("tensor.cast", loc).operands(&[value]).results(&[old_ty]);
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}
