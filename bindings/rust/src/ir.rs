//! IR: operations, blocks, regions and values, the operation builder, insertion points,
//! walks, printing, and the owners of detached IR.
//!
//! Every IR wrapper is a checked handle: after its IR is erased, every call on it returns
//! an [`Error`] with [`Status::StaleHandle`](crate::Status::StaleHandle), never undefined
//! behaviour.

use std::any::Any;
use std::borrow::Borrow;
use std::ffi::c_void;
use std::fmt;
use std::ops::Deref;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use omnir_sys as sys;

use crate::error::{check, out, Error, Result, Status};
use crate::handle::{buffer, handle, opt};
use crate::strings::{arg, string_out};
use crate::{Attribute, Context, Location, Type, TypeId};

handle!(
    /// An operation. `Display` prints it (generic form).
    Operation,
    sys::omnir_op
);
handle!(
    /// A block: arguments and a list of operations.
    Block,
    sys::omnir_block
);
handle!(
    /// A region of an operation: a list of blocks.
    Region,
    sys::omnir_region
);
handle!(
    /// An SSA value: an operation result or a block argument.
    Value,
    sys::omnir_value
);

impl fmt::Debug for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Block({}#{})", self.raw.index, self.raw.generation)
    }
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Region({}#{})", self.raw.index, self.raw.generation)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Value({}#{}:{})", self.raw.owner, self.raw.generation, self.raw.number)
    }
}

impl fmt::Debug for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Ok(n) => write!(f, "Operation({n})"),
            Err(e) => write!(f, "Operation(<{}>)", e.status.name()),
        }
    }
}

/// Where to put an operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InsertionPoint {
    /// At the start of the block.
    BlockStart(Block),
    /// At the end of the block.
    BlockEnd(Block),
    /// Right before the operation (which must be in a block).
    Before(Operation),
    /// Right after the operation (which must be in a block).
    After(Operation),
}

impl InsertionPoint {
    pub(crate) fn to_raw(&self) -> sys::omnir_insertion_point {
        let mut p = sys::omnir_insertion_point::default();
        match self {
            InsertionPoint::BlockStart(b) => {
                p.kind = sys::OMNIR_INSERT_BLOCK_START;
                p.block = b.raw;
            }
            InsertionPoint::BlockEnd(b) => {
                p.kind = sys::OMNIR_INSERT_BLOCK_END;
                p.block = b.raw;
            }
            InsertionPoint::Before(o) => {
                p.kind = sys::OMNIR_INSERT_BEFORE_OP;
                p.op = o.raw;
            }
            InsertionPoint::After(o) => {
                p.kind = sys::OMNIR_INSERT_AFTER_OP;
                p.op = o.raw;
            }
        }
        p
    }

    fn context(&self) -> &Context {
        match self {
            InsertionPoint::BlockStart(b) | InsertionPoint::BlockEnd(b) => &b.ctx,
            InsertionPoint::Before(o) | InsertionPoint::After(o) => &o.ctx,
        }
    }

    /// Inserts the detached operation `op` here. The IR then owns it: an
    /// [`OwnedOperation`] guard of it no longer erases it.
    pub fn insert(&self, op: &Operation) -> Result<()> {
        // SAFETY: live context (held by the point), plain handles.
        check(unsafe { sys::omnir_op_insert(self.context().as_raw(), op.raw, self.to_raw()) })
    }

    /// Builds an operation from `builder` and inserts it here, in one call into omnir; on
    /// error nothing is created.
    pub fn build(&self, builder: &OperationBuilder) -> Result<Operation> {
        builder.build_at(self)
    }
}

/// The order of [`Operation::walk`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WalkOrder {
    /// Each operation before the operations nested in it.
    PreOrder,
    /// Each operation after the operations nested in it.
    PostOrder,
}

/// What a walk callback wants next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WalkResult {
    /// Continue.
    Advance,
    /// Pre-order: do not visit this operation's regions.
    Skip,
    /// Stop the walk.
    Interrupt,
}

/// What [`Operation::erase_with`] does with uses of the erased results outside the erased
/// IR.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EraseMode {
    /// Refuse with [`Status::StillInUse`] and change nothing.
    RequireNoUses,
    /// Drop those uses (the using operands become null until set again).
    DropUses,
}

/// Printing options, mirroring `mlir-opt`'s `--mlir-print-*` flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PrintFlags {
    /// `--mlir-print-op-generic`: every op in the generic form (otherwise ops with an
    /// assembly format, `builtin.module` included, print in their custom form).
    pub generic: bool,
    /// `--mlir-print-debuginfo`: print locations.
    pub debug_info: bool,
    /// `--mlir-pretty-debuginfo`.
    pub pretty_debug_info: bool,
    /// `--mlir-print-local-scope`.
    pub local_scope: bool,
    /// `--mlir-print-assume-verified`.
    pub assume_verified: bool,
    /// `--mlir-elide-elementsattrs-if-larger`; 0 prints everything.
    pub elide_elements_larger_than: u64,
}

impl Default for PrintFlags {
    fn default() -> PrintFlags {
        // SAFETY: no arguments.
        let d = unsafe { sys::omnir_print_flags_default() };
        PrintFlags {
            generic: d.generic_form,
            debug_info: d.debug_info,
            pretty_debug_info: d.pretty_debug_info,
            local_scope: d.local_scope,
            assume_verified: d.assume_verified,
            elide_elements_larger_than: d.elide_elements_larger_than,
        }
    }
}

impl PrintFlags {
    /// Prints every op in the generic form (`--mlir-print-op-generic`).
    pub fn with_generic(mut self) -> PrintFlags {
        self.generic = true;
        self
    }

    /// Prints locations (`--mlir-print-debuginfo`).
    pub fn with_debug_info(mut self) -> PrintFlags {
        self.debug_info = true;
        self
    }

    /// Prints as the top level (`--mlir-print-local-scope`).
    pub fn with_local_scope(mut self) -> PrintFlags {
        self.local_scope = true;
        self
    }

    pub(crate) fn to_raw(self) -> sys::omnir_print_flags {
        // SAFETY: no arguments.
        let mut f = unsafe { sys::omnir_print_flags_default() };
        f.generic_form = self.generic;
        f.debug_info = self.debug_info;
        f.pretty_debug_info = self.pretty_debug_info;
        f.local_scope = self.local_scope;
        f.assume_verified = self.assume_verified;
        f.elide_elements_larger_than = self.elide_elements_larger_than;
        f
    }
}

/// One use of a value: operand `index` of `op`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpOperand {
    pub op: Operation,
    pub index: usize,
}

/// One use of a block as a successor: successor `index` of the terminator `op`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockOperand {
    pub op: Operation,
    pub index: usize,
}

fn gone(what: &str) -> Error {
    Error::new(Status::OutOfRange, format!("stale {what}: the operation no longer has it"))
}

// The fields are a snapshot taken when the use was listed; these accessors check it is still
// there, so a use whose owner was erased answers with the stale-handle error rather than
// with its old number.
impl OpOperand {
    /// The operation using the value ([`Status::StaleHandle`] once it was erased).
    pub fn owner(&self) -> Result<Operation> {
        self.operand_number()?;
        Ok(self.op.clone())
    }

    /// The operand's number in its owner ([`Status::StaleHandle`] once the owner was erased).
    pub fn operand_number(&self) -> Result<usize> {
        if self.index < self.op.num_operands()? {
            Ok(self.index)
        } else {
            Err(gone("use"))
        }
    }

    /// The value the operand holds now.
    pub fn get(&self) -> Result<Value> {
        self.op.operand(self.operand_number()?)
    }
}

impl BlockOperand {
    /// The terminator using the block ([`Status::StaleHandle`] once it was erased).
    pub fn owner(&self) -> Result<Operation> {
        self.operand_number()?;
        Ok(self.op.clone())
    }

    /// The successor's number in its terminator ([`Status::StaleHandle`] once it was erased).
    pub fn operand_number(&self) -> Result<usize> {
        if self.index < self.op.num_successors()? {
            Ok(self.index)
        } else {
            Err(gone("successor use"))
        }
    }
}

// ---------------------------------------------------------------------------------------
// the builder

/// Everything needed to create an operation (MLIR's `OperationState`). The builder is
/// reusable: [`OperationBuilder::build`] does not consume it, so one builder creates any
/// number of similar operations cheaply.
///
/// The chaining methods record the first error and [`build`](OperationBuilder::build)
/// returns it.
pub struct OperationBuilder {
    ctx: Context,
    raw: *mut sys::omnir_operation_state,
    error: Option<Error>,
}

// SAFETY: the state is owned by this builder and used through `&mut self` (additions) or
// `&self` (build, which only reads it); a builder moved to another thread is used there
// alone. It is not `Sync`: the C state is not locked.
unsafe impl Send for OperationBuilder {}

impl OperationBuilder {
    /// A builder for an operation `name` (`"dialect.op"`) at `loc`.
    pub fn new(name: &str, loc: &Location) -> OperationBuilder {
        let (n, nl) = arg(name);
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid string and out-pointer; the location is a handle.
        let error = check(unsafe { sys::omnir_operation_state_create(n, nl, loc.raw, &mut raw) }).err();
        OperationBuilder { ctx: loc.ctx.clone(), raw, error }
    }

    fn step(mut self, f: impl FnOnce(*mut sys::omnir_operation_state) -> sys::omnir_status) -> OperationBuilder {
        if self.error.is_none() {
            self.error = check(f(self.raw)).err();
        }
        self
    }

    /// Adds operands.
    pub fn operands<V: Borrow<Value>>(self, values: &[V]) -> OperationBuilder {
        let v: Vec<_> = values.iter().map(|x| x.borrow().raw).collect();
        // SAFETY: a live state (a failed create records the error and never reaches here
        // with a NULL state: `step` skips after an error); valid arrays.
        self.step(|s| unsafe { sys::omnir_operation_state_add_operands(s, v.as_ptr(), v.len()) })
    }

    /// Adds result types.
    pub fn results<T: Borrow<Type>>(self, types: &[T]) -> OperationBuilder {
        let t: Vec<_> = types.iter().map(|x| x.borrow().raw).collect();
        self.step(|s| unsafe { sys::omnir_operation_state_add_results(s, t.as_ptr(), t.len()) })
    }

    /// Adds (or replaces) the attribute `name`.
    pub fn attribute(self, name: &str, value: &Attribute) -> OperationBuilder {
        let (n, nl) = arg(name);
        self.step(|s| unsafe { sys::omnir_operation_state_add_attribute(s, n, nl, value.raw) })
    }

    /// Sets the properties (`<{...}>`), a dictionary attribute.
    pub fn properties(self, properties: &Attribute) -> OperationBuilder {
        self.step(|s| unsafe { sys::omnir_operation_state_set_properties(s, properties.raw) })
    }

    /// Sets the number of (empty) regions.
    pub fn regions(self, count: usize) -> OperationBuilder {
        self.step(|s| unsafe { sys::omnir_operation_state_set_num_regions(s, count) })
    }

    /// Adds successor blocks.
    pub fn successors<B: Borrow<Block>>(self, blocks: &[B]) -> OperationBuilder {
        let b: Vec<_> = blocks.iter().map(|x| x.borrow().raw).collect();
        self.step(|s| unsafe { sys::omnir_operation_state_add_successors(s, b.as_ptr(), b.len()) })
    }

    /// Infers the result types from the operation's definition when none are given (MLIR's
    /// `enableResultTypeInference`): `arith.addi` from its operands, `arith.cmpi` as `i1`.
    pub fn infer_result_types(self) -> OperationBuilder {
        // SAFETY: a live state (`step` skips after an error).
        self.step(|s| unsafe { sys::omnir_operation_state_enable_result_type_inference(s) })
    }

    /// Sets the location.
    pub fn location(self, loc: &Location) -> OperationBuilder {
        self.step(|s| unsafe { sys::omnir_operation_state_set_location(s, loc.raw) })
    }

    /// Creates a detached operation, owned by the returned guard until inserted.
    pub fn build(&self) -> Result<OwnedOperation> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        // SAFETY: live context and state.
        let raw = out(|p| unsafe { sys::omnir_operation_create(self.ctx.as_raw(), self.raw, p) })?;
        Ok(OwnedOperation::new(Operation { ctx: self.ctx.clone(), raw }))
    }

    /// Builds an operation and inserts it at `point` (the IR owns it); on error nothing is
    /// created.
    pub fn build_at(&self, point: &InsertionPoint) -> Result<Operation> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        // SAFETY: live context and state; the point is plain handles.
        let raw = out(|p| unsafe { sys::omnir_operation_create_at(self.ctx.as_raw(), self.raw, point.to_raw(), p) })?;
        Ok(Operation { ctx: self.ctx.clone(), raw })
    }

    /// Builds an operation at `point` ([`OperationBuilder::build_at`]) or, without one,
    /// detached ([`OperationBuilder::build`]): what `Operation.create` does in every
    /// language.
    pub fn build_into(&self, point: Option<&InsertionPoint>) -> Result<BuiltOperation> {
        match point {
            Some(p) => self.build_at(p).map(BuiltOperation::Inserted),
            None => self.build().map(BuiltOperation::Detached),
        }
    }
}

/// What [`OperationBuilder::build_into`] made.
#[derive(Debug)]
pub enum BuiltOperation {
    /// Inserted at the point: the IR owns it.
    Inserted(Operation),
    /// Detached, owned by the guard.
    Detached(OwnedOperation),
}

impl Drop for OperationBuilder {
    fn drop(&mut self) {
        if !self.raw.is_null() {
            // SAFETY: the state is owned by this builder and freed once.
            unsafe { sys::omnir_operation_state_destroy(self.raw) };
        }
    }
}

/// Reuse of one builder for many operations (what the Python and Node glue do on their hot
/// path: one builder per operation name, reset between operations). Unlike the chaining
/// methods, these take `&mut self` and report errors at once.
impl OperationBuilder {
    fn state(&self) -> Result<*mut sys::omnir_operation_state> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(self.raw),
        }
    }

    /// The context the operations are created in.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// Clears operands, results, attributes, properties, regions, successors and result type
    /// inference, keeping the name and the location.
    pub fn reset(&mut self) -> Result<()> {
        let s = self.state()?;
        // SAFETY: a live state owned by this builder (same for every call below).
        check(unsafe { sys::omnir_operation_state_reset(s) })
    }

    /// Appends operands given as C handles (each checked by omnir when the op is created).
    pub fn add_operands_raw(&mut self, values: &[sys::omnir_value]) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_add_operands(s, values.as_ptr(), values.len()) })
    }

    /// Replaces all operands (C handles), keeping the core's checked form of the rest of
    /// the state: the cheap way to create many operations that differ only in operands.
    pub fn set_operands_raw(&mut self, values: &[sys::omnir_value]) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_set_operands(s, values.as_ptr(), values.len()) })
    }

    /// Infers the result types at each create when none were added (see
    /// [`OperationBuilder::infer_result_types`]); [`OperationBuilder::reset`] clears it.
    pub fn enable_result_type_inference(&mut self) -> Result<()> {
        let s = self.state()?;
        // SAFETY: a live state owned by this builder.
        check(unsafe { sys::omnir_operation_state_enable_result_type_inference(s) })
    }

    /// Appends result types given as C handles.
    pub fn add_results_raw(&mut self, types: &[sys::omnir_type]) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_add_results(s, types.as_ptr(), types.len()) })
    }

    /// Appends successors given as C handles.
    pub fn add_successors_raw(&mut self, blocks: &[sys::omnir_block]) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_add_successors(s, blocks.as_ptr(), blocks.len()) })
    }

    /// Adds (or replaces) the discardable attribute `name`.
    pub fn add_attribute(&mut self, name: &str, value: &Attribute) -> Result<()> {
        let s = self.state()?;
        let (n, nl) = arg(name);
        check(unsafe { sys::omnir_operation_state_add_attribute(s, n, nl, value.raw) })
    }

    /// Replaces the value of attribute number `index` (in the order added), keeping its
    /// name and the core's checked form of the rest of the state: the cheap way to create
    /// many operations that differ in an attribute's value.
    pub fn set_attribute_value(&mut self, index: usize, value: &Attribute) -> Result<()> {
        self.set_attribute_value_raw(index, value.raw)
    }

    /// [`OperationBuilder::set_attribute_value`] with a C handle.
    pub fn set_attribute_value_raw(&mut self, index: usize, value: sys::omnir_attribute) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_set_attribute_value(s, index, value) })
    }

    /// Sets the properties (`<{...}>`), a dictionary attribute.
    pub fn set_properties(&mut self, properties: &Attribute) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_set_properties(s, properties.raw) })
    }

    /// Sets the number of (empty) regions.
    pub fn set_num_regions(&mut self, count: usize) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_set_num_regions(s, count) })
    }

    /// Changes the location (of the same context).
    pub fn set_location(&mut self, loc: &Location) -> Result<()> {
        let s = self.state()?;
        check(unsafe { sys::omnir_operation_state_set_location(s, loc.raw) })
    }
}

// ---------------------------------------------------------------------------------------
// owners of detached IR

/// An operation that is detached (created, cloned, parsed or detached, and not inserted
/// anywhere) and owned by this guard: when the guard is dropped and the operation is still
/// live and still detached, it is erased with everything nested in it. If its results
/// still have uses elsewhere it is not erased (that would leave those operands NULL behind
/// the user's back): it goes to the [`TreeOwner`](crate::TreeOwner) of a tree using it, or
/// stays with the context. Once inserted into a block it belongs to the IR, and dropping
/// the guard does nothing.
///
/// This is the rule of DESIGN.md's "Lifetime in garbage-collected languages": detached IR is
/// owned by the wrapper that holds it. The Python and Node glue keep one of these in the
/// object that wraps a detached operation (or call [`Operation::erase_if_detached`] from
/// their finalizer).
///
/// Wrappers of IR nested in an owned tree keep the tree alive by sharing its guard: the
/// glue stores an `Arc<OwnedOperation>` of the root in each wrapper it derives from the
/// root (navigation passes it on), so the tree is erased when the last of them is collected;
/// IR moved out of the tree meanwhile stays alive as long as they do
/// ([`Context::track_move`](crate::Context::track_move)), and wrappers of erased IR get
/// [`Status::StaleHandle`].
///
/// It dereferences to the [`Operation`]; [`OwnedOperation::release`] gives up ownership.
/// Dropping it from inside a callback of its context cannot erase (the context is busy) and
/// leaves the operation to the context.
pub struct OwnedOperation {
    op: Operation,
    armed: bool,
    /// As a shared [`TreeOwner`](crate::TreeOwner): the owners and roots it keeps (see
    /// `lifetime.rs`).
    pub(crate) links: crate::leaf::LeafMutex<crate::lifetime::Links>,
}

impl OwnedOperation {
    /// Takes ownership of a detached operation.
    pub fn new(op: Operation) -> OwnedOperation {
        OwnedOperation { op, armed: true, links: Default::default() }
    }

    pub(crate) fn is_armed(&self) -> bool {
        self.armed
    }

    pub(crate) fn links_mut(&mut self) -> &mut crate::lifetime::Links {
        self.links.get_mut()
    }

    /// Parses text that holds exactly one top-level operation (MLIR's
    /// `parseSourceString<Operation *>`, Python's `Operation.parse`); a `builtin.module`
    /// written out comes back as itself. It is verified, and errors are, as for
    /// [`Module::parse`]; text with no or
    /// several operations is [`Status::ParseFailed`] ("source must contain a single
    /// top-level operation, found: N").
    pub fn parse(ctx: &Context, text: &str, filename: &str) -> Result<OwnedOperation> {
        let (t, tl) = arg(text);
        let (f, fl) = arg(filename);
        // SAFETY: live context, valid strings and out-pointer.
        let raw = out(|p| unsafe { sys::omnir_op_parse(ctx.as_raw(), t, tl, f, fl, p) })?;
        Ok(OwnedOperation::new(Operation { ctx: ctx.clone(), raw }))
    }

    /// [`OwnedOperation::parse`] of bytes: text that is not valid UTF-8 is a parse error at
    /// the first bad byte (see [`Module::parse_bytes`]).
    pub fn parse_bytes(ctx: &Context, text: &[u8], filename: &str) -> Result<OwnedOperation> {
        OwnedOperation::parse(ctx, utf8_source(ctx, text, filename)?, filename)
    }

    /// The operation, without giving up ownership.
    pub fn operation(&self) -> &Operation {
        &self.op
    }

    /// Gives up ownership: the operation is no longer erased on drop.
    pub fn release(mut self) -> Operation {
        self.armed = false;
        self.op.clone()
    }
}

impl Deref for OwnedOperation {
    type Target = Operation;
    fn deref(&self) -> &Operation {
        &self.op
    }
}

impl Drop for OwnedOperation {
    fn drop(&mut self) {
        crate::lifetime::release(&self.op, self.armed, &mut self.links);
    }
}

impl fmt::Debug for OwnedOperation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Owned{:?}", self.op)
    }
}

impl fmt::Display for OwnedOperation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.op, f)
    }
}

/// A detached block owned by this guard: erased on drop if still live and detached (see
/// [`OwnedOperation`]). Append it to a region to hand it to the IR.
pub struct OwnedBlock {
    block: Block,
    armed: bool,
}

impl OwnedBlock {
    /// Takes ownership of a detached block.
    pub fn new(block: Block) -> OwnedBlock {
        OwnedBlock { block, armed: true }
    }

    /// The block, without giving up ownership.
    pub fn block(&self) -> &Block {
        &self.block
    }

    /// Gives up ownership.
    pub fn release(mut self) -> Block {
        self.armed = false;
        self.block.clone()
    }
}

impl Deref for OwnedBlock {
    type Target = Block;
    fn deref(&self) -> &Block {
        &self.block
    }
}

impl Drop for OwnedBlock {
    fn drop(&mut self) {
        if self.armed {
            let _ = self.block.erase_if_detached();
        }
    }
}

impl fmt::Debug for OwnedBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Owned{:?}", self.block)
    }
}

/// `text` as a string, or the parse error (also emitted as a diagnostic) at its first byte
/// that is not UTF-8, as `omnir-opt` reports it: [`Status::ParseFailed`], `file:line:col:
/// error: the input is not valid UTF-8` (columns count bytes). For every binding that takes
/// source text as bytes.
pub fn utf8_source<'a>(ctx: &Context, text: &'a [u8], filename: &str) -> Result<&'a str> {
    let e = match std::str::from_utf8(text) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    let valid = &text[..e.valid_up_to()];
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = valid.len() - valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
    let message = "the input is not valid UTF-8";
    let (line32, col32) = (u32::try_from(line).unwrap_or(u32::MAX), u32::try_from(col).unwrap_or(u32::MAX));
    let loc = ctx.file_line_col_loc(filename, line32, col32)?;
    ctx.emit_diagnostic(crate::Severity::Error, &loc, message, &[])?;
    Err(Error::new(Status::ParseFailed, format!("{filename}:{line}:{col}: error: {message}")))
}

/// A `builtin.module`: a detached operation with one region holding one block, owned like
/// an [`OwnedOperation`] (erased on drop unless inserted somewhere).
pub struct Module {
    op: OwnedOperation,
}

impl Module {
    /// Gives up ownership and returns the module's operation (e.g. to hand it to a shared
    /// [`TreeOwner`](crate::TreeOwner) with [`Context::adopt`](crate::Context::adopt)).
    pub fn into_operation(self) -> Operation {
        self.op.release()
    }

    /// An empty module at `loc`.
    pub fn new(loc: &Location) -> Result<Module> {
        let op = OperationBuilder::new("builtin.module", loc).regions(1).build()?;
        let body = Block::create(&loc.ctx, &[])?;
        op.region(0)?.append_block(&body)?;
        body.release();
        Ok(Module { op })
    }

    /// Parses a module from MLIR text (`filename` names it in diagnostics) and verifies it,
    /// as MLIR's `parseSourceString` does (unless
    /// [`Context::set_verify_after_parse`](crate::Context::set_verify_after_parse) turned
    /// that off). Errors are [`Status::ParseFailed`] with every diagnostic (parse errors, or
    /// the verifier's) rendered in the message, and also go to the context's diagnostic
    /// handlers.
    pub fn parse(ctx: &Context, text: &str, filename: &str) -> Result<Module> {
        let (t, tl) = arg(text);
        let (f, fl) = arg(filename);
        // SAFETY: live context, valid strings and out-pointer.
        let raw = out(|p| unsafe { sys::omnir_module_parse(ctx.as_raw(), t, tl, f, fl, p) })?;
        Ok(Module { op: OwnedOperation::new(Operation { ctx: ctx.clone(), raw }) })
    }

    /// [`Module::parse`] of bytes. Text that is not valid UTF-8 is a parse error like any
    /// other, as `omnir-opt` reports it: [`Status::ParseFailed`], `file:line:col: error: the
    /// input is not valid UTF-8` at the first bad byte (columns count bytes), emitted to the
    /// context's diagnostic handlers too.
    pub fn parse_bytes(ctx: &Context, text: &[u8], filename: &str) -> Result<Module> {
        Module::parse(ctx, utf8_source(ctx, text, filename)?, filename)
    }

    /// The module's operation.
    pub fn operation(&self) -> &Operation {
        &self.op
    }

    /// The guard that owns the module's operation.
    pub fn into_owned(self) -> OwnedOperation {
        self.op
    }

    /// The module's body block.
    pub fn body(&self) -> Result<Block> {
        self.op.region(0)?.first_block()?.ok_or_else(|| Error::new(Status::InvalidArgument, "module without a body"))
    }
}

impl Deref for Module {
    type Target = Operation;
    fn deref(&self) -> &Operation {
        &self.op
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.op, f)
    }
}

impl fmt::Debug for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Module({:?})", self.op.op)
    }
}

// ---------------------------------------------------------------------------------------
// operations

impl Operation {
    fn op(&self, raw: sys::omnir_op) -> Operation {
        Operation { ctx: self.ctx.clone(), raw }
    }
    fn opt_op(&self, raw: sys::omnir_op) -> Option<Operation> {
        opt(raw).map(|r| self.op(r))
    }

    /// Whether the operation still exists (not erased).
    pub fn is_live(&self) -> bool {
        // SAFETY: live context, valid out-pointer (same for every call below).
        out(|p| unsafe { sys::omnir_op_is_live(self.cx(), self.raw, p) }).unwrap_or(false)
    }

    /// The operation's name (`"dialect.op"`).
    pub fn name(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_op_get_name(self.cx(), self.raw, o) })
    }

    /// Its location.
    pub fn location(&self) -> Result<Location> {
        let raw = out(|p| unsafe { sys::omnir_op_get_location(self.cx(), self.raw, p) })?;
        Ok(Location { ctx: self.ctx.clone(), raw })
    }

    /// Sets its location.
    pub fn set_location(&self, loc: &Location) -> Result<()> {
        check(unsafe { sys::omnir_op_set_location(self.cx(), self.raw, loc.raw) })
    }

    /// Whether its name is a registered operation.
    pub fn is_registered(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_op_is_registered(self.cx(), self.raw, p) })
    }

    /// The number of operands.
    pub fn num_operands(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_op_get_num_operands(self.cx(), self.raw, p) })
    }

    /// Operand `index`.
    pub fn operand(&self, index: usize) -> Result<Value> {
        let raw = out(|p| unsafe { sys::omnir_op_get_operand(self.cx(), self.raw, index, p) })?;
        Ok(Value { ctx: self.ctx.clone(), raw })
    }

    /// The operands (a dropped operand is a null value, refused by every call).
    pub fn operands(&self) -> Result<Vec<Value>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_op_get_operands(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(|raw| Value { ctx: self.ctx.clone(), raw }).collect())
    }

    /// Sets operand `index`.
    pub fn set_operand(&self, index: usize, value: &Value) -> Result<()> {
        check(unsafe { sys::omnir_op_set_operand(self.cx(), self.raw, index, value.raw) })
    }

    /// Replaces all operands.
    pub fn set_operands<V: Borrow<Value>>(&self, values: &[V]) -> Result<()> {
        let v: Vec<_> = values.iter().map(|x| x.borrow().raw).collect();
        check(unsafe { sys::omnir_op_set_operands(self.cx(), self.raw, v.as_ptr(), v.len()) })
    }

    /// The number of results.
    pub fn num_results(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_op_get_num_results(self.cx(), self.raw, p) })
    }

    /// Result `index`.
    pub fn result(&self, index: usize) -> Result<Value> {
        let raw = out(|p| unsafe { sys::omnir_op_get_result(self.cx(), self.raw, index, p) })?;
        Ok(Value { ctx: self.ctx.clone(), raw })
    }

    /// The results.
    pub fn results(&self) -> Result<Vec<Value>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_op_get_results(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(|raw| Value { ctx: self.ctx.clone(), raw }).collect())
    }

    /// The number of regions.
    pub fn num_regions(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_op_get_num_regions(self.cx(), self.raw, p) })
    }

    /// Region `index`.
    pub fn region(&self, index: usize) -> Result<Region> {
        let raw = out(|p| unsafe { sys::omnir_op_get_region(self.cx(), self.raw, index, p) })?;
        Ok(Region { ctx: self.ctx.clone(), raw })
    }

    /// The regions.
    pub fn regions(&self) -> Result<Vec<Region>> {
        (0..self.num_regions()?).map(|i| self.region(i)).collect()
    }

    /// The successor blocks.
    pub fn successors(&self) -> Result<Vec<Block>> {
        let n: usize = out(|p| unsafe { sys::omnir_op_get_num_successors(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| {
                let raw = out(|p| unsafe { sys::omnir_op_get_successor(self.cx(), self.raw, i, p) })?;
                Ok(Block { ctx: self.ctx.clone(), raw })
            })
            .collect()
    }

    /// Sets successor `index`.
    pub fn set_successor(&self, index: usize, block: &Block) -> Result<()> {
        check(unsafe { sys::omnir_op_set_successor(self.cx(), self.raw, index, block.raw) })
    }

    /// The discardable attributes, sorted by name (as MLIR keeps them).
    pub fn attributes(&self) -> Result<Vec<(String, Attribute)>> {
        let n: usize = out(|p| unsafe { sys::omnir_op_get_num_attributes(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| {
                let mut name = crate::strings::empty();
                let mut value = sys::omnir_attribute::default();
                check(unsafe { sys::omnir_op_get_attribute_at(self.cx(), self.raw, i, &mut name, &mut value) })?;
                Ok((crate::strings::take_string(name), Attribute { ctx: self.ctx.clone(), raw: value }))
            })
            .collect()
    }

    /// The discardable attribute `name`, if present.
    pub fn attribute(&self, name: &str) -> Result<Option<Attribute>> {
        let (n, nl) = arg(name);
        let a: sys::omnir_attribute = out(|p| unsafe { sys::omnir_op_get_attribute(self.cx(), self.raw, n, nl, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// The inherent attribute `name` (kept in the properties), if present.
    pub fn inherent_attribute(&self, name: &str) -> Result<Option<Attribute>> {
        let (n, nl) = arg(name);
        let a: sys::omnir_attribute =
            out(|p| unsafe { sys::omnir_op_get_inherent_attribute(self.cx(), self.raw, n, nl, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// Sets (or replaces) the discardable attribute `name`.
    pub fn set_attribute(&self, name: &str, value: &Attribute) -> Result<()> {
        let (n, nl) = arg(name);
        check(unsafe { sys::omnir_op_set_attribute(self.cx(), self.raw, n, nl, value.raw) })
    }

    /// Removes the discardable attribute `name`; whether it was there.
    pub fn remove_attribute(&self, name: &str) -> Result<bool> {
        let (n, nl) = arg(name);
        out(|p| unsafe { sys::omnir_op_remove_attribute(self.cx(), self.raw, n, nl, p) })
    }

    /// The properties (`<{...}>`), if any.
    pub fn properties(&self) -> Result<Option<Attribute>> {
        let a: sys::omnir_attribute = out(|p| unsafe { sys::omnir_op_get_properties(self.cx(), self.raw, p) })?;
        Ok(opt(a).map(|raw| Attribute { ctx: self.ctx.clone(), raw }))
    }

    /// Sets the properties (a dictionary attribute).
    pub fn set_properties(&self, properties: &Attribute) -> Result<()> {
        check(unsafe { sys::omnir_op_set_properties(self.cx(), self.raw, properties.raw) })
    }

    /// The block holding the operation, `None` when detached.
    pub fn parent_block(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_op_get_parent_block(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// The region holding the operation's block.
    pub fn parent_region(&self) -> Result<Option<Region>> {
        let r: sys::omnir_region = out(|p| unsafe { sys::omnir_op_get_parent_region(self.cx(), self.raw, p) })?;
        Ok(opt(r).map(|raw| Region { ctx: self.ctx.clone(), raw }))
    }

    /// The operation whose region holds this one.
    pub fn parent_op(&self) -> Result<Option<Operation>> {
        let o = out(|p| unsafe { sys::omnir_op_get_parent_op(self.cx(), self.raw, p) })?;
        Ok(self.opt_op(o))
    }

    /// The top-level ancestor (the operation itself when detached).
    pub fn root(&self) -> Result<Operation> {
        let o = out(|p| unsafe { sys::omnir_op_get_root(self.cx(), self.raw, p) })?;
        Ok(self.op(o))
    }

    /// Whether the operation has no parent block.
    pub fn is_detached(&self) -> Result<bool> {
        Ok(self.parent_block()?.is_none())
    }

    /// The next operation in the block.
    pub fn next(&self) -> Result<Option<Operation>> {
        let o = out(|p| unsafe { sys::omnir_op_get_next(self.cx(), self.raw, p) })?;
        Ok(self.opt_op(o))
    }

    /// The previous operation in the block.
    pub fn prev(&self) -> Result<Option<Operation>> {
        let o = out(|p| unsafe { sys::omnir_op_get_prev(self.cx(), self.raw, p) })?;
        Ok(self.opt_op(o))
    }

    /// Whether this operation is `other` or an ancestor of it.
    pub fn is_ancestor_of(&self, other: &Operation) -> Result<bool> {
        out(|p| unsafe { sys::omnir_op_is_ancestor(self.cx(), self.raw, other.raw, p) })
    }

    /// Moves the operation (attached or not) to `point`.
    pub fn move_to(&self, point: &InsertionPoint) -> Result<()> {
        check(unsafe { sys::omnir_op_move(self.cx(), self.raw, point.to_raw()) })
    }

    /// Takes the operation out of its block; the returned guard owns it.
    pub fn detach(&self) -> Result<OwnedOperation> {
        check(unsafe { sys::omnir_op_detach(self.cx(), self.raw) })?;
        Ok(OwnedOperation::new(self.clone()))
    }

    /// Erases the operation and everything nested in it; its results must be unused
    /// outside it ([`Status::StillInUse`] otherwise). Every handle into it becomes stale.
    pub fn erase(&self) -> Result<()> {
        self.erase_with(EraseMode::RequireNoUses)
    }

    /// Erases the operation, choosing what happens to outside uses of its results.
    pub fn erase_with(&self, mode: EraseMode) -> Result<()> {
        let m = match mode {
            EraseMode::RequireNoUses => sys::OMNIR_ERASE_REQUIRE_NO_USES,
            EraseMode::DropUses => sys::OMNIR_ERASE_DROP_USES,
        };
        check(unsafe { sys::omnir_op_erase(self.cx(), self.raw, m) })
    }

    /// Erases the operation if it is still live and detached (dropping outside uses of its
    /// results); whether it did. The finalizer of a garbage-collected wrapper that owns
    /// detached IR calls this.
    pub fn erase_if_detached(&self) -> Result<bool> {
        if !self.is_live() || !self.is_detached()? {
            return Ok(false);
        }
        self.erase_with(EraseMode::DropUses)?;
        Ok(true)
    }

    /// A deep copy, detached and owned by the returned guard (MLIR's `clone`).
    pub fn clone_op(&self) -> Result<OwnedOperation> {
        let raw = out(|p| unsafe { sys::omnir_op_clone(self.cx(), self.raw, p) })?;
        Ok(OwnedOperation::new(self.op(raw)))
    }

    /// Drops every operand and successor of the operation and of everything nested in it.
    pub fn drop_all_references(&self) -> Result<()> {
        check(unsafe { sys::omnir_op_drop_all_references(self.cx(), self.raw) })
    }

    /// Replaces every use of the results with `values` (one per result).
    pub fn replace_all_uses_with<V: Borrow<Value>>(&self, values: &[V]) -> Result<()> {
        let v: Vec<_> = values.iter().map(|x| x.borrow().raw).collect();
        check(unsafe { sys::omnir_op_replace_all_uses_with(self.cx(), self.raw, v.as_ptr(), v.len()) })
    }

    /// Verifies the operation and everything nested in it. On failure the diagnostics went
    /// to the context's handlers (see [`Context::capture_diagnostics`]).
    pub fn verify(&self) -> Result<()> {
        check(unsafe { sys::omnir_op_verify(self.cx(), self.raw) })
    }

    /// Whether the operation implements the interface.
    pub fn implements(&self, interface: TypeId) -> Result<bool> {
        out(|p| unsafe { sys::omnir_op_implements_interface(self.cx(), self.raw, interface.0, p) })
    }

    /// Prints the operation (generic form) with `flags`.
    pub fn print(&self, flags: &PrintFlags) -> Result<String> {
        let f = flags.to_raw();
        string_out(|o| unsafe { sys::omnir_op_print(self.cx(), self.raw, &f, o) })
    }

    /// Visits this operation and every operation nested in it, in `order`. The closure may
    /// change the IR as MLIR's walk allows: erase or move the operation it was given (in
    /// pre-order its regions are then not visited), change what comes before it, insert after
    /// it (not visited); if it erases what the walk was to visit next, the walk stops with
    /// [`Status::StaleHandle`] (`omnir_op_walk`). Inside a read-only callback (a verifier, a
    /// diagnostic handler) mutations get [`Status::Busy`]. A panic in the closure stops the
    /// walk and is resumed after it. Returns [`WalkResult::Interrupt`] when the closure
    /// interrupted the walk.
    pub fn walk<F: FnMut(&Operation) -> WalkResult>(&self, order: WalkOrder, f: F) -> Result<WalkResult> {
        struct State<F> {
            /// The one wrapper handed to `f`, re-pointed at each visited op (no reference
            /// counting per op).
            op: Operation,
            f: F,
            panic: Option<Box<dyn Any + Send>>,
        }
        unsafe extern "C" fn trampoline<F: FnMut(&Operation) -> WalkResult>(
            user_data: *mut c_void,
            op: sys::omnir_op,
        ) -> sys::omnir_walk_result {
            // SAFETY: `user_data` is the `State<F>` on `walk`'s stack, alive for the walk.
            let st = unsafe { &mut *(user_data as *mut State<F>) };
            if st.panic.is_some() {
                return sys::OMNIR_WALK_INTERRUPT;
            }
            st.op.raw = op;
            let (f, op) = (&mut st.f, &st.op);
            match catch_unwind(AssertUnwindSafe(|| f(op))) {
                Ok(WalkResult::Advance) => sys::OMNIR_WALK_ADVANCE,
                Ok(WalkResult::Skip) => sys::OMNIR_WALK_SKIP,
                Ok(WalkResult::Interrupt) => sys::OMNIR_WALK_INTERRUPT,
                Err(payload) => {
                    st.panic = Some(payload);
                    sys::OMNIR_WALK_INTERRUPT
                }
            }
        }
        let mut st = State { op: self.clone(), f, panic: None };
        let order = match order {
            WalkOrder::PreOrder => sys::OMNIR_WALK_PRE_ORDER,
            WalkOrder::PostOrder => sys::OMNIR_WALK_POST_ORDER,
        };
        let mut result = sys::OMNIR_WALK_ADVANCE;
        // SAFETY: the trampoline matches `F`, `st` outlives the call.
        let status = unsafe {
            sys::omnir_op_walk(
                self.cx(),
                self.raw,
                order,
                Some(trampoline::<F>),
                &mut st as *mut State<F> as *mut c_void,
                &mut result,
            )
        };
        if let Some(p) = st.panic.take() {
            resume_unwind(p);
        }
        check(status)?;
        Ok(if result == sys::OMNIR_WALK_INTERRUPT { WalkResult::Interrupt } else { WalkResult::Advance })
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.print(&PrintFlags::default()) {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<operation: {e}>"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// blocks

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.print(&PrintFlags::default()) {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<block: {e}>"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.print(&PrintFlags::default()) {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<value: {e}>"),
        }
    }
}

impl Block {
    /// Prints the block as MLIR's `Block::print` (generic form) with `flags`: its header
    /// line, then its operations two spaces in, numbered as in the whole module.
    pub fn print(&self, flags: &PrintFlags) -> Result<String> {
        let f = flags.to_raw();
        // SAFETY: live context, plain handle, valid flags and out-parameter.
        string_out(|o| unsafe { sys::omnir_block_print(self.cx(), self.raw, &f, o) })
    }

    /// A detached block with arguments of the given types and locations, owned by the
    /// returned guard until appended to a region.
    pub fn create(ctx: &Context, args: &[(Type, Location)]) -> Result<OwnedBlock> {
        let t: Vec<_> = args.iter().map(|(t, _)| t.raw).collect();
        let l: Vec<_> = args.iter().map(|(_, l)| l.raw).collect();
        // SAFETY: live context; arrays of `len` handles; valid out-pointer.
        let raw = out(|p| unsafe { sys::omnir_block_create(ctx.as_raw(), t.as_ptr(), l.as_ptr(), t.len(), p) })?;
        Ok(OwnedBlock::new(Block { ctx: ctx.clone(), raw }))
    }

    fn value(&self, raw: sys::omnir_value) -> Value {
        Value { ctx: self.ctx.clone(), raw }
    }

    /// Whether the block still exists.
    pub fn is_live(&self) -> bool {
        // SAFETY: live context, valid out-pointer (same for every call below).
        out(|p| unsafe { sys::omnir_block_is_live(self.cx(), self.raw, p) }).unwrap_or(false)
    }

    /// The arguments.
    pub fn arguments(&self) -> Result<Vec<Value>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_block_get_arguments(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(|r| self.value(r)).collect())
    }

    /// Argument `index`.
    pub fn argument(&self, index: usize) -> Result<Value> {
        let raw = out(|p| unsafe { sys::omnir_block_get_argument(self.cx(), self.raw, index, p) })?;
        Ok(self.value(raw))
    }

    /// Appends an argument.
    pub fn add_argument(&self, ty: &Type, loc: &Location) -> Result<Value> {
        let raw = out(|p| unsafe { sys::omnir_block_add_argument(self.cx(), self.raw, ty.raw, loc.raw, p) })?;
        Ok(self.value(raw))
    }

    /// Removes argument `index`, which must be unused.
    pub fn erase_argument(&self, index: usize) -> Result<()> {
        check(unsafe { sys::omnir_block_erase_argument(self.cx(), self.raw, index) })
    }

    /// The region holding the block, `None` when detached.
    pub fn parent_region(&self) -> Result<Option<Region>> {
        let r: sys::omnir_region = out(|p| unsafe { sys::omnir_block_get_parent_region(self.cx(), self.raw, p) })?;
        Ok(opt(r).map(|raw| Region { ctx: self.ctx.clone(), raw }))
    }

    /// The operation whose region holds the block.
    pub fn parent_op(&self) -> Result<Option<Operation>> {
        let o: sys::omnir_op = out(|p| unsafe { sys::omnir_block_get_parent_op(self.cx(), self.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The first operation.
    pub fn first_op(&self) -> Result<Option<Operation>> {
        let o: sys::omnir_op = out(|p| unsafe { sys::omnir_block_get_first_op(self.cx(), self.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The last operation (the terminator, in a well-formed block that needs one).
    pub fn last_op(&self) -> Result<Option<Operation>> {
        let o: sys::omnir_op = out(|p| unsafe { sys::omnir_block_get_last_op(self.cx(), self.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The operations, in order (a snapshot).
    pub fn operations(&self) -> Result<Vec<Operation>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_block_get_ops(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(|raw| Operation { ctx: self.ctx.clone(), raw }).collect())
    }

    /// Iterates over the operations lazily, following the `next` links (so inserting after
    /// the current operation while iterating is seen; erasing the current one ends it with
    /// an error item).
    pub fn ops(&self) -> Ops {
        Ops { next: self.first_op().transpose() }
    }

    /// The number of operations.
    pub fn num_ops(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_block_get_num_ops(self.cx(), self.raw, p) })
    }

    /// Appends the detached operation `op` at the end.
    pub fn append(&self, op: &Operation) -> Result<()> {
        InsertionPoint::BlockEnd(self.clone()).insert(op)
    }

    /// The next block of the region.
    pub fn next(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_block_get_next(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// The uses of the block as a successor.
    pub fn predecessors(&self) -> Result<Vec<BlockOperand>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_block_get_predecessors(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw
            .into_iter()
            .map(|u| BlockOperand { op: Operation { ctx: self.ctx.clone(), raw: u.op }, index: u.index as usize })
            .collect())
    }

    /// The successors of the block's terminator.
    pub fn successors(&self) -> Result<Vec<Block>> {
        let n: usize = out(|p| unsafe { sys::omnir_block_get_num_successors(self.cx(), self.raw, p) })?;
        (0..n)
            .map(|i| {
                let raw = out(|p| unsafe { sys::omnir_block_get_successor(self.cx(), self.raw, i, p) })?;
                Ok(Block { ctx: self.ctx.clone(), raw })
            })
            .collect()
    }

    /// Takes the block out of its region; the returned guard owns it.
    pub fn detach(&self) -> Result<OwnedBlock> {
        check(unsafe { sys::omnir_block_detach(self.cx(), self.raw) })?;
        Ok(OwnedBlock::new(self.clone()))
    }

    /// Erases the block and everything in it.
    pub fn erase(&self) -> Result<()> {
        check(unsafe { sys::omnir_block_erase(self.cx(), self.raw) })
    }

    /// Erases the block if it is still live and detached; whether it did.
    pub fn erase_if_detached(&self) -> Result<bool> {
        if !self.is_live() || self.parent_region()?.is_some() {
            return Ok(false);
        }
        self.erase()?;
        Ok(true)
    }
}

/// Lazy iterator over the operations of a block (see [`Block::ops`]).
pub struct Ops {
    next: Option<Result<Operation>>,
}

impl Iterator for Ops {
    type Item = Result<Operation>;
    fn next(&mut self) -> Option<Result<Operation>> {
        let cur = self.next.take()?;
        if let Ok(op) = &cur {
            self.next = op.next().transpose();
        }
        Some(cur)
    }
}

// ---------------------------------------------------------------------------------------
// regions

impl Region {
    /// Whether the region still exists.
    pub fn is_live(&self) -> bool {
        // SAFETY: live context, valid out-pointer (same for every call below).
        out(|p| unsafe { sys::omnir_region_is_live(self.cx(), self.raw, p) }).unwrap_or(false)
    }

    /// The operation that holds the region.
    pub fn parent_op(&self) -> Result<Operation> {
        let raw = out(|p| unsafe { sys::omnir_region_get_parent_op(self.cx(), self.raw, p) })?;
        Ok(Operation { ctx: self.ctx.clone(), raw })
    }

    /// The region's index in its operation.
    pub fn number(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_region_get_number(self.cx(), self.raw, p) })
    }

    /// The blocks, in order.
    pub fn blocks(&self) -> Result<Vec<Block>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_region_get_blocks(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(|raw| Block { ctx: self.ctx.clone(), raw }).collect())
    }

    /// The first block (the entry block).
    pub fn first_block(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_region_get_first_block(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// Appends the detached block `block`.
    pub fn append_block(&self, block: &Block) -> Result<()> {
        check(unsafe { sys::omnir_region_append_block(self.cx(), self.raw, block.raw) })
    }

    /// Inserts the detached block `block` before `reference`.
    pub fn insert_block_before(&self, reference: &Block, block: &Block) -> Result<()> {
        check(unsafe { sys::omnir_region_insert_block_before(self.cx(), self.raw, reference.raw, block.raw) })
    }

    /// Inserts the detached block `block` after `reference`.
    pub fn insert_block_after(&self, reference: &Block, block: &Block) -> Result<()> {
        check(unsafe { sys::omnir_region_insert_block_after(self.cx(), self.raw, reference.raw, block.raw) })
    }
}

// ---------------------------------------------------------------------------------------
// values

impl Value {
    /// Prints the value as MLIR's `Value::print` with `flags`: an op result prints its
    /// defining operation, a block argument `<block argument> of type 'T' at index: N`.
    pub fn print(&self, flags: &PrintFlags) -> Result<String> {
        let f = flags.to_raw();
        // SAFETY: live context, plain handle, valid flags and out-parameter.
        string_out(|o| unsafe { sys::omnir_value_print(self.cx(), self.raw, &f, o) })
    }

    /// The value's name where it is used as an operand (MLIR's `Value::printAsOperand`):
    /// `%arg0`, `%3` or `%3#1`, numbered as when printing its top-level ancestor, or with
    /// `local_scope` its nearest isolated-from-above ancestor.
    pub fn name(&self, local_scope: bool) -> Result<String> {
        let f = PrintFlags { local_scope, ..PrintFlags::default() }.to_raw();
        // SAFETY: live context, plain handle, valid flags and out-parameter.
        string_out(|o| unsafe { sys::omnir_value_print_as_operand(self.cx(), self.raw, &f, o) })
    }

    /// Whether the value still exists.
    pub fn is_live(&self) -> bool {
        // SAFETY: live context, valid out-pointer (same for every call below).
        out(|p| unsafe { sys::omnir_value_is_live(self.cx(), self.raw, p) }).unwrap_or(false)
    }

    /// Its type.
    pub fn ty(&self) -> Result<Type> {
        let raw = out(|p| unsafe { sys::omnir_value_get_type(self.cx(), self.raw, p) })?;
        Ok(Type { ctx: self.ctx.clone(), raw })
    }

    /// Changes its type.
    pub fn set_type(&self, ty: &Type) -> Result<()> {
        check(unsafe { sys::omnir_value_set_type(self.cx(), self.raw, ty.raw) })
    }

    /// Its location (a block argument's own, a result's op's).
    pub fn location(&self) -> Result<Location> {
        let raw = out(|p| unsafe { sys::omnir_value_get_location(self.cx(), self.raw, p) })?;
        Ok(Location { ctx: self.ctx.clone(), raw })
    }

    /// Whether it is a block argument.
    pub fn is_block_argument(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_value_is_block_argument(self.cx(), self.raw, p) })
    }

    /// The result number or argument number.
    pub fn number(&self) -> Result<u32> {
        out(|p| unsafe { sys::omnir_value_get_number(self.cx(), self.raw, p) })
    }

    /// The operation defining a result (`None` for a block argument).
    pub fn defining_op(&self) -> Result<Option<Operation>> {
        let o: sys::omnir_op = out(|p| unsafe { sys::omnir_value_get_defining_op(self.cx(), self.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The block owning a block argument (`None` for a result).
    pub fn owner_block(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_value_get_owner_block(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// The uses of the value.
    pub fn uses(&self) -> Result<Vec<OpOperand>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_value_get_uses(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw
            .into_iter()
            .map(|u| OpOperand { op: Operation { ctx: self.ctx.clone(), raw: u.op }, index: u.index as usize })
            .collect())
    }

    /// The number of uses.
    pub fn num_uses(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_value_get_num_uses(self.cx(), self.raw, p) })
    }

    /// Replaces every use with `with`.
    pub fn replace_all_uses_with(&self, with: &Value) -> Result<()> {
        check(unsafe { sys::omnir_value_replace_all_uses_with(self.cx(), self.raw, with.raw) })
    }

    /// Replaces every use with `with`, except those in `except`.
    pub fn replace_all_uses_except(&self, with: &Value, except: &Operation) -> Result<()> {
        check(unsafe { sys::omnir_value_replace_all_uses_except(self.cx(), self.raw, with.raw, except.raw) })
    }
}
