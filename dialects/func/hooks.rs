//! The func dialect's Rust hooks: what upstream writes in C++ for it (the function
//! signature's syntax, and the checks of calls, returns and constants against the callee).

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::OpId;
use crate::types::{Type, TypeKind};

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.register_op_verifier_hook("func.func", Arc::new(verify_func));
    ctx.register_op_verifier_hook("func.return", Arc::new(verify_return));
    ctx.register_op_verifier_hook("func.call", Arc::new(verify_call));
    ctx.register_op_verifier_hook("func.constant", Arc::new(verify_constant));
    let known_callee = crate::pass::RewritePattern::new(
        "func.SimplifyIndirectCallWithKnownCallee",
        "func.call_indirect",
        call_indirect_of_constant,
    );
    // Registered once per context: the func dialect loads once.
    let _ = ctx.register_rewrite_pattern(known_callee);
}

/// A `func.call_indirect` of a `func.constant` becomes a direct `func.call` (upstream's
/// canonicalization of `call_indirect`).
fn call_indirect_of_constant(rw: &mut crate::pass::Rewriter<'_>, op: OpId) -> crate::error::Result<bool> {
    let ctx = rw.ctx();
    let operands = ctx.op_operands(op)?;
    let Some((&callee, args)) = operands.split_first() else { return Ok(false) };
    let Some(symbol) = crate::pass::constant_value(ctx, callee) else { return Ok(false) };
    if !matches!(ctx.attr_kind(symbol), AttrKind::SymbolRef { .. }) {
        return Ok(false);
    }
    let mut state = crate::ir::OperationState::new("func.call", ctx.op_location(op)?)
        .operands(args)
        .results(&ctx.op_result_types(op)?);
    state.attributes.push(crate::attrs::NamedAttribute { name: ctx.identifier("callee"), value: symbol });
    rw.replace_op_with_new(op, &state)?;
    Ok(true)
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let mut signature = CustomDirective::new(Arc::new(parse_signature), Arc::new(print_signature));
    signature.prints_argument_locations = true;
    ctx.register_custom_directive("func", "FunctionSignature", signature).expect("the func dialect is registered");
}

/// `'i32'`, as MLIR's diagnostics quote types.
pub(crate) fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", crate::asm::print_type(ctx, t))
}

/// The inputs and results of a function type.
pub(crate) fn function_parts(ctx: &Context, t: Type) -> Option<(Vec<Type>, Vec<Type>)> {
    match ctx.type_kind(t) {
        TypeKind::Function { inputs, results } => Some((inputs.to_vec(), results.to_vec())),
        _ => None,
    }
}

fn function_type_of(ctx: &Context, op: OpId) -> Option<Type> {
    match ctx.op_inherent_or_discardable(op, "function_type").ok().flatten().map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => Some(*t),
        _ => None,
    }
}

fn symbol_name_of(ctx: &Context, op: OpId) -> String {
    ctx.symbol_name(op).ok().flatten().unwrap_or("").to_string()
}

/// An argument list entry of a signature: the argument's name (when the body is defined
/// here), its type and its attributes.
struct SignatureEntry {
    name: Option<crate::asm::format::UnresolvedOperand>,
    ty: Type,
    attrs: Option<Attribute>,
}

fn parse_optional_dict(p: &mut dyn DirectiveParser) -> Result<Option<Attribute>, AsmError> {
    if !p.at_punct("{") {
        return Ok(None);
    }
    let a = p.parse_attribute()?;
    Ok(Some(a))
}

/// The `arg_attrs` / `res_attrs` value: absent when every entry is empty (MLIR drops it).
fn dict_array(ctx: &Context, dicts: &[Option<Attribute>]) -> Option<Attribute> {
    let is_empty = |d: &Option<Attribute>| d.map_or(true, |a| ctx.dictionary_entries(a).is_empty());
    if dicts.iter().all(is_empty) {
        return None;
    }
    let empty = ctx.dictionary_attr(&[]).expect("the empty dictionary is valid");
    let items: Vec<Attribute> = dicts.iter().map(|d| d.unwrap_or(empty)).collect();
    Some(ctx.array_attr(&items))
}

/// `private @name(%arg0: i32 {attrs}, ...) -> (i32 {attrs}, ...)` (MLIR's
/// `function_interface_impl::parseFunctionOp` up to the attribute dictionary). Arguments:
/// `$sym_visibility, $sym_name, $function_type, $arg_attrs, $res_attrs, $body`.
pub(crate) fn parse_signature(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let visibility = p.parse_optional_keyword()?;
    if let Some(v) = &visibility {
        if !matches!(v.as_str(), "public" | "private" | "nested") {
            return Err(p.error("expected 'public', 'private', or 'nested'"));
        }
    }
    let name_attr = p.parse_attribute()?;
    let name = match p.context().attr_kind(name_attr) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => p.context().ident_str(*root).to_string(),
        _ => return Err(p.error("expected valid '@'-identifier for symbol name")),
    };
    p.parse_punct("(")?;
    let mut entries: Vec<SignatureEntry> = Vec::new();
    if !p.parse_optional_punct(")")? {
        loop {
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
        if p.parse_optional_punct("(")? {
            if !p.parse_optional_punct(")")? {
                loop {
                    let ty = p.parse_type()?;
                    let attrs = parse_optional_dict(p)?;
                    results.push((ty, attrs));
                    if !p.parse_optional_punct(",")? {
                        break;
                    }
                }
                p.parse_punct(")")?;
            }
        } else {
            results.push((p.parse_type()?, None));
        }
    }
    let ctx = p.context();
    let inputs: Vec<Type> = entries.iter().map(|e| e.ty).collect();
    let outputs: Vec<Type> = results.iter().map(|r| r.0).collect();
    let function_type = ctx.function_type(&inputs, &outputs);
    let arg_dicts: Vec<Option<Attribute>> = entries.iter().map(|e| e.attrs).collect();
    let res_dicts: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    args[0] = ParsedArg::Attr(visibility.map(|v| ctx.string_attr(&v)));
    args[1] = ParsedArg::Attr(Some(ctx.string_attr(&name)));
    args[2] = ParsedArg::Attr(Some(ctx.type_attr(function_type)));
    args[3] = ParsedArg::Attr(dict_array(ctx, &arg_dicts));
    args[4] = ParsedArg::Attr(dict_array(ctx, &res_dicts));
    args[5] = ParsedArg::RegionArgs(entries.iter().filter_map(|e| e.name.map(|n| (n, e.ty))).collect());
    Ok(())
}

/// The text of a string attribute.
pub(crate) fn string_of(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
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

/// Prints what [`parse_signature`] reads; the arguments are named when the body is there.
pub(crate) fn print_signature(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    let ctx = p.context();
    let visibility = attr(0).and_then(|a| string_of(ctx, a));
    let symbol = attr(1).and_then(|a| string_of(ctx, a)).map(|n| ctx.symbol_ref_attr(&n, &[]));
    let (inputs, results) = attr(2)
        .and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Type(t) => function_parts(ctx, *t),
            _ => None,
        })
        .unwrap_or_default();
    let arg_dicts: Vec<Option<Attribute>> = (0..inputs.len()).map(|i| dict_at(ctx, attr(3), i)).collect();
    let res_dicts: Vec<Option<Attribute>> = (0..results.len()).map(|i| dict_at(ctx, attr(4), i)).collect();
    let parens = results.len() > 1
        || results.first().is_some_and(|&t| matches!(ctx.type_kind(t), TypeKind::Function { .. }))
        || res_dicts.first().is_some_and(Option::is_some);
    let values = match args.get(5) {
        Some(PrintArg::RegionArgs(v)) if v.len() == inputs.len() && !v.is_empty() => Some(v.clone()),
        _ => None,
    };
    if let Some(v) = visibility {
        p.write(&v);
        p.write(" ");
    }
    if let Some(sym) = symbol {
        p.print_attribute(sym);
    }
    p.write("(");
    for (i, t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(vs) = &values {
            p.print_value(vs[i]);
            p.write(": ");
        }
        p.print_type(*t);
        print_optional_dict(p, arg_dicts[i]);
        if let Some(vs) = &values {
            p.print_optional_location(vs[i]);
        }
    }
    p.write(")");
    if results.is_empty() {
        return;
    }
    p.write(" -> ");
    if parens {
        p.write("(");
    }
    for (i, t) in results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
        print_optional_dict(p, res_dicts[i]);
    }
    if parens {
        p.write(")");
    }
}

/// The entry block's arguments match the signature; `arg_attrs` / `res_attrs` have one
/// dictionary per argument / result.
fn verify_func(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((inputs, results)) = function_type_of(ctx, op).and_then(|t| function_parts(ctx, t)) else {
        return Ok(());
    };
    for (attr, count, what) in [("arg_attrs", inputs.len(), "argument"), ("res_attrs", results.len(), "result")] {
        if let Some(a) = ctx.op_inherent_or_discardable(op, attr).ok().flatten() {
            if let AttrKind::Array(items) = ctx.attr_kind(a) {
                if items.len() != count {
                    return Err(format!(
                        "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {count}",
                        items.len()
                    ));
                }
            }
        }
    }
    let Ok(region) = ctx.op_region(op, 0) else { return Ok(()) };
    let Some(&entry) = ctx.region_blocks(region).unwrap_or_default().first() else {
        // A declaration (no body) must not be public: nothing could define it.
        let visibility = ctx.op_inherent_or_discardable(op, "sym_visibility").ok().flatten();
        if visibility.and_then(|v| string_of(ctx, v)).map_or(true, |v| v == "public") {
            return Err("symbol declaration cannot have public visibility".into());
        }
        return Ok(());
    };
    let args = ctx.block_arguments(entry).unwrap_or_default();
    if args.len() != inputs.len() {
        return Err(format!("entry block must have {} arguments to match function signature", inputs.len()));
    }
    for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
        let at = ctx.value_type(a).map_err(|e| e.message)?;
        if at != t {
            return Err(format!(
                "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                quoted(ctx, at),
                quoted(ctx, t)
            ));
        }
    }
    Ok(())
}

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.op_operands(op).unwrap_or_default().iter().filter_map(|&v| ctx.value_type(v).ok()).collect()
}

/// The operands match the enclosing function's results.
fn verify_return(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(func) = ctx.op_parent_op(op).ok().flatten() else { return Ok(()) };
    let Some((_, results)) = function_type_of(ctx, func).and_then(|t| function_parts(ctx, t)) else {
        return Ok(());
    };
    let operands = operand_types(ctx, op);
    let name = symbol_name_of(ctx, func);
    if operands.len() != results.len() {
        return Err(format!(
            "has {} operands, but enclosing function (@{name}) returns {}",
            operands.len(),
            results.len()
        ));
    }
    for (i, (&o, &r)) in operands.iter().zip(&results).enumerate() {
        if o != r {
            return Err(crate::verify::plain_error(format!(
                "type of return operand {i} ({}) doesn't match function result type ({}) in function @{name}",
                quoted(ctx, o),
                quoted(ctx, r)
            )));
        }
    }
    Ok(())
}

/// The function a symbol reference attribute of `op` names, looked up from `op`.
fn referenced_function(ctx: &Context, op: OpId, attr: &str) -> Result<Option<(String, OpId)>, String> {
    let Some(a) = ctx.op_inherent_or_discardable(op, attr).ok().flatten() else { return Ok(None) };
    let name = match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => return Ok(None),
    };
    let found = ctx.lookup_nearest_symbol_from(op, a).ok().flatten();
    match found.filter(|&f| ctx.op_name(f).is_ok_and(|n| n == "func.func")) {
        Some(f) => Ok(Some((name, f))),
        None => Err(format!("'{name}' does not reference a valid function")),
    }
}

/// The call's operands and results match the callee's type (MLIR's `verifySymbolUses`).
fn verify_call(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((_, callee)) = referenced_function(ctx, op, "callee")? else { return Ok(()) };
    let Some((inputs, results)) = function_type_of(ctx, callee).and_then(|t| function_parts(ctx, t)) else {
        return Ok(());
    };
    let operands = operand_types(ctx, op);
    if operands.len() != inputs.len() {
        return Err(format!(
            "incorrect number of operands for callee: expected {}, but got {}",
            inputs.len(),
            operands.len()
        ));
    }
    for (i, (&o, &t)) in operands.iter().zip(&inputs).enumerate() {
        if o != t {
            return Err(format!(
                "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                quoted(ctx, t),
                quoted(ctx, o)
            ));
        }
    }
    let result_types = ctx.op_result_types(op).unwrap_or_default();
    if result_types.len() != results.len() {
        return Err(format!(
            "incorrect number of results for callee: expected {}, but got {}",
            results.len(),
            result_types.len()
        ));
    }
    for (i, (&r, &t)) in result_types.iter().zip(&results).enumerate() {
        if r != t {
            return Err(format!("result type mismatch at index {i}"));
        }
    }
    Ok(())
}

/// The referenced function exists and has the result's type.
fn verify_constant(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(a) = ctx.op_inherent_or_discardable(op, "value").ok().flatten() else { return Ok(()) };
    let name = match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => return Ok(()),
    };
    let Some(f) = ctx.lookup_nearest_symbol_from(op, a).ok().flatten() else {
        return Err(format!("reference to undefined function '{name}'"));
    };
    let result = ctx.op_result_types(op).unwrap_or_default();
    if function_type_of(ctx, f) != result.first().copied() {
        return Err("reference to function with mismatched type".into());
    }
    Ok(())
}
