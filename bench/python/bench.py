#!/usr/bin/env python3
"""omnir's Python package side by side with upstream MLIR's Python bindings
(`iree.compiler.ir` from iree-base-compiler), on the same work: building 100k operations
through the generic `Operation.create` API under an insertion point, walking them with a
Python callback, and parsing, verifying, printing (generic form) and walking the 100k-op file
from ../shared/bench/gen_mlir.py. Figures are printed, never asserted.

    bash bench/python/run.sh            # sets up both sides, then runs this
    python bench/python/bench.py --upstream-python target/venv/bin/python [--runs 5]

Runs alternate between the two sides (each in its own process, one run at a time), and each
figure is the median over the runs: on a shared, noisy machine only ratios measured together
mean much.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "bench")

OMNIR_SIDE = r'''
import json, sys, time
import omnir as ir

path, n_build = sys.argv[1], int(sys.argv[2])
text = open(path).read()
res = {}

def walk_count(op):
    # The same callback as upstream's script: a closure counting into a list.
    cnt = [0]
    def cb(op):
        cnt[0] += 1
        return ir.WalkResult.ADVANCE
    op.walk(cb)
    return cnt[0]

def count_py(op):
    n = 1
    for r in op.regions:
        for b in r.blocks:
            for o in b.operations:
                n += count_py(o.operation)
    return n

with ir.Context() as ctx:
    t0 = time.perf_counter()
    m = ir.Module.parse(text)
    t1 = time.perf_counter()
    assert m.operation.verify()
    t2 = time.perf_counter()
    s = m.operation.get_asm(print_generic_op_form=True)
    t3 = time.perf_counter()
    n_walked = walk_count(m.operation)
    t4 = time.perf_counter()
    n_py = count_py(m.operation)
    t5 = time.perf_counter()
    res.update(parse=t1 - t0, verify=t2 - t1, print_generic=t3 - t2, walk_cb=t4 - t3, walk_py=t5 - t4,
               ops_walked=n_walked, ops_py=n_py, out_bytes=len(s))
    del m, s

def build():
    # In a function, as upstream's script does it (locals, not module globals).
    with ir.Context() as ctx, ir.Location.unknown():
        t0 = time.perf_counter()
        i32 = ir.IntegerType.get_signless(32)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            fty = ir.FunctionType.get([i32], [i32])
            f = ir.Operation.create("func.func", regions=1,
                                    attributes={"sym_name": ir.StringAttr.get("big"), "function_type": ir.TypeAttr.get(fty)})
        block = f.regions[0].blocks.append(i32)
        last = block.arguments[0]
        with ir.InsertionPoint(block):
            for k in range(n_build // 2):
                c = ir.Operation.create("arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, k)})
                ad = ir.Operation.create("arith.addi", results=[i32], operands=[c.result, last])
                last = ad.result
            ir.Operation.create("func.return", operands=[last])
        t1 = time.perf_counter()
        assert module.operation.verify()
        t2 = time.perf_counter()
        built = walk_count(module.operation)
        t3 = time.perf_counter()
        res.update(build_create=t1 - t0, build_verify=t2 - t1, build_walk_cb=t3 - t2, built_ops=built)

build()
print(json.dumps(res))
'''

# The build loop body again, against C stand-ins (argv[3] names the module):
# - omnir_standins (bench/python/standins.c) makes no IR: what CPython itself spends on the
#   calls, lists, dicts and returned objects. No binding's build time can go below it.
# - omnir_core_standins (bench/python/core_standins.c) implements the calls in plain C over
#   libomnir.so.0's C API, doing the IR work and nothing else. No binding of omnir's current
#   core can build faster.
FLOOR_SIDE = r'''
import importlib, json, sys, time, types
sys.path.insert(0, sys.argv[1])
s = importlib.import_module(sys.argv[3])
ir = types.ModuleType("ir")  # looked up as `ir.Operation.create`, like the real modules
ir.Operation = type("Operation", (), {"create": staticmethod(s.create)})
ir.IntegerAttr = type("IntegerAttr", (), {"get": staticmethod(s.attr_get)})
def build(n):
    i32, last = s.begin() if hasattr(s, "begin") else (object(), object())
    t0 = time.perf_counter()
    for k in range(n // 2):
        c = ir.Operation.create("arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, k)})
        ad = ir.Operation.create("arith.addi", results=[i32], operands=[c.result, last])
        last = ad.result
    t = time.perf_counter() - t0
    if hasattr(s, "num_ops"):
        assert s.num_ops() == n // 2 * 2, s.num_ops()
    return t
print(json.dumps({sys.argv[4]: build(int(sys.argv[2]))}))
'''


def build_standins(python: str) -> str:
    """Compiles bench/python/standins.c for `python`; returns its directory, or "" if there
    is no C compiler or no Python headers."""
    out_dir = os.path.join(ROOT, "target", "pybench", "standins")
    os.makedirs(out_dir, exist_ok=True)
    q = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['include']); "
                        "print(sysconfig.get_config_var('EXT_SUFFIX'))"], capture_output=True, text=True, check=True)
    include, suffix = q.stdout.split()
    target = os.path.join(out_dir, "omnir_standins" + suffix)
    cc = os.environ.get("CC", "cc")
    r = subprocess.run([cc, "-O2", "-shared", "-fPIC", f"-I{include}", os.path.join(HERE, "standins.c"), "-o", target],
                       capture_output=True, text=True)
    if r.returncode != 0:
        print(f"(floor not measured: could not build the stand-ins: {r.stderr.strip()[:200]})", file=sys.stderr)
        return ""
    return out_dir


def build_core_standins(python: str) -> str:
    """Compiles bench/python/core_standins.c for `python` against the header and the
    libomnir.so.0 of the omnir package `python` imports; returns its directory, or ""."""
    out_dir = os.path.join(ROOT, "target", "pybench", "core-standins")
    os.makedirs(out_dir, exist_ok=True)
    q = subprocess.run([python, "-c", "import os, sysconfig, omnir; print(sysconfig.get_paths()['include']); "
                        "print(sysconfig.get_config_var('EXT_SUFFIX')); print(os.path.dirname(omnir.__file__))"],
                       capture_output=True, text=True, check=True)
    include, suffix, package = q.stdout.split()
    target = os.path.join(out_dir, "omnir_core_standins" + suffix)
    cc = os.environ.get("CC", "cc")
    lib = os.path.join(package, "lib")
    r = subprocess.run([cc, "-O2", "-shared", "-fPIC", f"-I{include}", f"-I{os.path.join(package, 'include')}",
                        os.path.join(HERE, "core_standins.c"), "-o", target, f"-L{lib}", "-l:libomnir.so.0",
                        f"-Wl,-rpath,{lib}"], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"(core floor not measured: could not build the stand-ins: {r.stderr.strip()[:200]})", file=sys.stderr)
        return ""
    return out_dir


def run_floor(python: str, standins: str, n: int, module: str, key: str) -> Dict[str, float]:
    out = subprocess.run([python, "-c", FLOOR_SIDE, standins, str(n), module, key], check=True, capture_output=True,
                         text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


KEYS = ["build_create", "build_walk_cb", "parse", "verify", "print_generic", "walk_cb", "walk_py", "build_verify"]
LABELS = {
    "build_create": "build 100k ops (Operation.create + InsertionPoint)",
    "build_walk_cb": "walk the built ops (Python callback)",
    "parse": "parse the 100k-op file (Module.parse)",
    "verify": "verify the parsed module",
    "print_generic": "print it (generic form)",
    "walk_cb": "walk the parsed module (Python callback)",
    "walk_py": "traverse it from Python (regions/blocks/ops)",
    "build_verify": "verify the built module",
}
GOALS = {"build_create": 8.0, "build_walk_cb": 5.0, "walk_cb": 5.0, "parse": 5.0}


def run_omnir(python: str, path: str, n: int) -> Dict[str, float]:
    out = subprocess.run([python, "-c", OMNIR_SIDE, path, str(n)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_upstream(python: str, path: str, n: int) -> Dict[str, float]:
    peer = os.path.join(SHARED, "peers", "mlir_python.py")
    out = subprocess.run([python, peer, path, "--runs", "1", "--build", str(n)], check=True, capture_output=True, text=True)
    res: Dict[str, float] = {}
    for line in out.stdout.splitlines():
        m = re.match(r"\s+(\w+)\s+median\s+([\d.]+)s", line)
        if m:
            res[m.group(1)] = float(m.group(2))
        m2 = re.search(r"ops_walked=(\d+).*built_ops=(\d+)", line)
        if m2:
            res["ops_walked"], res["built_ops"] = float(m2.group(1)), float(m2.group(2))
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--omnir-python", default=sys.executable)
    ap.add_argument("--upstream-python", default=os.path.join(ROOT, "target", "venv", "bin", "python"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ops", type=int, default=100_000)
    ap.add_argument("--file", default=None, help="the MLIR file (default: generated with gen_mlir.py)")
    ap.add_argument("--wheel", default=None, help="the omnir wheel, to print its size")
    a = ap.parse_args()

    path = a.file
    if path is None:
        os.makedirs(os.path.join(ROOT, "target", "pybench"), exist_ok=True)
        path = os.path.join(ROOT, "target", "pybench", f"ops{a.ops // 1000}k.mlir")
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(SHARED, "gen_mlir.py"), "--ops", str(a.ops), "-o", path], check=True)
    size_mb = os.path.getsize(path) / 1e6

    have_upstream = os.path.exists(a.upstream_python)
    ours: List[Dict[str, float]] = []
    theirs: List[Dict[str, float]] = []
    standins = build_standins(a.omnir_python)
    core_standins = build_core_standins(a.omnir_python)
    floors: List[Dict[str, float]] = []
    for r in range(a.runs):
        ours.append(run_omnir(a.omnir_python, path, a.ops))
        if standins:
            floors.append(run_floor(a.omnir_python, standins, a.ops, "omnir_standins", "build_floor"))
        if core_standins:
            floors.append(run_floor(a.omnir_python, core_standins, a.ops, "omnir_core_standins", "build_core_floor"))
        if have_upstream:
            theirs.append(run_upstream(a.upstream_python, path, a.ops))
        print(f"  run {r + 1}/{a.runs} done", file=sys.stderr)

    def med(rs: List[Dict[str, float]], k: str) -> float:
        vals = [x[k] for x in rs if k in x]
        return statistics.median(vals) if vals else float("nan")

    import omnir
    print(f"omnir Python package (libomnir {'.'.join(map(str, omnir.library_version()))}) vs upstream MLIR Python bindings "
          f"(iree-base-compiler); file {os.path.basename(path)} ({size_mb:.1f} MB, {int(med(ours, 'ops_walked'))} ops), "
          f"built {int(med(ours, 'built_ops'))} ops; median of {a.runs} alternating runs")
    print(f"{'work':52s} {'omnir':>10s} {'upstream':>10s} {'ratio':>8s}  goal")
    for k in KEYS:
        o = med(ours, k)
        u = med(theirs, k) if theirs else float("nan")
        n = med(ours, "built_ops") if k.startswith("build") else med(ours, "ops_walked")
        ratio = u / o if o > 0 else float("nan")
        goal = GOALS.get(k)
        goal_s = "" if goal is None else (f">= {goal:.0f}x: " + ("met" if ratio >= goal else "NOT met"))
        print(f"{LABELS[k]:52s} {o:9.4f}s {u:9.4f}s {ratio:7.2f}x  {goal_s}")
        print(f"{'':52s} {o / n * 1e9:8.0f}ns {u / n * 1e9:8.0f}ns   (per op)")
    u = med(theirs, "build_create") if theirs else float("nan")
    o = med(ours, "build_create")
    f = med(floors, "build_floor")
    if f == f:  # not NaN
        print(f"{'the build loop against C stand-ins (no IR made)':52s} {f:9.4f}s {'':>10s} {u / f:7.2f}x  "
              f"the ceiling: CPython's own cost of the loop body")
        print(f"{'':52s} {f / a.ops * 1e9:8.0f}ns   omnir's own share of the build: {(o - f) / a.ops * 1e9:.0f} ns/op, "
              f"upstream's: {(u - f) / a.ops * 1e9:.0f} ns/op ({(u - f) / (o - f):.1f}x)")
    c = med(floors, "build_core_floor")
    if c == c:
        print(f"{'the same, the stand-ins calling the C API (IR made)':52s} {c:9.4f}s {'':>10s} {u / c:7.2f}x  "
              f"the ceiling for a binding of omnir's current core")
        print(f"{'':52s} {c / a.ops * 1e9:8.0f}ns   of which the C core: {(c - f) / a.ops * 1e9:.0f} ns/op; "
              f"the extension's own: {(o - c) / a.ops * 1e9:.0f} ns/op")
    if a.wheel and os.path.exists(a.wheel):
        w = os.path.getsize(a.wheel)
        print(f"wheel {os.path.basename(a.wheel)}: {w / 1048576:.2f} MB (goal <= 5 MB: {'met' if w <= 5 * 1048576 else 'NOT met'}); "
              f"upstream's iree-base-compiler wheel bundles its own MLIR (tens of MB)")


if __name__ == "__main__":
    main()
