'use strict';
// Memory stays flat across 10,000 parse-and-drop cycles: each module is owned by its
// wrapper only, so when the wrapper is collected the FinalizationRegistry callback releases
// the native owner and omnir erases the module (its slots are reused by the next parse).
//
// The bound, measured after warm-up and full collections: 24 MiB of RSS growth. A leak of
// the IR would grow far past it: one cycle parses ~60 operations, and holding parsed
// modules costs ~12 KiB each (the second test measures it), so 10,000 leaked cycles would
// be ~120 MiB. The slack absorbs what is not a leak: V8 growing its heap
// spaces, malloc arenas keeping freed pages, and the context's uniqued attributes and
// types (the same text parses to the same ones, so they do not grow with cycles).

const test = require('node:test');
const assert = require('node:assert/strict');
const { omnir, collect } = require('./helpers');

const { Context, Module } = omnir;

function source(k) {
  let s = '"builtin.module"() ({\n';
  for (let f = 0; f < 3; f++) {
    s += `  "func.func"() ({\n  ^bb0(%a: i32, %b: f32):\n`;
    for (let i = 0; i < 18; i++) {
      s += `    %c${i} = "arith.constant"() {value = ${i + f} : i32, note = "n${i % 4}"} : () -> i32\n`;
    }
    s += '    "func.return"(%a) : (i32) -> ()\n';
    s += `  }) {function_type = (i32, f32) -> i32, sym_name = "f${f}_${k % 7}"} : () -> ()\n`;
  }
  return `${s}}) : () -> ()\n`;
}

test('memory stays flat over 10,000 parse-and-drop cycles', async (t) => {
  const ctx = new Context();
  const texts = Array.from({ length: 7 }, (_, k) => source(k));
  let printed = 0;
  const cycle = (k) => {
    const m = Module.parse(texts[k % texts.length], ctx);
    printed += m.body.operations[0].name.length;
    if (k % 10 === 0) printed += m.toString().length;
  };
  // Warm up: JIT, heap spaces, the context's uniqued attributes, omnir's arenas.
  for (let k = 0; k < 2000; k++) {
    cycle(k);
    if (k % 200 === 0) await collect(1);
  }
  await collect(6);
  const before = process.memoryUsage();
  const ownersBefore = ctx._owners.size;
  for (let k = 0; k < 10000; k++) {
    cycle(k);
    if (k % 200 === 0) await collect(1);
  }
  await collect(6);
  const after = process.memoryUsage();
  const grew = (after.rss - before.rss) / 1048576;
  const heapGrew = (after.heapUsed - before.heapUsed) / 1048576;
  t.diagnostic(`rss ${(before.rss / 1048576).toFixed(1)} -> ${(after.rss / 1048576).toFixed(1)} MiB `
    + `(+${grew.toFixed(1)}), heapUsed +${heapGrew.toFixed(1)} MiB, owners ${ownersBefore} -> ${ctx._owners.size}`);
  assert.ok(printed > 0);
  assert.ok(grew < 24, `RSS grew by ${grew.toFixed(1)} MiB over 10,000 cycles`);
  assert.ok(heapGrew < 8, `the JavaScript heap grew by ${heapGrew.toFixed(1)} MiB`);
  assert.ok(ctx._owners.size < 300, 'owners of collected modules are forgotten');
});

test('a leak would be seen: modules kept alive make memory grow', async (t) => {
  // The same measurement, holding every module: checks that the test above can fail.
  const ctx = new Context();
  const text = source(0);
  await collect(2);
  const before = process.memoryUsage().rss;
  const kept = [];
  for (let k = 0; k < 3000; k++) kept.push(Module.parse(text, ctx));
  await collect(2);
  const grew = (process.memoryUsage().rss - before) / 1048576;
  t.diagnostic(`holding 3,000 modules: rss +${grew.toFixed(1)} MiB (${((grew * 1024) / 3000).toFixed(1)} KiB each)`);
  assert.ok(grew > 2, 'held modules take memory');
  assert.equal(kept.length, 3000);
});
