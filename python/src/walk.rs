//! `Operation.walk`: the client's walk with a Python callback per operation.

use pyo3::prelude::*;

use omnir::{TreeOwner, WalkResult as CResult};

use crate::errors::OrPy;
use crate::ir::{new_op, walk_result_of, Operation, WalkOrder, WalkResult};

/// Walks `op` calling `callback(operation)`; each operation wrapper shares the walked
/// operation's tree owner. An exception in the callback stops the walk and is raised.
pub fn walk(
    py: Python<'_>,
    op: &omnir::Operation,
    owner: Option<TreeOwner>,
    callback: &Bound<'_, PyAny>,
    order: WalkOrder,
) -> PyResult<WalkResult> {
    let mut error: Option<PyErr> = None;
    // The object handed to the callback is reused for the next operation when the callback
    // kept no reference to it (refcount back to 1): one allocation per kept object, not per
    // operation. A kept object is never changed.
    let mut current: Option<Bound<'_, Operation>> = None;
    let result = op
        .walk(order.to_client(), |o| {
            let w = match current.take() {
                Some(w) if Operation::replace_unshared(&w, o.clone()) => Ok(w),
                _ => new_op(py, o.clone(), owner.clone()).map(|w| w.into_bound(py)),
            };
            let r = w.and_then(|w| {
                let r = callback.call1((&w,));
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
