"""Lifetime across the garbage collector (DESIGN.md, "Lifetime in garbage-collected
languages"): each scenario either works or raises omnir.StaleHandleError — never a crash."""

from __future__ import annotations

import gc
from typing import Callable, List

import pytest

import omnir as ir

from conftest import FUNC


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
    assert '"arith.addi"' in str(top)
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
    earlier_view = m.body.operations[0]
    other.body.append(f)
    del other, f
    gc.collect()
    # `earlier_view` kept the first module, but the op moved to `other`, held by nobody:
    # either it still works or it is stale, never a crash.
    try:
        earlier_view.name
    except ir.StaleHandleError:
        pass


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
    assert '"arith.addi"' in str(m) and str(t) == "i32"
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
