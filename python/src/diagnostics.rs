//! Diagnostics: `Diagnostic` (severity, location, message, notes), `DiagnosticSeverity`,
//! and handlers written in Python (`Context.attach_diagnostic_handler`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use omnir::{HandlerId, Severity};

use crate::errors::OrPy;
use crate::location::{wrap_loc, Location};

/// The severity of a diagnostic.
#[pyclass(module = "omnir._omnir", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
pub enum DiagnosticSeverity {
    ERROR,
    WARNING,
    NOTE,
    REMARK,
}

impl DiagnosticSeverity {
    fn from_client(s: Severity) -> DiagnosticSeverity {
        match s {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::NOTE,
            Severity::Remark => DiagnosticSeverity::REMARK,
        }
    }
}

/// A diagnostic: severity, location, message and notes (MLIR's `DiagnosticInfo`; `str()` is
/// the message, `rendered` the diagnostic as mlir-opt prints it).
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Diagnostic {
    #[pyo3(get)]
    severity: DiagnosticSeverity,
    #[pyo3(get)]
    location: Py<Location>,
    #[pyo3(get)]
    message: String,
    #[pyo3(get)]
    notes: Vec<Py<Diagnostic>>,
    rendered: String,
}

impl Diagnostic {
    pub fn from_client(py: Python<'_>, d: &omnir::Diagnostic) -> PyResult<Py<Diagnostic>> {
        let notes = d.notes.iter().map(|n| Diagnostic::from_client(py, n)).collect::<PyResult<_>>()?;
        Py::new(
            py,
            Diagnostic {
                severity: DiagnosticSeverity::from_client(d.severity),
                location: wrap_loc(py, d.location.clone())?,
                message: d.message.clone(),
                notes,
                rendered: d.rendered.clone(),
            },
        )
    }
}

#[pymethods]
impl Diagnostic {
    /// The message, as MLIR's `str(DiagnosticInfo)` (`rendered` has the whole diagnostic as
    /// mlir-opt prints it).
    fn __str__(&self) -> String {
        self.message.clone()
    }

    #[getter]
    fn rendered(&self) -> String {
        if self.rendered.is_empty() {
            self.message.clone()
        } else {
            self.rendered.trim_end().to_string()
        }
    }

    fn __repr__(&self) -> String {
        format!("Diagnostic({:?}, {:?})", self.severity_name(), self.message)
    }
}

impl Diagnostic {
    fn severity_name(&self) -> &'static str {
        match self.severity {
            DiagnosticSeverity::ERROR => "error",
            DiagnosticSeverity::WARNING => "warning",
            DiagnosticSeverity::NOTE => "note",
            DiagnosticSeverity::REMARK => "remark",
        }
    }
}

/// An attached diagnostic handler; `detach()` it, or use it as a context manager.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct DiagnosticHandler {
    ctx: omnir::Context,
    id: omnir::LeafMutex<Option<HandlerId>>,
    had_error: Arc<AtomicBool>,
}

pub fn attach(py: Python<'_>, ctx: &omnir::Context, callback: Py<PyAny>) -> PyResult<Py<DiagnosticHandler>> {
    let had_error = Arc::new(AtomicBool::new(false));
    let seen = had_error.clone();
    let id = ctx
        .attach_diagnostic_handler(move |d: &omnir::Diagnostic| {
            if d.severity == Severity::Error {
                seen.store(true, Ordering::Relaxed);
            }
            Python::attach(|py| {
                let r = Diagnostic::from_client(py, d)
                    .and_then(|diag| callback.call1(py, (diag,)))
                    .and_then(|r| r.bind(py).is_truthy());
                match r {
                    Ok(handled) => handled,
                    Err(e) => {
                        e.write_unraisable(py, None);
                        false
                    }
                }
            })
        })
        .py()?;
    Py::new(py, DiagnosticHandler { ctx: ctx.clone(), id: omnir::LeafMutex::new(Some(id)), had_error })
}

#[pymethods]
impl DiagnosticHandler {
    /// Detaches the handler (idempotent).
    fn detach(&self) -> PyResult<()> {
        let id = self.id.lock().take();
        if let Some(id) = id {
            self.ctx.detach_diagnostic_handler(id).py()?;
        }
        Ok(())
    }

    /// Whether the handler was called with an error diagnostic.
    #[getter]
    fn had_error(&self) -> bool {
        self.had_error.load(Ordering::Relaxed)
    }

    #[getter]
    fn attached(&self) -> bool {
        self.id.lock().is_some()
    }

    fn __enter__(slf: Py<DiagnosticHandler>) -> Py<DiagnosticHandler> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, PyTuple>) -> PyResult<bool> {
        self.detach()?;
        Ok(false)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DiagnosticSeverity>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<DiagnosticHandler>()?;
    m.add("DiagnosticInfo", m.getattr("Diagnostic")?)?;
    Ok(())
}
