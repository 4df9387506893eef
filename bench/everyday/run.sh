#!/usr/bin/env bash
# The everyday dialects in custom syntax: parse + verify + print of one module of about N ops
# (default 1M) of func, arith, scf and memref (bench/everyday/gen.py), by omnir-opt and by
# iree-opt (upstream MLIR), custom syntax in and out. Checks first that both print the same
# bytes, then prints seconds (median of RUNS), MB/s, ns/op, peak RSS and the ratios; then
# each phase in process for the module in custom and in generic form (bench/forms.py).
# Asserts nothing about speed.
#
# usage: bench/everyday/run.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-1000000}
runs=${2:-3}
out=target/bench-everyday
mkdir -p "$out"
if [ ! -x target/venv/bin/iree-opt ]; then
  python3 -m venv target/venv
  target/venv/bin/pip install --quiet --disable-pip-version-check iree-base-compiler
fi
cargo build --release --quiet --locked -p omnir-opt -p omnir-bench
opt=${CARGO_TARGET_DIR:-target}/release/omnir-opt
phases=${CARGO_TARGET_DIR:-target}/release/text_phases
input=$out/m$n.mlir
[ -f "$input" ] || python3 bench/everyday/gen.py "$n" "$input"
"$opt" "$input" -o "$out/omnir.out"
target/venv/bin/iree-opt "$input" -o "$out/iree.out"
cmp "$out/omnir.out" "$out/iree.out" || { echo "omnir-opt and iree-opt print $input differently" >&2; exit 1; }
python3 - "$opt" target/venv/bin/iree-opt "$input" "$n" "$runs" <<'PY'
import os, sys
sys.path.insert(0, "bench")
from measure import measure
opt, iree, path, n, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
size = os.path.getsize(path)
rows = [(label, *measure(cmd, path, runs)) for label, cmd in [("omnir-opt", [opt]), ("iree-opt", [iree])]]
print(f"{n} ops of func/arith/scf/memref in custom syntax ({size/1e6:.1f} MB), identical output;")
print(f"median of {runs} runs (min-max), parse + verify + print, command line")
for label, med, lo, hi, rss in rows:
    print(f"{label:10} {med:8.3f} s ({lo:.3f}-{hi:.3f}) {size/1e6/med:7.1f} MB/s {med*1e9/n:6.0f} ns/op {rss/1024:8.0f} MB")
(_, om, _, _, orss), (_, im, _, _, irss) = rows
print(f"omnir-opt vs iree-opt: {im/om:.1f}x faster, peak RSS {orss/irss:.2f}x")
PY
# The same module in the generic form (as iree-opt prints it), phase by phase against custom.
[ -f "$out/m$n.generic.mlir" ] || target/venv/bin/iree-opt --mlir-print-op-generic "$input" -o "$out/m$n.generic.mlir"
echo
python3 bench/forms.py "$phases" "$input" "$out/m$n.generic.mlir" "$runs"
