#!/usr/bin/env python3
"""Generated builders (`omnir.dialects.arith.AddIOp`, `arith.addi`) against the generic
`Operation.create` by hand (N `arith.addi` ops built under an insertion point), and a
generated type class (`llvm.PointerType.get`) against the type built from its parameters by
hand and parsed from text; on omnir and, with --upstream-python, on upstream's bindings
(iree-base-compiler's `iree.compiler`); median of --runs runs, each side in its own process.
Figures are printed, never asserted.

    python bench/python/generated.py [--n 100000] [--runs 5] [--upstream-python target/venv/bin/python]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

SIDE = r'''
import json, sys, time
if sys.argv[1] == "upstream":
    from iree.compiler import ir
    from iree.compiler.dialects import arith
else:
    from omnir import ir
    from omnir.dialects import arith
n = int(sys.argv[2])
out = {}
with ir.Context() as ctx, ir.Location.unknown():
    i32 = ir.IntegerType.get_signless(32)
    def fresh():
        module = ir.Module.create()
        block = module.body
        with ir.InsertionPoint(block):
            c = arith.ConstantOp(i32, 1).result
        return module, block, c
    for label, build in (
        ("Operation.create (results given)",
         lambda c: ir.Operation.create("arith.addi", results=[i32], operands=[c, c])),
        ("arith.AddIOp (results inferred)", lambda c: arith.AddIOp(c, c)),
        ("arith.addi (function)", lambda c: arith.addi(c, c)),
    ):
        module, block, c = fresh()
        with ir.InsertionPoint(block):
            t = time.perf_counter()
            for _ in range(n):
                build(c)
            out[label] = time.perf_counter() - t
        del module
    # A dialect's type from its generated class, from its text, and (omnir) from its
    # parameters by hand; the same type each time, so the call's own cost is measured.
    if sys.argv[1] == "upstream":
        from iree.compiler.dialects import llvm
    else:
        from omnir.dialects import llvm
    kinds = [("type: Type.parse('!llvm.ptr<3>')", lambda: ir.Type.parse("!llvm.ptr<3>")),
             ("type: llvm.PointerType.get(3)", lambda: llvm.PointerType.get(3))]
    if sys.argv[1] != "upstream":
        i64 = ir.IntegerType.get_signless(64)
        kinds.insert(0, ("type: DialectType.from_params (by hand)",
                         lambda: ir.DialectType.from_params("llvm.ptr", [ir.IntegerAttr.get(i64, 3)])))
    for label, build in kinds:
        t = time.perf_counter()
        for _ in range(n):
            build()
        out[label] = time.perf_counter() - t
print(json.dumps(out))
'''


def run(python: str, side: str, n: int) -> dict:
    out = subprocess.run([python, "-c", SIDE, side, str(n)], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--upstream-python")
    args = ap.parse_args()
    sides = [("omnir", sys.executable)] + ([("upstream", args.upstream_python)] if args.upstream_python else [])
    samples: dict = {s: {} for s, _ in sides}
    for _ in range(args.runs):
        for side, py in sides:
            for k, v in run(py, side, args.n).items():
                samples[side].setdefault(k, []).append(v)
    print(f"{args.n} arith.addi ops under an insertion point, median of {args.runs} runs (us per op)")
    for k in samples["omnir"]:
        ours = statistics.median(samples["omnir"][k]) / args.n * 1e6
        line = f"  {k:36s} omnir {ours:6.2f}"
        if k in samples.get("upstream", {}):
            theirs = statistics.median(samples["upstream"][k]) / args.n * 1e6
            line += f"   upstream {theirs:6.2f}   upstream/omnir {theirs / ours:5.2f}x"
        print(line)
    base = statistics.median(samples["omnir"]["Operation.create (results given)"])
    for k in [k for k in samples["omnir"] if not k.startswith("type:")][1:]:
        print(f"  omnir {k} / Operation.create: {statistics.median(samples['omnir'][k]) / base:.2f}x")
    by_hand = statistics.median(samples["omnir"]["type: DialectType.from_params (by hand)"])
    generated = statistics.median(samples["omnir"]["type: llvm.PointerType.get(3)"])
    print(f"  omnir llvm.PointerType.get / DialectType.from_params by hand: {generated / by_hand:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
