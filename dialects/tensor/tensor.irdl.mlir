// The tensor dialect (upstream's TensorOps.td), as omnir ships it: creating, reading,
// slicing, reshaping and padding values of tensor type. The verifiers upstream writes in
// C++ are Rust hooks (dialects/tensor/hooks.rs), as is the result naming of the ops whose
// hints depend on nothing (omnir.result_names). Offsets, sizes and strides
// (`[%a, 4, %b]`) are the shared directive custom<DynamicIndexList>.
irdl.dialect @tensor attributes {omnir.ods} {
  irdl.operation @bitcast attributes {omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($dest)", omnir.traits = ["CastOpInterface", "Pure"], omnir.verifier = "tensor.bitcast", omnir.summary = "tensor bitcast operation", omnir.description = "Reinterprets a tensor as another tensor type whose elements have the same bit width; ranked shapes must agree."} {
    %t = irdl.any {omnir.constraint = "AnyTensor"}
    %r = irdl.any {omnir.constraint = "AnyTensor"}
    irdl.operands(source: %t)
    irdl.results(dest: %r)
  }

  irdl.operation @cast attributes {omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($dest)", omnir.traits = ["CastOpInterface", "OpAsmOpInterface", "Pure"], omnir.result_names = ["cast"], omnir.verifier = "tensor.cast", omnir.summary = "tensor cast operation", omnir.description = "Changes how much of a tensor's shape the type states (rank, static sizes) without changing its element type or data; known sizes must agree."} {
    %t = irdl.any {omnir.constraint = "AnyTensor"}
    %r = irdl.any {omnir.constraint = "AnyTensor"}
    irdl.operands(source: %t)
    irdl.results(dest: %r)
  }

  irdl.operation @collapse_shape attributes {omnir.assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)", omnir.traits = ["OpAsmOpInterface", "Pure"], omnir.result_names = ["collapsed"], omnir.verifier = "tensor.collapse_shape", omnir.summary = "operation to produce a tensor with a smaller rank", omnir.description = "Merges groups of adjacent dimensions of the source (the reassociation lists each result dimension's source dimensions) into one dimension each."} {
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %re = irdl.any {omnir.constraint = "IndexListArrayAttr"}
    irdl.operands(src: %t)
    irdl.results(result: %r)
    irdl.attributes {"reassociation" = %re}
  }

  irdl.operation @concat attributes {omnir.arguments = ["dim", "inputs"], omnir.assembly_format = "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "OpAsmOpInterface"], omnir.result_names = ["concat"], omnir.verifier = "tensor.concat", omnir.summary = "tensor concatenation operation", omnir.description = "Joins tensors of one rank along a static dimension; the other dimensions must agree and the result's size along it is the sum of the inputs'."} {
    %dim = irdl.any {omnir.constraint = "I64Attr"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    irdl.operands(inputs: variadic %t)
    irdl.results(result: %r)
    irdl.attributes {"dim" = %dim}
  }

  irdl.operation @dim attributes {omnir.assembly_format = "attr-dict $source `,` $index `:` type($source)", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "ConditionallySpeculatable", "NoMemoryEffect"], omnir.result_names = ["dim"], omnir.summary = "dimension index operation", omnir.description = "The size of a dimension of a tensor, given by an index; an out-of-range index is undefined behavior."} {
    %t = irdl.any {omnir.constraint = "AnyNon0RankedOrUnrankedTensor"}
    %i = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "Index"}
    irdl.operands(source: %t, index: %i)
    irdl.results(result: %r)
  }

  irdl.operation @empty attributes {omnir.assembly_format = "`(`$dynamicSizes`)` attr-dict `:` type($result)", omnir.traits = ["Pure"], omnir.verifier = "tensor.empty", omnir.summary = "empty tensor operation", omnir.description = "A tensor of the given shape whose contents are unspecified: it only states a shape (one index operand per dynamic size), typically as the destination of destination-style ops."} {
    %i = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    irdl.operands(dynamicSizes: variadic %i)
    irdl.results(result: %r)
  }

  irdl.operation @expand_shape attributes {omnir.arguments = ["src", "reassociation", "output_shape", "static_output_shape"], omnir.assembly_format = "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)", omnir.traits = ["OpAsmOpInterface", "Pure"], omnir.result_names = ["expanded"], omnir.verifier = "tensor.expand_shape", omnir.summary = "operation to produce a tensor with a higher rank", omnir.description = "Splits each source dimension into a group of adjacent result dimensions (the reassociation), with the result's sizes given by output_shape."} {
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %i = irdl.any {omnir.constraint = "Index"}
    %re = irdl.any {omnir.constraint = "IndexListArrayAttr"}
    %shape = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(src: %t, output_shape: variadic %i)
    irdl.results(result: %r)
    irdl.attributes {"reassociation" = %re, "static_output_shape" = %shape}
  }

  irdl.operation @extract attributes {omnir.assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor)", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "Pure", "TypesMatchWith<tensor, result, ElementType, \"result type matches element type of tensor\">"], omnir.result_names = ["extracted"], omnir.verifier = "tensor.extract", omnir.summary = "element extraction operation", omnir.description = "Reads the element of a ranked tensor at the given indices (one per dimension)."} {
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %i = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(tensor: %t, indices: variadic %i)
    irdl.results(result: %r)
  }

  irdl.operation @extract_slice attributes {omnir.assembly_format = "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)", omnir.traits = ["OpAsmOpInterface", "AttrSizedOperandSegments", "Pure"], omnir.result_names = ["extracted_slice"], omnir.verifier = "tensor.extract_slice", omnir.summary = "extract slice operation", omnir.description = "A tensor read from a source tensor at offsets, with sizes and strides (each static or dynamic); the result may drop unit dimensions."} {
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %o = irdl.any {omnir.constraint = "Index"}
    %z = irdl.any {omnir.constraint = "Index"}
    %st = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %a = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(source: %t, offsets: variadic %o, sizes: variadic %z, strides: variadic %st)
    irdl.results(result: %r)
    irdl.attributes {"static_offsets" = %a, "static_sizes" = %a, "static_strides" = %a}
  }

  irdl.operation @from_elements attributes {omnir.assembly_format = "$elements attr-dict `:` type($result)", omnir.traits = ["OpAsmOpInterface", "Pure", "TypesMatchWith<result, elements, ElementType, \"operand types match result element type\">"], omnir.result_names = ["from_elements"], omnir.verifier = "tensor.from_elements", omnir.summary = "tensor from elements operation.", omnir.description = "A statically shaped tensor made of the operands, in row-major order."} {
    %e = irdl.any {omnir.constraint = "AnyType"}
    %r = irdl.any {omnir.constraint = "AnyStaticShapeTensor"}
    irdl.operands(elements: variadic %e)
    irdl.results(result: %r)
  }

  irdl.operation @gather attributes {omnir.assembly_format = "$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` (`unique` $unique^)? attr-dict `:` functional-type(operands, results)", omnir.optional_attributes = ["unique"], omnir.traits = ["OpAsmOpInterface", "Pure"], omnir.result_names = ["gather"], omnir.verifier = "tensor.gather", omnir.summary = "gather a subset of a tensor at specified indices", omnir.description = "Reads the elements or slices of the source at the coordinates an index tensor lists (its last dimension holds one coordinate per gathered dimension)."} {
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %i = irdl.any {omnir.constraint = "RankedTensorOf<[AnySignlessIntegerOrIndex]>"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %dims = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(source: %t, indices: %i)
    irdl.results(result: %r)
    irdl.attributes {"gather_dims" = %dims, "unique" = %unit}
  }

  irdl.operation @generate attributes {omnir.assembly_format = "$dynamicExtents $body attr-dict `:` type($result)", omnir.traits = ["OpAsmOpInterface", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator<tensor.yield>"], omnir.result_names = ["generated"], omnir.verifier = "tensor.generate", omnir.summary = "Creates a dynamically sized tensor from elements", omnir.description = "A tensor whose element at each index is what the body yields for it (the body's arguments are the indices); one index operand per dynamic size."} {
    %i = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %body = irdl.region
    irdl.operands(dynamicExtents: variadic %i)
    irdl.results(result: %r)
    irdl.regions(body: %body)
  }

  irdl.operation @insert attributes {omnir.assembly_format = "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "DestinationStyleOpInterface", "Pure", "TypesMatchWith<dest, result, Same, \"result type matches type of dest\">", "TypesMatchWith<dest, scalar, ElementType, \"scalar type matches element type of dest\">"], omnir.result_names = ["inserted"], omnir.verifier = "tensor.insert", omnir.summary = "element insertion operation", omnir.description = "A copy of the destination tensor with the element at the given indices replaced by the scalar."} {
    %s = irdl.any {omnir.constraint = "AnyType"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %i = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    irdl.operands(scalar: %s, dest: %t, indices: variadic %i)
    irdl.results(result: %r)
  }

  irdl.operation @insert_slice attributes {omnir.assembly_format = "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "AttrSizedOperandSegments", "DestinationStyleOpInterface", "Pure", "TypesMatchWith<dest, result, Same, \"expected result type to match dest type\">"], omnir.result_names = ["inserted_slice"], omnir.verifier = "tensor.insert_slice", omnir.summary = "insert_slice operation", omnir.description = "A copy of the destination tensor with the slice at offsets, sizes and strides replaced by the source (which may lack unit dimensions)."} {
    %s = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %o = irdl.any {omnir.constraint = "Index"}
    %z = irdl.any {omnir.constraint = "Index"}
    %st = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %a = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(source: %s, dest: %t, offsets: variadic %o, sizes: variadic %z, strides: variadic %st)
    irdl.results(result: %r)
    irdl.attributes {"static_offsets" = %a, "static_sizes" = %a, "static_strides" = %a}
  }

  irdl.operation @pad attributes {omnir.arguments = ["source", "low", "high", "static_low", "static_high", "nofold"], omnir.assembly_format = "$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, $static_low) `high` `` custom<DynamicIndexList>($high, $static_high) $region attr-dict `:` type($source) `to` type($result)", omnir.optional_attributes = ["nofold"], omnir.traits = ["OpAsmOpInterface", "AttrSizedOperandSegments", "Pure", "SingleBlockImplicitTerminator<tensor.yield>"], omnir.result_names = ["padded"], omnir.verifier = "tensor.pad", omnir.summary = "tensor pad operation", omnir.description = "The source tensor grown by low and high padding in each dimension; the region yields the value of each padded element (its arguments are the indices)."} {
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %lo = irdl.any {omnir.constraint = "Index"}
    %hi = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %a = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    %region = irdl.region
    irdl.operands(source: %t, low: variadic %lo, high: variadic %hi)
    irdl.results(result: %r)
    irdl.attributes {"nofold" = %unit, "static_high" = %a, "static_low" = %a}
    irdl.regions(region: %region)
  }

  irdl.operation @parallel_insert_slice attributes {omnir.assembly_format = "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)", omnir.traits = ["AttrSizedOperandSegments"], omnir.verifier = "tensor.parallel_insert_slice", omnir.summary = "Specify the tensor slice update of a single thread of a parent ParallelCombiningOpInterface op.", omnir.description = "Inside the terminator of a parallel loop (scf.forall.in_parallel): this thread's write of the source into a slice of the shared destination."} {
    %s = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %o = irdl.any {omnir.constraint = "Index"}
    %z = irdl.any {omnir.constraint = "Index"}
    %st = irdl.any {omnir.constraint = "Index"}
    %a = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(source: %s, dest: %t, offsets: variadic %o, sizes: variadic %z, strides: variadic %st)
    irdl.attributes {"static_offsets" = %a, "static_sizes" = %a, "static_strides" = %a}
  }

  irdl.operation @rank attributes {omnir.assembly_format = "$tensor attr-dict `:` type($tensor)", omnir.traits = ["InferTypeOpInterface", "OpAsmOpInterface", "Pure"], omnir.result_names = ["rank"], omnir.summary = "rank operation", omnir.description = "The rank of a tensor (ranked or not), as an index."} {
    %t = irdl.any {omnir.constraint = "AnyTensor"}
    %r = irdl.any {omnir.constraint = "Index"}
    irdl.operands(tensor: %t)
    irdl.results(result0: %r)
  }

  irdl.operation @reshape attributes {omnir.assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["OpAsmOpInterface", "Pure"], omnir.result_names = ["reshape"], omnir.verifier = "tensor.reshape", omnir.summary = "tensor reshape operation", omnir.description = "The source's elements as a tensor of the shape a 1-D shape tensor gives (same element type and count)."} {
    %t = irdl.any {omnir.constraint = "AnyTensor"}
    %s = irdl.any {omnir.constraint = "TensorRankOf<[AnySignlessInteger, Index], [1]>"}
    %r = irdl.any {omnir.constraint = "AnyTensor"}
    irdl.operands(source: %t, shape: %s)
    irdl.results(result: %r)
  }

  irdl.operation @scatter attributes {omnir.assembly_format = "$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` (`unique` $unique^)? attr-dict `:` functional-type(operands, results)", omnir.optional_attributes = ["unique"], omnir.traits = ["OpAsmOpInterface", "Pure"], omnir.result_names = ["scatter"], omnir.verifier = "tensor.scatter", omnir.summary = "scatter a tensor into a destination tensor at specified indices", omnir.description = "A copy of the destination with the source's elements or slices written at the coordinates an index tensor lists."} {
    %s = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %i = irdl.any {omnir.constraint = "RankedTensorOf<[AnySignlessIntegerOrIndex]>"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %dims = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %unit = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(source: %s, dest: %t, indices: %i)
    irdl.results(result: %r)
    irdl.attributes {"scatter_dims" = %dims, "unique" = %unit}
  }

  irdl.operation @splat attributes {omnir.assembly_format = "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)", omnir.traits = ["OpAsmOpInterface", "Pure", "TypesMatchWith<aggregate, input, ElementType, \"operand type matches element type of result\">"], omnir.result_names = ["splat"], omnir.verifier = "tensor.splat", omnir.summary = "tensor splat or broadcast operation", omnir.description = "A tensor whose every element is the operand; one index operand per dynamic size."} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %i = irdl.any {omnir.constraint = "Index"}
    %r = irdl.any {omnir.constraint = "AnyRankedTensor"}
    irdl.operands(input: %in, dynamicSizes: variadic %i)
    irdl.results(aggregate: %r)
  }

  irdl.operation @yield attributes {omnir.assembly_format = "$value attr-dict `:` type($value)", omnir.traits = ["Pure", "ReturnLike", "Terminator", "ParentOneOf<[tensor.generate, tensor.pad]>"], omnir.summary = "Yield a value from a region", omnir.description = "Ends the region of tensor.generate or tensor.pad, giving the element's value."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %any)
  }
}
