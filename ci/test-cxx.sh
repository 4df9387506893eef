#!/usr/bin/env bash
# omnir's C++ bridge and an out-of-tree dialect written on it, against an INSTALLED omnir:
#   1. builds the bridge and installs it into PREFIX (ci/build-cxx.sh): libomnir_cxx.so.0,
#      include/omnir/cxx, omnir-cxx.pc; the CMake package's `cxx` component finds it;
#   2. builds examples/quant-dialect on its own with CMake (find_package(omnir COMPONENTS cxx))
#      and installs it into a staging prefix (target/cxx-test/quant-install);
#   3. builds tests/cxx with CMake against both installed packages and runs ctest: the bridge's
#      C++ unit tests, options/passes/patterns/pass manager from C++, the quant dialect from
#      C++, the generated op classes (omnir/cxx/dialects), the ABI handshake, issue 8's
#      scenario in C (the dialect dlopen'ed by SONAME with default flags), and the
#      concurrency stress test (its watchdog checked too);
#   4. the scenario, the bridge tests and the pass tests again under valgrind (no errors, no
#      definitely-lost bytes);
#   5. tiny consumers of the installed bridge: CMake find_package(omnir COMPONENTS cxx) and
#      pkg-config omnir-cxx, from PREFIX and from a relocated copy of it; a user's dialect
#      through omnir_add_dialect (op classes generated at build time); component probes;
#   6. the one-core rule for every binary (ci/check-abi.sh), and the bridge's own exports:
#      only omnir:: C++ symbols (no omnir_* function, no cxxbridge1$* symbol, nothing Rust);
#   7. the benchmarks: dialect load time and interface-query cost; generated op classes
#      against OperationState by hand (printed, never asserted).
# usage: ci/test-cxx.sh [PREFIX]      (default target/omnir-install, with omnir installed)
# Env: OMNIR_NO_VALGRIND=1 skips 4; OMNIR_NO_BENCH=1 skips 7; CXX, CC as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=$(realpath "${1:-target/omnir-install}")
build=$root/target/cxx-test
mkdir -p "$build"
case ":${PKG_CONFIG_PATH:-}:" in
  *":$prefix/lib/pkgconfig:"*) ;;
  *) export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} ;;
esac
CXX=${CXX:-c++}
jobs=$(nproc 2>/dev/null || echo 2)
cmake_q() { # cmake_q LOG args... : quiet unless it fails
  local log=$1
  shift
  cmake "$@" >"$log" 2>&1 || { cat "$log" >&2; echo "== test-cxx: FAILED: cmake $*" >&2; exit 1; }
}

echo "== C++ bridge: build and install into $prefix"
bash ci/build-cxx.sh "$prefix"

echo "== the installed headers alone: strict C++17 (and quant.h as C99)"
for h in Support IR Dialect Pass; do
  echo "#include <omnir/cxx/$h.h>" | "$CXX" -std=c++17 -pedantic -Werror -Wall -Wextra -Wshadow -Wconversion \
    -Wno-sign-conversion -I"$prefix/include" -x c++ -fsyntax-only -
done
# Every generated dialect header, together in one unit (names must not collide across them).
for h in "$prefix"/include/omnir/cxx/dialects/*.h; do echo "#include <omnir/cxx/dialects/$(basename "$h")>"; done \
  | "$CXX" -std=c++17 -pedantic -Werror -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion \
    -I"$prefix/include" -x c++ -fsyntax-only -
echo '#include <quant/quant.h>' | ${CC:-cc} -std=c99 -pedantic -Werror -Wall -Wextra -I"$prefix/include" \
  -Iexamples/quant-dialect/include -x c -fsyntax-only -
echo "headers: ok"

echo "== quant dialect: built on its own (CMake, find_package(omnir COMPONENTS cxx))"
quant_prefix=$build/quant-install
rm -rf "$quant_prefix"
bash examples/quant-dialect/build.sh "$prefix" "$quant_prefix"
quant_lib=$(readlink -f "$quant_prefix/lib/libquant_dialect.so.0")
echo "quant: $quant_lib"

echo "== C++ tests and the C scenario: cmake + ctest"
cmake_q "$build/tests-configure.log" -S tests/cxx -B "$build/tests" \
  -DCMAKE_PREFIX_PATH="$prefix;$quant_prefix" -DCMAKE_BUILD_TYPE=Release -Wno-dev
cmake_q "$build/tests-build.log" --build "$build/tests" -j "$jobs"
ctest --test-dir "$build/tests" --output-on-failure
"$build/tests/scenario" | tail -3
"$build/tests/stress" | tail -3
# The stress test's watchdog: a worker deadlocks on purpose inside its pass; the run must fail
# (status 3) naming the stuck thread and step instead of hanging.
status=0
OMNIR_STRESS_HANG=1 OMNIR_STRESS_TIMEOUT=2 OMNIR_STRESS_ITERS=50 "$build/tests/stress" >"$build/stress-hang.txt" 2>&1 \
  || status=$?
if [ "$status" != 3 ] || ! grep -q "worker 0 (tid [0-9]*) is stuck at iteration 2 in step 'deliberate deadlock in the pass'" \
  "$build/stress-hang.txt"; then
  cat "$build/stress-hang.txt" >&2
  echo "== test-cxx: the stress test's watchdog did not turn a deadlock into a failure (status $status)" >&2
  exit 1
fi
echo "stress watchdog: a deliberate deadlock fails in 2 s naming the stuck thread: ok"

failed=0
if [ "${OMNIR_NO_VALGRIND:-0}" != 1 ] && command -v valgrind >/dev/null; then
  echo "== scenario, bridge, definitions and pass tests under valgrind"
  for t in scenario bridge_tests definitions_tests pass_tests; do
    if valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
      --show-leak-kinds=definite --log-file="$build/valgrind-$t.log" "$build/tests/$t" >"$build/valgrind-$t.out" 2>&1 \
      && grep -qE '^[0-9]+ passed, 0 failed$' "$build/valgrind-$t.out"; then
      echo "$t: $(tail -1 "$build/valgrind-$t.out"); $(grep -E "ERROR SUMMARY" "$build/valgrind-$t.log" | sed 's/^==[0-9]*== //')"
    else
      cat "$build/valgrind-$t.log" >&2
      echo "== $t: FAILED under valgrind (log above)" >&2
      failed=1
    fi
  done
fi

echo "== consumers of the installed bridge"
# CMake: find_package(omnir COMPONENTS cxx) + omnir::cxx.
cmake_q "$build/consumer-configure.log" -S tests/cxx/consumer -B "$build/consumer-cmake" \
  -DCMAKE_PREFIX_PATH="$prefix" -Wno-dev
cmake_q "$build/consumer-build.log" --build "$build/consumer-cmake"
"$build/consumer-cmake/omnir_cxx_consumer"
echo "find_package(omnir COMPONENTS cxx): ok"
# pkg-config omnir-cxx (Requires: omnir).
pc_flags=$(pkg-config --cflags --libs omnir-cxx)
libdir=$(realpath "$(pkg-config --variable=libdir omnir-cxx)")
# shellcheck disable=SC2086
"$CXX" -std=c++17 -Wall -Wextra -Werror tests/cxx/consumer/consumer.cpp -o "$build/consumer-pkgconfig" \
  $pc_flags -Wl,-rpath,"$libdir"
"$build/consumer-pkgconfig"
echo "pkg-config omnir-cxx ($pc_flags): ok"
# A user's dialect: omnir_add_dialect generates its op classes from the definition file with
# the installed bin/omnir-gen at build time.
cmake_q "$build/dialect-consumer-configure.log" -S tests/cxx/dialect-consumer -B "$build/dialect-consumer" \
  -DCMAKE_PREFIX_PATH="$prefix" -Wno-dev
cmake_q "$build/dialect-consumer-build.log" --build "$build/dialect-consumer"
printed=$("$build/dialect-consumer/cmath_app")
expected='%1 = "cmath.norm"(%0) : (!cmath.complex<f32>) -> f32'
[ "$printed" = "$expected" ] || { echo "omnir_add_dialect consumer printed '$printed', expected '$expected'" >&2; exit 1; }
echo "omnir_add_dialect (cmath from tests/definitions/cmath.irdl.mlir): ok"
# Relocated: a copy of the prefix works through both.
rm -rf "$build/relocated"
cp -a "$prefix" "$build/relocated"
reloc_libdir=$(PKG_CONFIG_PATH=$build/relocated/lib/pkgconfig pkg-config --variable=libdir omnir-cxx)
[ "$(realpath "$reloc_libdir")" = "$(realpath "$build/relocated/lib")" ] \
  || { echo "omnir-cxx.pc is not relocatable: libdir=$reloc_libdir" >&2; exit 1; }
cmake_q "$build/relocated-configure.log" -S tests/cxx/consumer -B "$build/consumer-relocated" \
  -DCMAKE_PREFIX_PATH="$build/relocated" -Wno-dev
grep -q "relocated/lib/cmake/omnir" "$build/consumer-relocated/CMakeCache.txt" \
  || { echo "find_package(omnir COMPONENTS cxx) did not pick the relocated copy" >&2; exit 1; }
cmake_q "$build/relocated-build.log" --build "$build/consumer-relocated"
"$build/consumer-relocated/omnir_cxx_consumer" >/dev/null
readelf -d "$build/consumer-relocated/omnir_cxx_consumer" | grep -q "relocated/lib" \
  || { echo "the relocated consumer does not link the relocated bridge" >&2; exit 1; }
echo "relocated prefix: ok"
# Component probes: cxx found; an unknown component, or a prefix without the bridge, refused.
probe() { # probe NAME PREFIX COMPONENT
  cmake -S tests/cxx/component_probe -B "$build/probe-$1" -DCMAKE_PREFIX_PATH="$2" -DOMNIR_COMPONENT="$3" \
    -Wno-dev >"$build/probe-$1.log" 2>&1
}
probe cxx "$prefix" cxx || { cat "$build/probe-cxx.log" >&2; echo "COMPONENTS cxx not found" >&2; exit 1; }
if probe nosuch "$prefix" nosuch; then echo "COMPONENTS nosuch was accepted" >&2; exit 1; fi
grep -q "has no component 'nosuch'" "$build/probe-nosuch.log" || { cat "$build/probe-nosuch.log" >&2; exit 1; }
rm -rf "$build/no-bridge"
cp -a "$build/relocated" "$build/no-bridge"
rm -f "$build/no-bridge"/lib/libomnir_cxx.so*
if probe no-bridge "$build/no-bridge" cxx; then echo "COMPONENTS cxx accepted without the bridge" >&2; exit 1; fi
grep -q "component cxx (the C++ bridge) is not installed" "$build/probe-no-bridge.log" \
  || { cat "$build/probe-no-bridge.log" >&2; exit 1; }
echo "component probes (cxx found; unknown and missing components refused): ok"

echo "== the bridge's exports and the one-core rule"
bridge=$(readlink -f "$prefix/lib/libomnir_cxx.so.0")
abi_fail() { echo "test-cxx: FAIL: $*" >&2; failed=1; }
[ "$(readelf -d "$bridge" | sed -nE 's/.*\(SONAME\).*\[(.*)\]/\1/p')" = libomnir_cxx.so.0 ] || abi_fail "bridge SONAME"
readelf -d "$bridge" | grep -q '(NEEDED).*\[libomnir\.so\.0\]' || abi_fail "bridge does not NEED libomnir.so.0"
# Every exported symbol belongs to the omnir:: C++ API (functions, typeinfo, vtables).
others=$(nm -D --defined-only "$bridge" | awk '$2 != "A" {print $3}' | sed 's/@.*//' | c++filt \
  | grep -vE '^((typeinfo|typeinfo name|vtable) for )?omnir::' || true)
[ -z "$others" ] || abi_fail "the bridge exports symbols outside omnir::: $(echo "$others" | head -5)"
if nm -D "$bridge" | grep -q 'cxxbridge'; then abi_fail "the bridge exports cxxbridge symbols"; fi
if nm -D --defined-only "$bridge" | awk '{print $3}' | grep -q '^omnir_'; then abi_fail "the bridge defines omnir_*"; fi
if nm -D --defined-only "$quant_lib" | awk '{print $3}' | grep -qE '^(omnir_|_ZN5omnir)'; then
  abi_fail "the dialect library exports omnir_* or omnir:: symbols"
fi
nm -D --defined-only "$quant_lib" | awk '{print $3}' | grep -q '^quant_register$' || abi_fail "quant_register not exported"
readelf -d "$quant_lib" | grep -q '(NEEDED).*\[libomnir_cxx\.so\.0\]' || abi_fail "the dialect does not NEED libomnir_cxx.so.0"
echo "bridge: $(nm -D --defined-only "$bridge" | awk '$2 != "A"' | wc -l) exported symbols, all omnir:: C++;" \
  "dialect: $(nm -D --defined-only "$quant_lib" | awk '{print $3}' | grep -c '^quant_') quant_* C entry points"
binaries=("$bridge" "$quant_lib")
for b in bridge_tests definitions_tests pass_tests stress quant_tests abi_mismatch scenario bench_quant bench_generated generated_tests libpx_dialect.so.0; do binaries+=("$build/tests/$b"); done
binaries+=("$build/consumer-cmake/omnir_cxx_consumer" "$build/consumer-pkgconfig")
OMNIR_ABI_NO_CARGO=1 bash ci/check-abi.sh "$prefix" "${binaries[@]}" | grep -vE '^check-abi: ok: (exported|every|no Rust|version|SONAME|libomnir\.a)'

if [ "${OMNIR_NO_BENCH:-0}" != 1 ]; then
  echo "== bench: dialect load time and interface queries through the registry"
  "$build/tests/bench_quant" "${OMNIR_CXX_BENCH_ITERS:-2000000}"
  "$build/tests/bench_generated" 100000
fi

if [ "$failed" != 0 ]; then
  echo "== test-cxx: FAILED (see above)" >&2
  exit 1
fi
echo "== test-cxx: all passed"
