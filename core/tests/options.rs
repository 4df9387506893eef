//! Options: declared per context, base values per context, scoped overrides per thread.

use omnir_core::options::{OptionDecl, OptionType, OptionValue};
use omnir_core::{Context, ErrorKind};

fn decl(name: &str, ty: OptionType, default: OptionValue) -> OptionDecl {
    OptionDecl { name: name.into(), ty, default, help: format!("help for {name}") }
}

fn level() -> OptionType {
    OptionType::Enum(vec!["low".into(), "high".into()])
}

fn setup() -> Context {
    let ctx = Context::new();
    ctx.declare_option(decl("threshold", OptionType::Int, OptionValue::Int(3))).unwrap();
    ctx.declare_option(decl("fast", OptionType::Bool, OptionValue::Bool(false))).unwrap();
    ctx.declare_option(decl("level", level(), OptionValue::Enum("low".into()))).unwrap();
    ctx.declare_option(decl("names", OptionType::List(Box::new(OptionType::String)), OptionValue::List(vec![])))
        .unwrap();
    ctx
}

#[test]
fn defaults_then_base_values_then_scopes() {
    let ctx = setup();
    assert_eq!(ctx.option("threshold").unwrap(), OptionValue::Int(3));
    ctx.set_option("threshold", OptionValue::Int(5)).unwrap();
    ctx.set_option("threshold", OptionValue::Int(7)).unwrap(); // any number of times
    assert_eq!(ctx.option_int("threshold").unwrap(), 7);
    {
        let _outer = ctx.push_option_scope(&[("threshold", OptionValue::Int(10))]).unwrap();
        assert_eq!(ctx.option_int("threshold").unwrap(), 10);
        {
            let _inner = ctx
                .push_option_scope(&[("threshold", OptionValue::Int(20)), ("fast", OptionValue::Bool(true))])
                .unwrap();
            assert_eq!(ctx.option_int("threshold").unwrap(), 20);
            assert!(ctx.option_bool("fast").unwrap());
        }
        assert_eq!(ctx.option_int("threshold").unwrap(), 10, "inner scope restored");
        assert!(!ctx.option_bool("fast").unwrap());
    }
    assert_eq!(ctx.option_int("threshold").unwrap(), 7, "outer scope restored");
    ctx.reset_option("threshold").unwrap();
    assert_eq!(ctx.option_int("threshold").unwrap(), 3);
    let r = ctx.with_options(&[("level", OptionValue::Enum("high".into()))], |c| c.option("level").unwrap()).unwrap();
    assert_eq!(r, OptionValue::Enum("high".into()));
    assert_eq!(ctx.option("level").unwrap(), OptionValue::Enum("low".into()));
}

#[test]
fn redeclaration_is_idempotent_with_same_type_and_default_and_an_error_otherwise() {
    let ctx = setup();
    // Same type, same default: a no-op, even with other help, and the base value stays.
    ctx.set_option("threshold", OptionValue::Int(5)).unwrap();
    ctx.declare_option(OptionDecl {
        help: "other help".into(),
        ..decl("threshold", OptionType::Int, OptionValue::Int(3))
    })
    .unwrap();
    assert_eq!(ctx.option_int("threshold").unwrap(), 5);
    assert_eq!(ctx.option_decl("threshold").unwrap().help, "help for threshold", "the first help stays");
    // Same type, another default: refused, naming both defaults; nothing changes.
    let e = ctx.declare_option(decl("threshold", OptionType::Int, OptionValue::Int(99))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::AlreadyExists);
    assert!(e.message.contains("'threshold'") && e.message.contains("'3'") && e.message.contains("'99'"), "{e}");
    ctx.reset_option("threshold").unwrap();
    assert_eq!(ctx.option_int("threshold").unwrap(), 3, "the first declaration's default stays");
    assert_eq!(ctx.option_decl("threshold").unwrap().default, OptionValue::Int(3));
    let e = ctx.declare_option(decl("level", level(), OptionValue::Enum("high".into()))).unwrap_err();
    assert!(e.message.contains("'low'") && e.message.contains("'high'"), "{e}");
    ctx.declare_option(decl("level", level(), OptionValue::Enum("low".into()))).unwrap();
    let names = OptionType::List(Box::new(OptionType::String));
    let e =
        ctx.declare_option(decl("names", names, OptionValue::List(vec![OptionValue::String("a".into())]))).unwrap_err();
    assert!(e.message.contains("default ''") && e.message.contains("default 'a'"), "{e}");
    // Floats compare by bits: nan stays idempotent; -0 is another default than 0.
    ctx.declare_option(decl("ratio", OptionType::Float, OptionValue::Float(f64::NAN))).unwrap();
    ctx.declare_option(decl("ratio", OptionType::Float, OptionValue::Float(f64::NAN))).unwrap();
    ctx.declare_option(decl("zero", OptionType::Float, OptionValue::Float(0.0))).unwrap();
    let e = ctx.declare_option(decl("zero", OptionType::Float, OptionValue::Float(-0.0))).unwrap_err();
    assert!(e.message.contains("'0'") && e.message.contains("'-0'"), "{e}");
    // Another type: refused, naming both types (checked before the default).
    let e = ctx.declare_option(decl("threshold", OptionType::Bool, OptionValue::Bool(true))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::AlreadyExists);
    assert!(e.message.contains("threshold") && e.message.contains("int") && e.message.contains("bool"), "{e}");
    let e = ctx.declare_option(decl("bad", OptionType::Int, OptionValue::Bool(true))).unwrap_err();
    assert!(e.message.contains("default"), "{e}");
}

#[test]
fn bad_values_name_the_option_and_what_is_accepted() {
    let ctx = setup();
    let e = ctx.set_option("threshold", OptionValue::Bool(true)).unwrap_err();
    assert!(e.message.contains("threshold") && e.message.contains("int"), "{e}");
    let e = ctx.set_option_text("level", "medium").unwrap_err();
    assert!(e.message.contains("level") && e.message.contains("low, high"), "{e}");
    let e = ctx.set_option_text("threshold", "lots").unwrap_err();
    assert!(e.message.contains("threshold") && e.message.contains("lots"), "{e}");
    let e = ctx.option("nope").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotRegistered);
    assert!(e.message.contains("nope") && e.message.contains("threshold"), "{e}");
    // A failed push leaves no scope behind.
    assert!(ctx.push_option_scope(&[("threshold", OptionValue::Int(1)), ("fast", OptionValue::Int(1))]).is_err());
    assert_eq!(ctx.option_int("threshold").unwrap(), 3);
    ctx.set_option_text("names", "a,b,c").unwrap();
    assert_eq!(
        ctx.option("names").unwrap(),
        OptionValue::List(vec!["a", "b", "c"].into_iter().map(|s| OptionValue::String(s.into())).collect())
    );
    assert_eq!(ctx.option("names").unwrap().to_string(), "a,b,c");
}

#[test]
fn two_contexts_never_share_values_or_declarations() {
    let a = setup();
    let b = Context::new();
    b.declare_option(decl("threshold", OptionType::Bool, OptionValue::Bool(true))).unwrap();
    a.set_option("threshold", OptionValue::Int(42)).unwrap();
    assert_eq!(b.option("threshold").unwrap(), OptionValue::Bool(true));
    let _s = b.push_option_scope(&[("threshold", OptionValue::Bool(false))]).unwrap();
    assert_eq!(a.option_int("threshold").unwrap(), 42);
}

#[test]
fn two_threads_on_one_context_see_only_their_own_scopes() {
    let ctx = setup();
    ctx.set_option("threshold", OptionValue::Int(1)).unwrap();
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|s| {
        for (mine, other) in [(100, 200), (200, 100)] {
            let (ctx, barrier) = (&ctx, &barrier);
            s.spawn(move || {
                let _scope = ctx.push_option_scope(&[("threshold", OptionValue::Int(mine))]).unwrap();
                barrier.wait(); // both scopes are live now
                for _ in 0..1000 {
                    let v = ctx.option_int("threshold").unwrap();
                    assert_eq!(v, mine, "never sees the other thread's {other}");
                }
                barrier.wait();
            });
        }
    });
    assert_eq!(ctx.option_int("threshold").unwrap(), 1, "the main thread sees the base value");
}

#[test]
fn explicit_push_pop_stays_balanced_and_snapshots_merge_scopes() {
    let ctx = setup();
    let outer = ctx.push_option_scope(&[("threshold", OptionValue::Int(8))]).unwrap().into_id();
    let inner = ctx.push_option_scope(&[("fast", OptionValue::Bool(true))]).unwrap().into_id();
    let snap = ctx.option_overrides_snapshot();
    assert_eq!(
        snap,
        vec![("fast".to_string(), OptionValue::Bool(true)), ("threshold".to_string(), OptionValue::Int(8))]
    );
    assert!(ctx.pop_option_scope(outer).is_err(), "outer cannot be popped before inner");
    ctx.pop_option_scope(inner).unwrap();
    ctx.pop_option_scope(outer).unwrap();
    assert!(ctx.option_overrides_snapshot().is_empty());
    // A worker thread that pushes the snapshot sees the caller's values.
    let _s = ctx.push_option_scope(&[("threshold", OptionValue::Int(9))]).unwrap();
    let snap = ctx.option_overrides_snapshot();
    std::thread::scope(|s| {
        s.spawn(|| {
            assert_eq!(ctx.option_int("threshold").unwrap(), 3, "a fresh thread sees the base");
            let pairs: Vec<(&str, OptionValue)> = snap.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
            let _w = ctx.push_option_scope(&pairs).unwrap();
            assert_eq!(ctx.option_int("threshold").unwrap(), 9);
        });
    });
}
