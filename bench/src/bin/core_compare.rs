//! Core-IR workloads side by side with upstream MLIR's C++ API (MLIR 14, via
//! bench/peers/mlir_core_bench), printing omnir's figures, MLIR's, and the ratios.
//!
//! Usage: core_compare [N] [CLONE_N] [REPEATS] [--peer PATH]
//! Without a peer binary the omnir figures are still printed.

use std::alloc::System;
use std::time::Instant;

use omnir_bench::{median, ChainFixture};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

struct Figures {
    build: f64,
    walk: f64,
    erase: f64,
    clone: f64,
    bytes_per_op: f64,
}

fn measure(n: usize, clone_n: usize, repeats: usize) -> Figures {
    let (mut build, mut walk, mut erase, mut clone, mut bytes) = (vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..repeats {
        let mut f = ChainFixture::new();
        let region = Region::new(GLOBAL);
        let t = Instant::now();
        f.build_chain(n);
        build.push(t.elapsed().as_nanos() as f64 / n as f64);
        let change = region.change();
        bytes.push((change.bytes_allocated as f64 - change.bytes_deallocated as f64) / n as f64);

        let t = Instant::now();
        let count = f.walk_count();
        walk.push(t.elapsed().as_nanos() as f64 / n as f64);
        assert_eq!(count, n + 1, "walk visits every op once");

        let t = Instant::now();
        let erased = f.erase_chain();
        erase.push(t.elapsed().as_nanos() as f64 / n as f64);
        assert_eq!(erased, n);

        let mut g = ChainFixture::new();
        g.build_chain(clone_n);
        let t = Instant::now();
        let copy = g.ctx.clone_op(g.func).expect("clone");
        clone.push(t.elapsed().as_nanos() as f64 / clone_n as f64);
        g.ctx.erase_op(copy).expect("erase clone");
    }
    Figures {
        build: median(build),
        walk: median(walk),
        erase: median(erase),
        clone: median(clone),
        bytes_per_op: median(bytes),
    }
}

fn json_number(line: &str, key: &str) -> Option<f64> {
    let pat = format!("\"{key}\":");
    let start = line.find(&pat)? + pat.len();
    let rest = &line[start..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

fn main() {
    let mut positional = Vec::new();
    let mut peer: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--peer" {
            peer = args.next();
        } else {
            positional.push(a);
        }
    }
    let n: usize = positional.first().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let clone_n: usize = positional.get(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let repeats: usize = positional.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);

    let ours = measure(n, clone_n, repeats);
    println!("core IR workloads: N={n} ops, clone of {clone_n} ops, median of {repeats}");
    let theirs = peer.and_then(|p| {
        let out = std::process::Command::new(&p)
            .args([n.to_string(), clone_n.to_string(), repeats.to_string()])
            .output()
            .map_err(|e| eprintln!("could not run peer {p}: {e}"))
            .ok()?;
        if !out.status.success() {
            eprintln!("peer {p} failed: {}", String::from_utf8_lossy(&out.stderr));
            return None;
        }
        let line = String::from_utf8_lossy(&out.stdout).to_string();
        Some(Figures {
            build: json_number(&line, "build_ns_per_op")?,
            walk: json_number(&line, "walk_ns_per_op")?,
            erase: json_number(&line, "erase_ns_per_op")?,
            clone: json_number(&line, "clone_ns_per_op")?,
            bytes_per_op: json_number(&line, "bytes_per_op")?,
        })
    });
    println!("{:<22}{:>14}{:>14}{:>16}", "workload", "omnir", "MLIR 14 C++", "omnir/MLIR");
    let rows = [
        ("build (ns/op)", ours.build, theirs.as_ref().map(|t| t.build)),
        ("walk (ns/op)", ours.walk, theirs.as_ref().map(|t| t.walk)),
        ("erase (ns/op)", ours.erase, theirs.as_ref().map(|t| t.erase)),
        ("clone (ns/op)", ours.clone, theirs.as_ref().map(|t| t.clone)),
        ("memory (bytes/op)", ours.bytes_per_op, theirs.as_ref().map(|t| t.bytes_per_op)),
    ];
    for (name, o, t) in rows {
        match t {
            Some(t) => println!("{name:<22}{o:>14.1}{t:>14.1}{:>15.2}x", o / t),
            None => println!("{name:<22}{o:>14.1}{:>14}{:>16}", "-", "-"),
        }
    }
    println!("(ratios below 1.0 mean omnir is faster / smaller)");
}
