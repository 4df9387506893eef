//! A dialect type with its own syntax, defined with Rust closures through the safe client:
//! `!rq.uniform<i8:f32, 0.5:128>` parses wherever types are written once registered, prints
//! back byte for byte, and reports errors where they are.

use omnir::{AsmError, Attribute, Context, InterfaceImpl, Module, PrintFlags, Status, TypeDefinition, TypeId};

const Q: &str = "!rq.uniform<i8:f32, 5.000000e-01:128>";

/// A small cursor over the parser's text.
struct Cursor<'a> {
    ctx: &'a Context,
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn blanks(&mut self) {
        while self.text[self.pos..].starts_with([' ', '\t', '\n']) {
            self.pos += 1;
        }
    }
    fn expect(&mut self, c: char) -> Result<(), AsmError> {
        self.blanks();
        if self.text[self.pos..].starts_with(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(AsmError::at(self.pos, format!("expected '{c}'")))
        }
    }
    fn ty(&mut self) -> Result<omnir::Type, AsmError> {
        let (t, n) = self.ctx.parse_type_prefix(&self.text[self.pos..]).map_err(|e| e.shifted(self.pos))?;
        self.pos += n;
        Ok(t)
    }
    fn number(&mut self) -> &str {
        self.blanks();
        let start = self.pos;
        let b = self.text.as_bytes();
        while self.pos < b.len() && (b[self.pos].is_ascii_digit() || b"-+.eE".contains(&b[self.pos])) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }
}

fn parse_uniform(ctx: &Context, text: &str) -> Result<Vec<Attribute>, AsmError> {
    let mut c = Cursor { ctx, text, pos: 0 };
    c.expect('<')?;
    let storage = c.ty()?;
    c.expect(':')?;
    let expressed = c.ty()?;
    c.expect(',')?;
    let at = c.pos;
    let scale: f64 = c.number().parse().map_err(|_| AsmError::at(at, "expected scale"))?;
    c.expect(':')?;
    let at = c.pos;
    let zp: i64 = c.number().parse().map_err(|_| AsmError::at(at, "expected zero point"))?;
    c.expect('>')?;
    c.blanks();
    if c.pos != text.len() {
        return Err(AsmError::at(c.pos, "unexpected text after the parameters"));
    }
    Ok(vec![
        ctx.type_attr(&storage)?,
        ctx.type_attr(&expressed)?,
        ctx.float_attr(&ctx.f64_type()?, scale)?,
        ctx.integer_attr(&ctx.integer_type(64)?, zp)?,
    ])
}

fn print_uniform(p: &[Attribute]) -> Result<String, String> {
    let e = |e: omnir::Error| e.to_string();
    let scale = p[2].to_string();
    Ok(format!(
        "<{}:{}, {}:{}>",
        p[0].type_value().map_err(e)?,
        p[1].type_value().map_err(e)?,
        scale.trim_end_matches(" : f64"),
        p[3].int_value().map_err(e)?
    ))
}

fn dialect(ctx: &Context) {
    ctx.register_dialect("rq", true).unwrap();
    let def = TypeDefinition::new("rq", "uniform", &["storage", "expressed", "scale", "zero_point"])
        .verifier(|p| {
            if p[2].float_value().map_err(|e| e.to_string())? > 0.0 {
                Ok(())
            } else {
                Err("scale must be positive".into())
            }
        })
        .interface(InterfaceImpl::marker(TypeId::get("builtin.MemRefElementTypeInterface").unwrap()))
        .parser(parse_uniform)
        .printer(print_uniform);
    ctx.register_type(&def).unwrap();
    ctx.set_allow_unregistered_dialects(true).unwrap();
}

#[test]
fn custom_syntax_round_trips() {
    let ctx = Context::new();
    dialect(&ctx);
    let text = format!(
        "\"builtin.module\"() ({{\n  \"test.op\"() ({{\n  ^bb0(%arg0: memref<4x{Q}>):\n    %0 = \"test.cast\"(%arg0) {{q = {Q}}} : (memref<4x{Q}>) -> tensor<2x{Q}>\n  }}) : () -> ()\n}}) : () -> ()\n"
    );
    let m = Module::parse(&ctx, &text, "t.mlir").unwrap();
    assert_eq!(m.print(&PrintFlags::default().with_generic()).unwrap(), text);
    let t = ctx.parse_type("!rq<uniform< i8 : f32 , 0.5 : 128 >>").unwrap();
    assert_eq!(t.to_string(), Q);
    assert_eq!(ctx.memref_type(&[4], &t, None, None).unwrap().to_string(), format!("memref<4x{Q}>"));
}

#[test]
fn errors_point_where_the_parser_says() {
    let ctx = Context::new();
    dialect(&ctx);
    let e = Module::parse(&ctx, "\"test.op\"() {a = !rq.uniform<i8:f32, 0.5;128>} : () -> ()", "t.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.starts_with("t.mlir:1:41: error: expected ':'"), "{}", e.message);
    // A nested error, forwarded with its offset.
    let e = Module::parse(&ctx, "\"test.op\"() {a = !rq.uniform<i8:complex<i32, 0.5:1>>} : () -> ()", "t.mlir")
        .unwrap_err();
    assert!(e.message.starts_with("t.mlir:1:44: error: expected '>' in complex type"), "{}", e.message);
    // The verifier closure.
    let e = Module::parse(&ctx, "\"test.op\"() {a = !rq.uniform<i8:f32, 0.0:1>} : () -> ()", "t.mlir").unwrap_err();
    assert!(e.message.contains("t.mlir:1:22: error: invalid 'rq.uniform': scale must be positive"), "{}", e.message);
}

#[test]
fn panics_and_half_definitions() {
    let ctx = Context::new();
    ctx.register_dialect("rq", true).unwrap();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let boom =
        TypeDefinition::new("rq", "boom", &["x"]).parser(|_, _| panic!("parser bug")).printer(|_| Ok(String::new()));
    ctx.register_type(&boom).unwrap();
    let e = ctx.parse_type("!rq.boom<1>").unwrap_err();
    assert!(e.message.contains("the Rust callback panicked: parser bug"), "{}", e.message);
    // A parser that returns the wrong number of parameters.
    let few = TypeDefinition::new("rq", "few", &["x", "y"]).parser(|_, _| Ok(vec![])).printer(|_| Ok(String::new()));
    ctx.register_type(&few).unwrap();
    let e = ctx.parse_type("!rq.few").unwrap_err();
    assert!(e.message.contains("returned 0 parameters, expected 2"), "{}", e.message);
    // A parser without a printer is refused before anything is registered.
    let half = TypeDefinition::new("rq", "half", &[]).parser(|_, _| Ok(vec![]));
    assert_eq!(ctx.register_type(&half).unwrap_err().status, Status::InvalidArgument);
    assert!(ctx.lookup_type_def("rq.half").is_err());
    // Prefix parsing.
    let (t, n) = ctx.parse_type_prefix("i8:f32").unwrap();
    assert_eq!((t.to_string(), n), ("i8".to_string(), 2));
    let e = ctx.parse_type_prefix("tensor<4x").unwrap_err();
    assert_eq!(e, AsmError::at(8, "expected non-function type"));
    let (a, n) = ctx.parse_attribute_prefix("[1, 2] x").unwrap();
    assert_eq!((a.to_string(), n), ("[1, 2]".to_string(), 6));
}
