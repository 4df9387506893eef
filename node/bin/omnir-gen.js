#!/usr/bin/env node
'use strict';
// `npx omnir-gen DIALECT --irdl-file mine.irdl.mlir [--irdl-file ...] [--out-dir DIR]`: the
// typed module of a dialect defined in definition files, as DIR/<dialect>.js (CommonJS) and
// DIR/<dialect>.d.ts — what `omnir/dialects/*` has for MLIR's dialects. Its classes build
// ops in a context that has the definitions loaded (`ctx.loadDialectDefinitions`).

const fs = require('node:fs');
const path = require('node:path');
const { Context } = require('..');

function main(argv) {
  let dialect;
  let outDir = '.';
  const files = [];
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--irdl-file' && k + 1 < argv.length) files.push(argv[++k]);
    else if (a === '--out-dir' && k + 1 < argv.length) outDir = argv[++k];
    else if (!a.startsWith('-') && dialect === undefined) dialect = a;
    else {
      process.stderr.write('usage: omnir-gen DIALECT --irdl-file FILE [--irdl-file FILE]... [--out-dir DIR]\n');
      return 2;
    }
  }
  if (dialect === undefined) return main(['--help']);
  try {
    const ctx = new Context();
    for (const f of files) ctx.loadDialectDefinitions(fs.readFileSync(f, 'utf8'), f);
    const source = files.map((f) => path.basename(f)).join(', ');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `${dialect}.js`), ctx.generateBindings(dialect, 'javascript', source));
    fs.writeFileSync(path.join(outDir, `${dialect}.d.ts`), ctx.generateBindings(dialect, 'typescript', source));
  } catch (e) {
    process.stderr.write(`omnir-gen: ${e.message}\n`);
    return 1;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
