'use strict';
// Dialects as data from JavaScript: definition files (IRDL + omnir.* attributes, the test
// dialects of tests/definitions), their ops' custom syntax, and the hooks definitions name
// written in JavaScript (verifier hooks, custom directives' parsers and printers).

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { omnir } = require('./helpers');

const { Context, Module, Operation, MLIRError, OmnirError, StringAttr, IntegerType, IntegerAttr, ArrayAttr,
  DirectiveParser, DirectivePrinter } = omnir;

const DEFINITIONS = path.join(__dirname, '..', '..', 'tests', 'definitions');
const FMTEST = fs.readFileSync(path.join(DEFINITIONS, 'fmtest.irdl.mlir'), 'utf8');

// Every kind of op of fmtest: formats with literals, enums, inferred types, default-valued
// attributes, optional groups, successors, a default dialect for the function's body (so
// `br` and `return`, not `fmtest.br`).
const CUSTOM = `module {
  fmtest.func @f {
    %0 = constant 42 : i32
    %1 = add %0, %0 : i32
    %2 = cmp slt, %1, %0 : i32
    %3 = "test.idx"() : () -> index
    %4 = step %3
    %5 = step %3 by 4 {tag}
    br ^bb1(%1 : i32)
  ^bb1(%6: i32):  // pred: ^bb0
    return %6 : i32
  }
}
`;

function fmtestContext() {
  const ctx = new Context();
  ctx.loadDialectDefinitions(FMTEST, 'fmtest.irdl.mlir');
  return ctx;
}

test('a definition file registers its dialect; its ops read and print in their custom form', () => {
  const ctx = fmtestContext();
  assert.ok(ctx.isDialectRegistered('fmtest'));
  for (const op of ['add', 'cmp', 'constant', 'func', 'return', 'step', 'br']) {
    assert.ok(ctx.isOperationRegistered(`fmtest.${op}`), op);
  }
  const m = Module.parse(CUSTOM, { context: ctx, filename: 'f.mlir' });
  assert.equal(m.toString(), CUSTOM, 'printed back identically');
  assert.equal(Module.parse(m.toString(), ctx).toString(), CUSTOM);

  // The generic form on request shows what the custom syntax stands for: the enum case as
  // its value, the default of `by` left implicit, the successor and its operands.
  const generic = m.print({ generic: true });
  assert.ok(generic.startsWith('"builtin.module"() ({\n  "fmtest.func"() <{sym_name = "f"}> ({\n'), generic);
  for (const s of [
    '%0 = "fmtest.constant"() <{value = 42 : i32}> : () -> i32',
    '%1 = "fmtest.add"(%0, %0) : (i32, i32) -> i32',
    '%2 = "fmtest.cmp"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1',
    '%5 = "fmtest.step"(%3) <{by = 4 : i32}> {tag} : (index) -> index',
    '"fmtest.br"(%1)[^bb1] : (i32) -> ()',
    '"fmtest.return"(%6) : (i32) -> ()',
  ]) {
    assert.ok(generic.includes(s), `${s}\n${generic}`);
  }
  assert.ok(!generic.includes('fmtest.add %'), 'no custom form in the generic print');
  // The generic form reads back to the same module.
  assert.equal(Module.parse(generic, ctx).toString(), CUSTOM);

  // An op's own print and its results' too.
  const add = m.body.operations[0].regions[0].blocks[0].operations[1];
  assert.equal(add.name, 'fmtest.add');
  assert.equal(add.toString(), '%1 = fmtest.add %0, %0 : i32');
  assert.equal(add.print({ generic: true }), '%1 = "fmtest.add"(%0, %0) : (i32, i32) -> i32');

  // Ops built from JavaScript print in the custom form too.
  const i32 = IntegerType.get(32, ctx);
  const built = Operation.create({ name: 'fmtest.add', operands: [add.result, add.result], results: [i32], context: ctx });
  // (Detached, so printed as a top-level op: with a newline, its operands out of its scope.)
  assert.equal(built.toString(), '%0 = fmtest.add <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>> : i32\n');
});

test('definitions load from bytes; upstream-style IRDL loads too', () => {
  const ctx = new Context();
  ctx.loadDialectDefinitions(fs.readFileSync(path.join(DEFINITIONS, 'fmtest.irdl.mlir')), 'fmtest.irdl.mlir');
  assert.equal(Module.parse(CUSTOM, ctx).toString(), CUSTOM);
  ctx.loadDialectDefinitions(fs.readFileSync(path.join(DEFINITIONS, 'cmath.irdl.mlir'), 'utf8'));
  assert.ok(ctx.isDialectRegistered('cmath'));
  assert.ok(ctx.isOperationRegistered('cmath.norm'));
});

test('custom syntax errors point at the text', () => {
  const ctx = fmtestContext();
  const err = (text) => {
    try {
      Module.parse(text, { context: ctx, filename: 'e.mlir' });
    } catch (e) {
      assert.ok(e instanceof MLIRError, String(e));
      return e;
    }
    assert.fail(`parsed: ${text}`);
  };
  const e = err('%0 = "test.a"() : () -> i32\n%1 = fmtest.cmp bogus, %0, %0 : i32\n');
  assert.ok(e.message.includes('e.mlir:2:17: error: custom op \'fmtest.cmp\' expected string or keyword containing one of the following enum values for attribute \'predicate\' [eq, ne, slt]'), e.message);
  assert.equal(e.diagnostics[0].location.toString(), 'loc("e.mlir":2:17)');
  // Constraints of the definition: SignlessIntegerLike.
  const f = err('%0 = "test.a"() : () -> f32\n%1 = fmtest.add %0, %0 : f32\n');
  assert.ok(f.message.includes("e.mlir:2:6: error: 'fmtest.add' op operand #0 must be signless-integer-like, but got 'f32'"), f.message);
});

test('bad definitions: an MLIRError at file:line:col, and nothing registered', () => {
  const ctx = fmtestContext();
  assert.throws(() => ctx.loadDialectDefinitions(FMTEST, 'again.mlir'), (e) => {
    assert.ok(e instanceof MLIRError, String(e));
    assert.equal(e.status, 'OMNIR_ERROR_PARSE_FAILED');
    assert.ok(e.message.startsWith('Unable to load dialect definitions:\n'), e.message);
    assert.ok(e.message.includes("again.mlir:4:1: error: dialect 'fmtest' is already registered"), e.message);
    assert.equal(e.diagnostics[0].message, "dialect 'fmtest' is already registered");
    assert.equal(e.diagnostics[0].location.toString(), 'loc("again.mlir":4:1)');
    return true;
  });
  // The first op is fine, the second is not: neither is registered, nor the dialect.
  const bad = 'irdl.dialect @bad {\n  irdl.operation @ok {\n  }\n  irdl.operation @o attributes {omnir.traits = ["Nope"]} {\n  }\n}\n';
  assert.throws(() => ctx.loadDialectDefinitions(bad, 'bad.mlir'), (e) => {
    assert.ok(e instanceof MLIRError);
    assert.ok(e.message.includes("bad.mlir:4:3: error: unknown trait 'Nope'"), e.message);
    return true;
  });
  assert.equal(ctx.isDialectRegistered('bad'), false);
  assert.equal(ctx.isOperationRegistered('bad.ok'), false);
  // A format that does not compile, with the offset in the format.
  const fmt = 'irdl.dialect @badfmt {\n  irdl.operation @o attributes {omnir.assembly_format = "$nope attr-dict"} {\n  }\n}\n';
  assert.throws(() => ctx.loadDialectDefinitions(fmt, 'fmt.mlir'), (e) => e instanceof MLIRError
    && e.message.includes("fmt.mlir:2:3: error: invalid assembly format of 'badfmt.o': at '$nope attr-dict': expected variable"));
  assert.equal(ctx.isDialectRegistered('badfmt'), false);
  // Not IRDL at all; not UTF-8; not text.
  assert.throws(() => ctx.loadDialectDefinitions('irdl.dialect @x {', 'trunc.mlir'), (e) => e instanceof MLIRError && e.message.includes('trunc.mlir:1:16: error: '));
  assert.throws(() => ctx.loadDialectDefinitions(new Uint8Array([0x69, 0x72, 0xff]), 'bytes.mlir'),
    (e) => e instanceof MLIRError && e.message.includes('bytes.mlir:1:3: error: the input is not valid UTF-8'));
  assert.throws(() => ctx.loadDialectDefinitions(42), TypeError);
  assert.throws(() => ctx.loadDialectDefinitions(FMTEST, 7), TypeError);
  // The good dialect is still there and works, after the failures.
  assert.equal(Module.parse(CUSTOM, ctx).toString(), CUSTOM);
  // A bad definition's name is free for a good one afterwards.
  ctx.loadDialectDefinitions('irdl.dialect @bad {\n  irdl.operation @ok {\n  }\n}\n', 'good.mlir');
  assert.ok(ctx.isOperationRegistered('bad.ok'));
});

// ---------------------------------------------------------------------------------------
// hooks written in JavaScript

const HK = `irdl.dialect @hk {
  irdl.operation @pack attributes {omnir.assembly_format = "custom<TypedList>($values, type($values)) attr-dict", omnir.verifier = "hk.nonempty"} {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
  }
  irdl.operation @mode attributes {omnir.assembly_format = "custom<Mode>($mode) attr-dict", omnir.optional_attributes = ["mode"]} {
    %0 = irdl.any
    irdl.attributes {"mode" = %0}
  }
}
`;

/** `[%a : i32, %b : f32]`: operands with their types. */
const typedList = {
  parse(p) {
    assert.ok(p instanceof DirectiveParser);
    assert.equal(p.argKind(0), 'operands');
    assert.equal(p.argKind(1), 'types');
    p.parsePunctuation('[');
    if (p.parseOptionalPunctuation(']')) return;
    do {
      p.parseOperand(0);
      p.parsePunctuation(':');
      p.addType(1, p.parseType());
    } while (p.parseOptionalPunctuation(','));
    p.parsePunctuation(']');
  },
  print(p) {
    assert.ok(p instanceof DirectivePrinter);
    assert.deepEqual(p.arg(1), { kind: 'types', count: p.numValues(0) });
    p.write('[');
    for (let i = 0; i < p.numValues(0); i++) {
      if (i > 0) p.write(', ');
      p.printOperand(0, i);
      p.write(' : ');
      p.printType(p.getType(1, i));
    }
    p.write(']');
  },
};

/** `fast` / `slow` as a string attribute; nothing when absent. */
const mode = {
  parse(p) {
    const k = p.parseOptionalKeyword();
    if (k === undefined) return p.setAttribute(0, null);
    if (k !== 'fast' && k !== 'slow') throw new Error(`unknown mode '${k}'`);
    return p.setAttribute(0, StringAttr.get(k, p.context));
  },
  print(p) {
    const a = p.getAttribute(0);
    if (a !== undefined) p.write(a.value);
  },
};

function hkContext(verify = (op) => (op.operands.length === 0 ? 'needs at least one value' : undefined)) {
  const ctx = new Context();
  ctx.registerVerifierHook('hk.nonempty', verify);
  ctx.loadDialectDefinitions(HK, 'hk.irdl.mlir');
  ctx.registerCustomDirective('hk', 'TypedList', typedList);
  ctx.registerCustomDirective('hk', 'Mode', mode);
  return ctx;
}

const HK_TEXT = '%0 = "test.a"() : () -> i32\n%1 = "test.b"() : () -> i32\nhk.pack [%0 : i32, %1 : i32]\nhk.mode fast\nhk.mode {note}\n';

test('custom directives written in JavaScript parse and print back', () => {
  const ctx = hkContext();
  const m = Module.parse(HK_TEXT, ctx);
  const printed = m.toString();
  // An empty directive still has the space before it, as MLIR's generated printers.
  assert.equal(printed, 'module {\n  %0 = "test.a"() : () -> i32\n  %1 = "test.b"() : () -> i32\n'
    + '  hk.pack [%0 : i32, %1 : i32]\n  hk.mode fast\n  hk.mode  {note}\n}\n');
  // The generic form shows what the directives filled in.
  const g = m.print({ generic: true });
  assert.ok(g.includes('"hk.pack"(%0, %1) : (i32, i32) -> ()'), g);
  assert.ok(g.includes('"hk.mode"() <{mode = "fast"}> : () -> ()'), g);
  assert.equal(Module.parse(printed, ctx).toString(), printed);
  assert.equal(Module.parse(g, ctx).toString(), printed);
  const pack = m.body.operations[2];
  assert.equal(pack.toString(), 'hk.pack [%0 : i32, %1 : i32]');
  assert.equal(pack.operands.length, 2);
});

// successors, integers, strings, argument lists and newlines

const CS = `irdl.dialect @cs {
  irdl.operation @jump attributes {omnir.assembly_format = "custom<Target>($dest, $weight) attr-dict", omnir.successors = ["dest"], omnir.traits = ["Terminator"], omnir.optional_attributes = ["weight"]} {
    %w = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"weight" = %w}
  }
  irdl.operation @table attributes {omnir.assembly_format = "custom<Table>($entries, $label) attr-dict", omnir.optional_attributes = ["label"]} {
    %e = irdl.any {omnir.constraint = "ArrayAttr"}
    %l = irdl.any {omnir.constraint = "StrAttr"}
    irdl.attributes {"entries" = %e, "label" = %l}
  }
  irdl.operation @scope attributes {omnir.assembly_format = "custom<Args>($body) attr-dict-with-keyword $body", omnir.traits = ["NoTerminator"]} {
    %r = irdl.region
    irdl.regions(body: %r)
  }
}
`;

const CS_TEXT = `module {
  cs.scope (%arg0, %arg1) : i32 {
    cs.table "primes" [
      2,
      3
    ]
    cs.table [
    ]
    "test.region"() ({
      cs.jump ^bb1 weight 3
    ^bb1:  // 2 preds: ^bb0, ^bb1
      cs.jump ^bb1
    }) : () -> ()
  }
}
`;

/** `^bb1` or `^bb1 weight 3`. */
const target = {
  parse(p) {
    assert.equal(p.argKind(0), 'successors');
    if (!p.atSuccessor()) throw new Error('expected a block name');
    p.parseSuccessor(0);
    if (!p.atKeyword('weight')) return;
    p.parseKeyword('weight');
    const w = p.parseOptionalInteger();
    if (w === undefined) throw new Error('expected a weight');
    p.setAttribute(1, IntegerAttr.get(IntegerType.getSignless(64, p.context), w));
  },
  print(p) {
    assert.deepEqual(p.arg(0), { kind: 'successors', count: 1 });
    p.printSuccessor(0, 0);
    const w = p.getAttribute(1);
    if (w === undefined) return;
    p.write(' weight ');
    p.printAttributeWithoutType(w);
  },
};

/** An optional `"label"`, then `[` integers `]`, one per line. */
const table = {
  parse(p) {
    const label = p.parseOptionalString();
    if (label !== undefined) p.setAttribute(1, StringAttr.get(label, p.context));
    p.parsePunctuation('[');
    const i64 = IntegerType.getSignless(64, p.context);
    const items = [];
    for (let v = p.parseOptionalInteger(); v !== undefined; v = p.parseOptionalInteger()) {
      items.push(IntegerAttr.get(i64, v));
      if (!p.parseOptionalPunctuation(',')) break;
    }
    p.parsePunctuation(']');
    p.setAttribute(0, ArrayAttr.get(items, p.context));
  },
  print(p) {
    const label = p.getAttribute(1);
    if (label !== undefined) {
      p.printAttribute(label);
      p.write(' ');
    }
    const items = p.getAttribute(0).elements;
    p.write('[');
    items.forEach((e, i) => {
      p.printNewline();
      p.write('  ');
      p.printAttributeWithoutType(e);
      if (i + 1 < items.length) p.write(',');
    });
    p.printNewline();
    p.write(']');
  },
};

/** `(%a, %b) : i32`: the body's entry-block arguments, named before their type. */
const args = {
  parse(p) {
    assert.equal(p.argKind(0), 'region');
    const n = p.parseArgumentList(0);
    p.parsePunctuation(':');
    const t = p.parseType();
    for (let i = 0; i < n; i++) p.setArgumentType(0, i, t);
  },
  print(p) {
    const n = p.numValues(0);
    p.write('(');
    for (let i = 0; i < n; i++) {
      if (i > 0) p.write(', ');
      p.printOperand(0, i);
      p.printOptionalLocationSpecifier(0, i);
    }
    p.write(') : ');
    if (n > 0) p.printType(p.getType(0, 0));
  },
};

test('directives with successors, integers, strings, argument lists and newlines', () => {
  const ctx = new Context({ allowUnregisteredDialects: true });
  ctx.loadDialectDefinitions(CS, 'cs.irdl.mlir');
  ctx.registerCustomDirective('cs', 'Target', target);
  ctx.registerCustomDirective('cs', 'Table', table);
  ctx.registerCustomDirective('cs', 'Args', args);
  const m = Module.parse(CS_TEXT, ctx);
  assert.equal(m.toString(), CS_TEXT);
  const g = m.print({ generic: true });
  assert.ok(g.includes('"cs.jump"()[^bb1] <{weight = 3 : i64}> : () -> ()'), g);
  assert.ok(g.includes('<{entries = [2, 3], label = "primes"}>'), g);
  assert.ok(g.includes('^bb0(%arg0: i32, %arg1: i32):'), g);
  // Errors point into the text: the parser's own, and a failed call's.
  assert.throws(() => Module.parse('"test.r"() ({\n  cs.jump 3\n}) : () -> ()\n', { context: ctx, filename: 'j.mlir' }),
    (e) => e instanceof MLIRError && e.message.includes('j.mlir:2:') && e.message.includes('expected a block name'));
  assert.throws(() => Module.parse('cs.table [99999999999999999999]\n', { context: ctx, filename: 't.mlir' }),
    (e) => e instanceof MLIRError && e.message.includes('t.mlir:1:'));
});

test('a JavaScript verifier hook runs on parse and on verify; its answer is the error', () => {
  let calls = 0;
  const ctx = hkContext((op) => {
    calls++;
    assert.equal(op.name, 'hk.pack');
    return op.operands.length === 0 ? 'needs at least one value' : undefined;
  });
  assert.throws(() => Module.parse('hk.pack []\n', { context: ctx, filename: 'v.mlir' }),
    (e) => e instanceof MLIRError && e.message.includes("v.mlir:1:1: error: 'hk.pack' op needs at least one value"));
  assert.ok(calls > 0);
  ctx.verifyAfterParse = false;
  const m = Module.parse('hk.pack []\n', ctx);
  assert.throws(() => m.operation.verify(), (e) => {
    assert.ok(e instanceof MLIRError);
    assert.equal(e.diagnostics[0].message, "'hk.pack' op needs at least one value");
    return true;
  });
  // false, and exceptions, fail verification too; the exception's message is the error.
  const no = hkContext(() => false);
  no.verifyAfterParse = false;
  assert.throws(() => Module.parse('hk.pack []\n', no).operation.verify(), (e) => e instanceof MLIRError && e.message.includes("'hk.pack' op verification failed"));
  const boom = hkContext(() => { throw new RangeError('verifier boom'); });
  boom.verifyAfterParse = false;
  assert.throws(() => Module.parse('hk.pack []\n', boom).operation.verify(), (e) => e instanceof MLIRError && e.message.includes("'hk.pack' op verifier boom"));
  // A verifier may read IR but not change it.
  const writer = hkContext((op) => { op.attributes.set('x', StringAttr.get('y', op.context)); });
  writer.verifyAfterParse = false;
  assert.throws(() => Module.parse('hk.pack []\n', writer).operation.verify(), (e) => e instanceof MLIRError && e.message.includes('mutation from inside a callback is not allowed'));
});

test('failing JavaScript directive parsers: positions and messages', () => {
  const ctx = hkContext();
  const err = (text) => {
    try {
      Module.parse(text, { context: ctx, filename: 'e.mlir' });
    } catch (e) {
      assert.ok(e instanceof MLIRError, String(e));
      assert.equal(e.status, 'OMNIR_ERROR_PARSE_FAILED');
      return e;
    }
    assert.fail(`parsed: ${text}`);
  };
  // A failed parser call that the parser lets through: its own diagnostic, at the token.
  let e = err('%0 = "test.a"() : () -> i32\nhk.pack [%0 i32]\n');
  assert.ok(e.message.includes("e.mlir:2:12: error: expected ':'"), e.message);
  assert.equal(e.diagnostics.length, 1, e.message);
  // The parser's own exception: its message at the parser's position (after `medium`).
  e = err('hk.mode medium\n');
  assert.ok(e.message.includes("e.mlir:2:1: error: unknown mode 'medium'"), e.message);
  // An IRDL constraint of the definition: one type for the whole group.
  e = err('%0 = "test.a"() : () -> i32\n%1 = "test.b"() : () -> f32\nhk.pack [%0 : i32, %1 : f32]\n');
  assert.ok(e.message.includes("e.mlir:3:1: error: 'hk.pack' op expected 'i32' but got 'f32'"), e.message);

  // A failed call the parser caught and replaced with its own error: that error.
  const c2 = hkContext();
  c2.registerCustomDirective('hk', 'TypedList', {
    parse(p) {
      try {
        p.parseKeyword('values');
      } catch (x) {
        assert.ok(x instanceof MLIRError);
        throw new Error('a TypedList starts with "values"');
      }
    },
    print() {},
  });
  assert.throws(() => Module.parse('hk.pack [\n', c2), (x) => x.message.includes('a TypedList starts with "values"'));
  // false fails the parse; a Promise is refused (hooks are synchronous).
  c2.registerCustomDirective('hk', 'TypedList', { parse: () => false, print() {} });
  assert.throws(() => Module.parse('hk.pack [\n', c2), (x) => x instanceof MLIRError && x.message.includes("custom<TypedList> of dialect 'hk' failed to parse"));
  c2.registerCustomDirective('hk', 'TypedList', { parse: async () => {}, print() {} });
  assert.throws(() => Module.parse('hk.pack [\n', c2), (x) => x instanceof MLIRError && x.message.includes('returned a Promise'));
  // A non-Error thrown value.
  c2.registerCustomDirective('hk', 'TypedList', { parse() { throw 'plain'; }, print() {} }); // eslint-disable-line no-throw-literal
  assert.throws(() => Module.parse('hk.pack [\n', c2), (x) => x instanceof MLIRError && x.message.includes('plain'));
});

test('a JavaScript directive printer that throws makes the print throw', () => {
  const ctx = hkContext();
  const m = Module.parse(HK_TEXT, ctx);
  ctx.registerCustomDirective('hk', 'TypedList', { parse: typedList.parse, print() { throw new Error('printer boom'); } });
  for (const print of [() => m.toString(), () => m.print(), () => m.body.print(), () => m.body.operations[2].toString()]) {
    assert.throws(print, (e) => {
      assert.ok(e instanceof MLIRError, String(e));
      assert.equal(e.status, 'OMNIR_ERROR_CALLBACK_FAILED');
      assert.ok(e.message.includes("custom<TypedList> of dialect 'hk' failed to print: printer boom"), e.message);
      return true;
    });
  }
  // The generic form needs no directive; other ops still print.
  assert.ok(m.print({ generic: true }).includes('"hk.pack"(%0, %1)'));
  assert.equal(m.body.operations[3].toString(), 'hk.mode fast');
  // A printer that writes what it should again.
  ctx.registerCustomDirective('hk', 'TypedList', typedList);
  assert.ok(m.toString().includes('hk.pack [%0 : i32, %1 : i32]'));
});

test('parser and printer objects only work during their callback', () => {
  const ctx = hkContext();
  let keptParser;
  let keptPrinter;
  ctx.registerCustomDirective('hk', 'Mode', {
    parse(p) { keptParser = p; return mode.parse(p); },
    print(p) { keptPrinter = p; return mode.print(p); },
  });
  const m = Module.parse('hk.mode slow\n', ctx);
  assert.ok(m.toString().includes('hk.mode slow'));
  const closed = (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_INVALID_ARGUMENT' && e.message.includes('only valid during its callback');
  assert.throws(() => keptParser.parseKeyword('x'), closed);
  assert.throws(() => keptParser.parseType(), closed);
  assert.throws(() => keptPrinter.write('x'), closed);
  assert.throws(() => keptPrinter.getAttribute(0), closed);
  // Kept objects do not reach a later callback's parser or printer either.
  const again = Module.parse('hk.mode fast\n', ctx);
  assert.throws(() => keptParser.parseOptionalKeyword(), closed);
  assert.ok(again.toString().includes('hk.mode fast'));
});

test('bad arguments of parser and printer calls are errors, not wrong IR', () => {
  const ctx = hkContext();
  const seen = [];
  ctx.registerCustomDirective('hk', 'Mode', {
    parse(p) {
      assert.throws(() => p.argKind(-1), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_OUT_OF_RANGE');
      assert.throws(() => p.argKind('0'), TypeError);
      assert.throws(() => p.argKind(7), OmnirError);
      assert.throws(() => p.addType(0, 'i32'), TypeError);
      assert.throws(() => p.setAttribute(0, StringAttr.get('x', new Context())), (e) => e.status === 'OMNIR_ERROR_WRONG_CONTEXT');
      seen.push('parse');
      return mode.parse(p);
    },
    print(p) {
      assert.throws(() => p.printOperand(0, 0), OmnirError);
      assert.throws(() => p.write(3), TypeError);
      seen.push('print');
      return mode.print(p);
    },
  });
  const m = Module.parse('hk.mode fast\n', ctx);
  assert.equal(m.toString(), 'module {\n  hk.mode fast\n}\n');
  assert.deepEqual(seen, ['parse', 'print']);
});

test('hook registration errors', () => {
  const ctx = new Context();
  // A definition naming a hook nobody registered registers nothing.
  assert.throws(() => ctx.loadDialectDefinitions(HK, 'hk.irdl.mlir'),
    (e) => e instanceof MLIRError && e.message.includes("verifier hook 'hk.nonempty' is not registered"));
  assert.equal(ctx.isDialectRegistered('hk'), false);
  // Directives belong to a registered dialect.
  assert.throws(() => ctx.registerCustomDirective('nope', 'X', mode), (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_NOT_REGISTERED');
  assert.throws(() => ctx.registerCustomDirective('hk', 'X', { parse() {} }), TypeError);
  assert.throws(() => ctx.registerCustomDirective('hk', 'X', null), TypeError);
  assert.throws(() => ctx.registerVerifierHook('hk.nonempty', 'nope'), TypeError);
  assert.throws(() => ctx.registerVerifierHook(undefined, () => {}), TypeError);
});

test("a JavaScript directive defines a region's entry-block arguments (parseArgument)", () => {
  const ctx = new Context();
  ctx.loadDialectDefinitions(`irdl.dialect @rg {
  irdl.operation @fn attributes {omnir.assembly_format = "$sym_name custom<Params>($body) attr-dict-with-keyword $body", omnir.traits = ["IsolatedFromAbove"]} {
    %s = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %r = irdl.region
    irdl.attributes {"sym_name" = %s}
    irdl.regions(body: %r)
  }
}`, 'rg.irdl.mlir');
  let printed;
  ctx.registerCustomDirective('rg', 'Params', {
    // `(i32 %x, f32 %y)`: the C API takes an argument's type before its name.
    parse(p) {
      assert.equal(p.argKind(0), 'region');
      p.parsePunctuation('(');
      if (p.parseOptionalPunctuation(')')) return;
      do {
        const t = p.parseType();
        p.parseArgument(0, t);
      } while (p.parseOptionalPunctuation(','));
      p.parsePunctuation(')');
    },
    print(p) {
      printed = p.arg(0);
      // A region argument's types are the types of its entry block's arguments.
      assert.equal(String(p.getType(0, 0)), 'i32');
      assert.equal(String(p.getType(0, 1)), 'f32');
      p.write('(');
      for (let i = 0; i < printed.count; i++) {
        if (i > 0) p.write(', ');
        p.printOperand(0, i);
      }
      p.write(')');
    },
  });
  const m = Module.parse('rg.fn @f(i32 %x, f32 %y) {\n  "t.use"(%x, %y) : (i32, f32) -> ()\n}\n', ctx);
  // The body's entry block has the arguments, with their types and the printer's names.
  const body = m.body.operations[0].regions[0].blocks[0];
  assert.deepEqual(body.arguments.map((a) => String(a.type)), ['i32', 'f32']);
  assert.ok(m.print({ generic: true }).includes('  ^bb0(%arg0: i32, %arg1: f32):\n    "t.use"(%arg0, %arg1) : (i32, f32) -> ()\n'));
  // The custom form: the region prints without its entry block header.
  assert.equal(m.toString(), 'module {\n  rg.fn @f (%arg0, %arg1) {\n    "t.use"(%arg0, %arg1) : (i32, f32) -> ()\n  }\n}\n');
  assert.deepEqual(printed, { kind: 'region', count: 2 });
  // A use of a name the directive did not define is an error.
  assert.throws(() => Module.parse('rg.fn @g(i32 %x) {\n  "t.use"(%z) : (i32) -> ()\n}\n', ctx),
    (e) => e instanceof MLIRError && e.message.includes('use of undeclared SSA value name'));
});
