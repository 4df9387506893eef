'use strict';
// Options (declared per context, overridden per thread in `withOptions` scopes), passes and
// rewrite patterns written in JavaScript, and the pass manager — MLIR's pass infrastructure
// without process-global state (see src/passes.rs and the Rust client's passes module).
//
// A pass or pattern written here runs synchronously during `pm.run(op)`, on this thread,
// through the dispatcher (lib/binding.js; the cases are in lib/dialect.js): omnir runs
// passes and patterns registered through its C API on the calling thread.

const B = require('./binding');
const { Context, resolveContext } = require('./context');
const T = require('./types');
const IR = require('./ir');

const { N, S, fail, error, hooks, mutation, OmnirError } = B;
const { describe, wrongContext } = T;
const { Operation, Module, writeFlags } = IR;

// ---------------------------------------------------------------------------------------
// option values

const OPTION_TYPES = ['bool', 'int', 'float', 'string', 'enum', 'list'];

function isScalar(v) {
  const t = typeof v;
  return t === 'boolean' || t === 'number' || t === 'bigint' || t === 'string';
}

/** Checks that `v` is a value an option can take (boolean, number, BigInt, string, or an
 * array of those); what it means for the option's type is checked natively. */
function optionValue(name, v) {
  if (isScalar(v)) return v;
  if (Array.isArray(v)) {
    v.forEach((x, k) => {
      if (!isScalar(x)) {
        throw new TypeError(`option '${name}': element ${k} must be a boolean, number, BigInt or string, got ${describe(x)}`);
      }
    });
    return v;
  }
  throw new TypeError(`option '${name}': a value is a boolean, number, BigInt, string or array, got ${describe(v)}`);
}

/** The native declaration of an option (`{ type, default, help, cases, element }`). */
function optionDecl(name, spec) {
  if (typeof name !== 'string' || name.length === 0) throw new TypeError('an option needs a name (a non-empty string)');
  if (spec === null || typeof spec !== 'object') {
    throw new TypeError(`option '${name}': expected { type, default, help, cases, element }`);
  }
  const { type, help, cases, element } = spec;
  if (!OPTION_TYPES.includes(type)) {
    throw new TypeError(`option '${name}': type must be one of ${OPTION_TYPES.join(', ')} (got ${describe(type)})`);
  }
  const d = { name, type };
  if (element !== undefined) d.element = String(element);
  if (cases !== undefined) {
    if (!Array.isArray(cases)) throw new TypeError(`option '${name}': cases must be an array of strings`);
    d.cases = cases.map(String);
  }
  if (spec.default !== undefined) d.default = optionValue(name, spec.default);
  if (help !== undefined) d.help = String(help);
  return d;
}

/** [names, values] of `withOptions` settings: an object, a Map or [name, value] pairs. */
function settingsOf(settings) {
  let entries;
  if (settings instanceof Map || Array.isArray(settings)) entries = [...settings];
  else if (settings !== null && typeof settings === 'object') entries = Object.entries(settings);
  else throw new TypeError(`withOptions(settings, fn): settings is an object of option values, got ${describe(settings)}`);
  const names = [];
  const values = [];
  for (const [n, v] of entries) {
    names.push(String(n));
    values.push(optionValue(String(n), v));
  }
  return [names, values];
}

/** Declares an option in this context: `type` is `'bool'`, `'int'`, `'float'`, `'string'`,
 * `'enum'` (with `cases`) or `'list'` (with `element`). Declaring it again with the same
 * type and default does nothing; with another type or default is an error
 * (OMNIR_ERROR_ALREADY_EXISTS). */
Context.prototype.declareOption = function declareOption(name, spec) {
  const d = optionDecl(name, spec);
  S[0] = this._slot;
  if (N.optDeclare(d) !== 0) fail(this);
};

/** Sets this context's value of an option (seen by every thread without an override). */
Context.prototype.setOption = function setOption(name, value) {
  const n = String(name);
  const v = optionValue(n, value);
  S[0] = this._slot;
  if (N.optSet(n, v) !== 0) fail(this);
};

/** The value of an option as this thread sees it, typed by its declaration. */
Context.prototype.getOption = function getOption(name) {
  S[0] = this._slot;
  const v = N.optGet(String(name));
  if (v === null) fail(this);
  return v;
};

/** Forgets this context's value of an option: its default applies again. */
Context.prototype.resetOption = function resetOption(name) {
  S[0] = this._slot;
  if (N.optReset(String(name)) !== 0) fail(this);
};

/** Runs `fn()` with options overridden for this thread on this context, restoring them when
 * it returns or throws; returns what it returns. Synchronous: see index.d.ts. */
Context.prototype.withOptions = function withOptions(settings, fn) {
  if (typeof fn !== 'function') throw new TypeError('withOptions(settings, fn): fn must be a function');
  const [names, values] = settingsOf(settings);
  S[0] = this._slot;
  if (N.optPush(names, values) !== 0) fail(this);
  const scope = S[0];
  let returned = false;
  try {
    const r = fn();
    returned = true;
    return r;
  } finally {
    // Scopes end innermost first (try/finally nests them), so this cannot fail in order;
    // a failure is reported unless it would hide the exception `fn` threw.
    if (N.optPop(scope) !== 0) {
      const e = error(this);
      if (returned) throw e;
    }
  }
};

/** Sets the size of this context's pass thread pool (0: one thread per core). */
Context.prototype.setPassThreads = function setPassThreads(threads) {
  if (!Number.isInteger(threads) || threads < 0) {
    throw new TypeError(`setPassThreads(threads): a non-negative integer, got ${describe(threads)}`);
  }
  S[0] = this._slot;
  S[1] = threads;
  if (N.ctxSetPassThreads() !== 0) fail(this);
};

// ---------------------------------------------------------------------------------------
// passes and rewrite patterns

/** Registers a pass written in JavaScript, named in pipelines by `argument`:
 * `{ argument, name, description, options: [{ name, type, default, help, cases, element }],
 * run(op, options) }`. `run` gets its anchor operation and the options of this pass
 * instance (from the pipeline text, else their defaults), typed; it fails the pass by
 * throwing or by returning false. */
Context.prototype.registerPass = function registerPass(def) {
  if (def === null || typeof def !== 'object') throw new TypeError('registerPass({ argument, run, ... })');
  const { argument, run } = def;
  if (typeof argument !== 'string' || argument.length === 0) {
    throw new TypeError('registerPass: argument (its name in pipelines) must be a non-empty string');
  }
  if (typeof run !== 'function') throw new TypeError(`registerPass('${argument}'): run must be a function`);
  const options = def.options === undefined ? [] : def.options;
  if (!Array.isArray(options)) throw new TypeError(`registerPass('${argument}'): options must be an array`);
  const d = {
    argument,
    name: def.name === undefined ? undefined : String(def.name),
    description: def.description === undefined ? undefined : String(def.description),
    options: options.map((o) => optionDecl(o && o.name, o)),
    callback: this._addCallback((op, values) => run.call(def, op, values)),
  };
  S[0] = this._slot;
  if (N.passRegister(d) !== 0) fail(this);
};

/** Registers a rewrite pattern for `canonicalize`: `{ name, root, benefit, rewrite(op) }`.
 * `root` names the operation it applies to (omitted: every operation); patterns with a
 * higher `benefit` (0-65535, default 1) are tried first. `rewrite` returns true when it
 * rewrote `op` (through the ordinary API), false when it does not match (and changed
 * nothing). */
Context.prototype.registerRewritePattern = function registerRewritePattern(def) {
  if (def === null || typeof def !== 'object') throw new TypeError('registerRewritePattern({ name, rewrite, ... })');
  const { name, root, rewrite } = def;
  if (typeof name !== 'string' || name.length === 0) throw new TypeError('registerRewritePattern: name must be a non-empty string');
  if (typeof rewrite !== 'function') throw new TypeError(`registerRewritePattern('${name}'): rewrite must be a function`);
  const benefit = def.benefit === undefined ? 1 : def.benefit;
  if (!Number.isInteger(benefit) || benefit < 0 || benefit > 0xffff) {
    throw new TypeError(`registerRewritePattern('${name}'): benefit is an integer in 0..65535, got ${describe(benefit)}`);
  }
  if (root !== undefined && root !== null && typeof root !== 'string') {
    throw new TypeError(`registerRewritePattern('${name}'): root is an operation name`);
  }
  S[0] = this._slot;
  S[1] = this._addCallback((op) => rewrite.call(def, op));
  S[2] = benefit;
  if (N.patternRegister(name, root || null) !== 0) fail(this);
};

// ---------------------------------------------------------------------------------------
// the pass manager

const managerRegistry = new FinalizationRegistry((slot) => N.pmRelease(slot));

const PM_VERIFIER = 0;
const PM_MULTITHREADING = 1;
const PM_TIMING = 2;

function strings(what, xs) {
  if (xs === undefined || xs === null) return [];
  if (!Array.isArray(xs)) throw new TypeError(`enableIrPrinting: ${what} is an array of pass arguments`);
  return xs.map(String);
}

/**
 * A pass pipeline with its run settings, in MLIR's textual syntax:
 * `PassManager.parse('builtin.module(func.func(cse),canonicalize)', ctx)`.
 */
class PassManager {
  /** @internal use `PassManager.parse`. */
  constructor(ctx, slot) {
    /** The context the pipeline belongs to. */
    this.context = ctx;
    /** @internal */ this._slot = slot;
    managerRegistry.register(this, slot);
  }

  /** Parses a pipeline against the passes registered in `context` (default: the current
   * one); throws an MLIRError pointing at the problem. */
  static parse(pipeline, context) {
    const ctx = resolveContext(context);
    S[0] = ctx._slot;
    if (N.pmParse(String(pipeline)) !== 0) fail(ctx);
    return new PassManager(ctx, S[0]);
  }

  /** @internal */
  _enable(what, on) {
    S[0] = this._slot;
    S[1] = what;
    S[2] = on ? 1 : 0;
    if (N.pmEnable() !== 0) fail(this.context);
    return this;
  }

  /** Verify the IR after each pass (on by default). */
  enableVerifier(on = true) {
    return this._enable(PM_VERIFIER, on);
  }

  /** Use the context's thread pool where it helps (on by default). */
  enableMultithreading(on = true) {
    return this._enable(PM_MULTITHREADING, on);
  }

  /** Record wall time per pass (read with `timingReport()`). */
  enableTiming(on = true) {
    return this._enable(PM_TIMING, on);
  }

  /** Print the IR around passes (MLIR's `--mlir-print-ir-*`); read it with `takeOutput()`. */
  enableIrPrinting(options = {}) {
    const o = options || {};
    const config = {
      before: strings('before', o.before),
      after: strings('after', o.after),
      beforeAll: Boolean(o.beforeAll),
      afterAll: Boolean(o.afterAll),
      afterFailure: Boolean(o.afterFailure),
      moduleScope: Boolean(o.moduleScope),
    };
    writeFlags(o.flags);
    S[0] = this._slot;
    if (N.pmEnableIrPrinting(config) !== 0) fail(this.context);
    return this;
  }

  /** Runs the pipeline on `op` (an Operation or a Module). A failing pass (a JavaScript
   * pass that threw: its error is the `cause`) or failed verification throws an
   * MLIRError. */
  run(op) {
    const target = op instanceof Module ? op.operation : op;
    if (!(target instanceof Operation)) throw new TypeError(`run(op): expected an Operation or a Module, got ${describe(op)}`);
    if (target.context !== this.context) throw wrongContext();
    hooks.thrown = undefined;
    S[0] = this.context._slot;
    S[1] = target._i;
    S[2] = target._g;
    S[3] = this._slot;
    const st = N.pmRun();
    mutation.epoch++;
    const thrown = hooks.thrown;
    hooks.thrown = undefined;
    if (st !== 0) {
      const e = error(this.context);
      if (thrown !== undefined && e instanceof OmnirError && e.message.includes(B.messageOf(thrown))) e.cause = thrown;
      throw e;
    }
  }

  /** The timing report of the last run: MLIR's tree, or its `list` form. */
  timingReport(options = {}) {
    S[0] = this._slot;
    const r = N.pmTimingReport(Boolean(options && options.list));
    if (r === null) fail(this.context);
    return r;
  }

  /** The IR printed since the last call (see `enableIrPrinting`). */
  takeOutput() {
    S[0] = this._slot;
    const r = N.pmTakeOutput();
    if (r === null) fail(this.context);
    return r;
  }

  /** The pipeline in MLIR's textual syntax (parses back to the same pipeline). */
  toString() {
    S[0] = this._slot;
    const r = N.pmPrint();
    if (r === null) fail(this.context);
    return r;
  }
}

module.exports = { PassManager };
