#!/usr/bin/env bash
# Runs every test of omnir: formatting, lints, and the test suites of every package.
# Works on a fresh machine: installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

echo "== cargo fmt --check"
cargo fmt --all --check

echo "== cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo test"
cargo test --workspace --locked
