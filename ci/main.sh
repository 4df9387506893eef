#!/usr/bin/env bash
# The main job: builds everything and runs the demo.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh
cargo build --workspace --release --locked
cargo run --release --locked -p omnir-core --example demo
