'use strict';
// Context, TypeID, and the implicit context / location / insertion point of `run` scopes.

const B = require('./binding');

const { N, S, fail, contexts, OmnirError } = B;

// Frees the native context when its Context object is collected. The context itself lives
// on while anything native still holds it (owners of detached IR, symbol tables), each
// freed by its own finalizer.
const contextRegistry = new FinalizationRegistry((slot) => {
  contexts[slot] = undefined;
  N.ctxRelease(slot);
});

// The scopes of `ctx.run(fn)`, `loc.run(fn)` and `ip.run(fn)` (synchronous code only: a
// scope ends when `fn` returns, not when a promise it returned settles).
const scopes = { context: [], location: [], insertionPoint: [] };

function runIn(stack, value, fn) {
  if (typeof fn !== 'function') throw new TypeError('run(fn): fn must be a function');
  stack.push(value);
  try {
    return fn(value);
  } finally {
    stack.pop();
  }
}

/**
 * An omnir context: owns all IR, types, attributes and dialect registrations made in it.
 * Unregistered dialects are allowed by default (as for the Python package); pass
 * `{ allowUnregisteredDialects: false }` to refuse them. `Module.parse` and
 * `Operation.parse` verify what they parse (as MLIR does); pass
 * `{ verifyAfterParse: false }` (or set the property) to parse IR that does not verify.
 */
class Context {
  constructor(options) {
    if (options !== undefined && options !== null && typeof options !== 'object') {
      throw new TypeError(`new Context(options): expected an object, got ${typeof options}`);
    }
    if (N.ctxNew() !== 0) fail(null);
    /** @internal */ this._slot = S[0];
    /** @internal */ this._serial = S[1];
    /** @internal uniqued types of this context: id -> most specific wrapper */
    this._types = new Map();
    /** @internal owners of detached trees: root key -> { ref: WeakRef<Owner>, slot } */
    this._owners = new Map();
    /** @internal JavaScript functions omnir may call (verifiers, handlers...) */
    this._callbacks = [];
    /** @internal dialect definitions made from JavaScript, by name */
    this._dialects = new Map();
    contexts[this._slot] = new WeakRef(this);
    contextRegistry.register(this, this._slot);
    S[0] = this._slot;
    if (N.locUnknown() !== 0) fail(this);
    /** @internal the id of loc(unknown) */
    this._unknownLoc = S[0];
    const allow = options ? options.allowUnregisteredDialects : undefined;
    this.allowUnregisteredDialects = allow === undefined ? true : Boolean(allow);
    const verify = options ? options.verifyAfterParse : undefined;
    if (verify !== undefined) this.verifyAfterParse = Boolean(verify);
  }

  /** Whether operations, types and attributes of unregistered dialects are accepted. */
  get allowUnregisteredDialects() {
    S[0] = this._slot;
    if (N.ctxGetAllowUnregistered() !== 0) fail(this);
    return S[0] !== 0;
  }

  set allowUnregisteredDialects(allow) {
    S[0] = this._slot;
    S[1] = allow ? 1 : 0;
    if (N.ctxSetAllowUnregistered() !== 0) fail(this);
  }

  /**
   * Whether `Module.parse` and `Operation.parse` verify what they parse (MLIR's
   * `verifyAfterParse`); true by default. IR that does not verify then fails to parse, with
   * the verifier's errors as the `MLIRError`'s diagnostics.
   */
  get verifyAfterParse() {
    S[0] = this._slot;
    if (N.ctxGetVerifyAfterParse() !== 0) fail(this);
    return S[0] !== 0;
  }

  set verifyAfterParse(verify) {
    S[0] = this._slot;
    S[1] = verify ? 1 : 0;
    if (N.ctxSetVerifyAfterParse() !== 0) fail(this);
  }

  /** Whether the dialect `name` is registered. */
  isDialectRegistered(name) {
    S[0] = this._slot;
    if (N.ctxIsDialectRegistered(String(name)) !== 0) fail(this);
    return S[0] !== 0;
  }

  /** Whether the operation `name` (`'dialect.op'`) is registered. */
  isOperationRegistered(name) {
    S[0] = this._slot;
    if (N.ctxIsOperationRegistered(String(name)) !== 0) fail(this);
    return S[0] !== 0;
  }

  /** Runs `fn(ctx)` with this context as `Context.current` (MLIR Python's `with ctx:`). */
  run(fn) {
    return runIn(scopes.context, this, fn);
  }

  /** The context of the innermost `run` scope (a location's or insertion point's context
   * counts too), or `undefined`. */
  static get current() {
    const c = scopes.context;
    if (c.length > 0) return c[c.length - 1];
    const l = scopes.location;
    if (l.length > 0) return l[l.length - 1].context;
    const p = scopes.insertionPoint;
    if (p.length > 0) return p[p.length - 1].context;
    return undefined;
  }

  /** The `omnir_context *` of this context as a BigInt, for native addons that use the same
   * libomnir.so.0 (C API interop, like MLIR Python's `_CAPIPtr`). Valid while this object is
   * alive. */
  get rawPointer() {
    return N.ctxRawPointer(this._slot);
  }

  /** Whether `other` is this context. */
  equals(other) {
    return other === this;
  }

  /** A number identifying the context in this process (the serial its handles carry). */
  get hash() {
    return this._serial;
  }

  toString() {
    return `Context(${this._serial.toString(16)})`;
  }

  /** @internal registers a JavaScript function omnir may call; returns its index. */
  _addCallback(fn) {
    this._callbacks.push(fn);
    return this._callbacks.length - 1;
  }
}

/** The context to use: `given`, else the current one; throws when there is none. */
function resolveContext(given) {
  if (given !== undefined && given !== null) {
    if (!(given instanceof Context)) throw new TypeError('expected a Context');
    return given;
  }
  const c = Context.current;
  if (c === undefined) {
    throw new OmnirError('omnir: no context given and no current context (pass one, or use ctx.run(() => ...))',
      'OMNIR_ERROR_INVALID_ARGUMENT');
  }
  return c;
}

/**
 * A process-wide type identifier, interned by qualified name (`builtin.integer`,
 * `builtin.MemRefElementTypeInterface`, `mydialect.mytype`). Every package in the process
 * (C, Python, Node, other addons) sees the same TypeIDs: one core, one registry.
 */
class TypeID {
  /** @internal */
  constructor(value) {
    /** The numeric TypeID (the C API's `uint32_t`). */
    this.value = value;
  }

  /** The TypeID of a qualified name (interned on first use). */
  static get(name) {
    if (N.typeidGet(String(name)) !== 0) fail(null);
    return new TypeID(S[0]);
  }

  /** Its qualified name. */
  get name() {
    const s = N.typeidName(this.value);
    if (s === null) fail(null);
    return s;
  }

  equals(other) {
    return other instanceof TypeID && other.value === this.value;
  }

  get hash() {
    return this.value;
  }

  toString() {
    return `TypeID(${this.name})`;
  }
}

/** The numeric TypeID of a TypeID or a qualified name. */
function typeIdValue(x) {
  if (x instanceof TypeID) return x.value;
  if (typeof x === 'string') return TypeID.get(x).value;
  throw new TypeError('expected a TypeID or a qualified name');
}

module.exports = { Context, TypeID, scopes, runIn, resolveContext, typeIdValue };
