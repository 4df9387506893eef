//! IR: `Module`, `Operation`, `Block`, `Region`, `Value` (`OpResult`, `BlockArgument`),
//! `OpOperand`, the list views (`op.operands`, `block.operations`...), `InsertionPoint`,
//! walks and printing.
//!
//! # Lifetime
//! Every wrapper of IR holds the [`omnir::TreeOwner`] of the tree it points into (the client's
//! `lifetime.rs`): a module or detached operation is owned by its wrappers and erased when
//! the last one is collected while it is still detached; a wrapper of nested IR keeps its
//! whole tree alive. Wrappers derived from a wrapper (`op.regions[0].blocks[0]...`) share
//! its owner. An operation moved or inserted through its wrapper takes the owner of its new
//! tree. IR erased meanwhile (explicitly, or with a tree nobody holds) makes every use of its
//! wrappers raise `StaleHandleError`: handles carry a generation, so a wrapper never aliases
//! IR created later in the same slot.

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PySlice, PyString, PyTuple};
use pyo3::{intern, PyClassInitializer};

use omnir::{PrintFlags, TreeOwner, WalkOrder as COrder, WalkResult as CResult};

use crate::attributes::{index_arg, key_name, wrap_attr, Attribute, NamedAttribute};
use crate::context::{self, context_object, resolve, Context};
use crate::errors::{diag_err, type_error, OrPy};
use crate::location::{wrap_loc, Location};
use crate::types::{wrap_type, wrap_types, Type};

// ---------------------------------------------------------------------------------------
// ownership

/// The owner of the tree a wrapper points into; replaced when the IR moves through the
/// wrapper. Read and written only with the GIL held (the `Python` token proves it; this
/// extension is abi3, never built for a free-threaded interpreter), which makes the cell
/// race-free without a lock.
pub struct OwnerSlot(std::cell::UnsafeCell<Option<TreeOwner>>);

// SAFETY: every access goes through `get`/`set`, which take a `Python` token: the GIL
// serializes them. The value itself (`Arc<OwnedOperation>`) is Send + Sync.
unsafe impl Sync for OwnerSlot {}
// SAFETY: as above.
unsafe impl Send for OwnerSlot {}

impl OwnerSlot {
    pub fn new(owner: Option<TreeOwner>) -> OwnerSlot {
        OwnerSlot(std::cell::UnsafeCell::new(owner))
    }
    #[inline]
    pub fn get(&self, _py: Python<'_>) -> Option<TreeOwner> {
        // SAFETY: the GIL is held (token), and no reference into the cell outlives a call.
        unsafe { (*self.0.get()).clone() }
    }
    pub fn set(&self, _py: Python<'_>, owner: Option<TreeOwner>) {
        // SAFETY: as in `get`; the old value is dropped after the write, outside any borrow
        // (dropping an owner may erase a tree, which runs no Python code).
        let old = unsafe { std::mem::replace(&mut *self.0.get(), owner) };
        drop(old);
    }
}

/// The owner of `op`'s current tree (adopting an unowned root), or `None` when the op is
/// stale.
pub fn owner_now(op: &omnir::Operation) -> Option<TreeOwner> {
    op.context().owner_of_tree(op).ok()
}

/// `seq[a:b:c]` of a list view, as a Python list (MLIR's sequences slice like lists);
/// None when `index` is not a slice.
fn slice_of(
    py: Python<'_>,
    index: &Bound<'_, PyAny>,
    len: usize,
    mut item: impl FnMut(usize) -> PyResult<Py<PyAny>>,
) -> PyResult<Option<Py<PyAny>>> {
    let Ok(slice) = index.cast::<PySlice>() else { return Ok(None) };
    let idx = slice.indices(len as isize)?;
    let mut out = Vec::new();
    let mut i = idx.start;
    while (idx.step > 0 && i < idx.stop) || (idx.step < 0 && i > idx.stop) {
        out.push(item(i as usize)?);
        i += idx.step;
    }
    Ok(Some(PyList::new(py, out)?.into_any().unbind()))
}

/// A `StaleHandleError` unless the IR is live (for views that touch it lazily).
fn ensure_live(live: bool, what: &str) -> PyResult<()> {
    if live {
        Ok(())
    } else {
        Err(crate::errors::StaleHandleError::new_err(format!("stale {what} handle: the IR it referred to was erased")))
    }
}

// ---------------------------------------------------------------------------------------
// Module

/// A `builtin.module`: parsed or created, owned by this object (and by every wrapper of IR
/// inside it) and erased when the last of them is collected.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Module {
    pub op: omnir::Operation,
    pub owner: TreeOwner,
}

/// The text to parse: a str, or bytes (checked for UTF-8 by the parse, which reports bad
/// bytes as a parse error at their line and column).
fn text_of(asm: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = asm.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned().into_bytes());
    }
    if let Ok(b) = asm.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    Err(type_error("str or bytes", asm))
}

#[pymethods]
impl Module {
    /// Parses MLIR text (generic or custom syntax) into a module and verifies it, as upstream does
    /// (unless `Context.verify_after_parse` is off). Errors, the verifier's included, raise
    /// `MLIRError` with the diagnostics.
    #[staticmethod]
    #[pyo3(signature = (asm, context = None, filename = "-"))]
    fn parse(
        py: Python<'_>,
        asm: &Bound<'_, PyAny>,
        context: Option<&Bound<'_, Context>>,
        filename: &str,
    ) -> PyResult<Module> {
        let ctx = resolve(context)?;
        let text = text_of(asm)?;
        let m = ctx
            .with_diagnostics(|| omnir::Module::parse_bytes(&ctx, &text, filename))
            .map_err(|e| diag_err(py, e, "Unable to parse module assembly"))?;
        let op = m.into_operation();
        let owner = ctx.adopt(&op).py()?;
        Ok(Module { op, owner })
    }

    /// An empty module (at `loc`, or the current location).
    #[staticmethod]
    #[pyo3(signature = (loc = None))]
    fn create(loc: Option<&Bound<'_, Location>>) -> PyResult<Module> {
        let loc = match loc {
            Some(l) => l.get().loc.clone(),
            None => match context::current_location_opt() {
                Some(l) => l,
                None => resolve(None)?.unknown_loc(),
            },
        };
        let m = omnir::Module::new(&loc).py()?;
        let op = m.into_operation();
        let owner = loc.context().adopt(&op).py()?;
        Ok(Module { op, owner })
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.op.context())
    }

    /// The module's operation.
    #[getter]
    fn operation(&self, py: Python<'_>) -> PyResult<Py<Operation>> {
        new_op(py, self.op.clone(), Some(self.owner.clone()))
    }

    /// The module's body block.
    #[getter]
    fn body(&self, py: Python<'_>) -> PyResult<Py<Block>> {
        let b = self
            .op
            .region(0)
            .py()?
            .first_block()
            .py()?
            .ok_or_else(|| PyValueError::new_err("module without a body"))?;
        Py::new(py, Block { b, owner: Some(self.owner.clone()) })
    }

    fn dump(&self) -> PyResult<()> {
        println!("{}", crate::definitions::checked_print(|| self.op.print(&PrintFlags::default()))?);
        Ok(())
    }

    fn __str__(&self) -> PyResult<String> {
        crate::definitions::checked_print(|| self.op.print(&PrintFlags::default()))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Module>().map(|o| o.get().op == self.op).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        op_hash(&self.op)
    }
}

fn op_hash(op: &omnir::Operation) -> u64 {
    let r = op.raw();
    crate::util::hash3(r.context, r.index, r.generation)
}

// ---------------------------------------------------------------------------------------
// Operation

/// The operation handle of an `Operation` object. Read through `Deref`; replaced only by
/// [`OpCell::replace_unshared`] — a walk reusing the object it handed to its callback for the
/// next operation, when nothing else holds that object.
pub struct OpCell(std::cell::UnsafeCell<omnir::Operation>);

// SAFETY: the cell is read only by methods of its Python object (run with the GIL held, this
// extension being abi3 and never free-threaded) and written only by `replace_unshared`,
// which the walk calls with the GIL held on an object whose only reference is the walk's own:
// no method of that object can be running and no reference into the cell exists then.
unsafe impl Sync for OpCell {}
// SAFETY: as above; `omnir::Operation` is Send.
unsafe impl Send for OpCell {}

impl OpCell {
    pub fn new(op: omnir::Operation) -> OpCell {
        OpCell(std::cell::UnsafeCell::new(op))
    }
}

impl std::ops::Deref for OpCell {
    type Target = omnir::Operation;
    #[inline]
    fn deref(&self) -> &omnir::Operation {
        // SAFETY: see the `Sync` note: no write happens while a reference is alive.
        unsafe { &*self.0.get() }
    }
}

impl PartialEq for OpCell {
    fn eq(&self, other: &OpCell) -> bool {
        **self == **other
    }
}

impl Operation {
    /// Points an object nobody else holds at another operation (of the same tree).
    pub fn replace_unshared(obj: &Bound<'_, Operation>, op: &omnir::Operation) -> bool {
        if obj.get_refcnt() != 1 {
            return false;
        }
        let this = obj.get();
        // SAFETY: the object's only reference is the caller's (refcount 1, GIL held): no
        // method runs on it and no reference into the cell is alive.
        unsafe { (*this.op.0.get()).clone_from(op) };
        this.nres.store(u32::MAX, std::sync::atomic::Ordering::Relaxed);
        true
    }
}

/// An operation. `str(op)` prints it (custom form, as upstream); `op.get_asm(...)` takes
/// MLIR's print flags. Two wrappers of one operation compare and hash equal.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Operation {
    pub op: OpCell,
    pub owner: OwnerSlot,
    /// The number of results (fixed for an operation's life), cached; `u32::MAX` = unknown.
    nres: std::sync::atomic::AtomicU32,
}

impl Operation {
    pub fn with_owner(op: omnir::Operation, owner: OwnerSlot, nres: u32) -> Operation {
        Operation { op: OpCell::new(op), owner, nres: std::sync::atomic::AtomicU32::new(nres) }
    }

    fn num_results(&self) -> PyResult<usize> {
        use std::sync::atomic::Ordering::Relaxed;
        let n = self.nres.load(Relaxed);
        if n != u32::MAX {
            return Ok(n as usize);
        }
        let n = self.op.num_results().py()?;
        self.nres.store(n as u32, Relaxed);
        Ok(n)
    }

    pub fn derived_owner(&self, py: Python<'_>) -> Option<TreeOwner> {
        self.owner.get(py)
    }
}

pub fn new_op(py: Python<'_>, op: omnir::Operation, owner: Option<TreeOwner>) -> PyResult<Py<Operation>> {
    Py::new(py, Operation::with_owner(op, OwnerSlot::new(owner), u32::MAX))
}

/// OpView classes registered by operation name (`omnir.register_op_view`).
static OP_VIEWS: PyOnceLock<Py<PyDict>> = PyOnceLock::new();

pub fn op_views(py: Python<'_>) -> &Bound<'_, PyDict> {
    OP_VIEWS.get_or_init(py, || PyDict::new(py).unbind()).bind(py)
}

/// The object handed to Python for an operation found in the IR: an instance of the OpView
/// class registered for its name, else the `Operation` itself (which answers everything an
/// OpView does).
/// An instance of the OpView class `cls` viewing `op`, made as MLIR makes one: `__new__`,
/// then `OpView.__init__`, so that a subclass's own `__init__` (a builder, taking the new
/// op's operands and attributes) is not called for operations found in the IR.
fn make_view(py: Python<'_>, cls: &Bound<'_, PyAny>, op: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let view = cls.call_method1(intern!(py, "__new__"), (cls,))?;
    let opview = py.import(intern!(py, "omnir"))?.getattr(intern!(py, "OpView"))?;
    opview.getattr(intern!(py, "__init__"))?.call1((&view, op))?;
    Ok(view.unbind())
}

pub fn op_or_view(py: Python<'_>, op: omnir::Operation, owner: Option<TreeOwner>) -> PyResult<Py<PyAny>> {
    let views = op_views(py);
    if !views.is_empty() {
        if let Ok(name) = op.name() {
            if let Some(cls) = views.get_item(&name)? {
                let o = new_op(py, op, owner)?;
                return make_view(py, &cls, o.bind(py).as_any());
            }
        }
    }
    Ok(new_op(py, op, owner)?.into_any())
}

/// `obj` as an `Operation`: an `Operation`, or anything with an `.operation` (OpView, Module).
pub fn as_op<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Operation>> {
    if let Ok(o) = obj.cast::<Operation>() {
        return Ok(o.clone());
    }
    let inner = obj.getattr(intern!(obj.py(), "operation")).map_err(|_| type_error("an Operation or OpView", obj))?;
    inner.cast_into::<Operation>().map_err(|e| type_error("an Operation or OpView", e.into_inner().as_any()))
}

/// `obj` as a value: a `Value`, or an operation (view) with exactly one result.
pub fn value_of(obj: &Bound<'_, PyAny>) -> PyResult<omnir::Value> {
    if let Ok(v) = obj.cast::<Value>() {
        return Ok(v.get().v.clone());
    }
    if let Ok(o) = as_op(obj) {
        let op = &o.get().op;
        if op.num_results().py()? == 1 {
            return op.result(0).py();
        }
        return Err(PyValueError::new_err("an operation used as a value must have exactly one result"));
    }
    Err(type_error("a Value", obj))
}

fn print_flags(
    print_generic_op_form: bool,
    large_elements_limit: Option<u64>,
    enable_debug_info: bool,
    pretty_debug_info: bool,
    use_local_scope: bool,
    assume_verified: bool,
) -> PrintFlags {
    PrintFlags {
        generic: print_generic_op_form,
        elide_elements_larger_than: large_elements_limit.unwrap_or(0),
        debug_info: enable_debug_info || pretty_debug_info,
        pretty_debug_info,
        local_scope: use_local_scope,
        assume_verified,
    }
}

static WALK_RESULTS: PyOnceLock<[Py<PyAny>; 3]> = PyOnceLock::new();

fn walk_results(py: Python<'_>) -> PyResult<&[Py<PyAny>; 3]> {
    WALK_RESULTS.get_or_try_init(py, || {
        let cls = py.get_type::<WalkResult>();
        Ok::<_, PyErr>([
            cls.getattr("ADVANCE")?.unbind(),
            cls.getattr("INTERRUPT")?.unbind(),
            cls.getattr("SKIP")?.unbind(),
        ])
    })
}

#[pymethods]
impl Operation {
    /// Creates an operation (MLIR's generic `Operation.create`): `results` are types,
    /// `operands` values, `attributes` a dict of name to attribute, `successors` blocks,
    /// `regions` the number of (empty) regions. It is inserted at `ip` (or the current
    /// insertion point, if any), else left detached and owned by the returned object. The
    /// location is `loc`, else the current location, else `loc(unknown)`. With
    /// `infer_type=True` and no `results`, the result types follow from the op's definition.
    #[staticmethod]
    #[pyo3(signature = (name, results = None, operands = None, attributes = None, successors = None, regions = None, loc = None, ip = None, infer_type = false))]
    #[allow(clippy::too_many_arguments)]
    fn create(
        py: Python<'_>,
        name: &Bound<'_, PyString>,
        results: Option<&Bound<'_, PyAny>>,
        operands: Option<&Bound<'_, PyAny>>,
        attributes: Option<&Bound<'_, PyAny>>,
        successors: Option<&Bound<'_, PyAny>>,
        regions: Option<&Bound<'_, PyAny>>,
        loc: Option<&Bound<'_, Location>>,
        ip: Option<&Bound<'_, InsertionPoint>>,
        infer_type: bool,
    ) -> PyResult<Py<Operation>> {
        crate::create::create(
            py,
            crate::create::CreateArgs { name, results, operands, attributes, successors, regions, loc, ip, infer_type },
        )
    }

    /// Parses text that holds exactly one top-level operation (upstream's
    /// `Operation.parse`); it comes back detached, owned by the returned object, as its
    /// registered OpView. It is verified, as for `Module.parse`. Errors raise `MLIRError` with
    /// the diagnostics.
    #[staticmethod]
    #[pyo3(signature = (source, *, source_name = "", context = None))]
    fn parse(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        source_name: &str,
        context: Option<&Bound<'_, Context>>,
    ) -> PyResult<Py<PyAny>> {
        let ctx = resolve(context)?;
        let text = text_of(source)?;
        let op = ctx
            .with_diagnostics(|| omnir::OwnedOperation::parse_bytes(&ctx, &text, source_name))
            .map_err(|e| diag_err(py, e, "Unable to parse operation assembly"))?
            .release();
        let owner = ctx.adopt(&op).py()?;
        op_or_view(py, op, Some(owner))
    }

    /// This operation (so that `Operation` and `OpView` answer the same questions).
    #[getter]
    #[allow(clippy::self_named_constructors)]
    fn operation(slf: Py<Operation>) -> Py<Operation> {
        slf
    }

    /// The registered OpView of the operation (a generic `OpView` when none is registered).
    #[getter]
    fn opview(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let name = slf.get().op.name().py()?;
        if let Some(cls) = op_views(py).get_item(&name)? {
            return make_view(py, &cls, slf.as_any());
        }
        let opview = py.import(intern!(py, "omnir"))?.getattr(intern!(py, "OpView"))?;
        Ok(opview.call1((slf,))?.unbind())
    }

    /// Whether the operation still exists (False once erased).
    #[getter]
    fn is_valid(&self) -> bool {
        self.op.is_live()
    }

    /// The C handle as (slot index, generation): for tests that watch a slot without keeping
    /// its tree alive (see `Context._op_is_live`).
    #[getter]
    fn _handle(&self) -> (u32, u32) {
        let r = self.op.raw();
        (r.index, r.generation)
    }

    #[getter]
    fn name(&self) -> PyResult<String> {
        self.op.name().py()
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.op.context())
    }

    #[getter]
    fn get_location(&self, py: Python<'_>) -> PyResult<Py<Location>> {
        wrap_loc(py, self.op.location().py()?)
    }

    #[setter]
    fn set_location(&self, loc: &Bound<'_, Location>) -> PyResult<()> {
        self.op.set_location(&loc.get().loc).py()
    }

    /// Whether the operation's name is registered.
    #[getter]
    fn is_registered(&self) -> PyResult<bool> {
        self.op.is_registered().py()
    }

    /// The (discardable) attributes, a mutable mapping.
    #[getter]
    fn attributes(slf: Py<Operation>) -> PyResult<OpAttributeMap> {
        ensure_live(slf.get().op.is_live(), "operation")?;
        Ok(OpAttributeMap { op: slf })
    }

    /// The operands, a mutable sequence of values.
    #[getter]
    fn operands(slf: Py<Operation>) -> PyResult<OpOperandList> {
        ensure_live(slf.get().op.is_live(), "operation")?;
        Ok(OpOperandList { op: slf })
    }

    /// The results.
    #[getter]
    fn results(slf: Py<Operation>) -> PyResult<OpResultList> {
        ensure_live(slf.get().op.is_live(), "operation")?;
        Ok(OpResultList { op: slf })
    }

    /// The only result (ValueError unless there is exactly one).
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let n = self.num_results()?;
        if n != 1 {
            return Err(PyValueError::new_err(format!(
                "Cannot call .result on operation {} which has {n} results (it is only valid for operations with a \
                 single result)",
                self.op.name().py()?
            )));
        }
        new_result(py, self.op.result(0).py()?, self.owner.get(py))
    }

    /// The regions.
    #[getter]
    fn regions(slf: Py<Operation>) -> PyResult<RegionSequence> {
        ensure_live(slf.get().op.is_live(), "operation")?;
        Ok(RegionSequence { op: slf })
    }

    /// The successor blocks; `successors[i] = block` replaces one.
    #[getter]
    fn successors(slf: Py<Operation>) -> PyResult<OpSuccessors> {
        ensure_live(slf.get().op.is_live(), "operation")?;
        Ok(OpSuccessors { op: slf })
    }

    /// The operation whose region holds this one (None at the top).
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let owner = self.owner.get(py);
        self.op.parent_op().py()?.map(|p| op_or_view(py, p, owner)).transpose()
    }

    /// The block holding the operation (None when detached).
    #[getter]
    fn block(&self, py: Python<'_>) -> PyResult<Option<Py<Block>>> {
        let owner = self.owner.get(py);
        self.op.parent_block().py()?.map(|b| Py::new(py, Block { b, owner })).transpose()
    }

    /// The operand indices `(start, end)` of operand group `group` of a registered op, as its
    /// definition lays them out (MLIR's `getODSOperandIndexAndLength`): what the generated
    /// dialect classes' group accessors read.
    fn operand_group_range(&self, group: usize) -> PyResult<(usize, usize)> {
        let r = self.op.operand_group(group).py()?;
        Ok((r.start, r.end))
    }

    /// The result indices `(start, end)` of result group `group` (see `operand_group_range`).
    fn result_group_range(&self, group: usize) -> PyResult<(usize, usize)> {
        let r = self.op.result_group(group).py()?;
        Ok((r.start, r.end))
    }

    /// Verifies the operation and everything nested in it: True, or `MLIRError` with the
    /// diagnostics.
    fn verify(&self, py: Python<'_>) -> PyResult<bool> {
        let ctx = self.op.context();
        ctx.with_diagnostics(|| self.op.verify()).map_err(|e| diag_err(py, e, "Verification failed"))?;
        Ok(true)
    }

    /// Calls `callback(op)` for this operation and every operation nested in it, in
    /// `walk_order`; the callback returns a `WalkResult` (None means ADVANCE). The callback may
    /// change the IR as MLIR's walk allows: erase or move the operation it is given (in
    /// pre-order its regions are then not visited), change what comes before it, insert after
    /// it (not visited). Erasing the operation the walk was to visit next stops the walk with
    /// `StaleHandleError`. With `op_class` (an `OpView` subclass) the callback sees only the
    /// operations of its `OPERATION_NAME`.
    #[pyo3(signature = (callback, walk_order = WalkOrder::POST_ORDER, op_class = None))]
    fn walk(
        &self,
        py: Python<'_>,
        callback: &Bound<'_, PyAny>,
        walk_order: WalkOrder,
        op_class: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<WalkResult> {
        let only: Option<String> = match op_class {
            None => None,
            Some(cls) => {
                Some(cls.getattr(intern!(py, "OPERATION_NAME")).and_then(|n| n.extract()).map_err(|_| {
                    PyTypeError::new_err("op_class: expected an OpView subclass with an OPERATION_NAME")
                })?)
            }
        };
        crate::walk::walk(py, &self.op, self.owner.get(py), callback, walk_order, only.as_deref())
    }

    /// The operation as text, with MLIR's print flags (the custom form of ops that have one,
    /// as upstream; `print_generic_op_form=True` for the generic form); bytes if `binary`.
    #[pyo3(signature = (binary = false, large_elements_limit = None, enable_debug_info = false, pretty_debug_info = false, print_generic_op_form = false, use_local_scope = false, assume_verified = false, skip_regions = false))]
    #[allow(clippy::too_many_arguments)]
    fn get_asm(
        &self,
        py: Python<'_>,
        binary: bool,
        large_elements_limit: Option<u64>,
        enable_debug_info: bool,
        pretty_debug_info: bool,
        print_generic_op_form: bool,
        use_local_scope: bool,
        assume_verified: bool,
        skip_regions: bool,
    ) -> PyResult<Py<PyAny>> {
        // Regions are always printed: omnir has no `skip_regions` flag yet.
        let _ = skip_regions;
        let flags = print_flags(
            print_generic_op_form,
            large_elements_limit,
            enable_debug_info,
            pretty_debug_info,
            use_local_scope,
            assume_verified,
        );
        let text = crate::definitions::checked_print(|| self.op.print(&flags))?;
        Ok(if binary {
            PyBytes::new(py, text.as_bytes()).into_any().unbind()
        } else {
            PyString::new(py, &text).into_any().unbind()
        })
    }

    /// Prints the operation to `file` (default: sys.stdout), with MLIR's print flags.
    #[pyo3(signature = (file = None, binary = false, large_elements_limit = None, enable_debug_info = false, pretty_debug_info = false, print_generic_op_form = false, use_local_scope = false, assume_verified = false, skip_regions = false))]
    #[allow(clippy::too_many_arguments)]
    fn print(
        &self,
        py: Python<'_>,
        file: Option<&Bound<'_, PyAny>>,
        binary: bool,
        large_elements_limit: Option<u64>,
        enable_debug_info: bool,
        pretty_debug_info: bool,
        print_generic_op_form: bool,
        use_local_scope: bool,
        assume_verified: bool,
        skip_regions: bool,
    ) -> PyResult<()> {
        let text = self.get_asm(
            py,
            binary,
            large_elements_limit,
            enable_debug_info,
            pretty_debug_info,
            print_generic_op_form,
            use_local_scope,
            assume_verified,
            skip_regions,
        )?;
        let file = match file {
            Some(f) if !f.is_none() => f.clone(),
            _ => py.import("sys")?.getattr("stdout")?,
        };
        if !file.hasattr("write")? {
            return Err(PyTypeError::new_err(format!(
                "file: expected a file object with write(), got {}",
                crate::util::type_name(&file)
            )));
        }
        file.call_method1("write", (text,))?;
        Ok(())
    }

    /// A deep copy, inserted at `ip`, or (as in MLIR) at the current insertion point when
    /// `ip` is None; detached (owned by the returned object) without one or with `ip=False`.
    #[pyo3(signature = (ip = None))]
    fn clone(&self, py: Python<'_>, ip: Option<&Bound<'_, PyAny>>) -> PyResult<Py<Operation>> {
        let ip: Option<Bound<'_, InsertionPoint>> = match ip {
            None => context::current_ip_object(py).map(|ip| ip.into_bound(py)),
            Some(x) if x.is_instance_of::<pyo3::types::PyBool>() && !x.is_truthy()? => None,
            Some(x) => Some(crate::util::cast_arg::<InsertionPoint>(x, "ip")?.clone()),
        };
        let copy = self.op.clone_op().py()?;
        match ip {
            Some(ip) => {
                let ip = ip.get();
                ip.point().insert(&copy).py()?;
                new_op(py, copy.release(), ip.owner.clone())
            }
            None => {
                let op = copy.release();
                let owner = op.context().adopt(&op).py()?;
                new_op(py, op, Some(owner))
            }
        }
    }

    /// Erases the operation and everything nested in it (its results must be unused).
    /// Every wrapper of the erased IR is stale afterwards.
    fn erase(&self) -> PyResult<()> {
        self.op.erase().py()
    }

    /// Takes the operation out of its block; it is then owned by its wrappers.
    fn detach_from_parent(slf: &Bound<'_, Self>) -> PyResult<Py<Operation>> {
        let py = slf.py();
        let this = slf.get();
        let ctx = this.op.context();
        // The tree it leaves keeps it alive too: wrappers of IR nested in it may hold that
        // tree's owner (the client's `track_move`).
        let (_, owner) = ctx.track_move(&this.op, || this.op.detach().map(|guard| guard.release())).py()?;
        let owner = match owner {
            Some(o) => o,
            None => ctx.adopt(&this.op).py()?,
        };
        this.owner.set(py, Some(owner));
        Ok(slf.clone().unbind())
    }

    /// Moves the operation (from wherever it is) right before `other`.
    fn move_before(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = other.py();
        let other = as_op(other)?;
        let point = omnir::InsertionPoint::Before(other.get().op.clone());
        let (_, owner) = self.op.context().track_move(&self.op, || self.op.move_to(&point)).py()?;
        self.owner.set(py, owner.or_else(|| other.get().owner.get(py)));
        Ok(())
    }

    /// Moves the operation (from wherever it is) right after `other`.
    fn move_after(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = other.py();
        let other = as_op(other)?;
        let point = omnir::InsertionPoint::After(other.get().op.clone());
        let (_, owner) = self.op.context().track_move(&self.op, || self.op.move_to(&point)).py()?;
        self.owner.set(py, owner.or_else(|| other.get().owner.get(py)));
        Ok(())
    }

    /// Whether this operation is `other` or an ancestor of it.
    fn is_ancestor_of(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.op.is_ancestor_of(&as_op(other)?.get().op).py()
    }

    /// Whether the operation comes before `other`, an operation of the same block.
    fn is_before_in_block(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.op.is_before_in_block(&as_op(other)?.get().op).py()
    }

    /// Makes the operands that are `of` use `with_` instead (this operation only).
    fn replace_uses_of_with(&self, of: &Bound<'_, PyAny>, with_: &Bound<'_, PyAny>) -> PyResult<()> {
        let (of, with_) = (value_of(of)?, value_of(with_)?);
        for (i, v) in self.op.operands().py()?.iter().enumerate() {
            if *v == of {
                self.op.set_operand(i, &with_).py()?;
            }
        }
        Ok(())
    }

    /// Whether the operation is in a block.
    #[getter]
    fn attached(&self) -> PyResult<bool> {
        Ok(self.op.parent_block().py()?.is_some())
    }

    /// Replaces every use of the results by `values` (one per result).
    fn replace_all_uses_with(&self, values: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let vs: Vec<omnir::Value> = values.iter().map(value_of).collect::<PyResult<_>>()?;
        self.op.replace_all_uses_with(&vs).py()
    }

    /// Calls `method` of `interface` (a TypeID or name) implemented for this operation with
    /// methods (in any language): arguments are attributes (or Python values converted to
    /// them); returns an attribute or None. A failing method raises `MLIRError`.
    #[pyo3(signature = (interface, method, *args))]
    fn call_interface_method(
        &self,
        py: Python<'_>,
        interface: &Bound<'_, PyAny>,
        method: &str,
        args: &Bound<'_, pyo3::types::PyTuple>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let iface = crate::dialects::interface_id(interface)?;
        let ctx = self.op.context().clone();
        let a: Vec<omnir::Attribute> =
            args.iter().map(|x| crate::dialects::to_attr(&ctx, &x)).collect::<PyResult<_>>()?;
        let r = ctx
            .with_diagnostics(|| self.op.call_interface_method(iface, method, &a))
            .map_err(|e| crate::errors::diag_err(py, e, &format!("Interface method {method} failed")))?;
        r.map(|v| crate::attributes::wrap_attr(py, v)).transpose()
    }

    /// Whether the operation implements the interface (a TypeID or its qualified name).
    fn implements(&self, interface: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.op.implements(crate::dialects::interface_id(interface)?).py()
    }

    fn __str__(&self) -> PyResult<String> {
        crate::definitions::checked_print(|| self.op.print(&PrintFlags::default()))
    }

    fn __repr__(&self) -> String {
        match self.op.name() {
            Ok(n) => format!("<omnir.Operation {n}>"),
            Err(_) => "<omnir.Operation (erased)>".to_string(),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match as_op(other) {
            Ok(o) => o.get().op == self.op,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        op_hash(&self.op)
    }
}

// ---------------------------------------------------------------------------------------
// list views of an operation

/// `op.attributes`: a mutable mapping of name to attribute, as MLIR's `Operation::getAttrs`:
/// the discardable attributes and, for a registered op, its inherent attributes (the entries
/// of its properties), sorted by name. Setting or deleting a name the properties hold
/// changes the properties (MLIR's `setAttr` / `removeAttr`); any other name is discardable.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OpAttributeMap {
    op: Py<Operation>,
}

/// The entries of `op`'s properties when they are a dictionary.
fn property_entries(op: &omnir::Operation) -> PyResult<Option<Vec<(String, omnir::Attribute)>>> {
    match op.properties().py()? {
        Some(p) => Ok(p.dictionary_entries().ok()),
        None => Ok(None),
    }
}

/// What MLIR's `Operation::getAttrDictionary` holds: the discardable attributes plus, for a
/// registered op, the inherent ones (an unregistered op's properties are not attributes).
fn all_attributes(op: &omnir::Operation) -> PyResult<Vec<(String, omnir::Attribute)>> {
    let mut attrs = op.attributes().py()?;
    if op.is_registered().py()? {
        if let Some(inherent) = property_entries(op)? {
            attrs.retain(|(n, _)| !inherent.iter().any(|(m, _)| m == n));
            attrs.extend(inherent);
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
        }
    }
    Ok(attrs)
}

/// The attribute `name` as MLIR's `Operation::getAttr` finds it: inherent first, then
/// discardable.
fn lookup_attribute(op: &omnir::Operation, name: &str) -> PyResult<Option<omnir::Attribute>> {
    match op.inherent_attribute(name).py()? {
        Some(a) => Ok(Some(a)),
        None => op.attribute(name).py(),
    }
}

/// Replaces (`Some`) or removes (`None`) entry `name` of the properties when they hold it;
/// whether they did.
fn update_property(op: &omnir::Operation, name: &str, value: Option<&omnir::Attribute>) -> PyResult<bool> {
    let Some(entries) = property_entries(op)? else { return Ok(false) };
    if !entries.iter().any(|(n, _)| n == name) {
        return Ok(false);
    }
    let kept: Vec<(&str, omnir::Attribute)> = entries
        .iter()
        .filter_map(
            |(n, a)| {
                if n != name {
                    Some((n.as_str(), a.clone()))
                } else {
                    value.map(|v| (n.as_str(), v.clone()))
                }
            },
        )
        .collect();
    let dict = op.context().dictionary_attr(&kept).py()?;
    op.set_properties(&dict).py()?;
    Ok(true)
}

#[pymethods]
impl OpAttributeMap {
    fn __len__(&self) -> PyResult<usize> {
        Ok(all_attributes(&self.op.get().op)?.len())
    }

    /// `attrs["name"]` gives the attribute; `attrs[i]` the i-th `NamedAttribute`.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let op = &self.op.get().op;
        if let Some(name) = key_name(key)? {
            let a = lookup_attribute(op, &name)?.ok_or_else(|| PyKeyError::new_err(name))?;
            return wrap_attr(py, a);
        }
        let attrs = all_attributes(op)?;
        let i = index_arg(key, attrs.len(), "index")?;
        let (name, attr) = attrs[i].clone();
        Ok(Py::new(py, NamedAttribute { name, attr })?.into_any())
    }

    fn __setitem__(&self, name: &str, value: &Bound<'_, Attribute>) -> PyResult<()> {
        let op = &self.op.get().op;
        if update_property(op, name, Some(&value.get().attr))? {
            return Ok(());
        }
        op.set_attribute(name, &value.get().attr).py()
    }

    fn __delitem__(&self, name: &str) -> PyResult<()> {
        let op = &self.op.get().op;
        if !update_property(op, name, None)? && !op.remove_attribute(name).py()? {
            return Err(PyKeyError::new_err(name.to_string()));
        }
        Ok(())
    }

    fn __contains__(&self, name: &str) -> PyResult<bool> {
        Ok(lookup_attribute(&self.op.get().op, name)?.is_some())
    }

    /// Iterates over the attribute names, as a dict does (and MLIR's map; `attrs[i]` still
    /// gives the i-th `NamedAttribute`).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.keys()?)?.try_iter()?.into_any())
    }

    /// The attribute names.
    fn keys(&self) -> PyResult<Vec<String>> {
        Ok(all_attributes(&self.op.get().op)?.into_iter().map(|(n, _)| n).collect())
    }

    /// The attributes.
    fn values(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        all_attributes(&self.op.get().op)?.into_iter().map(|(_, a)| wrap_attr(py, a)).collect()
    }

    /// `(name, attribute)` pairs.
    fn items(&self, py: Python<'_>) -> PyResult<Vec<(String, Py<PyAny>)>> {
        all_attributes(&self.op.get().op)?.into_iter().map(|(n, a)| Ok((n, wrap_attr(py, a)?))).collect()
    }

    /// The attribute `name`, or `default`.
    #[pyo3(signature = (name, default = None))]
    fn get(&self, py: Python<'_>, name: &str, default: Option<Py<PyAny>>) -> PyResult<Option<Py<PyAny>>> {
        match lookup_attribute(&self.op.get().op, name)? {
            Some(a) => Ok(Some(wrap_attr(py, a)?)),
            None => Ok(default),
        }
    }
}

/// `op.operands`: a sequence of values; `operands[i] = value` replaces one.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OpOperandList {
    op: Py<Operation>,
}

#[pymethods]
impl OpOperandList {
    fn __len__(&self) -> PyResult<usize> {
        self.op.get().op.num_operands().py()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let o = self.op.get();
        let owner = o.owner.get(py);
        if index.is_instance_of::<PySlice>() {
            let all = o.op.operands().py()?;
            if let Some(l) = slice_of(py, index, all.len(), |i| new_value(py, all[i].clone(), owner.clone()))? {
                return Ok(l);
            }
        }
        let n = o.op.num_operands().py()?;
        let i = index_arg(index, n, "index")?;
        new_value(py, o.op.operand(i).py()?, owner)
    }

    fn __setitem__(&self, index: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let op = &self.op.get().op;
        let i = index_arg(index, op.num_operands().py()?, "index")?;
        op.set_operand(i, &value_of(value)?).py()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = self.op.get();
        let owner = o.owner.get(py);
        let items: Vec<Py<PyAny>> =
            o.op.operands().py()?.into_iter().map(|v| new_value(py, v, owner.clone())).collect::<PyResult<_>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
    }

    /// The operand types.
    #[getter]
    fn types(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let ts: Vec<omnir::Type> =
            self.op.get().op.operands().py()?.iter().map(|v| v.ty()).collect::<omnir::Result<_>>().py()?;
        wrap_types(py, ts)
    }
}

/// `op.successors`: a sequence of blocks; `successors[i] = block` replaces one (MLIR's
/// `OpSuccessors`).
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OpSuccessors {
    op: Py<Operation>,
}

impl OpSuccessors {
    fn blocks(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let o = self.op.get();
        let owner = o.owner.get(py);
        o.op.successors()
            .py()?
            .into_iter()
            .map(|b| Ok(Py::new(py, Block { b, owner: owner.clone() })?.into_any()))
            .collect()
    }
}

#[pymethods]
impl OpSuccessors {
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.op.get().op.successors().py()?.len())
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let all = self.blocks(py)?;
        if let Some(l) = slice_of(py, index, all.len(), |i| Ok(all[i].clone_ref(py)))? {
            return Ok(l);
        }
        Ok(all[index_arg(index, all.len(), "index")?].clone_ref(py))
    }

    fn __setitem__(&self, index: &Bound<'_, PyAny>, block: &Bound<'_, Block>) -> PyResult<()> {
        let op = &self.op.get().op;
        let i = index_arg(index, op.successors().py()?.len(), "index")?;
        op.set_successor(i, &block.get().b).py()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.blocks(py)?)?.try_iter()?.into_any())
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        // Code written when `successors` was a list compares it with lists.
        let mine = PyList::new(py, self.blocks(py)?)?;
        match other.cast::<OpSuccessors>() {
            Ok(o) => mine.eq(PyList::new(py, o.get().blocks(py)?)?),
            Err(_) => mine.eq(other),
        }
    }
}

/// MLIR's `AsmState`: how to number values when naming them (`value.get_name(state)`,
/// `op.print(state)`). omnir numbers values on demand, so the state only records the scope.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct AsmState {
    #[pyo3(get)]
    use_local_scope: bool,
}

#[pymethods]
impl AsmState {
    /// A state for the IR of `value_or_op` (an operation, or a value of the IR).
    #[new]
    #[pyo3(signature = (value_or_op, use_local_scope = false))]
    fn py_new(value_or_op: &Bound<'_, PyAny>, use_local_scope: bool) -> PyResult<AsmState> {
        if value_or_op.cast::<Value>().is_err() {
            as_op(value_or_op)?;
        }
        Ok(AsmState { use_local_scope })
    }
}

/// `op.results`: a sequence of `OpResult`s.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OpResultList {
    op: Py<Operation>,
}

#[pymethods]
impl OpResultList {
    fn __len__(&self) -> PyResult<usize> {
        self.op.get().op.num_results().py()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let o = self.op.get();
        let n = o.op.num_results().py()?;
        let owner = o.owner.get(py);
        if let Some(l) = slice_of(py, index, n, |i| new_result(py, o.op.result(i).py()?, owner.clone()))? {
            return Ok(l);
        }
        let i = index_arg(index, n, "index")?;
        new_result(py, o.op.result(i).py()?, owner)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = self.op.get();
        let owner = o.owner.get(py);
        let items: Vec<Py<PyAny>> =
            o.op.results().py()?.into_iter().map(|v| new_result(py, v, owner.clone())).collect::<PyResult<_>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
    }

    /// The result types.
    #[getter]
    fn types(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let ts: Vec<omnir::Type> =
            self.op.get().op.results().py()?.iter().map(|v| v.ty()).collect::<omnir::Result<_>>().py()?;
        wrap_types(py, ts)
    }
}

/// `op.regions`: a sequence of `Region`s.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct RegionSequence {
    op: Py<Operation>,
}

#[pymethods]
impl RegionSequence {
    fn __len__(&self) -> PyResult<usize> {
        self.op.get().op.num_regions().py()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let o = self.op.get();
        let n = o.op.num_regions().py()?;
        let owner = o.owner.get(py);
        let region = |i: usize| -> PyResult<Py<PyAny>> {
            Ok(Py::new(py, Region { r: o.op.region(i).py()?, owner: owner.clone() })?.into_any())
        };
        if let Some(l) = slice_of(py, index, n, &region)? {
            return Ok(l);
        }
        region(index_arg(index, n, "index")?)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = self.op.get();
        let owner = o.owner.get(py);
        let items: Vec<Py<Region>> =
            o.op.regions()
                .py()?
                .into_iter()
                .map(|r| Py::new(py, Region { r, owner: owner.clone() }))
                .collect::<PyResult<_>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
    }
}

// ---------------------------------------------------------------------------------------
// Region and Block

/// A region of an operation: a list of blocks.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Region {
    pub r: omnir::Region,
    pub owner: Option<TreeOwner>,
}

#[pymethods]
impl Region {
    /// The blocks (`region.blocks.append(*arg_types)` adds one).
    #[getter]
    fn blocks(slf: Py<Region>) -> PyResult<BlockList> {
        ensure_live(slf.get().r.is_live(), "region")?;
        Ok(BlockList { region: slf })
    }

    /// The operation holding the region.
    #[getter]
    fn owner(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        op_or_view(py, self.r.parent_op().py()?, self.owner.clone())
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.r.context())
    }

    #[getter]
    fn is_valid(&self) -> bool {
        self.r.is_live()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let items: Vec<Py<Block>> = self
            .r
            .blocks()
            .py()?
            .into_iter()
            .map(|b| Py::new(py, Block { b, owner: self.owner.clone() }))
            .collect::<PyResult<_>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Region>().map(|o| o.get().r == self.r).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let r = self.r.raw();
        crate::util::hash3(r.context, r.index, r.generation)
    }
}

/// `region.blocks`: a sequence of blocks with `append`.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct BlockList {
    region: Py<Region>,
}

fn block_args(
    py: Python<'_>,
    ctx: &omnir::Context,
    arg_types: &Bound<'_, PyTuple>,
    arg_locs: Option<Vec<Bound<'_, Location>>>,
) -> PyResult<Vec<(omnir::Type, omnir::Location)>> {
    let _ = py;
    let mut types = Vec::new();
    for t in arg_types.iter() {
        // Accept `append(i32, f32)` and `append([i32, f32])`.
        if let Ok(list) = t.cast::<PyList>() {
            for x in list.iter() {
                types.push(x.cast::<Type>().map_err(|_| type_error("Type", &x))?.get().t.clone());
            }
        } else {
            types.push(t.cast::<Type>().map_err(|_| type_error("Type", &t))?.get().t.clone());
        }
    }
    let default_loc = context::current_location_opt().unwrap_or_else(|| ctx.unknown_loc());
    let locs: Vec<omnir::Location> = match arg_locs {
        Some(l) => {
            if l.len() != types.len() {
                return Err(PyValueError::new_err("arg_locs must have one location per argument type"));
            }
            l.iter().map(|x| x.get().loc.clone()).collect()
        }
        None => vec![default_loc; types.len()],
    };
    Ok(types.into_iter().zip(locs).collect())
}

#[pymethods]
impl BlockList {
    fn __len__(&self) -> PyResult<usize> {
        self.region.get().r.num_blocks().py()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<Block>> {
        let r = self.region.get();
        let i = index_arg(index, r.r.num_blocks().py()?, "index")?;
        Py::new(py, Block { b: r.r.block(i).py()?, owner: r.owner.clone() })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Region::__iter__(self.region.get(), py)
    }

    /// Appends a new block with arguments of the given types (locations: `arg_locs`, else
    /// the current location, else unknown).
    #[pyo3(signature = (*arg_types, arg_locs = None))]
    fn append(
        &self,
        py: Python<'_>,
        arg_types: &Bound<'_, PyTuple>,
        arg_locs: Option<Vec<Bound<'_, Location>>>,
    ) -> PyResult<Py<Block>> {
        let r = self.region.get();
        let ctx = r.r.context();
        let args = block_args(py, ctx, arg_types, arg_locs)?;
        let owned = omnir::Block::create(ctx, &args).py()?;
        r.r.append_block(&owned).py()?;
        Py::new(py, Block { b: owned.release(), owner: r.owner.clone() })
    }
}

/// A block: arguments and a list of operations.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Block {
    pub b: omnir::Block,
    pub owner: Option<TreeOwner>,
}

#[pymethods]
impl Block {
    /// A new block at the start of `parent` (a Region).
    #[staticmethod]
    #[pyo3(signature = (parent, arg_types = None, arg_locs = None))]
    fn create_at_start(
        py: Python<'_>,
        parent: &Bound<'_, Region>,
        arg_types: Option<Vec<Bound<'_, Type>>>,
        arg_locs: Option<Vec<Bound<'_, Location>>>,
    ) -> PyResult<Py<Block>> {
        let r = parent.get();
        let types = PyTuple::new(py, arg_types.unwrap_or_default())?;
        let args = block_args(py, r.r.context(), &types, arg_locs)?;
        let owned = omnir::Block::create(r.r.context(), &args).py()?;
        match r.r.first_block().py()? {
            Some(first) => r.r.insert_block_before(&first, &owned).py()?,
            None => r.r.append_block(&owned).py()?,
        }
        Py::new(py, Block { b: owned.release(), owner: r.owner.clone() })
    }

    /// A new block right before this one, with arguments of the given types.
    #[pyo3(signature = (*arg_types, arg_locs = None))]
    fn create_before(
        &self,
        py: Python<'_>,
        arg_types: &Bound<'_, PyTuple>,
        arg_locs: Option<Vec<Bound<'_, Location>>>,
    ) -> PyResult<Py<Block>> {
        let region =
            self.b.parent_region().py()?.ok_or_else(|| PyValueError::new_err("the block is not in a region"))?;
        let args = block_args(py, self.b.context(), arg_types, arg_locs)?;
        let owned = omnir::Block::create(self.b.context(), &args).py()?;
        region.insert_block_before(&self.b, &owned).py()?;
        Py::new(py, Block { b: owned.release(), owner: self.owner.clone() })
    }

    /// A new block right after this one, with arguments of the given types.
    #[pyo3(signature = (*arg_types, arg_locs = None))]
    fn create_after(
        &self,
        py: Python<'_>,
        arg_types: &Bound<'_, PyTuple>,
        arg_locs: Option<Vec<Bound<'_, Location>>>,
    ) -> PyResult<Py<Block>> {
        let region =
            self.b.parent_region().py()?.ok_or_else(|| PyValueError::new_err("the block is not in a region"))?;
        let args = block_args(py, self.b.context(), arg_types, arg_locs)?;
        let owned = omnir::Block::create(self.b.context(), &args).py()?;
        region.insert_block_after(&self.b, &owned).py()?;
        Py::new(py, Block { b: owned.release(), owner: self.owner.clone() })
    }

    /// The arguments.
    #[getter]
    fn arguments(slf: Py<Block>) -> PyResult<BlockArgumentList> {
        ensure_live(slf.get().b.is_live(), "block")?;
        Ok(BlockArgumentList { block: slf })
    }

    /// The operations.
    #[getter]
    fn operations(slf: Py<Block>) -> PyResult<OperationList> {
        ensure_live(slf.get().b.is_live(), "block")?;
        Ok(OperationList { block: slf })
    }

    /// The operation whose region holds the block.
    #[getter]
    fn owner(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.b.parent_op().py()?.map(|o| op_or_view(py, o, self.owner.clone())).transpose()
    }

    /// The region holding the block.
    #[getter]
    fn region(&self, py: Python<'_>) -> PyResult<Option<Py<Region>>> {
        self.b.parent_region().py()?.map(|r| Py::new(py, Region { r, owner: self.owner.clone() })).transpose()
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.b.context())
    }

    #[getter]
    fn is_valid(&self) -> bool {
        self.b.is_live()
    }

    /// The successors of the block's terminator.
    #[getter]
    fn successors(&self, py: Python<'_>) -> PyResult<Vec<Py<Block>>> {
        self.b.successors().py()?.into_iter().map(|b| Py::new(py, Block { b, owner: self.owner.clone() })).collect()
    }

    /// The blocks whose terminators branch here.
    #[getter]
    fn predecessors(&self, py: Python<'_>) -> PyResult<Vec<Py<Block>>> {
        let mut out = Vec::new();
        for u in self.b.predecessors().py()? {
            if let Some(b) = u.op.parent_block().py()? {
                out.push(Py::new(py, Block { b, owner: self.owner.clone() })?);
            }
        }
        Ok(out)
    }

    /// Appends an argument of `type` at `loc` (default: current location, else unknown).
    #[pyo3(signature = (r#type, loc = None))]
    fn add_argument(
        &self,
        py: Python<'_>,
        r#type: &Bound<'_, PyAny>,
        loc: Option<&Bound<'_, Location>>,
    ) -> PyResult<Py<PyAny>> {
        let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
        let loc = match loc {
            Some(l) => l.get().loc.clone(),
            None => context::current_location_opt().unwrap_or_else(|| self.b.context().unknown_loc()),
        };
        let v = self.b.add_argument(&r#type.get().t, &loc).py()?;
        new_value(py, v, self.owner.clone())
    }

    /// Removes argument `index`, which must be unused.
    fn erase_argument(&self, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = crate::util::index_arg(index, self.b.num_arguments().py()?, "index")?;
        self.b.erase_argument(index).py()
    }

    /// Appends `operation` (detached, or moved from where it is) at the end of the block.
    fn append(&self, operation: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = operation.py();
        let o = as_op(operation)?;
        let o = o.get();
        let point = omnir::InsertionPoint::BlockEnd(self.b.clone());
        let (_, owner) =
            o.op.context()
                .track_move(&o.op, || if o.op.is_detached()? { point.insert(&o.op) } else { o.op.move_to(&point) })
                .py()?;
        o.owner.set(py, owner.or_else(|| self.owner.clone()));
        Ok(())
    }

    /// Erases the block and everything in it.
    fn erase(&self) -> PyResult<()> {
        self.b.erase().py()
    }

    /// Moves the block to the end of `region` (from wherever it is).
    fn append_to(&self, region: &Bound<'_, Region>) -> PyResult<()> {
        let target = &region.get().r;
        let from = self.b.parent_region().py()?;
        let next = self.b.next().py()?;
        // The tree it leaves keeps the tree it goes to alive (wrappers into the block may
        // hold the owner of the tree it leaves): the client's `track_block_move`.
        let ctx = self.b.context();
        let moved = ctx.track_block_move(&self.b, || {
            let detached = if from.is_some() { Some(self.b.detach()?) } else { None };
            let moved = target.append_block(&self.b);
            if moved.is_err() {
                // Refused (e.g. a region inside the block itself): the block goes back where
                // it was rather than being erased with the guard.
                if let Some(from) = &from {
                    match &next {
                        Some(n) => from.insert_block_before(n, &self.b)?,
                        None => from.append_block(&self.b)?,
                    }
                }
            }
            if let Some(d) = detached {
                d.release();
            }
            moved
        });
        moved.map(|_| ()).py()
    }

    fn __iter__<'py>(slf: Py<Block>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ensure_live(slf.get().b.is_live(), "block")?;
        OperationList { block: slf }.__iter__(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Block>().map(|o| o.get().b == self.b).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let r = self.b.raw();
        crate::util::hash3(r.context, r.index, r.generation)
    }

    /// The block as MLIR prints it: its label and arguments, then its operations.
    fn __str__(&self) -> PyResult<String> {
        crate::definitions::checked_print(|| self.b.print(&PrintFlags::default()))
    }

    fn __repr__(&self) -> String {
        let r = self.b.raw();
        if self.b.is_live() {
            format!("<omnir.Block #{}.{}>", r.index, r.generation)
        } else {
            "<omnir.Block (erased)>".to_string()
        }
    }
}

/// `block.operations`: a sequence of operations (each as its registered OpView, if any).
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OperationList {
    block: Py<Block>,
}

#[pymethods]
impl OperationList {
    fn __len__(&self) -> PyResult<usize> {
        self.block.get().b.num_ops().py()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let b = self.block.get();
        let ops = b.b.operations().py()?;
        let i = index_arg(index, ops.len(), "index")?;
        op_or_view(py, ops[i].clone(), b.owner.clone())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let b = self.block.get();
        let items: Vec<Py<PyAny>> =
            b.b.operations().py()?.into_iter().map(|o| op_or_view(py, o, b.owner.clone())).collect::<PyResult<_>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
    }
}

/// `block.arguments`: a sequence of `BlockArgument`s.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct BlockArgumentList {
    block: Py<Block>,
}

#[pymethods]
impl BlockArgumentList {
    fn __len__(&self) -> PyResult<usize> {
        self.block.get().b.num_arguments().py()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let b = self.block.get();
        let n = b.b.num_arguments().py()?;
        if let Some(l) = slice_of(py, index, n, |i| new_value(py, b.b.argument(i).py()?, b.owner.clone()))? {
            return Ok(l);
        }
        let i = index_arg(index, n, "index")?;
        new_value(py, b.b.argument(i).py()?, b.owner.clone())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let b = self.block.get();
        let items: Vec<Py<PyAny>> =
            b.b.arguments().py()?.into_iter().map(|v| new_value(py, v, b.owner.clone())).collect::<PyResult<_>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
    }

    /// The argument types.
    #[getter]
    fn types(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let ts: Vec<omnir::Type> =
            self.block.get().b.arguments().py()?.iter().map(|v| v.ty()).collect::<omnir::Result<_>>().py()?;
        wrap_types(py, ts)
    }
}

// ---------------------------------------------------------------------------------------
// Values

/// An SSA value: an `OpResult` or a `BlockArgument`.
#[pyclass(module = "omnir._omnir", subclass, frozen)]
pub struct Value {
    pub v: omnir::Value,
    pub owner: Option<TreeOwner>,
}

/// A result of an operation.
#[pyclass(module = "omnir._omnir", extends = Value, frozen)]
pub struct OpResult;

/// An argument of a block.
#[pyclass(module = "omnir._omnir", extends = Value, frozen)]
pub struct BlockArgument;

/// A value as its most specific class.
pub fn new_value(py: Python<'_>, v: omnir::Value, owner: Option<TreeOwner>) -> PyResult<Py<PyAny>> {
    if v.is_block_argument().py()? {
        Ok(Py::new(py, PyClassInitializer::from(Value { v, owner }).add_subclass(BlockArgument))?.into_any())
    } else {
        new_result(py, v, owner)
    }
}

/// An `OpResult` (the caller knows the value is a result).
pub fn new_result(py: Python<'_>, v: omnir::Value, owner: Option<TreeOwner>) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, PyClassInitializer::from(Value { v, owner }).add_subclass(OpResult))?.into_any())
}

fn vref<'a, T: pyo3::PyClass>(obj: &'a Bound<'_, T>) -> &'a Value {
    // SAFETY: only called with OpResult / BlockArgument, which extend Value.
    unsafe { obj.as_any().cast_unchecked::<Value>().get() }
}

#[pymethods]
impl Value {
    /// `Value(v)`: a generic view of a value.
    #[new]
    fn py_new(cast_from: &Bound<'_, Value>) -> Value {
        let v = cast_from.get();
        Value { v: v.v.clone(), owner: v.owner.clone() }
    }

    #[getter]
    fn get_type(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap_type(py, self.v.ty().py()?)
    }

    #[setter]
    fn set_type(&self, r#type: &Bound<'_, PyAny>) -> PyResult<()> {
        let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
        self.v.set_type(&r#type.get().t).py()
    }

    /// `value.set_type(t)`: MLIR's spelling of `value.type = t`.
    #[pyo3(name = "set_type")]
    fn set_type_method(&self, r#type: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_type(r#type)
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.v.context())
    }

    #[getter]
    fn location(&self, py: Python<'_>) -> PyResult<Py<Location>> {
        wrap_loc(py, self.v.location().py()?)
    }

    #[getter]
    fn is_valid(&self) -> bool {
        self.v.is_live()
    }

    /// The value's name where it is used as an operand (upstream's `Value.get_name`):
    /// `%arg0`, `%3` or `%3#1`, numbered as when printing its top-level ancestor (with
    /// `use_local_scope`, its nearest isolated-from-above ancestor).
    /// `use_local_scope` may be an `AsmState` (MLIR's `get_name(state)`).
    #[pyo3(signature = (use_local_scope = None))]
    fn get_name(&self, use_local_scope: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let local = match use_local_scope {
            None => false,
            Some(x) => match x.cast::<AsmState>() {
                Ok(state) => state.get().use_local_scope,
                Err(_) => x.extract::<bool>()?,
            },
        };
        self.v.name(local).py()
    }

    /// The defining operation (for a result) or the owning block (for an argument).
    #[getter]
    fn owner(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(op) = self.v.defining_op().py()? {
            return op_or_view(py, op, self.owner.clone());
        }
        match self.v.owner_block().py()? {
            Some(b) => Ok(Py::new(py, Block { b, owner: self.owner.clone() })?.into_any()),
            None => Err(PyValueError::new_err("value without an owner")),
        }
    }

    /// The uses: `OpOperand`s (`.owner`, `.operand_number`).
    #[getter]
    fn uses(&self, py: Python<'_>) -> PyResult<Vec<Py<OpOperand>>> {
        self.v
            .uses()
            .py()?
            .into_iter()
            .map(|u| Py::new(py, OpOperand { op: u.op, index: u.index, owner: self.owner.clone() }))
            .collect()
    }

    /// Whether the value has no uses.
    #[getter]
    fn has_no_uses(&self) -> PyResult<bool> {
        Ok(self.v.num_uses().py()? == 0)
    }

    /// Replaces every use of this value with `value`.
    fn replace_all_uses_with(&self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.v.replace_all_uses_with(&value_of(value)?).py()
    }

    /// Replaces every use except those in `exceptions` (an operation or a list of them).
    fn replace_all_uses_except(&self, with_: &Bound<'_, PyAny>, exceptions: &Bound<'_, PyAny>) -> PyResult<()> {
        let with = value_of(with_)?;
        let excs: Vec<omnir::Operation> = match as_op(exceptions) {
            Ok(o) => vec![o.get().op.clone()],
            Err(_) => exceptions.try_iter()?.map(|x| Ok(as_op(&x?)?.get().op.clone())).collect::<PyResult<_>>()?,
        };
        match excs.as_slice() {
            [] => self.v.replace_all_uses_with(&with).py(),
            [one] => self.v.replace_all_uses_except(&with, one).py(),
            many => {
                // Replace use by use, skipping the exceptions.
                for u in self.v.uses().py()? {
                    if !many.contains(&u.op) {
                        u.op.set_operand(u.index, &with).py()?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Drops every use (the using operands become null).
    fn drop_all_uses(&self) -> PyResult<()> {
        self.v.drop_all_uses().py()
    }

    /// The same value as an `OpResult` or `BlockArgument`.
    fn maybe_downcast(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_value(py, self.v.clone(), self.owner.clone())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Value>().map(|o| o.get().v == self.v).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let r = self.v.raw();
        crate::util::hash3(r.context ^ r.number.rotate_left(16), r.owner, r.generation)
    }

    /// As MLIR's bindings: the class name around `Value::print` (an op result prints its
    /// defining operation, a block argument its type and index).
    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{}({})", name, crate::definitions::checked_print(|| slf.get().v.print(&PrintFlags::default()))?))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        Value::__str__(slf)
    }
}

#[pymethods]
impl OpResult {
    /// `OpResult(v)`: `v` seen as a result (ValueError if it is a block argument).
    #[new]
    fn py_new(cast_from: &Bound<'_, Value>) -> PyResult<PyClassInitializer<OpResult>> {
        let v = cast_from.get();
        if v.v.is_block_argument().py()? {
            return Err(PyValueError::new_err(format!(
                "Cannot cast value to OpResult (from {})",
                cast_from.str()?.to_string_lossy()
            )));
        }
        Ok(PyClassInitializer::from(Value { v: v.v.clone(), owner: v.owner.clone() }).add_subclass(OpResult))
    }

    /// The operation defining the result.
    #[getter]
    fn owner(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let v = vref(slf);
        let op = v.v.defining_op().py()?.ok_or_else(|| PyValueError::new_err("not an operation result"))?;
        op_or_view(slf.py(), op, v.owner.clone())
    }

    #[getter]
    fn result_number(slf: &Bound<'_, Self>) -> PyResult<u32> {
        vref(slf).v.number().py()
    }

    #[staticmethod]
    fn isinstance(other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Value>() {
            Ok(v) => Ok(!v.get().v.is_block_argument().py()?),
            Err(_) => Ok(false),
        }
    }
}

#[pymethods]
impl BlockArgument {
    /// `BlockArgument(v)`: `v` seen as a block argument (ValueError if it is a result).
    #[new]
    fn py_new(cast_from: &Bound<'_, Value>) -> PyResult<PyClassInitializer<BlockArgument>> {
        let v = cast_from.get();
        if !v.v.is_block_argument().py()? {
            return Err(PyValueError::new_err(format!(
                "Cannot cast value to BlockArgument (from {})",
                cast_from.str()?.to_string_lossy()
            )));
        }
        Ok(PyClassInitializer::from(Value { v: v.v.clone(), owner: v.owner.clone() }).add_subclass(BlockArgument))
    }

    /// The block owning the argument.
    #[getter]
    fn owner(slf: &Bound<'_, Self>) -> PyResult<Py<Block>> {
        let v = vref(slf);
        let b = v.v.owner_block().py()?.ok_or_else(|| PyValueError::new_err("not a block argument"))?;
        Py::new(slf.py(), Block { b, owner: v.owner.clone() })
    }

    #[getter]
    fn arg_number(slf: &Bound<'_, Self>) -> PyResult<u32> {
        vref(slf).v.number().py()
    }

    #[staticmethod]
    fn isinstance(other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Value>() {
            Ok(v) => v.get().v.is_block_argument().py(),
            Err(_) => Ok(false),
        }
    }
}

/// One use of a value: operand `operand_number` of `owner`.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct OpOperand {
    op: omnir::Operation,
    index: usize,
    owner: Option<TreeOwner>,
}

impl OpOperand {
    /// The client's use, whose accessors check it is still there.
    fn operand(&self) -> omnir::OpOperand {
        omnir::OpOperand { op: self.op.clone(), index: self.index }
    }
}

#[pymethods]
impl OpOperand {
    /// The operation using the value (`StaleHandleError` once it was erased).
    #[getter]
    fn owner(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let op = self.operand().owner().py()?;
        // The user may sit in another tree than the value (a value of a detached op used in a
        // module): its wrapper holds the user's tree.
        let owner = owner_now(&op).or_else(|| self.owner.clone());
        op_or_view(py, op, owner)
    }

    /// The operand's number in its owner (`StaleHandleError` once the owner was erased).
    #[getter]
    fn operand_number(&self) -> PyResult<usize> {
        self.operand().operand_number().py()
    }

    fn __repr__(&self) -> String {
        match self.operand().operand_number() {
            Ok(i) => format!("OpOperand(#{i} of {})", self.op.name().unwrap_or_else(|_| "(erased)".into())),
            Err(_) => "OpOperand(erased)".to_string(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// InsertionPoint

/// Where new operations go: the end of a block (`InsertionPoint(block)`), before an
/// operation (`InsertionPoint(op)`), `at_block_begin`, `at_block_terminator`, `after`. A
/// context manager: inside `with ip:` it is the current insertion point.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct InsertionPoint {
    pub point: omnir::InsertionPoint,
    pub block: omnir::Block,
    pub owner: Option<TreeOwner>,
}

impl InsertionPoint {
    pub fn point(&self) -> &omnir::InsertionPoint {
        &self.point
    }

    fn at_end(block: &Block) -> InsertionPoint {
        InsertionPoint {
            point: omnir::InsertionPoint::BlockEnd(block.b.clone()),
            block: block.b.clone(),
            owner: block.owner.clone().or_else(|| block.b.parent_op().ok().flatten().and_then(|o| owner_now(&o))),
        }
    }

    fn before(py: Python<'_>, op: &Operation) -> PyResult<InsertionPoint> {
        let block =
            op.op.parent_block().py()?.ok_or_else(|| PyValueError::new_err("the operation is not in a block"))?;
        Ok(InsertionPoint {
            point: omnir::InsertionPoint::Before(op.op.clone()),
            block,
            owner: op.owner.get(py).or_else(|| owner_now(&op.op)),
        })
    }
}

#[pymethods]
impl InsertionPoint {
    /// `InsertionPoint(block)`: the end of the block; `InsertionPoint(op)`: before `op`.
    #[new]
    fn py_new(block_or_op: &Bound<'_, PyAny>) -> PyResult<InsertionPoint> {
        if let Ok(b) = block_or_op.cast::<Block>() {
            return Ok(InsertionPoint::at_end(b.get()));
        }
        let op = as_op(block_or_op).map_err(|_| type_error("a Block or an Operation", block_or_op))?;
        InsertionPoint::before(block_or_op.py(), op.get())
    }

    /// Before the first operation of the block (its end when it is empty).
    #[staticmethod]
    fn at_block_begin(block: &Bound<'_, Block>) -> PyResult<InsertionPoint> {
        let b = block.get();
        match b.b.first_op().py()? {
            Some(first) => Ok(InsertionPoint {
                point: omnir::InsertionPoint::Before(first),
                block: b.b.clone(),
                owner: b.owner.clone(),
            }),
            None => Ok(InsertionPoint::at_end(b)),
        }
    }

    /// Before the block's terminator (its last operation).
    #[staticmethod]
    fn at_block_terminator(block: &Bound<'_, Block>) -> PyResult<InsertionPoint> {
        let b = block.get();
        let last = b.b.last_op().py()?.ok_or_else(|| PyValueError::new_err("Block has no terminator"))?;
        Ok(InsertionPoint { point: omnir::InsertionPoint::Before(last), block: b.b.clone(), owner: b.owner.clone() })
    }

    /// Right after `operation` (before its next operation, or at the end of its block).
    #[staticmethod]
    fn after(operation: &Bound<'_, PyAny>) -> PyResult<InsertionPoint> {
        let py = operation.py();
        let o = as_op(operation)?;
        let o = o.get();
        let block =
            o.op.parent_block().py()?.ok_or_else(|| PyValueError::new_err("the operation is not in a block"))?;
        let owner = o.owner.get(py).or_else(|| owner_now(&o.op));
        Ok(match o.op.next().py()? {
            Some(next) => InsertionPoint { point: omnir::InsertionPoint::Before(next), block, owner },
            None => InsertionPoint { point: omnir::InsertionPoint::BlockEnd(block.clone()), block, owner },
        })
    }

    /// Inserts the detached `operation` here.
    fn insert(&self, operation: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = operation.py();
        let o = as_op(operation)?;
        let o = o.get();
        let (_, owner) = o.op.context().track_move(&o.op, || self.point.insert(&o.op)).py()?;
        o.owner.set(py, owner.or_else(|| self.owner.clone()));
        Ok(())
    }

    /// The block of the insertion point.
    #[getter]
    fn block(&self, py: Python<'_>) -> PyResult<Py<Block>> {
        Py::new(py, Block { b: self.block.clone(), owner: self.owner.clone() })
    }

    /// The operation new operations go before (None at the end of the block).
    #[getter]
    fn ref_operation(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match &self.point {
            omnir::InsertionPoint::Before(o) => Ok(Some(op_or_view(py, o.clone(), self.owner.clone())?)),
            _ => Ok(None),
        }
    }

    fn __enter__(slf: Py<InsertionPoint>, py: Python<'_>) -> PyResult<Py<InsertionPoint>> {
        let ctx = context_object(py, slf.get().block.context())?;
        context::push_context(ctx);
        context::push_ip(slf.clone_ref(py));
        Ok(slf)
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(slf: Py<InsertionPoint>, py: Python<'_>, _args: &Bound<'_, PyTuple>) -> PyResult<bool> {
        context::pop_ip(&slf)?;
        let ctx = context_object(py, slf.get().block.context())?;
        context::pop_context(py, &ctx)?;
        Ok(false)
    }
}

// ---------------------------------------------------------------------------------------
// walk enums

/// The order of `Operation.walk`.
#[pyclass(module = "omnir._omnir", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum WalkOrder {
    PRE_ORDER,
    POST_ORDER,
}

/// What a walk callback wants next.
#[pyclass(module = "omnir._omnir", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum WalkResult {
    ADVANCE,
    INTERRUPT,
    SKIP,
}

impl WalkOrder {
    pub fn to_client(self) -> COrder {
        match self {
            WalkOrder::PRE_ORDER => COrder::PreOrder,
            WalkOrder::POST_ORDER => COrder::PostOrder,
        }
    }
}

/// The client walk result for what a callback returned (None: advance).
pub fn walk_result_of(py: Python<'_>, r: &Bound<'_, PyAny>) -> PyResult<CResult> {
    let [adv, int, skip] = walk_results(py)?;
    let p = r.as_ptr();
    if p == adv.as_ptr() || r.is_none() {
        return Ok(CResult::Advance);
    }
    if p == int.as_ptr() {
        return Ok(CResult::Interrupt);
    }
    if p == skip.as_ptr() {
        return Ok(CResult::Skip);
    }
    match r.cast::<WalkResult>() {
        Ok(w) => Ok(match *w.get() {
            WalkResult::ADVANCE => CResult::Advance,
            WalkResult::INTERRUPT => CResult::Interrupt,
            WalkResult::SKIP => CResult::Skip,
        }),
        Err(_) => Err(PyTypeError::new_err("a walk callback must return a WalkResult (or None)")),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Module>()?;
    m.add_class::<Operation>()?;
    m.add_class::<OpAttributeMap>()?;
    m.add_class::<OpOperandList>()?;
    m.add_class::<OpResultList>()?;
    m.add_class::<OpSuccessors>()?;
    m.add_class::<AsmState>()?;
    m.add_class::<RegionSequence>()?;
    m.add_class::<Region>()?;
    m.add_class::<BlockList>()?;
    m.add_class::<Block>()?;
    m.add_class::<OperationList>()?;
    m.add_class::<BlockArgumentList>()?;
    m.add_class::<Value>()?;
    m.add_class::<OpResult>()?;
    m.add_class::<BlockArgument>()?;
    m.add_class::<OpOperand>()?;
    m.add_class::<InsertionPoint>()?;
    m.add_class::<WalkOrder>()?;
    m.add_class::<WalkResult>()?;
    Ok(())
}
