//! Tree ownership for garbage-collected wrappers: a wrapper of nested IR keeps its tree alive.

use omnir::{Context, Module, OperationBuilder};

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
