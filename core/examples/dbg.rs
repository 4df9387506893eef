fn main() {
    let mut ctx = omnir_core::Context::new();
    let m = omnir_core::asm::parse_source(
        &mut ctx,
        "func.func @f()\n",
        "t.mlir",
        &omnir_core::asm::ParseOptions { allow_unregistered_dialects: false, verify_after_parse: false },
    )
    .unwrap();
    println!("{:?}", ctx.verify(m));
    println!(
        "{}",
        omnir_core::asm::print_op(&ctx, m, &omnir_core::asm::PrintFlags { generic: true, ..Default::default() })
            .unwrap()
    );
}
