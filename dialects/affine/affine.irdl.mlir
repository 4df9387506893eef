// The affine dialect (upstream's AffineOps.td), as omnir ships it: loops, conditionals and
// memory accesses whose bounds and subscripts are affine maps of SSA values. Their custom
// syntax reads affine expressions whose identifiers are SSA values (`%i + 1`,
// `symbol(%n)`), and maps applied to dims and symbols (`#map(%i)[%n]`): Rust directives in
// dialects/affine/hooks.rs, which also hold upstream's verifiers.
irdl.dialect @affine attributes {omnir.ods} {
  irdl.operation @apply attributes {omnir.class_name = "AffineApplyOp", omnir.arguments = ["map", "mapOperands"], omnir.assembly_format = "custom<MapAndOperands>($map, $mapOperands) attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.verifier = "affine.apply", omnir.summary = "affine apply operation", omnir.description = "Applies a one-result affine map to index operands (dims, then symbols)."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(mapOperands: variadic %index)
    irdl.results(result: %index)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @delinearize_index attributes {omnir.class_name = "AffineDelinearizeIndexOp", omnir.assembly_format = "$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis) attr-dict `:` custom<DelinearizeTypes>(type($multi_index), type($linear_index))", omnir.traits = ["Pure", "Elementwise"], omnir.verifier = "affine.delinearize_index", omnir.summary = "delinearize an index", omnir.description = "Splits a linear index into a multi-index by a basis (static values or index operands); the basis may leave out the outermost bound."} {
    %idx = irdl.any {omnir.constraint = "AnyType"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %index = irdl.any {omnir.constraint = "Index"}
    %basis = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(linear_index: %idx, dynamic_basis: variadic %index)
    irdl.results(multi_index: variadic %res)
    irdl.attributes {"static_basis" = %basis}
  }

  irdl.operation @dma_start attributes {omnir.class_name = "AffineDmaStartOp", omnir.assembly_format = "custom<DmaStart>($operands, type($operands), $src_map, $dst_map, $tag_map) attr-dict", omnir.traits = ["MemRefsNormalizable", "AffineMapAccessInterface", "MemoryEffectsOpInterface"], omnir.verifier = "affine.dma_start", omnir.summary = "affine dma start operation", omnir.description = "Starts a non-blocking copy of num_elements elements from a source memref to a destination memref, signalling completion on a tag memref; each memref is indexed by an affine map of its index operands."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(operands: variadic %any)
    irdl.attributes {"src_map" = %map, "dst_map" = %map, "tag_map" = %map}
  }

  irdl.operation @dma_wait attributes {omnir.class_name = "AffineDmaWaitOp", omnir.assembly_format = "custom<DmaWait>($operands, type($operands), $tag_map) attr-dict", omnir.traits = ["MemRefsNormalizable", "AffineMapAccessInterface", "MemoryEffectsOpInterface"], omnir.verifier = "affine.dma_wait", omnir.summary = "affine dma wait operation", omnir.description = "Blocks until the DMA operation signalling on the tag memref element has completed."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(operands: variadic %any)
    irdl.attributes {"tag_map" = %map}
  }

  irdl.operation @for attributes {omnir.class_name = "AffineForOp", omnir.assembly_format = "custom<ForHeader>($lowerBoundOperands, $lowerBoundMap, $upperBoundOperands, $upperBoundMap, $step, $inits, type($inits), type($results), $region) $region attr-dict", omnir.traits = ["AttrSizedOperandSegments", "AutomaticAllocationScope", "SingleBlockImplicitTerminator<affine.yield>", "ConditionallySpeculatable", "RecursiveMemoryEffects", "LoopLikeOpInterface", "RegionBranchOpInterface"], omnir.verifier = "affine.for", omnir.summary = "for operation", omnir.description = "A loop from a lower bound (the maximum of an affine map's results) to an upper bound (the minimum) by a constant positive step, with loop-carried values (iter_args) yielded by each iteration and returned by the loop."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    %step = irdl.any {omnir.constraint = "IndexAttr"}
    %r = irdl.region
    irdl.operands(lowerBoundOperands: variadic %index, upperBoundOperands: variadic %index, inits: variadic %any)
    irdl.results(results: variadic %res)
    irdl.attributes {"lowerBoundMap" = %map, "upperBoundMap" = %map, "step" = %step}
    irdl.regions(region: %r)
  }

  irdl.operation @if attributes {omnir.class_name = "AffineIfOp", omnir.assembly_format = "custom<SetAndOperands>($condition, $operands, type($operands)) (`->` custom<ArrowTypeList>(type($results))^)? $thenRegion (`else` $elseRegion^)? attr-dict", omnir.traits = ["SingleBlockImplicitTerminator<affine.yield>", "RecursivelySpeculatable", "RecursiveMemoryEffects", "NoRegionArguments", "RegionBranchOpInterface"], omnir.verifier = "affine.if", omnir.summary = "if-then-else operation", omnir.description = "Runs the then region when the dims and symbols satisfy the integer set, else the else region (which may be empty when there are no results)."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %set = irdl.any {omnir.constraint = "IntegerSetAttr"}
    %then = irdl.region
    %else = irdl.region
    irdl.operands(operands: variadic %any)
    irdl.results(results: variadic %res)
    irdl.attributes {"condition" = %set}
    irdl.regions(thenRegion: %then, elseRegion: %else)
  }

  irdl.operation @linearize_index attributes {omnir.class_name = "AffineLinearizeIndexOp", omnir.assembly_format = "custom<Disjoint>($disjoint) `[` $multi_index `]` `by` custom<DynamicIndexList>($dynamic_basis, $static_basis) attr-dict `:` custom<LinearizeTypes>(type($linear_index), type($multi_index), ref($multi_index))", omnir.traits = ["Pure", "AttrSizedOperandSegments", "Elementwise"], omnir.defaults = {disjoint = false}, omnir.verifier = "affine.linearize_index", omnir.summary = "linearize an index", omnir.description = "Combines a multi-index into a linear index by a basis (static values or index operands); the basis may leave out the outermost bound. `disjoint` asserts that each index is within its bound."} {
    %idx = irdl.any {omnir.constraint = "AnyType"}
    %index = irdl.any {omnir.constraint = "Index"}
    %basis = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %disjoint = irdl.any
    irdl.operands(multi_index: variadic %idx, dynamic_basis: variadic %index)
    irdl.results(linear_index: %idx)
    irdl.attributes {"static_basis" = %basis, "disjoint" = %disjoint}
  }

  irdl.operation @load attributes {omnir.class_name = "AffineLoadOp", omnir.assembly_format = "$memref `[` custom<MapOfSSAIds>($indices, $map) `]` attr-dict `:` custom<MemRefElement>(type($memref), type($result))", omnir.traits = ["AffineReadOpInterface", "AffineMapAccessInterface", "MemRefsNormalizable"], omnir.verifier = "affine.load", omnir.summary = "affine load operation", omnir.description = "Reads an element of a memref at subscripts that are affine expressions of dims and symbols."} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(memref: %mem, indices: variadic %index)
    irdl.results(result: %any)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @max attributes {omnir.class_name = "AffineMaxOp", omnir.arguments = ["map", "operands"], omnir.assembly_format = "custom<MinMaxOperands>($map, $operands) attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.verifier = "affine.max", omnir.summary = "max operation", omnir.description = "The largest result of an affine map applied to index operands."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(operands: variadic %index)
    irdl.results(result: %index)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @min attributes {omnir.class_name = "AffineMinOp", omnir.arguments = ["map", "operands"], omnir.assembly_format = "custom<MinMaxOperands>($map, $operands) attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.verifier = "affine.min", omnir.summary = "min operation", omnir.description = "The smallest result of an affine map applied to index operands."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(operands: variadic %index)
    irdl.results(result: %index)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @parallel attributes {omnir.class_name = "AffineParallelOp", omnir.arguments = ["reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps", "mapOperands"], omnir.assembly_format = "custom<ParallelHeader>($mapOperands, $lowerBoundsMap, $lowerBoundsGroups, $upperBoundsMap, $upperBoundsGroups, $steps, $reductions, type($results), $region) $region attr-dict", omnir.traits = ["AutomaticAllocationScope", "SingleBlockImplicitTerminator<affine.yield>", "RecursivelySpeculatable", "RecursiveMemoryEffects", "LoopLikeOpInterface", "MemRefsNormalizable"], omnir.verifier = "affine.parallel", omnir.summary = "multi-index parallel band operation", omnir.description = "A hyper-rectangular parallel band: one index argument per loop, bounds as groups of affine map results (max of a lower group, min of an upper group), constant steps, and the yielded values reduced by the given kinds."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    %groups = irdl.any {omnir.constraint = "I32ElementsAttr"}
    %steps = irdl.any {omnir.constraint = "ArrayAttr"}
    %reductions = irdl.any {omnir.constraint = "ArrayAttr"}
    %r = irdl.region
    irdl.operands(mapOperands: variadic %index)
    irdl.results(results: variadic %res)
    irdl.attributes {"reductions" = %reductions, "lowerBoundsMap" = %map, "lowerBoundsGroups" = %groups, "upperBoundsMap" = %map, "upperBoundsGroups" = %groups, "steps" = %steps}
    irdl.regions(region: %r)
  }

  irdl.operation @prefetch attributes {omnir.class_name = "AffinePrefetchOp", omnir.assembly_format = "$memref `[` custom<MapOfSSAIds>($indices, $map) `]` `,` custom<PrefetchHints>($isWrite, $localityHint, $isDataCache) attr-dict `:` type($memref)", omnir.traits = ["AffineMapAccessInterface"], omnir.verifier = "affine.prefetch", omnir.summary = "affine prefetch operation", omnir.description = "Prefetches a memref element at affine subscripts, for reading or writing, with a locality hint from 0 to 3, into the data or instruction cache."} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %bool = irdl.any {omnir.constraint = "BoolAttr"}
    %i32 = irdl.any {omnir.constraint = "I32Attr"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(memref: %mem, indices: variadic %index)
    irdl.attributes {"isWrite" = %bool, "localityHint" = %i32, "isDataCache" = %bool, "map" = %map}
  }

  irdl.operation @store attributes {omnir.class_name = "AffineStoreOp", omnir.assembly_format = "$value `,` $memref `[` custom<MapOfSSAIds>($indices, $map) `]` attr-dict `:` custom<MemRefElement>(type($memref), type($value))", omnir.traits = ["AffineWriteOpInterface", "AffineMapAccessInterface", "MemRefsNormalizable"], omnir.verifier = "affine.store", omnir.summary = "affine store operation", omnir.description = "Writes a value to a memref element at subscripts that are affine expressions of dims and symbols."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(value: %any, memref: %mem, indices: variadic %index)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @vector_load attributes {omnir.class_name = "AffineVectorLoadOp", omnir.assembly_format = "$memref `[` custom<MapOfSSAIds>($indices, $map) `]` attr-dict `:` type($memref) `,` type($result)", omnir.traits = ["AffineReadOpInterface", "AffineMapAccessInterface", "MemRefsNormalizable"], omnir.verifier = "affine.vector_load", omnir.summary = "affine vector load operation", omnir.description = "Reads a vector-shaped contiguous slice of a memref starting at affine subscripts."} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %vec = irdl.any {omnir.constraint = "AnyVector"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(memref: %mem, indices: variadic %index)
    irdl.results(result: %vec)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @vector_store attributes {omnir.class_name = "AffineVectorStoreOp", omnir.assembly_format = "$value `,` $memref `[` custom<MapOfSSAIds>($indices, $map) `]` attr-dict `:` type($memref) `,` type($value)", omnir.traits = ["AffineWriteOpInterface", "AffineMapAccessInterface", "MemRefsNormalizable"], omnir.verifier = "affine.vector_store", omnir.summary = "affine vector store operation", omnir.description = "Writes a vector to a contiguous slice of a memref starting at affine subscripts."} {
    %vec = irdl.any {omnir.constraint = "AnyVector"}
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %map = irdl.any {omnir.constraint = "AffineMapAttr"}
    irdl.operands(value: %vec, memref: %mem, indices: variadic %index)
    irdl.attributes {"map" = %map}
  }

  irdl.operation @yield attributes {omnir.class_name = "AffineYieldOp", omnir.assembly_format = "attr-dict ($operands^ `:` type($operands))?", omnir.traits = ["Pure", "Terminator", "ReturnLike", "MemRefsNormalizable"], omnir.verifier = "affine.yield", omnir.summary = "Yield values to parent operation", omnir.description = "Ends an affine.for, affine.if or affine.parallel region, passing its operands to the parent op."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %any)
  }
}
