#!/usr/bin/env bash
# A user's Rust crate with a dialect of its own (tests/rust/dialect-consumer), built on its own
# against the installed omnir PREFIX: omnir-build runs PREFIX/bin/omnir-gen from the
# definition file at build time and gives the binary its RUNPATH. Prints what the C++
# consumer of the same definition prints (ci/test-cxx.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(realpath "${1:?usage: test-rust-consumer.sh PREFIX}")
crate=tests/rust/dialect-consumer
export CARGO_TARGET_DIR=$PWD/target/rust-dialect-consumer
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
unset OMNIR_LIB_DIR OMNIR_GEN
cargo build -q --locked --manifest-path "$crate/Cargo.toml"
printed=$("$CARGO_TARGET_DIR/debug/cmath-consumer")
expected='%1 = "cmath.norm"(%0) : (!cmath.complex<f32>) -> f32'
[ "$printed" = "$expected" ] || { echo "Rust dialect consumer printed '$printed', expected '$expected'" >&2; exit 1; }
# No LD_LIBRARY_PATH: the RUNPATH omnir-build gave it points at PREFIX/lib.
readelf -d "$CARGO_TARGET_DIR/debug/cmath-consumer" | grep -q "$(realpath "$prefix/lib")" \
  || { echo "the consumer's RUNPATH does not name $prefix/lib" >&2; exit 1; }
echo "omnir-build (cmath from tests/definitions/cmath.irdl.mlir, in a crate of its own): ok"
