//! `custom<DynamicIndexList>`: a bracketed list mixing SSA values and integers, such as the
//! offsets of `memref.subview` (`[%a, 4, %b]`), shared by memref, tensor, vector, linalg and
//! others. Each dialect registers [`dynamic_index_list`] under its own name.
//!
//! Arguments, as upstream's ODS passes them: `$dynamic_values` (the SSA values, in order),
//! `$static_values` (an `array<i64: ...>` with one entry per element: the integer, or
//! [`DYNAMIC`] where an SSA value stands), then optionally, in any order, an
//! `array<i1: ...>` property of scalable flags (an element written `[4]`) and
//! `type($dynamic_values)` (each value written `%v : type`).

use std::sync::Arc;

use crate::asm::format::{
    CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg, PrintedValue, UnresolvedOperand,
};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::types::{Signedness, Type};

/// The integer that marks an element held by an SSA value (MLIR's `ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

/// The directive's hooks, to register as `custom<DynamicIndexList>` of a dialect.
pub fn dynamic_index_list() -> CustomDirective {
    CustomDirective::new(Arc::new(parse_dynamic_index_list), Arc::new(print_dynamic_index_list))
}

/// The elements of an `array<i64: ...>` (empty for anything else).
pub fn i64_array(ctx: &Context, attr: Attribute) -> Vec<i64> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { data, len, .. } if data.len() == len * 8 => {
            data.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect()
        }
        _ => Vec::new(),
    }
}

/// The elements of an `array<i1: ...>` (empty for anything else).
pub fn bool_array(ctx: &Context, attr: Attribute) -> Vec<bool> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { data, len, .. } if data.len() == *len => data.iter().map(|&b| b != 0).collect(),
        _ => Vec::new(),
    }
}

/// `array<i64: values>`.
pub fn i64_array_attr(ctx: &Context, values: &[i64]) -> Result<Attribute, AsmError> {
    let i64_type = int_type(ctx, 64)?;
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.dense_array_attr(i64_type, &data).map_err(|e| AsmError::new(e.message))
}

/// `array<i1: values>`.
pub fn bool_array_attr(ctx: &Context, values: &[bool]) -> Result<Attribute, AsmError> {
    let i1 = int_type(ctx, 1)?;
    let data: Vec<u8> = values.iter().map(|&b| b as u8).collect();
    ctx.dense_array_attr(i1, &data).map_err(|e| AsmError::new(e.message))
}

fn int_type(ctx: &Context, width: u32) -> Result<Type, AsmError> {
    ctx.integer_type(width, Signedness::Signless).map_err(|e| AsmError::new(e.message))
}

/// An integer element: a bare integer literal, possibly negative.
fn parse_integer(p: &mut dyn DirectiveParser) -> Result<i64, AsmError> {
    if p.at_operand() || p.at_punct("]") || p.at_punct(",") || p.at_punct("[") {
        return Err(p.error("expected SSA value or integer"));
    }
    let attr = p.parse_attribute()?;
    let ctx = p.context();
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => {
            let width = match ctx.type_kind(*ty) {
                crate::types::TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            value.to_i64(width).ok_or_else(|| p.error("integer value too large"))
        }
        _ => Err(p.error("expected SSA value or integer")),
    }
}

/// The parts of one index list as read: the SSA values (with their types when asked for),
/// and per element its integer ([`DYNAMIC`] for a value) and whether it was bracketed.
#[derive(Default)]
pub struct IndexList {
    pub values: Vec<UnresolvedOperand>,
    pub types: Vec<Type>,
    pub integers: Vec<i64>,
    pub scalable: Vec<bool>,
}

/// Reads `open elem, ... close` (MLIR's `parseDynamicIndexList` with a delimiter: `[`/`]`
/// for offsets, `(`/`)` for `scf.forall`'s bounds); `with_types` reads `%v : type`.
pub fn parse_index_list(
    p: &mut dyn DirectiveParser,
    open: &str,
    close: &str,
    with_types: bool,
) -> Result<IndexList, AsmError> {
    let mut list = IndexList::default();
    if !p.parse_optional_punct(open)? {
        return Err(p.error(&format!("expected '{open}' in dynamic index list")));
    }
    if p.parse_optional_punct(close)? {
        return Ok(list);
    }
    loop {
        if let Some(v) = p.parse_optional_operand()? {
            list.values.push(v);
            list.integers.push(DYNAMIC);
            list.scalable.push(false);
            if with_types {
                p.parse_punct(":")?;
                list.types.push(p.parse_type()?);
            }
        } else if p.parse_optional_punct("[")? {
            list.integers.push(parse_integer(p)?);
            list.scalable.push(true);
            p.parse_punct("]")?;
        } else {
            list.integers.push(parse_integer(p)?);
            list.scalable.push(false);
        }
        if p.parse_optional_punct(",")? {
            continue;
        }
        if !p.parse_optional_punct(close)? {
            return Err(p.error(&format!("expected '{close}' in dynamic index list")));
        }
        return Ok(list);
    }
}

fn parse_dynamic_index_list(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let wants_types = args.iter().skip(2).any(|a| matches!(a, ParsedArg::Types(_)));
    let mut list = parse_index_list(p, "[", "]", wants_types)?;
    let ctx = p.context();
    let integers_attr = i64_array_attr(ctx, &list.integers)?;
    let scalable_attr = bool_array_attr(ctx, &list.scalable)?;
    for (i, slot) in args.iter_mut().enumerate() {
        match (i, slot) {
            (0, slot) => *slot = ParsedArg::Operands(std::mem::take(&mut list.values)),
            (1, slot) => *slot = ParsedArg::Attr(Some(integers_attr)),
            (_, slot @ ParsedArg::Attr(_)) => *slot = ParsedArg::Attr(Some(scalable_attr)),
            (_, slot @ ParsedArg::Types(_)) => *slot = ParsedArg::Types(std::mem::take(&mut list.types)),
            _ => {}
        }
    }
    Ok(())
}

/// Writes `open elem, ... close`: each integer, or the next value (`%v : type` when `types`
/// is given) where the integer is [`DYNAMIC`]; bracketed where `scalable` says so.
pub fn print_index_list(
    p: &mut dyn DirectivePrinter,
    (open, close): (&str, &str),
    values: &[PrintedValue],
    integers: &[i64],
    scalable: &[bool],
    types: &[Type],
) {
    p.write(open);
    let mut next_value = 0;
    for (i, &n) in integers.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let bracket = scalable.get(i).copied().unwrap_or(false);
        if bracket {
            p.write("[");
        }
        if n == DYNAMIC {
            if let Some(&v) = values.get(next_value) {
                p.print_value(v);
            }
            if let Some(&t) = types.get(next_value) {
                p.write(" : ");
                p.print_type(t);
            }
            next_value += 1;
        } else {
            p.write(&n.to_string());
        }
        if bracket {
            p.write("]");
        }
    }
    p.write(close);
}

fn print_dynamic_index_list(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let values = match args.first() {
        Some(PrintArg::Operands(v)) => v.clone(),
        _ => Vec::new(),
    };
    let integers = match args.get(1) {
        Some(PrintArg::Attr(Some(a))) => i64_array(p.context(), *a),
        _ => Vec::new(),
    };
    let mut scalable = Vec::new();
    let mut types = Vec::new();
    for a in args.iter().skip(2) {
        match a {
            PrintArg::Attr(Some(a)) => scalable = bool_array(p.context(), *a),
            PrintArg::Types(t) => types = t.clone(),
            _ => {}
        }
    }
    print_index_list(p, ("[", "]"), &values, &integers, &scalable, &types);
}

#[cfg(test)]
mod tests {
    use crate::asm::{parse_source, print_op, ParseOptions, PrintFlags};
    use crate::dialect::{AttrConstraint, AttrSpec, DialectDef, OpDef, TypeConstraint, ValueSpec};
    use crate::Context;

    fn context() -> Context {
        let mut ctx = Context::new();
        ctx.register_dialect(DialectDef { name: "ilt".into(), allow_unknown_operations: false, enums: Vec::new() });
        let mut op = OpDef::new("ilt.list");
        op.operands = vec![ValueSpec::variadic("dyn", TypeConstraint::Index)];
        op.attributes = vec![AttrSpec::required("static", AttrConstraint::DenseIntArray(64))];
        op.set_assembly_format("custom<DynamicIndexList>($dyn, $static) attr-dict").unwrap();
        ctx.register_operation(op).unwrap();
        let mut op = OpDef::new("ilt.typed");
        op.operands = vec![ValueSpec::variadic("dyn", TypeConstraint::Any)];
        op.attributes = vec![
            AttrSpec::required("static", AttrConstraint::DenseIntArray(64)),
            AttrSpec::optional("scalable", AttrConstraint::Any),
        ];
        op.set_assembly_format("custom<DynamicIndexList>($dyn, $static, $scalable, type($dyn)) attr-dict").unwrap();
        ctx.register_operation(op).unwrap();
        ctx.register_custom_directive("ilt", "DynamicIndexList", super::dynamic_index_list()).unwrap();
        ctx
    }

    fn print(ctx: &mut Context, text: &str, generic: bool) -> String {
        let m = parse_source(ctx, text, "t.mlir", &ParseOptions::default()).unwrap();
        print_op(ctx, m, &PrintFlags { generic, ..PrintFlags::default() }).unwrap()
    }

    #[test]
    fn mixed_values_and_integers() {
        let mut ctx = context();
        let text = "func.func @f(%arg0: index, %arg1: index) {\n  ilt.list [%arg0, 4, -2, %arg1]\n  ilt.list []\n  return\n}\n";
        let text = format!("module {{\n{}}}\n", text.lines().map(|l| format!("  {l}\n")).collect::<String>());
        assert_eq!(print(&mut ctx, &text, false), text);
        let g = print(&mut ctx, &text, true);
        assert!(g.contains("<{static = array<i64: -9223372036854775808, 4, -2, -9223372036854775808>}>"), "{g}");
        assert!(g.contains("<{static = array<i64>}>"), "{g}");
    }

    #[test]
    fn scalable_and_typed() {
        let mut ctx = context();
        let text =
            "func.func @f(%arg0: index, %arg1: i32) {\n  ilt.typed [%arg0 : index, [4], %arg1 : i32]\n  return\n}\n";
        let text = format!("module {{\n{}}}\n", text.lines().map(|l| format!("  {l}\n")).collect::<String>());
        assert_eq!(print(&mut ctx, &text, false), text);
        let g = print(&mut ctx, &text, true);
        assert!(g.contains("scalable = array<i1: false, true, false>"), "{g}");
    }

    #[test]
    fn errors() {
        let mut ctx = context();
        for bad in ["ilt.list [%a, ]", "ilt.list [1.5]", "ilt.list [1", "ilt.list 1]"] {
            let text = format!("func.func @f(%a: index) {{\n  {bad}\n  return\n}}\n");
            assert!(parse_source(&mut ctx, &text, "t.mlir", &ParseOptions::default()).is_err(), "{bad}");
        }
    }
}
