//! Dialects defined at run time: one registration API of plain data plus callbacks, so that
//! the C API can offer it to every language, and a declarative generator can target it.
//!
//! A dialect registers operations ([`OpDef`]), types ([`TypeDef`]), attributes
//! ([`AttrDef`]) and the interfaces they implement. Interfaces are identified by a
//! [`TypeId`] (interned by qualified name), and an implementation is an opaque table of
//! callbacks ([`InterfaceImpl`]) that the interface's users downcast. Questions such as "is
//! this a valid memref element type" are answered here, so every package gets one answer.

use std::any::Any;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::attrs::{AttrKind, Attribute};
use crate::context::{Context, Identifier};
use crate::error::{Error, ErrorKind, Result};

/// MLIR's `Dialect::isValidNamespace`: a letter or `_`, then letters, digits, `_` or `$`.
/// Anything else could not be written back as `!ns.x` or `ns.op` and parsed again.
pub fn is_valid_dialect_namespace(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// MLIR's message for a namespace [`is_valid_dialect_namespace`] refuses.
pub fn invalid_dialect_namespace(name: &str) -> Error {
    Error::invalid(format!("invalid dialect namespace '{}'", name.escape_default()))
}
use crate::ir::OpId;
use crate::typeid::TypeId;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// Interface ids the core itself answers for builtin types and attributes.
pub mod interfaces {
    use crate::typeid::TypeId;

    pub fn memref_element_type() -> TypeId {
        crate::cached_type_id!("builtin.MemRefElementTypeInterface")
    }
    pub fn shaped_type() -> TypeId {
        crate::cached_type_id!("builtin.ShapedTypeInterface")
    }
    pub fn float_type() -> TypeId {
        crate::cached_type_id!("builtin.FloatTypeInterface")
    }
    pub fn typed_attr() -> TypeId {
        crate::cached_type_id!("builtin.TypedAttrInterface")
    }
    pub fn elements_attr() -> TypeId {
        crate::cached_type_id!("builtin.ElementsAttrInterface")
    }
    pub fn memref_layout_attr() -> TypeId {
        crate::cached_type_id!("builtin.MemRefLayoutAttrInterface")
    }
    pub fn location_attr() -> TypeId {
        crate::cached_type_id!("builtin.LocationAttrInterface")
    }
    /// Dialect types that may be vector elements besides integers, index and floats
    /// (MLIR's `VectorElementTypeInterface`: `vector<4x!llvm.ptr>`).
    pub fn vector_element_type() -> TypeId {
        crate::cached_type_id!("builtin.VectorElementTypeInterface")
    }
}

/// Operation traits, as a bit set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Traits(pub u32);

impl Traits {
    pub const IS_TERMINATOR: Traits = Traits(1 << 0);
    pub const NO_TERMINATOR: Traits = Traits(1 << 1);
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 2);
    pub const SYMBOL_TABLE: Traits = Traits(1 << 3);
    pub const SYMBOL: Traits = Traits(1 << 4);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 5);
    /// Regions are graph regions: no SSA dominance inside them.
    pub const GRAPH_REGIONS: Traits = Traits(1 << 6);
    pub const SINGLE_BLOCK: Traits = Traits(1 << 7);
    /// No side effects: removable when unused.
    pub const PURE: Traits = Traits(1 << 8);
    pub const CONSTANT_LIKE: Traits = Traits(1 << 9);
    pub const COMMUTATIVE: Traits = Traits(1 << 10);
    pub const RETURN_LIKE: Traits = Traits(1 << 11);
    /// Variadic operand groups are sized by an `operandSegmentSizes` dense i32 array.
    pub const ATTR_SIZED_OPERAND_SEGMENTS: Traits = Traits(1 << 12);
    pub const ATTR_SIZED_RESULT_SEGMENTS: Traits = Traits(1 << 13);
    pub const NO_REGION_ARGUMENTS: Traits = Traits(1 << 14);
    /// The symbol name attribute may be absent (e.g. `builtin.module`).
    pub const OPTIONAL_SYMBOL: Traits = Traits(1 << 15);
    /// All operands have the same type.
    pub const SAME_TYPE_OPERANDS: Traits = Traits(1 << 16);
    /// The op's effects are those of the ops in its regions (MLIR's
    /// `RecursiveMemoryEffects`).
    pub const RECURSIVE_MEMORY_EFFECTS: Traits = Traits(1 << 17);
    /// The op only reads memory or allocates its results (`MemoryEffects<[MemRead]>`,
    /// `MemoryEffects<[MemAlloc]>`): unused, it can go.
    pub const ONLY_READS_OR_ALLOCATES: Traits = Traits(1 << 18);
    /// The op's only effect is reading memory (`MemoryEffects<[MemRead]>`): CSE may merge
    /// two of them with no write in between.
    pub const ONLY_READS: Traits = Traits(1 << 19);

    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

/// A predicate on types, with a summary for error messages.
#[derive(Clone)]
pub enum TypeConstraint {
    Any,
    AnyInteger,
    /// Signless integer of this width.
    Integer(u32),
    SignlessIntegerOrIndex,
    Index,
    AnyFloat,
    Float(FloatKind),
    IntegerOrFloat,
    AnyVector,
    AnyTensor,
    AnyMemRef,
    AnyShaped,
    Exactly(Type),
    OneOf(Vec<TypeConstraint>),
    /// The type implements the interface.
    Implements(TypeId),
    Custom {
        summary: String,
        predicate: TypePredicate,
    },
}

/// A user predicate on types (for [`TypeConstraint::Custom`]).
pub type TypePredicate = Arc<dyn Fn(&Context, Type) -> bool + Send + Sync>;
/// A user predicate on attributes (for [`AttrConstraint::Custom`]).
pub type AttrPredicate = Arc<dyn Fn(&Context, Attribute) -> bool + Send + Sync>;

impl TypeConstraint {
    pub fn check(&self, ctx: &Context, ty: Type) -> bool {
        match self {
            TypeConstraint::Any => true,
            TypeConstraint::AnyInteger => matches!(ctx.type_kind(ty), TypeKind::Integer { .. }),
            TypeConstraint::Integer(w) => {
                matches!(ctx.type_kind(ty), TypeKind::Integer { width, signedness: Signedness::Signless } if width == w)
            }
            TypeConstraint::SignlessIntegerOrIndex => matches!(
                ctx.type_kind(ty),
                TypeKind::Integer { signedness: Signedness::Signless, .. } | TypeKind::Index
            ),
            TypeConstraint::Index => matches!(ctx.type_kind(ty), TypeKind::Index),
            TypeConstraint::AnyFloat => matches!(ctx.type_kind(ty), TypeKind::Float(_)),
            TypeConstraint::Float(k) => matches!(ctx.type_kind(ty), TypeKind::Float(x) if x == k),
            TypeConstraint::IntegerOrFloat => {
                matches!(ctx.type_kind(ty), TypeKind::Integer { .. } | TypeKind::Float(_))
            }
            TypeConstraint::AnyVector => matches!(ctx.type_kind(ty), TypeKind::Vector { .. }),
            TypeConstraint::AnyTensor => {
                matches!(ctx.type_kind(ty), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
            }
            TypeConstraint::AnyMemRef => {
                matches!(ctx.type_kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
            }
            TypeConstraint::AnyShaped => ctx.is_shaped(ty),
            TypeConstraint::Exactly(t) => *t == ty,
            TypeConstraint::OneOf(cs) => cs.iter().any(|c| c.check(ctx, ty)),
            TypeConstraint::Implements(iface) => ctx.type_implements(ty, *iface),
            TypeConstraint::Custom { predicate, .. } => predicate(ctx, ty),
        }
    }

    pub fn summary(&self, ctx: &Context) -> String {
        match self {
            TypeConstraint::Any => "any type".into(),
            TypeConstraint::AnyInteger => "integer".into(),
            TypeConstraint::Integer(w) => format!("{w}-bit signless integer"),
            TypeConstraint::SignlessIntegerOrIndex => "signless integer or index".into(),
            TypeConstraint::Index => "index".into(),
            TypeConstraint::AnyFloat => "floating-point".into(),
            TypeConstraint::Float(k) => k.keyword().into(),
            TypeConstraint::IntegerOrFloat => "integer or floating-point".into(),
            TypeConstraint::AnyVector => "vector of any type values".into(),
            TypeConstraint::AnyTensor => "tensor of any non-token type values".into(),
            TypeConstraint::AnyMemRef => "memref of any type values".into(),
            TypeConstraint::AnyShaped => "shaped of any non-token type values".into(),
            TypeConstraint::Exactly(t) => ctx.type_summary(*t),
            TypeConstraint::OneOf(cs) => cs.iter().map(|c| c.summary(ctx)).collect::<Vec<_>>().join(" or "),
            TypeConstraint::Implements(i) => format!("type implementing {}", i.name()),
            TypeConstraint::Custom { summary, .. } => summary.clone(),
        }
    }
}

/// A predicate on attributes, with a summary for error messages.
#[derive(Clone)]
pub enum AttrConstraint {
    Any,
    Unit,
    Bool,
    Integer,
    Float,
    String,
    Type,
    Array,
    Dictionary,
    SymbolRef,
    /// A symbol reference with no nested references (`@name`).
    FlatSymbolRef,
    /// An integer attribute of exactly this type.
    TypedInteger(Type),
    /// An attribute of a dialect's kind (`#arith.fastmath<...>`, by qualified name
    /// `arith.fastmath`): spelled without its `#dialect.mnemonic` in a custom form.
    DialectKind(String),
    /// A dense array of signless integers of this width (`DenseI32ArrayAttr`): `[1, 2]` in a
    /// custom form.
    DenseIntArray(u32),
    /// A type attribute whose type satisfies the constraint (`TypeAttrOf<FunctionType>`):
    /// the bare type in the custom form.
    TypeOf(Box<TypeConstraint>),
    /// A string attribute naming a symbol (`SymbolNameAttr`): `@name` in the custom form.
    SymbolName,
    /// An integer attribute holding one of an enum's cases (`I64EnumAttr`): its keyword in
    /// the custom form.
    Enum(Arc<EnumDef>),
    Custom {
        summary: String,
        predicate: AttrPredicate,
    },
}

impl AttrConstraint {
    pub fn check(&self, ctx: &Context, attr: Attribute) -> bool {
        let kind = ctx.attr_kind(attr);
        match self {
            AttrConstraint::Any => true,
            AttrConstraint::Unit => matches!(kind, AttrKind::Unit),
            AttrConstraint::Bool => matches!(kind, AttrKind::Bool(_)),
            AttrConstraint::Integer => matches!(kind, AttrKind::Integer { .. }),
            AttrConstraint::Float => matches!(kind, AttrKind::Float { .. }),
            AttrConstraint::String => matches!(kind, AttrKind::String { .. }),
            AttrConstraint::Type => matches!(kind, AttrKind::Type(_)),
            AttrConstraint::Array => matches!(kind, AttrKind::Array(_)),
            AttrConstraint::Dictionary => matches!(kind, AttrKind::Dictionary(_)),
            AttrConstraint::SymbolRef => matches!(kind, AttrKind::SymbolRef { .. }),
            AttrConstraint::FlatSymbolRef => matches!(kind, AttrKind::SymbolRef { nested, .. } if nested.is_empty()),
            AttrConstraint::TypedInteger(t) => matches!(kind, AttrKind::Integer { ty, .. } if ty == t),
            AttrConstraint::TypeOf(c) => matches!(kind, AttrKind::Type(t) if c.check(ctx, *t)),
            AttrConstraint::DenseIntArray(width) => match kind {
                AttrKind::DenseArray { element, .. } => matches!(
                    ctx.type_kind(*element),
                    crate::types::TypeKind::Integer { width: w, signedness: Signedness::Signless } if w == width
                ),
                _ => false,
            },
            AttrConstraint::DialectKind(name) => match kind {
                AttrKind::Dialect { def, .. } => ctx.attr_def(*def).is_ok_and(|d| &d.qualified_name == name),
                _ => false,
            },
            AttrConstraint::SymbolName => matches!(kind, AttrKind::String { .. }),
            AttrConstraint::Enum(e) => match kind {
                AttrKind::Integer { ty, value } => {
                    ctx.integer_type(e.width, Signedness::Signless).is_ok_and(|t| t == *ty)
                        && value.to_i64(e.width).is_some_and(|v| e.stringify(v).is_some())
                }
                _ => false,
            },
            AttrConstraint::Custom { predicate, .. } => predicate(ctx, attr),
        }
    }

    pub fn summary(&self, ctx: &Context) -> String {
        match self {
            AttrConstraint::Any => "any attribute".into(),
            AttrConstraint::Unit => "unit attribute".into(),
            AttrConstraint::Bool => "bool attribute".into(),
            AttrConstraint::Integer => "integer attribute".into(),
            AttrConstraint::Float => "float attribute".into(),
            AttrConstraint::String => "string attribute".into(),
            AttrConstraint::Type => "type attribute".into(),
            AttrConstraint::Array => "array attribute".into(),
            AttrConstraint::Dictionary => "dictionary of named attribute values".into(),
            AttrConstraint::SymbolRef => "symbol reference attribute".into(),
            AttrConstraint::FlatSymbolRef => "flat symbol reference attribute".into(),
            AttrConstraint::TypedInteger(t) => format!("{} integer attribute", ctx.type_summary(*t)),
            AttrConstraint::TypeOf(c) => format!("type attribute of {}", c.summary(ctx)),
            AttrConstraint::DenseIntArray(width) => format!("i{width} dense array attribute"),
            AttrConstraint::DialectKind(name) => format!("#{name} attribute"),
            AttrConstraint::SymbolName => "string attribute".into(),
            AttrConstraint::Enum(e) => e.summary(),
            AttrConstraint::Custom { summary, .. } => summary.clone(),
        }
    }
}

/// An enum stored as a signless integer attribute (ODS `I32EnumAttr` / `I64EnumAttr`):
/// each case has a keyword (its custom spelling) and a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumDef {
    pub name: String,
    /// Width of the integer attribute that stores a case.
    pub width: u32,
    pub cases: Vec<(String, i64)>,
    /// A bit enum (ODS `BitEnumAttr`): a value is a set of cases, spelled joined by
    /// `separator` (`nnan,ninf`; `nsw, nuw`).
    pub bit: bool,
    pub separator: String,
    /// ODS's name of each case (`OGT` for `ogt`), which generated bindings use; empty: the
    /// spellings.
    pub symbols: Vec<String>,
}

impl EnumDef {
    /// An integer enum (ODS `I32EnumAttr` / `I64EnumAttr`): one case per value.
    pub fn new(name: &str, width: u32, cases: Vec<(String, i64)>) -> EnumDef {
        EnumDef { name: name.into(), width, cases, bit: false, separator: "|".into(), symbols: Vec::new() }
    }

    /// A bit enum (ODS `BitEnumAttr`): a value is a set of cases, spelled joined by
    /// `separator`.
    pub fn bits(name: &str, width: u32, cases: Vec<(String, i64)>, separator: &str) -> EnumDef {
        EnumDef { name: name.into(), width, cases, bit: true, separator: separator.into(), symbols: Vec::new() }
    }

    /// The keyword spelling of `value`, as ODS's generated `stringify`: for a bit enum, the
    /// zero case alone, else the multi-bit cases wholly set, then the single bits, in
    /// declaration order.
    pub fn stringify(&self, value: i64) -> Option<String> {
        if !self.bit {
            return self.case_of(value).map(str::to_string);
        }
        if value == 0 {
            return self.case_of(0).map(str::to_string);
        }
        let mut rest = value;
        let mut words = Vec::new();
        for (k, v) in self.cases.iter().filter(|(_, v)| v.count_ones() > 1) {
            if rest & v == *v {
                words.push(k.as_str());
                rest &= !v;
            }
        }
        for (k, v) in self.cases.iter().filter(|(_, v)| v.count_ones() == 1) {
            if rest & v == *v {
                words.push(k.as_str());
                rest &= !v;
            }
        }
        (rest == 0).then(|| words.join(&self.separator))
    }

    /// The value `text` spells (`None`: a word that names no case). Bit enums take their
    /// cases joined by `,` or `|`, with any spacing.
    pub fn symbolize(&self, text: &str) -> Option<i64> {
        if !self.bit {
            return self.value_of(text.trim());
        }
        let mut value = 0;
        for w in text.split([',', '|']) {
            value |= self.value_of(w.trim())?;
        }
        Some(value)
    }

    pub fn case_of(&self, value: i64) -> Option<&str> {
        self.cases.iter().find(|(_, v)| *v == value).map(|(k, _)| k.as_str())
    }

    pub fn value_of(&self, keyword: &str) -> Option<i64> {
        self.cases.iter().find(|(k, _)| k == keyword).map(|(_, v)| *v)
    }

    /// ODS's summary of an integer enum attribute, as upstream's verifier names it.
    pub fn summary(&self) -> String {
        let values: Vec<String> = self.cases.iter().map(|(_, v)| v.to_string()).collect();
        format!("allowed {}-bit signless integer cases: {}", self.width, values.join(", "))
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// One operand or result group of an operation signature.
#[derive(Clone)]
pub struct ValueSpec {
    pub name: String,
    pub constraint: TypeConstraint,
    pub arity: Arity,
}

impl ValueSpec {
    pub fn new(name: &str, constraint: TypeConstraint) -> ValueSpec {
        ValueSpec { name: name.into(), constraint, arity: Arity::Single }
    }
    pub fn variadic(name: &str, constraint: TypeConstraint) -> ValueSpec {
        ValueSpec { name: name.into(), constraint, arity: Arity::Variadic }
    }
    pub fn optional(name: &str, constraint: TypeConstraint) -> ValueSpec {
        ValueSpec { name: name.into(), constraint, arity: Arity::Optional }
    }
}

#[derive(Clone)]
pub struct AttrSpec {
    pub name: String,
    pub constraint: AttrConstraint,
    pub optional: bool,
}

impl AttrSpec {
    pub fn required(name: &str, constraint: AttrConstraint) -> AttrSpec {
        AttrSpec { name: name.into(), constraint, optional: false }
    }
    pub fn optional(name: &str, constraint: AttrConstraint) -> AttrSpec {
        AttrSpec { name: name.into(), constraint, optional: true }
    }
}

/// A verifier callback: `Err(message)` becomes an error diagnostic at the op.
pub type OpVerifier = Arc<dyn Fn(&Context, OpId) -> std::result::Result<(), String> + Send + Sync>;

/// How one group's types follow from another's type (the transforms of ODS `TypesMatchWith`
/// that omnir knows).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TypeTransform {
    /// The same type.
    Same,
    /// The inputs of a function type.
    FunctionInputs,
    /// The results of a function type.
    FunctionResults,
    /// The element type of a shaped type.
    ElementType,
    /// `i1`, or a vector/tensor of `i1` of the same shape (`arith.select`'s condition).
    I1SameShape,
}

impl TypeTransform {
    pub fn parse(name: &str) -> Option<TypeTransform> {
        Some(match name {
            "Same" => TypeTransform::Same,
            "FunctionInputs" => TypeTransform::FunctionInputs,
            "FunctionResults" => TypeTransform::FunctionResults,
            "ElementType" => TypeTransform::ElementType,
            "I1SameShape" => TypeTransform::I1SameShape,
            _ => return None,
        })
    }

    /// The types `ty` gives the dependent group (`None`: `ty` has no such part).
    pub fn apply(self, ctx: &Context, ty: Type) -> Option<Vec<Type>> {
        use crate::types::TypeKind;
        match self {
            TypeTransform::Same => Some(vec![ty]),
            TypeTransform::FunctionInputs => match ctx.type_kind(ty) {
                TypeKind::Function { inputs, .. } => Some(inputs.to_vec()),
                _ => None,
            },
            TypeTransform::FunctionResults => match ctx.type_kind(ty) {
                TypeKind::Function { results, .. } => Some(results.to_vec()),
                _ => None,
            },
            TypeTransform::ElementType => ctx.element_type(ty).map(|t| vec![t]),
            TypeTransform::I1SameShape => {
                let i1 = ctx.integer_type(1, Signedness::Signless).ok()?;
                Some(vec![ctx.with_element_type(ty, i1).unwrap_or(i1)])
            }
        }
    }
}

/// ODS `TypesMatchWith<summary, from, to, transform>`.
#[derive(Clone, Debug)]
pub struct TypesMatchWith {
    pub from: String,
    pub to: String,
    pub transform: TypeTransform,
    /// For the error: `failed to verify that <summary>`.
    pub summary: String,
}

/// Names an op's results in the custom form (MLIR's `OpAsmOpInterface::getAsmResultNames`:
/// `%c0`, `%cst`); `None` leaves them numbered.
pub type ResultNamesHook = Arc<dyn Fn(&Context, OpId) -> Option<String> + Send + Sync>;

/// Completes an op read in its custom form, for what the text leaves out (MLIR's custom
/// parsers that build a body, as linalg's named ops do); an error is reported at the op.
pub type OpParsedHook = Arc<dyn Fn(&mut Context, OpId) -> std::result::Result<(), String> + Send + Sync>;

/// Names the entry-block arguments of an op's region in the custom form (MLIR's
/// `OpAsmOpInterface::getAsmBlockArgumentNames`): one entry per argument, `None` keeps
/// `%argN`. Arguments: the op and the region's index.
pub type BlockArgNamesHook = Arc<dyn Fn(&Context, OpId, usize) -> Vec<Option<String>> + Send + Sync>;

/// Whether an op's custom form leaves out one of its inherent attributes (given by name and
/// value) that it would otherwise print: MLIR's hand-written printers that elide a value
/// equal to one computed from the op (linalg.elementwise's identity maps). Such an
/// attribute is not visited for aliases.
pub type ElidedAttrHook = Arc<dyn Fn(&Context, OpId, &str, Attribute) -> bool + Send + Sync>;

/// Whether an op that verifies can still be printed in its custom form: upstream accepts
/// some ops whose custom form cannot say them (`scf.parallel` with more lower bounds than
/// induction variables) and prints text that does not read back; omnir prints those in the
/// generic form instead.
pub type CustomFormHook = Arc<dyn Fn(&Context, OpId) -> bool + Send + Sync>;

/// Where the custom form's name for an op's results comes from.
#[derive(Clone)]
pub enum ResultNames {
    /// Always these names: one for all the results (`func.constant`'s `%f`), or one per
    /// result (`arith.addui_extended`'s `%sum, %overflow`).
    Fixed(Vec<String>),
    /// Computed from the op (`arith.constant`'s `%c0_i32`, `%true`, `%cst`).
    Hook(ResultNamesHook),
}

impl std::fmt::Debug for ResultNames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResultNames::Fixed(n) => write!(f, "Fixed({n:?})"),
            ResultNames::Hook(_) => f.write_str("Hook(..)"),
        }
    }
}
/// Verifies the parameters of a dialect type or attribute.
pub type ParamsVerifier = Arc<dyn Fn(&Context, &[Attribute]) -> std::result::Result<(), String> + Send + Sync>;

/// An implementation of an interface: an opaque table of callbacks. Rust users store a
/// struct of closures; the C API stores a C vtable and its user data.
#[derive(Clone)]
pub struct InterfaceImpl {
    pub interface: TypeId,
    pub methods: Arc<dyn Any + Send + Sync>,
}

impl InterfaceImpl {
    /// An interface with no methods (a marker such as MemRefElementTypeInterface).
    pub fn marker(interface: TypeId) -> InterfaceImpl {
        InterfaceImpl { interface, methods: Arc::new(()) }
    }
}

/// A registered operation.
#[derive(Clone)]
pub struct OpDef {
    /// `dialect.op`.
    pub name: String,
    pub operands: Vec<ValueSpec>,
    pub results: Vec<ValueSpec>,
    /// Inherent attributes.
    pub attributes: Vec<AttrSpec>,
    pub num_regions: usize,
    /// Extra regions beyond `num_regions` are allowed.
    pub variadic_regions: bool,
    pub num_successors: usize,
    pub variadic_successors: bool,
    pub traits: Traits,
    pub interfaces: Vec<InterfaceImpl>,
    pub verify: Option<OpVerifier>,
    pub summary: String,
    /// Names of the regions and successors, in order (for the assembly format; may be
    /// empty when the op has no format).
    pub region_names: Vec<String>,
    pub successor_names: Vec<String>,
    /// Regions the custom form leaves out: an op-parsed hook builds them
    /// ([`Context::register_op_parsed_hook`], as linalg's named ops build their bodies).
    pub built_regions: Vec<String>,
    /// The default value of each attribute of `attributes` (ODS `DefaultValuedAttr`): an
    /// attribute equal to its default is left out of the custom form. May be shorter than
    /// `attributes` (no default).
    pub attribute_defaults: Vec<Option<Attribute>>,
    /// Groups of operand/result names whose types are all equal (ODS `AllTypesMatch`).
    pub all_types_match: Vec<Vec<String>>,
    /// Operand/result groups whose types follow from another's (ODS `TypesMatchWith`).
    pub types_match_with: Vec<TypesMatchWith>,
    /// The ops this op must be directly nested in (ODS `HasParent` / `ParentOneOf`); empty:
    /// anywhere.
    pub parents: Vec<String>,
    /// The custom assembly form, compiled (see [`OpDef::set_assembly_format`]).
    pub format: Option<Arc<crate::asm::format::OpFormat>>,
    /// Longer documentation (ODS `description`).
    pub description: String,
    /// Traits the definition names that the core does not act on (yet): kept for the
    /// generator and tools.
    pub trait_names: Vec<String>,
    /// The dialect whose prefix may be left out of op names in this op's regions
    /// (`OpAsmOpInterface::getDefaultDialect`: `return` in a `func.func`).
    pub default_dialect: Option<String>,
    /// When the custom form prints its regions' implicit terminators even if they carry
    /// nothing (upstream ops whose C++ printer asks for them: `scf.reduce` in `scf.parallel`).
    pub prints_implicit_terminators: PrintTerminators,
    /// The name hint of the op's results in the custom form.
    pub result_names: Option<ResultNames>,
    /// The dictionary of every default in `attribute_defaults`: the properties of an op
    /// created without any (set when the op is registered).
    pub default_properties: Option<Attribute>,
    /// `attr-dict` prints properties also when they hold their default, as upstream's
    /// hand-written printers do with `printOptionalAttrDict` (`llvm.mlir.global`'s
    /// `{addr_space = 0 : i32}`).
    pub attr_dict_shows_defaults: bool,
    /// The op's `verify` hook checks its operand and result counts, segment sizes, value
    /// types, inherent attributes and region count itself, with upstream IRDL's messages (an
    /// op of a plain IRDL definition); the core's verifier leaves those checks out.
    pub values_checked_by_hook: bool,
    /// The op's class in the generated bindings (ODS's class name, `AddIOp`, which upstream's
    /// Python and C++ APIs use); empty: derived from the op's name.
    pub class_name: String,
    /// Where each result group's type comes from once the operands are known (`None`: the
    /// definition does not determine them); set when the op is registered, for
    /// [`Context::infer_result_types`].
    pub result_type_sources: Option<Vec<crate::asm::format::TypeSource>>,
    /// ODS's argument order, where operands and attributes interleave (`cmpi`: predicate,
    /// lhs, rhs): the order of the generated builders' parameters. Empty: the operands, then
    /// the attributes.
    pub arguments: Vec<String>,
}

/// When an op's custom form prints the implicit terminators of its regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintTerminators {
    /// Only a terminator with operands, results or attributes (upstream's generated printers).
    WhenTheyCarrySomething,
    Always,
    /// When the op has results (`scf.forall`'s `scf.forall.in_parallel`).
    WithResults,
}

impl OpDef {
    pub fn new(name: &str) -> OpDef {
        OpDef {
            name: name.into(),
            operands: Vec::new(),
            results: Vec::new(),
            attributes: Vec::new(),
            num_regions: 0,
            variadic_regions: false,
            num_successors: 0,
            variadic_successors: false,
            traits: Traits::default(),
            interfaces: Vec::new(),
            verify: None,
            summary: String::new(),
            region_names: Vec::new(),
            built_regions: Vec::new(),
            successor_names: Vec::new(),
            attribute_defaults: Vec::new(),
            all_types_match: Vec::new(),
            types_match_with: Vec::new(),
            parents: Vec::new(),
            format: None,
            description: String::new(),
            trait_names: Vec::new(),
            default_dialect: None,
            prints_implicit_terminators: PrintTerminators::WhenTheyCarrySomething,
            result_names: None,
            default_properties: None,
            attr_dict_shows_defaults: false,
            values_checked_by_hook: false,
            class_name: String::new(),
            arguments: Vec::new(),
            result_type_sources: None,
        }
    }

    /// Whether region number `index` is the variadic group (ODS `VariadicRegion`, always the
    /// last): its `$name` in a format stands for a comma-separated list of regions, possibly
    /// empty.
    pub fn is_variadic_region(&self, index: usize) -> bool {
        self.variadic_regions && index == self.num_regions
    }

    /// Compiles `format` (MLIR's declarative assembly format) against this definition, so
    /// the op parses and prints in that custom form. Regions and successors are named by
    /// `region_names` / `successor_names` (filled with `region0`, `succ0`... when empty).
    pub fn set_assembly_format(&mut self, format: &str) -> std::result::Result<(), crate::asm::format::FormatError> {
        if self.region_names.len() < self.num_regions {
            self.region_names.extend((self.region_names.len()..self.num_regions).map(|i| format!("region{i}")));
        }
        if self.successor_names.len() < self.num_successors {
            self.successor_names.extend((self.successor_names.len()..self.num_successors).map(|i| format!("succ{i}")));
        }
        let compiled = crate::asm::format::compile(self, &self.region_names, &self.successor_names, format)?;
        self.format = Some(Arc::new(compiled));
        Ok(())
    }

    pub fn type_id(&self) -> TypeId {
        TypeId::of(&self.name)
    }

    pub fn has_trait(&self, t: Traits) -> bool {
        self.traits.contains(t)
    }

    /// Whether `name` is an inherent attribute of the op (a property): one it declares, or the
    /// group sizes its AttrSizedOperandSegments / AttrSizedResultSegments trait implies.
    pub fn declares_inherent(&self, name: &str) -> bool {
        self.attributes.iter().any(|a| a.name == name)
            || (name == "operandSegmentSizes" && self.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS))
            || (name == "resultSegmentSizes" && self.has_trait(Traits::ATTR_SIZED_RESULT_SEGMENTS))
    }
}

#[derive(Clone)]
pub struct ParamSpec {
    pub name: String,
    /// What the parameter holds, as far as the definition says (`Any` when it does not):
    /// the bindings generator turns it into a typed parameter.
    pub constraint: AttrConstraint,
}

impl std::fmt::Debug for ParamSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParamSpec").field("name", &self.name).finish_non_exhaustive()
    }
}

impl ParamSpec {
    /// A parameter that holds any attribute.
    pub fn named(name: impl Into<String>) -> ParamSpec {
        ParamSpec { name: name.into(), constraint: AttrConstraint::Any }
    }
}

/// What the generated bindings of a type or attribute kind are called and say; from a
/// definition file's `omnir.class_name` / `omnir.summary` / `omnir.description`.
#[derive(Clone, Debug, Default)]
pub struct KindDocs {
    /// The class name (`PointerType`); empty: the generator derives one from the mnemonic.
    pub class_name: String,
    pub summary: String,
    pub description: String,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeDefId(pub(crate) u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttrDefId(pub(crate) u32);

impl TypeDefId {
    pub fn to_raw(self) -> u32 {
        self.0
    }
}
impl AttrDefId {
    pub fn to_raw(self) -> u32 {
        self.0
    }
}

/// A type (or attribute) kind defined by a dialect, with named parameters.
#[derive(Clone)]
pub struct TypeDef {
    pub dialect: String,
    /// The mnemonic: `name` in `!dialect.name<...>`.
    pub name: String,
    /// `dialect.name`.
    pub qualified_name: String,
    pub type_id: TypeId,
    pub params: Vec<ParamSpec>,
    pub verify: Option<ParamsVerifier>,
    pub interfaces: Vec<InterfaceImpl>,
    /// The kind's own textual form (MLIR's `parse`/`print` of a type or attribute class);
    /// `None` for the default form (see [`CustomAssembly`]).
    pub assembly: Option<CustomAssembly>,
    pub docs: KindDocs,
}

pub type AttrDef = TypeDef;

/// An error from a custom parser: a message and, optionally, where in the text the parser
/// was given the problem is (a byte offset). Without an offset the error points at the
/// symbol's mnemonic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub message: String,
    pub offset: Option<usize>,
}

impl AsmError {
    /// An error at the symbol (no position in the text).
    pub fn new(message: impl Into<String>) -> AsmError {
        AsmError { message: message.into(), offset: None }
    }
    /// An error at byte `offset` of the text the parser was given.
    pub fn at(offset: usize, message: impl Into<String>) -> AsmError {
        AsmError { message: message.into(), offset: Some(offset) }
    }
}

impl From<String> for AsmError {
    fn from(message: String) -> AsmError {
        AsmError::new(message)
    }
}

impl From<&str> for AsmError {
    fn from(message: &str) -> AsmError {
        AsmError::new(message)
    }
}

impl From<Error> for AsmError {
    fn from(e: Error) -> AsmError {
        AsmError::new(e.message)
    }
}

impl std::fmt::Display for AsmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.offset {
            Some(o) => write!(f, "at offset {o}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for AsmError {}

/// Parses the text that follows a kind's mnemonic (`<i8:f32, 0.5:128>` in
/// `!quant.uniform<i8:f32, 0.5:128>`; empty when nothing follows) into its parameters.
pub type ParamsParser = Arc<dyn Fn(&Context, &str) -> std::result::Result<Vec<Attribute>, AsmError> + Send + Sync>;
/// Prints a kind's parameters as the text that follows its mnemonic (the inverse of a
/// [`ParamsParser`]). `Err(message)` is a bug in the printer: it is reported as an error
/// diagnostic and the default form is printed instead.
pub type ParamsPrinter = Arc<dyn Fn(&Context, &[Attribute]) -> std::result::Result<String, String> + Send + Sync>;
/// A dialect's fallback type parser: gets the whole symbol text after `!dialect.` (or inside
/// `!dialect<...>`), mnemonic included, and builds the type.
pub type DialectTypeParser = Arc<dyn Fn(&Context, &str) -> std::result::Result<Type, AsmError> + Send + Sync>;
/// A dialect's fallback attribute parser: like [`DialectTypeParser`], with the type written
/// after the attribute (`#d.x<...> : i32`) if there was one.
pub type DialectAttrParser =
    Arc<dyn Fn(&Context, &str, Option<Type>) -> std::result::Result<Attribute, AsmError> + Send + Sync>;

/// The custom textual form of a dialect type or attribute, as MLIR's `Type::parse` /
/// `Type::print` pair (`DialectAsmParser` / `DialectAsmPrinter`).
///
/// # Contract
/// - `!dialect.mnemonic<body>` (and the equivalent opaque form `!dialect<mnemonic<body>>`)
///   of a registered dialect with a kind named `mnemonic` calls `parse(ctx, text)` with
///   `text` the exact source text after the mnemonic: `<body>` with its angle brackets, or
///   the empty string for a bare `!dialect.mnemonic`. `#dialect.mnemonic...` works the same
///   for attributes. The mnemonic is the longest bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`)
///   at the start of the symbol's text.
/// - `parse` must account for all of `text` and return exactly the kind's parameters; the
///   instance is then built with the checked constructor ([`Context::dialect_type`] /
///   [`Context::dialect_attr`]), so the parameters verifier runs. Errors become parse errors:
///   at `text[offset]` when the [`AsmError`] has an offset, else at the mnemonic. A
///   panicking parser is reported as an internal error, never a crash.
/// - `print(ctx, params)` returns the text after the mnemonic; it must not start with an
///   identifier character (`[A-Za-z0-9_$.]`), which would read as part of the mnemonic. The
///   printer writes `!dialect.mnemonic` + text when that is simple enough for MLIR's pretty
///   form (mnemonic then nothing, or a `<...>` that ends the text), else
///   `!dialect<mnemonic` + text + `>`, as MLIR's `printDialectSymbol`; both forms parse back
///   to the same instance.
/// - Inside the custom text the parser and printer work on their own: file-level aliases
///   (`!q = ...`) are neither printed nor resolved there (the printer never emits them inside a
///   custom body, so printed IR always parses back).
///
/// Kinds without a custom assembly use the default form: `!dialect.mnemonic` when they have
/// no parameters, else `!dialect.mnemonic<p0, p1, ...>` with each parameter spelled as an
/// attribute (`i64` integers and `f64` floats without their type), parsed by the core.
#[derive(Clone)]
pub struct CustomAssembly {
    pub parse: ParamsParser,
    pub print: ParamsPrinter,
}

impl CustomAssembly {
    pub fn new(
        parse: impl Fn(&Context, &str) -> std::result::Result<Vec<Attribute>, AsmError> + Send + Sync + 'static,
        print: impl Fn(&Context, &[Attribute]) -> std::result::Result<String, String> + Send + Sync + 'static,
    ) -> CustomAssembly {
        CustomAssembly { parse: Arc::new(parse), print: Arc::new(print) }
    }
}

/// A dialect's fallback parsers (MLIR's `Dialect::parseType` / `parseAttribute`), asked for
/// `!dialect.x...` / `#dialect.x...` symbols whose mnemonic `x` names no kind registered in
/// the dialect. Instances print through their kinds' own assembly.
#[derive(Clone, Default)]
pub struct DialectAssembly {
    pub parse_type: Option<DialectTypeParser>,
    pub parse_attr: Option<DialectAttrParser>,
}

/// A dialect's own settings.
#[derive(Clone, Debug)]
pub struct DialectDef {
    pub name: String,
    /// Operations of this dialect that are not registered are accepted (like MLIR's
    /// `allowUnknownOperations`).
    pub allow_unknown_operations: bool,
    /// The enums its definition declares (`omnir.enums`), sorted by name: what generated
    /// bindings export.
    pub enums: Vec<Arc<EnumDef>>,
}

#[derive(Default)]
pub(crate) struct Registry {
    dialects: FxHashMap<String, DialectDef>,
    ops: FxHashMap<Identifier, Arc<OpDef>>,
    type_defs: Vec<Arc<TypeDef>>,
    types_by_name: FxHashMap<String, TypeDefId>,
    attr_defs: Vec<Arc<AttrDef>>,
    attrs_by_name: FxHashMap<String, AttrDefId>,
    /// Dialects' fallback parsers, by dialect name.
    dialect_asm: FxHashMap<String, DialectAssembly>,
    /// Interfaces attached to existing kinds from outside (MLIR's external models), keyed by
    /// the kind's TypeId.
    external: FxHashMap<(TypeId, TypeId), InterfaceImpl>,
    /// `custom<Name>` directives of assembly formats, by `dialect.Name`.
    directives: FxHashMap<String, crate::asm::format::CustomDirective>,
    /// Verifiers that definition files name (`omnir.verifier`), by name.
    verifier_hooks: FxHashMap<String, OpVerifier>,
    /// Result-name hints that definition files name (`omnir.result_names_hook`), by name.
    result_names_hooks: FxHashMap<String, ResultNamesHook>,
    /// Hooks completing ops read in their custom form, by op name.
    pub(crate) parsed_hooks: FxHashMap<String, OpParsedHook>,
    /// Entry-block argument names of ops' regions, by op name.
    pub(crate) block_arg_names_hooks: FxHashMap<String, BlockArgNamesHook>,
    /// Inherent attributes the custom form leaves out, by op name.
    pub(crate) elided_attr_hooks: FxHashMap<String, ElidedAttrHook>,
    /// Ops whose custom form cannot say every instance that verifies, by op name.
    pub(crate) custom_form_hooks: FxHashMap<String, CustomFormHook>,
    /// Fold hooks, by op name.
    pub(crate) fold_hooks: FxHashMap<Identifier, crate::pass::FoldHook>,
    /// Constant materializers, by dialect name.
    pub(crate) constant_materializers: FxHashMap<String, crate::pass::ConstantMaterializer>,
    /// How `ConstantLike` ops without a `value` attribute give their value, by op name.
    pub(crate) constant_value_hooks: FxHashMap<Identifier, crate::pass::ConstantValueHook>,
    /// Ops whose regions take folded constants, besides isolated-from-above ones.
    pub(crate) constant_insertion_ops: rustc_hash::FxHashSet<Identifier>,
    /// Per-instance "has no memory effects" answers of ops whose effects depend on their
    /// operands, by op name.
    pub(crate) effect_free_hooks: FxHashMap<Identifier, crate::pass::EffectFreeHook>,
}

impl Registry {
    pub(crate) fn type_def(&self, id: TypeDefId) -> Result<&Arc<TypeDef>> {
        self.type_defs.get(id.0 as usize).ok_or_else(|| Error::invalid("unknown type definition id"))
    }
    pub(crate) fn attr_def(&self, id: AttrDefId) -> Result<&Arc<AttrDef>> {
        self.attr_defs.get(id.0 as usize).ok_or_else(|| Error::invalid("unknown attribute definition id"))
    }
    pub(crate) fn op(&self, name: Identifier) -> Option<&Arc<OpDef>> {
        self.ops.get(&name)
    }
}

impl Context {
    /// Registers a dialect; registering the same name again updates its settings.
    pub fn register_dialect(&mut self, def: DialectDef) {
        self.registry.dialects.insert(def.name.clone(), def);
    }

    pub fn is_dialect_registered(&self, name: &str) -> bool {
        self.registry.dialects.contains_key(name)
    }

    pub fn dialect(&self, name: &str) -> Option<&DialectDef> {
        self.registry.dialects.get(name)
    }

    pub fn registered_dialects(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.registry.dialects.keys().map(String::as_str).collect();
        names.sort();
        names
    }

    /// The dialects this context has or can load on demand (the shipped ones), sorted: what
    /// MLIR calls the registered dialects, as opposed to the loaded ones
    /// ([`Context::registered_dialects`]).
    pub fn available_dialects(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.registry.dialects.keys().map(String::as_str).collect();
        for n in crate::dialects::shipped_names() {
            if !self.registry.dialects.contains_key(n) {
                names.push(n);
            }
        }
        names.sort();
        names
    }

    /// The names (`dialect.op`) of every registered operation, builtin ones included, sorted.
    pub fn registered_operations(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.registry.ops.values().map(|def| def.name.as_str()).collect();
        names.sort();
        names
    }

    /// Registers an operation of an already registered dialect. Registering the same name
    /// twice is an error: definitions are not silently replaced.
    pub fn register_operation(&mut self, def: OpDef) -> Result<()> {
        let dialect = split_dialect(&def.name)
            .ok_or_else(|| Error::invalid(format!("operation name '{}' must be 'dialect.op'", def.name)))?;
        if !self.registry.dialects.contains_key(dialect) {
            return Err(Error::new(ErrorKind::NotRegistered, format!("dialect '{dialect}' is not registered")));
        }
        let name = self.identifier(&def.name);
        if self.registry.ops.contains_key(&name) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("operation '{}' is already registered", def.name),
            ));
        }
        let mut def = def;
        let mut defaults: Vec<crate::attrs::NamedAttribute> = def
            .attributes
            .iter()
            .zip(&def.attribute_defaults)
            .filter_map(|(spec, d)| {
                d.map(|value| crate::attrs::NamedAttribute { name: self.identifier(&spec.name), value })
            })
            .collect();
        defaults.sort_by(|a, b| self.ident_str(a.name).cmp(self.ident_str(b.name)));
        def.default_properties = if defaults.is_empty() { None } else { Some(self.dictionary_attr(&defaults)?) };
        def.result_type_sources = crate::infer::result_type_sources(&def);
        self.registry.ops.insert(name, Arc::new(def));
        Ok(())
    }

    /// Registers the hooks of `custom<name>` for the formats of `dialect`'s operations
    /// (replacing earlier ones of that name).
    pub fn register_custom_directive(
        &mut self,
        dialect: &str,
        name: &str,
        directive: crate::asm::format::CustomDirective,
    ) -> Result<()> {
        if !self.registry.dialects.contains_key(dialect) {
            return Err(Error::new(ErrorKind::NotRegistered, format!("dialect '{dialect}' is not registered")));
        }
        self.registry.directives.insert(format!("{dialect}.{name}"), directive);
        Ok(())
    }

    /// Registers a verifier under `name`, for definition files to name
    /// (`omnir.verifier = "name"`); replaces an earlier one of that name.
    pub fn register_op_verifier_hook(&mut self, name: &str, verifier: OpVerifier) {
        self.registry.verifier_hooks.insert(name.to_string(), verifier);
    }

    /// Registers a result-name hint under `name`, for definition files to name
    /// (`omnir.result_names_hook = "name"`); replaces an earlier one of that name.
    pub fn register_result_names_hook(&mut self, name: &str, hook: ResultNamesHook) {
        self.registry.result_names_hooks.insert(name.to_string(), hook);
    }

    /// Registers what completes an op named `op` once read in its custom form (replacing an
    /// earlier one).
    pub fn register_op_parsed_hook(&mut self, op: &str, hook: OpParsedHook) {
        self.registry.parsed_hooks.insert(op.to_string(), hook);
    }

    /// Registers the entry-block argument names of the regions of ops named `op`, for their
    /// custom form (replacing earlier ones).
    pub fn register_block_arg_names_hook(&mut self, op: &str, hook: BlockArgNamesHook) {
        self.registry.block_arg_names_hooks.insert(op.to_string(), hook);
    }

    /// Registers which inherent attributes of ops named `op` their custom form leaves out
    /// (replacing an earlier hook).
    pub fn register_elided_attr_hook(&mut self, op: &str, hook: ElidedAttrHook) {
        self.registry.elided_attr_hooks.insert(op.to_string(), hook);
    }

    /// Registers which ops named `op` the custom form can print (see [`CustomFormHook`]).
    pub fn register_custom_form_hook(&mut self, op: &str, hook: CustomFormHook) {
        self.registry.custom_form_hooks.insert(op.to_string(), hook);
    }

    /// The result-name hint registered under `name`.
    pub fn result_names_hook(&self, name: &str) -> Option<ResultNamesHook> {
        self.registry.result_names_hooks.get(name).cloned()
    }

    /// The verifier registered under `name`.
    pub fn op_verifier_hook(&self, name: &str) -> Option<OpVerifier> {
        self.registry.verifier_hooks.get(name).cloned()
    }

    /// The hooks of `custom<name>` for an operation of `dialect`.
    pub fn custom_directive(&self, dialect: &str, name: &str) -> Option<&crate::asm::format::CustomDirective> {
        self.registry.directives.get(&format!("{dialect}.{name}"))
    }

    /// The definition of a registered operation name.
    pub fn operation_def(&self, name: &str) -> Option<&Arc<OpDef>> {
        let id = self.identifier(name);
        self.registry.ops.get(&id)
    }

    pub fn register_type(
        &mut self,
        dialect: &str,
        name: &str,
        params: Vec<ParamSpec>,
        verify: Option<ParamsVerifier>,
        interfaces: Vec<InterfaceImpl>,
    ) -> Result<TypeDefId> {
        let qualified = self.check_new_kind(dialect, name, true)?;
        let id = TypeDefId(self.registry.type_defs.len() as u32);
        self.registry.type_defs.push(Arc::new(TypeDef {
            dialect: dialect.into(),
            name: name.into(),
            type_id: TypeId::of(&qualified),
            qualified_name: qualified.clone(),
            params,
            verify,
            interfaces,
            assembly: None,
            docs: KindDocs::default(),
        }));
        self.registry.types_by_name.insert(qualified, id);
        Ok(id)
    }

    pub fn register_attribute(
        &mut self,
        dialect: &str,
        name: &str,
        params: Vec<ParamSpec>,
        verify: Option<ParamsVerifier>,
        interfaces: Vec<InterfaceImpl>,
    ) -> Result<AttrDefId> {
        let qualified = self.check_new_kind(dialect, name, false)?;
        let id = AttrDefId(self.registry.attr_defs.len() as u32);
        self.registry.attr_defs.push(Arc::new(TypeDef {
            dialect: dialect.into(),
            name: name.into(),
            type_id: TypeId::of(&format!("#{qualified}")),
            qualified_name: qualified.clone(),
            params,
            verify,
            interfaces,
            assembly: None,
            docs: KindDocs::default(),
        }));
        self.registry.attrs_by_name.insert(qualified, id);
        Ok(id)
    }

    fn check_new_kind(&self, dialect: &str, name: &str, is_type: bool) -> Result<String> {
        if !self.registry.dialects.contains_key(dialect) {
            return Err(Error::new(ErrorKind::NotRegistered, format!("dialect '{dialect}' is not registered")));
        }
        if name.is_empty() {
            return Err(Error::invalid("a type or attribute name must not be empty"));
        }
        let qualified = format!("{dialect}.{name}");
        let taken = if is_type {
            self.registry.types_by_name.contains_key(&qualified)
        } else {
            self.registry.attrs_by_name.contains_key(&qualified)
        };
        if taken {
            let what = if is_type { "type" } else { "attribute" };
            return Err(Error::new(ErrorKind::AlreadyExists, format!("{what} '{qualified}' is already registered")));
        }
        Ok(qualified)
    }

    pub fn type_def(&self, id: TypeDefId) -> Result<&Arc<TypeDef>> {
        self.registry.type_def(id)
    }

    /// Gives a registered type its custom textual form (see [`CustomAssembly`]). A kind's
    /// assembly is set once: a second call is [`ErrorKind::AlreadyExists`].
    pub fn set_type_assembly(&mut self, id: TypeDefId, assembly: CustomAssembly) -> Result<()> {
        let def = self
            .registry
            .type_defs
            .get_mut(id.0 as usize)
            .ok_or_else(|| Error::invalid("unknown type definition id"))?;
        set_assembly(def, assembly, "type")
    }

    /// Names and documents a registered type (`is_type`) or attribute kind for the bindings
    /// generator.
    pub fn set_kind_docs(&mut self, is_type: bool, id: u32, docs: KindDocs) -> Result<()> {
        let defs = if is_type { &mut self.registry.type_defs } else { &mut self.registry.attr_defs };
        let def = defs.get_mut(id as usize).ok_or_else(|| Error::invalid("unknown definition id"))?;
        Arc::make_mut(def).docs = docs;
        Ok(())
    }

    /// Gives a registered attribute its custom textual form (see [`CustomAssembly`]).
    pub fn set_attr_assembly(&mut self, id: AttrDefId, assembly: CustomAssembly) -> Result<()> {
        let def = self
            .registry
            .attr_defs
            .get_mut(id.0 as usize)
            .ok_or_else(|| Error::invalid("unknown attribute definition id"))?;
        set_assembly(def, assembly, "attribute")
    }

    /// Gives a registered dialect fallback parsers (see [`DialectAssembly`]); set once per
    /// dialect.
    pub fn set_dialect_assembly(&mut self, dialect: &str, assembly: DialectAssembly) -> Result<()> {
        if !self.registry.dialects.contains_key(dialect) {
            return Err(Error::new(ErrorKind::NotRegistered, format!("dialect '{dialect}' is not registered")));
        }
        if self.registry.dialect_asm.contains_key(dialect) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("dialect '{dialect}' already has its assembly parsers"),
            ));
        }
        self.registry.dialect_asm.insert(dialect.to_string(), assembly);
        Ok(())
    }

    /// The fallback parsers of a dialect, if it has any.
    pub fn dialect_assembly(&self, dialect: &str) -> Option<&DialectAssembly> {
        self.registry.dialect_asm.get(dialect)
    }

    pub fn attr_def(&self, id: AttrDefId) -> Result<&Arc<AttrDef>> {
        self.registry.attr_def(id)
    }

    pub fn lookup_type_def(&self, qualified_name: &str) -> Option<TypeDefId> {
        self.registry.types_by_name.get(qualified_name).copied()
    }

    pub fn lookup_attr_def(&self, qualified_name: &str) -> Option<AttrDefId> {
        self.registry.attrs_by_name.get(qualified_name).copied()
    }

    /// The type kinds (`types`) or attribute kinds a dialect defines, in registration order.
    pub fn dialect_kinds(&self, dialect: &str, types: bool) -> Vec<Arc<TypeDef>> {
        let defs = if types { &self.registry.type_defs } else { &self.registry.attr_defs };
        defs.iter().filter(|d| d.dialect == dialect).cloned().collect()
    }

    /// Attaches an interface implementation to an existing kind (builtin or dialect) by the
    /// kind's TypeId, like MLIR's external models.
    pub fn attach_interface(&mut self, kind: TypeId, implementation: InterfaceImpl) {
        self.registry.external.insert((kind, implementation.interface), implementation);
    }

    /// Whether `ty` implements `interface`: builtin answers first, then the type's own
    /// definition, then externally attached implementations.
    pub fn type_implements(&self, ty: Type, interface: TypeId) -> bool {
        builtin_type_implements(self.type_kind(ty), interface) || self.type_interface(ty, interface).is_some()
    }

    /// The implementation of `interface` for `ty`, for interfaces with methods.
    pub fn type_interface(&self, ty: Type, interface: TypeId) -> Option<&InterfaceImpl> {
        if let TypeKind::Dialect { def, .. } = self.type_kind(ty) {
            if let Ok(d) = self.registry.type_def(*def) {
                if let Some(i) = d.interfaces.iter().find(|i| i.interface == interface) {
                    return Some(i);
                }
            }
        }
        self.registry.external.get(&(self.type_id(ty), interface))
    }

    pub fn attr_implements(&self, attr: Attribute, interface: TypeId) -> bool {
        builtin_attr_implements(self.attr_kind(attr), interface) || self.attr_interface(attr, interface).is_some()
    }

    pub fn attr_interface(&self, attr: Attribute, interface: TypeId) -> Option<&InterfaceImpl> {
        if let AttrKind::Dialect { def, .. } = self.attr_kind(attr) {
            if let Ok(d) = self.registry.attr_def(*def) {
                if let Some(i) = d.interfaces.iter().find(|i| i.interface == interface) {
                    return Some(i);
                }
            }
        }
        self.registry.external.get(&(self.attr_type_id(attr), interface))
    }

    /// The implementation of `interface` for an operation name (registered or attached).
    pub fn op_interface(&self, name: &str, interface: TypeId) -> Option<&InterfaceImpl> {
        if let Some(def) = self.operation_def(name) {
            if let Some(i) = def.interfaces.iter().find(|i| i.interface == interface) {
                return Some(i);
            }
        }
        self.registry.external.get(&(TypeId::of(name), interface))
    }
}

fn builtin_type_implements(kind: &TypeKind, interface: TypeId) -> bool {
    use interfaces as i;
    if interface == i::memref_element_type() {
        matches!(
            kind,
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        )
    } else if interface == i::shaped_type() {
        matches!(
            kind,
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        )
    } else if interface == i::float_type() {
        matches!(kind, TypeKind::Float(_))
    } else {
        false
    }
}

fn builtin_attr_implements(kind: &AttrKind, interface: TypeId) -> bool {
    use interfaces as i;
    if interface == i::typed_attr() {
        matches!(
            kind,
            AttrKind::Integer { .. }
                | AttrKind::Float { .. }
                | AttrKind::DenseIntOrFloat { .. }
                | AttrKind::DenseString { .. }
                | AttrKind::DenseResource { .. }
        )
    } else if interface == i::elements_attr() {
        matches!(kind, AttrKind::DenseIntOrFloat { .. } | AttrKind::DenseString { .. } | AttrKind::DenseResource { .. })
    } else if interface == i::memref_layout_attr() {
        matches!(kind, AttrKind::AffineMap(_) | AttrKind::StridedLayout { .. })
    } else if interface == i::location_attr() {
        matches!(kind, AttrKind::Location(_))
    } else {
        false
    }
}

fn set_assembly(def: &mut Arc<TypeDef>, assembly: CustomAssembly, what: &str) -> Result<()> {
    if def.assembly.is_some() {
        return Err(Error::new(
            ErrorKind::AlreadyExists,
            format!("{what} '{}' already has a custom assembly", def.qualified_name),
        ));
    }
    let mut new = TypeDef::clone(def);
    new.assembly = Some(assembly);
    *def = Arc::new(new);
    Ok(())
}

/// `"dialect.op"` → `"dialect"`; `None` when there is no dot.
pub fn split_dialect(name: &str) -> Option<&str> {
    name.split_once('.').map(|(d, _)| d).filter(|d| !d.is_empty())
}
