#!/usr/bin/env bash
# One command for the Python benchmark: omnir's package vs upstream MLIR's Python bindings.
# Sets up what is missing (libomnir.so.0, the omnir wheel and a venv with it, upstream's
# iree-base-compiler in target/venv), then runs bench/python/bench.py. Extra arguments go to
# bench.py (e.g. --runs 3).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
prefix=$root/target/omnir-install
# Always (both are incremental): a wheel built against a newer header than the library it
# bundles would not import.
bash ci/build-lib.sh >/dev/null && OMNIR_NO_BUILD=1 bash ci/install.sh "$prefix" >/dev/null
venv=$root/target/python-venv/bench
tools=$root/target/python-venv/tools
[ -x "$tools/bin/maturin" ] || { python3 -m venv "$tools" && "$tools/bin/pip" install -q -r python/requirements-dev.txt; }
(cd python && OMNIR_LIB_DIR=$prefix/lib "$tools/bin/maturin" build --release --locked -q -o "$root/target/python-wheels/bench" 2>&1 | grep -v '^📦' || true)
wheel=$(ls -t "$root"/target/python-wheels/bench/omnir-*.whl | head -1)
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$wheel"
if [ ! -x target/venv/bin/python ] || ! target/venv/bin/python -c 'import iree.compiler.ir' 2>/dev/null; then
  python3 -m venv target/venv
  target/venv/bin/pip install -q --disable-pip-version-check iree-base-compiler
fi
"$venv/bin/python" bench/python/bench.py --upstream-python target/venv/bin/python --wheel "$wheel" "$@"
