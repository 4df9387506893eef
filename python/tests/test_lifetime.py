"""Lifetime across the garbage collector (DESIGN.md, "Lifetime in garbage-collected
languages"): each scenario either works or raises omnir.StaleHandleError — never a crash."""

from __future__ import annotations

import gc
from typing import Callable, List

import pytest

import omnir as ir

from conftest import FUNC, FUNC_CUSTOM


def stale(f: Callable[[], object]) -> None:
    with pytest.raises(ir.StaleHandleError):
        f()


def test_op_kept_after_module_deleted(ctx: ir.Context) -> None:
    m = ir.Module.parse(FUNC)
    module_handle = m.operation._handle
    add = m.body.operations[0].regions[0].blocks[0].operations[0]
    del m
    gc.collect()
    # The wrapper keeps its whole tree alive: the op, its parents, its module.
    assert add.name == "arith.addi"
    assert add.parent is not None and add.parent.name == "func.func"
    top = add.parent.parent
    assert top is not None and top.name == "builtin.module"
    assert str(top) == FUNC_CUSTOM
    assert ctx._op_is_live(*module_handle)
    del add, top
    gc.collect()
    # The last wrapper is gone and the module was detached: it was erased.
    assert not ctx._op_is_live(*module_handle)


def test_value_block_region_keep_tree_alive(ctx: ir.Context) -> None:
    m = ir.Module.parse(FUNC)
    module_handle = m.operation._handle
    block = m.body.operations[0].regions[0].blocks[0]
    arg = block.arguments[0]
    region = block.region
    del m
    gc.collect()
    assert arg.type == ir.IntegerType.get_signless(32)
    assert region is not None and len(region.blocks) == 1
    del block, region
    gc.collect()
    assert ctx._op_is_live(*module_handle)  # still held through `arg`
    assert [u.owner.name for u in arg.uses]
    del arg
    gc.collect()
    assert not ctx._op_is_live(*module_handle)


def test_wrapper_kept_after_parent_erased(ctx: ir.Context) -> None:
    m = ir.Module.parse(FUNC)
    f = m.body.operations[0]
    block = f.regions[0].blocks[0]
    region = f.regions[0]
    add = block.operations[0]
    value = add.result
    arg = block.arguments[0]
    f.erase()
    for w in (f, add):
        assert not w.is_valid
        stale(lambda: w.name)
        stale(lambda: str(w))
        stale(lambda: w.operands)
        stale(lambda: w.get_asm())
        stale(lambda: w.erase())
        stale(lambda: w.verify())
        stale(lambda: w.walk(lambda op: None))
    stale(lambda: len(add.operands))
    stale(lambda: add.result)
    stale(lambda: add.attributes["x"])
    assert not value.is_valid and not block.is_valid and not region.is_valid
    stale(lambda: value.type)
    stale(lambda: value.uses)
    stale(lambda: arg.type)
    stale(lambda: len(block.operations))
    stale(lambda: block.arguments[0])
    stale(lambda: len(region.blocks))
    stale(lambda: ir.InsertionPoint(block).insert(ir.Operation.create("t.x")))
    # The rest of the module is fine.
    assert len(m.body.operations) == 0 and m.operation.verify()


def test_slot_reuse_does_not_alias(ctx: ir.Context) -> None:
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        old = ir.Operation.create("t.old")
    index, generation = old._handle
    old.erase()
    reused = None
    keep: List[ir.Operation] = []
    with ir.InsertionPoint(m.body):
        for _ in range(100_000):
            new = ir.Operation.create("t.new")
            keep.append(new)
            if new._handle[0] == index:
                reused = new
                break
    assert reused is not None, "the arena never reused the slot"
    assert reused._handle[1] != generation
    assert reused.name == "t.new"
    assert old != reused and hash(old) != hash(reused)
    stale(lambda: old.name)
    stale(lambda: old.erase())
    assert not old.is_valid and reused.is_valid


def test_op_moved_between_modules(ctx: ir.Context) -> None:
    m1 = ir.Module.parse(FUNC)
    m2 = ir.Module.parse('"t.anchor"() : () -> ()')
    f = m1.body.operations[0]
    earlier = m1.body.operations[0]  # another wrapper, made before the move
    f.move_before(m2.body.operations[0])
    assert f.parent == m2.operation and len(m1.body.operations) == 0
    assert earlier == f
    m2_handle = m2.operation._handle
    del m1
    gc.collect()
    assert f.name == "func.func" and f.verify()
    del m2
    gc.collect()
    # `f` took the owner of its new tree when it moved: m2 is alive through it.
    assert ctx._op_is_live(*m2_handle)
    top = f.parent
    assert top is not None and top.name == "builtin.module"
    assert '"t.anchor"' in str(top)
    # The other wrapper still works (it kept m1 alive; the op itself is in m2, held by `f`).
    assert earlier.name == "func.func"
    # Detach and append to a third module.
    m3 = ir.Module.create()
    f.detach_from_parent()
    assert f.parent is None
    m3.body.append(f)
    assert f.parent == m3.operation
    del top
    gc.collect()
    assert not ctx._op_is_live(*m2_handle) or earlier.is_valid


def test_moved_into_module_nobody_holds(ctx: ir.Context) -> None:
    m = ir.Module.parse(FUNC)
    f = m.body.operations[0]
    other = ir.Module.create()
    other_handle = other.operation._handle
    earlier_view = m.body.operations[0]
    other.body.append(f)
    del other, f
    gc.collect()
    # `earlier_view` holds the first module's owner, which keeps the tree the op moved to.
    assert ctx._op_is_live(*other_handle)
    assert earlier_view.name == "func.func"
    assert earlier_view.parent is not None and earlier_view.parent.operation._handle == other_handle
    del m, earlier_view
    gc.collect()
    assert not ctx._op_is_live(*other_handle)


# Issue 15, item 3: a wrapper of nested IR follows its tree's current root.
def test_nested_wrapper_keeps_the_tree_its_parent_moved_to(ctx: ir.Context) -> None:
    src = ir.Module.parse(FUNC)
    f = src.body.operations[0]
    add = f.regions[0].blocks[0].operations[0]  # holds `src`'s owner
    dst = ir.Module.create()
    dst_handle = dst.operation._handle
    dst.body.append(f)
    del f, dst
    gc.collect()
    assert ctx._op_is_live(*dst_handle)
    assert add.name == "arith.addi"
    parent = add.parent
    assert parent is not None and parent.parent is not None
    assert parent.parent.operation._handle == dst_handle
    del parent
    del src
    gc.collect()
    assert add.name == "arith.addi" and ctx._op_is_live(*dst_handle)
    del add
    gc.collect()
    assert not ctx._op_is_live(*dst_handle)


@pytest.mark.parametrize("how", ["move_before", "move_after", "insert", "detach", "append_block"])
def test_every_move_keeps_wrappers_made_before_it_working(ctx: ir.Context, how: str) -> None:
    src = ir.Module.parse(FUNC)
    f = src.body.operations[0]
    block = f.regions[0].blocks[0]
    mul = block.operations[1]
    dst = ir.Module.parse('"t.anchor"() : () -> ()')
    anchor = dst.body.operations[0]
    if how == "move_before":
        f.move_before(anchor)
    elif how == "move_after":
        f.move_after(anchor)
    elif how == "insert":
        f.detach_from_parent()
        ir.InsertionPoint(anchor).insert(f)
    elif how == "detach":
        f.detach_from_parent()
    else:
        region = ir.Operation.create("t.holder", regions=1, ip=ir.InsertionPoint(dst.body)).regions[0]
        block.append_to(region)
        del region
    del f, dst, anchor, block
    gc.collect()
    # Only wrappers made before the move hold anything now, through `src`'s owner.
    assert mul.name == "arith.muli"
    assert mul.operands[0].owner.name == "arith.addi"
    top = mul
    while top.parent is not None:
        top = top.parent
    assert top.name in ("builtin.module", "func.func")
    del top


def test_ir_moved_back_and_forth_is_freed_with_its_last_wrapper(ctx: ir.Context) -> None:
    a = ir.Module.parse('"t.a"() : () -> ()')
    b = ir.Module.parse('"t.b"() : () -> ()')
    a_handle, b_handle = a.operation._handle, b.operation._handle
    op_a = a.body.operations[0]
    op_b = b.body.operations[0]
    b.body.append(op_a)  # a -> b
    a.body.append(op_b)  # b -> a: the owners must not keep each other alive forever
    assert [o.name for o in a.body.operations] == ["t.b"]
    del op_a, op_b
    gc.collect()
    del a
    gc.collect()
    assert ctx._op_is_live(*a_handle) and ctx._op_is_live(*b_handle)  # `b` reaches both
    assert [o.name for o in b.body.operations] == ["t.a"]
    del b
    gc.collect()
    assert not ctx._op_is_live(*a_handle) and not ctx._op_is_live(*b_handle)


# Issue 15, item 4: a detached op collected while its results are used is kept, not erased
# (which would have left NULL operands behind the user's back).
def test_detached_op_collected_while_its_results_are_used(ctx: ir.Context, i32: ir.Type) -> None:
    m = ir.Module.create()
    d = ir.Operation.create("t.def", results=[i32, i32])
    d_handle = d._handle
    with ir.InsertionPoint(m.body):
        u = ir.Operation.create("t.use", operands=[d.results[0], d.results[1]])
    del d
    gc.collect()
    assert ctx._op_is_live(*d_handle)
    assert [v.owner.name for v in u.operands] == ["t.def", "t.def"]
    assert "null operand" not in str(u)
    # Put it before its user: the IR is whole and verifies.
    u.operands[0].owner.move_before(u)
    assert m.operation.verify()
    assert [o.name for o in m.body.operations] == ["t.def", "t.use"]
    del u
    gc.collect()
    assert ctx._op_is_live(*d_handle)


def test_used_detached_op_goes_with_the_module_that_uses_it(ctx: ir.Context, i32: ir.Type) -> None:
    m = ir.Module.create()
    m_handle = m.operation._handle
    d = ir.Operation.create("t.def", results=[i32])
    d_handle = d._handle
    with ir.InsertionPoint(m.body):
        ir.Operation.create("t.use", operands=[d.result])
    del d
    gc.collect()
    assert ctx._op_is_live(*d_handle)
    uses = m.body.operations[0].operands[0].uses
    assert [(u.owner.name, u.operand_number) for u in uses] == [("t.use", 0)]
    del uses
    del m
    gc.collect()
    # No leak: the module and the op it used were freed together.
    assert not ctx._op_is_live(*m_handle) and not ctx._op_is_live(*d_handle)


def test_used_detached_op_is_erased_once_unused(ctx: ir.Context, i32: ir.Type) -> None:
    d = ir.Operation.create("t.def", results=[i32])
    d_handle = d._handle
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        u = ir.Operation.create("t.use", operands=[d.result])
    u.erase()
    del d
    gc.collect()
    assert not ctx._op_is_live(*d_handle)


# Issue 15, item 2: uses, block arguments, successors and regions of erased IR raise
# StaleHandleError from every accessor, never an old answer.
BRANCHES = '''
"t.f"() ({
^bb0(%x: i32):
  %0 = "t.def"(%x) : (i32) -> i32
  "t.br"(%0)[^bb1] : (i32) -> ()
^bb1:
  "t.ret"() : () -> ()
}) : () -> ()
'''


def test_accessors_of_erased_ir_raise(ctx: ir.Context) -> None:
    ctx.verify_after_parse = False
    m = ir.Module.parse(BRANCHES)
    f = m.body.operations[0]
    region = f.regions[0]
    b0, b1 = region.blocks[0], region.blocks[1]
    x = b0.arguments[0]
    define, br = b0.operations[0], b0.operations[1]
    x_use = x.uses[0]
    v_use = define.result.uses[0]
    succs = br.successors
    assert (x_use.operand_number, v_use.operand_number) == (0, 0)
    assert x_use.owner.name == "t.def" and len(succs) == 1 and succs[0] == b1
    # Erase the user: its uses are stale, the value's own accessors still answer.
    br.erase()
    stale(lambda: v_use.operand_number)
    stale(lambda: v_use.owner)
    assert len(define.result.uses) == 0
    stale(lambda: len(succs))
    stale(lambda: succs[0])
    stale(lambda: br.successors)
    # Erase everything.
    f.erase()
    checks: List[Callable[[], object]] = [
        lambda: x_use.operand_number,
        lambda: x_use.owner,
        lambda: x.arg_number,
        lambda: x.owner,
        lambda: x.type,
        lambda: x.uses,
        lambda: define.result.result_number,
        lambda: region.owner,
        lambda: region.blocks,
        lambda: list(region),
        lambda: b0.arguments,
        lambda: b0.successors,
        lambda: b1.predecessors,
        lambda: b0.owner,
        lambda: b0.region,
        lambda: f.regions,
    ]
    answered = []
    for i, check in enumerate(checks):
        try:
            check()
            answered.append(i)
        except ir.StaleHandleError:
            pass
    assert answered == [], f"accessors of erased IR that answered: {answered}"


def test_two_wrappers_equal_and_hash_equal(module: ir.Module) -> None:
    a = module.body.operations[0]
    b = module.body.operations[0]
    assert a is not b and a == b and hash(a) == hash(b)
    assert len({a, b}) == 1 and {a: 1}[b] == 1
    assert a.opview == b and hash(a.opview) == hash(b)
    assert a.regions[0] == b.regions[0] and hash(a.regions[0]) == hash(b.regions[0])
    ba, bb = a.regions[0].blocks[0], b.regions[0].blocks[0]
    assert ba == bb and hash(ba) == hash(bb)
    va, vb = ba.arguments[0], bb.arguments[0]
    assert va == vb and hash(va) == hash(vb) and len({va, vb}) == 1
    ra, rb = ba.operations[0].result, bb.operations[0].result
    assert ra == rb and hash(ra) == hash(rb)
    assert ra != va
    walked: List[ir.Operation] = []
    module.operation.walk(lambda op: walked.append(op))
    assert a in walked
    assert module.operation == module.operation and hash(module.operation) == hash(module.operation)


def test_detached_op_erased_when_collected(ctx: ir.Context) -> None:
    op = ir.Operation.create("t.detached", regions=1)
    block = op.regions[0].blocks.append()
    with ir.InsertionPoint(block):
        inner = ir.Operation.create("t.inner")
    handle = op._handle
    inner_handle = inner._handle
    del op, block
    gc.collect()
    assert ctx._op_is_live(*handle)  # `inner` keeps its tree alive
    del inner
    gc.collect()
    assert not ctx._op_is_live(*handle) and not ctx._op_is_live(*inner_handle)


def test_inserted_op_no_longer_owned_by_its_wrapper(ctx: ir.Context) -> None:
    m = ir.Module.create()
    op = ir.Operation.create("t.x")
    handle = op._handle
    m.body.append(op)
    del op
    gc.collect()
    assert ctx._op_is_live(*handle) and len(m.body.operations) == 1


def test_context_outlived_by_wrappers() -> None:
    ctx = ir.Context()
    m = ir.Module.parse(FUNC, context=ctx)
    t = ir.IntegerType.get_signless(32, context=ctx)
    del ctx
    gc.collect()
    assert str(m) == FUNC_CUSTOM and str(t) == "i32"
    assert m.context.is_registered_operation("builtin.module")


def test_erase_with_live_uses_is_refused(module: ir.Module) -> None:
    block = module.body.operations[0].regions[0].blocks[0]
    add = block.operations[0]
    with pytest.raises(ValueError):
        add.erase()
    assert add.is_valid and add.name == "arith.addi"


def test_cycle_is_refused(ctx: ir.Context) -> None:
    outer = ir.Operation.create("t.outer", regions=1)
    block = outer.regions[0].blocks.append()
    with ir.InsertionPoint(block):
        inner = ir.Operation.create("t.inner", regions=1)
    inner_block = inner.regions[0].blocks.append()
    with pytest.raises(ValueError):
        inner_block.append(outer)
    assert outer.parent is None
