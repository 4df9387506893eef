'use strict';
// omnir for Node.js: MLIR's IR vocabulary over the one shared core, libomnir.so.0.
// See docs/node.md and index.d.ts for the API.

const B = require('./lib/binding');
const C = require('./lib/context');
const T = require('./lib/types');
const A = require('./lib/attributes');
const L = require('./lib/location');
const IR = require('./lib/ir');
const D = require('./lib/dialect');
const SY = require('./lib/symbols');
const P = require('./lib/passes');
const DF = require('./lib/definitions');

const [version, abiVersion] = B.N.version();

module.exports = {
  // errors
  OmnirError: B.OmnirError,
  StaleHandleError: B.StaleHandleError,
  MLIRError: B.MLIRError,
  // context
  Context: C.Context,
  TypeID: C.TypeID,
  // types
  Type: T.Type,
  IntegerType: T.IntegerType,
  IndexType: T.IndexType,
  NoneType: T.NoneType,
  FloatType: T.FloatType,
  ComplexType: T.ComplexType,
  FunctionType: T.FunctionType,
  TupleType: T.TupleType,
  ShapedType: T.ShapedType,
  VectorType: T.VectorType,
  RankedTensorType: T.RankedTensorType,
  UnrankedTensorType: T.UnrankedTensorType,
  MemRefType: T.MemRefType,
  UnrankedMemRefType: T.UnrankedMemRefType,
  OpaqueType: T.OpaqueType,
  DialectType: T.DialectType,
  F16Type: T.F16Type,
  BF16Type: T.BF16Type,
  F32Type: T.F32Type,
  F64Type: T.F64Type,
  F80Type: T.F80Type,
  F128Type: T.F128Type,
  FloatTF32Type: T.FloatTF32Type,
  Float8E5M2Type: T.Float8E5M2Type,
  Float8E4M3Type: T.Float8E4M3Type,
  Float8E4M3FNType: T.Float8E4M3FNType,
  Float8E5M2FNUZType: T.Float8E5M2FNUZType,
  Float8E4M3FNUZType: T.Float8E4M3FNUZType,
  Float8E4M3B11FNUZType: T.Float8E4M3B11FNUZType,
  Float8E3M4Type: T.Float8E3M4Type,
  Float8E8M0FNUType: T.Float8E8M0FNUType,
  Float6E2M3FNType: T.Float6E2M3FNType,
  Float6E3M2FNType: T.Float6E3M2FNType,
  Float4E2M1FNType: T.Float4E2M1FNType,
  // attributes
  Attribute: A.Attribute,
  UnitAttr: A.UnitAttr,
  BoolAttr: A.BoolAttr,
  IntegerAttr: A.IntegerAttr,
  FloatAttr: A.FloatAttr,
  StringAttr: A.StringAttr,
  TypeAttr: A.TypeAttr,
  ArrayAttr: A.ArrayAttr,
  DictAttr: A.DictAttr,
  SymbolRefAttr: A.SymbolRefAttr,
  FlatSymbolRefAttr: A.FlatSymbolRefAttr,
  DenseElementsAttr: A.DenseElementsAttr,
  DenseIntElementsAttr: A.DenseIntElementsAttr,
  DenseFPElementsAttr: A.DenseFPElementsAttr,
  DenseStringElementsAttr: A.DenseStringElementsAttr,
  DenseArrayAttr: A.DenseArrayAttr,
  DenseBoolArrayAttr: A.DenseBoolArrayAttr,
  DenseI8ArrayAttr: A.DenseI8ArrayAttr,
  DenseI16ArrayAttr: A.DenseI16ArrayAttr,
  DenseI32ArrayAttr: A.DenseI32ArrayAttr,
  DenseI64ArrayAttr: A.DenseI64ArrayAttr,
  DenseF32ArrayAttr: A.DenseF32ArrayAttr,
  DenseF64ArrayAttr: A.DenseF64ArrayAttr,
  DenseResourceElementsAttr: A.DenseResourceElementsAttr,
  AffineMapAttr: A.AffineMapAttr,
  IntegerSetAttr: A.IntegerSetAttr,
  StridedLayoutAttr: A.StridedLayoutAttr,
  DistinctAttr: A.DistinctAttr,
  LocationAttr: A.LocationAttr,
  OpaqueAttr: A.OpaqueAttr,
  DialectAttr: A.DialectAttr,
  // locations
  Location: L.Location,
  // IR
  Module: IR.Module,
  Operation: IR.Operation,
  OpAttributeMap: IR.OpAttributeMap,
  Block: IR.Block,
  Region: IR.Region,
  Value: IR.Value,
  OpResult: IR.OpResult,
  BlockArgument: IR.BlockArgument,
  OpOperand: IR.OpOperand,
  InsertionPoint: IR.InsertionPoint,
  WalkResult: IR.WalkResult,
  WalkOrder: IR.WalkOrder,
  // symbols
  SymbolTable: SY.SymbolTable,
  // dialects defined from JavaScript, diagnostics
  Dialect: D.Dialect,
  TypeDefinition: D.TypeDefinition,
  AttributeDefinition: D.AttributeDefinition,
  OperationDefinition: D.OperationDefinition,
  Diagnostic: D.Diagnostic,
  DiagnosticHandler: D.DiagnosticHandler,
  toAttr: D.toAttr,
  // dialect definition files and their hooks (Context methods)
  DirectiveParser: DF.DirectiveParser,
  DirectivePrinter: DF.DirectivePrinter,
  // options, passes, rewrite patterns (Context methods) and the pass manager
  PassManager: P.PassManager,
  // the loaded core
  version,
  abiVersion,
};
