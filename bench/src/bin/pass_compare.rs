//! Pass-manager figures: CSE on a generated 1M-op module against `mlir-opt-14 --cse` and
//! `iree-opt --cse` on the same file, and the speedup of the two-phase parallel model on a
//! module of 64 functions. Figures are printed, never asserted.
//!
//! Usage: pass_compare [--ops N] [--funcs F] [--repeats R] [--threads T]
//!                     [--mlir-opt PATH] [--iree-opt PATH] [--dir DIR] [--only cse|parallel]
//!
//! The input files come from `../shared/bench/gen_mlir.py` (`--legacy14` for mlir-opt-14)
//! and are kept in DIR (default `target/tmp/pass_bench`). MLIR only CSEs ops it knows are
//! pure; the `func` and `arith` ops of the file are registered on both sides alike (omnir
//! ships both dialects, with MLIR's traits: the arith ops are Pure), so the runs are
//! like-for-like, verifiers included. Pass times on the MLIR side are read from
//! `--mlir-timing`; like omnir's, they include the verifier run after the pass.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use omnir_bench::median;
use omnir_core::asm::{parse_source, ParseOptions};
use omnir_core::pass::{PassManager, TimingNode};
use omnir_core::{Context, OpId};

struct Args {
    ops: usize,
    funcs: usize,
    repeats: usize,
    threads: usize,
    mlir_opt: Option<String>,
    iree_opt: Option<String>,
    dir: PathBuf,
    /// `cse` or `parallel`: run only that part.
    only: Option<String>,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn parse_args() -> Args {
    let mut a = Args {
        ops: 1_000_000,
        funcs: 64,
        repeats: 3,
        threads: 2,
        mlir_opt: None,
        iree_opt: None,
        dir: repo_root().join("target/tmp/pass_bench"),
        only: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--ops" => a.ops = value().parse().expect("--ops N"),
            "--funcs" => a.funcs = value().parse().expect("--funcs F"),
            "--repeats" => a.repeats = value().parse().expect("--repeats R"),
            "--threads" => a.threads = value().parse().expect("--threads T"),
            "--mlir-opt" => a.mlir_opt = Some(value()),
            "--iree-opt" => a.iree_opt = Some(value()),
            "--dir" => a.dir = PathBuf::from(value()),
            "--only" => a.only = Some(value()),
            other => panic!("unknown flag {other} (see the header of bench/src/bin/pass_compare.rs)"),
        }
    }
    let found = |name: &str, fallbacks: &[PathBuf]| -> Option<String> {
        fallbacks.iter().find(|p| p.exists()).map(|p| p.to_string_lossy().to_string()).or_else(|| {
            Command::new("which")
                .arg(name)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        })
    };
    if a.mlir_opt.is_none() {
        a.mlir_opt = found("mlir-opt-14", &[]);
    }
    if a.iree_opt.is_none() {
        a.iree_opt = found("iree-opt", &[repo_root().join("target/venv/bin/iree-opt")]);
    }
    a
}

/// Writes `gen_mlir.py` output to `dir/name` unless it is already there.
fn generate(dir: &Path, name: &str, args: &[String]) -> PathBuf {
    std::fs::create_dir_all(dir).expect("create the bench directory");
    let path = dir.join(name);
    if !path.exists() {
        let script = repo_root().join("../shared/bench/gen_mlir.py");
        let status = Command::new("python3")
            .arg(&script)
            .args(args)
            .arg("-o")
            .arg(&path)
            .status()
            .expect("run python3 gen_mlir.py");
        assert!(status.success(), "gen_mlir.py failed");
    }
    path
}

fn load(source: &str, threads: usize) -> (Context, OpId) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.set_pass_threads(threads);
    let module = parse_source(
        &mut ctx,
        source,
        "bench.mlir",
        &ParseOptions { allow_unregistered_dialects: true, ..ParseOptions::default() },
    )
    .unwrap_or_else(|e| panic!("parse: {e}"));
    (ctx, module)
}

fn live_ops(ctx: &Context) -> usize {
    ctx.live_ir_counts().0
}

/// The wall time of the first timer named `name` (depth-first).
fn timer(root: &TimingNode, name: &str) -> Option<f64> {
    let mut stack = vec![root];
    while let Some(t) = stack.pop() {
        if t.name == name {
            return Some(t.wall.as_secs_f64());
        }
        stack.extend(t.children.iter());
    }
    None
}

/// Ops in a generic-form file: lines starting (after an optional `%x = `) with `"name"(`.
fn count_ops(text: &str) -> usize {
    text.lines()
        .filter(|l| {
            let l = l.trim_start();
            let l = if l.starts_with('%') { l.split_once(" = ").map_or("", |(_, r)| r) } else { l };
            l.starts_with('"') && l[1..].find('"').is_some_and(|q| l[1 + q + 1..].starts_with('('))
        })
        .count()
}

struct PeerRun {
    pass_time: f64,
    total: f64,
    removed: Option<usize>,
}

/// Runs an MLIR tool with `--cse --mlir-timing`, reading the CSE row of its report.
fn run_peer(tool: &str, file: &Path, repeats: usize, ops_before: usize) -> Option<PeerRun> {
    let mut times = Vec::new();
    let mut totals = Vec::new();
    for _ in 0..repeats {
        let t = Instant::now();
        let out = Command::new(tool)
            .args(["--cse", "--mlir-timing", "--mlir-timing-display=tree", "-o", "/dev/null"])
            .arg(file)
            .output()
            .ok()?;
        totals.push(t.elapsed().as_secs_f64());
        if !out.status.success() {
            eprintln!("{tool} failed: {}", String::from_utf8_lossy(&out.stderr));
            return None;
        }
        let report = String::from_utf8_lossy(&out.stderr).to_string();
        let row = report.lines().find(|l| l.trim_end().ends_with(" CSE") || l.trim_end().ends_with(" CSEPass"))?;
        times.push(row.split_whitespace().next()?.parse::<f64>().ok()?);
    }
    // Count what the tool removed from a generic print of its output.
    let out = Command::new(tool).args(["--cse", "--mlir-print-op-generic"]).arg(file).output().ok()?;
    let removed =
        out.status.success().then(|| ops_before.saturating_sub(count_ops(&String::from_utf8_lossy(&out.stdout))));
    Some(PeerRun { pass_time: median(times), total: median(totals), removed })
}

fn omnir_cse(source: &str, repeats: usize, verify: bool) -> (f64, f64, usize, usize) {
    let (mut parse, mut cse) = (Vec::new(), Vec::new());
    let (mut before, mut after) = (0, 0);
    for _ in 0..repeats {
        let t = Instant::now();
        let (mut ctx, module) = load(source, 1);
        parse.push(t.elapsed().as_secs_f64());
        before = live_ops(&ctx);
        let mut pm = PassManager::parse(&ctx, "builtin.module(cse)").expect("pipeline");
        pm.enable_timing(true).enable_verifier(verify);
        pm.run(&mut ctx, module).expect("cse");
        cse.push(timer(pm.timing().expect("timing"), "CSE").expect("CSE timer"));
        after = live_ops(&ctx);
    }
    (median(parse), median(cse), before, after)
}

fn cse_comparison(a: &Args) {
    println!("== CSE on a {}-op module (gen_mlir.py --ops {}) ==", a.ops, a.ops);
    let file = generate(&a.dir, &format!("cse_{}.mlir", a.ops), &["--ops".into(), a.ops.to_string()]);
    let legacy = generate(
        &a.dir,
        &format!("cse_{}_legacy14.mlir", a.ops),
        &["--ops".into(), a.ops.to_string(), "--legacy14".into()],
    );
    let source = std::fs::read_to_string(&file).expect("read the module");
    let file_ops = count_ops(&source);
    let (parse, cse, before, after) = omnir_cse(&source, a.repeats, true);
    let (_, cse_nv, _, _) = omnir_cse(&source, a.repeats, false);
    println!(
        "omnir: parse {parse:.3} s; cse {cse:.3} s (verifier off: {cse_nv:.3} s); ops {before} -> {after}, removed {}",
        before - after
    );
    for (label, tool, path) in [("mlir-opt-14", &a.mlir_opt, &legacy), ("iree-opt", &a.iree_opt, &file)] {
        match tool.as_deref().and_then(|t| run_peer(t, path, a.repeats, file_ops)) {
            Some(p) => println!(
                "{label}: cse {:.3} s (whole run {:.3} s); removed {}; omnir/{label} cse time ratio {:.2}",
                p.pass_time,
                p.total,
                p.removed.map_or("?".to_string(), |r| r.to_string()),
                cse / p.pass_time,
            ),
            None => println!("{label}: not available (install it, or pass --mlir-opt / --iree-opt)"),
        }
    }
}

fn parallel_speedup(a: &Args) {
    let per_func = (a.ops / a.funcs).saturating_sub(1).max(1);
    println!("\n== Two-phase parallelism: {} functions of {per_func} ops, 1 vs {} threads ==", a.funcs, a.threads);
    let file = generate(
        &a.dir,
        &format!("par_{}x{per_func}.mlir", a.funcs),
        &[
            "--ops".into(),
            (a.funcs * (per_func + 1)).to_string(),
            "--per-func".into(),
            per_func.to_string(),
            "--funcs-per-module".into(),
            a.funcs.to_string(),
        ],
    );
    let source = std::fs::read_to_string(&file).expect("read the module");
    for pipeline in [
        "builtin.module(builtin.module(func.func(cse)))",
        "builtin.module(builtin.module(func.func(dce)))",
        "builtin.module(builtin.module(func.func(cse, dce)))",
        "builtin.module(builtin.module(func.func(strip-debuginfo)))",
    ] {
        // Serial and parallel runs alternate, so that load from elsewhere on a shared
        // machine hits both alike; the pass time is read from the timers.
        let run_once = |threads: usize| -> (f64, String) {
            let (mut ctx, module) = load(&source, threads);
            let mut pm = PassManager::parse(&ctx, pipeline).expect("pipeline");
            pm.enable_timing(true);
            pm.run(&mut ctx, module).expect("run");
            let t = pm.timing().expect("timing").wall.as_secs_f64();
            (t, omnir_core::asm::print_op(&ctx, module, &Default::default()).expect("print"))
        };
        let (mut serial, mut parallel) = (Vec::new(), Vec::new());
        let mut same = true;
        for _ in 0..a.repeats {
            let (s, s_out) = run_once(1);
            let (p, p_out) = run_once(a.threads);
            same &= s_out == p_out;
            serial.push(s);
            parallel.push(p);
        }
        let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let (bs, bp) = (best(&serial), best(&parallel));
        let (ms, mp) = (median(serial), median(parallel));
        println!(
            "{pipeline}: 1 thread {ms:.3} s, {} threads {mp:.3} s (medians): speedup {:.2}x; best runs {bs:.3} / {bp:.3} s: {:.2}x{}",
            a.threads,
            ms / mp,
            bs / bp,
            if same { " (identical output)" } else { " (OUTPUT DIFFERS)" }
        );
    }
    // Where the time goes, per phase: analysis and verification run in parallel, applying
    // the plan is serial; hence the best speedup the model allows (Amdahl).
    for name in ["cse", "dce"] {
        let (mut ctx, module) = load(&source, 1);
        let funcs: Vec<OpId> = ctx
            .collect_ops(module, omnir_core::WalkOrder::PreOrder)
            .expect("walk")
            .into_iter()
            .filter(|&o| ctx.op_name(o).is_ok_and(|n| n == "func.func"))
            .collect();
        let inst = ctx.create_pass(name, &[]).expect("pass");
        let pass = inst.pass().clone();
        let t = Instant::now();
        for &f in &funcs {
            std::hint::black_box(pass.analyze(&ctx, f).expect("analyze"));
        }
        let analyze = t.elapsed().as_secs_f64();
        // The same analyses split over `threads` plain threads (no pool, no option scopes).
        let t = Instant::now();
        let shared = &ctx;
        let chunk = funcs.len().div_ceil(a.threads);
        std::thread::scope(|s| {
            for part in funcs.chunks(chunk) {
                let pass = pass.clone();
                s.spawn(move || {
                    for &f in part {
                        std::hint::black_box(pass.analyze(shared, f).expect("analyze"));
                    }
                });
            }
        });
        let analyze_par = t.elapsed().as_secs_f64();
        let plans: Vec<_> = funcs.iter().map(|&f| pass.analyze(&ctx, f).expect("analyze")).collect();
        let t = Instant::now();
        for (&f, plan) in funcs.iter().zip(plans) {
            pass.run(&mut ctx, f, Some(plan)).expect("apply");
        }
        let apply = t.elapsed().as_secs_f64();
        let t = Instant::now();
        for &f in &funcs {
            ctx.verify(f).expect("verify");
        }
        let verify = t.elapsed().as_secs_f64();
        let n = a.threads as f64;
        let bound = (analyze + apply + verify) / ((analyze + verify) / n + apply);
        println!(
            "{name} phases: analyze {analyze:.3} s ({analyze_par:.3} s on {} plain threads) + apply {apply:.3} s (serial) \
             + verify {verify:.3} s; Amdahl bound on {} threads {bound:.2}x",
            a.threads, a.threads
        );
    }
    // How parallel this machine is right now (it is shared): the same pure CPU loop on 1
    // and on `threads` threads.
    let spin =
        |n: u64| (0..n).fold(1u64, |x, i| std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i)));
    let per = 200_000_000u64;
    let t = Instant::now();
    for _ in 0..a.threads {
        std::hint::black_box(spin(per));
    }
    let one = t.elapsed().as_secs_f64();
    let t = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..a.threads {
            s.spawn(move || std::hint::black_box(spin(per)));
        }
    });
    let many = t.elapsed().as_secs_f64();
    println!("machine check: a pure CPU loop runs {:.2}x faster on {} threads than on 1", one / many, a.threads);
}

fn main() {
    let a = parse_args();
    println!(
        "pass_compare: {} cores available, repeats {}, peers: mlir-opt-14 {:?}, iree-opt {:?}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        a.repeats,
        a.mlir_opt,
        a.iree_opt
    );
    if a.only.as_deref() != Some("parallel") {
        cse_comparison(&a);
    }
    if a.only.as_deref() != Some("cse") {
        parallel_speedup(&a);
    }
}
