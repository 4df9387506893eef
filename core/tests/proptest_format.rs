//! Property tests of assembly formats: random operations (operand groups of every arity,
//! enum, integer, symbol and unit attributes, results) with random formats built from
//! MLIR's format language; random instances of them print in their custom form, parse back
//! and print the same text, and the generic form reads back to the same custom print.
//! Formats that upstream's tblgen refuses are refused too.

use std::sync::Arc;

use omnir_core::asm::{parse_source, print_op, ParseOptions, PrintFlags};
use omnir_core::dialect::{Arity, AttrConstraint, AttrSpec, DialectDef, EnumDef, OpDef, TypeConstraint, ValueSpec};
use omnir_core::types::{FloatKind, Signedness};
use omnir_core::{Context, InsertPoint, NamedAttribute, OperationState, Type};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum AttrKindSpec {
    Enum,
    Int,
    Symbol,
    Unit,
}

#[derive(Clone, Debug)]
struct Spec {
    operands: Vec<Arity>,
    attrs: Vec<AttrKindSpec>,
    /// Number of single results, or a variadic result group.
    results: Result<u8, ()>,
    /// How the parts are ordered in the format (a permutation seed) and separated.
    order_seed: u64,
    dict_first: bool,
}

#[derive(Clone, Debug)]
struct Instance {
    /// Per operand group: how many operands, and each one's type index.
    operand_types: Vec<Vec<u8>>,
    attr_values: Vec<u8>,
    result_types: Vec<u8>,
    discardable: bool,
}

fn arity() -> impl Strategy<Value = Arity> {
    prop_oneof![3 => Just(Arity::Single), 1 => Just(Arity::Optional), 1 => Just(Arity::Variadic)]
}

fn attr_kind() -> impl Strategy<Value = AttrKindSpec> {
    prop_oneof![Just(AttrKindSpec::Enum), Just(AttrKindSpec::Int), Just(AttrKindSpec::Symbol), Just(AttrKindSpec::Unit)]
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        prop::collection::vec(arity(), 0..4),
        prop::collection::vec(attr_kind(), 0..3),
        prop_oneof![3 => (0u8..3).prop_map(Ok), 1 => Just(Err(()))],
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(mut operands, attrs, results, order_seed, dict_first)| {
            // At most one group that is not single (several need segment sizes).
            let mut seen = false;
            for a in operands.iter_mut() {
                if *a != Arity::Single {
                    if seen {
                        *a = Arity::Single;
                    }
                    seen = true;
                }
            }
            Spec { operands, attrs, results, order_seed, dict_first }
        })
}

const KEYWORDS: &[&str] = &["to", "by", "in", "step", "with", "into", "from", "at"];

/// The format of `s`: each part with its own keyword (so optional groups are never
/// ambiguous), types after the operands, results after `->`.
fn format_of(s: &Spec) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut kw = KEYWORDS.iter().cycle();
    for (i, a) in s.operands.iter().enumerate() {
        let k = kw.next().unwrap();
        parts.push(match a {
            Arity::Single => format!("`{k}` $o{i} `:` type($o{i})"),
            Arity::Optional => format!("(`{k}` $o{i}^ `:` type($o{i}))?"),
            Arity::Variadic => format!("`{k}` `(` $o{i} `)` `:` `(` type($o{i}) `)`"),
        });
    }
    for (i, a) in s.attrs.iter().enumerate() {
        let k = kw.next().unwrap();
        parts.push(match a {
            AttrKindSpec::Unit => format!("(`{k}` $a{i}^)?"),
            _ => format!("`{k}` $a{i}"),
        });
    }
    // Shuffle deterministically.
    let mut x = s.order_seed | 1;
    for i in (1..parts.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        parts.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut f = String::new();
    if s.dict_first {
        f.push_str("attr-dict ");
    }
    f.push_str(&parts.join(" "));
    match s.results {
        Ok(0) => {}
        Ok(n) => {
            f.push_str(" `->` ");
            f.push_str(&(0..n).map(|i| format!("type($r{i})")).collect::<Vec<_>>().join(" `,` "));
        }
        Err(()) => f.push_str(" `->` `(` type($r0) `)`"),
    }
    if !s.dict_first {
        f.push_str(" attr-dict");
    }
    f
}

fn pred() -> Arc<EnumDef> {
    Arc::new(EnumDef::new("pf::Pred", 32, vec![("lt".into(), 0), ("ge".into(), 5), ("eq".into(), 9)]))
}

fn def_of(ctx: &Context, i: usize, s: &Spec) -> OpDef {
    let mut d = OpDef::new(&format!("pf.op{i}"));
    d.operands = s
        .operands
        .iter()
        .enumerate()
        .map(|(k, a)| ValueSpec { name: format!("o{k}"), constraint: TypeConstraint::Any, arity: *a })
        .collect();
    d.attributes = s
        .attrs
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let name = format!("a{k}");
            match a {
                AttrKindSpec::Enum => AttrSpec::required(&name, AttrConstraint::Enum(pred())),
                AttrKindSpec::Int => AttrSpec::required(
                    &name,
                    AttrConstraint::TypedInteger(ctx.integer_type(32, Signedness::Signless).unwrap()),
                ),
                AttrKindSpec::Symbol => AttrSpec::required(&name, AttrConstraint::SymbolName),
                AttrKindSpec::Unit => AttrSpec::optional(&name, AttrConstraint::Unit),
            }
        })
        .collect();
    d.results = match s.results {
        Ok(n) => (0..n).map(|k| ValueSpec::new(&format!("r{k}"), TypeConstraint::Any)).collect(),
        Err(()) => vec![ValueSpec::variadic("r0", TypeConstraint::Any)],
    };
    d
}

fn register(ctx: &mut Context, specs: &[Spec]) {
    ctx.register_dialect(DialectDef { name: "pf".into(), allow_unknown_operations: false, enums: Vec::new() });
    for (i, s) in specs.iter().enumerate() {
        let mut d = def_of(ctx, i, s);
        let f = format_of(s);
        d.set_assembly_format(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
        ctx.register_operation(d).unwrap();
    }
}

fn types(ctx: &Context) -> Vec<Type> {
    vec![
        ctx.integer_type(32, Signedness::Signless).unwrap(),
        ctx.float_type(FloatKind::F32),
        ctx.index_type(),
        ctx.integer_type(1, Signedness::Signless).unwrap(),
    ]
}

fn instance(s: &Spec) -> impl Strategy<Value = Instance> {
    let groups: Vec<BoxedStrategy<Vec<u8>>> = s
        .operands
        .iter()
        .map(|a| match a {
            Arity::Single => prop::collection::vec(0u8..4, 1..=1).boxed(),
            Arity::Optional => prop::collection::vec(0u8..4, 0..=1).boxed(),
            Arity::Variadic => prop::collection::vec(0u8..4, 0..4).boxed(),
        })
        .collect();
    let nres = match s.results {
        Ok(n) => (n as usize)..=(n as usize),
        Err(()) => 0..=3,
    };
    (
        groups,
        prop::collection::vec(any::<u8>(), s.attrs.len()..=s.attrs.len()),
        prop::collection::vec(0u8..4, nres),
        any::<bool>(),
    )
        .prop_map(|(operand_types, attr_values, result_types, discardable)| Instance {
            operand_types,
            attr_values,
            result_types,
            discardable,
        })
}

/// Builds the instances in a module: each op's operands come from `test.src` ops.
fn build(ctx: &mut Context, specs: &[Spec], insts: &[(usize, Instance)]) -> omnir_core::OpId {
    let tys = types(ctx);
    let loc = ctx.unknown_loc();
    let mut module_state = OperationState::new("builtin.module", loc);
    module_state.num_regions = 1;
    let module = ctx.create_operation(&module_state).unwrap();
    let body = ctx.create_block(&[]);
    ctx.region_append_block(ctx.op_region(module, 0).unwrap(), body).unwrap();
    for (i, inst) in insts {
        let s = &specs[*i];
        let mut st = OperationState::new(&format!("pf.op{i}"), loc);
        for group in &inst.operand_types {
            for &t in group {
                let mut src = OperationState::new("test.src", loc);
                src.result_types = vec![tys[t as usize]];
                let op = ctx.create_operation(&src).unwrap();
                ctx.insert_op(op, InsertPoint::BlockEnd(body)).unwrap();
                st.operands.push(ctx.op_result(op, 0).unwrap());
            }
        }
        st.result_types = inst.result_types.iter().map(|&t| tys[t as usize]).collect();
        let mut props = Vec::new();
        for (k, (a, &v)) in s.attrs.iter().zip(&inst.attr_values).enumerate() {
            let value = match a {
                AttrKindSpec::Enum => {
                    let i32t = ctx.integer_type(32, Signedness::Signless).unwrap();
                    Some(ctx.integer_attr(i32t, [0, 5, 9][v as usize % 3]).unwrap())
                }
                AttrKindSpec::Int => {
                    let i32t = ctx.integer_type(32, Signedness::Signless).unwrap();
                    Some(ctx.integer_attr(i32t, v as i64 - 128).unwrap())
                }
                AttrKindSpec::Symbol => Some(ctx.string_attr(&format!("sym{}", v % 4))),
                AttrKindSpec::Unit => (v % 2 == 0).then(|| ctx.unit_attr()),
            };
            if let Some(value) = value {
                props.push(NamedAttribute { name: ctx.identifier(&format!("a{k}")), value });
            }
        }
        if !props.is_empty() {
            st.properties = Some(ctx.dictionary_attr(&props).unwrap());
        }
        if inst.discardable {
            st.attributes.push(NamedAttribute { name: ctx.identifier("note"), value: ctx.string_attr("x") });
        }
        let op = ctx.create_operation(&st).unwrap();
        ctx.insert_op(op, InsertPoint::BlockEnd(body)).unwrap();
    }
    module
}

fn fresh(specs: &[Spec]) -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    register(&mut ctx, specs);
    ctx
}

fn case() -> impl Strategy<Value = (Vec<Spec>, Vec<(usize, Instance)>)> {
    prop::collection::vec(spec(), 1..4).prop_flat_map(|specs| {
        let n = specs.len();
        let insts: Vec<BoxedStrategy<(usize, Instance)>> = (0..6)
            .map(|k| {
                let i = k % n;
                instance(&specs[i]).prop_map(move |inst| (i, inst)).boxed()
            })
            .collect();
        (Just(specs), insts)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_formats_round_trip((specs, insts) in case()) {
        let mut ctx = fresh(&specs);
        let module = build(&mut ctx, &specs, &insts);
        let opts = ParseOptions { allow_unregistered_dialects: true, verify_after_parse: false };
        let custom = print_op(&ctx, module, &PrintFlags::default()).unwrap();
        let generic = print_op(&ctx, module, &PrintFlags { generic: true, ..PrintFlags::default() }).unwrap();
        let formats: Vec<String> = specs.iter().map(format_of).collect();
        // Every pf op printed in its custom form (none fell back to the generic one).
        prop_assert!(!custom.contains("\"pf."), "{}", custom);
        prop_assert_eq!(custom.matches(" pf.op").count(), insts.len());
        let mut again = fresh(&specs);
        let m2 = parse_source(&mut again, &custom, "c.mlir", &opts)
            .unwrap_or_else(|e| panic!("{e}\n--- formats ---\n{formats:#?}\n--- text ---\n{custom}"));
        prop_assert_eq!(&print_op(&again, m2, &PrintFlags::default()).unwrap(), &custom, "formats: {:#?}", formats);
        let mut third = fresh(&specs);
        let m3 = parse_source(&mut third, &generic, "g.mlir", &opts).unwrap();
        prop_assert_eq!(&print_op(&third, m3, &PrintFlags::default()).unwrap(), &custom);
    }

    /// Formats missing a part, or naming something unknown, are refused with a position.
    #[test]
    fn incomplete_formats_are_refused(s in spec(), drop in any::<prop::sample::Index>()) {
        let ctx = Context::new();
        let f = format_of(&s);
        // Drop one `$name` (an operand or a required attribute) or the attr-dict.
        let vars: Vec<(usize, &str)> = f.match_indices('$').collect();
        let mut bad = f.clone();
        let dropped_attr_dict;
        if vars.is_empty() {
            bad = bad.replace("attr-dict", "");
            dropped_attr_dict = true;
        } else {
            let (at, _) = vars[drop.index(vars.len())];
            let end = at + 1 + f[at + 1..].find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(f.len() - at - 1);
            let name = &f[at + 1..end];
            // Operands must appear; attributes may hide in attr-dict (not an error).
            if !name.starts_with('o') {
                return Ok(());
            }
            bad = bad.replace(&format!("${name}^"), "").replace(&format!("${name} "), " ").replace(&format!("${name}"), "");
            dropped_attr_dict = false;
        }
        let mut d = def_of(&ctx, 0, &s);
        let e = d.set_assembly_format(&bad);
        prop_assert!(e.is_err(), "accepted {bad:?} (from {f:?})");
        if dropped_attr_dict {
            prop_assert!(e.unwrap_err().message.contains("attr-dict"));
        }
    }
}
