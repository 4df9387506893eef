//! Builtin and dialect attributes at the C edge: constructors, kind checks, accessors, and
//! the context's resource blob store (for `dense_resource`).
//!
//! Attributes are uniqued like types: **attribute equality is handle equality**, except for
//! `distinct` attributes, each of which is new (hence `omnir_distinct_attr_create`).
//! Constructors are `omnir_<kind>_attr_get`, accessors `omnir_<kind>_attr_get_<what>`.
//! Optional arguments take the zeroed handle for "none"; optional results are written as
//! the zeroed handle. Locations are attributes too (see `api/locations.rs`).
//!
//! Representations:
//! - Integers are arbitrary precision: `omnir_integer_attr_from_words` and
//!   `omnir_integer_attr_get_word` use little-endian 64-bit words, the value truncated to
//!   the type's width (`index` counts as 64 bits).
//! - Floats are kept as the raw bit pattern of their format (up to 128 bits, passed as two
//!   64-bit halves), so nothing is lost for formats other than f64.
//! - Dense int/float elements are raw bytes: each element takes `ceil(bits / 8)` bytes,
//!   little-endian (`i1` as one byte 0 or 1; a complex element as its two parts in order),
//!   elements in row-major order. Data holding exactly one element is a splat. Dense arrays
//!   (`array<i32: ...>`) use the same element layout.
//! - Affine maps and integer sets are a flat list of `omnir_affine_node`s in post-order:
//!   a binary node names its operands by index, and they must come before it. Whatever
//!   order or sharing the caller uses, omnir stores the canonical form (each result tree
//!   laid out in post-order, left operand first, no sharing), so equal maps are equal
//!   handles and the accessors return that canonical list.

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_attribute, omnir_type};
use super::typeid::typeid_arg;
use super::types::{invalid, show_type};
use super::{
    bytes_arg, check_out, ffi_call, index_arg, omnir_bytes, omnir_status, omnir_string, omnir_string_view, slice_arg,
    str_arg, text_bytes_arg, write_bytes_out, write_out, write_string_out, ApiResult,
};
use crate::affine::{AffineBinaryOp, AffineMap, AffineNode, IntegerSet};
use crate::attrs::{ApInt, AttrKind, Attribute, NamedAttribute};
use crate::context::{Context, ResourceBlob};
use crate::dialect::AttrDefId;
use crate::types::{Type, TypeKind};

/// The kind of an attribute, from `omnir_attribute_get_kind`.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_attribute_kind {
    /// `unit`.
    OMNIR_ATTRIBUTE_KIND_UNIT = 0,
    /// `true` / `false`.
    OMNIR_ATTRIBUTE_KIND_BOOL = 1,
    /// `42 : i32`.
    OMNIR_ATTRIBUTE_KIND_INTEGER = 2,
    /// `1.5 : f32`.
    OMNIR_ATTRIBUTE_KIND_FLOAT = 3,
    /// `"text"`, optionally typed.
    OMNIR_ATTRIBUTE_KIND_STRING = 4,
    /// A type as an attribute.
    OMNIR_ATTRIBUTE_KIND_TYPE = 5,
    /// `[a, b]`.
    OMNIR_ATTRIBUTE_KIND_ARRAY = 6,
    /// `{a = 1, b}`.
    OMNIR_ATTRIBUTE_KIND_DICTIONARY = 7,
    /// `@root::@nested`.
    OMNIR_ATTRIBUTE_KIND_SYMBOL_REF = 8,
    /// `dense<...>` of integers, floats or complex numbers.
    OMNIR_ATTRIBUTE_KIND_DENSE_ELEMENTS = 9,
    /// `dense<["a", "b"]>`.
    OMNIR_ATTRIBUTE_KIND_DENSE_STRING_ELEMENTS = 10,
    /// `array<i32: 1, 2>`.
    OMNIR_ATTRIBUTE_KIND_DENSE_ARRAY = 11,
    /// `dense_resource<key>`.
    OMNIR_ATTRIBUTE_KIND_DENSE_RESOURCE_ELEMENTS = 12,
    /// `affine_map<(d0) -> (d0)>`.
    OMNIR_ATTRIBUTE_KIND_AFFINE_MAP = 13,
    /// `affine_set<(d0) : (d0 >= 0)>`.
    OMNIR_ATTRIBUTE_KIND_INTEGER_SET = 14,
    /// `strided<[1, ?], offset: 0>`.
    OMNIR_ATTRIBUTE_KIND_STRIDED_LAYOUT = 15,
    /// `distinct[0]<...>`.
    OMNIR_ATTRIBUTE_KIND_DISTINCT = 16,
    /// A location (see `omnir_location_get_kind` for which).
    OMNIR_ATTRIBUTE_KIND_LOCATION = 17,
    /// `#dialect.body` of a dialect that is not registered.
    OMNIR_ATTRIBUTE_KIND_OPAQUE = 18,
    /// An attribute defined at run time by a registered dialect.
    OMNIR_ATTRIBUTE_KIND_DIALECT = 19,
    /// `sparse<indices, values> : type`.
    OMNIR_ATTRIBUTE_KIND_SPARSE_ELEMENTS = 20,
}

/// One `name = value` entry of a dictionary attribute, given to
/// `omnir_dictionary_attr_get`. `name` is UTF-8, `name_len` bytes, not necessarily
/// NUL-terminated.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_named_attribute {
    pub name: *const c_char,
    pub name_len: usize,
    pub value: omnir_attribute,
}

/// The kind of an `omnir_affine_node`.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_affine_node_kind {
    /// `d<value>`.
    OMNIR_AFFINE_NODE_DIM = 0,
    /// `s<value>`.
    OMNIR_AFFINE_NODE_SYMBOL = 1,
    /// The constant `value`.
    OMNIR_AFFINE_NODE_CONSTANT = 2,
    /// `lhs + rhs`.
    OMNIR_AFFINE_NODE_ADD = 3,
    /// `lhs * rhs`.
    OMNIR_AFFINE_NODE_MUL = 4,
    /// `lhs mod rhs`.
    OMNIR_AFFINE_NODE_MOD = 5,
    /// `lhs floordiv rhs`.
    OMNIR_AFFINE_NODE_FLOORDIV = 6,
    /// `lhs ceildiv rhs`.
    OMNIR_AFFINE_NODE_CEILDIV = 7,
}

/// One node of an affine expression in flat post-order form.
///
/// - `kind`: an `omnir_affine_node_kind`.
/// - `lhs`, `rhs`: for binary kinds, the indices of the operand nodes in the same list,
///   both smaller than this node's index; 0 (ignored) for leaves.
/// - `value`: the position of a dim or symbol, or a constant's value; 0 (ignored) for
///   binary kinds.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_affine_node {
    pub kind: u32,
    pub lhs: u32,
    pub rhs: u32,
    pub value: i64,
}

/// One constraint of an integer set: the expression rooted at node `root` is `== 0` when
/// `is_equality`, `>= 0` otherwise.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_affine_constraint {
    pub root: u32,
    pub is_equality: bool,
}

// ---- helpers ----

/// Reads a `(handles, count)` array of attributes.
pub(crate) fn attrs_arg(
    c: &omnir_context,
    core: &Context,
    items: *const omnir_attribute,
    count: usize,
    what: &str,
) -> ApiResult<Vec<Attribute>> {
    slice_arg(items, count, what)?.iter().map(|&h| c.attr_in(core, h)).collect()
}

/// Reads an array of `omnir_string_view`s as UTF-8 strings.
fn strs_arg<'a>(items: *const omnir_string_view, count: usize, what: &str) -> ApiResult<Vec<&'a str>> {
    slice_arg(items, count, what)?.iter().map(|v| str_arg(v.data, v.len, what)).collect()
}

/// Reads an array of `omnir_string_view`s as byte strings.
fn byte_strs_arg<'a>(items: *const omnir_string_view, count: usize, what: &str) -> ApiResult<Vec<&'a [u8]>> {
    slice_arg(items, count, what)?.iter().map(|v| text_bytes_arg(v.data, v.len, what)).collect()
}

pub(crate) fn show_attr(core: &Context, a: Attribute) -> String {
    crate::asm::print_attribute(core, a)
}

fn wrong_attr_kind(core: &Context, a: Attribute, expected: &str) -> super::ApiError {
    invalid(format!("expected {expected}, got {}", show_attr(core, a)))
}

fn make_attr(
    ctx: *mut omnir_context,
    out: *mut omnir_attribute,
    f: impl FnOnce(&omnir_context, &Context) -> ApiResult<Attribute>,
) -> ApiResult {
    let c = context_arg(ctx)?;
    check_out(out)?;
    let a = c.read(|core| f(c, core))?;
    write_out(out, c.attr_out(a))
}

fn read_attr<R>(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    f: impl FnOnce(&omnir_context, &Context, Attribute) -> ApiResult<R>,
) -> ApiResult<R> {
    let c = context_arg(ctx)?;
    c.read(|core| {
        let a = c.attr_in(core, attr)?;
        f(c, core, a)
    })
}

fn query_attr<R>(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut R,
    f: impl FnOnce(&omnir_context, &Context, Attribute) -> ApiResult<R>,
) -> ApiResult {
    check_out(out)?;
    let v = read_attr(ctx, attr, f)?;
    write_out(out, v)
}

/// Like `query_attr` for a string result (allocated only on success).
fn query_attr_string(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
    f: impl FnOnce(&Context, Attribute) -> ApiResult<Vec<u8>>,
) -> ApiResult {
    check_out(out)?;
    let bytes = read_attr(ctx, attr, |_, core, a| f(core, a))?;
    write_string_out(out, &bytes)
}

// ---- constructors ----

/// The `unit` attribute.
///
/// - `ctx`: the context. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`).
#[no_mangle]
pub extern "C" fn omnir_unit_attr_get(ctx: *mut omnir_context, out: *mut omnir_attribute) -> omnir_status {
    ffi_call(|| make_attr(ctx, out, |_, core| Ok(core.unit_attr())))
}

/// `true` or `false`.
///
/// - `ctx`: the context. `value`: the value. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`).
#[no_mangle]
pub extern "C" fn omnir_bool_attr_get(ctx: *mut omnir_context, value: bool, out: *mut omnir_attribute) -> omnir_status {
    ffi_call(|| make_attr(ctx, out, |_, core| Ok(core.bool_attr(value))))
}

/// An integer attribute (`42 : i32`), the value truncated (two's complement) to the type's
/// width.
///
/// - `ctx`: the context. `ty`: an integer or index type. `value`: the value.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer or index type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    value: i64,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let t = c.type_in(core, ty)?;
            Ok(core.integer_attr(t, value)?)
        })
    })
}

/// An integer attribute of any width from little-endian 64-bit words (missing high words
/// are zero; bits above the type's width are dropped).
///
/// - `ctx`: the context. `ty`: an integer or index type.
/// - `words`, `num_words`: the value, least significant word first.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer or index type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_attr_from_words(
    ctx: *mut omnir_context,
    ty: omnir_type,
    words: *const u64,
    num_words: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let words = slice_arg(words, num_words, "words")?;
            let t = c.type_in(core, ty)?;
            Ok(core.integer_attr_words(t, words)?)
        })
    })
}

/// A float attribute (`1.5 : f32`) from a double, rounded to the type's format (nearest,
/// ties to even; out-of-range values become infinity, or saturate in formats without it).
///
/// - `ctx`: the context. `ty`: a float type. `value`: the value.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a float type; a NaN or infinity the format cannot
/// represent; zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_float_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    value: f64,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let t = c.type_in(core, ty)?;
            Ok(core.float_attr(t, value)?)
        })
    })
}

/// A float attribute from the raw bit pattern of the type's format (bits above the
/// format's width are dropped).
///
/// - `ctx`: the context. `ty`: a float type.
/// - `low`, `high`: bits 0..63 and 64..127 of the pattern.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a float type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_float_attr_from_bits(
    ctx: *mut omnir_context,
    ty: omnir_type,
    low: u64,
    high: u64,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let t = c.type_in(core, ty)?;
            Ok(core.float_attr_bits(t, (high as u128) << 64 | low as u128)?)
        })
    })
}

/// A string attribute (`"text"`, or `"text" : type`). The bytes need not be UTF-8: MLIR
/// strings may hold any byte.
///
/// - `ctx`: the context. `data`, `len`: the bytes.
/// - `ty`: a type, or the zeroed handle for an untyped string.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unknown type handle).
#[no_mangle]
pub extern "C" fn omnir_string_attr_get(
    ctx: *mut omnir_context,
    data: *const c_char,
    len: usize,
    ty: omnir_type,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let bytes = text_bytes_arg(data, len, "data")?;
            let t = c.opt_type_in(core, ty)?;
            Ok(core.string_attr_bytes(bytes, t))
        })
    })
}

/// A type as an attribute.
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let t = c.type_in(core, ty)?;
            Ok(core.type_attr(t))
        })
    })
}

/// `[elements]`.
///
/// - `ctx`: the context. `elements`, `num_elements`: the elements (NULL allowed when 0).
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_array_attr_get(
    ctx: *mut omnir_context,
    elements: *const omnir_attribute,
    num_elements: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let elems = attrs_arg(c, core, elements, num_elements, "elements")?;
            Ok(core.array_attr(&elems))
        })
    })
}

/// `{name = value, ...}`; entries are sorted by name (as MLIR stores them).
///
/// - `ctx`: the context.
/// - `entries`, `num_entries`: the entries (NULL allowed when 0); names UTF-8, non-empty,
///   distinct.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT` (empty or duplicate name,
/// zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dictionary_attr_get(
    ctx: *mut omnir_context,
    entries: *const omnir_named_attribute,
    num_entries: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let entries = slice_arg(entries, num_entries, "entries")?;
            let mut checked = Vec::with_capacity(entries.len());
            for e in entries {
                let name = str_arg(e.name, e.name_len, "entry name")?;
                if name.is_empty() {
                    return Err(invalid("a dictionary entry name must not be empty"));
                }
                checked.push((name, c.attr_in(core, e.value)?));
            }
            let named: Vec<NamedAttribute> =
                checked.into_iter().map(|(n, v)| NamedAttribute { name: core.identifier(n), value: v }).collect();
            Ok(core.dictionary_attr(&named)?)
        })
    })
}

/// A symbol reference `@root::@nested0::@nested1...`.
///
/// - `ctx`: the context. `root`, `root_len`: the root symbol name, UTF-8.
/// - `nested`, `num_nested`: the nested references (NULL allowed when 0), UTF-8.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`.
#[no_mangle]
pub extern "C" fn omnir_symbol_ref_attr_get(
    ctx: *mut omnir_context,
    root: *const c_char,
    root_len: usize,
    nested: *const omnir_string_view,
    num_nested: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let root = str_arg(root, root_len, "root")?;
        let nested = strs_arg(nested, num_nested, "nested reference")?;
        make_attr(ctx, out, |_, core| Ok(core.symbol_ref_attr(root, &nested)))
    })
}

/// A flat symbol reference `@name` (a symbol reference with no nested references).
///
/// - `ctx`: the context. `name`, `name_len`: the symbol name, UTF-8.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`.
#[no_mangle]
pub extern "C" fn omnir_flat_symbol_ref_attr_get(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let name = str_arg(name, name_len, "name")?;
        make_attr(ctx, out, |_, core| Ok(core.symbol_ref_attr(name, &[])))
    })
}

/// `dense<...>` of integers, index, floats or complex numbers from raw element bytes.
/// `data` holds one element (a splat) or exactly as many as the shape has; an all-equal
/// buffer is stored as a splat.
///
/// Layout: elements in row-major order, each taking `ceil(bits / 8)` bytes, little-endian
/// (`i1` as one byte 0 or 1, `index` as 8 bytes, a complex element as its two parts in
/// order).
///
/// - `ctx`: the context. `ty`: a statically shaped ranked tensor or vector type.
/// - `data`, `len`: the element bytes.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not statically shaped, unsupported element type, wrong
/// data size, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    data: *const u8,
    len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let bytes = bytes_arg(data, len, "data")?;
            let t = c.type_in(core, ty)?;
            Ok(core.dense_elements_attr(t, bytes)?)
        })
    })
}

/// `dense<["a", "b"]>`: one string per element, or one for a splat. Strings are bytes and
/// need not be UTF-8.
///
/// - `ctx`: the context. `ty`: a statically shaped ranked tensor or vector type.
/// - `values`, `num_values`: the strings.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not statically shaped, wrong number of strings, zeroed
/// or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_string_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    values: *const omnir_string_view,
    num_values: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let values = byte_strs_arg(values, num_values, "value")?;
            let t = c.type_in(core, ty)?;
            Ok(core.dense_string_attr(t, &values)?)
        })
    })
}

/// `array<T: ...>` for T in i1, i8, i16, i32, i64, f32, f64, from raw element bytes (one
/// byte per i1, otherwise the element's size, little-endian).
///
/// - `ctx`: the context. `element`: the element type.
/// - `data`, `len`: the element bytes, a whole number of elements (may be empty).
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unsupported element type, partial element, zeroed or
/// unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_array_attr_get(
    ctx: *mut omnir_context,
    element: omnir_type,
    data: *const u8,
    len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let bytes = bytes_arg(data, len, "data")?;
            let t = c.type_in(core, element)?;
            Ok(core.dense_array_attr(t, bytes)?)
        })
    })
}

/// `sparse<indices, values> : type`: the elements at `indices` are `values`, the rest zero.
///
/// - `ctx`: the context. `ty`: a statically shaped tensor, vector or memref type.
/// - `indices`: a dense elements attribute of `i64` with shape `[N, rank]` (or `[N]` for
///   rank 1). `values`: a 1-d dense elements attribute (numbers or strings) of `N` elements
///   of `ty`'s element type.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (a shape or type MLIR's `SparseElementsAttr::verify` refuses,
/// with its message; an index outside `ty`'s shape; a zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_sparse_elements_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    indices: omnir_attribute,
    values: omnir_attribute,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let (t, i, v) = (c.type_in(core, ty)?, c.attr_in(core, indices)?, c.attr_in(core, values)?);
            Ok(core.sparse_elements_attr(t, i, v)?)
        })
    })
}

fn sparse_part(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_attribute,
    pick: fn(Attribute, Attribute) -> Attribute,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| match core.attr_kind(a) {
            AttrKind::SparseElements { indices, values, .. } => Ok(c.attr_out(pick(*indices, *values))),
            _ => Err(wrong_attr_kind(core, a, "a sparse elements attribute")),
        })
    })
}

/// The indices of a sparse elements attribute: a dense elements attribute of `i64`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a sparse elements attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_sparse_elements_attr_get_indices(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_attribute,
) -> omnir_status {
    sparse_part(ctx, attr, out, |indices, _| indices)
}

/// The values of a sparse elements attribute: a 1-d dense elements attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a sparse elements attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_sparse_elements_attr_get_values(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_attribute,
) -> omnir_status {
    sparse_part(ctx, attr, out, |_, values| values)
}

/// `dense_resource<key> : type`: elements kept in the context's blob store under group
/// `builtin` (see `omnir_context_insert_resource`). The blob need not exist yet.
///
/// - `ctx`: the context. `ty`: a statically shaped ranked tensor or vector type.
/// - `key`, `key_len`: the blob's key, UTF-8.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not statically shaped,
/// empty key, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_resource_attr_get(
    ctx: *mut omnir_context,
    ty: omnir_type,
    key: *const c_char,
    key_len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        // The context first, so that a NULL context is reported as such.
        context_arg(ctx)?;
        let key = str_arg(key, key_len, "key")?;
        if key.is_empty() {
            return Err(invalid("a resource key must not be empty"));
        }
        make_attr(ctx, out, |c, core| {
            let t = c.type_in(core, ty)?;
            Ok(core.dense_resource_attr(t, key)?)
        })
    })
}

/// Largest canonical expression list accepted (guards against exponential expansion of
/// shared nodes).
const MAX_AFFINE_NODES: u64 = 1 << 24;

/// Checks C nodes and lays each root's tree out canonically (post-order, left first, no
/// sharing), iteratively.
fn canonical_affine(
    nodes: &[omnir_affine_node],
    roots: &[u32],
    num_dims: u32,
    num_symbols: u32,
) -> ApiResult<(Vec<AffineNode>, Vec<u32>)> {
    let mut parsed = Vec::with_capacity(nodes.len());
    let position = |v: i64, limit: u32, what: &str, i: usize| -> ApiResult<u32> {
        u32::try_from(v)
            .ok()
            .filter(|&p| p < limit)
            .ok_or_else(|| invalid(format!("node {i}: {what} position {v} is out of range ({limit} declared)")))
    };
    for (i, n) in nodes.iter().enumerate() {
        let binary = |op| {
            if n.lhs as usize >= i || n.rhs as usize >= i {
                Err(invalid(format!("node {i}: operands must refer to earlier nodes (post-order)")))
            } else {
                Ok(AffineNode::Binary { op, lhs: n.lhs, rhs: n.rhs })
            }
        };
        parsed.push(match n.kind {
            0 => AffineNode::Dim(position(n.value, num_dims, "dim", i)?),
            1 => AffineNode::Symbol(position(n.value, num_symbols, "symbol", i)?),
            2 => AffineNode::Constant(n.value),
            3 => binary(AffineBinaryOp::Add)?,
            4 => binary(AffineBinaryOp::Mul)?,
            5 => binary(AffineBinaryOp::Mod)?,
            6 => binary(AffineBinaryOp::FloorDiv)?,
            7 => binary(AffineBinaryOp::CeilDiv)?,
            k => return Err(invalid(format!("node {i}: unknown omnir_affine_node_kind {k}"))),
        });
    }
    for &r in roots {
        if r as usize >= parsed.len() {
            return Err(invalid(format!("root node {r} is out of range ({} nodes)", parsed.len())));
        }
    }
    // Size of each tree once expanded, saturating.
    let mut size = vec![0u64; parsed.len()];
    for (i, n) in parsed.iter().enumerate() {
        size[i] = match *n {
            AffineNode::Binary { lhs, rhs, .. } => {
                1u64.saturating_add(size[lhs as usize]).saturating_add(size[rhs as usize])
            }
            _ => 1,
        };
    }
    let total = roots.iter().fold(0u64, |acc, &r| acc.saturating_add(size[r as usize]));
    if total > MAX_AFFINE_NODES {
        return Err(invalid(format!("the expressions expand to more than {MAX_AFFINE_NODES} nodes")));
    }
    // Built as MLIR's AffineExpr operators build: each node simplified as it is made.
    let mut builder = crate::affine::ExprBuilder::default();
    let mut built = Vec::with_capacity(parsed.len());
    for n in &parsed {
        built.push(match *n {
            AffineNode::Dim(d) => builder.dim(d),
            AffineNode::Symbol(s) => builder.symbol(s),
            AffineNode::Constant(c) => builder.constant(c),
            AffineNode::Binary { op, lhs, rhs } => builder.binary(op, built[lhs as usize], built[rhs as usize]),
        });
    }
    let mut out = Vec::with_capacity(total as usize);
    let out_roots = roots.iter().map(|&r| builder.flatten(built[r as usize], &mut out)).collect();
    Ok((out, out_roots))
}

fn node_out(n: &AffineNode) -> omnir_affine_node {
    let (kind, lhs, rhs, value) = match *n {
        AffineNode::Dim(d) => (0, 0, 0, d as i64),
        AffineNode::Symbol(s) => (1, 0, 0, s as i64),
        AffineNode::Constant(c) => (2, 0, 0, c),
        AffineNode::Binary { op, lhs, rhs } => {
            let k = match op {
                AffineBinaryOp::Add => 3,
                AffineBinaryOp::Mul => 4,
                AffineBinaryOp::Mod => 5,
                AffineBinaryOp::FloorDiv => 6,
                AffineBinaryOp::CeilDiv => 7,
            };
            (k, lhs, rhs, 0)
        }
    };
    omnir_affine_node { kind, lhs, rhs, value }
}

/// An affine map `(d0, ...)[s0, ...] -> (results)` from flat post-order nodes.
///
/// - `ctx`: the context. `num_dims`, `num_symbols`: the map's dims and symbols.
/// - `nodes`, `num_nodes`: the expression nodes (see `omnir_affine_node`).
/// - `results`, `num_results`: the root node of each result expression.
/// - `out`: receives the attribute.
///
/// Whatever order or sharing the input uses, omnir stores the canonical form: each
/// expression simplified as MLIR's `AffineExpr` operators simplify it (constants folded and
/// moved right, like terms combined: `s0 + d0 * -1` is `-d0 + s0`, as the parser reads it
/// too), each result tree laid out in post-order (left operand first), without shared or
/// unused nodes, so equal maps are equal handles. Reading the nodes back gives that
/// canonical list, which differs from the input only when the input was not already in
/// that form.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (unknown node kind,
/// dim or symbol position out of range, an operand not before its node, a root out of
/// range, more than 2^24 nodes once expanded).
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get(
    ctx: *mut omnir_context,
    num_dims: u32,
    num_symbols: u32,
    nodes: *const omnir_affine_node,
    num_nodes: usize,
    results: *const u32,
    num_results: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let nodes = slice_arg(nodes, num_nodes, "nodes")?;
        let results = slice_arg(results, num_results, "results")?;
        let (nodes, results) = canonical_affine(nodes, results, num_dims, num_symbols)?;
        let map = AffineMap { num_dims, num_symbols, nodes: nodes.into(), results: results.into() };
        make_attr(ctx, out, |_, core| Ok(core.affine_map_attr(map)?))
    })
}

/// The identity affine map `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
///
/// - `ctx`: the context. `num_dims`: n. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_identity(
    ctx: *mut omnir_context,
    num_dims: u32,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| make_attr(ctx, out, |_, core| Ok(core.affine_map_attr(AffineMap::identity(num_dims))?)))
}

/// An integer set `(d0, ...)[s0, ...] : (constraints)` from flat post-order nodes.
///
/// - `ctx`: the context. `num_dims`, `num_symbols`: the set's dims and symbols.
/// - `nodes`, `num_nodes`: the expression nodes (see `omnir_affine_node`).
/// - `constraints`, `num_constraints`: each constraint's root node and kind.
/// - `out`: receives the attribute.
///
/// Errors: as `omnir_affine_map_attr_get`.
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get(
    ctx: *mut omnir_context,
    num_dims: u32,
    num_symbols: u32,
    nodes: *const omnir_affine_node,
    num_nodes: usize,
    constraints: *const omnir_affine_constraint,
    num_constraints: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let nodes = slice_arg(nodes, num_nodes, "nodes")?;
        let constraints = slice_arg(constraints, num_constraints, "constraints")?;
        let roots: Vec<u32> = constraints.iter().map(|c| c.root).collect();
        let (nodes, roots) = canonical_affine(nodes, &roots, num_dims, num_symbols)?;
        let constraints: Box<[(u32, bool)]> = roots.iter().zip(constraints).map(|(&r, c)| (r, c.is_equality)).collect();
        let set = IntegerSet { num_dims, num_symbols, nodes: nodes.into(), constraints };
        make_attr(ctx, out, |_, core| Ok(core.integer_set_attr(set)?))
    })
}

/// `strided<[strides], offset: offset>`; dynamic values are `OMNIR_DYNAMIC`.
///
/// - `ctx`: the context. `offset`: the offset.
/// - `strides`, `num_strides`: the strides, each non-negative or dynamic.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (negative stride).
#[no_mangle]
pub extern "C" fn omnir_strided_layout_attr_get(
    ctx: *mut omnir_context,
    offset: i64,
    strides: *const i64,
    num_strides: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let strides = slice_arg(strides, num_strides, "strides")?;
        make_attr(ctx, out, |_, core| Ok(core.strided_layout_attr(offset, strides)?))
    })
}

/// A new `distinct[n]<referenced>` attribute: never equal to any other attribute, even one
/// made from the same referenced attribute (each call creates one).
///
/// - `ctx`: the context. `referenced`: the wrapped attribute.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_distinct_attr_create(
    ctx: *mut omnir_context,
    referenced: omnir_attribute,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let r = c.attr_in(core, referenced)?;
            Ok(core.distinct_attr(r))
        })
    })
}

/// `#dialect.data` of a dialect that is not registered, body kept verbatim.
///
/// - `ctx`: the context. `dialect`, `dialect_len`: the namespace, UTF-8: a letter or `_`,
///   then letters, digits, `_` or `$` (MLIR's `Dialect::isValidNamespace`).
/// - `data`, `data_len`: the body, UTF-8.
/// - `ty`: a type, or the zeroed handle for none.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT` ("invalid dialect
/// namespace", as MLIR's verifier; an unknown handle).
#[no_mangle]
pub extern "C" fn omnir_opaque_attr_get(
    ctx: *mut omnir_context,
    dialect: *const c_char,
    dialect_len: usize,
    data: *const c_char,
    data_len: usize,
    ty: omnir_type,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        // The context first, so that a NULL context is reported as such.
        context_arg(ctx)?;
        let dialect = str_arg(dialect, dialect_len, "dialect")?;
        let data = str_arg(data, data_len, "data")?;
        if !crate::dialect::is_valid_dialect_namespace(dialect) {
            return Err(crate::dialect::invalid_dialect_namespace(dialect).into());
        }
        make_attr(ctx, out, |c, core| {
            let t = c.opt_type_in(core, ty)?;
            Ok(core.opaque_attr(dialect, data, t))
        })
    })
}

/// An instance of an attribute defined at run time by a registered dialect; the
/// definition's parameter verifier (if any) runs.
///
/// - `ctx`: the context. `def`: the attribute definition id from its registration.
/// - `params`, `num_params`: one attribute per declared parameter.
/// - `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unknown definition, wrong parameter count, unknown
/// handle), `OMNIR_ERROR_VERIFICATION_FAILED` (the verifier refused the parameters).
#[no_mangle]
pub extern "C" fn omnir_dialect_attr_get(
    ctx: *mut omnir_context,
    def: u32,
    params: *const omnir_attribute,
    num_params: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        make_attr(ctx, out, |c, core| {
            let params = attrs_arg(c, core, params, num_params, "params")?;
            Ok(core.dialect_attr(AttrDefId(def), &params)?)
        })
    })
}

// ---- kind checks and common queries ----

/// The kind of an attribute.
///
/// - `ctx`: the context. `attr`: the attribute. `out`: receives an `omnir_attribute_kind`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_attribute_get_kind(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_attribute_kind,
) -> omnir_status {
    use omnir_attribute_kind::*;
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| {
            Ok(match core.attr_kind(a) {
                AttrKind::Unit => OMNIR_ATTRIBUTE_KIND_UNIT,
                AttrKind::Bool(_) => OMNIR_ATTRIBUTE_KIND_BOOL,
                AttrKind::Integer { .. } => OMNIR_ATTRIBUTE_KIND_INTEGER,
                AttrKind::Float { .. } => OMNIR_ATTRIBUTE_KIND_FLOAT,
                AttrKind::String { .. } => OMNIR_ATTRIBUTE_KIND_STRING,
                AttrKind::Type(_) => OMNIR_ATTRIBUTE_KIND_TYPE,
                AttrKind::Array(_) => OMNIR_ATTRIBUTE_KIND_ARRAY,
                AttrKind::Dictionary(_) => OMNIR_ATTRIBUTE_KIND_DICTIONARY,
                AttrKind::SymbolRef { .. } => OMNIR_ATTRIBUTE_KIND_SYMBOL_REF,
                AttrKind::DenseIntOrFloat { .. } => OMNIR_ATTRIBUTE_KIND_DENSE_ELEMENTS,
                AttrKind::DenseString { .. } => OMNIR_ATTRIBUTE_KIND_DENSE_STRING_ELEMENTS,
                AttrKind::DenseArray { .. } => OMNIR_ATTRIBUTE_KIND_DENSE_ARRAY,
                AttrKind::DenseResource { .. } => OMNIR_ATTRIBUTE_KIND_DENSE_RESOURCE_ELEMENTS,
                AttrKind::SparseElements { .. } => OMNIR_ATTRIBUTE_KIND_SPARSE_ELEMENTS,
                AttrKind::AffineMap(_) => OMNIR_ATTRIBUTE_KIND_AFFINE_MAP,
                AttrKind::IntegerSet(_) => OMNIR_ATTRIBUTE_KIND_INTEGER_SET,
                AttrKind::StridedLayout { .. } => OMNIR_ATTRIBUTE_KIND_STRIDED_LAYOUT,
                AttrKind::Distinct { .. } => OMNIR_ATTRIBUTE_KIND_DISTINCT,
                AttrKind::Location(_) => OMNIR_ATTRIBUTE_KIND_LOCATION,
                AttrKind::Opaque { .. } => OMNIR_ATTRIBUTE_KIND_OPAQUE,
                AttrKind::Dialect { .. } => OMNIR_ATTRIBUTE_KIND_DIALECT,
            })
        })
    })
}

/// The type of a typed attribute (integer, float, bool (`i1`), dense elements, typed
/// string or opaque); the zeroed handle for an untyped attribute.
///
/// - `ctx`: the context. `attr`: the attribute. `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_attribute_get_type(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| Ok(core.attr_type(a).map(|t| c.type_out(t)).unwrap_or_default()))
    })
}

/// The TypeId of an attribute's kind (`#builtin.integer`, `#quant.params`...).
///
/// - `ctx`: the context. `attr`: the attribute. `out`: receives the TypeId.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_attribute_get_type_id(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(core.attr_type_id(a).as_u32())))
}

/// Whether an attribute implements an interface (builtin answers, the attribute's own
/// definition, then externally attached implementations).
///
/// - `ctx`: the context. `attr`: the attribute.
/// - `interface`: the interface's TypeId (e.g. `builtin.ElementsAttrInterface`).
/// - `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle, unknown TypeId).
#[no_mangle]
pub extern "C" fn omnir_attribute_implements(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    interface: u32,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let iface = typeid_arg(interface)?;
        query_attr(ctx, attr, out, |_, core, a| Ok(core.attr_implements(a, iface)))
    })
}

// ---- scalar accessors ----

/// The value of a bool attribute.
///
/// - `ctx`: the context. `attr`: a bool attribute. `out`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a bool attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_bool_attr_get_value(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| match core.attr_kind(a) {
            AttrKind::Bool(b) => Ok(*b),
            _ => Err(wrong_attr_kind(core, a, "a bool attribute")),
        })
    })
}

fn integer_parts(core: &Context, a: Attribute) -> ApiResult<(&ApInt, u32)> {
    match core.attr_kind(a) {
        AttrKind::Integer { ty, value } => Ok((value, core.int_or_float_bit_width(*ty).unwrap_or(64))),
        _ => Err(wrong_attr_kind(core, a, "an integer attribute")),
    }
}

fn fits_i64(v: &ApInt, width: u32) -> ApiResult<i64> {
    v.to_i64(width).ok_or_else(|| invalid("the value does not fit in a signed 64-bit integer"))
}

fn fits_u64(v: &ApInt) -> ApiResult<u64> {
    v.to_u64().ok_or_else(|| invalid("the value does not fit in an unsigned 64-bit integer"))
}

/// The value of an integer attribute, sign-extended from its type's width (so `true : i1`
/// reads as -1, as MLIR's `getSInt`; use `omnir_integer_attr_get_uint64` for 0/1).
///
/// - `ctx`: the context. `attr`: an integer attribute. `out`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer attribute, value wider than 64 bits,
/// zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_attr_get_int64(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut i64,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| {
            let (v, w) = integer_parts(core, a)?;
            fits_i64(v, w)
        })
    })
}

/// The value of an integer attribute, zero-extended (read as unsigned).
///
/// - `ctx`: the context. `attr`: an integer attribute. `out`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer attribute, value above 2^64-1, zeroed or
/// unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_attr_get_uint64(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u64,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| fits_u64(integer_parts(core, a)?.0)))
}

/// The number of 64-bit words of an integer attribute's value (`ceil(width / 64)`, at
/// least 1).
///
/// - `ctx`: the context. `attr`: an integer attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_attr_get_num_words(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(integer_parts(core, a)?.0.words().len())))
}

/// One 64-bit word of an integer attribute's value (word 0 is least significant), as
/// stored: truncated to the width, not sign-extended.
///
/// - `ctx`: the context. `attr`: an integer attribute. `index`: below the word count.
/// - `out`: receives the word.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer attribute, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_integer_attr_get_word(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| Ok(*index_arg(integer_parts(core, a)?.0.words(), index, "word")?))
    })
}

fn float_parts(core: &Context, a: Attribute) -> ApiResult<(crate::types::FloatKind, u128)> {
    match core.attr_kind(a) {
        AttrKind::Float { ty, bits } => match core.type_kind(*ty) {
            TypeKind::Float(k) => Ok((*k, *bits)),
            _ => Err(invalid("float attribute of a non-float type")),
        },
        _ => Err(wrong_attr_kind(core, a, "a float attribute")),
    }
}

/// The value of a float attribute as the nearest double.
///
/// - `ctx`: the context. `attr`: a float attribute. `out`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a float attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_float_attr_get_double(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut f64,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| {
            let (k, bits) = float_parts(core, a)?;
            Ok(crate::float::to_f64(k, bits))
        })
    })
}

/// The raw bit pattern of a float attribute in its format.
///
/// - `ctx`: the context. `attr`: a float attribute.
/// - `out_low`, `out_high`: receive bits 0..63 and 64..127.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a float attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_float_attr_get_bits(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out_low: *mut u64,
    out_high: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        check_out(out_low)?;
        check_out(out_high)?;
        let bits = read_attr(ctx, attr, |_, core, a| Ok(float_parts(core, a)?.1))?;
        write_out(out_low, bits as u64)?;
        write_out(out_high, (bits >> 64) as u64)
    })
}

/// The bytes of a string attribute, as a new string (which may hold any byte, NULs
/// included).
///
/// - `ctx`: the context. `attr`: a string attribute.
/// - `out`: receives the string (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a string attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_string_attr_get_value(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        query_attr_string(ctx, attr, out, |core, a| match core.attr_kind(a) {
            AttrKind::String { value, .. } => Ok(value.to_vec()),
            _ => Err(wrong_attr_kind(core, a, "a string attribute")),
        })
    })
}

/// The type held by a type attribute.
///
/// - `ctx`: the context. `attr`: a type attribute. `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a type attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_attr_get_value(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| match core.attr_kind(a) {
            AttrKind::Type(t) => Ok(c.type_out(*t)),
            _ => Err(wrong_attr_kind(core, a, "a type attribute")),
        })
    })
}

// ---- containers ----

fn array_parts(core: &Context, a: Attribute) -> ApiResult<&[Attribute]> {
    match core.attr_kind(a) {
        AttrKind::Array(elems) => Ok(elems),
        _ => Err(wrong_attr_kind(core, a, "an array attribute")),
    }
}

/// The number of elements of an array attribute.
///
/// - `ctx`: the context. `attr`: an array attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an array attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_array_attr_get_num_elements(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(array_parts(core, a)?.len())))
}

/// One element of an array attribute.
///
/// - `ctx`: the context. `attr`: an array attribute. `index`: below the element count.
/// - `out`: receives the element.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an array attribute, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_array_attr_get_element(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| Ok(c.attr_out(*index_arg(array_parts(core, a)?, index, "element")?)))
    })
}

fn dict_parts(core: &Context, a: Attribute) -> ApiResult<&[NamedAttribute]> {
    match core.attr_kind(a) {
        AttrKind::Dictionary(entries) => Ok(entries),
        _ => Err(wrong_attr_kind(core, a, "a dictionary attribute")),
    }
}

/// The number of entries of a dictionary attribute.
///
/// - `ctx`: the context. `attr`: a dictionary attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dictionary attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dictionary_attr_get_num_entries(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(dict_parts(core, a)?.len())))
}

/// One entry of a dictionary attribute (entries are sorted by name).
///
/// - `ctx`: the context. `attr`: a dictionary attribute. `index`: below the entry count.
/// - `out_name`: receives the name (free it with `omnir_string_free`).
/// - `out_value`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dictionary attribute, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dictionary_attr_get_entry(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out_name: *mut omnir_string,
    out_value: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        check_out(out_name)?;
        check_out(out_value)?;
        let (name, value) = read_attr(ctx, attr, |c, core, a| {
            let e = index_arg(dict_parts(core, a)?, index, "entry")?;
            Ok((core.ident_str(e.name).as_bytes().to_vec(), c.attr_out(e.value)))
        })?;
        write_out(out_value, value)?;
        write_string_out(out_name, &name)
    })
}

/// The value of a dictionary entry by name; the zeroed handle when there is none.
///
/// - `ctx`: the context. `attr`: a dictionary attribute.
/// - `name`, `name_len`: the entry name, UTF-8.
/// - `out`: receives the value or the zeroed handle.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a dictionary
/// attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dictionary_attr_lookup(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let name = str_arg(name, name_len, "name")?;
        query_attr(ctx, attr, out, |c, core, a| {
            dict_parts(core, a)?;
            Ok(core.dictionary_get(a, name).map(|v| c.attr_out(v)).unwrap_or_default())
        })
    })
}

fn symbol_parts(
    core: &Context,
    a: Attribute,
) -> ApiResult<(crate::context::Identifier, &[crate::context::Identifier])> {
    match core.attr_kind(a) {
        AttrKind::SymbolRef { root, nested } => Ok((*root, nested)),
        _ => Err(wrong_attr_kind(core, a, "a symbol reference attribute")),
    }
}

/// The root symbol name of a symbol reference (`root` in `@root::@a::@b`), as a new string.
///
/// - `ctx`: the context. `attr`: a symbol reference attribute.
/// - `out`: receives the name (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a symbol reference, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_symbol_ref_attr_get_root(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        query_attr_string(ctx, attr, out, |core, a| Ok(core.ident_str(symbol_parts(core, a)?.0).as_bytes().to_vec()))
    })
}

/// The number of nested references of a symbol reference (0 for a flat `@name`).
///
/// - `ctx`: the context. `attr`: a symbol reference attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a symbol reference, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_symbol_ref_attr_get_num_nested(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(symbol_parts(core, a)?.1.len())))
}

/// One nested reference of a symbol reference, as a new string.
///
/// - `ctx`: the context. `attr`: a symbol reference attribute.
/// - `index`: below the nested count.
/// - `out`: receives the name (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a symbol reference, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_symbol_ref_attr_get_nested(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        query_attr_string(ctx, attr, out, |core, a| {
            let id = *index_arg(symbol_parts(core, a)?.1, index, "nested reference")?;
            Ok(core.ident_str(id).as_bytes().to_vec())
        })
    })
}

// ---- dense elements and arrays ----

/// Elements of a dense int/float attribute or dense array: the element type, how many
/// logical elements there are, and the stored bytes (one element for a splat).
struct DenseView<'a> {
    element: Type,
    count: usize,
    data: &'a [u8],
    splat: bool,
}

fn static_count(core: &Context, ty: Type) -> usize {
    core.shape(ty).map(|s| s.iter().map(|&d| d.max(0) as usize).product()).unwrap_or(0)
}

fn dense_view(core: &Context, a: Attribute) -> ApiResult<DenseView<'_>> {
    match core.attr_kind(a) {
        AttrKind::DenseIntOrFloat { ty, data, splat } => Ok(DenseView {
            element: core.element_type(*ty).expect("dense elements are shaped"),
            count: static_count(core, *ty),
            data,
            splat: *splat,
        }),
        AttrKind::DenseArray { element, len, data } => {
            Ok(DenseView { element: *element, count: *len, data, splat: false })
        }
        _ => Err(wrong_attr_kind(core, a, "a dense int/float elements or dense array attribute")),
    }
}

/// The bytes of element `index` of a dense view.
fn dense_element_bytes<'a>(core: &Context, v: &DenseView<'a>, index: usize) -> ApiResult<&'a [u8]> {
    if index >= v.count {
        return Err(crate::error::Error::out_of_range("element", index, v.count).into());
    }
    let size = core.dense_element_bytes(v.element)?;
    let at = if v.splat { 0 } else { index * size };
    v.data.get(at..at + size).ok_or_else(|| invalid("dense data is shorter than its shape"))
}

/// An integer element as an ApInt of its width.
fn dense_int(core: &Context, v: &DenseView<'_>, index: usize) -> ApiResult<(ApInt, u32)> {
    let width = match core.type_kind(v.element) {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Index => 64,
        _ => return Err(invalid(format!("expected integer elements, got {}", show_type(core, v.element)))),
    };
    let bytes = dense_element_bytes(core, v, index)?;
    let words: Vec<u64> = bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect();
    Ok((ApInt::from_words(words, width), width))
}

fn dense_float(core: &Context, v: &DenseView<'_>, index: usize) -> ApiResult<(crate::types::FloatKind, u128)> {
    let TypeKind::Float(kind) = core.type_kind(v.element) else {
        return Err(invalid(format!("expected float elements, got {}", show_type(core, v.element))));
    };
    let bytes = dense_element_bytes(core, v, index)?;
    let mut b = [0u8; 16];
    b[..bytes.len()].copy_from_slice(bytes);
    Ok((*kind, u128::from_le_bytes(b)))
}

/// The number of elements of a dense elements attribute (int/float, string or resource;
/// the product of its type's shape, also for a splat) or of a dense array.
///
/// - `ctx`: the context. `attr`: the attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_num_elements(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| match core.attr_kind(a) {
            AttrKind::DenseString { ty, .. } | AttrKind::DenseResource { ty, .. } => Ok(static_count(core, *ty)),
            _ => Ok(dense_view(core, a)?.count),
        })
    })
}

/// Whether a dense int/float or dense string elements attribute is a splat (one value
/// for every element).
///
/// - `ctx`: the context. `attr`: the attribute. `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_is_splat(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| match core.attr_kind(a) {
            AttrKind::DenseIntOrFloat { splat, .. } | AttrKind::DenseString { splat, .. } => Ok(*splat),
            _ => Err(wrong_attr_kind(core, a, "a dense int/float or string elements attribute")),
        })
    })
}

/// A copy of the stored bytes of a dense int/float elements attribute or dense array (a
/// splat stores one element).
///
/// Layout: elements in row-major order, each taking `ceil(bits / 8)` bytes, little-endian
/// (`i1` as one byte 0 or 1, `index` as 8 bytes, a complex element as its two parts in
/// order).
///
/// - `ctx`: the context. `attr`: the attribute.
/// - `out`: receives the bytes (free them with `omnir_bytes_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_raw_data(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_bytes,
) -> omnir_status {
    ffi_call(|| {
        check_out(out)?;
        let bytes = read_attr(ctx, attr, |_, core, a| Ok(dense_view(core, a)?.data.to_vec()))?;
        write_bytes_out(out, &bytes)
    })
}

/// Element `index` (row-major) of a dense int/float elements attribute or dense array of
/// integers or index, sign-extended from the element width.
///
/// - `ctx`: the context. `attr`: the attribute. `index`: below the element count.
/// - `out`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, non-integer elements, value wider than 64
/// bits, zeroed or unknown handle), `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_int64(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut i64,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| {
            let (v, w) = dense_int(core, &dense_view(core, a)?, index)?;
            fits_i64(&v, w)
        })
    })
}

/// Element `index` of a dense int/float elements attribute or dense array of integers or
/// index, zero-extended.
///
/// - `ctx`: the context. `attr`: the attribute. `index`: below the element count.
/// - `out`: receives the value.
///
/// Errors: as `omnir_dense_elements_attr_get_int64`.
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_uint64(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut u64,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| fits_u64(&dense_int(core, &dense_view(core, a)?, index)?.0)))
}

/// Element `index` of a dense int/float elements attribute or dense array of floats, as
/// the nearest double.
///
/// - `ctx`: the context. `attr`: the attribute. `index`: below the element count.
/// - `out`: receives the value.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, non-float elements, zeroed or unknown
/// handle), `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_double(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut f64,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| {
            let (k, bits) = dense_float(core, &dense_view(core, a)?, index)?;
            Ok(crate::float::to_f64(k, bits))
        })
    })
}

/// Element `index` of a dense int/float elements attribute or dense array as an integer or
/// float attribute of the element type.
///
/// - `ctx`: the context. `attr`: the attribute. `index`: below the element count.
/// - `out`: receives the element attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, complex elements, zeroed or unknown
/// handle), `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_element(
    ctx: *mut omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| {
            let v = dense_view(core, a)?;
            let e = match core.type_kind(v.element) {
                TypeKind::Integer { .. } | TypeKind::Index => {
                    let (value, _) = dense_int(core, &v, index)?;
                    core.integer_attr_words(v.element, value.words())?
                }
                TypeKind::Float(_) => core.float_attr_bits(v.element, dense_float(core, &v, index)?.1)?,
                _ => {
                    return Err(invalid(format!(
                        "elements of type {} have no scalar attribute form; read the raw data",
                        show_type(core, v.element)
                    )))
                }
            };
            Ok(c.attr_out(e))
        })
    })
}

/// Element `index` of a dense string elements attribute, as a new string (any bytes).
///
/// - `ctx`: the context. `attr`: a dense string elements attribute.
/// - `index`: below the element count.
/// - `out`: receives the string (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dense_elements_attr_get_string(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        query_attr_string(ctx, attr, out, |core, a| match core.attr_kind(a) {
            AttrKind::DenseString { ty, values, splat } => {
                let count = static_count(core, *ty);
                if index >= count {
                    return Err(crate::error::Error::out_of_range("element", index, count).into());
                }
                let v = if *splat { &values[0] } else { &values[index] };
                Ok(v.to_vec())
            }
            _ => Err(wrong_attr_kind(core, a, "a dense string elements attribute")),
        })
    })
}

/// The element type of a dense array attribute.
///
/// - `ctx`: the context. `attr`: a dense array attribute. `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dense array, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_array_attr_get_element_type(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| match core.attr_kind(a) {
            AttrKind::DenseArray { element, .. } => Ok(c.type_out(*element)),
            _ => Err(wrong_attr_kind(core, a, "a dense array attribute")),
        })
    })
}

/// The key of a dense resource elements attribute, as a new string.
///
/// - `ctx`: the context. `attr`: a dense resource attribute.
/// - `out`: receives the key (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dense_resource_attr_get_key(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        query_attr_string(ctx, attr, out, |core, a| match core.attr_kind(a) {
            AttrKind::DenseResource { handle, .. } => Ok(core.ident_str(*handle).as_bytes().to_vec()),
            _ => Err(wrong_attr_kind(core, a, "a dense resource attribute")),
        })
    })
}

// ---- resource blobs ----

fn blob_arg(data: *const u8, len: usize, alignment: u32) -> ApiResult<ResourceBlob> {
    if alignment == 0 || !alignment.is_power_of_two() {
        return Err(invalid(format!("resource alignment must be a power of two, got {alignment}")));
    }
    Ok(ResourceBlob { data: bytes_arg(data, len, "data")?.to_vec(), alignment })
}

fn group_key<'a>(
    group: *const c_char,
    group_len: usize,
    key: *const c_char,
    key_len: usize,
) -> ApiResult<(&'a str, &'a str)> {
    let group = str_arg(group, group_len, "group")?;
    let key = str_arg(key, key_len, "key")?;
    if group.is_empty() || key.is_empty() {
        return Err(invalid("resource group and key must not be empty"));
    }
    Ok((group, key))
}

/// Adds a blob to the context's resource store (MLIR's `dialect_resources`; group
/// `builtin` holds the blobs of `dense_resource` attributes). When the key is taken the
/// blob is stored under a new key, `key_1`, `key_2`..., as MLIR does; the key used is
/// returned.
///
/// - `ctx`: the context.
/// - `group`, `group_len`: the owning dialect's name, UTF-8, non-empty.
/// - `key`, `key_len`: the wanted key, UTF-8, non-empty.
/// - `data`, `len`: the bytes (copied).
/// - `alignment`: the blob's required alignment, a power of two.
/// - `out_key`: receives the key actually used (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (empty group or key, bad alignment). On error nothing is
/// stored.
#[no_mangle]
pub extern "C" fn omnir_context_insert_resource(
    ctx: *mut omnir_context,
    group: *const c_char,
    group_len: usize,
    key: *const c_char,
    key_len: usize,
    data: *const u8,
    len: usize,
    alignment: u32,
    out_key: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let (group, key) = group_key(group, group_len, key, key_len)?;
        let blob = blob_arg(data, len, alignment)?;
        check_out(out_key)?;
        let used = c.read(|core| Ok(core.insert_resource(group, key, blob)))?;
        write_string_out(out_key, used.as_bytes())
    })
}

/// Sets (or replaces) the blob under an exact key of the context's resource store.
///
/// - `ctx`: the context. `group`, `key`: as for `omnir_context_insert_resource`.
/// - `data`, `len`: the bytes (copied). `alignment`: a power of two.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (empty group or key, bad alignment). On error nothing is
/// stored.
#[no_mangle]
pub extern "C" fn omnir_context_set_resource(
    ctx: *mut omnir_context,
    group: *const c_char,
    group_len: usize,
    key: *const c_char,
    key_len: usize,
    data: *const u8,
    len: usize,
    alignment: u32,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let (group, key) = group_key(group, group_len, key, key_len)?;
        let blob = blob_arg(data, len, alignment)?;
        c.read(|core| {
            core.set_resource(group, key, blob);
            Ok(())
        })
    })
}

/// Whether the context's resource store has a blob under `group`/`key`.
///
/// - `ctx`: the context. `group`, `key`: UTF-8 names. `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (empty group or key).
#[no_mangle]
pub extern "C" fn omnir_context_has_resource(
    ctx: *const omnir_context,
    group: *const c_char,
    group_len: usize,
    key: *const c_char,
    key_len: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let (group, key) = group_key(group, group_len, key, key_len)?;
        check_out(out)?;
        let found = c.read(|core| Ok(core.resource(group, key).is_some()))?;
        write_out(out, found)
    })
}

/// A copy of a blob of the context's resource store and its alignment.
///
/// - `ctx`: the context. `group`, `key`: UTF-8 names.
/// - `out_data`: receives the bytes (free them with `omnir_bytes_free`; the copy itself
///   has no particular alignment).
/// - `out_alignment`: receives the blob's declared alignment.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (empty group or key, no such blob — check with
/// `omnir_context_has_resource`).
#[no_mangle]
pub extern "C" fn omnir_context_get_resource(
    ctx: *const omnir_context,
    group: *const c_char,
    group_len: usize,
    key: *const c_char,
    key_len: usize,
    out_data: *mut omnir_bytes,
    out_alignment: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let (group, key) = group_key(group, group_len, key, key_len)?;
        check_out(out_data)?;
        check_out(out_alignment)?;
        let blob = c
            .read(|core| Ok(core.resource(group, key)))?
            .ok_or_else(|| invalid(format!("no resource '{key}' in group '{group}'")))?;
        write_out(out_alignment, blob.alignment)?;
        write_out(out_data, omnir_bytes::from_vec(blob.data))
    })
}

// ---- affine maps and integer sets ----

fn map_parts(core: &Context, a: Attribute) -> ApiResult<&AffineMap> {
    match core.attr_kind(a) {
        AttrKind::AffineMap(m) => Ok(m),
        _ => Err(wrong_attr_kind(core, a, "an affine map attribute")),
    }
}

fn set_parts(core: &Context, a: Attribute) -> ApiResult<&IntegerSet> {
    match core.attr_kind(a) {
        AttrKind::IntegerSet(s) => Ok(s),
        _ => Err(wrong_attr_kind(core, a, "an integer set attribute")),
    }
}

/// The number of dims of an affine map attribute.
///
/// - `ctx`: the context. `attr`: an affine map attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an affine map, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_num_dims(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(map_parts(core, a)?.num_dims)))
}

/// The number of symbols of an affine map attribute.
///
/// - `ctx`: the context. `attr`: an affine map attribute. `out`: receives the count.
///
/// Errors: as `omnir_affine_map_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_num_symbols(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(map_parts(core, a)?.num_symbols)))
}

/// The number of result expressions of an affine map attribute.
///
/// - `ctx`: the context. `attr`: an affine map attribute. `out`: receives the count.
///
/// Errors: as `omnir_affine_map_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_num_results(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(map_parts(core, a)?.results.len())))
}

/// The root node index of one result expression of an affine map attribute.
///
/// - `ctx`: the context. `attr`: an affine map attribute. `index`: below the result count.
/// - `out`: receives the node index (see `omnir_affine_map_attr_get_node`).
///
/// Errors: as `omnir_affine_map_attr_get_num_dims`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_result(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(*index_arg(&map_parts(core, a)?.results, index, "result")?)))
}

/// The number of expression nodes of an affine map attribute.
///
/// - `ctx`: the context. `attr`: an affine map attribute. `out`: receives the count.
///
/// Errors: as `omnir_affine_map_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_num_nodes(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(map_parts(core, a)?.nodes.len())))
}

/// One expression node of an affine map attribute (canonical post-order list).
///
/// - `ctx`: the context. `attr`: an affine map attribute. `index`: below the node count.
/// - `out`: receives the node.
///
/// Errors: as `omnir_affine_map_attr_get_num_dims`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_get_node(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_affine_node,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| Ok(node_out(index_arg(&map_parts(core, a)?.nodes, index, "node")?)))
    })
}

/// Whether an affine map attribute is an identity map `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
///
/// - `ctx`: the context. `attr`: an affine map attribute. `out`: receives the answer.
///
/// Errors: as `omnir_affine_map_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_affine_map_attr_is_identity(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(map_parts(core, a)?.is_identity())))
}

/// The number of dims of an integer set attribute.
///
/// - `ctx`: the context. `attr`: an integer set attribute. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer set, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get_num_dims(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(set_parts(core, a)?.num_dims)))
}

/// The number of symbols of an integer set attribute.
///
/// - `ctx`: the context. `attr`: an integer set attribute. `out`: receives the count.
///
/// Errors: as `omnir_integer_set_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get_num_symbols(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(set_parts(core, a)?.num_symbols)))
}

/// The number of constraints of an integer set attribute.
///
/// - `ctx`: the context. `attr`: an integer set attribute. `out`: receives the count.
///
/// Errors: as `omnir_integer_set_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get_num_constraints(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(set_parts(core, a)?.constraints.len())))
}

/// One constraint of an integer set attribute: its root node and whether it is `== 0`.
///
/// - `ctx`: the context. `attr`: an integer set attribute.
/// - `index`: below the constraint count. `out`: receives the constraint.
///
/// Errors: as `omnir_integer_set_attr_get_num_dims`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get_constraint(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_affine_constraint,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| {
            let &(root, is_equality) = index_arg(&set_parts(core, a)?.constraints, index, "constraint")?;
            Ok(omnir_affine_constraint { root, is_equality })
        })
    })
}

/// The number of expression nodes of an integer set attribute.
///
/// - `ctx`: the context. `attr`: an integer set attribute. `out`: receives the count.
///
/// Errors: as `omnir_integer_set_attr_get_num_dims`.
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get_num_nodes(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(set_parts(core, a)?.nodes.len())))
}

/// One expression node of an integer set attribute (canonical post-order list).
///
/// - `ctx`: the context. `attr`: an integer set attribute. `index`: below the node count.
/// - `out`: receives the node.
///
/// Errors: as `omnir_integer_set_attr_get_num_dims`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_integer_set_attr_get_node(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_affine_node,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |_, core, a| Ok(node_out(index_arg(&set_parts(core, a)?.nodes, index, "node")?)))
    })
}

// ---- strided layout, distinct, opaque, dialect ----

fn strided_parts(core: &Context, a: Attribute) -> ApiResult<(i64, &[i64])> {
    match core.attr_kind(a) {
        AttrKind::StridedLayout { offset, strides } => Ok((*offset, strides)),
        _ => Err(wrong_attr_kind(core, a, "a strided layout attribute")),
    }
}

/// The offset of a strided layout (`OMNIR_DYNAMIC` for `?`).
///
/// - `ctx`: the context. `attr`: a strided layout attribute. `out`: receives the offset.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a strided layout, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_strided_layout_attr_get_offset(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut i64,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(strided_parts(core, a)?.0)))
}

/// The number of strides of a strided layout.
///
/// - `ctx`: the context. `attr`: a strided layout attribute. `out`: receives the count.
///
/// Errors: as `omnir_strided_layout_attr_get_offset`.
#[no_mangle]
pub extern "C" fn omnir_strided_layout_attr_get_num_strides(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(strided_parts(core, a)?.1.len())))
}

/// One stride of a strided layout (`OMNIR_DYNAMIC` for `?`).
///
/// - `ctx`: the context. `attr`: a strided layout attribute.
/// - `index`: below the stride count. `out`: receives the stride.
///
/// Errors: as `omnir_strided_layout_attr_get_offset`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_strided_layout_attr_get_stride(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut i64,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(*index_arg(strided_parts(core, a)?.1, index, "stride")?)))
}

/// The attribute a distinct attribute wraps.
///
/// - `ctx`: the context. `attr`: a distinct attribute. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a distinct attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_distinct_attr_get_referenced(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| match core.attr_kind(a) {
            AttrKind::Distinct { referenced, .. } => Ok(c.attr_out(*referenced)),
            _ => Err(wrong_attr_kind(core, a, "a distinct attribute")),
        })
    })
}

fn opaque_attr_part(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
    data_part: bool,
) -> ApiResult {
    query_attr_string(ctx, attr, out, |core, a| match core.attr_kind(a) {
        AttrKind::Opaque { dialect, data, .. } => {
            Ok(core.ident_str(if data_part { *data } else { *dialect }).as_bytes().to_vec())
        }
        _ => Err(wrong_attr_kind(core, a, "an opaque attribute")),
    })
}

/// The dialect namespace of an opaque attribute, as a new string.
///
/// - `ctx`: the context. `attr`: an opaque attribute.
/// - `out`: receives the string (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an opaque attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_opaque_attr_get_dialect(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| opaque_attr_part(ctx, attr, out, false))
}

/// The body text of an opaque attribute, as a new string.
///
/// - `ctx`: the context. `attr`: an opaque attribute.
/// - `out`: receives the string (free it with `omnir_string_free`).
///
/// Errors: as `omnir_opaque_attr_get_dialect`.
#[no_mangle]
pub extern "C" fn omnir_opaque_attr_get_data(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| opaque_attr_part(ctx, attr, out, true))
}

fn dialect_attr_parts(core: &Context, a: Attribute) -> ApiResult<(AttrDefId, &[Attribute])> {
    match core.attr_kind(a) {
        AttrKind::Dialect { def, params } => Ok((*def, params)),
        _ => Err(wrong_attr_kind(core, a, "a dialect attribute")),
    }
}

/// The attribute definition id of a dialect attribute.
///
/// - `ctx`: the context. `attr`: a dialect attribute. `out`: receives the id.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dialect attribute, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dialect_attr_get_def(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(dialect_attr_parts(core, a)?.0.to_raw())))
}

/// The number of parameters of a dialect attribute.
///
/// - `ctx`: the context. `attr`: a dialect attribute. `out`: receives the count.
///
/// Errors: as `omnir_dialect_attr_get_def`.
#[no_mangle]
pub extern "C" fn omnir_dialect_attr_get_num_params(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_attr(ctx, attr, out, |_, core, a| Ok(dialect_attr_parts(core, a)?.1.len())))
}

/// One parameter of a dialect attribute.
///
/// - `ctx`: the context. `attr`: a dialect attribute.
/// - `index`: below the parameter count. `out`: receives the parameter.
///
/// Errors: as `omnir_dialect_attr_get_def`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dialect_attr_get_param(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    index: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_attr(ctx, attr, out, |c, core, a| {
            Ok(c.attr_out(*index_arg(dialect_attr_parts(core, a)?.1, index, "parameter")?))
        })
    })
}
