//! Objects across packages, MLIR-style: `_CAPIPtr` gives a capsule holding the C handle
//! (`omnir.Context._CAPIPtr`: the `omnir_context *`; `omnir.Type._CAPIPtr` and
//! `omnir.Attribute._CAPIPtr`: the handle's (context serial, id) packed in the capsule's
//! pointer), and `Type._CAPICreate` / `Attribute._CAPICreate` turn a capsule (or the packed
//! integer) made by any package linking libomnir.so.0 back into an object. Another
//! extension (examples/python-dialect) uses these to hand its types to this package: both
//! call the same core, so the handles mean the same thing.

use std::ffi::{c_void, CStr};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyInt;

pub const CONTEXT_CAPSULE: &CStr = c"omnir.Context._CAPIPtr";
pub const TYPE_CAPSULE: &CStr = c"omnir.Type._CAPIPtr";
pub const ATTRIBUTE_CAPSULE: &CStr = c"omnir.Attribute._CAPIPtr";

/// A capsule named `name` holding `ptr` (no destructor: the pointer is not owned).
pub fn capsule(py: Python<'_>, ptr: *mut c_void, name: &'static CStr) -> PyResult<Py<PyAny>> {
    // SAFETY: `name` is a static C string (capsules keep the pointer); `ptr` is non-null.
    unsafe { Ok(Bound::from_owned_ptr_or_err(py, ffi::PyCapsule_New(ptr, name.as_ptr(), None))?.unbind()) }
}

/// The pointer of a capsule named `name`.
pub fn capsule_pointer(obj: &Bound<'_, PyAny>, name: &'static CStr) -> PyResult<*mut c_void> {
    // SAFETY: PyCapsule_GetPointer checks the object's type and name, setting an exception
    // (and returning NULL) when they do not match.
    let p = unsafe { ffi::PyCapsule_GetPointer(obj.as_ptr(), name.as_ptr()) };
    if p.is_null() {
        return Err(PyErr::take(obj.py()).unwrap_or_else(|| PyTypeError::new_err("not an omnir capsule")));
    }
    Ok(p)
}

pub fn pack(context: u32, id: u32) -> u64 {
    ((context as u64) << 32) | id as u64
}

/// The (context serial, id) of a type or attribute handle given as a capsule or an integer.
pub fn unpack(obj: &Bound<'_, PyAny>, name: &'static CStr) -> PyResult<(u32, u32)> {
    let v: u64 = if obj.cast::<PyInt>().is_ok() { obj.extract()? } else { capsule_pointer(obj, name)? as usize as u64 };
    let (context, id) = ((v >> 32) as u32, v as u32);
    if context == 0 {
        return Err(PyValueError::new_err("not an omnir handle"));
    }
    Ok((context, id))
}

/// The context of a handle's serial, through its live Python `Context` object.
pub fn context_of(py: Python<'_>, serial: u32) -> PyResult<omnir::Context> {
    crate::context::context_by_serial(py, serial)
        .ok_or_else(|| PyValueError::new_err("the handle's context has no live omnir.Context object in this process"))
}
