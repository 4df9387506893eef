#!/usr/bin/env bash
# The cross-language demo: one libomnir.so.0, one type universe, used from Rust, the command
# line, C, C++, Python, JavaScript and Swift. It runs what ci/main.sh built; each language
# shows a dialect type defined by a *separately built* package being accepted by omnir's own
# MemRefType, with one libomnir mapped in the process.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
prefix=${1:-$root/target/omnir-install}
cd "$root"

echo "== Rust (omnir-core): build, verify, rewrite, walk"
cargo run -q --release --locked -p omnir-core --example demo

echo "== omnir-opt: parse, CSE + DCE, print (custom forms by default, as upstream: module {, unrealized_conversion_cast)"
printf '%s\n' '"test.func"() ({' '^bb0(%a: i32):' \
  '  %0 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> i64' \
  '  %1 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> i64' \
  '  "test.use"(%0, %1) : (i64, i64) -> ()' '}) : () -> ()' |
  target/release/omnir-opt --allow-unregistered-dialect --cse --dce -

echo "== C calling a C++ dialect (!quant.uniform, via the cxx bridge): memref of it, TypeIDs, text"
LD_LIBRARY_PATH=$prefix/lib:$root/target/cxx-test/quant-install/.build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
  "$root/target/cxx-test/tests/scenario" | tail -3

echo "== Python: omnir + a separately built extension (omnir_pixels) in one process"
"$root/target/python-venv/test/bin/python" - <<'PY'
import omnir as ir, omnir_pixels as pixels
with ir.Context():
    pixels.register()
    rgb8 = pixels.rgb(8)
    m = ir.MemRefType.get([4], rgb8)
    print("MemRefType.get([4], rgb8) =", m)
    print("TypeIDs agree:", rgb8.typeid.value == pixels.rgb_typeid())
    libs = {l.split()[-1] for l in open("/proc/self/maps") if "libomnir" in l}
    print("libomnir files mapped:", len(libs))
PY

echo "== JavaScript: omnir + a separately built addon (omnir-node-dialect) in one process"
# A project of its own with the two tarballs ci/test-node.sh packed, installed as npm users do.
js=$(mktemp -d "${TMPDIR:-/tmp}/omnir-demo-js.XXXXXX")
trap 'rm -rf "$js"' EXIT
(cd "$js" && echo '{ "name": "omnir-demo", "version": "1.0.0", "private": true }' >package.json &&
  npm install --no-audit --no-fund --offline --silent \
    "$root"/target/node-pack/omnir-[0-9]*.tgz "$root"/target/node-pack/omnir-node-dialect-*.tgz)
(cd "$js" && node -e '
const omnir = require("omnir"); const nd = require("omnir-node-dialect");
const ctx = new omnir.Context(); const r = nd.register(ctx);
const m = omnir.MemRefType.get([4], r.elementType, ctx);
console.log("MemRefType.get([4], elem) =", m.toString());
console.log("TypeIDs agree:", r.kindTypeId === r.elementType.typeId.value);
const libs = new Set(require("fs").readFileSync("/proc/self/maps", "utf8").split("\n").filter(l => l.includes("libomnir")).map(l => l.trim().split(/\s+/).pop()));
console.log("libomnir files mapped:", libs.size);')

echo "== Swift: the package tour (its one-universe test with a C dialect plugin ran in ci/test-swift.sh)"
(cd "$root/swift" && LD_LIBRARY_PATH=$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} swift run --skip-build omnir-example | tail -8)
