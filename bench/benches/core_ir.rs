//! Criterion benchmarks of the core IR workloads (per-op figures). The side-by-side run
//! against MLIR's C++ API is `core_compare` (see docs/benchmarks.md).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use omnir_bench::ChainFixture;

const N: usize = 100_000;

fn core_ir(c: &mut Criterion) {
    let mut g = c.benchmark_group("core_ir");
    g.sample_size(10);
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("build_100k", |b| {
        b.iter_batched(
            ChainFixture::new,
            |mut f| {
                f.build_chain(N);
                f
            },
            BatchSize::PerIteration,
        )
    });
    let mut built = ChainFixture::new();
    built.build_chain(N);
    g.bench_function("walk_100k", |b| b.iter(|| built.walk_count()));
    g.bench_function("erase_100k", |b| {
        b.iter_batched(
            || {
                let mut f = ChainFixture::new();
                f.build_chain(N);
                f
            },
            |mut f| {
                f.erase_chain();
                f
            },
            BatchSize::PerIteration,
        )
    });
    g.bench_function("clone_100k", |b| {
        b.iter(|| {
            let copy = built.ctx.clone_op(built.func).expect("clone");
            built.ctx.erase_op(copy).expect("erase");
        })
    });
    g.finish();
}

criterion_group!(benches, core_ir);
criterion_main!(benches);
