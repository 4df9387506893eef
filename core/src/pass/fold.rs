//! Folding: an op's `fold` hook (MLIR's `OpFoldResult fold(FoldAdaptor)`), the folds its
//! traits imply (`Commutative`, `Idempotent`, `Involution`), constant values of
//! `ConstantLike` ops (`m_Constant`) and the dialect hook that turns an attribute back into a
//! constant op (`Dialect::materializeConstant`).
//!
//! Folding never creates ops: a hook answers with existing values or attributes, or changes
//! the op in place; whoever runs it (the canonicalizer, a pattern, a language binding)
//! materializes attributes through the dialect's constant materializer. That split is MLIR's,
//! and keeping it is what makes `--canonicalize` print what upstream prints: constants are
//! created where upstream creates them and uniqued the way its `OperationFolder` uniques them.

use std::sync::Arc;

use crate::attrs::{Attribute, Location};
use crate::context::Context;
use crate::dialect::Traits;
use crate::error::Result;
use crate::ir::{InsertPoint, OpId, Value};
use crate::types::Type;

/// One result of a fold: an existing value, or a constant to materialize.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoldResult {
    Value(Value),
    Attr(Attribute),
}

/// What a fold did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Folded {
    /// Nothing.
    NotFolded,
    /// The op was changed in place (operands reordered, an attribute simplified...).
    InPlace,
    /// One replacement per result of the op.
    Results(Vec<FoldResult>),
}

/// An op's fold hook: `constants[i]` is the constant value of operand `i`, if it has one.
/// It may change the op in place (then it answers [`Folded::InPlace`]) but must not create
/// or erase ops.
pub type FoldHook = Arc<dyn Fn(&mut Context, OpId, &[Option<Attribute>]) -> Result<Folded> + Send + Sync>;

/// A dialect's constant materializer: creates, at the insertion point, a `ConstantLike` op of
/// that dialect whose single result has type `ty` and value `value`; `Ok(None)` when the
/// dialect cannot (the fold is then dropped, as in MLIR).
pub type ConstantMaterializer =
    Arc<dyn Fn(&mut Context, Attribute, Type, Location, InsertPoint) -> Result<Option<OpId>> + Send + Sync>;

/// The constant value of a `ConstantLike` op, when it is not its `value` attribute.
pub type ConstantValueHook = Arc<dyn Fn(&Context, OpId) -> Option<Attribute> + Send + Sync>;

impl Context {
    /// Registers the fold hook of ops named `op` (replacing an earlier one).
    pub fn register_fold_hook(&mut self, op: &str, hook: FoldHook) {
        let id = self.identifier(op);
        self.registry.fold_hooks.insert(id, hook);
    }

    /// Registers how `dialect` materializes constants (replacing an earlier materializer).
    pub fn register_constant_materializer(&mut self, dialect: &str, hook: ConstantMaterializer) {
        self.registry.constant_materializers.insert(dialect.to_string(), hook);
    }

    /// Registers how the value of `ConstantLike` ops named `op` is found, for ops that do not
    /// keep it in a `value` attribute.
    pub fn register_constant_value_hook(&mut self, op: &str, hook: ConstantValueHook) {
        let id = self.identifier(op);
        self.registry.constant_value_hooks.insert(id, hook);
    }

    /// Makes the regions of ops named `op` places where folded constants are created and
    /// uniqued, as the regions of isolated-from-above ops are (MLIR's
    /// `DialectFoldInterface::shouldMaterializeInto`).
    pub fn register_constant_insertion_region(&mut self, op: &str) {
        let id = self.identifier(op);
        self.registry.constant_insertion_ops.insert(id);
    }

    /// The fold hook registered for ops named like `op`.
    pub fn fold_hook(&self, op: OpId) -> Option<FoldHook> {
        let name = self.op_name_id(op).ok()?;
        self.registry.fold_hooks.get(&name).cloned()
    }

    /// The constant materializer of `dialect`.
    pub fn constant_materializer(&self, dialect: &str) -> Option<ConstantMaterializer> {
        self.registry.constant_materializers.get(dialect).cloned()
    }

    pub(crate) fn is_constant_insertion_op(&self, op: OpId) -> bool {
        self.op_name_id(op).is_ok_and(|n| self.registry.constant_insertion_ops.contains(&n))
    }
}

fn traits(ctx: &Context, op: OpId) -> Traits {
    ctx.op_def(op).ok().flatten().map(|d| d.traits).unwrap_or_default()
}

/// Whether `op` is a registered `ConstantLike` op.
pub fn is_constant_like(ctx: &Context, op: OpId) -> bool {
    traits(ctx, op).contains(Traits::CONSTANT_LIKE)
}

/// The value of a `ConstantLike` op (MLIR's `matchPattern(op, m_Constant(&attr))`).
pub fn constant_op_value(ctx: &Context, op: OpId) -> Option<Attribute> {
    if !is_constant_like(ctx, op) {
        return None;
    }
    let name = ctx.op_name_id(op).ok()?;
    if let Some(hook) = ctx.registry.constant_value_hooks.get(&name) {
        return hook(ctx, op);
    }
    ctx.op_inherent_or_discardable(op, "value").ok().flatten()
}

/// The constant `value` holds: the value of its defining `ConstantLike` op.
pub fn constant_value(ctx: &Context, value: Value) -> Option<Attribute> {
    let def = ctx.value_defining_op(value).ok()??;
    constant_op_value(ctx, def)
}

/// The dialect namespace of an op name (`arith` for `arith.addi`).
pub fn op_dialect(name: &str) -> &str {
    name.split_once('.').map_or(name, |(d, _)| d)
}

/// Folds `op` as MLIR's `Operation::fold` does: its own hook first; when that does nothing
/// (or only changes the op in place), the folds of its traits.
pub fn fold_op(ctx: &mut Context, op: OpId) -> Result<Folded> {
    let operands = ctx.op_operands(op)?;
    let constants: Vec<Option<Attribute>> = operands.iter().map(|&v| constant_value(ctx, v)).collect();
    let own = match ctx.fold_hook(op) {
        Some(hook) => hook(ctx, op, &constants)?,
        None => Folded::NotFolded,
    };
    let results = ctx.op_results(op)?;
    // A single-result fold that answers the op's own result is MLIR's "folded in place".
    let own = match own {
        Folded::Results(r) if r.len() == 1 && results.len() == 1 && r[0] == FoldResult::Value(results[0]) => {
            Folded::InPlace
        }
        other => other,
    };
    if let Folded::Results(_) = own {
        return Ok(own);
    }
    let by_traits = fold_traits(ctx, op)?;
    if by_traits != Folded::NotFolded {
        return Ok(by_traits);
    }
    Ok(own)
}

/// The folds MLIR's `Commutative`, `Idempotent` and `Involution` traits give, in that order.
fn fold_traits(ctx: &mut Context, op: OpId) -> Result<Folded> {
    let t = traits(ctx, op);
    // Looked up before the op may change: this runs for every op the canonicalizer folds.
    let (idempotent, involution) = ctx.op_def(op)?.map_or((false, false), |d| {
        let has = |n: &str| d.trait_names.iter().any(|x| x == n);
        (has("Idempotent"), has("Involution"))
    });
    let operands = ctx.op_operands(op)?;
    if t.contains(Traits::COMMUTATIVE) && operands.len() >= 2 {
        // Constants go last, the rest keeps its order (a stable partition).
        let is_const: Vec<bool> = operands.iter().map(|&v| constant_value(ctx, v).is_some()).collect();
        let reordered: Vec<Value> = operands
            .iter()
            .zip(&is_const)
            .filter(|(_, c)| !**c)
            .chain(operands.iter().zip(&is_const).filter(|(_, c)| **c))
            .map(|(v, _)| *v)
            .collect();
        if reordered != operands {
            ctx.set_operands(op, &reordered)?;
            return Ok(Folded::InPlace);
        }
    }
    let name = ctx.op_name_id(op)?;
    let same_op_def = |ctx: &Context, v: Value| -> Option<OpId> {
        let def = ctx.value_defining_op(v).ok()??;
        (ctx.op_name_id(def).ok()? == name).then_some(def)
    };
    if idempotent && ctx.op_num_results(op)? == 1 {
        if operands.len() == 1 {
            if same_op_def(ctx, operands[0]).is_some() {
                return Ok(Folded::Results(vec![FoldResult::Value(operands[0])]));
            }
        } else if operands.len() == 2 && operands[0] == operands[1] {
            return Ok(Folded::Results(vec![FoldResult::Value(operands[0])]));
        }
    }
    if involution && operands.len() == 1 && ctx.op_num_results(op)? == 1 {
        if let Some(inner) = same_op_def(ctx, operands[0]) {
            if let Some(x) = ctx.op_operand(inner, 0)? {
                return Ok(Folded::Results(vec![FoldResult::Value(x)]));
            }
        }
    }
    Ok(Folded::NotFolded)
}

/// Creates a constant op of `dialect` for `value` at `point` through the dialect's
/// materializer; `None` when the dialect has none or declines.
pub fn materialize_constant(
    ctx: &mut Context,
    dialect: &str,
    value: Attribute,
    ty: Type,
    loc: Location,
    point: InsertPoint,
) -> Result<Option<OpId>> {
    let Some(hook) = ctx.constant_materializer(dialect) else { return Ok(None) };
    hook(ctx, value, ty, loc, point)
}
