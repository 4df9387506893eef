#!/usr/bin/env bash
# Jobs that ci/test.sh runs beside its foreground stages (downloads, and builds that keep
# one core busy while the other would idle), each with a log and an exit status.
#
#   ci/background.sh start NAME COMMAND...   run COMMAND in the background (log: target/background/NAME.log)
#   ci/background.sh wait NAME               wait for it, print its log, exit with its status
#                                            (nothing to wait for when NAME was never started)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/background
case "${1:-}" in
  start)
    name=${2:?usage: $0 start NAME COMMAND...}
    shift 2
    [ $# -gt 0 ] || { echo "usage: $0 start NAME COMMAND..." >&2; exit 2; }
    mkdir -p "$dir"
    rm -f "$dir/$name.status"
    (set +e; "$@" > "$dir/$name.log" 2>&1 </dev/null; echo $? > "$dir/$name.status") &
    echo "$!" > "$dir/$name.pid"
    ;;
  wait)
    name=${2:?usage: $0 wait NAME}
    [ -f "$dir/$name.pid" ] || exit 0
    # A job killed with an earlier run leaves a pid and no status: not waited for.
    while [ ! -f "$dir/$name.status" ] && kill -0 "$(cat "$dir/$name.pid")" 2>/dev/null; do sleep 2; done
    rm -f "$dir/$name.pid"
    [ -f "$dir/$name.status" ] || { echo "background: $name ended without a status" >&2; exit 1; }
    cat "$dir/$name.log"
    exit "$(cat "$dir/$name.status")"
    ;;
  *) echo "usage: $0 start NAME COMMAND... | wait NAME" >&2; exit 2 ;;
esac
