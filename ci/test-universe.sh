#!/usr/bin/env bash
# The universe guard (docs/universe.md), against an INSTALLED omnir:
#   1. builds a deliberately renamed second copy of the core, for this test only
#      (tests/universe/build-copy.sh -> target/universe/libomnir_copy.so, SONAME
#      libomnir_copy.so, the same objects and version script as libomnir.so.0);
#   2. builds tests/universe/universe_test.c with pkg-config (linked to libomnir.so.0 the
#      ordinary way) and runs it in each order of first use (a-first, b-first, object-first):
#      the program loads the copy by path with RTLD_LOCAL; the first use of either copy
#      reports OMNIR_ERROR_DUPLICATE_CORE naming both files, and objects and handles of one
#      copy are refused by the other;
#   3. builds a tiny dialect library twice against the installed header (normally and with
#      -DOMNIR_ABI_VERSION=<ABI + 1>) and checks the ABI handshake (mode abi);
#   4. runs 2 and 3 again under valgrind (no errors, no definitely-lost bytes).
# usage: ci/test-universe.sh [PREFIX]      (default target/omnir-install)
# Env: OMNIR_NO_VALGRIND=1 skips 4; OMNIR_TEST_VERBOSE=1 prints every refusal's message.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=$(realpath "${1:-target/omnir-install}")
build=$root/target/universe
mkdir -p "$build"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
CC=${CC:-cc}
cflags=$(pkg-config --cflags omnir)
libs=$(pkg-config --libs omnir)
libdir=$(realpath "$(pkg-config --variable=libdir omnir)")
warn="-Wall -Wextra -Werror -Wno-unused-parameter"

echo "== universe: a second copy of the core, for this test only"
bash tests/universe/build-copy.sh "$prefix" "$build"
copy=$build/libomnir_copy.so
core=$libdir/libomnir.so.0
[ "$(readelf -d "$copy" | sed -nE 's/.*\(SONAME\).*\[(.*)\]/\1/p')" = libomnir_copy.so ] \
  || { echo "universe: the copy's SONAME is not libomnir_copy.so" >&2; exit 1; }

echo "== universe: build the test program and the dialect library (normal and ABI 2)"
# shellcheck disable=SC2086
$CC -std=c11 -g -O1 $warn $cflags tests/universe/universe_test.c -o "$build/universe_test" \
  $libs -ldl -Wl,-rpath,"$libdir"
for variant in normal abi2; do
  extra=""
  # A library built against a newer header than the installed core's.
  newer=$(($(sed -n 's/^#define OMNIR_ABI_VERSION \([0-9]*\)$/\1/p' include/omnir/omnir.h) + 1))
  [ "$variant" = abi2 ] && extra="-DOMNIR_ABI_VERSION=$newer"
  # shellcheck disable=SC2086
  $CC -std=c11 -g -O1 -fPIC -shared -fvisibility=hidden $warn $cflags $extra tests/universe/dialect_lib.c \
    -o "$build/libuniverse_dialect_$variant.so" $libs -Wl,-rpath,"$libdir"
  lib=$build/libuniverse_dialect_$variant.so
  readelf -d "$lib" | grep -q '(NEEDED).*\[libomnir\.so\.0\]' \
    || { echo "universe: $lib does not NEED libomnir.so.0" >&2; exit 1; }
  if nm -D --defined-only "$lib" | awk '{print $3}' | grep -q '^omnir_'; then
    echo "universe: $lib defines omnir_* symbols (omnir_check_abi must stay static inline)" >&2
    exit 1
  fi
done

modes=(a-first b-first object-first abi)
run_mode() { # run_mode MODE [wrapper...]
  local mode=$1
  shift
  "$@" "$build/universe_test" "$mode" "$core" "$copy" \
    "$build/libuniverse_dialect_normal.so" "$build/libuniverse_dialect_abi2.so"
}

failed=0
echo "== universe: run"
for mode in "${modes[@]}"; do
  if run_mode "$mode" >"$build/result-$mode.txt" 2>"$build/stderr-$mode.txt" \
    && grep -qE '^[0-9]+ passed, 0 failed$' "$build/result-$mode.txt"; then
    echo "$mode: $(tail -1 "$build/result-$mode.txt")"
    grep -h '^bench:' "$build/result-$mode.txt" || true
    grep -h '^universe:' "$build/stderr-$mode.txt" || true
  else
    cat "$build/stderr-$mode.txt" "$build/result-$mode.txt" >&2
    echo "== universe: $mode FAILED" >&2
    failed=1
  fi
done

if [ "${OMNIR_NO_VALGRIND:-0}" != 1 ] && command -v valgrind >/dev/null; then
  echo "== universe: valgrind"
  for mode in "${modes[@]}"; do
    log=$build/valgrind-$mode.log
    if run_mode "$mode" valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
      --show-leak-kinds=definite --log-file="$log" >"$build/vg-result-$mode.txt" 2>"$build/vg-stderr-$mode.txt" \
      && grep -qE '^[0-9]+ passed, 0 failed$' "$build/vg-result-$mode.txt"; then
      echo "$mode (valgrind): $(tail -1 "$build/vg-result-$mode.txt"); $(grep -h 'ERROR SUMMARY' "$log" \
        | sed 's/^==[0-9]*== //; s/ (suppressed.*//')"
    else
      cat "$log" "$build/vg-stderr-$mode.txt" "$build/vg-result-$mode.txt" >&2
      echo "== universe: $mode FAILED under valgrind" >&2
      failed=1
    fi
  done
fi

if [ "$failed" != 0 ]; then
  echo "== universe: FAILED (see above)" >&2
  exit 1
fi
echo "== universe: all passed"
