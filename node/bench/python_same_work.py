"""The workloads of node/bench/bench.js, run with omnir's Python package, printed as JSON.

Used by bench.js when bench/python/bench.py (the Python package's own benchmark) is not
there: the same work, op for op, as ../../../shared/bench/peers/mlir_python.py does it with
upstream MLIR's bindings (Operation.create under an InsertionPoint, a walk callback, parse,
generic print).

usage: python python_same_work.py FILE [RUNS]
"""
import json
import sys
import time

import omnir as ir

BUILD = 100_000


def build_and_walk():
    with ir.Context(), ir.Location.unknown():
        t0 = time.perf_counter()
        i32 = ir.IntegerType.get_signless(32)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = ir.Operation.create(
                "func.func", regions=1,
                attributes={"sym_name": ir.StringAttr.get("big"),
                            "function_type": ir.TypeAttr.get(ir.FunctionType.get([i32], [i32]))})
        block = f.regions[0].blocks.append(i32)
        last = block.arguments[0]
        with ir.InsertionPoint(block):
            for k in range(BUILD // 2):
                c = ir.Operation.create("arith.constant", results=[i32],
                                        attributes={"value": ir.IntegerAttr.get(i32, k)})
                ad = ir.Operation.create("arith.addi", results=[i32], operands=[c.result, last])
                last = ad.result
            ir.Operation.create("func.return", operands=[last])
        t1 = time.perf_counter()
        cnt = [0]

        def cb(op):
            cnt[0] += 1
            return ir.WalkResult.ADVANCE

        module.operation.walk(cb)
        t2 = time.perf_counter()
        return t1 - t0, t2 - t1, cnt[0]


def parse_and_print(text):
    with ir.Context():
        t0 = time.perf_counter()
        m = ir.Module.parse(text)
        t1 = time.perf_counter()
        s = str(m)
        t2 = time.perf_counter()
        return t1 - t0, t2 - t1, len(s)


def main():
    text = open(sys.argv[1]).read()
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    b = [build_and_walk() for _ in range(runs)]
    p = [parse_and_print(text) for _ in range(runs)]
    print(json.dumps({
        "build": [x[0] for x in b], "walk": [x[1] for x in b], "walked": b[0][2],
        "parse": [x[0] for x in p], "print": [x[1] for x in p], "printed": p[0][2],
    }))


if __name__ == "__main__":
    main()
