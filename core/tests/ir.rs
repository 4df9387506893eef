//! Unit tests for the IR: operations, blocks, regions, values, use lists, walks, cloning,
//! erasure and handle checking, with MLIR's semantics as the reference.

use std::fmt::Write as _;

use omnir_core::{
    BlockId, BlockOperand, Context, EraseMode, ErrorKind, InsertPoint, OpId, OpOperand, OperationState, RegionId,
    Value, WalkOrder, WalkResult,
};

// ---------------------------------------------------------------------------------------
// helpers

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

/// `name(operands) -> n x i32` with `regions` empty regions, detached.
fn mk(ctx: &mut Context, name: &str, operands: &[Value], results: usize, regions: usize) -> OpId {
    let i32t = ctx.signless_int(32);
    let loc = ctx.unknown_loc();
    let state = OperationState::new(name, loc).operands(operands).results(&vec![i32t; results]).regions(regions);
    ctx.create_operation(&state).expect("create op")
}

fn mk_term(ctx: &mut Context, operands: &[Value], succ: &[BlockId]) -> OpId {
    let loc = ctx.unknown_loc();
    let state = OperationState::new("test.br", loc).operands(operands).successors(succ);
    ctx.create_operation(&state).expect("create terminator")
}

/// Appends a new block with `nargs` i32 arguments to `region`.
fn add_block(ctx: &mut Context, region: RegionId, nargs: usize) -> BlockId {
    let i32t = ctx.signless_int(32);
    let loc = ctx.unknown_loc();
    let b = ctx.create_block(&vec![(i32t, loc); nargs]);
    ctx.region_append_block(region, b).expect("append block");
    b
}

fn append(ctx: &mut Context, block: BlockId, op: OpId) {
    ctx.insert_op(op, InsertPoint::BlockEnd(block)).expect("insert op");
}

fn res(ctx: &Context, op: OpId, i: usize) -> Value {
    ctx.op_result(op, i).expect("result")
}

fn names(ctx: &Context, ops: &[OpId]) -> Vec<String> {
    ops.iter().map(|&o| ctx.op_name(o).expect("name").to_string()).collect()
}

fn err_kind<T: std::fmt::Debug>(r: omnir_core::Result<T>) -> ErrorKind {
    r.expect_err("expected an error").kind
}

fn v(x: Value) -> String {
    let (o, g, n) = x.to_raw();
    format!("%{o}.{g}.{n:x}")
}

fn o(x: OpId) -> String {
    let (i, g) = x.to_raw();
    format!("op{i}.{g}")
}

fn b(x: BlockId) -> String {
    let (i, g) = x.to_raw();
    format!("^{i}.{g}")
}

fn uses(ctx: &Context, x: Value) -> String {
    let us = ctx.value_uses(x).expect("uses");
    us.iter().map(|u| format!("{}#{}", o(u.op), u.index)).collect::<Vec<_>>().join(",")
}

/// A structural dump of everything reachable from `ops` and `blocks`, written through the
/// public API only (iteratively, so it works on any depth). Values print as their raw
/// handles, so any change to identity, order, use lists or links shows up.
fn dump(ctx: &Context, ops: &[OpId], blocks: &[BlockId]) -> String {
    enum W {
        Op(OpId, usize),
        Region(RegionId, usize),
        Block(BlockId, usize),
    }
    let mut out = String::new();
    let mut stack: Vec<W> = Vec::new();
    for &bl in blocks.iter().rev() {
        stack.push(W::Block(bl, 0));
    }
    for &op in ops.iter().rev() {
        stack.push(W::Op(op, 0));
    }
    while let Some(w) = stack.pop() {
        match w {
            W::Op(op, d) => {
                let ind = "  ".repeat(d);
                let operands: Vec<String> = (0..ctx.op_num_operands(op).unwrap())
                    .map(|i| ctx.op_operand(op, i).unwrap().map_or("<null>".to_string(), v))
                    .collect();
                let results: Vec<String> = ctx
                    .op_results(op)
                    .unwrap()
                    .into_iter()
                    .map(|r| format!("{}:{:?}[{}]", v(r), ctx.value_type(r).unwrap(), uses(ctx, r)))
                    .collect();
                let attrs: Vec<String> = ctx
                    .op_attributes(op)
                    .unwrap()
                    .iter()
                    .map(|na| format!("{}={}", ctx.ident_str(na.name), na.value.to_raw()))
                    .collect();
                let succ: Vec<String> = ctx.op_successors(op).unwrap().into_iter().map(b).collect();
                let _ = writeln!(
                    out,
                    "{ind}{} \"{}\"({}) -> ({}) {{{}}} props={:?} succ[{}] loc={} parent={:?} prev={:?} next={:?}",
                    o(op),
                    ctx.op_name(op).unwrap(),
                    operands.join(", "),
                    results.join(", "),
                    attrs.join(", "),
                    ctx.op_properties(op).unwrap().map(|a| a.to_raw()),
                    succ.join(","),
                    ctx.op_location(op).unwrap().attr().to_raw(),
                    ctx.op_parent_block(op).unwrap().map(b),
                    ctx.op_prev(op).unwrap().map(o),
                    ctx.op_next(op).unwrap().map(o),
                );
                for r in ctx.op_regions(op).unwrap().into_iter().rev() {
                    stack.push(W::Region(r, d + 1));
                }
            }
            W::Region(r, d) => {
                let (i, g) = r.to_raw();
                let _ = writeln!(
                    out,
                    "{}region{i}.{g} #{} of {}",
                    "  ".repeat(d),
                    ctx.region_number(r).unwrap(),
                    o(ctx.region_parent_op(r).unwrap())
                );
                for bl in ctx.region_blocks(r).unwrap().into_iter().rev() {
                    stack.push(W::Block(bl, d + 1));
                }
            }
            W::Block(bl, d) => {
                let args: Vec<String> = ctx
                    .block_arguments(bl)
                    .unwrap()
                    .into_iter()
                    .map(|a| format!("{}:{:?}[{}]", v(a), ctx.value_type(a).unwrap(), uses(ctx, a)))
                    .collect();
                let preds: Vec<String> =
                    ctx.block_predecessors(bl).unwrap().iter().map(|p| format!("{}#{}", o(p.op), p.index)).collect();
                let _ = writeln!(
                    out,
                    "{}{}({}) preds[{}] prev={:?} next={:?}",
                    "  ".repeat(d),
                    b(bl),
                    args.join(", "),
                    preds.join(","),
                    ctx.block_prev(bl).unwrap().map(b),
                    ctx.block_next(bl).unwrap().map(b),
                );
                for op in ctx.block_ops(bl).unwrap().into_iter().rev() {
                    stack.push(W::Op(op, d + 1));
                }
            }
        }
    }
    let _ = writeln!(out, "live={:?}", ctx.live_ir_counts());
    out
}

/// A small function-like structure used by several tests:
///
/// ```text
/// func (1 region) {
///   ^entry(%a: i32, %b: i32):
///     %x = add(%a, %b)
///     %y = mul(%x, %x)
///     br ^exit(%y)
///   ^exit(%r: i32):
///     ret(%r)
/// }
/// ```
struct Func {
    func: OpId,
    entry: BlockId,
    exit: BlockId,
    add: OpId,
    mul: OpId,
    br: OpId,
    ret: OpId,
}

fn build_func(ctx: &mut Context) -> Func {
    let func = mk(ctx, "test.func", &[], 0, 1);
    let region = ctx.op_region(func, 0).unwrap();
    let entry = add_block(ctx, region, 2);
    let exit = add_block(ctx, region, 1);
    let a = ctx.block_argument(entry, 0).unwrap();
    let bb = ctx.block_argument(entry, 1).unwrap();
    let add = mk(ctx, "test.add", &[a, bb], 1, 0);
    append(ctx, entry, add);
    let x = res(ctx, add, 0);
    let mul = mk(ctx, "test.mul", &[x, x], 1, 0);
    append(ctx, entry, mul);
    let y = res(ctx, mul, 0);
    let br = mk_term(ctx, &[y], &[exit]);
    append(ctx, entry, br);
    let r = ctx.block_argument(exit, 0).unwrap();
    let ret = mk(ctx, "test.ret", &[r], 0, 0);
    append(ctx, exit, ret);
    Func { func, entry, exit, add, mul, br, ret }
}

// ---------------------------------------------------------------------------------------
// creation and queries

#[test]
fn create_operation_and_query_everything() {
    let mut ctx = new_ctx();
    let i32t = ctx.signless_int(32);
    let f32t = ctx.float_type(omnir_core::FloatKind::F32);
    let loc = ctx.file_line_col_loc("a.mlir", 3, 7);
    let c = mk(&mut ctx, "test.const", &[], 2, 0);
    let (c0, c1) = (res(&ctx, c, 0), res(&ctx, c, 1));
    let target = ctx.create_block(&[]);
    let zname = ctx.identifier("z");
    let aname = ctx.identifier("a");
    let one = ctx.integer_attr(i32t, 1).unwrap();
    let two = ctx.integer_attr(i32t, 2).unwrap();
    let props = ctx.dictionary_attr(&[]).unwrap();
    let state = OperationState::new("test.thing", loc)
        .operands(&[c0, c1, c0])
        .results(&[f32t, i32t])
        .attribute(zname, one)
        .attribute(aname, one)
        .attribute(zname, two)
        .properties(props)
        .regions(2)
        .successors(&[target, target]);
    let op = ctx.create_operation(&state).unwrap();

    assert_eq!(ctx.op_name(op).unwrap(), "test.thing");
    assert_eq!(ctx.ident_str(ctx.op_name_id(op).unwrap()), "test.thing");
    assert_eq!(ctx.op_location(op).unwrap(), loc);
    assert!(!ctx.op_is_registered(op).unwrap());
    assert!(ctx.op_def(op).unwrap().is_none());
    assert_eq!(ctx.op_num_operands(op).unwrap(), 3);
    assert_eq!(ctx.op_operands(op).unwrap(), vec![c0, c1, c0]);
    assert_eq!(ctx.op_operand(op, 1).unwrap(), Some(c1));
    assert_eq!(err_kind(ctx.op_operand(op, 3)), ErrorKind::OutOfRange);
    assert_eq!(ctx.op_operand_types(op).unwrap(), vec![Some(i32t); 3]);
    assert_eq!(ctx.op_num_results(op).unwrap(), 2);
    assert_eq!(ctx.op_result_types(op).unwrap(), vec![f32t, i32t]);
    assert_eq!(err_kind(ctx.op_result(op, 2)), ErrorKind::OutOfRange);
    let r0 = res(&ctx, op, 0);
    assert!(r0.is_op_result() && !r0.is_block_argument() && r0.number() == 0);
    assert_eq!(ctx.value_type(r0).unwrap(), f32t);
    assert_eq!(ctx.value_defining_op(r0).unwrap(), Some(op));
    assert_eq!(ctx.value_owner_block(r0).unwrap(), None);
    assert_eq!(ctx.value_parent_block(r0).unwrap(), None);
    assert_eq!(ctx.value_location(r0).unwrap(), loc);
    // Attributes: sorted by name, a later value for the same name replaces the earlier.
    let attrs = ctx.op_attributes(op).unwrap();
    assert_eq!(attrs.len(), 2);
    assert_eq!(ctx.ident_str(attrs[0].name), "a");
    assert_eq!(ctx.ident_str(attrs[1].name), "z");
    assert_eq!(ctx.op_attribute(op, "z").unwrap(), Some(two));
    assert_eq!(ctx.op_attribute(op, "nope").unwrap(), None);
    assert_eq!(ctx.op_properties(op).unwrap(), Some(props));
    // Regions and successors.
    assert_eq!(ctx.op_num_regions(op).unwrap(), 2);
    let regions = ctx.op_regions(op).unwrap();
    assert_eq!(regions.len(), 2);
    for (i, &r) in regions.iter().enumerate() {
        assert!(ctx.region_is_empty(r).unwrap());
        assert_eq!(ctx.region_parent_op(r).unwrap(), op);
        assert_eq!(ctx.region_number(r).unwrap(), i);
        assert_eq!(ctx.op_region(op, i).unwrap(), r);
        assert_eq!(ctx.region_first_block(r).unwrap(), None);
    }
    assert_eq!(err_kind(ctx.op_region(op, 2)), ErrorKind::OutOfRange);
    assert_eq!(ctx.op_num_successors(op).unwrap(), 2);
    assert_eq!(ctx.op_successors(op).unwrap(), vec![target, target]);
    assert_eq!(ctx.op_successor(op, 1).unwrap(), target);
    assert_eq!(err_kind(ctx.op_successor(op, 2)), ErrorKind::OutOfRange);
    let preds = ctx.block_predecessors(target).unwrap();
    assert_eq!(preds.len(), 2);
    assert!(preds.contains(&BlockOperand { op, index: 0 }) && preds.contains(&BlockOperand { op, index: 1 }));
    // Uses: most recently added first, as MLIR's use lists.
    assert_eq!(
        ctx.value_uses(c0).unwrap(),
        vec![OpOperand { op, index: 2 }, OpOperand { op, index: 0 }],
        "use list is newest first"
    );
    assert_eq!(ctx.value_num_uses(c0).unwrap(), 2);
    assert!(ctx.value_has_uses(c1).unwrap());
    // Detached: no parent.
    assert_eq!(ctx.op_parent_block(op).unwrap(), None);
    assert_eq!(ctx.op_parent_region(op).unwrap(), None);
    assert_eq!(ctx.op_parent_op(op).unwrap(), None);
    assert_eq!(ctx.op_root(op).unwrap(), op);
    assert_eq!(ctx.op_next(op).unwrap(), None);
    assert_eq!(ctx.op_prev(op).unwrap(), None);
}

#[test]
fn create_operation_rejects_bad_input_and_creates_nothing() {
    let mut ctx = new_ctx();
    let c = mk(&mut ctx, "test.const", &[], 1, 0);
    let cv = res(&ctx, c, 0);
    let dead = mk(&mut ctx, "test.dead", &[], 1, 0);
    let dv = res(&ctx, dead, 0);
    let dead_block = ctx.create_block(&[]);
    ctx.erase_op(dead).unwrap();
    ctx.erase_block(dead_block).unwrap();
    let before = dump(&ctx, &[c], &[]);
    let loc = ctx.unknown_loc();
    // Stale operand (after a good one: the good one must not gain a use).
    let s = OperationState::new("test.x", loc).operands(&[cv, dv]);
    assert_eq!(err_kind(ctx.create_operation(&s)), ErrorKind::StaleHandle);
    // Stale successor.
    let s = OperationState::new("test.x", loc).operands(&[cv]).successors(&[dead_block]);
    assert_eq!(err_kind(ctx.create_operation(&s)), ErrorKind::StaleHandle);
    // Empty name.
    let s = OperationState::new("", loc);
    assert_eq!(err_kind(ctx.create_operation(&s)), ErrorKind::InvalidArgument);
    // A location can only be made from a location attribute.
    let not_a_loc = ctx.unit_attr();
    assert!(ctx.as_location(not_a_loc).is_none());
    assert_eq!(ctx.as_location(loc.attr()), Some(loc));
    assert_eq!(dump(&ctx, &[c], &[]), before);
    assert_eq!(ctx.live_ir_counts(), (1, 0, 0));
}

#[test]
fn op_attributes_set_remove_and_replace() {
    let mut ctx = new_ctx();
    let op = mk(&mut ctx, "test.a", &[], 0, 0);
    let u = ctx.unit_attr();
    let t = ctx.bool_attr(true);
    ctx.set_op_attribute(op, "m", u).unwrap();
    ctx.set_op_attribute(op, "b", u).unwrap();
    ctx.set_op_attribute(op, "x", u).unwrap();
    ctx.set_op_attribute(op, "m", t).unwrap();
    let got: Vec<&str> = ctx.op_attributes(op).unwrap().iter().map(|na| ctx.ident_str(na.name)).collect();
    assert_eq!(got, ["b", "m", "x"]);
    assert_eq!(ctx.op_attribute(op, "m").unwrap(), Some(t));
    assert!(ctx.remove_op_attribute(op, "b").unwrap());
    assert!(!ctx.remove_op_attribute(op, "b").unwrap());
    let q = ctx.identifier("q");
    let a = ctx.identifier("a");
    ctx.set_op_attributes(
        op,
        &[omnir_core::NamedAttribute { name: q, value: u }, omnir_core::NamedAttribute { name: a, value: t }],
    )
    .unwrap();
    let got: Vec<&str> = ctx.op_attributes(op).unwrap().iter().map(|na| ctx.ident_str(na.name)).collect();
    assert_eq!(got, ["a", "q"]);
    // Inherent lookup: properties first, then discardable.
    let pa = ctx.string_attr("prop");
    let p = ctx.identifier("a");
    let props = ctx.dictionary_attr(&[omnir_core::NamedAttribute { name: p, value: pa }]).unwrap();
    ctx.set_op_properties(op, Some(props)).unwrap();
    assert_eq!(ctx.op_inherent_or_discardable(op, "a").unwrap(), Some(pa));
    assert_eq!(ctx.op_inherent_or_discardable(op, "q").unwrap(), Some(u));
    ctx.set_op_properties(op, None).unwrap();
    assert_eq!(ctx.op_inherent_or_discardable(op, "a").unwrap(), Some(t));
    let l = ctx.name_loc("here", None);
    ctx.set_op_location(op, l).unwrap();
    assert_eq!(ctx.op_location(op).unwrap(), l);
}

// ---------------------------------------------------------------------------------------
// insertion, motion, detaching

#[test]
fn insert_at_every_kind_of_point() {
    let mut ctx = new_ctx();
    let holder = mk(&mut ctx, "test.holder", &[], 0, 1);
    let r = ctx.op_region(holder, 0).unwrap();
    let blk = add_block(&mut ctx, r, 0);
    let a = mk(&mut ctx, "a", &[], 0, 0);
    let bb = mk(&mut ctx, "b", &[], 0, 0);
    let c = mk(&mut ctx, "c", &[], 0, 0);
    let d = mk(&mut ctx, "d", &[], 0, 0);
    let e = mk(&mut ctx, "e", &[], 0, 0);
    ctx.insert_op(c, InsertPoint::BlockEnd(blk)).unwrap(); // c
    ctx.insert_op(a, InsertPoint::BlockStart(blk)).unwrap(); // a c
    ctx.insert_op(bb, InsertPoint::Before(c)).unwrap(); // a b c
    ctx.insert_op(e, InsertPoint::After(c)).unwrap(); // a b c e
    ctx.insert_op(d, InsertPoint::After(c)).unwrap(); // a b c d e
    assert_eq!(names(&ctx, &ctx.block_ops(blk).unwrap()), ["a", "b", "c", "d", "e"]);
    assert_eq!(ctx.block_num_ops(blk).unwrap(), 5);
    assert_eq!(ctx.block_first_op(blk).unwrap(), Some(a));
    assert_eq!(ctx.block_last_op(blk).unwrap(), Some(e));
    assert_eq!(ctx.op_next(c).unwrap(), Some(d));
    assert_eq!(ctx.op_prev(c).unwrap(), Some(bb));
    assert_eq!(ctx.op_prev(a).unwrap(), None);
    assert_eq!(ctx.op_next(e).unwrap(), None);
    for op in [a, bb, c, d, e] {
        assert_eq!(ctx.op_parent_block(op).unwrap(), Some(blk));
        assert_eq!(ctx.op_parent_region(op).unwrap(), Some(r));
        assert_eq!(ctx.op_parent_op(op).unwrap(), Some(holder));
        assert_eq!(ctx.op_root(op).unwrap(), holder);
        assert!(ctx.op_is_ancestor(holder, op).unwrap());
        assert!(!ctx.op_is_ancestor(op, holder).unwrap());
    }
    assert!(ctx.op_is_ancestor(a, a).unwrap(), "an op is its own ancestor (as MLIR's isAncestor)");
    // Inserting an attached op is refused; so is inserting next to a detached op.
    let before = dump(&ctx, &[holder], &[]);
    assert_eq!(err_kind(ctx.insert_op(a, InsertPoint::BlockEnd(blk))), ErrorKind::InvalidArgument);
    let lone = mk(&mut ctx, "lone", &[], 0, 0);
    let other = mk(&mut ctx, "other", &[], 0, 0);
    assert_eq!(err_kind(ctx.insert_op(other, InsertPoint::Before(lone))), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.insert_op(other, InsertPoint::After(lone))), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.insert_op(other, InsertPoint::Before(other))), ErrorKind::InvalidArgument);
    ctx.erase_op(lone).unwrap();
    ctx.erase_op(other).unwrap();
    assert_eq!(dump(&ctx, &[holder], &[]), before);
}

#[test]
fn insert_into_detached_block_then_attach_block() {
    let mut ctx = new_ctx();
    let blk = ctx.create_block(&[]);
    let a = mk(&mut ctx, "a", &[], 1, 0);
    append(&mut ctx, blk, a);
    assert_eq!(ctx.op_parent_block(a).unwrap(), Some(blk));
    // The block has no region yet: no parent region or op, and this must not panic.
    assert_eq!(ctx.op_parent_region(a).unwrap(), None);
    assert_eq!(ctx.op_parent_op(a).unwrap(), None);
    assert_eq!(ctx.op_root(a).unwrap(), a);
    assert_eq!(ctx.value_parent_block(res(&ctx, a, 0)).unwrap(), Some(blk));
    assert_eq!(ctx.block_parent_region(blk).unwrap(), None);
    assert_eq!(ctx.block_parent_op(blk).unwrap(), None);
    let holder = mk(&mut ctx, "holder", &[], 0, 1);
    let r = ctx.op_region(holder, 0).unwrap();
    ctx.region_append_block(r, blk).unwrap();
    assert_eq!(ctx.op_parent_region(a).unwrap(), Some(r));
    assert_eq!(ctx.op_parent_op(a).unwrap(), Some(holder));
    assert_eq!(ctx.block_parent_op(blk).unwrap(), Some(holder));
}

#[test]
fn move_and_detach() {
    let mut ctx = new_ctx();
    let holder = mk(&mut ctx, "holder", &[], 0, 1);
    let r = ctx.op_region(holder, 0).unwrap();
    let b1 = add_block(&mut ctx, r, 0);
    let b2 = add_block(&mut ctx, r, 0);
    let ops: Vec<OpId> = ["a", "b", "c"].iter().map(|n| mk(&mut ctx, n, &[], 1, 0)).collect();
    for &op in &ops {
        append(&mut ctx, b1, op);
    }
    let a0 = res(&ctx, ops[0], 0);
    let user = mk(&mut ctx, "user", &[a0], 0, 0);
    append(&mut ctx, b2, user);
    // Within a block.
    ctx.move_op(ops[0], InsertPoint::After(ops[2])).unwrap();
    assert_eq!(names(&ctx, &ctx.block_ops(b1).unwrap()), ["b", "c", "a"]);
    ctx.move_op(ops[0], InsertPoint::BlockStart(b1)).unwrap();
    assert_eq!(names(&ctx, &ctx.block_ops(b1).unwrap()), ["a", "b", "c"]);
    // Moving before/after itself is a no-op.
    let before = dump(&ctx, &[holder], &[]);
    ctx.move_op(ops[1], InsertPoint::Before(ops[1])).unwrap();
    ctx.move_op(ops[1], InsertPoint::After(ops[1])).unwrap();
    assert_eq!(dump(&ctx, &[holder], &[]), before);
    // To the same place it already is.
    ctx.move_op(ops[1], InsertPoint::After(ops[0])).unwrap();
    ctx.move_op(ops[2], InsertPoint::BlockEnd(b1)).unwrap();
    assert_eq!(dump(&ctx, &[holder], &[]), before);
    // Across blocks; uses follow the op.
    ctx.move_op(ops[0], InsertPoint::Before(user)).unwrap();
    assert_eq!(names(&ctx, &ctx.block_ops(b1).unwrap()), ["b", "c"]);
    assert_eq!(names(&ctx, &ctx.block_ops(b2).unwrap()), ["a", "user"]);
    assert_eq!(ctx.op_parent_block(ops[0]).unwrap(), Some(b2));
    assert_eq!(ctx.value_uses(res(&ctx, ops[0], 0)).unwrap(), vec![OpOperand { op: user, index: 0 }]);
    // Detach: the op keeps its operands and results' uses, and has no parent.
    ctx.detach_op(user).unwrap();
    assert_eq!(ctx.op_parent_block(user).unwrap(), None);
    assert_eq!(ctx.op_operands(user).unwrap(), vec![res(&ctx, ops[0], 0)]);
    assert_eq!(names(&ctx, &ctx.block_ops(b2).unwrap()), ["a"]);
    assert_eq!(ctx.block_last_op(b2).unwrap(), Some(ops[0]));
    ctx.detach_op(user).unwrap(); // detaching a detached op is fine
                                  // A detached op can be moved (= inserted).
    ctx.move_op(user, InsertPoint::BlockStart(b1)).unwrap();
    assert_eq!(names(&ctx, &ctx.block_ops(b1).unwrap()), ["user", "b", "c"]);
    // Detaching the only op empties the block.
    ctx.detach_op(ops[0]).unwrap();
    assert_eq!(ctx.block_first_op(b2).unwrap(), None);
    assert_eq!(ctx.block_last_op(b2).unwrap(), None);
    ctx.insert_op(ops[0], InsertPoint::BlockEnd(b2)).unwrap();
    assert_eq!(ctx.block_ops(b2).unwrap(), vec![ops[0]]);
}

// ---------------------------------------------------------------------------------------
// erasure

#[test]
fn erase_requires_no_uses_and_drop_uses_nulls_operands() {
    let mut ctx = new_ctx();
    let blk = ctx.create_block(&[]);
    let def = mk(&mut ctx, "def", &[], 2, 0);
    let (d0, d1) = (res(&ctx, def, 0), res(&ctx, def, 1));
    append(&mut ctx, blk, def);
    let u1 = mk(&mut ctx, "u1", &[d0, d1, d0], 0, 0);
    let u2 = mk(&mut ctx, "u2", &[d1], 0, 0);
    append(&mut ctx, blk, u1);
    append(&mut ctx, blk, u2);
    let before = dump(&ctx, &[], &[blk]);
    let e = ctx.erase_op(def).unwrap_err();
    assert_eq!(e.kind, ErrorKind::StillInUse);
    assert!(e.message.contains("def"), "{}", e.message);
    assert_eq!(err_kind(ctx.erase_op_with(def, EraseMode::RequireNoUses)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[], &[blk]), before, "a refused erase changes nothing");
    // DropUses: the users' operands become null.
    ctx.erase_op_with(def, EraseMode::DropUses).unwrap();
    assert!(!ctx.is_op_live(def));
    assert_eq!(ctx.op_num_operands(u1).unwrap(), 3);
    assert_eq!(ctx.op_operand(u1, 0).unwrap(), None);
    assert_eq!(ctx.op_operand(u1, 1).unwrap(), None);
    assert_eq!(ctx.op_operands(u1).unwrap(), vec![], "null operands are skipped");
    assert_eq!(ctx.op_operand_types(u1).unwrap(), vec![None, None, None]);
    assert_eq!(ctx.op_operand(u2, 0).unwrap(), None);
    assert_eq!(names(&ctx, &ctx.block_ops(blk).unwrap()), ["u1", "u2"]);
    // A null operand can be set again.
    let fresh = mk(&mut ctx, "fresh", &[], 1, 0);
    let fv = res(&ctx, fresh, 0);
    ctx.set_operand(u1, 1, fv).unwrap();
    assert_eq!(ctx.op_operand(u1, 1).unwrap(), Some(fv));
    assert_eq!(ctx.value_uses(fv).unwrap(), vec![OpOperand { op: u1, index: 1 }]);
    // Users with null operands erase fine.
    ctx.erase_op(u1).unwrap();
    ctx.erase_op(u2).unwrap();
    assert!(!ctx.value_has_uses(fv).unwrap());
    ctx.erase_op(fresh).unwrap();
    ctx.erase_block(blk).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
}

#[test]
fn erase_leaf_op_that_uses_its_own_result() {
    // Legal in graph regions: `%0 = "test.loop"(%0)`. The only use is inside the erased IR.
    let mut ctx = new_ctx();
    let seed = mk(&mut ctx, "seed", &[], 1, 0);
    let s = res(&ctx, seed, 0);
    let op = mk(&mut ctx, "test.loop", &[s], 1, 0);
    let r = res(&ctx, op, 0);
    ctx.set_operand(op, 0, r).unwrap();
    assert_eq!(ctx.value_uses(r).unwrap(), vec![OpOperand { op, index: 0 }]);
    ctx.erase_op(op).unwrap();
    assert!(!ctx.is_op_live(op));
    // Same with a region-holding op (the slow path) for comparison.
    let op2 = mk(&mut ctx, "test.loop2", &[s], 1, 1);
    let r2 = res(&ctx, op2, 0);
    ctx.set_operand(op2, 0, r2).unwrap();
    ctx.erase_op(op2).unwrap();
    assert!(!ctx.value_has_uses(s).unwrap());
    ctx.erase_op(seed).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
}

#[test]
fn erase_nested_ir_checks_only_external_uses() {
    let mut ctx = new_ctx();
    let f = build_func(&mut ctx);
    let (ops, blocks, regions) = ctx.live_ir_counts();
    assert_eq!((ops, blocks, regions), (5, 2, 1));
    // Internal uses (args, results, successors) don't block erasure.
    let outside = mk(&mut ctx, "outside", &[], 0, 0);
    ctx.erase_op(f.func).unwrap();
    assert_eq!(ctx.live_ir_counts(), (1, 0, 0));
    for op in [f.func, f.add, f.mul, f.br, f.ret] {
        assert!(!ctx.is_op_live(op));
        assert_eq!(err_kind(ctx.op_name(op)), ErrorKind::StaleHandle);
    }
    for blk in [f.entry, f.exit] {
        assert!(!ctx.is_block_live(blk));
        assert_eq!(err_kind(ctx.block_num_arguments(blk)), ErrorKind::StaleHandle);
    }
    ctx.erase_op(outside).unwrap();

    // External uses of a nested result block erasure ...
    let f = build_func(&mut ctx);
    let y = res(&ctx, f.mul, 0);
    let ext = mk(&mut ctx, "ext", &[y], 0, 0);
    let before = dump(&ctx, &[f.func, ext], &[]);
    assert_eq!(err_kind(ctx.erase_op(f.func)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[f.func, ext], &[]), before);
    // ... and of a nested block argument too.
    let a = ctx.block_argument(f.entry, 0).unwrap();
    ctx.set_operand(ext, 0, a).unwrap();
    let before = dump(&ctx, &[f.func, ext], &[]);
    assert_eq!(err_kind(ctx.erase_op(f.func)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[f.func, ext], &[]), before);
    // DropUses nulls them.
    ctx.erase_op_with(f.func, EraseMode::DropUses).unwrap();
    assert_eq!(ctx.op_operand(ext, 0).unwrap(), None);
    assert_eq!(ctx.live_ir_counts(), (1, 0, 0));
    ctx.erase_op(ext).unwrap();

    // An external branch into a nested block blocks erasure in both modes.
    let f = build_func(&mut ctx);
    let br = mk_term(&mut ctx, &[], &[f.exit]);
    let before = dump(&ctx, &[f.func, br], &[]);
    assert_eq!(err_kind(ctx.erase_op(f.func)), ErrorKind::StillInUse);
    assert_eq!(err_kind(ctx.erase_op_with(f.func, EraseMode::DropUses)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[f.func, br], &[]), before);
    ctx.erase_op(br).unwrap();
    assert_eq!(ctx.block_predecessors(f.exit).unwrap(), vec![BlockOperand { op: f.br, index: 0 }]);
    ctx.erase_op(f.func).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
}

#[test]
fn erase_op_with_successors_unlinks_predecessors() {
    let mut ctx = new_ctx();
    let f = build_func(&mut ctx);
    assert!(ctx.block_has_predecessors(f.exit).unwrap());
    ctx.erase_op(f.br).unwrap();
    assert!(!ctx.block_has_predecessors(f.exit).unwrap());
    assert_eq!(ctx.block_predecessors(f.exit).unwrap(), vec![]);
    assert_eq!(ctx.block_successors(f.entry).unwrap(), vec![], "last op is now mul");
    assert!(!ctx.value_has_uses(res(&ctx, f.mul, 0)).unwrap());
}

#[test]
fn drop_all_references_nulls_every_nested_operand() {
    let mut ctx = new_ctx();
    let f = build_func(&mut ctx);
    let ext = mk(&mut ctx, "ext", &[], 1, 0);
    let ev = res(&ctx, ext, 0);
    ctx.set_operand(f.add, 0, ev).unwrap();
    ctx.drop_all_references(f.func).unwrap();
    for op in [f.add, f.mul, f.br, f.ret] {
        let n = ctx.op_num_operands(op).unwrap();
        for i in 0..n {
            assert_eq!(ctx.op_operand(op, i).unwrap(), None);
        }
    }
    assert!(!ctx.value_has_uses(ev).unwrap());
    // Successors are kept (as MLIR's dropAllReferences drops block operands too, but the
    // core documents operands only); either way erasure works now in any order.
    ctx.erase_op(f.add).unwrap();
    ctx.erase_op(f.func).unwrap();
    ctx.erase_op(ext).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
}

// ---------------------------------------------------------------------------------------
// cloning

#[test]
fn clone_remaps_internal_values_and_successors_and_shares_external_ones() {
    let mut ctx = new_ctx();
    let ext = mk(&mut ctx, "ext", &[], 1, 0);
    let ev = res(&ctx, ext, 0);
    let outer_block = ctx.create_block(&[]);
    let f = build_func(&mut ctx);
    // An external operand and an external successor inside the function.
    ctx.set_operand(f.add, 1, ev).unwrap();
    let ext_br = mk_term(&mut ctx, &[], &[outer_block]);
    ctx.insert_op(ext_br, InsertPoint::BlockEnd(f.exit)).unwrap();
    let marker = ctx.unit_attr();
    ctx.set_op_attribute(f.mul, "marker", marker).unwrap();
    let before_orig = dump(&ctx, &[f.func], &[]);
    let (o0, b0, r0) = ctx.live_ir_counts();

    let c = ctx.clone_op(f.func).unwrap();
    assert_ne!(c, f.func);
    assert_eq!(ctx.live_ir_counts(), (o0 + 6, b0 + 2, r0 + 1));
    assert_eq!(ctx.op_parent_block(c).unwrap(), None, "the clone is detached");
    let cr = ctx.op_region(c, 0).unwrap();
    let cblocks = ctx.region_blocks(cr).unwrap();
    assert_eq!(cblocks.len(), 2);
    let (centry, cexit) = (cblocks[0], cblocks[1]);
    assert!(centry != f.entry && cexit != f.exit);
    assert_eq!(ctx.block_num_arguments(centry).unwrap(), 2);
    let cops = ctx.block_ops(centry).unwrap();
    assert_eq!(names(&ctx, &cops), ["test.add", "test.mul", "test.br"]);
    let (cadd, cmul, cbr) = (cops[0], cops[1], cops[2]);
    // Internal values remapped.
    assert_eq!(ctx.op_operands(cadd).unwrap(), vec![ctx.block_argument(centry, 0).unwrap(), ev]);
    assert_eq!(ctx.op_operands(cmul).unwrap(), vec![res(&ctx, cadd, 0); 2]);
    assert_eq!(ctx.op_operands(cbr).unwrap(), vec![res(&ctx, cmul, 0)]);
    // Internal successor remapped, with the predecessor lists updated.
    assert_eq!(ctx.op_successors(cbr).unwrap(), vec![cexit]);
    assert_eq!(ctx.block_predecessors(cexit).unwrap(), vec![BlockOperand { op: cbr, index: 0 }]);
    assert_eq!(ctx.block_predecessors(f.exit).unwrap(), vec![BlockOperand { op: f.br, index: 0 }]);
    // External value and successor shared.
    let cexit_ops = ctx.block_ops(cexit).unwrap();
    assert_eq!(names(&ctx, &cexit_ops), ["test.ret", "test.br"]);
    assert_eq!(ctx.op_operands(cexit_ops[0]).unwrap(), vec![ctx.block_argument(cexit, 0).unwrap()]);
    assert_eq!(ctx.op_successors(cexit_ops[1]).unwrap(), vec![outer_block]);
    assert_eq!(ctx.block_predecessors(outer_block).unwrap().len(), 2);
    let ext_uses = ctx.value_uses(ev).unwrap();
    assert_eq!(ext_uses.len(), 2);
    assert!(ext_uses.contains(&OpOperand { op: cadd, index: 1 }));
    assert!(ext_uses.contains(&OpOperand { op: f.add, index: 1 }));
    // Attributes and names copied.
    assert_eq!(ctx.op_attribute(cmul, "marker").unwrap(), Some(marker));
    // The original is untouched (apart from the extra uses of external values, which
    // belong to `ext` and `outer_block`, not to the function's dump).
    assert_eq!(
        dump(&ctx, &[f.func], &[]),
        before_orig.replace(&format!("live={:?}", (o0, b0, r0)), &format!("live={:?}", ctx.live_ir_counts()))
    );
    // Original and clone are independent.
    ctx.erase_op(f.func).unwrap();
    assert!(ctx.is_op_live(c) && ctx.is_op_live(cadd));
    assert_eq!(ctx.value_uses(ev).unwrap(), vec![OpOperand { op: cadd, index: 1 }]);
    assert_eq!(ctx.block_predecessors(outer_block).unwrap().len(), 1);
    ctx.erase_op(c).unwrap();
    ctx.erase_op(ext).unwrap();
    ctx.erase_block(outer_block).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
}

#[test]
fn clone_keeps_null_operands_and_properties() {
    let mut ctx = new_ctx();
    let d = mk(&mut ctx, "d", &[], 1, 0);
    let dv = res(&ctx, d, 0);
    let u = mk(&mut ctx, "u", &[dv], 0, 0);
    let props = ctx.string_attr("p");
    ctx.set_op_properties(u, Some(props)).unwrap();
    ctx.erase_op_with(d, EraseMode::DropUses).unwrap();
    let c = ctx.clone_op(u).unwrap();
    assert_eq!(ctx.op_num_operands(c).unwrap(), 1);
    assert_eq!(ctx.op_operand(c, 0).unwrap(), None);
    assert_eq!(ctx.op_properties(c).unwrap(), Some(props));
    assert_eq!(ctx.op_location(c).unwrap(), ctx.op_location(u).unwrap());
}

// ---------------------------------------------------------------------------------------
// replacing uses

#[test]
fn replace_all_uses_and_variants() {
    let mut ctx = new_ctx();
    let a = mk(&mut ctx, "a", &[], 1, 0);
    let bb = mk(&mut ctx, "b", &[], 1, 0);
    let (av, bv) = (res(&ctx, a, 0), res(&ctx, bb, 0));
    let u1 = mk(&mut ctx, "u1", &[av, av], 0, 0);
    let u2 = mk(&mut ctx, "u2", &[av, bv], 0, 0);
    let u3 = mk(&mut ctx, "u3", &[av], 0, 0);
    // RAUW with itself is a no-op.
    ctx.replace_all_uses_with(av, av).unwrap();
    assert_eq!(ctx.value_num_uses(av).unwrap(), 4);
    // Except one user.
    ctx.replace_all_uses_except(av, bv, u2).unwrap();
    assert_eq!(ctx.value_uses(av).unwrap(), vec![OpOperand { op: u2, index: 0 }]);
    assert_eq!(ctx.op_operands(u1).unwrap(), vec![bv, bv]);
    assert_eq!(ctx.op_operands(u3).unwrap(), vec![bv]);
    assert_eq!(ctx.value_num_uses(bv).unwrap(), 4);
    // By predicate: only operand #1 of each user.
    ctx.replace_uses_if(bv, av, |_, u| u.index == 1).unwrap();
    assert_eq!(ctx.op_operands(u1).unwrap(), vec![bv, av]);
    assert_eq!(ctx.op_operands(u2).unwrap(), vec![av, av]);
    assert_eq!(ctx.op_operands(u3).unwrap(), vec![bv]);
    // Predicate can look at the context.
    ctx.replace_uses_if(av, bv, |c, u| c.op_name(u.op).unwrap() == "u2").unwrap();
    assert_eq!(ctx.op_operands(u2).unwrap(), vec![bv, bv]);
    assert_eq!(ctx.op_operands(u1).unwrap(), vec![bv, av]);
    // Everything.
    ctx.replace_all_uses_with(bv, av).unwrap();
    assert!(!ctx.value_has_uses(bv).unwrap());
    assert_eq!(ctx.value_num_uses(av).unwrap(), 5);
    // MLIR order: moved uses are pushed to the front one by one.
    let c = mk(&mut ctx, "c", &[], 1, 0);
    let cv = res(&ctx, c, 0);
    let before: Vec<OpOperand> = ctx.value_uses(av).unwrap();
    ctx.replace_all_uses_with(av, cv).unwrap();
    let mut expected = before.clone();
    expected.reverse();
    assert_eq!(ctx.value_uses(cv).unwrap(), expected);
    // drop_all_uses.
    ctx.drop_all_uses(cv).unwrap();
    assert!(!ctx.value_has_uses(cv).unwrap());
    for u in before {
        assert_eq!(ctx.op_operand(u.op, u.index as usize).unwrap(), None);
    }
    // Stale arguments are refused.
    let dead = mk(&mut ctx, "dead", &[], 1, 0);
    let dv = res(&ctx, dead, 0);
    ctx.erase_op(dead).unwrap();
    assert_eq!(err_kind(ctx.replace_all_uses_with(av, dv)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.replace_all_uses_with(dv, av)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.replace_all_uses_except(av, cv, dead)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.drop_all_uses(dv)), ErrorKind::StaleHandle);
}

#[test]
fn replace_op_uses_checks_counts_first() {
    let mut ctx = new_ctx();
    let a = mk(&mut ctx, "a", &[], 2, 0);
    let bb = mk(&mut ctx, "b", &[], 2, 0);
    let (a0, a1) = (res(&ctx, a, 0), res(&ctx, a, 1));
    let u = mk(&mut ctx, "u", &[a0, a1], 0, 0);
    let before = dump(&ctx, &[a, bb, u], &[]);
    assert_eq!(err_kind(ctx.replace_op_uses(a, &[res(&ctx, bb, 0)])), ErrorKind::InvalidArgument);
    let dead = mk(&mut ctx, "dead", &[], 1, 0);
    let dv = res(&ctx, dead, 0);
    ctx.erase_op(dead).unwrap();
    assert_eq!(err_kind(ctx.replace_op_uses(a, &[res(&ctx, bb, 0), dv])), ErrorKind::StaleHandle);
    assert_eq!(dump(&ctx, &[a, bb, u], &[]), before);
    ctx.replace_op_uses(a, &[res(&ctx, bb, 1), res(&ctx, bb, 0)]).unwrap();
    assert_eq!(ctx.op_operands(u).unwrap(), vec![res(&ctx, bb, 1), res(&ctx, bb, 0)]);
    ctx.erase_op(a).unwrap();
}

#[test]
fn set_operands_changes_count_and_use_lists() {
    let mut ctx = new_ctx();
    let a = mk(&mut ctx, "a", &[], 3, 0);
    let (x, y, z) = (res(&ctx, a, 0), res(&ctx, a, 1), res(&ctx, a, 2));
    let u = mk(&mut ctx, "u", &[x, y], 0, 0);
    ctx.set_operands(u, &[z, z, x]).unwrap();
    assert_eq!(ctx.op_operands(u).unwrap(), vec![z, z, x]);
    assert!(!ctx.value_has_uses(y).unwrap());
    assert_eq!(ctx.value_num_uses(z).unwrap(), 2);
    assert_eq!(ctx.value_uses(x).unwrap(), vec![OpOperand { op: u, index: 2 }]);
    ctx.set_operands(u, &[]).unwrap();
    assert_eq!(ctx.op_num_operands(u).unwrap(), 0);
    for val in [x, y, z] {
        assert!(!ctx.value_has_uses(val).unwrap());
    }
    ctx.set_operands(u, &[y]).unwrap();
    // A stale value anywhere refuses the whole call.
    let dead = mk(&mut ctx, "dead", &[], 1, 0);
    let dv = res(&ctx, dead, 0);
    ctx.erase_op(dead).unwrap();
    let before = dump(&ctx, &[a, u], &[]);
    assert_eq!(err_kind(ctx.set_operands(u, &[x, dv])), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.set_operand(u, 0, dv)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.set_operand(u, 1, x)), ErrorKind::OutOfRange);
    assert_eq!(dump(&ctx, &[a, u], &[]), before);
    // set_operand to the same value keeps one use.
    ctx.set_operand(u, 0, y).unwrap();
    assert_eq!(ctx.value_uses(y).unwrap(), vec![OpOperand { op: u, index: 0 }]);
    // Values can change type.
    let f32t = ctx.float_type(omnir_core::FloatKind::F32);
    ctx.set_value_type(y, f32t).unwrap();
    assert_eq!(ctx.value_type(y).unwrap(), f32t);
    assert_eq!(ctx.op_operand_types(u).unwrap(), vec![Some(f32t)]);
    assert_eq!(ctx.op_result_types(a).unwrap()[1], f32t);
}

// ---------------------------------------------------------------------------------------
// blocks

#[test]
fn block_arguments_add_and_erase_renumbers_later_uses() {
    let mut ctx = new_ctx();
    let i32t = ctx.signless_int(32);
    let i64t = ctx.signless_int(64);
    let l1 = ctx.file_line_col_loc("f", 1, 1);
    let l2 = ctx.file_line_col_loc("f", 2, 2);
    let blk = ctx.create_block(&[(i32t, l1), (i64t, l2)]);
    assert_eq!(ctx.block_num_arguments(blk).unwrap(), 2);
    let a0 = ctx.block_argument(blk, 0).unwrap();
    let a1 = ctx.block_argument(blk, 1).unwrap();
    assert!(a0.is_block_argument() && a1.number() == 1);
    assert_eq!(ctx.value_type(a1).unwrap(), i64t);
    assert_eq!(ctx.value_location(a1).unwrap(), l2);
    assert_eq!(ctx.value_owner_block(a1).unwrap(), Some(blk));
    assert_eq!(ctx.value_parent_block(a1).unwrap(), Some(blk));
    assert_eq!(ctx.value_defining_op(a1).unwrap(), None);
    assert_eq!(err_kind(ctx.block_argument(blk, 2)), ErrorKind::OutOfRange);
    let f32t = ctx.float_type(omnir_core::FloatKind::F32);
    let a2 = ctx.block_add_argument(blk, f32t, l1).unwrap();
    let a3 = ctx.block_add_argument(blk, i32t, l2).unwrap();
    assert_eq!(ctx.block_arguments(blk).unwrap(), vec![a0, a1, a2, a3]);
    let u = mk(&mut ctx, "u", &[a2, a3, a0, a3], 0, 0);
    append(&mut ctx, blk, u);
    // Used arguments cannot be erased.
    let before = dump(&ctx, &[], &[blk]);
    assert_eq!(err_kind(ctx.block_erase_argument(blk, 2)), ErrorKind::StillInUse);
    assert_eq!(err_kind(ctx.block_erase_argument(blk, 4)), ErrorKind::OutOfRange);
    assert_eq!(dump(&ctx, &[], &[blk]), before);
    // Erasing unused #1 renumbers the uses of #2 and #3 (MLIR's eraseArgument).
    ctx.block_erase_argument(blk, 1).unwrap();
    assert_eq!(ctx.block_num_arguments(blk).unwrap(), 3);
    let n1 = ctx.block_argument(blk, 1).unwrap();
    let n2 = ctx.block_argument(blk, 2).unwrap();
    assert_eq!(ctx.value_type(n1).unwrap(), f32t);
    assert_eq!(ctx.value_type(n2).unwrap(), i32t);
    assert_eq!(ctx.op_operands(u).unwrap(), vec![n1, n2, a0, n2]);
    assert_eq!(ctx.value_uses(n1).unwrap(), vec![OpOperand { op: u, index: 0 }]);
    let mut n2_uses = ctx.value_uses(n2).unwrap();
    n2_uses.sort_by_key(|x| x.index);
    assert_eq!(n2_uses, vec![OpOperand { op: u, index: 1 }, OpOperand { op: u, index: 3 }]);
    assert_eq!(ctx.value_uses(a0).unwrap(), vec![OpOperand { op: u, index: 2 }]);
    // Handles name arguments, not positions: the moved ones keep theirs, the erased one's
    // is stale.
    assert_eq!((a2, a3), (n1, n2));
    assert_eq!(ctx.value_number(a3).unwrap(), 2);
    assert_eq!(err_kind(ctx.value_type(a1)), ErrorKind::StaleHandle);
    assert!(!ctx.is_value_live(a1));
    // Erase the last argument once unused.
    ctx.set_operands(u, &[]).unwrap();
    ctx.block_erase_argument(blk, 2).unwrap();
    ctx.block_erase_argument(blk, 0).unwrap();
    assert_eq!(ctx.block_num_arguments(blk).unwrap(), 1);
    assert_eq!(ctx.value_type(ctx.block_argument(blk, 0).unwrap()).unwrap(), f32t);
}

#[test]
fn blocks_insert_detach_erase() {
    let mut ctx = new_ctx();
    let holder = mk(&mut ctx, "holder", &[], 0, 2);
    let r0 = ctx.op_region(holder, 0).unwrap();
    let r1 = ctx.op_region(holder, 1).unwrap();
    let b1 = add_block(&mut ctx, r0, 0);
    let b3 = add_block(&mut ctx, r0, 0);
    let b2 = ctx.create_block(&[]);
    ctx.region_insert_block_before(b3, b2).unwrap();
    let b0 = ctx.create_block(&[]);
    ctx.region_insert_block_before(b1, b0).unwrap();
    let b4 = ctx.create_block(&[]);
    ctx.region_insert_block_after(b3, b4).unwrap();
    assert_eq!(ctx.region_blocks(r0).unwrap(), vec![b0, b1, b2, b3, b4]);
    assert_eq!(ctx.region_first_block(r0).unwrap(), Some(b0));
    assert_eq!(ctx.block_next(b2).unwrap(), Some(b3));
    assert_eq!(ctx.block_prev(b2).unwrap(), Some(b1));
    assert_eq!(ctx.block_prev(b0).unwrap(), None);
    assert_eq!(ctx.block_next(b4).unwrap(), None);
    for blk in [b0, b1, b2, b3, b4] {
        assert_eq!(ctx.block_parent_region(blk).unwrap(), Some(r0));
        assert_eq!(ctx.block_parent_op(blk).unwrap(), Some(holder));
    }
    assert_eq!(ctx.region_number(r1).unwrap(), 1);
    // Already attached blocks are refused; so is inserting next to a detached block.
    let before = dump(&ctx, &[holder], &[]);
    assert_eq!(err_kind(ctx.region_append_block(r1, b2)), ErrorKind::InvalidArgument);
    let loose = ctx.create_block(&[]);
    let loose2 = ctx.create_block(&[]);
    assert_eq!(err_kind(ctx.region_insert_block_before(loose, loose2)), ErrorKind::InvalidArgument);
    assert_eq!(err_kind(ctx.region_insert_block_after(loose, loose2)), ErrorKind::InvalidArgument);
    ctx.erase_block(loose).unwrap();
    ctx.erase_block(loose2).unwrap();
    assert_eq!(dump(&ctx, &[holder], &[]), before);
    // Detach a middle block and move it to the other region.
    let op_in_b2 = mk(&mut ctx, "in_b2", &[], 1, 0);
    append(&mut ctx, b2, op_in_b2);
    ctx.detach_block(b2).unwrap();
    assert_eq!(ctx.region_blocks(r0).unwrap(), vec![b0, b1, b3, b4]);
    assert_eq!(ctx.block_parent_region(b2).unwrap(), None);
    assert_eq!(ctx.block_ops(b2).unwrap(), vec![op_in_b2], "ops stay with the block");
    ctx.detach_block(b2).unwrap(); // detaching a detached block is fine
    ctx.region_append_block(r1, b2).unwrap();
    assert_eq!(ctx.op_parent_region(op_in_b2).unwrap(), Some(r1));
    // Detach first and last.
    ctx.detach_block(b0).unwrap();
    ctx.detach_block(b4).unwrap();
    assert_eq!(ctx.region_blocks(r0).unwrap(), vec![b1, b3]);
    assert_eq!(ctx.region_first_block(r0).unwrap(), Some(b1));
    assert_eq!(ctx.block_next(b3).unwrap(), None);
    // Erase blocks (attached and detached).
    ctx.erase_block(b3).unwrap();
    ctx.erase_block(b0).unwrap();
    ctx.erase_block(b4).unwrap();
    assert_eq!(ctx.region_blocks(r0).unwrap(), vec![b1]);
    assert_eq!(err_kind(ctx.block_ops(b3)), ErrorKind::StaleHandle);
    // Erasing a block whose op results are used outside is refused.
    let in_b2_v = res(&ctx, op_in_b2, 0);
    let user = mk(&mut ctx, "user", &[in_b2_v], 0, 0);
    append(&mut ctx, b1, user);
    let before = dump(&ctx, &[holder], &[]);
    assert_eq!(err_kind(ctx.erase_block(b2)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[holder], &[]), before);
    ctx.erase_op(user).unwrap();
    ctx.erase_block(b2).unwrap();
    assert!(!ctx.is_op_live(op_in_b2));
    assert!(ctx.region_is_empty(r1).unwrap());
    ctx.erase_op(holder).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
}

#[test]
fn block_argument_used_outside_its_block_blocks_erasure() {
    let mut ctx = new_ctx();
    let holder = mk(&mut ctx, "holder", &[], 0, 1);
    let r = ctx.op_region(holder, 0).unwrap();
    let b1 = add_block(&mut ctx, r, 1);
    let b2 = add_block(&mut ctx, r, 0);
    let arg = ctx.block_argument(b1, 0).unwrap();
    let user = mk(&mut ctx, "user", &[arg], 0, 0);
    append(&mut ctx, b2, user);
    let before = dump(&ctx, &[holder], &[]);
    assert_eq!(err_kind(ctx.erase_block(b1)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[holder], &[]), before);
    // Internal use is fine.
    ctx.move_op(user, InsertPoint::BlockEnd(b1)).unwrap();
    ctx.erase_block(b1).unwrap();
    assert!(!ctx.is_op_live(user));
}

#[test]
fn predecessors_follow_successor_changes() {
    let mut ctx = new_ctx();
    let f = build_func(&mut ctx);
    let r = ctx.op_region(f.func, 0).unwrap();
    let third = add_block(&mut ctx, r, 1);
    assert_eq!(ctx.block_successors(f.entry).unwrap(), vec![f.exit]);
    assert_eq!(ctx.block_predecessors(f.exit).unwrap(), vec![BlockOperand { op: f.br, index: 0 }]);
    ctx.set_successor(f.br, 0, third).unwrap();
    assert_eq!(ctx.block_predecessors(f.exit).unwrap(), vec![]);
    assert_eq!(ctx.block_predecessors(third).unwrap(), vec![BlockOperand { op: f.br, index: 0 }]);
    assert_eq!(err_kind(ctx.set_successor(f.br, 1, third)), ErrorKind::OutOfRange);
    // Two terminators into one block, one with two edges.
    let cond = mk_term(&mut ctx, &[], &[third, f.exit, third]);
    append(&mut ctx, f.exit, cond);
    let preds = ctx.block_predecessors(third).unwrap();
    assert_eq!(preds.len(), 3);
    for p in
        [BlockOperand { op: f.br, index: 0 }, BlockOperand { op: cond, index: 0 }, BlockOperand { op: cond, index: 2 }]
    {
        assert!(preds.contains(&p), "{p:?}");
    }
    assert_eq!(ctx.block_predecessors(f.exit).unwrap(), vec![BlockOperand { op: cond, index: 1 }], "self loop");
    // A block with predecessors cannot be detached.
    let before = dump(&ctx, &[f.func], &[]);
    assert_eq!(err_kind(ctx.detach_block(third)), ErrorKind::StillInUse);
    assert_eq!(err_kind(ctx.erase_block(third)), ErrorKind::StillInUse);
    assert_eq!(dump(&ctx, &[f.func], &[]), before);
    // Dropping the edges frees it.
    ctx.erase_op(cond).unwrap();
    ctx.set_successor(f.br, 0, f.exit).unwrap();
    assert!(!ctx.block_has_predecessors(third).unwrap());
    ctx.erase_block(third).unwrap();
    // Stale successor.
    assert_eq!(err_kind(ctx.set_successor(f.br, 0, third)), ErrorKind::StaleHandle);
}

// ---------------------------------------------------------------------------------------
// walking

struct WalkTree {
    root: OpId,
}

/// ```text
/// root {
///   region 0:
///     ^0: A, B { ^0: B1, B2 }, C
///     ^1: (empty)
///     ^2: D
///   region 1:
///     ^0: E { <region with no blocks> }, F { ^0: (empty) }
///   region 2: (no blocks)
/// }
/// ```
fn build_walk_tree(ctx: &mut Context) -> WalkTree {
    let root = mk(ctx, "root", &[], 0, 3);
    let r0 = ctx.op_region(root, 0).unwrap();
    let r1 = ctx.op_region(root, 1).unwrap();
    let blk0 = add_block(ctx, r0, 0);
    add_block(ctx, r0, 0);
    let blk2 = add_block(ctx, r0, 0);
    let a = mk(ctx, "A", &[], 0, 0);
    let bop = mk(ctx, "B", &[], 0, 1);
    let c = mk(ctx, "C", &[], 0, 0);
    for op in [a, bop, c] {
        append(ctx, blk0, op);
    }
    let br = ctx.op_region(bop, 0).unwrap();
    let bb = add_block(ctx, br, 0);
    for n in ["B1", "B2"] {
        let op = mk(ctx, n, &[], 0, 0);
        append(ctx, bb, op);
    }
    let d = mk(ctx, "D", &[], 0, 0);
    append(ctx, blk2, d);
    let r1b = add_block(ctx, r1, 0);
    let e = mk(ctx, "E", &[], 0, 1);
    let f = mk(ctx, "F", &[], 0, 1);
    append(ctx, r1b, e);
    append(ctx, r1b, f);
    let fr = ctx.op_region(f, 0).unwrap();
    add_block(ctx, fr, 0);
    WalkTree { root }
}

fn walk_names(
    ctx: &Context,
    root: OpId,
    order: WalkOrder,
    mut decide: impl FnMut(&str) -> WalkResult,
) -> (Vec<String>, WalkResult) {
    let mut seen = Vec::new();
    let r = ctx
        .walk(root, order, |op| {
            let n = ctx.op_name(op).unwrap().to_string();
            let d = decide(&n);
            seen.push(n);
            d
        })
        .unwrap();
    (seen, r)
}

#[test]
fn walk_orders_match_mlir() {
    let mut ctx = new_ctx();
    let t = build_walk_tree(&mut ctx);
    let (pre, r) = walk_names(&ctx, t.root, WalkOrder::PreOrder, |_| WalkResult::Advance);
    assert_eq!(pre, ["root", "A", "B", "B1", "B2", "C", "D", "E", "F"]);
    assert_eq!(r, WalkResult::Advance);
    let (post, r) = walk_names(&ctx, t.root, WalkOrder::PostOrder, |_| WalkResult::Advance);
    assert_eq!(post, ["A", "B1", "B2", "B", "C", "D", "E", "F", "root"]);
    assert_eq!(r, WalkResult::Advance);
    let collected = ctx.collect_ops(t.root, WalkOrder::PostOrder).unwrap();
    assert_eq!(names(&ctx, &collected), post);
    // Walking a nested op covers only its subtree.
    let bop = collected[3];
    let (sub, _) = walk_names(&ctx, bop, WalkOrder::PreOrder, |_| WalkResult::Advance);
    assert_eq!(sub, ["B", "B1", "B2"]);
    // A leaf.
    let (leaf, _) = walk_names(&ctx, collected[0], WalkOrder::PostOrder, |_| WalkResult::Advance);
    assert_eq!(leaf, ["A"]);
}

#[test]
fn walk_skip_and_interrupt() {
    let mut ctx = new_ctx();
    let t = build_walk_tree(&mut ctx);
    // Pre-order skip: B's region is not entered, the walk goes on after it.
    let (seen, r) =
        walk_names(
            &ctx,
            t.root,
            WalkOrder::PreOrder,
            |n| if n == "B" { WalkResult::Skip } else { WalkResult::Advance },
        );
    assert_eq!(seen, ["root", "A", "B", "C", "D", "E", "F"]);
    assert_eq!(r, WalkResult::Advance);
    // Skipping the root visits only the root and reports Advance (as MLIR).
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PreOrder, |_| WalkResult::Skip);
    assert_eq!(seen, ["root"]);
    assert_eq!(r, WalkResult::Advance);
    // Post-order skip acts as advance.
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PostOrder, |_| WalkResult::Skip);
    assert_eq!(seen, ["A", "B1", "B2", "B", "C", "D", "E", "F", "root"]);
    assert_eq!(r, WalkResult::Advance);
    // Interrupt stops right away, in both orders.
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PreOrder, |n| {
        if n == "B1" {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(seen, ["root", "A", "B", "B1"]);
    assert_eq!(r, WalkResult::Interrupt);
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PostOrder, |n| {
        if n == "B" {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(seen, ["A", "B1", "B2", "B"]);
    assert_eq!(r, WalkResult::Interrupt);
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PreOrder, |n| {
        if n == "root" {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(seen, ["root"]);
    assert_eq!(r, WalkResult::Interrupt);
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PostOrder, |n| {
        if n == "root" {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(seen.len(), 9);
    assert_eq!(r, WalkResult::Interrupt);
    let (seen, r) = walk_names(&ctx, t.root, WalkOrder::PostOrder, |n| {
        if n == "F" {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(seen.last().map(String::as_str), Some("F"));
    assert_eq!(seen.len(), 8);
    assert_eq!(r, WalkResult::Interrupt);
}

#[test]
fn walk_of_stale_root_is_an_error() {
    let mut ctx = new_ctx();
    let op = mk(&mut ctx, "x", &[], 0, 0);
    ctx.erase_op(op).unwrap();
    assert_eq!(err_kind(ctx.walk(op, WalkOrder::PreOrder, |_| WalkResult::Advance)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.collect_ops(op, WalkOrder::PostOrder)), ErrorKind::StaleHandle);
}

// ---------------------------------------------------------------------------------------
// cycles

#[test]
fn cycles_are_refused_and_change_nothing() {
    let mut ctx = new_ctx();
    // outer { ^b0: mid { ^b1: inner { ^b2: leaf } } }
    let outer = mk(&mut ctx, "outer", &[], 0, 1);
    let outer_region = ctx.op_region(outer, 0).unwrap();
    let b0 = add_block(&mut ctx, outer_region, 0);
    let mid = mk(&mut ctx, "mid", &[], 0, 1);
    append(&mut ctx, b0, mid);
    let mid_region = ctx.op_region(mid, 0).unwrap();
    let b1 = add_block(&mut ctx, mid_region, 0);
    let inner = mk(&mut ctx, "inner", &[], 0, 1);
    append(&mut ctx, b1, inner);
    let inner_region = ctx.op_region(inner, 0).unwrap();
    let b2 = add_block(&mut ctx, inner_region, 0);
    let leaf = mk(&mut ctx, "leaf", &[], 0, 0);
    append(&mut ctx, b2, leaf);
    let before = dump(&ctx, &[outer], &[]);

    // Inserting a detached op into its own region (directly and deeper).
    ctx.detach_op(mid).unwrap();
    let before_detached = dump(&ctx, &[outer, mid], &[]);
    assert_eq!(err_kind(ctx.insert_op(mid, InsertPoint::BlockEnd(b1))), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.insert_op(mid, InsertPoint::BlockStart(b2))), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.insert_op(mid, InsertPoint::Before(leaf))), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.insert_op(mid, InsertPoint::After(inner))), ErrorKind::Cycle);
    assert_eq!(dump(&ctx, &[outer, mid], &[]), before_detached);
    ctx.insert_op(mid, InsertPoint::BlockEnd(b0)).unwrap();
    assert_eq!(dump(&ctx, &[outer], &[]), before);

    // Moving an attached op into its own region.
    assert_eq!(err_kind(ctx.move_op(mid, InsertPoint::BlockEnd(b2))), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.move_op(outer, InsertPoint::After(leaf))), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.move_op(inner, InsertPoint::BlockEnd(b2))), ErrorKind::Cycle);
    assert_eq!(dump(&ctx, &[outer], &[]), before);

    // Inserting a block that contains the region's owner (directly or deeper).
    ctx.detach_block(b1).unwrap(); // b1 holds inner
    let before_b = dump(&ctx, &[outer], &[b1]);
    assert_eq!(err_kind(ctx.region_append_block(inner_region, b1)), ErrorKind::Cycle);
    ctx.region_append_block(ctx.op_region(mid, 0).unwrap(), b1).unwrap();
    ctx.detach_block(b0).unwrap(); // b0 holds mid, which holds inner
    let before_b0 = dump(&ctx, &[outer], &[b0]);
    assert_eq!(err_kind(ctx.region_append_block(inner_region, b0)), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.region_append_block(ctx.op_region(mid, 0).unwrap(), b0)), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.region_insert_block_before(b2, b0)), ErrorKind::Cycle);
    assert_eq!(err_kind(ctx.region_insert_block_after(b1, b0)), ErrorKind::Cycle);
    assert_eq!(dump(&ctx, &[outer], &[b0]), before_b0);
    ctx.region_append_block(ctx.op_region(outer, 0).unwrap(), b0).unwrap();
    assert_eq!(dump(&ctx, &[outer], &[]), before);
    let _ = before_b;
}

// ---------------------------------------------------------------------------------------
// stale handles

#[test]
fn stale_handles_after_erase() {
    let mut ctx = new_ctx();
    let f = build_func(&mut ctx);
    let region = ctx.op_region(f.func, 0).unwrap();
    let x = res(&ctx, f.add, 0);
    let a = ctx.block_argument(f.entry, 0).unwrap();
    ctx.erase_op(f.func).unwrap();
    assert_eq!(err_kind(ctx.op_name(f.add)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.op_operands(f.mul)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.op_parent_block(f.ret)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.op_successors(f.br)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.erase_op(f.func)), ErrorKind::StaleHandle, "double erase");
    assert_eq!(err_kind(ctx.clone_op(f.func)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.detach_op(f.add)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.region_blocks(region)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.region_parent_op(region)), ErrorKind::StaleHandle);
    assert!(!ctx.is_region_live(region));
    assert_eq!(err_kind(ctx.block_ops(f.entry)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.erase_block(f.exit)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_type(x)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_uses(a)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_defining_op(x)), ErrorKind::StaleHandle);
    let live = ctx.create_block(&[]);
    assert_eq!(err_kind(ctx.insert_op(f.add, InsertPoint::BlockEnd(live))), ErrorKind::StaleHandle);
    let fresh = mk(&mut ctx, "fresh", &[], 0, 0);
    assert_eq!(err_kind(ctx.insert_op(fresh, InsertPoint::BlockEnd(f.entry))), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.insert_op(fresh, InsertPoint::After(f.ret))), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.region_append_block(region, live)), ErrorKind::StaleHandle);
}

#[test]
fn stale_handles_after_slot_reuse_never_resolve_to_the_new_entity() {
    let mut ctx = new_ctx();
    let old = mk(&mut ctx, "old", &[], 1, 1);
    let old_v = res(&ctx, old, 0);
    let old_region = ctx.op_region(old, 0).unwrap();
    let old_block = ctx.create_block(&[(ctx.signless_int(8), ctx.unknown_loc())]);
    let old_arg = ctx.block_argument(old_block, 0).unwrap();
    ctx.erase_op(old).unwrap();
    ctx.erase_block(old_block).unwrap();
    let new = mk(&mut ctx, "new", &[], 1, 1);
    let new_region = ctx.op_region(new, 0).unwrap();
    let new_block = ctx.create_block(&[(ctx.signless_int(8), ctx.unknown_loc())]);
    assert_eq!(new.to_raw().0, old.to_raw().0, "the slot is reused");
    assert_ne!(new, old);
    assert_eq!(new_region.to_raw().0, old_region.to_raw().0);
    assert_eq!(new_block.to_raw().0, old_block.to_raw().0);
    assert_eq!(err_kind(ctx.op_name(old)), ErrorKind::StaleHandle);
    assert_eq!(ctx.op_name(new).unwrap(), "new");
    assert!(!ctx.is_op_live(old) && ctx.is_op_live(new));
    assert_eq!(err_kind(ctx.value_type(old_v)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_uses(old_v)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.region_parent_op(old_region)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.block_num_arguments(old_block)), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_type(old_arg)), ErrorKind::StaleHandle);
    // Mutations through the old handle don't touch the new entity.
    assert_eq!(err_kind(ctx.set_op_attribute(old, "x", ctx.unit_attr())), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.erase_op(old)), ErrorKind::StaleHandle);
    assert!(ctx.op_attributes(new).unwrap().is_empty());
    assert!(ctx.is_op_live(new));
    // A user of the new op's result is not reachable through the old value.
    let new_v = res(&ctx, new, 0);
    let user = mk(&mut ctx, "user", &[new_v], 0, 0);
    assert_eq!(err_kind(ctx.replace_all_uses_with(old_v, res(&ctx, new, 0))), ErrorKind::StaleHandle);
    assert_eq!(ctx.value_uses(res(&ctx, new, 0)).unwrap(), vec![OpOperand { op: user, index: 0 }]);
    assert_eq!(ctx.value_num_uses(res(&ctx, new, 0)).unwrap(), 1);
    // Round trip through raw parts keeps the check.
    let (i, g) = old.to_raw();
    assert_eq!(err_kind(ctx.op_name(OpId::from_raw(i, g))), ErrorKind::StaleHandle);
    let (i, g) = new.to_raw();
    assert_eq!(ctx.op_name(OpId::from_raw(i, g)).unwrap(), "new");
}

#[test]
fn garbage_handles_are_errors_not_panics() {
    let mut ctx = new_ctx();
    let op = mk(&mut ctx, "x", &[], 1, 1);
    let (i, g) = op.to_raw();
    for (idx, gen) in [(i, 0), (i, g + 1), (i + 1, g), (u32::MAX, g), (u32::MAX, u32::MAX), (1 << 20, 1)] {
        let bad = OpId::from_raw(idx, gen);
        assert_eq!(err_kind(ctx.op_name(bad)), ErrorKind::StaleHandle);
        assert_eq!(err_kind(ctx.op_region(bad, 0)), ErrorKind::StaleHandle);
        assert_eq!(err_kind(ctx.erase_op(bad)), ErrorKind::StaleHandle);
        let bb = BlockId::from_raw(idx, gen);
        assert_eq!(err_kind(ctx.block_ops(bb)), ErrorKind::StaleHandle);
        let rr = RegionId::from_raw(idx, gen);
        assert_eq!(err_kind(ctx.region_blocks(rr)), ErrorKind::StaleHandle);
        for number in [0, 1, 1 << 31, (1 << 31) | 5, u32::MAX] {
            let vv = Value::from_raw(idx, gen, number);
            assert_eq!(err_kind(ctx.value_type(vv)), ErrorKind::StaleHandle);
        }
    }
    // Right owner, wrong number: result #1 of a one-result op; an argument of an op.
    assert_eq!(err_kind(ctx.value_type(Value::from_raw(i, g, 1))), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_type(Value::from_raw(i, g, 1 << 31))), ErrorKind::StaleHandle);
    assert!(ctx.value_type(Value::from_raw(i, g, 0)).is_ok());
}

// ---------------------------------------------------------------------------------------
// deep nesting, without native recursion

const DEPTH: usize = 100_000;

fn deep_nesting() {
    let mut ctx = new_ctx();
    let i32t = ctx.signless_int(32);
    let loc = ctx.unknown_loc();
    // Bottom-up: each level's op holds one region with one block holding the level below
    // (and a leaf using the outermost block argument, to exercise external-use checks).
    let innermost = mk(&mut ctx, "leaf", &[], 1, 0);
    let mut child = innermost;
    let name = ctx.identifier("test.nest");
    let nest_state = OperationState::new("test.nest", loc).regions(1);
    for _ in 0..DEPTH {
        let op = ctx.create_operation_named(name, &nest_state).unwrap();
        let r = ctx.op_region(op, 0).unwrap();
        let blk = ctx.create_block(&[(i32t, loc)]);
        ctx.insert_op(child, InsertPoint::BlockEnd(blk)).unwrap();
        ctx.region_append_block(r, blk).unwrap();
        child = op;
    }
    let root = child;
    assert_eq!(ctx.live_ir_counts(), (DEPTH + 1, DEPTH, DEPTH));
    // Ancestry queries walk the whole chain.
    assert_eq!(ctx.op_root(innermost).unwrap(), root);
    assert!(ctx.op_is_ancestor(root, innermost).unwrap());
    // A cycle check at full depth.
    let top_block = ctx.region_first_block(ctx.op_region(root, 0).unwrap()).unwrap().unwrap();
    let innermost_block = ctx.op_parent_block(innermost).unwrap().unwrap();
    ctx.detach_op(innermost).unwrap();
    assert_eq!(err_kind(ctx.move_op(root, InsertPoint::BlockEnd(innermost_block))), ErrorKind::Cycle);
    ctx.insert_op(innermost, InsertPoint::BlockEnd(innermost_block)).unwrap();
    // Use the outermost block argument from the innermost leaf.
    let outer_arg = ctx.block_argument(top_block, 0).unwrap();
    let user = mk(&mut ctx, "user", &[outer_arg], 0, 0);
    ctx.insert_op(user, InsertPoint::After(innermost)).unwrap();

    // Walk both orders.
    let mut n = 0usize;
    let mut first = None;
    ctx.walk(root, WalkOrder::PreOrder, |op| {
        if first.is_none() {
            first = Some(op);
        }
        n += 1;
        WalkResult::Advance
    })
    .unwrap();
    assert_eq!(n, DEPTH + 2);
    assert_eq!(first, Some(root));
    let post = ctx.collect_ops(root, WalkOrder::PostOrder).unwrap();
    assert_eq!(post.len(), DEPTH + 2);
    assert_eq!(post[0], innermost);
    assert_eq!(post[1], user);
    assert_eq!(*post.last().unwrap(), root);

    // Clone the whole tower.
    let copy = ctx.clone_op(root).unwrap();
    assert_eq!(ctx.live_ir_counts(), (2 * (DEPTH + 2), 2 * DEPTH, 2 * DEPTH));
    let copy_post = ctx.collect_ops(copy, WalkOrder::PostOrder).unwrap();
    assert_eq!(copy_post.len(), DEPTH + 2);
    // The copy's user uses the copy's outermost argument, not the original's.
    let copy_user = copy_post[1];
    let copy_top = ctx.region_first_block(ctx.op_region(copy, 0).unwrap()).unwrap().unwrap();
    assert_eq!(ctx.op_operands(copy_user).unwrap(), vec![ctx.block_argument(copy_top, 0).unwrap()]);
    assert_eq!(ctx.value_num_uses(outer_arg).unwrap(), 1);

    // A value defined at the bottom and used at the top: erasing a mid-level op (whose
    // subtree defines it) is refused, and DropUses nulls the outer use.
    let leaf_v = res(&ctx, innermost, 0);
    let top_user = mk(&mut ctx, "top_user", &[leaf_v], 0, 0);
    ctx.insert_op(top_user, InsertPoint::BlockStart(top_block)).unwrap();
    let mid = post[DEPTH / 2];
    assert_eq!(err_kind(ctx.erase_op(mid)), ErrorKind::StillInUse);
    assert!(ctx.is_op_live(innermost));
    ctx.erase_op_with(mid, EraseMode::DropUses).unwrap();
    assert_eq!(ctx.op_operand(top_user, 0).unwrap(), None);
    // The erased subtree's use of the outermost argument is gone with it.
    assert!(ctx.value_uses(outer_arg).unwrap().is_empty());
    assert!(!ctx.is_op_live(user) && !ctx.is_op_live(innermost));
    // Erase everything.
    ctx.erase_op(root).unwrap();
    ctx.erase_op(copy).unwrap();
    assert_eq!(ctx.live_ir_counts(), (0, 0, 0));
    assert_eq!(err_kind(ctx.op_name(innermost)), ErrorKind::StaleHandle);
}

#[test]
fn deep_nesting_100k_on_a_2mb_stack() {
    std::thread::Builder::new()
        .name("deep".into())
        .stack_size(2 << 20)
        .spawn(deep_nesting)
        .expect("spawn")
        .join()
        .expect("deep nesting must not overflow a 2 MB stack");
}

#[test]
fn deep_chain_of_blocks_and_dropping_the_context() {
    // Dropping a context that holds deep IR must not recurse either.
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut ctx = new_ctx();
            let mut child = mk(&mut ctx, "leaf", &[], 0, 0);
            for _ in 0..DEPTH {
                let op = mk(&mut ctx, "n", &[], 0, 1);
                let blk = ctx.create_block(&[]);
                ctx.insert_op(child, InsertPoint::BlockEnd(blk)).unwrap();
                ctx.region_append_block(ctx.op_region(op, 0).unwrap(), blk).unwrap();
                child = op;
            }
            drop(ctx);
        })
        .unwrap()
        .join()
        .expect("drop of deep IR");
}

// ---------------------------------------------------------------------------------------
// the dump helper itself

#[test]
fn dump_sees_structural_changes() {
    let mut ctx = new_ctx();
    let f = build_func(&mut ctx);
    let d0 = dump(&ctx, &[f.func], &[]);
    assert!(d0.contains("test.add") && d0.contains("preds["));
    ctx.move_op(f.mul, InsertPoint::Before(f.add)).unwrap();
    let d1 = dump(&ctx, &[f.func], &[]);
    assert_ne!(d0, d1);
    ctx.move_op(f.mul, InsertPoint::After(f.add)).unwrap();
    assert_eq!(dump(&ctx, &[f.func], &[]), d0);
    let x = res(&ctx, f.add, 0);
    ctx.set_operand(f.mul, 0, x).unwrap(); // same value, but the use list order changes
    assert_ne!(dump(&ctx, &[f.func], &[]), d0);
    let _ = (f.entry, f.exit, f.ret);
}

/// Block argument handles name their argument, not a position: erasing an earlier argument
/// leaves them naming the same argument (as MLIR's `BlockArgument`), and the erased one's
/// handles are stale — never a silent answer about another argument.
#[test]
fn block_argument_handles_survive_erasing_earlier_arguments() {
    let mut ctx = new_ctx();
    let loc = ctx.unknown_loc();
    let (i8t, i16t, i32t) = (ctx.signless_int(8), ctx.signless_int(16), ctx.signless_int(32));
    let block = ctx.create_block(&[(i8t, loc), (i16t, loc), (i32t, loc)]);
    let args = ctx.block_arguments(block).unwrap();
    let user = mk(&mut ctx, "test.use", &[args[2]], 0, 0);
    append(&mut ctx, block, user);
    ctx.block_erase_argument(block, 0).unwrap();
    // The erased argument's handle is stale everywhere.
    assert_eq!(err_kind(ctx.value_type(args[0])), ErrorKind::StaleHandle);
    assert_eq!(err_kind(ctx.value_number(args[0])), ErrorKind::StaleHandle);
    // The others still name their own argument, now one position down.
    assert_eq!(ctx.value_type(args[1]).unwrap(), i16t);
    assert_eq!(ctx.value_number(args[1]).unwrap(), 0);
    assert_eq!(ctx.value_type(args[2]).unwrap(), i32t);
    assert_eq!(ctx.value_number(args[2]).unwrap(), 1);
    // A handle made now equals the one made before (one argument, one handle).
    assert_eq!(ctx.block_argument(block, 1).unwrap(), args[2]);
    assert_eq!(ctx.op_operands(user).unwrap(), vec![args[2]]);
    // Used as an operand, the old handle is the right argument.
    let user2 = mk(&mut ctx, "test.use", &[args[2], args[1]], 0, 0);
    append(&mut ctx, block, user2);
    assert_eq!(ctx.op_operands(user2).unwrap(), vec![args[2], args[1]]);
    assert_eq!(ctx.value_type(ctx.op_operands(user2).unwrap()[0]).unwrap(), i32t);
    // New arguments get new identities: an old handle never names a newer argument.
    let added = ctx.block_add_argument(block, i8t, loc).unwrap();
    assert_ne!(added, args[0]);
    assert_eq!(ctx.value_number(added).unwrap(), 2);
    assert_eq!(err_kind(ctx.value_type(args[0])), ErrorKind::StaleHandle);
    // Erasing the last argument leaves the earlier handles alone.
    ctx.block_erase_argument(block, 2).unwrap();
    assert_eq!(err_kind(ctx.value_type(added)), ErrorKind::StaleHandle);
    assert_eq!(ctx.value_type(args[1]).unwrap(), i16t);
}

#[test]
fn move_block_takes_blocks_with_predecessors_to_another_region() {
    let mut ctx = new_ctx();
    let outer = mk(&mut ctx, "test.outer", &[], 0, 1);
    let inner = mk(&mut ctx, "test.inner", &[], 0, 1);
    let (ro, ri) = (ctx.op_region(outer, 0).unwrap(), ctx.op_region(inner, 0).unwrap());
    let host = add_block(&mut ctx, ro, 0);
    append(&mut ctx, host, inner);
    let tail = add_block(&mut ctx, ro, 0);
    let a = add_block(&mut ctx, ri, 0);
    let z = add_block(&mut ctx, ri, 1);
    let br = mk_term(&mut ctx, &[], &[z]);
    append(&mut ctx, a, br);
    // The branch and its target move together: the target keeps its predecessor.
    ctx.move_block(a, ro, Some(tail)).unwrap();
    ctx.move_block(z, ro, Some(tail)).unwrap();
    assert_eq!(ctx.region_blocks(ro).unwrap(), vec![host, a, z, tail]);
    assert!(ctx.region_blocks(ri).unwrap().is_empty());
    assert_eq!(ctx.block_predecessors(z).unwrap().len(), 1);
    // To the end, and within the same region.
    ctx.move_block(host, ro, None).unwrap();
    assert_eq!(ctx.region_blocks(ro).unwrap(), vec![a, z, tail, host]);
    ctx.move_block(tail, ro, Some(a)).unwrap();
    assert_eq!(ctx.region_blocks(ro).unwrap(), vec![tail, a, z, host]);
    // A block may not end up inside its own ops.
    let own = ctx.op_region(inner, 0).unwrap();
    assert_eq!(err_kind(ctx.move_block(host, own, None)), ErrorKind::Cycle);
    assert_eq!(ctx.region_blocks(ro).unwrap(), vec![tail, a, z, host], "nothing moved");
}
