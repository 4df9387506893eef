#!/usr/bin/env bash
# The Node package (node/) against an installed omnir: builds the napi-rs addon (release),
# puts libomnir.so.0 beside it, runs the node:test suites, type-checks the TypeScript
# examples, packs the package and installs the tarball into a fresh project (with the
# separately built second addon of examples/node-dialect: the one-universe test), checks
# the one-core rule on both addons, and prints the benchmark.
#
# usage: ci/test-node.sh [PREFIX]       (default target/omnir-install; ci/test.sh passes it)
# Caches: node/node_modules (reinstalled only when package-lock.json changes), target/.
# OMNIR_NODE_NO_BENCH=1 skips the benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
prefix=$(realpath -m "${1:-$repo/target/omnir-install}")
[ -e "$prefix/lib/libomnir.so.0" ] || bash ci/install.sh "$prefix"
# omnir-sys (and scripts/copy-core.js) find the library through pkg-config. PKG_CONFIG_PATH
# is only prepended when missing, so that ci/test.sh, which exports the same value, does not
# see omnir-sys rebuilt for a different environment.
pc=$prefix/lib/pkgconfig
case ":${PKG_CONFIG_PATH:-}:" in
  *":$pc:"*) ;;
  *) export PKG_CONFIG_PATH=$pc${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} ;;
esac

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== node: installing Node.js and npm (Debian packages)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get -o DPkg::Lock::Timeout=1200 update -qq
  $SUDO apt-get -o DPkg::Lock::Timeout=1200 install -y -qq nodejs npm
fi
echo "== node: $(node --version), npm $(npm --version 2>/dev/null)"

cd "$repo/node"
stamp=node_modules/.omnir-lock-stamp
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  echo "== node: npm ci"
  npm ci --no-audit --no-fund --prefer-offline
  echo "$lock_sum" >"$stamp"
else
  echo "== node: node_modules up to date with package-lock.json"
fi

echo "== node: build the addon (napi build --release) and put libomnir.so.0 beside it"
npx napi build --platform --release --strip --no-js --dts native.d.ts -- --locked
node scripts/copy-core.js

echo "== node: node:test suites"
node --expose-gc --test test/*.test.js test/*.test.mjs

echo "== node: TypeScript (tsc --noEmit --strict) on the typed examples"
npx tsc --noEmit --strict -p examples/tsconfig.json

echo "== node: the second addon (examples/node-dialect), built separately against $prefix"
cargo build --release --locked --manifest-path "$repo/examples/node-dialect/Cargo.toml" \
  --target-dir "$repo/target/node-dialect"
cp "$repo/target/node-dialect/release/libomnir_node_dialect.so" "$repo/examples/node-dialect/omnir_node_dialect.node"
# Its classes are generated from its definition file by the omnir package's `omnir-gen` bin,
# and checked in: they must be what the generator writes now.
fresh_nd=$repo/target/node-dialect/fresh
rm -rf "$fresh_nd"
(cd "$repo/examples/node-dialect" && node "$repo/node/bin/omnir-gen.js" nd --irdl-file nd.irdl.mlir --out-dir "$fresh_nd")
for f in nd.js nd.d.ts; do
  cmp "$fresh_nd/$f" "$repo/examples/node-dialect/$f" || {
    echo "examples/node-dialect/$f is stale: regenerate it with (cd examples/node-dialect && npx omnir-gen nd --irdl-file nd.irdl.mlir --out-dir .)" >&2
    exit 1
  }
done

echo "== node: one-core rule for both addons"
OMNIR_ABI_NO_CARGO=1 bash "$repo/ci/check-abi.sh" "$prefix" "$repo/node/omnir.linux-x64-gnu.node" \
  "$repo/examples/node-dialect/omnir_node_dialect.node"
readelf -d omnir.linux-x64-gnu.node | grep -q 'RUNPATH.*\[\$ORIGIN\]' \
  || { echo "node: the addon's RUNPATH is not \$ORIGIN" >&2; exit 1; }

echo "== node: npm pack, install the tarball into a fresh project"
pack=$repo/target/node-pack
rm -rf "$pack"
mkdir -p "$pack"
tarball=$pack/$(npm pack --silent --pack-destination "$pack" | tail -1)
example=$pack/$(cd "$repo/examples/node-dialect" && npm pack --silent --pack-destination "$pack" | tail -1)
# Outside the repository, so that nothing of the checkout (a node_modules up the tree, the
# sources) can stand in for what the tarball carries.
fresh=$(mktemp -d "${TMPDIR:-/tmp}/omnir-node-fresh.XXXXXX")
trap 'rm -rf "$fresh"' EXIT
cd "$fresh"
echo '{ "name": "omnir-fresh-install-test", "version": "1.0.0", "private": true }' >package.json
npm install --no-audit --no-fund --offline "$tarball" "$example"
# The library once; beside it only its link-time name, the linker script naming it.
count=$(find node_modules/omnir -name 'libomnir*' ! -path node_modules/omnir/libomnir.so | wc -l)
[ "$count" = 1 ] || { echo "node: the package must carry libomnir.so.0 exactly once (found $count)" >&2; exit 1; }
grep -qx 'INPUT(libomnir.so.0)' node_modules/omnir/libomnir.so \
  || { echo "node: node_modules/omnir/libomnir.so must be the linker script naming libomnir.so.0" >&2; exit 1; }
# The installed addon finds the libomnir.so.0 beside it through RUNPATH $ORIGIN, with no
# LD_LIBRARY_PATH: not one from the prefix or the system.
env -u LD_LIBRARY_PATH ldd node_modules/omnir/omnir.linux-x64-gnu.node \
  | grep -q "libomnir.so.0 => $(realpath node_modules/omnir)/libomnir.so.0 " \
  || { echo "node: the installed addon does not load the libomnir.so.0 beside it" >&2; exit 1; }
cat >smoke.cjs <<'EOF'
const omnir = require('omnir');
const ctx = new omnir.Context();
const m = omnir.Module.parse('"test.op"() {v = 42 : i32} : () -> ()', ctx);
if (m.body.operations[0].attributes.get('v').value !== 42) throw new Error('unexpected value');
console.log(`require('omnir'): ok, core ${omnir.version}`);
EOF
cat >smoke.mjs <<'EOF'
import { Context, MemRefType, IntegerType } from 'omnir';
const ctx = new Context();
console.log(`import from 'omnir': ok, ${MemRefType.get([4], IntegerType.get(8, ctx))}`);
EOF
node smoke.cjs
node smoke.mjs
echo "== node: the installed package as an SDK (npx omnir --cflags --libs)"
cat >sdk.c <<'EOF'
#include <stdio.h>
#include <omnir/omnir.h>
int main(void) { printf("core %u\n", omnir_version()); return 0; }
EOF
# shellcheck disable=SC2046
cc -std=c11 sdk.c -o sdk $(npx --no-install omnir --cflags --libs) -Wl,-rpath,"$(npx --no-install omnir --libdir)"
env -u LD_LIBRARY_PATH ldd ./sdk | grep -q "libomnir.so.0 => $(realpath node_modules/omnir)/libomnir.so.0 " \
  || { echo "node: a program built with npx omnir --libs does not load the package's libomnir.so.0" >&2; exit 1; }
./sdk
echo "== node: the TypeScript tour against the installed package (compiled and run)"
cp "$repo/node/examples/typed.ts" "$repo/node/examples/typed-cjs.cts" "$repo/node/examples/dialects.ts" .
cat >tsconfig.json <<EOF
{ "compilerOptions": { "target": "ES2022", "module": "node16", "moduleResolution": "node16", "strict": true,
  "outDir": "out", "types": ["node"], "typeRoots": ["$repo/node/node_modules/@types"] },
  "files": ["typed.ts", "typed-cjs.cts", "dialects.ts"] }
EOF
"$repo/node/node_modules/.bin/tsc" -p tsconfig.json
node out/typed.js >/dev/null
node out/typed-cjs.cjs >/dev/null
node out/dialects.js | grep -q 'arith.addi %arg0, %arg1 overflow<nsw> : i32' \
  || { echo "dialects.ts: the generated arith module did not build what it should" >&2; exit 1; }
echo "typed.ts, typed-cjs.cts and dialects.ts (omnir/dialects/*): compiled (strict) and ran"
echo "== node: one universe (omnir + omnir-node-dialect in one process)"
node --test node_modules/omnir-node-dialect/test/
echo "tarball: $(basename "$tarball"), $(stat -c %s "$tarball") bytes;" \
  "installed: $(du -sk node_modules/omnir | cut -f1) KiB (addon $(stat -c %s node_modules/omnir/omnir.linux-x64-gnu.node)" \
  "bytes, libomnir.so.0 $(stat -c %s node_modules/omnir/libomnir.so.0) bytes)"

if [ "${OMNIR_NODE_NO_BENCH:-0}" != 1 ]; then
  echo "== node: benchmark (printed, not asserted)"
  node "$repo/node/bench/bench.js" --runs 3
  node "$repo/node/bench/generated.js" --runs 3
fi
echo "== node: ok"
