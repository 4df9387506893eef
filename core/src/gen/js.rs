//! JavaScript bindings: a CommonJS module per dialect (`omnir/dialects/<d>`) and its `.d.ts`.
//! JS naming over the same model as Python: `arith.AddIOp.create(lhs, rhs, { overflowFlags })`
//! builds (result types left out where the definition determines them), `arith.addi(lhs,
//! rhs)` returns the result, `new arith.AddIOp(op)` views an existing operation
//! (`AddIOp.isInstance(op)` first), getters per operand, attribute and result group, enums as
//! frozen objects; a class per type and attribute kind over `DialectType` / `DialectAttr`
//! (`pixels.RgbType.get(8)`, `.bits`, `RgbType.cast(t)`). What the classes share at run time
//! is node/lib/dialects/_ods_common.js.

use std::fmt::Write;

use super::model::{Argument, AttrKind, Dialect, Group, Kind, Op};
use super::UniqueNames;
use crate::dialect::Arity;

/// JavaScript's reserved words and the builder's own option names: `_` is appended.
const RESERVED: &[&str] = &[
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "let",
    "static",
    "implements",
    "interface",
    "package",
    "private",
    "protected",
    "public",
    "await",
    "arguments",
    "eval",
    "results",
    "loc",
    "ip",
    "operation",
    "operands",
    "attributes",
    "successors",
    "regions",
    "ctx",
    "options",
    "ods",
];

fn sanitize(name: &str) -> String {
    if RESERVED.contains(&name) {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// The names CommonJS gives every module's code (the parameters of its wrapper): a function
/// declared at the top level under one of them would replace it (`function module()` of
/// `builtin.module` made `module.exports = ...` a property of that function, and the module
/// export nothing).
const MODULE_SCOPE: &[&str] = &["module", "exports", "require", "__filename", "__dirname"];

/// The function of an op: its name after the dialect's, `.` as `_`, camelCase kept as
/// upstream's Python spells it (`index_cast`), a reserved word or a name of the module's
/// scope with `_`.
fn function_name(op_name: &str) -> String {
    let short = op_name.split_once('.').map_or(op_name, |(_, s)| s).replace('.', "_");
    if MODULE_SCOPE.contains(&short.as_str()) {
        return format!("{short}_");
    }
    sanitize(&short)
}

/// Getters of the view that a generated getter of the same name must not replace.
const VIEW_MEMBERS: &[&str] = &["operation", "result", "results", "name", "context", "location", "operands"];

fn attr_builder(kind: &AttrKind, value: &str, ctx: &str) -> String {
    match kind {
        AttrKind::Unit => format!("ods.unitAttr({ctx})"),
        AttrKind::Bool => format!("ods.boolAttr({value}, {ctx})"),
        AttrKind::Int(t) => format!("ods.intAttr({value}, {t:?}, {ctx})"),
        AttrKind::String | AttrKind::SymbolName => format!("ods.strAttr({value}, {ctx})"),
        AttrKind::FlatSymbolRef | AttrKind::SymbolRef => format!("ods.symbolRefAttr({value}, {ctx})"),
        AttrKind::Type => format!("ods.typeAttr({value})"),
        AttrKind::Array => format!("ods.arrayAttr({value}, {ctx})"),
        AttrKind::Dictionary => format!("ods.dictAttr({value}, {ctx})"),
        AttrKind::DenseArray(w) => format!("ods.denseArrayAttr({value}, {w}, {ctx})"),
        AttrKind::Enum(_, w) => format!("ods.enumAttr({value}, {w}, {ctx})"),
        AttrKind::DialectAttr(q) => format!("ods.dialectAttr({value}, {q:?}, {ctx})"),
        AttrKind::Any => format!("ods.anyAttr({value})"),
    }
}

fn ts_attr(kind: &AttrKind) -> &'static str {
    match kind {
        AttrKind::Unit => "boolean",
        AttrKind::Bool => "boolean | Attribute",
        AttrKind::Int(_) | AttrKind::Enum(..) => "number | bigint | Attribute",
        AttrKind::String | AttrKind::SymbolName | AttrKind::FlatSymbolRef | AttrKind::SymbolRef => "string | Attribute",
        AttrKind::Type => "Type | Attribute",
        AttrKind::Array => "Attribute[] | Attribute",
        AttrKind::Dictionary => "Record<string, Attribute> | Attribute",
        AttrKind::DenseArray(1) => "boolean[] | Attribute",
        AttrKind::DenseArray(_) => "Array<number | bigint> | Attribute",
        AttrKind::DialectAttr(_) => "string | number | Attribute",
        AttrKind::Any => "Attribute",
    }
}

fn ts_group(g: &Group, one: &str) -> String {
    match g.arity {
        Arity::Single => one.to_string(),
        Arity::Optional => format!("{one} | null"),
        Arity::Variadic => format!("{one}[]"),
    }
}

/// A builder parameter: the JS name, its TypeScript type, whether it goes in the options.
struct Param {
    name: String,
    ts: String,
    optional: bool,
}

fn params_of(op: &Op) -> Vec<Param> {
    let mut params = Vec::new();
    if !op.infers_results {
        for r in &op.results {
            params.push(Param { name: sanitize(&r.name), ts: ts_group(r, "Type"), optional: false });
        }
    }
    for a in &op.arguments {
        let ts = match a {
            Argument::Operand(g) => ts_group(g, "Value"),
            Argument::Attribute(at) => ts_attr(&at.kind).to_string(),
        };
        params.push(Param { name: sanitize(a.name()), ts, optional: a.is_optional() });
    }
    for s in &op.successors {
        params.push(Param { name: sanitize(&s.name), ts: ts_group(s, "Block"), optional: false });
    }
    if let Some(r) = op.regions.iter().find(|r| r.arity == Arity::Variadic) {
        params.push(Param { name: format!("num_{}", r.name), ts: "number".into(), optional: false });
    }
    params
}

fn codes(groups: &[&Group]) -> String {
    let c: Vec<String> = groups
        .iter()
        .map(|g| {
            match g.arity {
                Arity::Single => "'1'",
                Arity::Optional => "'?'",
                Arity::Variadic => "'*'",
            }
            .to_string()
        })
        .collect();
    format!("[{}]", c.join(", "))
}

/// Writes the statements that gather a builder's operands and attributes (the parameters
/// named as `params_of` names them; `required` are those passed by position) and returns
/// the `ir.Operation.create({...})` expression, with only the keys the op needs: an options
/// object is read key by key, and most ops have no successors, regions or attributes.
fn write_build(js: &mut String, op: &Op, indent: &str, required: &[String]) -> String {
    let operands: Vec<&Group> = op.operands().collect();
    let groups = operands.iter().map(|g| sanitize(&g.name)).collect::<Vec<_>>().join(", ");
    let simple = operands.iter().all(|g| g.arity == Arity::Single) && !op.sized_operand_segments;
    let operands_expr = if simple {
        let values: Vec<String> =
            operands.iter().map(|g| format!("ods.value({}, {:?})", sanitize(&g.name), g.name)).collect();
        format!("[{}]", values.join(", "))
    } else {
        format!("ods.flatten({}, [{groups}])", codes(&operands))
    };
    let attrs: Vec<&super::model::Attr> = op
        .arguments
        .iter()
        .filter_map(|a| match a {
            Argument::Attribute(at) => Some(at),
            Argument::Operand(_) => None,
        })
        .collect();
    let eager = op.sized_operand_segments
        || op.sized_result_segments
        || attrs.iter().any(|at| !at.optional && at.kind != AttrKind::Unit);
    let context_of = format!("ods.contextOf(loc, ip, [{}])", required.join(", "));
    // The context is found once when an attribute is always built, else only when one is given.
    let ctx = if eager {
        let _ = writeln!(js, "{indent}const ctx = {context_of};");
        "ctx".to_string()
    } else {
        context_of
    };
    if eager {
        let _ = writeln!(js, "{indent}const attributes = {{}};");
    } else if !attrs.is_empty() {
        let _ = writeln!(js, "{indent}let attributes;");
    }
    let slot = |name: &str| {
        if eager {
            format!("attributes[{name:?}]")
        } else {
            format!("(attributes ??= {{}})[{name:?}]")
        }
    };
    if op.sized_operand_segments {
        let _ = writeln!(
            js,
            "{indent}attributes.operandSegmentSizes = ods.segmentSizes({}, [{groups}], {ctx});",
            codes(&operands)
        );
    }
    for at in &attrs {
        let p = sanitize(&at.name);
        let set = format!("{} = ods.isAttribute({p}) ? {p} : {}", slot(&at.name), attr_builder(&at.kind, &p, &ctx));
        if at.kind == AttrKind::Unit {
            let _ = writeln!(js, "{indent}if ({p}) {} = ods.unitAttr({ctx});", slot(&at.name));
        } else if at.optional {
            let _ = writeln!(js, "{indent}if ({p} !== undefined && {p} !== null) {set};");
        } else {
            let _ = writeln!(js, "{indent}{set};");
        }
    }
    let mut keys = vec![format!("name: {:?}", op.name), format!("operands: {operands_expr}")];
    if op.infers_results {
        keys.push("results".into());
    } else if !op.results.is_empty() {
        let rg: Vec<&Group> = op.results.iter().collect();
        let names = op.results.iter().map(|r| sanitize(&r.name)).collect::<Vec<_>>().join(", ");
        if op.sized_result_segments {
            let _ = writeln!(
                js,
                "{indent}attributes.resultSegmentSizes = ods.segmentSizes({}, [{names}], {ctx});",
                codes(&rg)
            );
        }
        keys.push(format!("results: ods.flatten({}, [{names}])", codes(&rg)));
    }
    if !attrs.is_empty() || eager {
        keys.push("attributes".into());
    }
    if !op.successors.is_empty() {
        keys.push(format!("successors: {}", op.successor_list("[]", "...", sanitize)));
    }
    if !op.regions.is_empty() {
        keys.push(format!("regions: {}", op.region_count_expr()));
    }
    keys.push("loc".into());
    keys.push("ip".into());
    if eager {
        keys.push("context: ctx".into());
    }
    if op.infers_results {
        keys.push("inferType: results === undefined".into());
    }
    format!("ods.ir.Operation.create({{ {} }})", keys.join(", "))
}

fn write_op(js: &mut String, ts: &mut String, op: &Op) {
    let params = params_of(op);
    let required: Vec<&Param> = params.iter().filter(|p| !p.optional).collect();
    let optional: Vec<&Param> = params.iter().filter(|p| p.optional).collect();
    let operands: Vec<&Group> = op.operands().collect();
    let summary = op.summary.trim().replace("*/", "* /");
    let cls = &op.class_name;
    // Options: the optional arguments, then results / loc / ip.
    let mut option_names: Vec<String> = optional.iter().map(|p| p.name.clone()).collect();
    if op.infers_results {
        option_names.push("results".into());
    }
    option_names.extend(["loc".to_string(), "ip".to_string()]);
    let req_names: Vec<String> = required.iter().map(|p| p.name.clone()).collect();
    let mut sig = req_names.clone();
    sig.push(format!("{{ {} }} = {{}}", option_names.join(", ")));
    let _ = writeln!(js, "\n/** {summary} (`{}`) */\nclass {cls} extends ods.OpView {{", op.name);
    let _ = writeln!(js, "  static create({}) {{", sig.join(", "));
    let create = write_build(js, op, "    ", &req_names);
    let _ = writeln!(js, "    return new {cls}({create}, ods.CREATED);");
    let _ = writeln!(js, "  }}");
    let _ = writeln!(js, "  static isInstance(op) {{ return ods.isInstance(op, {:?}); }}", op.name);
    // Getters.
    let mut ts_getters = String::new();
    for (i, g) in operands.iter().enumerate() {
        let name = sanitize(&g.name);
        if VIEW_MEMBERS.contains(&name.as_str()) {
            continue;
        }
        let _ = writeln!(js, "  get {name}() {{ return ods.operandGroup(this, {}, {i}); }}", codes(&operands));
        let _ = writeln!(ts_getters, "  readonly {name}: {};", ts_group(g, "Value"));
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        let name = sanitize(&at.name);
        if VIEW_MEMBERS.contains(&name.as_str()) {
            continue;
        }
        if at.kind == AttrKind::Unit {
            let _ = writeln!(js, "  get {name}() {{ return this.operation.attributes.has({:?}); }}", at.name);
            let _ = writeln!(ts_getters, "  readonly {name}: boolean;");
        } else {
            let _ = writeln!(js, "  get {name}() {{ return ods.attr(this, {:?}); }}", at.name);
            let _ = writeln!(ts_getters, "  readonly {name}: Attribute | null;");
        }
    }
    let rgroups: Vec<&Group> = op.results.iter().collect();
    if !(op.results.len() == 1 && op.results[0].arity == Arity::Single) {
        for (i, r) in op.results.iter().enumerate() {
            let name = sanitize(&r.name);
            if VIEW_MEMBERS.contains(&name.as_str()) {
                continue;
            }
            let _ = writeln!(js, "  get {name}() {{ return ods.resultGroup(this, {}, {i}); }}", codes(&rgroups));
            let _ = writeln!(ts_getters, "  readonly {name}: {};", ts_group(r, "OpResult"));
        }
    }
    for (i, r) in op.regions.iter().enumerate() {
        let name = sanitize(&r.name);
        if VIEW_MEMBERS.contains(&name.as_str()) {
            continue;
        }
        if r.arity == Arity::Variadic {
            let _ = writeln!(js, "  get {name}() {{ return this.operation.regions.slice({i}); }}");
            let _ = writeln!(ts_getters, "  readonly {name}: Region[];");
        } else {
            let _ = writeln!(js, "  get {name}() {{ return this.operation.regions[{i}]; }}");
            let _ = writeln!(ts_getters, "  readonly {name}: Region;");
        }
    }
    let _ = writeln!(js, "}}\n{cls}.OPERATION_NAME = {:?};", op.name);
    // The function.
    let fname = function_name(&op.name);
    let single = op.results.len() == 1 && op.results[0].arity == Arity::Single;
    let tail = if op.results.is_empty() {
        ""
    } else if single {
        ".result"
    } else {
        ".operation.results"
    };
    if single && op.builds_without_view() {
        // Created directly: no view object, no second call with an options object.
        let _ = writeln!(js, "/** {summary} (`{}`) */\nfunction {fname}({}) {{", op.name, sig.join(", "));
        let create = write_build(js, op, "  ", &req_names);
        let _ = writeln!(js, "  return {create}.result;\n}}");
    } else {
        let mut fsig = req_names.clone();
        fsig.push("options".into());
        let mut call = req_names.clone();
        call.push("options".into());
        let _ = writeln!(
            js,
            "/** {summary} (`{}`) */\nfunction {fname}({}) {{ return {cls}.create({}){tail}; }}",
            op.name,
            fsig.join(", "),
            call.join(", ")
        );
    }
    // TypeScript.
    let mut opts: Vec<String> = optional.iter().map(|p| format!("{}?: {} | null", p.name, p.ts)).collect();
    if op.infers_results {
        opts.push("results?: Type[]".into());
    }
    opts.push("loc?: Location | null".into());
    opts.push("ip?: InsertionPoint | null".into());
    let opts_ts = format!("{{ {} }}", opts.join("; "));
    let ts_req: Vec<String> = required.iter().map(|p| format!("{}: {}", p.name, p.ts)).collect();
    let mut ts_params = ts_req.clone();
    ts_params.push(format!("options?: {opts_ts}"));
    let _ = writeln!(ts, "\n/** {summary} (`{}`) */\nexport class {cls} extends OpView {{", op.name);
    let _ = writeln!(ts, "  static readonly OPERATION_NAME: {:?};", op.name);
    let _ = writeln!(ts, "  static create({}): {cls};", ts_params.join(", "));
    let _ = writeln!(ts, "  static isInstance(op: Operation | OpView): boolean;");
    ts.push_str(&ts_getters);
    let _ = writeln!(ts, "}}");
    let ret = if op.results.is_empty() {
        cls.to_string()
    } else if single {
        "OpResult".into()
    } else {
        "OpResult[]".into()
    };
    let _ = writeln!(ts, "export function {fname}({}): {ret};", ts_params.join(", "));
}

fn write_enum(js: &mut String, ts: &mut String, e: &super::model::Enum) {
    let entries: Vec<String> = e
        .cases
        .iter()
        .zip(&e.symbols)
        .map(|((_, v), s)| format!("{}: {v}", if s.is_empty() { "None_".to_string() } else { snake_safe(s) }))
        .collect();
    let spellings: Vec<String> = e.cases.iter().map(|(c, v)| format!("{v}: {c:?}")).collect();
    let _ = writeln!(js, "\n/** The cases of `{}`; `{}.spelling(v)` gives MLIR's word. */", e.name, e.name);
    let _ = writeln!(
        js,
        "const {} = ods.enumeration({{ {} }}, {{ {} }}, {});",
        e.name,
        entries.join(", "),
        spellings.join(", "),
        e.bit
    );
    let keys: Vec<String> = e
        .symbols
        .iter()
        .map(|s| format!("readonly {}: number", if s.is_empty() { "None_".to_string() } else { snake_safe(s) }))
        .collect();
    let _ = writeln!(ts, "\nexport const {}: {{ {}; spelling(value: number): string }};", e.name, keys.join("; "));
}

/// Members of `DialectType` / `DialectAttr` (and their bases) that a parameter's getter of
/// the same name must not replace: it gets `_` appended. `name` (the kind's qualified name)
/// is replaced by a parameter read as a string (`NameAttr.get('x').name`), which keeps its
/// type in the `.d.ts`; the kind's name stays `Cls.NAME`.
const KIND_MEMBERS: &[&str] = &[
    "context",
    "params",
    "typeId",
    "type",
    "hash",
    "raw",
    "implements",
    "callInterfaceMethod",
    "equals",
    "toString",
    "constructor",
    "__proto__",
];

/// How a parameter reads back: the runtime reader (`ods.<reader>(this, i)`) and its
/// TypeScript type.
fn param_reader(kind: &AttrKind) -> (&'static str, &'static str) {
    match kind {
        AttrKind::Int(_) => ("intParam", "number | bigint"),
        AttrKind::Bool => ("boolParam", "boolean"),
        AttrKind::String | AttrKind::SymbolName => ("strParam", "string"),
        AttrKind::FlatSymbolRef => ("symbolParam", "string"),
        AttrKind::Type => ("typeParam", "Type"),
        AttrKind::Enum(..) => ("enumParam", "number"),
        _ => ("param", "Attribute"),
    }
}

/// A property name for `name`: other characters become `_`.
fn property_name(name: &str) -> String {
    let p = snake_safe(name);
    if p.is_empty() {
        "_".to_string()
    } else {
        p
    }
}

/// A type or attribute kind: a class over `DialectType` / `DialectAttr` with `static NAME`,
/// `get(<params>, context)`, `isInstance`, `cast` and a getter per parameter, registered so
/// that instances of the kind come back as it.
fn write_kind(js: &mut String, ts: &mut String, k: &Kind) {
    let cls = &k.class_name;
    let (base, sigil, make) =
        if k.is_type { ("DialectType", '!', "kindType") } else { ("DialectAttr", '#', "kindAttr") };
    let spelled = format!("{sigil}{}", k.qualified);
    let summary = k.summary.trim().replace("*/", "* /");
    let heading = if summary.is_empty() { format!("`{spelled}`") } else { format!("{summary} (`{spelled}`)") };
    // Parameter names of `get`: `context` is its own last parameter.
    let mut names = UniqueNames::default();
    for reserved in ["context", "ctx"] {
        names.take(reserved.to_string());
    }
    let args: Vec<String> = k.params.iter().map(|p| names.take(sanitize(&property_name(&p.name)))).collect();
    let built: Vec<String> = k
        .params
        .iter()
        .zip(&args)
        .map(|(p, a)| format!("ods.isAttribute({a}) ? {a} : {}", attr_builder(&p.kind, a, "ctx")))
        .collect();
    let mut sig = args.clone();
    sig.push("context".into());
    let _ = writeln!(js, "\n/** {heading} */\nclass {cls} extends ods.ir.{base} {{");
    let _ = writeln!(js, "  static NAME = {:?};", k.qualified);
    let _ = writeln!(js, "  static get({}) {{", sig.join(", "));
    let _ = writeln!(js, "    const ctx = ods.kindContext(context, [{}]);", args.join(", "));
    let _ = writeln!(js, "    return ods.{make}({cls}, [{}], ctx);", built.join(", "));
    let _ = writeln!(js, "  }}");
    let _ = writeln!(js, "  static isInstance(x) {{ return ods.isKind({cls}, x); }}");
    let _ = writeln!(js, "  static cast(x) {{ return ods.castKind({cls}, x); }}");
    let mut getters = UniqueNames::default();
    for m in KIND_MEMBERS {
        getters.take(m.to_string());
    }
    let mut ts_getters = String::new();
    for (i, p) in k.params.iter().enumerate() {
        let (reader, ty) = param_reader(&p.kind);
        let mut name = property_name(&p.name);
        if name == "name" && ty != "string" {
            name.push('_');
        }
        let name = getters.take(name);
        let _ = writeln!(js, "  get {name}() {{ return ods.{reader}(this, {i}); }}");
        let _ = writeln!(ts_getters, "  readonly {name}: {ty};");
    }
    let _ = writeln!(js, "}}\nods.registerKind({cls});");
    // TypeScript.
    let mut doc = heading.clone();
    let description = k.description.trim().replace("*/", "* /");
    if !description.is_empty() {
        doc.push_str("\n *\n * ");
        doc.push_str(&description.replace('\n', "\n * "));
    }
    let mut ts_params: Vec<String> =
        k.params.iter().zip(&args).map(|(p, a)| format!("{a}: {}", ts_attr(&p.kind))).collect();
    ts_params.push("context?: Context | null".into());
    let _ = writeln!(ts, "\n/** {doc} */\nexport class {cls} extends {base} {{");
    let _ = writeln!(ts, "  static readonly NAME: {:?};", k.qualified);
    let get_doc = if k.params.is_empty() {
        format!("`{spelled}` in `context`, else the current one.")
    } else {
        let names: Vec<&str> = k.params.iter().map(|p| p.name.as_str()).collect();
        format!(
            "`{spelled}<{}>` (an MLIRError when the definition refuses the parameters), in\n   * `context`, else the context of a Type or Attribute parameter, else the current one.",
            names.join(", ")
        )
    };
    let _ = writeln!(ts, "  /** {get_doc} */");
    let _ = writeln!(ts, "  static get({}): {cls};", ts_params.join(", "));
    let _ = writeln!(ts, "  static isInstance(x: unknown): x is {cls};");
    ts.push_str(&ts_getters);
    let _ = writeln!(ts, "}}");
}

/// A case symbol as a JS property name.
fn snake_safe(s: &str) -> String {
    let name: String = s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{name}")
    } else {
        name
    }
}

/// The CommonJS module and the `.d.ts` of the dialect.
pub fn module(d: &Dialect, source: &str) -> (String, String) {
    let mut js = String::new();
    let mut ts = String::new();
    let _ = writeln!(js, "// Generated by omnir-gen from {source}; do not edit.\n'use strict';\n");
    // By the package's name, so that a user's dialect module (generated elsewhere) resolves
    // it the same way as the shipped ones.
    let _ = writeln!(js, "const ods = require('omnir/dialects/_ods_common');");
    let _ = writeln!(ts, "// Generated by omnir-gen from {source}; do not edit.");
    // The names the enums, ops and functions take first: a kind whose class would clash gets
    // none (`DialectType.getByName` / `DialectAttr.getByName` still reach it).
    let mut taken: Vec<String> = d.enums.iter().map(|e| e.name.clone()).collect();
    for op in &d.ops {
        taken.push(op.class_name.clone());
        taken.push(function_name(&op.name));
    }
    let kinds: Vec<&Kind> = d.kinds.iter().filter(|k| !taken.contains(&k.class_name)).collect();
    let context = if kinds.is_empty() { "" } else { "Context, " };
    let _ = writeln!(
        ts,
        "import type {{ Attribute, Block, {context}InsertionPoint, Location, OpResult, Operation, Region, Type, Value }} from 'omnir';"
    );
    // The base classes of the kinds' classes (values: a class extends them).
    let bases: Vec<&str> = [(false, "DialectAttr"), (true, "DialectType")]
        .into_iter()
        .filter(|(is_type, _)| kinds.iter().any(|k| k.is_type == *is_type))
        .map(|(_, b)| b)
        .collect();
    if !bases.is_empty() {
        let _ = writeln!(ts, "import {{ {} }} from 'omnir';", bases.join(", "));
    }
    let _ = writeln!(ts, "import {{ OpView }} from 'omnir/dialects/_ods_common';");
    let mut exports = Vec::new();
    for e in &d.enums {
        write_enum(&mut js, &mut ts, e);
        exports.push(e.name.clone());
    }
    for k in kinds {
        write_kind(&mut js, &mut ts, k);
        exports.push(k.class_name.clone());
    }
    for op in &d.ops {
        write_op(&mut js, &mut ts, op);
        exports.push(op.class_name.clone());
        exports.push(function_name(&op.name));
    }
    exports.sort();
    exports.dedup();
    let _ = writeln!(js, "\nmodule.exports = {{ {} }};", exports.join(", "));
    (js, ts)
}

#[cfg(test)]
mod tests {
    #[test]
    fn reserved_words_get_an_underscore() {
        assert_eq!(super::function_name("scf.for"), "for_");
        assert_eq!(super::function_name("llvm.intr.abs"), "intr_abs");
        assert_eq!(super::function_name("builtin.module"), "module_");
        assert_eq!(super::sanitize("in"), "in_");
        assert_eq!(super::snake_safe("non-leaf"), "non_leaf");
    }
}
