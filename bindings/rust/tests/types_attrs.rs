//! Types, attributes and locations through the safe client.

use std::collections::HashSet;

use omnir::{AttributeKind, Context, FloatKind, LocationKind, Signedness, Status, TypeId, TypeKind, DYNAMIC};

#[test]
fn types() {
    let ctx = Context::new();
    let i32 = ctx.integer_type(32).unwrap();
    assert_eq!(i32.kind().unwrap(), TypeKind::Integer);
    assert_eq!(i32.integer_width().unwrap(), 32);
    assert_eq!(i32.signedness().unwrap(), Signedness::Signless);
    assert!(i32.is_integer().unwrap());
    assert_eq!(i32.to_string(), "i32");
    // Uniqued: equal types are equal handles, hashed alike.
    assert_eq!(i32, ctx.parse_type("i32").unwrap());
    let ui8 = ctx.integer_type_with(8, Signedness::Unsigned).unwrap();
    assert_eq!(ui8.to_string(), "ui8");
    let set: HashSet<_> = [i32.clone(), ctx.integer_type(32).unwrap(), ui8.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);

    let f16 = ctx.float_type(FloatKind::F16).unwrap();
    assert_eq!(f16.float_kind().unwrap(), FloatKind::F16);
    assert!(f16.is_float().unwrap());
    assert_eq!(ctx.index_type().unwrap().kind().unwrap(), TypeKind::Index);
    assert_eq!(ctx.none_type().unwrap().to_string(), "none");

    let f32 = ctx.f32_type().unwrap();
    let t = ctx.ranked_tensor_type(&[4, DYNAMIC], &f32, None).unwrap();
    assert_eq!(t.to_string(), "tensor<4x?xf32>");
    assert_eq!(t.kind().unwrap(), TypeKind::RankedTensor);
    assert_eq!(t.shape().unwrap(), Some(vec![4, DYNAMIC]));
    assert_eq!(t.element_type().unwrap(), f32);
    assert!(t.is_shaped().unwrap());
    assert_eq!(t.encoding().unwrap(), None);
    let u = ctx.unranked_tensor_type(&f32).unwrap();
    assert_eq!(u.shape().unwrap(), None);
    assert_eq!(ctx.vector_type(&[4], &f32).unwrap().to_string(), "vector<4xf32>");
    assert_eq!(ctx.memref_type(&[2, 3], &i32, None, None).unwrap().to_string(), "memref<2x3xi32>");
    assert_eq!(ctx.complex_type(&f32).unwrap().to_string(), "complex<f32>");

    let fnty = ctx.function_type(&[i32.clone(), f32.clone()], std::slice::from_ref(&ui8)).unwrap();
    assert_eq!(fnty.to_string(), "(i32, f32) -> ui8");
    assert_eq!(fnty.inputs().unwrap(), [i32.clone(), f32.clone()]);
    assert_eq!(fnty.results().unwrap(), std::slice::from_ref(&ui8));
    let tup = ctx.tuple_type(&[i32.clone(), f32.clone()]).unwrap();
    assert_eq!(tup.tuple_elements().unwrap(), [i32.clone(), f32.clone()]);

    // Asking a type for what it does not have is an error, not a crash.
    assert_eq!(i32.element_type().unwrap_err().status, Status::InvalidArgument);
    assert_eq!(ctx.parse_type("!foo.bar").unwrap_err().status, Status::ParseFailed);
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let opaque = ctx.opaque_type("foo", "bar<1>").unwrap();
    assert_eq!(opaque.kind().unwrap(), TypeKind::Opaque);
    assert_eq!(opaque.to_string(), "!foo.bar<1>");

    let elem = TypeId::get("builtin.MemRefElementTypeInterface").unwrap();
    assert!(f32.implements(elem).unwrap());
    assert!(!fnty.implements(elem).unwrap());
    assert_eq!(i32.type_id().unwrap().name().unwrap(), "builtin.integer");
}

#[test]
fn attributes() {
    let ctx = Context::new();
    let i32 = ctx.integer_type(32).unwrap();
    let seven = ctx.integer_attr(&i32, 7).unwrap();
    assert_eq!(seven.kind().unwrap(), AttributeKind::Integer);
    assert_eq!(seven.int_value().unwrap(), 7);
    assert_eq!(seven.ty().unwrap(), Some(i32.clone()));
    assert_eq!(seven.to_string(), "7 : i32");
    assert_eq!(seven, ctx.parse_attribute("7 : i32").unwrap());

    let neg = ctx.integer_attr(&ctx.integer_type(8).unwrap(), -1).unwrap();
    assert_eq!(neg.int_value().unwrap(), -1);
    assert_eq!(neg.uint_value().unwrap(), 255);

    let half = ctx.float_attr(&ctx.f32_type().unwrap(), 0.5).unwrap();
    assert_eq!(half.float_value().unwrap(), 0.5);
    assert!(ctx.bool_attr(true).unwrap().bool_value().unwrap());
    assert_eq!(ctx.unit_attr().unwrap().kind().unwrap(), AttributeKind::Unit);

    let s = ctx.string_attr("héllo").unwrap();
    assert_eq!(s.string_value().unwrap(), "héllo");
    assert_eq!(s.ty().unwrap(), None);
    let raw = ctx.string_attr_bytes(b"a\0b\xff", None).unwrap();
    assert_eq!(raw.string_bytes().unwrap(), b"a\0b\xff");

    let arr = ctx.array_attr(&[seven.clone(), s.clone()]).unwrap();
    assert_eq!(arr.array_elements().unwrap(), [seven.clone(), s.clone()]);
    assert_eq!(arr.to_string(), "[7 : i32, \"h\\C3\\A9llo\"]");

    let dict = ctx.dictionary_attr(&[("zeta", seven.clone()), ("alpha", s.clone())]).unwrap();
    let entries = dict.dictionary_entries().unwrap();
    assert_eq!(entries[0], ("alpha".to_string(), s.clone()));
    assert_eq!(entries[1], ("zeta".to_string(), seven.clone()));
    assert_eq!(dict.dictionary_get("zeta").unwrap(), Some(seven.clone()));
    assert_eq!(dict.dictionary_get("nope").unwrap(), None);
    let dup = ctx.dictionary_attr(&[("a", seven.clone()), ("a", s.clone())]).unwrap_err();
    assert_eq!(dup.status, Status::InvalidArgument);

    let sym = ctx.symbol_ref_attr("outer", &["inner"]).unwrap();
    assert_eq!(sym.to_string(), "@outer::@inner");
    assert_eq!(sym.symbol_root().unwrap(), "outer");
    assert_eq!(sym.symbol_nested().unwrap(), ["inner"]);
    assert_eq!(ctx.flat_symbol_ref_attr("f").unwrap().to_string(), "@f");

    let ty = ctx.type_attr(&i32).unwrap();
    assert_eq!(ty.type_value().unwrap(), i32);

    let tensor = ctx.ranked_tensor_type(&[2], &i32, None).unwrap();
    let dense = ctx.dense_elements_attr(&tensor, &[1, 0, 0, 0, 2, 0, 0, 0]).unwrap();
    assert_eq!(dense.to_string(), "dense<[1, 2]> : tensor<2xi32>");
    assert_eq!(dense.dense_raw_data().unwrap(), [1, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(ctx.dense_i64_array_attr(&[1, 2, 3]).unwrap().to_string(), "array<i64: 1, 2, 3>");

    // Wrong-kind accessors are errors.
    assert_eq!(s.int_value().unwrap_err().status, Status::InvalidArgument);
    assert_eq!(ctx.parse_attribute("[1, 2").unwrap_err().status, Status::ParseFailed);

    let key = ctx.insert_resource("builtin", "blob", &[1, 2, 3, 4], 4).unwrap();
    assert_eq!(key, "blob");
    assert_eq!(ctx.resource("builtin", "blob").unwrap(), Some((vec![1, 2, 3, 4], 4)));
    assert_eq!(ctx.resource("builtin", "none").unwrap(), None);
}

#[test]
fn locations() {
    let ctx = Context::new();
    let unknown = ctx.unknown_loc();
    assert_eq!(unknown.kind().unwrap(), LocationKind::Unknown);
    assert_eq!(unknown.to_string(), "loc(unknown)");
    let file = ctx.file_line_col_loc("a.mlir", 3, 7).unwrap();
    assert_eq!(file.kind().unwrap(), LocationKind::FileLineCol);
    assert_eq!(file.file_line_col().unwrap(), ("a.mlir".to_string(), 3, 7));
    assert_eq!(file.to_string(), "loc(\"a.mlir\":3:7)");
    assert_eq!(file, ctx.file_line_col_loc("a.mlir", 3, 7).unwrap());
    let named = ctx.name_loc("x", Some(&file)).unwrap();
    assert_eq!(named.name().unwrap(), "x");
    let call = ctx.call_site_loc(&named, &file).unwrap();
    assert_eq!(call.kind().unwrap(), LocationKind::CallSite);
    let other = ctx.file_line_col_loc("b.mlir", 1, 1).unwrap();
    let fused = ctx.fused_loc(&[file.clone(), other], None).unwrap();
    assert_eq!(fused.kind().unwrap(), LocationKind::Fused);
    let attr = fused.to_attribute().unwrap();
    assert_eq!(attr.kind().unwrap(), AttributeKind::Location);
    assert_eq!(attr.to_location().unwrap(), fused);
}
