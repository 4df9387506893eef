#!/usr/bin/env bash
# The quant dialect's thin Python and Node packages (examples/quant-dialect/{python,node}):
# issue 8's scenario in each language, against an INSTALLED omnir and the packages that
# ci/test-python.sh and ci/test-node.sh built from it.
#
#   1. the C++ bridge in PREFIX (ci/build-cxx.sh when missing), then the dialect, built on its
#      own into target/quant-dialect (examples/quant-dialect/build.sh: incremental);
#   2. Python: builds the `omnir-quant` wheel (its own in-tree backend, nothing from an index),
#      checks what it bundles, installs it into ci/test-python.sh's venv
#      (target/python-venv/test, next to the `omnir` wheel) and runs its pytest suite;
#   3. Node: builds the addon (examples/quant-dialect/node/build.sh), packs `omnir-quant` beside
#      the `omnir` tarball of ci/test-node.sh (target/node-pack), installs both into a fresh
#      project (target/quant-node-fresh) and runs the package's node:test suite from there;
#   4. the one-core rule for the libraries the packages ship, and the Node addon's exports.
#
# usage: ci/test-quant-packages.sh [PREFIX]     (default target/omnir-install)
# Needs: ci/test-python.sh PREFIX and ci/test-node.sh PREFIX run first (the venv and the omnir
# tarball, built against PREFIX's libomnir.so.0).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=$(realpath -m "${1:-$root/target/omnir-install}")
quant=$root/target/quant-dialect
venv=$root/target/python-venv/test
pack=$root/target/node-pack
fresh=$root/target/quant-node-fresh
fail() {
  echo "test-quant-packages: FAIL: $*" >&2
  exit 1
}

[ -e "$prefix/lib/libomnir.so.0" ] || fail "no omnir installed in $prefix (run ci/build-lib.sh and ci/install.sh $prefix)"
core=$(readlink -f "$prefix/lib/libomnir.so.0")

echo "== quant packages: the C++ bridge and the dialect, against $prefix"
# Incremental: a no-op when the installed bridge is current.
bash ci/build-cxx.sh "$prefix" | grep -vE "^== build-cxx: (install|omnir-cxx)"
bash examples/quant-dialect/build.sh "$prefix" "$quant"

echo "== quant packages: Python (omnir-quant wheel into $venv)"
vpy=$venv/bin/python
[ -x "$vpy" ] || fail "no venv at $venv (run ci/test-python.sh $prefix first)"
omnir_lib=$("$vpy" -c 'import omnir; print(omnir.get_library_path())') \
  || fail "the omnir package is not installed in $venv (run ci/test-python.sh $prefix first)"
cmp -s "$omnir_lib" "$core" \
  || fail "the venv's omnir carries another libomnir.so.0 than $prefix's (run ci/test-python.sh $prefix first)"
wheels=$root/target/python-wheels/quant
rm -rf "$wheels"
OMNIR_QUANT_PREFIX=$quant "$vpy" -m pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
  -w "$wheels" examples/quant-dialect/python
wheel=$(ls "$wheels"/omnir_quant-*.whl 2>/dev/null) || fail "no wheel built"
listing=$(unzip -Z1 "$wheel")
[ "$(grep -c '\.so' <<<"$listing")" = 2 ] \
  && grep -qx 'omnir_quant/lib/libquant_dialect.so.0' <<<"$listing" \
  && grep -qx 'omnir_quant/lib/libomnir_cxx.so.0' <<<"$listing" \
  || fail "the wheel must bundle the dialect and the bridge, and no core: $(grep '\.so' <<<"$listing" | tr '\n' ' ')"
grep -qE 'py3-none-linux_x86_64\.whl$' <<<"$wheel" || fail "unexpected wheel tag: $(basename "$wheel")"
"$vpy" -m pip install -q --disable-pip-version-check --no-deps --force-reinstall "$wheel"
site_quant=$("$vpy" -c 'import os, omnir_quant; print(os.path.dirname(omnir_quant.__file__))')
echo "wheel: $(basename "$wheel") ($(stat -c %s "$wheel") bytes), installed in $site_quant"
(cd examples/quant-dialect/python/tests && env -u OMNIR_QUANT_LIBRARY "$vpy" -m pytest -q -p no:cacheprovider)
if [ -x "$venv/bin/mypy" ]; then
  (cd examples/quant-dialect/python && "$venv/bin/mypy" --strict --no-incremental omnir_quant build_backend.py tests) \
    || fail "mypy --strict on examples/quant-dialect/python"
fi

echo "== quant packages: Node (omnir-quant beside the omnir tarball in $pack)"
command -v node >/dev/null || fail "no node (run ci/test-node.sh $prefix first)"
omnir_tgz=$(ls "$pack"/omnir-[0-9]*.tgz 2>/dev/null | tail -1) || true
[ -n "$omnir_tgz" ] || fail "no omnir tarball in $pack (run ci/test-node.sh $prefix first)"
bash examples/quant-dialect/node/build.sh "$prefix" "$quant"
rm -f "$pack"/omnir-quant-*.tgz
quant_tgz=$pack/$(cd examples/quant-dialect/node && npm pack --silent --pack-destination "$pack" | tail -1)
rm -rf "$fresh"
mkdir -p "$fresh"
cd "$fresh"
echo '{ "name": "omnir-quant-fresh-install-test", "version": "1.0.0", "private": true }' >package.json
npm install --no-audit --no-fund --offline "$omnir_tgz" "$quant_tgz" >/dev/null
cmp -s node_modules/omnir/libomnir.so.0 "$core" \
  || fail "the omnir tarball carries another libomnir.so.0 than $prefix's (run ci/test-node.sh $prefix first)"
[ -z "$(find node_modules/omnir-quant -name 'libomnir.so*')" ] || fail "omnir-quant must not ship a libomnir.so"
node --test node_modules/omnir-quant/test/
echo "tarball: $(basename "$quant_tgz"), $(stat -c %s "$quant_tgz") bytes (addon $(stat -c %s node_modules/omnir-quant/omnir_quant.node) bytes)"
cd "$root"

echo "== quant packages: one-core rule for the shipped libraries; the addon's exports"
OMNIR_ABI_NO_CARGO=1 bash ci/check-abi.sh "$prefix" \
  "$site_quant/lib/libquant_dialect.so.0" "$site_quant/lib/libomnir_cxx.so.0" \
  "$fresh/node_modules/omnir-quant/libquant_dialect.so.0" "$fresh/node_modules/omnir-quant/libomnir_cxx.so.0" \
  "$fresh/node_modules/omnir-quant/omnir_quant.node" \
  | grep -E '^check-abi: (ok: /|all)'
addon=$fresh/node_modules/omnir-quant/omnir_quant.node
exports=$(nm -D --defined-only "$addon" | awk '{print $3}' | sort | tr '\n' ' ')
[ "$exports" = "napi_register_module_v1 node_api_module_get_api_version_v1 " ] \
  || fail "the addon exports more than its Node-API entry points: $exports"
needed=$(readelf -d "$addon" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | tr '\n' ' ')
[ "$needed" = "libomnir.so.0 libquant_dialect.so.0 libc.so.6 " ] || fail "the addon's NEEDED entries: $needed"
echo "addon: exports the Node-API entry points only; NEEDED $needed"
echo "== test-quant-packages: all passed"
