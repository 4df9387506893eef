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
const from = fs.realpathSync(path.join(dir, 'libomnir.so.0'));
const to = path.join(__dirname, '..', 'libomnir.so.0');
const tmp = `${to}.tmp`;
fs.copyFileSync(from, tmp);
fs.renameSync(tmp, to);
console.log(`copy-core: ${from} -> ${to}`);
