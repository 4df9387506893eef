// The math dialect (upstream's MathOps.td), as omnir ships it: elementwise math functions on
// scalars, vectors and tensors. Its fast-math flags are arith's (`#arith.fastmath<...>`),
// so loading math loads arith.
irdl.dialect @math attributes {omnir.ods} {
  irdl.operation @absf attributes {omnir.class_name = "AbsFOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point absolute-value operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @acos attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "arcus cosine of the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @acosh attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "Hyperbolic arcus cosine of the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @asin attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "arcus sine of the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @asinh attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "hyperbolic arcus sine of the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @atan attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "arcus tangent of the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @atanh attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "hyperbolic arcus tangent of the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @cbrt attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "cube root of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @ceil attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "ceiling of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @cos attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "cosine of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @cosh attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "hyperbolic cosine of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @erf attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "error function of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @erfc attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complementary error function of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @exp attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "base-e exponential of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @exp2 attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "base-2 exponential of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @expm1 attributes {omnir.class_name = "ExpM1Op", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "base-e exponential of the specified value minus 1"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @floor attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floor of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @log attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "base-e logarithm of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @log10 attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "base-10 logarithm of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @log1p attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "Computes the natural logarithm of one plus the given value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @log2 attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "base-2 logarithm of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @round attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "round of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @roundeven attributes {omnir.class_name = "RoundEvenOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "round of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @rsqrt attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "reciprocal of sqrt (1 / sqrt of the specified value)"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sin attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "sine of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sinh attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "hyperbolic sine of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sqrt attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "sqrt of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @tan attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "tangent of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @tanh attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "hyperbolic tangent of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @trunc attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "trunc of the specified value"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @atan2 attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "2-argument arcus tangent of the given values"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @copysign attributes {omnir.class_name = "CopySignOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "A copysign operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @powf attributes {omnir.class_name = "PowFOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point raised to the power of operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @fma attributes {omnir.assembly_format = "$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point fused multipy-add operation"} {
    %t = irdl.any {omnir.constraint = "FloatLike"}
    irdl.operands(a: %t, b: %t, c: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @fpowi attributes {omnir.class_name = "FPowIOp", omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "AllTypesMatch<[lhs, result]>", "SameOperandsAndResultShape"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "floating point raised to the signed integer power"} {
    %f = irdl.any {omnir.constraint = "FloatLike"}
    %i = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %f, rhs: %i)
    irdl.results(result: %f)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @ipowi attributes {omnir.class_name = "IPowIOp", omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.summary = "signed integer raised to the power of operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
  }
  irdl.operation @absi attributes {omnir.class_name = "AbsIOp", omnir.assembly_format = "$operand attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.summary = "integer absolute-value operation"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
  }
  irdl.operation @ctlz attributes {omnir.class_name = "CountLeadingZerosOp", omnir.assembly_format = "$operand attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.summary = "counts the leading zeros an integer value"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
  }
  irdl.operation @cttz attributes {omnir.class_name = "CountTrailingZerosOp", omnir.assembly_format = "$operand attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.summary = "counts the trailing zeros an integer value"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
  }
  irdl.operation @ctpop attributes {omnir.class_name = "CtPopOp", omnir.assembly_format = "$operand attr-dict `:` type($result)", omnir.traits = ["NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "SameOperandsAndResultType"], omnir.summary = "counts the number of set bits of an integer value"} {
    %t = irdl.any {omnir.constraint = "SignlessIntegerOrIndexLike"}
    irdl.operands(operand: %t)
    irdl.results(result: %t)
  }
  irdl.operation @isnan attributes {omnir.class_name = "IsNaNOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "TypesMatchWith<operand, result, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "returns true if the operand classifies as NaN"} {
    %f = irdl.any {omnir.constraint = "FloatLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    irdl.operands(operand: %f)
    irdl.results(result: %b)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @isinf attributes {omnir.class_name = "IsInfOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "TypesMatchWith<operand, result, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "returns true if the operand classifies as infinite"} {
    %f = irdl.any {omnir.constraint = "FloatLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    irdl.operands(operand: %f)
    irdl.results(result: %b)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @isfinite attributes {omnir.class_name = "IsFiniteOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "TypesMatchWith<operand, result, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "returns true if the operand classifies as finite"} {
    %f = irdl.any {omnir.constraint = "FloatLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    irdl.operands(operand: %f)
    irdl.results(result: %b)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @isnormal attributes {omnir.class_name = "IsNormalOp", omnir.assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)", omnir.traits = ["InferTypeOpInterface", "NoMemoryEffect", "ElementwiseMappable", "VectorUnrollOpInterface", "Pure", "TypesMatchWith<operand, result, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "returns true if the operand classifies as normal"} {
    %f = irdl.any {omnir.constraint = "FloatLike"}
    %b = irdl.any {omnir.constraint = "BoolLike"}
    irdl.operands(operand: %f)
    irdl.results(result: %b)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
}
