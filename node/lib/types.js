'use strict';
// Types: a class per builtin kind, with `instanceof`, accessors and downcasting. Types are
// uniqued, so each context keeps one wrapper per type: the same type is the same object.

const B = require('./binding');
const { Context, TypeID, resolveContext, typeIdValue } = require('./context');

const { N, S, F, fail, room, list } = B;

/** MLIR's dynamic size or stride (`?`): `-2**63`, exactly representable as a number. */
const DYNAMIC = -9223372036854775808;

const late = {}; // Attribute classes, set by attributes.js

/** A uniqued type (`i32`, `tensor<4x?xf32>`, `!mydialect.thing<...>`), always of the most
 * specific class (`IntegerType`, `RankedTensorType`, ...). */
class Type {
  /** @internal use the static getters (`IntegerType.get(32)`) or `Type.parse`. */
  constructor(ctx, id) {
    /** The context the type belongs to. */
    this.context = ctx;
    /** @internal */ this._id = id;
  }

  /** Parses a type (`'tensor<4x?xf32>'`). */
  static parse(text, context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.typeParse(B.text(text, 'Type.parse')) !== 0) fail(ctx, 'Unable to parse type');
    return wrapType(ctx, S[0]);
  }

  /** Whether `x` is a type of this class (`IntegerType.isInstance(t)`, same as `instanceof`). */
  static isInstance(x) {
    return x instanceof this;
  }

  /** `x` as this class (a TypeError if it is not one): `MemRefType.cast(t)`. Every type is
   * already of its most specific class, so this checks and returns it. */
  static cast(x) {
    if (!(x instanceof Type)) throw new TypeError(`expected a Type, got ${describe(x)}`);
    if (!(x instanceof this)) throw new TypeError(`${x} is not a ${this.name}`);
    return x;
  }

  /** The TypeID of the type's kind (`builtin.integer`, `mydialect.thing`). */
  get typeId() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeTypeId() !== 0) fail(this.context);
    return new TypeID(S[0]);
  }

  /** Whether the type implements the interface (a TypeID or its qualified name), asked of
   * the registry: the same answer in every package of the process. */
  implements(iface) {
    const id = typeIdValue(iface);
    S[0] = this.context._slot;
    S[1] = this._id;
    S[2] = id;
    if (N.typeImplements() !== 0) fail(this.context);
    return S[0] !== 0;
  }

  /** Calls `method` of the interface `iface` implemented for this type (by JavaScript,
   * Python, Rust or C code registered with omnir's dynamic interfaces). */
  callInterfaceMethod(iface, method, ...args) {
    return late.callInterfaceMethod(this, iface, method, args);
  }

  /** Whether `other` is the same type. */
  equals(other) {
    return other instanceof Type && other.context === this.context && other._id === this._id;
  }

  /** A number equal for equal types (the type's id in its context). */
  get hash() {
    return this._id;
  }

  /** The type as MLIR prints it. */
  toString() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const s = N.typePrint();
    if (s === null) fail(this.context);
    return s;
  }

  /** @internal the C handle `{context, id}` (for other native addons). */
  get raw() {
    return { context: this.context._serial, id: this._id };
  }

  /** A type from the C handle `{context, id}` of `ctx` given by another native addon (it is
   * checked: a handle of another context is refused). */
  static fromRaw(ctx, raw) {
    if (!(ctx instanceof Context)) throw new TypeError('expected a Context');
    if (raw.context !== ctx._serial) {
      throw new B.OmnirError('the handle belongs to another context', 'OMNIR_ERROR_WRONG_CONTEXT');
    }
    return wrapType(ctx, raw.id >>> 0);
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `${this.constructor.name}(${safeString(this)})`;
  }
}

function safeString(x) {
  try {
    return x.toString();
  } catch (e) {
    return `<${e.name}>`;
  }
}

function describe(x) {
  if (x === null) return 'null';
  if (typeof x === 'object') return x.constructor ? x.constructor.name : 'object';
  return typeof x;
}

/** The signedness names of integer types. */
const SIGNEDNESS = ['signless', 'signed', 'unsigned'];

/** An integer type: `iN`, `siN`, `uiN`. */
class IntegerType extends Type {
  /** `iN` (or `siN`/`uiN` with `signedness` `'signed'`/`'unsigned'`). */
  static get(width, signedness = 'signless', context) {
    if (signedness instanceof Context) return IntegerType.get(width, 'signless', signedness);
    const s = SIGNEDNESS.indexOf(signedness);
    if (s < 0) throw new TypeError(`signedness must be one of ${SIGNEDNESS.join(', ')}`);
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    S[1] = B.u32(width, 'width');
    S[2] = s;
    if (N.typeInteger() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  static getSignless(width, context) { return IntegerType.get(width, 'signless', context); }
  static getSigned(width, context) { return IntegerType.get(width, 'signed', context); }
  static getUnsigned(width, context) { return IntegerType.get(width, 'unsigned', context); }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeIntegerInfo() !== 0) fail(this.context);
  }
  get width() { this._info(); return S[0]; }
  /** `'signless'`, `'signed'` or `'unsigned'`. */
  get signedness() { this._info(); return SIGNEDNESS[S[1]]; }
  get isSignless() { return this.signedness === 'signless'; }
  get isSigned() { return this.signedness === 'signed'; }
  get isUnsigned() { return this.signedness === 'unsigned'; }
}

/** `index`. */
class IndexType extends Type {
  static get(context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.typeIndex() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
}

/** `none`. */
class NoneType extends Type {
  static get(context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.typeNone() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
}

/** The base class of floating-point types (`F32Type`, `BF16Type`, `Float8E4M3FNType`...). */
class FloatType extends Type {
  /** The float type named like MLIR prints it: `'f32'`, `'bf16'`, `'f8E4M3FN'`... */
  static get(name, context) {
    const k = FLOAT_SPELLINGS.indexOf(name);
    if (k < 0) throw new TypeError(`unknown float type '${name}'`);
    return floatType(k, context);
  }
  /** The bit width. */
  get width() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeBitWidth() !== 0) fail(this.context);
    return S[0];
  }
}

function floatType(k, context) {
  const ctx = resolveContext(context);
  S[0] = ctx._slot;
  S[1] = k;
  if (N.typeFloat() !== 0) fail(ctx);
  return wrapType(ctx, S[0]);
}

/** `complex<element>`. */
class ComplexType extends Type {
  static get(elementType) {
    const t = checkType(elementType, 'elementType');
    S[0] = t.context._slot;
    S[1] = t._id;
    if (N.typeComplex() !== 0) fail(t.context);
    return wrapType(t.context, S[0]);
  }
  get elementType() { return elementTypeOf(this); }
}

/** `(inputs) -> (results)`. */
class FunctionType extends Type {
  static get(inputs, results, context) {
    inputs = B.arr(inputs, 'FunctionType.get: inputs');
    results = B.arr(results, 'FunctionType.get: results');
    const all = [...inputs, ...results];
    const ctx = all.length > 0 && context === undefined ? checkType(all[0]).context : resolveContext(context);
    room(3 + all.length);
    S[0] = ctx._slot;
    S[1] = inputs.length;
    S[2] = results.length;
    for (let k = 0; k < all.length; k++) S[3 + k] = typeIdIn(ctx, all[k]);
    if (N.typeFunction() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  /** @internal */
  _sig() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeFunctionSignature() !== 0) fail(this.context);
    const ni = S[0];
    const nr = S[1];
    const ids = Array.from(S.subarray(2, 2 + ni + nr));
    return [ids.slice(0, ni).map((id) => wrapType(this.context, id)), ids.slice(ni).map((id) => wrapType(this.context, id))];
  }
  /** The input types. */
  get inputs() { return this._sig()[0]; }
  /** The result types. */
  get results() { return this._sig()[1]; }
}

/** `tuple<elements>`. */
class TupleType extends Type {
  static get(elements, context) {
    elements = B.arr(elements, 'TupleType.get');
    const ctx = elements.length > 0 && context === undefined ? checkType(elements[0]).context : resolveContext(context);
    room(2 + elements.length);
    S[0] = ctx._slot;
    S[1] = elements.length;
    for (let k = 0; k < elements.length; k++) S[2 + k] = typeIdIn(ctx, elements[k]);
    if (N.typeTuple() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  /** The element types. */
  get types() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeTupleElements() !== 0) fail(this.context);
    const [a, o, n] = list(1);
    const out = new Array(n);
    for (let k = 0; k < n; k++) out[k] = a[o + k];
    return out.map((id) => wrapType(this.context, id));
  }
  get numTypes() { return this.types.length; }
  getType(i) {
    const types = this.types;
    B.u32(i, 'getType');
    if (i >= types.length) throw new B.OmnirError(`getType: index ${i} out of range (${types.length} types)`, 'OMNIR_ERROR_OUT_OF_RANGE');
    return types[i];
  }
}

/** The base class of shaped types: vectors, tensors and memrefs. */
class ShapedType extends Type {
  /** MLIR's dynamic size (`?`). */
  static get DYNAMIC() { return DYNAMIC; }
  /** MLIR's dynamic size (`ShapedType.get_dynamic_size()` in Python). */
  static getDynamicSize() { return DYNAMIC; }
  /** Whether `size` is the dynamic size. */
  static isDynamicSize(size) { return size === DYNAMIC; }
  get elementType() { return elementTypeOf(this); }
  /** @internal [ranked, dims] */
  _shape() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeShape() !== 0) fail(this.context);
    if (S[0] === 0) return null;
    const rank = S[1];
    const dims = new Array(rank);
    for (let k = 0; k < rank; k++) dims[k] = F[1 + k];
    return dims;
  }
  get hasRank() { return this._shape() !== null; }
  /** The rank (an error for unranked types). */
  get rank() { return this._ranked().length; }
  /** The dimension sizes (`ShapedType.DYNAMIC` for `?`); an error for unranked types. */
  get shape() { return this._ranked(); }
  /** @internal */
  _ranked() {
    const s = this._shape();
    if (s === null) throw new B.OmnirError(`${this} has no rank`, 'OMNIR_ERROR_INVALID_ARGUMENT');
    return s;
  }
  /** The size of dimension `i` (an OmnirError OMNIR_ERROR_OUT_OF_RANGE past the rank, as in
   * MLIR, rather than `undefined`). */
  getDimSize(i) {
    const shape = this._ranked();
    B.u32(i, 'getDimSize');
    if (i >= shape.length) throw new B.OmnirError(`getDimSize: dimension ${i} out of range (rank ${shape.length})`, 'OMNIR_ERROR_OUT_OF_RANGE');
    return shape[i];
  }
  isDynamicDim(i) { return this.getDimSize(i) === DYNAMIC; }
  get hasStaticShape() {
    const s = this._shape();
    return s !== null && s.every((d) => d !== DYNAMIC);
  }
  /** The number of elements of a statically shaped type. */
  get numElements() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeNumElements() !== 0) fail(this.context);
    return F[0];
  }
}

/** `shape` checked: an array of integers (numbers, or BigInts; `ShapedType.DYNAMIC` for `?`).
 * Without this, `MemRefType.get(4, t)` would be `memref<t>` (no length: rank 0) and a NaN
 * or 1.5 size would silently become 0 or 1. */
function checkShape(shape, what) {
  const s = B.arr(shape, `${what}: shape`);
  for (let k = 0; k < s.length; k++) {
    const d = s[k];
    if (typeof d === 'bigint' || (typeof d === 'number' && Number.isInteger(d))) continue;
    throw new TypeError(`${what}: shape[${k}]: expected an integer size (or ShapedType.DYNAMIC), got ${typeof d === 'number' ? d : describe(d)}`);
  }
  return s;
}

function writeDims(at, shape) {
  // `at` is an even word: dims are float64s.
  for (let k = 0; k < shape.length; k++) {
    const d = shape[k];
    F[at / 2 + k] = typeof d === 'bigint' ? Number(d) : d;
  }
}

/** `vector<shape x element>`, with scalable dimensions (`[4]`) when asked. */
class VectorType extends ShapedType {
  static get(shape, elementType, options = {}) {
    shape = checkShape(shape, 'VectorType.get');
    const t = checkType(elementType, 'elementType');
    const ctx = t.context;
    const rank = shape.length;
    room(4 + 3 * rank);
    S[0] = ctx._slot;
    S[1] = rank;
    S[2] = t._id;
    const scalable = options.scalable;
    S[3] = scalable ? 1 : 0;
    writeDims(4, shape);
    if (scalable) {
      if (scalable.length !== rank) throw new TypeError('scalable: one flag per dimension');
      for (let k = 0; k < rank; k++) S[4 + 2 * rank + k] = scalable[k] ? 1 : 0;
    }
    if (N.typeVector() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  /** Which dimensions are scalable. */
  get scalableDims() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeScalableDims() !== 0) fail(this.context);
    const [a, o, n] = list(1);
    const out = new Array(n);
    for (let k = 0; k < n; k++) out[k] = a[o + k] !== 0;
    return out;
  }
  get isScalable() { return this.scalableDims.some((x) => x); }
}

/** `tensor<shape x element[, encoding]>`. */
class RankedTensorType extends ShapedType {
  static get(shape, elementType, encoding) {
    shape = checkShape(shape, 'RankedTensorType.get');
    const t = checkType(elementType, 'elementType');
    const ctx = t.context;
    room(4 + 2 * shape.length);
    S[0] = ctx._slot;
    S[1] = shape.length;
    S[2] = t._id;
    S[3] = encoding === undefined || encoding === null ? 0 : attrIdIn(ctx, encoding);
    writeDims(4, shape);
    if (N.typeRankedTensor() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  /** The encoding attribute, or null. */
  get encoding() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeEncoding() !== 0) fail(this.context);
    return S[0] === 0 ? null : late.wrapAttr(this.context, S[0]);
  }
}

/** `tensor<*xelement>`. */
class UnrankedTensorType extends ShapedType {
  static get(elementType) {
    const t = checkType(elementType, 'elementType');
    S[0] = t.context._slot;
    S[1] = t._id;
    if (N.typeUnrankedTensor() !== 0) fail(t.context);
    return wrapType(t.context, S[0]);
  }
}

/** `memref<shape x element[, layout][, memorySpace]>`. The element type must implement
 * `builtin.MemRefElementTypeInterface` — a dialect type from any package that declares it
 * is accepted. */
class MemRefType extends ShapedType {
  static get(shape, elementType, options = {}) {
    shape = checkShape(shape, 'MemRefType.get');
    const t = checkType(elementType, 'elementType');
    const ctx = t.context;
    room(6 + 2 * shape.length);
    S[0] = ctx._slot;
    S[1] = shape.length;
    S[2] = t._id;
    S[3] = options.layout ? attrIdIn(ctx, options.layout) : 0;
    S[4] = options.memorySpace ? attrIdIn(ctx, options.memorySpace) : 0;
    writeDims(6, shape);
    if (N.typeMemref() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeMemrefInfo() !== 0) fail(this.context);
  }
  /** The layout attribute (null for the identity layout). */
  get layout() { this._info(); return S[0] === 0 ? null : late.wrapAttr(this.context, S[0]); }
  /** The memory space attribute (null for the default space). */
  get memorySpace() { this._info(); return S[1] === 0 ? null : late.wrapAttr(this.context, S[1]); }
}

/** `memref<*xelement[, memorySpace]>`. */
class UnrankedMemRefType extends ShapedType {
  static get(elementType, memorySpace) {
    const t = checkType(elementType, 'elementType');
    S[0] = t.context._slot;
    S[1] = t._id;
    S[2] = memorySpace ? attrIdIn(t.context, memorySpace) : 0;
    if (N.typeUnrankedMemref() !== 0) fail(t.context);
    return wrapType(t.context, S[0]);
  }
  get memorySpace() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeMemrefInfo() !== 0) fail(this.context);
    return S[1] === 0 ? null : late.wrapAttr(this.context, S[1]);
  }
}

/** `!dialect.data` of an unregistered dialect. */
class OpaqueType extends Type {
  static get(dialectNamespace, data, context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.typeOpaque(String(dialectNamespace), String(data)) !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const r = N.typeOpaqueInfo();
    if (r === null) fail(this.context);
    return r;
  }
  get dialectNamespace() { return this._info()[0]; }
  get data() { return this._info()[1]; }
}

/** A type defined at run time by a registered dialect (from JavaScript, Python, Rust or C):
 * `!dialect.name<params>`. */
class DialectType extends Type {
  /** The type `!name<params>` of a registered kind (`'pixels.rgb'`; a kind of a shipped
   * dialect, `'gpu.async.token'`, loads that dialect), its parameters (attributes) checked
   * by the definition: an MLIRError with the diagnostics otherwise. The generated classes
   * (`pixels.RgbType.get(8)`) build with it from plain values; not `get`, which is theirs
   * (with their own parameters: TypeScript wants a subclass's statics to fit the base's). */
  static getByName(name, params, context) {
    const n = B.text(name, 'DialectType.getByName: name');
    const ps = B.arr(params, 'DialectType.getByName: params');
    const ctx = resolveContext(context);
    const ids = ps.map((a) => attrIdIn(ctx, a));
    room(2 + ids.length);
    S[0] = ctx._slot;
    S[1] = ids.length;
    for (let k = 0; k < ids.length; k++) S[2 + k] = ids[k];
    if (N.typeDialectNamed(n) !== 0) fail(ctx, `Invalid parameters for !${n}`);
    return wrapType(ctx, S[0]);
  }
  /** @internal */
  _info() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.typeDialectInfo() !== 0) fail(this.context);
    const n = S[1];
    return [S[0], Array.from(S.subarray(2, 2 + n))];
  }
  /** The parameters (attributes), in definition order. */
  get params() {
    return this._info()[1].map((id) => late.wrapAttr(this.context, id));
  }
  /** The qualified name (`dialect.name`). */
  get name() {
    return this.typeId.name;
  }
  /** @internal the definition number */
  get _def() {
    return this._info()[0];
  }
}

// ---------------------------------------------------------------------------------------
// float classes and downcasting

// MLIR's spelling of each float format, in the addon's float order.
const FLOAT_SPELLINGS = ['f16', 'bf16', 'f32', 'f64', 'f80', 'f128', 'tf32', 'f8E5M2', 'f8E4M3', 'f8E4M3FN',
  'f8E5M2FNUZ', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ', 'f8E3M4', 'f8E8M0FNU', 'f6E2M3FN', 'f6E3M2FN', 'f4E2M1FN'];

const CLASS_NAMES = N.typeClassNames();
const FIRST_FLOAT = 13;
const classes = {
  Type, IntegerType, IndexType, NoneType, FloatType, ComplexType, FunctionType, TupleType, ShapedType,
  VectorType, RankedTensorType, UnrankedTensorType, MemRefType, UnrankedMemRefType, OpaqueType, DialectType,
};

// One class per float format, named as MLIR's Python bindings name them (F32Type...).
const floatClasses = [];
for (let k = FIRST_FLOAT; k < CLASS_NAMES.length; k++) {
  const name = CLASS_NAMES[k];
  const index = k - FIRST_FLOAT;
  const cls = {
    [name]: class extends FloatType {
      /** The type of this float format. */
      static get(context) {
        return floatType(index, context);
      }
    },
  }[name];
  floatClasses.push(cls);
  classes[name] = cls;
}

// Class code (from the addon) -> class.
const BY_CODE = CLASS_NAMES.map((n) => classes[n]);
if (BY_CODE.some((c) => c === undefined)) throw new Error('omnir: a type class of the addon has no JavaScript class');

// ---------------------------------------------------------------------------------------
// classes of dialect kinds

// The generated classes of dialect kinds (`pixels.RgbType`, lib/dialects/<d>.js) by the
// TypeID of their kind, so that such types and attributes come back as that class rather
// than as DialectType / DialectAttr. A TypeID is interned per process by the kind's name,
// so one lookup serves every context.
const typeKindClasses = new Map();
const attrKindClasses = new Map();
// Bumped when a type class registers: each context then refines, once, the wrappers it
// cached before (see wrapType).
let kindEpoch = 0;

/** @internal Registers `cls` (with `static NAME = 'dialect.kind'`) as the class of its type
 * kind (`isType`) or attribute kind. */
function registerKindClass(cls, isType) {
  const id = TypeID.get(isType ? cls.NAME : `#${cls.NAME}`).value;
  if (isType) {
    typeKindClasses.set(id, cls);
    kindEpoch++;
  } else {
    attrKindClasses.set(id, cls);
  }
  return id;
}

/** The registered class of the dialect type `id`, or DialectType. */
function typeKindClass(ctx, id) {
  if (typeKindClasses.size === 0) return DialectType;
  S[0] = ctx._slot;
  S[1] = id;
  if (N.typeTypeId() !== 0) fail(ctx);
  return typeKindClasses.get(S[0]) || DialectType;
}

// A context's wrappers of dialect types made before their class registered (the module
// was required after the IR was read) become that class in place: a type has one wrapper
// per context (`===` holds), and the class only adds getters over the same handle.
function refineKinds(ctx) {
  ctx._kindEpoch = kindEpoch;
  if (typeKindClasses.size === 0) return;
  for (const t of ctx._types.values()) {
    if (t.constructor !== DialectType) continue;
    const cls = typeKindClass(ctx, t._id);
    if (cls !== DialectType) Object.setPrototypeOf(t, cls.prototype);
  }
}

/** The wrapper of type `id` of `ctx`: cached, of the most specific class. */
function wrapType(ctx, id) {
  if (ctx._kindEpoch !== kindEpoch) refineKinds(ctx);
  let t = ctx._types.get(id);
  if (t === undefined) {
    S[0] = ctx._slot;
    S[1] = id;
    if (N.typeClass() !== 0) fail(ctx);
    let cls = BY_CODE[S[0]] || Type;
    if (cls === DialectType) cls = typeKindClass(ctx, id);
    t = new cls(ctx, id);
    ctx._types.set(id, t);
  }
  return t;
}

function elementTypeOf(t) {
  S[0] = t.context._slot;
  S[1] = t._id;
  if (N.typeElementType() !== 0) fail(t.context);
  return wrapType(t.context, S[0]);
}

function checkType(t, what = 'type') {
  if (!(t instanceof Type)) throw new TypeError(`${what}: expected a Type, got ${describe(t)}`);
  return t;
}

/** The id of type `t` in `ctx` (a TypeError or a wrong-context error otherwise). */
function typeIdIn(ctx, t) {
  if (!(t instanceof Type)) throw new TypeError(`expected a Type, got ${describe(t)}`);
  if (t.context !== ctx) throw wrongContext();
  return t._id;
}

function attrIdIn(ctx, a) {
  return late.attrIdIn(ctx, a);
}

function wrongContext() {
  return new B.OmnirError('the object belongs to another context', 'OMNIR_ERROR_WRONG_CONTEXT');
}

module.exports = {
  ...classes, DYNAMIC, FLOAT_SPELLINGS, wrapType, typeIdIn, checkType, wrongContext, describe, safeString, late,
  registerKindClass, attrKindClasses,
};
