//! `Operation.walk`: the client's walk with a Python callback per operation.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use omnir::{TreeOwner, WalkResult as CResult};

use crate::errors::OrPy;
use crate::ir::{new_op, walk_result_of, Operation, WalkOrder, WalkResult};

/// Walks `op` calling `callback(operation)`, only for operations named `only` when given
/// (upstream's `op_class`); each operation wrapper shares the walked operation's tree owner.
/// An exception in the callback stops the walk and is raised.
pub fn walk(
    py: Python<'_>,
    op: &omnir::Operation,
    owner: Option<TreeOwner>,
    callback: &Bound<'_, PyAny>,
    order: WalkOrder,
    only: Option<&str>,
) -> PyResult<WalkResult> {
    let only = match only {
        Some(name) => Some(op.context().identifier(name).py()?),
        None => None,
    };
    let mut error: Option<PyErr> = None;
    // The object handed to the callback is reused for the next operation when the callback
    // kept no reference to it (refcount back to 1): one allocation per kept object, not per
    // operation. A kept object is never changed.
    let mut current: Option<Bound<'_, Operation>> = None;
    // The callback is called through the interpreter's `PyObject_Vectorcall` where there is
    // one (3.11 and later, see `fastcall::vectorcall`). Otherwise the call takes an argument
    // tuple, reused as the object is: one whose only reference is ours can take the next
    // argument.
    let mut args: Option<Bound<'_, PyTuple>> = None;
    let vectorcall = crate::fastcall::vectorcall(py);
    let result = op
        .walk(order.to_client(), |o| {
            if let Some(only) = &only {
                match o.name_identifier() {
                    Ok(name) if name == *only => {}
                    Ok(_) => return CResult::Advance,
                    Err(e) => {
                        error = Some(crate::errors::err(e));
                        return CResult::Interrupt;
                    }
                }
            }
            let w = match current.take() {
                Some(w) if Operation::replace_unshared(&w, o) => Ok(w),
                _ => new_op(py, o.clone(), owner.clone()).map(|w| w.into_bound(py)),
            };
            let r = w.and_then(|w| {
                if let Some(call) = vectorcall {
                    let argv = [w.as_ptr()];
                    // SAFETY: `call` is the interpreter's `PyObject_Vectorcall`; the callable
                    // and the one argument are live objects we hold references to (borrowed
                    // for the call), and the result is a new reference or null with an
                    // exception set.
                    let r = unsafe {
                        Bound::from_owned_ptr_or_err(
                            py,
                            call(callback.as_ptr(), argv.as_ptr(), 1, std::ptr::null_mut()),
                        )
                    };
                    current = Some(w);
                    return r;
                }
                let a = match args.take() {
                    Some(a) if a.get_refcnt() == 1 => {
                        // SAFETY: a 1-tuple that only we reference (refcount 1, GIL held):
                        // `PyTuple_SetItem` may replace its item; it takes the new reference
                        // and releases the old item.
                        let status = unsafe { ffi::PyTuple_SetItem(a.as_ptr(), 0, w.clone().into_ptr()) };
                        debug_assert_eq!(status, 0);
                        a
                    }
                    _ => PyTuple::new(py, [&w])?,
                };
                let r = callback.call(&a, None);
                if a.get_refcnt() == 1 {
                    // SAFETY: as above. The tuple lets go of `w`, so that `w` is unshared again
                    // unless the callback kept it.
                    let status = unsafe { ffi::PyTuple_SetItem(a.as_ptr(), 0, py.None().into_ptr()) };
                    debug_assert_eq!(status, 0);
                    args = Some(a);
                }
                current = Some(w);
                r
            });
            let r = r.and_then(|r| walk_result_of(py, &r));
            match r {
                Ok(r) => r,
                Err(e) => {
                    error = Some(e);
                    CResult::Interrupt
                }
            }
        })
        .py()?;
    if let Some(e) = error {
        return Err(e);
    }
    Ok(match result {
        CResult::Interrupt => WalkResult::INTERRUPT,
        _ => WalkResult::ADVANCE,
    })
}
