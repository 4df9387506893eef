//! `symbol-dce`: erase private symbols that nothing references, following MLIR's
//! `SymbolDCE.cpp`.
//!
//! Liveness starts from every op of the symbol table that is not a symbol, and every symbol
//! that cannot be discarded (a symbol can be discarded when it is private: the default of
//! MLIR's `canDiscardOnUseEmpty`). It then propagates through the symbol references held by
//! live ops (resolved from their parent symbol table, nested references marking every
//! symbol on their path), into nested symbol tables, and into the regions of live ops to
//! find the symbol tables nested there. Dead symbols are erased in every symbol table
//! nested in the op, so chains of private symbols used only by each other disappear at
//! once. As in MLIR, an unregistered op with one region (a potentially unknown symbol
//! table) makes symbol uses unknowable, and the pass fails.
//!
//! Two-phase: the liveness computation is read-only (`analyze`); `run` erases.

use rustc_hash::FxHashSet;

use super::effects::is_symbol_op;
use super::{Analysis, Pass};
use crate::context::Context;
use crate::error::{Error, ErrorKind, Result};
use crate::ir::OpId;
use crate::symbol::Visibility;
use crate::walk::{WalkOrder, WalkResult};

pub(crate) struct SymbolDce;

pub(crate) struct SymbolDcePlan {
    erase: Vec<OpId>,
}

impl Pass for SymbolDce {
    fn has_analysis(&self) -> bool {
        true
    }
    fn analyze(&self, ctx: &Context, op: OpId) -> Result<Analysis> {
        Ok(Box::new(analyze(ctx, op)?))
    }
    fn run(&self, ctx: &mut Context, op: OpId, analysis: Option<Analysis>) -> Result<()> {
        let plan = match analysis {
            Some(a) => *a
                .downcast::<SymbolDcePlan>()
                .map_err(|_| Error::invalid("symbol-dce was given another pass's analysis"))?,
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

/// The ops directly in the blocks of region 0 of `table`.
fn table_ops(ctx: &Context, table: OpId) -> Result<Vec<OpId>> {
    let mut out = Vec::new();
    if ctx.op_num_regions(table)? == 0 {
        return Ok(out);
    }
    for block in ctx.region_blocks(ctx.op_region(table, 0)?)? {
        out.extend(ctx.block_ops(block)?);
    }
    Ok(out)
}

fn analyze(ctx: &Context, root: OpId) -> Result<SymbolDcePlan> {
    if !ctx.is_symbol_table(root)? {
        return Err(Error::invalid(format!(
            "'{}' op was scheduled to run under SymbolDCE, but does not define a symbol table",
            ctx.op_name(root)?
        )));
    }
    let discardable =
        |op: OpId| -> Result<bool> { Ok(is_symbol_op(ctx, op) && ctx.symbol_visibility(op)? == Visibility::Private) };
    let mut live: FxHashSet<OpId> = FxHashSet::default();
    let mut worklist: Vec<OpId> = Vec::new();
    let seed = |table: OpId, live: &mut FxHashSet<OpId>, worklist: &mut Vec<OpId>| -> Result<()> {
        for op in table_ops(ctx, table)? {
            // Non-symbols are roots; so are the symbols that cannot be discarded.
            if !is_symbol_op(ctx, op) || (!discardable(op)? && live.insert(op)) {
                worklist.push(op);
            }
        }
        Ok(())
    };
    seed(root, &mut live, &mut worklist)?;
    while let Some(op) = worklist.pop() {
        if ctx.is_symbol_table(op)? {
            seed(op, &mut live, &mut worklist)?;
        } else {
            // Look inside for nested symbol tables.
            for r in 0..ctx.op_num_regions(op)? {
                for block in ctx.region_blocks(ctx.op_region(op, r)?)? {
                    for nested in ctx.block_ops(block)? {
                        if ctx.op_num_regions(nested)? > 0 {
                            worklist.push(nested);
                        }
                    }
                }
            }
        }
        let Some(parent) = ctx.op_parent_op(op)? else { continue };
        if !ctx.is_symbol_table(parent)? {
            continue;
        }
        let Some(uses) = ctx.symbol_uses(op)? else {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "'{}' op contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
                    ctx.op_name(op)?
                ),
            ));
        };
        for u in uses {
            // References to unknown symbols are ignored.
            let Some(path) = ctx.lookup_symbol_ref_path_in(parent, u.symbol_ref)? else { continue };
            for symbol in path {
                if live.insert(symbol) {
                    worklist.push(symbol);
                }
            }
        }
    }
    let mut erase = Vec::new();
    let mut failure = None;
    ctx.walk(root, WalkOrder::PostOrder, |table| {
        let mut step = || -> Result<()> {
            if ctx.is_symbol_table(table)? {
                for op in table_ops(ctx, table)? {
                    if is_symbol_op(ctx, op) && !live.contains(&op) {
                        erase.push(op);
                    }
                }
            }
            Ok(())
        };
        match step() {
            Ok(()) => WalkResult::Advance,
            Err(e) => {
                failure = Some(e);
                WalkResult::Interrupt
            }
        }
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(SymbolDcePlan { erase })
}
