//! Dominance and ordering queries (MLIR's `DominanceInfo`), and IR queries added to the C API
//! after the first version of this crate: indexed predecessors and uses, and the operand and
//! result groups of registered operations.

use std::ops::Range;

use omnir_sys as sys;

use crate::error::{out, Result};
use crate::handle::{buffer, opt};
use crate::ir::{BlockOperand, OpOperand};
use crate::{Block, Operation, Region, Value};

impl Operation {
    /// Whether this operation dominates `other` (with `properly`: and is not `other`), as
    /// MLIR's `DominanceInfo::dominates` / `properlyDominates`. In one block, this one must
    /// come first (always so in a graph region); in different blocks of one region, this
    /// one's block must dominate `other`'s; otherwise `other` is replaced by its ancestor in
    /// this operation's region, and an operation that encloses `other` dominates it.
    /// Detached operations dominate nothing but themselves.
    pub fn dominates(&self, other: &Operation, properly: bool) -> Result<bool> {
        // SAFETY: live context, plain handles, valid out-pointer (same for every call below).
        out(|p| unsafe { sys::omnir_op_dominates(self.cx(), self.raw, other.raw, properly, p) })
    }

    /// Whether this operation comes before `other` in their block (MLIR's
    /// `Operation::isBeforeInBlock`); [`Status::InvalidArgument`](crate::Status) when the two
    /// are not in one block.
    pub fn is_before_in_block(&self, other: &Operation) -> Result<bool> {
        out(|p| unsafe { sys::omnir_op_is_before_in_block(self.cx(), self.raw, other.raw, p) })
    }

    /// The operand index range of each operand group of a registered operation, as its
    /// definition lays them out (MLIR's `getODSOperandIndexAndLength`):
    /// [`Status::NotRegistered`](crate::Status) for an unregistered operation,
    /// [`Status::InvalidArgument`](crate::Status) when the operands do not fit the
    /// definition.
    pub fn operand_groups(&self) -> Result<Vec<Range<usize>>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_op_get_operand_groups(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(range).collect())
    }

    /// The result index range of each result group of a registered operation (see
    /// [`Operation::operand_groups`]).
    pub fn result_groups(&self) -> Result<Vec<Range<usize>>> {
        let raw = buffer(|b, cap, n| unsafe { sys::omnir_op_get_result_groups(self.cx(), self.raw, b, cap, n) })?;
        Ok(raw.into_iter().map(range).collect())
    }

    /// Operand group `group` of a registered operation, as a range of operand indices.
    pub fn operand_group(&self, group: usize) -> Result<Range<usize>> {
        out(|p| unsafe { sys::omnir_op_get_operand_group(self.cx(), self.raw, group, p) }).map(range)
    }

    /// Result group `group` of a registered operation, as a range of result indices.
    pub fn result_group(&self, group: usize) -> Result<Range<usize>> {
        out(|p| unsafe { sys::omnir_op_get_result_group(self.cx(), self.raw, group, p) }).map(range)
    }

    /// The operands of operand group `group` (see [`Operation::operand_group`]).
    pub fn operand_group_values(&self, group: usize) -> Result<Vec<Value>> {
        self.operand_group(group)?.map(|i| self.operand(i)).collect()
    }

    /// The results of result group `group` (see [`Operation::result_group`]).
    pub fn result_group_values(&self, group: usize) -> Result<Vec<Value>> {
        self.result_group(group)?.map(|i| self.result(i)).collect()
    }
}

fn range(r: sys::omnir_index_range) -> Range<usize> {
    r.start..r.start + r.len
}

impl Block {
    /// Whether this block dominates `other` in the control-flow graph of their region (with
    /// `properly`: and is not `other`; in a graph region a block properly dominates itself,
    /// as in MLIR). An `other` in a nested region is compared through its ancestor in this
    /// block's region.
    pub fn dominates(&self, other: &Block, properly: bool) -> Result<bool> {
        // SAFETY: live context, plain handles, valid out-pointer (same for every call below).
        out(|p| unsafe { sys::omnir_block_dominates(self.cx(), self.raw, other.raw, properly, p) })
    }

    /// The immediate dominator of the block in its region's control-flow graph; `None` for
    /// an entry block, an unreachable block, or a block outside any region.
    pub fn immediate_dominator(&self) -> Result<Option<Block>> {
        let b: sys::omnir_block = out(|p| unsafe { sys::omnir_block_get_immediate_dominator(self.cx(), self.raw, p) })?;
        Ok(opt(b).map(|raw| Block { ctx: self.ctx.clone(), raw }))
    }

    /// Whether the block can be reached from the entry block of its region (a block outside
    /// any region counts as its own entry).
    pub fn is_reachable(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_block_is_reachable(self.cx(), self.raw, p) })
    }

    /// The number of predecessor uses (one per successor slot that targets the block).
    pub fn num_predecessors(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_block_get_num_predecessors(self.cx(), self.raw, p) })
    }

    /// Predecessor use `index`, most recently added first (the order of
    /// [`Block::predecessors`]).
    pub fn predecessor(&self, index: usize) -> Result<BlockOperand> {
        let u: sys::omnir_block_operand =
            out(|p| unsafe { sys::omnir_block_get_predecessor(self.cx(), self.raw, index, p) })?;
        Ok(BlockOperand { op: Operation { ctx: self.ctx.clone(), raw: u.op }, index: u.index as usize })
    }
}

impl Region {
    /// Whether the operations of the region must follow SSA dominance: false for a
    /// single-block graph region (of an operation with the graph-region trait, or of an
    /// unregistered operation), true otherwise (MLIR's `DominanceInfo::hasSSADominance`).
    pub fn has_ssa_dominance(&self) -> Result<bool> {
        // SAFETY: live context, plain handle, valid out-pointer.
        out(|p| unsafe { sys::omnir_region_has_ssa_dominance(self.cx(), self.raw, p) })
    }
}

impl Value {
    /// Whether the value may be used by `user` (MLIR's `DominanceInfo::properlyDominates(Value,
    /// Operation *)`, the check the verifier makes for every operand): a block argument
    /// dominates the operations of its block and of the blocks it dominates, nested ones
    /// included; a result dominates what its defining operation properly dominates, except
    /// operations nested in the defining operation itself.
    pub fn dominates_use(&self, user: &Operation) -> Result<bool> {
        // SAFETY: live context, plain handles, valid out-pointer (same below).
        out(|p| unsafe { sys::omnir_value_dominates_use(self.cx(), self.raw, user.raw, p) })
    }

    /// Use `index` of the value, most recently added first (the order of [`Value::uses`]).
    /// Linear in `index`: iterate with [`Value::uses`].
    pub fn use_at(&self, index: usize) -> Result<OpOperand> {
        let u: sys::omnir_op_operand = out(|p| unsafe { sys::omnir_value_get_use(self.cx(), self.raw, index, p) })?;
        Ok(OpOperand { op: Operation { ctx: self.ctx.clone(), raw: u.op }, index: u.index as usize })
    }
}
