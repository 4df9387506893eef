//! Builds a small function with the safe client, verifies it, rewrites it, walks it and
//! prints it; then defines a dialect operation with a Rust verifier.
//!
//! Run after installing the library (`bash ci/install.sh target/omnir-install`):
//!     cargo run -p omnir --example build_and_print

use omnir::{
    Block, Context, InsertionPoint, Module, OpDefinition, OperationBuilder, PrintFlags, TypeConstraint, ValueSpec,
    WalkOrder, WalkResult,
};

fn main() -> omnir::Result<()> {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true)?;
    let loc = ctx.file_line_col_loc("example.mlir", 1, 1)?;
    let i32 = ctx.integer_type(32)?;

    // func.func @add(%a: i32, %b: i32) -> i32
    let module = Module::new(&loc)?;
    let func_type = ctx.function_type(&[i32.clone(), i32.clone()], std::slice::from_ref(&i32))?;
    // Its inherent attributes are properties (`<{...}>` in the generic form), as in MLIR.
    let props =
        ctx.dictionary_attr(&[("function_type", ctx.type_attr(&func_type)?), ("sym_name", ctx.string_attr("add")?)])?;
    let func = InsertionPoint::BlockEnd(module.body()?)
        .build(&OperationBuilder::new("func.func", &loc).properties(&props).regions(1))?;
    let body = Block::create(&ctx, &[(i32.clone(), loc.clone()), (i32.clone(), loc.clone())])?;
    func.region(0)?.append_block(&body)?;
    let body = body.release();
    let sum = InsertionPoint::BlockEnd(body.clone())
        .build(&OperationBuilder::new("arith.addi", &loc).operands(&body.arguments()?).results(&[&i32]))?;
    InsertionPoint::BlockEnd(body.clone())
        .build(&OperationBuilder::new("func.return", &loc).operands(&[sum.result(0)?]))?;
    module.verify()?;
    println!("{module}");

    // Rewrite: return %a directly and erase the add; its handle goes stale.
    sum.result(0)?.replace_all_uses_with(&body.argument(0)?)?;
    sum.erase()?;
    assert!(sum.name().unwrap_err().is_stale());
    module.walk(WalkOrder::PreOrder, |op| {
        println!("  visit {}", op.name().unwrap_or_default());
        WalkResult::Advance
    })?;
    println!("{}", module.print(&PrintFlags::default().with_debug_info())?);

    // A dialect operation with a Rust verifier.
    ctx.register_dialect("demo", false)?;
    ctx.register_operation(
        &OpDefinition::new("demo.positive").operand(ValueSpec::single("x", TypeConstraint::AnyInteger)).verifier(
            |op| match op.attribute("limit") {
                Ok(Some(_)) => Ok(()),
                _ => Err("needs a 'limit' attribute".into()),
            },
        ),
    )?;
    let op = OperationBuilder::new("demo.positive", &loc).operands(&[body.argument(1)?]).build()?;
    InsertionPoint::Before(body.first_op()?.expect("a terminator")).insert(&op)?;
    let (result, diagnostics) = ctx.capture_diagnostics(|| module.verify())?;
    assert!(result.is_err());
    for d in &diagnostics {
        println!("{}", d.rendered);
    }
    Ok(())
}
