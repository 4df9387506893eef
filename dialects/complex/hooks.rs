//! The complex dialect's Rust hooks: the verifiers of `complex.constant` (a two-element
//! array whose elements have the complex's element type) and `complex.bitcast` (complex on
//! exactly one side, same bit width).

use std::sync::Arc;

use crate::asm::DialectAsmParser;
use crate::attrs::AttrKind;
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::OpId;
use crate::types::{Type, TypeKind};

pub(crate) fn register_hooks(ctx: &mut Context) {
    // Fast-math flags are arith's attribute.
    ctx.load_dialect("arith");
    super::complex_fold::register(ctx);
    ctx.register_op_verifier_hook("complex.constant", Arc::new(verify_constant));
    ctx.register_op_verifier_hook("complex.bitcast", Arc::new(verify_bitcast));
}

fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", crate::asm::print_type(ctx, t))
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(value) = ctx.op_inherent_or_discardable(op, "value").ok().flatten() else { return Ok(()) };
    let AttrKind::Array(items) = ctx.attr_kind(value) else { return Ok(()) };
    if items.len() != 2 {
        return Err("requires 'value' to be a complex constant, represented as array of two values".into());
    }
    // `true` / `false` are integer attributes of `i1` upstream.
    let scalar = |a| matches!(ctx.attr_kind(a), AttrKind::Float { .. } | AttrKind::Integer { .. } | AttrKind::Bool(_));
    if !scalar(items[0]) || !scalar(items[1]) {
        return Err("requires attribute's elements to be float or integer attributes".into());
    }
    let Some(ty) = ctx.op_result_types(op).ok().and_then(|t| t.first().copied()) else { return Ok(()) };
    let Some(elem) = ctx.element_type(ty) else { return Ok(()) };
    let (Some(re), Some(im)) = (ctx.attr_type(items[0]), ctx.attr_type(items[1])) else { return Ok(()) };
    if re != elem || im != elem {
        return Err(format!(
            "requires attribute's element types ({}, {}) to match the element type of the op's return type ({})",
            quoted(ctx, re),
            quoted(ctx, im),
            quoted(ctx, elem)
        ));
    }
    Ok(())
}

/// The bit width of an integer, float or complex type; `None` for other types.
fn bit_width(ctx: &Context, t: Type) -> Option<u64> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(u64::from(*width)),
        TypeKind::Float(k) => Some(u64::from(k.bit_width())),
        TypeKind::Complex(e) => bit_width(ctx, *e).map(|w| 2 * w),
        _ => None,
    }
}

fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), String> {
    let from = ctx.op_operand_types(op).ok().and_then(|t| t.first().copied().flatten());
    let to = ctx.op_result_types(op).ok().and_then(|t| t.first().copied());
    let (Some(from), Some(to)) = (from, to) else { return Ok(()) };
    if from == to {
        return Ok(());
    }
    let (Some(wf), Some(wt)) = (bit_width(ctx, from), bit_width(ctx, to)) else {
        return Err(if bit_width(ctx, from).is_none() {
            "operand must be int/float/complex"
        } else {
            "result must be int/float/complex"
        }
        .into());
    };
    let is_complex = |t| matches!(ctx.type_kind(t), TypeKind::Complex(_));
    if is_complex(from) == is_complex(to) {
        return Err("requires that either input or output has a complex type".into());
    }
    if wf != wt {
        return Err("casting bitwidths do not match".into());
    }
    Ok(())
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let asm = crate::dialect::DialectAssembly { parse_type: None, parse_attr: Some(Arc::new(parse_number)) };
    ctx.set_dialect_assembly("complex", asm).expect("the complex dialect is registered");
}

/// `#complex.number<:f32 1.0, 2.0>`. Its type is always the complex of the element type
/// written inside (a type written after it is read and ignored, as upstream). The core has
/// no dialect attributes with a type of their own, so the number is kept as an opaque
/// attribute of the dialect in its canonical spelling, which prints as upstream does.
fn parse_number(ctx: &Context, text: &str, _ty: Option<Type>) -> Result<crate::attrs::Attribute, AsmError> {
    let mut p = DialectAsmParser::new(ctx, text);
    let kw = p.keyword()?;
    if kw != "number" {
        return Err(AsmError::new(format!("unknown attribute '{kw}' in the complex dialect")));
    }
    p.expect("<")?;
    p.expect(":")?;
    let elem = p.parse_type()?;
    if !matches!(ctx.type_kind(elem), TypeKind::Float(_)) {
        return Err(p.error("expected a floating-point element type"));
    }
    let re = p.float()?;
    p.expect(",")?;
    let im = p.float()?;
    p.expect(">")?;
    p.finish()?;
    let spell = |v: f64| -> Result<String, AsmError> {
        let a = ctx.float_attr(elem, v).map_err(|e| AsmError::new(e.message))?;
        let text = crate::asm::print_attribute(ctx, a);
        Ok(text.split(" : ").next().unwrap_or(&text).to_string())
    };
    let elem_text = crate::asm::print_type(ctx, elem);
    let data = format!("number<:{elem_text} {}, {}>", spell(re)?, spell(im)?);
    let ty = ctx.complex_type(elem).map_err(|e| AsmError::new(e.message))?;
    Ok(ctx.opaque_attr("complex", &data, Some(ty)))
}
