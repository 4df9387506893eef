#!/usr/bin/env bash
# Installs upstream MLIR for the comparisons, iree-base-compiler (iree-opt and the Python
# bindings iree.compiler.ir / .dialects), into target/venv unless it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
if target/venv/bin/iree-opt --version >/dev/null 2>&1; then
  exit 0
fi
echo "== installing iree-base-compiler into target/venv (iree-opt)"
if ! python3 -m venv target/venv; then
  # Debian splits venv out of python3.
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get -o DPkg::Lock::Timeout=1200 update -qq
  $SUDO apt-get -o DPkg::Lock::Timeout=1200 install -y -qq python3-venv
  python3 -m venv target/venv
fi
target/venv/bin/pip install --quiet --disable-pip-version-check iree-base-compiler
