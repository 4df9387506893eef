//! Definition files in upstream's IRDL alone load and verify as upstream's IRDL does (as
//! iree-opt's `--irdl-file` does): the text of the irdl ops, the checks of a definition
//! file, and the verification of the operations, types and attributes it defines, message
//! for message. The dialect is tests/definitions/geo.irdl.mlir.

use omnir_core::asm::{parse_source, print_op, ParseOptions, PrintFlags};
use omnir_core::irdl::{ensure_irdl_dialect, load_definitions};
use omnir_core::Context;

const GEO: &str = include_str!("../../tests/definitions/geo.irdl.mlir");

fn geo() -> Context {
    let mut ctx = Context::new();
    load_definitions(&mut ctx, GEO, "geo.irdl.mlir").unwrap_or_else(|e| panic!("{e}"));
    ctx
}

/// Parses and verifies `text`; the printed module or the rendered errors.
fn check(ctx: &mut Context, text: &str) -> Result<String, String> {
    let opts = ParseOptions { allow_unregistered_dialects: false, verify_after_parse: true };
    let m = parse_source(ctx, text, "in.mlir", &opts).map_err(|e| e.to_string())?;
    Ok(print_op(ctx, m, &PrintFlags::default()).unwrap())
}

fn fails(ctx: &mut Context, text: &str, want: &str) {
    match check(ctx, text) {
        Ok(printed) => panic!("expected `{want}`, but this verifies:\n{printed}"),
        Err(e) => assert!(e.contains(want), "expected `{want}` in:\n{e}"),
    }
}

/// The load error of a definition file.
fn bad_definition(text: &str) -> String {
    let mut ctx = Context::new();
    let e = load_definitions(&mut ctx, text, "d.irdl.mlir").map(|_| ()).unwrap_err().to_string();
    assert!(!ctx.is_dialect_registered("d"), "a failed load registers nothing");
    e
}

#[test]
fn the_irdl_text_round_trips_in_upstreams_syntax() {
    let mut ctx = Context::new();
    ensure_irdl_dialect(&mut ctx);
    let printed = check(&mut ctx, GEO).unwrap_or_else(|e| panic!("{e}"));
    for line in [
        "irdl.type @unit\n",
        "irdl.parameters(first: %0, second: %3)",
        "irdl.parametric @geo::@chain<%0>",
        "irdl.c_pred \"::llvm::isa<::mlir::IntegerAttr>($_self)\"",
        "irdl.base @geo::@pair",
        "irdl.base \"!builtin.integer\"",
        "irdl.attributes {\"label\" = %0, \"width\" = %1}",
        // `single` is the default and is left out.
        "irdl.operands(head: %0, rest: variadic %1, tail: %2)",
        "irdl.results(r_head: %0, r_rest: optional %1, r_tail: %2)",
        "irdl.region(%1, %2)",
        "irdl.region with size 2",
        "irdl.region()",
        "irdl.regions(plain: %0, typed: %3, sized: %4, bare: %5)",
    ] {
        assert!(printed.contains(line), "`{line}` not in:\n{printed}");
    }
    let again = check(&mut ctx, &printed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(printed, again);
    // Values must be named, as upstream requires.
    let e =
        check(&mut ctx, "irdl.dialect @d {\n  irdl.type @t {\n    %0 = irdl.any\n    irdl.parameters(%0)\n  }\n}\n")
            .unwrap_err();
    assert!(e.contains("in.mlir:4:21: error: custom op 'irdl.parameters' expected valid keyword"), "{e}");
}

#[test]
fn valid_operations_verify_and_print_generically() {
    let mut ctx = geo();
    let text = r#"func.func @f(%a: i8, %b: i16, %c: i32, %p: !geo.pair<f32, i16>, %u: !geo.unit, %ch: !geo.chain<!geo.chain<index>>, %q: !geo.opaque_pred) {
  %0 = "geo.exact"() : () -> i8
  %1 = "geo.either"() : () -> i16
  %2 = "geo.both"() : () -> i16
  %3 = "geo.of_pair"() : () -> !geo.pair<i1, i8>
  %4 = "geo.int_type"() : () -> i64
  "geo.labelled"() {label = #geo.tag<"x">, width = 3 : i64} : () -> ()
  %5 = "geo.pair_of"() : () -> !geo.pair<f64, i8>
  %6:2 = "geo.twins"() : () -> (i8, i8)
  %7:3 = "geo.middle"(%a, %b, %b, %c) : (i8, i16, i16, i32) -> (i8, i16, i32)
  %8:2 = "geo.middle"(%a, %c) : (i8, i32) -> (i8, i32)
  "geo.groups"(%a, %a, %c) {operandSegmentSizes = array<i32: 2, 0, 1>} : (i8, i8, i32) -> ()
  "geo.carry"(%c) ({
  ^bb0(%x: i32):
    llvm.unreachable
  }) : (i32) -> ()
  return
}
"#;
    let printed = check(&mut ctx, text).unwrap_or_else(|e| panic!("{e}"));
    // Attributes of IRDL operations are discardable ones, as upstream has them.
    assert!(printed.contains("\"geo.labelled\"() {label = #geo.tag<\"x\">, width = 3 : i64} : () -> ()"), "{printed}");
    assert!(printed.contains("{operandSegmentSizes = array<i32: 2, 0, 1>}"), "{printed}");
}

#[test]
fn constraint_failures_use_upstreams_messages() {
    let mut ctx = geo();
    fails(&mut ctx, "%0 = \"geo.exact\"() : () -> i16\n", "in.mlir:1:6: error: expected 'i8' but got 'i16'");
    fails(&mut ctx, "%0 = \"geo.either\"() : () -> i32\n", "error: 'i32' does not satisfy the constraint");
    // all_of: the any_of accepts i8, the `is i16` does not.
    fails(&mut ctx, "%0 = \"geo.both\"() : () -> i8\n", "error: expected 'i16' but got 'i8'");
    fails(
        &mut ctx,
        "%0 = \"geo.of_pair\"() : () -> i8\n",
        "error: expected base type 'geo.pair' but got 'builtin.integer'",
    );
    fails(
        &mut ctx,
        "%0 = \"geo.int_type\"() : () -> f32\n",
        "error: expected base type 'builtin.integer' but got 'builtin.f32'",
    );
    fails(
        &mut ctx,
        "\"geo.labelled\"() {label = i8, width = 3 : i64} : () -> ()\n",
        "error: expected base attribute 'geo.tag' but got 'builtin.type'",
    );
    fails(
        &mut ctx,
        "\"geo.labelled\"() {label = #geo.tag<\"x\">} : () -> ()\n",
        "error: 'geo.labelled' op attribute \"width\" is expected but not provided",
    );
    fails(&mut ctx, "%0 = \"geo.pair_of\"() : () -> !geo.pair<f64, i16>\n", "error: expected 'i8' but got 'i16'");
    // One constraint value binds to the first type it accepts.
    fails(&mut ctx, "%0:2 = \"geo.twins\"() : () -> (i8, i16)\n", "in.mlir:1:8: error: expected 'i8' but got 'i16'");
}

#[test]
fn group_sizes_follow_upstreams_rules() {
    let mut ctx = geo();
    let a = "%a = \"geo.exact\"() : () -> i8\n";
    fails(
        &mut ctx,
        &format!("{a}\"geo.middle\"(%a) : (i8) -> (i8, i32)\n"),
        "in.mlir:2:1: error: op expects at least 2 operands, but got 1",
    );
    fails(
        &mut ctx,
        &format!("{a}%r:4 = \"geo.middle\"(%a, %a, %a) : (i8, i8, i8) -> (i8, i16, i16, i32)\n"),
        "error: op expects at most 3 results, but got 4",
    );
    fails(
        &mut ctx,
        &format!("{a}%r:3 = \"geo.middle\"(%a, %a, %a) : (i8, i8, i8) -> (i8, i16, i32)\n"),
        "error: expected 'i16' but got 'i8'",
    );
    fails(&mut ctx, &format!("{a}\"geo.exact\"(%a) : (i8) -> i8\n"), "error: op expects exactly 0 operands, but got 1");
    // Two flexible groups: sizes come from operandSegmentSizes, checked element by element.
    let groups = |attr: &str| format!("{a}\"geo.groups\"(%a) {attr}: (i8) -> ()\n");
    fails(&mut ctx, &groups(""), "error: 'operandSegmentSizes' attribute is expected but not provided");
    fails(
        &mut ctx,
        &groups("{operandSegmentSizes = [1, 0, 0]} "),
        "error: 'operandSegmentSizes' attribute is expected to be a dense i32 array",
    );
    fails(
        &mut ctx,
        &groups("{operandSegmentSizes = array<i32: 1, 0>} "),
        "error: 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2",
    );
    fails(
        &mut ctx,
        &groups("{operandSegmentSizes = array<i32: 1, -1, 1>} "),
        "error: 'operandSegmentSizes' attribute for specifying operand segments must have non-negative values",
    );
    fails(
        &mut ctx,
        &groups("{operandSegmentSizes = array<i32: 0, 2, 1>} "),
        "error: element 1 in 'operandSegmentSizes' attribute must be equal to 0 or 1",
    );
    fails(
        &mut ctx,
        &groups("{operandSegmentSizes = array<i32: 1, 0, 0>} "),
        "error: element 2 in 'operandSegmentSizes' attribute must be equal to 1",
    );
    fails(&mut ctx, &groups("{operandSegmentSizes = array<i32: 0, 0, 1>} "), "error: expected 'i32' but got 'i8'");
    fails(
        &mut ctx,
        &groups("{operandSegmentSizes = array<i32: 1, 0, 1>} "),
        "error: sum of elements in 'operandSegmentSizes' attribute must be equal to the number of operands",
    );
}

#[test]
fn region_constraints_point_at_the_region() {
    let mut ctx = geo();
    let regioned = |second: &str, third: &str| {
        format!("\"geo.regioned\"() ({{\n^bb0:\n  llvm.unreachable\n}}, {{\n{second}\n  llvm.unreachable\n}}, {{\n{third}\n  llvm.unreachable\n}}, {{\n^bb0:\n  llvm.unreachable\n}}) : () -> ()\n")
    };
    let two_blocks = "^bb0:\n  cf.br ^bb1\n^bb1:";
    check(&mut ctx, &regioned("^bb0(%x: i8, %y: i16):", two_blocks)).unwrap_or_else(|e| panic!("{e}"));
    // A wrong argument: at the argument, with a note at the op.
    fails(
        &mut ctx,
        &regioned("^bb0(%x: i8, %y: i32):", two_blocks),
        "in.mlir:5:14: error: expected 'i16' but got 'i32'\n",
    );
    fails(&mut ctx, &regioned("^bb0(%x: i8, %y: i32):", two_blocks), "in.mlir:1:1: note: see the operation");
    fails(
        &mut ctx,
        &regioned("^bb0(%x: i8):", two_blocks),
        "in.mlir:5:6: error: expected region 1 to have 2 arguments but got 1",
    );
    // No arguments at all, or a wrong block count: at the op.
    fails(
        &mut ctx,
        &regioned("^bb0:", two_blocks),
        "in.mlir:1:1: error: expected region 1 to have 2 arguments but got 0",
    );
    fails(
        &mut ctx,
        &regioned("^bb0(%x: i8, %y: i16):", "^bb0:"),
        "in.mlir:1:1: error: expected region 2 to have 2 block(s) but got 1",
    );
    fails(
        &mut ctx,
        "\"geo.regioned\"() ({\n^bb0:\n  llvm.unreachable\n}) : () -> ()\n",
        "error: 'geo.regioned' op unexpected number of regions: expected 4 but got 1",
    );
    // The operand's constraint value also constrains the region's argument.
    fails(
        &mut ctx,
        "%t = \"geo.exact\"() : () -> i8\n\"geo.carry\"(%t) ({\n^bb0(%x: i16):\n  llvm.unreachable\n}) : (i8) -> ()\n",
        "in.mlir:3:6: error: expected 'i8' but got 'i16'",
    );
}

#[test]
fn type_and_attribute_parameters_use_upstreams_messages() {
    let mut ctx = geo();
    let ty = |t: &str| format!("%0 = \"geo.exact\"() : () -> {t}\n");
    fails(&mut ctx, &ty("!geo.pair<i8>"), "error: expected 2 type arguments, but had 1");
    fails(&mut ctx, &ty("!geo.unit<i8>"), "error: expected 0 type arguments, but had 1");
    fails(&mut ctx, &ty("!geo.pair<i8, i32>"), "in.mlir:1:33: error: 'i32' does not satisfy the constraint");
    // Cyclic: a chain of chains ends in index.
    fails(&mut ctx, &ty("!geo.chain<!geo.chain<i1>>"), "error: 'i1' does not satisfy the constraint");
    fails(
        &mut ctx,
        "\"geo.labelled\"() {label = #geo.tag<1, 2>, width = 1} : () -> ()\n",
        "error: expected 1 type arguments, but had 2",
    );
    // A type constrained by a C++ predicate has no parameters (upstream cannot check it).
    fails(&mut ctx, &ty("!geo.opaque_pred<1 : i32>"), "error: expected 0 type arguments, but had 1");
}

#[test]
fn definition_files_are_checked_as_upstream_checks_them() {
    let dialect = |body: &str| format!("irdl.dialect @d {{\n{body}\n}}\n");
    let op = |body: &str| dialect(&format!("  irdl.operation @o {{\n{body}\n  }}"));
    let cases = [
        // Names: the dialect's, the definitions', the values'.
        ("irdl.dialect @_d {\n}\n".to_string(), "1:1: error: name of dialect should not contain leading or double underscores"),
        ("irdl.dialect @dD {\n}\n".to_string(), "1:1: error: name of dialect should not contain uppercase letters"),
        ("irdl.dialect @d$ {\n}\n".to_string(), "1:1: error: name of dialect must contain only lowercase letters, digits and underscores"),
        (dialect("  irdl.operation @a__b {\n  }"), "2:3: error: name of operation should not contain leading or double underscores"),
        (dialect("  irdl.type @\"\" {\n  }"), "2:3: error: name of type is empty"),
        (dialect("  irdl.attribute @\"\" {\n  }"), "2:3: error: name of attribute is empty"),
        (op("    %0 = irdl.any\n    irdl.results(Out: %0)"), "4:5: error: name of result #0 should not contain uppercase letters"),
        (op("    %0 = irdl.any\n    irdl.operands(a: %0, b$: %0)"), "4:5: error: name of operand #1 must contain only lowercase letters, digits and underscores"),
        (op("    %0 = irdl.any\n    irdl.operands(a: %0, b: %0, a: %0)"), "4:5: error: 'irdl.operands' op name of operand #2 is a duplicate of the name of operand #0"),
        (op("    %0 = irdl.region\n    irdl.regions(r: %0, r: %0)"), "4:5: error: 'irdl.regions' op name of region #1 is a duplicate of the name of region #0"),
        (op("    %0 = irdl.any\n    %1 = irdl.region\n    irdl.operands(x: %0)\n    irdl.regions(y: %1)\n    irdl.results(x: %0)"), "2:3: error: 'irdl.operation' op contains a value named 'x' for both its operands and results"),
        // References and bases.
        (op("    %0 = irdl.base @nowhere\n    irdl.results(r: %0)"), "3:10: error: 'irdl.base' op symbol '@nowhere' not found"),
        (op("    %0 = irdl.base \"builtin.integer\"\n    irdl.results(r: %0)"), "3:10: error: 'irdl.base' op the base type or attribute name should start with '!' or '#'"),
        (op("    %0 = irdl.base\n    irdl.results(r: %0)"), "3:10: error: 'irdl.base' op the base type or attribute should be specified by either a name or a reference"),
        (dialect("  irdl.operation @p {\n  }\n  irdl.operation @o {\n    %0 = irdl.parametric @d::@p<>\n    irdl.results(r: %0)\n  }"), "5:10: error: 'irdl.parametric' op symbol '@d::@p' does not refer to a type or attribute definition (refers to 'irdl.operation')"),
        (op("    %0 = irdl.region with size 0\n    irdl.regions(r: %0)"), "3:10: error: 'irdl.region' op the number of blocks is expected to be >= 1 but got 0"),
        // Other IR beside the dialects is verified too.
        ("func.func private @f()\nfunc.func private @f()\n".to_string(), "2:1: error: redefinition of symbol named 'f'"),
    ];
    for (text, want) in cases {
        let e = bad_definition(&text);
        assert!(e.contains(&format!("d.irdl.mlir:{want}")), "{text}\n=> {e}");
    }
    // Shipped dialects keep ODS's names through `omnir.ods`.
    let mut ctx = Context::new();
    load_definitions(
        &mut ctx,
        "irdl.dialect @d attributes {omnir.ods} {\n  irdl.operation @mlir.thing {\n    %0 = irdl.any\n    irdl.operands(lowerBound: %0)\n  }\n}\n",
        "d.irdl.mlir",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(ctx.operation_def("d.mlir.thing").is_some());
}
