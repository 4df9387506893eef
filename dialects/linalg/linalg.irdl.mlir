// The linalg dialect (upstream's LinalgOps.td, LinalgStructuredOps.td, the named ops of
// LinalgNamedStructuredOps.yaml and LinalgRelayoutOps.td), as omnir ships it: structured
// computations on tensors and memrefs. Named ops (linalg.matmul, linalg.conv_*, ...) read
// without their body; dialects/linalg/hooks.rs builds it from a table per op (the
// arithmetic and its casts) and holds the custom directives of the formats.
irdl.dialect @linalg attributes {omnir.ods, omnir.enums = {UnaryFn = {width = 32, cases = ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square", "tanh", "erf"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}, BinaryFn = {width = 32, cases = ["add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed", "max_unsigned", "min_unsigned", "powf"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}, TernaryFn = {width = 32, cases = ["select"], values = [0]}, ElementwiseKind = {width = 32, cases = ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square", "tanh", "erf", "add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed", "max_unsigned", "min_unsigned", "powf", "select"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23], symbols = ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square", "tanh", "erf", "sin", "cos", "tan", "acos", "acosh", "asin", "asinh", "atan", "atanh", "log10", "log1p"]}, TypeFn = {width = 32, cases = ["cast_signed", "cast_unsigned"], values = [0, 1]}, IteratorType = {width = 32, cases = ["parallel", "reduction"], values = [0, 1]}, WinogradConv2DFmr = {width = 32, cases = ["F_2_3", "F_4_3", "F_2_5"], values = [0, 1, 2]}}} {
  irdl.attribute @unary_fn {
    %e = irdl.any {omnir.enum = "UnaryFn"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @binary_fn {
    %e = irdl.any {omnir.enum = "BinaryFn"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @ternary_fn {
    %e = irdl.any {omnir.enum = "TernaryFn"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @elementwise_kind {
    %e = irdl.any {omnir.enum = "ElementwiseKind"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @type_fn {
    %e = irdl.any {omnir.enum = "TypeFn"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @iterator_type {
    %e = irdl.any {omnir.enum = "IteratorType"}
    irdl.parameters(value: %e)
  }
  irdl.operation @yield attributes {omnir.assembly_format = "$values attr-dict (`:` type($values)^)?", omnir.traits = ["Pure", "ReturnLike", "Terminator"], omnir.summary = "linalg yield operation", omnir.description = "Ends the body of a linalg op, giving the value written to each output element."} {
    %any = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(values: variadic %any)
  }
  irdl.operation @index attributes {omnir.assembly_format = "$dim attr-dict `:` type($result)", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.summary = "linalg index operation", omnir.description = "The index of the enclosing structured op's iteration along dimension dim."} {
    %dim = irdl.any {omnir.constraint = "I64Attr"}
    %idx = irdl.any {omnir.constraint = "Index"}
    irdl.results(result: %idx)
    irdl.attributes {"dim" = %dim}
  }
  irdl.operation @generic attributes {omnir.assembly_format = "custom<GenericTraits>($indexing_maps, $iterator_types, $doc, $library_call) (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? attrs-dict $region custom<ResultTypes>(type($result_tensors))", omnir.optional_attributes = ["doc", "library_call"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "generic linalg op form", omnir.description = "A loop nest over an iteration space given by the indexing maps (one per operand, from loop indices to operand indices) and iterator types; its body computes each output element from the input elements."} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %iters = irdl.any {omnir.constraint = "ArrayAttr"}
    %doc = irdl.any {omnir.constraint = "StrAttr"}
    %lib = irdl.any {omnir.constraint = "StrAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"indexing_maps" = %maps, "iterator_types" = %iters, "doc" = %doc, "library_call" = %lib}
    irdl.regions(region: %r)
  }
  irdl.operation @fill attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "fills the output with a scalar"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @copy attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["cast"], omnir.summary = "copies the input into the output"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %cast = irdl.base @linalg::@type_fn
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"cast" = %cast}
    irdl.regions(region: %r)
  }
  irdl.operation @quantized_matmul attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "matrix multiplication with zero points"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @mmt4d attributes {omnir.class_name = "Mmt4DOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "4-d tiled matrix multiplication, right operand transposed"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @batch_mmt4d attributes {omnir.class_name = "BatchMmt4DOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "batched mmt4d"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @quantized_batch_matmul attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "batched matrix multiplication with zero points"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @matvec attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "matrix-vector multiplication"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @vecmat attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "vector-matrix multiplication"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @batch_matvec attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "batched matrix-vector multiplication"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @batch_vecmat attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "batched vector-matrix multiplication"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @dot attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "dot product of two vectors"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @conv_1d attributes {omnir.class_name = "Conv1DOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "1-d convolution without layout"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d attributes {omnir.class_name = "Conv2DOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "2-d convolution without layout"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @conv_3d attributes {omnir.class_name = "Conv3DOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "3-d convolution without layout"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @fill_rng_2d attributes {omnir.class_name = "FillRng2DOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "fills a 2-d output with pseudo-random numbers"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.regions(region: %r)
  }
  irdl.operation @conv_1d_nwc_wcf attributes {omnir.class_name = "Conv1DNwcWcfOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_1d_ncw_fcw attributes {omnir.class_name = "Conv1DNcwFcwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nhwc_hwcf attributes {omnir.class_name = "Conv2DNhwcHwcfOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nhwc_fhwc attributes {omnir.class_name = "Conv2DNhwcFhwcOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nhwc_hwcf_q attributes {omnir.class_name = "Conv2DNhwcHwcfQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nhwc_fhwc_q attributes {omnir.class_name = "Conv2DNhwcFhwcQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nchw_fchw_q attributes {omnir.class_name = "Conv2DNchwFchwQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nchw_fchw attributes {omnir.class_name = "Conv2DNchwFchwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_ngchw_fgchw attributes {omnir.class_name = "Conv2DNgchwFgchwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_ngchw_gfchw attributes {omnir.class_name = "Conv2DNgchwGfchwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nhwgc_gfhwc attributes {omnir.class_name = "Conv2DNhwgcGfhwcOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_nhwgc_gfhwc_q attributes {omnir.class_name = "Conv2DNhwgcGfhwcQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_2d_ngchw_gfchw_q attributes {omnir.class_name = "Conv2DNgchwGfchwQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_3d_ndhwc_dhwcf attributes {omnir.class_name = "Conv3DNdhwcDhwcfOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_3d_ndhwc_dhwcf_q attributes {omnir.class_name = "Conv3DNdhwcDhwcfQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @conv_3d_ncdhw_fcdhw attributes {omnir.class_name = "Conv3DNcdhwFcdhwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "convolution with strides and dilations (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_1d_nwc_wc attributes {omnir.class_name = "DepthwiseConv1DNwcWcOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_1d_ncw_cw attributes {omnir.class_name = "DepthwiseConv1DNcwCwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_1d_nwc_wcm attributes {omnir.class_name = "DepthwiseConv1DNwcWcmOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_2d_nchw_chw attributes {omnir.class_name = "DepthwiseConv2DNchwChwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_2d_nhwc_hwc attributes {omnir.class_name = "DepthwiseConv2DNhwcHwcOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_2d_nhwc_hwc_q attributes {omnir.class_name = "DepthwiseConv2DNhwcHwcQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_2d_nhwc_hwcm attributes {omnir.class_name = "DepthwiseConv2DNhwcHwcmOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_2d_nhwc_hwcm_q attributes {omnir.class_name = "DepthwiseConv2DNhwcHwcmQOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_3d_ndhwc_dhwc attributes {omnir.class_name = "DepthwiseConv3DNdhwcDhwcOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_3d_ncdhw_cdhw attributes {omnir.class_name = "DepthwiseConv3DNcdhwCdhwOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @depthwise_conv_3d_ndhwc_dhwcm attributes {omnir.class_name = "DepthwiseConv3DNdhwcDhwcmOp", omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "depthwise convolution (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nhwc_sum attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nchw_sum attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nhwc_max attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nhwc_max_unsigned attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nchw_max attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nhwc_min attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nhwc_min_unsigned attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nwc_sum attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_ncw_sum attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nwc_max attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nwc_max_unsigned attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_ncw_max attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nwc_min attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_nwc_min_unsigned attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_ndhwc_sum attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_ndhwc_max attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @pooling_ndhwc_min attributes {omnir.assembly_format = "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["strides", "dilations"], omnir.summary = "pooling over a window (layout in the name)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %strides = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %dilations = irdl.any {omnir.constraint = "I64ElementsAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations}
    irdl.regions(region: %r)
  }
  irdl.operation @matmul attributes {omnir.assembly_format = "custom<MatmulMaps>($indexing_maps) attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.defaults = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]}, omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["cast"], omnir.summary = "matrix multiplication (indexing maps may transpose or broadcast)"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %cast = irdl.base @linalg::@type_fn
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"indexing_maps" = %maps, "cast" = %cast}
    irdl.regions(region: %r)
  }
  irdl.operation @batch_matmul attributes {omnir.assembly_format = "custom<BatchMatmulMaps>($indexing_maps) attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.defaults = {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]}, omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["cast"], omnir.summary = "batched matrix multiplication"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %cast = irdl.base @linalg::@type_fn
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"indexing_maps" = %maps, "cast" = %cast}
    irdl.regions(region: %r)
  }
  irdl.operation @batch_reduce_matmul attributes {omnir.assembly_format = "custom<BatchReduceMatmulMaps>($indexing_maps) attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.defaults = {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>]}, omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["cast"], omnir.summary = "batched matrix multiplication reduced over the batch"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %cast = irdl.base @linalg::@type_fn
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"indexing_maps" = %maps, "cast" = %cast}
    irdl.regions(region: %r)
  }
  irdl.operation @contract attributes {omnir.assembly_format = "`indexing_maps` `=` $indexing_maps attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.optional_attributes = ["cast"], omnir.summary = "contraction over dimensions given by indexing maps"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %cast = irdl.base @linalg::@type_fn
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"indexing_maps" = %maps, "cast" = %cast}
    irdl.regions(region: %r)
  }
  irdl.operation @elementwise attributes {omnir.assembly_format = "$kind custom<ElementwiseMaps>($indexing_maps) attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? custom<ResultTypes>(type($result_tensors))", omnir.built_regions = ["region"], omnir.traits = ["AttrSizedOperandSegments", "RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.summary = "an elementwise operation of any arity"} {
    %in = irdl.any {omnir.constraint = "AnyType"}
    %out = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %kind = irdl.base @linalg::@elementwise_kind
    %maps = irdl.any {omnir.constraint = "ArrayAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, outputs: variadic %out)
    irdl.results(result_tensors: variadic %res)
    irdl.attributes {"kind" = %kind, "indexing_maps" = %maps}
    irdl.regions(region: %r)
  }
  irdl.operation @transpose attributes {omnir.assembly_format = "`ins` `(` $input `:` type($input) `)` custom<DpsOuts>($init, type($init), type($result)) custom<Permutation>($permutation) attr-dict", omnir.built_regions = ["region"], omnir.traits = ["RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.result_names = ["transposed"], omnir.summary = "transpose operator"} {
    %in = irdl.any {omnir.constraint = "AnyShaped"}
    %init = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyTensor"}
    %perm = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %r = irdl.region
    irdl.operands(input: %in, init: %init)
    irdl.results(result: variadic %res)
    irdl.attributes {"permutation" = %perm}
    irdl.regions(region: %r)
  }
  irdl.operation @broadcast attributes {omnir.assembly_format = "`ins` `(` $input `:` type($input) `)` custom<DpsOuts>($init, type($init), type($result)) custom<Dimensions>($dimensions) attr-dict", omnir.built_regions = ["region"], omnir.traits = ["RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.result_names = ["broadcasted"], omnir.summary = "static broadcast operator"} {
    %in = irdl.any {omnir.constraint = "AnyShaped"}
    %init = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyTensor"}
    %dims = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %r = irdl.region
    irdl.operands(input: %in, init: %init)
    irdl.results(result: variadic %res)
    irdl.attributes {"dimensions" = %dims}
    irdl.regions(region: %r)
  }
  irdl.operation @map attributes {omnir.assembly_format = "custom<MapShortBody>($mapper) (`ins` `(` $inputs^ `:` type($inputs) `)`)? custom<DpsOuts>($init, type($init), type($result)) attr-dict (indent-newline `(` custom<BodyArgs>($mapper)^ `)` $mapper)?", omnir.traits = ["RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface"], omnir.result_names = ["mapped"], omnir.summary = "elementwise operations"} {
    %in = irdl.any {omnir.constraint = "AnyShaped"}
    %init = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyTensor"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, init: %init)
    irdl.results(result: variadic %res)
    irdl.regions(mapper: %r)
  }
  irdl.operation @reduce attributes {omnir.assembly_format = "custom<ReduceShortBody>($combiner) (`ins` `(` $inputs^ `:` type($inputs) `)`)? custom<DpsOuts>($inits, type($inits), type($result)) custom<Dimensions>($dimensions) attr-dict (indent-newline `(` custom<ReduceBodyArgs>($combiner)^ `)` $combiner)?", omnir.traits = ["RecursiveMemoryEffects", "DestinationStyleOpInterface", "OpAsmOpInterface", "SameVariadicOperandSize"], omnir.result_names = ["reduced"], omnir.summary = "reduce operator"} {
    %in = irdl.any {omnir.constraint = "AnyShaped"}
    %init = irdl.any {omnir.constraint = "AnyShaped"}
    %res = irdl.any {omnir.constraint = "AnyTensor"}
    %dims = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    %r = irdl.region
    irdl.operands(inputs: variadic %in, inits: variadic %init)
    irdl.results(result: variadic %res)
    irdl.attributes {"dimensions" = %dims}
    irdl.regions(combiner: %r)
  }
  irdl.operation @softmax attributes {omnir.assembly_format = "attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` (`->` type($result)^)?", omnir.traits = ["DestinationStyleOpInterface"], omnir.summary = "softmax operator", omnir.description = "Softmax of the input along one dimension, written to the output."} {
    %s = irdl.any {omnir.constraint = "AnyShaped"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %dim = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(input: %s, output: %s)
    irdl.results(result: variadic %t)
    irdl.attributes {"dimension" = %dim}
  }
  irdl.operation @winograd_filter_transform attributes {omnir.assembly_format = "attr-dict `fmr` `(` $fmr `)` `ins` `(` $filter `:` type($filter) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)", omnir.traits = ["Pure"], omnir.summary = "Winograd filter transform operator"} {
    %in = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %fmr = irdl.any {omnir.enum = "WinogradConv2DFmr"}
    irdl.operands(filter: %in, output: %t)
    irdl.results(result: %t)
    irdl.attributes {"fmr" = %fmr}
  }
  irdl.operation @winograd_input_transform attributes {omnir.assembly_format = "attr-dict `fmr` `(` $fmr `)` `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)", omnir.traits = ["Pure"], omnir.summary = "Winograd input transform operator"} {
    %in = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %fmr = irdl.any {omnir.enum = "WinogradConv2DFmr"}
    irdl.operands(input: %in, output: %t)
    irdl.results(result: %t)
    irdl.attributes {"fmr" = %fmr}
  }
  irdl.operation @winograd_output_transform attributes {omnir.assembly_format = "attr-dict `fmr` `(` $fmr `)` `ins` `(` $value `:` type($value) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)", omnir.traits = ["Pure"], omnir.summary = "Winograd output transform operator"} {
    %in = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %t = irdl.any {omnir.constraint = "AnyRankedTensor"}
    %fmr = irdl.any {omnir.enum = "WinogradConv2DFmr"}
    irdl.operands(value: %in, output: %t)
    irdl.results(result: %t)
    irdl.attributes {"fmr" = %fmr}
  }
}
