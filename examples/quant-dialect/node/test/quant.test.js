'use strict';
// Issue 8's scenario in Node: the `omnir` package and `omnir-quant` (an out-of-tree C++
// dialect, reached through a small Node-API addon) required separately into one process, with
// Node's default dlopen flags and nothing preloaded. The dialect's type, made by the dialect's
// own C entry point, is an ordinary omnir Type: MemRefType accepts it (the interface answer
// comes from the one registry), TypeIDs agree, omnir's parser reads the dialect's custom
// syntax once it is registered, and /proc/self/maps lists exactly one libomnir.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const QUANT_TEXT = '!quant.uniform<i8:f32, 5.000000e-01:128>';

/** The distinct files mapped into this process whose name starts with `prefix`. */
function mapped(prefix) {
  const files = new Set();
  for (const line of fs.readFileSync('/proc/self/maps', 'utf8').split('\n')) {
    const file = line.trim().split(/\s+/).slice(5).join(' ');
    if (file.startsWith('/') && path.basename(file).startsWith(prefix)) files.add(file);
  }
  return [...files];
}

test('the scenario: register, make the type, use it from omnir', () => {
  const omnir = require('omnir');
  const quant = require('omnir-quant');
  const ctx = new omnir.Context();
  quant.register(ctx);
  quant.register(ctx); // idempotent
  const i8 = omnir.IntegerType.get(8, ctx);
  const f32 = omnir.F32Type.get(ctx);
  const q = quant.uniformType(ctx, { storage: i8, expressed: f32, scale: 0.5, zeroPoint: 128 });
  assert.ok(q instanceof omnir.DialectType, `${q} is a DialectType`);
  assert.equal(String(q), QUANT_TEXT);
  assert.ok(q.context === ctx);

  // omnir's own MemRefType takes the dialect's type: the element-type check asks the shared
  // registry, which knows the C++ dialect's interface.
  const m = omnir.MemRefType.get([4], q);
  assert.equal(String(m), `memref<4x${QUANT_TEXT}>`);
  assert.ok(m.elementType.equals(q));
  assert.ok(q.implements('builtin.MemRefElementTypeInterface'));
  assert.ok(q.implements('quant.QuantizedTypeInterface'));
  assert.ok(!i8.implements('quant.QuantizedTypeInterface'));
  assert.equal(omnir.TypeID.get('quant.QuantizedTypeInterface').value, quant.interfaceTypeId());

  // One TypeID for the kind, whoever asks.
  assert.equal(q.typeId.value, quant.uniformTypeId());
  assert.equal(omnir.TypeID.get('quant.uniform').value, quant.uniformTypeId());

  // omnir's parser reads the dialect's custom syntax, into the same uniqued type.
  assert.ok(omnir.Type.parse('!quant.uniform<i8:f32, 0.5:128>', ctx).equals(q));
  const parsed = omnir.Type.parse('memref<2x!quant.uniform<u8:f32, 0.25>>', ctx);
  assert.equal(String(parsed.elementType), '!quant.uniform<u8:f32, 2.500000e-01>');
  const module = omnir.Module.parse('"t.alloc"() : () -> memref<2x!quant.uniform<i8:f32, 0.5:128>>', ctx);
  assert.ok(module.operation.verify());
  assert.ok(String(module).includes(QUANT_TEXT));

  // The dialect's view of its type (types cross back as omnir types).
  const p = quant.params(q);
  assert.ok(p.storage.equals(i8) && p.expressed.equals(f32));
  assert.ok(p.storage instanceof omnir.IntegerType);
  assert.deepEqual([p.scale, p.zeroPoint, p.signed, p.storageMin, p.storageMax], [0.5, 128, true, -128, 127]);
  assert.ok(quant.isUniform(q) && !quant.isUniform(f32));
  const u = quant.uniformType(ctx, { storage: 'ui8', expressed: 'f16', scale: 0.25 });
  assert.equal(String(u), '!quant.uniform<u8:f16, 2.500000e-01>');
  assert.equal(quant.params(u).signed, false);
  assert.equal(String(quant.uniformType(ctx, { storage: 'i8', expressed: 'f32', scale: 1, zeroPoint: -3n })),
    '!quant.uniform<i8:f32, 1.000000e+00:-3>');

  // The C++ verifier's messages come through as omnir's own errors.
  assert.throws(() => quant.uniformType(ctx, { storage: i8, expressed: f32, scale: 0 }),
    (e) => e instanceof omnir.OmnirError && e.status === 'OMNIR_ERROR_VERIFICATION_FAILED' &&
      /illegal scale/.test(e.message));
  assert.throws(() => quant.uniformType(ctx, { storage: f32, expressed: f32, scale: 0.5 }), omnir.OmnirError);
  assert.throws(() => quant.params(f32), omnir.OmnirError);
  assert.throws(() => quant.uniformType(ctx, { storage: 8, expressed: f32, scale: 0.5 }), TypeError);
});

test('registration is per context', () => {
  const omnir = require('omnir');
  const quant = require('omnir-quant');
  const ctx = new omnir.Context();
  // Before registration the text is an unregistered dialect's opaque type (or an error, where
  // unregistered dialects are not allowed).
  assert.ok(omnir.Type.parse('!quant.uniform<i8:f32, 0.5>', ctx) instanceof omnir.OpaqueType);
  ctx.allowUnregisteredDialects = false;
  assert.throws(() => omnir.Type.parse('!quant.uniform<i8:f32, 0.5>', ctx), omnir.OmnirError);
  assert.throws(() => quant.uniformType(ctx, { storage: 'i8', expressed: 'f32', scale: 0.5 }),
    (e) => e instanceof omnir.OmnirError && e.status === 'OMNIR_ERROR_NOT_REGISTERED');
  quant.register(ctx);
  const t = omnir.Type.parse('!quant.uniform<i8:f32, 0.5>', ctx);
  assert.ok(t instanceof omnir.DialectType);
  assert.equal(String(t), '!quant.uniform<i8:f32, 5.000000e-01>');
  assert.ok(!new omnir.Context().isDialectRegistered('quant'));
});

test('one libomnir (and one C++ bridge) in the process', (t) => {
  require('omnir');
  const quant = require('omnir-quant');
  const cores = mapped('libomnir.so');
  assert.equal(cores.length, 1, `one libomnir mapped: ${cores.join(', ')}`);
  const bridges = mapped('libomnir_cxx.so');
  assert.equal(bridges.length, 1, `one libomnir_cxx mapped: ${bridges.join(', ')}`);
  const dialects = mapped('libquant_dialect.so');
  assert.deepEqual(dialects.map((f) => fs.realpathSync(f)), [fs.realpathSync(quant.libraryPath)]);
  t.diagnostic(`libomnir: ${cores[0]}; bridge: ${bridges[0]}`);
});

test('loaded in the other order (the addon first), still one libomnir', () => {
  const script = `
    const fs = require('fs');
    const addon = require('omnir-quant/omnir_quant.node');
    const before = fs.readFileSync('/proc/self/maps', 'utf8');
    const omnir = require('omnir');
    const ctx = new omnir.Context();
    addon.register(ctx.rawPointer);
    const t = omnir.Type.parse('!quant.uniform<i8:f32, 0.5>', ctx);
    process.stdout.write(JSON.stringify({ before, after: fs.readFileSync('/proc/self/maps', 'utf8'),
      text: String(t), dialect: t instanceof omnir.DialectType }));`;
  const project = path.join(__dirname, '..', '..', '..'); // the project with node_modules/
  const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: project }));
  assert.equal(out.text, '!quant.uniform<i8:f32, 5.000000e-01>');
  assert.ok(out.dialect);
  const files = (maps) => {
    const set = new Set();
    for (const line of maps.split('\n')) {
      const file = line.trim().split(/\s+/).slice(5).join(' ');
      if (file.startsWith('/') && path.basename(file).startsWith('libomnir.so')) set.add(file);
    }
    return [...set];
  };
  const before = files(out.before);
  assert.equal(before.length, 1, 'the addon brought one core');
  assert.deepEqual(files(out.after), before, 'omnir reused it');
  const packaged = path.join(path.dirname(require.resolve('omnir/package.json')), 'libomnir.so.0');
  assert.equal(fs.realpathSync(before[0]), fs.realpathSync(packaged), "the omnir package's core");
});
