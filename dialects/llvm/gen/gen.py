#!/usr/bin/env python3
# Generates dialects/llvm/llvm.irdl.mlir from the op table in ops.py:
#   python3 dialects/llvm/gen/gen.py dialects/llvm/gen/ops.py dialects/llvm/llvm.irdl.mlir
import json, sys

def q(s):
    return json.dumps(s)

ENUMS = {
 'Linkage': (64, ["private","internal","available_externally","linkonce","weak","common","appending","extern_weak","linkonce_odr","weak_odr","external"], list(range(11)), None),
 'CConv': (64, ["ccc","fastcc","coldcc","cc_10","cc_11","webkit_jscc","anyregcc","preserve_mostcc","preserve_allcc","swiftcc","cxx_fast_tlscc","tailcc","cfguard_checkcc","swifttailcc","x86_stdcallcc","x86_fastcallcc","arm_apcscc","arm_aapcscc","arm_aapcs_vfpcc","msp430_intrcc","x86_thiscallcc","ptx_kernelcc","ptx_devicecc","spir_funccc","spir_kernelcc","intel_ocl_bicc","x86_64_sysvcc","win64cc","x86_vectorcallcc","hhvmcc","hhvm_ccc","x86_intrcc","avr_intrcc","avr_builtincc","amdgpu_vscc","amdgpu_gscc","amdgpu_cscc","amdgpu_kernelcc","x86_regcallcc","amdgpu_hscc","msp430_builtincc","amdgpu_lscc","amdgpu_escc","aarch64_vectorcallcc","aarch64_sve_vectorcallcc","wasm_emscripten_invokecc","amdgpu_gfxcc","m68k_intrcc"],
    [0,8,9,10,11,12,13,14,15,16,17,18,19,20,64,65,66,67,68,69,70,71,72,75,76,77,78,79,80,81,82,83,84,86,87,88,90,91,92,93,94,95,96,97,98,99,100,101], None),
 'TailCallKind': (64, ["none","tail","musttail","notail"], [0,1,2,3], None),
 'FastmathFlags': (32, ["none","nnan","ninf","nsz","arcp","contract","afn","reassoc","fast"], [0,1,2,4,8,16,32,64,127], ", "),
 'IntegerOverflowFlags': (32, ["none","nsw","nuw"], [0,1,2], ", "),
 'GEPNoWrapFlags': (32, ["none","inbounds_flag","nusw","nuw","inbounds"], [0,1,2,4,3], "|"),
 'ICmpPredicate': (64, ["eq","ne","slt","sle","sgt","sge","ult","ule","ugt","uge"], list(range(10)), None),
 'FCmpPredicate': (64, ["_false","oeq","ogt","oge","olt","ole","one","ord","ueq","ugt","uge","ult","ule","une","uno","_true"], list(range(16)), None),
 'AtomicOrdering': (64, ["not_atomic","unordered","monotonic","acquire","release","acq_rel","seq_cst"], [0,1,2,4,5,6,7], None),
 'AtomicBinOp': (64, ["xchg","add","sub","_and","nand","_or","_xor","max","min","umax","umin","fadd","fsub","fmax","fmin","uinc_wrap","udec_wrap","usub_cond","usub_sat","fmaximum","fminimum"], list(range(21)), None),
 'UnnamedAddr': (64, ["", "local_unnamed_addr", "unnamed_addr"], [0,1,2], None),
 'Visibility': (64, ["", "hidden", "protected"], [0,1,2], None),
 'Comdat': (64, ["any","exactmatch","largest","nodeduplicate","samesize"], [0,1,2,3,4], None),
 'AsmDialect': (64, ["att","intel"], [0,1], None),
 'ModRefInfo': (64, ["none","read","write","readwrite"], [0,1,2,3], None),
 'FramePointerKind': (64, ["none","non-leaf","all","reserved"], [0,1,2,3], None),
}

TYPES = [
 ('void', []), ('ptr', ['addr_space']), ('array', ['element', 'size']), ('func', ['result', 'params', 'vararg']),
 ('struct', ['name', 'flags', 'body']), ('label', []), ('metadata', []), ('token', []), ('x86_amx', []),
 ('ppc_fp128', []), ('target', ['name', 'types', 'ints']),
]

# What the type hooks (dialects/llvm/types.rs) store in a parameter, where generated bindings
# can take a plain value for it; the others stay attributes.
TYPE_PARAM_CONSTRAINTS = {('ptr', 'addr_space'): 'I64Attr', ('array', 'element'): 'TypeAttr', ('array', 'size'): 'I64Attr'}
# Upstream's class names where they differ from the mnemonic's (`mlir.dialects.llvm.PointerType`).
TYPE_CLASS_NAMES = {'ptr': 'PointerType'}

ENUM_ATTRS = [('linkage', 'Linkage'), ('cconv', 'CConv'), ('tailcallkind', 'TailCallKind'), ('fastmath', 'FastmathFlags')]
# Attributes kept as their text (one string parameter) until they get their own parameters.
RAW_ATTRS = ['blockaddress', 'blocktag', 'framePointerKind', 'target_features', 'memory_effects', 'vscale_range', 'loop_annotation', 'tbaa_root', 'tbaa_type_desc', 'tbaa_tag', 'access_group', 'alias_scope', 'alias_scope_domain', 'constant_range', 'mmra_tag', 'dereferenceable', 'vec_type_hint', 'zero', 'undef', 'poison', 'uwtableKind', 'mlir.module_flag', 'dependent_libraries', 'comdat', 'target']

ops = []

def op(name, fmt=None, operands=(), results=(), attrs=(), traits=(), optional=(), defaults=None, default_texts=None,
       regions=(), successors=(), verifier=None, summary='', result_names=None, result_names_hook=None, extra=None,
       variadic_successors=None, variadic_regions=None):
    ops.append(dict(name=name, fmt=fmt, operands=operands, results=results, attrs=attrs, traits=traits,
                    optional=optional, defaults=defaults, default_texts=default_texts, regions=regions,
                    successors=successors, verifier=verifier, summary=summary, result_names=result_names,
                    result_names_hook=result_names_hook, variadic_successors=variadic_successors, extra=extra))

def constraint_line(var, c):
    # c: 'any' | 'c:Name' | 'e:Enum' | 'b:name' (llvm type/attr base) | 'is:text'
    if c == 'any':
        return f'    %{var} = irdl.any'
    kind, _, arg = c.partition(':')
    if kind == 'c':
        return f'    %{var} = irdl.any {{omnir.constraint = {q(arg)}}}'
    if kind == 'e':
        return f'    %{var} = irdl.any {{omnir.enum = {q(arg)}}}'
    if kind == 'b':
        return f'    %{var} = irdl.base @llvm::@{arg}'
    if kind == 'is':
        return f'    %{var} = irdl.is {arg}'
    raise ValueError(c)

def render_op(o):
    a = {}
    if o['name'] in INFERS_RESULT_TYPES and 'SameOperandsAndResultType' not in o['traits'] \
            and 'InferTypeOpInterface' not in o['traits']:
        o = dict(o, traits=['InferTypeOpInterface'] + list(o['traits']))
    if o['fmt'] is not None:
        a['omnir.assembly_format'] = q(o['fmt'])
    if o['traits']:
        a['omnir.traits'] = '[' + ', '.join(q(t) for t in o['traits']) + ']'
    opt = list(o['optional'])
    if opt:
        a['omnir.optional_attributes'] = '[' + ', '.join(q(x) for x in opt) + ']'
    if o['defaults']:
        a['omnir.defaults'] = '{' + ', '.join(f'{k} = {v}' for k, v in o['defaults'].items()) + '}'
    if o['default_texts']:
        a['omnir.default_texts'] = '{' + ', '.join(f'{k} = {q(v)}' for k, v in o['default_texts'].items()) + '}'
    if o['successors']:
        a['omnir.successors'] = '[' + ', '.join(q(s) for s in o['successors']) + ']'
    if o['variadic_successors']:
        a['omnir.variadic_successors'] = '[' + q(o['variadic_successors']) + ']'
    if o['verifier']:
        a['omnir.verifier'] = q(o['verifier'])
    if o['result_names']:
        a['omnir.result_names'] = '[' + ', '.join(q(x) for x in o['result_names']) + ']'
    if o['result_names_hook']:
        a['omnir.result_names_hook'] = q(o['result_names_hook'])
    if o['summary']:
        a['omnir.summary'] = q(o['summary'])
    if o['name'] in CLASS_NAMES:
        a['omnir.class_name'] = q(CLASS_NAMES[o['name']])
    if o['name'] in ARGUMENTS:
        a['omnir.arguments'] = '[' + ', '.join(q(x) for x in ARGUMENTS[o['name']]) + ']'
    for k, v in (o['extra'] or {}).items():
        a[k] = v
    head = f'  irdl.operation @{o["name"]}'
    if a:
        head += ' attributes {' + ', '.join(f'{k} = {v}' for k, v in a.items()) + '}'
    lines = [head + ' {']
    vars_ = {}
    def var_for(c, share=None):
        key = share if share else None
        if key and key in vars_:
            return vars_[key]
        v = f'v{len(vars_)}'
        lines.append(constraint_line(v, c))
        vars_[key or v] = v
        return v
    def group(items):
        parts = []
        for it in items:
            n, c = it[0], it[1]
            mod = it[2] if len(it) > 2 else ''
            share = it[3] if len(it) > 3 else None
            v = var_for(c, share)
            parts.append(f'{n}: {mod + " " if mod else ""}%{v}')
        return ', '.join(parts)
    if o['operands']:
        lines.append(f'    irdl.operands({group(o["operands"])})')
    if o['results']:
        lines.append(f'    irdl.results({group(o["results"])})')
    if o['attrs']:
        parts = []
        for n, c in o['attrs']:
            v = var_for(c)
            parts.append(f'{q(n)} = %{v}')
        lines.append('    irdl.attributes {' + ', '.join(parts) + '}')
    if o['regions']:
        rs = []
        for r in o['regions']:
            lines.append(f'    %r_{r} = irdl.region')
            rs.append(f'{r}: %r_{r}')
        lines.append('    irdl.regions(' + ', '.join(rs) + ')')
    lines.append('  }')
    return '\n'.join(lines)

exec(open(sys.argv[1]).read())
exec(open(__file__.replace('gen.py', 'names.py')).read())

out = []
out.append('// The LLVM dialect (upstream\'s LLVMOps.td, LLVMTypes.td, LLVMAttrDefs.td, LLVMEnums.td,')
out.append('// LLVMIntrinsicOps.td), as omnir ships it: LLVM IR\'s types, instructions and intrinsics')
out.append('// as MLIR operations. The types\' syntax, the function and global signatures, calls, GEP')
out.append('// indices and the other hand-written forms are Rust hooks (dialects/llvm/hooks.rs).')
out.append('// Generated by dialects/llvm/gen/gen.py from dialects/llvm/gen/ops.py: edit those and regenerate.')
enums = []
for n, (w, cases, values, sep) in ENUMS.items():
    s = f'{n} = {{width = {w}, '
    if sep is not None:
        s += f'bit, separator = {q(sep)}, '
    s += 'cases = [' + ', '.join(q(c) for c in cases) + '], values = [' + ', '.join(str(v) for v in values) + ']'
    if n in ENUM_SYMBOLS:
        s += ', symbols = [' + ', '.join(q(c) for c in ENUM_SYMBOLS[n]) + ']'
    s += '}'
    enums.append(s)
out.append('irdl.dialect @llvm attributes {omnir.ods, omnir.enums = {' + ', '.join(enums) + '}} {')
for n, params in TYPES:
    attrs = f' attributes {{omnir.class_name = {q(TYPE_CLASS_NAMES[n])}}}' if n in TYPE_CLASS_NAMES else ''
    out.append(f'  irdl.type @{n}{attrs} {{')
    if params:
        for i, p in enumerate(params):
            c = TYPE_PARAM_CONSTRAINTS.get((n, p))
            out.append(f'    %{i} = irdl.any' + (f' {{omnir.constraint = {q(c)}}}' if c else ''))
        out.append('    irdl.parameters(' + ', '.join(f'{p}: %{i}' for i, p in enumerate(params)) + ')')
    out.append('  }')
for n, e in ENUM_ATTRS:
    out.append(f'  irdl.attribute @{n} {{')
    out.append(f'    %e = irdl.any {{omnir.enum = {q(e)}}}')
    out.append('    irdl.parameters(value: %e)')
    out.append('  }')
for n in RAW_ATTRS:
    out.append(f'  irdl.attribute @{n} {{')
    out.append('    %t = irdl.any')
    out.append('    irdl.parameters(text: %t)')
    out.append('  }')
for o in ops:
    out.append(render_op(o))
out.append('}')
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
