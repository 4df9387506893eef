//! Operations, blocks, regions, values: building, inspecting, mutating, walking, printing,
//! and the ownership of detached IR.

use std::collections::HashSet;

use omnir::{
    Block, Context, EraseMode, InsertionPoint, Module, Operation, OperationBuilder, PrintFlags, Status, Type,
    WalkOrder, WalkResult,
};

fn ctx() -> Context {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx
}

/// `func.func @add(%a: i32, %b: i32) -> i32 { %s = arith.addi %a, %b; func.return %s }` in
/// a module, built through the builder: valid IR of the shipped `func` and `arith` dialects.
struct Fixture {
    ctx: Context,
    module: Module,
    func: Operation,
    body: Block,
    add: Operation,
    ret: Operation,
    i32: Type,
}

fn fixture() -> Fixture {
    let ctx = ctx();
    let loc = ctx.file_line_col_loc("t.mlir", 1, 1).unwrap();
    let i32 = ctx.integer_type(32).unwrap();
    let module = Module::new(&loc).unwrap();
    // func.func's inherent attributes are properties (`<{...}>`), as in MLIR.
    let fn_type = ctx.function_type(&[i32.clone(), i32.clone()], std::slice::from_ref(&i32)).unwrap();
    let props = ctx
        .dictionary_attr(&[
            ("function_type", ctx.type_attr(&fn_type).unwrap()),
            ("sym_name", ctx.string_attr("add").unwrap()),
        ])
        .unwrap();
    let func = InsertionPoint::BlockEnd(module.body().unwrap())
        .build(&OperationBuilder::new("func.func", &loc).properties(&props).regions(1))
        .unwrap();
    let body = Block::create(&ctx, &[(i32.clone(), loc.clone()), (i32.clone(), loc.clone())]).unwrap();
    func.region(0).unwrap().append_block(&body).unwrap();
    let body = body.release();
    let args = body.arguments().unwrap();
    let add = OperationBuilder::new("arith.addi", &loc).operands(&args).results(&[&i32]).build().unwrap();
    body.append(&add).unwrap();
    let sum = add.result(0).unwrap();
    let ret = InsertionPoint::BlockEnd(body.clone())
        .build(&OperationBuilder::new("func.return", &loc).operands(&[sum]))
        .unwrap();
    Fixture { ctx, module, func, body, add: add.release(), ret, i32 }
}

#[test]
fn build_and_inspect() {
    let f = fixture();
    f.module.verify().unwrap();
    assert_eq!(f.add.name().unwrap(), "arith.addi");
    // Both are ops of the dialects every context ships, with their definitions' verifiers.
    assert!(f.add.is_registered().unwrap());
    assert!(f.func.is_registered().unwrap());
    assert_eq!(f.add.num_operands().unwrap(), 2);
    let args = f.body.arguments().unwrap();
    assert_eq!(f.add.operands().unwrap(), args);
    assert_eq!(f.add.operand(1).unwrap(), args[1]);
    assert_eq!(f.add.results().unwrap().len(), 1);
    let sum = f.add.result(0).unwrap();
    assert_eq!(sum.ty().unwrap(), f.i32);
    assert_eq!(sum.defining_op().unwrap(), Some(f.add.clone()));
    assert!(!sum.is_block_argument().unwrap());
    assert!(args[0].is_block_argument().unwrap());
    assert_eq!(args[1].number().unwrap(), 1);
    assert_eq!(args[0].owner_block().unwrap(), Some(f.body.clone()));
    let uses = sum.uses().unwrap();
    assert_eq!(uses.len(), 1);
    assert_eq!((uses[0].op.clone(), uses[0].index), (f.ret.clone(), 0));

    // Navigation.
    assert_eq!(f.add.parent_block().unwrap(), Some(f.body.clone()));
    assert_eq!(f.add.parent_op().unwrap(), Some(f.func.clone()));
    assert_eq!(f.add.root().unwrap(), *f.module);
    assert_eq!(f.add.next().unwrap(), Some(f.ret.clone()));
    assert_eq!(f.ret.prev().unwrap(), Some(f.add.clone()));
    assert_eq!(f.ret.next().unwrap(), None);
    assert_eq!(f.body.first_op().unwrap(), Some(f.add.clone()));
    assert_eq!(f.body.last_op().unwrap(), Some(f.ret.clone()));
    assert_eq!(f.body.operations().unwrap(), [f.add.clone(), f.ret.clone()]);
    let names: Vec<String> = f.body.ops().map(|o| o.unwrap().name().unwrap()).collect();
    assert_eq!(names, ["arith.addi", "func.return"]);
    assert_eq!(f.func.regions().unwrap().len(), 1);
    assert_eq!(f.func.region(0).unwrap().blocks().unwrap(), std::slice::from_ref(&f.body));
    assert_eq!(f.func.region(0).unwrap().parent_op().unwrap(), f.func);
    assert_eq!(f.body.parent_op().unwrap(), Some(f.func.clone()));
    assert!(f.module.is_ancestor_of(&f.add).unwrap());
    assert!(!f.add.is_ancestor_of(&f.func).unwrap());

    // Equality and hashing follow the handle.
    let again = f.body.first_op().unwrap().unwrap();
    assert_eq!(again, f.add);
    let set: HashSet<Operation> = [again, f.add.clone(), f.ret.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);

    // Out of range is an error.
    assert_eq!(f.add.operand(2).unwrap_err().status, Status::OutOfRange);
}

#[test]
fn attributes_on_operations() {
    let f = fixture();
    let ctx = &f.ctx;
    f.add.set_attribute("zeta", &ctx.unit_attr().unwrap()).unwrap();
    f.add.set_attribute("alpha", &ctx.integer_attr(&f.i32, 2).unwrap()).unwrap();
    let names: Vec<String> = f.add.attributes().unwrap().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["alpha", "zeta"]);
    assert_eq!(f.add.attribute("alpha").unwrap().unwrap().int_value().unwrap(), 2);
    assert_eq!(f.add.attribute("nope").unwrap(), None);
    assert!(f.add.remove_attribute("zeta").unwrap());
    assert!(!f.add.remove_attribute("zeta").unwrap());
    assert_eq!(f.func.symbol_name().unwrap().as_deref(), Some("add"));
    // Properties: arith.addi's default-valued overflowFlags is there from creation on.
    let none = ctx.parse_attribute("#arith.overflow<none>").unwrap();
    let defaults = ctx.dictionary_attr(&[("overflowFlags", none)]).unwrap();
    assert_eq!(f.add.properties().unwrap(), Some(defaults));
    let flags = ctx.parse_attribute("#arith.overflow<nsw, nuw>").unwrap();
    let props = ctx.dictionary_attr(&[("overflowFlags", flags)]).unwrap();
    f.add.set_properties(&props).unwrap();
    assert_eq!(f.add.properties().unwrap(), Some(props));
    f.module.verify().unwrap();
    // Printed in the custom form's `overflow<...>` (the discardable `alpha` in the attr-dict).
    let text = f.module.to_string();
    assert!(text.contains("%0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> {alpha = 2 : i32} : i32"), "{text}");
}

#[test]
fn print_with_flags_and_parse_back() {
    let f = fixture();
    let text = f.module.to_string();
    // The custom forms, exactly as mlir-opt prints this module.
    assert_eq!(
        text,
        "module {\n  func.func @add(%arg0: i32, %arg1: i32) -> i32 {\n    %0 = arith.addi %arg0, %arg1 : i32\n    \
         return %0 : i32\n  }\n}\n"
    );
    // The generic form shows the properties, with arith.addi's default overflowFlags.
    let generic = f.module.print(&PrintFlags::default().with_generic()).unwrap();
    assert!(
        generic.contains("\"func.func\"() <{function_type = (i32, i32) -> i32, sym_name = \"add\"}> ({"),
        "{generic}"
    );
    assert!(
        generic.contains(
            "%0 = \"arith.addi\"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32"
        ),
        "{generic}"
    );
    assert!(generic.contains("\"func.return\"(%0) : (i32) -> ()"), "{generic}");
    assert!(!text.contains("loc("), "{text}");
    let with_locs = f.module.print(&PrintFlags::default().with_debug_info()).unwrap();
    assert!(with_locs.contains("loc(\"t.mlir\":1:1)"), "{with_locs}");
    let local = f.add.print(&PrintFlags::default().with_local_scope()).unwrap();
    assert!(local.contains("arith.addi"), "{local}");

    let parsed = Module::parse(&f.ctx, &text, "round.mlir").unwrap();
    assert_eq!(parsed.to_string(), text);
    let err = Module::parse(&f.ctx, "\"a.b\"(%x) : (i32) -> ()", "bad.mlir").unwrap_err();
    assert_eq!(err.status, Status::ParseFailed);
    assert!(err.message.contains("bad.mlir:1:"), "{}", err.message);
}

#[test]
fn walk_orders_skip_interrupt_and_panics() {
    let f = fixture();
    let mut pre = Vec::new();
    let r = f
        .module
        .walk(WalkOrder::PreOrder, |op| {
            pre.push(op.name().unwrap());
            WalkResult::Advance
        })
        .unwrap();
    assert_eq!(r, WalkResult::Advance);
    assert_eq!(pre, ["builtin.module", "func.func", "arith.addi", "func.return"]);

    let mut post = Vec::new();
    f.module
        .walk(WalkOrder::PostOrder, |op| {
            post.push(op.name().unwrap());
            WalkResult::Advance
        })
        .unwrap();
    assert_eq!(post, ["arith.addi", "func.return", "func.func", "builtin.module"]);

    let mut skipped = Vec::new();
    f.module
        .walk(WalkOrder::PreOrder, |op| {
            skipped.push(op.name().unwrap());
            if op == &f.func {
                WalkResult::Skip
            } else {
                WalkResult::Advance
            }
        })
        .unwrap();
    assert_eq!(skipped, ["builtin.module", "func.func"]);

    let mut seen = 0;
    let r = f
        .module
        .walk(WalkOrder::PreOrder, |_| {
            seen += 1;
            if seen == 2 {
                WalkResult::Interrupt
            } else {
                WalkResult::Advance
            }
        })
        .unwrap();
    assert_eq!((r, seen), (WalkResult::Interrupt, 2));

    // The closure may change the IR, as in MLIR: mark every op, and in post-order erase the
    // op it was given.
    let unit = f.ctx.unit_attr().unwrap();
    f.module
        .walk(WalkOrder::PreOrder, |op| {
            op.set_attribute("x", &unit).unwrap();
            WalkResult::Advance
        })
        .unwrap();
    assert!(f.add.attribute("x").unwrap().is_some());
    let copy = f.module.clone_op().unwrap();
    let mut erased = 0;
    copy.walk(WalkOrder::PostOrder, |op| {
        if op.name().unwrap() == "arith.addi" {
            op.erase_with(EraseMode::DropUses).unwrap();
            erased += 1;
        }
        WalkResult::Advance
    })
    .unwrap();
    assert_eq!(erased, 1);
    assert!(!copy.print(&PrintFlags::default()).unwrap().contains("arith.addi"));
    // Erasing what the walk was to visit next stops it.
    let copy = f.module.clone_op().unwrap();
    let err = copy
        .walk(WalkOrder::PreOrder, |op| {
            if let Some(next) = op.next().unwrap() {
                next.erase_with(EraseMode::DropUses).unwrap();
            }
            WalkResult::Advance
        })
        .unwrap_err();
    assert_eq!(err.status, Status::StaleHandle);

    // A panic in the closure stops the walk and comes back out of `walk`.
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        f.module.walk(WalkOrder::PreOrder, |_| panic!("boom")).ok();
    }));
    assert!(caught.is_err());
    // ...and the context is fine afterwards.
    f.add.set_attribute("after", &f.ctx.unit_attr().unwrap()).unwrap();
}

#[test]
fn clone_move_erase_and_replace() {
    let f = fixture();
    let loc = f.ctx.unknown_loc();
    // Clone: a detached deep copy.
    let copy = f.func.clone_op().unwrap();
    assert!(copy.is_detached().unwrap());
    assert_ne!(*copy, f.func);
    assert_eq!(copy.region(0).unwrap().blocks().unwrap().len(), 1);

    // RAUW: return %arg0 instead of the sum, then erase the add.
    let args = f.body.arguments().unwrap();
    let sum = f.add.result(0).unwrap();
    assert_eq!(f.add.erase().unwrap_err().status, Status::StillInUse);
    sum.replace_all_uses_with(&args[0]).unwrap();
    assert_eq!(sum.num_uses().unwrap(), 0);
    assert_eq!(f.ret.operand(0).unwrap(), args[0]);
    f.add.erase().unwrap();
    assert!(!f.add.is_live());
    // Stale: an error, never undefined behaviour.
    let e = f.add.name().unwrap_err();
    assert_eq!(e.status, Status::StaleHandle);
    assert!(e.is_stale());
    assert_eq!(sum.ty().unwrap_err().status, Status::StaleHandle);

    // Move: a new op at the start of the body, then moved after the return... then before.
    let c = OperationBuilder::new("test.const", &loc).results(&[&f.i32]).build().unwrap();
    InsertionPoint::BlockStart(f.body.clone()).insert(&c).unwrap();
    c.move_to(&InsertionPoint::After(f.ret.clone())).unwrap();
    assert_eq!(f.body.last_op().unwrap(), Some(c.operation().clone()));
    c.move_to(&InsertionPoint::Before(f.ret.clone())).unwrap();
    assert_eq!(f.ret.prev().unwrap(), Some(c.operation().clone()));
    // A cycle is refused and changes nothing.
    let before = f.module.to_string();
    assert_eq!(f.func.move_to(&InsertionPoint::BlockEnd(f.body.clone())).unwrap_err().status, Status::Cycle);
    assert_eq!(f.module.to_string(), before);

    // Replace all uses of an op's results, and except.
    let v = c.result(0).unwrap();
    f.ret.set_operand(0, &v).unwrap();
    let d = OperationBuilder::new("test.const", &loc).results(&[&f.i32]).build().unwrap();
    InsertionPoint::Before(c.operation().clone()).insert(&d).unwrap();
    c.replace_all_uses_with(&[d.result(0).unwrap()]).unwrap();
    assert_eq!(f.ret.operand(0).unwrap(), d.result(0).unwrap());
    d.result(0).unwrap().replace_all_uses_except(&v, &f.ret).unwrap();
    assert_eq!(f.ret.operand(0).unwrap(), d.result(0).unwrap());

    // Erase with dropped uses.
    d.erase_with(EraseMode::DropUses).unwrap();
    assert_eq!(f.ret.num_operands().unwrap(), 1);
    assert_eq!(f.ret.operand(0).unwrap().ty().unwrap_err().status, Status::InvalidArgument);
}

/// DESIGN.md "Lifetime in garbage-collected languages": detached IR belongs to its guard.
#[test]
fn detached_ir_is_owned_by_its_guard() {
    let f = fixture();
    let loc = f.ctx.unknown_loc();
    let builder = OperationBuilder::new("test.op", &loc).results(&[&f.i32]).regions(1);

    // Dropped while detached: erased.
    let dropped = builder.build().unwrap().operation().clone();
    assert!(!dropped.is_live());
    assert_eq!(dropped.name().unwrap_err().status, Status::StaleHandle);

    // Inserted before the guard goes: the IR owns it.
    let kept = builder.build().unwrap();
    let handle = kept.operation().clone();
    f.body.append(&kept).unwrap();
    drop(kept);
    assert!(handle.is_live());

    // Detached again: the new guard owns it; released guards do not erase.
    let guard = handle.detach().unwrap();
    let released = guard.release();
    assert!(released.is_live());
    assert!(released.erase_if_detached().unwrap());
    assert!(!released.is_live());
    assert!(!released.erase_if_detached().unwrap());

    // A detached op whose result is still used elsewhere is not erased (that would leave a
    // NULL operand behind the user's back); with no shared owner of the user's tree to hand
    // it to, the context keeps it (see tests/lifetime.rs for the hand-over).
    let user_owner = builder.build().unwrap();
    let def = user_owner.operation().clone();
    let user = OperationBuilder::new("test.use", &loc).operands(&[user_owner.result(0).unwrap()]).build().unwrap();
    f.body.append(&user).unwrap();
    let user = user.release();
    drop(user_owner);
    assert!(def.is_live());
    assert_eq!(user.num_operands().unwrap(), 1);
    assert_eq!(user.operand(0).unwrap().ty().unwrap(), f.i32);
    assert_eq!(user.operand(0).unwrap().defining_op().unwrap(), Some(def));

    // Blocks and modules the same way.
    let block = Block::create(&f.ctx, &[(f.i32.clone(), loc.clone())]).unwrap();
    let b = block.block().clone();
    drop(block);
    assert!(!b.is_live());
    let module = Module::new(&loc).unwrap();
    let m = module.operation().clone();
    drop(module);
    assert!(!m.is_live());

    // A loop of build-and-drop keeps the context's live IR flat (nothing leaks).
    for _ in 0..1000 {
        let op = builder.build().unwrap();
        let blk = Block::create(&f.ctx, &[]).unwrap();
        op.region(0).unwrap().append_block(&blk).unwrap();
        blk.release();
    }
}

#[test]
fn blocks_and_regions() {
    let f = fixture();
    let loc = f.ctx.unknown_loc();
    let region = f.func.region(0).unwrap();
    let second = Block::create(&f.ctx, &[]).unwrap();
    region.append_block(&second).unwrap();
    let second = second.release();
    let first_block = region.first_block().unwrap().unwrap();
    assert_eq!(first_block.next().unwrap(), Some(second.clone()));
    let third = Block::create(&f.ctx, &[]).unwrap();
    region.insert_block_before(&second, &third).unwrap();
    let third = third.release();
    assert_eq!(region.blocks().unwrap(), [f.body.clone(), third.clone(), second.clone()]);

    let arg = second.add_argument(&f.i32, &loc).unwrap();
    assert_eq!(second.arguments().unwrap(), std::slice::from_ref(&arg));
    second.erase_argument(0).unwrap();
    assert!(second.arguments().unwrap().is_empty());

    // A branch makes `second` a successor with a predecessor.
    let br = OperationBuilder::new("test.br", &loc).successors(&[&second]).build().unwrap();
    third.append(&br).unwrap();
    let br = br.release();
    assert_eq!(br.successors().unwrap(), std::slice::from_ref(&second));
    assert_eq!(third.successors().unwrap(), std::slice::from_ref(&second));
    let preds = second.predecessors().unwrap();
    assert_eq!((preds[0].op.clone(), preds[0].index), (br.clone(), 0));
    assert_eq!(second.detach().unwrap_err().status, Status::StillInUse);
    br.set_successor(0, &third).unwrap();
    let detached = second.detach().unwrap();
    assert_eq!(detached.parent_region().unwrap(), None);
    drop(detached);
    assert!(!second.is_live());
    assert_eq!(region.blocks().unwrap(), [f.body.clone(), third.clone()]);
    third.erase().unwrap();
    assert_eq!(region.number().unwrap(), 0);
}

#[test]
fn parse_one_operation_and_name_values() {
    let ctx = ctx();
    let op = omnir::OwnedOperation::parse(
        &ctx,
        "\"test.f\"() ({\n^bb0(%a: i32):\n  %0:2 = \"test.two\"(%a) : (i32) -> (i32, i32)\n  \"test.use\"(%0#1) : (i32) -> ()\n}) : () -> ()",
        "one.mlir",
    )
    .unwrap();
    assert_eq!(op.name().unwrap(), "test.f");
    assert!(op.parent_op().unwrap().is_none(), "parsed detached, not wrapped in a module");
    let body = op.region(0).unwrap().first_block().unwrap().unwrap();
    let arg = body.argument(0).unwrap();
    let two = body.operations().unwrap().remove(0);
    assert_eq!(arg.name(false).unwrap(), "%arg0");
    assert_eq!(two.result(1).unwrap().name(false).unwrap(), "%0#1");
    let e = omnir::OwnedOperation::parse(&ctx, "", "none.mlir").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("found: 0"), "{}", e.message);
}

#[test]
fn result_types_inferred_from_the_definition() {
    let f = fixture();
    let loc = f.ctx.unknown_loc();
    let args = f.body.arguments().unwrap();
    // arith.addi: SameOperandsAndResultType; arith.cmpi: i1 of the operands' shape.
    let add = OperationBuilder::new("arith.addi", &loc).operands(&args).infer_result_types().build().unwrap();
    assert_eq!(add.result(0).unwrap().ty().unwrap(), f.i32);
    let slt = f.ctx.parse_attribute("2 : i64").unwrap();
    let cmp = OperationBuilder::new("arith.cmpi", &loc)
        .operands(&args)
        .attribute("predicate", &slt)
        .infer_result_types()
        .build()
        .unwrap();
    assert_eq!(cmp.result(0).unwrap().ty().unwrap().to_string(), "i1");
    // Types given win over inference.
    let given = OperationBuilder::new("arith.addi", &loc)
        .operands(&args)
        .results(&[&f.i32])
        .infer_result_types()
        .build()
        .unwrap();
    assert_eq!(given.num_results().unwrap(), 1);
    // A definition that does not say the types, and an unregistered op: errors naming the op.
    let call = OperationBuilder::new("func.call", &loc).operands(&args).infer_result_types().build().unwrap_err();
    assert!(call.message.contains("cannot infer the result types of 'func.call'"), "{}", call.message);
    let unknown = OperationBuilder::new("test.op", &loc).infer_result_types().build().unwrap_err();
    assert!(unknown.message.contains("'test.op' is not registered"), "{}", unknown.message);
    // One builder, reused: the types follow the operands of each create.
    let mut b = OperationBuilder::new("arith.addf", &loc);
    b.enable_result_type_inference().unwrap();
    let f32 = f.ctx.parse_type("f32").unwrap();
    let block = Block::create(&f.ctx, &[(f32.clone(), loc.clone()), (f32.clone(), loc.clone())]).unwrap();
    let fargs = block.arguments().unwrap();
    b.add_operands_raw(&fargs.iter().map(|v| v.raw()).collect::<Vec<_>>()).unwrap();
    assert_eq!(b.build().unwrap().result(0).unwrap().ty().unwrap(), f32);
}
