//! The bufferization dialect's Rust hooks: the verifiers upstream writes in C++ (with its
//! tensor/buffer type-match trait), and the result types of `bufferization.dealloc`, which
//! its format leaves out (one `i1` per retained memref).

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::OpId;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};
use crate::verify::plain_error;

pub(crate) fn register_hooks(ctx: &mut Context) {
    type Verifier = fn(&Context, OpId) -> Result<(), String>;
    let verifiers: [(&str, Verifier); 5] = [
        ("bufferization.alloc_tensor", verify_alloc_tensor),
        ("bufferization.dealloc", verify_dealloc),
        ("bufferization.materialize_in_destination", verify_materialize_in_destination),
        ("bufferization.to_buffer", verify_to_buffer),
        ("bufferization.to_tensor", verify_to_tensor),
    ];
    for (name, f) in verifiers {
        ctx.register_op_verifier_hook(name, Arc::new(f));
    }
}

pub(crate) fn register_directives(ctx: &mut Context) {
    // Only infers types: it prints nothing, and no space either.
    let results = CustomDirective {
        no_space_when_empty: true,
        ..CustomDirective::new(Arc::new(parse_dealloc_results), Arc::new(print_nothing))
    };
    ctx.register_custom_directive("bufferization", "DeallocResults", results)
        .expect("the bufferization dialect is registered");
}

/// Nothing to read: one `i1` result per retained memref (upstream's `inferReturnTypes`).
/// Arguments: `ref(type($retained)), type($updatedConditions)`.
fn parse_dealloc_results(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let retained = match args.first() {
        Some(ParsedArg::Types(t)) => t.len(),
        _ => 0,
    };
    let i1 = p.context().integer_type(1, Signedness::Signless).map_err(|e| AsmError::new(e.message))?;
    args[1] = ParsedArg::Types(vec![i1; retained]);
    Ok(())
}

fn print_nothing(_: &mut dyn DirectivePrinter, _: &[PrintArg]) {}

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.op_operands(op).unwrap_or_default().iter().filter_map(|&v| ctx.value_type(v).ok()).collect()
}

fn group_len(ctx: &Context, op: OpId, group: usize) -> usize {
    ctx.op_operand_segments(op).ok().and_then(|s| s.get(group).map(|r| r.len())).unwrap_or(0)
}

fn has_attr(ctx: &Context, op: OpId, name: &str) -> bool {
    ctx.op_inherent_or_discardable(op, name).ok().flatten().is_some()
}

fn is_memref(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}

fn verify_alloc_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(result) = ctx.op_result_types(op).ok().and_then(|t| t.first().copied()) else { return Ok(()) };
    let sizes = group_len(ctx, op, 0);
    let copy = ctx.op_operand_segments(op).ok().and_then(|s| s.get(1).cloned()).and_then(|r| {
        let types = operand_types(ctx, op);
        types.get(r).and_then(|t| t.first().copied())
    });
    if copy.is_some() && sizes > 0 {
        return Err(plain_error("dynamic sizes not needed when copying a tensor"));
    }
    if copy.is_none() {
        let expected = ctx.shape(result).map_or(0, |s| s.iter().filter(|&&d| d == DYNAMIC).count());
        if sizes != expected {
            return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {expected}"));
        }
    }
    if copy.is_some_and(|c| c != result) {
        return Err(plain_error("expected that `copy` and return type match"));
    }
    Ok(())
}

fn verify_dealloc(ctx: &Context, op: OpId) -> Result<(), String> {
    if group_len(ctx, op, 0) != group_len(ctx, op, 1) {
        return Err("must have the same number of conditions as memrefs to deallocate".into());
    }
    let results = ctx.op_num_results(op).unwrap_or(0);
    if group_len(ctx, op, 2) != results {
        return Err("must have the same number of updated conditions (results) as retained operands".into());
    }
    Ok(())
}

fn verify_materialize_in_destination(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let (Some(&source), Some(&dest)) = (types.first(), types.get(1)) else { return Ok(()) };
    // ODS `AllElementTypesMatch<["source", "dest"]>`.
    if ctx.element_type(source) != ctx.element_type(dest) {
        return Err("failed to verify that all of {source, dest} have same element type".into());
    }
    let results = ctx.op_result_types(op).unwrap_or_default();
    if !is_tensor(ctx, dest) && !is_memref(ctx, dest) {
        return Err("'dest' must be a tensor or a memref".into());
    }
    if is_tensor(ctx, dest) {
        if results.len() != 1 {
            return Err("tensor 'dest' implies exactly one tensor result".into());
        }
        if results[0] != dest {
            return Err("result and 'dest' types must match".into());
        }
    }
    let memref = is_memref(ctx, dest);
    if memref && !results.is_empty() {
        return Err("memref 'dest' implies zero results".into());
    }
    if has_attr(ctx, op, "restrict") && !memref {
        return Err("'restrict' is valid only for memref destinations".into());
    }
    if has_attr(ctx, op, "writable") != memref {
        return Err("'writable' must be specified if and only if the destination is of memref type".into());
    }
    match (ctx.shape(source), ctx.shape(dest)) {
        (Some(s), Some(d)) => {
            if s.len() != d.len() {
                return Err(format!("source rank ({}) does not match destination rank ({})", s.len(), d.len()));
            }
            if s.iter().zip(d).any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b) {
                return Err("source/destination shapes are incompatible".into());
            }
        }
        (None, None) => {}
        _ => return Err("source/destination shapes are incompatible".into()),
    }
    Ok(())
}

/// Upstream's `TensorAndBufferMatch` trait for builtin types: the same shape (or both
/// unranked) and element type. Upstream also reports which of the two differs, as an error
/// of its own before this one; omnir's hooks report one error per op.
fn tensor_and_buffer_match(ctx: &Context, tensor: Type, buffer: Type) -> Result<(), String> {
    let same = ctx.shape(tensor) == ctx.shape(buffer) && ctx.element_type(tensor) == ctx.element_type(buffer);
    if !same {
        return Err("failed to verify that specified tensor and buffer types match".into());
    }
    Ok(())
}

fn verify_to_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&buffer), Some(tensor)) =
        (operand_types(ctx, op).first(), ctx.op_result_types(op).ok().and_then(|t| t.first().copied()))
    else {
        return Ok(());
    };
    tensor_and_buffer_match(ctx, tensor, buffer)
}

fn verify_to_buffer(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&tensor), Some(buffer)) =
        (operand_types(ctx, op).first(), ctx.op_result_types(op).ok().and_then(|t| t.first().copied()))
    else {
        return Ok(());
    };
    tensor_and_buffer_match(ctx, tensor, buffer)
}
