#!/usr/bin/env bash
# The installs that are mostly downloads — the Swift toolchain (ci/install-swift.sh) and
# upstream MLIR (ci/install-iree.sh) — started in the background so that they overlap the
# builds, and waited for where they are needed.
#
#   ci/prefetch.sh start           start both (each does nothing when already installed)
#   ci/prefetch.sh wait NAME       wait for swift or iree: print its log, fail if it failed
#                                  (nothing to wait for when it was not started)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/prefetch
case "${1:-}" in
  start)
    mkdir -p "$dir"
    for name in swift iree; do
      rm -f "$dir/$name.status"
      (set +e; bash "ci/install-$name.sh" > "$dir/$name.log" 2>&1 </dev/null; echo $? > "$dir/$name.status") &
      echo "$!" > "$dir/$name.pid"
    done
    echo "== prefetch: installing the Swift toolchain and iree-base-compiler in the background (when missing)"
    ;;
  wait)
    name=${2:?usage: $0 wait swift|iree}
    [ -f "$dir/$name.pid" ] || exit 0
    # A run that was killed (an earlier CI run) leaves a pid and no status: not waited for.
    while [ ! -f "$dir/$name.status" ] && kill -0 "$(cat "$dir/$name.pid")" 2>/dev/null; do sleep 2; done
    [ -f "$dir/$name.status" ] || { echo "prefetch: $name ended without a status" >&2; rm -f "$dir/$name.pid"; exit 1; }
    cat "$dir/$name.log"
    rm -f "$dir/$name.pid"
    exit "$(cat "$dir/$name.status")"
    ;;
  *) echo "usage: $0 start | wait swift|iree" >&2; exit 2 ;;
esac
