//! Per-call cost of the safe client, next to tests/c/bench_calls.c (the same workloads from
//! C): a type query, and creating one operation through a reused builder + inserting it.
//! Printed, never asserted.
//!
//!     cargo run --release -p omnir --example bench_client [N]

use std::time::Instant;

use omnir::{Block, Context, InsertionPoint, OperationBuilder};

fn best_of_3(mut f: impl FnMut() -> f64) -> f64 {
    (0..3).map(|_| f()).fold(f64::INFINITY, f64::min)
}

fn main() -> omnir::Result<()> {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true)?;
    let i32 = ctx.integer_type(32)?;

    let calls = n * 10;
    let t = best_of_3(|| {
        let start = Instant::now();
        let mut acc = 0usize;
        for _ in 0..calls {
            acc += i32.kind().map(|k| k as usize).unwrap_or(0);
        }
        std::hint::black_box(acc);
        start.elapsed().as_nanos() as f64 / calls as f64
    });
    println!("bench (Rust client): type query (Type::kind): {t:.1} ns/call");

    let loc = ctx.unknown_loc();
    let attr = ctx.integer_attr(&i32, 7)?;
    let t = best_of_3(|| {
        let block = Block::create(&ctx, &[(i32.clone(), loc.clone()), (i32.clone(), loc.clone())]).unwrap();
        let args = block.arguments().unwrap();
        let builder = OperationBuilder::new("bench.add", &loc).operands(&args).results(&[&i32]).attribute("tag", &attr);
        let end = InsertionPoint::BlockEnd(block.block().clone());
        let start = Instant::now();
        for _ in 0..n {
            end.build(&builder).unwrap();
        }
        let dt = start.elapsed().as_nanos() as f64 / n as f64;
        drop(block); // detached: erased with its operations
        dt
    });
    println!("bench (Rust client): create one operation through the builder + insert (reused builder): {t:.1} ns/op");
    Ok(())
}
