//! Options: `Context.declare_option` / `set_option` / `get_option` / `reset_option`, and
//! `with ctx.options(name=value):`, the calling thread's scoped overrides.
//!
//! Values cross as Python `bool`, `int`, `float`, `str` and lists of those. The glue only
//! maps Python types to [`omnir::OptionValue`]; the textual form omnir parses
//! ([`omnir::OptionValue::to_text`]), the type names ([`omnir::OptionType::from_names`]) and
//! the typed read-back ([`omnir::Context::option_value`]) are the client's.
//!
//! An override scope belongs to the thread that pushed it (the client's `OptionScope` is not
//! `Send`), so the pushed scopes live in a per-thread stack here; the Python object only
//! remembers which thread entered it and the scope's token in that stack.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::ThreadId;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyMapping, PyString, PyTuple};

use omnir::{OptionDecl, OptionType, OptionValue};

use crate::errors::OrPy;

/// A Python value as an option value: bool, int, float, str, or a list/tuple of those.
fn value_of(name: &str, v: &Bound<'_, PyAny>) -> PyResult<OptionValue> {
    scalar_or_list(name, v, true)
}

fn scalar_or_list(name: &str, v: &Bound<'_, PyAny>, list_allowed: bool) -> PyResult<OptionValue> {
    // bool before int: `True` is an int too.
    if v.cast::<PyBool>().is_ok() {
        return Ok(OptionValue::Bool(v.extract()?));
    }
    if v.cast::<PyInt>().is_ok() {
        return v.extract::<i64>().map(OptionValue::Int).map_err(|_| {
            PyValueError::new_err(format!("invalid value for option '{name}': {v} does not fit in a 64-bit integer"))
        });
    }
    if v.cast::<PyFloat>().is_ok() {
        return Ok(OptionValue::Float(v.extract()?));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(OptionValue::String(s.to_cow()?.into_owned()));
    }
    if list_allowed && (v.cast::<PyList>().is_ok() || v.cast::<PyTuple>().is_ok()) {
        let items = v.try_iter()?.map(|x| scalar_or_list(name, &x?, false)).collect::<PyResult<_>>()?;
        return Ok(OptionValue::List(items));
    }
    let got = v.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    let expected = if list_allowed { "bool, int, float, str or a list of those" } else { "bool, int, float or str" };
    Err(PyTypeError::new_err(format!("option '{name}': expected {expected}, got {got}")))
}

/// The textual form of a Python value for option `name`, whose type is a list or not (a
/// Python list for a scalar option would otherwise read as its one element, or as garbage).
fn text_for(name: &str, v: &Bound<'_, PyAny>, is_list: bool) -> PyResult<String> {
    let value = value_of(name, v)?;
    if matches!(value, OptionValue::List(_)) && !is_list {
        return Err(PyValueError::new_err(format!(
            "invalid value for option '{name}': a list, but it is not a list option"
        )));
    }
    Ok(value.to_text())
}

/// The textual form of a Python value for the declared option `name` of `ctx`.
pub fn text_of(ctx: &omnir::Context, name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    let (kind, _) = ctx.option_kind(name).py()?;
    text_for(name, v, kind == omnir::sys::OMNIR_OPTION_LIST)
}

/// An option value as a Python object.
pub fn to_py(py: Python<'_>, v: &OptionValue) -> PyResult<Py<PyAny>> {
    Ok(match v {
        OptionValue::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        OptionValue::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        OptionValue::Float(x) => x.into_pyobject(py)?.into_any().unbind(),
        OptionValue::String(s) => PyString::new(py, s).into_any().unbind(),
        OptionValue::List(items) => {
            let l = PyList::empty(py);
            for i in items {
                l.append(to_py(py, i)?)?;
            }
            l.into_any().unbind()
        }
    })
}

/// A declaration from `declare_option`'s arguments (also a pass option's).
pub fn decl_of(
    name: &str,
    kind: &str,
    default: Option<&Bound<'_, PyAny>>,
    help: &str,
    cases: Option<Vec<String>>,
    element: Option<&str>,
) -> PyResult<OptionDecl> {
    let ty = OptionType::from_names(kind, element, cases.as_deref().unwrap_or(&[])).py()?;
    let default = match default {
        Some(d) if !d.is_none() => text_for(name, d, matches!(ty, OptionType::List(_)))?,
        _ => ty.zero_default(),
    };
    Ok(OptionDecl::new(name, ty, &default).help(help))
}

/// A pass option from an entry of `register_pass(options=[...])`: a tuple in
/// `declare_option`'s parameter order `(name, type, default, help, cases, element)` (from
/// `default` on optional; `omnir.PassOption` is such a tuple) or a dict with those keys.
pub fn pass_option(entry: &Bound<'_, PyAny>) -> PyResult<OptionDecl> {
    fn some<'py>(o: Option<Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
        o.filter(|v| !v.is_none())
    }
    const KEYS: [&str; 6] = ["name", "type", "default", "help", "cases", "element"];
    let mut slots: [Option<Bound<'_, PyAny>>; 6] = Default::default();
    if let Ok(d) = entry.cast::<PyDict>() {
        for (k, v) in d.iter() {
            let k: String = k.extract()?;
            let i = KEYS.iter().position(|x| *x == k).ok_or_else(|| {
                PyValueError::new_err(format!("unknown pass option key {k:?} (expected {})", KEYS.join(", ")))
            })?;
            slots[i] = Some(v);
        }
    } else if let Ok(t) = entry.cast::<PyTuple>() {
        if t.len() < 2 || t.len() > KEYS.len() {
            return Err(PyValueError::new_err(
                "a pass option is (name, type[, default[, help[, cases[, element]]]]) or a dict with those keys",
            ));
        }
        for (i, v) in t.iter().enumerate() {
            slots[i] = Some(v);
        }
    } else {
        return Err(crate::errors::type_error("a pass option tuple (name, type, default, ...) or dict", entry));
    }
    let [name, kind, default, help, cases, element] = slots;
    let name: String = name.ok_or_else(|| PyValueError::new_err("a pass option needs a name"))?.extract()?;
    let kind: String =
        kind.ok_or_else(|| PyValueError::new_err(format!("pass option '{name}' needs a type")))?.extract()?;
    let help: String = some(help).map(|h| h.extract()).transpose()?.unwrap_or_default();
    let cases: Option<Vec<String>> = some(cases).map(|c| c.extract()).transpose()?;
    let element: Option<String> = some(element).map(|e| e.extract()).transpose()?;
    decl_of(&name, &kind, default.as_ref(), &help, cases, element.as_deref())
}

// ---------------------------------------------------------------------------------------
// scoped overrides

struct Pushed {
    token: u64,
    serial: u32,
    scope: omnir::OptionScope,
    /// Its Python object was collected while it was entered and not innermost: it is popped
    /// as soon as it becomes the innermost scope of its context.
    orphaned: bool,
}

/// The scopes entered on this thread, innermost last. omnir pops a thread's scopes of one
/// context innermost first only, so they are dropped in that order, also at thread exit.
#[derive(Default)]
struct Stack(Vec<Pushed>);

impl Stack {
    /// The index of the innermost scope of context `serial`.
    fn innermost(&self, serial: u32) -> Option<usize> {
        self.0.iter().rposition(|e| e.serial == serial)
    }

    /// Takes the orphaned scopes on top of context `serial`'s stack, innermost first: the
    /// caller drops them (which pops them in omnir, in that order) once it holds no borrow
    /// or lock, as popping may wait for the context.
    #[must_use]
    fn pop_orphans(&mut self, serial: u32) -> Vec<Pushed> {
        let mut out = Vec::new();
        while let Some(i) = self.innermost(serial).filter(|&i| self.0[i].orphaned) {
            out.push(self.0.remove(i));
        }
        out
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        while let Some(e) = self.0.pop() {
            drop(e);
        }
    }
}

thread_local! {
    static PUSHED: RefCell<Stack> = RefCell::new(Stack::default());
}

static NEXT_TOKEN: AtomicU64 = AtomicU64::new(1);

/// `with ctx.options(name=value, ...):` — overrides for the calling thread, pushed when the
/// block is entered and popped when it is left. Scopes nest (leave them innermost first);
/// other threads and other contexts never see them. A scope is left on the thread that
/// entered it: leaving it on another thread raises `RuntimeError` and changes nothing.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OptionOverrides {
    ctx: omnir::Context,
    settings: Vec<(String, String)>,
    /// While entered: the entering thread and the token of its scope in that thread's stack.
    entered: omnir::LeafMutex<Option<(ThreadId, u64)>>,
}

impl OptionOverrides {
    pub fn new(
        ctx: &omnir::Context,
        settings: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<OptionOverrides> {
        let mut out = Vec::new();
        if let Some(s) = settings.filter(|s| !s.is_none()) {
            let m = s
                .cast::<PyMapping>()
                .map_err(|_| crate::errors::type_error("a mapping of option names to values", s))?;
            for item in m.items()?.iter() {
                let (k, v): (String, Bound<'_, PyAny>) = item.extract()?;
                let text = text_of(ctx, &k, &v)?;
                out.push((k, text));
            }
        }
        if let Some(kw) = kwargs {
            for (k, v) in kw.iter() {
                let k: String = k.extract()?;
                let text = text_of(ctx, &k, &v)?;
                out.push((k, text));
            }
        }
        Ok(OptionOverrides { ctx: ctx.clone(), settings: out, entered: omnir::LeafMutex::new(None) })
    }

    fn state(&self) -> omnir::LeafGuard<'_, Option<(ThreadId, u64)>> {
        self.entered.lock()
    }
}

#[pymethods]
impl OptionOverrides {
    fn __enter__(slf: Py<OptionOverrides>) -> PyResult<Py<OptionOverrides>> {
        let this = slf.get();
        let thread = std::thread::current().id();
        let token = NEXT_TOKEN.fetch_add(1, Ordering::Relaxed);
        {
            // Claimed before pushing, and the lock let go: pushing may wait for the context
            // with the GIL released, and another thread may then try this object.
            let mut state = this.state();
            if state.is_some() {
                return Err(PyRuntimeError::new_err("this options scope is already entered"));
            }
            *state = Some((thread, token));
        }
        let scope = match this.ctx.push_options(&this.settings) {
            Ok(scope) => scope,
            Err(e) => {
                *this.state() = None;
                return Err(crate::errors::err(e));
            }
        };
        PUSHED.with(|p| p.borrow_mut().0.push(Pushed { token, serial: this.ctx.serial(), scope, orphaned: false }));
        Ok(slf)
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, PyTuple>) -> PyResult<bool> {
        let mut state = self.state();
        let Some((thread, token)) = *state else {
            return Err(PyRuntimeError::new_err("this options scope was not entered"));
        };
        if thread != std::thread::current().id() {
            return Err(PyRuntimeError::new_err(
                "an options scope must be left on the thread that entered it (the overrides stay in effect there)",
            ));
        }
        let serial = self.ctx.serial();
        // Scopes entered inside ours whose objects are gone end first (popped below, with no
        // lock or borrow held); then the innermost scope of this context on this thread must
        // be ours.
        let (orphans, pushed) = PUSHED.with(|p| {
            let mut p = p.borrow_mut();
            let orphans = p.pop_orphans(serial);
            let ours = match p.innermost(serial) {
                Some(i) if p.0[i].token == token => Ok(p.0.remove(i)),
                _ => Err(PyRuntimeError::new_err(
                    "options scopes exited out of order: leave `with ctx.options(...)` blocks innermost first",
                )),
            };
            (orphans, ours)
        });
        if pushed.is_ok() {
            *state = None;
        }
        drop(state);
        drop(orphans);
        let r = pushed?.scope.pop().py();
        drop(PUSHED.with(|p| p.borrow_mut().pop_orphans(serial)));
        r?;
        Ok(false)
    }

    /// The overridden options and their values (textual form).
    #[getter]
    fn settings(&self) -> Vec<(String, String)> {
        self.settings.clone()
    }

    fn __repr__(&self) -> String {
        let items: Vec<String> = self.settings.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
        format!("<omnir.OptionOverrides {}>", items.join(", "))
    }
}

impl Drop for OptionOverrides {
    fn drop(&mut self) {
        // Collected while still entered (never exited): end the scope now if it is the
        // innermost one of its context on this thread, else as soon as it becomes so. On
        // another thread, it ends with that thread.
        let entered = *self.entered.get_mut();
        let Some((thread, token)) = entered else { return };
        if thread != std::thread::current().id() {
            return;
        }
        let serial = self.ctx.serial();
        let orphans = PUSHED.try_with(|p| {
            let Ok(mut p) = p.try_borrow_mut() else { return Vec::new() };
            if let Some(e) = p.0.iter_mut().find(|e| e.token == token) {
                e.orphaned = true;
            }
            p.pop_orphans(serial)
        });
        drop(orphans);
    }
}
