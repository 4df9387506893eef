FM = {'fastmathFlags': '#llvm.fastmath<none>'}
ALIAS = [('access_groups', 'c:ArrayAttr'), ('alias_scopes', 'c:ArrayAttr'), ('noalias_scopes', 'c:ArrayAttr'), ('tbaa', 'c:ArrayAttr')]
ALIAS_OPT = ['access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa']
T = 'c:AnyType'
# What LLVM's branches forward (ODS's LLVM_Type): block merging asks it before threading a
# value through one.
LLVM_T = 'c:LLVM_Type'

def binop(name, traits=(), kind='plain', summary=''):
    ops_ = [('lhs', T, '', 't'), ('rhs', T, '', 't')]
    res = [('res', T, '', 't')]
    tr = ['Pure', 'SameOperandsAndResultType'] + list(traits)
    if kind == 'overflow':
        op(name, '$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)', ops_, res,
           [('overflowFlags', 'e:IntegerOverflowFlags')], tr, defaults={'overflowFlags': '0 : i32'}, summary=summary)
    elif kind == 'exact':
        op(name, '(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)', ops_, res, [('isExact', 'c:UnitAttr')], tr,
           optional=['isExact'], summary=summary)
    elif kind == 'disjoint':
        op(name, '(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)', ops_, res, [('isDisjoint', 'c:UnitAttr')], tr,
           optional=['isDisjoint'], summary=summary)
    elif kind == 'float':
        op(name, '$lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)', ops_, res,
           [('fastmathFlags', 'b:fastmath')], tr, default_texts=FM, summary=summary)
    else:
        op(name, '$lhs `,` $rhs attr-dict `:` type($res)', ops_, res, (), tr, summary=summary)

binop('add', ['Commutative'], 'overflow', 'integer addition')
binop('sub', [], 'overflow', 'integer subtraction')
binop('mul', ['Commutative'], 'overflow', 'integer multiplication')
binop('shl', [], 'overflow', 'shift left')
binop('udiv', [], 'exact', 'unsigned division')
binop('sdiv', [], 'exact', 'signed division')
binop('lshr', [], 'exact', 'logical shift right')
binop('ashr', [], 'exact', 'arithmetic shift right')
binop('urem', [], 'plain', 'unsigned remainder')
binop('srem', [], 'plain', 'signed remainder')
binop('and', [], 'plain', 'bitwise and')
binop('or', [], 'disjoint', 'bitwise or')
binop('xor', [], 'plain', 'bitwise xor')
for n in ['fadd', 'fsub', 'fmul', 'fdiv', 'frem']:
    binop(n, [], 'float', 'floating-point ' + n[1:])
op('fneg', '$operand (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($res)', [('operand', T, '', 't')], [('res', T, '', 't')],
   [('fastmathFlags', 'b:fastmath')], ['Pure', 'SameOperandsAndResultType'], default_texts=FM, summary='floating-point negation')

CMP_TR = ['Pure', 'SameTypeOperands', 'TypesMatchWith<lhs, res, I1SameShape, "result type has i1 element type and same shape as operands">']
op('icmp', 'custom<ICmpPredicate>($predicate) $lhs `,` $rhs attr-dict `:` type($lhs)', [('lhs', T), ('rhs', T)], [('res', T)],
   [('predicate', 'e:ICmpPredicate')], CMP_TR, summary='integer comparison')
op('fcmp', 'custom<FCmpPredicate>($predicate) $lhs `,` $rhs (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($lhs)', [('lhs', T), ('rhs', T)], [('res', T)],
   [('predicate', 'e:FCmpPredicate'), ('fastmathFlags', 'b:fastmath')], CMP_TR, default_texts=FM, summary='floating-point comparison')

op('alloca', '(`inalloca` $inalloca^)? $arraySize `x` $elem_type attr-dict `:` functional-type($arraySize, $res)',
   [('arraySize', T)], [('res', T)], [('alignment', 'c:I64Attr'), ('elem_type', 'c:TypeAttr'), ('inalloca', 'c:UnitAttr')],
   [], optional=['alignment', 'inalloca'], summary='stack allocation')
op('getelementptr', 'custom<GEPHead>($noWrapFlags, $base) `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` $elem_type',
   [('base', T), ('dynamicIndices', T, 'variadic')], [('res', T)],
   [('rawConstantIndices', 'c:DenseI32ArrayAttr'), ('elem_type', 'c:TypeAttr'), ('noWrapFlags', 'e:GEPNoWrapFlags')],
   ['Pure'], defaults={'noWrapFlags': '0 : i32'}, summary='pointer arithmetic')
op('load', '(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? `` custom<MemProps>($alignment, $nontemporal, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` qualified(type($addr)) `->` type($res)',
   [('addr', T)], [('res', T)],
   [('alignment', 'c:I64Attr'), ('volatile_', 'c:UnitAttr'), ('nontemporal', 'c:UnitAttr'), ('invariant', 'c:UnitAttr'), ('invariantGroup', 'c:UnitAttr'),
    ('ordering', 'e:AtomicOrdering'), ('syncscope', 'c:StrAttr')] + ALIAS, [],
   optional=['alignment', 'volatile_', 'nontemporal', 'invariant', 'invariantGroup', 'syncscope'] + ALIAS_OPT, defaults={'ordering': '0 : i64'}, summary='load from memory')
op('store', '(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant_group` $invariantGroup^)? `` custom<MemProps>($alignment, $nontemporal, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` type($value) `,` qualified(type($addr))',
   [('value', T), ('addr', T)], [],
   [('alignment', 'c:I64Attr'), ('volatile_', 'c:UnitAttr'), ('nontemporal', 'c:UnitAttr'), ('invariantGroup', 'c:UnitAttr'),
    ('ordering', 'e:AtomicOrdering'), ('syncscope', 'c:StrAttr')] + ALIAS, [],
   optional=['alignment', 'volatile_', 'nontemporal', 'invariantGroup', 'syncscope'] + ALIAS_OPT, defaults={'ordering': '0 : i64'}, summary='store to memory')

for n in ['fpext', 'fptrunc']:
    op(n, '$arg (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($arg) `to` type($res)', [('arg', T)], [('res', T)], [('fastmathFlags', 'b:fastmath')], ['Pure'], default_texts=FM, summary=n + ' cast')
for n in ['bitcast', 'addrspacecast', 'inttoptr', 'ptrtoint', 'sext', 'sitofp', 'fptosi', 'fptoui']:
    op(n, '$arg attr-dict `:` type($arg) `to` type($res)', [('arg', T)], [('res', T)], (), ['Pure'], summary=n + ' cast')
for n in ['zext', 'uitofp']:
    op(n, '(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)', [('arg', T)], [('res', T)], [('nonNeg', 'c:UnitAttr')], ['Pure'], optional=['nonNeg'], summary=n + ' cast')
op('trunc', '$arg `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($arg) `to` type($res)', [('arg', T)], [('res', T)],
   [('overflowFlags', 'e:IntegerOverflowFlags')], ['Pure'], defaults={'overflowFlags': '0 : i32'}, summary='integer truncation')

op('call', 'custom<CallOp>($CConv, $TailCallKind, $callee, $callee_operands, $var_callee_type, $op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` custom<CallTypes>(ref($callee), ref($callee_operands), type($callee_operands), type($result), $arg_attrs, $res_attrs)',
   [('callee_operands', T, 'variadic'), ('op_bundle_operands', T, 'variadic')], [('result', T, 'optional')],
   [('var_callee_type', 'c:TypeAttr'), ('callee', 'c:FlatSymbolRefAttr'), ('fastmathFlags', 'b:fastmath'), ('branch_weights', 'c:DenseI32ArrayAttr'),
    ('CConv', 'b:cconv'), ('TailCallKind', 'b:tailcallkind'), ('memory_effects', 'any'), ('convergent', 'c:UnitAttr'), ('no_unwind', 'c:UnitAttr'),
    ('will_return', 'c:UnitAttr'), ('op_bundle_sizes', 'c:DenseI32ArrayAttr'), ('op_bundle_tags', 'c:ArrayAttr'), ('arg_attrs', 'c:DictArrayAttr'),
    ('res_attrs', 'c:DictArrayAttr'), ('no_inline', 'c:UnitAttr'), ('always_inline', 'c:UnitAttr'), ('inline_hint', 'c:UnitAttr')] + ALIAS,
   ['AttrSizedOperandSegments', 'CallOpInterface', 'SymbolUserOpInterface'],
   optional=['var_callee_type', 'callee', 'branch_weights', 'memory_effects', 'convergent', 'no_unwind', 'will_return', 'op_bundle_tags', 'arg_attrs', 'res_attrs', 'no_inline', 'always_inline', 'inline_hint'] + ALIAS_OPT,
   default_texts={'fastmathFlags': '#llvm.fastmath<none>', 'CConv': '#llvm.cconv<ccc>', 'TailCallKind': '#llvm.tailcallkind<none>'}, verifier='llvm.call', summary='call to an LLVM function')

op('extractelement', '$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)', [('vector', T), ('position', T)], [('res', T)], (),
   ['Pure', 'TypesMatchWith<vector, res, ElementType, "result type matches vector element type">'], summary='extract an element from a vector')
op('extractvalue', '$container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($res), ref(type($container)), ref($position))',
   [('container', T)], [('res', T)], [('position', 'c:DenseI64ArrayAttr')], ['Pure'], summary='extract a value from an aggregate')
op('insertelement', '$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)', [('vector', T, '', 'v'), ('value', T), ('position', T)], [('res', T, '', 'v')], (),
   ['Pure', 'TypesMatchWith<vector, value, ElementType, "argument type matches vector element type">', 'AllTypesMatch<[res, vector]>'], summary='insert an element into a vector')
op('insertvalue', '$value `,` $container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))',
   [('container', T, '', 'c'), ('value', T)], [('res', T, '', 'c')], [('position', 'c:DenseI64ArrayAttr')], ['Pure', 'AllTypesMatch<[container, res]>'], summary='insert a value into an aggregate')
op('shufflevector', '$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))',
   [('v1', T, '', 'v'), ('v2', T, '', 'v')], [('res', T)], [('mask', 'c:DenseI32ArrayAttr')], ['Pure', 'AllTypesMatch<[v1, v2]>'], summary='permute two vectors')
op('select', 'operands (`fastmath` `` $fastmathFlags^)? attr-dict `:` type($condition) `,` type($res)', [('condition', T), ('trueValue', T, '', 's'), ('falseValue', T, '', 's')], [('res', T, '', 's')],
   [('fastmathFlags', 'b:fastmath')], ['Pure', 'AllTypesMatch<[trueValue, falseValue, res]>'], default_texts=FM, summary='select between two values')
op('freeze', '$val attr-dict `:` type($val)', [('val', T, '', 'v')], [('res', T, '', 'v')], (), ['Pure', 'SameOperandsAndResultType'], summary='freeze a value')

op('br', '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict', [('destOperands', LLVM_T, 'variadic')], [], [('loop_annotation', 'any')],
   ['Pure', 'Terminator', 'BranchOpInterface'], optional=['loop_annotation'], successors=['dest'], summary='unconditional branch')
op('cond_br', '$condition ( `weights` `(` $branch_weights^ `)` )? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
   [('condition', 'c:I1'), ('trueDestOperands', LLVM_T, 'variadic'), ('falseDestOperands', LLVM_T, 'variadic')], [],
   [('branch_weights', 'c:DenseI32ArrayAttr'), ('loop_annotation', 'any')], ['AttrSizedOperandSegments', 'Pure', 'Terminator', 'BranchOpInterface'],
   optional=['branch_weights', 'loop_annotation'], successors=['trueDest', 'falseDest'], summary='conditional branch')
op('return', 'attr-dict ($arg^ `:` type($arg))?', [('arg', T, 'optional')], [], (), ['Pure', 'ReturnLike', 'Terminator'], verifier='llvm.return', summary='return from a function')
op('resume', '$value attr-dict `:` type($value)', [('value', T)], [], (), ['Terminator'], summary='resume exception propagation')
op('unreachable', 'attr-dict', [], [], (), ['Terminator'], summary='unreachable')

op('mlir.addressof', '$global_name attr-dict `:` qualified(type($res))', [], [('res', T)], [('global_name', 'c:FlatSymbolRefAttr')],
   ['Pure', 'ConstantLike', 'SymbolUserOpInterface'], summary='address of a global or function')
op('mlir.constant', '`(` $value `)` attr-dict `:` type($res)', [], [('res', T)], [('value', 'any')], ['Pure', 'ConstantLike'], verifier='llvm.mlir.constant', summary='constant')
op('mlir.undef', 'attr-dict `:` type($res)', [], [('res', T)], (), ['Pure', 'ConstantLike'], summary='undefined value')
op('mlir.poison', 'attr-dict `:` type($res)', [], [('res', T)], (), ['Pure', 'ConstantLike'], summary='poison value')
op('mlir.zero', 'attr-dict `:` type($res)', [], [('res', T)], (), ['Pure', 'ConstantLike'], summary='zero-initialized value')
op('mlir.none', 'attr-dict `:` type($res)', [], [('res', T)], (), ['Pure', 'ConstantLike'], summary='null token')
op('va_arg', '$arg attr-dict `:` functional-type($arg, $res)', [('arg', T)], [('res', T)], (), [], summary='variadic argument')
op('comdat_selector', '$sym_name $comdat attr-dict', [], [], [('sym_name', 'c:SymbolNameAttr'), ('comdat', 'e:Comdat')], ['Symbol'], summary='comdat selector')
op('comdat', '$sym_name $body attr-dict', [], [], [('sym_name', 'c:SymbolNameAttr')], ['NoTerminator', 'NoRegionArguments', 'SymbolTable', 'Symbol'],
   regions=['body'], summary='comdat region')

FUNC_ATTRS = [('sym_name', 'c:StrAttr'), ('sym_visibility', 'c:StrAttr'), ('function_type', 'c:TypeAttr'), ('linkage', 'b:linkage'),
    ('dso_local', 'c:UnitAttr'), ('CConv', 'b:cconv'), ('comdat', 'c:SymbolRefAttr'), ('convergent', 'c:UnitAttr'),
    ('personality', 'c:FlatSymbolRefAttr'), ('garbageCollector', 'c:StrAttr'), ('passthrough', 'c:ArrayAttr'),
    ('arg_attrs', 'c:DictArrayAttr'), ('res_attrs', 'c:DictArrayAttr'), ('function_entry_count', 'c:I64Attr'),
    ('memory_effects', 'any'), ('visibility_', 'e:Visibility'), ('arm_streaming', 'c:UnitAttr'), ('arm_locally_streaming', 'c:UnitAttr'),
    ('arm_streaming_compatible', 'c:UnitAttr'), ('arm_new_za', 'c:UnitAttr'), ('arm_in_za', 'c:UnitAttr'), ('arm_out_za', 'c:UnitAttr'),
    ('arm_inout_za', 'c:UnitAttr'), ('arm_preserves_za', 'c:UnitAttr'), ('section', 'c:StrAttr'), ('unnamed_addr', 'e:UnnamedAddr'),
    ('alignment', 'c:I64Attr'), ('vscale_range', 'any'), ('frame_pointer', 'any'), ('target_cpu', 'c:StrAttr'), ('tune_cpu', 'c:StrAttr'),
    ('reciprocal_estimates', 'c:StrAttr'), ('prefer_vector_width', 'c:StrAttr'), ('target_features', 'any'), ('no_infs_fp_math', 'c:BoolAttr'),
    ('no_nans_fp_math', 'c:BoolAttr'), ('no_signed_zeros_fp_math', 'c:BoolAttr'), ('denormal_fp_math', 'c:StrAttr'),
    ('denormal_fp_math_f32', 'c:StrAttr'), ('fp_contract', 'c:StrAttr'), ('instrument_function_entry', 'c:StrAttr'),
    ('instrument_function_exit', 'c:StrAttr'), ('no_inline', 'c:UnitAttr'), ('always_inline', 'c:UnitAttr'), ('inline_hint', 'c:UnitAttr'),
    ('no_unwind', 'c:UnitAttr'), ('will_return', 'c:UnitAttr'), ('optimize_none', 'c:UnitAttr'), ('vec_type_hint', 'any'),
    ('work_group_size_hint', 'c:DenseI32ArrayAttr'), ('reqd_work_group_size', 'c:DenseI32ArrayAttr'), ('intel_reqd_sub_group_size', 'c:I32Attr'),
    ('uwtable_kind', 'any'), ('use_sample_profile', 'c:UnitAttr'), ('modular_format', 'c:StrAttr'), ('nobuiltins', 'c:ArrayAttr'),
    ('allocsize', 'c:DenseI32ArrayAttr'), ('cold', 'c:UnitAttr'), ('hot', 'c:UnitAttr'), ('noduplicate', 'c:UnitAttr'), ('no_caller_saved_registers', 'c:UnitAttr'),
    ('nocallback', 'c:UnitAttr'), ('returns_twice', 'c:UnitAttr'), ('save_reg_params', 'c:UnitAttr'), ('zero_call_used_regs', 'c:StrAttr'),
    ('default_func_attrs', 'c:DictionaryAttr')]
op('func', 'custom<LLVMFuncSignature>($linkage, $visibility_, $unnamed_addr, $CConv, $sym_name, $function_type, $arg_attrs, $res_attrs, $comdat, $body) attr-dict-with-keyword ($body^)?',
   [], [], FUNC_ATTRS, ['AutomaticAllocationScope', 'IsolatedFromAbove', 'FunctionOpInterface', 'CallableOpInterface', 'Symbol'],
   optional=[n for n, _ in FUNC_ATTRS if n not in ('sym_name', 'function_type', 'linkage', 'CConv', 'visibility_')],
   defaults={'visibility_': '0 : i64'}, default_texts={'linkage': '#llvm.linkage<external>', 'CConv': '#llvm.cconv<ccc>'},
   regions=['body'], verifier='llvm.func', summary='LLVM dialect function')

GLOBAL_ATTRS = [('global_type', 'c:TypeAttr'), ('constant', 'c:UnitAttr'), ('sym_name', 'c:StrAttr'), ('linkage', 'b:linkage'),
    ('dso_local', 'c:UnitAttr'), ('tls_mode', 'any'), ('externally_initialized', 'c:UnitAttr'), ('value', 'any'),
    ('alignment', 'c:I64Attr'), ('addr_space', 'c:I32Attr'), ('unnamed_addr', 'e:UnnamedAddr'), ('section', 'c:StrAttr'),
    ('comdat', 'c:SymbolRefAttr'), ('dbg_exprs', 'c:ArrayAttr'), ('visibility_', 'e:Visibility'), ('target_specific_attrs', 'c:ArrayAttr')]
op('mlir.global', 'custom<GlobalOp>($linkage, $visibility_, $tls_mode, $unnamed_addr, $constant, $sym_name, $value, $comdat) attr-dict `` custom<GlobalType>($global_type, ref($value)) ($initializer^)?',
   [], [], GLOBAL_ATTRS, ['IsolatedFromAbove', 'Symbol'],
   optional=['constant', 'dso_local', 'externally_initialized', 'value', 'alignment', 'unnamed_addr', 'section', 'comdat', 'dbg_exprs', 'target_specific_attrs', 'addr_space', 'tls_mode'],
   defaults={'visibility_': '0 : i64', 'addr_space': '0 : i32'}, default_texts={'linkage': '#llvm.linkage<external>'},
   regions=['initializer'], summary='LLVM dialect global', extra={'omnir.attr_dict_shows_defaults': 'unit'})
ALIAS_ATTRS = [('alias_type', 'c:TypeAttr'), ('sym_name', 'c:StrAttr'), ('linkage', 'b:linkage'), ('dso_local', 'c:UnitAttr'),
    ('tls_mode', 'any'), ('unnamed_addr', 'e:UnnamedAddr'), ('visibility_', 'e:Visibility')]
op('mlir.alias', 'custom<AliasOp>($linkage, $visibility_, $tls_mode, $unnamed_addr, $sym_name) attr-dict `:` $alias_type $initializer',
   [], [], ALIAS_ATTRS, ['IsolatedFromAbove', 'Symbol'], optional=['dso_local', 'unnamed_addr', 'tls_mode'],
   defaults={'visibility_': '0 : i64'}, default_texts={'linkage': '#llvm.linkage<external>'}, regions=['initializer'], summary='LLVM dialect alias')

op('inline_asm', '(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? (`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? (`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints operands `:` functional-type(operands, results)',
   [('operands', T, 'variadic')], [('res', T, 'optional')],
   [('asm_string', 'c:StrAttr'), ('constraints', 'c:StrAttr'), ('has_side_effects', 'c:UnitAttr'), ('is_align_stack', 'c:UnitAttr'),
    ('tail_call_kind', 'b:tailcallkind'), ('asm_dialect', 'e:AsmDialect'), ('operand_attrs', 'c:ArrayAttr')], [],
   optional=['has_side_effects', 'is_align_stack', 'asm_dialect', 'operand_attrs'], default_texts={'tail_call_kind': '#llvm.tailcallkind<none>'},
   summary='inline assembly')
op('atomicrmw', '(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering `` custom<AtomicMemProps>($alignment, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` qualified(type($ptr)) `,` type($val)',
   [('ptr', T), ('val', T, '', 'v')], [('res', T, '', 'v')],
   [('bin_op', 'e:AtomicBinOp'), ('ordering', 'e:AtomicOrdering'), ('syncscope', 'c:StrAttr'), ('alignment', 'c:I64Attr'), ('volatile_', 'c:UnitAttr')] + ALIAS,
   ['TypesMatchWith<val, res, Same, "result #0 and operand #1 have the same type">'], optional=['syncscope', 'alignment', 'volatile_'] + ALIAS_OPT, summary='atomic read-modify-write')
op('cmpxchg', '(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering `` custom<AtomicMemProps>($alignment, $access_groups, $alias_scopes, $noalias_scopes, $tbaa) attr-dict `:` qualified(type($ptr)) `,` type($val) `` custom<CmpXchgResult>(ref(type($val)), type($res))',
   [('ptr', T), ('cmp', T, '', 'v'), ('val', T, '', 'v')], [('res', T)],
   [('success_ordering', 'e:AtomicOrdering'), ('failure_ordering', 'e:AtomicOrdering'), ('syncscope', 'c:StrAttr'), ('alignment', 'c:I64Attr'), ('weak', 'c:UnitAttr'), ('volatile_', 'c:UnitAttr')] + ALIAS,
   ['AllTypesMatch<[cmp, val]>'], optional=['syncscope', 'alignment', 'weak', 'volatile_'] + ALIAS_OPT, summary='atomic compare-exchange')
op('fence', '(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict', [], [], [('ordering', 'e:AtomicOrdering'), ('syncscope', 'c:StrAttr')], [], optional=['syncscope'], summary='memory fence')
op('call_intrinsic', '$intrin `(` $args `)` `` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` functional-type($args, $results)',
   [('args', T, 'variadic'), ('op_bundle_operands', T, 'variadic')], [('results', T, 'optional')],
   [('intrin', 'c:StrAttr'), ('fastmathFlags', 'b:fastmath'), ('op_bundle_sizes', 'c:DenseI32ArrayAttr'), ('op_bundle_tags', 'c:ArrayAttr'),
    ('arg_attrs', 'c:DictArrayAttr'), ('res_attrs', 'c:DictArrayAttr')],
   ['AttrSizedOperandSegments'], optional=['op_bundle_tags', 'arg_attrs', 'res_attrs'], default_texts=FM, summary='call to an LLVM intrinsic by name')
op('landingpad', '(`cleanup` $cleanup^)? `` custom<LandingpadClauses>($clauses, type($clauses)) attr-dict `:` type($res)',
   [('clauses', T, 'variadic')], [('res', T)], [('cleanup', 'c:UnitAttr')], [], optional=['cleanup'], summary='landing pad')
op('invoke', 'custom<InvokeHead>($CConv, $callee, $callee_operands) `to` $normalDest (`(` $normalDestOperands^ `:` type($normalDestOperands) `)`)? `unwind` $unwindDest (`(` $unwindDestOperands^ `:` type($unwindDestOperands) `)`)? `` custom<VarCalleeType>($var_callee_type) `` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` custom<CallTypes>(ref($callee), ref($callee_operands), type($callee_operands), type($result), $arg_attrs, $res_attrs)',
   [('callee_operands', T, 'variadic'), ('normalDestOperands', T, 'variadic'), ('unwindDestOperands', T, 'variadic'), ('op_bundle_operands', T, 'variadic')], [('result', T, 'optional')],
   [('var_callee_type', 'c:TypeAttr'), ('callee', 'c:FlatSymbolRefAttr'), ('arg_attrs', 'c:DictArrayAttr'), ('res_attrs', 'c:DictArrayAttr'),
    ('branch_weights', 'c:DenseI32ArrayAttr'), ('CConv', 'b:cconv'), ('op_bundle_sizes', 'c:DenseI32ArrayAttr'), ('op_bundle_tags', 'c:ArrayAttr')],
   ['AttrSizedOperandSegments', 'BranchOpInterface', 'CallOpInterface', 'Terminator'],
   optional=['var_callee_type', 'callee', 'arg_attrs', 'res_attrs', 'branch_weights', 'op_bundle_tags'], default_texts={'CConv': '#llvm.cconv<ccc>'},
   successors=['normalDest', 'unwindDest'], summary='call with exception handling')
op('indirectbr', '$addr `:` type($addr) `,` custom<IndirectBrOpSucessors>(ref(type($addr)), $successors, $succOperands, type($succOperands), $indbr_operand_segments) attr-dict', [('addr', T), ('succOperands', T, 'variadic')], [], [('indbr_operand_segments', 'c:DenseI32ArrayAttr')], ['Terminator', 'BranchOpInterface'],
   successors=['successors'], variadic_successors='successors', summary='indirect branch')
op('blockaddress', '$block_addr attr-dict `:` qualified(type($res))', [], [('res', T)], [('block_addr', 'b:blockaddress')], ['Pure', 'ConstantLike'], summary='address of a tagged block')
op('blocktag', '$tag attr-dict', [], [], [('tag', 'b:blocktag')], [], summary='tags a block')
op('switch', '$value `:` type($value) `,` $defaultDestination (`(` $defaultOperands^ `:` type($defaultOperands) `)`)? custom<SwitchOpCases>(ref(type($value)), $case_values, $caseDestinations, $caseOperands, type($caseOperands), $case_operand_segments) attr-dict', [('value', T), ('defaultOperands', T, 'variadic'), ('caseOperands', T, 'variadic')], [],
   [('case_values', 'any'), ('case_operand_segments', 'c:DenseI32ArrayAttr'), ('branch_weights', 'c:DenseI32ArrayAttr')],
   ['AttrSizedOperandSegments', 'BranchOpInterface', 'Pure', 'Terminator'], optional=['case_values', 'branch_weights'],
   successors=['defaultDestination', 'caseDestinations'], variadic_successors='caseDestinations', summary='multi-way branch')

# ---- intrinsics (LLVMIntrinsicOps.td) ----
FA = '`(` operands `)` (`fastmath` `` $fastmathFlags^)? attr-dict `:` functional-type(operands, results)'
IA = '`(` operands `)` attr-dict `:` functional-type(operands, results)'
def intr(name, fmt, n_in, n_out=1, fast=False, attrs=(), optional=(), traits=('Pure',), same=False, defaults=None, variadic_in=False, summary=None):
    ins = []
    for i in range(n_in):
        ins.append(('in%d' % i if n_in > 1 else 'in', T, 'variadic' if variadic_in and i == n_in - 1 else '', 't' if same else None))
    ins = [tuple(x for x in it if x is not None) if it[3] is None else it for it in ins]
    outs = [('res', T, '', 't')] if (n_out == 1 and same) else ([('res', T)] if n_out == 1 else [])
    at = list(attrs)
    dt = None
    tr = list(traits) + (['SameOperandsAndResultType'] if same else [])
    if fast:
        at.append(('fastmathFlags', 'b:fastmath'))
        dt = FM
    op('intr.' + name, fmt, ins, outs, at, tr, optional=optional, defaults=defaults, default_texts=dt, summary=summary or ('llvm.' + name + ' intrinsic'))

for n in ['exp', 'exp2', 'exp10', 'fabs', 'ceil', 'floor', 'log10', 'log2', 'log', 'roundeven', 'round', 'trunc', 'sqrt', 'rint', 'nearbyint',
          'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'canonicalize']:
    intr(n, FA, 1, fast=True, same=True)
for n in ['copysign', 'pow', 'maxnum', 'minnum', 'maximum', 'minimum', 'atan2', 'maximumnum', 'minimumnum']:
    intr(n, FA, 2, fast=True, same=True)
for n in ['fma', 'fmuladd']:
    intr(n, FA, 3, fast=True, same=True)
for n in ['powi', 'ldexp']:
    intr(n, FA, 2, fast=True)
for n in ['frexp', 'sincos']:
    intr(n, FA, 1, fast=True)
for n in ['vector.reduce.fadd', 'vector.reduce.fmul']:
    intr(n, FA, 2, fast=True)
for n in ['vector.reduce.fmax', 'vector.reduce.fmin', 'vector.reduce.fmaximum', 'vector.reduce.fminimum']:
    intr(n, FA, 1, fast=True)
for n in ['bitreverse', 'bswap', 'ctpop']:
    intr(n, IA, 1, same=True)
for n in ['smax', 'smin', 'umax', 'umin', 'sadd.sat', 'uadd.sat', 'ssub.sat', 'usub.sat', 'sshl.sat', 'ushl.sat']:
    intr(n, IA, 2, same=True)
for n in ['fshl', 'fshr']:
    intr(n, IA, 3, same=True)
for n in ['lround', 'llround', 'lrint', 'llrint']:
    intr(n, IA, 1)
# Intrinsics whose ODS gives no assembly format: generic form only.
for n in ['ctlz', 'cttz']:
    intr(n, None, 1, attrs=[('is_zero_poison', 'c:BoolAttr')])
intr('abs', None, 1, attrs=[('is_int_min_poison', 'c:BoolAttr')])
intr('is.fpclass', None, 1, attrs=[('bit', 'c:I32Attr')])
for n in ['sadd.with.overflow', 'uadd.with.overflow', 'ssub.with.overflow', 'usub.with.overflow', 'smul.with.overflow', 'umul.with.overflow']:
    intr(n, None, 2)
for n in ['vector.reduce.add', 'vector.reduce.mul', 'vector.reduce.and', 'vector.reduce.or', 'vector.reduce.xor', 'vector.reduce.smax',
          'vector.reduce.smin', 'vector.reduce.umax', 'vector.reduce.umin', 'fptosi.sat', 'fptoui.sat', 'is.constant', 'strip.invariant.group',
          'threadlocal.address', 'eh.typeid.for', 'scmp', 'ucmp']:
    intr(n, None, 1 if not n.endswith('cmp') else 2)
intr('vscale', None, 0)
for n in ['smul.fix', 'umul.fix', 'smul.fix.sat', 'umul.fix.sat', 'sdiv.fix', 'udiv.fix']:
    intr(n, None, 2, attrs=[('scale', 'c:I32Attr')])
MEM_OPT = ['access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa', 'arg_attrs', 'res_attrs']
MEM_ATTRS = ALIAS + [('arg_attrs', 'c:DictArrayAttr'), ('res_attrs', 'c:DictArrayAttr')]
for n in ['memcpy', 'memmove']:
    op('intr.' + n, None, [('dst', T), ('src', T), ('len', T)], [], [('isVolatile', 'c:BoolAttr')] + MEM_ATTRS, [], optional=MEM_OPT, summary='llvm.' + n + ' intrinsic')
op('intr.memcpy.inline', None, [('dst', T), ('src', T)], [], [('len', 'c:AnyIntegerAttr'), ('isVolatile', 'c:BoolAttr')] + MEM_ATTRS, [], optional=MEM_OPT, summary='llvm.memcpy.inline intrinsic')
op('intr.memset', None, [('dst', T), ('val', T), ('len', T)], [], [('isVolatile', 'c:BoolAttr')] + MEM_ATTRS, [], optional=MEM_OPT, summary='llvm.memset intrinsic')
op('intr.memset.inline', None, [('dst', T), ('val', T)], [], [('len', 'c:AnyIntegerAttr'), ('isVolatile', 'c:BoolAttr')] + MEM_ATTRS, [], optional=MEM_OPT, summary='llvm.memset.inline intrinsic')
op('intr.prefetch', None, [('addr', T)], [], [('rw', 'c:I32Attr'), ('hint', 'c:I32Attr'), ('cache', 'c:I32Attr')], [], summary='llvm.prefetch intrinsic')
for n in ['var.annotation', 'ptr.annotation', 'annotation']:
    op('intr.' + n, None, [('operands', T, 'variadic')], [('res', T, 'optional')], (), [], summary='llvm.' + n + ' intrinsic')
for n in ['lifetime.start', 'lifetime.end']:
    op('intr.' + n, '$ptr attr-dict `:` qualified(type($ptr))', [('ptr', T)], [], (), [], summary='llvm.' + n + ' intrinsic')
op('intr.stacksave', 'attr-dict `:` qualified(type($res))', [], [('res', T)], (), [], summary='llvm.stacksave intrinsic')
op('intr.stackrestore', '$ptr attr-dict `:` qualified(type($ptr))', [('ptr', T)], [], (), [], summary='llvm.stackrestore intrinsic')
for n in ['trap', 'debugtrap']:
    op('intr.' + n, 'attr-dict', [], [], (), [], summary='llvm.' + n + ' intrinsic')
op('intr.ubsantrap', '`failureKind` `=` $failureKind attr-dict', [], [], [('failureKind', 'c:I8Attr')], [], summary='llvm.ubsantrap intrinsic')
op('intr.expect', '$val `,` $expected attr-dict `:` type($val)', [('val', T, '', 'v'), ('expected', T, '', 'v')], [('res', T, '', 'v')], (), ['Pure', 'SameOperandsAndResultType'], summary='llvm.expect intrinsic')
op('intr.expect.with.probability', '$val `,` $expected `,` $prob attr-dict `:` type($val)', [('val', T, '', 'v'), ('expected', T, '', 'v')], [('res', T, '', 'v')],
   [('prob', 'c:FloatAttr')], ['Pure', 'SameOperandsAndResultType'], summary='llvm.expect.with.probability intrinsic')
op('intr.ptrmask', '$ptr `,` $mask attr-dict `:` functional-type(operands, results)', [('ptr', T), ('mask', T)], [('res', T)], (), ['Pure'], summary='llvm.ptrmask intrinsic')
op('intr.invariant.start', '$size `,` $ptr attr-dict `:` qualified(type($ptr))', [('ptr', T)], [('res', T)], [('size', 'c:I64Attr')],
   ['TypesMatchWith<ptr, res, Same, "result has the pointer type">'], summary='llvm.invariant.start intrinsic')
op('intr.invariant.end', None, [('start', T), ('ptr', T)], [], [('size', 'c:I64Attr')], [], summary='llvm.invariant.end intrinsic')
op('intr.launder.invariant.group', '$ptr attr-dict `:` qualified(type($ptr))', [('ptr', T, '', 'p')], [('res', T, '', 'p')], (), ['SameOperandsAndResultType'], summary='llvm.launder.invariant.group intrinsic')
op('intr.get.active.lane.mask', '$base `,` $n attr-dict `:` type($base) `,` type($n) `to` type($res)', [('base', T), ('n', T)], [('res', T)], (), ['Pure'], summary='llvm.get.active.lane.mask intrinsic')
op('intr.stepvector', 'attr-dict `:` type($res)', [], [('res', T)], (), ['Pure'], summary='llvm.stepvector intrinsic')
op('intr.vector.extract', '$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)', [('srcvec', T)], [('res', T)], [('pos', 'c:I64Attr')], ['Pure'], summary='llvm.vector.extract intrinsic')
op('intr.vector.insert', '$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($dstvec)', [('dstvec', T, '', 'd'), ('srcvec', T)], [('res', T, '', 'd')], [('pos', 'c:I64Attr')],
   ['Pure', 'AllTypesMatch<[dstvec, res]>'], summary='llvm.vector.insert intrinsic')
op('intr.masked.load', '`(` operands `)` `,` `alignment` `(` $alignment `)` attr-dict `:` functional-type(operands, results)', [('data', T), ('mask', T), ('pass_thru', T, 'variadic')], [('res', T)],
   [('alignment', 'c:I64Attr'), ('nontemporal', 'c:UnitAttr')], [], optional=['nontemporal'], summary='llvm.masked.load intrinsic')
op('intr.masked.store', '`(` $value `,` $data `,` $mask `)` `,` `alignment` `(` $alignment `)` attr-dict `:` type($value) `,` type($mask) `into` qualified(type($data))',
   [('value', T), ('data', T), ('mask', T)], [], [('alignment', 'c:I64Attr')], [], summary='llvm.masked.store intrinsic')
op('intr.assume', '$cond `` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags, $op_bundle_sizes) attr-dict `:` type($cond)',
   [('cond', T), ('op_bundle_operands', T, 'variadic')], [], [('op_bundle_sizes', 'c:DenseI32ArrayAttr'), ('op_bundle_tags', 'c:ArrayAttr')], [],
   optional=['op_bundle_tags'], summary='llvm.assume intrinsic')
op('intr.experimental.noalias.scope.decl', '$scope attr-dict', [], [], [('scope', 'any')], [], summary='llvm.experimental.noalias.scope.decl intrinsic')

op('mlir.global_ctors', '`ctors` `=` $ctors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict', [], [],
   [('ctors', 'c:ArrayAttr'), ('priorities', 'c:ArrayAttr'), ('data', 'c:ArrayAttr')], ['SymbolUserOpInterface'], summary='global constructors')
op('mlir.global_dtors', '`dtors` `=` $dtors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict', [], [],
   [('dtors', 'c:ArrayAttr'), ('priorities', 'c:ArrayAttr'), ('data', 'c:ArrayAttr')], ['SymbolUserOpInterface'], summary='global destructors')
op('module_flags', '$flags attr-dict', [], [], [('flags', 'c:ArrayAttr')], [], summary='module flags')
op('linker_options', '$options attr-dict', [], [], [('options', 'c:ArrayAttr')], [], summary='linker options')
op('dso_local_equivalent', '$function_name attr-dict `:` qualified(type($res))', [], [('res', T)], [('function_name', 'c:FlatSymbolRefAttr')],
   ['Pure', 'ConstantLike', 'SymbolUserOpInterface'], summary='dso_local_equivalent of a function')
op('mlir.ifunc', None, [], [], [('sym_name', 'c:StrAttr'), ('i_func_type', 'c:TypeAttr'), ('resolver', 'c:FlatSymbolRefAttr'), ('resolver_type', 'c:TypeAttr'),
   ('linkage', 'b:linkage'), ('dso_local', 'c:UnitAttr'), ('address_space', 'c:I32Attr'), ('unnamed_addr', 'e:UnnamedAddr'), ('visibility_', 'e:Visibility')],
   ['Symbol'], optional=['dso_local', 'unnamed_addr'], defaults={'visibility_': '0 : i64', 'address_space': '0 : i32'}, summary='indirect function')
for n in ['vastart', 'vaend']:
    op('intr.' + n, '$arg_list attr-dict `:` qualified(type($arg_list))', [('arg_list', T)], [], (), [], summary='llvm.' + n + ' intrinsic')
op('intr.vacopy', '$src_list `to` $dest_list attr-dict `:` type(operands)', [('dest_list', T), ('src_list', T)], [], (), [], summary='llvm.va_copy intrinsic')
