//! The LLVM dialect's Rust hooks: what upstream writes in C++ for it — the types' syntax
//! (`types.rs`), the hand-written forms of functions, globals, calls, comparisons and GEP
//! indices, and verifiers.

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::types::{Signedness, Type, TypeKind};

#[path = "types.rs"]
pub(crate) mod types;

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.register_op_verifier_hook("llvm.func", Arc::new(verify_func));
    ctx.register_op_verifier_hook("llvm.return", Arc::new(verify_return));
    ctx.register_op_verifier_hook("llvm.call", Arc::new(verify_call));
    ctx.register_op_verifier_hook("llvm.mlir.constant", Arc::new(verify_constant));
}

/// An integer value has the result's integer type.
fn verify_constant(ctx: &Context, op: crate::ir::OpId) -> Result<(), String> {
    let Some(value) = ctx.op_inherent_or_discardable(op, "value").ok().flatten() else { return Ok(()) };
    let Some(result) = ctx.op_result_types(op).ok().and_then(|t| t.first().copied()) else { return Ok(()) };
    if let AttrKind::Integer { ty, .. } = ctx.attr_kind(value) {
        if matches!(ctx.type_kind(result), TypeKind::Integer { .. }) && *ty != result {
            return Err(format!(
                "attribute and type have different integer types: '{}' vs. '{}'",
                crate::asm::print_type(ctx, *ty),
                crate::asm::print_type(ctx, result)
            ));
        }
    }
    Ok(())
}

/// Inside an `llvm.func`, the operands match its result type (none for `void`).
fn verify_return(ctx: &Context, op: crate::ir::OpId) -> Result<(), String> {
    let Some(func) = ctx.op_parent_op(op).ok().flatten() else { return Ok(()) };
    if ctx.op_name(func).ok() != Some("llvm.func") {
        return Ok(());
    }
    let fty = match ctx.op_inherent_or_discardable(func, "function_type").ok().flatten().map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => *t,
        _ => return Ok(()),
    };
    let Some((result, _, _)) = types::func_parts(ctx, fty) else { return Ok(()) };
    let operands = ctx.op_operands(op).unwrap_or_default();
    if types::is_void(ctx, result) {
        if !operands.is_empty() {
            return Err("expected no operands".into());
        }
        return Ok(());
    }
    if operands.len() != 1 {
        return Err("expected 1 operand".into());
    }
    if ctx.value_type(operands[0]).ok() != Some(result) {
        return Err("mismatching result types".into());
    }
    Ok(())
}

/// A direct call names a symbol in scope.
fn verify_call(ctx: &Context, op: crate::ir::OpId) -> Result<(), String> {
    let Some(callee) = ctx.op_inherent_or_discardable(op, "callee").ok().flatten() else { return Ok(()) };
    let Some(name) = symbol_of(ctx, callee) else { return Ok(()) };
    if ctx.lookup_nearest_symbol_from(op, callee).ok().flatten().is_none() {
        return Err(format!("'{name}' does not reference a symbol in the current scope"));
    }
    Ok(())
}

/// A declaration must have external or extern_weak linkage.
fn verify_func(ctx: &Context, op: crate::ir::OpId) -> Result<(), String> {
    let Ok(region) = ctx.op_region(op, 0) else { return Ok(()) };
    if ctx.region_blocks(region).unwrap_or_default().is_empty() {
        let linkage = attr_keyword(ctx, ctx.op_inherent_or_discardable(op, "linkage").ok().flatten());
        if !linkage.is_empty() && linkage != "external" && linkage != "extern_weak" {
            return Err("external functions must have 'external' or 'extern_weak' linkage".into());
        }
    }
    Ok(())
}

/// Attributes kept as their text for now (one string parameter): they read and print
/// back as written, which is how upstream prints them when written in its own spelling.
const RAW_ATTRS: &[&str] = &[
    "blockaddress",
    "blocktag",
    "framePointerKind",
    "target_features",
    "memory_effects",
    "vscale_range",
    "loop_annotation",
    "tbaa_root",
    "tbaa_type_desc",
    "tbaa_tag",
    "access_group",
    "alias_scope",
    "alias_scope_domain",
    "constant_range",
    "mmra_tag",
    "dereferenceable",
    "vec_type_hint",
    "zero",
    "undef",
    "poison",
    "uwtableKind",
    "mlir.module_flag",
    "dependent_libraries",
    "comdat",
    "target",
];

pub(crate) fn register_directives(ctx: &mut Context) {
    types::register_assembly(ctx);
    for &m in RAW_ATTRS {
        let Some(id) = ctx.lookup_attr_def(&format!("llvm.{m}")) else { continue };
        let parse = |ctx: &Context, text: &str| -> Result<Vec<Attribute>, AsmError> { Ok(vec![ctx.string_attr(text)]) };
        let print = |ctx: &Context, params: &[Attribute]| -> Result<String, String> {
            Ok(params.first().and_then(|&a| string_of(ctx, a)).unwrap_or_default())
        };
        ctx.set_attr_assembly(id, crate::dialect::CustomAssembly::new(parse, print)).expect("set once");
    }
    // Other `#llvm.*` attributes (debug info, ...) are kept as written; unknown types are
    // errors, as upstream reports them.
    let fallback = crate::dialect::DialectAssembly {
        parse_type: Some(Arc::new(|_ctx: &Context, text: &str| -> Result<Type, AsmError> {
            let n = crate::asm::custom::mnemonic_len(text);
            Err(AsmError::new(format!("unknown LLVM type: {}", &text[..n])))
        })),
        parse_attr: Some(Arc::new(|ctx: &Context, text: &str, ty: Option<Type>| -> Result<Attribute, AsmError> {
            Ok(ctx.opaque_attr("llvm", text, ty))
        })),
    };
    ctx.set_dialect_assembly("llvm", fallback).expect("set once");
    if let Some(ptr) = ctx.lookup_type_def("llvm.ptr") {
        let id = ctx.type_def(ptr).expect("registered").type_id;
        let vector_element = crate::dialect::interfaces::vector_element_type();
        ctx.attach_interface(id, crate::dialect::InterfaceImpl::marker(vector_element));
    }
    let mut add =
        |name: &str, parse: crate::asm::format::DirectiveParseFn, print: crate::asm::format::DirectivePrintFn| {
            ctx.register_custom_directive("llvm", name, CustomDirective::new(parse, print))
                .expect("the llvm dialect is registered");
        };
    add("OverflowFlags", Arc::new(parse_overflow), Arc::new(print_overflow));
    add(
        "ICmpPredicate",
        Arc::new(|p, a| parse_predicate(p, a, "ICmpPredicate")),
        Arc::new(|p, a| print_predicate(p, a, "ICmpPredicate")),
    );
    add(
        "FCmpPredicate",
        Arc::new(|p, a| parse_predicate(p, a, "FCmpPredicate")),
        Arc::new(|p, a| print_predicate(p, a, "FCmpPredicate")),
    );
    add("GEPIndices", Arc::new(parse_gep_indices), Arc::new(print_gep_indices));
    add("GEPHead", Arc::new(parse_gep_head), Arc::new(print_gep_head));
    add(
        "MemProps",
        Arc::new(|p, a| parse_mem_props(p, a, MEM_PROPS)),
        Arc::new(|p, a| print_mem_props(p, a, MEM_PROPS)),
    );
    add(
        "AtomicMemProps",
        Arc::new(|p, a| parse_mem_props(p, a, ATOMIC_PROPS)),
        Arc::new(|p, a| print_mem_props(p, a, ATOMIC_PROPS)),
    );
    add("OpBundles", Arc::new(parse_op_bundles), Arc::new(print_op_bundles));
    add("VarCalleeType", Arc::new(parse_var_callee_type), Arc::new(print_var_callee_type));
    add("InvokeHead", Arc::new(parse_invoke_head), Arc::new(print_invoke_head));
    add("LandingpadClauses", Arc::new(parse_landingpad), Arc::new(print_landingpad));
    add("CmpXchgResult", Arc::new(parse_cmpxchg_result), Arc::new(|_, _| {}));
    add("SwitchOpCases", Arc::new(parse_switch_cases), Arc::new(print_switch_cases));
    add("IndirectBrOpSucessors", Arc::new(parse_indirectbr), Arc::new(print_indirectbr));
    add("InsertExtractValueElementType", Arc::new(parse_position_type), Arc::new(|_, _| {}));
    add("ShuffleType", Arc::new(parse_shuffle_type), Arc::new(|_, _| {}));
    add("CallOp", Arc::new(parse_call), Arc::new(print_call));
    add("CallTypes", Arc::new(parse_call_types), Arc::new(print_call_types));
    let mut sig = CustomDirective::new(Arc::new(parse_func_signature), Arc::new(print_func_signature));
    sig.prints_argument_locations = true;
    ctx.register_custom_directive("llvm", "LLVMFuncSignature", sig).expect("the llvm dialect is registered");
    let mut add =
        |name: &str, parse: crate::asm::format::DirectiveParseFn, print: crate::asm::format::DirectivePrintFn| {
            ctx.register_custom_directive("llvm", name, CustomDirective::new(parse, print))
                .expect("the llvm dialect is registered");
        };
    add("GlobalOp", Arc::new(parse_global), Arc::new(print_global));
    add("GlobalType", Arc::new(parse_global_type), Arc::new(print_global_type));
    add("AliasOp", Arc::new(parse_alias), Arc::new(print_alias));
}

// ---- small helpers ----

fn int_type(ctx: &Context, width: u32) -> Type {
    ctx.integer_type(width, Signedness::Signless).expect("a valid width")
}

fn int_attr(ctx: &Context, width: u32, v: i64) -> Attribute {
    ctx.integer_attr(int_type(ctx, width), v).expect("the value fits")
}

fn attr_arg(args: &[PrintArg], i: usize) -> Option<Attribute> {
    match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    }
}

fn types_arg(args: &[PrintArg], i: usize) -> Vec<Type> {
    match args.get(i) {
        Some(PrintArg::Types(t)) => t.clone(),
        _ => Vec::new(),
    }
}

fn parsed_attr(args: &[ParsedArg], i: usize) -> Option<Attribute> {
    match args.get(i) {
        Some(ParsedArg::Attr(a)) => *a,
        _ => None,
    }
}

fn parsed_types(args: &[ParsedArg], i: usize) -> Vec<Type> {
    match args.get(i) {
        Some(ParsedArg::Types(t)) => t.clone(),
        _ => Vec::new(),
    }
}

/// An integer enum of the dialect, as an op's attribute constraint holds it.
fn enum_def(ctx: &Context, name: &str) -> Option<Arc<crate::dialect::EnumDef>> {
    let (op, attr) = match name {
        "IntegerOverflowFlags" => ("llvm.add", "overflowFlags"),
        "ICmpPredicate" => ("llvm.icmp", "predicate"),
        "FCmpPredicate" => ("llvm.fcmp", "predicate"),
        "Visibility" => ("llvm.func", "visibility_"),
        "UnnamedAddr" => ("llvm.func", "unnamed_addr"),
        "AtomicOrdering" => ("llvm.load", "ordering"),
        _ => return None,
    };
    let def = ctx.operation_def(op)?;
    def.attributes.iter().find(|a| a.name == attr).and_then(|a| match &a.constraint {
        crate::dialect::AttrConstraint::Enum(e) => Some(e.clone()),
        _ => None,
    })
}

/// The keyword of a one-parameter enum attribute (`fastcc` of `#llvm.cconv<fastcc>`).
fn attr_keyword(ctx: &Context, a: Option<Attribute>) -> String {
    let Some(a) = a else { return String::new() };
    let text = crate::asm::print_attribute(ctx, a);
    match (text.find('<'), text.rfind('>')) {
        (Some(i), Some(j)) if i < j => text[i + 1..j].to_string(),
        _ => String::new(),
    }
}

/// The calling conventions' keywords (LLVMEnums.td's CConv).
const CCONVS: &[&str] = &[
    "ccc",
    "fastcc",
    "coldcc",
    "cc_10",
    "cc_11",
    "webkit_jscc",
    "anyregcc",
    "preserve_mostcc",
    "preserve_allcc",
    "swiftcc",
    "cxx_fast_tlscc",
    "tailcc",
    "cfguard_checkcc",
    "swifttailcc",
    "x86_stdcallcc",
    "x86_fastcallcc",
    "arm_apcscc",
    "arm_aapcscc",
    "arm_aapcs_vfpcc",
    "msp430_intrcc",
    "x86_thiscallcc",
    "ptx_kernelcc",
    "ptx_devicecc",
    "spir_funccc",
    "spir_kernelcc",
    "intel_ocl_bicc",
    "x86_64_sysvcc",
    "win64cc",
    "x86_vectorcallcc",
    "hhvmcc",
    "hhvm_ccc",
    "x86_intrcc",
    "avr_intrcc",
    "avr_builtincc",
    "amdgpu_vscc",
    "amdgpu_gscc",
    "amdgpu_cscc",
    "amdgpu_kernelcc",
    "x86_regcallcc",
    "amdgpu_hscc",
    "msp430_builtincc",
    "amdgpu_lscc",
    "amdgpu_escc",
    "aarch64_vectorcallcc",
    "aarch64_sve_vectorcallcc",
    "wasm_emscripten_invokecc",
    "amdgpu_gfxcc",
    "m68k_intrcc",
];

const LINKAGES: &[&str] = &[
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

/// The keyword of enum `name`'s case `value`.
fn stringify(ctx: &Context, name: &str, value: i64) -> String {
    enum_def(ctx, name).and_then(|e| e.stringify(value)).unwrap_or_default()
}

fn symbolize(ctx: &Context, name: &str, text: &str) -> Option<i64> {
    enum_def(ctx, name).and_then(|e| e.symbolize(text))
}

/// The integer value of an integer attribute or of a one-parameter enum attribute
/// (`#llvm.cconv<fastcc>`).
fn enum_value(ctx: &Context, a: Option<Attribute>) -> i64 {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { .. }) => types::int_of(ctx, a.expect("matched")),
        Some(AttrKind::Dialect { params, .. }) => params.first().map_or(0, |&p| types::int_of(ctx, p)),
        _ => 0,
    }
}

/// `#llvm.<mnemonic><keyword>` for one of the dialect's enum attributes.
fn enum_attr(ctx: &Context, mnemonic: &str, keyword: &str) -> Result<Attribute, AsmError> {
    crate::asm::parse_attribute(ctx, &format!("#llvm.{mnemonic}<{keyword}>")).map_err(|e| AsmError::new(e.to_string()))
}

fn string_of(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

fn symbol_of(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.ident_str(*root).to_string()),
        _ => None,
    }
}

fn dense_i32(ctx: &Context, values: &[i32]) -> Attribute {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.dense_array_attr(int_type(ctx, 32), &data).expect("i32 arrays are valid")
}

fn dense_values(ctx: &Context, a: Option<Attribute>) -> Vec<i64> {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { element, data, len }) => {
            let width = match ctx.type_kind(*element) {
                TypeKind::Integer { width, .. } => (*width).max(8) as usize / 8,
                _ => return Vec::new(),
            };
            (0..*len)
                .map(|i| {
                    let mut b = [0u8; 8];
                    b[..width].copy_from_slice(&data[i * width..(i + 1) * width]);
                    let v = i64::from_le_bytes(b);
                    let shift = 64 - 8 * width as u32;
                    (v << shift) >> shift
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

// ---- overflow flags, predicates ----

/// ` overflow<nsw, nuw>` (nothing for none): the op's `overflowFlags` property.
fn parse_overflow(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    if !p.at_keyword("overflow") {
        args[0] = ParsedArg::Attr(None);
        return Ok(());
    }
    p.parse_keyword("overflow")?;
    p.parse_punct("<")?;
    let mut value = 0;
    loop {
        let at = p.error("");
        let Some(kw) = p.parse_optional_keyword()? else { return Err(p.error("expected keyword")) };
        match symbolize(p.context(), "IntegerOverflowFlags", &kw) {
            Some(v) => value |= v,
            None => {
                let message = format!("expected one of [none, nsw, nuw] for LLVM integer overflow flags, got: {kw}");
                return Err(AsmError { message, ..at });
            }
        }
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(">")?;
    args[0] = ParsedArg::Attr(Some(int_attr(p.context(), 32, value)));
    Ok(())
}

fn print_overflow(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let v = enum_value(p.context(), attr_arg(args, 0));
    if v != 0 {
        let s = stringify(p.context(), "IntegerOverflowFlags", v);
        p.write(&format!(" overflow<{s}>"));
    }
}

/// `"slt"`: a comparison predicate written as a string.
fn parse_predicate(p: &mut dyn DirectiveParser, args: &mut [ParsedArg], e: &str) -> Result<(), AsmError> {
    let at = p.error("");
    let Some(s) = p.parse_optional_string()? else { return Err(p.error("expected string")) };
    let Some(v) = symbolize(p.context(), e, &s) else {
        let op = if e == "ICmpPredicate" { "llvm.icmp" } else { "llvm.fcmp" };
        let message = format!("custom op '{op}' '{s}' is an incorrect value of the 'predicate' attribute");
        return Err(AsmError { message, ..at });
    };
    args[0] = ParsedArg::Attr(Some(int_attr(p.context(), 64, v)));
    Ok(())
}

fn print_predicate(p: &mut dyn DirectivePrinter, args: &[PrintArg], e: &str) {
    let v = enum_value(p.context(), attr_arg(args, 0));
    let s = stringify(p.context(), e, v);
    p.write(&format!("\"{s}\""));
}

// ---- GEP ----

/// The sentinel of `rawConstantIndices` for an index given as an operand.
const DYNAMIC_INDEX: i32 = i32::MIN;

fn parse_gep_indices(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut operands = Vec::new();
    let mut raw = Vec::new();
    if !p.at_punct("]") {
        loop {
            if let Some(o) = p.parse_optional_operand()? {
                operands.push(o);
                raw.push(DYNAMIC_INDEX);
            } else {
                let a = p.parse_attribute()?;
                match p.context().attr_kind(a) {
                    AttrKind::Integer { .. } => raw.push(types::int_of(p.context(), a) as i32),
                    _ => return Err(p.error("expected integer")),
                }
            }
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
    }
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Attr(Some(dense_i32(p.context(), &raw)));
    Ok(())
}

fn print_gep_indices(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let operands = match args.first() {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let raw = dense_values(p.context(), attr_arg(args, 1));
    let mut next = operands.into_iter();
    for (i, r) in raw.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if *r == DYNAMIC_INDEX as i64 {
            if let Some(v) = next.next() {
                p.print_value(v);
            }
        } else {
            p.write(&r.to_string());
        }
    }
}

/// The no-wrap flags spelled `inbounds|nuw` (none: nothing), then the base pointer.
/// Arguments: `$noWrapFlags, $base`.
fn parse_gep_head(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    const FLAGS: &[(&str, i64)] = &[("inbounds", 3), ("inbounds_flag", 1), ("nusw", 2), ("nuw", 4), ("none", 0)];
    let mut value = 0;
    let mut any = false;
    while let Some(&(kw, v)) = FLAGS.iter().find(|(k, _)| p.at_keyword(k)) {
        p.parse_keyword(kw)?;
        value |= v;
        any = true;
        if !p.parse_optional_punct("|")? {
            break;
        }
    }
    args[0] = ParsedArg::Attr(any.then(|| int_attr(p.context(), 32, value)));
    args[1] = ParsedArg::Operands(vec![p.parse_operand()?]);
    Ok(())
}

fn print_gep_head(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let v = enum_value(p.context(), attr_arg(args, 0));
    let mut words = Vec::new();
    let mut rest = v;
    if rest & 3 == 3 {
        words.push("inbounds");
        rest &= !3;
    }
    for (k, b) in [("inbounds_flag", 1), ("nusw", 2), ("nuw", 4)] {
        if rest & b != 0 {
            words.push(k);
        }
    }
    if !words.is_empty() {
        p.write(&words.join("|"));
        p.write(" ");
    }
    if let Some(PrintArg::Operands(vs)) = args.get(1) {
        if let Some(&b) = vs.first() {
            p.print_value(b);
        }
    }
}

/// The memory access properties of loads and stores, ` <alignment = 4, nontemporal, ...>`
/// (nothing when none is set). Arguments: `$alignment, $nontemporal, $access_groups,
/// $alias_scopes, $noalias_scopes, $tbaa`.
const MEM_PROPS: &[&str] = &["alignment", "nontemporal", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"];
/// Those of atomic read-modify-write and compare-exchange: no `nontemporal`.
const ATOMIC_PROPS: &[&str] = &["alignment", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"];

fn parse_mem_props(p: &mut dyn DirectiveParser, args: &mut [ParsedArg], names: &[&str]) -> Result<(), AsmError> {
    for a in args.iter_mut() {
        *a = ParsedArg::Attr(None);
    }
    if !p.parse_optional_punct("<")? {
        return Ok(());
    }
    let braced = p.parse_optional_punct("{")?;
    let close = if braced { "}" } else { ">" };
    if !p.parse_optional_punct(close)? {
        loop {
            let Some(name) = p.parse_optional_keyword()? else { return Err(p.error("expected property name")) };
            let Some(i) = names.iter().position(|n| *n == name) else {
                return Err(p.error(&format!("unknown property '{name}'")));
            };
            let value = if p.parse_optional_punct("=")? {
                if p.at_keyword("unit") {
                    p.parse_keyword("unit")?;
                    p.context().unit_attr()
                } else {
                    let a = p.parse_attribute()?;
                    if i == 0 {
                        int_attr(p.context(), 64, types::int_of(p.context(), a))
                    } else {
                        a
                    }
                }
            } else {
                p.context().unit_attr()
            };
            args[i] = ParsedArg::Attr(Some(value));
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(close)?;
    }
    if braced {
        p.parse_punct(">")?;
    }
    Ok(())
}

fn print_mem_props(p: &mut dyn DirectivePrinter, args: &[PrintArg], names: &[&str]) {
    let set: Vec<(usize, Attribute)> = (0..names.len()).filter_map(|i| attr_arg(args, i).map(|a| (i, a))).collect();
    if set.is_empty() {
        return;
    }
    p.write(" <");
    for (k, (i, a)) in set.into_iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        p.write(names[i]);
        let ctx = p.context();
        match ctx.attr_kind(a) {
            AttrKind::Unit => {}
            AttrKind::Integer { .. } => {
                let v = types::int_of(ctx, a);
                p.write(&format!(" = {v}"));
            }
            _ => {
                p.write(" = ");
                p.print_attribute(a);
            }
        }
    }
    p.write(">");
}

// ---- switch and indirect branch ----

use crate::dialects::successors::{parse_successor_use, print_successor_use};

/// The successors' operand groups, split by a segment-sizes attribute.
fn split_groups<T: Clone>(items: &[T], sizes: &[i64]) -> Vec<Vec<T>> {
    let mut at = 0usize;
    sizes
        .iter()
        .map(|&n| {
            let n = n.max(0) as usize;
            let g = items.get(at..at + n).map(<[T]>::to_vec).unwrap_or_default();
            at += n;
            g
        })
        .collect()
}

/// `[ 1: ^bb1, 2: ^bb2(%a : i32) ]`. Arguments: `ref(type($value)), $case_values,
/// $caseDestinations, $caseOperands, type($caseOperands), $case_operand_segments`.
fn parse_switch_cases(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let flag = parsed_types(args, 0).first().copied();
    p.parse_punct("[")?;
    let mut values = Vec::new();
    let (mut succs, mut operands, mut tys, mut sizes) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if !p.parse_optional_punct("]")? {
        loop {
            let Some(v) = p.parse_optional_integer()? else { return Err(p.error("expected integer value")) };
            values.push(v);
            p.parse_punct(":")?;
            let (b, ops, ts) = parse_successor_use(p)?;
            succs.push(b);
            sizes.push(ops.len() as i32);
            operands.extend(ops);
            tys.extend(ts);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct("]")?;
    }
    let ctx = p.context();
    args[1] = ParsedArg::Attr(None);
    if !values.is_empty() {
        let t = flag.map_or_else(|| "i32".to_string(), |t| crate::asm::print_type(ctx, t));
        let list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        let text = format!("dense<[{}]> : vector<{}x{t}>", list.join(", "), values.len());
        let a = crate::asm::parse_attribute(ctx, &text).map_err(|e| AsmError::new(e.to_string()))?;
        args[1] = ParsedArg::Attr(Some(a));
    }
    args[2] = ParsedArg::Successors(succs);
    args[3] = ParsedArg::Operands(operands);
    args[4] = ParsedArg::Types(tys);
    args[5] = ParsedArg::Attr(Some(dense_i32(ctx, &sizes)));
    Ok(())
}

/// The integers of a dense elements attribute (a splat repeated `n` times).
fn dense_ints(ctx: &Context, a: Attribute, n: usize) -> Vec<String> {
    let text = crate::asm::print_attribute(ctx, a);
    let body = text.strip_prefix("dense<").and_then(|t| t.split_once('>')).map_or("", |(b, _)| b);
    match body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        Some(list) => list.split(',').map(|v| v.trim().to_string()).collect(),
        None => vec![body.trim().to_string(); n],
    }
}

fn print_switch_cases(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    p.write("[");
    p.print_newline();
    let succs = match args.get(2) {
        Some(PrintArg::Successors(v)) => v.clone(),
        _ => Vec::new(),
    };
    let operands = match args.get(3) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let Some(values) = attr_arg(args, 1) else {
        p.write("]");
        return;
    };
    let values = dense_ints(p.context(), values, succs.len());
    let sizes = dense_values(p.context(), attr_arg(args, 5));
    let groups = split_groups(&operands, &sizes);
    let type_groups = split_groups(&types_arg(args, 4), &sizes);
    for (i, &s) in succs.iter().enumerate() {
        if i > 0 {
            p.write(",");
            p.print_newline();
        }
        p.write(&format!("  {}: ", values.get(i).cloned().unwrap_or_default()));
        print_successor_use(p, s, groups.get(i).map_or(&[], |g| g), type_groups.get(i).map_or(&[], |g| g));
    }
    p.print_newline();
    p.write("]");
}

/// `[ ^bb1(%a : i32), ^bb2 ]`. Arguments: `ref(type($addr)), $successors, $succOperands,
/// type($succOperands), $indbr_operand_segments`.
fn parse_indirectbr(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    p.parse_punct("[")?;
    let (mut succs, mut operands, mut tys, mut sizes) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if !p.parse_optional_punct("]")? {
        loop {
            let (b, ops, ts) = parse_successor_use(p)?;
            succs.push(b);
            sizes.push(ops.len() as i32);
            operands.extend(ops);
            tys.extend(ts);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct("]")?;
    }
    args[1] = ParsedArg::Successors(succs);
    args[2] = ParsedArg::Operands(operands);
    args[3] = ParsedArg::Types(tys);
    args[4] = ParsedArg::Attr(Some(dense_i32(p.context(), &sizes)));
    Ok(())
}

fn print_indirectbr(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    p.write("[");
    let succs = match args.get(1) {
        Some(PrintArg::Successors(v)) => v.clone(),
        _ => Vec::new(),
    };
    if succs.is_empty() {
        p.write("]");
        return;
    }
    let operands = match args.get(2) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let sizes = dense_values(p.context(), attr_arg(args, 4));
    let groups = split_groups(&operands, &sizes);
    let type_groups = split_groups(&types_arg(args, 3), &sizes);
    p.print_newline();
    for (i, &s) in succs.iter().enumerate() {
        if i > 0 {
            p.write(",");
            p.print_newline();
        }
        print_successor_use(p, s, groups.get(i).map_or(&[], |g| g), type_groups.get(i).map_or(&[], |g| g));
    }
    p.print_newline();
    p.write("]");
}

// ---- aggregates and vectors ----

/// The type at `position` inside an aggregate type.
fn element_at(ctx: &Context, mut t: Type, position: &[i64]) -> Result<Type, String> {
    for &i in position {
        let Some(elems) = types::aggregate_elements(ctx, t) else {
            return Err("expected LLVM IR structure/array type".into());
        };
        if i < 0 || i as usize >= elems.len() {
            return Err(format!("position out of bounds: {i}"));
        }
        t = elems[i as usize];
    }
    Ok(t)
}

/// Infers the element type (of `extractvalue`'s result / `insertvalue`'s value) from the
/// container type and the position; prints nothing.
fn parse_position_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let container = parsed_types(args, 1).first().copied();
    let position = dense_values(p.context(), parsed_attr(args, 2));
    let Some(c) = container else { return Err(p.error("expected container type")) };
    let t = element_at(p.context(), c, &position).map_err(|m| p.error(&m))?;
    args[0] = ParsedArg::Types(vec![t]);
    Ok(())
}

/// The result type of `shufflevector`: `v1`'s vector shape with one element per mask entry.
fn parse_shuffle_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let v1 = parsed_types(args, 0).first().copied();
    let mask = dense_values(p.context(), parsed_attr(args, 2));
    let ctx = p.context();
    let Some(v1) = v1 else { return Err(p.error("expected vector type")) };
    let t = match ctx.type_kind(v1) {
        TypeKind::Vector { scalable, element, .. } => ctx
            .vector_type(&[mask.len() as i64], &[scalable.first().copied().unwrap_or(false)], *element)
            .map_err(|e| p.error(&e.message))?,
        _ => return Err(p.error("expected an LLVM compatible vector type")),
    };
    args[1] = ParsedArg::Types(vec![t]);
    Ok(())
}

// ---- calls ----

const CCONV_DEFAULT: &str = "ccc";

fn is_case(_ctx: &Context, e: &str, kw: &str) -> bool {
    match e {
        "CConv" => CCONVS.contains(&kw),
        "Linkage" => LINKAGES.contains(&kw),
        _ => false,
    }
}

/// `[cconv] [tail-call kind] (@callee | %fn) (args) [vararg(type)] [bundles]`. Arguments:
/// `$CConv, $TailCallKind, $callee, $callee_operands, $var_callee_type,
/// $op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes`.
fn parse_call(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut cconv = CCONV_DEFAULT.to_string();
    let mut tail = "none".to_string();
    let mut kw = p.parse_optional_keyword()?;
    if let Some(k) = kw.clone() {
        if is_case(p.context(), "CConv", &k) {
            cconv = k;
            kw = p.parse_optional_keyword()?;
        }
    }
    if let Some(k) = kw {
        if matches!(k.as_str(), "tail" | "musttail" | "notail" | "none") {
            tail = k;
        } else {
            return Err(p.error(&format!("expected one of [{}] for Calling Conventions, got: {k}", "ccc, fastcc, ...")));
        }
    }
    let ctx = p.context();
    args[0] = ParsedArg::Attr(Some(enum_attr(ctx, "cconv", &cconv)?));
    args[1] = ParsedArg::Attr(Some(enum_attr(ctx, "tailcallkind", &tail)?));
    let mut operands = Vec::new();
    if let Some(f) = p.parse_optional_operand()? {
        operands.push(f);
        args[2] = ParsedArg::Attr(None);
    } else {
        let callee = p.parse_attribute()?;
        if symbol_of(p.context(), callee).is_none() {
            return Err(p.error("expected valid '@'-identifier for symbol name"));
        }
        args[2] = ParsedArg::Attr(Some(callee));
    }
    p.parse_punct("(")?;
    if !p.parse_optional_punct(")")? {
        loop {
            operands.push(p.parse_operand()?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    args[3] = ParsedArg::Operands(operands);
    args[4] = ParsedArg::Attr(None);
    if p.at_keyword("vararg") {
        p.parse_keyword("vararg")?;
        p.parse_punct("(")?;
        let t = p.parse_type()?;
        if types::func_parts(p.context(), t).is_none() {
            return Err(p.error("expected LLVM function type"));
        }
        p.parse_punct(")")?;
        args[4] = ParsedArg::Attr(Some(p.context().type_attr(t)));
    }
    let (bundle_operands, bundle_types, tags, sizes) = parse_bundles(p)?;
    let ctx = p.context();
    args[5] = ParsedArg::Operands(bundle_operands);
    args[6] = ParsedArg::Types(bundle_types);
    args[7] = ParsedArg::Attr(if tags.is_empty() {
        None
    } else {
        let t: Vec<Attribute> = tags.iter().map(|s| ctx.string_attr(s)).collect();
        Some(ctx.array_attr(&t))
    });
    args[8] = ParsedArg::Attr(Some(dense_i32(ctx, &sizes)));
    Ok(())
}

type Bundles = (Vec<crate::asm::format::UnresolvedOperand>, Vec<Type>, Vec<String>, Vec<i32>);

/// `["tag"(%a, %b : i32, i32), ...]`: operand bundles (optional).
fn parse_bundles(p: &mut dyn DirectiveParser) -> Result<Bundles, AsmError> {
    let mut out: Bundles = Default::default();
    if !p.parse_optional_punct("[")? {
        return Ok(out);
    }
    if p.parse_optional_punct("]")? {
        return Ok(out);
    }
    loop {
        let Some(tag) = p.parse_optional_string()? else { return Err(p.error("expected string")) };
        p.parse_punct("(")?;
        let mut n = 0;
        if !p.parse_optional_punct(")")? {
            loop {
                out.0.push(p.parse_operand()?);
                n += 1;
                if !p.parse_optional_punct(",")? {
                    break;
                }
            }
            p.parse_punct(":")?;
            for i in 0..n {
                if i > 0 {
                    p.parse_punct(",")?;
                }
                out.1.push(p.parse_type()?);
            }
            p.parse_punct(")")?;
        }
        out.2.push(tag);
        out.3.push(n);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct("]")?;
    Ok(out)
}

fn print_call(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ctx = p.context();
    let cconv = attr_keyword(ctx, attr_arg(args, 0));
    let tail = attr_keyword(ctx, attr_arg(args, 1));
    let mut head = String::new();
    if !cconv.is_empty() && cconv != CCONV_DEFAULT {
        head.push_str(&cconv);
        head.push(' ');
    }
    if !tail.is_empty() && tail != "none" {
        head.push_str(&tail);
        head.push(' ');
    }
    p.write(&head);
    let operands = match args.get(3) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let callee = attr_arg(args, 2);
    let mut rest = operands.as_slice();
    match callee {
        Some(c) => p.print_attribute(c),
        None => {
            if let Some((&f, r)) = operands.split_first() {
                p.print_value(f);
                rest = r;
            }
        }
    }
    p.write("(");
    for (i, &v) in rest.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
    }
    p.write(")");
    if let Some(t) = attr_arg(args, 4) {
        p.write(" vararg(");
        p.print_attribute(t);
        p.write(")");
    }
    let bundle_operands = match args.get(5) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let bundle_types = types_arg(args, 6);
    let sizes = dense_values(p.context(), attr_arg(args, 8));
    let tags: Vec<String> = match attr_arg(args, 7).map(|a| p.context().attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.iter().filter_map(|&a| string_of(p.context(), a)).collect(),
        _ => Vec::new(),
    };
    if !sizes.is_empty() {
        p.write(" [");
        let mut at = 0usize;
        for (i, &n) in sizes.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.write(&format!("\"{}\"(", tags.get(i).cloned().unwrap_or_default()));
            let n = n.max(0) as usize;
            for j in 0..n {
                if j > 0 {
                    p.write(", ");
                }
                if let Some(&v) = bundle_operands.get(at + j) {
                    p.print_value(v);
                }
            }
            if n > 0 {
                p.write(" : ");
                for j in 0..n {
                    if j > 0 {
                        p.write(", ");
                    }
                    if let Some(&t) = bundle_types.get(at + j) {
                        p.print_type(t);
                    }
                }
            }
            p.write(")");
            at += n;
        }
        p.write("]");
    }
}

/// ` ["tag"(%a : i32), ...]` (nothing when there are none). Arguments:
/// `$op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes`.
fn parse_op_bundles(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let (operands, types, tags, sizes) = parse_bundles(p)?;
    let ctx = p.context();
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Types(types);
    args[2] = ParsedArg::Attr(if tags.is_empty() {
        None
    } else {
        let t: Vec<Attribute> = tags.iter().map(|s| ctx.string_attr(s)).collect();
        Some(ctx.array_attr(&t))
    });
    args[3] = ParsedArg::Attr(Some(dense_i32(ctx, &sizes)));
    Ok(())
}

fn print_op_bundles(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let operands = match args.first() {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    print_bundles(p, &operands, &types_arg(args, 1), attr_arg(args, 2), attr_arg(args, 3));
}

fn print_bundles(
    p: &mut dyn DirectivePrinter,
    operands: &[crate::asm::format::PrintedValue],
    types: &[Type],
    tags: Option<Attribute>,
    sizes: Option<Attribute>,
) {
    let sizes = dense_values(p.context(), sizes);
    let tags: Vec<String> = match tags.map(|a| p.context().attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.iter().filter_map(|&a| string_of(p.context(), a)).collect(),
        _ => Vec::new(),
    };
    if sizes.is_empty() {
        return;
    }
    p.write(" [");
    let mut at = 0usize;
    for (i, &n) in sizes.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write(&format!("\"{}\"(", tags.get(i).cloned().unwrap_or_default()));
        let n = n.max(0) as usize;
        for j in 0..n {
            if j > 0 {
                p.write(", ");
            }
            if let Some(&v) = operands.get(at + j) {
                p.print_value(v);
            }
        }
        if n > 0 {
            p.write(" : ");
            for j in 0..n {
                if j > 0 {
                    p.write(", ");
                }
                if let Some(&t) = types.get(at + j) {
                    p.print_type(t);
                }
            }
        }
        p.write(")");
        at += n;
    }
    p.write("]");
}

/// ` vararg(!llvm.func<...>)`, optional.
fn parse_var_callee_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    args[0] = ParsedArg::Attr(None);
    if p.at_keyword("vararg") {
        p.parse_keyword("vararg")?;
        p.parse_punct("(")?;
        let t = p.parse_type()?;
        if types::func_parts(p.context(), t).is_none() {
            return Err(p.error("expected LLVM function type"));
        }
        p.parse_punct(")")?;
        args[0] = ParsedArg::Attr(Some(p.context().type_attr(t)));
    }
    Ok(())
}

fn print_var_callee_type(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    if let Some(t) = attr_arg(args, 0) {
        p.write(" vararg(");
        p.print_attribute(t);
        p.write(")");
    }
}

/// `[cconv] (@callee | %fn)(args)` of `llvm.invoke`. Arguments: `$CConv, $callee,
/// $callee_operands`.
fn parse_invoke_head(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut cconv = CCONV_DEFAULT.to_string();
    if let Some(k) = CCONVS.iter().find(|k| p.at_keyword(k)) {
        cconv = k.to_string();
        p.parse_keyword(k)?;
    }
    args[0] = ParsedArg::Attr(Some(enum_attr(p.context(), "cconv", &cconv)?));
    let mut operands = Vec::new();
    if let Some(f) = p.parse_optional_operand()? {
        operands.push(f);
        args[1] = ParsedArg::Attr(None);
    } else {
        let callee = p.parse_attribute()?;
        if symbol_of(p.context(), callee).is_none() {
            return Err(p.error("expected valid '@'-identifier for symbol name"));
        }
        args[1] = ParsedArg::Attr(Some(callee));
    }
    p.parse_punct("(")?;
    if !p.parse_optional_punct(")")? {
        loop {
            operands.push(p.parse_operand()?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    args[2] = ParsedArg::Operands(operands);
    Ok(())
}

fn print_invoke_head(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let cconv = attr_keyword(p.context(), attr_arg(args, 0));
    if !cconv.is_empty() && cconv != CCONV_DEFAULT {
        p.write(&cconv);
        p.write(" ");
    }
    let operands = match args.get(2) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let mut rest = operands.as_slice();
    match attr_arg(args, 1) {
        Some(c) => p.print_attribute(c),
        None => {
            if let Some((&f, r)) = operands.split_first() {
                p.print_value(f);
                rest = r;
            }
        }
    }
    p.write("(");
    for (i, &v) in rest.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
    }
    p.write(")");
}

/// ` (catch %v : T) (filter %w : !llvm.array<...>)`: a clause is a filter when its value is
/// an array. Arguments: `operands, type(operands)`.
fn parse_landingpad(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut operands = Vec::new();
    let mut tys = Vec::new();
    while p.parse_optional_punct("(")? {
        if p.at_keyword("catch") {
            p.parse_keyword("catch")?;
        } else {
            p.parse_keyword("filter")?;
        }
        operands.push(p.parse_operand()?);
        p.parse_punct(":")?;
        tys.push(p.parse_type()?);
        p.parse_punct(")")?;
    }
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Types(tys);
    Ok(())
}

fn print_landingpad(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let operands = match args.first() {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let tys = types_arg(args, 1);
    for (v, t) in operands.into_iter().zip(tys) {
        let kind = if types::mnemonic_of(p.context(), t) == Some("array") { "filter" } else { "catch" };
        p.write(&format!(" ({kind} "));
        p.print_value(v);
        p.write(" : ");
        p.print_type(t);
        p.write(")");
    }
}

/// `cmpxchg`'s result type, `!llvm.struct<(T, i1)>` for the value type `T`; prints
/// nothing. Arguments: `ref(type($val)), type($res)`.
fn parse_cmpxchg_result(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let Some(v) = parsed_types(args, 0).first().copied() else { return Err(p.error("expected value type")) };
    let ctx = p.context();
    let body = ctx.array_attr(&[ctx.type_attr(v), ctx.type_attr(int_type(ctx, 1))]);
    let t = types::make(ctx, "struct", &[ctx.string_attr(""), int_attr(ctx, 64, 0), body])?;
    args[1] = ParsedArg::Types(vec![t]);
    Ok(())
}

fn parse_optional_dict(p: &mut dyn DirectiveParser) -> Result<Option<Attribute>, AsmError> {
    if !p.at_punct("{") {
        return Ok(None);
    }
    Ok(Some(p.parse_attribute()?))
}

/// The `arg_attrs` / `res_attrs` value: absent when every entry is empty.
fn dict_array(ctx: &Context, dicts: &[Option<Attribute>]) -> Option<Attribute> {
    let is_empty = |d: &Option<Attribute>| d.map_or(true, |a| ctx.dictionary_entries(a).is_empty());
    if dicts.iter().all(is_empty) {
        return None;
    }
    let empty = ctx.dictionary_attr(&[]).expect("the empty dictionary is valid");
    let items: Vec<Attribute> = dicts.iter().map(|d| d.unwrap_or(empty)).collect();
    Some(ctx.array_attr(&items))
}

fn dict_at(ctx: &Context, array: Option<Attribute>, i: usize) -> Option<Attribute> {
    match ctx.attr_kind(array?) {
        AttrKind::Array(items) => items.get(i).copied().filter(|&d| !ctx.dictionary_entries(d).is_empty()),
        _ => None,
    }
}

fn print_optional_dict(p: &mut dyn DirectivePrinter, dict: Option<Attribute>) {
    if let Some(d) = dict {
        p.write(" ");
        p.print_attribute(d);
    }
}

/// `(T {attrs}, ...) -> R` or `-> (R {attrs})` or `-> ()`: a call's types.
fn parse_type_list_with_attrs(p: &mut dyn DirectiveParser) -> Result<(Vec<Type>, Vec<Option<Attribute>>), AsmError> {
    let mut types = Vec::new();
    let mut dicts = Vec::new();
    p.parse_punct("(")?;
    if !p.parse_optional_punct(")")? {
        loop {
            types.push(p.parse_type()?);
            dicts.push(parse_optional_dict(p)?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    Ok((types, dicts))
}

fn parse_results(p: &mut dyn DirectiveParser) -> Result<(Vec<Type>, Vec<Option<Attribute>>), AsmError> {
    if p.at_punct("(") {
        return parse_type_list_with_attrs(p);
    }
    let t = p.parse_type()?;
    Ok((vec![t], vec![None]))
}

/// Arguments: `ref($callee), ref($callee_operands), type($callee_operands), type($result),
/// $arg_attrs, $res_attrs`.
fn parse_call_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let direct = parsed_attr(args, 0).is_some();
    let mut operand_types = Vec::new();
    if !direct {
        operand_types.push(p.parse_type()?);
        p.parse_punct(",")?;
    }
    let (ins, in_dicts) = parse_type_list_with_attrs(p)?;
    p.parse_punct("->")?;
    let (outs, out_dicts) = parse_results(p)?;
    operand_types.extend(ins);
    let ctx = p.context();
    args[2] = ParsedArg::Types(operand_types);
    args[3] = ParsedArg::Types(outs);
    args[4] = ParsedArg::Attr(dict_array(ctx, &in_dicts));
    args[5] = ParsedArg::Attr(dict_array(ctx, &out_dicts));
    Ok(())
}

fn print_result_list(p: &mut dyn DirectivePrinter, results: &[Type], dicts: Option<Attribute>) {
    if results.is_empty() {
        p.write("()");
        return;
    }
    let ctx = p.context();
    let res_dicts: Vec<Option<Attribute>> = (0..results.len()).map(|i| dict_at(ctx, dicts, i)).collect();
    let parens = results.len() > 1
        || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
        || res_dicts.first().is_some_and(Option::is_some);
    if parens {
        p.write("(");
    }
    for (i, &t) in results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
        print_optional_dict(p, res_dicts[i]);
    }
    if parens {
        p.write(")");
    }
}

fn print_call_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let direct = attr_arg(args, 0).is_some();
    let mut ins = types_arg(args, 2);
    if !direct && !ins.is_empty() {
        let f = ins.remove(0);
        p.print_type(f);
        p.write(", ");
    }
    let arg_dicts = attr_arg(args, 4);
    p.write("(");
    for (i, &t) in ins.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
        let d = dict_at(p.context(), arg_dicts, i);
        print_optional_dict(p, d);
    }
    p.write(") -> ");
    print_result_list(p, &types_arg(args, 3), attr_arg(args, 5));
}

// ---- functions ----

struct SignatureEntry {
    name: Option<crate::asm::format::UnresolvedOperand>,
    ty: Type,
    attrs: Option<Attribute>,
}

/// `[linkage] [visibility] [unnamed_addr] [cconv] @name(args) -> result [comdat(@c)]`.
/// Arguments: `$linkage, $visibility_, $unnamed_addr, $CConv, $sym_name, $function_type,
/// $arg_attrs, $res_attrs, $comdat, $body`.
fn parse_func_signature(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let (linkage, visibility, unnamed, cconv) = parse_global_keywords(p, true)?;
    let ctx = p.context();
    args[0] = ParsedArg::Attr(Some(enum_attr(ctx, "linkage", &linkage)?));
    args[1] = ParsedArg::Attr(Some(int_attr(ctx, 64, visibility)));
    args[2] = ParsedArg::Attr(Some(int_attr(ctx, 64, unnamed)));
    args[3] = ParsedArg::Attr(Some(enum_attr(ctx, "cconv", &cconv)?));
    let name_attr = p.parse_attribute()?;
    let Some(name) = symbol_of(p.context(), name_attr) else {
        return Err(p.error("expected valid '@'-identifier for symbol name"));
    };
    p.parse_punct("(")?;
    let mut entries: Vec<SignatureEntry> = Vec::new();
    let mut vararg = false;
    if !p.parse_optional_punct(")")? {
        loop {
            if p.parse_optional_punct("...")? {
                vararg = true;
                break;
            }
            let named = p.at_operand();
            if !entries.is_empty() && named != entries[0].name.is_some() {
                return Err(p.error(if named {
                    "expected type instead of SSA identifier"
                } else {
                    "expected SSA identifier"
                }));
            }
            let name = if named {
                let a = p.parse_argument()?;
                p.parse_punct(":")?;
                Some(a)
            } else {
                None
            };
            let ty = p.parse_type()?;
            let attrs = parse_optional_dict(p)?;
            if let Some(n) = name {
                p.parse_optional_location(n)?;
            }
            entries.push(SignatureEntry { name, ty, attrs });
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    let mut results: Vec<(Type, Option<Attribute>)> = Vec::new();
    if p.parse_optional_punct("->")? {
        if p.at_punct("(") {
            let (ts, ds) = parse_type_list_with_attrs(p)?;
            results = ts.into_iter().zip(ds).collect();
        } else {
            results.push((p.parse_type()?, None));
        }
    }
    if results.len() > 1 {
        return Err(p.error("failed to construct function type: expected zero or one function result"));
    }
    let ctx = p.context();
    let inputs: Vec<Type> = entries.iter().map(|e| e.ty).collect();
    let result = results.first().map_or_else(|| types::void_type(ctx), |r| r.0);
    let fty = types::func_type(ctx, result, &inputs, vararg);
    let arg_dicts: Vec<Option<Attribute>> = entries.iter().map(|e| e.attrs).collect();
    let res_dicts: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    args[4] = ParsedArg::Attr(Some(ctx.string_attr(&name)));
    args[5] = ParsedArg::Attr(Some(ctx.type_attr(fty)));
    args[6] = ParsedArg::Attr(dict_array(ctx, &arg_dicts));
    args[7] = ParsedArg::Attr(dict_array(ctx, &res_dicts));
    args[8] = ParsedArg::Attr(parse_comdat(p)?);
    args[9] = ParsedArg::RegionArgs(entries.iter().filter_map(|e| e.name.map(|n| (n, e.ty))).collect());
    Ok(())
}

/// ` comdat(@c::@s)`, optional.
fn parse_comdat(p: &mut dyn DirectiveParser) -> Result<Option<Attribute>, AsmError> {
    if !p.at_keyword("comdat") {
        return Ok(None);
    }
    p.parse_keyword("comdat")?;
    p.parse_punct("(")?;
    let a = p.parse_attribute()?;
    p.parse_punct(")")?;
    Ok(Some(a))
}

/// The optional keywords before a function's or global's name, in upstream's order:
/// linkage, visibility, unnamed_addr, and (for functions) the calling convention.
fn parse_global_keywords(
    p: &mut dyn DirectiveParser,
    with_cconv: bool,
) -> Result<(String, i64, i64, String), AsmError> {
    let mut linkage = "external".to_string();
    let mut visibility = 0;
    let mut unnamed = 0;
    let mut cconv = CCONV_DEFAULT.to_string();
    let mut stage = 0;
    while let Some(kw) = peek_keyword(p) {
        let kw_copy = kw.clone();
        if stage <= 0 && is_case(p.context(), "Linkage", &kw) {
            linkage = kw;
            stage = 1;
        } else if stage <= 1 && (kw == "hidden" || kw == "protected") {
            visibility = symbolize(p.context(), "Visibility", &kw).unwrap_or(0);
            stage = 2;
        } else if stage <= 2 && (kw == "local_unnamed_addr" || kw == "unnamed_addr") {
            unnamed = symbolize(p.context(), "UnnamedAddr", &kw).unwrap_or(0);
            stage = 3;
        } else if with_cconv && stage <= 3 && is_case(p.context(), "CConv", &kw) {
            cconv = kw;
            stage = 4;
        } else {
            break;
        }
        let kw = match stage {
            1 => linkage.clone(),
            4 => cconv.clone(),
            _ => kw_copy,
        };
        p.parse_keyword(&kw)?;
    }
    Ok((linkage, visibility, unnamed, cconv))
}

/// The next token if it is a bare identifier, not consumed.
fn peek_keyword(p: &dyn DirectiveParser) -> Option<String> {
    const WORDS: &[&str] = &[
        "private",
        "internal",
        "available_externally",
        "linkonce",
        "weak",
        "common",
        "appending",
        "extern_weak",
        "linkonce_odr",
        "weak_odr",
        "external",
        "hidden",
        "protected",
        "local_unnamed_addr",
        "unnamed_addr",
        "thread_local",
        "constant",
    ];
    if let Some(w) = WORDS.iter().find(|w| p.at_keyword(w)) {
        return Some(w.to_string());
    }
    CCONVS.iter().find(|k| p.at_keyword(k)).map(|k| k.to_string())
}

fn print_func_signature(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ctx = p.context();
    let mut head = String::new();
    let linkage = attr_keyword(ctx, attr_arg(args, 0));
    if !linkage.is_empty() && linkage != "external" {
        head.push_str(&linkage);
        head.push(' ');
    }
    let vis = enum_value(ctx, attr_arg(args, 1));
    if vis != 0 {
        head.push_str(&stringify(ctx, "Visibility", vis));
        head.push(' ');
    }
    let unnamed = enum_value(ctx, attr_arg(args, 2));
    if unnamed != 0 {
        head.push_str(&stringify(ctx, "UnnamedAddr", unnamed));
        head.push(' ');
    }
    let cconv = attr_keyword(ctx, attr_arg(args, 3));
    if !cconv.is_empty() && cconv != CCONV_DEFAULT {
        head.push_str(&cconv);
        head.push(' ');
    }
    p.write(&head);
    let ctx = p.context();
    if let Some(name) = attr_arg(args, 4).and_then(|a| string_of(ctx, a)) {
        let sym = ctx.symbol_ref_attr(&name, &[]);
        p.print_attribute(sym);
    }
    let ctx = p.context();
    let (result, inputs, vararg) = attr_arg(args, 5)
        .and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Type(t) => types::func_parts(ctx, *t),
            _ => None,
        })
        .unwrap_or_else(|| (types::void_type(ctx), Vec::new(), false));
    let values = match args.get(9) {
        Some(PrintArg::RegionArgs(v)) if v.len() == inputs.len() && !v.is_empty() => Some(v.clone()),
        _ => None,
    };
    p.write("(");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(vs) = &values {
            p.print_value(vs[i]);
            p.write(": ");
        }
        p.print_type(t);
        let d = dict_at(p.context(), attr_arg(args, 6), i);
        print_optional_dict(p, d);
        if let Some(vs) = &values {
            p.print_optional_location(vs[i]);
        }
    }
    if vararg {
        p.write(if inputs.is_empty() { "..." } else { ", ..." });
    }
    p.write(")");
    if !types::is_void(p.context(), result) {
        p.write(" -> ");
        print_result_list(p, &[result], attr_arg(args, 7));
    }
    if let Some(c) = attr_arg(args, 8) {
        p.write(" comdat(");
        p.print_attribute(c);
        p.write(")");
    }
}

// ---- globals ----

/// `linkage [visibility] [thread_local] [unnamed_addr] [constant] @name(value) [comdat(...)]`.
/// Arguments: `$linkage, $visibility_, $tls_mode, $unnamed_addr, $constant, $sym_name,
/// $value, $comdat`.
fn parse_global(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    parse_global_head(p, args, true)
}

/// `linkage [visibility] [thread_local] [unnamed_addr] @name`. Arguments: `$linkage,
/// $visibility_, $tls_mode, $unnamed_addr, $sym_name`.
fn parse_alias(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    parse_global_head(p, args, false)
}

fn parse_global_head(p: &mut dyn DirectiveParser, args: &mut [ParsedArg], global: bool) -> Result<(), AsmError> {
    let mut linkage = "external".to_string();
    if let Some(kw) = peek_keyword(p) {
        if is_case(p.context(), "Linkage", &kw) {
            linkage = kw.clone();
            p.parse_keyword(&kw)?;
        }
    }
    let mut visibility = 0;
    if let Some(kw) = peek_keyword(p).filter(|k| k == "hidden" || k == "protected") {
        visibility = symbolize(p.context(), "Visibility", &kw).unwrap_or(0);
        p.parse_keyword(&kw)?;
    }
    let mut tls = 0;
    if p.at_keyword("thread_local") {
        p.parse_keyword("thread_local")?;
        tls = 1;
    }
    let mut unnamed = 0;
    if let Some(kw) = peek_keyword(p).filter(|k| k == "local_unnamed_addr" || k == "unnamed_addr") {
        unnamed = symbolize(p.context(), "UnnamedAddr", &kw).unwrap_or(0);
        p.parse_keyword(&kw)?;
    }
    let mut constant = None;
    if global && p.at_keyword("constant") {
        p.parse_keyword("constant")?;
        constant = Some(p.context().unit_attr());
    }
    let name_attr = p.parse_attribute()?;
    let Some(name) = symbol_of(p.context(), name_attr) else {
        return Err(p.error("expected valid '@'-identifier for symbol name"));
    };
    let ctx = p.context();
    args[0] = ParsedArg::Attr(Some(enum_attr(ctx, "linkage", &linkage)?));
    args[1] = ParsedArg::Attr(Some(int_attr(ctx, 64, visibility)));
    args[2] = ParsedArg::Attr(Some(int_attr(ctx, 64, tls)));
    args[3] = ParsedArg::Attr(Some(int_attr(ctx, 64, unnamed)));
    if !global {
        args[4] = ParsedArg::Attr(Some(ctx.string_attr(&name)));
        return Ok(());
    }
    p.parse_punct("(")?;
    let mut value = None;
    if !p.parse_optional_punct(")")? {
        value = Some(p.parse_attribute()?);
        p.parse_punct(")")?;
    }
    let ctx = p.context();
    args[4] = ParsedArg::Attr(constant);
    args[5] = ParsedArg::Attr(Some(ctx.string_attr(&name)));
    args[6] = ParsedArg::Attr(value);
    args[7] = ParsedArg::Attr(parse_comdat(p)?);
    Ok(())
}

fn print_global(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    print_global_head(p, args, true);
}

fn print_alias(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    print_global_head(p, args, false);
}

fn print_global_head(p: &mut dyn DirectivePrinter, args: &[PrintArg], global: bool) {
    let ctx = p.context();
    let mut head = String::new();
    head.push_str(&attr_keyword(ctx, attr_arg(args, 0)));
    head.push(' ');
    let vis = enum_value(ctx, attr_arg(args, 1));
    if vis != 0 {
        head.push_str(&stringify(ctx, "Visibility", vis));
        head.push(' ');
    }
    if enum_value(ctx, attr_arg(args, 2)) != 0 {
        head.push_str("thread_local ");
    }
    let unnamed = enum_value(ctx, attr_arg(args, 3));
    if unnamed != 0 {
        head.push_str(&stringify(ctx, "UnnamedAddr", unnamed));
        head.push(' ');
    }
    if global && attr_arg(args, 4).is_some() {
        head.push_str("constant ");
    }
    p.write(&head);
    let ctx = p.context();
    if let Some(name) = attr_arg(args, if global { 5 } else { 4 }).and_then(|a| string_of(ctx, a)) {
        let sym = ctx.symbol_ref_attr(&name, &[]);
        p.print_attribute(sym);
    }
    if !global {
        return;
    }
    p.write("(");
    if let Some(v) = attr_arg(args, 6) {
        p.print_attribute(v);
    }
    p.write(")");
    if let Some(c) = attr_arg(args, 7) {
        p.write(" comdat(");
        p.print_attribute(c);
        p.write(")");
    }
}

/// ` : type`, left out for a string-initialized global (whose type is then an i8 array of
/// the string's length). Arguments: `$global_type, ref($value)`.
fn parse_global_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    if p.parse_optional_punct(":")? {
        let t = p.parse_type()?;
        args[0] = ParsedArg::Attr(Some(p.context().type_attr(t)));
        return Ok(());
    }
    let ctx = p.context();
    let len = match parsed_attr(args, 1).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => value.len() as i64,
        _ => return Err(p.error("type can only be omitted for string globals")),
    };
    let i8 = ctx.type_attr(int_type(ctx, 8));
    let t = types::make(ctx, "array", &[i8, ctx.integer_attr(int_type(ctx, 64), len).expect("fits")])?;
    args[0] = ParsedArg::Attr(Some(ctx.type_attr(t)));
    Ok(())
}

fn print_global_type(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ctx = p.context();
    if attr_arg(args, 1).is_some_and(|v| matches!(ctx.attr_kind(v), AttrKind::String { .. })) {
        return;
    }
    let t = attr_arg(args, 0).and_then(|t| match ctx.attr_kind(t) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    });
    if let Some(t) = t {
        p.write(" : ");
        p.print_type(t);
    }
}
