#!/usr/bin/env bash
# MLIR text benchmark: omnir (in process and omnir-opt) against upstream MLIR (iree-opt and
# its Python bindings from the iree-base-compiler wheel, Debian's mlir-opt-14) on files of
# 100k and 1M ops from ../shared/bench/gen_mlir.py. Prints parse, verify and print times,
# MB/s, ns/op, peak RSS and the ratios; asserts nothing. Arguments go to text_compare.py
# (e.g. --sizes 100000 --runs 5).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x target/venv/bin/iree-opt ]; then
  python3 -m venv target/venv
  target/venv/bin/pip install --quiet --disable-pip-version-check iree-base-compiler
fi
if ! command -v mlir-opt-14 >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -qq mlir-14-tools || echo "mlir-opt-14 not available; skipping it" >&2
fi
cargo build --release --quiet --locked -p omnir-opt -p omnir-bench --bin omnir-opt --bin text_phases
exec python3 bench/text_compare.py "$@"
