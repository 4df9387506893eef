// The memref dialect (upstream's MemRefOps.td), as omnir ships it: buffers, views of them,
// loads and stores. Rust directives (dialects/memref/hooks.rs) read and print the parts
// upstream writes in C++: offset/size/stride lists (the shared custom<DynamicIndexList>),
// memref.global's type and initial value, memref.alloca_scope's result types,
// memref.prefetch's specifiers, memref.transpose's permutation and memref.dma_start's
// operand groups. AtomicRMWKind is arith's enum (dialects/arith); IRDL enums are per
// definition file, so it is repeated here.
irdl.dialect @memref attributes {omnir.ods, omnir.enums = {AtomicRMWKind = {width = 64, cases = ["addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}}} {
  irdl.operation @alloc attributes {omnir.assembly_format = "`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? (`alignment` `=` $alignment^)? attr-dict `:` type($memref)", omnir.optional_attributes = ["alignment"], omnir.traits = ["AttrSizedOperandSegments", "OpAsmOpInterface", "MemoryEffects<[MemAlloc]>"], omnir.result_names = ["alloc"], omnir.verifier = "memref.alloc", omnir.summary = "memory allocation operation", omnir.description = "Allocates a buffer of the result's memref type; the operands give its dynamic sizes and the symbols of its layout map."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %sym = irdl.any {omnir.constraint = "Index"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    %res = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(dynamicSizes: variadic %index, symbolOperands: variadic %sym)
    irdl.results(memref: %res)
    irdl.attributes {"alignment" = %align}
  }

  irdl.operation @alloca attributes {omnir.assembly_format = "`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? (`alignment` `=` $alignment^)? attr-dict `:` type($memref)", omnir.optional_attributes = ["alignment"], omnir.traits = ["AttrSizedOperandSegments", "OpAsmOpInterface", "MemoryEffects<[MemAlloc]>"], omnir.result_names = ["alloca"], omnir.verifier = "memref.alloca", omnir.summary = "stack memory allocation operation", omnir.description = "Allocates a buffer on the stack, freed when control leaves the closest enclosing automatic allocation scope."} {
    %index = irdl.any {omnir.constraint = "Index"}
    %sym = irdl.any {omnir.constraint = "Index"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    %res = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(dynamicSizes: variadic %index, symbolOperands: variadic %sym)
    irdl.results(memref: %res)
    irdl.attributes {"alignment" = %align}
  }

  irdl.operation @alloca_scope attributes {omnir.assembly_format = "custom<AllocaScopeResults>(type($results)) $bodyRegion attr-dict", omnir.traits = ["AutomaticAllocationScope", "RegionBranchOpInterface", "SingleBlockImplicitTerminator<memref.alloca_scope.return>", "RecursiveMemoryEffects", "NoRegionArguments"], omnir.summary = "explicitly delimited scope for stack allocation", omnir.description = "A region whose stack allocations are freed when control leaves it; memref.alloca_scope.return gives its results."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %r = irdl.region
    irdl.results(results: variadic %any)
    irdl.regions(bodyRegion: %r)
  }

  irdl.operation @alloca_scope.return attributes {omnir.assembly_format = "attr-dict ($results^ `:` type($results))?", omnir.traits = ["HasParent<memref.alloca_scope>", "Pure", "ReturnLike", "Terminator"], omnir.summary = "terminator for alloca_scope operation", omnir.description = "Ends the region of memref.alloca_scope with its results (implicit when there are none)."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(results: variadic %any)
  }

  irdl.operation @assume_alignment attributes {omnir.assembly_format = "$memref `,` $alignment attr-dict `:` type($memref)", omnir.traits = ["OpAsmOpInterface", "Pure", "ViewLikeOpInterface", "SameOperandsAndResultType"], omnir.result_names = ["assume_align"], omnir.verifier = "memref.assume_alignment", omnir.summary = "assumption that gives alignment information to the input memref", omnir.description = "The same memref, assumed to be aligned to the given number of bytes (poison if it is not)."} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %align = irdl.any {omnir.constraint = "I32Attr"}
    %res = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(memref: %m)
    irdl.results(result: %res)
    irdl.attributes {"alignment" = %align}
  }

  irdl.operation @atomic_rmw attributes {omnir.class_name = "AtomicRMWOp", omnir.arguments = ["kind", "value", "memref", "indices"], omnir.assembly_format = "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)", omnir.traits = ["InferTypeOpInterface", "AllTypesMatch<[value, result]>", "TypesMatchWith<memref, value, ElementType, \"value type matches element type of memref\">", "MemoryEffects"], omnir.verifier = "memref.atomic_rmw", omnir.summary = "atomic read-modify-write operation", omnir.description = "Atomically combines the value with the element at the indices (the kind says how) and stores the result; returns the value stored."} {
    %kind = irdl.any {omnir.enum = "AtomicRMWKind"}
    %v = irdl.any {omnir.constraint = "AnyTypeOf<[AnySignlessInteger, AnyFloat]>"}
    %m = irdl.any {omnir.constraint = "MemRefOf<[AnySignlessInteger, AnyFloat]>"}
    %index = irdl.any {omnir.constraint = "Index"}
    %res = irdl.any {omnir.constraint = "AnyTypeOf<[AnySignlessInteger, AnyFloat]>"}
    irdl.operands(value: %v, memref: %m, indices: variadic %index)
    irdl.results(result: %res)
    irdl.attributes {"kind" = %kind}
  }

  irdl.operation @atomic_yield attributes {omnir.assembly_format = "$result attr-dict `:` type($result)", omnir.traits = ["HasParent<memref.generic_atomic_rmw>", "Pure", "Terminator"], omnir.verifier = "memref.atomic_yield", omnir.summary = "yield operation for GenericAtomicRMWOp", omnir.description = "Ends the region of memref.generic_atomic_rmw with the value to store."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(result: %any)
  }

  irdl.operation @cast attributes {omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($dest)", omnir.traits = ["CastOpInterface", "OpAsmOpInterface", "MemRefsNormalizable", "Pure", "SameOperandsAndResultShape", "ViewLikeOpInterface"], omnir.result_names = ["cast"], omnir.verifier = "memref.cast", omnir.summary = "memref cast operation", omnir.description = "Converts a memref to a compatible type: static and dynamic sizes, offsets and strides may trade places, and rank may be erased or restored."} {
    %src = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %dst = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    irdl.operands(source: %src)
    irdl.results(dest: %dst)
  }

  irdl.operation @collapse_shape attributes {omnir.assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)", omnir.traits = ["OpAsmOpInterface", "Pure", "ViewLikeOpInterface"], omnir.result_names = ["collapse_shape"], omnir.summary = "operation to produce a memref with a smaller rank.", omnir.description = "A view that merges each group of contiguous source dimensions the reassociation lists into one."} {
    %src = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    %re = irdl.any {omnir.constraint = "IndexListArrayAttr"}
    %res = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    irdl.operands(src: %src)
    irdl.results(result: %res)
    irdl.attributes {"reassociation" = %re}
  }

  irdl.operation @copy attributes {omnir.assembly_format = "$source `,` $target attr-dict `:` type($source) `to` type($target)", omnir.traits = ["CopyOpInterface", "SameOperandsElementType", "SameOperandsShape", "MemoryEffects"], omnir.summary = "", omnir.description = "Copies the source buffer into the target buffer (same element type and shape, any layouts)."} {
    %src = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %dst = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    irdl.operands(source: %src, target: %dst)
  }

  irdl.operation @dealloc attributes {omnir.assembly_format = "$memref attr-dict `:` type($memref)", omnir.traits = ["MemRefsNormalizable", "MemoryEffects"], omnir.summary = "memory deallocation operation", omnir.description = "Frees a buffer made by memref.alloc."} {
    %m = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    irdl.operands(memref: %m)
  }

  irdl.operation @dim attributes {omnir.assembly_format = "attr-dict $source `,` $index `:` type($source)", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "MemRefsNormalizable", "ConditionallySpeculatable", "NoMemoryEffect", "ShapedDimOpInterface", "InferIntRangeInterface"], omnir.result_names = ["dim"], omnir.summary = "dimension index operation", omnir.description = "The size of the given dimension of a memref (undefined behavior when the index is out of bounds)."} {
    %src = irdl.any {omnir.constraint = "AnyNon0RankedOrUnrankedMemRef"}
    %index = irdl.is index
    irdl.operands(source: %src, index: %index)
    irdl.results(result: %index)
  }

  irdl.operation @distinct_objects attributes {omnir.assembly_format = "$operands attr-dict `:` custom<SameTypes>(type($operands), type($results))", omnir.traits = ["InferTypeOpInterface", "MemoryEffects"], omnir.summary = "assumption that acesses to specific memrefs will never alias", omnir.description = "The same memrefs, with the assumption that accesses through any two of them never alias."} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %r = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(operands: variadic %m)
    irdl.results(results: variadic %r)
  }

  irdl.operation @dma_start attributes {omnir.assembly_format = "custom<DmaStartOperands>($operands, type($operands)) attr-dict `:` custom<DmaStartTypes>(ref($operands), type($operands))", omnir.traits = ["MemoryEffects"], omnir.summary = "non-blocking DMA operation that starts a transfer", omnir.description = "Starts copying a number of elements from a source memref position to a destination one, completion signalled through a tag memref element; an optional stride and elements-per-stride pair."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %any)
  }

  irdl.operation @dma_wait attributes {omnir.assembly_format = "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)", omnir.traits = ["MemoryEffects"], omnir.summary = "blocking DMA operation that waits for transfer completion", omnir.description = "Blocks until the DMA transfer tagged by the tag memref element completes."} {
    %tag = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %n = irdl.any {omnir.constraint = "Index"}
    irdl.operands(tagMemRef: %tag, tagIndices: variadic %index, numElements: %n)
  }

  irdl.operation @expand_shape attributes {omnir.arguments = ["src", "reassociation", "output_shape", "static_output_shape"], omnir.assembly_format = "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)", omnir.traits = ["OpAsmOpInterface", "ReifyRankedShapedTypeOpInterface", "Pure", "ViewLikeOpInterface"], omnir.result_names = ["expand_shape"], omnir.summary = "operation to produce a memref with a higher rank.", omnir.description = "A view that splits each source dimension into the group of result dimensions the reassociation lists; output_shape gives the result sizes."} {
    %src = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    %re = irdl.any {omnir.constraint = "IndexListArrayAttr"}
    %index = irdl.any {omnir.constraint = "Index"}
    %static = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %res = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    irdl.operands(src: %src, output_shape: variadic %index)
    irdl.results(result: %res)
    irdl.attributes {"reassociation" = %re, "static_output_shape" = %static}
  }

  irdl.operation @extract_aligned_pointer_as_index attributes {omnir.assembly_format = "$source `:` type($source) `->` type(results) attr-dict", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "Pure"], omnir.result_names = ["intptr"], omnir.summary = "Extracts a memref's underlying aligned pointer as an index", omnir.description = "The aligned pointer of a memref's buffer, as an index (for lowerings)."} {
    %src = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %index = irdl.is index
    irdl.operands(source: %src)
    irdl.results(aligned_pointer: %index)
  }

  irdl.operation @extract_strided_metadata attributes {omnir.assembly_format = "$source `:` type($source) `->` type(results) attr-dict", omnir.traits = ["OpAsmOpInterface", "Pure", "SameVariadicResultSize", "ViewLikeOpInterface", "InferTypeOpInterface"], omnir.result_names = ["base_buffer", "offset", "sizes", "strides"], omnir.summary = "Extracts a buffer base with offset and strides", omnir.description = "A strided memref's base buffer (rank 0), offset, sizes and strides."} {
    %src = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    %base = irdl.any {omnir.constraint = "AnyStridedMemRefOfRank<0>"}
    %offset = irdl.any {omnir.constraint = "Index"}
    %sizes = irdl.any {omnir.constraint = "Index"}
    %strides = irdl.any {omnir.constraint = "Index"}
    irdl.operands(source: %src)
    irdl.results(base_buffer: %base, offset: %offset, sizes: variadic %sizes, strides: variadic %strides)
  }

  irdl.operation @generic_atomic_rmw attributes {omnir.class_name = "GenericAtomicRMWOp", omnir.assembly_format = "$memref `[` $indices `]` `:` type($memref) $atomic_body attr-dict", omnir.traits = ["SingleBlockImplicitTerminator<memref.atomic_yield>", "TypesMatchWith<memref, result, ElementType, \"result type matches element type of memref\">", "MemoryEffects"], omnir.verifier = "memref.generic_atomic_rmw", omnir.summary = "atomic read-modify-write operation with a region", omnir.description = "Atomically replaces the element at the indices with what its region computes from the current value (its block argument)."} {
    %m = irdl.any {omnir.constraint = "MemRefOf<[AnySignlessInteger, AnyFloat]>"}
    %index = irdl.any {omnir.constraint = "Index"}
    %res = irdl.any {omnir.constraint = "AnyTypeOf<[AnySignlessInteger, AnyFloat]>"}
    %r = irdl.region
    irdl.operands(memref: %m, indices: variadic %index)
    irdl.results(result: %res)
    irdl.regions(atomic_body: %r)
  }

  irdl.operation @get_global attributes {omnir.assembly_format = "$name `:` type($result) attr-dict", omnir.traits = ["Pure", "SymbolUserOpInterface"], omnir.verifier = "memref.get_global", omnir.summary = "get the memref pointing to a global variable", omnir.description = "The memref of a memref.global."} {
    %name = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %res = irdl.any {omnir.constraint = "AnyStaticShapeMemRef"}
    irdl.results(result: %res)
    irdl.attributes {"name" = %name}
  }

  irdl.operation @global attributes {omnir.assembly_format = "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) (`alignment` `=` $alignment^)? attr-dict", omnir.optional_attributes = ["sym_visibility", "initial_value", "constant", "alignment"], omnir.traits = ["Symbol"], omnir.verifier = "memref.global", omnir.summary = "declare or define a global memref variable", omnir.description = "A named global buffer of a statically shaped memref type: declared (no initial value), uninitialized, or initialized by an elements attribute; constant when marked so."} {
    %name = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %vis = irdl.any {omnir.constraint = "StrAttr"}
    %ty = irdl.any {omnir.constraint = "MemRefTypeAttr"}
    %init = irdl.any {omnir.constraint = "AnyAttr"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"sym_name" = %name, "sym_visibility" = %vis, "type" = %ty, "initial_value" = %init, "constant" = %unit, "alignment" = %align}
  }

  irdl.operation @load attributes {omnir.assembly_format = "$memref `[` $indices `]` oilist(`alignment` `(` $alignment `)` | `nontemporal` `(` $nontemporal `)`) attr-dict `:` type($memref)", omnir.optional_attributes = ["nontemporal", "alignment"], omnir.traits = ["InferTypeOpInterface", "TypesMatchWith<memref, result, ElementType, \"result type matches element type of 'memref'\">", "MemRefsNormalizable", "MemoryEffects<[MemRead]>"], omnir.verifier = "memref.load", omnir.summary = "load operation", omnir.description = "Reads the element of a memref at the indices (one per dimension, in bounds)."} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %nt = irdl.any {omnir.constraint = "BoolAttr"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    %res = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(memref: %m, indices: variadic %index)
    irdl.results(result: %res)
    irdl.attributes {"nontemporal" = %nt, "alignment" = %align}
  }

  irdl.operation @memory_space_cast attributes {omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($dest)", omnir.traits = ["CastOpInterface", "OpAsmOpInterface", "MemRefsNormalizable", "Pure", "SameOperandsAndResultElementType", "SameOperandsAndResultShape", "ViewLikeOpInterface"], omnir.result_names = ["memspacecast"], omnir.summary = "memref memory space cast operation", omnir.description = "The same memref in another memory space (same shape, element type and layout)."} {
    %src = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %dst = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    irdl.operands(source: %src)
    irdl.results(dest: %dst)
  }

  irdl.operation @prefetch attributes {omnir.assembly_format = "$memref `[` $indices `]` `,` custom<PrefetchSpecifiers>($isWrite, $localityHint, $isDataCache) attr-dict `:` type($memref)", omnir.traits = ["MemoryEffects"], omnir.verifier = "memref.prefetch", omnir.summary = "prefetch operation", omnir.description = "Prefetches the element at the indices for reading or writing, with a locality hint from 0 to 3, into the data or instruction cache."} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %w = irdl.any {omnir.constraint = "BoolAttr"}
    %hint = irdl.any {omnir.constraint = "I32Attr"}
    %d = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.operands(memref: %m, indices: variadic %index)
    irdl.attributes {"isWrite" = %w, "localityHint" = %hint, "isDataCache" = %d}
  }

  irdl.operation @rank attributes {omnir.assembly_format = "$memref attr-dict `:` type($memref)", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.summary = "rank operation", omnir.description = "The rank of a memref."} {
    %m = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %index = irdl.is index
    irdl.operands(memref: %m)
    irdl.results(result: %index)
  }

  irdl.operation @realloc attributes {omnir.assembly_format = "$source (`(` $dynamicResultSize^ `)`)? (`alignment` `=` $alignment^)? attr-dict `:` type($source) `to` type(results)", omnir.optional_attributes = ["alignment"], omnir.traits = ["MemoryEffects"], omnir.verifier = "memref.realloc", omnir.summary = "memory reallocation operation", omnir.description = "Resizes a 1-D buffer (perhaps moving it), keeping its contents up to the smaller size."} {
    %src = irdl.any {omnir.constraint = "MemRefRankOf<[AnyType], [1]>"}
    %index = irdl.any {omnir.constraint = "Index"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    %res = irdl.any {omnir.constraint = "MemRefRankOf<[AnyType], [1]>"}
    irdl.operands(source: %src, dynamicResultSize: optional %index)
    irdl.results(result: %res)
    irdl.attributes {"alignment" = %align}
  }

  irdl.operation @reinterpret_cast attributes {omnir.assembly_format = "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)", omnir.traits = ["OpAsmOpInterface", "AttrSizedOperandSegments", "MemRefsNormalizable", "Pure", "OffsetSizeAndStrideOpInterface", "ViewLikeOpInterface"], omnir.result_names = ["reinterpret_cast"], omnir.verifier = "memref.reinterpret_cast", omnir.summary = "memref reinterpret cast operation", omnir.description = "A memref over the source's buffer with the given offset, sizes and strides."} {
    %src = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %static = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %res = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    irdl.operands(source: %src, offsets: variadic %index, sizes: variadic %index, strides: variadic %index)
    irdl.results(result: %res)
    irdl.attributes {"static_offsets" = %static, "static_sizes" = %static, "static_strides" = %static}
  }

  irdl.operation @reshape attributes {omnir.assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["OpAsmOpInterface", "Pure", "ViewLikeOpInterface"], omnir.result_names = ["reshape"], omnir.summary = "memref reshape operation", omnir.description = "A memref of the same buffer with the shape held in a 1-D shape memref."} {
    %src = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %shape = irdl.any {omnir.constraint = "MemRefRankOf<[AnySignlessInteger, Index], [1]>"}
    %res = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    irdl.operands(source: %src, shape: %shape)
    irdl.results(result: %res)
  }

  irdl.operation @store attributes {omnir.assembly_format = "$value `,` $memref `[` $indices `]` oilist(`alignment` `(` $alignment `)` | `nontemporal` `(` $nontemporal `)`) attr-dict `:` type($memref)", omnir.optional_attributes = ["nontemporal", "alignment"], omnir.traits = ["TypesMatchWith<memref, value, ElementType, \"type of 'value' matches element type of 'memref'\">", "MemRefsNormalizable", "MemoryEffects"], omnir.verifier = "memref.store", omnir.summary = "store operation", omnir.description = "Writes a value to the element of a memref at the indices (one per dimension, in bounds)."} {
    %v = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %nt = irdl.any {omnir.constraint = "BoolAttr"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(value: %v, memref: %m, indices: variadic %index)
    irdl.attributes {"nontemporal" = %nt, "alignment" = %align}
  }

  irdl.operation @subview attributes {omnir.class_name = "SubViewOp", omnir.assembly_format = "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)", omnir.traits = ["OpAsmOpInterface", "ViewLikeOpInterface", "AttrSizedOperandSegments", "OffsetSizeAndStrideOpInterface", "Pure"], omnir.result_names = ["subview"], omnir.verifier = "memref.subview", omnir.summary = "memref subview operation", omnir.description = "A view of part of the source: offsets, sizes and strides per dimension, each static or given by an operand; unit dimensions may be dropped."} {
    %src = irdl.any {omnir.constraint = "AnyMemRef"}
    %index = irdl.any {omnir.constraint = "Index"}
    %static = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %res = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(source: %src, offsets: variadic %index, sizes: variadic %index, strides: variadic %index)
    irdl.results(result: %res)
    irdl.attributes {"static_offsets" = %static, "static_sizes" = %static, "static_strides" = %static}
  }

  irdl.operation @transpose attributes {omnir.assembly_format = "$in custom<TransposePermutation>($permutation) attr-dict `:` type($in) `to` type(results)", omnir.traits = ["OpAsmOpInterface", "Pure"], omnir.result_names = ["transpose"], omnir.verifier = "memref.transpose", omnir.summary = "`transpose` produces a new strided memref (metadata-only)", omnir.description = "A view whose sizes and strides are the source's permuted by the permutation map."} {
    %in = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    %perm = irdl.any {omnir.constraint = "AffineMapAttr"}
    %res = irdl.any {omnir.constraint = "AnyStridedMemRef"}
    irdl.operands(in: %in)
    irdl.results(result: %res)
    irdl.attributes {"permutation" = %perm}
  }

  irdl.operation @view attributes {omnir.assembly_format = "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)", omnir.traits = ["OpAsmOpInterface", "ViewLikeOpInterface", "Pure"], omnir.result_names = ["view"], omnir.verifier = "memref.view", omnir.summary = "memref view operation", omnir.description = "A contiguous N-D memref of any element type over a 1-D i8 buffer, from a byte shift; operands give its dynamic sizes."} {
    %src = irdl.any {omnir.constraint = "MemRefRankOf<[I8], [1]>"}
    %shift = irdl.any {omnir.constraint = "Index"}
    %index = irdl.any {omnir.constraint = "Index"}
    %res = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(source: %src, byte_shift: %shift, sizes: variadic %index)
    irdl.results(result: %res)
  }
}
