#!/usr/bin/env bash
# Runs the fuzz targets for a fixed time each (default 60 s):
#   parse_print  parse → print → parse → print is stable and never panics, seeded from the
#                upstream corpus (fuzz/fuzz_targets/parse_print.rs);
#   c_api        random programs of C API calls with bad arguments on purpose: no crash, every
#                error explains itself and changes nothing (fuzz/capi_driver.rs);
#   definitions  dialect definition files: no panic, a failed load registers nothing;
#   custom_syntax custom forms of the test dialect (tests/definitions/fmtest.irdl.mlir):
#                print/parse round trips, generic and custom forms agree.
# cargo-fuzz is installed into target/tools on first use; it needs the nightly toolchain
# (installed with rustup when missing, if the machine can reach it). A crash fails the run and
# leaves the input in fuzz/artifacts/TARGET/ — copy it to fuzz/regressions/ (parse_print),
# fuzz/regressions-capi/ (c_api), fuzz/regressions-definitions/ or fuzz/regressions-custom/
# with the fix; `cargo test` replays them all.
#
# usage: ci/fuzz.sh [SECONDS] [TARGET...]     (default: both targets)
#
# OMNIR_FUZZ_RUNS=N makes the run reproducible (what the test command uses, so that CI is
# never red by the luck of a random seed): at most N executions, still within the time
# limit, from a fresh corpus with OMNIR_FUZZ_SEED (default 1). Without it, the run is
# exploratory: a random seed, and the corpus grown by earlier runs (target/fuzz-seeds) is
# kept.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(parse_print c_api definitions custom_syntax)

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal >/dev/null 2>&1 || true
fi
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  # Machines that reach only package registries may not fetch the toolchain; the kept
  # inputs and a fixed set of random C API programs are still run by `cargo test`
  # (core/tests/fuzz_regressions.rs, core/tests/capi_fuzz.rs).
  echo "fuzz: SKIPPED: the nightly toolchain is not installed and could not be (cargo-fuzz needs it)" >&2
  exit 0
fi
TOOLS="$PWD/target/tools"
if [ ! -x "$TOOLS/bin/cargo-fuzz" ]; then
  cargo install --locked --quiet --root "$TOOLS" cargo-fuzz
fi
limits=(-max_total_time="$SECONDS_TO_RUN")
if [ -n "${OMNIR_FUZZ_RUNS:-}" ]; then
  seeds_root="$PWD/target/fuzz-seeds-fixed"
  limits+=(-runs="$OMNIR_FUZZ_RUNS" -seed="${OMNIR_FUZZ_SEED:-1}")
else
  seeds_root="$PWD/target/fuzz-seeds"
fi
CORPUS_ROOT="${OMNIR_CORPUS:-$PWD/../shared/corpus}"

for target in "${TARGETS[@]}"; do
  SEEDS="$seeds_root/$target"
  [ -z "${OMNIR_FUZZ_RUNS:-}" ] || rm -rf "$SEEDS"
  mkdir -p "$SEEDS"
  extra=()
  case "$target" in
    parse_print)
      if [ -d "$CORPUS_ROOT" ]; then
        find "$CORPUS_ROOT" -name '*.mlir' -print0 | while IFS= read -r -d '' f; do
          # One seed per `// -----` chunk: smaller inputs mutate better.
          awk -v out="$SEEDS/$(basename "$f" .mlir)" 'BEGIN{n=0; file=out "_" n ".mlir"} /^\/\/ -----$/{n++; file=out "_" n ".mlir"; next} {print > file}' "$f"
        done
      fi
      cp fuzz/regressions/* "$SEEDS/" 2>/dev/null || true
      max_len=65536
      ;;
    definitions)
      cp fuzz/regressions-definitions/* tests/definitions/*.mlir "$SEEDS/" 2>/dev/null || true
      max_len=16384
      ;;
    custom_syntax)
      cp fuzz/regressions-custom/* fuzz/seeds-custom/* "$SEEDS/" 2>/dev/null || true
      max_len=16384
      ;;
    c_api)
      cp fuzz/regressions-capi/* "$SEEDS/" 2>/dev/null || true
      max_len=4096
      # Each byte drives a step: long programs from the start, not after libFuzzer's slow
      # length ramp (a 30 s run would otherwise stay at a few dozen bytes).
      extra=(-len_control=0)
      ;;
    *)
      echo "fuzz: unknown target $target (parse_print, c_api, definitions, custom_syntax)" >&2
      exit 2
      ;;
  esac
  rm -f "$SEEDS/README.md"
  echo "== fuzz $target: ${SECONDS_TO_RUN} s"
  (cd fuzz && PATH="$TOOLS/bin:$PATH" cargo +nightly fuzz run "$target" "$SEEDS" -- \
    "${limits[@]}" ${extra[@]+"${extra[@]}"} -rss_limit_mb=4096 -max_len="$max_len" -print_final_stats=1)
done
