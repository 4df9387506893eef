//! Passes and the pass manager, with MLIR's vocabulary and no process-global state.
//!
//! - A [`Pass`] is a trait object; passes are registered by name in a per-context registry
//!   ([`Context::register_pass`]) with a factory and declared options ([`PassInfo`]).
//!   Built-in: `cse`, `canonicalize`, `dce`, `symbol-dce`, `strip-debuginfo`.
//! - Pipelines are written in MLIR's textual syntax,
//!   `builtin.module(func.func(cse, my-pass{threshold=3 names=a,b}), symbol-dce)`, parsed by
//!   [`PassManager::parse`] (errors carry the character position) and printed back in
//!   canonical form by `Display` (`builtin.module(func.func(cse,my-pass{threshold=3
//!   names=a,b}),symbol-dce)`).
//! - `op-name(...)` runs the nested pipeline on every op of that name directly nested in the
//!   regions of the ops the enclosing pipeline runs on (MLIR's `OpPassManager` nesting).
//! - The [`PassManager`] verifies after each pass (switchable), times passes
//!   ([`TimingNode::report`], MLIR's `--mlir-timing` format) and prints IR before/after
//!   passes ([`IrPrinting`], MLIR's `// -----// IR Dump After CSE (cse) //----- //`).
//!
//! # The parallel model: analyze in parallel, apply in order
//!
//! All IR lives in one arena owned by the [`Context`], and mutation takes `&mut Context`, so
//! two passes cannot mutate sibling functions at the same time without a different storage
//! design. Instead a pass may split its work in two phases:
//!
//! 1. [`Pass::analyze`] takes `&Context` and computes, read-only, what the pass will do to
//!    one anchored op (for CSE: which ops are duplicates of which, which are dead). When the
//!    pass runs on several ops (e.g. every `func.func` of a module), the pass manager calls
//!    `analyze` for all of them in parallel on the context's thread pool (one pool per
//!    context, sized by [`Context::set_pass_threads`]). Each worker first pushes the caller's
//!    option overrides ([`Context::option_overrides_snapshot`]), so option lookups on a worker
//!    see what the caller sees.
//! 2. [`Pass::run`] takes `&mut Context` and the op's analysis and applies it. These calls are
//!    serial, in op order.
//!
//! Verification after the pass is read-only too and also runs in parallel. Passes without an
//! analysis phase run serially. In serial mode (one thread, or multithreading disabled) the
//! same schedule runs on the calling thread — every analysis, then every `run` — so serial
//! and parallel execution see the same IR at every step and give byte-identical results
//! (IR, IR dumps, and diagnostics, which workers hold back and deliver in op order), provided
//! `analyze` is deterministic. A pass should still keep MLIR's contract — its work on one op
//! touches only that op and what is nested in it — since an analysis is computed before the
//! `run`s on its sibling ops. The limit of the model is Amdahl's law: whatever `run` does (for
//! CSE: replacing uses and erasing ops) is serial.

mod canonicalize;
mod cse;
mod dce;
mod effects;
mod fold;
mod manager;
mod pipeline;
mod region_simplify;
mod registry;
mod strip_debuginfo;
mod symbol_dce;
mod timing;

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::ir::OpId;
use crate::options::{OptionDecl, OptionValue};

pub use canonicalize::{apply_patterns_greedily, GreedyConfig, GreedyResult, RegionSimplify, RewritePattern, Rewriter};
pub use effects::{
    is_memory_effect_free, is_op_trivially_dead, is_symbol_op, would_op_be_trivially_dead, EffectFreeHook,
};
pub use fold::{
    constant_op_value, constant_value, fold_op, is_constant_like, materialize_constant, op_dialect,
    ConstantMaterializer, ConstantValueHook, FoldHook, FoldResult, Folded,
};
pub use manager::{IrPrinting, OutputSink, PassManager, PassSelection};
pub use pipeline::{OpPassManager, PipelineElement, PipelineError};
pub(crate) use registry::PassState;
pub use timing::TimingNode;

/// The result of [`Pass::analyze`]: whatever the pass wants handed to [`Pass::run`].
pub type Analysis = Box<dyn Any + Send>;

/// A pass: work done on one operation at a time (the op its pipeline is anchored on).
///
/// Passes are shared between threads (`Send + Sync`) and must not keep mutable state across
/// calls: one instance runs on many ops, possibly concurrently (`analyze`).
pub trait Pass: Send + Sync {
    /// Whether the pass has a read-only phase. If so, [`Pass::analyze`] is called (possibly in
    /// parallel with the same pass on sibling ops) and its result handed to [`Pass::run`].
    fn has_analysis(&self) -> bool {
        false
    }

    /// The read-only phase: compute what `run` will do to `op`. It may read `op`, what is
    /// nested in it and its ancestors, nothing else.
    fn analyze(&self, ctx: &Context, op: OpId) -> Result<Analysis> {
        let _ = (ctx, op);
        Err(Error::invalid("this pass has no analysis phase"))
    }

    /// Runs the pass on `op` (serially). `analysis` is the result of [`Pass::analyze`] for
    /// this op when the pass has an analysis phase, `None` otherwise. It may change `op` and
    /// what is nested in it, nothing else.
    fn run(&self, ctx: &mut Context, op: OpId, analysis: Option<Analysis>) -> Result<()>;
}

/// The read-only phase of a [`FnPass`].
pub type AnalyzeFn = Arc<dyn Fn(&Context, OpId) -> Result<Analysis> + Send + Sync>;
/// The mutating phase of a [`FnPass`].
pub type RunFn = Arc<dyn Fn(&mut Context, OpId, Option<Analysis>) -> Result<()> + Send + Sync>;

/// A pass made of closures (what the C API and language bindings build from callbacks).
#[derive(Clone)]
pub struct FnPass {
    pub analyze: Option<AnalyzeFn>,
    pub run: RunFn,
}

impl FnPass {
    /// A pass with only a mutating phase.
    pub fn new(run: impl Fn(&mut Context, OpId) -> Result<()> + Send + Sync + 'static) -> FnPass {
        FnPass { analyze: None, run: Arc::new(move |ctx, op, _| run(ctx, op)) }
    }

    /// A two-phase pass: `analyze` runs in parallel, `run` applies its result.
    pub fn two_phase(
        analyze: impl Fn(&Context, OpId) -> Result<Analysis> + Send + Sync + 'static,
        run: impl Fn(&mut Context, OpId, Analysis) -> Result<()> + Send + Sync + 'static,
    ) -> FnPass {
        FnPass {
            analyze: Some(Arc::new(analyze)),
            run: Arc::new(move |ctx, op, analysis| {
                let analysis = analysis.ok_or_else(|| Error::invalid("two-phase pass run without its analysis"))?;
                run(ctx, op, analysis)
            }),
        }
    }
}

impl Pass for FnPass {
    fn has_analysis(&self) -> bool {
        self.analyze.is_some()
    }
    fn analyze(&self, ctx: &Context, op: OpId) -> Result<Analysis> {
        match &self.analyze {
            Some(f) => f(ctx, op),
            None => Err(Error::invalid("this pass has no analysis phase")),
        }
    }
    fn run(&self, ctx: &mut Context, op: OpId, analysis: Option<Analysis>) -> Result<()> {
        (self.run)(ctx, op, analysis)
    }
}

/// Makes a pass from its parsed options.
pub type PassFactory = Arc<dyn Fn(&PassOptions) -> Result<Box<dyn Pass>> + Send + Sync>;

/// A registered pass: its pipeline name, display name, options and factory.
#[derive(Clone)]
pub struct PassInfo {
    /// The name used in pipelines (`cse`; MLIR's pass argument).
    pub argument: String,
    /// The name shown in timing reports and IR dumps (`CSE`; MLIR's pass name).
    pub name: String,
    pub description: String,
    /// Declared options, in the order they print.
    pub options: Vec<OptionDecl>,
    pub factory: PassFactory,
}

impl PassInfo {
    pub fn new(
        argument: &str,
        name: &str,
        description: &str,
        factory: impl Fn(&PassOptions) -> Result<Box<dyn Pass>> + Send + Sync + 'static,
    ) -> PassInfo {
        PassInfo {
            argument: argument.into(),
            name: name.into(),
            description: description.into(),
            options: Vec::new(),
            factory: Arc::new(factory),
        }
    }

    /// Adds a declared option.
    pub fn option(mut self, decl: OptionDecl) -> PassInfo {
        self.options.push(decl);
        self
    }

    fn option_names(&self) -> String {
        if self.options.is_empty() {
            return "it has no options".into();
        }
        let names: Vec<String> = self.options.iter().map(|o| format!("{} ({})", o.name, o.ty)).collect();
        format!("its options: {}", names.join(", "))
    }
}

impl fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassInfo")
            .field("argument", &self.argument)
            .field("name", &self.name)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// The values of a pass instance's declared options (defaults filled in).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PassOptions {
    /// Every declared option with its value, in declaration order.
    values: Vec<(String, OptionValue)>,
    /// Which options were given explicitly (these print in the pipeline text).
    explicit: Vec<bool>,
}

impl PassOptions {
    /// Every declared option with its value, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        self.values.iter().map(|(n, v)| (n.as_str(), v))
    }

    pub fn get(&self, name: &str) -> Result<&OptionValue> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v).ok_or_else(|| {
            let names: Vec<&str> = self.values.iter().map(|(n, _)| n.as_str()).collect();
            Error::new(
                crate::error::ErrorKind::NotRegistered,
                format!("the pass has no option '{name}' (options: {})", names.join(", ")),
            )
        })
    }

    /// Whether the option was given explicitly (rather than defaulted).
    pub fn is_explicit(&self, name: &str) -> bool {
        self.values.iter().position(|(n, _)| n == name).is_some_and(|i| self.explicit[i])
    }

    pub fn int(&self, name: &str) -> Result<i64> {
        match self.get(name)? {
            OptionValue::Int(i) => Ok(*i),
            v => Err(Error::invalid(format!("pass option '{name}' is not an int (value '{v}')"))),
        }
    }

    pub fn bool(&self, name: &str) -> Result<bool> {
        match self.get(name)? {
            OptionValue::Bool(b) => Ok(*b),
            v => Err(Error::invalid(format!("pass option '{name}' is not a bool (value '{v}')"))),
        }
    }

    pub fn float(&self, name: &str) -> Result<f64> {
        match self.get(name)? {
            OptionValue::Float(x) => Ok(*x),
            v => Err(Error::invalid(format!("pass option '{name}' is not a float (value '{v}')"))),
        }
    }

    /// A string or enum option.
    pub fn string(&self, name: &str) -> Result<&str> {
        match self.get(name)? {
            OptionValue::String(s) | OptionValue::Enum(s) => Ok(s),
            v => Err(Error::invalid(format!("pass option '{name}' is not a string (value '{v}')"))),
        }
    }

    /// A list option, its elements printed as text.
    pub fn strings(&self, name: &str) -> Result<Vec<String>> {
        match self.get(name)? {
            OptionValue::List(items) => Ok(items.iter().map(|v| v.to_string()).collect()),
            v => Err(Error::invalid(format!("pass option '{name}' is not a list (value '{v}')"))),
        }
    }

    /// The options of `info` with their defaults, then `given` (checked) on top.
    pub(crate) fn resolve(info: &PassInfo, given: &[(&str, OptionValue)]) -> Result<PassOptions> {
        let mut out = PassOptions {
            values: info.options.iter().map(|d| (d.name.clone(), d.default.clone())).collect(),
            explicit: vec![false; info.options.len()],
        };
        for (name, value) in given {
            let Some(i) = info.options.iter().position(|d| d.name == *name) else {
                return Err(Error::new(
                    crate::error::ErrorKind::NotRegistered,
                    format!("no such option '{name}' for pass '{}'; {}", info.argument, info.option_names()),
                ));
            };
            let decl = &info.options[i];
            if !decl.ty.accepts(value) {
                return Err(Error::invalid(format!(
                    "option '{name}' of pass '{}' expects a {}, got '{value}'",
                    info.argument, decl.ty
                )));
            }
            out.values[i].1 = value.clone();
            out.explicit[i] = true;
        }
        Ok(out)
    }
}

/// One pass in a pipeline: the registered pass, its options, and the instance they made.
#[derive(Clone)]
pub struct PassInstance {
    info: Arc<PassInfo>,
    options: PassOptions,
    pass: Arc<dyn Pass>,
}

impl PassInstance {
    /// The name used in pipelines (`cse`).
    pub fn argument(&self) -> &str {
        &self.info.argument
    }
    /// The display name (`CSE`).
    pub fn name(&self) -> &str {
        &self.info.name
    }
    pub fn info(&self) -> &PassInfo {
        &self.info
    }
    pub fn options(&self) -> &PassOptions {
        &self.options
    }
    pub fn pass(&self) -> &Arc<dyn Pass> {
        &self.pass
    }
}

impl fmt::Debug for PassInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PassInstance({self})")
    }
}

impl fmt::Display for PassInstance {
    /// `argument{opt=value ...}` with the explicitly given options, in declaration order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.info.argument)?;
        let explicit: Vec<&(String, OptionValue)> =
            self.options.values.iter().zip(&self.options.explicit).filter(|(_, e)| **e).map(|(v, _)| v).collect();
        if explicit.is_empty() {
            return Ok(());
        }
        f.write_str("{")?;
        for (i, (name, value)) in explicit.into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{name}={}", pipeline::quote_value(value))?;
        }
        f.write_str("}")
    }
}

fn decl(name: &str, ty: crate::options::OptionType, default: OptionValue, help: &str) -> OptionDecl {
    OptionDecl { name: name.into(), ty, default, help: help.into() }
}

/// The passes every context starts with.
fn builtin_passes() -> Vec<PassInfo> {
    use crate::options::OptionType;
    let strings = || OptionType::List(Box::new(OptionType::String));
    vec![
        PassInfo::new("cse", "CSE", "Eliminate common sub-expressions", |_| Ok(Box::new(cse::Cse))),
        PassInfo::new(
            "canonicalize",
            "Canonicalizer",
            "Canonicalize operations: apply rewrite patterns greedily and erase dead ops",
            |o| Ok(Box::new(canonicalize::Canonicalizer::from_options(o)?)),
        )
        .option(decl(
            "max-iterations",
            OptionType::Int,
            OptionValue::Int(10),
            "Max. iterations between applying patterns / simplifying regions (-1: no limit)",
        ))
        .option(decl(
            "max-num-rewrites",
            OptionType::Int,
            OptionValue::Int(-1),
            "Max. number of pattern rewrites within an iteration (-1: no limit)",
        ))
        .option(decl(
            "top-down",
            OptionType::Bool,
            OptionValue::Bool(true),
            "Seed the worklist in general top-down order",
        ))
        .option(decl(
            "region-simplify",
            OptionType::String,
            OptionValue::String("normal".into()),
            "Control-flow simplification after each sweep: disabled, normal (unreachable blocks, dead values and block arguments) or aggressive (also merges identical blocks)",
        ))
        .option(decl(
            "cse-between-iterations",
            OptionType::Bool,
            OptionValue::Bool(false),
            "Run CSE over the region after each sweep; CSE's changes count, so they may need more iterations",
        ))
        .option(decl(
            "test-convergence",
            OptionType::Bool,
            OptionValue::Bool(false),
            "Fail the pass if the patterns did not converge",
        ))
        .option(decl(
            "disable-patterns",
            strings(),
            OptionValue::List(vec![]),
            "Labels of patterns that should be filtered out during application",
        ))
        .option(decl(
            "enable-patterns",
            strings(),
            OptionValue::List(vec![]),
            "Labels of patterns that should be used during application, all other patterns are filtered out",
        )),
        PassInfo::new("dce", "DCE", "Erase trivially dead operations, to a fixpoint", |_| Ok(Box::new(dce::Dce))),
        PassInfo::new("symbol-dce", "SymbolDCE", "Eliminate dead symbols", |_| Ok(Box::new(symbol_dce::SymbolDce))),
        PassInfo::new("strip-debuginfo", "StripDebugInfo", "Strip debug info from all operations", |_| {
            Ok(Box::new(strip_debuginfo::StripDebugInfo))
        }),
    ]
}
