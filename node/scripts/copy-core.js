'use strict';
// Copies the shared core, libomnir.so.0, next to the addon (the package carries it once; the
// addon finds it through its RUNPATH $ORIGIN). The library is looked up as omnir-sys looks
// it up when building the addon: OMNIR_LIB_DIR, pkg-config, then the repository's
// target/omnir-install (made by `bash ci/install.sh target/omnir-install`).

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

function candidates() {
  const dirs = [];
  if (process.env.OMNIR_LIB_DIR) dirs.push(process.env.OMNIR_LIB_DIR);
  try {
    const d = execFileSync('pkg-config', ['--variable=libdir', 'omnir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (d) dirs.push(d);
  } catch {
    // no pkg-config, or no omnir.pc on its path
  }
  dirs.push(path.join(__dirname, '..', '..', 'target', 'omnir-install', 'lib'));
  return dirs;
}

const dir = candidates().find((d) => fs.existsSync(path.join(d, 'libomnir.so.0')));
if (!dir) {
  console.error('copy-core: libomnir.so.0 not found (set OMNIR_LIB_DIR or PKG_CONFIG_PATH; build and install it with `bash ci/install.sh PREFIX`)');
  process.exit(1);
}
const pkg = path.join(__dirname, '..');

/** Writes `to` through a temporary file, so that no reader sees half of it. */
function put(to, bytes) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tmp = `${to}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, to);
}

const from = fs.realpathSync(path.join(dir, 'libomnir.so.0'));
put(path.join(pkg, 'libomnir.so.0'), fs.readFileSync(from));
console.log(`copy-core: ${from} -> ${path.join(pkg, 'libomnir.so.0')}`);

// The SDK a native build needs beside the library (`require('omnir/sdk')`, `npx omnir
// --cflags --libs`): the headers, the link-time name `libomnir.so` (a GNU ld script naming
// libomnir.so.0: npm tarballs keep no symlinks) and a relocatable omnir.pc.
const repo = path.join(__dirname, '..', '..');
const include = [path.join(dir, '..', 'include'), path.join(repo, 'include')].find((d) =>
  fs.existsSync(path.join(d, 'omnir', 'omnir.h')));
if (!include) {
  console.error('copy-core: omnir/omnir.h not found beside the library or in the repository');
  process.exit(1);
}
put(path.join(pkg, 'include', 'omnir', 'omnir.h'), fs.readFileSync(path.join(include, 'omnir', 'omnir.h')));
const dialects = path.join(include, 'omnir', 'dialects');
for (const h of fs.readdirSync(dialects).filter((f) => f.endsWith('.h'))) {
  put(path.join(pkg, 'include', 'omnir', 'dialects', h), fs.readFileSync(path.join(dialects, h)));
}
put(path.join(pkg, 'libomnir.so'), '/* The link-time name of libomnir.so.0 (a GNU ld script). */\nINPUT(libomnir.so.0)\n');
const { version } = require('../package.json');
put(path.join(pkg, 'pkgconfig', 'omnir.pc'), `# omnir.pc of the omnir npm package: relocatable, every path relative to this file.
prefix=\${pcfiledir}/..
libdir=\${prefix}
includedir=\${prefix}/include

Name: omnir
Description: omnir, an MLIR-compatible IR core (the libomnir.so.0 of the omnir npm package)
Version: ${version}
Libs: -L\${libdir} -lomnir
Cflags: -I\${includedir}
`);
console.log(`copy-core: the SDK (include/, libomnir.so, pkgconfig/omnir.pc) from ${include}`);
