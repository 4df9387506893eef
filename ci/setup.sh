#!/usr/bin/env bash
# Installs what omnir's build and tests need on a fresh Debian machine. Idempotent: each
# step checks first, so a prepared machine pays nothing.
set -euo pipefail

need_apt=()
command -v cc >/dev/null || need_apt+=(build-essential)
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
if [ "${#need_apt[@]}" -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup (https://rustup.rs) first" >&2
  exit 1
fi
for component in clippy rustfmt; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
done
