//! Types: uniqued, valid as long as their context; equal exactly when their handles are.

use std::borrow::Borrow;
use std::fmt;

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::handle::{handle, opt};
use crate::strings::{arg, string_out};
use crate::{Attribute, Context, TypeDef, TypeId};

handle!(
    /// A uniqued type (`i32`, `tensor<4x?xf32>`, `!mydialect.thing<...>`). `Display` prints
    /// it as MLIR does.
    Type,
    sys::omnir_type
);

/// MLIR's dynamic size (`?`), in shapes.
pub const DYNAMIC: i64 = sys::OMNIR_DYNAMIC;

/// The kind of a type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Integer,
    Index,
    Float,
    Complex,
    None,
    Function,
    Tuple,
    Vector,
    RankedTensor,
    UnrankedTensor,
    MemRef,
    UnrankedMemRef,
    /// `!dialect.body` of an unregistered dialect.
    Opaque,
    /// A type defined at run time by a registered dialect.
    Dialect,
}

/// Every floating-point format of MLIR.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
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

const FLOAT_KINDS: [(FloatKind, sys::omnir_float_kind); 18] = {
    use sys::omnir_float_kind::*;
    use FloatKind::*;
    [
        (F16, OMNIR_FLOAT_KIND_F16),
        (BF16, OMNIR_FLOAT_KIND_BF16),
        (F32, OMNIR_FLOAT_KIND_F32),
        (F64, OMNIR_FLOAT_KIND_F64),
        (F80, OMNIR_FLOAT_KIND_F80),
        (F128, OMNIR_FLOAT_KIND_F128),
        (TF32, OMNIR_FLOAT_KIND_TF32),
        (F8E5M2, OMNIR_FLOAT_KIND_F8E5M2),
        (F8E4M3, OMNIR_FLOAT_KIND_F8E4M3),
        (F8E4M3FN, OMNIR_FLOAT_KIND_F8E4M3FN),
        (F8E5M2FNUZ, OMNIR_FLOAT_KIND_F8E5M2FNUZ),
        (F8E4M3FNUZ, OMNIR_FLOAT_KIND_F8E4M3FNUZ),
        (F8E4M3B11FNUZ, OMNIR_FLOAT_KIND_F8E4M3B11FNUZ),
        (F8E3M4, OMNIR_FLOAT_KIND_F8E3M4),
        (F8E8M0FNU, OMNIR_FLOAT_KIND_F8E8M0FNU),
        (F6E2M3FN, OMNIR_FLOAT_KIND_F6E2M3FN),
        (F6E3M2FN, OMNIR_FLOAT_KIND_F6E3M2FN),
        (F4E2M1FN, OMNIR_FLOAT_KIND_F4E2M1FN),
    ]
};

impl FloatKind {
    fn to_raw(self) -> sys::omnir_float_kind {
        FLOAT_KINDS.iter().find(|(k, _)| *k == self).map(|(_, r)| *r).expect("every kind is listed")
    }
    fn from_raw(raw: sys::omnir_float_kind) -> FloatKind {
        FLOAT_KINDS.iter().find(|(_, r)| *r == raw).map(|(k, _)| *k).expect("every kind is listed")
    }
}

/// The signedness of an integer type: `i32`, `si32`, `ui32`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

impl Context {
    fn make_type(&self, f: impl FnOnce(*mut sys::omnir_type) -> sys::omnir_status) -> Result<Type> {
        Ok(Type { ctx: self.clone(), raw: out(f)? })
    }

    /// A signless integer type `iN`.
    pub fn integer_type(&self, width: u32) -> Result<Type> {
        self.integer_type_with(width, Signedness::Signless)
    }

    /// An integer type of any signedness (`iN`, `siN`, `uiN`).
    pub fn integer_type_with(&self, width: u32, signedness: Signedness) -> Result<Type> {
        let s = match signedness {
            Signedness::Signless => 0,
            Signedness::Signed => 1,
            Signedness::Unsigned => 2,
        };
        // SAFETY: live context, valid out-pointer (same for every constructor below).
        self.make_type(|o| unsafe { sys::omnir_integer_type_get(self.as_raw(), width, s, o) })
    }

    /// `index`.
    pub fn index_type(&self) -> Result<Type> {
        self.make_type(|o| unsafe { sys::omnir_index_type_get(self.as_raw(), o) })
    }

    /// A floating-point type.
    pub fn float_type(&self, kind: FloatKind) -> Result<Type> {
        self.make_type(|o| unsafe { sys::omnir_float_type_get(self.as_raw(), kind.to_raw() as u32, o) })
    }

    /// `f32`.
    pub fn f32_type(&self) -> Result<Type> {
        self.float_type(FloatKind::F32)
    }

    /// `f64`.
    pub fn f64_type(&self) -> Result<Type> {
        self.float_type(FloatKind::F64)
    }

    /// `none`.
    pub fn none_type(&self) -> Result<Type> {
        self.make_type(|o| unsafe { sys::omnir_none_type_get(self.as_raw(), o) })
    }

    /// `complex<element>`.
    pub fn complex_type(&self, element: &Type) -> Result<Type> {
        self.make_type(|o| unsafe { sys::omnir_complex_type_get(self.as_raw(), element.raw, o) })
    }

    /// `(inputs) -> (results)`.
    pub fn function_type(&self, inputs: &[Type], results: &[Type]) -> Result<Type> {
        let i: Vec<_> = inputs.iter().map(|t| t.raw).collect();
        let r: Vec<_> = results.iter().map(|t| t.raw).collect();
        self.make_type(|o| unsafe {
            sys::omnir_function_type_get(self.as_raw(), i.as_ptr(), i.len(), r.as_ptr(), r.len(), o)
        })
    }

    /// `tuple<elements>`.
    pub fn tuple_type<T: Borrow<Type>>(&self, elements: &[T]) -> Result<Type> {
        let e: Vec<_> = elements.iter().map(|t| t.borrow().raw).collect();
        self.make_type(|o| unsafe { sys::omnir_tuple_type_get(self.as_raw(), e.as_ptr(), e.len(), o) })
    }

    /// `vector<shape x element>` (no scalable dimensions).
    pub fn vector_type(&self, shape: &[i64], element: &Type) -> Result<Type> {
        self.make_type(|o| unsafe {
            sys::omnir_vector_type_get(self.as_raw(), shape.as_ptr(), shape.len(), std::ptr::null(), element.raw, o)
        })
    }

    /// `tensor<shape x element[, encoding]>`; sizes are non-negative or [`DYNAMIC`].
    pub fn ranked_tensor_type(&self, shape: &[i64], element: &Type, encoding: Option<&Attribute>) -> Result<Type> {
        let enc = encoding.map(|a| a.raw).unwrap_or_default();
        self.make_type(|o| unsafe {
            sys::omnir_ranked_tensor_type_get(self.as_raw(), shape.as_ptr(), shape.len(), element.raw, enc, o)
        })
    }

    /// `tensor<*xelement>`.
    pub fn unranked_tensor_type(&self, element: &Type) -> Result<Type> {
        self.make_type(|o| unsafe { sys::omnir_unranked_tensor_type_get(self.as_raw(), element.raw, o) })
    }

    /// `memref<shape x element[, layout][, memory_space]>`.
    pub fn memref_type(
        &self,
        shape: &[i64],
        element: &Type,
        layout: Option<&Attribute>,
        memory_space: Option<&Attribute>,
    ) -> Result<Type> {
        let l = layout.map(|a| a.raw).unwrap_or_default();
        let m = memory_space.map(|a| a.raw).unwrap_or_default();
        self.make_type(|o| unsafe {
            sys::omnir_memref_type_get(self.as_raw(), shape.as_ptr(), shape.len(), element.raw, l, m, o)
        })
    }

    /// `!dialect.data` of an unregistered dialect (needs unregistered dialects allowed).
    pub fn opaque_type(&self, dialect: &str, data: &str) -> Result<Type> {
        let (d, dl) = arg(dialect);
        let (x, xl) = arg(data);
        self.make_type(|o| unsafe { sys::omnir_opaque_type_get(self.as_raw(), d, dl, x, xl, o) })
    }

    /// An instance of a type registered at run time (see
    /// [`Context::register_type`](crate::Context::register_type)); its parameters verifier
    /// runs.
    pub fn dialect_type(&self, def: TypeDef, params: &[Attribute]) -> Result<Type> {
        let p: Vec<_> = params.iter().map(|a| a.raw).collect();
        self.make_type(|o| unsafe { sys::omnir_dialect_type_get(self.as_raw(), def.0, p.as_ptr(), p.len(), o) })
    }

    /// The type `!qualified_name<params>` of a registered kind (`"pixels.rgb"`; a kind of a
    /// shipped dialect the context has not loaded loads that dialect); its parameters
    /// verifier runs.
    pub fn dialect_type_named(&self, qualified_name: &str, params: &[Attribute]) -> Result<Type> {
        self.dialect_type(self.lookup_type_def(qualified_name)?, params)
    }

    /// Parses a type (`"tensor<4x?xf32>"`).
    pub fn parse_type(&self, text: &str) -> Result<Type> {
        let (t, tl) = arg(text);
        self.make_type(|o| unsafe { sys::omnir_type_parse(self.as_raw(), t, tl, o) })
    }
}

impl Type {
    fn ty(&self, f: impl FnOnce(*mut sys::omnir_type) -> sys::omnir_status) -> Result<Type> {
        Ok(Type { ctx: self.ctx.clone(), raw: out(f)? })
    }

    /// The kind of the type.
    pub fn kind(&self) -> Result<TypeKind> {
        use sys::omnir_type_kind::*;
        let mut k = OMNIR_TYPE_KIND_NONE;
        // SAFETY: live context, valid out-pointer (same for every accessor below).
        check(unsafe { sys::omnir_type_get_kind(self.cx(), self.raw, &mut k) })?;
        Ok(match k {
            OMNIR_TYPE_KIND_INTEGER => TypeKind::Integer,
            OMNIR_TYPE_KIND_INDEX => TypeKind::Index,
            OMNIR_TYPE_KIND_FLOAT => TypeKind::Float,
            OMNIR_TYPE_KIND_COMPLEX => TypeKind::Complex,
            OMNIR_TYPE_KIND_NONE => TypeKind::None,
            OMNIR_TYPE_KIND_FUNCTION => TypeKind::Function,
            OMNIR_TYPE_KIND_TUPLE => TypeKind::Tuple,
            OMNIR_TYPE_KIND_VECTOR => TypeKind::Vector,
            OMNIR_TYPE_KIND_RANKED_TENSOR => TypeKind::RankedTensor,
            OMNIR_TYPE_KIND_UNRANKED_TENSOR => TypeKind::UnrankedTensor,
            OMNIR_TYPE_KIND_MEMREF => TypeKind::MemRef,
            OMNIR_TYPE_KIND_UNRANKED_MEMREF => TypeKind::UnrankedMemRef,
            OMNIR_TYPE_KIND_OPAQUE => TypeKind::Opaque,
            OMNIR_TYPE_KIND_DIALECT => TypeKind::Dialect,
        })
    }

    /// Whether it is an integer type (of any signedness).
    pub fn is_integer(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_type_is_integer(self.cx(), self.raw, p) })
    }

    /// Whether it is a floating-point type.
    pub fn is_float(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_type_is_float(self.cx(), self.raw, p) })
    }

    /// Whether it is a shaped type (vector, tensor, memref).
    pub fn is_shaped(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_type_is_shaped(self.cx(), self.raw, p) })
    }

    /// The width of an integer type.
    pub fn integer_width(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_integer_type_get_width(self.cx(), self.raw, p) })
    }

    /// The signedness of an integer type.
    pub fn signedness(&self) -> Result<Signedness> {
        use sys::omnir_signedness::*;
        let mut s = OMNIR_SIGNEDNESS_SIGNLESS;
        check(unsafe { sys::omnir_integer_type_get_signedness(self.cx(), self.raw, &mut s) })?;
        Ok(match s {
            OMNIR_SIGNEDNESS_SIGNLESS => Signedness::Signless,
            OMNIR_SIGNEDNESS_SIGNED => Signedness::Signed,
            OMNIR_SIGNEDNESS_UNSIGNED => Signedness::Unsigned,
        })
    }

    /// The format of a floating-point type.
    pub fn float_kind(&self) -> Result<FloatKind> {
        let mut k = sys::omnir_float_kind::OMNIR_FLOAT_KIND_F32;
        check(unsafe { sys::omnir_float_type_get_kind(self.cx(), self.raw, &mut k) })?;
        Ok(FloatKind::from_raw(k))
    }

    /// The element type of a shaped or complex type.
    pub fn element_type(&self) -> Result<Type> {
        self.ty(|o| unsafe { sys::omnir_type_get_element_type(self.cx(), self.raw, o) })
    }

    /// The shape of a ranked shaped type ([`DYNAMIC`] for `?`), `None` when unranked.
    pub fn shape(&self) -> Result<Option<Vec<i64>>> {
        let ranked: bool = out(|p| unsafe { sys::omnir_shaped_type_has_rank(self.cx(), self.raw, p) })?;
        if !ranked {
            return Ok(None);
        }
        let rank: usize = out(|p| unsafe { sys::omnir_shaped_type_get_rank(self.cx(), self.raw, p) })?;
        (0..rank)
            .map(|i| out(|p| unsafe { sys::omnir_shaped_type_get_dim(self.cx(), self.raw, i, p) }))
            .collect::<Result<Vec<i64>>>()
            .map(Some)
    }

    /// The inputs of a function type.
    pub fn inputs(&self) -> Result<Vec<Type>> {
        let n: usize = out(|p| unsafe { sys::omnir_function_type_get_num_inputs(self.cx(), self.raw, p) })?;
        (0..n).map(|i| self.ty(|o| unsafe { sys::omnir_function_type_get_input(self.cx(), self.raw, i, o) })).collect()
    }

    /// The results of a function type.
    pub fn results(&self) -> Result<Vec<Type>> {
        let n: usize = out(|p| unsafe { sys::omnir_function_type_get_num_results(self.cx(), self.raw, p) })?;
        (0..n).map(|i| self.ty(|o| unsafe { sys::omnir_function_type_get_result(self.cx(), self.raw, i, o) })).collect()
    }

    /// The element types of a tuple type.
    pub fn tuple_elements(&self) -> Result<Vec<Type>> {
        let n: usize = out(|p| unsafe { sys::omnir_tuple_type_get_num_types(self.cx(), self.raw, p) })?;
        (0..n).map(|i| self.ty(|o| unsafe { sys::omnir_tuple_type_get_type(self.cx(), self.raw, i, o) })).collect()
    }

    /// The encoding of a ranked tensor type, if any.
    pub fn encoding(&self) -> Result<Option<Attribute>> {
        let a: sys::omnir_attribute =
            out(|p| unsafe { sys::omnir_ranked_tensor_type_get_encoding(self.cx(), self.raw, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// The definition of a dialect type.
    pub fn dialect_def(&self) -> Result<TypeDef> {
        out(|p| unsafe { sys::omnir_dialect_type_get_def(self.cx(), self.raw, p) }).map(TypeDef)
    }

    /// The parameters of a dialect type.
    pub fn dialect_params(&self) -> Result<Vec<Attribute>> {
        let n: usize = out(|p| unsafe { sys::omnir_dialect_type_get_num_params(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| {
                let raw = out(|p| unsafe { sys::omnir_dialect_type_get_param(self.cx(), self.raw, i, p) })?;
                Ok(Attribute { ctx: self.ctx.clone(), raw })
            })
            .collect()
    }

    /// The TypeId of the type's kind (`builtin.integer`, `mydialect.thing`).
    pub fn type_id(&self) -> Result<TypeId> {
        out(|p| unsafe { sys::omnir_type_get_type_id(self.cx(), self.raw, p) }).map(TypeId)
    }

    /// Whether the type implements the interface (asked of the context's registry).
    pub fn implements(&self, interface: TypeId) -> Result<bool> {
        out(|p| unsafe { sys::omnir_type_implements(self.cx(), self.raw, interface.0, p) })
    }

    /// The type as MLIR prints it.
    pub fn print(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_type_print(self.cx(), self.raw, o) })
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.print() {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<type: {e}>"),
        }
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Type({self})")
    }
}
