"""A hypothesis state machine drives random create / move / clone / erase / replace-uses /
print / drop-a-reference steps with gc.collect() between them, and checks that nothing
crashes, that every failure is one of omnir's exceptions, and that every use of a wrapper of
erased IR raises omnir.StaleHandleError."""

from __future__ import annotations

import gc
from typing import List, Optional

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import omnir as ir

# Failures that a random step may legitimately meet (refused mutations), never a crash.
EXPECTED = (ir.StaleHandleError, ValueError, IndexError)


def poke(op: ir.Operation) -> None:
    """Uses every kind of access of an operation wrapper."""
    op.name
    str(op)
    op.location
    len(op.operands)
    len(op.results)
    for r in op.results:
        r.type
        r.uses
    for region in op.regions:
        for block in region.blocks:
            for arg in block.arguments:
                arg.type
            len(block.operations)
    op.parent
    op.block
    dict(op.attributes.items())


class IRMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.ctx = ir.Context()
        self.loc = ir.Location.unknown(context=self.ctx)
        self.i32 = ir.IntegerType.get_signless(32, context=self.ctx)
        self.modules: List[ir.Module] = []
        self.ops: List[ir.Operation] = []
        # Wrappers whose operation we erased ourselves: each must raise StaleHandleError.
        self.erased: List[ir.Operation] = []
        self.counter = 0

    def _blocks(self) -> List[ir.Block]:
        out: List[ir.Block] = []
        for m in self.modules:
            out.append(m.body)
        for op in self.ops:
            if op.is_valid:
                for region in op.regions:
                    out.extend(region.blocks)
        return out

    def _values(self) -> List[ir.Value]:
        vals: List[ir.Value] = []
        for op in self.ops:
            if op.is_valid:
                vals.extend(op.results)
        return vals

    @rule(with_body=st.booleans())
    def create_module(self, with_body: bool) -> None:
        if with_body:
            m = ir.Module.parse(
                '"t.a"() ({ ^bb0(%x: i32): "t.use"(%x) : (i32) -> () }) : () -> ()\n'
                '%0 = "t.c"() : () -> i32\n"t.d"(%0) : (i32) -> ()',
                context=self.ctx,
            )
            self.ops.extend(m.body.operations)
        else:
            m = ir.Module.create(loc=self.loc)
        self.modules.append(m)

    @rule(data=st.data(), nres=st.integers(0, 2), nops=st.integers(0, 2), regions=st.integers(0, 1), detached=st.booleans())
    def create_op(self, data: st.DataObject, nres: int, nops: int, regions: int, detached: bool) -> None:
        values = self._values()
        operands = [data.draw(st.sampled_from(values)) for _ in range(nops)] if values else []
        blocks = self._blocks()
        self.counter += 1
        try:
            if detached or not blocks:
                op = ir.Operation.create(f"t.op{self.counter % 5}", results=[self.i32] * nres, operands=operands,
                                         regions=regions, loc=self.loc)
            else:
                block = data.draw(st.sampled_from(blocks))
                op = ir.Operation.create(f"t.op{self.counter % 5}", results=[self.i32] * nres, operands=operands,
                                         regions=regions, loc=self.loc, ip=ir.InsertionPoint(block))
        except EXPECTED:
            return
        if regions:
            op.regions[0].blocks.append(self.i32)
        self.ops.append(op)

    @precondition(lambda self: len(self.ops) > 0)
    @rule(data=st.data())
    def clone(self, data: st.DataObject) -> None:
        op = data.draw(st.sampled_from(self.ops))
        try:
            self.ops.append(op.clone())
        except EXPECTED:
            pass

    @precondition(lambda self: len(self.ops) > 0)
    @rule(data=st.data(), how=st.sampled_from(["append", "before", "after", "detach"]))
    def move(self, data: st.DataObject, how: str) -> None:
        op = data.draw(st.sampled_from(self.ops))
        try:
            if how == "detach":
                op.detach_from_parent()
            elif how == "append":
                blocks = self._blocks()
                if blocks:
                    data.draw(st.sampled_from(blocks)).append(op)
            else:
                other = data.draw(st.sampled_from(self.ops))
                if how == "before":
                    op.move_before(other)
                else:
                    op.move_after(other)
        except EXPECTED:
            pass

    @precondition(lambda self: len(self.ops) > 0)
    @rule(data=st.data())
    def erase(self, data: st.DataObject) -> None:
        op = data.draw(st.sampled_from(self.ops))
        if not op.is_valid:
            return
        # Every wrapper of IR inside `op` becomes stale when the erase succeeds.
        inside = [o for o in self.ops if o.is_valid and op.is_ancestor_of(o)]
        try:
            op.erase()
        except ValueError:
            return  # results still used outside: refused, nothing changed
        self.erased.extend(inside)

    @precondition(lambda self: len(self._values()) > 1)
    @rule(data=st.data())
    def replace_uses(self, data: st.DataObject) -> None:
        values = self._values()
        a = data.draw(st.sampled_from(values))
        b = data.draw(st.sampled_from(values))
        try:
            a.replace_all_uses_with(b)
        except EXPECTED:
            pass

    @precondition(lambda self: len(self.ops) + len(self.modules) > 0)
    @rule(data=st.data())
    def print_something(self, data: st.DataObject) -> None:
        things: List[object] = [*self.ops, *self.modules]
        thing = data.draw(st.sampled_from(things))
        try:
            str(thing)
            if isinstance(thing, ir.Operation):
                thing.get_asm(enable_debug_info=True)
        except ir.StaleHandleError:
            assert isinstance(thing, ir.Operation) and not thing.is_valid

    @precondition(lambda self: len(self.ops) + len(self.modules) > 0)
    @rule(data=st.data(), which=st.sampled_from(["op", "module"]))
    def drop_reference(self, data: st.DataObject, which: str) -> None:
        pool: Optional[List[ir.Operation]] = self.ops if which == "op" else None
        if pool is not None and pool:
            pool.pop(data.draw(st.integers(0, len(pool) - 1)))
        elif self.modules:
            self.modules.pop(data.draw(st.integers(0, len(self.modules) - 1)))
        gc.collect()

    @invariant()
    def every_wrapper_works_or_is_stale(self) -> None:
        gc.collect()
        for op in self.ops:
            if op.is_valid:
                poke(op)
            else:
                try:
                    op.name
                except ir.StaleHandleError:
                    continue
                raise AssertionError("a wrapper of erased IR did not raise StaleHandleError")
        for op in self.erased:
            assert not op.is_valid
            try:
                str(op)
            except ir.StaleHandleError:
                pass
            else:
                raise AssertionError("erased op printed")
        for m in self.modules:
            str(m)
            m.operation.name

    def teardown(self) -> None:
        self.ops.clear()
        self.modules.clear()
        self.erased.clear()
        gc.collect()


IRMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestIR = IRMachine.TestCase
