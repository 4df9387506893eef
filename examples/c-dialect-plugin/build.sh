#!/usr/bin/env bash
# Builds the cplug dialect plugin (libcplug.so) against an INSTALLED omnir, found with
# pkg-config, separately from omnir's own build: it links libomnir.so.0 by SONAME (DT_NEEDED)
# and contains no copy of the core (ci/check-abi.sh checks both).
#
# The dialect is a definition file (cplug.irdl.mlir), embedded in the library; its typed C
# functions are generated from it here by the installed omnir-gen (OMNIR_GEN overrides).
#
# usage: examples/c-dialect-plugin/build.sh [PREFIX] [OUTDIR]
#   PREFIX  an omnir install prefix (default: whatever PKG_CONFIG_PATH finds)
#   OUTDIR  where libcplug.so goes (default: <repo>/target/cplug)
# The library gets a RUNPATH to PREFIX/lib, so it also loads on its own from a private
# prefix; loaded into a process that already has libomnir.so.0, it shares that one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if [ $# -ge 1 ] && [ -n "$1" ]; then
  export PKG_CONFIG_PATH=$(realpath -m "$1")/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
fi
out=$(realpath -m "${2:-$repo/target/cplug}")
mkdir -p "$out"
CC=${CC:-cc}

pkg-config --exists omnir || { echo "cplug: pkg-config cannot find omnir (give PREFIX or set PKG_CONFIG_PATH)" >&2; exit 1; }
libdir=$(realpath "$(pkg-config --variable=libdir omnir)")
# The typed functions of the dialect, generated from its definition by the installed
# generator (PREFIX/bin/omnir-gen, beside PREFIX/lib).
gen=${OMNIR_GEN:-$libdir/../bin/omnir-gen}
"$gen" c cplug --irdl-file "$here/cplug.irdl.mlir" -o "$out/cplug_dialect.h"
# shellcheck disable=SC2046
"$CC" -std=c11 -O2 -g -fPIC -shared -fvisibility=hidden \
  -Wall -Wextra -Werror -I"$out" -DCPLUG_DEFINITION="\"$here/cplug.irdl.mlir\"" \
  $(pkg-config --cflags omnir) "$here/cplug.c" -o "$out/libcplug.so.tmp" \
  -Wl,-soname,libcplug.so -Wl,--no-undefined -Wl,--as-needed \
  $(pkg-config --libs omnir) -ldl -Wl,-rpath,"$libdir"
mv "$out/libcplug.so.tmp" "$out/libcplug.so"
cp "$here/cplug.h" "$out/cplug.h"
echo "cplug: built $out/libcplug.so against omnir $(pkg-config --modversion omnir) ($libdir)"
