#!/usr/bin/env bash
# Builds omnir-quant's Node-API addon (src/addon.c, plain C: no node-gyp, no Rust) against the
# quant dialect installed by ../build.sh, and puts beside it the native libraries the package
# ships (by SONAME): libquant_dialect.so.0 and the C++ bridge it links, libomnir_cxx.so.0.
# libomnir.so.0 is not shipped: the `omnir` package (a peer dependency, required first by
# index.js) has loaded it, and the loader reuses it by SONAME. The addon also lists
# libomnir.so.0 first among its NEEDED entries, with RUNPATH $ORIGIN/../omnir (the `omnir`
# package next to this one in node_modules): loaded before `omnir`, it brings that same core,
# which the dialect library and then `omnir` reuse.
#
# usage: examples/quant-dialect/node/build.sh [OMNIR_PREFIX] [QUANT_PREFIX]
#   OMNIR_PREFIX  omnir's install prefix, with the bridge (default <repo>/target/omnir-install)
#   QUANT_PREFIX  where ../build.sh installed the dialect (default <repo>/target/quant-dialect)
# Env: CC (default cc); NODE_INCLUDE_DIR (node_api.h; default: next to the node binary, else
# node-gyp's cache, else the `node-api-headers` npm package installed into target/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
prefix=$(realpath -m "${1:-$repo/target/omnir-install}")
quant=$(realpath -m "${2:-$repo/target/quant-dialect}")
CC=${CC:-cc}

[ -e "$quant/lib/libquant_dialect.so.0" ] || {
  echo "omnir-quant: no dialect in $quant (run: examples/quant-dialect/build.sh $prefix $quant)" >&2
  exit 1
}
node_include=${NODE_INCLUDE_DIR:-}
if [ -z "$node_include" ]; then
  node_prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
  version=$(node -p 'process.versions.node')
  for d in "$node_prefix/include/node" "${XDG_CACHE_HOME:-$HOME/.cache}/node-gyp/$version/include/node"; do
    [ -f "$d/node_api.h" ] && node_include=$d && break
  done
fi
if [ -z "$node_include" ]; then
  # A Node without its headers (distribution packages often split them out): Node-API's
  # headers are published on npm as `node-api-headers`, pinned here.
  headers=$repo/target/node-api-headers
  if [ ! -f "$headers/node_modules/node-api-headers/include/node_api.h" ]; then
    npm install --silent --no-audit --no-fund --prefix "$headers" node-api-headers@1.9.0 >&2
  fi
  node_include=$headers/node_modules/node-api-headers/include
fi
[ -f "$node_include/node_api.h" ] || {
  echo "omnir-quant: node_api.h not found (install Node's headers, e.g. the libnode-dev package, or set NODE_INCLUDE_DIR)" >&2
  exit 1
}

# Node-API functions stay undefined: node itself provides them when it loads the addon.
"$CC" -std=c11 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror \
  -I"$node_include" -I"$quant/include" -I"$prefix/include" \
  "$here/src/addon.c" -o "$here/omnir_quant.node.tmp" \
  -Wl,--no-as-needed -L"$prefix/lib" -lomnir -L"$quant/lib" -l:libquant_dialect.so.0 \
  -Wl,-rpath,'$ORIGIN:$ORIGIN/../omnir' -Wl,-z,relro,-z,now -Wl,-z,noexecstack
mv "$here/omnir_quant.node.tmp" "$here/omnir_quant.node"

# The dialect library and the bridge it resolves to (through its RUNPATH), under their SONAMEs.
bridge=$(ldd "$quant/lib/libquant_dialect.so.0" | sed -nE 's/^\s*libomnir_cxx\.so\.0 => (\S+).*/\1/p')
[ -n "$bridge" ] && [ -f "$bridge" ] || { echo "omnir-quant: ldd does not resolve libomnir_cxx.so.0 for the dialect" >&2; exit 1; }
install -m 0755 "$(readlink -f "$quant/lib/libquant_dialect.so.0")" "$here/libquant_dialect.so.0"
install -m 0755 "$(readlink -f "$bridge")" "$here/libomnir_cxx.so.0"
echo "omnir-quant: built $here/omnir_quant.node (node_api.h from $node_include) with the dialect of $quant and the bridge $bridge"
