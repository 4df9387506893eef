//! Textual pipelines: parse, canonical print, round trips, errors with positions, and the
//! per-context pass registry.

mod pass_util;

use omnir_core::options::{OptionDecl, OptionType, OptionValue};
use omnir_core::pass::{FnPass, OpPassManager, PassInfo, PassManager, PipelineElement};
use omnir_core::{Context, ErrorKind};

fn decl(name: &str, ty: OptionType, default: OptionValue) -> OptionDecl {
    OptionDecl { name: name.into(), ty, default, help: format!("help for {name}") }
}

/// `my-pass` with options threshold (int), names (list of string), mode (enum), label
/// (string), scale (float), verbose (bool).
fn register_my_pass(ctx: &Context) {
    let info = PassInfo::new("my-pass", "MyPass", "a test pass", |_| Ok(Box::new(FnPass::new(|_, _| Ok(())))))
        .option(decl("threshold", OptionType::Int, OptionValue::Int(1)))
        .option(decl("names", OptionType::List(Box::new(OptionType::String)), OptionValue::List(vec![])))
        .option(decl("mode", OptionType::Enum(vec!["fast".into(), "slow".into()]), OptionValue::Enum("fast".into())))
        .option(decl("label", OptionType::String, OptionValue::String(String::new())))
        .option(decl("scale", OptionType::Float, OptionValue::Float(1.0)))
        .option(decl("verbose", OptionType::Bool, OptionValue::Bool(false)));
    ctx.register_pass(info).unwrap();
}

fn ctx() -> Context {
    let ctx = pass_util::context();
    register_my_pass(&ctx);
    ctx
}

fn canonical(ctx: &Context, text: &str) -> String {
    PassManager::parse(ctx, text).unwrap_or_else(|e| panic!("{e}")).to_string()
}

#[test]
fn pipelines_print_back_canonically_and_round_trip() {
    let ctx = ctx();
    let cases = [
        (
            "builtin.module(func.func(cse, my-pass{threshold=3 names=a,b}), symbol-dce)",
            "builtin.module(func.func(cse,my-pass{threshold=3 names=a,b}),symbol-dce)",
        ),
        (
            "  builtin.module ( func.func ( cse ) ,\n  canonicalize { max-iterations=3   top-down=false } )  ",
            "builtin.module(func.func(cse),canonicalize{max-iterations=3 top-down=false})",
        ),
        // Options print in declaration order, whatever order they were given in.
        (
            "builtin.module(my-pass{verbose scale=0.5 mode=slow threshold=-2})",
            "builtin.module(my-pass{threshold=-2 mode=slow scale=0.5 verbose=true})",
        ),
        // Quoting: spaces and braces survive; list elements with commas are quoted.
        (
            r#"builtin.module(my-pass{label="hello world" names='a,b',c,{d e}})"#,
            r#"builtin.module(my-pass{names={"a,b",c,"d e"} label="hello world"})"#,
        ),
        (
            "builtin.module(func.func(), any(cse), gpu.module(func.func(dce)))",
            "builtin.module(func.func(),any(cse),gpu.module(func.func(dce)))",
        ),
        ("builtin.module()", "builtin.module()"),
        ("builtin.module(my-pass{})", "builtin.module(my-pass)"),
        ("builtin.module(my-pass{names=})", "builtin.module(my-pass{names=})"),
    ];
    for (input, expected) in cases {
        let printed = canonical(&ctx, input);
        assert_eq!(printed, expected, "input: {input}");
        assert_eq!(canonical(&ctx, &printed), printed, "canonical text must round-trip: {printed}");
    }
}

#[test]
fn pass_options_are_parsed_into_the_declared_options() {
    let ctx = ctx();
    let pm = PassManager::parse(&ctx, "builtin.module(my-pass{threshold=3 names=a,b mode=slow})").unwrap();
    let PipelineElement::Pass(p) = &pm.pipeline().elements()[0] else { panic!("expected a pass") };
    assert_eq!(p.argument(), "my-pass");
    assert_eq!(p.name(), "MyPass");
    let o = p.options();
    assert_eq!(o.int("threshold").unwrap(), 3);
    assert_eq!(o.strings("names").unwrap(), vec!["a", "b"]);
    assert_eq!(o.string("mode").unwrap(), "slow");
    assert_eq!(o.float("scale").unwrap(), 1.0, "defaults fill the rest");
    assert!(!o.bool("verbose").unwrap());
    assert!(o.is_explicit("threshold") && !o.is_explicit("scale"));
    assert!(o.int("nope").is_err());
}

#[test]
fn pipelines_build_programmatically() {
    let ctx = ctx();
    let mut pm = PassManager::new("builtin.module");
    pm.nest("func.func")
        .add_pass(ctx.create_pass("cse", &[]).unwrap())
        .add_pass(ctx.create_pass("my-pass", &[("threshold", OptionValue::Int(3))]).unwrap());
    pm.add_pass(ctx.create_pass("symbol-dce", &[]).unwrap());
    assert_eq!(pm.to_string(), "builtin.module(func.func(cse,my-pass{threshold=3}),symbol-dce)");
    let mut nested = OpPassManager::new("func.func");
    nested.add_pipeline(&ctx, "cse, canonicalize{max-iterations=2}").unwrap();
    assert_eq!(nested.to_string(), "func.func(cse,canonicalize{max-iterations=2})");
    let e = ctx.create_pass("my-pass", &[("threshold", OptionValue::Bool(true))]).unwrap_err();
    assert!(e.message.contains("threshold") && e.message.contains("int"), "{e}");
    let e = ctx.create_pass("nope", &[]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotRegistered);
}

/// Parses `text`, expecting an error at the char index of the first `marker` in it.
fn error_at(ctx: &Context, text: &str, marker: &str) -> omnir_core::pass::PipelineError {
    let e = PassManager::parse(ctx, text).expect_err(text);
    let byte = text.find(marker).unwrap_or_else(|| panic!("marker {marker:?} not in {text}"));
    assert_eq!(e.position, text[..byte].chars().count(), "position of the error in {text:?}: {e}");
    e
}

#[test]
fn unknown_pass_is_reported_at_its_position_with_the_known_passes() {
    let ctx = ctx();
    let e = error_at(&ctx, "builtin.module(func.func(cse, frob), dce)", "frob");
    assert_eq!(e.kind, ErrorKind::NotRegistered);
    for known in ["canonicalize", "cse", "dce", "my-pass", "strip-debuginfo", "symbol-dce"] {
        assert!(e.message.contains(known), "{e}");
    }
    assert!(e.message.contains("'frob' does not refer to a registered pass"), "{e}");
    // The rendering points at it.
    let rendered = e.to_string();
    assert!(rendered.starts_with("pass pipeline:1:31: error: 'frob'"), "{rendered}");
    assert!(
        rendered.ends_with("builtin.module(func.func(cse, frob), dce)\n                              ^"),
        "{rendered}"
    );
    // Into the core error type.
    let core: omnir_core::Error = e.into();
    assert_eq!(core.kind, ErrorKind::NotRegistered);
}

#[test]
fn unknown_option_names_the_pass_options() {
    let ctx = ctx();
    let e = error_at(&ctx, "builtin.module(my-pass{threshold=3 thresh=4})", "thresh=4");
    assert_eq!(e.kind, ErrorKind::NotRegistered);
    assert!(e.message.contains("no such option 'thresh' for pass 'my-pass'"), "{e}");
    assert!(e.message.contains("threshold (int)") && e.message.contains("mode (enum {fast, slow})"), "{e}");
    let e = error_at(&ctx, "builtin.module(cse{aggressive=1})", "aggressive");
    assert!(e.message.contains("it has no options"), "{e}");
}

#[test]
fn bad_option_values_name_the_option_and_what_is_accepted() {
    let ctx = ctx();
    let e = error_at(&ctx, "builtin.module(func.func(my-pass{threshold=lots}))", "lots");
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(
        e.message.contains("option 'threshold' of pass 'my-pass'") && e.message.contains("'lots' is not an integer"),
        "{e}"
    );
    let e = error_at(&ctx, "builtin.module(my-pass{mode=medium})", "medium");
    assert!(e.message.contains("'mode'") && e.message.contains("fast, slow"), "{e}");
    let e = error_at(&ctx, "builtin.module(my-pass{verbose=maybe})", "maybe");
    assert!(e.message.contains("'verbose'") && e.message.contains("true, false"), "{e}");
    let e = error_at(&ctx, "builtin.module(canonicalize{max-iterations=ten})", "ten");
    assert!(e.message.contains("max-iterations"), "{e}");
    let e = error_at(&ctx, "builtin.module(my-pass{threshold=1 threshold=2})", "threshold=2");
    assert!(e.message.contains("given twice"), "{e}");
    // Positions count characters, not bytes.
    let e = error_at(&ctx, "builtin.module(my-pass{label=été threshold=x})", "x}");
    assert_eq!(e.position, 43);
}

#[test]
fn syntax_errors_carry_positions() {
    let ctx = ctx();
    let cases: [(&str, &str, &str); 8] = [
        ("builtin.module(func.func(cse)", "(cse", "never closed"),
        ("builtin.module(cse))", "))", "extra closing ')'"),
        ("builtin.module(my-pass{threshold=3)", "{", "missing closing '}'"),
        ("builtin.module(cse dce)", "dce", "expected ','"),
        ("builtin.module(cse,)", ")", "expected a pass or operation name"),
        ("builtin.module(my-pass{threshold=1}(cse))", "(cse", "cannot hold a nested pipeline"),
        ("cse", "cse", "wrapped with the anchor operation type"),
        ("builtin.module(cse), builtin.module(dce)", "builtin.module(dce)", "wrapped with the anchor"),
    ];
    for (text, marker, message) in cases {
        let e = if marker == "))" {
            let e = PassManager::parse(&ctx, text).unwrap_err();
            assert_eq!(e.position, text.len() - 1, "{e}");
            e
        } else if marker == "(cse" && message == "never closed" {
            let e = PassManager::parse(&ctx, text).unwrap_err();
            assert_eq!(e.position, "builtin.module".len(), "{e}");
            e
        } else if marker == ")" {
            let e = PassManager::parse(&ctx, text).unwrap_err();
            assert_eq!(e.position, text.len() - 1, "{e}");
            e
        } else {
            error_at(&ctx, text, marker)
        };
        assert_eq!(e.kind, ErrorKind::ParseFailed, "{text}: {e}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
    let e = PassManager::parse(&ctx, "").unwrap_err();
    assert!(e.message.contains("anchor"), "{e}");
    let deep = format!("builtin.module({}cse{})", "a.b(".repeat(300), ")".repeat(300));
    let e = PassManager::parse(&ctx, &deep).unwrap_err();
    assert!(e.message.contains("nest more than"), "{e}");
}

#[test]
fn registries_are_per_context() {
    let a = pass_util::context();
    let b = pass_util::context();
    register_my_pass(&a);
    assert!(PassManager::parse(&a, "builtin.module(my-pass)").is_ok());
    let e = PassManager::parse(&b, "builtin.module(my-pass)").unwrap_err();
    assert!(e.message.contains("'my-pass' does not refer"), "{e}");
    // The same name with other options in another context.
    let other = PassInfo::new("my-pass", "Other", "", |_| Ok(Box::new(FnPass::new(|_, _| Ok(()))))).option(decl(
        "level",
        OptionType::Int,
        OptionValue::Int(0),
    ));
    b.register_pass(other).unwrap();
    assert!(PassManager::parse(&b, "builtin.module(my-pass{level=2})").is_ok());
    assert!(PassManager::parse(&a, "builtin.module(my-pass{level=2})").is_err());
    // Registering twice, or over a built-in, is an error; so are malformed declarations.
    let dup = |name: &str| PassInfo::new(name, "X", "", |_| Ok(Box::new(FnPass::new(|_, _| Ok(())))));
    assert_eq!(a.register_pass(dup("my-pass")).unwrap_err().kind, ErrorKind::AlreadyExists);
    assert_eq!(a.register_pass(dup("cse")).unwrap_err().kind, ErrorKind::AlreadyExists);
    assert!(a.register_pass(dup("bad name")).is_err());
    assert!(a.register_pass(dup("bad(name")).is_err());
    let bad_default = dup("p2").option(decl("x", OptionType::Int, OptionValue::Bool(true)));
    assert!(a.register_pass(bad_default).unwrap_err().message.contains("default"));
    let twice = dup("p3").option(decl("x", OptionType::Int, OptionValue::Int(0))).option(decl(
        "x",
        OptionType::Int,
        OptionValue::Int(0),
    ));
    assert!(a.register_pass(twice).is_err());
    assert!(a.registered_passes().contains(&"my-pass".to_string()));
    assert!(!pass_util::context().registered_passes().contains(&"my-pass".to_string()));
}

#[test]
fn a_factory_error_is_reported_at_the_pass() {
    let ctx = pass_util::context();
    let info = PassInfo::new("picky", "Picky", "", |o| {
        if o.int("n")? < 0 {
            return Err(omnir_core::Error::invalid("n must not be negative"));
        }
        Ok(Box::new(FnPass::new(|_, _| Ok(()))))
    })
    .option(decl("n", OptionType::Int, OptionValue::Int(0)));
    ctx.register_pass(info).unwrap();
    let e = error_at(&ctx, "builtin.module(cse, picky{n=-1})", "picky");
    assert!(e.message.contains("n must not be negative"), "{e}");
}
