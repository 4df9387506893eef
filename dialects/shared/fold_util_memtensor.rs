//! Constant folding over the values of constant attributes, as upstream's `CommonFolders.h`:
//! scalars (`IntegerAttr`, `FloatAttr`, `BoolAttr`), splat and non-splat `dense<...>`
//! elements, and `#ub.poison`, which every elementwise fold propagates.
//!
//! Element values travel as raw bit patterns (`u128`): integers up to 128 bits, floats in
//! their own format. Wider integers are left unfolded.

use super::fold_util::{def_op_named, is_poison};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::types::{FloatKind, Type, TypeKind};

/// A constant's elements: a scalar is one element with `scalar` set.
pub struct Elements {
    /// The attribute's type (the scalar type, or the shaped type).
    pub ty: Type,
    pub element: Type,
    pub values: Vec<u128>,
    pub splat: bool,
    pub scalar: bool,
}

/// What an element is: an integer of `width` bits or a float of `kind`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ElemKind {
    Int(u32),
    Float(FloatKind),
}

pub fn elem_kind(ctx: &Context, element: Type) -> Option<ElemKind> {
    match ctx.type_kind(element) {
        TypeKind::Integer { width, .. } if *width <= 128 => Some(ElemKind::Int(*width)),
        TypeKind::Index => Some(ElemKind::Int(64)),
        TypeKind::Float(k) if k.bit_width() <= 128 => Some(ElemKind::Float(*k)),
        _ => None,
    }
}

fn width_of(kind: ElemKind) -> u32 {
    match kind {
        ElemKind::Int(w) => w,
        ElemKind::Float(k) => k.bit_width(),
    }
}

/// The low `width` bits set (all 128 from 128 on).
pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// The elements of an integer, float, bool or int/float `dense<...>` attribute.
pub fn elements_of(ctx: &Context, attr: Attribute) -> Option<Elements> {
    match ctx.attr_kind(attr) {
        AttrKind::Bool(b) => {
            let ty = ctx.signless_int(1);
            Some(Elements { ty, element: ty, values: vec![*b as u128], splat: false, scalar: true })
        }
        AttrKind::Integer { ty, value } => {
            elem_kind(ctx, *ty)?;
            let words = value.words();
            if words.len() > 2 {
                return None;
            }
            let v = words[0] as u128 | (words.get(1).copied().unwrap_or(0) as u128) << 64;
            Some(Elements { ty: *ty, element: *ty, values: vec![v], splat: false, scalar: true })
        }
        AttrKind::Float { ty, bits } => {
            Some(Elements { ty: *ty, element: *ty, values: vec![*bits], splat: false, scalar: true })
        }
        AttrKind::DenseIntOrFloat { ty, data, splat } => {
            let element = ctx.element_type(*ty)?;
            let kind = elem_kind(ctx, element)?;
            let bytes = ctx.dense_element_bytes(element).ok()?;
            let m = mask(width_of(kind));
            let values =
                data.chunks(bytes).map(|c| c.iter().rev().fold(0u128, |acc, &b| (acc << 8) | b as u128) & m).collect();
            Some(Elements { ty: *ty, element, values, splat: *splat, scalar: false })
        }
        _ => None,
    }
}

/// The number of elements of a statically shaped type.
fn count(ctx: &Context, ty: Type) -> Option<usize> {
    let shape = ctx.shape(ty)?;
    shape.iter().try_fold(1usize, |acc, &d| (d >= 0).then(|| acc * d as usize))
}

impl Elements {
    /// Every element (a splat repeated to its shape).
    pub fn expanded(&self, ctx: &Context) -> Option<Vec<u128>> {
        if self.splat {
            Some(vec![self.values[0]; count(ctx, self.ty)?])
        } else {
            Some(self.values.clone())
        }
    }
}

/// A scalar attribute of `ty` (integer or float) with bits `value`; `i1` as a bool, as the
/// parser reads `true`/`false`.
pub fn scalar_attr(ctx: &Context, ty: Type, value: u128) -> Option<Attribute> {
    match elem_kind(ctx, ty)? {
        ElemKind::Int(1) if matches!(ctx.type_kind(ty), TypeKind::Integer { .. }) => {
            Some(ctx.bool_attr(value & 1 == 1))
        }
        ElemKind::Int(_) => ctx.integer_attr_words(ty, &[value as u64, (value >> 64) as u64]).ok(),
        ElemKind::Float(_) => ctx.float_attr_bits(ty, value).ok(),
    }
}

/// A `dense<...>` attribute of the shaped type `ty` from one value (a splat) or all of them.
pub fn dense_attr(ctx: &Context, ty: Type, values: &[u128]) -> Option<Attribute> {
    let element = ctx.element_type(ty)?;
    elem_kind(ctx, element)?;
    let bytes = ctx.dense_element_bytes(element).ok()?;
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()[..bytes].to_vec()).collect();
    ctx.dense_elements_attr(ty, &data).ok()
}

/// Upstream's `constFoldUnaryOpConditional`: `want` is the operand element kind the fold
/// handles (int or float); `result_ty` the type of a non-scalar result (the operand's own
/// type when `None`), `result_elem` the scalar result type (the operand's when `None`).
/// `allow_dense` is false for folds that take only scalars and splats.
pub fn fold_unary(
    ctx: &Context,
    operand: Option<Attribute>,
    want_float: bool,
    result_types: Option<(Type, Type)>,
    allow_dense: bool,
    f: impl Fn(ElemKind, u128) -> Option<u128>,
) -> Option<Attribute> {
    let attr = operand?;
    if is_poison(ctx, attr) {
        return Some(attr);
    }
    let e = elements_of(ctx, attr)?;
    let kind = elem_kind(ctx, e.element)?;
    if matches!(kind, ElemKind::Float(_)) != want_float {
        return None;
    }
    if e.scalar {
        let v = f(kind, e.values[0])?;
        let ty = result_types.map_or(e.ty, |(_, scalar)| scalar);
        return scalar_attr(ctx, ty, v);
    }
    let ty = result_types.map_or(e.ty, |(shaped, _)| shaped);
    if e.splat {
        let v = f(kind, e.values[0])?;
        return dense_attr(ctx, ty, &[v]);
    }
    if !allow_dense {
        return None;
    }
    let out: Option<Vec<u128>> = e.values.iter().map(|&v| f(kind, v)).collect();
    dense_attr(ctx, ty, &out?)
}

/// Upstream's `constFoldBinaryOpConditional`: both operands of the same type (or, with
/// `mixed`, a float lhs and an integer rhs of the same shape); the result takes the lhs type.
pub fn fold_binary(
    ctx: &Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    want_float: bool,
    mixed: bool,
    f: impl Fn(ElemKind, u128, ElemKind, u128) -> Option<u128>,
) -> Option<Attribute> {
    if let Some(a) = lhs.filter(|&a| is_poison(ctx, a)) {
        return Some(a);
    }
    if let Some(a) = rhs.filter(|&a| is_poison(ctx, a)) {
        return Some(a);
    }
    let (l, r) = (elements_of(ctx, lhs?)?, elements_of(ctx, rhs?)?);
    let (lk, rk) = (elem_kind(ctx, l.element)?, elem_kind(ctx, r.element)?);
    if matches!(lk, ElemKind::Float(_)) != want_float {
        return None;
    }
    if mixed {
        if !matches!(rk, ElemKind::Int(_)) || ctx.shape(l.ty) != ctx.shape(r.ty) {
            return None;
        }
    } else if l.ty != r.ty {
        return None;
    }
    if l.scalar != r.scalar {
        return None;
    }
    if l.scalar {
        return scalar_attr(ctx, l.ty, f(lk, l.values[0], rk, r.values[0])?);
    }
    if l.splat && r.splat {
        return dense_attr(ctx, l.ty, &[f(lk, l.values[0], rk, r.values[0])?]);
    }
    let (lv, rv) = (l.expanded(ctx)?, r.expanded(ctx)?);
    let out: Option<Vec<u128>> = lv.iter().zip(&rv).map(|(&a, &b)| f(lk, a, rk, b)).collect();
    dense_attr(ctx, l.ty, &out?)
}

/// The value of an integer constant sign-extended to i64 (upstream's `m_ConstantInt` read
/// with `getSExtValue`), for integer and index attributes.
pub fn int_value(ctx: &Context, attr: Option<Attribute>) -> Option<i64> {
    match ctx.attr_kind(attr?) {
        AttrKind::Integer { ty, value } => {
            let width = match ctx.type_kind(*ty) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            value.to_i64(width)
        }
        AttrKind::Bool(b) => Some(-(*b as i64)),
        _ => None,
    }
}

/// The fold `CastOpInterface` gives every cast op (`foldCastInterfaceOp`): a cast to the
/// type it already has is its operand.
pub fn fold_identity_cast(ctx: &Context, op: crate::ir::OpId) -> Option<crate::pass::Folded> {
    let operands = ctx.op_operands(op).ok()?;
    let results = ctx.op_result_types(op).ok()?;
    if operands.len() != results.len() || operands.is_empty() {
        return None;
    }
    let same = operands.iter().zip(&results).all(|(&v, &t)| ctx.value_type(v).ok() == Some(t));
    same.then(|| crate::pass::Folded::Results(operands.iter().map(|&v| crate::pass::FoldResult::Value(v)).collect()))
}

/// An index attribute.
pub fn index_attr(ctx: &Context, value: i64) -> Attribute {
    ctx.integer_attr(ctx.index_type(), value).expect("index is an integer type")
}

/// The constant integer value of `value`'s defining op (upstream's `getConstantIntValue`).
pub fn constant_int(ctx: &Context, value: crate::ir::Value) -> Option<i64> {
    int_value(ctx, crate::pass::constant_value(ctx, value))
}

/// An offset, size or stride of an `OffsetSizeAndStrideOpInterface` op: static or SSA
/// (upstream's `OpFoldResult` in `getMixedOffsets` & co.).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ofr {
    Static(i64),
    Value(crate::ir::Value),
}

impl Ofr {
    /// Upstream's `getConstantIntValue`: the static value, or a constant SSA value's.
    pub fn constant(self, ctx: &Context) -> Option<i64> {
        match self {
            Ofr::Static(v) => Some(v),
            Ofr::Value(v) => constant_int(ctx, v),
        }
    }
}

const MIXED_NAMES: [&str; 3] = ["static_offsets", "static_sizes", "static_strides"];

/// The mixed offsets, sizes and strides of `op`, whose operand groups `first`, `first + 1`
/// and `first + 2` hold their SSA values.
pub fn mixed_lists(ctx: &Context, op: crate::ir::OpId, first: usize) -> Option<[Vec<Ofr>; 3]> {
    let segments = ctx.op_operand_segments(op).ok()?;
    let operands = ctx.op_operands(op).ok()?;
    let mut out: [Vec<Ofr>; 3] = Default::default();
    for (k, name) in MIXED_NAMES.iter().enumerate() {
        let statics = ctx.op_inherent_or_discardable(op, name).ok()??;
        let statics = ctx.dense_int_values(statics)?;
        let mut dynamic = operands[segments.get(first + k)?.clone()].iter();
        for s in statics {
            out[k].push(if s == crate::types::DYNAMIC { Ofr::Value(*dynamic.next()?) } else { Ofr::Static(s) });
        }
    }
    Some(out)
}

/// Writes mixed offsets, sizes and strides back into `op` (operand groups and static
/// arrays).
pub fn set_mixed_lists(
    ctx: &mut Context,
    op: crate::ir::OpId,
    first: usize,
    lists: &[Vec<Ofr>; 3],
) -> crate::error::Result<()> {
    let i64_ty = ctx.signless_int(64);
    for (k, name) in MIXED_NAMES.iter().enumerate() {
        let values: Vec<crate::ir::Value> =
            lists[k].iter().filter_map(|o| if let Ofr::Value(v) = o { Some(*v) } else { None }).collect();
        let statics: Vec<u8> = lists[k]
            .iter()
            .flat_map(|o| {
                match o {
                    Ofr::Static(s) => *s,
                    Ofr::Value(_) => crate::types::DYNAMIC,
                }
                .to_le_bytes()
            })
            .collect();
        ctx.set_operand_group(op, first + k, &values)?;
        let attr = ctx.dense_array_attr(i64_ty, &statics)?;
        ctx.set_op_attribute(op, name, attr)?;
    }
    Ok(())
}

/// Upstream's `foldDynamicIndexList`: constant SSA entries become static (negative ones
/// stay when `only_non_negative`). Whether any changed.
pub fn fold_dynamic_index_list(ctx: &Context, list: &mut [Ofr], only_non_negative: bool) -> bool {
    let mut changed = false;
    for o in list.iter_mut() {
        if let Ofr::Value(v) = *o {
            if let Some(c) = constant_int(ctx, v) {
                if only_non_negative && c < 0 {
                    continue;
                }
                *o = Ofr::Static(c);
                changed = true;
            }
        }
    }
    changed
}

/// The constant-argument folding of upstream's
/// `OpWithOffsetSizesAndStridesConstantArgumentFolder`, with its short-circuit: offsets
/// first, then sizes, then strides; one list per application.
pub fn fold_constant_mixed_lists(ctx: &Context, lists: &mut [Vec<Ofr>; 3]) -> bool {
    fold_dynamic_index_list(ctx, &mut lists[0], true)
        || fold_dynamic_index_list(ctx, &mut lists[1], true)
        || fold_dynamic_index_list(ctx, &mut lists[2], false)
}

/// Registers the folds of `<dialect>.expand_shape` and `<dialect>.collapse_shape`, each the
/// other's inverse (tensor and memref reshapes fold alike).
pub fn register_reshape_folds(ctx: &mut Context, dialect: &str) {
    for (op, inverse) in [("expand_shape", "collapse_shape"), ("collapse_shape", "expand_shape")] {
        let inverse = format!("{dialect}.{inverse}");
        ctx.register_fold_hook(
            &format!("{dialect}.{op}"),
            std::sync::Arc::new(move |ctx: &mut Context, op, c: &[Option<Attribute>]| {
                fold_reshape(ctx, op, c, &inverse)
            }),
        );
    }
}

/// Upstream's `foldReshapeOp` for `expand_shape` / `collapse_shape` (`inverse` names the
/// other one): an identity reshape is its source; a constant is reshaped; a reshape that
/// undoes the one before is that one's source when at most one dimension is dynamic.
pub fn fold_reshape(
    ctx: &Context,
    op: crate::ir::OpId,
    constants: &[Option<Attribute>],
    inverse: &str,
) -> crate::error::Result<crate::pass::Folded> {
    use crate::pass::{FoldResult, Folded};
    let source = ctx.op_operand(op, 0)?.ok_or_else(|| crate::error::Error::invalid("missing operand"))?;
    let result_ty = ctx.op_result_types(op)?[0];
    if ctx.value_type(source)? == result_ty {
        return Ok(Folded::Results(vec![FoldResult::Value(source)]));
    }
    if let Some(a) = constants.first().copied().flatten() {
        if let AttrKind::DenseIntOrFloat { data, splat, .. } = ctx.attr_kind(a) {
            let data = if *splat { data[..].to_vec() } else { data.to_vec() };
            if let Ok(r) = ctx.dense_elements_attr(result_ty, &data) {
                return Ok(Folded::Results(vec![FoldResult::Attr(r)]));
            }
        }
    }
    if let Some(prev) = def_op_named(ctx, source, inverse) {
        if let Some(original) = ctx.op_operand(prev, 0)? {
            let ty = ctx.value_type(original)?;
            if ty == result_ty
                && ctx.shape(ty).is_some_and(|s| s.iter().filter(|&&d| d == crate::types::DYNAMIC).count() < 2)
            {
                return Ok(Folded::Results(vec![FoldResult::Value(original)]));
            }
        }
    }
    Ok(Folded::NotFolded)
}

/// The `reassociation` groups of an expand/collapse_shape op.
pub fn reassociation(ctx: &Context, op: crate::ir::OpId) -> Option<Vec<Vec<i64>>> {
    let a = ctx.op_inherent_or_discardable(op, "reassociation").ok()??;
    let AttrKind::Array(groups) = ctx.attr_kind(a) else { return None };
    groups
        .iter()
        .map(|&g| match ctx.attr_kind(g) {
            AttrKind::Array(items) => items.iter().map(|&i| int_value(ctx, Some(i))).collect(),
            _ => None,
        })
        .collect()
}

/// The `reassociation` attribute for `groups` (i64 entries, as upstream builds them).
pub fn reassociation_attr(ctx: &Context, groups: &[Vec<i64>]) -> Attribute {
    let i64_ty = ctx.signless_int(64);
    let groups: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let items: Vec<Attribute> =
                g.iter().map(|&i| ctx.integer_attr(i64_ty, i).expect("i64 is an integer type")).collect();
            ctx.array_attr(&items)
        })
        .collect();
    ctx.array_attr(&groups)
}

/// Upstream's `composeReassociationIndices`: the groups of two reshapes in a row of the same
/// kind as one (`None` when they do not compose).
pub fn compose_reassociations(producer: &[Vec<i64>], consumer: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let (mut producer, mut consumer) = (producer, consumer);
    if producer.len() == consumer.len() {
        return None;
    }
    if producer.len() < consumer.len() {
        std::mem::swap(&mut producer, &mut consumer);
    }
    if consumer.is_empty() {
        return Some(Vec::new());
    }
    let dims: usize = consumer.iter().map(|g| g.len()).sum();
    if producer.len() != dims {
        return None;
    }
    consumer
        .iter()
        .map(|g| {
            let mut out = Vec::new();
            for &i in g {
                out.extend_from_slice(producer.get(usize::try_from(i).ok()?)?);
            }
            Some(out)
        })
        .collect()
}

/// Upstream's `getReassociationIndicesForCollapse`: how `source` collapses into `target`,
/// greedily, trailing unit (or dynamic) dimensions joining the last group.
pub fn reassociation_for_collapse(source: &[i64], target: &[i64]) -> Option<Vec<Vec<i64>>> {
    use crate::types::DYNAMIC;
    if source.len() <= target.len() {
        return None;
    }
    let mut map: Vec<Vec<i64>> = Vec::new();
    let mut current = Vec::new();
    let mut prod = 1i64;
    let mut d = 0usize;
    while d < source.len() {
        if map.len() == target.len() {
            break;
        }
        let t = target[map.len()];
        while d < source.len() - 1 && source[d] != DYNAMIC && prod.checked_mul(source[d])? < t {
            prod *= source[d];
            current.push(d as i64);
            d += 1;
        }
        if source[d] == DYNAMIC && (t != DYNAMIC || prod != 1) {
            return None;
        }
        if t == DYNAMIC && source[d] != DYNAMIC {
            return None;
        }
        if source[d] != DYNAMIC && prod.checked_mul(source[d])? != t {
            return None;
        }
        current.push(d as i64);
        d += 1;
        map.push(std::mem::take(&mut current));
        prod = 1;
    }
    if map.len() != target.len() {
        return None;
    }
    for (i, &s) in source.iter().enumerate().skip(d) {
        if s != DYNAMIC && s != 1 {
            return None;
        }
        if let Some(last) = map.last_mut() {
            last.push(i as i64);
        }
    }
    Some(map)
}

/// Replaces the `dim` op `op` with entry `index` of the reshape's `shape` operand, read by
/// `read` (`memref.load` / `tensor.extract`) at `at` and index-cast when the shape's
/// elements are not of the dim's type (upstream's `DimOfReshapeOp`).
pub fn replace_dim_with_shape_read(
    rw: &mut crate::pass::Rewriter<'_>,
    op: crate::ir::OpId,
    read: &str,
    shape: crate::ir::Value,
    index: crate::ir::Value,
    at: crate::ir::InsertPoint,
) -> crate::error::Result<bool> {
    use crate::ir::{InsertPoint, OperationState};
    let ctx = rw.ctx();
    let loc = ctx.op_location(op)?;
    let dim_ty = ctx.value_type(ctx.op_result(op, 0)?)?;
    let Some(element) = ctx.element_type(ctx.value_type(shape)?) else { return Ok(false) };
    rw.set_insertion_point(at);
    let entry = rw.create_op(&OperationState::new(read, loc).operands(&[shape, index]).results(&[element]))?;
    let mut result = rw.ctx().op_result(entry, 0)?;
    if element != dim_ty {
        rw.set_insertion_point(InsertPoint::After(entry));
        let cast =
            rw.create_op(&OperationState::new("arith.index_cast", loc).operands(&[result]).results(&[dim_ty]))?;
        result = rw.ctx().op_result(cast, 0)?;
    }
    rw.replace_op(op, &[result])?;
    Ok(true)
}

/// The dimension a `memref.dim` / `tensor.dim` with operand constants `c` asks for, when
/// its index is a constant within `rank`.
pub fn dim_index(ctx: &Context, c: &[Option<Attribute>], rank: usize) -> Option<usize> {
    let index = int_value(ctx, c.get(1).copied().flatten())?;
    usize::try_from(index).ok().filter(|&i| i < rank)
}

/// The `n`-th dynamic size among `sizes` for dimension `dim` of `shape`.
pub fn dynamic_size_for(shape: &[i64], sizes: &[crate::ir::Value], dim: usize) -> Option<crate::ir::Value> {
    let n = shape[..dim].iter().filter(|&&d| d == crate::types::DYNAMIC).count();
    sizes.get(n).copied()
}

/// The SSA size of dimension `i` of an offsets/sizes/strides op (source, offsets, sizes,
/// strides) whose `static_sizes` has it dynamic.
pub fn slice_dynamic_size(
    ctx: &Context,
    op: crate::ir::OpId,
    i: usize,
) -> crate::error::Result<Option<crate::ir::Value>> {
    use crate::types::DYNAMIC;
    let Some(static_sizes) = ctx.op_inherent_or_discardable(op, "static_sizes")?.and_then(|a| ctx.dense_int_values(a))
    else {
        return Ok(None);
    };
    if static_sizes.get(i) != Some(&DYNAMIC) {
        return Ok(None);
    }
    let segments = ctx.op_operand_segments(op)?;
    let Some(sizes) = segments.get(2) else { return Ok(None) };
    let operands = ctx.op_operands(op)?;
    let n = static_sizes[..i].iter().filter(|&&d| d == DYNAMIC).count();
    Ok(operands.get(sizes.start + n).copied())
}

/// `memref.rank` / `tensor.rank` of a ranked operand.
pub fn fold_rank(
    ctx: &mut Context,
    op: crate::ir::OpId,
    _c: &[Option<Attribute>],
) -> crate::error::Result<crate::pass::Folded> {
    let ty = ctx.value_type(super::fold_util::operand(ctx, op, 0)?)?;
    match ctx.shape(ty) {
        Some(shape) => {
            let rank = shape.len() as i64;
            Ok(super::fold_util::attr(index_attr(ctx, rank)))
        }
        None => Ok(crate::pass::Folded::NotFolded),
    }
}

/// `op`'s operands, or `None` when one of them is a constant: the cast folders of the slice
/// ops leave those to the constant-argument folders first, as upstream's do.
pub fn operands_unless_constant(
    ctx: &Context,
    op: crate::ir::OpId,
) -> crate::error::Result<Option<Vec<crate::ir::Value>>> {
    let operands = ctx.op_operands(op)?;
    Ok((!operands.iter().any(|&v| constant_int(ctx, v).is_some())).then_some(operands))
}

/// Upstream's `foldMemRefCast(op, inner)`: every operand but `inner` that a `memref.cast`
/// of a ranked memref defines takes the cast's source.
pub fn fold_memref_cast(
    ctx: &mut Context,
    op: crate::ir::OpId,
    inner: Option<crate::ir::Value>,
) -> crate::error::Result<bool> {
    let mut folded = false;
    for (i, v) in ctx.op_operands(op)?.into_iter().enumerate() {
        if Some(v) == inner {
            continue;
        }
        let Some(cast) = def_op_named(ctx, v, "memref.cast") else { continue };
        let source = super::fold_util::operand(ctx, cast, 0)?;
        if matches!(ctx.type_kind(ctx.value_type(source)?), TypeKind::UnrankedMemRef { .. }) {
            continue;
        }
        ctx.set_operand(op, i, source)?;
        folded = true;
    }
    Ok(folded)
}

/// Upstream's `tensor::preservesStaticInformation(source, target)`: ranked tensors of one
/// element type, rank and encoding, `target` static wherever `source` is.
pub fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (
        TypeKind::RankedTensor { shape: s, element: se, encoding: sc },
        TypeKind::RankedTensor { shape: t, element: te, encoding: tc },
    ) = (ctx.type_kind(source), ctx.type_kind(target))
    else {
        return false;
    };
    se == te
        && s.len() == t.len()
        && sc == tc
        && s.iter().zip(t.iter()).all(|(&a, &b)| a == crate::types::DYNAMIC || b != crate::types::DYNAMIC)
}
