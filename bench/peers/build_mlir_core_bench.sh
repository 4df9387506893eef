#!/usr/bin/env bash
# Builds the upstream-MLIR (14, C++ API) peer of omnir's core-IR benchmark.
#
# Usage: bench/peers/build_mlir_core_bench.sh [OUT_DIR]
#   OUT_DIR defaults to target/peers; a relative OUT_DIR is taken relative to
#   the repository root (not the caller's cwd), so CI and humans agree on it.
# The last line printed is the absolute path of the binary.
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/../.." && pwd)"
src="$script_dir/mlir_core_bench.cpp"

out_dir="${1:-target/peers}"
case "$out_dir" in
  /*) ;;
  *) out_dir="$repo_root/$out_dir" ;;
esac
bin="$out_dir/mlir_core_bench"

llvm_dir=/usr/lib/llvm-14
# libMLIR.so (the unversioned dev symlink) ships in libmlir-14-dev; the real
# libMLIR.so.14 is in libmlir-14, which the dev package pulls in.
mlir_lib="$llvm_dir/lib/libMLIR.so"
mlir_hdr="$llvm_dir/include/mlir/IR/Builders.h"

# Rebuild only when the source or this script (which holds the flags) changed.
if [[ -x "$bin" && "$bin" -nt "$src" && "$bin" -nt "${BASH_SOURCE[0]}" ]]; then
  echo "$bin"
  exit 0
fi

if [[ ! -e "$mlir_lib" || ! -e "$mlir_hdr" ]] || ! command -v g++ >/dev/null; then
  echo "installing libmlir-14-dev (and g++) via apt-get..." >&2
  sudo_cmd=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null; then
      sudo_cmd=(sudo)
    else
      echo "error: need root or sudo to install libmlir-14-dev" >&2
      exit 1
    fi
  fi
  "${sudo_cmd[@]}" apt-get update >&2
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y libmlir-14-dev g++ >&2
fi

mkdir -p "$out_dir"
# -lLLVM-14 is required even though libMLIR depends on it: MLIR headers
# reference LLVM symbols directly (e.g. llvm::DisableABIBreakingChecks) and
# the linker refuses indirect DSO resolution. -rpath is required because
# libMLIR.so.14 lives only in /usr/lib/llvm-14/lib, outside ld.so's path.
# Build to a temp file and rename, so an interrupted build never leaves a
# fresh-looking but broken binary that the mtime check would accept.
g++ -std=c++17 -O2 \
  -I"$llvm_dir/include" \
  "$src" \
  -o "$bin.tmp" \
  -L"$llvm_dir/lib" -Wl,-rpath,"$llvm_dir/lib" \
  -lMLIR -lLLVM-14 >&2
mv -f "$bin.tmp" "$bin"

echo "$bin"
