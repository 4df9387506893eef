//! The bindings generator: a dialect's ops, as the registry holds them after its definition
//! loads, turned into a typed API per language. It lives in the core so that every package
//! reaches it through the library it already links (`omnir_dialect_generate_bindings`;
//! Python's `python -m omnir.gen`), and `omnir-gen` (tools/omnir-gen) is a command over it.
//! [`model`] is what every language's bindings are made from; each language is one emitter.

pub mod c;
pub mod cxx;
pub mod js;
pub mod model;
pub mod python;
pub mod rust;
pub mod swift;

use crate::context::Context;
use crate::error::{Error, Result};

/// The languages [`generate`] writes.
pub const LANGUAGES: &[&str] = &["python", "javascript", "typescript", "cxx", "c", "rust", "swift"];

/// The bindings of `dialect` (shipped, or registered in `ctx` from a definition) in
/// `language`; `source` names the definition in the output's header.
pub fn generate(ctx: &mut Context, dialect: &str, language: &str, source: &str) -> Result<String> {
    let model = model::Dialect::from_context(ctx, dialect).map_err(Error::invalid)?;
    match language {
        "python" => Ok(python::module(&model, source)),
        // The CommonJS module and its declarations.
        "javascript" => Ok(js::module(&model, source).0),
        "typescript" => Ok(js::module(&model, source).1),
        // The header of MLIR-style op classes over the C++ bridge.
        "cxx" => Ok(cxx::header(&model, source)),
        // The header of static inline builders and accessors over the C API.
        "c" => Ok(c::header(&model, source)),
        // The module of typed op views over the `omnir` client crate.
        "rust" => Ok(rust::module(&model, source)),
        // The file of op views over the Swift package.
        "swift" => Ok(swift::module(&model, source)),
        other => Err(Error::invalid(format!(
            "no bindings generator for language '{other}' (known: {})",
            LANGUAGES.join(", ")
        ))),
    }
}

/// An identifier of C or C++ for `name`: other characters become `_`, a leading digit gets
/// `_`, a word of `reserved` (keywords, the functions' own parameter names) a trailing `_`.
pub(crate) fn c_identifier(name: &str, reserved: &[&str]) -> String {
    let mut out: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if reserved.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// A C or C++ string literal of `text` (octal escapes: a hex escape would run into a
/// following digit).
pub(crate) fn c_string_literal(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::from("\"");
    for b in text.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b' '..=b'~' => out.push(b as char),
            other => {
                let _ = write!(out, "\\{other:03o}");
            }
        }
    }
    out.push('"');
    out
}

/// Parameter names unique within one function (a result and an operand may share a name):
/// a name already taken gets `_` appended until it is free.
#[derive(Default)]
pub(crate) struct UniqueNames(std::collections::HashSet<String>);

impl UniqueNames {
    pub(crate) fn take(&mut self, base: String) -> String {
        let mut name = base;
        while !self.0.insert(name.clone()) {
            name.push('_');
        }
        name
    }
}
