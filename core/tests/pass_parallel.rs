//! The two-phase parallel model: parallel execution gives byte-identical results to serial
//! execution (on the upstream corpus and on generated modules), worker threads see the
//! caller's option scopes, and every context has its own pool and its own option values.

mod pass_util;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use omnir_core::asm::parser::parse_source_split;
use omnir_core::asm::{print_op, ParseOptions, PrintFlags};
use omnir_core::options::{OptionDecl, OptionType, OptionValue};
use omnir_core::pass::{FnPass, IrPrinting, PassInfo, PassManager, PassSelection};
use omnir_core::{Context, Error, OpId};

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("OMNIR_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    dir.join("MANIFEST.tsv").exists().then_some(dir)
}

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// Runs `pipeline` on every chunk of `source` with `threads` pass threads; the printed
/// result (or the error) of each chunk, and the IR dumps.
fn run_chunks(
    source: &str,
    name: &str,
    pipeline: &str,
    threads: usize,
    flags: &PrintFlags,
) -> (Vec<Result<String, String>>, String) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.set_pass_threads(threads);
    let diags = Arc::new(Mutex::new(String::new()));
    let d = diags.clone();
    ctx.attach_diagnostic_handler(Box::new(move |ctx, diag| {
        d.lock().unwrap().push_str(&ctx.render_diagnostic(diag));
        true
    }));
    let options = ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() };
    let mut out = Vec::new();
    let dumps = Arc::new(Mutex::new(String::new()));
    for chunk in parse_source_split(&mut ctx, source, name, &options) {
        let Ok(module) = chunk else { continue };
        let mut pm = PassManager::parse(&ctx, pipeline).unwrap();
        pm.enable_ir_printing(IrPrinting { after: PassSelection::All, ..IrPrinting::default() });
        let sink = dumps.clone();
        pm.set_output(Box::new(move |s| sink.lock().unwrap().push_str(s)));
        let r = pm.run(&mut ctx, module).map_err(|e| e.message);
        out.push(r.and_then(|()| print_op(&ctx, module, flags).map_err(|e| e.message)));
    }
    let all = format!("{}{}", dumps.lock().unwrap(), diags.lock().unwrap());
    (out, all)
}

#[test]
fn parallel_equals_serial_on_the_corpus() {
    let Some(dir) = corpus_dir() else {
        eprintln!("corpus not found; skipping");
        return;
    };
    let mut files = Vec::new();
    mlir_files(&dir, &mut files);
    assert!(files.len() > 300, "corpus has {} files", files.len());
    let pipelines = [
        "builtin.module(func.func(cse, dce, canonicalize, cse), cse, dce)",
        "builtin.module(func.func(strip-debuginfo), any(cse))",
        "builtin.module(symbol-dce, cse)",
    ];
    let (mut chunks, mut changed, mut multi_func) = (0, 0, 0);
    // Each file runs one of the pipelines in turn: every pipeline still meets over a hundred
    // files, at a third of the debug-build time.
    for (index, path) in files.iter().enumerate() {
        let source = std::fs::read_to_string(path).unwrap();
        let name = path.strip_prefix(&dir).unwrap().to_string_lossy().to_string();
        let flags =
            PrintFlags { generic: true, debug_info: name.starts_with("mlir-debuginfo"), ..PrintFlags::default() };
        if source.matches("\"func.func\"").count() > 1 {
            multi_func += 1;
        }
        {
            let pipeline = pipelines[index % pipelines.len()];
            let (serial, serial_dumps) = run_chunks(&source, &name, pipeline, 1, &flags);
            let (parallel, parallel_dumps) = run_chunks(&source, &name, pipeline, 4, &flags);
            assert_eq!(serial.len(), parallel.len());
            for (i, (s, p)) in serial.iter().zip(&parallel).enumerate() {
                assert_eq!(s, p, "{name} chunk {i}, pipeline {pipeline}: parallel differs from serial");
            }
            assert_eq!(serial_dumps, parallel_dumps, "{name}, pipeline {pipeline}: IR dumps or diagnostics differ");
            chunks += serial.len();
            if pipeline.starts_with("builtin.module(func.func(cse") {
                let (unchanged, _) = run_chunks(&source, &name, "builtin.module()", 1, &flags);
                changed += serial.iter().zip(&unchanged).filter(|(a, b)| a != b).count();
            }
        }
    }
    eprintln!("corpus: {} files, {chunks} chunk runs, {changed} chunks changed by cse/dce, {multi_func} files with several functions", files.len());
    assert!(changed > 20, "the pipeline should change a good number of chunks ({changed})");
    assert!(multi_func > 50);
}

/// A module of `n` test.func functions with duplicates, dead ops, nested regions.
fn generated(n: usize) -> String {
    let mut s = String::from("\"builtin.module\"() ({\n");
    for i in 0..n {
        s.push_str(&format!(
            r#"  "test.func"() ({{
  ^bb0(%a: i32, %b: i32):
    %c0 = "test.const"() {{value = {k} : i32}} : () -> i32
    %c1 = "test.const"() {{value = {k} : i32}} : () -> i32
    %0 = "test.pure"(%a, %c0) : (i32, i32) -> i32
    %1 = "test.pure"(%a, %c1) : (i32, i32) -> i32
    %2 = "test.pure"(%0, %b) : (i32, i32) -> i32
    %3 = "test.pure"(%1, %b) : (i32, i32) -> i32
    %dead = "test.pure"(%2, %3) : (i32, i32) -> i32
    %e = "test.effect"(%2) : (i32) -> i32
    "test.scope"() ({{
      %4 = "test.pure"(%a, %c1) : (i32, i32) -> i32
      %5 = "test.pure"(%4, %4) : (i32, i32) -> i32
      "test.effect"(%5) : (i32) -> ()
    }}) : () -> ()
    "other.cond_br"(%a)[^bb1, ^bb2] : (i32) -> ()
  ^bb1:
    %6 = "test.pure"(%0, %b) : (i32, i32) -> i32
    "other.br"(%6)[^bb3] : (i32) -> ()
  ^bb2:
    %7 = "test.pure"(%1, %b) : (i32, i32) -> i32
    "other.br"(%7)[^bb3] : (i32) -> ()
  ^bb3(%8: i32):
    "test.ret"(%2, %3, %e, %8) : (i32, i32, i32, i32) -> ()
  }}) {{sym_name = "f{i}", sym_visibility = "{vis}"}} : () -> ()
"#,
            k = i % 7,
            vis = if i % 3 == 0 { "private" } else { "public" },
        ));
    }
    s.push_str("}) : () -> ()\n");
    s
}

fn run_generated(source: &str, pipeline: &str, threads: usize, multithreading: bool) -> (String, String, Vec<String>) {
    let mut ctx = pass_util::context();
    ctx.set_pass_threads(threads);
    let module = pass_util::parse(&mut ctx, source);
    let mut pm = PassManager::parse(&ctx, pipeline).unwrap();
    pm.enable_multithreading(multithreading).enable_timing(true);
    pm.enable_ir_printing(IrPrinting {
        before: PassSelection::Only(vec!["cse".into()]),
        after: PassSelection::All,
        ..IrPrinting::default()
    });
    let dumps = Arc::new(Mutex::new(String::new()));
    let sink = dumps.clone();
    pm.set_output(Box::new(move |s| sink.lock().unwrap().push_str(s)));
    pm.run(&mut ctx, module).unwrap();
    let mut names = Vec::new();
    let mut stack = vec![pm.timing().unwrap()];
    while let Some(t) = stack.pop() {
        names.push(t.name.clone());
        stack.extend(t.children.iter());
    }
    let printed = pass_util::print(&ctx, module);
    let dumps = dumps.lock().unwrap().clone();
    (printed, dumps, names)
}

#[test]
fn parallel_equals_serial_on_generated_modules() {
    let source = generated(150);
    for pipeline in [
        "builtin.module(test.func(cse))",
        "builtin.module(test.func(cse, dce, canonicalize, strip-debuginfo), symbol-dce, cse)",
        "builtin.module(test.func(dce, cse), any(cse))",
    ] {
        let serial = run_generated(&source, pipeline, 1, true);
        let off = run_generated(&source, pipeline, 4, false);
        let parallel = run_generated(&source, pipeline, 4, true);
        assert_eq!(serial.0, parallel.0, "{pipeline}: parallel IR differs from serial");
        assert_eq!(serial.0, off.0, "{pipeline}");
        assert_eq!(serial.1, parallel.1, "{pipeline}: IR dumps differ");
        assert_eq!(serial.2, parallel.2, "{pipeline}: timers differ");
        assert!(serial.0.len() < source.len(), "{pipeline} changed the module");
    }
    // CSE did its work in every function: %c1, %1, %3, %4, %6, %7 and %dead are gone.
    let (out, _, _) = run_generated(&source, "builtin.module(test.func(cse))", 2, true);
    assert_eq!(out.matches("\"test.pure\"").count(), 150 * 3, "{}", &out[..2000]);
    assert_eq!(out.matches("\"test.const\"").count(), 150);
}

/// A two-phase pass that reads the context option `test.level` on the analysis thread and
/// writes it as an attribute `level` on the function; it records which threads analyzed.
fn register_level_pass(ctx: &Context, threads_seen: Arc<Mutex<BTreeSet<String>>>) {
    ctx.declare_option(OptionDecl {
        name: "test.level".into(),
        ty: OptionType::Int,
        default: OptionValue::Int(0),
        help: "a level".into(),
    })
    .unwrap();
    ctx.register_pass(PassInfo::new("tag-level", "TagLevel", "", move |_| {
        let seen = threads_seen.clone();
        Ok(Box::new(FnPass::two_phase(
            move |ctx, _op| {
                seen.lock().unwrap().insert(std::thread::current().name().unwrap_or("?").to_string());
                Ok(Box::new(ctx.option_int("test.level")?))
            },
            |ctx, op, analysis| {
                let level = *analysis.downcast::<i64>().map_err(|_| Error::invalid("bad analysis"))?;
                let i64t = ctx.signless_int(64);
                let attr = ctx.integer_attr(i64t, level)?;
                ctx.set_op_attribute(op, "level", attr)
            },
        )))
    }))
    .unwrap();
}

fn levels(ctx: &Context, module: OpId) -> Vec<String> {
    let text = pass_util::print(ctx, module);
    text.lines().filter_map(|l| l.find("level = ").map(|i| l[i..].split(' ').nth(2).unwrap().to_string())).collect()
}

#[test]
fn workers_see_the_callers_option_scopes() {
    let mut ctx = pass_util::context();
    ctx.set_pass_threads(3);
    assert_eq!(ctx.pass_threads(), 3);
    let seen = Arc::new(Mutex::new(BTreeSet::new()));
    register_level_pass(&ctx, seen.clone());
    let module = pass_util::parse(&mut ctx, &generated(40));
    ctx.set_option("test.level", OptionValue::Int(1)).unwrap();
    // A scope pushed on this thread (held by id: the run needs `&mut ctx`)...
    let id = ctx.push_option_scope(&[("test.level", OptionValue::Int(7))]).unwrap().into_id();
    PassManager::parse(&ctx, "builtin.module(test.func(tag-level))").unwrap().run(&mut ctx, module).unwrap();
    ctx.pop_option_scope(id).unwrap();
    let l = levels(&ctx, module);
    assert_eq!(l.len(), 40);
    assert!(l.iter().all(|v| v == "7"), "every worker saw the caller's scope: {l:?}");
    let names = seen.lock().unwrap().clone();
    assert!(names.iter().all(|n| n.starts_with("omnir-pass-")), "analyses ran on the context's pool: {names:?}");
    assert!(names.len() <= 3, "the pool has 3 threads: {names:?}");
    // ...or given to the run.
    let mut pm = PassManager::parse(&ctx, "builtin.module(test.func(tag-level))").unwrap();
    pm.run_with_options(&mut ctx, module, &[("test.level", OptionValue::Int(9))]).unwrap();
    assert!(levels(&ctx, module).iter().all(|v| v == "9"));
    assert!(pm.run_with_options(&mut ctx, module, &[("test.level", OptionValue::Bool(true))]).is_err());
    // Without a scope, the base value.
    pm.run(&mut ctx, module).unwrap();
    assert!(levels(&ctx, module).iter().all(|v| v == "1"));
    assert_eq!(ctx.option_int("test.level").unwrap(), 1);
}

#[test]
fn contexts_on_different_threads_never_see_each_others_values() {
    let handles: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                let mut ctx = pass_util::context();
                ctx.set_pass_threads(t % 2 + 2);
                let seen = Arc::new(Mutex::new(BTreeSet::new()));
                register_level_pass(&ctx, seen);
                let module = pass_util::parse(&mut ctx, &generated(16));
                let base = 100 + t as i64;
                ctx.set_option("test.level", OptionValue::Int(base)).unwrap();
                for round in 0..20i64 {
                    let scoped = base * 1000 + round;
                    let id = ctx.push_option_scope(&[("test.level", OptionValue::Int(scoped))]).unwrap().into_id();
                    PassManager::parse(&ctx, "builtin.module(test.func(tag-level))")
                        .unwrap()
                        .run(&mut ctx, module)
                        .unwrap();
                    ctx.pop_option_scope(id).unwrap();
                    let l = levels(&ctx, module);
                    assert!(l.iter().all(|v| *v == scoped.to_string()), "thread {t} round {round}: {l:?}");
                    assert_eq!(ctx.option_int("test.level").unwrap(), base);
                }
                ctx.pass_threads()
            })
        })
        .collect();
    let sizes: Vec<usize> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(sizes, [2, 3, 2, 3], "pools are sized per context");
}

#[test]
fn a_failing_analysis_reports_the_first_failing_op_in_both_modes() {
    for threads in [1, 4] {
        let mut ctx = pass_util::context();
        ctx.set_pass_threads(threads);
        ctx.register_pass(PassInfo::new("fussy", "Fussy", "", |_| {
            Ok(Box::new(FnPass::two_phase(
                |ctx, op| {
                    let name = ctx.symbol_name(op)?.unwrap_or("").to_string();
                    if name.ends_with('7') {
                        return Err(Error::invalid(format!("{name} is not welcome")));
                    }
                    Ok(Box::new(()))
                },
                |_, _, _| Ok(()),
            )))
        }))
        .unwrap();
        let module = pass_util::parse(&mut ctx, &generated(30));
        let e =
            PassManager::parse(&ctx, "builtin.module(test.func(fussy))").unwrap().run(&mut ctx, module).unwrap_err();
        assert_eq!(e.message, "pass 'fussy' failed on 'test.func' op @f7: f7 is not welcome", "threads {threads}");
    }
}

#[test]
fn diagnostics_from_parallel_analyses_arrive_in_op_order() {
    let emitted = |threads: usize| -> Vec<String> {
        let mut ctx = pass_util::context();
        ctx.set_pass_threads(threads);
        ctx.register_pass(PassInfo::new("remark", "Remark", "", |_| {
            Ok(Box::new(FnPass::two_phase(
                |ctx, op| {
                    let name = ctx.symbol_name(op)?.unwrap_or("").to_string();
                    let loc = ctx.op_location(op)?;
                    ctx.emit_diagnostic(omnir_core::Diagnostic {
                        severity: omnir_core::Severity::Remark,
                        location: loc,
                        message: format!("analyzing {name}"),
                        notes: vec![],
                    });
                    ctx.emit_diagnostic(omnir_core::Diagnostic {
                        severity: omnir_core::Severity::Remark,
                        location: loc,
                        message: format!("done with {name}"),
                        notes: vec![],
                    });
                    Ok(Box::new(()))
                },
                |ctx, op, _| {
                    let loc = ctx.op_location(op)?;
                    let name = ctx.symbol_name(op)?.unwrap_or("").to_string();
                    ctx.emit_diagnostic(omnir_core::Diagnostic {
                        severity: omnir_core::Severity::Remark,
                        location: loc,
                        message: format!("applying {name}"),
                        notes: vec![],
                    });
                    Ok(())
                },
            )))
        }))
        .unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        ctx.attach_diagnostic_handler(Box::new(move |_, d| {
            s.lock().unwrap().push(d.message.clone());
            true
        }));
        let module = pass_util::parse(&mut ctx, &generated(24));
        PassManager::parse(&ctx, "builtin.module(test.func(remark))").unwrap().run(&mut ctx, module).unwrap();
        let v = seen.lock().unwrap().clone();
        v
    };
    let serial = emitted(1);
    let parallel = emitted(4);
    assert_eq!(serial, parallel);
    let mut expected: Vec<String> =
        (0..24).flat_map(|i| [format!("analyzing f{i}"), format!("done with f{i}")]).collect();
    expected.extend((0..24).map(|i| format!("applying f{i}")));
    assert_eq!(serial, expected);
}
