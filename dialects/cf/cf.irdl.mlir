// The cf dialect (upstream's ControlFlowOps.td), as omnir ships it: unstructured control
// flow between blocks. cf.switch's case list and verifier are Rust hooks (dialects/cf/hooks.rs).
irdl.dialect @cf attributes {omnir.ods} {
  irdl.operation @assert attributes {omnir.assembly_format = "$arg `,` $msg attr-dict", omnir.traits = ["MemoryEffects"], omnir.summary = "Assert operation with message attribute", omnir.description = "Aborts with the message when the condition is false (lowering decides how)."} {
    %cond = irdl.is i1
    %msg = irdl.any {omnir.constraint = "StrAttr"}
    irdl.operands(arg: %cond)
    irdl.attributes {"msg" = %msg}
  }

  irdl.operation @br attributes {omnir.class_name = "BranchOp", omnir.assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict", omnir.successors = ["dest"], omnir.traits = ["BranchOpInterface", "Pure", "Terminator"], omnir.summary = "Branch operation", omnir.description = "Jumps to the successor block, passing the operands as its arguments."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(destOperands: variadic %any)
  }

  irdl.operation @cond_br attributes {omnir.class_name = "CondBranchOp", omnir.assembly_format = "$condition (`weights` `(` $branch_weights^ `)`)? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict", omnir.successors = ["trueDest", "falseDest"], omnir.optional_attributes = ["branch_weights"], omnir.traits = ["AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"], omnir.summary = "Conditional branch operation", omnir.description = "Jumps to the first successor when the condition is true, else to the second, passing each its operands."} {
    %cond = irdl.is i1
    %t = irdl.any {omnir.constraint = "AnyType"}
    %f = irdl.any {omnir.constraint = "AnyType"}
    %weights = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    irdl.operands(condition: %cond, trueDestOperands: variadic %t, falseDestOperands: variadic %f)
    irdl.attributes {"branch_weights" = %weights}
  }

  irdl.operation @switch attributes {omnir.assembly_format = "$flag `:` type($flag) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($flag)), $defaultDestination, $defaultOperands, type($defaultOperands), $case_values, $caseDestinations, $caseOperands, type($caseOperands), $case_operand_segments) `]` attr-dict", omnir.verifier = "cf.switch", omnir.successors = ["defaultDestination", "caseDestinations"], omnir.variadic_successors = ["caseDestinations"], omnir.optional_attributes = ["case_values", "branch_weights"], omnir.traits = ["AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"], omnir.summary = "Switch operation", omnir.description = "Jumps to the successor of the case whose value equals the flag, else to the default one."} {
    %flag = irdl.any {omnir.constraint = "AnyInteger"}
    %d = irdl.any {omnir.constraint = "AnyType"}
    %c = irdl.any {omnir.constraint = "AnyType"}
    %values = irdl.any {omnir.constraint = "AnyIntElementsAttr"}
    %segments = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %weights = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    irdl.operands(flag: %flag, defaultOperands: variadic %d, caseOperands: variadic %c)
    irdl.attributes {"case_values" = %values, "case_operand_segments" = %segments, "branch_weights" = %weights}
  }
}
