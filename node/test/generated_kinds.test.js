'use strict';
// The generated classes of dialect types and attributes (`pixels.RgbType.get(8)`, `.bits`,
// `RgbType.cast(t)`): the test dialect of tests/definitions/pixels.irdl.mlir, generated here
// through the library (`ctx.generateBindings`), and the shipped modules' kinds, whose
// dialect loads on demand.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { omnir } = require('./helpers');

const { Context, Type, Attribute, DialectType, DialectAttr, F32Type, IntegerType, MemRefType, StringAttr,
  IntegerAttr, MLIRError, OmnirError } = omnir;

const DEFINITION = path.join(__dirname, '..', '..', 'tests', 'definitions', 'pixels.irdl.mlir');
const PIXELS = fs.readFileSync(DEFINITION, 'utf8');

function pixelsContext() {
  const ctx = new Context();
  ctx.loadDialectDefinitions(PIXELS, 'pixels.irdl.mlir');
  return ctx;
}

// A type read before the module is loaded: its wrapper becomes the module's class then.
const early = pixelsContext();
const earlyRgb = Type.parse('!pixels.rgb<16>', early);

// The module and its declarations, written where a user's package would keep them (inside
// this package, so that `omnir/dialects/_ods_common` resolves as it does for them).
const dir = fs.mkdtempSync(path.join(__dirname, '.generated-kinds-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(path.join(dir, 'pixels.js'), early.generateBindings('pixels', 'javascript', 'pixels.irdl.mlir'));
const declarations = early.generateBindings('pixels', 'typescript', 'pixels.irdl.mlir');
fs.writeFileSync(path.join(dir, 'pixels.d.ts'), declarations);
const pixels = require(path.join(dir, 'pixels.js'));
const { RgbType, PlaneType, RawHandleType, ChannelAttr, NameAttr, Channel } = pixels;

test('a type kind: get from plain values, the parameter back, the constraint checked', () => {
  const ctx = pixelsContext();
  const rgb = RgbType.get(8, ctx);
  assert.equal(rgb.toString(), '!pixels.rgb<8>');
  assert.equal(rgb.bits, 8);
  assert.ok(rgb instanceof RgbType && rgb instanceof DialectType);
  assert.equal(RgbType.NAME, 'pixels.rgb');
  // Uniqued: the same type is the same object, whichever way it is reached.
  assert.equal(RgbType.get(8, ctx), rgb);
  assert.equal(Type.parse('!pixels.rgb<8>', ctx), rgb);
  assert.equal(RgbType.get(IntegerAttr.get(IntegerType.get(64, ctx), 16), ctx).bits, 16);
  // It implements MemRefElementTypeInterface.
  assert.equal(MemRefType.get([4], rgb).toString(), 'memref<4x!pixels.rgb<8>>');
  assert.equal(MemRefType.get([4], rgb).elementType, rgb);

  assert.throws(() => RgbType.get(12, ctx), (e) => e instanceof MLIRError
    && e.message.startsWith('Invalid parameters for !pixels.rgb')
    && /'12 : i64' does not satisfy the constraint/.test(e.message) && e.diagnostics.length === 1);
  assert.throws(() => RgbType.get('8', ctx), /expected an integer or an Attribute, got string/);
  assert.throws(() => RgbType.get(8, 'ctx'), /context: expected a Context, got string/);
});

test('isInstance, cast and the class a type comes back as', () => {
  const ctx = pixelsContext();
  const f32 = F32Type.get(ctx);
  const rgb = RgbType.get(16, ctx);
  const plane = PlaneType.get(f32, StringAttr.get('luma', ctx));
  assert.ok(RgbType.isInstance(rgb) && !RgbType.isInstance(plane) && !RgbType.isInstance(f32));
  assert.ok(!RgbType.isInstance(null) && !RgbType.isInstance(ChannelAttr.get(0, ctx)));
  assert.ok(PlaneType.isInstance(plane) && Type.isInstance(plane));
  assert.equal(RgbType.cast(rgb), rgb);
  assert.equal(DialectType.cast(rgb), rgb);
  assert.throws(() => RgbType.cast(plane), (e) => e instanceof TypeError
    && e.message === '!pixels.plane<f32, "luma"> is not a RgbType (!pixels.rgb)');
  assert.throws(() => RgbType.cast(f32), /f32 is not a RgbType/);
  assert.throws(() => RgbType.cast(StringAttr.get('x', ctx)), /expected a Type, got StringAttr/);
  // Read back through the IR: a value's type is of the class too.
  const parsed = Type.parse('tuple<!pixels.rgb<8>, !pixels.raw_handle>', ctx);
  assert.ok(parsed.types[0] instanceof RgbType && parsed.types[1] instanceof RawHandleType);

  // Wrapped before the module was loaded: the same wrapper, now of the class.
  assert.equal(Type.parse('!pixels.rgb<16>', early), earlyRgb);
  assert.ok(earlyRgb instanceof RgbType);
  assert.equal(earlyRgb.bits, 16);
});

test('parameters of every kind: a type, any attribute, none, an enum case, a string', () => {
  const ctx = pixelsContext();
  const f32 = F32Type.get(ctx);
  const label = StringAttr.get('luma', ctx);
  // The context comes from a parameter.
  const plane = PlaneType.get(f32, label);
  assert.equal(plane.toString(), '!pixels.plane<f32, "luma">');
  assert.equal(plane.elem, f32);
  assert.ok(plane.label.equals(label));
  assert.throws(() => PlaneType.get(IntegerType.get(8, ctx), label), MLIRError);
  assert.throws(() => PlaneType.get(f32, 'luma'), /expected an attribute or an Attribute, got string/);

  assert.equal(ctx.run(() => RawHandleType.get()).toString(), '!pixels.raw_handle');
  assert.ok(RawHandleType.get(ctx) instanceof RawHandleType);
  assert.throws(() => RawHandleType.get(), (e) => e instanceof OmnirError && /no current context/.test(e.message));

  const g = ChannelAttr.get(Channel.g, ctx);
  assert.equal(g.toString(), '#pixels.channel<g>');
  assert.equal(g.value, 1);
  assert.equal(Channel.spelling(g.value), 'g');
  assert.ok(g instanceof ChannelAttr && g instanceof DialectAttr);
  assert.ok(ChannelAttr.isInstance(g) && !NameAttr.isInstance(g));
  assert.ok(Attribute.parse('#pixels.channel<b>', ctx) instanceof ChannelAttr);
  assert.equal(ctx.run(() => ChannelAttr.get(1)).toString(), '#pixels.channel<g>');
  assert.throws(() => ChannelAttr.get(7, ctx), MLIRError);

  const name = ctx.run(() => NameAttr.get('x'));
  assert.equal(name.toString(), '#pixels.named<"x">');
  assert.equal(name.name, 'x');
  assert.equal(NameAttr.NAME, 'pixels.named');
  assert.throws(() => NameAttr.cast(g), /#pixels.channel<g> is not a NameAttr \(#pixels.named\)/);
  // An attribute of the kind seen as a plain DialectAttr casts to the class.
  assert.equal(NameAttr.cast(Attribute.parse('#pixels.named<"y">', ctx)).name, 'y');
});

test('the generated declarations type every class', () => {
  for (const line of [
    'export class RgbType extends DialectType {',
    '  static readonly NAME: "pixels.rgb";',
    '  static get(bits: number | bigint | Attribute, context?: Context | null): RgbType;',
    '  static isInstance(x: unknown): x is RgbType;',
    '  readonly bits: number | bigint;',
    '  static get(elem: Type | Attribute, label: Attribute, context?: Context | null): PlaneType;',
    '  readonly elem: Type;',
    '  static get(context?: Context | null): RawHandleType;',
    'export class ChannelAttr extends DialectAttr {',
    '  readonly value: number;',
    '  readonly name: string;',
  ]) {
    assert.ok(declarations.includes(line), line);
  }
});

test('DialectType.getByName / DialectAttr.getByName: any registered kind from attributes', () => {
  const ctx = pixelsContext();
  const i64 = IntegerType.get(64, ctx);
  assert.equal(DialectType.getByName('pixels.rgb', [IntegerAttr.get(i64, 8)], ctx), RgbType.get(8, ctx));
  assert.equal(DialectAttr.getByName('pixels.named', [StringAttr.get('z', ctx)], ctx).name, 'z');
  assert.throws(() => DialectType.getByName('pixels.nope', [], ctx),
    (e) => e instanceof OmnirError && e.status === 'OMNIR_ERROR_NOT_REGISTERED' && /pixels.nope/.test(e.message));
  assert.throws(() => DialectType.getByName('pixels.rgb', [8], ctx), /expected an Attribute, got number/);
  assert.throws(() => DialectType.getByName(undefined, [], ctx), /DialectType.getByName: name: expected a string/);
  assert.throws(() => DialectAttr.getByName('pixels.named', 'z', ctx), /DialectAttr.getByName: params: expected an array/);
  assert.throws(() => DialectType.getByName('pixels.rgb', [IntegerAttr.get(IntegerType.get(64, new Context()), 8)], ctx),
    (e) => e.status === 'OMNIR_ERROR_WRONG_CONTEXT');
});

test('a shipped dialect\'s kinds: the dialect loads on demand', () => {
  const gpu = require('omnir/dialects/gpu');
  const arith = require('omnir/dialects/arith');
  const llvm = require('omnir/dialects/llvm');
  const token = new Context().run(() => gpu.AsyncTokenType.get());
  assert.equal(token.toString(), '!gpu.async.token');
  assert.ok(token instanceof gpu.AsyncTokenType && gpu.AsyncTokenType.isInstance(token));
  assert.equal(gpu.AsyncTokenType.NAME, 'gpu.async.token');
  const ctx = new Context();
  const fast = arith.FastmathAttr.get(arith.FastMathFlags.fast, ctx);
  assert.equal(fast.toString(), '#arith.fastmath<fast>');
  assert.equal(fast.value, arith.FastMathFlags.fast);
  const ptr = llvm.PointerType.get(3, ctx);
  assert.equal(ptr.toString(), '!llvm.ptr<3>');
  assert.equal(ptr.addr_space, 3);
  assert.ok(Type.parse('!llvm.ptr', ctx) instanceof llvm.PointerType);
});
