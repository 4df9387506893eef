//! Dominance, as MLIR defines it across nested regions.
//!
//! Each region's blocks form a CFG: the entry is the region's first block, and a block's
//! successors are the successors of its last operation (edges to blocks of other regions are
//! ignored; the verifier reports them). [`DominanceInfo`] builds a dominator tree per region
//! lazily, with the Cooper–Harvey–Kennedy algorithm over reverse post-order, and answers
//! queries between blocks, operations and values anywhere in the IR:
//!
//! - two positions in different regions are compared by moving the second up to its ancestor
//!   in the first one's region (no relation if there is none);
//! - in one block, order decides, except in regions without SSA dominance (graph regions,
//!   and single-block regions of unregistered ops, as MLIR's `DominanceInfo`), where every
//!   position dominates every other;
//! - a block that is unreachable from its region's entry is dominated by every block and
//!   dominates none but those (LLVM's convention, which MLIR inherits).
//!
//! Everything is iterative: nesting depth and CFG size are bounded only by memory. Op order
//! within a block is numbered once per block on first use, so each order query is O(1).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::arena::NONE;
use crate::context::Context;
use crate::dialect::Traits;
use crate::error::{Error, Result};
use crate::ir::{BlockId, OpId, RegionId, Value, ValueRef};

/// A position in a block: before its first operation, or at an operation.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Pos {
    Start,
    Op(u32),
}

/// The dominator tree of one region.
struct RegionTree {
    /// Reverse post-order number of every block reachable from the entry.
    number: FxHashMap<u32, u32>,
    /// Reachable blocks in reverse post-order (the entry first).
    order: Vec<u32>,
    /// Immediate dominator, by RPO number (the entry's is itself).
    idom: Vec<u32>,
    /// Entry and exit times of a depth-first walk of the dominator tree, by RPO number:
    /// `a` dominates `b` iff `b`'s interval lies inside `a`'s.
    enter: Vec<u32>,
    exit: Vec<u32>,
}

/// The `i`-th successor of `block`'s last operation.
fn successor_at(ctx: &Context, block: u32, i: usize) -> Option<u32> {
    let last = ctx.ir.blocks.get(block).last_op;
    if last == NONE {
        return None;
    }
    ctx.ir.ops.get(last).successors().get(i).map(|s| s.block)
}

impl RegionTree {
    fn build(ctx: &Context, region: u32) -> RegionTree {
        let entry = ctx.ir.regions.get(region).first_block;
        let mut number: FxHashMap<u32, u32> = FxHashMap::default();
        let mut post: Vec<u32> = Vec::new();
        if entry != NONE {
            // Iterative depth-first search for the post-order.
            let mut stack: Vec<(u32, usize)> = vec![(entry, 0)];
            number.insert(entry, 0);
            while let Some(top) = stack.last_mut() {
                let (block, i) = *top;
                match successor_at(ctx, block, i) {
                    Some(s) => {
                        top.1 += 1;
                        if ctx.ir.blocks.get(s).parent == region && !number.contains_key(&s) {
                            number.insert(s, 0);
                            stack.push((s, 0));
                        }
                    }
                    None => {
                        post.push(block);
                        stack.pop();
                    }
                }
            }
        }
        let order: Vec<u32> = post.into_iter().rev().collect();
        for (i, &b) in order.iter().enumerate() {
            number.insert(b, i as u32);
        }
        let n = order.len();

        // Predecessors by RPO number, in compressed rows.
        let mut pred_start = vec![0u32; n + 1];
        let for_each_edge = |f: &mut dyn FnMut(usize, usize)| {
            for (i, &b) in order.iter().enumerate() {
                let mut k = 0;
                while let Some(s) = successor_at(ctx, b, k) {
                    k += 1;
                    if ctx.ir.blocks.get(s).parent == region {
                        if let Some(&j) = number.get(&s) {
                            f(i, j as usize);
                        }
                    }
                }
            }
        };
        for_each_edge(&mut |_, j| pred_start[j + 1] += 1);
        for j in 0..n {
            pred_start[j + 1] += pred_start[j];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; pred_start[n] as usize];
        for_each_edge(&mut |i, j| {
            preds[fill[j] as usize] = i as u32;
            fill[j] += 1;
        });

        // Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm".
        let mut idom = vec![NONE; n];
        if n > 0 {
            idom[0] = 0;
        }
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            while a != b {
                while a > b {
                    a = idom[a as usize];
                }
                while b > a {
                    b = idom[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                let mut new = NONE;
                for &p in &preds[pred_start[b] as usize..pred_start[b + 1] as usize] {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE { p } else { intersect(&idom, p, new) };
                }
                if new != NONE && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }

        // Children of each tree node, in compressed rows, then entry/exit times.
        let mut child_start = vec![0u32; n + 1];
        for &p in idom.iter().skip(1) {
            child_start[p as usize + 1] += 1;
        }
        for j in 0..n {
            child_start[j + 1] += child_start[j];
        }
        let mut fill = child_start.clone();
        let mut children = vec![0u32; n.saturating_sub(1)];
        for (b, &p) in idom.iter().enumerate().skip(1) {
            children[fill[p as usize] as usize] = b as u32;
            fill[p as usize] += 1;
        }
        let mut enter = vec![0u32; n];
        let mut exit = vec![0u32; n];
        if n > 0 {
            let mut time = 0u32;
            let mut stack: Vec<(u32, u32)> = vec![(0, child_start[0])];
            enter[0] = time;
            time += 1;
            while let Some(top) = stack.last_mut() {
                let (node, next) = *top;
                if next < child_start[node as usize + 1] {
                    top.1 += 1;
                    let c = children[next as usize];
                    enter[c as usize] = time;
                    time += 1;
                    stack.push((c, child_start[c as usize]));
                } else {
                    exit[node as usize] = time;
                    time += 1;
                    stack.pop();
                }
            }
        }
        RegionTree { number, order, idom, enter, exit }
    }

    fn is_reachable(&self, block: u32) -> bool {
        self.number.contains_key(&block)
    }

    /// Whether `a` properly dominates `b` (both blocks of this region).
    fn properly_dominates(&self, a: u32, b: u32) -> bool {
        if a == b {
            return false;
        }
        let Some(&nb) = self.number.get(&b) else {
            return true; // an unreachable block is dominated by anything
        };
        let Some(&na) = self.number.get(&a) else {
            return false;
        };
        let (na, nb) = (na as usize, nb as usize);
        self.enter[na] <= self.enter[nb] && self.exit[nb] <= self.exit[na]
    }

    fn immediate_dominator(&self, block: u32) -> Option<u32> {
        let &n = self.number.get(&block)?;
        (n != 0).then(|| self.order[self.idom[n as usize] as usize])
    }
}

struct OpOrder {
    /// Position of each op in its block, by op index (allocated on first use).
    pos: Vec<u32>,
    /// Blocks whose ops are numbered in `pos`.
    numbered: FxHashSet<u32>,
    /// The last block queried (numbered), to skip the set lookup.
    last: u32,
}

/// Dominance queries over the IR of one context. It borrows the context, so the IR cannot
/// change while it lives: its lazily built trees and orderings can never go stale.
pub struct DominanceInfo<'c> {
    ctx: &'c Context,
    trees: RefCell<FxHashMap<u32, Rc<RegionTree>>>,
    order: RefCell<OpOrder>,
    /// The last (region, has SSA dominance) answer.
    ssa_cache: Cell<(u32, bool)>,
}

impl<'c> DominanceInfo<'c> {
    pub fn new(ctx: &'c Context) -> DominanceInfo<'c> {
        DominanceInfo {
            ctx,
            trees: RefCell::new(FxHashMap::default()),
            order: RefCell::new(OpOrder { pos: Vec::new(), numbered: FxHashSet::default(), last: NONE }),
            ssa_cache: Cell::new((NONE, true)),
        }
    }

    pub fn context(&self) -> &'c Context {
        self.ctx
    }

    // ---- public queries (checked handles) ----

    /// Whether the region's ops must follow SSA dominance. False for graph regions (the
    /// parent op has [`Traits::GRAPH_REGIONS`]) and for the regions of unregistered ops — in
    /// both cases only when the region has exactly one block: multi-block regions always
    /// have SSA dominance (MLIR's `DominanceInfo::hasSSADominance`).
    pub fn has_ssa_dominance(&self, region: RegionId) -> Result<bool> {
        self.ctx.region_data(region)?;
        Ok(self.ssa(region.index))
    }

    /// Whether the block can be reached from its region's entry block. A detached block
    /// counts as its own entry.
    pub fn is_reachable(&self, block: BlockId) -> Result<bool> {
        self.ctx.block_data(block)?;
        Ok(self.reachable(block.index))
    }

    /// The immediate dominator of a block in its region's CFG: `None` for an entry block, an
    /// unreachable block or a detached block.
    pub fn immediate_dominator(&self, block: BlockId) -> Result<Option<BlockId>> {
        let region = self.ctx.block_data(block)?.parent;
        if region == NONE {
            return Ok(None);
        }
        let tree = self.tree(region);
        Ok(tree.immediate_dominator(block.index).map(|b| self.ctx.block_handle(b)))
    }

    /// `a` dominates `b`: `a == b`, or `a` properly dominates `b`. Blocks in different
    /// regions compare through `b`'s ancestor in `a`'s region.
    pub fn dominates_block(&self, a: BlockId, b: BlockId) -> Result<bool> {
        self.ctx.block_data(a)?;
        self.ctx.block_data(b)?;
        Ok(self.block_dominates(a.index, b.index))
    }

    /// `a` dominates `b` and is not `b` (but in a graph region a block properly dominates
    /// itself, as in MLIR).
    pub fn properly_dominates_block(&self, a: BlockId, b: BlockId) -> Result<bool> {
        self.ctx.block_data(a)?;
        self.ctx.block_data(b)?;
        Ok(self.properly_dominates_impl(a.index, Pos::Start, b.index, Pos::Start, true))
    }

    /// `a == b` or `a` properly dominates `b`.
    pub fn dominates(&self, a: OpId, b: OpId) -> Result<bool> {
        Ok(a == b || self.properly_dominates(a, b)?)
    }

    /// Whether op `a` properly dominates op `b`: in one block, `a` comes first (always in a
    /// region without SSA dominance); in different blocks of one region, `a`'s block
    /// dominates `b`'s; otherwise `b` is first replaced by its ancestor in `a`'s region, and
    /// `a` encloses `b` counts as dominating. Detached ops dominate nothing.
    pub fn properly_dominates(&self, a: OpId, b: OpId) -> Result<bool> {
        self.properly_dominates_with(a, b, true)
    }

    /// As [`DominanceInfo::properly_dominates`], choosing whether an op that encloses `b`
    /// counts as dominating it (MLIR's `enclosingOpOk`).
    pub fn properly_dominates_with(&self, a: OpId, b: OpId, enclosing_op_ok: bool) -> Result<bool> {
        let ab = self.ctx.op_links(a)?.parent;
        let bb = self.ctx.op_links(b)?.parent;
        Ok(self.properly_dominates_impl(ab, Pos::Op(a.index), bb, Pos::Op(b.index), enclosing_op_ok))
    }

    /// Whether `value` may be used by `user` (MLIR's `properlyDominates(Value, Operation*)`):
    /// a block argument dominates every op of its block and of the blocks it dominates,
    /// nested ones included; a result dominates the ops its defining op properly dominates,
    /// except those nested inside the defining op itself.
    pub fn value_dominates_use(&self, value: Value, user: OpId) -> Result<bool> {
        let v = self.ctx.check_value(value)?;
        self.ctx.op_data(user)?;
        Ok(self.value_dominates(v, user.index))
    }

    /// Whether `a` comes before `b`; both must be in the same block.
    pub fn is_before_in_block(&self, a: OpId, b: OpId) -> Result<bool> {
        let ab = self.ctx.op_links(a)?.parent;
        let bb = self.ctx.op_links(b)?.parent;
        if ab == NONE || ab != bb {
            return Err(Error::invalid("is_before_in_block needs two operations of the same block"));
        }
        Ok(self.is_before(ab, Pos::Op(a.index), Pos::Op(b.index)))
    }

    // ---- internal queries (indices the core keeps live) ----

    fn tree(&self, region: u32) -> Rc<RegionTree> {
        if let Some(t) = self.trees.borrow().get(&region) {
            return t.clone();
        }
        let t = Rc::new(RegionTree::build(self.ctx, region));
        self.trees.borrow_mut().insert(region, t.clone());
        t
    }

    /// MLIR's `hasSSADominance` for a region index.
    pub(crate) fn ssa(&self, region: u32) -> bool {
        let (r, answer) = self.ssa_cache.get();
        if r == region {
            return answer;
        }
        let rd = self.ctx.ir.regions.get(region);
        let single = rd.first_block != NONE && rd.first_block == rd.last_block;
        let answer = !single || {
            let parent = self.ctx.ir.ops.get(rd.parent);
            match self.ctx.registry.op(parent.name) {
                None => false, // unknown to us: may be a graph region
                Some(def) => !def.has_trait(Traits::GRAPH_REGIONS),
            }
        };
        self.ssa_cache.set((region, answer));
        answer
    }

    fn ssa_block(&self, block: u32) -> bool {
        let region = self.ctx.ir.blocks.get(block).parent;
        region == NONE || self.ssa(region)
    }

    pub(crate) fn reachable(&self, block: u32) -> bool {
        let region = self.ctx.ir.blocks.get(block).parent;
        if region == NONE || self.ctx.ir.regions.get(region).first_block == block {
            return true;
        }
        self.tree(region).is_reachable(block)
    }

    /// Whether `a` comes before `b` in `block` (`Start` is before every op).
    pub(crate) fn is_before(&self, block: u32, a: Pos, b: Pos) -> bool {
        match (a, b) {
            _ if a == b => false,
            (Pos::Start, _) => true,
            (_, Pos::Start) => false,
            (Pos::Op(x), Pos::Op(y)) => {
                let mut order = self.order.borrow_mut();
                if order.last != block && !order.numbered.contains(&block) {
                    if order.pos.is_empty() {
                        order.pos = vec![0; self.ctx.ir.ops.capacity_index()];
                    }
                    let mut n = 0u32;
                    let mut o = self.ctx.ir.blocks.get(block).first_op;
                    while o != NONE {
                        order.pos[o as usize] = n;
                        n += 1;
                        o = self.ctx.ir.link(o).next;
                    }
                    order.numbered.insert(block);
                }
                order.last = block;
                order.pos[x as usize] < order.pos[y as usize]
            }
        }
    }

    /// The ancestor of position (`block`, `pos`) in `region`: itself if already there.
    pub(crate) fn ancestor_in_region(&self, region: u32, mut block: u32, mut pos: Pos) -> Option<(u32, Pos)> {
        loop {
            let r = self.ctx.ir.blocks.get(block).parent;
            if r == region {
                return Some((block, pos));
            }
            if r == NONE {
                return None;
            }
            let op = self.ctx.ir.regions.get(r).parent;
            let ob = self.ctx.ir.link(op).parent;
            if ob == NONE {
                return None;
            }
            block = ob;
            pos = Pos::Op(op);
        }
    }

    /// MLIR's `properlyDominatesImpl` once `b` was moved into `a`'s region (`normalized`
    /// says whether it had to move).
    pub(crate) fn dominates_in_region(
        &self,
        a_block: u32,
        a_pos: Pos,
        b_block: u32,
        b_pos: Pos,
        normalized: bool,
        enclosing_ok: bool,
    ) -> bool {
        if a_block == b_block {
            if a_pos == b_pos {
                return (normalized && enclosing_ok) || !self.ssa_block(a_block);
            }
            return !self.ssa_block(a_block) || self.is_before(a_block, a_pos, b_pos);
        }
        let region = self.ctx.ir.blocks.get(a_block).parent;
        if region == NONE {
            return false;
        }
        self.tree(region).properly_dominates(a_block, b_block)
    }

    pub(crate) fn properly_dominates_impl(
        &self,
        a_block: u32,
        a_pos: Pos,
        b_block: u32,
        b_pos: Pos,
        enclosing_ok: bool,
    ) -> bool {
        if a_block == NONE || b_block == NONE {
            return false;
        }
        if a_block == b_block && a_pos == b_pos {
            return !self.ssa_block(a_block);
        }
        let a_region = self.ctx.ir.blocks.get(a_block).parent;
        if a_region == self.ctx.ir.blocks.get(b_block).parent {
            return self.dominates_in_region(a_block, a_pos, b_block, b_pos, false, enclosing_ok);
        }
        if a_region == NONE {
            return false;
        }
        match self.ancestor_in_region(a_region, b_block, b_pos) {
            Some((bb, bp)) => self.dominates_in_region(a_block, a_pos, bb, bp, true, enclosing_ok),
            None => false,
        }
    }

    pub(crate) fn block_dominates(&self, a: u32, b: u32) -> bool {
        a == b || self.properly_dominates_impl(a, Pos::Start, b, Pos::Start, true)
    }

    pub(crate) fn value_dominates(&self, v: ValueRef, user: u32) -> bool {
        let user_block = self.ctx.ir.link(user).parent;
        if user_block == NONE {
            return false;
        }
        if v.is_arg() {
            self.block_dominates(v.owner, user_block)
        } else {
            let def_block = self.ctx.ir.link(v.owner).parent;
            self.properly_dominates_impl(def_block, Pos::Op(v.owner), user_block, Pos::Op(user), false)
        }
    }
}
