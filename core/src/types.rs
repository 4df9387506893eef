//! Builtin types, with MLIR's semantics and spelling.
//!
//! A [`Type`] is a 4-byte handle to a value uniqued in its [`Context`]: two structurally
//! equal types are the same handle. Constructors that can fail check MLIR's invariants
//! (element types, dimension sizes) and return an error instead of building invalid IR.

use std::num::NonZeroU32;

use crate::attrs::Attribute;
use crate::context::{Context, Identifier};
use crate::dialect::TypeDefId;
use crate::error::{Error, Result};
use crate::typeid::TypeId;

/// A uniqued type; valid for the lifetime of the context that made it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Type(pub(crate) NonZeroU32);

impl Type {
    pub(crate) fn from_index(index: u32) -> Type {
        Type(NonZeroU32::new(index + 1).expect("type index overflow"))
    }
    pub(crate) fn index(self) -> u32 {
        self.0.get() - 1
    }
    /// Raw id for FFI; round-trips through [`Context::type_from_raw`].
    pub fn to_raw(self) -> u32 {
        self.0.get()
    }
}

/// MLIR's dynamic dimension marker (`?` in `tensor<?x4xf32>`).
pub const DYNAMIC: i64 = i64::MIN;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// Every floating-point type MLIR knows, by its keyword.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
    TF32,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    F6E2M3FN,
    F6E3M2FN,
    F4E2M1FN,
}

/// How a float format encodes non-finite values; decides printing and conversion.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NonFinite {
    /// IEEE: all-ones exponent is inf/NaN.
    Ieee,
    /// No infinities; only the all-ones bit pattern (sign aside) is NaN (`FN` types).
    NanOnlyAllOnes,
    /// No infinities; negative zero's pattern is the single NaN (`FNUZ` types).
    NanIsNegativeZero,
    /// No infinities and no NaN at all (`f6`, `f4` types).
    FiniteOnly,
}

/// The bit layout of a float format (an IEEE-like semantics).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FloatSemantics {
    pub bit_width: u32,
    pub exponent_bits: u32,
    /// Stored mantissa bits (f80 stores its explicit integer bit, which this excludes).
    pub mantissa_bits: u32,
    pub bias: i32,
    pub non_finite: NonFinite,
    pub has_sign: bool,
    /// x87 extended precision keeps an explicit integer bit.
    pub explicit_integer_bit: bool,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
        FloatKind::TF32,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F4E2M1FN,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F4E2M1FN => "f4E2M1FN",
        }
    }

    pub fn from_keyword(word: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.keyword() == word)
    }

    pub fn semantics(self) -> FloatSemantics {
        let s = |bit_width, exponent_bits, mantissa_bits, bias, non_finite| FloatSemantics {
            bit_width,
            exponent_bits,
            mantissa_bits,
            bias,
            non_finite,
            has_sign: true,
            explicit_integer_bit: false,
        };
        use NonFinite::*;
        match self {
            FloatKind::F16 => s(16, 5, 10, 15, Ieee),
            FloatKind::BF16 => s(16, 8, 7, 127, Ieee),
            FloatKind::F32 => s(32, 8, 23, 127, Ieee),
            FloatKind::F64 => s(64, 11, 52, 1023, Ieee),
            FloatKind::F80 => FloatSemantics { explicit_integer_bit: true, ..s(80, 15, 63, 16383, Ieee) },
            FloatKind::F128 => s(128, 15, 112, 16383, Ieee),
            FloatKind::TF32 => s(19, 8, 10, 127, Ieee),
            FloatKind::F8E5M2 => s(8, 5, 2, 15, Ieee),
            FloatKind::F8E4M3 => s(8, 4, 3, 7, Ieee),
            FloatKind::F8E4M3FN => s(8, 4, 3, 7, NanOnlyAllOnes),
            FloatKind::F8E5M2FNUZ => s(8, 5, 2, 16, NanIsNegativeZero),
            FloatKind::F8E4M3FNUZ => s(8, 4, 3, 8, NanIsNegativeZero),
            FloatKind::F8E4M3B11FNUZ => s(8, 4, 3, 11, NanIsNegativeZero),
            FloatKind::F8E3M4 => s(8, 3, 4, 3, Ieee),
            FloatKind::F8E8M0FNU => FloatSemantics { has_sign: false, ..s(8, 8, 0, 127, NanOnlyAllOnes) },
            FloatKind::F6E2M3FN => s(6, 2, 3, 1, FiniteOnly),
            FloatKind::F6E3M2FN => s(6, 3, 2, 3, FiniteOnly),
            FloatKind::F4E2M1FN => s(4, 2, 1, 1, FiniteOnly),
        }
    }

    pub fn bit_width(self) -> u32 {
        self.semantics().bit_width
    }
}

/// The structure of a type. Obtain with [`Context::type_kind`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    Complex(Type),
    None,
    Function {
        inputs: Box<[Type]>,
        results: Box<[Type]>,
    },
    Tuple(Box<[Type]>),
    /// `vector<[4]x8xf32>`: `scalable[i]` marks a `[n]` dimension.
    Vector {
        shape: Box<[i64]>,
        scalable: Box<[bool]>,
        element: Type,
    },
    RankedTensor {
        shape: Box<[i64]>,
        element: Type,
        encoding: Option<Attribute>,
    },
    UnrankedTensor {
        element: Type,
    },
    /// `layout` is `None` for the identity layout and `memory_space` is `None` for the
    /// default space, as MLIR canonicalizes them.
    MemRef {
        shape: Box<[i64]>,
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attribute>,
    },
    /// A type of a dialect that is not loaded: `!dialect.data`, its body kept verbatim.
    Opaque {
        dialect: Identifier,
        data: Identifier,
    },
    /// A type defined at run time by a registered dialect, with its parameters.
    Dialect {
        def: TypeDefId,
        params: Box<[Attribute]>,
    },
}

/// Largest integer width MLIR accepts (`IntegerType::kMaxWidth`).
pub const MAX_INTEGER_WIDTH: u32 = (1 << 24) - 1;

impl Context {
    /// The element type of a vector, tensor or memref, else the type itself (MLIR's
    /// `getElementTypeOrSelf`).
    pub fn element_type_or_self(&self, ty: Type) -> Type {
        match self.type_kind(ty) {
            TypeKind::Vector { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. } => *element,
            _ => ty,
        }
    }

    fn intern_type(&self, kind: TypeKind) -> Type {
        Type::from_index(self.uniq.types.intern(kind))
    }

    /// The structure of `ty`.
    #[inline]
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.uniq.types.get(ty.index())
    }

    /// The type with raw id `raw`, if this context made one.
    pub fn type_from_raw(&self, raw: u32) -> Option<Type> {
        let index = raw.checked_sub(1)?;
        self.uniq.types.try_get(index).map(|_| Type::from_index(index))
    }

    pub fn integer_type(&self, width: u32, signedness: Signedness) -> Result<Type> {
        if width > MAX_INTEGER_WIDTH {
            return Err(Error::invalid(format!("integer bitwidth {width} exceeds the maximum of {MAX_INTEGER_WIDTH}")));
        }
        Ok(self.intern_type(TypeKind::Integer { width, signedness }))
    }

    /// `iN`; panics never: widths above the maximum are clamped by the caller's check.
    pub fn signless_int(&self, width: u32) -> Type {
        self.intern_type(TypeKind::Integer { width: width.min(MAX_INTEGER_WIDTH), signedness: Signedness::Signless })
    }

    pub fn index_type(&self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    pub fn float_type(&self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    pub fn none_type(&self) -> Type {
        self.intern_type(TypeKind::None)
    }

    pub fn complex_type(&self, element: Type) -> Result<Type> {
        match self.type_kind(element) {
            TypeKind::Integer { .. } | TypeKind::Float(_) => Ok(self.intern_type(TypeKind::Complex(element))),
            _ => Err(Error::invalid(format!(
                "invalid element type for complex: expected integer or float, got {}",
                self.type_summary(element)
            ))),
        }
    }

    pub fn function_type(&self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeKind::Function { inputs: inputs.into(), results: results.into() })
    }

    pub fn tuple_type(&self, elements: &[Type]) -> Type {
        self.intern_type(TypeKind::Tuple(elements.into()))
    }

    /// `vector<shape x element>`; `scalable` may be empty (no scalable dims) or one flag per dim.
    pub fn vector_type(&self, shape: &[i64], scalable: &[bool], element: Type) -> Result<Type> {
        if !scalable.is_empty() && scalable.len() != shape.len() {
            return Err(Error::invalid("vector scalable flags must match the number of dimensions"));
        }
        if let Some(d) = shape.iter().find(|&&d| d <= 0) {
            let shown = if *d == DYNAMIC { "?".to_string() } else { d.to_string() };
            return Err(Error::invalid(format!("vector types must have positive constant sizes but got {shown}")));
        }
        if !matches!(self.type_kind(element), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_))
            && !self.type_implements(element, crate::dialect::interfaces::vector_element_type())
        {
            return Err(Error::invalid(format!(
                "vector elements must be int/index/float type but got {}",
                self.type_summary(element)
            )));
        }
        let scalable: Box<[bool]> = if scalable.is_empty() { vec![false; shape.len()].into() } else { scalable.into() };
        Ok(self.intern_type(TypeKind::Vector { shape: shape.into(), scalable, element }))
    }

    pub fn ranked_tensor_type(&self, shape: &[i64], element: Type, encoding: Option<Attribute>) -> Result<Type> {
        check_shape(shape)?;
        self.check_tensor_element(element)?;
        Ok(self.intern_type(TypeKind::RankedTensor { shape: shape.into(), element, encoding }))
    }

    pub fn unranked_tensor_type(&self, element: Type) -> Result<Type> {
        self.check_tensor_element(element)?;
        Ok(self.intern_type(TypeKind::UnrankedTensor { element }))
    }

    /// `memref<shape x element, layout, memory_space>`. The element type must implement the
    /// memref element type interface — asked of the registry, so a dialect type from any
    /// package is accepted once it declares the interface.
    pub fn memref_type(
        &self,
        shape: &[i64],
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    ) -> Result<Type> {
        check_shape(shape)?;
        self.check_memref_element(element)?;
        let layout = match layout {
            Some(l) => {
                // Check first: an identity map of the wrong rank is an error, not a default.
                self.check_memref_layout(l, shape.len())?;
                (!self.is_identity_layout(l)).then_some(l)
            }
            None => None,
        };
        let memory_space = memory_space.filter(|&m| !self.is_default_memory_space(m));
        Ok(self.intern_type(TypeKind::MemRef { shape: shape.into(), element, layout, memory_space }))
    }

    pub fn unranked_memref_type(&self, element: Type, memory_space: Option<Attribute>) -> Result<Type> {
        self.check_memref_element(element)?;
        let memory_space = memory_space.filter(|&m| !self.is_default_memory_space(m));
        Ok(self.intern_type(TypeKind::UnrankedMemRef { element, memory_space }))
    }

    /// `!dialect.data` for a dialect that is not loaded; `data` is the body text verbatim.
    pub fn opaque_type(&self, dialect: &str, data: &str) -> Type {
        let dialect = self.identifier(dialect);
        let data = self.identifier(data);
        self.intern_type(TypeKind::Opaque { dialect, data })
    }

    /// An instance of a type defined by a registered dialect; its verifier (if any) runs.
    pub fn dialect_type(&self, def: TypeDefId, params: &[Attribute]) -> Result<Type> {
        let type_def = self.registry.type_def(def)?;
        if type_def.params.len() != params.len() {
            // Upstream's wording for types defined at run time (IRDL's).
            return Err(Error::invalid(format!(
                "expected {} type arguments, but had {}",
                type_def.params.len(),
                params.len()
            )));
        }
        if let Some(verify) = &type_def.verify {
            verify(self, params).map_err(|m| {
                // A verifier's plain message (IRDL's) is reported as it is.
                let message = match crate::verify::strip_plain_error(&m) {
                    Some(plain) => plain.to_string(),
                    None => format!("invalid '{}': {m}", type_def.qualified_name),
                };
                Error::new(crate::error::ErrorKind::VerificationFailed, message)
            })?;
        }
        Ok(self.intern_type(TypeKind::Dialect { def, params: params.into() }))
    }

    fn check_tensor_element(&self, element: Type) -> Result<()> {
        // As MLIR: builtin scalars, complex, vector and opaque types, plus any dialect type
        // (dialects verify their own element types); no tensors of tensors, memrefs,
        // functions, tuples or none.
        match self.type_kind(element) {
            TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::Complex(_)
            | TypeKind::Vector { .. }
            | TypeKind::Opaque { .. }
            | TypeKind::Dialect { .. } => Ok(()),
            _ => Err(Error::invalid(format!("invalid tensor element type: {}", self.type_summary(element)))),
        }
    }

    fn check_memref_element(&self, element: Type) -> Result<()> {
        if self.type_implements(element, crate::dialect::interfaces::memref_element_type()) {
            Ok(())
        } else {
            Err(Error::invalid(format!(
                "invalid memref element type: {} does not implement MemRefElementTypeInterface",
                self.type_summary(element)
            )))
        }
    }

    fn check_memref_layout(&self, layout: Attribute, rank: usize) -> Result<()> {
        use crate::attrs::AttrKind;
        if !self.attr_implements(layout, crate::dialect::interfaces::memref_layout_attr()) {
            return Err(Error::invalid("memref layout must implement MemRefLayoutAttrInterface"));
        }
        match self.attr_kind(layout) {
            AttrKind::AffineMap(m) if m.num_dims as usize != rank => Err(Error::invalid(format!(
                "memref layout mismatch between rank and affine map: {} != {}",
                rank, m.num_dims
            ))),
            AttrKind::StridedLayout { strides, .. } if strides.len() != rank => Err(Error::invalid(format!(
                "expected the number of strides ({}) to match the rank ({rank})",
                strides.len()
            ))),
            _ => Ok(()),
        }
    }

    fn is_identity_layout(&self, layout: Attribute) -> bool {
        matches!(self.attr_kind(layout), crate::attrs::AttrKind::AffineMap(m) if m.is_identity())
    }

    fn is_default_memory_space(&self, space: Attribute) -> bool {
        matches!(self.attr_kind(space), crate::attrs::AttrKind::Integer { value, .. } if value.is_zero())
    }

    /// The TypeID of a type's kind (`builtin.integer`, `builtin.f32`, `quant.uniform`, ...).
    pub fn type_id(&self, ty: Type) -> TypeId {
        match self.type_kind(ty) {
            TypeKind::Integer { .. } => crate::cached_type_id!("builtin.integer"),
            TypeKind::Index => crate::cached_type_id!("builtin.index"),
            TypeKind::Float(k) => {
                static IDS: std::sync::OnceLock<Vec<TypeId>> = std::sync::OnceLock::new();
                let ids = IDS.get_or_init(|| {
                    FloatKind::ALL.iter().map(|k| TypeId::of(&format!("builtin.{}", k.keyword()))).collect()
                });
                ids[FloatKind::ALL.iter().position(|x| x == k).expect("every kind is in ALL")]
            }
            TypeKind::Complex(_) => crate::cached_type_id!("builtin.complex"),
            TypeKind::None => crate::cached_type_id!("builtin.none"),
            TypeKind::Function { .. } => crate::cached_type_id!("builtin.function"),
            TypeKind::Tuple(_) => crate::cached_type_id!("builtin.tuple"),
            TypeKind::Vector { .. } => crate::cached_type_id!("builtin.vector"),
            TypeKind::RankedTensor { .. } => crate::cached_type_id!("builtin.tensor"),
            TypeKind::UnrankedTensor { .. } => crate::cached_type_id!("builtin.unranked_tensor"),
            TypeKind::MemRef { .. } => crate::cached_type_id!("builtin.memref"),
            TypeKind::UnrankedMemRef { .. } => crate::cached_type_id!("builtin.unranked_memref"),
            TypeKind::Opaque { .. } => crate::cached_type_id!("builtin.opaque"),
            TypeKind::Dialect { def, .. } => {
                self.registry.type_def(*def).map(|d| d.type_id).unwrap_or(crate::cached_type_id!("builtin.opaque"))
            }
        }
    }

    /// The element type of a shaped or complex type.
    pub fn element_type(&self, ty: Type) -> Option<Type> {
        match self.type_kind(ty) {
            TypeKind::Complex(e) => Some(*e),
            TypeKind::Vector { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. } => Some(*element),
            _ => None,
        }
    }

    /// `ty` with its element type replaced (vectors and tensors, as MLIR's
    /// `ShapedType::clone(elementType)`); `None` for other types.
    pub fn with_element_type(&self, ty: Type, element: Type) -> Option<Type> {
        match self.type_kind(ty).clone() {
            TypeKind::Vector { shape, scalable, .. } => {
                Some(self.intern_type(TypeKind::Vector { shape, scalable, element }))
            }
            TypeKind::RankedTensor { shape, encoding, .. } => {
                Some(self.intern_type(TypeKind::RankedTensor { shape, element, encoding }))
            }
            TypeKind::UnrankedTensor { .. } => Some(self.intern_type(TypeKind::UnrankedTensor { element })),
            _ => None,
        }
    }

    /// The shape of a ranked shaped type (`None` for unranked and non-shaped types).
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.type_kind(ty) {
            TypeKind::Vector { shape, .. } | TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }

    pub fn is_shaped(&self, ty: Type) -> bool {
        self.type_implements(ty, crate::dialect::interfaces::shaped_type())
    }

    /// Bit width of integer and float types (index counts as 64, as MLIR's data layout default).
    pub fn int_or_float_bit_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Float(k) => Some(k.bit_width()),
            TypeKind::Index => Some(64),
            _ => None,
        }
    }

    /// A short, human description for error messages. The full MLIR spelling is the
    /// printer's job; this keeps the core independent of it.
    pub fn type_summary(&self, ty: Type) -> String {
        match self.type_kind(ty) {
            TypeKind::Integer { width, signedness } => match signedness {
                Signedness::Signless => format!("i{width}"),
                Signedness::Signed => format!("si{width}"),
                Signedness::Unsigned => format!("ui{width}"),
            },
            TypeKind::Index => "index".into(),
            TypeKind::Float(k) => k.keyword().into(),
            TypeKind::None => "none".into(),
            TypeKind::Complex(e) => format!("complex<{}>", self.type_summary(*e)),
            TypeKind::Function { .. } => "function type".into(),
            TypeKind::Tuple(_) => "tuple type".into(),
            TypeKind::Vector { .. } => "vector type".into(),
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => "tensor type".into(),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => "memref type".into(),
            TypeKind::Opaque { dialect, data } => format!("!{}.{}", self.ident_str(*dialect), self.ident_str(*data)),
            TypeKind::Dialect { def, .. } => {
                self.registry.type_def(*def).map(|d| format!("!{}", d.qualified_name)).unwrap_or_default()
            }
        }
    }
}

fn check_shape(shape: &[i64]) -> Result<()> {
    match shape.iter().find(|&&d| d < 0 && d != DYNAMIC) {
        Some(d) => Err(Error::invalid(format!("invalid dimension size {d}: must be non-negative or dynamic"))),
        None => Ok(()),
    }
}
