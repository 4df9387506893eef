//! The tensor dialect's Rust hooks: the verifiers upstream writes in C++ (casts, reshapes,
//! slices, gather/scatter, padding and the region of tensor.generate), with its messages.

use std::sync::Arc;

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialects::func::quoted;
use crate::ir::OpId;
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::verify::plain_error;

pub(crate) fn register_hooks(ctx: &mut Context) {
    super::tensor_fold::register(ctx);
    type Verifier = fn(&Context, OpId) -> Result<(), String>;
    let verifiers: [(&str, Verifier); 18] = [
        ("tensor.bitcast", verify_bitcast),
        ("tensor.cast", verify_cast),
        ("tensor.collapse_shape", verify_collapse_shape),
        ("tensor.concat", verify_concat),
        ("tensor.empty", verify_empty),
        ("tensor.expand_shape", verify_expand_shape),
        ("tensor.extract", verify_extract),
        ("tensor.extract_slice", verify_extract_slice),
        ("tensor.from_elements", verify_from_elements),
        ("tensor.gather", verify_gather),
        ("tensor.generate", verify_generate),
        ("tensor.insert", verify_insert),
        ("tensor.insert_slice", verify_insert_slice),
        ("tensor.pad", verify_pad),
        ("tensor.parallel_insert_slice", verify_parallel_insert_slice),
        ("tensor.reshape", verify_reshape),
        ("tensor.scatter", verify_scatter),
        ("tensor.splat", verify_splat),
    ];
    for (name, f) in verifiers {
        ctx.register_op_verifier_hook(name, Arc::new(f));
    }
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let list = crate::dialects::index_list::dynamic_index_list();
    ctx.register_custom_directive("tensor", "DynamicIndexList", list).expect("the tensor dialect is registered");
}

// ---- accessors ----

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.op_operands(op).unwrap_or_default().iter().filter_map(|&v| ctx.value_type(v).ok()).collect()
}

fn result_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.op_result_types(op).ok()?.first().copied()
}

/// The operand types of one operand group (by its index in the definition).
fn group_types(ctx: &Context, op: OpId, group: usize) -> Vec<Type> {
    let all = operand_types(ctx, op);
    match ctx.op_operand_segments(op).ok().and_then(|s| s.get(group).cloned()) {
        Some(r) => all.get(r).map(<[_]>::to_vec).unwrap_or_default(),
        None => Vec::new(),
    }
}

fn attr(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.op_inherent_or_discardable(op, name).ok().flatten()
}

/// The values of a dense `i64` array attribute.
pub(crate) fn i64_array(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { data, len, .. } if data.len() == len * 8 => {
            Some(data.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes"))).collect())
        }
        _ => None,
    }
}

fn i64_array_of(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    attr(ctx, op, name).and_then(|a| i64_array(ctx, a))
}

fn int_of(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.to_i64(64),
        _ => None,
    }
}

/// The shape, element type and encoding of a ranked tensor.
fn ranked(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type, Option<Attribute>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding } => Some((shape.to_vec(), *element, *encoding)),
        _ => None,
    }
}

fn shape_of(ctx: &Context, t: Type) -> Vec<i64> {
    ranked(ctx, t).map(|r| r.0).unwrap_or_default()
}

fn tensor_like(ctx: &Context, shape: &[i64], of: Type) -> Option<Type> {
    let (_, element, encoding) = ranked(ctx, of)?;
    ctx.ranked_tensor_type(shape, element, encoding).ok()
}

fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}

/// MLIR's `verifyCompatibleShape`: unranked fits anything; else equal ranks whose static
/// sizes agree.
fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => true,
    }
}

fn number_of_dynamic(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d == DYNAMIC).count()
}

/// MLIR's `verifyDynamicDimensionCount`: one size operand per dynamic dimension.
fn dynamic_count(ctx: &Context, t: Type, given: usize) -> Result<(), String> {
    let expected = number_of_dynamic(&shape_of(ctx, t));
    if given != expected {
        return Err(format!("incorrect number of dynamic sizes, has {given}, expected {expected}"));
    }
    Ok(())
}

// ---- casts ----

fn cast_error(ctx: &Context, from: Type, to: Type) -> String {
    format!("operand type {} and result type {} are cast incompatible", quoted(ctx, from), quoted(ctx, to))
}

fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&from), Some(to)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else { return Ok(()) };
    let width = |t: Type| ctx.element_type(t).and_then(|e| ctx.int_or_float_bit_width(e));
    if !is_tensor(ctx, from) || !is_tensor(ctx, to) || width(from) != width(to) || !compatible_shapes(ctx, from, to) {
        return Err(cast_error(ctx, from, to));
    }
    Ok(())
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&from), Some(to)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else { return Ok(()) };
    if !is_tensor(ctx, from)
        || !is_tensor(ctx, to)
        || ctx.element_type(from) != ctx.element_type(to)
        || !compatible_shapes(ctx, from, to)
    {
        return Err(cast_error(ctx, from, to));
    }
    Ok(())
}

// ---- concat ----

fn verify_concat(ctx: &Context, op: OpId) -> Result<(), String> {
    let inputs = operand_types(ctx, op);
    let Some(result) = result_type(ctx, op) else { return Ok(()) };
    if inputs.is_empty() {
        return Err("requires at least one input".into());
    }
    let Some((result_shape, result_element, _)) = ranked(ctx, result) else { return Ok(()) };
    let rank = result_shape.len();
    let inputs: Vec<(Vec<i64>, Type, Option<Attribute>)> = inputs.iter().filter_map(|&t| ranked(ctx, t)).collect();
    if inputs.iter().any(|i| i.0.len() != rank) {
        return Err("rank of concatenated inputs must match result rank".into());
    }
    if inputs.iter().any(|i| i.1 != result_element) {
        return Err("inputs and result element type must match".into());
    }
    let dim = attr(ctx, op, "dim").and_then(|a| int_of(ctx, a)).unwrap_or(0);
    if dim < 0 || dim as usize >= rank {
        return Err("concatenation dim must be less than the tensor rank".into());
    }
    let dim = dim as usize;
    let mut sizes = vec![DYNAMIC; rank];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i == dim {
            continue;
        }
        for input in &inputs {
            let d = input.0[i];
            if d == DYNAMIC {
                continue;
            }
            if *size != DYNAMIC && *size != d {
                return Err(format!("static concatenation size mismatch along non-concatenated dimension {i}"));
            }
            *size = d;
        }
    }
    sizes[dim] =
        inputs.iter().try_fold(0i64, |acc, i| (i.0[dim] != DYNAMIC).then(|| acc + i.0[dim])).unwrap_or(DYNAMIC);
    let inferred = ctx.ranked_tensor_type(&sizes, inputs[0].1, None).map_err(|e| e.message)?;
    for (&a, &b) in sizes.iter().zip(&result_shape) {
        if a != DYNAMIC && b != DYNAMIC && a != b {
            return Err(format!(
                "result type {}does not match inferred shape {} static sizes",
                quoted(ctx, result),
                quoted(ctx, inferred)
            ));
        }
    }
    Ok(())
}

// ---- creation and element access ----

fn verify_empty(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(result) = result_type(ctx, op) else { return Ok(()) };
    dynamic_count(ctx, result, operand_types(ctx, op).len())
}

fn verify_splat(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(result) = result_type(ctx, op) else { return Ok(()) };
    dynamic_count(ctx, result, group_types(ctx, op, 1).len())
}

fn verify_extract(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let Some(&tensor) = types.first() else { return Ok(()) };
    if shape_of(ctx, tensor).len() != types.len() - 1 {
        return Err("incorrect number of indices for extract_element".into());
    }
    Ok(())
}

fn verify_insert(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let Some(&dest) = types.get(1) else { return Ok(()) };
    if shape_of(ctx, dest).len() != types.len() - 2 {
        return Err("incorrect number of indices".into());
    }
    Ok(())
}

/// As many elements as the result type holds (the count half of upstream's `TypesMatchWith`).
fn verify_from_elements(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(result) = result_type(ctx, op) else { return Ok(()) };
    let count: i64 = shape_of(ctx, result).iter().product();
    if count != operand_types(ctx, op).len() as i64 {
        return Err("failed to verify that operand types match result element type".into());
    }
    Ok(())
}

/// The entry block of the op's first region.
fn body(ctx: &Context, op: OpId) -> Option<crate::ir::BlockId> {
    let region = ctx.op_region(op, 0).ok()?;
    ctx.region_first_block(region).ok()?
}

fn block_argument_types(ctx: &Context, block: crate::ir::BlockId) -> Vec<Type> {
    ctx.block_arguments(block).unwrap_or_default().iter().filter_map(|&v| ctx.value_type(v).ok()).collect()
}

/// The type `tensor.yield` ends the block with, if it does.
fn yielded_type(ctx: &Context, block: crate::ir::BlockId) -> Option<Type> {
    let last = ctx.block_last_op(block).ok()??;
    if ctx.op_name(last).ok()? != "tensor.yield" {
        return None;
    }
    operand_types(ctx, last).first().copied()
}

/// ODS's `SizedRegion<1>` (the traits accept an empty region; this does not).
fn one_block(ctx: &Context, op: OpId, name: &str) -> Result<(), String> {
    if body(ctx, op).is_none() {
        return Err(format!("region #0 ('{name}') failed to verify constraint: region with 1 blocks"));
    }
    Ok(())
}

fn verify_generate(ctx: &Context, op: OpId) -> Result<(), String> {
    one_block(ctx, op, "body")?;
    let Some(result) = result_type(ctx, op) else { return Ok(()) };
    dynamic_count(ctx, result, operand_types(ctx, op).len())?;
    let Some(block) = body(ctx, op) else { return Ok(()) };
    let args = block_argument_types(ctx, block);
    if !args.iter().all(|&t| matches!(ctx.type_kind(t), TypeKind::Index)) {
        return Err(plain_error("all body arguments must be index"));
    }
    if args.len() != shape_of(ctx, result).len() {
        return Err(plain_error("must have one body argument per input dimension"));
    }
    if let Some(t) = yielded_type(ctx, block) {
        if Some(t) != ctx.element_type(result) {
            return Err("body must be terminated with a `yield` operation of the tensor element type".into());
        }
    }
    Ok(())
}

// ---- gather / scatter ----

fn gather_or_scatter_dims(dims: &[i64], indices: &[i64], rank: usize, what: &str, of: &str) -> Result<(), String> {
    if dims.is_empty() {
        return Err(format!("{what}_dims must be non-empty"));
    }
    if dims.len() > rank {
        return Err(format!("{what}_dims overflow {of} rank"));
    }
    if indices.last() != Some(&(dims.len() as i64)) {
        return Err(format!("{what}_dims length must match the size of last dimension of indices"));
    }
    for &d in dims {
        if d < 0 {
            return Err(format!("{what}_dims value must be non-negative"));
        }
        if d as usize >= rank {
            return Err(format!("{what}_dims value must be smaller than {of} rank"));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("{what}_dims values must be strictly increasing"));
    }
    Ok(())
}

/// Upstream's `GatherOp::inferResultType`: the index tensor's leading dimensions, then the
/// source's with the gathered ones set to 1 (or dropped).
fn gathered_type(ctx: &Context, source: Type, indices: &[i64], dims: &[i64], rank_reduced: bool) -> Option<Type> {
    let source_shape = shape_of(ctx, source);
    let mut shape: Vec<i64> = indices[..indices.len().saturating_sub(1)].to_vec();
    for (i, &d) in source_shape.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if !rank_reduced {
                shape.push(1);
            }
        } else {
            shape.push(d);
        }
    }
    tensor_like(ctx, &shape, source)
}

fn verify_gather(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&source), Some(&indices), Some(result)) = (types.first(), types.get(1), result_type(ctx, op)) else {
        return Ok(());
    };
    let dims = i64_array_of(ctx, op, "gather_dims").unwrap_or_default();
    let index_shape = shape_of(ctx, indices);
    gather_or_scatter_dims(&dims, &index_shape, shape_of(ctx, source).len(), "gather", "source")?;
    let full = gathered_type(ctx, source, &index_shape, &dims, false);
    let reduced = gathered_type(ctx, source, &index_shape, &dims, true);
    if let (Some(full), Some(reduced)) = (full, reduced) {
        if result != full && result != reduced {
            return Err(format!(
                "result type mismatch: expected {} or its rank-reduced variant {} (got: {})",
                quoted(ctx, full),
                quoted(ctx, reduced),
                quoted(ctx, result)
            ));
        }
    }
    Ok(())
}

fn verify_scatter(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&source), Some(&dest), Some(&indices)) = (types.first(), types.get(1), types.get(2)) else {
        return Ok(());
    };
    let dims = i64_array_of(ctx, op, "scatter_dims").unwrap_or_default();
    let index_shape = shape_of(ctx, indices);
    gather_or_scatter_dims(&dims, &index_shape, shape_of(ctx, dest).len(), "scatter", "dest")?;
    if attr(ctx, op, "unique").is_none() {
        return Err("requires 'unique' attribute to be set".into());
    }
    let full = gathered_type(ctx, dest, &index_shape, &dims, false);
    let reduced = gathered_type(ctx, dest, &index_shape, &dims, true);
    if let (Some(full), Some(reduced)) = (full, reduced) {
        if source != full && source != reduced {
            return Err(format!(
                "source type mismatch: expected {} or its rank-reduced variant {} (got: {})",
                quoted(ctx, full),
                quoted(ctx, reduced),
                quoted(ctx, source)
            ));
        }
    }
    Ok(())
}

// ---- reshapes ----

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&source), Some(&shape), Some(result)) = (types.first(), types.get(1), result_type(ctx, op)) else {
        return Ok(());
    };
    if ctx.element_type(source) != ctx.element_type(result) {
        return Err("element types of source and destination tensor types should be the same".into());
    }
    let shape_len = shape_of(ctx, shape).first().copied().unwrap_or(DYNAMIC);
    if let Some(result_shape) = ranked(ctx, result).map(|r| r.0) {
        if let Some(source_shape) = ranked(ctx, source).map(|r| r.0) {
            let static_count = |s: &[i64]| (!s.contains(&DYNAMIC)).then(|| s.iter().product::<i64>());
            if let (Some(a), Some(b)) = (static_count(&source_shape), static_count(&result_shape)) {
                if a != b {
                    return Err("source and destination tensor should have the same number of elements".into());
                }
            }
        }
        if shape_len == DYNAMIC {
            return Err(
                "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type".into()
            );
        }
        if shape_len != result_shape.len() as i64 {
            return Err("length of shape operand differs from the result's tensor rank".into());
        }
    }
    Ok(())
}

/// The reassociation as lists of dimensions.
fn reassociation(ctx: &Context, op: OpId) -> Vec<Vec<i64>> {
    let Some(a) = attr(ctx, op, "reassociation") else { return Vec::new() };
    match ctx.attr_kind(a) {
        AttrKind::Array(groups) => groups
            .iter()
            .map(|&g| match ctx.attr_kind(g) {
                AttrKind::Array(items) => items.iter().filter_map(|&i| int_of(ctx, i)).collect(),
                _ => Vec::new(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Upstream's `verifyTensorReshapeOp` (with `verifyReshapeLikeTypes` and
/// `reshapeLikeShapesAreCompatible`): the groups cover the expanded dimensions in order and
/// each collapsed size is its group's product.
fn verify_reassociation(ctx: &Context, op: OpId, expanded: Type, collapsed: Type) -> Result<(), String> {
    let (Some((ex, ex_element, _)), Some((co, co_element, _))) = (ranked(ctx, expanded), ranked(ctx, collapsed)) else {
        return Ok(());
    };
    if ex.len() < co.len() {
        return Err(format!(
            "expected the expanded type, {} to have a higher (or same) rank than the collapsed type, {}.",
            quoted(ctx, expanded),
            quoted(ctx, collapsed)
        ));
    }
    let groups = reassociation(ctx, op);
    if co.len() != groups.len() {
        return Err(format!(
            "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
            co.len(),
            groups.len()
        ));
    }
    if groups.iter().any(Vec::is_empty) {
        return Err("reassociation indices must not be empty".into());
    }
    // Every map has as many dimensions as the largest index names.
    let num_dims = groups.iter().flatten().copied().max().map_or(0, |m| m + 1);
    if !groups.is_empty() && num_dims != ex.len() as i64 {
        return Err(format!(
            "expected reassociation map #0 to have size equal to the expanded rank ({}), but it is  {num_dims}.",
            ex.len()
        ));
    }
    let mut next = 0i64;
    for (i, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Err(format!("expected reassociation map #{i} to be valid and contiguous."));
            }
            next += 1;
        }
    }
    if groups.is_empty() {
        let count: i64 = ex.iter().filter(|&&d| d != DYNAMIC).product();
        if count != 1 {
            return Err(format!("number of elements must be preserved: {count} != 1"));
        }
    }
    let mut start = 0;
    for (i, g) in groups.iter().enumerate() {
        let part = &ex[start..start + g.len()];
        start += g.len();
        if part.contains(&DYNAMIC) {
            if co[i] != DYNAMIC {
                return Err(format!(
                    "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
        } else {
            let product: i64 = part.iter().product();
            if co[i] != product {
                return Err(format!("expected dimension {i} of collapsed type to be static value of {product}"));
            }
        }
    }
    if ex_element != co_element {
        let expected = tensor_like(ctx, &co, expanded).unwrap_or(collapsed);
        return Err(format!(
            "expected collapsed type to be {}, but got {}",
            quoted(ctx, expected),
            quoted(ctx, collapsed)
        ));
    }
    Ok(())
}

fn verify_collapse_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&source), Some(result)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else {
        return Ok(());
    };
    verify_reassociation(ctx, op, source, result)
}

fn verify_expand_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&source), Some(result)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else {
        return Ok(());
    };
    let result_shape = shape_of(ctx, result);
    let static_shape = i64_array_of(ctx, op, "static_output_shape").unwrap_or_default();
    if static_shape.len() != result_shape.len() {
        return Err(format!(
            "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
            result_shape.len(),
            static_shape.len()
        ));
    }
    let values = group_types(ctx, op, 1).len();
    let dynamic = number_of_dynamic(&static_shape);
    if values != dynamic {
        return Err(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
    dynamic_count(ctx, result, values)?;
    for (i, (&r, &s)) in result_shape.iter().zip(&static_shape).enumerate() {
        if r != DYNAMIC && r != s {
            return Err(format!("invalid output shape provided at pos {i}"));
        }
    }
    verify_reassociation(ctx, op, result, source)
}

// ---- padding ----

fn verify_pad(ctx: &Context, op: OpId) -> Result<(), String> {
    one_block(ctx, op, "region")?;
    let (Some(&source), Some(result)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else {
        return Ok(());
    };
    let (Some(source_shape), Some(result_shape)) = (ranked(ctx, source).map(|r| r.0), ranked(ctx, result).map(|r| r.0))
    else {
        return Ok(());
    };
    let low = i64_array_of(ctx, op, "static_low").unwrap_or_default();
    let high = i64_array_of(ctx, op, "static_high").unwrap_or_default();
    if low.len() != source_shape.len() || high.len() != source_shape.len() {
        return Err(plain_error(format!(
            "failed to infer expectedType from sourceType {}, specified resultType is {}",
            quoted(ctx, source),
            quoted(ctx, result)
        )));
    }
    let inferred: Vec<i64> = (0..source_shape.len())
        .map(|i| {
            if [source_shape[i], low[i], high[i]].contains(&DYNAMIC) {
                DYNAMIC
            } else {
                source_shape[i] + low[i] + high[i]
            }
        })
        .collect();
    let matches = result_shape.len() == inferred.len()
        && result_shape.iter().zip(&inferred).all(|(&r, &e)| e == DYNAMIC || r == e);
    if !matches {
        let expected = tensor_like(ctx, &inferred, source).unwrap_or(result);
        return Err(plain_error(format!(
            "specified type {} does not match the inferred type {}",
            quoted(ctx, result),
            quoted(ctx, expected)
        )));
    }
    // The region (upstream's `verifyRegions`).
    let Some(block) = body(ctx, op) else { return Ok(()) };
    let args = block_argument_types(ctx, block);
    if args.len() != result_shape.len() {
        return Err(plain_error(format!("expected the block to have {} arguments", result_shape.len())));
    }
    if let Some(i) = args.iter().position(|&t| !matches!(ctx.type_kind(t), TypeKind::Index)) {
        return Err(format!("expected block argument {} to be an index", i + 1));
    }
    if let Some(t) = yielded_type(ctx, block) {
        if Some(t) != ctx.element_type(result) {
            return Err("expected yield type to match shape element type".into());
        }
    }
    Ok(())
}

// ---- slices (their offsets, sizes and strides) ----

/// The static offsets, sizes and strides of a slice op.
struct Slice {
    offsets: Vec<i64>,
    sizes: Vec<i64>,
    strides: Vec<i64>,
}

/// Upstream's `verifyOffsetSizeAndStrideOp` (OffsetSizeAndStrideOpInterface): the three
/// lists are as long as the sliced tensor's rank, one value stands for each dynamic entry,
/// and no static offset or size is negative. `first_group` is the offsets' operand group.
fn verify_slice_lists(ctx: &Context, op: OpId, rank: usize, first_group: usize) -> Result<Slice, String> {
    let slice = Slice {
        offsets: i64_array_of(ctx, op, "static_offsets").unwrap_or_default(),
        sizes: i64_array_of(ctx, op, "static_sizes").unwrap_or_default(),
        strides: i64_array_of(ctx, op, "static_strides").unwrap_or_default(),
    };
    if slice.offsets.len() != slice.sizes.len() {
        return Err(plain_error(format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            slice.offsets.len(),
            slice.sizes.len()
        )));
    }
    if slice.sizes.len() != slice.strides.len() {
        return Err(plain_error(format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            slice.sizes.len(),
            slice.strides.len()
        )));
    }
    let lists = [("offset", &slice.offsets), ("size", &slice.sizes), ("stride", &slice.strides)];
    for (k, (name, values)) in lists.into_iter().enumerate() {
        if values.len() != rank {
            return Err(plain_error(format!("expected {rank} {name} values, got {}", values.len())));
        }
        let dynamic = number_of_dynamic(values);
        let given = group_types(ctx, op, first_group + k).len();
        if given != dynamic {
            return Err(plain_error(format!(
                "expected the number of '{name}s' to match the number of dynamic entries in 'static_{name}s' ({given} vs {dynamic})"
            )));
        }
    }
    if let Some(o) = slice.offsets.iter().find(|&&o| o < 0 && o != DYNAMIC) {
        return Err(plain_error(format!("expected offsets to be non-negative, but got {o}")));
    }
    if let Some(z) = slice.sizes.iter().find(|&&z| z < 0 && z != DYNAMIC) {
        return Err(plain_error(format!("expected sizes to be non-negative, but got {z}")));
    }
    Ok(slice)
}

/// Upstream's `computeRankReductionMask` succeeding: `reduced` is `original` with some unit
/// dimensions dropped (matched greedily).
fn is_rank_reduction(original: &[i64], reduced: &[i64]) -> bool {
    let mut r = 0;
    for &d in original {
        if r < reduced.len() && d == reduced[r] {
            r += 1;
        } else if d != 1 {
            return false;
        }
    }
    r == reduced.len()
}

/// Upstream's `isRankReducedType` + `produceSliceErrorMsg`: `actual` is the slice's type
/// `expected` (the sizes over the sliced tensor's element type), possibly without unit
/// dimensions.
fn verify_slice_type(ctx: &Context, expected: Type, actual: Type) -> Result<(), String> {
    if expected == actual {
        return Ok(());
    }
    let (Some((want, want_element, _)), Some((got, got_element, _))) = (ranked(ctx, expected), ranked(ctx, actual))
    else {
        return Ok(());
    };
    if got.len() > want.len() {
        return Err(plain_error("expected rank to be smaller or equal to the other rank. "));
    }
    if !is_rank_reduction(&want, &got) {
        return Err(plain_error(format!(
            "expected type to be {} or a rank-reduced version. (size mismatch) ",
            quoted(ctx, expected)
        )));
    }
    if want_element != got_element {
        return Err(plain_error(format!("expected element type to be {}", quoted(ctx, want_element))));
    }
    Ok(())
}

/// Upstream's `verifyInBoundsSlice`: static offsets lie inside the static dimensions, and so
/// do the last elements of static slices.
fn verify_in_bounds(shape: &[i64], slice: &Slice) -> Result<(), String> {
    for (i, &dim) in shape.iter().enumerate() {
        let (offset, size, stride) = (slice.offsets[i], slice.sizes[i], slice.strides[i]);
        if dim == DYNAMIC || offset == DYNAMIC {
            continue;
        }
        if offset >= dim {
            return Err(plain_error(format!("offset {i} is out-of-bounds: {offset} >= {dim}")));
        }
        if size == DYNAMIC || stride == DYNAMIC {
            continue;
        }
        let last = offset + (size - 1) * stride;
        if last >= dim {
            return Err(plain_error(format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}")));
        }
    }
    Ok(())
}

fn verify_extract_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&source), Some(result)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else {
        return Ok(());
    };
    let shape = shape_of(ctx, source);
    let slice = verify_slice_lists(ctx, op, shape.len(), 1)?;
    if let Some(expected) = tensor_like(ctx, &slice.sizes, source) {
        verify_slice_type(ctx, expected, result)?;
    }
    verify_in_bounds(&shape, &slice)
}

/// The checks shared by insert_slice and parallel_insert_slice: the source is the slice of
/// the destination (possibly rank-reduced) and the slice lies inside it.
fn verify_insertion(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&source), Some(&dest)) = (types.first(), types.get(1)) else { return Ok(()) };
    let shape = shape_of(ctx, dest);
    let slice = verify_slice_lists(ctx, op, shape.len(), 2)?;
    if let Some(expected) = tensor_like(ctx, &slice.sizes, dest) {
        verify_slice_type(ctx, expected, source)?;
    }
    verify_in_bounds(&shape, &slice)
}

fn verify_insert_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_insertion(ctx, op)
}

/// Also: the op sits in a parallel combining terminator (`scf.forall.in_parallel`).
fn verify_parallel_insert_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    let parent = ctx.op_parent_op(op).ok().flatten();
    if !parent.is_some_and(|p| ctx.op_name(p).is_ok_and(|n| n == "scf.forall.in_parallel")) {
        return Err(plain_error("expected InParallelOpInterface parent, got:"));
    }
    verify_insertion(ctx, op)
}
