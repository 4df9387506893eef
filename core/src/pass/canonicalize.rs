//! `canonicalize`: rewrite patterns applied greedily to a fixpoint, plus the removal of
//! trivially dead ops, as MLIR's canonicalizer with its greedy pattern rewrite driver.
//!
//! Patterns are registered per context ([`Context::register_rewrite_pattern`]) by whoever
//! defines the ops they match — a dialect written in Rust today, in any language through the
//! C API later. A pattern is a name, a root op name (or none: any op), a benefit, and one
//! match-and-rewrite callback that returns `Ok(true)` when it rewrote the op. All IR changes
//! go through the [`Rewriter`] it is given, so the driver knows which ops to revisit.
//!
//! The driver (MLIR's `applyPatternsGreedily`): put every op nested in the regions of the
//! op the pass runs on in a worklist (pre-order with `top-down`, the default); pop ops one
//! at a time; erase the op if it is trivially dead, else try the patterns for its name and
//! the any-op patterns, highest benefit first (registration order among equals), until one
//! applies. Ops created or changed by a rewrite, users of replaced values and the defining
//! ops of erased ops' operands go back on the worklist. When the worklist is empty and
//! something changed, the whole thing runs again, up to `max-iterations` times.
//!
//! Before patterns, an op is folded ([`crate::pass::fold_op`]) and replaced with what the fold
//! gives, constants materialized by its dialect right before it. Each sweep starts by
//! uniquing constants per insertion region and moving them to its entry block (MLIR's
//! `OperationFolder::insertKnownConstant`), and ends with region simplification
//! (unreachable blocks, dead values and block arguments; identical blocks merged with
//! `region-simplify=aggressive`).

use std::fmt;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::effects::is_op_trivially_dead;
use super::fold::{op_dialect, FoldResult, Folded};
use super::{Analysis, Pass, PassOptions};
use crate::attrs::Attribute;
use crate::context::{Context, Identifier};
use crate::error::{Error, ErrorKind, Result};
use crate::ir::{InsertPoint, OpId, OperationState, Value};
use crate::walk::{WalkOrder, WalkResult};

/// The callback of a [`RewritePattern`]: rewrite `op` through the rewriter and return
/// `Ok(true)`, or return `Ok(false)` without changing anything when the pattern does not
/// apply.
pub type MatchAndRewrite = Arc<dyn Fn(&mut Rewriter<'_>, OpId) -> Result<bool> + Send + Sync>;

/// A rewrite pattern.
#[derive(Clone)]
pub struct RewritePattern {
    /// Unique per context; `enable-patterns` / `disable-patterns` select by it.
    pub name: String,
    /// The op name the pattern applies to; `None` for every op.
    pub root: Option<String>,
    /// Patterns with a higher benefit are tried first.
    pub benefit: u16,
    pub match_and_rewrite: MatchAndRewrite,
}

impl RewritePattern {
    /// A pattern on ops named `root`.
    pub fn new(
        name: &str,
        root: &str,
        f: impl Fn(&mut Rewriter<'_>, OpId) -> Result<bool> + Send + Sync + 'static,
    ) -> RewritePattern {
        RewritePattern { name: name.into(), root: Some(root.into()), benefit: 1, match_and_rewrite: Arc::new(f) }
    }

    /// A pattern tried on every op.
    pub fn any_op(
        name: &str,
        f: impl Fn(&mut Rewriter<'_>, OpId) -> Result<bool> + Send + Sync + 'static,
    ) -> RewritePattern {
        RewritePattern { name: name.into(), root: None, benefit: 1, match_and_rewrite: Arc::new(f) }
    }

    /// A pattern from separate match and rewrite callbacks (MLIR's `match` + `rewrite`).
    pub fn with_match(
        name: &str,
        root: &str,
        matches: impl Fn(&Context, OpId) -> bool + Send + Sync + 'static,
        rewrite: impl Fn(&mut Rewriter<'_>, OpId) -> Result<()> + Send + Sync + 'static,
    ) -> RewritePattern {
        RewritePattern::new(name, root, move |rw, op| {
            if !matches(rw.ctx(), op) {
                return Ok(false);
            }
            rewrite(rw, op)?;
            Ok(true)
        })
    }

    pub fn benefit(mut self, benefit: u16) -> RewritePattern {
        self.benefit = benefit;
        self
    }
}

impl fmt::Debug for RewritePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RewritePattern")
            .field("name", &self.name)
            .field("root", &self.root)
            .field("benefit", &self.benefit)
            .finish_non_exhaustive()
    }
}

/// IR mutation for patterns: every change goes through it, so the driver can revisit the
/// ops involved. Read the IR through [`Rewriter::ctx`]; types and attributes are made
/// through it too (they take `&Context`).
pub struct Rewriter<'a> {
    ctx: &'a mut Context,
    insertion: InsertPoint,
    /// Ops to (re)visit after the rewrite.
    touched: Vec<OpId>,
    changed: bool,
}

impl<'a> Rewriter<'a> {
    /// A rewriter inserting before `op`.
    pub fn new(ctx: &'a mut Context, op: OpId) -> Rewriter<'a> {
        Rewriter { ctx, insertion: InsertPoint::Before(op), touched: Vec::new(), changed: false }
    }

    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    /// Whether anything was changed through this rewriter.
    pub fn changed(&self) -> bool {
        self.changed
    }

    /// Mutable access for changes the rewriter cannot track one by one (patterns written in
    /// other languages change IR through the C API). Call [`Rewriter::mark_changed`] if
    /// anything changed: the driver then runs another full iteration.
    pub fn untracked(&mut self) -> &mut Context {
        self.ctx
    }

    /// Records that IR changed through [`Rewriter::untracked`].
    pub fn mark_changed(&mut self) {
        self.changed = true;
    }

    pub fn insertion_point(&self) -> InsertPoint {
        self.insertion
    }

    /// Where `create_op`, `insert_op` and `clone_op` put new ops (before the matched op by
    /// default).
    pub fn set_insertion_point(&mut self, point: InsertPoint) {
        self.insertion = point;
    }

    fn touch_users(&mut self, op: OpId) -> Result<()> {
        for r in self.ctx.op_results(op)? {
            for u in self.ctx.value_uses(r)? {
                self.touched.push(u.op);
            }
        }
        Ok(())
    }

    /// The defining ops of `op`'s operands that erasing `op` leaves with at most one user
    /// (they may now be dead or simpler), as MLIR's driver revisits them.
    fn touch_operand_defs(&mut self, op: OpId) -> Result<()> {
        for v in self.ctx.op_operands(op)? {
            let Some(def) = self.ctx.value_defining_op(v)? else { continue };
            let mut other_user: Option<OpId> = None;
            let mut more = false;
            for u in self.ctx.value_uses(v)? {
                if u.op == op || Some(u.op) == other_user {
                    continue;
                }
                if other_user.is_none() {
                    other_user = Some(u.op);
                } else {
                    more = true;
                    break;
                }
            }
            if !more {
                self.touched.push(def);
            }
        }
        Ok(())
    }

    /// Inserts a detached op (and what it holds) at the insertion point.
    pub fn insert_op(&mut self, op: OpId) -> Result<()> {
        self.ctx.insert_op(op, self.insertion)?;
        self.ctx.walk(op, WalkOrder::PreOrder, |o| {
            self.touched.push(o);
            WalkResult::Advance
        })?;
        self.changed = true;
        Ok(())
    }

    /// Creates an op at the insertion point.
    pub fn create_op(&mut self, state: &OperationState) -> Result<OpId> {
        let op = self.ctx.create_operation(state)?;
        if let Err(e) = self.insert_op(op) {
            let _ = self.ctx.erase_op(op);
            return Err(e);
        }
        Ok(op)
    }

    /// Clones `op` (deeply) to the insertion point.
    pub fn clone_op(&mut self, op: OpId) -> Result<OpId> {
        let copy = self.ctx.clone_op(op)?;
        if let Err(e) = self.insert_op(copy) {
            let _ = self.ctx.erase_op(copy);
            return Err(e);
        }
        Ok(copy)
    }

    /// Replaces every use of `from` with `to`; the users are revisited.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) -> Result<()> {
        let users: Vec<OpId> = self.ctx.value_uses(from)?.into_iter().map(|u| u.op).collect();
        self.ctx.replace_all_uses_with(from, to)?;
        self.touched.extend(users);
        self.changed = true;
        Ok(())
    }

    /// Replaces the results of `op` with `values` and erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) -> Result<()> {
        self.touch_users(op)?;
        self.ctx.replace_op_uses(op, values)?;
        self.changed = true;
        self.erase_op(op)
    }

    /// Creates an op before `op` and replaces `op` with its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: &OperationState) -> Result<OpId> {
        let saved = self.insertion;
        self.insertion = InsertPoint::Before(op);
        let new = self.create_op(state);
        self.insertion = saved;
        let new = new?;
        let values = self.ctx.op_results(new)?;
        self.replace_op(op, &values)?;
        Ok(new)
    }

    /// Erases `op`, which must have no uses left.
    pub fn erase_op(&mut self, op: OpId) -> Result<()> {
        let defs_before = self.touched.len();
        self.touch_operand_defs(op)?;
        if let Err(e) = self.ctx.erase_op(op) {
            self.touched.truncate(defs_before);
            return Err(e);
        }
        self.changed = true;
        Ok(())
    }

    /// Moves `op` to `point`.
    pub fn move_op(&mut self, op: OpId, point: InsertPoint) -> Result<()> {
        self.ctx.move_op(op, point)?;
        self.touched.push(op);
        self.changed = true;
        Ok(())
    }

    /// Changes `op` in place with `f` (operands, attributes, properties, location...): the op
    /// and the users of its results are revisited.
    pub fn modify_op<R>(&mut self, op: OpId, f: impl FnOnce(&mut Context) -> Result<R>) -> Result<R> {
        self.ctx.op_name_id(op)?;
        let r = f(self.ctx)?;
        self.touched.push(op);
        self.touch_users(op)?;
        self.changed = true;
        Ok(r)
    }

    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) -> Result<()> {
        self.modify_op(op, |ctx| ctx.set_operand(op, index, value))
    }

    pub fn set_op_attribute(&mut self, op: OpId, name: &str, value: crate::attrs::Attribute) -> Result<()> {
        self.modify_op(op, |ctx| ctx.set_op_attribute(op, name, value))
    }
}

/// How far [`apply_patterns_greedily`] simplifies regions after each sweep (MLIR's
/// `GreedySimplifyRegionLevel`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionSimplify {
    Disabled,
    /// Unreachable blocks, dead values and dead block arguments are removed.
    Normal,
    /// Also identical blocks are merged.
    Aggressive,
}

/// How [`apply_patterns_greedily`] runs.
#[derive(Clone, Debug, PartialEq)]
pub struct GreedyConfig {
    /// How many times the whole worklist may be rebuilt (`-1`: no limit).
    pub max_iterations: i64,
    /// How many rewrites may be applied in total (`-1`: no limit).
    pub max_num_rewrites: i64,
    /// Visit ops in pre-order (true, the default) or post-order.
    pub top_down: bool,
    /// Fold ops (their `fold` hooks and trait folds) before trying patterns.
    pub fold: bool,
    /// Unique and hoist constants when each sweep starts (MLIR's `cseConstants`).
    pub cse_constants: bool,
    pub region_simplify: RegionSimplify,
    /// Run CSE over the region after each sweep; what it changes counts as a change.
    pub cse_between_iterations: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            max_num_rewrites: -1,
            top_down: true,
            fold: true,
            cse_constants: true,
            region_simplify: RegionSimplify::Normal,
            cse_between_iterations: false,
        }
    }
}

/// What [`apply_patterns_greedily`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyResult {
    /// Whether a fixpoint was reached (the last iteration changed nothing).
    pub converged: bool,
    pub iterations: usize,
    pub rewrites: usize,
    pub dead_ops_erased: usize,
    pub folds: usize,
}

/// Applies `patterns` and folding to the ops nested in the regions of `root` until nothing
/// changes or a limit is reached (MLIR's `applyPatternsGreedily`; each region of `root` is
/// simplified on its own, as there).
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: OpId,
    patterns: &[Arc<RewritePattern>],
    config: &GreedyConfig,
) -> Result<GreedyResult> {
    // Patterns per root name, highest benefit first (stable: registration order).
    let mut order: Vec<usize> = (0..patterns.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(patterns[i].benefit));
    let mut by_root: FxHashMap<Identifier, Vec<usize>> = FxHashMap::default();
    let mut any_op: Vec<usize> = Vec::new();
    for &i in &order {
        match &patterns[i].root {
            Some(name) => by_root.entry(ctx.identifier(name)).or_default().push(i),
            None => any_op.push(i),
        }
    }
    let mut driver = Driver {
        patterns,
        by_root,
        any_op,
        cache: FxHashMap::default(),
        config,
        worklist: Worklist::default(),
        scope: None,
        result: GreedyResult { converged: true, ..GreedyResult::default() },
        sweep_rewrites: 0,
    };
    for region in ctx.op_regions(root)? {
        driver.scope = Some(region);
        driver.simplify_region(ctx, region)?;
    }
    Ok(driver.result)
}

/// MLIR's greedy driver worklist: an op is in it at most once; pushing an op that is already
/// there leaves it where it is; ops pop from the back.
#[derive(Default)]
struct Worklist {
    list: Vec<Option<OpId>>,
    index: FxHashMap<OpId, usize>,
}

impl Worklist {
    fn push(&mut self, op: OpId) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.index.entry(op) {
            e.insert(self.list.len());
            self.list.push(Some(op));
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.list.pop() {
            if let Some(op) = slot {
                self.index.remove(&op);
                return Some(op);
            }
        }
        None
    }

    fn clear(&mut self) {
        self.list.clear();
        self.index.clear();
    }

    fn reverse(&mut self) {
        self.list.reverse();
        let n = self.list.len();
        for i in self.index.values_mut() {
            *i = n - 1 - *i;
        }
    }
}

struct Driver<'p> {
    patterns: &'p [Arc<RewritePattern>],
    by_root: FxHashMap<Identifier, Vec<usize>>,
    any_op: Vec<usize>,
    cache: FxHashMap<Identifier, Arc<Vec<usize>>>,
    config: &'p GreedyConfig,
    worklist: Worklist,
    /// The region being simplified: ops outside it are never visited.
    scope: Option<crate::ir::RegionId>,
    result: GreedyResult,
    /// Pattern rewrites in the current sweep.
    sweep_rewrites: usize,
}

/// The constants of one sweep, uniqued per insertion region (MLIR's `OperationFolder`).
#[derive(Default)]
struct ConstantFolder {
    uniqued: FxHashMap<(crate::ir::RegionId, Identifier, Attribute, crate::types::Type), OpId>,
    owned: FxHashSet<OpId>,
}

impl ConstantFolder {
    /// Takes in a constant met while the sweep's worklist is built: a duplicate of a constant
    /// already seen in its insertion region is replaced by it and erased (`false`); a new
    /// one is moved to the front of that region's entry block unless it already sits in the
    /// run of constants there (`true`).
    fn insert_known_constant(&mut self, ctx: &mut Context, op: OpId, value: Attribute) -> Result<bool> {
        let Some(block) = ctx.op_parent_block(op)? else { return Ok(true) };
        let region = insertion_region(ctx, block)?;
        let dialect = ctx.identifier(op_dialect(ctx.op_name(op)?));
        let ty = ctx.value_type(ctx.op_result(op, 0)?)?;
        // A constant that stands for several has no one place in the source: it gets an
        // unknown location, as upstream gives it.
        if let Some(&existing) = self.uniqued.get(&(region, dialect, value, ty)) {
            if ctx.op_location(existing)? != ctx.op_location(op)? {
                let unknown = ctx.unknown_loc();
                ctx.set_op_location(existing, unknown)?;
            }
            ctx.replace_op_uses(op, &ctx.op_results(existing)?)?;
            ctx.erase_op(op)?;
            return Ok(false);
        }
        let entry = ctx.region_blocks(region)?[0];
        let first = ctx.block_first_op(entry)?;
        let in_run =
            block == entry && (first == Some(op) || ctx.op_prev(op)?.is_some_and(|prev| self.owned.contains(&prev)));
        if !in_run {
            match first {
                Some(first) => ctx.move_op(op, InsertPoint::Before(first))?,
                None => ctx.move_op(op, InsertPoint::BlockStart(entry))?,
            }
        }
        self.uniqued.insert((region, dialect, value, ty), op);
        self.owned.insert(op);
        Ok(true)
    }
}

/// Where constants made for ops in `block` go: the closest enclosing region whose op is
/// isolated from above, unregistered, top-level, or registered as a constant insertion
/// region (MLIR's `getInsertionRegion`).
fn insertion_region(ctx: &Context, mut block: crate::ir::BlockId) -> Result<crate::ir::RegionId> {
    loop {
        let region = ctx.block_parent_region(block)?.ok_or_else(|| Error::invalid("a constant outside any region"))?;
        let parent = ctx.region_parent_op(region)?;
        let isolated_or_unknown = match ctx.op_def(parent)? {
            Some(def) => def.traits.contains(crate::dialect::Traits::ISOLATED_FROM_ABOVE),
            None => true,
        };
        match ctx.op_parent_block(parent)? {
            Some(outer) if !isolated_or_unknown && !ctx.is_constant_insertion_op(parent) => block = outer,
            _ => return Ok(region),
        }
    }
}

impl Driver<'_> {
    /// Pushes `op` and its ancestors up to the scope (MLIR's `addToWorklist`).
    fn add_to_worklist(&mut self, ctx: &Context, op: OpId) {
        let mut chain: Vec<OpId> = Vec::new();
        let mut cur = op;
        loop {
            if !ctx.is_op_live(cur) {
                return;
            }
            chain.push(cur);
            let Ok(Some(region)) = ctx.op_parent_region(cur) else { return };
            if Some(region) == self.scope {
                for o in chain {
                    self.worklist.push(o);
                }
                return;
            }
            match ctx.region_parent_op(region) {
                Ok(parent) => cur = parent,
                Err(_) => return,
            }
        }
    }

    fn add_all(&mut self, ctx: &Context, ops: Vec<OpId>) {
        for op in ops {
            self.add_to_worklist(ctx, op);
        }
    }

    /// The rewrite limit holds per sweep, as upstream's `maxNumRewrites`.
    fn limit_reached(&self) -> bool {
        self.config.max_num_rewrites >= 0 && self.sweep_rewrites as i64 >= self.config.max_num_rewrites
    }

    /// Whether `op` sits in blocks reachable from their regions' entries, up to the scope
    /// (ops a rewrite has disconnected are left for the next sweep, which erases them).
    fn is_reachable(
        &self,
        ctx: &Context,
        mut op: OpId,
        cache: &mut FxHashMap<crate::ir::RegionId, FxHashSet<crate::ir::BlockId>>,
    ) -> Result<bool> {
        while let Some(block) = ctx.op_parent_block(op)? {
            let Some(region) = ctx.block_parent_region(block)? else { break };
            let entry = ctx.region_blocks(region)?.first().copied();
            if entry != Some(block) {
                if !ctx.block_has_predecessors(block)? {
                    return Ok(false);
                }
                let seen = match cache.entry(region) {
                    std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        let mut seen: FxHashSet<crate::ir::BlockId> = FxHashSet::default();
                        let mut stack: Vec<crate::ir::BlockId> = entry.into_iter().collect();
                        while let Some(b) = stack.pop() {
                            if seen.insert(b) {
                                stack.extend(ctx.block_successors(b)?);
                            }
                        }
                        e.insert(seen)
                    }
                };
                if !seen.contains(&block) {
                    return Ok(false);
                }
            }
            if Some(region) == self.scope {
                break;
            }
            op = ctx.region_parent_op(region)?;
        }
        Ok(true)
    }

    fn simplify_region(&mut self, ctx: &mut Context, region: crate::ir::RegionId) -> Result<()> {
        let mut iteration: i64 = 0;
        loop {
            iteration += 1;
            if self.config.max_iterations >= 0 && iteration > self.config.max_iterations {
                // The last sweep changed something and no other may run.
                self.result.converged = false;
                return Ok(());
            }
            self.result.iterations += 1;
            self.worklist.clear();
            let mut folder = ConstantFolder::default();
            let walk_order = if self.config.top_down { WalkOrder::PreOrder } else { WalkOrder::PostOrder };
            let mut ops = Vec::new();
            for b in ctx.region_blocks(region)? {
                for op in ctx.block_ops(b)? {
                    ops.extend(ctx.collect_ops(op, walk_order)?);
                }
            }
            for op in ops {
                if !ctx.is_op_live(op) {
                    continue;
                }
                if self.config.cse_constants {
                    if let Some(value) = crate::pass::constant_op_value(ctx, op) {
                        if !folder.insert_known_constant(ctx, op, value)? {
                            continue;
                        }
                    }
                }
                self.worklist.push(op);
            }
            if self.config.top_down {
                self.worklist.reverse();
            }
            // Unreachable code may hold IR that patterns cannot take (`%x = addi %x, %x`):
            // it goes first, and ops that a rewrite disconnects wait for the next sweep.
            let mut changed = super::region_simplify::erase_unreachable_blocks(ctx, &[region])?;
            changed |= self.process_worklist(ctx)?;
            if self.config.region_simplify != RegionSimplify::Disabled {
                changed |= super::region_simplify::simplify_regions(
                    ctx,
                    &[region],
                    self.config.region_simplify == RegionSimplify::Aggressive,
                )?;
            }
            if self.config.cse_between_iterations {
                let root = ctx.region_parent_op(region)?;
                changed |= super::cse::run_on(ctx, root)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// One sweep over the worklist; whether anything changed.
    fn process_worklist(&mut self, ctx: &mut Context) -> Result<bool> {
        let mut changed = false;
        self.sweep_rewrites = 0;
        let mut reachable: FxHashMap<crate::ir::RegionId, FxHashSet<crate::ir::BlockId>> = FxHashMap::default();
        let mut last_change = (self.result.rewrites, self.result.folds, self.result.dead_ops_erased);
        while !self.limit_reached() {
            let Some(op) = self.worklist.pop() else { break };
            if !ctx.is_op_live(op) {
                continue;
            }
            let now = (self.result.rewrites, self.result.folds, self.result.dead_ops_erased);
            if now != last_change {
                reachable.clear();
                last_change = now;
            }
            if !self.is_reachable(ctx, op, &mut reachable)? {
                continue;
            }
            if is_op_trivially_dead(ctx, op) {
                let mut rw = Rewriter::new(ctx, op);
                rw.erase_op(op)?;
                let touched = std::mem::take(&mut rw.touched);
                self.add_all(ctx, touched);
                self.result.dead_ops_erased += 1;
                changed = true;
                continue;
            }
            if self.config.fold && !crate::pass::is_constant_like(ctx, op) && self.try_fold(ctx, op)? {
                changed = true;
                continue;
            }
            if self.try_patterns(ctx, op)? {
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Folds `op` and replaces it with what the fold gave, constants materialized right
    /// before it; whether the op was folded.
    fn try_fold(&mut self, ctx: &mut Context, op: OpId) -> Result<bool> {
        let folded = crate::pass::fold_op(ctx, op)?;
        let results = match folded {
            Folded::NotFolded => return Ok(false),
            Folded::InPlace => {
                self.add_to_worklist(ctx, op);
                self.result.folds += 1;
                return Ok(true);
            }
            Folded::Results(results) => results,
        };
        let types = ctx.op_result_types(op)?;
        if results.len() != types.len() {
            return Err(Error::new(
                ErrorKind::CallbackFailed,
                format!(
                    "the fold of '{}' gave {} results for {} op results",
                    ctx.op_name(op)?,
                    results.len(),
                    types.len()
                ),
            ));
        }
        let dialect = op_dialect(ctx.op_name(op)?).to_string();
        let loc = ctx.op_location(op)?;
        let mut values = Vec::with_capacity(results.len());
        let mut created = Vec::new();
        for (result, ty) in results.into_iter().zip(types) {
            match result {
                FoldResult::Value(v) => values.push(v),
                FoldResult::Attr(a) => {
                    match crate::pass::materialize_constant(ctx, &dialect, a, ty, loc, InsertPoint::Before(op))? {
                        Some(c) => {
                            created.push(c);
                            values.push(ctx.op_result(c, 0)?);
                        }
                        None => {
                            for c in created {
                                ctx.erase_op(c)?;
                            }
                            return Ok(false);
                        }
                    }
                }
            }
        }
        for c in created {
            self.add_to_worklist(ctx, c);
        }
        let mut rw = Rewriter::new(ctx, op);
        rw.replace_op(op, &values)?;
        let touched = std::mem::take(&mut rw.touched);
        self.add_all(ctx, touched);
        self.result.folds += 1;
        Ok(true)
    }

    fn try_patterns(&mut self, ctx: &mut Context, op: OpId) -> Result<bool> {
        let name = ctx.op_name_id(op)?;
        let candidates = match self.cache.get(&name) {
            Some(c) => c.clone(),
            None => {
                let specific = self.by_root.get(&name).map(Vec::as_slice).unwrap_or(&[]);
                let mut merged: Vec<usize> = specific.iter().chain(&self.any_op).copied().collect();
                merged.sort_by_key(|&i| (std::cmp::Reverse(self.patterns[i].benefit), i));
                let merged = Arc::new(merged);
                self.cache.insert(name, merged.clone());
                merged
            }
        };
        let mut changed = false;
        for &i in candidates.iter() {
            let pattern = &self.patterns[i];
            let mut rw = Rewriter::new(ctx, op);
            let applied = (pattern.match_and_rewrite)(&mut rw, op).map_err(|e| Error {
                kind: if e.kind == ErrorKind::StaleHandle { e.kind } else { ErrorKind::CallbackFailed },
                message: format!("rewrite pattern '{}' failed: {}", pattern.name, e.message),
            })?;
            let rewrote = rw.changed;
            let touched = std::mem::take(&mut rw.touched);
            if rewrote {
                self.add_all(ctx, touched);
                changed = true;
            }
            if applied {
                self.result.rewrites += 1;
                self.sweep_rewrites += 1;
                return Ok(true);
            }
        }
        Ok(changed)
    }
}

/// The `canonicalize` pass.
pub(crate) struct Canonicalizer {
    config: GreedyConfig,
    test_convergence: bool,
    disabled: Vec<String>,
    enabled: Vec<String>,
}

impl Canonicalizer {
    pub(crate) fn from_options(o: &PassOptions) -> Result<Canonicalizer> {
        Ok(Canonicalizer {
            config: GreedyConfig {
                max_iterations: o.int("max-iterations")?,
                max_num_rewrites: o.int("max-num-rewrites")?,
                top_down: o.bool("top-down")?,
                region_simplify: match o.string("region-simplify")? {
                    "disabled" => RegionSimplify::Disabled,
                    "normal" => RegionSimplify::Normal,
                    "aggressive" => RegionSimplify::Aggressive,
                    other => {
                        return Err(Error::invalid(format!(
                            "region-simplify: '{other}' is not one of disabled, normal, aggressive"
                        )))
                    }
                },
                cse_between_iterations: o.bool("cse-between-iterations")?,
                ..GreedyConfig::default()
            },
            test_convergence: o.bool("test-convergence")?,
            disabled: o.strings("disable-patterns")?,
            enabled: o.strings("enable-patterns")?,
        })
    }
}

impl Pass for Canonicalizer {
    fn run(&self, ctx: &mut Context, op: OpId, _analysis: Option<Analysis>) -> Result<()> {
        let patterns: Vec<Arc<RewritePattern>> = ctx
            .rewrite_patterns()
            .into_iter()
            .filter(|p| !self.disabled.contains(&p.name) && (self.enabled.is_empty() || self.enabled.contains(&p.name)))
            .collect();
        let r = apply_patterns_greedily(ctx, op, &patterns, &self.config)?;
        if self.test_convergence && !r.converged {
            return Err(Error::new(
                ErrorKind::CallbackFailed,
                format!("canonicalizer failed to converge within {} iterations", self.config.max_iterations),
            ));
        }
        Ok(())
    }
}
