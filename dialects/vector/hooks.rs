//! The vector dialect's Rust hooks: the parts of upstream's custom forms its declarative
//! formats cannot say — `vector.contract`'s leading trait dictionary, the attribute
//! dictionary and implied types of the transfer ops, and the result or operand types that
//! upstream infers (shuffle, outerproduct, from_elements, to_elements).

use std::sync::Arc;

use crate::affine::{AffineMap, AffineNode};
use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::attrs::{AttrKind, Attribute, NamedAttribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::dialects::fold_util_vector::vector_parts;
use crate::ir::OpId;
use crate::types::{Signedness, Type, TypeKind};

/// A verifier hook's signature.
type Verifier = fn(&Context, OpId) -> Result<(), String>;

#[path = "fold.rs"]
mod fold;

pub(crate) fn register_hooks(ctx: &mut Context) {
    // Reductions and contractions carry arith's fast-math flags.
    ctx.load_dialect("arith");
    // Folds answer `#ub.poison` (upstream's vector dialect depends on ub).
    ctx.load_dialect("ub");
    // Upstream's outerproduct printer shows the combining kind (default or not) exactly when
    // there is an accumulator to combine into.
    ctx.register_elided_attr_hook(
        "vector.outerproduct",
        Arc::new(|ctx: &Context, op: OpId, name: &str, _: Attribute| {
            name == "kind" && ctx.op_operands(op).map_or(0, |o| o.len()) < 3
        }),
    );
    let verifiers: [(&str, Verifier); 8] = [
        ("vector.broadcast", verify_broadcast),
        ("vector.extract", verify_extract),
        ("vector.insert", verify_insert),
        ("vector.transpose", verify_transpose),
        ("vector.create_mask", verify_create_mask),
        ("vector.constant_mask", verify_constant_mask),
        ("vector.shape_cast", verify_shape_cast),
        ("vector.transfer_write", verify_transfer_write),
    ];
    for (name, f) in verifiers {
        ctx.register_op_verifier_hook(name, Arc::new(f));
    }
    fold::register(ctx);
}

fn operand_type(ctx: &Context, op: OpId, i: usize) -> Option<Type> {
    ctx.op_operand_types(op).ok()?.get(i).copied().flatten()
}

fn result_type(ctx: &Context, op: OpId, i: usize) -> Option<Type> {
    ctx.op_result_types(op).ok()?.get(i).copied()
}

fn i64s(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.op_inherent_or_discardable(op, name)
        .ok()
        .flatten()
        .map(|a| crate::dialects::index_list::i64_array(ctx, a))
        .unwrap_or_default()
}

/// Upstream's `BroadcastOp::verify`: trailing dimensions equal or stretched from 1.
fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(src), Some(res)) = (operand_type(ctx, op, 0), result_type(ctx, op, 0)) else { return Ok(()) };
    let (Some((ss, _, _)), Some((rs, _, _))) = (vector_parts(ctx, src), vector_parts(ctx, res)) else { return Ok(()) };
    if ss.len() > rs.len() {
        return Err("source rank higher than destination rank".into());
    }
    let lead = rs.len() - ss.len();
    for (r, &s) in ss.iter().enumerate() {
        let d = rs[lead + r];
        if s != d && s != 1 {
            return Err(format!("dimension mismatch ({s} vs. {d})"));
        }
    }
    Ok(())
}

/// A static position's entry is in bounds or the poison index (-1); a dynamic one is not
/// checked.
fn position_ok(pos: i64, dim: i64) -> bool {
    pos == crate::dialects::index_list::DYNAMIC || pos == -1 || (0..dim).contains(&pos)
}

fn verify_extract(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((shape, _, _)) = operand_type(ctx, op, 0).and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let pos = i64s(ctx, op, "static_position");
    if pos.len() > shape.len() {
        return Err("expected position attribute of rank no greater than vector rank".into());
    }
    for (i, (&p, &d)) in pos.iter().zip(shape.iter()).enumerate() {
        if !position_ok(p, d) {
            return Err(format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)",
                i + 1
            ));
        }
    }
    Ok(())
}

fn verify_insert(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((shape, _, _)) = operand_type(ctx, op, 1).and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let source = operand_type(ctx, op, 0).and_then(|t| vector_parts(ctx, t));
    let pos = i64s(ctx, op, "static_position");
    if pos.len() > shape.len() {
        return Err("expected position attribute of rank no greater than dest vector rank".into());
    }
    match source {
        Some((ss, _, _)) if ss.len() + pos.len() != shape.len() => {
            return Err("expected position attribute rank + source rank to match dest vector rank".into())
        }
        None if pos.len() != shape.len() => {
            return Err("expected position attribute rank to match the dest vector rank".into())
        }
        _ => {}
    }
    for (i, (&p, &d)) in pos.iter().zip(shape.iter()).enumerate() {
        if !position_ok(p, d) {
            return Err(format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding dest vector dimension",
                i + 1
            ));
        }
    }
    Ok(())
}

/// Upstream's `TransposeOp::verify`.
fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(src), Some(res)) = (operand_type(ctx, op, 0), result_type(ctx, op, 0)) else { return Ok(()) };
    let (Some((ss, _, _)), Some((rs, _, _))) = (vector_parts(ctx, src), vector_parts(ctx, res)) else { return Ok(()) };
    let perm = i64s(ctx, op, "permutation");
    if ss.len() != rs.len() {
        return Err(format!("vector result rank mismatch: {}", rs.len()));
    }
    if perm.len() != ss.len() {
        return Err(format!("transposition length mismatch: {}", perm.len()));
    }
    let mut seen = vec![false; ss.len()];
    for (i, &p) in perm.iter().enumerate() {
        if p < 0 || p as usize >= ss.len() {
            return Err(format!("transposition index out of range: {p}"));
        }
        if seen[p as usize] {
            return Err(format!("duplicate position index: {p}"));
        }
        seen[p as usize] = true;
        if rs[i] != ss[p as usize] {
            return Err(format!("dimension size mismatch at: {p}"));
        }
    }
    Ok(())
}

fn verify_create_mask(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((shape, _, _)) = result_type(ctx, op, 0).and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let n = ctx.op_operands(op).map(|v| v.len()).unwrap_or(0);
    // A 0-D mask takes one operand.
    if n != shape.len().max(1) {
        return Err("must specify an operand for each result vector dimension".into());
    }
    Ok(())
}

fn verify_constant_mask(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((shape, _, _)) = result_type(ctx, op, 0).and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let sizes = i64s(ctx, op, "mask_dim_sizes");
    if sizes.len() != shape.len().max(1) {
        return Err("must specify array attr of size equal vector result rank".into());
    }
    for (&s, &d) in sizes.iter().zip(shape.iter()) {
        if s < 0 || s > d {
            return Err("array attr of size out of bounds of vector result dimension size".into());
        }
    }
    Ok(())
}

fn verify_shape_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(src), Some(res)) = (operand_type(ctx, op, 0), result_type(ctx, op, 0)) else { return Ok(()) };
    let (Some((ss, _, _)), Some((rs, _, _))) = (vector_parts(ctx, src), vector_parts(ctx, res)) else { return Ok(()) };
    let (a, b): (i64, i64) = (ss.iter().product(), rs.iter().product());
    if a != b {
        return Err(format!("has different number of elements at source ({a}) and result ({b})"));
    }
    Ok(())
}

fn verify_transfer_write(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(map) =
        ctx.op_inherent_or_discardable(op, "permutation_map").ok().flatten().and_then(|a| affine_map_of(ctx, a))
    else {
        return Ok(());
    };
    if dims_of(&map).iter().any(|d| d.is_none()) {
        return Err("should not have broadcast dimensions".into());
    }
    Ok(())
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let directives: [(&str, CustomDirective); 8] = [
        ("MaskPassthruType", CustomDirective::new(Arc::new(parse_mask_passthru_type), Arc::new(print_nothing))),
        ("ContractTraits", CustomDirective::new(Arc::new(parse_contract_traits), Arc::new(print_contract_traits))),
        ("ShuffleType", CustomDirective::new(Arc::new(parse_shuffle_type), Arc::new(print_nothing))),
        ("ElementTypes", CustomDirective::new(Arc::new(parse_element_types), Arc::new(print_nothing))),
        ("OuterproductType", CustomDirective::new(Arc::new(parse_outerproduct_type), Arc::new(print_nothing))),
        ("TransferAttrs", CustomDirective::new(Arc::new(parse_nothing), Arc::new(print_transfer_attrs))),
        ("TransferDefaults", CustomDirective::new(Arc::new(parse_transfer_read_defaults), Arc::new(print_nothing))),
        ("TransferWriteTypes", CustomDirective::new(Arc::new(parse_transfer_write_defaults), Arc::new(print_nothing))),
    ];
    // Positions of vector.extract / vector.insert: `[%i, 2]`.
    ctx.register_custom_directive("vector", "DynamicIndexList", crate::dialects::index_list::dynamic_index_list())
        .expect("the vector dialect is registered");
    for (name, mut d) in directives {
        // Upstream's vector printers write their own leading space, only when they print.
        d.no_space_when_empty = true;
        // Which attribute arguments each printer writes: the transfer dictionary only the
        // values that differ from what the op implies, the type directives none.
        d.printed_attributes = match name {
            "TransferAttrs" => Some(Arc::new(transfer_attrs_printed)),
            "TransferDefaults" | "TransferWriteTypes" => {
                Some(Arc::new(|_: &Context, _: &[Option<Attribute>]| Vec::new()))
            }
            _ => None,
        };
        ctx.register_custom_directive("vector", name, d).expect("the vector dialect is registered");
    }
}

fn err(e: crate::error::Error) -> AsmError {
    AsmError::new(e.message)
}

fn print_nothing(_: &mut dyn DirectivePrinter, _: &[PrintArg]) {}

fn parse_nothing(_: &mut dyn DirectiveParser, _: &mut [ParsedArg]) -> Result<(), AsmError> {
    Ok(())
}

fn first_type(args: &[ParsedArg], i: usize) -> Option<Type> {
    match args.get(i) {
        Some(ParsedArg::Types(t)) => t.first().copied(),
        _ => None,
    }
}

fn has_operands(args: &[ParsedArg], i: usize) -> bool {
    matches!(args.get(i), Some(ParsedArg::Operands(v)) if !v.is_empty())
}

fn attr_arg(args: &[ParsedArg], i: usize) -> Option<Attribute> {
    match args.get(i) {
        Some(ParsedArg::Attr(a)) => *a,
        _ => None,
    }
}

/// A memref's or ranked tensor's rank and element type.
fn shaped_parts(ctx: &Context, t: Type) -> Option<(usize, Type)> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, .. } | TypeKind::RankedTensor { shape, element, .. } => {
            Some((shape.len(), *element))
        }
        _ => None,
    }
}

fn parse_text_attr(ctx: &Context, text: &str) -> Result<Attribute, AsmError> {
    crate::asm::parser::parse_attribute(ctx, text).map_err(|e| AsmError::new(e.to_string()))
}

// ---- vector.contract ----

/// `{indexing_maps = [...], iterator_types = ["parallel", ...], kind = #vector.kind<add>}`:
/// upstream's trait dictionary, whose iterator types are spelled as strings (the property
/// holds `#vector.iterator_type<...>`). Arguments: `$indexing_maps, $iterator_types, $kind,
/// $fastmath`.
fn parse_contract_traits(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let dict = p.parse_attribute()?;
    let entries: Vec<NamedAttribute> = match p.context().attr_kind(dict) {
        AttrKind::Dictionary(e) => e.to_vec(),
        _ => return Err(p.error("expected attribute dictionary")),
    };
    let ctx = p.context();
    let get = |n: &str| entries.iter().find(|na| ctx.ident_str(na.name) == n).map(|na| na.value);
    let Some(iters) = get("iterator_types") else {
        return Err(p.error("expected iterator_types array attribute"));
    };
    let AttrKind::Array(items) = ctx.attr_kind(iters) else {
        return Err(p.error("expected iterator_types array attribute"));
    };
    let mut converted = Vec::with_capacity(items.len());
    for &item in items.iter() {
        let word = match ctx.attr_kind(item) {
            AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
            _ => return Err(p.error("expected iterator_types array attribute")),
        };
        if word != "parallel" && word != "reduction" {
            return Err(p.error(&format!("unexpected iterator_type ({word})")));
        }
        converted.push(parse_text_attr(ctx, &format!("#vector.iterator_type<{word}>"))?);
    }
    let kind = match get("kind") {
        Some(k) => k,
        None => parse_text_attr(ctx, "#vector.kind<add>")?,
    };
    args[0] = ParsedArg::Attr(get("indexing_maps"));
    args[1] = ParsedArg::Attr(Some(ctx.array_attr(&converted)));
    args[2] = ParsedArg::Attr(Some(kind));
    args[3] = ParsedArg::Attr(get("fastmath"));
    Ok(())
}

fn print_contract_traits(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    p.write("{");
    let mut first = true;
    let mut sep = |p: &mut dyn DirectivePrinter| {
        if !first {
            p.write(", ");
        }
        first = false;
    };
    // The dictionary's entries sorted by name, as MLIR's DictionaryAttr prints them; the
    // fast-math flags only when set.
    if let Some(fm) = attr(3) {
        if crate::asm::print_attribute(p.context(), fm) != "#arith.fastmath<none>" {
            sep(p);
            p.write("fastmath = ");
            p.print_attribute(fm);
        }
    }
    if let Some(maps) = attr(0) {
        sep(p);
        p.write("indexing_maps = ");
        p.print_attribute(maps);
    }
    if let Some(iters) = attr(1) {
        sep(p);
        p.write("iterator_types = [");
        let items = match p.context().attr_kind(iters) {
            AttrKind::Array(items) => items.to_vec(),
            _ => Vec::new(),
        };
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            let text = crate::asm::print_attribute(p.context(), *item);
            let word = text.strip_prefix("#vector.iterator_type<").and_then(|t| t.strip_suffix('>')).unwrap_or(&text);
            p.write(&format!("\"{word}\""));
        }
        p.write("]");
    }
    if let Some(kind) = attr(2) {
        sep(p);
        p.write("kind = ");
        p.print_attribute(kind);
    }
    p.write("}");
}

// ---- inferred types ----

/// The result of `vector.shuffle`: as many leading rows as the mask has entries, the rest
/// of the shape from `v1` (a 0-D `v1` gives a 1-D result). Arguments: `ref(type($v1)),
/// ref($mask), type($vector)`.
fn parse_shuffle_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ctx = p.context();
    let v1 = first_type(args, 0).ok_or_else(|| p.error("expected a type"))?;
    let Some((shape, scalable, element)) = vector_parts(ctx, v1) else {
        return Err(p.error("expected vector type"));
    };
    let n = match attr_arg(args, 1).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { len, .. }) => *len as i64,
        _ => 0,
    };
    let mut new_shape = vec![n];
    let mut new_scalable = vec![false];
    if !shape.is_empty() {
        new_shape.extend_from_slice(&shape[1..]);
        new_scalable.extend_from_slice(&scalable[1..]);
    }
    let t = ctx.vector_type(&new_shape, &new_scalable, element).map_err(err)?;
    args[2] = ParsedArg::Types(vec![t]);
    Ok(())
}

/// One element type per vector element (`vector.from_elements`' operands,
/// `vector.to_elements`' results). Arguments: `ref(type($vector)), type($elements)`.
fn parse_element_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ctx = p.context();
    let v = first_type(args, 0).ok_or_else(|| p.error("expected a type"))?;
    let Some((shape, _, element)) = vector_parts(ctx, v) else {
        return Err(p.error("expected vector type"));
    };
    let n: i64 = shape.iter().product();
    args[1] = ParsedArg::Types(vec![element; n.max(0) as usize]);
    Ok(())
}

/// `vector.outerproduct`'s result (and accumulator) type: `lhs x rhs` for two vectors, the
/// type of `lhs` for a scalar `rhs`. Arguments: `ref(type($lhs)), ref(type($rhs)),
/// type($acc), type($result), ref($acc)`.
fn parse_outerproduct_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ctx = p.context();
    let lhs = first_type(args, 0).ok_or_else(|| p.error("expected a type"))?;
    let rhs = first_type(args, 1).ok_or_else(|| p.error("expected a type"))?;
    let Some((ls, lsc, element)) = vector_parts(ctx, lhs) else {
        return Err(p.error("expected vector type for operand #1"));
    };
    let result = match vector_parts(ctx, rhs) {
        Some((rs, rsc, _)) if !ls.is_empty() && !rs.is_empty() => {
            ctx.vector_type(&[ls[0], rs[0]], &[lsc[0], rsc[0]], element).map_err(err)?
        }
        _ => lhs,
    };
    let has_acc = has_operands(args, 4);
    args[2] = ParsedArg::Types(if has_acc { vec![result] } else { Vec::new() });
    args[3] = ParsedArg::Types(vec![result]);
    Ok(())
}

/// `vector.mask`'s pass-through value has the type of its (first) result. Arguments:
/// `ref(type($results)), type($passthru), ref($passthru)`.
fn parse_mask_passthru_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    if has_operands(args, 2) {
        let Some(t) = first_type(args, 0) else {
            return Err(p.error("expects a result if passthru operand is provided"));
        };
        args[1] = ParsedArg::Types(vec![t]);
    }
    Ok(())
}

// ---- transfer_read / transfer_write ----

fn dims_of(map: &AffineMap) -> Vec<Option<u32>> {
    map.results
        .iter()
        .map(|&r| match map.nodes[r as usize] {
            AffineNode::Dim(d) => Some(d),
            _ => None,
        })
        .collect()
}

/// Whether `map` is `(d0, ..., dn-1) -> (dn-k, ..., dn-1)` (MLIR's `isMinorIdentity`).
fn is_minor_identity(map: &AffineMap) -> bool {
    let n = map.num_dims as usize;
    let k = map.results.len();
    if map.num_symbols != 0 || k > n {
        return false;
    }
    dims_of(map).iter().enumerate().all(|(i, d)| *d == Some((n - k + i) as u32))
}

fn affine_map_of(ctx: &Context, attr: Attribute) -> Option<AffineMap> {
    match ctx.attr_kind(attr) {
        AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

/// The permutation map a transfer between `shaped` and `vector` has when none is written
/// (upstream's `getTransferMinorIdentityMap`).
fn default_permutation_map(ctx: &Context, shaped: Type, vector: Type) -> Option<AffineMap> {
    let (rank, element) = shaped_parts(ctx, shaped)?;
    let (vshape, _, _) = vector_parts(ctx, vector)?;
    let element_rank = vector_parts(ctx, element).map_or(0, |(s, _, _)| s.len());
    if rank == 0 && vshape == [1] {
        return Some(AffineMap::new(0, 0, &[crate::affine::AffineExpr::Constant(0)]));
    }
    let k = vshape.len().checked_sub(element_rank)?;
    if k > rank {
        return None;
    }
    let exprs: Vec<crate::affine::AffineExpr> =
        (rank - k..rank).map(|d| crate::affine::AffineExpr::Dim(d as u32)).collect();
    Some(AffineMap::new(rank as u32, 0, &exprs))
}

/// The mask's type: the vector's shape in the order of the source dimensions it reads,
/// broadcast dimensions left out (upstream's `inferTransferOpMaskType`).
fn mask_type(ctx: &Context, vector: Type, map: &AffineMap) -> Result<Type, AsmError> {
    let (vshape, vscalable, _) = vector_parts(ctx, vector).ok_or_else(|| AsmError::new("expected vector type"))?;
    let dims = dims_of(map);
    let mut shape = Vec::new();
    let mut scalable = Vec::new();
    for d in 0..map.num_dims {
        if let Some(j) = dims.iter().position(|x| *x == Some(d)) {
            shape.push(vshape.get(j).copied().unwrap_or(1));
            scalable.push(vscalable.get(j).copied().unwrap_or(false));
        }
    }
    let i1 = ctx.integer_type(1, Signedness::Signless).map_err(err)?;
    ctx.vector_type(&shape, &scalable, i1).map_err(err)
}

/// Fills in the permutation map and `in_bounds` a transfer op leaves out, and the mask's
/// type. Returns the permutation map.
fn transfer_defaults(
    p: &mut dyn DirectiveParser,
    shaped: Type,
    vector: Type,
    map_slot: Option<Attribute>,
    in_bounds: Option<Attribute>,
) -> Result<(Attribute, Attribute, AffineMap), AsmError> {
    let ctx = p.context();
    if shaped_parts(ctx, shaped).is_none() {
        return Err(p.error("requires memref or ranked tensor type"));
    }
    if vector_parts(ctx, vector).is_none() {
        return Err(p.error("requires vector type"));
    }
    let (map_attr, map) = match map_slot {
        Some(a) => {
            let m = affine_map_of(ctx, a).ok_or_else(|| p.error("expected an affine map for permutation_map"))?;
            (a, m)
        }
        None => {
            let m = default_permutation_map(ctx, shaped, vector)
                .ok_or_else(|| p.error("expected a permutation_map for this transfer"))?;
            (ctx.affine_map_attr(m.clone()).map_err(err)?, m)
        }
    };
    let in_bounds = match in_bounds {
        Some(a) => a,
        None => {
            let f = ctx.bool_attr(false);
            ctx.array_attr(&vec![f; map.results.len()])
        }
    };
    Ok((map_attr, in_bounds, map))
}

/// Arguments: `ref(type($source)), ref(type($vector)), $permutation_map, $in_bounds,
/// type($mask), ref($mask)`.
fn parse_transfer_read_defaults(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let shaped = first_type(args, 0).ok_or_else(|| p.error("requires two types"))?;
    let vector = first_type(args, 1).ok_or_else(|| p.error("requires two types"))?;
    let (map_attr, in_bounds, map) = transfer_defaults(p, shaped, vector, attr_arg(args, 2), attr_arg(args, 3))?;
    let mask = mask_type(p.context(), vector, &map)?;
    args[2] = ParsedArg::Attr(Some(map_attr));
    args[3] = ParsedArg::Attr(Some(in_bounds));
    args[4] = ParsedArg::Types(if has_operands(args, 5) { vec![mask] } else { Vec::new() });
    Ok(())
}

/// Arguments: `ref(type($source)), ref(type($valueToStore)), $permutation_map, $in_bounds,
/// type($mask), type($result), ref($mask)` (a result only when writing into a tensor).
fn parse_transfer_write_defaults(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let shaped = first_type(args, 0).ok_or_else(|| p.error("requires two types"))?;
    let vector = first_type(args, 1).ok_or_else(|| p.error("requires two types"))?;
    let (map_attr, in_bounds, map) = transfer_defaults(p, shaped, vector, attr_arg(args, 2), attr_arg(args, 3))?;
    let mask = mask_type(p.context(), vector, &map)?;
    let is_tensor = matches!(p.context().type_kind(shaped), TypeKind::RankedTensor { .. });
    args[2] = ParsedArg::Attr(Some(map_attr));
    args[3] = ParsedArg::Attr(Some(in_bounds));
    args[4] = ParsedArg::Types(if has_operands(args, 6) { vec![mask] } else { Vec::new() });
    args[5] = ParsedArg::Types(if is_tensor { vec![shaped] } else { Vec::new() });
    Ok(())
}

/// Which of `TransferAttrs`' arguments (`$permutation_map, $in_bounds`) its printer writes.
fn transfer_attrs_printed(ctx: &Context, args: &[Option<Attribute>]) -> Vec<Attribute> {
    ["permutation_map", "in_bounds"]
        .iter()
        .zip(args)
        .filter_map(|(name, a)| a.filter(|&a| transfer_attr_printed(ctx, name, a)))
        .collect()
}

fn transfer_attr_printed(ctx: &Context, name: &str, value: Attribute) -> bool {
    match name {
        "permutation_map" => !affine_map_of(ctx, value).is_some_and(|m| is_minor_identity(&m)),
        _ => match ctx.attr_kind(value) {
            AttrKind::Array(items) => items.iter().any(|&b| matches!(ctx.attr_kind(b), AttrKind::Bool(true))),
            _ => true,
        },
    }
}

/// `{in_bounds = [...], permutation_map = ...}`, each left out when it says what the op
/// implies (a minor identity map; no dimension in bounds). Arguments: `$permutation_map,
/// $in_bounds`.
fn print_transfer_attrs(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    let ctx = p.context();
    let map = attr(0).filter(|&a| transfer_attr_printed(ctx, "permutation_map", a));
    let in_bounds = attr(1).filter(|&a| transfer_attr_printed(ctx, "in_bounds", a));
    if map.is_none() && in_bounds.is_none() {
        return;
    }
    p.write("{");
    if let Some(b) = in_bounds {
        p.write("in_bounds = ");
        p.print_attribute(b);
        if map.is_some() {
            p.write(", ");
        }
    }
    if let Some(m) = map {
        p.write("permutation_map = ");
        p.print_attribute(m);
    }
    p.write("}");
}
