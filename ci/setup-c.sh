#!/usr/bin/env bash
# Installs what the C/C++ packaging checks need on a fresh Debian machine (idempotent: each
# tool is checked first, so a prepared machine pays nothing): a C and C++ compiler,
# pkg-config, cmake (with ctest), valgrind, binutils (nm, readelf, objcopy, strip) and perl.
set -euo pipefail

need=()
command -v cc >/dev/null || need+=(gcc libc6-dev)
command -v c++ >/dev/null || need+=(g++)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v cmake >/dev/null || need+=(cmake)
command -v ctest >/dev/null || need+=(cmake)
command -v valgrind >/dev/null || need+=(valgrind)
command -v readelf >/dev/null || need+=(binutils)
command -v objcopy >/dev/null || need+=(binutils)
command -v perl >/dev/null || need+=(perl-base)
if [ "${#need[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "== setup-c: apt-get install ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
