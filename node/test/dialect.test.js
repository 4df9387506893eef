'use strict';
// Dialects defined from JavaScript: types and attributes with parameters and verifiers,
// operations with constraints, traits and verifiers, interfaces (markers, and methods
// written in JavaScript), diagnostics.

const test = require('node:test');
const assert = require('node:assert/strict');
const { omnir } = require('./helpers');

const {
  Context, Module, Operation, InsertionPoint, Dialect, DialectType, DialectAttr, IntegerType, F32Type, MemRefType,
  IntegerAttr, StringAttr, TypeID, MLIRError, OmnirError, Location,
} = omnir;

test('a dialect type with parameters, a verifier, and the memref element type interface', () => {
  const ctx = new Context();
  const toy = new Dialect('toy', ctx);
  assert.ok(ctx.isDialectRegistered('toy'));
  const Shape = toy.defineType('shape', {
    params: ['rank', 'name'],
    verifier([rank]) {
      if (!(rank instanceof IntegerAttr)) return 'rank must be an integer';
      return rank.value >= 0 || 'rank must be >= 0';
    },
    interfaces: ['builtin.MemRefElementTypeInterface'],
  });
  const t = Shape.get(2, 'x');
  assert.ok(t instanceof DialectType);
  assert.equal(String(t), '!toy.shape<2, "x">');
  assert.deepEqual(t.params.map((p) => p.constructor.name), ['IntegerAttr', 'StringAttr']);
  assert.equal(t.name, 'toy.shape');
  assert.ok(t.typeId.equals(Shape.typeId));
  assert.ok(Shape.isInstance(t));
  assert.ok(Shape.get({ rank: 2, name: 'x' }).equals(t), 'parameters by name; uniqued');
  assert.ok(t.implements('builtin.MemRefElementTypeInterface'));
  assert.equal(String(MemRefType.get([4], t)), 'memref<4x!toy.shape<2, "x">>');
  assert.throws(() => Shape.get(-1, 'x'), (e) => e instanceof MLIRError && e.message.includes('rank must be >= 0'));
  assert.throws(() => Shape.get('r', 'x'), /rank must be an integer/);
  // The parser builds it too (and runs the verifier).
  const m = Module.parse('"test.use"() {t = !toy.shape<3, "y">} : () -> ()', ctx);
  assert.ok(Shape.isInstance(m.body.operations[0].attributes.get('t').value));
  const NoElem = toy.defineType('plain');
  assert.throws(() => MemRefType.get([4], NoElem.get()), OmnirError, 'no interface, no memref');
});

test('interface methods written in JavaScript, called through the registry', () => {
  const ctx = new Context();
  const toy = new Dialect('toy', ctx);
  const calls = [];
  const Vec = toy.defineType('vec', {
    params: ['length'],
    interfaces: [{
      interface: 'toy.Sized',
      methods: {
        size(self) { calls.push('size'); return self.params[0].value; },
        scaled(self, k) { return self.params[0].value * k.value; },
        elementType(self) { return IntegerType.get(8, self.context); },
        nothing() {},
        broken() { throw new Error('no luck'); },
      },
    }],
  });
  const v = Vec.get(4);
  assert.ok(v.implements('toy.Sized'));
  assert.equal(v.callInterfaceMethod('toy.Sized', 'size').value, 4);
  assert.equal(v.callInterfaceMethod(TypeID.get('toy.Sized'), 'scaled', 3).value, 12);
  assert.equal(String(v.callInterfaceMethod('toy.Sized', 'elementType').value), 'i8');
  assert.equal(v.callInterfaceMethod('toy.Sized', 'nothing'), undefined);
  assert.throws(() => v.callInterfaceMethod('toy.Sized', 'broken'), (e) => e.status === 'OMNIR_ERROR_CALLBACK_FAILED' && e.message === 'no luck');
  assert.throws(() => v.callInterfaceMethod('toy.Sized', 'missing'), /no method 'missing'/);
  assert.deepEqual(calls, ['size']);
  // External models: an interface attached to a builtin type, and to an operation name.
  ctx.attachInterface('builtin.integer', 'toy.Describe', { describe: (t) => `an integer of ${t.width} bits` });
  assert.equal(IntegerType.get(16, ctx).callInterfaceMethod('toy.Describe', 'describe').value, 'an integer of 16 bits');
  ctx.attachInterface('test.op', 'toy.Named', { label: (op) => `<${op.name}>` });
  const op = Operation.create({ name: 'test.op', context: ctx, ip: null });
  assert.ok(op.implements('toy.Named'));
  assert.equal(op.callInterfaceMethod('toy.Named', 'label').value, '<test.op>');
  // Markers have no methods.
  ctx.attachInterface('builtin.index', 'toy.Marker');
  assert.throws(() => omnir.IndexType.get(ctx).callInterfaceMethod('toy.Marker', 'x'), (e) => e.status === 'OMNIR_ERROR_NOT_REGISTERED');
});

test('dialect attributes', () => {
  const ctx = new Context();
  const toy = new Dialect('toy', ctx);
  const Pair = toy.defineAttribute('pair', { params: ['a', 'b'], verifier: (p) => p.length === 2 });
  const a = Pair.get(1, 2);
  assert.ok(a instanceof DialectAttr);
  assert.equal(String(a), '#toy.pair<1, 2>');
  assert.ok(Pair.isInstance(a));
  assert.deepEqual(a.params.map((p) => p.value), [1, 2]);
  assert.equal(a.name, 'toy.pair');
});

test('operations with constraints, traits and a verifier written in JavaScript', () => {
  const ctx = new Context();
  const toy = new Dialect('toy', ctx);
  const seen = [];
  const Add = toy.defineOperation('add', {
    summary: 'adds two integers',
    operands: [['lhs', 'integer'], ['rhs', 'integer']],
    results: [['sum', 'integer']],
    attributes: { tag: 'string' },
    traits: ['pure', 'same_operands_and_result_type'],
    verifier(op) {
      seen.push(op.name);
      return op.attributes.get('tag').value !== 'bad' || 'the tag must not be "bad"';
    },
  });
  toy.defineOperation('ret', { operands: [['values', 'any', 'variadic']], traits: ['terminator', 'returnLike'] });
  const Even = toy.defineOperation('even', {
    results: [['r', { predicate: (t) => t instanceof IntegerType && t.width % 2 === 0, summary: 'an even-width integer' }]],
  });
  assert.ok(ctx.isOperationRegistered('toy.add'));
  const i32 = IntegerType.get(32, ctx);
  const m = Module.create(ctx);
  const [x, add] = new InsertionPoint(m.body).run(() => {
    const c = Operation.create({ name: 'test.c', results: [i32] });
    return [c, Add.create({ operands: [c.result, c.result], results: [i32], attributes: { tag: StringAttr.get('ok', ctx) } })];
  });
  assert.ok(add.isRegistered);
  assert.ok(Add.isInstance(add));
  assert.equal(m.operation.verify(), true);
  assert.deepEqual(seen, ['toy.add']);
  add.attributes.set('tag', StringAttr.get('bad', ctx));
  assert.throws(() => m.operation.verify(), (e) => e instanceof MLIRError
    && e.diagnostics.length === 1 && e.diagnostics[0].message.includes('the tag must not be "bad"'));
  add.attributes.set('tag', IntegerAttr.get(i32, 1));
  assert.throws(() => m.operation.verify(), /tag/);
  add.attributes.set('tag', StringAttr.get('ok', ctx));
  Even.create({ results: [IntegerType.get(7, ctx)], ip: new InsertionPoint(m.body) });
  assert.throws(() => m.operation.verify(), /even-width integer/);
  assert.ok(x.name);
});

test('a verifier that throws, or mutates IR, fails verification with its message', () => {
  // Parsed without verifying: the verifiers are run by verify() here.
  const ctx = new Context({ verifyAfterParse: false });
  const toy = new Dialect('toy', ctx);
  toy.defineOperation('thrower', { verifier() { throw new RangeError('out of range!'); } });
  toy.defineOperation('mutator', { verifier(op) { op.erase(); } });
  const m1 = Module.parse('"toy.thrower"() : () -> ()', ctx);
  assert.throws(() => m1.operation.verify(), (e) => e instanceof MLIRError && e.message.includes('out of range!'));
  const m2 = Module.parse('"toy.mutator"() : () -> ()', ctx);
  assert.throws(() => m2.operation.verify(), (e) => e instanceof MLIRError && /busy|callback/i.test(e.message));
  assert.equal(m2.body.operations.length, 1, 'the IR is unchanged');
  // Parsing verifies by default: the same failures fail the parse, and leave no IR behind.
  ctx.verifyAfterParse = true;
  assert.throws(() => Module.parse('"toy.thrower"() : () -> ()', ctx),
    (e) => e instanceof MLIRError && e.message.includes('out of range!') && e.diagnostics.length === 1);
  assert.throws(() => Module.parse('"toy.mutator"() : () -> ()', ctx),
    (e) => e instanceof MLIRError && /busy|callback/i.test(e.message));
});

test('diagnostic handlers see emitted diagnostics and can handle them', () => {
  const ctx = new Context();
  const got = [];
  const h = ctx.attachDiagnosticHandler((d) => { got.push(`${d.severity}: ${d.message} @ ${d.location}`); return true; });
  const loc = Location.file('x.mlir', 4, 2, ctx);
  loc.emitWarning('careful');
  loc.emitError('broken');
  loc.emitRemark('fyi');
  assert.deepEqual(got, ['warning: careful @ loc("x.mlir":4:2)', 'error: broken @ loc("x.mlir":4:2)',
    'remark: fyi @ loc("x.mlir":4:2)']);
  h.detach();
  const inner = [];
  const h1 = ctx.attachDiagnosticHandler((d) => { inner.push(`first ${d.message}`); return true; });
  const h2 = ctx.attachDiagnosticHandler((d) => { inner.push(`second ${d.message}`); return false; });
  loc.emitWarning('w');
  assert.deepEqual(inner, ['second w', 'first w'], 'newest first, until one handles it');
  h1.detach();
  h2.detach();
});
