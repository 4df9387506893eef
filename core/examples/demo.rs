//! A tour of omnir-core: build a small function, verify it, rewrite it, walk it.

use omnir_core::{Context, InsertPoint, OperationState, WalkOrder, WalkResult};

fn main() -> omnir_core::Result<()> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let loc = ctx.file_line_col_loc("demo.mlir", 1, 1);
    let i32 = ctx.signless_int(32);

    let module = ctx.create_operation(&OperationState::new("builtin.module", loc).regions(1))?;
    let module_body = ctx.create_block(&[]);
    ctx.region_append_block(ctx.op_region(module, 0)?, module_body)?;

    let func = ctx.create_operation(
        &OperationState::new("func.func", loc).regions(1).attribute(ctx.identifier("sym_name"), ctx.string_attr("add")),
    )?;
    ctx.insert_op(func, InsertPoint::BlockEnd(module_body))?;
    let body = ctx.create_block(&[(i32, loc), (i32, loc)]);
    ctx.region_append_block(ctx.op_region(func, 0)?, body)?;
    let (a, b) = (ctx.block_argument(body, 0)?, ctx.block_argument(body, 1)?);

    let add = ctx.create_operation(&OperationState::new("arith.addi", loc).operands(&[a, b]).results(&[i32]))?;
    ctx.insert_op(add, InsertPoint::BlockEnd(body))?;
    let sum = ctx.op_result(add, 0)?;
    let ret = ctx.create_operation(&OperationState::new("func.return", loc).operands(&[sum]))?;
    ctx.insert_op(ret, InsertPoint::BlockEnd(body))?;

    ctx.verify(module)?;
    println!("built and verified: {} ops", ctx.collect_ops(module, WalkOrder::PreOrder)?.len());

    // Rewrite: return %a directly, then erase the now-dead add.
    ctx.replace_all_uses_with(sum, a)?;
    ctx.erase_op(add)?;
    ctx.walk(module, WalkOrder::PreOrder, |op| {
        println!("  {}", ctx.op_name(op).unwrap_or("?"));
        WalkResult::Advance
    })?;

    // The old handle is stale now: using it is an error, never undefined behaviour.
    match ctx.op_name(add) {
        Err(e) => println!("using the erased op: {e}"),
        Ok(_) => unreachable!("erased op resolved"),
    }
    Ok(())
}
