'use strict';
// Stale use never answers (issue 15, items 2 and 6): every accessor of a wrapper whose IR was
// erased throws StaleHandleError — uses (OpOperand), block arguments, successors, regions,
// values and blocks, `toString()` included, as `Operation.toString()` always did. Only
// `isLive`, `equals`, `hash` and `util.inspect` (a debugging aid) answer.

const test = require('node:test');
const assert = require('node:assert/strict');
const util = require('node:util');
const { omnir } = require('./helpers');

const { Context, Module, Operation, InsertionPoint, IntegerType, StaleHandleError } = omnir;

const TEXT = `"test.holder"() ({
^bb0(%x: i32):
  "test.br"(%x)[^bb1] : (i32) -> ()
^bb1:
  "test.end"() : () -> ()
}) : () -> ()
%0 = "test.def"() : () -> i32
"test.use"(%0, %0) : (i32, i32) -> ()`;

function parse() {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const m = Module.parse(TEXT, ctx);
  const [holder, def, user] = m.body.operations;
  return { ctx, m, holder, def, user };
}

/** Asserts that every one of `accessors` (name -> function) throws StaleHandleError. */
function allStale(what, accessors) {
  for (const [name, f] of Object.entries(accessors)) {
    assert.throws(f, StaleHandleError, `${what}.${name} must throw StaleHandleError`);
  }
}

test('a use whose operation was erased: every accessor throws', () => {
  const { def, user } = parse();
  const uses = def.result.uses;
  assert.equal(uses.length, 2);
  const u = uses.find((x) => x.operandNumber === 1);
  assert.ok(u.owner.equals(user));
  assert.ok(u.value.equals(def.result));
  assert.equal(u.toString(), 'OpOperand(1 of test.use)');
  user.erase();
  allStale('use', {
    operandNumber: () => u.operandNumber,
    owner: () => u.owner,
    value: () => u.value,
    toString: () => u.toString(),
  });
  assert.equal(util.inspect(u), 'OpOperand(<StaleHandleError>)', 'inspecting never throws');
  assert.equal(def.result.uses.length, 0);
});

test('a use whose operand slot is gone (fewer operands set) is stale too', () => {
  const { def, user } = parse();
  const u = def.result.uses.find((x) => x.operandNumber === 1);
  user.setOperands([def.result]);
  assert.throws(() => u.operandNumber, StaleHandleError);
  assert.throws(() => u.value, StaleHandleError);
  const [only] = def.result.uses;
  assert.equal(only.operandNumber, 0, 'the remaining use answers');
  // A use of a slot that now holds another value still exists (as MLIR's OpOperand).
  only.owner.setOperand(0, def.result);
  assert.equal(only.operandNumber, 0);
});

test('block arguments, successors and regions of erased IR: every accessor throws', () => {
  const { holder } = parse();
  const region = holder.regions[0];
  const [entry, exit] = region.blocks;
  const arg = entry.arguments[0];
  const br = entry.operations[0];
  const [succ] = br.successors;
  assert.ok(succ.equals(exit));
  const argUse = arg.uses[0];
  assert.equal(argUse.operandNumber, 0);
  holder.erase();
  assert.equal(arg.isLive, false);
  assert.equal(region.isLive, false);
  assert.equal(succ.isLive, false);
  allStale('blockArgument', {
    argNumber: () => arg.argNumber,
    owner: () => arg.owner,
    type: () => arg.type,
    setType: () => arg.setType(IntegerType.get(8, arg.context)),
    location: () => arg.location,
    uses: () => arg.uses,
    numUses: () => arg.numUses,
    hasOneUse: () => arg.hasOneUse,
    getName: () => arg.getName(),
    print: () => arg.print(),
    toString: () => arg.toString(),
    dropAllUses: () => arg.dropAllUses(),
  });
  allStale('use of a block argument', { operandNumber: () => argUse.operandNumber, owner: () => argUse.owner });
  allStale('successor', {
    arguments: () => succ.arguments,
    numArguments: () => succ.numArguments,
    operations: () => succ.operations,
    numOperations: () => succ.numOperations,
    predecessors: () => succ.predecessors,
    successors: () => succ.successors,
    region: () => succ.region,
    owner: () => succ.owner,
    next: () => succ.next,
    terminator: () => succ.terminator,
    print: () => succ.print(),
    toString: () => succ.toString(),
    addArgument: () => succ.addArgument(IntegerType.get(8, succ.context)),
    erase: () => succ.erase(),
  });
  allStale('region', {
    blocks: () => region.blocks,
    numBlocks: () => region.numBlocks,
    owner: () => region.owner,
    number: () => region.number,
    toString: () => region.toString(),
    appendBlock: () => region.appendBlock([]),
    iterate: () => [...region],
  });
  assert.equal(util.inspect(arg), 'BlockArgument(<StaleHandleError>)');
  assert.equal(util.inspect(succ), 'Block(<StaleHandleError>)');
  assert.equal(util.inspect(region), 'Region(<StaleHandleError>)');
});

test('toString of an erased Value or Block throws, as Operation.toString does', () => {
  const { ctx, m, def, user } = parse();
  const result = def.result;
  const body = m.body;
  assert.match(result.print({ generic: true }), /^%0 = "test.def"/);
  assert.equal(result.toString(), `OpResult(${result.print()})`);
  user.erase();
  def.erase();
  assert.throws(() => def.toString(), StaleHandleError);
  assert.throws(() => result.toString(), StaleHandleError);
  assert.throws(() => `${result}`, StaleHandleError, 'template literals use toString');
  const b = omnir.Block.create([IntegerType.get(32, ctx)], undefined, ctx);
  const a = b.getArgument(0);
  assert.equal(b.toString().trim(), '<<UNLINKED BLOCK>>', 'as MLIR prints a detached block');
  b.erase();
  assert.throws(() => b.toString(), StaleHandleError);
  assert.throws(() => a.toString(), StaleHandleError);
  m.operation.erase();
  assert.throws(() => body.toString(), StaleHandleError);
  assert.throws(() => m.toString(), StaleHandleError);
  assert.equal(util.inspect(def), 'Operation(<StaleHandleError>)');
  assert.equal(util.inspect(result), 'OpResult(<StaleHandleError>)');
});

test('live wrappers still print and answer', () => {
  const { holder, def } = parse();
  const r = holder.regions[0];
  assert.match(r.toString(), /^Region\(\d+#\d+\)$/);
  assert.equal(util.inspect(r), r.toString());
  const ip = InsertionPoint.atBlockBegin(r.blocks[1]);
  const op = Operation.create({ name: 'test.new', operands: [def.result], ip });
  const u = def.result.uses.find((x) => x.owner.equals(op));
  assert.equal(u.operandNumber, 0);
  assert.ok(u.equals(def.result.uses.find((x) => x.owner.equals(op))));
  assert.equal(util.inspect(u), 'OpOperand(0 of test.new)');
});

// Block argument handles carry the argument's identity (as MLIR's BlockArgument), not its
// position: erasing an earlier argument must not make a wrapper answer as its neighbour.
test('a wrapper of an erased block argument throws; the others keep their argument', () => {
  const ctx = new Context();
  const b = omnir.Block.create([IntegerType.get(32, ctx), IntegerType.get(64, ctx)], undefined, ctx);
  const [a0, a1] = b.arguments;
  b.eraseArgument(0);
  assert.throws(() => a0.type, StaleHandleError);
  assert.equal(a1.type.toString(), 'i64');
  assert.equal(a1.argNumber, 0);
});
