//! The pass manager: runs a pipeline on an op, with verification, timing, IR printing and
//! the two-phase parallel schedule described in the module documentation.

use std::cell::Cell;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use super::pipeline::{OpPassManager, PipelineElement, PipelineError};
use super::timing::TimingNode;
use super::{Analysis, PassInstance};
use crate::asm::{print_op, PrintFlags};
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dialect::Traits;
use crate::error::{Error, ErrorKind, Result};
use crate::ir::OpId;
use crate::options::OptionValue;

/// Where IR dumps go (stderr when none is set).
pub type OutputSink = Box<dyn FnMut(&str) + Send>;

/// Which passes an IR-printing flag applies to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PassSelection {
    #[default]
    None,
    /// Every pass (`--mlir-print-ir-after-all`).
    All,
    /// The passes with these pipeline names (`--mlir-print-ir-after=cse,canonicalize`).
    Only(Vec<String>),
}

impl PassSelection {
    pub fn selects(&self, argument: &str) -> bool {
        match self {
            PassSelection::None => false,
            PassSelection::All => true,
            PassSelection::Only(names) => names.iter().any(|n| n == argument),
        }
    }
}

/// IR printing around passes, as `mlir-opt`'s `--mlir-print-ir-*` flags.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    /// `--mlir-print-ir-before=...` / `--mlir-print-ir-before-all`.
    pub before: PassSelection,
    /// `--mlir-print-ir-after=...` / `--mlir-print-ir-after-all`.
    pub after: PassSelection,
    /// `--mlir-print-ir-after-failure`: print after a pass fails (or its result fails to
    /// verify), even if `after` does not select it.
    pub after_failure: bool,
    /// `--mlir-print-ir-module-scope`: print the whole top-level op instead of the op the
    /// pass ran on.
    pub module_scope: bool,
    /// How to print (debug info, local scope, ...).
    pub flags: PrintFlags,
}

/// Runs a pipeline on an operation (MLIR's `PassManager`).
pub struct PassManager {
    pipeline: OpPassManager,
    verify: bool,
    multithreading: bool,
    timing: bool,
    ir_printing: Option<IrPrinting>,
    output: Option<OutputSink>,
    last_timing: Option<TimingNode>,
}

impl PassManager {
    /// An empty pass manager for ops named `anchor` (usually `builtin.module`).
    pub fn new(anchor: &str) -> PassManager {
        PassManager::from_pipeline(OpPassManager::new(anchor))
    }

    pub fn from_pipeline(pipeline: OpPassManager) -> PassManager {
        PassManager {
            pipeline,
            verify: true,
            multithreading: true,
            timing: false,
            ir_printing: None,
            output: None,
            last_timing: None,
        }
    }

    /// Parses an anchored textual pipeline, `builtin.module(func.func(cse), symbol-dce)`.
    pub fn parse(ctx: &Context, text: &str) -> std::result::Result<PassManager, PipelineError> {
        Ok(PassManager::from_pipeline(OpPassManager::parse(ctx, text)?))
    }

    pub fn pipeline(&self) -> &OpPassManager {
        &self.pipeline
    }

    pub fn pipeline_mut(&mut self) -> &mut OpPassManager {
        &mut self.pipeline
    }

    /// Appends a pass to the top-level pipeline.
    pub fn add_pass(&mut self, pass: PassInstance) -> &mut PassManager {
        self.pipeline.add_pass(pass);
        self
    }

    /// Appends a nested pipeline to the top-level pipeline and returns it.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        self.pipeline.nest(anchor)
    }

    /// Verify the op after each pass (on by default; MLIR's `enableVerifier`).
    pub fn enable_verifier(&mut self, on: bool) -> &mut PassManager {
        self.verify = on;
        self
    }

    /// Run analyses and verification on the context's thread pool (on by default). Off, or
    /// with one thread, everything runs on the calling thread.
    pub fn enable_multithreading(&mut self, on: bool) -> &mut PassManager {
        self.multithreading = on;
        self
    }

    /// Record pass timings (`--mlir-timing`); read them with [`PassManager::timing`].
    pub fn enable_timing(&mut self, on: bool) -> &mut PassManager {
        self.timing = on;
        self
    }

    /// Print IR before/after passes.
    pub fn enable_ir_printing(&mut self, config: IrPrinting) -> &mut PassManager {
        self.ir_printing = Some(config);
        self
    }

    /// Where IR dumps go (default: stderr).
    pub fn set_output(&mut self, sink: OutputSink) -> &mut PassManager {
        self.output = Some(sink);
        self
    }

    /// The timers of the last run (when timing is enabled): a hidden root named `root`
    /// holding one node per pass (`CSE`) and per nested pipeline (`'func.func' Pipeline`).
    pub fn timing(&self) -> Option<&TimingNode> {
        self.last_timing.as_ref()
    }

    /// The `--mlir-timing` report of the last run.
    pub fn timing_report(&self) -> Option<String> {
        self.last_timing.as_ref().map(TimingNode::report)
    }

    /// Runs the pipeline on `op`, whose name must be the pipeline's anchor.
    pub fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<()> {
        let name = ctx.op_name(op)?;
        if !self.pipeline.is_op_agnostic() && name != self.pipeline.anchor() {
            return Err(Error::invalid(format!(
                "can't run a pass manager anchored on '{}' on a '{name}' op",
                self.pipeline.anchor()
            )));
        }
        let pipeline = self.pipeline.clone();
        let start = Instant::now();
        let mut root = TimingNode::new("root");
        let result = self.run_pipeline(ctx, &pipeline, &[op], &mut root);
        root.wall = start.elapsed();
        self.last_timing = self.timing.then_some(root);
        result
    }

    /// Runs the pipeline with option overrides in effect for this run (on this thread and
    /// on the workers), as if the caller had pushed an option scope around it.
    pub fn run_with_options(&mut self, ctx: &mut Context, op: OpId, overrides: &[(&str, OptionValue)]) -> Result<()> {
        let id = ctx.push_option_scope(overrides)?.into_id();
        let result = self.run(ctx, op);
        ctx.pop_option_scope(id)?;
        result
    }

    fn run_pipeline(
        &mut self,
        ctx: &mut Context,
        pm: &OpPassManager,
        ops: &[OpId],
        timer: &mut TimingNode,
    ) -> Result<()> {
        for element in pm.elements() {
            match element {
                PipelineElement::Pass(pass) => {
                    let start = Instant::now();
                    let result = self.run_pass(ctx, pass, ops);
                    timer.children.push(TimingNode {
                        name: pass.name().to_string(),
                        wall: start.elapsed(),
                        children: vec![],
                    });
                    result?;
                }
                PipelineElement::Nested(nested) => {
                    let start = Instant::now();
                    let children = collect_anchored(ctx, ops, nested)?;
                    if children.is_empty() {
                        continue;
                    }
                    let mut node = TimingNode::new(format!("'{}' Pipeline", nested.anchor()));
                    let result = self.run_pipeline(ctx, nested, &children, &mut node);
                    node.wall = start.elapsed();
                    timer.children.push(node);
                    result?;
                }
            }
        }
        Ok(())
    }

    /// Runs one pass on `ops`: the analyses of every op (in parallel when the pass has them
    /// and there are several ops), then `run` on each op in order, then verification.
    /// Serial execution follows the same schedule on the calling thread, so both give the
    /// same IR, the same dumps and the same diagnostics, in the same order.
    fn run_pass(&mut self, ctx: &mut Context, inst: &PassInstance, ops: &[OpId]) -> Result<()> {
        let pass = inst.pass().clone();
        let parallel =
            self.multithreading && ops.len() > 1 && ctx.pass_threads() > 1 && !ctx.callbacks_need_caller_thread();
        let mut analyses: Vec<Option<Analysis>> = Vec::with_capacity(ops.len());
        if pass.has_analysis() {
            let shared: &Context = ctx;
            let results = if parallel {
                on_workers(shared, ops, |op| pass.analyze(shared, op))?
            } else {
                ops.iter().map(|&op| pass.analyze(shared, op)).collect()
            };
            for (&op, r) in ops.iter().zip(results) {
                analyses.push(Some(r.map_err(|e| pass_error(shared, inst, op, e))?));
            }
        } else {
            analyses.resize_with(ops.len(), || None);
        }
        let printing = self.ir_printing.clone();
        // IR dumps per op: (before, after), emitted once the pass is done with every op.
        let mut dumps: Vec<(Option<String>, Option<String>)> = Vec::new();
        for (&op, analysis) in ops.iter().zip(analyses) {
            let before = match &printing {
                Some(p) if p.before.selects(inst.argument()) => Some(dump(ctx, p, inst, op, "Before")?),
                _ => None,
            };
            if let Err(e) = pass.run(ctx, op, analysis) {
                let after = match &printing {
                    Some(p) if p.after_failure || p.after.selects(inst.argument()) => {
                        dump(ctx, p, inst, op, "After Failed").ok()
                    }
                    _ => None,
                };
                dumps.push((before, after));
                self.emit_dumps(dumps);
                return Err(pass_error(ctx, inst, op, e));
            }
            dumps.push((before, None));
        }
        let failures: Vec<Option<Error>> =
            if self.verify { verify_all(ctx, ops, parallel)? } else { ops.iter().map(|_| None).collect() };
        if let Some(p) = &printing {
            for ((&op, failure), d) in ops.iter().zip(&failures).zip(dumps.iter_mut()) {
                if failure.is_some() && (p.after_failure || p.after.selects(inst.argument())) {
                    d.1 = Some(dump(ctx, p, inst, op, "After Failed")?);
                } else if failure.is_none() && p.after.selects(inst.argument()) {
                    d.1 = Some(dump(ctx, p, inst, op, "After")?);
                }
            }
        }
        self.emit_dumps(dumps);
        // Report the first failure; every failure's diagnostics went to the handlers.
        if let Some(e) = failures.into_iter().flatten().next() {
            return Err(Error::new(
                ErrorKind::VerificationFailed,
                format!("{} (verifying after pass '{}')", e.message, inst.argument()),
            ));
        }
        Ok(())
    }

    fn emit_dumps(&mut self, dumps: Vec<(Option<String>, Option<String>)>) {
        for text in dumps.into_iter().flat_map(|(b, a)| [b, a]).flatten() {
            match self.output.as_mut() {
                Some(sink) => sink(&text),
                None => eprint!("{text}"),
            }
        }
    }
}

impl std::fmt::Display for PassManager {
    /// The pipeline in canonical textual form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.pipeline)
    }
}

impl std::fmt::Debug for PassManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PassManager({})", self.pipeline)
    }
}

thread_local! {
    /// The index (in op order) of the op a worker is processing, to order its diagnostics.
    static WORK_INDEX: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Runs `f` on every op on the context's thread pool. Each worker sees the caller's option
/// overrides. Results come back in op order, and so do diagnostics: they are held while the
/// workers run and then delivered to the context's handlers sorted by op.
fn on_workers<T: Send>(
    ctx: &Context,
    ops: &[OpId],
    f: impl Fn(OpId) -> Result<T> + Send + Sync,
) -> Result<Vec<Result<T>>> {
    let pool = ctx.pass_thread_pool()?;
    let snapshot = ctx.option_overrides_snapshot();
    let overrides: Vec<(&str, OptionValue)> = snapshot.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
    let held: Arc<Mutex<Vec<(usize, Diagnostic)>>> = Arc::default();
    let sink = held.clone();
    let handler = ctx.attach_diagnostic_handler(Box::new(move |_, d| {
        let index = WORK_INDEX.with(Cell::get);
        sink.lock().unwrap_or_else(|p| p.into_inner()).push((index, d.clone()));
        true
    }));
    let results = pool.install(|| {
        ops.par_iter()
            .enumerate()
            .with_max_len(1)
            .map(|(i, &op)| {
                WORK_INDEX.with(|w| w.set(i));
                let _scope = if overrides.is_empty() { None } else { Some(ctx.push_option_scope(&overrides)?) };
                let r = f(op);
                WORK_INDEX.with(|w| w.set(usize::MAX));
                r
            })
            .collect()
    });
    ctx.detach_diagnostic_handler(handler);
    let mut diagnostics = std::mem::take(&mut *held.lock().unwrap_or_else(|p| p.into_inner()));
    // Stable: each op's diagnostics keep the order its worker emitted them in.
    diagnostics.sort_by_key(|(i, _)| *i);
    for (_, d) in diagnostics {
        ctx.emit_diagnostic(d);
    }
    Ok(results)
}

/// Verifies each op; the error of each op that fails. Diagnostics arrive in op order.
fn verify_all(ctx: &Context, ops: &[OpId], parallel: bool) -> Result<Vec<Option<Error>>> {
    if !parallel {
        return Ok(ops.iter().map(|&op| ctx.verify(op).err()).collect());
    }
    let results = on_workers(ctx, ops, |op| Ok(ctx.verify(op).err()))?;
    Ok(results.into_iter().map(|r| r.unwrap_or_else(Some)).collect())
}

/// The ops named by the anchor of `nested` directly in the regions of `ops`.
fn collect_anchored(ctx: &Context, ops: &[OpId], nested: &OpPassManager) -> Result<Vec<OpId>> {
    let anchor = (!nested.is_op_agnostic()).then(|| ctx.identifier(nested.anchor()));
    let mut out = Vec::new();
    for &op in ops {
        for r in 0..ctx.op_num_regions(op)? {
            let mut block = ctx.region_first_block(ctx.op_region(op, r)?)?;
            while let Some(b) = block {
                let mut child = ctx.block_first_op(b)?;
                while let Some(c) = child {
                    let isolated = ctx.op_def(c)?.map(|d| d.has_trait(Traits::ISOLATED_FROM_ABOVE));
                    match anchor {
                        // `any(...)`: registered ops that are isolated from above (as MLIR).
                        None if isolated == Some(true) => out.push(c),
                        None => {}
                        Some(name) if ctx.op_name_id(c)? == name => {
                            // A registered op must be isolated from above, as in MLIR. An
                            // unregistered one is accepted (MLIR refuses it): omnir has few
                            // registered dialects yet, and passes keep to the op anyway.
                            if isolated == Some(false) {
                                return Err(Error::invalid(format!(
                                    "'{}' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'",
                                    nested.anchor()
                                )));
                            }
                            out.push(c);
                        }
                        Some(_) => {}
                    }
                    child = ctx.op_next(c)?;
                }
                block = ctx.block_next(b)?;
            }
        }
    }
    Ok(out)
}

fn describe(ctx: &Context, op: OpId) -> String {
    let name = ctx.op_name(op).unwrap_or("<stale>");
    match ctx.symbol_name(op).ok().flatten() {
        Some(sym) => format!("'{name}' op @{sym}"),
        None => format!("'{name}' op"),
    }
}

fn pass_error(ctx: &Context, inst: &PassInstance, op: OpId, e: Error) -> Error {
    Error {
        kind: e.kind,
        message: format!("pass '{}' failed on {}: {}", inst.argument(), describe(ctx, op), e.message),
    }
}

/// One IR dump: MLIR's `// -----// IR Dump After CSE (cse) //----- //` header and the op.
fn dump(ctx: &Context, p: &IrPrinting, inst: &PassInstance, op: OpId, when: &str) -> Result<String> {
    let title = match when {
        "After Failed" => format!("After {} Failed", inst.name()),
        _ => format!("{when} {}", inst.name()),
    };
    let mut out = format!("// -----// IR Dump {title} ({})", inst.argument());
    let text = if p.module_scope {
        out.push_str(&format!(" ('{}' operation", ctx.op_name(op)?));
        if let Some(sym) = ctx.symbol_name(op)? {
            out.push_str(&format!(": @{sym}"));
        }
        out.push(')');
        print_op(ctx, ctx.op_root(op)?, &p.flags)?
    } else {
        let nested = ctx.op_parent_op(op)?.is_some();
        print_op(ctx, op, &PrintFlags { local_scope: p.flags.local_scope || nested, ..p.flags.clone() })?
    };
    out.push_str(" //----- //\n");
    out.push_str(&text);
    out.push_str("\n\n");
    Ok(out)
}
