'use strict';
// The addon in worker threads: each thread has its own N-API environment and its own
// addon state (contexts, owners, callbacks); omnir itself is shared (one core).

const test = require('node:test');
const assert = require('node:assert/strict');
const { Worker } = require('node:worker_threads');

test('omnir works in worker threads, each with its own contexts and callbacks', async () => {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const omnir = require(workerData.pkg);
    const ctx = new omnir.Context();
    const d = new omnir.Dialect('w' + workerData.k, ctx);
    let calls = 0;
    d.defineOperation('op', { verifier() { calls++; } });
    const m = omnir.Module.parse('"w' + workerData.k + '.op"() : () -> ()', ctx);
    m.operation.verify();
    parentPort.postMessage({ text: m.print({ generic: true }), calls, typeId: omnir.TypeID.get('builtin.integer').value });`;
  const pkg = require.resolve('..');
  const runs = await Promise.all([1, 2, 3].map((k) => new Promise((resolve, reject) => {
    const w = new Worker(source, { eval: true, workerData: { pkg, k } });
    w.once('message', resolve);
    w.once('error', reject);
  })));
  const omnir = require('..');
  for (const [i, r] of runs.entries()) {
    assert.ok(r.text.includes(`"w${i + 1}.op"()`));
    assert.equal(r.calls, 2, 'the verifier runs when parsing, and again for verify()');
    assert.equal(r.typeId, omnir.TypeID.get('builtin.integer').value, 'TypeIDs are process-wide');
  }
});
