//! The arith dialect's Rust hooks: the constant's verifier and result names, and the type
//! list of `arith.select` (a condition type only when it is a vector or tensor).

use std::sync::Arc;

#[path = "fold.rs"]
mod fold;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::attrs::AttrKind;
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::OpId;
use crate::types::{Signedness, TypeKind};

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.register_op_verifier_hook("arith.constant", Arc::new(verify_constant));
    ctx.register_result_names_hook("arith.constant", Arc::new(constant_name));
    ctx.register_result_names_hook("arith.muli", Arc::new(vscale_product_name));
    ctx.register_constant_materializer("arith", Arc::new(materialize_constant));
    fold::register_folds(ctx);
    fold::register_patterns(ctx);
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let select = CustomDirective::new(Arc::new(parse_select_types), Arc::new(print_select_types));
    ctx.register_custom_directive("arith", "SelectOpTypes", select).expect("the arith dialect is registered");
}

fn value_of(ctx: &Context, op: OpId) -> Option<crate::attrs::Attribute> {
    ctx.op_inherent_or_discardable(op, "value").ok().flatten()
}

/// `%true` / `%false` for `i1`, `%c42_i32` for other integers, `%c42` for `index`, `%cst`
/// for anything else (upstream's `ConstantOp::getAsmResultNames`).
fn constant_name(ctx: &Context, op: OpId) -> Option<String> {
    let value = value_of(ctx, op)?;
    let ty = ctx.op_result_types(op).ok()?.first().copied()?;
    match ctx.attr_kind(value) {
        AttrKind::Bool(b) => Some(if *b { "true" } else { "false" }.to_string()),
        AttrKind::Integer { .. } => {
            let int_width = match ctx.type_kind(ty) {
                TypeKind::Integer { width, .. } => Some(*width),
                _ => None,
            };
            // The value as MLIR prints an APInt: signed.
            let text = crate::asm::print_attribute(ctx, value);
            let digits = text.split(" : ").next().unwrap_or(&text);
            if int_width == Some(1) {
                return Some(if digits == "0" || digits == "false" { "false" } else { "true" }.to_string());
            }
            Some(match int_width {
                Some(_) => format!("c{digits}_{}", crate::asm::print_type(ctx, ty)),
                None => format!("c{digits}"),
            })
        }
        _ => Some("cst".to_string()),
    }
}

/// `%c4_vscale` for an index product of a constant and `vector.vscale` (upstream's
/// `MulIOp::getAsmResultNames`, which matches vscale by name).
fn vscale_product_name(ctx: &Context, op: OpId) -> Option<String> {
    let ty = ctx.op_result_types(op).ok()?.first().copied()?;
    if !matches!(ctx.type_kind(ty), TypeKind::Index) {
        return None;
    }
    let operands = ctx.op_operands(op).ok()?;
    let defining = |i: usize| operands.get(i).and_then(|&v| ctx.value_defining_op(v).ok().flatten());
    let constant = |i: usize| {
        let d = defining(i)?;
        let is_constant = ctx.op_def(d).ok().flatten()?.has_trait(crate::dialect::Traits::CONSTANT_LIKE);
        let value = if is_constant { value_of(ctx, d) } else { None }?;
        match ctx.attr_kind(value) {
            AttrKind::Integer { value, .. } => value.to_i64(64),
            _ => None,
        }
    };
    let is_vscale = |i: usize| defining(i).is_some_and(|d| ctx.op_name(d).is_ok_and(|n| n == "vector.vscale"));
    let base = if is_vscale(1) {
        constant(0)
    } else if is_vscale(0) {
        constant(1)
    } else {
        None
    }?;
    Some(format!("c{base}_vscale"))
}

/// Upstream's `ConstantOp::verify`.
fn verify_constant(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(ty) = ctx.op_result_types(op).ok().and_then(|t| t.first().copied()) else { return Ok(()) };
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(ty) {
        if *signedness != Signedness::Signless {
            return Err("integer return type must be signless".into());
        }
    }
    let Some(value) = value_of(ctx, op) else { return Ok(()) };
    let ok = matches!(
        ctx.attr_kind(value),
        AttrKind::Integer { .. }
            | AttrKind::Bool(_)
            | AttrKind::Float { .. }
            | AttrKind::DenseIntOrFloat { .. }
            | AttrKind::DenseString { .. }
            | AttrKind::DenseResource { .. }
            | AttrKind::SparseElements { .. }
    );
    if !ok {
        return Err("value must be an integer, float, or elements attribute".into());
    }
    Ok(())
}

/// `: i32` or `: vector<4xi1>, vector<4xi32>`: the condition's type is written only when
/// it is not `i1`. Arguments: `type($condition), type($result)`.
fn parse_select_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let first = p.parse_type()?;
    let (condition, result) = if p.parse_optional_punct(",")? {
        (first, p.parse_type()?)
    } else {
        let i1 = p.context().integer_type(1, Signedness::Signless).map_err(|e| AsmError::new(e.message))?;
        (i1, first)
    };
    args[0] = ParsedArg::Types(vec![condition]);
    args[1] = ParsedArg::Types(vec![result]);
    Ok(())
}

fn print_select_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let (Some(PrintArg::Types(c)), Some(PrintArg::Types(r))) = (args.first(), args.get(1)) else { return };
    let shaped = c.first().is_some_and(|&t| p.context().element_type(t).is_some());
    if shaped {
        p.print_type(c[0]);
        p.write(", ");
    }
    if let Some(&t) = r.first() {
        p.print_type(t);
    }
}

/// arith's constant materializer (upstream's `ArithDialect::materializeConstant`): a
/// `ub.poison` for a poison value, else an `arith.constant` when the value is an integer,
/// float or elements attribute of exactly the requested type (integers signless).
pub(crate) fn materialize_constant(
    ctx: &mut Context,
    value: crate::attrs::Attribute,
    ty: crate::types::Type,
    loc: crate::attrs::Location,
    point: crate::ir::InsertPoint,
) -> crate::error::Result<Option<OpId>> {
    let is_poison = ctx.attr_type_id(value) == crate::typeid::TypeId::of("#ub.poison");
    let name = if is_poison {
        "ub.poison"
    } else {
        if ctx.attr_type(value) != Some(ty) {
            return Ok(None);
        }
        if matches!(ctx.type_kind(ty), TypeKind::Integer { signedness, .. } if *signedness != Signedness::Signless) {
            return Ok(None);
        }
        let buildable = matches!(
            ctx.attr_kind(value),
            AttrKind::Integer { .. } | AttrKind::Bool(_) | AttrKind::Float { .. } | AttrKind::DenseIntOrFloat { .. }
        ) || crate::asm::print_attribute(ctx, value).starts_with("dense_resource<");
        if !buildable {
            return Ok(None);
        }
        "arith.constant"
    };
    let mut state = crate::ir::OperationState::new(name, loc).results(&[ty]);
    state.attributes.push(crate::attrs::NamedAttribute { name: ctx.identifier("value"), value });
    let op = ctx.create_operation(&state)?;
    ctx.insert_op(op, point)?;
    Ok(Some(op))
}
