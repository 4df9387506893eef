#!/usr/bin/env bash
# Installs the Swift toolchain when `swift` is missing: Debian trixie's `swiftlang`, pinned
# low so that nothing else on the machine moves to trixie.
set -euo pipefail
command -v swift >/dev/null && exit 0
echo "== swift: not found; installing swiftlang from Debian trixie (low pin priority)"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
echo "deb http://deb.debian.org/debian trixie main" | $SUDO tee /etc/apt/sources.list.d/trixie.list >/dev/null
printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n' | $SUDO tee /etc/apt/preferences.d/trixie-pin >/dev/null
$SUDO apt-get -o DPkg::Lock::Timeout=1200 update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=1200 install -y -q -t trixie swiftlang >/dev/null
echo "== swift: installed; checking the rest of the machine still runs"
command -v cargo >/dev/null && cargo --version
command -v python3 >/dev/null && python3 -c 'import ssl, sqlite3, sys; print("python", sys.version.split()[0], "ok")'
command -v node >/dev/null && node -e 'console.log("node", process.version, "ok")'
true
