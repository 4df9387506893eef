'use strict';
// Options (declared per context, overridden per thread), passes and rewrite patterns written
// in JavaScript, and the pass manager.

const test = require('node:test');
const assert = require('node:assert/strict');
const fc = require('fast-check');
const { Worker } = require('node:worker_threads');
const { omnir } = require('./helpers');

const { Context, Module, Operation, InsertionPoint, PassManager, Dialect, StringAttr, IntegerAttr, IntegerType,
  OmnirError, MLIRError, StaleHandleError } = omnir;

/** Asserts that `f` throws an OmnirError whose message contains every one of `parts`. */
function throwsWith(f, parts, status) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof OmnirError, `an OmnirError, got ${e && e.stack}`);
    for (const p of parts) assert.ok(e.message.includes(p), `'${p}' in: ${e.message}`);
    if (status !== undefined) assert.equal(e.status, status);
    return true;
  });
}

const TWO_FUNCS = `"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "a"}> ({
    %0 = "test.c"() : () -> i32
    %1 = "test.c"() : () -> i32
    "test.use"(%0, %1) : (i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "b"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()`;

// ---------------------------------------------------------------------------------------
// options

test('options are declared, set, read back typed and reset', () => {
  const ctx = new Context();
  ctx.declareOption('t.flag', { type: 'bool', default: true, help: 'a flag' });
  ctx.declareOption('t.n', { type: 'int', default: -4 });
  ctx.declareOption('t.x', { type: 'float', default: 2 });
  ctx.declareOption('t.s', { type: 'string', default: 'hi' });
  ctx.declareOption('t.mode', { type: 'enum', cases: ['fast', 'safe'], default: 'safe' });
  ctx.declareOption('t.sizes', { type: 'list', element: 'int', default: [1, 2] });
  ctx.declareOption('t.names', { type: 'list', element: 'string' });
  ctx.declareOption('t.zero', { type: 'int' });
  ctx.declareOption('t.first', { type: 'enum', cases: ['a', 'b'] });

  assert.equal(ctx.getOption('t.flag'), true);
  assert.equal(ctx.getOption('t.n'), -4);
  assert.equal(ctx.getOption('t.x'), 2);
  assert.equal(ctx.getOption('t.s'), 'hi');
  assert.equal(ctx.getOption('t.mode'), 'safe');
  assert.deepEqual(ctx.getOption('t.sizes'), [1, 2]);
  assert.deepEqual(ctx.getOption('t.names'), [], 'no default: MLIR zero default');
  assert.equal(ctx.getOption('t.zero'), 0);
  assert.equal(ctx.getOption('t.first'), 'a');

  ctx.setOption('t.flag', false);
  ctx.setOption('t.n', 7);
  ctx.setOption('t.x', 0.25);
  ctx.setOption('t.s', 'a,b');
  ctx.setOption('t.mode', 'fast');
  ctx.setOption('t.sizes', [4, 5n, '6']);
  assert.equal(ctx.getOption('t.flag'), false);
  assert.equal(ctx.getOption('t.n'), 7);
  assert.equal(ctx.getOption('t.x'), 0.25);
  assert.equal(ctx.getOption('t.s'), 'a,b');
  assert.equal(ctx.getOption('t.mode'), 'fast');
  assert.deepEqual(ctx.getOption('t.sizes'), [4, 5, 6]);

  // Strings are the textual form, as in a pipeline.
  ctx.setOption('t.flag', 'on');
  ctx.setOption('t.sizes', '7,8');
  ctx.setOption('t.n', '-12');
  assert.equal(ctx.getOption('t.flag'), true);
  assert.deepEqual(ctx.getOption('t.sizes'), [7, 8]);
  assert.equal(ctx.getOption('t.n'), -12);

  // Ints: numbers while exact, BigInts beyond 2^53.
  ctx.setOption('t.n', Number.MAX_SAFE_INTEGER);
  assert.equal(ctx.getOption('t.n'), Number.MAX_SAFE_INTEGER);
  ctx.setOption('t.n', 2n ** 62n);
  assert.equal(ctx.getOption('t.n'), 2n ** 62n);
  ctx.setOption('t.n', -(2n ** 63n));
  assert.equal(ctx.getOption('t.n'), -(2n ** 63n));

  ctx.resetOption('t.n');
  assert.equal(ctx.getOption('t.n'), -4, 'the default again');
});

test('redeclaring with the same type and default is a no-op, with another default or type an error', () => {
  const ctx = new Context();
  ctx.declareOption('t.level', { type: 'int', default: 3 });
  ctx.setOption('t.level', 5);
  ctx.declareOption('t.level', { type: 'int', default: 3, help: 'other help' });
  assert.equal(ctx.getOption('t.level'), 5, 'the value stays');
  throwsWith(() => ctx.declareOption('t.level', { type: 'int', default: 9 }), ["'t.level'", "'3'", "'9'"],
    'OMNIR_ERROR_ALREADY_EXISTS');
  assert.equal(ctx.getOption('t.level'), 5, 'nothing changed');
  ctx.resetOption('t.level');
  assert.equal(ctx.getOption('t.level'), 3, 'the first default stays');
  throwsWith(() => ctx.declareOption('t.level', { type: 'bool' }), ["'t.level'", 'int', 'bool'],
    'OMNIR_ERROR_ALREADY_EXISTS');
  ctx.declareOption('t.e', { type: 'enum', cases: ['a', 'b'] });
  throwsWith(() => ctx.declareOption('t.e', { type: 'enum', cases: ['a', 'c'] }), ["'t.e'"], 'OMNIR_ERROR_ALREADY_EXISTS');
});

test('bad values are refused with messages naming the option and what it accepts', () => {
  const ctx = new Context();
  ctx.declareOption('t.n', { type: 'int', default: 1 });
  ctx.declareOption('t.b', { type: 'bool' });
  ctx.declareOption('t.s', { type: 'string' });
  ctx.declareOption('t.mode', { type: 'enum', cases: ['fast', 'safe'], default: 'safe' });
  ctx.declareOption('t.sizes', { type: 'list', element: 'int' });

  const invalid = 'OMNIR_ERROR_INVALID_ARGUMENT';
  throwsWith(() => ctx.setOption('t.n', 3.5), ["'t.n'", '3.5', 'integer'], invalid);
  throwsWith(() => ctx.setOption('t.n', 'many'), ["'t.n'", "'many'", 'integer'], invalid);
  throwsWith(() => ctx.setOption('t.n', 2 ** 60), ["'t.n'", 'BigInt'], invalid);
  throwsWith(() => ctx.setOption('t.n', 2n ** 64n), ["'t.n'", '64-bit'], invalid);
  throwsWith(() => ctx.setOption('t.n', true), ["'t.n'", 'integer', 'boolean'], invalid);
  throwsWith(() => ctx.setOption('t.n', [1]), ["'t.n'", 'array'], invalid);
  throwsWith(() => ctx.setOption('t.b', 'maybe'), ["'t.b'", 'true, false'], invalid);
  throwsWith(() => ctx.setOption('t.b', 1), ["'t.b'", 'boolean'], invalid);
  throwsWith(() => ctx.setOption('t.s', 3), ["'t.s'", 'string'], invalid);
  throwsWith(() => ctx.setOption('t.mode', 'reckless'), ["'t.mode'", 'fast, safe'], invalid);
  throwsWith(() => ctx.setOption('t.mode', 3), ["'t.mode'", 'fast, safe'], invalid);
  throwsWith(() => ctx.setOption('t.sizes', [1, 2.5]), ["'t.sizes'", '2.5'], invalid);
  throwsWith(() => ctx.setOption('t.sizes', 4), ["'t.sizes'", 'array'], invalid);
  throwsWith(() => ctx.setOption('t.nope', 1), ["'t.nope'", 't.b', 't.mode', 't.n'], 'OMNIR_ERROR_NOT_REGISTERED');
  throwsWith(() => ctx.getOption('t.nope'), ["'t.nope'", 't.sizes']);
  assert.throws(() => ctx.setOption('t.n', { value: 1 }), /option 't\.n'.*boolean, number, BigInt, string or array/);
  assert.throws(() => ctx.setOption('t.sizes', [{}]), TypeError);
  assert.throws(() => ctx.declareOption('t.q', { type: 'quaternion' }), /bool, int, float, string, enum, list/);
  throwsWith(() => ctx.declareOption('t.l', { type: 'list' }), ["'t.l'", 'element type']);
  throwsWith(() => ctx.declareOption('t.d', { type: 'int', default: 'ten' }), ["'t.d'"]);
  assert.equal(ctx.getOption('t.n'), 1, 'refused values changed nothing');
  assert.equal(ctx.getOption('t.mode'), 'safe');
});

test('withOptions overrides for the closure, nests, and restores (also after a throw)', () => {
  const ctx = new Context();
  ctx.declareOption('t.level', { type: 'int', default: 0 });
  ctx.declareOption('t.on', { type: 'bool' });
  ctx.setOption('t.level', 1);
  const r = ctx.withOptions({ 't.level': 2 }, () => {
    assert.equal(ctx.getOption('t.level'), 2);
    ctx.withOptions(new Map([['t.level', 3], ['t.on', true]]), () => {
      assert.equal(ctx.getOption('t.level'), 3);
      assert.equal(ctx.getOption('t.on'), true);
    });
    assert.equal(ctx.getOption('t.level'), 2);
    assert.equal(ctx.getOption('t.on'), false);
    assert.throws(() => ctx.withOptions([['t.level', 4]], () => {
      assert.equal(ctx.getOption('t.level'), 4);
      throw new RangeError('inner');
    }), RangeError);
    assert.equal(ctx.getOption('t.level'), 2, 'restored after the throw');
    // A setOption inside a scope sets the context's value, hidden by the scope.
    ctx.setOption('t.level', 5);
    assert.equal(ctx.getOption('t.level'), 2);
    return 'result';
  });
  assert.equal(r, 'result');
  assert.equal(ctx.getOption('t.level'), 5);

  // A bad value: nothing is overridden and the closure does not run.
  let ran = false;
  throwsWith(() => ctx.withOptions({ 't.level': 6, 't.on': 'maybe' }, () => { ran = true; }), ["'t.on'"]);
  assert.equal(ran, false);
  assert.equal(ctx.getOption('t.level'), 5);
  assert.throws(() => ctx.withOptions({ 't.level': 1 }), TypeError);
});

test('withOptions: the scope ends when the closure returns, even if it returns a promise', async () => {
  const ctx = new Context();
  ctx.declareOption('t.level', { type: 'int', default: 0 });
  const seen = [];
  const p = ctx.withOptions({ 't.level': 9 }, async () => {
    seen.push(ctx.getOption('t.level'));
    await null;
    seen.push(ctx.getOption('t.level'));
  });
  assert.ok(p instanceof Promise, 'the closure result is returned as is');
  await p;
  assert.deepEqual(seen, [9, 0], 'after the first await the scope has ended (documented)');
});

test('property: nested scopes with throws always restore the outer values', () => {
  const ctx = new Context();
  ctx.declareOption('p.n', { type: 'int', default: 0 });
  ctx.declareOption('p.x', { type: 'float', default: 0 });
  const level = fc.record({ n: fc.option(fc.integer()), x: fc.option(fc.double({ noNaN: true })), throws: fc.boolean() });
  fc.assert(fc.property(fc.integer(), fc.array(level, { maxLength: 8 }), (base, levels) => {
    ctx.setOption('p.n', base);
    const expectN = [base];
    const expectX = [0];
    const nest = (k) => {
      if (k === levels.length) return;
      const l = levels[k];
      const settings = {};
      if (l.n !== null) settings['p.n'] = l.n;
      if (l.x !== null) settings['p.x'] = l.x;
      expectN.push(l.n !== null ? l.n : expectN[expectN.length - 1]);
      expectX.push(l.x !== null ? l.x : expectX[expectX.length - 1]);
      try {
        ctx.withOptions(settings, () => {
          assert.equal(ctx.getOption('p.n'), expectN[expectN.length - 1]);
          assert.ok(Object.is(ctx.getOption('p.x'), expectX[expectX.length - 1]) || ctx.getOption('p.x') === expectX[expectX.length - 1]);
          nest(k + 1);
          if (l.throws) throw new Error(`level ${k}`);
        });
      } catch (e) {
        if (!(e instanceof Error) || !e.message.startsWith('level ')) throw e;
      }
      expectN.pop();
      expectX.pop();
      assert.equal(ctx.getOption('p.n'), expectN[expectN.length - 1]);
    };
    nest(0);
    assert.equal(ctx.getOption('p.n'), base);
    assert.equal(ctx.getOption('p.x'), 0);
  }), { numRuns: 150 });
});

test('property: values round-trip through set and get', () => {
  const ctx = new Context();
  ctx.declareOption('r.n', { type: 'int' });
  ctx.declareOption('r.x', { type: 'float' });
  ctx.declareOption('r.l', { type: 'list', element: 'float' });
  ctx.declareOption('r.s', { type: 'string' });
  const int = fc.oneof(fc.maxSafeInteger(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }));
  fc.assert(fc.property(int, fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 5 }),
    // omnir trims option text, and a string is taken as is otherwise.
    fc.string().filter((s) => s === s.trim()),
    (n, x, l, s) => {
      ctx.setOption('r.n', n);
      const back = ctx.getOption('r.n');
      const exact = typeof n === 'bigint' && (n > BigInt(Number.MAX_SAFE_INTEGER) || n < -BigInt(Number.MAX_SAFE_INTEGER));
      assert.equal(back, exact ? n : Number(n));
      ctx.setOption('r.x', x);
      assert.equal(ctx.getOption('r.x'), x, 'exactly (-0 too)');
      ctx.setOption('r.l', l);
      assert.deepEqual(ctx.getOption('r.l'), l);
      ctx.setOption('r.s', s);
      assert.equal(ctx.getOption('r.s'), s);
    }), { numRuns: 200 });
});

test('two contexts never share option declarations, values or scopes', () => {
  const a = new Context();
  const b = new Context();
  a.declareOption('t.n', { type: 'int', default: 0 });
  b.declareOption('t.n', { type: 'int', default: 0 });
  b.declareOption('t.only-b', { type: 'bool' });
  b.setOption('t.n', -1);
  a.withOptions({ 't.n': 5 }, () => {
    assert.equal(a.getOption('t.n'), 5);
    assert.equal(b.getOption('t.n'), -1);
    b.withOptions({ 't.n': 6 }, () => {
      assert.equal(a.getOption('t.n'), 5);
      assert.equal(b.getOption('t.n'), 6);
    });
  });
  assert.equal(a.getOption('t.n'), 0);
  throwsWith(() => a.getOption('t.only-b'), ["'t.only-b'"], 'OMNIR_ERROR_NOT_REGISTERED');
});

test('worker threads: each has its own contexts, values and scopes (one libomnir)', async () => {
  // Every worker holds a scope while the others read and run a JavaScript pass that reads
  // the option: none sees another's value. A shared counter makes the scopes overlap.
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const omnir = require(workerData.pkg);
    const { k, n, sab } = workerData;
    const counter = new Int32Array(sab);
    const barrier = (round) => {
      Atomics.add(counter, 0, 1);
      Atomics.notify(counter, 0);
      while (Atomics.load(counter, 0) < round * n) Atomics.wait(counter, 0, Atomics.load(counter, 0), 20);
    };
    const ctx = new omnir.Context();
    ctx.declareOption('w.n', { type: 'int', default: 0 });
    ctx.setOption('w.n', -k);
    const seen = new Set();
    ctx.registerPass({ argument: 'read-n', run(op) {
      seen.add(ctx.getOption('w.n'));
      op.attributes.set('w.n', omnir.IntegerAttr.get(omnir.IntegerType.get(64, ctx), ctx.getOption('w.n')));
    } });
    const m = omnir.Module.parse('"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\\n"func.return"() : () -> ()\\n}) : () -> ()', ctx);
    const pm = omnir.PassManager.parse('builtin.module(func.func(read-n))', ctx);
    ctx.withOptions({ 'w.n': k }, () => {
      barrier(1);
      for (let j = 0; j < 200; j++) {
        if (ctx.getOption('w.n') !== k) throw new Error('saw another value');
        pm.run(m);
      }
      barrier(2);
    });
    parentPort.postMessage({ k, seen: [...seen], after: ctx.getOption('w.n'), text: m.toString() });`;
  const pkg = require.resolve('..');
  const n = 3;
  const sab = new SharedArrayBuffer(4);
  const runs = await Promise.all([1, 2, 3].map((k) => new Promise((resolve, reject) => {
    const w = new Worker(source, { eval: true, workerData: { pkg, k, n, sab } });
    w.once('message', resolve);
    w.once('error', reject);
  })));
  for (const r of runs) {
    assert.deepEqual(r.seen, [r.k], `worker ${r.k} saw only its own value`);
    assert.equal(r.after, -r.k, 'its scope ended, its context value is back');
    assert.ok(r.text.includes(`w.n = ${r.k} : i64`), r.text);
  }
  // The main thread's own context is untouched by all that.
  const ctx = new Context();
  ctx.declareOption('w.n', { type: 'int', default: 0 });
  assert.equal(ctx.getOption('w.n'), 0);
});

// ---------------------------------------------------------------------------------------
// passes

test('a JavaScript pass mutates IR with its pipeline options, typed', () => {
  const ctx = new Context();
  const runs = [];
  ctx.registerPass({
    argument: 'tag-funcs',
    name: 'TagFuncs',
    description: 'tags every function',
    options: [
      { name: 'tag', type: 'string', default: 'x' },
      { name: 'times', type: 'int', default: 1 },
      { name: 'loud', type: 'bool' },
      { name: 'mode', type: 'enum', cases: ['fast', 'safe'], default: 'safe' },
      { name: 'sizes', type: 'list', element: 'int', default: [1] },
      { name: 'scale', type: 'float', default: 0.5 },
    ],
    run(op, options) {
      runs.push({ op: op.name, options, self: this.argument });
      const text = `${options.tag}${options.times}${options.loud ? '!' : ''}`;
      op.attributes.set('test.tag', StringAttr.get(text, ctx));
    },
  });
  const m = Module.parse(TWO_FUNCS, ctx);
  const pm = PassManager.parse('builtin.module(func.func(tag-funcs{tag=hi times=4 loud=true mode=fast sizes=2,3 scale=2}))', ctx);
  pm.run(m);
  assert.equal(runs.length, 2, 'once per function');
  assert.deepEqual(runs[0], {
    op: 'func.func', self: 'tag-funcs', options: { tag: 'hi', times: 4, loud: true, mode: 'fast', sizes: [2, 3], scale: 2 },
  });
  assert.equal(m.print({ generic: true }).split('test.tag = "hi4!"').length - 1, 2, m.print({ generic: true }));

  // Defaults when the pipeline does not set them.
  runs.length = 0;
  PassManager.parse('builtin.module(func.func(tag-funcs))', ctx).run(m.operation);
  assert.deepEqual(runs[0].options, { tag: 'x', times: 1, loud: false, mode: 'safe', sizes: [1], scale: 0.5 });

  // The pass may read the context's options too: it runs on this thread, in its scopes.
  ctx.declareOption('t.suffix', { type: 'string', default: '' });
  ctx.registerPass({ argument: 'suffix', run(op) { op.attributes.set('test.suffix', StringAttr.get(ctx.getOption('t.suffix'), ctx)); } });
  ctx.withOptions({ 't.suffix': 'scoped' }, () => PassManager.parse('builtin.module(suffix)', ctx).run(m));
  assert.ok(m.print({ generic: true }).includes('test.suffix = "scoped"'));

  throwsWith(() => ctx.registerPass({ argument: 'tag-funcs', run() {} }), ["'tag-funcs'"], 'OMNIR_ERROR_ALREADY_EXISTS');
  throwsWith(() => PassManager.parse('builtin.module(func.func(tag-funcs{colour=red}))', ctx), ['colour']);
  throwsWith(() => PassManager.parse('builtin.module(func.func(tag-funcs{times=many}))', ctx), ['times', 'many']);
  throwsWith(() => PassManager.parse('builtin.module(nope)', ctx), ["'nope'", 'tag-funcs', 'canonicalize']);
  assert.throws(() => ctx.registerPass({ argument: 'x' }), TypeError);
  assert.throws(() => ctx.registerPass({ run() {} }), TypeError);
});

test('a pipeline prints in MLIR syntax and parses back to the same pipeline', () => {
  const ctx = new Context();
  ctx.registerPass({ argument: 'opt-pass', options: [{ name: 'n', type: 'int' }, { name: 'l', type: 'list', element: 'string' }], run() {} });
  for (const text of [
    'builtin.module(func.func(cse,canonicalize),symbol-dce)',
    'builtin.module(func.func(opt-pass{n=3 l=a,b}),cse)',
    'builtin.module(opt-pass)',
  ]) {
    const pm = PassManager.parse(text, ctx);
    const printed = pm.toString();
    assert.equal(PassManager.parse(printed, ctx).toString(), printed, `${text} -> ${printed}`);
    assert.equal(`${pm}`, printed);
  }
  assert.ok(PassManager.parse('builtin.module(func.func(opt-pass{n=3}))', ctx).toString().includes('opt-pass{'));
  // The current context is the default.
  assert.equal(ctx.run(() => PassManager.parse('builtin.module(cse)').context), ctx);
});

test('a throwing pass fails the run with an MLIRError carrying its message', () => {
  const ctx = new Context();
  const problem = new RangeError('not today');
  ctx.registerPass({ argument: 'refuse', run() { throw problem; } });
  ctx.registerPass({ argument: 'decline', run() { return false; } });
  ctx.registerPass({ argument: 'later', async run() { await null; } });
  ctx.registerPass({ argument: 'throws-string', run() { throw 'plain'; } }); // eslint-disable-line no-throw-literal
  const m = Module.parse(TWO_FUNCS, ctx);
  const before = m.toString();
  const err = (pipeline) => {
    try {
      PassManager.parse(pipeline, ctx).run(m);
    } catch (e) {
      return e;
    }
    assert.fail(`${pipeline} did not fail`);
  };
  const e = err('builtin.module(func.func(refuse))');
  assert.ok(e instanceof MLIRError, e.stack);
  assert.equal(e.status, 'OMNIR_ERROR_CALLBACK_FAILED');
  assert.ok(e.message.includes('refuse') && e.message.includes('not today'), e.message);
  assert.equal(e.cause, problem, 'the thrown value is the cause');
  assert.ok(e.diagnostics.length >= 1 && e.diagnostics[0].message.includes('not today'));
  assert.ok(err('builtin.module(decline)').message.includes("'decline'"));
  assert.ok(err('builtin.module(later)').message.includes('Promise'));
  assert.ok(err('builtin.module(throws-string)').message.includes('plain'));
  assert.equal(m.toString(), before, 'nothing changed');
});

test('a JavaScript rewrite pattern drives canonicalize', () => {
  const ctx = new Context();
  const tried = [];
  // Erases "test.c" ops whose result is unused, to a fixpoint.
  ctx.registerRewritePattern({
    name: 'erase-unused-consts',
    root: 'test.c',
    benefit: 2,
    rewrite(op) {
      tried.push(this.name);
      if (op.result.numUses > 0) return false;
      op.erase();
      assert.throws(() => op.name, StaleHandleError, 'the erased root is stale inside the pattern already');
      return true;
    },
  });
  ctx.registerRewritePattern({ name: 'low-benefit', root: 'test.c', benefit: 1, rewrite() { tried.push('low'); return false; } });
  const m = Module.parse(`"builtin.module"() ({
    %0 = "test.c"() : () -> i32
    %1 = "test.c"() : () -> i32
    %2 = "test.c"() : () -> i32
    "test.use"(%1) : (i32) -> ()
  }) : () -> ()`, ctx);
  PassManager.parse('builtin.module(canonicalize)', ctx).run(m);
  const text = m.print({ generic: true });
  assert.equal(text.split('"test.c"').length - 1, 1, text);
  assert.ok(tried.includes('erase-unused-consts'));
  assert.ok(tried.indexOf('erase-unused-consts') < tried.indexOf('low'), 'the higher benefit is tried first');

  // A pattern that replaces its root: creates the new op before it, rewires, erases it.
  ctx.registerRewritePattern({
    name: 'use-to-sink',
    root: 'test.use',
    rewrite(op) {
      const sink = Operation.create({ name: 'test.sink', operands: op.operands, ip: InsertionPoint.before(op) });
      op.erase();
      return sink.isLive;
    },
  });
  PassManager.parse('builtin.module(canonicalize)', ctx).run(m);
  assert.ok(m.print({ generic: true }).includes('"test.sink"(%0) : (i32) -> ()'), m.print({ generic: true }));
  m.operation.verify();

  ctx.registerRewritePattern({ name: 'boom', root: 'test.sink', rewrite() { throw new Error('pattern exploded'); } });
  throwsWith(() => PassManager.parse('builtin.module(canonicalize)', ctx).run(m), ['pattern exploded']);
  ctx.registerRewritePattern({ name: 'odd', root: 'test.odd', rewrite() { return 3; } });
  throwsWith(() => PassManager.parse('builtin.module(canonicalize)', ctx).run(Module.parse('"test.odd"() : () -> ()', ctx)),
    ['true (applied) or false']);
  assert.throws(() => ctx.registerRewritePattern({ name: 'x', benefit: 70000, rewrite() { return false; } }), /0\.\.65535/);
});

test('wrappers of IR that a JavaScript pass erased throw StaleHandleError, never crash', () => {
  const ctx = new Context();
  const keptInside = [];
  ctx.registerPass({
    argument: 'erase-uses',
    run(op) {
      for (const o of op.regions[0].blocks[0].operations) {
        if (o.name === 'test.use') {
          keptInside.push(o);
          o.erase();
        }
      }
    },
  });
  ctx.registerPass({ argument: 'erase-consts', run(op) { op.walk((o) => { if (o.name === 'test.c') o.erase({ dropUses: true }); }); } });
  const m = Module.parse(TWO_FUNCS, ctx);
  const func = m.body.operations[0];
  const [c0, c1, use, ret] = func.regions[0].blocks[0].operations;
  const v0 = c0.result;
  PassManager.parse('builtin.module(func.func(erase-uses,erase-consts))', ctx).run(m);
  for (const w of [c0, c1, use, keptInside[0]]) {
    assert.equal(w.isLive, false);
    assert.throws(() => w.name, StaleHandleError);
    assert.throws(() => w.toString(), StaleHandleError);
    assert.throws(() => w.erase(), StaleHandleError);
  }
  assert.throws(() => v0.type, StaleHandleError);
  assert.equal(ret.name, 'func.return', 'what the pass left is intact');
  assert.equal(func.regions[0].blocks[0].operations.length, 1);
  m.operation.verify();

  // A pass that erases its own anchor: an error, and the wrappers of the erased IR are
  // stale.
  ctx.registerPass({ argument: 'erase-self', run(op) { op.erase(); } });
  const m2 = Module.parse(TWO_FUNCS, ctx);
  const f2 = m2.body.operations[1];
  assert.throws(() => PassManager.parse('builtin.module(func.func(erase-self))', ctx).run(m2), OmnirError);
  assert.throws(() => f2.name, StaleHandleError);
  const m3 = Module.parse(TWO_FUNCS, ctx);
  assert.throws(() => PassManager.parse('builtin.module(erase-self)', ctx).run(m3), OmnirError);
  assert.throws(() => m3.toString(), StaleHandleError);
});

test('timing report and IR printing', () => {
  const ctx = new Context();
  ctx.registerPass({ argument: 'mark', run(op) { op.attributes.set('test.marked', StringAttr.get('yes', ctx)); } });
  const m = Module.parse(TWO_FUNCS, ctx);
  const pm = PassManager.parse('builtin.module(func.func(mark),cse)', ctx);
  assert.equal(pm.enableTiming(), pm, 'enable* return the pass manager');
  pm.enableIrPrinting({ before: ['mark'], after: ['mark'] });
  pm.run(m);
  const tree = pm.timingReport();
  // Passes are reported by name: a JavaScript pass without one by its argument.
  assert.ok(tree.includes('Execution time report') && tree.includes('mark') && tree.includes('CSE'), tree);
  const list = pm.timingReport({ list: true });
  assert.ok(list.includes('mark') && list !== tree, list);
  const out = pm.takeOutput();
  assert.ok(out.includes('IR Dump Before mark') && out.includes('IR Dump After mark'), out);
  assert.ok(!out.includes('IR Dump After CSE'), 'only the passes asked for');
  assert.ok(out.includes('test.marked = "yes"'));
  assert.equal(pm.takeOutput(), '', 'the dumps were taken');

  const all = PassManager.parse('builtin.module(func.func(mark),cse)', ctx)
    .enableIrPrinting({ afterAll: true, moduleScope: true, flags: { debugInfo: true, generic: true } });
  all.run(m);
  const dump = all.takeOutput();
  assert.ok(dump.includes('IR Dump After mark') && dump.includes('IR Dump After CSE (cse)'), dump);
  assert.ok(dump.includes('"builtin.module"() ({') && dump.includes('loc('), 'module scope, generic, with locations');
  const custom = PassManager.parse('builtin.module(cse)', ctx).enableIrPrinting({ afterAll: true, moduleScope: true });
  custom.run(m);
  const customDump = custom.takeOutput();
  assert.ok(customDump.includes('module {') && !customDump.includes('"builtin.module"'), 'the custom form by default');

  ctx.registerPass({ argument: 'fail', run() { throw new Error('x'); } });
  const failing = PassManager.parse('builtin.module(fail)', ctx).enableIrPrinting({ afterFailure: true });
  assert.throws(() => failing.run(m), MLIRError);
  assert.ok(failing.takeOutput().includes('Failed'), 'dumped after the failure');
});

test('JavaScript passes and verifiers run on the calling thread with a multi-threaded pool', () => {
  const ctx = new Context();
  ctx.setPassThreads(4);
  const d = new Dialect('chk', ctx);
  let verified = 0;
  let valid = true;
  d.defineOperation('probe', { verifier() { verified++; return valid || 'probe says no'; } });
  let funcs = '';
  for (let k = 0; k < 8; k++) {
    funcs += `"func.func"() <{function_type = () -> (), sym_name = "f${k}"}> ({\n"chk.probe"() : () -> ()\n"func.return"() : () -> ()\n}) : () -> ()\n`;
  }
  const m = Module.parse(funcs, ctx);
  let passRuns = 0;
  ctx.registerPass({ argument: 'count', run() { passRuns++; } });
  const pm = PassManager.parse('builtin.module(func.func(count,cse))', ctx).enableMultithreading(true);
  verified = 0;
  pm.run(m);
  assert.equal(passRuns, 8);
  assert.ok(verified >= 8, 'the JavaScript verifier ran after the passes');

  // The verifier refuses: the run fails after the pass; without verification it passes.
  valid = false;
  throwsWith(() => pm.run(m), ['probe says no']);
  pm.enableVerifier(false).run(m);
  valid = true;
  assert.throws(() => ctx.setPassThreads(-1), TypeError);
});

test('pass manager misuse is an error, not a crash', () => {
  const ctx = new Context();
  const other = new Context();
  const pm = PassManager.parse('builtin.module(cse)', ctx);
  assert.throws(() => pm.run(Module.parse('', other)), OmnirError);
  assert.throws(() => pm.run('module'), TypeError);
  // A pass that runs its own pass manager again while it runs.
  ctx.registerPass({ argument: 'reenter', run(op) { inner.run(op); } });
  const inner = PassManager.parse('builtin.module(reenter)', ctx);
  throwsWith(() => inner.run(Module.parse('', ctx)), ['running']);
  const i32 = IntegerType.get(32, ctx);
  assert.equal(IntegerAttr.get(i32, 1).value, 1, 'the context still works');
});
