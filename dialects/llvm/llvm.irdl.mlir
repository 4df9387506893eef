// The LLVM dialect (upstream's LLVMOps.td, LLVMTypes.td, LLVMAttrDefs.td, LLVMEnums.td,
// LLVMIntrinsicOps.td), as omnir ships it: LLVM IR's types, instructions and intrinsics
// as MLIR operations. The types' syntax, the function and global signatures, calls, GEP
// indices and the other hand-written forms are Rust hooks (dialects/llvm/hooks.rs).
// Generated from a compact table; keep the two in step.
irdl.dialect @llvm attributes {omnir.enums = {Linkage = {width = 64, cases = ["private", "internal", "available_externally", "linkonce", "weak", "common", "appending", "extern_weak", "linkonce_odr", "weak_odr", "external"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, CConv = {width = 64, cases = ["ccc", "fastcc", "coldcc", "cc_10", "cc_11", "webkit_jscc", "anyregcc", "preserve_mostcc", "preserve_allcc", "swiftcc", "cxx_fast_tlscc", "tailcc", "cfguard_checkcc", "swifttailcc", "x86_stdcallcc", "x86_fastcallcc", "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc", "msp430_intrcc", "x86_thiscallcc", "ptx_kernelcc", "ptx_devicecc", "spir_funccc", "spir_kernelcc", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc", "x86_vectorcallcc", "hhvmcc", "hhvm_ccc", "x86_intrcc", "avr_intrcc", "avr_builtincc", "amdgpu_vscc", "amdgpu_gscc", "amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc", "amdgpu_hscc", "msp430_builtincc", "amdgpu_lscc", "amdgpu_escc", "aarch64_vectorcallcc", "aarch64_sve_vectorcallcc", "wasm_emscripten_invokecc", "amdgpu_gfxcc", "m68k_intrcc"], values = [0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 64, 65, 66, 67, 68, 69, 70, 71, 72, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 86, 87, 88, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101]}, TailCallKind = {width = 64, cases = ["none", "tail", "musttail", "notail"], values = [0, 1, 2, 3]}, FastmathFlags = {width = 32, bit, separator = ", ", cases = ["none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"], values = [0, 1, 2, 4, 8, 16, 32, 64, 127]}, IntegerOverflowFlags = {width = 32, bit, separator = ", ", cases = ["none", "nsw", "nuw"], values = [0, 1, 2]}, GEPNoWrapFlags = {width = 32, bit, separator = "|", cases = ["none", "inbounds_flag", "nusw", "nuw", "inbounds"], values = [0, 1, 2, 4, 3]}, ICmpPredicate = {width = 64, cases = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}, FCmpPredicate = {width = 64, cases = ["_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}, AtomicOrdering = {width = 64, cases = ["not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"], values = [0, 1, 2, 4, 5, 6, 7]}, AtomicBinOp = {width = 64, cases = ["xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax", "umin", "fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat", "fmaximum", "fminimum"], values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}, UnnamedAddr = {width = 64, cases = ["", "local_unnamed_addr", "unnamed_addr"], values = [0, 1, 2]}, Visibility = {width = 64, cases = ["", "hidden", "protected"], values = [0, 1, 2]}, Comdat = {width = 64, cases = ["any", "exactmatch", "largest", "nodeduplicate", "samesize"], values = [0, 1, 2, 3, 4]}, AsmDialect = {width = 64, cases = ["att", "intel"], values = [0, 1]}, ModRefInfo = {width = 64, cases = ["none", "read", "write", "readwrite"], values = [0, 1, 2, 3]}, FramePointerKind = {width = 64, cases = ["none", "non-leaf", "all", "reserved"], values = [0, 1, 2, 3]}}} {
  irdl.type @void {
  }
  irdl.type @ptr {
    %0 = irdl.any
    irdl.parameters(addr_space: %0)
  }
  irdl.type @array {
    %0 = irdl.any
    %1 = irdl.any
    irdl.parameters(element: %0, size: %1)
  }
  irdl.type @func {
    %0 = irdl.any
    %1 = irdl.any
    %2 = irdl.any
    irdl.parameters(result: %0, params: %1, vararg: %2)
  }
  irdl.type @struct {
    %0 = irdl.any
    %1 = irdl.any
    %2 = irdl.any
    irdl.parameters(name: %0, flags: %1, body: %2)
  }
  irdl.type @label {
  }
  irdl.type @metadata {
  }
  irdl.type @token {
  }
  irdl.type @x86_amx {
  }
  irdl.type @ppc_fp128 {
  }
  irdl.type @target {
    %0 = irdl.any
    %1 = irdl.any
    %2 = irdl.any
    irdl.parameters(name: %0, types: %1, ints: %2)
  }
  irdl.attribute @linkage {
    %e = irdl.any {omnir.enum = "Linkage"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @cconv {
    %e = irdl.any {omnir.enum = "CConv"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @tailcallkind {
    %e = irdl.any {omnir.enum = "TailCallKind"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @fastmath {
    %e = irdl.any {omnir.enum = "FastmathFlags"}
    irdl.parameters(value: %e)
  }
  irdl.attribute @blockaddress {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @blocktag {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @framePointerKind {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @target_features {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @memory_effects {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @vscale_range {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @loop_annotation {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @tbaa_root {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @tbaa_type_desc {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @tbaa_tag {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @access_group {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @alias_scope {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @alias_scope_domain {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @constant_range {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @mmra_tag {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @dereferenceable {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @vec_type_hint {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @zero {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @undef {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @poison {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @uwtableKind {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @mlir.module_flag {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @dependent_libraries {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @comdat {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.attribute @target {
    %t = irdl.any
    irdl.parameters(text: %t)
  }
  irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType", "Commutative"], omnir.defaults = {overflowFlags = 0 : i32}, omnir.summary = "integer addition"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.enum = "IntegerOverflowFlags"}
    irdl.attributes {"overflowFlags" = %v1}
  }
  irdl.operation @sub attributes {omnir.assembly_format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.defaults = {overflowFlags = 0 : i32}, omnir.summary = "integer subtraction"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.enum = "IntegerOverflowFlags"}
    irdl.attributes {"overflowFlags" = %v1}
  }
  irdl.operation @mul attributes {omnir.assembly_format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType", "Commutative"], omnir.defaults = {overflowFlags = 0 : i32}, omnir.summary = "integer multiplication"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.enum = "IntegerOverflowFlags"}
    irdl.attributes {"overflowFlags" = %v1}
  }
  irdl.operation @shl attributes {omnir.assembly_format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.defaults = {overflowFlags = 0 : i32}, omnir.summary = "shift left"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.enum = "IntegerOverflowFlags"}
    irdl.attributes {"overflowFlags" = %v1}
  }
  irdl.operation @udiv attributes {omnir.assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.optional_attributes = ["isExact"], omnir.summary = "unsigned division"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %v1}
  }
  irdl.operation @sdiv attributes {omnir.assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.optional_attributes = ["isExact"], omnir.summary = "signed division"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %v1}
  }
  irdl.operation @lshr attributes {omnir.assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.optional_attributes = ["isExact"], omnir.summary = "logical shift right"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %v1}
  }
  irdl.operation @ashr attributes {omnir.assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.optional_attributes = ["isExact"], omnir.summary = "arithmetic shift right"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isExact" = %v1}
  }
  irdl.operation @urem attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "unsigned remainder"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @srem attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "signed remainder"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @and attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "bitwise and"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @or attributes {omnir.assembly_format = "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.optional_attributes = ["isDisjoint"], omnir.summary = "bitwise or"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"isDisjoint" = %v1}
  }
  irdl.operation @xor attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "bitwise xor"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @fadd attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point add"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @fsub attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point sub"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @fmul attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point mul"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @fdiv attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point div"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @frem attributes {omnir.assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point rem"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @fneg attributes {omnir.assembly_format = "$operand (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point negation"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operand: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @icmp attributes {omnir.assembly_format = "custom<ICmpPredicate>($predicate) $lhs `,` $rhs attr-dict `:` type($lhs)", omnir.traits = ["Pure", "SameTypeOperands", "TypesMatchWith<lhs, res, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.summary = "integer comparison"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.enum = "ICmpPredicate"}
    irdl.attributes {"predicate" = %v3}
  }
  irdl.operation @fcmp attributes {omnir.assembly_format = "custom<FCmpPredicate>($predicate) $lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($lhs)", omnir.traits = ["Pure", "SameTypeOperands", "TypesMatchWith<lhs, res, I1SameShape, \"result type has i1 element type and same shape as operands\">"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "floating-point comparison"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(lhs: %v0, rhs: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.enum = "FCmpPredicate"}
    %v4 = irdl.base @llvm::@fastmath
    irdl.attributes {"predicate" = %v3, "fastmathFlags" = %v4}
  }
  irdl.operation @alloca attributes {omnir.assembly_format = "(`inalloca` $inalloca^)? $arraySize `x` $elem_type attr-dict `:` functional-type($arraySize, $res)", omnir.optional_attributes = ["alignment", "inalloca"], omnir.summary = "stack allocation"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arraySize: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    %v3 = irdl.any {omnir.constraint = "TypeAttr"}
    %v4 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"alignment" = %v2, "elem_type" = %v3, "inalloca" = %v4}
  }
  irdl.operation @getelementptr attributes {omnir.assembly_format = "custom<GEPHead>($noWrapFlags, $base) `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` $elem_type", omnir.traits = ["Pure"], omnir.defaults = {noWrapFlags = 0 : i32}, omnir.summary = "pointer arithmetic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(base: %v0, dynamicIndices: variadic %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v4 = irdl.any {omnir.constraint = "TypeAttr"}
    %v5 = irdl.any {omnir.enum = "GEPNoWrapFlags"}
    irdl.attributes {"rawConstantIndices" = %v3, "elem_type" = %v4, "noWrapFlags" = %v5}
  }
  irdl.operation @load attributes {omnir.assembly_format = "(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? `` custom<MemProps>($alignment, $nontemporal, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` qualified(type($addr)) `->` type($res)", omnir.optional_attributes = ["alignment", "volatile_", "nontemporal", "invariant", "invariantGroup", "syncscope", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"], omnir.defaults = {ordering = 0 : i64}, omnir.summary = "load from memory"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(addr: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    %v3 = irdl.any {omnir.constraint = "UnitAttr"}
    %v4 = irdl.any {omnir.constraint = "UnitAttr"}
    %v5 = irdl.any {omnir.constraint = "UnitAttr"}
    %v6 = irdl.any {omnir.constraint = "UnitAttr"}
    %v7 = irdl.any {omnir.enum = "AtomicOrdering"}
    %v8 = irdl.any {omnir.constraint = "StrAttr"}
    %v9 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v10 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v11 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v12 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"alignment" = %v2, "volatile_" = %v3, "nontemporal" = %v4, "invariant" = %v5, "invariantGroup" = %v6, "ordering" = %v7, "syncscope" = %v8, "access_groups" = %v9, "alias_scopes" = %v10, "noalias_scopes" = %v11, "tbaa" = %v12}
  }
  irdl.operation @store attributes {omnir.assembly_format = "(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant_group` $invariantGroup^)? `` custom<MemProps>($alignment, $nontemporal, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` type($value) `,` qualified(type($addr))", omnir.optional_attributes = ["alignment", "volatile_", "nontemporal", "invariantGroup", "syncscope", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"], omnir.defaults = {ordering = 0 : i64}, omnir.summary = "store to memory"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %v0, addr: %v1)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    %v3 = irdl.any {omnir.constraint = "UnitAttr"}
    %v4 = irdl.any {omnir.constraint = "UnitAttr"}
    %v5 = irdl.any {omnir.constraint = "UnitAttr"}
    %v6 = irdl.any {omnir.enum = "AtomicOrdering"}
    %v7 = irdl.any {omnir.constraint = "StrAttr"}
    %v8 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v10 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v11 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"alignment" = %v2, "volatile_" = %v3, "nontemporal" = %v4, "invariantGroup" = %v5, "ordering" = %v6, "syncscope" = %v7, "access_groups" = %v8, "alias_scopes" = %v9, "noalias_scopes" = %v10, "tbaa" = %v11}
  }
  irdl.operation @fpext attributes {omnir.assembly_format = "$arg (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "fpext cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @fptrunc attributes {omnir.assembly_format = "$arg (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "fptrunc cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @bitcast attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "bitcast cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @addrspacecast attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "addrspacecast cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @inttoptr attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "inttoptr cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @ptrtoint attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "ptrtoint cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @sext attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "sext cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @sitofp attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "sitofp cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @fptosi attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "fptosi cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @fptoui attributes {omnir.assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "fptoui cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @zext attributes {omnir.assembly_format = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.optional_attributes = ["nonNeg"], omnir.summary = "zext cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"nonNeg" = %v2}
  }
  irdl.operation @uitofp attributes {omnir.assembly_format = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.optional_attributes = ["nonNeg"], omnir.summary = "uitofp cast"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"nonNeg" = %v2}
  }
  irdl.operation @trunc attributes {omnir.assembly_format = "$arg `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($arg) `to` type($res)", omnir.traits = ["Pure"], omnir.defaults = {overflowFlags = 0 : i32}, omnir.summary = "integer truncation"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.enum = "IntegerOverflowFlags"}
    irdl.attributes {"overflowFlags" = %v2}
  }
  irdl.operation @call attributes {omnir.assembly_format = "custom<CallOp>($CConv, $TailCallKind, $callee, $callee_operands, $var_callee_type, $op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` custom<CallTypes>(ref($callee), ref($callee_operands), type($callee_operands), type($result), $arg_attrs, $res_attrs)", omnir.traits = ["AttrSizedOperandSegments", "CallOpInterface", "SymbolUserOpInterface"], omnir.optional_attributes = ["var_callee_type", "callee", "branch_weights", "memory_effects", "convergent", "no_unwind", "will_return", "op_bundle_tags", "arg_attrs", "res_attrs", "no_inline", "always_inline", "inline_hint", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>", CConv = "#llvm.cconv<ccc>", TailCallKind = "#llvm.tailcallkind<none>"}, omnir.verifier = "llvm.call", omnir.summary = "call to an LLVM function"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(callee_operands: variadic %v0, op_bundle_operands: variadic %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(result: optional %v2)
    %v3 = irdl.any {omnir.constraint = "TypeAttr"}
    %v4 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %v5 = irdl.base @llvm::@fastmath
    %v6 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v7 = irdl.base @llvm::@cconv
    %v8 = irdl.base @llvm::@tailcallkind
    %v9 = irdl.any
    %v10 = irdl.any {omnir.constraint = "UnitAttr"}
    %v11 = irdl.any {omnir.constraint = "UnitAttr"}
    %v12 = irdl.any {omnir.constraint = "UnitAttr"}
    %v13 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v14 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v15 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v16 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v17 = irdl.any {omnir.constraint = "UnitAttr"}
    %v18 = irdl.any {omnir.constraint = "UnitAttr"}
    %v19 = irdl.any {omnir.constraint = "UnitAttr"}
    %v20 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v21 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v22 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v23 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"var_callee_type" = %v3, "callee" = %v4, "fastmathFlags" = %v5, "branch_weights" = %v6, "CConv" = %v7, "TailCallKind" = %v8, "memory_effects" = %v9, "convergent" = %v10, "no_unwind" = %v11, "will_return" = %v12, "op_bundle_sizes" = %v13, "op_bundle_tags" = %v14, "arg_attrs" = %v15, "res_attrs" = %v16, "no_inline" = %v17, "always_inline" = %v18, "inline_hint" = %v19, "access_groups" = %v20, "alias_scopes" = %v21, "noalias_scopes" = %v22, "tbaa" = %v23}
  }
  irdl.operation @extractelement attributes {omnir.assembly_format = "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)", omnir.traits = ["Pure", "TypesMatchWith<vector, res, ElementType, \"result type matches vector element type\">"], omnir.summary = "extract an element from a vector"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(vector: %v0, position: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @extractvalue attributes {omnir.assembly_format = "$container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($res), ref(type($container)), ref($position))", omnir.traits = ["Pure"], omnir.summary = "extract a value from an aggregate"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(container: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.attributes {"position" = %v2}
  }
  irdl.operation @insertelement attributes {omnir.assembly_format = "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)", omnir.traits = ["Pure", "TypesMatchWith<vector, value, ElementType, \"argument type matches vector element type\">", "AllTypesMatch<[res, vector]>"], omnir.summary = "insert an element into a vector"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(vector: %v0, value: %v1, position: %v2)
    irdl.results(res: %v0)
  }
  irdl.operation @insertvalue attributes {omnir.assembly_format = "$value `,` $container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))", omnir.traits = ["Pure", "AllTypesMatch<[container, res]>"], omnir.summary = "insert a value into an aggregate"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(container: %v0, value: %v1)
    irdl.results(res: %v0)
    %v2 = irdl.any {omnir.constraint = "DenseI64ArrayAttr"}
    irdl.attributes {"position" = %v2}
  }
  irdl.operation @shufflevector attributes {omnir.assembly_format = "$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))", omnir.traits = ["Pure", "AllTypesMatch<[v1, v2]>"], omnir.summary = "permute two vectors"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(v1: %v0, v2: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    irdl.attributes {"mask" = %v2}
  }
  irdl.operation @select attributes {omnir.assembly_format = "operands (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($condition) `,` type($res)", omnir.traits = ["Pure", "AllTypesMatch<[trueValue, falseValue, res]>"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "select between two values"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(condition: %v0, trueValue: %v1, falseValue: %v1)
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @freeze attributes {omnir.assembly_format = "$val attr-dict `:` type($val)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "freeze a value"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(val: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @br attributes {omnir.assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict", omnir.traits = ["Pure", "Terminator", "BranchOpInterface"], omnir.optional_attributes = ["loop_annotation"], omnir.successors = ["dest"], omnir.summary = "unconditional branch"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(destOperands: variadic %v0)
    %v1 = irdl.any
    irdl.attributes {"loop_annotation" = %v1}
  }
  irdl.operation @cond_br attributes {omnir.assembly_format = "$condition ( `weights` `(` $branch_weights^ `)` )? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict", omnir.traits = ["AttrSizedOperandSegments", "Pure", "Terminator", "BranchOpInterface"], omnir.optional_attributes = ["branch_weights", "loop_annotation"], omnir.successors = ["trueDest", "falseDest"], omnir.summary = "conditional branch"} {
    %v0 = irdl.any {omnir.constraint = "I1"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(condition: %v0, trueDestOperands: variadic %v1, falseDestOperands: variadic %v2)
    %v3 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v4 = irdl.any
    irdl.attributes {"branch_weights" = %v3, "loop_annotation" = %v4}
  }
  irdl.operation @return attributes {omnir.assembly_format = "attr-dict ($arg^ `:` type($arg))?", omnir.traits = ["Pure", "ReturnLike", "Terminator"], omnir.verifier = "llvm.return", omnir.summary = "return from a function"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: optional %v0)
  }
  irdl.operation @resume attributes {omnir.assembly_format = "$value attr-dict `:` type($value)", omnir.traits = ["Terminator"], omnir.summary = "resume exception propagation"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %v0)
  }
  irdl.operation @unreachable attributes {omnir.assembly_format = "attr-dict", omnir.traits = ["Terminator"], omnir.summary = "unreachable"} {
  }
  irdl.operation @mlir.addressof attributes {omnir.assembly_format = "$global_name attr-dict `:` qualified(type($res))", omnir.traits = ["Pure", "ConstantLike", "SymbolUserOpInterface"], omnir.summary = "address of a global or function"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    irdl.attributes {"global_name" = %v1}
  }
  irdl.operation @mlir.constant attributes {omnir.assembly_format = "`(` $value `)` attr-dict `:` type($res)", omnir.traits = ["Pure", "ConstantLike"], omnir.verifier = "llvm.mlir.constant", omnir.summary = "constant"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
    %v1 = irdl.any
    irdl.attributes {"value" = %v1}
  }
  irdl.operation @mlir.undef attributes {omnir.assembly_format = "attr-dict `:` type($res)", omnir.traits = ["Pure", "ConstantLike"], omnir.summary = "undefined value"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @mlir.poison attributes {omnir.assembly_format = "attr-dict `:` type($res)", omnir.traits = ["Pure", "ConstantLike"], omnir.summary = "poison value"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @mlir.zero attributes {omnir.assembly_format = "attr-dict `:` type($res)", omnir.traits = ["Pure", "ConstantLike"], omnir.summary = "zero-initialized value"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @mlir.none attributes {omnir.assembly_format = "attr-dict `:` type($res)", omnir.traits = ["Pure", "ConstantLike"], omnir.summary = "null token"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @va_arg attributes {omnir.assembly_format = "$arg attr-dict `:` functional-type($arg, $res)", omnir.summary = "variadic argument"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @comdat_selector attributes {omnir.assembly_format = "$sym_name $comdat attr-dict", omnir.traits = ["Symbol"], omnir.summary = "comdat selector"} {
    %v0 = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %v1 = irdl.any {omnir.enum = "Comdat"}
    irdl.attributes {"sym_name" = %v0, "comdat" = %v1}
  }
  irdl.operation @comdat attributes {omnir.assembly_format = "$sym_name $body attr-dict", omnir.traits = ["NoTerminator", "NoRegionArguments", "SymbolTable", "Symbol"], omnir.summary = "comdat region"} {
    %v0 = irdl.any {omnir.constraint = "SymbolNameAttr"}
    irdl.attributes {"sym_name" = %v0}
    %r_body = irdl.region
    irdl.regions(body: %r_body)
  }
  irdl.operation @func attributes {omnir.assembly_format = "custom<LLVMFuncSignature>($linkage, $visibility_, $unnamed_addr, $CConv, $sym_name, $function_type, $arg_attrs, $res_attrs, $comdat, $body) attr-dict-with-keyword ($body^)?", omnir.traits = ["AutomaticAllocationScope", "IsolatedFromAbove", "FunctionOpInterface", "CallableOpInterface", "Symbol"], omnir.optional_attributes = ["sym_visibility", "dso_local", "comdat", "convergent", "personality", "garbageCollector", "passthrough", "arg_attrs", "res_attrs", "function_entry_count", "memory_effects", "arm_streaming", "arm_locally_streaming", "arm_streaming_compatible", "arm_new_za", "arm_in_za", "arm_out_za", "arm_inout_za", "arm_preserves_za", "section", "unnamed_addr", "alignment", "vscale_range", "frame_pointer", "target_cpu", "tune_cpu", "reciprocal_estimates", "prefer_vector_width", "target_features", "no_infs_fp_math", "no_nans_fp_math", "no_signed_zeros_fp_math", "denormal_fp_math", "denormal_fp_math_f32", "fp_contract", "instrument_function_entry", "instrument_function_exit", "no_inline", "always_inline", "inline_hint", "no_unwind", "will_return", "optimize_none", "vec_type_hint", "work_group_size_hint", "reqd_work_group_size", "intel_reqd_sub_group_size", "uwtable_kind", "use_sample_profile", "modular_format", "nobuiltins", "allocsize", "cold", "hot", "noduplicate", "no_caller_saved_registers", "nocallback", "returns_twice", "save_reg_params", "zero_call_used_regs", "default_func_attrs"], omnir.defaults = {visibility_ = 0 : i64}, omnir.default_texts = {linkage = "#llvm.linkage<external>", CConv = "#llvm.cconv<ccc>"}, omnir.verifier = "llvm.func", omnir.summary = "LLVM dialect function"} {
    %v0 = irdl.any {omnir.constraint = "StrAttr"}
    %v1 = irdl.any {omnir.constraint = "StrAttr"}
    %v2 = irdl.any {omnir.constraint = "TypeAttr"}
    %v3 = irdl.base @llvm::@linkage
    %v4 = irdl.any {omnir.constraint = "UnitAttr"}
    %v5 = irdl.base @llvm::@cconv
    %v6 = irdl.any {omnir.constraint = "SymbolRefAttr"}
    %v7 = irdl.any {omnir.constraint = "UnitAttr"}
    %v8 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %v9 = irdl.any {omnir.constraint = "StrAttr"}
    %v10 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v11 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v12 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v13 = irdl.any {omnir.constraint = "I64Attr"}
    %v14 = irdl.any
    %v15 = irdl.any {omnir.enum = "Visibility"}
    %v16 = irdl.any {omnir.constraint = "UnitAttr"}
    %v17 = irdl.any {omnir.constraint = "UnitAttr"}
    %v18 = irdl.any {omnir.constraint = "UnitAttr"}
    %v19 = irdl.any {omnir.constraint = "UnitAttr"}
    %v20 = irdl.any {omnir.constraint = "UnitAttr"}
    %v21 = irdl.any {omnir.constraint = "UnitAttr"}
    %v22 = irdl.any {omnir.constraint = "UnitAttr"}
    %v23 = irdl.any {omnir.constraint = "UnitAttr"}
    %v24 = irdl.any {omnir.constraint = "StrAttr"}
    %v25 = irdl.any {omnir.enum = "UnnamedAddr"}
    %v26 = irdl.any {omnir.constraint = "I64Attr"}
    %v27 = irdl.any
    %v28 = irdl.any
    %v29 = irdl.any {omnir.constraint = "StrAttr"}
    %v30 = irdl.any {omnir.constraint = "StrAttr"}
    %v31 = irdl.any {omnir.constraint = "StrAttr"}
    %v32 = irdl.any {omnir.constraint = "StrAttr"}
    %v33 = irdl.any
    %v34 = irdl.any {omnir.constraint = "BoolAttr"}
    %v35 = irdl.any {omnir.constraint = "BoolAttr"}
    %v36 = irdl.any {omnir.constraint = "BoolAttr"}
    %v37 = irdl.any {omnir.constraint = "StrAttr"}
    %v38 = irdl.any {omnir.constraint = "StrAttr"}
    %v39 = irdl.any {omnir.constraint = "StrAttr"}
    %v40 = irdl.any {omnir.constraint = "StrAttr"}
    %v41 = irdl.any {omnir.constraint = "StrAttr"}
    %v42 = irdl.any {omnir.constraint = "UnitAttr"}
    %v43 = irdl.any {omnir.constraint = "UnitAttr"}
    %v44 = irdl.any {omnir.constraint = "UnitAttr"}
    %v45 = irdl.any {omnir.constraint = "UnitAttr"}
    %v46 = irdl.any {omnir.constraint = "UnitAttr"}
    %v47 = irdl.any {omnir.constraint = "UnitAttr"}
    %v48 = irdl.any
    %v49 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v50 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v51 = irdl.any {omnir.constraint = "I32Attr"}
    %v52 = irdl.any
    %v53 = irdl.any {omnir.constraint = "UnitAttr"}
    %v54 = irdl.any {omnir.constraint = "StrAttr"}
    %v55 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v56 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v57 = irdl.any {omnir.constraint = "UnitAttr"}
    %v58 = irdl.any {omnir.constraint = "UnitAttr"}
    %v59 = irdl.any {omnir.constraint = "UnitAttr"}
    %v60 = irdl.any {omnir.constraint = "UnitAttr"}
    %v61 = irdl.any {omnir.constraint = "UnitAttr"}
    %v62 = irdl.any {omnir.constraint = "UnitAttr"}
    %v63 = irdl.any {omnir.constraint = "UnitAttr"}
    %v64 = irdl.any {omnir.constraint = "StrAttr"}
    %v65 = irdl.any {omnir.constraint = "DictionaryAttr"}
    irdl.attributes {"sym_name" = %v0, "sym_visibility" = %v1, "function_type" = %v2, "linkage" = %v3, "dso_local" = %v4, "CConv" = %v5, "comdat" = %v6, "convergent" = %v7, "personality" = %v8, "garbageCollector" = %v9, "passthrough" = %v10, "arg_attrs" = %v11, "res_attrs" = %v12, "function_entry_count" = %v13, "memory_effects" = %v14, "visibility_" = %v15, "arm_streaming" = %v16, "arm_locally_streaming" = %v17, "arm_streaming_compatible" = %v18, "arm_new_za" = %v19, "arm_in_za" = %v20, "arm_out_za" = %v21, "arm_inout_za" = %v22, "arm_preserves_za" = %v23, "section" = %v24, "unnamed_addr" = %v25, "alignment" = %v26, "vscale_range" = %v27, "frame_pointer" = %v28, "target_cpu" = %v29, "tune_cpu" = %v30, "reciprocal_estimates" = %v31, "prefer_vector_width" = %v32, "target_features" = %v33, "no_infs_fp_math" = %v34, "no_nans_fp_math" = %v35, "no_signed_zeros_fp_math" = %v36, "denormal_fp_math" = %v37, "denormal_fp_math_f32" = %v38, "fp_contract" = %v39, "instrument_function_entry" = %v40, "instrument_function_exit" = %v41, "no_inline" = %v42, "always_inline" = %v43, "inline_hint" = %v44, "no_unwind" = %v45, "will_return" = %v46, "optimize_none" = %v47, "vec_type_hint" = %v48, "work_group_size_hint" = %v49, "reqd_work_group_size" = %v50, "intel_reqd_sub_group_size" = %v51, "uwtable_kind" = %v52, "use_sample_profile" = %v53, "modular_format" = %v54, "nobuiltins" = %v55, "allocsize" = %v56, "cold" = %v57, "hot" = %v58, "noduplicate" = %v59, "no_caller_saved_registers" = %v60, "nocallback" = %v61, "returns_twice" = %v62, "save_reg_params" = %v63, "zero_call_used_regs" = %v64, "default_func_attrs" = %v65}
    %r_body = irdl.region
    irdl.regions(body: %r_body)
  }
  irdl.operation @mlir.global attributes {omnir.assembly_format = "custom<GlobalOp>($linkage, $visibility_, $tls_mode, $unnamed_addr, $constant, $sym_name, $value, $comdat) attr-dict `` custom<GlobalType>($global_type, ref($value)) ($initializer^)?", omnir.traits = ["IsolatedFromAbove", "Symbol"], omnir.optional_attributes = ["constant", "dso_local", "externally_initialized", "value", "alignment", "unnamed_addr", "section", "comdat", "dbg_exprs", "target_specific_attrs", "addr_space", "tls_mode"], omnir.defaults = {visibility_ = 0 : i64, addr_space = 0 : i32}, omnir.default_texts = {linkage = "#llvm.linkage<external>"}, omnir.summary = "LLVM dialect global", omnir.attr_dict_shows_defaults = unit} {
    %v0 = irdl.any {omnir.constraint = "TypeAttr"}
    %v1 = irdl.any {omnir.constraint = "UnitAttr"}
    %v2 = irdl.any {omnir.constraint = "StrAttr"}
    %v3 = irdl.base @llvm::@linkage
    %v4 = irdl.any {omnir.constraint = "UnitAttr"}
    %v5 = irdl.any
    %v6 = irdl.any {omnir.constraint = "UnitAttr"}
    %v7 = irdl.any
    %v8 = irdl.any {omnir.constraint = "I64Attr"}
    %v9 = irdl.any {omnir.constraint = "I32Attr"}
    %v10 = irdl.any {omnir.enum = "UnnamedAddr"}
    %v11 = irdl.any {omnir.constraint = "StrAttr"}
    %v12 = irdl.any {omnir.constraint = "SymbolRefAttr"}
    %v13 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v14 = irdl.any {omnir.enum = "Visibility"}
    %v15 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"global_type" = %v0, "constant" = %v1, "sym_name" = %v2, "linkage" = %v3, "dso_local" = %v4, "tls_mode" = %v5, "externally_initialized" = %v6, "value" = %v7, "alignment" = %v8, "addr_space" = %v9, "unnamed_addr" = %v10, "section" = %v11, "comdat" = %v12, "dbg_exprs" = %v13, "visibility_" = %v14, "target_specific_attrs" = %v15}
    %r_initializer = irdl.region
    irdl.regions(initializer: %r_initializer)
  }
  irdl.operation @mlir.alias attributes {omnir.assembly_format = "custom<AliasOp>($linkage, $visibility_, $tls_mode, $unnamed_addr, $sym_name) attr-dict `:` $alias_type $initializer", omnir.traits = ["IsolatedFromAbove", "Symbol"], omnir.optional_attributes = ["dso_local", "unnamed_addr", "tls_mode"], omnir.defaults = {visibility_ = 0 : i64}, omnir.default_texts = {linkage = "#llvm.linkage<external>"}, omnir.summary = "LLVM dialect alias"} {
    %v0 = irdl.any {omnir.constraint = "TypeAttr"}
    %v1 = irdl.any {omnir.constraint = "StrAttr"}
    %v2 = irdl.base @llvm::@linkage
    %v3 = irdl.any {omnir.constraint = "UnitAttr"}
    %v4 = irdl.any
    %v5 = irdl.any {omnir.enum = "UnnamedAddr"}
    %v6 = irdl.any {omnir.enum = "Visibility"}
    irdl.attributes {"alias_type" = %v0, "sym_name" = %v1, "linkage" = %v2, "dso_local" = %v3, "tls_mode" = %v4, "unnamed_addr" = %v5, "visibility_" = %v6}
    %r_initializer = irdl.region
    irdl.regions(initializer: %r_initializer)
  }
  irdl.operation @inline_asm attributes {omnir.assembly_format = "(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? (`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? (`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints operands `:` functional-type(operands, results)", omnir.optional_attributes = ["has_side_effects", "is_align_stack", "asm_dialect", "operand_attrs"], omnir.default_texts = {tail_call_kind = "#llvm.tailcallkind<none>"}, omnir.summary = "inline assembly"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: optional %v1)
    %v2 = irdl.any {omnir.constraint = "StrAttr"}
    %v3 = irdl.any {omnir.constraint = "StrAttr"}
    %v4 = irdl.any {omnir.constraint = "UnitAttr"}
    %v5 = irdl.any {omnir.constraint = "UnitAttr"}
    %v6 = irdl.base @llvm::@tailcallkind
    %v7 = irdl.any {omnir.enum = "AsmDialect"}
    %v8 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"asm_string" = %v2, "constraints" = %v3, "has_side_effects" = %v4, "is_align_stack" = %v5, "tail_call_kind" = %v6, "asm_dialect" = %v7, "operand_attrs" = %v8}
  }
  irdl.operation @atomicrmw attributes {omnir.assembly_format = "(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering `` custom<AtomicMemProps>($alignment, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` qualified(type($ptr)) `,` type($val)", omnir.traits = ["TypesMatchWith<val, res, Same, \"result #0 and operand #1 have the same type\">"], omnir.optional_attributes = ["syncscope", "alignment", "volatile_", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"], omnir.summary = "atomic read-modify-write"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0, val: %v1)
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.enum = "AtomicBinOp"}
    %v3 = irdl.any {omnir.enum = "AtomicOrdering"}
    %v4 = irdl.any {omnir.constraint = "StrAttr"}
    %v5 = irdl.any {omnir.constraint = "I64Attr"}
    %v6 = irdl.any {omnir.constraint = "UnitAttr"}
    %v7 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v10 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"bin_op" = %v2, "ordering" = %v3, "syncscope" = %v4, "alignment" = %v5, "volatile_" = %v6, "access_groups" = %v7, "alias_scopes" = %v8, "noalias_scopes" = %v9, "tbaa" = %v10}
  }
  irdl.operation @cmpxchg attributes {omnir.assembly_format = "(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering `` custom<AtomicMemProps>($alignment, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` qualified(type($ptr)) `,` type($val) `` custom<CmpXchgResult>(ref(type($val)), type($res))", omnir.traits = ["AllTypesMatch<[cmp, val]>"], omnir.optional_attributes = ["syncscope", "alignment", "weak", "volatile_", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"], omnir.summary = "atomic compare-exchange"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0, cmp: %v1, val: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.enum = "AtomicOrdering"}
    %v4 = irdl.any {omnir.enum = "AtomicOrdering"}
    %v5 = irdl.any {omnir.constraint = "StrAttr"}
    %v6 = irdl.any {omnir.constraint = "I64Attr"}
    %v7 = irdl.any {omnir.constraint = "UnitAttr"}
    %v8 = irdl.any {omnir.constraint = "UnitAttr"}
    %v9 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v10 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v11 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v12 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"success_ordering" = %v3, "failure_ordering" = %v4, "syncscope" = %v5, "alignment" = %v6, "weak" = %v7, "volatile_" = %v8, "access_groups" = %v9, "alias_scopes" = %v10, "noalias_scopes" = %v11, "tbaa" = %v12}
  }
  irdl.operation @fence attributes {omnir.assembly_format = "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict", omnir.optional_attributes = ["syncscope"], omnir.summary = "memory fence"} {
    %v0 = irdl.any {omnir.enum = "AtomicOrdering"}
    %v1 = irdl.any {omnir.constraint = "StrAttr"}
    irdl.attributes {"ordering" = %v0, "syncscope" = %v1}
  }
  irdl.operation @call_intrinsic attributes {omnir.assembly_format = "$intrin `(` $args `)` `` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` functional-type($args, $results)", omnir.traits = ["AttrSizedOperandSegments"], omnir.optional_attributes = ["op_bundle_tags", "arg_attrs", "res_attrs"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "call to an LLVM intrinsic by name"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(args: variadic %v0, op_bundle_operands: variadic %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(results: optional %v2)
    %v3 = irdl.any {omnir.constraint = "StrAttr"}
    %v4 = irdl.base @llvm::@fastmath
    %v5 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v6 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v7 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.attributes {"intrin" = %v3, "fastmathFlags" = %v4, "op_bundle_sizes" = %v5, "op_bundle_tags" = %v6, "arg_attrs" = %v7, "res_attrs" = %v8}
  }
  irdl.operation @landingpad attributes {omnir.assembly_format = "(`cleanup` $cleanup^)? `` custom<LandingpadClauses>($clauses, type($clauses)) attr-dict `:` type($res)", omnir.optional_attributes = ["cleanup"], omnir.summary = "landing pad"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(clauses: variadic %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"cleanup" = %v2}
  }
  irdl.operation @invoke attributes {omnir.assembly_format = "custom<InvokeHead>($CConv, $callee, $callee_operands) `to` $normalDest (`(` $normalDestOperands^ `:` type($normalDestOperands) `)`)? `unwind` $unwindDest (`(` $unwindDestOperands^ `:` type($unwindDestOperands) `)`)? `` custom<VarCalleeType>($var_callee_type) `` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` custom<CallTypes>(ref($callee), ref($callee_operands), type($callee_operands), type($result), $arg_attrs, $res_attrs)", omnir.traits = ["AttrSizedOperandSegments", "BranchOpInterface", "CallOpInterface", "Terminator"], omnir.optional_attributes = ["var_callee_type", "callee", "arg_attrs", "res_attrs", "branch_weights", "op_bundle_tags"], omnir.default_texts = {CConv = "#llvm.cconv<ccc>"}, omnir.successors = ["normalDest", "unwindDest"], omnir.summary = "call with exception handling"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    %v3 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(callee_operands: variadic %v0, normalDestOperands: variadic %v1, unwindDestOperands: variadic %v2, op_bundle_operands: variadic %v3)
    %v4 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(result: optional %v4)
    %v5 = irdl.any {omnir.constraint = "TypeAttr"}
    %v6 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %v7 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v10 = irdl.base @llvm::@cconv
    %v11 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v12 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"var_callee_type" = %v5, "callee" = %v6, "arg_attrs" = %v7, "res_attrs" = %v8, "branch_weights" = %v9, "CConv" = %v10, "op_bundle_sizes" = %v11, "op_bundle_tags" = %v12}
  }
  irdl.operation @indirectbr attributes {omnir.assembly_format = "$addr `:` type($addr) `,` custom<IndirectBrOpSucessors>(ref(type($addr)), $successors, $succOperands, type($succOperands), $indbr_operand_segments) attr-dict", omnir.traits = ["Terminator", "BranchOpInterface"], omnir.successors = ["successors"], omnir.variadic_successors = ["successors"], omnir.summary = "indirect branch"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(addr: %v0, succOperands: variadic %v1)
    %v2 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    irdl.attributes {"indbr_operand_segments" = %v2}
  }
  irdl.operation @blockaddress attributes {omnir.assembly_format = "$block_addr attr-dict `:` qualified(type($res))", omnir.traits = ["Pure", "ConstantLike"], omnir.summary = "address of a tagged block"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@blockaddress
    irdl.attributes {"block_addr" = %v1}
  }
  irdl.operation @blocktag attributes {omnir.assembly_format = "$tag attr-dict", omnir.summary = "tags a block"} {
    %v0 = irdl.base @llvm::@blocktag
    irdl.attributes {"tag" = %v0}
  }
  irdl.operation @switch attributes {omnir.assembly_format = "$value `:` type($value) `,` $defaultDestination (`(` $defaultOperands^ `:` type($defaultOperands) `)`)? custom<SwitchOpCases>(ref(type($value)), $case_values, $caseDestinations, $caseOperands, type($caseOperands), $case_operand_segments) attr-dict", omnir.traits = ["AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"], omnir.optional_attributes = ["case_values", "branch_weights"], omnir.successors = ["defaultDestination", "caseDestinations"], omnir.variadic_successors = ["caseDestinations"], omnir.summary = "multi-way branch"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %v0, defaultOperands: variadic %v1, caseOperands: variadic %v2)
    %v3 = irdl.any
    %v4 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v5 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    irdl.attributes {"case_values" = %v3, "case_operand_segments" = %v4, "branch_weights" = %v5}
  }
  irdl.operation @intr.exp attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.exp intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.exp2 attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.exp2 intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.exp10 attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.exp10 intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.fabs attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.fabs intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.ceil attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.ceil intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.floor attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.floor intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.log10 attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.log10 intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.log2 attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.log2 intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.log attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.log intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.roundeven attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.roundeven intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.round attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.round intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.trunc attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.trunc intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.sqrt attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.sqrt intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.rint attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.rint intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.nearbyint attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.nearbyint intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.sin attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.sin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.cos attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.cos intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.tan attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.tan intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.asin attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.asin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.acos attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.acos intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.atan attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.atan intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.sinh attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.sinh intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.cosh attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.cosh intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.tanh attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.tanh intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.canonicalize attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.canonicalize intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.copysign attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.copysign intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.pow attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.pow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.maxnum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.maxnum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.minnum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.minnum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.maximum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.maximum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.minimum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.minimum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.atan2 attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.atan2 intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.maximumnum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.maximumnum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.minimumnum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.minimumnum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.fma attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.fma intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0, in2: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.fmuladd attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.fmuladd intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0, in2: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v1}
  }
  irdl.operation @intr.powi attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.powi intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v3}
  }
  irdl.operation @intr.ldexp attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.ldexp intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v3}
  }
  irdl.operation @intr.frexp attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.frexp intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @intr.sincos attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.sincos intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @intr.vector.reduce.fadd attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.vector.reduce.fadd intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v3}
  }
  irdl.operation @intr.vector.reduce.fmul attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.vector.reduce.fmul intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v3}
  }
  irdl.operation @intr.vector.reduce.fmax attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.vector.reduce.fmax intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @intr.vector.reduce.fmin attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.vector.reduce.fmin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @intr.vector.reduce.fmaximum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.vector.reduce.fmaximum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @intr.vector.reduce.fminimum attributes {omnir.assembly_format = "`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.default_texts = {fastmathFlags = "#llvm.fastmath<none>"}, omnir.summary = "llvm.vector.reduce.fminimum intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.base @llvm::@fastmath
    irdl.attributes {"fastmathFlags" = %v2}
  }
  irdl.operation @intr.bitreverse attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.bitreverse intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.bswap attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.bswap intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.ctpop attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.ctpop intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.smax attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.smax intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.smin attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.smin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.umax attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.umax intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.umin attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.umin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.sadd.sat attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.sadd.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.uadd.sat attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.uadd.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.ssub.sat attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.ssub.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.usub.sat attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.usub.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.sshl.sat attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.sshl.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.ushl.sat attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.ushl.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.fshl attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.fshl intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0, in2: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.fshr attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.fshr intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v0, in2: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.lround attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.summary = "llvm.lround intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.llround attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.summary = "llvm.llround intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.lrint attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.summary = "llvm.lrint intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.llrint attributes {omnir.assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.summary = "llvm.llrint intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.ctlz attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.ctlz intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.attributes {"is_zero_poison" = %v2}
  }
  irdl.operation @intr.cttz attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.cttz intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.attributes {"is_zero_poison" = %v2}
  }
  irdl.operation @intr.abs attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.abs intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "BoolAttr"}
    irdl.attributes {"is_int_min_poison" = %v2}
  }
  irdl.operation @intr.is.fpclass attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.is.fpclass intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"bit" = %v2}
  }
  irdl.operation @intr.sadd.with.overflow attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.sadd.with.overflow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.uadd.with.overflow attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.uadd.with.overflow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.ssub.with.overflow attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.ssub.with.overflow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.usub.with.overflow attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.usub.with.overflow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.smul.with.overflow attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.smul.with.overflow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.umul.with.overflow attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.umul.with.overflow intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.vector.reduce.add attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.add intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.mul attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.mul intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.and attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.and intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.or attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.or intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.xor attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.xor intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.smax attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.smax intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.smin attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.smin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.umax attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.umax intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.vector.reduce.umin attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vector.reduce.umin intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.fptosi.sat attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.fptosi.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.fptoui.sat attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.fptoui.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.is.constant attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.is.constant intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.strip.invariant.group attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.strip.invariant.group intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.threadlocal.address attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.threadlocal.address intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.eh.typeid.for attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.eh.typeid.for intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
  }
  irdl.operation @intr.scmp attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.scmp intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.ucmp attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.ucmp intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.vscale attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.vscale intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @intr.smul.fix attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.smul.fix intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"scale" = %v3}
  }
  irdl.operation @intr.umul.fix attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.umul.fix intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"scale" = %v3}
  }
  irdl.operation @intr.smul.fix.sat attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.smul.fix.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"scale" = %v3}
  }
  irdl.operation @intr.umul.fix.sat attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.umul.fix.sat intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"scale" = %v3}
  }
  irdl.operation @intr.sdiv.fix attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.sdiv.fix intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"scale" = %v3}
  }
  irdl.operation @intr.udiv.fix attributes {omnir.traits = ["Pure"], omnir.summary = "llvm.udiv.fix intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(in0: %v0, in1: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"scale" = %v3}
  }
  irdl.operation @intr.memcpy attributes {omnir.optional_attributes = ["access_groups", "alias_scopes", "noalias_scopes", "tbaa", "arg_attrs", "res_attrs"], omnir.summary = "llvm.memcpy intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dst: %v0, src: %v1, len: %v2)
    %v3 = irdl.any {omnir.constraint = "BoolAttr"}
    %v4 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v5 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v6 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v7 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.attributes {"isVolatile" = %v3, "access_groups" = %v4, "alias_scopes" = %v5, "noalias_scopes" = %v6, "tbaa" = %v7, "arg_attrs" = %v8, "res_attrs" = %v9}
  }
  irdl.operation @intr.memmove attributes {omnir.optional_attributes = ["access_groups", "alias_scopes", "noalias_scopes", "tbaa", "arg_attrs", "res_attrs"], omnir.summary = "llvm.memmove intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dst: %v0, src: %v1, len: %v2)
    %v3 = irdl.any {omnir.constraint = "BoolAttr"}
    %v4 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v5 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v6 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v7 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.attributes {"isVolatile" = %v3, "access_groups" = %v4, "alias_scopes" = %v5, "noalias_scopes" = %v6, "tbaa" = %v7, "arg_attrs" = %v8, "res_attrs" = %v9}
  }
  irdl.operation @intr.memcpy.inline attributes {omnir.optional_attributes = ["access_groups", "alias_scopes", "noalias_scopes", "tbaa", "arg_attrs", "res_attrs"], omnir.summary = "llvm.memcpy.inline intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dst: %v0, src: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyIntegerAttr"}
    %v3 = irdl.any {omnir.constraint = "BoolAttr"}
    %v4 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v5 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v6 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v7 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.attributes {"len" = %v2, "isVolatile" = %v3, "access_groups" = %v4, "alias_scopes" = %v5, "noalias_scopes" = %v6, "tbaa" = %v7, "arg_attrs" = %v8, "res_attrs" = %v9}
  }
  irdl.operation @intr.memset attributes {omnir.optional_attributes = ["access_groups", "alias_scopes", "noalias_scopes", "tbaa", "arg_attrs", "res_attrs"], omnir.summary = "llvm.memset intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dst: %v0, val: %v1, len: %v2)
    %v3 = irdl.any {omnir.constraint = "BoolAttr"}
    %v4 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v5 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v6 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v7 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.attributes {"isVolatile" = %v3, "access_groups" = %v4, "alias_scopes" = %v5, "noalias_scopes" = %v6, "tbaa" = %v7, "arg_attrs" = %v8, "res_attrs" = %v9}
  }
  irdl.operation @intr.memset.inline attributes {omnir.optional_attributes = ["access_groups", "alias_scopes", "noalias_scopes", "tbaa", "arg_attrs", "res_attrs"], omnir.summary = "llvm.memset.inline intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dst: %v0, val: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyIntegerAttr"}
    %v3 = irdl.any {omnir.constraint = "BoolAttr"}
    %v4 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v5 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v6 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v7 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v8 = irdl.any {omnir.constraint = "DictArrayAttr"}
    %v9 = irdl.any {omnir.constraint = "DictArrayAttr"}
    irdl.attributes {"len" = %v2, "isVolatile" = %v3, "access_groups" = %v4, "alias_scopes" = %v5, "noalias_scopes" = %v6, "tbaa" = %v7, "arg_attrs" = %v8, "res_attrs" = %v9}
  }
  irdl.operation @intr.prefetch attributes {omnir.summary = "llvm.prefetch intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(addr: %v0)
    %v1 = irdl.any {omnir.constraint = "I32Attr"}
    %v2 = irdl.any {omnir.constraint = "I32Attr"}
    %v3 = irdl.any {omnir.constraint = "I32Attr"}
    irdl.attributes {"rw" = %v1, "hint" = %v2, "cache" = %v3}
  }
  irdl.operation @intr.var.annotation attributes {omnir.summary = "llvm.var.annotation intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: optional %v1)
  }
  irdl.operation @intr.ptr.annotation attributes {omnir.summary = "llvm.ptr.annotation intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: optional %v1)
  }
  irdl.operation @intr.annotation attributes {omnir.summary = "llvm.annotation intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(operands: variadic %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: optional %v1)
  }
  irdl.operation @intr.lifetime.start attributes {omnir.assembly_format = "$ptr attr-dict `:` qualified(type($ptr))", omnir.summary = "llvm.lifetime.start intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0)
  }
  irdl.operation @intr.lifetime.end attributes {omnir.assembly_format = "$ptr attr-dict `:` qualified(type($ptr))", omnir.summary = "llvm.lifetime.end intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0)
  }
  irdl.operation @intr.stacksave attributes {omnir.assembly_format = "attr-dict `:` qualified(type($res))", omnir.summary = "llvm.stacksave intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @intr.stackrestore attributes {omnir.assembly_format = "$ptr attr-dict `:` qualified(type($ptr))", omnir.summary = "llvm.stackrestore intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0)
  }
  irdl.operation @intr.trap attributes {omnir.assembly_format = "attr-dict", omnir.summary = "llvm.trap intrinsic"} {
  }
  irdl.operation @intr.debugtrap attributes {omnir.assembly_format = "attr-dict", omnir.summary = "llvm.debugtrap intrinsic"} {
  }
  irdl.operation @intr.ubsantrap attributes {omnir.assembly_format = "`failureKind` `=` $failureKind attr-dict", omnir.summary = "llvm.ubsantrap intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "I8Attr"}
    irdl.attributes {"failureKind" = %v0}
  }
  irdl.operation @intr.expect attributes {omnir.assembly_format = "$val `,` $expected attr-dict `:` type($val)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.expect intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(val: %v0, expected: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.expect.with.probability attributes {omnir.assembly_format = "$val `,` $expected `,` $prob attr-dict `:` type($val)", omnir.traits = ["Pure", "SameOperandsAndResultType"], omnir.summary = "llvm.expect.with.probability intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(val: %v0, expected: %v0)
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "FloatAttr"}
    irdl.attributes {"prob" = %v1}
  }
  irdl.operation @intr.ptrmask attributes {omnir.assembly_format = "$ptr `,` $mask attr-dict `:` functional-type(operands, results)", omnir.traits = ["Pure"], omnir.summary = "llvm.ptrmask intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0, mask: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.invariant.start attributes {omnir.assembly_format = "$size `,` $ptr attr-dict `:` qualified(type($ptr))", omnir.traits = ["TypesMatchWith<ptr, res, Same, \"result has the pointer type\">"], omnir.summary = "llvm.invariant.start intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"size" = %v2}
  }
  irdl.operation @intr.invariant.end attributes {omnir.summary = "llvm.invariant.end intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(start: %v0, ptr: %v1)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"size" = %v2}
  }
  irdl.operation @intr.launder.invariant.group attributes {omnir.assembly_format = "$ptr attr-dict `:` qualified(type($ptr))", omnir.traits = ["SameOperandsAndResultType"], omnir.summary = "llvm.launder.invariant.group intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(ptr: %v0)
    irdl.results(res: %v0)
  }
  irdl.operation @intr.get.active.lane.mask attributes {omnir.assembly_format = "$base `,` $n attr-dict `:` type($base) `,` type($n) `to` type($res)", omnir.traits = ["Pure"], omnir.summary = "llvm.get.active.lane.mask intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(base: %v0, n: %v1)
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v2)
  }
  irdl.operation @intr.stepvector attributes {omnir.assembly_format = "attr-dict `:` type($res)", omnir.traits = ["Pure"], omnir.summary = "llvm.stepvector intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
  }
  irdl.operation @intr.vector.extract attributes {omnir.assembly_format = "$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)", omnir.traits = ["Pure"], omnir.summary = "llvm.vector.extract intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(srcvec: %v0)
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v1)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"pos" = %v2}
  }
  irdl.operation @intr.vector.insert attributes {omnir.assembly_format = "$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($dstvec)", omnir.traits = ["Pure", "AllTypesMatch<[dstvec, res]>"], omnir.summary = "llvm.vector.insert intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dstvec: %v0, srcvec: %v1)
    irdl.results(res: %v0)
    %v2 = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"pos" = %v2}
  }
  irdl.operation @intr.masked.load attributes {omnir.assembly_format = "`(` operands `)` `,` `alignment` `(` $alignment `)` attr-dict `:` functional-type(operands, results)", omnir.optional_attributes = ["nontemporal"], omnir.summary = "llvm.masked.load intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(data: %v0, mask: %v1, pass_thru: variadic %v2)
    %v3 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v3)
    %v4 = irdl.any {omnir.constraint = "I64Attr"}
    %v5 = irdl.any {omnir.constraint = "UnitAttr"}
    irdl.attributes {"alignment" = %v4, "nontemporal" = %v5}
  }
  irdl.operation @intr.masked.store attributes {omnir.assembly_format = "`(` $value `,` $data `,` $mask `)` `,` `alignment` `(` $alignment `)` attr-dict `:` type($value) `,` type($mask) `into` qualified(type($data))", omnir.summary = "llvm.masked.store intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    %v2 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(value: %v0, data: %v1, mask: %v2)
    %v3 = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"alignment" = %v3}
  }
  irdl.operation @intr.assume attributes {omnir.assembly_format = "$cond `` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` type($cond)", omnir.optional_attributes = ["op_bundle_tags"], omnir.summary = "llvm.assume intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(cond: %v0, op_bundle_operands: variadic %v1)
    %v2 = irdl.any {omnir.constraint = "DenseI32ArrayAttr"}
    %v3 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"op_bundle_sizes" = %v2, "op_bundle_tags" = %v3}
  }
  irdl.operation @intr.experimental.noalias.scope.decl attributes {omnir.assembly_format = "$scope attr-dict", omnir.summary = "llvm.experimental.noalias.scope.decl intrinsic"} {
    %v0 = irdl.any
    irdl.attributes {"scope" = %v0}
  }
  irdl.operation @mlir.global_ctors attributes {omnir.assembly_format = "`ctors` `=` $ctors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict", omnir.traits = ["SymbolUserOpInterface"], omnir.summary = "global constructors"} {
    %v0 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v1 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v2 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"ctors" = %v0, "priorities" = %v1, "data" = %v2}
  }
  irdl.operation @mlir.global_dtors attributes {omnir.assembly_format = "`dtors` `=` $dtors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict", omnir.traits = ["SymbolUserOpInterface"], omnir.summary = "global destructors"} {
    %v0 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v1 = irdl.any {omnir.constraint = "ArrayAttr"}
    %v2 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"dtors" = %v0, "priorities" = %v1, "data" = %v2}
  }
  irdl.operation @module_flags attributes {omnir.assembly_format = "$flags attr-dict", omnir.summary = "module flags"} {
    %v0 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"flags" = %v0}
  }
  irdl.operation @linker_options attributes {omnir.assembly_format = "$options attr-dict", omnir.summary = "linker options"} {
    %v0 = irdl.any {omnir.constraint = "ArrayAttr"}
    irdl.attributes {"options" = %v0}
  }
  irdl.operation @dso_local_equivalent attributes {omnir.assembly_format = "$function_name attr-dict `:` qualified(type($res))", omnir.traits = ["Pure", "ConstantLike", "SymbolUserOpInterface"], omnir.summary = "dso_local_equivalent of a function"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.results(res: %v0)
    %v1 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    irdl.attributes {"function_name" = %v1}
  }
  irdl.operation @mlir.ifunc attributes {omnir.traits = ["Symbol"], omnir.optional_attributes = ["dso_local", "unnamed_addr"], omnir.defaults = {visibility_ = 0 : i64, address_space = 0 : i32}, omnir.summary = "indirect function"} {
    %v0 = irdl.any {omnir.constraint = "StrAttr"}
    %v1 = irdl.any {omnir.constraint = "TypeAttr"}
    %v2 = irdl.any {omnir.constraint = "FlatSymbolRefAttr"}
    %v3 = irdl.any {omnir.constraint = "TypeAttr"}
    %v4 = irdl.base @llvm::@linkage
    %v5 = irdl.any {omnir.constraint = "UnitAttr"}
    %v6 = irdl.any {omnir.constraint = "I32Attr"}
    %v7 = irdl.any {omnir.enum = "UnnamedAddr"}
    %v8 = irdl.any {omnir.enum = "Visibility"}
    irdl.attributes {"sym_name" = %v0, "i_func_type" = %v1, "resolver" = %v2, "resolver_type" = %v3, "linkage" = %v4, "dso_local" = %v5, "address_space" = %v6, "unnamed_addr" = %v7, "visibility_" = %v8}
  }
  irdl.operation @intr.vastart attributes {omnir.assembly_format = "$arg_list attr-dict `:` qualified(type($arg_list))", omnir.summary = "llvm.vastart intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg_list: %v0)
  }
  irdl.operation @intr.vaend attributes {omnir.assembly_format = "$arg_list attr-dict `:` qualified(type($arg_list))", omnir.summary = "llvm.vaend intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(arg_list: %v0)
  }
  irdl.operation @intr.vacopy attributes {omnir.assembly_format = "$src_list `to` $dest_list attr-dict `:` type(operands)", omnir.summary = "llvm.va_copy intrinsic"} {
    %v0 = irdl.any {omnir.constraint = "AnyType"}
    %v1 = irdl.any {omnir.constraint = "AnyType"}
    irdl.operands(dest_list: %v0, src_list: %v1)
  }
}
