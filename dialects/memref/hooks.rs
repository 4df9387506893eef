//! The memref dialect's Rust hooks: the directives of the ops upstream reads and prints in
//! C++ (memref.global's type and initial value, memref.alloca_scope's result types,
//! memref.prefetch's specifiers, memref.transpose's permutation, memref.dma_start's operand
//! groups), the shared offset/size/stride lists, and verifiers with upstream's messages.

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::dialects::fold_util::int_of;
use crate::dialects::index_list::{dynamic_index_list, i64_array, DYNAMIC};
use crate::ir::OpId;
use crate::types::{Signedness, Type, TypeKind};

type Verifier = fn(&Context, OpId) -> Result<(), String>;

pub(crate) fn register_hooks(ctx: &mut Context) {
    super::memref_fold::register(ctx);
    // memref.atomic_rmw's kind is arith's enum; upstream's memref dialect loads arith.
    ctx.load_dialect("arith");
    let verifiers: [(&str, Verifier); 17] = [
        ("memref.get_global", verify_get_global),
        ("memref.alloc", verify_alloc),
        ("memref.alloca", verify_alloca),
        ("memref.assume_alignment", verify_assume_alignment),
        ("memref.atomic_rmw", verify_atomic_rmw),
        ("memref.atomic_yield", verify_atomic_yield),
        ("memref.cast", verify_cast),
        ("memref.generic_atomic_rmw", verify_generic_atomic_rmw),
        ("memref.global", verify_global),
        ("memref.load", verify_load),
        ("memref.store", verify_store),
        ("memref.prefetch", verify_prefetch),
        ("memref.realloc", verify_realloc),
        ("memref.reinterpret_cast", verify_reinterpret_cast),
        ("memref.subview", verify_subview),
        ("memref.transpose", verify_transpose),
        ("memref.view", verify_view),
    ];
    for (name, f) in verifiers {
        ctx.register_op_verifier_hook(name, Arc::new(f));
    }
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let directives: [(&str, CustomDirective); 8] = [
        ("SameTypes", CustomDirective::new(Arc::new(parse_same_types), Arc::new(print_same_types))),
        ("DynamicIndexList", dynamic_index_list()),
        (
            "GlobalMemrefOpTypeAndInitialValue",
            CustomDirective::new(Arc::new(parse_global_type_and_value), Arc::new(print_global_type_and_value)),
        ),
        ("AllocaScopeResults", CustomDirective::new(Arc::new(parse_scope_results), Arc::new(print_scope_results))),
        ("PrefetchSpecifiers", CustomDirective::new(Arc::new(parse_prefetch), Arc::new(print_prefetch))),
        (
            "TransposePermutation",
            // The permutation prints as a bare map, so it gets no alias.
            CustomDirective {
                printed_attributes: Some(Arc::new(|_, _| Vec::new())),
                ..CustomDirective::new(Arc::new(parse_permutation), Arc::new(print_permutation))
            },
        ),
        ("DmaStartOperands", CustomDirective::new(Arc::new(parse_dma_operands), Arc::new(print_dma_operands))),
        ("DmaStartTypes", CustomDirective::new(Arc::new(parse_dma_types), Arc::new(print_dma_types))),
    ];
    for (name, d) in directives {
        ctx.register_custom_directive("memref", name, d).expect("the memref dialect is registered");
    }
}

fn asm_err(e: crate::error::Error) -> AsmError {
    AsmError::new(e.message)
}

fn print_types(p: &mut dyn DirectivePrinter, types: &[Type]) {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
    }
}

/// `type, type, ...` for the operands, the results having the same types (upstream infers
/// them). Arguments: `type($operands), type($results)`.
fn parse_same_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut types = Vec::new();
    loop {
        types.push(p.parse_type()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    args[0] = ParsedArg::Types(types.clone());
    args[1] = ParsedArg::Types(types);
    Ok(())
}

fn print_same_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    if let Some(PrintArg::Types(types)) = args.first() {
        print_types(p, types);
    }
}

// ---------------------------------------------------------------------------------------
// memref.global
// ---------------------------------------------------------------------------------------

/// The tensor type of a memref's shape and element type (what its initial value is typed as).
fn tensor_of_memref(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, .. } => {
            let (shape, element) = (shape.clone(), *element);
            ctx.ranked_tensor_type(&shape, element, None).ok()
        }
        _ => None,
    }
}

/// `memref<2xf32> [= uninitialized | = dense<...>]`. Arguments: `$type, $initial_value`.
fn parse_global_type_and_value(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ty = p.parse_type()?;
    let ctx = p.context();
    let static_memref = match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, .. } => shape.iter().all(|&d| d != DYNAMIC),
        _ => false,
    };
    if !static_memref {
        let shown = crate::asm::print_type(ctx, ty);
        return Err(p.op_error(&format!("type should be static shaped memref, but got '{shown}'")));
    }
    args[0] = ParsedArg::Attr(Some(ctx.type_attr(ty)));
    if !p.parse_optional_punct("=")? {
        args[1] = ParsedArg::Attr(None);
        return Ok(());
    }
    if p.at_keyword("uninitialized") {
        p.parse_keyword("uninitialized")?;
        args[1] = ParsedArg::Attr(Some(p.context().unit_attr()));
        return Ok(());
    }
    let tensor = tensor_of_memref(p.context(), ty).ok_or_else(|| p.error("expected a memref type"))?;
    let value = p.parse_attribute_with_type(tensor)?;
    let elements = matches!(
        p.context().attr_kind(value),
        AttrKind::DenseIntOrFloat { .. }
            | AttrKind::DenseString { .. }
            | AttrKind::DenseResource { .. }
            | AttrKind::SparseElements { .. }
    );
    if !elements {
        return Err(p.op_error("initial value should be a unit or elements attribute"));
    }
    args[1] = ParsedArg::Attr(Some(value));
    Ok(())
}

fn print_global_type_and_value(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Attr(Some(ty))) = args.first() else { return };
    let ctx = p.context();
    let AttrKind::Type(t) = ctx.attr_kind(*ty) else { return };
    let t = *t;
    p.print_type(t);
    let Some(PrintArg::Attr(Some(value))) = args.get(1) else { return };
    let value = *value;
    p.write(" = ");
    if matches!(p.context().attr_kind(value), AttrKind::Unit) {
        p.write("uninitialized");
        return;
    }
    p.print_attribute_without_type(value);
}

// ---------------------------------------------------------------------------------------
// memref.alloca_scope
// ---------------------------------------------------------------------------------------

/// `-> (types)` / `-> type`, or nothing. Argument: `type($results)`.
fn parse_scope_results(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut types = Vec::new();
    if p.parse_optional_punct("->")? {
        if p.parse_optional_punct("(")? {
            if !p.parse_optional_punct(")")? {
                loop {
                    types.push(p.parse_type()?);
                    if !p.parse_optional_punct(",")? {
                        break;
                    }
                }
                p.parse_punct(")")?;
            }
        } else {
            types.push(p.parse_type()?);
        }
    }
    args[0] = ParsedArg::Types(types);
    Ok(())
}

/// Upstream writes a space, then ` -> (types)` when there are results, then the region.
fn print_scope_results(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let types = match args.first() {
        Some(PrintArg::Types(t)) => t.clone(),
        _ => Vec::new(),
    };
    if !types.is_empty() {
        p.write(" -> (");
        print_types(p, &types);
        p.write(")");
    }
}

// ---------------------------------------------------------------------------------------
// memref.prefetch
// ---------------------------------------------------------------------------------------

/// `read|write, locality<N>, data|instr`. Arguments: `$isWrite, $localityHint, $isDataCache`.
fn parse_prefetch(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let rw = p.parse_optional_keyword()?.unwrap_or_default();
    if rw != "read" && rw != "write" {
        return Err(p.op_error("rw specifier has to be 'read' or 'write'"));
    }
    p.parse_punct(",")?;
    p.parse_keyword("locality")?;
    p.parse_punct("<")?;
    let hint_attr = p.parse_attribute()?;
    let hint = match p.context().attr_kind(hint_attr) {
        AttrKind::Integer { value, .. } => value.to_i64(64).unwrap_or(-1),
        _ => return Err(p.error("expected integer value")),
    };
    p.parse_punct(">")?;
    p.parse_punct(",")?;
    let cache = p.parse_optional_keyword()?.unwrap_or_default();
    if cache != "data" && cache != "instr" {
        return Err(p.op_error("cache type has to be 'data' or 'instr'"));
    }
    let ctx = p.context();
    let i32t = ctx.integer_type(32, Signedness::Signless).map_err(asm_err)?;
    args[0] = ParsedArg::Attr(Some(ctx.bool_attr(rw == "write")));
    args[1] = ParsedArg::Attr(Some(ctx.integer_attr(i32t, hint).map_err(asm_err)?));
    args[2] = ParsedArg::Attr(Some(ctx.bool_attr(cache == "data")));
    Ok(())
}

fn attr_bool(ctx: &Context, a: Option<&PrintArg>) -> bool {
    matches!(a, Some(PrintArg::Attr(Some(v))) if matches!(ctx.attr_kind(*v), AttrKind::Bool(true)))
}

fn print_prefetch(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let write = attr_bool(p.context(), args.first());
    let data = attr_bool(p.context(), args.get(2));
    let hint = match args.get(1) {
        Some(PrintArg::Attr(Some(a))) => int_of(p.context(), *a).unwrap_or(0),
        _ => 0,
    };
    p.write(if write { "write" } else { "read" });
    p.write(&format!(", locality<{hint}>, "));
    p.write(if data { "data" } else { "instr" });
}

// ---------------------------------------------------------------------------------------
// memref.transpose
// ---------------------------------------------------------------------------------------

/// A bare permutation map, `(i, j) -> (j, i)`. Argument: `$permutation`.
fn parse_permutation(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let at = p.error("");
    let names = |p: &mut dyn DirectiveParser| -> Result<Vec<String>, AsmError> {
        p.parse_punct("(")?;
        let mut out = Vec::new();
        if p.parse_optional_punct(")")? {
            return Ok(out);
        }
        loop {
            let Some(w) = p.parse_optional_keyword()? else {
                return Err(p.error("expected a dimension identifier"));
            };
            out.push(w);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
        Ok(out)
    };
    let dims = names(p)?;
    p.parse_punct("->")?;
    let results = names(p)?;
    let text = format!("affine_map<({}) -> ({})>", dims.join(", "), results.join(", "));
    let map = crate::asm::parse_attribute(p.context(), &text)
        .map_err(|_| AsmError { message: "expected a permutation map".into(), ..at.clone() })?;
    args[0] = ParsedArg::Attr(Some(map));
    Ok(())
}

fn print_permutation(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Attr(Some(map))) = args.first() else { return };
    let text = crate::asm::print_attribute(p.context(), *map);
    match text.strip_prefix("affine_map<").and_then(|t| t.strip_suffix('>')) {
        Some(bare) => p.write(bare),
        None => p.print_attribute(*map),
    }
}

// ---------------------------------------------------------------------------------------
// memref.dma_start
// ---------------------------------------------------------------------------------------

/// `%src[%i...], %dst[%j...], %n, %tag[%k...] [, %stride, %per_stride]`. Arguments:
/// `$operands, type($operands)`. The types of the memref positions come later (after the
/// attribute dictionary, from `DmaStartTypes`); they are left as `none` meanwhile, the
/// indices and counts are `index`.
fn parse_dma_operands(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ctx = p.context();
    let index = ctx.index_type();
    let none = ctx.none_type();
    let mut operands = Vec::new();
    let mut types = Vec::new();
    let indexed = |p: &mut dyn DirectiveParser, operands: &mut Vec<_>, types: &mut Vec<Type>| -> Result<(), AsmError> {
        operands.push(p.parse_operand()?);
        types.push(none);
        p.parse_punct("[")?;
        if !p.parse_optional_punct("]")? {
            loop {
                operands.push(p.parse_operand()?);
                types.push(index);
                if !p.parse_optional_punct(",")? {
                    break;
                }
            }
            p.parse_punct("]")?;
        }
        Ok(())
    };
    indexed(p, &mut operands, &mut types)?;
    p.parse_punct(",")?;
    indexed(p, &mut operands, &mut types)?;
    p.parse_punct(",")?;
    operands.push(p.parse_operand()?);
    types.push(index);
    p.parse_punct(",")?;
    indexed(p, &mut operands, &mut types)?;
    if p.parse_optional_punct(",")? {
        operands.push(p.parse_operand()?);
        types.push(index);
        if !p.parse_optional_punct(",")? {
            return Err(p.error("expected two stride related operands"));
        }
        operands.push(p.parse_operand()?);
        types.push(index);
    }
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Types(types);
    Ok(())
}

/// `type, type, type`: the source, destination and tag memrefs. Arguments:
/// `ref($operands), type($operands)`.
fn parse_dma_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let at = p.error("");
    let mut memrefs = Vec::new();
    loop {
        memrefs.push(p.parse_type()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    if memrefs.len() != 3 {
        return Err(AsmError { message: "expected three types".into(), ..at });
    }
    let none = p.context().none_type();
    let mut types = match args.get(1) {
        Some(ParsedArg::Types(t)) => t.clone(),
        _ => Vec::new(),
    };
    let mut next = memrefs.into_iter();
    for t in types.iter_mut() {
        if *t == none {
            *t = next.next().unwrap_or(none);
        }
    }
    args[1] = ParsedArg::Types(types);
    Ok(())
}

fn rank_of(ctx: &Context, t: Type) -> usize {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => shape.len(),
        _ => 0,
    }
}

fn print_dma_operands(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let (Some(PrintArg::Operands(values)), Some(PrintArg::Types(types))) = (args.first(), args.get(1)) else {
        return;
    };
    let mut at = 0;
    let indexed = |p: &mut dyn DirectivePrinter, at: &mut usize| {
        let Some(&m) = values.get(*at) else { return };
        let rank = types.get(*at).map_or(0, |&t| rank_of(p.context(), t));
        p.print_value(m);
        p.write("[");
        for k in 0..rank {
            if k > 0 {
                p.write(", ");
            }
            if let Some(&v) = values.get(*at + 1 + k) {
                p.print_value(v);
            }
        }
        p.write("]");
        *at += 1 + rank;
    };
    indexed(p, &mut at);
    p.write(", ");
    indexed(p, &mut at);
    p.write(", ");
    if let Some(&n) = values.get(at) {
        p.print_value(n);
    }
    at += 1;
    p.write(", ");
    indexed(p, &mut at);
    for v in values.iter().skip(at) {
        p.write(", ");
        p.print_value(*v);
    }
}

fn print_dma_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Types(types)) = args.get(1) else { return };
    let memrefs: Vec<Type> =
        types.iter().copied().filter(|&t| matches!(p.context().type_kind(t), TypeKind::MemRef { .. })).collect();
    print_types(p, &memrefs);
}

// ---------------------------------------------------------------------------------------
// Verifiers
// ---------------------------------------------------------------------------------------

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.op_operand_types(op).unwrap_or_default().into_iter().flatten().collect()
}

fn result_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.op_result_types(op).ok().and_then(|t| t.first().copied())
}

fn prop(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.op_inherent_or_discardable(op, name).ok().flatten()
}

fn shape_of(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => Some(shape.to_vec()),
        _ => None,
    }
}

fn ty_str(ctx: &Context, t: Type) -> String {
    crate::asm::print_type(ctx, t)
}

/// The number of operands in `operandSegmentSizes` group `i`.
fn segment(ctx: &Context, op: OpId, i: usize) -> usize {
    let Some(a) = prop(ctx, op, "operandSegmentSizes") else { return 0 };
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { data, .. } => {
            data.chunks_exact(4).nth(i).map_or(0, |c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]).max(0) as usize)
        }
        _ => 0,
    }
}

/// The number of symbols of a memref's affine layout map (0 for other layouts).
fn layout_symbols(ctx: &Context, t: Type) -> usize {
    let TypeKind::MemRef { layout: Some(l), .. } = ctx.type_kind(t) else { return 0 };
    match ctx.attr_kind(*l) {
        AttrKind::AffineMap(m) => m.num_symbols as usize,
        _ => 0,
    }
}

fn verify_alloc_like(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(t) = result_type(ctx, op) else { return Ok(()) };
    let Some(shape) = shape_of(ctx, t) else {
        return Err("result must be a memref".into());
    };
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let sizes = segment(ctx, op, 0);
    if sizes != dynamic {
        return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"));
    }
    let (symbols, want) = (segment(ctx, op, 1), layout_symbols(ctx, t));
    if symbols != want {
        return Err(format!("symbol operand count does not equal memref symbol count: expected {want}, got {symbols}"));
    }
    if let Some(a) = prop(ctx, op, "alignment") {
        if int_of(ctx, a).is_some_and(|v| v < 0) {
            return Err("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0".into());
        }
    }
    Ok(())
}

fn verify_alloc(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_alloc_like(ctx, op)
}

fn verify_alloca(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_alloc_like(ctx, op)
}

fn verify_assume_alignment(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(a) = prop(ctx, op, "alignment") else { return Ok(()) };
    match int_of(ctx, a) {
        Some(v) if v <= 0 => Err("attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive".into()),
        Some(v) if (v as u64).count_ones() != 1 => Err("alignment must be power of 2".into()),
        _ => Ok(()),
    }
}

/// The indices of an access must be as many as the memref's rank.
fn check_indices(ctx: &Context, memref: Type, indices: usize) -> Result<(), String> {
    let rank = shape_of(ctx, memref).map_or(0, |s| s.len());
    if rank != indices {
        return Err(format!("incorrect number of indices for load, expected {rank} but got {indices}"));
    }
    Ok(())
}

fn verify_atomic_rmw(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&value), Some(&memref)) = (types.first(), types.get(1)) else { return Ok(()) };
    let rank = shape_of(ctx, memref).map_or(0, |s| s.len());
    let n = types.len() - 2;
    if rank != n {
        return Err(format!("invalid number of indices for accessed memref, expected {rank} but got {n}"));
    }
    let kind = prop(ctx, op, "kind").and_then(|k| int_of(ctx, k)).unwrap_or(-1);
    let names = [
        "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu",
        "mulf", "muli", "ori", "xori",
    ];
    let name = names.get(kind as usize).copied().unwrap_or("");
    let is_float = matches!(ctx.type_kind(value), TypeKind::Float(_));
    let is_int = matches!(ctx.type_kind(value), TypeKind::Integer { .. });
    match name {
        "addf" | "maximumf" | "minimumf" | "mulf" if !is_float => {
            Err(format!("with kind '{name}' expects a floating-point type"))
        }
        "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "andi" if !is_int => {
            Err(format!("with kind '{name}' expects an integer type"))
        }
        _ => Ok(()),
    }
}

fn verify_atomic_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(parent) = ctx.op_parent_op(op).ok().flatten() else { return Ok(()) };
    let (Some(&yielded), Some(expected)) = (operand_types(ctx, op).first(), result_type(ctx, parent)) else {
        return Ok(());
    };
    if yielded != expected {
        return Err(format!(
            "types mismatch between yield op: '{}' and its parent: '{}'",
            ty_str(ctx, yielded),
            ty_str(ctx, expected)
        ));
    }
    Ok(())
}

fn verify_generic_atomic_rmw(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(&region) = ctx.op_regions(op).unwrap_or_default().first() else { return Ok(()) };
    let blocks = ctx.region_blocks(region).unwrap_or_default();
    let Some(&entry) = blocks.first() else { return Ok(()) };
    let args = ctx.block_arguments(entry).unwrap_or_default();
    if args.len() != 1 {
        return Err("expected single number of entry block arguments".into());
    }
    let result = result_type(ctx, op);
    if args.first().and_then(|&a| ctx.value_type(a).ok()) != result {
        return Err("expected block argument of the same type result type".into());
    }
    Ok(())
}

/// A looser form of upstream's `areCastCompatible`: the same type, or the same element type
/// and memory space and, between ranked types, the same rank with sizes that agree where
/// both are static (layouts are not compared); unranked to a different unranked type is not.
fn verify_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&a), Some(b)) = (operand_types(ctx, op).first(), result_type(ctx, op)) else { return Ok(()) };
    let parts = |t: Type| match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, memory_space, .. } => Some((Some(shape.to_vec()), *element, *memory_space)),
        TypeKind::UnrankedMemRef { element, memory_space } => Some((None, *element, *memory_space)),
        _ => None,
    };
    let (Some((sa, ea, ma)), Some((sb, eb, mb))) = (parts(a), parts(b)) else { return Ok(()) };
    let compatible = a == b
        || ea == eb
            && ma == mb
            && match (&sa, &sb) {
                (Some(x), Some(y)) => {
                    x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == q || p == DYNAMIC || q == DYNAMIC)
                }
                (None, None) => false,
                _ => true,
            };
    if !compatible {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            ty_str(ctx, a),
            ty_str(ctx, b)
        ));
    }
    Ok(())
}

fn verify_global(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(ty) = prop(ctx, op, "type") else { return Ok(()) };
    let AttrKind::Type(t) = ctx.attr_kind(ty) else { return Ok(()) };
    let t = *t;
    let static_shape = shape_of(ctx, t).is_some_and(|s| s.iter().all(|&d| d != DYNAMIC));
    if !static_shape {
        return Err(format!("type should be static shaped memref, but got {}", ty_str(ctx, t)));
    }
    if let Some(init) = prop(ctx, op, "initial_value") {
        let ok = match ctx.attr_kind(init) {
            AttrKind::Unit => true,
            AttrKind::DenseIntOrFloat { ty, .. }
            | AttrKind::DenseString { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::SparseElements { ty, .. } => {
                let want = tensor_of_memref(ctx, t);
                if want != Some(*ty) {
                    return Err(format!(
                        "initial value expected to be of type {}, but was of type {}",
                        want.map_or_else(String::new, |w| ty_str(ctx, w)),
                        ty_str(ctx, *ty)
                    ));
                }
                true
            }
            _ => false,
        };
        if !ok {
            return Err(format!(
                "initial value should be a unit or elements attribute, but got {}",
                crate::asm::print_attribute(ctx, init)
            ));
        }
    }
    if let Some(a) = prop(ctx, op, "alignment") {
        if int_of(ctx, a).is_some_and(|v| v <= 0 || (v as u64).count_ones() != 1) {
            return Err("alignment attribute value must be a power of 2".into());
        }
    }
    Ok(())
}

/// The symbol names a memref.global of the result's type (upstream's `verifySymbolUses`).
fn verify_get_global(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(a) = prop(ctx, op, "name") else { return Ok(()) };
    let name = match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => return Ok(()),
    };
    let global = ctx.lookup_nearest_symbol_from(op, a).ok().flatten();
    let Some(g) = global.filter(|&g| ctx.op_name(g).is_ok_and(|n| n == "memref.global")) else {
        return Err(format!("'{name}' does not reference a valid global memref"));
    };
    let global_type = prop(ctx, g, "type").and_then(|t| match ctx.attr_kind(t) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    });
    if let (Some(want), Some(got)) = (global_type, result_type(ctx, op)) {
        if want != got {
            return Err(format!(
                "result type '{}' does not match type '{}' of the global memref @{name}",
                ty_str(ctx, got),
                ty_str(ctx, want)
            ));
        }
    }
    Ok(())
}

fn check_access_alignment(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(a) = prop(ctx, op, "alignment") {
        if int_of(ctx, a).is_some_and(|v| v <= 0 || (v as u64).count_ones() != 1) {
            return Err("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0".into());
        }
    }
    Ok(())
}

fn verify_load(ctx: &Context, op: OpId) -> Result<(), String> {
    check_access_alignment(ctx, op)?;
    let types = operand_types(ctx, op);
    let Some(&memref) = types.first() else { return Ok(()) };
    let rank = shape_of(ctx, memref).map_or(0, |s| s.len());
    let n = types.len() - 1;
    if rank != n {
        return Err(format!("invalid number of indices for accessed memref, expected {rank} but got {n}"));
    }
    Ok(())
}

fn verify_store(ctx: &Context, op: OpId) -> Result<(), String> {
    check_access_alignment(ctx, op)?;
    let types = operand_types(ctx, op);
    let Some(&memref) = types.get(1) else { return Ok(()) };
    let rank = shape_of(ctx, memref).map_or(0, |s| s.len());
    let n = types.len() - 2;
    if rank != n {
        return Err(format!("invalid number of indices for accessed memref, expected {rank} but got {n}"));
    }
    Ok(())
}

fn verify_prefetch(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(h) = prop(ctx, op, "localityHint").and_then(|a| int_of(ctx, a)) {
        if !(0..=3).contains(&h) {
            return Err("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3".into());
        }
    }
    let types = operand_types(ctx, op);
    let Some(&memref) = types.first() else { return Ok(()) };
    check_indices(ctx, memref, types.len() - 1).map_err(|_| "too few indices".into())
}

fn verify_realloc(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&src), Some(res)) = (types.first(), result_type(ctx, op)) else { return Ok(()) };
    let parts = |t: Type| match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            Some((shape.to_vec(), *element, *layout, *memory_space))
        }
        _ => None,
    };
    let (Some((_, se, sl, sm)), Some((rs, re, rl, rm))) = (parts(src), parts(res)) else { return Ok(()) };
    if sl.is_some() {
        return Err(crate::verify::plain_error(format!(
            "unsupported layout for source memref type '{}'",
            ty_str(ctx, src)
        )));
    }
    if rl.is_some() {
        return Err(crate::verify::plain_error(format!(
            "unsupported layout for result memref type '{}'",
            ty_str(ctx, res)
        )));
    }
    if sm != rm {
        return Err(crate::verify::plain_error(format!(
            "different memory spaces specified for source memref type '{}' and result memref type '{}'",
            ty_str(ctx, src),
            ty_str(ctx, res)
        )));
    }
    if se != re {
        return Err(crate::verify::plain_error(format!(
            "different element types specified for source memref type '{}' and result memref type '{}'",
            ty_str(ctx, src),
            ty_str(ctx, res)
        )));
    }
    let dynamic = rs.first() == Some(&DYNAMIC);
    let has_size = types.len() > 1;
    if dynamic && !has_size {
        return Err(crate::verify::plain_error(format!(
            "missing dimension operand for result type '{}'",
            ty_str(ctx, res)
        )));
    }
    if !dynamic && has_size {
        return Err(crate::verify::plain_error(format!(
            "unnecessary dimension operand for result type '{}'",
            ty_str(ctx, res)
        )));
    }
    Ok(())
}

/// The static offset/size/stride lists' lengths and their dynamic entries against the
/// operand groups (upstream's `verifyOffsetSizeAndStrideOp`); `ranks` are the expected
/// lengths of the three lists.
fn verify_offsets_sizes_strides(ctx: &Context, op: OpId, ranks: [usize; 3]) -> Result<(), String> {
    let lists: Vec<Vec<i64>> = ["static_offsets", "static_sizes", "static_strides"]
        .iter()
        .map(|n| prop(ctx, op, n).map(|a| i64_array(ctx, a)).unwrap_or_default())
        .collect();
    if !(lists[0].len() == 1 && ranks[0] == 1) && lists[0].len() != lists[1].len() {
        return Err(crate::verify::plain_error(format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            lists[0].len(),
            lists[1].len()
        )));
    }
    if lists[1].len() != lists[2].len() {
        return Err(crate::verify::plain_error(format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            lists[1].len(),
            lists[2].len()
        )));
    }
    for (k, word) in ["offset", "size", "stride"].iter().enumerate() {
        if lists[k].len() != ranks[k] {
            return Err(format!("expected {} {word} values", ranks[k]));
        }
        let dynamic = lists[k].iter().filter(|&&v| v == DYNAMIC).count();
        if segment(ctx, op, k + 1) != dynamic {
            return Err(format!("expected {dynamic} dynamic {word} values"));
        }
    }
    for (k, word) in ["offset", "size", "stride"].iter().enumerate() {
        if let Some(v) = lists[k].iter().find(|&&v| v != DYNAMIC && v < 0) {
            return Err(format!("expected {word}s to be non-negative, but got {v}"));
        }
    }
    Ok(())
}

fn verify_reinterpret_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(res) = result_type(ctx, op) else { return Ok(()) };
    let rank = shape_of(ctx, res).map_or(0, |s| s.len());
    verify_offsets_sizes_strides(ctx, op, [1, rank, rank])?;
    let types = operand_types(ctx, op);
    let Some(&src) = types.first() else { return Ok(()) };
    let space = |t: Type| match ctx.type_kind(t) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => *memory_space,
        _ => None,
    };
    let elem = |t: Type| ctx.element_type(t);
    if elem(src) != elem(res) {
        return Err("different element types specified for source and result memref types".into());
    }
    if space(src) != space(res) {
        return Err("different memory spaces specified for source and result memref types".into());
    }
    let sizes = prop(ctx, op, "static_sizes").map(|a| i64_array(ctx, a)).unwrap_or_default();
    let shape = shape_of(ctx, res).unwrap_or_default();
    for (i, (&s, &d)) in sizes.iter().zip(&shape).enumerate() {
        if s != DYNAMIC && s != d {
            return Err(crate::verify::plain_error(format!(
                "expected result type with size = {s} instead of {d} in dim = {i}"
            )));
        }
    }
    Ok(())
}

fn verify_subview(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let Some(&src) = types.first() else { return Ok(()) };
    let rank = shape_of(ctx, src).map_or(0, |s| s.len());
    verify_offsets_sizes_strides(ctx, op, [rank, rank, rank])?;
    let Some(res) = result_type(ctx, op) else { return Ok(()) };
    let space = |t: Type| match ctx.type_kind(t) {
        TypeKind::MemRef { memory_space, .. } => *memory_space,
        _ => None,
    };
    if space(src) != space(res) {
        return Err(format!(
            "different memory spaces specified for base memref type {} and subview memref type {}",
            ty_str(ctx, src),
            ty_str(ctx, res)
        ));
    }
    Ok(())
}

fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(perm) = prop(ctx, op, "permutation") else { return Ok(()) };
    let AttrKind::AffineMap(map) = ctx.attr_kind(perm) else { return Ok(()) };
    let Some(&src) = operand_types(ctx, op).first() else { return Ok(()) };
    let rank = shape_of(ctx, src).map_or(0, |s| s.len());
    if map.num_dims as usize != rank {
        return Err("expected a permutation map of same rank as the input".into());
    }
    Ok(())
}

fn verify_view(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&src), Some(res)) = (types.first(), result_type(ctx, op)) else { return Ok(()) };
    let (
        TypeKind::MemRef { layout: sl, memory_space: sm, .. },
        TypeKind::MemRef { shape, layout: rl, memory_space: rm, .. },
    ) = (ctx.type_kind(src), ctx.type_kind(res))
    else {
        return Ok(());
    };
    if sl.is_some() {
        return Err("unsupported map for base memref type ".to_string() + &ty_str(ctx, src));
    }
    if rl.is_some() {
        return Err("unsupported map for result memref type ".to_string() + &ty_str(ctx, res));
    }
    if sm != rm {
        return Err(format!(
            "different memory spaces specified for base memref type {} and view memref type {}",
            ty_str(ctx, src),
            ty_str(ctx, res)
        ));
    }
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let sizes = types.len() - 2;
    if sizes != dynamic {
        return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"));
    }
    Ok(())
}
