//! Custom assembly of dialect types and attributes (MLIR's `Dialect::parseType` /
//! `printType`): a toy quantization dialect registered from Rust with
//! `!toyq.uniform<i8:f32, 0.5:128>`, parsed and printed wherever types and attributes go
//! (nested, in attributes, block arguments, aliases), byte-exact round trips, errors at the
//! right place, the default form of kinds without custom assembly, the dialect-level fallback
//! parser, and the unregistered-dialect behaviour left as it was.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use omnir_core::asm::{
    format_float, parse_attribute, parse_source, parse_type, parse_type_prefix, print_attribute, print_op, print_type,
    DialectAsmParser, ParseOptions, PrintFlags,
};
use omnir_core::dialect::{interfaces, AsmError, CustomAssembly, DialectAssembly, ParamSpec, TypeDefId};
use omnir_core::{AttrKind, Attribute, Context, DialectDef, ErrorKind, InterfaceImpl, Type, TypeKind};

// ---------------------------------------------------------------------------------------
// the toy dialect

fn params(names: &[&str]) -> Vec<ParamSpec> {
    names.iter().map(|n| ParamSpec::named(*n)).collect()
}

fn type_param(ctx: &Context, a: Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

fn f64_param(ctx: &Context, a: Attribute) -> Option<f64> {
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits as u64)),
        _ => None,
    }
}

fn i64_param(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.to_i64(64),
        _ => None,
    }
}

struct Toy {
    uniform: TypeDefId,
}

/// `toyq`: `!toyq.uniform<storage:expressed, scale:zero_point>` (custom, with a verifier and
/// MemRefElementTypeInterface), `#toyq.range<lo .. hi>` (custom), `!toyq.pair<a, b>` and
/// `!toyq.unit` (default form), `!toyq.text "..."` (custom, opaque form), and a dialect-level
/// parser for the shorthand `!toyq.q8`.
fn toy(ctx: &mut Context) -> Toy {
    ctx.register_dialect(DialectDef { name: "toyq".into(), allow_unknown_operations: true, enums: Vec::new() });
    let verify: omnir_core::dialect::ParamsVerifier = Arc::new(|ctx: &Context, p: &[Attribute]| {
        let storage = type_param(ctx, p[0]).ok_or("storage type must be a type")?;
        let width = match ctx.type_kind(storage) {
            TypeKind::Integer { width, .. } => *width,
            _ => return Err("storage type must be an integer".into()),
        };
        let expressed = type_param(ctx, p[1]).ok_or("expressed type must be a type")?;
        if !matches!(ctx.type_kind(expressed), TypeKind::Float(_)) {
            return Err("expressed type must be a float".into());
        }
        let scale = f64_param(ctx, p[2]).ok_or("scale must be a float")?;
        if scale.is_nan() || scale <= 0.0 {
            return Err(format!("scale must be positive, got {scale}"));
        }
        let zp = i64_param(ctx, p[3]).ok_or("zero point must be an integer")?;
        if width < 63 && !(-(1i64 << (width - 1))..(1i64 << width)).contains(&zp) {
            return Err(format!("zero point {zp} does not fit the storage type"));
        }
        Ok(())
    });
    let uniform = ctx
        .register_type(
            "toyq",
            "uniform",
            params(&["storage", "expressed", "scale", "zero_point"]),
            Some(verify),
            vec![InterfaceImpl::marker(interfaces::memref_element_type())],
        )
        .unwrap();
    ctx.set_type_assembly(uniform, CustomAssembly::new(parse_uniform, print_uniform)).unwrap();

    let range = ctx.register_attribute("toyq", "range", params(&["lo", "hi"]), None, vec![]).unwrap();
    ctx.set_attr_assembly(
        range,
        CustomAssembly::new(
            |ctx, text| {
                let mut p = DialectAsmParser::new(ctx, text);
                p.expect("<")?;
                let lo = p.integer()?;
                p.expect("..")?;
                let hi = p.integer()?;
                p.expect(">")?;
                p.finish()?;
                let i64t = ctx.signless_int(64);
                Ok(vec![ctx.integer_attr(i64t, lo)?, ctx.integer_attr(i64t, hi)?])
            },
            |ctx, p| Ok(format!("<{} .. {}>", i64_param(ctx, p[0]).ok_or("lo")?, i64_param(ctx, p[1]).ok_or("hi")?)),
        ),
    )
    .unwrap();

    ctx.register_type("toyq", "pair", params(&["a", "b"]), None, vec![]).unwrap();
    ctx.register_type("toyq", "unit", vec![], None, vec![]).unwrap();

    let text = ctx.register_type("toyq", "text", params(&["value"]), None, vec![]).unwrap();
    ctx.set_type_assembly(
        text,
        CustomAssembly::new(
            |ctx, text| {
                let mut p = DialectAsmParser::new(ctx, text);
                let s = p.string()?;
                p.finish()?;
                Ok(vec![ctx.string_attr(&String::from_utf8_lossy(&s))])
            },
            |ctx, p| match ctx.attr_kind(p[0]) {
                AttrKind::String { value, .. } => Ok(format!(" \"{}\"", String::from_utf8_lossy(value))),
                _ => Err("not a string".into()),
            },
        ),
    )
    .unwrap();

    // `!toyq.q8` is shorthand for `!toyq.uniform<i8:f32, 1.0:0>`.
    let shorthand = uniform;
    ctx.set_dialect_assembly(
        "toyq",
        DialectAssembly {
            parse_type: Some(Arc::new(move |ctx: &Context, text: &str| {
                if text != "q8" {
                    return Err(AsmError::at(0, format!("unknown toyq type '{text}'")));
                }
                let i8t = ctx.signless_int(8);
                let f32t = ctx.float_type(omnir_core::FloatKind::F32);
                let ps = [
                    ctx.type_attr(i8t),
                    ctx.type_attr(f32t),
                    ctx.float_attr(ctx.float_type(omnir_core::FloatKind::F64), 1.0)?,
                    ctx.integer_attr(ctx.signless_int(64), 0)?,
                ];
                Ok(ctx.dialect_type(shorthand, &ps)?)
            })),
            parse_attr: None,
        },
    )
    .unwrap();
    Toy { uniform }
}

/// MLIR's `UniformQuantizedType::parse`, reduced: `<storage:expressed, scale:zero_point>`.
fn parse_uniform(ctx: &Context, text: &str) -> Result<Vec<Attribute>, AsmError> {
    let mut p = DialectAsmParser::new(ctx, text);
    p.expect("<")?;
    let storage = p.parse_type()?;
    p.expect(":")?;
    let expressed = p.parse_type()?;
    p.expect(",")?;
    let scale = p.float()?;
    p.expect(":")?;
    let zero_point = p.integer()?;
    p.expect(">")?;
    p.finish()?;
    let f64t = ctx.float_type(omnir_core::FloatKind::F64);
    Ok(vec![
        ctx.type_attr(storage),
        ctx.type_attr(expressed),
        ctx.float_attr(f64t, scale)?,
        ctx.integer_attr(ctx.signless_int(64), zero_point)?,
    ])
}

fn print_uniform(ctx: &Context, p: &[Attribute]) -> Result<String, String> {
    let storage = type_param(ctx, p[0]).ok_or("storage")?;
    let expressed = type_param(ctx, p[1]).ok_or("expressed")?;
    Ok(format!(
        "<{}:{}, {}:{}>",
        print_type(ctx, storage),
        print_type(ctx, expressed),
        format_float(f64_param(ctx, p[2]).ok_or("scale")?),
        i64_param(ctx, p[3]).ok_or("zero point")?
    ))
}

fn allow() -> ParseOptions {
    ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() }
}

fn flags() -> PrintFlags {
    PrintFlags { generic: true, assume_verified: true, ..PrintFlags::default() }
}

fn round_trip(ctx: &mut Context, text: &str) -> String {
    let m = parse_source(ctx, text, "t.mlir", &allow()).unwrap_or_else(|e| panic!("{e}"));
    print_op(ctx, m, &flags()).unwrap()
}

fn parse_err(ctx: &mut Context, text: &str) -> String {
    match parse_source(ctx, text, "t.mlir", &allow()) {
        Ok(_) => panic!("expected a parse error for {text}"),
        Err(e) => e.to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// tests

const Q: &str = "!toyq.uniform<i8:f32, 5.000000e-01:128>";

#[test]
fn module_round_trips_byte_for_byte() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    let text = format!(
        r#""builtin.module"() ({{
  "test.func"() <{{function_type = (memref<4x{Q}>) -> tensor<2x{Q}>, sym_name = "f"}}> ({{
  ^bb0(%arg0: memref<4x{Q}>, %arg1: {Q}):
    %0 = "test.cast"(%arg0) {{q = {Q}, r = #toyq.range<-128 .. 127>, s = [{Q}, #toyq.range<0 .. 1>]}} : (memref<4x{Q}>) -> tensor<2x{Q}>
    %1 = "test.pair"() {{p = !toyq.pair<1, "x">, t = !toyq.pair<i32, 2 : i32>, u = !toyq.unit}} : () -> !toyq<text "hello world">
    "test.return"(%0) : (tensor<2x{Q}>) -> ()
  }}) : () -> ()
}}) : () -> ()
"#
    );
    let printed = round_trip(&mut ctx, &text);
    assert_eq!(printed, text);
    // Idempotent, also in a fresh context.
    let mut fresh = Context::new();
    toy(&mut fresh);
    assert_eq!(round_trip(&mut fresh, &printed), printed);
}

#[test]
fn other_spellings_print_canonically() {
    let mut ctx = Context::new();
    let toy = toy(&mut ctx);
    // Blanks, the opaque form, other float spellings, the dialect's shorthand and an alias.
    let src = r#"!q = !toyq.uniform<i8 : f32 ,0.5:128>
!q2 = !toyq<uniform<i8:f32, 5.0e-1:128>>
"test.op"() {a = !q, b = !q2, c = tensor<4x!q>, d = !toyq.q8, e = !toyq.uniform<
    i8:f32,
    0.5:128>} : () -> ()
"#;
    let printed = round_trip(&mut ctx, src);
    assert!(
        printed.contains(&format!(
            "{{a = {Q}, b = {Q}, c = tensor<4x{Q}>, d = !toyq.uniform<i8:f32, 1.000000e+00:0>, e = {Q}}}"
        )),
        "{printed}"
    );

    // One type, the same whatever the spelling.
    let a = parse_type(&ctx, Q).unwrap();
    let b = parse_type(&ctx, "!toyq<uniform<i8:f32,0.5:128>>").unwrap();
    assert_eq!(a, b);
    assert!(matches!(ctx.type_kind(a), TypeKind::Dialect { def, .. } if *def == toy.uniform));
    assert_eq!(print_type(&ctx, a), Q);
    // Nested in builtin types and attributes, printed standalone.
    let m = parse_type(&ctx, &format!("memref<4x{Q}>")).unwrap();
    assert_eq!(print_type(&ctx, m), format!("memref<4x{Q}>"));
    let arr = parse_attribute(&ctx, &format!("[{Q}, #toyq.range<1 .. 2>]")).unwrap();
    assert_eq!(print_attribute(&ctx, arr), format!("[{Q}, #toyq.range<1 .. 2>]"));
    // A prefix parse stops after the type.
    let (t, n) = parse_type_prefix(&ctx, &format!("{Q}, rest")).unwrap();
    assert_eq!((t, n), (a, Q.len()));
}

#[test]
fn interface_answers_come_from_the_registry() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    let q = parse_type(&ctx, Q).unwrap();
    assert!(ctx.type_implements(q, interfaces::memref_element_type()));
    // !toyq.pair has no MemRefElementTypeInterface: refused as a memref element.
    let e = parse_type(&ctx, "memref<2x!toyq.pair<1, 2>>").unwrap_err().to_string();
    assert!(e.contains("invalid memref element type"), "{e}");
}

#[test]
fn hook_errors_point_into_the_body() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    // "expected ':'" at the `;`.
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.uniform<i8:f32, 0.5;128>} : () -> ()\n");
    assert_eq!(
        e,
        "t.mlir:1:43: error: expected ':'\n\"test.op\"() {a = !toyq.uniform<i8:f32, 0.5;128>} : () -> ()\n                                          ^"
    );
    // An error in a nested type, on a later line of the body.
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.uniform<\n  i8:complex<i32, 0.5:1>>} : () -> ()\n");
    assert!(e.starts_with("t.mlir:2:17: error: expected '>' in complex type\n"), "{e}");
    // Leftovers.
    // Text the custom parser leaves over (the opaque form can carry text after `<...>`).
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq<uniform<i8:f32, 0.5:1> x>} : () -> ()\n");
    assert!(e.starts_with("t.mlir:1:47: error: expected end of parameters, found 'x'\n"), "{e}");
    // The dialect-level parser's error.
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.q9} : () -> ()\n");
    assert!(e.starts_with("t.mlir:1:24: error: unknown toyq type 'q9'"), "{e}");
}

#[test]
fn params_verifier_failures_are_parse_errors() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.uniform<i8:f32, -0.5:128>} : () -> ()\n");
    assert!(e.starts_with("t.mlir:1:24: error: invalid 'toyq.uniform': scale must be positive, got -0.5\n"), "{e}");
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.uniform<f32:f32, 0.5:128>} : () -> ()\n");
    assert!(e.contains("error: invalid 'toyq.uniform': storage type must be an integer"), "{e}");
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.uniform<i8:f32, 0.5:999>} : () -> ()\n");
    assert!(e.contains("zero point 999 does not fit the storage type"), "{e}");
    // The standalone parser reports the same way.
    let e = parse_type(&ctx, "!toyq.uniform<i8:f32, 0.0:0>").unwrap_err().to_string();
    assert!(e.starts_with("!toyq.uniform<i8:f32, 0.0:0>:1:7: error: invalid 'toyq.uniform'"), "{e}");
}

#[test]
fn default_form_of_kinds_without_custom_assembly() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    let t = parse_type(&ctx, "!toyq.pair<1, [2, \"x\"]>").unwrap();
    assert_eq!(print_type(&ctx, t), "!toyq.pair<1, [2, \"x\"]>");
    let t = parse_type(&ctx, "!toyq.pair<1.5, affine_map<(d0) -> (d0)>>").unwrap();
    assert_eq!(print_type(&ctx, t), "!toyq.pair<1.500000e+00, affine_map<(d0) -> (d0)>>");
    // Nested default forms.
    let t = parse_type(&ctx, "!toyq.pair<!toyq.pair<!toyq.unit, 1>, !toyq<pair<2, 3>>>").unwrap();
    assert_eq!(print_type(&ctx, t), "!toyq.pair<!toyq.pair<!toyq.unit, 1>, !toyq.pair<2, 3>>");
    // Errors: arity, separators, parameters on a parameterless kind.
    let e = parse_type(&ctx, "!toyq.pair<1>").unwrap_err().to_string();
    assert!(e.contains("error: expected 2 type arguments, but had 1"), "{e}");
    let e = parse_type(&ctx, "!toyq.pair<1 2>").unwrap_err().to_string();
    assert!(e.starts_with("!toyq.pair<1 2>:1:13: error: expected ',' or '>' in the parameters"), "{e}");
    let e = parse_type(&ctx, "!toyq.unit<1>").unwrap_err().to_string();
    assert!(e.starts_with("!toyq.unit<1>:1:7: error: expected 0 type arguments, but had 1"), "{e}");
    let e = parse_type(&ctx, "!toyq.pair").unwrap_err().to_string();
    assert!(e.contains("expected 2 type arguments, but had 0"), "{e}");
    // A default-form parameter may use the file's aliases; the printer then uses `#map`.
    let mut ctx2 = Context::new();
    toy(&mut ctx2);
    let src = "#m = affine_map<(d0) -> (d0 + 1)>\n\"test.op\"() {a = !toyq.pair<#m, 1>} : () -> ()\n";
    let printed = round_trip(&mut ctx2, src);
    assert!(printed.starts_with("#map = affine_map<(d0) -> (d0 + 1)>\n"), "{printed}");
    assert!(printed.contains("{a = !toyq.pair<#map, 1>}"), "{printed}");
}

#[test]
fn attributes_with_a_trailing_type() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    let e = parse_err(&mut ctx, "\"test.op\"() {a = #toyq.range<1 .. 2> : i32} : () -> ()\n");
    assert!(e.contains("error: attribute '#toyq.range' does not take a type"), "{e}");
}

#[test]
fn unregistered_dialects_are_unchanged() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    // Unregistered dialects keep their symbols opaque.
    let src = "\"test.op\"() {a = !quant.uniform<i8:f32, 0.5:128>, b = #quant.x<1 .. 2> : i32} : () -> ()\n";
    let printed = round_trip(&mut ctx, src);
    assert!(printed.contains("{a = !quant.uniform<i8:f32, 0.5:128>, b = #quant.x<1 .. 2> : i32}"), "{printed}");
    // A registered dialect owns its namespace: without the kind and without a fallback
    // parser, its symbols are errors, as with MLIR's default Dialect::parseType/parseAttribute.
    ctx.register_dialect(DialectDef { name: "plain".into(), allow_unknown_operations: true, enums: Vec::new() });
    let e = parse_err(&mut ctx, "\"test.op\"() {c = !plain.nokind<1>} : () -> ()\n");
    assert!(e.contains("t.mlir:1:25: error: dialect 'plain' provides no type parsing hook"), "{e}");
    let e = parse_err(&mut ctx, "\"test.op\"() {d = #plain<\"x y\">} : () -> ()\n");
    assert!(e.contains("error: dialect 'plain' provides no attribute parsing hook"), "{e}");
    // toyq has a fallback parser: it is asked about kinds toyq does not register.
    let e = parse_err(&mut ctx, "\"test.op\"() {c = !toyq.nokind<1>} : () -> ()\n");
    assert!(e.contains("error: unknown toyq type 'nokind<1>'"), "{e}");
    let a = parse_type(&ctx, "!other<uniform<i8:f32, 0.5:128>>");
    // Not allowed without allow-unregistered in the context.
    assert!(a.is_err());
    ctx.set_allow_unregistered_dialects(true);
    let a = parse_type(&ctx, "!other.uniform<i8:f32, 0.5:128>").unwrap();
    assert!(matches!(ctx.type_kind(a), TypeKind::Opaque { .. }));
}

#[test]
fn panicking_and_failing_hooks_are_errors_not_crashes() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    let boom = ctx.register_type("toyq", "boom", params(&["x"]), None, vec![]).unwrap();
    ctx.set_type_assembly(
        boom,
        CustomAssembly::new(|_, _| panic!("parser bug"), |_, _| Err("cannot print this".to_string())),
    )
    .unwrap();
    let e = parse_err(&mut ctx, "\"test.op\"() {a = !toyq.boom<1>} : () -> ()\n");
    assert!(e.contains("error: internal error: the custom parser of '!toyq.boom' panicked: parser bug"), "{e}");
    // A failing printer is reported and the default form printed instead.
    let seen = Arc::new(AtomicUsize::new(0));
    let s = seen.clone();
    ctx.attach_diagnostic_handler(Box::new(move |_, d| {
        assert!(d.message.contains("failed to print '!toyq.boom': cannot print this"), "{}", d.message);
        s.fetch_add(1, Ordering::SeqCst);
        true
    }));
    let one = ctx.integer_attr(ctx.signless_int(64), 1).unwrap();
    let t = ctx.dialect_type(boom, &[one]).unwrap();
    assert_eq!(print_type(&ctx, t), "!toyq.boom<1>");
    assert_eq!(seen.load(Ordering::SeqCst), 1);
    // Assembly is set once.
    let again = ctx.set_type_assembly(boom, CustomAssembly::new(|_, _| Ok(vec![]), |_, _| Ok(String::new())));
    assert_eq!(again.unwrap_err().kind, ErrorKind::AlreadyExists);
    assert_eq!(
        ctx.set_dialect_assembly("toyq", DialectAssembly::default()).unwrap_err().kind,
        ErrorKind::AlreadyExists
    );
    assert_eq!(
        ctx.set_dialect_assembly("nope", DialectAssembly::default()).unwrap_err().kind,
        ErrorKind::NotRegistered
    );
}

#[test]
fn custom_nesting_is_bounded() {
    let mut ctx = Context::new();
    toy(&mut ctx);
    // `!toyq.box<T>`: a custom kind whose parser parses a type, which may be a box.
    let boxed = ctx.register_type("toyq", "box", params(&["t"]), None, vec![]).unwrap();
    ctx.set_type_assembly(
        boxed,
        CustomAssembly::new(
            |ctx, text| {
                let mut p = DialectAsmParser::new(ctx, text);
                p.expect("<")?;
                let t = p.parse_type()?;
                p.expect(">")?;
                p.finish()?;
                Ok(vec![ctx.type_attr(t)])
            },
            |ctx, p| match ctx.attr_kind(p[0]) {
                AttrKind::Type(t) => Ok(format!("<{}>", print_type(ctx, *t))),
                _ => Err("not a type".into()),
            },
        ),
    )
    .unwrap();
    let nest = |n: usize| format!("{}i32{}", "!toyq.box<".repeat(n), ">".repeat(n));
    let t = parse_type(&ctx, &nest(20)).unwrap();
    assert_eq!(print_type(&ctx, t), nest(20));
    // As deep as allowed, on a test thread's stack.
    let t = parse_type(&ctx, &nest(omnir_core::asm::custom::MAX_HOOK_DEPTH as usize)).unwrap();
    assert_eq!(print_type(&ctx, t), nest(omnir_core::asm::custom::MAX_HOOK_DEPTH as usize));
    let e = parse_type(&ctx, &nest(500)).unwrap_err().to_string();
    assert!(e.contains("custom assembly nests too deeply"), "{e}");
}
