#!/usr/bin/env bash
# Canonicalize and CSE differential test against upstream MLIR: each case runs omnir-opt and
# iree-opt with the same flags on the same file; their outputs (and whether they fail) must
# be identical, unless the case is listed in tests/canonicalize/exceptions.tsv with the
# reason. Cases:
#   - tests/canonicalize/*.mlir: omnir's own cases per dialect, run with
#     `--split-input-file --allow-unregistered-dialect --canonicalize` (and a second time
#     with `--cse` when the file's first line says `// cse`);
#   - tests/canonicalize/corpus.tsv: files of ../shared (the visible corpora) with the flags
#     of their RUN lines.
# Prints the pass rate; exits 1 on an unexpected mismatch or a listed case that passes.
# Usage: bash ci/test-canonicalize.sh [-v] [filter]   (-v: diffs of failing cases)
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
filter="${1:-}"
SHARED="${OMNIR_SHARED:-$PWD/../shared}"
IREE_OPT="${IREE_OPT:-$PWD/target/venv/bin/iree-opt}"
if ! "$IREE_OPT" --version >/dev/null 2>&1; then
  echo "canonicalize: iree-opt not found at $IREE_OPT (bash ci/test-differential.sh installs it)" >&2
  exit 1
fi
if [ -z "${OMNIR_OPT:-}" ]; then
  cargo build --quiet --locked -p omnir-opt
  OMNIR_OPT=$PWD/target/debug/omnir-opt
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/omnir-canonicalize.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One case per line: <name> TAB <file> TAB <flags>.
: >"$work/cases"
for f in tests/canonicalize/*.mlir; do
  name="${f#tests/canonicalize/}"
  printf '%s\t%s\t%s\n' "$name" "$f" "--split-input-file --allow-unregistered-dialect --canonicalize" >>"$work/cases"
  if head -1 "$f" | grep -q '^// cse'; then
    printf '%s\t%s\t%s\n' "$name [cse]" "$f" "--split-input-file --allow-unregistered-dialect --cse" >>"$work/cases"
  fi
done
{ grep -v '^#' tests/canonicalize/corpus.tsv || true; } | awk -F'\t' -v s="$SHARED" 'NF >= 2 { print $1 " [" $2 "]\t" s "/" $1 "\t" $2 }' >>"$work/cases"
if [ -n "$filter" ]; then
  grep -F -- "$filter" "$work/cases" >"$work/cases.f" || true
  mv "$work/cases.f" "$work/cases"
fi

pass=0; total=0; bad=0
declare -A excepted
while IFS=$'\t' read -r name reason; do
  [ -n "$name" ] && excepted["$name"]="$reason"
done < <(grep -v '^#' tests/canonicalize/exceptions.tsv || true)

while IFS=$'\t' read -r name file flags; do
  total=$((total + 1))
  out="$work/$total"
  # shellcheck disable=SC2086
  "$OMNIR_OPT" $flags "$file" </dev/null >"$out.omnir" 2>"$out.omnir.err" && ostat=0 || ostat=1
  # shellcheck disable=SC2086
  "$IREE_OPT" $flags "$file" </dev/null >"$out.iree" 2>"$out.iree.err" && istat=0 || istat=1
  if [ "$ostat" = "$istat" ] && cmp -s "$out.omnir" "$out.iree"; then
    pass=$((pass + 1))
    if [ -n "${excepted[$name]+x}" ]; then
      echo "FAIL $name: passes; remove it from tests/canonicalize/exceptions.tsv"; bad=$((bad + 1))
    fi
    continue
  fi
  why="output differs"
  [ "$ostat" != "$istat" ] && why="omnir-opt exit $ostat, iree-opt exit $istat: $(head -1 "$out.omnir.err" "$out.iree.err" | grep -v '^==>' | grep . | head -1 | cut -c1-160 || true)"
  if [ -n "${excepted[$name]+x}" ]; then
    echo "EXCEPTION $name: ${excepted[$name]}"
  else
    echo "FAIL $name: $why"; bad=$((bad + 1))
  fi
  if [ "$verbose" = 1 ]; then
    diff "$out.iree" "$out.omnir" | head -40 || true
  fi
done <"$work/cases"
echo "canonicalize/cse differential: $pass/$total identical to iree-opt"
[ "$bad" = 0 ]
