#!/usr/bin/env bash
# Builds and runs the C test suite and the C++ consumer against an INSTALLED omnir:
#   1. the C suite (tests/c), compiled with `pkg-config --cflags --libs omnir`; then the
#      concurrency stress test (tests/c/stress.c) and a check that its watchdog turns a
#      deliberate deadlock into a failure;
#   2. the same binary under valgrind (no errors, no definitely-lost bytes);
#   3. the C++ consumer (tests/c/cpp_consumer): find_package(omnir 0) + omnir::omnir, ctest;
#   4. a static link of libomnir.a (pkg-config --static), run once;
#   5. the per-call benchmark (tests/c/bench_calls.c), printed, never asserted.
# usage: ci/test-c.sh [PREFIX]      (default target/omnir-install)
# Env: OMNIR_NO_VALGRIND=1 skips 2; OMNIR_NO_BENCH=1 skips 5.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=$(realpath "${1:-target/omnir-install}")
build=$root/target/omnir-ctest
mkdir -p "$build"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
CC=${CC:-cc}

cflags=$(pkg-config --cflags omnir)
libs=$(pkg-config --libs omnir)
libdir=$(realpath "$(pkg-config --variable=libdir omnir)")
warn="-Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers"

echo "== C suite: build (pkg-config: $cflags $libs)"
srcs=(tests/c/harness.c tests/c/test_*.c tests/c/misuse_fixture.c tests/c/misuse_generated.c)
# shellcheck disable=SC2086
$CC -std=c11 -g -O1 -pthread $warn $cflags "${srcs[@]}" -o "$build/omnir_c_tests" $libs -Wl,-rpath,"$libdir"
# The header alone compiles as strict C99 and as C++.
echo '#include <omnir/omnir.h>' | $CC -std=c99 -pedantic -Werror -Wall -Wextra $cflags -x c -fsyntax-only -
echo '#include <omnir/omnir.h>' | ${CXX:-c++} -std=c++11 -pedantic -Werror -Wall -Wextra $cflags -x c++ -fsyntax-only -
# So do the generated dialect headers, all of them in one unit (their names must not collide).
dialect_headers=$(for h in "$(pkg-config --variable=includedir omnir)"/omnir/dialects/*.h; do
  echo "#include <omnir/dialects/$(basename "$h")>"; done)
echo "$dialect_headers" | $CC -std=c99 -pedantic -Werror -Wall -Wextra $cflags -x c -fsyntax-only -
echo "$dialect_headers" | ${CXX:-c++} -std=c++11 -pedantic -Werror -Wall -Wextra $cflags -x c++ -fsyntax-only -

echo "== C suite: run"
"$build/omnir_c_tests" | tee "$build/result.txt"
grep -qE '^[0-9]+ passed, 0 failed$' "$build/result.txt"

echo "== C concurrency stress (tests/c/stress.c): threads on one context and on a context each"
# shellcheck disable=SC2086
$CC -std=c11 -g -O1 -pthread $warn $cflags tests/c/stress.c -o "$build/stress" $libs -Wl,-rpath,"$libdir"
"$build/stress" | tee "$build/stress-result.txt"
grep -qE '^[0-9]+ passed, 0 failed$' "$build/stress-result.txt"
# The watchdog itself: a worker deadlocks on purpose inside a pass; the run must fail (status
# 3) naming the stuck thread and its step, with stacks, instead of hanging.
status=0
OMNIR_STRESS_HANG=1 OMNIR_STRESS_TIMEOUT=2 OMNIR_STRESS_ITERS=50 "$build/stress" >"$build/stress-hang.txt" 2>&1 || status=$?
if [ "$status" != 3 ] || ! grep -q "worker 0 (tid [0-9]*) is stuck at iteration 2 in step 'deliberate deadlock in mark_pass'" \
  "$build/stress-hang.txt" || ! grep -q "stack of tid" "$build/stress-hang.txt"; then
  cat "$build/stress-hang.txt" >&2
  echo "== C stress: the watchdog did not turn a deadlock into a failure with stacks (status $status)" >&2
  exit 1
fi
echo "watchdog: a deliberate deadlock fails in 2 s with the stuck thread named and every stack printed: ok"

failed=0
if [ "${OMNIR_NO_VALGRIND:-0}" != 1 ]; then
  echo "== C suite: valgrind"
  # OMNIR_VALGRIND_FLAGS=--track-origins=yes helps when chasing an uninitialised read.
  # shellcheck disable=SC2086
  if valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
    --show-leak-kinds=definite ${OMNIR_VALGRIND_FLAGS:-} --log-file="$build/valgrind.log" \
    "$build/omnir_c_tests" >"$build/valgrind-result.txt" 2>"$build/valgrind-stderr.txt" \
    && grep -qE '^[0-9]+ passed, 0 failed$' "$build/valgrind-result.txt"; then
    tail -1 "$build/valgrind-result.txt"
  else
    cat "$build/valgrind.log" >&2
    echo "== C suite: FAILED under valgrind (log above)" >&2
    failed=1
  fi
  grep -E "ERROR SUMMARY|definitely lost|in use at exit|All heap blocks" "$build/valgrind.log" \
    | sed 's/^==[0-9]*== /valgrind: /'
fi

echo "== C++ consumer: cmake + ctest (find_package(omnir 0), omnir::omnir)"
cmake -S tests/c/cpp_consumer -B "$build/cpp" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -Wno-dev >"$build/cmake.log" || { cat "$build/cmake.log" >&2; exit 1; }
cmake --build "$build/cpp" >"$build/cmake-build.log" 2>&1 || { cat "$build/cmake-build.log" >&2; exit 1; }
ctest --test-dir "$build/cpp" --output-on-failure

echo "== packages are relocatable: a copy of the prefix works through pkg-config and CMake"
rm -rf "$build/relocated"
cp -a "$prefix" "$build/relocated"
reloc_libdir=$(PKG_CONFIG_PATH=$build/relocated/lib/pkgconfig pkg-config --variable=libdir omnir)
[ "$(realpath "$reloc_libdir")" = "$(realpath "$build/relocated/lib")" ] \
  || { echo "omnir.pc is not relocatable: libdir=$reloc_libdir" >&2; exit 1; }
cmake -S tests/c/cpp_consumer/version_probe -B "$build/relocated-probe" -DOMNIR_REQUEST=0 \
  -DCMAKE_PREFIX_PATH="$build/relocated" >"$build/relocated-probe.log" \
  || { cat "$build/relocated-probe.log" >&2; exit 1; }
grep -q "relocated/lib/cmake/omnir" "$build/relocated-probe/CMakeCache.txt" \
  || { echo "find_package(omnir) did not pick the relocated copy" >&2; exit 1; }
echo "relocated prefix: ok"

echo "== static library: link libomnir.a (pkg-config --static) and run"
# shellcheck disable=SC2086
$CC -std=c11 -O1 $warn $cflags tests/c/static_smoke.c -o "$build/static_smoke" \
  "$libdir/libomnir.a" $(pkg-config --static --libs-only-l omnir | sed 's/-lomnir//')
"$build/static_smoke"

if [ "${OMNIR_NO_BENCH:-0}" != 1 ]; then
  echo "== bench: per-call overhead from C"
  # shellcheck disable=SC2086
  $CC -std=c11 -O2 $warn $cflags tests/c/bench_calls.c -o "$build/bench_calls" $libs -Wl,-rpath,"$libdir"
  "$build/bench_calls"
fi

# Binaries that use the core, for ci/check-abi.sh.
printf '%s\n' "$build/omnir_c_tests" "$build/stress" "$build/cpp/omnir_cpp_consumer" >"$build/binaries.txt"
[ -f "$build/bench_calls" ] && [ "${OMNIR_NO_BENCH:-0}" != 1 ] && echo "$build/bench_calls" >>"$build/binaries.txt"
true

if [ "$failed" != 0 ]; then
  echo "== C suites: FAILED (see above)" >&2
  exit 1
fi
