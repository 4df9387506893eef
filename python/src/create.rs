//! `Operation.create`, the hot path of building IR from Python.
//!
//! Per call it gathers the C handles of results, operands and successors straight from the
//! Python objects (no intermediate wrappers), finds attribute names through a small cache of
//! Python string objects (abi3 on Python 3.9 cannot borrow a `str`'s UTF-8 without a copy),
//! and reuses one client `OperationBuilder` per (context, operation name) on this thread:
//! reset, fill, create, insert. The operation wrapper then shares the insertion point's
//! tree owner (computed once, when the insertion point was made), or owns the new detached
//! operation.
//!
//! On CPython 3.10 and later, where `METH_FASTCALL | METH_KEYWORDS` is part of the stable
//! ABI, `Operation.create` is replaced at import by a vectorcall-style function
//! ([`install_fastcall`]) that reads keyword arguments without building a dict; on 3.9 the
//! PyO3 method (`ir.rs`) is used.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_int, CStr};
use std::hash::{BuildHasherDefault, Hasher};

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use omnir::{sys, TreeOwner};

use crate::attributes::Attribute;
use crate::context;
use crate::errors::{type_error, OrPy};
use crate::ir::{value_of, Block, InsertionPoint, Operation, OwnerSlot, Value};
use crate::location::Location;
use crate::types::Type;

/// The handles of one operation live on the stack unless there are many.
type Buf<T, const N: usize> = smallvec::SmallVec<[T; N]>;

#[inline]
fn for_each_item(obj: &Bound<'_, PyAny>, mut f: impl FnMut(&Bound<'_, PyAny>) -> PyResult<()>) -> PyResult<()> {
    if let Ok(list) = obj.cast::<PyList>() {
        for item in list.iter() {
            f(&item)?;
        }
    } else if let Ok(t) = obj.cast::<PyTuple>() {
        for item in t.iter() {
            f(&item)?;
        }
    } else {
        for item in obj.try_iter()? {
            f(&item?)?;
        }
    }
    Ok(())
}

/// Strings by object identity: (the string, kept alive so that its address stays its own;
/// its UTF-8). Attribute names in a call are nearly always the same interned objects.
const STR_SLOTS: usize = 256;

type StrSlots = Vec<Option<(Py<PyString>, Box<str>)>>;

thread_local! {
    static STRS: RefCell<StrSlots> = RefCell::new((0..STR_SLOTS).map(|_| None).collect());
}

/// Runs `f` with the UTF-8 of a Python string, cached by the string object's identity.
/// Runs no Python code besides the string conversion on a miss.
fn with_str<R>(s: &Bound<'_, PyString>, f: impl FnOnce(&str) -> R) -> PyResult<R> {
    let ptr = s.as_ptr() as usize;
    let slot = (ptr >> 4) % STR_SLOTS;
    let hit = STRS.with(|c| matches!(&c.borrow()[slot], Some((p, _)) if p.as_ptr() as usize == ptr));
    if !hit {
        let text: Box<str> = s.to_cow()?.into();
        let old = STRS.with(|c| c.borrow_mut()[slot].replace((s.clone().unbind(), text)));
        drop(old);
    }
    Ok(STRS.with(|c| {
        let c = c.borrow();
        let (_, text) = c[slot].as_ref().expect("just filled");
        f(text)
    }))
}

/// A multiplicative hasher for the (serial, address) keys of the builder cache.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A cached builder and what it was last filled with: when a call brings the same result
/// types, attributes and location, only the operands (and region count) are replaced, which
/// keeps the core's checked form of the rest of the state (`omnir_operation_state_set_operands`).
struct Entry {
    _name: Py<PyString>,
    builder: omnir::OperationBuilder,
    loc: sys::omnir_location,
    results: Vec<sys::omnir_type>,
    /// (name object address, value) of each attribute, in call order.
    attrs: Vec<(usize, sys::omnir_attribute)>,
    /// Whether successors were added (they can only be cleared by a reset).
    had_successors: bool,
    /// The region count last set.
    regions: usize,
}

const MAX_BUILDERS: usize = 512;

type Builders = HashMap<(u32, usize), Entry, BuildHasherDefault<KeyHasher>>;

thread_local! {
    /// (context serial, name object address) -> builder.
    static BUILDERS: RefCell<Builders> = RefCell::new(Builders::default());
}

/// Drops this thread's cached builders of a context (its Python object is going away).
pub fn forget_context(serial: u32) {
    let removed: Vec<Entry> = BUILDERS.with(|b| match b.try_borrow_mut() {
        Ok(mut b) => {
            let keys: Vec<_> = b.keys().filter(|k| k.0 == serial).copied().collect();
            keys.into_iter().filter_map(|k| b.remove(&k)).collect()
        }
        Err(_) => Vec::new(),
    });
    drop(removed);
}

/// What one call fills a builder with.
struct Fill<'a, 'py> {
    results: &'a [sys::omnir_type],
    operands: &'a [sys::omnir_value],
    successors: &'a [sys::omnir_block],
    regions: usize,
    attrs: &'a [(Bound<'py, PyString>, Bound<'py, Attribute>)],
}

impl Fill<'_, '_> {
    fn same_as(&self, e: &Entry) -> bool {
        e.results.as_slice() == self.results
            && !e.had_successors
            && self.successors.is_empty()
            && e.attrs.len() == self.attrs.len()
            && e.attrs
                .iter()
                .zip(self.attrs)
                .all(|((n, a), (k, v))| *n == k.as_ptr() as usize && *a == v.get().attr.raw())
    }
}

/// Creates a detached operation through the builder of (context, name), made on first use.
/// Runs no Python code except a string conversion on a cache miss.
fn build(
    name: &Bound<'_, PyString>,
    loc: &omnir::Location,
    fill: &Fill<'_, '_>,
) -> omnir::Result<omnir::OwnedOperation> {
    let key = (loc.context().serial(), name.as_ptr() as usize);
    BUILDERS.with(|cell| {
        let mut map = cell.borrow_mut();
        let e = match map.entry(key) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let text = name.to_cow().map_err(|e| omnir::Error::new(omnir::Status::InvalidUtf8, e.to_string()))?;
                v.insert(Entry {
                    _name: name.clone().unbind(),
                    builder: omnir::OperationBuilder::new(&text, loc),
                    loc: loc.raw(),
                    results: Vec::new(),
                    attrs: Vec::new(),
                    had_successors: true, // forces the first fill
                    regions: 0,
                })
            }
        };
        let fast = e.loc == loc.raw() && fill.same_as(e);
        let b = &mut e.builder;
        if fast {
            // Fast path: the checked form of results, attributes and location is kept.
            b.set_operands_raw(fill.operands)?;
        } else {
            b.reset()?;
            if e.loc != loc.raw() {
                b.set_location(loc)?;
                e.loc = loc.raw();
            }
            e.results.clear();
            e.attrs.clear();
            e.had_successors = false;
            if !fill.results.is_empty() {
                b.add_results_raw(fill.results)?;
                e.results.extend_from_slice(fill.results);
            }
            if !fill.operands.is_empty() {
                b.add_operands_raw(fill.operands)?;
            }
            if !fill.successors.is_empty() {
                b.add_successors_raw(fill.successors)?;
                e.had_successors = true;
            }
            for (k, v) in fill.attrs {
                let attr = &v.get().attr;
                with_str(k, |s| b.add_attribute(s, attr))
                    .map_err(|err| omnir::Error::new(omnir::Status::InvalidUtf8, err.to_string()))??;
                e.attrs.push((k.as_ptr() as usize, attr.raw()));
            }
        }
        if fast && e.regions == fill.regions {
            // unchanged: a reset clears the count, set_operands keeps it
        } else {
            b.set_num_regions(fill.regions)?;
            e.regions = fill.regions;
        }
        b.build()
    })
}

/// The arguments of `Operation.create`, borrowed from the call.
pub struct CreateArgs<'a, 'py> {
    pub name: &'a Bound<'py, PyString>,
    pub results: Option<&'a Bound<'py, PyAny>>,
    pub operands: Option<&'a Bound<'py, PyAny>>,
    pub attributes: Option<&'a Bound<'py, PyAny>>,
    pub successors: Option<&'a Bound<'py, PyAny>>,
    pub regions: Option<usize>,
    pub loc: Option<&'a Bound<'py, Location>>,
    pub ip: Option<&'a Bound<'py, InsertionPoint>>,
}

pub fn create(py: Python<'_>, a: CreateArgs<'_, '_>) -> PyResult<Py<Operation>> {
    // Evict the builder cache here, outside every borrow: dropping builders may drop a
    // context, and with it Python callbacks.
    if BUILDERS.with(|b| b.borrow().len() >= MAX_BUILDERS) {
        let old = BUILDERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        drop(old);
    }
    // 1. The C handles, read from the Python objects (this may run Python code: `.operation`
    //    of an OpView used as an operand, iterators...).
    let mut result_types: Buf<sys::omnir_type, 4> = Buf::new();
    if let Some(r) = a.results {
        for_each_item(r, |item| {
            let t = item.cast::<Type>().map_err(|_| type_error("Type in results", item))?;
            result_types.push(t.get().t.raw());
            Ok(())
        })?;
    }
    let mut operand_values: Buf<sys::omnir_value, 4> = Buf::new();
    if let Some(o) = a.operands {
        for_each_item(o, |item| {
            match item.cast::<Value>() {
                Ok(v) => operand_values.push(v.get().v.raw()),
                Err(_) => operand_values.push(value_of(item)?.raw()),
            }
            Ok(())
        })?;
    }
    let mut successor_blocks: Buf<sys::omnir_block, 2> = Buf::new();
    if let Some(s) = a.successors {
        for_each_item(s, |item| {
            let b = item.cast::<Block>().map_err(|_| type_error("Block in successors", item))?;
            successor_blocks.push(b.get().b.raw());
            Ok(())
        })?;
    }
    let mut attrs: Vec<(Bound<'_, PyString>, Bound<'_, Attribute>)> = Vec::new();
    if let Some(at) = a.attributes {
        let dict =
            at.cast::<PyDict>().map_err(|_| PyTypeError::new_err("attributes must be a dict of str to Attribute"))?;
        for (k, v) in dict.iter() {
            let k = k.cast_into::<PyString>().map_err(|e| type_error("str attribute name", e.into_inner().as_any()))?;
            let v = v.cast_into::<Attribute>().map_err(|e| type_error("Attribute value", e.into_inner().as_any()))?;
            attrs.push((k, v));
        }
    }

    // 2. Create and insert. From here on no Python code runs until the wrapper is made.
    let fill = Fill {
        results: result_types.as_slice(),
        operands: operand_values.as_slice(),
        successors: successor_blocks.as_slice(),
        regions: a.regions.unwrap_or(0),
        attrs: &attrs,
    };
    let place =
        |ip: Option<&InsertionPoint>, owned: omnir::OwnedOperation| -> omnir::Result<(omnir::Operation, TreeOwner)> {
            match ip {
                Some(ip) => {
                    ip.point.insert(&owned)?;
                    let op = owned.release();
                    let owner = match &ip.owner {
                        Some(o) => o.clone(),
                        None => op.context().owner_of_tree(&op)?,
                    };
                    Ok((op, owner))
                }
                None => {
                    let op = owned.release();
                    let owner = op.context().adopt(&op)?;
                    Ok((op, owner))
                }
            }
        };
    let nres = result_types.len() as u32;
    let (op, owner) = match (a.ip, a.loc) {
        (Some(ip), Some(loc)) => {
            let owned = build(a.name, &loc.get().loc, &fill).py()?;
            place(Some(ip.get()), owned).py()?
        }
        _ => context::with_frame(|frame_ip, frame_loc| -> PyResult<(omnir::Operation, TreeOwner)> {
            let ip = a.ip.map(|b| b.get()).or(frame_ip);
            let unknown;
            let loc = match (a.loc, frame_loc) {
                (Some(l), _) => &l.get().loc,
                (None, Some(l)) => l,
                (None, None) => {
                    let ctx = match ip {
                        Some(ip) => ip.block.context().clone(),
                        None => context::resolve(None)?,
                    };
                    unknown = ctx.unknown_loc();
                    &unknown
                }
            };
            let owned = build(a.name, loc, &fill).py()?;
            place(ip, owned).py()
        })?,
    };
    Py::new(py, Operation::with_owner(op, OwnerSlot::new(Some(owner)), nres))
}

// ---------------------------------------------------------------------------------------
// the METH_FASTCALL entry point (CPython >= 3.10)

const METH_FASTCALL: c_int = 0x0080;
const KWNAMES: [&str; 9] =
    ["name", "results", "operands", "attributes", "successors", "regions", "loc", "ip", "infer_type"];

static INTERNED: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

fn kw_index(py: Python<'_>, name: *mut ffi::PyObject) -> PyResult<usize> {
    let names = INTERNED.get_or_init(py, || KWNAMES.iter().map(|n| PyString::intern(py, n).unbind()).collect());
    if let Some(i) = names.iter().position(|n| n.as_ptr() == name) {
        return Ok(i);
    }
    for (i, n) in names.iter().enumerate() {
        // SAFETY: both are live str objects (kwnames holds `name`).
        if unsafe { ffi::PyUnicode_Compare(n.as_ptr(), name) } == 0 {
            return Ok(i);
        }
    }
    // SAFETY: `name` is a live object borrowed from the call's kwnames.
    let shown = unsafe { Bound::from_borrowed_ptr(py, name) }.to_string();
    Err(PyTypeError::new_err(format!("Operation.create() got an unexpected keyword argument '{shown}'")))
}

fn fastcall_impl(
    py: Python<'_>,
    args: *const *mut ffi::PyObject,
    nargs: usize,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Py<Operation>> {
    let mut slots: [*mut ffi::PyObject; 9] = [std::ptr::null_mut(); 9];
    if nargs > slots.len() {
        return Err(PyTypeError::new_err("Operation.create() takes at most 9 arguments"));
    }
    for (i, slot) in slots.iter_mut().enumerate().take(nargs) {
        // SAFETY: CPython passes `nargs` positional arguments in `args`.
        *slot = unsafe { *args.add(i) };
    }
    if !kwnames.is_null() {
        // SAFETY: `kwnames` is a tuple of str; its values follow the positional arguments.
        let nkw = unsafe { ffi::PyTuple_Size(kwnames) } as usize;
        for j in 0..nkw {
            let name = unsafe { ffi::PyTuple_GetItem(kwnames, j as ffi::Py_ssize_t) };
            let i = kw_index(py, name)?;
            if !slots[i].is_null() {
                return Err(PyTypeError::new_err(format!(
                    "Operation.create() got multiple values for argument '{}'",
                    KWNAMES[i]
                )));
            }
            slots[i] = unsafe { *args.add(nargs + j) };
        }
    }
    // SAFETY: every non-null slot is an argument object borrowed for the duration of the call.
    let arg = |i: usize| -> Option<Bound<'_, PyAny>> {
        let p = slots[i];
        if p.is_null() || p == unsafe { ffi::Py_None() } {
            None
        } else {
            Some(unsafe { Bound::from_borrowed_ptr(py, p) })
        }
    };
    let name = arg(0).ok_or_else(|| PyTypeError::new_err("Operation.create() missing required argument 'name'"))?;
    let name = name.cast::<PyString>().map_err(|_| type_error("str name", &name))?;
    let (results, operands, attributes, successors) = (arg(1), arg(2), arg(3), arg(4));
    let regions = arg(5).map(|r| r.extract::<usize>()).transpose()?;
    let loc = arg(6);
    let loc = loc.as_ref().map(|l| l.cast::<Location>().map_err(|_| type_error("Location loc", l))).transpose()?;
    let ip = arg(7);
    let ip =
        ip.as_ref().map(|i| i.cast::<InsertionPoint>().map_err(|_| type_error("InsertionPoint ip", i))).transpose()?;
    create(
        py,
        CreateArgs {
            name,
            results: results.as_ref(),
            operands: operands.as_ref(),
            attributes: attributes.as_ref(),
            successors: successors.as_ref(),
            regions,
            loc,
            ip,
        },
    )
}

unsafe extern "C" fn create_fastcall(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls METH_FASTCALL functions with the GIL held.
    let py = unsafe { Python::assume_attached() };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| fastcall_impl(py, args, nargs as usize, kwnames)));
    match r {
        Ok(Ok(op)) => op.into_ptr(),
        Ok(Err(e)) => {
            e.restore(py);
            std::ptr::null_mut()
        }
        Err(_) => {
            PyRuntimeError::new_err("omnir: internal error (panic) in Operation.create").restore(py);
            std::ptr::null_mut()
        }
    }
}

type FastWithKeywords = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

static CREATE_DOC: &CStr = c"create(name, results=None, operands=None, attributes=None, successors=None, regions=None, loc=None, ip=None, infer_type=False)\n--\n\nCreates an operation (see Operation.create).";

/// On CPython >= 3.10, replaces `Operation.create` with the METH_FASTCALL entry point.
pub fn install_fastcall(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let vi = py.import("sys")?.getattr("version_info")?;
    let version: (u32, u32) = (vi.getattr("major")?.extract()?, vi.getattr("minor")?.extract()?);
    if version < (3, 10) || std::env::var_os("OMNIR_PYTHON_NO_FASTCALL").is_some() {
        return Ok(());
    }
    let f: FastWithKeywords = create_fastcall;
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"create".as_ptr(),
        // SAFETY: CPython calls the function with the METH_FASTCALL | METH_KEYWORDS signature
        // given by `ml_flags`; the union member only carries the pointer.
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: unsafe { std::mem::transmute::<FastWithKeywords, ffi::PyCFunction>(f) },
        },
        ml_flags: METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: CREATE_DOC.as_ptr(),
    }));
    // SAFETY: `def` lives forever; the module is a live object.
    let func =
        unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyCFunction_NewEx(def, std::ptr::null_mut(), m.as_ptr()))? };
    let staticmethod = py.import("builtins")?.getattr("staticmethod")?.call1((func,))?;
    py.get_type::<Operation>().setattr("create", staticmethod)?;
    Ok(())
}
