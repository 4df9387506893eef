"""Builds func + arith + scf + memref with the generated dialect modules, written as code for
upstream's ``mlir.dialects`` is, and typed: ``mypy --strict`` checks it in CI, and
tests/test_generated_dialects.py compares its print with the module every language's
generated API builds (tests/generated/func_arith_scf_memref.txt)."""

from __future__ import annotations

from omnir import ir
from omnir.dialects import arith, func, memref, scf


def build() -> ir.Module:
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        i32 = ir.IntegerType.get_signless(32)
        index = ir.IndexType.get()
        buf = ir.MemRefType.get([16], ir.F32Type.get())
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("f", ([i32, i32, buf], [i32]))
            with ir.InsertionPoint(f.add_entry_block()):
                a, c, mem = f.arguments
                total = arith.addi(a, c, overflow_flags=arith.IntegerOverflowFlags.nsw)
                less = arith.cmpi(arith.CmpIPredicate.slt, total, c)
                chosen = arith.select(less, total, c)
                c0 = arith.constant(index, 0)
                c4 = arith.constant(index, 4)
                c1 = arith.constant(index, 1)
                loop = scf.ForOp(c0, c4, c1, [chosen])
                with ir.InsertionPoint(loop.body):
                    x = memref.load(mem, [loop.induction_variable])
                    memref.store(x, mem, [c0])
                    product = arith.muli(loop.inner_iter_args[0], a)
                    scf.YieldOp([product])
                func.ReturnOp(loop.results)
        return module


if __name__ == "__main__":
    print(build(), end="")
