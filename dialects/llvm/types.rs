//! The LLVM dialect's types (upstream's LLVMTypes.td and its hand-written syntax): their
//! parameters are attributes, their text is written by the hooks below. Inside an LLVM
//! type, nested LLVM types are written without their `!llvm.` prefix (`ptr`, `struct<...>`),
//! as upstream prints them; both spellings are read.

use std::cell::RefCell;

use crate::asm::DialectAsmParser;
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::{AsmError, CustomAssembly};
use crate::types::{Signedness, Type, TypeKind};

/// The mnemonics of the LLVM types that have a short spelling inside other LLVM types.
pub(crate) const MNEMONICS: &[&str] =
    &["void", "ptr", "struct", "array", "func", "label", "metadata", "token", "x86_amx", "ppc_fp128", "target"];

/// Flags of a struct type's second parameter.
const PACKED: i64 = 1;
const OPAQUE: i64 = 2;
/// A reference to an enclosing identified struct by its name (`struct<"a">` inside "a").
const RECURSIVE: i64 = 4;

thread_local! {
    /// Names of the identified structs whose bodies are being read: a bare `struct<"a">`
    /// inside one of them refers back to it.
    static OPEN_STRUCTS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

pub(crate) fn register_assembly(ctx: &mut Context) {
    for &m in MNEMONICS {
        let Some(id) = ctx.lookup_type_def(&format!("llvm.{m}")) else { continue };
        let parse = move |ctx: &Context, text: &str| -> Result<Vec<Attribute>, AsmError> {
            let mut p = DialectAsmParser::new(ctx, text);
            let params = parse_body(&mut p, m)?;
            p.finish()?;
            Ok(params)
        };
        let print =
            move |ctx: &Context, params: &[Attribute]| -> Result<String, String> { Ok(print_body(ctx, m, params)) };
        ctx.set_type_assembly(id, CustomAssembly::new(parse, print)).expect("llvm types get one assembly");
    }
}

fn i64_attr(ctx: &Context, v: i64) -> Attribute {
    let t = ctx.integer_type(64, Signedness::Signless).expect("i64");
    ctx.integer_attr(t, v).expect("an i64 fits")
}

pub(crate) fn int_of(ctx: &Context, a: Attribute) -> i64 {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, value } => {
            let w = match ctx.type_kind(*ty) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            value.to_i64(w).unwrap_or(0)
        }
        _ => 0,
    }
}

fn type_of(ctx: &Context, a: Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

fn types_of(ctx: &Context, a: Attribute) -> Vec<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items.iter().filter_map(|&i| type_of(ctx, i)).collect(),
        _ => Vec::new(),
    }
}

fn string_of(ctx: &Context, a: Attribute) -> String {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
        _ => String::new(),
    }
}

/// The LLVM type of mnemonic `m` with `params`.
pub(crate) fn make(ctx: &Context, m: &str, params: &[Attribute]) -> Result<Type, AsmError> {
    let id =
        ctx.lookup_type_def(&format!("llvm.{m}")).ok_or_else(|| AsmError::new(format!("unknown LLVM type: {m}")))?;
    Ok(ctx.dialect_type(id, params)?)
}

pub(crate) fn void_type(ctx: &Context) -> Type {
    make(ctx, "void", &[]).expect("llvm.void is registered")
}

pub(crate) fn func_type(ctx: &Context, result: Type, params: &[Type], vararg: bool) -> Type {
    let ps: Vec<Attribute> = params.iter().map(|&t| ctx.type_attr(t)).collect();
    make(ctx, "func", &[ctx.type_attr(result), ctx.array_attr(&ps), ctx.bool_attr(vararg)])
        .expect("llvm.func is registered")
}

/// The mnemonic of an LLVM dialect type.
pub(crate) fn mnemonic_of(ctx: &Context, t: Type) -> Option<&str> {
    match ctx.type_kind(t) {
        TypeKind::Dialect { def, .. } => {
            let d = ctx.type_def(*def).ok()?;
            (d.dialect == "llvm").then_some(d.name.as_str())
        }
        _ => None,
    }
}

fn params_of(ctx: &Context, t: Type) -> &[Attribute] {
    match ctx.type_kind(t) {
        TypeKind::Dialect { params, .. } => params,
        _ => &[],
    }
}

/// `(result, params, vararg)` of an `!llvm.func` type.
pub(crate) fn func_parts(ctx: &Context, t: Type) -> Option<(Type, Vec<Type>, bool)> {
    if mnemonic_of(ctx, t) != Some("func") {
        return None;
    }
    let p = params_of(ctx, t);
    Some((type_of(ctx, p[0])?, types_of(ctx, p[1]), matches!(ctx.attr_kind(p[2]), AttrKind::Bool(true))))
}

pub(crate) fn is_void(ctx: &Context, t: Type) -> bool {
    mnemonic_of(ctx, t) == Some("void")
}

/// The element types of a literal or identified struct, or the element of an array.
pub(crate) fn aggregate_elements(ctx: &Context, t: Type) -> Option<Vec<Type>> {
    match mnemonic_of(ctx, t)? {
        "struct" => Some(types_of(ctx, params_of(ctx, t)[2])),
        "array" => {
            let p = params_of(ctx, t);
            let n = int_of(ctx, p[1]).max(0) as usize;
            Some(vec![type_of(ctx, p[0])?; n.min(1 << 20)])
        }
        _ => None,
    }
}

/// A type nested in an LLVM type: an LLVM type in its short form, or any other type.
pub(crate) fn parse_nested(p: &mut DialectAsmParser<'_>) -> Result<Type, AsmError> {
    let rest = p.rest().trim_start();
    let n = rest.bytes().take_while(|c| c.is_ascii_alphanumeric() || *c == b'_').count();
    let word = &rest[..n];
    if MNEMONICS.contains(&word) {
        let at = p.offset();
        p.keyword()?;
        let params = parse_body(p, word)?;
        return make(p.context(), word, &params).map_err(|e| AsmError::at(at, e.message));
    }
    if n > 0 && !is_builtin_type_word(word) {
        let at = p.rest().len() - rest.len() + p.offset();
        return Err(AsmError::at(at, format!("unknown LLVM type: {word}")));
    }
    p.parse_type()
}

fn is_builtin_type_word(w: &str) -> bool {
    let int = |s: &str| s.len() > 1 && s[1..].bytes().all(|c| c.is_ascii_digit());
    (w.starts_with('i') && int(w))
        || (w.starts_with("si") && int(&w[1..]))
        || (w.starts_with("ui") && int(&w[1..]))
        || matches!(
            w,
            "index"
                | "none"
                | "f16"
                | "bf16"
                | "f32"
                | "f64"
                | "f80"
                | "f128"
                | "tf32"
                | "vector"
                | "tensor"
                | "memref"
                | "complex"
                | "tuple"
        )
        || w.starts_with("f4")
        || w.starts_with("f6")
        || w.starts_with("f8")
}

fn print_nested(ctx: &Context, t: Type, out: &mut String) {
    match mnemonic_of(ctx, t) {
        Some(m) => {
            out.push_str(m);
            out.push_str(&print_body(ctx, m, params_of(ctx, t)));
        }
        None => out.push_str(&crate::asm::print_type(ctx, t)),
    }
}

fn escape(name: &str) -> String {
    let mut s = String::new();
    for b in name.bytes() {
        match b {
            b'"' | b'\\' => {
                s.push('\\');
                s.push(b as char);
            }
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{b:02X}")),
        }
    }
    s
}

/// The parameters of the LLVM type `m` from the text after its mnemonic.
fn parse_body(p: &mut DialectAsmParser<'_>, m: &str) -> Result<Vec<Attribute>, AsmError> {
    let ctx = p.context();
    match m {
        "void" | "label" | "metadata" | "token" | "x86_amx" | "ppc_fp128" => Ok(Vec::new()),
        "ptr" => {
            let mut space = 0;
            if p.eat("<") {
                space = p.integer()?;
                p.expect(">")?;
            }
            Ok(vec![i64_attr(ctx, space)])
        }
        "array" => {
            p.expect("<")?;
            let n = p.integer()?;
            if !p.eat_keyword("x") {
                return Err(p.error("expected 'x' after array dimension"));
            }
            let elem = parse_nested(p)?;
            p.expect(">")?;
            Ok(vec![ctx.type_attr(elem), i64_attr(ctx, n)])
        }
        "func" => {
            p.expect("<")?;
            let result = parse_nested(p)?;
            p.expect("(")?;
            let mut params = Vec::new();
            let mut vararg = false;
            if !p.eat(")") {
                loop {
                    if p.eat("...") {
                        vararg = true;
                        p.expect(")")?;
                        break;
                    }
                    params.push(ctx.type_attr(parse_nested(p)?));
                    if p.eat(")") {
                        break;
                    }
                    p.expect(",")?;
                }
            }
            p.expect(">")?;
            Ok(vec![ctx.type_attr(result), ctx.array_attr(&params), ctx.bool_attr(vararg)])
        }
        "struct" => parse_struct(p),
        "target" => {
            p.expect("<")?;
            let name = p.string()?;
            let (mut types, mut ints) = (Vec::new(), Vec::new());
            while p.eat(",") {
                if p.peek("-") || p.rest().trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                    let v = p.integer()?;
                    ints.push(i64_attr(ctx, v));
                } else {
                    if !ints.is_empty() {
                        return Err(p.error("expected integer parameter"));
                    }
                    types.push(ctx.type_attr(parse_nested(p)?));
                }
            }
            p.expect(">")?;
            let name = String::from_utf8_lossy(&name).into_owned();
            Ok(vec![ctx.string_attr(&name), ctx.array_attr(&types), ctx.array_attr(&ints)])
        }
        _ => Err(p.error(format!("unknown LLVM type: {m}"))),
    }
}

fn parse_struct(p: &mut DialectAsmParser<'_>) -> Result<Vec<Attribute>, AsmError> {
    let ctx = p.context();
    p.expect("<")?;
    let mut name = None;
    if p.peek("\"") {
        let n = String::from_utf8_lossy(&p.string()?).into_owned();
        if p.peek(">") {
            let at = p.offset() + (p.rest().len() - p.rest().trim_start().len());
            p.expect(">")?;
            let open = OPEN_STRUCTS.with(|s| s.borrow().contains(&n));
            if !open {
                return Err(AsmError::at(at, "struct without a body only allowed in a recursive struct"));
            }
            return Ok(vec![ctx.string_attr(&n), i64_attr(ctx, RECURSIVE), ctx.array_attr(&[])]);
        }
        p.expect(",")?;
        if p.eat_keyword("opaque") {
            p.expect(">")?;
            return Ok(vec![ctx.string_attr(&n), i64_attr(ctx, OPAQUE), ctx.array_attr(&[])]);
        }
        name = Some(n);
    }
    let mut flags = 0;
    if p.eat_keyword("packed") {
        flags |= PACKED;
    }
    p.expect("(")?;
    if let Some(n) = &name {
        OPEN_STRUCTS.with(|s| s.borrow_mut().push(n.clone()));
    }
    let body = (|| {
        let mut body = Vec::new();
        if !p.eat(")") {
            loop {
                body.push(ctx.type_attr(parse_nested(p)?));
                if p.eat(")") {
                    break;
                }
                p.expect(",")?;
            }
        }
        Ok::<_, AsmError>(body)
    })();
    if name.is_some() {
        OPEN_STRUCTS.with(|s| s.borrow_mut().pop());
    }
    let body = body?;
    p.expect(">")?;
    Ok(vec![ctx.string_attr(name.as_deref().unwrap_or("")), i64_attr(ctx, flags), ctx.array_attr(&body)])
}

fn print_list(ctx: &Context, types: &[Type], out: &mut String) {
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_nested(ctx, t, out);
    }
}

/// The text after the mnemonic `m` for `params`.
fn print_body(ctx: &Context, m: &str, params: &[Attribute]) -> String {
    let mut out = String::new();
    match m {
        "ptr" => {
            let space = params.first().map_or(0, |&a| int_of(ctx, a));
            if space != 0 {
                out.push_str(&format!("<{space}>"));
            }
        }
        "array" => {
            out.push_str(&format!("<{} x ", int_of(ctx, params[1])));
            if let Some(t) = type_of(ctx, params[0]) {
                print_nested(ctx, t, &mut out);
            }
            out.push('>');
        }
        "func" => {
            out.push('<');
            if let Some(t) = type_of(ctx, params[0]) {
                print_nested(ctx, t, &mut out);
            }
            out.push_str(" (");
            let ps = types_of(ctx, params[1]);
            print_list(ctx, &ps, &mut out);
            if matches!(ctx.attr_kind(params[2]), AttrKind::Bool(true)) {
                out.push_str(if ps.is_empty() { "..." } else { ", ..." });
            }
            out.push_str(")>");
        }
        "struct" => {
            let name = string_of(ctx, params[0]);
            let flags = int_of(ctx, params[1]);
            out.push('<');
            if flags & RECURSIVE != 0 {
                out.push_str(&format!("\"{}\">", escape(&name)));
                return out;
            }
            if !name.is_empty() {
                out.push_str(&format!("\"{}\", ", escape(&name)));
            }
            if flags & OPAQUE != 0 {
                out.push_str("opaque>");
                return out;
            }
            if flags & PACKED != 0 {
                out.push_str("packed ");
            }
            out.push('(');
            print_list(ctx, &types_of(ctx, params[2]), &mut out);
            out.push_str(")>");
        }
        "target" => {
            out.push_str(&format!("<\"{}\"", escape(&string_of(ctx, params[0]))));
            for t in types_of(ctx, params[1]) {
                out.push_str(", ");
                print_nested(ctx, t, &mut out);
            }
            if let AttrKind::Array(ints) = ctx.attr_kind(params[2]) {
                for &i in ints.iter() {
                    out.push_str(&format!(", {}", int_of(ctx, i)));
                }
            }
            out.push('>');
        }
        _ => {}
    }
    out
}
