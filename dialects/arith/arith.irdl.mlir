// The arith dialect (upstream's ArithOps.td / ArithBase.td), as omnir ships it: integer and
// floating-point arithmetic, comparisons, casts, select and constants on scalars and on
// vectors and tensors of them. Every op is free of memory effects (CSE and DCE may remove
// or merge them). Rust hooks (dialects/arith/hooks.rs): the constant's verifier and result
// names (%c0, %c3_i32, %true, %cst) and select's type list.
irdl.dialect @arith attributes {omnir.ods, omnir.enums = {FastMathFlags = {width = 32, bit, separator = ",", cases = ["none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"], values = [0, 1, 2, 4, 8, 16, 32, 64, 127]}, IntegerOverflowFlags = {width = 32, bit, separator = ", ", cases = ["none", "nsw", "nuw"], values = [0, 1, 2]}, CmpIPredicate = {width = 64, cases = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}, CmpFPredicate = {width = 64, cases = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], symbols = ["AlwaysFalse", "OEQ", "OGT", "OGE", "OLT", "OLE", "ONE", "ORD", "UEQ", "UGT", "UGE", "ULT", "ULE", "UNE", "UNO", "AlwaysTrue"]}, RoundingMode = {width = 32, cases = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"], values = [0, 1, 2, 3, 4]}, AtomicRMWKind = {width = 64, cases = ["addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}}} {
  irdl.attribute @fastmath {
    %e = irdl.any {omnir.enum = "FastMathFlags"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @overflow {
    %e = irdl.any {omnir.enum = "IntegerOverflowFlags"}
    irdl.parameters(value: %e)
  }
  irdl.operation @addi attributes {omnir.class_name = "AddIOp", omnir.assembly_format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {overflowFlags = "#arith.overflow<none>"}, omnir.summary = "integer addition operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %flags = irdl.base @arith::@overflow
    irdl.attributes {"overflowFlags" = %flags}
  }
  irdl.operation @subi attributes {omnir.class_name = "SubIOp", omnir.assembly_format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {overflowFlags = "#arith.overflow<none>"}, omnir.summary = "Integer subtraction operation."} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %flags = irdl.base @arith::@overflow
    irdl.attributes {"overflowFlags" = %flags}
  }
  irdl.operation @muli attributes {omnir.class_name = "MulIOp", omnir.result_names_hook = "arith.muli", omnir.assembly_format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {overflowFlags = "#arith.overflow<none>"}, omnir.summary = "Integer multiplication operation."} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %flags = irdl.base @arith::@overflow
    irdl.attributes {"overflowFlags" = %flags}
  }
  irdl.operation @shli attributes {omnir.class_name = "ShLIOp", omnir.assembly_format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {overflowFlags = "#arith.overflow<none>"}, omnir.summary = "integer left-shift"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %flags = irdl.base @arith::@overflow
    irdl.attributes {"overflowFlags" = %flags}
  }
  irdl.operation @divui attributes {omnir.class_name = "DivUIOp", omnir.assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.optional_attributes = ["isExact"], omnir.summary = "unsigned integer division operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %unit}
  }
  irdl.operation @divsi attributes {omnir.class_name = "DivSIOp", omnir.assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.optional_attributes = ["isExact"], omnir.summary = "signed integer division operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %unit}
  }
  irdl.operation @shrui attributes {omnir.class_name = "ShRUIOp", omnir.assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.optional_attributes = ["isExact"], omnir.summary = "unsigned integer right-shift"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %unit}
  }
  irdl.operation @shrsi attributes {omnir.class_name = "ShRSIOp", omnir.assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.optional_attributes = ["isExact"], omnir.summary = "signed integer right-shift"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %unit}
  }
  irdl.operation @andi attributes {omnir.class_name = "AndIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Idempotent", "Pure"], omnir.summary = "integer binary and"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @ori attributes {omnir.class_name = "OrIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Idempotent", "Pure"], omnir.summary = "integer binary or"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @xori attributes {omnir.class_name = "XOrIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Pure"], omnir.summary = "integer binary xor"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @maxsi attributes {omnir.class_name = "MaxSIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Pure"], omnir.summary = "signed integer maximum operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @maxui attributes {omnir.class_name = "MaxUIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Pure"], omnir.summary = "unsigned integer maximum operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @minsi attributes {omnir.class_name = "MinSIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Pure"], omnir.summary = "signed integer minimum operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @minui attributes {omnir.class_name = "MinUIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Commutative", "Pure"], omnir.summary = "unsigned integer minimum operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @ceildivui attributes {omnir.class_name = "CeilDivUIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.summary = "unsigned ceil integer division operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @ceildivsi attributes {omnir.class_name = "CeilDivSIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.summary = "signed ceil integer division operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @floordivsi attributes {omnir.class_name = "FloorDivSIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.summary = "signed floor integer division operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @remui attributes {omnir.class_name = "RemUIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.summary = "unsigned integer division remainder operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @remsi attributes {omnir.class_name = "RemSIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "ConditionallySpeculatable"], omnir.summary = "signed integer division remainder operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @addf attributes {omnir.class_name = "AddFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point addition operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @subf attributes {omnir.class_name = "SubFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point subtraction operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @mulf attributes {omnir.class_name = "MulFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point multiplication operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @divf attributes {omnir.class_name = "DivFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point division operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @remf attributes {omnir.class_name = "RemFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point division remainder operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @maximumf attributes {omnir.class_name = "MaximumFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating-point maximum operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @maxnumf attributes {omnir.class_name = "MaxNumFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating-point maximum operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @minimumf attributes {omnir.class_name = "MinimumFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating-point minimum operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @minnumf attributes {omnir.class_name = "MinNumFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure", "Commutative"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating-point minimum operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @negf attributes {omnir.class_name = "NegFOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point negation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @addui_extended attributes {omnir.class_name = "AddUIExtendedOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "Commutative", "AllTypesMatch<[lhs, rhs, sum]>"], omnir.result_names = ["sum", "overflow"], omnir.summary = "extended unsigned integer addition operation returning sum and overflow bit"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(sum: %t, overflow: %b)
  }
  irdl.operation @mulsi_extended attributes {omnir.class_name = "MulSIExtendedOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "Commutative", "AllTypesMatch<[lhs, rhs, low, high]>"], omnir.result_names = ["low", "high"], omnir.summary = "extended signed integer multiplication operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(low: %t, high: %t)
  }
  irdl.operation @mului_extended attributes {omnir.class_name = "MulUIExtendedOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "Commutative", "AllTypesMatch<[lhs, rhs, low, high]>"], omnir.result_names = ["low", "high"], omnir.summary = "extended unsigned integer multiplication operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(low: %t, high: %t)
  }
  irdl.operation @extui attributes {omnir.class_name = "ExtUIOp", omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "integer zero extension operation"} {
    %from = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    %to = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @extsi attributes {omnir.class_name = "ExtSIOp", omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "integer sign extension operation"} {
    %from = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    %to = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @extf attributes {omnir.class_name = "ExtFOp", omnir.assembly_format = "$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.optional_attributes = ["fastmath"], omnir.summary = "cast from floating-point to wider floating-point"} {
    %from = irdl.any {omnir.constraint = "FloatLike"}
    %to = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
    %fm = irdl.base @arith::@fastmath
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @trunci attributes {omnir.class_name = "TruncIOp", omnir.assembly_format = "$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.default_texts = {overflowFlags = "#arith.overflow<none>"}, omnir.summary = "integer truncation operation"} {
    %from = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    %to = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
    %flags = irdl.base @arith::@overflow
    irdl.attributes {"overflowFlags" = %flags}
  }
  irdl.operation @truncf attributes {omnir.class_name = "TruncFOp", omnir.assembly_format = "$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.optional_attributes = ["roundingmode", "fastmath"], omnir.summary = "cast from floating-point to narrower floating-point"} {
    %from = irdl.any {omnir.constraint = "FloatLike"}
    %to = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
    %fm = irdl.base @arith::@fastmath
    %rm = irdl.any {omnir.enum = "RoundingMode"}
    irdl.attributes {"roundingmode" = %rm, "fastmath" = %fm}
  }
  irdl.operation @uitofp attributes {omnir.class_name = "UIToFPOp", omnir.assembly_format = "$in (`nneg` $nonNeg^)? attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.optional_attributes = ["nonNeg"], omnir.summary = "cast from unsigned integer type to floating-point"} {
    %from = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    %to = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"nonNeg" = %unit}
  }
  irdl.operation @sitofp attributes {omnir.class_name = "SIToFPOp", omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "cast from integer type to floating-point"} {
    %from = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    %to = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @fptoui attributes {omnir.class_name = "FPToUIOp", omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "cast from floating-point type to integer type"} {
    %from = irdl.any {omnir.constraint = "FloatLike"}
    %to = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @fptosi attributes {omnir.class_name = "FPToSIOp", omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "cast from floating-point type to integer type"} {
    %from = irdl.any {omnir.constraint = "FloatLike"}
    %to = irdl.any {omnir.constraint = "SignlessFixedWidthIntegerLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @index_cast attributes {omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "cast between index and integer types"} {
    %from = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    %to = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @index_castui attributes {omnir.class_name = "IndexCastUIOp", omnir.assembly_format = "$in (`nneg` $nonNeg^)? attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.optional_attributes = ["nonNeg"], omnir.summary = "unsigned cast between index and integer types"} {
    %from = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    %to = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"nonNeg" = %unit}
  }
  irdl.operation @bitcast attributes {omnir.assembly_format = "$in attr-dict `:` type($in) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape", "CastOpInterface"], omnir.summary = "bitcast between values of equal bit width"} {
    %from = irdl.any {omnir.constraint = "SignlessIntegerOrFloatLike"}
    %to = irdl.any {omnir.constraint = "SignlessIntegerOrFloatLike"}
    irdl.operands(in: %from)
    irdl.results(out: %to)
  }
  irdl.operation @cmpi attributes {omnir.class_name = "CmpIOp", omnir.arguments = ["predicate", "lhs", "rhs"], omnir.assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameTypeOperands", "TypesMatchWith<lhs, result, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.summary = "integer comparison operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    %p = irdl.any {omnir.enum = "CmpIPredicate"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %b)
    irdl.attributes {"predicate" = %p}
  }
  irdl.operation @cmpf attributes {omnir.class_name = "CmpFOp", omnir.arguments = ["predicate", "lhs", "rhs", "fastmath"], omnir.assembly_format = "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameTypeOperands", "TypesMatchWith<lhs, result, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating-point comparison operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    %p = irdl.any {omnir.enum = "CmpFPredicate"}
    %fm = irdl.base @arith::@fastmath
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %b)
    irdl.attributes {"predicate" = %p, "fastmath" = %fm}
  }
  irdl.operation @select attributes {omnir.assembly_format = "$condition `,` $true_value `,` $false_value attr-dict `:` custom<SelectOpTypes>(type($condition), type($result))", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "AllTypesMatch<[true_value, false_value, result]>"], omnir.summary = "select operation"} {
    %c = irdl.any {omnir.constraint = "BoolLike"}
    %t = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(condition: %c, true_value: %t, false_value: %t)
    irdl.results(result: %t)
  }
  irdl.operation @constant attributes {omnir.assembly_format = "attr-dict $value", omnir.traits = ["InferTypeOpInterface", "ConstantLike", "Pure", "AllTypesMatch<[value, result]>"], omnir.result_names_hook = "arith.constant", omnir.verifier = "arith.constant", omnir.summary = "integer or floating point constant"} {
    %t = irdl.any {omnir.constraint = "AnyType"}
    %v = irdl.any {omnir.constraint = "TypedAttrInterface"}
    irdl.results(result: %t)
    irdl.attributes {"value" = %v}
  }
  irdl.operation @flush_denormals attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "SameOperandsAndResultType", "Pure"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "flush denormal floating-point values to zero"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    %fm = irdl.base @arith::@fastmath
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @scaling_extf attributes {omnir.class_name = "ScalingExtFOp", omnir.assembly_format = "$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape"], omnir.optional_attributes = ["fastmath"], omnir.summary = "upcasts input floats using provided scale values following OCP MXFP Spec"} {
    %in = irdl.any {omnir.constraint = "FloatLike"}
    %scale = irdl.any {omnir.constraint = "FloatLike"}
    %out = irdl.any {omnir.constraint = "FloatLike"}
    %fm = irdl.base @arith::@fastmath
    irdl.operands(in: %in, scale: %scale)
    irdl.results(out: %out)
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @scaling_truncf attributes {omnir.class_name = "ScalingTruncFOp", omnir.assembly_format = "$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultShape"], omnir.optional_attributes = ["roundingmode", "fastmath"], omnir.summary = "downcasts input floating point values using provided scales values following OCP MXFP Spec"} {
    %in = irdl.any {omnir.constraint = "FloatLike"}
    %scale = irdl.any {omnir.constraint = "FloatLike"}
    %out = irdl.any {omnir.constraint = "FloatLike"}
    %fm = irdl.base @arith::@fastmath
    %rm = irdl.any {omnir.enum = "RoundingMode"}
    irdl.operands(in: %in, scale: %scale)
    irdl.results(out: %out)
    irdl.attributes {"roundingmode" = %rm, "fastmath" = %fm}
  }
}
