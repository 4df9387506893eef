'use strict';
// The workload of the stress test (stress.test.js, stress-run.js): the same fixed number of
// iterations on the main thread and in each worker, each thread with its own context, all on
// the one libomnir. Every iteration makes every kind of call — parse, print, walks whose
// callbacks read and erase, create, erase, verify (with a verifier written in JavaScript),
// a JavaScript pass under withOptions scopes, a diagnostic handler, garbage collection of
// detached IR — and checks each answer. Progress goes to a shared array so that a watchdog
// on another thread can name the thread and phase that stopped moving.

const assert = require('node:assert/strict');

const PHASES = ['start', 'parse', 'print', 'walk-read', 'walk-erase', 'create', 'erase', 'verify', 'pass',
  'diagnostics', 'collect', 'done'];

/** Words per thread in the progress array: iteration, phase, heartbeat (ms since t0). */
const WORDS = 3;

const FUNCS = 6;

/** The module text of iteration `k`: FUNCS groups of 8 operations, one of them registered
 * (`st.checked`, with a JavaScript verifier), two of them dead (`test.dead`). */
function source(k) {
  const lines = [];
  for (let j = 0; j < FUNCS; j++) {
    lines.push(`"st.checked"() {v = ${k + j} : i64} : () -> ()`);
    lines.push(`%c${j} = "test.c"() {v = ${k} : i64} : () -> i64`);
    lines.push(`%s${j} = "test.add"(%c${j}, %c${j}) : (i64, i64) -> i64`);
    lines.push('"test.dead"() : () -> ()');
    lines.push(`"test.region"() ({
  %i${j} = "test.c"() : () -> i64
  "test.dead"() : () -> ()
  "test.use"(%i${j}, %s${j}) : (i64, i64) -> ()
}) : () -> ()`);
  }
  return lines.join('\n');
}

const OPS_PER_FUNC = 8;

/** Yields to the event loop (finalizers of collected wrappers run there). */
const turn = () => new Promise((r) => setImmediate(r));

/**
 * Runs the workload. `id`: this thread's row in `progress` (an Int32Array over a
 * SharedArrayBuffer); `t0`: the common start time (Date.now()); `hang`: an iteration at
 * which to block forever inside a pass (the watchdog's own test), or -1.
 */
async function run(omnir, { id, iterations, progress, t0, hang = -1 }) {
  const {
    Context, Module, Operation, InsertionPoint, IntegerType, IntegerAttr, Location, PassManager, Dialect,
    WalkOrder, MLIRError, StaleHandleError, OmnirError,
  } = omnir;
  const base = id * WORDS;
  let k = 0;
  const phase = (name) => {
    Atomics.store(progress, base, k);
    Atomics.store(progress, base + 1, PHASES.indexOf(name));
    Atomics.store(progress, base + 2, Date.now() - t0);
  };
  phase('start');

  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const i64 = IntegerType.get(64, ctx);
  const st = new Dialect('st', ctx);
  let verified = 0;
  st.defineOperation('checked', {
    verifier(op) {
      verified++;
      const v = op.attributes.get('v');
      if (v !== undefined && v.value < 0) return `v must be non-negative, got ${v.value}`;
      return undefined;
    },
  });
  ctx.declareOption('st.level', { type: 'int', default: -1 });
  ctx.declareOption('st.tag', { type: 'string', default: 'none' });
  let passRuns = 0;
  ctx.registerPass({
    argument: 'st-tag',
    run(op) {
      passRuns++;
      if (k === hang) {
        // The watchdog's test: stop here for good, inside a pass, holding the context.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }
      const level = ctx.getOption('st.level');
      const tag = ctx.getOption('st.tag');
      let n = 0;
      op.walk((o) => {
        if (o.name === 'st.checked') {
          o.attributes.set('level', IntegerAttr.get(i64, level));
          n++;
        }
      });
      if (n !== FUNCS) throw new Error(`st-tag saw ${n} st.checked, expected ${FUNCS}`);
      op.attributes.set('st.tag', omnir.StringAttr.get(tag, ctx));
      // A diagnostic from inside the pass: the handler (JavaScript) runs nested in it.
      op.location.emitRemark(`pass ${level}`);
    },
  });
  // A JavaScript pass, then built-in ones (the verifier, in JavaScript too, runs after each).
  const pm = PassManager.parse('builtin.module(st-tag,cse,canonicalize)', ctx);
  const seen = [];
  const handler = ctx.attachDiagnosticHandler((d) => {
    seen.push(`${d.severity}:${d.message}`);
    return true;
  });
  // A module that lives across iterations: each iteration adds a use of a detached
  // operation whose wrapper is then dropped (issue 15, item 4): collecting the wrapper must
  // never turn the operand into a null value.
  const keep = Module.create(ctx);
  let keptUses = 0;
  // Wrappers that keep nothing alive, to see whether those detached operations still exist.
  const detProbes = [];
  // (Functions of their own: the registers of a suspended async function may hold the last
  // wrappers it made, keeping their trees alive.)
  const addKeptUse = () => {
    const det = Operation.create({ name: 'test.det', results: [i64], context: ctx, ip: null });
    detProbes.push(new Operation(ctx, det._i, det._g, null));
    Operation.create({ name: 'test.keep', operands: [det.result], ip: InsertionPoint.atBlockEnd(keep.body) });
    keptUses++;
  };
  const checkKeptUses = () => {
    assert.equal(keep.body.numOperations, keptUses);
    for (const op of keep.body.operations) {
      const v = op.operands[0];
      assert.notEqual(v, null, 'no use of a collected detached operation became null');
      assert.equal(v.owner.name, 'test.det');
    }
  };

  for (k = 0; k < iterations; k++) {
    phase('parse');
    const text = source(k);
    const m = Module.parse(text, { context: ctx, filename: `t${id}.mlir` });
    assert.equal(m.body.numOperations, FUNCS * 5);
    const expectedOps = 1 + FUNCS * OPS_PER_FUNC;

    phase('print');
    const printed = m.toString();
    const again = Module.parse(Buffer.from(printed), ctx);
    assert.equal(again.toString(), printed, 'print, parse, print is stable');
    assert.match(printed, new RegExp(`"st.checked"\\(\\) \\{v = ${k} : i64\\}`));

    phase('walk-read');
    let count = 0;
    const names = new Map();
    m.operation.walk((o) => {
      count++;
      names.set(o.name, (names.get(o.name) || 0) + 1);
      if (o.name === 'test.use') assert.equal(o.operands.length, 2);
    });
    assert.equal(count, expectedOps);
    assert.equal(names.get('test.dead'), 2 * FUNCS);
    let post = 0;
    m.operation.walk(() => { post++; }, WalkOrder.POST_ORDER);
    assert.equal(post, expectedOps);

    phase('walk-erase');
    let erased = 0;
    m.operation.walk((o) => {
      if (o.name === 'test.dead') {
        o.erase();
        erased++;
      }
    }, WalkOrder.POST_ORDER);
    assert.equal(erased, 2 * FUNCS);
    let after = 0;
    m.operation.walk(() => { after++; });
    assert.equal(after, expectedOps - 2 * FUNCS);
    assert.doesNotMatch(m.toString(), /test\.dead/);

    phase('create');
    const ip = InsertionPoint.atBlockEnd(m.body);
    const c = Operation.create({ name: 'test.c', results: [i64], attributes: { v: IntegerAttr.get(i64, k) }, ip });
    const add = Operation.create({ name: 'test.add', operands: [c.result, c.result], results: [i64], ip });
    assert.ok(add.operands[0].owner.equals(c));
    const uses = c.result.uses;
    assert.equal(uses.length, 2);
    assert.deepEqual(uses.map((u) => u.operandNumber).sort(), [0, 1]);
    assert.ok(uses.every((u) => u.owner.equals(add)));
    addKeptUse();

    phase('erase');
    assert.throws(() => c.erase(), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_STILL_IN_USE');
    const use = uses[0];
    add.erase();
    assert.throws(() => use.operandNumber, StaleHandleError);
    assert.throws(() => add.name, StaleHandleError);
    assert.equal(c.result.numUses, 0);
    c.erase();
    assert.throws(() => c.result.toString(), StaleHandleError);

    phase('verify');
    const before = verified;
    assert.equal(m.operation.verify(), true);
    assert.equal(verified - before, FUNCS, 'the JavaScript verifier ran once per st.checked');
    const bad = Operation.create({ name: 'st.checked', attributes: { v: IntegerAttr.get(i64, -1 - k) }, ip });
    assert.throws(() => m.operation.verify(), (e) => e instanceof MLIRError && /v must be non-negative/.test(e.message));
    bad.erase();
    assert.equal(m.operation.verify(), true);
    // (Not verified: MLIR's verifier refuses operands defined by a detached operation.)
    checkKeptUses();

    phase('pass');
    const level = id * 1000 + k;
    ctx.withOptions({ 'st.level': level }, () => {
      assert.equal(ctx.getOption('st.level'), level);
      ctx.withOptions({ 'st.tag': `t${id}` }, () => pm.run(m));
      assert.equal(ctx.getOption('st.tag'), 'none', 'the inner scope ended');
    });
    assert.equal(ctx.getOption('st.level'), -1, 'the scope ended');
    let tagged = 0;
    m.operation.walk((o) => {
      if (o.name === 'st.checked') {
        assert.equal(o.attributes.get('level').value, level, 'the pass saw this thread\'s own option value');
        tagged++;
      }
    });
    assert.equal(tagged, FUNCS);
    assert.equal(m.operation.attributes.get('st.tag').value, `t${id}`);
    assert.equal(seen[seen.length - 1], `remark:pass ${level}`, 'the handler saw the pass\'s remark');

    phase('diagnostics');
    const n = seen.length;
    Location.file(`t${id}.mlir`, k + 1, 1, ctx).emitWarning(`w${id}.${k}`);
    Location.file(`t${id}.mlir`, k + 1, 2, ctx).emitRemark(`r${id}.${k}`);
    assert.deepEqual(seen.slice(n), [`warning:w${id}.${k}`, `remark:r${id}.${k}`]);

    phase('collect');
    if (k % 10 === 9) {
      // Drop the kept uses: the detached operations they used may now be freed.
      for (const op of keep.body.operations) op.erase();
      keptUses = 0;
    }
    if (typeof global.gc === 'function' && k % 3 === 2) global.gc();
    await turn();
  }
  // Once their uses are gone, the collected detached operations are freed: none is kept
  // for good.
  phase('collect');
  for (const op of keep.body.operations) op.erase();
  if (typeof global.gc === 'function') {
    for (let round = 0; round < 6 && detProbes.some((p) => p.isLive); round++) {
      // A release (of this throwaway operation) is what makes the addon look at kept trees.
      Operation.create({ name: 'test.throwaway', context: ctx, ip: null });
      await turn();
      global.gc();
      await new Promise((r) => setTimeout(r, 0));
    }
    const live = detProbes.filter((p) => p.isLive).length;
    assert.equal(live, 0, `${live} of ${detProbes.length} detached operations were never freed`);
  }
  handler.detach();
  phase('done');
  return { id, iterations, verified, passRuns, diagnostics: seen.length };
}

module.exports = { run, PHASES, WORDS };
