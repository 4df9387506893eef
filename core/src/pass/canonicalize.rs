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
//! Not done (yet) compared with MLIR: folding (`fold` hooks, constant uniquing and
//! hoisting) and region simplification (unreachable blocks, dead block arguments).

use std::fmt;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::effects::is_op_trivially_dead;
use super::{Analysis, Pass, PassOptions};
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

    fn touch_operand_defs(&mut self, op: OpId) -> Result<()> {
        for v in self.ctx.op_operands(op)? {
            if let Some(def) = self.ctx.value_defining_op(v)? {
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

/// How [`apply_patterns_greedily`] runs.
#[derive(Clone, Debug, PartialEq)]
pub struct GreedyConfig {
    /// How many times the whole worklist may be rebuilt (`-1`: no limit).
    pub max_iterations: i64,
    /// How many rewrites may be applied in total (`-1`: no limit).
    pub max_num_rewrites: i64,
    /// Visit ops in pre-order (true, the default) or post-order.
    pub top_down: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig { max_iterations: 10, max_num_rewrites: -1, top_down: true }
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
}

/// Applies `patterns` to the ops nested in the regions of `root` until nothing changes or a
/// limit is reached (MLIR's `applyPatternsGreedily`).
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
    let mut cache: FxHashMap<Identifier, Arc<Vec<usize>>> = FxHashMap::default();
    let mut result = GreedyResult::default();
    let limit_reached = |r: &GreedyResult| config.max_num_rewrites >= 0 && r.rewrites as i64 >= config.max_num_rewrites;
    loop {
        result.iterations += 1;
        let mut changed = false;
        // The worklist pops from the back.
        let mut worklist: Vec<OpId> = Vec::new();
        let walk_order = if config.top_down { WalkOrder::PreOrder } else { WalkOrder::PostOrder };
        for r in ctx.op_regions(root)? {
            for b in ctx.region_blocks(r)? {
                for op in ctx.block_ops(b)? {
                    worklist.extend(ctx.collect_ops(op, walk_order)?);
                }
            }
        }
        if config.top_down {
            worklist.reverse();
        }
        let mut queued: FxHashSet<OpId> = worklist.iter().copied().collect();
        while let Some(op) = worklist.pop() {
            queued.remove(&op);
            if !ctx.is_op_live(op) {
                continue;
            }
            if is_op_trivially_dead(ctx, op) {
                let mut rw = Rewriter::new(ctx, op);
                rw.erase_op(op)?;
                let touched = std::mem::take(&mut rw.touched);
                push_all(ctx, &mut worklist, &mut queued, touched);
                result.dead_ops_erased += 1;
                changed = true;
                continue;
            }
            if limit_reached(&result) {
                continue;
            }
            let name = ctx.op_name_id(op)?;
            let candidates = cache
                .entry(name)
                .or_insert_with(|| {
                    let specific = by_root.get(&name).map(Vec::as_slice).unwrap_or(&[]);
                    let mut merged: Vec<usize> = specific.iter().chain(&any_op).copied().collect();
                    merged.sort_by_key(|&i| (std::cmp::Reverse(patterns[i].benefit), i));
                    Arc::new(merged)
                })
                .clone();
            for &i in candidates.iter() {
                let pattern = &patterns[i];
                let mut rw = Rewriter::new(ctx, op);
                let applied = (pattern.match_and_rewrite)(&mut rw, op).map_err(|e| Error {
                    kind: if e.kind == ErrorKind::StaleHandle { e.kind } else { ErrorKind::CallbackFailed },
                    message: format!("rewrite pattern '{}' failed: {}", pattern.name, e.message),
                })?;
                let rewrote = rw.changed;
                let touched = std::mem::take(&mut rw.touched);
                if rewrote {
                    push_all(ctx, &mut worklist, &mut queued, touched);
                    changed = true;
                }
                if applied {
                    result.rewrites += 1;
                    break;
                }
            }
        }
        if !changed {
            result.converged = true;
            break;
        }
        if limit_reached(&result) || (config.max_iterations >= 0 && result.iterations as i64 >= config.max_iterations) {
            break;
        }
    }
    Ok(result)
}

fn push_all(ctx: &Context, worklist: &mut Vec<OpId>, queued: &mut FxHashSet<OpId>, ops: Vec<OpId>) {
    for op in ops {
        if ctx.is_op_live(op) && queued.insert(op) {
            worklist.push(op);
        }
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
