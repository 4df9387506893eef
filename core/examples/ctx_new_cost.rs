fn main() {
    let t = std::time::Instant::now();
    let n = 2000;
    for _ in 0..n {
        let c = omnir_core::Context::new();
        std::hint::black_box(&c);
    }
    println!("Context::new: {:?} each", t.elapsed() / n);
}
