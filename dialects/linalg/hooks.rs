//! The linalg dialect's Rust hooks: the bodies of the named structured ops (built when they
//! are read in their custom form, from a table of the arithmetic each op performs), the
//! names of the body arguments (`%in`, `%out`, `%init`) and the custom directives of the
//! formats (result types after `->`, `linalg.generic`'s attribute dictionary, indexing maps
//! left out when they are an op's default, `permutation = [..]`, outputs that give the
//! result types, body arguments in parentheses).

use std::sync::Arc;

use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg, UnresolvedOperand};
use crate::attrs::{AttrKind, Attribute, Location};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::{BlockId, InsertPoint, OpId, OperationState, Value};
use crate::types::{Type, TypeKind};

/// What a named op's body computes (upstream's region builders, per op).
#[derive(Copy, Clone)]
enum Body {
    /// `yield cast(in)`: fill (always a signed cast) and copy (its `cast` attribute).
    Cast { attr: bool },
    /// `out + cast(a) * cast(b)`: contractions and convolutions.
    MulAdd,
    /// `out + (cast(a) - cast(a_zp)) * (cast(b) - cast(b_zp))`: the quantized ones.
    QuantizedMulAdd,
    /// `f(out, cast(in))`: pooling with a binary function.
    Pool(Binary, bool),
    /// `yield in`: transpose and broadcast.
    Forward,
    /// `linalg.elementwise`: by its kind.
    Elementwise,
}

#[derive(Copy, Clone, PartialEq)]
enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    DivUnsigned,
    MaxSigned,
    MinSigned,
    MaxUnsigned,
    MinUnsigned,
    Powf,
}

/// The body of each named op.
fn body_of(name: &str) -> Option<Body> {
    let op = name.strip_prefix("linalg.")?;
    Some(match op {
        "fill" => Body::Cast { attr: false },
        "copy" => Body::Cast { attr: true },
        "transpose" | "broadcast" => Body::Forward,
        "elementwise" => Body::Elementwise,
        "quantized_matmul" | "quantized_batch_matmul" => Body::QuantizedMulAdd,
        "matmul"
        | "batch_matmul"
        | "batch_reduce_matmul"
        | "contract"
        | "mmt4d"
        | "batch_mmt4d"
        | "matvec"
        | "vecmat"
        | "batch_matvec"
        | "batch_vecmat"
        | "dot" => Body::MulAdd,
        _ if op.starts_with("conv_") || op.starts_with("depthwise_conv_") => {
            if op.ends_with("_q") {
                Body::QuantizedMulAdd
            } else {
                Body::MulAdd
            }
        }
        _ if op.starts_with("pooling_") => {
            let unsigned = op.ends_with("_unsigned");
            let f = if op.contains("_sum") {
                Binary::Add
            } else if op.contains("_max") {
                if unsigned {
                    Binary::MaxUnsigned
                } else {
                    Binary::MaxSigned
                }
            } else if unsigned {
                Binary::MinUnsigned
            } else {
                Binary::MinSigned
            };
            Body::Pool(f, unsigned)
        }
        _ => return None,
    })
}

/// The named ops whose body the custom form leaves out.
const NAMED: &[&str] = &[
    "fill",
    "copy",
    "transpose",
    "broadcast",
    "elementwise",
    "matmul",
    "batch_matmul",
    "batch_reduce_matmul",
    "contract",
    "quantized_matmul",
    "quantized_batch_matmul",
    "mmt4d",
    "batch_mmt4d",
    "matvec",
    "vecmat",
    "batch_matvec",
    "batch_vecmat",
    "dot",
    "conv_1d",
    "conv_2d",
    "conv_3d",
    "conv_1d_nwc_wcf",
    "conv_1d_ncw_fcw",
    "conv_2d_nhwc_hwcf",
    "conv_2d_nhwc_fhwc",
    "conv_2d_nhwc_hwcf_q",
    "conv_2d_nhwc_fhwc_q",
    "conv_2d_nchw_fchw_q",
    "conv_2d_nchw_fchw",
    "conv_2d_ngchw_fgchw",
    "conv_2d_ngchw_gfchw",
    "conv_2d_nhwgc_gfhwc",
    "conv_2d_nhwgc_gfhwc_q",
    "conv_2d_ngchw_gfchw_q",
    "conv_3d_ndhwc_dhwcf",
    "conv_3d_ndhwc_dhwcf_q",
    "conv_3d_ncdhw_fcdhw",
    "depthwise_conv_1d_nwc_wc",
    "depthwise_conv_1d_ncw_cw",
    "depthwise_conv_1d_nwc_wcm",
    "depthwise_conv_2d_nchw_chw",
    "depthwise_conv_2d_nhwc_hwc",
    "depthwise_conv_2d_nhwc_hwc_q",
    "depthwise_conv_2d_nhwc_hwcm",
    "depthwise_conv_2d_nhwc_hwcm_q",
    "depthwise_conv_3d_ndhwc_dhwc",
    "depthwise_conv_3d_ncdhw_cdhw",
    "depthwise_conv_3d_ndhwc_dhwcm",
    "pooling_nhwc_sum",
    "pooling_nchw_sum",
    "pooling_nhwc_max",
    "pooling_nhwc_max_unsigned",
    "pooling_nchw_max",
    "pooling_nhwc_min",
    "pooling_nhwc_min_unsigned",
    "pooling_nwc_sum",
    "pooling_ncw_sum",
    "pooling_nwc_max",
    "pooling_nwc_max_unsigned",
    "pooling_ncw_max",
    "pooling_nwc_min",
    "pooling_nwc_min_unsigned",
    "pooling_ndhwc_sum",
    "pooling_ndhwc_max",
    "pooling_ndhwc_min",
];

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.load_dialect("arith");
    ctx.load_dialect("math");
    for op in NAMED {
        ctx.register_op_parsed_hook(&format!("linalg.{op}"), Arc::new(build_body));
    }
    ctx.register_op_parsed_hook("linalg.elementwise", Arc::new(build_elementwise));
    for op in NAMED.iter().filter(|&&op| op != "elementwise") {
        ctx.register_elided_attr_hook(
            &format!("linalg.{op}"),
            Arc::new(|_: &Context, _: OpId, name: &str, _: Attribute| name == MEMOIZED),
        );
    }
    ctx.register_op_parsed_hook("linalg.map", Arc::new(build_short_body));
    ctx.register_op_parsed_hook("linalg.reduce", Arc::new(build_short_body));
    ctx.register_elided_attr_hook(
        "linalg.elementwise",
        Arc::new(|ctx: &Context, _op: OpId, name: &str, value: Attribute| {
            name == "indexing_maps" && all_identity_maps(ctx, value)
        }),
    );
    let names: [(&str, &str); 3] = [("generic", "out"), ("map", "init"), ("reduce", "init")];
    for (op, out) in names {
        ctx.register_block_arg_names_hook(
            &format!("linalg.{op}"),
            Arc::new(move |ctx: &Context, op: OpId, _region: usize| {
                let (ins, outs) = dps_counts(ctx, op);
                let mut v = vec![Some("in".to_string()); ins];
                v.extend(std::iter::repeat_with(|| Some(out.to_string())).take(outs));
                v
            }),
        );
    }
}

/// The numbers of inputs and outputs of a structured op.
fn dps_counts(ctx: &Context, op: OpId) -> (usize, usize) {
    let n = ctx.op_operands(op).map(|v| v.len()).unwrap_or(0);
    let segments = ctx.op_inherent_or_discardable(op, "operandSegmentSizes").ok().flatten();
    if let Some(AttrKind::DenseArray { data, .. }) = segments.map(|a| ctx.attr_kind(a)) {
        if data.len() >= 8 {
            let ins = i32::from_le_bytes([data[0], data[1], data[2], data[3]]).max(0) as usize;
            return (ins, n.saturating_sub(ins));
        }
    }
    // map: one init; others without segments split evenly (reduce).
    match ctx.op_name(op).unwrap_or("") {
        "linalg.map" => (n.saturating_sub(1), n.min(1)),
        _ => (n / 2, n - n / 2),
    }
}

struct Builder {
    block: BlockId,
    loc: Location,
}

impl Builder {
    fn op(
        &self,
        ctx: &mut Context,
        name: &str,
        operands: &[Value],
        result: Option<Type>,
    ) -> Result<Option<Value>, String> {
        let mut st = OperationState::new(name, self.loc);
        st.operands.extend_from_slice(operands);
        st.result_types.extend(result);
        let id = ctx.identifier(name);
        let op = ctx.create_operation_at(id, &st, InsertPoint::BlockEnd(self.block)).map_err(|e| e.message)?;
        if result.is_some() {
            ctx.op_result(op, 0).map(Some).map_err(|e| e.message)
        } else {
            Ok(None)
        }
    }

    /// An op with one result of type `t`.
    fn value(&self, ctx: &mut Context, name: &str, operands: &[Value], t: Type) -> Result<Value, String> {
        self.op(ctx, name, operands, Some(t))?.ok_or_else(|| format!("'{name}' made no result"))
    }

    fn ty(ctx: &Context, v: Value) -> Result<Type, String> {
        ctx.value_type(v).map_err(|e| e.message)
    }

    /// Upstream's `buildTypeFn`: `v` converted to `to`, signed or unsigned.
    fn cast(&self, ctx: &mut Context, to: Type, v: Value, unsigned: bool) -> Result<Value, String> {
        let from = Self::ty(ctx, v)?;
        if from == to {
            return Ok(v);
        }
        let int = |ctx: &Context, t: Type| match ctx.type_kind(t) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        };
        let float = |ctx: &Context, t: Type| match ctx.type_kind(t) {
            TypeKind::Float(k) => Some(k.bit_width()),
            _ => None,
        };
        let index = |ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::Index);
        let name = match (int(ctx, from), float(ctx, from), int(ctx, to), float(ctx, to)) {
            (Some(a), _, Some(b), _) => {
                if b > a {
                    if unsigned || a == 1 {
                        "arith.extui"
                    } else {
                        "arith.extsi"
                    }
                } else {
                    "arith.trunci"
                }
            }
            (Some(_), _, _, Some(_)) => {
                if unsigned {
                    "arith.uitofp"
                } else {
                    "arith.sitofp"
                }
            }
            (_, Some(_), Some(_), _) => {
                if unsigned {
                    "arith.fptoui"
                } else {
                    "arith.fptosi"
                }
            }
            (_, Some(a), _, Some(b)) => {
                if b > a {
                    "arith.extf"
                } else {
                    "arith.truncf"
                }
            }
            _ if index(ctx, from) || index(ctx, to) => {
                if unsigned {
                    "arith.index_castui"
                } else {
                    "arith.index_cast"
                }
            }
            _ => return Ok(v),
        };
        self.value(ctx, name, &[v], to)
    }

    /// Upstream's `buildBinaryFn` on two values of one type.
    fn binary(&self, ctx: &mut Context, f: Binary, a: Value, b: Value) -> Result<Value, String> {
        let t = Self::ty(ctx, a)?;
        let (is_float, is_bool) = match ctx.type_kind(t) {
            TypeKind::Float(_) => (true, false),
            TypeKind::Integer { width: 1, .. } => (false, true),
            _ => (false, false),
        };
        let name = match (f, is_float) {
            (Binary::Add, true) => "arith.addf",
            (Binary::Add, false) if is_bool => "arith.ori",
            (Binary::Add, false) => "arith.addi",
            (Binary::Sub, true) => "arith.subf",
            (Binary::Sub, false) => "arith.subi",
            (Binary::Mul, true) => "arith.mulf",
            (Binary::Mul, false) if is_bool => "arith.andi",
            (Binary::Mul, false) => "arith.muli",
            (Binary::Div, true) => "arith.divf",
            (Binary::Div, false) => "arith.divsi",
            (Binary::DivUnsigned, _) => "arith.divui",
            (Binary::MaxSigned | Binary::MaxUnsigned, true) => "arith.maximumf",
            (Binary::MaxSigned, false) => "arith.maxsi",
            (Binary::MaxUnsigned, false) => "arith.maxui",
            (Binary::MinSigned | Binary::MinUnsigned, true) => "arith.minimumf",
            (Binary::MinSigned, false) => "arith.minsi",
            (Binary::MinUnsigned, false) => "arith.minui",
            (Binary::Powf, _) => "math.powf",
        };
        self.value(ctx, name, &[a, b], t)
    }
}

/// Whether the op's `cast` attribute asks for unsigned casts.
fn unsigned_cast(ctx: &Context, op: OpId) -> bool {
    let Some(a) = ctx.op_inherent_or_discardable(op, "cast").ok().flatten() else { return false };
    crate::asm::print_attribute(ctx, a).contains("cast_unsigned")
}

/// Creates the op's body block, with one argument per operand's element type.
fn body_block(ctx: &mut Context, op: OpId) -> Result<Option<(Builder, Vec<Value>)>, String> {
    let region = ctx.op_region(op, 0).map_err(|e| e.message)?;
    if !ctx.region_blocks(region).map_err(|e| e.message)?.is_empty() {
        return Ok(None);
    }
    let loc = ctx.op_location(op).map_err(|e| e.message)?;
    let types: Vec<Type> = ctx.op_operand_types(op).map_err(|e| e.message)?.into_iter().flatten().collect();
    let args: Vec<(Type, Location)> = types.iter().map(|&t| (ctx.element_type_or_self(t), loc)).collect();
    let block = ctx.create_block(&args);
    ctx.region_append_block(region, block).map_err(|e| e.message)?;
    let values = ctx.block_arguments(block).map_err(|e| e.message)?;
    Ok(Some((Builder { block, loc }, values)))
}

/// Builds a named op's body (MLIR's `fillStructuredOpRegion` with the op's region builder).
fn build_body(ctx: &mut Context, op: OpId) -> Result<(), String> {
    let name = ctx.op_name(op).map_err(|e| e.message)?.to_string();
    let Some(body) = body_of(&name) else { return Ok(()) };
    let Some((b, args)) = body_block(ctx, op)? else { return Ok(()) };
    let Some(&out) = args.last() else { return Ok(()) };
    let out_t = Builder::ty(ctx, out)?;
    let result = match body {
        Body::Cast { attr } => {
            let unsigned = attr && unsigned_cast(ctx, op);
            b.cast(ctx, out_t, args[0], unsigned)?
        }
        Body::Forward => args[0],
        Body::MulAdd if args.len() >= 3 => {
            let unsigned = unsigned_cast(ctx, op);
            let x = b.cast(ctx, out_t, args[0], unsigned)?;
            let y = b.cast(ctx, out_t, args[1], unsigned)?;
            let m = b.binary(ctx, Binary::Mul, x, y)?;
            b.binary(ctx, Binary::Add, out, m)?
        }
        Body::QuantizedMulAdd if args.len() >= 5 => {
            let a = b.cast(ctx, out_t, args[0], false)?;
            let az = b.cast(ctx, out_t, args[2], false)?;
            let l = b.binary(ctx, Binary::Sub, a, az)?;
            let x = b.cast(ctx, out_t, args[1], false)?;
            let xz = b.cast(ctx, out_t, args[3], false)?;
            let r = b.binary(ctx, Binary::Sub, x, xz)?;
            let m = b.binary(ctx, Binary::Mul, l, r)?;
            b.binary(ctx, Binary::Add, out, m)?
        }
        Body::Pool(f, unsigned) => {
            let x = b.cast(ctx, out_t, args[0], unsigned)?;
            b.binary(ctx, f, out, x)?
        }
        _ => return Ok(()),
    };
    b.op(ctx, "linalg.yield", &[result], None)?;
    if let Some(text) = fixed_maps(ctx, op, &name) {
        let maps = crate::asm::parser::parse_attribute(ctx, &text).map_err(|e| e.to_string())?;
        let mut attrs = ctx.op_attributes(op).map_err(|e| e.message)?.to_vec();
        attrs.push(crate::attrs::NamedAttribute { name: ctx.identifier(MEMOIZED), value: maps });
        ctx.set_op_attributes(op, &attrs).map_err(|e| e.message)?;
    }
    Ok(())
}

/// The discardable attribute upstream caches a named op's indexing maps in; its custom
/// form leaves it out.
const MEMOIZED: &str = "linalg.memoized_indexing_maps";

/// The indexing maps of a named op with a fixed iteration space, as text (upstream
/// memoizes them as `linalg.memoized_indexing_maps` when it first computes them). Window
/// ops fold their strides and dilations into the input's map.
fn fixed_maps(ctx: &Context, op: OpId, name: &str) -> Option<String> {
    let dims = |n: usize| (0..n).map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ");
    let maps = |n: usize, results: &[&str]| {
        let d = dims(n);
        let list: Vec<String> = results.iter().map(|r| format!("affine_map<({d}) -> ({r})>")).collect();
        format!("[{}]", list.join(", "))
    };
    let pair = |attr: &str| -> Vec<i64> {
        let Some(a) = ctx.op_inherent_or_discardable(op, attr).ok().flatten() else { return vec![1, 1] };
        let text = crate::asm::print_attribute(ctx, a);
        let inner = text.trim_start_matches("dense<").split('>').next().unwrap_or("1");
        let vals: Vec<i64> = inner.trim_matches(['[', ']']).split(',').filter_map(|v| v.trim().parse().ok()).collect();
        match vals.as_slice() {
            [v] => vec![*v, *v],
            [a, b, ..] => vec![*a, *b],
            _ => vec![1, 1],
        }
    };
    // `d{o} * stride + d{k} * dilation`, as MLIR writes the simplified sum.
    let window = |o: usize, k: usize, stride: i64, dilation: i64| {
        let term = |d: usize, c: i64| if c == 1 { format!("d{d}") } else { format!("d{d} * {c}") };
        format!("{} + {}", term(o, stride), term(k, dilation))
    };
    let op_name = name.strip_prefix("linalg.")?;
    Some(match op_name {
        "matvec" => maps(2, &["d0, d1", "d1", "d0"]),
        "vecmat" => maps(2, &["d1", "d1, d0", "d0"]),
        "batch_matvec" => maps(3, &["d0, d1, d2", "d0, d2", "d0, d1"]),
        "batch_vecmat" => maps(3, &["d0, d2", "d0, d2, d1", "d0, d1"]),
        "dot" => maps(1, &["d0", "d0", ""]),
        "quantized_matmul" => maps(3, &["d0, d2", "d2, d1", "", "", "d0, d1"]),
        "quantized_batch_matmul" => maps(4, &["d0, d1, d3", "d0, d3, d2", "", "", "d0, d1, d2"]),
        "mmt4d" => maps(6, &["d0, d2, d3, d5", "d1, d2, d4, d5", "d0, d1, d3, d4"]),
        "batch_mmt4d" => maps(7, &["d0, d1, d3, d4, d6", "d0, d2, d3, d5, d6", "d0, d1, d2, d4, d5"]),
        "conv_2d_nhwc_hwcf" => {
            let (s, d) = (pair("strides"), pair("dilations"));
            let (h, w) = (window(1, 4, s[0], d[0]), window(2, 5, s[1], d[1]));
            maps(7, &[&format!("d0, {h}, {w}, d6"), "d4, d5, d6, d3", "d0, d1, d2, d3"])
        }
        "conv_2d_nchw_fchw" => {
            let (s, d) = (pair("strides"), pair("dilations"));
            let (h, w) = (window(2, 5, s[0], d[0]), window(3, 6, s[1], d[1]));
            maps(7, &[&format!("d0, d4, {h}, {w}"), "d1, d4, d5, d6", "d0, d1, d2, d3"])
        }
        _ if op_name.starts_with("pooling_nhwc_") => {
            let (s, d) = (pair("strides"), pair("dilations"));
            let (h, w) = (window(1, 4, s[0], d[0]), window(2, 5, s[1], d[1]));
            maps(6, &[&format!("d0, {h}, {w}, d3"), "d4, d5", "d0, d1, d2, d3"])
        }
        _ if op_name.starts_with("pooling_nchw_") => {
            let (s, d) = (pair("strides"), pair("dilations"));
            let (h, w) = (window(2, 4, s[0], d[0]), window(3, 5, s[1], d[1]));
            maps(6, &[&format!("d0, d1, {h}, {w}"), "d4, d5", "d0, d1, d2, d3"])
        }
        _ => return None,
    })
}

/// The identity maps of `rank` dimensions for `n` operands.
fn identity_maps(ctx: &Context, rank: usize, n: usize) -> Option<Attribute> {
    let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    let map = format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", "));
    let list = vec![map; n].join(", ");
    crate::asm::parser::parse_attribute(ctx, &format!("[{list}]")).ok()
}

fn rank_of(ctx: &Context, t: Type) -> usize {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
            shape.len()
        }
        _ => 0,
    }
}

/// `linalg.elementwise`: the default maps (identities of the output's rank) when none
/// were written, then the body its kind computes.
fn build_elementwise(ctx: &mut Context, op: OpId) -> Result<(), String> {
    let types: Vec<Type> = ctx.op_operand_types(op).map_err(|e| e.message)?.into_iter().flatten().collect();
    if ctx.op_inherent_or_discardable(op, "indexing_maps").ok().flatten().is_none() {
        let rank = types.last().map_or(0, |&t| rank_of(ctx, t));
        if let Some(maps) = identity_maps(ctx, rank, types.len()) {
            set_property(ctx, op, "indexing_maps", maps)?;
        }
    }
    let kind = ctx
        .op_inherent_or_discardable(op, "kind")
        .ok()
        .flatten()
        .map(|a| crate::asm::print_attribute(ctx, a))
        .unwrap_or_default();
    let kind = kind.split('<').nth(1).unwrap_or("").trim_end_matches('>').to_string();
    let Some((b, args)) = body_block(ctx, op)? else { return Ok(()) };
    if args.len() < 2 {
        return Ok(());
    }
    let a = args[0];
    let t = Builder::ty(ctx, a)?;
    let unary = |name: &str| (name.to_string(), 1usize);
    let (name, arity) = match kind.as_str() {
        "exp" => unary("math.exp"),
        "log" => unary("math.log"),
        "abs" => unary("math.absf"),
        "ceil" => unary("math.ceil"),
        "floor" => unary("math.floor"),
        "negf" => unary("arith.negf"),
        "round" => unary("math.round"),
        "sqrt" => unary("math.sqrt"),
        "rsqrt" => unary("math.rsqrt"),
        "tanh" => unary("math.tanh"),
        "erf" => unary("math.erf"),
        "square" => ("square".into(), 1),
        "reciprocal" => ("reciprocal".into(), 1),
        "select" => ("arith.select".into(), 3),
        other => (other.to_string(), 2),
    };
    let result = match (name.as_str(), arity) {
        ("square", _) => b.binary(ctx, Binary::Mul, a, a)?,
        ("reciprocal", _) => {
            let one = crate::asm::parser::parse_attribute(ctx, &format!("1.0 : {}", crate::asm::print_type(ctx, t)))
                .map_err(|e| e.to_string())?;
            let mut st = OperationState::new("arith.constant", b.loc);
            st.result_types.push(t);
            st.attributes.push(crate::attrs::NamedAttribute { name: ctx.identifier("value"), value: one });
            let id = ctx.identifier("arith.constant");
            let c = ctx.create_operation_at(id, &st, InsertPoint::BlockEnd(b.block)).map_err(|e| e.message)?;
            let c = ctx.op_result(c, 0).map_err(|e| e.message)?;
            b.value(ctx, "arith.divf", &[c, a], t)?
        }
        (n, 1) => b.value(ctx, n, &[a], t)?,
        (n, 3) if args.len() >= 4 => {
            let t1 = Builder::ty(ctx, args[1])?;
            b.value(ctx, n, &[args[0], args[1], args[2]], t1)?
        }
        (n, _) if args.len() >= 3 => {
            let f = match n {
                "add" => Binary::Add,
                "sub" => Binary::Sub,
                "mul" => Binary::Mul,
                "div" => Binary::Div,
                "div_unsigned" => Binary::DivUnsigned,
                "max_signed" => Binary::MaxSigned,
                "min_signed" => Binary::MinSigned,
                "max_unsigned" => Binary::MaxUnsigned,
                "min_unsigned" => Binary::MinUnsigned,
                "powf" => Binary::Powf,
                _ => return Ok(()),
            };
            b.binary(ctx, f, a, args[1])?
        }
        _ => return Ok(()),
    };
    b.op(ctx, "linalg.yield", &[result], None)?;
    Ok(())
}

fn set_property(ctx: &mut Context, op: OpId, name: &str, value: Attribute) -> Result<(), String> {
    let mut entries: Vec<crate::attrs::NamedAttribute> = match ctx.op_properties(op).map_err(|e| e.message)? {
        Some(p) => ctx.dictionary_entries(p).to_vec(),
        None => Vec::new(),
    };
    let id = ctx.identifier(name);
    entries.retain(|e| e.name != id);
    entries.push(crate::attrs::NamedAttribute { name: id, value });
    entries.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
    let d = ctx.dictionary_attr(&entries).map_err(|e| e.message)?;
    ctx.set_op_properties(op, Some(d)).map_err(|e| e.message)
}

// ---- custom directives ----

pub(crate) fn register_directives(ctx: &mut Context) {
    let directives: Vec<(&str, CustomDirective)> = vec![
        ("ResultTypes", CustomDirective::new(Arc::new(parse_result_types), Arc::new(print_result_types))),
        ("GenericTraits", CustomDirective::new(Arc::new(parse_generic_traits), Arc::new(print_generic_traits))),
        ("MatmulMaps", maps_directive(MATMUL_MAPS)),
        ("BatchMatmulMaps", maps_directive(BATCH_MATMUL_MAPS)),
        ("BatchReduceMatmulMaps", maps_directive(BATCH_REDUCE_MATMUL_MAPS)),
        ("ElementwiseMaps", CustomDirective::new(Arc::new(parse_optional_maps), Arc::new(print_elementwise_maps))),
        ("Permutation", array_directive("permutation")),
        ("Dimensions", array_directive("dimensions")),
        ("DpsOuts", CustomDirective::new(Arc::new(parse_dps_outs), Arc::new(print_dps_outs))),
        ("BodyArgs", body_args_directive(false)),
        ("ReduceBodyArgs", body_args_directive(true)),
        (
            "MapShortBody",
            CustomDirective::new(Arc::new(parse_short_body), Arc::new(|p, a| print_short_body(p, a, false))),
        ),
        (
            "ReduceShortBody",
            CustomDirective::new(Arc::new(parse_short_body), Arc::new(|p, a| print_short_body(p, a, true))),
        ),
    ];
    for (name, mut d) in directives {
        // Upstream's hand-written printers write their leading space only with their text.
        d.no_space_when_empty = true;
        ctx.register_custom_directive("linalg", name, d).expect("the linalg dialect is registered");
    }
}

/// The body's arguments of the long form, present only when the body has no short form.
fn body_args_directive(init_first: bool) -> CustomDirective {
    let mut d = CustomDirective::new(Arc::new(parse_body_args), Arc::new(print_body_args));
    d.present =
        Some(Arc::new(move |ctx: &Context, args: &[PrintArg]| short_form_payload(ctx, args, init_first).is_none()));
    d
}

const MATMUL_MAPS: &str = "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]";
const BATCH_MATMUL_MAPS: &str = "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]";
const BATCH_REDUCE_MATMUL_MAPS: &str = "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>]";

fn parse_type_list(p: &mut dyn DirectiveParser, close: &str) -> Result<Vec<Type>, AsmError> {
    let mut types = Vec::new();
    if p.parse_optional_punct(close)? {
        return Ok(types);
    }
    loop {
        types.push(p.parse_type()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(close)?;
    Ok(types)
}

fn print_types(p: &mut dyn DirectivePrinter, types: &[Type]) {
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
    }
}

/// `-> type` or `-> (types)`, absent without results (MLIR's optional arrow type list).
fn parse_result_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut types = Vec::new();
    if p.parse_optional_punct("->")? {
        if p.parse_optional_punct("(")? {
            types = parse_type_list(p, ")")?;
        } else {
            types.push(p.parse_type()?);
        }
    }
    args[0] = ParsedArg::Types(types);
    Ok(())
}

fn print_result_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Types(types)) = args.first() else { return };
    if types.is_empty() {
        return;
    }
    p.write("-> ");
    let parens = types.len() > 1 || matches!(p.context().type_kind(types[0]), TypeKind::Function { .. });
    if parens {
        p.write("(");
    }
    print_types(p, types);
    if parens {
        p.write(")");
    }
}

/// `{indexing_maps = [...], iterator_types = ["parallel", ...], doc = "..", library_call =
/// ".."}`: iterator types written as strings, kept as `#linalg.iterator_type<..>`.
/// Arguments: `$indexing_maps, $iterator_types, $doc, $library_call`.
fn parse_generic_traits(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let dict = p.parse_attribute()?;
    let ctx = p.context();
    let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) else {
        return Err(p.error("expected attribute dictionary"));
    };
    let entries = entries.clone();
    for e in entries.iter() {
        let slot = match ctx.ident_str(e.name) {
            "indexing_maps" => 0,
            "iterator_types" => 1,
            "doc" => 2,
            "library_call" => 3,
            _ => continue,
        };
        let mut value = e.value;
        if slot == 1 {
            let AttrKind::Array(items) = ctx.attr_kind(e.value) else {
                return Err(p.error("expected iterator_types to be an array"));
            };
            let mut out = Vec::new();
            for &i in items.iter() {
                let text = match ctx.attr_kind(i) {
                    AttrKind::String { .. } => {
                        let s = crate::asm::print_attribute(ctx, i);
                        let s = s.trim_matches('"').to_string();
                        if s != "parallel" && s != "reduction" {
                            return Err(p.error(&format!("unexpected iterator_type ({s})")));
                        }
                        format!("#linalg.iterator_type<{s}>")
                    }
                    _ => crate::asm::print_attribute(ctx, i),
                };
                out.push(crate::asm::parser::parse_attribute(ctx, &text).map_err(|e| p.error(&e.to_string()))?);
            }
            value = ctx.array_attr(&out);
        }
        args[slot] = ParsedArg::Attr(Some(value));
    }
    Ok(())
}

fn print_generic_traits(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let attr = |i: usize| match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    };
    let mut first = true;
    p.write("{");
    for (i, name) in [(2, "doc"), (0, "indexing_maps"), (1, "iterator_types"), (3, "library_call")] {
        let Some(a) = attr(i) else { continue };
        if !first {
            p.write(", ");
        }
        first = false;
        p.write(name);
        p.write(" = ");
        if i == 1 {
            let items = match p.context().attr_kind(a) {
                AttrKind::Array(items) => items.to_vec(),
                _ => Vec::new(),
            };
            p.write("[");
            for (k, it) in items.iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                let text = crate::asm::print_attribute(p.context(), *it);
                let kw = text.split('<').nth(1).map(|s| s.trim_end_matches('>').to_string());
                match kw {
                    Some(kw) => p.write(&format!("\"{kw}\"")),
                    None => p.print_attribute(*it),
                }
            }
            p.write("]");
        } else {
            p.print_attribute(a);
        }
    }
    p.write("}");
}

/// `indexing_maps = [...]`, optional.
fn parse_optional_maps(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    if p.at_keyword("indexing_maps") {
        p.parse_keyword("indexing_maps")?;
        p.parse_punct("=")?;
        let a = p.parse_attribute()?;
        args[0] = ParsedArg::Attr(Some(a));
    } else {
        args[0] = ParsedArg::Attr(None);
    }
    Ok(())
}

/// Indexing maps that are written only when they differ from the op's default, which an
/// op read without them gets.
fn maps_directive(default: &'static str) -> CustomDirective {
    CustomDirective::new(
        Arc::new(move |p: &mut dyn DirectiveParser, args: &mut [ParsedArg]| {
            parse_optional_maps(p, args)?;
            if matches!(args[0], ParsedArg::Attr(None)) {
                let d =
                    crate::asm::parser::parse_attribute(p.context(), default).map_err(|e| p.error(&e.to_string()))?;
                args[0] = ParsedArg::Attr(Some(d));
            }
            Ok(())
        }),
        Arc::new(move |p: &mut dyn DirectivePrinter, args: &[PrintArg]| {
            let Some(PrintArg::Attr(Some(a))) = args.first() else { return };
            let d = crate::asm::parser::parse_attribute(p.context(), default).ok();
            if d == Some(*a) {
                return;
            }
            p.write("indexing_maps = ");
            p.print_attribute(*a);
        }),
    )
}

/// Whether every map of an array is an identity (linalg.elementwise's default).
fn all_identity_maps(ctx: &Context, a: Attribute) -> bool {
    let AttrKind::Array(items) = ctx.attr_kind(a) else { return false };
    items.iter().all(|&m| {
        let text = crate::asm::print_attribute(ctx, m);
        let inner = text.trim_start_matches("affine_map<").trim_end_matches('>');
        let mut parts = inner.split(" -> ");
        let (Some(dims), Some(res)) = (parts.next(), parts.next()) else { return false };
        dims == res
    })
}

fn print_elementwise_maps(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::Attr(Some(a))) = args.first() else { return };
    if all_identity_maps(p.context(), *a) {
        return;
    }
    p.write("indexing_maps = ");
    p.print_attribute(*a);
}

/// `name = [1, 0] ` (a dense i64 array as a list, with upstream's trailing space).
fn array_directive(name: &'static str) -> CustomDirective {
    CustomDirective::new(
        Arc::new(move |p: &mut dyn DirectiveParser, args: &mut [ParsedArg]| {
            p.parse_keyword(name)?;
            p.parse_punct("=")?;
            p.parse_punct("[")?;
            let mut values: Vec<i64> = Vec::new();
            if !p.parse_optional_punct("]")? {
                loop {
                    let a = p.parse_attribute()?;
                    let v = match p.context().attr_kind(a) {
                        AttrKind::Integer { .. } => crate::asm::print_attribute(p.context(), a)
                            .split(' ')
                            .next()
                            .and_then(|s| s.parse::<i64>().ok())
                            .ok_or_else(|| p.error("expected integer"))?,
                        _ => return Err(p.error("expected integer")),
                    };
                    values.push(v);
                    if !p.parse_optional_punct(",")? {
                        break;
                    }
                }
                p.parse_punct("]")?;
            }
            let ctx = p.context();
            let i64t =
                ctx.integer_type(64, crate::types::Signedness::Signless).map_err(|e| AsmError::new(e.message))?;
            let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
            let a = ctx.dense_array_attr(i64t, &data).map_err(|e| AsmError::new(e.message))?;
            args[0] = ParsedArg::Attr(Some(a));
            Ok(())
        }),
        Arc::new(move |p: &mut dyn DirectivePrinter, args: &[PrintArg]| {
            let Some(PrintArg::Attr(Some(a))) = args.first() else { return };
            let text = crate::asm::print_attribute(p.context(), *a);
            let list = text.trim_start_matches("array<i64").trim_start_matches(':').trim_end_matches('>').trim();
            p.write(&format!("{name} = [{list}] "));
        }),
    )
}

/// `outs(%a, %b : ta, tb)`: the results are the outputs of tensor type. Arguments:
/// `$init, type($init), type($result)`.
fn parse_dps_outs(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut operands: Vec<UnresolvedOperand> = Vec::new();
    let mut types = Vec::new();
    if p.at_keyword("outs") {
        p.parse_keyword("outs")?;
        p.parse_punct("(")?;
        if !p.parse_optional_punct(")")? {
            loop {
                operands.push(p.parse_operand()?);
                if !p.parse_optional_punct(",")? {
                    break;
                }
            }
            p.parse_punct(":")?;
            types = parse_type_list(p, ")")?;
        }
    }
    let ctx = p.context();
    let results: Vec<Type> = types
        .iter()
        .copied()
        .filter(|&t| matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }))
        .collect();
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Types(types);
    args[2] = ParsedArg::Types(results);
    Ok(())
}

fn print_dps_outs(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let (Some(PrintArg::Operands(v)), Some(PrintArg::Types(t))) = (args.first(), args.get(1)) else { return };
    if v.is_empty() {
        return;
    }
    p.write("outs(");
    for (i, &x) in v.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(x);
    }
    p.write(" : ");
    print_types(p, t);
    p.write(")");
}

/// `%a: f32, %b: f32`: the body's arguments (the format writes the parentheses), before
/// the body itself; present when the body has no short form.
fn parse_body_args(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut list = Vec::new();
    if p.at_operand() {
        loop {
            let a = p.parse_argument()?;
            p.parse_punct(":")?;
            let t = p.parse_type()?;
            p.parse_optional_location(a)?;
            list.push((a, t));
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
    }
    args[0] = ParsedArg::RegionArgs(list);
    Ok(())
}

fn print_body_args(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(PrintArg::RegionArgs(v)) = args.first() else { return };
    for (i, &a) in v.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(a);
        p.write(": ");
        let t = p.context().value_type_ref(a.0);
        p.print_type(t);
    }
}

/// A short form's payload: the op name and its attributes.
type ShortForm = Option<(String, Vec<crate::attrs::NamedAttribute>)>;

thread_local! {
    /// The payload of each linalg.map / linalg.reduce being read: its short form's op name
    /// and attributes (`None` for the long form), from the directive that reads it to the
    /// hook that builds the body once the op exists (a stack: bodies nest).
    static SHORT_FORMS: std::cell::RefCell<Vec<ShortForm>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `{ arith.addf }` or `{ arith.addf {fastmath = ...} }` (MLIR's short form of map/reduce).
fn parse_short_body(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut short = None;
    if p.parse_optional_punct("{")? {
        let name = p.parse_optional_keyword()?.ok_or_else(|| p.error("expected operation name"))?;
        let mut attrs = Vec::new();
        if p.at_punct("{") {
            let d = p.parse_attribute()?;
            if let AttrKind::Dictionary(entries) = p.context().attr_kind(d) {
                attrs = entries.to_vec();
            }
        }
        p.parse_punct("}")?;
        short = Some((name, attrs));
    }
    SHORT_FORMS.with(|s| s.borrow_mut().push(short));
    args[0] = ParsedArg::Other;
    Ok(())
}

/// The body's payload op when the body has the short form: two ops, the payload taking
/// the arguments in order (reduce: the init first) and the yield giving its result
/// (MLIR's `findPayloadOp`).
fn short_form_payload(ctx: &Context, args: &[PrintArg], init_first: bool) -> Option<u32> {
    let Some(PrintArg::RegionArgs(v)) = args.first() else { return None };
    let first = v.first()?.0;
    if !first.is_arg() {
        return None;
    }
    let block = first.owner;
    let ir = &ctx.ir;
    let payload = ir.blocks.get(block).first_op;
    if payload == crate::arena::NONE {
        return None;
    }
    let yield_op = ir.link(payload).next;
    if yield_op == crate::arena::NONE || ir.link(yield_op).next != crate::arena::NONE {
        return None;
    }
    let pd = ir.ops.get(payload);
    let yd = ir.ops.get(yield_op);
    if pd.results.len() != 1 || !pd.regions().is_empty() || yd.operands.len() != 1 {
        return None;
    }
    let y = yd.operands[0].value;
    if y.is_arg() || y.owner != payload {
        return None;
    }
    let nargs = ir.blocks.get(block).args.len() as u32;
    let ops: Vec<crate::ir::ValueRef> = pd.operands.iter().map(|o| o.value).collect();
    let arg = |k: u32| crate::ir::ValueRef::block_arg(block, k);
    let ok = if init_first {
        ops.len() as u32 == nargs && ops.last() == Some(&arg(0)) && ops.iter().zip(1..nargs).all(|(&o, k)| o == arg(k))
    } else {
        !ops.is_empty() && ops.len() as u32 == nargs - 1 && ops.iter().zip(0..).all(|(&o, k)| o == arg(k))
    };
    ok.then_some(payload)
}

fn print_short_body(p: &mut dyn DirectivePrinter, args: &[PrintArg], init_first: bool) {
    let Some(payload) = short_form_payload(p.context(), args, init_first) else { return };
    let ctx = p.context();
    let d = ctx.ir.ops.get(payload);
    let name = ctx.ident_str(d.name).to_string();
    let mut attrs: Vec<crate::attrs::NamedAttribute> = d.attrs.to_vec();
    if let Some(props) = d.properties {
        attrs.extend_from_slice(ctx.dictionary_entries(props));
    }
    // The first fast-math attribute left at `none` is elided, as upstream.
    if let Some(i) = attrs.iter().position(|a| crate::asm::print_attribute(ctx, a.value) == "#arith.fastmath<none>") {
        attrs.remove(i);
    }
    attrs.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
    let dict = if attrs.is_empty() { None } else { ctx.dictionary_attr(&attrs).ok() };
    p.write("{ ");
    p.write(&name);
    if let Some(dict) = dict {
        p.write(" ");
        p.print_attribute(dict);
    }
    p.write(" }");
}

/// Builds the body of a map or reduce read in its short form (MLIR's
/// `addBodyWithPayloadOp`): one argument per operand's element type, the payload on them,
/// and a yield of its result.
fn build_short_body(ctx: &mut Context, op: OpId) -> Result<(), String> {
    let Some(short) = SHORT_FORMS.with(|s| s.borrow_mut().pop()).flatten() else { return Ok(()) };
    let init_first = ctx.op_name(op).map_err(|e| e.message)? == "linalg.reduce";
    let Some((b, args)) = body_block(ctx, op)? else { return Ok(()) };
    let Some(&last) = args.last() else { return Ok(()) };
    let operands: Vec<Value> = if init_first {
        std::iter::once(last).chain(args[..args.len() - 1].iter().copied()).collect()
    } else {
        args[..args.len() - 1].to_vec()
    };
    let t = Builder::ty(ctx, last)?;
    let mut st = OperationState::new(&short.0, b.loc);
    st.operands = operands;
    st.result_types.push(t);
    st.attributes = short.1;
    let id = ctx.identifier(&short.0);
    let payload = ctx.create_operation_at(id, &st, InsertPoint::BlockEnd(b.block)).map_err(|e| e.message)?;
    let r = ctx.op_result(payload, 0).map_err(|e| e.message)?;
    b.op(ctx, "linalg.yield", &[r], None)?;
    Ok(())
}
