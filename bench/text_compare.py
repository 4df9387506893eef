#!/usr/bin/env python3
"""MLIR text, omnir against upstream MLIR, side by side in one run (figures printed, never
asserted). Run through bench/text_compare.sh, which builds the tools first.

Inputs: ../shared/bench/gen_mlir.py files of N ops (default 100k and 1M): the default
spelling (for omnir and iree-opt), `--props` (inherent attributes as properties) and
`--legacy14` (for mlir-opt-14, which knows neither properties nor func.func; omnir's
counterpart there is the default file, same ops and size within 0.1%).

Measured:
- phases in process, median of --runs: omnir (bench/src/bin/text_phases.rs) and upstream
  through iree-base-compiler's Python bindings (`Module.parse` parses and verifies,
  `operation.verify()`); upstream parse alone is parse+verify minus verify. Upstream print
  is iree-opt's time minus its start-up minus parse+verify: the bindings print through an
  unbuffered callback stream, several times slower than iree-opt's own printing;
- the command-line tools end to end, file -> generic text (omnir-opt, iree-opt,
  mlir-opt-14), median wall time and peak RSS (also their start-up on an empty input);
- omnir's peak RSS after each phase.
Ratios are MLIR/omnir for time (how many times faster omnir is) and omnir/MLIR for memory.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

UPSTREAM_PHASES = r"""
import statistics, sys, time
from iree.compiler import ir
text = open(sys.argv[1]).read()
runs = int(sys.argv[2])
res = {"parse_verify": [], "verify": []}
for _ in range(runs):
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        t0 = time.perf_counter()
        m = ir.Module.parse(text)
        t1 = time.perf_counter()
        assert m.operation.verify()
        t2 = time.perf_counter()
        res["parse_verify"].append(t1 - t0)
        res["verify"].append(t2 - t1)
        del m
for k, v in res.items():
    print(k, statistics.median(v))
"""


TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None


def run_timed(cmd, runs):
    """Median wall seconds and max peak RSS (KiB) of `cmd`, or None if it fails. Peak RSS
    comes from /usr/bin/time when present: a child's own ru_maxrss also counts the pages of
    this Python process it was forked from (about 15 MiB)."""
    times, rss = [], 0
    for _ in range(runs):
        full = [TIME, "-f", "@@maxrss %M", *cmd] if TIME else cmd
        t0 = time.perf_counter()
        p = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, ru = os.wait4(p.pid, 0)
        times.append(time.perf_counter() - t0)
        lines = err.decode(errors="replace").splitlines()
        if TIME and lines and lines[-1].startswith("@@maxrss "):
            rss = max(rss, int(lines[-1].split()[1]))
            lines = lines[:-1]
        else:
            rss = max(rss, ru.ru_maxrss)
        if status != 0:
            print(f"  {os.path.basename(cmd[0])} failed on {cmd[-3]}: {chr(10).join(lines)[-300:]}", file=sys.stderr)
            return None
    return statistics.median(times), rss


def key_values(out):
    return {k: float(v) for k, v in (line.split() for line in out.splitlines() if line.strip())}


def gen(path, ops, flags):
    if not os.path.exists(path):
        subprocess.run([sys.executable, GEN, "--ops", str(ops), *flags, "-o", path], check=True,
                       stdout=subprocess.DEVNULL)
    return path


def fmt_ratio(x):
    return f"{x:5.1f}x" if x else "    -"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "target", "bench-text"))
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)

    omnir_opt = os.path.join(ROOT, "target", "release", "omnir-opt")
    phases = os.path.join(ROOT, "target", "release", "text_phases")
    venv = os.path.join(ROOT, "target", "venv", "bin")
    iree_opt = os.environ.get("IREE_OPT") or os.path.join(venv, "iree-opt")
    iree_python = os.environ.get("IREE_PYTHON") or os.path.join(venv, "python")
    mlir14 = os.environ.get("MLIR_OPT") or shutil.which("mlir-opt-14")
    have_iree = os.path.exists(iree_opt)
    have_py = os.path.exists(iree_python) and subprocess.run(
        [iree_python, "-c", "import iree.compiler.ir"], capture_output=True).returncode == 0
    empty = os.path.join(a.out_dir, "empty.mlir")
    with open(empty, "w") as f:
        f.write('"builtin.module"() ({\n^bb0:\n}) : () -> ()\n')

    flags = ["--allow-unregistered-dialect", "--mlir-print-op-generic"]
    print(f"tools: omnir-opt {omnir_opt}; iree-opt {iree_opt if have_iree else 'missing'}; "
          f"mlir-opt-14 {mlir14 or 'missing'}; iree python bindings {'yes' if have_py else 'no'}")
    start = {}
    for name, exe in [("omnir-opt", omnir_opt), ("iree-opt", iree_opt if have_iree else None),
                      ("mlir-opt-14", mlir14)]:
        if exe:
            start[name] = run_timed([exe, *flags, empty, "-o", "/dev/null"], a.runs)
    print("start-up on an empty module: " + ", ".join(
        f"{k} {v[0] * 1000:.0f} ms / {v[1] / 1024:.0f} MiB" for k, v in start.items() if v))

    for n in [int(s) for s in a.sizes.split(",")]:
        tag = f"{n // 1000}k" if n < 1_000_000 else f"{n // 1_000_000}M"
        default = gen(os.path.join(a.out_dir, f"ops{tag}.mlir"), n, [])
        props = gen(os.path.join(a.out_dir, f"ops{tag}-props.mlir"), n, ["--props"])
        legacy = gen(os.path.join(a.out_dir, f"ops{tag}-legacy14.mlir"), n, ["--legacy14"])
        mb = os.path.getsize(default) / 1e6
        print(f"\n=== {tag} ops: {os.path.basename(default)} {mb:.1f} MB (props {os.path.getsize(props) / 1e6:.1f} MB,"
              f" legacy14 {os.path.getsize(legacy) / 1e6:.1f} MB)")

        ours = key_values(subprocess.run([phases, default, "--runs", str(a.runs)], check=True,
                                         capture_output=True, text=True).stdout)
        ops = ours["ops"]
        peaks = {ph: key_values(subprocess.run([phases, default, "--peak", ph], check=True, capture_output=True,
                                               text=True).stdout)["peak_rss_kib"] for ph in ["parse", "verify", "print"]}
        theirs = {}
        if have_py:
            r = subprocess.run([iree_python, "-c", UPSTREAM_PHASES, default, str(a.runs)], capture_output=True, text=True)
            if r.returncode == 0:
                theirs = key_values(r.stdout)
                theirs["parse"] = theirs["parse_verify"] - theirs["verify"]
            else:
                print("  upstream Python phases failed:", r.stderr[-300:])

        cli = {}
        for name, exe, path in [("omnir-opt", omnir_opt, default), ("iree-opt", iree_opt if have_iree else None, default),
                                ("omnir-opt --props", omnir_opt, props),
                                ("iree-opt --props", iree_opt if have_iree else None, props),
                                ("mlir-opt-14 legacy14", mlir14, legacy)]:
            if exe:
                cli[name] = run_timed([exe, *flags, path, "-o", "/dev/null"], a.runs)
        if theirs and cli.get("iree-opt") and start.get("iree-opt"):
            theirs["print"] = cli["iree-opt"][0] - start["iree-opt"][0] - theirs["parse_verify"]
        print(f"phases in process ({int(ops)} ops; median of {a.runs}; upstream print from iree-opt, see below):")
        print(f"  {'phase':14s} {'omnir':>9s} {'MB/s':>7s} {'ns/op':>7s} {'peak RSS':>9s}   "
              f"{'MLIR (iree)':>11s} {'MB/s':>7s} {'ns/op':>7s}   MLIR/omnir")
        rows = [("parse", ours["parse_s"], theirs.get("parse"), peaks["parse"]),
                ("verify", ours["verify_s"], theirs.get("verify"), peaks["verify"]),
                ("parse+verify", ours["parse_s"] + ours["verify_s"], theirs.get("parse_verify"), peaks["verify"]),
                ("print", ours["print_s"], theirs.get("print"), peaks["print"])]
        for name, t, u, peak in rows:
            line = f"  {name:14s} {t:8.3f}s {mb / t:7.1f} {t * 1e9 / ops:7.0f} {peak / 1024:7.0f}Mi   "
            if u:
                line += f"{u:10.3f}s {mb / u:7.1f} {u * 1e9 / ops:7.0f}   {fmt_ratio(u / t)}"
            print(line)

        print(f"command line, file -> generic text (median of {a.runs}; peak RSS):")
        base = cli.get("omnir-opt")
        for name, v in cli.items():
            if not v:
                continue
            t, rss = v
            size = os.path.getsize(props if "props" in name else legacy if "legacy" in name else default) / 1e6
            line = f"  {name:22s} {t:8.3f}s {size / t:7.1f} MB/s {rss / 1024:7.0f} MiB"
            ref = cli.get("omnir-opt --props") if "props" in name else base
            if ref and not name.startswith("omnir"):
                line += f"   time MLIR/omnir {fmt_ratio(t / ref[0])}   memory omnir/MLIR {ref[1] / rss:4.2f}"
                s_ours = start.get("omnir-opt")
                s_theirs = start.get(name.split()[0])
                if s_ours and s_theirs:
                    net = (t - s_theirs[0]) / max(ref[0] - s_ours[0], 1e-9)
                    mem = max(ref[1] - s_ours[1], 1) / max(rss - s_theirs[1], 1)
                    line += f"   (net of start-up: {net:4.1f}x, memory {mem:4.2f})"
            print(line)


GEN = os.environ.get("GEN_MLIR") or os.path.join(ROOT, "..", "shared", "bench", "gen_mlir.py")

if __name__ == "__main__":
    main()
