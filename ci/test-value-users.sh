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
  cargo build --quiet --locked -p omnir-opt
  OMNIR_OPT=$PWD/target/debug/omnir-opt
fi
same=0; differ=0; skipped=0
while read -r path; do
  for form in "" "--mlir-print-op-generic"; do
    flags="--allow-unregistered-dialect --split-input-file --mlir-print-value-users $form"
    # shellcheck disable=SC2086
    ours=$("$OMNIR_OPT" $flags "$corpus/pretty/$path" 2>/dev/null </dev/null) || { skipped=$((skipped + 1)); continue; }
    # shellcheck disable=SC2086
    theirs=$("$IREE_OPT" $flags "$corpus/pretty/$path" 2>/dev/null </dev/null) || { skipped=$((skipped + 1)); continue; }
    if [ "$ours" == "$theirs" ]; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "FAIL value-users ${form:-custom}: $path"
    fi
  done
done < <(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv")
echo "value-users: $same identical, $differ different, $skipped skipped (a tool rejects the file)"
[ "$differ" = 0 ]
