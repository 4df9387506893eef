'use strict';
// Less travelled parts of the IR API: blocks and successors, block moves, properties,
// value types, more attributes.

const test = require('node:test');
const assert = require('node:assert/strict');
const { omnir, collect, probe } = require('./helpers');

const {
  Context, Module, Operation, Block, InsertionPoint, IntegerType, IndexType, F32Type, TupleType, RankedTensorType,
  UnrankedMemRefType, IntegerAttr, StringAttr, DictAttr, DistinctAttr, UnitAttr, DenseStringElementsAttr,
  DenseResourceElementsAttr, SymbolTable, StaleHandleError, OmnirError,
} = omnir;

test('blocks, successors and predecessors', () => {
  const ctx = new Context();
  const i32 = IntegerType.get(32, ctx);
  const m = Module.create(ctx);
  const f = Operation.create({ name: 'test.func', regions: 1, ip: new InsertionPoint(m.body) });
  const region = f.getRegion(0);
  const entry = region.appendBlock([]);
  const exit = Block.create([i32], undefined, ctx);
  const c = Operation.create({ name: 'test.c', results: [i32], ip: new InsertionPoint(entry) });
  Operation.create({ name: 'test.br', operands: [c.result], successors: [exit], ip: new InsertionPoint(entry) });
  region.appendBlock(exit);
  assert.equal(region.numBlocks, 2);
  assert.ok(entry.next.equals(exit));
  assert.ok(entry.successors[0].equals(exit));
  assert.ok(exit.predecessors[0].equals(entry));
  assert.equal(exit.numArguments, 1);
  const arg = exit.addArgument(IndexType.get(ctx));
  assert.equal(arg.argNumber, 1);
  exit.eraseArgument(1);
  assert.equal(exit.numArguments, 1);
  const middle = Block.create([], undefined, ctx);
  region.insertBlockAfter(entry, middle);
  assert.deepEqual(region.blocks.map((b) => b.numArguments), [0, 0, 1]);
  const first = Block.createAtStart(region, [F32Type.get(ctx)]);
  assert.ok(region.blocks[0].equals(first));
  const br = entry.terminator;
  br.setSuccessor(0, middle);
  assert.ok(br.successors[0].equals(middle));
  assert.deepEqual(exit.predecessors, []);
  assert.throws(() => middle.detach(), OmnirError, 'a block with predecessors stays');
  br.setSuccessor(0, exit);
  middle.detach();
  assert.equal(middle.region, null);
  region.insertBlockBefore(exit, middle);
  assert.ok(region.blocks[2].equals(middle));
  assert.ok(entry.owner.equals(f));
  br.erase();
  exit.erase();
  assert.throws(() => exit.arguments, StaleHandleError);
});

test('a detached block with operations is owned by its wrappers', async () => {
  const ctx = new Context();
  let b = Block.create([], undefined, ctx);
  let op = Operation.create({ name: 'test.inside', context: ctx, ip: new InsertionPoint(b) });
  const p = probe(op);
  b = null;
  await collect();
  assert.ok(p.isLive, 'the operation wrapper keeps its detached block');
  assert.equal(op.block.numOperations, 1);
  op = null;
  await collect();
  assert.equal(p.isLive, false);
});

test('properties, value types, discardable and inherent attributes', () => {
  const ctx = new Context();
  const i32 = IntegerType.get(32, ctx);
  const props = DictAttr.get({ value: IntegerAttr.get(i32, 9) }, ctx);
  const op = Operation.create({ name: 'test.p', results: [i32], properties: props, context: ctx, ip: null });
  assert.ok(op.properties.equals(props));
  assert.equal(op.attributes.get('value').value, 9, 'get() falls back to inherent attributes');
  assert.deepEqual(op.attributes.keys(), [], 'entries are the discardable attributes');
  assert.ok(op.print({ generic: true }).includes('<{value = 9 : i32}>'));
  op.properties = DictAttr.get({}, ctx);
  assert.equal(op.attributes.get('value'), undefined);
  op.result.type = IndexType.get(ctx);
  assert.equal(String(op.result.type), 'index');
  assert.equal(op.typeId.name, 'test.p');
  const user = Operation.create({ name: 'test.u', operands: [op.result], context: ctx, ip: null });
  op.result.dropAllUses();
  assert.equal(user.operands[0], null, 'a dropped operand is null');
  assert.equal(op.result.numUses, 0);
  user.dropAllReferences();
});

test('more attributes and types', () => {
  const ctx = new Context();
  ctx.run(() => {
    const i32 = IntegerType.get(32);
    const tup = TupleType.get([i32, F32Type.get()]);
    assert.equal(tup.numTypes, 2);
    assert.ok(tup.getType(1).equals(F32Type.get()));
    const strs = DenseStringElementsAttr.get(RankedTensorType.get([2], StringAttr.get('x').type || IntegerType.get(8)), ['ab', 'c']);
    assert.deepEqual(strs.values(), ['ab', 'c']);
    const r = DenseResourceElementsAttr.get(RankedTensorType.get([4], i32), 'blob');
    assert.equal(r.key, 'blob');
    const d = DistinctAttr.create(UnitAttr.get());
    assert.ok(d.referencedAttr.equals(UnitAttr.get()));
    assert.equal(UnrankedMemRefType.get(i32, IntegerAttr.get(IntegerType.get(64), 2)).memorySpace.value, 2);
  });
});

test('symbol table remove detaches; insert at an insertion point', () => {
  const ctx = new Context();
  const m = Module.parse('"test.s"() {sym_name = "a"} : () -> ()\n"test.s"() {sym_name = "b"} : () -> ()', ctx);
  const t = new SymbolTable(m.operation);
  const a = t.get('a');
  t.remove(a);
  assert.equal(a.block, null);
  assert.equal(t.get('a'), undefined);
  t.insert(a, InsertionPoint.atBlockBegin(m.body));
  assert.equal(m.body.operations[0].attributes.get('sym_name').value, 'a');
  assert.throws(() => t.insert(Operation.create({ name: 'test.nosym', context: ctx, ip: null })), OmnirError);
});

test('blocks and values print as MLIR prints them', () => {
  const ctx = new Context();
  const m = Module.parse(`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
    "test.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):
    "test.ret"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()`, ctx);
  const [b0, b1] = [...m.body.operations[0].regions[0].blocks];
  assert.equal(b0.print({ generic: true }), '^bb0(%arg0: i32, %arg1: i32):\n  %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32\n  "test.br"(%0)[^bb1] : (i32) -> ()\n');
  assert.equal(b0.toString(), b0.print());
  assert.equal(b1.print({ generic: true }), '^bb1(%1: i32):  // pred: ^bb0\n  "test.ret"(%1) : (i32) -> ()\n');
  const sum = b0.operations[0].result;
  assert.equal(sum.print({ generic: true }), '%0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32');
  assert.equal(sum.toString(), `OpResult(${sum.print()})`);
  assert.equal(b0.arguments[1].print(), "<block argument> of type 'i32' at index: 1");
  assert.match(sum.print({ debugInfo: true }), /loc\(/);
});

test('Operation.parse and value names, as upstream MLIR gives them', () => {
  // Expected names from iree.compiler.ir (upstream MLIR's Python bindings) on the same text.
  const ctx = new Context();
  const op = Operation.parse(
    '"test.f"() ({\n^bb0(%a: i32):\n  %0:2 = "test.two"(%a) : (i32) -> (i32, i32)\n' +
      '  "test.use"(%0#1) : (i32) -> ()\n}) : () -> ()',
    { context: ctx, sourceName: 'one.mlir' },
  );
  assert.equal(op.name, 'test.f');
  assert.equal(op.parent, null);
  const block = op.getRegion(0).blocks[0];
  const two = block.operations[0];
  assert.equal(block.getArgument(0).getName(), '%arg0');
  assert.equal(two.getResult(1).getName(), '%0#1');
  assert.equal(two.getResult(0).getName({ useLocalScope: true }), '%0#0');
  assert.throws(() => two.getResult(0).getName({ useLocalScope: 'yes' }), TypeError);
  for (const [text, found] of [['', 0], ['"a.b"() : () -> ()\n"a.c"() : () -> ()', 2]]) {
    assert.throws(() => Operation.parse(text, ctx), (e) => e instanceof omnir.MLIRError &&
      e.message.includes(`source must contain a single top-level operation, found: ${found}`));
  }
  assert.throws(() => Operation.parse(undefined, ctx), TypeError);
});
