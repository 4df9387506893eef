//! Passes and rewrite patterns written in Python (`Context.register_pass`,
//! `Context.register_rewrite_pattern`) and `PassManager` (MLIR's `mlir.passmanager`).
//!
//! # The GIL
//! `PassManager.run` releases the GIL for the whole run, so other Python threads keep going
//! while built-in passes work. omnir runs passes, patterns, verifiers and diagnostic handlers
//! registered from Python on the thread that called `run` (include/omnir/omnir.h,
//! "Threads"); each of them takes the GIL back for its Python call (`Python::attach`, as the
//! verifiers of `dialects.rs` do) and releases it when it returns.
//!
//! The context stays locked by the run meanwhile, so another Python thread that calls into
//! the *same* context waits for the run to end — holding the GIL, which a Python callback of
//! the run then waits for. Threads that share a context must not run pipelines with Python
//! callbacks concurrently with other calls on it (one context per thread is the usual setup).
//!
//! # Failures
//! An exception in a Python pass or pattern fails the pass with its text; the exception
//! itself is kept (per thread: callbacks run on the caller's thread) and becomes the
//! `__cause__` of the `MLIRError` that `run` raises. `KeyboardInterrupt` and other
//! non-`Exception`s are raised as they are.

use std::cell::RefCell;

use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyDict, PyTuple};

use omnir::{IrPrinting, OptionDecl, PassDef, PassOptions, PrintFlags};

use crate::context::{context_object, resolve, Context};
use crate::errors::{diag_err, OrPy};
use crate::ir::{as_op, op_or_view, owner_now, Module};
use crate::options::{pass_option, to_py};

thread_local! {
    /// The first exception raised by a Python pass or pattern during this thread's run.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// The failure message of a Python exception (`ValueError: text`), keeping the exception for
/// the `MLIRError` of the run.
fn failed(py: Python<'_>, e: PyErr) -> String {
    let kind = e.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "exception".into());
    let text = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
    let message = if text.is_empty() { kind } else { format!("{kind}: {text}") };
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Some(e);
        }
    });
    message
}

fn take_pending() -> Option<PyErr> {
    PENDING.with(|p| p.borrow_mut().take())
}

/// The client pass of a Python callable `run(op, options)`.
fn python_pass(argument: &str, name: &str, description: &str, decls: Vec<OptionDecl>, run: Py<PyAny>) -> PassDef {
    let read = decls.clone();
    let mut def = PassDef::new(argument, move |op: &omnir::Operation, options: &PassOptions<'_>| {
        Python::attach(|py| {
            let r = (|| -> PyResult<()> {
                let values = PyDict::new(py);
                for d in &read {
                    values.set_item(&d.name, to_py(py, &options.value(d).py()?)?)?;
                }
                let o = op_or_view(py, op.clone(), owner_now(op))?;
                run.call1(py, (o, values))?;
                Ok(())
            })();
            r.map_err(|e| failed(py, e))
        })
    })
    .name(name)
    .description(description);
    for d in decls {
        def = def.option(d);
    }
    def
}

/// `Context.register_pass`.
pub fn register_pass(
    py: Python<'_>,
    ctx: &omnir::Context,
    argument: &str,
    run: Option<Py<PyAny>>,
    name: &str,
    description: &str,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let mut decls = Vec::new();
    if let Some(options) = options.filter(|o| !o.is_none()) {
        for entry in options.try_iter()? {
            decls.push(pass_option(&entry?)?);
        }
    }
    let register = {
        let (ctx, argument, name, description) =
            (ctx.clone(), argument.to_string(), name.to_string(), description.to_string());
        move |run: Py<PyAny>| -> PyResult<()> {
            Python::attach(|py| {
                if !run.bind(py).is_callable() {
                    return Err(crate::errors::type_error("a callable run(op, options)", run.bind(py)));
                }
                ctx.register_pass(python_pass(&argument, &name, &description, decls.clone(), run)).py()
            })
        }
    };
    match run {
        Some(run) => {
            register(run.clone_ref(py))?;
            Ok(run)
        }
        None => decorator(py, register),
    }
}

/// A decorator that registers the function it decorates and returns it unchanged.
fn decorator(py: Python<'_>, register: impl Fn(Py<PyAny>) -> PyResult<()> + Send + 'static) -> PyResult<Py<PyAny>> {
    let f = PyCFunction::new_closure(
        py,
        Some(c"register"),
        None,
        move |args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>| -> PyResult<Py<PyAny>> {
            let f = args.get_item(0)?.unbind();
            register(f.clone_ref(args.py()))?;
            Ok(f)
        },
    )?;
    Ok(f.into_any().unbind())
}

/// `Context.register_rewrite_pattern`.
pub fn register_rewrite_pattern(
    py: Python<'_>,
    ctx: &omnir::Context,
    name: &str,
    rewrite: Option<Py<PyAny>>,
    root: Option<&str>,
    benefit: u16,
) -> PyResult<Py<PyAny>> {
    let register = {
        let (ctx, name, root) = (ctx.clone(), name.to_string(), root.map(str::to_string));
        move |f: Py<PyAny>| -> PyResult<()> {
            Python::attach(|py| {
                if !f.bind(py).is_callable() {
                    return Err(crate::errors::type_error("a callable fn(op) -> bool", f.bind(py)));
                }
                Ok(())
            })?;
            ctx.register_rewrite_pattern(&name, root.as_deref(), benefit, move |op: &omnir::Operation| {
                Python::attach(|py| {
                    let r = op_or_view(py, op.clone(), owner_now(op))
                        .and_then(|o| f.call1(py, (o,)))
                        .and_then(|r| r.bind(py).is_truthy());
                    r.map_err(|e| failed(py, e))
                })
            })
            .py()
        }
    };
    match rewrite {
        Some(f) => {
            register(f.clone_ref(py))?;
            Ok(f)
        }
        None => decorator(py, register),
    }
}

// ---------------------------------------------------------------------------------------
// PassManager

/// What a pass manager was told besides its pipeline, re-applied when `add` re-parses it.
#[derive(Default)]
struct Settings {
    verifier: Option<bool>,
    multithreading: Option<bool>,
    timing: bool,
    printing: Option<IrPrinting>,
}

struct State {
    pm: omnir::PassManager,
    settings: Settings,
}

impl State {
    fn apply(&mut self) -> omnir::Result<()> {
        if let Some(on) = self.settings.verifier {
            self.pm.enable_verifier(on)?;
        }
        if let Some(on) = self.settings.multithreading {
            self.pm.enable_multithreading(on)?;
        }
        if self.settings.timing {
            self.pm.enable_timing(true)?;
        }
        if let Some(p) = &self.settings.printing {
            self.pm.enable_ir_printing(p)?;
        }
        Ok(())
    }
}

/// A pass pipeline and its run settings (MLIR's `mlir.passmanager.PassManager`).
///
/// `PassManager.parse("builtin.module(func.func(cse),canonicalize)")` parses MLIR's textual
/// pipeline syntax against the passes of the context (built-in ones and those registered
/// with `Context.register_pass`); `str(pm)` prints it back; `pm.run(module)` runs it,
/// raising `MLIRError` if a pass or the verification after it fails.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct PassManager {
    ctx: omnir::Context,
    /// `None` while a call has the state checked out (see [`Checkout`]).
    state: omnir::LeafMutex<Option<State>>,
}

/// The pass manager's state, taken out of its slot for the length of one call and put back
/// when the call ends. The slot's mutex is held only to take and to put back, never across
/// a call into omnir (which may wait for the context with the GIL released, or run Python
/// passes): a second caller meanwhile finds the slot empty and gets a `RuntimeError`, where
/// waiting on a held lock with the GIL could deadlock (ARCHITECTURE.md, "Lock order").
struct Checkout<'a> {
    slot: &'a omnir::LeafMutex<Option<State>>,
    state: Option<State>,
}

impl std::ops::Deref for Checkout<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        self.state.as_ref().expect("checked out until dropped")
    }
}

impl std::ops::DerefMut for Checkout<'_> {
    fn deref_mut(&mut self) -> &mut State {
        self.state.as_mut().expect("checked out until dropped")
    }
}

impl Drop for Checkout<'_> {
    fn drop(&mut self) {
        let state = self.state.take();
        // The slot is empty (this checkout emptied it), so nothing is dropped under the lock.
        *self.slot.lock() = state;
    }
}

/// Parses a pipeline; every parse error is a `ValueError` (as in MLIR's bindings) whose
/// message points at the problem (`pass pipeline:1:COL: error: ...` and a caret line).
fn parse_pipeline(ctx: &omnir::Context, pipeline: &str) -> PyResult<omnir::PassManager> {
    omnir::PassManager::parse(ctx, pipeline).map_err(|e| match e.class() {
        omnir::ErrorClass::Diagnosed | omnir::ErrorClass::InvalidArgument => PyValueError::new_err(e.message),
        _ => crate::errors::err(e),
    })
}

impl PassManager {
    fn state(&self) -> PyResult<Checkout<'_>> {
        let state = self.state.lock().take();
        match state {
            Some(state) => Ok(Checkout { slot: &self.state, state: Some(state) }),
            None => Err(PyRuntimeError::new_err(
                "this PassManager is in use (running on another thread, or this call comes from one of its passes)",
            )),
        }
    }

    fn new(ctx: omnir::Context, pm: omnir::PassManager) -> PassManager {
        PassManager { ctx, state: omnir::LeafMutex::new(Some(State { pm, settings: Settings::default() })) }
    }
}

/// The operation a `run` argument names: a Module, an Operation or an OpView.
fn operation_of(obj: &Bound<'_, PyAny>) -> PyResult<omnir::Operation> {
    if let Ok(m) = obj.cast::<Module>() {
        return Ok(m.get().op.clone());
    }
    Ok(as_op(obj)?.get().op.clone())
}

#[pymethods]
impl PassManager {
    /// An empty pipeline anchored on `anchor_op` (add passes with `add`).
    #[new]
    #[pyo3(signature = (anchor_op = "any", context = None))]
    fn py_new(anchor_op: &str, context: Option<&Bound<'_, Context>>) -> PyResult<PassManager> {
        let ctx = resolve(context)?;
        let pm = parse_pipeline(&ctx, &format!("{anchor_op}()"))?;
        Ok(PassManager::new(ctx, pm))
    }

    /// Parses a textual pipeline (`"builtin.module(func.func(cse))"`). A malformed pipeline
    /// or an unknown pass raises `MLIRError` pointing at the problem.
    #[staticmethod]
    #[pyo3(signature = (pipeline, context = None))]
    fn parse(pipeline: &str, context: Option<&Bound<'_, Context>>) -> PyResult<PassManager> {
        let ctx = resolve(context)?;
        let pm = parse_pipeline(&ctx, pipeline)?;
        Ok(PassManager::new(ctx, pm))
    }

    /// Appends pipeline elements (`"cse"`, `"func.func(canonicalize)"`) to the pipeline.
    fn add(&self, pipeline: &str) -> PyResult<()> {
        let mut st = self.state()?;
        let current = st.pm.pipeline().py()?;
        let open = current.find('(').filter(|_| current.ends_with(')'));
        let Some(open) = open else {
            return Err(PyValueError::new_err(format!("cannot add to the pipeline {current:?}")));
        };
        let inner = &current[open + 1..current.len() - 1];
        let sep = if inner.trim().is_empty() { "" } else { "," };
        let text = format!("{}({inner}{sep}{pipeline})", &current[..open]);
        st.pm = parse_pipeline(&self.ctx, &text)?;
        st.apply().py()
    }

    /// Runs the pipeline on `operation` (a Module, an Operation or an OpView). The GIL is
    /// released meanwhile; Python passes and patterns take it back while they run. Another
    /// Python thread calling into the same context meanwhile waits for the run without
    /// holding the GIL (see `gil_wait.rs`), so the two never deadlock. Raises
    /// `MLIRError` (with the diagnostics) if a pass or verification fails; the exception of a
    /// failing Python pass is its `__cause__`. `invalidate_ops` is accepted for MLIR
    /// compatibility: omnir's wrappers never dangle (erased IR raises `StaleHandleError`).
    #[pyo3(signature = (operation, invalidate_ops = true))]
    fn run(&self, py: Python<'_>, operation: &Bound<'_, PyAny>, invalidate_ops: bool) -> PyResult<()> {
        let _ = invalidate_ops;
        let op = operation_of(operation)?;
        let mut st = self.state()?;
        let pm = &mut st.pm;
        let ctx = &self.ctx;
        drop(take_pending());
        let r = py.detach(|| ctx.with_diagnostics(|| pm.run(&op)));
        let pending = match (take_pending(), &r) {
            (_, Ok(())) => return Ok(()),
            // KeyboardInterrupt, SystemExit...: not a pass failure to report.
            (Some(p), Err(_)) if !p.is_instance_of::<PyException>(py) => return Err(p),
            (p, Err(_)) => p,
        };
        let Err(mut e) = r else { return Ok(()) };
        if e.diagnostics.is_empty() && e.error.message.starts_with("pass '") {
            // A pass that failed without a diagnostic (a refused precondition; the core names
            // the pass in the message, which a bad argument to `run` does not): MLIR reports it
            // as an MLIRError all the same, so one diagnostic at the operation carries it.
            if let Ok(location) = op.location() {
                e.diagnostics.push(omnir::Diagnostic {
                    severity: omnir::Severity::Error,
                    location,
                    message: e.error.message.clone(),
                    notes: Vec::new(),
                    rendered: String::new(),
                });
            }
        }
        // The diagnostics say what is wrong; the error says where (`verifying after pass 'x'`).
        let what = if e.diagnostics.is_empty() || e.diagnostics.iter().any(|d| d.message.contains(&e.error.message)) {
            "Failure while executing pass pipeline".to_string()
        } else {
            format!("Failure while executing pass pipeline ({})", e.error.message)
        };
        let err = diag_err(py, e, &what);
        err.set_cause(py, pending);
        Err(err)
    }

    /// Verify the IR after each pass (on by default).
    #[pyo3(signature = (enable = true))]
    fn enable_verifier(&self, enable: bool) -> PyResult<()> {
        let mut st = self.state()?;
        st.pm.enable_verifier(enable).py()?;
        st.settings.verifier = Some(enable);
        Ok(())
    }

    /// Use the context's thread pool for built-in passes (on by default; the result is the
    /// same either way). Size the pool with `Context.set_pass_threads`.
    #[pyo3(signature = (enable = true))]
    fn enable_multithreading(&self, enable: bool) -> PyResult<()> {
        let mut st = self.state()?;
        st.pm.enable_multithreading(enable).py()?;
        st.settings.multithreading = Some(enable);
        Ok(())
    }

    /// Record the wall time of each pass; read it with `timing_report()` after a run.
    #[pyo3(signature = (enable = true))]
    fn enable_timing(&self, enable: bool) -> PyResult<()> {
        let mut st = self.state()?;
        st.pm.enable_timing(enable).py()?;
        st.settings.timing = enable;
        Ok(())
    }

    /// MLIR's `--mlir-timing` report of the last run: a tree, or with `list=True` the list
    /// form.
    #[pyo3(signature = (list = false))]
    fn timing_report(&self, list: bool) -> PyResult<String> {
        self.state()?.pm.timing_report(list).py()
    }

    /// Print the IR around passes (MLIR's `--mlir-print-ir-*`): `before` / `after` list pass
    /// arguments (`"cse"`), the `*_all` flags select every pass, `after_failure` prints the
    /// IR a pass failed on, `module_scope` prints the whole module instead of the pass's
    /// anchor op. Nothing selected means after every pass (as MLIR's
    /// `enable_ir_printing()`). The dumps are collected: read them with `take_output()`.
    /// MLIR's keyword names (`print_before_all`, `print_after_all`, `print_module_scope`,
    /// `print_after_failure`) are accepted too.
    #[pyo3(signature = (before = Vec::new(), after = Vec::new(), before_all = false, after_all = false, after_failure = false, module_scope = false, *, large_elements_limit = None, enable_debug_info = false, print_before_all = false, print_after_all = false, print_module_scope = false, print_after_failure = false))]
    #[allow(clippy::too_many_arguments)]
    fn enable_ir_printing(
        &self,
        before: Vec<String>,
        after: Vec<String>,
        before_all: bool,
        after_all: bool,
        after_failure: bool,
        module_scope: bool,
        large_elements_limit: Option<u64>,
        enable_debug_info: bool,
        print_before_all: bool,
        print_after_all: bool,
        print_module_scope: bool,
        print_after_failure: bool,
    ) -> PyResult<()> {
        let before_all = before_all || print_before_all;
        let after_failure = after_failure || print_after_failure;
        let after_all = after_all || print_after_all;
        let nothing = before.is_empty() && after.is_empty() && !before_all && !after_all && !after_failure;
        let after_all = after_all || nothing;
        let defaults = PrintFlags::default();
        let flags = PrintFlags {
            debug_info: enable_debug_info,
            elide_elements_larger_than: large_elements_limit.unwrap_or(defaults.elide_elements_larger_than),
            ..defaults
        };
        let config = IrPrinting {
            before,
            after,
            before_all,
            after_all,
            after_failure,
            module_scope: module_scope || print_module_scope,
            flags,
        };
        let mut st = self.state()?;
        st.pm.enable_ir_printing(&config).py()?;
        st.settings.printing = Some(config);
        Ok(())
    }

    /// The IR dumps collected since the last call (see `enable_ir_printing`).
    fn take_output(&self) -> PyResult<String> {
        self.state()?.pm.take_output().py()
    }

    /// The context the pipeline was parsed in.
    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, &self.ctx)
    }

    /// The pipeline in MLIR's textual syntax (parses back to the same pipeline).
    fn __str__(&self) -> PyResult<String> {
        self.state()?.pm.pipeline().py()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        match self.state().and_then(|st| st.pm.pipeline().py()) {
            Ok(p) => Ok(format!("PassManager({})", pyo3::types::PyString::new(py, &p).repr()?)),
            Err(_) => Ok("PassManager(<running>)".into()),
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PassManager>()?;
    m.add_class::<crate::options::OptionOverrides>()?;
    Ok(())
}
