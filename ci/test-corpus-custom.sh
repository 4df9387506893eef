#!/usr/bin/env bash
# Scores omnir-opt on ../shared/corpus-custom (real MLIR in custom syntax with upstream's
# generic, custom and local-scope prints) with the corpus's own check.sh, and prints the
# score per print kind and per dialect. It reports; it does not fail on the score (the
# everyday dialects are issue 17's work), only on a tool that does not run.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${OMNIR_CORPUS_CUSTOM:-$PWD/../shared/corpus-custom}
if [ ! -f "$corpus/check.sh" ]; then
  echo "corpus-custom: $corpus/check.sh not found; skipped" >&2
  exit 0
fi
cargo build --release --quiet --locked -p omnir-opt
opt=$PWD/${CARGO_TARGET_DIR:-target}/release/omnir-opt
# check.sh writes nothing into the corpus; it runs from a copy-free temp dir of its own.
bash "$corpus/check.sh" "$opt" "$corpus"
