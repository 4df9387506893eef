#!/usr/bin/env bash
# The Swift package (swift/) against an INSTALLED omnir:
#   1. installs the Swift toolchain when `swift` is missing: Debian trixie's `swiftlang`
#      (Swift 6.0), from the trixie suite added with a LOW pin priority (100) so that nothing
#      else is taken from trixie unless asked; it upgrades glibc and libstdc++ on the way, so
#      the script then checks that cargo, python3 and node still run;
#   2. builds the C dialect plugin examples/c-dialect-plugin separately, against PREFIX;
#   3. swift build (SwiftPM reads omnir.pc through PKG_CONFIG_PATH), swift test (XCTest; its
#      closing line is XCTest's summary), swift run omnir-example; then a consumer package of
#      its own (target/swift-consumer, tools 6.0) depending on swift/ by path, built with
#      `-Xlinker -rpath -Xlinker PREFIX/lib` and run without LD_LIBRARY_PATH;
#   4. the quant dialect's Swift package (examples/quant-dialect/swift-quant), built on its own:
#      the dialect library first (examples/quant-dialect/build.sh against PREFIX, into
#      target/quant-dialect; the C++ bridge is built into PREFIX first if it is missing), then
#      swift build + swift test of the package, which runs issue 8's scenario in one process;
#   5. the one-core check (ci/check-abi.sh) on the Swift binaries and the plugin;
#   6. the build-and-walk benchmark, Swift (release build) beside C, printed, never asserted.
#
# How the Swift binaries find libomnir.so.0: SwiftPM drops `-Wl,-rpath` flags that come from
# .pc files, so this script sets LD_LIBRARY_PATH=PREFIX/lib when it runs them (a prefix the
# loader already searches, such as /usr/local/lib after ldconfig, needs nothing). The
# consumer package (3) uses the other honest way: an rpath given on the command line
# (`swift build -Xlinker -rpath -Xlinker PREFIX/lib`), which SwiftPM does pass on. The quant
# package's test binary finds libquant_dialect.so.0 through the rpath its Package.swift adds.
#
# usage: ci/test-swift.sh [PREFIX]      (default target/omnir-install)
# Env: OMNIR_NO_BENCH=1 skips 6; OMNIR_CORPUS overrides ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=$(realpath "${1:-target/omnir-install}")
[ -f "$prefix/lib/pkgconfig/omnir.pc" ] || { echo "test-swift: $prefix has no omnir.pc (run ci/install.sh $prefix)" >&2; exit 1; }

# --- 1. toolchain
bash ci/prefetch.sh wait swift
bash ci/install-swift.sh
swift --version 2>&1 | head -1

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export LD_LIBRARY_PATH=$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# --- 2. the plugin, built on its own against the installed library
echo "== cplug: build the C dialect plugin against $prefix"
plugin_dir=$root/target/cplug
bash examples/c-dialect-plugin/build.sh "$prefix" "$plugin_dir"
export OMNIR_CPLUG_LIB=$plugin_dir/libcplug.so

# SwiftPM caches what it read from omnir.pc (and what a manifest read from the environment)
# and does not notice when it changes: start from a clean .build when the stamp differs.
fresh_build_dir() { # fresh_build_dir STAMP_TEXT : in the package directory
  local stamp=.build/omnir-pc.stamp
  if [ -d .build ] && [ "$(cat "$stamp" 2>/dev/null)" != "$1" ]; then
    echo "== swift: omnir.pc or the package's environment changed since the last build; removing $PWD/.build"
    rm -rf .build
  fi
  mkdir -p .build
  echo "$1" >"$stamp"
}
pc_stamp="$(pkg-config --path omnir) $(sha256sum "$(pkg-config --path omnir)" | cut -d' ' -f1)"

# swift_build_and_test NAME : swift build --build-tests, then swift test, in the current
# package; the test log's closing line is XCTest's summary, which must report 0 failures.
swift_build_and_test() {
  echo "== swift build $1 (debug, with tests)"
  if ! swift build --build-tests >.build/swift-build.log 2>&1; then
    cat .build/swift-build.log >&2
    echo "== swift build $1: FAILED" >&2
    exit 1
  fi
  grep -vE '^\[[0-9]+/[0-9]+\] ' .build/swift-build.log || true
  echo "== swift test $1"
  set +e
  swift test --skip-build --disable-swift-testing 2>&1 | tee .build/swift-test.log \
    | grep -vE "^Test (Case|Suite) '.*' (started|passed)"
  local test_status=${PIPESTATUS[0]}
  set -e
  local summary
  summary=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' .build/swift-test.log | tail -1)
  if [ "$test_status" != 0 ] || ! grep -qE 'with 0 failures' <<<"$summary"; then
    echo "== swift test $1: FAILED" >&2
    exit 1
  fi
}

# --- 3. build, test, example
cd "$root/swift"
fresh_build_dir "$pc_stamp"
swift_build_and_test Omnir

echo "== swift run omnir-example"
swift run --skip-build omnir-example
bin=$(swift build --show-bin-path)

# --- 3b. a consumer package, as docs/swift.md tells a user to write one: its own Package.swift
# (tools 6.0, so Swift 6 language mode, as `swift package init` makes it) depending on swift/
# by path, built with the library's directory as an rpath given on the command line
# (`-Xlinker -rpath`, which SwiftPM passes on), then run WITHOUT LD_LIBRARY_PATH.
echo "== consumer: a package of its own depending on swift/ by path (rpath from the command line)"
consumer=$root/target/swift-consumer
mkdir -p "$consumer/Sources/consumer" "$consumer/Sources/cmath-app"
write_if_changed() { # write_if_changed FILE : stdin into FILE unless identical (keeps SwiftPM's cache)
  local tmp="$1.new"
  cat >"$tmp"
  if cmp -s "$tmp" "$1"; then rm -f "$tmp"; else mv "$tmp" "$1"; fi
}
write_if_changed "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(path: "$root/swift")],
    targets: [
        .executableTarget(name: "consumer", dependencies: [.product(name: "Omnir", package: "swift")]),
        // A dialect of its own: OmnirGen writes cmath.swift from cmath.irdl.mlir at build
        // time; the same file is a resource the program loads into its context.
        .executableTarget(name: "cmath-app", dependencies: [.product(name: "Omnir", package: "swift")],
                          resources: [.copy("cmath.irdl.mlir")],
                          plugins: [.plugin(name: "OmnirGen", package: "swift")]),
    ]
)
MANIFEST
write_if_changed "$consumer/Sources/consumer/main.swift" <<'SOURCE'
import Omnir

let ctx = Context(allowUnregisteredDialects: true)
let module = try Module.parse("\"test.op\"() {value = 42 : i32} : () -> ()", context: ctx)
let i32 = try IntegerType(width: 32, context: ctx).type
_ = try Operation.create(name: "test.other", results: [i32], location: ctx.unknownLocation,
                         at: InsertionPoint(try module.body))
try module.verify()
var names: [String] = []
try module.operation.walk { op in names.append(try op.name) }
if let memref = MemRefType(try Type.parse("memref<4x?xf32>", context: ctx)) {
    print("consumer: walked \(names.joined(separator: ", ")); \(memref) has rank \(try memref.rank)")
}
SOURCE
write_if_changed "$consumer/Sources/cmath-app/cmath.irdl.mlir" <"$root/tests/definitions/cmath.irdl.mlir"
write_if_changed "$consumer/Sources/cmath-app/main.swift" <"$root/tests/swift/cmath-app.swift"
cd "$consumer"
fresh_build_dir "$pc_stamp rpath=$prefix/lib"
swift build -Xlinker -rpath -Xlinker "$prefix/lib" >.build/swift-build.log 2>&1 \
  || { cat .build/swift-build.log >&2; echo "== consumer: build FAILED" >&2; exit 1; }
consumer_bin=$(swift build --show-bin-path)/consumer
readelf -d "$consumer_bin" | grep -q "RUNPATH.*$prefix/lib" \
  || { echo "== consumer: $consumer_bin has no RUNPATH $prefix/lib" >&2; exit 1; }
env -u LD_LIBRARY_PATH "$consumer_bin"
printed=$(env -u LD_LIBRARY_PATH "$(swift build --show-bin-path)/cmath-app")
expected='%1 = "cmath.norm"(%0) : (!cmath.complex<f32>) -> f32'
[ "$printed" = "$expected" ] || { echo "== consumer: cmath-app printed '$printed', expected '$expected'" >&2; exit 1; }
echo "OmnirGen plugin (cmath from tests/definitions/cmath.irdl.mlir, in a package of its own): ok"

# --- 4. the quant dialect's Swift package, against the dialect built on its own
quant_out=$root/target/quant-dialect
if [ ! -e "$prefix/lib/libomnir_cxx.so.0" ]; then
  echo "== quant: no C++ bridge in $prefix; building it (ci/build-cxx.sh)"
  bash "$root/ci/build-cxx.sh" "$prefix"
fi
# CMake remembers where it found omnir: a dialect built against another prefix (or another
# header) is rebuilt from scratch; otherwise build.sh is an incremental no-op.
quant_stamp="$prefix $(sha256sum "$prefix/include/omnir/omnir.h" "$prefix/lib/libomnir_cxx.so.0" | cut -d' ' -f1 | tr '\n' ' ')"
if [ -d "$quant_out" ] && [ "$(cat "$quant_out/.built-against" 2>/dev/null)" != "$quant_stamp" ]; then
  echo "== quant: built against another omnir; rebuilding $quant_out"
  rm -rf "$quant_out"
fi
echo "== quant: build the dialect against $prefix (examples/quant-dialect/build.sh)"
bash "$root/examples/quant-dialect/build.sh" "$prefix" "$quant_out"
echo "$quant_stamp" >"$quant_out/.built-against"
export QUANT_DIALECT_PREFIX=$quant_out

cd "$root/examples/quant-dialect/swift-quant"
fresh_build_dir "$pc_stamp QUANT_DIALECT_PREFIX=$QUANT_DIALECT_PREFIX"
swift_build_and_test Quant
quant_bin=$(swift build --show-bin-path)
readelf -d "$quant_bin/QuantPackageTests.xctest" | grep -q '(NEEDED).*\[libquant_dialect\.so\.0\]' || {
  echo "== quant: the Swift test binary does not NEED libquant_dialect.so.0" >&2
  exit 1
}

# --- 5. one core
echo "== one-core rule: the Swift binaries and the plugin"
OMNIR_ABI_NO_CARGO=1 bash "$root/ci/check-abi.sh" "$prefix" "$bin/OmnirPackageTests.xctest" "$bin/omnir-example" \
  "$OMNIR_CPLUG_LIB" "$quant_bin/QuantPackageTests.xctest"

# --- 6. benchmark
cd "$root/swift"
if [ "${OMNIR_NO_BENCH:-0}" != 1 ]; then
  echo "== bench: build 100k ops and walk them, Swift (release) beside C"
  swift build -c release --product omnir-bench >.build/swift-build-release.log 2>&1 \
    || { cat .build/swift-build-release.log >&2; exit 1; }
  cbench=$root/target/omnir-swift-bench/build_walk
  mkdir -p "$(dirname "$cbench")"
  # shellcheck disable=SC2046
  ${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror $(pkg-config --cflags omnir) Benchmarks/build_walk.c -o "$cbench" \
    $(pkg-config --libs omnir)
  c_out=$("$cbench" 100000)
  swift_out=$("$(swift build -c release --show-bin-path)/omnir-bench" 100000)
  awk -v c="$c_out" -v s="$swift_out" 'BEGIN {
    n = split(c, cl, "\n"); for (i = 1; i <= n; i++) { split(cl[i], f, " "); cv[f[1]] = f[2] }
    n = split(s, sl, "\n"); for (i = 1; i <= n; i++) { split(sl[i], f, " "); sv[f[1]] = f[2] }
    label["build_reused"] = "build (reused OperationState + insert)"
    label["build_fresh"] = "build (Operation.create per op + insert)"
    label["walk"] = "walk (pre-order, count)"
    printf "bench: %-42s %10s %10s %8s\n", "100k ops, ns/op", "Swift", "C", "Swift/C"
    split("build_reused build_fresh walk", keys, " ")
    for (k = 1; k <= 3; k++) { key = keys[k]
      printf "bench: %-42s %10.1f %10.1f %7.1fx\n", label[key], sv[key], cv[key], sv[key] / cv[key] }
  }'
fi
echo "== swift: all done"
