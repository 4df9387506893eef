//! Rust bindings: a module per dialect over the `omnir` client crate: a view type per op
//! (`arith::AddIOp`) with `builder(loc, ...)` (an `OperationBuilder` holding the arguments,
//! result types left to the core where the definition determines them) and `create(at, loc,
//! ...)`, snake_case accessors (`lhs()`, `predicate()` / `predicate_attr()`), `OpView::cast`
//! as MLIR's `dyn_cast`; integer enums as Rust enums, bit enums as flag sets. The shipped
//! dialects' modules are the `omnir-dialects` crate; a user's come from `omnir-build` in a
//! build script. What they share at run time is the hand-written `omnir::ods`.
//!
//! The text is meant to be `include!`d or used as a module file: no inner attributes, every
//! path absolute. It is not run through rustfmt (the checked-in copies are `#[rustfmt::skip]`).

use std::fmt::Write;

use super::model::{Argument, AttrKind, Dialect, Enum, Group, Kind, KindParam, Op};
use super::UniqueNames;
use crate::dialect::Arity;

/// Rust's keywords (strict, reserved and weak ones that cannot name a binding) and the
/// builder's own parameter names: `_` is appended.
const RESERVED: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn",
    "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static",
    "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do",
    "final", "gen", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield", "union", "loc", "at",
    "ctx", "b",
];

/// snake_case of an ODS name (`overflowFlags` -> `overflow_flags`, `sym_name` stays), made
/// an identifier.
fn snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev = i.checked_sub(1).map(|p| chars[p]);
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let boundary = prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit())
                || (prev.is_some_and(|p| p.is_ascii_uppercase()) && next_lower);
            if boundary && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    identifier(out)
}

fn identifier(mut name: String) -> String {
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    if RESERVED.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// UpperCamelCase of an ODS symbol for a type or an enum case (`slt` -> `Slt`, `OEQ` ->
/// `Oeq`, `AlwaysFalse` stays).
fn camel(name: &str) -> String {
    let mut out = String::new();
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        let all_upper = word.chars().all(|c| !c.is_ascii_lowercase());
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            if all_upper {
                out.extend(chars.map(|c| c.to_ascii_lowercase()));
            } else {
                out.push_str(chars.as_str());
            }
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "Case");
    }
    if out == "Self" {
        out.push('_');
    }
    out
}

/// A Rust string literal (`{:?}` of a `str` is one).
fn lit(text: &str) -> String {
    format!("{text:?}")
}

/// `///` lines of an ODS summary and description. Fenced blocks without a language become
/// `text` and indentation is dropped outside fences: rustdoc would run them as Rust doctests.
fn doc(out: &mut String, indent: &str, summary: &str, description: &str) {
    let summary = summary.split_whitespace().collect::<Vec<_>>().join(" ");
    if !summary.is_empty() {
        let _ = writeln!(out, "{indent}/// {summary}");
    }
    let lines: Vec<&str> = description.lines().collect();
    let lines = &lines[lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len())..];
    let lines = &lines[..lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1)];
    if lines.is_empty() {
        return;
    }
    if !summary.is_empty() {
        let _ = writeln!(out, "{indent}///");
    }
    let mut in_fence = false;
    for line in lines {
        let trimmed = line.trim();
        let text = if let Some(info) = trimmed.strip_prefix("```") {
            let opening = !in_fence;
            in_fence = !in_fence;
            if opening && info.trim().is_empty() {
                "```text".to_string()
            } else {
                trimmed.to_string()
            }
        } else if in_fence {
            line.trim_end().to_string()
        } else {
            trimmed.to_string()
        };
        if text.is_empty() {
            let _ = writeln!(out, "{indent}///");
        } else {
            let _ = writeln!(out, "{indent}/// {text}");
        }
    }
    if in_fence {
        let _ = writeln!(out, "{indent}/// ```");
    }
}

/// The builder's parameter type of an attribute of `kind` (before `Option<...>`).
fn attr_param(kind: &AttrKind) -> String {
    match kind {
        AttrKind::Unit | AttrKind::Bool => "bool".into(),
        AttrKind::Int(_) => "i64".into(),
        AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef => "&str".into(),
        AttrKind::Enum(name, _) => camel(name),
        AttrKind::DenseArray(1) => "&[bool]".into(),
        AttrKind::DenseArray(_) => "&[i64]".into(),
        AttrKind::DialectAttr(_) => "::omnir::ods::CaseAttr<'_>".into(),
        AttrKind::Type => "&::omnir::Type".into(),
        AttrKind::SymbolRef | AttrKind::Array | AttrKind::Dictionary | AttrKind::Any => "&::omnir::Attribute".into(),
    }
}

/// The expression of the attribute made from parameter value `v`: an `Attribute`, or a
/// reference to one (`borrowed`).
fn attr_value(kind: &AttrKind, v: &str) -> (String, bool) {
    let made = match kind {
        AttrKind::Unit => "ctx.unit_attr()?".into(),
        AttrKind::Bool => format!("ctx.bool_attr({v})?"),
        AttrKind::Int(t) => format!("::omnir::ods::int_attr(ctx, {}, {v})?", lit(t)),
        AttrKind::String | AttrKind::SymbolName => format!("ctx.string_attr({v})?"),
        AttrKind::FlatSymbolRef => format!("ctx.flat_symbol_ref_attr({v})?"),
        AttrKind::Enum(_, w) => format!("::omnir::ods::enum_attr(ctx, {w}, {v}.value())?"),
        AttrKind::DenseArray(1) => format!("::omnir::ods::dense_bool_array(ctx, {v})?"),
        AttrKind::DenseArray(w) => format!("::omnir::ods::dense_array(ctx, {w}, {v})?"),
        AttrKind::DialectAttr(q) => format!("{v}.get(ctx, {})?", lit(q)),
        AttrKind::Type => format!("ctx.type_attr({v})?"),
        AttrKind::SymbolRef | AttrKind::Array | AttrKind::Dictionary | AttrKind::Any => return (v.to_string(), true),
    };
    (made, false)
}

/// The plain type an attribute `a` of this kind reads back as, and the expression (a
/// `Result`) that reads it; `None`: it stays an attribute.
fn attr_read(kind: &AttrKind) -> Option<(String, String)> {
    match kind {
        AttrKind::Bool => Some(("bool".into(), "a.bool_value()".into())),
        AttrKind::Int(_) => Some(("i64".into(), "a.int_value()".into())),
        AttrKind::String | AttrKind::SymbolName => Some(("String".into(), "a.string_value()".into())),
        AttrKind::FlatSymbolRef => Some(("String".into(), "a.symbol_root()".into())),
        AttrKind::Type => Some(("::omnir::Type".into(), "a.type_value()".into())),
        AttrKind::Enum(e, _) => Some((camel(e), format!("{}::from_attr(&a)", camel(e)))),
        AttrKind::DenseArray(1) => Some((
            "::std::vec::Vec<bool>".into(),
            "Ok(::omnir::ods::dense_array_values(&a, 1)?.into_iter().map(|v| v != 0).collect())".into(),
        )),
        AttrKind::DenseArray(w) => {
            Some(("::std::vec::Vec<i64>".into(), format!("::omnir::ods::dense_array_values(&a, {w})")))
        }
        _ => None,
    }
}

/// A type or attribute kind: a newtype over `omnir::Type` / `omnir::Attribute` with
/// `get(ctx, <params>)`, `cast`, a reader per parameter, `Deref` to the handle.
fn write_kind(out: &mut String, k: &Kind, enums: &[Enum]) {
    let ty = camel(&k.class_name);
    let (handle, sigil, which) = if k.is_type { ("Type", "!", "type") } else { ("Attribute", "#", "attr") };
    let _ = writeln!(out);
    let spelled = format!("{sigil}{}", k.qualified);
    let heading =
        if k.summary.trim().is_empty() { format!("`{spelled}`") } else { format!("`{spelled}`: {}", k.summary) };
    doc(out, "", &heading, &k.description);
    let _ = writeln!(out, "#[derive(Clone, Debug, PartialEq, Eq, Hash)]\npub struct {ty}(::omnir::{handle});");
    let _ = writeln!(out, "\nimpl {ty} {{");
    let _ =
        writeln!(out, "    /// The kind's qualified name.\n    pub const NAME: &'static str = {};", lit(&k.qualified));
    let mut names = UniqueNames::default();
    for reserved in RESERVED {
        names.take(reserved.to_string());
    }
    let params: Vec<(String, &KindParam)> = k.params.iter().map(|p| (names.take(snake(&p.name)), p)).collect();
    // Enum parameters of an enum the dialect does not declare stay attributes.
    let kind_of = |p: &KindParam| match &p.kind {
        AttrKind::Enum(e, _) if !enums.iter().any(|x| &x.name == e) => AttrKind::Any,
        other => other.clone(),
    };
    let sig: String = params.iter().map(|(n, p)| format!(", {n}: {}", attr_param(&kind_of(p)))).collect();
    let many = if params.len() + 1 > 7 { "    #[allow(clippy::too_many_arguments)]\n" } else { "" };
    let _ = writeln!(
        out,
        "\n    /// `{spelled}` with these parameters (the definition's constraints are checked).\n{many}    pub fn get(ctx: &::omnir::Context{sig}) -> ::omnir::Result<{ty}> {{"
    );
    let values: Vec<String> = params
        .iter()
        .map(|(n, p)| match attr_value(&kind_of(p), n) {
            (v, true) => format!("{v}.clone()"),
            (v, false) => v,
        })
        .collect();
    let _ = writeln!(
        out,
        "        let params: [::omnir::Attribute; {}] = [{}];\n        ctx.dialect_{which}_named(Self::NAME, &params).map({ty})\n    }}",
        values.len(),
        values.join(", ")
    );
    let _ = writeln!(
        out,
        "\n    /// The view of `value` when it is of this kind (MLIR's `dyn_cast`).\n    pub fn cast(value: &::omnir::{handle}) -> Option<{ty}> {{\n        ::omnir::ods::is_{which}_kind(value, Self::NAME).then(|| {ty}(value.clone()))\n    }}"
    );
    let mut readers = UniqueNames::default();
    for reserved in ["get", "cast", "NAME"] {
        readers.take(reserved.to_string());
    }
    for (i, p) in k.params.iter().enumerate() {
        let name = readers.take(snake(&p.name));
        let raw = format!("::omnir::ods::{which}_param(&self.0, {i})");
        match attr_read(&kind_of(p)) {
            Some((t, conv)) => {
                let _ = writeln!(
                    out,
                    "\n    pub fn {name}(&self) -> ::omnir::Result<{t}> {{\n        let a = {raw}?;\n        {conv}\n    }}"
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "\n    pub fn {name}(&self) -> ::omnir::Result<::omnir::Attribute> {{\n        {raw}\n    }}"
                );
            }
        }
    }
    let _ = writeln!(out, "}}");
    let _ = writeln!(
        out,
        "\nimpl ::std::ops::Deref for {ty} {{\n    type Target = ::omnir::{handle};\n\n    fn deref(&self) -> &::omnir::{handle} {{\n        &self.0\n    }}\n}}"
    );
    let _ = writeln!(
        out,
        "\nimpl ::std::fmt::Display for {ty} {{\n    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {{\n        ::std::fmt::Display::fmt(&self.0, f)\n    }}\n}}"
    );
}

/// The parameter type of a group of `one` (`::omnir::Value`, `Type`, `Block`).
fn group_param(g: &Group, one: &str) -> String {
    match g.arity {
        Arity::Single => format!("&{one}"),
        Arity::Optional => format!("Option<&{one}>"),
        Arity::Variadic => format!("&[{one}]"),
    }
}

/// The statement adding a group with `add` (`operands`, `results`, `successors`).
fn add_group(g: &Group, name: &str, add: &str) -> String {
    match g.arity {
        Arity::Single => format!("let b = b.{add}(&[{name}]);"),
        Arity::Optional => format!("let b = match {name} {{ Some(x) => b.{add}(&[x]), None => b }};"),
        Arity::Variadic => format!("let b = b.{add}({name});"),
    }
}

fn segment_sizes(groups: &[(&Group, String)]) -> String {
    let sizes: Vec<String> = groups
        .iter()
        .map(|(g, n)| match g.arity {
            Arity::Single => "1".to_string(),
            Arity::Optional => format!("usize::from({n}.is_some())"),
            Arity::Variadic => format!("{n}.len()"),
        })
        .collect();
    sizes.join(", ")
}

struct Builder {
    /// (name, type).
    params: Vec<(String, String)>,
    body: Vec<String>,
    uses_ctx: bool,
}

fn builder_of(op: &Op) -> Builder {
    let mut params = Vec::new();
    let mut body = Vec::new();
    let mut names = UniqueNames::default();
    let mut uses_ctx = op.sized_operand_segments || (op.sized_result_segments && !op.infers_results);
    let mut results: Vec<(&Group, String)> = Vec::new();
    if !op.infers_results {
        for r in &op.results {
            let name = names.take(snake(&r.name));
            params.push((name.clone(), group_param(r, "::omnir::Type")));
            results.push((r, name));
        }
    }
    let mut operands: Vec<(&Group, String)> = Vec::new();
    let mut attrs = Vec::new();
    for a in &op.arguments {
        let name = names.take(snake(a.name()));
        match a {
            Argument::Operand(g) => {
                params.push((name.clone(), group_param(g, "::omnir::Value")));
                operands.push((g, name));
            }
            Argument::Attribute(at) => {
                let ty = attr_param(&at.kind);
                let key = lit(&at.name);
                if at.kind == AttrKind::Unit {
                    params.push((name.clone(), ty));
                    attrs.push(format!("let b = if {name} {{ b.attribute({key}, &ctx.unit_attr()?) }} else {{ b }};"));
                    uses_ctx = true;
                    continue;
                }
                let optional = at.optional;
                params.push((name.clone(), if optional { format!("Option<{ty}>") } else { ty }));
                let (value, borrowed) = attr_value(&at.kind, if optional { "x" } else { &name });
                uses_ctx |= !borrowed;
                let value = if borrowed { value } else { format!("&{value}") };
                attrs.push(if optional {
                    format!("let b = match {name} {{ Some(x) => b.attribute({key}, {value}), None => b }};")
                } else {
                    format!("let b = b.attribute({key}, {value});")
                });
            }
        }
    }
    // A run of single operands is added in one call (one crossing into the core).
    let mut singles: Vec<&str> = Vec::new();
    for (g, name) in &operands {
        if g.arity == Arity::Single {
            singles.push(name);
            continue;
        }
        if !singles.is_empty() {
            body.push(format!("let b = b.operands(&[{}]);", singles.join(", ")));
            singles.clear();
        }
        body.push(add_group(g, name, "operands"));
    }
    if !singles.is_empty() {
        body.push(format!("let b = b.operands(&[{}]);", singles.join(", ")));
    }
    if op.sized_operand_segments {
        body.push(format!(
            "let b = b.attribute(\"operandSegmentSizes\", &::omnir::ods::segment_sizes(ctx, &[{}])?);",
            segment_sizes(&operands)
        ));
    }
    body.extend(attrs);
    if op.infers_results {
        body.push("let b = b.infer_result_types();".into());
    } else {
        for (g, name) in &results {
            body.push(add_group(g, name, "results"));
        }
        if op.sized_result_segments {
            body.push(format!(
                "let b = b.attribute(\"resultSegmentSizes\", &::omnir::ods::segment_sizes(ctx, &[{}])?);",
                segment_sizes(&results)
            ));
        }
    }
    for s in &op.successors {
        let name = names.take(snake(&s.name));
        params.push((name.clone(), group_param(s, "::omnir::Block")));
        body.push(add_group(s, &name, "successors"));
    }
    let fixed = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    match op.regions.iter().find(|r| r.arity == Arity::Variadic) {
        Some(r) => {
            let name = names.take(snake(&format!("num_{}", r.name)));
            params.push((name.clone(), "usize".into()));
            let count = if fixed == 0 { name.clone() } else { format!("{fixed} + {name}") };
            body.push(format!("let b = b.regions({count});"));
        }
        None if fixed > 0 => body.push(format!("let b = b.regions({fixed});")),
        None => {}
    }
    Builder { params, body, uses_ctx }
}

fn write_op(out: &mut String, op: &Op) {
    let ty = camel(&op.class_name);
    let b = builder_of(op);
    let _ = writeln!(out);
    let heading =
        if op.summary.trim().is_empty() { format!("`{}`", op.name) } else { format!("`{}`: {}", op.name, op.summary) };
    doc(out, "", &heading, &op.description);
    let _ = writeln!(out, "#[derive(Clone, Debug, PartialEq, Eq, Hash)]\npub struct {ty}(::omnir::Operation);");
    let _ = writeln!(out, "\nimpl {ty} {{");
    let params: String = b.params.iter().map(|(n, t)| format!(", {n}: {t}")).collect();
    let args: String = b.params.iter().map(|(n, _)| format!(", {n}")).collect();
    let many = if b.params.len() + 2 > 7 { "    #[allow(clippy::too_many_arguments)]\n" } else { "" };
    let _ = writeln!(
        out,
        "    /// An [`OperationBuilder`](::omnir::OperationBuilder) of one at `loc` holding the arguments; its\n    /// `build()` makes a detached one.\n{many}    pub fn builder(loc: &::omnir::Location{params}) -> ::omnir::Result<::omnir::OperationBuilder> {{"
    );
    if b.uses_ctx {
        let _ = writeln!(out, "        let ctx = loc.context();");
    }
    let _ = writeln!(out, "        let b = ::omnir::OperationBuilder::new({}, loc);", lit(&op.name));
    for line in &b.body {
        let _ = writeln!(out, "        {line}");
    }
    let _ = writeln!(out, "        Ok(b)\n    }}");
    let _ = writeln!(
        out,
        "\n    /// Builds one at `at` (the IR owns it); on error nothing is created.\n{many}    pub fn create(at: &::omnir::InsertionPoint, loc: &::omnir::Location{params}) -> ::omnir::Result<{ty}> {{\n        Self::builder(loc{args})?.build_at(at).map({ty})\n    }}"
    );
    // Accessors, named as ODS names them in snake_case; a name taken already gets `_`.
    let mut names = UniqueNames::default();
    for reserved in ["builder", "create", "operation", "cast", "from_operation_unchecked"] {
        names.take(reserved.to_string());
    }
    let mut getter = |out: &mut String, base: String, ty: &str, body: String| {
        let name = names.take(base);
        let _ = writeln!(out, "\n    pub fn {name}(&self) -> ::omnir::Result<{ty}> {{\n        {body}\n    }}");
    };
    let group_getter = |g: &Group, i: usize, which: &str| -> (String, String) {
        match g.arity {
            Arity::Variadic => ("::std::vec::Vec<::omnir::Value>".into(), format!("self.0.{which}_group_values({i})")),
            Arity::Optional => ("Option<::omnir::Value>".into(), format!("::omnir::ods::{which}(&self.0, {i})")),
            Arity::Single => (
                "::omnir::Value".into(),
                format!("::omnir::ods::required(::omnir::ods::{which}(&self.0, {i})?, &self.0, {})", lit(&g.name)),
            ),
        }
    };
    for (i, g) in op.operands().enumerate() {
        let (t, body) = group_getter(g, i, "operand");
        getter(out, snake(&g.name), &t, body);
    }
    for (i, r) in op.results.iter().enumerate() {
        let (t, body) = group_getter(r, i, "result");
        getter(out, snake(&r.name), &t, body);
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        let key = lit(&at.name);
        let stem = snake(&at.name);
        if at.kind == AttrKind::Unit {
            getter(out, stem, "bool", format!("Ok(self.0.inherent_attribute({key})?.is_some())"));
            continue;
        }
        let (raw_ty, raw) = if at.optional {
            ("Option<::omnir::Attribute>", format!("self.0.inherent_attribute({key})"))
        } else {
            ("::omnir::Attribute", format!("::omnir::ods::required_attr(&self.0, {key})"))
        };
        match attr_read(&at.kind) {
            Some((t, conv)) => {
                getter(out, format!("{}_attr", stem.trim_end_matches('_')), raw_ty, raw.clone());
                if at.optional {
                    getter(out, stem, &format!("Option<{t}>"), format!("{raw}?.map(|a| {conv}).transpose()"));
                } else {
                    getter(out, stem, &t, format!("let a = {raw}?;\n        {conv}"));
                }
            }
            None => getter(out, stem, raw_ty, raw),
        }
    }
    let fixed_regions = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    for (i, r) in op.regions.iter().enumerate() {
        if r.arity == Arity::Variadic {
            getter(
                out,
                snake(&r.name),
                "::std::vec::Vec<::omnir::Region>",
                format!("::omnir::ods::regions_from(&self.0, {fixed_regions})"),
            );
        } else {
            getter(out, snake(&r.name), "::omnir::Region", format!("self.0.region({i})"));
        }
    }
    for (i, s) in op.successors.iter().enumerate() {
        if s.arity == Arity::Variadic {
            getter(
                out,
                snake(&s.name),
                "::std::vec::Vec<::omnir::Block>",
                format!("::omnir::ods::successors_from(&self.0, {i})"),
            );
        } else {
            getter(out, snake(&s.name), "::omnir::Block", format!("::omnir::ods::successor(&self.0, {i})"));
        }
    }
    let _ = writeln!(out, "}}");
    let _ = writeln!(
        out,
        "\nimpl ::omnir::ods::OpView for {ty} {{\n    const OPERATION_NAME: &'static str = {};\n\n    fn from_operation_unchecked(op: ::omnir::Operation) -> {ty} {{\n        {ty}(op)\n    }}\n\n    fn operation(&self) -> &::omnir::Operation {{\n        &self.0\n    }}\n}}",
        lit(&op.name)
    );
    let _ = writeln!(
        out,
        "\nimpl ::std::ops::Deref for {ty} {{\n    type Target = ::omnir::Operation;\n\n    fn deref(&self) -> &::omnir::Operation {{\n        &self.0\n    }}\n}}"
    );
    let _ = writeln!(
        out,
        "\nimpl ::std::fmt::Display for {ty} {{\n    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {{\n        ::std::fmt::Display::fmt(&self.0, f)\n    }}\n}}"
    );
}

fn write_enum(out: &mut String, e: &Enum) {
    let name = camel(&e.name);
    let _ = writeln!(out, "\n/// The cases of `{}`.", e.name);
    let no_case = |var: &str| {
        format!(
            "::omnir::Error::new(::omnir::Status::InvalidArgument, format!(\"'{{{var}}}' is no case of {}\"))",
            e.name
        )
    };
    if e.bit {
        let mut consts = UniqueNames::default();
        let _ =
            writeln!(out, "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]\npub struct {name}(pub i64);");
        let _ = writeln!(out, "\nimpl {name} {{");
        let mut named = Vec::new();
        for ((spelling, v), s) in e.cases.iter().zip(&e.symbols) {
            let c =
                consts.take(if s.is_empty() { "NONE".to_string() } else { snake(s).trim_matches('_').to_uppercase() });
            let c = identifier(c);
            let _ = writeln!(out, "    pub const {c}: {name} = {name}({v});");
            named.push((spelling, *v, c));
        }
        let _ = writeln!(
            out,
            "\n    /// The value as stored in the attribute.\n    pub fn value(self) -> i64 {{\n        self.0\n    }}"
        );
        let _ = writeln!(
            out,
            "\n    /// Whether every flag of `other` is set here.\n    pub fn contains(self, other: {name}) -> bool {{\n        self.0 & other.0 == other.0\n    }}"
        );
        let _ = writeln!(
            out,
            "\n    /// The case of `attr` (an integer attribute).\n    pub fn from_attr(attr: &::omnir::Attribute) -> ::omnir::Result<{name}> {{\n        Ok({name}(attr.int_value()?))\n    }}"
        );
        let _ = writeln!(
            out,
            "\n    /// The case words joined by `,` (MLIR's `stringify`).\n    pub fn to_words(self) -> String {{"
        );
        // A value that is one case (`none`, `fast`) is its word.
        let _ = writeln!(out, "        match self.0 {{");
        let mut seen = std::collections::HashSet::new();
        for (spelling, v, _) in &named {
            if seen.insert(*v) {
                let _ = writeln!(out, "            {v} => return {}.to_string(),", lit(spelling));
            }
        }
        let _ = writeln!(out, "            _ => {{}}\n        }}");
        let _ = writeln!(out, "        let mut words: ::std::vec::Vec<&str> = ::std::vec::Vec::new();");
        for (spelling, v, _) in &named {
            if *v > 0 && (*v & (*v - 1)) == 0 {
                let _ = writeln!(
                    out,
                    "        if self.0 & {v} != 0 {{\n            words.push({});\n        }}",
                    lit(spelling)
                );
            }
        }
        let _ = writeln!(out, "        words.join(\",\")\n    }}\n}}");
        let _ = writeln!(
            out,
            "\nimpl ::std::ops::BitOr for {name} {{\n    type Output = {name};\n\n    fn bitor(self, other: {name}) -> {name} {{\n        {name}(self.0 | other.0)\n    }}\n}}"
        );
        let _ = writeln!(
            out,
            "\nimpl ::std::ops::BitAnd for {name} {{\n    type Output = {name};\n\n    fn bitand(self, other: {name}) -> {name} {{\n        {name}(self.0 & other.0)\n    }}\n}}"
        );
        let _ = writeln!(
            out,
            "\nimpl ::std::fmt::Display for {name} {{\n    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {{\n        f.write_str(&self.to_words())\n    }}\n}}"
        );
        let _ = writeln!(
            out,
            "\nimpl ::std::str::FromStr for {name} {{\n    type Err = ::omnir::Error;\n\n    /// Case words joined by `,` (MLIR's `symbolize`).\n    fn from_str(text: &str) -> ::omnir::Result<{name}> {{\n        let mut value = 0;\n        for word in text.split(',').map(str::trim) {{\n            value |= match word {{"
        );
        for (spelling, v, _) in &named {
            let _ = writeln!(out, "                {} => {v},", lit(spelling));
        }
        let _ = writeln!(
            out,
            "                _ => return Err({}),\n            }};\n        }}\n        Ok({name}(value))\n    }}\n}}",
            no_case("word")
        );
        return;
    }
    let mut variants = UniqueNames::default();
    let cases: Vec<(String, i64, String)> = e
        .cases
        .iter()
        .zip(&e.symbols)
        .map(|((spelling, v), s)| {
            (spelling.clone(), *v, variants.take(if s.is_empty() { "None".to_string() } else { camel(s) }))
        })
        .collect();
    let _ = writeln!(out, "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\npub enum {name} {{");
    for (_, _, c) in &cases {
        let _ = writeln!(out, "    {c},");
    }
    let _ = writeln!(out, "}}\n\nimpl {name} {{");
    let all: Vec<String> = cases.iter().map(|(_, _, c)| format!("{name}::{c}")).collect();
    let _ = writeln!(
        out,
        "    /// Every case, in the definition's order.\n    pub const ALL: &'static [{name}] = &[{}];",
        all.join(", ")
    );
    let _ = writeln!(
        out,
        "\n    /// The value as stored in the attribute.\n    pub fn value(self) -> i64 {{\n        match self {{"
    );
    for (_, v, c) in &cases {
        let _ = writeln!(out, "            {name}::{c} => {v},");
    }
    let _ = writeln!(out, "        }}\n    }}");
    let _ = writeln!(out, "\n    /// The case of a stored value.\n    pub fn from_value(value: i64) -> Option<{name}> {{\n        match value {{");
    let mut seen = std::collections::HashSet::new();
    for (_, v, c) in &cases {
        if seen.insert(*v) {
            let _ = writeln!(out, "            {v} => Some({name}::{c}),");
        }
    }
    let _ = writeln!(out, "            _ => None,\n        }}\n    }}");
    let _ = writeln!(out, "\n    /// The case's spelling in MLIR's text (MLIR's `stringify`).\n    pub fn as_str(self) -> &'static str {{\n        match self {{");
    for (spelling, _, c) in &cases {
        let _ = writeln!(out, "            {name}::{c} => {},", lit(spelling));
    }
    let _ = writeln!(out, "        }}\n    }}");
    let _ = writeln!(
        out,
        "\n    /// The case of `attr` (an integer attribute).\n    pub fn from_attr(attr: &::omnir::Attribute) -> ::omnir::Result<{name}> {{\n        let value = attr.int_value()?;\n        {name}::from_value(value).ok_or_else(|| {})\n    }}\n}}",
        no_case("value")
    );
    let _ = writeln!(
        out,
        "\nimpl ::std::fmt::Display for {name} {{\n    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {{\n        f.write_str(self.as_str())\n    }}\n}}"
    );
    let _ = writeln!(
        out,
        "\nimpl ::std::str::FromStr for {name} {{\n    type Err = ::omnir::Error;\n\n    /// The case spelled `text` (MLIR's `symbolize`).\n    fn from_str(text: &str) -> ::omnir::Result<{name}> {{\n        match text {{"
    );
    for (spelling, _, c) in &cases {
        let _ = writeln!(out, "            {} => Ok({name}::{c}),", lit(spelling));
    }
    let _ = writeln!(out, "            _ => Err({}),\n        }}\n    }}\n}}", no_case("text"));
}

/// The module of the dialect.
pub fn module(d: &Dialect, source: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "// Generated by omnir-gen from {source}; do not edit.");
    let _ = writeln!(out, "//");
    let _ = writeln!(
        out,
        "// The `{}` dialect's ops as typed views over `omnir::Operation`, its types and attributes over\n// `omnir::Type` / `omnir::Attribute` (see `omnir::ods`).",
        d.name
    );
    for e in &d.enums {
        write_enum(&mut out, e);
    }
    for k in &d.kinds {
        write_kind(&mut out, k, &d.enums);
    }
    for op in &d.ops {
        write_op(&mut out, op);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_follow_rust() {
        assert_eq!(super::snake("overflowFlags"), "overflow_flags");
        assert_eq!(super::snake("sym_name"), "sym_name");
        assert_eq!(super::snake("operandSegmentSizes"), "operand_segment_sizes");
        assert_eq!(super::snake("type"), "type_");
        assert_eq!(super::snake("non-leaf"), "non_leaf");
        assert_eq!(super::snake("1d"), "_1d");
        assert_eq!(super::camel("slt"), "Slt");
        assert_eq!(super::camel("OEQ"), "Oeq");
        assert_eq!(super::camel("AlwaysFalse"), "AlwaysFalse");
        assert_eq!(super::camel("AddIOp"), "AddIOp");
        assert_eq!(super::camel("1d"), "Case1d");
    }

    #[test]
    fn descriptions_never_become_doctests() {
        let mut out = String::new();
        super::doc(&mut out, "", "Sum", "\n  Adds.\n\n      %0 = x\n  ```\n  %1 = y\n  ```\n  ```mlir\n  z");
        assert_eq!(out, "/// Sum\n///\n/// Adds.\n///\n/// %0 = x\n/// ```text\n///   %1 = y\n/// ```\n/// ```mlir\n///   z\n/// ```\n");
    }
}
