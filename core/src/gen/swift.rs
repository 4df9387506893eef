//! Swift bindings: a file per dialect over the `Omnir` package: a namespace (`Arith`) with a
//! view type per op (`Arith.AddIOp`, an `OpView`) whose `create(lhs:rhs:overflowFlags:
//! location:at:)` takes the ODS arguments by label (result types left to the core where the
//! definition determines them) and `state(...)` the `OperationState` to finish yourself;
//! accessors as throwing properties in lowerCamelCase (`lhs`, `predicate` /
//! `predicateAttr`); integer enums as `Int64` enums, bit enums as `OptionSet`s. The shipped
//! dialects' files are the `OmnirDialects` target; a package's own come from the `OmnirGen`
//! build-tool plugin. Each type or attribute kind of the dialect is a view over `Type` /
//! `Attribute` (`Pixels.RgbType`, a `TypeView`) with `get(<params>, context:)` taking plain
//! values, the cast `init?(_:)` and a throwing property per parameter. What they share at run
//! time is the hand-written `OpView.swift`.

use std::fmt::Write;

use super::model::{Argument, AttrKind, Dialect, Enum, Group, Kind, Op};
use super::UniqueNames;
use crate::dialect::Arity;

/// Swift's keywords (and the builders' own labels): `_` is appended.
const RESERVED: &[&str] = &[
    "associatedtype",
    "class",
    "deinit",
    "enum",
    "extension",
    "fileprivate",
    "func",
    "import",
    "init",
    "inout",
    "internal",
    "let",
    "open",
    "operator",
    "private",
    "precedencegroup",
    "protocol",
    "public",
    "rethrows",
    "static",
    "struct",
    "subscript",
    "typealias",
    "var",
    "break",
    "case",
    "catch",
    "continue",
    "default",
    "defer",
    "do",
    "else",
    "fallthrough",
    "for",
    "guard",
    "if",
    "in",
    "repeat",
    "return",
    "throw",
    "switch",
    "where",
    "while",
    "Any",
    "as",
    "await",
    "false",
    "is",
    "nil",
    "self",
    "Self",
    "super",
    "throws",
    "true",
    "try",
    "Type",
    "location",
    "at",
    "context",
    "state",
    "some",
    "any",
];

fn identifier(mut name: String) -> String {
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    if RESERVED.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// lowerCamelCase of an ODS name (`sym_name` -> `symName`, `overflowFlags` stays; an
/// all-capitals word is lowered: `OEQ` -> `oeq`).
fn lower_camel(name: &str) -> String {
    let mut out = String::new();
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        let all_upper = word.chars().all(|c| !c.is_ascii_lowercase());
        if out.is_empty() {
            if all_upper {
                out.push_str(&word.to_ascii_lowercase());
            } else {
                let mut chars = word.chars();
                out.extend(chars.next().map(|c| c.to_ascii_lowercase()));
                out.push_str(chars.as_str());
            }
        } else {
            let mut chars = word.chars();
            out.extend(chars.next().map(|c| c.to_ascii_uppercase()));
            out.push_str(chars.as_str());
        }
    }
    identifier(out)
}

/// UpperCamelCase of an ODS class name (`AddIOp` stays).
fn upper_camel(name: &str) -> String {
    let mut out = String::new();
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        out.extend(chars.next().map(|c| c.to_ascii_uppercase()));
        out.push_str(chars.as_str());
    }
    identifier(out)
}

/// The namespace of a dialect's types (`Arith`, `LLVM`, `MemRef`).
pub fn namespace(dialect: &str) -> String {
    match dialect {
        "llvm" => "LLVM".into(),
        "scf" => "SCF".into(),
        "cf" => "CF".into(),
        "gpu" => "GPU".into(),
        "ub" => "UB".into(),
        "memref" => "MemRef".into(),
        other => upper_camel(other),
    }
}

fn lit(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn doc(out: &mut String, indent: &str, summary: &str) {
    let summary = summary.split_whitespace().collect::<Vec<_>>().join(" ");
    let _ = writeln!(out, "{indent}/// {summary}");
}

/// An op's first doc line: its name, then its summary when it has one.
fn heading(op: &Op) -> String {
    if op.summary.trim().is_empty() {
        format!("`{}`", op.name)
    } else {
        format!("`{}`: {}", op.name, op.summary)
    }
}

fn attr_param(kind: &AttrKind) -> String {
    match kind {
        AttrKind::Unit | AttrKind::Bool => "Bool".into(),
        AttrKind::Int(_) => "Int64".into(),
        AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef => "String".into(),
        AttrKind::Enum(name, _) => upper_camel(name),
        AttrKind::DenseArray(1) => "[Bool]".into(),
        AttrKind::DenseArray(_) => "[Int64]".into(),
        AttrKind::DialectAttr(_) => "CaseAttr".into(),
        AttrKind::Type => "Omnir.`Type`".into(),
        AttrKind::SymbolRef | AttrKind::Array | AttrKind::Dictionary | AttrKind::Any => "Attribute".into(),
    }
}

/// The attribute made from parameter value `v`. The package's attribute types are qualified:
/// a dialect's own kind may take one's name (`#d.string` -> `StringAttr`) inside the namespace.
fn attr_value(kind: &AttrKind, v: &str) -> String {
    match kind {
        AttrKind::Unit => "Omnir.UnitAttr(context: context).attribute".into(),
        AttrKind::Bool => format!("Omnir.BoolAttr({v}, context: context).attribute"),
        AttrKind::Int(t) => format!("try ODS.intAttr({v}, type: {}, context: context)", lit(t)),
        AttrKind::String | AttrKind::SymbolName => format!("Omnir.StringAttr({v}, context: context).attribute"),
        AttrKind::FlatSymbolRef => format!("try Omnir.FlatSymbolRefAttr({v}, context: context).attribute"),
        AttrKind::Enum(_, w) => format!("try ODS.enumAttr({v}.rawValue, width: {w}, context: context)"),
        AttrKind::DenseArray(1) => format!("try ODS.denseArray({v}, context: context)"),
        AttrKind::DenseArray(w) => format!("try ODS.denseArray({v}, width: {w}, context: context)"),
        AttrKind::DialectAttr(q) => format!("try {v}.get({}, context: context)", lit(q)),
        AttrKind::Type => format!("Omnir.TypeAttr({v}).attribute"),
        AttrKind::SymbolRef | AttrKind::Array | AttrKind::Dictionary | AttrKind::Any => v.to_string(),
    }
}

/// The plain type an attribute `a` (an expression) of this kind reads back as, and the
/// expression reading it; `None`: it stays an attribute.
fn attr_read(kind: &AttrKind, a: &str) -> Option<(String, String)> {
    match kind {
        AttrKind::Bool => Some(("Bool".into(), format!("try ODS.boolValue({a})"))),
        AttrKind::Int(_) => Some(("Int64".into(), format!("try ODS.intValue({a})"))),
        AttrKind::String | AttrKind::SymbolName => Some(("String".into(), format!("try ODS.stringValue({a})"))),
        AttrKind::FlatSymbolRef => Some(("String".into(), format!("try ODS.symbolName({a})"))),
        AttrKind::Type => Some(("Omnir.`Type`".into(), format!("try ODS.typeValue({a})"))),
        AttrKind::Enum(e, _) => {
            let e = upper_camel(e);
            Some((e.clone(), format!("try ODS.enumCase({a}, {e}.self)")))
        }
        AttrKind::DenseArray(1) => Some(("[Bool]".into(), format!("try ODS.denseArrayValues({a}).map {{ $0 != 0 }}"))),
        AttrKind::DenseArray(_) => Some(("[Int64]".into(), format!("try ODS.denseArrayValues({a})"))),
        _ => None,
    }
}

fn group_param(g: &Group, one: &str) -> (String, &'static str) {
    match g.arity {
        Arity::Single => (one.to_string(), ""),
        Arity::Optional => (format!("({one})?"), " = nil"),
        Arity::Variadic => (format!("[{one}]"), " = []"),
    }
}

/// The statement adding a group to `state` with `add` (`addOperands`, `addResults`,
/// `addSuccessors`); `map` turns one element into what `add` takes.
fn add_group(g: &Group, name: &str, add: &str, map: &str) -> String {
    match g.arity {
        Arity::Single => format!("try state.{add}([{name}{map}])"),
        Arity::Optional => format!("if let {name} {{ try state.{add}([{name}{map}]) }}"),
        Arity::Variadic if map.is_empty() => format!("if !{name}.isEmpty {{ try state.{add}({name}) }}"),
        Arity::Variadic => format!("if !{name}.isEmpty {{ try state.{add}({name}.map {{ $0{map} }}) }}"),
    }
}

fn segment_sizes(groups: &[(&Group, String)]) -> String {
    let sizes: Vec<String> = groups
        .iter()
        .map(|(g, n)| match g.arity {
            Arity::Single => "1".to_string(),
            Arity::Optional => format!("{n} == nil ? 0 : 1"),
            Arity::Variadic => format!("{n}.count"),
        })
        .collect();
    sizes.join(", ")
}

struct Builder {
    /// (label, type, default).
    params: Vec<(String, String, &'static str)>,
    body: Vec<String>,
}

fn builder_of(op: &Op) -> Builder {
    let mut params = Vec::new();
    let mut body = Vec::new();
    let mut names = UniqueNames::default();
    let mut results: Vec<(&Group, String)> = Vec::new();
    if !op.infers_results {
        for r in &op.results {
            let name = names.take(lower_camel(&r.name));
            let (ty, default) = group_param(r, "Omnir.`Type`");
            params.push((name.clone(), ty, default));
            results.push((r, name));
        }
    }
    let mut operands: Vec<(&Group, String)> = Vec::new();
    let mut attrs = Vec::new();
    for a in &op.arguments {
        let name = names.take(lower_camel(a.name()));
        match a {
            Argument::Operand(g) => {
                let (ty, default) = group_param(g, "any ValueConvertible");
                params.push((name.clone(), ty, default));
                operands.push((g, name));
            }
            Argument::Attribute(at) => {
                let ty = attr_param(&at.kind);
                let key = lit(&at.name);
                if at.kind == AttrKind::Unit {
                    params.push((name.clone(), ty, " = false"));
                    attrs.push(format!(
                        "if {name} {{ try state.addAttribute({key}, Omnir.UnitAttr(context: context).attribute) }}"
                    ));
                } else if at.optional {
                    params.push((name.clone(), format!("{ty}?"), " = nil"));
                    attrs.push(format!(
                        "if let {name} {{ try state.addAttribute({key}, {}) }}",
                        attr_value(&at.kind, &name)
                    ));
                } else {
                    params.push((name.clone(), ty, ""));
                    attrs.push(format!("try state.addAttribute({key}, {})", attr_value(&at.kind, &name)));
                }
            }
        }
    }
    // A run of single operands is added in one call (one crossing into the core).
    let mut singles: Vec<String> = Vec::new();
    for (g, name) in &operands {
        if g.arity == Arity::Single {
            singles.push(format!("{name}.value"));
            continue;
        }
        if !singles.is_empty() {
            body.push(format!("try state.addOperands([{}])", singles.join(", ")));
            singles.clear();
        }
        body.push(add_group(g, name, "addOperands", ".value"));
    }
    if !singles.is_empty() {
        body.push(format!("try state.addOperands([{}])", singles.join(", ")));
    }
    if op.sized_operand_segments {
        body.push(format!(
            "try state.addAttribute(\"operandSegmentSizes\", ODS.segmentSizes([{}], context: context))",
            segment_sizes(&operands)
        ));
    }
    body.extend(attrs);
    if op.infers_results {
        body.push("try state.enableResultTypeInference()".into());
    } else {
        for (g, name) in &results {
            body.push(add_group(g, name, "addResults", ""));
        }
        if op.sized_result_segments {
            body.push(format!(
                "try state.addAttribute(\"resultSegmentSizes\", ODS.segmentSizes([{}], context: context))",
                segment_sizes(&results)
            ));
        }
    }
    for s in &op.successors {
        let name = names.take(lower_camel(&s.name));
        let (ty, default) = group_param(s, "Block");
        params.push((name.clone(), ty, if s.arity == Arity::Variadic { default } else { "" }));
        body.push(add_group(s, &name, "addSuccessors", ""));
    }
    let fixed = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    match op.regions.iter().find(|r| r.arity == Arity::Variadic) {
        Some(r) => {
            let name = names.take(lower_camel(&format!("num_{}", r.name)));
            params.push((name.clone(), "Int".into(), " = 0"));
            let count = if fixed == 0 { name.clone() } else { format!("{fixed} + {name}") };
            body.push(format!("try state.setNumRegions({count})"));
        }
        None if fixed > 0 => body.push(format!("try state.setNumRegions({fixed})")),
        None => {}
    }
    Builder { params, body }
}

fn write_op(out: &mut String, op: &Op) {
    let ty = upper_camel(&op.class_name);
    let b = builder_of(op);
    let _ = writeln!(out);
    doc(out, "    ", &heading(op));
    let _ = writeln!(out, "    public struct {ty}: OpView {{");
    let _ = writeln!(out, "        public static let operationName = {}", lit(&op.name));
    let _ = writeln!(out, "        public let operation: Operation");
    let _ = writeln!(out, "        public init(unchecked operation: Operation) {{ self.operation = operation }}");
    let params: Vec<String> = b.params.iter().map(|(n, t, d)| format!("{n}: {t}{d}")).collect();
    let params = params.iter().map(|p| format!("{p}, ")).collect::<String>();
    let args: String = b.params.iter().map(|(n, _, _)| format!("{n}: {n}, ")).collect();
    let _ = writeln!(
        out,
        "\n        /// An `OperationState` of one at `location` holding the arguments.\n        public static func state({params}location: Location) throws -> OperationState {{"
    );
    let _ = writeln!(out, "            let state = try OperationState({}, location: location)", lit(&op.name));
    let _ = writeln!(out, "            let context = location.context\n            _ = context");
    for line in &b.body {
        let _ = writeln!(out, "            {line}");
    }
    let _ = writeln!(out, "            return state\n        }}");
    let _ = writeln!(
        out,
        "\n        /// Builds one at `point` (detached, owned by the view, without one); on error nothing is created.\n        @discardableResult\n        public static func create({params}location: Location, at point: InsertionPoint? = nil) throws -> {ty} {{\n            let state = try Self.state({args}location: location)\n            guard let point else {{ return {ty}(unchecked: try state.create()) }}\n            return {ty}(unchecked: try state.create(at: point))\n        }}"
    );
    let mut names = UniqueNames::default();
    for reserved in ["operation", "operationName", "description", "hashValue", "state", "create", "init"] {
        names.take(reserved.to_string());
    }
    let mut getter = |out: &mut String, base: String, ty: &str, body: String| {
        let name = names.take(base);
        let _ = writeln!(out, "        public var {name}: {ty} {{ get throws {{ {body} }} }}");
    };
    let _ = writeln!(out);
    let group_getter = |g: &Group, i: usize, one: &str, many: &str| -> (String, String) {
        match g.arity {
            Arity::Variadic => ("[Value]".into(), format!("try ODS.{many}(operation, {i})")),
            Arity::Optional => ("Value?".into(), format!("try ODS.{one}(operation, {i})")),
            Arity::Single => {
                ("Value".into(), format!("try ODS.required(ODS.{one}(operation, {i}), operation, {})", lit(&g.name)))
            }
        }
    };
    for (i, g) in op.operands().enumerate() {
        let (t, body) = group_getter(g, i, "operand", "operands");
        getter(out, lower_camel(&g.name), &t, body);
    }
    for (i, r) in op.results.iter().enumerate() {
        let (t, body) = group_getter(r, i, "result", "results");
        getter(out, lower_camel(&r.name), &t, body);
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        let key = lit(&at.name);
        let stem = lower_camel(&at.name);
        if at.kind == AttrKind::Unit {
            getter(out, stem, "Bool", format!("try operation.inherentAttribute({key}) != nil"));
            continue;
        }
        let (raw_ty, raw) = if at.optional {
            ("Attribute?", format!("try operation.inherentAttribute({key})"))
        } else {
            ("Attribute", format!("try ODS.requiredAttribute(operation, {key})"))
        };
        match attr_read(&at.kind, "$0") {
            Some((t, conv)) => {
                getter(out, format!("{}Attr", stem.trim_end_matches('_')), raw_ty, raw.clone());
                if at.optional {
                    getter(out, stem, &format!("{t}?"), format!("try ({raw}).map {{ {conv} }}"));
                } else {
                    getter(out, stem, &t, format!("try {{ {conv} }}({raw})"));
                }
            }
            None => getter(out, stem, raw_ty, raw),
        }
    }
    let fixed_regions = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    for (i, r) in op.regions.iter().enumerate() {
        if r.arity == Arity::Variadic {
            getter(out, lower_camel(&r.name), "[Region]", format!("try ODS.regions(operation, from: {fixed_regions})"));
        } else {
            getter(out, lower_camel(&r.name), "Region", format!("try operation.region({i})"));
        }
    }
    for (i, s) in op.successors.iter().enumerate() {
        if s.arity == Arity::Variadic {
            getter(out, lower_camel(&s.name), "[Block]", format!("try ODS.successors(operation, from: {i})"));
        } else {
            getter(out, lower_camel(&s.name), "Block", format!("try operation.successor({i})"));
        }
    }
    let _ = writeln!(out, "    }}");
}

fn write_enum(out: &mut String, e: &Enum) {
    let name = upper_camel(&e.name);
    let _ = writeln!(out, "\n    /// The cases of `{}`.", e.name);
    if e.bit {
        let _ = writeln!(out, "    public struct {name}: OptionSet, Hashable, CustomStringConvertible {{");
        let _ = writeln!(out, "        public let rawValue: Int64");
        let _ = writeln!(out, "        public init(rawValue: Int64) {{ self.rawValue = rawValue }}");
        let mut consts = UniqueNames::default();
        for reserved in ["rawValue", "description", "init"] {
            consts.take(reserved.to_string());
        }
        // The zero case is the empty set (`[]`), spelled as its word in `description`.
        for ((_, v), s) in e.cases.iter().zip(&e.symbols) {
            if *v != 0 {
                let c = consts.take(lower_camel(s));
                let _ = writeln!(out, "        public static let {c} = {name}(rawValue: {v})");
            }
        }
        let _ = writeln!(out, "        /// The case words joined by `,` (MLIR's `stringify`).");
        let _ = writeln!(out, "        public var description: String {{\n            switch rawValue {{");
        let mut seen = std::collections::HashSet::new();
        for (spelling, v) in &e.cases {
            if seen.insert(*v) {
                let _ = writeln!(out, "            case {v}: return {}", lit(spelling));
            }
        }
        let _ = writeln!(out, "            default:\n                var words: [String] = []");
        for (spelling, v) in &e.cases {
            if *v > 0 && (*v & (*v - 1)) == 0 {
                let _ = writeln!(out, "                if rawValue & {v} != 0 {{ words.append({}) }}", lit(spelling));
            }
        }
        let _ = writeln!(out, "                return words.joined(separator: \",\")\n            }}\n        }}");
        let _ = writeln!(
            out,
            "        /// Case words joined by `,` (MLIR's `symbolize`); `nil` when one is no case.\n        public init?(words: String) {{\n            var value: Int64 = 0\n            for word in words.split(separator: \",\") {{\n                switch String(word.filter {{ !$0.isWhitespace }}) {{"
        );
        for (spelling, v) in &e.cases {
            let _ = writeln!(out, "                case {}: value |= {v}", lit(spelling));
        }
        let _ = writeln!(out, "                default: return nil\n                }}\n            }}\n            self.init(rawValue: value)\n        }}\n    }}");
        return;
    }
    let _ = writeln!(out, "    public enum {name}: Int64, CaseIterable, CustomStringConvertible {{");
    let mut variants = UniqueNames::default();
    let mut seen = std::collections::HashSet::new();
    let mut cases = Vec::new();
    for ((spelling, v), s) in e.cases.iter().zip(&e.symbols) {
        // A raw value names one case in Swift.
        if seen.insert(*v) {
            let c = variants.take(lower_camel(if s.is_empty() { "none" } else { s }));
            let _ = writeln!(out, "        case {c} = {v}");
            cases.push((spelling, c));
        }
    }
    let _ = writeln!(out, "        /// The case's spelling in MLIR's text (MLIR's `stringify`).\n        public var description: String {{\n            switch self {{");
    for (spelling, c) in &cases {
        let _ = writeln!(out, "            case .{c}: return {}", lit(spelling));
    }
    let _ = writeln!(out, "            }}\n        }}");
    let _ = writeln!(out, "        /// The case spelled `spelling` (MLIR's `symbolize`).\n        public init?(spelling: String) {{\n            switch spelling {{");
    for (spelling, c) in &cases {
        let _ = writeln!(out, "            case {}: self = .{c}", lit(spelling));
    }
    let _ = writeln!(out, "            default: return nil\n            }}\n        }}\n    }}");
}

/// A type or attribute kind: a `TypeView` / `AttributeView` (whose extension gives the cast
/// `init?(_:)`) with `name`, `get(<params>, context:)` and a throwing property per parameter.
fn write_kind(out: &mut String, ty: &str, k: &Kind, enums: &[Enum]) {
    let (view, handle, field, sigil, which) = if k.is_type {
        ("TypeView", "Omnir.`Type`", "type", "!", "type")
    } else {
        ("AttributeView", "Omnir.Attribute", "attribute", "#", "attribute")
    };
    let spelled = format!("{sigil}{}", k.qualified);
    let heading =
        if k.summary.trim().is_empty() { format!("`{spelled}`") } else { format!("`{spelled}`: {}", k.summary) };
    let _ = writeln!(out);
    doc(out, "    ", &heading);
    let _ = writeln!(out, "    public struct {ty}: {view} {{");
    let _ = writeln!(out, "        public static let name = {}", lit(&k.qualified));
    let _ = writeln!(out, "        public let {field}: {handle}");
    let _ = writeln!(out, "        public init(unchecked {field}: {handle}) {{ self.{field} = {field} }}");
    // A parameter of an enum the dialect does not declare, or a unit one (always present in
    // a kind), is given and read as the attribute.
    let kinds: Vec<AttrKind> = k
        .params
        .iter()
        .map(|p| match &p.kind {
            AttrKind::Enum(e, _) if !enums.iter().any(|x| &x.name == e) => AttrKind::Any,
            AttrKind::Unit => AttrKind::Any,
            other => other.clone(),
        })
        .collect();
    let mut labels = UniqueNames::default();
    labels.take("context".to_string());
    let labels: Vec<String> = k.params.iter().map(|p| labels.take(lower_camel(&p.name))).collect();
    let sig: String = labels.iter().zip(&kinds).map(|(n, kind)| format!("{n}: {}, ", attr_param(kind))).collect();
    let values: Vec<String> = labels.iter().zip(&kinds).map(|(n, kind)| attr_value(kind, n)).collect();
    let make = if k.is_type { "dialectType" } else { "dialectAttribute" };
    let what = if k.params.is_empty() {
        format!("`{spelled}` of `context`.")
    } else {
        format!("`{spelled}` with these parameters; throws when they break the definition's constraints.")
    };
    let _ = writeln!(
        out,
        "\n        /// {what}\n        public static func get({sig}context: Omnir.Context) throws -> {ty} {{\n            {ty}(unchecked: try ODS.{make}(Self.name, [{}], context: context))\n        }}",
        values.join(", ")
    );
    let mut names = UniqueNames::default();
    // The view's own members and those its protocols' extensions give.
    for reserved in [field, "context", "description", "hashValue", "typeID", "type", "init"] {
        names.take(reserved.to_string());
    }
    if !k.params.is_empty() {
        let _ = writeln!(out);
    }
    for (i, (p, kind)) in k.params.iter().zip(&kinds).enumerate() {
        let name = names.take(lower_camel(&p.name));
        let raw = format!("ODS.{which}Parameter(self.{field}, {i})");
        let (t, read) = attr_read(kind, &raw).unwrap_or_else(|| ("Omnir.Attribute".into(), format!("try {raw}")));
        let _ = writeln!(out, "        public var {name}: {t} {{ get throws {{ {read} }} }}");
    }
    let _ = writeln!(out, "    }}");
}

/// The Swift file of the dialect.
pub fn module(d: &Dialect, source: &str) -> String {
    let ns = namespace(&d.name);
    let mut out = String::new();
    let _ = writeln!(out, "// Generated by omnir-gen from {source}; do not edit.\n");
    let _ = writeln!(out, "import Omnir\n");
    let _ = writeln!(
        out,
        "/// The `{}` dialect's ops, types, attributes and enums, as typed views over `Operation`,\n/// `Type` and `Attribute`.",
        d.name
    );
    let _ = writeln!(out, "public enum {ns} {{}}\n\nextension {ns} {{");
    for e in &d.enums {
        write_enum(&mut out, e);
    }
    // A kind named like an op, an enum or a package type the generated code names unqualified
    // would shadow it inside the namespace: it gets no view (the generic API still reaches it).
    let mut taken: std::collections::HashSet<String> = [
        "Attribute",
        "Block",
        "CaseAttr",
        "Context",
        "InsertionPoint",
        "Location",
        "ODS",
        "Operation",
        "OperationState",
        "Region",
        "Value",
        "ValueConvertible",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    taken.insert(ns.clone());
    taken.extend(d.enums.iter().map(|e| upper_camel(&e.name)));
    taken.extend(d.ops.iter().map(|op| upper_camel(&op.class_name)));
    for k in &d.kinds {
        let ty = upper_camel(&k.class_name);
        if taken.insert(ty.clone()) {
            write_kind(&mut out, &ty, k, &d.enums);
        }
    }
    for op in &d.ops {
        write_op(&mut out, op);
    }
    let _ = writeln!(out, "}}");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_follow_swift() {
        assert_eq!(super::lower_camel("sym_name"), "symName");
        assert_eq!(super::lower_camel("overflowFlags"), "overflowFlags");
        assert_eq!(super::lower_camel("OEQ"), "oeq");
        assert_eq!(super::lower_camel("AlwaysFalse"), "alwaysFalse");
        assert_eq!(super::lower_camel("default"), "default_");
        assert_eq!(super::lower_camel("1d"), "_1d");
        assert_eq!(super::upper_camel("AddIOp"), "AddIOp");
        assert_eq!(super::namespace("llvm"), "LLVM");
        assert_eq!(super::namespace("cmath"), "Cmath");
        assert_eq!(super::lit("a\"b\\"), "\"a\\\"b\\\\\"");
    }
}
