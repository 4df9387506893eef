#!/usr/bin/env bash
# Builds the quant dialect on its own against an INSTALLED omnir with its C++ bridge (CMake,
# find_package(omnir COMPONENTS cxx)) and installs it into OUTDIR:
#   OUTDIR/lib/libquant_dialect.so{.0.1.0,.0,}   (RUNPATH $ORIGIN and PREFIX/lib)
#   OUTDIR/include/quant/{quant.h,QuantDialect.h}
#   OUTDIR/lib/cmake/quant_dialect/              (find_package(quant_dialect))
# Packages in other languages load OUTDIR/lib/libquant_dialect.so.0 (dlopen, default flags) or
# link it; either way it shares the process's one libomnir.so.0.
#
# usage: examples/quant-dialect/build.sh [PREFIX] [OUTDIR]
#   PREFIX  omnir's install prefix, with the bridge (default <repo>/target/omnir-install;
#           make it with: bash ci/install.sh PREFIX && bash ci/build-cxx.sh PREFIX)
#   OUTDIR  where the dialect is installed (default <repo>/target/quant-dialect)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
prefix=$(realpath -m "${1:-$repo/target/omnir-install}")
out=$(realpath -m "${2:-$repo/target/quant-dialect}")
build=$out/.build
[ -e "$prefix/lib/libomnir_cxx.so.0" ] || {
  echo "quant: no C++ bridge in $prefix (run: bash ci/install.sh $prefix && bash ci/build-cxx.sh $prefix)" >&2
  exit 1
}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() { "$@" >"$log" 2>&1 || { cat "$log" >&2; echo "quant: FAILED: $*" >&2; exit 1; }; }
run cmake -S "$here" -B "$build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release -Wno-dev
run cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"
run cmake --install "$build" --prefix "$out"
echo "quant: built $out/lib/libquant_dialect.so.0 against omnir in $prefix"
