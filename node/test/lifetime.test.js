'use strict';
// Lifetime of IR behind garbage-collected wrappers (DESIGN.md, "Lifetime in garbage-collected
// languages"): the scenarios of the Python package's issue, in JavaScript. Each either works
// or throws StaleHandleError; none crashes, asserts or aliases another operation.

const test = require('node:test');
const assert = require('node:assert/strict');
const { omnir, collect, probe, NESTED } = require('./helpers');

const { Context, Module, Operation, InsertionPoint, IntegerType, StaleHandleError, OmnirError } = omnir;

test('an operation wrapper kept after its module wrapper is dropped keeps the tree alive', async () => {
  const ctx = new Context();
  let m = Module.parse(NESTED, ctx);
  const moduleProbe = probe(m.operation);
  let inner = m.body.operations[0].regions[0].blocks[0].operations[0];
  m = null;
  await collect();
  assert.equal(inner.name, 'test.inner', 'the wrapper kept its tree');
  assert.ok(moduleProbe.isLive, 'the module itself is still alive');
  assert.equal(inner.parent.parent.name, 'builtin.module');
  const innerProbe = probe(inner);
  inner = null;
  await collect();
  assert.equal(moduleProbe.isLive, false, 'the last wrapper gone, the detached module was erased');
  assert.throws(() => innerProbe.name, StaleHandleError);
});

test('a wrapper kept after its parent operation is erased throws StaleHandleError', () => {
  const ctx = new Context();
  const m = Module.parse(NESTED, ctx);
  const outer = m.body.operations[0];
  const block = outer.regions[0].blocks[0];
  const inner = block.operations[0];
  outer.erase();
  assert.throws(() => inner.name, StaleHandleError);
  assert.throws(() => inner.toString(), StaleHandleError);
  assert.throws(() => inner.results, StaleHandleError);
  assert.throws(() => inner.erase(), StaleHandleError);
  assert.throws(() => block.operations, StaleHandleError);
  assert.throws(() => outer.verify(), StaleHandleError);
  assert.equal(inner.isLive, false);
  assert.equal(m.body.operations.length, 1, 'the rest of the module is unchanged');
  assert.equal(m.body.operations[0].name, 'test.sibling');
  const err = (() => { try { inner.name; } catch (e) { return e; } })();
  assert.ok(err instanceof OmnirError, 'StaleHandleError is an OmnirError');
  assert.equal(err.status, 'OMNIR_ERROR_STALE_HANDLE');
});

test('a new operation in a reused slot does not alias an old wrapper', () => {
  const ctx = new Context();
  const m = Module.create(ctx);
  const ip = new InsertionPoint(m.body);
  const i32 = IntegerType.get(32, ctx);
  const old = Operation.create({ name: 'test.old', results: [i32], ip });
  const oldResult = old.result;
  old.erase();
  // Create until omnir reuses the erased operation's slot (same index, new generation).
  let reused = null;
  const made = [];
  for (let k = 0; k < 1000 && reused === null; k++) {
    const op = Operation.create({ name: 'test.new', results: [i32], ip });
    made.push(op);
    if (op._i === old._i) reused = op;
  }
  assert.ok(reused !== null, 'the slot was reused');
  assert.notEqual(reused._g, old._g, 'with a new generation');
  assert.equal(reused.name, 'test.new');
  assert.throws(() => old.name, StaleHandleError, 'the old wrapper is stale, not the new operation');
  assert.throws(() => oldResult.type, StaleHandleError, 'so are wrappers of its results');
  assert.equal(old.equals(reused), false);
  assert.equal(old.isLive, false);
});

test('an operation moved from one module to another lives in its new tree', async () => {
  const ctx = new Context();
  let m1 = Module.parse('"test.a"() : () -> ()\n"test.b"() : () -> ()', ctx);
  let m2 = Module.parse('"test.c"() : () -> ()', ctx);
  const m1Probe = probe(m1.operation);
  const m2Probe = probe(m2.operation);
  let op = m1.body.operations[0];
  op.moveTo(InsertionPoint.atBlockEnd(m2.body));
  assert.deepEqual(m2.body.operations.map((o) => o.name), ['test.c', 'test.a']);
  assert.deepEqual(m1.body.operations.map((o) => o.name), ['test.b']);
  assert.ok(op.parent.equals(m2.operation));
  m1 = null;
  await collect();
  assert.equal(m1Probe.isLive, false, 'the first module, no longer referenced, was erased');
  assert.equal(op.name, 'test.a', 'the moved operation was not erased with it');
  m2 = null;
  await collect();
  assert.ok(m2Probe.isLive, 'the wrapper of the moved operation keeps its new module alive');
  assert.equal(op.parent.name, 'builtin.module');
  op = null;
  await collect();
  assert.equal(m2Probe.isLive, false);
});

test('two wrappers of one operation are equal and hash equal', () => {
  const ctx = new Context();
  const m = Module.parse(NESTED, ctx);
  const a = m.body.operations[0];
  const b = m.body.operations[0];
  assert.notEqual(a, b, 'two distinct wrapper objects');
  assert.ok(a.equals(b));
  assert.equal(a.hash, b.hash);
  const walked = [];
  m.operation.walk((o) => { walked.push(o); });
  assert.ok(walked.some((o) => o.equals(a)));
  const inner = a.regions[0].blocks[0].operations[0];
  assert.ok(inner.parent.equals(a));
  assert.equal(inner.parent.hash, a.hash);
  assert.equal(a.equals(inner), false);
  assert.ok(a.regions[0].equals(b.regions[0]));
  assert.ok(a.regions[0].blocks[0].equals(inner.block));
  const i32 = IntegerType.get(32, ctx);
  const c = Operation.create({ name: 'test.c', results: [i32], ip: new InsertionPoint(m.body) });
  assert.ok(c.result.equals(c.results[0]));
  assert.equal(c.result.hash, c.getResult(0).hash);
  assert.ok(c.result.owner.equals(c));
});

test('a detached operation is erased when its last wrapper is collected', async () => {
  const ctx = new Context();
  let op = Operation.create({ name: 'test.lonely', context: ctx, ip: null, regions: 1 });
  const p = probe(op);
  assert.ok(p.isLive);
  op = null;
  await collect();
  assert.equal(p.isLive, false);
  // An operation inserted before its wrapper goes belongs to the IR.
  const m = Module.create(ctx);
  let kept = Operation.create({ name: 'test.kept', context: ctx, ip: null });
  m.body.append(kept);
  const kp = probe(kept);
  kept = null;
  await collect();
  assert.ok(kp.isLive);
  assert.equal(m.body.operations[0].name, 'test.kept');
});

test('a clone, a detached operation and a detached block are owned by their wrappers', async () => {
  const ctx = new Context();
  let m = Module.parse(NESTED, ctx);
  let c = m.body.operations[0].clone();
  assert.equal(c.block, null);
  const cp = probe(c);
  let d = m.body.operations[1].detachFromParent();
  const dp = probe(d);
  assert.deepEqual(m.body.operations.map((o) => o.name), ['test.outer']);
  let b = omnir.Block.create([IntegerType.get(32, ctx)], undefined, ctx);
  let arg = b.getArgument(0);
  c = null;
  d = null;
  b = null;
  await collect();
  assert.equal(cp.isLive, false, 'the clone was erased with its last wrapper');
  assert.ok(arg.type instanceof IntegerType, 'a block argument wrapper keeps its detached block');
  assert.ok(dp.isLive, 'detached IR also stays while wrappers of the tree it left may reach it');
  arg = null;
  m = null;
  await collect();
  assert.equal(dp.isLive, false, 'then it is erased');
});

test('using IR from inside a verifier works, changing it is refused', () => {
  const ctx = new Context();
  const d = new omnir.Dialect('lt', ctx);
  let seen = null;
  d.defineOperation('probe', {
    verifier(op) {
      seen = op.name;
      assert.throws(() => op.erase(), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_BUSY');
    },
  });
  const m = Module.parse('"lt.probe"() : () -> ()', ctx);
  assert.equal(m.operation.verify(), true);
  assert.equal(seen, 'lt.probe');
});

// Issue 15, item 3: a wrapper of nested IR keeps its tree alive after the tree moved.
test('a child wrapper keeps working after its parent moved into a module nobody else holds', async () => {
  const ctx = new Context();
  let src = Module.parse(NESTED, ctx);
  let dst = Module.parse('"test.dst"() : () -> ()', ctx);
  const dstProbe = probe(dst.operation);
  const srcProbe = probe(src.operation);
  let outer = src.body.operations[0];
  let inner = outer.regions[0].blocks[0].operations[0];
  outer.moveTo(InsertionPoint.atBlockEnd(dst.body));
  // Every other reference to the destination (and to the source) is dropped.
  outer = null;
  dst = null;
  src = null;
  await collect();
  assert.ok(dstProbe.isLive, 'the destination module is kept by the child wrapper');
  assert.equal(inner.name, 'test.inner');
  assert.equal(inner.parent.name, 'test.outer');
  assert.ok(inner.parent.parent.equals(dstProbe));
  assert.deepEqual(Module.fromOperation(inner.parent.parent).body.operations.map((o) => o.name),
    ['test.dst', 'test.outer']);
  assert.equal(inner.parent.parent.verify(), true);
  // The last wrapper gone, both modules are freed (the source one may have lived until now:
  // a wrapper keeps the tree it was made in, conservatively; see lib/ir.js, "Lifetime").
  inner = null;
  await collect();
  assert.equal(dstProbe.isLive, false);
  assert.equal(srcProbe.isLive, false);
});

test('a child wrapper made before two moves (module to module to module) keeps the last tree', async () => {
  const ctx = new Context();
  let a = Module.parse(NESTED, ctx);
  let b = Module.create(ctx);
  let c = Module.create(ctx);
  const cProbe = probe(c.operation);
  let outer = a.body.operations[0];
  const inner = outer.regions[0].blocks[0].operations[0];
  outer.moveTo(InsertionPoint.atBlockEnd(b.body));
  outer = b.body.operations[0];
  outer.moveTo(InsertionPoint.atBlockEnd(c.body));
  // Also a detached parent, inserted into a module: its child wrapper keeps that module.
  let parent = Operation.create({ name: 'test.p', context: ctx, ip: null, regions: 1 });
  parent.regions[0].appendBlock([]);
  const child = Operation.create({ name: 'test.child', ip: InsertionPoint.atBlockEnd(parent.regions[0].blocks[0]) });
  let d = Module.create(ctx);
  const dProbe = probe(d.operation);
  d.body.append(parent);
  outer = null;
  parent = null;
  a = null;
  b = null;
  c = null;
  d = null;
  await collect();
  assert.ok(cProbe.isLive);
  assert.ok(inner.parent.parent.equals(cProbe));
  assert.equal(inner.name, 'test.inner');
  assert.ok(dProbe.isLive);
  assert.ok(child.parent.parent.equals(dProbe));
  assert.equal(child.parent.parent.verify(), true);
});

// Issue 15, item 4: collecting the wrapper of a detached operation whose results are used
// elsewhere must not change that IR (the operands would silently become null).
test('a detached operation whose results are used stays alive while they are used', async () => {
  const ctx = new Context();
  const i32 = IntegerType.get(32, ctx);
  const m = Module.create(ctx);
  let def = Operation.create({ name: 'test.def', results: [i32, i32], context: ctx, ip: null });
  const defProbe = probe(def);
  const user = Operation.create({ name: 'test.use', operands: [def.results[0], def.results[1]],
    ip: InsertionPoint.atBlockEnd(m.body) });
  // Another user in a second detached tree (a detached block).
  let blk = omnir.Block.create([], undefined, ctx);
  Operation.create({ name: 'test.use2', operands: [def.results[1]], ip: InsertionPoint.atBlockEnd(blk) });
  const blkProbe = new omnir.Block(ctx, blk._i, blk._g, null);
  def = null;
  await collect();
  assert.ok(defProbe.isLive, 'still used: not erased');
  let ops = user.operands;
  assert.equal(ops.length, 2);
  assert.ok(ops.every((v) => v !== null), 'no operand became null');
  assert.equal(ops[0].owner.name, 'test.def');
  assert.ok(user.verify());
  assert.doesNotMatch(m.toString(), /NULL/);
  // A new wrapper reached through the use owns the operation again, as before.
  let again = ops[0].owner;
  assert.ok(again.equals(defProbe));
  again = null;
  ops = null;
  await collect();
  assert.ok(defProbe.isLive, 'its owner collected again, still used: not erased');
  assert.equal(user.operands[0].owner.name, 'test.def');
  // Once the uses are gone, the operation is freed (at a later collection).
  user.erase();
  blk = null;
  await collect();
  // Kept trees are looked at again when an owner is released: collect a throwaway one.
  Operation.create({ name: 'test.other', context: ctx, ip: null });
  await collect();
  assert.equal(blkProbe.isLive, false, 'the detached block and its user were freed');
  assert.equal(defProbe.isLive, false, 'unused now: erased');
});

test('a detached block whose argument is used elsewhere stays alive while it is used, then is freed', async () => {
  const ctx = new Context();
  const i32 = IntegerType.get(32, ctx);
  const m = Module.create(ctx);
  let b = omnir.Block.create([i32], undefined, ctx);
  const bProbe = new omnir.Block(ctx, b._i, b._g, null);
  const user = Operation.create({ name: 'test.use', operands: [b.getArgument(0)], ip: InsertionPoint.atBlockEnd(m.body) });
  b = null;
  await collect();
  assert.ok(bProbe.isLive);
  // (Looked at through the printer: a wrapper of the argument would own the block again.)
  assert.doesNotMatch(user.toString(), /NULL/);
  assert.equal(user.numOperands, 1);
  user.setOperands([]);
  Operation.create({ name: 'test.other', context: ctx, ip: null });
  await collect();
  assert.equal(bProbe.isLive, false);
});
