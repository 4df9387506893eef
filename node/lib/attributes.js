'use strict';
// Attributes: a class per builtin kind, with `instanceof`, accessors and downcasting.

const B = require('./binding');
const { Context, TypeID, resolveContext, typeIdValue } = require('./context');
const T = require('./types');

const { N, S, F, fail, room, list } = B;
const { Type, IntegerType, FloatType, wrapType, typeIdIn, checkType, wrongContext, describe, safeString } = T;

const late = {}; // Location wrapping, set by location.js

/** A uniqued attribute (`42 : i32`, `"text"`, `[1, 2]`, `{a = 1}`, `@sym`, ...), always of
 * the most specific class (`IntegerAttr`, `DictAttr`, ...). */
class Attribute {
  /** @internal use the static getters (`IntegerAttr.get(t, 1)`) or `Attribute.parse`. */
  constructor(ctx, id) {
    /** The context the attribute belongs to. */
    this.context = ctx;
    /** @internal */ this._id = id;
  }

  /** Parses an attribute (`'[1, 2 : i8]'`, `'dense<1.0> : tensor<2xf32>'`). */
  static parse(text, context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.attrParse(B.text(text, 'Attribute.parse')) !== 0) fail(ctx, 'Unable to parse attribute');
    return wrapAttr(ctx, S[0]);
  }

  static isInstance(x) {
    return x instanceof this;
  }

  /** `x` as this class (a TypeError if it is not one). */
  static cast(x) {
    if (!(x instanceof Attribute)) throw new TypeError(`expected an Attribute, got ${describe(x)}`);
    if (!(x instanceof this)) throw new TypeError(`${safeString(x)} is not a ${this.name}`);
    return x;
  }

  /** The type of a typed attribute (integer, float, typed string, dense...), else null. */
  get type() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrGetType() !== 0) fail(this.context);
    return S[0] === 0 ? null : wrapType(this.context, S[0]);
  }

  /** The TypeID of the attribute's kind. */
  get typeId() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrTypeId() !== 0) fail(this.context);
    return new TypeID(S[0]);
  }

  /** Whether the attribute implements the interface (a TypeID or qualified name). */
  implements(iface) {
    const id = typeIdValue(iface);
    S[0] = this.context._slot;
    S[1] = this._id;
    S[2] = id;
    if (N.attrImplements() !== 0) fail(this.context);
    return S[0] !== 0;
  }

  /** Calls `method` of the interface `iface` implemented for this attribute. */
  callInterfaceMethod(iface, method, ...args) {
    return T.late.callInterfaceMethod(this, iface, method, args);
  }

  equals(other) {
    return other instanceof Attribute && other.context === this.context && other._id === this._id;
  }

  /** A number equal for equal attributes (the attribute's id in its context). */
  get hash() {
    return this._id;
  }

  /** The attribute as MLIR prints it. */
  toString() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const s = N.attrPrint();
    if (s === null) fail(this.context);
    return s;
  }

  /** @internal the C handle `{context, id}`. */
  get raw() {
    return { context: this.context._serial, id: this._id };
  }

  /** An attribute from the C handle `{context, id}` of `ctx` given by another native addon. */
  static fromRaw(ctx, raw) {
    if (!(ctx instanceof Context)) throw new TypeError('expected a Context');
    if (raw.context !== ctx._serial) throw wrongContext();
    return wrapAttr(ctx, raw.id >>> 0);
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `${this.constructor.name}(${safeString(this)})`;
  }
}

function make(ctx, cls, ok) {
  if (ok !== 0) fail(ctx);
  return new cls(ctx, S[0]);
}

/** `unit`. */
class UnitAttr extends Attribute {
  static get(context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    return make(ctx, UnitAttr, N.attrUnit());
  }
}

/** `true` / `false`. */
class BoolAttr extends Attribute {
  static get(value, context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    S[1] = value ? 1 : 0;
    return make(ctx, BoolAttr, N.attrBool());
  }
  get value() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrBoolValue() !== 0) fail(this.context);
    return S[0] !== 0;
  }
}

const TWO64 = 1n << 64n;

/** `value : type` of an integer or index type. */
class IntegerAttr extends Attribute {
  /** An integer attribute. `value` is a number (an integer) or a BigInt (any width). */
  static get(type, value) {
    const t = checkType(type, 'type');
    const ctx = t.context;
    S[0] = ctx._slot;
    S[1] = t._id;
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      // i64 at words 2-3 (two's complement through the Uint32Array's wrapping).
      const hi = Math.floor(value / 4294967296);
      S[2] = value - hi * 4294967296;
      S[3] = hi;
      if (N.attrInteger() !== 0) fail(ctx);
      return new IntegerAttr(ctx, S[0]);
    }
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) throw new TypeError(`IntegerAttr.get: ${value} is not an integer`);
      value = BigInt(value);
    }
    if (typeof value !== 'bigint') throw new TypeError(`IntegerAttr.get: expected a number or BigInt, got ${describe(value)}`);
    // Two's complement 64-bit words, enough for the value and its sign.
    const words = [];
    let v = value;
    do {
      words.push(BigInt.asUintN(64, v));
      v >>= 64n;
    } while (!(v === 0n && (words[words.length - 1] >> 63n) === 0n) && !(v === -1n && (words[words.length - 1] >> 63n) === 1n));
    room(4 + 2 * words.length);
    S[2] = words.length;
    for (let k = 0; k < words.length; k++) {
      S[4 + 2 * k] = Number(words[k] & 0xffffffffn);
      S[5 + 2 * k] = Number(words[k] >> 32n);
    }
    if (N.attrIntegerWords() !== 0) fail(ctx);
    return new IntegerAttr(ctx, S[0]);
  }
  /** The value as a number (sign-extended, zero-extended for unsigned types); beyond
   * 2**53 it is rounded: use `bigValue`. */
  get value() {
    return Number(this.bigValue);
  }
  /** The exact value as a BigInt (sign-extended from the type's width, zero-extended for
   * unsigned types). */
  get bigValue() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrIntValue() !== 0) fail(this.context);
    const nwords = S[0];
    const width = S[1];
    const unsigned = S[2] === 2;
    let v;
    if (nwords <= 1) {
      v = (BigInt(S[4]) << 32n) | BigInt(S[3]);
    } else {
      S[0] = this.context._slot;
      S[1] = this._id;
      if (N.attrIntWords() !== 0) fail(this.context);
      const [a, o, n] = list(2);
      v = 0n;
      for (let k = n - 1; k >= 0; k--) v = (v << 64n) | (BigInt(a[o + 2 * k + 1]) << 32n) | BigInt(a[o + 2 * k]);
    }
    return unsigned ? BigInt.asUintN(width, v) : BigInt.asIntN(width, v);
  }
}

/** `value : type` of a floating-point type. */
class FloatAttr extends Attribute {
  static get(type, value) {
    const t = checkType(type, 'type');
    S[0] = t.context._slot;
    S[1] = t._id;
    // A number (or a BigInt, converted); not a string: Number('') is 0, Number('x') NaN.
    if (typeof value !== 'number' && typeof value !== 'bigint') throw new TypeError(`FloatAttr.get: expected a number, got ${describe(value)}`);
    F[1] = Number(value);
    return make(t.context, FloatAttr, N.attrFloat());
  }
  static getF32(value, context) { return FloatAttr.get(T.F32Type.get(context), value); }
  static getF64(value, context) { return FloatAttr.get(T.F64Type.get(context), value); }
  get value() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrFloatValue() !== 0) fail(this.context);
    return F[0];
  }
}

/** `"text"` (optionally typed); MLIR strings may hold any bytes. */
class StringAttr extends Attribute {
  /** A string attribute from a string (UTF-8) or bytes (a Uint8Array). */
  static get(value, options) {
    if (options === undefined || options === null || options instanceof Context) options = { context: options };
    const ty = options.type;
    const ctx = ty ? checkType(ty).context : resolveContext(options.context);
    S[0] = ctx._slot;
    S[1] = ty ? typeIdIn(ctx, ty) : 0;
    const st = value instanceof Uint8Array ? N.attrStringBytes(value) : N.attrString(B.text(value, 'StringAttr.get'));
    return make(ctx, StringAttr, st);
  }
  /** The value (invalid UTF-8 replaced by U+FFFD; see `bytes`). */
  get value() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const s = N.attrStringValue();
    if (s === null) fail(this.context);
    return s;
  }
  /** The exact bytes. */
  get bytes() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const b = N.attrStringValueBytes();
    if (b === null) fail(this.context);
    return b;
  }
}

/** A type as an attribute. */
class TypeAttr extends Attribute {
  static get(type) {
    const t = checkType(type);
    S[0] = t.context._slot;
    S[1] = t._id;
    return make(t.context, TypeAttr, N.attrType());
  }
  get value() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrTypeValue() !== 0) fail(this.context);
    return wrapType(this.context, S[0]);
  }
}

/** `[elements]`: iterable, with `length` and `at(i)`. */
class ArrayAttr extends Attribute {
  static get(elements, context) {
    elements = B.arr(elements, 'ArrayAttr.get');
    const ctx = elements.length > 0 && context === undefined ? checkAttr(elements[0]).context : resolveContext(context);
    room(2 + elements.length);
    S[0] = ctx._slot;
    S[1] = elements.length;
    for (let k = 0; k < elements.length; k++) S[2 + k] = attrIdIn(ctx, elements[k]);
    return make(ctx, ArrayAttr, N.attrArray());
  }
  /** The elements. */
  get elements() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrArrayElements() !== 0) fail(this.context);
    const [a, o, n] = list(1);
    const ids = Array.from(a.subarray(o, o + n));
    return ids.map((id) => wrapAttr(this.context, id));
  }
  get length() { return this.elements.length; }
  at(i) { return this.elements.at(i); }
  [Symbol.iterator]() { return this.elements[Symbol.iterator](); }
}

/** `{name = value, ...}`: Map-like (`get`, `has`, `size`, `keys`, `entries`, iteration of
 * `[name, attribute]`). */
class DictAttr extends Attribute {
  /** From a plain object, a Map or an iterable of [name, attribute]. */
  static get(entries, context) {
    const pairs = entriesOf(entries);
    for (const p of pairs) {
      if (!Array.isArray(p) || p.length !== 2) throw new TypeError(`DictAttr.get: expected [name, attribute] entries, got ${describe(p)}`);
    }
    const ctx = pairs.length > 0 && context === undefined ? checkAttr(pairs[0][1]).context : resolveContext(context);
    room(2 + pairs.length);
    S[0] = ctx._slot;
    S[1] = pairs.length;
    for (let k = 0; k < pairs.length; k++) S[2 + k] = attrIdIn(ctx, pairs[k][1]);
    return make(ctx, DictAttr, N.attrDict(pairs.map((p) => String(p[0]))));
  }
  /** The entries, sorted by name. */
  entries() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const names = N.attrDictEntries();
    if (names === null) fail(this.context);
    const [a, o] = list(1);
    const ids = Array.from(a.subarray(o, o + names.length));
    return names.map((n, k) => [n, wrapAttr(this.context, ids[k])]);
  }
  keys() { return this.entries().map((e) => e[0]); }
  values() { return this.entries().map((e) => e[1]); }
  get size() { return this.entries().length; }
  /** The value of entry `name`, or undefined. */
  get(name) {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrDictGet(String(name)) !== 0) fail(this.context);
    return S[0] === 0 ? undefined : wrapAttr(this.context, S[0]);
  }
  has(name) { return this.get(name) !== undefined; }
  [Symbol.iterator]() { return this.entries()[Symbol.iterator](); }
}

function entriesOf(x) {
  if (x instanceof Map) return [...x.entries()];
  if (x === null || x === undefined) return [];
  if (typeof x[Symbol.iterator] === 'function') return [...x];
  return Object.entries(x);
}

/** `@root::@nested...`. */
class SymbolRefAttr extends Attribute {
  static get(root, nested = [], context) {
    if (nested instanceof Context) return SymbolRefAttr.get(root, [], nested);
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.attrSymbolRef(String(root), nested.map(String)) !== 0) fail(ctx);
    return wrapAttr(ctx, S[0]);
  }
  /** @internal */
  _names() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const r = N.attrSymbolRefNames();
    if (r === null) fail(this.context);
    return r;
  }
  get rootReference() { return this._names()[0]; }
  get nestedReferences() { return this._names().slice(1); }
}

/** `@name`. */
class FlatSymbolRefAttr extends SymbolRefAttr {
  static get(name, context) {
    return SymbolRefAttr.get(name, [], context);
  }
  /** The referenced name. */
  get value() { return this.rootReference; }
}

// ---------------------------------------------------------------------------------------
// dense elements and arrays

function elementInfo(t) {
  // [kind: 'int'|'float'|'complex'|'index', bits, float spelling]
  if (t instanceof IntegerType) return ['int', t.width];
  if (t instanceof T.IndexType) return ['int', 64];
  if (t instanceof FloatType) return ['float', t.width, t.toString()];
  if (t instanceof T.ComplexType) {
    const [k, bits, sp] = elementInfo(t.elementType);
    return ['complex', bits, sp, k];
  }
  throw new TypeError(`unsupported element type ${t}`);
}

function f16Bits(x) {
  const f = new Float32Array([x]);
  const u = new Uint32Array(f.buffer)[0];
  const sign = (u >>> 16) & 0x8000;
  let exp = ((u >>> 23) & 0xff) - 127 + 15;
  let mant = u & 0x7fffff;
  if (((u >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  if (exp >= 0x1f) return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - exp;
    let half = mant >>> shift;
    if ((mant >>> (shift - 1)) & 1) half += 1;
    return sign | half;
  }
  let half = sign | (exp << 10) | (mant >>> 13);
  if (mant & 0x1000) half += 1;
  return half;
}

function f16Value(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

function bf16Bits(x) {
  const f = new Float32Array([x]);
  const u = new Uint32Array(f.buffer)[0];
  if (Number.isNaN(x)) return 0x7fc0;
  return ((u + 0x7fff + ((u >>> 16) & 1)) >>> 16) & 0xffff;
}

/** Encodes JavaScript values as raw little-endian elements of type `t`. */
function encodeElements(t, values) {
  if (values instanceof Uint8Array) return values;
  if (ArrayBuffer.isView(values)) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  if (values instanceof ArrayBuffer) return new Uint8Array(values);
  const [kind, bits, spelling, partKind] = elementInfo(t);
  const flat = kind === 'complex' ? values.flatMap((c) => (Array.isArray(c) ? c : [c.re ?? c.real, c.im ?? c.imag])) : values;
  const k = kind === 'complex' ? partKind : kind;
  const size = Math.ceil(bits / 8);
  const out = new Uint8Array(size * flat.length);
  const dv = new DataView(out.buffer);
  flat.forEach((v, i) => {
    const at = i * size;
    if (k === 'int') {
      if (bits === 1) {
        out[at] = v ? 1 : 0;
        return;
      }
      let b = BigInt.asUintN(size * 8, typeof v === 'bigint' ? v : BigInt(typeof v === 'boolean' ? Number(v) : Math.trunc(v)));
      for (let j = 0; j < size; j++) {
        out[at + j] = Number(b & 0xffn);
        b >>= 8n;
      }
    } else if (spelling === 'f32') dv.setFloat32(at, v, true);
    else if (spelling === 'f64') dv.setFloat64(at, v, true);
    else if (spelling === 'f16') dv.setUint16(at, f16Bits(v), true);
    else if (spelling === 'bf16') dv.setUint16(at, bf16Bits(v), true);
    else throw new TypeError(`give the elements of ${spelling} as raw bytes (a Uint8Array)`);
  });
  return out;
}

/** Decodes raw little-endian elements of type `t` into numbers (BigInts for integers wider
 * than 53 bits when `big`). */
function decodeElements(t, bytes, count, big) {
  const [kind, bits, spelling, partKind] = elementInfo(t);
  const size = Math.ceil(bits / 8);
  const parts = kind === 'complex' ? 2 : 1;
  const k = kind === 'complex' ? partKind : kind;
  const unsigned = t instanceof IntegerType && t.isUnsigned;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stored = bytes.byteLength / (size * parts);
  const read = (i) => {
    const at = i * size;
    if (k === 'int') {
      if (bits === 1) return bytes[at] !== 0;
      let v = 0n;
      for (let j = size - 1; j >= 0; j--) v = (v << 8n) | BigInt(bytes[at + j]);
      v = unsigned ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
      return big ? v : Number(v);
    }
    if (spelling === 'f32') return dv.getFloat32(at, true);
    if (spelling === 'f64') return dv.getFloat64(at, true);
    if (spelling === 'f16') return f16Value(dv.getUint16(at, true));
    if (spelling === 'bf16') return new Float32Array(new Uint32Array([dv.getUint16(at, true) << 16]).buffer)[0];
    throw new TypeError(`elements of ${spelling} are only available as raw bytes (rawData)`);
  };
  const out = new Array(count);
  for (let e = 0; e < count; e++) {
    const s = stored === 1 ? 0 : e;
    out[e] = parts === 1 ? read(s) : [read(2 * s), read(2 * s + 1)];
  }
  return out;
}

/** The base class of `dense<...>` attributes of numbers (`DenseIntElementsAttr`,
 * `DenseFPElementsAttr`). */
class DenseElementsAttr extends Attribute {
  /** `dense<values> : type` for a statically shaped tensor or vector type. `values`: raw
   * element bytes (a typed array, Buffer or ArrayBuffer), or an array of numbers / BigInts /
   * booleans (complex: [re, im] pairs); one value makes a splat. */
  static get(type, values) {
    const t = checkType(type, 'type');
    if (!(t instanceof T.ShapedType)) throw new TypeError(`DenseElementsAttr.get: expected a tensor or vector type, got ${safeString(t)}`);
    const data = encodeElements(t.elementType, values);
    S[0] = t.context._slot;
    S[1] = t._id;
    if (N.attrDenseElements(data) !== 0) fail(t.context);
    return wrapAttr(t.context, S[0]);
  }
  /** A splat of one value. */
  static getSplat(type, value) {
    return DenseElementsAttr.get(type, [value]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrDenseInfo() !== 0) fail(this.context);
  }
  /** The number of elements. */
  get length() { this._info(); return S[0]; }
  get isSplat() { this._info(); return S[1] !== 0; }
  /** The raw little-endian element bytes (one element for a splat). */
  get rawData() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const b = N.attrDenseRawData();
    if (b === null) fail(this.context);
    return b;
  }
  /** Element `i` as an attribute (IntegerAttr, FloatAttr). */
  at(i) {
    if (typeof i !== 'number' || !Number.isInteger(i)) throw new TypeError(`at: expected an integer index, got ${describe(i)}`);
    const n = this.length;
    if (i < 0) i += n;
    S[0] = this.context._slot;
    S[1] = this._id;
    S[2] = i >>> 0;
    if (i < 0 || i >= n || N.attrDenseElement() !== 0) {
      if (i < 0 || i >= n) throw new B.OmnirError(`index ${i} out of range`, 'OMNIR_ERROR_OUT_OF_RANGE');
      fail(this.context);
    }
    return wrapAttr(this.context, S[0]);
  }
  /** The elements as numbers (booleans for i1, [re, im] for complex; splats expanded). */
  values() {
    return decodeElements(this.type.elementType, this.rawData, this.length, false);
  }
  /** The integer elements as BigInts. */
  bigValues() {
    return decodeElements(this.type.elementType, this.rawData, this.length, true);
  }
  [Symbol.iterator]() { return this.values()[Symbol.iterator](); }
}

class DenseIntElementsAttr extends DenseElementsAttr {}
class DenseFPElementsAttr extends DenseElementsAttr {}

/** `dense<["a", "b"]> : type`. */
class DenseStringElementsAttr extends Attribute {
  static get(type, values) {
    const t = checkType(type, 'type');
    S[0] = t.context._slot;
    S[1] = t._id;
    if (N.attrDenseStrings(values.map(String)) !== 0) fail(t.context);
    return wrapAttr(t.context, S[0]);
  }
  get length() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrDenseInfo() !== 0) fail(this.context);
    return S[0];
  }
  /** Element `i` as bytes. */
  bytesAt(i) {
    S[0] = this.context._slot;
    S[1] = this._id;
    S[2] = B.u32(i, 'bytesAt');
    const b = N.attrDenseString();
    if (b === null) fail(this.context);
    return b;
  }
  /** The elements as strings. */
  values() {
    const out = [];
    for (let k = 0; k < this.length; k++) out.push(this.bytesAt(k).toString('utf8'));
    return out;
  }
  [Symbol.iterator]() { return this.values()[Symbol.iterator](); }
}

/** `array<T: ...>`: the base class of DenseI64ArrayAttr and friends. */
class DenseArrayAttr extends Attribute {
  /** `array<elementType: values>`. */
  static get(elementType, values) {
    const t = checkType(elementType, 'elementType');
    const data = encodeElements(t, values);
    S[0] = t.context._slot;
    S[1] = t._id;
    if (N.attrDenseArray(data) !== 0) fail(t.context);
    return wrapAttr(t.context, S[0]);
  }
  get elementType() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrDenseArrayElementType() !== 0) fail(this.context);
    return wrapType(this.context, S[0]);
  }
  get rawData() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const b = N.attrDenseRawData();
    if (b === null) fail(this.context);
    return b;
  }
  /** The elements (numbers; BigInts for i64 with `big`; booleans for i1). */
  values(big = false) {
    const t = this.elementType;
    const bytes = this.rawData;
    const size = t instanceof IntegerType && t.width === 1 ? 1 : Math.ceil((t instanceof IntegerType ? t.width : t.width) / 8);
    return decodeElements(t, bytes, bytes.byteLength / size, big);
  }
  get length() { return this.values().length; }
  at(i) { return this.values().at(i); }
  [Symbol.iterator]() { return this.values()[Symbol.iterator](); }
}

function denseArrayClass(name, make) {
  return {
    [name]: class extends DenseArrayAttr {
      static get(values, context) {
        return DenseArrayAttr.get(make(resolveContext(context)), values);
      }
    },
  }[name];
}

const DenseBoolArrayAttr = denseArrayClass('DenseBoolArrayAttr', (c) => IntegerType.get(1, c));
const DenseI8ArrayAttr = denseArrayClass('DenseI8ArrayAttr', (c) => IntegerType.get(8, c));
const DenseI16ArrayAttr = denseArrayClass('DenseI16ArrayAttr', (c) => IntegerType.get(16, c));
const DenseI32ArrayAttr = denseArrayClass('DenseI32ArrayAttr', (c) => IntegerType.get(32, c));
const DenseI64ArrayAttr = denseArrayClass('DenseI64ArrayAttr', (c) => IntegerType.get(64, c));
const DenseF32ArrayAttr = denseArrayClass('DenseF32ArrayAttr', (c) => T.F32Type.get(c));
const DenseF64ArrayAttr = denseArrayClass('DenseF64ArrayAttr', (c) => T.F64Type.get(c));

/** `dense_resource<key> : type` (the blob lives in the context's resources). */
class DenseResourceElementsAttr extends Attribute {
  static get(type, key) {
    const t = checkType(type, 'type');
    S[0] = t.context._slot;
    S[1] = t._id;
    if (N.attrDenseResource(String(key)) !== 0) fail(t.context);
    return wrapAttr(t.context, S[0]);
  }
  get key() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const s = N.attrDenseResourceKey();
    if (s === null) fail(this.context);
    return s;
  }
}

/** An affine map as an attribute. */
class AffineMapAttr extends Attribute {
  /** The identity map of `numDims` dimensions. */
  static identity(numDims, context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    S[1] = B.u32(numDims, 'numDims');
    if (N.attrIdentityAffineMap() !== 0) fail(ctx);
    return wrapAttr(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrAffineMapInfo() !== 0) fail(this.context);
  }
  get numDims() { this._info(); return S[0]; }
  get numSymbols() { this._info(); return S[1]; }
  get numResults() { this._info(); return S[2]; }
  get isIdentity() { this._info(); return S[3] !== 0; }
}

/** An integer set as an attribute. */
class IntegerSetAttr extends Attribute {}

/** `strided<[strides], offset: offset>` (`ShapedType.DYNAMIC` for `?`). */
class StridedLayoutAttr extends Attribute {
  static get(offset, strides, context) {
    const ctx = resolveContext(context);
    room(4 + 2 * strides.length);
    S[0] = ctx._slot;
    S[1] = strides.length;
    F[1] = offset;
    for (let k = 0; k < strides.length; k++) F[2 + k] = strides[k];
    if (N.attrStridedLayout() !== 0) fail(ctx);
    return wrapAttr(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrStridedInfo() !== 0) fail(this.context);
    const n = S[2];
    const strides = new Array(n);
    for (let k = 0; k < n; k++) strides[k] = F[2 + k];
    return [F[0], strides];
  }
  get offset() { return this._info()[0]; }
  get strides() { return this._info()[1]; }
}

/** `distinct[n]<referenced>`: unequal to every other attribute. */
class DistinctAttr extends Attribute {
  static create(referenced) {
    const a = checkAttr(referenced);
    S[0] = a.context._slot;
    S[1] = a._id;
    return make(a.context, DistinctAttr, N.attrDistinct());
  }
  get referencedAttr() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrDistinctReferenced() !== 0) fail(this.context);
    return wrapAttr(this.context, S[0]);
  }
}

/** A location as an attribute. */
class LocationAttr extends Attribute {
  /** The location. */
  get location() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrToLocation() !== 0) fail(this.context);
    return late.wrapLocation(this.context, S[0]);
  }
}

/** `#dialect<data>` of an unregistered dialect. */
class OpaqueAttr extends Attribute {
  static get(dialectNamespace, data, options = {}) {
    if (options instanceof Context) options = { context: options };
    const ty = options.type;
    const ctx = ty ? checkType(ty).context : resolveContext(options.context);
    S[0] = ctx._slot;
    S[1] = ty ? typeIdIn(ctx, ty) : 0;
    if (N.attrOpaque(String(dialectNamespace), String(data)) !== 0) fail(ctx);
    return wrapAttr(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const r = N.attrOpaqueInfo();
    if (r === null) fail(this.context);
    return r;
  }
  get dialectNamespace() { return this._info()[0]; }
  get data() { return this._info()[1]; }
}

/** An attribute defined at run time by a registered dialect. */
class DialectAttr extends Attribute {
  /** The attribute `#name<params>` of a registered kind (`'pixels.channel'`, without `#`;
   * a shipped dialect's kind loads that dialect), its parameters checked by the definition
   * (see `DialectType.getByName`). */
  static getByName(name, params, context) {
    const n = B.text(name, 'DialectAttr.getByName: name');
    const ps = B.arr(params, 'DialectAttr.getByName: params');
    const ctx = resolveContext(context);
    const ids = ps.map((a) => attrIdIn(ctx, a));
    room(2 + ids.length);
    S[0] = ctx._slot;
    S[1] = ids.length;
    for (let k = 0; k < ids.length; k++) S[2 + k] = ids[k];
    if (N.attrDialectNamed(n) !== 0) fail(ctx, `Invalid parameters for #${n}`);
    return wrapAttr(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.attrDialectInfo() !== 0) fail(this.context);
    return [S[0], Array.from(S.subarray(2, 2 + S[1]))];
  }
  get params() { return this._info()[1].map((id) => wrapAttr(this.context, id)); }
  /** The qualified name (`dialect.name`, without `#`). */
  get name() { return this.typeId.name.replace(/^#/, ''); }
}

// ---------------------------------------------------------------------------------------
// downcasting

const classes = {
  Attribute, UnitAttr, BoolAttr, IntegerAttr, FloatAttr, StringAttr, TypeAttr, ArrayAttr, DictAttr,
  SymbolRefAttr, FlatSymbolRefAttr, DenseElementsAttr, DenseIntElementsAttr, DenseFPElementsAttr,
  DenseStringElementsAttr, DenseArrayAttr, DenseBoolArrayAttr, DenseI8ArrayAttr, DenseI16ArrayAttr,
  DenseI32ArrayAttr, DenseI64ArrayAttr, DenseF32ArrayAttr, DenseF64ArrayAttr, DenseResourceElementsAttr,
  AffineMapAttr, IntegerSetAttr, StridedLayoutAttr, DistinctAttr, LocationAttr, OpaqueAttr, DialectAttr,
};

const BY_CODE = N.attributeClassNames().map((n) => {
  const c = classes[n];
  if (c === undefined) throw new Error(`omnir: attribute class ${n} of the addon has no JavaScript class`);
  return c;
});

/** The wrapper of attribute `id` of `ctx`, of the most specific class (a dialect attribute
 * of the class a generated module registered for its kind; see types.js). */
function wrapAttr(ctx, id) {
  S[0] = ctx._slot;
  S[1] = id;
  if (N.attrClass() !== 0) fail(ctx);
  let cls = BY_CODE[S[0]] || Attribute;
  if (cls === DialectAttr && T.attrKindClasses.size !== 0) {
    S[0] = ctx._slot;
    S[1] = id;
    if (N.attrTypeId() !== 0) fail(ctx);
    cls = T.attrKindClasses.get(S[0]) || DialectAttr;
  }
  return new cls(ctx, id);
}

function checkAttr(a, what = 'attribute') {
  if (!(a instanceof Attribute)) throw new TypeError(`${what}: expected an Attribute, got ${describe(a)}`);
  return a;
}

/** The id of attribute `a` in `ctx`. */
function attrIdIn(ctx, a) {
  if (!(a instanceof Attribute)) throw new TypeError(`expected an Attribute, got ${describe(a)}`);
  if (a.context !== ctx) throw wrongContext();
  return a._id;
}

T.late.wrapAttr = wrapAttr;
T.late.attrIdIn = attrIdIn;

module.exports = { ...classes, wrapAttr, attrIdIn, checkAttr, late };
