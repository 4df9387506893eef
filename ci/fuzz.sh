#!/usr/bin/env bash
# Runs the parse/print fuzz target for a fixed time (default 60 s), seeded from the upstream
# corpus. cargo-fuzz is installed into target/tools on first use; it needs the nightly
# toolchain. A crash fails the run and leaves the input in fuzz/artifacts/ — copy it to
# fuzz/regressions/ with the fix.
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
SEEDS="$PWD/target/fuzz-seeds/parse_print"
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
  -max_total_time="$SECONDS_TO_RUN" -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1
