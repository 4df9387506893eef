'use strict';
// Shared helpers of the node:test suites (run with `node --expose-gc --test`).

const omnir = require('..');

/** Collects garbage and lets FinalizationRegistry callbacks run (they run as tasks after a
 * collection, so each round yields to the event loop). Needs --expose-gc. */
async function collect(rounds = 4) {
  if (typeof global.gc !== 'function') throw new Error('run the tests with node --expose-gc');
  for (let k = 0; k < rounds; k++) {
    await new Promise((r) => setImmediate(r));
    global.gc();
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** A wrapper of the same operation that keeps nothing alive: a probe for "was this IR
 * erased?" that does not itself keep the IR alive. */
function probe(op) {
  return new omnir.Operation(op.context, op._i, op._g, null);
}

const NESTED = `"builtin.module"() ({
  "test.outer"() ({
    "test.inner"() : () -> ()
  }) : () -> ()
  "test.sibling"() : () -> ()
}) : () -> ()`;

module.exports = { omnir, collect, probe, NESTED };
