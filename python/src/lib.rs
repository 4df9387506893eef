//! `omnir._omnir`: the native half of the `omnir` Python package — MLIR's Python vocabulary
//! (`mlir.ir`) as thin PyO3 glue over the safe Rust client `omnir` (bindings/rust), which
//! calls the one shared core `libomnir.so.0`. This extension contains no copy of the core:
//! it links the library by SONAME and finds the copy shipped beside it through its RUNPATH
//! (`$ORIGIN/lib`), see build.rs.
//!
//! The pure-Python half (`omnir/__init__.py`) re-exports everything here and adds `OpView`,
//! the class properties (`Context.current`...) and `DenseElementsAttr.get` from buffers.
#![allow(clippy::useless_conversion)] // PyO3's generated code for PyResult-returning methods

mod attributes;
mod capi;
mod context;
mod create;
mod definitions;
mod diagnostics;
mod dialects;
mod errors;
mod fastcall;
mod gil_wait;
mod ir;
mod location;
mod options;
mod passes;
mod symbols;
mod types;
mod util;
mod walk;

use pyo3::prelude::*;

/// The version of the loaded libomnir.so.0 as (major, minor, patch).
#[pyfunction]
fn _library_version() -> (u32, u32, u32) {
    let v = omnir::version();
    (v / 10000, (v / 100) % 100, v % 100)
}

/// The C ABI version of the loaded libomnir.so.0.
#[pyfunction]
fn _abi_version() -> u32 {
    omnir::abi_version()
}

/// The dict of OpView classes by operation name (filled by `omnir.register_op_view`).
#[pyfunction]
fn _op_views(py: Python<'_>) -> Py<pyo3::types::PyDict> {
    ir::op_views(py).clone().unbind()
}

#[pymodule]
fn _omnir(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // Without the GIL: adding hooks takes omnir's hook list for writing, which a thread
    // waiting for a context holds for reading while its end hook waits for the GIL.
    py.detach(gil_wait::install);
    m.add("MLIRError", py.get_type::<errors::MLIRError>())?;
    m.add("StaleHandleError", py.get_type::<errors::StaleHandleError>())?;
    py.get_type::<errors::MLIRError>().setattr("error_diagnostics", pyo3::types::PyList::empty(py))?;
    m.add_class::<context::Context>()?;
    m.add_class::<location::Location>()?;
    types::register(m)?;
    attributes::register(m)?;
    ir::register(m)?;
    m.add_class::<symbols::SymbolTable>()?;
    diagnostics::register(m)?;
    dialects::register(m)?;
    definitions::register(m)?;
    passes::register(m)?;
    m.add_function(wrap_pyfunction!(context::_current_context, m)?)?;
    m.add_function(wrap_pyfunction!(context::_current_location, m)?)?;
    m.add_function(wrap_pyfunction!(context::_current_insertion_point, m)?)?;
    m.add_function(wrap_pyfunction!(_library_version, m)?)?;
    m.add_function(wrap_pyfunction!(_abi_version, m)?)?;
    m.add_function(wrap_pyfunction!(_op_views, m)?)?;
    create::install_fastcall(m)?;
    Ok(())
}
