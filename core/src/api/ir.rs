//! Operations, the operation-state builder, blocks, regions, values and uses, mutation and
//! walks, at the C edge.
//!
//! Conventions particular to this file:
//! - A zeroed handle (`context == 0`) means "none": a query whose answer may be absent (the
//!   parent of a top-level op, the next op of the last one, a dropped operand, an attribute
//!   that is not set) succeeds and writes a zeroed handle. Test with `omnir_op_is_null` and
//!   friends. Passing a zeroed handle where an entity is required is
//!   `OMNIR_ERROR_INVALID_ARGUMENT`.
//! - Handle equality is identity: two handles to the same live entity compare equal
//!   (`omnir_op_equal`, or comparing the struct fields).
//! - Array outputs use a caller buffer: `(items, capacity, count)`. At most `capacity` items
//!   are written to `items` (which may be NULL when `capacity` is 0) and the total number is
//!   written to `*count`, so a caller can ask for the size first.
//! - Every mutating function validates all of its arguments before it changes anything: on
//!   error the IR is exactly as it was.

use smallvec::SmallVec;
use std::ffi::{c_char, c_void};

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_attribute, omnir_block, omnir_location, omnir_op, omnir_region, omnir_type, omnir_value};
use super::{
    ffi_call, omnir_status, omnir_string, slice_arg, str_arg, write_opt_string, write_out, ApiError, ApiResult,
};
use crate::attrs::{Attribute, NamedAttribute};
use crate::context::{Context, Identifier};
use crate::ir::{BlockId, EraseMode, InsertPoint, OpId, OperationState, Value};
use crate::walk::{WalkOrder, WalkResult};

// ---------------------------------------------------------------------------------------
// small helpers shared by the C API files of this area

pub(crate) fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, message)
}

/// Refuses a NULL out-pointer before any work is done (so that a mutating call never
/// changes the IR and then fails to report the result).
pub(crate) fn out_arg<T>(out: *mut T) -> ApiResult {
    if out.is_null() {
        Err(ApiError::null("output pointer"))
    } else {
        Ok(())
    }
}

/// Writes to an optional out-parameter: NULL means the caller does not want the value.
pub(crate) fn write_opt<T>(out: *mut T, value: T) -> ApiResult {
    if out.is_null() {
        Ok(())
    } else {
        write_out(out, value)
    }
}

/// Copies `items` into a caller buffer `(buf, capacity)` and writes the total to `count`.
pub(crate) fn fill_buffer<T: Copy>(items: &[T], buf: *mut T, capacity: usize, count: *mut usize) -> ApiResult {
    out_arg(count)?;
    // Refused whenever it claims room, not only when there is something to write: a NULL
    // buffer must not pass for IR that happens to have no items today.
    if capacity > 0 && buf.is_null() {
        return Err(ApiError::null("output buffer"));
    }
    let n = items.len().min(capacity);
    if n > 0 {
        // SAFETY: the caller guarantees `buf` points at `capacity` writable slots of T
        // (the API contract for every buffer output); we write `n <= capacity` of them.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, n) };
    }
    write_out(count, items.len())
}

pub(crate) fn op_opt(cx: &omnir_context, op: Option<OpId>) -> omnir_op {
    op.map_or_else(omnir_op::default, |o| cx.op_out(o))
}

pub(crate) fn block_opt(cx: &omnir_context, b: Option<BlockId>) -> omnir_block {
    b.map_or_else(omnir_block::default, |b| cx.block_out(b))
}

/// The handle-serial check of `handles.rs`, for handles collected without a context at hand
/// (the operation-state builder checks them against the serial of its location).
fn check_serial(expected: u32, got: u32, what: &str) -> ApiResult {
    if got == 0 {
        Err(invalid(format!("null {what} handle")))
    } else if got != expected {
        Err(ApiError::new(
            omnir_status::OMNIR_ERROR_WRONG_CONTEXT,
            format!("{what} handle belongs to another context than the operation state's location"),
        ))
    } else {
        Ok(())
    }
}

/// Whether an operation handle is the null handle ("none").
#[no_mangle]
pub extern "C" fn omnir_op_is_null(op: omnir_op) -> bool {
    op.context == 0
}

/// Whether a block handle is the null handle ("none").
#[no_mangle]
pub extern "C" fn omnir_block_is_null(block: omnir_block) -> bool {
    block.context == 0
}

/// Whether a region handle is the null handle ("none").
#[no_mangle]
pub extern "C" fn omnir_region_is_null(region: omnir_region) -> bool {
    region.context == 0
}

/// Whether a value handle is the null handle ("none", e.g. a dropped operand).
#[no_mangle]
pub extern "C" fn omnir_value_is_null(value: omnir_value) -> bool {
    value.context == 0
}

/// Whether two operation handles name the same operation (handle identity).
#[no_mangle]
pub extern "C" fn omnir_op_equal(a: omnir_op, b: omnir_op) -> bool {
    a == b
}

/// Whether two block handles name the same block.
#[no_mangle]
pub extern "C" fn omnir_block_equal(a: omnir_block, b: omnir_block) -> bool {
    a == b
}

/// Whether two region handles name the same region.
#[no_mangle]
pub extern "C" fn omnir_region_equal(a: omnir_region, b: omnir_region) -> bool {
    a == b
}

/// Whether two value handles name the same value.
#[no_mangle]
pub extern "C" fn omnir_value_equal(a: omnir_value, b: omnir_value) -> bool {
    a == b
}

// ---------------------------------------------------------------------------------------
// the operation-state builder

const STATE_MAGIC: u64 = 0x6f6d_6e69_725f_6f73; // "omnir_os"

/// Everything needed to create an operation (MLIR's `OperationState`), built up with the
/// `omnir_operation_state_*` functions and turned into operations by
/// `omnir_operation_create`.
///
/// Ownership: the caller owns the state and frees it with `omnir_operation_state_destroy`.
/// `omnir_operation_create` does not consume it, so one state can create any number of
/// operations (the cheap path when building many similar ops); a failed create leaves it
/// unchanged and usable. The state is bound to the context of its location: handles from
/// another context are refused when added. A state is not thread-safe: use it from one
/// thread at a time.
#[allow(non_camel_case_types)]
pub struct omnir_operation_state {
    magic: u64,
    /// The serial of the context of the location (and of every handle added).
    serial: u32,
    name: String,
    location: omnir_location,
    operands: Vec<Value>,
    results: Vec<omnir_type>,
    attributes: Vec<(String, omnir_attribute)>,
    properties: omnir_attribute,
    num_regions: usize,
    successors: Vec<BlockId>,
    /// The checked, interned form of the name, location, result types, attributes and
    /// properties; rebuilt after any of them changes. Its operands and successors stay
    /// empty: they are swapped in for the duration of a create.
    prepared: Option<(Identifier, OperationState)>,
    /// Attribute values were replaced (`omnir_operation_state_set_attribute_value`) since
    /// `prepared` was made: the next create re-checks the values only, not the names.
    attribute_values_changed: bool,
    /// Result types are inferred at each create when none were added
    /// (`omnir_operation_state_enable_result_type_inference`).
    infer_results: bool,
}

fn state_arg<'a>(state: *mut omnir_operation_state) -> ApiResult<&'a mut omnir_operation_state> {
    if state.is_null() {
        return Err(ApiError::null("operation state"));
    }
    // SAFETY: a non-NULL state pointer must come from `omnir_operation_state_create` and not
    // have been destroyed, and must not be used by two threads at once (API contract). The
    // magic is read through the raw pointer first (a plain u64 read) so that some violations
    // are caught before a reference is formed.
    let magic = unsafe { std::ptr::addr_of!((*state).magic).read_unaligned() };
    if magic != super::guard::magic(STATE_MAGIC) {
        return Err(super::guard::foreign_object(magic, STATE_MAGIC, "operation state")
            .unwrap_or_else(|| invalid("not a live omnir operation state")));
    }
    // SAFETY: as above; the magic matched.
    Ok(unsafe { &mut *state })
}

fn free_state(state: *mut omnir_operation_state) {
    // SAFETY: `state` came from `omnir_operation_state_create` (checked by magic, then
    // cleared so that a later use is refused) and the caller gives up ownership here.
    unsafe { drop(Box::from_raw(state)) };
}

/// Starts an operation state for an operation named `name` (`"dialect.op"`, UTF-8) at
/// `location`. The state belongs to the context of `location`. Free it with
/// `omnir_operation_state_destroy`.
#[no_mangle]
pub extern "C" fn omnir_operation_state_create(
    name: *const c_char,
    name_len: usize,
    location: omnir_location,
    out: *mut *mut omnir_operation_state,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let name = str_arg(name, name_len, "operation name")?;
        if name.is_empty() {
            return Err(invalid("operation name must not be empty"));
        }
        if location.context == 0 {
            return Err(invalid("null location handle"));
        }
        if let Some(message) = super::guard::foreign_handle(location.context, "location") {
            return Err(ApiError::new(omnir_status::OMNIR_ERROR_WRONG_CONTEXT, message));
        }
        let state = Box::new(omnir_operation_state {
            magic: super::guard::magic(STATE_MAGIC),
            serial: location.context,
            name: name.to_string(),
            location,
            operands: Vec::new(),
            results: Vec::new(),
            attributes: Vec::new(),
            properties: omnir_attribute::default(),
            num_regions: 0,
            successors: Vec::new(),
            prepared: None,
            attribute_values_changed: false,
            infer_results: false,
        });
        write_out(out, Box::into_raw(state))
    })
}

/// Frees an operation state. NULL is a no-op. Operations created from it are not affected.
/// A success leaves the last error as it was: destroying the state after a failed call
/// keeps that call's status and message.
#[no_mangle]
pub extern "C" fn omnir_operation_state_destroy(state: *mut omnir_operation_state) -> omnir_status {
    super::ffi_cleanup(|| {
        if state.is_null() {
            return Ok(());
        }
        state_arg(state)?.magic = 0;
        free_state(state);
        Ok(())
    })
}

/// Appends operands. On error (a null or foreign handle) nothing is appended.
#[no_mangle]
pub extern "C" fn omnir_operation_state_add_operands(
    state: *mut omnir_operation_state,
    values: *const omnir_value,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        let values = slice_arg(values, count, "operands")?;
        for v in values {
            check_serial(s.serial, v.context, "value")?;
        }
        s.operands.extend(values.iter().map(|v| Value::from_raw(v.owner, v.generation, v.number)));
        Ok(())
    })
}

/// Replaces all operands (for reusing one state to create ops with different operands; this
/// does not discard the checked form of the rest of the state). On error nothing changes.
#[no_mangle]
pub extern "C" fn omnir_operation_state_set_operands(
    state: *mut omnir_operation_state,
    values: *const omnir_value,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        let values = slice_arg(values, count, "operands")?;
        for v in values {
            check_serial(s.serial, v.context, "value")?;
        }
        s.operands.clear();
        s.operands.extend(values.iter().map(|v| Value::from_raw(v.owner, v.generation, v.number)));
        Ok(())
    })
}

/// Appends result types. On error nothing is appended.
#[no_mangle]
pub extern "C" fn omnir_operation_state_add_results(
    state: *mut omnir_operation_state,
    types: *const omnir_type,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        let types = slice_arg(types, count, "result types")?;
        for t in types {
            check_serial(s.serial, t.context, "type")?;
        }
        if !types.is_empty() {
            s.results.extend_from_slice(types);
            s.prepared = None;
        }
        Ok(())
    })
}

/// Asks the creates of this state to infer the result types from the operation's
/// definition (`SameOperandsAndResultType`, `AllTypesMatch`, `TypesMatchWith`, a constraint
/// that allows one type) when no result type was added: MLIR's
/// `mlirOperationStateEnableResultTypeInference`. A create whose types cannot be inferred
/// (an unregistered op, a definition that does not determine them, a missing attribute) is
/// an error that creates nothing.
#[no_mangle]
pub extern "C" fn omnir_operation_state_enable_result_type_inference(
    state: *mut omnir_operation_state,
) -> omnir_status {
    ffi_call(|| {
        state_arg(state)?.infer_results = true;
        Ok(())
    })
}

/// Adds a discardable attribute `name` (UTF-8) = `value`. A later value for the same name
/// replaces an earlier one when the operation is created.
#[no_mangle]
pub extern "C" fn omnir_operation_state_add_attribute(
    state: *mut omnir_operation_state,
    name: *const c_char,
    name_len: usize,
    value: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        let name = str_arg(name, name_len, "attribute name")?;
        if name.is_empty() {
            return Err(invalid("attribute name must not be empty"));
        }
        check_serial(s.serial, value.context, "attribute")?;
        s.attributes.push((name.to_string(), value));
        s.prepared = None;
        Ok(())
    })
}

/// Replaces the value of attribute number `index` (in the order they were added) with
/// `value`, keeping the name: for reusing one state to create ops that differ in an
/// attribute's value (say, constants), without the cost of checking the names again.
/// Errors: `OMNIR_ERROR_OUT_OF_RANGE` when there is no such attribute; on error nothing
/// changes.
#[no_mangle]
pub extern "C" fn omnir_operation_state_set_attribute_value(
    state: *mut omnir_operation_state,
    index: usize,
    value: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        let count = s.attributes.len();
        let slot = s.attributes.get_mut(index).ok_or_else(|| {
            ApiError::new(
                omnir_status::OMNIR_ERROR_OUT_OF_RANGE,
                format!("attribute index {index} out of range (the state has {count})"),
            )
        })?;
        check_serial(s.serial, value.context, "attribute")?;
        if slot.1 != value {
            slot.1 = value;
            s.attribute_values_changed = true;
        }
        Ok(())
    })
}

/// Sets the properties (inherent attributes, `<{...}>` in generic form); a zeroed
/// attribute clears them.
#[no_mangle]
pub extern "C" fn omnir_operation_state_set_properties(
    state: *mut omnir_operation_state,
    properties: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        if properties.context != 0 {
            check_serial(s.serial, properties.context, "attribute")?;
        }
        s.properties = properties;
        s.prepared = None;
        Ok(())
    })
}

/// Sets the number of (empty) regions the operation is created with.
///
/// Errors: `OMNIR_ERROR_OUT_OF_RANGE` when `count` is more than 1048576 (2^20), the most
/// regions an operation may have (each is allocated at creation, so a garbage count must
/// fail here rather than exhaust memory).
#[no_mangle]
pub extern "C" fn omnir_operation_state_set_num_regions(
    state: *mut omnir_operation_state,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        if count > crate::ir::MAX_REGIONS_PER_OP {
            return Err(crate::ir::too_many_regions(count).into());
        }
        s.num_regions = count;
        Ok(())
    })
}

/// Appends successor blocks. On error nothing is appended.
#[no_mangle]
pub extern "C" fn omnir_operation_state_add_successors(
    state: *mut omnir_operation_state,
    blocks: *const omnir_block,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        let blocks = slice_arg(blocks, count, "successors")?;
        for b in blocks {
            check_serial(s.serial, b.context, "block")?;
        }
        s.successors.extend(blocks.iter().map(|b| BlockId::from_raw(b.index, b.generation)));
        Ok(())
    })
}

/// Changes the location (which must belong to the state's context).
#[no_mangle]
pub extern "C" fn omnir_operation_state_set_location(
    state: *mut omnir_operation_state,
    location: omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        check_serial(s.serial, location.context, "location")?;
        s.location = location;
        s.prepared = None;
        Ok(())
    })
}

/// Clears operands, results, attributes, properties, regions, successors and the request to
/// infer result types, keeping the name and location.
#[no_mangle]
pub extern "C" fn omnir_operation_state_reset(state: *mut omnir_operation_state) -> omnir_status {
    ffi_call(|| {
        let s = state_arg(state)?;
        s.operands.clear();
        s.results.clear();
        s.attributes.clear();
        s.properties = omnir_attribute::default();
        s.num_regions = 0;
        s.successors.clear();
        s.prepared = None;
        s.attribute_values_changed = false;
        s.infer_results = false;
        Ok(())
    })
}

fn prepare(cx: &omnir_context, c: &Context, s: &omnir_operation_state) -> ApiResult<(Identifier, OperationState)> {
    let location = cx.loc_in(c, s.location)?;
    let mut st = OperationState::new("", location);
    st.result_types.reserve_exact(s.results.len());
    for &t in &s.results {
        st.result_types.push(cx.type_in(c, t)?);
    }
    for (name, value) in &s.attributes {
        let value = cx.attr_in(c, *value)?;
        st.attributes.push(NamedAttribute { name: c.identifier(name), value });
    }
    if s.properties.context != 0 {
        st.properties = Some(cx.attr_in(c, s.properties)?);
    }
    Ok((c.identifier(&s.name), st))
}

/// Runs `make` with the checked form of `state` (its operands and successors swapped in):
/// the one place where a state turns into an operation.
fn create_from_state(
    cx: &omnir_context,
    c: &mut Context,
    s: &mut omnir_operation_state,
    make: impl FnOnce(&mut Context, Identifier, &OperationState) -> crate::Result<OpId>,
) -> ApiResult<OpId> {
    match &mut s.prepared {
        None => {
            s.prepared = Some(prepare(cx, c, s)?);
            s.attribute_values_changed = false;
        }
        Some((_, prepared)) if s.attribute_values_changed => {
            // Check every new value before changing the prepared form: a bad handle leaves
            // the state as it was (and the next create reports it again).
            let mut values: SmallVec<[Attribute; 4]> = SmallVec::new();
            for (_, value) in &s.attributes {
                values.push(cx.attr_in(c, *value)?);
            }
            for (named, value) in prepared.attributes.iter_mut().zip(values) {
                named.value = value;
            }
            s.attribute_values_changed = false;
        }
        Some(_) => {}
    }
    let (name, prepared) = s.prepared.as_mut().expect("prepared above");
    std::mem::swap(&mut prepared.operands, &mut s.operands);
    std::mem::swap(&mut prepared.successors, &mut s.successors);
    prepared.num_regions = s.num_regions;
    // The inferred types depend on the operands, which change from create to create.
    let inferred = s.infer_results && s.results.is_empty();
    let result = if inferred {
        // The definition says the types: its dialect loads now, not at the create.
        c.load_dialect_of_op_name(*name);
        // Into the prepared state's own buffer: no allocation per op once it has grown.
        let mut types = std::mem::take(&mut prepared.result_types);
        types.clear();
        let inferred_types = c.infer_result_types_into(*name, prepared, &mut types);
        prepared.result_types = types;
        inferred_types.and_then(|()| make(c, *name, prepared))
    } else {
        make(c, *name, prepared)
    };
    if inferred {
        prepared.result_types.clear();
    }
    std::mem::swap(&mut prepared.operands, &mut s.operands);
    std::mem::swap(&mut prepared.successors, &mut s.successors);
    Ok(result?)
}

fn state_in_context<'a>(
    cx: &omnir_context,
    state: *mut omnir_operation_state,
) -> ApiResult<&'a mut omnir_operation_state> {
    let s = state_arg(state)?;
    if s.serial != cx.serial() {
        return Err(ApiError::new(
            omnir_status::OMNIR_ERROR_WRONG_CONTEXT,
            "the operation state belongs to another context (that of its location)",
        ));
    }
    Ok(s)
}

/// Creates a detached operation from `state` (with empty regions). The state is not
/// consumed: it stays valid and can create more operations; destroy it with
/// `omnir_operation_state_destroy`. On error (a stale operand or successor, a handle of
/// the wrong kind) nothing is created and the state is unchanged.
#[no_mangle]
pub extern "C" fn omnir_operation_create(
    ctx: *mut omnir_context,
    state: *mut omnir_operation_state,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let s = state_in_context(cx, state)?;
        let op = cx.write(|c| create_from_state(cx, c, s, |c, name, st| c.create_operation_named(name, st)))?;
        write_out(out, cx.op_out(op))
    })
}

/// Creates an operation from `state` and inserts it at `point`: `omnir_operation_create`
/// then `omnir_op_insert` in one call (the cheap way to build IR through an insertion
/// point). The operation is owned by the IR it is inserted into. On error (a bad point, or
/// any error of `omnir_operation_create`) nothing is created and the state is unchanged.
#[no_mangle]
pub extern "C" fn omnir_operation_create_at(
    ctx: *mut omnir_context,
    state: *mut omnir_operation_state,
    point: omnir_insertion_point,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let s = state_in_context(cx, state)?;
        let point = insert_point_in(cx, &point)?;
        let op = cx.write(|c| create_from_state(cx, c, s, |c, name, st| c.create_operation_at(name, st, point)))?;
        write_out(out, cx.op_out(op))
    })
}

// ---------------------------------------------------------------------------------------
// operation queries

/// Whether `op` names a live operation (false once it was erased).
#[no_mangle]
pub extern "C" fn omnir_op_is_live(ctx: *const omnir_context, op: omnir_op, out: *mut bool) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let live = cx.read(|c| Ok(c.is_op_live(op)))?;
        write_out(out, live)
    })
}

/// The operation's name (`"dialect.op"`). Free the string with `omnir_string_free`.
#[no_mangle]
pub extern "C" fn omnir_op_get_name(ctx: *const omnir_context, op: omnir_op, out: *mut omnir_string) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = cx.read(|c| Ok(omnir_string::from_bytes(c.op_name(op)?.as_bytes())))?;
        write_out(out, name)
    })
}

/// The operation's location.
#[no_mangle]
pub extern "C" fn omnir_op_get_location(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let loc = cx.read(|c| Ok(c.op_location(op)?))?;
        write_out(out, cx.loc_out(loc))
    })
}

/// Sets the operation's location.
#[no_mangle]
pub extern "C" fn omnir_op_set_location(
    ctx: *mut omnir_context,
    op: omnir_op,
    location: omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        cx.write(|c| {
            let loc = cx.loc_in(c, location)?;
            Ok(c.set_op_location(op, loc)?)
        })
    })
}

/// Whether the operation's name is registered (its definition is known to the context).
#[no_mangle]
pub extern "C" fn omnir_op_is_registered(ctx: *const omnir_context, op: omnir_op, out: *mut bool) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.op_is_registered(op)?))?;
        write_out(out, r)
    })
}

/// Number of operands (dropped operands included).
#[no_mangle]
pub extern "C" fn omnir_op_get_num_operands(ctx: *const omnir_context, op: omnir_op, out: *mut usize) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let n = cx.read(|c| Ok(c.op_num_operands(op)?))?;
        write_out(out, n)
    })
}

/// Operand `index`; a zeroed value if the operand was dropped (see `OMNIR_ERASE_DROP_USES`).
#[no_mangle]
pub extern "C" fn omnir_op_get_operand(
    ctx: *const omnir_context,
    op: omnir_op,
    index: usize,
    out: *mut omnir_value,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let v = cx.read(|c| Ok(c.op_operand(op, index)?))?;
        write_out(out, v.map_or_else(omnir_value::default, |v| cx.value_out(v)))
    })
}

/// All operands, into a caller buffer (dropped operands are zeroed values).
#[no_mangle]
pub extern "C" fn omnir_op_get_operands(
    ctx: *const omnir_context,
    op: omnir_op,
    items: *mut omnir_value,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let values = cx.read(|c| {
            let n = c.op_num_operands(op)?;
            (0..n)
                .map(|i| Ok(c.op_operand(op, i)?.map_or_else(omnir_value::default, |v| cx.value_out(v))))
                .collect::<ApiResult<Vec<_>>>()
        })?;
        fill_buffer(&values, items, capacity, count)
    })
}

/// Sets operand `index` to `value`.
#[no_mangle]
pub extern "C" fn omnir_op_set_operand(
    ctx: *mut omnir_context,
    op: omnir_op,
    index: usize,
    value: omnir_value,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let value = cx.value_in(value)?;
        cx.write(|c| Ok(c.set_operand(op, index, value)?))
    })
}

/// Replaces all operands (the count may change).
#[no_mangle]
pub extern "C" fn omnir_op_set_operands(
    ctx: *mut omnir_context,
    op: omnir_op,
    values: *const omnir_value,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let values =
            slice_arg(values, count, "operands")?.iter().map(|&v| cx.value_in(v)).collect::<ApiResult<Vec<_>>>()?;
        cx.write(|c| Ok(c.set_operands(op, &values)?))
    })
}

/// Number of results.
#[no_mangle]
pub extern "C" fn omnir_op_get_num_results(ctx: *const omnir_context, op: omnir_op, out: *mut usize) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let n = cx.read(|c| Ok(c.op_num_results(op)?))?;
        write_out(out, n)
    })
}

/// Result `index`.
#[no_mangle]
pub extern "C" fn omnir_op_get_result(
    ctx: *const omnir_context,
    op: omnir_op,
    index: usize,
    out: *mut omnir_value,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let v = cx.read(|c| Ok(c.op_result(op, index)?))?;
        write_out(out, cx.value_out(v))
    })
}

/// All results, into a caller buffer.
#[no_mangle]
pub extern "C" fn omnir_op_get_results(
    ctx: *const omnir_context,
    op: omnir_op,
    items: *mut omnir_value,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let values = cx.read(|c| Ok(c.op_results(op)?))?;
        let values: Vec<omnir_value> = values.into_iter().map(|v| cx.value_out(v)).collect();
        fill_buffer(&values, items, capacity, count)
    })
}

/// Number of regions.
#[no_mangle]
pub extern "C" fn omnir_op_get_num_regions(ctx: *const omnir_context, op: omnir_op, out: *mut usize) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let n = cx.read(|c| Ok(c.op_num_regions(op)?))?;
        write_out(out, n)
    })
}

/// Region `index`.
#[no_mangle]
pub extern "C" fn omnir_op_get_region(
    ctx: *const omnir_context,
    op: omnir_op,
    index: usize,
    out: *mut omnir_region,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.op_region(op, index)?))?;
        write_out(out, cx.region_out(r))
    })
}

/// Number of successors.
#[no_mangle]
pub extern "C" fn omnir_op_get_num_successors(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let n = cx.read(|c| Ok(c.op_num_successors(op)?))?;
        write_out(out, n)
    })
}

/// Successor `index`.
#[no_mangle]
pub extern "C" fn omnir_op_get_successor(
    ctx: *const omnir_context,
    op: omnir_op,
    index: usize,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let b = cx.read(|c| Ok(c.op_successor(op, index)?))?;
        write_out(out, cx.block_out(b))
    })
}

/// Sets successor `index` to `block`.
#[no_mangle]
pub extern "C" fn omnir_op_set_successor(
    ctx: *mut omnir_context,
    op: omnir_op,
    index: usize,
    block: omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let block = cx.block_in(block)?;
        cx.write(|c| Ok(c.set_successor(op, index, block)?))
    })
}

// attributes and properties

/// Number of discardable attributes.
#[no_mangle]
pub extern "C" fn omnir_op_get_num_attributes(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let n = cx.read(|c| Ok(c.op_attributes(op)?.len()))?;
        write_out(out, n)
    })
}

/// Discardable attribute `index` (attributes are sorted by name): its name (free it with
/// `omnir_string_free`; `out_name` may be NULL) and value.
#[no_mangle]
pub extern "C" fn omnir_op_get_attribute_at(
    ctx: *const omnir_context,
    op: omnir_op,
    index: usize,
    out_name: *mut omnir_string,
    out_value: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out_value)?;
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let (name, value) = cx.read(|c| {
            let attrs = c.op_attributes(op)?;
            let na =
                attrs.get(index).ok_or_else(|| crate::error::Error::out_of_range("attribute", index, attrs.len()))?;
            Ok((c.ident_str(na.name).to_string(), na.value))
        })?;
        write_out(out_value, cx.attr_out(value))?;
        write_opt_string(out_name, name.as_bytes())
    })
}

/// The attribute `name`, or a zeroed attribute if the op has none of that name: as MLIR's
/// `Operation::getAttr`, a registered op's declared inherent attribute is read from its
/// properties, anything else from the discardable attributes (`omnir_op_get_attribute_at`
/// lists those).
#[no_mangle]
pub extern "C" fn omnir_op_get_attribute(
    ctx: *const omnir_context,
    op: omnir_op,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = str_arg(name, name_len, "attribute name")?;
        let a = cx.read(|c| Ok(c.op_attribute(op, name)?))?;
        write_out(out, a.map_or_else(omnir_attribute::default, |a| cx.attr_out(a)))
    })
}

/// An inherent attribute by name, looked up in the properties dictionary first and then in
/// the discardable attributes; a zeroed attribute if absent.
#[no_mangle]
pub extern "C" fn omnir_op_get_inherent_attribute(
    ctx: *const omnir_context,
    op: omnir_op,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = str_arg(name, name_len, "attribute name")?;
        let a = cx.read(|c| Ok(c.op_inherent_or_discardable(op, name)?))?;
        write_out(out, a.map_or_else(omnir_attribute::default, |a| cx.attr_out(a)))
    })
}

/// Sets (adds or replaces) the attribute `name`: as MLIR's `Operation::setAttr`, a
/// registered op's declared inherent attribute goes into its properties, anything else is a
/// discardable attribute.
#[no_mangle]
pub extern "C" fn omnir_op_set_attribute(
    ctx: *mut omnir_context,
    op: omnir_op,
    name: *const c_char,
    name_len: usize,
    value: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = str_arg(name, name_len, "attribute name")?;
        if name.is_empty() {
            return Err(invalid("attribute name must not be empty"));
        }
        cx.write(|c| {
            let value = cx.attr_in(c, value)?;
            Ok(c.set_op_attribute(op, name, value)?)
        })
    })
}

/// Removes the attribute `name` (as MLIR's `Operation::removeAttr`: a registered op's
/// declared inherent attribute from its properties, else the discardable one); `*removed`
/// (may be NULL) tells whether it was there. Removing an absent attribute is not an error.
#[no_mangle]
pub extern "C" fn omnir_op_remove_attribute(
    ctx: *mut omnir_context,
    op: omnir_op,
    name: *const c_char,
    name_len: usize,
    removed: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = str_arg(name, name_len, "attribute name")?;
        let r = cx.write(|c| Ok(c.remove_op_attribute(op, name)?))?;
        write_opt(removed, r)
    })
}

/// The properties (`<{...}>`), or a zeroed attribute if the op has none.
#[no_mangle]
pub extern "C" fn omnir_op_get_properties(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let p = cx.read(|c| Ok(c.op_properties(op)?))?;
        write_out(out, p.map_or_else(omnir_attribute::default, |a| cx.attr_out(a)))
    })
}

/// Sets the properties; a zeroed attribute removes them.
#[no_mangle]
pub extern "C" fn omnir_op_set_properties(
    ctx: *mut omnir_context,
    op: omnir_op,
    properties: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        cx.write(|c| {
            let p = if properties.context == 0 { None } else { Some(cx.attr_in(c, properties)?) };
            Ok(c.set_op_properties(op, p)?)
        })
    })
}

// structure

/// The block holding the operation, or a zeroed block if it is detached.
#[no_mangle]
pub extern "C" fn omnir_op_get_parent_block(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let b = cx.read(|c| Ok(c.op_parent_block(op)?))?;
        write_out(out, block_opt(cx, b))
    })
}

/// The region holding the operation's block, or a zeroed region.
#[no_mangle]
pub extern "C" fn omnir_op_get_parent_region(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_region,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.op_parent_region(op)?))?;
        write_out(out, r.map_or_else(omnir_region::default, |r| cx.region_out(r)))
    })
}

/// The operation whose region holds this one, or a zeroed op at the top level.
#[no_mangle]
pub extern "C" fn omnir_op_get_parent_op(ctx: *const omnir_context, op: omnir_op, out: *mut omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let p = cx.read(|c| Ok(c.op_parent_op(op)?))?;
        write_out(out, op_opt(cx, p))
    })
}

/// The outermost ancestor (the op itself if it has no parent).
#[no_mangle]
pub extern "C" fn omnir_op_get_root(ctx: *const omnir_context, op: omnir_op, out: *mut omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.op_root(op)?))?;
        write_out(out, cx.op_out(r))
    })
}

/// The next operation in the block, or a zeroed op.
#[no_mangle]
pub extern "C" fn omnir_op_get_next(ctx: *const omnir_context, op: omnir_op, out: *mut omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let n = cx.read(|c| Ok(c.op_next(op)?))?;
        write_out(out, op_opt(cx, n))
    })
}

/// The previous operation in the block, or a zeroed op.
#[no_mangle]
pub extern "C" fn omnir_op_get_prev(ctx: *const omnir_context, op: omnir_op, out: *mut omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let p = cx.read(|c| Ok(c.op_prev(op)?))?;
        write_out(out, op_opt(cx, p))
    })
}

/// Whether `ancestor` is `op` or contains it.
#[no_mangle]
pub extern "C" fn omnir_op_is_ancestor(
    ctx: *const omnir_context,
    ancestor: omnir_op,
    op: omnir_op,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let ancestor = cx.op_in(ancestor)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.op_is_ancestor(ancestor, op)?))?;
        write_out(out, r)
    })
}

// ---------------------------------------------------------------------------------------
// mutation

/// Values of `omnir_insertion_point::kind`.
#[allow(non_camel_case_types)]
pub type omnir_insertion_kind = u32;
/// At the start of `block`.
pub const OMNIR_INSERT_BLOCK_START: omnir_insertion_kind = 0;
/// At the end of `block`.
pub const OMNIR_INSERT_BLOCK_END: omnir_insertion_kind = 1;
/// Right before `op` (which must be in a block).
pub const OMNIR_INSERT_BEFORE_OP: omnir_insertion_kind = 2;
/// Right after `op` (which must be in a block).
pub const OMNIR_INSERT_AFTER_OP: omnir_insertion_kind = 3;

/// Where to put an operation: `kind` says which of `block` and `op` is used (the other is
/// ignored and may be zeroed).
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_insertion_point {
    pub kind: omnir_insertion_kind,
    pub block: omnir_block,
    pub op: omnir_op,
}

pub(crate) fn insert_point_in(cx: &omnir_context, p: &omnir_insertion_point) -> ApiResult<InsertPoint> {
    Ok(match p.kind {
        OMNIR_INSERT_BLOCK_START => InsertPoint::BlockStart(cx.block_in(p.block)?),
        OMNIR_INSERT_BLOCK_END => InsertPoint::BlockEnd(cx.block_in(p.block)?),
        OMNIR_INSERT_BEFORE_OP => InsertPoint::Before(cx.op_in(p.op)?),
        OMNIR_INSERT_AFTER_OP => InsertPoint::After(cx.op_in(p.op)?),
        k => return Err(invalid(format!("unknown insertion point kind {k}"))),
    })
}

/// Inserts a detached operation at `point`. An attached operation is refused (use
/// `omnir_op_move`); so is a point inside the operation itself (`OMNIR_ERROR_CYCLE`).
#[no_mangle]
pub extern "C" fn omnir_op_insert(ctx: *mut omnir_context, op: omnir_op, point: omnir_insertion_point) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let point = insert_point_in(cx, &point)?;
        cx.write(|c| Ok(c.insert_op(op, point)?))
    })
}

/// Moves an operation (attached or detached) to `point`.
#[no_mangle]
pub extern "C" fn omnir_op_move(ctx: *mut omnir_context, op: omnir_op, point: omnir_insertion_point) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let point = insert_point_in(cx, &point)?;
        cx.write(|c| Ok(c.move_op(op, point)?))
    })
}

/// Takes an operation out of its block (a no-op if it is detached); the caller then owns
/// it. Its operands keep their values.
#[no_mangle]
pub extern "C" fn omnir_op_detach(ctx: *mut omnir_context, op: omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        cx.write(|c| Ok(c.detach_op(op)?))
    })
}

/// What `omnir_op_erase` does with uses of the erased results outside the erased IR.
#[allow(non_camel_case_types)]
pub type omnir_erase_mode = u32;
/// Refuse with `OMNIR_ERROR_STILL_IN_USE` and change nothing.
pub const OMNIR_ERASE_REQUIRE_NO_USES: omnir_erase_mode = 0;
/// Drop those uses: the using operands become null until they are set again (the verifier
/// rejects null operands).
pub const OMNIR_ERASE_DROP_USES: omnir_erase_mode = 1;

/// Erases an operation and everything nested in it; every handle into it becomes stale.
#[no_mangle]
pub extern "C" fn omnir_op_erase(ctx: *mut omnir_context, op: omnir_op, mode: omnir_erase_mode) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let mode = match mode {
            OMNIR_ERASE_REQUIRE_NO_USES => EraseMode::RequireNoUses,
            OMNIR_ERASE_DROP_USES => EraseMode::DropUses,
            m => return Err(invalid(format!("unknown erase mode {m}"))),
        };
        cx.write(|c| Ok(c.erase_op_with(op, mode)?))
    })
}

/// A deep copy of `op`, detached. Values defined inside `op` are remapped to their copies;
/// values from outside are shared.
#[no_mangle]
pub extern "C" fn omnir_op_clone(ctx: *mut omnir_context, op: omnir_op, out: *mut omnir_op) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let copy = cx.write(|c| Ok(c.clone_op(op)?))?;
        write_out(out, cx.op_out(copy))
    })
}

/// Drops every operand of `op` and of every op nested in it (MLIR's `dropAllReferences`),
/// so that the IR can be erased in any order.
#[no_mangle]
pub extern "C" fn omnir_op_drop_all_references(ctx: *mut omnir_context, op: omnir_op) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        cx.write(|c| Ok(c.drop_all_references(op)?))
    })
}

/// Replaces every use of each result of `op` with the matching value of `values` (`count`
/// must equal the number of results).
#[no_mangle]
pub extern "C" fn omnir_op_replace_all_uses_with(
    ctx: *mut omnir_context,
    op: omnir_op,
    values: *const omnir_value,
    count: usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let values =
            slice_arg(values, count, "values")?.iter().map(|&v| cx.value_in(v)).collect::<ApiResult<Vec<_>>>()?;
        cx.write(|c| Ok(c.replace_op_uses(op, &values)?))
    })
}

// ---------------------------------------------------------------------------------------
// walk

/// The order of `omnir_op_walk`.
#[allow(non_camel_case_types)]
pub type omnir_walk_order = u32;
/// Each op before the ops nested in it.
pub const OMNIR_WALK_PRE_ORDER: omnir_walk_order = 0;
/// Each op after the ops nested in it.
pub const OMNIR_WALK_POST_ORDER: omnir_walk_order = 1;

/// What a walk callback wants next.
#[allow(non_camel_case_types)]
pub type omnir_walk_result = u32;
/// Continue.
pub const OMNIR_WALK_ADVANCE: omnir_walk_result = 0;
/// Pre-order: do not visit this op's regions (in post-order, the same as advance).
pub const OMNIR_WALK_SKIP: omnir_walk_result = 1;
/// Stop the walk now.
pub const OMNIR_WALK_INTERRUPT: omnir_walk_result = 2;

/// A walk callback: called with the walk's `user_data` and each operation.
#[allow(non_camel_case_types)]
pub type omnir_walk_callback = Option<unsafe extern "C" fn(user_data: *mut c_void, op: omnir_op) -> omnir_walk_result>;

fn call_walk_callback(
    callback: unsafe extern "C" fn(*mut c_void, omnir_op) -> omnir_walk_result,
    user_data: *mut c_void,
    op: omnir_op,
) -> omnir_walk_result {
    // SAFETY: the caller passes a valid callback and the user data it expects; the callback
    // may call back into omnir (through the context lent to it, see `omnir_op_walk`).
    unsafe { callback(user_data, op) }
}

/// Visits `op` and every operation nested in it, in `order`, calling `callback(user_data,
/// op)`. `*result` (may be NULL) is `OMNIR_WALK_INTERRUPT` if the callback interrupted the
/// walk, `OMNIR_WALK_ADVANCE` otherwise.
///
/// The callback may change the IR, as in MLIR: the walk takes the next operation of a block
/// before visiting the current one, so the callback may erase or move the operation it was
/// given (in pre-order its regions are then not visited), change anything before it, and
/// insert operations after it (the walk does not visit those). If it erases or moves the
/// operation the walk was to visit next, or the block or operation being walked (where
/// MLIR's walk would crash), the walk stops with `OMNIR_ERROR_STALE_HANDLE`; the changes
/// made until then stay. A walk started from inside a callback that may only read (a
/// verifier, a diagnostic handler) lends its own callback only that: a mutating call from it
/// gets `OMNIR_ERROR_BUSY`. A callback returning a value that is not an
/// `omnir_walk_result` stops the walk with `OMNIR_ERROR_CALLBACK_FAILED`.
#[no_mangle]
pub extern "C" fn omnir_op_walk(
    ctx: *const omnir_context,
    op: omnir_op,
    order: omnir_walk_order,
    callback: omnir_walk_callback,
    user_data: *mut c_void,
    result: *mut omnir_walk_result,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let order = match order {
            OMNIR_WALK_PRE_ORDER => WalkOrder::PreOrder,
            OMNIR_WALK_POST_ORDER => WalkOrder::PostOrder,
            o => return Err(invalid(format!("unknown walk order {o}"))),
        };
        let callback = callback.ok_or_else(|| ApiError::null("walk callback"))?;
        let mut bad: Option<u32> = None;
        let mut to_walk_result = |r: omnir_walk_result| match r {
            OMNIR_WALK_ADVANCE => WalkResult::Advance,
            OMNIR_WALK_SKIP => WalkResult::Skip,
            OMNIR_WALK_INTERRUPT => WalkResult::Interrupt,
            other => {
                bad = Some(other);
                WalkResult::Interrupt
            }
        };
        let serial = cx.serial();
        let mut started = false;
        let walked = cx.write(|c| {
            started = true;
            let mut walk = c.walk_begin(op, order)?;
            let core: *mut Context = c;
            let step = |walk: &mut _, last| {
                // SAFETY: `core` is the exclusive borrow `write` gave us, valid for this
                // closure; the shared reference lives for this one call, between callbacks.
                unsafe { &*core }.walk_next(walk, last)
            };
            // SAFETY: `core` is `write`'s exclusive borrow, alive for the whole lend; the
            // loop's references into it (in `step`) never live across a callback.
            unsafe {
                super::context::lend_mut_raw(serial, core, || -> ApiResult<WalkResult> {
                    let mut last = WalkResult::Advance;
                    while let Some(o) = step(&mut walk, last)? {
                        last = to_walk_result(call_walk_callback(callback, user_data, cx.op_out(o)));
                        if last == WalkResult::Interrupt {
                            return Ok(WalkResult::Interrupt);
                        }
                    }
                    Ok(WalkResult::Advance)
                })
            }
        });
        let r = match walked {
            // Only shared access to be had (a read-only callback of this context is running
            // on this thread): the read-only walk, whose callback may only read.
            Err(e) if !started && e.status == omnir_status::OMNIR_ERROR_BUSY => cx.read(|c| {
                Ok(c.walk(op, order, |o| to_walk_result(call_walk_callback(callback, user_data, cx.op_out(o))))?)
            })?,
            other => other?,
        };
        if let Some(other) = bad {
            return Err(ApiError::new(
                omnir_status::OMNIR_ERROR_CALLBACK_FAILED,
                format!("walk callback returned {other}, which is not an omnir_walk_result"),
            ));
        }
        write_opt(result, if r == WalkResult::Interrupt { OMNIR_WALK_INTERRUPT } else { OMNIR_WALK_ADVANCE })
    })
}

// ---------------------------------------------------------------------------------------
// blocks

/// Creates a detached block with `count` arguments of `types[i]` at `locations[i]`.
#[no_mangle]
pub extern "C" fn omnir_block_create(
    ctx: *mut omnir_context,
    types: *const omnir_type,
    locations: *const omnir_location,
    count: usize,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let types = slice_arg(types, count, "argument types")?;
        let locations = slice_arg(locations, count, "argument locations")?;
        let b = cx.write(|c| {
            let args = types
                .iter()
                .zip(locations)
                .map(|(&t, &l)| Ok((cx.type_in(c, t)?, cx.loc_in(c, l)?)))
                .collect::<ApiResult<Vec<_>>>()?;
            Ok(c.create_block(&args))
        })?;
        write_out(out, cx.block_out(b))
    })
}

/// Whether `block` names a live block.
#[no_mangle]
pub extern "C" fn omnir_block_is_live(ctx: *const omnir_context, block: omnir_block, out: *mut bool) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let live = cx.read(|c| Ok(c.is_block_live(b)))?;
        write_out(out, live)
    })
}

/// Number of block arguments.
#[no_mangle]
pub extern "C" fn omnir_block_get_num_arguments(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let n = cx.read(|c| Ok(c.block_num_arguments(b)?))?;
        write_out(out, n)
    })
}

/// Block argument `index`.
#[no_mangle]
pub extern "C" fn omnir_block_get_argument(
    ctx: *const omnir_context,
    block: omnir_block,
    index: usize,
    out: *mut omnir_value,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let v = cx.read(|c| Ok(c.block_argument(b, index)?))?;
        write_out(out, cx.value_out(v))
    })
}

/// All block arguments, into a caller buffer.
#[no_mangle]
pub extern "C" fn omnir_block_get_arguments(
    ctx: *const omnir_context,
    block: omnir_block,
    items: *mut omnir_value,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let values = cx.read(|c| Ok(c.block_arguments(b)?))?;
        let values: Vec<omnir_value> = values.into_iter().map(|v| cx.value_out(v)).collect();
        fill_buffer(&values, items, capacity, count)
    })
}

/// Appends an argument of type `ty` at `location`; writes the new argument to `out`.
#[no_mangle]
pub extern "C" fn omnir_block_add_argument(
    ctx: *mut omnir_context,
    block: omnir_block,
    ty: omnir_type,
    location: omnir_location,
    out: *mut omnir_value,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let v = cx.write(|c| {
            let ty = cx.type_in(c, ty)?;
            let loc = cx.loc_in(c, location)?;
            Ok(c.block_add_argument(b, ty, loc)?)
        })?;
        write_out(out, cx.value_out(v))
    })
}

/// Removes argument `index`, which must have no uses (`OMNIR_ERROR_STILL_IN_USE`). Later
/// arguments shift down one position (`omnir_value_get_number`); handles name arguments,
/// not positions, so theirs keep naming them, and the erased argument's handles are stale.
#[no_mangle]
pub extern "C" fn omnir_block_erase_argument(
    ctx: *mut omnir_context,
    block: omnir_block,
    index: usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        cx.write(|c| Ok(c.block_erase_argument(b, index)?))
    })
}

/// The region holding the block, or a zeroed region if it is detached.
#[no_mangle]
pub extern "C" fn omnir_block_get_parent_region(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_region,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let r = cx.read(|c| Ok(c.block_parent_region(b)?))?;
        write_out(out, r.map_or_else(omnir_region::default, |r| cx.region_out(r)))
    })
}

/// The operation whose region holds the block, or a zeroed op.
#[no_mangle]
pub extern "C" fn omnir_block_get_parent_op(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let p = cx.read(|c| Ok(c.block_parent_op(b)?))?;
        write_out(out, op_opt(cx, p))
    })
}

/// The first operation of the block, or a zeroed op if it is empty.
#[no_mangle]
pub extern "C" fn omnir_block_get_first_op(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let o = cx.read(|c| Ok(c.block_first_op(b)?))?;
        write_out(out, op_opt(cx, o))
    })
}

/// The last operation of the block (its terminator, if it has one), or a zeroed op.
#[no_mangle]
pub extern "C" fn omnir_block_get_last_op(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let o = cx.read(|c| Ok(c.block_last_op(b)?))?;
        write_out(out, op_opt(cx, o))
    })
}

/// Number of operations in the block.
#[no_mangle]
pub extern "C" fn omnir_block_get_num_ops(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let n = cx.read(|c| Ok(c.block_num_ops(b)?))?;
        write_out(out, n)
    })
}

/// The block's operations in order, into a caller buffer.
#[no_mangle]
pub extern "C" fn omnir_block_get_ops(
    ctx: *const omnir_context,
    block: omnir_block,
    items: *mut omnir_op,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let ops = cx.read(|c| Ok(c.block_ops(b)?))?;
        let ops: Vec<omnir_op> = ops.into_iter().map(|o| cx.op_out(o)).collect();
        fill_buffer(&ops, items, capacity, count)
    })
}

/// The next block in the region, or a zeroed block.
#[no_mangle]
pub extern "C" fn omnir_block_get_next(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let n = cx.read(|c| Ok(c.block_next(b)?))?;
        write_out(out, block_opt(cx, n))
    })
}

/// The previous block in the region, or a zeroed block.
#[no_mangle]
pub extern "C" fn omnir_block_get_prev(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let p = cx.read(|c| Ok(c.block_prev(b)?))?;
        write_out(out, block_opt(cx, p))
    })
}

/// One use of a block as a successor: successor `index` of the terminator `op`.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_block_operand {
    pub op: omnir_op,
    pub index: u32,
}

fn predecessors(cx: &omnir_context, block: omnir_block) -> ApiResult<Vec<omnir_block_operand>> {
    let b = cx.block_in(block)?;
    let preds = cx.read(|c| Ok(c.block_predecessors(b)?))?;
    Ok(preds.into_iter().map(|p| omnir_block_operand { op: cx.op_out(p.op), index: p.index }).collect())
}

/// Number of predecessor uses (one per successor slot that targets the block).
#[no_mangle]
pub extern "C" fn omnir_block_get_num_predecessors(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let n = predecessors(cx, block)?.len();
        write_out(out, n)
    })
}

/// Predecessor use `index` (most recently added first): the branching op and its successor
/// index.
#[no_mangle]
pub extern "C" fn omnir_block_get_predecessor(
    ctx: *const omnir_context,
    block: omnir_block,
    index: usize,
    out: *mut omnir_block_operand,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let preds = predecessors(cx, block)?;
        let p = preds.get(index).ok_or_else(|| crate::error::Error::out_of_range("predecessor", index, preds.len()))?;
        write_out(out, *p)
    })
}

/// All predecessor uses, into a caller buffer.
#[no_mangle]
pub extern "C" fn omnir_block_get_predecessors(
    ctx: *const omnir_context,
    block: omnir_block,
    items: *mut omnir_block_operand,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let preds = predecessors(cx, block)?;
        fill_buffer(&preds, items, capacity, count)
    })
}

/// Number of successors of the block (those of its last operation).
#[no_mangle]
pub extern "C" fn omnir_block_get_num_successors(
    ctx: *const omnir_context,
    block: omnir_block,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let n = cx.read(|c| Ok(c.block_successors(b)?.len()))?;
        write_out(out, n)
    })
}

/// Successor `index` of the block (of its last operation).
#[no_mangle]
pub extern "C" fn omnir_block_get_successor(
    ctx: *const omnir_context,
    block: omnir_block,
    index: usize,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        let s = cx.read(|c| {
            let s = c.block_successors(b)?;
            Ok(*s.get(index).ok_or_else(|| crate::error::Error::out_of_range("successor", index, s.len()))?)
        })?;
        write_out(out, cx.block_out(s))
    })
}

/// Takes the block out of its region (a no-op if it is detached); the caller then owns it.
/// It must have no predecessors (`OMNIR_ERROR_STILL_IN_USE`).
#[no_mangle]
pub extern "C" fn omnir_block_detach(ctx: *mut omnir_context, block: omnir_block) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        cx.write(|c| Ok(c.detach_block(b)?))
    })
}

/// Erases a block and everything in it. Its arguments and the results inside it must have
/// no uses outside it, and it must have no predecessors outside it.
#[no_mangle]
pub extern "C" fn omnir_block_erase(ctx: *mut omnir_context, block: omnir_block) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let b = cx.block_in(block)?;
        cx.write(|c| Ok(c.erase_block(b)?))
    })
}

// ---------------------------------------------------------------------------------------
// regions

/// Whether `region` names a live region.
#[no_mangle]
pub extern "C" fn omnir_region_is_live(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let live = cx.read(|c| Ok(c.is_region_live(r)))?;
        write_out(out, live)
    })
}

/// The operation owning the region (every region has one).
#[no_mangle]
pub extern "C" fn omnir_region_get_parent_op(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let p = cx.read(|c| Ok(c.region_parent_op(r)?))?;
        write_out(out, cx.op_out(p))
    })
}

/// The region's position among its parent operation's regions.
#[no_mangle]
pub extern "C" fn omnir_region_get_number(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let n = cx.read(|c| Ok(c.region_number(r)?))?;
        write_out(out, n)
    })
}

/// Number of blocks in the region.
#[no_mangle]
pub extern "C" fn omnir_region_get_num_blocks(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let n = cx.read(|c| Ok(c.region_blocks(r)?.len()))?;
        write_out(out, n)
    })
}

/// Block `index` of the region (linear in `index`; use `omnir_region_get_blocks` or
/// `omnir_block_get_next` to iterate).
#[no_mangle]
pub extern "C" fn omnir_region_get_block(
    ctx: *const omnir_context,
    region: omnir_region,
    index: usize,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let b = cx.read(|c| {
            let blocks = c.region_blocks(r)?;
            Ok(*blocks.get(index).ok_or_else(|| crate::error::Error::out_of_range("block", index, blocks.len()))?)
        })?;
        write_out(out, cx.block_out(b))
    })
}

/// The region's blocks in order, into a caller buffer.
#[no_mangle]
pub extern "C" fn omnir_region_get_blocks(
    ctx: *const omnir_context,
    region: omnir_region,
    items: *mut omnir_block,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let blocks = cx.read(|c| Ok(c.region_blocks(r)?))?;
        let blocks: Vec<omnir_block> = blocks.into_iter().map(|b| cx.block_out(b)).collect();
        fill_buffer(&blocks, items, capacity, count)
    })
}

/// The first block of the region (its entry block), or a zeroed block if it is empty.
#[no_mangle]
pub extern "C" fn omnir_region_get_first_block(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let b = cx.read(|c| Ok(c.region_first_block(r)?))?;
        write_out(out, block_opt(cx, b))
    })
}

/// The last block of the region, or a zeroed block if it is empty.
#[no_mangle]
pub extern "C" fn omnir_region_get_last_block(
    ctx: *const omnir_context,
    region: omnir_region,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let b = cx.read(|c| Ok(c.region_blocks(r)?.last().copied()))?;
        write_out(out, block_opt(cx, b))
    })
}

/// Appends a detached block to the region.
#[no_mangle]
pub extern "C" fn omnir_region_append_block(
    ctx: *mut omnir_context,
    region: omnir_region,
    block: omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let b = cx.block_in(block)?;
        cx.write(|c| Ok(c.region_append_block(r, b)?))
    })
}

fn check_block_in_region(c: &Context, region: crate::ir::RegionId, reference: BlockId) -> ApiResult {
    c.region_data(region)?;
    if c.block_parent_region(reference)? != Some(region) {
        return Err(invalid("the reference block is not in this region"));
    }
    Ok(())
}

/// Inserts a detached block into `region` right before `reference` (a block of `region`).
#[no_mangle]
pub extern "C" fn omnir_region_insert_block_before(
    ctx: *mut omnir_context,
    region: omnir_region,
    reference: omnir_block,
    block: omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let reference = cx.block_in(reference)?;
        let b = cx.block_in(block)?;
        cx.write(|c| {
            check_block_in_region(c, r, reference)?;
            Ok(c.region_insert_block_before(reference, b)?)
        })
    })
}

/// Inserts a detached block into `region` right after `reference` (a block of `region`).
#[no_mangle]
pub extern "C" fn omnir_region_insert_block_after(
    ctx: *mut omnir_context,
    region: omnir_region,
    reference: omnir_block,
    block: omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let r = cx.region_in(region)?;
        let reference = cx.block_in(reference)?;
        let b = cx.block_in(block)?;
        cx.write(|c| {
            check_block_in_region(c, r, reference)?;
            Ok(c.region_insert_block_after(reference, b)?)
        })
    })
}

// ---------------------------------------------------------------------------------------
// values and uses

/// Whether `value` names a live value.
#[no_mangle]
pub extern "C" fn omnir_value_is_live(ctx: *const omnir_context, value: omnir_value, out: *mut bool) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let live = cx.read(|c| Ok(c.is_value_live(v)))?;
        write_out(out, live)
    })
}

/// The value's type.
#[no_mangle]
pub extern "C" fn omnir_value_get_type(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let t = cx.read(|c| Ok(c.value_type(v)?))?;
        write_out(out, cx.type_out(t))
    })
}

/// Changes the value's type (uses are not checked; run the verifier).
#[no_mangle]
pub extern "C" fn omnir_value_set_type(ctx: *mut omnir_context, value: omnir_value, ty: omnir_type) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        cx.write(|c| {
            let t = cx.type_in(c, ty)?;
            Ok(c.set_value_type(v, t)?)
        })
    })
}

/// The location of a value: its block argument's, or its defining operation's.
#[no_mangle]
pub extern "C" fn omnir_value_get_location(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let l = cx.read(|c| Ok(c.value_location(v)?))?;
        write_out(out, cx.loc_out(l))
    })
}

/// Whether the value is a block argument (otherwise it is an operation result).
#[no_mangle]
pub extern "C" fn omnir_value_is_block_argument(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        cx.read(|c| Ok(c.check_value(v).map(|_| ())?))?;
        write_out(out, v.is_block_argument())
    })
}

/// Whether the value is an operation result.
#[no_mangle]
pub extern "C" fn omnir_value_is_op_result(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        cx.read(|c| Ok(c.check_value(v).map(|_| ())?))?;
        write_out(out, v.is_op_result())
    })
}

/// The result number of the value, or a block argument's current position in its block
/// (arguments after an erased one move down; their handles stay valid).
#[no_mangle]
pub extern "C" fn omnir_value_get_number(ctx: *const omnir_context, value: omnir_value, out: *mut u32) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let n = cx.read(|c| Ok(c.value_number(v)?))?;
        write_out(out, n)
    })
}

/// The operation defining a result, or a zeroed op for a block argument.
#[no_mangle]
pub extern "C" fn omnir_value_get_defining_op(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let o = cx.read(|c| Ok(c.value_defining_op(v)?))?;
        write_out(out, op_opt(cx, o))
    })
}

/// The block owning a block argument, or a zeroed block for a result.
#[no_mangle]
pub extern "C" fn omnir_value_get_owner_block(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let b = cx.read(|c| Ok(c.value_owner_block(v)?))?;
        write_out(out, block_opt(cx, b))
    })
}

/// The block in which the value is defined (a result's defining op's block; zeroed if that
/// op is detached).
#[no_mangle]
pub extern "C" fn omnir_value_get_parent_block(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut omnir_block,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let b = cx.read(|c| Ok(c.value_parent_block(v)?))?;
        write_out(out, block_opt(cx, b))
    })
}

/// One use of a value: operand `index` of `op`.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_op_operand {
    pub op: omnir_op,
    pub index: u32,
}

fn uses(cx: &omnir_context, value: omnir_value) -> ApiResult<Vec<omnir_op_operand>> {
    let v = cx.value_in(value)?;
    let uses = cx.read(|c| Ok(c.value_uses(v)?))?;
    Ok(uses.into_iter().map(|u| omnir_op_operand { op: cx.op_out(u.op), index: u.index }).collect())
}

/// Number of uses of the value.
#[no_mangle]
pub extern "C" fn omnir_value_get_num_uses(
    ctx: *const omnir_context,
    value: omnir_value,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        let n = cx.read(|c| Ok(c.value_num_uses(v)?))?;
        write_out(out, n)
    })
}

/// Use `index` of the value (most recently added first, as MLIR's use lists). Linear in
/// `index`: use `omnir_value_get_uses` to iterate.
#[no_mangle]
pub extern "C" fn omnir_value_get_use(
    ctx: *const omnir_context,
    value: omnir_value,
    index: usize,
    out: *mut omnir_op_operand,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let us = uses(cx, value)?;
        let u = us.get(index).ok_or_else(|| crate::error::Error::out_of_range("use", index, us.len()))?;
        write_out(out, *u)
    })
}

/// Every use of the value, into a caller buffer.
#[no_mangle]
pub extern "C" fn omnir_value_get_uses(
    ctx: *const omnir_context,
    value: omnir_value,
    items: *mut omnir_op_operand,
    capacity: usize,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let us = uses(cx, value)?;
        fill_buffer(&us, items, capacity, count)
    })
}

/// Points every use of `from` at `to`.
#[no_mangle]
pub extern "C" fn omnir_value_replace_all_uses_with(
    ctx: *mut omnir_context,
    from: omnir_value,
    to: omnir_value,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let from = cx.value_in(from)?;
        let to = cx.value_in(to)?;
        cx.write(|c| Ok(c.replace_all_uses_with(from, to)?))
    })
}

/// Points every use of `from` at `to`, except the uses by the operation `except`.
#[no_mangle]
pub extern "C" fn omnir_value_replace_all_uses_except(
    ctx: *mut omnir_context,
    from: omnir_value,
    to: omnir_value,
    except: omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let from = cx.value_in(from)?;
        let to = cx.value_in(to)?;
        let except = cx.op_in(except)?;
        cx.write(|c| {
            // Check `from` first so that a stale value is reported as such.
            c.check_value(from)?;
            Ok(c.replace_all_uses_except(from, to, except)?)
        })
    })
}

/// Makes every use of the value a null operand (set them again before verifying).
#[no_mangle]
pub extern "C" fn omnir_value_drop_all_uses(ctx: *mut omnir_context, value: omnir_value) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let v = cx.value_in(value)?;
        cx.write(|c| Ok(c.drop_all_uses(v)?))
    })
}
