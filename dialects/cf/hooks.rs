//! The cf dialect's Rust hooks: `cf.switch`'s case list (a default successor, then a value
//! and a successor per case, each with its operands) and its verifier.

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::dialects::successors::{parse_successor_use, print_successor_use};
use crate::ir::OpId;
use crate::types::Signedness;

#[path = "fold.rs"]
mod fold;

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.register_op_verifier_hook("cf.switch", Arc::new(verify_switch));
    // Upstream's dependent dialect: the patterns make `arith.constant` and `arith.select`.
    ctx.load_dialect("arith");
    fold::register(ctx);
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let cases = CustomDirective::new(Arc::new(parse_switch_cases), Arc::new(print_switch_cases));
    ctx.register_custom_directive("cf", "SwitchOpCases", cases).expect("the cf dialect is registered");
}

/// `default: ^bb1(...), 42: ^bb2(...), ...`. Arguments: `ref(type($flag)), $defaultDestination,
/// $defaultOperands, type($defaultOperands), $case_values, $caseDestinations, $caseOperands,
/// type($caseOperands), $case_operand_segments`.
fn parse_switch_cases(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let Some(ParsedArg::Types(flag)) = args.first() else { return Err(p.error("expected the flag's type")) };
    let flag = flag.first().copied().ok_or_else(|| p.error("expected the flag's type"))?;
    p.parse_keyword("default")?;
    p.parse_punct(":")?;
    let (default, default_operands, default_types) = parse_successor_use(p)?;
    let mut values = Vec::new();
    let mut blocks = Vec::new();
    let mut operands = Vec::new();
    let mut types = Vec::new();
    let mut segments = Vec::new();
    while p.parse_optional_punct(",")? {
        let Some(value) = p.parse_optional_integer()? else { return Err(p.error("expected integer value")) };
        p.parse_punct(":")?;
        let (block, ops, tys) = parse_successor_use(p)?;
        values.push(value);
        blocks.push(block);
        segments.push(ops.len() as i32);
        operands.extend(ops);
        types.extend(tys);
    }
    let ctx = p.context();
    let case_values = if values.is_empty() {
        None
    } else {
        let vector = ctx.vector_type(&[values.len() as i64], &[false], flag).map_err(|e| p.error(&e.message))?;
        Some(ctx.dense_int_elements_attr(vector, &values).map_err(|e| p.error(&e.message))?)
    };
    let i32_type = ctx.integer_type(32, Signedness::Signless).map_err(|e| p.error(&e.message))?;
    let bytes: Vec<u8> = segments.iter().flat_map(|s| s.to_le_bytes()).collect();
    let segments = ctx.dense_array_attr(i32_type, &bytes).map_err(|e| p.error(&e.message))?;
    args[1] = ParsedArg::Successors(vec![default]);
    args[2] = ParsedArg::Operands(default_operands);
    args[3] = ParsedArg::Types(default_types);
    args[4] = ParsedArg::Attr(case_values);
    args[5] = ParsedArg::Successors(blocks);
    args[6] = ParsedArg::Operands(operands);
    args[7] = ParsedArg::Types(types);
    args[8] = ParsedArg::Attr(Some(segments));
    Ok(())
}

fn print_switch_cases(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let operands = |i: usize| match args.get(i) {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let types = |i: usize| match args.get(i) {
        Some(PrintArg::Types(v)) => v.clone(),
        _ => Vec::new(),
    };
    let blocks = |i: usize| match args.get(i) {
        Some(PrintArg::Successors(v)) => v.clone(),
        _ => Vec::new(),
    };
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    let Some(&default) = blocks(1).first() else { return };
    p.write("  default: ");
    print_successor_use(p, default, &operands(2), &types(3));
    let values = attr(4).and_then(|a| p.context().dense_int_values(a)).unwrap_or_default();
    let segments = attr(8).and_then(|a| p.context().dense_int_values(a)).unwrap_or_default();
    let (case_operands, case_types, case_blocks) = (operands(6), types(7), blocks(5));
    let mut at = 0usize;
    for (k, (value, block)) in values.iter().zip(&case_blocks).enumerate() {
        let n = segments.get(k).map_or(0, |&n| n.max(0) as usize);
        let end = (at + n).min(case_operands.len());
        p.write(",");
        p.print_newline();
        p.write(&format!("  {value}: "));
        print_successor_use(p, *block, &case_operands[at..end], &case_types[at.min(end)..end]);
        at = end;
    }
    if !values.is_empty() {
        p.print_newline();
    }
}

/// Upstream's `SwitchOp::verify`: the case values have the flag's type, one per case
/// destination, and the case operand segments cover the case operands.
fn verify_switch(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(flag) = ctx.op_operand_types(op).ok().and_then(|t| t.first().copied().flatten()) else { return Ok(()) };
    let values = ctx.op_inherent_or_discardable(op, "case_values").ok().flatten();
    let destinations = ctx.op_successors(op).map_or(0, |s| s.len().saturating_sub(1));
    let Some(values) = values else {
        if destinations == 0 {
            return Ok(());
        }
        return Err(format!("number of case values (0) should match number of case destinations ({destinations})"));
    };
    let Some(value_type) = ctx.attr_type(values).and_then(|t| ctx.element_type(t)) else { return Ok(()) };
    if value_type != flag {
        return Err(format!(
            "'flag' type ('{}') should match case value type ('{}')",
            crate::asm::print_type(ctx, flag),
            crate::asm::print_type(ctx, value_type)
        ));
    }
    let count = ctx.dense_int_values(values).map_or(0, |v| v.len());
    if count != destinations {
        return Err(format!(
            "number of case values ({count}) should match number of case destinations ({destinations})"
        ));
    }
    Ok(())
}
