#!/usr/bin/env bash
# Builds, FOR THE UNIVERSE-GUARD TEST ONLY, a deliberately renamed second copy of the core:
# the static library of an installed omnir relinked exactly as ci/build-lib.sh links
# libomnir.so.0 (same version script: omnir_* only, version node OMNIR_<major>), but with
# SONAME libomnir_copy.so. Loading it by path next to libomnir.so.0 is what a bundled copy
# (an auditwheel-repaired wheel, a vendored core) does; the guard must catch it.
#
# usage: tests/universe/build-copy.sh PREFIX OUT_DIR      -> OUT_DIR/libomnir_copy.so
# The static library is PREFIX/lib/libomnir.a (the same objects as PREFIX's libomnir.so.0);
# OMNIR_COPY_STATICLIB=path overrides it (e.g. target/release/libomnir_core.a).
set -euo pipefail
prefix=$1
out=$2
CC=${CC:-cc}
staticlib=${OMNIR_COPY_STATICLIB:-$prefix/lib/libomnir.a}
[ -f "$staticlib" ] || { echo "build-copy: $staticlib not found" >&2; exit 1; }
version=$(readlink -f "$prefix/lib/libomnir.so.0" | sed -E 's/.*libomnir\.so\.([0-9]+)\..*/\1/')
mkdir -p "$out"
cat >"$out/omnir_copy.map" <<MAP
/* Same as ci/build-lib.sh's omnir.map. */
OMNIR_$version {
  global: omnir_*;
  local: *;
};
MAP
"$CC" -shared -fPIC \
  -Wl,--whole-archive "$staticlib" -Wl,--no-whole-archive \
  -Wl,--version-script="$out/omnir_copy.map" -Wl,-soname,libomnir_copy.so \
  -Wl,--gc-sections -Wl,-O1 -Wl,--as-needed -Wl,-z,relro,-z,now -Wl,-z,noexecstack \
  -o "$out/libomnir_copy.so.tmp" -lgcc_s -lpthread -ldl -lm -lc
mv "$out/libomnir_copy.so.tmp" "$out/libomnir_copy.so"
echo "build-copy: $out/libomnir_copy.so (SONAME libomnir_copy.so, from $(basename "$staticlib"))"
