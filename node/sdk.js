'use strict';
// `require('omnir/sdk')`: where this package keeps what a native build (node-gyp, napi-rs, a
// C or C++ program) needs to link the one libomnir.so.0 it carries — as `python -m omnir`
// answers for the wheel. Link with `libs`, and give the binary a RUNPATH to `libDir` (or,
// for an addon installed beside this package in node_modules, `$ORIGIN/../omnir`).

const path = require('node:path');

const root = __dirname;
const includeDir = path.join(root, 'include');
const libDir = root;
const pkgconfigDir = path.join(root, 'pkgconfig');

module.exports = {
  /** The directory holding `omnir/omnir.h` and the dialects' `omnir/dialects/<d>.h`. */
  includeDir,
  /** The directory holding `libomnir.so.0` and its link-time name `libomnir.so`. */
  libDir,
  /** The path of the package's `libomnir.so.0`. */
  libraryPath: path.join(libDir, 'libomnir.so.0'),
  /** The directory holding `omnir.pc` (`PKG_CONFIG_PATH`). */
  pkgconfigDir,
  /** The compiler flags. */
  cflags: [`-I${includeDir}`],
  /** The linker flags. */
  libs: [`-L${libDir}`, '-lomnir'],
};
