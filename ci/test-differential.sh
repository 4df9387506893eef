#!/usr/bin/env bash
# Differential test against upstream MLIR: for every file of the upstream corpus
# (../shared/corpus), upstream's iree-opt, run with the file's MANIFEST flags over omnir-opt's
# output, must print exactly what it prints for the original file. Every corpus file is
# marked stable in the MANIFEST (a second iree-opt print gives the same bytes), so upstream's
# print of the original is the file itself; files not marked stable are printed by iree-opt
# as well. Prints the pass rate per corpus folder and fails on any mismatch that is not a
# `differential` entry of core/tests/corpus_exceptions.txt. Then a few random modules of
# tests/aliases/gen_affine_aliases.py must print as upstream prints them, aliases included.
#
# iree-opt comes from the iree-base-compiler wheel, installed on first use into
# target/venv (pip is skipped when it is already there). Set IREE_OPT (or OMNIR_OPT) to use
# another iree-opt (omnir-opt binary).
# Usage: bash ci/test-differential.sh [jobs]   (default: 2 parallel jobs)
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS="${1:-2}"
CORPUS="${OMNIR_CORPUS:-$PWD/../shared/corpus}"
if [ ! -f "$CORPUS/MANIFEST.tsv" ]; then
  echo "differential: corpus not found at $CORPUS (set OMNIR_CORPUS)" >&2
  exit 1
fi
start=$SECONDS

IREE_OPT="${IREE_OPT:-$PWD/target/venv/bin/iree-opt}"
if ! "$IREE_OPT" --version >/dev/null 2>&1; then
  bash ci/prefetch.sh wait iree
  bash ci/install-iree.sh
  IREE_OPT=$PWD/target/venv/bin/iree-opt
fi
echo "== iree-opt: $("$IREE_OPT" --version | sed -n 's/.*LLVM version /LLVM /p')"

if [ -z "${OMNIR_OPT:-}" ]; then
  cargo build --quiet --locked -p omnir-opt
  OMNIR_OPT=$PWD/target/debug/omnir-opt
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/omnir-differential.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One line per corpus file: <path> TAB <flags> TAB <stable>.
awk -F'\t' 'NR > 1 && $1 != "" { print $1 "\t" $5 "\t" $8 }' "$CORPUS/MANIFEST.tsv" >"$work/rows"

check_one() {
  local path="$1" flags="$2" stable="$3"
  local out="$work/out/$path"
  mkdir -p "$(dirname "$out")"
  # shellcheck disable=SC2086
  if ! "$OMNIR_OPT" $flags "$CORPUS/$path" -o "$out.omnir" 2>"$out.omnir.err"; then
    printf '%s\tFAIL\tomnir-opt failed: %s\n' "$path" "$(head -1 "$out.omnir.err")"
    return
  fi
  # shellcheck disable=SC2086
  if ! "$IREE_OPT" $flags "$out.omnir" -o "$out.iree" 2>"$out.iree.err"; then
    printf '%s\tFAIL\tiree-opt rejects omnir-opt output: %s\n' "$path" "$(head -1 "$out.iree.err")"
    return
  fi
  local reference="$CORPUS/$path"
  if [ "$stable" != "yes" ]; then
    # shellcheck disable=SC2086
    "$IREE_OPT" $flags "$CORPUS/$path" -o "$out.ref" 2>/dev/null || true
    reference="$out.ref"
  fi
  if cmp -s "$out.iree" "$reference"; then
    printf '%s\tPASS\t\n' "$path"
  else
    printf '%s\tFAIL\tdiffers from upstream: %s\n' "$path" \
      "$(diff "$reference" "$out.iree" | sed -n '2p' | cut -c1-160)"
  fi
}
export -f check_one
export work CORPUS OMNIR_OPT IREE_OPT

tr '\t\n' '\0\0' <"$work/rows" | xargs -0 -n 3 -P "$JOBS" bash -c 'check_one "$0" "$1" "$2"' >"$work/results"

# Exceptions: `differential<TAB>path<TAB>reason` lines.
awk -F'\t' '$1 == "differential" { print $2 }' core/tests/corpus_exceptions.txt >"$work/exceptions"

status=0
awk -F'\t' -v exc="$work/exceptions" '
  BEGIN { while ((getline line < exc) > 0) excepted[line] = 1 }
  {
    split($1, parts, "/"); folder = parts[1]
    total[folder]++
    if ($2 == "PASS") {
      pass[folder]++
      if ($1 in excepted) { print "1 FAIL " $1 ": passes; remove it from corpus_exceptions.txt"; bad++ }
    } else if ($1 in excepted) {
      print "1 EXCEPTION " $1 ": " $3
    } else {
      print "1 FAIL " $1 ": " $3; bad++
    }
  }
  END {
    n = 0; p = 0
    for (f in total) {
      printf "2 differential %s: %d/%d identical (%.1f%%)\n", f, pass[f] + 0, total[f], 100 * pass[f] / total[f]
      n += total[f]; p += pass[f]
    }
    printf "3 differential total: %d/%d identical\n", p, n
    exit bad > 0
  }' "$work/results" | sort -k1,1n -k2 | cut -d' ' -f2- || status=1
# Alias printing of affine maps and integer sets on a few random modules (fixed seed); the
# full check is `bash tests/aliases/check_affine_aliases.sh SEED COUNT`.
echo "== affine map aliases: random modules"
IREE_OPT="$IREE_OPT" OMNIR_OPT="$OMNIR_OPT" bash tests/aliases/check_affine_aliases.sh 1 10 |
  grep -v '^differs raw' || status=1
echo "differential: $((SECONDS - start)) s with $JOBS jobs"
exit $status
