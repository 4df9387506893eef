#!/usr/bin/env bash
# Installs omnir for C and C++ users into PREFIX (honours DESTDIR, like `make install`):
#
#   PREFIX/lib/libomnir.so.0.MINOR.PATCH, libomnir.so.0 -> it, libomnir.so -> libomnir.so.0
#   PREFIX/lib/libomnir.a
#   PREFIX/include/omnir/omnir.h
#   PREFIX/lib/pkgconfig/omnir.pc                  (relocatable: ${pcfiledir})
#   PREFIX/lib/cmake/omnir/omnirConfig.cmake        (relocatable, target omnir::omnir)
#   PREFIX/lib/cmake/omnir/omnirConfigVersion.cmake (SameMajorVersion)
#
# usage: ci/install.sh PREFIX        e.g. ci/install.sh /usr/local
#        DESTDIR=/tmp/stage ci/install.sh /usr
# Builds the library first (ci/build-lib.sh, incremental) unless OMNIR_NO_BUILD=1.
# OMNIR_INSTALL_DEBUG=1 also installs the split debug info (PREFIX/lib/.debug/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: $0 PREFIX   (DESTDIR is honoured)" >&2
  exit 2
fi
prefix=$(realpath -m "$1")
dest=${DESTDIR:-}$prefix
build=${OMNIR_OUT:-$root/target/omnir}

[ "${OMNIR_NO_BUILD:-0}" = 1 ] || bash ci/build-lib.sh
version=$(cat "$build/VERSION")
IFS=. read -r major minor patch <<<"$version"
real=libomnir.so.$major.$minor.$patch
soname=libomnir.so.$major

echo "== install: omnir $version into $dest"
install -d "$dest/bin" "$dest/lib" "$dest/include/omnir" "$dest/lib/pkgconfig" "$dest/lib/cmake/omnir"
install -m 0755 "$build/bin/omnir-gen" "$dest/bin/omnir-gen"
install -m 0755 "$build/lib/$real" "$dest/lib/$real"
ln -sfn "$real" "$dest/lib/$soname"
ln -sfn "$soname" "$dest/lib/libomnir.so"
install -m 0644 "$build/lib/libomnir.a" "$dest/lib/libomnir.a"
install -m 0644 "$build/include/omnir/omnir.h" "$dest/include/omnir/omnir.h"
install -d "$dest/include/omnir/dialects"
install -m 0644 include/omnir/dialects/*.h "$dest/include/omnir/dialects/"
if [ "${OMNIR_INSTALL_DEBUG:-0}" = 1 ]; then
  install -d "$dest/lib/.debug"
  install -m 0644 "$build/lib/.debug/$real.debug" "$dest/lib/.debug/$real.debug"
fi

subst() {
  sed -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" -e "s|@REALNAME@|$real|g" \
    -e "s|@SONAME@|$soname|g" "$1" >"$2.tmp"
  chmod 0644 "$2.tmp"
  mv "$2.tmp" "$2"
}
subst pkgconfig/omnir.pc.in "$dest/lib/pkgconfig/omnir.pc"
subst pkgconfig/omnirConfig.cmake.in "$dest/lib/cmake/omnir/omnirConfig.cmake"
subst pkgconfig/omnirConfigVersion.cmake.in "$dest/lib/cmake/omnir/omnirConfigVersion.cmake"

# Run ldconfig for a system prefix so the loader cache knows the new SONAME.
case "$prefix" in
  /usr | /usr/local)
    if [ -z "${DESTDIR:-}" ] && [ "$(id -u)" = 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi ;;
esac
echo "== install: done"
