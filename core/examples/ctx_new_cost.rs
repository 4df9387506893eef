//! What a new context costs: the shipped dialects load lazily, so `Context::new` registers
//! builtin only; loading every shipped dialect is the price of the first use of each.
//! `cargo run --release -p omnir-core --example ctx_new_cost`
fn main() {
    let n = 2000u32;
    let t = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(omnir_core::Context::new());
    }
    println!("Context::new: {:?} each", t.elapsed() / n);
    let t = std::time::Instant::now();
    for _ in 0..n / 20 {
        let mut ctx = omnir_core::Context::new();
        ctx.load_all_available_dialects();
        std::hint::black_box(ctx);
    }
    println!("Context::new + load_all_available_dialects: {:?} each", t.elapsed() / (n / 20));
}
