//! omnir's MLIR-text phases measured in process, for bench/text_compare.py and
//! bench/forms.py: parse, verify and print of one file, each timed separately, and a clone
//! of the parsed module (the IR built with no text); median of N runs, a fresh context per
//! run. Also the peak RSS of a process that runs the phases up to a given one.
//!
//! Usage: text_phases FILE [--runs N]           -> `key value` lines (seconds, bytes, ops)
//!        text_phases FILE --peak parse|verify|print
//!        either with --irdl-file DEFS (dialect definitions loaded into each context before
//!        its parse, not timed) and --generic (print every op in the generic form)
//!                                              -> `peak_rss_kib N` for one run up to there
//!                                                 (print streamed, as omnir-opt does)

use std::time::Instant;

use omnir_core::asm::{parse_source, print_op, print_op_to, ParseOptions, PrintFlags};
use omnir_core::irdl::load_definitions;
use omnir_core::{Context, WalkOrder, WalkResult};

fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("usage: text_phases FILE [--runs N | --peak PHASE]").clone();
    let mut runs = 5usize;
    let mut peak: Option<String> = None;
    let mut definitions: Option<(String, String)> = None;
    let mut generic = false;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--runs" => {
                runs = args[i + 1].parse().expect("--runs N");
                i += 1;
            }
            "--peak" => {
                peak = Some(args[i + 1].clone());
                i += 1;
            }
            "--irdl-file" => {
                let path = args[i + 1].clone();
                let text = std::fs::read_to_string(&path).expect("readable definitions file");
                definitions = Some((text, path));
                i += 1;
            }
            "--generic" => generic = true,
            other => panic!("unknown argument {other}"),
        }
        i += 1;
    }
    let text = std::fs::read_to_string(&file).expect("readable UTF-8 file");
    // Parse and verify are timed as separate phases.
    let options = ParseOptions { allow_unregistered_dialects: true, verify_after_parse: false };
    // The print phase follows the verify phase: as omnir-opt, it does not verify again.
    let flags = PrintFlags { generic, assume_verified: true, ..PrintFlags::default() };
    let new_context = || {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        if let Some((text, path)) = &definitions {
            load_definitions(&mut ctx, text, path).expect("definitions load");
        }
        ctx
    };

    if let Some(phase) = peak {
        let mut ctx = new_context();
        let module = parse_source(&mut ctx, &text, &file, &options).expect("parses");
        if phase != "parse" {
            ctx.verify(module).expect("verifies");
        }
        if phase == "print" {
            // As omnir-opt prints: streamed, not held as one string.
            print_op_to(&ctx, module, &flags, &mut std::io::sink()).expect("prints");
        }
        println!("peak_rss_kib {}", peak_rss_kib());
        return;
    }

    let (mut parse, mut verify, mut print, mut clone) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut ops, mut out_bytes) = (0usize, 0usize);
    for _ in 0..runs {
        let mut ctx = new_context();
        let t0 = Instant::now();
        let module = parse_source(&mut ctx, &text, &file, &options).expect("parses");
        let t1 = Instant::now();
        ctx.verify(module).expect("verifies");
        let t2 = Instant::now();
        let out = print_op(&ctx, module, &flags).expect("prints");
        let t3 = Instant::now();
        // The same IR built again with no text at all: what any syntax costs at least.
        let copy = ctx.clone_op(module).expect("clones");
        let t4 = Instant::now();
        ctx.erase_op(copy).expect("erases");
        clone.push((t4 - t3).as_secs_f64());
        parse.push((t1 - t0).as_secs_f64());
        verify.push((t2 - t1).as_secs_f64());
        print.push((t3 - t2).as_secs_f64());
        out_bytes = out.len() + 1;
        ops = 0;
        ctx.walk(module, WalkOrder::PreOrder, |_| {
            ops += 1;
            WalkResult::Advance
        })
        .expect("walk");
        // Dropping a context is part of no phase; keep it out of the next run's timing.
        drop(out);
        drop(ctx);
    }
    println!("input_bytes {}", text.len());
    println!("output_bytes {out_bytes}");
    println!("ops {ops}");
    println!("parse_s {:.6}", median(parse));
    println!("verify_s {:.6}", median(verify));
    println!("print_s {:.6}", median(print));
    println!("clone_s {:.6}", median(clone));
}
