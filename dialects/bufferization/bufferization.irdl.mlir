// The bufferization dialect (upstream's BufferizationOps.td), as omnir ships it: the ops
// that connect tensors and the buffers (memrefs) they become. The verifiers upstream writes
// in C++ (and its tensor/buffer type-match trait) are Rust hooks
// (dialects/bufferization/hooks.rs), as is the result-type inference of
// bufferization.dealloc (one i1 per retained memref).
irdl.dialect @bufferization attributes {omnir.ods} {
  irdl.operation @alloc_tensor attributes {omnir.assembly_format = "`(` $dynamic_sizes `)` (`copy` `(` $copy^ `)`)? (`size_hint` `` `=` `` $size_hint^)? prop-dict attr-dict `:` type($result)", omnir.optional_attributes = ["memory_space"], omnir.traits = ["AttrSizedOperandSegments", "AllTypesMatch<[copy, result]>"], omnir.verifier = "bufferization.alloc_tensor", omnir.summary = "allocate buffer for a tensor", omnir.description = "A tensor of the given shape that bufferizes to a new allocation: uninitialized, or a copy of the copy operand; one index operand per dynamic size (none with a copy); size_hint gives the number of non-zeros of a sparse tensor."} {
    %i = irdl.any {omnir.constraint = "Index"}
    %copy = irdl.any {omnir.constraint = "AnyTensor"}
    %hint = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyTensor"}
    %space = irdl.any {omnir.constraint = "AnyAttr"}
    irdl.operands(dynamic_sizes: variadic %i, copy: optional %copy, size_hint: optional %hint)
    irdl.results(result: %r)
    irdl.attributes {"memory_space" = %space}
  }

  irdl.operation @clone attributes {omnir.assembly_format = "$input attr-dict `:` type($input) `to` type($output)", omnir.summary = "clone a memref", omnir.description = "A new buffer holding a copy of the input's data (implementations may alias the two: neither may be written afterwards)."} {
    %in = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %out = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    irdl.operands(input: %in)
    irdl.results(output: %out)
  }

  irdl.operation @dealloc attributes {omnir.assembly_format = "(` ``(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)` )? (`retain` ` ` `(` $retained^ `:` type($retained) `)` )? custom<DeallocResults>(ref(type($retained)), type($updatedConditions)) attr-dict", omnir.traits = ["AttrSizedOperandSegments", "InferTypeOpInterface"], omnir.verifier = "bufferization.dealloc", omnir.summary = "deallocates the given memrefs if no alias is retained", omnir.description = "Frees each memref whose condition holds unless a retained memref aliases it; gives one updated ownership condition per retained memref."} {
    %m = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %c = irdl.any {omnir.constraint = "I1"}
    %k = irdl.any {omnir.constraint = "AnyRankedOrUnrankedMemRef"}
    %u = irdl.any {omnir.constraint = "I1"}
    irdl.operands(memrefs: variadic %m, conditions: variadic %c, retained: variadic %k)
    irdl.results(updatedConditions: variadic %u)
  }

  irdl.operation @dealloc_tensor attributes {omnir.assembly_format = "$tensor attr-dict `:` type($tensor)", omnir.summary = "release underlying storage format of given tensor", omnir.description = "Frees the storage of a tensor by hand (a dense tensor's buffer; a sparse tensor's storage)."} {
    %t = irdl.any {omnir.constraint = "AnyTensor"}
    irdl.operands(tensor: %t)
  }

  irdl.operation @materialize_in_destination attributes {omnir.assembly_format = "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)", omnir.optional_attributes = ["restrict", "writable"], omnir.traits = ["DestinationStyleOpInterface", "MemoryEffects"], omnir.verifier = "bufferization.materialize_in_destination", omnir.summary = "copy a tensor", omnir.description = "Guarantees that the source tensor's data ends up in the destination: a tensor (the updated tensor is the result) or a writable memref (no result)."} {
    %s = irdl.any {omnir.constraint = "AnyTensor"}
    %d = irdl.any {omnir.constraint = "AnyShaped"}
    %r = irdl.any {omnir.constraint = "AnyTensor"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(source: %s, dest: %d)
    irdl.results(result: optional %r)
    irdl.attributes {"restrict" = %unit, "writable" = %unit}
  }

  irdl.operation @to_buffer attributes {omnir.assembly_format = "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)", omnir.optional_attributes = ["read_only"], omnir.traits = ["SameOperandsAndResultShape", "SameOperandsAndResultElementType", "Pure"], omnir.verifier = "bufferization.to_buffer", omnir.summary = "cast a tensor-like type to buffer-like type", omnir.description = "The future buffer of a tensor (a memref of the same shape and element type); read_only promises no writes through it."} {
    %t = irdl.any {omnir.constraint = "TensorLikeType"}
    %b = irdl.any {omnir.constraint = "BufferLikeType"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(tensor: %t)
    irdl.results(buffer: %b)
    irdl.attributes {"read_only" = %unit}
  }

  irdl.operation @to_tensor attributes {omnir.assembly_format = "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)", omnir.optional_attributes = ["restrict", "writable"], omnir.traits = ["SameOperandsAndResultShape", "SameOperandsAndResultElementType"], omnir.verifier = "bufferization.to_tensor", omnir.summary = "create a tensor-like type from a buffer-like type", omnir.description = "A tensor whose data is a buffer's (same shape and element type); restrict: the only tensor made from that buffer; writable: bufferization may write to it."} {
    %b = irdl.any {omnir.constraint = "BufferLikeType"}
    %t = irdl.any {omnir.constraint = "TensorLikeType"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(buffer: %b)
    irdl.results(result: %t)
    irdl.attributes {"restrict" = %unit, "writable" = %unit}
  }
}
