//! Shared helpers of the pass tests: a `test` dialect whose ops have the traits the passes
//! look at, parsing and printing.
#![allow(dead_code)]

use omnir_core::asm::{parse_source, print_op, ParseOptions, PrintFlags};
use omnir_core::dialect::{Arity, AttrConstraint, AttrSpec};
use omnir_core::pass::PassManager;
use omnir_core::{Context, DialectDef, OpDef, OpId, Traits, TypeConstraint, ValueSpec};

fn any_values(name: &str) -> Vec<ValueSpec> {
    vec![ValueSpec { name: name.into(), constraint: TypeConstraint::Any, arity: Arity::Variadic }]
}

fn op(name: &str, traits: Traits, regions: usize) -> OpDef {
    let mut d = OpDef::new(name);
    d.operands = any_values("operands");
    d.results = any_values("results");
    d.traits = traits;
    d.num_regions = regions;
    d
}

/// Registers the `test` dialect:
/// - `test.pure` (PURE), `test.const` (PURE, CONSTANT_LIKE): removable and CSE-able;
/// - `test.effect`: registered without PURE (has effects);
/// - `test.ret` (terminator), `test.func` (isolated symbol with a body),
///   `test.module` (a symbol table), `test.scope` (a region op that is not isolated),
///   `test.pure_region` (PURE with one region).
pub fn register_test_dialect(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "test".into(), allow_unknown_operations: true, enums: Vec::new() });
    ctx.register_operation(op("test.pure", Traits::PURE, 0)).unwrap();
    ctx.register_operation(op("test.const", Traits::PURE | Traits::CONSTANT_LIKE, 0)).unwrap();
    ctx.register_operation(op("test.effect", Traits::default(), 0)).unwrap();
    ctx.register_operation(op("test.ret", Traits::IS_TERMINATOR | Traits::RETURN_LIKE, 0)).unwrap();
    let mut func = op("test.func", Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL, 1);
    func.attributes = vec![
        AttrSpec::required("sym_name", AttrConstraint::String),
        AttrSpec::optional("sym_visibility", AttrConstraint::String),
    ];
    ctx.register_operation(func).unwrap();
    let mut module = op(
        "test.module",
        Traits::ISOLATED_FROM_ABOVE
            | Traits::SYMBOL_TABLE
            | Traits::SYMBOL
            | Traits::OPTIONAL_SYMBOL
            | Traits::NO_TERMINATOR
            | Traits::SINGLE_BLOCK
            | Traits::GRAPH_REGIONS,
        1,
    );
    module.attributes = vec![
        AttrSpec::optional("sym_name", AttrConstraint::String),
        AttrSpec::optional("sym_visibility", AttrConstraint::String),
    ];
    ctx.register_operation(module).unwrap();
    let mut scope = op("test.scope", Traits::NO_TERMINATOR, 1);
    scope.variadic_regions = true;
    ctx.register_operation(scope).unwrap();
    ctx.register_operation(op("test.pure_region", Traits::PURE | Traits::NO_TERMINATOR, 1)).unwrap();
}

/// A context that accepts unregistered ops and knows the `test` dialect.
pub fn context() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    register_test_dialect(&mut ctx);
    ctx
}

pub fn parse(ctx: &mut Context, text: &str) -> OpId {
    parse_source(ctx, text, "test.mlir", &ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() })
        .unwrap_or_else(|e| panic!("parse failed: {e}\n{text}"))
}

pub fn print(ctx: &Context, op: OpId) -> String {
    print_op(ctx, op, &PrintFlags { generic: true, ..PrintFlags::default() }).unwrap()
}

/// Parses `input`, runs `pipeline` on it, prints the result.
pub fn run(pipeline: &str, input: &str) -> String {
    let mut ctx = context();
    let module = parse(&mut ctx, input);
    let mut pm = PassManager::parse(&ctx, pipeline).unwrap_or_else(|e| panic!("{e}"));
    pm.run(&mut ctx, module).unwrap_or_else(|e| panic!("{e}"));
    print(&ctx, module)
}

/// Normalizes leading indentation so expected outputs can be written indented.
pub fn dedent(s: &str) -> String {
    let lines: Vec<&str> = s.lines().skip_while(|l| l.trim().is_empty()).collect();
    let indent =
        lines.iter().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    let mut out: String = lines
        .iter()
        .map(|l| if l.len() >= indent { &l[indent..] } else { l.trim_start() })
        .collect::<Vec<_>>()
        .join("\n");
    while out.ends_with('\n') || out.ends_with(' ') {
        out.pop();
    }
    out.push('\n');
    out
}
