//! Tree ownership for garbage-collected wrappers: a wrapper of nested IR keeps its tree alive.

use std::sync::Arc;

use omnir::{Context, InsertionPoint, Module, OperationBuilder, OwnedOperation, Status};

#[test]
fn nested_wrappers_keep_the_tree_alive_and_the_last_owner_erases_it() {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let module =
        Module::parse(&ctx, "\"test.outer\"() ({\n  \"test.inner\"() : () -> ()\n}) : () -> ()", "t.mlir").unwrap();
    let root = module.operation().clone();
    // Hand the module's ownership to a shared tree owner, as the glue does for a Module object.
    let owner = ctx.adopt(&module.into_operation()).unwrap();
    assert!(std::sync::Arc::ptr_eq(&owner, &ctx.adopt(&root).unwrap()), "one owner per root");
    let outer = root.region(0).unwrap().blocks().unwrap()[0].first_op().unwrap().unwrap();
    let inner = outer.region(0).unwrap().blocks().unwrap()[0].first_op().unwrap().unwrap();
    let keepalive = ctx.tree_owner_of_op(&inner).unwrap().expect("inner op's tree has an owner");
    assert!(std::sync::Arc::ptr_eq(&keepalive, &owner));
    drop(owner);
    assert!(inner.is_live(), "a wrapper's keepalive holds the tree");
    drop(keepalive);
    assert!(!inner.is_live(), "the last owner erased the detached tree");
    assert!(!root.is_live());
    assert!(ctx.tree_owner_of_op(&root).is_err(), "stale handle, not a crash");
}

#[test]
fn only_detached_ops_are_adopted_and_attached_trees_are_not_erased() {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let module = Module::new(&ctx.unknown_loc()).unwrap();
    let op = OperationBuilder::new("test.op", &ctx.unknown_loc()).build().unwrap();
    let owned = ctx.adopt(op.operation()).unwrap();
    let released = op.release();
    module.body().unwrap().append(&released).unwrap();
    assert!(ctx.adopt(&released).is_ok(), "the existing owner is returned even when attached");
    drop(owned);
    assert!(released.is_live(), "an owner never erases IR that was attached meanwhile");
    let err = ctx.adopt(&released).unwrap_err();
    assert_eq!(err.status, omnir::Status::InvalidArgument, "attached IR has no tree of its own to own");
}

fn ctx() -> Context {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx
}

fn owned_module(ctx: &Context, text: &str) -> omnir::TreeOwner {
    ctx.adopt(&Module::parse(ctx, text, "t.mlir").unwrap().into_operation()).unwrap()
}

fn first_op(owner: &omnir::TreeOwner) -> omnir::Operation {
    owner.region(0).unwrap().first_block().unwrap().unwrap().first_op().unwrap().unwrap()
}

/// Issue 15, item 3: a wrapper of nested IR (here: an owner kept for a nested op) keeps the
/// tree that IR moved to alive, not only the tree it came from.
#[test]
fn the_tree_ir_left_keeps_the_tree_it_went_to() {
    let ctx = ctx();
    let src = owned_module(&ctx, "\"t.outer\"() ({\n  \"t.inner\"() : () -> ()\n}) : () -> ()");
    let outer = first_op(&src);
    let inner = outer.region(0).unwrap().first_block().unwrap().unwrap().first_op().unwrap().unwrap();
    let held = ctx.tree_owner_of_op(&inner).unwrap().unwrap(); // what a wrapper of `inner` holds
    let dst = owned_module(&ctx, "");
    let dst_root = dst.operation().clone();
    let body = dst.region(0).unwrap().first_block().unwrap().unwrap();
    let (_, to) = ctx.track_move(&outer, || outer.move_to(&InsertionPoint::BlockEnd(body.clone()))).unwrap();
    assert!(Arc::ptr_eq(to.as_ref().unwrap(), &dst), "the owner of the new tree");
    drop((to, dst, src));
    assert!(dst_root.is_live(), "kept through the owner of the tree `outer` left");
    assert_eq!(inner.root().unwrap(), dst_root);
    drop(held);
    assert!(!dst_root.is_live() && !inner.is_live(), "freed with the last owner");
}

/// IR moved back and forth between two trees: the owners must not keep each other alive
/// (an `Arc` cycle would leak both trees until the context goes).
#[test]
fn moves_back_and_forth_leave_no_cycle() {
    let ctx = ctx();
    let a = owned_module(&ctx, "\"t.a\"() : () -> ()");
    let b = owned_module(&ctx, "\"t.b\"() : () -> ()");
    let (ra, rb) = (a.operation().clone(), b.operation().clone());
    let (op_a, op_b) = (first_op(&a), first_op(&b));
    let end = |o: &omnir::TreeOwner| InsertionPoint::BlockEnd(o.region(0).unwrap().first_block().unwrap().unwrap());
    ctx.track_move(&op_a, || op_a.move_to(&end(&b))).unwrap();
    ctx.track_move(&op_b, || op_b.move_to(&end(&a))).unwrap();
    let a_weak = Arc::downgrade(&a);
    drop(a);
    assert!(ra.is_live() && rb.is_live(), "`b` reaches both trees");
    drop(b);
    assert!(a_weak.upgrade().is_none(), "no owner is left behind");
    assert!(!ra.is_live() && !rb.is_live());
}

/// Issue 15, item 4: an owned detached op whose results are still used is not erased when
/// its owner goes; it goes to the owner of the tree using it, and with that tree.
#[test]
fn a_used_detached_op_goes_to_the_tree_that_uses_it() {
    let ctx = ctx();
    let loc = ctx.unknown_loc();
    let i32 = ctx.integer_type(32).unwrap();
    let m = owned_module(&ctx, "");
    let root = m.operation().clone();
    let def = OperationBuilder::new("t.def", &loc).results(&[&i32]).build().unwrap().release();
    let def_owner = ctx.adopt(&def).unwrap();
    let user = OperationBuilder::new("t.use", &loc).operands(&[def.result(0).unwrap()]).build().unwrap();
    m.region(0).unwrap().first_block().unwrap().unwrap().append(&user).unwrap();
    let user = user.release();
    drop(def_owner);
    assert!(def.is_live(), "not erased under its use");
    assert_eq!(user.operand(0).unwrap().defining_op().unwrap(), Some(def.clone()));
    let owner = ctx.tree_owner_of_op(&def).unwrap().expect("handed to the user's tree");
    assert!(Arc::ptr_eq(&owner, &m));
    drop((owner, m));
    assert!(!root.is_live() && !def.is_live(), "freed with the tree that used it");
}

/// Issue 15, item 2: a use whose owner was erased answers with the stale-handle error.
#[test]
fn uses_of_erased_ops_are_stale() {
    let ctx = ctx();
    let m = Module::parse(&ctx, "%0 = \"t.def\"() : () -> i32\n\"t.use\"(%0) : (i32) -> ()", "t.mlir").unwrap();
    let ops = m.body().unwrap().operations().unwrap();
    let [u] = ops[0].result(0).unwrap().uses().unwrap().try_into().unwrap();
    assert_eq!((u.operand_number().unwrap(), u.owner().unwrap()), (0, ops[1].clone()));
    assert_eq!(u.get().unwrap(), ops[0].result(0).unwrap());
    ops[1].erase().unwrap();
    assert_eq!(u.operand_number().unwrap_err().status, Status::StaleHandle);
    assert_eq!(u.owner().unwrap_err().status, Status::StaleHandle);
    assert_eq!(u.get().unwrap_err().status, Status::StaleHandle);
}

/// Issue 15, item 5: bytes that are not UTF-8 are a parse error at their line and column.
#[test]
fn invalid_utf8_is_a_located_parse_error() {
    let ctx = ctx();
    let e = ctx
        .with_diagnostics(|| Module::parse_bytes(&ctx, b"\"t.a\"() : () -> ()\n// \xff\n", "in.mlir"))
        .err()
        .unwrap();
    assert_eq!(e.error.status, Status::ParseFailed);
    assert_eq!(e.error.message, "in.mlir:2:4: error: the input is not valid UTF-8");
    let [d] = e.diagnostics.try_into().unwrap();
    assert_eq!(d.message, "the input is not valid UTF-8");
    assert_eq!(d.location.file_line_col().unwrap(), ("in.mlir".to_string(), 2, 4));
    assert!(OwnedOperation::parse_bytes(&ctx, "\"t.\u{e9}\"() : () -> ()".as_bytes(), "ok.mlir").is_ok());
}
