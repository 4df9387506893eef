#!/usr/bin/env bash
# `--mlir-print-value-users` against upstream: every ../shared/corpus-custom file that both
# omnir-opt and iree-opt read is printed by both with the flag, in the custom and the generic
# form, and must come out byte-identical. Files either tool rejects are counted as skipped
# (the corpus-custom score reports those). Exits 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${OMNIR_CORPUS_CUSTOM:-$PWD/../shared/corpus-custom}
IREE_OPT="${IREE_OPT:-$PWD/target/venv/bin/iree-opt}"
if [ ! -f "$corpus/MANIFEST.tsv" ] || ! "$IREE_OPT" --version >/dev/null 2>&1; then
  echo "value-users: corpus or iree-opt missing; skipped" >&2
  exit 0
fi
if [ -z "${OMNIR_OPT:-}" ]; then
  # The release build: ci/test-corpus-custom.sh has made it already (and the corpus has
  # large files, slow in a debug build).
  cargo build --release --quiet --locked -p omnir-opt
  OMNIR_OPT=$PWD/target/release/omnir-opt
fi
export OMNIR_OPT IREE_OPT corpus
# One file, both forms: prints `same`, `skipped` or `FAIL ...` per form.
compare_file() {
  local path=$1 form flags ours theirs
  for form in "" "--mlir-print-op-generic"; do
    flags="--allow-unregistered-dialect --split-input-file --mlir-print-value-users $form"
    # shellcheck disable=SC2086
    ours=$("$OMNIR_OPT" $flags "$corpus/pretty/$path" 2>/dev/null </dev/null) || { echo skipped; continue; }
    # shellcheck disable=SC2086
    theirs=$("$IREE_OPT" $flags "$corpus/pretty/$path" 2>/dev/null </dev/null) || { echo skipped; continue; }
    if [ "$ours" == "$theirs" ]; then
      echo same
    else
      echo "FAIL value-users ${form:-custom}: $path"
    fi
  done
}
export -f compare_file
results=$(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv" \
  | xargs -d '\n' -P "$(nproc)" -I{} bash -c 'compare_file "$1"' _ {})
same=$(grep -c '^same$' <<<"$results" || true)
skipped=$(grep -c '^skipped$' <<<"$results" || true)
differ=$(grep -c '^FAIL' <<<"$results" || true)
grep '^FAIL' <<<"$results" | sort || true
echo "value-users: $same identical, $differ different, $skipped skipped (a tool rejects the file)"
[ "$differ" = 0 ]
