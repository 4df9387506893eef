//! TypeIds at the C edge: process-wide ids interned by fully qualified name.
//!
//! A TypeId is a plain `uint32_t`. The same name always gives the same id in a process,
//! whichever package asks (the core is loaded once), so ids can be compared and stored
//! freely. Any value, including 0, may be a valid id; ids are not tied to a context.
//!
//! Names in use:
//! - builtin type kinds: `builtin.integer`, `builtin.index`, `builtin.f32` (one per float
//!   kind, by keyword), `builtin.complex`, `builtin.none`, `builtin.function`,
//!   `builtin.tuple`, `builtin.vector`, `builtin.tensor`, `builtin.unranked_tensor`,
//!   `builtin.memref`, `builtin.unranked_memref`, `builtin.opaque`;
//! - builtin attribute kinds, `#`-prefixed so they differ from types: `#builtin.integer`,
//!   `#builtin.float`, `#builtin.string`, `#builtin.array`, `#builtin.dense_int_or_fp_elements`,
//!   `#builtin.file_line_col_range`, ...;
//! - dialect types `dialect.name` and dialect attributes `#dialect.name`;
//! - operations by name (`builtin.module`);
//! - the builtin interfaces: `builtin.MemRefElementTypeInterface`,
//!   `builtin.ShapedTypeInterface`, `builtin.FloatTypeInterface`,
//!   `builtin.TypedAttrInterface`, `builtin.ElementsAttrInterface`,
//!   `builtin.MemRefLayoutAttrInterface`, `builtin.LocationAttrInterface`.

use std::ffi::c_char;

use super::omnir_string;
use super::{ffi_call, omnir_status, str_arg, write_out, write_string_out, ApiError, ApiResult};
use crate::typeid::TypeId;

/// The TypeId of an id number, or `OMNIR_ERROR_INVALID_ARGUMENT`.
pub(crate) fn typeid_arg(raw: u32) -> ApiResult<TypeId> {
    TypeId::from_u32(raw)
        .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, format!("unknown TypeId {raw}")))
}

/// The TypeId for a fully qualified name (`builtin.integer`, `quant.uniform`,
/// `builtin.MemRefElementTypeInterface`), interning the name if it is new. The same name
/// gives the same id for the life of the process, whichever package asks. Ids are plain
/// numbers, not tied to a context; any value, including 0, may be a valid id. The builtin
/// interfaces are `builtin.MemRefElementTypeInterface`, `builtin.ShapedTypeInterface`,
/// `builtin.FloatTypeInterface`, `builtin.TypedAttrInterface`,
/// `builtin.ElementsAttrInterface`, `builtin.MemRefLayoutAttrInterface` and
/// `builtin.LocationAttrInterface`; builtin kinds are `builtin.<name>` for types and
/// `#builtin.<name>` for attributes.
///
/// - `name`, `name_len`: the name, UTF-8, not necessarily NUL-terminated; must not be empty.
/// - `out`: receives the id.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `name` with a nonzero length, or NULL `out`),
/// `OMNIR_ERROR_INVALID_UTF8`, `OMNIR_ERROR_INVALID_ARGUMENT` (empty name).
#[no_mangle]
pub extern "C" fn omnir_typeid_get(name: *const c_char, name_len: usize, out: *mut u32) -> omnir_status {
    ffi_call(|| {
        let name = str_arg(name, name_len, "name")?;
        if name.is_empty() {
            return Err(ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "a TypeId name must not be empty"));
        }
        super::check_out(out)?;
        write_out(out, TypeId::of(name).as_u32())
    })
}

/// The fully qualified name of a TypeId, as a new string (free it with `omnir_string_free`).
///
/// - `id`: a TypeId from any omnir function.
/// - `out`: receives the name.
///
/// Errors: `OMNIR_ERROR_INVALID_ARGUMENT` (no such id), `OMNIR_ERROR_NULL_ARGUMENT` (NULL
/// `out`).
#[no_mangle]
pub extern "C" fn omnir_typeid_get_name(id: u32, out: *mut omnir_string) -> omnir_status {
    ffi_call(|| {
        let id = typeid_arg(id)?;
        write_string_out(out, id.name().as_bytes())
    })
}
