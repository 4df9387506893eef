//! Dialect definitions loaded from IRDL files (plus `omnir.*` attributes): registration,
//! IRDL's constraint semantics in the verifier, custom forms from `omnir.assembly_format`,
//! and clean, position-carrying errors for bad definitions that register nothing.

use omnir_core::asm::{parse_source, print_op, ParseOptions, PrintFlags};
use omnir_core::irdl::load_definitions;
use omnir_core::Context;

const CMATH: &str = include_str!("../../tests/definitions/cmath.irdl.mlir");
const FMTEST: &str = include_str!("../../tests/definitions/fmtest.irdl.mlir");

fn parse(ctx: &mut Context, text: &str) -> Result<String, String> {
    ctx.set_allow_unregistered_dialects(true);
    let opts = ParseOptions { allow_unregistered_dialects: true, verify_after_parse: true };
    let m = parse_source(ctx, text, "in.mlir", &opts).map_err(|e| e.to_string())?;
    Ok(print_op(ctx, m, &PrintFlags::default()).unwrap())
}

#[test]
fn upstream_irdl_file_loads_and_verifies_as_upstream() {
    let mut ctx = Context::new();
    let names = load_definitions(&mut ctx, CMATH, "cmath.irdl.mlir").unwrap();
    assert_eq!(names, vec!["cmath".to_string()]);
    assert!(ctx.operation_def("cmath.norm").is_some() && ctx.operation_def("cmath.mul").is_some());
    // The type's parameter constraint: f32 or f64.
    parse(&mut ctx, "%0 = \"test.c\"() : () -> !cmath.complex<f32>\n").unwrap();
    let e = parse(&mut ctx, "%0 = \"test.c\"() : () -> !cmath.complex<i32>\n").unwrap_err();
    assert!(e.contains("'i32' does not satisfy the constraint"), "{e}");
    // norm: the result is the complex's element type (one constraint value, bound once).
    parse(
        &mut ctx,
        "%0 = \"test.c\"() : () -> !cmath.complex<f32>\n%1 = \"cmath.norm\"(%0) : (!cmath.complex<f32>) -> f32\n",
    )
    .unwrap();
    let e = parse(
        &mut ctx,
        "%0 = \"test.c\"() : () -> !cmath.complex<f32>\n%1 = \"cmath.norm\"(%0) : (!cmath.complex<f32>) -> f64\n",
    )
    .unwrap_err();
    // Upstream's IRDL reports constraint failures without the `'cmath.norm' op` prefix.
    assert!(e.contains("in.mlir:2:6: error: expected 'f32' but got 'f64'"), "{e}");
    let e = parse(&mut ctx, "%0 = \"test.c\"() : () -> f32\n%1 = \"cmath.norm\"(%0) : (f32) -> f32\n").unwrap_err();
    assert!(e.contains("expected base type 'cmath.complex' but got 'f32'"), "{e}");
    // mul: both operands and the result share one constraint value.
    let e = parse(
        &mut ctx,
        "%0 = \"test.c\"() : () -> !cmath.complex<f32>\n%1 = \"test.c\"() : () -> !cmath.complex<f64>\n%2 = \"cmath.mul\"(%0, %1) : (!cmath.complex<f32>, !cmath.complex<f64>) -> !cmath.complex<f32>\n",
    )
    .unwrap_err();
    assert!(e.contains("expected '!cmath.complex<f32>' but got '!cmath.complex<f64>'"), "{e}");
    // Loading the same dialect again is refused and changes nothing.
    let e = load_definitions(&mut ctx, CMATH, "again.mlir").unwrap_err().to_string();
    assert!(e.contains("again.mlir:3:1: error: dialect 'cmath' is already registered"), "{e}");
}

#[test]
fn omnir_attributes_give_custom_forms_traits_and_enums() {
    let mut ctx = Context::new();
    load_definitions(&mut ctx, FMTEST, "fmtest.irdl.mlir").unwrap();
    ctx.set_allow_unregistered_dialects(true);
    let text = r#"module {
  fmtest.func @f {
    %0 = constant 42 : i32
    %1 = add %0, %0 : i32
    %2 = cmp slt, %1, %0 : i32
    %3 = "test.idx"() : () -> index
    %4 = step %3
    %5 = step %3 by 4
    return %1 : i32
  }
}
"#;
    let m = parse_source(
        &mut ctx,
        text,
        "in.mlir",
        &ParseOptions { allow_unregistered_dialects: true, verify_after_parse: true },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let body = ctx.region_first_block(ctx.op_region(m, 0).unwrap()).unwrap().unwrap();
    let func = ctx.block_ops(body).unwrap()[0];
    let printed = print_op(&ctx, func, &PrintFlags::default()).unwrap();
    let expected: String = text.lines().skip(1).take(9).map(|l| format!("{}\n", &l[2..])).collect();
    assert_eq!(format!("{printed}\n"), expected);
    // The default of `by` is left out of the custom form; an op read without it holds the
    // default (MLIR default-initializes such properties), which the generic form shows.
    let g = print_op(&ctx, func, &PrintFlags { generic: true, ..PrintFlags::default() }).unwrap();
    assert!(g.contains("\"fmtest.step\"(%3) <{by = 1 : i32}> : (index) -> index"), "{g}");
    assert!(g.contains("\"fmtest.step\"(%3) <{by = 4 : i32}> : (index) -> index"), "{g}");
    assert!(g.contains("<{predicate = 2 : i64}>"), "{g}");
    // Traits from omnir.traits.
    let add = ctx.operation_def("fmtest.add").unwrap();
    assert!(add.has_trait(omnir_core::dialect::Traits::PURE | omnir_core::dialect::Traits::COMMUTATIVE));
    assert_eq!(add.summary, "integer addition");
    // Named constraints check with ODS's words; shared values must match.
    let e = parse(&mut ctx, "%0 = \"test.f\"() : () -> f32\n%1 = fmtest.add %0, %0 : f32\n").unwrap_err();
    assert!(e.contains("'fmtest.add' op operand #0 must be signless-integer-like, but got 'f32'"), "{e}");
    let e = parse(&mut ctx, "%0 = \"test.f\"() : () -> i32\n%1 = \"fmtest.add\"(%0, %0) : (i32, i32) -> i64\n")
        .unwrap_err();
    assert!(e.contains("'fmtest.add' op requires the same type for all operands and results"), "{e}");
}

#[test]
fn bad_definitions_are_errors_at_their_position_and_register_nothing() {
    let cases = [
        ("irdl.dialect @d {\n  irdl.operation @o attributes {omnir.traits = [\"Pur\"]} {\n  }\n}\n", "d.mlir:2:3: error: unknown trait 'Pur'"),
        ("irdl.dialect @d {\n  irdl.operation @o attributes {omnir.assembly_format = \"$x attr-dict\"} {\n  }\n}\n", "d.mlir:2:3: error: invalid assembly format of 'd.o'"),
        ("irdl.dialect @d {\n  irdl.operation @o {\n    %0 = irdl.any {omnir.constraint = \"AnyThing\"}\n    irdl.operands(a: %0)\n  }\n}\n", "d.mlir:3:10: error: unknown named constraint 'AnyThing'"),
        ("irdl.dialect @d {\n  irdl.operation @o {\n    %0 = irdl.parametric @nope<>\n    irdl.operands(a: %0)\n  }\n}\n", "d.mlir:3:10: error: 'irdl.parametric' op symbol '@nope' not found"),
        ("irdl.dialect @d {\n  irdl.operation @o {\n    irdl.operands(a: %0)\n  }\n}\n", "d.mlir:3:22: error: use of undeclared SSA value name"),
        ("irdl.dialect @d {\n  irdl.operation @o attributes {omnir.verifier = \"nobody\"} {\n  }\n}\n", "verifier hook 'nobody' is not registered"),
        ("func.func private @f()\nfunc.func private @f()\n", "d.mlir:2:1: error: redefinition of symbol named 'f'"),
        ("irdl.dialect @d {\n  irdl.operation @o attributes {omnir.defaults = {z = 1}} {\n  }\n}\n", "omnir.defaults names 'z'"),
    ];
    for (text, want) in cases {
        let mut ctx = Context::new();
        let before = ctx.registered_dialects().len();
        let e = load_definitions(&mut ctx, text, "d.mlir").unwrap_err().to_string();
        assert!(e.contains(want), "{text}\n=> {e}");
        assert!(!ctx.is_dialect_registered("d"), "{text}: nothing registered");
        // Only the irdl dialect itself (needed to read the file) is new, and the shipped
        // dialects the file's other IR uses.
        let new = ctx.registered_dialects().len() - before;
        assert!(new <= 1 || (new == 2 && ctx.is_dialect_registered("func")), "{text}");
    }
}

/// What a definition says of a type or attribute kind beyond IRDL: each parameter's kind
/// (from its constraint, for typed bindings), named constraints checked on parameters,
/// marker interfaces, the generated class's name and docs.
#[test]
fn kinds_carry_parameter_kinds_interfaces_and_names() {
    use omnir_core::dialect::AttrConstraint;
    use omnir_core::gen::model::{AttrKind, Dialect};
    const PIXELS: &str = include_str!("../../tests/definitions/pixels.irdl.mlir");
    let mut ctx = Context::new();
    load_definitions(&mut ctx, PIXELS, "pixels.irdl.mlir").unwrap();
    let rgb = ctx.type_def(ctx.lookup_type_def("pixels.rgb").unwrap()).unwrap().clone();
    assert!(matches!(rgb.params[0].constraint, AttrConstraint::TypedInteger(_)));
    assert_eq!(rgb.docs.summary, "a pixel of three channels");
    // The marker interface makes it a memref element type.
    parse(&mut ctx, "%0 = \"test.c\"() : () -> memref<4x!pixels.rgb<8>>\n").unwrap();
    let e = parse(&mut ctx, "%0 = \"test.c\"() : () -> memref<4x!pixels.plane<f32, 1>>\n").unwrap_err();
    assert!(e.contains("invalid memref element type"), "{e}");
    // A named constraint on a parameter holds.
    parse(&mut ctx, "%0 = \"test.c\"() {a = #pixels.named<\"x\">} : () -> i1\n").unwrap();
    let e = parse(&mut ctx, "%0 = \"test.c\"() {a = #pixels.named<3>} : () -> i1\n").unwrap_err();
    assert!(e.contains("does not satisfy the constraint: string attribute"), "{e}");

    let model = Dialect::from_context(&mut ctx, "pixels").unwrap();
    let kinds: Vec<(&str, Vec<AttrKind>)> = model
        .kinds
        .iter()
        .map(|k| (k.class_name.as_str(), k.params.iter().map(|p| p.kind.clone()).collect()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("RgbType", vec![AttrKind::Int("i64".into())]),
            ("PlaneType", vec![AttrKind::Type, AttrKind::Any]),
            ("RawHandleType", vec![]),
            ("ChannelAttr", vec![AttrKind::Enum("Channel".into(), 32)]),
            ("NameAttr", vec![AttrKind::String]),
        ]
    );

    let mut bad = Context::new();
    let e = load_definitions(
        &mut bad,
        "irdl.dialect @d {\n  irdl.type @t attributes {omnir.interfaces = 3}\n}\n",
        "d.mlir",
    )
    .unwrap_err();
    assert!(e.to_string().contains("d.mlir:2:3") && e.to_string().contains("omnir.interfaces must be an array"), "{e}");
}
