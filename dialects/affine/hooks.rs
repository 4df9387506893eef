//! The affine dialect's Rust hooks: the custom syntax upstream writes in C++ (affine
//! expressions whose identifiers are SSA values, maps applied to dim and symbol lists, loop
//! headers, static/dynamic index lists) and the verifiers.

use std::sync::Arc;

use crate::affine::{AffineBinaryOp, AffineExpr, AffineMap, AffineNode, ExprBuilder, IntegerSet};
use crate::asm::format::{
    CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg, PrintedValue, UnresolvedOperand,
};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::dialect::AsmError;
use crate::ir::OpId;
use crate::types::{Signedness, Type, TypeKind};

/// `ShapedType::kDynamic`: a basis entry given by an operand.
const DYNAMIC: i64 = i64::MIN;

pub(crate) fn register_hooks(ctx: &mut Context) {
    ctx.load_dialect("arith");
    let verifiers: [(&str, crate::dialect::OpVerifier); 16] = [
        ("affine.apply", Arc::new(verify_apply)),
        ("affine.min", Arc::new(verify_min_max)),
        ("affine.max", Arc::new(verify_min_max)),
        ("affine.load", Arc::new(|c: &Context, op: OpId| verify_access(c, op, 0, Some(true)))),
        ("affine.vector_load", Arc::new(|c: &Context, op: OpId| verify_access(c, op, 0, None))),
        ("affine.store", Arc::new(|c: &Context, op: OpId| verify_access(c, op, 1, Some(false)))),
        ("affine.vector_store", Arc::new(|c: &Context, op: OpId| verify_access(c, op, 1, None))),
        ("affine.prefetch", Arc::new(verify_prefetch)),
        ("affine.for", Arc::new(verify_for)),
        ("affine.if", Arc::new(verify_if)),
        ("affine.parallel", Arc::new(verify_parallel)),
        ("affine.yield", Arc::new(verify_yield)),
        ("affine.delinearize_index", Arc::new(verify_delinearize)),
        ("affine.linearize_index", Arc::new(verify_linearize)),
        ("affine.dma_start", Arc::new(verify_nothing)),
        ("affine.dma_wait", Arc::new(verify_nothing)),
    ];
    for (name, v) in verifiers {
        ctx.register_op_verifier_hook(name, v);
    }
}

pub(crate) fn register_directives(ctx: &mut Context) {
    let directives: [(&str, CustomDirective); 15] = [
        ("MapAndOperands", CustomDirective::new(Arc::new(parse_map_and_operands), Arc::new(print_map_and_operands))),
        ("MinMaxOperands", CustomDirective::new(Arc::new(parse_min_max_operands), Arc::new(print_map_and_operands))),
        ("SetAndOperands", CustomDirective::new(Arc::new(parse_set_and_operands), Arc::new(print_map_and_operands))),
        ("MapOfSSAIds", CustomDirective::new(Arc::new(parse_map_of_ssa_ids), Arc::new(print_map_of_ssa_ids))),
        ("MemRefElement", CustomDirective::new(Arc::new(parse_memref_element), Arc::new(print_first_type))),
        ("PrefetchHints", CustomDirective::new(Arc::new(parse_prefetch_hints), Arc::new(print_prefetch_hints))),
        ("ArrowTypeList", CustomDirective::new(Arc::new(parse_arrow_types), Arc::new(print_arrow_types))),
        ("ForHeader", CustomDirective::new(Arc::new(parse_for_header), Arc::new(print_for_header))),
        ("ParallelHeader", CustomDirective::new(Arc::new(parse_parallel_header), Arc::new(print_parallel_header))),
        ("DynamicIndexList", CustomDirective::new(Arc::new(parse_index_list), Arc::new(print_index_list))),
        ("DelinearizeTypes", CustomDirective::new(Arc::new(parse_delinearize_types), Arc::new(print_types_arg))),
        ("LinearizeTypes", CustomDirective::new(Arc::new(parse_linearize_types), Arc::new(print_first_type))),
        ("Disjoint", CustomDirective::new(Arc::new(parse_disjoint), Arc::new(print_disjoint))),
        ("DmaStart", CustomDirective::new(Arc::new(parse_dma_start), Arc::new(print_dma_start))),
        ("DmaWait", CustomDirective::new(Arc::new(parse_dma_wait), Arc::new(print_dma_wait))),
    ];
    for (name, mut d) in directives {
        d.printed_attributes = match name {
            // Maps printed as SSA expressions are not printed as attributes.
            "MapOfSSAIds" | "ParallelHeader" | "DmaStart" | "DmaWait" => {
                Some(Arc::new(|_: &Context, _: &[Option<Attribute>]| Vec::new()))
            }
            "ForHeader" => Some(Arc::new(for_printed_maps)),
            _ => None,
        };
        ctx.register_custom_directive("affine", name, d).expect("the affine dialect is registered");
    }
}

// ---- reading ----

fn int_of(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.to_i64(64),
        _ => None,
    }
}

/// An integer literal (possibly negative), read as an attribute.
fn parse_integer(p: &mut dyn DirectiveParser) -> Result<i64, AsmError> {
    let a = p.parse_attribute()?;
    int_of(p.context(), a).ok_or_else(|| p.error("expected integer value"))
}

/// A comma list of operands up to `close` (the opening delimiter already read).
fn parse_operands_until(p: &mut dyn DirectiveParser, close: &str) -> Result<Vec<UnresolvedOperand>, AsmError> {
    let mut v = Vec::new();
    if p.parse_optional_punct(close)? {
        return Ok(v);
    }
    loop {
        v.push(p.parse_operand()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(close)?;
    Ok(v)
}

fn parse_types_until(p: &mut dyn DirectiveParser, close: &str) -> Result<Vec<Type>, AsmError> {
    let mut v = Vec::new();
    if p.parse_optional_punct(close)? {
        return Ok(v);
    }
    loop {
        v.push(p.parse_type()?);
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(close)?;
    Ok(v)
}

/// `(%d0, ...)[%s0, ...]`: MLIR's `parseDimAndSymbolList`; returns the operands (dims first)
/// and the number of dims.
fn parse_dim_and_symbol_list(p: &mut dyn DirectiveParser) -> Result<(Vec<UnresolvedOperand>, usize), AsmError> {
    p.parse_punct("(")?;
    let mut ops = parse_operands_until(p, ")")?;
    let dims = ops.len();
    if p.parse_optional_punct("[")? {
        ops.extend(parse_operands_until(p, "]")?);
    }
    Ok((ops, dims))
}

fn map_of(ctx: &Context, a: Option<Attribute>) -> Option<&AffineMap> {
    match ctx.attr_kind(a?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

fn set_of(ctx: &Context, a: Option<Attribute>) -> Option<&IntegerSet> {
    match ctx.attr_kind(a?) {
        AttrKind::IntegerSet(s) => Some(s),
        _ => None,
    }
}

/// `#map(%a)[%b]`. Arguments: `$map, $operands`.
fn parse_map_and_operands(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let attr = p.parse_attribute()?;
    let Some((dims, syms)) = map_of(p.context(), Some(attr)).map(|m| (m.num_dims, m.num_symbols)) else {
        return Err(p.error("expected affine map"));
    };
    let (ops, num_dims) = parse_dim_and_symbol_list(p)?;
    if dims as usize != num_dims || (dims + syms) as usize != ops.len() {
        return Err(p.error("dimension or symbol index mismatch"));
    }
    args[0] = ParsedArg::Attr(Some(attr));
    args[1] = ParsedArg::Operands(ops);
    Ok(())
}

/// `#map(%a)[%b]` of affine.min/max, whose counts the verifier checks. Arguments: `$map,
/// $operands`.
fn parse_min_max_operands(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let attr = p.parse_attribute()?;
    if map_of(p.context(), Some(attr)).is_none() {
        return Err(p.error("expected affine map"));
    }
    let (ops, _) = parse_dim_and_symbol_list(p)?;
    args[0] = ParsedArg::Attr(Some(attr));
    args[1] = ParsedArg::Operands(ops);
    Ok(())
}

fn check_dim_symbol_counts(
    p: &dyn DirectiveParser,
    dims: u32,
    syms: u32,
    ops: &[UnresolvedOperand],
    num_dims: usize,
) -> Result<(), AsmError> {
    if dims as usize != num_dims {
        return Err(p.error("dim operand count and affine map dim count must match"));
    }
    if (dims + syms) as usize != ops.len() {
        return Err(p.error("symbol operand count and affine map symbol count must match"));
    }
    Ok(())
}

/// `#set(%a)[%b]`. Arguments: `$condition, $operands, type($operands)`.
fn parse_set_and_operands(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let attr = p.parse_attribute()?;
    let Some((dims, syms)) = set_of(p.context(), Some(attr)).map(|s| (s.num_dims, s.num_symbols)) else {
        return Err(p.error("expected integer set"));
    };
    let (ops, num_dims) = parse_dim_and_symbol_list(p)?;
    if dims as usize != num_dims {
        return Err(p.error("dim operand count and integer set dim count must match"));
    }
    if (dims + syms) as usize != ops.len() {
        return Err(p.error("symbol operand count and integer set symbol count must match"));
    }
    let index = p.context().index_type();
    args[2] = ParsedArg::Types(vec![index; ops.len()]);
    args[0] = ParsedArg::Attr(Some(attr));
    args[1] = ParsedArg::Operands(ops);
    Ok(())
}

/// An affine expression over SSA values being read: each new SSA name becomes the next dim
/// (or, inside `symbol(...)`, the next symbol), a name seen before is the same identifier
/// (MLIR's `parseAffineExprOfSSAIds`).
#[derive(Default)]
struct SsaExprParser {
    dims: Vec<UnresolvedOperand>,
    syms: Vec<UnresolvedOperand>,
    seen: Vec<(UnresolvedOperand, AffineExpr)>,
}

fn is_symbolic(e: &AffineExpr) -> bool {
    match e {
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
        AffineExpr::Binary(_, l, r) => is_symbolic(l) && is_symbolic(r),
    }
}

/// `-e`, as the core's map parser builds it (`e * -1`, a constant negated).
fn negate(e: AffineExpr) -> AffineExpr {
    match e {
        AffineExpr::Constant(c) => AffineExpr::Constant(c.wrapping_neg()),
        e => AffineExpr::binary(AffineBinaryOp::Mul, e, AffineExpr::Constant(-1)),
    }
}

fn subtract(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    match b {
        AffineExpr::Constant(0) => a,
        AffineExpr::Constant(c) => AffineExpr::binary(AffineBinaryOp::Add, a, AffineExpr::Constant(c.wrapping_neg())),
        b => AffineExpr::binary(AffineBinaryOp::Add, a, negate(b)),
    }
}

/// `e` rebuilt bottom-up the way MLIR's `AffineExpr` operators build it (simplified).
fn simplified(e: &AffineExpr, b: &mut ExprBuilder) -> u32 {
    match e {
        AffineExpr::Dim(d) => b.dim(*d),
        AffineExpr::Symbol(s) => b.symbol(*s),
        AffineExpr::Constant(c) => b.constant(*c),
        AffineExpr::Binary(op, l, r) => {
            let l = simplified(l, b);
            let r = simplified(r, b);
            b.binary(*op, l, r)
        }
    }
}

/// The map of `exprs` over `dims` dims and `syms` symbols, simplified as upstream builds it.
fn simplified_map(dims: u32, syms: u32, exprs: &[AffineExpr]) -> AffineMap {
    let mut b = ExprBuilder::default();
    let roots: Vec<u32> = exprs.iter().map(|e| simplified(e, &mut b)).collect();
    let mut nodes = Vec::new();
    let results: Vec<u32> = roots.iter().map(|&r| b.flatten(r, &mut nodes)).collect();
    AffineMap { num_dims: dims, num_symbols: syms, nodes: nodes.into(), results: results.into() }
}

impl SsaExprParser {
    fn operand(&mut self, p: &mut dyn DirectiveParser, symbol: bool) -> Result<AffineExpr, AsmError> {
        let o = p.parse_operand()?;
        if let Some((_, e)) = self.seen.iter().find(|(s, _)| s.same_value(&o)) {
            return Ok(e.clone());
        }
        let e = if symbol {
            self.syms.push(o);
            AffineExpr::Symbol(self.syms.len() as u32 - 1)
        } else {
            self.dims.push(o);
            AffineExpr::Dim(self.dims.len() as u32 - 1)
        };
        self.seen.push((o, e.clone()));
        Ok(e)
    }

    fn atom(&mut self, p: &mut dyn DirectiveParser) -> Result<AffineExpr, AsmError> {
        if p.parse_optional_punct("(")? {
            if p.at_punct(")") {
                return Err(p.error("no expression inside parentheses"));
            }
            let e = self.sum(p)?;
            p.parse_punct(")")?;
            return Ok(e);
        }
        if p.parse_optional_punct("-")? {
            let e = self.atom(p)?;
            return Ok(negate(e));
        }
        if p.at_operand() {
            return self.operand(p, false);
        }
        if p.at_keyword("symbol") {
            p.parse_keyword("symbol")?;
            p.parse_punct("(")?;
            let e = self.operand(p, true)?;
            p.parse_punct(")")?;
            return Ok(e);
        }
        if p.at_punct("+") || p.at_punct("*") {
            return Err(p.error("missing left operand of binary operator"));
        }
        if p.at_punct("]") || p.at_punct(")") || p.at_punct(",") {
            return Err(p.error("expected affine expression"));
        }
        Ok(AffineExpr::Constant(parse_integer(p)?))
    }

    fn product(&mut self, p: &mut dyn DirectiveParser) -> Result<AffineExpr, AsmError> {
        let mut lhs = self.atom(p)?;
        loop {
            let op = if p.parse_optional_punct("*")? {
                AffineBinaryOp::Mul
            } else if p.at_keyword("floordiv") {
                p.parse_keyword("floordiv")?;
                AffineBinaryOp::FloorDiv
            } else if p.at_keyword("ceildiv") {
                p.parse_keyword("ceildiv")?;
                AffineBinaryOp::CeilDiv
            } else if p.at_keyword("mod") {
                p.parse_keyword("mod")?;
                AffineBinaryOp::Mod
            } else {
                return Ok(lhs);
            };
            let rhs = self.atom(p)?;
            let err = match op {
                AffineBinaryOp::Mul if !is_symbolic(&lhs) && !is_symbolic(&rhs) => Some(
                    "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                ),
                AffineBinaryOp::FloorDiv if !is_symbolic(&rhs) => {
                    Some("non-affine expression: right operand of floordiv has to be either a constant or symbolic")
                }
                AffineBinaryOp::CeilDiv if !is_symbolic(&rhs) => {
                    Some("non-affine expression: right operand of ceildiv has to be either a constant or symbolic")
                }
                AffineBinaryOp::Mod if !is_symbolic(&rhs) => {
                    Some("non-affine expression: right operand of mod has to be either a constant or symbolic")
                }
                _ => None,
            };
            if let Some(m) = err {
                return Err(p.error(m));
            }
            lhs = AffineExpr::binary(op, lhs, rhs);
        }
    }

    fn sum(&mut self, p: &mut dyn DirectiveParser) -> Result<AffineExpr, AsmError> {
        let mut lhs = self.product(p)?;
        loop {
            if p.parse_optional_punct("+")? {
                let rhs = self.product(p)?;
                lhs = AffineExpr::binary(AffineBinaryOp::Add, lhs, rhs);
            } else if p.parse_optional_punct("-")? {
                let rhs = self.product(p)?;
                lhs = subtract(lhs, rhs);
            } else {
                return Ok(lhs);
            }
        }
    }

    /// Expressions separated by commas up to `close` (the opening delimiter read).
    fn list(&mut self, p: &mut dyn DirectiveParser, close: &str) -> Result<Vec<AffineExpr>, AsmError> {
        let mut exprs = Vec::new();
        if p.parse_optional_punct(close)? {
            return Ok(exprs);
        }
        loop {
            exprs.push(self.sum(p)?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(close)?;
        Ok(exprs)
    }

    /// The map over the names read so far, and its operands (dims, then symbols).
    fn finish(self, ctx: &Context, exprs: &[AffineExpr]) -> Result<(Attribute, Vec<UnresolvedOperand>), AsmError> {
        let map = simplified_map(self.dims.len() as u32, self.syms.len() as u32, exprs);
        let attr = ctx.affine_map_attr(map).map_err(|e| AsmError::new(e.message))?;
        let mut ops = self.dims;
        ops.extend(self.syms);
        Ok((attr, ops))
    }
}

/// The subscripts between `[` and `]` (the brackets belong to the format). Arguments:
/// `$indices, $map`.
fn parse_map_of_ssa_ids(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut e = SsaExprParser::default();
    let mut exprs = Vec::new();
    if !p.at_punct("]") {
        loop {
            exprs.push(e.sum(p)?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
    }
    let (attr, ops) = e.finish(p.context(), &exprs)?;
    args[0] = ParsedArg::Operands(ops);
    args[1] = ParsedArg::Attr(Some(attr));
    Ok(())
}

/// `: memref<...>`'s type and its element type. Arguments: `type($memref), type($elem)`.
fn parse_memref_element(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let t = p.parse_type()?;
    let elem = match p.context().type_kind(t) {
        TypeKind::MemRef { element, .. } => *element,
        _ => return Err(p.error("invalid kind of type specified")),
    };
    args[0] = ParsedArg::Types(vec![t]);
    args[1] = ParsedArg::Types(vec![elem]);
    Ok(())
}

/// `read, locality<3>, data`. Arguments: `$isWrite, $localityHint, $isDataCache`.
fn parse_prefetch_hints(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let rw = p.parse_optional_keyword()?;
    let is_write = match rw.as_deref() {
        Some("read") => false,
        Some("write") => true,
        _ => return Err(p.error("rw specifier has to be 'read' or 'write'")),
    };
    p.parse_punct(",")?;
    p.parse_keyword("locality")?;
    p.parse_punct("<")?;
    let hint = parse_integer(p)?;
    p.parse_punct(">")?;
    p.parse_punct(",")?;
    let cache = p.parse_optional_keyword()?;
    let is_data = match cache.as_deref() {
        Some("data") => true,
        Some("instr") => false,
        _ => return Err(p.error("cache type has to be 'data' or 'instr'")),
    };
    let ctx = p.context();
    let i32t = ctx.integer_type(32, Signedness::Signless).expect("i32");
    args[0] = ParsedArg::Attr(Some(ctx.bool_attr(is_write)));
    args[1] = ParsedArg::Attr(Some(ctx.integer_attr(i32t, hint).map_err(|e| AsmError::new(e.message))?));
    args[2] = ParsedArg::Attr(Some(ctx.bool_attr(is_data)));
    Ok(())
}

/// The types after `->`: one type, or a list in parentheses. Argument: `type($results)`.
fn parse_arrow_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let types = if p.parse_optional_punct("(")? { parse_types_until(p, ")")? } else { vec![p.parse_type()?] };
    args[0] = ParsedArg::Types(types);
    Ok(())
}

/// A loop bound (MLIR's `parseBound` of `affine.for`): `%n`, an integer, or
/// `[max|min] #map(dims)[syms]`.
fn parse_bound(p: &mut dyn DirectiveParser, lower: bool) -> Result<(Attribute, Vec<UnresolvedOperand>), AsmError> {
    let keyword = if lower { "max" } else { "min" };
    let prefixed = p.at_keyword(keyword);
    if prefixed {
        p.parse_keyword(keyword)?;
    }
    if p.at_operand() {
        let o = p.parse_operand()?;
        if p.at_punct(",") {
            return Err(p.error("expected only one loop bound operand"));
        }
        let map = AffineMap::new(0, 1, &[AffineExpr::Symbol(0)]);
        return Ok((p.context().affine_map_attr(map).expect("valid map"), vec![o]));
    }
    let unprefixed = p.error(if lower {
        "lower loop bound affine map with multiple results requires 'max' prefix"
    } else {
        "upper loop bound affine map with multiple results requires 'min' prefix"
    });
    let attr = p.parse_attribute()?;
    let ctx = p.context();
    if let Some(m) = map_of(ctx, Some(attr)) {
        let (dims, syms, results) = (m.num_dims, m.num_symbols, m.results.len());
        let (ops, num_dims) = parse_dim_and_symbol_list(p)?;
        check_dim_symbol_counts(p, dims, syms, &ops, num_dims)?;
        if results > 1 && !prefixed {
            return Err(unprefixed);
        }
        return Ok((attr, ops));
    }
    if let Some(c) = int_of(ctx, attr) {
        let map = AffineMap::new(0, 0, &[AffineExpr::Constant(c)]);
        return Ok((ctx.affine_map_attr(map).expect("valid map"), Vec::new()));
    }
    Err(p.error("expected valid affine map representation for loop bounds"))
}

/// `%iv = lb to ub [step n] [iter_args(%a = %x, ...) -> (types)]`. Arguments:
/// `$lowerBoundOperands, $lowerBoundMap, $upperBoundOperands, $upperBoundMap, $step, $inits,
/// type($inits), type($results), $region`.
fn parse_for_header(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let iv = p.parse_argument()?;
    p.parse_punct("=")?;
    let (lb, lb_ops) = parse_bound(p, true)?;
    if !p.at_keyword("to") {
        return Err(p.error("expected 'to' between bounds"));
    }
    p.parse_keyword("to")?;
    let (ub, ub_ops) = parse_bound(p, false)?;
    let step = if p.at_keyword("step") {
        p.parse_keyword("step")?;
        let not_positive = p.error("expected step to be representable as a positive signed integer");
        let s = parse_integer(p)?;
        if s <= 0 {
            return Err(not_positive);
        }
        s
    } else {
        1
    };
    let mut iter = Vec::new();
    let mut types = Vec::new();
    if p.at_keyword("iter_args") {
        p.parse_keyword("iter_args")?;
        p.parse_punct("(")?;
        if !p.parse_optional_punct(")")? {
            loop {
                let a = p.parse_argument()?;
                p.parse_punct("=")?;
                let v = p.parse_operand()?;
                iter.push((a, v));
                if !p.parse_optional_punct(",")? {
                    break;
                }
            }
            p.parse_punct(")")?;
        }
        p.parse_punct("->")?;
        types = if p.parse_optional_punct("(")? { parse_types_until(p, ")")? } else { vec![p.parse_type()?] };
        if types.len() != iter.len() {
            return Err(p.error("mismatch between the number of loop-carried values and results"));
        }
    }
    let ctx = p.context();
    let index = ctx.index_type();
    args[0] = ParsedArg::Operands(lb_ops);
    args[1] = ParsedArg::Attr(Some(lb));
    args[2] = ParsedArg::Operands(ub_ops);
    args[3] = ParsedArg::Attr(Some(ub));
    args[4] = ParsedArg::Attr(Some(ctx.integer_attr(index, step).map_err(|e| AsmError::new(e.message))?));
    args[5] = ParsedArg::Operands(iter.iter().map(|(_, v)| *v).collect());
    args[6] = ParsedArg::Types(types.clone());
    args[7] = ParsedArg::Types(types.clone());
    let mut region = vec![(iv, index)];
    region.extend(iter.iter().map(|(a, _)| *a).zip(types));
    args[8] = ParsedArg::RegionArgs(region);
    Ok(())
}

/// The kinds of `arith`'s AtomicRMWKind, by value.
const REDUCTIONS: [&str; 16] = [
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu",
    "mulf", "muli", "ori", "xori",
];

/// One side of an `affine.parallel` range: `(e, max(e, e), ...)` (MLIR's
/// `parseAffineMapWithMinMax`). Returns the expressions, remapped onto `operands` (shared by
/// both sides: dims first, then symbols, each value once), and the group sizes.
struct BoundGroups {
    exprs: Vec<(AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)>,
    groups: Vec<i32>,
}

fn parse_min_max_bounds(p: &mut dyn DirectiveParser, keyword: &str) -> Result<BoundGroups, AsmError> {
    let mut out = BoundGroups { exprs: Vec::new(), groups: Vec::new() };
    p.parse_punct("(")?;
    if p.parse_optional_punct(")")? {
        return Ok(out);
    }
    loop {
        if p.at_keyword(keyword) {
            p.parse_keyword(keyword)?;
            p.parse_punct("(")?;
            let mut e = SsaExprParser::default();
            let exprs = e.list(p, ")")?;
            out.groups.push(exprs.len() as i32);
            for x in exprs {
                out.exprs.push((x, e.dims.clone(), e.syms.clone()));
            }
        } else {
            let mut e = SsaExprParser::default();
            let x = e.sum(p)?;
            out.exprs.push((x, e.dims, e.syms));
            out.groups.push(1);
        }
        if !p.parse_optional_punct(",")? {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(out)
}

fn remap(e: &AffineExpr, dims: &[u32], syms: &[u32]) -> AffineExpr {
    match e {
        AffineExpr::Dim(d) => AffineExpr::Dim(dims[*d as usize]),
        AffineExpr::Symbol(s) => AffineExpr::Symbol(syms[*s as usize]),
        AffineExpr::Constant(c) => AffineExpr::Constant(*c),
        AffineExpr::Binary(op, l, r) => AffineExpr::binary(*op, remap(l, dims, syms), remap(r, dims, syms)),
    }
}

fn index_in(list: &mut Vec<UnresolvedOperand>, o: UnresolvedOperand) -> u32 {
    if let Some(i) = list.iter().position(|x| x.same_value(&o)) {
        return i as u32;
    }
    list.push(o);
    list.len() as u32 - 1
}

fn i32_elements(ctx: &Context, values: &[i32]) -> Result<Attribute, AsmError> {
    let i32t = ctx.integer_type(32, Signedness::Signless).expect("i32");
    let ty = ctx.ranked_tensor_type(&[values.len() as i64], i32t, None).map_err(|e| AsmError::new(e.message))?;
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.dense_elements_attr(ty, &data).map_err(|e| AsmError::new(e.message))
}

fn i64_array(ctx: &Context, values: &[i64]) -> Attribute {
    let i64t = ctx.integer_type(64, Signedness::Signless).expect("i64");
    let items: Vec<Attribute> = values.iter().map(|&v| ctx.integer_attr(i64t, v).expect("i64")).collect();
    ctx.array_attr(&items)
}

/// `(%i, %j) = (lbs) to (ubs) [step (a, b)] [reduce ("addf", ...) -> (types)]`. Arguments:
/// `$mapOperands, $lowerBoundsMap, $lowerBoundsGroups, $upperBoundsMap, $upperBoundsGroups,
/// $steps, $reductions, type($results), $region`.
fn parse_parallel_header(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ivs = p.parse_argument_list()?;
    p.parse_punct("=")?;
    let lower = parse_min_max_bounds(p, "max")?;
    p.parse_keyword("to")?;
    let upper = parse_min_max_bounds(p, "min")?;
    // Each side's operands, deduplicated (dims, then symbols), as upstream resolves them.
    let ctx = p.context();
    let mut maps = Vec::new();
    let mut all_ops = Vec::new();
    for side in [&lower, &upper] {
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        let mut exprs = Vec::new();
        for (e, ds, ss) in &side.exprs {
            let dmap: Vec<u32> = ds.iter().map(|&o| index_in(&mut dims, o)).collect();
            let smap: Vec<u32> = ss.iter().map(|&o| index_in(&mut syms, o)).collect();
            exprs.push(remap(e, &dmap, &smap));
        }
        let map = simplified_map(dims.len() as u32, syms.len() as u32, &exprs);
        maps.push(ctx.affine_map_attr(map).map_err(|e| AsmError::new(e.message))?);
        all_ops.extend(dims);
        all_ops.extend(syms);
    }
    let steps = if p.at_keyword("step") {
        p.parse_keyword("step")?;
        p.parse_punct("(")?;
        let mut e = SsaExprParser::default();
        let exprs = e.list(p, ")")?;
        let mut steps = Vec::new();
        let map = simplified_map(0, 0, &exprs);
        for &r in map.results.iter() {
            match map.nodes[r as usize] {
                AffineNode::Constant(c) => steps.push(c),
                _ => return Err(p.error("steps must be constant integers")),
            }
        }
        steps
    } else {
        vec![1; ivs.len()]
    };
    let mut reductions = Vec::new();
    if p.at_keyword("reduce") {
        p.parse_keyword("reduce")?;
        p.parse_punct("(")?;
        loop {
            let Some(s) = p.parse_optional_string()? else { return Err(p.error("expected string")) };
            let Some(k) = REDUCTIONS.iter().position(|r| *r == s) else {
                return Err(p.error(&format!("invalid reduction value: \"{s}\"")));
            };
            reductions.push(k as i64);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    let types = if p.parse_optional_punct("->")? {
        if p.parse_optional_punct("(")? {
            parse_types_until(p, ")")?
        } else {
            vec![p.parse_type()?]
        }
    } else {
        Vec::new()
    };
    let ctx = p.context();
    let index = ctx.index_type();
    args[0] = ParsedArg::Operands(all_ops);
    args[1] = ParsedArg::Attr(Some(maps[0]));
    args[2] = ParsedArg::Attr(Some(i32_elements(ctx, &lower.groups)?));
    args[3] = ParsedArg::Attr(Some(maps[1]));
    args[4] = ParsedArg::Attr(Some(i32_elements(ctx, &upper.groups)?));
    args[5] = ParsedArg::Attr(Some(i64_array(ctx, &steps)));
    args[6] = ParsedArg::Attr(Some(i64_array(ctx, &reductions)));
    args[7] = ParsedArg::Types(types);
    args[8] = ParsedArg::RegionArgs(ivs.into_iter().map(|a| (a, index)).collect());
    Ok(())
}

/// `(%a, 4, %b)`: MLIR's `parseDynamicIndexList` with parentheses. Arguments: `$dynamic,
/// $static`.
fn parse_index_list(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    p.parse_punct("(")?;
    let mut ops = Vec::new();
    let mut statics = Vec::new();
    if !p.parse_optional_punct(")")? {
        loop {
            if p.at_operand() {
                ops.push(p.parse_operand()?);
                statics.push(DYNAMIC);
            } else {
                statics.push(parse_integer(p)?);
            }
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    let ctx = p.context();
    let i64t = ctx.integer_type(64, Signedness::Signless).expect("i64");
    let data: Vec<u8> = statics.iter().flat_map(|v| v.to_le_bytes()).collect();
    args[0] = ParsedArg::Operands(ops);
    args[1] = ParsedArg::Attr(Some(ctx.dense_array_attr(i64t, &data).map_err(|e| AsmError::new(e.message))?));
    Ok(())
}

/// The result types; the linear index has the first one's type. Arguments:
/// `type($multi_index), type($linear_index)`.
fn parse_delinearize_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut types = vec![p.parse_type()?];
    while p.parse_optional_punct(",")? {
        types.push(p.parse_type()?);
    }
    args[1] = ParsedArg::Types(vec![types[0]]);
    args[0] = ParsedArg::Types(types);
    Ok(())
}

/// The result type; every index has it too. Arguments: `type($linear_index),
/// type($multi_index), ref($multi_index)`.
fn parse_linearize_types(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let t = p.parse_type()?;
    let n = match &args[2] {
        ParsedArg::Operands(v) => v.len(),
        _ => 0,
    };
    args[0] = ParsedArg::Types(vec![t]);
    args[1] = ParsedArg::Types(vec![t; n]);
    Ok(())
}

/// `disjoint` or nothing. Argument: `$disjoint`.
fn parse_disjoint(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let present = p.at_keyword("disjoint");
    if present {
        p.parse_keyword("disjoint")?;
    }
    let ctx = p.context();
    args[0] = ParsedArg::Attr(Some(if present { ctx.unit_attr() } else { ctx.bool_attr(false) }));
    Ok(())
}

/// `%m[subscripts]`: a memref operand and its affine subscripts.
fn parse_access(
    p: &mut dyn DirectiveParser,
) -> Result<(UnresolvedOperand, Attribute, Vec<UnresolvedOperand>), AsmError> {
    let m = p.parse_operand()?;
    p.parse_punct("[")?;
    let mut e = SsaExprParser::default();
    let exprs = e.list(p, "]")?;
    let (attr, ops) = e.finish(p.context(), &exprs)?;
    Ok((m, attr, ops))
}

/// `%src[...], %dst[...], %tag[...], %n [, %stride, %per_stride] : types`. Arguments:
/// `$operands, type($operands), $src_map, $dst_map, $tag_map`.
fn parse_dma_start(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let mut ops = Vec::new();
    let mut types = Vec::new();
    let mut maps = Vec::new();
    let mut memref_slots = Vec::new();
    for _ in 0..3 {
        let (m, map, idx) = parse_access(p)?;
        p.parse_punct(",")?;
        memref_slots.push(ops.len());
        ops.push(m);
        types.push(None);
        types.extend(idx.iter().map(|_| None));
        ops.extend(idx);
        maps.push(map);
    }
    ops.push(p.parse_operand()?);
    types.push(None);
    let mut trailing = 0;
    while p.parse_optional_punct(",")? {
        ops.push(p.parse_operand()?);
        types.push(None);
        trailing += 1;
    }
    if trailing != 0 && trailing != 2 {
        return Err(p.error("expected two stride related operands"));
    }
    p.parse_punct(":")?;
    let mut memref_types = vec![p.parse_type()?];
    while p.parse_optional_punct(",")? {
        memref_types.push(p.parse_type()?);
    }
    if memref_types.len() != 3 {
        return Err(p.error("expected three types"));
    }
    for (slot, t) in memref_slots.iter().zip(&memref_types) {
        types[*slot] = Some(*t);
    }
    let index = p.context().index_type();
    args[0] = ParsedArg::Operands(ops);
    args[1] = ParsedArg::Types(types.into_iter().map(|t| t.unwrap_or(index)).collect());
    args[2] = ParsedArg::Attr(Some(maps[0]));
    args[3] = ParsedArg::Attr(Some(maps[1]));
    args[4] = ParsedArg::Attr(Some(maps[2]));
    Ok(())
}

/// `%tag[...], %n : type`. Arguments: `$operands, type($operands), $tag_map`.
fn parse_dma_wait(p: &mut dyn DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let (m, map, idx) = parse_access(p)?;
    p.parse_punct(",")?;
    let n = p.parse_operand()?;
    p.parse_punct(":")?;
    let t = p.parse_type()?;
    let index = p.context().index_type();
    let mut types = vec![t];
    types.extend(idx.iter().map(|_| index));
    types.push(index);
    let mut ops = vec![m];
    ops.extend(idx);
    ops.push(n);
    args[0] = ParsedArg::Operands(ops);
    args[1] = ParsedArg::Types(types);
    args[2] = ParsedArg::Attr(Some(map));
    Ok(())
}

// ---- printing ----

fn arg_values(args: &[PrintArg], i: usize) -> Vec<PrintedValue> {
    match args.get(i) {
        Some(PrintArg::Operands(v)) | Some(PrintArg::RegionArgs(v)) => v.clone(),
        _ => Vec::new(),
    }
}

fn arg_types(args: &[PrintArg], i: usize) -> Vec<Type> {
    match args.get(i) {
        Some(PrintArg::Types(v)) => v.clone(),
        _ => Vec::new(),
    }
}

fn arg_attr(args: &[PrintArg], i: usize) -> Option<Attribute> {
    match args.get(i) {
        Some(PrintArg::Attr(a)) => *a,
        _ => None,
    }
}

fn print_value_list(p: &mut dyn DirectivePrinter, values: &[PrintedValue]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(*v);
    }
}

fn print_type_list(p: &mut dyn DirectivePrinter, types: &[Type]) {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
    }
}

/// `(dims)[syms]`, the brackets only with symbols (MLIR's `printDimAndSymbolList`).
fn print_dim_and_symbol_list(p: &mut dyn DirectivePrinter, ops: &[PrintedValue], num_dims: usize) {
    let num_dims = num_dims.min(ops.len());
    p.write("(");
    print_value_list(p, &ops[..num_dims]);
    p.write(")");
    if ops.len() > num_dims {
        p.write("[");
        print_value_list(p, &ops[num_dims..]);
        p.write("]");
    }
}

fn print_map_and_operands(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let Some(attr) = arg_attr(args, 0) else { return };
    let ctx = p.context();
    let dims = match ctx.attr_kind(attr) {
        AttrKind::AffineMap(m) => m.num_dims,
        AttrKind::IntegerSet(s) => s.num_dims,
        _ => 0,
    } as usize;
    p.print_attribute(attr);
    print_dim_and_symbol_list(p, &arg_values(args, 1), dims);
}

/// A piece of an affine expression as printed with SSA names.
enum Piece {
    Text(&'static str),
    Int(i64),
    Dim(u32),
    Sym(u32),
}

/// The expression's text in pieces, dims and symbols left for the caller to print as SSA
/// values (the core's expression printer).
fn expr_pieces(nodes: &[AffineNode], root: u32) -> Vec<Piece> {
    use crate::affine::AffineExprPiece;
    let mut out = Vec::new();
    crate::affine::affine_expr_pieces(nodes, root, |piece| {
        out.push(match piece {
            AffineExprPiece::Text(t) => Piece::Text(t),
            AffineExprPiece::Int(v) => Piece::Int(v),
            AffineExprPiece::Dim(d) => Piece::Dim(d),
            AffineExprPiece::Symbol(s) => Piece::Sym(s),
        })
    });
    out
}

/// An expression with its dims and symbols as SSA values (`symbol(%n)` for symbols).
fn print_ssa_expr(
    p: &mut dyn DirectivePrinter,
    nodes: &[AffineNode],
    root: u32,
    dims: &[PrintedValue],
    syms: &[PrintedValue],
) {
    for piece in expr_pieces(nodes, root) {
        match piece {
            Piece::Text(s) => p.write(s),
            Piece::Int(v) => p.write(&v.to_string()),
            Piece::Dim(d) => match dims.get(d as usize) {
                Some(v) => p.print_value(*v),
                None => p.write(&format!("d{d}")),
            },
            Piece::Sym(s) => match syms.get(s as usize) {
                Some(v) => {
                    p.write("symbol(");
                    p.print_value(*v);
                    p.write(")");
                }
                None => p.write(&format!("s{s}")),
            },
        }
    }
}

/// Results `from..to` of `map`, comma-separated, over `operands` (MLIR's
/// `printAffineMapOfSSAIds`).
fn print_map_results_of_ssa_ids(
    p: &mut dyn DirectivePrinter,
    map: &AffineMap,
    range: std::ops::Range<usize>,
    ops: &[PrintedValue],
) {
    let nd = (map.num_dims as usize).min(ops.len());
    let (dims, syms) = ops.split_at(nd);
    for (k, i) in range.enumerate() {
        if k > 0 {
            p.write(", ");
        }
        if let Some(&r) = map.results.get(i) {
            print_ssa_expr(p, &map.nodes, r, dims, syms);
        }
    }
}

fn print_map_of_ssa_ids(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ops = arg_values(args, 0);
    let ctx = p.context();
    let Some(map) = map_of(ctx, arg_attr(args, 1)).cloned() else { return };
    print_map_results_of_ssa_ids(p, &map, 0..map.results.len(), &ops);
}

fn print_first_type(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    if let Some(&t) = arg_types(args, 0).first() {
        p.print_type(t);
    }
}

fn print_types_arg(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    print_type_list(p, &arg_types(args, 0));
}

fn print_prefetch_hints(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ctx = p.context();
    let is_true = |a: Option<Attribute>| a.is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true)));
    let write = is_true(arg_attr(args, 0));
    let data = is_true(arg_attr(args, 2));
    let hint = arg_attr(args, 1).and_then(|a| int_of(ctx, a)).unwrap_or(0);
    let text =
        format!("{}, locality<{hint}>, {}", if write { "write" } else { "read" }, if data { "data" } else { "instr" });
    p.write(&text);
}

/// As MLIR's `printArrowTypeList` after the arrow: parentheses for several types or a
/// function type.
fn print_arrow_types(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let types = arg_types(args, 0);
    let parens = types.len() != 1 || matches!(p.context().type_kind(types[0]), TypeKind::Function { .. });
    if parens {
        p.write("(");
    }
    print_type_list(p, &types);
    if parens {
        p.write(")");
    }
}

/// A loop bound as upstream's `printBound`: the shorthand for a constant or a single symbol,
/// else `[min|max] #map(dims)[syms]`.
fn print_bound(p: &mut dyn DirectivePrinter, attr: Option<Attribute>, ops: &[PrintedValue], prefix: &str) {
    let Some(attr) = attr else { return };
    let ctx = p.context();
    let Some(map) = map_of(ctx, Some(attr)).cloned() else {
        p.print_attribute(attr);
        return;
    };
    if map.results.len() == 1 {
        let root = map.nodes[map.results[0] as usize];
        if map.num_dims == 0 && map.num_symbols == 0 {
            if let AffineNode::Constant(c) = root {
                p.write(&c.to_string());
                return;
            }
        }
        if map.num_dims == 0 && map.num_symbols == 1 {
            if let (AffineNode::Symbol(_), Some(v)) = (root, ops.first()) {
                p.print_value(*v);
                return;
            }
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    p.print_attribute(attr);
    print_dim_and_symbol_list(p, ops, map.num_dims as usize);
}

/// The bound maps `affine.for` prints as maps (not as a shorthand).
fn for_printed_maps(ctx: &Context, attrs: &[Option<Attribute>]) -> Vec<Attribute> {
    [1, 3]
        .iter()
        .filter_map(|&i| attrs.get(i).copied().flatten())
        .filter(|&a| map_of(ctx, Some(a)).is_some_and(|m| !is_bound_shorthand(m)))
        .collect()
}

/// Whether a loop bound prints as a constant or a single SSA value.
fn is_bound_shorthand(map: &AffineMap) -> bool {
    if map.results.len() != 1 {
        return false;
    }
    let root = map.nodes[map.results[0] as usize];
    (map.num_dims == 0 && map.num_symbols == 0 && matches!(root, AffineNode::Constant(_)))
        || (map.num_dims == 0 && map.num_symbols == 1 && matches!(root, AffineNode::Symbol(_)))
}

fn print_for_header(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let region = arg_values(args, 8);
    let Some((&iv, iter_args)) = region.split_first() else { return };
    p.print_value(iv);
    // Upstream prints the induction variable as a region argument: with its location.
    p.print_optional_location(iv);
    p.write(" = ");
    print_bound(p, arg_attr(args, 1), &arg_values(args, 0), "max");
    p.write(" to ");
    print_bound(p, arg_attr(args, 3), &arg_values(args, 2), "min");
    let ctx = p.context();
    let step = arg_attr(args, 4).and_then(|a| int_of(ctx, a)).unwrap_or(1);
    if step != 1 {
        p.write(&format!(" step {step}"));
    }
    let inits = arg_values(args, 5);
    if !inits.is_empty() {
        p.write(" iter_args(");
        for (i, (a, v)) in iter_args.iter().zip(&inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(*a);
            p.write(" = ");
            p.print_value(*v);
        }
        p.write(") -> (");
        print_type_list(p, &arg_types(args, 7));
        p.write(")");
    }
}

fn i32_elements_values(ctx: &Context, a: Option<Attribute>) -> Vec<i64> {
    let Some(a) = a else { return Vec::new() };
    match ctx.attr_kind(a) {
        AttrKind::DenseIntOrFloat { ty, data, splat } => {
            let n = match ctx.type_kind(*ty) {
                TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } => {
                    shape.iter().product::<i64>().max(0) as usize
                }
                _ => 0,
            };
            let vals: Vec<i64> = data.chunks(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64).collect();
            if *splat {
                vec![vals.first().copied().unwrap_or(0); n]
            } else {
                vals
            }
        }
        _ => Vec::new(),
    }
}

fn int_array_values(ctx: &Context, a: Option<Attribute>) -> Vec<i64> {
    let Some(a) = a else { return Vec::new() };
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items.iter().filter_map(|&i| int_of(ctx, i)).collect(),
        AttrKind::DenseArray { data, .. } => {
            data.chunks(8).map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect()
        }
        _ => Vec::new(),
    }
}

/// Upstream's `printMinMaxBound`: one expression per group of one, `max(...)`/`min(...)`
/// for larger groups.
fn print_min_max_bound(
    p: &mut dyn DirectivePrinter,
    map: Option<Attribute>,
    groups: Option<Attribute>,
    ops: &[PrintedValue],
    keyword: &str,
) {
    let ctx = p.context();
    let Some(map) = map_of(ctx, map).cloned() else { return };
    let groups = i32_elements_values(ctx, groups);
    let mut start = 0usize;
    for (k, &size) in groups.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        let size = size.max(0) as usize;
        if size == 1 {
            print_map_results_of_ssa_ids(p, &map, start..start + 1, ops);
        } else {
            p.write(keyword);
            p.write("(");
            print_map_results_of_ssa_ids(p, &map, start..start + size, ops);
            p.write(")");
        }
        start += size;
    }
}

fn print_parallel_header(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ops = arg_values(args, 0);
    let ctx = p.context();
    let (lb_inputs, ub_inputs) = (
        map_of(ctx, arg_attr(args, 1)).map_or(0, |m| (m.num_dims + m.num_symbols) as usize),
        map_of(ctx, arg_attr(args, 3)).map_or(0, |m| (m.num_dims + m.num_symbols) as usize),
    );
    let lb_ops = &ops[..lb_inputs.min(ops.len())];
    let ub_ops = &ops[lb_inputs.min(ops.len())..(lb_inputs + ub_inputs).min(ops.len())];
    p.write("(");
    print_value_list(p, &arg_values(args, 8));
    p.write(") = (");
    print_min_max_bound(p, arg_attr(args, 1), arg_attr(args, 2), lb_ops, "max");
    p.write(") to (");
    print_min_max_bound(p, arg_attr(args, 3), arg_attr(args, 4), ub_ops, "min");
    p.write(")");
    let ctx = p.context();
    let steps = int_array_values(ctx, arg_attr(args, 5));
    let kinds = int_array_values(ctx, arg_attr(args, 6));
    if !steps.iter().all(|&s| s == 1) {
        let text: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
        p.write(&format!(" step ({})", text.join(", ")));
    }
    let types = arg_types(args, 7);
    if !types.is_empty() {
        let text: Vec<String> =
            kinds.iter().map(|&k| format!("\"{}\"", REDUCTIONS.get(k as usize).copied().unwrap_or("addf"))).collect();
        p.write(&format!(" reduce ({}) -> (", text.join(", ")));
        print_type_list(p, &types);
        p.write(")");
    }
}

fn print_index_list(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ops = arg_values(args, 0);
    let ctx = p.context();
    let statics = int_array_values(ctx, arg_attr(args, 1));
    p.write("(");
    let mut next = 0;
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == DYNAMIC {
            if let Some(v) = ops.get(next) {
                p.print_value(*v);
            }
            next += 1;
        } else {
            p.write(&s.to_string());
        }
    }
    p.write(")");
}

fn print_disjoint(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ctx = p.context();
    let set = arg_attr(args, 0).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Unit | AttrKind::Bool(true)));
    if set {
        p.write("disjoint ");
    }
}

/// `%m[subscripts]` for the memref at `ops[at]` whose map takes the operands after it.
fn print_access(p: &mut dyn DirectivePrinter, map: Option<Attribute>, ops: &[PrintedValue], at: usize) -> usize {
    let ctx = p.context();
    let Some(map) = map_of(ctx, map).cloned() else { return at + 1 };
    let n = (map.num_dims + map.num_symbols) as usize;
    if let Some(m) = ops.get(at) {
        p.print_value(*m);
    }
    p.write("[");
    let end = (at + 1 + n).min(ops.len());
    print_map_results_of_ssa_ids(p, &map, 0..map.results.len(), &ops[(at + 1).min(end)..end]);
    p.write("]");
    at + 1 + n
}

fn print_dma_start(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ops = arg_values(args, 0);
    let types = arg_types(args, 1);
    let mut at = 0;
    let mut memref_types = Vec::new();
    for k in 0..3 {
        if let Some(&t) = types.get(at) {
            memref_types.push(t);
        }
        at = print_access(p, arg_attr(args, 2 + k), &ops, at);
        p.write(", ");
    }
    print_value_list(p, &ops[at.min(ops.len())..]);
    p.write(" : ");
    print_type_list(p, &memref_types);
}

fn print_dma_wait(p: &mut dyn DirectivePrinter, args: &[PrintArg]) {
    let ops = arg_values(args, 0);
    let types = arg_types(args, 1);
    let at = print_access(p, arg_attr(args, 2), &ops, 0);
    p.write(", ");
    print_value_list(p, &ops[at.min(ops.len())..]);
    p.write(" : ");
    if let Some(&t) = types.first() {
        p.print_type(t);
    }
}

// ---- verifiers ----

fn attr(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.op_inherent_or_discardable(op, name).ok().flatten()
}

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.op_operand_types(op).unwrap_or_default().into_iter().flatten().collect()
}

fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.op_result_types(op).unwrap_or_default()
}

fn verify_nothing(_: &Context, _: OpId) -> Result<(), String> {
    Ok(())
}

fn verify_apply(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(map) = map_of(ctx, attr(ctx, op, "map")) else { return Ok(()) };
    if operand_types(ctx, op).len() != (map.num_dims + map.num_symbols) as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if map.results.len() != 1 {
        return Err("mapping must produce one value".into());
    }
    Ok(())
}

fn verify_min_max(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(map) = map_of(ctx, attr(ctx, op, "map")) else { return Ok(()) };
    if operand_types(ctx, op).len() != (map.num_dims + map.num_symbols) as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if map.results.is_empty() {
        return Err("affine map expect at least one result".into());
    }
    Ok(())
}

/// Loads and stores: the map against the memref's rank and the subscripts; `scalar` says
/// whether the value is the memref's element (load: the result, store: the value).
fn verify_access(ctx: &Context, op: OpId, memref_at: usize, scalar: Option<bool>) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let Some(&mem) = types.get(memref_at) else { return Ok(()) };
    let (rank, element) = match ctx.type_kind(mem) {
        TypeKind::MemRef { shape, element, .. } => (shape.len(), *element),
        _ => return Ok(()),
    };
    if scalar.is_none() {
        // Vector loads and stores: the vector's elements are the memref's.
        let vector = if memref_at == 0 { result_types(ctx, op).first().copied() } else { types.first().copied() };
        let same = vector.and_then(|v| ctx.element_type(v)).is_some_and(|e| e == element);
        if !same {
            return Err("requires memref and vector types of the same elemental type".into());
        }
    }
    match scalar {
        Some(true) if result_types(ctx, op).first() != Some(&element) => {
            return Err("result type must match element type of memref".into())
        }
        Some(false) if types.first() != Some(&element) => {
            return Err("value to store must have the same type as memref element type".into())
        }
        _ => {}
    }
    if let Some(map) = map_of(ctx, attr(ctx, op, "map")) {
        if map.results.len() != rank {
            return Err("affine map num results must equal memref rank".into());
        }
        if (map.num_dims + map.num_symbols) as usize != types.len() - memref_at - 1 {
            return Err("expects as many subscripts as affine map inputs".into());
        }
    }
    Ok(())
}

fn verify_prefetch(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let rank = match types.first().map(|&t| ctx.type_kind(t)) {
        Some(TypeKind::MemRef { shape, .. }) => shape.len(),
        _ => return Ok(()),
    };
    if let Some(map) = map_of(ctx, attr(ctx, op, "map")) {
        if map.results.len() != rank {
            return Err("affine.prefetch affine map num results must equal memref rank".into());
        }
        if (map.num_dims + map.num_symbols) as usize + 1 != types.len() {
            return Err("too few operands".into());
        }
    }
    if let Some(h) = attr(ctx, op, "localityHint").and_then(|a| int_of(ctx, a)) {
        if !(0..=3).contains(&h) {
            return Err("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3".into());
        }
    }
    Ok(())
}

fn verify_for(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(s) = attr(ctx, op, "step").and_then(|a| int_of(ctx, a)) {
        if s <= 0 {
            return Err("expected step to be representable as a positive signed integer".into());
        }
    }
    let results = result_types(ctx, op);
    let inputs = |name: &str| map_of(ctx, attr(ctx, op, name)).map_or(0, |m| (m.num_dims + m.num_symbols) as usize);
    let control = inputs("lowerBoundMap") + inputs("upperBoundMap");
    let inits: Vec<Type> = operand_types(ctx, op).into_iter().skip(control).collect();
    let region = ctx.op_regions(op).unwrap_or_default().first().copied();
    let block = region.and_then(|r| ctx.region_blocks(r).ok()).and_then(|b| b.first().copied());
    let Some(b) = block else { return Ok(()) };
    let args = ctx.block_arguments(b).unwrap_or_default();
    let arg_types: Vec<Type> = args.iter().filter_map(|&a| ctx.value_type(a).ok()).collect();
    let iter_args = arg_types.get(1..).unwrap_or(&[]);
    let yielded: Option<Vec<Type>> = ctx
        .block_ops(b)
        .ok()
        .and_then(|ops| ops.last().copied())
        .filter(|&t| ctx.op_name(t).is_ok_and(|n| n == "affine.yield"))
        .map(|t| operand_types(ctx, t));
    // Upstream checks these after the nested ops (LoopLikeOpInterface verifies with the
    // regions): a yield that fails its own check is reported instead.
    if yielded.as_ref().is_some_and(|y| *y != results) {
        return Ok(());
    }
    if inits.len() != iter_args.len() {
        return Err(format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()));
    }
    if let Some(y) = &yielded {
        if iter_args.len() != y.len() {
            return Err(format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                y.len()
            ));
        }
    }
    if results.len() != iter_args.len() {
        return Err(format!(
            "different number of loop results and region iter_args: {} != {}",
            results.len(),
            iter_args.len()
        ));
    }
    let show = |t: Type| crate::asm::print_type(ctx, t);
    for (i, (a, b)) in inits.iter().zip(iter_args).enumerate() {
        if a != b {
            return Err(format!(
                "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                show(*a),
                show(*b)
            ));
        }
    }
    if let Some(y) = &yielded {
        for (i, (a, b)) in iter_args.iter().zip(y).enumerate() {
            if a != b {
                return Err(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'",
                    show(*a),
                    show(*b)
                ));
            }
        }
    }
    for (i, (a, b)) in iter_args.iter().zip(&results).enumerate() {
        if a != b {
            return Err(format!(
                "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                show(*a),
                show(*b)
            ));
        }
    }
    if !arg_types.first().is_some_and(|&t| matches!(ctx.type_kind(t), TypeKind::Index)) {
        return Err("expected body to have an index argument for the induction variable".into());
    }
    Ok(())
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(set) = set_of(ctx, attr(ctx, op, "condition")) else {
        return Err("requires an integer set attribute named 'condition'".into());
    };
    if operand_types(ctx, op).len() != (set.num_dims + set.num_symbols) as usize {
        return Err("operand count and condition integer set dimension and symbol count must match".into());
    }
    Ok(())
}

fn verify_parallel(ctx: &Context, op: OpId) -> Result<(), String> {
    let region = ctx.op_regions(op).unwrap_or_default().first().copied();
    let block = region.and_then(|r| ctx.region_blocks(r).ok()).and_then(|b| b.first().copied());
    let num_dims = block.map_or(0, |b| ctx.block_arguments(b).unwrap_or_default().len());
    let lb_groups = i32_elements_values(ctx, attr(ctx, op, "lowerBoundsGroups"));
    let ub_groups = i32_elements_values(ctx, attr(ctx, op, "upperBoundsGroups"));
    let steps = int_array_values(ctx, attr(ctx, op, "steps"));
    if lb_groups.len() != num_dims || ub_groups.len() != num_dims || steps.len() != num_dims {
        return Err("the number of region arguments (".to_string()
            + &num_dims.to_string()
            + ") and the number of map groups for lower ("
            + &lb_groups.len().to_string()
            + ") and upper bound ("
            + &ub_groups.len().to_string()
            + "), and the number of steps ("
            + &steps.len().to_string()
            + ") must all match");
    }
    let reductions = int_array_values(ctx, attr(ctx, op, "reductions"));
    let results = result_types(ctx, op);
    if reductions.len() != results.len() {
        return Err("a reduction must be specified for each output".into());
    }
    for (&k, &t) in reductions.iter().zip(&results) {
        let name = REDUCTIONS.get(k as usize).copied().unwrap_or("");
        let fits = match name {
            "addf" | "maximumf" | "maxnumf" | "minimumf" | "minnumf" | "mulf" => {
                matches!(ctx.type_kind(t), TypeKind::Float(_))
            }
            "assign" => true,
            "" => false,
            _ => matches!(ctx.type_kind(t), TypeKind::Integer { .. }),
        };
        if !fits {
            return Err("result type cannot match reduction attribute".into());
        }
    }
    Ok(())
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(parent) = ctx.op_parent_op(op).ok().flatten() else { return Ok(()) };
    let pname = ctx.op_name(parent).unwrap_or("");
    if !matches!(pname, "affine.for" | "affine.if" | "affine.parallel") {
        return Err("only terminates affine.if/for/parallel regions".into());
    }
    let results = result_types(ctx, parent);
    let operands = operand_types(ctx, op);
    if results.len() != operands.len() {
        return Err("parent of yield must have same number of results as the yield operands".into());
    }
    if results != operands {
        return Err("types mismatch between yield op and its parent".into());
    }
    Ok(())
}

fn is_index_like(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Index => true,
        TypeKind::Vector { element, .. } => matches!(ctx.type_kind(*element), TypeKind::Index),
        _ => false,
    }
}

fn verify_delinearize(ctx: &Context, op: OpId) -> Result<(), String> {
    let types = operand_types(ctx, op);
    let results = result_types(ctx, op);
    if let Some(&t) = types.first() {
        if !is_index_like(ctx, t) {
            return Err(format!(
                "operand #0 must be index or vector of index, but got {}",
                crate::dialects::func::quoted(ctx, t)
            ));
        }
        if results.iter().any(|&r| r != t) {
            return Err("linear_index type must match result types".into());
        }
    }
    let statics = int_array_values(ctx, attr(ctx, op, "static_basis"));
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if dynamic != types.len().saturating_sub(1) {
        return Err("mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite".into());
    }
    if results.len() != statics.len() && results.len() != statics.len() + 1 {
        return Err("should return an index for each basis element and up to one extra index".into());
    }
    if statics.iter().any(|&s| s != DYNAMIC && s <= 0) {
        return Err("no basis element may be statically non-positive".into());
    }
    Ok(())
}

fn verify_linearize(ctx: &Context, op: OpId) -> Result<(), String> {
    let statics = int_array_values(ctx, attr(ctx, op, "static_basis"));
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    let num_operands = operand_types(ctx, op).len();
    let num_indices = num_operands.saturating_sub(dynamic);
    if num_indices != statics.len() && num_indices != statics.len() + 1 {
        return Err("should be passed a basis element for each index except possibly the first".into());
    }
    if statics.iter().any(|&s| s != DYNAMIC && s <= 0) {
        return Err("no basis element may be statically non-positive".into());
    }
    Ok(())
}
