//! The custom forms of `gpu.func` (a function signature, then workgroup and private memory
//! attributions and `kernel`) and `gpu.launch` (its launch sizes, which define the body's
//! id and size arguments).

use std::sync::Arc;

use super::func::{parse_signature, print_signature};
use crate::asm::format::UnresolvedOperand;
use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg, PrintedValue};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::types::Type;

pub(crate) fn register(ctx: &mut Context) {
    let mut f = CustomDirective::new(Arc::new(parse_func), Arc::new(print_func));
    // The signature prints its arguments' locations, as func.func's does.
    f.prints_argument_locations = true;
    ctx.register_custom_directive("gpu", "GPUFuncSignature", f).expect("the gpu dialect is registered");
    let l = CustomDirective::new(Arc::new(parse_launch), Arc::new(print_launch));
    ctx.register_custom_directive("gpu", "LaunchConfig", l).expect("the gpu dialect is registered");
}

type Attribution = (UnresolvedOperand, Type, Option<Attribute>);

/// `keyword(%a : type {attrs}, ...)`, if `keyword` comes next; `gpu.launch`'s attributions
/// take no attributes (`with_attrs` false).
fn parse_attributions(
    p: &mut dyn DirectiveParser,
    keyword: &str,
    with_attrs: bool,
) -> Result<Option<Vec<Attribution>>, AsmError> {
    if !p.at_keyword(keyword) {
        return Ok(None);
    }
    p.parse_keyword(keyword)?;
    p.parse_punct("(")?;
    let mut out = Vec::new();
    if !p.parse_optional_punct(")")? {
        loop {
            let a = p.parse_argument()?;
            p.parse_punct(":")?;
            let ty = p.parse_type()?;
            let attrs = match p.at_punct("{") {
                true if with_attrs => Some(p.parse_attribute()?),
                true => return Err(p.error("expected ')' in argument list")),
                false => None,
            };
            p.parse_optional_location(a)?;
            out.push((a, ty, attrs));
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    Ok(Some(out))
}

/// One dictionary per attribution; absent when all are empty.
fn attribution_dicts(ctx: &Context, items: &[Attribution]) -> Option<Attribute> {
    let is_empty = |d: &Option<Attribute>| d.map_or(true, |a| ctx.dictionary_entries(a).is_empty());
    if items.iter().all(|i| is_empty(&i.2)) {
        return None;
    }
    let empty = ctx.dictionary_attr(&[]).expect("the empty dictionary is valid");
    let dicts: Vec<Attribute> = items.iter().map(|i| i.2.unwrap_or(empty)).collect();
    Some(ctx.array_attr(&dicts))
}

fn print_attributions(p: &mut dyn DirectivePrinter, keyword: &str, values: &[PrintedValue], dicts: Option<Attribute>) {
    if values.is_empty() {
        return;
    }
    p.write(" ");
    p.write(keyword);
    p.write("(");
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
        p.write(" : ");
        let ty = value_type(p.context(), v);
        p.print_type(ty);
        if let Some(d) = dict_at(p.context(), dicts, i) {
            p.write(" ");
            p.print_attribute(d);
        }
    }
    p.write(")");
}

fn value_type(ctx: &Context, v: PrintedValue) -> Type {
    ctx.value_type_ref(v.0)
}

fn dict_at(ctx: &Context, array: Option<Attribute>, i: usize) -> Option<Attribute> {
    match ctx.attr_kind(array?) {
        AttrKind::Array(items) => items.get(i).copied().filter(|&d| !ctx.dictionary_entries(d).is_empty()),
        _ => None,
    }
}

fn int_of(ctx: &Context, a: Option<Attribute>) -> usize {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => value.to_i64(64).unwrap_or(0).max(0) as usize,
        _ => 0,
    }
}

/// Arguments: `$sym_name, $function_type, $arg_attrs, $res_attrs, $workgroup_attributions,
/// $kernel, $workgroup_attrib_attrs, $private_attrib_attrs, $body`.
fn parse_func(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut sig = vec![
        ParsedArg::Other,
        ParsedArg::Other,
        ParsedArg::Other,
        ParsedArg::Other,
        ParsedArg::Other,
        ParsedArg::Other,
    ];
    if p.at_keyword("public") || p.at_keyword("private") || p.at_keyword("nested") {
        return Err(p.error("expected valid '@'-identifier for symbol name"));
    }
    parse_signature(p, &mut sig)?;
    let mut region_args = match std::mem::replace(&mut sig[5], ParsedArg::Other) {
        ParsedArg::RegionArgs(v) => v,
        _ => Vec::new(),
    };
    let workgroup = parse_attributions(p, "workgroup", true)?;
    let private = parse_attributions(p, "private", true)?;
    let kernel = p.at_keyword("kernel");
    if kernel {
        p.parse_keyword("kernel")?;
    }
    let ctx = p.context();
    let mut take = |i: usize| std::mem::replace(&mut sig[i], ParsedArg::Other);
    args[0] = take(1);
    args[1] = take(2);
    args[2] = take(3);
    args[3] = take(4);
    args[4] = ParsedArg::Attr(
        workgroup.as_ref().map(|w| ctx.integer_attr(ctx.signless_int(64), w.len() as i64).expect("an i64 count")),
    );
    args[5] = ParsedArg::Attr(kernel.then(|| ctx.unit_attr()));
    args[6] = ParsedArg::Attr(workgroup.as_deref().and_then(|w| attribution_dicts(ctx, w)));
    args[7] = ParsedArg::Attr(private.as_deref().and_then(|w| attribution_dicts(ctx, w)));
    for (a, t, _) in workgroup.iter().flatten().chain(private.iter().flatten()) {
        region_args.push((*a, *t));
    }
    args[8] = ParsedArg::RegionArgs(region_args);
    Ok(())
}

fn print_func(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    let ctx = p.context();
    let inputs = attr(1)
        .and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Type(t) => super::func::function_parts(ctx, *t).map(|(i, _)| i.len()),
            _ => None,
        })
        .unwrap_or(0);
    let values = match args.get(8) {
        Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    };
    let n_inputs = inputs.min(values.len());
    let sig = [
        PrintArg::Attr(None),
        PrintArg::Attr(attr(0)),
        PrintArg::Attr(attr(1)),
        PrintArg::Attr(attr(2)),
        PrintArg::Attr(attr(3)),
        PrintArg::RegionArgs(values[..n_inputs].to_vec()),
    ];
    print_signature(p, &sig);
    let n_work = int_of(p.context(), attr(4)).min(values.len() - n_inputs);
    print_attributions(p, "workgroup", &values[n_inputs..n_inputs + n_work], attr(6));
    print_attributions(p, "private", &values[n_inputs + n_work..], attr(7));
    if attr(5).is_some() {
        p.write(" kernel");
    }
}

/// One `blocks(...) in (...)` group: the ids, the size arguments and the size operands.
type SizeGroup = (Vec<UnresolvedOperand>, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>);

fn parse_size_group(p: &mut dyn DirectiveParser, keyword: &str) -> Result<Option<SizeGroup>, AsmError> {
    if !p.at_keyword(keyword) {
        return Ok(None);
    }
    p.parse_keyword(keyword)?;
    p.parse_punct("(")?;
    let mut ids = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.parse_punct(",")?;
        }
        ids.push(p.parse_argument()?);
    }
    p.parse_punct(")")?;
    p.parse_keyword("in")?;
    p.parse_punct("(")?;
    let mut sizes = Vec::new();
    let mut operands = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.parse_punct(",")?;
        }
        sizes.push(p.parse_argument()?);
        p.parse_punct("=")?;
        operands.push(p.parse_operand()?);
    }
    p.parse_punct(")")?;
    Ok(Some((ids, sizes, operands)))
}

/// Arguments: `type($asyncToken), $asyncDependencies, type($asyncDependencies),
/// $clusterSizeX, $clusterSizeY, $clusterSizeZ, $gridSizeX, $gridSizeY, $gridSizeZ,
/// $blockSizeX, $blockSizeY, $blockSizeZ, $dynamicSharedMemorySize, $module, $function,
/// $workgroup_attributions, $body, $asyncObject, type($asyncObject)`.
fn parse_launch(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let token = crate::asm::parse_type(p.context(), "!gpu.async.token").map_err(|e| AsmError::new(e.to_string()))?;
    let mut dep_args = vec![ParsedArg::Other, ParsedArg::Other, ParsedArg::Other];
    let is_async = p.at_keyword("async");
    if is_async {
        p.parse_keyword("async")?;
    }
    let mut deps = Vec::new();
    if p.parse_optional_punct("[")? && !p.parse_optional_punct("]")? {
        loop {
            deps.push(p.parse_operand()?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct("]")?;
    }
    dep_args[0] = ParsedArg::Types(if is_async { vec![token] } else { Vec::new() });
    dep_args[2] = ParsedArg::Types(vec![token; deps.len()]);
    dep_args[1] = ParsedArg::Operands(deps);
    let clusters = parse_size_group(p, "clusters")?;
    let Some(blocks) = parse_size_group(p, "blocks")? else { return Err(p.error("expected 'blocks'")) };
    let Some(threads) = parse_size_group(p, "threads")? else { return Err(p.error("expected 'threads'")) };
    let mut dsm = Vec::new();
    if p.at_keyword("dynamic_shared_memory_size") {
        p.parse_keyword("dynamic_shared_memory_size")?;
        dsm.push(p.parse_operand()?);
    }
    let symbol = |p: &mut dyn DirectiveParser, kw: &str| -> Result<Option<Attribute>, AsmError> {
        if !p.at_keyword(kw) {
            return Ok(None);
        }
        p.parse_keyword(kw)?;
        p.parse_punct("(")?;
        let a = p.parse_attribute()?;
        p.parse_punct(")")?;
        Ok(Some(a))
    };
    let module = symbol(p, "module")?;
    let function = symbol(p, "function")?;
    let workgroup = parse_attributions(p, "workgroup", false)?;
    let private = parse_attributions(p, "private", false)?;
    let ctx = p.context();
    let index = ctx.index_type();
    let [a0, a1, a2] = dep_args.try_into().unwrap_or_else(|_| unreachable!());
    args[0] = a0;
    args[1] = a1;
    args[2] = a2;
    for k in 0..3 {
        args[3 + k] = ParsedArg::Operands(clusters.as_ref().map(|c| vec![c.2[k]]).unwrap_or_default());
        args[6 + k] = ParsedArg::Operands(vec![blocks.2[k]]);
        args[9 + k] = ParsedArg::Operands(vec![threads.2[k]]);
    }
    args[12] = ParsedArg::Operands(dsm);
    args[13] = ParsedArg::Attr(module);
    args[14] = ParsedArg::Attr(function);
    args[15] = ParsedArg::Attr(
        workgroup.as_ref().map(|w| ctx.integer_attr(ctx.signless_int(64), w.len() as i64).expect("an i64 count")),
    );
    let mut region: Vec<(UnresolvedOperand, Type)> = Vec::new();
    for v in blocks.0.iter().chain(&threads.0).chain(&blocks.1).chain(&threads.1) {
        region.push((*v, index));
    }
    if let Some(c) = &clusters {
        for v in c.0.iter().chain(&c.1) {
            region.push((*v, index));
        }
    }
    for (a, t, _) in workgroup.iter().flatten().chain(private.iter().flatten()) {
        region.push((*a, *t));
    }
    args[16] = ParsedArg::RegionArgs(region);
    // The asynchronous object operand has no custom syntax.
    args[17] = ParsedArg::Operands(Vec::new());
    args[18] = ParsedArg::Types(Vec::new());
    Ok(())
}

fn print_group(
    p: &mut dyn DirectivePrinter,
    keyword: &str,
    ids: &[PrintedValue],
    sizes: &[PrintedValue],
    operands: &[PrintedValue],
) {
    p.write(keyword);
    p.write("(");
    for (i, &v) in ids.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
    }
    p.write(") in (");
    for (i, (&s, &o)) in sizes.iter().zip(operands).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(s);
        p.write(" = ");
        p.print_value(o);
    }
    p.write(")");
}

fn print_launch(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ops = |i: usize| match args.get(i) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    let is_async = matches!(args.first(), Some(PrintArg::Types(t)) if !t.is_empty());
    let deps = ops(1);
    if is_async {
        p.write("async ");
    }
    if !deps.is_empty() {
        p.write("[");
        for (i, &d) in deps.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(d);
        }
        p.write("] ");
    }
    let values = match args.get(16) {
        Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    };
    if values.len() < 12 {
        return;
    }
    let clusters: Vec<PrintedValue> = (3..6).flat_map(ops).collect();
    let grid: Vec<PrintedValue> = (6..9).flat_map(ops).collect();
    let block: Vec<PrintedValue> = (9..12).flat_map(ops).collect();
    let mut next = 12;
    if clusters.len() == 3 && values.len() >= 18 {
        print_group(p, "clusters", &values[12..15], &values[15..18], &clusters);
        p.write(" ");
        next = 18;
    }
    print_group(p, "blocks", &values[0..3], &values[6..9], &grid);
    p.write(" ");
    print_group(p, "threads", &values[3..6], &values[9..12], &block);
    if let Some(&d) = ops(12).first() {
        p.write(" dynamic_shared_memory_size ");
        p.print_value(d);
    }
    if let Some(m) = attr(13) {
        p.write(" module(");
        p.print_attribute(m);
        p.write(")");
    }
    if let Some(f) = attr(14) {
        p.write(" function(");
        p.print_attribute(f);
        p.write(")");
    }
    let n_work = int_of(p.context(), attr(15)).min(values.len() - next);
    print_attributions(p, "workgroup", &values[next..next + n_work], None);
    print_attributions(p, "private", &values[next + n_work..], None);
}
