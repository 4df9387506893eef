'use strict';
// IR: Module, Operation, Block, Region, Value (OpResult, BlockArgument), InsertionPoint,
// walks, and who keeps IR alive.
//
// Lifetime (DESIGN.md, "Lifetime in garbage-collected languages"):
// - Each tree of IR whose root is detached (a module, a created or cloned operation, a
//   detached block) has one *owner*: a small object holding a native owner slot (the
//   client's TreeOwner, or an owned block). When the owner is collected and the root is
//   still detached, a FinalizationRegistry callback releases the slot and omnir erases the
//   tree.
// - Every wrapper of IR in a tree holds that tree's owner (`_owner`), so the tree lives as
//   long as any wrapper into it. Wrappers made by navigating (op.regions, block.operations,
//   walks...) share the owner of the wrapper they came from; wrappers reached through
//   use-def links (operands, uses) look the owner of their tree up.
// - When IR moves between trees (insert, move, detach, block append...), the owner of the
//   tree it left keeps the owner of the tree it went to alive (`_keep`): any wrapper that
//   could point into the moved IR still keeps it alive. This is conservative: detached IR
//   is freed once neither its own wrappers nor those of the tree it came from remain.
// - A detached tree whose last owner is collected while IR outside it still uses it (its
//   results or block arguments as operands elsewhere) is not erased: that would turn those
//   operands into null values behind the user's back. The addon keeps it until the uses are
//   gone (node/src/state.rs, `Kept`); a new wrapper reaching it owns it again.
// - Using a wrapper of erased IR throws StaleHandleError (omnir checks every handle: never
//   a crash, never another operation aliased through a reused slot), `toString()` included;
//   only `isLive`, `equals`, `hash` and `util.inspect` answer.

const B = require('./binding');
const { Context, scopes, runIn, resolveContext, typeIdValue, TypeID } = require('./context');
const T = require('./types');
const A = require('./attributes');
const L = require('./location');

const { N, S, F, fail, room, list, mutation, OmnirError, StaleHandleError, u32 } = B;
const { Type, wrapType, typeIdIn, describe, safeString, wrongContext } = T;
const { Attribute, wrapAttr, attrIdIn } = A;
const { Location, locIdIn } = L;

// ---------------------------------------------------------------------------------------
// owners

class Owner {
  constructor(slot) {
    /** @internal native owner slot */ this._slot = slot;
    /** @internal owners of trees that IR moved to from this one */ this._keep = null;
  }
}

const ownerRegistry = new FinalizationRegistry((h) => {
  N.ownerRelease(h.slot);
  const e = h.ctx._owners.get(h.key);
  if (e !== undefined && e.slot === h.slot) h.ctx._owners.delete(h.key);
});

function registerOwner(ctx, slot, key) {
  const o = new Owner(slot);
  ctx._owners.set(key, { ref: new WeakRef(o), slot });
  ownerRegistry.register(o, { ctx, slot, key });
  return o;
}

const opKey = (i, g) => `o${i}:${g}`;
const blockKey = (i, g) => `b${i}:${g}`;

/** The owner of the tree rooted at (kind, i, g): 1 a detached operation, 2 a detached
 * block. Creates (adopts) it when nobody holds one. */
function ownerOfRoot(ctx, kind, i, g) {
  const key = kind === 1 ? opKey(i, g) : blockKey(i, g);
  const e = ctx._owners.get(key);
  if (e !== undefined) {
    const o = e.ref.deref();
    if (o !== undefined) return o;
    // Collected, but its finalizer has not run yet: share its native owner.
    const shared = N.ownerShare(e.slot);
    if (shared !== 0) return registerOwner(ctx, shared, key);
  }
  S[0] = ctx._slot;
  S[1] = i;
  S[2] = g;
  if ((kind === 1 ? N.adoptOp() : N.adoptBlock()) !== 0) fail(ctx);
  return registerOwner(ctx, S[0], key);
}

/** After a native `treeRootOf*` call: the owner of the root it wrote. */
function ownerOfWrittenRoot(ctx) {
  const kind = S[0];
  if (kind === 0) return null;
  return ownerOfRoot(ctx, kind, S[1], S[2]);
}

function ownerOfOp(ctx, i, g) {
  S[0] = ctx._slot;
  S[1] = i;
  S[2] = g;
  if (N.treeRootOfOp() !== 0) fail(ctx);
  return ownerOfWrittenRoot(ctx);
}

function ownerOfBlock(ctx, i, g) {
  S[0] = ctx._slot;
  S[1] = i;
  S[2] = g;
  if (N.treeRootOfBlock() !== 0) fail(ctx);
  return ownerOfWrittenRoot(ctx);
}

/** Makes `from` keep `to` alive. */
function link(from, to) {
  if (from === null || to === null || from === undefined || to === undefined || from === to) return;
  if (from._keep === null) from._keep = new Set();
  from._keep.add(to);
}

// ---------------------------------------------------------------------------------------
// checks

function checkOp(ctx, op, what = 'operation') {
  if (!(op instanceof Operation)) throw new TypeError(`${what}: expected an Operation, got ${describe(op)}`);
  if (ctx !== null && op.context !== ctx) throw wrongContext();
  return op;
}

function checkBlock(ctx, b, what = 'block') {
  if (!(b instanceof Block)) throw new TypeError(`${what}: expected a Block, got ${describe(b)}`);
  if (ctx !== null && b.context !== ctx) throw wrongContext();
  return b;
}

function checkValue(ctx, v, what = 'value') {
  if (!(v instanceof Value)) throw new TypeError(`${what}: expected a Value, got ${describe(v)}`);
  if (ctx !== null && v.context !== ctx) throw wrongContext();
  return v;
}

function opArgs(op) {
  S[0] = op.context._slot;
  S[1] = op._i;
  S[2] = op._g;
}

function blockArgs(b) {
  S[0] = b.context._slot;
  S[1] = b._i;
  S[2] = b._g;
}

function valueArgs(v) {
  S[0] = v.context._slot;
  S[1] = v._o;
  S[2] = v._g;
  S[3] = v._n;
}

// ---------------------------------------------------------------------------------------
// print flags

/** Writes print flags from word `at` (3, or 5 after a value; see `print_flags` in
 * src/ir.rs). The second names are MLIR Python's `get_asm` keywords, camel-cased. */
function writeFlags(flags, at = 3) {
  const f = flags || {};
  S[at] = f.debugInfo || f.enableDebugInfo ? 1 : 0;
  S[at + 1] = f.prettyDebugInfo ? 1 : 0;
  S[at + 2] = f.localScope || f.useLocalScope ? 1 : 0;
  S[at + 3] = f.assumeVerified ? 1 : 0;
  S[at + 4] = f.generic || f.printGenericOpForm ? 1 : 0;
  const elide = f.elideElementsLargerThan ?? f.largeElementsLimit ?? 0;
  F[(at + 5) / 2] = elide > 0 ? elide : 0;
}

/** Calls a native print. Text longer than V8's longest string (about 2**29 characters,
 * e.g. very deep nesting, indented at every level) cannot be returned: napi-rs throws a
 * plain Error then, made an OmnirError here like every other failure. */
function printed(print) {
  try {
    return print();
  } catch (e) {
    throw new OmnirError(`omnir: the printed IR does not fit into a JavaScript string (${e.message})`,
      'OMNIR_ERROR_OUT_OF_RANGE');
  }
}

// ---------------------------------------------------------------------------------------
// operations

const nameIds = new Map();

/** A region count: an integer; the core refuses counts above its limit (2^20) with
 * OMNIR_ERROR_OUT_OF_RANGE before allocating anything. */
function regionCount(n) {
  u32(n, 'regions');
  return n;
}

function nameId(name) {
  let id = nameIds.get(name);
  if (id === undefined) {
    if (typeof name !== 'string' || name.length === 0) throw new TypeError('an operation needs a name ("dialect.op")');
    id = N.internName(name);
    nameIds.set(name, id);
  }
  return id;
}

/** Values of `WalkResult`: what a walk callback wants next. */
const WalkResult = Object.freeze({ ADVANCE: 'advance', SKIP: 'skip', INTERRUPT: 'interrupt' });
/** Values of `WalkOrder`. */
const WalkOrder = Object.freeze({ PRE_ORDER: 'pre-order', POST_ORDER: 'post-order' });

/** An operation. `toString()` prints it as `mlir-opt` does: ops with an assembly format
 * (`builtin.module`, ops of loaded definitions) in their custom form, the others in the
 * generic form; `print({ generic: true })` prints every op generically. Two wrappers of one
 * operation are `equals` and have the same `hash`. */
class Operation {
  /** @internal use `Operation.create`, `Module.parse` or navigation. */
  constructor(ctx, i, g, owner) {
    /** The context the operation belongs to. */
    this.context = ctx;
    /** @internal */ this._i = i;
    /** @internal */ this._g = g;
    /** @internal the owner of the tree (see "Lifetime") */ this._owner = owner;
  }

  /** Parses text (a string, or UTF-8 bytes as for `Module.parse`) that holds exactly one
   * top-level operation (MLIR's
   * `parseSourceString<Operation *>`, Python's `Operation.parse`); it comes back detached
   * and owned by the returned wrapper. Throws an MLIRError with the diagnostics on failure
   * (no or several operations: "source must contain a single top-level operation, found:
   * N"). `options`: a Context, or `{ context, sourceName }`. */
  static parse(text, options) {
    let o = options;
    if (o instanceof Context || o === undefined || o === null) o = { context: o };
    if (typeof o !== 'object') throw new TypeError(`Operation.parse: options must be a Context or an object, got ${describe(o)}`);
    const ctx = resolveContext(o.context);
    const name = o.sourceName === undefined ? '-' : B.text(o.sourceName, 'sourceName');
    const bytes = text instanceof Uint8Array;
    const source = bytes ? text : B.text(text, 'Operation.parse');
    S[0] = ctx._slot;
    if ((bytes ? N.opParseBytes(source, name) : N.opParse(source, name)) !== 0) {
      fail(ctx, 'Unable to parse operation assembly');
    }
    const i = S[0];
    const g = S[1];
    return new Operation(ctx, i, g, registerOwner(ctx, S[2], opKey(i, g)));
  }

  /**
   * Creates an operation: `Operation.create({ name, operands, results, attributes,
   * properties, regions, successors, loc, ip, inferType })` (`inferType`: without
   * `results`, the result types follow from the op's definition). It is inserted at `ip` (default: the
   * current insertion point of `ip.run(...)`; `null` for none), else it is detached and
   * owned by the returned wrapper (erased when that is collected, unless inserted first).
   */
  static create(options) {
    if (options === null || typeof options !== 'object') throw new TypeError('Operation.create({ name, ... })');
    const { name, attributes, properties, regions, loc, context } = options;
    const operands = options.operands == null ? undefined : B.arr(options.operands, 'operands');
    const results = options.results == null ? undefined : B.arr(options.results, 'results');
    const successors = options.successors == null ? undefined : B.arr(options.successors, 'successors');
    if (loc !== undefined && loc !== null && !(loc instanceof Location)) throw new TypeError(`loc: expected a Location, got ${describe(loc)}`);
    let ip = options.ip;
    if (ip === undefined) ip = InsertionPoint.current;
    else if (ip !== null && !(ip instanceof InsertionPoint)) throw new TypeError('ip: expected an InsertionPoint');
    let ctx = context;
    if (ctx === undefined || ctx === null) {
      if (ip) ctx = ip.context;
      else if (loc) ctx = loc.context;
      else if (results && results.length > 0 && results[0] instanceof Type) ctx = results[0].context;
      else if (operands && operands.length > 0 && operands[0] instanceof Value) ctx = operands[0].context;
      else ctx = resolveContext(undefined);
    } else if (!(ctx instanceof Context)) throw new TypeError('context: expected a Context');
    const nid = nameId(name);
    let locId = ctx._unknownLoc;
    if (loc !== undefined && loc !== null) locId = locIdIn(ctx, loc);
    else {
      const cur = Location.current;
      if (cur !== undefined && cur.context === ctx) locId = cur._id;
    }
    const nOps = operands ? operands.length : 0;
    const nRes = results ? results.length : 0;
    const nSucc = successors ? successors.length : 0;
    let at = 12;
    room(at + 3 * nOps + nRes + 2 * nSucc);
    for (let k = 0; k < nOps; k++) {
      const v = operands[k];
      if (!(v instanceof Value)) throw new TypeError(`operands[${k}]: expected a Value, got ${describe(v)}`);
      if (v.context !== ctx) throw wrongContext();
      S[at] = v._o;
      S[at + 1] = v._g;
      S[at + 2] = v._n;
      at += 3;
    }
    for (let k = 0; k < nRes; k++) {
      const t = results[k];
      if (!(t instanceof Type)) throw new TypeError(`results[${k}]: expected a Type, got ${describe(t)}`);
      if (t.context !== ctx) throw wrongContext();
      S[at++] = t._id;
    }
    let nAttrs = 0;
    if (attributes !== undefined && attributes !== null) {
      if (attributes instanceof Map || Array.isArray(attributes)) {
        for (const [k, a] of attributes) {
          room(at + 2 + 2 * nSucc);
          S[at] = nameId(k);
          S[at + 1] = attrIdIn(ctx, a);
          at += 2;
          nAttrs++;
        }
      } else {
        for (const k in attributes) {
          const a = attributes[k];
          if (a === undefined) continue;
          room(at + 2 + 2 * nSucc);
          if (!(a instanceof Attribute)) throw new TypeError(`attributes.${k}: expected an Attribute, got ${describe(a)}`);
          if (a.context !== ctx) throw wrongContext();
          S[at] = nameId(k);
          S[at + 1] = a._id;
          at += 2;
          nAttrs++;
        }
      }
    }
    for (let k = 0; k < nSucc; k++) {
      const b = checkBlock(ctx, successors[k], `successors[${k}]`);
      S[at] = b._i;
      S[at + 1] = b._g;
      at += 2;
    }
    S[0] = ctx._slot;
    S[1] = nid;
    S[2] = locId;
    S[3] = nOps;
    // Bit 30: infer the result types from the op's definition (none given).
    S[4] = options.inferType && nRes === 0 ? nRes | 0x40000000 : nRes;
    S[5] = nAttrs;
    S[6] = regions === undefined || regions === null ? 0 : regionCount(regions);
    S[7] = nSucc;
    S[8] = properties === undefined || properties === null ? 0 : attrIdIn(ctx, properties);
    let owner = null;
    if (ip) {
      if (ip.context !== ctx) throw wrongContext();
      const ref = ip._ref;
      S[9] = ip._kind;
      S[10] = ref._i;
      S[11] = ref._g;
      owner = ref._owner;
    } else {
      S[9] = 0;
    }
    if (N.opCreate() !== 0) fail(ctx);
    if (ip) {
      mutation.epoch++;
      return new Operation(ctx, S[0], S[1], owner);
    }
    const i = S[0];
    const g = S[1];
    return new Operation(ctx, i, g, registerOwner(ctx, S[2], opKey(i, g)));
  }

  /** An operation from its C handle `{context, index, generation}` in `ctx`, made by another
   * native addon (checked: a stale handle gives a StaleHandleError on use, a handle of another
   * context is refused). The wrapper keeps the operation's tree alive like any other. */
  static fromRaw(ctx, raw) {
    if (!(ctx instanceof Context)) throw new TypeError('expected a Context');
    if (raw.context !== ctx._serial) throw wrongContext();
    const i = raw.index >>> 0;
    const g = raw.generation >>> 0;
    return new Operation(ctx, i, g, ownerOfOp(ctx, i, g));
  }

  /** The operation's name (`'dialect.op'`). */
  get name() {
    opArgs(this);
    const s = N.opName();
    if (s === null) fail(this.context);
    return s;
  }

  /** Whether the operation still exists (false once erased). */
  get isLive() {
    opArgs(this);
    return N.opIsLive() !== 0;
  }

  get location() {
    opArgs(this);
    if (N.opLocation() !== 0) fail(this.context);
    return new Location(this.context, S[0]);
  }

  set location(loc) {
    opArgs(this);
    S[3] = locIdIn(this.context, loc);
    if (N.opSetLocation() !== 0) fail(this.context);
  }

  /** Whether the name is a registered operation. */
  get isRegistered() {
    opArgs(this);
    if (N.opIsRegistered() !== 0) fail(this.context);
    return S[0] !== 0;
  }

  /** The TypeID of the operation's name. */
  get typeId() {
    opArgs(this);
    if (N.opTypeId() !== 0) fail(this.context);
    return new TypeID(S[0]);
  }

  /** Whether the operation implements the interface (a TypeID or qualified name). */
  implements(iface) {
    const id = typeIdValue(iface);
    opArgs(this);
    S[3] = id;
    if (N.opImplements() !== 0) fail(this.context);
    return S[0] !== 0;
  }

  /** Calls `method` of the interface `iface` implemented for this operation's name. */
  callInterfaceMethod(iface, method, ...args) {
    return T.late.callInterfaceMethod(this, iface, method, args);
  }

  // --- operands

  get numOperands() {
    opArgs(this);
    if (N.opNumOperands() !== 0) fail(this.context);
    return S[0];
  }

  /** The operands (a dropped operand is `null`). */
  get operands() {
    opArgs(this);
    if (N.opOperands() !== 0) fail(this.context);
    const [a, o, n] = list(7);
    const w = Array.from(a.subarray(o, o + 7 * n));
    const out = new Array(n);
    for (let k = 0; k < n; k++) out[k] = operandValue(this.context, w, 7 * k);
    return out;
  }

  /** The operand indices `[start, end)` of operand group `group` of a registered op, as its
   * definition lays them out (MLIR's `getODSOperandIndexAndLength`). */
  operandGroupRange(group) {
    opArgs(this);
    S[3] = u32(group, 'operandGroupRange');
    if (N.opOperandGroup() !== 0) fail(this.context);
    return [S[0], S[1]];
  }

  /** The result indices `[start, end)` of result group `group` (see `operandGroupRange`). */
  resultGroupRange(group) {
    opArgs(this);
    S[3] = u32(group, 'resultGroupRange');
    if (N.opResultGroup() !== 0) fail(this.context);
    return [S[0], S[1]];
  }

  /** Operand `i`. */
  getOperand(i) {
    opArgs(this);
    S[3] = u32(i, 'getOperand');
    if (N.opOperand() !== 0) fail(this.context);
    return operandValue(this.context, Array.from(S.subarray(0, 7)), 0);
  }

  setOperand(i, value) {
    const v = checkValue(this.context, value);
    opArgs(this);
    S[3] = u32(i, 'setOperand');
    S[4] = v._o;
    S[5] = v._g;
    S[6] = v._n;
    if (N.opSetOperand() !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** Replaces all operands. */
  setOperands(values) {
    values = B.arr(values, 'setOperands');
    room(4 + 3 * values.length);
    const vs = values.map((v, k) => checkValue(this.context, v, `values[${k}]`));
    opArgs(this);
    S[3] = vs.length;
    for (let k = 0; k < vs.length; k++) {
      S[4 + 3 * k] = vs[k]._o;
      S[5 + 3 * k] = vs[k]._g;
      S[6 + 3 * k] = vs[k]._n;
    }
    if (N.opSetOperands() !== 0) fail(this.context);
    mutation.epoch++;
  }

  // --- results

  get numResults() {
    opArgs(this);
    if (N.opNumResults() !== 0) fail(this.context);
    return S[0];
  }

  /** The results. */
  get results() {
    opArgs(this);
    if (N.opResults() !== 0) fail(this.context);
    const [a, o, n] = list(3);
    const out = new Array(n);
    for (let k = 0; k < n; k++) {
      const at = o + 3 * k;
      out[k] = new OpResult(this.context, a[at], a[at + 1], a[at + 2], this._owner);
    }
    return out;
  }

  /** The single result (an error unless there is exactly one). */
  get result() {
    opArgs(this);
    if (N.opSingleResult() !== 0) fail(this.context);
    return new OpResult(this.context, S[0], S[1], S[2], this._owner);
  }

  /** Result `i`. */
  getResult(i) {
    opArgs(this);
    S[3] = u32(i, 'getResult');
    if (N.opResult() !== 0) fail(this.context);
    return new OpResult(this.context, S[0], S[1], S[2], this._owner);
  }

  // --- regions, successors

  get numRegions() {
    opArgs(this);
    if (N.opNumRegions() !== 0) fail(this.context);
    return S[0];
  }

  /** The regions. */
  get regions() {
    opArgs(this);
    if (N.opRegions() !== 0) fail(this.context);
    const [a, o, n] = list(2);
    const out = new Array(n);
    for (let k = 0; k < n; k++) out[k] = new Region(this.context, a[o + 2 * k], a[o + 2 * k + 1], this._owner);
    return out;
  }

  /** Region `i`. */
  getRegion(i) {
    opArgs(this);
    S[3] = u32(i, 'getRegion');
    if (N.opRegion() !== 0) fail(this.context);
    return new Region(this.context, S[0], S[1], this._owner);
  }

  /** The successor blocks. */
  get successors() {
    opArgs(this);
    if (N.opSuccessors() !== 0) fail(this.context);
    return blocksFrom(this.context, this._owner);
  }

  setSuccessor(i, block) {
    const b = checkBlock(this.context, block);
    opArgs(this);
    S[3] = u32(i, 'setSuccessor');
    S[4] = b._i;
    S[5] = b._g;
    if (N.opSetSuccessor() !== 0) fail(this.context);
    mutation.epoch++;
  }

  // --- attributes

  /** The attributes, Map-like: `get(name)` (discardable, then inherent), `set`, `delete`,
   * `has`, `size`, `keys()`, `entries()`, iteration of `[name, attribute]`. */
  get attributes() {
    return new OpAttributeMap(this);
  }

  /** The properties (`<{...}>`, a DictAttr), or null. */
  get properties() {
    opArgs(this);
    if (N.opProperties() !== 0) fail(this.context);
    return S[0] === 0 ? null : wrapAttr(this.context, S[0]);
  }

  set properties(dict) {
    opArgs(this);
    S[3] = attrIdIn(this.context, dict);
    if (N.opSetProperties() !== 0) fail(this.context);
  }

  // --- structure

  /** The operation whose region holds this one, or null. */
  get parent() {
    opArgs(this);
    if (N.opParentOp() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Operation(this.context, S[1], S[2], this._owner);
  }

  /** The block holding the operation, or null when detached. */
  get block() {
    opArgs(this);
    if (N.opParentBlock() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Block(this.context, S[1], S[2], this._owner);
  }

  /** The region holding the operation's block, or null. */
  get parentRegion() {
    opArgs(this);
    if (N.opParentRegion() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Region(this.context, S[1], S[2], this._owner);
  }

  /** The next operation in the block, or null. */
  get next() {
    opArgs(this);
    if (N.opNext() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Operation(this.context, S[1], S[2], this._owner);
  }

  /** The previous operation in the block, or null. */
  get prev() {
    opArgs(this);
    if (N.opPrev() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Operation(this.context, S[1], S[2], this._owner);
  }

  /** Whether this operation is `other` or an ancestor of it. */
  isAncestorOf(other) {
    const o = checkOp(this.context, other);
    opArgs(this);
    S[3] = o._i;
    S[4] = o._g;
    if (N.opIsAncestor() !== 0) fail(this.context);
    return S[0] !== 0;
  }

  /** Moves the operation (attached or not) to `ip`. */
  moveTo(ip) {
    if (!(ip instanceof InsertionPoint)) throw new TypeError('moveTo: expected an InsertionPoint');
    if (ip.context !== this.context) throw wrongContext();
    const from = ownerOfOp(this.context, this._i, this._g);
    opArgs(this);
    S[3] = ip._kind;
    S[4] = ip._ref._i;
    S[5] = ip._ref._g;
    if (N.opMove() !== 0) fail(this.context);
    mutation.epoch++;
    const to = ip._ref._owner;
    link(from, to);
    this._owner = to;
  }

  /** Moves the operation right before `other` (which must be in a block). */
  moveBefore(other) {
    this.moveTo(InsertionPoint.before(checkOp(this.context, other)));
  }

  /** Moves the operation right after `other`. */
  moveAfter(other) {
    this.moveTo(InsertionPoint.after(checkOp(this.context, other)));
  }

  /** Takes the operation out of its block; it is then detached and owned by its wrappers.
   * Returns this wrapper. */
  detachFromParent() {
    const from = ownerOfOp(this.context, this._i, this._g);
    opArgs(this);
    if (N.opDetach() !== 0) fail(this.context);
    mutation.epoch++;
    const to = ownerOfRoot(this.context, 1, this._i, this._g);
    link(from, to);
    this._owner = to;
    return this;
  }

  /** Erases the operation and everything in it; its results must be unused elsewhere, unless
   * `{ dropUses: true }`. Every wrapper into it becomes stale. */
  erase(options) {
    opArgs(this);
    S[3] = options && options.dropUses ? 1 : 0;
    if (N.opErase() !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** A deep copy, detached and owned by the returned wrapper. */
  clone() {
    opArgs(this);
    if (N.opClone() !== 0) fail(this.context);
    const i = S[0];
    const g = S[1];
    return new Operation(this.context, i, g, registerOwner(this.context, S[2], opKey(i, g)));
  }

  /** Drops every operand and successor of the operation and of everything nested in it. */
  dropAllReferences() {
    opArgs(this);
    if (N.opDropAllReferences() !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** Replaces every use of the results with `values` (one per result), or with the results
   * of another operation. */
  replaceAllUsesWith(values) {
    const vs = values instanceof Operation ? values.results : values;
    room(4 + 3 * vs.length);
    const checked = vs.map((v, k) => checkValue(this.context, v, `values[${k}]`));
    opArgs(this);
    S[3] = checked.length;
    for (let k = 0; k < checked.length; k++) {
      S[4 + 3 * k] = checked[k]._o;
      S[5 + 3 * k] = checked[k]._g;
      S[6 + 3 * k] = checked[k]._n;
    }
    if (N.opReplaceAllUsesWith() !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** Verifies the operation and everything in it: returns true, or throws an MLIRError
   * carrying the diagnostics. */
  verify() {
    opArgs(this);
    if (N.opVerify() !== 0) fail(this.context, 'Verification failed');
    return true;
  }

  /** Prints the operation with print flags: `{ generic, debugInfo, prettyDebugInfo,
   * localScope, assumeVerified, elideElementsLargerThan }` (`mlir-opt`'s
   * `--mlir-print-op-generic`, `--mlir-print-debuginfo`...). Without `generic`, ops that have
   * a custom form print in it. */
  print(flags) {
    opArgs(this);
    writeFlags(flags);
    const s = printed(N.opPrint);
    if (s === null) fail(this.context);
    return s;
  }

  /** Same as `print` (MLIR Python's `get_asm`). */
  getAsm(flags) {
    return this.print(flags);
  }

  toString() {
    return this.print();
  }

  /**
   * Calls `callback(op)` on this operation and every operation nested in it, in `order`
   * (`WalkOrder.PRE_ORDER` by default). The callback may return `WalkResult.SKIP` (pre-order:
   * not into this operation's regions) or `WalkResult.INTERRUPT` (stop); anything else
   * continues. Returns `WalkResult.INTERRUPT` when interrupted, else `WalkResult.ADVANCE`.
   *
   * The walk visits a snapshot taken when it starts, so the callback may change the IR:
   * operations it erased are skipped, operations it created are not visited.
   */
  walk(callback, order = WalkOrder.PRE_ORDER) {
    if (typeof callback !== 'function') throw new TypeError('walk(callback): callback must be a function');
    const post = order === WalkOrder.POST_ORDER || order === 'postOrder' || order === 'post';
    if (!post && order !== WalkOrder.PRE_ORDER && order !== 'preOrder' && order !== 'pre') {
      throw new TypeError(`walk: order must be WalkOrder.PRE_ORDER or WalkOrder.POST_ORDER, got ${typeof order === 'string' ? `'${order}'` : describe(order)}`);
    }
    const ctx = this.context;
    opArgs(this);
    S[3] = post ? 1 : 0;
    if (N.opWalk() !== 0) fail(ctx);
    const [a0, o, n] = list(3);
    const a = a0 === S ? S.slice(o, o + 3 * n) : a0;
    const owner = this._owner;
    const epoch = mutation.epoch;
    for (let k = 0; k < n;) {
      const at = 3 * k;
      if (mutation.epoch !== epoch) {
        S[0] = ctx._slot;
        S[1] = a[at];
        S[2] = a[at + 1];
        if (N.opIsLive() === 0) {
          k += post ? 1 : a[at + 2];
          continue;
        }
      }
      const r = callback(new Operation(ctx, a[at], a[at + 1], owner));
      if (r === WalkResult.INTERRUPT) return WalkResult.INTERRUPT;
      k += r === WalkResult.SKIP && !post ? a[at + 2] : 1;
    }
    return WalkResult.ADVANCE;
  }

  /** Whether `other` wraps the same operation. */
  equals(other) {
    return other instanceof Operation && other.context === this.context && other._i === this._i && other._g === this._g;
  }

  /** A number equal for wrappers of the same operation. */
  get hash() {
    return ((this._i * 0x9e3779b1) ^ this._g) >>> 0;
  }

  /** This operation (op views are not generated yet: every operation is generic). */
  get operation() {
    return this;
  }

  /** @internal the C handle `{context, index, generation}`. */
  get raw() {
    return { context: this.context._serial, index: this._i, generation: this._g };
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    let n;
    try {
      n = this.name;
    } catch (e) {
      n = `<${e.name}>`;
    }
    return `Operation(${n})`;
  }
}

/** What `util.inspect` (console.log) shows: `toString()`, or the class and the error's name
 * when that throws. Inspecting is for looking at things, erased ones included: it never
 * throws, while `toString()` of erased IR does. */
function inspected(x, cls) {
  try {
    return x.toString();
  } catch (e) {
    return `${cls}(<${e.name}>)`;
  }
}

/** The wrapper of an operand (7 words at `at` of `w`: value, is argument, root). */
function operandValue(ctx, w, at) {
  if (w[at] === 0 && w[at + 1] === 0 && w[at + 4] === 0) return null;
  const owner = w[at + 4] === 0 ? null : ownerOfRoot(ctx, w[at + 4], w[at + 5], w[at + 6]);
  const cls = w[at + 3] !== 0 ? BlockArgument : OpResult;
  return new cls(ctx, w[at], w[at + 1], w[at + 2], owner);
}

/** Blocks listed by a native call (2 words each), with `owner`. */
function blocksFrom(ctx, owner) {
  const [a, o, n] = list(2);
  const out = new Array(n);
  for (let k = 0; k < n; k++) out[k] = new Block(ctx, a[o + 2 * k], a[o + 2 * k + 1], owner);
  return out;
}

/** `op.attributes`: a Map-like view of an operation's attributes. */
class OpAttributeMap {
  /** @internal */
  constructor(op) {
    this.operation = op;
  }

  /** The attribute `name` (discardable, else inherent), or undefined. */
  get(name) {
    const op = this.operation;
    opArgs(op);
    if (N.opAttribute(String(name)) !== 0) fail(op.context);
    if (S[0] !== 0) return wrapAttr(op.context, S[0]);
    opArgs(op);
    if (N.opInherentAttribute(String(name)) !== 0) fail(op.context);
    return S[0] === 0 ? undefined : wrapAttr(op.context, S[0]);
  }

  has(name) {
    return this.get(name) !== undefined;
  }

  /** Sets (or replaces) the attribute `name`; a registered op's inherent attribute goes into its properties (MLIR's setAttr). */
  set(name, attr) {
    const op = this.operation;
    const id = attrIdIn(op.context, attr);
    opArgs(op);
    S[3] = id;
    if (N.opSetAttribute(B.text(name, 'attributes.set: name')) !== 0) fail(op.context);
    return this;
  }

  /** Removes the attribute `name` (an inherent one from the properties); whether it was there. */
  delete(name) {
    const op = this.operation;
    opArgs(op);
    if (N.opRemoveAttribute(String(name)) !== 0) fail(op.context);
    return S[0] !== 0;
  }

  /** The discardable attributes, sorted by name, as [name, attribute]. */
  entries() {
    const op = this.operation;
    opArgs(op);
    const names = N.opAttributes();
    if (names === null) fail(op.context);
    const [a, o] = list(1);
    const ids = Array.from(a.subarray(o, o + names.length));
    return names.map((n, k) => [n, wrapAttr(op.context, ids[k])]);
  }

  keys() {
    return this.entries().map((e) => e[0]);
  }

  values() {
    return this.entries().map((e) => e[1]);
  }

  get size() {
    return this.entries().length;
  }

  [Symbol.iterator]() {
    return this.entries()[Symbol.iterator]();
  }
}

// ---------------------------------------------------------------------------------------
// modules

/** A `builtin.module`: an operation with one region holding one block. A module made by
 * `parse` or `create` is detached and owned by its wrappers. */
class Module {
  /** @internal */
  constructor(op) {
    /** The module's operation. */
    this.operation = op;
  }

  /** Parses MLIR text (a string, or UTF-8 bytes: a Uint8Array or Buffer) into a module;
   * throws an MLIRError with the diagnostics on failure (bytes that are not UTF-8: "the
   * input is not valid UTF-8" at the first bad byte). `options`: a Context, or
   * `{ context, filename }`. */
  static parse(text, options) {
    let o = options;
    if (o instanceof Context || o === undefined || o === null) o = { context: o };
    const ctx = resolveContext(o.context);
    const name = o.filename === undefined ? '-' : String(o.filename);
    const bytes = text instanceof Uint8Array;
    const source = bytes ? text : B.text(text, 'Module.parse');
    S[0] = ctx._slot;
    if ((bytes ? N.moduleParseBytes(source, name) : N.moduleParse(source, name)) !== 0) {
      fail(ctx, 'Unable to parse module');
    }
    const i = S[0];
    const g = S[1];
    return new Module(new Operation(ctx, i, g, registerOwner(ctx, S[2], opKey(i, g))));
  }

  /** An empty module (at `loc`, default the current location or unknown). */
  static create(loc, context) {
    if (loc instanceof Context) return Module.create(undefined, loc);
    if (loc !== undefined && loc !== null && !(loc instanceof Location)) throw new TypeError(`Module.create: expected a Location or a Context, got ${describe(loc)}`);
    const ctx = loc ? loc.context : (Location.current ? Location.current.context : resolveContext(context));
    const l = loc || (Location.current && Location.current.context === ctx ? Location.current : null);
    S[0] = ctx._slot;
    S[1] = l ? locIdIn(ctx, l) : 0;
    if (N.moduleCreate() !== 0) fail(ctx);
    const i = S[0];
    const g = S[1];
    return new Module(new Operation(ctx, i, g, registerOwner(ctx, S[2], opKey(i, g))));
  }

  /** The module's operation seen as a module (it must be a `builtin.module`). */
  static fromOperation(op) {
    checkOp(null, op);
    if (op.name !== 'builtin.module') throw new TypeError(`${op.name} is not a builtin.module`);
    return new Module(op);
  }

  get context() {
    return this.operation.context;
  }

  /** The body block. */
  get body() {
    return this.operation.getRegion(0).blocks[0];
  }

  print(flags) {
    return this.operation.print(flags);
  }

  toString() {
    return this.operation.toString();
  }

  equals(other) {
    return other instanceof Module && this.operation.equals(other.operation);
  }

  get hash() {
    return this.operation.hash;
  }
}

// ---------------------------------------------------------------------------------------
// blocks and regions

/** A block: arguments and a list of operations (iterable over its operations). */
class Block {
  /** @internal use `Block.create` or navigation. */
  constructor(ctx, i, g, owner) {
    this.context = ctx;
    /** @internal */ this._i = i;
    /** @internal */ this._g = g;
    /** @internal */ this._owner = owner;
  }

  /** A detached block with arguments of `argTypes` (at `argLocs`, default unknown), owned by
   * the returned wrapper until it is appended to a region. */
  static create(argTypes = [], argLocs, context) {
    if (argLocs instanceof Context) return Block.create(argTypes, undefined, argLocs);
    argTypes = B.arr(argTypes ?? [], 'argTypes');
    if (argLocs !== undefined && argLocs !== null) argLocs = B.arr(argLocs, 'argLocs');
    const ctx = argTypes.length > 0 && context === undefined ? T.checkType(argTypes[0]).context : resolveContext(context);
    const n = argTypes.length;
    room(2 + 2 * n);
    S[0] = ctx._slot;
    S[1] = n;
    for (let k = 0; k < n; k++) {
      S[2 + k] = typeIdIn(ctx, argTypes[k]);
      const l = argLocs ? argLocs[k] : undefined;
      S[2 + n + k] = l ? locIdIn(ctx, l) : 0;
    }
    if (N.blockCreate() !== 0) fail(ctx);
    const i = S[0];
    const g = S[1];
    return new Block(ctx, i, g, registerOwner(ctx, S[2], blockKey(i, g)));
  }

  /** A new block with arguments `argTypes` inserted at the start of `region`. */
  static createAtStart(region, argTypes = [], argLocs) {
    if (!(region instanceof Region)) throw new TypeError(`createAtStart: expected a Region, got ${describe(region)}`);
    const b = Block.create(argTypes, argLocs, region.context);
    const first = region.blocks[0];
    if (first) region.insertBlockBefore(first, b);
    else region.appendBlock(b);
    return b;
  }

  get isLive() {
    blockArgs(this);
    return N.blockIsLive() !== 0;
  }

  /** The arguments. */
  get arguments() {
    blockArgs(this);
    if (N.blockArguments() !== 0) fail(this.context);
    const [a, o, n] = list(3);
    const out = new Array(n);
    for (let k = 0; k < n; k++) {
      const at = o + 3 * k;
      out[k] = new BlockArgument(this.context, a[at], a[at + 1], a[at + 2], this._owner);
    }
    return out;
  }

  get numArguments() {
    blockArgs(this);
    if (N.blockNumArguments() !== 0) fail(this.context);
    return S[0];
  }

  getArgument(i) {
    blockArgs(this);
    S[3] = u32(i, 'getArgument');
    if (N.blockArgument() !== 0) fail(this.context);
    return new BlockArgument(this.context, S[0], S[1], S[2], this._owner);
  }

  /** Appends an argument of `type` (at `loc`, default unknown). */
  addArgument(type, loc) {
    const t = typeIdIn(this.context, type);
    const l = loc ? locIdIn(this.context, loc) : 0;
    blockArgs(this);
    S[3] = t;
    S[4] = l;
    if (N.blockAddArgument() !== 0) fail(this.context);
    mutation.epoch++;
    return new BlockArgument(this.context, S[0], S[1], S[2], this._owner);
  }

  /** Removes argument `i`, which must be unused. */
  eraseArgument(i) {
    blockArgs(this);
    S[3] = u32(i, 'eraseArgument');
    if (N.blockEraseArgument() !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** The operations, in order. */
  get operations() {
    blockArgs(this);
    if (N.blockOps() !== 0) fail(this.context);
    const [a, o, n] = list(2);
    const out = new Array(n);
    for (let k = 0; k < n; k++) out[k] = new Operation(this.context, a[o + 2 * k], a[o + 2 * k + 1], this._owner);
    return out;
  }

  get numOperations() {
    blockArgs(this);
    if (N.blockNumOps() !== 0) fail(this.context);
    return S[0];
  }

  /** The last operation (the terminator of a well-formed block), or null. */
  get terminator() {
    blockArgs(this);
    if (N.blockLastOp() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Operation(this.context, S[1], S[2], this._owner);
  }

  [Symbol.iterator]() {
    return this.operations[Symbol.iterator]();
  }

  /** Appends the detached operation `op` (MLIR Python's `block.append`). */
  append(op) {
    InsertionPoint.atBlockEnd(this).insert(op);
    return op;
  }

  /** The region holding the block, or null when detached. */
  get region() {
    blockArgs(this);
    if (N.blockParentRegion() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Region(this.context, S[1], S[2], this._owner);
  }

  /** The operation whose region holds the block, or null. */
  get owner() {
    blockArgs(this);
    if (N.blockParentOp() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Operation(this.context, S[1], S[2], this._owner);
  }

  /** The next block in the region, or null. */
  get next() {
    blockArgs(this);
    if (N.blockNext() !== 0) fail(this.context);
    return S[0] === 0 ? null : new Block(this.context, S[1], S[2], this._owner);
  }

  /** The blocks whose terminators branch to this one (once per branch). */
  get predecessors() {
    blockArgs(this);
    if (N.blockPredecessors() !== 0) fail(this.context);
    const [a, o, n] = list(3);
    const ops = [];
    for (let k = 0; k < n; k++) ops.push(new Operation(this.context, a[o + 3 * k], a[o + 3 * k + 1], this._owner));
    return ops.map((op) => op.block);
  }

  /** The successors of the block's terminator. */
  get successors() {
    blockArgs(this);
    if (N.blockSuccessors() !== 0) fail(this.context);
    return blocksFrom(this.context, this._owner);
  }

  /** Takes the block out of its region; it is then owned by its wrappers. Returns this. */
  detach() {
    const from = ownerOfBlock(this.context, this._i, this._g);
    blockArgs(this);
    if (N.blockDetach() !== 0) fail(this.context);
    mutation.epoch++;
    const to = ownerOfRoot(this.context, 2, this._i, this._g);
    link(from, to);
    this._owner = to;
    return this;
  }

  /** Erases the block and everything in it. */
  erase() {
    blockArgs(this);
    if (N.blockErase() !== 0) fail(this.context);
    mutation.epoch++;
  }

  equals(other) {
    return other instanceof Block && other.context === this.context && other._i === this._i && other._g === this._g;
  }

  get hash() {
    return ((this._i * 0x9e3779b1) ^ this._g ^ 0x5bd1e995) >>> 0;
  }

  /**
   * The block as MLIR's `Block::print` prints it: its label and arguments,
   * then its operations two spaces in, numbered as in the whole module. `flags` as for
   * `Operation.print`.
   */
  print(flags) {
    blockArgs(this);
    writeFlags(flags);
    const s = printed(N.blockPrint);
    if (s === null) fail(this.context);
    return s;
  }

  /** The printed block; an erased block throws StaleHandleError, as `Operation.toString()`
   * does. */
  toString() {
    return this.print();
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return inspected(this, 'Block');
  }
}

/** A region of an operation: a list of blocks (iterable over them). */
class Region {
  /** @internal */
  constructor(ctx, i, g, owner) {
    this.context = ctx;
    /** @internal */ this._i = i;
    /** @internal */ this._g = g;
    /** @internal */ this._owner = owner;
  }

  get isLive() {
    blockArgs(this);
    return N.regionIsLive() !== 0;
  }

  /** The blocks, in order. */
  get blocks() {
    blockArgs(this);
    if (N.regionBlocks() !== 0) fail(this.context);
    return blocksFrom(this.context, this._owner);
  }

  get numBlocks() {
    blockArgs(this);
    if (N.regionNumBlocks() !== 0) fail(this.context);
    return S[0];
  }

  [Symbol.iterator]() {
    return this.blocks[Symbol.iterator]();
  }

  /** Appends a block: a detached Block, or a new one with arguments of `argTypes` (MLIR
   * Python's `region.blocks.append(*types)`). Returns the block. */
  appendBlock(blockOrTypes, argLocs) {
    if (blockOrTypes === undefined || blockOrTypes === null) blockOrTypes = [];
    const b = blockOrTypes instanceof Block ? checkBlock(this.context, blockOrTypes)
      : Block.create(blockOrTypes, argLocs, this.context);
    blockArgs(this);
    S[3] = b._i;
    S[4] = b._g;
    if (N.regionAppendBlock() !== 0) fail(this.context);
    mutation.epoch++;
    this._adopt(b);
    return b;
  }

  /** Inserts the detached `block` before `reference` (a block of this region). */
  insertBlockBefore(reference, block) {
    return this._insertBlock(reference, block, false);
  }

  /** Inserts the detached `block` after `reference`. */
  insertBlockAfter(reference, block) {
    return this._insertBlock(reference, block, true);
  }

  /** @internal */
  _insertBlock(reference, block, after) {
    const r = checkBlock(this.context, reference, 'reference');
    const b = checkBlock(this.context, block);
    blockArgs(this);
    S[3] = r._i;
    S[4] = r._g;
    S[5] = b._i;
    S[6] = b._g;
    S[7] = after ? 1 : 0;
    if (N.regionInsertBlock() !== 0) fail(this.context);
    mutation.epoch++;
    this._adopt(b);
    return b;
  }

  /** @internal the block joined this region's tree. */
  _adopt(b) {
    const e = this.context._owners.get(blockKey(b._i, b._g));
    const from = e === undefined ? b._owner : e.ref.deref() || b._owner;
    link(from, this._owner);
    b._owner = this._owner;
  }

  /** The operation holding the region. */
  get owner() {
    blockArgs(this);
    if (N.regionParentOp() !== 0) fail(this.context);
    return new Operation(this.context, S[0], S[1], this._owner);
  }

  /** The region's index in its operation. */
  get number() {
    blockArgs(this);
    if (N.regionNumber() !== 0) fail(this.context);
    return S[0];
  }

  equals(other) {
    return other instanceof Region && other.context === this.context && other._i === this._i && other._g === this._g;
  }

  get hash() {
    return ((this._i * 0x9e3779b1) ^ this._g ^ 0x27d4eb2f) >>> 0;
  }

  /** `Region(index#generation)`; an erased region throws StaleHandleError, as the other
   * wrappers do. */
  toString() {
    blockArgs(this);
    if (N.regionIsLive() === 0) {
      throw new StaleHandleError('stale region handle: the IR it referred to was erased');
    }
    return `Region(${this._i}#${this._g})`;
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return inspected(this, 'Region');
  }
}

// ---------------------------------------------------------------------------------------
// values

/** One use of a value: operand `operandNumber` of `owner` (MLIR's `OpOperand`: a slot of an
 * operation, whatever value it holds now). It is stale once its operation is erased, or
 * once the operation has no operand `operandNumber` any more: every accessor then throws
 * StaleHandleError, as the wrappers of erased IR do. */
class OpOperand {
  /** @internal */
  constructor(owner, operandNumber) {
    /** @internal */ this._op = owner;
    /** @internal */ this._n = operandNumber;
  }

  /** @internal checks that the use still exists; returns the operation. */
  _check() {
    const op = this._op;
    opArgs(op);
    if (N.opNumOperands() !== 0) fail(op.context);
    if (this._n >= S[0]) {
      throw new StaleHandleError(`stale use: operand ${this._n} of '${op.name}' no longer exists (it has ${S[0]})`);
    }
    return op;
  }

  /** The operation using the value. */
  get owner() {
    return this._check();
  }

  /** Which operand of it. */
  get operandNumber() {
    this._check();
    return this._n;
  }

  /** The value used (null once the operand was dropped). */
  get value() {
    return this._check().getOperand(this._n);
  }

  equals(other) {
    return other instanceof OpOperand && this._op.equals(other._op) && other._n === this._n;
  }

  get hash() {
    return (this._op.hash ^ (this._n * 0x27d4eb2f)) >>> 0;
  }

  toString() {
    const op = this._check();
    return `OpOperand(${this._n} of ${op.name})`;
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return inspected(this, 'OpOperand');
  }
}

/** An SSA value: an `OpResult` or a `BlockArgument`. */
class Value {
  /** @internal */
  constructor(ctx, o, g, n, owner) {
    this.context = ctx;
    /** @internal */ this._o = o;
    /** @internal */ this._g = g;
    /** @internal */ this._n = n;
    /** @internal */ this._owner = owner;
  }

  get isLive() {
    valueArgs(this);
    return N.valueIsLive() !== 0;
  }

  get type() {
    valueArgs(this);
    if (N.valueType() !== 0) fail(this.context);
    return wrapType(this.context, S[0]);
  }

  set type(type) {
    const t = typeIdIn(this.context, type);
    valueArgs(this);
    S[4] = t;
    if (N.valueSetType() !== 0) fail(this.context);
  }

  /** Sets the type (MLIR Python's `set_type`). */
  setType(type) {
    this.type = type;
  }

  get location() {
    valueArgs(this);
    if (N.valueLocation() !== 0) fail(this.context);
    return new Location(this.context, S[0]);
  }

  /** The uses of the value. */
  get uses() {
    valueArgs(this);
    if (N.valueUses() !== 0) fail(this.context);
    const [a0, o, n] = list(6);
    const a = Array.from(a0.subarray(o, o + 6 * n));
    const out = new Array(n);
    for (let k = 0; k < n; k++) {
      const at = 6 * k;
      const owner = ownerOfRoot(this.context, a[at + 3], a[at + 4], a[at + 5]);
      out[k] = new OpOperand(new Operation(this.context, a[at], a[at + 1], owner), a[at + 2]);
    }
    return out;
  }

  get numUses() {
    valueArgs(this);
    if (N.valueNumUses() !== 0) fail(this.context);
    return S[0];
  }

  get hasOneUse() {
    return this.numUses === 1;
  }

  /** Replaces every use with `other`. */
  replaceAllUsesWith(other) {
    this._rauw(other, null);
  }

  /** Replaces every use with `other`, except those in `exceptOp`. */
  replaceAllUsesExcept(other, exceptOp) {
    this._rauw(other, checkOp(this.context, exceptOp, 'exceptOp'));
  }

  /** @internal */
  _rauw(other, except) {
    const w = checkValue(this.context, other);
    valueArgs(this);
    S[4] = w._o;
    S[5] = w._g;
    S[6] = w._n;
    S[9] = except ? 1 : 0;
    if (except) {
      S[7] = except._i;
      S[8] = except._g;
    }
    if (N.valueReplaceAllUsesWith() !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** Drops every use (the using operands become null). */
  dropAllUses() {
    valueArgs(this);
    if (N.valueDropAllUses() !== 0) fail(this.context);
    mutation.epoch++;
  }

  equals(other) {
    return other instanceof Value && other.context === this.context && other._o === this._o && other._g === this._g
      && other._n === this._n;
  }

  get hash() {
    return ((this._o * 0x9e3779b1) ^ (this._g * 0x85ebca6b) ^ this._n) >>> 0;
  }

  /** @internal */
  _ownerInfo() {
    valueArgs(this);
    if (N.valueOwner() !== 0) fail(this.context);
    return [S[0], S[1], S[2], S[3]];
  }

  /**
   * The value as MLIR's `Value::print` prints it: a result prints its defining operation, a
   * block argument `<block argument> of type 'T' at index: N`. `flags` as for
   * `Operation.print`.
   */
  print(flags) {
    valueArgs(this);
    writeFlags(flags, 5);
    const s = N.valuePrint();
    if (s === null) fail(this.context);
    return s;
  }

  /** The value's name where it is used as an operand, as MLIR's `Value::printAsOperand`
   * and Python's `get_name`: `%arg0`, `%3` or `%3#1`, numbered as when printing its
   * top-level ancestor (`{ useLocalScope: true }`: its nearest isolated-from-above one). */
  getName(options) {
    const local = options !== undefined && options !== null && options.useLocalScope;
    if (local !== undefined && typeof local !== 'boolean') {
      throw new TypeError(`Value.getName: useLocalScope must be a boolean, got ${describe(local)}`);
    }
    valueArgs(this);
    S[5] = local ? 1 : 0;
    const s = N.valueName();
    if (s === null) fail(this.context);
    return s;
  }

  /** As MLIR's Python bindings: the class name around `print()`. A value whose IR was
   * erased throws StaleHandleError, as `Operation.toString()` does. */
  toString() {
    return `${this.constructor.name}(${this.print()})`;
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return inspected(this, this.constructor.name);
  }
}

/** A result of an operation. */
class OpResult extends Value {
  /** The operation defining it. */
  get owner() {
    const [, i, g] = this._ownerInfo();
    return new Operation(this.context, i, g, this._owner);
  }

  get resultNumber() {
    return this._ownerInfo()[3];
  }
}

/** An argument of a block. */
class BlockArgument extends Value {
  /** The block it belongs to. */
  get owner() {
    const [, i, g] = this._ownerInfo();
    return new Block(this.context, i, g, this._owner);
  }

  get argNumber() {
    return this._ownerInfo()[3];
  }
}

// ---------------------------------------------------------------------------------------
// insertion points

const IP_START = 1;
const IP_END = 2;
const IP_BEFORE = 3;
const IP_AFTER = 4;

/** Where operations go: the end of a block (`new InsertionPoint(block)`), before an
 * operation (`new InsertionPoint(op)`), `atBlockBegin`, `atBlockTerminator`, `after`. */
class InsertionPoint {
  constructor(blockOrOp) {
    if (blockOrOp instanceof Block) {
      this._kind = IP_END;
    } else if (blockOrOp instanceof Operation) {
      this._kind = IP_BEFORE;
    } else {
      throw new TypeError('new InsertionPoint(block | operation)');
    }
    /** @internal the block or operation */ this._ref = blockOrOp;
    this.context = blockOrOp.context;
  }

  static atBlockBegin(block) {
    const p = new InsertionPoint(checkBlock(null, block));
    p._kind = IP_START;
    return p;
  }

  static atBlockEnd(block) {
    return new InsertionPoint(checkBlock(null, block));
  }

  /** Before the block's terminator (an error when the block is empty). */
  static atBlockTerminator(block) {
    const t = checkBlock(null, block).terminator;
    if (t === null) throw new OmnirError('the block has no terminator', 'OMNIR_ERROR_INVALID_ARGUMENT');
    return new InsertionPoint(t);
  }

  static before(op) {
    return new InsertionPoint(checkOp(null, op));
  }

  static after(op) {
    const p = new InsertionPoint(checkOp(null, op));
    p._kind = IP_AFTER;
    return p;
  }

  /** The insertion point of the innermost `ip.run(fn)`, or undefined. */
  static get current() {
    const p = scopes.insertionPoint;
    return p.length > 0 ? p[p.length - 1] : undefined;
  }

  /** Runs `fn(ip)` with this insertion point (and its context) current (MLIR Python's
   * `with InsertionPoint(block):`). */
  run(fn) {
    return runIn(scopes.context, this.context, () => runIn(scopes.insertionPoint, this, fn));
  }

  /** The block operations are inserted into. */
  get block() {
    return this._ref instanceof Block ? this._ref : this._ref.block;
  }

  /** The operation the point is before or after, or null. */
  get refOperation() {
    return this._ref instanceof Operation ? this._ref : null;
  }

  /** Inserts the detached operation `op` here; the IR then owns it. */
  insert(op) {
    checkOp(this.context, op);
    opArgs(op);
    S[3] = this._kind;
    S[4] = this._ref._i;
    S[5] = this._ref._g;
    if (N.opInsert() !== 0) fail(this.context);
    mutation.epoch++;
    const e = this.context._owners.get(opKey(op._i, op._g));
    const from = e === undefined ? op._owner : e.ref.deref() || op._owner;
    link(from, this._ref._owner);
    op._owner = this._ref._owner;
    return op;
  }
}

module.exports = {
  Operation, OpAttributeMap, Module, Block, Region, Value, OpResult, BlockArgument, OpOperand, InsertionPoint,
  WalkResult, WalkOrder, ownerOfOp, ownerOfBlock, ownerOfRoot, registerOwner, link, opKey, blockKey, checkOp,
  checkBlock, checkValue, opArgs, writeFlags,
};
