//! What every language's bindings are made from: a dialect's ops as the registry holds them
//! after loading its definition, in the terms builders and accessors need (ODS's argument
//! order, which groups are optional or variadic, how an attribute is built from a plain
//! value, whether result types can be left out).

use std::sync::Arc;

use crate::dialect::{Arity, AttrConstraint, EnumDef, OpDef, Traits};
use crate::Context;

/// One dialect's bindings model.
pub struct Dialect {
    pub name: String,
    pub ops: Vec<Op>,
    pub enums: Vec<Enum>,
    /// Its type kinds, then its attribute kinds.
    pub kinds: Vec<Kind>,
}

/// A type or attribute kind of the dialect (`!pixels.rgb<bits>`): built from its parameters,
/// read back parameter by parameter.
pub struct Kind {
    /// `pixels.rgb`.
    pub qualified: String,
    pub is_type: bool,
    /// `RgbType` (the definition's `omnir.class_name`, else the mnemonic's words + `Type` /
    /// `Attr`).
    pub class_name: String,
    pub summary: String,
    pub description: String,
    pub params: Vec<KindParam>,
}

/// A parameter and how a plain value of the host language becomes it.
pub struct KindParam {
    pub name: String,
    pub kind: AttrKind,
}

impl Kind {
    fn from_def(ctx: &Context, def: &crate::dialect::TypeDef, is_type: bool) -> Kind {
        let class_name = if def.docs.class_name.is_empty() {
            let mut name = words_capitalized(&def.name);
            name.push_str(if is_type { "Type" } else { "Attr" });
            name
        } else {
            def.docs.class_name.clone()
        };
        Kind {
            qualified: def.qualified_name.clone(),
            is_type,
            class_name,
            summary: def.docs.summary.clone(),
            description: def.docs.description.clone(),
            params: def
                .params
                .iter()
                .map(|p| KindParam { name: p.name.clone(), kind: AttrKind::of(ctx, &p.constraint) })
                .collect(),
        }
    }
}

/// An integer enum of the dialect (`arith.CmpIPredicate`).
pub struct Enum {
    pub name: String,
    pub width: u32,
    pub bit: bool,
    /// (spelling, value).
    pub cases: Vec<(String, i64)>,
    /// The bindings' name of each case (ODS's symbols, else the spellings).
    pub symbols: Vec<String>,
}

pub struct Op {
    /// `arith.addi`.
    pub name: String,
    /// The class (`AddIOp`).
    pub class_name: String,
    pub summary: String,
    pub description: String,
    /// Operands and attributes in ODS's order.
    pub arguments: Vec<Argument>,
    pub results: Vec<Group>,
    pub regions: Vec<Group>,
    pub successors: Vec<Group>,
    /// Every result type follows from the operands and attributes.
    pub infers_results: bool,
    /// `operandSegmentSizes` / `resultSegmentSizes` say the group sizes.
    pub sized_operand_segments: bool,
    pub sized_result_segments: bool,
}

/// A named operand, result, region or successor group.
#[derive(Clone)]
pub struct Group {
    pub name: String,
    pub arity: Arity,
}

pub enum Argument {
    Operand(Group),
    Attribute(Attr),
}

impl Argument {
    pub fn name(&self) -> &str {
        match self {
            Argument::Operand(g) => &g.name,
            Argument::Attribute(a) => &a.name,
        }
    }

    /// A builder may leave it out.
    pub fn is_optional(&self) -> bool {
        match self {
            Argument::Operand(g) => g.arity == Arity::Optional,
            Argument::Attribute(a) => a.optional,
        }
    }
}

pub struct Attr {
    pub name: String,
    /// May be absent (ODS `OptionalAttr`, `DefaultValuedAttr`, `UnitAttr`).
    pub optional: bool,
    pub kind: AttrKind,
}

/// How a plain value of the host language becomes the attribute.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AttrKind {
    /// Present or not (`UnitAttr`): a boolean.
    Unit,
    Bool,
    /// An integer of this type (`I64Attr`: `"i64"`).
    Int(String),
    String,
    /// A string naming a symbol (`SymbolNameAttr`).
    SymbolName,
    /// `@name` from a string.
    FlatSymbolRef,
    /// `@a::@b` (a string makes a flat one).
    SymbolRef,
    /// A type.
    Type,
    /// A list of attributes.
    Array,
    /// A mapping of names to attributes.
    Dictionary,
    /// A list of integers of this width (`DenseI64ArrayAttr`; 1: booleans).
    DenseArray(u32),
    /// A case of the dialect's integer enum (name, storage width).
    Enum(String, u32),
    /// An attribute of a dialect's kind, spelled by its cases (`#arith.fastmath<fast>`).
    DialectAttr(String),
    /// Only an attribute object.
    Any,
}

impl AttrKind {
    fn of(ctx: &Context, c: &AttrConstraint) -> AttrKind {
        match c {
            AttrConstraint::Unit => AttrKind::Unit,
            AttrConstraint::Bool => AttrKind::Bool,
            AttrConstraint::TypedInteger(t) => AttrKind::Int(crate::asm::printer::print_type(ctx, *t)),
            AttrConstraint::String => AttrKind::String,
            AttrConstraint::SymbolName => AttrKind::SymbolName,
            AttrConstraint::FlatSymbolRef => AttrKind::FlatSymbolRef,
            AttrConstraint::SymbolRef => AttrKind::SymbolRef,
            AttrConstraint::Type | AttrConstraint::TypeOf(_) => AttrKind::Type,
            AttrConstraint::Array => AttrKind::Array,
            AttrConstraint::Dictionary => AttrKind::Dictionary,
            AttrConstraint::DenseIntArray(w) => AttrKind::DenseArray(*w),
            AttrConstraint::Enum(e) => AttrKind::Enum(e.name.clone(), e.width),
            AttrConstraint::DialectKind(q) => AttrKind::DialectAttr(q.clone()),
            _ => AttrKind::Any,
        }
    }
}

/// The class name ODS would give an op without one in its definition: its name's words
/// capitalized, then `Op` (`index_cast` -> `IndexCastOp`).
pub fn default_class_name(op_name: &str) -> String {
    let short = op_name.split_once('.').map_or(op_name, |(_, s)| s);
    let mut out = words_capitalized(short);
    out.push_str("Op");
    out
}

/// `async.token` -> `AsyncToken`, `index_cast` -> `IndexCast`.
fn words_capitalized(name: &str) -> String {
    let mut out = String::new();
    for word in name.split(['.', '_', '-']).filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    out
}

fn group(name: &str, arity: Arity) -> Group {
    Group { name: name.to_string(), arity }
}

impl Op {
    fn from_def(ctx: &Context, def: &OpDef) -> Op {
        let operand = |name: &str| def.operands.iter().find(|o| o.name == name);
        let attribute = |name: &str| def.attributes.iter().position(|a| a.name == name);
        let order: Vec<String> = if def.arguments.is_empty() {
            def.operands.iter().map(|o| o.name.clone()).chain(def.attributes.iter().map(|a| a.name.clone())).collect()
        } else {
            def.arguments.clone()
        };
        let mut arguments = Vec::new();
        for name in &order {
            if let Some(o) = operand(name) {
                arguments.push(Argument::Operand(group(&o.name, o.arity)));
            } else if let Some(i) = attribute(name) {
                let a = &def.attributes[i];
                let kind = AttrKind::of(ctx, &a.constraint);
                let defaulted = def.attribute_defaults.get(i).is_some_and(Option::is_some);
                arguments.push(Argument::Attribute(Attr {
                    name: a.name.clone(),
                    optional: a.optional || defaulted || kind == AttrKind::Unit,
                    kind,
                }));
            }
        }
        let named = |names: &[String], count: usize, variadic: bool, stem: &str| -> Vec<Group> {
            let total = count + usize::from(variadic);
            (0..total)
                .map(|i| {
                    let name = names.get(i).cloned().unwrap_or_else(|| format!("{stem}{i}"));
                    group(&name, if variadic && i == count { Arity::Variadic } else { Arity::Single })
                })
                .collect()
        };
        Op {
            name: def.name.clone(),
            class_name: if def.class_name.is_empty() { default_class_name(&def.name) } else { def.class_name.clone() },
            summary: def.summary.clone(),
            description: def.description.clone(),
            arguments,
            results: def.results.iter().map(|r| group(&r.name, r.arity)).collect(),
            regions: named(&def.region_names, def.num_regions, def.variadic_regions, "region"),
            successors: named(&def.successor_names, def.num_successors, def.variadic_successors, "successor"),
            // As upstream's builders: only ops that say their types follow (ODS adds
            // InferTypeOpInterface where it derives them) leave them out.
            infers_results: !def.results.is_empty()
                && (def.has_trait(Traits::SAME_OPERANDS_AND_RESULT_TYPE)
                    || def.trait_names.iter().any(|t| t == "InferTypeOpInterface"))
                && def.result_type_sources.is_some(),
            sized_operand_segments: def.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
            sized_result_segments: def.has_trait(Traits::ATTR_SIZED_RESULT_SEGMENTS),
        }
    }

    /// The region count a builder passes: the fixed regions, plus its `num_<name>` parameter
    /// for a variadic group.
    pub fn region_count_expr(&self) -> String {
        let fixed = self.regions.iter().filter(|r| r.arity != Arity::Variadic).count();
        match self.regions.iter().find(|r| r.arity == Arity::Variadic) {
            Some(r) => format!("{fixed} + num_{}", r.name),
            None => fixed.to_string(),
        }
    }

    /// The successors a builder passes, as a list expression (`empty` when it has none):
    /// each parameter's name, `spread` before a variadic group's (`*`, `...`).
    pub fn successor_list(&self, empty: &str, spread: &str, name: impl Fn(&str) -> String) -> String {
        if self.successors.is_empty() {
            return empty.to_string();
        }
        let parts: Vec<String> = self
            .successors
            .iter()
            .map(|s| if s.arity == Arity::Variadic { format!("{spread}{}", name(&s.name)) } else { name(&s.name) })
            .collect();
        format!("[{}]", parts.join(", "))
    }

    /// Whether a builder gathers the groups without bookkeeping (every operand and result
    /// group single, or the results inferred): the generated function of such an op creates
    /// it directly, without a view object.
    pub fn builds_without_view(&self) -> bool {
        self.operands().all(|g| g.arity == Arity::Single)
            && !self.sized_operand_segments
            && (self.infers_results
                || (self.results.iter().all(|r| r.arity == Arity::Single) && !self.sized_result_segments))
    }

    pub fn operands(&self) -> impl Iterator<Item = &Group> {
        self.arguments.iter().filter_map(|a| match a {
            Argument::Operand(g) => Some(g),
            Argument::Attribute(_) => None,
        })
    }
}

impl Dialect {
    /// The model of `dialect` as registered in `ctx` (a shipped dialect is loaded first).
    pub fn from_context(ctx: &mut Context, dialect: &str) -> Result<Dialect, String> {
        if !ctx.load_dialect(dialect) {
            return Err(format!("no dialect '{dialect}' is registered or shipped"));
        }
        let prefix = format!("{dialect}.");
        let defs: Vec<Arc<OpDef>> = ctx
            .registered_operations()
            .into_iter()
            .filter(|n| n.starts_with(&prefix))
            .filter_map(|n| ctx.operation_def(n).cloned())
            .collect();
        let mut ops: Vec<Op> = defs.iter().map(|def| Op::from_def(ctx, def)).collect();
        ops.sort_by(|a, b| a.class_name.cmp(&b.class_name).then(a.name.cmp(&b.name)));
        // The enums the dialect declares, and any other its ops' attributes use.
        let mut declared: Vec<Arc<EnumDef>> = ctx.dialect(dialect).map(|d| d.enums.clone()).unwrap_or_default();
        for a in defs.iter().flat_map(|def| &def.attributes) {
            if let AttrConstraint::Enum(e) = &a.constraint {
                if !declared.iter().any(|x| x.name == e.name) {
                    declared.push(e.clone());
                }
            }
        }
        let mut enums: Vec<Enum> = declared
            .iter()
            .map(|e| Enum {
                name: e.name.clone(),
                width: e.width,
                bit: e.bit,
                cases: e.cases.clone(),
                symbols: if e.symbols.is_empty() {
                    e.cases.iter().map(|(c, _)| c.clone()).collect()
                } else {
                    e.symbols.clone()
                },
            })
            .collect();
        enums.sort_by(|a, b| a.name.cmp(&b.name));
        let mut kinds: Vec<Kind> = Vec::new();
        for is_type in [true, false] {
            for def in ctx.dialect_kinds(dialect, is_type) {
                let kind = Kind::from_def(ctx, &def, is_type);
                // Two kinds whose names capitalize alike (`a_b`, `a.b`) would make one class
                // twice: the second gets none (the generic API still reaches it).
                if kinds.iter().any(|k| k.class_name == kind.class_name) {
                    continue;
                }
                kinds.push(kind);
            }
        }
        Ok(Dialect { name: dialect.to_string(), ops, enums, kinds })
    }
}
