//! What a context knows, listed: registered dialects, operations and passes, and the keys of
//! its resource blobs, for tools that print them (`--help`, `--show-dialects`) or check for
//! them. Each list is sorted and read by index (`get_num_*`, then `get_*(i)`); it is taken
//! afresh on each call, so it follows registrations made in between.

use super::context::{context_arg, omnir_context};
use super::ir::out_arg;
use super::{ffi_call, omnir_status, omnir_string, write_out, ApiError, ApiResult};
use crate::context::Context;

fn count(ctx: *const omnir_context, out: *mut usize, list: fn(&Context) -> Vec<String>) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let n = context_arg(ctx)?.read(|c| Ok(list(c).len()))?;
        write_out(out, n)
    })
}

fn nth(
    ctx: *const omnir_context,
    index: usize,
    out: *mut omnir_string,
    what: &str,
    list: fn(&Context) -> Vec<String>,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let names = context_arg(ctx)?.read(|c| Ok(list(c)))?;
        let name = item(&names, index, what)?;
        write_out(out, omnir_string::from_bytes(name.as_bytes()))
    })
}

fn item<'a, T>(items: &'a [T], index: usize, what: &str) -> ApiResult<&'a T> {
    items.get(index).ok_or_else(|| ApiError::from(crate::error::Error::out_of_range(what, index, items.len())))
}

fn dialects(c: &Context) -> Vec<String> {
    c.registered_dialects().into_iter().map(String::from).collect()
}

fn operations(c: &Context) -> Vec<String> {
    c.registered_operations().into_iter().map(String::from).collect()
}

fn passes(c: &Context) -> Vec<String> {
    c.registered_passes()
}

/// The number of registered dialects.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_context_get_num_registered_dialects(
    ctx: *const omnir_context,
    out: *mut usize,
) -> omnir_status {
    count(ctx, out, dialects)
}

/// The name of registered dialect `index`, in sorted order. Free it with `omnir_string_free`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_context_get_registered_dialect(
    ctx: *const omnir_context,
    index: usize,
    out: *mut omnir_string,
) -> omnir_status {
    nth(ctx, index, out, "registered dialect", dialects)
}

/// The number of registered operations (builtin ones included).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_context_get_num_registered_operations(
    ctx: *const omnir_context,
    out: *mut usize,
) -> omnir_status {
    count(ctx, out, operations)
}

/// The name (`dialect.op`) of registered operation `index`, in sorted order. Free it with
/// `omnir_string_free`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_context_get_registered_operation(
    ctx: *const omnir_context,
    index: usize,
    out: *mut omnir_string,
) -> omnir_status {
    nth(ctx, index, out, "registered operation", operations)
}

/// The number of registered passes (built-in ones such as `cse` included).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_context_get_num_registered_passes(ctx: *const omnir_context, out: *mut usize) -> omnir_status {
    count(ctx, out, passes)
}

/// The pipeline name (argument) of registered pass `index`, in sorted order. Free it with
/// `omnir_string_free`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_context_get_registered_pass(
    ctx: *const omnir_context,
    index: usize,
    out: *mut omnir_string,
) -> omnir_status {
    nth(ctx, index, out, "registered pass", passes)
}

/// The number of resource blobs in the context's store (every group).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_context_get_num_resources(ctx: *const omnir_context, out: *mut usize) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let n = context_arg(ctx)?.read(|c| Ok(c.resource_keys().len()))?;
        write_out(out, n)
    })
}

/// The group (`builtin` for `dense_resource`, else a dialect name) and key of resource blob
/// `index`, sorted by group then key. Free both strings with `omnir_string_free`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_context_get_resource_key(
    ctx: *const omnir_context,
    index: usize,
    out_group: *mut omnir_string,
    out_key: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out_group)?;
        out_arg(out_key)?;
        let keys = context_arg(ctx)?.read(|c| Ok(c.resource_keys()))?;
        let (group, key) = item(&keys, index, "resource")?;
        write_out(out_group, omnir_string::from_bytes(group.as_bytes()))?;
        write_out(out_key, omnir_string::from_bytes(key.as_bytes()))
    })
}
