//! Exceptions: every failed client call becomes a Python exception chosen by
//! [`omnir::ErrorClass`] (the mapping both the Python and the Node glue use).
//!
//! - stale handles raise `omnir.StaleHandleError` (a `RuntimeError`);
//! - parse, verification and callback failures raise `omnir.MLIRError`, whose
//!   `error_diagnostics` lists the error diagnostics (location, severity, message, notes);
//! - bad arguments raise `ValueError`, out-of-range indices `IndexError`, the rest
//!   `RuntimeError`.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use omnir::{DiagnosedError, ErrorClass};

create_exception!(
    omnir,
    MLIRError,
    PyException,
    "Parsing, verification or a dialect callback failed; `error_diagnostics` lists the error diagnostics."
);
create_exception!(
    omnir,
    StaleHandleError,
    PyRuntimeError,
    "The IR this object refers to was erased (or is out of reach): the handle is stale."
);

/// The Python exception for a client error.
pub fn err(e: omnir::Error) -> PyErr {
    match e.class() {
        ErrorClass::StaleHandle => StaleHandleError::new_err(e.message),
        ErrorClass::InvalidArgument => PyValueError::new_err(e.message),
        ErrorClass::OutOfRange => PyIndexError::new_err(e.message),
        ErrorClass::Diagnosed => {
            Python::attach(|py| mlir_error(py, &DiagnosedError::from(e.clone()), "omnir error")).unwrap_or_else(|x| x)
        }
        ErrorClass::Busy => PyRuntimeError::new_err(format!(
            "{} (the IR cannot be changed from inside a callback of its context, e.g. a walk or a verifier; \
             collect what to change and change it afterwards)",
            e.message
        )),
        ErrorClass::Internal => PyRuntimeError::new_err(e.to_string()),
    }
}

/// An error from a call run under [`omnir::Context::with_diagnostics`]: an `MLIRError`
/// carrying the diagnostics when there are any (or the status says so), else the plain
/// mapping of [`err`].
pub fn diag_err(py: Python<'_>, e: DiagnosedError, what: &str) -> PyErr {
    if e.diagnostics.is_empty() && e.error.class() != ErrorClass::Diagnosed {
        return err(e.error);
    }
    mlir_error(py, &e, what).unwrap_or_else(|x| x)
}

fn mlir_error(py: Python<'_>, e: &DiagnosedError, what: &str) -> PyResult<PyErr> {
    let diags = PyList::empty(py);
    for d in &e.diagnostics {
        diags.append(crate::diagnostics::Diagnostic::from_client(py, d)?)?;
    }
    let text = if e.diagnostics.is_empty() { e.message(what) } else { upstream_text(what, &e.diagnostics) };
    let exc = MLIRError::new_err(text);
    let value = exc.value(py);
    value.setattr("error_diagnostics", diags)?;
    value.setattr("message", what)?;
    Ok(exc)
}

/// `str(MLIRError)` as MLIR's bindings build it, which programs match against: what failed,
/// then `error: <location>: <message>` per diagnostic and ` note: ...` per note, the location
/// without its `loc(...)` and continuation lines indented.
fn upstream_text(what: &str, diagnostics: &[omnir::Diagnostic]) -> String {
    fn loc_text(d: &omnir::Diagnostic) -> String {
        let l = d.location.print().unwrap_or_default();
        l.strip_prefix("loc(").and_then(|l| l.strip_suffix(')')).unwrap_or(&l).to_string()
    }
    let mut m = format!("{what}:");
    for d in diagnostics {
        m.push_str(&format!("\nerror: {}: {}", loc_text(d), d.message.replace('\n', "\n  ")));
        for n in &d.notes {
            m.push_str(&format!("\n note: {}: {}", loc_text(n), n.message.replace('\n', "\n  ")));
        }
    }
    m
}

/// `omnir::Result<T>` → `PyResult<T>`.
pub trait OrPy<T> {
    fn py(self) -> PyResult<T>;
}

impl<T> OrPy<T> for omnir::Result<T> {
    #[inline]
    fn py(self) -> PyResult<T> {
        self.map_err(err)
    }
}

/// A `TypeError` naming what was expected.
pub fn type_error(expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let name = got.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    pyo3::exceptions::PyTypeError::new_err(format!("expected {expected}, got {name}"))
}
