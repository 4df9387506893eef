//! Locations at the C edge: constructors per kind, accessors, and conversion to and from
//! attributes (a location is an attribute, as in MLIR).
//!
//! Locations are uniqued, so **location equality is handle equality**. Constructors are
//! `omnir_<kind>_loc_get` (`unknown`, `file_line_col`, `file_line_col_range`, `name`,
//! `call_site`, `fused`), accessors `omnir_<kind>_loc_get_<what>`. Printing is
//! `omnir_location_print` (in `api/asm.rs`).

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_attribute, omnir_location};
use super::types::invalid;
use super::{
    check_out, ffi_call, index_arg, omnir_status, omnir_string, slice_arg, str_arg, write_out, write_string_out,
    ApiResult,
};
use crate::attrs::{Location, LocationKind};
use crate::context::Context;

/// The kind of a location, from `omnir_location_get_kind`.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_location_kind {
    /// `loc(unknown)`.
    OMNIR_LOCATION_KIND_UNKNOWN = 0,
    /// `loc("file":line:col)` or the range `loc("file":l1:c1 to l2:c2)`.
    OMNIR_LOCATION_KIND_FILE_LINE_COL = 1,
    /// `loc("name")` or `loc("name"(child))`.
    OMNIR_LOCATION_KIND_NAME = 2,
    /// `loc(callsite(callee at caller))`.
    OMNIR_LOCATION_KIND_CALL_SITE = 3,
    /// `loc(fused[...])` or `loc(fused<metadata>[...])`.
    OMNIR_LOCATION_KIND_FUSED = 4,
}

fn make_loc(
    ctx: *mut omnir_context,
    out: *mut omnir_location,
    f: impl FnOnce(&omnir_context, &Context) -> ApiResult<Location>,
) -> ApiResult {
    let c = context_arg(ctx)?;
    check_out(out)?;
    let l = c.read(|core| f(c, core))?;
    write_out(out, c.loc_out(l))
}

fn read_loc<R>(
    ctx: *const omnir_context,
    loc: omnir_location,
    f: impl FnOnce(&omnir_context, &Context, Location) -> ApiResult<R>,
) -> ApiResult<R> {
    let c = context_arg(ctx)?;
    c.read(|core| {
        let l = c.loc_in(core, loc)?;
        f(c, core, l)
    })
}

fn query_loc<R>(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut R,
    f: impl FnOnce(&omnir_context, &Context, Location) -> ApiResult<R>,
) -> ApiResult {
    check_out(out)?;
    let v = read_loc(ctx, loc, f)?;
    write_out(out, v)
}

fn wrong_loc_kind(core: &Context, l: Location, expected: &str) -> super::ApiError {
    invalid(format!("expected {expected}, got {}", crate::asm::print_location(core, l)))
}

// ---- constructors ----

/// `loc(unknown)`.
///
/// - `ctx`: the context. `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx` or `out`).
#[no_mangle]
pub extern "C" fn omnir_unknown_loc_get(ctx: *mut omnir_context, out: *mut omnir_location) -> omnir_status {
    ffi_call(|| make_loc(ctx, out, |_, core| Ok(core.unknown_loc())))
}

/// `loc("file":line:col)`.
///
/// - `ctx`: the context. `file`, `file_len`: the file name, UTF-8.
/// - `line`, `col`: the position (1-based by convention; 0 is allowed).
/// - `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`.
#[no_mangle]
pub extern "C" fn omnir_file_line_col_loc_get(
    ctx: *mut omnir_context,
    file: *const c_char,
    file_len: usize,
    line: u32,
    col: u32,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let file = str_arg(file, file_len, "file")?;
        make_loc(ctx, out, |_, core| Ok(core.file_line_col_loc(file, line, col)))
    })
}

/// `loc("file":start_line:start_col to end_line:end_col)`: a source range. A range whose
/// end equals its start is the plain `file:line:col` location.
///
/// - `ctx`: the context. `file`, `file_len`: the file name, UTF-8.
/// - `start_line`, `start_col`, `end_line`, `end_col`: the range.
/// - `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`.
#[no_mangle]
pub extern "C" fn omnir_file_line_col_range_loc_get(
    ctx: *mut omnir_context,
    file: *const c_char,
    file_len: usize,
    start_line: u32,
    start_col: u32,
    end_line: u32,
    end_col: u32,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let file = str_arg(file, file_len, "file")?;
        make_loc(ctx, out, |_, core| Ok(core.file_line_col_range_loc(file, start_line, start_col, end_line, end_col)))
    })
}

/// `loc("name")` or `loc("name"(child))`.
///
/// - `ctx`: the context. `name`, `name_len`: the name, UTF-8.
/// - `child`: a location, or the zeroed handle for none (an unknown child is the same as
///   none, as in MLIR).
/// - `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT` (unknown handle).
#[no_mangle]
pub extern "C" fn omnir_name_loc_get(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    child: omnir_location,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let name = str_arg(name, name_len, "name")?;
        make_loc(ctx, out, |c, core| {
            let child = c.opt_loc_in(core, child)?;
            Ok(core.name_loc(name, child))
        })
    })
}

/// `loc(callsite(callee at caller))`.
///
/// - `ctx`: the context. `callee`: where the code is. `caller`: where it was called from.
/// - `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_call_site_loc_get(
    ctx: *mut omnir_context,
    callee: omnir_location,
    caller: omnir_location,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        make_loc(ctx, out, |c, core| {
            let callee = c.loc_in(core, callee)?;
            let caller = c.loc_in(core, caller)?;
            Ok(core.call_site_loc(callee, caller))
        })
    })
}

/// `loc(fused[locations])` or `loc(fused<metadata>[locations])`, simplified as MLIR does:
/// nested fused locations with the same metadata are flattened, unknown locations and
/// duplicates dropped, and a single location without metadata is returned as itself (so
/// the result is not always of kind FUSED).
///
/// - `ctx`: the context. `locations`, `num_locations`: the locations (NULL allowed when 0).
/// - `metadata`: an attribute, or the zeroed handle for none.
/// - `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown location handle).
#[no_mangle]
pub extern "C" fn omnir_fused_loc_get(
    ctx: *mut omnir_context,
    locations: *const omnir_location,
    num_locations: usize,
    metadata: omnir_attribute,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        make_loc(ctx, out, |c, core| {
            let locs: Vec<Location> = slice_arg(locations, num_locations, "locations")?
                .iter()
                .map(|&h| c.loc_in(core, h))
                .collect::<ApiResult<_>>()?;
            let metadata = c.opt_attr_in(core, metadata)?;
            Ok(core.fused_loc(&locs, metadata))
        })
    })
}

// ---- conversions ----

/// A location as an attribute (the same uniqued value; its attribute kind is
/// `OMNIR_ATTRIBUTE_KIND_LOCATION`).
///
/// - `ctx`: the context. `loc`: the location. `out`: receives the attribute.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_location_to_attribute(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| query_loc(ctx, loc, out, |c, _, l| Ok(c.attr_out(l.attr()))))
}

/// An attribute as a location, when it is one.
///
/// - `ctx`: the context. `attr`: a location attribute. `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (not a location, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_attribute_to_location(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        check_out(out)?;
        let l = c.read(|core| {
            let a = c.attr_in(core, attr)?;
            core.as_location(a).ok_or_else(|| {
                invalid(format!("expected a location attribute, got {}", crate::asm::print_attribute(core, a)))
            })
        })?;
        write_out(out, c.loc_out(l))
    })
}

// ---- accessors ----

/// The kind of a location.
///
/// - `ctx`: the context. `loc`: the location. `out`: receives an `omnir_location_kind`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_location_get_kind(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_location_kind,
) -> omnir_status {
    use omnir_location_kind::*;
    ffi_call(|| {
        query_loc(ctx, loc, out, |_, core, l| {
            Ok(match core.location_kind(l) {
                LocationKind::Unknown => OMNIR_LOCATION_KIND_UNKNOWN,
                LocationKind::FileLineCol { .. } => OMNIR_LOCATION_KIND_FILE_LINE_COL,
                LocationKind::Name { .. } => OMNIR_LOCATION_KIND_NAME,
                LocationKind::CallSite { .. } => OMNIR_LOCATION_KIND_CALL_SITE,
                LocationKind::Fused { .. } => OMNIR_LOCATION_KIND_FUSED,
            })
        })
    })
}

/// The file name of a file:line:col location, as a new string.
///
/// - `ctx`: the context. `loc`: a file:line:col location.
/// - `out`: receives the name (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_file_line_col_loc_get_file(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        check_out(out)?;
        let file = read_loc(ctx, loc, |_, core, l| match core.location_kind(l) {
            LocationKind::FileLineCol { file, .. } => Ok(core.ident_str(*file).as_bytes().to_vec()),
            _ => Err(wrong_loc_kind(core, l, "a file:line:col location")),
        })?;
        write_string_out(out, &file)
    })
}

/// The range of a file:line:col location (start and end are equal for a plain
/// `file:line:col`).
///
/// - `ctx`: the context. `loc`: a file:line:col location.
/// - `out_start_line`, `out_start_col`, `out_end_line`, `out_end_col`: receive the range.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_file_line_col_loc_get_range(
    ctx: *const omnir_context,
    loc: omnir_location,
    out_start_line: *mut u32,
    out_start_col: *mut u32,
    out_end_line: *mut u32,
    out_end_col: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        check_out(out_start_line)?;
        check_out(out_start_col)?;
        check_out(out_end_line)?;
        check_out(out_end_col)?;
        let r = read_loc(ctx, loc, |_, core, l| match core.location_kind(l) {
            LocationKind::FileLineCol { start_line, start_col, end_line, end_col, .. } => {
                Ok((*start_line, *start_col, *end_line, *end_col))
            }
            _ => Err(wrong_loc_kind(core, l, "a file:line:col location")),
        })?;
        write_out(out_start_line, r.0)?;
        write_out(out_start_col, r.1)?;
        write_out(out_end_line, r.2)?;
        write_out(out_end_col, r.3)
    })
}

/// The name of a name location, as a new string.
///
/// - `ctx`: the context. `loc`: a name location.
/// - `out`: receives the name (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_name_loc_get_name(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        check_out(out)?;
        let name = read_loc(ctx, loc, |_, core, l| match core.location_kind(l) {
            LocationKind::Name { name, .. } => Ok(core.ident_str(*name).as_bytes().to_vec()),
            _ => Err(wrong_loc_kind(core, l, "a name location")),
        })?;
        write_string_out(out, &name)
    })
}

/// The child location of a name location; `loc(unknown)` when it has none (as MLIR's
/// `NameLoc::getChildLoc`).
///
/// - `ctx`: the context. `loc`: a name location. `out`: receives the child.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_name_loc_get_child(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        query_loc(ctx, loc, out, |c, core, l| match core.location_kind(l) {
            LocationKind::Name { child, .. } => {
                let child = match child {
                    Some(a) => core.as_location(*a).expect("a name location's child is a location"),
                    None => core.unknown_loc(),
                };
                Ok(c.loc_out(child))
            }
            _ => Err(wrong_loc_kind(core, l, "a name location")),
        })
    })
}

fn call_site_part(ctx: *const omnir_context, loc: omnir_location, out: *mut omnir_location, caller: bool) -> ApiResult {
    query_loc(ctx, loc, out, |c, core, l| match core.location_kind(l) {
        LocationKind::CallSite { callee, caller: from } => {
            let a = if caller { *from } else { *callee };
            Ok(c.loc_out(core.as_location(a).expect("call site parts are locations")))
        }
        _ => Err(wrong_loc_kind(core, l, "a call site location")),
    })
}

/// The callee of a call site location.
///
/// - `ctx`: the context. `loc`: a call site location. `out`: receives the callee.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_call_site_loc_get_callee(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| call_site_part(ctx, loc, out, false))
}

/// The caller of a call site location.
///
/// - `ctx`: the context. `loc`: a call site location. `out`: receives the caller.
///
/// Errors: as `omnir_call_site_loc_get_callee`.
#[no_mangle]
pub extern "C" fn omnir_call_site_loc_get_caller(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| call_site_part(ctx, loc, out, true))
}

fn fused_parts(
    core: &Context,
    l: Location,
) -> ApiResult<(&[crate::attrs::Attribute], Option<crate::attrs::Attribute>)> {
    match core.location_kind(l) {
        LocationKind::Fused { locations, metadata } => Ok((locations, *metadata)),
        _ => Err(wrong_loc_kind(core, l, "a fused location")),
    }
}

/// The number of locations in a fused location.
///
/// - `ctx`: the context. `loc`: a fused location. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_WRONG_CONTEXT`,
/// `OMNIR_ERROR_INVALID_ARGUMENT` (another kind, zeroed or unknown handle).
#[no_mangle]
pub extern "C" fn omnir_fused_loc_get_num_locations(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| query_loc(ctx, loc, out, |_, core, l| Ok(fused_parts(core, l)?.0.len())))
}

/// One location of a fused location.
///
/// - `ctx`: the context. `loc`: a fused location. `index`: below the count.
/// - `out`: receives the location.
///
/// Errors: as `omnir_fused_loc_get_num_locations`, and `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_fused_loc_get_location(
    ctx: *const omnir_context,
    loc: omnir_location,
    index: usize,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        query_loc(ctx, loc, out, |c, core, l| {
            let a = *index_arg(fused_parts(core, l)?.0, index, "location")?;
            Ok(c.loc_out(core.as_location(a).expect("fused parts are locations")))
        })
    })
}

/// The metadata of a fused location; the zeroed handle when it has none.
///
/// - `ctx`: the context. `loc`: a fused location. `out`: receives the attribute.
///
/// Errors: as `omnir_fused_loc_get_num_locations`.
#[no_mangle]
pub extern "C" fn omnir_fused_loc_get_metadata(
    ctx: *const omnir_context,
    loc: omnir_location,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        query_loc(ctx, loc, out, |c, core, l| Ok(fused_parts(core, l)?.1.map(|a| c.attr_out(a)).unwrap_or_default()))
    })
}
