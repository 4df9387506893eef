//! Declarative assembly formats: compiled from MLIR's format language, parsed and printed
//! in the custom form (spacing as upstream's generated printers), generic form on request.

use std::sync::Arc;

use omnir_core::asm::{parse_source, print_op, ParseOptions, PrintFlags};
use omnir_core::dialect::{AttrConstraint, AttrSpec, DialectDef, EnumDef, OpDef, Traits, TypeConstraint, ValueSpec};
use omnir_core::types::Signedness;
use omnir_core::Context;

fn test_dialect(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "fmt".into(), allow_unknown_operations: false, enums: Vec::new() });
    let any_int = TypeConstraint::AnyInteger;
    let mut add = OpDef::new("fmt.add");
    add.operands = vec![ValueSpec::new("lhs", any_int.clone()), ValueSpec::new("rhs", any_int.clone())];
    add.results = vec![ValueSpec::new("result", any_int.clone())];
    add.traits = Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::PURE;
    add.set_assembly_format("$lhs `,` $rhs attr-dict `:` type($result)").unwrap();
    ctx.register_operation(add).unwrap();

    let pred =
        Arc::new(EnumDef::new("fmt::Predicate", 64, vec![("eq".into(), 0), ("ne".into(), 1), ("slt".into(), 2)]));
    let mut cmp = OpDef::new("fmt.cmp");
    cmp.operands = vec![ValueSpec::new("lhs", any_int.clone()), ValueSpec::new("rhs", any_int.clone())];
    cmp.results = vec![ValueSpec::new("result", TypeConstraint::Integer(1))];
    cmp.attributes = vec![AttrSpec::required("predicate", AttrConstraint::Enum(pred))];
    cmp.all_types_match = vec![vec!["lhs".into(), "rhs".into()]];
    cmp.set_assembly_format("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)").unwrap();
    ctx.register_operation(cmp).unwrap();

    let mut cst = OpDef::new("fmt.constant");
    cst.results = vec![ValueSpec::new("result", TypeConstraint::Any)];
    cst.attributes = vec![AttrSpec::required("value", AttrConstraint::Any)];
    cst.traits = Traits::CONSTANT_LIKE | Traits::PURE;
    cst.all_types_match = vec![vec!["value".into(), "result".into()]];
    cst.set_assembly_format("attr-dict $value").unwrap();
    ctx.register_operation(cst).unwrap();

    let mut func = OpDef::new("fmt.func");
    func.attributes = vec![AttrSpec::required("sym_name", AttrConstraint::SymbolName)];
    func.num_regions = 1;
    func.region_names = vec!["body".into()];
    func.traits = Traits::SYMBOL | Traits::ISOLATED_FROM_ABOVE;
    func.default_dialect = Some("fmt".into());
    func.set_assembly_format("$sym_name attr-dict-with-keyword $body").unwrap();
    ctx.register_operation(func).unwrap();

    let mut ret = OpDef::new("fmt.return");
    ret.operands = vec![ValueSpec::variadic("operands", TypeConstraint::Any)];
    ret.traits = Traits::IS_TERMINATOR | Traits::RETURN_LIKE;
    ret.set_assembly_format("attr-dict ($operands^ `:` type($operands))?").unwrap();
    ctx.register_operation(ret).unwrap();

    let mut iff = OpDef::new("fmt.if");
    iff.operands = vec![ValueSpec::new("condition", TypeConstraint::Integer(1))];
    iff.results = vec![ValueSpec::variadic("results", TypeConstraint::Any)];
    iff.num_regions = 2;
    iff.region_names = vec!["thenRegion".into(), "elseRegion".into()];
    iff.set_assembly_format("$condition (`->` `(` type($results)^ `)`)? $thenRegion (`else` $elseRegion^)? attr-dict")
        .unwrap();
    ctx.register_operation(iff).unwrap();

    let mut step = OpDef::new("fmt.step");
    step.operands = vec![ValueSpec::new("value", TypeConstraint::Index)];
    step.results = vec![ValueSpec::new("result", TypeConstraint::Index)];
    step.attributes = vec![AttrSpec::required(
        "by",
        AttrConstraint::TypedInteger(ctx.integer_type(32, Signedness::Signless).unwrap()),
    )];
    step.set_assembly_format("$value `by` $by attr-dict").unwrap();
    ctx.register_operation(step).unwrap();
}

/// Parses `text` (top-level ops, wrapped in a module by the parser) and prints each
/// top-level op in the custom form.
fn roundtrip(ctx: &mut Context, text: &str) -> String {
    let m = parse_source(ctx, text, "t.mlir", &ParseOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let body = ctx.region_first_block(ctx.op_region(m, 0).unwrap()).unwrap().unwrap();
    let mut out = String::new();
    for op in ctx.block_ops(body).unwrap() {
        out.push_str(&print_op(ctx, op, &PrintFlags::default()).unwrap());
        out.push('\n');
    }
    out
}

#[test]
fn custom_form_round_trips_byte_exact() {
    let mut ctx = Context::new();
    test_dialect(&mut ctx);
    // Inside `fmt.func` (default dialect `fmt`) names print without the prefix; inside
    // `fmt.if` (no default dialect) they keep it, as upstream.
    let text = r#"fmt.func @f {
  %0 = constant 42 : i32
  %1 = add %0, %0 : i32
  %2 = add %1, %0 {tag = "x"} : i32
  %3 = cmp slt, %1, %2 : i32
  %4 = if %3 -> (i32) {
    fmt.return %1 : i32
  } else {
    fmt.return %2 : i32
  }
  if %3 {
    fmt.return
  }
  return %4 : i32
}
fmt.func @g attributes {fmt.note = 1 : i64} {
}
"#;
    assert_eq!(roundtrip(&mut ctx, text), text);
    // The prefixed spelling reads the same.
    let prefixed = text.replace("  %0 = constant", "  %0 = fmt.constant").replace("  return %4", "  fmt.return %4");
    assert_eq!(roundtrip(&mut ctx, &prefixed), text);
}

#[test]
fn generic_form_on_request() {
    let mut ctx = Context::new();
    test_dialect(&mut ctx);
    let m = parse_source(
        &mut ctx,
        "%0 = fmt.constant 1 : i32\n%1 = fmt.cmp ne, %0, %0 : i32\n",
        "t.mlir",
        &ParseOptions::default(),
    )
    .unwrap();
    let flags = PrintFlags { generic: true, ..PrintFlags::default() };
    let g = print_op(&ctx, m, &flags).unwrap();
    assert!(g.contains(r#"%1 = "fmt.cmp"(%0, %0) <{predicate = 1 : i64}> : (i32, i32) -> i1"#), "{g}");
    assert!(g.contains(r#"%0 = "fmt.constant"() <{value = 1 : i32}> : () -> i32"#), "{g}");
    // And the generic form parses back to the same custom print.
    let custom = print_op(&ctx, m, &PrintFlags::default()).unwrap();
    let m2 = parse_source(&mut ctx, &g, "g.mlir", &ParseOptions::default()).unwrap();
    assert_eq!(print_op(&ctx, m2, &PrintFlags::default()).unwrap(), custom);
}

#[test]
fn typed_attribute_without_its_type() {
    let mut ctx = Context::new();
    test_dialect(&mut ctx);
    // The surrounding ops are unregistered: a context that refuses them fails to verify, and
    // an op that fails to verify prints in the generic form (as MLIR's printer does).
    ctx.set_allow_unregistered_dialects(true);
    let m = parse_source(
        &mut ctx,
        "\"test.src\"() ({\n^bb0(%i: index):\n  %0 = fmt.step %i by 3\n  \"test.sink\"(%0) : (index) -> ()\n}) : () -> ()\n",
        "t.mlir",
        &ParseOptions { allow_unregistered_dialects: true, ..Default::default() },
    )
    .unwrap();
    let g = print_op(&ctx, m, &PrintFlags { generic: true, ..PrintFlags::default() }).unwrap();
    assert!(g.contains("<{by = 3 : i32}>"), "{g}");
    let c = print_op(&ctx, m, &PrintFlags::default()).unwrap();
    assert!(c.contains("%0 = fmt.step %arg0 by 3\n"), "{c}");
}

#[test]
fn errors_point_at_the_text() {
    let mut ctx = Context::new();
    test_dialect(&mut ctx);
    let cases = [
        ("%0 = fmt.constant 1 : i32\n%1 = fmt.add %0 %0 : i32\n", "t.mlir:2:16: error: expected ','"),
        ("%0 = fmt.constant 1 : i32\n%1 = fmt.cmp sle, %0, %0 : i32\n", "t.mlir:2:14: error: custom op 'fmt.cmp' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt]"),
        ("%0 = fmt.constant 1 : i32\n%1 = fmt.add %0, %0 : i64\n", "use of value '%0' expects different type than prior uses: 'i64' vs 'i32'"),
        ("fmt.func f {\n}\n", "t.mlir:1:10: error: expected valid '@'-identifier for symbol name"),
        ("fmt.nope\n", "custom op 'fmt.nope' is unknown"),
        ("%0 = fmt.constant 1 : i32\n%1 = fmt.cmp %0, %0 : i32\n", "t.mlir:2:14: error: custom op 'fmt.cmp' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt]"),
        ("%0 = fmt.constant 1 : i32\n%1 = fmt.if %0 {\n}\n", "use of value '%0' expects different type than prior uses: 'i1' vs 'i32'"),
        ("%0 = fmt.constant 1 : i1\nfmt.if %0 {\n} els {\n}\n", "t.mlir:3:3: error: custom op 'els' is unknown"),
    ];
    for (text, want) in cases {
        let e = parse_source(&mut ctx, text, "t.mlir", &ParseOptions::default()).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
}

#[test]
fn bad_formats_are_refused_with_a_position() {
    let def = |f: &str| {
        let mut add = OpDef::new("fmt.add");
        add.operands =
            vec![ValueSpec::new("lhs", TypeConstraint::AnyInteger), ValueSpec::new("rhs", TypeConstraint::AnyInteger)];
        add.results = vec![ValueSpec::new("result", TypeConstraint::AnyInteger)];
        add.set_assembly_format(f).map(|_| ()).map_err(|e| e.to_string())
    };
    assert!(def("$lhs `,` $rhs attr-dict `:` type($lhs) type($rhs) type($result)").is_ok());
    let e = def("$lhs `,` $rhs `:` type($lhs) type($rhs) type($result)").unwrap_err();
    assert!(e.contains("'attr-dict' directive not found"), "{e}");
    let e = def("$lhs attr-dict `:` type($lhs) type($result)").unwrap_err();
    assert!(e.contains("operand #1, named 'rhs', not found"), "{e}");
    let e = def("$lhs `,` $rhs attr-dict `:` type($lhs)").unwrap_err();
    assert!(e.contains("type of operand #1, named 'rhs', is not buildable"), "{e}");
    let e = def("$lhs `,` $nope attr-dict").unwrap_err();
    assert!(e.contains("offset 9") && e.contains("'nope'"), "{e}");
    let e = def("($lhs)? `,` $rhs attr-dict").unwrap_err();
    assert!(e.contains("no anchor"), "{e}");
    let e = def("$lhs `,` $rhs attr-dict `:` type($lhs) type($rhs) `").unwrap_err();
    assert!(e.contains("unterminated literal"), "{e}");
}

/// A `func.func`-like op whose signature is a custom directive written in Rust: it defines
/// the body's entry block arguments (`%a: i32`), and the body prints without its entry
/// block header.
#[test]
fn custom_directive_defines_region_arguments() {
    use omnir_core::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
    use omnir_core::attrs::AttrKind;
    use omnir_core::types::TypeKind;

    let mut ctx = Context::new();
    test_dialect(&mut ctx);
    let mut f = OpDef::new("fmt.fn");
    f.attributes = vec![
        AttrSpec::required("sym_name", AttrConstraint::SymbolName),
        AttrSpec::required("function_type", AttrConstraint::Type),
    ];
    f.num_regions = 1;
    f.region_names = vec!["body".into()];
    f.traits = Traits::SYMBOL | Traits::ISOLATED_FROM_ABOVE;
    f.default_dialect = Some("fmt".into());
    f.set_assembly_format("$sym_name `` custom<Signature>($function_type, $body) attr-dict-with-keyword $body")
        .unwrap();
    ctx.register_operation(f).unwrap();
    let parse = |p: &mut dyn DirectiveParser, args: &mut [ParsedArg]| {
        p.parse_punct("(")?;
        let mut params = Vec::new();
        if !p.parse_optional_punct(")")? {
            loop {
                let name = p.parse_argument()?;
                p.parse_punct(":")?;
                let t = p.parse_type()?;
                params.push((name, t));
                if !p.parse_optional_punct(",")? {
                    break;
                }
            }
            p.parse_punct(")")?;
        }
        let mut results = Vec::new();
        if p.parse_optional_punct("->")? {
            results.push(p.parse_type()?);
        }
        let inputs: Vec<_> = params.iter().map(|(_, t)| *t).collect();
        let fty = p.context().function_type(&inputs, &results);
        args[0] = ParsedArg::Attr(Some(p.context().type_attr(fty)));
        args[1] = ParsedArg::RegionArgs(params);
        Ok(())
    };
    let print = |p: &mut dyn DirectivePrinter, args: &[PrintArg]| {
        let (PrintArg::Attr(Some(fty)), PrintArg::RegionArgs(values)) = (&args[0], &args[1]) else { return };
        let ctx = p.context();
        let AttrKind::Type(t) = ctx.attr_kind(*fty) else { return };
        let TypeKind::Function { inputs, results } = ctx.type_kind(*t).clone() else { return };
        p.write("(");
        for (i, (v, t)) in values.iter().zip(inputs.iter()).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(*v);
            p.write(": ");
            p.print_type(*t);
        }
        p.write(")");
        for r in results.iter() {
            p.write(" -> ");
            p.print_type(*r);
        }
    };
    ctx.register_custom_directive("fmt", "Signature", CustomDirective::new(Arc::new(parse), Arc::new(print))).unwrap();
    let text = r#"fmt.fn @add(%arg0: i32, %arg1: i32) -> i32 {
  %0 = add %arg0, %arg1 : i32
  return %0 : i32
}
fmt.fn @empty() {
  return
}
"#;
    assert_eq!(roundtrip(&mut ctx, text), text);
    // Names in the source are the user's; the printer numbers them as MLIR does.
    let renamed = text.replace("%arg0", "%x").replace("%arg1", "%y");
    assert_eq!(roundtrip(&mut ctx, &renamed), text);
    // The generic form carries the signature as an attribute and the arguments as a label.
    let m = parse_source(&mut ctx, text, "t.mlir", &ParseOptions::default()).unwrap();
    let g = print_op(&ctx, m, &PrintFlags { generic: true, ..PrintFlags::default() }).unwrap();
    assert!(g.contains("\"fmt.fn\"() <{function_type = (i32, i32) -> i32, sym_name = \"add\"}> ({\n  ^bb0(%arg0: i32, %arg1: i32):"), "{g}");
    // A use of an argument name that the signature did not define is an error.
    let e = parse_source(&mut ctx, "fmt.fn @f(%a: i32) {\n  return %b : i32\n}\n", "t.mlir", &ParseOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("use of undeclared SSA value name"), "{e}");
    // A label after named arguments is refused.
    let e = parse_source(
        &mut ctx,
        "fmt.fn @f(%a: i32) {\n^bb0(%c: i32):\n  return\n}\n",
        "t.mlir",
        &ParseOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("t.mlir:2:1: error: invalid block name in region with named arguments"), "{e}");
}
