#!/usr/bin/env bash
# Differential check of alias printing for affine maps and integer sets: random modules from
# gen_affine_aliases.py are printed by upstream (iree-opt --mlir-print-op-generic) and by
# omnir-opt, with aliases and with --mlir-print-local-scope; the outputs must be identical.
#
# Each module is first normalized by upstream (its local-scope print, twice), so that affine
# expressions are spelled as upstream simplifies them and a difference is one of aliases.
# Differences on the raw module (local scope) are counted too, as "raw", and fail the check
# only with STRICT_RAW=1: they come from expression simplification, not from aliases.
#
# Usage: bash tests/aliases/check_affine_aliases.sh [seed] [count]   (default: seed 1, 100)
# IREE_OPT and OMNIR_OPT name the binaries (default: target/venv/bin/iree-opt, and
# omnir-opt built into $CARGO_TARGET_DIR or target). KEEP=1 keeps the work directory.
set -euo pipefail
cd "$(dirname "$0")/../.."
SEED="${1:-1}"
COUNT="${2:-100}"
IREE_OPT="${IREE_OPT:-$PWD/target/venv/bin/iree-opt}"
if [ -z "${OMNIR_OPT:-}" ]; then
  cargo build --quiet -p omnir-opt
  OMNIR_OPT="${CARGO_TARGET_DIR:-$PWD/target}/debug/omnir-opt"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/omnir-affine-aliases.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$work"' EXIT; else echo "work directory: $work"; fi
python3 tests/aliases/gen_affine_aliases.py --seed "$SEED" --count "$COUNT" --out "$work"

rejected=0 aliases=0 local=0 raw=0
same() { # same <input> <tag> [flags...]: upstream and omnir print <input> identically
  local f="$1" tag="$2"; shift 2
  "$IREE_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$@" "$f" -o "$f.$tag.iree" &&
    "$OMNIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$@" "$f" -o "$f.$tag.omnir" 2>"$f.$tag.err" &&
    cmp -s "$f.$tag.iree" "$f.$tag.omnir"
}
for f in "$work"/case_*.mlir; do
  name=$(basename "$f" .mlir)
  # Twice: upstream does not print every expression in the form it simplifies to when
  # parsing (`d0 + d0` becomes `d0 * 2` on the second pass).
  if ! { "$IREE_OPT" --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope \
    "$f" -o "$work/$name.norm1" 2>"$f.err" &&
    "$IREE_OPT" --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope \
      "$work/$name.norm1" -o "$work/$name.norm" 2>"$f.err"; }; then
    rejected=$((rejected + 1))
    echo "iree-opt rejects $name: $(head -1 "$f.err")"
    continue
  fi
  if same "$work/$name.norm" aliases; then aliases=$((aliases + 1)); else echo "differs with aliases: $name"; fi
  if same "$work/$name.norm" local --mlir-print-local-scope; then local=$((local + 1)); else echo "differs with local scope: $name"; fi
  if same "$f" raw --mlir-print-local-scope; then raw=$((raw + 1)); else echo "differs raw (local scope): $name"; fi
done
total=$((COUNT - rejected))
echo "affine aliases (seed $SEED): $aliases/$total identical with aliases, $local/$total with --mlir-print-local-scope, $raw/$total raw"
[ "$rejected" -eq 0 ] && [ "$aliases" -eq "$total" ] && [ "$local" -eq "$total" ] &&
  { [ -z "${STRICT_RAW:-}" ] || [ "$raw" -eq "$total" ]; }
