// The func dialect (upstream's FuncOps.td), as omnir ships it: functions, calls and
// returns. The signature of func.func is the Rust directive `custom<FunctionSignature>`
// (dialects/func/hooks.rs); calls, returns and constants are checked against the callee by
// Rust verifier hooks, as upstream's C++ does. (In IRDL one constraint value used twice
// means "the same attribute or type" — also for every value of a variadic group — while an
// ODS named constraint (`omnir.constraint`) holds for each value on its own.)
irdl.dialect @func attributes {omnir.ods} {
  irdl.operation @call attributes {omnir.arguments = ["callee", "operands", "arg_attrs", "res_attrs", "no_inline"], omnir.assembly_format = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)", omnir.optional_attributes = ["arg_attrs", "res_attrs", "no_inline"], omnir.traits = ["CallOpInterface", "MemRefsNormalizable", "SymbolUserOpInterface"], omnir.verifier = "func.call", omnir.summary = "call operation", omnir.description = "A direct call to a function in the same symbol scope: the operands and result types must match the callee's function type."} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyType"}
    %callee = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %arg_dicts = irdl.any {omnir.constraint = "DictArrayAttr"}
    %res_dicts = irdl.any {omnir.constraint = "DictArrayAttr"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(operands: variadic %in)
    irdl.results(result: variadic %out)
    irdl.attributes {"callee" = %callee, "arg_attrs" = %arg_dicts, "res_attrs" = %res_dicts, "no_inline" = %unit}
  }

  irdl.operation @call_indirect attributes {omnir.assembly_format = "$callee `(` $callee_operands `)` attr-dict `:` type($callee)", omnir.optional_attributes = ["arg_attrs", "res_attrs"], omnir.traits = ["CallOpInterface", "TypesMatchWith<callee, callee_operands, FunctionInputs, \"callee input types match argument types\">", "TypesMatchWith<callee, results, FunctionResults, \"callee result types match result types\">"], omnir.summary = "indirect call operation", omnir.description = "A call through a value of function type: the operands and result types must match that type."} {
    %fn = irdl.any {omnir.constraint = "FunctionType"}
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyType"}
    %arg_dicts = irdl.any {omnir.constraint = "DictArrayAttr"}
    %res_dicts = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.operands(callee: %fn, callee_operands: variadic %in)
    irdl.results(results: variadic %out)
    irdl.attributes {"arg_attrs" = %arg_dicts, "res_attrs" = %res_dicts}
  }

  irdl.operation @constant attributes {omnir.assembly_format = "attr-dict $value `:` type(results)", omnir.traits = ["ConstantLike", "Pure"], omnir.result_names = ["f"], omnir.verifier = "func.constant", omnir.summary = "constant", omnir.description = "A value of function type from a symbol reference to a func.func."} {
    %any = irdl.any
    %value = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    irdl.results(result: %any)
    irdl.attributes {"value" = %value}
  }

  irdl.operation @func attributes {omnir.assembly_format = "custom<FunctionSignature>($sym_visibility, $sym_name, $function_type, $arg_attrs, $res_attrs, $body) attr-dict-with-keyword ($body^)?", omnir.optional_attributes = ["sym_visibility", "arg_attrs", "res_attrs", "no_inline"], omnir.traits = ["AffineScope", "AutomaticAllocationScope", "CallableOpInterface", "FunctionOpInterface", "IsolatedFromAbove", "OpAsmOpInterface", "Symbol"], omnir.default_dialect = "func", omnir.verifier = "func.func", omnir.summary = "An operation with a name containing a single `SSACFG` region", omnir.description = "A function: a symbol with a function type and a body region whose entry block takes the arguments. A function with an empty body is a declaration."} {
    %name = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %type = irdl.any {omnir.constraint = "TypeAttrOf<FunctionType>"}
    %str = irdl.any {omnir.constraint = "StrAttr"}
    %arg_dicts = irdl.any {omnir.constraint = "DictArrayAttr"}
    %res_dicts = irdl.any {omnir.constraint = "DictArrayAttr"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    %body = irdl.region
    irdl.attributes {"sym_name" = %name, "function_type" = %type, "sym_visibility" = %str, "arg_attrs" = %arg_dicts, "res_attrs" = %res_dicts, "no_inline" = %unit}
    irdl.regions(body: %body)
  }

  irdl.operation @return attributes {omnir.assembly_format = "attr-dict ($operands^ `:` type($operands))?", omnir.traits = ["Pure", "HasParent<func.func>", "MemRefsNormalizable", "ReturnLike", "Terminator"], omnir.verifier = "func.return", omnir.summary = "Function return operation", omnir.description = "Returns from the enclosing function: the operands must match its result types."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %any)
  }
}
