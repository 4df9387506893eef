//! C++ bindings: a header per dialect (`omnir/cxx/dialects/<d>.h`) of MLIR-style op classes
//! over the C++ bridge, so that C++ code reads as code written against MLIR:
//! `arith::AddIOp::create(builder, loc, lhs, rhs)` or `builder.create<arith::AddIOp>(loc,
//! lhs, rhs)` (result types left to the core where the definition determines them),
//! `op.getLhs()`, `op.getPredicateAttr()` / `op.getPredicate()`, `dyn_cast<arith::AddIOp>(op)`,
//! enums as `enum class` with `stringify<E>` / `symbolize<E>`. What the classes share at run
//! time is the hand-written `omnir/cxx/dialects/OdsCommon.h`.

use std::collections::HashSet;
use std::fmt::Write;

use super::model::{Argument, AttrKind, Dialect, Enum, Group, Kind, KindParam, Op};
use super::{c_identifier, c_string_literal as cstr, UniqueNames};
use crate::dialect::Arity;

/// C++'s keywords and the builder's own parameter names: `_` is appended.
const RESERVED: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "compl",
    "const",
    "constexpr",
    "const_cast",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "builder",
    "state",
    "loc",
    "ctx",
    "successors",
];

fn ident(name: &str) -> String {
    c_identifier(name, RESERVED)
}

/// ODS's accessor stem: each `_`-separated word capitalized (`sym_name` -> `SymName`,
/// `lowerBound` -> `LowerBound`).
fn camel(name: &str) -> String {
    let mut out = String::new();
    for word in name.split('_').filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    ident(&out)
}

/// The namespace of a dialect's classes, as upstream names it.
pub fn namespace(dialect: &str) -> String {
    match dialect {
        "llvm" => "LLVM".to_string(),
        other => ident(other),
    }
}

/// One line of a `///` comment (a trailing `\\` would continue it onto the next line).
fn comment(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").trim_end_matches('\\').to_string()
}

/// The bridge class an attribute of this kind is read as.
fn attr_class(kind: &AttrKind) -> &'static str {
    match kind {
        AttrKind::Unit => "::omnir::UnitAttr",
        AttrKind::Bool => "::omnir::BoolAttr",
        AttrKind::Int(_) | AttrKind::Enum(..) => "::omnir::IntegerAttr",
        AttrKind::String | AttrKind::SymbolName => "::omnir::StringAttr",
        AttrKind::FlatSymbolRef => "::omnir::FlatSymbolRefAttr",
        AttrKind::SymbolRef => "::omnir::SymbolRefAttr",
        AttrKind::Type => "::omnir::TypeAttr",
        AttrKind::Array => "::omnir::ArrayAttr",
        AttrKind::Dictionary => "::omnir::DictionaryAttr",
        AttrKind::DenseArray(_) | AttrKind::DialectAttr(_) | AttrKind::Any => "::omnir::Attribute",
    }
}

/// The builder's parameter type for an attribute, and whether an absent value is spelled
/// by the type itself (a null handle, `false`) rather than `std::optional`.
fn attr_param(kind: &AttrKind, enum_name: impl Fn(&str) -> String) -> (String, bool) {
    match kind {
        AttrKind::Unit => ("bool".into(), true),
        AttrKind::Bool => ("bool".into(), false),
        AttrKind::Int(_) => ("int64_t".into(), false),
        AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef => ("std::string_view".into(), false),
        AttrKind::Enum(name, _) => (enum_name(name), false),
        AttrKind::DenseArray(1) => ("std::vector<bool>".into(), false),
        AttrKind::DenseArray(_) => ("std::vector<int64_t>".into(), false),
        AttrKind::DialectAttr(_) => ("::omnir::ods::CaseAttr".into(), true),
        AttrKind::Type => ("::omnir::Type".into(), true),
        other => (attr_class(other).into(), true),
    }
}

/// The attribute built from the parameter `v` (a plain value, or `*v` of an optional).
fn attr_value(kind: &AttrKind, v: &str) -> String {
    match kind {
        AttrKind::Unit => "::omnir::UnitAttr::get(ctx)".into(),
        AttrKind::Bool => format!("::omnir::BoolAttr::get(ctx, {v})"),
        AttrKind::Int(t) => format!("::omnir::ods::intAttr(ctx, {}, {v})", cstr(t)),
        AttrKind::String | AttrKind::SymbolName => format!("::omnir::StringAttr::get(ctx, {v})"),
        AttrKind::FlatSymbolRef => format!("::omnir::FlatSymbolRefAttr::get(ctx, {v})"),
        AttrKind::Enum(_, w) => format!("::omnir::ods::enumAttr(ctx, {w}, static_cast<uint64_t>({v}))"),
        AttrKind::DenseArray(1) => format!("::omnir::ods::denseArray(ctx, {v})"),
        AttrKind::DenseArray(w) => format!("::omnir::ods::denseArray(ctx, {w}, {v})"),
        AttrKind::DialectAttr(q) => format!("{v}.get(ctx, {})", cstr(q)),
        AttrKind::Type => format!("::omnir::TypeAttr::get({v})"),
        _ => v.to_string(),
    }
}

fn group_type(g: &Group, one: &str) -> String {
    match g.arity {
        Arity::Variadic => format!("const std::vector<{one}> &"),
        Arity::Single | Arity::Optional => one.to_string(),
    }
}

/// A builder parameter: its C++ type and name, whether it may be left out, and the
/// statements that put it into the `OperationState`.
struct Param {
    ty: String,
    name: String,
    optional: bool,
}

struct Builder {
    params: Vec<Param>,
    body: Vec<String>,
}

fn segment_sizes(groups: &[(&Group, String)]) -> String {
    let sizes: Vec<String> = groups
        .iter()
        .map(|(g, n)| match g.arity {
            Arity::Single => "1".to_string(),
            Arity::Optional => format!("{n} ? 1 : 0"),
            Arity::Variadic => format!("static_cast<int32_t>({n}.size())"),
        })
        .collect();
    format!("{{{}}}", sizes.join(", "))
}

fn builder_of(op: &Op, enum_name: &impl Fn(&str) -> String) -> Builder {
    let mut params = Vec::new();
    let mut body = Vec::new();
    let mut names = UniqueNames::default();
    let mut unique = |base: String| names.take(base);
    let mut results: Vec<(&Group, String)> = Vec::new();
    if !op.infers_results {
        for r in &op.results {
            let name = unique(ident(&r.name));
            params.push(Param { ty: group_type(r, "::omnir::Type"), name: name.clone(), optional: false });
            results.push((r, name));
        }
    }
    let mut operands: Vec<(&Group, String)> = Vec::new();
    let mut attrs = Vec::new();
    for a in &op.arguments {
        let name = unique(ident(a.name()));
        match a {
            Argument::Operand(g) => {
                // A variadic group at the end may be left out too (empty), as a ValueRange `{}`.
                let optional = a.is_optional() || g.arity == Arity::Variadic;
                params.push(Param { ty: group_type(g, "::omnir::Value"), name: name.clone(), optional });
                operands.push((g, name));
            }
            Argument::Attribute(at) => {
                let (ty, nullable) = attr_param(&at.kind, enum_name);
                let ty = if at.optional && !nullable { format!("std::optional<{ty}>") } else { ty };
                let ty = if ty.starts_with("std::vector") || ty.starts_with("std::optional<std::vector") {
                    format!("const {ty} &")
                } else {
                    ty
                };
                params.push(Param { ty, name: name.clone(), optional: a.is_optional() });
                let set = |v: &str| format!("state.addAttribute({}, {});", cstr(&at.name), attr_value(&at.kind, v));
                attrs.push(if at.kind == AttrKind::Unit {
                    format!("if ({name}) {}", set(&name))
                } else if at.optional && !nullable {
                    format!("if ({name}) {}", set(&format!("*{name}")))
                } else if at.optional {
                    format!("if ({name}) {}", set(&name))
                } else {
                    set(&name)
                });
            }
        }
    }
    for (g, name) in &operands {
        body.push(match g.arity {
            Arity::Single => format!("state.addOperand({name});"),
            Arity::Optional => format!("if ({name}) state.addOperand({name});"),
            Arity::Variadic => format!("state.addOperands({name});"),
        });
    }
    if op.sized_operand_segments {
        body.push(format!(
            "state.addAttribute(\"operandSegmentSizes\", ::omnir::ods::segmentSizes(ctx, {}));",
            segment_sizes(&operands)
        ));
    }
    body.extend(attrs);
    if op.infers_results {
        body.push("state.enableResultTypeInference();".into());
    } else {
        for (g, name) in &results {
            body.push(match g.arity {
                Arity::Single => format!("state.addType({name});"),
                Arity::Optional => format!("if ({name}) state.addType({name});"),
                Arity::Variadic => format!("state.addTypes({name});"),
            });
        }
        if op.sized_result_segments {
            body.push(format!(
                "state.addAttribute(\"resultSegmentSizes\", ::omnir::ods::segmentSizes(ctx, {}));",
                segment_sizes(&results)
            ));
        }
    }
    let mut successors = Vec::new();
    for s in &op.successors {
        let name = unique(ident(&s.name));
        params.push(Param { ty: group_type(s, "::omnir::Block"), name: name.clone(), optional: false });
        successors.push(match s.arity {
            Arity::Variadic => format!("for (const auto &block_ : {name}) successors.push_back(block_);"),
            Arity::Optional => format!("if ({name}) successors.push_back({name});"),
            Arity::Single => format!("successors.push_back({name});"),
        });
    }
    if !successors.is_empty() {
        body.push("std::vector<::omnir::Block> successors;".into());
        body.extend(successors);
        body.push("state.addSuccessors(successors);".into());
    }
    let fixed = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    match op.regions.iter().find(|r| r.arity == Arity::Variadic) {
        Some(r) => {
            let name = unique(ident(&format!("num_{}", r.name)));
            params.push(Param { ty: "unsigned".into(), name: name.clone(), optional: false });
            body.push(format!("state.setNumRegions({fixed} + {name});"));
        }
        None if fixed > 0 => body.push(format!("state.setNumRegions({fixed});")),
        None => {}
    }
    Builder { params, body }
}

/// The parameter list: the trailing run of optional parameters defaults to absent.
fn param_list(params: &[Param]) -> String {
    let first_default = params.iter().rposition(|p| !p.optional).map_or(0, |i| i + 1);
    params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let sep = if p.ty.ends_with('&') { "" } else { " " };
            if i >= first_default {
                format!("{}{sep}{} = {{}}", p.ty, p.name)
            } else {
                format!("{}{sep}{}", p.ty, p.name)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn write_op(out: &mut String, op: &Op, enum_name: &impl Fn(&str) -> String) {
    let cls = ident(&op.class_name);
    let b = builder_of(op, enum_name);
    let summary = comment(&op.summary);
    let _ =
        writeln!(out, "\n/// {}`{}`", if summary.is_empty() { String::new() } else { format!("{summary} ") }, op.name);
    let _ = writeln!(out, "class {cls} : public ::omnir::OpState {{\npublic:");
    let _ = writeln!(out, "  {cls}() = default;");
    let _ = writeln!(out, "  {cls}(::omnir::Operation op) : OpState(op) {{}} // NOLINT: a view, as MLIR's Op classes");
    let _ = writeln!(out, "  static constexpr const char *getOperationName() {{ return {}; }}", cstr(&op.name));
    let _ = writeln!(
        out,
        "  static bool classof(const ::omnir::Operation &op) {{ return op.getName() == getOperationName(); }}"
    );
    let params = param_list(&b.params);
    let sep = if params.is_empty() { "" } else { ", " };
    let _ = writeln!(
        out,
        "  static void build(::omnir::OpBuilder &builder, ::omnir::OperationState &state{sep}{params}) {{"
    );
    let _ = writeln!(out, "    (void)builder;\n    ::omnir::Context ctx = state.getContext();\n    (void)ctx;");
    for line in &b.body {
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(out, "  }}");
    let names: Vec<&str> = b.params.iter().map(|p| p.name.as_str()).collect();
    let _ = writeln!(
        out,
        "  static {cls} create(::omnir::OpBuilder &builder, ::omnir::Location loc{sep}{params}) {{\n    return builder.create<{cls}>(loc{sep}{});\n  }}",
        names.join(", ")
    );
    // Accessors, named as ODS names them; a name a member of OpState already has is skipped.
    let mut taken: HashSet<String> =
        ["getOperation", "getContext", "getLoc", "getOperationName"].iter().map(|s| s.to_string()).collect();
    let mut getter = |out: &mut String, name: String, ty: &str, expr: String| {
        if taken.insert(name.clone()) {
            let _ = writeln!(out, "  {ty} {name}() const {{ return {expr}; }}");
        }
    };
    for (i, g) in op.operands().enumerate() {
        let name = format!("get{}", camel(&g.name));
        match g.arity {
            Arity::Variadic => {
                getter(out, name, "std::vector<::omnir::Value>", format!("::omnir::ods::operands(op_, {i})"))
            }
            _ => getter(out, name, "::omnir::Value", format!("::omnir::ods::operand(op_, {i})")),
        }
    }
    for (i, r) in op.results.iter().enumerate() {
        let name = format!("get{}", camel(&r.name));
        match r.arity {
            Arity::Variadic => {
                getter(out, name, "std::vector<::omnir::Value>", format!("::omnir::ods::results(op_, {i})"))
            }
            _ => getter(out, name, "::omnir::Value", format!("::omnir::ods::result(op_, {i})")),
        }
    }
    let single_result = op.results.len() == 1 && op.results[0].arity == Arity::Single;
    if single_result {
        getter(out, "getResult".into(), "::omnir::Value", "op_.getResult(0)".into());
        let _ = writeln!(
            out,
            "  operator ::omnir::Value() const {{ return op_.getResult(0); }} // NOLINT: as MLIR's OneResult"
        );
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        let stem = camel(&at.name);
        let class = attr_class(&at.kind);
        let read = if class == "::omnir::Attribute" {
            format!("op_.getAttr({})", cstr(&at.name))
        } else {
            format!("op_.getAttrOfType<{class}>({})", cstr(&at.name))
        };
        getter(out, format!("get{stem}Attr"), class, read.clone());
        let value = |plain: &str, of: &str| -> (String, String) {
            if at.optional {
                (
                    format!("std::optional<{plain}>"),
                    format!("[&]() -> std::optional<{plain}> {{ auto a = {read}; if (!a) return std::nullopt; return {of}; }}()"),
                )
            } else {
                (plain.to_string(), format!("{read}.{}", of.trim_start_matches("a.")))
            }
        };
        let (ty, expr) = match &at.kind {
            AttrKind::Unit => ("bool".to_string(), format!("static_cast<bool>(op_.getAttr({}))", cstr(&at.name))),
            AttrKind::Bool => value("bool", "a.getValue()"),
            AttrKind::Int(_) => value("int64_t", "a.getInt()"),
            AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef => value("std::string", "a.getValue()"),
            AttrKind::Type => value("::omnir::Type", "a.getValue()"),
            AttrKind::Enum(e, _) => {
                let e = enum_name(e);
                if at.optional {
                    value(&e, &format!("static_cast<{e}>(a.getUInt())"))
                } else {
                    (e.clone(), format!("static_cast<{e}>({read}.getUInt())"))
                }
            }
            _ => (class.to_string(), read),
        };
        getter(out, format!("get{stem}"), &ty, expr);
    }
    let fixed_regions = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    for (i, r) in op.regions.iter().enumerate() {
        let name = format!("get{}", camel(&r.name));
        if r.arity == Arity::Variadic {
            getter(
                out,
                name,
                "std::vector<::omnir::Region>",
                format!("::omnir::ods::regionsFrom(op_, {fixed_regions})"),
            );
        } else {
            getter(out, name, "::omnir::Region", format!("op_.getRegion({i})"));
        }
    }
    for (i, s) in op.successors.iter().enumerate() {
        let name = format!("get{}", camel(&s.name));
        if s.arity == Arity::Variadic {
            getter(out, name, "std::vector<::omnir::Block>", format!("::omnir::ods::successorsFrom(op_, {i})"));
        } else {
            getter(out, name, "::omnir::Block", format!("op_.getSuccessor({i})"));
        }
    }
    let _ = writeln!(out, "}};");
}

fn write_enum(out: &mut String, e: &Enum) {
    let name = ident(&e.name);
    let symbols: Vec<String> =
        e.symbols.iter().map(|s| if s.is_empty() { "None_".to_string() } else { ident(s) }).collect();
    let _ = writeln!(out, "\n/// The cases of `{}`.", e.name);
    let cases: Vec<String> = symbols.iter().zip(&e.cases).map(|(s, (_, v))| format!("{s} = {v}")).collect();
    let underlying = if e.cases.iter().any(|(_, v)| *v < 0) { "int64_t" } else { "uint64_t" };
    let _ = writeln!(out, "enum class {name} : {underlying} {{ {} }};", cases.join(", "));
    // MLIR's stringify/symbolize pair; a bit enum's value may be several cases joined by `,`.
    let _ = writeln!(out, "inline std::string stringify{name}({name} value) {{");
    let _ = writeln!(out, "  uint64_t v = static_cast<uint64_t>(value);\n  (void)v;");
    for ((spelling, _), sym) in e.cases.iter().zip(&symbols) {
        let _ = writeln!(out, "  if (value == {name}::{sym}) return {};", cstr(spelling));
    }
    if e.bit {
        let _ = writeln!(out, "  std::string out;");
        for (spelling, v) in &e.cases {
            if *v > 0 && (*v & (*v - 1)) == 0 {
                let word = cstr(spelling);
                let _ = writeln!(out, "  if (v & {v}u) out += out.empty() ? {word} : \",\" {word};");
            }
        }
        let _ = writeln!(out, "  return out;\n}}");
        let _ = writeln!(
            out,
            "inline {name} operator|({name} a, {name} b) {{ return static_cast<{name}>(static_cast<uint64_t>(a) | static_cast<uint64_t>(b)); }}"
        );
        let _ = writeln!(
            out,
            "inline {name} operator&({name} a, {name} b) {{ return static_cast<{name}>(static_cast<uint64_t>(a) & static_cast<uint64_t>(b)); }}"
        );
    } else {
        let _ = writeln!(out, "  return \"\";\n}}");
    }
    let _ = writeln!(out, "inline std::optional<{name}> symbolize{name}(std::string_view text) {{");
    for ((spelling, _), s) in e.cases.iter().zip(&symbols) {
        let _ = writeln!(out, "  if (text == {}) return {name}::{s};", cstr(spelling));
    }
    let _ = writeln!(out, "  return std::nullopt;\n}}");
}

/// The header of the dialect.
/// A type or attribute kind: a class over `::omnir::Type` / `::omnir::Attribute` with
/// `get(ctx, <params>)`, `classof` (so `isa` / `dyn_cast` / `cast` work), `get<Param>()`.
fn write_kind(out: &mut String, k: &Kind, enum_name: &impl Fn(&str) -> String, enums: &[Enum]) {
    let cls = ident(&k.class_name);
    let (base, sigil, which) = if k.is_type { ("Type", "!", "Type") } else { ("Attribute", "#", "Attr") };
    let summary = comment(&k.summary);
    let _ = writeln!(
        out,
        "\n/// {}`{sigil}{}`",
        if summary.is_empty() { String::new() } else { format!("{summary} ") },
        k.qualified
    );
    let _ = writeln!(out, "class {cls} : public ::omnir::{base} {{\npublic:");
    let _ = writeln!(out, "  {cls}() = default;");
    let _ = writeln!(out, "  {cls}(::omnir::{base} value) : {base}(value) {{}} // NOLINT: cast<{cls}>(value)");
    let _ = writeln!(out, "  static constexpr const char *name = {};", cstr(&k.qualified));
    let type_id_name = if k.is_type { k.qualified.clone() } else { format!("#{}", k.qualified) };
    let _ = writeln!(
        out,
        "  static bool classof(const ::omnir::{base} &value) {{\n    static const uint32_t id = ::omnir::getTypeID({});\n    return value && value.getTypeID() == id;\n  }}",
        cstr(&type_id_name)
    );
    // Enum parameters of an enum the dialect does not declare stay attributes.
    let kind_of = |p: &KindParam| match &p.kind {
        AttrKind::Enum(e, _) if !enums.iter().any(|x| &x.name == e) => AttrKind::Any,
        AttrKind::Unit | AttrKind::DialectAttr(_) => AttrKind::Any,
        other => other.clone(),
    };
    let mut names = UniqueNames::default();
    names.take("ctx".to_string());
    names.take("name".to_string());
    let params: Vec<(String, AttrKind)> = k.params.iter().map(|p| (names.take(ident(&p.name)), kind_of(p))).collect();
    let mut sig = vec!["::omnir::Context ctx".to_string()];
    sig.extend(params.iter().map(|(n, kind)| {
        let (ty, _) = attr_param(kind, enum_name);
        let by = if ty.starts_with("std::vector") { format!("const {ty} &") } else { format!("{ty} ") };
        format!("{by}{n}")
    }));
    let values: Vec<String> = params.iter().map(|(n, kind)| attr_value(kind, n)).collect();
    let _ = writeln!(
        out,
        "  /// `{sigil}{}` with these parameters; throws omnir::Error when they break the definition's\n  /// constraints.\n  static {cls} get({}) {{\n    return {cls}(::omnir::ods::dialect{which}(ctx, name, {{{}}}));\n  }}",
        k.qualified,
        sig.join(", "),
        values.join(", ")
    );
    let mut taken: HashSet<String> = ["getContext", "getTypeID", "getHandle"].iter().map(|s| s.to_string()).collect();
    for (i, (p, (_, kind))) in k.params.iter().zip(&params).enumerate() {
        let stem = camel(&p.name);
        let read = format!("::omnir::ods::{}Param(*this, {i})", if k.is_type { "type" } else { "attr" });
        let (ty, expr) = match kind {
            AttrKind::Bool => ("bool".to_string(), format!("::omnir::cast<::omnir::BoolAttr>({read}).getValue()")),
            AttrKind::Int(_) => {
                ("int64_t".to_string(), format!("::omnir::cast<::omnir::IntegerAttr>({read}).getInt()"))
            }
            AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef => {
                let class = attr_class(kind);
                ("std::string".to_string(), format!("::omnir::cast<{class}>({read}).getValue()"))
            }
            AttrKind::Type => {
                ("::omnir::Type".to_string(), format!("::omnir::cast<::omnir::TypeAttr>({read}).getValue()"))
            }
            AttrKind::Enum(e, _) => {
                let e = enum_name(e);
                (e.clone(), format!("static_cast<{e}>(::omnir::cast<::omnir::IntegerAttr>({read}).getUInt())"))
            }
            _ => ("::omnir::Attribute".to_string(), read),
        };
        let name = format!("get{stem}");
        if taken.insert(name.clone()) {
            let _ = writeln!(out, "  {ty} {name}() const {{ return {expr}; }}");
        }
    }
    let _ = writeln!(out, "}};");
}

pub fn header(d: &Dialect, source: &str) -> String {
    let ns = namespace(&d.name);
    let guard = format!("OMNIR_CXX_DIALECTS_{}_H", ident(&d.name).to_uppercase());
    let mut out = String::new();
    let _ = writeln!(out, "// Generated by omnir-gen from {source}; do not edit.");
    let _ = writeln!(out, "#ifndef {guard}\n#define {guard}\n");
    let _ = writeln!(
        out,
        "#include <cstdint>\n#include <optional>\n#include <string>\n#include <string_view>\n#include <vector>\n"
    );
    let _ = writeln!(out, "#include \"omnir/cxx/dialects/OdsCommon.h\"\n");
    let _ = writeln!(out, "namespace omnir {{\nnamespace {ns} {{");
    for e in &d.enums {
        write_enum(&mut out, e);
    }
    let enum_name = |n: &str| format!("::omnir::{ns}::{}", ident(n));
    for k in &d.kinds {
        write_kind(&mut out, k, &enum_name, &d.enums);
    }
    for op in &d.ops {
        write_op(&mut out, op, &enum_name);
    }
    let _ = writeln!(out, "\n}} // namespace {ns}\n}} // namespace omnir\n\n#endif // {guard}");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_follow_ods() {
        assert_eq!(super::camel("sym_name"), "SymName");
        assert_eq!(super::camel("lowerBound"), "LowerBound");
        assert_eq!(super::ident("default"), "default_");
        assert_eq!(super::ident("non-leaf"), "non_leaf");
        assert_eq!(super::ident("1d"), "_1d");
        assert_eq!(super::namespace("llvm"), "LLVM");
    }
}
