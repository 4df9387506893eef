// omnir's test dialect: IRDL plus omnir.* attributes (assembly formats, traits, enums,
// defaults, successors, default dialect). Upstream's `mlir-opt --irdl-file` accepts this
// file and ignores the omnir.* attributes.
irdl.dialect @fmtest attributes {omnir.enums = {Pred = {width = 64, cases = ["eq", "ne", "slt"], values = [0, 1, 2]}}} {
  irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["Pure", "Commutative", "SameOperandsAndResultType"], omnir.summary = "integer addition"} {
    %0 = irdl.any {omnir.constraint = "SignlessIntegerLike"}
    irdl.operands(lhs: %0, rhs: %0)
    irdl.results(result: %0)
  }
  irdl.operation @cmp attributes {omnir.assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)", omnir.traits = ["Pure"]} {
    %0 = irdl.any {omnir.constraint = "SignlessIntegerLike"}
    %1 = irdl.is i1
    %p = irdl.any {omnir.enum = "Pred"}
    irdl.operands(lhs: %0, rhs: %0)
    irdl.results(result: %1)
    irdl.attributes {"predicate" = %p}
  }
  irdl.operation @constant attributes {omnir.assembly_format = "attr-dict $value", omnir.traits = ["Pure", "ConstantLike", "AllTypesMatch<[value, result]>"]} {
    %0 = irdl.any
    %v = irdl.any {omnir.constraint = "TypedAttr"}
    irdl.results(result: %0)
    irdl.attributes {"value" = %v}
  }
  irdl.operation @func attributes {omnir.assembly_format = "$sym_name attr-dict-with-keyword $body", omnir.traits = ["Symbol", "IsolatedFromAbove"], omnir.default_dialect = "fmtest"} {
    %s = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %r = irdl.region
    irdl.attributes {"sym_name" = %s}
    irdl.regions(body: %r)
  }
  irdl.operation @return attributes {omnir.assembly_format = "attr-dict ($operands^ `:` type($operands))?", omnir.traits = ["Terminator", "ReturnLike"]} {
    %0 = irdl.any
    irdl.operands(operands: variadic %0)
  }
  irdl.operation @step attributes {omnir.assembly_format = "$value (`by` $by^)? attr-dict", omnir.defaults = {by = 1 : i32}, omnir.traits = ["AllTypesMatch<[value, result]>"]} {
    %0 = irdl.any {omnir.constraint = "Index"}
    %b = irdl.any {omnir.constraint = "I32Attr"}
    irdl.operands(value: %0)
    irdl.results(result: %0)
    irdl.attributes {"by" = %b}
  }
  irdl.operation @br attributes {omnir.assembly_format = "$dest (`(` $args^ `:` type($args) `)`)? attr-dict", omnir.successors = ["dest"], omnir.traits = ["Terminator"]} {
    %0 = irdl.any
    irdl.operands(args: variadic %0)
  }
}
