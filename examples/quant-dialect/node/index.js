'use strict';
// omnir-quant: MLIR's quant dialect (`!quant.uniform`), a C++ dialect built on its own against
// omnir, for the `omnir` package. A small Node-API addon (src/addon.c) calls the dialect's C
// entry points; contexts and types cross through omnir's interop hooks (`ctx.rawPointer`,
// `type.raw`, `Type.fromRaw`), so the type made here is an ordinary omnir Type.

const path = require('node:path');
// First: it loads libomnir.so.0, which the dialect library (loaded with the addon) then shares
// by SONAME instead of loading a copy.
const omnir = require('omnir');

const addon = require(path.join(__dirname, 'omnir_quant.node'));

/** Runs an addon call, turning its errors into omnir's own OmnirError (status = C status). */
function call(fn) {
  try {
    return fn();
  } catch (e) {
    if (e && typeof e.code === 'string' && e.code.startsWith('OMNIR_')) throw new omnir.OmnirError(e.message, e.code);
    throw e;
  }
}

function contextOf(ctx) {
  if (!(ctx instanceof omnir.Context)) throw new TypeError('omnir-quant: expected an omnir Context');
  return ctx;
}

function typeIn(ctx, t, what) {
  if (typeof t === 'string') return omnir.Type.parse(t, ctx);
  if (t instanceof omnir.Type) return t;
  throw new TypeError(`omnir-quant: ${what} must be an omnir Type or its text ('i8')`);
}

/** Registers the quant dialect (type, interface, operations) in `ctx`. Idempotent; from then
 * on the context's parser reads `!quant.uniform<...>`. */
function register(ctx) {
  const c = contextOf(ctx);
  call(() => addon.register(c.rawPointer));
}

/** `!quant.uniform<storage:expressed, scale:zeroPoint>`, made by the dialect library, as an
 * omnir DialectType. `storage`: an integer type (`ui8` for unsigned storage); `expressed`: a
 * float type; either as an omnir Type or as text. Bad parameters throw an OmnirError with MLIR's
 * message (`illegal scale: ...`). */
function uniformType(ctx, { storage, expressed, scale, zeroPoint = 0 }) {
  const c = contextOf(ctx);
  const s = typeIn(c, storage, 'storage');
  const e = typeIn(c, expressed, 'expressed');
  const raw = call(() => addon.uniformType(c.rawPointer, s.raw, e.raw, scale, zeroPoint));
  return omnir.Type.fromRaw(c, raw);
}

/** Whether `t` is a `!quant.uniform` type (asked of the dialect library). */
function isUniform(t) {
  return call(() => addon.isUniform(t.context.rawPointer, t.raw));
}

/** The parameters of a `!quant.uniform` type as the dialect reports them. */
function params(t) {
  const ctx = t.context;
  const p = call(() => addon.params(ctx.rawPointer, t.raw));
  return {
    storage: omnir.Type.fromRaw(ctx, p.storage),
    expressed: omnir.Type.fromRaw(ctx, p.expressed),
    scale: p.scale,
    zeroPoint: p.zeroPoint,
    signed: p.signed,
    storageMin: p.storageMin,
    storageMax: p.storageMax,
  };
}

/** The TypeID value of `quant.uniform`, as the dialect library sees it (process-wide). */
function uniformTypeId() {
  return call(() => addon.uniformTypeId());
}

/** The TypeID value of the `quant.QuantizedTypeInterface` type interface. */
function interfaceTypeId() {
  return call(() => addon.interfaceTypeId());
}

/** The dialect library loaded with the addon (the copy beside it). */
const libraryPath = path.join(__dirname, 'libquant_dialect.so.0');

module.exports = { register, uniformType, isUniform, params, uniformTypeId, interfaceTypeId, libraryPath };
