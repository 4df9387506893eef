#!/usr/bin/env bash
# The main job: builds everything and runs the demo.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh
# libomnir.so.0 (+ header, pkg-config and CMake packages) into target/omnir-install.
bash ci/build-lib.sh
OMNIR_NO_BUILD=1 bash ci/install.sh target/omnir-install
cargo build --workspace --release --locked
cargo run --release --locked -p omnir-core --example demo
