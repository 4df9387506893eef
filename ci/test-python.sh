#!/usr/bin/env bash
# The Python package (python/) and the one-universe example (examples/python-dialect):
#
#   1. tools venv (target/python-venv/tools, reused): maturin, pytest, hypothesis, mypy,
#      pinned in python/requirements-dev.txt;
#   2. builds the abi3 wheel against PREFIX's libomnir.so.0 and checks it: libomnir.so.0
#      exactly once (omnir/lib/), the stubs and py.typed, the extension's NEEDED/RUNPATH;
#      prints its size (goal: at most 5 MB);
#   3. installs it into a fresh venv (target/python-venv/test) and runs pytest;
#   4. builds the second extension (examples/python-dialect) against the INSTALLED package's
#      libomnir.so.0, installs it, and runs the one-universe test;
#   5. mypy --strict on python/examples; ci/check-abi.sh on both extension .so files;
#   6. `pip install ./python` in a fresh venv from a fresh copy of the repository, with no
#      installed omnir to be found: the build makes libomnir.so.0 itself (cached in that
#      copy's target/ between runs; OMNIR_PYTHON_SKIP_FRESH=1 skips this step).
#
# usage: ci/test-python.sh [PREFIX]      (default target/omnir-install; built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=$(realpath -m "${1:-$root/target/omnir-install}")
py=${PYTHON:-python3}
venvs=$root/target/python-venv
wheels=$root/target/python-wheels

if [ ! -e "$prefix/lib/libomnir.so.0" ]; then
  echo "== test-python: no libomnir.so.0 in $prefix: building and installing it"
  bash ci/build-lib.sh
  OMNIR_NO_BUILD=1 bash ci/install.sh "$prefix"
fi

"$py" -c 'import sys; assert sys.version_info >= (3, 9), sys.version' || {
  echo "test-python: Python 3.9 or later is needed ($py)" >&2
  exit 1
}
if ! "$py" -m venv --help >/dev/null 2>&1 || ! "$py" -c 'import ensurepip' 2>/dev/null; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get -o DPkg::Lock::Timeout=1200 update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=1200 install -y -qq python3-venv
fi

# A venv at $1 with the pinned tools (recreated when the requirements change).
venv() {
  local dir=$1 stamp
  stamp=$(sha256sum python/requirements-dev.txt | cut -c1-16)
  if [ ! -x "$dir/bin/python" ] || [ "$(cat "$dir/.omnir-stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$dir"
    "$py" -m venv "$dir"
    "$dir/bin/pip" install -q --disable-pip-version-check -r python/requirements-dev.txt
    echo "$stamp" >"$dir/.omnir-stamp"
  fi
}

echo "== test-python: tools ($venvs/tools)"
venv "$venvs/tools"
tools=$venvs/tools/bin

echo "== test-python: build the wheel against $prefix/lib/libomnir.so.0"
rm -rf "$wheels/dist"
(cd python && OMNIR_LIB_DIR=$prefix/lib "$tools/maturin" build --release --locked -o "$wheels/dist" 2>&1 | grep -vE '^(📦|🍹|📡|🔗|🐍|⚠️)' || true)
[ -n "$(ls "$wheels"/dist/omnir-*.whl 2>/dev/null)" ] || { echo "test-python: maturin build failed" >&2; exit 1; }
wheel=$(ls "$wheels"/dist/omnir-*.whl)
echo "wheel: $wheel"
listing=$(unzip -Z1 "$wheel")
fail() {
  echo "test-python: FAIL: $*" >&2
  exit 1
}
# The library exactly once; beside it only its link-time name, a linker script (text).
[ "$(grep 'libomnir' <<<"$listing" | grep -vx 'omnir/lib/libomnir.so' | grep -c .)" = 1 ] \
  || fail "the wheel must hold libomnir exactly once: $(grep libomnir <<<"$listing")"
grep -qx 'omnir/lib/libomnir.so.0' <<<"$listing" || fail "omnir/lib/libomnir.so.0 missing from the wheel"
[ "$(unzip -p "$wheel" omnir/lib/libomnir.so)" = "$(printf '/* The link-time name of libomnir.so.0 (a GNU ld script). */\nINPUT(libomnir.so.0)')" ] \
  || fail "omnir/lib/libomnir.so must be the linker script naming libomnir.so.0"
for f in omnir/__init__.py omnir/__main__.py omnir/ir.py omnir/_omnir.pyi omnir/py.typed omnir/include/omnir/omnir.h \
  omnir/include/omnir/dialects/arith.h omnir/lib/pkgconfig/omnir.pc omnir/lib/cmake/omnir/omnirConfig.cmake \
  omnir/lib/cmake/omnir/omnirConfigVersion.cmake; do
  grep -qx "$f" <<<"$listing" || fail "$f missing from the wheel"
done
ext_name=$(grep -E '^omnir/_omnir.*\.so$' <<<"$listing") || fail "no extension module in the wheel"
grep -q 'cp39-abi3' <<<"$(basename "$wheel")" || fail "the wheel is not tagged cp39-abi3"
cmp -s <(unzip -p "$wheel" omnir/lib/libomnir.so.0) "$(readlink -f "$prefix/lib/libomnir.so.0")" \
  || fail "the wheel's libomnir.so.0 is not the one it was built against"

echo "== test-python: fresh venv with the wheel ($venvs/test)"
rm -rf "$venvs/test"
"$py" -m venv "$venvs/test"
vpy=$venvs/test/bin/python
"$vpy" -m pip install -q --disable-pip-version-check -r python/requirements-dev.txt
"$vpy" -m pip install -q --disable-pip-version-check "$wheel"
site=$("$vpy" -c 'import omnir, os; print(os.path.dirname(os.path.dirname(omnir.__file__)))')
ext=$site/$ext_name
runpath=$(readelf -d "$ext" | sed -nE 's/.*\((RUNPATH|RPATH)\).*\[(.*)\]/\2/p')
[ "$runpath" = '$ORIGIN/lib' ] || fail "the extension's RUNPATH is '$runpath', expected \$ORIGIN/lib"
echo "extension: $ext (RUNPATH $runpath)"

echo "== test-python: pytest"
(cd python/tests && "$vpy" -m pytest -q -p no:cacheprovider)
# The paths CPython 3.9 and 3.10 take (PyO3's own methods, walk callbacks called with an
# argument tuple), which this interpreter skips for METH_FASTCALL and PyObject_Vectorcall.
# The hypothesis state machine and the memory soak call nothing those paths don't meet in
# the other suites, and are most of the time: they run once, above.
echo "== test-python: pytest without the METH_FASTCALL/vectorcall paths (OMNIR_PYTHON_NO_FASTCALL=1)"
(cd python/tests && OMNIR_PYTHON_NO_FASTCALL=1 "$vpy" -m pytest -q -p no:cacheprovider \
  --ignore=test_stateful.py --ignore=test_memory.py)

echo "== test-python: the second extension (examples/python-dialect), against the installed package"
libdir=$("$vpy" -c 'import omnir; print(omnir.get_lib_dir())')
PATH=$venvs/test/bin:$PATH OMNIR_LIB_DIR=$libdir PKG_CONFIG_PATH= \
  "$vpy" -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps ./examples/python-dialect
pixels_ext=$(ls "$site"/omnir_pixels/_pixels*.so)
[ -f "$site/omnir_pixels/pixels.irdl.mlir" ] || { echo "the wheel of omnir_pixels lacks pixels.irdl.mlir" >&2; exit 1; }
# Its Python classes are generated from its definition file by the installed package's
# generator, and checked in: they must be what the generator writes now.
(cd examples/python-dialect/omnir_pixels && "$vpy" -m omnir.gen pixels --irdl-file pixels.irdl.mlir \
  -o "$root/target/_pixels_ops_gen.py.fresh")
cmp "$root/target/_pixels_ops_gen.py.fresh" examples/python-dialect/omnir_pixels/_pixels_ops_gen.py || {
  echo "examples/python-dialect/omnir_pixels/_pixels_ops_gen.py is stale: regenerate it with" \
    "(cd examples/python-dialect/omnir_pixels && python -m omnir.gen pixels --irdl-file pixels.irdl.mlir -o _pixels_ops_gen.py)" >&2
  exit 1
}
pixels_runpath=$(readelf -d "$pixels_ext" | sed -nE 's/.*\((RUNPATH|RPATH)\).*\[(.*)\]/\2/p')
echo "second extension: $pixels_ext (RUNPATH $pixels_runpath)"

echo "== test-python: one universe"
(cd python/tests && "$vpy" -m pytest -q -p no:cacheprovider test_one_universe.py)

echo "== test-python: mypy --strict on the examples"
(cd python/examples && "$venvs/test/bin/mypy" --strict --no-incremental ./*.py)

echo "== test-python: one-core rule for the extensions"
OMNIR_ABI_NO_CARGO=1 bash ci/check-abi.sh "$prefix" "$ext" "$pixels_ext"

if [ "${OMNIR_PYTHON_SKIP_FRESH:-0}" != 1 ]; then
  bash ci/test-python-fresh.sh
fi

size=$(stat -c %s "$wheel")
verdict="within the 5 MB goal"
[ "$size" -le $((5 * 1024 * 1024)) ] || verdict="OVER the 5 MB goal"
echo "test-python: wheel $(basename "$wheel"): $size bytes ($(awk -v b="$size" 'BEGIN { printf "%.2f", b / 1048576 }') MB, $verdict); installed extension $(stat -c %s "$ext") bytes, libomnir.so.0 $(stat -c %s "$site/omnir/lib/libomnir.so.0") bytes"
echo "test-python: all passed"
