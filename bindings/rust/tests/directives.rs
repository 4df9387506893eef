//! Hooks that definition files name, written as Rust closures through the safe client: a
//! verifier hook (`omnir.verifier`) and custom directives (`custom<Name>(...)`) with
//! `DirectiveParser` / `DirectivePrinter`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use omnir::{Context, DirectiveArgKind, DirectiveParser, DirectivePrinter, Module, PrintFlags, Status};

const DEFS: &str = r#"irdl.dialect @hk {
  irdl.operation @pack attributes {omnir.assembly_format = "custom<TypedList>($values, type($values)) attr-dict", omnir.verifier = "hk.nonempty"} {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
  }
  irdl.operation @mode attributes {omnir.assembly_format = "custom<Mode>($mode) attr-dict", omnir.optional_attributes = ["mode"]} {
    %0 = irdl.any
    irdl.attributes {"mode" = %0}
  }
}
"#;

/// `[%a : i32, %b : f32]`.
fn parse_typed_list(p: &mut DirectiveParser) -> omnir::Result<()> {
    assert_eq!(p.arg_kind(0)?, DirectiveArgKind::Operands);
    assert_eq!(p.arg_kind(1)?, DirectiveArgKind::Types);
    p.parse_punctuation("[")?;
    if p.parse_optional_punctuation("]")? {
        return Ok(());
    }
    loop {
        p.parse_operand(0)?;
        p.parse_punctuation(":")?;
        let t = p.parse_type()?;
        p.add_type(1, &t)?;
        if !p.parse_optional_punctuation(",")? {
            break;
        }
    }
    p.parse_punctuation("]")
}

fn print_typed_list(p: &mut DirectivePrinter) {
    let n = p.num_values(0).unwrap();
    p.write("[").unwrap();
    for i in 0..n {
        if i > 0 {
            p.write(", ").unwrap();
        }
        p.print_operand(0, i).unwrap();
        p.write(" : ").unwrap();
        let t = p.type_at(1, i).unwrap();
        p.print_type(&t).unwrap();
    }
    p.write("]").unwrap();
}

/// `fast` / `slow` as a string attribute; nothing when absent.
fn parse_mode(p: &mut DirectiveParser) -> omnir::Result<()> {
    match p.parse_optional_keyword()?.as_deref() {
        None => p.set_attribute(0, None),
        Some(k @ ("fast" | "slow")) => {
            let a = p.context().string_attr(k)?;
            p.set_attribute(0, Some(&a))
        }
        Some(other) => Err(p.error(format!("unknown mode '{other}'"))),
    }
}

fn print_mode(p: &mut DirectivePrinter) {
    if let Some(a) = p.attribute(0).unwrap() {
        let s = a.string_value().unwrap();
        p.write(&s).unwrap();
    }
}

fn setup() -> Context {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx.register_verifier_hook("hk.nonempty", |op| {
        if op.num_operands().map_err(|e| e.message)? == 0 {
            Err("needs at least one value".into())
        } else {
            Ok(())
        }
    })
    .unwrap();
    ctx.load_definitions(DEFS, "hk.irdl.mlir").unwrap();
    ctx.register_custom_directive("hk", "TypedList", parse_typed_list, print_typed_list).unwrap();
    ctx.register_custom_directive("hk", "Mode", parse_mode, print_mode).unwrap();
    ctx
}

const TEXT: &str = "%0 = \"test.a\"() : () -> i32\n%1 = \"test.b\"() : () -> i32\nhk.pack [%0 : i32, %1 : i32]\nhk.mode fast\nhk.mode {note}\n";

#[test]
fn custom_directives_parse_and_print_back() {
    let ctx = setup();
    let m = Module::parse(&ctx, TEXT, "m.mlir").unwrap();
    let printed = m.print(&PrintFlags::default()).unwrap();
    let body = "  %0 = \"test.a\"() : () -> i32\n  %1 = \"test.b\"() : () -> i32\n  hk.pack [%0 : i32, %1 : i32]\n  hk.mode fast\n  hk.mode  {note}\n";
    // An empty directive still has the space before it, as MLIR's generated printers.
    assert_eq!(printed, format!("module {{\n{body}}}\n"));
    // The generic form shows what the directives filled in.
    let g = m.print(&PrintFlags::default().with_generic()).unwrap();
    assert!(g.contains("\"hk.pack\"(%0, %1) : (i32, i32) -> ()"), "{g}");
    assert!(g.contains("\"hk.mode\"() <{mode = \"fast\"}> : () -> ()"), "{g}");
    // And the custom print reads back to itself.
    let again = Module::parse(&ctx, &printed, "again.mlir").unwrap();
    assert_eq!(again.print(&PrintFlags::default()).unwrap(), printed);
}

#[test]
fn verifier_hook_runs_and_its_message_is_the_error() {
    let ctx = setup();
    let e = Module::parse(&ctx, "hk.pack []\n", "v.mlir").unwrap_err();
    // Parsing verifies (verifyAfterParse): the parse fails with the verifier's error.
    assert_eq!(e.status, Status::ParseFailed, "{e}");
    assert!(e.message.contains("v.mlir:1:1: error: 'hk.pack' op needs at least one value"), "{e}");
    // Verification after the fact runs the same hook.
    ctx.set_verify_after_parse(false).unwrap();
    let m = Module::parse(&ctx, "hk.pack []\n", "v.mlir").unwrap();
    let e = m.verify().unwrap_err();
    assert!(e.message.contains("'hk.pack' op needs at least one value"), "{e}");
}

#[test]
fn parse_errors_have_positions() {
    let ctx = setup();
    // One IRDL constraint value for the group: every operand has the same type.
    let e = Module::parse(
        &ctx,
        "%0 = \"test.a\"() : () -> i32\n%1 = \"test.b\"() : () -> f32\nhk.pack [%0 : i32, %1 : f32]\n",
        "e.mlir",
    )
    .unwrap_err();
    assert!(e.message.contains("e.mlir:3:1: error: 'hk.pack' op expected 'i32' but got 'f32'"), "{e}");
    // A failed parser call: its diagnostic at the offending token.
    let e = Module::parse(&ctx, "%0 = \"test.a\"() : () -> i32\nhk.pack [%0 i32]\n", "e.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("e.mlir:2:12: error: expected ':'"), "{e}");
    // An error of the closure's own.
    let e = Module::parse(&ctx, "hk.mode medium\n", "e.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    // At the parser's position when the closure failed (after `medium`, the end of input).
    assert!(e.message.contains("e.mlir:2:1: error: unknown mode 'medium'"), "{e}");
}

#[test]
fn panics_in_hooks_are_errors() {
    let ctx = Context::new();
    // The verifier panics while `boom` is set.
    let boom = Arc::new(AtomicBool::new(true));
    let b = boom.clone();
    ctx.register_verifier_hook("hk.nonempty", move |_| {
        if b.load(Ordering::SeqCst) {
            panic!("verifier boom")
        }
        Ok(())
    })
    .unwrap();
    ctx.load_definitions(DEFS, "hk.irdl.mlir").unwrap();
    ctx.register_custom_directive("hk", "TypedList", |_| panic!("parser boom"), |_| panic!("printer boom")).unwrap();
    ctx.register_custom_directive("hk", "Mode", parse_mode, print_mode).unwrap();
    let e = Module::parse(&ctx, "hk.pack []\n", "p.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("parser boom"), "{e}");
    // The verifier's panic fails verification; the printer's leaves the directive empty.
    ctx.set_verify_after_parse(false).unwrap();
    let m = Module::parse(&ctx, "\"hk.pack\"() : () -> ()\n", "p.mlir").unwrap();
    let e = m.verify().unwrap_err();
    assert!(e.message.contains("verifier boom"), "{e}");
    // An op that fails to verify prints in the generic form, as in MLIR: no printer runs.
    assert_eq!(
        m.print(&PrintFlags::default()).unwrap(),
        "\"builtin.module\"() ({\n  \"hk.pack\"() : () -> ()\n}) : () -> ()\n"
    );
    // Once it verifies, the custom printer runs, and its panic leaves the directive empty.
    boom.store(false, Ordering::SeqCst);
    m.verify().unwrap();
    assert_eq!(m.print(&PrintFlags::default()).unwrap(), "module {\n  hk.pack \n}\n");
}

#[test]
fn parser_and_printer_are_refused_after_their_callback() {
    let ctx = setup();
    let kept: Arc<Mutex<Option<DirectiveParser>>> = Arc::default();
    let kept_printer: Arc<Mutex<Option<DirectivePrinter>>> = Arc::default();
    let (k, kp) = (kept.clone(), kept_printer.clone());
    let calls = Arc::new(AtomicUsize::new(0));
    let c = calls.clone();
    ctx.register_custom_directive(
        "hk",
        "Mode",
        move |p| {
            c.fetch_add(1, Ordering::SeqCst);
            *k.lock().unwrap() = Some(p.clone());
            parse_mode(p)
        },
        move |p| {
            *kp.lock().unwrap() = Some(p.clone());
            print_mode(p)
        },
    )
    .unwrap();
    let m = Module::parse(&ctx, "hk.mode slow\n", "k.mlir").unwrap();
    assert!(m.to_string().contains("hk.mode slow"));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    let mut p = kept.lock().unwrap().take().unwrap();
    let e = p.parse_keyword("x").unwrap_err();
    assert_eq!(e.status, Status::InvalidArgument);
    assert!(e.message.contains("only valid during its callback"), "{e}");
    let mut w = kept_printer.lock().unwrap().take().unwrap();
    assert_eq!(w.write("x").unwrap_err().status, Status::InvalidArgument);
}

#[test]
fn registration_errors() {
    let ctx = Context::new();
    let e = ctx.register_custom_directive("nope", "X", |_| Ok(()), |_| {}).unwrap_err();
    assert_eq!(e.status, Status::NotRegistered, "{e}");
    // A definition naming a hook nobody registered registers nothing.
    let e = ctx.load_definitions(DEFS, "hk.irdl.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("verifier hook 'hk.nonempty' is not registered"), "{e}");
}

/// A successor with an optional weight, a table of integers over several lines, and a
/// region whose entry block arguments are named before their type.
const CS_DEFS: &str = r#"irdl.dialect @cs {
  irdl.operation @jump attributes {omnir.assembly_format = "custom<Target>($dest, $weight) attr-dict", omnir.successors = ["dest"], omnir.traits = ["Terminator"], omnir.optional_attributes = ["weight"]} {
    %w = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"weight" = %w}
  }
  irdl.operation @table attributes {omnir.assembly_format = "custom<Table>($entries, $label) attr-dict", omnir.optional_attributes = ["label"]} {
    %e = irdl.any {omnir.constraint = "ArrayAttr"}
    %l = irdl.any {omnir.constraint = "StrAttr"}
    irdl.attributes {"entries" = %e, "label" = %l}
  }
  irdl.operation @scope attributes {omnir.assembly_format = "custom<Args>($body) attr-dict-with-keyword $body", omnir.traits = ["NoTerminator"]} {
    %r = irdl.region
    irdl.regions(body: %r)
  }
}
"#;

const CS_TEXT: &str = r#"module {
  cs.scope (%arg0, %arg1) : i32 {
    cs.table "primes" [
      2,
      3
    ]
    cs.table [
    ]
    "test.region"() ({
      cs.jump ^bb1 weight 3
    ^bb1:  // 2 preds: ^bb0, ^bb1
      cs.jump ^bb1
    }) : () -> ()
  }
}
"#;

/// `^bb1` or `^bb1 weight 3`.
fn parse_target(p: &mut DirectiveParser) -> omnir::Result<()> {
    assert_eq!(p.arg_kind(0)?, DirectiveArgKind::Successors);
    if !p.at_successor()? {
        return Err(p.error("expected a block name"));
    }
    p.parse_successor(0)?;
    if !p.at_keyword("weight")? {
        return Ok(());
    }
    p.parse_keyword("weight")?;
    let Some(w) = p.parse_optional_integer()? else { return Err(p.error("expected a weight")) };
    let ctx = p.context().clone();
    let a = ctx.integer_attr(&ctx.integer_type(64)?, w)?;
    p.set_attribute(1, Some(&a))
}

fn print_target(p: &mut DirectivePrinter) {
    assert_eq!(p.arg(0).unwrap(), (DirectiveArgKind::Successors, 1));
    p.print_successor(0, 0).unwrap();
    if let Some(w) = p.attribute(1).unwrap() {
        p.write(" weight ").unwrap();
        p.print_attribute_without_type(&w).unwrap();
    }
}

/// An optional `"label"`, then `[` integers `]`.
fn parse_table(p: &mut DirectiveParser) -> omnir::Result<()> {
    let ctx = p.context().clone();
    if let Some(label) = p.parse_optional_string()? {
        p.set_attribute(1, Some(&ctx.string_attr(&label)?))?;
    }
    p.parse_punctuation("[")?;
    let i64_type = ctx.integer_type(64)?;
    let mut items = Vec::new();
    while let Some(v) = p.parse_optional_integer()? {
        items.push(ctx.integer_attr(&i64_type, v)?);
        if !p.parse_optional_punctuation(",")? {
            break;
        }
    }
    p.parse_punctuation("]")?;
    p.set_attribute(0, Some(&ctx.array_attr(&items)?))
}

/// One entry per line.
fn print_table(p: &mut DirectivePrinter) {
    if let Some(label) = p.attribute(1).unwrap() {
        p.print_attribute(&label).unwrap();
        p.write(" ").unwrap();
    }
    let items = p.attribute(0).unwrap().unwrap().array_elements().unwrap();
    p.write("[").unwrap();
    for (i, e) in items.iter().enumerate() {
        p.print_newline().unwrap();
        p.write("  ").unwrap();
        p.print_attribute_without_type(e).unwrap();
        if i + 1 < items.len() {
            p.write(",").unwrap();
        }
    }
    p.print_newline().unwrap();
    p.write("]").unwrap();
}

/// `(%a, %b) : i32`: the body's entry block arguments, all of one type.
fn parse_args(p: &mut DirectiveParser) -> omnir::Result<()> {
    assert_eq!(p.arg_kind(0)?, DirectiveArgKind::Region);
    let n = p.parse_argument_list(0, None)?;
    p.parse_punctuation(":")?;
    let t = p.parse_type()?;
    (0..n).try_for_each(|i| p.set_argument_type(0, i, &t))
}

fn print_args(p: &mut DirectivePrinter) {
    let (kind, n) = p.arg(0).unwrap();
    assert_eq!(kind, DirectiveArgKind::Region);
    p.write("(").unwrap();
    for i in 0..n {
        if i > 0 {
            p.write(", ").unwrap();
        }
        p.print_operand(0, i).unwrap();
        p.print_optional_location_specifier(0, i).unwrap();
    }
    p.write(") : ").unwrap();
    if n > 0 {
        let t = p.type_at(0, 0).unwrap();
        p.print_type(&t).unwrap();
    }
}

#[test]
fn successors_integers_strings_argument_lists_and_newlines() {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx.load_definitions(CS_DEFS, "cs.irdl.mlir").unwrap();
    ctx.register_custom_directive("cs", "Target", parse_target, print_target).unwrap();
    ctx.register_custom_directive("cs", "Table", parse_table, print_table).unwrap();
    ctx.register_custom_directive("cs", "Args", parse_args, print_args).unwrap();
    let m = Module::parse(&ctx, CS_TEXT, "cs.mlir").unwrap();
    assert_eq!(m.print(&PrintFlags::default()).unwrap(), CS_TEXT);
    let g = m.print(&PrintFlags::default().with_generic()).unwrap();
    assert!(g.contains("\"cs.jump\"()[^bb1] <{weight = 3 : i64}> : () -> ()"), "{g}");
    assert!(g.contains("<{entries = [2, 3], label = \"primes\"}>"), "{g}");
    assert!(g.contains("^bb0(%arg0: i32, %arg1: i32):"), "{g}");
    // Errors from these calls point into the text.
    let e = Module::parse(&ctx, "\"test.r\"() ({\n  cs.jump 3\n}) : () -> ()\n", "j.mlir").unwrap_err();
    assert!(e.message.contains("j.mlir:2:") && e.message.contains("expected a block name"), "{e}");
    let e = Module::parse(&ctx, "cs.table [99999999999999999999]\n", "t.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("t.mlir:1:"), "{e}");
}
