'use strict';
// Bad input from JavaScript: wrong types, null/undefined, out-of-range and non-integer
// numbers, non-arrays where arrays go. Each is a TypeError or an OmnirError naming the
// argument, thrown before anything changes; never a silently different answer (JavaScript's
// `x >>> 0` makes undefined, NaN and 'a' index 0, and 2**32 + 1 index 1), never a TypeError
// from deep inside ("Cannot read properties of undefined"), never a process abort.

const test = require('node:test');
const assert = require('node:assert/strict');
const fc = require('fast-check');
const { omnir } = require('./helpers');

const {
  Context, Module, Operation, InsertionPoint, Block, Location, Dialect, IntegerType, F32Type, FunctionType,
  TupleType, MemRefType, RankedTensorType, VectorType, ShapedType, IntegerAttr, FloatAttr, StringAttr, ArrayAttr,
  DictAttr, DenseElementsAttr, UnitAttr, Attribute, Type, OmnirError, MLIRError, WalkOrder,
} = omnir;

const TEXT = `"builtin.module"() ({
  %0:2 = "t.a"() {x = 1 : i32} : () -> (i32, i32)
  "t.r"() ({
  ^bb0(%a: i32):
    "t.u"(%0#0, %a) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()`;

function setup() {
  const ctx = new Context();
  const m = Module.parse(TEXT, ctx);
  const [a, r] = m.body.operations;
  return { ctx, m, a, r, blk: r.regions[0].blocks[0], i32: IntegerType.get(32, ctx), before: m.toString() };
}

/** `f` throws an error of class `cls` whose message matches `re`, and the IR is unchanged. */
function refuses(s, f, cls, re) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof cls, `expected ${cls.name}, got ${e && e.constructor.name}: ${e && e.message}`);
    if (re) assert.match(e.message, re);
    assert.doesNotMatch(e.message, /Cannot read properties|is not a function|is not iterable/);
    return true;
  });
  assert.equal(s.m.toString(), s.before, 'the IR is unchanged');
}

test('indices: not an integer is a TypeError, outside 0..2**32-1 out of range; never wrapped', () => {
  const s = setup();
  const { a, blk } = s;
  for (const bad of [undefined, null, NaN, 'a', '1', 1.5, {}, 1n]) {
    refuses(s, () => a.getResult(bad), TypeError, /getResult: expected an integer/);
    refuses(s, () => a.getOperand(bad), TypeError, /getOperand/);
    refuses(s, () => s.r.getRegion(bad), TypeError, /getRegion/);
    refuses(s, () => blk.getArgument(bad), TypeError, /getArgument/);
    refuses(s, () => blk.eraseArgument(bad), TypeError, /eraseArgument/);
  }
  // 2**32 + 1 would have been index 1 (a real result of `a`).
  refuses(s, () => a.getResult(2 ** 32 + 1), OmnirError, /out of range/);
  refuses(s, () => a.getResult(-1), OmnirError, /out of range/);
  assert.throws(() => a.getResult(2), (e) => e.status === 'OMNIR_ERROR_OUT_OF_RANGE');
  assert.equal(a.getResult(1).resultNumber, 1);
  refuses(s, () => IntegerType.get(undefined, s.ctx), TypeError, /width/);
  refuses(s, () => IntegerType.get(-8, s.ctx), OmnirError, /width: -8 is out of range/);
  refuses(s, () => Location.file('f.mlir', NaN, 1, s.ctx), TypeError, /line/);
  refuses(s, () => Location.file(undefined, 1, 1, s.ctx), TypeError, /filename: expected a string/);
});

test('shapes and dimension queries are checked', () => {
  const s = setup();
  const { i32 } = s;
  refuses(s, () => MemRefType.get(4, i32), TypeError, /MemRefType.get: shape: expected an array/);
  refuses(s, () => RankedTensorType.get([NaN], i32), TypeError, /shape\[0\].*NaN/);
  refuses(s, () => RankedTensorType.get([1.5], i32), TypeError, /shape\[0\]/);
  refuses(s, () => VectorType.get(['4'], i32), TypeError, /shape\[0\]: expected an integer size/);
  assert.equal(String(RankedTensorType.get([2, ShapedType.DYNAMIC], i32)), 'tensor<2x?xi32>');
  assert.equal(String(MemRefType.get([3n], i32)), 'memref<3xi32>', 'BigInt sizes are fine');
  assert.equal(String(VectorType.get(new Set([4]), i32)), 'vector<4xi32>', 'any iterable of sizes');
  const t = RankedTensorType.get([2, 3], i32);
  assert.equal(t.getDimSize(1), 3);
  assert.throws(() => t.getDimSize(2), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_OUT_OF_RANGE');
  assert.throws(() => t.isDynamicDim(undefined), TypeError);
  const tup = TupleType.get([i32], s.ctx);
  assert.throws(() => tup.getType(1), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_OUT_OF_RANGE');
});

test('arrays: anything but an array or iterable is a TypeError naming the argument', () => {
  const s = setup();
  const { ctx, a, i32, m } = s;
  const ip = new InsertionPoint(m.body);
  refuses(s, () => Operation.create({ name: 't.b', operands: a.getResult(0), ip }), TypeError, /operands: expected an array, got OpResult/);
  refuses(s, () => Operation.create({ name: 't.b', results: i32, ip }), TypeError, /results: expected an array/);
  refuses(s, () => Operation.create({ name: 't.b', successors: 3, ip }), TypeError, /successors/);
  refuses(s, () => Operation.create({ name: 't.b', loc: 'here', ip }), TypeError, /loc: expected a Location/);
  refuses(s, () => a.setOperands(undefined), TypeError, /setOperands: expected an array/);
  refuses(s, () => FunctionType.get(i32, [], ctx), TypeError, /inputs: expected an array/);
  refuses(s, () => TupleType.get(null, ctx), TypeError, /TupleType.get: expected an array/);
  refuses(s, () => ArrayAttr.get(undefined, ctx), TypeError, /ArrayAttr.get/);
  refuses(s, () => Location.fused(null, ctx), TypeError, /Location.fused/);
  refuses(s, () => Block.create(5, ctx), TypeError, /argTypes: expected an array/);
  refuses(s, () => Block.createAtStart(undefined), TypeError, /expected a Region/);
  refuses(s, () => DictAttr.get([null], ctx), TypeError, /\[name, attribute\] entries/);
  refuses(s, () => Module.create(5), TypeError, /Location or a Context/);
  refuses(s, () => new Context(5), TypeError, /expected an object/);
  assert.equal(new Context(null).allowUnregisteredDialects, true, 'null options are no options');
  // Iterables other than arrays work where arrays do.
  const op = Operation.create({ name: 't.b', operands: new Set([a.getResult(0)]), results: (function* g() { yield i32; }()), ip: null, context: ctx });
  assert.equal(op.numOperands, 1);
  assert.equal(op.numResults, 1);
  assert.equal(s.r.regions[0].appendBlock(null).numArguments, 0, 'appendBlock(null): no arguments');
});

test('text and numbers are not coerced into something else', () => {
  const s = setup();
  const { ctx, a, i32 } = s;
  refuses(s, () => StringAttr.get(undefined, ctx), TypeError, /StringAttr.get: expected a string, got undefined/);
  refuses(s, () => a.attributes.set(undefined, UnitAttr.get(ctx)), TypeError, /attributes.set: name/);
  refuses(s, () => FloatAttr.get(F32Type.get(ctx), '3'), TypeError, /FloatAttr.get: expected a number/);
  refuses(s, () => Module.parse(undefined, ctx), TypeError, /Module.parse: expected a string/);
  refuses(s, () => Type.parse(null, ctx), TypeError, /Type.parse/);
  refuses(s, () => Attribute.parse(42, ctx), TypeError, /Attribute.parse/);
  assert.equal(ctx.run(() => String(StringAttr.get('x', null))), '"x"', 'null options: the current context');
  assert.equal(Module.parse(Buffer.from('"t.z"() : () -> ()'), ctx).body.operations[0].name, 't.z', 'bytes parse as UTF-8');
  refuses(s, () => DenseElementsAttr.get(i32, [1]), TypeError, /tensor or vector type/);
  refuses(s, () => s.m.operation.walk(() => {}, 'sideways'), TypeError, /order must be/);
  assert.equal(s.m.operation.walk(() => {}, WalkOrder.POST_ORDER), 'advance');
});

test('a huge region count is refused instead of exhausting memory', () => {
  const s = setup();
  const ip = new InsertionPoint(s.m.body);
  refuses(s, () => Operation.create({ name: 't.b', regions: 1e9, ip }), OmnirError, /at most 1048576 regions, not 1000000000/);
  refuses(s, () => Operation.create({ name: 't.b', regions: -1, ip }), OmnirError, /regions: -1 is out of range/);
  refuses(s, () => Operation.create({ name: 't.b', regions: '2', ip }), TypeError, /regions: expected an integer/);
  assert.equal(Operation.create({ name: 't.b', regions: 3, ip: null, context: s.ctx }).numRegions, 3);
});

test('malformed MLIR is an MLIRError with file:line:col, and the context keeps working', () => {
  const s = setup();
  for (const bad of ['%%%', '"a.b"(', '"a.b"() : () -> (i32', '"a.b"() ({ ^bb0(%x: i32): "c.d"(%y) : (i32) -> () }) : () -> ()']) {
    assert.throws(() => Module.parse(bad, { context: s.ctx, filename: 'in.mlir' }), (e) => e instanceof MLIRError
      && e.status === 'OMNIR_ERROR_PARSE_FAILED' && /^in\.mlir:1:\d+: error: /m.test(e.message.split('\n')[1])
      && e.diagnostics[0].location.filename === 'in.mlir' && e.diagnostics[0].location.line === 1);
  }
  assert.equal(Module.parse('"t.ok"() : () -> ()', s.ctx).body.operations[0].name, 't.ok');
});

test('a TypeDefinition or AttributeDefinition is a constraint: any type/attribute of that kind', () => {
  // The IR that breaks the constraints is parsed without verifying, to verify it here.
  const ctx = new Context({ verifyAfterParse: false });
  const d = new Dialect('k', ctx);
  const Tile = d.defineType('tile', { params: ['n'] });
  const Tag = d.defineAttribute('tag', { params: ['v'] });
  d.defineOperation('make', { results: [['r', Tile]], attributes: { t: Tag } });
  const ok = Module.parse('%0 = "k.make"() {t = #k.tag<1>} : () -> !k.tile<4>', ctx);
  assert.equal(ok.operation.verify(), true, 'any parameters');
  const bad = Module.parse('%0 = "k.make"() {t = #k.tag<1>} : () -> i32', ctx);
  assert.throws(() => bad.operation.verify(), (e) => e instanceof MLIRError && /!k\.tile/.test(e.message));
  const badAttr = Module.parse('%0 = "k.make"() {t = 1 : i32} : () -> !k.tile<1>', ctx);
  assert.throws(() => badAttr.operation.verify(), (e) => e instanceof MLIRError && /#k\.tag/.test(e.message));
  const other = new Dialect('k2', new Context()).defineType('tile');
  assert.throws(() => d.defineOperation('mix', { results: [['r', other]] }), (e) => e.status === 'OMNIR_ERROR_WRONG_CONTEXT');
});

// Issue 15, item 5: bytes that are not UTF-8 are a parse error at the first bad byte, as
// omnir-opt reports it (`file:1:19: error: the input is not valid UTF-8`), never text
// decoded with replacement characters that the user never wrote.
test('invalid UTF-8 bytes are a parse error with file:line:col (Module.parse, Operation.parse)', () => {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const bad = Buffer.concat([Buffer.from('"test.op"() {s = "'), Buffer.from([0xff, 0xfe]), Buffer.from('"} : () -> ()\n')]);
  const second = Buffer.concat([Buffer.from('"test.a"() : () -> ()\n"test.b"() {s = "ab'), Buffer.from([0xc3]), Buffer.from('"} : () -> ()')]);
  const cases = [
    [() => Module.parse(bad, { context: ctx, filename: 'in.mlir' }), 'Unable to parse module', 'in.mlir', 1, 19],
    [() => Module.parse(new Uint8Array(bad), ctx), 'Unable to parse module', '-', 1, 19],
    [() => Module.parse(second, { context: ctx, filename: 'two.mlir' }), 'Unable to parse module', 'two.mlir', 2, 20],
    [() => Operation.parse(bad, { context: ctx, sourceName: 'op.mlir' }), 'Unable to parse operation assembly', 'op.mlir', 1, 19],
    // A view into a larger buffer: only its own bytes count.
    [() => Operation.parse(Buffer.concat([Buffer.from('xx'), bad]).subarray(2), ctx), 'Unable to parse operation assembly', '-', 1, 19],
  ];
  for (const [f, what, file, line, col] of cases) {
    assert.throws(f, (e) => {
      assert.ok(e instanceof MLIRError, `${e && e.constructor.name}: ${e && e.message}`);
      assert.equal(e.status, 'OMNIR_ERROR_PARSE_FAILED');
      assert.equal(e.message, `${what}:\n${file}:${line}:${col}: error: the input is not valid UTF-8`);
      assert.equal(e.diagnostics.length, 1);
      const d = e.diagnostics[0];
      assert.equal(d.severity, 'error');
      assert.equal(d.message, 'the input is not valid UTF-8');
      assert.equal(d.location.filename, file);
      assert.equal(d.location.line, line);
      assert.equal(d.location.col, col);
      return true;
    });
  }
  // Valid UTF-8 bytes (non-ASCII too) parse as the same text would.
  const ok = Buffer.from('"test.op"() {s = "héllo ✓"} : () -> ()');
  assert.equal(Module.parse(ok, ctx).toString(), Module.parse(ok.toString('utf8'), ctx).toString());
  assert.equal(Operation.parse(new Uint8Array(ok), ctx).attributes.get('s').value, 'héllo ✓');
});

test('bytes that are not UTF-8 are refused wherever text goes, at the same byte as the parser says', () => {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const bad = Buffer.from([0x69, 0x33, 0xff]);
  const invalid = (re) => (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_INVALID_UTF8' && re.test(e.message);
  assert.throws(() => Type.parse(bad, ctx), invalid(/^Type.parse: the bytes are not valid UTF-8 \(at byte 2\)$/));
  assert.throws(() => Attribute.parse(bad, ctx), invalid(/^Attribute.parse: .* \(at byte 2\)$/));
  assert.throws(() => Location.file(bad, 1, 1, ctx), invalid(/^Location.file: filename: /));
  assert.throws(() => Location.name(bad, undefined, ctx), invalid(/^Location.name: /));
  const m = Module.parse('"t.a"() : () -> ()', ctx);
  assert.throws(() => m.body.operations[0].attributes.set(bad, UnitAttr.get(ctx)), invalid(/attributes.set: name/));
  assert.throws(() => Operation.parse('"t.a"() : () -> ()', { context: ctx, sourceName: bad }), invalid(/sourceName/));
  assert.equal(Type.parse(Buffer.from('i32'), ctx).toString(), 'i32', 'valid bytes are text');
  assert.equal(Location.file(Buffer.from('ü.mlir'), 1, 2, ctx).filename, 'ü.mlir');
  // The JavaScript check and Rust's (the parser's column) agree on random bytes.
  const bytes = fc.array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }),
    fc.constantFrom(0xc3, 0xa9, 0xe2, 0x9c, 0x93, 0xed, 0xa0, 0xf0, 0xf4, 0x90, 0x9f, 0x8f)), { maxLength: 12 });
  fc.assert(fc.property(bytes, (xs) => {
    const b = Buffer.from(xs);
    let valid = true;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b);
    } catch {
      valid = false;
    }
    if (valid) {
      assert.equal(Type.parse(Buffer.concat([b, Buffer.from('i32')]).subarray(b.length), ctx).toString(), 'i32');
      return;
    }
    let at = -1;
    assert.throws(() => Type.parse(b, ctx), (e) => {
      at = Number(/at byte (\d+)/.exec(e.message)[1]);
      return e.status === 'OMNIR_ERROR_INVALID_UTF8';
    });
    assert.throws(() => Module.parse(b, ctx), (e) => e instanceof MLIRError
      && e.diagnostics[0].location.col === at + 1 && e.diagnostics[0].location.line === 1);
  }), { numRuns: 300 });
});
