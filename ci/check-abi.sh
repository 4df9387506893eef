#!/usr/bin/env bash
# Checks the one-core rule and the ABI of an installed omnir (DESIGN.md, "The one-core rule"):
#
#   - libomnir.so.0 exports exactly the functions declared in include/omnir/omnir.h, each
#     with the symbol version OMNIR_<major>, and nothing else (no Rust-mangled _ZN/_R symbol,
#     no symbol of a dependency crate);
#   - its SONAME is libomnir.so.<major> and the version node is defined;
#   - libomnir.a defines every function of the header;
#   - every binary given (C tests, the C++ consumer, the Python extension, the Node addon...)
#     lists NEEDED libomnir.so.0 and defines no omnir_* symbol of its own (no copy of the core);
#   - so do the Rust clients' own binaries: the test executables and examples of omnir-sys and
#     of the safe client `omnir` (bindings/rust), built here against PREFIX with cargo (when run
#     in the repository with cargo available; OMNIR_ABI_NO_CARGO=1 skips them);
#   - prints the stripped size of libomnir.so (goal: at most 3 MB) and the exported count.
#
# usage: ci/check-abi.sh PREFIX [BINARY...]
#        OMNIR_ABI_BINARIES="a b" ci/check-abi.sh PREFIX     (same, from the environment)
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 PREFIX [BINARY...]" >&2
  exit 2
fi
prefix=$1
shift
binaries=("$@")
# shellcheck disable=SC2206
[ -n "${OMNIR_ABI_BINARIES:-}" ] && binaries+=(${OMNIR_ABI_BINARIES})

# --- the Rust clients' binaries (tests and examples of omnir-sys and omnir), built against
# this prefix. PKG_CONFIG_PATH is only prepended when missing, so that a caller exporting the
# same value (ci/test.sh) does not see omnir-sys rebuilt for a different environment.
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "${OMNIR_ABI_NO_CARGO:-0}" != 1 ] && command -v cargo >/dev/null && [ -f "$repo/bindings/rust/Cargo.toml" ]; then
  pc=$(realpath -m "$prefix")/lib/pkgconfig
  case ":${PKG_CONFIG_PATH:-}:" in
    *":$pc:"*) ;;
    *) export PKG_CONFIG_PATH=$pc${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} ;;
  esac
  echo "check-abi: building the Rust clients' tests and examples (omnir-sys, omnir)"
  # Integration tests (`--test '*'`: the libraries' own unit-test harnesses call nothing of
  # omnir, so their linker rightly drops the NEEDED entry) and the examples, built as programs.
  exe() { sed -n 's/.*"executable":"\([^"]*\)".*/\1/p'; }
  rust_bins=$(cd "$repo" && {
    cargo test -q --locked -p omnir-sys -p omnir --test '*' --no-run --message-format=json 2>/dev/null | exe
    cargo build -q --locked -p omnir --examples --message-format=json 2>/dev/null | exe
  } | sort -u) || { echo "check-abi: FAIL: cargo could not build the Rust clients' binaries" >&2; exit 1; }
  [ -n "$rust_bins" ] || { echo "check-abi: FAIL: no Rust client binary was built" >&2; exit 1; }
  while IFS= read -r b; do binaries+=("$b"); done <<<"$rust_bins"
fi

lib=$prefix/lib/libomnir.so.0
header=$prefix/include/omnir/omnir.h
fail=0
err() {
  echo "check-abi: FAIL: $*" >&2
  fail=1
}
ok() { echo "check-abi: ok: $*"; }

[ -e "$lib" ] || { echo "check-abi: $lib not found (run ci/install.sh $prefix)" >&2; exit 1; }
[ -f "$header" ] || { echo "check-abi: $header not found" >&2; exit 1; }
real=$(readlink -f "$lib")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Functions declared in the header: comments removed, then every `omnir_name(` (function
# pointer typedefs read `(*omnir_name)(` and are not matched).
perl -0777 -ne 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g; s{static\s+inline\b.*?\n\}}{}gs; print "$1\n" while /\b(omnir_\w+)\s*\((?!\s*\*)/g' "$header" \
  | sort -u >"$tmp/header"

# --- the library's dynamic symbols
nm -D --defined-only --with-symbol-versions "$real" >"$tmp/dyn"
major=$(sed -E 's/.*libomnir\.so\.([0-9]+)\..*/\1/' <<<"$(basename "$real")")
node=OMNIR_$major
awk '{print $3}' "$tmp/dyn" | sed -E 's/@.*//' | grep -v "^$node\$" | sort -u >"$tmp/exported"

if cmp -s "$tmp/header" "$tmp/exported"; then
  ok "exported functions == header functions ($(wc -l <"$tmp/exported"))"
else
  err "exported dynamic symbols differ from the header's functions:"
  comm -3 "$tmp/header" "$tmp/exported" | sed -E 's/^\t/    exported, not in header: /; t; s/^/    in header, not exported: /' >&2
fi
if grep -vE " (omnir_[A-Za-z0-9_]+@@$node|$node@@$node|$node)\$" "$tmp/dyn" | grep . >/dev/null; then
  err "symbols without the version node $node or outside omnir_*:"
  grep -vE " (omnir_[A-Za-z0-9_]+@@$node|$node@@$node|$node)\$" "$tmp/dyn" | head -20 >&2
else
  ok "every exported symbol is omnir_* with version $node"
fi
if nm -D "$real" | awk '{print $NF}' | grep -E '^(_ZN|_R[A-Z0-9])' >/dev/null; then
  err "Rust-mangled symbols in the dynamic symbol table:"
  nm -D "$real" | awk '{print $NF}' | grep -E '^(_ZN|_R[A-Z0-9])' | head -10 >&2
else
  ok "no Rust-mangled symbol (_ZN/_R) in the dynamic symbol table"
fi
if readelf -V "$real" | grep "Name: $node" >/dev/null; then
  ok "version node $node defined"
else
  err "version node $node not defined (readelf -V)"
fi
soname=$(readelf -d "$real" | sed -nE 's/.*\(SONAME\).*\[(.*)\]/\1/p')
if [ "$soname" = "libomnir.so.$major" ]; then
  ok "SONAME $soname ($(basename "$real"))"
else
  err "SONAME is '$soname', expected libomnir.so.$major"
fi
if [ "$(readlink "$prefix/lib/libomnir.so")" != "libomnir.so.$major" ] || [ "$(readlink "$prefix/lib/libomnir.so.$major")" != "$(basename "$real")" ]; then
  err "symlinks: expected libomnir.so -> libomnir.so.$major -> $(basename "$real")"
fi
if readelf -d "$real" | grep -E '\((RPATH|RUNPATH)\)' >/dev/null; then
  err "libomnir.so has an RPATH/RUNPATH"
fi

# --- the static library
if [ -f "$prefix/lib/libomnir.a" ]; then
  nm --defined-only "$prefix/lib/libomnir.a" 2>/dev/null | awk '$2 == "T" {print $3}' | grep '^omnir_' | sort -u >"$tmp/static"
  if cmp -s "$tmp/header" "$tmp/static"; then
    ok "libomnir.a defines the header's functions"
  else
    err "libomnir.a's omnir_* functions differ from the header:"
    comm -3 "$tmp/header" "$tmp/static" | head -20 >&2
  fi
else
  err "$prefix/lib/libomnir.a missing"
fi

# --- binaries that use the core
for bin in "${binaries[@]}"; do
  [ -n "$bin" ] || continue
  if [ ! -f "$bin" ]; then
    err "$bin: not found"
    continue
  fi
  if readelf -d "$bin" | grep "(NEEDED).*\[libomnir\.so\.$major\]" >/dev/null; then
    b_ok=1
  else
    err "$bin: no NEEDED libomnir.so.$major (readelf -d)"
    b_ok=0
  fi
  if nm -D --defined-only "$bin" 2>/dev/null | awk '{print $3}' | grep '^omnir_' >/dev/null; then
    err "$bin: defines omnir_* dynamic symbols (a copy of the core?):"
    nm -D --defined-only "$bin" | awk '{print $3}' | grep '^omnir_' | head -5 >&2
    b_ok=0
  fi
  # A static copy may hide its symbols from the dynamic table; its symtab still names them.
  nm --defined-only "$bin" 2>/dev/null | awk '$2 ~ /^[Tt]$/ {print $3}' | sort -u >"$tmp/bin_syms" || true
  if comm -12 "$tmp/header" "$tmp/bin_syms" | grep . >/dev/null; then
    err "$bin: contains the core's own functions (statically linked copy):"
    comm -12 "$tmp/header" "$tmp/bin_syms" | head -5 >&2
    b_ok=0
  fi
  [ "$b_ok" = 1 ] && ok "$bin: NEEDED libomnir.so.$major, no omnir_* of its own"
done

# --- size
strip -o "$tmp/stripped.so" "$real"
size=$(stat -c %s "$tmp/stripped.so")
limit=$((3 * 1024 * 1024))
verdict="within the 3 MB goal"
[ "$size" -le "$limit" ] || verdict="OVER the 3 MB goal"
echo "check-abi: libomnir.so stripped size: $size bytes ($(awk -v b="$size" 'BEGIN { printf "%.2f", b / 1048576 }') MB, $verdict); $(wc -l <"$tmp/exported") exported functions"

if [ "$fail" != 0 ]; then
  echo "check-abi: FAILED" >&2
  exit 1
fi
echo "check-abi: all checks passed"
