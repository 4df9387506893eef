//! The vector dialect's folds and canonicalization patterns (upstream's `VectorOps.cpp`
//! `fold` methods and `getCanonicalizationPatterns`), and its constant materializer.

use std::sync::Arc;

use crate::affine::{AffineMap, AffineNode};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialects::fold_util::{attr, def_op_named, int_of, is_poison, operand, result_type, value};
use crate::dialects::fold_util_memtensor::fold_memref_cast;
use crate::dialects::fold_util_vector as u;
use crate::error::Result;
use crate::ir::{InsertPoint, OpId, OperationState, Value};
use crate::pass::{constant_value, FoldResult, Folded, RewritePattern, Rewriter};
use crate::types::{Type, TypeKind};

/// `ShapedType::kDynamic`: a position given by an operand.
const DYNAMIC: i64 = i64::MIN;
/// The poison position of `vector.extract` / `vector.insert`.
const POISON_INDEX: i64 = -1;

type Hook = fn(&mut Context, OpId, &[Option<Attribute>]) -> Result<Folded>;
type Pattern = fn(&mut Rewriter<'_>, OpId) -> Result<bool>;

/// Registers `(name, root, pattern)` rows. A row the context refuses (its name already
/// taken) is skipped rather than fatal: the first pattern of that name stays.
fn register_table(ctx: &mut Context, patterns: &[(&str, &str, Pattern)]) {
    for &(name, root, f) in patterns {
        let _ = ctx.register_rewrite_pattern(RewritePattern::new(name, root, f));
    }
}

pub(crate) fn register(ctx: &mut Context) {
    // Upstream's VectorDialect::materializeConstant: poison through ub, the rest through
    // arith.constant -- what arith's materializer does.
    ctx.register_constant_materializer("vector", Arc::new(crate::dialects::arith::materialize_constant));
    let hooks: [(&str, Hook); 9] = [
        ("vector.transfer_read", fold_transfer_read),
        ("vector.transfer_write", fold_transfer_write),
        ("vector.extract", fold_extract),
        ("vector.insert", fold_insert),
        ("vector.broadcast", fold_broadcast),
        ("vector.shape_cast", fold_shape_cast),
        ("vector.from_elements", fold_from_elements),
        ("vector.transpose", fold_transpose),
        ("vector.to_elements", fold_to_elements),
    ];
    for (name, f) in hooks {
        ctx.register_fold_hook(name, Arc::new(f));
    }
    // Transfers touch memory only when they operate on a memref (upstream's getEffects).
    for name in ["vector.transfer_read", "vector.transfer_write"] {
        ctx.register_effect_free_hook(name, Arc::new(transfer_on_tensor));
    }
    // Per root, in upstream's getCanonicalizationPatterns order.
    let patterns: [(&str, &str, Pattern); 29] = [
        ("vector-transfer-write-waw", "vector.transfer_write", transfer_write_waw),
        ("vector-extract-from-broadcast", "vector.extract", extract_from_broadcast_pattern),
        ("vector-extract-from-create-mask", "vector.extract", extract_from_create_mask),
        ("vector-extract-from-constant-mask", "vector.extract", extract_from_constant_mask),
        ("vector-extract-to-shape-cast", "vector.extract", extract_to_shape_cast),
        ("vector-extract-from-insert-unit-dim", "vector.extract", extract_from_insert_unit_dim),
        ("vector-extract-from-shape-cast-to-shape-cast", "vector.extract", extract_shape_cast_to_shape_cast),
        ("vector-extract-from-from-elements", "vector.extract", extract_from_from_elements),
        ("vector-from-elements-as-broadcast", "vector.from_elements", from_elements_as_broadcast),
        ("vector-from-elements-to-shape-cast", "vector.from_elements", from_elements_to_shape_cast),
        ("vector-broadcast-folder", "vector.broadcast", broadcast_of_broadcast),
        ("vector-broadcast-to-shape-cast", "vector.broadcast", broadcast_to_shape_cast),
        ("vector-insert-to-broadcast", "vector.insert", insert_to_broadcast),
        ("vector-insert-splat-to-splat", "vector.insert", two_splats_to_splat),
        ("vector-insert-chain-fully-initialized", "vector.insert", insert_chain_fully_initialized),
        ("vector-shape-cast-mask-leading", "vector.shape_cast", shape_cast_of_mask_leading),
        ("vector-shape-cast-mask-trailing", "vector.shape_cast", shape_cast_of_mask_trailing),
        ("vector-shape-cast-broadcast-folder", "vector.shape_cast", shape_cast_of_broadcast),
        ("vector-shape-cast-of-from-elements", "vector.shape_cast", shape_cast_of_from_elements),
        ("vector-transpose-create-mask", "vector.transpose", transpose_of_mask),
        ("vector-transpose-shape-cast", "vector.transpose", transpose_of_shape_cast),
        ("vector-transpose-folder", "vector.transpose", transpose_of_transpose),
        ("vector-transpose-splat", "vector.transpose", of_splat_to_splat),
        ("vector-transpose-from-elements", "vector.transpose", transpose_of_from_elements),
        ("vector-transpose-broadcast", "vector.transpose", transpose_of_broadcast),
        ("vector-step-compare-folder", "vector.step", step_compare),
        ("vector-create-mask-folder", "vector.create_mask", create_mask_folder),
        ("vector-elide-single-element-reduction", "vector.reduction", elide_single_element_reduction),
        ("vector-elide-unit-dims-multi-reduction", "vector.multi_reduction", elide_unit_dims_multi_reduction),
    ];
    register_table(ctx, &patterns);
    register_mask_and_reduction_folds(ctx);
}

// ---- small accessors ----

fn result(ctx: &Context, op: OpId) -> Result<Value> {
    ctx.op_result(op, 0)
}

fn static_pos(ctx: &Context, op: OpId) -> Vec<i64> {
    super::i64s(ctx, op, "static_position")
}

fn set_static_pos(ctx: &mut Context, op: OpId, pos: &[i64]) -> Result<()> {
    let a = u::i64_array_attr(ctx, pos)?;
    ctx.set_op_attribute(op, "static_position", a)
}

fn has_dynamic_pos(ctx: &Context, op: OpId) -> bool {
    static_pos(ctx, op).contains(&DYNAMIC)
}

fn vshape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    u::vector_shape(ctx, ctx.value_type(v).ok()?)
}

fn rank_of(ctx: &Context, t: Type) -> usize {
    u::vector_shape(ctx, t).map_or(0, |s| s.len())
}

fn one_result(v: Value) -> Result<Folded> {
    Ok(value(v))
}

fn one_attr(a: Attribute) -> Result<Folded> {
    Ok(attr(a))
}

fn poison_result(ctx: &Context) -> Result<Folded> {
    match u::poison(ctx) {
        Some(p) => one_attr(p),
        None => Ok(Folded::NotFolded),
    }
}

fn int_constant(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Bool(b) => Some(*b as i64),
        _ => int_of(ctx, a),
    }
}

/// `getConstantIntValue`: an integer constant, or the value of an integer splat.
fn constant_int_of(ctx: &Context, v: Value) -> Option<i64> {
    let a = constant_value(ctx, v)?;
    if let Some(i) = int_constant(ctx, a) {
        return Some(i);
    }
    if u::is_dense_splat(ctx, a) {
        let (ty, elems) = u::dense_elements(ctx, a)?;
        let element = ctx.element_type(ty)?;
        let s = u::scalar_attr(ctx, element, elems.first()?)?;
        return int_constant(ctx, s);
    }
    None
}

fn state(ctx: &Context, name: &str, at: OpId, operands: &[Value], ty: Type) -> Result<OperationState> {
    Ok(OperationState::new(name, ctx.op_location(at)?).operands(operands).results(&[ty]))
}

fn replace_with(rw: &mut Rewriter<'_>, op: OpId, name: &str, operands: &[Value], ty: Type) -> Result<bool> {
    let s = state(rw.ctx(), name, op, operands, ty)?;
    rw.replace_op_with_new(op, &s)?;
    Ok(true)
}

/// The mixed positions of an extract/insert: static entries, or the dynamic operand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pos {
    Static(i64),
    Dynamic(Value),
}

fn mixed_pos(ctx: &Context, op: OpId, first_dynamic: usize) -> Result<Vec<Pos>> {
    let operands = ctx.op_operands(op)?;
    let mut dynamic = operands.iter().skip(first_dynamic);
    Ok(static_pos(ctx, op)
        .into_iter()
        .map(
            |p| if p == DYNAMIC { dynamic.next().map_or(Pos::Static(p), |&v| Pos::Dynamic(v)) } else { Pos::Static(p) },
        )
        .collect())
}

/// Upstream's `isBroadcastableTo(src, dst) == Success`.
fn is_broadcastable_to(ctx: &Context, src: Type, dst: Type) -> bool {
    let Some((ds, dsc, de)) = u::vector_parts(ctx, dst) else { return false };
    let Some((ss, ssc, _)) = u::vector_parts(ctx, src) else {
        return src == de;
    };
    if ss.len() > ds.len() {
        return false;
    }
    let lead = ds.len() - ss.len();
    for i in 0..ss.len() {
        let (s, d) = (ss[i], ds[lead + i]);
        if s != 1 && s != d {
            return false;
        }
        let (sf, df) = (ssc[i], dsc[lead + i]);
        if (s == 1 && sf && d != 1) || (sf != df && (s != 1 || sf)) {
            return false;
        }
    }
    true
}

/// Folds `arith.constant` dynamic positions into the static ones when in bounds (or the
/// poison index); upstream's `extractInsertFoldConstantOp`. Changes the op in place.
fn fold_constant_positions(
    ctx: &mut Context,
    op: OpId,
    constants: &[Option<Attribute>],
    first_dynamic: usize,
    shape: &[i64],
) -> Result<bool> {
    let operands = ctx.op_operands(op)?;
    if operands.len() <= first_dynamic {
        return Ok(false);
    }
    let mut pos = static_pos(ctx, op);
    let mut kept: Vec<Value> = operands[..first_dynamic].to_vec();
    let mut k = first_dynamic;
    let mut changed = false;
    for (i, p) in pos.iter_mut().enumerate() {
        if *p != DYNAMIC {
            continue;
        }
        let c = constants.get(k).copied().flatten().and_then(|a| int_constant(ctx, a));
        let v = operands[k];
        k += 1;
        if let Some(c) = c {
            if c >= -1 && c < shape.get(i).copied().unwrap_or(0) {
                *p = c;
                changed = true;
                continue;
            }
        }
        kept.push(v);
    }
    if changed {
        set_static_pos(ctx, op, &pos)?;
        ctx.set_operands(op, &kept)?;
    }
    Ok(changed)
}

// ---- vector.extract ----

fn fold_extract(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let src = operand(ctx, op, 0)?;
    let src_ty = ctx.value_type(src)?;
    let res_ty = result_type(ctx, op)?;
    let pos0 = static_pos(ctx, op);
    if pos0.is_empty() && src_ty == res_ty {
        return one_result(src);
    }
    let src_cst = constants.first().copied().flatten();
    if let Some(a) = src_cst.filter(|&a| is_poison(ctx, a)) {
        return one_attr(a);
    }
    let shape = u::vector_shape(ctx, src_ty).unwrap_or_default();
    let in_place = fold_constant_positions(ctx, op, constants, 1, &shape)?;
    if pos0.contains(&POISON_INDEX) {
        return poison_result(ctx);
    }
    if let Some(a) = src_cst.and_then(|a| extract_from_dense(ctx, op, a)) {
        return one_attr(a);
    }
    if extract_from_extract_chain(ctx, op)? {
        return Ok(Folded::InPlace);
    }
    if let Some(f) = extract_from_insert_transpose_chain(ctx, op)? {
        return Ok(f);
    }
    for f in [extract_from_broadcast, extract_from_shuffle, extract_from_shape_cast] {
        if let Some(r) = f(ctx, op)? {
            return Ok(r);
        }
    }
    for f in [extract_from_extract_strided, extract_from_insert_strided_chain] {
        if let Some(r) = f(ctx, op)? {
            return Ok(r);
        }
    }
    if let Some(v) = scalar_extract_from_from_elements(ctx, op)? {
        return one_result(v);
    }
    Ok(if in_place { Folded::InPlace } else { Folded::NotFolded })
}

fn extract_from_dense(ctx: &Context, op: OpId, a: Attribute) -> Option<Attribute> {
    let (ty, elems) = u::dense_elements(ctx, a)?;
    let element = ctx.element_type(ty)?;
    let res_ty = result_type(ctx, op).ok()?;
    let res_shape = u::vector_shape(ctx, res_ty);
    if u::is_dense_splat(ctx, a) {
        return match res_shape {
            Some(_) => u::dense_from_elements(ctx, res_ty, &elems[..1]),
            None => u::scalar_attr(ctx, element, &elems[0]),
        };
    }
    let src_ty = ctx.value_type(operand(ctx, op, 0).ok()?).ok()?;
    if u::is_scalable(ctx, src_ty) || has_dynamic_pos(ctx, op) {
        return None;
    }
    let shape = u::vector_shape(ctx, src_ty)?;
    let mut full = vec![0; shape.len()];
    for (f, p) in full.iter_mut().zip(static_pos(ctx, op)) {
        *f = p;
    }
    let start = u::linearize(&full, &u::strides(&shape)) as usize;
    match res_shape {
        Some(rs) => {
            let n = u::num_elements(&rs) as usize;
            u::dense_from_elements(ctx, res_ty, elems.get(start..start + n)?)
        }
        None => u::scalar_attr(ctx, element, elems.get(start)?),
    }
}

fn extract_from_extract_chain(ctx: &mut Context, op: OpId) -> Result<bool> {
    if def_op_named(ctx, operand(ctx, op, 0)?, "vector.extract").is_none() || has_dynamic_pos(ctx, op) {
        return Ok(false);
    }
    let mut global: Vec<i64> = static_pos(ctx, op).into_iter().rev().collect();
    let mut cur = op;
    while let Some(next) = def_op_named(ctx, operand(ctx, cur, 0)?, "vector.extract") {
        cur = next;
        if has_dynamic_pos(ctx, cur) {
            return Ok(false);
        }
        global.extend(static_pos(ctx, cur).into_iter().rev());
    }
    let root = operand(ctx, cur, 0)?;
    ctx.set_operand(op, 0, root)?;
    global.reverse();
    set_static_pos(ctx, op, &global)?;
    Ok(true)
}

/// Upstream's `ExtractFromInsertTransposeChainState`: walks back through inserts and
/// transposes, tracking the extracted position plus sentinels for the untouched dims.
fn extract_from_insert_transpose_chain(ctx: &mut Context, op: OpId) -> Result<Option<Folded>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let src = operand(ctx, op, 0)?;
    let vector_rank = rank_of(ctx, ctx.value_type(src)?);
    let pos0 = static_pos(ctx, op);
    let mut extracted_rank = pos0.len();
    let sentinels: Vec<i64> = (0..vector_rank.saturating_sub(extracted_rank)).map(|i| -(i as i64 + 1)).collect();
    let mut pos: Vec<i64> = pos0.iter().copied().chain(sentinels.iter().copied()).collect();
    let can_fold = |pos: &[i64], er: usize| pos.get(er..) == Some(&sentinels[..]);
    let is_prefix = |a: &[i64], b: &[i64]| a.len() <= b.len() && b[..a.len()] == *a;
    let mut v = src;
    loop {
        if let Some(t) = def_op_named(ctx, v, "vector.transpose") {
            let perm = super::i64s(ctx, t, "permutation");
            let mut next = pos.clone();
            for (i, &p) in perm.iter().enumerate() {
                if let (Some(slot), Some(&val)) = (next.get_mut(p as usize), pos.get(i)) {
                    *slot = val;
                }
            }
            pos = next;
            v = operand(ctx, t, 0)?;
            continue;
        }
        let Some(ins) = def_op_named(ctx, v, "vector.insert") else { break };
        let ins_pos = static_pos(ctx, ins);
        let ins_dynamic = ins_pos.contains(&DYNAMIC);
        if !ins_dynamic && pos.get(..extracted_rank) == Some(&ins_pos[..]) {
            let stored = operand(ctx, ins, 0)?;
            if can_fold(&pos, extracted_rank) {
                return Ok(Some(Folded::Results(vec![FoldResult::Value(stored)])));
            }
        }
        if !ins_dynamic && is_prefix(&ins_pos, &pos) {
            pos.drain(..ins_pos.len());
            // A poison insert position can eat into the sentinels; nothing to fold then.
            let Some(rank) = pos.len().checked_sub(sentinels.len()) else { return Ok(None) };
            extracted_rank = rank;
            let stored = operand(ctx, ins, 0)?;
            return try_fold_extract_in_place(ctx, op, stored, &pos, extracted_rank, can_fold(&pos, extracted_rank));
        }
        let intersects = pos.iter().zip(&ins_pos).all(|(&a, &b)| a < 0 || b < 0 || a == b);
        if is_prefix(&pos, &ins_pos) || intersects {
            return Ok(None);
        }
        v = operand(ctx, ins, 1)?;
    }
    let ok = can_fold(&pos, extracted_rank);
    try_fold_extract_in_place(ctx, op, v, &pos, extracted_rank, ok)
}

fn try_fold_extract_in_place(
    ctx: &mut Context,
    op: OpId,
    source: Value,
    pos: &[i64],
    extracted_rank: usize,
    can_fold: bool,
) -> Result<Option<Folded>> {
    if source == operand(ctx, op, 0)? || !can_fold {
        return Ok(None);
    }
    set_static_pos(ctx, op, &pos[..extracted_rank])?;
    ctx.set_operand(op, 0, source)?;
    Ok(Some(Folded::InPlace))
}

/// Broadcasts, and shape_casts that only prepend unit dims.
fn broadcast_like(ctx: &Context, v: Value) -> Option<OpId> {
    let def = ctx.value_defining_op(v).ok()??;
    match ctx.op_name(def).ok()? {
        "vector.broadcast" => Some(def),
        "vector.shape_cast" => {
            let s = vshape(ctx, operand(ctx, def, 0).ok()?)?;
            let d = vshape(ctx, result(ctx, def).ok()?)?;
            (d.len() >= s.len() && d[d.len() - s.len()..] == s[..]).then_some(def)
        }
        _ => None,
    }
}

fn extract_from_broadcast(ctx: &mut Context, op: OpId) -> Result<Option<Folded>> {
    let src = operand(ctx, op, 0)?;
    let Some(def) = broadcast_like(ctx, src) else { return Ok(None) };
    let input = operand(ctx, def, 0)?;
    let input_ty = ctx.value_type(input)?;
    let res_ty = result_type(ctx, op)?;
    if res_ty == input_ty {
        return Ok(Some(Folded::Results(vec![FoldResult::Value(input)])));
    }
    let input_shape = u::vector_shape(ctx, input_ty);
    let input_rank = input_shape.as_ref().map_or(0, Vec::len);
    let bcast_rank = rank_of(ctx, ctx.value_type(src)?);
    let res_shape = u::vector_shape(ctx, res_ty);
    let extract_rank = res_shape.as_ref().map_or(0, Vec::len);
    if extract_rank > input_rank {
        return Ok(None);
    }
    let Some(input_shape) = input_shape else { return Ok(None) };
    if let Some(rs) = &res_shape {
        if input_shape[input_rank - extract_rank..] != rs[..] {
            return Ok(None);
        }
    }
    let delta_overall = input_rank - extract_rank;
    let delta_bcast = bcast_rank - input_rank;
    let old = mixed_pos(ctx, op, 1)?;
    let new: Vec<Pos> =
        (0..delta_overall).map(|i| if input_shape[i] == 1 { Pos::Static(0) } else { old[i + delta_bcast] }).collect();
    let statics: Vec<i64> = new.iter().map(|p| if let Pos::Static(s) = p { *s } else { DYNAMIC }).collect();
    let mut operands = vec![input];
    operands.extend(new.iter().filter_map(|p| if let Pos::Dynamic(v) = p { Some(*v) } else { None }));
    ctx.set_operands(op, &operands)?;
    set_static_pos(ctx, op, &statics)?;
    Ok(Some(Folded::InPlace))
}

fn extract_from_shuffle(ctx: &mut Context, op: OpId) -> Result<Option<Folded>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let Some(sh) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.shuffle") else { return Ok(None) };
    if vshape(ctx, result(ctx, sh)?).map_or(0, |s| s.len()) != 1 {
        return Ok(None);
    }
    let v1 = operand(ctx, sh, 0)?;
    let v2 = operand(ctx, sh, 1)?;
    let size = vshape(ctx, v1).and_then(|s| s.first().copied()).unwrap_or(1);
    let mask = super::i64s(ctx, sh, "mask");
    let Some(&first) = static_pos(ctx, op).first() else { return Ok(None) };
    let Some(&idx) = mask.get(first as usize) else { return Ok(None) };
    if idx < size {
        ctx.set_operand(op, 0, v1)?;
        set_static_pos(ctx, op, &[idx])?;
    } else {
        ctx.set_operand(op, 0, v2)?;
        set_static_pos(ctx, op, &[idx - size])?;
    }
    Ok(Some(Folded::InPlace))
}

fn extract_from_shape_cast(ctx: &mut Context, op: OpId) -> Result<Option<Folded>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let src = operand(ctx, op, 0)?;
    let Some(sc) = def_op_named(ctx, src, "vector.shape_cast") else { return Ok(None) };
    let sc_src = operand(ctx, sc, 0)?;
    let Some(sc_shape) = vshape(ctx, sc_src) else { return Ok(None) };
    let Some(src_shape) = vshape(ctx, src) else { return Ok(None) };
    let rev = |s: &[i64], n: usize| s[s.len() - 1 - n];
    let res_shape = u::vector_shape(ctx, result_type(ctx, op)?);
    let dest_rank = res_shape.as_ref().map_or(0, Vec::len);
    if dest_rank > sc_shape.len() {
        return Ok(None);
    }
    if let Some(rs) = &res_shape {
        if (0..dest_rank).any(|i| rev(&sc_shape, i) != rev(rs, i)) {
            return Ok(None);
        }
    }
    let extracted: Vec<i64> = static_pos(ctx, op).into_iter().rev().collect();
    let mut strides = Vec::new();
    let mut stride = 1;
    for i in 0..extracted.len() {
        strides.push(stride);
        stride *= rev(&src_shape, i + dest_rank);
    }
    let position = u::linearize(&extracted, &strides);
    let mut new_strides = Vec::new();
    stride = 1;
    for i in 0..sc_shape.len() - dest_rank {
        new_strides.push(stride);
        stride *= rev(&sc_shape, i + dest_rank);
    }
    new_strides.reverse();
    let new_pos = u::delinearize(position, &new_strides);
    set_static_pos(ctx, op, &new_pos)?;
    ctx.set_operand(op, 0, sc_src)?;
    Ok(Some(Folded::InPlace))
}

fn flat_index(pos: &[i64], shape: &[i64]) -> i64 {
    let mut flat = 0;
    let mut stride = 1;
    for i in (0..shape.len()).rev() {
        flat += pos.get(i).copied().unwrap_or(0) * stride;
        stride *= shape[i];
    }
    flat
}

fn scalar_extract_from_from_elements(ctx: &Context, op: OpId) -> Result<Option<Value>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let Some(fe) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.from_elements") else { return Ok(None) };
    let ty = result_type(ctx, fe)?;
    let Some((shape, _, element)) = u::vector_parts(ctx, ty) else { return Ok(None) };
    if u::is_scalable(ctx, ty) || result_type(ctx, op)? != element {
        return Ok(None);
    }
    let flat = flat_index(&static_pos(ctx, op), &shape);
    Ok(ctx.op_operands(fe)?.get(flat as usize).copied())
}

fn extract_from_broadcast_pattern(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(def) = broadcast_like(ctx, operand(ctx, op, 0)?) else { return Ok(false) };
    let out = result_type(ctx, op)?;
    if u::vector_shape(ctx, out).is_none() {
        return Ok(false);
    }
    let source = operand(ctx, def, 0)?;
    if !is_broadcastable_to(ctx, ctx.value_type(source)?, out) {
        return Ok(false);
    }
    replace_with(rw, op, "vector.broadcast", &[source], out)
}

/// Whether `v` is a vector with as many elements as the vector type `ty` (a shape_cast or
/// a one-to-one broadcast between them keeps every element).
fn same_element_count(ctx: &Context, v: Value, ty: Type) -> bool {
    match (vshape(ctx, v), u::vector_shape(ctx, ty)) {
        (Some(a), Some(b)) => u::num_elements(&a) == u::num_elements(&b),
        _ => false,
    }
}

fn extract_to_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let src = operand(ctx, op, 0)?;
    let out = result_type(ctx, op)?;
    if !same_element_count(ctx, src, out) {
        return Ok(false);
    }
    let all_zero = mixed_pos(ctx, op, 1)?.iter().all(|p| match p {
        Pos::Static(s) => *s == 0,
        Pos::Dynamic(v) => constant_int_of(ctx, *v) == Some(0),
    });
    if !all_zero {
        return Ok(false);
    }
    replace_with(rw, op, "vector.shape_cast", &[src], out)
}

fn extract_from_insert_unit_dim(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if has_dynamic_pos(ctx, op) {
        return Ok(false);
    }
    let src = operand(ctx, op, 0)?;
    let Some(ins) = def_op_named(ctx, src, "vector.insert") else { return Ok(false) };
    if has_dynamic_pos(ctx, ins) {
        return Ok(false);
    }
    let ep = static_pos(ctx, op);
    let ip = static_pos(ctx, ins);
    if ep.len() >= ip.len() || ip[..ep.len()] != ep[..] {
        return Ok(false);
    }
    let Some(shape) = vshape(ctx, src) else { return Ok(false) };
    if shape[ep.len()..].iter().any(|&d| d != 1) {
        return Ok(false);
    }
    let inserted = operand(ctx, ins, 0)?;
    let out = result_type(ctx, op)?;
    let name = if vshape(ctx, inserted).is_some() { "vector.shape_cast" } else { "vector.broadcast" };
    replace_with(rw, op, name, &[inserted], out)
}

fn extract_shape_cast_to_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(sc) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.shape_cast") else { return Ok(false) };
    let source = operand(ctx, sc, 0)?;
    let out = result_type(ctx, op)?;
    if !same_element_count(ctx, source, out) {
        return Ok(false);
    }
    replace_with(rw, op, "vector.shape_cast", &[source], out)
}

fn extract_from_from_elements(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if has_dynamic_pos(ctx, op) {
        return Ok(false);
    }
    let out = result_type(ctx, op)?;
    let Some(os) = u::vector_shape(ctx, out) else { return Ok(false) };
    let Some(fe) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.from_elements") else { return Ok(false) };
    let in_ty = result_type(ctx, fe)?;
    if u::is_scalable(ctx, out) || u::is_scalable(ctx, in_ty) {
        return Ok(false);
    }
    let Some(in_shape) = u::vector_shape(ctx, in_ty) else { return Ok(false) };
    let mut first = static_pos(ctx, op);
    first.resize(first.len() + os.len(), 0);
    let flat = flat_index(&first, &in_shape) as usize;
    let n = u::num_elements(&os) as usize;
    let Some(elems) = ctx.op_operands(fe)?.get(flat..flat + n).map(<[Value]>::to_vec) else { return Ok(false) };
    replace_with(rw, op, "vector.from_elements", &elems, out)
}

// ---- vector.from_elements / vector.to_elements ----

fn fold_from_elements(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let elems = ctx.op_operands(op)?;
    let ty = result_type(ctx, op)?;
    if let Some(&first) = elems.first() {
        if let Some(te) = def_op_named(ctx, first, "vector.to_elements") {
            let te_src = operand(ctx, te, 0)?;
            if ctx.value_type(te_src)? == ty && ctx.op_results(te)? == elems {
                return one_result(te_src);
            }
        }
    }
    if constants.iter().any(|c| c.map_or(true, |a| is_poison(ctx, a))) {
        return Ok(Folded::NotFolded);
    }
    let Some(element) = ctx.element_type(ty) else { return Ok(Folded::NotFolded) };
    let ok = matches!(ctx.type_kind(element), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_));
    if !ok {
        return Ok(Folded::NotFolded);
    }
    let bytes: Option<Vec<Vec<u8>>> =
        constants.iter().map(|c| c.and_then(|a| u::scalar_bytes(ctx, a, element))).collect();
    match bytes.and_then(|b| u::dense_from_elements(ctx, ty, &b)) {
        Some(a) => one_attr(a),
        None => Ok(Folded::NotFolded),
    }
}

fn fold_to_elements(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    let src = operand(ctx, op, 0)?;
    if let Some(fe) = def_op_named(ctx, src, "vector.from_elements") {
        let elems = ctx.op_operands(fe)?;
        return Ok(Folded::Results(elems.into_iter().map(FoldResult::Value).collect()));
    }
    if let Some(sc) = def_op_named(ctx, src, "vector.shape_cast") {
        let s = operand(ctx, sc, 0)?;
        ctx.set_operand(op, 0, s)?;
        return Ok(Folded::InPlace);
    }
    if let Some(b) = def_op_named(ctx, src, "vector.broadcast") {
        let s = operand(ctx, b, 0)?;
        if vshape(ctx, s).is_some() {
            return Ok(Folded::NotFolded);
        }
        let n = ctx.op_num_results(op)?;
        return Ok(Folded::Results(vec![FoldResult::Value(s); n]));
    }
    Ok(Folded::NotFolded)
}

fn from_elements_as_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let elems = ctx.op_operands(op)?;
    let Some(&first) = elems.first() else { return Ok(false) };
    if elems.iter().any(|&e| e != first) {
        return Ok(false);
    }
    let ty = result_type(ctx, op)?;
    replace_with(rw, op, "vector.broadcast", &[first], ty)
}

fn from_elements_to_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let ty = result_type(ctx, op)?;
    let Some(shape) = u::vector_shape(ctx, ty) else { return Ok(false) };
    let num = u::num_elements(&shape);
    if num == 1 {
        return Ok(false);
    }
    let mut source: Option<Value> = None;
    let mut source_shape = Vec::new();
    let mut combined = Vec::new();
    let mut expected: Vec<i64> = Vec::new();
    for (k, e) in ctx.op_operands(op)?.into_iter().enumerate() {
        let Some(ex) = def_op_named(ctx, e, "vector.extract") else { return Ok(false) };
        let s = operand(ctx, ex, 0)?;
        if k == 0 {
            source = Some(s);
            source_shape = vshape(ctx, s).unwrap_or_default();
        } else if Some(s) != source {
            return Ok(false);
        }
        let position = static_pos(ctx, ex);
        let rank = position.len();
        if k == 0 {
            let mut suffix = 1;
            let mut index = rank;
            while index > 0 && position[index - 1] == 0 && suffix < num {
                suffix *= source_shape.get(index - 1).copied().unwrap_or(1);
                index -= 1;
            }
            if suffix != num {
                return Ok(false);
            }
            expected = position.clone();
            combined = position[..index].to_vec();
        } else if expected != position {
            return Ok(false);
        }
        for dim in (0..expected.len()).rev() {
            expected[dim] += 1;
            if expected[dim] < source_shape.get(dim).copied().unwrap_or(1) {
                break;
            }
            expected[dim] = 0;
        }
    }
    let Some(source) = source else { return Ok(false) };
    let Some((_, scal, element)) = u::vector_parts(ctx, ctx.value_type(source)?) else { return Ok(false) };
    let ext_ty = if combined.len() == source_shape.len() {
        element
    } else {
        ctx.vector_type(&source_shape[combined.len()..], &scal[combined.len()..], element)?
    };
    let pos_attr = u::i64_array_attr(ctx, &combined)?;
    let st =
        state(ctx, "vector.extract", op, &[source], ext_ty)?.attribute(ctx.identifier("static_position"), pos_attr);
    rw.set_insertion_point(InsertPoint::Before(op));
    let extracted = u::create_or_fold(rw, &st)?;
    replace_with(rw, op, "vector.shape_cast", &[extracted], ty)
}

// ---- vector.broadcast ----

fn fold_broadcast(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let src = operand(ctx, op, 0)?;
    let src_ty = ctx.value_type(src)?;
    let res_ty = result_type(ctx, op)?;
    if src_ty == res_ty {
        return one_result(src);
    }
    if let Some(sc) = def_op_named(ctx, src, "vector.shape_cast") {
        let inner = operand(ctx, sc, 0)?;
        let inner_ty = ctx.value_type(inner)?;
        if is_broadcastable_to(ctx, inner_ty, res_ty) {
            let s = u::vector_shape(ctx, inner_ty).unwrap_or_default();
            let c = u::vector_shape(ctx, src_ty).unwrap_or_default();
            let n = s.len().min(c.len());
            if s[s.len() - n..] == c[c.len() - n..] {
                ctx.set_operand(op, 0, inner)?;
                return Ok(Folded::InPlace);
            }
        }
    }
    let Some(a) = constants.first().copied().flatten() else { return Ok(Folded::NotFolded) };
    let Some(element) = ctx.element_type(res_ty) else { return Ok(Folded::NotFolded) };
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => {
            if *ty != element {
                return Ok(Folded::NotFolded);
            }
            return splat_of(ctx, res_ty, a, element);
        }
        AttrKind::Bool(_) => {
            if !matches!(ctx.type_kind(element), TypeKind::Integer { width: 1, .. }) {
                return Ok(Folded::NotFolded);
            }
            return splat_of(ctx, res_ty, a, element);
        }
        _ => {}
    }
    if u::is_dense_splat(ctx, a) {
        if let Some((_, elems)) = u::dense_elements(ctx, a) {
            if let Some(d) = u::dense_from_elements(ctx, res_ty, &elems[..1]) {
                return one_attr(d);
            }
        }
    }
    if is_poison(ctx, a) {
        return poison_result(ctx);
    }
    Ok(Folded::NotFolded)
}

fn splat_of(ctx: &Context, ty: Type, scalar: Attribute, element: Type) -> Result<Folded> {
    match u::scalar_bytes(ctx, scalar, element).and_then(|b| u::dense_from_elements(ctx, ty, &[b])) {
        Some(d) => one_attr(d),
        None => Ok(Folded::NotFolded),
    }
}

fn broadcast_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(inner) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.broadcast") else { return Ok(false) };
    let s = operand(ctx, inner, 0)?;
    let ty = result_type(ctx, op)?;
    replace_with(rw, op, "vector.broadcast", &[s], ty)
}

fn broadcast_to_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let src = operand(ctx, op, 0)?;
    let ty = result_type(ctx, op)?;
    if !same_element_count(ctx, src, ty) {
        return Ok(false);
    }
    replace_with(rw, op, "vector.shape_cast", &[src], ty)
}

/// The scalar a `vector.broadcast` of a scalar splats (upstream's `getScalarSplatSource`).
fn scalar_splat_source(ctx: &Context, v: Value) -> Option<Value> {
    let b = def_op_named(ctx, v, "vector.broadcast")?;
    let s = operand(ctx, b, 0).ok()?;
    vshape(ctx, s).is_none().then_some(s)
}

// ---- vector.insert ----

fn fold_insert(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let stored = operand(ctx, op, 0)?;
    let dest = operand(ctx, op, 1)?;
    let res_ty = result_type(ctx, op)?;
    let pos0 = static_pos(ctx, op);
    if pos0.is_empty() && ctx.value_type(stored)? == res_ty {
        return one_result(stored);
    }
    let shape = vshape(ctx, dest).unwrap_or_default();
    let in_place = fold_constant_positions(ctx, op, constants, 2, &shape)?;
    if let Some(d) = def_op_named(ctx, dest, "vector.insert") {
        if mixed_pos(ctx, op, 2)? == mixed_pos(ctx, d, 2)? {
            let dd = operand(ctx, d, 1)?;
            ctx.set_operand(op, 1, dd)?;
            return Ok(Folded::InPlace);
        }
    }
    if pos0.contains(&POISON_INDEX) {
        return poison_result(ctx);
    }
    if let (Some(sa), Some(da)) = (constants.first().copied().flatten(), constants.get(1).copied().flatten()) {
        if let Some(a) = insert_into_dense(ctx, op, sa, da)? {
            return one_attr(a);
        }
    }
    Ok(if in_place { Folded::InPlace } else { Folded::NotFolded })
}

fn insert_into_dense(ctx: &Context, op: OpId, src: Attribute, dst: Attribute) -> Result<Option<Attribute>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let Some((ty, mut all)) = u::dense_elements(ctx, dst) else { return Ok(None) };
    if u::is_scalable(ctx, ty) {
        return Ok(None);
    }
    let shape = u::vector_shape(ctx, ty).unwrap_or_default();
    if u::num_elements(&shape) > 256 && ctx.value_num_uses(result(ctx, op)?)? != 1 {
        return Ok(None);
    }
    let pos = static_pos(ctx, op);
    if pos.contains(&POISON_INDEX) {
        return Ok(None);
    }
    let Some(element) = ctx.element_type(ty) else { return Ok(None) };
    let mut full = vec![0; shape.len()];
    for (f, p) in full.iter_mut().zip(&pos) {
        *f = *p;
    }
    let begin = u::linearize(&full, &u::strides(&shape)) as usize;
    let values: Vec<Vec<u8>> = if let Some((sty, elems)) = u::dense_elements(ctx, src) {
        let se = ctx.element_type(sty).expect("shaped");
        let converted: Option<Vec<Vec<u8>>> =
            elems.iter().map(|b| u::scalar_attr(ctx, se, b).and_then(|a| u::scalar_bytes(ctx, a, element))).collect();
        match converted {
            Some(c) => c,
            None => return Ok(None),
        }
    } else {
        match u::scalar_bytes(ctx, src, element) {
            Some(b) => vec![b],
            None => return Ok(None),
        }
    };
    for (k, v) in values.into_iter().enumerate() {
        match all.get_mut(begin + k) {
            Some(slot) => *slot = v,
            None => return Ok(None),
        }
    }
    Ok(u::dense_from_elements(ctx, ty, &all))
}

fn insert_to_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let stored = operand(ctx, op, 0)?;
    let ty = result_type(ctx, op)?;
    if !same_element_count(ctx, stored, ty) {
        return Ok(false);
    }
    replace_with(rw, op, "vector.broadcast", &[stored], ty)
}

/// Upstream's `InsertSplatToSplat` and `ShuffleSplat`: an op whose first two operands are
/// splats of the same scalar is that splat at the result type.
fn two_splats_to_splat(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(s) = scalar_splat_source(ctx, operand(ctx, op, 0)?) else { return Ok(false) };
    if scalar_splat_source(ctx, operand(ctx, op, 1)?) != Some(s) {
        return Ok(false);
    }
    let ty = result_type(ctx, op)?;
    replace_with(rw, op, "vector.broadcast", &[s], ty)
}

fn insert_chain_fully_initialized(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let ty = result_type(ctx, op)?;
    let Some((shape, _, _)) = u::vector_parts(ctx, ty) else { return Ok(false) };
    if u::is_scalable(ctx, ty) {
        return Ok(false);
    }
    let res = result(ctx, op)?;
    for use_ in ctx.value_uses(res)? {
        if ctx.op_name(use_.op)? == "vector.insert" && use_.index == 1 {
            return Ok(false);
        }
    }
    let mut chain = Vec::new();
    let mut cur = Some(op);
    while let Some(c) = cur {
        if ctx.op_operands(c)?.len() > 2 || has_dynamic_pos(ctx, c) {
            return Ok(false);
        }
        chain.push(c);
        cur = def_op_named(ctx, operand(ctx, c, 1)?, "vector.insert");
        if let Some(n) = cur {
            if ctx.value_num_uses(result(ctx, n)?)? != 1 {
                return Ok(false);
            }
        }
    }
    let size = u::num_elements(&shape) as usize;
    let strides = u::strides(&shape);
    let mut initialized = vec![false; size];
    let mut count = 0;
    let mut pending: Vec<(usize, usize, Value)> = Vec::new();
    for &c in &chain {
        let pos = static_pos(ctx, c);
        if pos.contains(&POISON_INDEX) {
            return Ok(false);
        }
        let mut full = vec![0; shape.len()];
        for (f, p) in full.iter_mut().zip(&pos) {
            *f = *p;
        }
        let begin = u::linearize(&full, &strides) as usize;
        let stored = operand(ctx, c, 0)?;
        let n = vshape(ctx, stored).map_or(1, |s| u::num_elements(&s) as usize);
        for slot in initialized.iter_mut().skip(begin).take(n) {
            if !*slot {
                *slot = true;
                count += 1;
            }
        }
        pending.push((begin, n, stored));
        if count == size {
            break;
        }
    }
    if count != size {
        return Ok(false);
    }
    let mut elements: Vec<Option<Value>> = vec![None; size];
    for &(begin, n, stored) in pending.iter().rev() {
        let stored_ty = rw.ctx().value_type(stored)?;
        let Some((_, _, se)) = u::vector_parts(rw.ctx(), stored_ty) else {
            elements[begin] = Some(stored);
            continue;
        };
        let mut st = state(rw.ctx(), "vector.to_elements", op, &[stored], se)?;
        st.result_types = vec![se; n];
        let te = rw.create_op(&st)?;
        let results = rw.ctx().op_results(te)?;
        for (k, r) in results.into_iter().enumerate() {
            elements[begin + k] = Some(r);
        }
    }
    let Some(elements) = elements.into_iter().collect::<Option<Vec<Value>>>() else { return Ok(false) };
    replace_with(rw, op, "vector.from_elements", &elements, ty)
}

// ---- vector.shape_cast ----

/// Upstream's `isOrderPreserving`: the transpose moves only unit (non-scalable) dims.
fn transpose_is_order_preserving(ctx: &Context, t: OpId) -> Result<bool> {
    let perm = super::i64s(ctx, t, "permutation");
    let Some((shape, scal, _)) = u::vector_parts(ctx, ctx.value_type(operand(ctx, t, 0)?)?) else { return Ok(false) };
    let mut current = 0;
    for &p in &perm {
        let unit = shape[p as usize] == 1 && !scal[p as usize];
        if !unit {
            if p < current {
                return Ok(false);
            }
            current = p;
        }
    }
    Ok(true)
}

fn fold_shape_cast(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let src = operand(ctx, op, 0)?;
    let res_ty = result_type(ctx, op)?;
    if ctx.value_type(src)? == res_ty {
        return one_result(src);
    }
    if let Some(prev) = def_op_named(ctx, src, "vector.shape_cast") {
        let s = operand(ctx, prev, 0)?;
        ctx.set_operand(op, 0, s)?;
        return Ok(Folded::InPlace);
    }
    if let Some(t) = def_op_named(ctx, src, "vector.transpose") {
        if transpose_is_order_preserving(ctx, t)? {
            let s = operand(ctx, t, 0)?;
            ctx.set_operand(op, 0, s)?;
            return Ok(Folded::InPlace);
        }
        return Ok(Folded::NotFolded);
    }
    if let Some(b) = def_op_named(ctx, src, "vector.broadcast") {
        let s = operand(ctx, b, 0)?;
        if ctx.value_type(s)? == res_ty {
            return one_result(s);
        }
    }
    if let Some(a) = constants.first().copied().flatten() {
        if let Some((_, elems)) = u::dense_elements(ctx, a) {
            let data = if u::is_dense_splat(ctx, a) { &elems[..1] } else { &elems[..] };
            if let Some(r) = u::dense_from_elements(ctx, res_ty, data) {
                return one_attr(r);
            }
        }
        if is_poison(ctx, a) {
            return poison_result(ctx);
        }
    }
    Ok(Folded::NotFolded)
}

fn stretching_factor(src: &[i64], dst: &[i64]) -> i64 {
    let lead = dst.len() - src.len();
    src.iter().enumerate().filter(|(i, &s)| s == 1 && dst[lead + i] != 1).map(|(i, _)| dst[lead + i]).product()
}

fn shape_cast_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(b) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.broadcast") else { return Ok(false) };
    let s = operand(ctx, b, 0)?;
    let dst_ty = result_type(ctx, op)?;
    if let Some(ss) = vshape(ctx, s) {
        if !is_broadcastable_to(ctx, ctx.value_type(s)?, dst_ty) {
            return Ok(false);
        }
        let ds = u::vector_shape(ctx, dst_ty).unwrap_or_default();
        let bs = vshape(ctx, result(ctx, b)?).unwrap_or_default();
        if u::num_elements(&ss) != 1 && stretching_factor(&ss, &ds) != stretching_factor(&ss, &bs) {
            return Ok(false);
        }
    }
    replace_with(rw, op, "vector.broadcast", &[s], dst_ty)
}

fn shape_cast_of_from_elements(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(fe) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.from_elements") else { return Ok(false) };
    let elems = ctx.op_operands(fe)?;
    let ty = result_type(ctx, op)?;
    replace_with(rw, op, "vector.from_elements", &elems, ty)
}

// ---- vector.transpose ----

fn fold_transpose(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let res_ty = result_type(ctx, op)?;
    if let Some(a) = constants.first().copied().flatten() {
        if u::is_dense_splat(ctx, a) {
            if let Some((_, elems)) = u::dense_elements(ctx, a) {
                if let Some(r) = u::dense_from_elements(ctx, res_ty, &elems[..1]) {
                    return one_attr(r);
                }
            }
        }
        if is_poison(ctx, a) {
            return poison_result(ctx);
        }
    }
    let src = operand(ctx, op, 0)?;
    if ctx.value_type(src)? == res_ty && transpose_is_order_preserving(ctx, op)? {
        return one_result(src);
    }
    Ok(Folded::NotFolded)
}

fn transpose_state(ctx: &Context, op: OpId, source: Value, perm: &[i64], ty: Type) -> Result<OperationState> {
    let a = u::i64_array_attr(ctx, perm)?;
    Ok(state(ctx, "vector.transpose", op, &[source], ty)?.attribute(ctx.identifier("permutation"), a))
}

fn transpose_of_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(sc) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.shape_cast") else { return Ok(false) };
    if !transpose_is_order_preserving(ctx, op)? {
        return Ok(false);
    }
    let s = operand(ctx, sc, 0)?;
    let ty = result_type(ctx, op)?;
    replace_with(rw, op, "vector.shape_cast", &[s], ty)
}

fn transpose_of_transpose(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(parent) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.transpose") else { return Ok(false) };
    let p1 = super::i64s(ctx, parent, "permutation");
    let p2 = super::i64s(ctx, op, "permutation");
    let perm: Vec<i64> = p2.iter().map(|&i| p1[i as usize]).collect();
    let s = operand(ctx, parent, 0)?;
    let ty = result_type(ctx, op)?;
    let st = transpose_state(ctx, op, s, &perm, ty)?;
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

/// Upstream's `FoldTransposeSplat` and `StridedSliceSplat`: the op of a splat is the
/// splat at the result type.
fn of_splat_to_splat(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(s) = scalar_splat_source(ctx, operand(ctx, op, 0)?) else { return Ok(false) };
    let ty = result_type(ctx, op)?;
    replace_with(rw, op, "vector.broadcast", &[s], ty)
}

fn transpose_of_from_elements(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(fe) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.from_elements") else { return Ok(false) };
    let src_shape = vshape(ctx, result(ctx, fe)?).unwrap_or_default();
    let ty = result_type(ctx, op)?;
    let dst_shape = u::vector_shape(ctx, ty).unwrap_or_default();
    let perm = super::i64s(ctx, op, "permutation");
    let rank = src_shape.len();
    let mut inverse = vec![0usize; rank];
    for (i, &p) in perm.iter().enumerate() {
        inverse[p as usize] = i;
    }
    let (ss, ds) = (u::strides(&src_shape), u::strides(&dst_shape));
    let old = ctx.op_operands(fe)?;
    let mut new = Vec::new();
    for lin in 0..u::num_elements(&dst_shape) {
        let d = u::delinearize(lin, &ds);
        let s: Vec<i64> = (0..rank).map(|j| d[inverse[j]]).collect();
        new.push(old[u::linearize(&s, &ss) as usize]);
    }
    replace_with(rw, op, "vector.from_elements", &new, ty)
}

fn transpose_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(b) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.broadcast") else { return Ok(false) };
    let s = operand(ctx, b, 0)?;
    let ty = result_type(ctx, op)?;
    let Some(input) = vshape(ctx, s) else {
        return replace_with(rw, op, "vector.broadcast", &[s], ty);
    };
    let perm = super::i64s(ctx, op, "permutation");
    let out_rank = rank_of(ctx, ty) as i64;
    let delta = out_rank - input.len() as i64;
    let mut low = 0i64;
    for i in 0..input.len() {
        let not_one = input[i] != 1;
        let prev_not_one = i != 0 && input[i - 1] != 1;
        if not_one || prev_not_one {
            let high = i as i64 + delta;
            for k in low..high {
                let p = perm[k as usize];
                if p < low || p >= high {
                    return Ok(false);
                }
            }
            low = high;
        }
    }
    replace_with(rw, op, "vector.broadcast", &[s], ty)
}

// ---- vector.step ----

fn step_compare(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let step = result(ctx, op)?;
    let size = vshape(ctx, step).map_or(0, |s| u::num_elements(&s));
    for use_ in ctx.value_uses(step)? {
        let cmp = use_.op;
        if ctx.op_name(cmp)? != "arith.cmpi" || use_.index != 0 {
            continue;
        }
        let Some(c) = constant_int_of(ctx, operand(ctx, cmp, 1)?) else { continue };
        let pred = ctx.op_inherent_or_discardable(cmp, "predicate")?.and_then(|a| int_constant(ctx, a)).unwrap_or(-1);
        // arith.cmpi predicates: eq 0, ne 1, ult 6, ule 7, ugt 8, uge 9.
        let splat = match pred {
            6 | 9 if size <= c => Some(pred == 6),
            7 | 8 if size - 1 <= c => Some(pred == 7),
            0 | 1 if size <= c => Some(pred == 1),
            _ => None,
        };
        let Some(splat) = splat else { continue };
        let ty = result_type(ctx, cmp)?;
        if u::vector_shape(ctx, ty).is_none() {
            continue;
        }
        let Some(attr) = u::dense_from_elements(ctx, ty, &[vec![splat as u8]]) else { continue };
        let st = state(ctx, "arith.constant", cmp, &[], ty)?.attribute(ctx.identifier("value"), attr);
        rw.set_insertion_point(InsertPoint::After(cmp));
        let c = rw.create_op(&st)?;
        let v = rw.ctx().op_result(c, 0)?;
        rw.replace_op(cmp, &[v])?;
        return Ok(true);
    }
    Ok(false)
}

// ---- vector.transfer_read / vector.transfer_write ----

/// The operand groups of a transfer op: (vector or none, source, indices, padding or none,
/// mask or none).
struct Transfer {
    op: OpId,
    vector: Option<Value>,
    source: Value,
    indices: Vec<Value>,
    padding: Option<Value>,
    mask: Option<Value>,
    map: AffineMap,
    in_bounds: Vec<bool>,
}

impl Transfer {
    fn of(ctx: &Context, op: OpId) -> Option<Transfer> {
        let write = ctx.op_name(op).ok()? == "vector.transfer_write";
        let operands = ctx.op_operands(op).ok()?;
        let groups = ctx.op_operand_segments(op).ok()?;
        let first = |g: usize| groups.get(g).and_then(|r| operands.get(r.clone())).and_then(|s| s.first().copied());
        let all = |g: usize| groups.get(g).and_then(|r| operands.get(r.clone())).map(<[Value]>::to_vec);
        let map = ctx
            .op_inherent_or_discardable(op, "permutation_map")
            .ok()
            .flatten()
            .and_then(|a| super::affine_map_of(ctx, a))?;
        let in_bounds = match ctx.op_inherent_or_discardable(op, "in_bounds").ok().flatten().map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Array(items)) => {
                items.iter().map(|&b| matches!(ctx.attr_kind(b), AttrKind::Bool(true))).collect()
            }
            _ => vec![false; map.results.len()],
        };
        Some(if write {
            Transfer {
                op,
                vector: first(0),
                source: first(1)?,
                indices: all(2)?,
                padding: None,
                mask: first(3),
                map,
                in_bounds,
            }
        } else {
            Transfer {
                op,
                vector: None,
                source: first(0)?,
                indices: all(1)?,
                padding: first(2),
                mask: first(3),
                map,
                in_bounds,
            }
        })
    }

    fn vector_type(&self, ctx: &Context) -> Option<Type> {
        match self.vector {
            Some(v) => ctx.value_type(v).ok(),
            None => result_type(ctx, self.op).ok(),
        }
    }

    fn shaped_type(&self, ctx: &Context) -> Option<Type> {
        ctx.value_type(self.source).ok()
    }

    fn rank(&self) -> usize {
        self.map.results.len()
    }

    fn has_out_of_bounds_dim(&self) -> bool {
        self.rank() != 0 && self.in_bounds.iter().any(|&b| !b)
    }

    fn mask_group(&self) -> usize {
        3
    }
}

fn transfer_on_tensor(ctx: &Context, op: OpId) -> bool {
    Transfer::of(ctx, op).and_then(|t| t.shaped_type(ctx)).is_some_and(|t| is_ranked_tensor(ctx, t))
}

fn shaped_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } | TypeKind::RankedTensor { shape, .. } => Some(shape.to_vec()),
        _ => None,
    }
}

fn is_ranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. })
}

/// Upstream's `getMaskFormat`.
#[derive(PartialEq, Eq)]
enum MaskFormat {
    AllTrue,
    AllFalse,
    Unknown,
}

fn mask_format(ctx: &Context, mask: Value) -> MaskFormat {
    let Some(def) = ctx.value_defining_op(mask).ok().flatten() else { return MaskFormat::Unknown };
    match ctx.op_name(def).unwrap_or("") {
        "arith.constant" => {
            let Some(a) = constant_value(ctx, mask) else { return MaskFormat::Unknown };
            let Some((ty, elems)) = u::dense_elements(ctx, a) else { return MaskFormat::Unknown };
            if !ctx
                .element_type(ty)
                .is_some_and(|t| matches!(ctx.type_kind(t), TypeKind::Integer { .. } | TypeKind::Index))
            {
                return MaskFormat::Unknown;
            }
            let mut val: i64 = 0;
            for e in elems {
                let b = e.first().is_some_and(|&x| x & 1 == 1);
                if b && val >= 0 {
                    val += 1;
                } else if !b && val <= 0 {
                    val -= 1;
                } else {
                    return MaskFormat::Unknown;
                }
            }
            match val.cmp(&0) {
                std::cmp::Ordering::Greater => MaskFormat::AllTrue,
                std::cmp::Ordering::Less => MaskFormat::AllFalse,
                std::cmp::Ordering::Equal => MaskFormat::Unknown,
            }
        }
        "vector.constant_mask" => {
            let sizes = super::i64s(ctx, def, "mask_dim_sizes");
            let shape = vshape(ctx, mask).unwrap_or_default();
            let all_true = sizes.iter().zip(&shape).all(|(i, u)| i >= u);
            let all_false = sizes.iter().all(|&i| i <= 0);
            if all_true {
                MaskFormat::AllTrue
            } else if all_false {
                MaskFormat::AllFalse
            } else {
                MaskFormat::Unknown
            }
        }
        "vector.create_mask" => {
            for o in ctx.op_operands(def).unwrap_or_default() {
                let is_const = ctx
                    .value_defining_op(o)
                    .ok()
                    .flatten()
                    .is_some_and(|d| ctx.op_name(d).is_ok_and(|n| n == "arith.constant"));
                if is_const && constant_value(ctx, o).and_then(|a| int_constant(ctx, a)).is_some_and(|c| c <= 0) {
                    return MaskFormat::AllFalse;
                }
            }
            MaskFormat::Unknown
        }
        _ => MaskFormat::Unknown,
    }
}

fn map_dim(map: &AffineMap, i: usize) -> Option<u32> {
    match map.nodes[map.results[i] as usize] {
        AffineNode::Dim(d) => Some(d),
        _ => None,
    }
}

fn is_broadcast_result(map: &AffineMap, i: usize) -> bool {
    matches!(map.nodes[map.results[i] as usize], AffineNode::Constant(0))
}

fn fold_in_bounds(ctx: &mut Context, t: &Transfer) -> Result<bool> {
    if t.rank() == 0 {
        return Ok(false);
    }
    let (Some(vty), Some(sty)) = (t.vector_type(ctx), t.shaped_type(ctx)) else { return Ok(false) };
    let Some((vshape_, vscal, _)) = u::vector_parts(ctx, vty) else { return Ok(false) };
    let Some(sshape) = shaped_shape(ctx, sty) else { return Ok(false) };
    let mut changed = false;
    let mut new = Vec::with_capacity(t.rank());
    let mut non_bcast = Vec::new();
    for i in 0..t.rank() {
        if t.in_bounds.get(i).copied().unwrap_or(false) {
            new.push(true);
            continue;
        }
        let mut ok = false;
        if let Some(d) = map_dim(&t.map, i) {
            let d = d as usize;
            ok = sshape.get(d).is_some_and(|&s| s >= 0)
                && !vscal.get(i).copied().unwrap_or(false)
                && t.indices
                    .get(d)
                    .and_then(|&ix| constant_int_of(ctx, ix))
                    .is_some_and(|c| c >= 0 && c + vshape_.get(i).copied().unwrap_or(0) <= sshape[d]);
            non_bcast.push(i);
        }
        new.push(ok);
        changed |= ok;
    }
    if non_bcast.iter().all(|&i| new[i]) {
        for (i, slot) in new.iter_mut().enumerate() {
            if is_broadcast_result(&t.map, i) {
                changed |= !*slot;
                *slot = true;
            }
        }
    }
    if !changed {
        return Ok(false);
    }
    let items: Vec<Attribute> = new.iter().map(|&b| ctx.bool_attr(b)).collect();
    let a = ctx.array_attr(&items);
    ctx.set_op_attribute(t.op, "in_bounds", a)?;
    Ok(true)
}

fn fold_full_mask(ctx: &mut Context, t: &Transfer) -> Result<bool> {
    let Some(mask) = t.mask else { return Ok(false) };
    if mask_format(ctx, mask) != MaskFormat::AllTrue {
        return Ok(false);
    }
    ctx.set_operand_group(t.op, t.mask_group(), &[])?;
    Ok(true)
}

fn fold_size1_permutation_map(ctx: &mut Context, t: &Transfer) -> Result<bool> {
    let Some(vty) = t.vector_type(ctx) else { return Ok(false) };
    if u::vector_shape(ctx, vty) != Some(vec![1]) || u::is_scalable(ctx, vty) || super::is_minor_identity(&t.map) {
        return Ok(false);
    }
    let Some(src_rank) = t.shaped_type(ctx).and_then(|s| shaped_shape(ctx, s)).map(|s| s.len()) else {
        return Ok(false);
    };
    if src_rank < 1 {
        return Ok(false);
    }
    let map = AffineMap::new(src_rank as u32, 0, &[crate::affine::AffineExpr::Dim(src_rank as u32 - 1)]);
    let a = ctx.affine_map_attr(map)?;
    ctx.set_op_attribute(t.op, "permutation_map", a)?;
    Ok(true)
}

/// `tensor::foldTensorCast`: operands produced by a `tensor.cast` that only loses static
/// information take the cast's source.
fn fold_tensor_cast(ctx: &mut Context, op: OpId) -> Result<bool> {
    let mut changed = false;
    for (i, v) in ctx.op_operands(op)?.into_iter().enumerate() {
        let Some(cast) = def_op_named(ctx, v, "tensor.cast") else { continue };
        let src = operand(ctx, cast, 0)?;
        let (from, to) = (ctx.value_type(src)?, ctx.value_type(v)?);
        let preserves = match (ctx.type_kind(to), ctx.type_kind(from)) {
            (
                TypeKind::RankedTensor { shape: cs, element: ce, .. },
                TypeKind::RankedTensor { shape: ss, element: se, .. },
            ) => ce == se && cs.len() == ss.len() && cs.iter().zip(ss.iter()).all(|(&c, &s)| c < 0 || s >= 0),
            _ => false,
        };
        if preserves {
            ctx.set_operand(op, i, src)?;
            changed = true;
        }
    }
    Ok(changed)
}

fn same_map(a: &AffineMap, b: &AffineMap) -> bool {
    a == b
}

/// Upstream's `isDisjointTransferIndices` without value-bounds reasoning.
fn disjoint_indices(ctx: &Context, a: &Transfer, b: &Transfer) -> bool {
    let (Some(ta), Some(tb)) = (a.vector_type(ctx), b.vector_type(ctx)) else { return false };
    if ta != tb {
        return false;
    }
    let shape = u::vector_shape(ctx, ta).unwrap_or_default();
    let shaped_rank = a.shaped_type(ctx).and_then(|s| shaped_shape(ctx, s)).map_or(0, |s| s.len());
    let offset = shaped_rank.saturating_sub(a.rank());
    for i in 0..a.indices.len() {
        let (Some(ca), Some(cb)) =
            (constant_int_of(ctx, a.indices[i]), b.indices.get(i).and_then(|&v| constant_int_of(ctx, v)))
        else {
            continue;
        };
        if i < offset {
            if ca != cb {
                return true;
            }
        } else if (ca - cb).abs() >= shape.get(i - offset).copied().unwrap_or(i64::MAX) {
            return true;
        }
    }
    false
}

fn splat_write_consistent_with_masked_read(ctx: &Context, write: &Transfer, read: &Transfer) -> bool {
    let Some(rm) = read.mask else { return false };
    if write.mask.is_some_and(|wm| wm != rm) {
        return false;
    }
    let Some(splat) = write.vector.and_then(|v| constant_value(ctx, v)) else { return false };
    if !u::is_dense_splat(ctx, splat) {
        return false;
    }
    let Some(pad) = read.padding.and_then(|p| constant_value(ctx, p)) else { return false };
    let Some((ty, elems)) = u::dense_elements(ctx, splat) else { return false };
    let Some(element) = ctx.element_type(ty) else { return false };
    u::scalar_attr(ctx, element, &elems[0]) == Some(pad)
}

fn fold_raw(ctx: &Context, read: &Transfer) -> Option<Value> {
    if !is_ranked_tensor(ctx, read.shaped_type(ctx)?) {
        return None;
    }
    let mut def = def_op_named(ctx, read.source, "vector.transfer_write");
    while let Some(w) = def {
        let write = Transfer::of(ctx, w)?;
        let same = !write.has_out_of_bounds_dim()
            && write.indices == read.indices
            && write.vector_type(ctx) == read.vector_type(ctx)
            && same_map(&write.map, &read.map)
            && ((write.mask.is_none() && read.mask.is_none())
                || splat_write_consistent_with_masked_read(ctx, &write, read));
        if same {
            return write.vector;
        }
        if !disjoint_indices(ctx, &write, read) {
            break;
        }
        def = def_op_named(ctx, write.source, "vector.transfer_write");
    }
    None
}

fn fold_transfer_read(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    let Some(t) = Transfer::of(ctx, op) else { return Ok(Folded::NotFolded) };
    if let Some(v) = fold_raw(ctx, &t) {
        return one_result(v);
    }
    if fold_in_bounds(ctx, &t)?
        || fold_full_mask(ctx, &t)?
        || fold_size1_permutation_map(ctx, &t)?
        || fold_memref_cast(ctx, op, None)?
        || fold_tensor_cast(ctx, op)?
    {
        return Ok(Folded::InPlace);
    }
    Ok(Folded::NotFolded)
}

fn all_zero_indices(ctx: &Context, t: &Transfer) -> bool {
    t.indices.iter().all(|&v| constant_int_of(ctx, v) == Some(0))
}

fn fold_read_init_write(ctx: &Context, write: &Transfer) -> Option<Value> {
    if write.rank() == 0 {
        return None;
    }
    let tensor_ty = write.shaped_type(ctx)?;
    if !is_ranked_tensor(ctx, tensor_ty) {
        return None;
    }
    let r = def_op_named(ctx, write.vector?, "vector.transfer_read")?;
    let read = Transfer::of(ctx, r)?;
    if read.rank() == 0
        || !super::is_minor_identity(&read.map)
        || !super::is_minor_identity(&write.map)
        || read.rank() != write.rank()
        || read.has_out_of_bounds_dim()
        || write.has_out_of_bounds_dim()
        || read.mask.is_some()
        || write.mask.is_some()
        || read.shaped_type(ctx)? != tensor_ty
        || read.vector_type(ctx) != write.vector_type(ctx)
        || u::vector_shape(ctx, read.vector_type(ctx)?) != shaped_shape(ctx, tensor_ty)
        || !all_zero_indices(ctx, &read)
        || !all_zero_indices(ctx, write)
    {
        return None;
    }
    Some(read.source)
}

fn fold_war(ctx: &Context, write: &Transfer) -> Option<Value> {
    if !is_ranked_tensor(ctx, write.shaped_type(ctx)?) {
        return None;
    }
    let r = def_op_named(ctx, write.vector?, "vector.transfer_read")?;
    let read = Transfer::of(ctx, r)?;
    let same = read.source == write.source
        && read.indices == write.indices
        && same_map(&read.map, &write.map)
        && read.vector_type(ctx) == write.vector_type(ctx)
        && read.mask.is_none()
        && write.mask.is_none();
    same.then_some(read.source)
}

fn fold_transfer_write(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    let Some(t) = Transfer::of(ctx, op) else { return Ok(Folded::NotFolded) };
    if let Some(v) = fold_read_init_write(ctx, &t).or_else(|| fold_war(ctx, &t)) {
        return one_result(v);
    }
    if fold_in_bounds(ctx, &t)?
        || fold_full_mask(ctx, &t)?
        || fold_size1_permutation_map(ctx, &t)?
        || fold_memref_cast(ctx, op, None)?
    {
        return Ok(Folded::InPlace);
    }
    Ok(Folded::NotFolded)
}

/// Upstream's `FoldWaw`: a write that a later write to the same place overwrites is skipped
/// in the chain of tensor writes.
fn transfer_write_waw(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(write) = Transfer::of(ctx, op) else { return Ok(false) };
    if !write.shaped_type(ctx).is_some_and(|t| is_ranked_tensor(ctx, t)) {
        return Ok(false);
    }
    let mut to_modify = op;
    let mut def = def_op_named(ctx, write.source, "vector.transfer_write");
    while let Some(d) = def {
        let Some(prior) = Transfer::of(ctx, d) else { return Ok(false) };
        let same = prior.indices == write.indices
            && prior.mask == write.mask
            && prior.vector_type(ctx) == write.vector_type(ctx)
            && same_map(&prior.map, &write.map);
        if same {
            let src = prior.source;
            rw.modify_op(to_modify, |c| c.set_operand(to_modify, 1, src))?;
            return Ok(true);
        }
        if !disjoint_indices(ctx, &prior, &write) || ctx.value_num_uses(result(ctx, d)?)? != 1 {
            break;
        }
        to_modify = d;
        def = def_op_named(ctx, prior.source, "vector.transfer_write");
    }
    Ok(false)
}

// ---- masks ----

fn splat_bool(ctx: &Context, ty: Type, b: bool) -> Option<Attribute> {
    u::dense_from_elements(ctx, ty, &[vec![b as u8]])
}

fn fold_constant_mask(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    let bounds = super::i64s(ctx, op, "mask_dim_sizes");
    let ty = result_type(ctx, op)?;
    let shape = u::vector_shape(ctx, ty).unwrap_or_default();
    let splat = if shape.is_empty() {
        Some(bounds.first() == Some(&1))
    } else if bounds == shape {
        Some(true)
    } else if bounds.iter().all(|&b| b == 0) {
        Some(false)
    } else {
        None
    };
    match splat.and_then(|b| splat_bool(ctx, ty, b)) {
        Some(a) => one_attr(a),
        None => Ok(Folded::NotFolded),
    }
}

fn constant_mask_state(ctx: &Context, at: OpId, ty: Type, sizes: &[i64]) -> Result<OperationState> {
    let a = u::i64_array_attr(ctx, sizes)?;
    Ok(state(ctx, "vector.constant_mask", at, &[], ty)?.attribute(ctx.identifier("mask_dim_sizes"), a))
}

fn replace_with_constant(rw: &mut Rewriter<'_>, op: OpId, ty: Type, value: Attribute) -> Result<bool> {
    let st = state(rw.ctx(), "arith.constant", op, &[], ty)?.attribute(rw.ctx().identifier("value"), value);
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

/// `getConstantVscaleMultiplier`: `vector.vscale`, or a product of it and a constant.
fn vscale_multiplier(ctx: &Context, v: Value) -> Option<i64> {
    if def_op_named(ctx, v, "vector.vscale").is_some() {
        return Some(1);
    }
    let mul = def_op_named(ctx, v, "arith.muli")?;
    let (l, r) = (operand(ctx, mul, 0).ok()?, operand(ctx, mul, 1).ok()?);
    if def_op_named(ctx, l, "vector.vscale").is_some() {
        return constant_int_of(ctx, r);
    }
    if def_op_named(ctx, r, "vector.vscale").is_some() {
        return constant_int_of(ctx, l);
    }
    None
}

fn create_mask_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let ty = result_type(ctx, op)?;
    let Some((mut shape, mut scal, _)) = u::vector_parts(ctx, ty) else { return Ok(false) };
    if shape.is_empty() {
        shape = vec![1];
        scal = vec![false];
    }
    let mut dims = Vec::new();
    for (i, v) in ctx.op_operands(op)?.into_iter().enumerate() {
        if let Some(c) = constant_int_of(ctx, v) {
            if scal.get(i).copied().unwrap_or(false) && c >= 0 {
                return Ok(false);
            }
            dims.push(c);
        } else if let Some(m) = vscale_multiplier(ctx, v) {
            if m < shape.get(i).copied().unwrap_or(0) {
                return Ok(false);
            }
            dims.push(m);
        } else {
            return Ok(false);
        }
    }
    for (d, &s) in dims.iter_mut().zip(&shape) {
        *d = (*d).clamp(0, s);
    }
    if dims.contains(&0) {
        dims.iter_mut().for_each(|d| *d = 0);
    }
    let st = constant_mask_state(ctx, op, ty, &dims)?;
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

fn extract_from_create_mask(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cm) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.create_mask") else { return Ok(false) };
    let out = result_type(ctx, op)?;
    if u::vector_shape(ctx, out).is_none() {
        return Ok(false);
    }
    let operands = ctx.op_operands(cm)?;
    let pos = static_pos(ctx, op);
    let mask_shape = vshape(ctx, result(ctx, cm)?).unwrap_or_default();
    let mut unknown = false;
    let mut all_false = mask_format(ctx, result(ctx, cm)?) == MaskFormat::AllFalse;
    let mut i = 0;
    while !all_false && i < pos.len() {
        let p = pos[i];
        let is_const = def_op_named(ctx, operands[i], "arith.constant").is_some();
        let bound = if is_const { constant_value(ctx, operands[i]).and_then(|a| int_constant(ctx, a)) } else { None };
        match bound {
            None => unknown = true,
            Some(b) => {
                if p != DYNAMIC {
                    all_false |= p >= b;
                } else if b < mask_shape.get(i).copied().unwrap_or(0) {
                    unknown = true;
                }
            }
        }
        i += 1;
    }
    if all_false {
        let Some(a) = splat_bool(ctx, out, false) else { return Ok(false) };
        return replace_with_constant(rw, op, out, a);
    }
    if unknown {
        return Ok(false);
    }
    let rest = operands[pos.len()..].to_vec();
    replace_with(rw, op, "vector.create_mask", &rest, out)
}

fn extract_from_constant_mask(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cm) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.constant_mask") else { return Ok(false) };
    let out = result_type(ctx, op)?;
    let out_is_vector = u::vector_shape(ctx, out).is_some();
    let pos = static_pos(ctx, op);
    let sizes = super::i64s(ctx, cm, "mask_dim_sizes");
    let mask_shape = vshape(ctx, result(ctx, cm)?).unwrap_or_default();
    for (i, &p) in pos.iter().enumerate() {
        if p == DYNAMIC {
            if sizes.get(i) == mask_shape.get(i) {
                continue;
            }
            return Ok(false);
        }
        if p >= sizes.get(i).copied().unwrap_or(0) {
            let a = if out_is_vector { splat_bool(ctx, out, false) } else { ctx.integer_attr(out, 0).ok() };
            let Some(a) = a else { return Ok(false) };
            return replace_with_constant(rw, op, out, a);
        }
    }
    if out_is_vector {
        let st = constant_mask_state(ctx, op, out, sizes.get(pos.len()..).unwrap_or(&[]))?;
        rw.replace_op_with_new(op, &st)?;
        Ok(true)
    } else {
        let Ok(a) = ctx.integer_attr(out, 1) else { return Ok(false) };
        replace_with_constant(rw, op, out, a)
    }
}

fn trim_unit_dims(ctx: &Context, ty: Type, leading: bool) -> Option<Type> {
    let (shape, scal, element) = u::vector_parts(ctx, ty)?;
    let (mut s, mut f) = (shape.clone(), scal.clone());
    loop {
        let idx = if leading { 0 } else { s.len().wrapping_sub(1) };
        if s.is_empty() || s[idx] != 1 || f[idx] {
            break;
        }
        s.remove(idx);
        f.remove(idx);
    }
    if s.is_empty() {
        s = shape[shape.len() - 1..].to_vec();
        f = scal[scal.len() - 1..].to_vec();
    }
    ctx.vector_type(&s, &f, element).ok()
}

fn shape_cast_of_mask(rw: &mut Rewriter<'_>, op: OpId, leading: bool) -> Result<bool> {
    let ctx = rw.ctx();
    let src = operand(ctx, op, 0)?;
    let create = def_op_named(ctx, src, "vector.create_mask");
    let constant = def_op_named(ctx, src, "vector.constant_mask");
    if create.is_none() && constant.is_none() {
        return Ok(false);
    }
    let res_ty = result_type(ctx, op)?;
    let src_ty = ctx.value_type(src)?;
    if trim_unit_dims(ctx, src_ty, leading) != Some(res_ty) {
        return Ok(false);
    }
    let drop = rank_of(ctx, src_ty) - rank_of(ctx, res_ty);
    if drop == 0 {
        return Ok(false);
    }
    if let Some(cm) = create {
        let operands = ctx.op_operands(cm)?;
        let n = operands.len();
        let to_drop: Vec<Value> =
            if leading { operands[..n - drop].to_vec() } else { operands[n - (n - drop)..].to_vec() };
        let is_one = |v: &Value| {
            def_op_named(ctx, *v, "arith.constant").is_some()
                && constant_value(ctx, *v).and_then(|a| int_constant(ctx, a)) == Some(1)
        };
        if !to_drop.iter().any(is_one) {
            return Ok(false);
        }
        let kept: Vec<Value> = if leading { operands[drop..].to_vec() } else { operands[..n - drop].to_vec() };
        return replace_with(rw, op, "vector.create_mask", &kept, res_ty);
    }
    let cm = constant.expect("checked");
    let sizes = super::i64s(ctx, cm, "mask_dim_sizes");
    let n = sizes.len();
    let to_drop = if leading { &sizes[..n - drop] } else { &sizes[drop..] };
    if to_drop.iter().any(|&d| d != 1) {
        return Ok(false);
    }
    let kept = if leading { &sizes[drop..] } else { &sizes[..n - drop] };
    let st = constant_mask_state(ctx, op, res_ty, kept)?;
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

fn shape_cast_of_mask_leading(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    shape_cast_of_mask(rw, op, true)
}

fn shape_cast_of_mask_trailing(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    shape_cast_of_mask(rw, op, false)
}

fn transpose_of_mask(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let src = operand(ctx, op, 0)?;
    let perm = super::i64s(ctx, op, "permutation");
    let ty = result_type(ctx, op)?;
    if let Some(cm) = def_op_named(ctx, src, "vector.create_mask") {
        let operands = ctx.op_operands(cm)?;
        let new: Vec<Value> = perm.iter().map(|&p| operands[p as usize]).collect();
        return replace_with(rw, op, "vector.create_mask", &new, ty);
    }
    if let Some(cm) = def_op_named(ctx, src, "vector.constant_mask") {
        let sizes = super::i64s(ctx, cm, "mask_dim_sizes");
        let new: Vec<i64> = perm.iter().map(|&p| sizes[p as usize]).collect();
        let st = constant_mask_state(ctx, op, ty, &new)?;
        rw.replace_op_with_new(op, &st)?;
        return Ok(true);
    }
    Ok(false)
}

// ---- reductions ----

fn combining_kind(ctx: &Context, op: OpId) -> Option<String> {
    let a = ctx.op_inherent_or_discardable(op, "kind").ok()??;
    let text = crate::asm::print_attribute(ctx, a);
    let inner = text.split_once('<')?.1.split_once('>')?.0;
    Some(inner.trim().to_string())
}

fn is_int_like(ctx: &Context, t: Type) -> bool {
    let e = ctx.element_type(t).unwrap_or(t);
    matches!(ctx.type_kind(e), TypeKind::Integer { .. } | TypeKind::Index)
}

/// Upstream's `makeArithReduction` (without a mask): the arith op combining `a` and `b`.
fn make_arith_reduction(
    rw: &mut Rewriter<'_>,
    at: OpId,
    kind: &str,
    a: Value,
    b: Value,
    fastmath: Option<Attribute>,
) -> Result<Option<Value>> {
    let ctx = rw.ctx();
    let ty = ctx.value_type(a)?;
    let int = is_int_like(ctx, ty);
    let name = match (kind, int) {
        ("add", true) => "arith.addi",
        ("add", false) => "arith.addf",
        ("mul", true) => "arith.muli",
        ("mul", false) => "arith.mulf",
        ("and", _) => "arith.andi",
        ("or", _) => "arith.ori",
        ("xor", _) => "arith.xori",
        ("minui", _) => "arith.minui",
        ("minsi", _) => "arith.minsi",
        ("maxui", _) => "arith.maxui",
        ("maxsi", _) => "arith.maxsi",
        ("minnumf", _) => "arith.minnumf",
        ("maxnumf", _) => "arith.maxnumf",
        ("minimumf", _) => "arith.minimumf",
        ("maximumf", _) => "arith.maximumf",
        _ => return Ok(None),
    };
    let mut st = state(ctx, name, at, &[a, b], ty)?;
    if !int {
        if let Some(fm) = fastmath {
            st = st.attribute(ctx.identifier("fastmath"), fm);
        }
    }
    Ok(Some(u::create_or_fold(rw, &st)?))
}

fn extract_all_zeros_state(ctx: &Context, at: OpId, source: Value) -> Result<Option<OperationState>> {
    let Some((shape, _, element)) = u::vector_parts(ctx, ctx.value_type(source)?) else { return Ok(None) };
    let a = u::i64_array_attr(ctx, &vec![0; shape.len()])?;
    Ok(Some(state(ctx, "vector.extract", at, &[source], element)?.attribute(ctx.identifier("static_position"), a)))
}

/// The `vector.mask` op around `op`, if any: (mask op, mask).
fn masking(ctx: &Context, op: OpId) -> Result<Option<(OpId, Value)>> {
    let Some(p) = ctx.op_parent_op(op)? else { return Ok(None) };
    if ctx.op_name(p)? != "vector.mask" {
        return Ok(None);
    }
    Ok(Some((p, operand(ctx, p, 0)?)))
}

/// `selectPassthru`: `arith.select %mask, %value, %passthru` when there is a mask.
fn select_passthru(
    rw: &mut Rewriter<'_>,
    at: OpId,
    mask: Option<Value>,
    value: Value,
    passthru: Value,
) -> Result<Value> {
    let Some(mask) = mask else { return Ok(value) };
    let ty = rw.ctx().value_type(value)?;
    let st = state(rw.ctx(), "arith.select", at, &[mask, value, passthru], ty)?;
    let sel = rw.create_op(&st)?;
    rw.ctx().op_result(sel, 0)
}

fn elide_single_element_reduction(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let masked = masking(ctx, op)?;
    let root = masked.map_or(op, |m| m.0);
    let operands = ctx.op_operands(op)?;
    let v = operands[0];
    let shape = vshape(ctx, v).unwrap_or_default();
    if !shape.is_empty() && shape[0] != 1 {
        return Ok(false);
    }
    let Some(kind) = combining_kind(ctx, op) else { return Ok(false) };
    let fastmath = ctx.op_inherent_or_discardable(op, "fastmath")?;
    let Some(st) = extract_all_zeros_state(ctx, op, v)? else { return Ok(false) };
    let mask_st = match masked {
        Some((_, m)) => extract_all_zeros_state(ctx, op, m)?,
        None => None,
    };
    rw.set_insertion_point(InsertPoint::Before(root));
    let mask = match mask_st {
        Some(ms) => {
            let e = rw.create_op(&ms)?;
            Some(rw.ctx().op_result(e, 0)?)
        }
        None => None,
    };
    let ex = rw.create_op(&st)?;
    let mut res = rw.ctx().op_result(ex, 0)?;
    if let Some(&acc) = operands.get(1) {
        match make_arith_reduction(rw, op, &kind, res, acc, fastmath)? {
            Some(r) => res = select_passthru(rw, op, mask, r, acc)?,
            None => return Ok(false),
        }
    }
    rw.replace_op(root, &[res])?;
    Ok(true)
}

fn fold_multi_reduction(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    if super::i64s(ctx, op, "reduction_dims").is_empty() {
        return one_result(operand(ctx, op, 0)?);
    }
    Ok(Folded::NotFolded)
}

fn elide_unit_dims_multi_reduction(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let src = operand(ctx, op, 0)?;
    let acc = operand(ctx, op, 1)?;
    let shape = vshape(ctx, src).unwrap_or_default();
    let dims = super::i64s(ctx, op, "reduction_dims");
    if dims.iter().any(|&d| shape.get(d as usize) != Some(&1)) {
        return Ok(false);
    }
    let masked = masking(ctx, op)?;
    let root = masked.map_or(op, |m| m.0);
    let Some(kind) = combining_kind(ctx, op) else { return Ok(false) };
    let dest = result_type(ctx, op)?;
    let (st, mask_st) = match u::vector_parts(ctx, dest) {
        Some((ds, dscal, _)) => {
            let mask_st = match masked {
                Some((_, m)) => {
                    let i1 = ctx.integer_type(1, crate::types::Signedness::Signless)?;
                    let mty = ctx.vector_type(&ds, &dscal, i1)?;
                    Some(state(ctx, "vector.shape_cast", op, &[m], mty)?)
                }
                None => None,
            };
            (state(ctx, "vector.shape_cast", op, &[src], dest)?, mask_st)
        }
        None => {
            let Some(st) = extract_all_zeros_state(ctx, op, src)? else { return Ok(false) };
            let mask_st = match masked {
                Some((_, m)) => extract_all_zeros_state(ctx, op, m)?,
                None => None,
            };
            (st, mask_st)
        }
    };
    rw.set_insertion_point(InsertPoint::Before(root));
    let mask = match mask_st {
        Some(ms) => {
            let m = rw.create_op(&ms)?;
            Some(rw.ctx().op_result(m, 0)?)
        }
        None => None,
    };
    let cast = rw.create_op(&st)?;
    let cast = rw.ctx().op_result(cast, 0)?;
    let Some(r) = make_arith_reduction(rw, op, &kind, acc, cast, None)? else { return Ok(false) };
    // makeArithReduction's passthru is its second operand: the cast source here.
    let r = select_passthru(rw, op, mask, r, cast)?;
    rw.replace_op(root, &[r])?;
    Ok(true)
}

fn register_mask_and_reduction_folds(ctx: &mut Context) {
    let hooks: [(&str, Hook); 2] =
        [("vector.constant_mask", fold_constant_mask), ("vector.multi_reduction", fold_multi_reduction)];
    for (name, f) in hooks {
        ctx.register_fold_hook(name, Arc::new(f));
    }
    register_shuffle_slice_and_memory_rules(ctx);
    register_mask_op_and_transfer_rules(ctx);
}

// ---- vector.shuffle ----

fn is_step_array(mask: &[i64], begin: i64, width: i64) -> bool {
    mask.len() as i64 == width && mask.iter().enumerate().all(|(i, &m)| m == begin + i as i64)
}

fn is_poison_value(ctx: &Context, v: Value) -> bool {
    constant_value(ctx, v).is_some_and(|a| is_poison(ctx, a))
}

fn fold_shuffle(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let v1 = operand(ctx, op, 0)?;
    let v2 = operand(ctx, op, 1)?;
    let s1 = vshape(ctx, v1).unwrap_or_default();
    if s1.is_empty() {
        return Ok(Folded::NotFolded);
    }
    let s2 = vshape(ctx, v2).unwrap_or_default();
    let mask = super::i64s(ctx, op, "mask");
    if is_step_array(&mask, 0, s1[0]) {
        return one_result(v1);
    }
    if is_step_array(&mask, s1[0], s2.first().copied().unwrap_or(1)) {
        return one_result(v2);
    }
    let (p1, p2) = (is_poison_value(ctx, v1), is_poison_value(ctx, v2));
    if p1 || p2 {
        let mut changed = false;
        let new: Vec<i64> = mask
            .iter()
            .map(|&m| {
                if m != POISON_INDEX && ((p1 && m < s1[0]) || (p2 && m >= s1[0])) {
                    changed = true;
                    POISON_INDEX
                } else {
                    m
                }
            })
            .collect();
        if changed {
            let a = u::i64_array_attr(ctx, &new)?;
            ctx.set_op_attribute(op, "mask", a)?;
            return Ok(Folded::InPlace);
        }
    }
    let (Some(a1), Some(a2)) = (constants.first().copied().flatten(), constants.get(1).copied().flatten()) else {
        return Ok(Folded::NotFolded);
    };
    let (q1, q2) = (is_poison(ctx, a1), is_poison(ctx, a2));
    if q1 && q2 {
        return poison_result(ctx);
    }
    if s1.len() != 1 {
        return Ok(Folded::NotFolded);
    }
    let mut e1 = Vec::new();
    let mut e2 = Vec::new();
    let mut poison_elem = None;
    if !q2 {
        let Some((_, e)) = u::dense_elements(ctx, a2) else { return Ok(Folded::NotFolded) };
        poison_elem = e.first().cloned();
        e2 = e;
    }
    if !q1 {
        let Some((_, e)) = u::dense_elements(ctx, a1) else { return Ok(Folded::NotFolded) };
        poison_elem = e.first().cloned();
        e1 = e;
    }
    let Some(poison_elem) = poison_elem else { return Ok(Folded::NotFolded) };
    let n1 = s1[0];
    let values: Vec<Vec<u8>> = mask
        .iter()
        .map(|&m| {
            if m == POISON_INDEX {
                poison_elem.clone()
            } else if m < n1 {
                if q1 {
                    poison_elem.clone()
                } else {
                    e1[m as usize].clone()
                }
            } else if q2 {
                poison_elem.clone()
            } else {
                e2[(m - n1) as usize].clone()
            }
        })
        .collect();
    let ty = result_type(ctx, op)?;
    match u::dense_from_elements(ctx, ty, &values) {
        Some(a) => one_attr(a),
        None => Ok(Folded::NotFolded),
    }
}

fn shuffle_interleave(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let ty = result_type(ctx, op)?;
    let Some(rs) = u::vector_shape(ctx, ty) else { return Ok(false) };
    if u::is_scalable(ctx, ty) || rs.len() != 1 {
        return Ok(false);
    }
    let (v1, v2) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let t1 = ctx.value_type(v1)?;
    let n1 = u::vector_shape(ctx, t1).map_or(1, |s| u::num_elements(&s));
    if t1 != ctx.value_type(v2)? || n1 * 2 != rs[0] {
        return Ok(false);
    }
    let mask = super::i64s(ctx, op, "mask");
    let half = rs[0] / 2;
    for i in 0..half {
        if mask.get((2 * i) as usize) != Some(&i) || mask.get((2 * i + 1) as usize) != Some(&(half + i)) {
            return Ok(false);
        }
    }
    replace_with(rw, op, "vector.interleave", &[v1, v2], ty)
}

fn shuffle_0d(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let v1 = operand(ctx, op, 0)?;
    let mask = super::i64s(ctx, op, "mask");
    if vshape(ctx, v1).is_some_and(|s| !s.is_empty()) || mask.len() != 1 {
        return Ok(false);
    }
    let Some((_, _, element)) = u::vector_parts(ctx, ctx.value_type(v1)?) else { return Ok(false) };
    let ty = ctx.vector_type(&[1], &[false], element)?;
    let src = if mask[0] == 0 { v1 } else { operand(ctx, op, 1)? };
    replace_with(rw, op, "vector.broadcast", &[src], ty)
}

fn shuffle_unused_operand(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let mask = super::i64s(ctx, op, "mask");
    let ty = result_type(ctx, op)?;
    if mask.iter().all(|&m| m == POISON_INDEX) {
        return replace_with(rw, op, "ub.poison", &[], ty);
    }
    let v1 = operand(ctx, op, 0)?;
    let lead = vshape(ctx, v1).and_then(|s| s.first().copied()).unwrap_or(1);
    let v1_used = mask.iter().any(|&m| m != POISON_INDEX && m < lead);
    let v2_used = mask.iter().any(|&m| m != POISON_INDEX && m >= lead);
    for (i, used) in [(0usize, v1_used), (1, v2_used)] {
        let v = operand(rw.ctx(), op, i)?;
        if used || is_poison_value(rw.ctx(), v) {
            continue;
        }
        let vty = rw.ctx().value_type(v)?;
        let st = state(rw.ctx(), "ub.poison", op, &[], vty)?;
        rw.set_insertion_point(InsertPoint::Before(op));
        let p = rw.create_op(&st)?;
        let pv = rw.ctx().op_result(p, 0)?;
        rw.set_operand(op, i, pv)?;
        return Ok(true);
    }
    Ok(false)
}

// ---- vector.bitcast / vector.interleave ----

fn fold_bitcast(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let src = operand(ctx, op, 0)?;
    let res_ty = result_type(ctx, op)?;
    if ctx.value_type(src)? == res_ty {
        return one_result(src);
    }
    if let Some(inner) = def_op_named(ctx, src, "vector.bitcast") {
        let s = operand(ctx, inner, 0)?;
        if ctx.value_type(s)? == res_ty {
            return one_result(s);
        }
        ctx.set_operand(op, 0, s)?;
        return Ok(Folded::InPlace);
    }
    let Some(a) = constants.first().copied().flatten() else { return Ok(Folded::NotFolded) };
    if !u::is_dense_splat(ctx, a) {
        return Ok(Folded::NotFolded);
    }
    let Some((sty, elems)) = u::dense_elements(ctx, a) else { return Ok(Folded::NotFolded) };
    let (Some(se), Some(de)) = (ctx.element_type(sty), ctx.element_type(res_ty)) else {
        return Ok(Folded::NotFolded);
    };
    let bits = |t: Type| match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width as u64),
        TypeKind::Float(k) => Some(k.bit_width() as u64),
        _ => None,
    };
    let (Some(sw), Some(dw)) = (bits(se), bits(de)) else { return Ok(Folded::NotFolded) };
    let mut raw = 0u128;
    for (i, b) in elems[0].iter().enumerate().take(16) {
        raw |= (*b as u128) << (8 * i);
    }
    let src_float = matches!(ctx.type_kind(se), TypeKind::Float(_));
    let dst_int = matches!(ctx.type_kind(de), TypeKind::Integer { .. });
    let f16 = |t: Type| crate::asm::print_type(ctx, t) == "f16";
    let f32 = |t: Type| crate::asm::print_type(ctx, t) == "f32";
    let out = if src_float {
        if !(f16(se) && f32(de)) {
            return Ok(Folded::NotFolded);
        }
        let b = (raw & 0xffff) as u32;
        ((b << 16) | b) as u128
    } else {
        if !dst_int || dw <= sw || dw % sw != 0 || dw > 128 {
            return Ok(Folded::NotFolded);
        }
        let low = if sw >= 128 { raw } else { raw & ((1u128 << sw) - 1) };
        let mut v = low;
        for _ in 0..(dw / sw - 1) {
            v = (v << sw) | low;
        }
        v
    };
    let size = ctx.dense_element_bytes(de)?;
    let bytes = out.to_le_bytes()[..size].to_vec();
    match u::dense_from_elements(ctx, res_ty, &[bytes]) {
        Some(r) => one_attr(r),
        None => Ok(Folded::NotFolded),
    }
}

fn fold_interleave(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let (Some(l), Some(r)) = (constants.first().copied().flatten(), constants.get(1).copied().flatten()) else {
        return Ok(Folded::NotFolded);
    };
    if l != r || !u::is_dense_splat(ctx, l) {
        return Ok(Folded::NotFolded);
    }
    let Some((_, e)) = u::dense_elements(ctx, l) else { return Ok(Folded::NotFolded) };
    let ty = result_type(ctx, op)?;
    match u::dense_from_elements(ctx, ty, &e[..1]) {
        Some(a) => one_attr(a),
        None => Ok(Folded::NotFolded),
    }
}

fn interleave_of_deinterleave(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (l, r) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let (Some(dl), Some(dr)) =
        (def_op_named(ctx, l, "vector.deinterleave"), def_op_named(ctx, r, "vector.deinterleave"))
    else {
        return Ok(false);
    };
    if dl != dr || ctx.op_results(dl)? != [l, r] {
        return Ok(false);
    }
    let s = operand(ctx, dl, 0)?;
    rw.replace_op(op, &[s])?;
    Ok(true)
}

// ---- strided slices ----

fn int_array(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    match ctx.op_inherent_or_discardable(op, name).ok().flatten().map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.iter().filter_map(|&a| int_constant(ctx, a)).collect(),
        _ => Vec::new(),
    }
}

fn int_array_attr(ctx: &Context, values: &[i64]) -> Result<Attribute> {
    let i64t = ctx.integer_type(64, crate::types::Signedness::Signless)?;
    let items = values.iter().map(|&v| ctx.integer_attr(i64t, v)).collect::<Result<Vec<_>>>()?;
    Ok(ctx.array_attr(&items))
}

fn extract_strided_state(
    ctx: &Context,
    at: OpId,
    source: Value,
    offsets: &[i64],
    sizes: &[i64],
) -> Result<OperationState> {
    let Some((shape, scal, element)) = u::vector_parts(ctx, ctx.value_type(source)?) else {
        return Err(crate::error::Error::invalid("not a vector"));
    };
    let mut rs = sizes.to_vec();
    rs.extend_from_slice(&shape[sizes.len()..]);
    let ty = ctx.vector_type(&rs, &scal, element)?;
    let strides = vec![1; offsets.len()];
    Ok(state(ctx, "vector.extract_strided_slice", at, &[source], ty)?
        .attribute(ctx.identifier("offsets"), int_array_attr(ctx, offsets)?)
        .attribute(ctx.identifier("sizes"), int_array_attr(ctx, sizes)?)
        .attribute(ctx.identifier("strides"), int_array_attr(ctx, &strides)?))
}

fn fold_extract_strided_slice(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Result<Folded> {
    let src = operand(ctx, op, 0)?;
    let res_ty = result_type(ctx, op)?;
    if ctx.value_type(src)? == res_ty {
        return one_result(src);
    }
    if extract_strided_from_insert_chain(ctx, op)? {
        return Ok(Folded::InPlace);
    }
    let Some(a) = constants.first().copied().flatten() else { return Ok(Folded::NotFolded) };
    let Some((_, elems)) = u::dense_elements(ctx, a) else { return Ok(Folded::NotFolded) };
    if u::is_dense_splat(ctx, a) {
        return match u::dense_from_elements(ctx, res_ty, &elems[..1]) {
            Some(r) => one_attr(r),
            None => Ok(Folded::NotFolded),
        };
    }
    if int_array(ctx, op, "strides").iter().any(|&s| s != 1) {
        return Ok(Folded::NotFolded);
    }
    let src_shape = vshape(ctx, src).unwrap_or_default();
    let slice_shape = u::vector_shape(ctx, res_ty).unwrap_or_default();
    let mut offsets = vec![0; slice_shape.len()];
    for (o, v) in offsets.iter_mut().zip(int_array(ctx, op, "offsets")) {
        *o = v;
    }
    let strides = u::strides(&src_shape);
    let mut values = Vec::new();
    for lin in 0..u::num_elements(&slice_shape) {
        let p = u::delinearize(lin, &u::strides(&slice_shape));
        let q: Vec<i64> = p.iter().zip(&offsets).map(|(a, b)| a + b).collect();
        values.push(elems[u::linearize(&q, &strides) as usize].clone());
    }
    match u::dense_from_elements(ctx, res_ty, &values) {
        Some(r) => one_attr(r),
        None => Ok(Folded::NotFolded),
    }
}

fn extract_strided_from_insert_chain(ctx: &mut Context, op: OpId) -> Result<bool> {
    let src = operand(ctx, op, 0)?;
    let (eo, es, esz) = (int_array(ctx, op, "offsets"), int_array(ctx, op, "strides"), int_array(ctx, op, "sizes"));
    let src_rank = vshape(ctx, src).map_or(0, |s| s.len());
    let mut ins = def_op_named(ctx, src, "vector.insert_strided_slice");
    while let Some(i) = ins {
        let stored = operand(ctx, i, 0)?;
        let stored_shape = vshape(ctx, stored).unwrap_or_default();
        if src_rank != stored_shape.len() {
            return Ok(false);
        }
        let (io, is) = (int_array(ctx, i, "offsets"), int_array(ctx, i, "strides"));
        if eo.len() > io.len() {
            return Ok(false);
        }
        let mut partial = false;
        let mut disjoint = false;
        let mut diffs = Vec::new();
        for dim in 0..eo.len() {
            if es.get(dim) != is.get(dim) {
                return Ok(false);
            }
            let start = io[dim];
            let end = start + stored_shape[dim];
            let (offset, size) = (eo[dim], esz[dim]);
            if start <= offset && offset < end {
                if offset + size > end {
                    partial = true;
                }
                diffs.push(offset - start);
                continue;
            }
            disjoint = true;
            break;
        }
        if !disjoint && !partial {
            ctx.set_operand(op, 0, stored)?;
            let a = int_array_attr(ctx, &diffs)?;
            ctx.set_op_attribute(op, "offsets", a)?;
            return Ok(true);
        }
        if !disjoint {
            return Ok(false);
        }
        ins = def_op_named(ctx, operand(ctx, i, 1)?, "vector.insert_strided_slice");
    }
    Ok(false)
}

fn strided_slice_of_strided_slice(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(first) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.extract_strided_slice") else {
        return Ok(false);
    };
    if int_array(ctx, op, "strides").iter().chain(int_array(ctx, first, "strides").iter()).any(|&s| s != 1) {
        return Ok(false);
    }
    let (fo, fs) = (int_array(ctx, first, "offsets"), int_array(ctx, first, "sizes"));
    let (so, ss) = (int_array(ctx, op, "offsets"), int_array(ctx, op, "sizes"));
    let base = operand(ctx, first, 0)?;
    let base_shape = vshape(ctx, base).unwrap_or_default();
    let rank = fo.len().max(so.len());
    let mut offsets = Vec::new();
    let mut sizes = Vec::new();
    for (i, &dim) in base_shape.iter().enumerate().take(rank) {
        offsets.push(fo.get(i).copied().unwrap_or(0) + so.get(i).copied().unwrap_or(0));
        sizes.push(ss.get(i).or(fs.get(i)).copied().unwrap_or(dim));
    }
    let st = extract_strided_state(ctx, op, base, &offsets, &sizes)?;
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

fn strided_slice_of_create_mask(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cm) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.create_mask") else { return Ok(false) };
    if int_array(ctx, op, "strides").iter().any(|&s| s != 1) {
        return Ok(false);
    }
    let dims = ctx.op_operands(cm)?;
    let (offs, sizes) = (int_array(ctx, op, "offsets"), int_array(ctx, op, "sizes"));
    let ty = result_type(ctx, op)?;
    let n = offs.len().min(sizes.len()).min(dims.len());
    let mut new = Vec::new();
    rw.set_insertion_point(InsertPoint::Before(op));
    for (i, &off) in offs.iter().enumerate().take(n) {
        let ity = rw.ctx().value_type(dims[i])?;
        let attr = rw.ctx().integer_attr(ity, off)?;
        let cst = state(rw.ctx(), "arith.constant", op, &[], ity)?.attribute(rw.ctx().identifier("value"), attr);
        let c = rw.create_op(&cst)?;
        let cv = rw.ctx().op_result(c, 0)?;
        let sub = state(rw.ctx(), "arith.subi", op, &[dims[i], cv], ity)?;
        let s = rw.create_op(&sub)?;
        new.push(rw.ctx().op_result(s, 0)?);
    }
    new.extend_from_slice(&dims[new.len()..]);
    replace_with(rw, op, "vector.create_mask", &new, ty)
}

fn strided_slice_of_constant_mask(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(cm) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.constant_mask") else { return Ok(false) };
    if int_array(ctx, op, "strides").iter().any(|&s| s != 1) {
        return Ok(false);
    }
    let mask = super::i64s(ctx, cm, "mask_dim_sizes");
    let (offs, sizes) = (int_array(ctx, op, "offsets"), int_array(ctx, op, "sizes"));
    let mut new: Vec<i64> =
        mask.iter().zip(offs.iter().zip(&sizes)).map(|(&m, (&o, &s))| 0.max((o + s).min(m) - o)).collect();
    new.extend_from_slice(&mask[new.len()..]);
    if new.contains(&0) {
        new = vec![0; mask.len()];
    }
    let ty = result_type(ctx, op)?;
    let st = constant_mask_state(ctx, op, ty, &new)?;
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

fn strided_slice_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(b) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.broadcast") else { return Ok(false) };
    let mut source = operand(ctx, b, 0)?;
    let ty = result_type(ctx, op)?;
    let dst = u::vector_shape(ctx, ty).unwrap_or_default();
    let src = vshape(ctx, source).unwrap_or_default();
    let diff = dst.len() - src.len();
    let needs_slice = (0..src.len()).any(|i| src[i] != 1 && src[i] != dst[i + diff]);
    if needs_slice {
        let drop = |v: Vec<i64>| v.get(diff..).map(<[i64]>::to_vec).unwrap_or_default();
        let mut offsets = drop(int_array(ctx, op, "offsets"));
        let mut sizes = drop(int_array(ctx, op, "sizes"));
        for (i, &d) in src.iter().enumerate() {
            if d == 1 {
                if let Some(o) = offsets.get_mut(i) {
                    *o = 0;
                }
                if let Some(s) = sizes.get_mut(i) {
                    *s = 1;
                }
            }
        }
        let st = extract_strided_state(ctx, op, source, &offsets, &sizes)?;
        rw.set_insertion_point(InsertPoint::Before(op));
        let e = rw.create_op(&st)?;
        source = rw.ctx().op_result(e, 0)?;
    }
    replace_with(rw, op, "vector.broadcast", &[source], ty)
}

fn contiguous_strided_slice_to_extract(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    if int_array(ctx, op, "strides").iter().any(|&s| s != 1) {
        return Ok(false);
    }
    let source = operand(ctx, op, 0)?;
    let sty = ctx.value_type(source)?;
    let shape = u::vector_shape(ctx, sty).unwrap_or_default();
    if u::is_scalable(ctx, sty) || shape.is_empty() {
        return Ok(false);
    }
    let sizes = int_array(ctx, op, "sizes");
    let mut n = sizes.len();
    while n > 0 && sizes[n - 1] == shape[n - 1] {
        n -= 1;
    }
    if n == 0 || (n == shape.len() && sizes.len() == shape.len()) {
        return Ok(false);
    }
    if sizes[..n].iter().any(|&s| s != 1) {
        return Ok(false);
    }
    while n + 1 < sizes.len() && sizes[n] == 1 {
        n += 1;
    }
    let offsets = int_array(ctx, op, "offsets");
    let Some((_, scal, element)) = u::vector_parts(ctx, sty) else { return Ok(false) };
    let ext_ty = if n == shape.len() { element } else { ctx.vector_type(&shape[n..], &scal[n..], element)? };
    let pos = u::i64_array_attr(ctx, &offsets[..n])?;
    let st = state(ctx, "vector.extract", op, &[source], ext_ty)?.attribute(ctx.identifier("static_position"), pos);
    let ty = result_type(ctx, op)?;
    rw.set_insertion_point(InsertPoint::Before(op));
    let e = rw.create_op(&st)?;
    let ev = rw.ctx().op_result(e, 0)?;
    replace_with(rw, op, "vector.shape_cast", &[ev], ty)
}

fn fold_insert_strided_slice(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    let stored = operand(ctx, op, 0)?;
    if ctx.value_type(stored)? == ctx.value_type(operand(ctx, op, 1)?)? {
        return one_result(stored);
    }
    Ok(Folded::NotFolded)
}

fn insert_strided_splat(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let dst = operand(ctx, op, 1)?;
    let Some(s) = scalar_splat_source(ctx, operand(ctx, op, 0)?) else { return Ok(false) };
    if scalar_splat_source(ctx, dst) != Some(s) {
        return Ok(false);
    }
    rw.replace_op(op, &[dst])?;
    Ok(true)
}

fn insert_strided_of_extract(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let dst = operand(ctx, op, 1)?;
    let Some(e) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.extract_strided_slice") else { return Ok(false) };
    if operand(ctx, e, 0)? != dst
        || int_array(ctx, e, "strides") != int_array(ctx, op, "strides")
        || int_array(ctx, e, "offsets") != int_array(ctx, op, "offsets")
    {
        return Ok(false);
    }
    rw.replace_op(op, &[dst])?;
    Ok(true)
}

fn insert_strided_constant(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let dst = operand(ctx, op, 1)?;
    let Some(da) = constant_value(ctx, dst) else { return Ok(false) };
    let dty = ctx.value_type(dst)?;
    if u::is_scalable(ctx, dty) {
        return Ok(false);
    }
    let dshape = u::vector_shape(ctx, dty).unwrap_or_default();
    if u::num_elements(&dshape) > 256 && ctx.value_num_uses(dst)? != 1 {
        return Ok(false);
    }
    let src = operand(ctx, op, 0)?;
    let Some(sa) = constant_value(ctx, src) else { return Ok(false) };
    if is_poison(ctx, da) || is_poison(ctx, sa) || int_array(ctx, op, "strides").iter().any(|&s| s != 1) {
        return Ok(false);
    }
    let (Some((_, mut all)), Some((_, slice))) = (u::dense_elements(ctx, da), u::dense_elements(ctx, sa)) else {
        return Ok(false);
    };
    let sshape = vshape(ctx, src).unwrap_or_default();
    let diff = dshape.len() - sshape.len();
    let offsets = int_array(ctx, op, "offsets");
    let dstrides = u::strides(&dshape);
    let sstrides = u::strides(&sshape);
    for (k, v) in slice.into_iter().enumerate() {
        let sp = u::delinearize(k as i64, &sstrides);
        let mut dp = offsets.clone();
        for (j, p) in sp.iter().enumerate() {
            dp[diff + j] += p;
        }
        let lin = u::linearize(&dp, &dstrides) as usize;
        if let Some(slot) = all.get_mut(lin) {
            *slot = v;
        }
    }
    let Some(a) = u::dense_from_elements(ctx, dty, &all) else { return Ok(false) };
    replace_with_constant(rw, op, dty, a)
}

// ---- memory ops ----

fn fold_memref_cast_hook(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    Ok(if fold_memref_cast(ctx, op, None)? { Folded::InPlace } else { Folded::NotFolded })
}

/// The operands of a masked memory op: (base, indices, index_vec, mask, value).
type MaskedParts = (Value, Vec<Value>, Option<Value>, Value, Value);

fn masked_parts(ctx: &Context, op: OpId) -> Option<MaskedParts> {
    let operands = ctx.op_operands(op).ok()?;
    let groups = ctx.op_operand_segments(op).ok()?;
    let g = |i: usize| groups.get(i).and_then(|r| operands.get(r.clone())).map(<[Value]>::to_vec);
    if groups.len() == 5 {
        Some((g(0)?[0], g(1)?, Some(g(2)?[0]), g(3)?[0], g(4)?[0]))
    } else {
        Some((g(0)?[0], g(1)?, None, g(2)?[0], g(3)?[0]))
    }
}

fn masked_load_like(rw: &mut Rewriter<'_>, op: OpId, load_on_true: bool) -> Result<bool> {
    let ctx = rw.ctx();
    let Some((base, indices, _, mask, pass)) = masked_parts(ctx, op) else { return Ok(false) };
    match mask_format(ctx, mask) {
        MaskFormat::AllTrue if load_on_true => {
            let ty = result_type(ctx, op)?;
            let mut operands = vec![base];
            operands.extend(indices);
            // Upstream's builder also sets `nontemporal = false`, which its custom form
            // leaves out; omnir's would print it (the definition cannot say "optional with a
            // default"), so the custom form wins and the attribute stays unset.
            replace_with(rw, op, "vector.load", &operands, ty)
        }
        MaskFormat::AllFalse => {
            rw.replace_op(op, &[pass])?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

fn masked_store_like(rw: &mut Rewriter<'_>, op: OpId, store_on_true: bool) -> Result<bool> {
    let ctx = rw.ctx();
    let Some((base, indices, _, mask, value)) = masked_parts(ctx, op) else { return Ok(false) };
    match mask_format(ctx, mask) {
        MaskFormat::AllTrue if store_on_true => {
            let mut operands = vec![value, base];
            operands.extend(indices);
            let st = OperationState::new("vector.store", ctx.op_location(op)?).operands(&operands);
            rw.replace_op_with_new(op, &st)?;
            Ok(true)
        }
        MaskFormat::AllFalse => {
            rw.erase_op(op)?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

fn masked_load_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    masked_load_like(rw, op, true)
}

fn expand_load_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    masked_load_like(rw, op, true)
}

fn gather_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    masked_load_like(rw, op, false)
}

fn masked_store_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    masked_store_like(rw, op, true)
}

fn compress_store_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    masked_store_like(rw, op, true)
}

fn scatter_folder(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some((base, _, _, _, _)) = masked_parts(ctx, op) else { return Ok(false) };
    if !matches!(ctx.type_kind(ctx.value_type(base)?), TypeKind::MemRef { .. }) {
        return Ok(false);
    }
    masked_store_like(rw, op, false)
}

fn is_zero_based_seq(ctx: &Context, v: Value) -> bool {
    let Ok(ty) = ctx.value_type(v) else { return false };
    let Some(shape) = u::vector_shape(ctx, ty) else { return false };
    if shape.len() != 1 || u::is_scalable(ctx, ty) {
        return false;
    }
    if def_op_named(ctx, v, "vector.step").is_some() {
        return true;
    }
    let Some(a) = constant_value(ctx, v) else { return false };
    ctx.dense_int_values(a).is_some_and(|vals| vals.iter().enumerate().all(|(i, &x)| x == i as i64))
}

fn contiguous_gather(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some((base, offsets, Some(iv), mask, pass)) = masked_parts(ctx, op) else { return Ok(false) };
    if !matches!(ctx.type_kind(ctx.value_type(base)?), TypeKind::MemRef { .. }) || !is_zero_based_seq(ctx, iv) {
        return Ok(false);
    }
    let ty = result_type(ctx, op)?;
    let mut operands = vec![base];
    operands.extend(offsets);
    operands.extend([mask, pass]);
    replace_with(rw, op, "vector.maskedload", &operands, ty)
}

fn contiguous_scatter(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some((base, offsets, Some(iv), mask, value)) = masked_parts(ctx, op) else { return Ok(false) };
    if !matches!(ctx.type_kind(ctx.value_type(base)?), TypeKind::MemRef { .. }) || !is_zero_based_seq(ctx, iv) {
        return Ok(false);
    }
    let mut operands = vec![base];
    operands.extend(offsets);
    operands.extend([mask, value]);
    let st = OperationState::new("vector.maskedstore", ctx.op_location(op)?).operands(&operands);
    rw.replace_op_with_new(op, &st)?;
    Ok(true)
}

// ---- vector.to_elements of a vector broadcast ----

fn to_elements_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(b) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.broadcast") else { return Ok(false) };
    let src = operand(ctx, b, 0)?;
    let Some((ss, _, element)) = u::vector_parts(ctx, ctx.value_type(src)?) else { return Ok(false) };
    let ds = vshape(ctx, result(ctx, b)?).unwrap_or_default();
    let mut st = state(ctx, "vector.to_elements", op, &[src], element)?;
    st.result_types = vec![element; u::num_elements(&ss) as usize];
    rw.set_insertion_point(InsertPoint::Before(op));
    let te = rw.create_op(&st)?;
    let elems = rw.ctx().op_results(te)?;
    let (dstr, sstr) = (u::strides(&ds), u::strides(&ss));
    let lead = ds.len() - ss.len();
    let mut out = Vec::new();
    for lin in 0..u::num_elements(&ds) {
        let d = u::delinearize(lin, &dstr);
        let s: Vec<i64> = (0..ss.len()).map(|k| if ss[k] == 1 { 0 } else { d[lead + k] }).collect();
        out.push(elems[u::linearize(&s, &sstr) as usize]);
    }
    rw.replace_op(op, &out)?;
    Ok(true)
}

// ---- vector.contract + add ----

fn is_zero_constant(ctx: &Context, v: Value) -> bool {
    if def_op_named(ctx, v, "arith.constant").is_none() {
        return false;
    }
    let Some(a) = constant_value(ctx, v) else { return false };
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.is_zero(),
        AttrKind::Float { bits, .. } => *bits == 0,
        AttrKind::Bool(b) => !*b,
        AttrKind::DenseIntOrFloat { data, splat: true, .. } => data.iter().all(|&b| b == 0),
        _ => false,
    }
}

fn contract_add(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let (a, b) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    for (x, other) in [(a, b), (b, a)] {
        let ctx = rw.ctx();
        let Some(c) = def_op_named(ctx, x, "vector.contract") else { continue };
        if !is_zero_constant(ctx, operand(ctx, c, 2)?) {
            continue;
        }
        rw.set_insertion_point(InsertPoint::Before(op));
        let clone = rw.clone_op(c)?;
        rw.untracked().set_operand(clone, 2, other)?;
        let r = rw.ctx().op_result(clone, 0)?;
        rw.replace_op(op, &[r])?;
        return Ok(true);
    }
    Ok(false)
}

fn register_shuffle_slice_and_memory_rules(ctx: &mut Context) {
    let hooks: [(&str, Hook); 9] = [
        ("vector.shuffle", fold_shuffle),
        ("vector.bitcast", fold_bitcast),
        ("vector.interleave", fold_interleave),
        ("vector.extract_strided_slice", fold_extract_strided_slice),
        ("vector.insert_strided_slice", fold_insert_strided_slice),
        ("vector.load", fold_memref_cast_hook),
        ("vector.store", fold_memref_cast_hook),
        ("vector.maskedload", fold_memref_cast_hook),
        ("vector.maskedstore", fold_memref_cast_hook),
    ];
    for (name, f) in hooks {
        ctx.register_fold_hook(name, Arc::new(f));
    }
    let patterns: [(&str, &str, Pattern); 25] = [
        ("vector-shuffle-splat", "vector.shuffle", two_splats_to_splat),
        ("vector-shuffle-interleave", "vector.shuffle", shuffle_interleave),
        ("vector-shuffle-0d", "vector.shuffle", shuffle_0d),
        ("vector-shuffle-unused-operand", "vector.shuffle", shuffle_unused_operand),
        ("vector-interleave-deinterleave", "vector.interleave", interleave_of_deinterleave),
        ("vector-strided-slice-folder", "vector.extract_strided_slice", strided_slice_of_strided_slice),
        ("vector-strided-slice-create-mask", "vector.extract_strided_slice", strided_slice_of_create_mask),
        ("vector-strided-slice-constant-mask", "vector.extract_strided_slice", strided_slice_of_constant_mask),
        ("vector-strided-slice-broadcast", "vector.extract_strided_slice", strided_slice_of_broadcast),
        ("vector-strided-slice-splat", "vector.extract_strided_slice", of_splat_to_splat),
        ("vector-strided-slice-to-extract", "vector.extract_strided_slice", contiguous_strided_slice_to_extract),
        ("vector-insert-strided-splat", "vector.insert_strided_slice", insert_strided_splat),
        ("vector-insert-strided-of-extract", "vector.insert_strided_slice", insert_strided_of_extract),
        ("vector-insert-strided-constant", "vector.insert_strided_slice", insert_strided_constant),
        ("vector-masked-load-folder", "vector.maskedload", masked_load_folder),
        ("vector-masked-store-folder", "vector.maskedstore", masked_store_folder),
        ("vector-gather-folder", "vector.gather", gather_folder),
        ("vector-gather-contiguous", "vector.gather", contiguous_gather),
        ("vector-scatter-folder", "vector.scatter", scatter_folder),
        ("vector-scatter-contiguous", "vector.scatter", contiguous_scatter),
        ("vector-expand-load-folder", "vector.expandload", expand_load_folder),
        ("vector-compress-store-folder", "vector.compressstore", compress_store_folder),
        ("vector-to-elements-of-broadcast", "vector.to_elements", to_elements_of_broadcast),
        ("vector-contract-addi", "arith.addi", contract_add),
        ("vector-contract-addf", "arith.addf", contract_add),
    ];
    register_table(ctx, &patterns);
}

// ---- extract from strided slices ----

fn extract_from_extract_strided(ctx: &mut Context, op: OpId) -> Result<Option<Folded>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let Some(es) = def_op_named(ctx, operand(ctx, op, 0)?, "vector.extract_strided_slice") else { return Ok(None) };
    let es_src = operand(ctx, es, 0)?;
    let src_shape = vshape(ctx, es_src).unwrap_or_default();
    let res_shape = vshape(ctx, result(ctx, es)?).unwrap_or_default();
    if src_shape.is_empty() || res_shape.is_empty() || int_array(ctx, es, "strides").iter().any(|&s| s != 1) {
        return Ok(None);
    }
    let mut offsets = int_array(ctx, es, "offsets");
    while let Some(&last) = offsets.last() {
        let i = offsets.len() - 1;
        if last != 0 || res_shape.get(i) != src_shape.get(i) {
            break;
        }
        offsets.pop();
    }
    let dest_rank = rank_of(ctx, result_type(ctx, op)?);
    if dest_rank > src_shape.len() - offsets.len() {
        return Ok(None);
    }
    let mut pos = static_pos(ctx, op);
    if pos.len() < offsets.len() {
        return Ok(None);
    }
    for (p, o) in pos.iter_mut().zip(&offsets) {
        *p += o;
    }
    ctx.set_operand(op, 0, es_src)?;
    set_static_pos(ctx, op, &pos)?;
    Ok(Some(Folded::InPlace))
}

fn extract_from_insert_strided_chain(ctx: &mut Context, op: OpId) -> Result<Option<Folded>> {
    if has_dynamic_pos(ctx, op) {
        return Ok(None);
    }
    let dest_rank = rank_of(ctx, result_type(ctx, op)?);
    let mut ins = def_op_named(ctx, operand(ctx, op, 0)?, "vector.insert_strided_slice");
    if let Some(i) = ins {
        let s = vshape(ctx, operand(ctx, i, 0)?).unwrap_or_default();
        let d = vshape(ctx, operand(ctx, i, 1)?).unwrap_or_default();
        if s.is_empty() || d.is_empty() {
            return Ok(None);
        }
    }
    let pos = static_pos(ctx, op);
    while let Some(i) = ins {
        let stored = operand(ctx, i, 0)?;
        let s = vshape(ctx, stored).unwrap_or_default();
        let d = vshape(ctx, operand(ctx, i, 1)?).unwrap_or_default();
        let rank_diff = d.len() - s.len();
        if dest_rank > s.len() {
            return Ok(None);
        }
        let offsets = int_array(ctx, i, "offsets");
        if int_array(ctx, i, "strides").iter().any(|&x| x != 1) {
            return Ok(None);
        }
        let mut disjoint = false;
        let mut diffs = Vec::new();
        for (dim, &offset) in pos.iter().enumerate() {
            let start = offsets.get(dim).copied().unwrap_or(0);
            let size = if dim < rank_diff { 1 } else { s[dim - rank_diff] };
            if start <= offset && offset < start + size {
                if dim >= rank_diff {
                    diffs.push(offset - start);
                }
                continue;
            }
            disjoint = true;
            break;
        }
        if !disjoint {
            let src_rank_diff = s.len() - dest_rank;
            for k in 0..dest_rank {
                if s[k + src_rank_diff] != d[k + src_rank_diff + rank_diff] {
                    return Ok(None);
                }
            }
            ctx.set_operand(op, 0, stored)?;
            set_static_pos(ctx, op, &diffs)?;
            return Ok(Some(Folded::InPlace));
        }
        ins = def_op_named(ctx, operand(ctx, i, 1)?, "vector.insert_strided_slice");
    }
    Ok(None)
}

// ---- vector.mask ----

fn mask_block(ctx: &Context, op: OpId) -> Option<Vec<OpId>> {
    let region = *ctx.op_regions(op).ok()?.first()?;
    let block = *ctx.region_blocks(region).ok()?.first()?;
    ctx.block_ops(block).ok()
}

fn fold_mask(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Result<Folded> {
    let Some(ops) = mask_block(ctx, op) else { return Ok(Folded::NotFolded) };
    let has_passthru = ctx.op_operands(op)?.len() > 1;
    if ops.len() == 1 && !has_passthru {
        let yielded = ctx.op_operands(ops[0])?;
        if !yielded.is_empty() {
            return Ok(Folded::Results(yielded.into_iter().map(FoldResult::Value).collect()));
        }
    }
    if mask_format(ctx, operand(ctx, op, 0)?) != MaskFormat::AllTrue || ops.len() < 2 {
        return Ok(Folded::NotFolded);
    }
    let maskable = ops[0];
    let yield_op = ops[ops.len() - 1];
    let n = ctx.op_operands(yield_op)?.len();
    ctx.set_operands(yield_op, &[])?;
    ctx.move_op(maskable, InsertPoint::Before(op))?;
    let results = ctx.op_results(maskable)?;
    if n == 0 || results.is_empty() {
        return Ok(Folded::InPlace);
    }
    Ok(Folded::Results(results.into_iter().map(FoldResult::Value).collect()))
}

fn empty_mask_with_passthru(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(ops) = mask_block(ctx, op) else { return Ok(false) };
    let operands = ctx.op_operands(op)?;
    if ops.len() != 1 || operands.len() < 2 {
        return Ok(false);
    }
    let mask_shape = vshape(ctx, operands[0]);
    let tys = ctx.op_result_types(op)?;
    if tys.iter().any(|&t| u::vector_shape(ctx, t).is_none() || u::vector_shape(ctx, t) != mask_shape) {
        return Ok(false);
    }
    let yielded = ctx.op_operands(ops[0])?;
    let (Some(&y), Some(&ty)) = (yielded.first(), tys.first()) else { return Ok(false) };
    replace_with(rw, op, "arith.select", &[operands[0], y, operands[1]], ty)
}

// ---- transfer_read of a transfer_write with another permutation ----

/// The extent a transfer touches along each source dimension (upstream's
/// `getTransferChunkAccessed`).
fn chunk_accessed(ctx: &Context, t: &Transfer) -> Vec<i64> {
    let shape = t.vector_type(ctx).and_then(|v| u::vector_shape(ctx, v)).unwrap_or_default();
    let mut sizes = vec![0; t.map.num_dims as usize];
    for (i, &s) in shape.iter().enumerate().take(t.rank()) {
        if let Some(d) = map_dim(&t.map, i) {
            sizes[d as usize] = s;
        }
    }
    sizes
}

fn read_after_write_to_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    let Some(read) = Transfer::of(ctx, op) else { return Ok(false) };
    let Some(w) = def_op_named(ctx, read.source, "vector.transfer_write") else { return Ok(false) };
    let Some(write) = Transfer::of(ctx, w) else { return Ok(false) };
    let tensor = |t: &Transfer| t.shaped_type(ctx).is_some_and(|s| is_ranked_tensor(ctx, s));
    if !tensor(&read)
        || !tensor(&write)
        || read.mask.is_some()
        || write.mask.is_some()
        || read.indices != write.indices
        || read.has_out_of_bounds_dim()
        || write.has_out_of_bounds_dim()
        || chunk_accessed(ctx, &read) != chunk_accessed(ctx, &write)
    {
        return Ok(false);
    }
    // composed[i]: the written-vector dim read result i comes from, or None (broadcast).
    let mut inverse: Vec<Option<usize>> = vec![None; write.map.num_dims as usize];
    for i in 0..write.rank() {
        let Some(d) = map_dim(&write.map, i) else { return Ok(false) };
        inverse[d as usize] = Some(i);
    }
    let composed: Vec<Option<usize>> = (0..read.rank())
        .map(|i| match read.map.nodes[read.map.results[i] as usize] {
            AffineNode::Dim(d) => inverse.get(d as usize).copied().flatten(),
            _ => None,
        })
        .collect();
    let write_rank = write.rank();
    if (0..write_rank).any(|k| !composed.contains(&Some(k))) {
        return Ok(false);
    }
    let bcast: Vec<usize> = (0..composed.len()).filter(|&i| composed[i].is_none()).collect();
    let mut inv_perm: Vec<usize> = bcast.clone();
    inv_perm.resize(composed.len(), 0);
    for (idx, c) in composed.iter().enumerate() {
        if let Some(d) = c {
            inv_perm[d + bcast.len()] = idx;
        }
    }
    let mut perm = vec![0i64; inv_perm.len()];
    for (i, &p) in inv_perm.iter().enumerate() {
        perm[p] = i as i64;
    }
    let Some(rty) = read.vector_type(ctx) else { return Ok(false) };
    let Some((rshape, rscal, element)) = u::vector_parts(ctx, rty) else { return Ok(false) };
    let bshape: Vec<i64> = inv_perm.iter().map(|&i| rshape[i]).collect();
    let bscal: Vec<bool> = inv_perm.iter().map(|&i| rscal[i]).collect();
    let bty = ctx.vector_type(&bshape, &bscal, element)?;
    let Some(wv) = write.vector else { return Ok(false) };
    let bst = state(ctx, "vector.broadcast", op, &[wv], bty)?;
    rw.set_insertion_point(InsertPoint::Before(op));
    let b = rw.create_op(&bst)?;
    let bv = rw.ctx().op_result(b, 0)?;
    let tst = transpose_state(rw.ctx(), op, bv, &perm, rty)?;
    rw.replace_op_with_new(op, &tst)?;
    Ok(true)
}

fn register_mask_op_and_transfer_rules(ctx: &mut Context) {
    ctx.register_fold_hook("vector.mask", Arc::new(fold_mask));
    let patterns: [(&str, &str, Pattern); 3] = [
        ("vector-transfer-read-after-write-to-broadcast", "vector.transfer_read", read_after_write_to_broadcast),
        ("vector-swap-extract-slice-of-transfer-write", "tensor.insert_slice", swap_extract_slice_of_transfer_write),
        ("vector-empty-mask-with-passthru", "vector.mask", empty_mask_with_passthru),
    ];
    register_table(ctx, &patterns);
}

// ---- tensor.insert_slice of tensor.extract_slice of a transfer_write ----

/// A slice op's offsets, sizes or strides: static entries or dynamic operands.
fn slice_mixed(ctx: &Context, op: OpId, attr: &str, group: usize) -> Result<Vec<Pos>> {
    let groups = ctx.op_operand_segments(op)?;
    let operands = ctx.op_operands(op)?;
    let dynamic: Vec<Value> =
        groups.get(group).and_then(|r| operands.get(r.clone())).map(<[Value]>::to_vec).unwrap_or_default();
    let mut it = dynamic.into_iter();
    Ok(super::i64s(ctx, op, attr)
        .into_iter()
        .map(|p| if p == DYNAMIC { it.next().map_or(Pos::Static(p), Pos::Dynamic) } else { Pos::Static(p) })
        .collect())
}

fn pos_constant(ctx: &Context, p: Pos) -> Option<i64> {
    match p {
        Pos::Static(s) => Some(s),
        Pos::Dynamic(v) => constant_int_of(ctx, v),
    }
}

fn swap_extract_slice_of_transfer_write(rw: &mut Rewriter<'_>, op: OpId) -> Result<bool> {
    let ctx = rw.ctx();
    // insert_slice groups: source, dest, offsets, sizes, strides.
    if slice_mixed(ctx, op, "static_strides", 4)?.iter().any(|&p| pos_constant(ctx, p) != Some(1)) {
        return Ok(false);
    }
    let src = operand(ctx, op, 0)?;
    let Some(ex) = def_op_named(ctx, src, "tensor.extract_slice") else { return Ok(false) };
    // extract_slice groups: source, offsets, sizes, strides.
    if slice_mixed(ctx, ex, "static_strides", 3)?.iter().any(|&p| pos_constant(ctx, p) != Some(1))
        || ctx.value_num_uses(result(ctx, ex)?)? != 1
    {
        return Ok(false);
    }
    let Some(w) = def_op_named(ctx, operand(ctx, ex, 0)?, "vector.transfer_write") else { return Ok(false) };
    if ctx.value_num_uses(result(ctx, w)?)? != 1 {
        return Ok(false);
    }
    let Some(write) = Transfer::of(ctx, w) else { return Ok(false) };
    let src_ty = ctx.value_type(src)?;
    if shaped_shape(ctx, src_ty).map_or(0, |s| s.len()) != write.rank() {
        return Ok(false);
    }
    if slice_mixed(ctx, ex, "static_offsets", 1)?.iter().any(|&p| pos_constant(ctx, p) != Some(0))
        || !all_zero_indices(ctx, &write)
    {
        return Ok(false);
    }
    let (isz, esz) = (slice_mixed(ctx, op, "static_sizes", 3)?, slice_mixed(ctx, ex, "static_sizes", 2)?);
    if isz.len() != esz.len() {
        return Ok(false);
    }
    for (&a, &b) in isz.iter().zip(&esz) {
        let same = match (pos_constant(ctx, a), pos_constant(ctx, b)) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        };
        if !same {
            return Ok(false);
        }
    }
    let Some(vty) = write.vector_type(ctx) else { return Ok(false) };
    let vshape_ = u::vector_shape(ctx, vty).unwrap_or_default();
    let tshape = write.shaped_type(ctx).and_then(|t| shaped_shape(ctx, t)).unwrap_or_default();
    let result_shape: Vec<i64> =
        (0..write.rank()).map(|i| map_dim(&write.map, i).map_or(0, |d| tshape[d as usize])).collect();
    if write.mask.is_some() || vshape_ != result_shape {
        return Ok(false);
    }
    let dest = operand(ctx, op, 1)?;
    let groups = ctx.op_operand_segments(op)?;
    let operands = ctx.op_operands(op)?;
    let group =
        |g: usize| groups.get(g).and_then(|r| operands.get(r.clone())).map(<[Value]>::to_vec).unwrap_or_default();
    let (offs, sizes, strides) = (group(2), group(3), group(4));
    let mut ex_operands = vec![dest];
    ex_operands.extend(offs.iter().chain(&sizes).chain(&strides));
    let mut est = u::with_segment_sizes(
        ctx,
        state(ctx, "tensor.extract_slice", ex, &ex_operands, src_ty)?,
        &[1, offs.len(), sizes.len(), strides.len()],
    )?;
    for name in ["static_offsets", "static_sizes", "static_strides"] {
        if let Some(a) = ctx.op_inherent_or_discardable(op, name)? {
            est = est.attribute(ctx.identifier(name), a);
        }
    }
    let map_attr = ctx.op_inherent_or_discardable(w, "permutation_map")?;
    let wloc = ctx.op_location(w)?;
    rw.set_insertion_point(InsertPoint::Before(op));
    let new_ex = rw.create_op(&est)?;
    let new_src = rw.ctx().op_result(new_ex, 0)?;
    let ctx = rw.ctx();
    let Some(vector) = write.vector else { return Ok(false) };
    let mut w_operands = vec![vector, new_src];
    w_operands.extend(&write.indices);
    let falses: Vec<Attribute> = (0..vshape_.len()).map(|_| ctx.bool_attr(false)).collect();
    let wst = OperationState::new("vector.transfer_write", wloc)
        .operands(&w_operands)
        .results(&[src_ty])
        .attribute(ctx.identifier("in_bounds"), ctx.array_attr(&falses));
    let mut wst = u::with_segment_sizes(ctx, wst, &[1, 1, write.indices.len(), 0])?;
    if let Some(m) = map_attr {
        wst = wst.attribute(ctx.identifier("permutation_map"), m);
    }
    let new_w = rw.create_op(&wst)?;
    let nv = rw.ctx().op_result(new_w, 0)?;
    rw.set_operand(op, 0, nv)?;
    Ok(true)
}
