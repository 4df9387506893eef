//! Common-subexpression elimination, following MLIR's `CSE.cpp`.
//!
//! Ops are visited in the order MLIR visits them: each region's dominator tree depth-first
//! (single-block regions directly), an op's regions before the op itself, with a scoped hash
//! table of known ops so that an op is only replaced by an equivalent op that dominates it.
//! An op that might be isolated from above (registered with the trait, or unregistered)
//! starts a fresh table for its regions. Along the way, trivially dead ops are erased, as
//! MLIR's CSE does.
//!
//! An op is a candidate when it is known to be free of side effects (registered and
//! [`crate::dialect::Traits::PURE`]; unregistered ops have unknown effects, as in MLIR), is
//! not a terminator and has no regions (MLIR also compares single-block regions of pure ops;
//! omnir does not CSE ops with regions yet). Two candidates are equivalent when they have
//! the same name, operands (in any order for commutative ops), result types, discardable
//! attributes, properties and successors;
//! locations are ignored, except that a surviving op with an unknown location takes the
//! location of the op it replaces.
//!
//! The pass is two-phase: [`Cse::analyze`] simulates the whole algorithm read-only (uses
//! redirected to surviving ops are tracked in a remapping table) and produces a plan;
//! `run` applies it.

use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::effects::{is_memory_effect_free, is_op_trivially_dead};
use super::{Analysis, Pass};
use crate::attrs::{Location, LocationKind};
use crate::context::Context;
use crate::dialect::Traits;
use crate::dominance::DominanceInfo;
use crate::error::{Error, Result};
use crate::ir::{BlockId, OpId, RegionId, Value};

pub(crate) struct Cse;

/// What CSE will do to one op: computed by `analyze`, applied by `run`.
#[derive(Default, Debug)]
pub(crate) struct CsePlan {
    /// (duplicate, survivor): every use of the duplicate's results moves to the survivor's.
    all_uses: Vec<(OpId, OpId)>,
    /// (user, operand index, new value): in regions without SSA dominance, only the uses
    /// not yet visited move.
    some_uses: Vec<(OpId, u32, Value)>,
    locations: Vec<(OpId, Location)>,
    /// In erase order (nested ops before their parents).
    erase: Vec<OpId>,
}

impl Pass for Cse {
    fn has_analysis(&self) -> bool {
        true
    }

    fn analyze(&self, ctx: &Context, op: OpId) -> Result<Analysis> {
        Ok(Box::new(analyze(ctx, op)?))
    }

    fn run(&self, ctx: &mut Context, op: OpId, analysis: Option<Analysis>) -> Result<()> {
        let plan = match analysis {
            Some(a) => *a.downcast::<CsePlan>().map_err(|_| Error::invalid("cse was given another pass's analysis"))?,
            None => analyze(ctx, op)?,
        };
        apply(ctx, plan)
    }
}

/// CSE over what `root` holds, in one go (the canonicalizer's `cse-between-iterations`);
/// whether it changed anything.
pub(crate) fn run_on(ctx: &mut Context, root: OpId) -> Result<bool> {
    let plan = analyze(ctx, root)?;
    let changed = !(plan.all_uses.is_empty() && plan.some_uses.is_empty() && plan.erase.is_empty());
    apply(ctx, plan)?;
    Ok(changed)
}

fn apply(ctx: &mut Context, plan: CsePlan) -> Result<()> {
    for (dup, survivor) in plan.all_uses {
        let values = ctx.op_results(survivor)?;
        ctx.replace_op_uses(dup, &values)?;
    }
    for (user, index, value) in plan.some_uses {
        ctx.set_operand(user, index as usize, value)?;
    }
    for (op, loc) in plan.locations {
        ctx.set_op_location(op, loc)?;
    }
    for op in plan.erase {
        // Ops nested in an op erased earlier went with it.
        if ctx.is_op_live(op) {
            ctx.erase_op(op)?;
        }
    }
    Ok(())
}

type Operands = SmallVec<[Option<Value>; 4]>;

struct Entry {
    hash: u64,
    /// Insertion order: a read-only op shadows an earlier equivalent one.
    seq: u32,
    op: OpId,
    /// The op's operands as they were (after earlier replacements) when it became known.
    operands: Operands,
}

/// MLIR's `ScopedHashTable`: one hash table, and a log of insertions to undo per scope.
#[derive(Default)]
struct ScopedTable {
    table: HashTable<Entry>,
    log: Vec<(u64, OpId)>,
    marks: Vec<usize>,
}

impl ScopedTable {
    fn push_scope(&mut self) {
        self.marks.push(self.log.len());
    }
    fn pop_scope(&mut self) {
        let mark = self.marks.pop().unwrap_or(0);
        for (hash, op) in self.log.drain(mark..) {
            if let Ok(e) = self.table.find_entry(hash, |e| e.op == op) {
                e.remove();
            }
        }
    }
}

enum Work {
    Region {
        region: RegionId,
        table: usize,
    },
    /// The rest of a block, from `next`.
    Block {
        next: Option<OpId>,
        ssa: bool,
        table: usize,
    },
    Simplify {
        op: OpId,
        ssa: bool,
        table: usize,
    },
    /// The dominator-tree children of `block` from `index` on, then the end of its scope.
    DomChildren {
        children: Rc<FxHashMap<BlockId, Vec<BlockId>>>,
        block: BlockId,
        index: usize,
        table: usize,
    },
    PopScope {
        table: usize,
    },
    DropTable,
}

struct Analyzer<'c> {
    ctx: &'c Context,
    dom: DominanceInfo<'c>,
    /// Results of erased duplicates -> the survivor's results (SSA regions).
    remap: FxHashMap<Value, Value>,
    /// Individual uses moved to a survivor (regions without SSA dominance).
    moved_uses: FxHashMap<(OpId, u32), Value>,
    /// Survivors whose location changed.
    new_locations: FxHashMap<OpId, Location>,
    tables: Vec<ScopedTable>,
    plan: CsePlan,
    seq: u32,
}

pub(crate) fn analyze(ctx: &Context, root: OpId) -> Result<CsePlan> {
    let mut a = Analyzer {
        ctx,
        dom: DominanceInfo::new(ctx),
        remap: FxHashMap::default(),
        moved_uses: FxHashMap::default(),
        new_locations: FxHashMap::default(),
        tables: vec![ScopedTable::default()],
        plan: CsePlan::default(),
        seq: 0,
    };
    let mut stack: Vec<Work> = Vec::new();
    for region in ctx.op_regions(root)?.into_iter().rev() {
        stack.push(Work::Region { region, table: 0 });
    }
    while let Some(w) = stack.pop() {
        match w {
            Work::Region { region, table } => a.enter_region(&mut stack, region, table)?,
            Work::Block { next, ssa, table } => {
                let Some(op) = next else { continue };
                stack.push(Work::Block { next: ctx.op_next(op)?, ssa, table });
                stack.push(Work::Simplify { op, ssa, table });
                let n = ctx.op_num_regions(op)?;
                if n > 0 {
                    // An op that might be isolated from above gets a table of its own: its
                    // regions cannot use values from outside (MLIR's `mightHaveTrait`).
                    let isolated = ctx.op_def(op)?.map_or(true, |d| d.has_trait(Traits::ISOLATED_FROM_ABOVE));
                    let nested = if isolated {
                        a.tables.push(ScopedTable::default());
                        stack.push(Work::DropTable);
                        a.tables.len() - 1
                    } else {
                        table
                    };
                    for i in (0..n).rev() {
                        stack.push(Work::Region { region: ctx.op_region(op, i)?, table: nested });
                    }
                }
            }
            Work::Simplify { op, ssa, table } => a.simplify(op, ssa, table)?,
            Work::DomChildren { children, block, index, table } => {
                let child = children.get(&block).and_then(|c| c.get(index)).copied();
                match child {
                    Some(child) => {
                        stack.push(Work::DomChildren { children: children.clone(), block, index: index + 1, table });
                        a.tables[table].push_scope();
                        stack.push(Work::DomChildren { children, block: child, index: 0, table });
                        stack.push(Work::Block { next: ctx.block_first_op(child)?, ssa: true, table });
                    }
                    None => a.tables[table].pop_scope(),
                }
            }
            Work::PopScope { table } => a.tables[table].pop_scope(),
            Work::DropTable => {
                a.tables.pop();
            }
        }
    }
    let mut plan = a.plan;
    plan.locations = a.new_locations.into_iter().collect();
    plan.locations.sort_by_key(|(op, _)| *op);
    Ok(plan)
}

impl Analyzer<'_> {
    fn enter_region(&mut self, stack: &mut Vec<Work>, region: RegionId, table: usize) -> Result<()> {
        let ctx = self.ctx;
        let Some(entry) = ctx.region_first_block(region)? else { return Ok(()) };
        let ssa = self.dom.has_ssa_dominance(region)?;
        if ctx.block_next(entry)?.is_none() {
            self.tables[table].push_scope();
            stack.push(Work::PopScope { table });
            stack.push(Work::Block { next: ctx.block_first_op(entry)?, ssa, table });
            return Ok(());
        }
        // Multi-block regions without SSA dominance are skipped, as in MLIR.
        if !ssa {
            return Ok(());
        }
        let mut children: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        let mut b = ctx.block_next(entry)?;
        while let Some(block) = b {
            if let Some(idom) = self.dom.immediate_dominator(block)? {
                children.entry(idom).or_default().push(block);
            }
            b = ctx.block_next(block)?;
        }
        self.tables[table].push_scope();
        stack.push(Work::DomChildren { children: Rc::new(children), block: entry, index: 0, table });
        stack.push(Work::Block { next: ctx.block_first_op(entry)?, ssa, table });
        Ok(())
    }

    /// The operands of `op` after the replacements decided so far.
    fn operands(&self, op: OpId) -> Result<Operands> {
        let n = self.ctx.op_num_operands(op)?;
        let mut out = Operands::with_capacity(n);
        for i in 0..n {
            let mut v = self.ctx.op_operand(op, i)?;
            if !self.moved_uses.is_empty() {
                if let Some(moved) = self.moved_uses.get(&(op, i as u32)) {
                    out.push(Some(*moved));
                    continue;
                }
            }
            if let Some(value) = v {
                if let Some(to) = self.remap.get(&value) {
                    v = Some(*to);
                }
            }
            out.push(v);
        }
        // A commutative op equals another with its operands in any order: compare them
        // sorted, as MLIR's OperationEquivalence does.
        if n > 1 && self.ctx.op_def(op)?.is_some_and(|d| d.has_trait(Traits::COMMUTATIVE)) {
            out.sort_unstable();
        }
        Ok(out)
    }

    fn hash(&self, op: OpId, operands: &Operands) -> Result<u64> {
        let ctx = self.ctx;
        let mut h = FxHasher::default();
        ctx.op_name_id(op)?.hash(&mut h);
        operands.hash(&mut h);
        let n = ctx.op_num_results(op)?;
        n.hash(&mut h);
        for i in 0..n {
            ctx.value_type(ctx.op_result(op, i)?)?.hash(&mut h);
        }
        ctx.op_attributes(op)?.hash(&mut h);
        ctx.op_properties(op)?.hash(&mut h);
        let s = ctx.op_num_successors(op)?;
        for i in 0..s {
            ctx.op_successor(op, i)?.hash(&mut h);
        }
        Ok(h.finish())
    }

    /// MLIR's `OperationEquivalence::isEquivalentTo` with `IgnoreLocations`, for ops without
    /// regions.
    fn equivalent(&self, known: &Entry, op: OpId, operands: &Operands) -> bool {
        let ctx = self.ctx;
        let k = known.op;
        if known.operands != *operands {
            return false;
        }
        let same = || -> Result<bool> {
            if ctx.op_name_id(k)? != ctx.op_name_id(op)?
                || ctx.op_attributes(k)? != ctx.op_attributes(op)?
                || ctx.op_properties(k)? != ctx.op_properties(op)?
                || ctx.op_num_regions(k)? != ctx.op_num_regions(op)?
            {
                return Ok(false);
            }
            let n = ctx.op_num_results(op)?;
            if ctx.op_num_results(k)? != n {
                return Ok(false);
            }
            for i in 0..n {
                if ctx.value_type(ctx.op_result(k, i)?)? != ctx.value_type(ctx.op_result(op, i)?)? {
                    return Ok(false);
                }
            }
            Ok(ctx.op_successors(k)? == ctx.op_successors(op)?)
        };
        same().unwrap_or(false)
    }

    /// The most recently known op equivalent to `op` (MLIR's scoped table returns the
    /// latest insertion).
    fn lookup(&self, table: usize, op: OpId, hash: u64, operands: &Operands) -> Option<OpId> {
        self.tables[table]
            .table
            .iter_hash(hash)
            .filter(|e| e.hash == hash && self.equivalent(e, op, operands))
            .max_by_key(|e| e.seq)
            .map(|e| e.op)
    }

    fn insert(&mut self, table: usize, op: OpId, hash: u64, operands: Operands) {
        self.seq += 1;
        let seq = self.seq;
        let t = &mut self.tables[table];
        t.table.insert_unique(hash, Entry { hash, seq, op, operands }, |e| e.hash);
        t.log.push((hash, op));
    }

    /// MLIR's `hasOtherSideEffectingOpInBetween`: whether an op between `from` and `to` (in
    /// one block) may write memory.
    fn writes_between(&self, from: OpId, to: OpId) -> Result<bool> {
        let mut next = self.ctx.op_next(from)?;
        while let Some(op) = next {
            if op == to {
                return Ok(false);
            }
            if super::effects::may_write(self.ctx, op) {
                return Ok(true);
            }
            next = self.ctx.op_next(op)?;
        }
        Ok(false)
    }

    /// MLIR's `knownValues.count(user)`: whether an op equivalent to `user` is known.
    fn is_known(&self, user: OpId, table: usize) -> Result<bool> {
        if self.ctx.op_num_regions(user)? > 0 {
            return Ok(false);
        }
        let operands = self.operands(user)?;
        let hash = self.hash(user, &operands)?;
        Ok(self.lookup(table, user, hash, &operands).is_some())
    }

    /// MLIR's `simplifyOperation`.
    fn simplify(&mut self, op: OpId, ssa: bool, table: usize) -> Result<()> {
        let ctx = self.ctx;
        if ctx.op_def(op)?.is_some_and(|d| d.has_trait(Traits::IS_TERMINATOR)) {
            return Ok(());
        }
        if is_op_trivially_dead(ctx, op) {
            self.plan.erase.push(op);
            return Ok(());
        }
        if ctx.op_num_regions(op)? > 0 {
            return Ok(());
        }
        if !is_memory_effect_free(ctx, op) {
            // Ops that only read merge with an equivalent read in the same block when nothing
            // between them may write, as MLIR's CSE does.
            if !ctx.op_def(op)?.is_some_and(|d| d.has_trait(Traits::ONLY_READS)) {
                return Ok(());
            }
            let operands = self.operands(op)?;
            let hash = self.hash(op, &operands)?;
            if let Some(existing) = self.lookup(table, op, hash, &operands) {
                if ctx.op_parent_block(existing)? == ctx.op_parent_block(op)? && !self.writes_between(existing, op)? {
                    return self.replace(op, existing, ssa, table);
                }
            }
            self.insert(table, op, hash, operands);
            return Ok(());
        }
        let operands = self.operands(op)?;
        let hash = self.hash(op, &operands)?;
        if let Some(existing) = self.lookup(table, op, hash, &operands) {
            return self.replace(op, existing, ssa, table);
        }
        self.insert(table, op, hash, operands);
        Ok(())
    }

    /// MLIR's `replaceUsesAndDelete`.
    fn replace(&mut self, op: OpId, existing: OpId, ssa: bool, table: usize) -> Result<()> {
        let ctx = self.ctx;
        let n = ctx.op_num_results(op)?;
        if ssa {
            // Every use of `op` comes after it: none has been visited yet.
            for i in 0..n {
                self.remap.insert(ctx.op_result(op, i)?, ctx.op_result(existing, i)?);
            }
            self.plan.all_uses.push((op, existing));
            self.plan.erase.push(op);
        } else {
            // Only uses by ops not yet visited (not known) move.
            let mut remaining = 0;
            for i in 0..n {
                let to = ctx.op_result(existing, i)?;
                for u in ctx.value_uses(ctx.op_result(op, i)?)? {
                    if self.is_known(u.op, table)? {
                        remaining += 1;
                    } else {
                        self.moved_uses.insert((u.op, u.index), to);
                        self.plan.some_uses.push((u.op, u.index, to));
                    }
                }
            }
            if remaining == 0 {
                self.plan.erase.push(op);
            }
        }
        let existing_loc = match self.new_locations.get(&existing) {
            Some(l) => *l,
            None => ctx.op_location(existing)?,
        };
        let loc = ctx.op_location(op)?;
        let unknown = |l: Location| matches!(ctx.location_kind(l), LocationKind::Unknown);
        if unknown(existing_loc) && !unknown(loc) {
            self.new_locations.insert(existing, loc);
        }
        Ok(())
    }
}
