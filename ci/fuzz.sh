#!/usr/bin/env bash
# Runs the parse/print fuzz target for a fixed time (default 60 s), seeded from the upstream
# corpus. cargo-fuzz is installed into target/tools on first use; it needs the nightly
# toolchain. A crash fails the run and leaves the input in fuzz/artifacts/ — copy it to
# fuzz/regressions/ with the fix.
#
# OMNIR_FUZZ_RUNS=N makes the run reproducible (what the test command uses, so that CI is
# never red by the luck of a random seed): at most N executions, still within the time
# limit, from a fresh corpus with OMNIR_FUZZ_SEED (default 1). Without it, the run is
# exploratory: a random seed, and the corpus grown by earlier runs (target/fuzz-seeds) is
# kept.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN="${1:-60}"

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  # The toolchain cannot be fetched on machines that reach only package registries; the
  # regression inputs are still replayed by `cargo test` (core/tests/fuzz_regressions.rs).
  echo "fuzz: SKIPPED: the nightly toolchain is not installed (cargo-fuzz needs it)" >&2
  exit 0
fi
TOOLS="$PWD/target/tools"
if [ ! -x "$TOOLS/bin/cargo-fuzz" ]; then
  cargo install --locked --quiet --root "$TOOLS" cargo-fuzz
fi
limits=(-max_total_time="$SECONDS_TO_RUN")
if [ -n "${OMNIR_FUZZ_RUNS:-}" ]; then
  SEEDS="$PWD/target/fuzz-seeds-fixed/parse_print"
  rm -rf "$SEEDS"
  limits+=(-runs="$OMNIR_FUZZ_RUNS" -seed="${OMNIR_FUZZ_SEED:-1}")
else
  SEEDS="$PWD/target/fuzz-seeds/parse_print"
fi
mkdir -p "$SEEDS"
CORPUS_ROOT="${OMNIR_CORPUS:-$PWD/../shared/corpus}"
if [ -d "$CORPUS_ROOT" ]; then
  find "$CORPUS_ROOT" -name '*.mlir' -print0 | while IFS= read -r -d '' f; do
    # One seed per `// -----` chunk: smaller inputs mutate better.
    awk -v out="$SEEDS/$(basename "$f" .mlir)" 'BEGIN{n=0; file=out "_" n ".mlir"} /^\/\/ -----$/{n++; file=out "_" n ".mlir"; next} {print > file}' "$f"
  done
fi
cp fuzz/regressions/* "$SEEDS/" 2>/dev/null || true
rm -f "$SEEDS/README.md"
cd fuzz
PATH="$TOOLS/bin:$PATH" cargo +nightly fuzz run parse_print "$SEEDS" -- \
  "${limits[@]}" -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1
