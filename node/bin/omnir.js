#!/usr/bin/env node
'use strict';
// `npx omnir --cflags --libs | --includedir | --libdir | --pkgconfig-dir | --version`: the
// flags and directories of the libomnir.so.0 this package carries (see `omnir/sdk`), e.g.
//   cc app.c $(npx omnir --cflags --libs) -Wl,-rpath,$(npx omnir --libdir)

const sdk = require('../sdk');

const answers = {
  '--cflags': () => sdk.cflags.join(' '),
  '--libs': () => sdk.libs.join(' '),
  '--includedir': () => sdk.includeDir,
  '--libdir': () => sdk.libDir,
  '--pkgconfig-dir': () => sdk.pkgconfigDir,
  '--version': () => require('../package.json').version,
};

const args = process.argv.slice(2);
const unknown = args.filter((a) => !(a in answers));
if (args.length === 0 || unknown.length > 0) {
  process.stderr.write(`usage: omnir ${Object.keys(answers).map((k) => `[${k}]`).join(' ')}\n`);
  process.exit(2);
}
process.stdout.write(`${args.map((a) => answers[a]()).join(' ')}\n`);
