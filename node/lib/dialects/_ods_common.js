'use strict';
// What the generated dialect modules (node/lib/dialects/<d>.js, from omnir-gen) share at run
// time: the view base class, operand and result groups, attributes built from plain values.
// Written once by hand; the classes themselves are generated.

const ir = require('../../index.js');

/** A typed view of an operation (MLIR's OpView): `view.operation` is the operation. */
class OpView {
  constructor(operation) {
    const op = operation instanceof OpView ? operation.operation : operation;
    if (!(op instanceof ir.Operation)) throw new TypeError('expected an Operation or an OpView');
    const expected = this.constructor.OPERATION_NAME;
    if (expected !== undefined && op.name !== expected) {
      throw new TypeError(`expected a '${expected}' operation, got '${op.name}'`);
    }
    this.operation = op;
  }
  get name() { return this.operation.name; }
  get context() { return this.operation.context; }
  get location() { return this.operation.location; }
  get operands() { return this.operation.operands; }
  get results() { return this.operation.results; }
  get result() { return this.operation.result; }
  get attributes() { return this.operation.attributes; }
  get regions() { return this.operation.regions; }
  verify() { return this.operation.verify(); }
  toString() { return this.operation.toString(); }
}

function isInstance(op, name) {
  const o = op instanceof OpView ? op.operation : op;
  return o instanceof ir.Operation && o.name === name;
}

/** The context attributes built from plain values belong to. */
function contextOf(loc, ip, args) {
  if (loc) return loc.context;
  if (ip) return ip.context;
  for (const a of args) {
    if (a instanceof ir.Value || a instanceof ir.Type || a instanceof ir.Attribute) return a.context;
    if (a instanceof OpView || a instanceof ir.Operation) return a.context;
    if (Array.isArray(a) && a.length > 0) {
      const c = contextOf(null, null, a);
      if (c) return c;
    }
  }
  return ir.Context.current;
}

function value(v, what) {
  if (v instanceof ir.Value) return v;
  // An op with one result stands for that result.
  if (v instanceof OpView || v instanceof ir.Operation) return v.result;
  throw new TypeError(`${what}: expected a Value, got ${v === null ? 'null' : typeof v}`);
}

/** The flat list of `groups` (one per group: a value, null for an absent optional one, or an
 * array for a variadic one), checked against the groups' arity codes. */
function flatten(codes, groups) {
  const out = [];
  codes.forEach((code, k) => {
    const g = groups[k];
    if (code === '*') {
      if (!Array.isArray(g)) throw new TypeError(`group ${k}: expected an array`);
      for (const v of g) out.push(v instanceof ir.Type ? v : value(v, `group ${k}`));
    } else if (code === '?') {
      if (g !== undefined && g !== null) out.push(g instanceof ir.Type ? g : value(g, `group ${k}`));
    } else {
      if (g === undefined || g === null) throw new TypeError(`group ${k}: a value is required`);
      out.push(g instanceof ir.Type ? g : value(g, `group ${k}`));
    }
  });
  return out;
}

function segmentSizes(codes, groups, ctx) {
  const sizes = codes.map((code, k) => (code === '*' ? groups[k].length : code === '?' ? (groups[k] == null ? 0 : 1) : 1));
  return ir.DenseI32ArrayAttr.get(sizes, ctx);
}

function group(values, [from, to], code) {
  const g = values.slice(from, to);
  if (code === '*') return g;
  return g.length ? g[0] : null;
}

// Where a group lies is the core's answer (operandSegmentSizes, SameVariadicOperandSize...).
function operandGroup(view, codes, index) {
  return group(view.operation.operands, view.operation.operandGroupRange(index), codes[index]);
}

function resultGroup(view, codes, index) {
  return group(view.operation.results, view.operation.resultGroupRange(index), codes[index]);
}

function attr(view, name) {
  const a = view.operation.attributes.get(name);
  return a === undefined ? null : a;
}

function create(name, options) {
  return ir.Operation.create({ name, ...options });
}

// --- attributes from plain values

const isAttribute = (v) => v instanceof ir.Attribute;
function kindError(what, v) {
  return new TypeError(`expected ${what} or an Attribute, got ${v === null ? 'null' : typeof v}`);
}
const unitAttr = (ctx) => ir.UnitAttr.get(ctx);
function boolAttr(v, ctx) {
  if (typeof v !== 'boolean') throw kindError('a boolean', v);
  return ir.BoolAttr.get(v, ctx);
}
function intAttr(v, typeText, ctx) {
  if (typeof v !== 'bigint' && !Number.isInteger(v)) throw kindError('an integer', v);
  return ir.IntegerAttr.get(ir.Type.parse(typeText, ctx), v);
}
function strAttr(v, ctx) {
  if (typeof v !== 'string') throw kindError('a string', v);
  return ir.StringAttr.get(v, ctx);
}
function symbolRefAttr(v, ctx) {
  if (typeof v !== 'string') throw kindError('a symbol name (string)', v);
  return ir.FlatSymbolRefAttr.get(v, ctx);
}
function typeAttr(v) {
  if (!(v instanceof ir.Type)) throw kindError('a Type', v);
  return ir.TypeAttr.get(v);
}
function arrayAttr(v, ctx) {
  if (!Array.isArray(v)) throw kindError('an array of attributes', v);
  return ir.ArrayAttr.get(v, ctx);
}
function dictAttr(v, ctx) {
  if (v === null || typeof v !== 'object') throw kindError('an object of attributes', v);
  return ir.DictAttr.get(v, ctx);
}
const DENSE = { 1: 'DenseBoolArrayAttr', 8: 'DenseI8ArrayAttr', 16: 'DenseI16ArrayAttr', 32: 'DenseI32ArrayAttr', 64: 'DenseI64ArrayAttr' };
function denseArrayAttr(v, width, ctx) {
  if (!Array.isArray(v)) throw kindError('an array of integers', v);
  return ir[DENSE[width]].get(v, ctx);
}
function enumAttr(v, width, ctx) {
  if (typeof v !== 'bigint' && !Number.isInteger(v)) throw kindError('an enum case (a number)', v);
  return ir.IntegerAttr.get(ir.IntegerType.get(width, 'signless', ctx), v);
}
/** `#arith.fastmath<fast>` from `'fast'` or an enum's value (its spelling, through the
 * enum's `spelling` when given as a number of a generated enum). */
function dialectAttr(v, qualified, ctx) {
  if (typeof v !== 'string') throw kindError('a case name (string)', v);
  return ir.Attribute.parse(`#${qualified}<${v}>`, ctx);
}
function anyAttr(v) {
  throw kindError('an attribute', v);
}

/** A generated enum: its cases by name, frozen, with `spelling(value)`. */
function enumeration(cases, spellings, bits) {
  const e = { ...cases };
  Object.defineProperty(e, 'spelling', {
    value(v) {
      if (v in spellings) return spellings[v];
      if (!bits) throw new RangeError(`${v} is no case`);
      return Object.keys(spellings).map(Number).filter((b) => b && (b & (b - 1)) === 0 && (v & b)).map((b) => spellings[b]).join(',');
    },
  });
  return Object.freeze(e);
}

module.exports = {
  ir, OpView, isInstance, contextOf, flatten, segmentSizes, operandGroup, resultGroup, attr, create,
  isAttribute, unitAttr, boolAttr, intAttr, strAttr, symbolRefAttr, typeAttr, arrayAttr, dictAttr,
  denseArrayAttr, enumAttr, dialectAttr, anyAttr, enumeration,
};
