'use strict';
// Locations: uniqued location attributes, and the current location of `loc.run(fn)`.

const B = require('./binding');
const { Context, scopes, runIn, resolveContext } = require('./context');
const A = require('./attributes');
const { describe, safeString, wrongContext } = require('./types');

const { N, S, fail, room, list } = B;

const KINDS = ['unknown', 'file', 'name', 'callSite', 'fused'];

/** A location: `loc(unknown)`, `loc("file":1:2)`, `loc("name"(child))`,
 * `loc(callsite(callee at caller))`, `loc(fused[...])`. */
class Location {
  /** @internal use the static getters. */
  constructor(ctx, id) {
    /** The context the location belongs to. */
    this.context = ctx;
    /** @internal */ this._id = id;
  }

  /** `loc(unknown)`. */
  static unknown(context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.locUnknown() !== 0) fail(ctx);
    return new Location(ctx, S[0]);
  }

  /** `loc("filename":line:col)`, or a range with `endLine`/`endCol` given. */
  static file(filename, line, col, options) {
    let o = options;
    if (o instanceof Context || o === undefined) o = { context: o };
    const ctx = resolveContext(o.context);
    S[0] = ctx._slot;
    S[1] = B.u32(line, 'line');
    S[2] = B.u32(col, 'col');
    const range = o.endLine !== undefined || o.endCol !== undefined;
    S[3] = range ? B.u32(o.endLine ?? line, 'endLine') : 0;
    S[4] = range ? B.u32(o.endCol ?? col, 'endCol') : 0;
    S[5] = range ? 1 : 0;
    if (N.locFile(B.text(filename, 'Location.file: filename')) !== 0) fail(ctx);
    return new Location(ctx, S[0]);
  }

  /** `loc("name")`, or `loc("name"(childLoc))`. */
  static name(name, childLoc, context) {
    if (childLoc instanceof Context) return Location.name(name, undefined, childLoc);
    const ctx = childLoc ? checkLoc(childLoc).context : resolveContext(context);
    S[0] = ctx._slot;
    S[1] = childLoc ? locIdIn(ctx, childLoc) : 0;
    if (N.locName(B.text(name, 'Location.name')) !== 0) fail(ctx);
    return new Location(ctx, S[0]);
  }

  /** `loc(callsite(callee at caller))`; with several frames, nested as MLIR's Python
   * `Location.callsite(callee, frames)` does. */
  static callSite(callee, frames) {
    const c = checkLoc(callee);
    const fs = Array.isArray(frames) ? frames : [frames];
    if (fs.length === 0) throw new TypeError('callSite: at least one frame');
    let caller = checkLoc(fs[fs.length - 1]);
    for (let k = fs.length - 2; k >= 0; k--) caller = callSite2(fs[k], caller);
    return callSite2(c, caller);
  }

  /** `loc(fused[locations])` or `loc(fused<metadata>[locations])` (simplified as MLIR does). */
  static fused(locations, metadata, context) {
    if (metadata instanceof Context) return Location.fused(locations, undefined, metadata);
    locations = B.arr(locations, 'Location.fused');
    const ctx = locations.length > 0 && context === undefined ? checkLoc(locations[0]).context : resolveContext(context);
    room(3 + locations.length);
    S[0] = ctx._slot;
    S[1] = locations.length;
    S[2] = metadata ? A.attrIdIn(ctx, metadata) : 0;
    for (let k = 0; k < locations.length; k++) S[3 + k] = locIdIn(ctx, locations[k]);
    if (N.locFused() !== 0) fail(ctx);
    return wrapLocation(ctx, S[0]);
  }

  /** The location of the innermost `loc.run(fn)`, or undefined. */
  static get current() {
    const l = scopes.location;
    return l.length > 0 ? l[l.length - 1] : undefined;
  }

  /** Runs `fn(loc)` with this location (and its context) current (MLIR Python's `with loc:`). */
  run(fn) {
    return runIn(scopes.context, this.context, () => runIn(scopes.location, this, fn));
  }

  /** `'unknown'`, `'file'`, `'name'`, `'callSite'` or `'fused'`. */
  get kind() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.locKind() !== 0) fail(this.context);
    return KINDS[S[0]];
  }

  get isUnknown() { return this.kind === 'unknown'; }

  /** @internal */
  _file() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const f = N.locFileInfo();
    if (f === null) fail(this.context);
    return { filename: f, line: S[0], col: S[1], endLine: S[2], endCol: S[3] };
  }

  /** The file of a file location. */
  get filename() { return this._file().filename; }
  get line() { return this._file().line; }
  get col() { return this._file().col; }
  get endLine() { return this._file().endLine; }
  get endCol() { return this._file().endCol; }

  /** The name of a name location. */
  get nameStr() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const n = N.locNameInfo();
    if (n === null) fail(this.context);
    return n;
  }

  /** The child location of a name location (null when none). */
  get childLoc() {
    this.nameStr;
    return S[0] === 0 ? null : new Location(this.context, S[0]);
  }

  /** @internal */
  _callSite() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.locCallSiteInfo() !== 0) fail(this.context);
    return [new Location(this.context, S[0]), new Location(this.context, S[1])];
  }

  get callee() { return this._callSite()[0]; }
  get caller() { return this._callSite()[1]; }

  /** @internal */
  _fused() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.locFusedInfo() !== 0) fail(this.context);
    const [a, o, n] = list(1);
    return Array.from(a.subarray(o, o + n));
  }

  /** The locations of a fused location. */
  get locations() { return this._fused().slice(1).map((id) => new Location(this.context, id)); }

  /** The metadata of a fused location (null when none). */
  get metadata() {
    const m = this._fused()[0];
    return m === 0 ? null : A.wrapAttr(this.context, m);
  }

  /** The location as an attribute (a LocationAttr). */
  get attr() {
    S[0] = this.context._slot;
    S[1] = this._id;
    if (N.locToAttribute() !== 0) fail(this.context);
    return A.wrapAttr(this.context, S[0]);
  }

  equals(other) {
    return other instanceof Location && other.context === this.context && other._id === this._id;
  }

  get hash() {
    return this._id;
  }

  /** The location as MLIR prints it (`loc("f.mlir":1:2)`). */
  toString() {
    S[0] = this.context._slot;
    S[1] = this._id;
    const s = N.locPrint();
    if (s === null) fail(this.context);
    return s;
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Location(${safeString(this)})`;
  }
}

function callSite2(callee, caller) {
  const ctx = checkLoc(callee).context;
  S[0] = ctx._slot;
  S[1] = locIdIn(ctx, callee);
  S[2] = locIdIn(ctx, caller);
  if (N.locCallSite() !== 0) fail(ctx);
  return new Location(ctx, S[0]);
}

function checkLoc(l) {
  if (!(l instanceof Location)) throw new TypeError(`expected a Location, got ${describe(l)}`);
  return l;
}

function locIdIn(ctx, l) {
  if (!(l instanceof Location)) throw new TypeError(`expected a Location, got ${describe(l)}`);
  if (l.context !== ctx) throw wrongContext();
  return l._id;
}

function wrapLocation(ctx, id) {
  return new Location(ctx, id);
}

A.late.wrapLocation = wrapLocation;

module.exports = { Location, wrapLocation, locIdIn, checkLoc };
