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
case "${1:-}" in
  start)
    for name in swift iree; do
      bash ci/background.sh start "install-$name" bash "ci/install-$name.sh"
    done
    echo "== prefetch: installing the Swift toolchain and iree-base-compiler in the background (when missing)"
    ;;
  wait) exec bash ci/background.sh wait "install-${2:?usage: $0 wait swift|iree}" ;;
  *) echo "usage: $0 start | wait swift|iree" >&2; exit 2 ;;
esac
