'use strict';
// Generated builders (`omnir/dialects/arith`: `AddIOp.create`, `arith.addi`) against the
// generic `Operation.create` by hand, as bench/python/generated.py does for Python: N
// `arith.addi` under an insertion point, best and median of the runs, ns per op. Printed,
// never asserted.
//
// usage: node bench/generated.js [--n N] [--runs R]

const omnir = require('..');
const arith = require('../lib/dialects/arith');

const { Context, Module, InsertionPoint, Location, IntegerType, IntegerAttr, Operation } = omnir;
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = args.indexOf(name);
  return k >= 0 ? Number(args[k + 1]) : dflt;
};
const N = opt('--n', 100000);
const RUNS = opt('--runs', 5);

function nsPerOp(build) {
  const ctx = new Context();
  const loc = Location.unknown(ctx);
  const m = Module.create(loc);
  const i32 = IntegerType.get(32, 'signless', ctx);
  let ns = 0;
  new InsertionPoint(m.body).run(() => loc.run(() => {
    const c = arith.constant(IntegerAttr.get(i32, 1));
    const start = process.hrtime.bigint();
    for (let k = 0; k < N; k++) build(c, i32);
    ns = Number(process.hrtime.bigint() - start) / N;
  }));
  return ns;
}

const cases = [
  ['Operation.create (results given)', (c, i32) => Operation.create({ name: 'arith.addi', results: [i32], operands: [c, c] })],
  ['arith.AddIOp.create (results inferred)', (c) => arith.AddIOp.create(c, c)],
  ['arith.addi (function)', (c) => arith.addi(c, c)],
];
const samples = cases.map(() => []);
for (let r = 0; r < RUNS; r++) cases.forEach(([, build], i) => samples[i].push(nsPerOp(build)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`bench (Node): ${N} arith.addi under an insertion point, ${RUNS} runs (ns per op, best / median)`);
const base = median(samples[0]);
cases.forEach(([label], i) => {
  const xs = samples[i];
  const ratio = i === 0 ? '' : `   ${(median(xs) / base).toFixed(2)}x Operation.create`;
  console.log(`  ${label.padEnd(40)} ${Math.min(...xs).toFixed(0).padStart(5)} / ${median(xs).toFixed(0).padStart(5)}${ratio}`);
});
