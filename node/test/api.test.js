'use strict';
// The JavaScript API: contexts, types, attributes, locations, IR, creation, walks, printing,
// symbol tables, errors.

const test = require('node:test');
const assert = require('node:assert/strict');
const { omnir, NESTED } = require('./helpers');

const {
  Context, Module, Operation, Block, InsertionPoint, Location, Type, Attribute, TypeID, WalkResult, WalkOrder,
  IntegerType, IndexType, FloatType, F16Type, F32Type, F64Type, BF16Type, Float8E4M3FNType, NoneType,
  ComplexType, FunctionType, TupleType, ShapedType, VectorType, RankedTensorType, UnrankedTensorType, MemRefType,
  UnrankedMemRefType, OpaqueType, IntegerAttr, FloatAttr, StringAttr, BoolAttr, UnitAttr, TypeAttr, ArrayAttr,
  DictAttr, SymbolRefAttr, FlatSymbolRefAttr, DenseElementsAttr, DenseIntElementsAttr, DenseFPElementsAttr,
  DenseI64ArrayAttr, DenseF32ArrayAttr, DenseBoolArrayAttr, StridedLayoutAttr, AffineMapAttr, DistinctAttr,
  OpaqueAttr, LocationAttr, OpResult, BlockArgument, SymbolTable, OmnirError, StaleHandleError, MLIRError,
} = omnir;

test('the package reports the loaded core', () => {
  assert.equal(typeof omnir.version, 'number');
  assert.ok(omnir.version >= 100, `version ${omnir.version}`);
  assert.equal(omnir.abiVersion, 2); // the C ABI of this header (omnir_print_flags grew in 2)
});

test('contexts: settings, current context, raw pointer', () => {
  const ctx = new Context();
  assert.equal(ctx.allowUnregisteredDialects, true);
  ctx.allowUnregisteredDialects = false;
  assert.equal(ctx.allowUnregisteredDialects, false);
  assert.throws(() => Module.parse('"x.y"() : () -> ()', ctx), MLIRError);
  assert.equal(Context.current, undefined);
  const r = ctx.run((c) => {
    assert.equal(c, ctx);
    assert.equal(Context.current, ctx);
    return IntegerType.get(8);
  });
  assert.equal(r.context, ctx);
  assert.equal(Context.current, undefined);
  assert.throws(() => IntegerType.get(8), OmnirError, 'no current context');
  assert.equal(typeof ctx.rawPointer, 'bigint');
  assert.ok(ctx.rawPointer > 0n);
  assert.ok(ctx.isDialectRegistered('builtin'));
  assert.equal(ctx.isDialectRegistered('nope'), false);
  const other = new Context();
  assert.notEqual(ctx.hash, other.hash);
});

test('types: classes, instanceof, accessors, downcasting, uniquing', () => {
  const ctx = new Context();
  ctx.run(() => {
    const i32 = IntegerType.get(32);
    assert.ok(i32 instanceof IntegerType && i32 instanceof Type);
    assert.equal(i32.width, 32);
    assert.equal(i32.signedness, 'signless');
    assert.ok(IntegerType.getSigned(8).isSigned);
    assert.equal(String(IntegerType.getUnsigned(16)), 'ui16');
    assert.equal(IntegerType.get(32), i32, 'uniqued: the same object');
    assert.ok(Type.parse('i32').equals(i32));
    assert.equal(Type.parse('i32'), i32);
    assert.equal(String(IndexType.get()), 'index');
    assert.ok(NoneType.get() instanceof NoneType);
    const f32 = F32Type.get();
    assert.ok(f32 instanceof FloatType && f32 instanceof F32Type);
    assert.equal(f32.width, 32);
    assert.equal(String(F16Type.get()), 'f16');
    assert.equal(String(BF16Type.get()), 'bf16');
    assert.ok(Type.parse('f8E4M3FN') instanceof Float8E4M3FNType);
    assert.equal(FloatType.get('f64'), F64Type.get());
    const c = ComplexType.get(f32);
    assert.ok(c.elementType.equals(f32));
    const fn = FunctionType.get([i32, f32], [i32]);
    assert.equal(String(fn), '(i32, f32) -> i32');
    assert.deepEqual(fn.inputs.map(String), ['i32', 'f32']);
    assert.deepEqual(fn.results.map(String), ['i32']);
    const tup = TupleType.get([i32, f32]);
    assert.deepEqual(tup.types.map(String), ['i32', 'f32']);
    const t = Type.parse('tensor<4x?xf32>');
    assert.ok(t instanceof RankedTensorType && t instanceof ShapedType);
    assert.deepEqual(t.shape, [4, ShapedType.DYNAMIC]);
    assert.equal(t.rank, 2);
    assert.ok(t.isDynamicDim(1));
    assert.equal(t.hasStaticShape, false);
    assert.ok(t.elementType.equals(f32));
    assert.equal(String(RankedTensorType.get([2, 3], i32)), 'tensor<2x3xi32>');
    assert.equal(RankedTensorType.get([2, 3], i32).numElements, 6);
    const u = UnrankedTensorType.get(f32);
    assert.equal(u.hasRank, false);
    assert.throws(() => u.shape, OmnirError);
    const v = VectorType.get([4, 8], f32, { scalable: [false, true] });
    assert.equal(String(v), 'vector<4x[8]xf32>');
    assert.deepEqual(v.scalableDims, [false, true]);
    const mr = MemRefType.get([4, ShapedType.DYNAMIC], i32, { memorySpace: IntegerAttr.get(IntegerType.get(64), 1) });
    assert.equal(String(mr), 'memref<4x?xi32, 1>');
    assert.equal(mr.layout, null);
    assert.equal(String(mr.memorySpace), '1 : i64');
    const layout = StridedLayoutAttr.get(0, [ShapedType.DYNAMIC, 1]);
    assert.equal(String(MemRefType.get([4, 4], i32, { layout })), 'memref<4x4xi32, strided<[?, 1]>>');
    assert.equal(String(UnrankedMemRefType.get(f32)), 'memref<*xf32>');
    const o = OpaqueType.get('foo', 'bar');
    assert.equal(String(o), '!foo.bar');
    assert.equal(o.dialectNamespace, 'foo');
    assert.equal(o.data, 'bar');
    assert.throws(() => MemRefType.get([4], TupleType.get([i32])), OmnirError, 'not a memref element type');
    assert.equal(IntegerType.isInstance(i32), true);
    assert.equal(IntegerType.isInstance(f32), false);
    assert.equal(IntegerType.cast(i32), i32);
    assert.throws(() => IntegerType.cast(f32), TypeError);
    assert.equal(i32.typeId.name, 'builtin.integer');
    assert.ok(i32.typeId.equals(TypeID.get('builtin.integer')));
    assert.ok(i32.implements('builtin.MemRefElementTypeInterface'));
    assert.equal(i32.hash, Type.parse('i32').hash);
    assert.throws(() => Type.parse('tensor<'), MLIRError);
  });
});

test('attributes: classes, accessors, downcasting', () => {
  const ctx = new Context();
  ctx.run(() => {
    const i32 = IntegerType.get(32);
    const a = IntegerAttr.get(i32, -7);
    assert.ok(a instanceof IntegerAttr && a instanceof Attribute);
    assert.equal(a.value, -7);
    assert.equal(a.bigValue, -7n);
    assert.ok(a.type.equals(i32));
    assert.equal(String(a), '-7 : i32');
    const big = IntegerAttr.get(IntegerType.get(128), (1n << 100n) + 5n);
    assert.equal(big.bigValue, (1n << 100n) + 5n);
    assert.equal(IntegerAttr.get(IntegerType.getUnsigned(64), 2n ** 64n - 1n).bigValue, 2n ** 64n - 1n);
    assert.equal(IntegerAttr.get(IntegerType.get(64), -(2 ** 40)).value, -(2 ** 40));
    assert.equal(FloatAttr.getF64(1.5).value, 1.5);
    assert.equal(String(FloatAttr.get(F32Type.get(), 2)), '2.000000e+00 : f32');
    const s = StringAttr.get('héllo');
    assert.equal(s.value, 'héllo');
    assert.deepEqual([...StringAttr.get(new Uint8Array([0xff, 0x41])).bytes], [0xff, 0x41]);
    assert.equal(BoolAttr.get(true).value, true);
    assert.ok(UnitAttr.get() instanceof UnitAttr);
    assert.ok(TypeAttr.get(i32).value.equals(i32));
    const arr = ArrayAttr.get([a, s]);
    assert.equal(arr.length, 2);
    assert.ok(arr.at(1) instanceof StringAttr, 'elements come back downcast');
    assert.deepEqual([...arr].map(String), ['-7 : i32', '"h\\C3\\A9llo"'], 'MLIR escapes non-ASCII bytes');
    const d = DictAttr.get({ b: a, a: s });
    assert.deepEqual(d.keys(), ['a', 'b'], 'sorted by name');
    assert.ok(d.get('b').equals(a));
    assert.equal(d.get('zzz'), undefined);
    assert.equal(d.size, 2);
    assert.ok(DictAttr.get(new Map([['x', a]])).has('x'));
    const f = FlatSymbolRefAttr.get('foo');
    assert.ok(f instanceof FlatSymbolRefAttr && f instanceof SymbolRefAttr);
    assert.equal(f.value, 'foo');
    const n = SymbolRefAttr.get('a', ['b', 'c']);
    assert.equal(String(n), '@a::@b::@c');
    assert.deepEqual(n.nestedReferences, ['b', 'c']);
    const dense = DenseElementsAttr.get(RankedTensorType.get([3], i32), [1, 2, 3]);
    assert.ok(dense instanceof DenseIntElementsAttr);
    assert.deepEqual(dense.values(), [1, 2, 3]);
    assert.equal(dense.length, 3);
    assert.equal(dense.at(2).value, 3);
    const splat = DenseElementsAttr.getSplat(RankedTensorType.get([2, 2], F32Type.get()), 1.5);
    assert.ok(splat instanceof DenseFPElementsAttr && splat.isSplat);
    assert.deepEqual(splat.values(), [1.5, 1.5, 1.5, 1.5]);
    assert.deepEqual(DenseElementsAttr.get(RankedTensorType.get([2], F16Type.get()), [0.5, -2]).values(), [0.5, -2]);
    const arr64 = DenseI64ArrayAttr.get([1, -2, 3]);
    assert.equal(String(arr64), 'array<i64: 1, -2, 3>');
    assert.deepEqual(arr64.values(), [1, -2, 3]);
    assert.deepEqual(DenseF32ArrayAttr.get([0.5]).values(), [0.5]);
    assert.deepEqual(DenseBoolArrayAttr.get([true, false]).values(), [true, false]);
    assert.ok(Attribute.parse('array<i64: 4>') instanceof DenseI64ArrayAttr);
    assert.ok(Attribute.parse('dense<[1.0, 2.0]> : tensor<2xf32>') instanceof DenseFPElementsAttr);
    assert.ok(Attribute.parse('{a = 1 : i32}') instanceof DictAttr);
    assert.ok(AffineMapAttr.identity(2).isIdentity);
    assert.equal(AffineMapAttr.identity(3).numDims, 3);
    const st = StridedLayoutAttr.get(ShapedType.DYNAMIC, [4, 1]);
    assert.equal(st.offset, ShapedType.DYNAMIC);
    assert.deepEqual(st.strides, [4, 1]);
    const dis = DistinctAttr.create(UnitAttr.get());
    assert.ok(!dis.equals(DistinctAttr.create(UnitAttr.get())));
    assert.equal(OpaqueAttr.get('foo', 'bar').dialectNamespace, 'foo');
    assert.ok(a.equals(IntegerAttr.get(i32, -7)));
    assert.equal(a.hash, IntegerAttr.get(i32, -7).hash);
    assert.throws(() => IntegerAttr.get(i32, 1.5), TypeError);
    assert.throws(() => Attribute.parse('[1,'), MLIRError);
  });
});

test('locations', () => {
  const ctx = new Context();
  const u = Location.unknown(ctx);
  assert.equal(u.kind, 'unknown');
  assert.equal(String(u), 'loc(unknown)');
  const f = Location.file('a.mlir', 3, 4, ctx);
  assert.equal(f.kind, 'file');
  assert.equal(f.filename, 'a.mlir');
  assert.equal(f.line, 3);
  assert.equal(f.col, 4);
  const n = Location.name('x', f);
  assert.equal(n.nameStr, 'x');
  assert.ok(n.childLoc.equals(f));
  const cs = Location.callSite(f, [u]);
  assert.equal(cs.kind, 'callSite');
  assert.ok(cs.callee.equals(f));
  const fused = Location.fused([f, n], undefined, ctx);
  assert.equal(fused.kind, 'fused');
  assert.equal(fused.locations.length, 2);
  assert.ok(f.attr instanceof LocationAttr);
  assert.ok(f.attr.location.equals(f));
  f.run(() => {
    assert.equal(Location.current, f);
    assert.equal(Context.current, ctx);
    const op = Operation.create({ name: 'test.here', ip: null });
    assert.ok(op.location.equals(f));
  });
});

test('building IR with Operation.create and insertion points', () => {
  const ctx = new Context();
  const loc = Location.file('b.mlir', 1, 1, ctx);
  const m = Module.create(loc);
  const i32 = IntegerType.get(32, ctx);
  const fn = Operation.create({
    name: 'func.func', regions: 1, ip: new InsertionPoint(m.body),
    attributes: { sym_name: StringAttr.get('f', ctx), function_type: TypeAttr.get(FunctionType.get([i32], [i32])) },
  });
  const entry = fn.getRegion(0).appendBlock([i32]);
  assert.ok(entry instanceof Block);
  const arg = entry.getArgument(0);
  assert.ok(arg instanceof BlockArgument);
  assert.equal(arg.argNumber, 0);
  new InsertionPoint(entry).run(() => {
    const c = Operation.create({ name: 'arith.constant', results: [i32], attributes: { value: IntegerAttr.get(i32, 2) } });
    const add = Operation.create({ name: 'arith.addi', results: [i32], operands: [c.result, arg], loc });
    Operation.create({ name: 'func.return', operands: [add.result] });
    assert.ok(c.result instanceof OpResult);
    assert.equal(c.result.resultNumber, 0);
    assert.equal(c.result.uses.length, 1);
    assert.ok(c.result.uses[0].owner.equals(add));
    assert.equal(c.result.uses[0].operandNumber, 0);
    assert.deepEqual(add.operands.map((v) => v.constructor.name), ['OpResult', 'BlockArgument']);
  });
  // Insertion points: before, after, at the beginning, at the terminator.
  const ret = entry.terminator;
  assert.equal(ret.name, 'func.return');
  Operation.create({ name: 'test.before_ret', ip: InsertionPoint.atBlockTerminator(entry) });
  Operation.create({ name: 'test.first', ip: InsertionPoint.atBlockBegin(entry) });
  Operation.create({ name: 'test.after_first', ip: InsertionPoint.after(entry.operations[0]) });
  assert.deepEqual(entry.operations.map((o) => o.name),
    ['test.first', 'test.after_first', 'arith.constant', 'arith.addi', 'test.before_ret', 'func.return']);
  assert.deepEqual([...entry].length, 6, 'a block is iterable over its operations');
  assert.deepEqual([...fn.getRegion(0)].length, 1, 'a region is iterable over its blocks');
  // Attributes of an operation: Map-like.
  const c = entry.operations[2];
  assert.equal(c.attributes.get('value').value, 2);
  c.attributes.set('note', StringAttr.get('hi', ctx));
  // `value` is inherent to arith.constant: given at creation, it became a property (as MLIR's
  // Operation::create does); the entries are the discardable attributes.
  assert.deepEqual(c.attributes.keys(), ['note']);
  assert.deepEqual([...c.attributes].map(([k]) => k), ['note']);
  assert.equal(c.properties.get('value').value, 2);
  assert.equal(c.attributes.delete('note'), true);
  assert.equal(c.attributes.has('note'), false);
  assert.equal(m.operation.verify(), true);
  // arith.addi's default-valued property is materialized at creation, as upstream.
  assert.ok(m.print({ generic: true }).includes('"arith.addi"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32'));
  // The custom forms, as iree-opt --allow-unregistered-dialect prints this module.
  assert.equal(m.print(), [
    'module {',
    '  func.func @f(%arg0: i32) -> i32 {',
    '    "test.first"() : () -> ()',
    '    "test.after_first"() : () -> ()',
    '    %c2_i32 = arith.constant 2 : i32',
    '    %0 = arith.addi %c2_i32, %arg0 : i32',
    '    "test.before_ret"() : () -> ()',
    '    return %0 : i32',
    '  }',
    '}',
    '',
  ].join('\n'));
  // Navigation.
  assert.ok(c.parent.equals(fn));
  assert.ok(c.block.equals(entry));
  assert.ok(entry.owner.equals(fn));
  assert.ok(entry.region.equals(fn.getRegion(0)));
  assert.ok(fn.getRegion(0).owner.equals(fn));
  assert.equal(c.next.name, 'arith.addi');
  assert.equal(c.prev.name, 'test.after_first');
  assert.ok(m.operation.isAncestorOf(c));
  // Operands, RAUW, erase.
  const add = entry.operations[3];
  const c2 = Operation.create({ name: 'arith.constant', results: [i32], attributes: { value: IntegerAttr.get(i32, 5) }, ip: InsertionPoint.before(add) });
  c.result.replaceAllUsesWith(c2.result);
  assert.ok(add.getOperand(0).equals(c2.result));
  assert.equal(c.result.numUses, 0);
  c.erase();
  assert.throws(() => c2.erase(), (e) => e.status === 'OMNIR_ERROR_STILL_IN_USE');
  add.setOperand(0, arg);
  c2.erase();
  // Move and detach.
  const first = entry.operations[0];
  first.moveAfter(entry.operations[1]);
  assert.equal(entry.operations[1].name, 'test.first');
  first.detachFromParent();
  assert.equal(first.block, null);
  m.body.append(first);
  assert.equal(m.body.operations.at(-1).name, 'test.first');
  // Errors of wrong arguments.
  assert.throws(() => Operation.create({ name: 'x.y', results: [3], context: ctx }), TypeError);
  assert.throws(() => Operation.create({ name: 'x.y', operands: [i32], context: ctx }), TypeError);
  const other = new Context();
  assert.throws(() => Operation.create({ name: 'x.y', results: [IntegerType.get(1, other)], context: ctx }),
    (e) => e.status === 'OMNIR_ERROR_WRONG_CONTEXT');
});

test('walks: pre-order, post-order, skip, interrupt, mutation while walking', () => {
  const ctx = new Context();
  const m = Module.parse(NESTED, ctx);
  const pre = [];
  assert.equal(m.operation.walk((o) => { pre.push(o.name); }), WalkResult.ADVANCE);
  assert.deepEqual(pre, ['builtin.module', 'test.outer', 'test.inner', 'test.sibling']);
  const post = [];
  m.operation.walk((o) => { post.push(o.name); }, WalkOrder.POST_ORDER);
  assert.deepEqual(post, ['test.inner', 'test.outer', 'test.sibling', 'builtin.module']);
  const skipped = [];
  m.operation.walk((o) => { skipped.push(o.name); return o.name === 'test.outer' ? WalkResult.SKIP : undefined; });
  assert.deepEqual(skipped, ['builtin.module', 'test.outer', 'test.sibling']);
  const stopped = [];
  assert.equal(m.operation.walk((o) => { stopped.push(o.name); return o.name === 'test.inner' ? WalkResult.INTERRUPT : WalkResult.ADVANCE; }), WalkResult.INTERRUPT);
  assert.deepEqual(stopped, ['builtin.module', 'test.outer', 'test.inner']);
  const visited = [];
  m.operation.walk((o) => {
    visited.push(o.name);
    if (o.name === 'test.outer') o.erase();
  });
  assert.deepEqual(visited, ['builtin.module', 'test.outer', 'test.sibling'], 'erased operations are skipped');
});

test('printing with print flags', () => {
  const ctx = new Context();
  const m = Module.parse('"test.op"() {big = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>} : () -> () loc("f.mlir":2:3)', ctx);
  const op = m.body.operations[0];
  assert.ok(!op.toString().includes('loc('));
  assert.ok(op.print({ debugInfo: true }).includes('loc("f.mlir":2:3)'));
  assert.ok(op.print({ elideElementsLargerThan: 4 }).includes('dense_resource<__elided__>'));
  assert.equal(op.getAsm(), op.toString());
  assert.ok(op.print({ generic: true, localScope: true, assumeVerified: true }).startsWith('"test.op"'));
});

test('modules print in their custom form by default, generically on request', () => {
  const ctx = new Context();
  const m = Module.parse(`"builtin.module"() ({
  %0 = "test.a"() : () -> i32
  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
}) : () -> ()`, ctx);
  const custom = 'module {\n  %0 = "test.a"() : () -> i32\n  %1 = unrealized_conversion_cast %0 : i32 to i64\n}\n';
  assert.equal(m.toString(), custom);
  assert.equal(m.print(), custom);
  assert.equal(m.operation.toString(), custom);
  assert.equal(m.print({ generic: false }), custom);
  const generic = '"builtin.module"() ({\n  %0 = "test.a"() : () -> i32\n  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64\n}) : () -> ()\n';
  assert.equal(m.print({ generic: true }), generic);
  assert.equal(m.operation.getAsm({ printGenericOpForm: true }), generic, "MLIR Python's keyword");
  // Both forms read back to the same module.
  assert.equal(Module.parse(custom, ctx).print({ generic: true }), generic);
  assert.equal(Module.parse(generic, ctx).toString(), custom);
  // The flag reaches blocks and values too.
  const cast = m.body.operations[1];
  assert.equal(m.body.print({ generic: true }).split('\n')[2], '  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64');
  assert.equal(cast.result.print(), '%1 = unrealized_conversion_cast %0 : i32 to i64', 'builtin is the default dialect');
  assert.equal(cast.result.print({ generic: true }), '%1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64');
});

test('symbol tables', () => {
  const ctx = new Context();
  const m = Module.parse(`"test.sym"() {sym_name = "a"} : () -> ()
"test.user"() {callee = @a} : () -> ()`, ctx);
  const table = new SymbolTable(m.operation);
  const a = table.get('a');
  assert.equal(a.name, 'test.sym');
  assert.equal(table.get('missing'), undefined);
  assert.equal(table.size, 1);
  assert.equal(SymbolTable.getSymbolName(a), 'a');
  assert.equal(SymbolTable.getVisibility(a), 'public');
  SymbolTable.setVisibility(a, 'private');
  assert.equal(SymbolTable.getVisibility(a), 'private');
  assert.ok(SymbolTable.isSymbolTable(m.operation));
  const user = m.body.operations[1];
  assert.ok(SymbolTable.lookupNearestSymbolFrom(user, 'a').equals(a));
  assert.ok(SymbolTable.lookupNearestSymbolFrom(user, FlatSymbolRefAttr.get('a', ctx)).equals(a));
  const uses = SymbolTable.getSymbolUses(a, m.operation);
  assert.equal(uses.length, 1);
  assert.ok(uses[0].user.equals(user));
  table.rename(a, 'b');
  assert.equal(String(user.attributes.get('callee')), '@b');
  const dup = Operation.create({ name: 'test.sym', context: ctx, ip: null, attributes: { sym_name: StringAttr.get('b', ctx) } });
  const name = table.insert(dup);
  assert.notEqual(name, 'b', 'a taken name is made unique');
  assert.equal(table.size, 2);
  table.erase(dup);
  assert.throws(() => dup.name, StaleHandleError);
  SymbolTable.replaceAllSymbolUses('b', 'c', m.operation);
  assert.equal(String(user.attributes.get('callee')), '@c');
});

test('errors are OmnirError subclasses with diagnostics', () => {
  const ctx = new Context();
  let err;
  try {
    Module.parse('"a.b"() : () -> (\n', { context: ctx, filename: 'bad.mlir' });
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof MLIRError && err instanceof OmnirError && err instanceof Error);
  assert.equal(err.name, 'MLIRError');
  assert.equal(err.status, 'OMNIR_ERROR_PARSE_FAILED');
  assert.ok(err.message.startsWith('Unable to parse module:\nbad.mlir:'), err.message);
  assert.equal(err.diagnostics.length, 1);
  const d = err.diagnostics[0];
  assert.equal(d.severity, 'error');
  assert.equal(d.location.filename, 'bad.mlir');
  assert.equal(d.location.line, 1);
  assert.ok(d.message.length > 0);
  assert.ok(String(d).includes('error:'));
  const m = Module.create(ctx);
  assert.throws(() => m.body.getArgument(3), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_OUT_OF_RANGE');
});

test('parsing verifies, as MLIR does, unless verifyAfterParse is off', () => {
  const TWO_BLOCKS = '"builtin.module"() ({\n^bb0:\n  "t.a"() : () -> ()\n^bb1:\n  "t.b"() : () -> ()\n}) : () -> ()';
  const ctx = new Context();
  assert.equal(ctx.verifyAfterParse, true);
  for (const parse of [
    () => Module.parse(TWO_BLOCKS, { context: ctx, filename: 'two.mlir' }),
    () => Operation.parse(TWO_BLOCKS, { context: ctx, sourceName: 'two.mlir' }),
  ]) {
    let err;
    try {
      parse();
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof MLIRError, String(err));
    assert.equal(err.status, 'OMNIR_ERROR_PARSE_FAILED');
    assert.ok(err.message.includes("two.mlir:1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks"),
      err.message);
    assert.equal(err.diagnostics.length, 1, 'the verifier error, once');
    const d = err.diagnostics[0];
    assert.equal(d.message, "'builtin.module' op expects region #0 to have 0 or 1 blocks");
    assert.equal(d.location.filename, 'two.mlir');
    assert.equal(d.location.line, 1);
  }
  ctx.verifyAfterParse = false;
  assert.equal(ctx.verifyAfterParse, false);
  const m = Module.parse(TWO_BLOCKS, ctx);
  assert.throws(() => m.operation.verify(), MLIRError);
  assert.equal(new Context({ verifyAfterParse: false }).verifyAfterParse, false);
});

test('C handles for other native addons: rawPointer, raw, fromRaw', () => {
  const ctx = new Context();
  const m = Module.parse(NESTED, ctx);
  const op = m.body.operations[0];
  const again = Operation.fromRaw(ctx, op.raw);
  assert.ok(again.equals(op));
  const t = IntegerType.get(16, ctx);
  assert.equal(Type.fromRaw(ctx, t.raw), t);
  const a = IntegerAttr.get(t, 3);
  assert.ok(Attribute.fromRaw(ctx, a.raw).equals(a));
  const other = new Context();
  assert.throws(() => Type.fromRaw(other, t.raw), (e) => e.status === 'OMNIR_ERROR_WRONG_CONTEXT');
  assert.throws(() => Operation.fromRaw(other, op.raw), (e) => e.status === 'OMNIR_ERROR_WRONG_CONTEXT');
  op.erase();
  assert.throws(() => Operation.fromRaw(ctx, op.raw), StaleHandleError);
});
