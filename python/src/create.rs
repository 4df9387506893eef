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
use std::hash::{BuildHasherDefault, Hasher};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use omnir::{sys, BuiltOperation, TreeOwner};

use crate::attributes::Attribute;
use crate::context;
use crate::errors::{type_error, OrPy};
use crate::fastcall::{Args, Signature, StaticMethod};
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
    /// Whether the fields above describe the builder and it has no successors (which only a
    /// reset clears): then a call of the same shape may keep its checked form. False before
    /// the first fill and after a failed call, which may have left the builder half-filled.
    reusable: bool,
    /// The region count last set.
    regions: usize,
    /// Result types are inferred (`infer_type=True`).
    infer: bool,
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
    infer: bool,
}

impl Fill<'_, '_> {
    /// Whether the cached state has the same results and attribute names (the same string
    /// objects, in the same order), so that only operands and attribute values need
    /// replacing.
    fn same_shape_as(&self, e: &Entry) -> bool {
        e.reusable
            && e.infer == self.infer
            && e.results.as_slice() == self.results
            && self.successors.is_empty()
            && e.attrs.len() == self.attrs.len()
            && e.attrs.iter().zip(self.attrs).all(|((n, _), (k, _))| *n == k.as_ptr() as usize)
    }
}

/// Creates an operation through the builder of (context, name), made on first use, and
/// inserts it at `point` (or leaves it detached). Runs no Python code except a string
/// conversion on a cache miss.
fn build(
    name: &Bound<'_, PyString>,
    loc: &omnir::Location,
    fill: &Fill<'_, '_>,
    point: Option<&omnir::InsertionPoint>,
) -> omnir::Result<BuiltOperation> {
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
                    reusable: false,
                    regions: 0,
                    infer: false,
                })
            }
        };
        let built = fill_and_build(e, loc, fill, point);
        if built.is_err() {
            e.reusable = false;
        }
        built
    })
}

/// Fills the cached builder `e` for this call (replacing only operands and changed attribute
/// values when the shape repeats) and builds the operation.
fn fill_and_build(
    e: &mut Entry,
    loc: &omnir::Location,
    fill: &Fill<'_, '_>,
    point: Option<&omnir::InsertionPoint>,
) -> omnir::Result<BuiltOperation> {
    let fast = e.loc == loc.raw() && fill.same_shape_as(e);
    let b = &mut e.builder;
    if fast {
        // Fast path: the core keeps the checked form of the names, results and location;
        // only operands and changed attribute values are replaced.
        b.set_operands_raw(fill.operands)?;
        for (i, ((_, old), (_, v))) in e.attrs.iter_mut().zip(fill.attrs).enumerate() {
            let raw = v.get().attr.raw();
            if *old != raw {
                b.set_attribute_value_raw(i, raw)?;
                *old = raw;
            }
        }
    } else {
        e.reusable = false;
        b.reset()?;
        if e.loc != loc.raw() {
            b.set_location(loc)?;
            e.loc = loc.raw();
        }
        e.results.clear();
        e.attrs.clear();
        e.infer = fill.infer;
        if fill.infer {
            b.enable_result_type_inference()?;
        }
        if !fill.results.is_empty() {
            b.add_results_raw(fill.results)?;
            e.results.extend_from_slice(fill.results);
        }
        if !fill.operands.is_empty() {
            b.add_operands_raw(fill.operands)?;
        }
        if !fill.successors.is_empty() {
            b.add_successors_raw(fill.successors)?;
        }
        for (k, v) in fill.attrs {
            let attr = &v.get().attr;
            with_str(k, |s| b.add_attribute(s, attr))
                .map_err(|err| omnir::Error::new(omnir::Status::InvalidUtf8, err.to_string()))??;
            e.attrs.push((k.as_ptr() as usize, attr.raw()));
        }
        e.reusable = fill.successors.is_empty();
    }
    if !(fast && e.regions == fill.regions) {
        // (a reset clears the count; set_operands keeps it)
        b.set_num_regions(fill.regions)
            .map_err(|e| omnir::Error { message: format!("regions: {} ({})", e.message, fill.regions), ..e })?;
        e.regions = fill.regions;
    }
    b.build_into(point)
}

/// The arguments of `Operation.create`, borrowed from the call.
pub struct CreateArgs<'a, 'py> {
    pub name: &'a Bound<'py, PyString>,
    pub results: Option<&'a Bound<'py, PyAny>>,
    pub operands: Option<&'a Bound<'py, PyAny>>,
    pub attributes: Option<&'a Bound<'py, PyAny>>,
    pub successors: Option<&'a Bound<'py, PyAny>>,
    pub regions: Option<&'a Bound<'py, PyAny>>,
    pub loc: Option<&'a Bound<'py, Location>>,
    pub ip: Option<&'a Bound<'py, InsertionPoint>>,
    /// Infer the result types when `results` is None (`infer_type=True`).
    pub infer_type: bool,
}

pub fn create(py: Python<'_>, a: CreateArgs<'_, '_>) -> PyResult<Py<Operation>> {
    // Evict the builder cache here, outside every borrow: dropping builders may drop a
    // context, and with it Python callbacks.
    if BUILDERS.with(|b| b.borrow().len() >= MAX_BUILDERS) {
        let old = BUILDERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        drop(old);
    }
    let regions: usize = crate::util::opt_int_arg(a.regions, "regions")?.unwrap_or(0);
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
        regions,
        attrs: &attrs,
        infer: a.infer_type && result_types.is_empty(),
    };
    let place = |ip: Option<&InsertionPoint>, loc: &omnir::Location| -> omnir::Result<(omnir::Operation, TreeOwner)> {
        match ip {
            Some(ip) => {
                let BuiltOperation::Inserted(op) = build(a.name, loc, &fill, Some(&ip.point))? else {
                    unreachable!("built with a point")
                };
                let owner = match &ip.owner {
                    Some(o) => o.clone(),
                    None => op.context().owner_of_tree(&op)?,
                };
                Ok((op, owner))
            }
            None => {
                let BuiltOperation::Detached(owned) = build(a.name, loc, &fill, None)? else {
                    unreachable!("built without a point")
                };
                let op = owned.release();
                let owner = op.context().adopt(&op)?;
                Ok((op, owner))
            }
        }
    };
    // Inferred results are counted when first asked for.
    let nres = if fill.infer { u32::MAX } else { result_types.len() as u32 };
    let (op, owner) = match (a.ip, a.loc) {
        (Some(ip), Some(loc)) => place(Some(ip.get()), &loc.get().loc).py()?,
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
            place(ip, loc).py()
        })?,
    };
    Py::new(py, Operation::with_owner(op, OwnerSlot::new(Some(owner)), nres))
}

// ---------------------------------------------------------------------------------------
// the METH_FASTCALL entry point (CPython >= 3.10)

static CREATE_SIGNATURE: Signature = Signature::new(
    "Operation.create",
    &["name", "results", "operands", "attributes", "successors", "regions", "loc", "ip", "infer_type"],
    1,
);

/// `Operation.create` through [`crate::fastcall`].
struct CreateFastcall;

impl StaticMethod for CreateFastcall {
    fn signature() -> &'static Signature {
        &CREATE_SIGNATURE
    }

    fn call<'py>(py: Python<'py>, a: &Args<'_, 'py>) -> PyResult<Py<PyAny>> {
        Ok(fastcall_impl(py, a)?.into_any())
    }
}

fn fastcall_impl(py: Python<'_>, a: &Args<'_, '_>) -> PyResult<Py<Operation>> {
    // The arguments in order, converted as the PyO3 method's (ir.rs) are.
    let name = a.cast::<PyString>(0)?;
    let (results, operands, attributes, successors) = (a.given(1), a.given(2), a.given(3), a.given(4));
    let loc = a.cast_opt::<Location>(6)?;
    let ip = a.cast_opt::<InsertionPoint>(7)?;
    let infer_type: bool = a.extract_or(8, false)?;
    create(
        py,
        CreateArgs {
            name: &name,
            results: results.as_deref(),
            operands: operands.as_deref(),
            attributes: attributes.as_deref(),
            successors: successors.as_deref(),
            regions: a.given(5).as_deref(),
            loc: loc.as_deref(),
            ip: ip.as_deref(),
            infer_type,
        },
    )
}

/// On CPython >= 3.10, replaces `Operation.create` with the METH_FASTCALL entry point.
pub fn install_fastcall(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::fastcall::install::<CreateFastcall>(&m.py().get_type::<Operation>())
}
