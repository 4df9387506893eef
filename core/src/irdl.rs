//! Dialects as data: definition files in upstream's IRDL (`irdl.dialect`, `irdl.type`,
//! `irdl.attribute`, `irdl.operation`, `irdl.operands`/`results`/`attributes`/`regions`/
//! `parameters` and the constraint ops), loaded at run time into the registry.
//!
//! What IRDL cannot say rides on discardable `omnir.*` attributes of the IRDL ops, which
//! upstream's `mlir-opt --irdl-file` accepts and ignores:
//!
//! | on | attribute | meaning |
//! |---|---|---|
//! | `irdl.operation` | `omnir.assembly_format = "..."` | the custom form (ODS `assemblyFormat`) |
//! | | `omnir.traits = ["Pure", "AllTypesMatch<[a, b]>", ...]` | traits |
//! | | `omnir.summary`, `omnir.description` | documentation |
//! | | `omnir.default_dialect = "func"` | `getDefaultDialect` of its regions |
//! | | `omnir.print_terminators = "always"` / `"with_results"` | the custom form prints implicit terminators that carry nothing (always, or when the op has results) |
//! | | `omnir.successors = ["dest"]` | successor names (IRDL has none) |
//! | | `omnir.variadic_regions = ["r"]`, `omnir.variadic_successors = ["s"]` | the last group is variadic |
//! | | `omnir.built_regions = ["r"]` | regions the custom form leaves out (an op-parsed hook builds them) |
//! | | `omnir.optional_attributes = ["x"]` | attributes that may be absent |
//! | | `omnir.defaults = {x = 0 : i64}` | default values (left out of the custom form) |
//! | | `omnir.verifier = "name"` | a verifier hook registered by name |
//! | | `omnir.result_names = ["f"]` | the custom form's name of the results (`%f`) |
//! | | `omnir.result_names_hook = "name"` | a result-name hook registered by name (`%c0_i32`) |
//! | | `omnir.attr_dict_shows_defaults` | `attr-dict` prints default-valued properties too |
//! | | `omnir.class_name = "AddIOp"` | the op's class in generated bindings (ODS's name) |
//! | | `omnir.arguments = ["predicate", "lhs", "rhs"]` | ODS's order of operands and attributes (builders' parameters) |
//! | constraint op | `omnir.constraint = "AnyInteger"` | an ODS named constraint (see [`named_type_constraint`]) |
//! | | `omnir.enum = "CmpIPredicate"` | an enum of the dialect |
//! | `irdl.dialect` | `omnir.enums = {Name = {width = 64, cases = [...], values = [...]}}` | integer enums (`symbols = [...]`: ODS's case names, for generated bindings) |
//! | | `omnir.ods` | the dialect mirrors one defined with ODS: ODS's names (`lowerBound`, `mlir.constant`), which upstream IRDL's spelling rule refuses |
//!
//! An operation of a dialect without `omnir.ods` whose definition uses no `omnir.*`
//! attribute verifies as upstream's IRDL verifies it: group sizes from the counts or
//! `operandSegmentSizes`, values against the constraint program, with upstream's messages.
//!
//! The file is parsed by omnir's own parser (the definition language is MLIR, in the `irdl`
//! dialect's custom syntax) and checked whole before anything is registered: a malformed
//! definition, or one that names something unknown, is an error at its `file:line:col`, and
//! the context is left as it was.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::asm::format::{CustomDirective, ParsedArg, PrintArg};
use crate::asm::{ParseError, ParseOptions};
use crate::attrs::{AttrKind, Attribute, Location};
use crate::context::Context;
use crate::diag::{Diagnostic, Severity};
use crate::dialect::{
    Arity, AsmError, AttrConstraint, AttrSpec, DialectDef, EnumDef, InterfaceImpl, OpDef, ParamSpec, Traits,
    TypeConstraint, ValueSpec,
};
use crate::ir::OpId;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

const IRDL: &str = "irdl";

/// Loads the dialects defined in `source` (IRDL plus `omnir.*` attributes); returns their
/// names. Nothing is registered unless the whole file is valid.
pub fn load_definitions(ctx: &mut Context, source: &str, filename: &str) -> Result<Vec<String>, ParseError> {
    ensure_irdl_dialect(ctx);
    let options = ParseOptions { allow_unregistered_dialects: false, verify_after_parse: false };
    let module = crate::asm::parse_source(ctx, source, filename, &options)?;
    // Other IR beside the dialects (a function, say) is verified as upstream verifies the
    // whole file. Files of dialects alone are checked by `build_all`: the module verifier
    // would refuse shipped dialects whose types and ops share a name (`llvm.func`).
    let top = ops_of_body(ctx, module);
    let mixed = top.iter().any(|&o| ctx.op_name(o).ok() != Some("irdl.dialect"));
    let invalid: Vec<Diagnostic> = if mixed {
        ctx.verify_diagnostics(module)
            .unwrap_or_default()
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect()
    } else {
        Vec::new()
    };
    if !invalid.is_empty() {
        let _ = ctx.erase_op_with(module, crate::ir::EraseMode::DropUses);
        return Err(crate::asm::parser::render_verifier(ctx, filename, source, &invalid));
    }
    let built = build_all(ctx, module);
    let result = match built {
        Ok(dialects) => register_all(ctx, dialects).map_err(|(loc, m)| vec![(loc, m)]),
        Err(errors) => Err(errors),
    };
    let _ = ctx.erase_op_with(module, crate::ir::EraseMode::DropUses);
    result.map_err(|errors| {
        let diags: Vec<Diagnostic> = errors
            .into_iter()
            .map(|(loc, message)| Diagnostic { severity: Severity::Error, location: loc, message, notes: Vec::new() })
            .collect();
        crate::asm::parser::render_verifier(ctx, filename, source, &diags)
    })
}

/// The definition loader's fuzz property: on any bytes, loading never panics; a file that
/// fails registers nothing; a file that loads loads the same way into a second context.
pub fn definitions_check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut ctx = Context::new();
    ctx.attach_diagnostic_handler(Box::new(|_, _| true));
    ensure_irdl_dialect(&mut ctx);
    // IR beside the definitions may load shipped dialects on demand, as any parse does; what
    // a failed load must not leave behind is anything of its own.
    let own_dialects =
        |ctx: &Context| ctx.registered_dialects().into_iter().filter(|d| !crate::dialects::is_shipped(d)).count();
    let own_ops = |ctx: &Context| {
        ctx.registered_operations()
            .into_iter()
            .filter(|o| !crate::dialects::is_shipped(crate::pass::op_dialect(o)))
            .count()
    };
    let before = own_dialects(&ctx);
    let ops_before = own_ops(&ctx);
    match load_definitions(&mut ctx, text, "fuzz.irdl.mlir") {
        Ok(names) => {
            let mut second = Context::new();
            second.attach_diagnostic_handler(Box::new(|_, _| true));
            let again = load_definitions(&mut second, text, "fuzz.irdl.mlir")
                .unwrap_or_else(|e| panic!("definitions loaded once fail the second time: {e}"));
            assert_eq!(names, again);
            assert_eq!(ctx.registered_operations(), second.registered_operations());
        }
        Err(_) => {
            assert_eq!(own_dialects(&ctx), before, "a failed load registered a dialect");
            assert_eq!(own_ops(&ctx), ops_before, "a failed load registered operations");
        }
    }
}

type Errors = Vec<(Location, String)>;

/// One definition's constraint program: the SSA values of its body, in order.
#[derive(Clone)]
enum Node {
    Any,
    Is(Attribute),
    AnyOf(Vec<usize>),
    AllOf(Vec<usize>),
    /// A base: `!builtin.integer` / `#builtin.string` / a definition of a dialect, by
    /// qualified name, and whether it names a type.
    Base {
        name: String,
        is_type: bool,
    },
    Parametric {
        name: String,
        is_type: bool,
        params: Vec<usize>,
    },
    /// `irdl.c_pred`: a C++ predicate, which no one can run here (binds like `any`).
    CPred,
    /// An ODS named constraint (checked by the core's verifier; binds like `any`).
    NamedType(TypeConstraint),
    NamedAttr(AttrConstraint),
    /// `irdl.region`: entry block argument constraints (`None`: unconstrained) and block count.
    Region {
        args: Option<Vec<usize>>,
        blocks: Option<u32>,
    },
}

#[derive(Clone, Default)]
struct Program {
    nodes: Vec<Node>,
}

/// Checks values against a program with IRDL's semantics: a constraint value binds to the
/// first attribute it accepts, and later uses must be equal to it.
struct Checker<'a> {
    ctx: &'a Context,
    prog: &'a Program,
    assigned: Vec<Option<Attribute>>,
}

fn show_attr(ctx: &Context, a: Attribute) -> String {
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => crate::asm::print_type(ctx, *t),
        _ => crate::asm::print_attribute(ctx, a),
    }
}

/// The base name of a type or attribute (`builtin.integer`, `cmath.complex`).
fn base_name(ctx: &Context, a: Attribute) -> (String, bool) {
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => (ctx.type_id(*t).name().to_string(), true),
        // Dialect attribute kinds are identified as `#dialect.name` (apart from types).
        _ => (ctx.attr_type_id(a).name().trim_start_matches('#').to_string(), false),
    }
}

impl<'a> Checker<'a> {
    fn new(ctx: &'a Context, prog: &'a Program) -> Checker<'a> {
        Checker { ctx, prog, assigned: vec![None; prog.nodes.len()] }
    }

    fn check(&mut self, var: usize, a: Attribute) -> Result<(), String> {
        let ctx = self.ctx;
        if let Some(prev) = self.assigned[var] {
            if prev == a {
                return Ok(());
            }
            return Err(format!("expected '{}' but got '{}'", show_attr(ctx, prev), show_attr(ctx, a)));
        }
        match &self.prog.nodes[var] {
            Node::Any | Node::CPred | Node::NamedType(_) | Node::NamedAttr(_) | Node::Region { .. } => {}
            Node::Is(e) => {
                if *e != a {
                    return Err(format!("expected '{}' but got '{}'", show_attr(ctx, *e), show_attr(ctx, a)));
                }
            }
            Node::AnyOf(vs) => {
                let saved = self.assigned.clone();
                let mut ok = false;
                for &v in vs {
                    if self.check(v, a).is_ok() {
                        ok = true;
                        break;
                    }
                    self.assigned = saved.clone();
                }
                if !ok {
                    return Err(format!("'{}' does not satisfy the constraint", show_attr(ctx, a)));
                }
            }
            Node::AllOf(vs) => {
                for &v in vs {
                    self.check(v, a)?;
                }
            }
            Node::Base { name, is_type } => {
                let (mut got, got_type) = base_name(ctx, a);
                // Types and type attributes share a representation here; where an attribute
                // is expected, a type is the attribute `builtin.type`.
                if !*is_type && got_type {
                    got = "builtin.type".to_string();
                }
                if got != *name || got_type != *is_type {
                    let what = if *is_type { "type" } else { "attribute" };
                    return Err(format!("expected base {what} '{name}' but got '{got}'"));
                }
            }
            Node::Parametric { name, is_type, params } => {
                let (got, got_type) = base_name(ctx, a);
                if got != *name || got_type != *is_type {
                    let what = if *is_type { "type" } else { "attribute" };
                    return Err(format!("expected base {what} '{name}' but got '{}'", show_attr(ctx, a)));
                }
                let values: Vec<Attribute> = match ctx.attr_kind(a) {
                    AttrKind::Type(t) => match ctx.type_kind(*t) {
                        TypeKind::Dialect { params, .. } => params.to_vec(),
                        _ => Vec::new(),
                    },
                    AttrKind::Dialect { params, .. } => params.to_vec(),
                    _ => Vec::new(),
                };
                if values.len() != params.len() {
                    return Err(format!("expected {} parameters, but got {}", params.len(), values.len()));
                }
                for (&p, v) in params.iter().zip(values) {
                    self.check(p, v)?;
                }
            }
        }
        // ODS named constraints hold per value (a shared one became `AllTypesMatch` at load);
        // IRDL's own constraint values bind to the first value they meet.
        if !matches!(self.prog.nodes[var], Node::NamedType(_) | Node::NamedAttr(_)) {
            self.assigned[var] = Some(a);
        }
        Ok(())
    }
}

/// ODS's named type constraints that definitions may use through `omnir.constraint`.
pub fn named_type_constraint(name: &str) -> Option<TypeConstraint> {
    let signless_int_like = || TypeConstraint::Custom {
        summary: "signless-integer-like".into(),
        predicate: Arc::new(|ctx: &Context, t: Type| {
            let elem = |t: Type| {
                matches!(ctx.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, .. } | TypeKind::Index)
            };
            elem(t) || shaped_element(ctx, t).is_some_and(elem)
        }),
    };
    let float_like = || TypeConstraint::Custom {
        summary: "floating-point-like".into(),
        predicate: Arc::new(|ctx: &Context, t: Type| {
            let elem = |t: Type| matches!(ctx.type_kind(t), TypeKind::Float(_));
            elem(t) || shaped_element(ctx, t).is_some_and(elem)
        }),
    };
    let bool_like = || TypeConstraint::Custom {
        summary: "bool-like".into(),
        predicate: Arc::new(|ctx: &Context, t: Type| {
            let elem =
                |t: Type| matches!(ctx.type_kind(t), TypeKind::Integer { width: 1, signedness: Signedness::Signless });
            elem(t) || shaped_element(ctx, t).is_some_and(elem)
        }),
    };
    Some(match name {
        "AnyType" => TypeConstraint::Any,
        "LLVM_Type" => TypeConstraint::Custom {
            summary: "LLVM dialect-compatible type".into(),
            predicate: Arc::new(is_llvm_compatible),
        },
        "AnyInteger" => TypeConstraint::AnyInteger,
        "AnySignlessInteger" => TypeConstraint::Custom {
            summary: "signless integer".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                matches!(ctx.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, .. })
            }),
        },
        "I1" => TypeConstraint::Integer(1),
        "I8" => TypeConstraint::Integer(8),
        "I16" => TypeConstraint::Integer(16),
        "I32" => TypeConstraint::Integer(32),
        "I64" => TypeConstraint::Integer(64),
        "Index" => TypeConstraint::Index,
        "SignlessIntegerOrIndex" | "AnySignlessIntegerOrIndex" => TypeConstraint::SignlessIntegerOrIndex,
        "AnyFloat" => TypeConstraint::AnyFloat,
        "F16" => TypeConstraint::Float(FloatKind::F16),
        "BF16" => TypeConstraint::Float(FloatKind::BF16),
        "F32" => TypeConstraint::Float(FloatKind::F32),
        "F64" => TypeConstraint::Float(FloatKind::F64),
        "IntegerOrFloat" => TypeConstraint::IntegerOrFloat,
        "AnyVector" | "AnyVectorOfAnyRank" => TypeConstraint::AnyVector,
        "AnyTensor" => TypeConstraint::AnyTensor,
        "AnyRankedTensor" => TypeConstraint::Custom {
            summary: "ranked tensor of any non-token type values".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. })),
        },
        // ODS's AnyMemRef is ranked only (`MemRefType`); unranked ones have their own names.
        "AnyMemRef" => memref_of("memref of any non-token type values", |_, _| true, |_| true),
        "AnyRankedOrUnrankedMemRef" => TypeConstraint::Custom {
            summary: "ranked or unranked memref of any non-token type values".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
            }),
        },
        "AnyNon0RankedOrUnrankedMemRef" => TypeConstraint::Custom {
            summary: "unranked.memref of any non-token type values or non-0-ranked.memref of any non-token type values"
                .into(),
            predicate: Arc::new(|ctx: &Context, t: Type| match ctx.type_kind(t) {
                TypeKind::MemRef { shape, .. } => !shape.is_empty(),
                TypeKind::UnrankedMemRef { .. } => true,
                _ => false,
            }),
        },
        "AnyStridedMemRef" => memref_of("strided memref of any non-token type values", |_, _| true, |_| true),
        "AnyStridedMemRefOfRank<0>" => {
            memref_of("strided memref of any non-token type values of rank 0", |_, _| true, |s| s.is_empty())
        }
        "AnyStaticShapeMemRef" => memref_of(
            "statically shaped memref of any non-token type values",
            |_, _| true,
            |s| s.iter().all(|&d| d != i64::MIN),
        ),
        "MemRefRankOf<[AnyType], [1]>" => {
            memref_of("1D memref of any non-token type values", |_, _| true, |s| s.len() == 1)
        }
        "MemRefRankOf<[I8], [1]>" => memref_of(
            "1D memref of 8-bit signless integer values",
            |ctx, e| matches!(ctx.type_kind(e), TypeKind::Integer { width: 8, signedness: Signedness::Signless }),
            |s| s.len() == 1,
        ),
        "MemRefRankOf<[AnySignlessInteger, Index], [1]>" => memref_of(
            "1D memref of signless integer or index values",
            |ctx, e| {
                matches!(ctx.type_kind(e), TypeKind::Integer { signedness: Signedness::Signless, .. } | TypeKind::Index)
            },
            |s| s.len() == 1,
        ),
        "MemRefOf<[AnySignlessInteger, AnyFloat]>" => memref_of(
            "memref of signless integer or floating-point values",
            |ctx, e| {
                matches!(
                    ctx.type_kind(e),
                    TypeKind::Integer { signedness: Signedness::Signless, .. } | TypeKind::Float(_)
                )
            },
            |_| true,
        ),
        "AnyTypeOf<[AnySignlessInteger, AnyFloat]>" => TypeConstraint::Custom {
            summary: "signless integer or floating-point".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                matches!(
                    ctx.type_kind(t),
                    TypeKind::Integer { signedness: Signedness::Signless, .. } | TypeKind::Float(_)
                )
            }),
        },
        "AnyShaped" => TypeConstraint::AnyShaped,
        "FunctionType" => TypeConstraint::Custom {
            summary: "function type".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::Function { .. })),
        },
        "SignlessIntegerLike" => signless_int_like(),
        // Upstream's current arith operand constraints: no `i0`.
        "SignlessIntegerOrIndexLike" => TypeConstraint::Custom {
            summary: "signless-non-zero-bitwidth-integer-like".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                let elem = |t: Type| match ctx.type_kind(t) {
                    TypeKind::Integer { signedness: Signedness::Signless, width } => *width > 0,
                    TypeKind::Index => true,
                    _ => false,
                };
                elem(t) || shaped_element(ctx, t).is_some_and(elem)
            }),
        },
        "SignlessFixedWidthIntegerLike" => TypeConstraint::Custom {
            summary: "signless-fixed-width-integer-like".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                let elem = |t: Type| matches!(ctx.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, width } if *width > 0);
                elem(t) || shaped_element(ctx, t).is_some_and(elem)
            }),
        },
        "SignlessIntegerOrFloatLike" => TypeConstraint::Custom {
            summary: "signless-integer-or-float-like".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                let elem = |t: Type| {
                    matches!(
                        ctx.type_kind(t),
                        TypeKind::Integer { signedness: Signedness::Signless, .. }
                            | TypeKind::Index
                            | TypeKind::Float(_)
                    )
                };
                elem(t) || shaped_element(ctx, t).is_some_and(elem)
            }),
        },
        "FloatLike" => float_like(),
        "BoolLike" => bool_like(),
        "AnyNon0RankedOrUnrankedTensor" => TypeConstraint::Custom {
            summary: "non-0-ranked or unranked tensor".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| match ctx.type_kind(t) {
                TypeKind::RankedTensor { shape, .. } => !shape.is_empty(),
                TypeKind::UnrankedTensor { .. } => true,
                _ => false,
            }),
        },
        "AnyStaticShapeTensor" => TypeConstraint::Custom {
            summary: "statically shaped tensor of any non-token type values".into(),
            predicate: Arc::new(
                |ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::RankedTensor { shape, .. } if !shape.contains(&crate::types::DYNAMIC)),
            ),
        },
        "AnyComplex" => TypeConstraint::Custom {
            summary: "complex-type".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::Complex(_))),
        },
        "Complex<AnyFloat>" => TypeConstraint::Custom {
            summary: "complex type with floating-point elements".into(),
            predicate: Arc::new(
                |ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::Complex(e) if matches!(ctx.type_kind(*e), TypeKind::Float(_))),
            ),
        },
        // bufferization's type interfaces, as builtin types implement them.
        "TensorLikeType" => TypeConstraint::Custom {
            summary: "TensorLikeType instance".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
            }),
        },
        "BufferLikeType" => TypeConstraint::Custom {
            summary: "BufferLikeType instance".into(),
            predicate: Arc::new(|ctx: &Context, t: Type| {
                matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
            }),
        },
        _ => return shaped_of(name),
    })
}

/// ODS's `TensorOf<[A, B]>`, `RankedTensorOf<[A, B]>` and `TensorRankOf<[A, B], [r, ...]>`
/// with named element constraints: the summary is ODS's (`1D tensor of signless integer or
/// index values`).
fn shaped_of(name: &str) -> Option<TypeConstraint> {
    let (head, rest) = name.split_once('<')?;
    let args = rest.strip_suffix('>')?.trim();
    let list = |s: &str| -> Option<Vec<String>> {
        let inner = s.trim().strip_prefix('[')?.strip_suffix(']')?;
        Some(inner.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect())
    };
    let (elems, ranks) = match head {
        "TensorOf" | "RankedTensorOf" => (list(args)?, None),
        "TensorRankOf" => {
            let close = args.find(']')?;
            let ranks = list(args[close + 1..].trim().strip_prefix(',')?)?;
            let ranks: Vec<usize> = ranks.iter().map(|r| r.parse().ok()).collect::<Option<_>>()?;
            (list(&args[..=close])?, Some(ranks))
        }
        _ => return None,
    };
    let constraints: Vec<TypeConstraint> = elems.iter().map(|e| named_type_constraint(e)).collect::<Option<_>>()?;
    let names: Vec<String> = constraints.iter().map(summary_of).collect::<Option<_>>()?;
    let ranked = head != "TensorOf";
    let prefix = match &ranks {
        Some(r) => format!("{} ", r.iter().map(|r| format!("{r}D")).collect::<Vec<_>>().join("/")),
        None if ranked => "ranked ".into(),
        None => String::new(),
    };
    Some(TypeConstraint::Custom {
        summary: format!("{prefix}tensor of {} values", names.join(" or ")),
        predicate: Arc::new(move |ctx: &Context, t: Type| {
            let (element, rank) = match ctx.type_kind(t) {
                TypeKind::RankedTensor { shape, element, .. } => (*element, Some(shape.len())),
                TypeKind::UnrankedTensor { element } if !ranked => (*element, None),
                _ => return false,
            };
            let rank_ok = ranks.as_ref().map_or(true, |rs| rank.is_some_and(|r| rs.contains(&r)));
            rank_ok && constraints.iter().any(|c| c.check(ctx, element))
        }),
    })
}

/// A named constraint's summary (none of them needs the context for it).
fn summary_of(c: &TypeConstraint) -> Option<String> {
    Some(match c {
        TypeConstraint::Custom { summary, .. } => summary.clone(),
        TypeConstraint::Any => "any type".into(),
        TypeConstraint::AnyInteger => "integer".into(),
        TypeConstraint::Integer(w) => format!("{w}-bit signless integer"),
        TypeConstraint::SignlessIntegerOrIndex => "signless integer or index".into(),
        TypeConstraint::Index => "index".into(),
        TypeConstraint::AnyFloat => "floating-point".into(),
        TypeConstraint::Float(k) => k.keyword().into(),
        TypeConstraint::IntegerOrFloat => "integer or floating-point".into(),
        _ => return None,
    })
}

/// A ranked memref whose element type and shape pass the checks (ODS's `MemRefOf`,
/// `MemRefRankOf`, ...). Strided layouts are not told apart from other affine layouts.
fn memref_of(summary: &str, element: fn(&Context, Type) -> bool, shape: fn(&[i64]) -> bool) -> TypeConstraint {
    TypeConstraint::Custom {
        summary: summary.into(),
        predicate: Arc::new(move |ctx: &Context, t: Type| match ctx.type_kind(t) {
            TypeKind::MemRef { shape: s, element: e, .. } => element(ctx, *e) && shape(s),
            _ => false,
        }),
    }
}

/// MLIR's `LLVM::isCompatibleType`: the types LLVM dialect ops take and produce. The
/// dialect's own types, signless integers, the floats LLVM has, and one-dimensional vectors
/// of those (or of pointers); no `index`, tensors or memrefs.
fn is_llvm_compatible(ctx: &Context, t: Type) -> bool {
    let llvm_type = |t: Type| match ctx.type_kind(t) {
        TypeKind::Dialect { def, .. } => ctx.registry.type_def(*def).is_ok_and(|d| d.dialect == "llvm"),
        _ => false,
    };
    let scalar = |t: Type| match ctx.type_kind(t) {
        TypeKind::Integer { signedness, .. } => *signedness == Signedness::Signless,
        TypeKind::Float(k) => {
            matches!(
                k,
                FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64 | FloatKind::F80 | FloatKind::F128
            )
        }
        _ => false,
    };
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, element, .. } => shape.len() == 1 && (scalar(*element) || llvm_type(*element)),
        _ => scalar(t) || llvm_type(t),
    }
}

fn shaped_element(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Vector { element, .. }
        | TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element } => Some(*element),
        _ => None,
    }
}

/// ODS's named attribute constraints that definitions may use through `omnir.constraint`.
pub fn named_attr_constraint(ctx: &Context, name: &str) -> Option<AttrConstraint> {
    let int = |w: u32| ctx.integer_type(w, Signedness::Signless).ok().map(AttrConstraint::TypedInteger);
    Some(match name {
        "AnyAttr" | "TypedAttr" | "TypedAttrInterface" => AttrConstraint::Any,
        "UnitAttr" => AttrConstraint::Unit,
        "BoolAttr" => AttrConstraint::Bool,
        "I1Attr" => return int(1),
        "I8Attr" => return int(8),
        "I16Attr" => return int(16),
        "I32Attr" => return int(32),
        "I64Attr" => return int(64),
        "IndexAttr" => AttrConstraint::TypedInteger(ctx.index_type()),
        "AnyIntegerAttr" => AttrConstraint::Integer,
        "FloatAttr" | "AnyFloatAttr" => AttrConstraint::Float,
        "StrAttr" => AttrConstraint::String,
        "SymbolNameAttr" => AttrConstraint::SymbolName,
        "SymbolRefAttr" => AttrConstraint::SymbolRef,
        "FlatSymbolRefAttr" => AttrConstraint::FlatSymbolRef,
        "TypeAttr" => AttrConstraint::Type,
        "ArrayAttr" => AttrConstraint::Array,
        "DictionaryAttr" => AttrConstraint::Dictionary,
        "DenseBoolArrayAttr" => AttrConstraint::DenseIntArray(1),
        "DenseI8ArrayAttr" => AttrConstraint::DenseIntArray(8),
        "DenseI16ArrayAttr" => AttrConstraint::DenseIntArray(16),
        "DenseI32ArrayAttr" => AttrConstraint::DenseIntArray(32),
        "DenseI64ArrayAttr" => AttrConstraint::DenseIntArray(64),
        "AnyIntElementsAttr" | "IndexElementsAttr" | "I64ElementsAttr" | "I32ElementsAttr" => AttrConstraint::Custom {
            summary: "integer elements attribute".into(),
            predicate: Arc::new(|ctx: &Context, a: Attribute| match ctx.attr_kind(a) {
                AttrKind::DenseIntOrFloat { ty, .. } => ctx
                    .element_type(*ty)
                    .is_some_and(|e| matches!(ctx.type_kind(e), TypeKind::Integer { .. } | TypeKind::Index)),
                _ => false,
            }),
        },
        "AffineMapAttr" => AttrConstraint::Custom {
            summary: "AffineMap attribute".into(),
            predicate: Arc::new(|ctx: &Context, a: Attribute| matches!(ctx.attr_kind(a), AttrKind::AffineMap(_))),
        },
        "MemRefTypeAttr" => AttrConstraint::Custom {
            summary: "memref type attribute".into(),
            predicate: Arc::new(|ctx: &Context, a: Attribute| match ctx.attr_kind(a) {
                AttrKind::Type(t) => matches!(ctx.type_kind(*t), TypeKind::MemRef { .. }),
                _ => false,
            }),
        },
        "IndexListArrayAttr" => AttrConstraint::Custom {
            summary: "Array of 64-bit integer array attributes".into(),
            predicate: Arc::new(|ctx: &Context, a: Attribute| match ctx.attr_kind(a) {
                AttrKind::Array(items) => items.iter().all(|&i| match ctx.attr_kind(i) {
                    AttrKind::Array(xs) => xs.iter().all(|&x| match ctx.attr_kind(x) {
                        AttrKind::Integer { ty, .. } => {
                            matches!(
                                ctx.type_kind(*ty),
                                TypeKind::Integer { width: 64, signedness: Signedness::Signless }
                            )
                        }
                        _ => false,
                    }),
                    _ => false,
                }),
                _ => false,
            }),
        },
        "IntegerSetAttr" => AttrConstraint::Custom {
            summary: "IntegerSet attribute".into(),
            predicate: Arc::new(|ctx: &Context, a: Attribute| matches!(ctx.attr_kind(a), AttrKind::IntegerSet(_))),
        },
        "DictArrayAttr" => AttrConstraint::Custom {
            summary: "Array of dictionary attributes".into(),
            predicate: Arc::new(|ctx: &Context, a: Attribute| match ctx.attr_kind(a) {
                AttrKind::Array(items) => items.iter().all(|&i| matches!(ctx.attr_kind(i), AttrKind::Dictionary(_))),
                _ => false,
            }),
        },
        _ => {
            let inner = name.strip_prefix("TypeAttrOf<")?.strip_suffix('>')?;
            AttrConstraint::TypeOf(Box::new(named_type_constraint(inner.trim())?))
        }
    })
}

/// A trait name of `omnir.traits`: the core's trait bit, or a parameterised trait.
fn apply_trait(def: &mut OpDef, ctx: &Context, name: &str, implicit: &mut Option<String>) -> Result<(), String> {
    let bit = match name {
        "Terminator" | "IsTerminator" => Traits::IS_TERMINATOR,
        "NoTerminator" => Traits::NO_TERMINATOR,
        "IsolatedFromAbove" => Traits::ISOLATED_FROM_ABOVE,
        "SymbolTable" => Traits::SYMBOL_TABLE,
        "Symbol" => Traits::SYMBOL,
        "SameOperandsAndResultType" => Traits::SAME_OPERANDS_AND_RESULT_TYPE,
        "SameTypeOperands" => Traits::SAME_TYPE_OPERANDS,
        "SingleBlock" => Traits::SINGLE_BLOCK,
        "Pure" | "NoMemoryEffect" => Traits::PURE,
        "ConstantLike" => Traits::CONSTANT_LIKE,
        "Commutative" => Traits::COMMUTATIVE,
        "ReturnLike" => Traits::RETURN_LIKE,
        "AttrSizedOperandSegments" => Traits::ATTR_SIZED_OPERAND_SEGMENTS,
        "AttrSizedResultSegments" => Traits::ATTR_SIZED_RESULT_SEGMENTS,
        "NoRegionArguments" => Traits::NO_REGION_ARGUMENTS,
        "GraphRegion" | "RegionKindInterface" => Traits::GRAPH_REGIONS,
        "RecursiveMemoryEffects" => Traits::RECURSIVE_MEMORY_EFFECTS,
        _ => match name.strip_prefix("MemoryEffects<[").and_then(|r| r.strip_suffix("]>")) {
            Some(list) if list.split(',').all(|e| e.trim() == "MemRead") => {
                Traits::ONLY_READS_OR_ALLOCATES | Traits::ONLY_READS
            }
            Some(list) if list.split(',').all(|e| matches!(e.trim(), "MemRead" | "MemAlloc")) => {
                Traits::ONLY_READS_OR_ALLOCATES
            }
            _ => Traits::default(),
        },
    };
    if bit != Traits::default() {
        def.traits = def.traits | bit;
        return Ok(());
    }
    if let Some(args) = name.strip_prefix("AllTypesMatch<[").and_then(|r| r.strip_suffix("]>")) {
        let names: Vec<String> = args.split(',').map(|s| s.trim().trim_matches('"').to_string()).collect();
        def.all_types_match.push(names);
        return Ok(());
    }
    if let Some(args) = name.strip_prefix("TypesMatchWith<").and_then(|r| r.strip_suffix('>')) {
        // from, to, transform[, "summary"]
        let mut parts = args.splitn(4, ',').map(|s| s.trim().trim_matches('"').to_string());
        let (Some(from), Some(to), Some(t)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("'{name}' must be TypesMatchWith<from, to, transform[, \"summary\"]>"));
        };
        let transform = crate::dialect::TypeTransform::parse(&t).ok_or_else(|| {
            format!(
                "unknown type transform '{t}' (known: Same, FunctionInputs, FunctionResults, ElementType, I1SameShape)"
            )
        })?;
        let summary = parts.next().unwrap_or_else(|| format!("{to} type matches {from}"));
        def.types_match_with.push(crate::dialect::TypesMatchWith { from, to, transform, summary });
        return Ok(());
    }
    if let Some(p) = name.strip_prefix("HasParent<").and_then(|r| r.strip_suffix('>')) {
        def.parents = vec![p.trim().trim_matches('"').to_string()];
        def.trait_names.push(name.to_string());
        return Ok(());
    }
    if let Some(ps) = name.strip_prefix("ParentOneOf<[").and_then(|r| r.strip_suffix("]>")) {
        def.parents = ps.split(',').map(|s| s.trim().trim_matches('"').to_string()).collect();
        def.trait_names.push(name.to_string());
        return Ok(());
    }
    if let Some(op) = name.strip_prefix("SingleBlockImplicitTerminator<").and_then(|r| r.strip_suffix('>')) {
        *implicit = Some(op.trim().trim_matches('"').to_string());
        def.traits = def.traits | Traits::SINGLE_BLOCK;
        return Ok(());
    }
    // Traits that the core does not act on yet but that definitions carry for the
    // generator and later work; anything else is a typo to report.
    const KNOWN: &[&str] = &[
        "Idempotent",
        "Involution",
        "RecursivelySpeculatable",
        "AutomaticAllocationScope",
        "AffineScope",
        "AffineReadOpInterface",
        "AffineWriteOpInterface",
        "AffineMapAccessInterface",
        "MemoryEffectsOpInterface",
        "Elementwise",
        "OpAsmOpInterface",
        "InferTypeOpInterface",
        "ElementwiseMappable",
        "SameOperandsAndResultShape",
        "SameOperandsAndResultElementType",
        "SameOperandsShape",
        "SameOperandsElementType",
        "MemoryEffects",
        "CallOpInterface",
        "MemRefsNormalizable",
        "RegionBranchTerminatorOpInterface",
        "SymbolUserOpInterface",
        "CallableOpInterface",
        "FunctionOpInterface",
        "BranchOpInterface",
        "RegionBranchOpInterface",
        "LoopLikeOpInterface",
        "CastOpInterface",
        "Scalarizable",
        "Vectorizable",
        "Tensorizable",
        "AlwaysSpeculatable",
        "ConditionallySpeculatable",
        "VectorUnrollOpInterface",
        "DestinationStyleOpInterface",
        "SameVariadicOperandSize",
        "SameVariadicResultSize",
        "ViewLikeOpInterface",
        "OffsetSizeAndStrideOpInterface",
        "ShapedDimOpInterface",
        "InferIntRangeInterface",
        "CopyOpInterface",
        "ReifyRankedShapedTypeOpInterface",
        // vector.mask's: its region prints inline (`{ op }`, terminator left out) and its
        // implicit terminator yields the masked op's results.
        "MaskingOpInterface",
    ];
    let head = name.split('<').next().unwrap_or(name);
    if KNOWN.contains(&head) {
        def.trait_names.push(name.to_string());
        let _ = ctx;
        return Ok(());
    }
    Err(format!("unknown trait '{name}'"))
}

struct TypeSpec {
    dialect: String,
    name: String,
    is_type: bool,
    params: Vec<String>,
    docs: crate::dialect::KindDocs,
    /// Marker interfaces it implements (`omnir.interfaces`), by TypeId.
    interfaces: Vec<crate::typeid::TypeId>,
    prog: Program,
    param_vars: Vec<usize>,
    loc: Location,
}

struct OpSpec {
    def: OpDef,
    prog: Program,
    operand_vars: Vec<usize>,
    result_vars: Vec<usize>,
    attr_vars: Vec<usize>,
    /// The attribute names of an op verified as upstream's IRDL does (it has them as
    /// discardable attributes, not as inherent ones in `def.attributes`).
    irdl_attr_names: Vec<String>,
    region_vars: Vec<usize>,
    format: Option<String>,
    implicit_terminator: Option<String>,
    verifier_hook: Option<String>,
    result_names_hook: Option<String>,
    /// `omnir.default_texts`: defaults written as attribute text, parsed once the dialect's
    /// own attributes are registered (`#arith.fastmath<none>`).
    default_texts: Vec<(String, String)>,
    loc: Location,
}

struct DialectSpec {
    name: String,
    loc: Location,
    types: Vec<TypeSpec>,
    ops: Vec<OpSpec>,
    enums: Vec<Arc<EnumDef>>,
}

fn str_of(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

fn strs_of(ctx: &Context, a: Attribute) -> Option<Vec<String>> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items.iter().map(|&i| str_of(ctx, i)).collect(),
        _ => None,
    }
}

fn attr_named(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.op_inherent_or_discardable(op, name).ok().flatten()
}

fn ops_of_body(ctx: &Context, op: OpId) -> Vec<OpId> {
    let Ok(r) = ctx.op_region(op, 0) else { return Vec::new() };
    match ctx.region_first_block(r) {
        Ok(Some(b)) => ctx.block_ops(b).unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn sym_name(ctx: &Context, op: OpId) -> String {
    attr_named(ctx, op, "sym_name").and_then(|a| str_of(ctx, a)).unwrap_or_default()
}

/// A definition body's constraint ops as a [`Program`]; values map to node indices.
struct BodyBuilder<'c> {
    ctx: &'c Context,
    dialect: &'c str,
    /// Every symbol of the file: `dialect.name` for definitions, `::name` for top-level
    /// symbols, mapped to the defining operation's name.
    symbols: &'c FxHashMap<String, String>,
    enums: &'c FxHashMap<String, Arc<EnumDef>>,
    prog: Program,
    vars: FxHashMap<crate::ir::Value, usize>,
    errors: Errors,
}

impl<'c> BodyBuilder<'c> {
    fn var(&mut self, op: OpId, v: crate::ir::Value) -> usize {
        match self.vars.get(&v) {
            Some(&i) => i,
            None => {
                self.errors.push((
                    self.ctx.op_location(op).unwrap_or(self.ctx.unknown_loc()),
                    "constraint defined outside this definition".into(),
                ));
                0
            }
        }
    }

    fn operand_vars(&mut self, op: OpId) -> Vec<usize> {
        let operands = self.ctx.op_operands(op).unwrap_or_default();
        operands.into_iter().map(|v| self.var(op, v)).collect()
    }

    /// A symbol reference to a type or attribute definition: `@name` (this dialect, then the
    /// file's top level, as upstream looks it up) or `@dialect::@name`. The qualified name and
    /// whether it is a type, or upstream's message for `op`.
    fn resolve_ref(&self, op: &str, a: Attribute) -> Result<(String, bool), String> {
        let shown = crate::asm::print_attribute(self.ctx, a);
        let found = match self.ctx.attr_kind(a) {
            AttrKind::SymbolRef { root, nested } => {
                let root = self.ctx.ident_str(*root);
                let key = match nested.len() {
                    0 => Some(format!("{}.{root}", self.dialect)).filter(|k| self.symbols.contains_key(k)),
                    1 if self.symbols.get(&format!("::{root}")).map(String::as_str) == Some("irdl.dialect") => {
                        Some(format!("{root}.{}", self.ctx.ident_str(nested[0])))
                    }
                    _ => None,
                };
                key.or_else(|| Some(format!("::{root}")).filter(|_| nested.is_empty()))
                    .and_then(|k| self.symbols.get(&k).map(|kind| (k, kind.clone())))
            }
            _ => None,
        };
        match found {
            None => Err(format!("'{op}' op symbol '{shown}' not found")),
            Some((key, kind)) if kind == "irdl.type" || kind == "irdl.attribute" => Ok((key, kind == "irdl.type")),
            Some((_, kind)) => Err(format!(
                "'{op}' op symbol '{shown}' does not refer to a type or attribute definition (refers to '{kind}')"
            )),
        }
    }

    /// Adds the node of a constraint op (one with a result).
    fn constraint(&mut self, op: OpId) {
        let ctx = self.ctx;
        let loc = ctx.op_location(op).unwrap_or(ctx.unknown_loc());
        let name = ctx.op_name(op).unwrap_or("").to_string();
        let node = match name.as_str() {
            "irdl.any" => {
                let named = attr_named(ctx, op, "omnir.constraint").and_then(|a| str_of(ctx, a));
                let en = attr_named(ctx, op, "omnir.enum").and_then(|a| str_of(ctx, a));
                match (named, en) {
                    (Some(n), _) => match named_type_constraint(&n) {
                        Some(c) => Node::NamedType(c),
                        None => match named_attr_constraint(ctx, &n) {
                            Some(c) => Node::NamedAttr(c),
                            None => {
                                self.errors.push((loc, format!("unknown named constraint '{n}'")));
                                Node::Any
                            }
                        },
                    },
                    (None, Some(e)) => match self.enums.get(&e) {
                        Some(d) => Node::NamedAttr(AttrConstraint::Enum(d.clone())),
                        None => {
                            self.errors
                                .push((loc, format!("unknown enum '{e}' (declare it in the dialect's omnir.enums)")));
                            Node::Any
                        }
                    },
                    (None, None) => Node::Any,
                }
            }
            "irdl.is" => match attr_named(ctx, op, "expected") {
                Some(a) => Node::Is(a),
                None => {
                    self.errors.push((loc, "irdl.is needs an expected value".into()));
                    Node::Any
                }
            },
            "irdl.c_pred" => Node::CPred,
            "irdl.any_of" => Node::AnyOf(self.operand_vars(op)),
            "irdl.all_of" => Node::AllOf(self.operand_vars(op)),
            "irdl.base" => {
                // `irdl.base "#arith.fastmath"` names a base, `irdl.base @def` refers to one.
                // The format reads a quoted name into `base_ref` too (its optional group comes
                // first), so a string there is a name.
                let base_ref = attr_named(ctx, op, "base_ref");
                let named = attr_named(ctx, op, "base_name").or(base_ref.filter(|&r| str_of(ctx, r).is_some()));
                let base_ref = base_ref.filter(|&r| str_of(ctx, r).is_none());
                match (named.and_then(|a| str_of(ctx, a)), base_ref) {
                    (Some(n), None) => match n.chars().next() {
                        Some('!') => Node::Base { name: n[1..].to_string(), is_type: true },
                        Some('#') => Node::Base { name: n[1..].to_string(), is_type: false },
                        _ => {
                            self.errors.push((
                                loc,
                                "'irdl.base' op the base type or attribute name should start with '!' or '#'".into(),
                            ));
                            Node::Any
                        }
                    },
                    (None, Some(r)) => match self.resolve_ref("irdl.base", r) {
                        Ok((name, is_type)) => Node::Base { name, is_type },
                        Err(m) => {
                            self.errors.push((loc, m));
                            Node::Any
                        }
                    },
                    _ => {
                        self.errors.push((
                            loc,
                            "'irdl.base' op the base type or attribute should be specified by either a name or a reference"
                                .into(),
                        ));
                        Node::Any
                    }
                }
            }
            "irdl.parametric" => {
                let params = self.operand_vars(op);
                let r = attr_named(ctx, op, "base_type");
                match r.map(|r| self.resolve_ref("irdl.parametric", r)) {
                    Some(Ok((name, is_type))) => Node::Parametric { name, is_type, params },
                    Some(Err(m)) => {
                        self.errors.push((loc, m));
                        Node::Any
                    }
                    None => Node::Any,
                }
            }
            "irdl.region" => {
                let args = attr_named(ctx, op, "constrainedArguments").map(|_| self.operand_vars(op));
                let blocks = attr_named(ctx, op, "numberOfBlocks").and_then(|a| match ctx.attr_kind(a) {
                    AttrKind::Integer { value, .. } => value.to_i64(32),
                    _ => None,
                });
                if let Some(n) = blocks.filter(|&n| n <= 0) {
                    self.errors.push((
                        loc,
                        format!("'irdl.region' op the number of blocks is expected to be >= 1 but got {n}"),
                    ));
                }
                Node::Region { args, blocks: blocks.map(|n| n.max(0) as u32) }
            }
            other => {
                self.errors.push((loc, format!("'{other}' is not a constraint operation")));
                Node::Any
            }
        };
        let idx = self.prog.nodes.len();
        self.prog.nodes.push(node);
        if let Ok(v) = ctx.op_result(op, 0) {
            self.vars.insert(v, idx);
        }
    }
}

/// The names and variadicity an `irdl.operands`-like op carries (see the IRDL directives).
fn names_and_arity(ctx: &Context, op: OpId, n: usize) -> (Vec<String>, Vec<Arity>) {
    let names = attr_named(ctx, op, "names").and_then(|a| strs_of(ctx, a)).unwrap_or_default();
    let arity = attr_named(ctx, op, "variadicity").and_then(|a| strs_of(ctx, a)).unwrap_or_default();
    let names = (0..n).map(|i| names.get(i).cloned().unwrap_or_else(|| format!("v{i}"))).collect();
    let arity = (0..n)
        .map(|i| match arity.get(i).map(String::as_str) {
            Some("optional") => Arity::Optional,
            Some("variadic") => Arity::Variadic,
            _ => Arity::Single,
        })
        .collect();
    (names, arity)
}

/// Upstream IRDL's rule for the names of dialects, definitions and values (they become C++
/// identifiers): lowercase letters and digits, an underscore only after one of them.
fn check_name(name: &str, label: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err(format!("name of {label} is empty"));
    }
    let mut underscore_ok = false;
    for c in name.chars() {
        if c == '_' {
            if !underscore_ok {
                return Err(format!("name of {label} should not contain leading or double underscores"));
            }
        } else if !c.is_ascii_alphanumeric() {
            return Err(format!("name of {label} must contain only lowercase letters, digits and underscores"));
        } else if c.is_ascii_uppercase() {
            return Err(format!("name of {label} should not contain uppercase letters"));
        }
        underscore_ok = c != '_';
    }
    Ok(())
}

/// Checks the names an `irdl.operands`-like op gives its values, as upstream's verifier of
/// that op does; `ods_names` (`omnir.ods`) relaxes the spelling, not emptiness or
/// duplicates, to ODS's.
fn check_value_names(ctx: &Context, op: OpId, kind: &str, ods_names: bool) -> Result<(), String> {
    let op_name = ctx.op_name(op).unwrap_or("");
    let n = ctx.op_num_operands(op).unwrap_or(0);
    if let Some(arity) = attr_named(ctx, op, "variadicity").and_then(|a| strs_of(ctx, a)) {
        if arity.len() != n {
            return Err(format!(
                "'{op_name}' op the number of {kind}s and their variadicities must be the same, but got {n} and {} respectively",
                arity.len()
            ));
        }
    }
    let Some(names) = attr_named(ctx, op, "names").and_then(|a| strs_of(ctx, a)) else { return Ok(()) };
    if names.len() != n {
        return Err(format!(
            "'{op_name}' op the number of {kind}s and their names must be the same, but got {n} and {} respectively",
            names.len()
        ));
    }
    for (i, name) in names.iter().enumerate() {
        let label = format!("{kind} #{i}");
        if ods_names && name.is_empty() {
            return Err(format!("name of {label} is empty"));
        } else if !ods_names {
            check_name(name, &label)?;
        }
        if let Some(first) = names[..i].iter().position(|m| m == name) {
            return Err(format!("'{op_name}' op name of {kind} #{i} is a duplicate of the name of {kind} #{first}"));
        }
    }
    Ok(())
}

fn build_all(ctx: &Context, module: OpId) -> Result<Vec<DialectSpec>, Errors> {
    let mut errors: Errors = Vec::new();
    let mut out = Vec::new();
    let top = ops_of_body(ctx, module);
    // Every symbol of the file, for references (see `BodyBuilder::symbols`).
    let mut symbols: FxHashMap<String, String> = FxHashMap::default();
    for &d in &top {
        let op_name = ctx.op_name(d).unwrap_or("").to_string();
        if attr_named(ctx, d, "sym_name").is_none() {
            continue;
        }
        let dname = sym_name(ctx, d);
        if op_name == "irdl.dialect" {
            for c in ops_of_body(ctx, d) {
                let kind = ctx.op_name(c).unwrap_or("").to_string();
                if attr_named(ctx, c, "sym_name").is_none() {
                    continue;
                }
                // Operations and types or attributes are separate namespaces in a dialect
                // (`llvm.blockaddress` is both); references name the latter.
                let entry = symbols.entry(format!("{dname}.{}", sym_name(ctx, c))).or_default();
                if entry.is_empty() || entry == "irdl.operation" {
                    *entry = kind;
                }
            }
        }
        symbols.insert(format!("::{dname}"), op_name);
    }
    for d in top {
        let loc = ctx.op_location(d).unwrap_or(ctx.unknown_loc());
        // Other operations (a function, say) may sit beside the dialects, as upstream allows.
        if ctx.op_name(d).ok() != Some("irdl.dialect") {
            continue;
        }
        let dname = sym_name(ctx, d);
        // Shipped dialects keep ODS's names (`lowerBound`, `llvm.mlir.constant`).
        let ods_names = attr_named(ctx, d, "omnir.ods").is_some();
        if !ods_names {
            if let Err(m) = check_name(&dname, "dialect") {
                errors.push((loc, m));
                continue;
            }
        }
        if !crate::dialect::is_valid_dialect_namespace(&dname) {
            errors.push((loc, format!("invalid dialect namespace '{dname}'")));
            continue;
        }
        // Enums.
        let mut enums: FxHashMap<String, Arc<EnumDef>> = FxHashMap::default();
        if let Some(e) = attr_named(ctx, d, "omnir.enums") {
            match ctx.attr_kind(e) {
                AttrKind::Dictionary(entries) => {
                    for na in entries.iter() {
                        let ename = ctx.ident_str(na.name).to_string();
                        match parse_enum(ctx, &ename, na.value) {
                            Ok(def) => {
                                enums.insert(ename, Arc::new(def));
                            }
                            Err(m) => errors.push((loc, m)),
                        }
                    }
                }
                _ => errors.push((loc, "omnir.enums must be a dictionary".into())),
            }
        }
        let children = ops_of_body(ctx, d);
        let mut sorted_enums: Vec<Arc<EnumDef>> = enums.values().cloned().collect();
        sorted_enums.sort_by(|a, b| a.name.cmp(&b.name));
        let mut spec =
            DialectSpec { name: dname.clone(), loc, types: Vec::new(), ops: Vec::new(), enums: sorted_enums };
        for c in children {
            let cloc = ctx.op_location(c).unwrap_or(ctx.unknown_loc());
            let cname = ctx.op_name(c).unwrap_or("").to_string();
            let mut body = BodyBuilder {
                ctx,
                dialect: &dname,
                symbols: &symbols,
                enums: &enums,
                prog: Program::default(),
                vars: FxHashMap::default(),
                errors: Vec::new(),
            };
            let label = match cname.as_str() {
                "irdl.type" => "type",
                "irdl.attribute" => "attribute",
                _ => "operation",
            };
            let cname_sym = sym_name(ctx, c);
            let checked = if ods_names && !cname_sym.is_empty() {
                Ok(())
            } else {
                check_name(cname_sym.trim_start_matches(['!', '#']), label)
            };
            if let Err(m) = checked {
                errors.push((cloc, m));
                continue;
            }
            match cname.as_str() {
                "irdl.type" | "irdl.attribute" => {
                    let mut params = Vec::new();
                    let mut param_vars = Vec::new();
                    for o in ops_of_body(ctx, c) {
                        if ctx.op_num_results(o).unwrap_or(0) == 1 {
                            body.constraint(o);
                        } else if ctx.op_name(o).ok() == Some("irdl.parameters") {
                            if let Err(m) = check_value_names(ctx, o, "parameter", ods_names) {
                                body.errors.push((ctx.op_location(o).unwrap_or(cloc), m));
                            }
                            let vars = body.operand_vars(o);
                            let (names, _) = names_and_arity(ctx, o, vars.len());
                            params = names;
                            param_vars = vars;
                        } else {
                            let n = ctx.op_name(o).unwrap_or("").to_string();
                            body.errors
                                .push((ctx.op_location(o).unwrap_or(cloc), format!("'{n}' is not allowed in {cname}")));
                        }
                    }
                    // Upstream's loader cannot build a verifier from a C++ predicate and
                    // defines such a type or attribute without parameters; so does omnir.
                    if body.prog.nodes.iter().any(|n| matches!(n, Node::CPred)) {
                        params.clear();
                        param_vars.clear();
                    }
                    let text = |key: &str| attr_named(ctx, c, key).and_then(|a| str_of(ctx, a)).unwrap_or_default();
                    let docs = crate::dialect::KindDocs {
                        class_name: text("omnir.class_name"),
                        summary: text("omnir.summary"),
                        description: text("omnir.description"),
                    };
                    let mut interfaces = Vec::new();
                    if let Some(a) = attr_named(ctx, c, "omnir.interfaces") {
                        match strs_of(ctx, a) {
                            Some(names) => {
                                for n in names {
                                    // A bare name is one of the builtin interfaces
                                    // (`MemRefElementTypeInterface`).
                                    let q = if n.contains('.') { n } else { format!("builtin.{n}") };
                                    interfaces.push(crate::typeid::TypeId::of(&q));
                                }
                            }
                            None => body.errors.push((cloc, "omnir.interfaces must be an array of strings".into())),
                        }
                    }
                    errors.append(&mut body.errors);
                    spec.types.push(TypeSpec {
                        dialect: dname.clone(),
                        name: sym_name(ctx, c),
                        is_type: cname == "irdl.type",
                        params,
                        docs,
                        interfaces,
                        prog: body.prog,
                        param_vars,
                        loc: cloc,
                    });
                }
                "irdl.operation" => {
                    let opname = format!("{dname}.{}", sym_name(ctx, c));
                    let mut def = OpDef::new(&opname);
                    let mut operand_vars = Vec::new();
                    let mut result_vars = Vec::new();
                    let mut attr_vars = Vec::new();
                    let mut region_vars = Vec::new();
                    let mut attr_names = Vec::new();
                    // The names of each kind of value, in body order, for the check that no
                    // two kinds share a name.
                    let mut kind_names: Vec<(&str, Vec<String>)> = Vec::new();
                    for o in ops_of_body(ctx, c) {
                        let oname = ctx.op_name(o).unwrap_or("").to_string();
                        let kind = match oname.as_str() {
                            "irdl.operands" => Some("operand"),
                            "irdl.results" => Some("result"),
                            "irdl.regions" => Some("region"),
                            _ => None,
                        };
                        if let Some(kind) = kind {
                            if let Err(m) = check_value_names(ctx, o, kind, ods_names) {
                                body.errors.push((ctx.op_location(o).unwrap_or(cloc), m));
                            }
                            let names = attr_named(ctx, o, "names").and_then(|a| strs_of(ctx, a)).unwrap_or_default();
                            kind_names.push((kind, names));
                        }
                        match oname.as_str() {
                            "irdl.operands" | "irdl.results" => {
                                let vars = body.operand_vars(o);
                                let (names, arity) = names_and_arity(ctx, o, vars.len());
                                let specs: Vec<ValueSpec> = names
                                    .iter()
                                    .zip(&arity)
                                    .map(|(n, a)| ValueSpec {
                                        name: n.clone(),
                                        constraint: TypeConstraint::Any,
                                        arity: *a,
                                    })
                                    .collect();
                                if oname == "irdl.operands" {
                                    def.operands = specs;
                                    operand_vars = vars;
                                } else {
                                    def.results = specs;
                                    result_vars = vars;
                                }
                            }
                            "irdl.attributes" => {
                                attr_vars = body.operand_vars(o);
                                attr_names = attr_named(ctx, o, "attributeValueNames")
                                    .and_then(|a| strs_of(ctx, a))
                                    .unwrap_or_default();
                                if attr_names.len() != attr_vars.len() {
                                    body.errors.push((
                                        ctx.op_location(o).unwrap_or(cloc),
                                        format!(
                                            "'irdl.attributes' op the number of attribute names and their constraints must be the same but got {} and {} respectively",
                                            attr_names.len(),
                                            attr_vars.len()
                                        ),
                                    ));
                                }
                            }
                            "irdl.regions" => {
                                region_vars = body.operand_vars(o);
                                let (names, _) = names_and_arity(ctx, o, region_vars.len());
                                def.region_names = names;
                                def.num_regions = region_vars.len();
                            }
                            _ if ctx.op_num_results(o).unwrap_or(0) == 1 => body.constraint(o),
                            _ => body.errors.push((
                                ctx.op_location(o).unwrap_or(cloc),
                                format!("'{oname}' is not allowed in irdl.operation"),
                            )),
                        }
                    }
                    'shared: for (i, (a, an)) in kind_names.iter().enumerate() {
                        for (b, bn) in &kind_names[i + 1..] {
                            if let Some(n) = an.iter().find(|n| bn.contains(n)) {
                                body.errors.push((
                                    cloc,
                                    format!(
                                        "'irdl.operation' op contains a value named '{n}' for both its {a}s and {b}s"
                                    ),
                                ));
                                break 'shared;
                            }
                        }
                    }
                    // Named constraints become the specs' constraints (checked by the core
                    // with ODS's messages); values used more than once must match.
                    for (spec, &v) in
                        def.operands.iter_mut().zip(&operand_vars).chain(def.results.iter_mut().zip(&result_vars))
                    {
                        if let Some(Node::NamedType(c)) = body.prog.nodes.get(v) {
                            spec.constraint = c.clone();
                        } else if let Some(Node::Is(a)) = body.prog.nodes.get(v) {
                            if let AttrKind::Type(t) = ctx.attr_kind(*a) {
                                spec.constraint = TypeConstraint::Exactly(*t);
                            }
                        }
                    }
                    let optional = attr_named(ctx, c, "omnir.optional_attributes")
                        .and_then(|a| strs_of(ctx, a))
                        .unwrap_or_default();
                    for (n, &v) in attr_names.iter().zip(&attr_vars) {
                        let constraint = match body.prog.nodes.get(v) {
                            Some(Node::NamedAttr(c)) => c.clone(),
                            Some(
                                Node::Base { name, is_type: false } | Node::Parametric { name, is_type: false, .. },
                            ) if name.contains('.') => AttrConstraint::DialectKind(name.clone()),
                            _ => AttrConstraint::Any,
                        };
                        def.attributes.push(AttrSpec { name: n.clone(), constraint, optional: optional.contains(n) });
                    }
                    // An op written in upstream's IRDL alone verifies as upstream's IRDL does.
                    let has_omnir_attr = |o: OpId| {
                        ctx.op_attributes(o)
                            .is_ok_and(|attrs| attrs.iter().any(|e| ctx.ident_str(e.name).starts_with("omnir.")))
                    };
                    def.values_checked_by_hook =
                        !ods_names && !has_omnir_attr(c) && !ops_of_body(ctx, c).into_iter().any(has_omnir_attr);
                    let mut groups: FxHashMap<usize, Vec<String>> = FxHashMap::default();
                    for (spec, &v) in def.operands.iter().zip(&operand_vars).chain(def.results.iter().zip(&result_vars))
                    {
                        if !matches!(body.prog.nodes.get(v), Some(Node::Is(_))) {
                            groups.entry(v).or_default().push(spec.name.clone());
                        }
                    }
                    let mut shared: Vec<(usize, Vec<String>)> =
                        groups.into_iter().filter(|(_, g)| g.len() > 1).collect();
                    shared.sort();
                    let mut irdl_attr_names = Vec::new();
                    if def.values_checked_by_hook {
                        irdl_attr_names = def.attributes.drain(..).map(|a| a.name).collect();
                    } else {
                        def.all_types_match.extend(shared.into_iter().map(|(_, g)| g));
                    }
                    // omnir.* extensions.
                    let mut implicit = None;
                    if let Some(t) = attr_named(ctx, c, "omnir.traits") {
                        match strs_of(ctx, t) {
                            Some(names) => {
                                for n in names {
                                    if let Err(m) = apply_trait(&mut def, ctx, &n, &mut implicit) {
                                        body.errors.push((cloc, m));
                                    }
                                }
                            }
                            None => body.errors.push((cloc, "omnir.traits must be an array of strings".into())),
                        }
                    }
                    def.summary = attr_named(ctx, c, "omnir.summary").and_then(|a| str_of(ctx, a)).unwrap_or_default();
                    def.description =
                        attr_named(ctx, c, "omnir.description").and_then(|a| str_of(ctx, a)).unwrap_or_default();
                    def.default_dialect = attr_named(ctx, c, "omnir.default_dialect").and_then(|a| str_of(ctx, a));
                    def.class_name =
                        attr_named(ctx, c, "omnir.class_name").and_then(|a| str_of(ctx, a)).unwrap_or_default();
                    if let Some(a) = attr_named(ctx, c, "omnir.arguments") {
                        match strs_of(ctx, a) {
                            Some(order) => def.arguments = order,
                            None => body.errors.push((cloc, "omnir.arguments must be an array of strings".into())),
                        }
                    }
                    if let Some(a) = attr_named(ctx, c, "omnir.print_terminators") {
                        use crate::dialect::PrintTerminators;
                        def.prints_implicit_terminators = match (ctx.attr_kind(a), str_of(ctx, a).as_deref()) {
                            (crate::attrs::AttrKind::Bool(true), _) | (_, Some("always")) => PrintTerminators::Always,
                            (_, Some("with_results")) => PrintTerminators::WithResults,
                            _ => {
                                body.errors.push((
                                    cloc,
                                    "omnir.print_terminators must be \"always\" or \"with_results\"".into(),
                                ));
                                PrintTerminators::WhenTheyCarrySomething
                            }
                        };
                    }
                    def.attr_dict_shows_defaults = attr_named(ctx, c, "omnir.attr_dict_shows_defaults").is_some();
                    if let Some(s) = attr_named(ctx, c, "omnir.successors").and_then(|a| strs_of(ctx, a)) {
                        def.num_successors = s.len();
                        def.successor_names = s;
                    }
                    // The last region / successor group may be variadic (ODS `VariadicRegion`,
                    // `VariadicSuccessor`), which IRDL cannot say.
                    for (key, is_region) in [("omnir.variadic_regions", true), ("omnir.variadic_successors", false)] {
                        let Some(names) = attr_named(ctx, c, key).and_then(|a| strs_of(ctx, a)) else { continue };
                        let all = if is_region { &def.region_names } else { &def.successor_names };
                        match names.as_slice() {
                            [n] if all.last() == Some(n) => {
                                if is_region {
                                    def.num_regions -= 1;
                                    def.variadic_regions = true;
                                } else {
                                    def.num_successors -= 1;
                                    def.variadic_successors = true;
                                }
                            }
                            _ => body.errors.push((cloc, format!("{key} must name the last group, once"))),
                        }
                    }
                    if let Some(names) = attr_named(ctx, c, "omnir.built_regions").and_then(|a| strs_of(ctx, a)) {
                        def.built_regions = names;
                    }
                    if let Some(dflt) = attr_named(ctx, c, "omnir.defaults") {
                        for e in ctx.dictionary_entries(dflt) {
                            let n = ctx.ident_str(e.name);
                            match def.attributes.iter().position(|a| a.name == n) {
                                Some(i) => {
                                    def.attribute_defaults.resize(def.attributes.len(), None);
                                    def.attribute_defaults[i] = Some(e.value);
                                    def.attributes[i].optional = true;
                                }
                                None => body.errors.push((
                                    cloc,
                                    format!("omnir.defaults names '{n}', which is not an attribute of the operation"),
                                )),
                            }
                        }
                    }
                    let format = attr_named(ctx, c, "omnir.assembly_format").and_then(|a| str_of(ctx, a));
                    let verifier_hook = attr_named(ctx, c, "omnir.verifier").and_then(|a| str_of(ctx, a));
                    if let Some(a) = attr_named(ctx, c, "omnir.result_names") {
                        match strs_of(ctx, a) {
                            Some(names) if !names.is_empty() && names.iter().all(|n| !n.is_empty()) => {
                                def.result_names = Some(crate::dialect::ResultNames::Fixed(names))
                            }
                            _ => body.errors.push((
                                cloc,
                                "omnir.result_names must be an array of non-empty strings (one, or one per result)"
                                    .into(),
                            )),
                        }
                    }
                    let result_names_hook = attr_named(ctx, c, "omnir.result_names_hook").and_then(|a| str_of(ctx, a));
                    let mut default_texts = Vec::new();
                    if let Some(dflt) = attr_named(ctx, c, "omnir.default_texts") {
                        for e in ctx.dictionary_entries(dflt) {
                            let n = ctx.ident_str(e.name).to_string();
                            match (str_of(ctx, e.value), def.attributes.iter().position(|a| a.name == n)) {
                                (Some(text), Some(i)) => {
                                    def.attributes[i].optional = true;
                                    default_texts.push((n, text));
                                }
                                (None, _) => {
                                    body.errors.push((cloc, format!("omnir.default_texts.{n} must be a string")))
                                }
                                (_, None) => body.errors.push((
                                    cloc,
                                    format!(
                                        "omnir.default_texts names '{n}', which is not an attribute of the operation"
                                    ),
                                )),
                            }
                        }
                    }
                    if !def.arguments.is_empty() {
                        let mut expected: Vec<&str> = def.operands.iter().map(|o| o.name.as_str()).collect();
                        expected.extend(def.attributes.iter().map(|a| a.name.as_str()));
                        let mut given: Vec<&str> = def.arguments.iter().map(String::as_str).collect();
                        expected.sort_unstable();
                        given.sort_unstable();
                        if expected != given {
                            body.errors.push((
                                cloc,
                                format!(
                                    "omnir.arguments must name each operand and attribute once: [{}]",
                                    expected.join(", ")
                                ),
                            ));
                        }
                    }
                    errors.append(&mut body.errors);
                    spec.ops.push(OpSpec {
                        def,
                        prog: body.prog,
                        operand_vars,
                        result_vars,
                        attr_vars,
                        irdl_attr_names,
                        region_vars,
                        format,
                        implicit_terminator: implicit,
                        verifier_hook,
                        result_names_hook,
                        default_texts,
                        loc: cloc,
                    });
                }
                other => errors.push((cloc, format!("'{other}' is not allowed in irdl.dialect"))),
            }
        }
        out.push(spec);
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn parse_enum(ctx: &Context, name: &str, value: Attribute) -> Result<EnumDef, String> {
    let err = || format!("enum '{name}' must be {{width = N, cases = [\"a\", ...], values = [0, ...]}}");
    let get = |k: &str| ctx.dictionary_entries(value).iter().find(|e| ctx.ident_str(e.name) == k).map(|e| e.value);
    if !matches!(ctx.attr_kind(value), AttrKind::Dictionary(_)) {
        return Err(err());
    }
    let width = match get("width").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => value.to_u64().filter(|w| *w >= 1 && *w <= 64).ok_or_else(err)? as u32,
        None => 64,
        _ => return Err(err()),
    };
    let cases = get("cases").and_then(|a| strs_of(ctx, a)).ok_or_else(err)?;
    let values: Vec<i64> = match get("values").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items
            .iter()
            .map(|&i| match ctx.attr_kind(i) {
                AttrKind::Integer { value, ty } => {
                    let w = match ctx.type_kind(*ty) {
                        TypeKind::Integer { width, .. } => *width,
                        _ => 64,
                    };
                    value.to_i64(w).ok_or_else(err)
                }
                _ => Err(err()),
            })
            .collect::<Result<_, _>>()?,
        None => (0..cases.len() as i64).collect(),
        _ => return Err(err()),
    };
    if values.len() != cases.len() {
        return Err(format!("enum '{name}' has {} cases but {} values", cases.len(), values.len()));
    }
    let bit = matches!(get("bit").map(|a| ctx.attr_kind(a)), Some(AttrKind::Bool(true)) | Some(AttrKind::Unit));
    let separator = get("separator").and_then(|a| str_of(ctx, a)).unwrap_or_else(|| "|".to_string());
    let symbols = match get("symbols") {
        Some(a) => strs_of(ctx, a).filter(|s| s.len() == cases.len()).ok_or_else(|| {
            format!("enum '{name}': symbols must be an array of {} strings, one per case", cases.len())
        })?,
        None => Vec::new(),
    };
    Ok(EnumDef {
        name: name.to_string(),
        width,
        cases: cases.into_iter().zip(values).collect(),
        bit,
        separator,
        symbols,
    })
}

/// Registers what [`build_all`] made, after checking that nothing clashes.
fn register_all(ctx: &mut Context, dialects: Vec<DialectSpec>) -> Result<Vec<String>, (Location, String)> {
    // Check first, so that a failure registers nothing.
    let mut names = Vec::new();
    for d in &dialects {
        if ctx.is_dialect_registered(&d.name) || names.contains(&d.name) {
            return Err((d.loc, format!("dialect '{}' is already registered", d.name)));
        }
        names.push(d.name.clone());
    }
    // Formats compile against the final definitions, before registering.
    let mut compiled: Vec<Vec<OpDef>> = Vec::new();
    for d in &dialects {
        let mut defs = Vec::new();
        for op in &d.ops {
            let mut def = op.def.clone();
            if let Some(f) = &op.format {
                def.set_assembly_format(f).map_err(|e| {
                    (op.loc, format!("invalid assembly format of '{}': {}: {}", def.name, e.offset_note(f), e.message))
                })?;
            }
            if let Some(h) = &op.verifier_hook {
                match ctx.op_verifier_hook(h) {
                    Some(v) => def.verify = Some(chain(def.verify.take(), v)),
                    None => return Err((op.loc, format!("verifier hook '{h}' is not registered"))),
                }
            }
            if let Some(h) = &op.result_names_hook {
                match ctx.result_names_hook(h) {
                    Some(hook) => def.result_names = Some(crate::dialect::ResultNames::Hook(hook)),
                    None => return Err((op.loc, format!("result-name hook '{h}' is not registered"))),
                }
            }
            if !program_is_redundant(op) {
                let prog = Arc::new(op.prog.clone());
                let (ov, rv, av, gv) =
                    (op.operand_vars.clone(), op.result_vars.clone(), op.attr_vars.clone(), op.region_vars.clone());
                let names = op.irdl_attr_names.clone();
                let irdl_check: crate::dialect::OpVerifier = Arc::new(move |ctx: &Context, id: OpId| {
                    verify_with_program(ctx, id, &prog, &ov, &rv, &names, &av, &gv)
                });
                def.verify = Some(match def.verify.take() {
                    Some(v) => chain(Some(irdl_check), v),
                    None => irdl_check,
                });
            }
            defs.push(def);
        }
        compiled.push(defs);
    }
    for (d, defs) in dialects.into_iter().zip(compiled) {
        ctx.register_dialect(DialectDef {
            name: d.name.clone(),
            allow_unknown_operations: false,
            enums: d.enums.clone(),
        });
        for t in d.types {
            // An attribute whose one parameter is an enum (ODS `EnumAttr`) is spelled with the
            // case keywords: `#arith.fastmath<nnan,ninf>`.
            let enum_param = match (t.param_vars.as_slice(), t.is_type) {
                ([v], false) => match t.prog.nodes.get(*v) {
                    Some(Node::NamedAttr(AttrConstraint::Enum(e))) => Some(e.clone()),
                    _ => None,
                },
                _ => None,
            };
            let params: Vec<ParamSpec> = t
                .params
                .iter()
                .zip(&t.param_vars)
                .map(|(n, &v)| ParamSpec { name: n.clone(), constraint: param_constraint(ctx, &t.prog, v) })
                .collect();
            let prog = Arc::new(t.prog);
            let vars = t.param_vars.clone();
            // Upstream reports a parameter's failure as the constraint's message alone.
            let verify: crate::dialect::ParamsVerifier = Arc::new(move |ctx: &Context, params: &[Attribute]| {
                let mut c = Checker::new(ctx, &prog);
                for (&v, &p) in vars.iter().zip(params) {
                    c.check(v, p).map_err(crate::verify::plain_error)?;
                    // A named constraint binds like `any` in IRDL's checker (an op's are
                    // checked by the verifier); a parameter's is checked here.
                    if let Some(Node::NamedAttr(named)) = prog.nodes.get(v) {
                        if !named.check(ctx, p) {
                            return Err(crate::verify::plain_error(format!(
                                "'{}' does not satisfy the constraint: {}",
                                show_attr(ctx, p),
                                named.summary(ctx)
                            )));
                        }
                    }
                }
                Ok(())
            });
            let interfaces = t.interfaces.iter().map(|&i| InterfaceImpl::marker(i)).collect();
            let r = if t.is_type {
                ctx.register_type(&t.dialect, &t.name, params, Some(verify), interfaces)
                    .and_then(|id| ctx.set_kind_docs(true, id.to_raw(), t.docs.clone()))
            } else {
                ctx.register_attribute(&t.dialect, &t.name, params, Some(verify), interfaces).and_then(|id| {
                    ctx.set_kind_docs(false, id.to_raw(), t.docs.clone())?;
                    match enum_param {
                        Some(e) => ctx.set_attr_assembly(id, enum_assembly(e)),
                        None => Ok(()),
                    }
                })
            };
            r.map_err(|e| (t.loc, e.message))?;
        }
        for (spec_op, mut def) in d.ops.iter().zip(defs) {
            for (name, text) in &spec_op.default_texts {
                ctx.load_dialects_named_in(text);
                let value = crate::asm::parse_attribute(ctx, text)
                    .map_err(|e| (spec_op.loc, format!("default of '{name}' in '{}': {e}", def.name)))?;
                if let Some(i) = def.attributes.iter().position(|a| &a.name == name) {
                    def.attribute_defaults.resize(def.attributes.len(), None);
                    def.attribute_defaults[i] = Some(value);
                }
            }
            if let Some(t) = &spec_op.implicit_terminator {
                let full = if t.contains('.') { t.clone() } else { format!("{}.{t}", d.name) };
                def.interfaces.push(InterfaceImpl {
                    interface: crate::verify::SingleBlockImplicitTerminator::interface_id(),
                    methods: Arc::new(crate::verify::SingleBlockImplicitTerminator { terminator: full }),
                });
            }
            ctx.register_operation(def).map_err(|e| (spec_op.loc, e.message))?;
        }
    }
    Ok(names)
}

/// What a parameter's constraint says it holds, for typed bindings: a type (any type
/// constraint), an integer of one type, a string, a boolean, an enum, an ODS named
/// attribute constraint; `Any` otherwise.
fn param_constraint(ctx: &Context, prog: &Program, var: usize) -> AttrConstraint {
    match prog.nodes.get(var) {
        Some(Node::NamedAttr(c)) => c.clone(),
        Some(Node::NamedType(_)) => AttrConstraint::Type,
        Some(Node::Base { is_type: true, .. } | Node::Parametric { is_type: true, .. }) => AttrConstraint::Type,
        Some(Node::Is(a)) => match ctx.attr_kind(*a) {
            AttrKind::Type(_) => AttrConstraint::Type,
            AttrKind::Integer { ty, .. } => AttrConstraint::TypedInteger(*ty),
            AttrKind::String { .. } => AttrConstraint::String,
            AttrKind::Bool(_) => AttrConstraint::Bool,
            _ => AttrConstraint::Any,
        },
        // Alternatives of one kind (`any_of(is 8 : i64, is 16 : i64)`) hold that kind.
        Some(Node::AnyOf(vs)) | Some(Node::AllOf(vs)) => {
            let kinds: Vec<AttrConstraint> = vs.iter().map(|&v| param_constraint(ctx, prog, v)).collect();
            let same = |a: &AttrConstraint, b: &AttrConstraint| match (a, b) {
                (AttrConstraint::Type, AttrConstraint::Type)
                | (AttrConstraint::String, AttrConstraint::String)
                | (AttrConstraint::Bool, AttrConstraint::Bool) => true,
                (AttrConstraint::TypedInteger(x), AttrConstraint::TypedInteger(y)) => x == y,
                _ => false,
            };
            match kinds.split_first() {
                Some((first, rest)) if rest.iter().all(|k| same(first, k)) && same(first, first) => first.clone(),
                _ => AttrConstraint::Any,
            }
        }
        _ => AttrConstraint::Any,
    }
}

/// `<keywords>` for an enum attribute's one parameter (an integer of the enum's width).
fn enum_assembly(e: Arc<EnumDef>) -> crate::dialect::CustomAssembly {
    let parse_enum = e.clone();
    crate::dialect::CustomAssembly::new(
        move |ctx: &Context, text: &str| {
            let e = &parse_enum;
            let inner = text
                .trim()
                .strip_prefix('<')
                .and_then(|r| r.strip_suffix('>'))
                .ok_or_else(|| AsmError::new(format!("expected '<' {} '>'", e.name)))?;
            let value = e.symbolize(inner).ok_or_else(|| {
                let offset = text.find(inner.trim()).unwrap_or(0);
                AsmError::at(offset, format!("expected one of [{}] for {}", keywords(e), e.name))
            })?;
            let ty = ctx.integer_type(e.width, Signedness::Signless).map_err(|er| AsmError::new(er.message))?;
            Ok(vec![ctx.integer_attr(ty, value).map_err(|er| AsmError::new(er.message))?])
        },
        move |ctx: &Context, params: &[Attribute]| {
            let value = params
                .first()
                .and_then(|&p| match ctx.attr_kind(p) {
                    AttrKind::Integer { value, .. } => value.to_i64(e.width),
                    _ => None,
                })
                .ok_or_else(|| format!("{} takes one integer parameter", e.name))?;
            let text = e.stringify(value).ok_or_else(|| format!("{value} is no value of {}", e.name))?;
            Ok(format!("<{text}>"))
        },
    )
}

fn keywords(e: &EnumDef) -> String {
    e.cases.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(", ")
}

/// Whether the op's constraint program checks nothing the core's verifier does not check
/// already from the specs: every value is an ODS named constraint or one exact type, every
/// attribute a named constraint or a dialect kind, every region unconstrained (types tied by
/// one value are `AllTypesMatch` groups). Such ops skip the program, which is most of the
/// shipped dialects' ops.
fn program_is_redundant(op: &OpSpec) -> bool {
    if op.def.values_checked_by_hook {
        return false;
    }
    let node = |v: usize| op.prog.nodes.get(v);
    let values_ok = op.operand_vars.iter().chain(&op.result_vars).all(|&v| match node(v) {
        Some(Node::NamedType(_)) => true,
        Some(Node::Is(_)) => op
            .def
            .operands
            .iter()
            .zip(&op.operand_vars)
            .chain(op.def.results.iter().zip(&op.result_vars))
            .filter(|(_, &var)| var == v)
            .all(|(spec, _)| matches!(spec.constraint, TypeConstraint::Exactly(_))),
        _ => false,
    });
    let attrs_ok = op.attr_vars.iter().all(|&v| match node(v) {
        Some(Node::NamedAttr(_)) => true,
        Some(Node::Base { name, is_type: false }) => name.contains('.'),
        _ => false,
    });
    let regions_ok = op.region_vars.iter().all(|&v| matches!(node(v), Some(Node::Region { args: None, blocks: None })));
    values_ok && attrs_ok && regions_ok
}

fn chain(first: Option<crate::dialect::OpVerifier>, then: crate::dialect::OpVerifier) -> crate::dialect::OpVerifier {
    match first {
        None => then,
        Some(f) => Arc::new(move |ctx: &Context, op: OpId| {
            f(ctx, op)?;
            then(ctx, op)
        }),
    }
}

/// IRDL's verification of an op against its definition's program.
#[allow(clippy::too_many_arguments)]
fn verify_with_program(
    ctx: &Context,
    op: OpId,
    prog: &Program,
    operand_vars: &[usize],
    result_vars: &[usize],
    irdl_attr_names: &[String],
    attr_vars: &[usize],
    region_vars: &[usize],
) -> Result<(), String> {
    let Some(def) = ctx.op_name(op).ok().and_then(|n| ctx.operation_def(n)).cloned() else { return Ok(()) };
    if def.values_checked_by_hook {
        return verify_as_irdl(ctx, op, &def, prog, operand_vars, result_vars, irdl_attr_names, attr_vars, region_vars);
    }
    let mut c = Checker::new(ctx, prog);
    for (i, spec) in def.attributes.iter().enumerate() {
        let Some(&v) = attr_vars.get(i) else { continue };
        match ctx.op_inherent_or_discardable(op, &spec.name).ok().flatten() {
            Some(a) => c.check(v, a)?,
            None if spec.optional => {}
            None => return Err(format!("attribute \"{}\" is expected but not provided", spec.name)),
        }
    }
    let operand_types: Vec<Type> =
        ctx.op_operands(op).unwrap_or_default().iter().map(|&v| ctx.value_type(v).unwrap_or(ctx.none_type())).collect();
    let result_types: Vec<Type> = ctx.op_result_types(op).unwrap_or_default();
    // The groups as the core's verifier splits them (it has reported bad counts already).
    use crate::verify::{segments, Kind};
    let (Ok(operand_groups), Ok(result_groups)) =
        (segments(ctx, op, &def, Kind::Operand), segments(ctx, op, &def, Kind::Result))
    else {
        return Ok(());
    };
    for (g, r) in operand_groups.into_iter().enumerate() {
        let Some(&v) = operand_vars.get(g) else { continue };
        for t in &operand_types[r] {
            c.check(v, ctx.type_attr(*t))?;
        }
    }
    for (g, r) in result_groups.into_iter().enumerate() {
        let Some(&v) = result_vars.get(g) else { continue };
        for t in &result_types[r] {
            c.check(v, ctx.type_attr(*t))?;
        }
    }
    for (i, &v) in region_vars.iter().enumerate() {
        let Some(Node::Region { args, blocks }) = prog.nodes.get(v) else { continue };
        let Ok(region) = ctx.op_region(op, i) else { continue };
        let bs = ctx.region_blocks(region).unwrap_or_default();
        if let Some(n) = blocks {
            if bs.len() != *n as usize {
                return Err(format!("expected region {i} to have {n} block(s) but got {}", bs.len()));
            }
        }
        if let (Some(args), Some(&entry)) = (args, bs.first()) {
            let entry_args = ctx.block_arguments(entry).unwrap_or_default();
            if entry_args.len() != args.len() {
                return Err(format!(
                    "expected region {i} to have {} arguments but got {}",
                    args.len(),
                    entry_args.len()
                ));
            }
            for (&a, v) in args.iter().zip(entry_args) {
                c.check(a, ctx.type_attr(ctx.value_type(v).unwrap_or(ctx.none_type())))?;
            }
        }
    }
    Ok(())
}

/// The sizes of an op's operand (or result) groups as upstream's IRDL verifier finds them:
/// from the counts when at most one group is optional or variadic, else from the segment
/// sizes attribute. Errors are upstream's messages, plain (see [`crate::verify::plain_error`]).
fn irdl_segments(ctx: &Context, op: OpId, specs: &[ValueSpec], n: usize, kind: &str) -> Result<Vec<usize>, String> {
    let plain = crate::verify::plain_error;
    let flexible = specs.iter().filter(|s| s.arity != Arity::Single).count();
    let total = specs.len();
    match flexible {
        0 if n != total => Err(plain(format!("op expects exactly {total} {kind}s, but got {n}"))),
        0 => Ok(vec![1; total]),
        1 => {
            if n + 1 < total {
                return Err(plain(format!("op expects at least {} {kind}s, but got {n}", total - 1)));
            }
            let optional = specs.iter().any(|s| s.arity == Arity::Optional);
            if optional && n > total {
                return Err(plain(format!("op expects at most {total} {kind}s, but got {n}")));
            }
            Ok(specs.iter().map(|s| if s.arity == Arity::Single { 1 } else { n + 1 - total }).collect())
        }
        _ => {
            let attr_name = format!("{kind}SegmentSizes");
            let Some(a) = ctx.op_inherent_or_discardable(op, &attr_name).ok().flatten() else {
                return Err(plain(format!("'{attr_name}' attribute is expected but not provided")));
            };
            let sizes: Vec<i32> = match ctx.attr_kind(a) {
                AttrKind::DenseArray { element, data, .. }
                    if matches!(
                        ctx.type_kind(*element),
                        TypeKind::Integer { width: 32, signedness: Signedness::Signless }
                    ) =>
                {
                    data.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
                }
                _ => return Err(plain(format!("'{attr_name}' attribute is expected to be a dense i32 array"))),
            };
            if sizes.len() != total {
                return Err(plain(format!(
                    "'{attr_name}' attribute for specifying {kind} segments must have {total} elements, but got {}",
                    sizes.len()
                )));
            }
            let mut sum = 0usize;
            for (i, (&size, spec)) in sizes.iter().zip(specs).enumerate() {
                if size < 0 {
                    return Err(plain(format!(
                        "'{attr_name}' attribute for specifying {kind} segments must have non-negative values"
                    )));
                }
                match spec.arity {
                    Arity::Single if size != 1 => {
                        return Err(plain(format!("element {i} in '{attr_name}' attribute must be equal to 1")))
                    }
                    Arity::Optional if size > 1 => {
                        return Err(plain(format!("element {i} in '{attr_name}' attribute must be equal to 0 or 1")))
                    }
                    _ => {}
                }
                sum += size as usize;
            }
            if sum != n {
                return Err(plain(format!(
                    "sum of elements in '{attr_name}' attribute must be equal to the number of {kind}s"
                )));
            }
            Ok(sizes.into_iter().map(|s| s as usize).collect())
        }
    }
}

/// Upstream IRDL's verification of an op of a plain IRDL definition: group sizes, then
/// attributes, operands and results against the constraint program, then regions.
#[allow(clippy::too_many_arguments)]
fn verify_as_irdl(
    ctx: &Context,
    op: OpId,
    def: &OpDef,
    prog: &Program,
    operand_vars: &[usize],
    result_vars: &[usize],
    attr_names: &[String],
    attr_vars: &[usize],
    region_vars: &[usize],
) -> Result<(), String> {
    let plain = crate::verify::plain_error;
    let operand_types: Vec<Type> =
        ctx.op_operands(op).unwrap_or_default().iter().map(|&v| ctx.value_type(v).unwrap_or(ctx.none_type())).collect();
    let result_types: Vec<Type> = ctx.op_result_types(op).unwrap_or_default();
    let operand_sizes = irdl_segments(ctx, op, &def.operands, operand_types.len(), "operand")?;
    let result_sizes = irdl_segments(ctx, op, &def.results, result_types.len(), "result")?;
    let mut c = Checker::new(ctx, prog);
    for (name, &v) in attr_names.iter().zip(attr_vars) {
        match ctx.op_inherent_or_discardable(op, name).ok().flatten() {
            Some(a) => c.check(v, a).map_err(plain)?,
            None => return Err(format!("attribute \"{name}\" is expected but not provided")),
        }
    }
    for (types, sizes, vars) in
        [(&operand_types, &operand_sizes, operand_vars), (&result_types, &result_sizes, result_vars)]
    {
        let mut start = 0;
        for (&len, &v) in sizes.iter().zip(vars) {
            for t in &types[start..start + len] {
                c.check(v, ctx.type_attr(*t)).map_err(plain)?;
            }
            start += len;
        }
    }
    let regions = ctx.op_regions(op).unwrap_or_default();
    if regions.len() != region_vars.len() {
        return Err(format!("unexpected number of regions: expected {} but got {}", region_vars.len(), regions.len()));
    }
    for (i, (&v, &region)) in region_vars.iter().zip(&regions).enumerate() {
        let Some(Node::Region { args, blocks }) = prog.nodes.get(v) else { continue };
        let bs = ctx.region_blocks(region).unwrap_or_default();
        if let Some(n) = blocks {
            if bs.len() != *n as usize {
                return Err(plain(format!("expected region {i} to have {n} block(s) but got {}", bs.len())));
            }
        }
        if let (Some(args), Some(&entry)) = (args, bs.first()) {
            let entry_args = ctx.block_arguments(entry).unwrap_or_default();
            // Upstream reports at the first argument (the region, that is the op, if none).
            let at_arg = |v: crate::ir::Value, m: String| match ctx.value_location(v) {
                Ok(loc) => crate::verify::error_at_with_op_note(loc, m),
                Err(_) => plain(m),
            };
            if entry_args.len() != args.len() {
                let m = format!("expected region {i} to have {} arguments but got {}", args.len(), entry_args.len());
                return Err(match entry_args.first() {
                    Some(&first) => at_arg(first, m),
                    None => plain(m),
                });
            }
            for (&a, v) in args.iter().zip(entry_args) {
                c.check(a, ctx.type_attr(ctx.value_type(v).unwrap_or(ctx.none_type()))).map_err(|m| at_arg(v, m))?;
            }
        }
    }
    Ok(())
}

// ---- the irdl dialect itself, defined with the same machinery ----

/// Registers the `irdl` dialect (once per context) so definition files parse.
pub fn ensure_irdl_dialect(ctx: &mut Context) {
    if ctx.is_dialect_registered(IRDL) {
        return;
    }
    ctx.register_dialect(DialectDef { name: IRDL.into(), allow_unknown_operations: false, enums: Vec::new() });
    let attr_ty = ctx.register_type(IRDL, "attribute", Vec::new(), None, Vec::new()).expect("irdl.attribute type");
    let region_ty = ctx.register_type(IRDL, "region", Vec::new(), None, Vec::new()).expect("irdl.region type");
    let attr_t = ctx.dialect_type(attr_ty, &[]).expect("!irdl.attribute");
    let region_t = ctx.dialect_type(region_ty, &[]).expect("!irdl.region");
    let value = || TypeConstraint::Exactly(attr_t);
    let symbol = || AttrSpec::required("sym_name", AttrConstraint::SymbolName);
    let mut defs: Vec<OpDef> = Vec::new();
    for (name, traits) in [
        ("dialect", Traits::NO_TERMINATOR | Traits::SYMBOL | Traits::SYMBOL_TABLE | Traits::ISOLATED_FROM_ABOVE),
        ("type", Traits::NO_TERMINATOR | Traits::SYMBOL | Traits::NO_REGION_ARGUMENTS),
        ("attribute", Traits::NO_TERMINATOR | Traits::SYMBOL | Traits::NO_REGION_ARGUMENTS),
        ("operation", Traits::NO_TERMINATOR | Traits::SYMBOL | Traits::NO_REGION_ARGUMENTS),
    ] {
        let mut d = OpDef::new(&format!("irdl.{name}"));
        d.attributes = vec![symbol()];
        d.num_regions = 1;
        d.region_names = vec!["body".into()];
        d.traits = traits | Traits::SINGLE_BLOCK;
        // Definitions without constraints may leave out the body (`irdl.type @singleton`).
        if name == "dialect" {
            d.fmt("$sym_name attr-dict-with-keyword $body");
        } else {
            d.fmt("$sym_name attr-dict-with-keyword ($body^)?");
        }
        defs.push(d);
    }
    let names = || AttrSpec::optional("names", AttrConstraint::Array);
    let arity = || AttrSpec::optional("variadicity", AttrConstraint::Array);
    for (name, with_arity) in [("operands", true), ("results", true), ("parameters", false), ("regions", false)] {
        let mut d = OpDef::new(&format!("irdl.{name}"));
        let elem = if name == "regions" { TypeConstraint::Exactly(region_t) } else { value() };
        d.operands = vec![ValueSpec::variadic("args", elem)];
        d.attributes = if with_arity { vec![names(), arity()] } else { vec![names()] };
        if with_arity {
            d.fmt("`` custom<NamedValues>($args, $names, $variadicity) attr-dict");
        } else {
            d.fmt("`` custom<NamedValues>($args, $names) attr-dict");
        }
        defs.push(d);
    }
    let mut d = OpDef::new("irdl.attributes");
    d.operands = vec![ValueSpec::variadic("attributeValues", value())];
    d.attributes = vec![AttrSpec::required("attributeValueNames", AttrConstraint::Array)];
    d.fmt("custom<AttributesOp>($attributeValues, $attributeValueNames) attr-dict");
    defs.push(d);
    let constraint = |name: &str| {
        let mut d = OpDef::new(&format!("irdl.{name}"));
        d.results = vec![ValueSpec::new("output", value())];
        d
    };
    let mut d = constraint("is");
    d.attributes = vec![AttrSpec::required("expected", AttrConstraint::Any)];
    d.fmt("$expected ` ` attr-dict");
    defs.push(d);
    let mut d = constraint("any");
    d.fmt("attr-dict");
    defs.push(d);
    for name in ["any_of", "all_of"] {
        let mut d = constraint(name);
        d.operands = vec![ValueSpec::variadic("args", value())];
        d.fmt("`(` $args `)` ` ` attr-dict");
        defs.push(d);
    }
    let mut d = constraint("base");
    d.attributes = vec![
        AttrSpec::optional("base_ref", AttrConstraint::SymbolRef),
        AttrSpec::optional("base_name", AttrConstraint::String),
    ];
    d.fmt("($base_ref^)? ($base_name^)? ` ` attr-dict");
    defs.push(d);
    let mut d = constraint("parametric");
    d.operands = vec![ValueSpec::variadic("args", value())];
    d.attributes = vec![AttrSpec::required("base_type", AttrConstraint::SymbolRef)];
    d.fmt("$base_type `<` $args `>` ` ` attr-dict");
    defs.push(d);
    let mut d = constraint("c_pred");
    d.attributes = vec![AttrSpec::required("pred", AttrConstraint::String)];
    d.fmt("$pred ` ` attr-dict");
    defs.push(d);
    let mut d = OpDef::new("irdl.region");
    d.operands = vec![ValueSpec::variadic("entryBlockArgs", value())];
    d.results = vec![ValueSpec::new("output", TypeConstraint::Exactly(region_t))];
    let i32t = ctx.integer_type(32, Signedness::Signless).expect("i32");
    d.attributes = vec![
        AttrSpec::optional("numberOfBlocks", AttrConstraint::TypedInteger(i32t)),
        AttrSpec::optional("constrainedArguments", AttrConstraint::Unit),
    ];
    d.fmt("``(`(` $entryBlockArgs $constrainedArguments^ `)`)? ``(` ` `with` `size` $numberOfBlocks^)? attr-dict");
    defs.push(d);
    for d in defs {
        ctx.register_operation(d).expect("irdl op");
    }
    let directive = |parse: crate::asm::format::DirectiveParseFn, print: crate::asm::format::DirectivePrintFn| {
        CustomDirective::new(parse, print)
    };
    ctx.register_custom_directive(
        IRDL,
        "NamedValues",
        directive(Arc::new(parse_named_values), Arc::new(print_named_values)),
    )
    .expect("irdl directive");
    ctx.register_custom_directive(
        IRDL,
        "AttributesOp",
        directive(Arc::new(parse_attributes_op), Arc::new(print_attributes_op)),
    )
    .expect("irdl directive");
}

impl OpDef {
    /// Compiles a format the core itself defines (a bug if it does not compile).
    fn fmt(&mut self, format: &str) {
        if let Err(e) = self.set_assembly_format(format) {
            panic!("the built-in format of '{}' does not compile: {e}", self.name);
        }
    }
}

/// `(name: variadic %v, other: %w, ...)`: named operands, each with an optional variadicity
/// where the op has one. Names are required, as in upstream's IRDL.
fn parse_named_values(p: &mut dyn crate::asm::format::DirectiveParser, args: &mut [ParsedArg]) -> Result<(), AsmError> {
    let ctx_strs = |p: &dyn crate::asm::format::DirectiveParser, v: &[String]| {
        let ctx = p.context();
        let items: Vec<Attribute> = v.iter().map(|s| ctx.string_attr(s)).collect();
        ctx.array_attr(&items)
    };
    let with_arity = args.len() > 2;
    let mut operands = Vec::new();
    let mut names = Vec::new();
    let mut arity = Vec::new();
    p.parse_punct("(")?;
    if !p.parse_optional_punct(")")? {
        loop {
            let name = p.parse_optional_keyword()?.ok_or_else(|| p.error("expected valid keyword"))?;
            p.parse_punct(":")?;
            let mut a = "single".to_string();
            if with_arity {
                for k in ["single", "optional", "variadic"] {
                    if p.at_keyword(k) {
                        p.parse_keyword(k)?;
                        a = k.to_string();
                        break;
                    }
                }
            }
            operands.push(p.parse_operand()?);
            names.push(name);
            arity.push(a);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    args[0] = ParsedArg::Operands(operands);
    if let Some(slot) = args.get_mut(1) {
        *slot = ParsedArg::Attr(Some(ctx_strs(p, &names)));
    }
    if let Some(slot) = args.get_mut(2) {
        *slot = ParsedArg::Attr(Some(ctx_strs(p, &arity)));
    }
    Ok(())
}

fn print_named_values(p: &mut dyn crate::asm::format::DirectivePrinter, args: &[PrintArg]) {
    let ctx_strs = |p: &dyn crate::asm::format::DirectivePrinter, a: Option<&PrintArg>| match a {
        Some(PrintArg::Attr(Some(a))) => strs_of(p.context(), *a).unwrap_or_default(),
        _ => Vec::new(),
    };
    let names = ctx_strs(p, args.get(1));
    let arity = ctx_strs(p, args.get(2));
    p.write("(");
    if let Some(PrintArg::Operands(vs)) = args.first() {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            if let Some(n) = names.get(i) {
                p.write(n);
                p.write(": ");
            }
            if let Some(a) = arity.get(i).filter(|a| a.as_str() != "single") {
                p.write(a);
                p.write(" ");
            }
            p.print_value(*v);
        }
    }
    p.write(")");
}

/// `{"name" = %v, ...}`.
fn parse_attributes_op(
    p: &mut dyn crate::asm::format::DirectiveParser,
    args: &mut [ParsedArg],
) -> Result<(), AsmError> {
    let mut operands = Vec::new();
    let mut names = Vec::new();
    if p.parse_optional_punct("{")? && !p.parse_optional_punct("}")? {
        loop {
            let name = match p.parse_optional_string()? {
                Some(s) => s,
                None => p.parse_optional_keyword()?.ok_or_else(|| p.error("expected an attribute name"))?,
            };
            p.parse_punct("=")?;
            operands.push(p.parse_operand()?);
            names.push(name);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct("}")?;
    }
    let ctx = p.context();
    let items: Vec<Attribute> = names.iter().map(|s| ctx.string_attr(s)).collect();
    let arr = ctx.array_attr(&items);
    args[0] = ParsedArg::Operands(operands);
    args[1] = ParsedArg::Attr(Some(arr));
    Ok(())
}

fn print_attributes_op(p: &mut dyn crate::asm::format::DirectivePrinter, args: &[PrintArg]) {
    let names = match args.get(1) {
        Some(PrintArg::Attr(Some(a))) => strs_of(p.context(), *a).unwrap_or_default(),
        _ => Vec::new(),
    };
    let Some(PrintArg::Operands(vs)) = args.first() else { return };
    if vs.is_empty() {
        return;
    }
    p.write("{");
    for (i, v) in vs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let name = p.context().string_attr(names.get(i).map_or("", String::as_str));
        p.print_attribute(name);
        p.write(" = ");
        p.print_value(*v);
    }
    p.write("}");
}

impl crate::asm::format::FormatError {
    fn offset_note(&self, format: &str) -> String {
        format!("at '{}'", format.get(self.offset..).unwrap_or("").chars().take(20).collect::<String>())
    }
}
