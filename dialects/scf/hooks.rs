//! The scf dialect's Rust hooks: the headers of `scf.for` and `scf.while` (which define
//! their regions' arguments) and the result types after `->` of `scf.execute_region` and
//! `scf.if`.

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg, UnresolvedOperand};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::types::{Type, TypeKind};

#[path = "fold.rs"]
mod fold;

pub(crate) fn register_hooks(ctx: &mut Context) {
    // Upstream's dependent dialects: the patterns make arith ops and `cf.br` (inlined
    // multi-block regions), and the canonicalizer only runs the patterns of loaded dialects.
    ctx.load_dialect("arith");
    ctx.load_dialect("cf");
    fold::register(ctx);
    ctx.register_op_verifier_hook("scf.parallel", Arc::new(verify_parallel));
    ctx.register_op_verifier_hook("scf.forall", Arc::new(verify_forall));
    // Upstream verifies uneven bound lists, which `(%i) = (%a, %b) to ...` cannot say.
    ctx.register_custom_form_hook(
        "scf.parallel",
        Arc::new(|ctx: &Context, op: crate::ir::OpId| {
            let sizes = segment_sizes(ctx, op);
            sizes.len() == 4 && sizes[0] == sizes[2] && sizes[1] == sizes[2]
        }),
    );
}

/// The operand group sizes of an `AttrSizedOperandSegments` op.
fn segment_sizes(ctx: &Context, op: crate::ir::OpId) -> Vec<usize> {
    ctx.op_inherent_or_discardable(op, "operandSegmentSizes")
        .ok()
        .flatten()
        .and_then(|a| ctx.dense_int_values(a))
        .map(|v| v.into_iter().map(|n| n.max(0) as usize).collect())
        .unwrap_or_default()
}

/// The types of the entry block's arguments of region 0 (none for an empty region).
fn entry_argument_types(ctx: &Context, op: crate::ir::OpId) -> Vec<Type> {
    let Some(entry) = ctx.op_region(op, 0).ok().and_then(|r| ctx.region_blocks(r).ok()?.first().copied()) else {
        return Vec::new();
    };
    let args = ctx.block_arguments(entry).unwrap_or_default();
    args.into_iter().filter_map(|v| ctx.value_type(v).ok()).collect()
}

/// Upstream's `ParallelOp::verify`.
fn verify_parallel(ctx: &Context, op: crate::ir::OpId) -> Result<(), String> {
    let sizes = segment_sizes(ctx, op);
    let [_, _, step, inits] = sizes[..] else { return Ok(()) };
    if step == 0 {
        return Err("needs at least one tuple element for lowerBound, upperBound and step".into());
    }
    let args = entry_argument_types(ctx, op);
    if args.len() != step {
        return Err(format!(
            "expects the same number of induction variables: {} as bound and step values: {step}",
            args.len()
        ));
    }
    if args.iter().any(|&t| !matches!(ctx.type_kind(t), TypeKind::Index)) {
        return Err("expects arguments for the induction variable to be of index type".into());
    }
    let results = ctx.op_result_types(op).map_or(0, |r| r.len());
    let terminator = ctx
        .op_region(op, 0)
        .ok()
        .and_then(|r| ctx.region_blocks(r).ok()?.first().copied())
        .and_then(|b| ctx.block_ops(b).ok()?.last().copied())
        .filter(|&t| ctx.op_name(t).is_ok_and(|n| n == "scf.reduce"));
    let Some(reduce) = terminator else { return Err("expects body to terminate with 'scf.reduce'".into()) };
    let reductions = ctx.op_num_regions(reduce).unwrap_or(0);
    if results != reductions {
        return Err(format!(
            "expects number of results: {results} to be the same as number of reductions: {reductions}"
        ));
    }
    if results != inits {
        return Err(format!(
            "expects number of results: {results} to be the same as number of initial values: {inits}"
        ));
    }
    Ok(())
}

/// Upstream's `ForallOp::verify`: outputs, region arguments and the static/dynamic bounds.
fn verify_forall(ctx: &Context, op: crate::ir::OpId) -> Result<(), String> {
    use crate::dialects::index_list::{i64_array, DYNAMIC};
    let sizes = segment_sizes(ctx, op);
    let [dyn_lower, dyn_upper, dyn_step, outputs] = sizes[..] else { return Ok(()) };
    let statics = |name: &str| {
        ctx.op_inherent_or_discardable(op, name).ok().flatten().map(|a| i64_array(ctx, a)).unwrap_or_default()
    };
    let (lower, upper, step) = (statics("staticLowerBound"), statics("staticUpperBound"), statics("staticStep"));
    let loops = lower.len();
    let results = ctx.op_result_types(op).map_or(0, |r| r.len());
    if results != outputs {
        return Err(format!("produces {results} results, but has only {outputs} outputs"));
    }
    let args = entry_argument_types(ctx, op);
    if args.len() != loops + outputs {
        return Err(format!("region expects {loops} arguments"));
    }
    if let Some(i) = args[..loops].iter().position(|&t| !matches!(ctx.type_kind(t), TypeKind::Index)) {
        return Err(format!("expects {i}-th block argument to be an index"));
    }
    for (name, values, dynamic) in
        [("lower bound", &lower, dyn_lower), ("upper bound", &upper, dyn_upper), ("step", &step, dyn_step)]
    {
        if values.len() != loops {
            return Err(crate::verify::plain_error(format!("expected {loops} {name} values, got {}", values.len())));
        }
        let wanted = values.iter().filter(|&&v| v == DYNAMIC).count();
        if wanted != dynamic {
            return Err(crate::verify::plain_error(format!("expected {wanted} dynamic {name} values")));
        }
    }
    Ok(())
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let directives: [(&str, CustomDirective); 6] = [
        ("ForallHeader", CustomDirective::new(Arc::new(parse_forall_header), Arc::new(print_forall_header))),
        ("ForHeader", CustomDirective::new(Arc::new(parse_for_header), Arc::new(print_for_header))),
        ("ParallelHeader", CustomDirective::new(Arc::new(parse_parallel_header), Arc::new(print_parallel_header))),
        ("WhileHeader", CustomDirective::new(Arc::new(parse_while_header), Arc::new(print_while_header))),
        ("ArrowTypeList", CustomDirective::new(Arc::new(parse_arrow_types), Arc::new(print_arrow_types))),
        (
            "ParenthesizedTypeList",
            CustomDirective::new(Arc::new(parse_arrow_types), Arc::new(print_parenthesized_arrow_types)),
        ),
    ];
    for (name, d) in directives {
        ctx.register_custom_directive("scf", name, d).expect("the scf dialect is registered");
    }
}

/// `(%a, %b)` or `()`: operands in parentheses (MLIR's `parseOperandList` with
/// `Delimiter::Paren`).
fn parse_paren_operands(p: &mut dyn DirectiveParser) -> Result<Vec<UnresolvedOperand>, AsmError> {
    p.parse_punct("(")?;
    let mut operands = Vec::new();
    if p.parse_optional_punct(")")? {
        return Ok(operands);
    }
    loop {
        operands.push(p.parse_operand()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(operands)
}

/// `(%a = %x, %b = %y)`: region arguments and the values they start from (MLIR's
/// `parseAssignmentList`); `None` when there is no `(`.
fn parse_assignments(
    p: &mut dyn DirectiveParser,
) -> Result<Option<Vec<(UnresolvedOperand, UnresolvedOperand)>>, AsmError> {
    if !p.parse_optional_punct("(")? {
        return Ok(None);
    }
    let mut pairs = Vec::new();
    if p.parse_optional_punct(")")? {
        return Ok(Some(pairs));
    }
    loop {
        let arg = p.parse_argument()?;
        p.parse_punct("=")?;
        let init = p.parse_operand()?;
        pairs.push((arg, init));
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(Some(pairs))
}

fn parse_type_list(p: &mut dyn DirectiveParser) -> Result<Vec<Type>, AsmError> {
    let mut types = Vec::new();
    if p.parse_optional_punct(")")? {
        return Ok(types);
    }
    loop {
        types.push(p.parse_type()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(types)
}

/// `(%a = %x, ...)` as MLIR's `printInitializationList` prints it (nothing when empty).
fn print_assignments(
    p: &mut dyn DirectivePrinter,
    args: &[crate::asm::format::PrintedValue],
    inits: &[crate::asm::format::PrintedValue],
) {
    p.write("(");
    for (i, (a, v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(*a);
        p.write(" = ");
        p.print_value(*v);
    }
    p.write(")");
}

fn print_types(p: &mut dyn DirectivePrinter, types: &[Type]) {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
    }
}

/// `[unsigned] %iv = %lb to %ub step %step [iter_args(%a = %x, ...) -> (types)] [: type]`.
/// Arguments: `$unsignedCmp, $lowerBound, type($lowerBound), $upperBound, type($upperBound),
/// $step, type($step), $initArgs, type($initArgs), type($results), $region`.
fn parse_for_header(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let unsigned = p.at_keyword("unsigned");
    if unsigned {
        p.parse_keyword("unsigned")?;
    }
    let iv = p.parse_argument()?;
    p.parse_punct("=")?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    p.parse_keyword("step")?;
    let step = p.parse_operand()?;
    let mut iter = Vec::new();
    let mut result_types = Vec::new();
    if p.at_keyword("iter_args") {
        p.parse_keyword("iter_args")?;
        iter = parse_assignments(p)?.ok_or_else(|| p.error("expected '('"))?;
        p.parse_punct("->")?;
        if p.parse_optional_punct("(")? {
            result_types = parse_type_list(p)?;
        } else {
            result_types.push(p.parse_type()?);
        }
        if result_types.len() != iter.len() {
            return Err(p.error("mismatch in number of loop-carried values and defined values"));
        }
    }
    let iv_type = if p.parse_optional_punct(":")? { p.parse_type()? } else { p.context().index_type() };
    let ctx = p.context();
    args[0] = ParsedArg::Attr(unsigned.then(|| ctx.unit_attr()));
    args[1] = ParsedArg::Operands(vec![lb]);
    args[2] = ParsedArg::Types(vec![iv_type]);
    args[3] = ParsedArg::Operands(vec![ub]);
    args[4] = ParsedArg::Types(vec![iv_type]);
    args[5] = ParsedArg::Operands(vec![step]);
    args[6] = ParsedArg::Types(vec![iv_type]);
    args[7] = ParsedArg::Operands(iter.iter().map(|(_, v)| *v).collect());
    args[8] = ParsedArg::Types(result_types.clone());
    args[9] = ParsedArg::Types(result_types.clone());
    let mut region_args = vec![(iv, iv_type)];
    region_args.extend(iter.iter().map(|(a, _)| *a).zip(result_types));
    args[10] = ParsedArg::RegionArgs(region_args);
    Ok(())
}

fn print_for_header(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let values = |i: usize| match args.get(i) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let types = |i: usize| match args.get(i) {
        Some(PrintArg::Types(v)) => v.clone(),
        _ => Vec::new(),
    };
    let region = match args.get(10) {
        Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    };
    let Some((&iv, iter_args)) = region.split_first() else { return };
    if matches!(args.first(), Some(PrintArg::Attr(Some(_)))) {
        p.write("unsigned ");
    }
    p.print_value(iv);
    p.write(" = ");
    for (k, word) in [(1, ""), (3, " to "), (5, " step ")] {
        p.write(word);
        if let Some(&v) = values(k).first() {
            p.print_value(v);
        }
    }
    let inits = values(7);
    if !inits.is_empty() {
        p.write(" iter_args");
        print_assignments(p, iter_args, &inits);
        p.write(" -> (");
        print_types(p, &types(9));
        p.write(")");
    }
    if let Some(&t) = types(2).first() {
        if !matches!(p.context().type_kind(t), TypeKind::Index) {
            // Upstream writes a space before ` : type` as well (two in a row).
            p.write("  : ");
            p.print_type(t);
        }
    }
}

/// `(%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1) [init (%x, ...)] [-> types]`: the
/// induction variables (the region's arguments, of type index), the bounds, the reduction
/// inits and the result types, which the inits have too. Arguments: `$lowerBound,
/// $upperBound, $step, $initVals, type($initVals), type($results), $region`.
fn parse_parallel_header(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ivs = p.parse_argument_list()?;
    let mut bounds = Vec::new();
    for word in ["=", "to", "step"] {
        if word == "=" {
            p.parse_punct("=")?;
        } else {
            p.parse_keyword(word)?;
        }
        let at = p.current_location();
        let list = parse_paren_operands(p)?;
        if list.len() != ivs.len() {
            return Err(p.error_at(at, &format!("expected {} operands", ivs.len())));
        }
        bounds.push(list);
    }
    let inits = if p.at_keyword("init") {
        p.parse_keyword("init")?;
        parse_paren_operands(p)?
    } else {
        Vec::new()
    };
    let results = if p.parse_optional_punct("->")? {
        if p.parse_optional_punct("(")? {
            parse_type_list(p)?
        } else {
            vec![p.parse_type()?]
        }
    } else {
        Vec::new()
    };
    if results.len() != inits.len() {
        return Err(p.error(&format!("{} operands present, but expected {}", inits.len(), results.len())));
    }
    let index = p.context().index_type();
    let mut bounds = bounds.into_iter();
    for slot in args.iter_mut().take(3) {
        *slot = ParsedArg::Operands(bounds.next().unwrap_or_default());
    }
    args[3] = ParsedArg::Operands(inits);
    args[4] = ParsedArg::Types(results.clone());
    args[5] = ParsedArg::Types(results);
    args[6] = ParsedArg::RegionArgs(ivs.into_iter().map(|iv| (iv, index)).collect());
    Ok(())
}

fn print_parallel_header(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let values = |i: usize| match args.get(i) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let print_list = |p: &mut dyn DirectivePrinter, list: &[crate::asm::format::PrintedValue]| {
        p.write("(");
        for (i, v) in list.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(*v);
        }
        p.write(")");
    };
    let ivs = match args.get(6) {
        Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    };
    print_list(p, &ivs);
    for (k, word) in [(0, " = "), (1, " to "), (2, " step ")] {
        p.write(word);
        print_list(p, &values(k));
    }
    let inits = values(3);
    if !inits.is_empty() {
        p.write(" init ");
        print_list(p, &inits);
    }
    if let Some(PrintArg::Types(results)) = args.get(5) {
        if !results.is_empty() {
            p.write(" -> ");
            print_arrow_types(p, &args[5..6]);
        }
    }
}

/// `(%i, %j) in (8, %n)`, or `(%i) = (0) to (%n) step (2)`, then `shared_outs(%o = %t, ...) ->
/// (types)`: the induction variables and the shared outputs are the region's arguments.
/// Arguments: `$dynamicLowerBound, $staticLowerBound, $dynamicUpperBound, $staticUpperBound,
/// $dynamicStep, $staticStep, $outputs, type($outputs), type($results), $region`.
fn parse_forall_header(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    use crate::dialects::index_list::{i64_array_attr, parse_index_list};
    let ivs = p.parse_argument_list()?;
    let lists = if p.at_keyword("in") {
        p.parse_keyword("in")?;
        let upper = parse_index_list(p, "(", ")", false)?;
        let lower = vec![0; ivs.len()];
        let step = vec![1; ivs.len()];
        [(Vec::new(), lower), (upper.values, upper.integers), (Vec::new(), step)]
    } else {
        p.parse_punct("=")?;
        let lower = parse_index_list(p, "(", ")", false)?;
        p.parse_keyword("to")?;
        let upper = parse_index_list(p, "(", ")", false)?;
        p.parse_keyword("step")?;
        let step = parse_index_list(p, "(", ")", false)?;
        [(lower.values, lower.integers), (upper.values, upper.integers), (step.values, step.integers)]
    };
    let mut outs = Vec::new();
    let mut results = Vec::new();
    if p.at_keyword("shared_outs") {
        let at = p.current_location();
        p.parse_keyword("shared_outs")?;
        outs = parse_assignments(p)?.ok_or_else(|| p.error("expected '('"))?;
        if p.parse_optional_punct("->")? {
            results = if p.parse_optional_punct("(")? { parse_type_list(p)? } else { vec![p.parse_type()?] };
        }
        if results.len() != outs.len() {
            return Err(p.error_at(
                at,
                &format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    outs.len(),
                    results.len()
                ),
            ));
        }
    }
    let ctx = p.context();
    for (k, (values, integers)) in lists.into_iter().enumerate() {
        args[2 * k] = ParsedArg::Operands(values);
        args[2 * k + 1] = ParsedArg::Attr(Some(i64_array_attr(ctx, &integers)?));
    }
    args[6] = ParsedArg::Operands(outs.iter().map(|(_, v)| *v).collect());
    args[7] = ParsedArg::Types(results.clone());
    args[8] = ParsedArg::Types(results.clone());
    let index = ctx.index_type();
    let mut region_args: Vec<_> = ivs.into_iter().map(|iv| (iv, index)).collect();
    region_args.extend(outs.iter().map(|(a, _)| *a).zip(results));
    args[9] = ParsedArg::RegionArgs(region_args);
    Ok(())
}

/// Whether an element of a bound list is the constant `n`: a static integer, or a value an
/// integer constant op defines (upstream's `getConstantIntValue`).
fn is_constant(ctx: &Context, values: &[crate::asm::format::PrintedValue], integers: &[i64], n: i64) -> bool {
    use crate::dialects::index_list::DYNAMIC;
    let mut next = 0;
    integers.iter().all(|&i| {
        if i != DYNAMIC {
            return i == n;
        }
        let v = values.get(next).map(|v| v.0);
        next += 1;
        v.is_some_and(|v| constant_int_value(ctx, v) == Some(n))
    })
}

fn constant_int_value(ctx: &Context, v: crate::ir::ValueRef) -> Option<i64> {
    if v.is_arg() {
        return None;
    }
    let name = ctx.ir.ops.get(v.owner).name;
    if !ctx.registry.op(name)?.has_trait(crate::dialect::Traits::CONSTANT_LIKE) {
        return None;
    }
    let op = crate::ir::OpId::from_raw(v.owner, ctx.ir.ops.generation(v.owner));
    let value = ctx.op_inherent_or_discardable(op, "value").ok()??;
    match ctx.attr_kind(value) {
        crate::attrs::AttrKind::Integer { value, .. } => value.to_i64(64),
        _ => None,
    }
}

fn print_forall_header(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    use crate::dialects::index_list::{i64_array, print_index_list};
    let values = |i: usize| match args.get(i) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let integers = |p: &dyn DirectivePrinter, i: usize| match args.get(i) {
        Some(PrintArg::Attr(Some(a))) => i64_array(p.context(), *a),
        _ => Vec::new(),
    };
    let region = match args.get(9) {
        Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    };
    let loops = integers(p, 3).len();
    let (ivs, out_args) = region.split_at(loops.min(region.len()));
    p.write("(");
    for (i, v) in ivs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(*v);
    }
    let (lower, step) = ((values(0), integers(p, 1)), (values(4), integers(p, 5)));
    let upper = (values(2), integers(p, 3));
    let normalized = is_constant(p.context(), &lower.0, &lower.1, 0) && is_constant(p.context(), &step.0, &step.1, 1);
    if normalized {
        p.write(") in ");
        print_index_list(p, ("(", ")"), &upper.0, &upper.1, &[], &[]);
    } else {
        p.write(") = ");
        print_index_list(p, ("(", ")"), &lower.0, &lower.1, &[], &[]);
        p.write(" to ");
        print_index_list(p, ("(", ")"), &upper.0, &upper.1, &[], &[]);
        p.write(" step ");
        print_index_list(p, ("(", ")"), &step.0, &step.1, &[], &[]);
    }
    let outs = values(6);
    if !outs.is_empty() {
        p.write(" shared_outs");
        print_assignments(p, out_args, &outs);
    }
    if let Some(PrintArg::Types(results)) = args.get(8) {
        if !results.is_empty() {
            p.write(" -> (");
            print_types(p, results);
            p.write(")");
        }
    }
}

/// `(%a = %x, ...) : (types) -> types`: the before region's arguments, the inits and the
/// op's functional type. Arguments: `$inits, type($inits), type($results), $before`.
fn parse_while_header(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let pairs = parse_assignments(p)?.unwrap_or_default();
    p.parse_punct(":")?;
    let fty = p.parse_type()?;
    let Some((inputs, results)) = crate::dialects::func::function_parts(p.context(), fty) else {
        return Err(p.error("expected function type"));
    };
    if inputs.len() != pairs.len() {
        return Err(p.error("expected as many input types as operands"));
    }
    args[0] = ParsedArg::Operands(pairs.iter().map(|(_, v)| *v).collect());
    args[1] = ParsedArg::Types(inputs.clone());
    args[2] = ParsedArg::Types(results);
    args[3] = ParsedArg::RegionArgs(pairs.iter().map(|(a, _)| *a).zip(inputs).collect());
    Ok(())
}

fn print_while_header(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let (Some(PrintArg::Operands(inits)), Some(PrintArg::Types(inputs)), Some(PrintArg::Types(results))) =
        (args.first(), args.get(1), args.get(2))
    else {
        return;
    };
    let before = match args.get(3) {
        Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    };
    if !inits.is_empty() {
        print_assignments(p, &before, inits);
        p.write(" ");
    }
    p.write(": ");
    let fty = p.context().function_type(inputs, results);
    p.print_type(fty);
}

/// The types after `->`: one type, or a list in parentheses (MLIR's
/// `parseOptionalArrowTypeList` once it read the arrow). Argument: `type($results)`.
fn parse_arrow_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let types = if p.parse_optional_punct("(")? { parse_type_list(p)? } else { vec![p.parse_type()?] };
    args[0] = ParsedArg::Types(types);
    Ok(())
}

/// As MLIR's `printArrowTypeList` after the arrow: parentheses for several types or a
/// function type.
fn print_arrow_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Types(types)) = args.first() else { return };
    let parens = types.len() != 1 || matches!(p.context().type_kind(types[0]), TypeKind::Function { .. });
    if parens {
        p.write("(");
    }
    print_types(p, types);
    if parens {
        p.write(")");
    }
}

/// As [`print_arrow_types`], always in parentheses (`scf.if`'s `-> (i32)`); it reads both.
fn print_parenthesized_arrow_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Types(types)) = args.first() else { return };
    p.write("(");
    print_types(p, types);
    p.write(")");
}
