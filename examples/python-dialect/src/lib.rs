//! `omnir_pixels._pixels`: the native half of the example package. It loads the dialect
//! `pixels` (`pixels.irdl.mlir`: the type `!pixels.rgb<bits>`, bits 8 or 16, a memref element
//! type, and a few more kinds) into a context created by the `omnir` package, through
//! omnir's C API (omnir-sys) — the path any C, C++ or Rust plugin takes — and answers
//! questions about types from its side of the process. Contexts and types cross from and to
//! the `omnir` package as MLIR-style capsules (`Context._CAPIPtr`, `Type._CAPICreate`): both
//! extensions call the one libomnir.so.0, so a handle means the same thing in each. The
//! dialect's Python classes are generated from the same file (`_pixels_ops_gen.py`).

use std::ffi::{c_void, CStr};

use omnir_sys as sys;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;

const CONTEXT_CAPSULE: &CStr = c"omnir.Context._CAPIPtr";
const TYPE_CAPSULE: &CStr = c"omnir.Type._CAPIPtr";
const QUALIFIED: &str = "pixels.rgb";
const DEFINITION: &str = include_str!("../omnir_pixels/pixels.irdl.mlir");

fn last_error(what: &str, status: sys::omnir_status) -> PyErr {
    // SAFETY: no arguments; the string is owned by us and freed right after.
    let s = unsafe { sys::omnir_last_error_message() };
    let msg = if s.data.is_null() {
        String::new()
    } else {
        // SAFETY: an omnir string of `len` bytes.
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned()
    };
    // SAFETY: freed once.
    unsafe { sys::omnir_string_free(s) };
    let text = format!("{what}: {msg} (status {status:?})");
    if matches!(
        status,
        sys::omnir_status::OMNIR_ERROR_INVALID_ARGUMENT
            | sys::omnir_status::OMNIR_ERROR_CALLBACK_FAILED
            | sys::omnir_status::OMNIR_ERROR_VERIFICATION_FAILED
    ) {
        PyValueError::new_err(text)
    } else {
        PyRuntimeError::new_err(text)
    }
}

fn check(what: &str, status: sys::omnir_status) -> PyResult<()> {
    if status == sys::omnir_status::OMNIR_OK {
        Ok(())
    } else {
        Err(last_error(what, status))
    }
}

/// The `omnir_context *` in an `omnir.Context._CAPIPtr` capsule.
fn context(capsule: &Bound<'_, PyAny>) -> PyResult<*mut sys::omnir_context> {
    // SAFETY: PyCapsule_GetPointer checks the type and the name (NULL and an exception
    // otherwise).
    let p = unsafe { ffi::PyCapsule_GetPointer(capsule.as_ptr(), CONTEXT_CAPSULE.as_ptr()) };
    if p.is_null() {
        return Err(
            PyErr::take(capsule.py()).unwrap_or_else(|| PyTypeError::new_err("expected omnir.Context._CAPIPtr"))
        );
    }
    Ok(p.cast())
}

/// The type handle in an `omnir.Type._CAPIPtr` capsule (or a packed int).
fn type_handle(obj: &Bound<'_, PyAny>) -> PyResult<sys::omnir_type> {
    if let Ok(v) = obj.extract::<u64>() {
        return Ok(unpack(v));
    }
    // SAFETY: as in `context`; the pointer value is the packed handle.
    let p = unsafe { ffi::PyCapsule_GetPointer(obj.as_ptr(), TYPE_CAPSULE.as_ptr()) };
    if p.is_null() {
        return Err(PyErr::take(obj.py()).unwrap_or_else(|| PyTypeError::new_err("expected omnir.Type._CAPIPtr")));
    }
    Ok(unpack(p as usize as u64))
}

fn pack(t: sys::omnir_type) -> u64 {
    ((t.context as u64) << 32) | t.id as u64
}

fn unpack(v: u64) -> sys::omnir_type {
    sys::omnir_type { context: (v >> 32) as u32, id: v as u32 }
}

fn typeid(name: &str) -> PyResult<u32> {
    let mut id = 0u32;
    // SAFETY: a valid string and out-pointer.
    check("omnir_typeid_get", unsafe { sys::omnir_typeid_get(name.as_ptr().cast(), name.len(), &mut id) })?;
    Ok(id)
}

/// Loads the dialect's definition into the context (once: a context that has it already is
/// left alone); returns the definition id of `!pixels.rgb`.
#[pyfunction]
fn register(context_capsule: &Bound<'_, PyAny>) -> PyResult<u32> {
    let ctx = context(context_capsule)?;
    let mut def = 0u32;
    let file = "pixels.irdl.mlir";
    // SAFETY: a live context (the capsule's owner is kept alive by the caller), valid strings
    // and out-pointers.
    unsafe {
        if sys::omnir_dialect_lookup_type(ctx, QUALIFIED.as_ptr().cast(), QUALIFIED.len(), &mut def)
            != sys::omnir_status::OMNIR_OK
        {
            check(
                "omnir_dialect_load_definitions",
                sys::omnir_dialect_load_definitions(
                    ctx,
                    DEFINITION.as_ptr().cast(),
                    DEFINITION.len(),
                    file.as_ptr().cast(),
                    file.len(),
                ),
            )?;
            check(
                "omnir_dialect_lookup_type",
                sys::omnir_dialect_lookup_type(ctx, QUALIFIED.as_ptr().cast(), QUALIFIED.len(), &mut def),
            )?;
        }
    }
    Ok(def)
}

/// `memref<n x element>` built on this side (the element-type interface is checked by the
/// shared registry), as a packed handle.
#[pyfunction]
fn memref_of(context_capsule: &Bound<'_, PyAny>, element: &Bound<'_, PyAny>, n: i64) -> PyResult<u64> {
    let ctx = context(context_capsule)?;
    let mut t = sys::omnir_type::default();
    let shape = [n];
    // SAFETY: a live context, a one-element shape, valid out-pointer.
    check("omnir_memref_type_get", unsafe {
        sys::omnir_memref_type_get(
            ctx,
            shape.as_ptr(),
            1,
            type_handle(element)?,
            Default::default(),
            Default::default(),
            &mut t,
        )
    })?;
    Ok(pack(t))
}

/// The TypeID of a type (a packed handle), as this extension sees it.
#[pyfunction]
fn type_id_of(context_capsule: &Bound<'_, PyAny>, ty: &Bound<'_, PyAny>) -> PyResult<u32> {
    let ctx = context(context_capsule)?;
    let mut id = 0u32;
    // SAFETY: a live context, valid out-pointer.
    check("omnir_type_get_type_id", unsafe { sys::omnir_type_get_type_id(ctx, type_handle(ty)?, &mut id) })?;
    Ok(id)
}

/// Whether a type (a packed handle) implements the memref element type interface.
#[pyfunction]
fn is_memref_element(context_capsule: &Bound<'_, PyAny>, ty: &Bound<'_, PyAny>) -> PyResult<bool> {
    let ctx = context(context_capsule)?;
    let iface = typeid("builtin.MemRefElementTypeInterface")?;
    let mut yes = false;
    // SAFETY: a live context, valid out-pointer.
    check("omnir_type_implements", unsafe { sys::omnir_type_implements(ctx, type_handle(ty)?, iface, &mut yes) })?;
    Ok(yes)
}

/// The TypeID of `!pixels.rgb`, interned by name in the shared core.
#[pyfunction]
fn rgb_typeid() -> PyResult<u32> {
    typeid(QUALIFIED)
}

// --- calling interface methods written in another language --------------------------------
//
// The layout of a "dynamic interface" method table, as the safe Rust client (bindings/rust,
// `dyn_interface.rs`) defines it for interfaces implemented in Python, JavaScript or Rust: a
// magic word, then one `call` entry taking the method name and attribute arguments.

const DYNAMIC_INTERFACE_MAGIC: u64 = u64::from_le_bytes(*b"omnirdyn");

#[repr(C)]
#[derive(Default)]
struct DynamicReceiver {
    kind: u32,
    ty: sys::omnir_type,
    attr: sys::omnir_attribute,
    op: sys::omnir_op,
}

#[repr(C)]
struct DynamicMessage {
    data: *mut u8,
    capacity: usize,
    len: usize,
}

type DynamicCallFn = unsafe extern "C" fn(
    *mut c_void,
    *mut sys::omnir_context,
    *const DynamicReceiver,
    *const std::ffi::c_char,
    usize,
    *const sys::omnir_attribute,
    usize,
    *mut sys::omnir_attribute,
    *mut DynamicMessage,
) -> u32;

#[repr(C)]
struct DynamicInterfaceVTable {
    magic: u64,
    call: DynamicCallFn,
}

/// Calls `method` (no arguments) of the interface `interface` implemented for a type — in
/// whatever language the implementation was written — and returns the result attribute as
/// a packed handle (0 for none).
#[pyfunction]
fn call_type_method(
    context_capsule: &Bound<'_, PyAny>,
    ty: &Bound<'_, PyAny>,
    interface: &str,
    method: &str,
) -> PyResult<u64> {
    let ctx = context(context_capsule)?;
    let t = type_handle(ty)?;
    let iface = typeid(interface)?;
    let (mut vtable, mut user_data): (*const c_void, *mut c_void) = (std::ptr::null(), std::ptr::null_mut());
    // SAFETY: a live context, valid out-pointers.
    check("omnir_type_get_interface", unsafe {
        sys::omnir_type_get_interface(ctx, t, iface, &mut vtable, &mut user_data)
    })?;
    if vtable.is_null() {
        return Err(PyValueError::new_err("the interface is implemented without methods"));
    }
    // SAFETY: a method table is at least one word long; the magic tells the layout.
    if unsafe { std::ptr::read_unaligned(vtable as *const u64) } != DYNAMIC_INTERFACE_MAGIC {
        return Err(PyValueError::new_err("not a dynamic interface method table"));
    }
    // SAFETY: the magic says it is a dynamic interface table, alive as long as the context.
    let vt = unsafe { &*(vtable as *const DynamicInterfaceVTable) };
    let receiver = DynamicReceiver { kind: 0, ty: t, ..Default::default() };
    let mut out = sys::omnir_attribute::default();
    let mut buf = vec![0u8; 256];
    let mut msg = DynamicMessage { data: buf.as_mut_ptr(), capacity: buf.len(), len: 0 };
    // SAFETY: every pointer is valid for the call.
    let st = unsafe {
        (vt.call)(
            user_data,
            ctx,
            &receiver,
            method.as_ptr().cast(),
            method.len(),
            std::ptr::null(),
            0,
            &mut out,
            &mut msg,
        )
    };
    if st != 0 {
        let n = msg.len.min(buf.len());
        return Err(PyValueError::new_err(String::from_utf8_lossy(&buf[..n]).into_owned()));
    }
    Ok(((out.context as u64) << 32) | out.id as u64)
}

/// The version of the libomnir.so.0 this extension called.
#[pyfunction]
fn library_version() -> u32 {
    // SAFETY: no arguments.
    unsafe { sys::omnir_version() }
}

#[pymodule]
fn _pixels(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(register, m)?)?;
    m.add_function(wrap_pyfunction!(memref_of, m)?)?;
    m.add_function(wrap_pyfunction!(type_id_of, m)?)?;
    m.add_function(wrap_pyfunction!(is_memref_element, m)?)?;
    m.add_function(wrap_pyfunction!(rgb_typeid, m)?)?;
    m.add_function(wrap_pyfunction!(library_version, m)?)?;
    m.add_function(wrap_pyfunction!(call_type_method, m)?)?;
    Ok(())
}
