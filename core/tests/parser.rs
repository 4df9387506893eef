//! Parser tests: each construct of MLIR's generic syntax checked through the IR API, the
//! upstream corpus (parse, and round trip through the printer), the generated benchmark
//! input, and nesting far deeper than any native stack would allow.

use std::path::{Path, PathBuf};

use omnir_core::affine::{AffineBinaryOp, AffineNode};
use omnir_core::asm::parser::{parse_source_split, split_source};
use omnir_core::asm::{parse_attribute, parse_source, parse_type, print_type, ParseOptions};
use omnir_core::{AttrKind, Attribute, Context, FloatKind, LocationKind, OpId, Signedness, Type, TypeKind, DYNAMIC};

fn allow() -> ParseOptions {
    ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() }
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    parse_source(ctx, src, "t.mlir", &allow()).unwrap_or_else(|e| panic!("{e}"))
}

/// Ops of the first block of region 0 of `op`.
fn body(ctx: &Context, op: OpId) -> Vec<OpId> {
    let r = ctx.op_region(op, 0).unwrap();
    let b = ctx.region_first_block(r).unwrap().unwrap();
    ctx.block_ops(b).unwrap()
}

fn ty(ctx: &Context, s: &str) -> Type {
    parse_type(ctx, s).unwrap_or_else(|e| panic!("{e}"))
}

fn at(ctx: &Context, s: &str) -> Attribute {
    parse_attribute(ctx, s).unwrap_or_else(|e| panic!("{e}"))
}

fn allow_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

// ---- operations, regions, blocks ----

#[test]
fn full_generic_operation() {
    let mut ctx = Context::new();
    let src = r#""test.func"() ({
^bb0(%a: i32, %c: i1):
  %b:2 = "test.def"() : () -> (i32, i64)
  %r:2 = "test.term"(%a, %b#1)[^bb1, ^bb2] <{p = 1 : i32}> ({
    "test.inner"() : () -> ()
  }, {
  }) {x, y = "s"} : (i32, i64) -> (f32, f32) loc("f.c":3:4)
^bb1:
  "test.use"(%r#1) : (f32) -> ()
^bb2(%z: f32 loc("z.c":1:2)):
  "test.use"(%z, %r#0) : (f32, f32) -> ()
}) : () -> ()
"#;
    let m = parse(&mut ctx, src);
    assert_eq!(ctx.op_name(m).unwrap(), "builtin.module");
    let func = body(&ctx, m)[0];
    let region = ctx.op_region(func, 0).unwrap();
    let blocks = ctx.region_blocks(region).unwrap();
    assert_eq!(blocks.len(), 3);
    let entry_args = ctx.block_arguments(blocks[0]).unwrap();
    assert_eq!(entry_args.len(), 2);
    assert_eq!(
        ctx.type_kind(ctx.value_type(entry_args[1]).unwrap()),
        &TypeKind::Integer { width: 1, signedness: Signedness::Signless }
    );
    let ops = ctx.block_ops(blocks[0]).unwrap();
    let (def, term) = (ops[0], ops[1]);
    assert_eq!(ctx.op_name(term).unwrap(), "test.term");
    let operands = ctx.op_operands(term).unwrap();
    assert_eq!(operands[0], entry_args[0]);
    assert_eq!(operands[1], ctx.op_result(def, 1).unwrap());
    assert_eq!(ctx.op_successors(term).unwrap(), vec![blocks[1], blocks[2]]);
    let props = ctx.op_properties(term).unwrap().unwrap();
    let p = ctx.dictionary_get(props, "p").unwrap();
    assert!(matches!(ctx.attr_kind(p), AttrKind::Integer { value, .. } if value.to_u64() == Some(1)));
    assert!(matches!(ctx.attr_kind(ctx.op_attribute(term, "x").unwrap().unwrap()), AttrKind::Unit));
    assert_eq!(ctx.op_num_regions(term).unwrap(), 2);
    assert_eq!(body(&ctx, term).len(), 1);
    assert!(ctx.region_is_empty(ctx.op_region(term, 1).unwrap()).unwrap());
    let f32t = ctx.float_type(FloatKind::F32);
    assert_eq!(ctx.op_result_types(term).unwrap(), vec![f32t, f32t]);
    match ctx.location_kind(ctx.op_location(term).unwrap()) {
        LocationKind::FileLineCol { file, start_line: 3, start_col: 4, .. } => assert_eq!(ctx.ident_str(*file), "f.c"),
        other => panic!("{other:?}"),
    }
    // Default locations: the op name token, block arguments at their `%name`.
    match ctx.location_kind(ctx.op_location(def).unwrap()) {
        LocationKind::FileLineCol { file, start_line: 3, start_col: 10, .. } => {
            assert_eq!(ctx.ident_str(*file), "t.mlir")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        ctx.location_kind(ctx.value_location(entry_args[0]).unwrap()),
        LocationKind::FileLineCol { start_line: 2, start_col: 6, .. }
    ));
    let z = ctx.block_argument(blocks[2], 0).unwrap();
    assert!(matches!(
        ctx.location_kind(ctx.value_location(z).unwrap()),
        LocationKind::FileLineCol { start_line: 1, start_col: 2, .. }
    ));
    let uses = ctx.block_ops(blocks[2]).unwrap();
    assert_eq!(ctx.op_operands(uses[0]).unwrap(), vec![z, ctx.op_result(term, 0).unwrap()]);
    // Nothing but the parsed IR is alive.
    assert_eq!(ctx.live_ir_counts(), (7, 5, 4));
}

#[test]
fn forward_references_in_graph_regions() {
    let mut ctx = Context::new();
    let m = parse(
        &mut ctx,
        r#""test.graph"() ({
  "test.use"(%1, %1) : (i32, i32) -> ()
  %1 = "test.def"(%2) : (i64) -> i32
  %2 = "test.def2"() : () -> i64
}) : () -> ()"#,
    );
    let g = body(&ctx, m)[0];
    let ops = body(&ctx, g);
    assert_eq!(ctx.op_operands(ops[0]).unwrap(), vec![ctx.op_result(ops[1], 0).unwrap(); 2]);
    assert_eq!(ctx.op_operands(ops[1]).unwrap(), vec![ctx.op_result(ops[2], 0).unwrap()]);
    // The placeholders are gone.
    assert_eq!(ctx.live_ir_counts().0, 5);
}

#[test]
fn forward_block_references() {
    let mut ctx = Context::new();
    let m = parse(
        &mut ctx,
        r#""test.f"() ({
  "test.br"()[^exit] : () -> ()
^loop(%i: index):
  "test.br"()[^loop] : () -> ()
^exit:
  "test.ret"() : () -> ()
}) : () -> ()"#,
    );
    let f = body(&ctx, m)[0];
    let blocks = ctx.region_blocks(ctx.op_region(f, 0).unwrap()).unwrap();
    assert_eq!(blocks.len(), 3);
    let first = ctx.block_ops(blocks[0]).unwrap()[0];
    assert_eq!(ctx.op_successors(first).unwrap(), vec![blocks[2]]);
    let back = ctx.block_ops(blocks[1]).unwrap()[0];
    assert_eq!(ctx.op_successors(back).unwrap(), vec![blocks[1]]);
    assert_eq!(ctx.block_num_arguments(blocks[1]).unwrap(), 1);
}

#[test]
fn values_of_enclosing_regions_are_visible_and_go_out_of_scope() {
    let mut ctx = Context::new();
    let m = parse(
        &mut ctx,
        r#"%0 = "test.a"() : () -> i32
"test.b"() ({
  %1 = "test.c"(%0) : (i32) -> i32
}, {
  %1 = "test.c"(%0) : (i32) -> i32
}) : () -> ()"#,
    );
    let ops = body(&ctx, m);
    let inner = body(&ctx, ops[1]);
    assert_eq!(ctx.op_operands(inner[0]).unwrap(), vec![ctx.op_result(ops[0], 0).unwrap()]);
}

#[test]
fn implicit_and_explicit_modules() {
    let mut ctx = Context::new();
    let m = parse(&mut ctx, "\"test.a\"() : () -> ()\n\"test.b\"() : () -> ()\n");
    assert_eq!(body(&ctx, m).len(), 2);
    match ctx.location_kind(ctx.op_location(m).unwrap()) {
        LocationKind::FileLineCol { file, start_line: 0, start_col: 0, .. } => {
            assert_eq!(ctx.ident_str(*file), "t.mlir")
        }
        other => panic!("{other:?}"),
    }
    // A single top-level module is the result itself.
    let m = parse(&mut ctx, "\"builtin.module\"() ({\n  \"test.a\"() : () -> ()\n}) : () -> () loc(\"m\":1:1)");
    assert!(ctx.op_parent_block(m).unwrap().is_none());
    assert!(matches!(ctx.location_kind(ctx.op_location(m).unwrap()), LocationKind::FileLineCol { start_line: 1, .. }));
    assert_eq!(body(&ctx, m).len(), 1);
    // The custom form.
    let m = parse(
        &mut ctx,
        "module @foo attributes {test.x = 1 : i32, sym_visibility = \"private\"} {\n  \"test.a\"() : () -> ()\n}",
    );
    let props = ctx.op_properties(m).unwrap().unwrap();
    assert!(
        matches!(ctx.attr_kind(ctx.dictionary_get(props, "sym_name").unwrap()), AttrKind::String { value, .. } if &**value == b"foo")
    );
    assert!(ctx.dictionary_get(props, "sym_visibility").is_some());
    assert!(ctx.op_attribute(m, "test.x").unwrap().is_some());
    assert_eq!(body(&ctx, m).len(), 1);
    let m = parse(&mut ctx, "module {}");
    assert_eq!(ctx.region_blocks(ctx.op_region(m, 0).unwrap()).unwrap().len(), 1, "module {{}} has its body block");
    // Nested custom modules inside a generic region.
    let m = parse(&mut ctx, "module {\n  module @inner {\n  }\n}");
    assert_eq!(ctx.op_name(body(&ctx, m)[0]).unwrap(), "builtin.module");
    // Inherent attributes given in the dictionary of a registered op become properties.
    let m = parse(&mut ctx, "\"builtin.module\"() ({\n}) {sym_name = \"n\", other = 1} : () -> ()");
    assert!(ctx.dictionary_get(ctx.op_properties(m).unwrap().unwrap(), "sym_name").is_some());
    assert!(!ctx.op_attributes(m).unwrap().iter().any(|a| ctx.ident_str(a.name) == "sym_name"));
    assert!(ctx.op_attributes(m).unwrap().iter().any(|a| ctx.ident_str(a.name) == "other"));
}

#[test]
fn aliases_including_aliases_of_aliases() {
    let mut ctx = Context::new();
    let m = parse(
        &mut ctx,
        r#"!t = i32
!u = tuple<!t, !t>
#a = [1, 2]
#b = {x = #a, y = !u}
"test.op"() {attr = #b} : () -> (!t, !u)
"#,
    );
    let op = body(&ctx, m)[0];
    let i32t = ctx.signless_int(32);
    let tup = ctx.tuple_type(&[i32t, i32t]);
    assert_eq!(ctx.op_result_types(op).unwrap(), vec![i32t, tup]);
    let b = ctx.op_attribute(op, "attr").unwrap().unwrap();
    let x = ctx.dictionary_get(b, "x").unwrap();
    assert!(matches!(ctx.attr_kind(x), AttrKind::Array(a) if a.len() == 2));
    assert!(matches!(ctx.attr_kind(ctx.dictionary_get(b, "y").unwrap()), AttrKind::Type(t) if *t == tup));
}

#[test]
fn location_aliases_defined_at_the_end() {
    let mut ctx = Context::new();
    let m = parse(
        &mut ctx,
        r#""test.op"() ({
^bb0(%a: i32 loc(#loc2)):
  "test.inner"() : () -> () loc(#loc)
}) : () -> () loc(#loc1)
#loc = loc("a.mlir":1:2)
#loc1 = loc(callsite(#loc at "b":3:4))
#loc2 = loc("arg")
"#,
    );
    let op = body(&ctx, m)[0];
    match ctx.location_kind(ctx.op_location(op).unwrap()) {
        LocationKind::CallSite { callee, .. } => {
            assert!(matches!(
                ctx.attr_kind(*callee),
                AttrKind::Location(LocationKind::FileLineCol { start_line: 1, start_col: 2, .. })
            ))
        }
        other => panic!("{other:?}"),
    }
    let inner = body(&ctx, op)[0];
    assert!(matches!(ctx.location_kind(ctx.op_location(inner).unwrap()), LocationKind::FileLineCol { .. }));
    let b = ctx.region_first_block(ctx.op_region(op, 0).unwrap()).unwrap().unwrap();
    let arg = ctx.block_argument(b, 0).unwrap();
    assert!(matches!(ctx.location_kind(ctx.value_location(arg).unwrap()), LocationKind::Name { .. }));
}

#[test]
fn resources_feed_the_blob_store() {
    let mut ctx = Context::new();
    let src = r#""test.op"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<"quoted key"> : tensor<1xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      "quoted key": "0x0100000007"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize)",
      disable_threading: true
    }
  }
#-}
"#;
    let m = parse(&mut ctx, src);
    let blob = ctx.resource("builtin", "blob1").unwrap();
    assert_eq!(blob.alignment, 4);
    assert_eq!(blob.data, vec![1, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(ctx.resource("builtin", "quoted key").unwrap().data, vec![7]);
    let op = body(&ctx, m)[0];
    assert!(
        matches!(ctx.attr_kind(ctx.op_attribute(op, "a").unwrap().unwrap()), AttrKind::DenseResource { handle, .. } if ctx.ident_str(*handle) == "blob1")
    );
    // A second file naming the same key in the same context gets a renamed resource.
    let m2 = parse(&mut ctx, &src.replace("0x040000000100000002000000", "0x0400000009000000"));
    let op2 = body(&ctx, m2)[0];
    match ctx.attr_kind(ctx.op_attribute(op2, "a").unwrap().unwrap()) {
        AttrKind::DenseResource { handle, .. } => {
            assert_eq!(ctx.ident_str(*handle), "blob1_1");
            assert_eq!(ctx.resource("builtin", "blob1_1").unwrap().data, vec![9, 0, 0, 0]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        ctx.resource("builtin", "blob1").unwrap().data,
        vec![1, 0, 0, 0, 2, 0, 0, 0],
        "the first blob is untouched"
    );
}

// ---- types ----

#[test]
fn every_builtin_type() {
    let ctx = allow_ctx();
    let k = |s: &str| ctx.type_kind(ty(&ctx, s)).clone();
    assert_eq!(k("i1"), TypeKind::Integer { width: 1, signedness: Signedness::Signless });
    assert_eq!(k("si8"), TypeKind::Integer { width: 8, signedness: Signedness::Signed });
    assert_eq!(k("ui16"), TypeKind::Integer { width: 16, signedness: Signedness::Unsigned });
    assert_eq!(k("i16777215"), TypeKind::Integer { width: 16777215, signedness: Signedness::Signless });
    assert_eq!(k("index"), TypeKind::Index);
    assert_eq!(k("none"), TypeKind::None);
    for f in FloatKind::ALL {
        assert_eq!(k(f.keyword()), TypeKind::Float(f));
    }
    let f32t = ctx.float_type(FloatKind::F32);
    let i32t = ctx.signless_int(32);
    assert_eq!(k("complex<f32>"), TypeKind::Complex(f32t));
    assert_eq!(k("tuple<>"), TypeKind::Tuple(Box::new([])));
    assert_eq!(k("tuple<i32, f32>"), TypeKind::Tuple(Box::new([i32t, f32t])));
    assert_eq!(k("(i32) -> ()"), TypeKind::Function { inputs: Box::new([i32t]), results: Box::new([]) });
    let inner = ty(&ctx, "(i32) -> i32");
    assert_eq!(
        k("((i32) -> i32) -> ((i32) -> i32)"),
        TypeKind::Function { inputs: Box::new([inner]), results: Box::new([inner]) }
    );
    assert_eq!(k("() -> (i32, f32)"), TypeKind::Function { inputs: Box::new([]), results: Box::new([i32t, f32t]) });
    assert_eq!(
        k("vector<4x[8]xf32>"),
        TypeKind::Vector { shape: Box::new([4, 8]), scalable: Box::new([false, true]), element: f32t }
    );
    assert!(matches!(k("vector<f32>"), TypeKind::Vector { shape, .. } if shape.is_empty()));
    assert_eq!(
        k("tensor<?x4xf32>"),
        TypeKind::RankedTensor { shape: Box::new([DYNAMIC, 4]), element: f32t, encoding: None }
    );
    assert_eq!(k("tensor<f32>"), TypeKind::RankedTensor { shape: Box::new([]), element: f32t, encoding: None });
    assert_eq!(k("tensor<0x1xi32>"), TypeKind::RankedTensor { shape: Box::new([0, 1]), element: i32t, encoding: None });
    assert_eq!(k("tensor<*xf32>"), TypeKind::UnrankedTensor { element: f32t });
    assert!(matches!(k("tensor<4xf32, \"enc\">"), TypeKind::RankedTensor { encoding: Some(_), .. }));
    assert_eq!(
        k("memref<4x?xf32>"),
        TypeKind::MemRef { shape: Box::new([4, DYNAMIC]), element: f32t, layout: None, memory_space: None }
    );
    assert!(matches!(
        k("memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>"),
        TypeKind::MemRef { layout: Some(_), memory_space: None, .. }
    ));
    assert!(
        matches!(k("memref<4xf32, affine_map<(d0) -> (d0)>>"), TypeKind::MemRef { layout: None, .. }),
        "identity layout"
    );
    assert!(matches!(
        k("memref<4xf32, strided<[1], offset: ?>, 1>"),
        TypeKind::MemRef { layout: Some(_), memory_space: Some(_), .. }
    ));
    assert!(matches!(k("memref<*xf32, 2>"), TypeKind::UnrankedMemRef { memory_space: Some(_), .. }));
    assert!(matches!(k("memref<4xf32, 0>"), TypeKind::MemRef { memory_space: None, .. }), "default space");
    // Dimension lists glued to types.
    assert!(matches!(k("tensor<4x4xi32>"), TypeKind::RankedTensor { shape, .. } if *shape == [4, 4]));
    assert!(matches!(k("tensor<0xi32>"), TypeKind::RankedTensor { shape, .. } if *shape == [0]));
    // Dialect types of unloaded dialects keep their body verbatim.
    let op = |s: &str| match ctx.type_kind(ty(&ctx, s)) {
        TypeKind::Opaque { dialect, data } => (ctx.ident_str(*dialect).to_string(), ctx.ident_str(*data).to_string()),
        other => panic!("{other:?}"),
    };
    assert_eq!(op("!foo.bar"), ("foo".into(), "bar".into()));
    assert_eq!(op("!foo.bar<\"x\", [1, (2)], {a}, -> >"), ("foo".into(), "bar<\"x\", [1, (2)], {a}, -> >".into()));
    assert_eq!(op("!foo<abc<d>>"), ("foo".into(), "abc<d>".into()));
    assert_eq!(op("!mydialect.ptr<1>"), ("mydialect".into(), "ptr<1>".into()));
}

// ---- attributes ----

#[test]
fn scalar_attributes() {
    let ctx = allow_ctx();
    let k = |s: &str| ctx.attr_kind(at(&ctx, s)).clone();
    assert_eq!(k("unit"), AttrKind::Unit);
    assert_eq!(k("true"), AttrKind::Bool(true));
    assert_eq!(k("1 : i1"), AttrKind::Bool(true), "an i1 integer is MLIR's BoolAttr");
    let i64t = ctx.signless_int(64);
    assert!(matches!(k("5"), AttrKind::Integer { ty, value } if ty == i64t && value.to_u64() == Some(5)));
    assert!(matches!(k("-5 : i8"), AttrKind::Integer { value, .. } if value.to_u64() == Some(0xfb)));
    assert!(matches!(k("0x10 : i32"), AttrKind::Integer { value, .. } if value.to_u64() == Some(16)));
    assert!(matches!(k("7 : index"), AttrKind::Integer { ty, .. } if ty == ctx.index_type()));
    match k("90000000000000000300000000000000000001 : i128") {
        AttrKind::Integer { value, .. } => {
            let w = value.words();
            assert_eq!((w[1] as u128) << 64 | w[0] as u128, 90000000000000000300000000000000000001u128);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(k("-1 : i128"), AttrKind::Integer { value, .. } if value.words() == [u64::MAX, u64::MAX]));
    let f64t = ctx.float_type(FloatKind::F64);
    assert!(matches!(k("1.5"), AttrKind::Float { ty, bits } if ty == f64t && bits == 1.5f64.to_bits() as u128));
    assert!(matches!(k("-0.0 : f32"), AttrKind::Float { bits, .. } if bits == 0x8000_0000));
    assert!(matches!(k("0x7FC00000 : f32"), AttrKind::Float { bits, .. } if bits == 0x7fc0_0000), "NaN by bit pattern");
    assert!(matches!(k("0xFFF0000000000000 : f64"), AttrKind::Float { bits, .. } if bits == 0xfff0_0000_0000_0000));
    assert!(matches!(k("1.0 : bf16"), AttrKind::Float { bits, .. } if bits == 0x3f80));
    assert!(matches!(k("1.000000e-01 : f80"), AttrKind::Float { bits, .. } if bits == 0x3ffb_cccc_cccc_cccc_cccd));
    assert!(
        matches!(k("1.0E+309 : f80"), AttrKind::Float { bits, .. } if bits >> 64 == 0x4401),
        "beyond double's range"
    );
    assert!(parse_attribute(&ctx, "2 : f16").is_err(), "decimal integers are not floats");
    match k(r#""a\"b\\c\n\t\41\FF""#) {
        AttrKind::String { value, ty: None } => assert_eq!(&*value, b"a\"b\\c\n\tA\xff"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(k("\"x\" : i32"), AttrKind::String { ty: Some(_), .. }));
    assert!(matches!(k("\"héllo ✓\""), AttrKind::String { value, .. } if &*value == "héllo ✓".as_bytes()));
    match k("@a::@\"b c\"::@d") {
        AttrKind::SymbolRef { root, nested } => {
            assert_eq!(ctx.ident_str(root), "a");
            assert_eq!(nested.iter().map(|n| ctx.ident_str(*n)).collect::<Vec<_>>(), ["b c", "d"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(k("i32"), AttrKind::Type(_)));
    assert!(matches!(k("(i32) -> i32"), AttrKind::Type(_)));
    assert!(matches!(k("[1, \"a\", [], {}]"), AttrKind::Array(a) if a.len() == 4));
    match k("{b = 2, a, \"c d\" = unit}") {
        AttrKind::Dictionary(es) => {
            let names: Vec<_> = es.iter().map(|e| ctx.ident_str(e.name)).collect();
            assert_eq!(names, ["a", "b", "c d"], "sorted by name");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn dense_elements() {
    let ctx = allow_ctx();
    let k = |s: &str| ctx.attr_kind(at(&ctx, s)).clone();
    assert!(
        matches!(k("dense<7> : tensor<4xi32>"), AttrKind::DenseIntOrFloat { data, splat: true, .. } if *data == [7, 0, 0, 0])
    );
    assert!(
        matches!(k("dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>"), AttrKind::DenseIntOrFloat { data, splat: false, .. } if *data == [1, 2, 3, 4])
    );
    assert!(parse_attribute(&ctx, "dense<[-1, 255]> : tensor<2xui8>").is_err());
    assert!(
        matches!(k("dense<[255, 0]> : tensor<2xui8>"), AttrKind::DenseIntOrFloat { data, .. } if *data == [255, 0])
    );
    assert!(
        matches!(k("dense<[true, false]> : tensor<2xi1>"), AttrKind::DenseIntOrFloat { data, .. } if *data == [1, 0])
    );
    assert!(
        matches!(k("dense<[1.5, -2.0]> : tensor<2xf32>"), AttrKind::DenseIntOrFloat { data, .. } if data.len() == 8)
    );
    assert!(
        matches!(k("dense<(1, 2)> : tensor<2xcomplex<i16>>"), AttrKind::DenseIntOrFloat { data, splat: true, .. } if *data == [1, 0, 2, 0])
    );
    assert!(
        matches!(k("dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>"), AttrKind::DenseIntOrFloat { data, .. } if data.len() == 16)
    );
    assert!(
        matches!(k("dense<\"0x0100000002000000\"> : tensor<2xi32>"), AttrKind::DenseIntOrFloat { data, .. } if *data == [1, 0, 0, 0, 2, 0, 0, 0])
    );
    assert!(matches!(k("dense<\"0x01000000\"> : tensor<3xi32>"), AttrKind::DenseIntOrFloat { splat: true, .. }));
    assert!(matches!(k("dense<[]> : tensor<0xi32>"), AttrKind::DenseIntOrFloat { data, .. } if data.is_empty()));
    assert!(matches!(k("dense<> : tensor<0x4xi32>"), AttrKind::DenseIntOrFloat { data, .. } if data.is_empty()));
    assert!(matches!(k("dense<1.0> : vector<2xf64>"), AttrKind::DenseIntOrFloat { splat: true, .. }));
    match k("dense<[\"a\", \"b\\0A\"]> : tensor<2x!foo.string>") {
        AttrKind::DenseString { values, splat: false, .. } => {
            assert_eq!(values.iter().map(|v| v.to_vec()).collect::<Vec<_>>(), [b"a".to_vec(), b"b\n".to_vec()])
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(k("dense<\"splat\"> : tensor<8x!foo.string>"), AttrKind::DenseString { splat: true, .. }));
    assert!(
        matches!(k("dense<1.5> : memref<4xf32>"), AttrKind::DenseIntOrFloat { splat: true, .. }),
        "MLIR accepts memref types"
    );
    // Arrays.
    assert!(
        matches!(k("array<i32: 1, -2>"), AttrKind::DenseArray { len: 2, data, .. } if *data == [1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff])
    );
    assert!(
        matches!(k("array<i1: true, false, true>"), AttrKind::DenseArray { len: 3, data, .. } if *data == [1, 0, 1])
    );
    assert!(matches!(k("array<f64: 1.0, 2.5>"), AttrKind::DenseArray { len: 2, .. }));
    assert!(matches!(k("array<i64>"), AttrKind::DenseArray { len: 0, .. }));
    assert!(
        matches!(k("array<bf16: 1.0, -1.5>"), AttrKind::DenseArray { len: 2, data, .. } if *data == [0x80, 0x3f, 0xc0, 0xbf])
    );
    assert!(matches!(k("dense_resource<r> : tensor<4xf32>"), AttrKind::DenseResource { .. }));
}

/// `sparse<indices, values> : type` as MLIR's `parseSparseElementsAttr` builds it: indices
/// take the literal's shape (`[1, rank]` for a single splat index), values the literal's
/// shape (`[N]` for a splat or hex), `sparse<>` zero of each.
#[test]
fn sparse_elements() {
    let ctx = allow_ctx();
    let parts = |s: &str| -> (String, String, String, bool, bool) {
        let a = at(&ctx, s);
        let AttrKind::SparseElements { ty: t, indices, values } = ctx.attr_kind(a).clone() else {
            panic!("not sparse: {s}")
        };
        let splat = |x: Attribute| match ctx.attr_kind(x) {
            AttrKind::DenseIntOrFloat { splat, .. } | AttrKind::DenseString { splat, .. } => *splat,
            other => panic!("{other:?}"),
        };
        let ty_of = |x: Attribute| print_type(&ctx, ctx.attr_type(x).unwrap());
        (print_type(&ctx, t), ty_of(indices), ty_of(values), splat(indices), splat(values))
    };
    assert_eq!(
        parts("sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>"),
        ("tensor<3x4xi32>".into(), "tensor<2x2xi64>".into(), "tensor<2xi32>".into(), false, false)
    );
    // Rank 1: indices of shape [N] are accepted.
    assert_eq!(
        parts("sparse<[0, 3], [1.0, 2.0]> : tensor<4xf32>"),
        ("tensor<4xf32>".into(), "tensor<2xi64>".into(), "tensor<2xf32>".into(), false, false)
    );
    // A splat index stands for one index with every coordinate equal.
    assert_eq!(
        parts("sparse<1, 5> : tensor<3x4xi16>"),
        ("tensor<3x4xi16>".into(), "tensor<1x2xi64>".into(), "tensor<1xi16>".into(), true, true)
    );
    // Values may be a hex string (indices may not).
    assert_eq!(
        parts("sparse<[[0], [2]], \"0x0100000002000000\"> : vector<3xi32>"),
        ("vector<3xi32>".into(), "tensor<2x1xi64>".into(), "tensor<2xi32>".into(), false, false)
    );
    assert_eq!(
        parts("sparse<> : tensor<2x2xf32>"),
        ("tensor<2x2xf32>".into(), "tensor<0x2xi64>".into(), "tensor<0xf32>".into(), false, false)
    );
    // Complex and string values; whitespace anywhere.
    parts("sparse< [ [ 0 ,\n 1 ] ] , [ ( 1.0 , 2.0 ) ] > : tensor<2x2xcomplex<f32>>");
    parts("sparse<[[1]], [\"x\"]> : tensor<2x!test.str>");
    // Equal text, equal attribute.
    assert_eq!(at(&ctx, "sparse<[[1, 2]], [2]> : tensor<4x4xi8>"), at(&ctx, "sparse<[[1,2]],[2]>:tensor<4x4xi8>"));
}

#[test]
fn affine_maps_and_sets_simplified_as_upstream() {
    let ctx = allow_ctx();
    let map = match ctx.attr_kind(at(
        &ctx,
        "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 floordiv 4, -d1, d0 - 3, d0 - d1, (d0 + d1) mod 5, 2 + 3)>",
    )) {
        AttrKind::AffineMap(m) => m.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!((map.num_dims, map.num_symbols, map.results.len()), (2, 1, 8));
    use AffineNode::*;
    let root = |i: usize| map.nodes[map.results[i] as usize];
    assert!(matches!(root(0), Binary { op: AffineBinaryOp::Add, .. }));
    assert!(matches!(root(1), Binary { op: AffineBinaryOp::Mul, .. }));
    assert!(matches!(root(2), Binary { op: AffineBinaryOp::FloorDiv, .. }));
    // -d1 is d1 * -1; d0 - 3 is d0 + -3; d0 - d1 is d0 + d1 * -1 (as MLIR builds them).
    let Binary { op: AffineBinaryOp::Mul, rhs, .. } = root(3) else { panic!() };
    assert_eq!(map.nodes[rhs as usize], Constant(-1));
    let Binary { op: AffineBinaryOp::Add, rhs, .. } = root(4) else { panic!() };
    assert_eq!(map.nodes[rhs as usize], Constant(-3));
    let Binary { op: AffineBinaryOp::Add, rhs, .. } = root(5) else { panic!() };
    assert!(matches!(map.nodes[rhs as usize], Binary { op: AffineBinaryOp::Mul, .. }));
    assert!(matches!(root(6), Binary { op: AffineBinaryOp::Mod, .. }));
    assert_eq!(root(7), Constant(5), "constants fold, as MLIR's AffineExpr operators fold them");
    // Constants and symbolic terms move right, like terms combine (MLIR's simplifyAdd).
    let t = |s: &str| match ctx.attr_kind(at(&ctx, s)) {
        AttrKind::AffineMap(_) => omnir_core::asm::print_attribute(&ctx, at(&ctx, s)),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        t("affine_map<(d0)[s0] -> (1 + d0, s0 - d0, d0 * 2 + d0, 2 * d0)>"),
        "affine_map<(d0)[s0] -> (d0 + 1, -d0 + s0, d0 * 3, d0 * 2)>"
    );
    // The flat form matches building the same tree through the API.
    use omnir_core::affine::{AffineExpr, AffineMap};
    let built =
        AffineMap::new(1, 1, &[AffineExpr::binary(AffineBinaryOp::Add, AffineExpr::Dim(0), AffineExpr::Symbol(0))]);
    assert!(
        matches!(ctx.attr_kind(at(&ctx, "affine_map<(d0)[s0] -> (d0 + s0)>")), AttrKind::AffineMap(m) if *m == built)
    );
    assert!(matches!(ctx.attr_kind(at(&ctx, "affine_map<() -> ()>")), AttrKind::AffineMap(m) if m.results.is_empty()));
    match ctx.attr_kind(at(&ctx, "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0, -d0 + 10 >= 0)>")) {
        AttrKind::IntegerSet(s) => {
            assert_eq!(s.constraints.iter().map(|c| c.1).collect::<Vec<_>>(), [false, true, false]);
            // `d0 - s0 >= 0` is the expression itself (`x - 0` is `x`).
            assert!(matches!(s.nodes[s.constraints[0].0 as usize], Binary { op: AffineBinaryOp::Add, .. }));
            assert_eq!(s.nodes[s.constraints[1].0 as usize], Dim(0));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(ctx.attr_kind(at(&ctx, "affine_set<() : ()>")), AttrKind::IntegerSet(s) if s.constraints.len() == 1)
    );
}

#[test]
fn strided_distinct_opaque_and_locations() {
    let ctx = allow_ctx();
    let k = |s: &str| ctx.attr_kind(at(&ctx, s)).clone();
    assert_eq!(
        k("strided<[1, ?], offset: ?>"),
        AttrKind::StridedLayout { offset: DYNAMIC, strides: Box::new([1, DYNAMIC]) }
    );
    assert_eq!(k("strided<[-1]>"), AttrKind::StridedLayout { offset: 0, strides: Box::new([-1]) });
    assert_eq!(k("strided<[]>"), AttrKind::StridedLayout { offset: 0, strides: Box::new([]) });
    // Within one parse, equal ids are one attribute; different ids differ.
    match k("[distinct[0]<42 : i32>, distinct[0]<42 : i32>, distinct[1]<42 : i32>, distinct[2]<>]") {
        AttrKind::Array(a) => {
            assert_eq!(a[0], a[1]);
            assert_ne!(a[0], a[2]);
            assert!(
                matches!(ctx.attr_kind(a[3]), AttrKind::Distinct { referenced, .. } if matches!(ctx.attr_kind(*referenced), AttrKind::Unit))
            );
        }
        other => panic!("{other:?}"),
    }
    let opq = |s: &str| match ctx.attr_kind(at(&ctx, s)) {
        AttrKind::Opaque { dialect, data, ty } => {
            (ctx.ident_str(*dialect).to_string(), ctx.ident_str(*data).to_string(), ty.is_some())
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(opq("#foo.bar<1, \">\">"), ("foo".into(), "bar<1, \">\">".into(), false));
    assert_eq!(opq("#foo<\"x\">"), ("foo".into(), "\"x\"".into(), false));
    assert_eq!(opq("#foo.x : i32"), ("foo".into(), "x".into(), true));
    assert_eq!(opq("#foo.x : none"), ("foo".into(), "x".into(), false), "none is the default type");
    let loc = |s: &str| match ctx.attr_kind(at(&ctx, s)) {
        AttrKind::Location(l) => l.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(loc("loc(unknown)"), LocationKind::Unknown);
    assert!(matches!(
        loc("loc(\"f\":1:2)"),
        LocationKind::FileLineCol { start_line: 1, start_col: 2, end_line: 1, end_col: 2, .. }
    ));
    assert!(matches!(
        loc("loc(\"f\":1:2 to 3:4)"),
        LocationKind::FileLineCol { start_line: 1, start_col: 2, end_line: 3, end_col: 4, .. }
    ));
    assert!(matches!(loc("loc(\"f\":1:2 to :9)"), LocationKind::FileLineCol { end_line: 1, end_col: 9, .. }));
    assert!(matches!(loc("loc(\"f\":7)"), LocationKind::FileLineCol { start_line: 7, start_col: 0, .. }));
    assert!(matches!(loc("loc(\"name\")"), LocationKind::Name { child: None, .. }));
    assert!(matches!(loc("loc(\"name\"(\"f\":1:2))"), LocationKind::Name { child: Some(_), .. }));
    assert!(matches!(loc("loc(callsite(\"a\" at callsite(\"b\" at \"c\":1:1)))"), LocationKind::CallSite { .. }));
    assert!(matches!(loc("loc(fused[\"a\", \"b\"])"), LocationKind::Fused { metadata: None, .. }));
    assert!(matches!(loc("loc(fused<\"m\">[\"a\", \"b\"])"), LocationKind::Fused { metadata: Some(_), .. }));
    assert!(matches!(loc("loc(fused[\"a\"])"), LocationKind::Name { .. }), "a single fused location is itself");
}

// ---- whole files ----

fn corpus_dir() -> PathBuf {
    match std::env::var_os("OMNIR_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    }
}

fn corpus_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![corpus_dir()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_corpus_file_parses() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("corpus not found at {}; skipping", corpus_dir().display());
        return;
    }
    let mut failures = Vec::new();
    let mut chunks = 0;
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let mut ctx = Context::new();
        let rel = f.strip_prefix(corpus_dir()).unwrap().display().to_string();
        for r in parse_source_split(&mut ctx, &src, &rel, &allow()) {
            chunks += 1;
            if let Err(e) = r {
                failures.push(format!("{e}"));
            }
        }
    }
    for f in failures.iter().take(20) {
        eprintln!("{f}\n");
    }
    assert!(failures.is_empty(), "{} of {chunks} chunks in {} files failed", failures.len(), files.len());
    eprintln!("{chunks} chunks in {} files parsed", files.len());
}

#[test]
fn split_chunks_keep_file_positions() {
    let src = "\"test.a\"() : () -> ()\n// -----\n\"test.b\"() : () -> ()\n// -----\n// ---- not a marker\n\"test.c\"(%x) : (i32) -> ()\n";
    let chunks = split_source(src);
    assert_eq!(chunks.len(), 3);
    let mut ctx = Context::new();
    let results = parse_source_split(&mut ctx, src, "s.mlir", &allow());
    let m2 = results[1].as_ref().unwrap();
    // The implicit module of a later chunk sits where the chunk starts (after the marker).
    assert!(matches!(
        ctx.location_kind(ctx.op_location(*m2).unwrap()),
        LocationKind::FileLineCol { start_line: 2, start_col: 9, .. }
    ));
    let b = body(&ctx, *m2)[0];
    assert!(matches!(
        ctx.location_kind(ctx.op_location(b).unwrap()),
        LocationKind::FileLineCol { start_line: 3, start_col: 1, .. }
    ));
    let err = results[2].as_ref().unwrap_err();
    assert_eq!(err.diagnostics[0].line, 6, "errors count lines in the whole file");
    assert!(err.diagnostics[0].rendered.starts_with("s.mlir:6:10: error: use of undeclared SSA value name"));
}

/// `splitAndProcessBuffer`'s rules, checked against iree-opt (LLVM 24-dev): `// ------`
/// splits (its chunk starts with `-`), `// -----0` and `// ----` are near misses, a file
/// starting with the marker keeps it in its first chunk, and an empty last chunk is dropped.
#[test]
fn split_markers_follow_mlir_quirks() {
    use omnir_core::asm::parser::split_source_with;
    let src = "a\n// ------\nb\n// -----0\nc\n//-----\nd\n// ----\ne\n";
    let split = split_source_with(src, "// -----");
    let texts: Vec<&str> = split.chunks.iter().map(|r| &src[r.clone()]).collect();
    assert_eq!(texts, ["a\n", "-\nb\n// -----0\nc\n//-----\nd\n// ----\ne\n"]);
    let at = |p: usize| (src[..p].matches('\n').count() + 1, p - src[..p].rfind('\n').map_or(0, |i| i + 1) + 1);
    assert_eq!(split.near_misses.iter().map(|&p| at(p)).collect::<Vec<_>>(), [(4, 7), (8, 7)]);
    // A leading marker is not a split: the first chunk starts after `// ---` with `--`.
    let src = "// -----\nx\n";
    let texts: Vec<&str> = split_source(src).into_iter().map(|r| &src[r]).collect();
    assert_eq!(texts, ["--\nx\n"]);
    // A marker at the very end: a near miss (nothing follows its `--`).
    let src = "x\n// -----";
    let split = split_source_with(src, "// -----");
    let texts: Vec<&str> = split.chunks.iter().map(|r| &src[r.clone()]).collect();
    assert_eq!((texts, split.near_misses), (vec![src], vec![src.len() - 2]));
    // Two markers in a row give an empty chunk in between.
    let src = "x\n// -----\n// -----\ny";
    let texts: Vec<&str> = split_source(src).into_iter().map(|r| &src[r]).collect();
    assert_eq!(texts, ["x\n", "\n", "\ny"]);
    // Another marker (`--split-input-file=%%--`).
    let cut = |src: &'static str| -> Vec<&'static str> {
        split_source_with(src, "%%--").chunks.into_iter().map(|r| &src[r]).collect()
    };
    assert_eq!(cut("a\n%%--\nb"), ["a\n", "\nb"]);
    assert_eq!(cut("a\n%%-x\nb"), ["a\n%%-x\nb"]);
}

#[test]
fn generated_benchmark_input_parses() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench/gen_mlir.py");
    for props in [false, true] {
        let mut cmd = std::process::Command::new("python3");
        cmd.arg(&script).args(["--ops", "100000"]);
        if props {
            cmd.arg("--props");
        }
        let Ok(out) = cmd.output() else {
            eprintln!("python3 not available; skipping");
            return;
        };
        if !out.status.success() {
            eprintln!("gen_mlir.py not available; skipping");
            return;
        }
        let src = String::from_utf8(out.stdout).unwrap();
        let mut ctx = Context::new();
        let m = parse_source(&mut ctx, &src, "100k.mlir", &allow()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ctx.op_name(m).unwrap(), "builtin.module");
        let (ops, _, _) = ctx.live_ir_counts();
        assert!(ops > 100_000, "{ops} ops");
    }
}

// ---- depth: nothing recurses on nesting ----

/// Runs `f` on a thread with a small stack: any recursion proportional to the input's
/// nesting would overflow it.
fn with_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 * 1024).spawn(f).unwrap().join().unwrap();
}

const DEEP: usize = 100_000;

#[test]
fn regions_nested_100k_deep() {
    with_small_stack(|| {
        let mut src = String::new();
        for _ in 0..DEEP {
            src.push_str("\"t.r\"() ({\n");
        }
        src.push_str("\"t.leaf\"() : () -> ()\n");
        for _ in 0..DEEP {
            src.push_str("}) : () -> ()\n");
        }
        let mut ctx = Context::new();
        parse_source(&mut ctx, &src, "deep.mlir", &allow()).unwrap();
        assert_eq!(ctx.live_ir_counts().0, DEEP + 2);
        // Unclosed: an error, and nothing is left behind.
        let mut ctx = Context::new();
        let cut = &src[..src.len() / 2];
        assert!(parse_source(&mut ctx, cut, "deep.mlir", &allow()).is_err());
        assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
    });
}

#[test]
fn attributes_types_and_locations_nested_100k_deep() {
    with_small_stack(|| {
        let ctx = allow_ctx();
        let arr = format!("{}1{}", "[".repeat(DEEP), "]".repeat(DEEP));
        assert!(matches!(ctx.attr_kind(at(&ctx, &arr)), AttrKind::Array(_)));
        let dict = format!("{}{}", "{a = ".repeat(DEEP), "}".repeat(DEEP));
        assert!(parse_attribute(&ctx, &dict).is_err(), "an empty innermost value is an error, cleanly");
        let dict = format!("{}unit{}", "{a = ".repeat(DEEP), "}".repeat(DEEP));
        assert!(matches!(ctx.attr_kind(at(&ctx, &dict)), AttrKind::Dictionary(_)));
        let tup = format!("{}i32{}", "tuple<".repeat(DEEP), ">".repeat(DEEP));
        assert!(matches!(ctx.type_kind(ty(&ctx, &tup)), TypeKind::Tuple(_)));
        let f = format!("{}i32{}", "(".repeat(DEEP), ") -> i32".repeat(DEEP));
        assert!(matches!(ctx.type_kind(ty(&ctx, &f)), TypeKind::Function { .. }));
        let t = "tensor<4xtensor<i32>>";
        assert!(parse_type(&ctx, t).is_err(), "tensors of tensors are invalid");
        let l = format!("loc({}\"x\"{})", "callsite(\"a\" at ".repeat(DEEP), ")".repeat(DEEP));
        assert!(matches!(ctx.attr_kind(at(&ctx, &l)), AttrKind::Location(LocationKind::CallSite { .. })));
        let n = format!("loc({}\"x\"{})", "\"n\"(".repeat(DEEP), ")".repeat(DEEP));
        assert!(matches!(ctx.attr_kind(at(&ctx, &n)), AttrKind::Location(LocationKind::Name { .. })));
        let dense = format!("dense<{}1{}> : tensor<{}i8>", "[".repeat(1000), "]".repeat(1000), "1x".repeat(1000));
        assert!(matches!(ctx.attr_kind(at(&ctx, &dense)), AttrKind::DenseIntOrFloat { .. }));
        // MLIR accepts nested complex parentheses syntactically; 100k levels parse (and are
        // rejected for the element count) without recursion.
        let complex = format!("dense<{}1{}> : tensor<complex<i8>>", "(".repeat(DEEP), ", 1)".repeat(DEEP));
        let e = parse_attribute(&ctx, &complex).unwrap_err();
        assert!(e.diagnostics[0].message.starts_with("parsed 100001 elements"), "{e}");
        let opaque = format!("!foo.bar<{}{}>", "<".repeat(DEEP), ">".repeat(DEEP));
        assert!(matches!(ctx.type_kind(ty(&ctx, &opaque)), TypeKind::Opaque { .. }));
    });
}

#[test]
fn affine_expressions_100k_long_and_deep() {
    with_small_stack(|| {
        let ctx = allow_ctx();
        // Alternating terms, which no simplification combines.
        let long = format!("affine_map<(d0)[s0] -> ({})>", ["d0", "s0"].repeat(DEEP / 2).join(" + "));
        assert!(matches!(ctx.attr_kind(at(&ctx, &long)), AttrKind::AffineMap(m) if m.nodes.len() == 2 * DEEP - 1));
        let deep = format!("affine_map<(d0) -> ({}d0{})>", "(".repeat(DEEP), " + 1)".repeat(DEEP));
        assert!(matches!(ctx.attr_kind(at(&ctx, &deep)), AttrKind::AffineMap(_)));
        let neg = format!("affine_map<(d0) -> ({}d0)>", "-".repeat(DEEP));
        assert!(matches!(ctx.attr_kind(at(&ctx, &neg)), AttrKind::AffineMap(_)));
    });
}

#[test]
fn many_regions_and_blocks_in_one_op() {
    with_small_stack(|| {
        let mut src = String::from("\"t.many\"() (");
        src.push_str(&vec!["{}"; DEEP].join(", "));
        src.push_str(") : () -> ()\n\"t.blocks\"() ({\n");
        for i in 0..10_000 {
            src.push_str(&format!("^bb{i}:\n  \"t.br\"()[^bb{}] : () -> ()\n", i + 1));
        }
        src.push_str("^bb10000:\n  \"t.end\"() : () -> ()\n}) : () -> ()\n");
        let mut ctx = Context::new();
        let m = parse_source(&mut ctx, &src, "many.mlir", &allow()).unwrap();
        let ops = body(&ctx, m);
        assert_eq!(ctx.op_num_regions(ops[0]).unwrap(), DEEP);
        assert_eq!(ctx.region_blocks(ctx.op_region(ops[1], 0).unwrap()).unwrap().len(), 10_001);
    });
}

// ---- locations kept compactly, repeated attribute values ----

const LOC_SRC: &str = "\"test.a\"() ({\n^bb0(%x: i32, %y: f32):\n  \"test.b\"(%x) : (i32) -> ()\n}) : () -> ()\n\"test.c\"() {l = loc(\"t.mlir\":3:3), r = loc(\"t.mlir\":3:3 to 3:9)} : () -> ()\n";

fn debug_print(ctx: &Context, m: OpId, pretty: bool) -> String {
    let flags = omnir_core::asm::PrintFlags {
        generic: true,
        debug_info: true,
        pretty_debug_info: pretty,
        ..Default::default()
    };
    omnir_core::asm::print_op(ctx, m, &flags).unwrap()
}

#[test]
fn parsed_locations_are_uniqued_like_any_other() {
    let mut ctx = Context::new();
    let m = parse(&mut ctx, LOC_SRC);
    let ops = body(&ctx, m);
    let (a, c) = (ops[0], ops[1]);
    let b = body(&ctx, a)[0];
    let b_loc = ctx.op_location(b).unwrap();
    // Made afterwards, the same point is the same attribute.
    assert_eq!(ctx.file_line_col_loc("t.mlir", 3, 3), b_loc);
    assert_eq!(ctx.file_line_col_loc("t.mlir", 1, 1), ctx.op_location(a).unwrap());
    // Written in the text (after the op it names), too; a range is another attribute.
    assert_eq!(ctx.op_attribute(c, "l").unwrap(), Some(b_loc.attr()));
    assert_ne!(ctx.op_attribute(c, "r").unwrap(), Some(b_loc.attr()));
    let blk = ctx.region_first_block(ctx.op_region(a, 0).unwrap()).unwrap().unwrap();
    let y = ctx.block_argument(blk, 1).unwrap();
    assert_eq!(ctx.value_location(y).unwrap(), ctx.file_line_col_loc("t.mlir", 2, 15));
    assert_eq!(
        ctx.attr_kind(b_loc.attr()),
        &AttrKind::Location(LocationKind::FileLineCol {
            file: ctx.identifier("t.mlir"),
            start_line: 3,
            start_col: 3,
            end_line: 3,
            end_col: 3
        })
    );
    assert_eq!(ctx.as_location(b_loc.attr()), Some(b_loc));
    assert_eq!(ctx.attr_from_raw(b_loc.attr().to_raw()), Some(b_loc.attr()));
    assert_eq!(omnir_core::asm::print_location(&ctx, b_loc), "loc(\"t.mlir\":3:3)");
    assert_eq!(ctx.location_summary(b_loc), "t.mlir:3:3");

    // Parsing the file again into the same context gives the same locations.
    let m2 = parse(&mut ctx, LOC_SRC);
    let b2 = body(&ctx, body(&ctx, m2)[0])[0];
    assert_eq!(ctx.op_location(b2).unwrap(), b_loc);
    assert_eq!(debug_print(&ctx, m2, false), debug_print(&ctx, m, false));
}

#[test]
fn locations_made_before_a_parse_are_reused_by_it() {
    let mut ctx = Context::new();
    let early = ctx.file_line_col_loc("t.mlir", 3, 3);
    let m = parse(&mut ctx, LOC_SRC);
    let b = body(&ctx, body(&ctx, m)[0])[0];
    assert_eq!(ctx.op_location(b).unwrap(), early);
    // Printed with debug info (aliases and all), both ways of storing locations agree.
    let mut fresh = Context::new();
    let m2 = parse(&mut fresh, LOC_SRC);
    for pretty in [false, true] {
        assert_eq!(debug_print(&ctx, m, pretty), debug_print(&fresh, m2, pretty));
    }
    let text = debug_print(&fresh, m2, false);
    assert!(text.contains(" = loc(\"t.mlir\":3:3)\n"), "{text}");
}

#[test]
fn locations_of_split_chunks_in_one_context() {
    let src = "\"test.a\"() : () -> ()\n// -----\n\"test.b\"() : () -> ()\n";
    let mut ctx = Context::new();
    let results = parse_source_split(&mut ctx, src, "s.mlir", &allow());
    let b = body(&ctx, *results[1].as_ref().unwrap())[0];
    assert_eq!(ctx.op_location(b).unwrap(), ctx.file_line_col_loc("s.mlir", 3, 1));
    let a = body(&ctx, *results[0].as_ref().unwrap())[0];
    assert_eq!(ctx.op_location(a).unwrap(), ctx.file_line_col_loc("s.mlir", 1, 1));
}

#[test]
fn repeated_dictionary_values_parse_as_written() {
    let src = r#""t.a"() {a = 1, b = [1, 2], c = "x", d = 2.0, e = {k = unit}, f = dense<1> : tensor<2xi8>} : () -> ()
"t.a"() {a = 1 : i32, b = [1, 2] , c = "x" : i8, d = 2.0 : f16, e = {k = unit}, f = dense<1> : tensor<2xi8>} : () -> ()
"t.a"() {a = 1, b = [1, 2]	, c = "x", d = 2.0, e = {k = unit, j}, f = dense<1> : tensor<2xi8>} : () -> ()
"t.a"() {a = 10, b = [1, 2, 3], c = "xy", d = 2.05, e = {k = unit}, f = dense<1> : tensor<2xi16>} : () -> ()
"t.a"() {f = dense<1> : tensor<2xi8>, a = 1, e = {k = unit}} : () -> ()
"#;
    let mut ctx = Context::new();
    let m = parse(&mut ctx, src);
    let ops = body(&ctx, m);
    let expect = [
        [
            ("a", "1"),
            ("b", "[1, 2]"),
            ("c", "\"x\""),
            ("d", "2.0"),
            ("e", "{k = unit}"),
            ("f", "dense<1> : tensor<2xi8>"),
        ],
        [
            ("a", "1 : i32"),
            ("b", "[1, 2]"),
            ("c", "\"x\" : i8"),
            ("d", "2.0 : f16"),
            ("e", "{k = unit}"),
            ("f", "dense<1> : tensor<2xi8>"),
        ],
        [
            ("a", "1"),
            ("b", "[1, 2]"),
            ("c", "\"x\""),
            ("d", "2.0"),
            ("e", "{j, k = unit}"),
            ("f", "dense<1> : tensor<2xi8>"),
        ],
        [
            ("a", "10"),
            ("b", "[1, 2, 3]"),
            ("c", "\"xy\""),
            ("d", "2.05"),
            ("e", "{k = unit}"),
            ("f", "dense<1> : tensor<2xi16>"),
        ],
    ];
    for (op, want) in ops.iter().zip(expect.iter()) {
        for (name, text) in want {
            assert_eq!(ctx.op_attribute(*op, name).unwrap(), Some(at(&ctx, text)), "{name} = {text}");
        }
    }
    assert_eq!(ctx.op_attribute(ops[4], "f").unwrap(), Some(at(&ctx, "dense<1> : tensor<2xi8>")));
}

#[test]
fn a_location_written_before_the_op_it_names_is_that_ops_location() {
    let mut ctx = Context::new();
    let m =
        parse(&mut ctx, "\"t.x\"() {l = loc(\"t.mlir\":2:1)} : () -> ()\n\"t.y\"() : () -> ()\n\"t.z\"() : () -> ()\n");
    let ops = body(&ctx, m);
    assert_eq!(ctx.op_attribute(ops[0], "l").unwrap(), Some(ctx.op_location(ops[1]).unwrap().attr()));
    assert_eq!(ctx.op_location(ops[2]).unwrap(), ctx.file_line_col_loc("t.mlir", 3, 1));
    assert_eq!(ctx.op_location(ops[0]).unwrap(), ctx.file_line_col_loc("t.mlir", 1, 1));
}

/// The compact locations (`PointLocs`) and the interned ones print the same, with debug
/// info and its aliases, over the whole corpus: each chunk parsed once as usual and once
/// in a context where a location of the file already exists (so that the parse interns
/// every location instead).
#[test]
fn corpus_locations_print_the_same_however_they_are_stored() {
    use omnir_core::asm::parser::parse_source_range;
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("corpus not found at {}; skipping", corpus_dir().display());
        return;
    }
    let mut compared = 0;
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        for chunk in split_source(&src) {
            let mut fast = Context::new();
            let mut slow = Context::new();
            slow.file_line_col_loc(&name, 1, 1);
            let (Ok(a), Ok(b)) = (
                parse_source_range(&mut fast, &src, chunk.clone(), &name, &allow()),
                parse_source_range(&mut slow, &src, chunk.clone(), &name, &allow()),
            ) else {
                continue;
            };
            for pretty in [false, true] {
                let flags = omnir_core::asm::PrintFlags {
                    debug_info: true,
                    pretty_debug_info: pretty,
                    assume_verified: true,
                    ..Default::default()
                };
                let pa = omnir_core::asm::print_op(&fast, a, &flags).unwrap();
                let pb = omnir_core::asm::print_op(&slow, b, &flags).unwrap();
                assert_eq!(pa, pb, "{name} {chunk:?}");
            }
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} chunks compared");
    eprintln!("{compared} chunks compared");
}
