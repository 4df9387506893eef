'use strict';
// A property test of random mutations (fast-check): programs of create / move / clone /
// erase / replace-uses / print / walk / verify / drop-wrappers-and-collect steps run against
// a model of which wrappers are still valid. Checked after every step:
// - nothing crashes, and every failure is an OmnirError (never a TypeError or worse);
// - a wrapper whose IR was erased throws StaleHandleError on every use, forever, even after
//   its slot was reused (never aliasing the new operation);
// - a wrapper whose IR was not erased keeps working, whatever was dropped and collected
//   (wrappers keep their trees alive);
// - each module holds exactly the operations the model says, in order.

const test = require('node:test');
const assert = require('node:assert/strict');
const fc = require('fast-check');
const { omnir, collect } = require('./helpers');

const { Context, Module, Operation, InsertionPoint, IntegerType, StaleHandleError, OmnirError } = omnir;

const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('module') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('create'), m: fc.nat(), withOperand: fc.boolean(), v: fc.nat() }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('createDetached') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('move'), op: fc.nat(), m: fc.nat(), front: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('clone'), op: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('insertDetached'), op: fc.nat(), m: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('detach'), op: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('erase'), op: fc.nat(), dropUses: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('eraseModule'), m: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('rauw'), op: fc.nat(), by: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('print'), op: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('walk'), m: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('verify'), m: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('drop'), op: fc.nat(), module: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('gc') }), weight: 1 },
);

/** Runs `f`; failures must be OmnirErrors. Returns [ok, error]. */
function attempt(f) {
  try {
    return [true, f()];
  } catch (e) {
    assert.ok(e instanceof OmnirError, `only OmnirErrors are thrown, got ${e && e.stack}`);
    return [false, e];
  }
}

async function runProgram(cmds) {
  const ctx = new Context();
  const i32 = IntegerType.get(32, ctx);
  // The model: modules (wrapper, id, ordered list of op entries), and op entries { op,
  // erased, where: module id or null when detached }. Entries whose wrappers are dropped
  // leave `entries` but stay in their module's list (the IR is still there).
  const modules = [];
  const entries = [];
  let nextModule = 0;
  let serial = 0;
  const listOf = (id) => {
    const m = modules.find((x) => x.id === id);
    return m ? m.ops : null;
  };
  const pick = (arr, n) => (arr.length === 0 ? undefined : arr[n % arr.length]);
  const remove = (list, e) => {
    const k = list.indexOf(e);
    if (k >= 0) list.splice(k, 1);
  };
  const markErased = (e) => {
    e.erased = true;
    if (e.where !== null) {
      const l = listOf(e.where);
      if (l) remove(l, e);
    }
    for (const x of entries) if (x.uses && x.uses.includes(e)) x.uses = x.uses.filter((u) => u !== e);
  };

  for (const c of cmds) {
    switch (c.kind) {
      case 'module': {
        const m = Module.create(ctx);
        modules.push({ wrapper: m, id: nextModule++, ops: [], erased: false, hold: true });
        break;
      }
      case 'create': {
        const m = pick(modules.filter((x) => !x.erased && x.wrapper), c.m);
        if (!m) break;
        const candidates = m.ops.filter((e) => !e.erased);
        const def = c.withOperand ? pick(candidates, c.v) : undefined;
        const operands = def && def.op ? [def.op.result] : [];
        const name = `test.op${serial++}`;
        const op = Operation.create({ name, results: [i32], operands, ip: InsertionPoint.atBlockEnd(m.wrapper.body) });
        const e = { op, name, erased: false, where: m.id, uses: def && def.op ? [def] : [] };
        entries.push(e);
        m.ops.push(e);
        break;
      }
      case 'createDetached': {
        const name = `test.op${serial++}`;
        const op = Operation.create({ name, results: [i32], context: ctx, ip: null });
        entries.push({ op, name, erased: false, where: null, uses: [] });
        break;
      }
      case 'move': {
        const e = pick(entries, c.op);
        const m = pick(modules.filter((x) => !x.erased && x.wrapper), c.m);
        if (!e || !m || !e.op) break;
        const ip = c.front ? InsertionPoint.atBlockBegin(m.wrapper.body) : InsertionPoint.atBlockEnd(m.wrapper.body);
        const [ok, err] = attempt(() => e.op.moveTo(ip));
        if (e.erased) {
          assert.ok(!ok && err instanceof StaleHandleError, 'moving an erased op throws StaleHandleError');
          break;
        }
        assert.ok(ok, `moving a live op works: ${err}`);
        if (e.where !== null) remove(listOf(e.where) || [], e);
        e.where = m.id;
        if (c.front) m.ops.unshift(e);
        else m.ops.push(e);
        break;
      }
      case 'clone': {
        const e = pick(entries, c.op);
        if (!e || !e.op) break;
        const [ok, r] = attempt(() => e.op.clone());
        assert.equal(ok, !e.erased, 'clone works exactly on live ops');
        if (ok) entries.push({ op: r, name: e.name, erased: false, where: null, uses: [] });
        break;
      }
      case 'insertDetached': {
        const e = pick(entries.filter((x) => x.where === null), c.op);
        const m = pick(modules.filter((x) => !x.erased && x.wrapper), c.m);
        if (!e || !m || !e.op) break;
        const [ok] = attempt(() => m.wrapper.body.append(e.op));
        assert.equal(ok, !e.erased);
        if (ok) {
          e.where = m.id;
          m.ops.push(e);
        }
        break;
      }
      case 'detach': {
        const e = pick(entries.filter((x) => x.where !== null), c.op);
        if (!e || !e.op) break;
        const [ok] = attempt(() => e.op.detachFromParent());
        assert.equal(ok, !e.erased);
        if (ok) {
          remove(listOf(e.where) || [], e);
          e.where = null;
        }
        break;
      }
      case 'erase': {
        const e = pick(entries, c.op);
        if (!e || !e.op) break;
        // Users whose IR certainly exists, and users that may have been collected (detached,
        // no wrapper left).
        const users = entries.filter((x) => !x.erased && x.uses.includes(e));
        const certain = users.filter((x) => x.op !== null || x.where !== null);
        const [ok, err] = attempt(() => e.op.erase({ dropUses: c.dropUses }));
        if (e.erased) {
          assert.ok(err instanceof StaleHandleError);
        } else if (!c.dropUses && certain.length > 0) {
          assert.ok(!ok && err.status === 'OMNIR_ERROR_STILL_IN_USE', `erasing a used op is refused: ${err}`);
        } else if (!c.dropUses && users.length > 0) {
          if (ok) markErased(e);
          else assert.equal(err.status, 'OMNIR_ERROR_STILL_IN_USE');
        } else {
          assert.ok(ok, `erase works: ${err}`);
          markErased(e);
        }
        break;
      }
      case 'eraseModule': {
        const m = pick(modules.filter((x) => !x.erased && x.wrapper), c.m);
        if (!m) break;
        const inside = m.ops.slice();
        const [ok, err] = attempt(() => m.wrapper.operation.erase({ dropUses: true }));
        assert.ok(ok, `erasing a module works: ${err}`);
        m.erased = true;
        for (const e of inside) markErased(e);
        break;
      }
      case 'rauw': {
        const e = pick(entries, c.op);
        const by = pick(entries, c.by);
        if (!e || !by || !e.op || !by.op) break;
        const [ok, err] = attempt(() => e.op.result.replaceAllUsesWith(by.op.result));
        assert.equal(ok, !e.erased && !by.erased, `RAUW works exactly on live values: ${err}`);
        if (ok) {
          for (const x of entries) {
            if (x.uses.includes(e)) x.uses = x.uses.map((u) => (u === e ? by : u));
          }
        }
        break;
      }
      case 'print': {
        const e = pick(entries, c.op);
        if (!e || !e.op) break;
        const [ok, r] = attempt(() => e.op.print({ generic: true }));
        if (e.erased) assert.ok(r instanceof StaleHandleError, 'printing an erased op throws StaleHandleError');
        else assert.ok(ok && r.includes(`"${e.name}"`), 'a live op prints itself, never another op');
        break;
      }
      case 'walk': {
        const m = pick(modules.filter((x) => !x.erased && x.wrapper), c.m);
        if (!m) break;
        let n = 0;
        m.wrapper.operation.walk(() => { n++; });
        assert.equal(n, m.ops.length + 1);
        break;
      }
      case 'verify': {
        const m = pick(modules.filter((x) => !x.erased && x.wrapper), c.m);
        if (!m) break;
        attempt(() => m.wrapper.operation.verify()); // may fail (uses across modules): an MLIRError
        break;
      }
      case 'drop': {
        if (c.module) {
          const m = pick(modules.filter((x) => x.wrapper), c.op);
          if (m) m.wrapper = null;
        } else {
          const e = pick(entries.filter((x) => x.op), c.op);
          if (e) e.op = null;
        }
        break;
      }
      case 'gc':
        await collect(2);
        break;
      default:
        throw new Error(c.kind);
    }
    // Invariants after every step.
    for (const e of entries) {
      if (!e.op) continue;
      if (e.erased) {
        assert.throws(() => e.op.name, StaleHandleError, 'an erased op stays stale');
      } else {
        assert.equal(e.op.name, e.name, 'a live wrapper keeps working and names its own op');
      }
    }
    for (const m of modules) {
      if (m.erased || !m.wrapper) continue;
      const names = m.wrapper.body.operations.map((o) => o.name);
      assert.deepEqual(names, m.ops.map((e) => e.name), 'the module holds what the model says');
    }
  }
}

test('random mutations with garbage collection never crash and stale uses throw', async () => {
  await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 60 }), runProgram), {
    numRuns: Number(process.env.OMNIR_PROPERTY_RUNS || 150),
    seed: process.env.OMNIR_PROPERTY_SEED ? Number(process.env.OMNIR_PROPERTY_SEED) : undefined,
  });
});
