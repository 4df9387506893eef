'use strict';
// Dialects defined from JavaScript (types, attributes, operations, verifiers, predicates,
// interface implementations with methods), diagnostics and their handlers, and the
// dispatcher of omnir's callbacks into JavaScript.
//
// omnir calls callbacks synchronously, on the thread whose call needs them (see the C
// header's "Threads" notes). From JavaScript that is always the JavaScript thread, inside a
// call into the addon: a verifier written in JavaScript runs during `op.verify()`, a
// parameters verifier during `MyType.get(...)` or `Module.parse(...)`, a diagnostic handler
// while the diagnostic is emitted. No ThreadsafeFunction, no event loop turn. From inside a
// callback, reading IR works; changing it throws (OMNIR_ERROR_BUSY) — except in passes and
// rewrite patterns (lib/passes.js), which omnir lends the context to for changing it.

const B = require('./binding');
const { Context, TypeID, resolveContext, typeIdValue } = require('./context');
const T = require('./types');
const A = require('./attributes');
const L = require('./location');
const IR = require('./ir');

const { N, S, F, fail, room, hooks, OmnirError, messageOf } = B;
const { Type, wrapType, describe } = T;
const { Attribute, wrapAttr, attrIdIn } = A;
const { Location } = L;
const { Operation } = IR;

// ---------------------------------------------------------------------------------------
// diagnostics

const SEVERITIES = ['note', 'warning', 'error', 'remark'];

/** A diagnostic: `severity` (`'error'`, `'warning'`, `'note'`, `'remark'`), `location`,
 * `message`, `notes` (diagnostics), and `rendered`, the text MLIR prints for it. */
class Diagnostic {
  /** @internal */
  constructor(ctx, d) {
    this.severity = d.severity;
    this.location = new Location(ctx, d.location || ctx._unknownLoc);
    this.message = d.message;
    this.notes = d.notes.map((n) => new Diagnostic(ctx, n));
    this.rendered = d.rendered;
  }

  toString() {
    return this.rendered || `${this.location}: ${this.severity}: ${this.message}`;
  }
}

hooks.wrapDiagnostic = (ctx, d) => new Diagnostic(ctx, d);

/** An attached diagnostic handler; `detach()` removes it. */
class DiagnosticHandler {
  /** @internal */
  constructor(ctx, id) {
    this.context = ctx;
    /** @internal */ this._id = id;
    this.attached = true;
  }

  detach() {
    if (!this.attached) return;
    S[0] = this.context._slot;
    F[1] = this._id;
    if (N.diagDetachHandler() !== 0) fail(this.context);
    this.attached = false;
  }
}

/** Attaches `handler(diagnostic)` to the context: handlers see each diagnostic newest first
 * until one returns true (handled); an error nobody handles is printed to stderr. It runs
 * synchronously while the diagnostic is emitted. */
Context.prototype.attachDiagnosticHandler = function attachDiagnosticHandler(handler) {
  if (typeof handler !== 'function') throw new TypeError('attachDiagnosticHandler(handler): a function');
  S[0] = this._slot;
  S[1] = this._addCallback(handler);
  if (N.diagAttachHandler() !== 0) fail(this);
  return new DiagnosticHandler(this, F[0]);
};

function emit(loc, severity, message) {
  if (!(loc instanceof Location)) throw new TypeError('expected a Location');
  S[0] = loc.context._slot;
  S[1] = severity;
  S[2] = loc._id;
  if (N.diagEmit(String(message)) !== 0) fail(loc.context);
}

/** Emits an error at this location to the context's diagnostic handlers. */
Location.prototype.emitError = function emitError(message) { emit(this, 2, message); };
/** Emits a warning at this location. */
Location.prototype.emitWarning = function emitWarning(message) { emit(this, 1, message); };
/** Emits a remark at this location. */
Location.prototype.emitRemark = function emitRemark(message) { emit(this, 3, message); };

// ---------------------------------------------------------------------------------------
// JavaScript values as attributes (parameters, interface arguments and results)

/** A JavaScript value as an attribute of `ctx`: attributes as they are; types become
 * TypeAttr, booleans BoolAttr, integers IntegerAttr (i64; BigInts too), other numbers
 * FloatAttr (f64), strings StringAttr, arrays ArrayAttr. */
function toAttr(ctx, v) {
  if (v instanceof Attribute) {
    if (v.context !== ctx) throw T.wrongContext();
    return v;
  }
  if (v instanceof Type) return A.TypeAttr.get(v);
  if (typeof v === 'boolean') return A.BoolAttr.get(v, ctx);
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) {
    return A.IntegerAttr.get(T.IntegerType.get(64, ctx), v);
  }
  if (typeof v === 'number') return A.FloatAttr.get(T.F64Type.get(ctx), v);
  if (typeof v === 'string') return A.StringAttr.get(v, ctx);
  if (Array.isArray(v)) return A.ArrayAttr.get(v.map((x) => toAttr(ctx, x)), ctx);
  throw new TypeError(`cannot make an attribute of ${describe(v)} (an Attribute, Type, boolean, number, BigInt, string or array)`);
}

// ---------------------------------------------------------------------------------------
// interface methods

const RECEIVER_TYPE = 0;
const RECEIVER_ATTR = 1;
const RECEIVER_OP = 2;

/** Calls `method` of interface `iface` implemented for `receiver` (a Type, Attribute or
 * Operation): implemented in JavaScript, Python, Rust or C through omnir's dynamic
 * interfaces. Arguments are converted with `toAttr`; the result is an Attribute or
 * undefined. */
function callInterfaceMethod(receiver, iface, method, args) {
  const ctx = receiver.context;
  const ifaceId = typeIdValue(iface);
  const ids = args.map((a) => toAttr(ctx, a)._id);
  room(6 + ids.length);
  S[0] = ctx._slot;
  if (receiver instanceof Type) {
    S[1] = RECEIVER_TYPE;
    S[2] = receiver._id;
  } else if (receiver instanceof Attribute) {
    S[1] = RECEIVER_ATTR;
    S[2] = receiver._id;
  } else {
    S[1] = RECEIVER_OP;
    S[2] = receiver._i;
    S[3] = receiver._g;
  }
  S[4] = ifaceId;
  S[5] = ids.length;
  for (let k = 0; k < ids.length; k++) S[6 + k] = ids[k];
  if (N.callInterfaceMethod(String(method)) !== 0) fail(ctx);
  return S[0] === 0 ? undefined : wrapAttr(ctx, S[0]);
}

T.late.callInterfaceMethod = callInterfaceMethod;

/** Attaches an implementation of interface `iface` to the kind `kind` (a TypeID or
 * qualified name: `'builtin.integer'`, `'mydialect.mytype'`, `'#mydialect.myattr'`, an
 * operation name) — MLIR's external models. `methods`: an object of functions
 * `(receiver, ...args) => result`, or omitted for a marker interface. */
Context.prototype.attachInterface = function attachInterface(kind, iface, methods) {
  S[0] = this._slot;
  const k = typeIdValue(kind);
  const i = typeIdValue(iface);
  S[0] = this._slot;
  S[1] = k;
  S[2] = i;
  if (methods !== undefined && methods !== null) {
    if (typeof methods !== 'object') throw new TypeError('attachInterface: methods must be an object of functions');
    S[3] = this._addCallback(methods);
    S[4] = 1;
  } else {
    S[3] = 0;
    S[4] = 0;
  }
  if (N.dialectAttachInterface() !== 0) fail(this);
};

// ---------------------------------------------------------------------------------------
// the dispatcher (see lib/binding.js)

const OP_VERIFIER = 0;
const PARAMS_VERIFIER = 1;
const TYPE_PREDICATE = 2;
const ATTR_PREDICATE = 3;
const DIAGNOSTIC_HANDLER = 4;
const INTERFACE_METHOD = 5;
const PASS_RUN = 6;
const REWRITE_PATTERN = 7;
const DIRECTIVE_PARSE = 8;
const DIRECTIVE_PRINT = 9;

function isThenable(r) {
  return r !== null && (typeof r === 'object' || typeof r === 'function') && typeof r.then === 'function';
}

/** A callback returned a promise: omnir needs its answer now. The promise is left to run,
 * its rejection silenced (the callback already failed with this message). */
function notSynchronous(r, what) {
  r.then(undefined, () => {});
  return `${what} returned a Promise: omnir calls it synchronously and does not await it`;
}

function verdict(r) {
  if (r === undefined || r === null || r === true) return undefined;
  if (r === false) return false;
  if (typeof r === 'string') return r;
  return undefined;
}

hooks.dispatch = (kind, ctx, fn, payload) => {
  switch (kind) {
    case OP_VERIFIER: {
      const [i, g] = payload;
      const op = new Operation(ctx, i, g, IR.ownerOfOp(ctx, i, g));
      return verdict(fn(op));
    }
    case PARAMS_VERIFIER:
      return verdict(fn(payload.map((id) => wrapAttr(ctx, id))));
    case TYPE_PREDICATE:
      return Boolean(fn(wrapType(ctx, payload)));
    case ATTR_PREDICATE:
      return Boolean(fn(wrapAttr(ctx, payload)));
    case DIAGNOSTIC_HANDLER:
      return Boolean(fn(new Diagnostic(ctx, payload)));
    case INTERFACE_METHOD: {
      const name = payload[payload.length - 1];
      const [rk, a, b] = payload;
      let receiver;
      if (rk === RECEIVER_TYPE) receiver = wrapType(ctx, a);
      else if (rk === RECEIVER_ATTR) receiver = wrapAttr(ctx, a);
      else receiver = new Operation(ctx, a, b, IR.ownerOfOp(ctx, a, b));
      const args = payload.slice(3, payload.length - 1).map((id) => wrapAttr(ctx, id));
      const m = fn[name];
      if (typeof m !== 'function') return `no method '${name}' in this implementation`;
      const r = m.call(fn, receiver, ...args);
      if (r === undefined || r === null) return undefined;
      return toAttr(ctx, r)._id;
    }
    case PASS_RUN: {
      const [i, g, options] = payload;
      const r = fn(new Operation(ctx, i, g, IR.ownerOfOp(ctx, i, g)), options);
      if (isThenable(r)) return notSynchronous(r, 'the pass');
      return r === false ? false : undefined;
    }
    case REWRITE_PATTERN: {
      const [i, g] = payload;
      const r = fn(new Operation(ctx, i, g, IR.ownerOfOp(ctx, i, g)));
      if (r === true) return true;
      if (r === false || r === undefined || r === null) return false;
      if (isThenable(r)) return notSynchronous(r, 'the rewrite pattern');
      return `a rewrite pattern returns true (applied) or false (no match), not ${describe(r)}`;
    }
    case DIRECTIVE_PARSE:
    case DIRECTIVE_PRINT:
      // lib/definitions.js: custom directives of definition files.
      return hooks.directive(kind === DIRECTIVE_PARSE, ctx, fn, payload);
    default:
      return `omnir: unknown callback kind ${kind}`;
  }
};

// ---------------------------------------------------------------------------------------
// dialects

const TRAIT_NAMES = ['terminator', 'no_terminator', 'isolated_from_above', 'symbol_table', 'symbol',
  'same_operands_and_result_type', 'graph_regions', 'single_block', 'pure', 'constant_like', 'commutative',
  'return_like', 'attr_sized_operand_segments', 'attr_sized_result_segments', 'no_region_arguments', 'optional_symbol'];
const TRAIT_BITS = N.traitBits();

function traitBit(name) {
  const snake = String(name).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/^is_/, '');
  const k = TRAIT_NAMES.indexOf(snake);
  if (k < 0) throw new TypeError(`unknown trait '${name}' (one of ${TRAIT_NAMES.join(', ')})`);
  return TRAIT_BITS[k];
}

const TYPE_CONSTRAINT_NAMES = {
  any: 'any', integer: 'integer', index: 'index', float: 'float', int_or_float: 'intOrFloat',
  intOrFloat: 'intOrFloat', signless_int_or_index: 'signlessIntOrIndex', signlessIntOrIndex: 'signlessIntOrIndex',
  vector: 'vector', tensor: 'tensor', memref: 'memref', shaped: 'shaped',
};

/** A type constraint from a user value: a name, a Type (exactly), a TypeID (an interface),
 * a function (a predicate; `{ predicate, summary }` to describe it), or an array (any of). */
function typeConstraint(ctx, c) {
  if (c === undefined || c === null) return { kind: 'any' };
  if (typeof c === 'string') {
    const k = TYPE_CONSTRAINT_NAMES[c];
    if (k !== undefined) return { kind: k };
    const m = /^i(\d+)$/.exec(c);
    if (m) return { kind: 'integerOfWidth', width: Number(m[1]) };
    throw new TypeError(`unknown type constraint '${c}'`);
  }
  if (c instanceof Type) return { kind: 'exactly', type: T.typeIdIn(ctx, c) };
  if (c instanceof TypeID) return { kind: 'implements', iface: c.value };
  // A type defined from JavaScript: any type of that kind (with any parameters). The client
  // has no "of kind" constraint, so this is a predicate; a TypeID would mean an interface.
  if (c instanceof TypeDefinition) {
    if (c.context !== ctx) throw T.wrongContext();
    return { kind: 'predicate', callback: ctx._addCallback((t) => c.isInstance(t)), summary: `!${c.name}` };
  }
  if (typeof c === 'function') return { kind: 'predicate', callback: ctx._addCallback(c) };
  if (Array.isArray(c)) return { kind: 'oneOf', oneOf: c.map((x) => typeConstraint(ctx, x)) };
  if (typeof c === 'object' && typeof c.predicate === 'function') {
    return { kind: 'predicate', callback: ctx._addCallback(c.predicate), summary: c.summary };
  }
  if (typeof c === 'object' && c.implements !== undefined) return { kind: 'implements', iface: typeIdValue(c.implements) };
  throw new TypeError(`not a type constraint: ${describe(c)}`);
}

const ATTR_CONSTRAINT_NAMES = {
  any: 'any', unit: 'unit', bool: 'bool', integer: 'integer', float: 'float', string: 'string', type: 'type',
  array: 'array', dictionary: 'dictionary', symbol_ref: 'symbolRef', symbolRef: 'symbolRef',
  flat_symbol_ref: 'flatSymbolRef', flatSymbolRef: 'flatSymbolRef',
};

function attrConstraint(ctx, c) {
  if (c === undefined || c === null) return { kind: 'any' };
  if (typeof c === 'string') {
    const k = ATTR_CONSTRAINT_NAMES[c];
    if (k === undefined) throw new TypeError(`unknown attribute constraint '${c}'`);
    return { kind: k };
  }
  if (c instanceof Type) return { kind: 'typedInteger', type: T.typeIdIn(ctx, c) };
  if (c instanceof AttributeDefinition) {
    if (c.context !== ctx) throw T.wrongContext();
    return { kind: 'predicate', callback: ctx._addCallback((a) => c.isInstance(a)), summary: `#${c.name}` };
  }
  if (typeof c === 'function') return { kind: 'predicate', callback: ctx._addCallback(c) };
  if (typeof c === 'object' && typeof c.predicate === 'function') {
    return { kind: 'predicate', callback: ctx._addCallback(c.predicate), summary: c.summary };
  }
  throw new TypeError(`not an attribute constraint: ${describe(c)}`);
}

/** Operand or result groups from `name`, `[name, constraint, arity]` or
 * `{ name, constraint, arity }` entries. */
function valueSpecs(ctx, items) {
  return (items || []).map((e) => {
    let name;
    let constraint;
    let arity;
    if (typeof e === 'string') name = e;
    else if (Array.isArray(e)) [name, constraint, arity] = e;
    else ({ name, constraint, arity } = e);
    arity = arity || 'single';
    if (!['single', 'optional', 'variadic'].includes(arity)) throw new TypeError(`unknown arity '${arity}'`);
    return { name: String(name), arity, constraint: typeConstraint(ctx, constraint) };
  });
}

/** Attribute specs from `{ name: constraint }`, or `[name, constraint, optional]` /
 * `{ name, constraint, optional }` entries. */
function attrSpecs(ctx, items) {
  if (items === undefined || items === null) return [];
  const entries = Array.isArray(items) ? items : Object.entries(items).map(([n, c]) => [n, c, false]);
  return entries.map((e) => {
    let name;
    let constraint;
    let optional;
    if (Array.isArray(e)) [name, constraint, optional] = e;
    else ({ name, constraint, optional } = e);
    return { name: String(name), optional: Boolean(optional), constraint: attrConstraint(ctx, constraint) };
  });
}

/** Interfaces from entries: a TypeID or qualified name (a marker), or `{ interface,
 * methods }` (methods written in JavaScript). */
function interfaces(ctx, items) {
  return (items || []).map((e) => {
    if (typeof e === 'string' || e instanceof TypeID) return { iface: typeIdValue(e) };
    if (e && typeof e === 'object' && e.interface !== undefined) {
      const out = { iface: typeIdValue(e.interface) };
      if (e.methods) out.methods = ctx._addCallback(e.methods);
      return out;
    }
    throw new TypeError('an interface is a TypeID, a qualified name, or { interface, methods }');
  });
}

/** A dialect: `new Dialect('toy')` registers it in the context (or finds it registered).
 * Define its types, attributes and operations with `defineType`, `defineAttribute`,
 * `defineOperation`. */
class Dialect {
  constructor(name, options = {}) {
    if (options instanceof Context) options = { context: options };
    const ctx = resolveContext(options.context);
    S[0] = ctx._slot;
    if (N.dialectRegister(String(name), Boolean(options.allowUnknownOperations)) !== 0) fail(ctx);
    this.context = ctx;
    this.name = String(name);
  }

  /** Defines the type `!dialect.name` with named parameters (attributes). `verifier(params)`
   * runs for every instance built (return nothing or true to accept, false or a message to
   * refuse, or throw); `interfaces` lists the interfaces it implements (markers like
   * `'builtin.MemRefElementTypeInterface'`, or `{ interface, methods }`). */
  defineType(name, options = {}) {
    const [def, kind] = this._registerKind(name, options, false);
    return new TypeDefinition(this.context, `${this.name}.${name}`, def, kind, options.params || []);
  }

  /** Defines the attribute `#dialect.name` (see `defineType`). */
  defineAttribute(name, options = {}) {
    const [def, kind] = this._registerKind(name, options, true);
    return new AttributeDefinition(this.context, `${this.name}.${name}`, def, kind, options.params || []);
  }

  /** @internal */
  _registerKind(name, options, attribute) {
    const ctx = this.context;
    const d = {
      dialect: this.name,
      name: String(name),
      params: (options.params || []).map(String),
      interfaces: interfaces(ctx, options.interfaces),
    };
    const v = options.verifier || options.verify;
    if (v !== undefined) {
      if (typeof v !== 'function') throw new TypeError('verifier: a function');
      d.verifier = ctx._addCallback(v);
    }
    S[0] = ctx._slot;
    const st = attribute ? N.dialectRegisterAttribute(d) : N.dialectRegisterType(d);
    if (st !== 0) fail(ctx);
    return [S[0], new TypeID(S[1])];
  }

  /**
   * Defines the operation `dialect.name`:
   * - `operands` / `results`: `name`, `[name, constraint, arity]` or `{ name, constraint,
   *   arity }`; a constraint is a name (`'any'`, `'integer'`, `'i32'`, `'index'`, `'float'`,
   *   `'int_or_float'`, `'signless_int_or_index'`, `'vector'`, `'tensor'`, `'memref'`,
   *   `'shaped'`), a Type (exactly), a TypeID (an interface to implement), a predicate
   *   function (or `{ predicate, summary }`), or an array (any of); arity `'single'`
   *   (default), `'optional'`, `'variadic'`;
   * - `attributes`: `{ name: constraint }` or `[name, constraint, optional]` entries (a
   *   constraint: `'any'`, `'unit'`, `'bool'`, `'integer'`, `'float'`, `'string'`, `'type'`,
   *   `'array'`, `'dictionary'`, `'symbol_ref'`, `'flat_symbol_ref'`, an integer Type, or a
   *   predicate);
   * - `regions`, `successors` (counts; `variadicRegions`, `variadicSuccessors`), `traits`
   *   (names: `'terminator'`, `'pure'`, `'commutative'`, `'isolated_from_above'`, ... in
   *   snake_case or camelCase), `interfaces`, `implicitTerminator`,
   *   `branchFirstOperandGroup`, `summary`;
   * - `verifier(op)`: runs after the checks above; return nothing (valid), a message or
   *   false (invalid), or throw.
   */
  defineOperation(name, options = {}) {
    const ctx = this.context;
    const full = `${this.name}.${name}`;
    const d = {
      name: full,
      summary: String(options.summary || ''),
      operands: valueSpecs(ctx, options.operands),
      results: valueSpecs(ctx, options.results),
      attributes: attrSpecs(ctx, options.attributes),
      numRegions: B.u32(options.regions ?? 0, 'regions'),
      variadicRegions: Boolean(options.variadicRegions),
      numSuccessors: B.u32(options.successors ?? 0, 'successors'),
      variadicSuccessors: Boolean(options.variadicSuccessors),
      traits: (options.traits || []).reduce((bits, t) => bits | traitBit(t), 0) >>> 0,
      interfaces: interfaces(ctx, options.interfaces),
    };
    if (options.implicitTerminator) d.implicitTerminator = String(options.implicitTerminator);
    if (options.branchFirstOperandGroup !== undefined) d.branchFirstOperandGroup = B.u32(options.branchFirstOperandGroup, 'branchFirstOperandGroup');
    const v = options.verifier || options.verify;
    if (v !== undefined) {
      if (typeof v !== 'function') throw new TypeError('verifier: a function');
      d.verifier = ctx._addCallback(v);
    }
    S[0] = ctx._slot;
    if (N.dialectRegisterOperation(d) !== 0) fail(ctx);
    return new OperationDefinition(ctx, full);
  }
}

function paramList(ctx, names, args) {
  if (args.length === 1 && args[0] !== null && typeof args[0] === 'object' && !(args[0] instanceof Attribute)
    && !(args[0] instanceof Type) && !Array.isArray(args[0])) {
    const byName = args[0];
    return names.map((n) => {
      if (!(n in byName)) throw new TypeError(`missing parameter '${n}'`);
      return toAttr(ctx, byName[n]);
    });
  }
  return args.map((a) => toAttr(ctx, a));
}

/** A type registered at run time: `get(...params)` (or `get({ name: value })`) builds an
 * instance, running the parameters verifier. */
class TypeDefinition {
  /** @internal */
  constructor(ctx, name, def, kind, params) {
    this.context = ctx;
    /** The qualified name (`dialect.name`). */
    this.name = name;
    /** @internal */ this._def = def;
    /** The TypeID of the type's kind. */
    this.typeId = kind;
    /** The parameter names. */
    this.params = params.map(String);
  }

  /** An instance (a DialectType). Parameters: Attributes, or values `toAttr` converts. */
  get(...params) {
    const ctx = this.context;
    const ids = paramList(ctx, this.params, params).map((a) => a._id);
    room(3 + ids.length);
    S[0] = ctx._slot;
    S[1] = this._def;
    S[2] = ids.length;
    for (let k = 0; k < ids.length; k++) S[3 + k] = ids[k];
    if (N.typeDialect() !== 0) fail(ctx);
    return wrapType(ctx, S[0]);
  }

  /** Whether `t` is an instance of this type. */
  isInstance(t) {
    return t instanceof T.DialectType && t.context === this.context && t.typeId.equals(this.typeId);
  }
}

/** An attribute registered at run time (see TypeDefinition). */
class AttributeDefinition {
  /** @internal */
  constructor(ctx, name, def, kind, params) {
    this.context = ctx;
    this.name = name;
    /** @internal */ this._def = def;
    this.typeId = kind;
    this.params = params.map(String);
  }

  get(...params) {
    const ctx = this.context;
    const ids = paramList(ctx, this.params, params).map((a) => a._id);
    room(3 + ids.length);
    S[0] = ctx._slot;
    S[1] = this._def;
    S[2] = ids.length;
    for (let k = 0; k < ids.length; k++) S[3 + k] = ids[k];
    if (N.attrDialect() !== 0) fail(ctx);
    return wrapAttr(ctx, S[0]);
  }

  isInstance(a) {
    return a instanceof A.DialectAttr && a.context === this.context && a.typeId.equals(this.typeId);
  }
}

/** An operation registered at run time. */
class OperationDefinition {
  /** @internal */
  constructor(ctx, name) {
    this.context = ctx;
    /** The qualified name (`dialect.op`). */
    this.name = name;
  }

  get typeId() {
    return TypeID.get(this.name);
  }

  /** `Operation.create({ ...options, name })`. */
  create(options = {}) {
    return Operation.create({ context: this.context, ...options, name: this.name });
  }

  /** Whether `op` is an operation of this definition. */
  isInstance(op) {
    return op instanceof Operation && op.name === this.name;
  }
}

module.exports = {
  Dialect, TypeDefinition, AttributeDefinition, OperationDefinition, Diagnostic, DiagnosticHandler, toAttr,
  callInterfaceMethod, messageOf, OmnirError,
};
