//! Scoped options, passes and patterns written in Rust over the C API, and the pass manager.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};

use omnir::{Context, Module, OptionDecl, OptionType, PassDef, PassManager, Status};

fn ctx() -> Context {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx
}

#[test]
fn declare_set_and_read() {
    let ctx = ctx();
    ctx.declare_option(&OptionDecl::new("t.threshold", OptionType::Int, "3").help("how far")).unwrap();
    // Same name, same type: idempotent; another type: a clear error.
    ctx.declare_option(&OptionDecl::new("t.threshold", OptionType::Int, "3")).unwrap();
    let e = ctx.declare_option(&OptionDecl::new("t.threshold", OptionType::Bool, "true")).unwrap_err();
    assert_eq!(e.status, Status::AlreadyExists);
    assert!(e.message.contains("t.threshold"), "{}", e.message);

    assert_eq!(ctx.option_int("t.threshold").unwrap(), 3);
    for v in ["5", "7", "9"] {
        ctx.set_option("t.threshold", v).unwrap();
    }
    assert_eq!(ctx.option("t.threshold").unwrap(), "9");
    ctx.reset_option("t.threshold").unwrap();
    assert_eq!(ctx.option_int("t.threshold").unwrap(), 3);

    let e = ctx.set_option("t.threshold", "many").unwrap_err();
    assert!(e.message.contains("t.threshold"), "{}", e.message);
    assert_eq!(ctx.option_int("t.threshold").unwrap(), 3, "a refused value changes nothing");
    let e = ctx.set_option("t.nope", "1").unwrap_err();
    assert!(e.message.contains("t.nope"), "{}", e.message);

    let mode = OptionType::Enum(vec!["fast".into(), "safe".into()]);
    ctx.declare_option(&OptionDecl::new("t.mode", mode, "safe")).unwrap();
    let e = ctx.set_option("t.mode", "reckless").unwrap_err();
    assert!(e.message.contains("fast") && e.message.contains("safe"), "{}", e.message);

    let list = OptionType::List(Box::new(OptionType::Int));
    ctx.declare_option(&OptionDecl::new("t.sizes", list, "1,2")).unwrap();
    ctx.set_option("t.sizes", "4,5,6").unwrap();
    assert_eq!(ctx.option("t.sizes").unwrap(), "4,5,6");
    let nested = OptionType::List(Box::new(OptionType::List(Box::new(OptionType::Int))));
    assert_eq!(
        ctx.declare_option(&OptionDecl::new("t.nested", nested, "")).unwrap_err().status,
        Status::InvalidArgument
    );
}

#[test]
fn type_names_are_parsed_in_one_place() {
    assert_eq!(OptionType::from_names("int", None, &[]).unwrap(), OptionType::Int);
    assert_eq!(
        OptionType::from_names("list", Some("float"), &[]).unwrap(),
        OptionType::List(Box::new(OptionType::Float))
    );
    assert!(OptionType::from_names("list", None, &[]).is_err());
    let e = OptionType::from_names("quaternion", None, &[]).unwrap_err();
    assert!(e.message.contains("quaternion"));
}

#[test]
fn scopes_nest_restore_and_stay_on_their_thread() {
    let ctx = ctx();
    ctx.declare_option(&OptionDecl::new("t.level", OptionType::Int, "0")).unwrap();
    ctx.set_option("t.level", "1").unwrap();
    {
        let _outer = ctx.push_options(&[("t.level", "2")]).unwrap();
        assert_eq!(ctx.option_int("t.level").unwrap(), 2);
        let inner = ctx.push_options(&[("t.level", "3")]).unwrap();
        assert_eq!(ctx.option_int("t.level").unwrap(), 3);
        // Another thread sees the context's value, not this thread's scopes.
        let other = std::thread::scope(|s| s.spawn(|| ctx.option_int("t.level").unwrap()).join().unwrap());
        assert_eq!(other, 1);
        inner.pop().unwrap();
        assert_eq!(ctx.option_int("t.level").unwrap(), 2);
    }
    assert_eq!(ctx.option_int("t.level").unwrap(), 1);

    // A bad value pushes nothing.
    assert!(ctx.push_options(&[("t.level", "4"), ("t.level", "x")]).is_err());
    assert_eq!(ctx.option_int("t.level").unwrap(), 1);

    let seen = ctx.with_options(&[("t.level", "8")], || ctx.option_int("t.level").unwrap()).unwrap();
    assert_eq!(seen, 8);
    assert_eq!(ctx.option_int("t.level").unwrap(), 1);
}

#[test]
fn threads_with_different_scopes_and_two_contexts_are_isolated() {
    let a = ctx();
    let b = ctx();
    for c in [&a, &b] {
        c.declare_option(&OptionDecl::new("t.n", OptionType::Int, "0")).unwrap();
    }
    b.set_option("t.n", "-1").unwrap();
    let barrier = Arc::new(Barrier::new(4));
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let (a, b, barrier) = (a.clone(), b.clone(), barrier.clone());
            std::thread::spawn(move || {
                let _scope = a.push_options(&[("t.n", i.to_string())]).unwrap();
                barrier.wait();
                for _ in 0..2000 {
                    assert_eq!(a.option_int("t.n").unwrap(), i);
                    assert_eq!(b.option_int("t.n").unwrap(), -1);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(a.option_int("t.n").unwrap(), 0);
}

const TWO_FUNCS: &str = r#"
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "a"}> ({
    %0 = "test.c"() : () -> i32
    %1 = "test.c"() : () -> i32
    "test.use"(%0, %1) : (i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "b"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#;

#[test]
fn a_rust_pass_runs_with_its_options_on_each_function() {
    let ctx = ctx();
    let runs = Arc::new(AtomicUsize::new(0));
    let seen = runs.clone();
    let pass = PassDef::new("tag-funcs", move |op, options| {
        seen.fetch_add(1, Ordering::SeqCst);
        let tag = options.get("tag").map_err(|e| e.message)?;
        let n = options.get_int("times").map_err(|e| e.message)?;
        let attr = op.context().string_attr(&format!("{tag}{n}")).map_err(|e| e.message)?;
        op.set_attribute("test.tag", &attr).map_err(|e| e.message)
    })
    .description("tags every function")
    .option(OptionDecl::new("tag", OptionType::String, "x"))
    .option(OptionDecl::new("times", OptionType::Int, "1"));
    ctx.register_pass(pass).unwrap();

    let module = Module::parse(&ctx, TWO_FUNCS, "two.mlir").unwrap();
    let mut pm = PassManager::parse(&ctx, "builtin.module(func.func(tag-funcs{tag=hi times=4}))").unwrap();
    let printed = pm.to_string();
    assert!(printed.contains("tag-funcs{tag=hi times=4}"), "{printed}");
    assert_eq!(PassManager::parse(&ctx, &printed).unwrap().to_string(), printed);
    pm.enable_timing(true).unwrap();
    pm.run(module.operation()).unwrap();
    assert_eq!(runs.load(Ordering::SeqCst), 2);
    let text = module.to_string();
    assert_eq!(text.matches("test.tag = \"hi4\"").count(), 2, "{text}");
    assert!(pm.timing_report(false).unwrap().contains("tag-funcs"));

    // The same argument twice: refused, the first registration kept.
    assert_eq!(ctx.register_pass(PassDef::new("tag-funcs", |_, _| Ok(()))).unwrap_err().status, Status::AlreadyExists);
    let e = PassManager::parse(&ctx, "builtin.module(func.func(tag-funcs{colour=red}))").unwrap_err();
    assert!(e.message.contains("colour"), "{}", e.message);
}

#[test]
fn a_failing_rust_pass_reports_its_message() {
    let ctx = ctx();
    ctx.register_pass(PassDef::new("refuse", |_, _| Err("not today".into()))).unwrap();
    ctx.register_pass(PassDef::new("panics", |_, _| panic!("boom"))).unwrap();
    let module = Module::parse(&ctx, TWO_FUNCS, "two.mlir").unwrap();
    let before = module.to_string();
    for (pipeline, expect) in [("builtin.module(refuse)", "not today"), ("builtin.module(panics)", "boom")] {
        let mut pm = PassManager::parse(&ctx, pipeline).unwrap();
        let e = pm.run(module.operation()).unwrap_err();
        assert!(e.message.contains(expect), "{pipeline}: {}", e.message);
    }
    assert_eq!(module.to_string(), before);
}

#[test]
fn a_rust_rewrite_pattern_drives_canonicalize() {
    let ctx = ctx();
    // Folds "test.c" ops whose result is unused away; a real pattern, applied to a fixpoint.
    ctx.register_rewrite_pattern("erase-unused-consts", Some("test.c"), 1, |op| {
        let unused =
            op.results().map_err(|e| e.message)?.iter().all(|r| r.uses().map(|u| u.is_empty()).unwrap_or(false));
        if !unused {
            return Ok(false);
        }
        op.erase().map_err(|e| e.message)?;
        Ok(true)
    })
    .unwrap();
    let text = r#""builtin.module"() ({
  %0 = "test.c"() : () -> i32
  %1 = "test.c"() : () -> i32
  "test.use"(%1) : (i32) -> ()
}) : () -> ()"#;
    let module = Module::parse(&ctx, text, "p.mlir").unwrap();
    PassManager::parse(&ctx, "builtin.module(canonicalize)").unwrap().run(module.operation()).unwrap();
    let out = module.to_string();
    assert_eq!(out.matches("test.c").count(), 1, "{out}");
}

/// Callbacks run on the thread that made the call (Python holds its GIL there, JavaScript
/// can only run there): verification after a pass stays on the caller even with several
/// functions and a multi-threaded pool.
#[test]
fn verifier_callbacks_run_on_the_calling_thread_during_a_pipeline() {
    let ctx = ctx();
    ctx.set_pass_threads(4).unwrap();
    ctx.register_dialect("chk", true).unwrap();
    let caller = std::thread::current().id();
    let off_thread = Arc::new(AtomicUsize::new(0));
    let calls = Arc::new(AtomicUsize::new(0));
    let (off, n) = (off_thread.clone(), calls.clone());
    let def = omnir::OpDefinition::new("chk.probe").verifier(move |_| {
        n.fetch_add(1, Ordering::SeqCst);
        if std::thread::current().id() != caller {
            off.fetch_add(1, Ordering::SeqCst);
        }
        Ok(())
    });
    ctx.register_operation(&def).unwrap();
    let mut text = String::from("\"builtin.module\"() ({\n");
    for i in 0..8 {
        text += &format!(
            "  \"func.func\"() <{{function_type = () -> (), sym_name = \"f{i}\"}}> ({{\n    \"chk.probe\"() : () -> ()\n    \"func.return\"() : () -> ()\n  }}) : () -> ()\n"
        );
    }
    text += "}) : () -> ()\n";
    let module = Module::parse(&ctx, &text, "probe.mlir").unwrap();
    calls.store(0, Ordering::SeqCst);
    PassManager::parse(&ctx, "builtin.module(func.func(cse))").unwrap().run(module.operation()).unwrap();
    assert!(calls.load(Ordering::SeqCst) >= 8, "the verifier ran after the pass");
    assert_eq!(off_thread.load(Ordering::SeqCst), 0, "a verifier ran on a pool thread");
}

#[test]
fn values_come_back_typed_by_their_declaration() {
    use omnir::OptionValue as V;
    let ctx = ctx();
    let decls = [
        OptionDecl::new("v.b", OptionType::Bool, "on"),
        OptionDecl::new("v.i", OptionType::Int, "-4"),
        OptionDecl::new("v.f", OptionType::Float, "2"),
        OptionDecl::new("v.s", OptionType::String, "hi"),
        OptionDecl::new("v.e", OptionType::Enum(vec!["a".into(), "b".into()]), "b"),
        OptionDecl::new("v.l", OptionType::List(Box::new(OptionType::Int)), "1,2"),
        OptionDecl::new("v.empty", OptionType::List(Box::new(OptionType::String)), ""),
    ];
    for d in &decls {
        ctx.declare_option(d).unwrap();
    }
    assert_eq!(ctx.option_value("v.b").unwrap(), V::Bool(true));
    assert_eq!(ctx.option_value("v.i").unwrap(), V::Int(-4));
    assert_eq!(ctx.option_value("v.f").unwrap(), V::Float(2.0));
    assert_eq!(ctx.option_value("v.s").unwrap(), V::String("hi".into()));
    assert_eq!(ctx.option_value("v.e").unwrap(), V::String("b".into()));
    assert_eq!(ctx.option_value("v.l").unwrap(), V::List(vec![V::Int(1), V::Int(2)]));
    assert_eq!(ctx.option_value("v.empty").unwrap(), V::List(vec![]));
    // Round trip through the textual form.
    for (name, v) in [("v.f", V::Float(3.0)), ("v.l", V::List(vec![V::Int(7), V::Int(-8)])), ("v.b", V::Bool(false))] {
        ctx.set_option(name, &v.to_text()).unwrap();
        assert_eq!(ctx.option_value(name).unwrap(), v);
    }
    let e = ctx.option_value("v.unknown").unwrap_err();
    assert!(e.message.contains("v.unknown") && e.message.contains("v.b"), "{}", e.message);
}

#[test]
fn pass_options_come_back_typed_and_zero_defaults_parse() {
    use omnir::OptionValue as V;
    use std::sync::Mutex;
    let ctx = ctx();
    let types = [
        OptionType::Bool,
        OptionType::Int,
        OptionType::Float,
        OptionType::String,
        OptionType::Enum(vec!["a".into(), "b".into()]),
        OptionType::List(Box::new(OptionType::Int)),
    ];
    for (k, ty) in types.iter().enumerate() {
        // A declaration without a default gets MLIR's value-initialized one.
        ctx.declare_option(&OptionDecl::new(&format!("z.{k}"), ty.clone(), &ty.zero_default())).unwrap();
        let back = ty.parse_value(&ctx.option(&format!("z.{k}")).unwrap()).unwrap();
        assert_eq!(back, ctx.option_value(&format!("z.{k}")).unwrap());
    }
    assert_eq!(OptionType::List(Box::new(OptionType::Float)).raw_kinds().0, omnir::sys::OMNIR_OPTION_LIST);

    let seen = Arc::new(Mutex::new(Vec::new()));
    let out = seen.clone();
    let decls = vec![
        OptionDecl::new("n", OptionType::Int, "1"),
        OptionDecl::new("l", OptionType::List(Box::new(OptionType::Float)), ""),
        OptionDecl::new("on", OptionType::Bool, "false"),
    ];
    let run_decls = decls.clone();
    let mut pass = PassDef::new("typed", move |_, options| {
        let values: Vec<_> =
            run_decls.iter().map(|d| options.value(d).map_err(|e| e.message)).collect::<Result<_, _>>()?;
        out.lock().unwrap().push(values);
        Ok(())
    });
    for d in decls {
        pass = pass.option(d);
    }
    ctx.register_pass(pass).unwrap();
    let module = Module::parse(&ctx, TWO_FUNCS, "two.mlir").unwrap();
    PassManager::parse(&ctx, "builtin.module(typed{n=-3 l=0.5,2 on})").unwrap().run(module.operation()).unwrap();
    assert_eq!(
        seen.lock().unwrap().as_slice(),
        &[vec![V::Int(-3), V::List(vec![V::Float(0.5), V::Float(2.0)]), V::Bool(true)]]
    );
}
