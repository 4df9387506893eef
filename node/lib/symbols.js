'use strict';
// Symbols and symbol tables.

const B = require('./binding');
const A = require('./attributes');
const IR = require('./ir');

const { N, S, fail, list, mutation } = B;
const { Operation, InsertionPoint, checkOp, opArgs, ownerOfOp, ownerOfRoot, link, opKey } = IR;

const VISIBILITIES = ['public', 'private', 'nested'];

const tableRegistry = new FinalizationRegistry((slot) => N.symbolTableRelease(slot));

/** The symbol table of a symbol-table operation (a `builtin.module`...), caching its name ->
 * symbol map, as MLIR's `SymbolTable`. */
class SymbolTable {
  constructor(op) {
    checkOp(null, op);
    opArgs(op);
    if (N.symbolTableNew() !== 0) fail(op.context);
    /** @internal */ this._slot = S[0];
    /** The symbol-table operation. */
    this.operation = op;
    this.context = op.context;
    tableRegistry.register(this, this._slot);
  }

  /** The symbol `name`, or undefined. */
  get(name) {
    S[0] = this.context._slot;
    if (N.symbolTableLookup(this._slot, String(name)) !== 0) fail(this.context);
    return S[0] === 0 ? undefined : new Operation(this.context, S[1], S[2], this.operation._owner);
  }

  has(name) {
    return this.get(name) !== undefined;
  }

  /** The number of symbols. */
  get size() {
    S[0] = this.context._slot;
    if (N.symbolTableSize(this._slot) !== 0) fail(this.context);
    return S[0];
  }

  /** Inserts a symbol operation (a detached one goes to `ip`, by default the end of the
   * table's body); a taken name is made unique. Returns the final name. */
  insert(op, ip) {
    checkOp(this.context, op);
    const detached = op.block === null;
    const from = detached ? ownerOfOp(this.context, op._i, op._g) : null;
    opArgs(op);
    if (ip !== undefined && ip !== null) {
      if (!(ip instanceof InsertionPoint)) throw new TypeError('insert(op, ip): ip must be an InsertionPoint');
      S[3] = ip._kind;
      S[4] = ip._ref._i;
      S[5] = ip._ref._g;
    } else {
      S[3] = 0;
    }
    const name = N.symbolTableInsert(this._slot);
    if (name === null) fail(this.context);
    mutation.epoch++;
    if (detached) {
      link(from, this.operation._owner);
      op._owner = this.operation._owner;
    }
    return name;
  }

  /** Erases the symbol operation. */
  erase(op) {
    checkOp(this.context, op);
    opArgs(op);
    if (N.symbolTableErase(this._slot) !== 0) fail(this.context);
    mutation.epoch++;
  }

  /** Removes the symbol operation from the table's body: it is then detached. */
  remove(op) {
    checkOp(this.context, op);
    const from = ownerOfOp(this.context, op._i, op._g);
    opArgs(op);
    if (N.symbolTableRemove(this._slot) !== 0) fail(this.context);
    mutation.epoch++;
    const to = ownerOfRoot(this.context, 1, op._i, op._g);
    link(from, to);
    op._owner = to;
    return op;
  }

  /** Renames the symbol and updates its uses within the table's region. */
  rename(op, newName) {
    checkOp(this.context, op);
    opArgs(op);
    if (N.symbolTableRename(this._slot, String(newName)) !== 0) fail(this.context);
  }

  /** The symbol name of `op` (its `sym_name`), or null when it is not a symbol. */
  static getSymbolName(op) {
    checkOp(null, op);
    opArgs(op);
    const s = N.opSymbolName();
    if (s === null) fail(op.context);
    return S[0] === 0 ? null : s;
  }

  /** Sets the symbol name (uses are not updated; see `rename`). */
  static setSymbolName(op, name) {
    checkOp(null, op);
    opArgs(op);
    if (N.opSetSymbolName(String(name)) !== 0) fail(op.context);
  }

  /** `'public'`, `'private'` or `'nested'`. */
  static getVisibility(op) {
    checkOp(null, op);
    opArgs(op);
    if (N.opVisibility() !== 0) fail(op.context);
    return VISIBILITIES[S[0]];
  }

  static setVisibility(op, visibility) {
    checkOp(null, op);
    const v = VISIBILITIES.indexOf(visibility);
    if (v < 0) throw new TypeError(`visibility: one of ${VISIBILITIES.join(', ')}`);
    opArgs(op);
    S[3] = v;
    if (N.opSetVisibility() !== 0) fail(op.context);
  }

  /** Whether `op` is a symbol table. */
  static isSymbolTable(op) {
    checkOp(null, op);
    opArgs(op);
    if (N.opIsSymbolTable() !== 0) fail(op.context);
    return S[0] !== 0;
  }

  /** The closest symbol table that is `op` or an ancestor, or null. */
  static getNearestSymbolTable(op) {
    checkOp(null, op);
    opArgs(op);
    if (N.opNearestSymbolTable() !== 0) fail(op.context);
    return S[0] === 0 ? null : new Operation(op.context, S[1], S[2], op._owner);
  }

  /** The symbol `name` in the symbol table `tableOp` (MLIR's `lookupSymbolIn`), or null. */
  static lookupSymbolIn(tableOp, name) {
    checkOp(null, tableOp);
    opArgs(tableOp);
    if (N.opLookupSymbol(String(name)) !== 0) fail(tableOp.context);
    return S[0] === 0 ? null : new Operation(tableOp.context, S[1], S[2], tableOp._owner);
  }

  /** The symbol a reference (a SymbolRefAttr or a name) names, resolved from the nearest
   * symbol table of `fromOp`, or null. */
  static lookupNearestSymbolFrom(fromOp, symbol) {
    checkOp(null, fromOp);
    const ref = typeof symbol === 'string' ? A.FlatSymbolRefAttr.get(symbol, fromOp.context) : symbol;
    const id = A.attrIdIn(fromOp.context, ref);
    opArgs(fromOp);
    S[3] = id;
    if (N.opLookupNearestSymbol() !== 0) fail(fromOp.context);
    return S[0] === 0 ? null : new Operation(fromOp.context, S[1], S[2], fromOp._owner);
  }

  /** The uses of the symbol `symbolOp` within `scopeOp` (or, without a symbol, every symbol
   * use in `scopeOp`): [{ user, symbolRef }], or null when they cannot be known. */
  static getSymbolUses(symbolOp, scopeOp) {
    checkOp(null, symbolOp);
    if (scopeOp !== undefined) checkOp(symbolOp.context, scopeOp);
    opArgs(symbolOp);
    if (scopeOp !== undefined) {
      S[3] = scopeOp._i;
      S[4] = scopeOp._g;
      S[5] = 1;
    } else {
      S[5] = 0;
    }
    if (N.opSymbolUses() !== 0) fail(symbolOp.context);
    if (S[0] === 0xffffffff) return null;
    const [a, o, n] = list(3);
    const w = Array.from(a.subarray(o, o + 3 * n));
    const owner = (scopeOp || symbolOp)._owner;
    const out = [];
    for (let k = 0; k < n; k++) {
      out.push({
        user: new Operation(symbolOp.context, w[3 * k], w[3 * k + 1], owner),
        symbolRef: A.wrapAttr(symbolOp.context, w[3 * k + 2]),
      });
    }
    return out;
  }

  /** Renames every use of the symbol `oldName` to `newName` within `fromOp`. */
  static replaceAllSymbolUses(oldName, newName, fromOp) {
    checkOp(null, fromOp);
    opArgs(fromOp);
    if (N.replaceAllSymbolUses(String(oldName), String(newName)) !== 0) fail(fromOp.context);
  }
}

module.exports = { SymbolTable, VISIBILITIES, opKey };
