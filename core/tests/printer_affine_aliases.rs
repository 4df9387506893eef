//! Aliases of affine maps and integer sets (`#map`, `#set`): which ones get an alias and how
//! they are numbered. Every expected text is what upstream prints for the input
//! (`iree-opt --allow-unregistered-dialect --mlir-print-op-generic`, LLVM 24-dev), captured
//! verbatim. tests/aliases/check_affine_aliases.sh compares random modules the same way.

use omnir_core::asm::{parse_source, print_op, ParseOptions, PrintFlags};
use omnir_core::Context;

/// What `mlir-opt` prints for `source`.
fn reprint(source: &str, local_scope: bool) -> String {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let options = ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() };
    let module = parse_source(&mut ctx, source, "input.mlir", &options).expect("parses");
    ctx.verify(module).expect("verifies");
    let flags = PrintFlags { local_scope, generic: true, ..PrintFlags::default() };
    let mut out = print_op(&ctx, module, &flags).expect("prints");
    // A top-level print ends with a newline of its own (alias definitions may follow the
    // module); with local scope `mlir-opt` adds it.
    if local_scope {
        out.push('\n');
    }
    out
}

#[track_caller]
fn check(source: &str, expected: &str) {
    assert_eq!(reprint(source, false), expected);
}

#[test]
fn properties_of_unregistered_ops_are_not_walked_for_aliases() {
    // The maps only in `<{...}>` print inline; the one also in an attribute dictionary gets
    // its alias everywhere, properties included.
    check(
        r#""test.op"() <{p = affine_map<() -> ()>, q = affine_map<(d0) -> (d0 + 1)>, r = [affine_map<(d0) -> ()>]}> {z = affine_map<(d0) -> (d0 + 2)>} : () -> ()
"test.op"() <{a = affine_map<(d0) -> (d0 + 4)>}> : () -> ()
"test.op"() <[affine_map<(d0) -> (d0 + 5)>]> : () -> ()
"test.op"() <affine_map<(d0) -> (d0 + 6)>> : () -> ()
"test.op"() <{s = affine_set<(d0) : (d0 >= 0)>}> {x = affine_map<(d0) -> (d0 + 6)>} : () -> ()
"#,
        r#"#map = affine_map<(d0) -> (d0 + 2)>
#map1 = affine_map<(d0) -> (d0 + 6)>
"builtin.module"() ({
  "test.op"() <{p = affine_map<() -> ()>, q = affine_map<(d0) -> (d0 + 1)>, r = [affine_map<(d0) -> ()>]}> {z = #map} : () -> ()
  "test.op"() <{a = affine_map<(d0) -> (d0 + 4)>}> : () -> ()
  "test.op"() <[affine_map<(d0) -> (d0 + 5)>]> : () -> ()
  "test.op"() <#map1> : () -> ()
  "test.op"() <{s = affine_set<(d0) : (d0 >= 0)>}> {x = #map1} : () -> ()
}) : () -> ()
"#,
    );
}

#[test]
fn registered_ops_walk_discardable_attributes_before_properties() {
    // Upstream registers `affine`: `map` (a property) is met after `zz` (discardable) although
    // it sorts first by name, so `zz`'s map is numbered first.
    check(
        r#""func.func"() <{function_type = (memref<4xf32, affine_map<(d0) -> (d0 + 9)>>, index) -> (), sym_name = "f"}> ({
^bb0(%m: memref<4xf32, affine_map<(d0) -> (d0 + 9)>>, %i: index):
  %0 = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0 + 1)>}> {zz = affine_map<(d0) -> (d0 + 2)>} : (memref<4xf32, affine_map<(d0) -> (d0 + 9)>>, index) -> f32
  %1 = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0 + 3)>}> {aa = affine_map<(d0) -> (d0 + 4)>, zz = affine_map<(d0) -> (d0 + 5)>} : (memref<4xf32, affine_map<(d0) -> (d0 + 9)>>, index) -> f32
  "func.return"() : () -> ()
}) {zz = affine_map<(d0) -> (d0 + 8)>} : () -> ()
"#,
        r#"#map = affine_map<(d0) -> (d0 + 9)>
#map1 = affine_map<(d0) -> (d0 + 2)>
#map2 = affine_map<(d0) -> (d0 + 1)>
#map3 = affine_map<(d0) -> (d0 + 4)>
#map4 = affine_map<(d0) -> (d0 + 5)>
#map5 = affine_map<(d0) -> (d0 + 3)>
#map6 = affine_map<(d0) -> (d0 + 8)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32, #map>, index) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4xf32, #map>, %arg1: index):
    %0 = "affine.load"(%arg0, %arg1) <{map = #map2}> {zz = #map1} : (memref<4xf32, #map>, index) -> f32
    %1 = "affine.load"(%arg0, %arg1) <{map = #map5}> {aa = #map3, zz = #map4} : (memref<4xf32, #map>, index) -> f32
    "func.return"() : () -> ()
  }) {zz = #map6} : () -> ()
}) : () -> ()
"#,
    );
}

#[test]
fn properties_of_a_registered_op_are_walked_in_name_order() {
    // `arg_attrs` before `function_type`, though `func.func` declares them the other way.
    check(
        r#""func.func"() <{arg_attrs = [{x.m = affine_map<(d0) -> (d0 + 2)>}], function_type = (memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) -> (), sym_name = "f", sym_visibility = "private"}> ({
}) : () -> ()
"#,
        r#"#map = affine_map<(d0) -> (d0 + 2)>
#map1 = affine_map<(d0) -> (d0 + 1)>
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{x.m = #map}], function_type = (memref<4xf32, #map1>) -> (), sym_name = "f", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()
"#,
    );
}

#[test]
fn identity_layouts_with_symbols_are_not_printed() {
    // MLIR's identity test ignores symbols: these layouts are the default one, not printed and
    // not aliased, while the same map as an attribute value is.
    let source = r#""test.op"() {a = memref<4x?xindex, affine_map<(d0, d1)[s0] -> (d0, d1)>, 3>, b = memref<f32, affine_map<()[s0] -> ()>>, c = affine_map<(d0)[s0] -> (d0)>} : () -> ()
"#;
    check(
        source,
        r#"#map = affine_map<(d0)[s0] -> (d0)>
"builtin.module"() ({
  "test.op"() {a = memref<4x?xindex, 3>, b = memref<f32>, c = #map} : () -> ()
}) : () -> ()
"#,
    );
    assert_eq!(
        reprint(source, true),
        r#""builtin.module"() ({
  "test.op"() {a = memref<4x?xindex, 3>, b = memref<f32>, c = affine_map<(d0)[s0] -> (d0)>} : () -> ()
}) : () -> ()
"#
    );
}

#[test]
fn maps_without_results_or_inputs_get_aliases_where_they_are_walked() {
    // Zero results, dims or symbols change nothing: attribute values, tensor encodings and
    // distinct attributes alias them; a memref layout of rank 0 is an identity, dropped.
    check(
        r#""test.op"() {a = tensor<4xf32, affine_map<() -> ()>>, b = distinct[0]<affine_map<(d0) -> ()>>, c = [affine_map<()[s0] -> ()>], d = #foo.bar<affine_map<() -> ()>>, f = dense<1> : tensor<2xi32, affine_map<(d0, d1) -> ()>>, g = (memref<f32, affine_map<()[s0] -> ()>>) -> (), h = affine_set<() : (0 == 0)>} : () -> ()
"test.op"() {a = affine_map<() -> ()>} : () -> memref<f32, affine_map<() -> ()>>
"#,
        r#"#map = affine_map<() -> ()>
#map1 = affine_map<(d0) -> ()>
#map2 = affine_map<()[s0] -> ()>
#map3 = affine_map<(d0, d1) -> ()>
#set = affine_set<() : (0 == 0)>
#distinct = distinct[0]<#map1>
"builtin.module"() ({
  "test.op"() {a = tensor<4xf32, #map>, b = #distinct, c = [#map2], d = #foo.bar<affine_map<() -> ()>>, f = dense<1> : tensor<2xi32, #map3>, g = (memref<f32>) -> (), h = #set} : () -> ()
  %0 = "test.op"() {a = #map} : () -> memref<f32>
}) : () -> ()
"#,
    );
}

#[test]
fn numbering_follows_depth_then_kind_then_walk_order() {
    // Regions first, then operand and result types, then attributes. Maps and sets (depth 1)
    // come before what holds them: the large tuple type and the distinct attribute, both of
    // depth 3 (the memref and the array between count), the type first at equal depth.
    // `#map` before `#set` whatever the walk order.
    check(
        r#"%0 = "test.op"() ({
  "test.inner"() {s = affine_set<(d0) : (d0 - 1 >= 0)>, m = affine_map<(d0) -> (d0 * 3)>} : () -> ()
}) {d = distinct[0]<[affine_map<(d0) -> (d0 * 5)>]>, z = affine_map<(d0) -> (d0 * 4)>} : () -> tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, memref<4xf32, affine_map<(d0) -> (d0 * 2)>>>
"#,
        r#"#map = affine_map<(d0) -> (d0 * 3)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 5)>
#map3 = affine_map<(d0) -> (d0 * 4)>
#set = affine_set<(d0) : (d0 - 1 >= 0)>
!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, memref<4xf32, #map1>>
#distinct = distinct[0]<[#map2]>
"builtin.module"() ({
  %0 = "test.op"() ({
    "test.inner"() {m = #map, s = #set} : () -> ()
  }) {d = #distinct, z = #map3} : () -> !tuple
}) : () -> ()
"#,
    );
}
