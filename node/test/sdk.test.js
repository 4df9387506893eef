'use strict';
// The package as an SDK: a C program builds against the header, link-time name and omnir.pc
// the package carries (`require('omnir/sdk')`, `omnir --cflags --libs`) and runs on the
// package's libomnir.so.0.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const sdk = require('../sdk');
const omnir = require('..');

const PROGRAM = `
#include <stdio.h>
#include <omnir/omnir.h>
#include <omnir/dialects/arith.h>
int main(void) {
  omnir_context *ctx;
  omnir_type t;
  omnir_string s;
  if (omnir_context_create(&ctx) != OMNIR_OK || omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNLESS, &t) != OMNIR_OK
      || omnir_type_print(ctx, t, &s) != OMNIR_OK) return 1;
  printf("%.*s %lld\\n", (int)s.len, s.data, (long long)OMNIR_ARITH_CMPIPREDICATE_SGE);
  omnir_string_free(s);
  return omnir_context_destroy(ctx) == OMNIR_OK ? 0 : 2;
}
`;

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** The libomnir.so.0 a binary loads, resolved, with no LD_LIBRARY_PATH. */
function loadedCore(binary) {
  const env = { ...process.env };
  delete env.LD_LIBRARY_PATH;
  const line = execFileSync('ldd', [binary], { encoding: 'utf8', env }).split('\n').find((l) => l.includes('libomnir.so.0'));
  return fs.realpathSync(line.split('=>')[1].split('(')[0].trim());
}

test('the bin answers what the module says', () => {
  const bin = path.join(__dirname, '..', 'bin', 'omnir.js');
  const out = execFileSync(process.execPath, [bin, '--cflags', '--libs'], { encoding: 'utf8' }).trim();
  assert.equal(out, [...sdk.cflags, ...sdk.libs].join(' '));
  assert.ok(fs.existsSync(path.join(sdk.includeDir, 'omnir', 'omnir.h')));
  assert.ok(fs.existsSync(path.join(sdk.pkgconfigDir, 'omnir.pc')));
  assert.equal(spawnSync(process.execPath, [bin, '--nope']).status, 2);
});

test('a C program builds and runs against the package', { skip: !has('cc') && 'no cc' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'omnir-sdk-'));
  try {
    fs.writeFileSync(path.join(dir, 'app.c'), PROGRAM);
    const exe = path.join(dir, 'app');
    execFileSync('cc', ['-std=c11', path.join(dir, 'app.c'), '-o', exe, ...sdk.cflags, ...sdk.libs,
      `-Wl,-rpath,${sdk.libDir}`]);
    assert.equal(loadedCore(exe), fs.realpathSync(sdk.libraryPath));
    assert.equal(execFileSync(exe, { encoding: 'utf8' }).trim(), 'i8 5');
    if (has('pkg-config')) {
      const flags = execFileSync('pkg-config', ['--cflags', '--libs', 'omnir'], {
        encoding: 'utf8', env: { ...process.env, PKG_CONFIG_PATH: sdk.pkgconfigDir },
      }).trim().split(/\s+/);
      const viaPc = path.join(dir, 'app-pc');
      execFileSync('cc', ['-std=c11', path.join(dir, 'app.c'), '-o', viaPc, ...flags, `-Wl,-rpath,${sdk.libDir}`]);
      assert.equal(loadedCore(viaPc), fs.realpathSync(sdk.libraryPath));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(omnir.version > 0);
});
