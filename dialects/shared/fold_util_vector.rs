//! Helpers for folds over vector-shaped values: the parts of a vector type, the elements of
//! `dense<...>` constants as raw bytes, poison, and creating an op then folding it at once
//! (MLIR's `OpBuilder::createOrFold`).

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::error::Result;
use crate::ir::{OperationState, Value};
use crate::pass::{fold_op, FoldResult, Folded, Rewriter};
use crate::types::{Signedness, Type, TypeKind};

/// Shape, scalable flags and element type of a vector type.
pub fn vector_parts(ctx: &Context, t: Type) -> Option<(Vec<i64>, Vec<bool>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, scalable, element } => Some((shape.to_vec(), scalable.to_vec(), *element)),
        _ => None,
    }
}

/// The shape of a vector type (`None` for anything else).
pub fn vector_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    vector_parts(ctx, t).map(|p| p.0)
}

pub fn is_scalable(ctx: &Context, t: Type) -> bool {
    vector_parts(ctx, t).is_some_and(|p| p.1.iter().any(|&s| s))
}

pub fn num_elements(shape: &[i64]) -> i64 {
    shape.iter().product()
}

/// Row-major strides of `shape`.
pub fn strides(shape: &[i64]) -> Vec<i64> {
    let mut out = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        out[i] = out[i + 1] * shape[i + 1];
    }
    out
}

pub fn linearize(pos: &[i64], strides: &[i64]) -> i64 {
    pos.iter().zip(strides).map(|(p, s)| p * s).sum()
}

pub fn delinearize(mut linear: i64, strides: &[i64]) -> Vec<i64> {
    strides
        .iter()
        .map(|&s| {
            let q = if s == 0 { 0 } else { linear / s };
            if s != 0 {
                linear %= s;
            }
            q
        })
        .collect()
}

pub fn poison(ctx: &Context) -> Option<Attribute> {
    crate::asm::parser::parse_attribute(ctx, "#ub.poison").ok()
}

/// `array<i64: ...>`.
pub fn i64_array_attr(ctx: &Context, values: &[i64]) -> Result<Attribute> {
    let i64_type = ctx.integer_type(64, Signedness::Signless)?;
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.dense_array_attr(i64_type, &data)
}

/// A `dense<...>` attribute's type and its elements' bytes, one entry per element (a splat
/// repeated to the shape).
pub fn dense_elements(ctx: &Context, attr: Attribute) -> Option<(Type, Vec<Vec<u8>>)> {
    let AttrKind::DenseIntOrFloat { ty, data, splat } = ctx.attr_kind(attr) else { return None };
    let element = ctx.element_type(*ty)?;
    let size = ctx.dense_element_bytes(element).ok()?;
    let count = num_elements(&vector_or_tensor_shape(ctx, *ty)?) as usize;
    let elems = (0..count)
        .map(|k| {
            let at = if *splat { 0 } else { k * size };
            data.get(at..at + size).map(<[u8]>::to_vec)
        })
        .collect::<Option<Vec<_>>>()?;
    Some((*ty, elems))
}

fn vector_or_tensor_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, .. } | TypeKind::RankedTensor { shape, .. } => Some(shape.to_vec()),
        _ => None,
    }
}

/// Whether `attr` is a splat `dense<...>`.
pub fn is_dense_splat(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::DenseIntOrFloat { splat: true, .. })
}

/// The bytes of a scalar integer, bool or float attribute as an element of type `element`
/// (integers sign-extended or truncated, floats reinterpreted by their bits), as upstream's
/// `convertNumericAttr` before it builds a dense attribute.
pub fn scalar_bytes(ctx: &Context, attr: Attribute, element: Type) -> Option<Vec<u8>> {
    let size = ctx.dense_element_bytes(element).ok()?;
    let mut bytes: Vec<u8> = match ctx.attr_kind(attr) {
        AttrKind::Bool(b) => vec![*b as u8],
        AttrKind::Integer { ty, value } => {
            let width = match ctx.type_kind(*ty) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            match value.to_i64(width) {
                Some(v) if matches!(ctx.type_kind(element), TypeKind::Integer { width: 1, .. }) => vec![(v & 1) as u8],
                Some(v) => {
                    let mut out = v.to_le_bytes().to_vec();
                    out.resize(size.max(8), if v < 0 { 0xff } else { 0 });
                    out.truncate(size);
                    out
                }
                None => value.words().iter().flat_map(|w| w.to_le_bytes()).collect(),
            }
        }
        AttrKind::Float { bits, .. } => bits.to_le_bytes().to_vec(),
        _ => return None,
    };
    bytes.resize(size, 0);
    Some(bytes)
}

/// The scalar attribute an element of `element` type holds (`bytes` as stored in a dense
/// attribute).
pub fn scalar_attr(ctx: &Context, element: Type, bytes: &[u8]) -> Option<Attribute> {
    match ctx.type_kind(element) {
        TypeKind::Integer { .. } | TypeKind::Index => {
            let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
            for (i, b) in bytes.iter().enumerate() {
                words[i / 8] |= (*b as u64) << (8 * (i % 8));
            }
            ctx.integer_attr_words(element, &words).ok()
        }
        TypeKind::Float(_) => {
            let mut word = [0u8; 16];
            word[..bytes.len().min(16)].copy_from_slice(&bytes[..bytes.len().min(16)]);
            ctx.float_attr_bits(element, u128::from_le_bytes(word)).ok()
        }
        _ => None,
    }
}

/// `dense<...>` of type `ty` from one byte string per element (or one for a splat).
pub fn dense_from_elements(ctx: &Context, ty: Type, elems: &[Vec<u8>]) -> Option<Attribute> {
    let data: Vec<u8> = elems.concat();
    ctx.dense_elements_attr(ty, &data).ok()
}

/// Gives a new op of an `AttrSizedOperandSegments` definition its group sizes, as the
/// property MLIR keeps them in.
pub fn with_segment_sizes(ctx: &Context, mut state: OperationState, sizes: &[usize]) -> Result<OperationState> {
    let i32t = ctx.integer_type(32, Signedness::Signless)?;
    let data: Vec<u8> = sizes.iter().flat_map(|&n| (n as i32).to_le_bytes()).collect();
    let entry = crate::attrs::NamedAttribute {
        name: ctx.identifier("operandSegmentSizes"),
        value: ctx.dense_array_attr(i32t, &data)?,
    };
    state.properties = Some(ctx.dictionary_attr(&[entry])?);
    Ok(state)
}

/// Creates `state` at the rewriter's insertion point and folds it right away; returns the
/// value that stands for its (single) result. Constants a fold answers are materialized by
/// the op's dialect.
pub fn create_or_fold(rw: &mut Rewriter<'_>, state: &OperationState) -> Result<Value> {
    let op = rw.create_op(state)?;
    let result = rw.ctx().op_result(op, 0)?;
    let folded = fold_op(rw.untracked(), op)?;
    match folded {
        Folded::Results(r) => match r.first() {
            Some(FoldResult::Value(v)) => {
                let v = *v;
                rw.replace_op(op, &[v])?;
                Ok(v)
            }
            Some(FoldResult::Attr(a)) => {
                let a = *a;
                let ty = rw.ctx().value_type(result)?;
                let loc = rw.ctx().op_location(op)?;
                let dialect = crate::pass::op_dialect(&state.name).to_string();
                let point = crate::ir::InsertPoint::Before(op);
                match crate::pass::materialize_constant(rw.untracked(), &dialect, a, ty, loc, point)? {
                    Some(c) => {
                        let v = rw.ctx().op_result(c, 0)?;
                        rw.replace_op(op, &[v])?;
                        Ok(v)
                    }
                    None => Ok(result),
                }
            }
            None => Ok(result),
        },
        _ => Ok(result),
    }
}
