//! Python bindings: one module per dialect with upstream's generated names
//! (`mlir.dialects._<d>_ops_gen`): a class per op (`AddIOp`, with `OPERATION_NAME`, a builder
//! taking operands and attributes in ODS order, accessors), a function per op (`addi`), and
//! the dialect's enums. What the classes share at run time lives in
//! `omnir/dialects/_ods_common.py`, written by hand once.

use std::fmt::Write;

use crate::dialect::Arity;

use super::model::{Argument, AttrKind, Dialect, Group, Kind, KindParam, Op};

/// Names a builder parameter may not take: Python's keywords and the builder's own
/// parameters. Upstream appends `_` to them (`results_`, `in_`).
const RESERVED: &[&str] = &[
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "results",
    "operands",
    "attributes",
    "successors",
    "regions",
    "loc",
    "ip",
    "type",
];

/// `name` as a Python identifier that clashes with nothing the builder uses.
pub fn sanitize(name: &str) -> String {
    if RESERVED.contains(&name) {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// `lowerBound` -> `lower_bound` (upstream's functions take snake_case keywords).
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if prev.is_ascii_lowercase() || prev.is_ascii_digit() || (prev.is_ascii_uppercase() && next_lower) {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The function an op gets besides its class: its name after the dialect's, `.` as `_`
/// (`llvm.intr.abs` -> `intr_abs`), a keyword with `_` (`scf.for` -> `for_`).
pub fn function_name(op_name: &str) -> String {
    let short = op_name.split_once('.').map_or(op_name, |(_, s)| s).replace('.', "_");
    // `create` would read as the generic constructor.
    if short == "create" || short == "print" {
        return "create_".into();
    }
    sanitize(&short)
}

fn arity_code(a: Arity) -> &'static str {
    match a {
        Arity::Single => "1",
        Arity::Optional => "?",
        Arity::Variadic => "*",
    }
}

/// A docstring body: the summary, a blank line, the description (`fallback` when both are
/// empty); backslashes and triple quotes cannot end the string early.
fn doc_text(summary: &str, description: &str, fallback: String) -> String {
    let mut text = summary.trim().to_string();
    let description = description.trim();
    if !description.is_empty() {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(description);
    }
    if text.is_empty() {
        text = fallback;
    }
    text.replace('\\', "\\\\").replace("\"\"\"", "\\\"\\\"\\\"")
}

fn docstring(op: &Op) -> String {
    doc_text(&op.summary, &op.description, format!("`{}`", op.name))
}

/// The Python expression that turns parameter `p` into the attribute, unless it is one.
fn attr_expr(kind: &AttrKind, p: &str) -> String {
    let build = match kind {
        AttrKind::Unit => return "_ir.UnitAttr.get(context=_ods.context(loc, ip))".to_string(),
        AttrKind::Bool => format!("_ods.bool_attr({p}, loc, ip)"),
        AttrKind::Int(t) => format!("_ods.int_attr({p}, {t:?}, loc, ip)"),
        AttrKind::String | AttrKind::SymbolName => format!("_ods.str_attr({p}, loc, ip)"),
        AttrKind::FlatSymbolRef | AttrKind::SymbolRef => format!("_ods.symbol_ref_attr({p}, loc, ip)"),
        AttrKind::Type => format!("_ods.type_attr({p}, loc, ip)"),
        AttrKind::Array => format!("_ods.array_attr({p}, loc, ip)"),
        AttrKind::Dictionary => format!("_ods.dict_attr({p}, loc, ip)"),
        AttrKind::DenseArray(w) => format!("_ods.dense_array_attr({p}, {w}, loc, ip)"),
        AttrKind::Enum(_, w) => format!("_ods.enum_attr({p}, {w}, loc, ip)"),
        AttrKind::DialectAttr(q) => format!("_ods.dialect_attr({p}, {q:?}, loc, ip)"),
        AttrKind::Any => format!("_ods.any_attr({p})"),
    };
    format!("{p} if isinstance({p}, _ir.Attribute) else {build}")
}

/// The annotation of an attribute parameter.
fn attr_annotation(kind: &AttrKind) -> &'static str {
    match kind {
        AttrKind::Unit => "bool",
        AttrKind::Bool => "_Union[bool, _ir.Attribute]",
        AttrKind::Int(_) | AttrKind::Enum(..) => "_Union[int, _ir.Attribute]",
        AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef | AttrKind::SymbolRef => {
            "_Union[str, _ir.Attribute]"
        }
        AttrKind::Type => "_Union[_ir.Type, _ir.Attribute]",
        AttrKind::Array => "_Union[_Sequence[_ir.Attribute], _ir.Attribute]",
        AttrKind::Dictionary => "_Union[_Dict[str, _ir.Attribute], _ir.Attribute]",
        AttrKind::DenseArray(1) => "_Union[_Sequence[bool], _ir.Attribute]",
        AttrKind::DenseArray(_) => "_Union[_Sequence[int], _ir.Attribute]",
        AttrKind::DialectAttr(_) => "_Union[str, _IntEnum, _IntFlag, _ir.Attribute]",
        AttrKind::Any => "_ir.Attribute",
    }
}

fn operand_annotation(g: &Group) -> &'static str {
    match g.arity {
        Arity::Single | Arity::Optional => "_ods.ValueLike",
        Arity::Variadic => "_Sequence[_ods.ValueLike]",
    }
}

/// One builder parameter: its Python name, annotation, whether it is keyword-only.
struct Param {
    name: String,
    annotation: String,
    optional: bool,
}

fn params_of(op: &Op) -> Vec<Param> {
    let mut params = Vec::new();
    if !op.infers_results {
        for r in &op.results {
            let annotation = match r.arity {
                Arity::Single => "_ir.Type",
                Arity::Optional => "_Optional[_ir.Type]",
                Arity::Variadic => "_Sequence[_ir.Type]",
            };
            params.push(Param { name: sanitize(&r.name), annotation: annotation.into(), optional: false });
        }
    }
    for a in &op.arguments {
        let annotation = match a {
            Argument::Operand(g) => operand_annotation(g),
            Argument::Attribute(at) => attr_annotation(&at.kind),
        };
        params.push(Param { name: sanitize(a.name()), annotation: annotation.into(), optional: a.is_optional() });
    }
    for s in &op.successors {
        let annotation = if s.arity == Arity::Variadic { "_Sequence[_ir.Block]" } else { "_ir.Block" };
        params.push(Param { name: sanitize(&s.name), annotation: annotation.into(), optional: false });
    }
    if let Some(r) = op.regions.iter().find(|r| r.arity == Arity::Variadic) {
        params.push(Param { name: format!("num_{}", r.name), annotation: "int".into(), optional: false });
    }
    params
}

/// `name: annotation` for the required parameters, then `*`, the optional ones and the
/// builder's own keywords.
fn signature(params: &[Param], rename: impl Fn(&str) -> String, infers: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    for p in params.iter().filter(|p| !p.optional) {
        parts.push(format!("{}: {}", rename(&p.name), p.annotation));
    }
    parts.push("*".into());
    for p in params.iter().filter(|p| p.optional) {
        let annotation =
            if p.annotation == "bool" { "bool".to_string() } else { format!("_Optional[{}]", p.annotation) };
        let default = if p.annotation == "bool" { "False" } else { "None" };
        parts.push(format!("{}: {} = {}", rename(&p.name), annotation, default));
    }
    if infers {
        parts.push("results: _Optional[_Sequence[_ir.Type]] = None".into());
    }
    parts.push("loc: _Optional[_ir.Location] = None".into());
    parts.push("ip: _Optional[_ir.InsertionPoint] = None".into());
    parts.join(", ")
}

/// Writes the statements that gather the builder's operands, attributes and result types
/// (each parameter named by `param`; `self` is the view, for ops with variadic or optional
/// groups) and returns the call that creates the op: positional, the cheapest call into the
/// extension.
fn write_build(out: &mut String, op: &Op, indent: &str, param: &dyn Fn(&str) -> String) -> String {
    let operands: Vec<&Group> = op.operands().collect();
    let simple = operands.iter().all(|g| g.arity == Arity::Single) && !op.sized_operand_segments;
    let operand_list = operands.iter().map(|g| param(&sanitize(&g.name))).collect::<Vec<_>>().join(", ");
    let operands_expr =
        if simple { format!("[{operand_list}]") } else { format!("_ods.flatten(self, [{operand_list}])") };
    // No dictionary for an op given no attributes (most are built without their optional
    // ones): `None` is cheaper to pass.
    let attributes = op.arguments.iter().filter_map(|a| match a {
        Argument::Attribute(at) => Some(at),
        Argument::Operand(_) => None,
    });
    let any_attribute = op.sized_operand_segments || op.sized_result_segments || attributes.clone().next().is_some();
    let lazy = !op.sized_operand_segments
        && !op.sized_result_segments
        && attributes.clone().all(|at| at.optional || at.kind == AttrKind::Unit);
    if lazy && any_attribute {
        let _ = writeln!(out, "{indent}attributes: _Optional[_Dict[str, _ir.Attribute]] = None");
    } else if any_attribute {
        let _ = writeln!(out, "{indent}attributes: _Dict[str, _ir.Attribute] = {{}}");
    }
    let make = if lazy {
        format!("\n{indent}    attributes = {{}} if attributes is None else attributes")
    } else {
        String::new()
    };
    if op.sized_operand_segments {
        let _ = writeln!(
            out,
            "{indent}attributes[\"operandSegmentSizes\"] = _ods.segment_sizes(self._ODS_OPERANDS, [{operand_list}])"
        );
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        let p = param(&sanitize(&at.name));
        if at.kind == AttrKind::Unit {
            let _ = writeln!(
                out,
                "{indent}if {p}:{make}\n{indent}    attributes[{:?}] = {}",
                at.name,
                attr_expr(&at.kind, &p)
            );
        } else if at.optional {
            let _ = writeln!(
                out,
                "{indent}if {p} is not None:{make}\n{indent}    attributes[{:?}] = {}",
                at.name,
                attr_expr(&at.kind, &p)
            );
        } else {
            let _ = writeln!(out, "{indent}attributes[{:?}] = {}", at.name, attr_expr(&at.kind, &p));
        }
    }
    let results_expr = if op.infers_results {
        "results".to_string()
    } else {
        let groups = op.results.iter().map(|r| param(&sanitize(&r.name))).collect::<Vec<_>>().join(", ");
        if op.results.iter().all(|r| r.arity == Arity::Single) && !op.sized_result_segments {
            format!("[{groups}]")
        } else {
            if op.sized_result_segments {
                let _ = writeln!(
                    out,
                    "{indent}attributes[\"resultSegmentSizes\"] = _ods.segment_sizes(self._ODS_RESULTS, [{groups}])"
                );
            }
            format!("_ods.flatten_results(self, [{groups}])")
        }
    };
    let successors = op.successor_list("None", "*", |n| param(&sanitize(n)));
    let regions = op.region_count_expr();
    let regions = if op.regions.iter().any(|r| r.arity == Arity::Variadic) {
        let r = op.regions.iter().find(|r| r.arity == Arity::Variadic).expect("checked");
        regions.replace(&format!("num_{}", r.name), &param(&sanitize(&format!("num_{}", r.name))))
    } else {
        regions
    };
    let attributes = if any_attribute { "attributes" } else { "None" };
    format!(
        "_create({:?}, {results_expr}, {operands_expr}, {attributes}, {successors}, {regions}, loc, ip{})",
        op.name,
        if op.infers_results { ", results is None" } else { "" }
    )
}

fn write_class(out: &mut String, op: &Op) {
    let params = params_of(op);
    let regions_fixed = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    let regions_variadic = op.regions.iter().any(|r| r.arity == Arity::Variadic);
    let operands: Vec<&Group> = op.operands().collect();
    let _ = writeln!(out, "\n@_ods.register_operation\nclass {}(_ir.OpView):", op.class_name);
    let _ = writeln!(out, "    r\"\"\"{}\"\"\"\n", docstring(op).replace('\n', "\n    ").replace("\n    \n", "\n\n"));
    let _ = writeln!(out, "    OPERATION_NAME = {:?}", op.name);
    let _ = writeln!(out, "    _ODS_REGIONS = ({regions_fixed}, {})", if regions_variadic { "False" } else { "True" });
    let codes = |gs: &[&Group]| gs.iter().map(|g| format!("{:?}, ", arity_code(g.arity))).collect::<String>();
    let _ = writeln!(out, "    _ODS_OPERANDS = ({})", codes(&operands));
    let _ = writeln!(out, "    _ODS_RESULTS = ({})", codes(&op.results.iter().collect::<Vec<_>>()));
    // The builder. It sets the view's operation itself: `OpView.__init__` would only check
    // what `Operation.create` returns.
    let _ = writeln!(
        out,
        "\n    def __init__(self, {}) -> None:",
        signature(&params, |n| n.to_string(), op.infers_results)
    );
    let simple = operands.iter().all(|g| g.arity == Arity::Single) && !op.sized_operand_segments;
    let create = write_build(out, op, "        ", &|n: &str| n.to_string());
    let _ = writeln!(out, "        self._operation = {create}");
    // Accessors.
    for (i, g) in operands.iter().enumerate() {
        let ret = match g.arity {
            Arity::Single => "_ir.Value",
            Arity::Optional => "_Optional[_ir.Value]",
            Arity::Variadic => "_Sequence[_ir.Value]",
        };
        let body =
            if simple { format!("self.operation.operands[{i}]") } else { format!("_ods.operand_group(self, {i})") };
        write_getter(out, &sanitize(&g.name), ret, &body, !simple);
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        let name = sanitize(&at.name);
        if at.kind == AttrKind::Unit {
            write_getter(out, &name, "bool", &format!("{:?} in self.operation.attributes", at.name), false);
            let _ = writeln!(
                out,
                "\n    @{name}.setter\n    def {name}(self, value: bool) -> None:\n        _ods.set_unit_attr(self, {:?}, value)",
                at.name
            );
            continue;
        }
        let ret = if at.optional { "_Optional[_ir.Attribute]" } else { "_ir.Attribute" };
        let getter = if at.optional {
            format!("_ods.optional_attr(self, {:?})", at.name)
        } else {
            format!("self.operation.attributes[{:?}]", at.name)
        };
        write_getter(out, &name, ret, &getter, false);
        let _ = writeln!(
            out,
            "\n    @{name}.setter\n    def {name}(self, value: {ret}) -> None:\n        _ods.set_attr(self, {:?}, value)",
            at.name
        );
    }
    let single_result = op.results.len() == 1 && op.results[0].arity == Arity::Single;
    if !single_result {
        let simple_results = op.results.iter().all(|r| r.arity == Arity::Single) && !op.sized_result_segments;
        for (i, r) in op.results.iter().enumerate() {
            // A group called `result` or `results` (ODS's unnamed ones) keeps OpView's meaning.
            if OPVIEW_MEMBERS.contains(&r.name.as_str()) {
                continue;
            }
            let ret = match r.arity {
                Arity::Single => "_ir.OpResult",
                Arity::Optional => "_Optional[_ir.OpResult]",
                Arity::Variadic => "_Sequence[_ir.OpResult]",
            };
            let body = if simple_results {
                format!("self.operation.results[{i}]")
            } else {
                format!("_ods.result_group(self, {i})")
            };
            write_getter(out, &sanitize(&r.name), ret, &body, !simple_results);
        }
    }
    for (i, r) in op.regions.iter().enumerate() {
        if r.arity == Arity::Variadic {
            write_getter(out, &sanitize(&r.name), "_Sequence[_ir.Region]", &format!("list(self.regions)[{i}:]"), false);
        } else {
            write_getter(out, &sanitize(&r.name), "_ir.Region", &format!("self.regions[{i}]"), false);
        }
    }
}

/// What `omnir.OpView` itself has: an accessor of the same name replaces it (as upstream's
/// do), which type checkers are told.
const OPVIEW_MEMBERS: &[&str] = &[
    "operation",
    "opview",
    "name",
    "context",
    "location",
    "attributes",
    "operands",
    "results",
    "result",
    "regions",
    "successors",
    "parent",
    "block",
    "is_valid",
    "verify",
    "walk",
    "get_asm",
    "print",
    "erase",
    "clone",
    "detach_from_parent",
    "move_before",
    "move_after",
    "implements",
    "call_interface_method",
    "build_generic",
];

/// A read-only property `name` returning `body` as `ret`; `untyped`: `body` is typed `Any`
/// (the shared group helpers) and is cast.
fn write_getter(out: &mut String, name: &str, ret: &str, body: &str, untyped: bool) {
    // mypy puts the error on the decorator or on the `def`, depending on the member it
    // replaces: both lines carry the marker.
    let marker = if OPVIEW_MEMBERS.contains(&name) { "  # type: ignore[override, unused-ignore]" } else { "" };
    let body = if untyped { format!("_cast({ret:?}, {body})") } else { body.to_string() };
    let _ = writeln!(out, "\n    @property{marker}\n    def {name}(self) -> {ret}:{marker}\n        return {body}");
}

/// A builder parameter's name in the op's function: snake_case (`lowerBound` ->
/// `lower_bound`), sanitized again after the builder's `_` suffix is taken off.
fn function_param_name(builder_name: &str) -> String {
    sanitize(&snake_case(builder_name.trim_end_matches('_')))
}

fn write_function(out: &mut String, op: &Op) {
    let params = params_of(op);
    let fname = function_name(&op.name);
    let ret = if op.results.is_empty() {
        op.class_name.clone()
    } else if op.results.len() == 1 && op.results[0].arity == Arity::Single {
        "_ir.Value".to_string()
    } else {
        format!("_Union[_ir.Value, _Sequence[_ir.Value], {}]", op.class_name)
    };
    let _ = writeln!(out, "\n\ndef {fname}({}) -> {ret}:", signature(&params, function_param_name, op.infers_results));
    let _ = writeln!(out, "    r\"\"\"{}\"\"\"", docstring(op).lines().next().unwrap_or_default());
    // Required parameters go by position (cheaper to pass), the rest by keyword.
    let mut args: Vec<String> = params.iter().filter(|p| !p.optional).map(|p| function_param_name(&p.name)).collect();
    args.extend(params.iter().filter(|p| p.optional).map(|p| format!("{}={}", p.name, function_param_name(&p.name))));
    if op.infers_results {
        args.push("results=results".into());
    }
    args.push("loc=loc".into());
    args.push("ip=ip".into());
    let call = format!("{}({})", op.class_name, args.join(", "));
    // A single result from an op whose builder needs no view: created directly (no view
    // object, no keyword call), as the class would.
    if op.results.len() == 1 && op.results[0].arity == Arity::Single && op.builds_without_view() {
        let create = write_build(out, op, "    ", &|n: &str| function_param_name(n));
        let _ = writeln!(out, "    return {create}.result");
        return;
    }
    if op.results.is_empty() {
        let _ = writeln!(out, "    return {call}");
    } else if op.results.len() == 1 && op.results[0].arity == Arity::Single {
        let _ = writeln!(out, "    return {call}.result");
    } else {
        let _ = writeln!(out, "    return _cast({ret:?}, _ods.result_or_results({call}))");
    }
}

/// The Python name of an enum case spelled `spelling` (the spelling is not always an
/// identifier: `""`, `non-leaf`).
fn case_name(spelling: &str) -> String {
    if spelling.is_empty() {
        return "None_".into();
    }
    let mut name: String =
        spelling.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    sanitize(&name)
}

fn write_enum(out: &mut String, e: &super::model::Enum) {
    let base = if e.bit { "_IntFlag" } else { "_IntEnum" };
    let _ = writeln!(out, "\n\nclass {}({base}):", e.name);
    let _ = writeln!(
        out,
        "    \"\"\"The cases of `{}` ({}-bit{}); `str()` gives a case's spelling in MLIR text.\"\"\"\n",
        e.name,
        e.width,
        if e.bit { " flags" } else { "" }
    );
    for ((_, value), symbol) in e.cases.iter().zip(&e.symbols) {
        let _ = writeln!(out, "    {} = {value}", case_name(symbol));
    }
    let spellings: Vec<String> = e.cases.iter().map(|(c, v)| format!("{v}: {c:?}")).collect();
    if e.bit {
        let _ = writeln!(
            out,
            "\n    def __str__(self) -> str:\n        return _ods.flag_spelling(self, {{{}}})",
            spellings.join(", ")
        );
    } else {
        let _ =
            writeln!(out, "\n    def __str__(self) -> str:\n        return {{{}}}[self.value]", spellings.join(", "));
    }
}

/// The docstring body of a type or attribute class.
fn kind_docstring(k: &Kind) -> String {
    doc_text(&k.summary, &k.description, format!("`{}{}`", if k.is_type { "!" } else { "#" }, k.qualified))
}

/// The annotation and expression of a parameter read back as a plain value (`p`: the
/// parameter as an attribute).
fn param_read(kind: &AttrKind, p: &str, enums: &[super::model::Enum]) -> (String, String) {
    match kind {
        AttrKind::Int(_) => ("int".into(), format!("_ir.IntegerAttr({p}).value")),
        AttrKind::Bool => ("bool".into(), format!("_ir.BoolAttr({p}).value")),
        AttrKind::String | AttrKind::SymbolName => ("str".into(), format!("_ir.StringAttr({p}).value")),
        AttrKind::FlatSymbolRef => ("str".into(), format!("_ir.FlatSymbolRefAttr({p}).value")),
        AttrKind::Type => ("_ir.Type".into(), format!("_ir.TypeAttr({p}).value")),
        AttrKind::Enum(name, _) if enums.iter().any(|e| &e.name == name) => {
            (name.clone(), format!("{name}(_ir.IntegerAttr({p}).value)"))
        }
        AttrKind::Enum(..) => ("int".into(), format!("_ir.IntegerAttr({p}).value")),
        _ => ("_ir.Attribute".into(), p.to_string()),
    }
}

/// What `ir.DialectType` and `ir.DialectAttr` have (and the class's own `get`).
const KIND_MEMBERS: &[&str] = &[
    "type_name",
    "attr_name",
    "params",
    "param_names",
    "param",
    "get",
    "isinstance",
    "context",
    "typeid",
    "static_typeid",
    "implements",
    "call_interface_method",
    "dump",
    "maybe_downcast",
    "parse",
    "type",
    "get_named",
    "from_params",
];

/// A type or attribute class: `get(<params>, *, context=None)`, the cast `Cls(t)`,
/// `isinstance`, a property per parameter.
fn write_kind(out: &mut String, k: &Kind, enums: &[super::model::Enum]) {
    let (base, sigil) = if k.is_type { ("DialectType", "!") } else { ("DialectAttr", "#") };
    let _ = writeln!(out, "\n\nclass {}(_ir.{base}):", k.class_name);
    let _ = writeln!(out, "    \"\"\"{}\"\"\"\n", kind_docstring(k));
    let _ = writeln!(
        out,
        "    {}: _ClassVar[str] = {:?}\n",
        if k.is_type { "TYPE_NAME" } else { "ATTR_NAME" },
        k.qualified
    );
    let cast = if k.is_type { "_ir.Type" } else { "_ir.Attribute" };
    // The check runs before the extension's own `__new__`, which would name `DialectType`.
    let _ = writeln!(
        out,
        "    def __new__(cls, cast_from: {cast}) -> {}:\n        return _cast({:?}, _ods.new_kind(cls, cast_from, {:?}, {}))\n",
        k.class_name,
        k.class_name,
        k.qualified,
        if k.is_type { "True" } else { "False" },
    );
    let _ = writeln!(
        out,
        "    @staticmethod\n    def isinstance(other: _Any) -> bool:\n        return _ods.is_kind(other, {:?}, {})\n",
        k.qualified,
        if k.is_type { "True" } else { "False" }
    );
    let mut names = super::UniqueNames::default();
    for reserved in ["cls", "context", "loc", "ip"] {
        names.take(reserved.to_string());
    }
    let params: Vec<(String, &KindParam)> = k.params.iter().map(|p| (names.take(sanitize(&p.name)), p)).collect();
    let mut sig: Vec<String> = params.iter().map(|(n, p)| format!("{n}: {}", attr_annotation(&p.kind))).collect();
    sig.push("*".into());
    sig.push("context: _Optional[_ir.Context] = None".into());
    let built: Vec<String> = params.iter().map(|(n, p)| attr_expr(&p.kind, n)).collect();
    let _ = writeln!(out, "    @classmethod\n    def get(cls, {}) -> {}:", sig.join(", "), k.class_name);
    let what = if params.is_empty() { "" } else { " with these parameters (the definition's constraints are checked)" };
    let _ = writeln!(out, "        \"\"\"`{sigil}{}`{what}.\"\"\"", k.qualified);
    if params.iter().any(|(_, p)| p.kind != AttrKind::Any) {
        // The attribute helpers take the context where a builder's take its location.
        out.push_str("        loc, ip = context, None\n");
    }
    let _ = writeln!(
        out,
        "        return _cast({:?}, _ods.wrap_kind(cls, _ir.{base}.from_params({:?}, [{}], context=context), {}))",
        k.class_name,
        k.qualified,
        built.join(", "),
        if k.is_type { "True" } else { "False" },
    );
    for (i, p) in k.params.iter().enumerate() {
        let name = sanitize(&p.name);
        // A parameter named as a member of `DialectType` / `DialectAttr` is read with `param()`.
        if KIND_MEMBERS.contains(&name.as_str()) {
            continue;
        }
        let (ret, expr) = param_read(&p.kind, &format!("self.params[{i}]"), enums);
        let _ = writeln!(out, "\n    @property\n    def {name}(self) -> {ret}:\n        return {expr}");
    }
}

/// The module `_<dialect>_ops_gen.py`.
pub fn module(d: &Dialect, source: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Generated by omnir-gen from {source}; do not edit.");
    let _ = writeln!(
        out,
        "\"\"\"The {} dialect's ops, one class each (upstream's `mlir.dialects.{}` names), their\nfunctions, the dialect's enums and a class per type and attribute kind.\"\"\"\n",
        d.name, d.name
    );
    out.push_str("# ruff: noqa: E501\n\nfrom __future__ import annotations\n\n");
    out.push_str("from enum import IntEnum as _IntEnum, IntFlag as _IntFlag\n");
    out.push_str(
        "from typing import Any as _Any, ClassVar as _ClassVar, Dict as _Dict, List as _List, Optional as _Optional\n",
    );
    out.push_str("from typing import Sequence as _Sequence, Union as _Union, cast as _cast\n\n");
    out.push_str("import omnir as _ir\nfrom omnir.dialects import _ods_common as _ods\n\n");
    // Bound once: the builders call it positionally (the cheapest call into the extension).
    out.push_str("_create = _ir.Operation.create\n\n");
    for e in &d.enums {
        write_enum(&mut out, e);
    }
    for k in &d.kinds {
        write_kind(&mut out, k, &d.enums);
    }
    for op in &d.ops {
        out.push('\n');
        write_class(&mut out, op);
        write_function(&mut out, op);
    }
    out
}
