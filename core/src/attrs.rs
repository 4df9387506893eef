//! Builtin attributes, with MLIR's semantics. Locations are attributes too, as in MLIR.
//!
//! An [`Attribute`] is a 4-byte handle to a uniqued value. `distinct[..]<..>` attributes are
//! the one exception to uniquing: each creation is a new attribute.

use std::num::NonZeroU32;
use std::sync::atomic::Ordering;

use crate::affine::{AffineMap, IntegerSet};
use crate::context::{Context, Identifier};
use crate::dialect::AttrDefId;
use crate::error::{Error, Result};
use crate::intern::POINT_BASE;
use crate::typeid::TypeId;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Attribute(pub(crate) NonZeroU32);

impl Attribute {
    pub(crate) fn from_index(index: u32) -> Attribute {
        Attribute(NonZeroU32::new(index + 1).expect("attribute index overflow"))
    }
    pub(crate) fn index(self) -> u32 {
        self.0.get() - 1
    }
    pub fn to_raw(self) -> u32 {
        self.0.get()
    }
}

/// A location: an attribute known to be one of the location kinds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Location(pub(crate) Attribute);

impl Location {
    pub fn attr(self) -> Attribute {
        self.0
    }
}

/// `name = value` in an attribute dictionary.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttribute {
    pub name: Identifier,
    pub value: Attribute,
}

/// An arbitrary-precision integer value, truncated to its type's width and stored as
/// little-endian 64-bit words; widths up to 64 bits need no allocation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ApInt {
    Small(u64),
    Big(Box<[u64]>),
}

impl ApInt {
    /// `value` truncated to `width` bits (two's complement).
    #[inline]
    pub fn from_i64(value: i64, width: u32) -> ApInt {
        if width <= 64 {
            ApInt::Small(truncate(value as u64, width))
        } else {
            let words = width.div_ceil(64) as usize;
            let fill = if value < 0 { u64::MAX } else { 0 };
            let mut w = vec![fill; words];
            w[0] = value as u64;
            ApInt::from_words(w, width)
        }
    }

    /// From little-endian words, truncated to `width`.
    pub fn from_words(mut words: Vec<u64>, width: u32) -> ApInt {
        let n = (width.div_ceil(64) as usize).max(1);
        words.resize(n, 0);
        let rem = width % 64;
        if rem != 0 {
            let last = words.len() - 1;
            words[last] &= (1u64 << rem) - 1;
        }
        if width == 0 {
            words[0] = 0;
        }
        if width <= 64 {
            ApInt::Small(words[0])
        } else {
            ApInt::Big(words.into())
        }
    }

    pub fn words(&self) -> &[u64] {
        match self {
            ApInt::Small(w) => std::slice::from_ref(w),
            ApInt::Big(w) => w,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// The value read as unsigned, if it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        let w = self.words();
        w[1..].iter().all(|&x| x == 0).then_some(w[0])
    }

    /// The value sign-extended from `width` bits, if it fits in an i64.
    pub fn to_i64(&self, width: u32) -> Option<i64> {
        if width == 0 {
            return Some(0);
        }
        let w = self.words();
        if width <= 64 {
            let shift = 64 - width;
            return Some(((w[0] << shift) as i64) >> shift);
        }
        let negative = self.bit(width - 1);
        // Every bit above 63 (within width) must equal the sign for the value to fit.
        for bit in 63..width {
            if self.bit(bit) != negative {
                return None;
            }
        }
        Some(w[0] as i64)
    }

    pub fn bit(&self, index: u32) -> bool {
        let w = self.words();
        w.get((index / 64) as usize).is_some_and(|word| word >> (index % 64) & 1 == 1)
    }
}

#[inline]
fn truncate(value: u64, width: u32) -> u64 {
    if width >= 64 {
        value
    } else {
        value & ((1u64 << width) - 1)
    }
}

/// The location kinds MLIR has.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocationKind {
    Unknown,
    /// `"file":line:col`, or a range `"file":l1:c1 to l2:c2` when the end differs.
    FileLineCol {
        file: Identifier,
        start_line: u32,
        start_col: u32,
        end_line: u32,
        end_col: u32,
    },
    /// `"name"` or `"name"(child)`.
    Name {
        name: Identifier,
        child: Option<Attribute>,
    },
    CallSite {
        callee: Attribute,
        caller: Attribute,
    },
    /// `fused[...]` or `fused<#metadata>[...]`.
    Fused {
        locations: Box<[Attribute]>,
        metadata: Option<Attribute>,
    },
}

/// The structure of an attribute. Obtain with [`Context::attr_kind`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrKind {
    Unit,
    Bool(bool),
    /// `value` is truncated to `ty`'s width (`index` counts as 64 bits).
    Integer {
        ty: Type,
        value: ApInt,
    },
    /// The raw bit pattern of a value of `ty`'s float format.
    Float {
        ty: Type,
        bits: u128,
    },
    /// Bytes, not necessarily UTF-8 (MLIR strings may hold any byte through escapes).
    String {
        value: Box<[u8]>,
        ty: Option<Type>,
    },
    Type(Type),
    Array(Box<[Attribute]>),
    /// Sorted by name, names unique.
    Dictionary(Box<[NamedAttribute]>),
    /// `@root::@nested::@leaf`.
    SymbolRef {
        root: Identifier,
        nested: Box<[Identifier]>,
    },
    /// `dense<...>` of integers, floats or complex numbers. Each element takes
    /// `ceil(bits / 8)` bytes, little-endian (`i1` as one byte 0 or 1; complex as two
    /// consecutive parts). A splat stores exactly one element.
    DenseIntOrFloat {
        ty: Type,
        data: Box<[u8]>,
        splat: bool,
    },
    /// `dense<["a", "b"]>`; a splat stores one string.
    DenseString {
        ty: Type,
        values: Box<[Box<[u8]>]>,
        splat: bool,
    },
    /// `array<i32: 1, 2>`: elements as in `DenseIntOrFloat`.
    DenseArray {
        element: Type,
        len: usize,
        data: Box<[u8]>,
    },
    /// `sparse<indices, values> : ty`: the elements of `ty` at `indices` are `values`, all
    /// others zero. `indices` is a dense `i64` tensor of shape `[N, rank]` (or `[N]` when `ty`
    /// has rank 1; a splat stands for one index with every coordinate equal), `values` a dense
    /// tensor of shape `[N]` of `ty`'s element type. Built by [`Context::sparse_elements_attr`].
    SparseElements {
        ty: Type,
        indices: Attribute,
        values: Attribute,
    },
    /// `dense_resource<name> : type`, the blob kept in the context's resource store.
    DenseResource {
        ty: Type,
        handle: Identifier,
    },
    AffineMap(AffineMap),
    IntegerSet(IntegerSet),
    /// `strided<[s0, s1], offset: o>`; dynamic values are [`crate::types::DYNAMIC`].
    StridedLayout {
        offset: i64,
        strides: Box<[i64]>,
    },
    /// `distinct[n]<referenced>`: unique by identity; `id` only tells them apart.
    Distinct {
        id: u64,
        referenced: Attribute,
    },
    Location(LocationKind),
    /// `#dialect.data` of a dialect that is not loaded, body kept verbatim.
    Opaque {
        dialect: Identifier,
        data: Identifier,
        ty: Option<Type>,
    },
    /// An attribute defined at run time by a registered dialect.
    Dialect {
        def: AttrDefId,
        params: Box<[Attribute]>,
    },
}

impl Context {
    pub(crate) fn intern_attr(&self, kind: AttrKind) -> Attribute {
        if let AttrKind::Location(LocationKind::FileLineCol { file, start_line, start_col, end_line, end_col }) = kind {
            if start_line == end_line && start_col == end_col {
                // A point may already be in its file's run (see `PointLocs`).
                let index = self.uniq.points.intern(file, start_line, start_col, || self.uniq.attrs.intern(kind));
                return Attribute::from_index(index);
            }
        }
        let index = self.uniq.attrs.intern(kind);
        assert!(index < POINT_BASE, "more than 2G attributes");
        Attribute::from_index(index)
    }

    #[inline]
    pub fn attr_kind(&self, attr: Attribute) -> &AttrKind {
        let index = attr.index();
        if index < POINT_BASE {
            self.uniq.attrs.get(index)
        } else {
            self.uniq.points.kind(index - POINT_BASE)
        }
    }

    pub fn attr_from_raw(&self, raw: u32) -> Option<Attribute> {
        let index = raw.checked_sub(1)?;
        let live = if index < POINT_BASE {
            self.uniq.attrs.try_get(index).is_some()
        } else {
            self.uniq.points.contains(index - POINT_BASE)
        };
        live.then(|| Attribute::from_index(index))
    }

    /// Whether `attr` is a point location kept in the parser's compact storage.
    #[inline]
    pub(crate) fn is_point_loc(&self, attr: Attribute) -> bool {
        attr.index() >= POINT_BASE
    }

    /// `(file, line, col)` if `attr` is a point location kept in the parser's compact
    /// storage (without building its [`AttrKind`]).
    #[inline]
    pub(crate) fn point_loc(&self, attr: Attribute) -> Option<(Identifier, u32, u32)> {
        let index = attr.index();
        (index >= POINT_BASE).then(|| self.uniq.points.get(index - POINT_BASE))
    }

    /// Starts giving `"file":line:col` locations of `file` compact storage (see
    /// [`Context::point_file_loc`]); about `expected` will be created. Returns whether that
    /// is possible (else they are interned as usual).
    pub(crate) fn begin_point_locs(&mut self, file: Identifier, expected: usize) -> bool {
        self.uniq.points.begin_run(file, expected)
    }

    pub(crate) fn end_point_locs(&mut self) {
        self.uniq.points.end_run();
    }

    /// `"file":line:col` for the file of [`Context::begin_point_locs`] (`file` must be that
    /// file): appended to the compact storage when it comes after the previous one in the
    /// source, interned otherwise.
    #[inline]
    pub(crate) fn point_file_loc(&mut self, file: Identifier, line: u32, col: u32) -> Location {
        match self.uniq.points.push(line, col) {
            Some(index) => Location(Attribute::from_index(index)),
            None => self.file_line_col_loc_id(file, line, col),
        }
    }

    /// `"file":line:col` with the file name already interned.
    pub(crate) fn file_line_col_loc_id(&self, file: Identifier, line: u32, col: u32) -> Location {
        Location(self.intern_attr(AttrKind::Location(LocationKind::FileLineCol {
            file,
            start_line: line,
            start_col: col,
            end_line: line,
            end_col: col,
        })))
    }

    pub fn unit_attr(&self) -> Attribute {
        self.intern_attr(AttrKind::Unit)
    }

    pub fn bool_attr(&self, value: bool) -> Attribute {
        self.intern_attr(AttrKind::Bool(value))
    }

    /// An integer attribute of an integer or index type, truncated to the type's width.
    pub fn integer_attr(&self, ty: Type, value: i64) -> Result<Attribute> {
        let width = self.integer_attr_width(ty)?;
        let value = ApInt::from_i64(value, width);
        let ApInt::Small(bits) = value else {
            return Ok(self.intern_attr(AttrKind::Integer { ty, value }));
        };
        // The hot case (every constant a front end builds): compared field by field rather
        // than through `AttrKind`'s derived `Eq`, and the key, which owns no heap data, is not
        // run through `AttrKind`'s drop glue.
        let make = || AttrKind::Integer { ty, value: ApInt::Small(bits) };
        let like = std::mem::ManuallyDrop::new(make());
        let index = self.uniq.attrs.intern_like(
            &like,
            |k| matches!(k, AttrKind::Integer { ty: t, value: ApInt::Small(b) } if *t == ty && *b == bits),
            make,
        );
        assert!(index < POINT_BASE, "more than 2G attributes");
        Ok(Attribute::from_index(index))
    }

    /// An integer attribute from little-endian words (for values wider than 64 bits).
    pub fn integer_attr_words(&self, ty: Type, words: &[u64]) -> Result<Attribute> {
        let width = self.integer_attr_width(ty)?;
        Ok(self.intern_attr(AttrKind::Integer { ty, value: ApInt::from_words(words.to_vec(), width) }))
    }

    fn integer_attr_width(&self, ty: Type) -> Result<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Ok(*width),
            TypeKind::Index => Ok(64),
            _ => Err(Error::invalid(format!(
                "integer attribute needs an integer or index type, got {}",
                self.type_summary(ty)
            ))),
        }
    }

    /// A float attribute from the raw bit pattern of `ty`'s format.
    pub fn float_attr_bits(&self, ty: Type, bits: u128) -> Result<Attribute> {
        let TypeKind::Float(kind) = self.type_kind(ty) else {
            return Err(Error::invalid(format!("float attribute needs a float type, got {}", self.type_summary(ty))));
        };
        let width = kind.bit_width();
        let bits = if width >= 128 { bits } else { bits & ((1u128 << width) - 1) };
        Ok(self.intern_attr(AttrKind::Float { ty, bits }))
    }

    /// A float attribute of f16/bf16/f32/f64 from an f64 value (rounded to nearest even).
    pub fn float_attr(&self, ty: Type, value: f64) -> Result<Attribute> {
        let TypeKind::Float(kind) = self.type_kind(ty) else {
            return Err(Error::invalid(format!("float attribute needs a float type, got {}", self.type_summary(ty))));
        };
        let bits = crate::float::from_f64(*kind, value).ok_or_else(|| {
            Error::invalid(format!("converting an f64 to {} is not supported; use raw bits", kind.keyword()))
        })?;
        self.float_attr_bits(ty, bits)
    }

    pub fn string_attr(&self, value: &str) -> Attribute {
        self.intern_attr(AttrKind::String { value: value.as_bytes().into(), ty: None })
    }

    pub fn string_attr_bytes(&self, value: &[u8], ty: Option<Type>) -> Attribute {
        self.intern_attr(AttrKind::String { value: value.into(), ty })
    }

    pub fn type_attr(&self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }

    pub fn array_attr(&self, elements: &[Attribute]) -> Attribute {
        self.intern_attr(AttrKind::Array(elements.into()))
    }

    /// A dictionary; entries are sorted by name. Duplicate names are an error.
    pub fn dictionary_attr(&self, entries: &[NamedAttribute]) -> Result<Attribute> {
        let mut sorted = entries.to_vec();
        sorted.sort_by(|a, b| self.ident_str(a.name).cmp(self.ident_str(b.name)));
        if let Some(w) = sorted.windows(2).find(|w| w[0].name == w[1].name) {
            return Err(Error::invalid(format!(
                "duplicate key '{}' in dictionary attribute",
                self.ident_str(w[0].name)
            )));
        }
        Ok(self.intern_attr(AttrKind::Dictionary(sorted.into())))
    }

    /// The entries of a dictionary attribute (empty for any other attribute).
    pub fn dictionary_entries(&self, dict: Attribute) -> &[NamedAttribute] {
        match self.attr_kind(dict) {
            AttrKind::Dictionary(entries) => entries,
            _ => &[],
        }
    }

    pub fn dictionary_get(&self, dict: Attribute, name: &str) -> Option<Attribute> {
        let entries = self.dictionary_entries(dict);
        entries.binary_search_by(|e| self.ident_str(e.name).cmp(name)).ok().map(|i| entries[i].value)
    }

    /// `@root::@nested...`.
    pub fn symbol_ref_attr(&self, root: &str, nested: &[&str]) -> Attribute {
        let root = self.identifier(root);
        let nested: Box<[Identifier]> = nested.iter().map(|n| self.identifier(n)).collect();
        self.intern_attr(AttrKind::SymbolRef { root, nested })
    }

    /// `dense<...>` from raw element bytes (see [`AttrKind::DenseIntOrFloat`] for the layout).
    /// `data` holds either one element (a splat) or exactly as many as the shape has.
    pub fn dense_elements_attr(&self, ty: Type, data: &[u8]) -> Result<Attribute> {
        let shape = self.static_shape(ty, "dense elements")?;
        let element = self.element_type(ty).expect("shaped");
        let elem_bytes = self.dense_element_bytes(element)?;
        let count: usize = shape.iter().map(|&d| d as usize).product();
        let splat = if data.len() == elem_bytes && count != 1 {
            true
        } else if data.len() == elem_bytes * count {
            // An all-equal buffer is a splat in MLIR too; store it once.
            count > 1 && data.chunks(elem_bytes).all(|c| c == &data[..elem_bytes])
        } else {
            return Err(Error::invalid(format!(
                "dense elements data has {} bytes; expected {} (splat) or {} for {count} elements",
                data.len(),
                elem_bytes,
                elem_bytes * count
            )));
        };
        let data: Box<[u8]> = if splat { data[..elem_bytes].into() } else { data.into() };
        let splat = splat || count == 1;
        Ok(self.intern_attr(AttrKind::DenseIntOrFloat { ty, data, splat }))
    }

    /// Integer `dense<...>` elements of `ty` (a statically shaped vector or tensor of integers
    /// or index), each value truncated to the element width.
    pub fn dense_int_elements_attr(&self, ty: Type, values: &[i64]) -> Result<Attribute> {
        let element = self.element_type(ty).ok_or_else(|| Error::invalid("dense elements need a shaped type"))?;
        if !matches!(self.type_kind(element), TypeKind::Integer { .. } | TypeKind::Index) {
            return Err(Error::invalid("integer dense elements need integer or index elements"));
        }
        let size = self.dense_element_bytes(element)?;
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()[..size.min(8)].to_vec()).collect();
        self.dense_elements_attr(ty, &data)
    }

    /// The elements of an integer `dense<...>` or `array<...>` attribute of width at most 64,
    /// sign-extended (a splat repeated to its shape); `None` for anything else.
    pub fn dense_int_values(&self, attr: Attribute) -> Option<Vec<i64>> {
        let (element, count, data, splat) = match self.attr_kind(attr) {
            AttrKind::DenseIntOrFloat { ty, data, splat } => {
                let count: i64 = self.static_shape(*ty, "").ok()?.iter().product();
                (self.element_type(*ty)?, count as usize, data, *splat)
            }
            AttrKind::DenseArray { element, len, data } => (*element, *len, data, false),
            _ => return None,
        };
        let width = match self.type_kind(element) {
            TypeKind::Integer { width, .. } if *width <= 64 => *width,
            TypeKind::Index => 64,
            _ => return None,
        };
        let size = self.dense_element_bytes(element).ok()?;
        let read = |k: usize| {
            let at = if splat { 0 } else { k * size };
            let mut word = [0u8; 8];
            word[..size].copy_from_slice(data.get(at..at + size)?);
            let raw = u64::from_le_bytes(word);
            let shift = 64 - width.max(1);
            Some(((raw << shift) as i64) >> shift)
        };
        (0..count).map(read).collect()
    }

    pub fn dense_string_attr(&self, ty: Type, values: &[&[u8]]) -> Result<Attribute> {
        let shape = self.static_shape(ty, "dense string elements")?;
        let count: usize = shape.iter().map(|&d| d as usize).product();
        let splat = values.len() == 1 || (values.len() == count && count > 0 && values.iter().all(|v| *v == values[0]));
        if !(values.len() == 1 || values.len() == count) {
            return Err(Error::invalid(format!("expected {count} strings (or 1 for a splat), got {}", values.len())));
        }
        let values: Box<[Box<[u8]>]> =
            if splat { Box::new([values[0].into()]) } else { values.iter().map(|v| (*v).into()).collect() };
        Ok(self.intern_attr(AttrKind::DenseString { ty, values, splat }))
    }

    /// `array<T: ...>` for T in i1, i8, i16, i32, i64, f32, f64.
    pub fn dense_array_attr(&self, element: Type, data: &[u8]) -> Result<Attribute> {
        let bytes = match self.type_kind(element) {
            TypeKind::Integer { width: w @ (1 | 8 | 16 | 32 | 64), signedness: Signedness::Signless } => {
                w.div_ceil(8) as usize
            }
            TypeKind::Float(FloatKind::F32) => 4,
            TypeKind::Float(FloatKind::F64) => 8,
            _ => {
                return Err(Error::invalid(format!(
                    "dense array element type must be i1, i8, i16, i32, i64, f32 or f64, got {}",
                    self.type_summary(element)
                )))
            }
        };
        if data.len() % bytes != 0 {
            return Err(Error::invalid("dense array data is not a whole number of elements"));
        }
        Ok(self.intern_attr(AttrKind::DenseArray { element, len: data.len() / bytes, data: data.into() }))
    }

    /// `sparse<indices, values> : ty`, checked as MLIR's `SparseElementsAttr::verify` does
    /// (same messages): `ty` is a statically shaped tensor, vector or memref; `indices` a
    /// dense elements attribute of `i64` with shape `[N, rank]` (or `[N]` for rank 1);
    /// `values` a 1-d dense (int/float/complex or string) elements attribute of `N` elements
    /// of `ty`'s element type; every index lies inside `ty`'s shape.
    pub fn sparse_elements_attr(&self, ty: Type, indices: Attribute, values: Attribute) -> Result<Attribute> {
        let shape = match self.shape(ty) {
            Some(s) if s.iter().all(|&d| d >= 0) => s,
            _ => return Err(Error::invalid("sparse elements attribute needs a statically shaped type")),
        };
        let (indices_ty, index_data, indices_splat) = match self.attr_kind(indices) {
            AttrKind::DenseIntOrFloat { ty: t, data, splat }
                if self.element_type(*t).is_some_and(|e| {
                    matches!(self.type_kind(e), TypeKind::Integer { width: 64, signedness: Signedness::Signless })
                }) =>
            {
                (*t, data, *splat)
            }
            _ => return Err(Error::invalid("sparse elements indices must be a dense elements attribute of i64")),
        };
        let values_ty = match self.attr_kind(values) {
            AttrKind::DenseIntOrFloat { ty: t, .. } | AttrKind::DenseString { ty: t, .. } => *t,
            _ => return Err(Error::invalid("sparse elements values must be a dense elements attribute")),
        };
        if self.element_type(values_ty) != self.element_type(ty) {
            return Err(Error::invalid(format!(
                "sparse elements values have element type {}, expected {}",
                self.type_summary(self.element_type(values_ty).expect("dense values are shaped")),
                self.type_summary(self.element_type(ty).expect("shaped"))
            )));
        }
        let values_shape = self.shape(values_ty).unwrap_or(&[]);
        if values_shape.len() != 1 {
            return Err(Error::invalid("expected 1-d tensor for sparse element values"));
        }
        let indices_shape = self.shape(indices_ty).unwrap_or(&[]);
        let list = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let shape_error = || {
            Error::invalid(format!(
                "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                list(shape),
                list(indices_shape),
                list(values_shape)
            ))
        };
        let rank = shape.len();
        match indices_shape.len() {
            2 if indices_shape[1] == rank as i64 => {}
            1 if rank == 1 => {}
            _ => return Err(shape_error()),
        }
        let num_indices = indices_shape[0];
        if num_indices != values_shape[0] {
            return Err(shape_error());
        }
        let index_error = |n: usize, index: &[u64]| {
            let index: Vec<String> = index.iter().map(|i| i.to_string()).collect();
            Error::invalid(format!(
                "sparse index #{n} is not contained within the value shape, with index=[{}], and type='{}'",
                index.join(", "),
                crate::asm::print_type(self, ty)
            ))
        };
        let coord = |i: usize| u64::from_le_bytes(index_data[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        let valid = |index: &[u64]| index.iter().zip(shape).all(|(&i, &d)| i < d as u64);
        if indices_splat {
            let index = vec![coord(0); rank];
            if !valid(&index) {
                return Err(index_error(0, &index));
            }
        } else {
            for n in 0..num_indices as usize {
                let index: Vec<u64> = (0..rank).map(|k| coord(n * rank + k)).collect();
                if !valid(&index) {
                    return Err(index_error(n, &index));
                }
            }
        }
        Ok(self.intern_attr(AttrKind::SparseElements { ty, indices, values }))
    }

    pub fn dense_resource_attr(&self, ty: Type, handle: &str) -> Result<Attribute> {
        self.static_shape(ty, "dense resource")?;
        let handle = self.identifier(handle);
        Ok(self.intern_attr(AttrKind::DenseResource { ty, handle }))
    }

    pub fn affine_map_attr(&self, map: AffineMap) -> Result<Attribute> {
        map.validate().map_err(Error::invalid)?;
        Ok(self.intern_attr(AttrKind::AffineMap(map)))
    }

    pub fn integer_set_attr(&self, set: IntegerSet) -> Result<Attribute> {
        set.validate().map_err(Error::invalid)?;
        Ok(self.intern_attr(AttrKind::IntegerSet(set)))
    }

    pub fn strided_layout_attr(&self, offset: i64, strides: &[i64]) -> Result<Attribute> {
        if let Some(s) = strides.iter().find(|&&s| s < 0 && s != crate::types::DYNAMIC) {
            return Err(Error::invalid(format!("strides must be non-negative or dynamic, got {s}")));
        }
        Ok(self.intern_attr(AttrKind::StridedLayout { offset, strides: strides.into() }))
    }

    /// A new distinct attribute: never equal to any other, even with the same contents.
    pub fn distinct_attr(&self, referenced: Attribute) -> Attribute {
        let id = self.uniq.next_distinct.fetch_add(1, Ordering::Relaxed);
        let index = self.uniq.attrs.push_unique(AttrKind::Distinct { id, referenced });
        assert!(index < POINT_BASE, "more than 2G attributes");
        Attribute::from_index(index)
    }

    /// `#dialect.data` for a dialect that is not loaded.
    pub fn opaque_attr(&self, dialect: &str, data: &str, ty: Option<Type>) -> Attribute {
        let dialect = self.identifier(dialect);
        let data = self.identifier(data);
        self.intern_attr(AttrKind::Opaque { dialect, data, ty })
    }

    pub fn dialect_attr(&self, def: AttrDefId, params: &[Attribute]) -> Result<Attribute> {
        let attr_def = self.registry.attr_def(def)?;
        if attr_def.params.len() != params.len() {
            // Upstream's wording for attributes defined at run time (IRDL's).
            return Err(Error::invalid(format!(
                "expected {} type arguments, but had {}",
                attr_def.params.len(),
                params.len()
            )));
        }
        if let Some(verify) = &attr_def.verify {
            verify(self, params).map_err(|m| {
                // A verifier's plain message (IRDL's) is reported as it is.
                let message = match crate::verify::strip_plain_error(&m) {
                    Some(plain) => plain.to_string(),
                    None => format!("invalid '{}': {m}", attr_def.qualified_name),
                };
                Error::new(crate::error::ErrorKind::VerificationFailed, message)
            })?;
        }
        Ok(self.intern_attr(AttrKind::Dialect { def, params: params.into() }))
    }

    /// The type of a typed attribute (integer, float, elements, typed string...).
    pub fn attr_type(&self, attr: Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Integer { ty, .. }
            | AttrKind::Float { ty, .. }
            | AttrKind::DenseIntOrFloat { ty, .. }
            | AttrKind::DenseString { ty, .. }
            | AttrKind::SparseElements { ty, .. }
            | AttrKind::DenseResource { ty, .. } => Some(*ty),
            AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => *ty,
            AttrKind::Bool(_) => Some(self.signless_int(1)),
            _ => None,
        }
    }

    pub fn attr_type_id(&self, attr: Attribute) -> TypeId {
        let name = match self.attr_kind(attr) {
            AttrKind::Unit => "builtin.unit",
            AttrKind::Bool(_) => "builtin.bool",
            AttrKind::Integer { .. } => "builtin.integer",
            AttrKind::Float { .. } => "builtin.float",
            AttrKind::String { .. } => "builtin.string",
            AttrKind::Type(_) => "builtin.type",
            AttrKind::Array(_) => "builtin.array",
            AttrKind::Dictionary(_) => "builtin.dictionary",
            AttrKind::SymbolRef { .. } => "builtin.symbol_ref",
            AttrKind::DenseIntOrFloat { .. } => "builtin.dense_int_or_fp_elements",
            AttrKind::DenseString { .. } => "builtin.dense_string_elements",
            AttrKind::DenseArray { .. } => "builtin.dense_array",
            AttrKind::SparseElements { .. } => "builtin.sparse_elements",
            AttrKind::DenseResource { .. } => "builtin.dense_resource_elements",
            AttrKind::AffineMap(_) => "builtin.affine_map",
            AttrKind::IntegerSet(_) => "builtin.integer_set",
            AttrKind::StridedLayout { .. } => "builtin.strided_layout",
            AttrKind::Distinct { .. } => "builtin.distinct",
            AttrKind::Location(LocationKind::Unknown) => "builtin.unknown_loc",
            AttrKind::Location(LocationKind::FileLineCol { .. }) => "builtin.file_line_col_range",
            AttrKind::Location(LocationKind::Name { .. }) => "builtin.name_loc",
            AttrKind::Location(LocationKind::CallSite { .. }) => "builtin.call_site_loc",
            AttrKind::Location(LocationKind::Fused { .. }) => "builtin.fused_loc",
            AttrKind::Opaque { .. } => "builtin.opaque",
            AttrKind::Dialect { def, .. } => {
                return self.registry.attr_def(*def).map(|d| d.type_id).unwrap_or(TypeId::of("#builtin.opaque"))
            }
        };
        // Attribute kinds are few; cache their ids by name without a global lock per query.
        // Attribute ids are `#`-prefixed so `builtin.integer` the type and the attribute differ.
        thread_local! {
            static CACHE: std::cell::RefCell<rustc_hash::FxHashMap<&'static str, TypeId>> = Default::default();
        }
        CACHE.with(|c| *c.borrow_mut().entry(name).or_insert_with(|| TypeId::of(&format!("#{name}"))))
    }

    /// Bytes each element of a dense attribute takes for `element`.
    pub fn dense_element_bytes(&self, element: Type) -> Result<usize> {
        match self.type_kind(element) {
            TypeKind::Integer { width, .. } => Ok((*width).max(1).div_ceil(8) as usize),
            TypeKind::Index => Ok(8),
            TypeKind::Float(k) => Ok(k.bit_width().div_ceil(8) as usize),
            TypeKind::Complex(inner) => Ok(2 * self.dense_element_bytes(*inner)?),
            _ => Err(Error::invalid(format!(
                "dense elements need integer, index, float or complex elements, got {}",
                self.type_summary(element)
            ))),
        }
    }

    fn static_shape(&self, ty: Type, what: &str) -> Result<&[i64]> {
        match self.type_kind(ty) {
            TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } if shape.iter().all(|&d| d >= 0) => {
                Ok(shape)
            }
            _ => Err(Error::invalid(format!("{what} attribute needs a statically shaped tensor or vector type"))),
        }
    }

    // ---- locations ----

    pub fn unknown_loc(&self) -> Location {
        Location(self.intern_attr(AttrKind::Location(LocationKind::Unknown)))
    }

    pub fn file_line_col_loc(&self, file: &str, line: u32, col: u32) -> Location {
        self.file_line_col_range_loc(file, line, col, line, col)
    }

    pub fn file_line_col_range_loc(
        &self,
        file: &str,
        start_line: u32,
        start_col: u32,
        end_line: u32,
        end_col: u32,
    ) -> Location {
        let file = self.identifier(file);
        Location(self.intern_attr(AttrKind::Location(LocationKind::FileLineCol {
            file,
            start_line,
            start_col,
            end_line,
            end_col,
        })))
    }

    pub fn name_loc(&self, name: &str, child: Option<Location>) -> Location {
        let name = self.identifier(name);
        let child = child.map(|c| c.0).filter(|&c| !self.is_unknown_loc(c));
        Location(self.intern_attr(AttrKind::Location(LocationKind::Name { name, child })))
    }

    pub fn call_site_loc(&self, callee: Location, caller: Location) -> Location {
        Location(self.intern_attr(AttrKind::Location(LocationKind::CallSite { callee: callee.0, caller: caller.0 })))
    }

    /// `fused[...]`, simplified as MLIR does: nested fused locations with the same metadata
    /// are flattened, unknown locations and duplicates dropped, and a single location
    /// without metadata is returned as itself.
    pub fn fused_loc(&self, locations: &[Location], metadata: Option<Attribute>) -> Location {
        let mut kept: Vec<Attribute> = Vec::with_capacity(locations.len());
        let add = |a: Attribute, kept: &mut Vec<Attribute>| {
            if !kept.contains(&a) {
                kept.push(a);
            }
        };
        for loc in locations {
            match self.attr_kind(loc.0) {
                AttrKind::Location(LocationKind::Fused { locations: inner, metadata: m }) if *m == metadata => {
                    for &a in inner.iter() {
                        add(a, &mut kept);
                    }
                }
                AttrKind::Location(LocationKind::Unknown) => {}
                _ => add(loc.0, &mut kept),
            }
        }
        if kept.is_empty() {
            let unknown = self.unknown_loc();
            if metadata.is_none() {
                return unknown;
            }
            kept.push(unknown.0);
        } else if kept.len() == 1 && metadata.is_none() {
            return Location(kept[0]);
        }
        Location(self.intern_attr(AttrKind::Location(LocationKind::Fused { locations: kept.into(), metadata })))
    }

    /// The attribute as a location, if it is one.
    pub fn as_location(&self, attr: Attribute) -> Option<Location> {
        if self.is_point_loc(attr) {
            return Some(Location(attr));
        }
        matches!(self.attr_kind(attr), AttrKind::Location(_)).then_some(Location(attr))
    }

    pub fn location_kind(&self, loc: Location) -> &LocationKind {
        match self.attr_kind(loc.0) {
            AttrKind::Location(k) => k,
            _ => unreachable!("Location wraps a non-location attribute"),
        }
    }

    fn is_unknown_loc(&self, attr: Attribute) -> bool {
        !self.is_point_loc(attr) && matches!(self.attr_kind(attr), AttrKind::Location(LocationKind::Unknown))
    }

    /// `file:line:col` of the first file location inside `loc`, for error messages.
    pub fn location_summary(&self, loc: Location) -> String {
        let mut stack = vec![loc.0];
        while let Some(a) = stack.pop() {
            match self.attr_kind(a) {
                AttrKind::Location(LocationKind::FileLineCol { file, start_line, start_col, .. }) => {
                    return format!("{}:{}:{}", self.ident_str(*file), start_line, start_col)
                }
                AttrKind::Location(LocationKind::Name { child: Some(c), .. }) => stack.push(*c),
                AttrKind::Location(LocationKind::CallSite { callee, .. }) => stack.push(*callee),
                AttrKind::Location(LocationKind::Fused { locations, .. }) => stack.extend(locations.iter().rev()),
                _ => {}
            }
        }
        match self.location_kind(loc) {
            LocationKind::Name { name, .. } => self.ident_str(*name).to_string(),
            _ => "<unknown location>".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `integer_attr` compares and hashes small integers on its own path: it must agree with
    /// uniquing the same `AttrKind` through the general one, from any thread.
    #[test]
    fn integer_attrs_unique_like_their_kind() {
        let ctx = Context::new();
        let mut types: Vec<(Type, u32)> = [1, 8, 32, 64, 65, 128]
            .into_iter()
            .map(|w| (ctx.integer_type(w, Signedness::Signless).unwrap(), w))
            .collect();
        types.push((ctx.index_type(), 64));
        let values = [0, 1, -1, 7, 255, 256, i64::MIN, i64::MAX];
        let expected: Vec<Attribute> = types
            .iter()
            .flat_map(|&(ty, w)| {
                values.map(|v| ctx.intern_attr(AttrKind::Integer { ty, value: ApInt::from_i64(v, w) }))
            })
            .collect();
        let seen: Vec<Vec<Attribute>> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        types
                            .iter()
                            .flat_map(|&(ty, _)| values.map(|v| ctx.integer_attr(ty, v).unwrap()))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert!(seen.iter().all(|s| *s == expected));
        // 255 and -1 are the same i8; 256 is 0.
        let i8 = types[1].0;
        assert_eq!(ctx.integer_attr(i8, 255).unwrap(), ctx.integer_attr(i8, -1).unwrap());
        assert_eq!(ctx.integer_attr(i8, 256).unwrap(), ctx.integer_attr(i8, 0).unwrap());
        assert_ne!(ctx.integer_attr(types[2].0, 7).unwrap(), ctx.integer_attr(types[3].0, 7).unwrap());
    }
}
