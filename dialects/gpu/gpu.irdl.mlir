// The gpu dialect (upstream's GPUOps.td / GPUBase.td), as omnir ships it: kernels and their
// launch, work-item ids, synchronization, subgroup collectives and asynchronous host-side
// memory operations. Rust hooks (dialects/gpu/hooks.rs): the custom forms of gpu.func and
// gpu.launch, the directives of the declarative formats (async dependencies, enum keywords,
// launch operands), result names and verifiers.
irdl.dialect @gpu attributes {omnir.ods, omnir.enums = {Dimension = {width = 32, cases = ["x", "y", "z"], values = [0, 1, 2]}, AddressSpace = {width = 32, cases = ["global", "workgroup", "private", "constant"], values = [1, 2, 3, 4], symbols = ["Global", "Workgroup", "Private", "Constant"]}, AllReduceOperation = {width = 32, cases = ["add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "minimumf", "maximumf", "minimumnumf", "maximumnumf"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], symbols = ["ADD", "MUL", "MINUI", "MINSI", "MINNUMF", "MAXUI", "MAXSI", "MAXNUMF", "AND", "OR", "XOR", "MINIMUMF", "MAXIMUMF", "MINIMUMNUMF", "MAXIMUMNUMF"]}, ShuffleMode = {width = 32, cases = ["xor", "down", "up", "idx"], values = [0, 1, 2, 3], symbols = ["XOR", "DOWN", "UP", "IDX"]}, MMAElementwiseOp = {width = 32, cases = ["addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs", "divu", "negatef", "negates", "extf"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], symbols = ["ADDF", "MULF", "SUBF", "MAXF", "MINF", "DIVF", "ADDI", "MULI", "SUBI", "DIVS", "DIVU", "NEGATEF", "NEGATES", "EXTF"]}, BroadcastType = {width = 32, cases = ["first_active_lane", "specific_lane"], values = [0, 1]}, TransposeMode = {width = 32, cases = ["NON_TRANSPOSE", "TRANSPOSE", "CONJUGATE_TRANSPOSE"], values = [0, 1, 2]}, Prune2To4SpMatFlag = {width = 32, cases = ["NONE", "PRUNE_ONLY", "PRUNE_AND_CHECK"], values = [0, 1, 2]}, SpGEMMWorkEstimationOrComputeKind = {width = 32, cases = ["WORK_ESTIMATION", "COMPUTE"], values = [0, 1]}, BarrierScope = {width = 32, cases = ["workgroup", "subgroup"], values = [0, 1]}, MappingId = {width = 64, cases = ["x", "y", "z", "linear_dim_0", "linear_dim_1", "linear_dim_2", "linear_dim_3", "linear_dim_4", "linear_dim_5", "linear_dim_6", "linear_dim_7", "linear_dim_8", "linear_dim_9"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], symbols = ["DimX", "DimY", "DimZ", "LinearDim0", "LinearDim1", "LinearDim2", "LinearDim3", "LinearDim4", "LinearDim5", "LinearDim6", "LinearDim7", "LinearDim8", "LinearDim9"]}}} {
  irdl.attribute @dim {
    %e = irdl.any {omnir.enum = "Dimension"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @address_space {
    %e = irdl.any {omnir.enum = "AddressSpace"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @all_reduce_op {
    %e = irdl.any {omnir.enum = "AllReduceOperation"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @shuffle_mode {
    %e = irdl.any {omnir.enum = "ShuffleMode"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @barrier_scope {
    %e = irdl.any {omnir.enum = "BarrierScope"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @thread {
    %e = irdl.any {omnir.enum = "MappingId"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @block {
    %e = irdl.any {omnir.enum = "MappingId"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @warp {
    %e = irdl.any {omnir.enum = "MappingId"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @warpgroup {
    %e = irdl.any {omnir.enum = "MappingId"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @lane {
    %e = irdl.any {omnir.enum = "MappingId"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @memory_space {
    %e = irdl.any {omnir.enum = "AddressSpace"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @mma_element_wise {
    %e = irdl.any {omnir.enum = "MMAElementwiseOp"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @loop_dim_map {
    %p = irdl.any
    %m = irdl.any
    %b = irdl.any
    irdl.parameters(processor: %p, map: %m, bound: %b)
  }
  irdl.attribute @select_object {
    %t = irdl.any
    irdl.parameters(target: %t)
  }
  irdl.attribute @broadcast {
    %e = irdl.any {omnir.enum = "BroadcastType"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @mat_transpose_mode {
    %e = irdl.any {omnir.enum = "TransposeMode"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @prune_2to4_spmat_flag {
    %e = irdl.any {omnir.enum = "Prune2To4SpMatFlag"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @spgemm_work_estimation_or_compute_kind {
    %e = irdl.any {omnir.enum = "SpGEMMWorkEstimationOrComputeKind"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @object {
    %t = irdl.any
    %f = irdl.any
    %p = irdl.any
    %k = irdl.any
    %o = irdl.any
    irdl.parameters(target: %t, format: %f, properties: %p, kernels: %k, object: %o)
  }
  irdl.type @mma_matrix {
    %s = irdl.any
    %e = irdl.any
    %o = irdl.any
    irdl.parameters(shape: %s, elementType: %e, operand: %o)
  }
  irdl.type @"async.token" {
  }
  irdl.type @"named_barrier" {
  }
  irdl.type @"sparse.dntensor_handle" {
  }
  irdl.type @"sparse.spmat_handle" {
  }
  irdl.type @"sparse.spgemmop_handle" {
  }
  irdl.operation @cluster_dim attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "clusters per grid along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @cluster_dim_blocks attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "thread blocks per cluster along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @cluster_id attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "cluster id within the grid along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @cluster_block_id attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "block id within the cluster along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @block_dim attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "threads per block along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @block_id attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "block id within the grid along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @grid_dim attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "blocks per grid along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @thread_id attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "thread id within the block along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @global_id attributes {omnir.assembly_format = "custom<Dimension>($dimension) (`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure", "OpAsmOpInterface"], omnir.optional_attributes = ["upper_bound"], omnir.result_names_hook = "gpu.index", omnir.summary = "global thread id along a dimension"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %dim = irdl.base @gpu::@dim
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"dimension" = %dim, "upper_bound" = %ub}
  }
  irdl.operation @lane_id attributes {omnir.assembly_format = "(`upper_bound` $upper_bound^)? attr-dict", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.optional_attributes = ["upper_bound"], omnir.summary = "lane id within the subgroup"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"upper_bound" = %ub}
  }
  irdl.operation @subgroup_id attributes {omnir.assembly_format = "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.optional_attributes = ["upper_bound"], omnir.summary = "subgroup id within the workgroup"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"upper_bound" = %ub}
  }
  irdl.operation @num_subgroups attributes {omnir.assembly_format = "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.optional_attributes = ["upper_bound"], omnir.summary = "subgroups per workgroup"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"upper_bound" = %ub}
  }
  irdl.operation @subgroup_size attributes {omnir.assembly_format = "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.optional_attributes = ["upper_bound"], omnir.summary = "threads per subgroup"} {
    %idx = irdl.any {omnir.constraint = "Index"}
    %ub = irdl.any {omnir.constraint = "IndexAttr"}
    irdl.results(result: %idx)
    irdl.attributes {"upper_bound" = %ub}
  }
  irdl.operation @dynamic_shared_memory attributes {omnir.assembly_format = "attr-dict `:` type($resultMemref)", omnir.traits = ["Pure"], omnir.summary = "the memref of dynamic shared memory"} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.results(resultMemref: %m)
  }
  irdl.operation @printf attributes {omnir.arguments = ["format", "args"], omnir.assembly_format = "$format attr-dict (`,` $args^ `:` type($args))?", omnir.traits = ["MemoryEffects"], omnir.summary = "device-side printf for debugging"} {
    %s = irdl.any {omnir.constraint = "StrAttr"}
    %a = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(args: variadic %a)
    irdl.attributes {"format" = %s}
  }
  irdl.operation @return attributes {omnir.verifier = "gpu.return", omnir.assembly_format = "attr-dict ($operands^ `:` type($operands))?", omnir.traits = ["HasParent<gpu.func>", "Pure", "Terminator", "ReturnLike"], omnir.summary = "terminator of gpu.func"} {
    %a = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %a)
  }
  irdl.operation @terminator attributes {omnir.assembly_format = "attr-dict", omnir.traits = ["HasParent<gpu.launch>", "Pure", "Terminator"], omnir.summary = "terminator of gpu.launch regions"} {
    
  }
  irdl.operation @yield attributes {omnir.assembly_format = "attr-dict ($values^ `:` type($values))?", omnir.traits = ["Pure", "ReturnLike", "Terminator"], omnir.summary = "returns values to the enclosing gpu op"} {
    %a = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(values: variadic %a)
  }
  irdl.operation @all_reduce attributes {omnir.assembly_format = "custom<AllReduceOperation>($op, $value) (`uniform` $uniform^)? $body attr-dict `:` functional-type(operands, results)", omnir.traits = ["SameOperandsAndResultType", "IsolatedFromAbove"], omnir.optional_attributes = ["op", "uniform"], omnir.summary = "reduction across a workgroup"} {
    %t = irdl.any {omnir.constraint = "IntegerOrFloat"}
    %op = irdl.base @gpu::@all_reduce_op
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    %r = irdl.region
    irdl.operands(value: %t)
    irdl.results(result: %t)
    irdl.attributes {"op" = %op, "uniform" = %u}
    irdl.regions(body: %r)
  }
  irdl.operation @subgroup_reduce attributes {omnir.assembly_format = "custom<AllReduceOperation>($op, $value) (`uniform` $uniform^)? (`cluster` `(` `size` `=` $cluster_size^ (`,` `stride` `=` $cluster_stride^)? `)`)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["SameOperandsAndResultType"], omnir.optional_attributes = ["uniform", "cluster_size"], omnir.default_texts = {cluster_stride = "1 : i32"}, omnir.summary = "reduction across a subgroup"} {
    %t = irdl.any {omnir.constraint = "AnyType"}
    %op = irdl.base @gpu::@all_reduce_op
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    %i = irdl.any {omnir.constraint = "I32Attr"}
    %j = irdl.any {omnir.constraint = "I32Attr"}
    irdl.operands(value: %t)
    irdl.results(result: %t)
    irdl.attributes {"op" = %op, "uniform" = %u, "cluster_size" = %i, "cluster_stride" = %j}
  }
  irdl.operation @shuffle attributes {omnir.assembly_format = "custom<ShuffleMode>($mode) $value `,` $offset `,` $width attr-dict `:` type($value)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[value, shuffleResult]>"], omnir.result_names = ["shuffleResult", "valid"], omnir.summary = "moves values across the lanes of a subgroup"} {
    %t = irdl.any {omnir.constraint = "AnyType"}
    %i32 = irdl.any {omnir.constraint = "I32"}
    %i1 = irdl.is i1
    %m = irdl.base @gpu::@shuffle_mode
    irdl.operands(value: %t, offset: %i32, width: %i32)
    irdl.results(shuffleResult: %t, valid: %i1)
    irdl.attributes {"mode" = %m}
  }
  irdl.operation @rotate attributes {omnir.assembly_format = "$value `,` $offset `,` $width attr-dict `:` type($value)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[value, rotateResult]>"], omnir.result_names = ["rotateResult", "valid"], omnir.summary = "rotates values across the lanes of a subgroup"} {
    %t = irdl.any {omnir.constraint = "AnyType"}
    %i1 = irdl.is i1
    %a = irdl.any {omnir.constraint = "I32Attr"}
    %b = irdl.any {omnir.constraint = "I32Attr"}
    irdl.operands(value: %t)
    irdl.results(rotateResult: %t, valid: %i1)
    irdl.attributes {"offset" = %a, "width" = %b}
  }
  irdl.operation @barrier attributes {omnir.arguments = ["address_spaces", "named_barrier", "scope"], omnir.verifier = "gpu.barrier", omnir.assembly_format = "(`named` `(` $named_barrier^ `:` type($named_barrier) `)`)? (`memfence` $address_spaces^)? (`scope` $scope^)? attr-dict", omnir.traits = [], omnir.optional_attributes = ["address_spaces"], omnir.default_texts = {scope = "#gpu.barrier_scope<workgroup>"}, omnir.summary = "synchronizes the work items of a workgroup"} {
    %nb = irdl.any {omnir.constraint = "AnyType"}
    %as = irdl.any {omnir.constraint = "ArrayAttr"}
    %sc = irdl.base @gpu::@barrier_scope
    irdl.operands(named_barrier: optional %nb)
    irdl.attributes {"address_spaces" = %as, "scope" = %sc}
  }
  irdl.operation @initialize_named_barrier attributes {omnir.assembly_format = "$member_count attr-dict `:` type($member_count) `->` type($result)", omnir.traits = ["InferTypeOpInterface"], omnir.summary = "creates a named barrier"} {
    %i = irdl.any {omnir.constraint = "AnyType"}
    %nb = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(member_count: %i)
    irdl.results(result: %nb)
  }
  irdl.operation @module attributes {omnir.class_name = "GPUModuleOp", omnir.assembly_format = "$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword $bodyRegion", omnir.traits = ["IsolatedFromAbove", "NoRegionArguments", "SymbolTable", "Symbol", "NoTerminator", "SingleBlock", "GraphRegion"], omnir.optional_attributes = ["targets", "offloadingHandler"], omnir.summary = "a compilation unit of code run on a GPU"} {
    %n = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %t = irdl.any {omnir.constraint = "ArrayAttr"}
    %h = irdl.any
    %r = irdl.region
    irdl.attributes {"sym_name" = %n, "targets" = %t, "offloadingHandler" = %h}
    irdl.regions(bodyRegion: %r)
  }
  irdl.operation @binary attributes {omnir.assembly_format = "$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects", omnir.traits = ["Symbol"], omnir.optional_attributes = ["offloadingHandler"], omnir.summary = "serialized GPU binary objects"} {
    %n = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %o = irdl.any {omnir.constraint = "ArrayAttr"}
    %h = irdl.any
    irdl.attributes {"sym_name" = %n, "offloadingHandler" = %h, "objects" = %o}
  }
  irdl.operation @host_register attributes {omnir.assembly_format = "$value attr-dict `:` type($value)", omnir.traits = [], omnir.summary = "registers a memref for access from the device"} {
    %m = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %m)
  }
  irdl.operation @host_unregister attributes {omnir.assembly_format = "$value attr-dict `:` type($value)", omnir.traits = [], omnir.summary = "unregisters a memref for access from the device"} {
    %m = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %m)
  }
  irdl.operation @wait attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies, type($asyncDependencies)) attr-dict", omnir.traits = [], omnir.summary = "waits for async gpu ops to complete"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(asyncDependencies: variadic %tok)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @alloc attributes {omnir.verifier = "gpu.alloc", omnir.assembly_format = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies, type($asyncDependencies)) (` ` `host_shared` $hostShared^)? ` ` `(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)", omnir.traits = ["AttrSizedOperandSegments"], omnir.optional_attributes = ["hostShared"], omnir.result_names = ["memref", "asyncToken"], omnir.summary = "GPU memory allocation"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(asyncDependencies: variadic %tok, dynamicSizes: variadic %idx, symbolOperands: variadic %idx)
    irdl.results(memref: %m, asyncToken: optional %tok)
    irdl.attributes {"hostShared" = %u}
  }
  irdl.operation @dealloc attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies, type($asyncDependencies)) $memref attr-dict `:` type($memref)", omnir.traits = [], omnir.summary = "GPU memory deallocation"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(asyncDependencies: variadic %tok, memref: %m)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @memcpy attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies, type($asyncDependencies)) $dst `,` $src `:` type($dst) `,` type($src) attr-dict", omnir.traits = [], omnir.summary = "copies a memref into another"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    irdl.operands(asyncDependencies: variadic %tok, dst: %m, src: %m2)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @memset attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies, type($asyncDependencies)) $dst `,` $value `:` type($dst) `,` type($value) attr-dict", omnir.traits = [], omnir.summary = "sets the elements of a memref to a value"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %v = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(asyncDependencies: variadic %tok, dst: %m, value: %v)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @set_default_device attributes {omnir.assembly_format = "attr-dict $devIndex", omnir.traits = ["MemoryEffects"], omnir.summary = "sets the default GPU by index"} {
    %i = irdl.any {omnir.constraint = "I32"}
    irdl.operands(devIndex: %i)
  }
  irdl.operation @launch_func attributes {omnir.arguments = ["asyncDependencies", "kernel", "gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ", "kernelOperands", "clusterSizeX", "clusterSizeY", "clusterSizeZ", "dynamicSharedMemorySize", "asyncObject"], omnir.verifier = "gpu.launch_func", omnir.assembly_format = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies, type($asyncDependencies)) (`<` $asyncObject^ `:` type($asyncObject) `>`)? $kernel (`clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)`)? `blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)` `threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)` custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX), type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ), type($gridSizeY), type($gridSizeZ), type($blockSizeX), type($blockSizeY), type($blockSizeZ)) (`dynamic_shared_memory_size` $dynamicSharedMemorySize^)? custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict", omnir.traits = ["AttrSizedOperandSegments", "AllTypesMatch<[gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ]>"], omnir.summary = "launches a function as a GPU kernel"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %d = irdl.any {omnir.constraint = "AnyType"}
    %i32 = irdl.any {omnir.constraint = "I32"}
    %a = irdl.any {omnir.constraint = "AnyType"}
    %o = irdl.any {omnir.constraint = "AnyType"}
    %k = irdl.any {omnir.constraint = "SymbolRefAttr"}
    irdl.operands(asyncDependencies: variadic %tok, gridSizeX: %d, gridSizeY: %d, gridSizeZ: %d, blockSizeX: %d, blockSizeY: %d, blockSizeZ: %d, clusterSizeX: optional %d, clusterSizeY: optional %d, clusterSizeZ: optional %d, dynamicSharedMemorySize: optional %i32, kernelOperands: variadic %a, asyncObject: optional %o)
    irdl.results(asyncToken: optional %tok)
    irdl.attributes {"kernel" = %k}
  }
  irdl.operation @func attributes {omnir.class_name = "GPUFuncOp", omnir.arguments = ["sym_name", "function_type", "arg_attrs", "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs", "known_block_size", "known_grid_size", "known_cluster_size", "workgroup_attributions", "kernel"], omnir.verifier = "gpu.func", omnir.assembly_format = "custom<GPUFuncSignature>($sym_name, $function_type, $arg_attrs, $res_attrs, $workgroup_attributions, $kernel, $workgroup_attrib_attrs, $private_attrib_attrs, $body) attr-dict-with-keyword $body", omnir.traits = ["HasParent<gpu.module>", "AutomaticAllocationScope", "FunctionOpInterface", "IsolatedFromAbove", "AffineScope", "Symbol", "CallableOpInterface"], omnir.optional_attributes = ["arg_attrs", "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs", "workgroup_attributions", "kernel", "known_block_size", "known_grid_size", "known_cluster_size"], omnir.summary = "a function executable on a GPU"} {
    %name = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %type = irdl.any {omnir.constraint = "TypeAttrOf<FunctionType>"}
    %d1 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %d2 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %d3 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %d4 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %n = irdl.any {omnir.constraint = "I64Attr"}
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    %s1 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %s2 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %s3 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %body = irdl.region
    irdl.attributes {"sym_name" = %name, "function_type" = %type, "arg_attrs" = %d1, "res_attrs" = %d2, "workgroup_attrib_attrs" = %d3, "private_attrib_attrs" = %d4, "workgroup_attributions" = %n, "kernel" = %u, "known_block_size" = %s1, "known_grid_size" = %s2, "known_cluster_size" = %s3}
    irdl.regions(body: %body)
  }
  irdl.operation @launch attributes {omnir.arguments = ["asyncDependencies", "gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ", "clusterSizeX", "clusterSizeY", "clusterSizeZ", "dynamicSharedMemorySize", "module", "function", "workgroup_attributions", "asyncObject"], omnir.verifier = "gpu.async", omnir.assembly_format = "custom<LaunchConfig>(type($asyncToken), $asyncDependencies, type($asyncDependencies), $clusterSizeX, $clusterSizeY, $clusterSizeZ, $gridSizeX, $gridSizeY, $gridSizeZ, $blockSizeX, $blockSizeY, $blockSizeZ, $dynamicSharedMemorySize, $module, $function, $workgroup_attributions, $body, $asyncObject, type($asyncObject)) $body attr-dict", omnir.traits = ["AffineScope", "AutomaticAllocationScope", "AttrSizedOperandSegments", "RecursiveMemoryEffects"], omnir.optional_attributes = ["module", "function", "workgroup_attributions"], omnir.summary = "launches a kernel given by its region"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %idx = irdl.is index
    %i32 = irdl.any {omnir.constraint = "I32"}
    %o = irdl.any {omnir.constraint = "AnyType"}
    %sym = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %sym2 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %n = irdl.any {omnir.constraint = "I64Attr"}
    %body = irdl.region
    irdl.operands(asyncDependencies: variadic %tok, gridSizeX: %idx, gridSizeY: %idx, gridSizeZ: %idx, blockSizeX: %idx, blockSizeY: %idx, blockSizeZ: %idx, clusterSizeX: optional %idx, clusterSizeY: optional %idx, clusterSizeZ: optional %idx, dynamicSharedMemorySize: optional %i32, asyncObject: optional %o)
    irdl.results(asyncToken: optional %tok)
    irdl.attributes {"module" = %sym, "function" = %sym2, "workgroup_attributions" = %n}
    irdl.regions(body: %body)
  }
  irdl.operation @subgroup_mma_load_matrix attributes {omnir.assembly_format = "$srcMemref `[` $indices `]` `leadDimension` $leadDimension (`transpose` $transpose^)? attr-dict `:` type($srcMemref) `->` type($res)", omnir.traits = ["MemoryEffects"], omnir.optional_attributes = ["transpose"], omnir.summary = "subgroup-wide matrix load"} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %mm = irdl.any
    %ld = irdl.any {omnir.constraint = "IndexAttr"}
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(srcMemref: %m, indices: variadic %idx)
    irdl.results(res: %mm)
    irdl.attributes {"leadDimension" = %ld, "transpose" = %u}
  }
  irdl.operation @subgroup_mma_store_matrix attributes {omnir.assembly_format = "$src `,` $dstMemref `[` $indices `]` `leadDimension` $leadDimension (`transpose` $transpose^)? attr-dict `:` type($src) `,` type($dstMemref)", omnir.traits = ["MemoryEffects"], omnir.optional_attributes = ["transpose"], omnir.summary = "subgroup-wide matrix store"} {
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %mm = irdl.any
    %ld = irdl.any {omnir.constraint = "IndexAttr"}
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(src: %mm, dstMemref: %m, indices: variadic %idx)
    irdl.attributes {"leadDimension" = %ld, "transpose" = %u}
  }
  irdl.operation @subgroup_mma_compute attributes {omnir.assembly_format = "$opA `,` $opB `,` $opC (`a_transpose` $a_transpose^)? (`b_transpose` $b_transpose^)? attr-dict `:` type($opA) `,` type($opB) `->` type($res)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[opC, res]>"], omnir.optional_attributes = ["a_transpose", "b_transpose"], omnir.summary = "subgroup-wide matrix multiply-accumulate"} {
    %a = irdl.any
    %b = irdl.any
    %c = irdl.any
    %u = irdl.any {omnir.constraint = "UnitAttr"}
    %u2 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.operands(opA: %a, opB: %b, opC: %c)
    irdl.results(res: %c)
    irdl.attributes {"a_transpose" = %u, "b_transpose" = %u2}
  }
  irdl.operation @subgroup_mma_constant_matrix attributes {omnir.assembly_format = "$value attr-dict `:` custom<MMAMatrixType>(type($res), type($value))", omnir.traits = ["Pure"], omnir.summary = "a matrix with all elements equal to a value"} {
    %v = irdl.any
    %mm = irdl.any
    irdl.operands(value: %v)
    irdl.results(res: %mm)
  }
  irdl.operation @subgroup_mma_extract_thread_local attributes {omnir.assembly_format = "$matrix `[` $indices `]` attr-dict `:` type($matrix) `->` type($res)", omnir.traits = ["InferTypeOpInterface", "Pure"], omnir.summary = "a value held by this thread"} {
    %mm = irdl.any
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any
    irdl.operands(matrix: %mm, indices: variadic %idx)
    irdl.results(res: %v)
  }
  irdl.operation @subgroup_mma_insert_thread_local attributes {omnir.assembly_format = "$value `,` $matrix `[` $indices `]` attr-dict `:` type($value) `,` type($matrix) `->` type($res)", omnir.traits = ["Pure"], omnir.summary = "inserts a value held by this thread"} {
    %mm = irdl.any
    %mm2 = irdl.any
    %idx = irdl.any {omnir.constraint = "Index"}
    %v = irdl.any
    irdl.operands(value: %v, matrix: %mm, indices: variadic %idx)
    irdl.results(res: %mm2)
  }
  irdl.operation @subgroup_mma_elementwise attributes {omnir.assembly_format = "custom<MMAElementwise>($opType) $args attr-dict `:` functional-type($args, $res)", omnir.traits = ["Pure"], omnir.summary = "an elementwise operation on matrices"} {
    %mm = irdl.any
    %mm2 = irdl.any
    %t = irdl.base @gpu::@mma_element_wise
    irdl.operands(args: variadic %mm)
    irdl.results(res: %mm2)
    irdl.attributes {"opType" = %t}
  }
  irdl.operation @subgroup_broadcast attributes {omnir.assembly_format = "$src `,` custom<BroadcastType>($broadcast_type) ($lane^)? attr-dict `:` type($result)", omnir.traits = ["InferTypeOpInterface", "Pure", "AllTypesMatch<[result, src]>", "ElementwiseMappable"], omnir.verifier = "gpu.subgroup_broadcast", omnir.summary = "broadcasts a value from one lane across the subgroup"} {
    %t = irdl.any {omnir.constraint = "AnyType"}
    %i = irdl.any {omnir.constraint = "I32"}
    %b = irdl.base @gpu::@broadcast
    irdl.operands(src: %t, lane: optional %i)
    irdl.results(result: %t)
    irdl.attributes {"broadcast_type" = %b}
  }
  irdl.operation @warp_execute_on_lane_0 attributes {omnir.arguments = ["laneid", "warp_size", "args"], omnir.assembly_format = "`(` $laneid `)` `` `[` $warp_size `]` (`args` `(` custom<WarpArgs>($args, type($args))^ `)`)? (`->` `(` type($results)^ `)`)? $warpRegion attr-dict", omnir.traits = ["RegionBranchOpInterface", "SingleBlockImplicitTerminator<gpu.yield>", "RecursiveMemoryEffects"], omnir.summary = "runs its region on lane 0 of a warp"} {
    %idx = irdl.is index
    %w = irdl.any {omnir.constraint = "I64Attr"}
    %a = irdl.any {omnir.constraint = "AnyType"}
    %r = irdl.any {omnir.constraint = "AnyType"}
    %reg = irdl.region
    irdl.operands(laneid: %idx, args: variadic %a)
    irdl.results(results: variadic %r)
    irdl.attributes {"warp_size" = %w}
    irdl.regions(warpRegion: %reg)
  }
  irdl.operation @create_dn_tensor attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesD>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($dnTensor)) $memref `,` $dims attr-dict `:` type($dims) `into` type($memref)", omnir.traits = ["AttrSizedOperandSegments"], omnir.result_names = ["dnTensor", "asyncToken"], omnir.summary = "creates a dense tensor handle"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, memref: %m, dims: variadic %idx)
    irdl.results(dnTensor: %h, asyncToken: optional %tok)
  }
  irdl.operation @destroy_dn_tensor attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesD>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($dnTensor)) $dnTensor attr-dict", omnir.traits = [], omnir.summary = "destroys a dense tensor handle"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, dnTensor: %h)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @create_coo attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $rows `,` $cols `,` $nnz `,` $rowIdxs `,` $colIdxs `,` $values attr-dict `:` type($rowIdxs) `,` type($colIdxs) `,` type($values)", omnir.traits = [], omnir.result_names = ["spmat", "asyncToken"], omnir.summary = "creates a sparse matrix in COO format"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, rows: %idx, cols: %idx, nnz: %idx, rowIdxs: %m, colIdxs: %m2, values: %m3)
    irdl.results(spmat: %h, asyncToken: optional %tok)
  }
  irdl.operation @create_csr attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $rows `,` $cols `,` $nnz `,` $rowPos `,` $colIdxs `,` $values attr-dict `:` type($rowPos) `,` type($colIdxs) `,` type($values)", omnir.traits = [], omnir.result_names = ["spmat", "asyncToken"], omnir.summary = "creates a sparse matrix in CSR format"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, rows: %idx, cols: %idx, nnz: %idx, rowPos: %m, colIdxs: %m2, values: %m3)
    irdl.results(spmat: %h, asyncToken: optional %tok)
  }
  irdl.operation @create_csc attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $rows `,` $cols `,` $nnz `,` $colPos `,` $rowIdxs `,` $values attr-dict `:` type($colPos) `,` type($rowIdxs) `,` type($values)", omnir.traits = [], omnir.result_names = ["spmat", "asyncToken"], omnir.summary = "creates a sparse matrix in CSC format"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, rows: %idx, cols: %idx, nnz: %idx, colPos: %m, rowIdxs: %m2, values: %m3)
    irdl.results(spmat: %h, asyncToken: optional %tok)
  }
  irdl.operation @create_coo_aos attributes {omnir.class_name = "CreateCooAoSOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $rows `,` $cols `,` $nnz `,` $idxs `,` $values attr-dict `:` type($idxs) `,` type($values)", omnir.traits = [], omnir.result_names = ["spmat", "asyncToken"], omnir.summary = "creates a sparse matrix in COO format from one index buffer"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, rows: %idx, cols: %idx, nnz: %idx, idxs: %m, values: %m2)
    irdl.results(spmat: %h, asyncToken: optional %tok)
  }
  irdl.operation @create_bsr attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $brows `,` $bcols `,` $bnnz `,` $rBlockSize `,` $cBlockSize `,` $bRowPos `,` $bColIdxs `,` $values attr-dict `:` type($bRowPos) `,` type($bColIdxs) `,` type($values)", omnir.traits = [], omnir.result_names = ["spmat", "asyncToken"], omnir.summary = "creates a sparse matrix in BSR format"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, brows: %idx, bcols: %idx, bnnz: %idx, rBlockSize: %idx, cBlockSize: %idx, bRowPos: %m, bColIdxs: %m2, values: %m3)
    irdl.results(spmat: %h, asyncToken: optional %tok)
  }
  irdl.operation @create_2to4_spmat attributes {omnir.class_name = "Create2To4SpMatOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spMat)) `{` custom<PruneFlag>($pruneFlag) `}` $rows `,` $cols `,` $memref attr-dict `:` type($memref)", omnir.traits = [], omnir.result_names = ["spMat", "asyncToken"], omnir.summary = "creates a 2:4 sparse matrix"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %pf = irdl.base @gpu::@prune_2to4_spmat_flag
    irdl.operands(asyncDependencies: variadic %tok, rows: %idx, cols: %idx, memref: %m)
    irdl.results(spMat: %h, asyncToken: optional %tok)
    irdl.attributes {"pruneFlag" = %pf}
  }
  irdl.operation @destroy_sp_mat attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $spmat attr-dict", omnir.traits = [], omnir.summary = "destroys a sparse matrix handle"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, spmat: %h)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @spmv_buffer_size attributes {omnir.class_name = "SpMVBufferSizeOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesSDD>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmatA), type($dnX), type($dnY)) $spmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $dnX `,` $dnY attr-dict `into` $computeType", omnir.traits = [], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.result_names = ["bufferSz", "asyncToken"], omnir.summary = "buffer size of an SpMV"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, spmatA: %h, dnX: %h2, dnY: %h3)
    irdl.results(bufferSz: %idx, asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "computeType" = %ct}
  }
  irdl.operation @spmv attributes {omnir.class_name = "SpMVOp", omnir.arguments = ["asyncDependencies", "spmatA", "dnX", "dnY", "computeType", "buffer", "modeA"], omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesSDD>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmatA), type($dnX), type($dnY)) $spmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $dnX `,` $dnY `,` $buffer attr-dict `:` type($buffer) `into` $computeType", omnir.traits = [], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.summary = "sparse matrix times dense vector"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, spmatA: %h, dnX: %h2, dnY: %h3, buffer: %m)
    irdl.results(asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "computeType" = %ct}
  }
  irdl.operation @spmm_buffer_size attributes {omnir.class_name = "SpMMBufferSizeOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesSDD>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmatA), type($dnmatB), type($dnmatC)) $spmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $dnmatB (`{` custom<TransposeMode>($modeB)^ `}`)? `,` $dnmatC attr-dict `:` type($bufferSzs) `into` $computeType", omnir.traits = ["AttrSizedResultSegments"], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>", modeB = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.result_names = ["bufferSzs", "asyncToken"], omnir.summary = "buffer sizes of an SpMM"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    %mb = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, spmatA: %h, dnmatB: %h2, dnmatC: %h3)
    irdl.results(bufferSzs: variadic %idx, asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "modeB" = %mb, "computeType" = %ct}
  }
  irdl.operation @spmm attributes {omnir.class_name = "SpMMOp", omnir.arguments = ["asyncDependencies", "spmatA", "dnmatB", "dnmatC", "computeType", "buffers", "modeA", "modeB"], omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesSDD>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmatA), type($dnmatB), type($dnmatC)) $spmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $dnmatB (`{` custom<TransposeMode>($modeB)^ `}`)? `,` $dnmatC `,` $buffers attr-dict `:` type($buffers) `into` $computeType", omnir.traits = ["AttrSizedOperandSegments"], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>", modeB = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.summary = "sparse matrix times dense matrix"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    %mb = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, spmatA: %h, dnmatB: %h2, dnmatC: %h3, buffers: variadic %m)
    irdl.results(asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "modeB" = %mb, "computeType" = %ct}
  }
  irdl.operation @sddmm_buffer_size attributes {omnir.class_name = "SDDMMBufferSizeOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesDDS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($dnmatA), type($dnmatB), type($spmatC)) $dnmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $dnmatB (`{` custom<TransposeMode>($modeB)^ `}`)? `,` $spmatC attr-dict `into` $computeType", omnir.traits = [], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>", modeB = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.result_names = ["bufferSz", "asyncToken"], omnir.summary = "buffer size of an SDDMM"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    %mb = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, dnmatA: %h, dnmatB: %h2, spmatC: %h3)
    irdl.results(bufferSz: %idx, asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "modeB" = %mb, "computeType" = %ct}
  }
  irdl.operation @sddmm attributes {omnir.class_name = "SDDMMOp", omnir.arguments = ["asyncDependencies", "dnmatA", "dnmatB", "spmatC", "computeType", "buffer", "modeA", "modeB"], omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesDDS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($dnmatA), type($dnmatB), type($spmatC)) $dnmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $dnmatB (`{` custom<TransposeMode>($modeB)^ `}`)? `,` $spmatC `,` $buffer attr-dict `:` type($buffer) `into` $computeType", omnir.traits = [], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>", modeB = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.summary = "sampled dense-dense matrix product"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    %mb = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, dnmatA: %h, dnmatB: %h2, spmatC: %h3, buffer: %m)
    irdl.results(asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "modeB" = %mb, "computeType" = %ct}
  }
  irdl.operation @spgemm_create_descr attributes {omnir.class_name = "SpGEMMCreateDescrOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesG>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($desc)) attr-dict", omnir.traits = [], omnir.result_names = ["desc", "asyncToken"], omnir.summary = "creates a SpGEMM descriptor"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok)
    irdl.results(desc: %h, asyncToken: optional %tok)
  }
  irdl.operation @spgemm_destroy_descr attributes {omnir.class_name = "SpGEMMDestroyDescrOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesG>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($desc)) $desc attr-dict", omnir.traits = [], omnir.summary = "destroys a SpGEMM descriptor"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, desc: %h)
    irdl.results(asyncToken: optional %tok)
  }
  irdl.operation @spgemm_work_estimation_or_compute attributes {omnir.class_name = "SpGEMMWorkEstimationOrComputeOp", omnir.arguments = ["asyncDependencies", "desc", "spmatA", "spmatB", "spmatC", "computeType", "bufferSz", "buffer", "kind", "modeA", "modeB"], omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesSSSG>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmatA), type($spmatB), type($spmatC), type($desc)) `{` custom<SpGEMMKind>($kind) `}` $spmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $spmatB (`{` custom<TransposeMode>($modeB)^ `}`)? `,` $spmatC `,` $desc `,` $bufferSz `,` $buffer attr-dict `:` $computeType `into` type($buffer)", omnir.traits = [], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>", modeB = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.result_names = ["bufferSzNew", "asyncToken"], omnir.summary = "SpGEMM work estimation or compute"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    %mb = irdl.base @gpu::@mat_transpose_mode
    %k = irdl.base @gpu::@spgemm_work_estimation_or_compute_kind
    irdl.operands(asyncDependencies: variadic %tok, desc: %h4, spmatA: %h, spmatB: %h2, spmatC: %h3, bufferSz: %idx, buffer: %m)
    irdl.results(bufferSzNew: %idx, asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "modeB" = %mb, "computeType" = %ct, "kind" = %k}
  }
  irdl.operation @spgemm_copy attributes {omnir.class_name = "SpGEMMCopyOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesSSSG>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmatA), type($spmatB), type($spmatC), type($desc)) $spmatA (`{` custom<TransposeMode>($modeA)^ `}`)? `,` $spmatB (`{` custom<TransposeMode>($modeB)^ `}`)? `,` $spmatC `,` $desc attr-dict `:` $computeType", omnir.traits = [], omnir.default_texts = {modeA = "#gpu.mat_transpose_mode<NON_TRANSPOSE>", modeB = "#gpu.mat_transpose_mode<NON_TRANSPOSE>"}, omnir.summary = "copies the result of a SpGEMM"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    %ma = irdl.base @gpu::@mat_transpose_mode
    %mb = irdl.base @gpu::@mat_transpose_mode
    irdl.operands(asyncDependencies: variadic %tok, desc: %h4, spmatA: %h, spmatB: %h2, spmatC: %h3)
    irdl.results(asyncToken: optional %tok)
    irdl.attributes {"modeA" = %ma, "modeB" = %mb, "computeType" = %ct}
  }
  irdl.operation @spmat_get_size attributes {omnir.class_name = "SpMatGetSizeOp", omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $spmat attr-dict", omnir.traits = [], omnir.result_names = ["rows", "cols", "nnz", "asyncToken"], omnir.summary = "the rows, columns and non-zeros of a sparse matrix"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, spmat: %h)
    irdl.results(rows: %idx, cols: %idx, nnz: %idx, asyncToken: optional %tok)
  }
  irdl.operation @set_csr_pointers attributes {omnir.verifier = "gpu.async", omnir.assembly_format = "custom<AsyncHandlesS>(type($asyncToken), $asyncDependencies, type($asyncDependencies), type($spmat)) $spmat `,` $positions `,` $coordinates `,` $values attr-dict `:` type($positions) `,` type($coordinates) `,` type($values)", omnir.traits = [], omnir.summary = "sets the CSR buffers of a sparse matrix"} {
    %tok = irdl.any {omnir.constraint = "AnyType"}
    %h = irdl.any {omnir.constraint = "AnyType"}
    %h2 = irdl.any {omnir.constraint = "AnyType"}
    %h3 = irdl.any {omnir.constraint = "AnyType"}
    %h4 = irdl.any {omnir.constraint = "AnyType"}
    %m = irdl.any {omnir.constraint = "AnyMemRef"}
    %m2 = irdl.any {omnir.constraint = "AnyMemRef"}
    %m3 = irdl.any {omnir.constraint = "AnyMemRef"}
    %idx = irdl.any {omnir.constraint = "Index"}
    %ct = irdl.any {omnir.constraint = "TypeAttr"}
    irdl.operands(asyncDependencies: variadic %tok, spmat: %h, positions: %m, coordinates: %m2, values: %m3)
    irdl.results(asyncToken: optional %tok)
  }
}
