//! The memref dialect's folds and canonicalization patterns (upstream's `MemRefOps.cpp`):
//! `memref.cast` folded into its users, `memref.dim` / `memref.rank` of known shapes, dead
//! allocations, allocations with constant sizes, and the copy simplifications.

use std::sync::Arc;

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialects::fold_util::{
    attr, clone_retyped, def_op_named, fold_dynamic_extents, operand, register_patterns, replace_through_cast,
    result_type, value,
};
use crate::dialects::fold_util_memtensor::{
    constant_int, dim_index, dynamic_size_for, fold_constant_mixed_lists, fold_identity_cast, fold_memref_cast,
    fold_rank, index_attr, mixed_lists, operands_unless_constant, register_reshape_folds, replace_dim_with_shape_read,
    set_mixed_lists, slice_dynamic_size, Ofr,
};
use crate::error::Result;
use crate::ir::{OpId, OperationState, Value};
use crate::pass::{Folded, RewritePattern, Rewriter};
use crate::types::{Type, TypeKind, DYNAMIC};

pub(crate) fn register(ctx: &mut Context) {
    // Upstream's `MemRefDialect::materializeConstant` builds what `arith.constant` can.
    ctx.register_constant_materializer("memref", Arc::new(super::arith::materialize_constant));
    ctx.register_fold_hook("memref.cast", Arc::new(fold_cast));
    ctx.register_fold_hook("memref.memory_space_cast", Arc::new(fold_memory_space_cast));
    ctx.register_fold_hook("memref.dim", Arc::new(fold_dim));
    ctx.register_fold_hook("memref.rank", Arc::new(fold_rank));
    ctx.register_fold_hook("memref.copy", Arc::new(fold_copy));
    ctx.register_fold_hook("memref.subview", Arc::new(fold_subview));
    ctx.register_fold_hook("memref.assume_alignment", Arc::new(fold_assume_alignment));
    ctx.register_fold_hook("memref.transpose", Arc::new(fold_transpose));
    register_reshape_folds(ctx, "memref");
    ctx.register_fold_hook("memref.reinterpret_cast", Arc::new(fold_reinterpret_cast));
    // `someop(memref.cast) -> someop` for the ops whose folders do only that; the value a
    // store or atomic writes is left alone even when it is a memref.
    for name in ["memref.load", "memref.dealloc", "memref.prefetch", "memref.dma_start", "memref.dma_wait"] {
        ctx.register_fold_hook(
            name,
            Arc::new(|ctx: &mut Context, op, _c: &[Option<Attribute>]| fold_casts(ctx, op, None)),
        );
    }
    for name in ["memref.store", "memref.atomic_rmw"] {
        ctx.register_fold_hook(
            name,
            Arc::new(|ctx: &mut Context, op, _c: &[Option<Attribute>]| {
                let stored = ctx.op_operand(op, 0)?;
                fold_casts(ctx, op, stored)
            }),
        );
    }

    let patterns = [
        RewritePattern::new("memref.AllocaScopeInliner", "memref.alloca_scope", alloca_scope_inliner),
        RewritePattern::new("memref.SimplifyAllocConst<AllocOp>", "memref.alloc", simplify_alloc_const),
        RewritePattern::new("memref.SimplifyDeadAlloc<AllocOp>", "memref.alloc", simplify_dead_alloc),
        RewritePattern::new("memref.SimplifyAllocConst<AllocaOp>", "memref.alloca", simplify_alloc_const),
        RewritePattern::new("memref.SimplifyDeadAlloc<AllocaOp>", "memref.alloca", simplify_dead_alloc),
        RewritePattern::new(
            "memref.ComposeCollapseShapes",
            "memref.collapse_shape",
            super::tensor_fold::compose_reshapes,
        ),
        RewritePattern::new(
            "memref.ComposeCollapseOfExpandOp",
            "memref.collapse_shape",
            super::tensor_fold::collapse_of_expand,
        ),
        RewritePattern::new("memref.FoldCopyOfCast", "memref.copy", fold_copy_of_cast),
        RewritePattern::new("memref.DimOfMemRefReshape", "memref.dim", dim_of_reshape),
        RewritePattern::new("memref.FoldEmptyCopy", "memref.copy", fold_empty_copy),
        RewritePattern::new("memref.FoldSelfCopy", "memref.copy", fold_self_copy),
        RewritePattern::new("memref.ComposeExpandShapes", "memref.expand_shape", super::tensor_fold::compose_reshapes),
        RewritePattern::new(
            "memref.ComposeExpandOfCollapseOp",
            "memref.expand_shape",
            super::tensor_fold::expand_of_collapse,
        ),
        RewritePattern::new(
            "memref.ExtractStridedMetadataConstants",
            "memref.extract_strided_metadata",
            strided_metadata_constants,
        ),
        RewritePattern::new(
            "memref.ReinterpretCastOpConstantFolder",
            "memref.reinterpret_cast",
            reinterpret_cast_constants,
        ),
        RewritePattern::new("memref.SubViewConstantArgumentFolder", "memref.subview", subview_constant_arguments),
        RewritePattern::new("memref.SubViewOpMemRefCastFolder", "memref.subview", subview_of_cast),
        RewritePattern::new("memref.TrivialSubViewOpFolder", "memref.subview", trivial_subview),
        RewritePattern::new("memref.ViewOpShapeFolder", "memref.view", view_shape_folder),
        RewritePattern::new("memref.ViewOpMemrefCastFolder", "memref.view", view_of_cast_of_alloc),
    ];
    register_patterns(ctx, patterns);
}

fn in_place(changed: bool) -> Folded {
    if changed {
        Folded::InPlace
    } else {
        Folded::NotFolded
    }
}

fn fold_casts(ctx: &mut Context, op: OpId, inner: Option<Value>) -> Result<Folded> {
    Ok(in_place(fold_memref_cast(ctx, op, inner)?))
}

fn fold_cast(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    if fold_memref_cast(ctx, op, None)? {
        return Ok(Folded::InPlace);
    }
    Ok(fold_identity_cast(ctx, op).unwrap_or(Folded::NotFolded))
}

/// Shape, strides and offset of a ranked memref with a strided (or identity) layout.
struct Strided {
    shape: Vec<i64>,
    element: Type,
    strides: Vec<i64>,
    offset: i64,
}

fn strided(ctx: &Context, ty: Type) -> Option<Strided> {
    let TypeKind::MemRef { shape, element, layout, .. } = ctx.type_kind(ty) else { return None };
    let (strides, offset) = match layout {
        None => {
            // The identity layout: row-major strides of the static shape.
            let mut strides = vec![0i64; shape.len()];
            let mut running = 1i64;
            for (i, &d) in shape.iter().enumerate().rev() {
                strides[i] = running;
                running = if running == DYNAMIC || d == DYNAMIC { DYNAMIC } else { running.checked_mul(d)? };
            }
            (strides, 0)
        }
        Some(l) => match ctx.attr_kind(*l) {
            AttrKind::StridedLayout { offset, strides } => (strides.to_vec(), *offset),
            _ => return None,
        },
    };
    Some(Strided { shape: shape.to_vec(), element: *element, strides, offset })
}

/// Upstream's `CastOp::canFoldIntoConsumerOp`: the cast only loses static information
/// (sizes, strides, offset) between strided memrefs of one element type and rank.
fn can_fold_into_consumer(ctx: &Context, cast: OpId) -> Result<bool> {
    let source = ctx.value_type(operand(ctx, cast, 0)?)?;
    let result = result_type(ctx, cast)?;
    let (Some(s), Some(r)) = (strided(ctx, source), strided(ctx, result)) else { return Ok(false) };
    if s.element != r.element || s.shape.len() != r.shape.len() {
        return Ok(false);
    }
    let more_static = |a: i64, b: i64| a != b && a == DYNAMIC && b != DYNAMIC;
    if s.shape.iter().zip(&r.shape).any(|(&a, &b)| more_static(a, b)) {
        return Ok(false);
    }
    if more_static(s.offset, r.offset) {
        return Ok(false);
    }
    Ok(!s.strides.iter().zip(&r.strides).any(|(&a, &b)| more_static(a, b)))
}

fn fold_copy(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let mut folded = false;
    for (i, v) in ctx.op_operands(op)?.into_iter().enumerate() {
        if let Some(cast) = def_op_named(ctx, v, "memref.cast") {
            if can_fold_into_consumer(ctx, cast)? {
                let source = operand(ctx, cast, 0)?;
                ctx.set_operand(op, i, source)?;
                folded = true;
            }
        }
    }
    Ok(in_place(folded))
}

fn fold_dim(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    let Some(shape) = (match ctx.type_kind(ctx.value_type(source)?) {
        TypeKind::MemRef { shape, .. } => Some(shape.to_vec()),
        _ => None,
    }) else {
        return Ok(Folded::NotFolded);
    };
    let Some(i) = dim_index(ctx, c, shape.len()) else { return Ok(Folded::NotFolded) };
    if shape[i] != DYNAMIC {
        return Ok(attr(index_attr(ctx, shape[i])));
    }
    if let Some(def) = ctx.value_defining_op(source)? {
        let name = ctx.op_name(def)?.to_string();
        match name.as_str() {
            "memref.alloc" | "memref.alloca" | "memref.view" => {
                let segments = ctx.op_operand_segments(def)?;
                let operands = ctx.op_operands(def)?;
                // alloc/alloca: dynamicSizes first; view: source, byte_shift, sizes.
                let group = if name == "memref.view" { 2 } else { 0 };
                if let Some(range) = segments.get(group) {
                    if let Some(v) = dynamic_size_for(&shape, &operands[range.clone()], i) {
                        return Ok(value(v));
                    }
                }
            }
            "memref.subview" => {
                if let Some(v) = subview_size(ctx, def, i)? {
                    return Ok(value(v));
                }
            }
            _ => {}
        }
    }
    Ok(in_place(fold_memref_cast(ctx, op, None)?))
}

/// The SSA size of result dimension `i` of a subview, skipping the dimensions it drops.
fn subview_size(ctx: &Context, subview: OpId, i: usize) -> Result<Option<Value>> {
    let Some(static_sizes) =
        ctx.op_inherent_or_discardable(subview, "static_sizes")?.and_then(|a| ctx.dense_int_values(a))
    else {
        return Ok(None);
    };
    let result_rank = ctx.shape(result_type(ctx, subview)?).map_or(0, |s| s.len());
    // Upstream's dropped dims: unit sizes beyond what the result keeps, from the front.
    let mut to_drop = static_sizes.len().saturating_sub(result_rank);
    let result_shape = ctx.shape(result_type(ctx, subview)?).map(|s| s.to_vec()).unwrap_or_default();
    let mut kept = Vec::new();
    let mut r = 0;
    for (s, &size) in static_sizes.iter().enumerate() {
        if to_drop > 0 && size == 1 && result_shape.get(r) != Some(&1) {
            to_drop -= 1;
            continue;
        }
        kept.push(s);
        r += 1;
    }
    let Some(&source_dim) = kept.get(i) else { return Ok(None) };
    slice_dynamic_size(ctx, subview, source_dim)
}

fn simplify_alloc_const(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let segments = ctx.op_operand_segments(op)?;
    let operands = ctx.op_operands(op)?;
    let Some(range) = segments.first() else { return Ok(false) };
    let sizes = operands[range.clone()].to_vec();
    let constant = |v: Value| constant_int(ctx, v).filter(|&c| c >= 0);
    if !sizes.iter().any(|&v| constant(v).is_some()) {
        return Ok(false);
    }
    let ty = result_type(ctx, op)?;
    let TypeKind::MemRef { shape, element, layout, memory_space } = ctx.type_kind(ty).clone() else {
        return Ok(false);
    };
    let (new_shape, kept) = fold_dynamic_extents(&shape, &sizes, constant);
    let new_ty = ctx.memref_type(&new_shape, element, layout, memory_space)?;
    // A copy keeps the inherent attributes (alignment) and symbol operands.
    let alloc = clone_retyped(rw, op, new_ty, |ctx, alloc| ctx.set_operand_group(alloc, 0, &kept))?;
    replace_through_cast(rw, op, alloc, "memref.cast")?;
    Ok(true)
}

fn simplify_dead_alloc(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let result = ctx.op_result(op, 0)?;
    let mut users = Vec::new();
    for u in ctx.value_uses(result)? {
        let name = ctx.op_name(u.op)?;
        let ok = match name {
            "memref.store" => u.index != 0,
            "memref.dealloc" => true,
            _ => false,
        };
        if !ok {
            return Ok(false);
        }
        if !users.contains(&u.op) {
            users.push(u.op);
        }
    }
    for user in users {
        rw.erase_op(user)?;
    }
    rw.erase_op(op)?;
    Ok(true)
}

fn fold_copy_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let mut modified = false;
    for i in 0..2 {
        let ctx = rw.ctx();
        let Some(cast) = def_op_named(ctx, operand(ctx, op, i)?, "memref.cast") else { continue };
        // iree-opt keeps casts that add static strides, as the fold does.
        if !can_fold_into_consumer(ctx, cast)? {
            continue;
        }
        let source = operand(ctx, cast, 0)?;
        let from = ctx.value_type(source)?;
        let to = result_type(ctx, cast)?;
        let same = match (ctx.type_kind(from), ctx.type_kind(to)) {
            (TypeKind::MemRef { shape: a, element: ea, .. }, TypeKind::MemRef { shape: b, element: eb, .. }) => {
                a == b && ea == eb
            }
            _ => false,
        };
        if same {
            rw.set_operand(op, i, source)?;
            modified = true;
        }
    }
    Ok(modified)
}

fn fold_empty_copy(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let empty = |v: Value| {
        ctx.value_type(v)
            .ok()
            .is_some_and(|t| matches!(ctx.type_kind(t), TypeKind::MemRef { shape, .. } if shape.contains(&0)))
    };
    if empty(operand(ctx, op, 0)?) || empty(operand(ctx, op, 1)?) {
        rw.erase_op(op)?;
        return Ok(true);
    }
    Ok(false)
}

fn fold_self_copy(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if operand(ctx, op, 0)? != operand(ctx, op, 1)? {
        return Ok(false);
    }
    rw.erase_op(op)?;
    Ok(true)
}

/// Upstream's saturated arithmetic on strides and offsets: dynamic absorbs everything but
/// a multiplication by zero.
fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.wrapping_mul(b)
    }
}

fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.wrapping_add(b)
    }
}

fn static_of(list: &[Ofr]) -> Vec<i64> {
    list.iter().map(|o| if let Ofr::Static(v) = o { *v } else { DYNAMIC }).collect()
}

/// The dimensions a rank-reducing subview drops: its unit sizes, when there are exactly as
/// many as the ranks differ (`None` when that is ambiguous, which upstream settles with
/// strides).
fn subview_dropped_dims(ctx: &Context, sizes: &[Ofr], source_rank: usize, result_rank: usize) -> Option<Vec<bool>> {
    if source_rank == result_rank {
        return Some(vec![false; sizes.len()]);
    }
    let unit: Vec<bool> = sizes.iter().map(|o| o.constant(ctx) == Some(1)).collect();
    (unit.iter().filter(|&&u| u).count() == source_rank - result_rank).then_some(unit)
}

/// Upstream's `SubViewOp::inferResultType` on `source`, with the `dropped` dimensions
/// removed from shape and strides.
fn subview_type(ctx: &Context, source: Type, lists: &[Vec<Ofr>; 3], dropped: &[bool]) -> Option<Type> {
    let s = strided(ctx, source)?;
    let TypeKind::MemRef { memory_space, .. } = ctx.type_kind(source) else { return None };
    let memory_space = *memory_space;
    let (offsets, sizes, strides) = (static_of(&lists[0]), static_of(&lists[1]), static_of(&lists[2]));
    let mut offset = s.offset;
    for (&o, &st) in offsets.iter().zip(&s.strides) {
        offset = sat_add(offset, sat_mul(o, st));
    }
    let (mut shape, mut new_strides) = (Vec::new(), Vec::new());
    for (i, (&size, (&st, &src))) in sizes.iter().zip(strides.iter().zip(&s.strides)).enumerate() {
        if dropped.get(i).copied().unwrap_or(false) {
            continue;
        }
        shape.push(size);
        new_strides.push(sat_mul(src, st));
    }
    let layout = ctx.strided_layout_attr(offset, &new_strides).ok()?;
    ctx.memref_type(&shape, s.element, Some(layout), memory_space).ok()
}

fn fold_subview(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    let source_ty = ctx.value_type(source)?;
    let result_ty = result_type(ctx, op)?;
    if source_ty == result_ty {
        if let TypeKind::MemRef { shape, layout, .. } = ctx.type_kind(result_ty) {
            let static_layout = match layout {
                None => true,
                Some(l) => match ctx.attr_kind(*l) {
                    AttrKind::StridedLayout { offset, strides } => *offset != DYNAMIC && !strides.contains(&DYNAMIC),
                    _ => true,
                },
            };
            if !shape.contains(&DYNAMIC) && static_layout {
                return Ok(value(source));
            }
        }
        if let Some(inner) = def_op_named(ctx, source, "memref.subview") {
            if let (Some(lists), Some(inner_lists)) = (mixed_lists(ctx, op, 1), mixed_lists(ctx, inner, 1)) {
                let zero = lists[0].iter().all(|o| *o == Ofr::Static(0));
                let one = lists[2].iter().all(|o| *o == Ofr::Static(1));
                if zero && one && lists[1] == inner_lists[1] {
                    return Ok(value(source));
                }
            }
        }
    }
    Ok(Folded::NotFolded)
}

/// A new subview like `op` on `source` with `lists` and result type `ty`, and `op`
/// replaced by it (through a cast when the type differs).
fn replace_subview(rw: &mut Rewriter<'_>, op: OpId, source: Value, lists: &[Vec<Ofr>; 3], ty: Type) -> Result<()> {
    let new = clone_retyped(rw, op, ty, |ctx, new| {
        ctx.set_operand(new, 0, source)?;
        set_mixed_lists(ctx, new, 1, lists)
    })?;
    replace_through_cast(rw, op, new, "memref.cast")
}

/// Replaces the subview `op` with one on `source` with `lists`, of the type upstream infers:
/// the dimensions `op` drops (read from `sizes` against a source of type `rank_from`) are
/// dropped again; `false` when that type cannot be had.
fn replace_subview_inferred(
    rw: &mut Rewriter<'_>,
    op: OpId,
    source: Value,
    rank_from: Type,
    sizes: &[Ofr],
    lists: &[Vec<Ofr>; 3],
) -> Result<bool> {
    let ctx = rw.ctx();
    let result_ty = result_type(ctx, op)?;
    let (Some(src_rank), Some(res_rank)) =
        (ctx.shape(rank_from).map(|s| s.len()), ctx.shape(result_ty).map(|s| s.len()))
    else {
        return Ok(false);
    };
    let Some(dropped) = subview_dropped_dims(ctx, sizes, src_rank, res_rank) else { return Ok(false) };
    let Some(ty) = subview_type(ctx, ctx.value_type(source)?, lists, &dropped) else { return Ok(false) };
    replace_subview(rw, op, source, lists, ty)?;
    Ok(true)
}

fn subview_constant_arguments(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(mut lists) = mixed_lists(ctx, op, 1) else { return Ok(false) };
    let old = lists.clone();
    if !fold_constant_mixed_lists(ctx, &mut lists) {
        return Ok(false);
    }
    let source = operand(ctx, op, 0)?;
    let source_ty = ctx.value_type(source)?;
    replace_subview_inferred(rw, op, source, source_ty, &old[1], &lists)
}

fn subview_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(operands) = operands_unless_constant(ctx, op)? else { return Ok(false) };
    let Some(cast) = def_op_named(ctx, operands[0], "memref.cast") else { return Ok(false) };
    if !can_fold_into_consumer(ctx, cast)? {
        return Ok(false);
    }
    let Some(lists) = mixed_lists(ctx, op, 1) else { return Ok(false) };
    let source = operand(ctx, cast, 0)?;
    let cur_source_ty = ctx.value_type(operands[0])?;
    replace_subview_inferred(rw, op, source, cur_source_ty, &lists[1], &lists)
}

fn trivial_subview(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let source = operand(ctx, op, 0)?;
    let source_ty = ctx.value_type(source)?;
    let result_ty = result_type(ctx, op)?;
    let (Some(src_shape), Some(res_shape)) = (ctx.shape(source_ty), ctx.shape(result_ty)) else { return Ok(false) };
    if src_shape.len() != res_shape.len() {
        return Ok(false);
    }
    let src_shape = src_shape.to_vec();
    let Some(lists) = mixed_lists(ctx, op, 1) else { return Ok(false) };
    let trivial = lists[0].iter().all(|o| o.constant(ctx) == Some(0))
        && lists[2].iter().all(|o| o.constant(ctx) == Some(1))
        && lists[1].iter().zip(&src_shape).all(|(o, &d)| o.constant(ctx) == Some(d));
    if !trivial {
        return Ok(false);
    }
    if source_ty == result_ty {
        rw.replace_op(op, &[source])?;
    } else {
        let state = OperationState::new("memref.cast", ctx.op_location(op)?).operands(&[source]).results(&[result_ty]);
        rw.replace_op_with_new(op, &state)?;
    }
    Ok(true)
}

fn fold_reinterpret_cast(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    // reinterpret_cast of a reinterpret_cast, a cast, or a subview at offset zero: of its
    // source.
    let mut previous = None;
    if let Some(def) = ctx.value_defining_op(source)? {
        match ctx.op_name(def)? {
            "memref.reinterpret_cast" | "memref.cast" => previous = ctx.op_operand(def, 0)?,
            "memref.subview"
                if mixed_lists(ctx, def, 1).is_some_and(|l| l[0].iter().all(|o| o.constant(ctx) == Some(0))) =>
            {
                previous = ctx.op_operand(def, 0)?;
            }
            _ => {}
        }
    }
    if let Some(p) = previous {
        ctx.set_operand(op, 0, p)?;
        return Ok(Folded::InPlace);
    }
    let result_ty = result_type(ctx, op)?;
    let static_shape = ctx.shape(result_ty).is_some_and(|s| !s.contains(&DYNAMIC));
    let offset_zero = mixed_lists(ctx, op, 1).is_some_and(|l| l[0].first() == Some(&Ofr::Static(0)));
    if static_shape && ctx.value_type(source)? == result_ty && offset_zero {
        return Ok(value(source));
    }
    Ok(Folded::NotFolded)
}

/// Entries made static from constants and from the static sizes, strides and offset of the
/// result type (upstream's `getConstifiedMixed*`); a new op when that adds any.
fn reinterpret_cast_constants(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(lists) = mixed_lists(ctx, op, 1) else { return Ok(false) };
    let result_ty = result_type(ctx, op)?;
    let Some(s) = strided(ctx, result_ty) else { return Ok(false) };
    let constify = |list: &[Ofr], known: &[i64]| -> Vec<Ofr> {
        list.iter()
            .enumerate()
            .map(|(i, &o)| match known.get(i) {
                Some(&k) if k != DYNAMIC => Ofr::Static(k),
                _ => o.constant(ctx).map_or(o, Ofr::Static),
            })
            .collect()
    };
    let new = [constify(&lists[0], &[s.offset]), constify(&lists[1], &s.shape), constify(&lists[2], &s.strides)];
    let count = |l: &[Vec<Ofr>; 3]| l.iter().flatten().filter(|o| matches!(o, Ofr::Static(_))).count();
    if count(&new) == count(&lists) {
        return Ok(false);
    }
    let TypeKind::MemRef { memory_space, .. } = ctx.type_kind(result_ty) else { return Ok(false) };
    let memory_space = *memory_space;
    let statics = |l: &[Ofr]| static_of(l);
    let layout = ctx.strided_layout_attr(statics(&new[0])[0], &statics(&new[2]))?;
    let ty = ctx.memref_type(&statics(&new[1]), s.element, Some(layout), memory_space)?;
    let loc = ctx.op_location(op)?;
    let value = clone_retyped(rw, op, ty, |ctx, created| set_mixed_lists(ctx, created, 1, &new))?;
    // Upstream casts even when the type has not changed (the cast then folds away).
    let cast = OperationState::new("memref.cast", loc).operands(&[value]).results(&[result_ty]);
    rw.replace_op_with_new(op, &cast)?;
    Ok(true)
}

/// assume_alignment(assume_alignment(x, a), a) is the inner one.
fn fold_assume_alignment(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let source = operand(ctx, op, 0)?;
    if let Some(inner) = def_op_named(ctx, source, "memref.assume_alignment") {
        if ctx.op_inherent_or_discardable(inner, "alignment")? == ctx.op_inherent_or_discardable(op, "alignment")? {
            return Ok(value(source));
        }
    }
    Ok(Folded::NotFolded)
}

/// Upstream's `ExtractStridedMetadataOp::fold`, which builds `arith.constant`s for the
/// offset, sizes and strides the source type knows and redirects their uses (and reads
/// through a `reinterpret_cast` source). Ops cannot be created in a fold here, so this is a
/// pattern; like upstream's builder, it does not tell the driver about the constants, which
/// it visits in program order on its next sweep.
fn strided_metadata_constants(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let source = operand(ctx, op, 0)?;
    let Some(s) = strided(ctx, ctx.value_type(source)?) else { return Ok(false) };
    let results = ctx.op_results(op)?;
    let rank = s.shape.len();
    if results.len() != 2 + 2 * rank {
        return Ok(false);
    }
    let known: Vec<i64> =
        std::iter::once(s.offset).chain(s.shape.iter().copied()).chain(s.strides.iter().copied()).collect();
    let mut todo = Vec::new();
    for (i, &k) in known.iter().enumerate() {
        let r = results[1 + i];
        if k != DYNAMIC && ctx.value_has_uses(r)? {
            todo.push((r, k));
        }
    }
    let through = def_op_named(ctx, source, "memref.reinterpret_cast");
    if todo.is_empty() && through.is_none() {
        return Ok(false);
    }
    let loc = ctx.op_location(op)?;
    let index = ctx.index_type();
    let ctx = rw.untracked();
    for (r, k) in todo {
        let mut state = OperationState::new("arith.constant", loc).results(&[index]);
        state
            .attributes
            .push(crate::attrs::NamedAttribute { name: ctx.identifier("value"), value: index_attr(ctx, k) });
        let c = ctx.create_operation(&state)?;
        ctx.insert_op(c, crate::ir::InsertPoint::Before(op))?;
        let cv = ctx.op_result(c, 0)?;
        ctx.replace_all_uses_with(r, cv)?;
    }
    if let Some(rc) = through {
        let inner = operand(ctx, rc, 0)?;
        ctx.set_operand(op, 0, inner)?;
    }
    rw.mark_changed();
    Ok(true)
}

/// memory_space_cast(memory_space_cast(x)) reads x; a cast to its own type is its source.
fn fold_memory_space_cast(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    if let Some(parent) = def_op_named(ctx, operand(ctx, op, 0)?, "memref.memory_space_cast") {
        let source = operand(ctx, parent, 0)?;
        ctx.set_operand(op, 0, source)?;
        return Ok(Folded::InPlace);
    }
    Ok(fold_identity_cast(ctx, op).unwrap_or(Folded::NotFolded))
}

/// dim(reshape(x, shape), i) -> load shape[i] right after the reshape, when `i` is
/// available there (upstream's cheap dominance check).
fn dim_of_reshape(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(reshape) = def_op_named(ctx, operand(ctx, op, 0)?, "memref.reshape") else { return Ok(false) };
    let index = operand(ctx, op, 1)?;
    let reshape_block = ctx.op_parent_block(reshape)?;
    let index_block = ctx.value_parent_block(index)?;
    if index_block == reshape_block {
        if let Some(def) = ctx.value_defining_op(index)? {
            let ops = ctx.block_ops(reshape_block.expect("the reshape has a block"))?;
            let pos = |o: OpId| ops.iter().position(|&x| x == o);
            if pos(reshape) < pos(def) {
                return Ok(false);
            }
        }
    } else if ctx.op_parent_block(op)? != reshape_block {
        // The index must come from a region enclosing the reshape's.
        let index_region = index_block.and_then(|b| ctx.block_parent_region(b).ok().flatten());
        let mut region = ctx.op_parent_region(reshape)?;
        let mut found = false;
        while let Some(r) = region {
            let parent = ctx.region_parent_op(r)?;
            region = ctx.op_parent_region(parent)?;
            if region.is_some() && region == index_region {
                found = true;
                break;
            }
        }
        if !found {
            return Ok(false);
        }
    }
    let shape = operand(ctx, reshape, 1)?;
    replace_dim_with_shape_read(rw, op, "memref.load", shape, index, crate::ir::InsertPoint::After(reshape))
}

/// Constant sizes of a view become static dimensions, with a cast back.
fn view_shape_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let operands = ctx.op_operands(op)?;
    let is_constant_index = |v: Value| {
        ctx.value_type(v).is_ok_and(|t| matches!(ctx.type_kind(t), TypeKind::Index)) && constant_int(ctx, v).is_some()
    };
    if !operands.iter().any(|&v| is_constant_index(v)) {
        return Ok(false);
    }
    let ty = result_type(ctx, op)?;
    let TypeKind::MemRef { shape, element, layout, memory_space } = ctx.type_kind(ty).clone() else { return Ok(false) };
    let (new_shape, kept) =
        fold_dynamic_extents(&shape, &operands[2..], |v| constant_int(ctx, v).filter(|_| is_constant_index(v)));
    let Ok(new_ty) = ctx.memref_type(&new_shape, element, layout, memory_space) else { return Ok(false) };
    if new_ty == ty {
        return Ok(false);
    }
    let new = clone_retyped(rw, op, new_ty, |ctx, new| ctx.set_operand_group(new, 2, &kept))?;
    replace_through_cast(rw, op, new, "memref.cast")?;
    Ok(true)
}

/// view(cast(alloc)) -> view(alloc).
fn view_of_cast_of_alloc(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cast) = def_op_named(ctx, operand(ctx, op, 0)?, "memref.cast") else { return Ok(false) };
    let source = operand(ctx, cast, 0)?;
    if def_op_named(ctx, source, "memref.alloc").is_none() {
        return Ok(false);
    }
    let mut operands = ctx.op_operands(op)?;
    operands[0] = source;
    let mut state =
        OperationState::new("memref.view", ctx.op_location(op)?).operands(&operands).results(&[result_type(ctx, op)?]);
    state.properties = ctx.op_properties(op)?;
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

fn trait_names(ctx: &Context, op: OpId) -> Option<Vec<String>> {
    ctx.op_def(op).ok().flatten().map(|d| d.trait_names.clone())
}

/// Upstream's `isOpItselfPotentialAutomaticAllocation`: stack allocations, and ops that do
/// not describe their memory effects at all; not ops whose effects are their regions'.
fn potential_automatic_allocation(ctx: &Context, op: OpId) -> bool {
    if matches!(ctx.op_name(op), Ok("memref.alloca" | "llvm.alloca")) {
        return true;
    }
    let Some(names) = trait_names(ctx, op) else { return true };
    let has = |n: &str| names.iter().any(|x| x == n);
    if has("RecursiveMemoryEffects") {
        return false;
    }
    !(has("Pure") || has("NoMemoryEffect") || has("MemoryEffects") || has("MemoryEffectsOpInterface"))
}

/// Whether anything in `op`'s regions (not under a nested allocation scope) may allocate on
/// the stack.
fn has_potential_alloca(ctx: &Context, op: OpId) -> Result<bool> {
    let mut stack: Vec<OpId> = Vec::new();
    for r in ctx.op_regions(op)?.into_iter().rev() {
        for b in ctx.region_blocks(r)?.into_iter().rev() {
            stack.extend(ctx.block_ops(b)?.into_iter().rev());
        }
    }
    while let Some(o) = stack.pop() {
        if potential_automatic_allocation(ctx, o) {
            return Ok(true);
        }
        if trait_names(ctx, o).is_some_and(|n| n.iter().any(|x| x == "AutomaticAllocationScope")) {
            continue;
        }
        for r in ctx.op_regions(o)?.into_iter().rev() {
            for b in ctx.region_blocks(r)?.into_iter().rev() {
                stack.extend(ctx.block_ops(b)?.into_iter().rev());
            }
        }
    }
    Ok(false)
}

/// Inlines an alloca_scope whose allocations cannot outlive their use by it: none at all,
/// or it is the last op before the terminator of an allocation scope's single block.
fn alloca_scope_inliner(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if has_potential_alloca(ctx, op)? {
        let Some(parent) = ctx.op_parent_op(op)? else { return Ok(false) };
        if !trait_names(ctx, parent).is_some_and(|n| n.iter().any(|x| x == "AutomaticAllocationScope")) {
            return Ok(false);
        }
        let Some(block) = ctx.op_parent_block(op)? else { return Ok(false) };
        let last_before_terminator =
            ctx.op_next(op)?.is_some_and(|n| ctx.block_last_op(block).ok().flatten() == Some(n));
        let single_block = ctx.op_parent_region(op)?.is_some_and(|r| ctx.region_blocks(r).is_ok_and(|b| b.len() == 1));
        if !last_before_terminator || !single_block {
            return Ok(false);
        }
    }
    let Some(body) = ctx.region_first_block(ctx.op_region(op, 0)?)? else { return Ok(false) };
    let ops = ctx.block_ops(body)?;
    let Some((&terminator, inner)) = ops.split_last() else { return Ok(false) };
    let results = ctx.op_operands(terminator)?;
    let inner = inner.to_vec();
    {
        let ctx = rw.untracked();
        for o in inner {
            ctx.move_op(o, crate::ir::InsertPoint::Before(op))?;
        }
    }
    rw.mark_changed();
    rw.replace_op(op, &results)?;
    Ok(true)
}

/// The dimension each result of a permutation map reads.
fn permutation(ctx: &Context, op: OpId) -> Option<Vec<u32>> {
    let a = ctx.op_inherent_or_discardable(op, "permutation").ok()??;
    let AttrKind::AffineMap(map) = ctx.attr_kind(a) else { return None };
    map.results
        .iter()
        .map(|&r| match map.nodes.get(r as usize) {
            Some(crate::affine::AffineNode::Dim(d)) => Some(*d),
            _ => None,
        })
        .collect()
}

/// An identity transpose to the same type is its input; a transpose of a transpose is one
/// transpose of the inner input with the composed permutation.
fn fold_transpose(ctx: &mut Context, op: OpId, _c: &[Option<Attribute>]) -> Result<Folded> {
    let input = operand(ctx, op, 0)?;
    let Some(outer) = permutation(ctx, op) else { return Ok(Folded::NotFolded) };
    let identity = outer.iter().enumerate().all(|(i, &d)| d as usize == i);
    if identity && ctx.value_type(input)? == result_type(ctx, op)? {
        return Ok(value(input));
    }
    if let Some(inner_op) = def_op_named(ctx, input, "memref.transpose") {
        let Some(inner) = permutation(ctx, inner_op) else { return Ok(Folded::NotFolded) };
        let composed: Option<Vec<crate::affine::AffineExpr>> =
            outer.iter().map(|&a| inner.get(a as usize).map(|&b| crate::affine::AffineExpr::Dim(b))).collect();
        let Some(composed) = composed else { return Ok(Folded::NotFolded) };
        let map = crate::affine::AffineMap::new(outer.len() as u32, 0, &composed);
        let attr = ctx.affine_map_attr(map)?;
        let source = operand(ctx, inner_op, 0)?;
        ctx.set_operand(op, 0, source)?;
        ctx.set_op_attribute(op, "permutation", attr)?;
        return Ok(Folded::InPlace);
    }
    Ok(Folded::NotFolded)
}
