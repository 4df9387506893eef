//! MLIR spellings of types and attributes for error messages. Depth-limited (deeper parts
//! print as `...`), so a message about a pathologically nested type stays small and never
//! recurses deeply. Printing IR is the printer's job; this only serves diagnostics.

use std::fmt::Write;

use crate::attrs::{AttrKind, Attribute, LocationKind};
use crate::context::Context;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};

const MAX_DEPTH: u32 = 32;

pub fn fmt_type(ctx: &Context, ty: Type) -> String {
    let mut s = String::new();
    write_type(ctx, ty, &mut s, 0);
    s
}

pub fn fmt_attr(ctx: &Context, a: Attribute) -> String {
    let mut s = String::new();
    write_attr(ctx, a, &mut s, 0);
    s
}

fn dims(shape: &[i64], scalable: Option<&[bool]>, out: &mut String) {
    for (i, &d) in shape.iter().enumerate() {
        let sc = scalable.is_some_and(|s| s.get(i).copied().unwrap_or(false));
        if sc {
            out.push('[');
        }
        if d == DYNAMIC {
            out.push('?');
        } else {
            let _ = write!(out, "{d}");
        }
        if sc {
            out.push(']');
        }
        out.push('x');
    }
}

fn write_type(ctx: &Context, ty: Type, out: &mut String, depth: u32) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    let d = depth + 1;
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => {
            let p = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            let _ = write!(out, "{p}{width}");
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(k.keyword()),
        TypeKind::None => out.push_str("none"),
        TypeKind::Complex(e) => {
            out.push_str("complex<");
            write_type(ctx, *e, out, d);
            out.push('>');
        }
        TypeKind::Tuple(es) => {
            out.push_str("tuple<");
            for (i, e) in es.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, *e, out, d);
            }
            out.push('>');
        }
        TypeKind::Function { inputs, results } => {
            out.push('(');
            for (i, e) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, *e, out, d);
            }
            out.push_str(") -> ");
            let single = results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
            if !single {
                out.push('(');
            }
            for (i, e) in results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, *e, out, d);
            }
            if !single {
                out.push(')');
            }
        }
        TypeKind::Vector { shape, scalable, element } => {
            out.push_str("vector<");
            dims(shape, Some(scalable), out);
            write_type(ctx, *element, out, d);
            out.push('>');
        }
        TypeKind::RankedTensor { shape, element, encoding } => {
            out.push_str("tensor<");
            dims(shape, None, out);
            write_type(ctx, *element, out, d);
            if let Some(e) = encoding {
                out.push_str(", ");
                write_attr(ctx, *e, out, d);
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            write_type(ctx, *element, out, d);
            out.push('>');
        }
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            out.push_str("memref<");
            dims(shape, None, out);
            write_type(ctx, *element, out, d);
            for a in [layout, memory_space].into_iter().flatten() {
                out.push_str(", ");
                write_attr(ctx, *a, out, d);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            out.push_str("memref<*x");
            write_type(ctx, *element, out, d);
            if let Some(a) = memory_space {
                out.push_str(", ");
                write_attr(ctx, *a, out, d);
            }
            out.push('>');
        }
        TypeKind::Opaque { dialect, data } => {
            dialect_symbol(out, '!', ctx.ident_str(*dialect), ctx.ident_str(*data));
        }
        TypeKind::Dialect { .. } => out.push_str(&crate::asm::printer::print_type(ctx, ty)),
    }
}

/// `!dialect.data` when the data is a plain identifier (optionally with a `<...>` body),
/// else `!dialect<data>`, as MLIR's `printDialectSymbol`.
fn dialect_symbol(out: &mut String, prefix: char, dialect: &str, data: &str) {
    out.push(prefix);
    out.push_str(dialect);
    let b = data.as_bytes();
    let ident_len = b.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_' || **c == b'.').count();
    let simple = !b.is_empty()
        && b[0].is_ascii_alphabetic()
        && (ident_len == b.len() || (b[ident_len] == b'<' && b[b.len() - 1] == b'>'));
    if simple {
        out.push('.');
        out.push_str(data);
    } else {
        out.push('<');
        out.push_str(data);
        out.push('>');
    }
}

fn escape(bytes: &[u8], out: &mut String) {
    out.push('"');
    for &c in bytes {
        match c {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\0A"),
            b'\t' => out.push_str("\\09"),
            0x20..=0x7e => out.push(c as char),
            _ => {
                let _ = write!(out, "\\{c:02X}");
            }
        }
    }
    out.push('"');
}

fn write_attr(ctx: &Context, a: Attribute, out: &mut String, depth: u32) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    let d = depth + 1;
    match ctx.attr_kind(a) {
        AttrKind::Unit => out.push_str("unit"),
        AttrKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        AttrKind::Integer { ty, value } => {
            let width = ctx.int_or_float_bit_width(*ty).unwrap_or(64);
            match value.to_i64(width) {
                Some(v) => {
                    let _ = write!(out, "{v}");
                }
                None => out.push_str("<big integer>"),
            }
            out.push_str(" : ");
            write_type(ctx, *ty, out, d);
        }
        AttrKind::Float { ty, bits } => {
            if let TypeKind::Float(k) = ctx.type_kind(*ty) {
                let v = crate::float::to_f64(*k, *bits);
                let _ = write!(out, "{v:e}");
            }
            out.push_str(" : ");
            write_type(ctx, *ty, out, d);
        }
        AttrKind::String { value, ty } => {
            escape(value, out);
            if let Some(t) = ty {
                out.push_str(" : ");
                write_type(ctx, *t, out, d);
            }
        }
        AttrKind::Type(t) => write_type(ctx, *t, out, d),
        AttrKind::Array(es) => {
            out.push('[');
            for (i, e) in es.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(ctx, *e, out, d);
            }
            out.push(']');
        }
        AttrKind::Dictionary(es) => {
            out.push('{');
            for (i, e) in es.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(ctx.ident_str(e.name));
                out.push_str(" = ");
                write_attr(ctx, e.value, out, d);
            }
            out.push('}');
        }
        AttrKind::SymbolRef { root, nested } => {
            let _ = write!(out, "@{}", ctx.ident_str(*root));
            for n in nested.iter() {
                let _ = write!(out, "::@{}", ctx.ident_str(*n));
            }
        }
        AttrKind::Opaque { dialect, data, ty } => {
            dialect_symbol(out, '#', ctx.ident_str(*dialect), ctx.ident_str(*data));
            if let Some(t) = ty {
                out.push_str(" : ");
                write_type(ctx, *t, out, d);
            }
        }
        AttrKind::Location(l) => {
            out.push_str("loc(");
            write_loc(ctx, l, out, d);
            out.push(')');
        }
        AttrKind::Distinct { referenced, .. } => {
            out.push_str("distinct[?]<");
            write_attr(ctx, *referenced, out, d);
            out.push('>');
        }
        AttrKind::DenseIntOrFloat { ty, .. } | AttrKind::DenseString { ty, .. } => {
            out.push_str("dense<...> : ");
            write_type(ctx, *ty, out, d);
        }
        AttrKind::SparseElements { ty, .. } => {
            out.push_str("sparse<...> : ");
            write_type(ctx, *ty, out, d);
        }
        AttrKind::DenseResource { ty, handle } => {
            let _ = write!(out, "dense_resource<{}> : ", ctx.ident_str(*handle));
            write_type(ctx, *ty, out, d);
        }
        AttrKind::DenseArray { element, .. } => {
            out.push_str("array<");
            write_type(ctx, *element, out, d);
            out.push_str(": ...>");
        }
        AttrKind::AffineMap(_) => out.push_str("affine_map<...>"),
        AttrKind::IntegerSet(_) => out.push_str("affine_set<...>"),
        AttrKind::StridedLayout { offset, strides } => {
            let s: Vec<String> =
                strides.iter().map(|&x| if x == DYNAMIC { "?".into() } else { x.to_string() }).collect();
            let o = if *offset == DYNAMIC { "?".to_string() } else { offset.to_string() };
            let _ = write!(out, "strided<[{}], offset: {o}>", s.join(", "));
        }
        AttrKind::Dialect { .. } => out.push_str(&crate::asm::printer::print_attribute(ctx, a)),
    }
}

fn write_loc(ctx: &Context, l: &LocationKind, out: &mut String, depth: u32) {
    match l {
        LocationKind::Unknown => out.push_str("unknown"),
        LocationKind::FileLineCol { file, start_line, start_col, .. } => {
            escape(ctx.ident_str(*file).as_bytes(), out);
            let _ = write!(out, ":{start_line}:{start_col}");
        }
        LocationKind::Name { name, .. } => escape(ctx.ident_str(*name).as_bytes(), out),
        LocationKind::CallSite { .. } => out.push_str("callsite(...)"),
        LocationKind::Fused { .. } => out.push_str("fused[...]"),
    }
    let _ = depth;
}
