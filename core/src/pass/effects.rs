//! Side-effect queries, as MLIR's `SideEffectInterfaces.cpp` answers them for the ops omnir
//! knows about.
//!
//! omnir has no memory-effect interface yet: an op is known to be free of side effects when
//! it is registered with [`Traits::PURE`] (MLIR's `Pure`, i.e. `NoMemoryEffect`; like
//! MLIR's `NoMemoryEffect`, it covers the op itself, not its regions). For dead-code removal,
//! ops that only read or allocate ([`Traits::ONLY_READS_OR_ALLOCATES`]) count as removable,
//! and ops with [`Traits::RECURSIVE_MEMORY_EFFECTS`] are as removable as what they hold. An unregistered op
//! has unknown effects and might be a terminator, so it is never considered dead or
//! redundant — exactly as in MLIR, which cannot know anything about it either.

use crate::context::Context;
use crate::dialect::Traits;
use crate::ir::OpId;
use crate::symbol::SYMBOL_ATTR_NAME;

/// Whether one instance of an op has no memory effects, for ops whose effects depend on what
/// they operate on (MLIR's `MemoryEffectOpInterface::getEffects` answering nothing, e.g. a
/// `vector.transfer_write` into a tensor, while one into a memref writes).
pub type EffectFreeHook = std::sync::Arc<dyn Fn(&Context, OpId) -> bool + Send + Sync>;

impl Context {
    /// Registers the per-instance effect-freedom answer of ops named `op`.
    pub fn register_effect_free_hook(&mut self, op: &str, hook: EffectFreeHook) {
        let id = self.identifier(op);
        self.registry.effect_free_hooks.insert(id, hook);
    }
}

fn instance_effect_free(ctx: &Context, op: OpId) -> bool {
    let Ok(name) = ctx.op_name_id(op) else { return false };
    ctx.registry.effect_free_hooks.get(&name).is_some_and(|h| h(ctx, op))
}

fn traits(ctx: &Context, op: OpId) -> Option<Traits> {
    ctx.op_def(op).ok().flatten().map(|d| d.traits)
}

/// Whether `op` is known to have no memory effects (MLIR's `isMemoryEffectFree`).
pub fn is_memory_effect_free(ctx: &Context, op: OpId) -> bool {
    traits(ctx, op).is_some_and(|t| t.contains(Traits::PURE)) || instance_effect_free(ctx, op)
}

/// Whether `op` may write memory, as MLIR's CSE asks about the ops between two reads: ops
/// without known effects may; ops with recursive effects may if what they hold may.
pub(crate) fn may_write(ctx: &Context, root: OpId) -> bool {
    // Reads and allocations are not writes: the ops that may write are those that are not
    // removable for their effects.
    !only_removable_effects(ctx, root)
}

/// Whether `op` is a symbol (MLIR's `isa<SymbolOpInterface>`): a registered op with the
/// SYMBOL trait, and a `sym_name` when the symbol is optional (an unnamed `builtin.module`
/// is not a symbol).
pub fn is_symbol_op(ctx: &Context, op: OpId) -> bool {
    let Some(t) = traits(ctx, op) else { return false };
    t.contains(Traits::SYMBOL)
        && (!t.contains(Traits::OPTIONAL_SYMBOL)
            || ctx.op_inherent_or_discardable(op, SYMBOL_ATTR_NAME).ok().flatten().is_some())
}

/// Whether `op` could be erased if its results had no uses (MLIR's
/// `wouldOpBeTriviallyDead`): not a terminator (unregistered ops might be one), not a
/// symbol, and free of side effects.
pub fn would_op_be_trivially_dead(ctx: &Context, op: OpId) -> bool {
    let Some(t) = traits(ctx, op) else { return false };
    !t.contains(Traits::IS_TERMINATOR) && !is_symbol_op(ctx, op) && only_removable_effects(ctx, op)
}

/// Whether `root` and, for ops with recursive effects, what they hold, at most read memory
/// or allocate their own results.
fn only_removable_effects(ctx: &Context, root: OpId) -> bool {
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        let Some(t) = traits(ctx, op) else { return false };
        let recursive = t.contains(Traits::RECURSIVE_MEMORY_EFFECTS);
        if recursive {
            let Ok(regions) = ctx.op_regions(op) else { return false };
            for r in regions {
                let Ok(blocks) = ctx.region_blocks(r) else { return false };
                for b in blocks {
                    let Ok(ops) = ctx.block_ops(b) else { return false };
                    stack.extend(ops);
                }
            }
        }
        if t.contains(Traits::PURE)
            || t.contains(Traits::ONLY_READS_OR_ALLOCATES)
            || recursive
            || instance_effect_free(ctx, op)
        {
            continue;
        }
        return false;
    }
    true
}

/// Whether `op` has no uses and would be trivially dead (MLIR's `isOpTriviallyDead`).
pub fn is_op_trivially_dead(ctx: &Context, op: OpId) -> bool {
    let Ok(n) = ctx.op_num_results(op) else { return false };
    would_op_be_trivially_dead(ctx, op)
        && (0..n).all(|i| ctx.op_result(op, i).and_then(|r| ctx.value_has_uses(r)).is_ok_and(|used| !used))
}
