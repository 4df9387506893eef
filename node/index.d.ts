// Type definitions of `omnir`: MLIR's IR vocabulary for JavaScript over the one shared core,
// libomnir.so.0.
//
// The public classes are written in JavaScript (lib/*.js) over the native addon, whose own
// declarations napi-rs generates into native.d.ts (an internal calling convention: handle
// numbers through a shared scratch buffer). This file types the public API precisely.

/* eslint-disable @typescript-eslint/no-explicit-any */

// ---------------------------------------------------------------------------------------
// errors

/** The C API's status names. */
export type Status =
  | 'OMNIR_ERROR_STALE_HANDLE'
  | 'OMNIR_ERROR_INVALID_ARGUMENT'
  | 'OMNIR_ERROR_OUT_OF_RANGE'
  | 'OMNIR_ERROR_STILL_IN_USE'
  | 'OMNIR_ERROR_CYCLE'
  | 'OMNIR_ERROR_VERIFICATION_FAILED'
  | 'OMNIR_ERROR_PARSE_FAILED'
  | 'OMNIR_ERROR_NOT_REGISTERED'
  | 'OMNIR_ERROR_ALREADY_EXISTS'
  | 'OMNIR_ERROR_CALLBACK_FAILED'
  | 'OMNIR_ERROR_INTERNAL'
  | 'OMNIR_ERROR_NULL_ARGUMENT'
  | 'OMNIR_ERROR_INVALID_UTF8'
  | 'OMNIR_ERROR_BUSY'
  | 'OMNIR_ERROR_WRONG_CONTEXT'
  | 'OMNIR_ERROR_UNKNOWN';

/** The base class of every error omnir raises. */
export class OmnirError extends Error {
  constructor(message: string, status?: Status);
  /** The C API's status name. */
  readonly status: Status;
}

/** Use of a wrapper whose IR was erased. */
export class StaleHandleError extends OmnirError {}

/** Parsing or verification failed, or a callback reported failure. */
export class MLIRError extends OmnirError {
  constructor(message: string, diagnostics?: Diagnostic[], status?: Status);
  /** The error diagnostics, in order. */
  readonly diagnostics: Diagnostic[];
}

// ---------------------------------------------------------------------------------------
// context

export interface ContextOptions {
  /** Default true. */
  allowUnregisteredDialects?: boolean;
  /** Whether parsing verifies what it parsed. Default true. */
  verifyAfterParse?: boolean;
}

/** An omnir context: owns all IR, types, attributes and dialect registrations made in it. */
export class Context {
  constructor(options?: ContextOptions);
  allowUnregisteredDialects: boolean;
  /**
   * Whether `Module.parse` and `Operation.parse` verify what they parse (as MLIR does);
   * default true. IR that does not verify then fails to parse with an `MLIRError`.
   */
  verifyAfterParse: boolean;
  isDialectRegistered(name: string): boolean;
  isOperationRegistered(name: string): boolean;
  /** Runs `fn(ctx)` with this context as `Context.current`. */
  run<R>(fn: (ctx: this) => R): R;
  /** The context of the innermost `run` scope (a location's or insertion point's counts). */
  static readonly current: Context | undefined;
  /** The `omnir_context *` as a BigInt, for other native addons that use the same core. */
  readonly rawPointer: bigint;
  equals(other: unknown): boolean;
  readonly hash: number;
  toString(): string;
  /** Attaches a diagnostic handler; return true to mark a diagnostic handled. */
  attachDiagnosticHandler(handler: (diagnostic: Diagnostic) => boolean | void): DiagnosticHandler;
  /** Attaches an implementation of `iface` to the kind `kind` (MLIR's external models):
   * a marker, or methods written in JavaScript. */
  attachInterface<R extends InterfaceReceiver = InterfaceReceiver>(kind: TypeID | string, iface: TypeID | string,
    methods?: InterfaceMethods<R>): void;

  // dialect definition files (docs/dialects.md) and the hooks they name

  /** Loads a dialect definition file (IRDL with `omnir.*` attributes, as `mlir-opt
   * --irdl-file`); `filename` names it in errors (default `'-'`). Its operations then parse
   * and print in their custom form. A bad file throws an `MLIRError` with each error at its
   * `file:line:col` and registers nothing. */
  loadDialectDefinitions(text: string | Uint8Array, filename?: string): void;
  /** The typed bindings of a dialect as omnir-gen writes them (`'javascript'`: the CommonJS
   * module, `'typescript'`: its declarations, `'python'`, `'cxx'` / `'c'`: the C++ / C header). */
  generateBindings(dialect: string, language?: 'javascript' | 'typescript' | 'python' | 'cxx' | 'c', source?: string): string;
  /** Registers the verifier hook that definitions name with `omnir.verifier = "name"`
   * (before loading them). Return nothing or true (valid), false or a message (invalid), or
   * throw. */
  registerVerifierHook(name: string, verify: (op: Operation) => boolean | string | void): void;
  /** Registers `custom<name>(...)` for the assembly formats of `dialect`'s operations (after
   * loading the dialect's definitions). */
  registerCustomDirective(dialect: string, name: string, directive: CustomDirective): void;

  // options (per context; overrides per thread) -- see "options and passes" below

  /** Declares an option in this context. Declaring it again with the same type does nothing
   * (the first default and help stay); with another type throws an OmnirError
   * (`OMNIR_ERROR_ALREADY_EXISTS`). Without `default`, MLIR's zero default (false, 0, 0.0,
   * '', the first case, []). */
  declareOption(name: string, spec: OptionSpec): void;
  /** Sets this context's value of an option, seen by every thread without an override. The
   * value is checked against the declared type: a number for an int option must be an
   * integer (beyond 2^53, pass a BigInt); a string is parsed as in a pipeline (`'on'`,
   * `'1,2,3'`). A bad value throws an OmnirError naming the option and what it accepts,
   * and changes nothing. */
  setOption(name: string, value: OptionValue): void;
  /** The value of an option as this thread sees it (innermost `withOptions` override, else
   * the context's value, else the default), typed by its declaration: bool -> boolean,
   * int -> number (a BigInt when beyond +-(2^53 - 1), where a number would be inexact),
   * float -> number, string and enum -> string, list -> array. An unknown name throws an
   * OmnirError listing the declared ones. */
  getOption(name: string): OptionValue;
  /** Forgets this context's value of an option: its default applies again. */
  resetOption(name: string): void;
  /**
   * Runs `fn()` with `settings` overriding options for this thread on this context, and
   * returns what `fn` returns. The overrides end when `fn` returns or throws (scopes nest;
   * the outer values come back). Every value is checked first: on error nothing is
   * overridden and `fn` does not run.
   *
   * Scopes are per thread and synchronous, like MLIR's: if `fn` returns a Promise, the
   * scope still ends when `fn` returns it, so code after its first `await` (and the
   * promise's callbacks) sees the values from outside the scope. Wrap each synchronous
   * step (a `pm.run(op)`, a `getOption`) instead of an async function.
   */
  withOptions<R>(settings: OptionSettings, fn: () => R): R;

  // passes and rewrite patterns written in JavaScript

  /** Sets the size of this context's pass thread pool (0: one thread per core). Passes and
   * patterns written in JavaScript always run on the calling thread. */
  setPassThreads(threads: number): void;
  /** Registers a pass that pipelines of this context name by `def.argument`. A taken
   * argument throws an OmnirError (`OMNIR_ERROR_ALREADY_EXISTS`). */
  registerPass<O extends PassOptionValues = PassOptionValues>(def: PassDefinition<O>): void;
  /** Registers a rewrite pattern that `canonicalize` applies (to a fixpoint, highest
   * benefit first). */
  registerRewritePattern(def: RewritePatternDefinition): void;
}

/** A process-wide type identifier, interned by qualified name. */
export class TypeID {
  private constructor(value: number);
  static get(name: string): TypeID;
  /** The numeric TypeID (the C API's `uint32_t`). */
  readonly value: number;
  readonly name: string;
  equals(other: unknown): boolean;
  readonly hash: number;
  toString(): string;
}

/** A C handle of a type or an attribute, for other native addons. */
export interface RawUniqued {
  context: number;
  id: number;
}

/** A C handle of an operation. */
export interface RawOperation {
  context: number;
  index: number;
  generation: number;
}

// ---------------------------------------------------------------------------------------
// types

/** A uniqued type, always of its most specific class. */
export class Type {
  protected constructor(ctx: Context, id: number);
  readonly context: Context;
  static parse(text: string, context?: Context): Type;
  static isInstance(x: unknown): boolean;
  /** `x` as this class; a TypeError if it is not one. */
  static cast<T extends Type>(this: { prototype: T }, x: Type): T;
  static fromRaw(ctx: Context, raw: RawUniqued): Type;
  readonly typeId: TypeID;
  implements(iface: TypeID | string): boolean;
  callInterfaceMethod(iface: TypeID | string, method: string, ...args: AttributeLike[]): Attribute | undefined;
  equals(other: unknown): boolean;
  readonly hash: number;
  readonly raw: RawUniqued;
  toString(): string;
}

export type Signedness = 'signless' | 'signed' | 'unsigned';

export class IntegerType extends Type {
  static get(width: number, signedness?: Signedness, context?: Context): IntegerType;
  static get(width: number, context?: Context): IntegerType;
  static getSignless(width: number, context?: Context): IntegerType;
  static getSigned(width: number, context?: Context): IntegerType;
  static getUnsigned(width: number, context?: Context): IntegerType;
  readonly width: number;
  readonly signedness: Signedness;
  readonly isSignless: boolean;
  readonly isSigned: boolean;
  readonly isUnsigned: boolean;
}

export class IndexType extends Type {
  static get(context?: Context): IndexType;
}

export class NoneType extends Type {
  static get(context?: Context): NoneType;
}

/** The base class of floating-point types. */
export class FloatType extends Type {
  /** By MLIR spelling: `FloatType.get('f32')`, `'bf16'`, `'f8E4M3FN'`... (each subclass's
   * `get(context?)` takes no name). */
  static get(name?: string | Context, context?: Context): FloatType;
  readonly width: number;
}

export class F16Type extends FloatType { static get(context?: Context): F16Type; }
export class BF16Type extends FloatType { static get(context?: Context): BF16Type; }
export class F32Type extends FloatType { static get(context?: Context): F32Type; }
export class F64Type extends FloatType { static get(context?: Context): F64Type; }
export class F80Type extends FloatType { static get(context?: Context): F80Type; }
export class F128Type extends FloatType { static get(context?: Context): F128Type; }
export class FloatTF32Type extends FloatType { static get(context?: Context): FloatTF32Type; }
export class Float8E5M2Type extends FloatType { static get(context?: Context): Float8E5M2Type; }
export class Float8E4M3Type extends FloatType { static get(context?: Context): Float8E4M3Type; }
export class Float8E4M3FNType extends FloatType { static get(context?: Context): Float8E4M3FNType; }
export class Float8E5M2FNUZType extends FloatType { static get(context?: Context): Float8E5M2FNUZType; }
export class Float8E4M3FNUZType extends FloatType { static get(context?: Context): Float8E4M3FNUZType; }
export class Float8E4M3B11FNUZType extends FloatType { static get(context?: Context): Float8E4M3B11FNUZType; }
export class Float8E3M4Type extends FloatType { static get(context?: Context): Float8E3M4Type; }
export class Float8E8M0FNUType extends FloatType { static get(context?: Context): Float8E8M0FNUType; }
export class Float6E2M3FNType extends FloatType { static get(context?: Context): Float6E2M3FNType; }
export class Float6E3M2FNType extends FloatType { static get(context?: Context): Float6E3M2FNType; }
export class Float4E2M1FNType extends FloatType { static get(context?: Context): Float4E2M1FNType; }

export class ComplexType extends Type {
  static get(elementType: Type): ComplexType;
  readonly elementType: Type;
}

export class FunctionType extends Type {
  static get(inputs: Type[], results: Type[], context?: Context): FunctionType;
  readonly inputs: Type[];
  readonly results: Type[];
}

export class TupleType extends Type {
  static get(elements: Type[], context?: Context): TupleType;
  readonly types: Type[];
  readonly numTypes: number;
  getType(i: number): Type;
}

/** The base class of vectors, tensors and memrefs. */
export class ShapedType extends Type {
  /** MLIR's dynamic size (`?`): -2**63. */
  static readonly DYNAMIC: number;
  static getDynamicSize(): number;
  static isDynamicSize(size: number): boolean;
  readonly elementType: Type;
  readonly hasRank: boolean;
  readonly rank: number;
  /** Dimension sizes; `ShapedType.DYNAMIC` for `?`. */
  readonly shape: number[];
  getDimSize(i: number): number;
  isDynamicDim(i: number): boolean;
  readonly hasStaticShape: boolean;
  readonly numElements: number;
}

export class VectorType extends ShapedType {
  static get(shape: number[], elementType: Type, options?: { scalable?: boolean[] }): VectorType;
  readonly scalableDims: boolean[];
  readonly isScalable: boolean;
}

export class RankedTensorType extends ShapedType {
  static get(shape: number[], elementType: Type, encoding?: Attribute | null): RankedTensorType;
  readonly encoding: Attribute | null;
}

export class UnrankedTensorType extends ShapedType {
  static get(elementType: Type): UnrankedTensorType;
}

export class MemRefType extends ShapedType {
  static get(shape: number[], elementType: Type, options?: { layout?: Attribute; memorySpace?: Attribute }): MemRefType;
  readonly layout: Attribute | null;
  readonly memorySpace: Attribute | null;
}

export class UnrankedMemRefType extends ShapedType {
  static get(elementType: Type, memorySpace?: Attribute): UnrankedMemRefType;
  readonly memorySpace: Attribute | null;
}

export class OpaqueType extends Type {
  static get(dialectNamespace: string, data: string, context?: Context): OpaqueType;
  readonly dialectNamespace: string;
  readonly data: string;
}

/** A type defined at run time by a registered dialect (from any package). The generated
 * dialect modules have a class per kind over it (`pixels.RgbType`), which such types come
 * back as once the module is loaded. */
export class DialectType extends Type {
  /** The type `!name<params>` of a registered kind (`'pixels.rgb'`; a kind of a shipped
   * dialect, `'gpu.async.token'`, loads that dialect), its parameters checked by the
   * definition (an MLIRError otherwise). */
  static getByName(name: string, params: Iterable<Attribute>, context?: Context | null): DialectType;
  readonly params: Attribute[];
  /** `dialect.name`. */
  readonly name: string;
}

// ---------------------------------------------------------------------------------------
// attributes

/** Values converted to attributes where the API says so (`toAttr`). */
export type AttributeLike = Attribute | Type | boolean | number | bigint | string | AttributeLike[];

/** A uniqued attribute, always of its most specific class. */
export class Attribute {
  protected constructor(ctx: Context, id: number);
  readonly context: Context;
  static parse(text: string, context?: Context): Attribute;
  static isInstance(x: unknown): boolean;
  static cast<T extends Attribute>(this: { prototype: T }, x: Attribute): T;
  static fromRaw(ctx: Context, raw: RawUniqued): Attribute;
  readonly type: Type | null;
  readonly typeId: TypeID;
  implements(iface: TypeID | string): boolean;
  callInterfaceMethod(iface: TypeID | string, method: string, ...args: AttributeLike[]): Attribute | undefined;
  equals(other: unknown): boolean;
  readonly hash: number;
  readonly raw: RawUniqued;
  toString(): string;
}

export class UnitAttr extends Attribute {
  static get(context?: Context): UnitAttr;
}

export class BoolAttr extends Attribute {
  static get(value: boolean, context?: Context): BoolAttr;
  readonly value: boolean;
}

export class IntegerAttr extends Attribute {
  /** `value` is a number (an integer) or a BigInt (any width). */
  static get(type: Type, value: number | bigint): IntegerAttr;
  /** As a number (rounded beyond 2**53). */
  readonly value: number;
  /** Exact. */
  readonly bigValue: bigint;
}

export class FloatAttr extends Attribute {
  static get(type: Type, value: number): FloatAttr;
  static getF32(value: number, context?: Context): FloatAttr;
  static getF64(value: number, context?: Context): FloatAttr;
  readonly value: number;
}

export class StringAttr extends Attribute {
  static get(value: string | Uint8Array, options?: Context | { type?: Type; context?: Context }): StringAttr;
  readonly value: string;
  readonly bytes: Buffer;
}

export class TypeAttr extends Attribute {
  static get(type: Type): TypeAttr;
  readonly value: Type;
}

export class ArrayAttr extends Attribute implements Iterable<Attribute> {
  static get(elements: Attribute[], context?: Context): ArrayAttr;
  readonly elements: Attribute[];
  readonly length: number;
  at(i: number): Attribute | undefined;
  [Symbol.iterator](): Iterator<Attribute>;
}

export class DictAttr extends Attribute implements Iterable<[string, Attribute]> {
  static get(
    entries: Record<string, Attribute> | Map<string, Attribute> | Iterable<[string, Attribute]>,
    context?: Context,
  ): DictAttr;
  entries(): [string, Attribute][];
  keys(): string[];
  values(): Attribute[];
  readonly size: number;
  get(name: string): Attribute | undefined;
  has(name: string): boolean;
  [Symbol.iterator](): Iterator<[string, Attribute]>;
}

export class SymbolRefAttr extends Attribute {
  /** `@root::@nested...`; `nested` may be left out (then the context can come second). */
  static get(root: string, nested?: string[] | Context, context?: Context): SymbolRefAttr;
  readonly rootReference: string;
  readonly nestedReferences: string[];
}

export class FlatSymbolRefAttr extends SymbolRefAttr {
  static get(name: string, context?: Context): FlatSymbolRefAttr;
  readonly value: string;
}

export type DenseValues = ArrayLike<number | bigint | boolean | [number, number]> | ArrayBufferView | ArrayBuffer;

export class DenseElementsAttr extends Attribute implements Iterable<number | bigint | boolean | [number, number]> {
  static get(type: ShapedType, values: DenseValues): DenseElementsAttr;
  static getSplat(type: ShapedType, value: number | bigint | boolean): DenseElementsAttr;
  readonly length: number;
  readonly isSplat: boolean;
  /** Raw little-endian element bytes (one element for a splat). */
  readonly rawData: Buffer;
  at(i: number): Attribute;
  values(): (number | boolean | [number, number])[];
  bigValues(): (bigint | number | boolean | [number, number])[];
  [Symbol.iterator](): Iterator<number | bigint | boolean | [number, number]>;
}

export class DenseIntElementsAttr extends DenseElementsAttr {}
export class DenseFPElementsAttr extends DenseElementsAttr {}

export class DenseStringElementsAttr extends Attribute implements Iterable<string> {
  static get(type: ShapedType, values: string[]): DenseStringElementsAttr;
  readonly length: number;
  bytesAt(i: number): Buffer;
  values(): string[];
  [Symbol.iterator](): Iterator<string>;
}

export class DenseArrayAttr extends Attribute implements Iterable<number | bigint | boolean> {
  /** `DenseArrayAttr.get(elementType, values)`; each subclass's `get(values, context?)` fixes
   * the element type. */
  static get(elementType: Type | DenseValues, values?: DenseValues | Context): DenseArrayAttr;
  readonly elementType: Type;
  readonly rawData: Buffer;
  values(big?: boolean): (number | bigint | boolean)[];
  readonly length: number;
  at(i: number): number | bigint | boolean | undefined;
  [Symbol.iterator](): Iterator<number | bigint | boolean>;
}

export class DenseBoolArrayAttr extends DenseArrayAttr { static get(values: boolean[], context?: Context): DenseBoolArrayAttr; }
export class DenseI8ArrayAttr extends DenseArrayAttr { static get(values: DenseValues, context?: Context): DenseI8ArrayAttr; }
export class DenseI16ArrayAttr extends DenseArrayAttr { static get(values: DenseValues, context?: Context): DenseI16ArrayAttr; }
export class DenseI32ArrayAttr extends DenseArrayAttr { static get(values: DenseValues, context?: Context): DenseI32ArrayAttr; }
export class DenseI64ArrayAttr extends DenseArrayAttr { static get(values: DenseValues, context?: Context): DenseI64ArrayAttr; }
export class DenseF32ArrayAttr extends DenseArrayAttr { static get(values: DenseValues, context?: Context): DenseF32ArrayAttr; }
export class DenseF64ArrayAttr extends DenseArrayAttr { static get(values: DenseValues, context?: Context): DenseF64ArrayAttr; }

export class DenseResourceElementsAttr extends Attribute {
  static get(type: ShapedType, key: string): DenseResourceElementsAttr;
  readonly key: string;
}

export class AffineMapAttr extends Attribute {
  static identity(numDims: number, context?: Context): AffineMapAttr;
  readonly numDims: number;
  readonly numSymbols: number;
  readonly numResults: number;
  readonly isIdentity: boolean;
}

export class IntegerSetAttr extends Attribute {}

export class StridedLayoutAttr extends Attribute {
  static get(offset: number, strides: number[], context?: Context): StridedLayoutAttr;
  readonly offset: number;
  readonly strides: number[];
}

export class DistinctAttr extends Attribute {
  static create(referenced: Attribute): DistinctAttr;
  readonly referencedAttr: Attribute;
}

export class LocationAttr extends Attribute {
  readonly location: Location;
}

export class OpaqueAttr extends Attribute {
  static get(dialectNamespace: string, data: string, options?: Context | { type?: Type; context?: Context }): OpaqueAttr;
  readonly dialectNamespace: string;
  readonly data: string;
}

/** An attribute defined at run time by a registered dialect (see DialectType). */
export class DialectAttr extends Attribute {
  /** The attribute `#name<params>` of a registered kind (`'pixels.channel'`, without `#`). */
  static getByName(name: string, params: Iterable<Attribute>, context?: Context | null): DialectAttr;
  readonly params: Attribute[];
  readonly name: string;
}

/** A JavaScript value as an attribute: attributes as they are, types as TypeAttr, booleans
 * BoolAttr, integers (and BigInts) i64 IntegerAttr, other numbers f64 FloatAttr, strings
 * StringAttr, arrays ArrayAttr. */
export function toAttr(ctx: Context, value: AttributeLike): Attribute;

// ---------------------------------------------------------------------------------------
// locations and diagnostics

export type LocationKind = 'unknown' | 'file' | 'name' | 'callSite' | 'fused';

export class Location {
  private constructor(ctx: Context, id: number);
  readonly context: Context;
  static unknown(context?: Context): Location;
  static file(filename: string, line: number, col: number,
    options?: Context | { context?: Context; endLine?: number; endCol?: number }): Location;
  static name(name: string, childLoc?: Location | Context, context?: Context): Location;
  static callSite(callee: Location, frames: Location | Location[]): Location;
  static fused(locations: Location[], metadata?: Attribute | Context, context?: Context): Location;
  /** The location of the innermost `loc.run(fn)`. */
  static readonly current: Location | undefined;
  /** Runs `fn(loc)` with this location (and its context) current. */
  run<R>(fn: (loc: this) => R): R;
  readonly kind: LocationKind;
  readonly isUnknown: boolean;
  readonly filename: string;
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
  readonly nameStr: string;
  readonly childLoc: Location | null;
  readonly callee: Location;
  readonly caller: Location;
  readonly locations: Location[];
  readonly metadata: Attribute | null;
  readonly attr: LocationAttr;
  emitError(message: string): void;
  emitWarning(message: string): void;
  emitRemark(message: string): void;
  equals(other: unknown): boolean;
  readonly hash: number;
  toString(): string;
}

export type Severity = 'error' | 'warning' | 'note' | 'remark';

export class Diagnostic {
  private constructor();
  readonly severity: Severity;
  readonly location: Location;
  readonly message: string;
  readonly notes: Diagnostic[];
  /** As MLIR prints it (`file:line:col: error: message`...). */
  readonly rendered: string;
  toString(): string;
}

/** What a `custom<Name>(...)` directive argument is (numbered from 0 in the order the
 * format writes them): `$operands`, `type(...)`, an attribute, a region, or else. */
export type DirectiveArgKind = 'operands' | 'types' | 'attribute' | 'region' | 'successors' | 'other';

/** A custom directive's parser and printer (`ctx.registerCustomDirective`). */
export interface CustomDirective {
  /** Reads the directive's text and fills its arguments; throw (or return false) to fail
   * the parse. A failed parser call's own error keeps its position. */
  parse(parser: DirectiveParser): boolean | void;
  /** Writes the arguments back so that `parse` reads them again; an exception makes the
   * print throw an `MLIRError` naming the directive. */
  print(printer: DirectivePrinter): void;
}

/** The token stream a custom directive's parser reads (MLIR's `OpAsmParser`). Valid only
 * during its callback. Failing `parse*` calls throw an `MLIRError`. */
export class DirectiveParser {
  private constructor();
  readonly context: Context;
  argKind(arg: number): DirectiveArgKind;
  /** `parseOperand`: an SSA use, appended to operand group `arg`. */
  parseOperand(arg: number): void;
  parseOptionalOperand(arg: number): boolean;
  /** Whether an SSA use comes next (consumes nothing). */
  atOperand(): boolean;
  /** A new value (`%name`) of `type`: an entry-block argument of region argument `arg`. */
  parseArgument(arg: number, type: Type): void;
  /** `parseArgumentList`: `(%a, %b, ...)` or `()`, entry-block arguments of region argument
   * `arg`, of `type` (or typed later with `setArgumentType`); how many were read. */
  parseArgumentList(arg: number, type?: Type | null): number;
  /** The type of entry-block argument `index` of region argument `arg`. */
  setArgumentType(arg: number, index: number, type: Type): void;
  /** `parseSuccessor`: a block name (`^bb1`), appended to successor group `arg`. */
  parseSuccessor(arg: number): void;
  /** Whether a block name comes next (consumes nothing). */
  atSuccessor(): boolean;
  /** `parseOptionalInteger`: the signed integer literal that comes next, or undefined. */
  parseOptionalInteger(): bigint | undefined;
  /** `parseOptionalString`: the string literal that comes next, or undefined. */
  parseOptionalString(): string | undefined;
  /** Whether `keyword` comes next (consumes nothing). */
  atKeyword(keyword: string): boolean;
  parseKeyword(keyword: string): void;
  /** The keyword that comes next, or undefined. */
  parseOptionalKeyword(): string | undefined;
  /** Exactly `punct` (`','`, `':'`, `'['`, `'->'`...). */
  parsePunctuation(punct: string): void;
  parseOptionalPunctuation(punct: string): boolean;
  parseType(): Type;
  parseAttribute(): Attribute;
  /** Appends `type` to argument `arg` (a `type(...)` argument). */
  addType(arg: number, type: Type): void;
  /** Sets argument `arg` (an attribute of the op); null or undefined leaves it unset. */
  setAttribute(arg: number, attr: Attribute | null | undefined): void;
}

/** Where a custom directive's printer writes (MLIR's `OpAsmPrinter`). Valid only during its
 * callback. */
export class DirectivePrinter {
  private constructor();
  readonly context: Context;
  /** Writes `text` as is (`printer << text`). */
  write(text: string): void;
  arg(arg: number): { kind: DirectiveArgKind; count: number };
  numValues(arg: number): number;
  /** `printOperand`: operand `index` of operand group `arg`. */
  printOperand(arg: number, index: number): void;
  /** Type `index` of argument `arg` (a `type(...)` argument, or a region's entry-block
   * argument). */
  getType(arg: number, index: number): Type;
  /** Argument `arg` (an attribute of the op), or undefined when the op does not have it. */
  getAttribute(arg: number): Attribute | undefined;
  printType(type: Type): void;
  printAttribute(attr: Attribute): void;
  /** `printAttributeWithoutType`: `3`, not `3 : i64`. */
  printAttributeWithoutType(attr: Attribute): void;
  /** `printSuccessor`: successor `index` of successor group `arg`. */
  printSuccessor(arg: number, index: number): void;
  /** `printNewline`: a new line at the op's indentation. */
  printNewline(): void;
  /** `printOptionalLocationSpecifier` for entry-block argument `index` of region argument
   * `arg` (` loc(...)` when locations are printed). */
  printOptionalLocationSpecifier(arg: number, index: number): void;
}

export class DiagnosticHandler {
  private constructor();
  readonly context: Context;
  readonly attached: boolean;
  detach(): void;
}

// ---------------------------------------------------------------------------------------
// IR

export const WalkResult: Readonly<{ ADVANCE: 'advance'; SKIP: 'skip'; INTERRUPT: 'interrupt' }>;
export type WalkResult = (typeof WalkResult)[keyof typeof WalkResult];
export const WalkOrder: Readonly<{ PRE_ORDER: 'pre-order'; POST_ORDER: 'post-order' }>;
export type WalkOrder = (typeof WalkOrder)[keyof typeof WalkOrder];

/** Print flags, as `mlir-opt`'s `--mlir-print-*`. */
export interface PrintFlags {
  /** `--mlir-print-op-generic`: every op in the generic form (`"builtin.module"() ({...}) : () -> ()`).
   * By default ops with an assembly format print in their custom form (`module {...}`). */
  generic?: boolean;
  debugInfo?: boolean;
  prettyDebugInfo?: boolean;
  localScope?: boolean;
  assumeVerified?: boolean;
  /** 0 prints everything. */
  elideElementsLargerThan?: number;
}

export interface OperationCreateOptions {
  /** `dialect.op`. */
  name: string;
  operands?: Value[];
  results?: Type[];
  /** Discardable attributes. */
  attributes?: Record<string, Attribute> | Map<string, Attribute> | Iterable<[string, Attribute]>;
  /** Properties (`<{...}>`), a DictAttr. */
  properties?: Attribute | null;
  /** The number of (empty) regions. */
  regions?: number;
  successors?: Block[];
  loc?: Location | null;
  /** Where to insert it: default `InsertionPoint.current`; `null` for a detached operation. */
  ip?: InsertionPoint | null;
  context?: Context;
  /** Without `results`, the result types follow from the op's definition. */
  inferType?: boolean;
}

/** An operation. Two wrappers of one operation are `equals` and share `hash`. */
export class Operation {
  protected constructor(ctx: Context, i: number, g: number, owner: unknown);
  readonly context: Context;
  static create(options: OperationCreateOptions): Operation;
  /** Parses text (a string, or UTF-8 bytes) holding exactly one top-level operation; detached,
   * owned by the wrapper. */
  static parse(text: string | Uint8Array, options?: Context | { context?: Context; sourceName?: string }): Operation;
  /** From a C handle made by another native addon (checked). */
  static fromRaw(ctx: Context, raw: RawOperation): Operation;
  readonly name: string;
  readonly isLive: boolean;
  location: Location;
  readonly isRegistered: boolean;
  readonly typeId: TypeID;
  implements(iface: TypeID | string): boolean;
  callInterfaceMethod(iface: TypeID | string, method: string, ...args: AttributeLike[]): Attribute | undefined;
  readonly numOperands: number;
  /** A dropped operand is null. */
  readonly operands: (Value | null)[];
  /** The operand indices `[start, end)` of an operand group of a registered op. */
  operandGroupRange(group: number): [number, number];
  /** The result indices `[start, end)` of a result group of a registered op. */
  resultGroupRange(group: number): [number, number];
  getOperand(i: number): Value | null;
  setOperand(i: number, value: Value): void;
  setOperands(values: Value[]): void;
  readonly numResults: number;
  readonly results: OpResult[];
  /** The single result (an error unless there is exactly one). */
  readonly result: OpResult;
  getResult(i: number): OpResult;
  readonly numRegions: number;
  readonly regions: Region[];
  getRegion(i: number): Region;
  readonly successors: Block[];
  setSuccessor(i: number, block: Block): void;
  readonly attributes: OpAttributeMap;
  properties: Attribute | null;
  readonly parent: Operation | null;
  readonly block: Block | null;
  readonly parentRegion: Region | null;
  readonly next: Operation | null;
  readonly prev: Operation | null;
  isAncestorOf(other: Operation): boolean;
  moveTo(ip: InsertionPoint): void;
  moveBefore(other: Operation): void;
  moveAfter(other: Operation): void;
  detachFromParent(): this;
  erase(options?: { dropUses?: boolean }): void;
  clone(): Operation;
  dropAllReferences(): void;
  replaceAllUsesWith(values: Value[] | Operation): void;
  /** True, or throws an MLIRError carrying the diagnostics. */
  verify(): true;
  print(flags?: PrintFlags): string;
  getAsm(flags?: PrintFlags): string;
  toString(): string;
  walk(callback: (op: Operation) => WalkResult | void | undefined, order?: WalkOrder): WalkResult;
  equals(other: unknown): boolean;
  readonly hash: number;
  readonly operation: this;
  readonly raw: RawOperation;
}

/** `op.attributes`: Map-like. */
export class OpAttributeMap implements Iterable<[string, Attribute]> {
  private constructor();
  readonly operation: Operation;
  get(name: string): Attribute | undefined;
  has(name: string): boolean;
  set(name: string, attr: Attribute): this;
  delete(name: string): boolean;
  entries(): [string, Attribute][];
  keys(): string[];
  values(): Attribute[];
  readonly size: number;
  [Symbol.iterator](): Iterator<[string, Attribute]>;
}

/** A `builtin.module`. */
export class Module {
  private constructor(op: Operation);
  /** Parses MLIR text (a string, or UTF-8 bytes); bytes that are not UTF-8 are a parse error
   * at the first bad byte. */
  static parse(text: string | Uint8Array, options?: Context | { context?: Context; filename?: string }): Module;
  static create(loc?: Location | Context, context?: Context): Module;
  static fromOperation(op: Operation): Module;
  readonly operation: Operation;
  readonly context: Context;
  readonly body: Block;
  print(flags?: PrintFlags): string;
  toString(): string;
  equals(other: unknown): boolean;
  readonly hash: number;
}

export class Block implements Iterable<Operation> {
  protected constructor(ctx: Context, i: number, g: number, owner: unknown);
  readonly context: Context;
  static create(argTypes?: Type[], argLocs?: Location[] | Context, context?: Context): Block;
  static createAtStart(region: Region, argTypes?: Type[], argLocs?: Location[]): Block;
  readonly isLive: boolean;
  readonly arguments: BlockArgument[];
  readonly numArguments: number;
  getArgument(i: number): BlockArgument;
  addArgument(type: Type, loc?: Location): BlockArgument;
  eraseArgument(i: number): void;
  readonly operations: Operation[];
  readonly numOperations: number;
  readonly terminator: Operation | null;
  append<T extends Operation>(op: T): T;
  readonly region: Region | null;
  readonly owner: Operation | null;
  readonly next: Block | null;
  readonly predecessors: (Block | null)[];
  readonly successors: Block[];
  detach(): this;
  erase(): void;
  /** The block as MLIR prints it: its label and arguments, then its operations. */
  print(flags?: PrintFlags): string;
  /** `print()`. */
  toString(): string;
  equals(other: unknown): boolean;
  readonly hash: number;
  [Symbol.iterator](): Iterator<Operation>;
}

export class Region implements Iterable<Block> {
  protected constructor(ctx: Context, i: number, g: number, owner: unknown);
  readonly context: Context;
  readonly isLive: boolean;
  readonly blocks: Block[];
  readonly numBlocks: number;
  /** Appends a detached Block, or a new block with arguments of the given types. */
  appendBlock(blockOrTypes?: Block | Type[], argLocs?: Location[]): Block;
  insertBlockBefore(reference: Block, block: Block): Block;
  insertBlockAfter(reference: Block, block: Block): Block;
  readonly owner: Operation;
  readonly number: number;
  equals(other: unknown): boolean;
  readonly hash: number;
  [Symbol.iterator](): Iterator<Block>;
}

/** One use of a value: operand `operandNumber` of `owner`. Every accessor throws
 * StaleHandleError once the operation was erased or no longer has that operand. */
export class OpOperand {
  private constructor();
  readonly owner: Operation;
  readonly operandNumber: number;
  readonly value: Value | null;
  equals(other: unknown): boolean;
  readonly hash: number;
  toString(): string;
}

export class Value {
  protected constructor(ctx: Context, o: number, g: number, n: number, owner: unknown);
  readonly context: Context;
  readonly isLive: boolean;
  type: Type;
  setType(type: Type): void;
  readonly location: Location;
  readonly uses: OpOperand[];
  readonly numUses: number;
  readonly hasOneUse: boolean;
  replaceAllUsesWith(other: Value): void;
  replaceAllUsesExcept(other: Value, exceptOp: Operation): void;
  dropAllUses(): void;
  /** As MLIR's `Value::print`: a result prints its defining operation, a block argument its type and index. */
  print(flags?: PrintFlags): string;
  /** The name as an operand (`%arg0`, `%3`, `%3#1`), as MLIR's `Value::printAsOperand`. */
  getName(options?: { useLocalScope?: boolean }): string;
  equals(other: unknown): boolean;
  readonly hash: number;
  toString(): string;
}

export class OpResult extends Value {
  readonly owner: Operation;
  readonly resultNumber: number;
}

export class BlockArgument extends Value {
  readonly owner: Block;
  readonly argNumber: number;
}

export class InsertionPoint {
  /** The end of a block, or before an operation. */
  constructor(blockOrOp: Block | Operation);
  readonly context: Context;
  static atBlockBegin(block: Block): InsertionPoint;
  static atBlockEnd(block: Block): InsertionPoint;
  static atBlockTerminator(block: Block): InsertionPoint;
  static before(op: Operation): InsertionPoint;
  static after(op: Operation): InsertionPoint;
  static readonly current: InsertionPoint | undefined;
  run<R>(fn: (ip: this) => R): R;
  readonly block: Block | null;
  readonly refOperation: Operation | null;
  insert<T extends Operation>(op: T): T;
}

// ---------------------------------------------------------------------------------------
// symbols

export type Visibility = 'public' | 'private' | 'nested';

export interface SymbolUse {
  user: Operation;
  symbolRef: Attribute;
}

export class SymbolTable {
  constructor(op: Operation);
  readonly operation: Operation;
  readonly context: Context;
  get(name: string): Operation | undefined;
  has(name: string): boolean;
  readonly size: number;
  /** Returns the final (uniqued) name. */
  insert(op: Operation, ip?: InsertionPoint): string;
  erase(op: Operation): void;
  remove<T extends Operation>(op: T): T;
  rename(op: Operation, newName: string): void;
  static getSymbolName(op: Operation): string | null;
  static setSymbolName(op: Operation, name: string): void;
  static getVisibility(op: Operation): Visibility;
  static setVisibility(op: Operation, visibility: Visibility): void;
  static isSymbolTable(op: Operation): boolean;
  static getNearestSymbolTable(op: Operation): Operation | null;
  static lookupSymbolIn(tableOp: Operation, name: string): Operation | null;
  static lookupNearestSymbolFrom(fromOp: Operation, symbol: string | SymbolRefAttr): Operation | null;
  static getSymbolUses(symbolOp: Operation, scopeOp?: Operation): SymbolUse[] | null;
  static replaceAllSymbolUses(oldName: string, newName: string, fromOp: Operation): void;
}

// ---------------------------------------------------------------------------------------
// dialects defined from JavaScript

/** Methods of an interface implementation: `(receiver, ...args) => result`. Arguments are
 * Attributes; a result is converted with `toAttr` (undefined for none). */
export type InterfaceReceiver = Type | Attribute | Operation;

/** Methods of an interface implementation: `(receiver, ...args) => result`. The receiver is
 * a DialectType, DialectAttr or Operation for interfaces listed in `defineType`,
 * `defineAttribute` or `defineOperation`; for `attachInterface`, name it:
 * `ctx.attachInterface<IntegerType>('builtin.integer', ...)`. */
export interface InterfaceMethods<R extends InterfaceReceiver = InterfaceReceiver> {
  [method: string]: (receiver: R, ...args: Attribute[]) => AttributeLike | void | undefined;
}

/** An interface a definition implements: a marker (TypeID or qualified name), or methods. */
export type InterfaceSpec<R extends InterfaceReceiver = InterfaceReceiver> =
  TypeID | string | { interface: TypeID | string; methods?: InterfaceMethods<R> };

/** What a verifier returns: nothing or true (valid), false or a message (invalid); or it
 * throws. */
export type Verdict = void | undefined | boolean | string;

export type TypeConstraintName =
  | 'any' | 'integer' | 'index' | 'float' | 'int_or_float' | 'intOrFloat' | 'signless_int_or_index'
  | 'signlessIntOrIndex' | 'vector' | 'tensor' | 'memref' | 'shaped' | `i${number}`;

/** A constraint on an operand's or result's type: a name; a Type (exactly that type); a
 * TypeID (a type implementing that interface); a TypeDefinition (any type of that kind);
 * a predicate; or an array (any of). */
export type TypeConstraint =
  | TypeConstraintName
  | Type
  | TypeID
  | TypeDefinition
  | ((type: Type) => boolean)
  | { predicate: (type: Type) => boolean; summary?: string }
  | { implements: TypeID | string }
  | TypeConstraint[]
  | null
  | undefined;

export type AttrConstraintName =
  | 'any' | 'unit' | 'bool' | 'integer' | 'float' | 'string' | 'type' | 'array' | 'dictionary'
  | 'symbol_ref' | 'symbolRef' | 'flat_symbol_ref' | 'flatSymbolRef';

export type AttrConstraint =
  | AttrConstraintName
  | Type
  | AttributeDefinition
  | ((attr: Attribute) => boolean)
  | { predicate: (attr: Attribute) => boolean; summary?: string }
  | null
  | undefined;

export type Arity = 'single' | 'optional' | 'variadic';

export type ValueSpec = string | [string, TypeConstraint?, Arity?] | { name: string; constraint?: TypeConstraint; arity?: Arity };

export type AttrSpec = [string, AttrConstraint?, boolean?] | { name: string; constraint?: AttrConstraint; optional?: boolean };

export type TraitName =
  | 'terminator' | 'no_terminator' | 'isolated_from_above' | 'symbol_table' | 'symbol'
  | 'same_operands_and_result_type' | 'graph_regions' | 'single_block' | 'pure' | 'constant_like'
  | 'commutative' | 'return_like' | 'attr_sized_operand_segments' | 'attr_sized_result_segments'
  | 'no_region_arguments' | 'optional_symbol'
  | 'noTerminator' | 'isolatedFromAbove' | 'symbolTable' | 'sameOperandsAndResultType' | 'graphRegions'
  | 'singleBlock' | 'constantLike' | 'returnLike' | 'attrSizedOperandSegments' | 'attrSizedResultSegments'
  | 'noRegionArguments' | 'optionalSymbol' | 'isTerminator';

export interface KindDefinitionOptions<R extends DialectType | DialectAttr = DialectType | DialectAttr> {
  params?: string[];
  verifier?: (params: Attribute[]) => Verdict;
  interfaces?: InterfaceSpec<R>[];
}

export interface OperationDefinitionOptions {
  summary?: string;
  operands?: ValueSpec[];
  results?: ValueSpec[];
  attributes?: Record<string, AttrConstraint> | AttrSpec[];
  regions?: number;
  variadicRegions?: boolean;
  successors?: number;
  variadicSuccessors?: boolean;
  traits?: TraitName[];
  interfaces?: InterfaceSpec<Operation>[];
  implicitTerminator?: string;
  branchFirstOperandGroup?: number;
  verifier?: (op: Operation) => Verdict;
}

export class Dialect {
  constructor(name: string, options?: Context | { allowUnknownOperations?: boolean; context?: Context });
  readonly context: Context;
  readonly name: string;
  defineType(name: string, options?: KindDefinitionOptions<DialectType>): TypeDefinition;
  defineAttribute(name: string, options?: KindDefinitionOptions<DialectAttr>): AttributeDefinition;
  defineOperation(name: string, options?: OperationDefinitionOptions): OperationDefinition;
}

export class TypeDefinition {
  private constructor();
  readonly context: Context;
  readonly name: string;
  readonly typeId: TypeID;
  readonly params: string[];
  get(...params: AttributeLike[]): DialectType;
  get(params: Record<string, AttributeLike>): DialectType;
  isInstance(t: unknown): t is DialectType;
}

export class AttributeDefinition {
  private constructor();
  readonly context: Context;
  readonly name: string;
  readonly typeId: TypeID;
  readonly params: string[];
  get(...params: AttributeLike[]): DialectAttr;
  get(params: Record<string, AttributeLike>): DialectAttr;
  isInstance(a: unknown): a is DialectAttr;
}

export class OperationDefinition {
  private constructor();
  readonly context: Context;
  readonly name: string;
  readonly typeId: TypeID;
  create(options?: Omit<OperationCreateOptions, 'name'>): Operation;
  isInstance(op: unknown): boolean;
}

// ---------------------------------------------------------------------------------------
// options and passes

/** The type of an option's values. */
export type OptionTypeName = 'bool' | 'int' | 'float' | 'string' | 'enum' | 'list';

/** A value of a non-list option (a string: the text of any type, as in a pipeline). */
export type OptionScalar = boolean | number | bigint | string;

/** An option value: what `getOption` returns and `setOption` takes (an array for a list). */
export type OptionValue = OptionScalar | OptionScalar[];

/** How an option is declared. */
export interface OptionSpec {
  type: OptionTypeName;
  /** The default value (checked against `type`); omitted: MLIR's zero default. */
  default?: OptionValue;
  help?: string;
  /** The case names of an `enum` (or of a `list` of enums). */
  cases?: string[];
  /** The element type of a `list` (lists do not nest). */
  element?: Exclude<OptionTypeName, 'list'>;
}

/** An option of a pass: set per pass instance in the pipeline text
 * (`my-pass{threshold=3 mode=fast}`). */
export interface PassOptionSpec extends OptionSpec {
  name: string;
}

/** Option overrides for `withOptions`: `{ name: value }`, a Map, or [name, value] pairs. */
export type OptionSettings =
  | { [name: string]: OptionValue }
  | ReadonlyMap<string, OptionValue>
  | ReadonlyArray<readonly [string, OptionValue]>;

/** The option values a pass receives, by option name. */
export type PassOptionValues = { [name: string]: OptionValue };

/** A pass written in JavaScript. */
export interface PassDefinition<O extends PassOptionValues = PassOptionValues> {
  /** Its name in pipelines (`'my-pass'`). */
  argument: string;
  /** Its name in reports (timing, IR dumps); default `argument`. */
  name?: string;
  description?: string;
  options?: PassOptionSpec[];
  /**
   * Runs the pass on one anchor operation (`op`: the operation its pipeline is anchored
   * on, e.g. each `func.func` of `builtin.module(func.func(my-pass))`), synchronously, on
   * the thread that called `pm.run`. `options`: this pass instance's options, typed (see
   * `getOption`). It changes IR through the ordinary API; throwing (or returning false)
   * fails the pass and the run: `pm.run` throws an MLIRError carrying the message, with
   * the thrown value as its `cause`. Returning a Promise fails the pass too (it would not
   * be awaited). Wrappers of IR the pass erases throw StaleHandleError afterwards.
   */
  run(op: Operation, options: O): void | undefined | boolean;
}

/** A rewrite pattern written in JavaScript, for `canonicalize`. */
export interface RewritePatternDefinition {
  name: string;
  /** The operation name it applies to (`'test.c'`); omitted: every operation. */
  root?: string | null;
  /** Patterns with a higher benefit are tried first (0-65535, default 1). */
  benefit?: number;
  /** True when it rewrote `op` (through the ordinary API: it may erase `op`, whose
   * wrappers then throw StaleHandleError); false when it does not match and changed
   * nothing. Throwing fails `canonicalize` with the message. Synchronous, like `run`. */
  rewrite(op: Operation): boolean;
}

/** Which passes to print the IR around (MLIR's `--mlir-print-ir-*`), by pass argument. */
export interface IrPrintingOptions {
  before?: string[];
  after?: string[];
  beforeAll?: boolean;
  afterAll?: boolean;
  afterFailure?: boolean;
  /** Print the whole module, not only the pass's anchor operation. */
  moduleScope?: boolean;
  flags?: PrintFlags;
}

/** A pass pipeline with its run settings, in MLIR's textual syntax. The `enable*` methods
 * return the pass manager. */
export class PassManager {
  private constructor();
  /** Parses `builtin.module(func.func(cse),canonicalize)` against the passes registered in
   * `context` (default: `Context.current`); a bad pipeline throws an OmnirError whose
   * message points at the problem. */
  static parse(pipeline: string, context?: Context): PassManager;
  readonly context: Context;
  /** Runs the pipeline on `op` (usually a module). A failing pass or failed verification
   * throws an MLIRError naming the pass (with the error diagnostics). */
  run(op: Operation | Module): void;
  /** Verify the IR after each pass (default on). */
  enableVerifier(on?: boolean): this;
  /** Use the context's thread pool for built-in analyses (default on); JavaScript passes,
   * patterns and verifiers run on the calling thread either way. */
  enableMultithreading(on?: boolean): this;
  /** Record wall time per pass, read with `timingReport()`. */
  enableTiming(on?: boolean): this;
  /** MLIR's `--mlir-timing` report of the last run: the tree, or the `list` form. */
  timingReport(options?: { list?: boolean }): string;
  /** Print the IR around passes into a buffer, read with `takeOutput()`. */
  enableIrPrinting(options?: IrPrintingOptions): this;
  /** The IR dumps collected since the last call. */
  takeOutput(): string;
  /** The pipeline in its canonical textual form (`PassManager.parse` reads it back). */
  toString(): string;
}

/** omnir's version (`major * 10000 + minor * 100 + patch`) from the loaded library. */
export const version: number;
/** The C ABI version of the loaded library. */
export const abiVersion: number;

declare const omnir: {
  OmnirError: typeof OmnirError; StaleHandleError: typeof StaleHandleError; MLIRError: typeof MLIRError;
  Context: typeof Context; TypeID: typeof TypeID; Type: typeof Type; IntegerType: typeof IntegerType;
  IndexType: typeof IndexType; NoneType: typeof NoneType; FloatType: typeof FloatType; ComplexType: typeof ComplexType;
  FunctionType: typeof FunctionType; TupleType: typeof TupleType; ShapedType: typeof ShapedType;
  VectorType: typeof VectorType; RankedTensorType: typeof RankedTensorType; UnrankedTensorType: typeof UnrankedTensorType;
  MemRefType: typeof MemRefType; UnrankedMemRefType: typeof UnrankedMemRefType; OpaqueType: typeof OpaqueType;
  DialectType: typeof DialectType; F16Type: typeof F16Type; BF16Type: typeof BF16Type; F32Type: typeof F32Type;
  F64Type: typeof F64Type; F80Type: typeof F80Type; F128Type: typeof F128Type; FloatTF32Type: typeof FloatTF32Type;
  Float8E5M2Type: typeof Float8E5M2Type; Float8E4M3Type: typeof Float8E4M3Type; Float8E4M3FNType: typeof Float8E4M3FNType;
  Float8E5M2FNUZType: typeof Float8E5M2FNUZType; Float8E4M3FNUZType: typeof Float8E4M3FNUZType;
  Float8E4M3B11FNUZType: typeof Float8E4M3B11FNUZType; Float8E3M4Type: typeof Float8E3M4Type;
  Float8E8M0FNUType: typeof Float8E8M0FNUType; Float6E2M3FNType: typeof Float6E2M3FNType;
  Float6E3M2FNType: typeof Float6E3M2FNType; Float4E2M1FNType: typeof Float4E2M1FNType;
  Attribute: typeof Attribute; UnitAttr: typeof UnitAttr; BoolAttr: typeof BoolAttr; IntegerAttr: typeof IntegerAttr;
  FloatAttr: typeof FloatAttr; StringAttr: typeof StringAttr; TypeAttr: typeof TypeAttr; ArrayAttr: typeof ArrayAttr;
  DictAttr: typeof DictAttr; SymbolRefAttr: typeof SymbolRefAttr; FlatSymbolRefAttr: typeof FlatSymbolRefAttr;
  DenseElementsAttr: typeof DenseElementsAttr; DenseIntElementsAttr: typeof DenseIntElementsAttr;
  DenseFPElementsAttr: typeof DenseFPElementsAttr; DenseStringElementsAttr: typeof DenseStringElementsAttr;
  DenseArrayAttr: typeof DenseArrayAttr; DenseBoolArrayAttr: typeof DenseBoolArrayAttr; DenseI8ArrayAttr: typeof DenseI8ArrayAttr;
  DenseI16ArrayAttr: typeof DenseI16ArrayAttr; DenseI32ArrayAttr: typeof DenseI32ArrayAttr;
  DenseI64ArrayAttr: typeof DenseI64ArrayAttr; DenseF32ArrayAttr: typeof DenseF32ArrayAttr;
  DenseF64ArrayAttr: typeof DenseF64ArrayAttr; DenseResourceElementsAttr: typeof DenseResourceElementsAttr;
  AffineMapAttr: typeof AffineMapAttr; IntegerSetAttr: typeof IntegerSetAttr; StridedLayoutAttr: typeof StridedLayoutAttr;
  DistinctAttr: typeof DistinctAttr; LocationAttr: typeof LocationAttr; OpaqueAttr: typeof OpaqueAttr;
  DialectAttr: typeof DialectAttr; Location: typeof Location; Module: typeof Module; Operation: typeof Operation;
  OpAttributeMap: typeof OpAttributeMap; Block: typeof Block; Region: typeof Region; Value: typeof Value;
  OpResult: typeof OpResult; BlockArgument: typeof BlockArgument; OpOperand: typeof OpOperand;
  InsertionPoint: typeof InsertionPoint; WalkResult: typeof WalkResult; WalkOrder: typeof WalkOrder;
  SymbolTable: typeof SymbolTable; Dialect: typeof Dialect; TypeDefinition: typeof TypeDefinition;
  AttributeDefinition: typeof AttributeDefinition; OperationDefinition: typeof OperationDefinition;
  Diagnostic: typeof Diagnostic; DiagnosticHandler: typeof DiagnosticHandler; toAttr: typeof toAttr;
  DirectiveParser: typeof DirectiveParser; DirectivePrinter: typeof DirectivePrinter;
  PassManager: typeof PassManager; version: number; abiVersion: number;
};
export default omnir;
