'use strict';
// One universe: the `omnir` package and a second, separately built addon (this one) in one
// Node process share one libomnir.so.0, so a type defined by the second addon is a valid
// memref element type for the first, and TypeIDs agree.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

/** The distinct files named libomnir* mapped into a process. */
function libomnirFiles(maps) {
  const files = new Set();
  for (const line of maps.split('\n')) {
    const file = line.trim().split(/\s+/).slice(5).join(' ');
    if (path.basename(file).startsWith('libomnir')) files.add(file);
  }
  return [...files];
}

test('a type from the second addon works as a memref element type; TypeIDs agree; one libomnir', (t0) => {
  const omnir = require('omnir');
  const nd = require('omnir-node-dialect');
  const ctx = new omnir.Context();
  const r = nd.register(ctx);
  const t = r.elementType;
  assert.ok(t instanceof omnir.DialectType, `${t} is a DialectType`);
  assert.equal(String(t), '!nd.elem');
  // The classes generated from the definition the addon loaded: the addon's handle comes
  // back as one, and they build the dialect's types from JavaScript.
  assert.ok(t instanceof nd.ElemType, `${t} is an nd.ElemType`);
  assert.ok(nd.ElemType.get(ctx).equals(t));
  const lane = nd.LaneType.get(64, ctx);
  assert.equal(String(lane), '!nd.lane<64>');
  assert.equal(lane.width, 64);
  assert.throws(() => nd.LaneType.get(48, ctx), /does not satisfy the constraint/);
  const memref = omnir.MemRefType.get([4], t);
  assert.equal(String(memref), 'memref<4x!nd.elem>');
  assert.ok(memref.elementType.equals(t));
  // TypeIDs agree across the two addons.
  assert.equal(t.typeId.value, r.kindTypeId);
  assert.equal(omnir.TypeID.get('nd.elem').value, r.kindTypeId);
  assert.equal(omnir.TypeID.get('builtin.MemRefElementTypeInterface').value, r.memrefElementInterface);
  assert.equal(nd.typeIdOf('builtin.integer'), omnir.IntegerType.get(32, ctx).typeId.value);
  assert.ok(r.implementsMemrefElement);
  assert.ok(t.implements('builtin.MemRefElementTypeInterface'));
  // The parser of the first package sees the dialect the second registered.
  const m = omnir.Module.parse('"test.alloc"() : () -> memref<2x!nd.elem>', ctx);
  assert.ok(m.body.operations[0].result.type.elementType.equals(t));
  assert.equal(nd.coreVersion(), omnir.version);
  // One core in the process.
  const files = libomnirFiles(fs.readFileSync('/proc/self/maps', 'utf8'));
  assert.equal(files.length, 1, `one libomnir mapped: ${files.join(', ')}`);
  t0.diagnostic(`libomnir: ${files[0]}`);
});

test('loaded in the other order (the second addon first), still one libomnir', () => {
  const script = `
    const nd = require('omnir-node-dialect/omnir_node_dialect.node');
    const before = require('fs').readFileSync('/proc/self/maps', 'utf8');
    const omnir = require('omnir');
    const ctx = new omnir.Context();
    nd.register(ctx.rawPointer);
    process.stdout.write(JSON.stringify({ before, after: require('fs').readFileSync('/proc/self/maps', 'utf8') }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  const before = libomnirFiles(out.before);
  const after = libomnirFiles(out.after);
  assert.equal(before.length, 1, 'the second addon loaded the core');
  assert.deepEqual(after, before, 'omnir reused it');
});
