//! Dialects defined at run time from Rust: operations (signatures, constraints, traits, a
//! verifier closure), types and attributes (named parameters, a parameters verifier
//! closure), interface markers, TypeIds.
//!
//! Closures are handed to omnir as C callbacks with a boxed `user_data` and a
//! `free_user_data` that drops the box; omnir owns them once the registration succeeds and
//! drops them with the context. A closure may be called from whichever thread uses the
//! context (one call at a time), hence `Send + Sync`. A panicking closure counts as a
//! failure (its message becomes the verifier's message); panics never cross into omnir.
//!
//! From inside a verifier or predicate, reading the context works (printing, kinds,
//! building types), also when the callback runs during parsing; mutating it gets
//! [`Status::Busy`](crate::Status::Busy).
//!
//! A type or attribute may take over its textual form ([`TypeDefinition::parser`] and
//! [`TypeDefinition::printer`], MLIR's `Type::parse` / `print`): `!dialect.name<...>` then
//! parses through the closure wherever types are written, once the definition is registered.

use std::ffi::{c_char, c_void};
use std::ops::BitOr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use omnir_sys as sys;

use crate::context::WeakContext;
use crate::diagnostics::free_box;
use crate::error::{check, out, Result, Status};
use crate::strings::{arg, string_out, view};
use crate::{Attribute, Context, Operation, Type};

/// A process-wide TypeId, interned by qualified name (`builtin.integer`,
/// `builtin.MemRefElementTypeInterface`, `mydialect.mytype`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

impl TypeId {
    /// The TypeId of `name` (interned on first use).
    pub fn get(name: &str) -> Result<TypeId> {
        let (n, nl) = arg(name);
        // SAFETY: valid string and out-pointer.
        out(|p| unsafe { sys::omnir_typeid_get(n, nl, p) }).map(TypeId)
    }

    /// Its qualified name.
    pub fn name(self) -> Result<String> {
        // SAFETY: valid out-pointer.
        string_out(|o| unsafe { sys::omnir_typeid_get_name(self.0, o) })
    }
}

/// The definition of a type registered at run time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeDef(pub u32);

/// The definition of an attribute registered at run time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttrDef(pub u32);

/// Operation traits (`OMNIR_TRAIT_*`), combined with `|`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Traits(pub u32);

impl Traits {
    pub const NONE: Traits = Traits(0);
    pub const IS_TERMINATOR: Traits = Traits(sys::OMNIR_TRAIT_IS_TERMINATOR);
    pub const NO_TERMINATOR: Traits = Traits(sys::OMNIR_TRAIT_NO_TERMINATOR);
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(sys::OMNIR_TRAIT_ISOLATED_FROM_ABOVE);
    pub const SYMBOL_TABLE: Traits = Traits(sys::OMNIR_TRAIT_SYMBOL_TABLE);
    pub const SYMBOL: Traits = Traits(sys::OMNIR_TRAIT_SYMBOL);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(sys::OMNIR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE);
    pub const GRAPH_REGIONS: Traits = Traits(sys::OMNIR_TRAIT_GRAPH_REGIONS);
    pub const SINGLE_BLOCK: Traits = Traits(sys::OMNIR_TRAIT_SINGLE_BLOCK);
    pub const PURE: Traits = Traits(sys::OMNIR_TRAIT_PURE);
    pub const CONSTANT_LIKE: Traits = Traits(sys::OMNIR_TRAIT_CONSTANT_LIKE);
    pub const COMMUTATIVE: Traits = Traits(sys::OMNIR_TRAIT_COMMUTATIVE);
    pub const RETURN_LIKE: Traits = Traits(sys::OMNIR_TRAIT_RETURN_LIKE);
    pub const ATTR_SIZED_OPERAND_SEGMENTS: Traits = Traits(sys::OMNIR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS);
    pub const ATTR_SIZED_RESULT_SEGMENTS: Traits = Traits(sys::OMNIR_TRAIT_ATTR_SIZED_RESULT_SEGMENTS);
    pub const NO_REGION_ARGUMENTS: Traits = Traits(sys::OMNIR_TRAIT_NO_REGION_ARGUMENTS);
    pub const OPTIONAL_SYMBOL: Traits = Traits(sys::OMNIR_TRAIT_OPTIONAL_SYMBOL);
}

impl BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

/// A predicate closure on types.
pub type TypePredicate = Arc<dyn Fn(&Type) -> bool + Send + Sync>;
/// A predicate closure on attributes.
pub type AttrPredicate = Arc<dyn Fn(&Attribute) -> bool + Send + Sync>;
/// An operation verifier: `Err(message)` becomes an error diagnostic at the op.
pub type OpVerifier = Arc<dyn Fn(&Operation) -> std::result::Result<(), String> + Send + Sync>;
/// A parameters verifier of a dialect type or attribute.
pub type ParamsVerifier = Arc<dyn Fn(&[Attribute]) -> std::result::Result<(), String> + Send + Sync>;
/// A custom parser of a dialect type's or attribute's parameters (see
/// [`TypeDefinition::parser`]).
pub type ParamsParser = Arc<dyn Fn(&Context, &str) -> std::result::Result<Vec<Attribute>, AsmError> + Send + Sync>;
/// A custom printer of a dialect type's or attribute's parameters (see
/// [`TypeDefinition::printer`]).
pub type ParamsPrinter = Arc<dyn Fn(&[Attribute]) -> std::result::Result<String, String> + Send + Sync>;

/// Why a custom parser refuses its text: a message and, optionally, the byte offset in the
/// text where the problem is (the parse error then points there; else at the mnemonic).
/// Strings and [`Error`](crate::Error)s convert into it, so `?` works in parsers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub message: String,
    pub offset: Option<usize>,
}

impl AsmError {
    /// An error at the symbol.
    pub fn new(message: impl Into<String>) -> AsmError {
        AsmError { message: message.into(), offset: None }
    }
    /// An error at byte `offset` of the parser's text.
    pub fn at(offset: usize, message: impl Into<String>) -> AsmError {
        AsmError { message: message.into(), offset: Some(offset) }
    }
    /// The same error, `base` bytes further into the text (for an error from parsing a
    /// piece that starts at `base`).
    pub fn shifted(mut self, base: usize) -> AsmError {
        self.offset = Some(base + self.offset.unwrap_or(0));
        self
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

impl From<crate::Error> for AsmError {
    fn from(e: crate::Error) -> AsmError {
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

/// How a language spells the names of the parameterless constraints: Python `snake_case`,
/// JavaScript `camelCase`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NameStyle {
    Snake,
    Camel,
}

/// Looks `name` up in a (snake_case, camelCase, value) table.
fn by_name<T: Clone>(table: &[(&str, &str, T)], name: &str, style: NameStyle) -> Option<T> {
    table
        .iter()
        .find(|(snake, camel, _)| name == if style == NameStyle::Snake { *snake } else { *camel })
        .map(|(_, _, v)| v.clone())
}

/// A constraint on a type (an operand's or result's).
#[derive(Clone)]
pub enum TypeConstraint {
    Any,
    AnyInteger,
    /// A signless integer of this width.
    Integer(u32),
    SignlessIntegerOrIndex,
    Index,
    AnyFloat,
    /// The floating-point format of this type.
    Float(Type),
    IntegerOrFloat,
    AnyVector,
    AnyTensor,
    AnyMemRef,
    AnyShaped,
    Exactly(Type),
    OneOf(Vec<TypeConstraint>),
    /// A type implementing this interface.
    Implements(TypeId),
    /// A closure, described as `summary` in messages.
    Predicate {
        summary: String,
        predicate: TypePredicate,
    },
}

impl TypeConstraint {
    /// The parameterless constraint a language names `name` (`int_or_float` / `intOrFloat`),
    /// the one table the language glue share.
    pub fn by_name(name: &str, style: NameStyle) -> Option<TypeConstraint> {
        use TypeConstraint as C;
        by_name(
            &[
                ("any", "any", C::Any),
                ("integer", "integer", C::AnyInteger),
                ("index", "index", C::Index),
                ("float", "float", C::AnyFloat),
                ("int_or_float", "intOrFloat", C::IntegerOrFloat),
                ("signless_int_or_index", "signlessIntOrIndex", C::SignlessIntegerOrIndex),
                ("vector", "vector", C::AnyVector),
                ("tensor", "tensor", C::AnyTensor),
                ("memref", "memref", C::AnyMemRef),
                ("shaped", "shaped", C::AnyShaped),
            ],
            name,
            style,
        )
    }

    /// A closure constraint.
    pub fn predicate(summary: &str, f: impl Fn(&Type) -> bool + Send + Sync + 'static) -> TypeConstraint {
        TypeConstraint::Predicate { summary: summary.to_string(), predicate: Arc::new(f) }
    }
}

/// A constraint on an attribute.
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
    FlatSymbolRef,
    /// An integer attribute of exactly this type.
    TypedInteger(Type),
    /// A closure, described as `summary` in messages.
    Predicate {
        summary: String,
        predicate: AttrPredicate,
    },
}

impl AttrConstraint {
    /// The parameterless constraint a language names `name` (`symbol_ref` / `symbolRef`).
    pub fn by_name(name: &str, style: NameStyle) -> Option<AttrConstraint> {
        use AttrConstraint as C;
        by_name(
            &[
                ("any", "any", C::Any),
                ("unit", "unit", C::Unit),
                ("bool", "bool", C::Bool),
                ("integer", "integer", C::Integer),
                ("float", "float", C::Float),
                ("string", "string", C::String),
                ("type", "type", C::Type),
                ("array", "array", C::Array),
                ("dictionary", "dictionary", C::Dictionary),
                ("symbol_ref", "symbolRef", C::SymbolRef),
                ("flat_symbol_ref", "flatSymbolRef", C::FlatSymbolRef),
            ],
            name,
            style,
        )
    }

    /// A closure constraint.
    pub fn predicate(summary: &str, f: impl Fn(&Attribute) -> bool + Send + Sync + 'static) -> AttrConstraint {
        AttrConstraint::Predicate { summary: summary.to_string(), predicate: Arc::new(f) }
    }
}

/// How many values an operand or result group has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// An operand or result group of an operation signature.
#[derive(Clone)]
pub struct ValueSpec {
    pub name: String,
    pub arity: Arity,
    pub constraint: TypeConstraint,
}

impl ValueSpec {
    /// Exactly one value.
    pub fn single(name: &str, constraint: TypeConstraint) -> ValueSpec {
        ValueSpec { name: name.to_string(), arity: Arity::Single, constraint }
    }
    /// Zero or one value.
    pub fn optional(name: &str, constraint: TypeConstraint) -> ValueSpec {
        ValueSpec { name: name.to_string(), arity: Arity::Optional, constraint }
    }
    /// Any number of values.
    pub fn variadic(name: &str, constraint: TypeConstraint) -> ValueSpec {
        ValueSpec { name: name.to_string(), arity: Arity::Variadic, constraint }
    }
}

/// An inherent attribute of an operation.
#[derive(Clone)]
pub struct AttrSpec {
    pub name: String,
    pub optional: bool,
    pub constraint: AttrConstraint,
}

/// An interface implementation. Only markers (interfaces without methods, answered by
/// `implements`) are made from Rust: the registry answers "does this type implement X"
/// the same way for every language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct InterfaceImpl {
    pub interface: TypeId,
}

impl InterfaceImpl {
    /// A marker implementation of `interface`.
    pub fn marker(interface: TypeId) -> InterfaceImpl {
        InterfaceImpl { interface }
    }
}

/// A runtime operation definition (the data of MLIR's ODS), built with the chaining
/// methods.
#[derive(Clone)]
pub struct OpDefinition {
    pub name: String,
    pub summary: String,
    pub operands: Vec<ValueSpec>,
    pub results: Vec<ValueSpec>,
    pub attributes: Vec<AttrSpec>,
    pub num_regions: usize,
    pub variadic_regions: bool,
    pub num_successors: usize,
    pub variadic_successors: bool,
    pub traits: Traits,
    pub interfaces: Vec<InterfaceImpl>,
    /// MLIR's `SingleBlockImplicitTerminator<"name">`.
    pub implicit_terminator: Option<String>,
    /// MLIR's `BranchOpInterface`: successor `i` receives operand group `first + i`.
    pub branch_first_operand_group: Option<usize>,
    pub verifier: Option<OpVerifier>,
}

impl OpDefinition {
    /// A definition of `name` (`"dialect.op"`) with no operands, results, regions...
    pub fn new(name: &str) -> OpDefinition {
        OpDefinition {
            name: name.to_string(),
            summary: String::new(),
            operands: Vec::new(),
            results: Vec::new(),
            attributes: Vec::new(),
            num_regions: 0,
            variadic_regions: false,
            num_successors: 0,
            variadic_successors: false,
            traits: Traits::NONE,
            interfaces: Vec::new(),
            implicit_terminator: None,
            branch_first_operand_group: None,
            verifier: None,
        }
    }
    pub fn summary(mut self, summary: &str) -> OpDefinition {
        self.summary = summary.to_string();
        self
    }
    pub fn operand(mut self, spec: ValueSpec) -> OpDefinition {
        self.operands.push(spec);
        self
    }
    pub fn result(mut self, spec: ValueSpec) -> OpDefinition {
        self.results.push(spec);
        self
    }
    pub fn attribute(mut self, name: &str, constraint: AttrConstraint, optional: bool) -> OpDefinition {
        self.attributes.push(AttrSpec { name: name.to_string(), optional, constraint });
        self
    }
    pub fn regions(mut self, count: usize) -> OpDefinition {
        self.num_regions = count;
        self
    }
    pub fn successors(mut self, count: usize) -> OpDefinition {
        self.num_successors = count;
        self
    }
    pub fn traits(mut self, traits: Traits) -> OpDefinition {
        self.traits = self.traits | traits;
        self
    }
    pub fn interface(mut self, imp: InterfaceImpl) -> OpDefinition {
        self.interfaces.push(imp);
        self
    }
    /// The verifier closure, run after the checks the definition implies.
    pub fn verifier(
        mut self,
        f: impl Fn(&Operation) -> std::result::Result<(), String> + Send + Sync + 'static,
    ) -> OpDefinition {
        self.verifier = Some(Arc::new(f));
        self
    }
}

/// A runtime type (or attribute) definition: `dialect.name` with named parameters.
#[derive(Clone)]
pub struct TypeDefinition {
    pub dialect: String,
    pub name: String,
    pub params: Vec<String>,
    pub verifier: Option<ParamsVerifier>,
    pub interfaces: Vec<InterfaceImpl>,
    /// Custom assembly: both or neither.
    pub parser: Option<ParamsParser>,
    pub printer: Option<ParamsPrinter>,
}

/// An attribute definition has the shape of a type definition.
pub type AttrDefinition = TypeDefinition;

impl TypeDefinition {
    /// `dialect.name` with parameters named `params`.
    pub fn new(dialect: &str, name: &str, params: &[&str]) -> TypeDefinition {
        TypeDefinition {
            dialect: dialect.to_string(),
            name: name.to_string(),
            params: params.iter().map(|p| p.to_string()).collect(),
            verifier: None,
            interfaces: Vec::new(),
            parser: None,
            printer: None,
        }
    }
    /// The parameters verifier, run each time an instance is built.
    pub fn verifier(
        mut self,
        f: impl Fn(&[Attribute]) -> std::result::Result<(), String> + Send + Sync + 'static,
    ) -> TypeDefinition {
        self.verifier = Some(Arc::new(f));
        self
    }
    pub fn interface(mut self, imp: InterfaceImpl) -> TypeDefinition {
        self.interfaces.push(imp);
        self
    }
    /// The custom parser (MLIR's `Type::parse`; give a [`printer`](Self::printer) too):
    /// `!dialect.name<...>` (or `!dialect<name<...>>`) calls it with the exact text after the
    /// name — `<...>` with its brackets, or `""` — and it returns the parameters, which the
    /// parameters verifier then checks. Nested types and attributes parse with
    /// [`Context::parse_type_prefix`] / [`Context::parse_attribute_prefix`]. An `Err` (or a
    /// panic) becomes the parse error, at [`AsmError::offset`] in the text when given.
    pub fn parser(
        mut self,
        f: impl Fn(&Context, &str) -> std::result::Result<Vec<Attribute>, AsmError> + Send + Sync + 'static,
    ) -> TypeDefinition {
        self.parser = Some(Arc::new(f));
        self
    }
    /// The custom printer (MLIR's `Type::print`): the text after the name, which the
    /// [`parser`](Self::parser) reads back. The symbol is printed `!dialect.name` + text when
    /// that is simple enough for MLIR's pretty form, else `!dialect<name` + text + `>`. An
    /// `Err` (or a panic) is reported as an error diagnostic and the default form
    /// (`!dialect.name<p0, p1>`) printed instead.
    pub fn printer(
        mut self,
        f: impl Fn(&[Attribute]) -> std::result::Result<String, String> + Send + Sync + 'static,
    ) -> TypeDefinition {
        self.printer = Some(Arc::new(f));
        self
    }
}

/// A dialect's fallback type parser (see [`DialectAssembly::type_parser`]).
pub type DialectTypeParser = Arc<dyn Fn(&Context, &str) -> std::result::Result<Type, AsmError> + Send + Sync>;
/// A dialect's fallback attribute parser (see [`DialectAssembly::attribute_parser`]).
pub type DialectAttrParser =
    Arc<dyn Fn(&Context, &str, Option<&Type>) -> std::result::Result<Attribute, AsmError> + Send + Sync>;

/// A dialect's fallback parsers (MLIR's `Dialect::parseType` / `parseAttribute`), set with
/// [`Context::set_dialect_assembly`]: asked for `!dialect.x...` (`#dialect.x...`) when no
/// type (attribute) `x` is registered in the dialect. What they build prints through its
/// own kind's assembly. At least one of the two is needed.
#[derive(Clone, Default)]
pub struct DialectAssembly {
    pub parse_type: Option<DialectTypeParser>,
    pub parse_attribute: Option<DialectAttrParser>,
}

impl DialectAssembly {
    /// No parsers yet.
    pub fn new() -> DialectAssembly {
        DialectAssembly::default()
    }

    /// The type parser: called with the whole symbol text after `!dialect.` (mnemonic
    /// included), it returns the type (usually built with [`Context::dialect_type`]). An
    /// `Err` (or a panic) becomes the parse error, at [`AsmError::offset`] when given.
    pub fn type_parser(
        mut self,
        f: impl Fn(&Context, &str) -> std::result::Result<Type, AsmError> + Send + Sync + 'static,
    ) -> DialectAssembly {
        self.parse_type = Some(Arc::new(f));
        self
    }

    /// The attribute parser: like [`DialectAssembly::type_parser`] for `#dialect.x...`, also
    /// given the type written after the attribute (`#dialect.x<...> : i32`), if any.
    pub fn attribute_parser(
        mut self,
        f: impl Fn(&Context, &str, Option<&Type>) -> std::result::Result<Attribute, AsmError> + Send + Sync + 'static,
    ) -> DialectAssembly {
        self.parse_attribute = Some(Arc::new(f));
        self
    }
}

/// The closures of one custom assembly: they share one `user_data`.
struct AssemblyFns {
    parse: ParamsParser,
    print: ParamsPrinter,
}

// ---------------------------------------------------------------------------------------
// marshalling

/// What a callback's user data points at: the closure and a way back to the context.
pub(crate) struct CallbackData<F: ?Sized> {
    pub(crate) ctx: WeakContext,
    pub(crate) f: Arc<F>,
}

/// The C structures of one registration and the user data it hands over. The boxes are
/// given back (dropped) when the registration fails; on success omnir owns them.
struct Marshal<'d> {
    ctx: &'d Context,
    /// Arrays of nested constraints (`ONE_OF`), kept at stable addresses.
    nested: Vec<Box<[sys::omnir_type_constraint]>>,
    /// (user data, its free function) handed over by this registration.
    owned: Vec<(*mut c_void, unsafe extern "C" fn(*mut c_void))>,
}

impl<'d> Marshal<'d> {
    fn new(ctx: &'d Context) -> Marshal<'d> {
        Marshal { ctx, nested: Vec::new(), owned: Vec::new() }
    }

    fn own<F: ?Sized + Send + Sync + 'static>(&mut self, f: &Arc<F>) -> (*mut c_void, sys::omnir_free_user_data_fn) {
        let data = Box::into_raw(Box::new(CallbackData { ctx: self.ctx.downgrade(), f: f.clone() })) as *mut c_void;
        let free: unsafe extern "C" fn(*mut c_void) = free_box::<CallbackData<F>>;
        self.owned.push((data, free));
        (data, Some(free))
    }

    /// Ends the registration: on failure, frees what omnir did not take.
    fn finish<T>(self, result: Result<T>) -> Result<T> {
        if result.is_err() {
            for (data, free) in &self.owned {
                // SAFETY: omnir did not take ownership (the registration failed), so each box
                // is still ours and freed once here.
                unsafe { free(*data) };
            }
        }
        result
    }

    fn type_constraint(&mut self, c: &'d TypeConstraint) -> sys::omnir_type_constraint {
        let mut r = sys::omnir_type_constraint {
            kind: sys::OMNIR_TYPE_CONSTRAINT_ANY,
            width: 0,
            ty: sys::omnir_type::default(),
            interface: 0,
            one_of: std::ptr::null(),
            num_one_of: 0,
            predicate: None,
            user_data: std::ptr::null_mut(),
            free_user_data: None,
            summary: std::ptr::null(),
            summary_len: 0,
        };
        r.kind = match c {
            TypeConstraint::Any => sys::OMNIR_TYPE_CONSTRAINT_ANY,
            TypeConstraint::AnyInteger => sys::OMNIR_TYPE_CONSTRAINT_ANY_INTEGER,
            TypeConstraint::Integer(w) => {
                r.width = *w;
                sys::OMNIR_TYPE_CONSTRAINT_INTEGER
            }
            TypeConstraint::SignlessIntegerOrIndex => sys::OMNIR_TYPE_CONSTRAINT_SIGNLESS_INTEGER_OR_INDEX,
            TypeConstraint::Index => sys::OMNIR_TYPE_CONSTRAINT_INDEX,
            TypeConstraint::AnyFloat => sys::OMNIR_TYPE_CONSTRAINT_ANY_FLOAT,
            TypeConstraint::Float(t) => {
                r.ty = t.raw;
                sys::OMNIR_TYPE_CONSTRAINT_FLOAT
            }
            TypeConstraint::IntegerOrFloat => sys::OMNIR_TYPE_CONSTRAINT_INTEGER_OR_FLOAT,
            TypeConstraint::AnyVector => sys::OMNIR_TYPE_CONSTRAINT_ANY_VECTOR,
            TypeConstraint::AnyTensor => sys::OMNIR_TYPE_CONSTRAINT_ANY_TENSOR,
            TypeConstraint::AnyMemRef => sys::OMNIR_TYPE_CONSTRAINT_ANY_MEMREF,
            TypeConstraint::AnyShaped => sys::OMNIR_TYPE_CONSTRAINT_ANY_SHAPED,
            TypeConstraint::Exactly(t) => {
                r.ty = t.raw;
                sys::OMNIR_TYPE_CONSTRAINT_EXACTLY
            }
            TypeConstraint::OneOf(alts) => {
                let items: Box<[_]> = alts.iter().map(|a| self.type_constraint(a)).collect();
                r.one_of = items.as_ptr();
                r.num_one_of = items.len();
                self.nested.push(items);
                sys::OMNIR_TYPE_CONSTRAINT_ONE_OF
            }
            TypeConstraint::Implements(id) => {
                r.interface = id.0;
                sys::OMNIR_TYPE_CONSTRAINT_IMPLEMENTS
            }
            TypeConstraint::Predicate { summary, predicate } => {
                let (ud, free) = self.own(predicate);
                r.predicate = Some(type_predicate_trampoline);
                r.user_data = ud;
                r.free_user_data = free;
                r.summary = summary.as_ptr().cast::<c_char>();
                r.summary_len = summary.len();
                sys::OMNIR_TYPE_CONSTRAINT_PREDICATE
            }
        };
        r
    }

    fn attr_constraint(&mut self, c: &'d AttrConstraint) -> sys::omnir_attribute_constraint {
        let mut r = sys::omnir_attribute_constraint {
            kind: sys::OMNIR_ATTR_CONSTRAINT_ANY,
            ty: sys::omnir_type::default(),
            predicate: None,
            user_data: std::ptr::null_mut(),
            free_user_data: None,
            summary: std::ptr::null(),
            summary_len: 0,
        };
        r.kind = match c {
            AttrConstraint::Any => sys::OMNIR_ATTR_CONSTRAINT_ANY,
            AttrConstraint::Unit => sys::OMNIR_ATTR_CONSTRAINT_UNIT,
            AttrConstraint::Bool => sys::OMNIR_ATTR_CONSTRAINT_BOOL,
            AttrConstraint::Integer => sys::OMNIR_ATTR_CONSTRAINT_INTEGER,
            AttrConstraint::Float => sys::OMNIR_ATTR_CONSTRAINT_FLOAT,
            AttrConstraint::String => sys::OMNIR_ATTR_CONSTRAINT_STRING,
            AttrConstraint::Type => sys::OMNIR_ATTR_CONSTRAINT_TYPE,
            AttrConstraint::Array => sys::OMNIR_ATTR_CONSTRAINT_ARRAY,
            AttrConstraint::Dictionary => sys::OMNIR_ATTR_CONSTRAINT_DICTIONARY,
            AttrConstraint::SymbolRef => sys::OMNIR_ATTR_CONSTRAINT_SYMBOL_REF,
            AttrConstraint::FlatSymbolRef => sys::OMNIR_ATTR_CONSTRAINT_FLAT_SYMBOL_REF,
            AttrConstraint::TypedInteger(t) => {
                r.ty = t.raw;
                sys::OMNIR_ATTR_CONSTRAINT_TYPED_INTEGER
            }
            AttrConstraint::Predicate { summary, predicate } => {
                let (ud, free) = self.own(predicate);
                r.predicate = Some(attr_predicate_trampoline);
                r.user_data = ud;
                r.free_user_data = free;
                r.summary = summary.as_ptr().cast::<c_char>();
                r.summary_len = summary.len();
                sys::OMNIR_ATTR_CONSTRAINT_PREDICATE
            }
        };
        r
    }

    fn value_specs(&mut self, specs: &'d [ValueSpec]) -> Vec<sys::omnir_value_spec> {
        specs
            .iter()
            .map(|s| sys::omnir_value_spec {
                name: s.name.as_ptr().cast(),
                name_len: s.name.len(),
                arity: match s.arity {
                    Arity::Single => sys::OMNIR_ARITY_SINGLE,
                    Arity::Optional => sys::OMNIR_ARITY_OPTIONAL,
                    Arity::Variadic => sys::OMNIR_ARITY_VARIADIC,
                },
                constraint: self.type_constraint(&s.constraint),
            })
            .collect()
    }
}

fn interfaces(items: &[InterfaceImpl]) -> Vec<sys::omnir_interface_impl> {
    items
        .iter()
        .map(|i| sys::omnir_interface_impl {
            interface: i.interface.0,
            vtable: std::ptr::null(),
            user_data: std::ptr::null_mut(),
            free_user_data: None,
        })
        .collect()
}

fn prefix_result(r: Result<()>, consumed: usize) -> std::result::Result<(), AsmError> {
    r.map_err(|e| match e.status {
        Status::ParseFailed => AsmError::at(consumed, e.message),
        _ => AsmError::new(e.message),
    })
}

/// Runs a closure of a callback, turning a panic into `Err`.
pub(crate) fn guarded<R>(f: impl FnOnce() -> R) -> std::result::Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        format!("the Rust callback panicked: {what}")
    })
}

pub(crate) fn set_message(message: *mut sys::omnir_callback_message, text: &str) {
    let (t, tl) = arg(text);
    // SAFETY: `message` is the live message of the running callback.
    let _ = unsafe { sys::omnir_callback_message_set(message, t, tl) };
}

unsafe extern "C" fn type_predicate_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    ty: sys::omnir_type,
) -> bool {
    // SAFETY: the `CallbackData` boxed at registration, owned by omnir for the context's life.
    let data = unsafe { &*(user_data as *const CallbackData<dyn Fn(&Type) -> bool + Send + Sync>) };
    let Some(ctx) = data.ctx.upgrade() else { return false };
    guarded(|| (data.f)(&Type { ctx, raw: ty })).unwrap_or(false)
}

unsafe extern "C" fn attr_predicate_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    attr: sys::omnir_attribute,
) -> bool {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<dyn Fn(&Attribute) -> bool + Send + Sync>) };
    let Some(ctx) = data.ctx.upgrade() else { return false };
    guarded(|| (data.f)(&Attribute { ctx, raw: attr })).unwrap_or(false)
}

type OpVerifyFn = dyn Fn(&Operation) -> std::result::Result<(), String> + Send + Sync;
type ParamsVerifyFn = dyn Fn(&[Attribute]) -> std::result::Result<(), String> + Send + Sync;

unsafe extern "C" fn op_verify_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    op: sys::omnir_op,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<OpVerifyFn>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    match guarded(|| (data.f)(&Operation { ctx, raw: op })).and_then(|r| r) {
        Ok(()) => 0,
        Err(text) => {
            set_message(message, &text);
            1
        }
    }
}

unsafe extern "C" fn params_verify_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    params: *const sys::omnir_attribute,
    num_params: usize,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<ParamsVerifyFn>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let raw = if num_params == 0 {
        &[][..]
    } else {
        // SAFETY: omnir passes `num_params` handles valid during the call.
        unsafe { std::slice::from_raw_parts(params, num_params) }
    };
    let params: Vec<Attribute> = raw.iter().map(|&raw| Attribute { ctx: ctx.clone(), raw }).collect();
    match guarded(|| (data.f)(&params)).and_then(|r| r) {
        Ok(()) => 0,
        Err(text) => {
            set_message(message, &text);
            1
        }
    }
}

unsafe extern "C" fn params_parse_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    text: *const c_char,
    text_len: usize,
    params: *mut sys::omnir_attribute,
    num_params: usize,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<AssemblyFns>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let bytes = if text_len == 0 {
        &[][..]
    } else {
        // SAFETY: omnir passes `text_len` bytes of UTF-8, valid during the call.
        unsafe { std::slice::from_raw_parts(text.cast::<u8>(), text_len) }
    };
    let text = String::from_utf8_lossy(bytes);
    let fail = |e: AsmError| {
        set_message(message, &e.message);
        if let Some(o) = e.offset {
            // SAFETY: `message` is the live message of the running callback.
            let _ = unsafe { sys::omnir_callback_message_set_offset(message, o) };
        }
        1
    };
    match guarded(|| (data.f.parse)(&ctx, &text)) {
        Err(panic) => fail(AsmError::new(panic)),
        Ok(Err(e)) => fail(e),
        Ok(Ok(values)) if values.len() != num_params => fail(AsmError::new(format!(
            "the custom parser returned {} parameters, expected {num_params}",
            values.len()
        ))),
        Ok(Ok(values)) => {
            for (i, v) in values.iter().enumerate() {
                // SAFETY: omnir passes room for `num_params` handles; `i < num_params`.
                unsafe { *params.add(i) = v.raw };
            }
            0
        }
    }
}

unsafe extern "C" fn params_print_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    params: *const sys::omnir_attribute,
    num_params: usize,
    out: *mut sys::omnir_string_builder,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<AssemblyFns>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let raw = if num_params == 0 {
        &[][..]
    } else {
        // SAFETY: omnir passes `num_params` handles valid during the call.
        unsafe { std::slice::from_raw_parts(params, num_params) }
    };
    let params: Vec<Attribute> = raw.iter().map(|&raw| Attribute { ctx: ctx.clone(), raw }).collect();
    match guarded(|| (data.f.print)(&params)).and_then(|r| r) {
        Ok(text) => {
            let (t, tl) = arg(&text);
            // SAFETY: `out` is the live builder of the running callback.
            match check(unsafe { sys::omnir_string_builder_append(out, t, tl) }) {
                Ok(()) => 0,
                Err(e) => {
                    set_message(message, &e.message);
                    1
                }
            }
        }
        Err(text) => {
            set_message(message, &text);
            1
        }
    }
}

/// Reports a custom parser's failure through its callback message; returns the failure code.
fn parse_failed(message: *mut sys::omnir_callback_message, e: AsmError) -> u32 {
    set_message(message, &e.message);
    if let Some(o) = e.offset {
        // SAFETY: `message` is the live message of the running callback.
        let _ = unsafe { sys::omnir_callback_message_set_offset(message, o) };
    }
    1
}

/// The text handed to a parser callback.
///
/// # Safety
/// `text` points at `len` bytes valid during the callback (any pointer when `len` is 0).
unsafe fn callback_text<'a>(text: *const c_char, len: usize) -> std::borrow::Cow<'a, str> {
    let bytes = if len == 0 {
        &[][..]
    } else {
        // SAFETY: per the contract above.
        unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) }
    };
    String::from_utf8_lossy(bytes)
}

unsafe extern "C" fn dialect_parse_type_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    text: *const c_char,
    text_len: usize,
    out: *mut sys::omnir_type,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<DialectAssembly>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let Some(f) = &data.f.parse_type else { return parse_failed(message, AsmError::new("no type parser")) };
    // SAFETY: omnir passes `text_len` bytes of UTF-8, valid during the call.
    let text = unsafe { callback_text(text, text_len) };
    match guarded(|| f(&ctx, &text)) {
        Err(panic) => parse_failed(message, AsmError::new(panic)),
        Ok(Err(e)) => parse_failed(message, e),
        Ok(Ok(t)) => {
            // SAFETY: `out` is omnir's valid out-pointer for this call.
            unsafe { *out = t.raw };
            0
        }
    }
}

unsafe extern "C" fn dialect_parse_attribute_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    text: *const c_char,
    text_len: usize,
    ty: sys::omnir_type,
    out: *mut sys::omnir_attribute,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: as for `type_predicate_trampoline`.
    let data = unsafe { &*(user_data as *const CallbackData<DialectAssembly>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let Some(f) = &data.f.parse_attribute else {
        return parse_failed(message, AsmError::new("no attribute parser"));
    };
    // SAFETY: omnir passes `text_len` bytes of UTF-8, valid during the call.
    let text = unsafe { callback_text(text, text_len) };
    let ty = crate::handle::opt(ty).map(|raw| Type { ctx: ctx.clone(), raw });
    match guarded(|| f(&ctx, &text, ty.as_ref())) {
        Err(panic) => parse_failed(message, AsmError::new(panic)),
        Ok(Err(e)) => parse_failed(message, e),
        Ok(Ok(a)) => {
            // SAFETY: `out` is omnir's valid out-pointer for this call.
            unsafe { *out = a.raw };
            0
        }
    }
}

// ---------------------------------------------------------------------------------------
// registration

impl Context {
    /// Registers a dialect (or updates a registered one's settings). With
    /// `allow_unknown_operations`, unregistered operations of the dialect verify.
    pub fn register_dialect(&self, name: &str, allow_unknown_operations: bool) -> Result<()> {
        let (n, nl) = arg(name);
        // SAFETY: live context, valid string (same below).
        check(unsafe { sys::omnir_dialect_register(self.as_raw(), n, nl, allow_unknown_operations) })
    }

    /// Whether the dialect `name` is registered.
    pub fn is_dialect_registered(&self, name: &str) -> Result<bool> {
        let (n, nl) = arg(name);
        out(|p| unsafe { sys::omnir_dialect_is_registered(self.as_raw(), n, nl, p) })
    }

    /// Whether the operation `name` (`"dialect.op"`) is registered.
    pub fn is_operation_registered(&self, name: &str) -> Result<bool> {
        let (n, nl) = arg(name);
        out(|p| unsafe { sys::omnir_dialect_is_operation_registered(self.as_raw(), n, nl, p) })
    }

    /// Registers an operation of a registered dialect. Names are not replaced
    /// ([`Status::AlreadyExists`](crate::Status::AlreadyExists)).
    pub fn register_operation(&self, def: &OpDefinition) -> Result<()> {
        let mut m = Marshal::new(self);
        let operands = m.value_specs(&def.operands);
        let results = m.value_specs(&def.results);
        let attributes: Vec<_> = def
            .attributes
            .iter()
            .map(|a| sys::omnir_attribute_spec {
                name: a.name.as_ptr().cast(),
                name_len: a.name.len(),
                optional: a.optional,
                constraint: m.attr_constraint(&a.constraint),
            })
            .collect();
        let ifaces = interfaces(&def.interfaces);
        let terminator = def.implicit_terminator.as_deref().unwrap_or("");
        let (verify, verify_ud, verify_free) = match &def.verifier {
            Some(f) => {
                let (ud, free) = m.own::<OpVerifyFn>(f);
                (Some(op_verify_trampoline as _), ud, free)
            }
            None => (None, std::ptr::null_mut(), None),
        };
        let d = sys::omnir_op_definition {
            name: def.name.as_ptr().cast(),
            name_len: def.name.len(),
            summary: def.summary.as_ptr().cast(),
            summary_len: def.summary.len(),
            operands: operands.as_ptr(),
            num_operands: operands.len(),
            results: results.as_ptr(),
            num_results: results.len(),
            attributes: attributes.as_ptr(),
            num_attributes: attributes.len(),
            num_regions: def.num_regions,
            variadic_regions: def.variadic_regions,
            num_successors: def.num_successors,
            variadic_successors: def.variadic_successors,
            traits: def.traits.0,
            interfaces: ifaces.as_ptr(),
            num_interfaces: ifaces.len(),
            implicit_terminator: terminator.as_ptr().cast(),
            implicit_terminator_len: terminator.len(),
            is_branch: def.branch_first_operand_group.is_some(),
            branch_first_operand_group: def.branch_first_operand_group.unwrap_or(0),
            verify,
            verify_user_data: verify_ud,
            free_verify_user_data: verify_free,
        };
        // SAFETY: every pointer in `d` points into `def`, the vectors above or `m`, all alive
        // for the call; the callbacks match their user data.
        let result = check(unsafe { sys::omnir_dialect_register_operation(self.as_raw(), &d) });
        m.finish(result)
    }

    fn register_kind(&self, def: &TypeDefinition, attribute: bool) -> Result<u32> {
        let assembly = match (&def.parser, &def.printer) {
            (Some(parse), Some(print)) => Some(Arc::new(AssemblyFns { parse: parse.clone(), print: print.clone() })),
            (None, None) => None,
            _ => {
                return Err(crate::Error::new(
                    Status::InvalidArgument,
                    format!("'{}.{}': a custom parser needs a custom printer, and the reverse", def.dialect, def.name),
                ))
            }
        };
        let mut m = Marshal::new(self);
        let params: Vec<_> = def.params.iter().map(|p| view(p)).collect();
        let ifaces = interfaces(&def.interfaces);
        let (verify, verify_ud, verify_free) = match &def.verifier {
            Some(f) => {
                let (ud, free) = m.own::<ParamsVerifyFn>(f);
                (Some(params_verify_trampoline as _), ud, free)
            }
            None => (None, std::ptr::null_mut(), None),
        };
        let d = sys::omnir_type_definition {
            dialect: def.dialect.as_ptr().cast(),
            dialect_len: def.dialect.len(),
            name: def.name.as_ptr().cast(),
            name_len: def.name.len(),
            params: params.as_ptr(),
            num_params: params.len(),
            verify,
            verify_user_data: verify_ud,
            free_verify_user_data: verify_free,
            interfaces: ifaces.as_ptr(),
            num_interfaces: ifaces.len(),
        };
        let mut id = 0u32;
        // SAFETY: as for `register_operation`.
        let result = check(unsafe {
            if attribute {
                sys::omnir_dialect_register_attribute(self.as_raw(), &d, &mut id)
            } else {
                sys::omnir_dialect_register_type(self.as_raw(), &d, &mut id)
            }
        });
        let id = m.finish(result).map(|()| id)?;
        if let Some(fns) = assembly {
            let mut m = Marshal::new(self);
            let (ud, free) = m.own::<AssemblyFns>(&fns);
            let a = sys::omnir_custom_assembly {
                parse: Some(params_parse_trampoline),
                print: Some(params_print_trampoline),
                user_data: ud,
                free_user_data: free,
            };
            // SAFETY: live context, `a` outlives the call, the callbacks match their user data.
            let result = check(unsafe {
                if attribute {
                    sys::omnir_dialect_set_attribute_assembly(self.as_raw(), id, &a)
                } else {
                    sys::omnir_dialect_set_type_assembly(self.as_raw(), id, &a)
                }
            });
            m.finish(result)?;
        }
        Ok(id)
    }

    /// Parses a type at the start of `text`, for custom parsers: the type and the number of
    /// bytes it spans (blanks before it included). A failure is an [`AsmError`] at the
    /// offset in `text` where parsing stopped.
    pub fn parse_type_prefix(&self, text: &str) -> std::result::Result<(Type, usize), AsmError> {
        let (t, tl) = arg(text);
        let mut raw = sys::omnir_type::default();
        let mut n = 0usize;
        // SAFETY: live context, valid string and out-pointers.
        prefix_result(check(unsafe { sys::omnir_type_parse_prefix(self.as_raw(), t, tl, &mut raw, &mut n) }), n)
            .map(|()| (Type { ctx: self.clone(), raw }, n))
    }

    /// Parses an attribute at the start of `text` (see [`Context::parse_type_prefix`]).
    pub fn parse_attribute_prefix(&self, text: &str) -> std::result::Result<(Attribute, usize), AsmError> {
        let (t, tl) = arg(text);
        let mut raw = sys::omnir_attribute::default();
        let mut n = 0usize;
        // SAFETY: live context, valid string and out-pointers.
        prefix_result(check(unsafe { sys::omnir_attribute_parse_prefix(self.as_raw(), t, tl, &mut raw, &mut n) }), n)
            .map(|()| (Attribute { ctx: self.clone(), raw }, n))
    }

    /// Registers a type `dialect.name`; instances come from [`Context::dialect_type`] and
    /// the parser: `!dialect.name`, `!dialect.name<p0, p1>` (the parameters as attributes),
    /// or the definition's own syntax when it has a [`parser`](TypeDefinition::parser).
    pub fn register_type(&self, def: &TypeDefinition) -> Result<TypeDef> {
        self.register_kind(def, false).map(TypeDef)
    }

    /// Registers an attribute `#dialect.name`.
    pub fn register_attribute(&self, def: &AttrDefinition) -> Result<AttrDef> {
        self.register_kind(def, true).map(AttrDef)
    }

    /// The registered type `dialect.name`.
    pub fn lookup_type_def(&self, qualified_name: &str) -> Result<TypeDef> {
        let (n, nl) = arg(qualified_name);
        out(|p| unsafe { sys::omnir_dialect_lookup_type(self.as_raw(), n, nl, p) }).map(TypeDef)
    }

    /// The registered attribute `dialect.name` (without `#`).
    pub fn lookup_attr_def(&self, qualified_name: &str) -> Result<AttrDef> {
        let (n, nl) = arg(qualified_name);
        out(|p| unsafe { sys::omnir_dialect_lookup_attribute(self.as_raw(), n, nl, p) }).map(AttrDef)
    }

    /// Gives the registered dialect `dialect` fallback parsers (see [`DialectAssembly`]); set
    /// once per dialect ([`Status::AlreadyExists`] after), [`Status::NotRegistered`] for an
    /// unknown dialect, [`Status::NullArgument`] with neither parser. omnir keeps the closures
    /// for the context's life.
    pub fn set_dialect_assembly(&self, dialect: &str, assembly: &DialectAssembly) -> Result<()> {
        let (n, nl) = arg(dialect);
        let mut m = Marshal::new(self);
        let fns = Arc::new(assembly.clone());
        let (ud, free) = m.own::<DialectAssembly>(&fns);
        let a = sys::omnir_dialect_assembly {
            parse_type: assembly.parse_type.as_ref().map(|_| dialect_parse_type_trampoline as _),
            parse_attribute: assembly.parse_attribute.as_ref().map(|_| dialect_parse_attribute_trampoline as _),
            user_data: ud,
            free_user_data: free,
        };
        // SAFETY: live context, valid string, `a` outlives the call, the callbacks match their
        // user data (freed by `finish` when omnir does not take it).
        let result = check(unsafe { sys::omnir_dialect_set_assembly(self.as_raw(), n, nl, &a) });
        m.finish(result)
    }

    /// Attaches an interface implementation to an existing kind (a type, attribute or
    /// operation name's TypeId), like MLIR's external models.
    pub fn attach_interface(&self, kind: TypeId, imp: InterfaceImpl) -> Result<()> {
        let i = interfaces(&[imp]);
        check(unsafe { sys::omnir_context_attach_interface(self.as_raw(), kind.0, i.as_ptr()) })
    }
}
