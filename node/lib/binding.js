'use strict';
// The native addon and the calling convention (see node/src/state.rs): JavaScript writes the
// arguments of a call as numbers into the shared scratch `S` (a Uint32Array; `F` is the same
// memory as a Float64Array), calls a native function without arguments, and reads its
// outputs back from `S`. A function returns 0 on success, else the C status of the failure,
// whose details `fail()` turns into an exception.
//
// Also here: the error classes, the context table (slot -> Context, for callbacks), the
// dispatcher through which omnir's callbacks reach JavaScript functions, and helpers shared
// by the other modules.

const path = require('node:path');
const fs = require('node:fs');

function loadAddon() {
  const dir = path.join(__dirname, '..');
  // The package is built for linux-x64-gnu (omnir.linux-x64-gnu.node, beside libomnir.so.0);
  // other names are tried so that a local build for another platform loads too.
  const candidates = process.platform === 'linux'
    ? [`omnir.linux-${process.arch}-gnu.node`, `omnir.linux-${process.arch}-musl.node`]
    : [`omnir.${process.platform}-${process.arch}.node`];
  candidates.push('omnir.node');
  for (const c of candidates) {
    const file = path.join(dir, c);
    if (fs.existsSync(file)) return require(file);
  }
  throw new Error(`omnir: no native addon for ${process.platform}-${process.arch} in ${dir} `
    + `(looked for ${candidates.join(', ')}); this package is built for linux-x64-gnu`);
}

const N = loadAddon();

// The scratch: 256K words (1 MiB). Inputs larger than this are refused with a clear error;
// outputs that do not fit come back as a fresh array (`list`).
const SCRATCH_WORDS = 1 << 18;
const S = new Uint32Array(new ArrayBuffer(SCRATCH_WORDS * 4));
const F = new Float64Array(S.buffer);

/** The base class of every error omnir raises. `status` is the C API's status name
 * (`'OMNIR_ERROR_INVALID_ARGUMENT'`...). */
class OmnirError extends Error {
  constructor(message, status = 'OMNIR_ERROR_INTERNAL') {
    super(message);
    Object.defineProperty(this, 'name', { value: new.target.name, enumerable: false, configurable: true, writable: true });
    this.status = status;
  }
}

/** Use of a wrapper whose IR was erased (or that can no longer be reached). */
class StaleHandleError extends OmnirError {
  constructor(message, status = 'OMNIR_ERROR_STALE_HANDLE') { super(message, status); }
}

/** Parsing or verification failed, or a callback reported failure: `diagnostics` says why
 * (each with `severity`, `location`, `message`, `notes`). */
class MLIRError extends OmnirError {
  constructor(message, diagnostics = [], status = 'OMNIR_ERROR_VERIFICATION_FAILED') {
    super(message, status);
    this.diagnostics = diagnostics;
  }
}

// Set by the other modules (late binding avoids circular requires).
const hooks = {
  wrapDiagnostic: null, // (ctx, jsDiagnostic) -> Diagnostic
  dispatch: null, // (kind, ctx, fn, payload) -> answer
  thrown: undefined, // what the last callback threw (the `cause` of a failed pass run)
};

const DIAGNOSED = new Set(['OMNIR_ERROR_PARSE_FAILED', 'OMNIR_ERROR_VERIFICATION_FAILED',
  'OMNIR_ERROR_CALLBACK_FAILED']);

/** The exception for the last failed native call. `what` prefixes the message of an
 * MLIRError ("Unable to parse module", "Verification failed"). */
function error(ctx, what) {
  const e = N.takeError();
  if (!e) return new OmnirError('omnir: a call failed without an error message');
  if (e.status === 'OMNIR_ERROR_STALE_HANDLE') return new StaleHandleError(e.message, e.status);
  if (DIAGNOSED.has(e.status) || e.diagnostics.length > 0) {
    const diags = ctx && hooks.wrapDiagnostic ? e.diagnostics.map((d) => hooks.wrapDiagnostic(ctx, d)) : [];
    let message = e.message;
    if (what) {
      message = e.diagnostics.length === 0 ? `${what}: ${e.message}`
        : `${what}:\n${e.diagnostics.map((d) => (d.rendered || `error: ${d.message}`).trimEnd()).join('\n')}`;
    }
    return new MLIRError(message, diags, e.status);
  }
  return new OmnirError(e.message, e.status);
}

/** Throws the exception for the last failed native call. */
function fail(ctx, what) {
  throw error(ctx, what);
}

/** Reads a list written by a native call (count at word 0, items from word 1) and returns
 * [array, offset, count] without copying when it is in the scratch. The scratch is reused
 * by the next native call: callers copy what they keep. */
function list(wordsPerItem) {
  const n = S[0];
  if (n * wordsPerItem + 1 < SCRATCH_WORDS) return [S, 1, n];
  return [N.takePending(), 0, n];
}

/** Fails early when a call's inputs would not fit into the scratch. */
function room(words) {
  if (words >= SCRATCH_WORDS) {
    throw new OmnirError(`omnir: too many arguments for one call (${words} words, at most ${SCRATCH_WORDS - 1})`,
      'OMNIR_ERROR_INVALID_ARGUMENT');
  }
}

/** `x` as a C `uint32_t` (an index, a count, a width). `x >>> 0` would turn `undefined`,
 * `NaN` or `'a'` into 0 and 2**32 + 1 into 1: a silently wrong element or type. A value
 * that is not an integer is a TypeError; an integer outside 0..2**32-1 an OmnirError
 * (OMNIR_ERROR_OUT_OF_RANGE, as the C API reports an index past the end). */
function u32(x, what) {
  if (typeof x !== 'number' || !Number.isInteger(x)) {
    const got = x === null ? 'null' : typeof x === 'object' ? (x.constructor ? x.constructor.name : 'object')
      : typeof x === 'number' ? String(x) : typeof x;
    throw new TypeError(`${what}: expected an integer, got ${got}`);
  }
  if (x < 0 || x > 0xffffffff) {
    throw new OmnirError(`${what}: ${x} is out of range`, 'OMNIR_ERROR_OUT_OF_RANGE');
  }
  return x;
}

function describeValue(x) {
  if (x === null) return 'null';
  if (typeof x === 'object') return x.constructor ? x.constructor.name : 'object';
  return typeof x;
}

/** `x` as an array: an array as is, another iterable (a Set, a generator, `block.arguments`)
 * copied. Anything else (undefined, a number, a lone Value, a string) is a TypeError
 * naming the argument, rather than one from deep inside ("x.length of undefined"). */
function arr(x, what) {
  if (Array.isArray(x)) return x;
  if (x !== null && typeof x === 'object' && typeof x[Symbol.iterator] === 'function') return Array.from(x);
  throw new TypeError(`${what}: expected an array, got ${describeValue(x)}`);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How many leading bytes of `b` are valid UTF-8 (as Rust's `Utf8Error::valid_up_to`). */
function utf8ValidUpTo(b) {
  for (let i = 0; i < b.length;) {
    const c = b[i];
    const n = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (n === 0 || i + n > b.length) return i;
    // The second byte's range is narrower after E0, ED, F0 and F4 (overlong forms, UTF-16
    // surrogates, code points past U+10FFFF).
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < n; k++) {
      const d = b[i + k];
      if (k === 1 ? d < lo || d > hi : d < 0x80 || d > 0xbf) return i;
    }
    i += n;
  }
  return b.length;
}

/** `x` as text: a string as is, bytes (a Uint8Array, a Buffer) decoded as UTF-8. Bytes that
 * are not UTF-8 are an OmnirError (OMNIR_ERROR_INVALID_UTF8) at the first bad byte, never
 * text with replacement characters the caller did not write. Anything else is a TypeError:
 * `String(undefined)` would silently be the text "undefined". */
function text(x, what) {
  if (typeof x === 'string') return x;
  if (x instanceof Uint8Array) {
    try {
      return utf8.decode(x);
    } catch {
      throw new OmnirError(`${what}: the bytes are not valid UTF-8 (at byte ${utf8ValidUpTo(x)})`,
        'OMNIR_ERROR_INVALID_UTF8');
    }
  }
  throw new TypeError(`${what}: expected a string, got ${describeValue(x)}`);
}

// ---------------------------------------------------------------------------------------
// contexts by slot (weakly), and the dispatcher of callbacks

const contexts = [];

function contextOfSlot(slot) {
  const r = contexts[slot];
  return r === undefined ? undefined : r.deref();
}

// Called by omnir (through the addon), synchronously, on this thread: kind, context slot,
// callback index in that context, payload. Answers: undefined (success), a boolean (a
// predicate, a rewrite pattern), a number (an attribute id) or a string (a failure
// message). Never throws.
function dispatcher(kind, slot, index, payload) {
  try {
    const ctx = contextOfSlot(slot);
    if (ctx === undefined) return 'omnir: the context of this callback is gone';
    const fn = ctx._callbacks[index];
    if (fn === undefined || fn === null) return 'omnir: the callback is gone';
    return hooks.dispatch(kind, ctx, fn, payload);
  } catch (e) {
    hooks.thrown = e;
    return messageOf(e);
  }
}

function messageOf(e) {
  if (e instanceof Error) return e.message || String(e);
  return String(e);
}

N.init(S, dispatcher);

// Epoch of IR mutations made from JavaScript: a walk over a snapshot checks liveness only
// after something changed.
const mutation = { epoch: 0 };

module.exports = {
  N, S, F, SCRATCH_WORDS, OmnirError, StaleHandleError, MLIRError, hooks, error, fail, list, room, u32, arr, text,
  contexts, contextOfSlot, messageOf, mutation,
};
