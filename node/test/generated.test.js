'use strict';
// The generated dialect modules (`omnir/dialects/<d>`, from omnir-gen): builders with the
// result types inferred by the core, getters, enums, views of existing ops, clear errors.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { omnir } = require('./helpers');

// The module every language's generated API builds, as upstream prints it.
const EXPECTED_MODULE = fs.readFileSync(path.join(__dirname, '../../tests/generated/func_arith_scf_memref.txt'), 'utf8');

const { Context, Module, InsertionPoint, Location, IntegerType, IndexType, F32Type, MemRefType, FunctionType, IntegerAttr } = omnir;
const arith = require('omnir/dialects/arith');
const func = require('omnir/dialects/func');
const scf = require('omnir/dialects/scf');
const memref = require('omnir/dialects/memref');

test('func + arith + scf + memref built with the generated API print as MLIR', () => {
  const ctx = new Context();
  const loc = Location.unknown(ctx);
  const m = Module.create(loc);
  const i32 = IntegerType.get(32, 'signless', ctx);
  const index = IndexType.get(ctx);
  const f32 = F32Type.get(ctx);
  const buf = MemRefType.get([16], f32);
  const fn = func.FuncOp.create('f', FunctionType.get([i32, i32, buf], [i32]), { loc, ip: new InsertionPoint(m.body) });
  const entry = fn.operation.getRegion(0).appendBlock([i32, i32, buf]);
  const [a, b, mem] = [0, 1, 2].map((k) => entry.getArgument(k));
  let add, cmp, loop;
  new InsertionPoint(entry).run(() => loc.run(() => {
    add = arith.AddIOp.create(a, b, { overflowFlags: 'nsw' });
    cmp = arith.CmpIOp.create(arith.CmpIPredicate.slt, add, b);
    const sel = arith.select(cmp, add.result, b);
    const c0 = arith.ConstantOp.create(IntegerAttr.get(index, 0));
    const c4 = arith.constant(IntegerAttr.get(index, 4));
    const c1 = arith.constant(IntegerAttr.get(index, 1));
    loop = scf.ForOp.create([i32], c0, c4, c1, [sel]);
    const body = loop.operation.getRegion(0).appendBlock([index, i32]);
    new InsertionPoint(body).run(() => {
      const x = memref.load(mem, [body.getArgument(0)]);
      memref.store(x, mem, [c0.result]);
      scf.yield_([arith.muli(body.getArgument(1), a)]);
    });
    func.return_([loop.operation.getResult(0)]);
  }));
  assert.ok(m.operation.verify());
  assert.equal(add.result.type.toString(), 'i32');
  assert.equal(cmp.result.type.toString(), 'i1');
  assert.ok(add.lhs.equals(a) && add.rhs.equals(b));
  assert.equal(add.overflowFlags.toString(), '#arith.overflow<nsw>');
  assert.equal(cmp.predicate.toString(), '2 : i64');
  assert.equal(arith.CmpIPredicate.spelling(arith.CmpIPredicate.slt), 'slt');
  assert.ok(loop.lowerBound.equals(loop.operation.getOperand(0)));
  assert.equal(loop.initArgs.length, 1);
  assert.equal(m.toString(), EXPECTED_MODULE);
  // A view of an existing op; the wrong op is refused.
  const first = entry.operations[0];
  assert.ok(arith.AddIOp.isInstance(first) && !arith.CmpIOp.isInstance(first));
  assert.ok(new arith.AddIOp(first).rhs.equals(b));
  assert.throws(() => new arith.CmpIOp(first), /expected a 'arith.cmpi' operation, got 'arith.addi'/);
});

test('generated builders refuse arguments of the wrong kind', () => {
  const ctx = new Context();
  const loc = Location.unknown(ctx);
  const m = Module.create(loc);
  const i32 = IntegerType.get(32, 'signless', ctx);
  const fn = func.FuncOp.create('g', FunctionType.get([i32], []), { loc, ip: new InsertionPoint(m.body) });
  const entry = fn.operation.getRegion(0).appendBlock([i32]);
  const a = entry.getArgument(0);
  new InsertionPoint(entry).run(() => loc.run(() => {
    assert.throws(() => arith.CmpIOp.create('slt', a, a), /expected an enum case \(a number\) or an Attribute/);
    assert.throws(() => arith.addi(a, 'x'), /expected a Value/);
    assert.throws(() => memref.load(a, []), /cannot infer the result types of 'memref.load'/);
    func.return_([]);
  }));
  assert.deepEqual(entry.operations.map((o) => o.name), ['func.return']);
});

test('npx omnir-gen writes the module of a user\'s dialect, which builds its ops', () => {
  const fs = require('node:fs');
  const path = require('node:path');
  const { execFileSync } = require('node:child_process');
  // Inside this package, so that the module finds `omnir` as a user's package finds its
  // dependency.
  const dir = fs.mkdtempSync(path.join(__dirname, '.generated-'));
  test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const defs = path.join(dir, 'toy.irdl.mlir');
  fs.writeFileSync(defs, [
    'irdl.dialect @toy {',
    '  irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)",',
    '                                  omnir.traits = ["SameOperandsAndResultType"]} {',
    '    %t = irdl.any',
    '    irdl.operands(lhs: %t, rhs: %t)',
    '    irdl.results(res: %t)',
    '  }',
    '}',
    '',
  ].join('\n'));
  const bin = path.join(__dirname, '..', 'bin', 'omnir-gen.js');
  execFileSync(process.execPath, [bin, 'toy', '--irdl-file', defs, '--out-dir', dir]);
  assert.match(fs.readFileSync(path.join(dir, 'toy.d.ts'), 'utf8'), /export class AddOp extends OpView/);
  const toy = require(path.join(dir, 'toy.js'));
  const ctx = new Context();
  ctx.loadDialectDefinitions(fs.readFileSync(defs, 'utf8'), defs);
  const loc = Location.unknown(ctx);
  const m = Module.create(loc);
  const i32 = IntegerType.get(32, 'signless', ctx);
  const fn = func.FuncOp.create('f', FunctionType.get([i32, i32], [i32]), { loc, ip: new InsertionPoint(m.body) });
  const entry = fn.operation.getRegion(0).appendBlock([i32, i32]);
  new InsertionPoint(entry).run(() => {
    func.return_([toy.add(entry.getArgument(0), entry.getArgument(1), { loc })], { loc });
  });
  assert.match(m.toString(), /%0 = toy\.add %arg0, %arg1 : i32/);
  // A dialect that is not there is a clear error, and the command says so.
  assert.throws(() => ctx.generateBindings('nope'), /no dialect 'nope' is registered or shipped/);
  let failed;
  try {
    execFileSync(process.execPath, [bin, 'nope', '--irdl-file', defs, '--out-dir', dir], { stdio: 'pipe' });
  } catch (e) {
    failed = e;
  }
  assert.ok(failed && failed.status === 1 && /no dialect 'nope'/.test(failed.stderr.toString()));
});
