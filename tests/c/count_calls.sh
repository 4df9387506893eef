#!/usr/bin/env bash
# Instructions per C API call, for machines too noisy for timings: `bench_calls --count KIND
# N` (tests/c/bench_calls.c) under callgrind with 20000 and 10000 calls; the difference per
# call is printed.
# usage: tests/c/count_calls.sh BENCH_CALLS_BINARY [KIND...]
set -euo pipefail
bin=$1
shift
kinds=${*:-context-get type-kind int-attr-same int-attr-cycle int-attr-new string-attr op-create op-create-at}
total() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --count "$1" "$2" 2>&1 \
    | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}
for k in $kinds; do
  a=$(total "$k" 10000)
  b=$(total "$k" 20000)
  echo "count: $k: $(((b - a) / 10000)) instructions/call"
done
