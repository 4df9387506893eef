// The complex dialect (upstream's ComplexOps.td), as omnir ships it: arithmetic and
// elementary functions on builtin `complex<...>` values. Fast-math flags are arith's
// (`#arith.fastmath<...>`), so loading complex loads arith. Rust hooks
// (dialects/complex/hooks.rs): the verifiers of `constant` and `bitcast`.
irdl.dialect @complex attributes {omnir.ods} {
  irdl.operation @abs attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["InferTypeOpInterface", "Pure", "TypesMatchWith<complex, result, ElementType, \"complex element type matches result type\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "absolute value of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %f = irdl.any {omnir.constraint = "AnyFloat"}
    irdl.operands(complex: %t)
    irdl.results(result: %f)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["Commutative", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex addition"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @angle attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["InferTypeOpInterface", "Pure", "TypesMatchWith<complex, result, ElementType, \"complex element type matches result type\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "argument (phase angle) of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %f = irdl.any {omnir.constraint = "AnyFloat"}
    irdl.operands(complex: %t)
    irdl.results(result: %f)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @atan2 attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex 2-argument arctangent"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @bitcast attributes {omnir.assembly_format = "$operand attr-dict `:` type($operand) `to` type($result)", omnir.traits = ["Pure"], omnir.verifier = "complex.bitcast", omnir.summary = "bitcast between a complex type and an arith type of equal width"} {
    %a = irdl.any {omnir.constraint = "AnyType"}
    %b = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operand: %a)
    irdl.results(result: %b)
  }
  irdl.operation @conj attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex conjugate"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @constant attributes {omnir.assembly_format = "$value attr-dict `:` type($complex)", omnir.traits = ["ConstantLike", "Pure", "OpAsmOpInterface"], omnir.result_names = ["cst"], omnir.verifier = "complex.constant", omnir.summary = "complex number constant from an array of its real and imaginary parts"} {
    %v = irdl.any {omnir.constraint = "ArrayAttr"}
    %t = irdl.any {omnir.constraint = "AnyComplex"}
    irdl.results(complex: %t)
    irdl.attributes {"value" = %v}
  }
  irdl.operation @cos attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "cosine of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @create attributes {omnir.assembly_format = "$real `,` $imaginary attr-dict `:` type($complex)", omnir.traits = ["Pure", "AllTypesMatch<[real, imaginary]>", "TypesMatchWith<complex, real, ElementType, \"complex element type matches real operand type\">", "TypesMatchWith<complex, imaginary, ElementType, \"complex element type matches imaginary operand type\">"], omnir.summary = "complex number creation from real and imaginary parts"} {
    %f = irdl.any {omnir.constraint = "AnyFloat"}
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(real: %f, imaginary: %f)
    irdl.results(complex: %t)
  }
  irdl.operation @div attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex division"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @eq attributes {omnir.class_name = "EqualOp", omnir.assembly_format = "$lhs `,` $rhs  attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[lhs, rhs]>"], omnir.summary = "whether two complex values are equal"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %b = irdl.is i1
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %b)
  }
  irdl.operation @exp attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "exponential of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @expm1 attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "exponential of a complex number minus one"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @im attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["InferTypeOpInterface", "Pure", "TypesMatchWith<complex, imaginary, ElementType, \"complex element type matches result type\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "imaginary part of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %f = irdl.any {omnir.constraint = "AnyFloat"}
    irdl.operands(complex: %t)
    irdl.results(imaginary: %f)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @log attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "natural logarithm of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @log1p attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "natural logarithm of one plus a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @mul attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["Commutative", "Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex multiplication"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @neg attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "negation of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @neq attributes {omnir.class_name = "NotEqualOp", omnir.assembly_format = "$lhs `,` $rhs  attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[lhs, rhs]>"], omnir.summary = "whether two complex values differ"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %b = irdl.is i1
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %b)
  }
  irdl.operation @pow attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex power function"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @powi attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result) `,` type($rhs)", omnir.traits = ["InferTypeOpInterface", "Pure", "SameOperandsAndResultShape", "AllTypesMatch<[lhs, result]>"], omnir.optional_attributes = ["fastmath"], omnir.summary = "complex number raised to a signed integer power"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %i = irdl.any {omnir.constraint = "AnySignlessInteger"}
    irdl.operands(lhs: %t, rhs: %i)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @re attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["InferTypeOpInterface", "Pure", "TypesMatchWith<complex, real, ElementType, \"complex element type matches result type\">"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "real part of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    %f = irdl.any {omnir.constraint = "AnyFloat"}
    irdl.operands(complex: %t)
    irdl.results(real: %f)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @rsqrt attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "reciprocal square root of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sign attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "sign of a complex number (x / |x|, or zero)"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sin attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "sine of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sqrt attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "square root of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @sub attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "complex subtraction"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @tan attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "tangent of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
  irdl.operation @tanh attributes {omnir.assembly_format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "hyperbolic tangent of a complex number"} {
    %t = irdl.any {omnir.constraint = "Complex<AnyFloat>"}
    irdl.operands(complex: %t)
    irdl.results(result: %t)
    %fm = irdl.base "#arith.fastmath"
    irdl.attributes {"fastmath" = %fm}
  }
}
