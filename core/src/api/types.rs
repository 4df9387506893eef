//! Builtin and dialect types at the C edge: constructors, kind checks and accessors.
//!
//! Types are uniqued: building the same type twice gives the same `omnir_type` handle, so
//! **type equality is handle equality** (compare `context` and `id`). A type lives as long
//! as its context. Constructors are named `omnir_<kind>_type_get` (as MLIR's
//! `mlirIntegerTypeGet`), kind-specific accessors `omnir_<kind>_type_get_<what>`, and
//! accessors that apply to several kinds `omnir_type_*` / `omnir_shaped_type_*`.
//!
//! Optional type or attribute arguments (a tensor's encoding, a memref's layout...) take
//! the zeroed handle for "none"; optional results are written as the zeroed handle.
//! Enumerations passed in (`omnir_float_kind`, `omnir_signedness`) are taken as `uint32_t`
//! and checked; an unknown value is `OMNIR_ERROR_INVALID_ARGUMENT`.
//!
//! Constructors only add uniqued values to the context; on error they add nothing that
//! IR, printing or any query could observe. Parsing and printing are in `api/asm.rs`.

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_attribute, omnir_type};
use super::typeid::typeid_arg;
use super::{
    check_out, ffi_call, index_arg, omnir_status, omnir_string, slice_arg, str_arg, write_out, write_string_out,
    ApiError, ApiResult,
};
use crate::context::Context;
use crate::dialect::TypeDefId;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// The kind of a type, from `omnir_type_get_kind`.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_type_kind {
    /// `i32`, `si8`, `ui64`...
    OMNIR_TYPE_KIND_INTEGER = 0,
    /// `index`.
    OMNIR_TYPE_KIND_INDEX = 1,
    /// Every float format (see `omnir_float_kind`).
    OMNIR_TYPE_KIND_FLOAT = 2,
    /// `complex<f32>`.
    OMNIR_TYPE_KIND_COMPLEX = 3,
    /// `none`.
    OMNIR_TYPE_KIND_NONE = 4,
    /// `(i32) -> f32`.
    OMNIR_TYPE_KIND_FUNCTION = 5,
    /// `tuple<i32, f32>`.
    OMNIR_TYPE_KIND_TUPLE = 6,
    /// `vector<[4]x8xf32>`.
    OMNIR_TYPE_KIND_VECTOR = 7,
    /// `tensor<4x?xf32, #encoding>`.
    OMNIR_TYPE_KIND_RANKED_TENSOR = 8,
    /// `tensor<*xf32>`.
    OMNIR_TYPE_KIND_UNRANKED_TENSOR = 9,
    /// `memref<4x?xf32, #layout, 1>`.
    OMNIR_TYPE_KIND_MEMREF = 10,
    /// `memref<*xf32, 1>`.
    OMNIR_TYPE_KIND_UNRANKED_MEMREF = 11,
    /// `!dialect.body` of a dialect that is not registered, body kept verbatim.
    OMNIR_TYPE_KIND_OPAQUE = 12,
    /// A type defined at run time by a registered dialect.
    OMNIR_TYPE_KIND_DIALECT = 13,
}

/// Every floating-point format MLIR has, by keyword.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_float_kind {
    OMNIR_FLOAT_KIND_F16 = 0,
    OMNIR_FLOAT_KIND_BF16 = 1,
    OMNIR_FLOAT_KIND_F32 = 2,
    OMNIR_FLOAT_KIND_F64 = 3,
    OMNIR_FLOAT_KIND_F80 = 4,
    OMNIR_FLOAT_KIND_F128 = 5,
    OMNIR_FLOAT_KIND_TF32 = 6,
    OMNIR_FLOAT_KIND_F8E5M2 = 7,
    OMNIR_FLOAT_KIND_F8E4M3 = 8,
    OMNIR_FLOAT_KIND_F8E4M3FN = 9,
    OMNIR_FLOAT_KIND_F8E5M2FNUZ = 10,
    OMNIR_FLOAT_KIND_F8E4M3FNUZ = 11,
    OMNIR_FLOAT_KIND_F8E4M3B11FNUZ = 12,
    OMNIR_FLOAT_KIND_F8E3M4 = 13,
    OMNIR_FLOAT_KIND_F8E8M0FNU = 14,
    OMNIR_FLOAT_KIND_F6E2M3FN = 15,
    OMNIR_FLOAT_KIND_F6E3M2FN = 16,
    OMNIR_FLOAT_KIND_F4E2M1FN = 17,
}

/// The signedness of an integer type: `i32` (signless), `si32`, `ui32`.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_signedness {
    OMNIR_SIGNEDNESS_SIGNLESS = 0,
    OMNIR_SIGNEDNESS_SIGNED = 1,
    OMNIR_SIGNEDNESS_UNSIGNED = 2,
}

/// MLIR's dynamic dimension size (`?` in `tensor<?x4xf32>`), also the dynamic stride or
/// offset of a strided layout: `INT64_MIN`.
pub const OMNIR_DYNAMIC: i64 = i64::MIN;

// ---- helpers shared by the value API files ----

pub(crate) fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, message)
}

pub(crate) fn float_kind_arg(raw: u32) -> ApiResult<FloatKind> {
    FloatKind::ALL.get(raw as usize).copied().ok_or_else(|| invalid(format!("unknown omnir_float_kind {raw}")))
}

pub(crate) fn float_kind_out(kind: FloatKind) -> omnir_float_kind {
    use omnir_float_kind::*;
    const ALL: [omnir_float_kind; 18] = [
        OMNIR_FLOAT_KIND_F16,
        OMNIR_FLOAT_KIND_BF16,
        OMNIR_FLOAT_KIND_F32,
        OMNIR_FLOAT_KIND_F64,
        OMNIR_FLOAT_KIND_F80,
        OMNIR_FLOAT_KIND_F128,
        OMNIR_FLOAT_KIND_TF32,
        OMNIR_FLOAT_KIND_F8E5M2,
        OMNIR_FLOAT_KIND_F8E4M3,
        OMNIR_FLOAT_KIND_F8E4M3FN,
        OMNIR_FLOAT_KIND_F8E5M2FNUZ,
        OMNIR_FLOAT_KIND_F8E4M3FNUZ,
        OMNIR_FLOAT_KIND_F8E4M3B11FNUZ,
        OMNIR_FLOAT_KIND_F8E3M4,
        OMNIR_FLOAT_KIND_F8E8M0FNU,
        OMNIR_FLOAT_KIND_F6E2M3FN,
        OMNIR_FLOAT_KIND_F6E3M2FN,
        OMNIR_FLOAT_KIND_F4E2M1FN,
    ];
    ALL[FloatKind::ALL.iter().position(|k| *k == kind).expect("every kind is in ALL")]
}

/// The type as MLIR spells it, for error messages.
pub(crate) fn show_type(core: &Context, ty: Type) -> String {
    crate::asm::print_type(core, ty)
}

pub(crate) fn wrong_type_kind(core: &Context, ty: Type, expected: &str) -> ApiError {
    invalid(format!("expected {expected}, got {}", show_type(core, ty)))
}

/// Reads a `(handles, count)` array of types.
pub(crate) fn types_arg(
    c: &omnir_context,
    core: &Context,
    items: *const omnir_type,
    count: usize,
    what: &str,
) -> ApiResult<Vec<Type>> {
    slice_arg(items, count, what)?.iter().map(|&h| c.type_in(core, h)).collect()
}

/// Runs a constructor under the context's lock and writes the new type.
fn make_type(
    ctx: *mut omnir_context,
    out: *mut omnir_type,
    f: impl FnOnce(&omnir_context, &Context) -> ApiResult<Type>,
) -> ApiResult {
    let c = context_arg(ctx)?;
    check_out(out)?;
    let t = c.read(|core| f(c, core))?;
    write_out(out, c.type_out(t))
}

/// Runs a query on one type under the context's lock.
pub(crate) fn read_type<R>(
    ctx: *const omnir_context,
    ty: omnir_type,
    f: impl FnOnce(&omnir_context, &Context, Type) -> ApiResult<R>,
) -> ApiResult<R> {
    let c = context_arg(ctx)?;
    c.read(|core| {
        let t = c.type_in(core, ty)?;
        f(c, core, t)
    })
}

/// Runs a query on one type and writes its result to `out` (checked first).
fn query_type<R>(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut R,
    f: impl FnOnce(&omnir_context, &Context, Type) -> ApiResult<R>,
) -> ApiResult {
    check_out(out)?;
    let v = read_type(ctx, ty, f)?;
    write_out(out, v)
}

fn shape_of(core: &Context, t: Type) -> ApiResult<&[i64]> {
    match core.type_kind(t) {
        TypeKind::Vector { shape, .. } | TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => {
            Ok(shape)
        }
        _ => Err(wrong_type_kind(core, t, "a ranked shaped type (vector, ranked tensor or memref)")),
    }
}

fn is_shaped_kind(kind: &TypeKind) -> bool {
    matches!(
        kind,
        TypeKind::Vector { .. }
            | TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. }
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
    )
}

// ---- constructors ----

/// The integer type of `width` bits and the given signedness: `i32`, `si8`, `ui64`.
///
/// - `ctx`: the context.
/// - `width`: bit width, at most 16777215 (MLIR's limit); 0 is allowed.
/// - `signedness`: an `omnir_signedness`.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`), `OMNIR_ERROR_INVALID_ARGUMENT`
/// (width too large, unknown signedness).
#[no_mangle]
pub extern "C" fn omnir_integer_type_get(
    ctx: *mut omnir_context,
    width: u32,
    signedness: u32,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let signedness = match signedness {
            0 => Signedness::Signless,
            1 => Signedness::Signed,
            2 => Signedness::Unsigned,
            other => return Err(invalid(format!("unknown omnir_signedness {other}"))),
        };
        make_type(ctx, out, |_, core| Ok(core.integer_type(width, signedness)?))
    })
}

/// The `index` type.
///
/// - `ctx`: the context. `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`).
#[no_mangle]
pub extern "C" fn omnir_index_type_get(ctx: *mut omnir_context, out: *mut omnir_type) -> omnir_status {
    ffi_call(|| make_type(ctx, out, |_, core| Ok(core.index_type())))
}

/// A floating-point type: `f32`, `bf16`, `f8E4M3FN`...
///
/// - `ctx`: the context.
/// - `kind`: an `omnir_float_kind`.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`), `OMNIR_ERROR_INVALID_ARGUMENT`
/// (unknown kind).
#[no_mangle]
pub extern "C" fn omnir_float_type_get(ctx: *mut omnir_context, kind: u32, out: *mut omnir_type) -> omnir_status {
    ffi_call(|| {
        let kind = float_kind_arg(kind)?;
        make_type(ctx, out, |_, core| Ok(core.float_type(kind)))
    })
}

/// The `none` type.
///
/// - `ctx`: the context. `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`).
#[no_mangle]
pub extern "C" fn omnir_none_type_get(ctx: *mut omnir_context, out: *mut omnir_type) -> omnir_status {
    ffi_call(|| make_type(ctx, out, |_, core| Ok(core.none_type())))
}

/// `complex<element>`.
///
/// - `ctx`: the context.
/// - `element`: an integer or float type.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT` (handle of another
/// context), `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle, element neither
/// integer nor float).
#[no_mangle]
pub extern "C" fn omnir_complex_type_get(
    ctx: *mut omnir_context,
    element: omnir_type,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let e = c.type_in(core, element)?;
            Ok(core.complex_type(e)?)
        })
    })
}

/// The function type `(inputs) -> (results)`.
///
/// - `ctx`: the context.
/// - `inputs`, `num_inputs`: the input types (`inputs` may be NULL when `num_inputs` is 0).
/// - `results`, `num_results`: the result types (likewise).
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (a zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_function_type_get(
    ctx: *mut omnir_context,
    inputs: *const omnir_type,
    num_inputs: usize,
    results: *const omnir_type,
    num_results: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let ins = types_arg(c, core, inputs, num_inputs, "inputs")?;
            let outs = types_arg(c, core, results, num_results, "results")?;
            Ok(core.function_type(&ins, &outs))
        })
    })
}

/// `tuple<elements>`.
///
/// - `ctx`: the context.
/// - `elements`, `num_elements`: the element types (`elements` may be NULL when the count
///   is 0).
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (a zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_tuple_type_get(
    ctx: *mut omnir_context,
    elements: *const omnir_type,
    num_elements: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let elems = types_arg(c, core, elements, num_elements, "elements")?;
            Ok(core.tuple_type(&elems))
        })
    })
}

/// `vector<shape x element>`, with scalable dimensions (`vector<[4]x8xf32>`).
///
/// - `ctx`: the context.
/// - `shape`, `rank`: the dimension sizes, each positive (vectors have no dynamic sizes).
/// - `scalable`: NULL (no scalable dimension) or `rank` flags, `true` for a `[n]` dimension.
/// - `element`: an integer, index or float type.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (a size that is not positive, a bad element type, a
/// zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_vector_type_get(
    ctx: *mut omnir_context,
    shape: *const i64,
    rank: usize,
    scalable: *const bool,
    element: omnir_type,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let shape = slice_arg(shape, rank, "shape")?;
            let scalable = if scalable.is_null() { &[][..] } else { slice_arg(scalable, rank, "scalable")? };
            let e = c.type_in(core, element)?;
            Ok(core.vector_type(shape, scalable, e)?)
        })
    })
}

/// `tensor<shape x element, encoding>`.
///
/// - `ctx`: the context.
/// - `shape`, `rank`: the dimension sizes, each non-negative or `OMNIR_DYNAMIC`.
/// - `element`: the element type (builtin scalars, complex, vector, opaque and dialect
///   types; not tensors, memrefs, functions, tuples or `none`).
/// - `encoding`: an attribute, or the zeroed handle for none.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (negative size, bad element type, unknown handle).
#[no_mangle]
pub extern "C" fn omnir_ranked_tensor_type_get(
    ctx: *mut omnir_context,
    shape: *const i64,
    rank: usize,
    element: omnir_type,
    encoding: omnir_attribute,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let shape = slice_arg(shape, rank, "shape")?;
            let e = c.type_in(core, element)?;
            let enc = c.opt_attr_in(core, encoding)?;
            Ok(core.ranked_tensor_type(shape, e, enc)?)
        })
    })
}

/// `tensor<*xelement>`.
///
/// - `ctx`: the context. `element`: the element type (as for ranked tensors).
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (bad element type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_unranked_tensor_type_get(
    ctx: *mut omnir_context,
    element: omnir_type,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let e = c.type_in(core, element)?;
            Ok(core.unranked_tensor_type(e)?)
        })
    })
}

/// `memref<shape x element, layout, memory_space>`.
///
/// As MLIR canonicalizes them, an identity affine-map layout is stored as no layout and an
/// integer memory space of 0 as the default space, so
/// `omnir_memref_type_get_layout`/`_get_memory_space` then return the zeroed handle.
///
/// - `ctx`: the context.
/// - `shape`, `rank`: the dimension sizes, each non-negative or `OMNIR_DYNAMIC`.
/// - `element`: a type implementing `builtin.MemRefElementTypeInterface` (builtin scalars,
///   complex, vector, memref, or a dialect type declaring the interface).
/// - `layout`: an affine map or strided layout of matching rank (or any attribute
///   implementing `builtin.MemRefLayoutAttrInterface`), or the zeroed handle for identity.
/// - `memory_space`: any attribute, or the zeroed handle for the default space.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (negative size, bad element type, bad or mismatched
/// layout, unknown handle).
#[no_mangle]
pub extern "C" fn omnir_memref_type_get(
    ctx: *mut omnir_context,
    shape: *const i64,
    rank: usize,
    element: omnir_type,
    layout: omnir_attribute,
    memory_space: omnir_attribute,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let shape = slice_arg(shape, rank, "shape")?;
            let e = c.type_in(core, element)?;
            let layout = c.opt_attr_in(core, layout)?;
            let space = c.opt_attr_in(core, memory_space)?;
            Ok(core.memref_type(shape, e, layout, space)?)
        })
    })
}

/// `memref<*xelement, memory_space>`.
///
/// - `ctx`: the context. `element`: as for ranked memrefs.
/// - `memory_space`: any attribute, or the zeroed handle for the default space.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (bad element type, unknown handle).
#[no_mangle]
pub extern "C" fn omnir_unranked_memref_type_get(
    ctx: *mut omnir_context,
    element: omnir_type,
    memory_space: omnir_attribute,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let e = c.type_in(core, element)?;
            let space = c.opt_attr_in(core, memory_space)?;
            Ok(core.unranked_memref_type(e, space)?)
        })
    })
}

/// `!dialect.data`: a type of a dialect that is not registered, its body kept verbatim.
///
/// - `ctx`: the context.
/// - `dialect`, `dialect_len`: the dialect namespace, UTF-8: a letter or `_`, then letters,
///   digits, `_` or `$` (MLIR's `Dialect::isValidNamespace`).
/// - `data`, `data_len`: the body text, UTF-8.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` ("invalid dialect namespace", as MLIR's verifier).
#[no_mangle]
pub extern "C" fn omnir_opaque_type_get(
    ctx: *mut omnir_context,
    dialect: *const c_char,
    dialect_len: usize,
    data: *const c_char,
    data_len: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        // The context first, so that a NULL context is reported as such.
        context_arg(ctx)?;
        let dialect = str_arg(dialect, dialect_len, "dialect")?;
        let data = str_arg(data, data_len, "data")?;
        if !crate::dialect::is_valid_dialect_namespace(dialect) {
            return Err(crate::dialect::invalid_dialect_namespace(dialect).into());
        }
        make_type(ctx, out, |_, core| Ok(core.opaque_type(dialect, data)))
    })
}

/// An instance of a type defined at run time by a registered dialect; the definition's
/// parameter verifier (if any) runs.
///
/// - `ctx`: the context.
/// - `def`: the type definition id returned when the type was registered.
/// - `params`, `num_params`: one attribute per declared parameter.
/// - `out`: receives the type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unknown definition, wrong number of parameters, unknown
/// handle), `OMNIR_ERROR_VERIFICATION_FAILED` (the verifier refused the parameters).
#[no_mangle]
pub extern "C" fn omnir_dialect_type_get(
    ctx: *mut omnir_context,
    def: u32,
    params: *const omnir_attribute,
    num_params: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        make_type(ctx, out, |c, core| {
            let params = super::attributes::attrs_arg(c, core, params, num_params, "params")?;
            Ok(core.dialect_type(TypeDefId(def), &params)?)
        })
    })
}

/// MLIR's dynamic size marker, `OMNIR_DYNAMIC` (`INT64_MIN`), for languages that cannot
/// read the header's constant.
#[no_mangle]
pub extern "C" fn omnir_dynamic_size() -> i64 {
    OMNIR_DYNAMIC
}

// ---- kind checks ----

/// The kind of a type.
///
/// - `ctx`: the context. `ty`: the type. `out`: receives an `omnir_type_kind`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_get_kind(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_type_kind,
) -> omnir_status {
    use omnir_type_kind::*;
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| {
            Ok(match core.type_kind(t) {
                TypeKind::Integer { .. } => OMNIR_TYPE_KIND_INTEGER,
                TypeKind::Index => OMNIR_TYPE_KIND_INDEX,
                TypeKind::Float(_) => OMNIR_TYPE_KIND_FLOAT,
                TypeKind::Complex(_) => OMNIR_TYPE_KIND_COMPLEX,
                TypeKind::None => OMNIR_TYPE_KIND_NONE,
                TypeKind::Function { .. } => OMNIR_TYPE_KIND_FUNCTION,
                TypeKind::Tuple(_) => OMNIR_TYPE_KIND_TUPLE,
                TypeKind::Vector { .. } => OMNIR_TYPE_KIND_VECTOR,
                TypeKind::RankedTensor { .. } => OMNIR_TYPE_KIND_RANKED_TENSOR,
                TypeKind::UnrankedTensor { .. } => OMNIR_TYPE_KIND_UNRANKED_TENSOR,
                TypeKind::MemRef { .. } => OMNIR_TYPE_KIND_MEMREF,
                TypeKind::UnrankedMemRef { .. } => OMNIR_TYPE_KIND_UNRANKED_MEMREF,
                TypeKind::Opaque { .. } => OMNIR_TYPE_KIND_OPAQUE,
                TypeKind::Dialect { .. } => OMNIR_TYPE_KIND_DIALECT,
            })
        })
    })
}

/// Whether a type is an integer type (of any width and signedness; not `index`).
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_is_integer(ctx: *const omnir_context, ty: omnir_type, out: *mut bool) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(matches!(core.type_kind(t), TypeKind::Integer { .. }))))
}

/// Whether a type is a floating-point type (any `omnir_float_kind`).
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_is_float(ctx: *const omnir_context, ty: omnir_type, out: *mut bool) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(matches!(core.type_kind(t), TypeKind::Float(_)))))
}

/// Whether a type is shaped: implements `builtin.ShapedTypeInterface` (vectors, tensors,
/// memrefs, and dialect types that declare the interface).
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_is_shaped(ctx: *const omnir_context, ty: omnir_type, out: *mut bool) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(core.is_shaped(t))))
}

/// The TypeId of a type's kind (`builtin.integer`, `builtin.f32`, `quant.uniform`...).
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the TypeId.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_get_type_id(ctx: *const omnir_context, ty: omnir_type, out: *mut u32) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(core.type_id(t).as_u32())))
}

/// Whether a type implements an interface, asked of the registry (builtin answers,
/// the type's own definition, then externally attached implementations), so the answer
/// is the same from every package in the process.
///
/// - `ctx`: the context. `ty`: the type.
/// - `interface`: the interface's TypeId (e.g. from
///   `omnir_typeid_get("builtin.MemRefElementTypeInterface")`).
/// - `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle, unknown TypeId).
#[no_mangle]
pub extern "C" fn omnir_type_implements(
    ctx: *const omnir_context,
    ty: omnir_type,
    interface: u32,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let iface = typeid_arg(interface)?;
        query_type(ctx, ty, out, |_, core, t| Ok(core.type_implements(t, iface)))
    })
}

// ---- accessors ----

/// The width in bits of an integer type.
///
/// - `ctx`: the context. `ty`: an integer type. `out`: receives the width.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_type_get_width(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| match core.type_kind(t) {
            TypeKind::Integer { width, .. } => Ok(*width),
            _ => Err(wrong_type_kind(core, t, "an integer type")),
        })
    })
}

/// The signedness of an integer type.
///
/// - `ctx`: the context. `ty`: an integer type. `out`: receives an `omnir_signedness`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an integer type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_integer_type_get_signedness(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_signedness,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| match core.type_kind(t) {
            TypeKind::Integer { signedness, .. } => Ok(match signedness {
                Signedness::Signless => omnir_signedness::OMNIR_SIGNEDNESS_SIGNLESS,
                Signedness::Signed => omnir_signedness::OMNIR_SIGNEDNESS_SIGNED,
                Signedness::Unsigned => omnir_signedness::OMNIR_SIGNEDNESS_UNSIGNED,
            }),
            _ => Err(wrong_type_kind(core, t, "an integer type")),
        })
    })
}

/// The format of a float type.
///
/// - `ctx`: the context. `ty`: a float type. `out`: receives an `omnir_float_kind`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a float type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_float_type_get_kind(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_float_kind,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| match core.type_kind(t) {
            TypeKind::Float(k) => Ok(float_kind_out(*k)),
            _ => Err(wrong_type_kind(core, t, "a float type")),
        })
    })
}

/// The bit width of an integer, float or index type (`index` counts as 64 bits, MLIR's
/// data layout default; `tf32` is 19 bits, `f80` 80).
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the width.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind of type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_get_int_or_float_bit_width(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| {
            core.int_or_float_bit_width(t).ok_or_else(|| wrong_type_kind(core, t, "an integer, index or float type"))
        })
    })
}

/// The element type of a shaped type (vector, tensor, memref, ranked or not) or of a
/// complex type.
///
/// - `ctx`: the context. `ty`: the type. `out`: receives the element type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (a type without elements, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_type_get_element_type(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| {
            let e = core.element_type(t).ok_or_else(|| wrong_type_kind(core, t, "a shaped or complex type"))?;
            Ok(c.type_out(e))
        })
    })
}

/// Whether a builtin shaped type is ranked (vector, ranked tensor, memref) rather than
/// unranked (`tensor<*x..>`, `memref<*x..>`).
///
/// - `ctx`: the context. `ty`: a builtin shaped type. `out`: receives the answer.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a builtin shaped type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_shaped_type_has_rank(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| {
            let kind = core.type_kind(t);
            if !is_shaped_kind(kind) {
                return Err(wrong_type_kind(core, t, "a shaped type"));
            }
            Ok(core.shape(t).is_some())
        })
    })
}

/// The rank (number of dimensions) of a ranked shaped type.
///
/// - `ctx`: the context. `ty`: a vector, ranked tensor or memref. `out`: receives the rank.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unranked or not shaped, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_shaped_type_get_rank(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(shape_of(core, t)?.len())))
}

/// One dimension size of a ranked shaped type; `OMNIR_DYNAMIC` for `?`.
///
/// - `ctx`: the context. `ty`: a vector, ranked tensor or memref.
/// - `index`: the dimension, below the rank.
/// - `out`: receives the size.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unranked or not shaped, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE` (index not below the rank).
#[no_mangle]
pub extern "C" fn omnir_shaped_type_get_dim(
    ctx: *const omnir_context,
    ty: omnir_type,
    index: usize,
    out: *mut i64,
) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(*index_arg(shape_of(core, t)?, index, "dimension")?)))
}

/// The number of elements of a statically shaped type (the product of its sizes).
///
/// - `ctx`: the context. `ty`: a vector, ranked tensor or memref with no dynamic size.
/// - `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (unranked, dynamic or not shaped; the count overflows
/// 64 bits; zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_shaped_type_get_num_elements(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| {
            let shape = shape_of(core, t)?;
            if shape.contains(&DYNAMIC) {
                return Err(wrong_type_kind(core, t, "a statically shaped type"));
            }
            shape
                .iter()
                .try_fold(1u64, |acc, &d| acc.checked_mul(d as u64))
                .ok_or_else(|| invalid("the number of elements overflows 64 bits"))
        })
    })
}

/// Whether one dimension of a vector type is scalable (`[4]`).
///
/// - `ctx`: the context. `ty`: a vector type. `index`: the dimension, below the rank.
/// - `out`: receives the flag.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a vector type, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_vector_type_is_dim_scalable(
    ctx: *const omnir_context,
    ty: omnir_type,
    index: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |_, core, t| match core.type_kind(t) {
            TypeKind::Vector { scalable, .. } => Ok(*index_arg(scalable, index, "dimension")?),
            _ => Err(wrong_type_kind(core, t, "a vector type")),
        })
    })
}

/// The encoding attribute of a ranked tensor type; the zeroed handle when it has none.
///
/// - `ctx`: the context. `ty`: a ranked tensor type. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a ranked tensor type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_ranked_tensor_type_get_encoding(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| match core.type_kind(t) {
            TypeKind::RankedTensor { encoding, .. } => Ok(encoding.map(|a| c.attr_out(a)).unwrap_or_default()),
            _ => Err(wrong_type_kind(core, t, "a ranked tensor type")),
        })
    })
}

/// The layout attribute of a memref type; the zeroed handle for the identity layout
/// (which is how an identity affine map given at construction is stored).
///
/// - `ctx`: the context. `ty`: a ranked memref type. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a ranked memref type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_memref_type_get_layout(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| match core.type_kind(t) {
            TypeKind::MemRef { layout, .. } => Ok(layout.map(|a| c.attr_out(a)).unwrap_or_default()),
            _ => Err(wrong_type_kind(core, t, "a ranked memref type")),
        })
    })
}

/// The memory space of a memref type, ranked or unranked; the zeroed handle for the
/// default space.
///
/// - `ctx`: the context. `ty`: a memref type. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a memref type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_memref_type_get_memory_space(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| match core.type_kind(t) {
            TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
                Ok(memory_space.map(|a| c.attr_out(a)).unwrap_or_default())
            }
            _ => Err(wrong_type_kind(core, t, "a memref type")),
        })
    })
}

fn function_parts(core: &Context, t: Type) -> ApiResult<(&[Type], &[Type])> {
    match core.type_kind(t) {
        TypeKind::Function { inputs, results } => Ok((inputs, results)),
        _ => Err(wrong_type_kind(core, t, "a function type")),
    }
}

/// The number of inputs of a function type.
///
/// - `ctx`: the context. `ty`: a function type. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a function type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_function_type_get_num_inputs(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(function_parts(core, t)?.0.len())))
}

/// One input type of a function type.
///
/// - `ctx`: the context. `ty`: a function type. `index`: below the number of inputs.
/// - `out`: receives the input type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a function type, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_function_type_get_input(
    ctx: *const omnir_context,
    ty: omnir_type,
    index: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| Ok(c.type_out(*index_arg(function_parts(core, t)?.0, index, "input")?)))
    })
}

/// The number of results of a function type.
///
/// - `ctx`: the context. `ty`: a function type. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a function type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_function_type_get_num_results(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(function_parts(core, t)?.1.len())))
}

/// One result type of a function type.
///
/// - `ctx`: the context. `ty`: a function type. `index`: below the number of results.
/// - `out`: receives the result type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a function type, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_function_type_get_result(
    ctx: *const omnir_context,
    ty: omnir_type,
    index: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| Ok(c.type_out(*index_arg(function_parts(core, t)?.1, index, "result")?)))
    })
}

fn tuple_parts(core: &Context, t: Type) -> ApiResult<&[Type]> {
    match core.type_kind(t) {
        TypeKind::Tuple(elems) => Ok(elems),
        _ => Err(wrong_type_kind(core, t, "a tuple type")),
    }
}

/// The number of element types of a tuple type.
///
/// - `ctx`: the context. `ty`: a tuple type. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a tuple type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_tuple_type_get_num_types(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(tuple_parts(core, t)?.len())))
}

/// One element type of a tuple type.
///
/// - `ctx`: the context. `ty`: a tuple type. `index`: below the number of elements.
/// - `out`: receives the element type.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a tuple type, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_tuple_type_get_type(
    ctx: *const omnir_context,
    ty: omnir_type,
    index: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| Ok(c.type_out(*index_arg(tuple_parts(core, t)?, index, "element")?)))
    })
}

fn opaque_part(ctx: *const omnir_context, ty: omnir_type, out: *mut omnir_string, data_part: bool) -> ApiResult {
    check_out(out)?;
    read_type(ctx, ty, |_, core, t| match core.type_kind(t) {
        TypeKind::Opaque { dialect, data } => {
            let id = if data_part { *data } else { *dialect };
            write_string_out(out, core.ident_str(id).as_bytes())
        }
        _ => Err(wrong_type_kind(core, t, "an opaque type")),
    })
}

/// The dialect namespace of an opaque type, as a new string.
///
/// - `ctx`: the context. `ty`: an opaque type. `out`: receives the string (free it with
///   `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an opaque type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_opaque_type_get_dialect(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| opaque_part(ctx, ty, out, false))
}

/// The body text of an opaque type, as a new string.
///
/// - `ctx`: the context. `ty`: an opaque type. `out`: receives the string (free it with
///   `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not an opaque type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_opaque_type_get_data(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| opaque_part(ctx, ty, out, true))
}

fn dialect_parts(core: &Context, t: Type) -> ApiResult<(TypeDefId, &[crate::attrs::Attribute])> {
    match core.type_kind(t) {
        TypeKind::Dialect { def, params } => Ok((*def, params)),
        _ => Err(wrong_type_kind(core, t, "a dialect type")),
    }
}

/// The type definition id of a dialect type.
///
/// - `ctx`: the context. `ty`: a dialect type. `out`: receives the definition id.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dialect type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dialect_type_get_def(ctx: *const omnir_context, ty: omnir_type, out: *mut u32) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(dialect_parts(core, t)?.0.to_raw())))
}

/// The number of parameters of a dialect type.
///
/// - `ctx`: the context. `ty`: a dialect type. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dialect type, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_dialect_type_get_num_params(
    ctx: *const omnir_context,
    ty: omnir_type,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_type(ctx, ty, out, |_, core, t| Ok(dialect_parts(core, t)?.1.len())))
}

/// One parameter of a dialect type.
///
/// - `ctx`: the context. `ty`: a dialect type. `index`: below the number of parameters.
/// - `out`: receives the parameter attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a dialect type, zeroed or unknown handle),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_dialect_type_get_param(
    ctx: *const omnir_context,
    ty: omnir_type,
    index: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_type(ctx, ty, out, |c, core, t| {
            Ok(c.attr_out(*index_arg(dialect_parts(core, t)?.1, index, "parameter")?))
        })
    })
}
