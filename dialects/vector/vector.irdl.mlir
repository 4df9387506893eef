// The vector dialect (upstream's VectorOps.td / VectorAttributes.td), as omnir ships it:
// operations on n-D vectors (broadcasts, extracts and inserts, shuffles, reductions,
// contractions, masks, transfers between vectors and memrefs or tensors). Its fast-math
// flags are arith's, so loading vector loads arith. Rust hooks (dialects/vector/hooks.rs):
// the custom forms upstream writes in C++ (contract, outerproduct, transfer_read/write,
// mask) and the inferred types of shuffle, from_elements and to_elements.
irdl.dialect @vector attributes {omnir.ods, omnir.enums = {CombiningKind = {width = 32, cases = ["add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "maximumf", "minimumf"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 11], symbols = ["ADD", "MUL", "MINUI", "MINSI", "MINNUMF", "MAXUI", "MAXSI", "MAXNUMF", "AND", "OR", "XOR", "MAXIMUMF", "MINIMUMF"]}, IteratorType = {width = 32, cases = ["parallel", "reduction"], values = [0, 1]}, PrintPunctuation = {width = 32, cases = ["no_punctuation", "newline", "comma", "open", "close"], values = [0, 1, 2, 3, 4], symbols = ["NoPunctuation", "NewLine", "Comma", "Open", "Close"]}}} {
  irdl.attribute @kind {
    %e = irdl.any {omnir.enum = "CombiningKind"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @iterator_type {
    %e = irdl.any {omnir.enum = "IteratorType"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @punctuation {
    %e = irdl.any {omnir.enum = "PrintPunctuation"}
    irdl.parameters(value: %e)
  }
  irdl.operation @contract attributes {omnir.class_name = "ContractionOp", omnir.assembly_format = "custom<ContractTraits>($indexing_maps, $iterator_types, $kind, $fastmath) $lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `into` type($result)", omnir.traits = ["Pure", "VectorUnrollOpInterface"], omnir.default_texts = {kind = "#vector.kind<add>", fastmath = "#arith.fastmath<none>"}, omnir.summary = "vector contraction operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %v2 = irdl.any {omnir.constraint = "AnyVector"}
    %t = irdl.any {omnir.constraint = "AnyType"}
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %iters = irdl.any {omnir.constraint = "ArrayAttr"}
    %kind = irdl.base @vector::@kind
    %fm = irdl.base "#arith.fastmath"
    irdl.operands(lhs: %v, rhs: %v2, acc: %t)
    irdl.results(result: %t)
    irdl.attributes {"indexing_maps" = %maps, "iterator_types" = %iters, "kind" = %kind, "fastmath" = %fm}
  }
  irdl.operation @reduction attributes {omnir.arguments = ["kind", "vector", "acc", "fastmath"], omnir.assembly_format = "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)", omnir.traits = ["Pure", "VectorUnrollOpInterface"], omnir.default_texts = {fastmath = "#arith.fastmath<none>"}, omnir.summary = "reduction operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %t = irdl.any {omnir.constraint = "AnyType"}
    %kind = irdl.base @vector::@kind
    %fm = irdl.base "#arith.fastmath"
    irdl.operands(vector: %v, acc: optional %t)
    irdl.results(dest: %t)
    irdl.attributes {"kind" = %kind, "fastmath" = %fm}
  }
  irdl.operation @multi_reduction attributes {omnir.class_name = "MultiDimReductionOp", omnir.arguments = ["kind", "source", "acc", "reduction_dims"], omnir.assembly_format = "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)", omnir.traits = ["Pure", "AllTypesMatch<[dest, acc]>", "InferTypeOpInterface", "VectorUnrollOpInterface"], omnir.summary = "Multi-dimensional reduction operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %t = irdl.any {omnir.constraint = "AnyType"}
    %kind = irdl.base @vector::@kind
    %dims = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(source: %v, acc: %t)
    irdl.results(dest: %t)
    irdl.attributes {"kind" = %kind, "reduction_dims" = %dims}
  }
  irdl.operation @broadcast attributes {omnir.verifier = "vector.broadcast", omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($vector)", omnir.traits = ["Pure"], omnir.summary = "broadcast operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(source: %any)
    irdl.results(vector: %v)
  }
  irdl.operation @shuffle attributes {omnir.assembly_format = "$v1 `,` $v2 $mask attr-dict `:` type($v1) `,` type($v2) custom<ShuffleType>(ref(type($v1)), ref($mask), type($vector))", omnir.traits = ["Pure", "InferTypeOpInterface"], omnir.summary = "shuffle operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %v2 = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    %mask = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(v1: %v, v2: %v2)
    irdl.results(vector: %r)
    irdl.attributes {"mask" = %mask}
  }
  irdl.operation @interleave attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[lhs, rhs]>"], omnir.summary = "constructs a vector by interleaving two input vectors"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    irdl.operands(lhs: %v, rhs: %v)
    irdl.results(result: %r)
  }
  irdl.operation @deinterleave attributes {omnir.assembly_format = "$source attr-dict `:` type($source) `->` type($res1)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[res1, res2]>"], omnir.result_names = ["res1", "res2"], omnir.summary = "constructs two vectors by deinterleaving an input vector"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    irdl.operands(source: %v)
    irdl.results(res1: %r, res2: %r)
  }
  irdl.operation @extract attributes {omnir.verifier = "vector.extract", omnir.assembly_format = "$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($result) `from` type($vector)", omnir.traits = ["Pure", "InferTypeOpInterface"], omnir.summary = "extract operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %pos = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(vector: %v, dynamic_position: variadic %idx)
    irdl.results(result: %any)
    irdl.attributes {"static_position" = %pos}
  }
  irdl.operation @fma attributes {omnir.class_name = "FMAOp", omnir.assembly_format = "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[lhs, rhs, acc, result]>", "ElementwiseMappable", "VectorUnrollOpInterface"], omnir.summary = "vector fused multiply-add"} {
    %t = irdl.any {omnir.constraint = "AnyVector"}
    irdl.operands(lhs: %t, rhs: %t, acc: %t)
    irdl.results(result: %t)
  }
  irdl.operation @from_elements attributes {omnir.assembly_format = "$elements attr-dict `:` type($result) custom<ElementTypes>(ref(type($result)), type($elements))", omnir.traits = ["Pure"], omnir.summary = "operation that defines a vector from scalar elements"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(elements: variadic %any)
    irdl.results(result: %v)
  }
  irdl.operation @to_elements attributes {omnir.assembly_format = "$source attr-dict `:` type($source) custom<ElementTypes>(ref(type($source)), type($elements))", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.summary = "operation that decomposes a vector into all its scalar elements"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(source: %v)
    irdl.results(elements: variadic %any)
  }
  irdl.operation @insert attributes {omnir.verifier = "vector.insert", omnir.assembly_format = "$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($valueToStore) `into` type($dest)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[dest, result]>"], omnir.summary = "insert operation"} {
    %t = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %pos = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(valueToStore: %any, dest: %t, dynamic_position: variadic %idx)
    irdl.results(result: %t)
    irdl.attributes {"static_position" = %pos}
  }
  irdl.operation @scalable.insert attributes {omnir.assembly_format = "$valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) `into` type($dest)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[dest, res]>"], omnir.summary = "insert subvector into scalable vector operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %t = irdl.any {omnir.constraint = "AnyVector"}
    %pos = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(valueToStore: %v, dest: %t)
    irdl.results(res: %t)
    irdl.attributes {"pos" = %pos}
  }
  irdl.operation @scalable.extract attributes {omnir.assembly_format = "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)", omnir.traits = ["Pure"], omnir.summary = "extract subvector from scalable vector operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    %pos = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(source: %v)
    irdl.results(res: %r)
    irdl.attributes {"pos" = %pos}
  }
  irdl.operation @insert_strided_slice attributes {omnir.assembly_format = "$valueToStore `,` $dest `offsets` `=` $offsets `,` `strides` `=` $strides attr-dict `:` type($valueToStore) `into` type($dest)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[dest, res]>"], omnir.summary = "strided_slice operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %t = irdl.any {omnir.constraint = "AnyVector"}
    %arr = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.operands(valueToStore: %v, dest: %t)
    irdl.results(res: %t)
    irdl.attributes {"offsets" = %arr, "strides" = %arr}
  }
  irdl.operation @outerproduct attributes {omnir.class_name = "OuterProductOp", omnir.attr_dict_shows_defaults, omnir.assembly_format = "$lhs `,` $rhs (`,` $acc^)? attr-dict `:` type($lhs) `,` type($rhs) custom<OuterproductType>(ref(type($lhs)), ref(type($rhs)), type($acc), type($result), ref($acc))", omnir.traits = ["Pure"], omnir.default_texts = {kind = "#vector.kind<add>"}, omnir.summary = "vector outerproduct with optional fused add"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    %kind = irdl.base @vector::@kind
    irdl.operands(lhs: %v, rhs: %any, acc: optional %r)
    irdl.results(result: %r)
    irdl.attributes {"kind" = %kind}
  }
  irdl.operation @extract_strided_slice attributes {omnir.assembly_format = "$vector `offsets` `=` $offsets `,` `sizes` `=` $sizes `,` `strides` `=` $strides attr-dict `:` type($vector) `to` type($result)", omnir.traits = ["Pure"], omnir.summary = "extract_strided_slice operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    %arr = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.operands(vector: %v)
    irdl.results(result: %r)
    irdl.attributes {"offsets" = %arr, "sizes" = %arr, "strides" = %arr}
  }
  irdl.operation @transfer_read attributes {omnir.assembly_format = "$source `[` $indices `]` `,` $padding (`,` $mask^)? custom<TransferAttrs>($permutation_map, $in_bounds) attr-dict `:` type($source) `,` type($vector) custom<TransferDefaults>(ref(type($source)), ref(type($vector)), $permutation_map, $in_bounds, type($mask), ref($mask))", omnir.traits = ["AttrSizedOperandSegments", "DestinationStyleOpInterface", "VectorUnrollOpInterface", "ConditionallySpeculatable", "MemoryEffects<[MemRead]>", "TypesMatchWith<source, padding, ElementType, \"requires source element type to match padding type\">"], omnir.summary = "Reads a supervector from memory into an SSA vector value."} {
    %src = irdl.any {omnir.constraint = "AnyShaped"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyVector"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %map = irdl.any {omnir.constraint = "AnyAttr"}
    %ib = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.operands(source: %src, indices: variadic %idx, padding: %any, mask: optional %m)
    irdl.results(vector: %v)
    irdl.attributes {"permutation_map" = %map, "in_bounds" = %ib}
  }
  irdl.operation @transfer_write attributes {omnir.verifier = "vector.transfer_write", omnir.assembly_format = "$valueToStore `,` $source `[` $indices `]` (`,` $mask^)? custom<TransferAttrs>($permutation_map, $in_bounds) attr-dict `:` type($valueToStore) `,` type($source) custom<TransferWriteTypes>(ref(type($source)), ref(type($valueToStore)), $permutation_map, $in_bounds, type($mask), type($result), ref($mask))", omnir.traits = ["AttrSizedOperandSegments", "DestinationStyleOpInterface", "VectorUnrollOpInterface", "ConditionallySpeculatable"], omnir.summary = "The vector.transfer_write op writes a supervector to memory."} {
    %src = irdl.any {omnir.constraint = "AnyShaped"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %m = irdl.any {omnir.constraint = "AnyVector"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %map = irdl.any {omnir.constraint = "AnyAttr"}
    %ib = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.operands(valueToStore: %v, source: %src, indices: variadic %idx, mask: optional %m)
    irdl.results(result: optional %res)
    irdl.attributes {"permutation_map" = %map, "in_bounds" = %ib}
  }
  irdl.operation @load attributes {omnir.arguments = ["base", "indices", "nontemporal", "alignment"], omnir.traits = ["MemoryEffects<[MemRead]>"], omnir.assembly_format = "$base `[` $indices `]` oilist(`alignment` `=` $alignment | `nontemporal` `=` $nontemporal) attr-dict `:` type($base) `,` type($result)", omnir.optional_attributes = ["alignment", "nontemporal"], omnir.summary = "reads an n-D slice of memory into an n-D vector"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    %nt = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.operands(base: %mem, indices: variadic %idx)
    irdl.results(result: %v)
    irdl.attributes {"alignment" = %align, "nontemporal" = %nt}
  }
  irdl.operation @store attributes {omnir.arguments = ["valueToStore", "base", "indices", "nontemporal", "alignment"], omnir.assembly_format = "$valueToStore `,` $base `[` $indices `]` oilist(`alignment` `=` $alignment | `nontemporal` `=` $nontemporal) attr-dict `:` type($base) `,` type($valueToStore)", omnir.optional_attributes = ["alignment", "nontemporal"], omnir.summary = "writes an n-D vector to an n-D slice of memory"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    %nt = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.operands(valueToStore: %v, base: %mem, indices: variadic %idx)
    irdl.attributes {"alignment" = %align, "nontemporal" = %nt}
  }
  irdl.operation @maskedload attributes {omnir.class_name = "MaskedLoadOp", omnir.traits = ["MemoryEffects<[MemRead]>"], omnir.assembly_format = "$base `[` $indices `]` `,` $mask `,` $pass_thru oilist(`alignment` `=` $alignment) attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)", omnir.optional_attributes = ["alignment"], omnir.summary = "loads elements from memory into a vector as defined by a mask vector"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(base: %mem, indices: variadic %idx, mask: %i1v, pass_thru: %v)
    irdl.results(result: %v)
    irdl.attributes {"alignment" = %align}
  }
  irdl.operation @maskedstore attributes {omnir.class_name = "MaskedStoreOp", omnir.assembly_format = "$base `[` $indices `]` `,` $mask `,` $valueToStore oilist(`alignment` `=` $alignment) attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)", omnir.optional_attributes = ["alignment"], omnir.summary = "stores elements from a vector into memory as defined by a mask vector"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(base: %mem, indices: variadic %idx, mask: %i1v, valueToStore: %v)
    irdl.attributes {"alignment" = %align}
  }
  irdl.operation @gather attributes {omnir.assembly_format = "$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $pass_thru oilist(`alignment` `=` $alignment) attr-dict `:` type($base) `,` type($index_vec) `,` type($mask) `,` type($pass_thru) `into` type($result)", omnir.traits = ["VectorUnrollOpInterface", "MemoryEffects<[MemRead]>"], omnir.optional_attributes = ["alignment"], omnir.summary = "gathers elements from memory or ranked tensor into a vector as defined by an index vector and a mask vector"} {
    %base = irdl.any {omnir.constraint = "AnyShaped"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %iv = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(base: %base, indices: variadic %idx, index_vec: %iv, mask: %i1v, pass_thru: %v)
    irdl.results(result: %v)
    irdl.attributes {"alignment" = %align}
  }
  irdl.operation @scatter attributes {omnir.assembly_format = "$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $valueToStore oilist(`alignment` `=` $alignment) attr-dict `:` type($base) `,` type($index_vec) `,` type($mask) `,` type($valueToStore)", omnir.traits = ["VectorUnrollOpInterface"], omnir.optional_attributes = ["alignment"], omnir.summary = "scatters elements from a vector into memory as defined by an index vector and a mask vector"} {
    %base = irdl.any {omnir.constraint = "AnyShaped"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %iv = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(base: %base, indices: variadic %idx, index_vec: %iv, mask: %i1v, valueToStore: %v)
    irdl.attributes {"alignment" = %align}
  }
  irdl.operation @expandload attributes {omnir.class_name = "ExpandLoadOp", omnir.traits = ["MemoryEffects<[MemRead]>"], omnir.assembly_format = "$base `[` $indices `]` `,` $mask `,` $pass_thru oilist(`alignment` `=` $alignment) attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)", omnir.optional_attributes = ["alignment"], omnir.summary = "reads elements from memory and spreads them into a vector as defined by a mask"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(base: %mem, indices: variadic %idx, mask: %i1v, pass_thru: %v)
    irdl.results(result: %v)
    irdl.attributes {"alignment" = %align}
  }
  irdl.operation @compressstore attributes {omnir.class_name = "CompressStoreOp", omnir.assembly_format = "$base `[` $indices `]` `,` $mask `,` $valueToStore oilist(`alignment` `=` $alignment) attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)", omnir.optional_attributes = ["alignment"], omnir.summary = "writes elements selectively from a vector as defined by a mask"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %align = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(base: %mem, indices: variadic %idx, mask: %i1v, valueToStore: %v)
    irdl.attributes {"alignment" = %align}
  }
  irdl.operation @shape_cast attributes {omnir.verifier = "vector.shape_cast", omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($result)", omnir.traits = ["Pure"], omnir.summary = "shape_cast casts between vector shapes"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    irdl.operands(source: %v)
    irdl.results(result: %r)
  }
  irdl.operation @bitcast attributes {omnir.class_name = "BitCastOp", omnir.assembly_format = "$source attr-dict `:` type($source) `to` type($result)", omnir.traits = ["Pure"], omnir.summary = "bitcast casts between vectors"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    irdl.operands(source: %v)
    irdl.results(result: %r)
  }
  irdl.operation @type_cast attributes {omnir.assembly_format = "$memref attr-dict `:` type($memref) `to` type($result)", omnir.traits = ["Pure"], omnir.summary = "type_cast op converts a scalar memref to a vector memref"} {
    %mem = irdl.any {omnir.constraint = "AnyMemRef"}
    %r = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(memref: %mem)
    irdl.results(result: %r)
  }
  irdl.operation @constant_mask attributes {omnir.verifier = "vector.constant_mask", omnir.assembly_format = "$mask_dim_sizes attr-dict `:` type($result)", omnir.traits = ["Pure"], omnir.summary = "creates a constant vector mask"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %dims = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.results(result: %v)
    irdl.attributes {"mask_dim_sizes" = %dims}
  }
  irdl.operation @create_mask attributes {omnir.verifier = "vector.create_mask", omnir.assembly_format = "$operands attr-dict `:` type($result)", omnir.traits = ["Pure"], omnir.summary = "creates a vector mask"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %idx = irdl.any {omnir.constraint = "Index"}
    irdl.operands(operands: variadic %idx)
    irdl.results(result: %v)
  }
  irdl.operation @mask attributes {omnir.assembly_format = "$mask (`,` $passthru^)? $maskRegion attr-dict `:` type($mask) (`->` type($results)^)? custom<MaskPassthruType>(ref(type($results)), type($passthru), ref($passthru))", omnir.traits = ["SingleBlockImplicitTerminator<vector.yield>", "MaskingOpInterface", "RecursiveMemoryEffects", "NoRegionArguments"], omnir.summary = "Predicates a maskable vector operation"} {
    %i1v = irdl.any {omnir.constraint = "AnyVector"}
    %any = irdl.any {omnir.constraint = "AnyType"}
    %p = irdl.any {omnir.constraint = "AnyType"}
    %r = irdl.region
    irdl.operands(mask: %i1v, passthru: optional %p)
    irdl.results(results: variadic %any)
    irdl.regions(maskRegion: %r)
  }
  irdl.operation @transpose attributes {omnir.verifier = "vector.transpose", omnir.assembly_format = "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)", omnir.traits = ["Pure", "VectorUnrollOpInterface"], omnir.summary = "vector transpose operation"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    %r = irdl.any {omnir.constraint = "AnyVector"}
    %perm = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.operands(vector: %v)
    irdl.results(result: %r)
    irdl.attributes {"permutation" = %perm}
  }
  irdl.operation @print attributes {omnir.assembly_format = "($source^ `:` type($source))? oilist(`str` $stringLiteral | `punctuation` $punctuation) attr-dict", omnir.traits = ["MemoryEffects<[MemWrite]>"], omnir.default_texts = {punctuation = "#vector.punctuation<newline>"}, omnir.optional_attributes = ["stringLiteral"], omnir.summary = "print operation (for testing and debugging)"} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    %p = irdl.base @vector::@punctuation
    %s = irdl.any {omnir.constraint = "StrAttr"}
    irdl.operands(source: optional %any)
    irdl.attributes {"punctuation" = %p, "stringLiteral" = %s}
  }
  irdl.operation @vscale attributes {omnir.class_name = "VectorScaleOp", omnir.assembly_format = "attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.result_names = ["vscale"], omnir.summary = "Load vector scale size"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    irdl.results(res: %idx)
  }
  irdl.operation @scan attributes {omnir.arguments = ["kind", "source", "initial_value", "reduction_dim", "inclusive"], omnir.assembly_format = "$kind `,` $source `,` $initial_value `reduction_dim` `=` $reduction_dim `,` `inclusive` `=` $inclusive attr-dict `:` type($source) `,` type($initial_value)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[source, dest]>", "AllTypesMatch<[initial_value, accumulated_value]>"], omnir.result_names = ["dest", "accumulated_value"], omnir.summary = "Scan operation"} {
    %s = irdl.any {omnir.constraint = "AnyVector"}
    %a = irdl.any {omnir.constraint = "AnyVector"}
    %kind = irdl.base @vector::@kind
    %dim = irdl.any {omnir.constraint = "I64Attr"}
    %inc = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.operands(source: %s, initial_value: %a)
    irdl.results(dest: %s, accumulated_value: %a)
    irdl.attributes {"kind" = %kind, "reduction_dim" = %dim, "inclusive" = %inc}
  }
  irdl.operation @step attributes {omnir.assembly_format = "attr-dict `:` type($result)", omnir.traits = ["Pure"], omnir.summary = "A linear sequence of values from 0 to N"} {
    %v = irdl.any {omnir.constraint = "AnyVector"}
    irdl.results(result: %v)
  }
  irdl.operation @yield attributes {omnir.assembly_format = "attr-dict ($operands^ `:` type($operands))?", omnir.traits = ["Pure", "ReturnLike", "Terminator", "HasParent<vector.mask>"], omnir.summary = "Terminates and yields values from vector regions."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %any)
  }
}
