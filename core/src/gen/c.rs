//! C bindings: a header per dialect (`omnir/dialects/<d>.h`) of static inline builders and
//! accessors over the C API, named after the op (`omnir_arith_addi_create(ctx, loc, ip,
//! lhs, rhs, overflowFlags, &op)`, `omnir_arith_addi_get_lhs(ctx, op, &value)`), with the
//! dialect's enums as macros. Attributes are `omnir_attribute` handles (a zeroed one is an
//! absent optional attribute); result types are left to the core where the definition
//! determines them. What the functions share is the hand-written `omnir/dialects/ods_common.h`.

use std::fmt::Write;

use super::model::{Argument, Dialect, Enum, Group, Kind, Op};
use super::{c_identifier, c_string_literal as cstr, UniqueNames};
use crate::dialect::Arity;

/// C's keywords and the functions' own parameter names: `_` is appended.
const RESERVED: &[&str] = &[
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float",
    "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof",
    "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false",
    "ctx", "loc", "ip", "out", "state", "st", "sizes", "range", "op", "name",
];

fn ident(name: &str) -> String {
    c_identifier(name, RESERVED)
}

/// `omnir_<dialect>_<op>`: the op's name with every other character as `_`.
fn prefix(op_name: &str) -> String {
    let mut out = String::from("omnir_");
    out.extend(op_name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }));
    out
}

fn comment(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace("*/", "* /")
}

/// Parameters of a group of `kind` (`value`, `type`, `block`): one handle, or a pointer and
/// a count for a variadic group.
fn group_params(g: &Group, name: &str, kind: &str) -> Vec<String> {
    match g.arity {
        Arity::Variadic => vec![format!("const struct omnir_{kind} *{name}"), format!("size_t {name}_count")],
        Arity::Single | Arity::Optional => vec![format!("struct omnir_{kind} {name}")],
    }
}

/// The statement adding a group to the state with `add` (`omnir_operation_state_add_operands`).
fn add_group(g: &Group, name: &str, add: &str, is_null: &str) -> String {
    match g.arity {
        Arity::Single => format!("if (st == OMNIR_OK) st = {add}(state, &{name}, 1);"),
        Arity::Optional => format!("if (st == OMNIR_OK && !{is_null}({name})) st = {add}(state, &{name}, 1);"),
        Arity::Variadic => format!("if (st == OMNIR_OK && {name}_count) st = {add}(state, {name}, {name}_count);"),
    }
}

fn segment_sizes(groups: &[(&Group, String)], is_null: &str) -> String {
    let sizes: Vec<String> = groups
        .iter()
        .map(|(g, n)| match g.arity {
            Arity::Single => "1".to_string(),
            Arity::Optional => format!("!{is_null}({n})"),
            Arity::Variadic => format!("(int32_t){n}_count"),
        })
        .collect();
    sizes.join(", ")
}

fn write_op(out: &mut String, op: &Op) {
    let fname = prefix(&op.name);
    let mut params = vec![
        "struct omnir_context *ctx".to_string(),
        "struct omnir_location loc".into(),
        "const struct omnir_insertion_point *ip".into(),
    ];
    let mut body = Vec::new();
    // A variadic group's name also takes `<name>_count`, its count parameter.
    let mut names = UniqueNames::default();
    let mut unique = |base: String| {
        let name = names.take(base);
        names.take(format!("{name}_count"));
        name
    };
    let mut results: Vec<(&Group, String)> = Vec::new();
    if !op.infers_results {
        for r in &op.results {
            let name = unique(ident(&r.name));
            params.extend(group_params(r, &name, "type"));
            results.push((r, name));
        }
    }
    let mut operands: Vec<(&Group, String)> = Vec::new();
    let mut attrs = Vec::new();
    for a in &op.arguments {
        let name = unique(ident(a.name()));
        match a {
            Argument::Operand(g) => {
                params.extend(group_params(g, &name, "value"));
                operands.push((g, name));
            }
            Argument::Attribute(at) => {
                params.push(format!("struct omnir_attribute {name}"));
                let add = format!(
                    "st = omnir_operation_state_add_attribute(state, {}, {}, {name});",
                    cstr(&at.name),
                    at.name.len()
                );
                attrs.push(if at.optional {
                    format!("if (st == OMNIR_OK && {name}.context != 0) {add}")
                } else {
                    format!("if (st == OMNIR_OK) {add}")
                });
            }
        }
    }
    for (g, name) in &operands {
        body.push(add_group(g, name, "omnir_operation_state_add_operands", "omnir_value_is_null"));
    }
    if op.sized_operand_segments {
        body.push(format!(
            "if (st == OMNIR_OK) {{\n    const int32_t sizes[] = {{{}}};\n    st = omnir_ods_add_segment_sizes(ctx, state, \"operandSegmentSizes\", sizes, {});\n  }}",
            segment_sizes(&operands, "omnir_value_is_null"),
            operands.len()
        ));
    }
    body.extend(attrs);
    if op.infers_results {
        body.push("if (st == OMNIR_OK) st = omnir_operation_state_enable_result_type_inference(state);".into());
    } else {
        for (g, name) in &results {
            body.push(add_group(g, name, "omnir_operation_state_add_results", "omnir_ods_type_is_null"));
        }
        if op.sized_result_segments {
            body.push(format!(
                "if (st == OMNIR_OK) {{\n    const int32_t sizes[] = {{{}}};\n    st = omnir_ods_add_segment_sizes(ctx, state, \"resultSegmentSizes\", sizes, {});\n  }}",
                segment_sizes(&results, "omnir_ods_type_is_null"),
                results.len()
            ));
        }
    }
    for s in &op.successors {
        let name = unique(ident(&s.name));
        params.extend(group_params(s, &name, "block"));
        body.push(add_group(s, &name, "omnir_operation_state_add_successors", "omnir_block_is_null"));
    }
    let fixed = op.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
    match op.regions.iter().find(|r| r.arity == Arity::Variadic) {
        Some(r) => {
            let name = unique(ident(&format!("num_{}", r.name)));
            params.push(format!("size_t {name}"));
            body.push(format!(
                "if (st == OMNIR_OK) st = omnir_operation_state_set_num_regions(state, {fixed} + {name});"
            ));
        }
        None if fixed > 0 => {
            body.push(format!("if (st == OMNIR_OK) st = omnir_operation_state_set_num_regions(state, {fixed});"))
        }
        None => {}
    }
    params.push("struct omnir_op *out".into());
    let summary = comment(&op.summary);
    let _ = writeln!(
        out,
        "\n/* `{}`{}: builds one at `ip` (detached when `ip` is NULL) into `out`. On error nothing is\n * created and the last error says why. */",
        op.name,
        if summary.is_empty() { String::new() } else { format!(" ({summary})") }
    );
    let _ = writeln!(out, "static inline enum omnir_status {fname}_create({}) {{", params.join(", "));
    let _ = writeln!(out, "  struct omnir_operation_state *state = NULL;");
    let _ = writeln!(
        out,
        "  enum omnir_status st = omnir_operation_state_create({}, {}, loc, &state);",
        cstr(&op.name),
        op.name.len()
    );
    for line in &body {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(
        out,
        "  if (st == OMNIR_OK) st = ip ? omnir_operation_create_at(ctx, state, *ip, out) : omnir_operation_create(ctx, state, out);"
    );
    let _ = writeln!(out, "  omnir_operation_state_destroy(state);\n  return st;\n}}");
    // Accessors.
    let _ = writeln!(
        out,
        "/* Whether `op` is a `{}`. */\nstatic inline bool {fname}_isa(const struct omnir_context *ctx, struct omnir_op op) {{\n  return omnir_ods_op_is(ctx, op, {});\n}}",
        op.name,
        cstr(&op.name)
    );
    let mut getters: Vec<String> = vec!["create".into(), "isa".into()];
    let mut getter = |out: &mut String, name: &str, signature: &str, body: String| {
        // Part of a longer identifier: only its characters need fixing.
        let name: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
        if getters.contains(&name) {
            return;
        }
        getters.push(name.clone());
        let _ = writeln!(
            out,
            "static inline enum omnir_status {fname}_get_{name}(const struct omnir_context *ctx, struct omnir_op op, {signature}) {{\n  {body}\n}}"
        );
    };
    let group_getter = |g: &Group, index: usize, which: &str| -> (String, String) {
        match g.arity {
            Arity::Variadic => (
                "struct omnir_index_range *out".to_string(),
                format!("return omnir_op_get_{which}_group(ctx, op, {index}, out);"),
            ),
            _ => (
                "struct omnir_value *out".to_string(),
                format!("return omnir_ods_value_of_group(ctx, op, {index}, {}, out);", which == "result"),
            ),
        }
    };
    for (i, g) in op.operands().enumerate() {
        let (sig, b) = group_getter(g, i, "operand");
        getter(out, &g.name, &sig, b);
    }
    for (i, r) in op.results.iter().enumerate() {
        let (sig, b) = group_getter(r, i, "result");
        getter(out, &r.name, &sig, b);
    }
    for a in &op.arguments {
        let Argument::Attribute(at) = a else { continue };
        getter(
            out,
            &at.name,
            "struct omnir_attribute *out",
            format!("return omnir_op_get_inherent_attribute(ctx, op, {}, {}, out);", cstr(&at.name), at.name.len()),
        );
    }
    for (i, r) in op.regions.iter().enumerate() {
        if r.arity != Arity::Variadic {
            getter(out, &r.name, "struct omnir_region *out", format!("return omnir_op_get_region(ctx, op, {i}, out);"));
        }
    }
    for (i, s) in op.successors.iter().enumerate() {
        if s.arity != Arity::Variadic {
            getter(
                out,
                &s.name,
                "struct omnir_block *out",
                format!("return omnir_op_get_successor(ctx, op, {i}, out);"),
            );
        }
    }
}

/// A type or attribute kind: `omnir_<d>_<name>_type_get(ctx, <params>, &out)` (parameters
/// as attributes), `_isa`, `_get_<param>`.
fn write_kind(out: &mut String, k: &Kind) {
    let (handle, suffix, sigil, which) =
        if k.is_type { ("type", "type", "!", "type") } else { ("attribute", "attr", "#", "attr") };
    let fname = format!("{}_{suffix}", prefix(&k.qualified));
    let mut names = UniqueNames::default();
    names.take("params".to_string());
    let params: Vec<String> = k.params.iter().map(|p| names.take(ident(&p.name))).collect();
    let mut sig = vec!["struct omnir_context *ctx".to_string()];
    sig.extend(params.iter().map(|n| format!("struct omnir_attribute {n}")));
    sig.push(format!("struct omnir_{handle} *out"));
    let summary = comment(&k.summary);
    let _ = writeln!(
        out,
        "\n/* `{sigil}{}`{}: the {which} with these parameters into `out` (the definition's constraints\n * are checked). */",
        k.qualified,
        if summary.is_empty() { String::new() } else { format!(" ({summary})") }
    );
    let _ = writeln!(out, "static inline enum omnir_status {fname}_get({}) {{", sig.join(", "));
    if params.is_empty() {
        let _ = writeln!(out, "  return omnir_ods_dialect_{which}_get(ctx, {}, NULL, 0, out);", cstr(&k.qualified));
    } else {
        let _ = writeln!(out, "  const struct omnir_attribute params[] = {{{}}};", params.join(", "));
        let _ = writeln!(
            out,
            "  return omnir_ods_dialect_{which}_get(ctx, {}, params, {}, out);",
            cstr(&k.qualified),
            params.len()
        );
    }
    let _ = writeln!(out, "}}");
    let type_id_name = if k.is_type { k.qualified.clone() } else { format!("#{}", k.qualified) };
    let _ = writeln!(
        out,
        "/* Whether `value` is a `{sigil}{}`. */\nstatic inline bool {fname}_isa(const struct omnir_context *ctx, struct omnir_{handle} value) {{\n  return omnir_ods_{which}_is(ctx, value, {});\n}}",
        k.qualified,
        cstr(&type_id_name)
    );
    let mut getters = UniqueNames::default();
    for reserved in ["get", "isa"] {
        getters.take(reserved.to_string());
    }
    for (i, p) in k.params.iter().enumerate() {
        let name = getters.take(ident(&p.name));
        let _ = writeln!(
            out,
            "static inline enum omnir_status {fname}_get_{name}(const struct omnir_context *ctx, struct omnir_{handle} value, struct omnir_attribute *out) {{\n  return omnir_dialect_{which}_get_param(ctx, value, {i}, out);\n}}"
        );
    }
}

fn write_enum(out: &mut String, dialect: &str, e: &Enum) {
    let stem = format!("OMNIR_{}_{}", ident(dialect), ident(&e.name)).to_uppercase();
    let _ = writeln!(out, "\n/* The cases of `{}` (their values as stored in the attribute). */", e.name);
    for ((_, v), s) in e.cases.iter().zip(&e.symbols) {
        let case = if s.is_empty() { "NONE".to_string() } else { ident(s).to_uppercase() };
        let _ = writeln!(out, "#define {stem}_{case} INT64_C({v})");
    }
}

/// The header of the dialect.
pub fn header(d: &Dialect, source: &str) -> String {
    let guard = format!("OMNIR_DIALECTS_{}_H", ident(&d.name).to_uppercase());
    let mut out = String::new();
    let _ = writeln!(out, "/* Generated by omnir-gen from {source}; do not edit. */");
    let _ = writeln!(out, "#ifndef {guard}\n#define {guard}\n");
    let _ = writeln!(out, "#include <omnir/dialects/ods_common.h>");
    for e in &d.enums {
        write_enum(&mut out, &d.name, e);
    }
    for k in &d.kinds {
        write_kind(&mut out, k);
    }
    for op in &d.ops {
        write_op(&mut out, op);
    }
    let _ = writeln!(out, "\n#endif /* {guard} */");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_c_identifiers() {
        assert_eq!(super::prefix("llvm.intr.abs"), "omnir_llvm_intr_abs");
        assert_eq!(super::ident("default"), "default_");
        assert_eq!(super::ident("op"), "op_");
        assert_eq!(super::comment("a */ b\n c"), "a * / b c");
    }
}
