#!/usr/bin/env bash
# The main job: builds everything — libomnir.so.0 and its C/C++ packages, omnir-opt, the C++
# bridge and the quant dialect, the Python wheel, the npm package, the Swift package, each
# with its separately built dialect package — then runs the cross-language demo
# (examples/demo/cross_language.sh). Works on a fresh machine: each step installs what it
# needs. Each package's script also checks what it built (the one-universe test among them).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$PWD/target/omnir-install

bash ci/setup.sh
bash ci/setup-c.sh
bash ci/build-lib.sh
OMNIR_NO_BUILD=1 bash ci/install.sh "$prefix"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
cargo build --workspace --release --locked

bash ci/test-cxx.sh "$prefix"
bash ci/test-python.sh "$prefix"
OMNIR_NODE_NO_BENCH=1 bash ci/test-node.sh "$prefix"
bash ci/test-swift.sh "$prefix"

bash examples/demo/cross_language.sh "$prefix"
