//! What the language glue shares (src/glue.rs, src/extras.rs, the reusable builder): error
//! classes, diagnosed errors, class dispatch, tree owners, builder reuse.

use omnir::{
    AttributeClass, Context, ErrorClass, FloatKind, InsertionPoint, Module, OperationBuilder, Status, TypeClass,
    TypeDefinition,
};

fn ctx() -> Context {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx
}

#[test]
fn error_classes() {
    assert_eq!(Status::StaleHandle.class(), ErrorClass::StaleHandle);
    assert_eq!(Status::WrongContext.class(), ErrorClass::InvalidArgument);
    assert_eq!(Status::OutOfRange.class(), ErrorClass::OutOfRange);
    assert_eq!(Status::ParseFailed.class(), ErrorClass::Diagnosed);
    assert_eq!(Status::Busy.class(), ErrorClass::Busy);
    assert_eq!(Status::Internal.class(), ErrorClass::Internal);
}

#[test]
fn with_diagnostics_returns_the_error_diagnostics() {
    let ctx = ctx();
    let err = ctx.with_diagnostics(|| Module::parse(&ctx, "\"a.b\"() : () -> (", "bad.mlir")).unwrap_err();
    assert_eq!(err.error.status, Status::ParseFailed);
    assert!(!err.diagnostics.is_empty());
    assert!(err.message("Unable to parse").starts_with("Unable to parse:\nbad.mlir:1:"));
    // A failure without a diagnostic still gets one (at an unknown location).
    let def = ctx
        .register_dialect("g", false)
        .and_then(|()| ctx.register_type(&TypeDefinition::new("g", "t", &["p"]).verifier(|_| Err("nope".to_string()))));
    let def = def.unwrap();
    let err = ctx.with_diagnostics(|| ctx.dialect_type(def, &[ctx.unit_attr().unwrap()])).unwrap_err();
    assert_eq!(err.diagnostics.len(), 1);
    assert!(err.diagnostics[0].message.contains("nope"));
    // Success passes through.
    assert_eq!(ctx.with_diagnostics(|| Ok(7)).unwrap(), 7);
}

#[test]
fn class_dispatch() {
    let ctx = ctx();
    let t = |s: &str| ctx.parse_type(s).unwrap().class().unwrap();
    assert_eq!(t("i32"), TypeClass::Integer);
    assert_eq!(t("bf16"), TypeClass::Float(FloatKind::BF16));
    assert_eq!(TypeClass::Float(FloatKind::F8E4M3FN).name(), "Float8E4M3FNType");
    assert_eq!(t("memref<4xf32>").type_id_name(), Some("builtin.memref"));
    assert_eq!(t("tensor<*xf32>"), TypeClass::UnrankedTensor);
    let a = |s: &str| ctx.parse_attribute(s).unwrap().class().unwrap();
    assert_eq!(a("@f"), AttributeClass::FlatSymbolRef);
    assert_eq!(a("@f::@g"), AttributeClass::SymbolRef);
    assert_eq!(a("dense<1> : tensor<2xi32>"), AttributeClass::DenseIntElements);
    assert_eq!(a("dense<1.0> : tensor<2xf32>"), AttributeClass::DenseFPElements);
    assert_eq!(a("array<i64: 1, 2>"), AttributeClass::DenseI64Array);
    assert_eq!(a("array<i1: true>"), AttributeClass::DenseBoolArray);
    assert_eq!(AttributeClass::Dictionary.name(), "DictAttr");
    // Every type class's TypeID name is the one the core reports.
    for text in ["i32", "index", "f32", "f8E5M2", "complex<f32>", "none", "() -> ()", "tuple<>", "vector<2xf32>"] {
        let ty = ctx.parse_type(text).unwrap();
        let name = ty.class().unwrap().type_id_name().unwrap();
        assert_eq!(ty.type_id().unwrap().name().unwrap(), name, "{text}");
    }
}

#[test]
fn owner_of_tree_adopts_an_unowned_root() {
    let ctx = ctx();
    let module = Module::parse(&ctx, "\"t.a\"() ({ \"t.b\"() : () -> () }) : () -> ()", "t").unwrap();
    let root = module.into_operation(); // nobody owns it now
    let inner = root.region(0).unwrap().blocks().unwrap()[0].first_op().unwrap().unwrap();
    let owner = ctx.owner_of_tree(&inner).unwrap();
    assert!(std::sync::Arc::ptr_eq(&owner, &ctx.owner_of_tree(&root).unwrap()));
    drop(owner);
    assert!(!inner.is_live(), "the adopted root was erased with its last owner");
}

#[test]
fn reusable_builder() {
    let ctx = ctx();
    let loc = ctx.unknown_loc();
    let i32 = ctx.integer_type(32).unwrap();
    let module = Module::new(&loc).unwrap();
    let end = InsertionPoint::BlockEnd(module.body().unwrap());
    let mut b = OperationBuilder::new("t.op", &loc);
    b.add_results_raw(&[i32.raw()]).unwrap();
    let first = end.build(&b).unwrap();
    b.set_operands_raw(&[first.result(0).unwrap().raw()]).unwrap();
    let second = end.build(&b).unwrap();
    assert_eq!(second.operand(0).unwrap(), first.result(0).unwrap());
    b.reset().unwrap();
    b.add_attribute("k", &ctx.unit_attr().unwrap()).unwrap();
    b.set_num_regions(1).unwrap();
    b.set_location(&ctx.file_line_col_loc("f", 1, 2).unwrap()).unwrap();
    let third = end.build(&b).unwrap();
    assert_eq!(third.num_results().unwrap(), 0);
    assert_eq!(third.num_regions().unwrap(), 1);
    assert!(third.attribute("k").unwrap().is_some());
    assert_eq!(third.location().unwrap().to_string(), "loc(\"f\":1:2)");
    assert!(b.context().ptr_eq(&ctx));
}

#[test]
fn builder_attribute_values_and_failed_build_at() {
    let ctx = ctx();
    let loc = ctx.unknown_loc();
    let i32 = ctx.integer_type(32).unwrap();
    let module = Module::new(&loc).unwrap();
    let body = module.body().unwrap();
    let end = InsertionPoint::BlockEnd(body.clone());
    let mut b = OperationBuilder::new("t.const", &loc);
    b.add_results_raw(&[i32.raw()]).unwrap();
    b.add_attribute("value", &ctx.integer_attr(&i32, 1).unwrap()).unwrap();
    let ops: Vec<_> = (0..4)
        .map(|k| {
            b.set_attribute_value(0, &ctx.integer_attr(&i32, k).unwrap()).unwrap();
            b.build_at(&end).unwrap()
        })
        .collect();
    for (k, op) in ops.iter().enumerate() {
        assert_eq!(op.attribute("value").unwrap().unwrap().int_value().unwrap(), k as i64);
    }
    assert_eq!(b.set_attribute_value(1, &ctx.unit_attr().unwrap()).unwrap_err().status, omnir::Status::OutOfRange);
    // A point that is not in a block creates nothing.
    let detached = OperationBuilder::new("t.lonely", &loc).build().unwrap();
    let err = b.build_at(&InsertionPoint::Before(detached.clone())).unwrap_err();
    assert_eq!(err.status, omnir::Status::InvalidArgument);
    assert_eq!(body.num_ops().unwrap(), 4);
}

#[test]
fn extras() {
    let ctx = ctx();
    let f32 = ctx.f32_type().unwrap();
    let m = ctx.unranked_memref_type(&f32, None).unwrap();
    assert_eq!(m.to_string(), "memref<*xf32>");
    let v = ctx.vector_type_scalable(&[2, 4], &[false, true], &f32).unwrap();
    assert_eq!(v.to_string(), "vector<2x[4]xf32>");
    assert!(v.is_dim_scalable(1).unwrap());
    let big = ctx.integer_attr_from_words(&ctx.integer_type(128).unwrap(), &[1, 2]).unwrap();
    assert_eq!(big.int_words().unwrap(), vec![1, 2]);
    let loc = ctx.name_loc("n", Some(&ctx.file_line_col_loc("f", 1, 1).unwrap())).unwrap();
    assert!(loc.name_child().unwrap().is_some());
    let s = ctx.strided_layout_attr(1, &[4, 1]).unwrap();
    assert_eq!((s.strided_offset().unwrap(), s.strided_strides().unwrap()), (1, vec![4, 1]));
    let d = ctx.parse_attribute("dense<[1, 2, 3]> : tensor<3xi32>").unwrap();
    assert_eq!((d.dense_num_elements().unwrap(), d.dense_int64(2).unwrap()), (3, 3));
    assert_eq!(ctx.parse_type("!x.y").unwrap().opaque_dialect().unwrap(), "x");
}
