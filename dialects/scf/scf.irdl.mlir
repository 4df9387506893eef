// The scf dialect (upstream's SCFOps.td), as omnir ships it: structured control flow.
// scf.for and scf.while read and print their headers with Rust directives
// (dialects/scf/hooks.rs), and so do scf.parallel and scf.forall; scf.index_switch has no
// custom syntax in omnir yet (it reads and prints in the generic form).
irdl.dialect @scf attributes {omnir.ods} {
  irdl.operation @condition attributes {omnir.assembly_format = "`(` $condition `)` attr-dict ($args^ `:` type($args))?", omnir.traits = ["HasParent<scf.while>", "Pure", "Terminator", "RegionBranchTerminatorOpInterface"], omnir.summary = "loop continuation condition", omnir.description = "Ends the before region of scf.while: loops on when the condition holds, passing the arguments to the after region; else the loop ends with them as its results."} {
    %cond = irdl.is i1
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(condition: %cond, args: variadic %any)
  }

  irdl.operation @execute_region attributes {omnir.assembly_format = "(`->` custom<ArrowTypeList>(type($result))^)? (`no_inline` $no_inline^)? $region attr-dict", omnir.optional_attributes = ["no_inline"], omnir.traits = ["RecursiveMemoryEffects", "RegionBranchOpInterface"], omnir.summary = "operation that executes its region exactly once", omnir.description = "Runs its region once; the scf.yield that ends it gives the results."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    %r = irdl.region
    irdl.results(result: variadic %any)
    irdl.attributes {"no_inline" = %unit}
    irdl.regions(region: %r)
  }

  irdl.operation @for attributes {omnir.assembly_format = "custom<ForHeader>($unsignedCmp, $lowerBound, type($lowerBound), $upperBound, type($upperBound), $step, type($step), $initArgs, type($initArgs), type($results), $region) $region attr-dict", omnir.optional_attributes = ["unsignedCmp"], omnir.traits = ["AutomaticAllocationScope", "LoopLikeOpInterface", "AllTypesMatch<[lowerBound, upperBound, step]>", "ConditionallySpeculatable", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator<scf.yield>", "RegionBranchOpInterface"], omnir.summary = "for operation", omnir.description = "A loop from a lower to an upper bound by a step, with loop-carried values (iter_args) yielded by each iteration and returned by the loop."} {
    %bound = irdl.any {omnir.constraint = "AnySignlessIntegerOrIndex"}
    %init = irdl.any {omnir.constraint = "AnyType"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    %r = irdl.region
    irdl.operands(lowerBound: %bound, upperBound: %bound, step: %bound, initArgs: variadic %init)
    irdl.results(results: variadic %res)
    irdl.attributes {"unsignedCmp" = %unit}
    irdl.regions(region: %r)
  }

  irdl.operation @forall attributes {omnir.arguments = ["dynamicLowerBound", "dynamicUpperBound", "dynamicStep", "staticLowerBound", "staticUpperBound", "staticStep", "outputs", "mapping"], omnir.verifier = "scf.forall", omnir.assembly_format = "custom<ForallHeader>($dynamicLowerBound, $staticLowerBound, $dynamicUpperBound, $staticUpperBound, $dynamicStep, $staticStep, $outputs, type($outputs), type($results), $region) $region attr-dict", omnir.print_terminators = "with_results", omnir.optional_attributes = ["mapping"], omnir.traits = ["AttrSizedOperandSegments", "AutomaticAllocationScope", "LoopLikeOpInterface", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator<scf.forall.in_parallel>", "RegionBranchOpInterface", "DestinationStyleOpInterface"], omnir.summary = "evaluate a block multiple times in parallel", omnir.description = "A parallel loop over a multi-dimensional iteration space, writing its results through scf.forall.in_parallel."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %out = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %lbs = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %ubs = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %steps = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %mapping = irdl.any {omnir.constraint = "ArrayAttr"}
    %r = irdl.region
    irdl.operands(dynamicLowerBound: variadic %index, dynamicUpperBound: variadic %index, dynamicStep: variadic %index, outputs: variadic %out)
    irdl.results(results: variadic %res)
    irdl.attributes {"staticLowerBound" = %lbs, "staticUpperBound" = %ubs, "staticStep" = %steps, "mapping" = %mapping}
    irdl.regions(region: %r)
  }

  irdl.operation @forall.in_parallel attributes {omnir.class_name = "InParallelOp", omnir.assembly_format = "$region attr-dict", omnir.traits = ["Pure", "Terminator", "HasParent<scf.forall>", "NoTerminator", "SingleBlock"], omnir.summary = "terminates a forall block", omnir.description = "Holds the parallel insertions that make the results of the enclosing scf.forall."} {
    %r = irdl.region
    irdl.regions(region: %r)
  }

  irdl.operation @if attributes {omnir.assembly_format = "$condition (`->` custom<ParenthesizedTypeList>(type($results))^)? $thenRegion (`else` $elseRegion^)? attr-dict", omnir.traits = ["NoRegionArguments", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator<scf.yield>", "RegionBranchOpInterface", "InferTypeOpInterface"], omnir.summary = "if-then-else operation", omnir.description = "Runs the then region when the condition holds, else the else region (which may be empty when there are no results); the scf.yield that ends the region run gives the results."} {
    %cond = irdl.is i1
    %res = irdl.any {omnir.constraint = "AnyType"}
    %then = irdl.region
    %else = irdl.region
    irdl.operands(condition: %cond)
    irdl.results(results: variadic %res)
    irdl.regions(thenRegion: %then, elseRegion: %else)
  }

  irdl.operation @index_switch attributes {omnir.variadic_regions = ["caseRegions"], omnir.traits = ["RecursiveMemoryEffects", "SingleBlockImplicitTerminator<scf.yield>", "RegionBranchOpInterface"], omnir.summary = "switch-case operation on an index argument", omnir.description = "Runs the region of the case equal to the argument, else the default region."} {
    %arg = irdl.any {omnir.constraint = "Index"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %cases = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %default = irdl.region
    %case = irdl.region
    irdl.operands(arg: %arg)
    irdl.results(results: variadic %res)
    irdl.attributes {"cases" = %cases}
    irdl.regions(defaultRegion: %default, caseRegions: %case)
  }

  irdl.operation @parallel attributes {omnir.verifier = "scf.parallel", omnir.assembly_format = "(`unsigned` $unsignedCmp^)? custom<ParallelHeader>($lowerBound, $upperBound, $step, $initVals, type($initVals), type($results), $region) $region attr-dict", omnir.print_terminators = "always", omnir.traits = ["AttrSizedOperandSegments", "AutomaticAllocationScope", "LoopLikeOpInterface", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator<scf.reduce>", "RegionBranchOpInterface"], omnir.optional_attributes = ["unsignedCmp"], omnir.summary = "parallel for operation", omnir.description = "A parallel loop over a multi-dimensional index space, with reductions through scf.reduce."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %init = irdl.any {omnir.constraint = "AnyType"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    %r = irdl.region
    irdl.operands(lowerBound: variadic %index, upperBound: variadic %index, step: variadic %index, initVals: variadic %init)
    irdl.results(results: variadic %res)
    irdl.attributes {"unsignedCmp" = %unit}
    irdl.regions(region: %r)
  }

  irdl.operation @reduce attributes {omnir.assembly_format = "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict", omnir.variadic_regions = ["reductions"], omnir.traits = ["HasParent<scf.parallel>", "RecursiveMemoryEffects", "Terminator", "RegionBranchTerminatorOpInterface"], omnir.summary = "reduce operation for scf.parallel", omnir.description = "Ends the body of scf.parallel, combining each operand into the loop's results with one reduction region per operand."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %r = irdl.region
    irdl.operands(operands: variadic %any)
    irdl.regions(reductions: %r)
  }

  irdl.operation @reduce.return attributes {omnir.assembly_format = "$result attr-dict `:` type($result)", omnir.traits = ["HasParent<scf.reduce>", "Pure", "Terminator"], omnir.summary = "terminator for reduce operation", omnir.description = "Gives the combined value of a reduction region."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(result: %any)
  }

  irdl.operation @while attributes {omnir.assembly_format = "custom<WhileHeader>($inits, type($inits), type($results), $before) $before `do` $after attr-dict-with-keyword", omnir.traits = ["RecursiveMemoryEffects", "SingleBlock", "LoopLikeOpInterface", "RegionBranchOpInterface"], omnir.summary = "a generic 'while' loop", omnir.description = "Runs the before region, whose scf.condition decides whether to run the after region (whose scf.yield loops back) or to end with the condition's arguments as results."} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %before = irdl.region
    %after = irdl.region
    irdl.operands(inits: variadic %in)
    irdl.results(results: variadic %res)
    irdl.regions(before: %before, after: %after)
  }

  irdl.operation @yield attributes {omnir.assembly_format = "attr-dict ($results^ `:` type($results))?", omnir.traits = ["Pure", "ReturnLike", "Terminator", "ParentOneOf<[scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while]>", "RegionBranchTerminatorOpInterface"], omnir.summary = "loop yield and termination operation", omnir.description = "Ends a region of an scf op, giving the values it produces."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(results: variadic %any)
  }
}
