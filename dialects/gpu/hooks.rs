//! The gpu dialect's Rust hooks: the directives of its declarative formats (async
//! dependencies, enum keywords, launch operands), result names, verifiers, and the custom
//! assembly of `!gpu.mma_matrix`, `#gpu.loop_dim_map`, `#gpu.select_object` and
//! `#gpu.object`. The custom forms of `gpu.func` and `gpu.launch` are in `func.rs`.

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::attrs::Attribute;
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::OpId;
use crate::types::{Type, TypeKind};

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.register_result_names_hook("gpu.index", Arc::new(index_name));
    ctx.register_op_verifier_hook("gpu.async", Arc::new(verify_async));
    ctx.register_op_verifier_hook("gpu.barrier", Arc::new(verify_barrier));
    ctx.register_op_verifier_hook("gpu.subgroup_broadcast", Arc::new(verify_broadcast));
    ctx.register_op_verifier_hook("gpu.alloc", Arc::new(verify_alloc));
    ctx.register_op_verifier_hook("gpu.return", Arc::new(verify_return));
    ctx.register_op_verifier_hook("gpu.func", Arc::new(verify_func));
    ctx.register_op_verifier_hook("gpu.launch_func", Arc::new(verify_launch_func));
}

fn is_token(ctx: &Context, t: Type) -> bool {
    crate::asm::print_type(ctx, t) == "!gpu.async.token"
}

/// The async dependencies and the optional token result are `!gpu.async.token`s (checked
/// here rather than by the constraint so that the message is ODS's).
fn verify_async(ctx: &Context, op: OpId) -> Result<(), String> {
    let name = ctx.op_name(op).map_err(|e| e.message)?.to_string();
    let types: Vec<Type> = ctx.op_operand_types(op).map_err(|e| e.message)?.into_iter().flatten().collect();
    // How many operands lead: the first segment, or all but the fixed trailing ones.
    let deps = match ctx.op_inherent_or_discardable(op, "operandSegmentSizes").ok().flatten() {
        Some(seg) => match ctx.attr_kind(seg) {
            crate::attrs::AttrKind::DenseArray { .. } => {
                let text = crate::asm::print_attribute(ctx, seg);
                text.trim_start_matches("array<i32:")
                    .split(',')
                    .next()
                    .and_then(|n| n.trim().trim_end_matches('>').parse().ok())
                    .unwrap_or(0)
            }
            _ => 0,
        },
        None => types.len().saturating_sub(fixed_operands(&name)),
    };
    for (i, &t) in types.iter().take(deps).enumerate() {
        if !is_token(ctx, t) {
            return Err(format!(
                "operand #{i} must be variadic of async token type, but got '{}'",
                crate::asm::print_type(ctx, t)
            ));
        }
    }
    let results = ctx.op_result_types(op).map_err(|e| e.message)?;
    // The token follows the op's other results (a variadic group's size is unknown here).
    let Some(before) = results_before_token(&name) else { return Ok(()) };
    for (i, &t) in results.iter().enumerate().skip(before) {
        if !is_token(ctx, t) {
            return Err(format!("result #{i} must be async token type, but got '{}'", crate::asm::print_type(ctx, t)));
        }
    }
    Ok(())
}

/// The operands after the async dependencies of the ops without operand segments.
fn fixed_operands(name: &str) -> usize {
    match name.strip_prefix("gpu.").unwrap_or(name) {
        "dealloc" | "destroy_dn_tensor" | "destroy_sp_mat" | "spgemm_destroy_descr" | "spmat_get_size" => 1,
        "memcpy" | "memset" => 2,
        "create_2to4_spmat" | "spmv_buffer_size" | "spmm_buffer_size" | "sddmm_buffer_size" => 3,
        "spmv" | "sddmm" | "spgemm_copy" | "set_csr_pointers" => 4,
        "create_coo_aos" => 5,
        "create_coo" | "create_csr" | "create_csc" | "spgemm_work_estimation_or_compute" => 6,
        "create_bsr" => 8,
        _ => 0,
    }
}

/// The results before the optional token; `None` when a variadic group comes first.
fn results_before_token(name: &str) -> Option<usize> {
    Some(match name.strip_prefix("gpu.").unwrap_or(name) {
        "spmm_buffer_size" => return None,
        "alloc"
        | "create_dn_tensor"
        | "create_coo"
        | "create_coo_aos"
        | "create_csr"
        | "create_csc"
        | "create_bsr"
        | "create_2to4_spmat"
        | "spmv_buffer_size"
        | "sddmm_buffer_size"
        | "spgemm_create_descr"
        | "spgemm_work_estimation_or_compute" => 1,
        "spmat_get_size" => 3,
        _ => 0,
    })
}

fn verify_barrier(ctx: &Context, op: OpId) -> Result<(), String> {
    let named = !ctx.op_operand_types(op).map_err(|e| e.message)?.is_empty();
    let scope = ctx.op_inherent_or_discardable(op, "scope").ok().flatten();
    if named && scope.is_some_and(|s| enum_keyword(ctx, s, "barrier_scope").as_deref() != Some("workgroup")) {
        return Err("named barriers require workgroup scope".into());
    }
    Ok(())
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let mut add = |name: &str, d: CustomDirective| {
        ctx.register_custom_directive("gpu", name, d).expect("the gpu dialect is registered");
    };
    add("Dimension", keyword_directive("dim", "dimension", &["x", "y", "z"], false));
    add("ShuffleMode", keyword_directive("shuffle_mode", "mode", &["xor", "up", "down", "idx"], false));
    let reductions = &[
        "add",
        "mul",
        "minui",
        "minsi",
        "minnumf",
        "maxui",
        "maxsi",
        "maxnumf",
        "and",
        "or",
        "xor",
        "minimumf",
        "maximumf",
        "minimumnumf",
        "maximumnumf",
    ];
    add("AllReduceOperation", keyword_directive("all_reduce_op", "op", reductions, true));
    let mma_ops = &[
        "addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs", "divu", "negatef", "negates",
        "extf",
    ];
    add("MMAElementwise", keyword_directive("mma_element_wise", "opType", mma_ops, false));
    add("MMAMatrixType", CustomDirective::new(Arc::new(parse_mma_type), Arc::new(print_mma_type)));
    add(
        "BroadcastType",
        keyword_directive("broadcast", "broadcast_type", &["first_active_lane", "specific_lane"], false),
    );
    add("WarpArgs", CustomDirective::new(Arc::new(parse_warp_args), Arc::new(print_warp_args)));
    add("AsyncDependencies", CustomDirective::new(Arc::new(parse_async), Arc::new(print_async)));
    for code in ["D", "S", "G", "SDD", "DDS", "SSSG"] {
        add(&format!("AsyncHandles{code}"), async_handles_directive(code));
    }
    let modes = &["NON_TRANSPOSE", "TRANSPOSE", "CONJUGATE_TRANSPOSE"];
    add("TransposeMode", keyword_directive("mat_transpose_mode", "modeA", modes, false));
    let prune = &["NONE", "PRUNE_ONLY", "PRUNE_AND_CHECK"];
    add("PruneFlag", keyword_directive("prune_2to4_spmat_flag", "pruneFlag", prune, false));
    let kinds = &["WORK_ESTIMATION", "COMPUTE"];
    add("SpGEMMKind", keyword_directive("spgemm_work_estimation_or_compute_kind", "kind", kinds, false));
    add("LaunchDimType", CustomDirective::new(Arc::new(parse_dim_type), Arc::new(print_dim_type)));
    add("LaunchFuncOperands", CustomDirective::new(Arc::new(parse_launch_operands), Arc::new(print_launch_operands)));
    add("OffloadingHandler", CustomDirective::new(Arc::new(parse_handler), Arc::new(print_handler)));
    super::gpu_func::register(ctx);
    let mma = ctx.lookup_type_def("gpu.mma_matrix").expect("gpu.mma_matrix is defined");
    ctx.set_type_assembly(mma, mma_matrix_assembly()).expect("a first assembly for gpu.mma_matrix");
    let map = ctx.lookup_attr_def("gpu.loop_dim_map").expect("#gpu.loop_dim_map is defined");
    ctx.set_attr_assembly(map, loop_dim_map_assembly()).expect("a first assembly for #gpu.loop_dim_map");
    let select = ctx.lookup_attr_def("gpu.select_object").expect("#gpu.select_object is defined");
    ctx.set_attr_assembly(select, select_object_assembly()).expect("a first assembly for #gpu.select_object");
    let object = ctx.lookup_attr_def("gpu.object").expect("#gpu.object is defined");
    ctx.set_attr_assembly(object, object_assembly()).expect("a first assembly for #gpu.object");
}

/// `%thread_id_x`: the op's name without `gpu.`, then the dimension.
fn index_name(ctx: &Context, op: OpId) -> Option<String> {
    let name = ctx.op_name(op).ok()?.strip_prefix("gpu.")?.to_string();
    let dim = ctx.op_inherent_or_discardable(op, "dimension").ok().flatten()?;
    Some(format!("{name}_{}", enum_keyword(ctx, dim, "dim")?))
}

/// The case keyword of `#gpu.<mnemonic><keyword>`.
fn enum_keyword(ctx: &Context, a: Attribute, mnemonic: &str) -> Option<String> {
    let text = crate::asm::print_attribute(ctx, a);
    let inner = text.strip_prefix(&format!("#gpu.{mnemonic}<"))?.strip_suffix('>')?;
    Some(inner.to_string())
}

/// An enum attribute of the dialect written as its bare keyword (`x`, `xor`, `add`), as
/// ODS writes an `EnumAttr` whose own form is `<keyword>`. With `optional`, absent
/// unless a keyword of the enum comes next (all_reduce's region form). A second argument is
/// the reduced value, which follows the keyword.
fn keyword_directive(
    mnemonic: &'static str,
    attr_name: &'static str,
    cases: &'static [&'static str],
    optional: bool,
) -> CustomDirective {
    let parse = move |p: &mut dyn DirectiveParser, args: &mut [ParsedArg]| -> Result<(), AsmError> {
        let attr = if optional {
            // Keywords of the enum start the form; anything else (the value operand) does not.
            match cases.iter().find(|k| p.at_keyword(k)) {
                Some(k) => {
                    let k = k.to_string();
                    p.parse_keyword(&k)?;
                    Some(
                        crate::asm::parse_attribute(p.context(), &format!("#gpu.{mnemonic}<{k}>"))
                            .map_err(|e| AsmError::new(e.to_string()))?,
                    )
                }
                None => None,
            }
        } else {
            let Some(&k) = cases.iter().find(|k| p.at_keyword(k)) else {
                return Err(p.error(&format!(
                    "expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
                    cases.join(", ")
                )));
            };
            p.parse_keyword(k)?;
            let ctx = p.context();
            Some(
                crate::asm::parse_attribute(ctx, &format!("#gpu.{mnemonic}<{k}>"))
                    .map_err(|e| AsmError::new(e.to_string()))?,
            )
        };
        args[0] = ParsedArg::Attr(attr);
        // The reductions read their value operand here, so that no space is left where an
        // absent operation keyword would be.
        if args.len() > 1 {
            args[1] = ParsedArg::Operands(vec![p.parse_operand()?]);
        }
        Ok(())
    };
    let print = move |p: &mut dyn DirectivePrinter, args: &[PrintArg]| {
        if let Some(PrintArg::Attr(Some(a))) = args.first() {
            if let Some(k) = enum_keyword(p.context(), *a, mnemonic) {
                p.write(&k);
                if args.len() > 1 {
                    p.write(" ");
                }
            }
        }
        if let Some(PrintArg::Operands(v)) = args.get(1) {
            if let Some(&v) = v.first() {
                p.print_value(v);
            }
        }
    };
    CustomDirective::new(Arc::new(parse), Arc::new(print))
}

fn async_token_type(ctx: &Context) -> Result<Type, AsmError> {
    crate::asm::parse_type(ctx, "!gpu.async.token").map_err(|e| AsmError::new(e.to_string()))
}

/// `async [%t0, %t1]`: `async` gives the op its token result. Arguments:
/// `type($asyncToken), $asyncDependencies, type($asyncDependencies)`.
fn parse_async(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let token = async_token_type(p.context())?;
    let is_async = p.at_keyword("async");
    if is_async {
        p.parse_keyword("async")?;
    }
    let mut deps = Vec::new();
    if p.parse_optional_punct("[")? && !p.parse_optional_punct("]")? {
        loop {
            deps.push(p.parse_operand()?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct("]")?;
    }
    args[0] = ParsedArg::Types(if is_async { vec![token] } else { Vec::new() });
    args[2] = ParsedArg::Types(vec![token; deps.len()]);
    args[1] = ParsedArg::Operands(deps);
    Ok(())
}

fn print_async(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let is_async = matches!(args.first(), Some(PrintArg::Types(t)) if !t.is_empty());
    if is_async {
        p.write("async");
    }
    let Some(PrintArg::Operands(deps)) = args.get(1) else { return };
    if deps.is_empty() {
        return;
    }
    if is_async {
        p.write(" ");
    }
    p.write("[");
    for (i, &d) in deps.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(d);
    }
    p.write("]");
}

/// `: i32` after the launch sizes when they are not `index`. Arguments: `type($gridSizeX),
/// ref($clusterSizeX), type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ)`, then
/// the other five size types (all the same).
fn parse_dim_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ty = if p.parse_optional_punct(":")? { p.parse_type()? } else { p.context().index_type() };
    let clusters = matches!(args.get(1), Some(ParsedArg::Operands(v)) if !v.is_empty());
    for (i, a) in args.iter_mut().enumerate() {
        match i {
            1 => {}
            2..=4 => *a = ParsedArg::Types(if clusters { vec![ty] } else { Vec::new() }),
            _ => *a = ParsedArg::Types(vec![ty]),
        }
    }
    Ok(())
}

fn print_dim_type(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    if let Some(PrintArg::Types(t)) = args.first() {
        if let Some(&t) = t.first() {
            if !matches!(p.context().type_kind(t), TypeKind::Index) {
                p.write(": ");
                p.print_type(t);
            }
        }
    }
}

/// `args(%a : f32, %b : memref<4xf32>)`, absent without kernel operands.
fn parse_launch_operands(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut operands = Vec::new();
    let mut types = Vec::new();
    if p.at_keyword("args") {
        p.parse_keyword("args")?;
        p.parse_punct("(")?;
        if !p.parse_optional_punct(")")? {
            loop {
                operands.push(p.parse_operand()?);
                p.parse_punct(":")?;
                types.push(p.parse_type()?);
                if !p.parse_optional_punct(",")? {
                    break;
                }
            }
            p.parse_punct(")")?;
        }
    }
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Types(types);
    Ok(())
}

fn print_launch_operands(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let (Some(PrintArg::Operands(vs)), Some(PrintArg::Types(ts))) = (args.first(), args.get(1)) else { return };
    if vs.is_empty() {
        return;
    }
    p.write("args(");
    for (i, (&v, &t)) in vs.iter().zip(ts).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
        p.write(" : ");
        p.print_type(t);
    }
    p.write(")");
}

/// `<#handler>` before a binary's objects, when there is a handler.
fn parse_handler(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let handler = if p.parse_optional_punct("<")? {
        let h = p.parse_attribute()?;
        p.parse_punct(">")?;
        h
    } else {
        // Without one, a binary embeds its first object (`#gpu.select_object`).
        crate::asm::parse_attribute(p.context(), "#gpu.select_object").map_err(|e| AsmError::new(e.to_string()))?
    };
    args[0] = ParsedArg::Attr(Some(handler));
    Ok(())
}

fn print_handler(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    if let Some(PrintArg::Attr(Some(a))) = args.first() {
        if crate::asm::print_attribute(p.context(), *a) == "#gpu.select_object" {
            return;
        }
        p.write("<");
        p.print_attribute(*a);
        p.write(">");
    }
}

/// `!gpu.mma_matrix<16x16xf16, "AOp">`: the shape, the element type and the operand kind.
fn mma_matrix_assembly() -> crate::dialect::CustomAssembly {
    crate::dialect::CustomAssembly::new(
        |ctx: &Context, text: &str| {
            let mut p = crate::asm::DialectAsmParser::new(ctx, text);
            p.expect("<")?;
            let i64t = ctx.signless_int(64);
            let mut dims = Vec::new();
            while p.rest().starts_with(|c: char| c.is_ascii_digit()) {
                let n = p.integer()?;
                dims.push(ctx.integer_attr(i64t, n).map_err(|e| AsmError::new(e.message))?);
                p.expect("x")?;
            }
            let elem = p.parse_type()?;
            p.expect(",")?;
            let operand = String::from_utf8_lossy(&p.string()?).into_owned();
            p.expect(">")?;
            p.finish()?;
            Ok(vec![ctx.array_attr(&dims), ctx.type_attr(elem), ctx.string_attr(&operand)])
        },
        |ctx: &Context, params: &[Attribute]| {
            let [shape, elem, operand] = params else { return Err("mma_matrix takes three parameters".into()) };
            let mut out = String::from("<");
            if let crate::attrs::AttrKind::Array(dims) = ctx.attr_kind(*shape) {
                for &d in dims.iter() {
                    let t = crate::asm::print_attribute(ctx, d);
                    out.push_str(t.split(" : ").next().unwrap_or(&t));
                    out.push('x');
                }
            }
            if let crate::attrs::AttrKind::Type(t) = ctx.attr_kind(*elem) {
                out.push_str(&crate::asm::print_type(ctx, *t));
            }
            out.push_str(", ");
            out.push_str(&crate::asm::print_attribute(ctx, *operand));
            out.push('>');
            Ok(out)
        },
    )
}

/// The matrix type of `gpu.subgroup_mma_constant_matrix`, which gives its value operand's
/// type (the element type). Arguments: `type($res), type($value)`.
fn parse_mma_type(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let t = p.parse_type()?;
    let elem = match p.context().type_kind(t) {
        TypeKind::Dialect { params, .. } => params.get(1).and_then(|&a| match p.context().attr_kind(a) {
            crate::attrs::AttrKind::Type(e) => Some(*e),
            _ => None,
        }),
        _ => None,
    };
    let Some(elem) = elem else { return Err(p.error("expected a !gpu.mma_matrix type")) };
    args[0] = ParsedArg::Types(vec![t]);
    args[1] = ParsedArg::Types(vec![elem]);
    Ok(())
}

fn print_mma_type(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    if let Some(PrintArg::Types(t)) = args.first() {
        if let Some(&t) = t.first() {
            p.print_type(t);
        }
    }
}

const PROCESSORS: &[&str] = &["block_x", "block_y", "block_z", "thread_x", "thread_y", "thread_z", "sequential"];

/// `#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>`: the
/// processor (kept as its enum value) and two affine maps.
fn loop_dim_map_assembly() -> crate::dialect::CustomAssembly {
    crate::dialect::CustomAssembly::new(
        |ctx: &Context, text: &str| {
            let bad = || AsmError::new("expected '<processor = ..., map = ..., bound = ...>'");
            let body = text.trim().strip_prefix('<').and_then(|r| r.strip_suffix('>')).ok_or_else(bad)?;
            let rest = body.trim_start().strip_prefix("processor").ok_or_else(bad)?.trim_start();
            let rest = rest.strip_prefix('=').ok_or_else(bad)?.trim_start();
            let (processor, rest) = rest.split_once(',').ok_or_else(bad)?;
            let value = PROCESSORS
                .iter()
                .position(|p| *p == processor.trim())
                .ok_or_else(|| AsmError::new(format!("expected one of [{}] for processor", PROCESSORS.join(", "))))?;
            let rest = rest.trim_start().strip_prefix("map").ok_or_else(bad)?.trim_start();
            let rest = rest.strip_prefix('=').ok_or_else(bad)?;
            let (map, bound) = rest.rsplit_once(", bound").ok_or_else(bad)?;
            let bound = bound.trim_start().strip_prefix('=').ok_or_else(bad)?;
            let affine = |t: &str| {
                crate::asm::parse_attribute(ctx, &format!("affine_map<{}>", t.trim()))
                    .map_err(|e| AsmError::new(e.to_string()))
            };
            let p = ctx.integer_attr(ctx.signless_int(64), value as i64).map_err(|e| AsmError::new(e.message))?;
            Ok(vec![p, affine(map)?, affine(bound)?])
        },
        |ctx: &Context, params: &[Attribute]| {
            let [p, map, bound] = params else { return Err("loop_dim_map takes three parameters".into()) };
            let index = match ctx.attr_kind(*p) {
                crate::attrs::AttrKind::Integer { value, .. } => value.to_i64(64).unwrap_or(-1),
                _ => -1,
            };
            let processor = PROCESSORS.get(index as usize).ok_or("unknown processor")?;
            let bare = |a: Attribute| {
                let t = crate::asm::print_attribute(ctx, a);
                t.strip_prefix("affine_map<").and_then(|r| r.strip_suffix('>')).unwrap_or(&t).to_string()
            };
            Ok(format!("<processor = {processor}, map = {}, bound = {}>", bare(*map), bare(*bound)))
        },
    )
}

/// `#gpu.select_object<target>`: the object to embed, by index or by target attribute;
/// bare `#gpu.select_object` (the first object) keeps a unit parameter.
fn select_object_assembly() -> crate::dialect::CustomAssembly {
    crate::dialect::CustomAssembly::new(
        |ctx: &Context, text: &str| {
            if text.trim().is_empty() {
                return Ok(vec![ctx.unit_attr()]);
            }
            let mut p = crate::asm::DialectAsmParser::new(ctx, text);
            p.expect("<")?;
            let a = p.parse_attribute()?;
            p.expect(">")?;
            p.finish()?;
            Ok(vec![a])
        },
        |ctx: &Context, params: &[Attribute]| {
            let [a] = params else { return Err("select_object takes one parameter".into()) };
            if matches!(ctx.attr_kind(*a), crate::attrs::AttrKind::Unit) {
                return Ok(String::new());
            }
            Ok(format!("<{}>", crate::asm::print_attribute(ctx, *a)))
        },
    )
}

const OBJECT_FORMATS: &[&str] = &["offload", "bin", "assembly", "fatbin"];

/// `#gpu.object<#nvvm.target, properties = {...}, kernels = ..., bin = "..."`: a target,
/// optional properties and kernel metadata, and the object, whose format (`fatbin` when not
/// written) precedes it. Absent parts are unit parameters.
fn object_assembly() -> crate::dialect::CustomAssembly {
    crate::dialect::CustomAssembly::new(
        |ctx: &Context, text: &str| {
            let mut p = crate::asm::DialectAsmParser::new(ctx, text);
            p.expect("<")?;
            let target = p.parse_attribute()?;
            let unit = ctx.unit_attr();
            let (mut format, mut properties, mut kernels) = (unit, unit, unit);
            p.expect(",")?;
            loop {
                if p.eat_keyword("properties") {
                    p.expect("=")?;
                    properties = p.parse_attribute()?;
                    p.expect(",")?;
                } else if p.eat_keyword("kernels") {
                    p.expect("=")?;
                    kernels = p.parse_attribute()?;
                    p.expect(",")?;
                } else if let Some(f) = OBJECT_FORMATS.iter().find(|f| p.rest().trim_start().starts_with(*f)) {
                    p.eat_keyword(f);
                    p.expect("=")?;
                    if *f != "fatbin" {
                        format = ctx.string_attr(f);
                    }
                } else {
                    break;
                }
            }
            let object = String::from_utf8_lossy(&p.string()?).into_owned();
            p.expect(">")?;
            p.finish()?;
            Ok(vec![target, format, properties, kernels, ctx.string_attr(&object)])
        },
        |ctx: &Context, params: &[Attribute]| {
            let [target, format, properties, kernels, object] = params else {
                return Err("object takes five parameters".into());
            };
            let present = |a: &Attribute| !matches!(ctx.attr_kind(*a), crate::attrs::AttrKind::Unit);
            let mut out = format!("<{}, ", crate::asm::print_attribute(ctx, *target));
            if present(properties) {
                out.push_str(&format!("properties = {}, ", crate::asm::print_attribute(ctx, *properties)));
            }
            if present(kernels) {
                out.push_str(&format!("kernels = {}, ", crate::asm::print_attribute(ctx, *kernels)));
            }
            if let crate::attrs::AttrKind::String { value, .. } = ctx.attr_kind(*format) {
                out.push_str(&String::from_utf8_lossy(value));
                out.push_str(" = ");
            }
            out.push_str(&crate::asm::print_attribute(ctx, *object));
            out.push('>');
            Ok(out)
        },
    )
}

/// `%v : vector<4xf32>, ...` inside `args(...)`: the operands with their types.
fn parse_warp_args(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut operands = Vec::new();
    let mut types = Vec::new();
    loop {
        operands.push(p.parse_operand()?);
        p.parse_punct(":")?;
        types.push(p.parse_type()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Types(types);
    Ok(())
}

fn print_warp_args(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let (Some(PrintArg::Operands(vs)), Some(PrintArg::Types(ts))) = (args.first(), args.get(1)) else { return };
    for (i, (&v, &t)) in vs.iter().zip(ts).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
        p.write(" : ");
        p.print_type(t);
    }
}

/// A lane is given exactly when broadcasting from a specific lane.
fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), String> {
    let has_lane = ctx.op_operand_types(op).map_err(|e| e.message)?.len() > 1;
    let Some(kind) = ctx.op_inherent_or_discardable(op, "broadcast_type").ok().flatten() else { return Ok(()) };
    let specific = enum_keyword(ctx, kind, "broadcast").as_deref() == Some("specific_lane");
    if specific && !has_lane {
        return Err("lane must be specified for `specific_lane` broadcast".into());
    }
    if !specific && has_lane {
        return Err("lane can only be specified for `specific_lane` broadcast".into());
    }
    Ok(())
}

/// One size operand per dynamic dimension of the allocated memref.
fn verify_alloc(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_async(ctx, op)?;
    let Some(&ty) = ctx.op_result_types(op).map_err(|e| e.message)?.first() else { return Ok(()) };
    let TypeKind::MemRef { shape, .. } = ctx.type_kind(ty) else { return Ok(()) };
    let dynamic = shape.iter().filter(|&&d| d == crate::types::DYNAMIC).count();
    let Some(seg) = ctx.op_inherent_or_discardable(op, "operandSegmentSizes").ok().flatten() else { return Ok(()) };
    let text = crate::asm::print_attribute(ctx, seg);
    let sizes: Vec<usize> = text
        .trim_start_matches("array<i32:")
        .trim_end_matches('>')
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    let given = sizes.get(1).copied().unwrap_or(0);
    if given != dynamic {
        return Err(format!("incorrect number of dynamic sizes, has {given}, expected {dynamic}"));
    }
    Ok(())
}

/// The async dependencies of a sparse op, which also give the types of its handles (by
/// letter: `D` dense tensor, `S` sparse matrix, `G` SpGEMM descriptor), as the types of the
/// directive's arguments after the dependencies' types.
fn async_handles_directive(code: &'static str) -> CustomDirective {
    let parse = move |p: &mut dyn DirectiveParser, args: &mut [ParsedArg]| -> Result<(), AsmError> {
        parse_async(p, args)?;
        for (i, c) in code.chars().enumerate() {
            let name = match c {
                'D' => "!gpu.sparse.dntensor_handle",
                'S' => "!gpu.sparse.spmat_handle",
                _ => "!gpu.sparse.spgemmop_handle",
            };
            let t = crate::asm::parse_type(p.context(), name).map_err(|e| AsmError::new(e.to_string()))?;
            if let Some(a) = args.get_mut(3 + i) {
                *a = ParsedArg::Types(vec![t]);
            }
        }
        Ok(())
    };
    CustomDirective::new(Arc::new(parse), Arc::new(print_async))
}

fn function_results(ctx: &Context, func: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let t = ctx.op_inherent_or_discardable(func, "function_type").ok().flatten()?;
    match ctx.attr_kind(t) {
        crate::attrs::AttrKind::Type(t) => super::func::function_parts(ctx, *t),
        _ => None,
    }
}

/// The operands match the results of the enclosing `gpu.func`.
fn verify_return(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(func) = ctx.op_parent_op(op).ok().flatten() else { return Ok(()) };
    let Some((_, results)) = function_results(ctx, func) else { return Ok(()) };
    let operands: Vec<Type> = ctx.op_operand_types(op).map_err(|e| e.message)?.into_iter().flatten().collect();
    if operands.len() != results.len() {
        return Err(format!("expected {} result operands", results.len()));
    }
    for (i, (&o, &r)) in operands.iter().zip(&results).enumerate() {
        if o != r {
            return Err(format!("unexpected type `'{}'' for operand #{i}", crate::asm::print_type(ctx, o)));
        }
    }
    Ok(())
}

/// A kernel returns nothing.
fn verify_func(ctx: &Context, op: OpId) -> Result<(), String> {
    let kernel = ctx.op_inherent_or_discardable(op, "kernel").ok().flatten().is_some();
    if kernel && function_results(ctx, op).is_some_and(|(_, r)| !r.is_empty()) {
        return Err("expected void return type for kernel function".into());
    }
    Ok(())
}

fn symbol_name(ctx: &Context, op: OpId) -> Option<String> {
    let a = ctx.op_inherent_or_discardable(op, "sym_name").ok().flatten()?;
    match ctx.attr_kind(a) {
        crate::attrs::AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

/// The kernel's container is a symbol of the closest module, which is marked
/// `gpu.container_module`.
fn verify_launch_func(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_async(ctx, op)?;
    let mut module = ctx.op_parent_op(op).ok().flatten();
    while let Some(m) = module {
        if ctx.op_name(m).map_err(|e| e.message)? == "builtin.module" {
            break;
        }
        module = ctx.op_parent_op(m).ok().flatten();
    }
    let Some(module) = module else { return Ok(()) };
    if ctx.op_inherent_or_discardable(module, "gpu.container_module").ok().flatten().is_none() {
        return Err("expected the closest surrounding module to have the 'gpu.container_module' attribute".into());
    }
    let Some(kernel) = ctx.op_inherent_or_discardable(op, "kernel").ok().flatten() else { return Ok(()) };
    let crate::attrs::AttrKind::SymbolRef { root, .. } = ctx.attr_kind(kernel) else { return Ok(()) };
    let container = ctx.ident_str(*root).to_string();
    let region = ctx.op_region(module, 0).map_err(|e| e.message)?;
    let found = ctx
        .region_blocks(region)
        .unwrap_or_default()
        .iter()
        .flat_map(|&b| ctx.block_ops(b).unwrap_or_default())
        .any(|o| symbol_name(ctx, o).as_deref() == Some(container.as_str()));
    if !found {
        return Err(format!("kernel container '{container}' is undefined"));
    }
    Ok(())
}
