//! Operations, blocks, regions and values, with checked handles and use lists.
//!
//! Storage: ops live in an `OpStore` (see `ir/store.rs`: generational slots whose parts are
//! spread over dense tables and pools), blocks and regions in generational arenas (see
//! [`crate::arena`]). Ops in a block form an intrusive doubly-linked list (O(1) insert and
//! erase anywhere); so do blocks in a region. Every operand is a node in its value's use
//! list, named by its use id (its index in the operand pool); every successor is a node in
//! its block's predecessor list, addressed as (op index, successor index).
//!
//! Invariants the rest of the core relies on:
//! - every link (parent, prev/next, use-list node) points at a live entity;
//! - an op's operands are all in the use lists of the values they name, and nowhere else;
//! - an operand is null only after `erase_op(.., EraseMode::DropUses)` dropped its value;
//! - no op is its own ancestor.
//!
//! Algorithms over nested IR use explicit stacks, never native recursion: nesting depth is
//! bounded only by memory.

use smallvec::SmallVec;

mod store;

use crate::arena::{Arena, NONE};
use crate::attrs::{Attribute, Location, NamedAttribute};
use crate::context::{Context, Identifier};
use crate::error::{Error, ErrorKind, Result};
use crate::types::Type;
pub(crate) use store::{OpStore, OpView, OperandSlot};

/// An operation. Copyable, checked on every use.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct OpId {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct BlockId {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct RegionId {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

macro_rules! raw_handle {
    ($t:ident) => {
        impl $t {
            /// The (index, generation) pair, for FFI.
            pub fn to_raw(self) -> (u32, u32) {
                (self.index, self.generation)
            }
            /// Rebuilds a handle from FFI; it is checked on use like any other.
            pub fn from_raw(index: u32, generation: u32) -> Self {
                $t { index, generation }
            }
        }
    };
}
raw_handle!(OpId);
raw_handle!(BlockId);
raw_handle!(RegionId);

const ARG_BIT: u32 = 1 << 31;

/// An SSA value: an op result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Value {
    owner: u32,
    generation: u32,
    /// Result or argument number; the top bit marks a block argument.
    number: u32,
}

impl Value {
    pub fn is_block_argument(self) -> bool {
        self.number & ARG_BIT != 0
    }
    pub fn is_op_result(self) -> bool {
        !self.is_block_argument()
    }
    /// The result number, or for a block argument its identity in the block: the position
    /// it had when created, which stays its handle when earlier arguments are erased (ask
    /// [`Context::value_number`] for the current position).
    pub fn number(self) -> u32 {
        self.number & !ARG_BIT
    }
    pub fn to_raw(self) -> (u32, u32, u32) {
        (self.owner, self.generation, self.number)
    }
    pub fn from_raw(owner: u32, generation: u32, number: u32) -> Value {
        Value { owner, generation, number }
    }
    fn as_ref(self) -> ValueRef {
        ValueRef { owner: self.owner, number: self.number }
    }
}

/// One use of a value: operand `index` of `op`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct OpOperand {
    pub op: OpId,
    pub index: u32,
}

/// One use of a block as a successor: successor `index` of terminator `op`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BlockOperand {
    pub op: OpId,
    pub index: u32,
}

/// Where to put an operation.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    BlockStart(BlockId),
    BlockEnd(BlockId),
    Before(OpId),
    After(OpId),
}

/// What `erase_op` does with uses of the erased results outside the erased IR.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EraseMode {
    /// Refuse (`ErrorKind::StillInUse`) and change nothing.
    RequireNoUses,
    /// Drop those uses: the using operands become null (printed `<<NULL VALUE>>`, rejected
    /// by the verifier) until they are set again.
    DropUses,
}

// ---- storage ----

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ValueRef {
    pub(crate) owner: u32,
    pub(crate) number: u32,
}

impl ValueRef {
    pub(crate) const NULL: ValueRef = ValueRef { owner: NONE, number: 0 };
    pub(crate) fn is_null(self) -> bool {
        self.owner == NONE
    }
    pub(crate) fn is_arg(self) -> bool {
        self.number & ARG_BIT != 0
    }
    /// Argument `index` of block slot `block`.
    pub(crate) fn block_arg(block: u32, index: u32) -> ValueRef {
        ValueRef { owner: block, number: index | ARG_BIT }
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct UseRef {
    pub(crate) op: u32,
    pub(crate) index: u32,
}

impl UseRef {
    pub(crate) const NONE: UseRef = UseRef { op: NONE, index: 0 };
    fn is_none(self) -> bool {
        self.op == NONE
    }
}

#[derive(Clone, Debug)]
pub(crate) struct ArgSlot {
    pub(crate) ty: Type,
    pub(crate) loc: Location,
    /// The argument's identity in its block, which public handles carry instead of its
    /// position: positions shift when an earlier argument is erased, identities do not.
    /// Arguments get 0, 1, 2... in order, so the identity is the position until an erase.
    tag: u32,
    /// Head of the use list (a use id, `NONE` if unused).
    first_use: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct SuccessorSlot {
    pub(crate) block: u32,
    prev: UseRef,
    next: UseRef,
}

/// Rarely present parts of an op, kept out of line to keep common ops small.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpExtra {
    pub(crate) regions: Box<[u32]>,
    pub(crate) successors: Vec<SuccessorSlot>,
}

/// The record of an op: what erase and use-list surgery never read. Operands and results
/// live in pools (see [`store`]); `ctx.ir.ops.get(i)` gives a view of all of it.
#[derive(Debug)]
pub(crate) struct OpData {
    pub(crate) name: Identifier,
    pub(crate) loc: Location,
    pub(crate) properties: Option<Attribute>,
    /// Discardable attributes, sorted by name: a range of the store's attribute pool, owned
    /// by the op's slot and managed by the store.
    attrs: u32,
    num_attrs: u32,
    pub(crate) extra: Option<Box<OpExtra>>,
}

impl OpData {
    fn new(name: Identifier, loc: Location, properties: Option<Attribute>, extra: Option<Box<OpExtra>>) -> OpData {
        OpData { name, loc, properties, attrs: 0, num_attrs: 0, extra }
    }

    pub(crate) fn regions(&self) -> &[u32] {
        self.extra.as_ref().map_or(&[], |e| &e.regions)
    }
}

#[derive(Debug)]
pub(crate) struct BlockData {
    pub(crate) parent: u32,
    pub(crate) prev: u32,
    pub(crate) next: u32,
    pub(crate) first_op: u32,
    pub(crate) last_op: u32,
    pub(crate) args: Vec<ArgSlot>,
    first_pred: UseRef,
    /// The identity the next argument gets (see `ArgSlot::tag`).
    next_tag: u32,
}

#[derive(Debug)]
pub(crate) struct RegionData {
    pub(crate) parent: u32,
    pub(crate) first_block: u32,
    pub(crate) last_block: u32,
}

/// Where an op sits: kept apart from [`OpData`] in a dense table indexed like the op arena,
/// so walks and list surgery touch 16 bytes per op instead of the whole record.
#[derive(Copy, Clone, Debug)]
pub(crate) struct OpLinks {
    pub(crate) parent: u32,
    pub(crate) prev: u32,
    pub(crate) next: u32,
    /// Whether the op has regions (walks skip the record of ops without).
    pub(crate) has_regions: bool,
    /// Whether the op has regions or successors (erase of ops without never reads the
    /// record).
    pub(crate) has_extra: bool,
}

impl OpLinks {
    const DETACHED: OpLinks = OpLinks { parent: NONE, prev: NONE, next: NONE, has_regions: false, has_extra: false };
}

#[derive(Default)]
pub(crate) struct Ir {
    pub(crate) ops: OpStore,
    pub(crate) blocks: Arena<BlockData>,
    pub(crate) regions: Arena<RegionData>,
}

impl Ir {
    pub(crate) fn alloc_op(
        &mut self,
        data: OpData,
        attrs: &[NamedAttribute],
        operands: impl ExactSizeIterator<Item = ValueRef>,
        result_types: impl ExactSizeIterator<Item = Type>,
    ) -> (u32, u32) {
        let links =
            OpLinks { has_regions: !data.regions().is_empty(), has_extra: data.extra.is_some(), ..OpLinks::DETACHED };
        self.ops.alloc(data, attrs, links, operands, result_types)
    }

    #[inline]
    pub(crate) fn link(&self, op: u32) -> &OpLinks {
        &self.ops.links[op as usize]
    }

    #[inline]
    pub(crate) fn link_mut(&mut self, op: u32) -> &mut OpLinks {
        &mut self.ops.links[op as usize]
    }
}

/// Everything needed to create an operation, as MLIR's `OperationState`.
#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: String,
    pub location: Location,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    pub attributes: Vec<NamedAttribute>,
    pub properties: Option<Attribute>,
    pub num_regions: usize,
    pub successors: Vec<BlockId>,
}

impl OperationState {
    pub fn new(name: &str, location: Location) -> OperationState {
        OperationState {
            name: name.into(),
            location,
            operands: Vec::new(),
            result_types: Vec::new(),
            attributes: Vec::new(),
            properties: None,
            num_regions: 0,
            successors: Vec::new(),
        }
    }
    pub fn operands(mut self, operands: &[Value]) -> Self {
        self.operands.extend_from_slice(operands);
        self
    }
    pub fn results(mut self, types: &[Type]) -> Self {
        self.result_types.extend_from_slice(types);
        self
    }
    pub fn attribute(mut self, name: Identifier, value: Attribute) -> Self {
        self.attributes.push(NamedAttribute { name, value });
        self
    }
    pub fn properties(mut self, properties: Attribute) -> Self {
        self.properties = Some(properties);
        self
    }
    pub fn regions(mut self, count: usize) -> Self {
        self.num_regions = count;
        self
    }
    pub fn successors(mut self, blocks: &[BlockId]) -> Self {
        self.successors.extend_from_slice(blocks);
        self
    }
}

// ---- handle checks ----

/// The stale-handle error, kept out of line so that handle checks stay small.
#[cold]
#[inline(never)]
fn stale(what: &str) -> Error {
    Error::stale(what)
}

impl Context {
    #[inline]
    pub(crate) fn op_data(&self, op: OpId) -> Result<OpView<'_>> {
        self.ir.ops.get_checked(op.index, op.generation).ok_or_else(|| stale("operation"))
    }
    /// Checks an op handle without reading the op.
    #[inline]
    pub(crate) fn check_op(&self, op: OpId) -> Result<()> {
        if self.ir.ops.is_current(op.index, op.generation) {
            Ok(())
        } else {
            Err(stale("operation"))
        }
    }
    /// Where a live op's operands and results are.
    #[inline]
    fn op_hot(&self, op: OpId) -> Result<store::OpHot> {
        self.check_op(op)?;
        Ok(self.ir.ops.hot(op.index))
    }
    /// The record of a live op.
    #[inline]
    fn op_record(&self, op: OpId) -> Result<&OpData> {
        self.check_op(op)?;
        Ok(self.ir.ops.record(op.index))
    }
    /// The operand slots of a live op.
    #[inline]
    fn op_operand_slots(&self, op: OpId) -> Result<&[OperandSlot]> {
        let h = self.op_hot(op)?;
        Ok(self.ir.ops.operands.slice(h.operands, h.num_operands))
    }
    /// The position links of a live op.
    #[inline]
    pub(crate) fn op_links(&self, op: OpId) -> Result<&OpLinks> {
        self.check_op(op)?;
        Ok(self.ir.link(op.index))
    }
    #[inline]
    fn op_data_mut(&mut self, op: OpId) -> Result<&mut OpData> {
        self.check_op(op)?;
        Ok(self.ir.ops.record_mut(op.index))
    }
    #[inline]
    pub(crate) fn block_data(&self, block: BlockId) -> Result<&BlockData> {
        self.ir.blocks.get_checked(block.index, block.generation).ok_or_else(|| stale("block"))
    }
    #[inline]
    pub(crate) fn region_data(&self, region: RegionId) -> Result<&RegionData> {
        self.ir.regions.get_checked(region.index, region.generation).ok_or_else(|| stale("region"))
    }

    // Handles for internal indices (which are always live).
    #[inline]
    pub(crate) fn op_handle(&self, index: u32) -> OpId {
        OpId { index, generation: self.ir.ops.generation(index) }
    }
    #[inline]
    pub(crate) fn block_handle(&self, index: u32) -> BlockId {
        BlockId { index, generation: self.ir.blocks.generation(index) }
    }
    #[inline]
    pub(crate) fn region_handle(&self, index: u32) -> RegionId {
        RegionId { index, generation: self.ir.regions.generation(index) }
    }
    pub(crate) fn value_handle(&self, v: ValueRef) -> Value {
        if v.is_arg() {
            let generation = self.ir.blocks.generation(v.owner);
            let tag = self.ir.blocks.get(v.owner).args[(v.number & !ARG_BIT) as usize].tag;
            return Value { owner: v.owner, generation, number: tag | ARG_BIT };
        }
        Value { owner: v.owner, generation: self.ir.ops.generation(v.owner), number: v.number }
    }

    /// Checks a value handle and returns its internal reference.
    pub(crate) fn check_value(&self, v: Value) -> Result<ValueRef> {
        let n = v.number();
        if v.is_block_argument() {
            let b = self.ir.blocks.get_checked(v.owner, v.generation).ok_or_else(|| stale("value"))?;
            let pos = arg_position(&b.args, n).ok_or_else(|| stale("value"))?;
            return Ok(ValueRef { owner: v.owner, number: pos as u32 | ARG_BIT });
        } else if !self.ir.ops.is_current(v.owner, v.generation) || n >= self.ir.ops.hot(v.owner).num_results {
            return Err(stale("value"));
        }
        Ok(v.as_ref())
    }

    /// The result number, or the block argument's current position in its block.
    pub fn value_number(&self, value: Value) -> Result<u32> {
        Ok(self.check_value(value)?.number & !ARG_BIT)
    }

    pub fn is_op_live(&self, op: OpId) -> bool {
        self.check_op(op).is_ok()
    }
    pub fn is_block_live(&self, block: BlockId) -> bool {
        self.block_data(block).is_ok()
    }
    pub fn is_region_live(&self, region: RegionId) -> bool {
        self.region_data(region).is_ok()
    }
    pub fn is_value_live(&self, value: Value) -> bool {
        self.check_value(value).is_ok()
    }
}

// ---- use lists ----
//
// Operand use lists link operand slots by use id (their index in the operand pool), so
// unlinking touches the neighbours directly. Successor lists (rare) link (op, index) pairs.

impl Context {
    #[inline(always)]
    fn first_use_mut(&mut self, v: ValueRef) -> &mut u32 {
        let n = v.number & !ARG_BIT;
        if v.is_arg() {
            &mut self.ir.blocks.get_mut(v.owner).args[n as usize].first_use
        } else {
            &mut self.ir.ops.result_mut(v.owner, n).first_use
        }
    }

    #[inline]
    pub(crate) fn first_use(&self, v: ValueRef) -> u32 {
        let n = v.number & !ARG_BIT;
        if v.is_arg() {
            self.ir.blocks.get(v.owner).args[n as usize].first_use
        } else {
            self.ir.ops.result(v.owner, n).first_use
        }
    }

    #[inline]
    fn use_slot_mut(&mut self, id: u32) -> &mut OperandSlot {
        self.ir.ops.operands.get_mut(id)
    }

    #[inline]
    pub(crate) fn use_slot(&self, id: u32) -> &OperandSlot {
        self.ir.ops.operands.get(id)
    }

    /// The (op, operand index) of a use id.
    pub(crate) fn use_position(&self, id: u32) -> (u32, u32) {
        let user = self.ir.ops.user(id);
        (user, id - self.ir.ops.hot(user).operands)
    }

    fn use_operand(&self, id: u32) -> OpOperand {
        let (op, index) = self.use_position(id);
        OpOperand { op: self.op_handle(op), index }
    }

    /// Pushes the operand onto the front of its value's use list (nothing for a null one).
    #[inline]
    fn link_use(&mut self, id: u32) {
        let value = self.use_slot(id).value;
        if value.is_null() {
            return;
        }
        let head = std::mem::replace(self.first_use_mut(value), id);
        {
            let slot = self.use_slot_mut(id);
            slot.prev = NONE;
            slot.next = head;
        }
        if head != NONE {
            self.use_slot_mut(head).prev = id;
        }
    }

    /// Takes the operand out of its value's use list. Its own links are left stale: the
    /// caller relinks it, nulls it, or frees it.
    #[inline(always)]
    fn unlink_use(&mut self, id: u32) {
        let OperandSlot { value, prev, next, .. } = *self.use_slot(id);
        if value.is_null() {
            return;
        }
        if prev == NONE {
            *self.first_use_mut(value) = next;
        } else {
            self.use_slot_mut(prev).next = next;
        }
        if next != NONE {
            self.use_slot_mut(next).prev = prev;
        }
    }

    fn link_operand(&mut self, op: u32, index: u32) {
        self.link_use(self.ir.ops.operand_id(op, index));
    }

    fn unlink_operand(&mut self, op: u32, index: u32) {
        self.unlink_use(self.ir.ops.operand_id(op, index));
    }

    fn link_all_operands(&mut self, op: u32) {
        let h = self.ir.ops.hot(op);
        for id in h.operands..h.operands + h.num_operands {
            self.link_use(id);
        }
    }

    #[inline]
    fn unlink_all_operands(&mut self, op: u32) {
        let h = self.ir.ops.hot(op);
        for id in h.operands..h.operands + h.num_operands {
            self.unlink_use(id);
        }
    }

    /// Sets operand `index` of `op` (unlinked) to `value`; a null value also clears its links.
    fn set_operand_value(&mut self, op: u32, index: u32, value: ValueRef) {
        let id = self.ir.ops.operand_id(op, index);
        let s = self.use_slot_mut(id);
        s.value = value;
        s.prev = NONE;
        s.next = NONE;
    }

    fn successor_slot_mut(&mut self, u: UseRef) -> &mut SuccessorSlot {
        &mut self.ir.ops.record_mut(u.op).extra.as_mut().expect("successor without extra").successors[u.index as usize]
    }

    fn link_successor(&mut self, op: u32, index: u32) {
        let me = UseRef { op, index };
        let block = self.ir.ops.get(op).successors()[index as usize].block;
        let head = std::mem::replace(&mut self.ir.blocks.get_mut(block).first_pred, me);
        {
            let s = self.successor_slot_mut(me);
            s.prev = UseRef::NONE;
            s.next = head;
        }
        if !head.is_none() {
            self.successor_slot_mut(head).prev = me;
        }
    }

    fn unlink_successor(&mut self, op: u32, index: u32) {
        let me = UseRef { op, index };
        let (block, prev, next) = {
            let s = &self.ir.ops.get(op).successors()[index as usize];
            (s.block, s.prev, s.next)
        };
        if prev.is_none() {
            self.ir.blocks.get_mut(block).first_pred = next;
        } else {
            self.successor_slot_mut(prev).next = next;
        }
        if !next.is_none() {
            self.successor_slot_mut(next).prev = prev;
        }
        let s = self.successor_slot_mut(me);
        s.prev = UseRef::NONE;
        s.next = UseRef::NONE;
    }

    fn unlink_all_successors(&mut self, op: u32) {
        for i in 0..self.ir.ops.get(op).successors().len() as u32 {
            self.unlink_successor(op, i);
        }
    }

    fn link_all_successors(&mut self, op: u32) {
        for i in 0..self.ir.ops.get(op).successors().len() as u32 {
            self.link_successor(op, i);
        }
    }
}

// ---- creation and queries ----

/// The most regions one operation may have. MLIR sets no limit, but every region is
/// allocated when the operation is created, so a count read from bad input (a garbage
/// integer from C, a huge number from a script) would otherwise exhaust memory and abort
/// the process instead of failing the call.
pub const MAX_REGIONS_PER_OP: usize = 1 << 20;

#[cold]
#[inline(never)]
pub(crate) fn too_many_regions(count: usize) -> Error {
    Error::new(
        ErrorKind::OutOfRange,
        format!("an operation can have at most {MAX_REGIONS_PER_OP} regions, not {count}"),
    )
}

impl Context {
    /// Creates a detached operation (with empty regions). Operands and successors must be
    /// live; nothing is created if any is not.
    pub fn create_operation(&mut self, state: &OperationState) -> Result<OpId> {
        if state.name.is_empty() {
            return Err(Error::invalid("operation name must not be empty"));
        }
        let name = self.identifier(&state.name);
        self.create_operation_named(name, state)
    }

    /// As [`Context::create_operation`] with the name already interned (the fast path for
    /// parsers and builders that create many ops of one name).
    pub fn create_operation_named(&mut self, name: Identifier, state: &OperationState) -> Result<OpId> {
        self.load_dialect_of_op_name(name);
        // Every check before the first write.
        let mut arg_moved = false;
        for &v in &state.operands {
            arg_moved |= self.check_value(v)?.number != v.number;
        }
        for &b in &state.successors {
            self.block_data(b)?;
        }
        let mut attrs: SmallVec<[NamedAttribute; 4]> = SmallVec::with_capacity(state.attributes.len());
        for na in &state.attributes {
            self.insert_sorted_attr(&mut attrs, *na);
        }
        if self.as_location(state.location.attr()).is_none() {
            return Err(Error::invalid("operation location is not a location attribute"));
        }
        let extra = if state.num_regions > 0 || !state.successors.is_empty() {
            if state.num_regions > MAX_REGIONS_PER_OP {
                return Err(too_many_regions(state.num_regions));
            }
            let successors = state
                .successors
                .iter()
                .map(|b| SuccessorSlot { block: b.index, prev: UseRef::NONE, next: UseRef::NONE })
                .collect();
            Some(Box::new(OpExtra { regions: Box::new([]), successors }))
        } else {
            None
        };
        let properties = self.complete_properties(name, state.properties, &mut attrs)?;
        let data = OpData::new(name, state.location, properties, extra);
        let (index, generation) = if arg_moved {
            // A block argument's handle names it by identity, not position (an earlier
            // argument was erased): resolve each operand.
            let refs: Vec<ValueRef> =
                state.operands.iter().map(|&v| self.check_value(v).expect("checked above")).collect();
            self.ir.alloc_op(data, &attrs, refs.into_iter(), state.result_types.iter().copied())
        } else {
            self.ir.alloc_op(
                data,
                &attrs,
                state.operands.iter().map(|v| v.as_ref()),
                state.result_types.iter().copied(),
            )
        };
        if state.num_regions > 0 {
            let regions: Box<[u32]> = (0..state.num_regions)
                .map(|_| self.ir.regions.alloc(RegionData { parent: index, first_block: NONE, last_block: NONE }).0)
                .collect();
            self.ir.ops.record_mut(index).extra.as_mut().expect("extra").regions = regions;
            self.ir.link_mut(index).has_regions = true;
        }
        self.link_all_operands(index);
        if !state.successors.is_empty() {
            self.link_all_successors(index);
        }
        Ok(OpId { index, generation })
    }

    /// Creates an operation and inserts it at `point`: `create_operation_named` then
    /// `insert_op`, except that the point is checked first, so that a bad point creates
    /// nothing, and a new operation needs no cycle check (its regions are empty).
    pub fn create_operation_at(
        &mut self,
        name: Identifier,
        state: &OperationState,
        point: InsertPoint,
    ) -> Result<OpId> {
        let (block, prev, next) = self.resolve_insert_point(point)?;
        // Creating allocates only the new op's own slots: the neighbours stay as resolved.
        let op = self.create_operation_named(name, state)?;
        self.link_op(op.index, block, prev, next);
        Ok(op)
    }

    /// The properties of a new op of a registered operation: those given, plus its inherent
    /// attributes given among `attrs` (moved out of them), plus the defaults nothing set. As
    /// MLIR's `Operation::create`: inherent names are properties whatever way they come, and
    /// `DefaultValuedAttr` properties are default-initialized, so an op made without them
    /// prints them in the generic form.
    fn complete_properties<const N: usize>(
        &self,
        name: Identifier,
        properties: Option<Attribute>,
        attrs: &mut SmallVec<[NamedAttribute; N]>,
    ) -> Result<Option<Attribute>> {
        let Some(def) = self.registry.op(name) else { return Ok(properties) };
        if def.attributes.is_empty()
            && !def.has_trait(crate::dialect::Traits::ATTR_SIZED_OPERAND_SEGMENTS)
            && !def.has_trait(crate::dialect::Traits::ATTR_SIZED_RESULT_SEGMENTS)
        {
            return Ok(properties);
        }
        let is_inherent = |n: Identifier| def.declares_inherent(self.ident_str(n));
        let moved = attrs.iter().any(|a| is_inherent(a.name));
        let missing_default = |n: Identifier| {
            !properties.is_some_and(|p| self.dictionary_entries(p).iter().any(|e| e.name == n))
                && !attrs.iter().any(|a| a.name == n)
        };
        let defaults = def.default_properties.map(|d| self.dictionary_entries(d)).unwrap_or(&[]);
        let need_defaults = defaults.iter().any(|d| missing_default(d.name));
        if !moved && !need_defaults {
            return Ok(properties);
        }
        if !moved && properties.is_none() && defaults.iter().all(|d| missing_default(d.name)) {
            return Ok(def.default_properties);
        }
        let mut all: SmallVec<[NamedAttribute; 8]> =
            properties.map(|p| self.dictionary_entries(p).iter().copied().collect()).unwrap_or_default();
        let given_as_property = |all: &SmallVec<[NamedAttribute; 8]>, n: Identifier| all.iter().any(|e| e.name == n);
        let mut kept: SmallVec<[NamedAttribute; N]> = SmallVec::new();
        for a in attrs.drain(..) {
            if is_inherent(a.name) {
                if !given_as_property(&all, a.name) {
                    self.insert_sorted_attr(&mut all, a);
                }
            } else {
                kept.push(a);
            }
        }
        *attrs = kept;
        for d in defaults {
            if !given_as_property(&all, d.name) {
                self.insert_sorted_attr(&mut all, *d);
            }
        }
        Ok(Some(self.dictionary_attr(&all)?))
    }

    /// Keeps `attrs` sorted by name and names unique (a later value replaces an earlier one).
    fn insert_sorted_attr<const N: usize>(&self, attrs: &mut SmallVec<[NamedAttribute; N]>, na: NamedAttribute) {
        let key = self.ident_str(na.name);
        match attrs.binary_search_by(|e| self.ident_str(e.name).cmp(key)) {
            Ok(i) => attrs[i].value = na.value,
            Err(i) => attrs.insert(i, na),
        }
    }

    pub fn op_name(&self, op: OpId) -> Result<&str> {
        Ok(self.ident_str(self.op_record(op)?.name))
    }

    pub fn op_name_id(&self, op: OpId) -> Result<Identifier> {
        Ok(self.op_record(op)?.name)
    }

    pub fn op_location(&self, op: OpId) -> Result<Location> {
        Ok(self.op_record(op)?.loc)
    }

    pub fn set_op_location(&mut self, op: OpId, loc: Location) -> Result<()> {
        self.op_data_mut(op)?.loc = loc;
        Ok(())
    }

    /// Whether the op's name is registered (its definition is known).
    pub fn op_is_registered(&self, op: OpId) -> Result<bool> {
        Ok(self.registry.op(self.op_record(op)?.name).is_some())
    }

    pub fn op_def(&self, op: OpId) -> Result<Option<&std::sync::Arc<crate::dialect::OpDef>>> {
        Ok(self.registry.op(self.op_record(op)?.name))
    }

    pub fn op_num_operands(&self, op: OpId) -> Result<usize> {
        Ok(self.op_hot(op)?.num_operands as usize)
    }

    /// Operand `index`; `None` if it was dropped (a null operand).
    pub fn op_operand(&self, op: OpId, index: usize) -> Result<Option<Value>> {
        let operands = self.op_operand_slots(op)?;
        let slot = operands.get(index).ok_or_else(|| Error::out_of_range("operand", index, operands.len()))?;
        Ok((!slot.value.is_null()).then(|| self.value_handle(slot.value)))
    }

    /// All operands (null ones are skipped; see [`Context::op_operand`]).
    pub fn op_operands(&self, op: OpId) -> Result<Vec<Value>> {
        let operands = self.op_operand_slots(op)?;
        Ok(operands.iter().filter(|s| !s.value.is_null()).map(|s| self.value_handle(s.value)).collect())
    }

    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) -> Result<()> {
        let len = self.op_hot(op)?.num_operands as usize;
        if index >= len {
            return Err(Error::out_of_range("operand", index, len));
        }
        let v = self.check_value(value)?;
        self.unlink_operand(op.index, index as u32);
        self.set_operand_value(op.index, index as u32, v);
        self.link_operand(op.index, index as u32);
        Ok(())
    }

    /// Replaces all operands (the count may change).
    pub fn set_operands(&mut self, op: OpId, values: &[Value]) -> Result<()> {
        self.check_op(op)?;
        let refs = values.iter().map(|&v| self.check_value(v)).collect::<Result<SmallVec<[ValueRef; 4]>>>()?;
        let n = u32::try_from(refs.len()).map_err(|_| Error::invalid("too many operands"))?;
        self.unlink_all_operands(op.index);
        self.ir.ops.reset_operands(op.index, n);
        for (i, v) in refs.into_iter().enumerate() {
            self.set_operand_value(op.index, i as u32, v);
        }
        self.link_all_operands(op.index);
        Ok(())
    }

    pub fn op_num_results(&self, op: OpId) -> Result<usize> {
        Ok(self.op_hot(op)?.num_results as usize)
    }

    #[inline]
    pub fn op_result(&self, op: OpId, index: usize) -> Result<Value> {
        self.check_op(op)?;
        let n = self.ir.ops.num_results(op.index) as usize;
        if index >= n {
            return Err(Error::out_of_range("result", index, n));
        }
        Ok(Value { owner: op.index, generation: op.generation, number: index as u32 })
    }

    pub fn op_results(&self, op: OpId) -> Result<Vec<Value>> {
        let n = self.op_hot(op)?.num_results;
        Ok((0..n).map(|number| Value { owner: op.index, generation: op.generation, number }).collect())
    }

    pub fn op_result_types(&self, op: OpId) -> Result<Vec<Type>> {
        self.check_op(op)?;
        Ok(self.ir.ops.results_of(op.index).iter().map(|r| r.ty).collect())
    }

    pub fn op_operand_types(&self, op: OpId) -> Result<Vec<Option<Type>>> {
        let operands = self.op_operand_slots(op)?;
        Ok(operands.iter().map(|s| (!s.value.is_null()).then(|| self.value_type_ref(s.value))).collect())
    }

    // attributes

    /// Discardable attributes, sorted by name.
    pub fn op_attributes(&self, op: OpId) -> Result<&[NamedAttribute]> {
        self.check_op(op)?;
        Ok(self.ir.ops.attrs(op.index))
    }

    /// The attribute `name`: a registered op's inherent attribute from its properties (MLIR's
    /// `Operation::getAttr`), else the discardable attribute.
    pub fn op_attribute(&self, op: OpId, name: &str) -> Result<Option<Attribute>> {
        if self.is_declared_inherent(op, name)? {
            if let Some(v) = self.op_record(op)?.properties.and_then(|p| self.dictionary_get(p, name)) {
                return Ok(Some(v));
            }
        }
        let attrs = self.op_attributes(op)?;
        Ok(attrs.binary_search_by(|e| self.ident_str(e.name).cmp(name)).ok().map(|i| attrs[i].value))
    }

    /// Sets the attribute `name`. On a registered op whose definition declares `name` as an
    /// inherent attribute, that is its property (MLIR's `Operation::setAttr`); otherwise a
    /// discardable attribute.
    pub fn set_op_attribute(&mut self, op: OpId, name: &str, value: Attribute) -> Result<()> {
        self.check_op(op)?;
        if self.is_declared_inherent(op, name)? {
            let id = self.identifier(name);
            let mut entries: SmallVec<[NamedAttribute; 8]> = self
                .op_record(op)?
                .properties
                .map(|p| self.dictionary_entries(p).iter().copied().collect())
                .unwrap_or_default();
            self.insert_sorted_attr(&mut entries, NamedAttribute { name: id, value });
            let dict = self.dictionary_attr(&entries)?;
            return self.set_op_properties(op, Some(dict));
        }
        let name = self.identifier(name);
        let mut attrs: SmallVec<[NamedAttribute; 4]> = SmallVec::from_slice(self.ir.ops.attrs(op.index));
        self.insert_sorted_attr(&mut attrs, NamedAttribute { name, value });
        self.ir.ops.set_attrs(op.index, &attrs);
        Ok(())
    }

    /// Whether `op` is registered and its definition declares `name` as inherent.
    fn is_declared_inherent(&self, op: OpId, name: &str) -> Result<bool> {
        Ok(self.registry.op(self.op_record(op)?.name).is_some_and(|d| d.declares_inherent(name)))
    }

    /// Removes an attribute (a declared inherent one from the properties, as MLIR's
    /// `Operation::removeAttr`); returns whether it was there.
    pub fn remove_op_attribute(&mut self, op: OpId, name: &str) -> Result<bool> {
        if self.is_declared_inherent(op, name)? {
            if let Some(p) = self.op_record(op)?.properties {
                if self.dictionary_get(p, name).is_some() {
                    let id = self.identifier(name);
                    let entries: Vec<NamedAttribute> =
                        self.dictionary_entries(p).iter().copied().filter(|e| e.name != id).collect();
                    let dict = if entries.is_empty() { None } else { Some(self.dictionary_attr(&entries)?) };
                    self.set_op_properties(op, dict)?;
                    return Ok(true);
                }
            }
        }
        let current = self.op_attributes(op)?;
        match current.binary_search_by(|e| self.ident_str(e.name).cmp(name)) {
            Ok(i) => {
                let mut attrs: SmallVec<[NamedAttribute; 4]> = SmallVec::from_slice(current);
                attrs.remove(i);
                self.ir.ops.set_attrs(op.index, &attrs);
                Ok(true)
            }
            Err(_) => Ok(false),
        }
    }

    /// Replaces all discardable attributes.
    pub fn set_op_attributes(&mut self, op: OpId, attrs: &[NamedAttribute]) -> Result<()> {
        self.check_op(op)?;
        let mut sorted: SmallVec<[NamedAttribute; 4]> = SmallVec::new();
        for &na in attrs {
            self.insert_sorted_attr(&mut sorted, na);
        }
        self.ir.ops.set_attrs(op.index, &sorted);
        Ok(())
    }

    /// Inherent attributes stored as properties (`<{...}>` in generic form).
    pub fn op_properties(&self, op: OpId) -> Result<Option<Attribute>> {
        Ok(self.op_record(op)?.properties)
    }

    pub fn set_op_properties(&mut self, op: OpId, properties: Option<Attribute>) -> Result<()> {
        self.op_data_mut(op)?.properties = properties;
        Ok(())
    }

    /// An inherent attribute by name: looked up in the properties dictionary first, then in
    /// the discardable attributes (where unregistered ops keep everything).
    pub fn op_inherent_or_discardable(&self, op: OpId, name: &str) -> Result<Option<Attribute>> {
        if let Some(p) = self.op_record(op)?.properties {
            if let Some(a) = self.dictionary_get(p, name) {
                return Ok(Some(a));
            }
        }
        self.op_attribute(op, name)
    }

    // regions and successors

    pub fn op_num_regions(&self, op: OpId) -> Result<usize> {
        Ok(self.op_record(op)?.regions().len())
    }

    pub fn op_region(&self, op: OpId, index: usize) -> Result<RegionId> {
        let d = self.op_record(op)?;
        let r = d.regions().get(index).ok_or_else(|| Error::out_of_range("region", index, d.regions().len()))?;
        Ok(self.region_handle(*r))
    }

    pub fn op_regions(&self, op: OpId) -> Result<Vec<RegionId>> {
        Ok(self.op_record(op)?.regions().iter().map(|&r| self.region_handle(r)).collect())
    }

    pub fn op_num_successors(&self, op: OpId) -> Result<usize> {
        Ok(self.op_data(op)?.successors().len())
    }

    pub fn op_successor(&self, op: OpId, index: usize) -> Result<BlockId> {
        let d = self.op_data(op)?;
        let s =
            d.successors().get(index).ok_or_else(|| Error::out_of_range("successor", index, d.successors().len()))?;
        Ok(self.block_handle(s.block))
    }

    pub fn op_successors(&self, op: OpId) -> Result<Vec<BlockId>> {
        Ok(self.op_data(op)?.successors().iter().map(|s| self.block_handle(s.block)).collect())
    }

    pub fn set_successor(&mut self, op: OpId, index: usize, block: BlockId) -> Result<()> {
        let len = self.op_data(op)?.successors().len();
        if index >= len {
            return Err(Error::out_of_range("successor", index, len));
        }
        self.block_data(block)?;
        self.unlink_successor(op.index, index as u32);
        self.successor_slot_mut(UseRef { op: op.index, index: index as u32 }).block = block.index;
        self.link_successor(op.index, index as u32);
        Ok(())
    }

    // structure

    pub fn op_parent_block(&self, op: OpId) -> Result<Option<BlockId>> {
        let p = self.op_links(op)?.parent;
        Ok((p != NONE).then(|| self.block_handle(p)))
    }

    pub fn op_parent_region(&self, op: OpId) -> Result<Option<RegionId>> {
        let p = self.op_links(op)?.parent;
        // An op in a detached block has a block but no region.
        let r = if p == NONE { NONE } else { self.ir.blocks.get(p).parent };
        Ok((r != NONE).then(|| self.region_handle(r)))
    }

    /// The op whose region holds this op's block, if any.
    pub fn op_parent_op(&self, op: OpId) -> Result<Option<OpId>> {
        let p = self.op_links(op)?.parent;
        Ok(self.parent_op_of_block_index(p).map(|i| self.op_handle(i)))
    }

    pub(crate) fn parent_op_of_block_index(&self, block: u32) -> Option<u32> {
        if block == NONE {
            return None;
        }
        let r = self.ir.blocks.get(block).parent;
        if r == NONE {
            return None;
        }
        Some(self.ir.regions.get(r).parent)
    }

    pub fn op_next(&self, op: OpId) -> Result<Option<OpId>> {
        let n = self.op_links(op)?.next;
        Ok((n != NONE).then(|| self.op_handle(n)))
    }

    pub fn op_prev(&self, op: OpId) -> Result<Option<OpId>> {
        let p = self.op_links(op)?.prev;
        Ok((p != NONE).then(|| self.op_handle(p)))
    }

    /// Whether `ancestor` is `op` or contains it.
    pub fn op_is_ancestor(&self, ancestor: OpId, op: OpId) -> Result<bool> {
        self.check_op(ancestor)?;
        self.check_op(op)?;
        let mut cur = Some(op.index);
        while let Some(i) = cur {
            if i == ancestor.index {
                return Ok(true);
            }
            cur = self.parent_op_of_block_index(self.ir.link(i).parent);
        }
        Ok(false)
    }

    /// The outermost ancestor (the op itself if it has no parent).
    pub fn op_root(&self, op: OpId) -> Result<OpId> {
        self.check_op(op)?;
        let mut cur = op.index;
        while let Some(p) = self.parent_op_of_block_index(self.ir.link(cur).parent) {
            cur = p;
        }
        Ok(self.op_handle(cur))
    }

    // values

    pub(crate) fn value_type_ref(&self, v: ValueRef) -> Type {
        let n = v.number & !ARG_BIT;
        if v.is_arg() {
            self.ir.blocks.get(v.owner).args[n as usize].ty
        } else {
            self.ir.ops.result(v.owner, n).ty
        }
    }

    pub fn value_type(&self, value: Value) -> Result<Type> {
        let v = self.check_value(value)?;
        Ok(self.value_type_ref(v))
    }

    pub fn set_value_type(&mut self, value: Value, ty: Type) -> Result<()> {
        let v = self.check_value(value)?;
        let n = (v.number & !ARG_BIT) as usize;
        if v.is_arg() {
            self.ir.blocks.get_mut(v.owner).args[n].ty = ty;
        } else {
            self.ir.ops.result_mut(v.owner, n as u32).ty = ty;
        }
        Ok(())
    }

    /// The op that defines a result (`None` for block arguments).
    pub fn value_defining_op(&self, value: Value) -> Result<Option<OpId>> {
        self.check_value(value)?;
        Ok(value.is_op_result().then_some(OpId { index: value.owner, generation: value.generation }))
    }

    /// The block that owns a block argument (`None` for results).
    pub fn value_owner_block(&self, value: Value) -> Result<Option<BlockId>> {
        self.check_value(value)?;
        Ok(value.is_block_argument().then_some(BlockId { index: value.owner, generation: value.generation }))
    }

    /// The block in which the value is defined (the defining op's block for results).
    pub fn value_parent_block(&self, value: Value) -> Result<Option<BlockId>> {
        let v = self.check_value(value)?;
        if v.is_arg() {
            Ok(Some(BlockId { index: v.owner, generation: value.generation }))
        } else {
            let p = self.ir.link(v.owner).parent;
            Ok((p != NONE).then(|| self.block_handle(p)))
        }
    }

    pub fn value_location(&self, value: Value) -> Result<Location> {
        let v = self.check_value(value)?;
        if v.is_arg() {
            Ok(self.ir.blocks.get(v.owner).args[(v.number & !ARG_BIT) as usize].loc)
        } else {
            Ok(self.ir.ops.record(v.owner).loc)
        }
    }

    /// Every use of the value, most recently added first (as MLIR's use lists).
    pub fn value_uses(&self, value: Value) -> Result<Vec<OpOperand>> {
        let v = self.check_value(value)?;
        let mut out = Vec::new();
        let mut u = self.first_use(v);
        while u != NONE {
            out.push(self.use_operand(u));
            u = self.use_slot(u).next;
        }
        Ok(out)
    }

    pub fn value_has_uses(&self, value: Value) -> Result<bool> {
        let v = self.check_value(value)?;
        Ok(self.first_use(v) != NONE)
    }

    pub fn value_num_uses(&self, value: Value) -> Result<usize> {
        let v = self.check_value(value)?;
        let mut n = 0;
        let mut u = self.first_use(v);
        while u != NONE {
            n += 1;
            u = self.use_slot(u).next;
        }
        Ok(n)
    }

    /// Points every use of `from` at `to`.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) -> Result<()> {
        self.replace_uses_if(from, to, |_, _| true)
    }

    /// Points every use of `from` at `to`, except uses by `except`.
    pub fn replace_all_uses_except(&mut self, from: Value, to: Value, except: OpId) -> Result<()> {
        self.check_op(except)?;
        self.replace_uses_if(from, to, |_, u| u.op != except)
    }

    /// Points the uses of `from` that `predicate` selects at `to`.
    pub fn replace_uses_if(
        &mut self,
        from: Value,
        to: Value,
        mut predicate: impl FnMut(&Context, OpOperand) -> bool,
    ) -> Result<()> {
        let f = self.check_value(from)?;
        let t = self.check_value(to)?;
        if f == t {
            return Ok(());
        }
        let mut uses: SmallVec<[u32; 8]> = SmallVec::new();
        let mut u = self.first_use(f);
        while u != NONE {
            uses.push(u);
            u = self.use_slot(u).next;
        }
        for id in uses {
            if predicate(self, self.use_operand(id)) {
                self.unlink_use(id);
                self.use_slot_mut(id).value = t;
                self.link_use(id);
            }
        }
        Ok(())
    }

    /// Replaces every use of each result of `op` with the matching value in `values`.
    pub fn replace_op_uses(&mut self, op: OpId, values: &[Value]) -> Result<()> {
        let results = self.op_results(op)?;
        if results.len() != values.len() {
            return Err(Error::invalid(format!("replacing {} results with {} values", results.len(), values.len())));
        }
        for &v in values {
            self.check_value(v)?;
        }
        for (r, v) in results.into_iter().zip(values) {
            self.replace_all_uses_with(r, *v)?;
        }
        Ok(())
    }

    /// Makes every use of the value a null operand.
    pub fn drop_all_uses(&mut self, value: Value) -> Result<()> {
        let v = self.check_value(value)?;
        self.drop_uses_ref(v);
        Ok(())
    }
}

// ---- blocks and regions ----

impl Context {
    /// A new detached block with the given argument types and locations.
    pub fn create_block(&mut self, args: &[(Type, Location)]) -> BlockId {
        let args: Vec<ArgSlot> = args
            .iter()
            .enumerate()
            .map(|(i, &(ty, loc))| ArgSlot { ty, loc, first_use: NONE, tag: i as u32 })
            .collect();
        let next_tag = args.len() as u32;
        let (index, generation) = self.ir.blocks.alloc(BlockData {
            parent: NONE,
            prev: NONE,
            next: NONE,
            first_op: NONE,
            last_op: NONE,
            args,
            first_pred: UseRef::NONE,
            next_tag,
        });
        BlockId { index, generation }
    }

    pub fn block_num_arguments(&self, block: BlockId) -> Result<usize> {
        Ok(self.block_data(block)?.args.len())
    }

    pub fn block_argument(&self, block: BlockId, index: usize) -> Result<Value> {
        let d = self.block_data(block)?;
        if index >= d.args.len() {
            return Err(Error::out_of_range("block argument", index, d.args.len()));
        }
        let tag = d.args[index].tag;
        Ok(Value { owner: block.index, generation: block.generation, number: tag | ARG_BIT })
    }

    pub fn block_arguments(&self, block: BlockId) -> Result<Vec<Value>> {
        let d = self.block_data(block)?;
        Ok(d.args
            .iter()
            .map(|a| Value { owner: block.index, generation: block.generation, number: a.tag | ARG_BIT })
            .collect())
    }

    pub fn block_add_argument(&mut self, block: BlockId, ty: Type, loc: Location) -> Result<Value> {
        self.block_data(block)?;
        let d = self.ir.blocks.get_mut(block.index);
        let tag = d.next_tag;
        if tag >= ARG_BIT {
            return Err(Error::invalid("this block has had 2^31 arguments: no identity is left for another"));
        }
        d.next_tag += 1;
        d.args.push(ArgSlot { ty, loc, first_use: NONE, tag });
        Ok(Value { owner: block.index, generation: block.generation, number: tag | ARG_BIT })
    }

    /// Removes argument `index`, which must have no uses. Later arguments shift down; their
    /// handles keep naming them (as MLIR's `BlockArgument`s), and the erased argument's
    /// handles go stale.
    pub fn block_erase_argument(&mut self, block: BlockId, index: usize) -> Result<()> {
        let d = self.block_data(block)?;
        if index >= d.args.len() {
            return Err(Error::out_of_range("block argument", index, d.args.len()));
        }
        if d.args[index].first_use != NONE {
            return Err(Error::new(ErrorKind::StillInUse, format!("block argument #{index} still has uses")));
        }
        // Operands name arguments by number: renumber the uses of every later argument.
        let later: Vec<(usize, u32)> = (index + 1..d.args.len()).map(|n| (n, d.args[n].first_use)).collect();
        for (n, mut u) in later {
            while u != NONE {
                let s = self.use_slot_mut(u);
                s.value.number = (n as u32 - 1) | ARG_BIT;
                u = s.next;
            }
        }
        self.ir.blocks.get_mut(block.index).args.remove(index);
        Ok(())
    }

    pub fn block_parent_region(&self, block: BlockId) -> Result<Option<RegionId>> {
        let p = self.block_data(block)?.parent;
        Ok((p != NONE).then(|| self.region_handle(p)))
    }

    pub fn block_parent_op(&self, block: BlockId) -> Result<Option<OpId>> {
        self.block_data(block)?;
        Ok(self.parent_op_of_block_index(block.index).map(|i| self.op_handle(i)))
    }

    pub fn block_first_op(&self, block: BlockId) -> Result<Option<OpId>> {
        let f = self.block_data(block)?.first_op;
        Ok((f != NONE).then(|| self.op_handle(f)))
    }

    #[inline]
    pub fn block_last_op(&self, block: BlockId) -> Result<Option<OpId>> {
        let l = self.block_data(block)?.last_op;
        Ok((l != NONE).then(|| self.op_handle(l)))
    }

    /// The ops of the block in order.
    pub fn block_ops(&self, block: BlockId) -> Result<Vec<OpId>> {
        let mut out = Vec::new();
        let mut cur = self.block_data(block)?.first_op;
        while cur != NONE {
            out.push(self.op_handle(cur));
            cur = self.ir.link(cur).next;
        }
        Ok(out)
    }

    pub fn block_num_ops(&self, block: BlockId) -> Result<usize> {
        let mut n = 0;
        let mut cur = self.block_data(block)?.first_op;
        while cur != NONE {
            n += 1;
            cur = self.ir.link(cur).next;
        }
        Ok(n)
    }

    pub fn block_next(&self, block: BlockId) -> Result<Option<BlockId>> {
        let n = self.block_data(block)?.next;
        Ok((n != NONE).then(|| self.block_handle(n)))
    }

    pub fn block_prev(&self, block: BlockId) -> Result<Option<BlockId>> {
        let p = self.block_data(block)?.prev;
        Ok((p != NONE).then(|| self.block_handle(p)))
    }

    /// Terminators that branch to this block, once per successor use.
    pub fn block_predecessors(&self, block: BlockId) -> Result<Vec<BlockOperand>> {
        let mut u = self.block_data(block)?.first_pred;
        let mut out = Vec::new();
        while !u.is_none() {
            out.push(BlockOperand { op: self.op_handle(u.op), index: u.index });
            u = self.ir.ops.get(u.op).successors()[u.index as usize].next;
        }
        Ok(out)
    }

    pub fn block_has_predecessors(&self, block: BlockId) -> Result<bool> {
        Ok(!self.block_data(block)?.first_pred.is_none())
    }

    /// The successors of the block's last op.
    pub fn block_successors(&self, block: BlockId) -> Result<Vec<BlockId>> {
        match self.block_last_op(block)? {
            Some(t) => self.op_successors(t),
            None => Ok(Vec::new()),
        }
    }

    pub fn region_parent_op(&self, region: RegionId) -> Result<OpId> {
        Ok(self.op_handle(self.region_data(region)?.parent))
    }

    /// This region's position among its parent op's regions.
    pub fn region_number(&self, region: RegionId) -> Result<usize> {
        let parent = self.region_data(region)?.parent;
        Ok(self.ir.ops.get(parent).regions().iter().position(|&r| r == region.index).expect("region in parent"))
    }

    pub fn region_blocks(&self, region: RegionId) -> Result<Vec<BlockId>> {
        let mut out = Vec::new();
        let mut cur = self.region_data(region)?.first_block;
        while cur != NONE {
            out.push(self.block_handle(cur));
            cur = self.ir.blocks.get(cur).next;
        }
        Ok(out)
    }

    pub fn region_first_block(&self, region: RegionId) -> Result<Option<BlockId>> {
        let f = self.region_data(region)?.first_block;
        Ok((f != NONE).then(|| self.block_handle(f)))
    }

    pub fn region_is_empty(&self, region: RegionId) -> Result<bool> {
        Ok(self.region_data(region)?.first_block == NONE)
    }

    /// Appends a detached block to the region.
    pub fn region_append_block(&mut self, region: RegionId, block: BlockId) -> Result<()> {
        let last = self.region_data(region)?.last_block;
        self.insert_block_at(region.index, last, NONE, block)
    }

    /// Inserts a detached block before `before` (in `before`'s region).
    pub fn region_insert_block_before(&mut self, before: BlockId, block: BlockId) -> Result<()> {
        let d = self.block_data(before)?;
        if d.parent == NONE {
            return Err(Error::invalid("cannot insert next to a detached block"));
        }
        let (region, prev) = (d.parent, d.prev);
        self.insert_block_at(region, prev, before.index, block)
    }

    /// Moves a block (with its predecessors: the branches to it must move along, as when a
    /// whole region is inlined) before `before`, or to the end of `region` (MLIR's
    /// `Block::moveBefore`, `Region::takeBody`).
    pub fn move_block(&mut self, block: BlockId, region: RegionId, before: Option<BlockId>) -> Result<()> {
        self.region_data(region)?;
        if before == Some(block) {
            return Ok(());
        }
        let region_owner = self.ir.regions.get(region.index).parent;
        if self.block_contains_op_index(block.index, region_owner) {
            return Err(Error::new(ErrorKind::Cycle, "moving this block would make an operation its own ancestor"));
        }
        if let Some(b) = before {
            if self.block_data(b)?.parent != region.index {
                return Err(Error::invalid("the block to insert before is not in the region"));
            }
        }
        if self.block_data(block)?.parent != NONE {
            self.unlink_block(block.index);
        }
        match before {
            // Read after unlinking: `block` may have been right before `b`.
            Some(b) => self.insert_block_at(region.index, self.block_data(b)?.prev, b.index, block),
            None => self.region_append_block(region, block),
        }
    }

    /// Inserts a detached block after `after` (in `after`'s region).
    pub fn region_insert_block_after(&mut self, after: BlockId, block: BlockId) -> Result<()> {
        let d = self.block_data(after)?;
        if d.parent == NONE {
            return Err(Error::invalid("cannot insert next to a detached block"));
        }
        let (region, next) = (d.parent, d.next);
        self.insert_block_at(region, after.index, next, block)
    }

    fn insert_block_at(&mut self, region: u32, prev: u32, next: u32, block: BlockId) -> Result<()> {
        let d = self.block_data(block)?;
        if d.parent != NONE {
            return Err(Error::invalid("block is already in a region; detach it first"));
        }
        // A block holding the region's own parent op (directly or deeper) would make that op
        // its own ancestor.
        let region_owner = self.ir.regions.get(region).parent;
        if self.block_contains_op_index(block.index, region_owner) {
            return Err(Error::new(ErrorKind::Cycle, "inserting this block would make an operation its own ancestor"));
        }
        {
            let b = self.ir.blocks.get_mut(block.index);
            b.parent = region;
            b.prev = prev;
            b.next = next;
        }
        if prev == NONE {
            self.ir.regions.get_mut(region).first_block = block.index;
        } else {
            self.ir.blocks.get_mut(prev).next = block.index;
        }
        if next == NONE {
            self.ir.regions.get_mut(region).last_block = block.index;
        } else {
            self.ir.blocks.get_mut(next).prev = block.index;
        }
        Ok(())
    }

    fn block_contains_op_index(&self, block: u32, op: u32) -> bool {
        let mut cur = self.ir.link(op).parent;
        while cur != NONE {
            if cur == block {
                return true;
            }
            match self.parent_op_of_block_index(cur) {
                Some(p) => cur = self.ir.link(p).parent,
                None => return false,
            }
        }
        false
    }

    /// Takes the block out of its region (ops and arguments stay with it). It must have no
    /// predecessors, since branches may only target blocks of their own region.
    pub fn detach_block(&mut self, block: BlockId) -> Result<()> {
        let d = self.block_data(block)?;
        if d.parent == NONE {
            return Ok(());
        }
        if !d.first_pred.is_none() {
            return Err(Error::new(ErrorKind::StillInUse, "block still has predecessors"));
        }
        self.unlink_block(block.index);
        Ok(())
    }

    fn unlink_block(&mut self, block: u32) {
        let (region, prev, next) = {
            let b = self.ir.blocks.get(block);
            (b.parent, b.prev, b.next)
        };
        if prev == NONE {
            self.ir.regions.get_mut(region).first_block = next;
        } else {
            self.ir.blocks.get_mut(prev).next = next;
        }
        if next == NONE {
            self.ir.regions.get_mut(region).last_block = prev;
        } else {
            self.ir.blocks.get_mut(next).prev = prev;
        }
        let b = self.ir.blocks.get_mut(block);
        b.parent = NONE;
        b.prev = NONE;
        b.next = NONE;
    }

    /// Erases a block and everything in it. Its arguments and results inside it must have no
    /// uses outside it, and it must have no predecessors outside it.
    pub fn erase_block(&mut self, block: BlockId) -> Result<()> {
        self.block_data(block)?;
        let subtree = self.collect_block_subtree(block.index);
        self.check_no_external_uses(&subtree)?;
        if self.block_data(block)?.parent != NONE {
            self.unlink_block(block.index);
        }
        self.free_subtree(&subtree, EraseMode::RequireNoUses);
        Ok(())
    }
}

// ---- insertion, motion, erasure ----

/// The ops, blocks and regions of a subtree, for erasure.
pub(crate) struct Subtree {
    pub(crate) ops: Vec<u32>,
    pub(crate) blocks: Vec<u32>,
    pub(crate) regions: Vec<u32>,
    /// Membership test for large subtrees, built on first use (small ones scan `ops`;
    /// cloning never asks).
    op_set: std::cell::OnceCell<rustc_hash::FxHashSet<u32>>,
}

impl Subtree {
    fn has_op(&self, op: u32) -> bool {
        if self.ops.len() <= 8 {
            return self.ops.contains(&op);
        }
        self.op_set.get_or_init(|| self.ops.iter().copied().collect()).contains(&op)
    }
}

/// Old index -> new index, for cloning: a dense table when the subtree is a large part of
/// the arena (no hashing per operand), a hash map otherwise (no arena-sized allocation for a
/// small clone in a big context).
enum IndexMap {
    Dense(Vec<u32>),
    Sparse(rustc_hash::FxHashMap<u32, u32>),
}

impl IndexMap {
    fn new(entries: usize, arena_len: usize) -> IndexMap {
        if entries.saturating_mul(8) >= arena_len {
            IndexMap::Dense(vec![NONE; arena_len])
        } else {
            let mut m = rustc_hash::FxHashMap::default();
            m.reserve(entries);
            IndexMap::Sparse(m)
        }
    }
    #[inline]
    fn insert(&mut self, old: u32, new: u32) {
        match self {
            IndexMap::Dense(v) => v[old as usize] = new,
            IndexMap::Sparse(m) => {
                m.insert(old, new);
            }
        }
    }
    #[inline]
    fn get(&self, old: u32) -> Option<u32> {
        match self {
            IndexMap::Dense(v) => v.get(old as usize).copied().filter(|&n| n != NONE),
            IndexMap::Sparse(m) => m.get(&old).copied(),
        }
    }
}

impl Context {
    fn resolve_insert_point(&self, point: InsertPoint) -> Result<(u32, u32, u32)> {
        // (block, prev, next)
        match point {
            InsertPoint::BlockStart(b) => {
                let d = self.block_data(b)?;
                Ok((b.index, NONE, d.first_op))
            }
            InsertPoint::BlockEnd(b) => {
                let d = self.block_data(b)?;
                Ok((b.index, d.last_op, NONE))
            }
            InsertPoint::Before(op) => {
                let d = self.op_links(op)?;
                if d.parent == NONE {
                    return Err(Error::invalid("cannot insert before a detached operation"));
                }
                Ok((d.parent, d.prev, op.index))
            }
            InsertPoint::After(op) => {
                let d = self.op_links(op)?;
                if d.parent == NONE {
                    return Err(Error::invalid("cannot insert after a detached operation"));
                }
                Ok((d.parent, op.index, d.next))
            }
        }
    }

    /// Whether putting `op` into `block` would make it its own ancestor.
    fn would_cycle(&self, op: u32, block: u32) -> bool {
        let mut cur = block;
        while cur != NONE {
            match self.parent_op_of_block_index(cur) {
                Some(p) if p == op => return true,
                Some(p) => cur = self.ir.link(p).parent,
                None => return false,
            }
        }
        false
    }

    /// Inserts a detached operation at `point`.
    pub fn insert_op(&mut self, op: OpId, point: InsertPoint) -> Result<()> {
        if self.op_links(op)?.parent != NONE {
            return Err(Error::invalid("operation is already in a block; use move_op or detach it first"));
        }
        let (block, prev, next) = self.resolve_insert_point(point)?;
        if self.would_cycle(op.index, block) {
            return Err(Error::new(ErrorKind::Cycle, "inserting an operation into its own region"));
        }
        self.link_op(op.index, block, prev, next);
        Ok(())
    }

    /// Moves an operation (attached or not) to `point`.
    pub fn move_op(&mut self, op: OpId, point: InsertPoint) -> Result<()> {
        self.check_op(op)?;
        if point == InsertPoint::Before(op) || point == InsertPoint::After(op) {
            return Ok(());
        }
        let (block, _, _) = self.resolve_insert_point(point)?;
        if self.would_cycle(op.index, block) {
            return Err(Error::new(ErrorKind::Cycle, "moving an operation into its own region"));
        }
        if self.ir.link(op.index).parent != NONE {
            self.unlink_op(op.index);
        }
        // Resolve again: unlinking may have changed the neighbours.
        let (block, prev, next) = self.resolve_insert_point(point)?;
        self.link_op(op.index, block, prev, next);
        Ok(())
    }

    /// Takes an operation out of its block; the caller then owns it. Its operands keep
    /// their values (as MLIR's `Operation::remove`).
    pub fn detach_op(&mut self, op: OpId) -> Result<()> {
        if self.op_links(op)?.parent != NONE {
            self.unlink_op(op.index);
        }
        Ok(())
    }

    fn link_op(&mut self, op: u32, block: u32, prev: u32, next: u32) {
        {
            let d = self.ir.link_mut(op);
            d.parent = block;
            d.prev = prev;
            d.next = next;
        }
        if prev == NONE {
            self.ir.blocks.get_mut(block).first_op = op;
        } else {
            self.ir.link_mut(prev).next = op;
        }
        if next == NONE {
            self.ir.blocks.get_mut(block).last_op = op;
        } else {
            self.ir.link_mut(next).prev = op;
        }
    }

    fn unlink_op(&mut self, op: u32) {
        self.splice_out(*self.ir.link(op));
        let d = self.ir.link_mut(op);
        d.parent = NONE;
        d.prev = NONE;
        d.next = NONE;
    }

    /// Joins the neighbours of an attached op whose links are `links`, leaving the op's
    /// own links stale (the caller resets them or frees the op).
    #[inline(always)]
    fn splice_out(&mut self, links: OpLinks) {
        let OpLinks { parent: block, prev, next, .. } = links;
        if prev == NONE {
            self.ir.blocks.get_mut(block).first_op = next;
        } else {
            self.ir.link_mut(prev).next = next;
        }
        if next == NONE {
            self.ir.blocks.get_mut(block).last_op = prev;
        } else {
            self.ir.link_mut(next).prev = prev;
        }
    }

    /// Erases an operation and everything nested in it. With
    /// [`EraseMode::RequireNoUses`], results still used outside the erased IR make this
    /// fail with `StillInUse` and change nothing.
    #[inline]
    pub fn erase_op(&mut self, op: OpId) -> Result<()> {
        self.erase_op_with(op, EraseMode::RequireNoUses)
    }

    pub fn erase_op_with(&mut self, op: OpId, mode: EraseMode) -> Result<()> {
        self.check_op(op)?;
        let links = *self.ir.link(op.index);
        if links.has_extra {
            return self.erase_op_tree(op, mode);
        }
        // Fast path: a leaf op (no regions, no successors). Never reads its record.
        if mode == EraseMode::RequireNoUses {
            // Uses by the op itself (legal in graph regions) are inside the erased IR.
            if let Some(i) = self.ir.ops.result_used_by_others(op.index) {
                return Err(self.in_use_error(op.index, i));
            }
        } else {
            self.drop_result_uses(op.index);
        }
        let Ir { ops, blocks, .. } = &mut self.ir;
        ops.erase_leaf(op.index, blocks);
        Ok(())
    }

    /// Erases an op with regions or successors, and everything nested in it.
    #[inline(never)]
    fn erase_op_tree(&mut self, op: OpId, mode: EraseMode) -> Result<()> {
        let subtree = self.collect_op_subtree(op.index);
        if mode == EraseMode::RequireNoUses {
            self.check_no_external_uses(&subtree)?;
        } else {
            self.check_no_external_preds(&subtree)?;
        }
        if self.ir.link(op.index).parent != NONE {
            self.unlink_op(op.index);
        }
        self.free_subtree(&subtree, mode);
        Ok(())
    }

    fn drop_result_uses(&mut self, op: u32) {
        for i in 0..self.ir.ops.hot(op).num_results {
            self.drop_uses_ref(ValueRef { owner: op, number: i });
        }
    }

    #[cold]
    #[inline(never)]
    fn in_use_error(&self, op: u32, result: usize) -> Error {
        let d = self.ir.ops.get(op);
        let first = d.results[result].first_use;
        let user = self.ident_str(self.ir.ops.record(self.ir.ops.user(first)).name);
        Error::new(
            ErrorKind::StillInUse,
            format!(
                "cannot erase '{}': result #{result} is still used by '{user}' (replace or drop its uses first)",
                self.ident_str(d.name)
            ),
        )
    }

    fn drop_uses_ref(&mut self, v: ValueRef) {
        let mut u = self.first_use(v);
        while u != NONE {
            let s = self.use_slot_mut(u);
            let next = s.next;
            s.value = ValueRef::NULL;
            s.prev = NONE;
            s.next = NONE;
            u = next;
        }
        *self.first_use_mut(v) = NONE;
    }

    pub(crate) fn collect_op_subtree(&self, root: u32) -> Subtree {
        let mut s = Subtree { ops: vec![root], blocks: Vec::new(), regions: Vec::new(), op_set: Default::default() };
        let mut i = 0;
        while i < s.ops.len() {
            let op = s.ops[i];
            i += 1;
            // Ops without regions are most ops: their records are not read.
            if !self.ir.link(op).has_regions {
                continue;
            }
            for &r in self.ir.ops.record(op).regions() {
                s.regions.push(r);
                let mut b = self.ir.regions.get(r).first_block;
                while b != NONE {
                    s.blocks.push(b);
                    let mut o = self.ir.blocks.get(b).first_op;
                    while o != NONE {
                        s.ops.push(o);
                        o = self.ir.link(o).next;
                    }
                    b = self.ir.blocks.get(b).next;
                }
            }
        }
        s
    }

    fn collect_block_subtree(&self, block: u32) -> Subtree {
        let mut s = Subtree { ops: Vec::new(), blocks: vec![block], regions: Vec::new(), op_set: Default::default() };
        let mut o = self.ir.blocks.get(block).first_op;
        while o != NONE {
            let sub = self.collect_op_subtree(o);
            s.ops.extend(sub.ops);
            s.blocks.extend(sub.blocks);
            s.regions.extend(sub.regions);
            o = self.ir.link(o).next;
        }
        s
    }

    fn check_no_external_uses(&self, s: &Subtree) -> Result<()> {
        for &op in &s.ops {
            for (i, r) in self.ir.ops.results_of(op).iter().enumerate() {
                let mut u = r.first_use;
                while u != NONE {
                    let slot = self.use_slot(u);
                    if !s.has_op(self.ir.ops.user(u)) {
                        return Err(self.in_use_error(op, i));
                    }
                    u = slot.next;
                }
            }
        }
        for &b in &s.blocks {
            for (i, a) in self.ir.blocks.get(b).args.iter().enumerate() {
                let mut u = a.first_use;
                while u != NONE {
                    let slot = self.use_slot(u);
                    if !s.has_op(self.ir.ops.user(u)) {
                        return Err(Error::new(
                            ErrorKind::StillInUse,
                            format!("block argument #{i} is still used outside the erased IR"),
                        ));
                    }
                    u = slot.next;
                }
            }
        }
        self.check_no_external_preds(s)
    }

    fn check_no_external_preds(&self, s: &Subtree) -> Result<()> {
        for &b in &s.blocks {
            let mut u = self.ir.blocks.get(b).first_pred;
            while !u.is_none() {
                if !s.has_op(u.op) {
                    return Err(Error::new(
                        ErrorKind::StillInUse,
                        "a block to erase is still a successor of another block",
                    ));
                }
                u = self.ir.ops.get(u.op).successors()[u.index as usize].next;
            }
        }
        Ok(())
    }

    fn free_subtree(&mut self, s: &Subtree, mode: EraseMode) {
        for &op in &s.ops {
            self.unlink_all_operands(op);
            self.unlink_all_successors(op);
        }
        if mode == EraseMode::DropUses {
            for &op in &s.ops {
                for i in 0..self.ir.ops.hot(op).num_results {
                    self.drop_uses_ref(ValueRef { owner: op, number: i });
                }
            }
            for &b in &s.blocks {
                for i in 0..self.ir.blocks.get(b).args.len() as u32 {
                    self.drop_uses_ref(ValueRef { owner: b, number: i | ARG_BIT });
                }
            }
        }
        for &op in &s.ops {
            self.ir.ops.free(op);
        }
        for &b in &s.blocks {
            self.ir.blocks.free(b);
        }
        for &r in &s.regions {
            self.ir.regions.free(r);
        }
    }

    /// Drops every operand of every op nested in `op` (and of `op`), as MLIR's
    /// `dropAllReferences`, so that the IR can be erased in any order.
    pub fn drop_all_references(&mut self, op: OpId) -> Result<()> {
        self.check_op(op)?;
        let s = self.collect_op_subtree(op.index);
        for &o in &s.ops {
            self.unlink_all_operands(o);
            for k in 0..self.ir.ops.hot(o).num_operands {
                self.set_operand_value(o, k, ValueRef::NULL);
            }
        }
        Ok(())
    }
}

// ---- cloning ----

impl Context {
    /// A deep copy of `op`, detached. Values defined inside `op` are remapped to their
    /// copies; values from outside are shared.
    pub fn clone_op(&mut self, op: OpId) -> Result<OpId> {
        self.check_op(op)?;
        let s = self.collect_op_subtree(op.index);
        // Allocations below grow the arenas; size the maps for the arenas as they are now
        // (the originals' indices are all below that).
        let mut op_map = IndexMap::new(s.ops.len(), self.ir.ops.capacity_index());
        let mut block_map = IndexMap::new(s.blocks.len(), self.ir.blocks.capacity_index());
        let mut new_ops: Vec<u32> = Vec::with_capacity(s.ops.len());
        // Pass 1: ops (operands copied unlinked, still naming the original values), regions,
        // blocks, in pre-order; nested ops are visited after their parent, so their new
        // block already exists.
        for &o in &s.ops {
            let d = self.ir.ops.record(o);
            let new = OpData::new(d.name, d.loc, d.properties, d.extra.as_ref().map(|_| Box::default()));
            let regions: Vec<u32> = d.regions().to_vec();
            let links =
                OpLinks { has_regions: !regions.is_empty(), has_extra: new.extra.is_some(), ..OpLinks::DETACHED };
            let (new_index, _) = self.ir.ops.alloc_copy(new, links, o);
            op_map.insert(o, new_index);
            new_ops.push(new_index);
            if !regions.is_empty() {
                let mut new_regions = Vec::with_capacity(regions.len());
                for r in regions {
                    let (nr, _) =
                        self.ir.regions.alloc(RegionData { parent: new_index, first_block: NONE, last_block: NONE });
                    new_regions.push(nr);
                    let mut b = self.ir.regions.get(r).first_block;
                    while b != NONE {
                        let args = self
                            .ir
                            .blocks
                            .get(b)
                            .args
                            .iter()
                            .enumerate()
                            .map(|(i, a)| ArgSlot { ty: a.ty, loc: a.loc, first_use: NONE, tag: i as u32 })
                            .collect::<Vec<_>>();
                        let next_tag = args.len() as u32;
                        let last = self.ir.regions.get(nr).last_block;
                        let (nb, _) = self.ir.blocks.alloc(BlockData {
                            parent: nr,
                            prev: last,
                            next: NONE,
                            first_op: NONE,
                            last_op: NONE,
                            args,
                            first_pred: UseRef::NONE,
                            next_tag,
                        });
                        block_map.insert(b, nb);
                        if last == NONE {
                            self.ir.regions.get_mut(nr).first_block = nb;
                        } else {
                            self.ir.blocks.get_mut(last).next = nb;
                        }
                        self.ir.regions.get_mut(nr).last_block = nb;
                        b = self.ir.blocks.get(b).next;
                    }
                }
                self.ir.ops.record_mut(new_index).extra.as_mut().expect("extra").regions = new_regions.into();
            }
            // Place the copy in the copy of its parent block (the root stays detached).
            if o != op.index {
                let old_parent = self.ir.link(o).parent;
                let new_block = block_map.get(old_parent).expect("parent block cloned before its ops");
                let last = self.ir.blocks.get(new_block).last_op;
                self.link_op(new_index, new_block, last, NONE);
            }
        }
        // Pass 2: operands and successors, remapped and linked.
        let map_value = |v: ValueRef| -> ValueRef {
            if v.is_null() {
                return v;
            }
            let mapped = if v.is_arg() { block_map.get(v.owner) } else { op_map.get(v.owner) };
            mapped.map_or(v, |owner| ValueRef { owner, number: v.number })
        };
        for (&o, &new_index) in s.ops.iter().zip(&new_ops) {
            let h = self.ir.ops.hot(new_index);
            for id in h.operands..h.operands + h.num_operands {
                let slot = self.use_slot_mut(id);
                slot.value = map_value(slot.value);
                slot.prev = NONE;
                slot.next = NONE;
                self.link_use(id);
            }
            if self.ir.link(new_index).has_extra {
                let successors: Vec<SuccessorSlot> = self
                    .ir
                    .ops
                    .get(o)
                    .successors()
                    .iter()
                    .map(|slot| SuccessorSlot {
                        block: block_map.get(slot.block).unwrap_or(slot.block),
                        prev: UseRef::NONE,
                        next: UseRef::NONE,
                    })
                    .collect();
                if let Some(e) = self.ir.ops.record_mut(new_index).extra.as_mut() {
                    e.successors = successors;
                }
                self.link_all_successors(new_index);
            }
        }
        Ok(self.op_handle(new_ops[0]))
    }
}

/// Where the argument with identity `tag` is (see `ArgSlot::tag`): at `tag` itself until an
/// earlier argument is erased, else found by binary search (identities grow with position,
/// as arguments are only appended) — `None` once it was erased.
fn arg_position(args: &[ArgSlot], tag: u32) -> Option<usize> {
    if args.get(tag as usize).is_some_and(|a| a.tag == tag) {
        return Some(tag as usize);
    }
    args.binary_search_by_key(&tag, |a| a.tag).ok()
}
