//! Profiling aid: build a 1M-op chain then erase it, for `perf record`.
fn main() {
    let mut f = omnir_bench::ChainFixture::new();
    f.build_chain(1_000_000);
    let t = std::time::Instant::now();
    f.erase_chain();
    eprintln!("erase {:.1} ns/op", t.elapsed().as_nanos() as f64 / 1e6);
}
