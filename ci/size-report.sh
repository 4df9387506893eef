#!/usr/bin/env bash
# Size of libomnir.so.0 (stripped) and the share of each shipped dialect in it: the code of
# the functions in its Rust hooks (symbols under `omnir_core::dialects::<name>`, read from the
# split debug file ci/build-lib.sh keeps) plus its embedded definition file. Code the
# compiler inlined into core functions, and core code the dialect uses, count as core.
# Usage: bash ci/size-report.sh [lib dir]   (default target/omnir/lib, after ci/build-lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target/omnir/lib}
lib=$(ls "$dir"/libomnir.so.0.*.* | head -1)
debug="$dir/.debug/$(basename "$lib").debug"
[ -f "$debug" ] || { echo "size-report: $debug not found (run ci/build-lib.sh)" >&2; exit 1; }
total=$(stat -c %s "$lib")
printf 'libomnir.so.0 stripped: %d bytes (%.2f MB)\n' "$total" "$(echo "$total / 1048576" | bc -l)"
nm -S -C "$debug" | python3 -c '
import collections, glob, os, re, sys
code = collections.Counter()
for line in sys.stdin:
    parts = line.split(None, 3)
    if len(parts) < 4:
        continue
    m = re.search(r"omnir_core::dialects::([a-z_]+)::", parts[3])
    if m:
        code[m.group(1)] += int(parts[1], 16)
print("%-14s %10s %10s %10s" % ("dialect", "code", "definition", "total"))
shared = 0
for mod, size in sorted(code.items()):
    base = mod.split("_")[0]
    if not os.path.exists(f"dialects/{base}/{base}.irdl.mlir"):
        shared += size
for path in sorted(glob.glob("dialects/*/*.irdl.mlir")):
    name = os.path.basename(os.path.dirname(path))
    c = sum(v for k, v in code.items() if k == name or k.startswith(name + "_"))
    d = os.path.getsize(path)
    print("%-14s %10d %10d %10d" % (name, c, d, c + d))
print("%-14s %10d %10s %10d" % ("shared", shared, "-", shared))
'
