#!/usr/bin/env bash
# Custom syntax vs generic syntax: parse + verify + print of one module of the test dialect
# (tests/definitions/fmtest.irdl.mlir), N ops (default 1M), by omnir-opt in both forms and by
# iree-opt (upstream MLIR) on the generic form (IRDL gives upstream no custom syntax). Prints
# seconds (median of RUNS), MB/s of input, ns/op, peak RSS and the ratios; then each phase in
# process, custom against generic per op and per byte (bench/forms.py); asserts nothing.
#
# usage: bench/custom/run.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-1000000}
runs=${2:-3}
defs=tests/definitions/fmtest.irdl.mlir
out=target/bench-custom
mkdir -p "$out"
if [ ! -x target/venv/bin/iree-opt ]; then
  python3 -m venv target/venv
  target/venv/bin/pip install --quiet --disable-pip-version-check iree-base-compiler
fi
cargo build --release --quiet --locked -p omnir-opt -p omnir-bench
opt=${CARGO_TARGET_DIR:-target}/release/omnir-opt
phases=${CARGO_TARGET_DIR:-target}/release/text_phases
[ -f "$out/m$n.custom.mlir" ] || python3 bench/custom/gen.py "$n" "$out/m$n"
python3 - "$opt" target/venv/bin/iree-opt "$defs" "$out/m$n" "$n" "$runs" <<'PY'
import os, sys
sys.path.insert(0, "bench")
from measure import measure
opt, iree, defs, prefix, n, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
rows = []
for label, cmd, path in [
    ("omnir-opt, custom syntax in/out", [opt, f"--irdl-file={defs}"], prefix + ".custom.mlir"),
    ("omnir-opt, generic syntax in/out", [opt, f"--irdl-file={defs}", "--mlir-print-op-generic"], prefix + ".generic.mlir"),
    ("iree-opt, generic syntax in/out", [iree, f"--irdl-file={defs}", "--mlir-print-op-generic"], prefix + ".generic.mlir"),
]:
    size = os.path.getsize(path)
    med, lo, hi, rss = measure(cmd, path, runs)
    rows.append((label, size, med, lo, hi, rss))
print(f"{n} ops, median of {runs} runs (min-max), parse + verify + print, command line")
print(f"{'':36} {'MB':>7} {'seconds':>22} {'MB/s':>7} {'ns/op':>7} {'peak RSS':>10}")
for label, size, med, lo, hi, rss in rows:
    print(f"{label:36} {size/1e6:7.1f} {med:8.3f} ({lo:.3f}-{hi:.3f}) {size/1e6/med:7.1f} {med*1e9/n:7.0f} {rss/1024:8.0f} MB")
c, g, u = rows
print(f"custom vs generic (omnir): {c[2]/g[2]:.2f}x the time for {c[1]/g[1]:.2f}x the bytes; per byte {(c[2]/c[1])/(g[2]/g[1]):.2f}x")
print(f"omnir custom vs iree-opt generic: {u[2]/c[2]:.1f}x faster, peak RSS {c[5]/u[5]:.2f}")
print(f"omnir generic vs iree-opt generic: {u[2]/g[2]:.1f}x faster, peak RSS {g[5]/u[5]:.2f}")
PY
echo
python3 bench/forms.py "$phases" "$out/m$n.custom.mlir" "$out/m$n.generic.mlir" "$runs" --irdl-file "$defs"
