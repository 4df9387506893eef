#!/usr/bin/env python3
"""Writes one module of N ops of the test dialect (tests/definitions/fmtest.irdl.mlir) twice:
in its custom syntax and in the generic syntax (inherent attributes in the attribute
dictionary, which upstream's IRDL-defined ops need and omnir accepts), so parse and print
can be compared per byte and per op between the two forms and against iree-opt.

usage: gen.py N OUT_PREFIX   -> OUT_PREFIX.custom.mlir, OUT_PREFIX.generic.mlir
"""
import random
import sys

n = int(sys.argv[1])
prefix = sys.argv[2]
rng = random.Random(7)
types = ["i32", "i64", "i16"]
custom, generic = [], []
per_func = 1000
funcs = max(1, n // per_func)
for f in range(funcs):
    # Ops sit in the module itself: upstream knows no traits of IRDL ops (omnir.traits is
    # omnir's), so a function body would need a terminator it does not have.
    t = types[f % 3]
    vals = []
    ops = 0
    # Op names are numbered per function so that names repeat as in real files.
    for i in range(per_func - 1):
        k = i % 4
        v = f"%v{f}_{i}"
        if k == 0 or len(vals) < 2:
            c = rng.randint(-1000, 1000)
            custom.append(f"  {v} = fmtest.constant {c} : {t}")
            generic.append(f'  {v} = "fmtest.constant"() {{value = {c} : {t}}} : () -> {t}')
        elif k == 1:
            a, b = rng.choice(vals), rng.choice(vals)
            custom.append(f"  {v} = fmtest.add {a}, {b} : {t}")
            generic.append(f'  {v} = "fmtest.add"({a}, {b}) : ({t}, {t}) -> {t}')
        elif k == 2:
            a, b = rng.choice(vals), rng.choice(vals)
            p = rng.choice(["eq", "ne", "slt"])
            pv = {"eq": 0, "ne": 1, "slt": 2}[p]
            custom.append(f"  %c{f}_{i} = fmtest.cmp {p}, {a}, {b} : {t}")
            generic.append(f'  %c{f}_{i} = "fmtest.cmp"({a}, {b}) {{predicate = {pv} : i64}} : ({t}, {t}) -> i1')
            ops += 1
            continue
        else:
            a, b = rng.choice(vals), rng.choice(vals)
            custom.append(f"  {v} = fmtest.add {a}, {b} {{tag}} : {t}")
            generic.append(f'  {v} = "fmtest.add"({a}, {b}) {{tag}} : ({t}, {t}) -> {t}')
        vals.append(v)
        if len(vals) > 16:
            vals.pop(0)

with open(prefix + ".custom.mlir", "w") as out:
    out.write("module {\n" + "\n".join(custom) + "\n}\n")
with open(prefix + ".generic.mlir", "w") as out:
    out.write('"builtin.module"() ({\n' + "\n".join(generic) + "\n}) : () -> ()\n")
