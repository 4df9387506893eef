'use strict';
// Dialects as data (docs/dialects.md): definition files — IRDL plus `omnir.*`
// attributes — loaded into a context, and the hooks they name written in JavaScript:
// verifier hooks (`omnir.verifier = "name"`) and the parsers and printers of
// `custom<Name>(...)` directives in assembly formats, with DirectiveParser / DirectivePrinter
// objects in MLIR's OpAsmParser / OpAsmPrinter vocabulary.
//
// Hooks run synchronously on this thread, during the call that parses, prints or verifies
// (see lib/dialect.js). A parser or printer object works only during its callback: it is
// closed when the callback returns, and every method of a closed one throws.

const B = require('./binding');
const { Context } = require('./context');
const T = require('./types');
const A = require('./attributes');

const { N, S, fail, hooks, OmnirError, messageOf } = B;
const { wrapType, typeIdIn, describe } = T;
const { wrapAttr } = A;

/**
 * Loads a dialect definition file (IRDL with `omnir.*` attributes, as `mlir-opt
 * --irdl-file`): `text` is a string or UTF-8 bytes (a Uint8Array or Buffer, e.g.
 * `fs.readFileSync(path)`), `filename` names it in errors (default `'-'`). Its operations
 * then parse and print in their custom form. A bad file throws an MLIRError whose
 * diagnostics give each error at its `file:line:col`, and registers nothing. Register the
 * verifier hooks the file names first; its custom directives after (they belong to the
 * dialect the file defines).
 */
Context.prototype.loadDialectDefinitions = function loadDialectDefinitions(text, filename) {
  const name = filename === undefined || filename === null ? '-' : B.text(filename, 'loadDialectDefinitions: filename');
  const bytes = text instanceof Uint8Array;
  const source = bytes ? text : B.text(text, 'loadDialectDefinitions');
  S[0] = this._slot;
  if ((bytes ? N.ctxLoadDefinitionsBytes(source, name) : N.ctxLoadDefinitions(source, name)) !== 0) {
    fail(this, 'Unable to load dialect definitions');
  }
};

/**
 * The typed bindings of `dialect` (shipped, or loaded with `loadDialectDefinitions`) as
 * `omnir-gen` writes them: `language` is `'javascript'` (the CommonJS module), `'typescript'`
 * (its declarations), `'python'`, `'cxx'` or `'c'` (the C++ / C header); `source` names the
 * definition in the header. The package's `omnir-gen` command writes both JavaScript files
 * of a definition file.
 */
Context.prototype.generateBindings = function generateBindings(dialect, language = 'javascript', source = '') {
  const d = B.text(dialect, 'generateBindings: dialect');
  const l = B.text(language, 'generateBindings: language');
  const s = B.text(source, 'generateBindings: source');
  S[0] = this._slot;
  const text = N.ctxGenerateBindings(d, l, s);
  if (text === null) fail(this, 'Unable to generate bindings');
  return text;
};

/**
 * Registers a verifier hook for definitions that say `omnir.verifier = "name"` (register it
 * before loading them). `verify(op)` runs after the checks the definition implies: return
 * nothing or true (valid), false or a message (invalid: `'dialect.op' op message` at the
 * op's location), or throw (the exception's message). Registering the name again replaces
 * it for definitions loaded afterwards.
 */
Context.prototype.registerVerifierHook = function registerVerifierHook(name, verify) {
  const n = B.text(name, 'registerVerifierHook: name');
  if (typeof verify !== 'function') throw new TypeError(`registerVerifierHook(name, verify): verify must be a function, got ${describe(verify)}`);
  S[0] = this._slot;
  S[1] = this._addCallback(verify);
  if (N.ctxRegisterVerifierHook(n) !== 0) fail(this);
};

/**
 * Registers `custom<name>(...)` for the assembly formats of `dialect`'s operations (the
 * dialect must exist: load its definitions first). `directive.parse(parser)` reads the
 * directive's text with a DirectiveParser and fills its arguments; it fails the parse by
 * throwing (a failed parser call's own error keeps its position; another exception's
 * message becomes the parse error at the parser's position) or returning false.
 * `directive.print(printer)` writes the arguments back with a DirectivePrinter so that the
 * parser reads them again; an exception there makes the print throw (an MLIRError naming
 * the directive) rather than return text without it.
 */
Context.prototype.registerCustomDirective = function registerCustomDirective(dialect, name, directive) {
  const d = B.text(dialect, 'registerCustomDirective: dialect');
  const n = B.text(name, 'registerCustomDirective: name');
  if (directive === null || typeof directive !== 'object' || typeof directive.parse !== 'function'
    || typeof directive.print !== 'function') {
    throw new TypeError('registerCustomDirective(dialect, name, directive): directive must be { parse(parser), print(printer) }');
  }
  S[0] = this._slot;
  S[1] = this._addCallback(directive);
  if (N.ctxRegisterCustomDirective(d, n) !== 0) fail(this);
};

// The kinds of directive arguments (`custom<Name>($operands, type($operands), $attr,
// $region, ...)`, numbered from 0 in the order the format writes them).
const ARG_KINDS = ['operands', 'types', 'attribute', 'region', 'other', 'successors'];

function closed(what) {
  return new OmnirError(`the directive ${what} is only valid during its callback`, 'OMNIR_ERROR_INVALID_ARGUMENT');
}

function argIndex(arg) {
  return B.u32(arg, 'argument');
}

/**
 * The token stream a `custom<Name>` directive's parser reads (MLIR's `OpAsmParser`).
 * Arguments are the directive's, by position. A failing `parse*` call throws an MLIRError
 * and has already reported its diagnostic at the offending token; let it propagate (or
 * rethrow it) and that diagnostic is the parse error.
 */
class DirectiveParser {
  /** @internal */
  constructor(ctx, id) {
    /** The context of the operation being parsed. */
    this.context = ctx;
    /** @internal 0 once closed */ this._id = id;
    /** @internal the error of the last failed parser call */ this._failure = undefined;
  }

  /** @internal */
  _begin() {
    if (this._id === 0) throw closed('parser');
    S[0] = this._id;
  }

  /** @internal */
  _check(st) {
    if (st === 0) return;
    const e = B.error(this.context);
    if (e.status === 'OMNIR_ERROR_PARSE_FAILED') this._failure = e;
    throw e;
  }

  /** What argument `arg` is: `'operands'`, `'types'`, `'attribute'`, `'region'`,
   * `'successors'` or `'other'`. */
  argKind(arg) {
    const a = argIndex(arg);
    this._begin();
    S[1] = a;
    this._check(N.dparserArgKind());
    return ARG_KINDS[S[0]];
  }

  /** `parseOperand`: an SSA use (`%x`, `%x#1`), appended to operand group `arg`. */
  parseOperand(arg) {
    const a = argIndex(arg);
    this._begin();
    S[1] = a;
    this._check(N.dparserParseOperand());
  }

  /** `parseOptionalOperand`: an SSA use if one comes next; whether there was one. */
  parseOptionalOperand(arg) {
    const a = argIndex(arg);
    this._begin();
    S[1] = a;
    this._check(N.dparserParseOptionalOperand());
    return S[0] !== 0;
  }

  /** Whether an SSA use (`%...`) comes next; consumes nothing. */
  atOperand() {
    this._begin();
    this._check(N.dparserAtOperand());
    return S[0] !== 0;
  }

  /** `parseArgument`: a new value (`%name`) of type `type`, an entry-block argument of
   * region argument `arg`. */
  parseArgument(arg, type) {
    const a = argIndex(arg);
    const t = typeIdIn(this.context, type);
    this._begin();
    S[1] = a;
    S[2] = t;
    this._check(N.dparserParseArgument());
  }

  /** `parseArgumentList` with parentheses: `(%a, %b, ...)` or `()`, new values that become
   * entry-block arguments of region argument `arg`, of type `type`; without a type, give
   * each one with `setArgumentType`. Returns how many were read. */
  parseArgumentList(arg, type) {
    const a = argIndex(arg);
    const t = type === null || type === undefined ? 0 : typeIdIn(this.context, type);
    this._begin();
    S[1] = a;
    S[2] = t;
    this._check(N.dparserParseArgumentList());
    return S[0];
  }

  /** The type of entry-block argument `index` of region argument `arg`, for names read
   * before their types (`(%a, %b) : i32`). */
  setArgumentType(arg, index, type) {
    const a = argIndex(arg);
    const i = B.u32(index, 'index');
    const t = typeIdIn(this.context, type);
    this._begin();
    S[1] = a;
    S[2] = i;
    S[3] = t;
    this._check(N.dparserSetArgumentType());
  }

  /** `parseSuccessor`: a block name (`^bb1`), appended to successor group `arg`. */
  parseSuccessor(arg) {
    const a = argIndex(arg);
    this._begin();
    S[1] = a;
    this._check(N.dparserParseSuccessor());
  }

  /** Whether a block name (`^...`) comes next; consumes nothing. */
  atSuccessor() {
    this._begin();
    this._check(N.dparserAtSuccessor());
    return S[0] !== 0;
  }

  /** `parseOptionalInteger`: the signed integer literal that comes next, as a BigInt (it
   * may need all 64 bits), or undefined. */
  parseOptionalInteger() {
    this._begin();
    this._check(N.dparserParseOptionalInteger());
    if (S[0] === 0) return undefined;
    return BigInt.asIntN(64, (BigInt(S[2]) << 32n) | BigInt(S[1]));
  }

  /** `parseOptionalString`: the string literal that comes next (unescaped), or undefined. */
  parseOptionalString() {
    this._begin();
    const s = N.dparserParseOptionalString();
    if (s === null) this._check(1);
    return S[0] === 0 ? undefined : s;
  }

  /** Whether `keyword` comes next (consumes nothing): with `parseKeyword`, MLIR's
   * `parseOptionalKeyword("keyword")`. */
  atKeyword(keyword) {
    const k = B.text(keyword, 'atKeyword');
    this._begin();
    this._check(N.dparserAtKeyword(k));
    return S[0] !== 0;
  }

  /** `parseKeyword`: exactly `keyword`. */
  parseKeyword(keyword) {
    const k = B.text(keyword, 'parseKeyword');
    this._begin();
    this._check(N.dparserParseKeyword(k));
  }

  /** `parseOptionalKeyword`: the keyword that comes next, or undefined (nothing consumed). */
  parseOptionalKeyword() {
    this._begin();
    const k = N.dparserParseOptionalKeyword();
    if (k === null) this._check(1);
    return k === '' ? undefined : k;
  }

  /** Exactly `punct` (`','`, `':'`, `'['`, `'->'`...: MLIR's `parseComma`, `parseColon`...). */
  parsePunctuation(punct) {
    const p = B.text(punct, 'parsePunctuation');
    this._begin();
    this._check(N.dparserParsePunctuation(p));
  }

  /** `punct` if it comes next; whether it did (`parseOptionalComma`...). */
  parseOptionalPunctuation(punct) {
    const p = B.text(punct, 'parseOptionalPunctuation');
    this._begin();
    this._check(N.dparserParseOptionalPunctuation(p));
    return S[0] !== 0;
  }

  /** `parseType`. */
  parseType() {
    this._begin();
    this._check(N.dparserParseType());
    return wrapType(this.context, S[0]);
  }

  /** `parseAttribute`. */
  parseAttribute() {
    this._begin();
    this._check(N.dparserParseAttribute());
    return wrapAttr(this.context, S[0]);
  }

  /** Appends `type` to argument `arg` (a `type(...)` argument). */
  addType(arg, type) {
    const a = argIndex(arg);
    const t = typeIdIn(this.context, type);
    this._begin();
    S[1] = a;
    S[2] = t;
    this._check(N.dparserAddType());
  }

  /** Sets argument `arg` (an attribute of the op); null or undefined leaves it unset. */
  setAttribute(arg, attr) {
    const a = argIndex(arg);
    const id = attr === null || attr === undefined ? 0 : A.attrIdIn(this.context, attr);
    this._begin();
    S[1] = a;
    S[2] = id;
    this._check(N.dparserSetAttribute());
  }
}

/** Where a `custom<Name>` directive's printer writes (MLIR's `OpAsmPrinter`). */
class DirectivePrinter {
  /** @internal */
  constructor(ctx, id) {
    /** The context of the operation being printed. */
    this.context = ctx;
    /** @internal 0 once closed */ this._id = id;
  }

  /** @internal */
  _begin() {
    if (this._id === 0) throw closed('printer');
    S[0] = this._id;
  }

  /** @internal */
  _check(st) {
    if (st !== 0) fail(this.context);
  }

  /** Writes `text` as is (`printer << text`). */
  write(text) {
    const s = B.text(text, 'write');
    this._begin();
    this._check(N.dprinterWrite(s));
  }

  /** Argument `arg`: its kind (as `DirectiveParser.argKind`) and how many values it holds
   * (operands, types, successors, a region's entry-block arguments; 0 or 1 for an
   * attribute). */
  arg(arg) {
    const a = argIndex(arg);
    this._begin();
    S[1] = a;
    this._check(N.dprinterArg());
    return { kind: ARG_KINDS[S[0]], count: S[1] };
  }

  /** How many values argument `arg` holds. */
  numValues(arg) {
    return this.arg(arg).count;
  }

  /** `printOperand`: operand `index` of operand group `arg`, named as in the op's text. */
  printOperand(arg, index) {
    const a = argIndex(arg);
    const i = B.u32(index, 'index');
    this._begin();
    S[1] = a;
    S[2] = i;
    this._check(N.dprinterPrintOperand());
  }

  /** Type `index` of argument `arg` (a `type(...)` argument, or a region's entry-block
   * argument). */
  getType(arg, index) {
    const a = argIndex(arg);
    const i = B.u32(index, 'index');
    this._begin();
    S[1] = a;
    S[2] = i;
    this._check(N.dprinterGetType());
    return wrapType(this.context, S[0]);
  }

  /** Argument `arg` (an attribute of the op), or undefined when the op does not have it. */
  getAttribute(arg) {
    const a = argIndex(arg);
    this._begin();
    S[1] = a;
    this._check(N.dprinterGetAttribute());
    return S[0] === 0 ? undefined : wrapAttr(this.context, S[0]);
  }

  /** `printType` (aliases included). */
  printType(type) {
    const t = typeIdIn(this.context, type);
    this._begin();
    S[1] = t;
    this._check(N.dprinterPrintType());
  }

  /** `printAttribute`. */
  printAttribute(attr) {
    const a = A.attrIdIn(this.context, attr);
    this._begin();
    S[1] = a;
    this._check(N.dprinterPrintAttribute());
  }

  /** `printAttributeWithoutType`: `3`, not `3 : i64`. */
  printAttributeWithoutType(attr) {
    const a = A.attrIdIn(this.context, attr);
    this._begin();
    S[1] = a;
    this._check(N.dprinterPrintAttributeWithoutType());
  }

  /** `printSuccessor`: successor `index` of successor group `arg` (`^bb1`). */
  printSuccessor(arg, index) {
    const a = argIndex(arg);
    const i = B.u32(index, 'index');
    this._begin();
    S[1] = a;
    S[2] = i;
    this._check(N.dprinterPrintSuccessor());
  }

  /** `printNewline`: a new line at the op's indentation. */
  printNewline() {
    this._begin();
    this._check(N.dprinterPrintNewline());
  }

  /** `printOptionalLocationSpecifier` for entry-block argument `index` of region argument
   * `arg`: ` loc(...)` when locations are printed, nothing otherwise. */
  printOptionalLocationSpecifier(arg, index) {
    const a = argIndex(arg);
    const i = B.u32(index, 'index');
    this._begin();
    S[1] = a;
    S[2] = i;
    this._check(N.dprinterPrintOptionalLocationSpecifier());
  }
}

function isThenable(r) {
  return r !== null && (typeof r === 'object' || typeof r === 'function') && typeof r.then === 'function';
}

// Called through the dispatcher (lib/dialect.js) with the directive's `{ parse, print }` and
// the id of the native parser or printer. Answers as the dispatcher's: undefined (done), a
// string (a failure message), false (the parser returned false), or 1: the parser let a
// failed parser call's own error through, whose diagnostic the native side keeps.
hooks.directive = (parse, ctx, directive, id) => {
  if (parse) {
    const parser = new DirectiveParser(ctx, id);
    try {
      const r = directive.parse(parser);
      if (isThenable(r)) {
        r.then(undefined, () => {});
        return 'the custom directive parser returned a Promise: omnir calls it synchronously and does not await it';
      }
      return r === false ? false : undefined;
    } catch (e) {
      hooks.thrown = e;
      return e !== undefined && e === parser._failure ? 1 : messageOf(e);
    } finally {
      parser._id = 0;
    }
  }
  const printer = new DirectivePrinter(ctx, id);
  try {
    const r = directive.print(printer);
    if (isThenable(r)) {
      r.then(undefined, () => {});
      return 'the custom directive printer returned a Promise: omnir calls it synchronously and does not await it';
    }
    return undefined;
  } finally {
    printer._id = 0;
  }
};

module.exports = { DirectiveParser, DirectivePrinter };
