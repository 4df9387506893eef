//! `Context`, and the implicit context, location and insertion point of `with` blocks: three
//! stacks per thread, as MLIR's Python bindings keep them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::OrPy;
use crate::ir::InsertionPoint;
use crate::location::Location;

/// An omnir context: owns the IR, types, attributes and dialect registrations made in it.
///
/// A context manager: inside `with ctx:` it is the current context, used wherever a
/// `context=` argument is left out. Unregistered dialects are allowed by default (as most
/// MLIR Python users expect from generic `Operation.create`); set
/// `allow_unregistered_dialects = False` to refuse them.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Context {
    pub ctx: omnir::Context,
}

/// One Python object per omnir context, so that `op.context is ctx` holds. Maps the
/// context's serial to its live Python object (a borrowed pointer: each object removes its
/// entry first thing when it is deallocated).
static OBJECTS: LazyLock<omnir::LeafMutex<HashMap<u32, usize>>> = LazyLock::new(Default::default);

fn objects() -> omnir::LeafGuard<'static, HashMap<u32, usize>> {
    OBJECTS.lock()
}

impl Drop for Context {
    fn drop(&mut self) {
        objects().remove(&self.ctx.serial());
        crate::create::forget_context(self.ctx.serial());
    }
}

/// The Python object of an omnir context (the same object for as long as it lives).
pub fn context_object(py: Python<'_>, ctx: &omnir::Context) -> PyResult<Py<Context>> {
    // Read out first: the guard must be gone before any Python object work (which may run
    // the garbage collector, and a collected Context's `Drop` takes this lock).
    let found = objects().get(&ctx.serial()).copied();
    if let Some(ptr) = found {
        // SAFETY: the entry is removed before its object is freed (Drop above runs first in
        // the object's deallocation, with the GIL held, which we hold too), so `ptr` is a
        // live `Context` object here.
        let obj = unsafe { Bound::from_borrowed_ptr(py, ptr as *mut pyo3::ffi::PyObject) };
        return Ok(obj.cast_into::<Context>()?.unbind());
    }
    let obj = Py::new(py, Context { ctx: ctx.clone() })?;
    objects().insert(ctx.serial(), obj.as_ptr() as usize);
    Ok(obj)
}

/// The context of a serial, if its Python object is alive.
pub fn context_by_serial(py: Python<'_>, serial: u32) -> Option<omnir::Context> {
    let ptr = objects().get(&serial).copied()?;
    // SAFETY: as in `context_object`.
    let obj = unsafe { Bound::from_borrowed_ptr(py, ptr as *mut pyo3::ffi::PyObject) };
    obj.cast_into::<Context>().ok().map(|c| c.get().ctx.clone())
}

#[derive(Default)]
struct Stacks {
    contexts: Vec<Py<Context>>,
    locations: Vec<Py<Location>>,
    ips: Vec<Py<InsertionPoint>>,
}

thread_local! {
    static STACKS: RefCell<Stacks> = RefCell::new(Stacks::default());
}

pub fn push_context(ctx: Py<Context>) {
    STACKS.with(|s| s.borrow_mut().contexts.push(ctx));
}

pub fn pop_context(py: Python<'_>, expected: &Py<Context>) -> PyResult<()> {
    let popped = STACKS.with(|s| s.borrow_mut().contexts.pop());
    match popped {
        Some(c) if c.is(expected) => Ok(()),
        Some(c) => {
            STACKS.with(|s| s.borrow_mut().contexts.push(c.clone_ref(py)));
            Err(PyRuntimeError::new_err("Context exited out of order: leave `with` blocks in reverse order"))
        }
        None => Err(PyRuntimeError::new_err("Context exited without being entered")),
    }
}

pub fn push_location(loc: Py<Location>) {
    STACKS.with(|s| s.borrow_mut().locations.push(loc));
}

pub fn pop_location(expected: &Py<Location>) -> PyResult<()> {
    STACKS.with(|s| {
        let mut s = s.borrow_mut();
        match s.locations.last() {
            Some(l) if l.is(expected) => {
                s.locations.pop();
                Ok(())
            }
            _ => Err(PyRuntimeError::new_err("Location exited out of order")),
        }
    })
}

pub fn push_ip(ip: Py<InsertionPoint>) {
    STACKS.with(|s| s.borrow_mut().ips.push(ip));
}

pub fn pop_ip(expected: &Py<InsertionPoint>) -> PyResult<()> {
    STACKS.with(|s| {
        let mut s = s.borrow_mut();
        match s.ips.last() {
            Some(l) if l.is(expected) => {
                s.ips.pop();
                Ok(())
            }
            _ => Err(PyRuntimeError::new_err("InsertionPoint exited out of order")),
        }
    })
}

/// The innermost current context, if any.
pub fn current_context_opt() -> Option<omnir::Context> {
    STACKS.with(|s| s.borrow().contexts.last().map(|c| c.get().ctx.clone()))
}

/// The innermost current location, if any.
pub fn current_location_opt() -> Option<omnir::Location> {
    STACKS.with(|s| s.borrow().locations.last().map(|l| l.get().loc.clone()))
}

/// Runs `f` on the innermost current insertion point and location (no Python code may run
/// inside `f`: the stacks are borrowed).
pub fn with_frame<R>(f: impl FnOnce(Option<&InsertionPoint>, Option<&omnir::Location>) -> R) -> R {
    STACKS.with(|s| {
        let s = s.borrow();
        f(s.ips.last().map(|ip| ip.get()), s.locations.last().map(|l| &l.get().loc))
    })
}

pub fn current_ip_object(py: Python<'_>) -> Option<Py<InsertionPoint>> {
    STACKS.with(|s| s.borrow().ips.last().map(|ip| ip.clone_ref(py)))
}

fn no_context() -> PyErr {
    PyValueError::new_err("No current Context: pass context=... or enter one with `with omnir.Context():`")
}

/// `context` if given, else the current context.
pub fn resolve(context: Option<&Bound<'_, Context>>) -> PyResult<omnir::Context> {
    match context {
        Some(c) => Ok(c.get().ctx.clone()),
        None => current_context_opt().ok_or_else(no_context),
    }
}

#[pymethods]
impl Context {
    #[new]
    fn py_new(py: Python<'_>) -> PyResult<Py<Context>> {
        let ctx = omnir::Context::try_new().py()?;
        ctx.set_allow_unregistered_dialects(true).py()?;
        context_object(py, &ctx)
    }

    fn __enter__(slf: Py<Context>, py: Python<'_>) -> Py<Context> {
        push_context(slf.clone_ref(py));
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(slf: Py<Context>, py: Python<'_>, _args: &Bound<'_, PyTuple>) -> PyResult<bool> {
        pop_context(py, &slf)?;
        Ok(false)
    }

    /// Whether operations, types and attributes of unregistered dialects are accepted.
    #[getter]
    fn get_allow_unregistered_dialects(&self) -> PyResult<bool> {
        self.ctx.allow_unregistered_dialects().py()
    }

    #[setter]
    fn set_allow_unregistered_dialects(&self, allow: bool) -> PyResult<()> {
        self.ctx.set_allow_unregistered_dialects(allow).py()
    }

    /// Whether `Module.parse` and `Operation.parse` verify what they parse, as upstream's
    /// always do (an omnir extension: turn it off to parse IR that does not verify, e.g. to
    /// test a verifier, and call `verify()` later).
    #[getter]
    fn get_verify_after_parse(&self) -> PyResult<bool> {
        self.ctx.verify_after_parse().py()
    }

    #[setter]
    fn set_verify_after_parse(&self, verify: bool) -> PyResult<()> {
        self.ctx.set_verify_after_parse(verify).py()
    }

    /// Whether the operation `name` (`"dialect.op"`) is registered.
    fn is_registered_operation(&self, name: &str) -> PyResult<bool> {
        self.ctx.is_operation_registered(name).py()
    }

    /// Whether the dialect `name` is registered.
    fn is_registered_dialect(&self, name: &str) -> PyResult<bool> {
        self.ctx.is_dialect_registered(name).py()
    }

    /// Kept for MLIR compatibility: every dialect of an omnir context is loaded on registration.
    fn load_all_available_dialects(&self) {}

    /// Kept for MLIR compatibility: omnir contexts have no process-wide threading switch.
    #[pyo3(signature = (enable))]
    fn enable_multithreading(&self, enable: bool) {
        let _ = enable;
    }

    /// Attaches a diagnostic handler: `callback(diagnostic) -> bool` (True: handled). Handlers
    /// see each diagnostic newest first until one handles it. Returns a `DiagnosticHandler`
    /// (detach it, or use it as a context manager).
    fn attach_diagnostic_handler(
        &self,
        py: Python<'_>,
        callback: Py<PyAny>,
    ) -> PyResult<Py<crate::diagnostics::DiagnosticHandler>> {
        if !callback.bind(py).is_callable() {
            return Err(PyTypeError::new_err(format!(
                "callback: expected a callable, got {}",
                crate::util::type_name(callback.bind(py))
            )));
        }
        crate::diagnostics::attach(py, &self.ctx, callback)
    }

    /// Implements `interface` for the kind `kind` (a type, attribute or operation: its
    /// TypeID or qualified name, e.g. `"toy.shape"`, `"#toy.color"`, `"toy.add"`) with
    /// methods written in Python: `methods` is a dict of name to callable, or an object
    /// whose attributes are the methods. Each is called as `method(receiver, *args)` and
    /// returns an Attribute, a value converted to one (int, float, str, bool, Type, list) or
    /// None; an exception is the call's failure. Any language in the process can call them
    /// (`call_interface_method`).
    fn attach_interface(
        &self,
        kind: &Bound<'_, PyAny>,
        interface: &Bound<'_, PyAny>,
        methods: Py<PyAny>,
    ) -> PyResult<()> {
        let kind = crate::dialects::interface_id(kind)?;
        let interface = crate::dialects::interface_id(interface)?;
        crate::dialects::attach_methods(&self.ctx, kind, interface, methods)
    }

    /// Declares an option of this context: `type` is `"bool"`, `"int"`, `"float"`,
    /// `"string"`, `"enum"` (with `cases`) or `"list"` (with `element`, one of the others);
    /// `default` is a value of that type (None: false, 0, 0.0, "", the first case, []).
    /// Declaring a name again with the same type does nothing; with another type it raises
    /// `ValueError`.
    #[pyo3(signature = (name, r#type, default, help = "", cases = None, element = None))]
    fn declare_option(
        &self,
        name: &str,
        r#type: &str,
        default: Option<&Bound<'_, PyAny>>,
        help: &str,
        cases: Option<Vec<String>>,
        element: Option<&str>,
    ) -> PyResult<()> {
        let decl = crate::options::decl_of(name, r#type, default, help, cases, element)?;
        self.ctx.declare_option(&decl).py()
    }

    /// Sets the context's value of option `name` (a bool, int, float, str or list), seen by
    /// every thread without an override. A value the option's type refuses raises
    /// `ValueError` naming the option and what it accepts.
    fn set_option(&self, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = crate::options::text_of(&self.ctx, name, value)?;
        self.ctx.set_option(name, &text).py()
    }

    /// The value of option `name` as this thread sees it (its innermost `options` scope,
    /// else the context's value, else the default), typed by the declaration.
    fn get_option(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        crate::options::to_py(py, &self.ctx.option_value(name).py()?)
    }

    /// Forgets the context's value of option `name`: its default applies again.
    fn reset_option(&self, name: &str) -> PyResult<()> {
        self.ctx.reset_option(name).py()
    }

    /// Overrides options for the calling thread inside a `with` block:
    /// `with ctx.options(threshold=3):` or `with ctx.options({"my.opt": 3}):` (names with
    /// dots). The values are checked when the block is entered; blocks nest and restore.
    #[pyo3(signature = (settings = None, /, **kwargs))]
    fn options(
        &self,
        settings: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<crate::options::OptionOverrides> {
        crate::options::OptionOverrides::new(&self.ctx, settings, kwargs)
    }

    /// Registers a pass written in Python, named `argument` in pipelines
    /// (`"builtin.module(func.func(my-pass{n=2}))"`). `run(op, options)` is called with each
    /// operation the pass is anchored on and a dict of its options' values (typed, from the
    /// pipeline or their defaults); it changes the IR through the ordinary API, and an
    /// exception fails the pass. `options` declares them: tuples `(name, type, default,
    /// help, cases, element)` as for `declare_option` (e.g. `omnir.PassOption`) or dicts.
    /// Without `run`, returns a decorator that registers the function it decorates. Returns
    /// `run`.
    #[pyo3(signature = (argument, run = None, *, name = "", description = "", options = None))]
    fn register_pass(
        &self,
        py: Python<'_>,
        argument: &str,
        run: Option<Py<PyAny>>,
        name: &str,
        description: &str,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        crate::passes::register_pass(py, &self.ctx, argument, run, name, description, options)
    }

    /// Registers a rewrite pattern for the `canonicalize` pass: `fn(op) -> bool` rewrites
    /// `op` through the ordinary API and returns True, or returns False having changed
    /// nothing. `root` names the operation it applies to (None: every operation); patterns
    /// with a higher `benefit` are tried first. Without `fn`, returns a decorator.
    #[pyo3(signature = (name, r#fn = None, root = None, benefit = 1))]
    fn register_rewrite_pattern(
        &self,
        py: Python<'_>,
        name: &str,
        r#fn: Option<Py<PyAny>>,
        root: Option<&str>,
        benefit: u16,
    ) -> PyResult<Py<PyAny>> {
        crate::passes::register_rewrite_pattern(py, &self.ctx, name, r#fn, root, benefit)
    }

    /// Sets the size of the context's thread pool for built-in passes (0: one per core).
    fn set_pass_threads(&self, threads: &Bound<'_, PyAny>) -> PyResult<()> {
        self.ctx.set_pass_threads(crate::util::int_arg::<u16>(threads, "threads")?.into()).py()
    }

    /// Loads dialect definitions: IRDL (`irdl.dialect`...) plus omnir's `omnir.*`
    /// attributes (assembly formats, traits, enums, hooks by name; see the repository's
    /// docs/dialects.md), as `mlir-opt --irdl-file`. `text` is a str or UTF-8 bytes;
    /// `filename` names it in errors. A bad file raises `MLIRError` with every error at its
    /// `file:line:col` and registers nothing. Register the hooks a file names
    /// (`register_verifier_hook`) before loading it, and its directives
    /// (`register_custom_directive`) after.
    #[pyo3(signature = (text, filename = "<string>"))]
    fn load_dialect_definitions(&self, py: Python<'_>, text: &Bound<'_, PyAny>, filename: &str) -> PyResult<()> {
        crate::definitions::load(py, &self.ctx, text, filename)
    }

    /// The typed bindings of `dialect` (shipped, or loaded with `load_dialect_definitions`)
    /// in `language` (`"python"`: the module `omnir-gen` writes for `omnir.dialects`, to save
    /// and import; `python -m omnir.gen` does both). `source` names the definition in the
    /// module's header. An unknown dialect or language raises ValueError.
    #[pyo3(signature = (dialect, language = "python", source = ""))]
    fn generate_bindings(&self, dialect: &str, language: &str, source: &str) -> PyResult<String> {
        self.ctx.generate_bindings(dialect, language, source).py()
    }

    /// Registers `fn(op)` as the verifier hook `name`, for definitions that say
    /// `omnir.verifier = "name"` (register it before loading them). It runs after the
    /// checks the definition implies; raising (or returning a message or False) fails
    /// verification with the exception's text as `'dialect.op' op <text>`.
    fn register_verifier_hook(&self, py: Python<'_>, name: &str, r#fn: Py<PyAny>) -> PyResult<()> {
        crate::definitions::register_verifier_hook(py, &self.ctx, name, r#fn)
    }

    /// Registers the parser and printer of `custom<name>(...)` in the assembly formats of
    /// `dialect`'s operations (a registered dialect: load its definitions first).
    /// `parse(parser)` reads the directive's text with a `DirectiveParser` and fills its
    /// arguments; an exception fails the parse (`MLIRError` at the position reached).
    /// `print(printer)` writes them back with a `DirectivePrinter`; an exception there is
    /// raised by the call that printed.
    fn register_custom_directive(
        &self,
        py: Python<'_>,
        dialect: &str,
        name: &str,
        parse: Py<PyAny>,
        print: Py<PyAny>,
    ) -> PyResult<()> {
        crate::definitions::register_custom_directive(py, &self.ctx, dialect, name, parse, print)
    }

    /// Emits an error diagnostic at `loc` to this context's handlers.
    fn emit_error(&self, loc: &Bound<'_, Location>, message: &str) -> PyResult<()> {
        self.ctx.emit_diagnostic(omnir::Severity::Error, &loc.get().loc, message, &[]).py()
    }

    /// A capsule holding the `omnir_context *` (for other packages linking libomnir.so.0).
    #[getter]
    #[allow(non_snake_case)]
    fn _CAPIPtr(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::capi::capsule(py, self.ctx.as_raw().cast(), crate::capi::CONTEXT_CAPSULE)
    }

    /// Whether the operation with C handle (index, generation) of this context is live (for
    /// tests: it does not keep anything alive).
    fn _op_is_live(&self, index: u32, generation: u32) -> bool {
        let raw = omnir::sys::omnir_op { context: self.ctx.serial(), index, generation };
        omnir::Operation::from_raw(&self.ctx, raw).is_live()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Context>().map(|o| o.get().ctx.ptr_eq(&self.ctx)).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        self.ctx.serial() as u64
    }

    fn __repr__(&self) -> String {
        format!("<omnir.Context {:#x}>", self.ctx.serial())
    }
}

/// `Context.current`: the innermost context entered with `with` on this thread, or None
/// (as in MLIR, which raises only where a context is needed).
#[pyfunction]
pub fn _current_context(py: Python<'_>) -> Option<Py<Context>> {
    STACKS.with(|s| s.borrow().contexts.last().map(|c| c.clone_ref(py)))
}

/// `Location.current`: the innermost location entered with `with` on this thread, or None.
#[pyfunction]
pub fn _current_location(py: Python<'_>) -> Option<Py<Location>> {
    STACKS.with(|s| s.borrow().locations.last().map(|c| c.clone_ref(py)))
}

/// `InsertionPoint.current`: the innermost insertion point entered with `with` on this thread.
#[pyfunction]
pub fn _current_insertion_point(py: Python<'_>) -> PyResult<Py<InsertionPoint>> {
    current_ip_object(py).ok_or_else(|| {
        PyValueError::new_err("No current InsertionPoint: enter one with `with omnir.InsertionPoint(block):`")
    })
}
