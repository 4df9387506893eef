// The ESM entry point: named imports and the default export.
import test from 'node:test';
import assert from 'node:assert/strict';
import omnir, { Context, Module, IntegerType, StaleHandleError, MLIRError } from 'omnir';

test('ESM: named imports and the default export', () => {
  const ctx = new Context();
  const m = Module.parse('"test.op"() {v = 1 : i32} : () -> ()', ctx);
  assert.equal(m.body.operations[0].attributes.get('v').value, 1);
  assert.equal(String(IntegerType.get(8, ctx)), 'i8');
  assert.equal(omnir.Context, Context);
  assert.ok(new StaleHandleError('x') instanceof omnir.OmnirError);
  assert.throws(() => Module.parse('nope', ctx), MLIRError);
});

test('ESM exports every name of the CommonJS entry point', async () => {
  const { createRequire } = await import('node:module');
  const cjs = createRequire(import.meta.url)('omnir');
  const esm = await import('omnir');
  assert.deepEqual(Object.keys(esm).filter((k) => k !== 'default').sort(), Object.keys(cjs).sort());
});
