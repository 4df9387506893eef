//! Attributes: uniqued, valid as long as their context; equal exactly when their handles are
//! (each `distinct` attribute is unequal to every other).

use std::borrow::Borrow;
use std::fmt;

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::handle::{handle, opt};
use crate::strings::{arg, bytes_out, string_out, view};
use crate::{AttrDef, Context, Location, Type, TypeId};

handle!(
    /// A uniqued attribute (`42 : i32`, `"text"`, `[1, 2]`, `{a = 1}`, `@sym`...). `Display`
    /// prints it as MLIR does.
    Attribute,
    sys::omnir_attribute
);

/// The kind of an attribute.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttributeKind {
    Unit,
    Bool,
    Integer,
    Float,
    String,
    Type,
    Array,
    Dictionary,
    SymbolRef,
    DenseElements,
    DenseStringElements,
    DenseArray,
    DenseResourceElements,
    AffineMap,
    IntegerSet,
    StridedLayout,
    Distinct,
    Location,
    /// `#dialect.body` of an unregistered dialect (and kinds this crate does not know yet).
    Opaque,
    /// An attribute defined at run time by a registered dialect.
    Dialect,
    /// `sparse<indices, values> : type`.
    SparseElements,
}

impl Context {
    fn make_attr(&self, f: impl FnOnce(*mut sys::omnir_attribute) -> sys::omnir_status) -> Result<Attribute> {
        Ok(Attribute { ctx: self.clone(), raw: out(f)? })
    }

    /// `unit`.
    pub fn unit_attr(&self) -> Result<Attribute> {
        // SAFETY: live context, valid out-pointer (same for every constructor below).
        self.make_attr(|o| unsafe { sys::omnir_unit_attr_get(self.as_raw(), o) })
    }

    /// `true` / `false`.
    pub fn bool_attr(&self, value: bool) -> Result<Attribute> {
        self.make_attr(|o| unsafe { sys::omnir_bool_attr_get(self.as_raw(), value, o) })
    }

    /// `value : ty` for an integer or index type.
    pub fn integer_attr(&self, ty: &Type, value: i64) -> Result<Attribute> {
        self.make_attr(|o| unsafe { sys::omnir_integer_attr_get(self.as_raw(), ty.raw, value, o) })
    }

    /// `value : ty` for a floating-point type (rounded to the format).
    pub fn float_attr(&self, ty: &Type, value: f64) -> Result<Attribute> {
        self.make_attr(|o| unsafe { sys::omnir_float_attr_get(self.as_raw(), ty.raw, value, o) })
    }

    /// `"value"`.
    pub fn string_attr(&self, value: &str) -> Result<Attribute> {
        self.string_attr_bytes(value.as_bytes(), None)
    }

    /// A string attribute of any bytes (MLIR strings need not be UTF-8), optionally typed.
    pub fn string_attr_bytes(&self, value: &[u8], ty: Option<&Type>) -> Result<Attribute> {
        let t = ty.map(|t| t.raw).unwrap_or_default();
        self.make_attr(|o| unsafe {
            sys::omnir_string_attr_get(self.as_raw(), value.as_ptr().cast(), value.len(), t, o)
        })
    }

    /// A type as an attribute.
    pub fn type_attr(&self, ty: &Type) -> Result<Attribute> {
        self.make_attr(|o| unsafe { sys::omnir_type_attr_get(self.as_raw(), ty.raw, o) })
    }

    /// `[elements]`.
    pub fn array_attr<A: Borrow<Attribute>>(&self, elements: &[A]) -> Result<Attribute> {
        let e: Vec<_> = elements.iter().map(|a| a.borrow().raw).collect();
        self.make_attr(|o| unsafe { sys::omnir_array_attr_get(self.as_raw(), e.as_ptr(), e.len(), o) })
    }

    /// `{name = value, ...}` (sorted by name; duplicate names are an error).
    pub fn dictionary_attr(&self, entries: &[(&str, Attribute)]) -> Result<Attribute> {
        let e: Vec<_> = entries
            .iter()
            .map(|(n, a)| sys::omnir_named_attribute { name: n.as_ptr().cast(), name_len: n.len(), value: a.raw })
            .collect();
        self.make_attr(|o| unsafe { sys::omnir_dictionary_attr_get(self.as_raw(), e.as_ptr(), e.len(), o) })
    }

    /// `@name`.
    pub fn flat_symbol_ref_attr(&self, name: &str) -> Result<Attribute> {
        let (n, nl) = arg(name);
        self.make_attr(|o| unsafe { sys::omnir_flat_symbol_ref_attr_get(self.as_raw(), n, nl, o) })
    }

    /// `@root::@nested0::@nested1`.
    pub fn symbol_ref_attr(&self, root: &str, nested: &[&str]) -> Result<Attribute> {
        let (r, rl) = arg(root);
        let n: Vec<_> = nested.iter().map(|s| view(s)).collect();
        self.make_attr(|o| unsafe { sys::omnir_symbol_ref_attr_get(self.as_raw(), r, rl, n.as_ptr(), n.len(), o) })
    }

    /// `dense<...> : ty` from raw little-endian element bytes (one element for a splat).
    pub fn dense_elements_attr(&self, ty: &Type, data: &[u8]) -> Result<Attribute> {
        self.make_attr(|o| unsafe {
            sys::omnir_dense_elements_attr_get(self.as_raw(), ty.raw, data.as_ptr(), data.len(), o)
        })
    }

    /// `array<element: ...>` from raw little-endian element bytes.
    pub fn dense_array_attr(&self, element: &Type, data: &[u8]) -> Result<Attribute> {
        self.make_attr(|o| unsafe {
            sys::omnir_dense_array_attr_get(self.as_raw(), element.raw, data.as_ptr(), data.len(), o)
        })
    }

    /// `array<i64: values>`.
    pub fn dense_i64_array_attr(&self, values: &[i64]) -> Result<Attribute> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.dense_array_attr(&self.integer_type(64)?, &bytes)
    }

    /// `sparse<indices, values> : ty`: the elements at `indices` are `values`, the rest zero.
    /// `ty` is a statically shaped tensor, vector or memref type; `indices` a dense elements
    /// attribute of `i64` with shape `[N, rank]` (or `[N]` for rank 1); `values` a 1-d dense
    /// elements attribute (numbers or strings) of `N` elements of `ty`'s element type.
    pub fn sparse_elements_attr(&self, ty: &Type, indices: &Attribute, values: &Attribute) -> Result<Attribute> {
        self.make_attr(|o| unsafe {
            sys::omnir_sparse_elements_attr_get(self.as_raw(), ty.raw, indices.raw, values.raw, o)
        })
    }

    /// An instance of an attribute registered at run time; its parameters verifier runs.
    pub fn dialect_attr(&self, def: AttrDef, params: &[Attribute]) -> Result<Attribute> {
        let p: Vec<_> = params.iter().map(|a| a.raw).collect();
        self.make_attr(|o| unsafe { sys::omnir_dialect_attr_get(self.as_raw(), def.0, p.as_ptr(), p.len(), o) })
    }

    /// The attribute `#qualified_name<params>` of a registered kind (see
    /// [`Context::dialect_type_named`]).
    pub fn dialect_attr_named(&self, qualified_name: &str, params: &[Attribute]) -> Result<Attribute> {
        self.dialect_attr(self.lookup_attr_def(qualified_name)?, params)
    }

    /// Parses an attribute (`"[1, 2 : i8]"`, `"dense<1.0> : tensor<2xf32>"`).
    pub fn parse_attribute(&self, text: &str) -> Result<Attribute> {
        let (t, tl) = arg(text);
        self.make_attr(|o| unsafe { sys::omnir_attribute_parse(self.as_raw(), t, tl, o) })
    }
}

impl Attribute {
    fn attr(&self, f: impl FnOnce(*mut sys::omnir_attribute) -> sys::omnir_status) -> Result<Attribute> {
        Ok(Attribute { ctx: self.ctx.clone(), raw: out(f)? })
    }

    /// The kind of the attribute.
    pub fn kind(&self) -> Result<AttributeKind> {
        use sys::omnir_attribute_kind::*;
        let mut k = OMNIR_ATTRIBUTE_KIND_UNIT;
        // SAFETY: live context, valid out-pointer (same for every accessor below).
        check(unsafe { sys::omnir_attribute_get_kind(self.cx(), self.raw, &mut k) })?;
        Ok(match k {
            OMNIR_ATTRIBUTE_KIND_UNIT => AttributeKind::Unit,
            OMNIR_ATTRIBUTE_KIND_BOOL => AttributeKind::Bool,
            OMNIR_ATTRIBUTE_KIND_INTEGER => AttributeKind::Integer,
            OMNIR_ATTRIBUTE_KIND_FLOAT => AttributeKind::Float,
            OMNIR_ATTRIBUTE_KIND_STRING => AttributeKind::String,
            OMNIR_ATTRIBUTE_KIND_TYPE => AttributeKind::Type,
            OMNIR_ATTRIBUTE_KIND_ARRAY => AttributeKind::Array,
            OMNIR_ATTRIBUTE_KIND_DICTIONARY => AttributeKind::Dictionary,
            OMNIR_ATTRIBUTE_KIND_SYMBOL_REF => AttributeKind::SymbolRef,
            OMNIR_ATTRIBUTE_KIND_DENSE_ELEMENTS => AttributeKind::DenseElements,
            OMNIR_ATTRIBUTE_KIND_DENSE_STRING_ELEMENTS => AttributeKind::DenseStringElements,
            OMNIR_ATTRIBUTE_KIND_DENSE_ARRAY => AttributeKind::DenseArray,
            OMNIR_ATTRIBUTE_KIND_DENSE_RESOURCE_ELEMENTS => AttributeKind::DenseResourceElements,
            OMNIR_ATTRIBUTE_KIND_AFFINE_MAP => AttributeKind::AffineMap,
            OMNIR_ATTRIBUTE_KIND_INTEGER_SET => AttributeKind::IntegerSet,
            OMNIR_ATTRIBUTE_KIND_STRIDED_LAYOUT => AttributeKind::StridedLayout,
            OMNIR_ATTRIBUTE_KIND_DISTINCT => AttributeKind::Distinct,
            OMNIR_ATTRIBUTE_KIND_LOCATION => AttributeKind::Location,
            OMNIR_ATTRIBUTE_KIND_OPAQUE => AttributeKind::Opaque,
            OMNIR_ATTRIBUTE_KIND_DIALECT => AttributeKind::Dialect,
            OMNIR_ATTRIBUTE_KIND_SPARSE_ELEMENTS => AttributeKind::SparseElements,
        })
    }

    /// The type of a typed attribute (integer, float, typed string, dense...), else `None`.
    pub fn ty(&self) -> Result<Option<Type>> {
        let t: sys::omnir_type = out(|p| unsafe { sys::omnir_attribute_get_type(self.cx(), self.raw, p) })?;
        Ok(opt(t).map(|raw| Type { ctx: self.ctx.clone(), raw }))
    }

    /// The value of a bool attribute.
    pub fn bool_value(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_bool_attr_get_value(self.cx(), self.raw, p) })
    }

    /// The value of an integer attribute, sign-extended from its width.
    pub fn int_value(&self) -> Result<i64> {
        out(|p| unsafe { sys::omnir_integer_attr_get_int64(self.cx(), self.raw, p) })
    }

    /// The value of an integer attribute, zero-extended from its width.
    pub fn uint_value(&self) -> Result<u64> {
        out(|p| unsafe { sys::omnir_integer_attr_get_uint64(self.cx(), self.raw, p) })
    }

    /// The value of a float attribute, as `f64`.
    pub fn float_value(&self) -> Result<f64> {
        out(|p| unsafe { sys::omnir_float_attr_get_double(self.cx(), self.raw, p) })
    }

    /// The value of a string attribute (invalid UTF-8 replaced; see
    /// [`Attribute::string_bytes`]).
    pub fn string_value(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_string_attr_get_value(self.cx(), self.raw, o) })
    }

    /// The exact bytes of a string attribute.
    pub fn string_bytes(&self) -> Result<Vec<u8>> {
        bytes_out(|o| unsafe { sys::omnir_string_attr_get_value(self.cx(), self.raw, o) })
    }

    /// The type held by a type attribute.
    pub fn type_value(&self) -> Result<Type> {
        let raw = out(|p| unsafe { sys::omnir_type_attr_get_value(self.cx(), self.raw, p) })?;
        Ok(Type { ctx: self.ctx.clone(), raw })
    }

    /// The elements of an array attribute.
    pub fn array_elements(&self) -> Result<Vec<Attribute>> {
        let n: usize = out(|p| unsafe { sys::omnir_array_attr_get_num_elements(self.cx(), self.raw, p) })?;
        (0..n).map(|i| self.attr(|o| unsafe { sys::omnir_array_attr_get_element(self.cx(), self.raw, i, o) })).collect()
    }

    /// The entries of a dictionary attribute, sorted by name.
    pub fn dictionary_entries(&self) -> Result<Vec<(String, Attribute)>> {
        let n: usize = out(|p| unsafe { sys::omnir_dictionary_attr_get_num_entries(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| {
                let mut name = crate::strings::empty();
                let mut value = sys::omnir_attribute::default();
                check(unsafe { sys::omnir_dictionary_attr_get_entry(self.cx(), self.raw, i, &mut name, &mut value) })?;
                Ok((crate::strings::take_string(name), Attribute { ctx: self.ctx.clone(), raw: value }))
            })
            .collect()
    }

    /// The value of entry `name` of a dictionary attribute.
    pub fn dictionary_get(&self, name: &str) -> Result<Option<Attribute>> {
        let (n, nl) = arg(name);
        let a: sys::omnir_attribute =
            out(|p| unsafe { sys::omnir_dictionary_attr_lookup(self.cx(), self.raw, n, nl, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// The root name of a symbol reference (`f` in `@f::@g`).
    pub fn symbol_root(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_symbol_ref_attr_get_root(self.cx(), self.raw, o) })
    }

    /// The nested names of a symbol reference (`[g]` in `@f::@g`).
    pub fn symbol_nested(&self) -> Result<Vec<String>> {
        let n: usize = out(|p| unsafe { sys::omnir_symbol_ref_attr_get_num_nested(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| string_out(|o| unsafe { sys::omnir_symbol_ref_attr_get_nested(self.cx(), self.raw, i, o) }))
            .collect()
    }

    /// The raw little-endian element bytes of a dense elements attribute.
    pub fn dense_raw_data(&self) -> Result<Vec<u8>> {
        let mut b = sys::omnir_bytes { data: std::ptr::null_mut(), len: 0 };
        check(unsafe { sys::omnir_dense_elements_attr_get_raw_data(self.cx(), self.raw, &mut b) })?;
        let v = if b.data.is_null() {
            Vec::new()
        } else {
            // SAFETY: an omnir buffer of `len` bytes, released right after.
            unsafe { std::slice::from_raw_parts(b.data, b.len) }.to_vec()
        };
        // SAFETY: released once.
        unsafe { sys::omnir_bytes_free(b) };
        Ok(v)
    }

    /// The indices of a sparse elements attribute: a dense elements attribute of `i64` of
    /// shape `[N, rank]`.
    pub fn sparse_indices(&self) -> Result<Attribute> {
        self.attr(|o| unsafe { sys::omnir_sparse_elements_attr_get_indices(self.cx(), self.raw, o) })
    }

    /// The values of a sparse elements attribute: a 1-d dense elements attribute.
    pub fn sparse_values(&self) -> Result<Attribute> {
        self.attr(|o| unsafe { sys::omnir_sparse_elements_attr_get_values(self.cx(), self.raw, o) })
    }

    /// The definition of a dialect attribute.
    pub fn dialect_def(&self) -> Result<AttrDef> {
        out(|p| unsafe { sys::omnir_dialect_attr_get_def(self.cx(), self.raw, p) }).map(AttrDef)
    }

    /// The parameters of a dialect attribute.
    pub fn dialect_params(&self) -> Result<Vec<Attribute>> {
        let n: usize = out(|p| unsafe { sys::omnir_dialect_attr_get_num_params(self.cx(), self.raw, p) })?;
        (0..n).map(|i| self.attr(|o| unsafe { sys::omnir_dialect_attr_get_param(self.cx(), self.raw, i, o) })).collect()
    }

    /// The TypeId of the attribute's kind.
    pub fn type_id(&self) -> Result<TypeId> {
        out(|p| unsafe { sys::omnir_attribute_get_type_id(self.cx(), self.raw, p) }).map(TypeId)
    }

    /// Whether the attribute implements the interface.
    pub fn implements(&self, interface: TypeId) -> Result<bool> {
        out(|p| unsafe { sys::omnir_attribute_implements(self.cx(), self.raw, interface.0, p) })
    }

    /// The attribute as a location, if it is one.
    pub fn to_location(&self) -> Result<Location> {
        let raw = out(|p| unsafe { sys::omnir_attribute_to_location(self.cx(), self.raw, p) })?;
        Ok(Location { ctx: self.ctx.clone(), raw })
    }

    /// The attribute as MLIR prints it.
    pub fn print(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_attribute_print(self.cx(), self.raw, o) })
    }
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.print() {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<attribute: {e}>"),
        }
    }
}

impl fmt::Debug for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Attribute({self})")
    }
}
