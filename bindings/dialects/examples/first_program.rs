//! The README's first Rust program: a function built with the generated dialect modules.
//!
//!     cargo run -p omnir-dialects --example first_program

use omnir::{Context, InsertionPoint, Module};
use omnir_dialects::{arith, func};

fn main() -> omnir::Result<()> {
    let ctx = Context::new();
    let loc = ctx.unknown_loc();
    let module = Module::new(&loc)?;
    let i32 = ctx.integer_type(32)?;
    let f = func::FuncOp::create(
        &InsertionPoint::BlockEnd(module.body()?),
        &loc,
        "add",
        &ctx.parse_type("(i32, i32) -> i32")?,
        None,
        None,
        None,
        false,
    )?;
    let entry = omnir::Block::create(&ctx, &[(i32.clone(), loc.clone()), (i32.clone(), loc.clone())])?.release();
    f.body()?.append_block(&entry)?;
    let at = InsertionPoint::BlockEnd(entry.clone());
    let sum = arith::AddIOp::create(&at, &loc, &entry.argument(0)?, &entry.argument(1)?, Some("nsw".into()))?;
    func::ReturnOp::create(&at, &loc, &[sum.result()?])?;
    println!("{module}");
    Ok(())
}
