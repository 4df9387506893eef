//! Generated op views against building by hand, as tests/cxx/bench_generated.cpp does in
//! C++: N `arith.addi` at the end of a block, once with `arith::AddIOp::create` (result type
//! inferred by the core) and once with an `OperationBuilder` filled by hand (result type
//! given). Printed, never asserted.
//!
//!     cargo run --release -p omnir-dialects --example bench_generated [N]

use std::time::Instant;

use omnir::{Context, InsertionPoint, Location, Module, OperationBuilder, Type, Value};
use omnir_dialects::arith;

fn ns_per_op(n: usize, build: impl Fn(&InsertionPoint, &Location, &Type, &Value, &Value)) -> f64 {
    let ctx = Context::new();
    let loc = ctx.unknown_loc();
    let module = Module::new(&loc).unwrap();
    let body = module.body().unwrap();
    let i32 = ctx.integer_type(32).unwrap();
    let (x, y) = (body.add_argument(&i32, &loc).unwrap(), body.add_argument(&i32, &loc).unwrap());
    let at = InsertionPoint::BlockEnd(body);
    let start = Instant::now();
    for _ in 0..n {
        build(&at, &loc, &i32, &x, &y);
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let (mut generated, mut by_hand) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..3 {
        generated = generated.min(ns_per_op(n, |at, loc, _, x, y| {
            arith::AddIOp::create(at, loc, x, y, None).unwrap();
        }));
        by_hand = by_hand.min(ns_per_op(n, |at, loc, i32, x, y| {
            OperationBuilder::new("arith.addi", loc).operands(&[x, y]).results(&[i32]).build_at(at).unwrap();
        }));
    }
    println!(
        "bench (Rust): {n} x arith.addi, best of 3: generated AddIOp::create {generated:.0} ns/op, OperationBuilder by hand {by_hand:.0} ns/op (generated/by hand {:.2})",
        generated / by_hand
    );
}
