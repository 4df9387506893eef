"""Threads: several Python threads on one shared context and on separate contexts, every kind
of call, a fixed number of iterations each, checked results (issue 15).

A hang must fail the run, not stall it: the `watchdog` fixture arms faulthandler, which dumps
every thread's stack and ends the process if a test is not done in time. (It runs on a
thread of its own that needs no GIL, so it fires even when a deadlocked thread holds it.)
"""

from __future__ import annotations

import faulthandler
import gc
import os
import sys
import threading
import traceback
from typing import Any, Callable, Iterator, List, Mapping

import pytest

import omnir as ir

# Generous: the whole file takes a few seconds; a deadlock never ends.
TIMEOUT = 120.0

FUNC = '''
"func.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  %1 = "t.dead"() : () -> i32
  "t.dead2"(%1) : (i32) -> ()
  "func.return"(%0) : (i32) -> ()
}) {sym_name = "f", function_type = (i32, i32) -> i32} : () -> ()
'''

# FUNC as upstream prints it (`iree-opt --allow-unregistered-dialect`).
FUNC_CUSTOM = '''\
module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = "t.dead"() : () -> i32
    "t.dead2"(%1) : (i32) -> ()
    return %0 : i32
  }
}
'''

POST_ORDER = ["arith.addi", "t.dead", "t.dead2", "func.return", "func.func", "builtin.module"]


@pytest.fixture
def watchdog(capsys: pytest.CaptureFixture[str]) -> Iterator[None]:
    # To the real stderr (taken while pytest's capture is suspended): the process ends right
    # after writing the stacks, so pytest would never show what it captured.
    with capsys.disabled():
        stderr = os.fdopen(os.dup(sys.stderr.fileno()), "w")
    faulthandler.dump_traceback_later(TIMEOUT, exit=True, file=stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        stderr.close()


def run_threads(n: int, work: Callable[[int], None]) -> None:
    """Runs `work(i)` on `n` threads at once; re-raises the first failure with its traceback."""
    errors: List[str] = []
    start = threading.Barrier(n)

    def run(i: int) -> None:
        try:
            start.wait()
            work(i)
        except BaseException:  # noqa: B902 - reported to the main thread
            errors.append(f"thread {i}:\n{traceback.format_exc()}")

    threads = [threading.Thread(target=run, args=(i,), name=f"omnir-worker-{i}") for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(TIMEOUT)
        assert not t.is_alive(), f"{t.name} did not finish"
    assert not errors, "\n".join(errors)


# ---------------------------------------------------------------------------------------
# item 1: the reported deadlock


@pytest.mark.parametrize("threads", [2, 4])
def test_parse_and_walk_on_one_shared_context(watchdog: None, threads: int) -> None:
    # The reported loop. It hung when a thread adopting its new module held the client's
    # owner registry while waiting for the context (giving up the GIL), the other thread
    # then took the context and waited for the registry with the GIL: with these numbers it
    # hung on every run before the fix, and takes well under a second after it.
    ctx = ir.Context()
    adds = "".join(f'  %{i} = "arith.addi"(%a, %a) : (i32, i32) -> i32\n' for i in range(20))
    text = (
        f'"func.func"() ({{\n^bb0(%a: i32):\n{adds}  "func.return"(%a) : (i32) -> ()\n}}) '
        '{sym_name = "f", function_type = (i32) -> i32} : () -> ()'
    )
    iterations = 2000
    counts: List[int] = []

    def work(_: int) -> None:
        mine = 0
        for _ in range(iterations):
            m = ir.Module.parse(text, ctx)
            m.operation.walk(lambda op: None)
            mine += 1
        counts.append(mine)

    run_threads(threads, work)
    assert counts == [iterations] * threads


# ---------------------------------------------------------------------------------------
# every kind of call


def prepare(ctx: ir.Context) -> None:
    """What a context needs for `exercise`: an option and a Python pass that reads it."""
    ctx.declare_option("t.tag", "string", "")

    def tag(op: ir.Operation, options: Mapping[str, Any]) -> None:
        # Runs on the thread that called `run`, under that thread's option overrides.
        op.attributes["t.tag"] = ir.StringAttr.get(str(op.context.get_option("t.tag")), context=op.context)

    ctx.register_pass("py-tag", tag)


def exercise(ctx: ir.Context, me: int, iterations: int) -> None:
    """Every kind of call on `ctx`, each result checked."""
    i32 = ir.IntegerType.get_signless(32, context=ctx)
    pm = ir.PassManager.parse("builtin.module(func.func(py-tag),cse)", context=ctx)
    with ctx, ir.Location.unknown(ctx):
        for i in range(iterations):
            stamp = f"{me}-{i}"
            # parse, print
            m = ir.Module.parse(FUNC, ctx)
            assert str(m) == FUNC_CUSTOM
            # a walk whose callback reads
            names: List[str] = []
            m.operation.walk(lambda op: names.append(op.name))
            assert names == POST_ORDER
            f = m.body.operations[0]
            block = f.regions[0].blocks[0]
            # create: inserted, and detached then appended
            ret = block.operations[3]
            new = ir.Operation.create("t.new", operands=[block.arguments[0]], results=[i32], ip=ir.InsertionPoint(ret))
            assert new.parent == f and new.operands[0] == block.arguments[0]
            loose = ir.Operation.create("t.loose", results=[i32])
            ir.InsertionPoint(ret).insert(loose)
            assert sorted(u.owner.name for u in block.arguments[0].uses) == ["arith.addi", "t.new"]
            # erase
            new.erase()
            loose.erase()
            stale = new
            try:
                stale.name
                raise AssertionError("an erased op answered")
            except ir.StaleHandleError:
                pass
            # a walk whose callback erases (post-order: `t.dead2` goes, then `t.dead`)
            def erase_dead(op: ir.Operation) -> None:
                if op.name.startswith("t.dead") and all(len(r.uses) == 0 for r in op.results):
                    op.erase()

            m.operation.walk(erase_dead)
            m.operation.walk(erase_dead)
            assert [o.name for o in block.operations] == ["arith.addi", "func.return"]
            # verify
            assert m.operation.verify()
            # a pipeline with a Python pass, under this thread's option overrides
            with ctx.options({"t.tag": stamp}):
                pm.run(m)
            assert str(f.attributes["t.tag"]) == f'"{stamp}"'
            assert ctx.get_option("t.tag") == ""  # the scope ended
            # diagnostics: a handler, and a failing parse raising the diagnostics it made
            got: List[str] = []

            def handler(d: ir.Diagnostic, stamp: str = stamp) -> bool:
                # Handlers stack (the last attached is asked first): others' diagnostics are
                # passed on to the handlers attached before this one.
                got.append(d.message)
                return d.message.endswith(f" {stamp}")

            with ctx.attach_diagnostic_handler(handler):
                ir.Location.file("t.mlir", i + 1, me + 1, context=ctx).emit_error(f"boom {stamp}")
            # While this handler is the last attached, other threads' diagnostics (their own
            # "boom"s, their failing parses) are offered to it first and passed on.
            assert f"boom {stamp}" in got
            try:
                ir.Module.parse(f'"t.x"() : () -> (i{me}x)', ctx)
                raise AssertionError("bad text parsed")
            except ir.MLIRError as e:
                assert e.error_diagnostics and all(d.severity == ir.DiagnosticSeverity.ERROR for d in e.error_diagnostics)
            # moves between trees, dropped in the middle
            other = ir.Module.create()
            other.body.append(f)
            del other
            assert f.parent is not None and block.operations[0].name == "arith.addi"
            if i % 16 == 0:
                gc.collect()


@pytest.mark.parametrize("threads", [4])
def test_every_call_on_one_shared_context(watchdog: None, threads: int) -> None:
    ctx = ir.Context()
    prepare(ctx)
    run_threads(threads, lambda me: exercise(ctx, me, 60))


@pytest.mark.parametrize("threads", [4])
def test_every_call_on_separate_contexts(watchdog: None, threads: int) -> None:
    def work(me: int) -> None:
        ctx = ir.Context()
        prepare(ctx)
        exercise(ctx, me, 60)

    run_threads(threads, work)


def test_shared_objects_across_threads(watchdog: None) -> None:
    # One module, one symbol table, one pass manager and one options object used from every
    # thread: each call either works or raises, never hangs.
    ctx = ir.Context()
    prepare(ctx)
    m = ir.Module.parse(FUNC, ctx)
    table = ir.SymbolTable(m.operation)
    pm = ir.PassManager.parse("builtin.module(func.func(py-tag))", context=ctx)
    scope = ctx.options({"t.tag": "shared"})

    def work(me: int) -> None:
        with ctx, ir.Location.unknown(ctx):
            for i in range(100):
                assert "f" in table and len(table) >= 1
                try:
                    pm.run(m)
                    # Outside any scope of this thread: another thread's overrides never leak.
                    assert str(m.body.operations[0].attributes["t.tag"]) == '""'
                except RuntimeError as e:  # the same PassManager, running on another thread
                    assert "in use" in str(e)
                try:
                    with scope:
                        assert ctx.get_option("t.tag") == "shared"
                except RuntimeError as e:  # the same options object, entered on another thread
                    assert "already entered" in str(e)
                names: List[str] = []
                m.operation.walk(lambda op: names.append(op.name))
                assert names[-2:] == ["func.func", "builtin.module"]

    run_threads(4, work)
    assert m.operation.verify()
