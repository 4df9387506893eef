#!/usr/bin/env bash
# Runs every test of omnir: formatting, lints, and the test suites of every package.
# Works on a fresh machine: installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh
bash ci/setup-c.sh
bash ci/prefetch.sh start
# Two builds of the core that only fill the time a core would idle (the release core is one
# codegen unit; many suites below run one process at a time): `pip install ./python` from a
# fresh copy, and the ThreadSanitizer build. Both are waited for at the end.
bash ci/background.sh start python-fresh nice -n 19 bash ci/test-python-fresh.sh
bash ci/background.sh start tsan-build nice -n 19 bash ci/test-tsan.sh build
echo "== background: \`pip install ./python\` from a fresh copy, and the ThreadSanitizer build (niced)"

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

# The generators as `cargo test` built them, with the workspace's features (a `cargo run -p` of
# their own would build the core and cbindgen again, with another feature set).
cargo build -q --workspace --bins --tests --locked
bin=${CARGO_TARGET_DIR:-target}/debug
echo "== header, omnir-sys and misuse matrix are fresh (cbindgen), every function documented"
"$bin/gen-header" --check

echo "== the generated dialect bindings are fresh (omnir-gen: Python, Node, C++, C, Rust and Swift)"
"$bin/omnir-gen" shipped --python python/omnir/dialects --node node/lib/dialects \
  --cxx bindings/cxx/include/omnir/cxx/dialects --c include/omnir/dialects --rust bindings/dialects/src --swift swift/Sources/OmnirDialects --check

echo "== the documentation's relative links resolve (README.md, ARCHITECTURE.md, docs/)"
python3 tools/check-links.py
echo "== one version for every package (tools/check-versions.py)"
python3 tools/check-versions.py

echo "== the C API coverage table is fresh, and every C function is exposed somewhere (docs/c-api-coverage.md)"
python3 tools/api-coverage/coverage.py --check

# The fuzz targets are thin wrappers over checks in the core, which `cargo test` runs on every
# kept input (core/tests/fuzz_regressions.rs, capi_fuzz.rs); a 20 s run here only replayed the
# seeds (about 40 parse_print inputs a second) for 4 minutes of instrumented build, so CI lints
# the wrappers and fuzzing is `bash ci/fuzz.sh SECONDS` (docs/testing.md).
echo "== the fuzz targets build (clippy, warnings are errors; fuzzing itself: ci/fuzz.sh)"
CARGO_TARGET_DIR=$PWD/target/fuzz-check cargo clippy --locked --manifest-path fuzz/Cargo.toml --bins -- -D warnings

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
bash ci/test-rust-consumer.sh "$prefix"
bash ci/background.sh wait tsan-build
bash ci/test-tsan.sh # ThreadSanitizer over the C and Rust stress tests (nightly, target/tsan)

echo "== one-core rule for every binary that uses the core"
sys_test=$(cargo test -q --locked -p omnir-sys --test version --no-run --message-format=json 2>/dev/null \
  | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
# shellcheck disable=SC2046
bash ci/check-abi.sh "$prefix" $(cat target/omnir-ctest/binaries.txt) ${sys_test:+"$sys_test"} "$prefix/bin/omnir-gen"
# The Swift benchmark (a release build of its own) is printed by `bash ci/test-swift.sh`, not here.
OMNIR_NO_BENCH=1 bash ci/test-swift.sh "$prefix"

bash ci/background.sh wait python-fresh
