//! Options, passes and rewrite patterns written in JavaScript, and the pass manager, over the
//! client's `passes` module (bindings/rust/src/passes.rs).
//!
//! - Option values cross as JavaScript values (boolean, number, BigInt, string, array) and
//!   are checked against the option's declared kind here, then handed to omnir in textual
//!   form (`OptionValue::to_text`); omnir parses and checks them again, and its messages name
//!   the option and what it accepts.
//! - Override scopes (`ctx.withOptions`) and pass managers live in this thread's tables, by
//!   slot, like contexts: they belong to the JavaScript thread that made them.
//! - Passes and rewrite patterns are JavaScript functions reached through the dispatcher
//!   (`callbacks.rs`): omnir runs them on the thread that runs the pipeline, inside
//!   `pmRun`, so they are called right away.

use std::cell::RefCell;

use napi::bindgen_prelude::{BigInt, Either4, Either5};
use napi::sys as nsys;
use napi_derive::napi;
use omnir::sys;
use omnir::{IrPrinting, OptionDecl, OptionScope, OptionType, OptionValue, PassDef, PassManager};

use crate::callbacks::{numbers, to_js, Answer, JsCallback, PASS_RUN, REWRITE_PATTERN};
use crate::handles::op_at;
use crate::state::{self, cx, invalid, rd, run, run_cx, run_value, wr, Slab};

/// A scalar option value as JavaScript gives and receives it.
pub type JsScalar = Either4<bool, f64, BigInt, String>;
/// An option value as JavaScript gives and receives it (an array for a list option).
pub type JsOptionValue = Either5<bool, f64, BigInt, String, Vec<JsScalar>>;

thread_local! {
    static SCOPES: RefCell<Slab<OptionScope>> = RefCell::new(Slab::default());
    static MANAGERS: RefCell<Slab<PassManager>> = RefCell::new(Slab::default());
}

/// The largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn kind_words(kind: sys::omnir_option_kind) -> &'static str {
    match kind {
        sys::OMNIR_OPTION_BOOL => "a boolean",
        sys::OMNIR_OPTION_INT => "an integer (a number or a BigInt)",
        sys::OMNIR_OPTION_FLOAT => "a number",
        sys::OMNIR_OPTION_STRING => "a string",
        sys::OMNIR_OPTION_ENUM => "one of its cases (a string)",
        _ => "an array",
    }
}

fn describe(v: &JsScalar) -> String {
    match v {
        Either4::A(b) => format!("the boolean {b}"),
        Either4::B(x) => format!("the number {x}"),
        Either4::C(b) => format!("the BigInt {}n", b.get_i128().0),
        Either4::D(s) => format!("the string '{s}'"),
    }
}

fn bad(name: &str, detail: String) -> omnir::Error {
    invalid(format!("invalid value for option '{name}': {detail}"))
}

/// A scalar JavaScript value for an option (or list element) of kind `kind`. A string is
/// always passed on as text: omnir parses it by the option's type.
fn scalar_value(name: &str, kind: sys::omnir_option_kind, v: JsScalar) -> omnir::Result<OptionValue> {
    Ok(match (kind, v) {
        (_, Either4::D(s)) => OptionValue::String(s),
        (sys::OMNIR_OPTION_BOOL, Either4::A(b)) => OptionValue::Bool(b),
        (sys::OMNIR_OPTION_INT, Either4::B(x)) => {
            if x.fract() != 0.0 || !x.is_finite() {
                return Err(bad(name, format!("{x} is not an integer (an int option takes an integer)")));
            }
            if x.abs() > MAX_SAFE {
                return Err(bad(name, format!("{x} is beyond 2^53 and may have been rounded: pass a BigInt")));
            }
            OptionValue::Int(x as i64)
        }
        (sys::OMNIR_OPTION_INT, Either4::C(b)) => match b.get_i64() {
            (i, true) => OptionValue::Int(i),
            _ => return Err(bad(name, format!("{}n is out of the range of a 64-bit integer", b.get_i128().0))),
        },
        (sys::OMNIR_OPTION_FLOAT, Either4::B(x)) => OptionValue::Float(x),
        (sys::OMNIR_OPTION_FLOAT, Either4::C(b)) => OptionValue::Float(b.get_i128().0 as f64),
        // An enum case given as another value: omnir's message lists the cases.
        (sys::OMNIR_OPTION_ENUM, Either4::A(b)) => OptionValue::String(b.to_string()),
        (sys::OMNIR_OPTION_ENUM, Either4::B(x)) => OptionValue::String(x.to_string()),
        (sys::OMNIR_OPTION_ENUM, Either4::C(b)) => OptionValue::String(b.get_i128().0.to_string()),
        (k, v) => return Err(bad(name, format!("expected {}, got {}", kind_words(k), describe(&v)))),
    })
}

/// A JavaScript value for option `name` of kind `kind` (a list: of `element`s).
pub(crate) fn option_value_of(
    name: &str,
    kinds: (sys::omnir_option_kind, sys::omnir_option_kind),
    v: JsOptionValue,
) -> omnir::Result<OptionValue> {
    let (kind, element) = kinds;
    let scalar = match v {
        Either5::A(b) => Either4::A(b),
        Either5::B(x) => Either4::B(x),
        Either5::C(b) => Either4::C(b),
        Either5::D(s) => Either4::D(s),
        Either5::E(items) => {
            if kind != sys::OMNIR_OPTION_LIST {
                return Err(bad(name, format!("expected {}, got an array", kind_words(kind))));
            }
            let values = items.into_iter().map(|x| scalar_value(name, element, x)).collect::<omnir::Result<_>>()?;
            return Ok(OptionValue::List(values));
        }
    };
    if kind == sys::OMNIR_OPTION_LIST && !matches!(scalar, Either4::D(_)) {
        return Err(bad(name, format!("a list option takes an array (or its text, 'a,b'), got {}", describe(&scalar))));
    }
    scalar_value(name, kind, scalar)
}

fn js_scalar(v: OptionValue) -> JsScalar {
    match v {
        OptionValue::Bool(b) => Either4::A(b),
        // Exact as a number up to 2^53, a BigInt beyond.
        OptionValue::Int(i) if (i as f64).abs() <= MAX_SAFE => Either4::B(i as f64),
        OptionValue::Int(i) => Either4::C(BigInt::from(i)),
        OptionValue::Float(x) => Either4::B(x),
        OptionValue::String(s) => Either4::D(s),
        // Lists do not nest.
        OptionValue::List(items) => Either4::D(OptionValue::List(items).to_text()),
    }
}

/// An option value as JavaScript receives it: boolean, number (an int beyond 2^53: BigInt),
/// string (also an enum case), array.
pub(crate) fn js_value(v: OptionValue) -> JsOptionValue {
    match v {
        OptionValue::List(items) => Either5::E(items.into_iter().map(js_scalar).collect()),
        v => match js_scalar(v) {
            Either4::A(b) => Either5::A(b),
            Either4::B(x) => Either5::B(x),
            Either4::C(b) => Either5::C(b),
            Either4::D(s) => Either5::D(s),
        },
    }
}

// ---------------------------------------------------------------------------------------
// options

/// A declared option: `type` is `bool`, `int`, `float`, `string`, `enum` (`cases`) or `list`
/// (`element`, and `cases` for a list of enums); without `default`, MLIR's zero default.
#[napi(object)]
pub struct JsOptionDecl {
    pub name: String,
    pub r#type: String,
    pub element: Option<String>,
    pub cases: Option<Vec<String>>,
    #[napi(ts_type = "boolean | number | bigint | string | Array<boolean | number | bigint | string>")]
    pub default: Option<JsOptionValue>,
    pub help: Option<String>,
}

fn option_decl(d: JsOptionDecl) -> omnir::Result<OptionDecl> {
    let ty = OptionType::from_names(&d.r#type, d.element.as_deref(), d.cases.as_deref().unwrap_or(&[]))
        .map_err(|e| invalid(format!("option '{}': {}", d.name, e.message)))?;
    let default = match d.default {
        Some(v) => option_value_of(&d.name, ty.raw_kinds(), v)?.to_text(),
        None => ty.zero_default(),
    };
    Ok(OptionDecl::new(&d.name, ty, &default).help(d.help.as_deref().unwrap_or("")))
}

/// in: ctx. Declares an option (again with the same type: nothing happens).
#[napi]
pub fn opt_declare(decl: JsOptionDecl) -> u32 {
    run_cx(|ctx| ctx.declare_option(&option_decl(decl)?))
}

/// in: ctx. Sets the context's value of an option.
#[napi]
pub fn opt_set(
    name: String,
    #[napi(ts_arg_type = "boolean | number | bigint | string | Array<boolean | number | bigint | string>")]
    value: JsOptionValue,
) -> u32 {
    run_cx(|ctx| {
        let v = option_value_of(&name, ctx.option_kind(&name)?, value)?;
        ctx.set_option(&name, &v.to_text())
    })
}

/// in: ctx. The value of an option as this thread sees it (null on failure).
#[napi(ts_return_type = "boolean | number | bigint | string | Array<boolean | number | bigint | string> | null")]
pub fn opt_get(name: String) -> Option<JsOptionValue> {
    state::run_value_cx(|ctx| ctx.option_value(&name).map(js_value))
}

/// in: ctx. Forgets the context's value of an option (its default applies again).
#[napi]
pub fn opt_reset(name: String) -> u32 {
    run_cx(|ctx| ctx.reset_option(&name))
}

/// in: ctx / out: scope slot (0). Overrides options for this thread until `optPop`; every
/// value is checked first (on error nothing is overridden).
#[napi]
pub fn opt_push(
    names: Vec<String>,
    #[napi(ts_arg_type = "Array<boolean | number | bigint | string | Array<boolean | number | bigint | string>>")]
    values: Vec<JsOptionValue>,
) -> u32 {
    run_cx(|ctx| {
        if names.len() != values.len() {
            return Err(invalid("optPush: one value per name"));
        }
        let mut settings = Vec::with_capacity(names.len());
        for (name, value) in names.into_iter().zip(values) {
            let text = option_value_of(&name, ctx.option_kind(&name)?, value)?.to_text();
            settings.push((name, text));
        }
        let scope = ctx.push_options(&settings)?;
        wr(0, SCOPES.with(|s| s.borrow_mut().insert(scope)));
        Ok(())
    })
}

/// Ends the override scope in `slot` (innermost first; out of order is an error).
#[napi]
pub fn opt_pop(slot: u32) -> u32 {
    run(|| {
        let scope = SCOPES.with(|s| s.borrow_mut().remove(slot)).ok_or_else(|| invalid("no such option scope"))?;
        scope.pop()
    })
}

// ---------------------------------------------------------------------------------------
// passes and rewrite patterns

/// A pass written in JavaScript: `callback` is its `run` function's index in the context.
#[napi(object)]
pub struct JsPassDef {
    pub argument: String,
    pub name: Option<String>,
    pub description: Option<String>,
    pub options: Vec<JsOptionDecl>,
    pub callback: u32,
}

/// A JavaScript object of option values, in declaration order.
fn options_object(env: nsys::napi_env, values: Vec<(String, OptionValue)>) -> nsys::napi_value {
    // SAFETY: called inside `JsCallback::call`'s scope (see there); the values created here
    // live in that scope.
    unsafe {
        let mut obj = std::ptr::null_mut();
        nsys::napi_create_object(env, &mut obj);
        for (name, v) in values {
            let key = to_js(env, name);
            let value = to_js(env, js_value(v));
            nsys::napi_set_property(env, obj, key, value);
        }
        obj
    }
}

/// in: ctx. Registers a pass; its `run(op, options)` is called through the dispatcher.
#[napi]
pub fn pass_register(def: JsPassDef) -> u32 {
    let slot = rd(0);
    run_cx(|ctx| {
        let decls = def.options.into_iter().map(option_decl).collect::<omnir::Result<Vec<_>>>()?;
        let cb = JsCallback::new(slot, def.callback);
        let argument = def.argument.clone();
        let run_decls = decls.clone();
        let mut pass = PassDef::new(&def.argument, move |op, options| {
            let values = run_decls
                .iter()
                .map(|d| Ok((d.name.clone(), options.value(d)?)))
                .collect::<omnir::Result<Vec<_>>>()
                .map_err(|e| e.message)?;
            let (i, g) = (op.raw().index, op.raw().generation);
            let r = cb.call(PASS_RUN, |env| {
                let arr = numbers(env, &[i, g]);
                let obj = options_object(env, values);
                // SAFETY: inside the callback's scope (see `JsCallback::call`).
                unsafe { nsys::napi_set_element(env, arr, 2, obj) };
                arr
            });
            match r {
                Ok(Answer::Ok) | Ok(Answer::Number(_)) => Ok(()),
                Ok(Answer::No) => Err(format!("'{argument}' signalled failure (its run function returned false)")),
                Err(m) => Err(m),
            }
        })
        .name(def.name.as_deref().unwrap_or(""))
        .description(def.description.as_deref().unwrap_or(""));
        for d in decls {
            pass = pass.option(d);
        }
        ctx.register_pass(pass)
    })
}

/// in: ctx, callback (1), benefit (2). Registers a rewrite pattern for `canonicalize`;
/// `root` names the operation it applies to (none: every operation).
#[napi]
pub fn pattern_register(name: String, root: Option<String>) -> u32 {
    let (slot, index, benefit) = (rd(0), rd(1), rd(2));
    run_cx(|ctx| {
        let benefit = u16::try_from(benefit).map_err(|_| invalid(format!("benefit {benefit} is not in 0..=65535")))?;
        let cb = JsCallback::new(slot, index);
        ctx.register_rewrite_pattern(&name, root.as_deref(), benefit, move |op| {
            let (i, g) = (op.raw().index, op.raw().generation);
            match cb.call(REWRITE_PATTERN, |env| numbers(env, &[i, g]))? {
                Answer::Ok => Ok(true),
                Answer::No => Ok(false),
                Answer::Number(n) => Ok(n != 0.0),
            }
        })
    })
}

/// in: ctx, threads (1: 0 for one per core). Sizes the context's pass thread pool.
#[napi]
pub fn ctx_set_pass_threads() -> u32 {
    let n = rd(1) as usize;
    run_cx(|ctx| ctx.set_pass_threads(n))
}

// ---------------------------------------------------------------------------------------
// the pass manager

/// in: ctx / out: pass manager slot (0). Parses a pipeline.
#[napi]
pub fn pm_parse(pipeline: String) -> u32 {
    run_cx(|ctx| {
        let pm = PassManager::parse(ctx, &pipeline)?;
        wr(0, MANAGERS.with(|m| m.borrow_mut().insert(pm)));
        Ok(())
    })
}

/// Destroys the pass manager in `slot` (from a FinalizationRegistry callback).
#[napi]
pub fn pm_release(slot: u32) {
    let pm = MANAGERS.with(|m| m.borrow_mut().remove(slot));
    drop(pm);
}

/// Runs `f` with the pass manager in `slot`, taken out of the table meanwhile (a pass run
/// calls JavaScript, which may use the table; using the same manager then is an error).
fn with_pm<R>(slot: u32, f: impl FnOnce(&mut PassManager) -> R) -> omnir::Result<R> {
    let mut pm = MANAGERS
        .with(|m| m.borrow_mut().take(slot))
        .ok_or_else(|| invalid("this pass manager is running (or was released)"))?;
    let r = f(&mut pm);
    MANAGERS.with(|m| m.borrow_mut().put(slot, pm));
    Ok(r)
}

/// in: pm (0), what (1: 0 verifier, 1 multithreading, 2 timing), on (2).
#[napi]
pub fn pm_enable() -> u32 {
    let (slot, what, on) = (rd(0), rd(1), rd(2) != 0);
    run(|| {
        with_pm(slot, |pm| match what {
            0 => pm.enable_verifier(on),
            1 => pm.enable_multithreading(on),
            2 => pm.enable_timing(on),
            k => Err(invalid(format!("unknown pass manager setting {k}"))),
        })?
    })
}

/// Which passes to print the IR around (MLIR's `--mlir-print-ir-*`).
#[napi(object)]
pub struct JsIrPrinting {
    pub before: Vec<String>,
    pub after: Vec<String>,
    pub before_all: bool,
    pub after_all: bool,
    pub after_failure: bool,
    pub module_scope: bool,
}

/// in: pm (0), print flags (3-9, as for `opPrint`).
#[napi]
pub fn pm_enable_ir_printing(config: JsIrPrinting) -> u32 {
    let slot = rd(0);
    let flags = crate::ir::print_flags(3);
    run(|| {
        let c = IrPrinting {
            before: config.before,
            after: config.after,
            before_all: config.before_all,
            after_all: config.after_all,
            after_failure: config.after_failure,
            module_scope: config.module_scope,
            flags,
        };
        with_pm(slot, |pm| pm.enable_ir_printing(&c))?
    })
}

/// in: ctx, op (1-2), pm (3). Runs the pipeline on the operation; the error carries the
/// error diagnostics emitted meanwhile.
#[napi]
pub fn pm_run() -> u32 {
    let slot = rd(3);
    let r = (|| {
        let ctx = cx().map_err(omnir::DiagnosedError::from)?;
        let op = op_at(&ctx, 1);
        ctx.with_diagnostics(|| with_pm(slot, |pm| pm.run(&op))?)
    })();
    match r {
        Ok(()) => 0,
        Err(d) => state::fail_with(d.error, d.diagnostics),
    }
}

/// in: pm (0). The timing report of the last run (`list`: MLIR's list form, else the tree).
#[napi(ts_return_type = "string | null")]
pub fn pm_timing_report(list: bool) -> Option<String> {
    let slot = rd(0);
    run_value(|| with_pm(slot, |pm| pm.timing_report(list))?)
}

/// in: pm (0). The IR dumps collected since the last call.
#[napi(ts_return_type = "string | null")]
pub fn pm_take_output() -> Option<state::JsText> {
    let slot = rd(0);
    run_value(|| with_pm(slot, |pm| pm.take_output())?.map(state::JsText))
}

/// in: pm (0). The pipeline in MLIR's textual form.
#[napi(ts_return_type = "string | null")]
pub fn pm_print() -> Option<String> {
    let slot = rd(0);
    run_value(|| with_pm(slot, |pm| pm.pipeline())?)
}
