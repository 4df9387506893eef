//! `dce`: erase trivially dead operations until none are left.
//!
//! An op is trivially dead when none of its results is used and it would be trivially dead
//! (MLIR's `isOpTriviallyDead`: registered, PURE, not a terminator, not a symbol; see
//! [`super::effects`]). Erasing one can make the ops defining its operands dead in turn; the
//! pass follows those chains to a fixpoint. This is the dead-code removal MLIR's
//! canonicalizer and CSE do on the side, as a pass of its own. (MLIR's
//! `remove-dead-values` is a different, liveness-based pass that also drops unused function
//! arguments and results; this pass does not, hence the different name.)
//!
//! Two-phase: `analyze` simulates the erasures with use counts, read-only; `run` erases.

use rustc_hash::{FxHashMap, FxHashSet};

use super::effects::would_op_be_trivially_dead;
use super::{Analysis, Pass};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::ir::{OpId, Value};
use crate::walk::WalkOrder;

pub(crate) struct Dce;

/// The ops to erase, users before the ops defining their operands.
pub(crate) struct DcePlan {
    erase: Vec<OpId>,
}

impl Pass for Dce {
    fn has_analysis(&self) -> bool {
        true
    }
    fn analyze(&self, ctx: &Context, op: OpId) -> Result<Analysis> {
        Ok(Box::new(analyze(ctx, op)?))
    }
    fn run(&self, ctx: &mut Context, op: OpId, analysis: Option<Analysis>) -> Result<()> {
        let plan = match analysis {
            Some(a) => *a.downcast::<DcePlan>().map_err(|_| Error::invalid("dce was given another pass's analysis"))?,
            None => analyze(ctx, op)?,
        };
        for op in plan.erase {
            if ctx.is_op_live(op) {
                ctx.erase_op(op)?;
            }
        }
        Ok(())
    }
}

fn analyze(ctx: &Context, root: OpId) -> Result<DcePlan> {
    let ops = ctx.collect_ops(root, WalkOrder::PostOrder)?;
    let mut uses: FxHashMap<Value, usize> = FxHashMap::default();
    let mut erased: FxHashSet<OpId> = FxHashSet::default();
    let mut plan = Vec::new();
    let mut stack: Vec<OpId> = Vec::new();
    // Later ops first, so users go before the ops they use.
    for &start in ops.iter().rev() {
        stack.push(start);
        while let Some(op) = stack.pop() {
            if op == root || erased.contains(&op) || !would_op_be_trivially_dead(ctx, op) {
                continue;
            }
            let mut dead = true;
            for i in 0..ctx.op_num_results(op)? {
                let r = ctx.op_result(op, i)?;
                let n = match uses.get(&r) {
                    Some(n) => *n,
                    None => *uses.entry(r).or_insert(ctx.value_num_uses(r)?),
                };
                if n != 0 {
                    dead = false;
                    break;
                }
            }
            if !dead {
                continue;
            }
            plan.push(op);
            // The op goes with everything nested in it; their operands lose a use.
            let subtree =
                if ctx.op_num_regions(op)? == 0 { vec![op] } else { ctx.collect_ops(op, WalkOrder::PreOrder)? };
            for &x in &subtree {
                erased.insert(x);
            }
            for &x in &subtree {
                for i in 0..ctx.op_num_operands(x)? {
                    let Some(v) = ctx.op_operand(x, i)? else { continue };
                    let Some(def) = ctx.value_defining_op(v)? else { continue };
                    let n = match uses.get_mut(&v) {
                        Some(n) => n,
                        None => uses.entry(v).or_insert(ctx.value_num_uses(v)?),
                    };
                    *n = n.saturating_sub(1);
                    // Only ops inside `root` are this pass's to erase.
                    if *n == 0 && !erased.contains(&def) && ctx.op_is_ancestor(root, def)? {
                        stack.push(def);
                    }
                }
            }
        }
    }
    Ok(DcePlan { erase: plan })
}
