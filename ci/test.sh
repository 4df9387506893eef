#!/usr/bin/env bash
# Runs every test of omnir: formatting, lints, and the test suites of every package.
# Works on a fresh machine: installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh
bash ci/setup-c.sh
bash ci/prefetch.sh start

echo "== cargo fmt --check"
cargo fmt --all --check

# libomnir.so.0 is built and installed first: omnir-sys (and every glue crate) links the
# installed library, never the core crate.
prefix=$PWD/target/omnir-install
echo "== libomnir: build, install into $prefix"
bash ci/build-lib.sh
OMNIR_NO_BUILD=1 OMNIR_INSTALL_DEBUG=1 bash ci/install.sh "$prefix"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
staged=$PWD/target/omnir-destdir
rm -rf "$staged"
DESTDIR=$staged OMNIR_NO_BUILD=1 bash ci/install.sh /usr/local >/dev/null
for f in lib/libomnir.so.0 lib/libomnir.so lib/libomnir.a include/omnir/omnir.h lib/pkgconfig/omnir.pc \
  lib/cmake/omnir/omnirConfig.cmake lib/cmake/omnir/omnirConfigVersion.cmake; do
  [ -e "$staged/usr/local/$f" ] || { echo "install with DESTDIR: $f missing" >&2; exit 1; }
done
echo "install honours DESTDIR: ok"

# `pip install ./python` from a fresh copy builds the core again on its own: it runs beside
# the suites below and is waited for at the end.
bash ci/test-python-fresh.sh start

echo "== header, omnir-sys and misuse matrix are fresh (cbindgen), every function documented"
cargo run -q --locked -p omnir-gen-header -- --check

echo "== the generated dialect bindings are fresh (omnir-gen: python/omnir/dialects, node/lib/dialects)"
cargo run -q --locked -p omnir-gen -- shipped --python python/omnir/dialects --node node/lib/dialects --check

echo "== the llvm dialect's definition file is fresh (dialects/llvm/gen)"
python3 dialects/llvm/gen/gen.py dialects/llvm/gen/ops.py target/llvm.irdl.mlir.fresh
cmp target/llvm.irdl.mlir.fresh dialects/llvm/llvm.irdl.mlir || {
  echo "dialects/llvm/llvm.irdl.mlir is stale: run python3 dialects/llvm/gen/gen.py dialects/llvm/gen/ops.py dialects/llvm/llvm.irdl.mlir" >&2
  exit 1
}

echo "== ABI of the installed library"
bash ci/check-abi.sh "$prefix"

echo "== cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo test"
cargo test --workspace --locked

echo "== fuzz the parser and printer, the C API, definition files and custom syntax: 20 s each (at most 60000 runs), fixed seed"
OMNIR_FUZZ_RUNS=60000 OMNIR_FUZZ_SEED=1 bash ci/fuzz.sh 20 parse_print c_api definitions custom_syntax

echo "== differential test against upstream MLIR (iree-opt) over the corpus"
bash ci/test-differential.sh

echo "== custom syntax: score on ../shared/corpus-custom (reported, not asserted)"
bash ci/test-corpus-custom.sh

echo "== --mlir-print-value-users against iree-opt on ../shared/corpus-custom"
bash ci/test-value-users.sh

echo "== canonicalize and CSE against iree-opt (tests/canonicalize; listed differences excepted)"
bash ci/test-canonicalize.sh

echo "== C and C++ suites against the installed library"
bash ci/test-c.sh "$prefix"
OMNIR_PYTHON_SKIP_FRESH=1 bash ci/test-python.sh "$prefix"
bash ci/test-generator.sh
bash ci/test-node.sh "$prefix"
bash ci/test-quant-packages.sh "$prefix"
bash ci/test-universe.sh "$prefix"
bash ci/test-cxx.sh "$prefix"
bash ci/test-tsan.sh # ThreadSanitizer over the C and Rust stress tests (nightly, target/tsan)

echo "== one-core rule for every binary that uses the core"
sys_test=$(cargo test -q --locked -p omnir-sys --test version --no-run --message-format=json 2>/dev/null \
  | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
# shellcheck disable=SC2046
bash ci/check-abi.sh "$prefix" $(cat target/omnir-ctest/binaries.txt) ${sys_test:+"$sys_test"}
bash ci/test-swift.sh "$prefix"

bash ci/test-python-fresh.sh wait
