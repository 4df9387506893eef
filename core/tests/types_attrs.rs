//! Unit tests for builtin types, attributes, locations, TypeIds, interfaces, the dialect
//! registry and diagnostics, with MLIR's semantics as the reference.

use std::sync::{Arc, Mutex};

use omnir_core::affine::{AffineBinaryOp, AffineExpr, AffineMap, AffineNode, IntegerSet};
use omnir_core::attrs::{ApInt, AttrKind, LocationKind};
use omnir_core::dialect::{interfaces, ParamSpec};
use omnir_core::float;
use omnir_core::types::MAX_INTEGER_WIDTH;
use omnir_core::{
    Context, Diagnostic, DialectDef, ErrorKind, FloatKind, InterfaceImpl, Location, NamedAttribute, OpDef,
    OperationState, ResourceBlob, Severity, Signedness, TypeId, TypeKind, DYNAMIC,
};

fn err_kind<T: std::fmt::Debug>(r: omnir_core::Result<T>) -> ErrorKind {
    r.expect_err("expected an error").kind
}

fn ctx_with_dialect(name: &str) -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(DialectDef { name: name.into(), allow_unknown_operations: false, enums: Vec::new() });
    ctx
}

// ---------------------------------------------------------------------------------------
// types

#[test]
fn integer_types() {
    let ctx = Context::new();
    let i0 = ctx.integer_type(0, Signedness::Signless).unwrap();
    assert_eq!(ctx.type_kind(i0), &TypeKind::Integer { width: 0, signedness: Signedness::Signless });
    assert_eq!(ctx.int_or_float_bit_width(i0), Some(0));
    let i32s = ctx.integer_type(32, Signedness::Signless).unwrap();
    let si32 = ctx.integer_type(32, Signedness::Signed).unwrap();
    let ui32 = ctx.integer_type(32, Signedness::Unsigned).unwrap();
    assert!(i32s != si32 && si32 != ui32 && i32s != ui32);
    assert_eq!(ctx.signless_int(32), i32s);
    assert_eq!(ctx.type_summary(si32), "si32");
    assert_eq!(ctx.type_summary(ui32), "ui32");
    let wide = ctx.integer_type(65536, Signedness::Signless).unwrap();
    assert_eq!(ctx.int_or_float_bit_width(wide), Some(65536));
    let max = ctx.integer_type(MAX_INTEGER_WIDTH, Signedness::Unsigned).unwrap();
    assert_eq!(ctx.int_or_float_bit_width(max), Some((1 << 24) - 1));
    assert_eq!(MAX_INTEGER_WIDTH, 16_777_215, "MLIR's IntegerType::kMaxWidth");
    let e = ctx.integer_type(MAX_INTEGER_WIDTH + 1, Signedness::Signless).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(e.message.contains("16777216"), "{}", e.message);
    assert_eq!(err_kind(ctx.integer_type(u32::MAX, Signedness::Signed)), ErrorKind::InvalidArgument);
    // The infallible shorthand clamps rather than panicking.
    assert_eq!(ctx.signless_int(u32::MAX), ctx.integer_type(MAX_INTEGER_WIDTH, Signedness::Signless).unwrap());
    assert_eq!(ctx.type_id(i32s), TypeId::of("builtin.integer"));
    assert_eq!(ctx.type_id(si32), ctx.type_id(i0));
    assert_eq!(ctx.element_type(i32s), None);
    assert_eq!(ctx.shape(i32s), None);
    assert!(!ctx.is_shaped(i32s));
}

#[test]
fn index_none_and_every_float_kind() {
    let ctx = Context::new();
    let index = ctx.index_type();
    assert_eq!(ctx.type_kind(index), &TypeKind::Index);
    assert_eq!(ctx.int_or_float_bit_width(index), Some(64));
    let none = ctx.none_type();
    assert_eq!(ctx.type_kind(none), &TypeKind::None);
    assert_eq!(ctx.int_or_float_bit_width(none), None);
    assert_ne!(index, none);
    let widths = [16, 16, 32, 64, 80, 128, 19, 8, 8, 8, 8, 8, 8, 8, 8, 6, 6, 4];
    let mut seen = std::collections::HashSet::new();
    for (kind, width) in FloatKind::ALL.into_iter().zip(widths) {
        let t = ctx.float_type(kind);
        assert!(seen.insert(t), "{kind:?} has its own type");
        assert_eq!(ctx.type_kind(t), &TypeKind::Float(kind));
        assert_eq!(kind.bit_width(), width, "{kind:?}");
        assert_eq!(ctx.int_or_float_bit_width(t), Some(width));
        assert_eq!(FloatKind::from_keyword(kind.keyword()), Some(kind));
        assert_eq!(ctx.type_summary(t), kind.keyword());
        assert_eq!(ctx.type_id(t), TypeId::of(&format!("builtin.{}", kind.keyword())));
        assert!(ctx.type_implements(t, interfaces::float_type()));
        assert!(ctx.type_implements(t, interfaces::memref_element_type()));
        assert_eq!(ctx.float_type(kind), t, "uniqued");
    }
    assert_eq!(seen.len(), 18);
    assert_eq!(FloatKind::from_keyword("f7"), None);
    let keywords: Vec<&str> = FloatKind::ALL.iter().map(|k| k.keyword()).collect();
    for k in [
        "f16",
        "bf16",
        "f32",
        "f64",
        "f80",
        "f128",
        "tf32",
        "f8E5M2",
        "f8E4M3",
        "f8E4M3FN",
        "f8E5M2FNUZ",
        "f8E4M3FNUZ",
        "f8E4M3B11FNUZ",
        "f8E3M4",
        "f8E8M0FNU",
        "f6E2M3FN",
        "f6E3M2FN",
        "f4E2M1FN",
    ] {
        assert!(keywords.contains(&k), "{k}");
    }
}

#[test]
fn complex_element_checks() {
    let ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let i8t = ctx.signless_int(8);
    let c = ctx.complex_type(f32t).unwrap();
    assert_eq!(ctx.type_kind(c), &TypeKind::Complex(f32t));
    assert_eq!(ctx.element_type(c), Some(f32t));
    assert_eq!(ctx.complex_type(f32t).unwrap(), c);
    assert!(ctx.complex_type(i8t).is_ok());
    let vec = ctx.vector_type(&[4], &[], f32t).unwrap();
    for bad in [ctx.index_type(), ctx.none_type(), c, vec, ctx.tuple_type(&[]), ctx.function_type(&[], &[])] {
        assert_eq!(err_kind(ctx.complex_type(bad)), ErrorKind::InvalidArgument, "{}", ctx.type_summary(bad));
    }
    assert_eq!(ctx.type_summary(c), "complex<f32>");
}

#[test]
fn function_and_tuple_types() {
    let ctx = Context::new();
    let i1 = ctx.signless_int(1);
    let f = ctx.function_type(&[i1, i1], &[i1]);
    assert_eq!(ctx.type_kind(f), &TypeKind::Function { inputs: vec![i1, i1].into(), results: vec![i1].into() });
    assert_eq!(ctx.function_type(&[i1, i1], &[i1]), f);
    assert_ne!(ctx.function_type(&[i1], &[i1, i1]), f);
    let empty_fn = ctx.function_type(&[], &[]);
    assert_ne!(empty_fn, f);
    let t = ctx.tuple_type(&[i1, f]);
    assert_eq!(ctx.type_kind(t), &TypeKind::Tuple(vec![i1, f].into()));
    assert_eq!(ctx.tuple_type(&[i1, f]), t);
    let nested = ctx.tuple_type(&[t, t]);
    assert_ne!(nested, t);
    assert_eq!(ctx.type_id(f), TypeId::of("builtin.function"));
    assert_eq!(ctx.type_id(t), TypeId::of("builtin.tuple"));
}

#[test]
fn vector_types() {
    let ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let v = ctx.vector_type(&[4, 8], &[], f32t).unwrap();
    assert_eq!(
        ctx.type_kind(v),
        &TypeKind::Vector { shape: vec![4, 8].into(), scalable: vec![false, false].into(), element: f32t }
    );
    // Empty flags mean "none scalable": same type as explicit all-false flags.
    assert_eq!(ctx.vector_type(&[4, 8], &[false, false], f32t).unwrap(), v);
    let sv = ctx.vector_type(&[4, 8], &[true, false], f32t).unwrap();
    assert_ne!(sv, v);
    assert!(matches!(ctx.type_kind(sv), TypeKind::Vector { scalable, .. } if **scalable == [true, false]));
    assert_eq!(err_kind(ctx.vector_type(&[4, 8], &[true], f32t)), ErrorKind::InvalidArgument);
    // Sizes must be positive and static.
    for bad in [0, -1, DYNAMIC] {
        let e = ctx.vector_type(&[4, bad], &[], f32t).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument);
        assert!(e.message.contains("positive"), "{}", e.message);
    }
    // 0-D vectors exist.
    let v0 = ctx.vector_type(&[], &[], f32t).unwrap();
    assert_eq!(ctx.shape(v0), Some(&[][..]));
    // Elements: int, index, float only.
    assert!(ctx.vector_type(&[2], &[], ctx.index_type()).is_ok());
    assert!(ctx.vector_type(&[2], &[], ctx.signless_int(1)).is_ok());
    let c = ctx.complex_type(f32t).unwrap();
    for bad in [c, v, ctx.none_type(), ctx.tuple_type(&[f32t])] {
        assert_eq!(err_kind(ctx.vector_type(&[2], &[], bad)), ErrorKind::InvalidArgument);
    }
    assert!(ctx.is_shaped(v));
    assert_eq!(ctx.element_type(v), Some(f32t));
    assert!(ctx.type_implements(v, interfaces::memref_element_type()));
}

#[test]
fn tensor_types_and_element_rules() {
    let mut ctx = ctx_with_dialect("tdial");
    let td = ctx.register_type("tdial", "thing", vec![], None, vec![]).unwrap();
    let dialect_ty = ctx.dialect_type(td, &[]).unwrap();
    let f32t = ctx.float_type(FloatKind::F32);
    let t = ctx.ranked_tensor_type(&[2, DYNAMIC, 0], f32t, None).unwrap();
    assert_eq!(ctx.shape(t), Some(&[2, DYNAMIC, 0][..]));
    assert_eq!(ctx.element_type(t), Some(f32t));
    assert!(ctx.is_shaped(t));
    assert!(!ctx.type_implements(t, interfaces::memref_element_type()));
    assert_eq!(ctx.ranked_tensor_type(&[2, DYNAMIC, 0], f32t, None).unwrap(), t);
    assert_eq!(err_kind(ctx.ranked_tensor_type(&[-2], f32t, None)), ErrorKind::InvalidArgument);
    // Encoding is part of the type.
    let enc = ctx.string_attr("sparse");
    let te = ctx.ranked_tensor_type(&[2, DYNAMIC, 0], f32t, Some(enc)).unwrap();
    assert_ne!(te, t);
    assert!(matches!(ctx.type_kind(te), TypeKind::RankedTensor { encoding: Some(e), .. } if *e == enc));
    let u = ctx.unranked_tensor_type(f32t).unwrap();
    assert_eq!(ctx.type_kind(u), &TypeKind::UnrankedTensor { element: f32t });
    assert_eq!(ctx.shape(u), None);
    assert!(ctx.is_shaped(u));
    assert_eq!(ctx.type_id(u), TypeId::of("builtin.unranked_tensor"));
    assert_eq!(ctx.type_id(t), TypeId::of("builtin.tensor"));
    // Accepted elements, as MLIR's TensorType::isValidElementType.
    let good = [
        ctx.signless_int(7),
        ctx.index_type(),
        ctx.float_type(FloatKind::BF16),
        ctx.complex_type(f32t).unwrap(),
        ctx.vector_type(&[4], &[], f32t).unwrap(),
        ctx.opaque_type("foo", "bar<1>"),
        dialect_ty,
    ];
    for g in good {
        assert!(ctx.ranked_tensor_type(&[1], g, None).is_ok(), "{}", ctx.type_summary(g));
        assert!(ctx.unranked_tensor_type(g).is_ok());
    }
    let memref = ctx.memref_type(&[1], f32t, None, None).unwrap();
    let bad = [t, u, memref, ctx.none_type(), ctx.function_type(&[], &[]), ctx.tuple_type(&[f32t])];
    for b in bad {
        assert_eq!(
            err_kind(ctx.ranked_tensor_type(&[1], b, None)),
            ErrorKind::InvalidArgument,
            "{}",
            ctx.type_summary(b)
        );
        assert_eq!(err_kind(ctx.unranked_tensor_type(b)), ErrorKind::InvalidArgument);
    }
}

#[test]
fn memref_element_types_go_through_the_interface() {
    let mut ctx = ctx_with_dialect("mdial");
    let f32t = ctx.float_type(FloatKind::F32);
    let good_def = ctx
        .register_type("mdial", "elem", vec![], None, vec![InterfaceImpl::marker(interfaces::memref_element_type())])
        .unwrap();
    let bad_def = ctx.register_type("mdial", "plain", vec![], None, vec![]).unwrap();
    let good = ctx.dialect_type(good_def, &[]).unwrap();
    let bad = ctx.dialect_type(bad_def, &[]).unwrap();
    assert!(ctx.type_implements(good, interfaces::memref_element_type()));
    assert!(!ctx.type_implements(bad, interfaces::memref_element_type()));
    let m = ctx.memref_type(&[4], good, None, None).unwrap();
    assert_eq!(ctx.element_type(m), Some(good));
    assert!(ctx.unranked_memref_type(good, None).is_ok());
    let e = ctx.memref_type(&[4], bad, None, None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(e.message.contains("MemRefElementTypeInterface"), "{}", e.message);
    assert_eq!(err_kind(ctx.unranked_memref_type(bad, None)), ErrorKind::InvalidArgument);
    // Builtins, as MLIR: scalars, complex, vector and memrefs are elements; tensors,
    // none, functions, tuples and opaque types are not.
    let inner = ctx.memref_type(&[2], f32t, None, None).unwrap();
    let unranked_inner = ctx.unranked_memref_type(f32t, None).unwrap();
    for g in [
        ctx.signless_int(3),
        ctx.index_type(),
        f32t,
        ctx.complex_type(f32t).unwrap(),
        ctx.vector_type(&[4], &[true], f32t).unwrap(),
        inner,
        unranked_inner,
    ] {
        assert!(ctx.memref_type(&[DYNAMIC], g, None, None).is_ok(), "{}", ctx.type_summary(g));
    }
    for b in [
        ctx.ranked_tensor_type(&[1], f32t, None).unwrap(),
        ctx.none_type(),
        ctx.function_type(&[], &[]),
        ctx.tuple_type(&[]),
        ctx.opaque_type("x", "y"),
    ] {
        assert_eq!(
            err_kind(ctx.memref_type(&[1], b, None, None)),
            ErrorKind::InvalidArgument,
            "{}",
            ctx.type_summary(b)
        );
    }
    // An external model makes an existing kind an element type after the fact.
    ctx.attach_interface(TypeId::of("mdial.plain"), InterfaceImpl::marker(interfaces::memref_element_type()));
    assert!(ctx.memref_type(&[4], bad, None, None).is_ok());
    // Negative static sizes are refused.
    assert_eq!(err_kind(ctx.memref_type(&[-3], f32t, None, None)), ErrorKind::InvalidArgument);
}

#[test]
fn memref_layout_and_memory_space_canonicalization() {
    let ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let i64t = ctx.signless_int(64);
    let plain = ctx.memref_type(&[2, 3], f32t, None, None).unwrap();
    assert_eq!(
        ctx.type_kind(plain),
        &TypeKind::MemRef { shape: vec![2, 3].into(), element: f32t, layout: None, memory_space: None }
    );
    // Identity layout is the default: dropped.
    let id = ctx.affine_map_attr(AffineMap::identity(2)).unwrap();
    assert_eq!(ctx.memref_type(&[2, 3], f32t, Some(id), None).unwrap(), plain);
    // Memory space 0 is the default: dropped (any integer type).
    let zero = ctx.integer_attr(i64t, 0).unwrap();
    assert_eq!(ctx.memref_type(&[2, 3], f32t, Some(id), Some(zero)).unwrap(), plain);
    let zero_i32 = ctx.integer_attr(ctx.signless_int(32), 0).unwrap();
    assert_eq!(ctx.memref_type(&[2, 3], f32t, None, Some(zero_i32)).unwrap(), plain);
    let one = ctx.integer_attr(i64t, 1).unwrap();
    let in1 = ctx.memref_type(&[2, 3], f32t, None, Some(one)).unwrap();
    assert_ne!(in1, plain);
    assert!(matches!(ctx.type_kind(in1), TypeKind::MemRef { memory_space: Some(m), .. } if *m == one));
    let named_space = ctx.string_attr("gpu");
    assert!(ctx.memref_type(&[2, 3], f32t, None, Some(named_space)).is_ok());
    // Unranked memrefs canonicalize the memory space too.
    assert_eq!(ctx.unranked_memref_type(f32t, Some(zero)).unwrap(), ctx.unranked_memref_type(f32t, None).unwrap());
    assert_ne!(ctx.unranked_memref_type(f32t, Some(one)).unwrap(), ctx.unranked_memref_type(f32t, None).unwrap());
    // A non-identity affine layout is kept; its dims must match the rank.
    let transpose = ctx.affine_map_attr(AffineMap::new(2, 0, &[AffineExpr::Dim(1), AffineExpr::Dim(0)])).unwrap();
    let tm = ctx.memref_type(&[2, 3], f32t, Some(transpose), None).unwrap();
    assert!(matches!(ctx.type_kind(tm), TypeKind::MemRef { layout: Some(l), .. } if *l == transpose));
    assert_eq!(err_kind(ctx.memref_type(&[2, 3, 4], f32t, Some(transpose), None)), ErrorKind::InvalidArgument);
    // An identity map of the wrong rank is an error, not silently the default.
    let id1 = ctx.affine_map_attr(AffineMap::identity(1)).unwrap();
    assert_eq!(err_kind(ctx.memref_type(&[2, 3], f32t, Some(id1), None)), ErrorKind::InvalidArgument);
    // Strided layouts: one stride per dimension.
    let strided = ctx.strided_layout_attr(0, &[3, 1]).unwrap();
    let sm = ctx.memref_type(&[2, 3], f32t, Some(strided), None).unwrap();
    assert!(matches!(ctx.type_kind(sm), TypeKind::MemRef { layout: Some(l), .. } if *l == strided));
    assert_eq!(err_kind(ctx.memref_type(&[2], f32t, Some(strided), None)), ErrorKind::InvalidArgument);
    // Something that is no layout at all is refused.
    let not_layout = ctx.string_attr("row-major");
    assert_eq!(err_kind(ctx.memref_type(&[2, 3], f32t, Some(not_layout), None)), ErrorKind::InvalidArgument);
    assert_eq!(ctx.type_id(plain), TypeId::of("builtin.memref"));
    assert_eq!(ctx.type_id(ctx.unranked_memref_type(f32t, None).unwrap()), TypeId::of("builtin.unranked_memref"));
}

#[test]
fn opaque_and_dialect_types() {
    let mut ctx = ctx_with_dialect("q");
    let o = ctx.opaque_type("quant", "uniform<i8:f32, 0.5>");
    match ctx.type_kind(o) {
        TypeKind::Opaque { dialect, data } => {
            assert_eq!(ctx.ident_str(*dialect), "quant");
            assert_eq!(ctx.ident_str(*data), "uniform<i8:f32, 0.5>");
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(ctx.opaque_type("quant", "uniform<i8:f32, 0.5>"), o);
    assert_ne!(ctx.opaque_type("quant", "uniform<i8:f32, 0.25>"), o);
    assert_eq!(ctx.type_summary(o), "!quant.uniform<i8:f32, 0.5>");
    // A dialect type with parameters and a verifier.
    let verify: omnir_core::dialect::ParamsVerifier =
        Arc::new(|ctx: &Context, params| match ctx.attr_kind(params[0]) {
            AttrKind::Integer { value, .. } if value.to_u64().is_some_and(|v| v > 0) => Ok(()),
            _ => Err("width must be a positive integer".into()),
        });
    let def = ctx.register_type("q", "bits", vec![ParamSpec::named("width")], Some(verify), vec![]).unwrap();
    let i32t = ctx.signless_int(32);
    let four = ctx.integer_attr(i32t, 4).unwrap();
    let zero = ctx.integer_attr(i32t, 0).unwrap();
    let t4 = ctx.dialect_type(def, &[four]).unwrap();
    assert_eq!(ctx.dialect_type(def, &[four]).unwrap(), t4);
    assert_eq!(ctx.type_kind(t4), &TypeKind::Dialect { def, params: vec![four].into() });
    let e = ctx.dialect_type(def, &[zero]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::VerificationFailed);
    assert!(e.message.contains("q.bits") && e.message.contains("positive"), "{}", e.message);
    assert_eq!(err_kind(ctx.dialect_type(def, &[])), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.dialect_type(def, &[four, four])), ErrorKind::InvalidArgument);
    assert_eq!(ctx.type_id(t4), TypeId::of("q.bits"));
    assert_eq!(ctx.type_summary(t4), "!q.bits");
    assert_eq!(ctx.lookup_type_def("q.bits"), Some(def));
    assert_eq!(ctx.type_def(def).unwrap().qualified_name, "q.bits");
}

#[test]
fn raw_round_trips() {
    let ctx = Context::new();
    let t = ctx.signless_int(17);
    assert_eq!(ctx.type_from_raw(t.to_raw()), Some(t));
    assert_eq!(ctx.type_from_raw(0), None);
    assert_eq!(ctx.type_from_raw(u32::MAX), None);
    let a = ctx.string_attr("x");
    assert_eq!(ctx.attr_from_raw(a.to_raw()), Some(a));
    assert_eq!(ctx.attr_from_raw(0), None);
    assert_eq!(ctx.attr_from_raw(u32::MAX), None);
    let id = ctx.identifier("hello");
    assert_eq!(ctx.identifier_from_raw(id.to_raw()), Some(id));
    assert_eq!(ctx.identifier_from_raw(0), None);
    assert_eq!(ctx.identifier_from_raw(u32::MAX), None);
    assert_eq!(ctx.identifier("hello"), id);
    assert_eq!(ctx.ident_str(id), "hello");
}

#[test]
fn uniquing_is_structural_and_thread_safe() {
    let ctx = Context::new();
    let build = |ctx: &Context, i: usize| {
        let f32t = ctx.float_type(FloatKind::F32);
        let w = (i % 64 + 1) as u32;
        let it = ctx.signless_int(w);
        let v = ctx.vector_type(&[w as i64, 4], &[], it).unwrap();
        let t = ctx.ranked_tensor_type(&[DYNAMIC, w as i64], f32t, None).unwrap();
        let f = ctx.function_type(&[v, t], &[it]);
        let a = ctx.integer_attr(it, i as i64).unwrap();
        let s = ctx.string_attr(&format!("s{}", i % 50));
        let arr = ctx.array_attr(&[a, s, ctx.type_attr(f)]);
        let name = ctx.identifier(&format!("k{}", i % 7));
        let d = ctx.dictionary_attr(&[NamedAttribute { name, value: arr }]).unwrap();
        let l = ctx.file_line_col_loc("f.mlir", i as u32 % 13, 1);
        (f, d, l.attr())
    };
    let results: Vec<Vec<_>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let ctx = &ctx;
                s.spawn(move || (0..400).map(|i| build(ctx, i)).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for r in &results[1..] {
        assert_eq!(r, &results[0]);
    }
    // And a sequential rebuild gives the same handles again.
    for (i, expected) in results[0].iter().enumerate() {
        assert_eq!(&build(&ctx, i), expected);
    }
}

#[test]
fn type_ids_are_interned_by_name() {
    assert_eq!(TypeId::of("quant.uniform"), TypeId::of("quant.uniform"));
    assert_ne!(TypeId::of("quant.uniform"), TypeId::of("quant.Uniform"));
    assert_eq!(TypeId::of("x.y").name(), "x.y");
    let id = TypeId::of("tid.test");
    assert_eq!(TypeId::from_u32(id.as_u32()), Some(id));
    assert_eq!(TypeId::from_u32(u32::MAX), None);
    // Same across threads and contexts.
    let ids: Vec<TypeId> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4).map(|_| s.spawn(|| TypeId::of("tid.threaded"))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(ids.iter().all(|&i| i == TypeId::of("tid.threaded")));
    let c1 = Context::new();
    let c2 = Context::new();
    assert_eq!(c1.type_id(c1.index_type()), c2.type_id(c2.index_type()));
    assert_eq!(OpDef::new("tid.op").type_id(), TypeId::of("tid.op"));
    assert_eq!(format!("{:?}", TypeId::of("tid.dbg")), "TypeId(tid.dbg)");
}

// ---------------------------------------------------------------------------------------
// attributes

#[test]
fn unit_bool_type_array_attrs() {
    let ctx = Context::new();
    assert_eq!(ctx.unit_attr(), ctx.unit_attr());
    assert_eq!(ctx.attr_kind(ctx.unit_attr()), &AttrKind::Unit);
    assert_ne!(ctx.bool_attr(true), ctx.bool_attr(false));
    assert_eq!(ctx.attr_kind(ctx.bool_attr(true)), &AttrKind::Bool(true));
    assert_eq!(ctx.attr_type(ctx.bool_attr(true)), Some(ctx.signless_int(1)));
    let t = ctx.type_attr(ctx.index_type());
    assert_eq!(ctx.attr_kind(t), &AttrKind::Type(ctx.index_type()));
    assert_eq!(ctx.attr_type(t), None);
    let a = ctx.array_attr(&[t, ctx.unit_attr()]);
    assert_eq!(ctx.array_attr(&[t, ctx.unit_attr()]), a);
    assert_ne!(ctx.array_attr(&[ctx.unit_attr(), t]), a, "order matters");
    assert_ne!(ctx.array_attr(&[]), a);
    assert_eq!(ctx.attr_type_id(a), TypeId::of("#builtin.array"));
    assert_eq!(ctx.attr_type_id(ctx.unit_attr()), TypeId::of("#builtin.unit"));
}

#[test]
fn integer_attrs_truncate_to_their_width() {
    let ctx = Context::new();
    let i8t = ctx.signless_int(8);
    let a = ctx.integer_attr(i8t, 300).unwrap();
    assert_eq!(ctx.attr_kind(a), &AttrKind::Integer { ty: i8t, value: ApInt::Small(44) });
    assert_eq!(ctx.integer_attr(i8t, 44).unwrap(), a, "uniqued after truncation");
    let m1 = ctx.integer_attr(i8t, -1).unwrap();
    assert_eq!(ctx.attr_kind(m1), &AttrKind::Integer { ty: i8t, value: ApInt::Small(0xff) });
    assert_eq!(ctx.integer_attr(i8t, 255).unwrap(), m1);
    match ctx.attr_kind(m1) {
        AttrKind::Integer { value, .. } => {
            assert_eq!(value.to_i64(8), Some(-1));
            assert_eq!(value.to_u64(), Some(255));
        }
        k => panic!("{k:?}"),
    }
    // Signedness is part of the type, so of the attribute.
    let si8 = ctx.integer_type(8, Signedness::Signed).unwrap();
    assert_ne!(ctx.integer_attr(si8, -1).unwrap(), m1);
    // i1, i0, index, i64 extremes.
    let i1 = ctx.signless_int(1);
    assert_eq!(ctx.attr_kind(ctx.integer_attr(i1, 3).unwrap()), &AttrKind::Integer { ty: i1, value: ApInt::Small(1) });
    let i0 = ctx.signless_int(0);
    assert_eq!(
        ctx.attr_kind(ctx.integer_attr(i0, 12345).unwrap()),
        &AttrKind::Integer { ty: i0, value: ApInt::Small(0) }
    );
    let idx = ctx.index_type();
    let big = ctx.integer_attr(idx, i64::MIN).unwrap();
    assert_eq!(ctx.attr_kind(big), &AttrKind::Integer { ty: idx, value: ApInt::Small(1 << 63) });
    let i64t = ctx.signless_int(64);
    match ctx.attr_kind(ctx.integer_attr(i64t, i64::MIN).unwrap()) {
        AttrKind::Integer { value, .. } => assert_eq!(value.to_i64(64), Some(i64::MIN)),
        k => panic!("{k:?}"),
    }
    assert_eq!(ctx.attr_type(a), Some(i8t));
    assert!(ctx.attr_implements(a, interfaces::typed_attr()));
    // Not an integer type.
    assert_eq!(err_kind(ctx.integer_attr(ctx.float_type(FloatKind::F32), 1)), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.integer_attr(ctx.none_type(), 1)), ErrorKind::InvalidArgument);
}

#[test]
fn wide_integer_attrs() {
    let ctx = Context::new();
    let i128t = ctx.signless_int(128);
    let m1 = ctx.integer_attr(i128t, -1).unwrap();
    assert_eq!(ctx.attr_kind(m1), &AttrKind::Integer { ty: i128t, value: ApInt::Big(vec![u64::MAX, u64::MAX].into()) });
    assert_eq!(ctx.integer_attr_words(i128t, &[u64::MAX, u64::MAX]).unwrap(), m1);
    // Sign extension into a width that is not a multiple of 64, then truncation.
    let i100 = ctx.signless_int(100);
    let a = ctx.integer_attr(i100, -2).unwrap();
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => {
            assert_eq!(value.words(), &[u64::MAX - 1, (1 << 36) - 1]);
            assert_eq!(value.to_i64(100), Some(-2));
            assert_eq!(value.to_u64(), None);
            assert!(value.bit(99) && !value.bit(100) && !value.bit(1000));
        }
        k => panic!("{k:?}"),
    }
    // Words beyond the width are dropped.
    let b = ctx.integer_attr_words(i100, &[5, u64::MAX, u64::MAX]).unwrap();
    match ctx.attr_kind(b) {
        AttrKind::Integer { value, .. } => {
            assert_eq!(value.words(), &[5, (1 << 36) - 1]);
            assert_eq!(value.to_i64(100), None, "does not fit an i64");
        }
        k => panic!("{k:?}"),
    }
    // Fewer words than the width are zero-extended.
    let c = ctx.integer_attr_words(i128t, &[7]).unwrap();
    assert_eq!(c, ctx.integer_attr(i128t, 7).unwrap());
    match ctx.attr_kind(c) {
        AttrKind::Integer { value, .. } => {
            assert_eq!(value.to_u64(), Some(7));
            assert_eq!(value.to_i64(128), Some(7));
            assert!(!value.is_zero());
        }
        k => panic!("{k:?}"),
    }
    // A really wide one.
    let wide = ctx.signless_int(65536);
    let w = ctx.integer_attr(wide, -1).unwrap();
    match ctx.attr_kind(w) {
        AttrKind::Integer { value, .. } => {
            assert_eq!(value.words().len(), 1024);
            assert!(value.words().iter().all(|&x| x == u64::MAX));
            assert_eq!(value.to_i64(65536), Some(-1));
        }
        k => panic!("{k:?}"),
    }
    // ApInt directly.
    assert_eq!(ApInt::from_i64(-1, 0), ApInt::Small(0));
    assert_eq!(ApInt::from_i64(-1, 0).to_i64(0), Some(0));
    assert_eq!(ApInt::from_words(vec![], 70), ApInt::Big(vec![0, 0].into()));
    assert!(ApInt::from_words(vec![], 70).is_zero());
    assert_eq!(ApInt::from_i64(i64::MIN, 65).to_i64(65), Some(i64::MIN));
    // -2^64 as i65 = words [0, 1]: does not fit an i64.
    assert_eq!(ApInt::from_words(vec![0, 1], 65).to_i64(65), None);
}

/// (kind, bits of 1.0, bits of -2.0 or None for unsigned formats)
const FLOAT_TABLE: &[(FloatKind, u128, Option<u128>)] = &[
    (FloatKind::F16, 0x3c00, Some(0xc000)),
    (FloatKind::BF16, 0x3f80, Some(0xc000)),
    (FloatKind::F32, 0x3f80_0000, Some(0xc000_0000)),
    (FloatKind::F64, 0x3ff0_0000_0000_0000, Some(0xc000_0000_0000_0000)),
    (FloatKind::F80, 0x3fff_8000_0000_0000_0000, Some(0xc000_8000_0000_0000_0000)),
    (FloatKind::F128, 0x3fff_0000_0000_0000_0000_0000_0000_0000, Some(0xc000_0000_0000_0000_0000_0000_0000_0000)),
    (FloatKind::TF32, 0x1_fc00, Some(0x4_0000 | (128 << 10))),
    (FloatKind::F8E5M2, 0x3c, Some(0xc0)),
    (FloatKind::F8E4M3, 0x38, Some(0xc0)),
    (FloatKind::F8E4M3FN, 0x38, Some(0xc0)),
    (FloatKind::F8E5M2FNUZ, 0x40, Some(0xc4)),
    (FloatKind::F8E4M3FNUZ, 0x40, Some(0xc8)),
    (FloatKind::F8E4M3B11FNUZ, 0x58, Some(0xe0)),
    (FloatKind::F8E3M4, 0x30, Some(0xc0)),
    (FloatKind::F8E8M0FNU, 0x7f, None),
    (FloatKind::F6E2M3FN, 0x08, Some(0x30)),
    (FloatKind::F6E3M2FN, 0x0c, Some(0x30)),
    (FloatKind::F4E2M1FN, 0x2, Some(0xc)),
];

#[test]
fn float_attrs_for_every_kind() {
    let ctx = Context::new();
    assert_eq!(FLOAT_TABLE.len(), FloatKind::ALL.len());
    for &(kind, one, minus_two) in FLOAT_TABLE {
        let ty = ctx.float_type(kind);
        let a = ctx.float_attr(ty, 1.0).unwrap();
        assert_eq!(ctx.attr_kind(a), &AttrKind::Float { ty, bits: one }, "1.0 as {kind:?}");
        assert_eq!(ctx.float_attr_bits(ty, one).unwrap(), a, "{kind:?}: value and bits agree");
        assert_eq!(float::to_f64(kind, one), 1.0, "{kind:?}");
        match minus_two {
            Some(bits) => {
                let b = ctx.float_attr(ty, -2.0).unwrap();
                assert_eq!(ctx.attr_kind(b), &AttrKind::Float { ty, bits }, "-2.0 as {kind:?}");
                assert_eq!(float::to_f64(kind, bits), -2.0, "{kind:?}");
            }
            None => assert_eq!(err_kind(ctx.float_attr(ty, -2.0)), ErrorKind::InvalidArgument, "{kind:?}"),
        }
        // Zero: positive zero is all zeros except in E8M0 (which has none and rounds to its
        // smallest value, which is also all zeros).
        assert_eq!(ctx.float_attr(ty, 0.0).unwrap(), ctx.float_attr_bits(ty, 0).unwrap(), "{kind:?}");
        // Bits are masked to the format's width.
        let width = kind.bit_width();
        if width < 128 {
            let over = ctx.float_attr_bits(ty, one | (1u128 << width)).unwrap();
            assert_eq!(over, a, "{kind:?}: bits above the width are dropped");
        }
        assert_eq!(ctx.attr_type(a), Some(ty));
        assert_eq!(ctx.attr_type_id(a), TypeId::of("#builtin.float"));
        // Values every format of 16 bits or more represents exactly round trip (narrower
        // formats are checked exhaustively below).
        if width >= 16 {
            for v in [0.5, 1.5, 3.0, -0.5, 0.25, 1024.0, -0.375] {
                let bits = float::from_f64(kind, v).unwrap();
                assert_eq!(float::to_f64(kind, bits), v, "{kind:?} {v}");
                assert_eq!(ctx.float_attr(ty, v).unwrap(), ctx.float_attr_bits(ty, bits).unwrap());
            }
        }
    }
    // Non-finite values: IEEE formats have infinities and NaN; FN formats have NaN only;
    // FNUZ NaN is the negative-zero pattern; f6/f4 have neither.
    let f16 = ctx.float_type(FloatKind::F16);
    assert_eq!(ctx.attr_kind(ctx.float_attr(f16, f64::INFINITY).unwrap()), &AttrKind::Float { ty: f16, bits: 0x7c00 });
    assert_eq!(
        ctx.attr_kind(ctx.float_attr(f16, f64::NEG_INFINITY).unwrap()),
        &AttrKind::Float { ty: f16, bits: 0xfc00 }
    );
    assert_eq!(ctx.attr_kind(ctx.float_attr(f16, f64::NAN).unwrap()), &AttrKind::Float { ty: f16, bits: 0x7e00 });
    assert_eq!(ctx.attr_kind(ctx.float_attr(f16, -0.0).unwrap()), &AttrKind::Float { ty: f16, bits: 0x8000 });
    let f80 = ctx.float_type(FloatKind::F80);
    assert_eq!(
        ctx.attr_kind(ctx.float_attr(f80, f64::INFINITY).unwrap()),
        &AttrKind::Float { ty: f80, bits: 0x7fff_8000_0000_0000_0000 }
    );
    assert_eq!(
        ctx.attr_kind(ctx.float_attr(f80, f64::NAN).unwrap()),
        &AttrKind::Float { ty: f80, bits: 0x7fff_c000_0000_0000_0000 }
    );
    assert_eq!(float::to_f64(FloatKind::F80, 0x7fff_8000_0000_0000_0000), f64::INFINITY);
    assert!(float::to_f64(FloatKind::F80, 0x7fff_c000_0000_0000_0000).is_nan());
    let e4m3fn = ctx.float_type(FloatKind::F8E4M3FN);
    assert_eq!(err_kind(ctx.float_attr(e4m3fn, f64::INFINITY)), ErrorKind::InvalidArgument);
    assert_eq!(ctx.attr_kind(ctx.float_attr(e4m3fn, f64::NAN).unwrap()), &AttrKind::Float { ty: e4m3fn, bits: 0x7f });
    assert_eq!(ctx.attr_kind(ctx.float_attr(e4m3fn, 448.0).unwrap()), &AttrKind::Float { ty: e4m3fn, bits: 0x7e });
    let fnuz = ctx.float_type(FloatKind::F8E5M2FNUZ);
    assert_eq!(ctx.attr_kind(ctx.float_attr(fnuz, f64::NAN).unwrap()), &AttrKind::Float { ty: fnuz, bits: 0x80 });
    assert_eq!(ctx.attr_kind(ctx.float_attr(fnuz, -0.0).unwrap()), &AttrKind::Float { ty: fnuz, bits: 0 }, "no -0");
    let f4 = ctx.float_type(FloatKind::F4E2M1FN);
    assert_eq!(err_kind(ctx.float_attr(f4, f64::NAN)), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.float_attr(f4, f64::INFINITY)), ErrorKind::InvalidArgument);
    // Largest finite values.
    assert_eq!(float::to_f64(FloatKind::F6E2M3FN, 0x1f), 7.5);
    assert_eq!(float::to_f64(FloatKind::F6E3M2FN, 0x1f), 28.0);
    assert_eq!(float::to_f64(FloatKind::F4E2M1FN, 0x7), 6.0);
    assert_eq!(float::to_f64(FloatKind::F8E5M2, 0x7b), 57344.0);
    assert_eq!(float::to_f64(FloatKind::F8E4M3FNUZ, 0x7f), 240.0);
    // Subnormals.
    assert_eq!(float::from_f64(FloatKind::F16, 2f64.powi(-24)), Some(1));
    assert_eq!(float::from_f64(FloatKind::BF16, 2f64.powi(-133)), Some(1));
    assert_eq!(float::to_f64(FloatKind::F16, 1), 2f64.powi(-24));
    // Not a float type.
    assert_eq!(err_kind(ctx.float_attr(ctx.signless_int(32), 1.0)), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.float_attr_bits(ctx.index_type(), 0)), ErrorKind::InvalidArgument);
}

#[test]
fn float_conversions_at_the_edges_of_wide_and_tiny_formats() {
    // f128 and f80 hold values far below f64's normal range scaling; the nearest f64 of a
    // value that f64 can represent must come back exactly.
    for kind in [FloatKind::F80, FloatKind::F128] {
        for v in
            [2f64.powi(-1000), 1.5 * 2f64.powi(-1020), f64::MIN_POSITIVE, 2f64.powi(-1074), f64::MAX, 1e300, -3e-310]
        {
            let bits = float::from_f64(kind, v).unwrap();
            assert_eq!(float::to_f64(kind, bits), v, "{kind:?} {v:e}");
        }
    }
    // f8E8M0FNU is a bare exponent: 0x00 is 2^-127 (there is no zero), 0xff is NaN.
    assert_eq!(float::to_f64(FloatKind::F8E8M0FNU, 0x00), 2f64.powi(-127));
    assert_eq!(float::to_f64(FloatKind::F8E8M0FNU, 0x80), 2.0);
    assert_eq!(float::to_f64(FloatKind::F8E8M0FNU, 0xfe), 2f64.powi(127));
    assert!(float::to_f64(FloatKind::F8E8M0FNU, 0xff).is_nan());
    assert_eq!(float::from_f64(FloatKind::F8E8M0FNU, 2f64.powi(127)), Some(0xfe));
    assert_eq!(float::from_f64(FloatKind::F8E8M0FNU, 2f64.powi(-127)), Some(0x00));
    // Every bit pattern of every narrow format survives to_f64 -> from_f64 (NaNs aside).
    for kind in FloatKind::ALL {
        if kind.bit_width() > 16 {
            continue;
        }
        for bits in 0..(1u128 << kind.bit_width()) {
            let v = float::to_f64(kind, bits);
            if v.is_nan() {
                continue;
            }
            let back = float::from_f64(kind, v);
            let expect = if v == 0.0 && kind.semantics().non_finite == omnir_core::types::NonFinite::NanIsNegativeZero {
                Some(0)
            } else {
                Some(bits)
            };
            assert_eq!(back, expect, "{kind:?} {bits:#x} = {v:e}");
        }
    }
}

#[test]
fn string_attrs_hold_any_bytes() {
    let ctx = Context::new();
    let s = ctx.string_attr("héllo");
    assert_eq!(ctx.attr_kind(s), &AttrKind::String { value: "héllo".as_bytes().into(), ty: None });
    assert_eq!(ctx.string_attr_bytes("héllo".as_bytes(), None), s);
    let raw = ctx.string_attr_bytes(&[0xff, 0x00, 0xfe, b'a'], None);
    assert_eq!(ctx.attr_kind(raw), &AttrKind::String { value: vec![0xff, 0, 0xfe, b'a'].into(), ty: None });
    assert_ne!(raw, s);
    let typed = ctx.string_attr_bytes(b"x", Some(ctx.signless_int(8)));
    assert_ne!(typed, ctx.string_attr("x"));
    assert_eq!(ctx.attr_type(typed), Some(ctx.signless_int(8)));
    assert_eq!(ctx.attr_type(ctx.string_attr("x")), None);
    assert_ne!(ctx.string_attr(""), ctx.unit_attr());
    assert_eq!(ctx.attr_type_id(s), TypeId::of("#builtin.string"));
}

#[test]
fn dictionaries_are_sorted_and_reject_duplicates() {
    let ctx = Context::new();
    let (b, a, c) = (ctx.identifier("b"), ctx.identifier("a"), ctx.identifier("c"));
    let u = ctx.unit_attr();
    let t = ctx.bool_attr(true);
    let d = ctx
        .dictionary_attr(&[
            NamedAttribute { name: b, value: u },
            NamedAttribute { name: c, value: t },
            NamedAttribute { name: a, value: t },
        ])
        .unwrap();
    let entries = ctx.dictionary_entries(d);
    let keys: Vec<&str> = entries.iter().map(|e| ctx.ident_str(e.name)).collect();
    assert_eq!(keys, ["a", "b", "c"]);
    // Any input order gives the same attribute.
    let d2 = ctx
        .dictionary_attr(&[
            NamedAttribute { name: a, value: t },
            NamedAttribute { name: b, value: u },
            NamedAttribute { name: c, value: t },
        ])
        .unwrap();
    assert_eq!(d, d2);
    assert_eq!(ctx.dictionary_get(d, "b"), Some(u));
    assert_eq!(ctx.dictionary_get(d, "z"), None);
    assert_eq!(ctx.dictionary_get(u, "a"), None, "not a dictionary");
    assert!(ctx.dictionary_entries(u).is_empty());
    let e = ctx
        .dictionary_attr(&[
            NamedAttribute { name: b, value: u },
            NamedAttribute { name: a, value: t },
            NamedAttribute { name: b, value: t },
        ])
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(e.message.contains("'b'"), "{}", e.message);
    let empty = ctx.dictionary_attr(&[]).unwrap();
    assert!(ctx.dictionary_entries(empty).is_empty());
    assert_ne!(empty, ctx.array_attr(&[]));
    // Sorting is by name text, not by interning order.
    let z = ctx.identifier("zz");
    let aa = ctx.identifier("aa");
    let d3 =
        ctx.dictionary_attr(&[NamedAttribute { name: z, value: u }, NamedAttribute { name: aa, value: u }]).unwrap();
    assert_eq!(ctx.ident_str(ctx.dictionary_entries(d3)[0].name), "aa");
}

#[test]
fn symbol_refs() {
    let ctx = Context::new();
    let flat = ctx.symbol_ref_attr("f", &[]);
    let nested = ctx.symbol_ref_attr("m", &["n", "f"]);
    assert_ne!(flat, nested);
    assert_eq!(ctx.symbol_ref_attr("m", &["n", "f"]), nested);
    assert_ne!(ctx.symbol_ref_attr("m", &["f", "n"]), nested);
    match ctx.attr_kind(nested) {
        AttrKind::SymbolRef { root, nested } => {
            assert_eq!(ctx.ident_str(*root), "m");
            let parts: Vec<&str> = nested.iter().map(|&n| ctx.ident_str(n)).collect();
            assert_eq!(parts, ["n", "f"]);
        }
        k => panic!("{k:?}"),
    }
    assert_ne!(flat, ctx.string_attr("f"));
    assert!(omnir_core::AttrConstraint::FlatSymbolRef.check(&ctx, flat));
    assert!(!omnir_core::AttrConstraint::FlatSymbolRef.check(&ctx, nested));
    assert!(omnir_core::AttrConstraint::SymbolRef.check(&ctx, nested));
}

#[test]
fn dense_elements_splats_and_sizes() {
    let ctx = Context::new();
    let i32t = ctx.signless_int(32);
    let t4 = ctx.ranked_tensor_type(&[4], i32t, None).unwrap();
    let one = 7i32.to_le_bytes();
    let splat = ctx.dense_elements_attr(t4, &one).unwrap();
    assert_eq!(ctx.attr_kind(splat), &AttrKind::DenseIntOrFloat { ty: t4, data: one.to_vec().into(), splat: true });
    // An all-equal full buffer is the same splat attribute.
    let full_equal: Vec<u8> = (0..4).flat_map(|_| one).collect();
    assert_eq!(ctx.dense_elements_attr(t4, &full_equal).unwrap(), splat);
    let full: Vec<u8> = [1i32, 2, 3, 4].iter().flat_map(|x| x.to_le_bytes()).collect();
    let dense = ctx.dense_elements_attr(t4, &full).unwrap();
    assert_eq!(ctx.attr_kind(dense), &AttrKind::DenseIntOrFloat { ty: t4, data: full.clone().into(), splat: false });
    // A single element is a splat.
    let t1 = ctx.ranked_tensor_type(&[1, 1], i32t, None).unwrap();
    assert!(matches!(
        ctx.attr_kind(ctx.dense_elements_attr(t1, &one).unwrap()),
        AttrKind::DenseIntOrFloat { splat: true, .. }
    ));
    // Size errors.
    for bad in [&full[..8], &full[..], &[1, 2, 3][..], &[][..]] {
        let r = ctx.dense_elements_attr(t4, bad);
        if bad.len() == 16 {
            assert!(r.is_ok());
        } else {
            assert_eq!(err_kind(r), ErrorKind::InvalidArgument, "{} bytes", bad.len());
        }
    }
    // Empty tensor: no elements, no bytes.
    let t0 = ctx.ranked_tensor_type(&[0, 3], i32t, None).unwrap();
    assert!(matches!(
        ctx.attr_kind(ctx.dense_elements_attr(t0, &[]).unwrap()),
        AttrKind::DenseIntOrFloat { splat: false, .. }
    ));
    // Element sizes: i1 takes a byte; complex two parts; f16 two bytes; index eight.
    assert_eq!(ctx.dense_element_bytes(ctx.signless_int(1)).unwrap(), 1);
    assert_eq!(ctx.dense_element_bytes(ctx.signless_int(0)).unwrap(), 1);
    assert_eq!(ctx.dense_element_bytes(ctx.signless_int(33)).unwrap(), 5);
    assert_eq!(ctx.dense_element_bytes(ctx.index_type()).unwrap(), 8);
    let f16 = ctx.float_type(FloatKind::F16);
    assert_eq!(ctx.dense_element_bytes(f16).unwrap(), 2);
    assert_eq!(ctx.dense_element_bytes(ctx.complex_type(f16).unwrap()).unwrap(), 4);
    assert_eq!(err_kind(ctx.dense_element_bytes(ctx.none_type())), ErrorKind::InvalidArgument);
    let vc = ctx.vector_type(&[2], &[], ctx.float_type(FloatKind::F64)).unwrap();
    assert!(ctx.dense_elements_attr(vc, &[0; 16]).is_ok(), "vectors are fine");
    // Shapes must be static and ranked; memrefs are not element containers here.
    let dynamic = ctx.ranked_tensor_type(&[DYNAMIC], i32t, None).unwrap();
    assert_eq!(err_kind(ctx.dense_elements_attr(dynamic, &one)), ErrorKind::InvalidArgument);
    let unranked = ctx.unranked_tensor_type(i32t).unwrap();
    assert_eq!(err_kind(ctx.dense_elements_attr(unranked, &one)), ErrorKind::InvalidArgument);
    let memref = ctx.memref_type(&[4], i32t, None, None).unwrap();
    assert_eq!(err_kind(ctx.dense_elements_attr(memref, &one)), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.dense_elements_attr(i32t, &one)), ErrorKind::InvalidArgument);
    let tuple_tensor = ctx.ranked_tensor_type(&[1], ctx.opaque_type("a", "b"), None).unwrap();
    assert_eq!(err_kind(ctx.dense_elements_attr(tuple_tensor, &one)), ErrorKind::InvalidArgument);
    assert!(ctx.attr_implements(dense, interfaces::elements_attr()));
    assert_eq!(ctx.attr_type(dense), Some(t4));
    assert_eq!(ctx.attr_type_id(dense), TypeId::of("#builtin.dense_int_or_fp_elements"));
}

#[test]
fn dense_strings() {
    let ctx = Context::new();
    let s = ctx.opaque_type("x", "string");
    let t3 = ctx.ranked_tensor_type(&[3], s, None).unwrap();
    let full = ctx.dense_string_attr(t3, &[b"a", b"\xff\x00", b"c"]).unwrap();
    assert_eq!(
        ctx.attr_kind(full),
        &AttrKind::DenseString {
            ty: t3,
            values: vec![b"a".to_vec().into(), vec![0xff, 0].into(), b"c".to_vec().into()].into(),
            splat: false
        }
    );
    let splat = ctx.dense_string_attr(t3, &[b"same"]).unwrap();
    assert!(matches!(ctx.attr_kind(splat), AttrKind::DenseString { splat: true, values, .. } if values.len() == 1));
    assert_eq!(ctx.dense_string_attr(t3, &[b"same", b"same", b"same"]).unwrap(), splat);
    assert_eq!(err_kind(ctx.dense_string_attr(t3, &[b"a", b"b"])), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.dense_string_attr(t3, &[])), ErrorKind::InvalidArgument);
    let t0 = ctx.ranked_tensor_type(&[0], s, None).unwrap();
    assert!(ctx.dense_string_attr(t0, &[]).is_ok());
    let dynamic = ctx.ranked_tensor_type(&[DYNAMIC], s, None).unwrap();
    assert_eq!(err_kind(ctx.dense_string_attr(dynamic, &[b"a"])), ErrorKind::InvalidArgument);
    assert_eq!(ctx.attr_type(full), Some(t3));
}

#[test]
fn dense_arrays() {
    let ctx = Context::new();
    let i32t = ctx.signless_int(32);
    let data: Vec<u8> = [1i32, -2, 3].iter().flat_map(|x| x.to_le_bytes()).collect();
    let a = ctx.dense_array_attr(i32t, &data).unwrap();
    assert_eq!(ctx.attr_kind(a), &AttrKind::DenseArray { element: i32t, len: 3, data: data.clone().into() });
    assert_eq!(ctx.dense_array_attr(i32t, &data).unwrap(), a);
    let empty = ctx.dense_array_attr(i32t, &[]).unwrap();
    assert!(matches!(ctx.attr_kind(empty), AttrKind::DenseArray { len: 0, .. }));
    for (ty, n) in [
        (ctx.signless_int(1), 1),
        (ctx.signless_int(8), 1),
        (ctx.signless_int(16), 2),
        (ctx.signless_int(64), 8),
        (ctx.float_type(FloatKind::F32), 4),
        (ctx.float_type(FloatKind::F64), 8),
    ] {
        let d = ctx.dense_array_attr(ty, &vec![0; 2 * n]).unwrap();
        assert!(matches!(ctx.attr_kind(d), AttrKind::DenseArray { len: 2, .. }));
    }
    for bad in [
        ctx.signless_int(7),
        ctx.integer_type(32, Signedness::Signed).unwrap(),
        ctx.index_type(),
        ctx.float_type(FloatKind::F16),
        ctx.none_type(),
    ] {
        assert_eq!(err_kind(ctx.dense_array_attr(bad, &[])), ErrorKind::InvalidArgument, "{}", ctx.type_summary(bad));
    }
    assert_eq!(err_kind(ctx.dense_array_attr(i32t, &data[..5])), ErrorKind::InvalidArgument);
    // An array is not a dense elements attribute.
    assert!(!ctx.attr_implements(a, interfaces::elements_attr()));
    assert_eq!(ctx.attr_type_id(a), TypeId::of("#builtin.dense_array"));
}

#[test]
fn dense_resources_and_the_resource_store() {
    let ctx = Context::new();
    let blob = |b: u8| ResourceBlob { data: vec![b; 4], alignment: 4 };
    assert_eq!(ctx.insert_resource("builtin", "w", blob(1)), "w");
    assert_eq!(ctx.insert_resource("builtin", "w", blob(2)), "w_1");
    assert_eq!(ctx.insert_resource("builtin", "w", blob(3)), "w_2");
    assert_eq!(ctx.insert_resource("other", "w", blob(4)), "w", "groups are separate");
    assert_eq!(ctx.resource("builtin", "w_1"), Some(blob(2)));
    assert_eq!(ctx.resource("builtin", "w_3"), None);
    assert_eq!(ctx.resource("nope", "w"), None);
    ctx.set_resource("builtin", "w", blob(9));
    assert_eq!(ctx.resource("builtin", "w"), Some(blob(9)));
    assert_eq!(
        ctx.resource_keys(),
        vec![
            ("builtin".to_string(), "w".to_string()),
            ("builtin".to_string(), "w_1".to_string()),
            ("builtin".to_string(), "w_2".to_string()),
            ("other".to_string(), "w".to_string()),
        ]
    );
    // A renamed key that collides with an explicit one keeps counting.
    ctx.set_resource("g", "k_1", blob(0));
    assert_eq!(ctx.insert_resource("g", "k", blob(1)), "k");
    assert_eq!(ctx.insert_resource("g", "k", blob(1)), "k_2");
    let f32t = ctx.float_type(FloatKind::F32);
    let t = ctx.ranked_tensor_type(&[4], f32t, None).unwrap();
    let r = ctx.dense_resource_attr(t, "w_1").unwrap();
    match ctx.attr_kind(r) {
        AttrKind::DenseResource { ty, handle } => {
            assert_eq!(*ty, t);
            assert_eq!(ctx.ident_str(*handle), "w_1");
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(ctx.dense_resource_attr(t, "w_1").unwrap(), r);
    assert_ne!(ctx.dense_resource_attr(t, "w_2").unwrap(), r);
    let dynamic = ctx.ranked_tensor_type(&[DYNAMIC], f32t, None).unwrap();
    assert_eq!(err_kind(ctx.dense_resource_attr(dynamic, "w")), ErrorKind::InvalidArgument);
    assert!(ctx.attr_implements(r, interfaces::elements_attr()));
}

#[test]
fn affine_maps_and_integer_sets() {
    let ctx = Context::new();
    let add = AffineExpr::binary(AffineBinaryOp::Add, AffineExpr::Dim(0), AffineExpr::Symbol(0));
    let m = AffineMap::new(2, 1, &[add.clone(), AffineExpr::Dim(1)]);
    let a = ctx.affine_map_attr(m.clone()).unwrap();
    assert_eq!(ctx.affine_map_attr(AffineMap::new(2, 1, &[add.clone(), AffineExpr::Dim(1)])).unwrap(), a);
    assert_ne!(ctx.affine_map_attr(AffineMap::new(2, 1, &[AffineExpr::Dim(1), add.clone()])).unwrap(), a);
    assert_ne!(ctx.affine_map_attr(AffineMap::new(3, 1, &[add.clone(), AffineExpr::Dim(1)])).unwrap(), a);
    assert_eq!(ctx.attr_kind(a), &AttrKind::AffineMap(m.clone()));
    assert!(!m.is_identity());
    assert!(AffineMap::identity(0).is_identity());
    assert!(!AffineMap::new(2, 0, &[AffineExpr::Dim(0)]).is_identity());
    // Symbols do not count, as in MLIR's `AffineMap::isIdentity`.
    assert!(AffineMap::new(1, 1, &[AffineExpr::Dim(0)]).is_identity());
    // Out-of-range dims and symbols, forward references, bad roots.
    assert_eq!(err_kind(ctx.affine_map_attr(AffineMap::new(1, 0, &[AffineExpr::Dim(1)]))), ErrorKind::InvalidArgument);
    assert_eq!(
        err_kind(ctx.affine_map_attr(AffineMap::new(1, 0, &[AffineExpr::Symbol(0)]))),
        ErrorKind::InvalidArgument
    );
    let forward = AffineMap {
        num_dims: 1,
        num_symbols: 0,
        nodes: vec![AffineNode::Binary { op: AffineBinaryOp::Mul, lhs: 1, rhs: 1 }, AffineNode::Dim(0)].into(),
        results: vec![0].into(),
    };
    assert_eq!(err_kind(ctx.affine_map_attr(forward)), ErrorKind::InvalidArgument);
    let bad_root =
        AffineMap { num_dims: 1, num_symbols: 0, nodes: vec![AffineNode::Dim(0)].into(), results: vec![3].into() };
    assert_eq!(err_kind(ctx.affine_map_attr(bad_root)), ErrorKind::InvalidArgument);
    // Integer sets.
    let s = IntegerSet::new(1, 1, &[(add.clone(), false), (AffineExpr::Dim(0), true)]);
    let sa = ctx.integer_set_attr(s.clone()).unwrap();
    assert_eq!(ctx.integer_set_attr(s).unwrap(), sa);
    assert_ne!(
        ctx.integer_set_attr(IntegerSet::new(1, 1, &[(add.clone(), true), (AffineExpr::Dim(0), true)])).unwrap(),
        sa
    );
    assert_eq!(err_kind(ctx.integer_set_attr(IntegerSet::new(0, 1, &[(add, true)]))), ErrorKind::InvalidArgument);
    assert_eq!(ctx.attr_type_id(sa), TypeId::of("#builtin.integer_set"));
    assert!(ctx.attr_implements(a, interfaces::memref_layout_attr()));
}

#[test]
fn strided_layouts() {
    let ctx = Context::new();
    let s = ctx.strided_layout_attr(DYNAMIC, &[DYNAMIC, 4, 1]).unwrap();
    assert_eq!(ctx.attr_kind(s), &AttrKind::StridedLayout { offset: DYNAMIC, strides: vec![DYNAMIC, 4, 1].into() });
    assert_eq!(ctx.strided_layout_attr(DYNAMIC, &[DYNAMIC, 4, 1]).unwrap(), s);
    assert_ne!(ctx.strided_layout_attr(0, &[DYNAMIC, 4, 1]).unwrap(), s);
    assert!(ctx.strided_layout_attr(0, &[]).is_ok());
    assert!(ctx.attr_implements(s, interfaces::memref_layout_attr()));
    assert_eq!(ctx.attr_type_id(s), TypeId::of("#builtin.strided_layout"));
}

#[test]
fn distinct_attrs_are_never_equal() {
    let ctx = Context::new();
    let u = ctx.unit_attr();
    let a = ctx.distinct_attr(u);
    let b = ctx.distinct_attr(u);
    assert_ne!(a, b);
    match (ctx.attr_kind(a), ctx.attr_kind(b)) {
        (AttrKind::Distinct { id: ia, referenced: ra }, AttrKind::Distinct { id: ib, referenced: rb }) => {
            assert_ne!(ia, ib);
            assert_eq!(*ra, u);
            assert_eq!(*rb, u);
        }
        k => panic!("{k:?}"),
    }
    // Distinct attributes are also never confused with uniqued ones.
    assert_ne!(ctx.array_attr(&[a]), ctx.array_attr(&[b]));
    assert_eq!(ctx.array_attr(&[a]), ctx.array_attr(&[a]));
    // From many threads, all distinct.
    let all: Vec<omnir_core::Attribute> = std::thread::scope(|s| {
        let hs: Vec<_> =
            (0..4).map(|_| s.spawn(|| (0..100).map(|_| ctx.distinct_attr(u)).collect::<Vec<_>>())).collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let set: std::collections::HashSet<_> = all.iter().collect();
    assert_eq!(set.len(), 400);
    assert_eq!(ctx.attr_type_id(a), TypeId::of("#builtin.distinct"));
}

#[test]
fn opaque_attrs() {
    let ctx = Context::new();
    let a = ctx.opaque_attr("gpu", "address_space<workgroup>", None);
    match ctx.attr_kind(a) {
        AttrKind::Opaque { dialect, data, ty } => {
            assert_eq!(ctx.ident_str(*dialect), "gpu");
            assert_eq!(ctx.ident_str(*data), "address_space<workgroup>");
            assert_eq!(*ty, None);
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(ctx.opaque_attr("gpu", "address_space<workgroup>", None), a);
    let typed = ctx.opaque_attr("gpu", "address_space<workgroup>", Some(ctx.index_type()));
    assert_ne!(typed, a);
    assert_eq!(ctx.attr_type(typed), Some(ctx.index_type()));
    assert_eq!(ctx.attr_type(a), None);
}

#[test]
fn dialect_attrs_with_parameter_verifier() {
    let mut ctx = ctx_with_dialect("my");
    let verify: omnir_core::dialect::ParamsVerifier = Arc::new(|ctx: &Context, params| {
        if matches!(ctx.attr_kind(params[0]), AttrKind::String { .. }) {
            Ok(())
        } else {
            Err("expected a string".into())
        }
    });
    let def = ctx
        .register_attribute(
            "my",
            "tag",
            vec![ParamSpec::named("name")],
            Some(verify),
            vec![InterfaceImpl::marker(interfaces::memref_layout_attr())],
        )
        .unwrap();
    let s = ctx.string_attr("x");
    let a = ctx.dialect_attr(def, &[s]).unwrap();
    assert_eq!(ctx.dialect_attr(def, &[s]).unwrap(), a);
    assert_eq!(ctx.attr_kind(a), &AttrKind::Dialect { def, params: vec![s].into() });
    let e = ctx.dialect_attr(def, &[ctx.unit_attr()]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::VerificationFailed);
    assert!(e.message.contains("my.tag") && e.message.contains("expected a string"), "{}", e.message);
    assert_eq!(err_kind(ctx.dialect_attr(def, &[])), ErrorKind::InvalidArgument);
    assert_eq!(ctx.attr_type_id(a), TypeId::of("#my.tag"));
    assert!(ctx.attr_implements(a, interfaces::memref_layout_attr()));
    assert!(!ctx.attr_implements(a, interfaces::typed_attr()));
    assert_eq!(ctx.lookup_attr_def("my.tag"), Some(def));
    assert_eq!(ctx.attr_def(def).unwrap().params.len(), 1);
    // A dialect layout attribute is accepted as a memref layout.
    let f32t = ctx.float_type(FloatKind::F32);
    let m = ctx.memref_type(&[2], f32t, Some(a), None).unwrap();
    assert!(matches!(ctx.type_kind(m), TypeKind::MemRef { layout: Some(l), .. } if *l == a));
    // Type and attribute namespaces are separate.
    assert!(ctx.register_type("my", "tag", vec![], None, vec![]).is_ok());
    assert_eq!(err_kind(ctx.register_attribute("my", "tag", vec![], None, vec![])), ErrorKind::AlreadyExists);
    assert_eq!(err_kind(ctx.register_attribute("nodialect", "tag", vec![], None, vec![])), ErrorKind::NotRegistered);
    assert_eq!(err_kind(ctx.register_attribute("my", "", vec![], None, vec![])), ErrorKind::InvalidArgument);
}

// ---------------------------------------------------------------------------------------
// locations

#[test]
fn location_kinds() {
    let ctx = Context::new();
    let u = ctx.unknown_loc();
    assert_eq!(ctx.location_kind(u), &LocationKind::Unknown);
    assert_eq!(ctx.unknown_loc(), u);
    let f = ctx.file_line_col_loc("a.mlir", 3, 4);
    match ctx.location_kind(f) {
        LocationKind::FileLineCol { file, start_line, start_col, end_line, end_col } => {
            assert_eq!(ctx.ident_str(*file), "a.mlir");
            assert_eq!((*start_line, *start_col, *end_line, *end_col), (3, 4, 3, 4));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(ctx.file_line_col_range_loc("a.mlir", 3, 4, 3, 4), f, "a point is a degenerate range");
    let r = ctx.file_line_col_range_loc("a.mlir", 3, 4, 5, 6);
    assert_ne!(r, f);
    assert!(matches!(ctx.location_kind(r), LocationKind::FileLineCol { end_line: 5, end_col: 6, .. }));
    let n = ctx.name_loc("x", Some(f));
    match ctx.location_kind(n) {
        LocationKind::Name { name, child } => {
            assert_eq!(ctx.ident_str(*name), "x");
            assert_eq!(*child, Some(f.attr()));
        }
        k => panic!("{k:?}"),
    }
    // An unknown child is the same as none (MLIR's NameLoc defaults its child to unknown).
    assert_eq!(ctx.name_loc("x", Some(u)), ctx.name_loc("x", None));
    assert_ne!(ctx.name_loc("x", None), n);
    let c = ctx.call_site_loc(f, r);
    assert_eq!(ctx.location_kind(c), &LocationKind::CallSite { callee: f.attr(), caller: r.attr() });
    assert_ne!(ctx.call_site_loc(r, f), c);
    // Locations are attributes.
    for l in [u, f, r, n, c] {
        assert_eq!(ctx.as_location(l.attr()), Some(l));
        assert!(ctx.attr_implements(l.attr(), interfaces::location_attr()));
    }
    assert_eq!(ctx.as_location(ctx.unit_attr()), None);
    assert_eq!(ctx.attr_type_id(u.attr()), TypeId::of("#builtin.unknown_loc"));
    assert_eq!(ctx.attr_type_id(c.attr()), TypeId::of("#builtin.call_site_loc"));
    // Summaries for messages.
    assert_eq!(ctx.location_summary(f), "a.mlir:3:4");
    assert_eq!(ctx.location_summary(n), "a.mlir:3:4");
    assert_eq!(ctx.location_summary(c), "a.mlir:3:4");
    assert_eq!(ctx.location_summary(ctx.name_loc("only", None)), "only");
    assert_eq!(ctx.location_summary(u), "<unknown location>");
}

#[test]
fn fused_locations_simplify_as_mlir() {
    let ctx = Context::new();
    let u = ctx.unknown_loc();
    let a = ctx.file_line_col_loc("f", 1, 1);
    let b = ctx.file_line_col_loc("f", 2, 2);
    let c = ctx.file_line_col_loc("f", 3, 3);
    let m = ctx.string_attr("meta");
    let m2 = ctx.string_attr("other");
    let fused = |locs: &[Location], md: Option<omnir_core::Attribute>| ctx.fused_loc(locs, md);
    let kind = |l: Location| ctx.location_kind(l).clone();
    let fk = |locs: &[Location], md: Option<omnir_core::Attribute>| LocationKind::Fused {
        locations: locs.iter().map(|l| l.attr()).collect(),
        metadata: md,
    };
    // Nothing known: unknown; with metadata: fused<m>[unknown].
    assert_eq!(fused(&[], None), u);
    assert_eq!(fused(&[u, u], None), u);
    assert_eq!(kind(fused(&[], Some(m))), fk(&[u], Some(m)));
    assert_eq!(kind(fused(&[u], Some(m))), fk(&[u], Some(m)));
    // One location without metadata is itself; with metadata it stays fused.
    assert_eq!(fused(&[a], None), a);
    assert_eq!(fused(&[a, a, u], None), a);
    assert_eq!(kind(fused(&[a], Some(m))), fk(&[a], Some(m)));
    // Unknowns and duplicates dropped, order kept.
    let ab = fused(&[b, u, a, b], None);
    assert_eq!(kind(ab), fk(&[b, a], None));
    // Nested fused locations with the same metadata are flattened (and deduplicated).
    let f_ab = fused(&[a, b], None);
    assert_eq!(kind(fused(&[f_ab, c, a], None)), fk(&[a, b, c], None));
    let fm_ab = fused(&[a, b], Some(m));
    assert_eq!(kind(fused(&[fm_ab, c], Some(m))), fk(&[a, b, c], Some(m)));
    // Different metadata: kept as a nested location.
    assert_eq!(kind(fused(&[fm_ab, c], None)), fk(&[fm_ab, c], None));
    assert_eq!(kind(fused(&[f_ab, c], Some(m))), fk(&[f_ab, c], Some(m)));
    assert_eq!(kind(fused(&[fm_ab, c], Some(m2))), fk(&[fm_ab, c], Some(m2)));
    // A single nested fused location with different metadata is returned as itself.
    assert_eq!(fused(&[fm_ab], None), fm_ab);
    // Flattening a same-metadata fused location holding only unknown keeps that unknown
    // (MLIR inserts the inner locations as they are).
    let fm_u = fused(&[], Some(m));
    assert_eq!(kind(fused(&[fm_u, a], Some(m))), fk(&[u, a], Some(m)));
    // Uniqued like any attribute.
    assert_eq!(fused(&[a, b], None), f_ab);
    assert_ne!(fused(&[b, a], None), f_ab);
    assert_eq!(ctx.attr_type_id(f_ab.attr()), TypeId::of("#builtin.fused_loc"));
    assert_eq!(ctx.location_summary(fused(&[u, b, a], None)), "f:2:2");
}

// ---------------------------------------------------------------------------------------
// diagnostics

#[test]
fn diagnostic_handlers_run_newest_first_until_one_takes_it() {
    let ctx = Context::new();
    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let mk = |tag: &'static str, take: bool| {
        let log = log.clone();
        Box::new(move |_: &Context, d: &Diagnostic| {
            log.lock().unwrap().push(format!("{tag}:{}", d.message));
            take
        }) as omnir_core::diag::DiagnosticHandler
    };
    let h1 = ctx.attach_diagnostic_handler(mk("old", true));
    let h2 = ctx.attach_diagnostic_handler(mk("mid", false));
    let h3 = ctx.attach_diagnostic_handler(mk("new", true));
    let loc = ctx.file_line_col_loc("x.mlir", 1, 2);
    ctx.emit_error(loc, "one");
    assert_eq!(*log.lock().unwrap(), ["new:one"]);
    assert!(ctx.detach_diagnostic_handler(h3));
    assert!(!ctx.detach_diagnostic_handler(h3), "detaching twice");
    ctx.emit_error(loc, "two");
    assert_eq!(*log.lock().unwrap(), ["new:one", "mid:two", "old:two"]);
    assert!(ctx.detach_diagnostic_handler(h1));
    log.lock().unwrap().clear();
    // Nobody takes it: it is printed to stderr (not observable here) and nothing breaks.
    ctx.emit_diagnostic(Diagnostic {
        severity: Severity::Warning,
        location: loc,
        message: "three".into(),
        notes: vec![],
    });
    assert_eq!(*log.lock().unwrap(), ["mid:three"]);
    assert!(ctx.detach_diagnostic_handler(h2));
    assert_ne!(h1, h2);
}

#[test]
fn collect_diagnostics_and_notes() {
    let ctx = Context::new();
    let outer_log = Arc::new(Mutex::new(0usize));
    let ol = outer_log.clone();
    let h = ctx.attach_diagnostic_handler(Box::new(move |_, _| {
        *ol.lock().unwrap() += 1;
        true
    }));
    let l1 = ctx.file_line_col_loc("a.mlir", 1, 1);
    let l2 = ctx.name_loc("there", None);
    let (r, diags) = ctx.collect_diagnostics(|c| {
        c.emit_error(l1, "bad thing");
        c.emit_diagnostic(Diagnostic::error(l1, "with notes").with_note(l2, "see here").with_note(l1, "and here"));
        // Nested collection sees only its own diagnostics.
        let (_, inner) = c.collect_diagnostics(|c| c.emit_error(l2, "inner"));
        assert_eq!(inner.len(), 1);
        42
    });
    assert_eq!(r, 42);
    assert_eq!(diags.len(), 2);
    assert_eq!(diags[0].message, "bad thing");
    assert_eq!(diags[0].severity, Severity::Error);
    assert_eq!(diags[0].location, l1);
    assert_eq!(diags[1].notes.len(), 2);
    assert_eq!(diags[1].notes[0].severity, Severity::Note);
    assert_eq!(diags[1].notes[0].location, l2);
    assert_eq!(
        ctx.render_diagnostic(&diags[1]),
        "a.mlir:1:1: error: with notes\nthere: note: see here\na.mlir:1:1: note: and here"
    );
    assert_eq!(*outer_log.lock().unwrap(), 0, "collected diagnostics don't reach other handlers");
    // The collector is gone afterwards.
    ctx.emit_error(l1, "after");
    assert_eq!(*outer_log.lock().unwrap(), 1);
    assert!(ctx.detach_diagnostic_handler(h));
    for (s, name) in [
        (Severity::Note, "note"),
        (Severity::Warning, "warning"),
        (Severity::Error, "error"),
        (Severity::Remark, "remark"),
    ] {
        assert_eq!(s.as_str(), name);
    }
}

#[test]
fn a_handler_that_emits_does_not_deadlock() {
    let ctx = Context::new();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s2 = seen.clone();
    let h = ctx.attach_diagnostic_handler(Box::new(move |c, d| {
        s2.lock().unwrap().push(d.message.clone());
        if d.message == "outer" {
            c.emit_diagnostic(Diagnostic {
                severity: Severity::Remark,
                location: d.location,
                message: "from handler".into(),
                notes: vec![],
            });
        }
        true
    }));
    ctx.emit_error(ctx.unknown_loc(), "outer");
    assert_eq!(*seen.lock().unwrap(), ["outer"]);
    ctx.detach_diagnostic_handler(h);
}

// ---------------------------------------------------------------------------------------
// registry and interfaces

#[test]
fn registry_rules() {
    let mut ctx = Context::new();
    assert!(ctx.is_dialect_registered("builtin"));
    assert!(ctx.registered_dialects().contains(&"builtin"));
    assert!(ctx.operation_def("builtin.module").is_some());
    assert!(ctx.operation_def("builtin.unrealized_conversion_cast").is_some());
    assert!(ctx.operation_def("builtin.nothing").is_none());
    // Unknown dialect.
    let e = ctx.register_operation(OpDef::new("nope.op")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotRegistered);
    assert_eq!(err_kind(ctx.register_operation(OpDef::new("nodot"))), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.register_operation(OpDef::new(".op"))), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.register_type("nope", "t", vec![], None, vec![])), ErrorKind::NotRegistered);
    // Registration, then a duplicate.
    ctx.register_dialect(DialectDef { name: "reg".into(), allow_unknown_operations: true, enums: Vec::new() });
    assert!(ctx.dialect("reg").unwrap().allow_unknown_operations);
    ctx.register_dialect(DialectDef { name: "reg".into(), allow_unknown_operations: false, enums: Vec::new() });
    assert!(!ctx.dialect("reg").unwrap().allow_unknown_operations, "re-registering updates settings");
    let mut def = OpDef::new("reg.op");
    def.summary = "first".into();
    ctx.register_operation(def).unwrap();
    let mut dup = OpDef::new("reg.op");
    dup.summary = "second".into();
    let e = ctx.register_operation(dup).unwrap_err();
    assert_eq!(e.kind, ErrorKind::AlreadyExists);
    assert_eq!(ctx.operation_def("reg.op").unwrap().summary, "first", "not replaced");
    assert_eq!(err_kind(ctx.register_operation(OpDef::new("builtin.module"))), ErrorKind::AlreadyExists);
    ctx.register_type("reg", "t", vec![], None, vec![]).unwrap();
    assert_eq!(err_kind(ctx.register_type("reg", "t", vec![], None, vec![])), ErrorKind::AlreadyExists);
    assert_eq!(ctx.lookup_type_def("reg.nope"), None);
    // Ops made from registered names know it.
    let loc = ctx.unknown_loc();
    let op = ctx.create_operation(&OperationState::new("reg.op", loc)).unwrap();
    assert!(ctx.op_is_registered(op).unwrap());
    assert_eq!(ctx.op_def(op).unwrap().unwrap().name, "reg.op");
    let module = ctx.create_operation(&OperationState::new("builtin.module", loc).regions(1)).unwrap();
    assert!(ctx.op_def(module).unwrap().unwrap().has_trait(omnir_core::Traits::SYMBOL_TABLE));
    assert_eq!(omnir_core::dialect::split_dialect("a.b.c"), Some("a"));
    assert_eq!(omnir_core::dialect::split_dialect(".b"), None);
    assert_eq!(omnir_core::dialect::split_dialect("ab"), None);
}

struct Describe {
    describe: fn(&Context, omnir_core::Type) -> String,
}

#[test]
fn external_models_attach_interfaces_to_builtin_kinds() {
    let mut ctx = Context::new();
    let iface = TypeId::of("test.DescribeTypeInterface");
    let i32t = ctx.signless_int(32);
    let f32t = ctx.float_type(FloatKind::F32);
    assert!(!ctx.type_implements(i32t, iface));
    assert!(ctx.type_interface(i32t, iface).is_none());
    ctx.attach_interface(
        TypeId::of("builtin.integer"),
        InterfaceImpl {
            interface: iface,
            methods: Arc::new(Describe { describe: |c, t| format!("int {}", c.type_summary(t)) }),
        },
    );
    // Every integer type implements it now (the kind, not one instance), floats don't.
    assert!(ctx.type_implements(i32t, iface));
    assert!(ctx.type_implements(ctx.integer_type(7, Signedness::Unsigned).unwrap(), iface));
    assert!(!ctx.type_implements(f32t, iface));
    let imp = ctx.type_interface(i32t, iface).unwrap();
    let methods = imp.methods.clone().downcast::<Describe>().expect("the table is the one attached");
    assert_eq!((methods.describe)(&ctx, i32t), "int i32");
    // Marker interfaces on builtin kinds: make tuples memref elements.
    let tup = ctx.tuple_type(&[i32t]);
    assert_eq!(err_kind(ctx.memref_type(&[1], tup, None, None)), ErrorKind::InvalidArgument);
    ctx.attach_interface(TypeId::of("builtin.tuple"), InterfaceImpl::marker(interfaces::memref_element_type()));
    assert!(ctx.memref_type(&[1], tup, None, None).is_ok());
    // Op interfaces: declared by the definition or attached from outside.
    ctx.register_dialect(DialectDef { name: "ifc".into(), allow_unknown_operations: false, enums: Vec::new() });
    let op_iface = TypeId::of("test.OpIface");
    let mut def = OpDef::new("ifc.a");
    def.interfaces.push(InterfaceImpl::marker(op_iface));
    ctx.register_operation(def).unwrap();
    assert!(ctx.op_interface("ifc.a", op_iface).is_some());
    assert!(ctx.op_interface("ifc.b", op_iface).is_none());
    ctx.attach_interface(TypeId::of("ifc.b"), InterfaceImpl::marker(op_iface));
    assert!(ctx.op_interface("ifc.b", op_iface).is_some(), "even for an unregistered name");
    // Attribute external models.
    let attr_iface = TypeId::of("test.AttrIface");
    let s = ctx.string_attr("x");
    assert!(!ctx.attr_implements(s, attr_iface));
    ctx.attach_interface(TypeId::of("#builtin.string"), InterfaceImpl::marker(attr_iface));
    assert!(ctx.attr_implements(s, attr_iface));
    assert!(ctx.attr_interface(s, attr_iface).is_some());
    // Builtin interface answers.
    assert!(ctx.type_implements(ctx.vector_type(&[2], &[], f32t).unwrap(), interfaces::shaped_type()));
    assert!(!ctx.type_implements(f32t, interfaces::shaped_type()));
    assert!(!ctx.type_implements(i32t, interfaces::float_type()));
}

#[test]
fn type_and_attr_constraints() {
    use omnir_core::{AttrConstraint, TypeConstraint};
    let ctx = Context::new();
    let i32t = ctx.signless_int(32);
    let si32 = ctx.integer_type(32, Signedness::Signed).unwrap();
    let f16 = ctx.float_type(FloatKind::F16);
    let idx = ctx.index_type();
    let v = ctx.vector_type(&[2], &[], f16).unwrap();
    let t = ctx.unranked_tensor_type(f16).unwrap();
    let m = ctx.memref_type(&[2], f16, None, None).unwrap();
    let cases: Vec<(TypeConstraint, Vec<omnir_core::Type>, Vec<omnir_core::Type>)> = vec![
        (TypeConstraint::Any, vec![i32t, v, t], vec![]),
        (TypeConstraint::AnyInteger, vec![i32t, si32], vec![idx, f16]),
        (TypeConstraint::Integer(32), vec![i32t], vec![si32, idx]),
        (TypeConstraint::SignlessIntegerOrIndex, vec![i32t, idx], vec![si32, f16]),
        (TypeConstraint::Index, vec![idx], vec![i32t]),
        (TypeConstraint::AnyFloat, vec![f16], vec![i32t]),
        (TypeConstraint::Float(FloatKind::F16), vec![f16], vec![ctx.float_type(FloatKind::BF16)]),
        (TypeConstraint::IntegerOrFloat, vec![i32t, f16], vec![idx]),
        (TypeConstraint::AnyVector, vec![v], vec![t]),
        (TypeConstraint::AnyTensor, vec![t], vec![v, m]),
        (TypeConstraint::AnyMemRef, vec![m], vec![t]),
        (TypeConstraint::AnyShaped, vec![v, t, m], vec![f16]),
        (TypeConstraint::Exactly(si32), vec![si32], vec![i32t]),
        (TypeConstraint::OneOf(vec![TypeConstraint::Index, TypeConstraint::AnyFloat]), vec![idx, f16], vec![i32t]),
        (TypeConstraint::Implements(interfaces::memref_element_type()), vec![i32t, v, m], vec![t]),
    ];
    for (c, yes, no) in cases {
        for y in yes {
            assert!(c.check(&ctx, y), "{} accepts {}", c.summary(&ctx), ctx.type_summary(y));
        }
        for n in no {
            assert!(!c.check(&ctx, n), "{} rejects {}", c.summary(&ctx), ctx.type_summary(n));
        }
    }
    let i = ctx.integer_attr(i32t, 1).unwrap();
    assert!(AttrConstraint::TypedInteger(i32t).check(&ctx, i));
    assert!(!AttrConstraint::TypedInteger(si32).check(&ctx, i));
    assert!(AttrConstraint::Integer.check(&ctx, i));
    assert!(!AttrConstraint::Float.check(&ctx, i));
    assert!(AttrConstraint::Any.check(&ctx, i));
}

#[test]
fn handlers_may_detach_themselves_and_attach_others() {
    let ctx = Arc::new(Context::new());
    let (tx, rx) = std::sync::mpsc::channel();
    let c2 = ctx.clone();
    std::thread::spawn(move || {
        let own: Arc<Mutex<Option<omnir_core::HandlerId>>> = Arc::new(Mutex::new(None));
        let own2 = own.clone();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let seen2 = seen.clone();
        let id = c2.attach_diagnostic_handler(Box::new(move |c, d| {
            seen2.lock().unwrap().push(d.message.clone());
            // One-shot: detach ourselves and leave a successor behind.
            if let Some(me) = own2.lock().unwrap().take() {
                assert!(c.detach_diagnostic_handler(me));
                let seen3 = seen2.clone();
                c.attach_diagnostic_handler(Box::new(move |_, d| {
                    seen3.lock().unwrap().push(format!("next:{}", d.message));
                    true
                }));
            }
            true
        }));
        *own.lock().unwrap() = Some(id);
        c2.emit_error(c2.unknown_loc(), "first");
        c2.emit_error(c2.unknown_loc(), "second");
        tx.send(seen.lock().unwrap().clone()).unwrap();
    });
    let seen = rx.recv_timeout(std::time::Duration::from_secs(10)).expect("a handler that detaches itself deadlocked");
    assert_eq!(seen, ["first", "next:second"]);
}

#[test]
fn a_panicking_handler_does_not_disable_diagnostics_on_its_thread() {
    let ctx = Context::new();
    let h = ctx.attach_diagnostic_handler(Box::new(|_, d| {
        if d.message == "boom" {
            panic!("handler failure");
        }
        false
    }));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.emit_error(ctx.unknown_loc(), "boom")));
    assert!(r.is_err());
    ctx.detach_diagnostic_handler(h);
    let (_, diags) = ctx.collect_diagnostics(|c| c.emit_error(c.unknown_loc(), "after"));
    assert_eq!(diags.len(), 1, "diagnostics still reach handlers after a handler panicked");
}

#[test]
fn narrow_float_rounding_is_to_nearest_even() {
    // Between two neighbouring positive values of a narrow format, the midpoint rounds to
    // the one with an even pattern and anything off the midpoint to the nearer one.
    for kind in FloatKind::ALL {
        if kind.bit_width() > 16 || kind == FloatKind::F8E8M0FNU {
            continue;
        }
        let sign_bit = 1u128 << (kind.bit_width() - 1);
        let mut prev: Option<(u128, f64)> = None;
        for bits in 0..sign_bit {
            let v = float::to_f64(kind, bits);
            if !v.is_finite() {
                break;
            }
            if let Some((pb, pv)) = prev {
                assert!(v > pv, "{kind:?}: patterns are ordered");
                let mid = (pv + v) / 2.0;
                let even = if pb % 2 == 0 { pb } else { bits };
                assert_eq!(float::from_f64(kind, mid), Some(even), "{kind:?} midpoint of {pb:#x} and {bits:#x}");
                let below = mid - (v - pv) / 8.0;
                let above = mid + (v - pv) / 8.0;
                assert_eq!(float::from_f64(kind, below), Some(pb), "{kind:?} just below the midpoint");
                assert_eq!(float::from_f64(kind, above), Some(bits), "{kind:?} just above the midpoint");
            }
            prev = Some((bits, v));
        }
    }
}
