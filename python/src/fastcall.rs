//! `METH_FASTCALL | METH_KEYWORDS` entry points for hot static methods (CPython >= 3.10).
//!
//! Under `abi3-py39` PyO3 calls every `#[pymethods]` function through `tp_call`: the
//! arguments are packed into a tuple (and a dict for keywords) and unpacked again, some
//! 15-20 ns per call. CPython 3.10 made `METH_FASTCALL | METH_KEYWORDS` part of the stable
//! ABI, so on 3.10 and later [`install`] replaces a static method of a class, at import, by a
//! builtin function that receives its arguments as a C array plus a tuple of keyword names.
//! The PyO3 method stays the implementation on 3.9 (and with `OMNIR_PYTHON_NO_FASTCALL` set
//! in the environment); both must behave the same, so the two usually share one function.
//!
//! The replacement accepts arguments exactly as a PyO3 signature of positional-or-keyword
//! parameters does (no `*args`, `**kwargs` or keyword-only parameters): same names, same
//! errors for missing, unexpected, duplicate and surplus arguments, and [`Args`] extracts
//! values as PyO3 does (same conversions, the same `argument 'name': ...` prefix on a
//! `TypeError`). Its `__doc__`, `__text_signature__`, `__qualname__` and `__self__` are
//! those of the PyO3 method it replaces.
//!
//! The other direction, calling Python from the extension, has the same cost: before 3.12
//! the stable ABI calls a function only with an argument tuple. [`vectorcall`] finds the
//! interpreter's `PyObject_Vectorcall` (exported since 3.11, stable ABI since 3.12) for the
//! one call per operation that counts, a walk's callback.
//!
//! One difference from a PyO3 entry point remains: PyO3 does not count the call as attached
//! (its attach count is private), so a `Py<T>` dropped inside (an error's objects, mostly) is
//! released through PyO3's reference pool at the next PyO3 entry rather than at once.

use std::ffi::{c_int, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::type_object::PyTypeCheck;
use pyo3::types::{PyString, PyType};

/// `METH_FASTCALL` (PyO3 declares it for abi3 only from 3.10 on; the value is ABI).
const METH_FASTCALL: c_int = 0x0080;

/// The most parameters a [`Signature`] may have.
pub const MAX_PARAMS: usize = 9;

/// The parameters of a static method: all positional-or-keyword, the first `required` of
/// them required. Keep one in a `static` (it holds the interned keyword names).
pub struct Signature {
    /// `Class.method`, as errors name the function (`IntegerAttr.get`).
    qualname: &'static str,
    /// The parameters as PyO3 names them: the Rust identifier, so `r#type` for the keyword
    /// `type` (PyO3's argument errors say `argument 'r#type'`).
    params: &'static [&'static str],
    required: usize,
    /// The keyword names, interned (CPython interns the keyword names of a call site too,
    /// so a keyword is nearly always found by identity).
    keywords: PyOnceLock<Vec<Py<PyString>>>,
}

impl Signature {
    pub const fn new(qualname: &'static str, params: &'static [&'static str], required: usize) -> Signature {
        assert!(params.len() <= MAX_PARAMS && required <= params.len());
        Signature { qualname, params, required, keywords: PyOnceLock::new() }
    }

    /// The method's name in its class (`get`).
    fn name(&self) -> &'static str {
        self.qualname.rsplit('.').next().unwrap_or(self.qualname)
    }

    fn keyword(&self, i: usize) -> &'static str {
        let p = self.params[i];
        p.strip_prefix("r#").unwrap_or(p)
    }

    fn keywords(&self, py: Python<'_>) -> &[Py<PyString>] {
        self.keywords.get_or_init(py, || {
            (0..self.params.len()).map(|i| PyString::intern(py, self.keyword(i)).unbind()).collect()
        })
    }

    /// The parameter a keyword names.
    fn position(&self, py: Python<'_>, name: Borrowed<'_, '_, PyAny>) -> Option<usize> {
        let keywords = self.keywords(py);
        if let Some(i) = keywords.iter().position(|k| k.as_ptr() == name.as_ptr()) {
            return Some(i);
        }
        // Not interned (built at run time, `**{...}`): compare the text.
        let name = name.cast::<PyString>().ok()?;
        let name = name.to_cow().ok()?;
        (0..self.params.len()).find(|&i| self.keyword(i) == name)
    }

    // The errors, worded as PyO3's (pyo3::impl_::extract_argument::FunctionDescription).

    #[cold]
    fn too_many_positional(&self, given: usize) -> PyErr {
        let was = if given == 1 { "was" } else { "were" };
        let n = self.params.len();
        PyTypeError::new_err(if self.required != n {
            format!(
                "{}() takes from {} to {n} positional arguments but {given} {was} given",
                self.qualname, self.required
            )
        } else {
            format!("{}() takes {n} positional arguments but {given} {was} given", self.qualname)
        })
    }

    #[cold]
    fn unexpected_keyword(&self, name: Borrowed<'_, '_, PyAny>) -> PyErr {
        PyTypeError::new_err(format!("{}() got an unexpected keyword argument '{}'", self.qualname, &*name))
    }

    #[cold]
    fn multiple_values(&self, i: usize) -> PyErr {
        PyTypeError::new_err(format!("{}() got multiple values for argument '{}'", self.qualname, self.keyword(i)))
    }

    #[cold]
    fn missing(&self, slots: &[Option<Borrowed<'_, '_, PyAny>>]) -> PyErr {
        let names: Vec<&str> = (0..self.required).filter(|&i| slots[i].is_none()).map(|i| self.keyword(i)).collect();
        let arguments = if names.len() == 1 { "argument" } else { "arguments" };
        let mut msg = format!("{}() missing {} required positional {arguments}: ", self.qualname, names.len());
        for (i, n) in names.iter().enumerate() {
            if i != 0 {
                if names.len() > 2 {
                    msg.push(',');
                }
                msg.push_str(if i == names.len() - 1 { " and " } else { " " });
            }
            msg.push('\'');
            msg.push_str(n);
            msg.push('\'');
        }
        PyTypeError::new_err(msg)
    }
}

/// The arguments of one call, by parameter (`None`: not passed).
pub struct Args<'a, 'py> {
    py: Python<'py>,
    sig: &'static Signature,
    slots: [Option<Borrowed<'a, 'py, PyAny>>; MAX_PARAMS],
}

impl<'a, 'py> Args<'a, 'py> {
    /// Required parameter `i`.
    #[inline]
    pub fn required(&self, i: usize) -> Borrowed<'a, 'py, PyAny> {
        self.slots[i].expect("required arguments are checked")
    }

    /// Parameter `i` unless it was not passed or is `None` (as PyO3 treats `Option<T>`).
    #[inline]
    pub fn given(&self, i: usize) -> Option<Borrowed<'a, 'py, PyAny>> {
        self.slots[i].filter(|o| !o.is_none())
    }

    /// A `TypeError` raised by the conversion of parameter `i`, prefixed as PyO3 does.
    #[cold]
    fn arg_error(&self, i: usize, e: PyErr) -> PyErr {
        if e.get_type(self.py).is(self.py.get_type::<PyTypeError>()) {
            let remapped = PyTypeError::new_err(format!("argument '{}': {}", self.sig.params[i], e.value(self.py)));
            remapped.set_cause(self.py, e.cause(self.py));
            remapped
        } else if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(self.py) {
            // an integer too large for its C type: say which argument (PyO3 does not)
            pyo3::exceptions::PyValueError::new_err(format!("argument '{}': {}", self.sig.params[i], e.value(self.py)))
        } else {
            e
        }
    }

    /// Required parameter `i`, borrowed (as PyO3 passes `&Bound<'_, T>`).
    #[inline]
    pub fn cast<T: PyTypeCheck>(&self, i: usize) -> PyResult<Borrowed<'a, 'py, T>> {
        self.required(i).cast::<T>().map_err(|e| self.arg_error(i, e.into()))
    }

    /// Optional parameter `i`, borrowed (as PyO3 passes `Option<&Bound<'_, T>>`).
    #[inline]
    pub fn cast_opt<T: PyTypeCheck>(&self, i: usize) -> PyResult<Option<Borrowed<'a, 'py, T>>> {
        self.given(i).map(|obj| obj.cast::<T>().map_err(|e| self.arg_error(i, e.into()))).transpose()
    }

    /// Parameter `i` with a default, converted (as PyO3 passes a `T` with a default: only a
    /// missing argument takes it; `None` is converted like any other value).
    #[inline]
    pub fn extract_or<T: FromPyObject<'a, 'py>>(&self, i: usize, default: T) -> PyResult<T> {
        match self.slots[i] {
            Some(obj) => obj.extract::<T>().map_err(|e| self.arg_error(i, e.into())),
            None => Ok(default),
        }
    }

    /// Required parameter `i`, converted (as PyO3 passes a `T: FromPyObject`).
    #[inline]
    pub fn extract<T: FromPyObject<'a, 'py>>(&self, i: usize) -> PyResult<T> {
        self.required(i).extract::<T>().map_err(|e| self.arg_error(i, e.into()))
    }
}

/// A static method with a METH_FASTCALL entry point: a marker type per method.
pub trait StaticMethod: 'static {
    /// The method's signature (a `static`).
    fn signature() -> &'static Signature;
    /// The method.
    fn call<'py>(py: Python<'py>, args: &Args<'_, 'py>) -> PyResult<Py<PyAny>>;
}

/// Sorts the call's arguments into their parameters.
///
/// # Safety
/// `args` must hold `nargs` argument objects followed by one per name of `kwnames` (a tuple
/// of str, or null), all alive for `'a` — what CPython passes a METH_FASTCALL function.
#[inline(always)]
unsafe fn parse<'a, 'py>(
    py: Python<'py>,
    sig: &'static Signature,
    args: *const *mut ffi::PyObject,
    nargs: usize,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Args<'a, 'py>> {
    let mut slots: [Option<Borrowed<'a, 'py, PyAny>>; MAX_PARAMS] = [None; MAX_PARAMS];
    if nargs > sig.params.len() {
        return Err(sig.too_many_positional(nargs));
    }
    for (i, slot) in slots.iter_mut().enumerate().take(nargs) {
        // SAFETY: `args[i]` is a live positional argument (caller's contract).
        *slot = Some(unsafe { Borrowed::from_ptr(py, *args.add(i)) });
    }
    if !kwnames.is_null() {
        // SAFETY: `kwnames` is a live tuple (caller's contract).
        let kw = unsafe { Borrowed::from_ptr(py, kwnames) };
        // SAFETY: as above; the tuple is not resized while we read it.
        let nkw = unsafe { ffi::PyTuple_Size(kw.as_ptr()) } as usize;
        for j in 0..nkw {
            // SAFETY: `j` is in range, so the item is a live str borrowed from the tuple.
            let name = unsafe { Borrowed::from_ptr(py, ffi::PyTuple_GetItem(kw.as_ptr(), j as ffi::Py_ssize_t)) };
            let i = sig.position(py, name).ok_or_else(|| sig.unexpected_keyword(name))?;
            if slots[i].is_some() {
                return Err(sig.multiple_values(i));
            }
            // SAFETY: the keyword values follow the positional arguments (caller's contract).
            slots[i] = Some(unsafe { Borrowed::from_ptr(py, *args.add(nargs + j)) });
        }
    }
    if slots[..sig.required].iter().any(Option::is_none) {
        return Err(sig.missing(&slots));
    }
    Ok(Args { py, sig, slots })
}

/// The function CPython calls: METH_FASTCALL | METH_KEYWORDS | METH_STATIC, so `_self` is null.
unsafe extern "C" fn trampoline<M: StaticMethod>(
    _self: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls builtin functions attached to the interpreter (GIL held).
    let py = unsafe { Python::assume_attached() };
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: CPython passes METH_FASTCALL | METH_KEYWORDS arguments this way, borrowed
        // for the duration of the call.
        let a = unsafe { parse(py, M::signature(), args, nargs as usize, kwnames) }?;
        M::call(py, &a)
    }));
    let err = match r {
        Ok(Ok(obj)) => return obj.into_ptr(),
        Ok(Err(e)) => e,
        Err(payload) => {
            // As PyO3 reports a panic.
            let msg = if let Some(s) = payload.downcast_ref::<String>() {
                s.clone()
            } else if let Some(s) = payload.downcast_ref::<&str>() {
                s.to_string()
            } else {
                "panic from Rust code".to_string()
            };
            PanicException::new_err(msg)
        }
    };
    err.restore(py);
    std::ptr::null_mut()
}

type FastWithKeywords = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// `PyObject_Vectorcall`'s signature (fixed: part of the stable ABI since 3.12).
pub type Vectorcall = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    usize,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

extern "C" {
    fn dlsym(handle: *mut std::ffi::c_void, symbol: *const std::ffi::c_char) -> *mut std::ffi::c_void;
}

/// The running interpreter's `PyObject_Vectorcall`, when it has one that abi3 code may call:
/// CPython >= 3.11 exports it with the signature that 3.12 made part of the stable ABI
/// (3.9 and 3.10 only inline it). Calling a function with it takes no argument tuple — a
/// walk calls its callback once per operation. `None` when [`enabled`] is false.
pub fn vectorcall(py: Python<'_>) -> Option<Vectorcall> {
    static RESOLVED: PyOnceLock<Option<usize>> = PyOnceLock::new();
    let f = *RESOLVED.get_or_init(py, || {
        if !enabled(py) || py.version_info() < (3, 11) {
            return None;
        }
        // SAFETY: dlsym with RTLD_DEFAULT (null on glibc) and a NUL-terminated name only
        // looks the symbol up in the process's global scope, where the interpreter is.
        let p = unsafe { dlsym(std::ptr::null_mut(), c"PyObject_Vectorcall".as_ptr()) };
        (!p.is_null()).then_some(p as usize)
    });
    // SAFETY: a non-null address of the interpreter's `PyObject_Vectorcall`, whose signature
    // is `Vectorcall` on every version it is looked up on (above).
    f.map(|p| unsafe { std::mem::transmute::<usize, Vectorcall>(p) })
}

/// Whether [`install`] replaces methods: CPython >= 3.10, `OMNIR_PYTHON_NO_FASTCALL` unset.
pub fn enabled(py: Python<'_>) -> bool {
    py.version_info() >= (3, 10) && std::env::var_os("OMNIR_PYTHON_NO_FASTCALL").is_none()
}

/// Replaces the static method `M` of `cls` (a PyO3 `#[staticmethod]` of the same name, whose
/// documentation and text signature are kept) by its METH_FASTCALL entry point, if
/// [`enabled`]; else leaves the PyO3 method.
pub fn install<M: StaticMethod>(cls: &Bound<'_, PyType>) -> PyResult<()> {
    let py = cls.py();
    if !enabled(py) {
        return Ok(());
    }
    let sig = M::signature();
    let name = sig.name();
    let c_name: &'static CStr =
        Box::leak(CString::new(name).map_err(|e| PyTypeError::new_err(e.to_string()))?.into_boxed_c_str());
    // The documentation CPython splits into `__text_signature__` and `__doc__`.
    let old = cls.getattr(name)?;
    let text_sig: Option<String> = old.getattr("__text_signature__")?.extract()?;
    let doc: Option<String> = old.getattr("__doc__")?.extract()?;
    let full_doc = match text_sig {
        Some(s) => format!("{name}{s}\n--\n\n{}", doc.unwrap_or_default()),
        None => doc.unwrap_or_default(),
    };
    let full_doc = CString::new(full_doc).map_err(|e| PyTypeError::new_err(e.to_string()))?;
    let f: FastWithKeywords = trampoline::<M>;
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c_name.as_ptr(),
        // SAFETY: CPython calls the function with the METH_FASTCALL | METH_KEYWORDS signature
        // `ml_flags` declares; the union member only carries the pointer.
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: unsafe { std::mem::transmute::<FastWithKeywords, ffi::PyCFunction>(f) },
        },
        ml_flags: METH_FASTCALL | ffi::METH_KEYWORDS | ffi::METH_STATIC,
        ml_doc: Box::leak(full_doc.into_boxed_c_str()).as_ptr(),
    }));
    // As CPython makes a static method of a type (`type_add_method`): bound to the type,
    // which METH_STATIC hides from the function and from `__self__`; no module.
    // SAFETY: `def` and its strings live forever; `cls` is a live type object.
    let func =
        unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyCFunction_NewEx(def, cls.as_ptr(), std::ptr::null_mut()))? };
    let staticmethod = py.import("builtins")?.getattr("staticmethod")?.call1((func,))?;
    cls.setattr(name, staticmethod)
}

/// Declares a [`StaticMethod`]: `static_method!(Marker, "Class.method", ["a", "b"], required = 1,
/// |py, args| body)`, parameters named as PyO3 names them (`r#type`).
macro_rules! static_method {
    ($marker:ident, $qualname:expr, [$($param:expr),* $(,)?], required = $required:expr, |$py:ident, $args:ident| $body:expr) => {
        struct $marker;

        impl $crate::fastcall::StaticMethod for $marker {
            fn signature() -> &'static $crate::fastcall::Signature {
                static SIGNATURE: $crate::fastcall::Signature =
                    $crate::fastcall::Signature::new($qualname, &[$($param),*], $required);
                &SIGNATURE
            }

            fn call<'py>(
                $py: ::pyo3::Python<'py>,
                $args: &$crate::fastcall::Args<'_, 'py>,
            ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
                $body
            }
        }
    };
}
pub(crate) use static_method;
