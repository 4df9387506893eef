//! Runtime dialects defined with Rust closures.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use omnir::{
    AttrConstraint, Context, InterfaceImpl, Module, OpDefinition, OperationBuilder, Status, Traits, TypeConstraint,
    TypeDefinition, TypeId, TypeKind, ValueSpec,
};

#[test]
fn operation_with_constraints_and_verifier() {
    let ctx = Context::new();
    ctx.register_dialect("calc", false).unwrap();
    assert!(ctx.is_dialect_registered("calc").unwrap());
    let even = TypeConstraint::predicate("integer of even width", |t| t.integer_width().is_ok_and(|w| w % 2 == 0));
    let def = OpDefinition::new("calc.add")
        .summary("adds")
        .operand(ValueSpec::single("lhs", even.clone()))
        .operand(ValueSpec::single("rhs", even))
        .result(ValueSpec::single("out", TypeConstraint::AnyInteger))
        .attribute("tag", AttrConstraint::Integer, true)
        .traits(Traits::PURE | Traits::COMMUTATIVE)
        .verifier(|op| {
            // The verifier reads the op through the client.
            match op.attribute("tag").map_err(|e| e.to_string())? {
                Some(t) if t.int_value().map_err(|e| e.to_string())? < 0 => Err("tag must be non-negative".into()),
                _ => Ok(()),
            }
        });
    ctx.register_operation(&def).unwrap();
    assert!(ctx.is_operation_registered("calc.add").unwrap());
    assert_eq!(ctx.register_operation(&def).unwrap_err().status, Status::AlreadyExists);

    let loc = ctx.unknown_loc();
    let i8 = ctx.integer_type(8).unwrap();
    let i7 = ctx.integer_type(7).unwrap();
    let module = Module::new(&loc).unwrap();
    let body = module.body().unwrap();
    let blk = omnir::Block::create(&ctx, &[(i8.clone(), loc.clone()), (i7.clone(), loc.clone())]).unwrap();
    let args = blk.arguments().unwrap();
    // Use a region-less holder for the arguments: put the block in a test op's region.
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let holder = OperationBuilder::new("test.holder", &loc).regions(1).build().unwrap();
    holder.region(0).unwrap().append_block(&blk).unwrap();
    blk.release();
    body.append(&holder).unwrap();

    let add = OperationBuilder::new("calc.add", &loc)
        .operands(&[args[0].clone(), args[0].clone()])
        .results(&[&i8])
        .attribute("tag", &ctx.integer_attr(&i8, 1).unwrap())
        .build()
        .unwrap();
    assert!(add.is_registered().unwrap());
    let blk = holder.region(0).unwrap().first_block().unwrap().unwrap();
    blk.append(&add).unwrap();
    module.verify().unwrap();

    // The verifier closure's message becomes the diagnostic.
    add.set_attribute("tag", &ctx.integer_attr(&i8, -1).unwrap()).unwrap();
    let (r, diags) = ctx.capture_diagnostics(|| module.verify()).unwrap();
    assert_eq!(r.unwrap_err().status, Status::VerificationFailed);
    assert_eq!(diags[0].message, "'calc.add' op tag must be non-negative");

    // The predicate constraint is checked too.
    add.set_attribute("tag", &ctx.integer_attr(&i8, 1).unwrap()).unwrap();
    add.set_operand(1, &args[1]).unwrap();
    let (r, diags) = ctx.capture_diagnostics(|| module.verify()).unwrap();
    assert!(r.is_err());
    assert!(diags[0].message.contains("integer of even width"), "{}", diags[0].message);
}

#[test]
fn type_with_params_verifier_and_interface() {
    let ctx = Context::new();
    ctx.register_dialect("px", false).unwrap();
    let elem = TypeId::get("builtin.MemRefElementTypeInterface").unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let def = TypeDefinition::new("px", "pixel", &["bits"])
        .verifier(move |params| {
            // Reads the context from inside the verifier (printing, kinds).
            sink.lock().unwrap().push(params.iter().map(|p| p.to_string()).collect::<Vec<_>>());
            let bits = params[0].int_value().map_err(|e| e.message)?;
            if bits <= 0 {
                return Err(format!("bits must be positive, got {bits}"));
            }
            Ok(())
        })
        .interface(InterfaceImpl::marker(elem));
    let pixel = ctx.register_type(&def).unwrap();
    assert_eq!(ctx.lookup_type_def("px.pixel").unwrap(), pixel);

    let i32 = ctx.integer_type(32).unwrap();
    let t = ctx.dialect_type(pixel, &[ctx.integer_attr(&i32, 8).unwrap()]).unwrap();
    assert_eq!(t.kind().unwrap(), TypeKind::Dialect);
    assert_eq!(t.dialect_def().unwrap(), pixel);
    assert_eq!(t.dialect_params().unwrap()[0].int_value().unwrap(), 8);
    assert_eq!(t.to_string(), "!px.pixel<8 : i32>");
    assert_eq!(seen.lock().unwrap().as_slice(), [vec!["8 : i32".to_string()]]);
    assert!(t.implements(elem).unwrap());
    // The registry answers for memref element types.
    let m = ctx.memref_type(&[4], &t, None, None).unwrap();
    assert_eq!(m.to_string(), "memref<4x!px.pixel<8 : i32>>");

    let e = ctx.dialect_type(pixel, &[ctx.integer_attr(&i32, 0).unwrap()]).unwrap_err();
    assert_eq!(e.status, Status::VerificationFailed);
    assert!(e.message.contains("bits must be positive, got 0"), "{}", e.message);
    // A panicking verifier is a failure, not a crash.
    let boom = ctx.register_type(&TypeDefinition::new("px", "boom", &[]).verifier(|_| panic!("verifier bug"))).unwrap();
    let e = ctx.dialect_type(boom, &[]).unwrap_err();
    assert!(e.message.contains("verifier bug"), "{}", e.message);
}

/// A parameters verifier runs while the parser holds the context exclusively; reading the
/// context from it works, mutating it is refused.
#[test]
fn params_verifier_runs_during_parse() {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx.register_dialect("px", false).unwrap();
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let inner_ctx = Arc::new(Mutex::new(None::<Context>));
    let ctx_slot = inner_ctx.clone();
    ctx.register_type(&TypeDefinition::new("px", "marker", &[]).verifier(move |_| {
        let ctx = ctx_slot.lock().unwrap().clone().expect("context set");
        let i16 = ctx.integer_type(16).map_err(|e| e.to_string())?;
        sink.lock().unwrap().push(i16.to_string());
        let busy = ctx.set_allow_unregistered_dialects(true).unwrap_err().status;
        sink.lock().unwrap().push(format!("{busy:?}"));
        Ok(())
    }))
    .unwrap();
    *inner_ctx.lock().unwrap() = Some(ctx.clone());
    let m = Module::parse(&ctx, "\"test.make\"() : () -> !px.marker\n", "p.mlir").unwrap();
    assert!(m.to_string().contains("!px.marker"));
    let log = log.lock().unwrap();
    assert!(!log.is_empty());
    assert_eq!(log[0], "i16");
    assert_eq!(log[1], "Busy");
    *inner_ctx.lock().unwrap() = None;
}

#[test]
fn attributes_and_external_interfaces() {
    let ctx = Context::new();
    ctx.register_dialect("px", false).unwrap();
    let color = ctx
        .register_attribute(&TypeDefinition::new("px", "color", &["r", "g", "b"]).verifier(|p| {
            if p.len() == 3 {
                Ok(())
            } else {
                Err("three channels".into())
            }
        }))
        .unwrap();
    assert_eq!(ctx.lookup_attr_def("px.color").unwrap(), color);
    let i8 = ctx.integer_type(8).unwrap();
    let c = |v| ctx.integer_attr(&i8, v).unwrap();
    let red = ctx.dialect_attr(color, &[c(255), c(0), c(0)]).unwrap();
    assert_eq!(red.dialect_params().unwrap().len(), 3);
    assert_eq!(red.dialect_def().unwrap(), color);

    // Attach a marker interface to a builtin type after the fact (an external model).
    let marker = TypeId::get("px.TestMarkerInterface").unwrap();
    let i1 = ctx.integer_type(1).unwrap();
    assert!(!i1.implements(marker).unwrap());
    ctx.attach_interface(i1.type_id().unwrap(), InterfaceImpl::marker(marker)).unwrap();
    assert!(i1.implements(marker).unwrap());
    assert!(i8.implements(marker).unwrap(), "attached to the kind builtin.integer");
}

/// Closures are owned by omnir once registered, dropped with the context; a failed
/// registration gives them back (drops them) at once.
#[test]
fn closures_are_freed_with_the_context_or_on_failure() {
    struct Tracker(Arc<AtomicUsize>);
    impl Drop for Tracker {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
    let drops = Arc::new(AtomicUsize::new(0));
    let ctx = Context::new();
    ctx.register_dialect("d", false).unwrap();
    let t = Tracker(drops.clone());
    let def = OpDefinition::new("d.op").verifier(move |_| {
        let _ = &t;
        Ok(())
    });
    ctx.register_operation(&def).unwrap();
    drop(def);
    assert_eq!(drops.load(Ordering::SeqCst), 0);

    // Failing registration (unknown dialect): freed now.
    let t = Tracker(drops.clone());
    let bad = OpDefinition::new("nodialect.op").operand(ValueSpec::single(
        "x",
        TypeConstraint::predicate("anything", move |_| {
            let _ = &t;
            true
        }),
    ));
    assert_eq!(ctx.register_operation(&bad).unwrap_err().status, Status::NotRegistered);
    drop(bad);
    assert_eq!(drops.load(Ordering::SeqCst), 1);

    drop(ctx);
    assert_eq!(drops.load(Ordering::SeqCst), 2);
}
