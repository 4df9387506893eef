//! Each built-in pass against expected output (MLIR text in, printed text out), plus the pass
//! manager's verification, timing, IR printing and scheduling rules.

mod pass_util;

use std::sync::{Arc, Mutex};

use omnir_core::asm::{print_op, PrintFlags};
use omnir_core::pass::{FnPass, IrPrinting, PassInfo, PassManager, PassSelection, RewritePattern};
use omnir_core::{AttrKind, Context, EraseMode, ErrorKind, InsertPoint, OperationState, Traits};
use pass_util::{context, dedent, parse, print, run};

fn check(pipeline: &str, input: &str, expected: &str) {
    let out = run(pipeline, input);
    assert_eq!(out, dedent(expected), "pipeline {pipeline}\n--- got ---\n{out}");
}

#[test]
fn cse_replaces_pure_duplicates_and_erases_dead_ops() {
    check(
        "builtin.module(cse)",
        r#"
        "builtin.module"() ({
          "test.func"() ({
          ^bb0(%a: i32):
            %0 = "test.const"() {value = 1 : i32} : () -> i32
            %1 = "test.const"() {value = 1 : i32} : () -> i32
            %2 = "test.const"() {value = 2 : i32} : () -> i32
            %3 = "test.pure"(%0, %a) : (i32, i32) -> i32
            %4 = "test.pure"(%1, %a) : (i32, i32) -> i32
            %5 = "test.pure"(%3, %a) : (i32, i32) -> i64
            %6 = "test.effect"(%a) : (i32) -> i32
            %7 = "test.effect"(%a) : (i32) -> i32
            %8 = "other.op"(%a) : (i32) -> i32
            %9 = "other.op"(%a) : (i32) -> i32
            %10 = "test.pure"(%a, %a) : (i32, i32) -> i32
            %11 = "test.pure"(%a, %0) {tag} : (i32, i32) -> i32
            %12 = "test.pure"(%a, %1) {tag} : (i32, i32) -> i32
            "test.ret"(%2, %4, %5, %6, %7, %8, %9, %11, %12) : (i32, i32, i64, i32, i32, i32, i32, i32, i32) -> ()
          }) {sym_name = "f"} : () -> ()
        }) : () -> ()
        "#,
        r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32):
            %0 = "test.const"() {value = 1 : i32} : () -> i32
            %1 = "test.const"() {value = 2 : i32} : () -> i32
            %2 = "test.pure"(%0, %arg0) : (i32, i32) -> i32
            %3 = "test.pure"(%2, %arg0) : (i32, i32) -> i64
            %4 = "test.effect"(%arg0) : (i32) -> i32
            %5 = "test.effect"(%arg0) : (i32) -> i32
            %6 = "other.op"(%arg0) : (i32) -> i32
            %7 = "other.op"(%arg0) : (i32) -> i32
            %8 = "test.pure"(%arg0, %0) {tag} : (i32, i32) -> i32
            "test.ret"(%1, %2, %3, %4, %5, %6, %7, %8, %8) : (i32, i32, i64, i32, i32, i32, i32, i32, i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
    );
}

#[test]
fn cse_scopes_follow_regions_and_isolation() {
    check(
        "builtin.module(cse)",
        r#"
        "builtin.module"() ({
          "test.func"() ({
          ^bb0(%a: i32):
            %0 = "test.pure"(%a) : (i32) -> i32
            "test.scope"() ({
              %1 = "test.pure"(%a) : (i32) -> i32
              %2 = "test.pure"(%1, %1) : (i32, i32) -> i32
              "test.effect"(%2) : (i32) -> ()
            }, {
              %3 = "test.pure"(%0, %0) : (i32, i32) -> i32
              "test.effect"(%3) : (i32) -> ()
            }) : () -> ()
            "other.isolated"() ({
            ^bb0(%b: i32):
              %4 = "test.const"() {value = 0 : i32} : () -> i32
              "test.effect"(%4) : (i32) -> ()
            }) : () -> ()
            %5 = "test.const"() {value = 0 : i32} : () -> i32
            %6 = "test.const"() {value = 0 : i32} : () -> i32
            "test.ret"(%5, %6) : (i32, i32) -> ()
          }) {sym_name = "f"} : () -> ()
        }) : () -> ()
        "#,
        r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32):
            %0 = "test.pure"(%arg0) : (i32) -> i32
            "test.scope"() ({
              %4 = "test.pure"(%0, %0) : (i32, i32) -> i32
              "test.effect"(%4) : (i32) -> ()
            }, {
              %3 = "test.pure"(%0, %0) : (i32, i32) -> i32
              "test.effect"(%3) : (i32) -> ()
            }) : () -> ()
            "other.isolated"() ({
            ^bb0(%arg1: i32):
              %2 = "test.const"() {value = 0 : i32} : () -> i32
              "test.effect"(%2) : (i32) -> ()
            }) : () -> ()
            %1 = "test.const"() {value = 0 : i32} : () -> i32
            "test.ret"(%1, %1) : (i32, i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
    );
}

#[test]
fn cse_walks_the_dominator_tree_of_multi_block_regions() {
    check(
        "builtin.module(test.func(cse))",
        r#"
        "builtin.module"() ({
          "test.func"() ({
          ^bb0(%a: i32):
            %0 = "test.pure"(%a) : (i32) -> i32
            "other.cond_br"(%a)[^bb1, ^bb2] : (i32) -> ()
          ^bb1:
            %1 = "test.pure"(%a) : (i32) -> i32
            %2 = "test.pure"(%1, %1) : (i32, i32) -> i32
            "other.br"(%2)[^bb3] : (i32) -> ()
          ^bb2:
            %3 = "test.pure"(%0, %0) : (i32, i32) -> i32
            "other.br"(%3)[^bb3] : (i32) -> ()
          ^bb3(%4: i32):
            %5 = "test.pure"(%0, %0) : (i32, i32) -> i32
            "test.ret"(%4, %5) : (i32, i32) -> ()
          }) {sym_name = "f"} : () -> ()
        }) : () -> ()
        "#,
        r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32):
            %0 = "test.pure"(%arg0) : (i32) -> i32
            "other.cond_br"(%arg0)[^bb1, ^bb2] : (i32) -> ()
          ^bb1:  // pred: ^bb0
            %1 = "test.pure"(%0, %0) : (i32, i32) -> i32
            "other.br"(%1)[^bb3] : (i32) -> ()
          ^bb2:  // pred: ^bb0
            %2 = "test.pure"(%0, %0) : (i32, i32) -> i32
            "other.br"(%2)[^bb3] : (i32) -> ()
          ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
            %4 = "test.pure"(%0, %0) : (i32, i32) -> i32
            "test.ret"(%3, %4) : (i32, i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
    );
}

#[test]
fn cse_in_graph_regions_only_moves_uses_not_yet_visited() {
    // In a region without SSA dominance a use may come before its definition; MLIR moves
    // only the uses whose owner is not already known.
    check(
        "builtin.module(cse)",
        r#"
        "builtin.module"() ({
          "test.module"() ({
            %0 = "test.pure"(%1) : (i32) -> i32
            %1 = "test.const"() {value = 1 : i32} : () -> i32
            %2 = "test.const"() {value = 1 : i32} : () -> i32
            %3 = "test.pure"(%2) : (i32) -> i32
            "test.effect"(%3, %0) : (i32, i32) -> ()
          }) : () -> ()
          "test.module"() ({
            %0 = "test.pure"(%2) : (i32) -> i32
            %1 = "test.const"() {value = 1 : i32} : () -> i32
            %2 = "test.const"() {value = 1 : i32} : () -> i32
            "test.effect"(%0, %1) : (i32, i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
        r#"
        "builtin.module"() ({
          "test.module"() ({
            %3 = "test.pure"(%4) : (i32) -> i32
            %4 = "test.const"() {value = 1 : i32} : () -> i32
            "test.effect"(%3, %3) : (i32, i32) -> ()
          }) : () -> ()
          "test.module"() ({
            %0 = "test.pure"(%2) : (i32) -> i32
            %1 = "test.const"() {value = 1 : i32} : () -> i32
            %2 = "test.const"() {value = 1 : i32} : () -> i32
            "test.effect"(%0, %1) : (i32, i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
    );
}

#[test]
fn cse_gives_an_unknown_location_the_location_of_the_op_it_replaces() {
    let mut ctx = context();
    let m = parse(
        &mut ctx,
        r#"
        "builtin.module"() ({
          %0 = "test.const"() {value = 1 : i32} : () -> i32 loc(unknown)
          %1 = "test.const"() {value = 1 : i32} : () -> i32 loc("a.mlir":3:4)
          %2 = "test.const"() {value = 1 : i32} : () -> i32 loc("b.mlir":5:6)
          "test.effect"(%0, %1, %2) : (i32, i32, i32) -> () loc(unknown)
        }) : () -> () loc(unknown)
        "#,
    );
    PassManager::parse(&ctx, "builtin.module(cse)").unwrap().run(&mut ctx, m).unwrap();
    let out = print_op(&ctx, m, &PrintFlags { generic: true, debug_info: true, ..PrintFlags::default() }).unwrap();
    assert!(out.contains(r#"%0 = "test.const"() {value = 1 : i32} : () -> i32 loc(#loc1)"#), "{out}");
    assert!(out.contains(r#"#loc1 = loc("a.mlir":3:4)"#) && !out.contains("b.mlir"), "{out}");
}

#[test]
fn dce_erases_trivially_dead_ops_to_a_fixpoint() {
    check(
        "builtin.module(dce)",
        r#"
        "builtin.module"() ({
          "test.func"() ({
          ^bb0(%a: i32):
            %0 = "test.pure"(%a) : (i32) -> i32
            %1 = "test.pure"(%0) : (i32) -> i32
            %2 = "test.pure"(%1, %1) : (i32, i32) -> i32
            %3 = "test.effect"(%a) : (i32) -> i32
            %4 = "other.op"(%a) : (i32) -> i32
            %5 = "test.pure"(%a) : (i32) -> i32
            "test.pure_region"() ({
              %6 = "test.pure"(%5) : (i32) -> i32
              "test.effect"(%6) : (i32) -> ()
            }) : () -> ()
            %7 = "test.pure"(%a) : (i32) -> i32
            "test.ret"(%7) : (i32) -> ()
          }) {sym_name = "f", sym_visibility = "private"} : () -> ()
        }) : () -> ()
        "#,
        r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f", sym_visibility = "private"}> ({
          ^bb0(%arg0: i32):
            %0 = "test.effect"(%arg0) : (i32) -> i32
            %1 = "other.op"(%arg0) : (i32) -> i32
            %2 = "test.pure"(%arg0) : (i32) -> i32
            "test.ret"(%2) : (i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
    );
}

const SYMBOLS: &str = r#"
"builtin.module"() ({
  "test.func"() ({
    "test.ret"() : () -> ()
  }) {sym_name = "public_unused"} : () -> ()
  "test.func"() ({
    "test.ret"() : () -> ()
  }) {sym_name = "dead", sym_visibility = "private"} : () -> ()
  "test.func"() ({
    "other.call"() {callee = @live_private} : () -> ()
    "test.ret"() : () -> ()
  }) {sym_name = "caller"} : () -> ()
  "test.func"() ({
    "test.ret"() : () -> ()
  }) {sym_name = "live_private", sym_visibility = "private"} : () -> ()
  "test.func"() ({
    "other.call"() {callee = @cycle_b} : () -> ()
    "test.ret"() : () -> ()
  }) {sym_name = "cycle_a", sym_visibility = "private"} : () -> ()
  "test.func"() ({
    "other.call"() {callee = @cycle_a} : () -> ()
    "test.ret"() : () -> ()
  }) {sym_name = "cycle_b", sym_visibility = "private"} : () -> ()
  "test.module"() ({
    "test.func"() ({
      "test.ret"() : () -> ()
    }) {sym_name = "inner_used", sym_visibility = "private"} : () -> ()
    "test.func"() ({
      "test.ret"() : () -> ()
    }) {sym_name = "inner_dead", sym_visibility = "private"} : () -> ()
  }) {sym_name = "nested"} : () -> ()
  "test.module"() ({
    "test.func"() ({
      "test.ret"() : () -> ()
    }) {sym_name = "in_dead_module"} : () -> ()
  }) {sym_name = "dead_module", sym_visibility = "private"} : () -> ()
  "other.user"() {ref = @nested::@inner_used} : () -> ()
}) : () -> ()
"#;

#[test]
fn symbol_dce_erases_unreferenced_private_symbols() {
    check(
        "builtin.module(symbol-dce)",
        SYMBOLS,
        r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "public_unused"}> ({
            "test.ret"() : () -> ()
          }) : () -> ()
          "test.func"() <{sym_name = "caller"}> ({
            "other.call"() {callee = @live_private} : () -> ()
            "test.ret"() : () -> ()
          }) : () -> ()
          "test.func"() <{sym_name = "live_private", sym_visibility = "private"}> ({
            "test.ret"() : () -> ()
          }) : () -> ()
          "test.module"() <{sym_name = "nested"}> ({
            "test.func"() <{sym_name = "inner_used", sym_visibility = "private"}> ({
              "test.ret"() : () -> ()
            }) : () -> ()
          }) : () -> ()
          "other.user"() {ref = @nested::@inner_used} : () -> ()
        }) : () -> ()
        "#,
    );
}

#[test]
fn symbol_dce_refuses_potentially_unknown_symbol_tables() {
    let mut ctx = context();
    let m = parse(
        &mut ctx,
        r#""builtin.module"() ({
          "test.func"() ({
            "test.ret"() : () -> ()
          }) {sym_name = "dead", sym_visibility = "private"} : () -> ()
          "other.container"() ({
            "other.call"() {callee = @dead} : () -> ()
          }) : () -> ()
        }) : () -> ()"#,
    );
    let before = print(&ctx, m);
    let e = PassManager::parse(&ctx, "builtin.module(symbol-dce)").unwrap().run(&mut ctx, m).unwrap_err();
    assert!(e.message.contains("potentially unknown symbol table") && e.message.contains("symbol-dce"), "{e}");
    assert_eq!(print(&ctx, m), before, "nothing erased");
    // Not a symbol table.
    let f =
        ctx.block_first_op(ctx.region_first_block(ctx.op_region(m, 0).unwrap()).unwrap().unwrap()).unwrap().unwrap();
    let mut pm = PassManager::parse(&ctx, "test.func(symbol-dce)").unwrap();
    let e = pm.run(&mut ctx, f).unwrap_err();
    assert!(e.message.contains("does not define a symbol table"), "{e}");
}

#[test]
fn strip_debuginfo_makes_every_location_unknown() {
    let mut ctx = context();
    let m = parse(
        &mut ctx,
        r#"
        "builtin.module"() ({
          "test.func"() ({
          ^bb0(%a: i32 loc("x.mlir":1:2)):
            %0 = "test.const"() {value = 1 : i32} : () -> i32 loc("a.mlir":3:4)
            "test.ret"(%0) : (i32) -> () loc(fused["a.mlir":5:6, "b.mlir":1:1])
          }) {sym_name = "f"} : () -> () loc("f.mlir":1:1)
        }) : () -> () loc("m.mlir":1:1)
        "#,
    );
    PassManager::parse(&ctx, "builtin.module(strip-debuginfo)").unwrap().run(&mut ctx, m).unwrap();
    let out = print_op(&ctx, m, &PrintFlags { generic: true, debug_info: true, ..PrintFlags::default() }).unwrap();
    let expected = dedent(
        r#"
        #loc = loc(unknown)
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32 loc(unknown)):
            %0 = "test.const"() {value = 1 : i32} : () -> i32 loc(#loc)
            "test.ret"(%0) : (i32) -> () loc(#loc)
          }) : () -> () loc(#loc)
        }) : () -> () loc(#loc)
        "#,
    );
    assert_eq!(out, expected);
}

/// Registers `test.neg` and `test.add` with patterns: neg(neg(x)) -> x, add(x, 0) -> x.
fn canonicalize_context() -> Context {
    let mut ctx = context();
    for name in ["test.neg", "test.add", "test.seed", "test.item"] {
        let mut d = omnir_core::OpDef::new(name);
        d.operands = vec![omnir_core::ValueSpec::variadic("in", omnir_core::TypeConstraint::Any)];
        d.results = vec![omnir_core::ValueSpec::variadic("out", omnir_core::TypeConstraint::Any)];
        d.traits = if matches!(name, "test.seed" | "test.item") { Traits::default() } else { Traits::PURE };
        ctx.register_operation(d).unwrap();
    }
    ctx.register_rewrite_pattern(RewritePattern::new("double-neg", "test.neg", |rw, op| {
        let ctx = rw.ctx();
        let Some(inner) = ctx.op_operand(op, 0)?.and_then(|v| ctx.value_defining_op(v).ok().flatten()) else {
            return Ok(false);
        };
        if ctx.op_name(inner)? != "test.neg" {
            return Ok(false);
        }
        let x = ctx.op_operand(inner, 0)?.expect("operand");
        rw.replace_op(op, &[x])?;
        Ok(true)
    }))
    .unwrap();
    ctx.register_rewrite_pattern(RewritePattern::with_match(
        "add-zero",
        "test.add",
        |ctx, op| {
            let Ok(Some(rhs)) = ctx.op_operand(op, 1) else { return false };
            let Ok(Some(def)) = ctx.value_defining_op(rhs) else { return false };
            ctx.op_name(def).ok() == Some("test.const")
                && ctx
                    .op_attribute(def, "value")
                    .ok()
                    .flatten()
                    .is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Integer { value, .. } if value.is_zero()))
        },
        |rw, op| {
            let lhs = rw.ctx().op_operand(op, 0)?.expect("operand");
            rw.replace_op(op, &[lhs])
        },
    ))
    .unwrap();
    // Adds one `test.item` after each `test.seed` per iteration, up to its `limit`: the
    // seed is not revisited within an iteration, so this takes `limit` iterations.
    ctx.register_rewrite_pattern(RewritePattern::new("grow", "test.seed", |rw, op| {
        let ctx = rw.ctx();
        let limit = match ctx.op_attribute(op, "limit")?.map(|a| ctx.attr_kind(a).clone()) {
            Some(AttrKind::Integer { value, .. }) => value.to_u64().unwrap_or(0) as usize,
            _ => return Ok(false),
        };
        let mut items = 0;
        let mut next = ctx.op_next(op)?;
        while let Some(n) = next {
            if ctx.op_name(n)? != "test.item" {
                break;
            }
            items += 1;
            next = ctx.op_next(n)?;
        }
        if items >= limit {
            return Ok(false);
        }
        let loc = ctx.op_location(op)?;
        rw.set_insertion_point(InsertPoint::After(op));
        rw.create_op(&OperationState::new("test.item", loc))?;
        Ok(true)
    }))
    .unwrap();
    ctx
}

fn canonicalize(ctx: &mut Context, pipeline: &str, input: &str) -> omnir_core::Result<String> {
    let m = parse(ctx, input);
    PassManager::parse(ctx, pipeline).map_err(omnir_core::Error::from)?.run(ctx, m)?;
    Ok(print(ctx, m))
}

const CANON_INPUT: &str = r#"
"builtin.module"() ({
  "test.func"() ({
  ^bb0(%a: i32):
    %0 = "test.neg"(%a) : (i32) -> i32
    %1 = "test.neg"(%0) : (i32) -> i32
    %2 = "test.const"() {value = 0 : i32} : () -> i32
    %3 = "test.add"(%1, %2) : (i32, i32) -> i32
    %4 = "test.pure"(%3) : (i32) -> i32
    "test.ret"(%3) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}) : () -> ()
"#;

#[test]
fn canonicalize_applies_patterns_to_a_fixpoint_and_erases_dead_ops() {
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(test.func(canonicalize))", CANON_INPUT).unwrap();
    let expected = r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32):
            "test.ret"(%arg0) : (i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#;
    assert_eq!(out, dedent(expected));
    // Disabling a pattern by name keeps what it would have rewritten.
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize{disable-patterns=double-neg})", CANON_INPUT).unwrap();
    let expected = r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32):
            %0 = "test.neg"(%arg0) : (i32) -> i32
            %1 = "test.neg"(%0) : (i32) -> i32
            "test.ret"(%1) : (i32) -> ()
          }) : () -> ()
        }) : () -> ()
        "#;
    assert_eq!(out, dedent(expected));
    // enable-patterns keeps only the named ones (dead-op removal always runs).
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize{enable-patterns=add-zero})", CANON_INPUT).unwrap();
    assert!(out.contains("test.neg") && !out.contains("test.add") && !out.contains("test.pure"), "{out}");
}

const SEED: &str = r#"
"builtin.module"() ({
  "test.seed"() {limit = 5 : i64} : () -> ()
}) : () -> ()
"#;

#[test]
fn canonicalize_honours_its_iteration_and_rewrite_limits() {
    let items = |s: &str| s.matches("test.item").count();
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize)", SEED).unwrap();
    assert_eq!(items(&out), 5, "converges after 5 growing iterations\n{out}");
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize{max-iterations=3})", SEED).unwrap();
    assert_eq!(items(&out), 3, "stops after 3 iterations\n{out}");
    let mut ctx = canonicalize_context();
    let e = canonicalize(&mut ctx, "builtin.module(canonicalize{max-iterations=3 test-convergence=true})", SEED)
        .unwrap_err();
    assert!(e.message.contains("failed to converge within 3 iterations"), "{e}");
    // max-num-rewrites bounds each sweep, as upstream's: two seeds grow one item each per
    // sweep, so three sweeps give six items, or three with one rewrite per sweep.
    let two_seeds = SEED.replace(
        "\"test.seed\"() {limit = 5 : i64} : () -> ()",
        "\"test.seed\"() {limit = 5 : i64} : () -> ()\n  \"test.seed\"() {limit = 5 : i64} : () -> ()",
    );
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize{max-iterations=3})", &two_seeds).unwrap();
    assert_eq!(items(&out), 6, "{out}");
    let mut ctx = canonicalize_context();
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize{max-iterations=3 max-num-rewrites=1})", &two_seeds)
        .unwrap();
    assert_eq!(items(&out), 3, "{out}");
}

#[test]
fn canonicalize_prefers_patterns_with_higher_benefit_and_reports_pattern_errors() {
    let ctx = context();
    let mark = |name: &'static str, benefit: u16| {
        RewritePattern::new(name, "test.effect", move |rw, op| {
            if rw.ctx().op_attribute(op, "by")?.is_some() {
                return Ok(false);
            }
            let a = rw.ctx().string_attr(name);
            rw.set_op_attribute(op, "by", a)?;
            Ok(true)
        })
        .benefit(benefit)
    };
    ctx.register_rewrite_pattern(mark("low", 1)).unwrap();
    ctx.register_rewrite_pattern(mark("high", 5)).unwrap();
    ctx.register_rewrite_pattern(mark("also-high", 5)).unwrap();
    assert_eq!(ctx.register_rewrite_pattern(mark("low", 1)).unwrap_err().kind, ErrorKind::AlreadyExists);
    let mut ctx = ctx;
    let out = canonicalize(&mut ctx, "builtin.module(canonicalize)", r#""test.effect"() : () -> ()"#).unwrap();
    assert!(out.contains(r#"{by = "high"}"#), "highest benefit, first registered among equals: {out}");
    ctx.register_rewrite_pattern(RewritePattern::any_op("boom", |_, _| Err(omnir_core::Error::invalid("kaboom"))))
        .unwrap();
    let e = canonicalize(&mut ctx, "builtin.module(canonicalize)", r#""other.op"() : () -> ()"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::CallbackFailed);
    assert!(e.message.contains("rewrite pattern 'boom' failed: kaboom") && e.message.contains("canonicalize"), "{e}");
}

/// A pass that breaks the IR: it erases the first op of the first block while it is used.
fn register_breaker(ctx: &Context) {
    ctx.register_pass(PassInfo::new("break-ir", "BreakIR", "", |_| {
        Ok(Box::new(FnPass::new(|ctx, op| {
            let block = ctx.region_first_block(ctx.op_region(op, 0)?)?.expect("block");
            let first = ctx.block_first_op(block)?.expect("op");
            ctx.erase_op_with(first, EraseMode::DropUses)
        })))
    }))
    .unwrap();
}

const BREAKABLE: &str = r#"
"builtin.module"() ({
  %0 = "test.const"() {value = 1 : i32} : () -> i32
  "test.effect"(%0) : (i32) -> ()
}) : () -> ()
"#;

#[test]
fn the_verifier_runs_after_each_pass_unless_disabled() {
    let mut ctx = context();
    register_breaker(&ctx);
    let m = parse(&mut ctx, BREAKABLE);
    let mut pm = PassManager::parse(&ctx, "builtin.module(break-ir, cse)").unwrap();
    let diags = Arc::new(Mutex::new(Vec::new()));
    let d = diags.clone();
    ctx.attach_diagnostic_handler(Box::new(move |_, diag| {
        d.lock().unwrap().push(diag.message.clone());
        true
    }));
    let e = pm.run(&mut ctx, m).unwrap_err();
    assert_eq!(e.kind, ErrorKind::VerificationFailed);
    assert!(e.message.contains("after pass 'break-ir'"), "{e}");
    assert!(!diags.lock().unwrap().is_empty(), "the verifier reported through the diagnostics engine");
    assert!(print(&ctx, m).contains("<<NULL VALUE>>"), "cse did not run after the failure");
    let mut ctx = context();
    register_breaker(&ctx);
    let m = parse(&mut ctx, BREAKABLE);
    let mut pm = PassManager::parse(&ctx, "builtin.module(break-ir)").unwrap();
    pm.enable_verifier(false);
    pm.run(&mut ctx, m).unwrap();
    assert!(print(&ctx, m).contains("<<NULL VALUE>>"));
}

#[test]
fn a_failing_pass_stops_the_pipeline_with_its_name() {
    let mut ctx = context();
    ctx.register_pass(PassInfo::new("fail", "Fail", "", |_| {
        Ok(Box::new(FnPass::new(|_, _| Err(omnir_core::Error::invalid("nope")))))
    }))
    .unwrap();
    let m = parse(&mut ctx, r#""test.func"() ({ "test.ret"() : () -> () }) {sym_name = "g"} : () -> ()"#);
    let mut pm = PassManager::parse(&ctx, "builtin.module(test.func(fail), strip-debuginfo)").unwrap();
    let e = pm.run(&mut ctx, m).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert_eq!(e.message, "pass 'fail' failed on 'test.func' op @g: nope");
}

#[test]
fn passes_nest_on_ops_directly_under_the_regions_of_the_parent() {
    // test.func(...) reaches the functions of the module, not those nested deeper.
    let mut ctx = context();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    ctx.register_pass(PassInfo::new("record", "Record", "", move |_| {
        let s = s.clone();
        Ok(Box::new(FnPass::new(move |ctx, op| {
            s.lock().unwrap().push(ctx.symbol_name(op)?.unwrap_or("?").to_string());
            Ok(())
        })))
    }))
    .unwrap();
    let m = parse(
        &mut ctx,
        r#""builtin.module"() ({
          "test.func"() ({ "test.ret"() : () -> () }) {sym_name = "a"} : () -> ()
          "test.module"() ({
            "test.func"() ({ "test.ret"() : () -> () }) {sym_name = "deep"} : () -> ()
          }) {sym_name = "inner"} : () -> ()
          "test.func"() ({ "test.ret"() : () -> () }) {sym_name = "b"} : () -> ()
        }) : () -> ()"#,
    );
    PassManager::parse(&ctx, "builtin.module(test.func(record))").unwrap().run(&mut ctx, m).unwrap();
    assert_eq!(*seen.lock().unwrap(), ["a", "b"]);
    seen.lock().unwrap().clear();
    PassManager::parse(&ctx, "builtin.module(test.module(test.func(record)), any(record))")
        .unwrap()
        .run(&mut ctx, m)
        .unwrap();
    assert_eq!(*seen.lock().unwrap(), ["deep", "a", "inner", "b"]);
    // A registered op that is not isolated from above cannot anchor a pipeline.
    let m2 = parse(&mut ctx, r#""test.scope"() ({ "test.effect"() : () -> () }) : () -> ()"#);
    let e = PassManager::parse(&ctx, "builtin.module(test.scope(cse))").unwrap().run(&mut ctx, m2).unwrap_err();
    assert!(e.message.contains("not marked as 'IsolatedFromAbove'"), "{e}");
    // The run op must match the anchor.
    let f =
        ctx.block_first_op(ctx.region_first_block(ctx.op_region(m, 0).unwrap()).unwrap().unwrap()).unwrap().unwrap();
    let e = PassManager::parse(&ctx, "builtin.module(cse)").unwrap().run(&mut ctx, f).unwrap_err();
    assert!(e.message.contains("anchored on 'builtin.module'") && e.message.contains("'test.func' op"), "{e}");
}

const TWO_FUNCS: &str = r#"
"builtin.module"() ({
  "test.func"() ({
  ^bb0(%a: i32):
    %0 = "test.pure"(%a) : (i32) -> i32
    %1 = "test.pure"(%a) : (i32) -> i32
    "test.ret"(%0, %1) : (i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
  "test.func"() ({
    "test.ret"() : () -> ()
  }) {sym_name = "g"} : () -> ()
}) : () -> ()
"#;

#[test]
fn timing_reports_nested_passes_like_mlir_timing() {
    let mut ctx = context();
    let m = parse(&mut ctx, TWO_FUNCS);
    let mut pm = PassManager::parse(&ctx, "builtin.module(test.func(cse, canonicalize), symbol-dce)").unwrap();
    assert!(pm.timing_report().is_none());
    pm.enable_timing(true);
    pm.run(&mut ctx, m).unwrap();
    let report = pm.timing_report().unwrap();
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], format!("==={}===", "-".repeat(73)));
    assert_eq!(lines[1], "                         ... Execution time report ...");
    assert_eq!(lines[2], lines[0]);
    assert!(lines[3].starts_with("  Total Execution Time: ") && lines[3].ends_with(" seconds"), "{report}");
    assert_eq!(lines[4], "");
    assert_eq!(lines[5], "  ----Wall Time----  ----Name----");
    let names: Vec<&str> = lines[6..].iter().map(|l| &l[21..]).collect();
    assert_eq!(names, ["'test.func' Pipeline", "  CSE", "  Canonicalizer", "SymbolDCE", "Rest", "Total"], "{report}");
    for l in &lines[6..] {
        // "  %8.4f (%5.1f%)  name"
        assert_eq!(&l[10..12], " (", "{l}");
        assert_eq!(&l[18..21], ")  ", "{l}");
    }
    assert!(lines.last().unwrap().contains("(100.0%)  Total"));
    let root = pm.timing().unwrap();
    assert_eq!(root.children.len(), 2);
    assert!(root.children[0].wall >= root.children[0].children[0].wall);
    let list = root.report_list();
    assert!(list.contains("  CSE\n") && list.contains("  Total\n"), "{list}");
}

fn capture(pm: &mut PassManager) -> Arc<Mutex<String>> {
    let out = Arc::new(Mutex::new(String::new()));
    let o = out.clone();
    pm.set_output(Box::new(move |s| o.lock().unwrap().push_str(s)));
    out
}

#[test]
fn ir_printing_before_and_after_passes() {
    let mut ctx = context();
    let m = parse(&mut ctx, TWO_FUNCS);
    let mut pm = PassManager::parse(&ctx, "builtin.module(test.func(cse), strip-debuginfo)").unwrap();
    pm.enable_ir_printing(IrPrinting {
        before: PassSelection::Only(vec!["cse".into()]),
        after: PassSelection::All,
        ..IrPrinting::default()
    });
    let out = capture(&mut pm);
    pm.run(&mut ctx, m).unwrap();
    let expected = r#"
        // -----// IR Dump Before CSE (cse) //----- //
        "test.func"() <{sym_name = "f"}> ({
        ^bb0(%arg0: i32):
          %0 = "test.pure"(%arg0) : (i32) -> i32
          %1 = "test.pure"(%arg0) : (i32) -> i32
          "test.ret"(%0, %1) : (i32, i32) -> ()
        }) : () -> ()

        // -----// IR Dump After CSE (cse) //----- //
        "test.func"() <{sym_name = "f"}> ({
        ^bb0(%arg0: i32):
          %0 = "test.pure"(%arg0) : (i32) -> i32
          "test.ret"(%0, %0) : (i32, i32) -> ()
        }) : () -> ()

        // -----// IR Dump Before CSE (cse) //----- //
        "test.func"() <{sym_name = "g"}> ({
          "test.ret"() : () -> ()
        }) : () -> ()

        // -----// IR Dump After CSE (cse) //----- //
        "test.func"() <{sym_name = "g"}> ({
          "test.ret"() : () -> ()
        }) : () -> ()

        // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
        module {
          "test.func"() <{sym_name = "f"}> ({
          ^bb0(%arg0: i32):
            %0 = "test.pure"(%arg0) : (i32) -> i32
            "test.ret"(%0, %0) : (i32, i32) -> ()
          }) : () -> ()
          "test.func"() <{sym_name = "g"}> ({
            "test.ret"() : () -> ()
          }) : () -> ()
        }
        "#;
    assert_eq!(*out.lock().unwrap(), dedent(expected) + "\n\n");

    // Module scope prints the whole module and names the op the pass ran on.
    let mut ctx = context();
    let m = parse(&mut ctx, TWO_FUNCS);
    let mut pm = PassManager::parse(&ctx, "builtin.module(test.func(cse))").unwrap();
    pm.enable_ir_printing(IrPrinting { after: PassSelection::All, module_scope: true, ..IrPrinting::default() });
    let out = capture(&mut pm);
    pm.run(&mut ctx, m).unwrap();
    let text = out.lock().unwrap().clone();
    assert!(
        text.starts_with("// -----// IR Dump After CSE (cse) ('test.func' operation: @f) //----- //\nmodule {\n"),
        "{text}"
    );
    assert!(text.contains("// -----// IR Dump After CSE (cse) ('test.func' operation: @g) //----- //\n"), "{text}");
    assert_eq!(text.matches("module {\n").count(), 2);
}

#[test]
fn ir_printing_after_failure() {
    let mut ctx = context();
    register_breaker(&ctx);
    let m = parse(&mut ctx, BREAKABLE);
    let mut pm = PassManager::parse(&ctx, "builtin.module(break-ir)").unwrap();
    pm.enable_ir_printing(IrPrinting { after_failure: true, ..IrPrinting::default() });
    let out = capture(&mut pm);
    ctx.attach_diagnostic_handler(Box::new(|_, _| true));
    assert!(pm.run(&mut ctx, m).is_err());
    let text = out.lock().unwrap().clone();
    assert!(text.starts_with("// -----// IR Dump After BreakIR Failed (break-ir) //----- //\n"), "{text}");
    assert!(text.contains("<<NULL VALUE>>"), "{text}");
}
