//! Scoped options, passes, rewrite patterns and the pass manager, over `omnir_option_*`,
//! `omnir_pass_*` and `omnir_rewrite_pattern_register`.
//!
//! Option values live in a context; an [`OptionScope`] overrides some of them for the
//! calling thread until it is dropped, so two threads (or two contexts) never see each
//! other's settings. Passes and patterns are closures marshalled as C callbacks; they run
//! with the context lent to them, possibly on the context's pool threads, so they must be
//! `Send + Sync`.

use std::ffi::c_void;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use omnir_sys as sys;

use crate::context::Context;
use crate::diagnostics::free_box;
use crate::dialect::{guarded, set_message, CallbackData};
use crate::error::{check, out, Error, Result, Status};
use crate::ir::{Operation, PrintFlags};
use crate::strings::{arg, string_out, view};

/// The type of an option's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// `true`/`false` (also `1`/`0`, `on`/`off`).
    Bool,
    /// A 64-bit signed integer.
    Int,
    /// A double.
    Float,
    /// Any text.
    String,
    /// One of these case names.
    Enum(Vec<String>),
    /// A comma-separated list of values of a non-list type.
    List(Box<OptionType>),
}

impl OptionType {
    /// The kind name used by bindings that take the type as text: `bool`, `int`, `float`,
    /// `string`, `enum`, `list`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            OptionType::Bool => "bool",
            OptionType::Int => "int",
            OptionType::Float => "float",
            OptionType::String => "string",
            OptionType::Enum(_) => "enum",
            OptionType::List(_) => "list",
        }
    }

    /// The type named `kind` (one of [`OptionType::kind_name`]'s names); `cases` are the
    /// enum cases of `enum` (or of a list of enums), `element` the element kind of a list.
    /// The one place the bindings turn their textual spelling into a type.
    pub fn from_names(kind: &str, element: Option<&str>, cases: &[String]) -> Result<OptionType> {
        let scalar = |k: &str| -> Result<OptionType> {
            Ok(match k {
                "bool" => OptionType::Bool,
                "int" => OptionType::Int,
                "float" => OptionType::Float,
                "string" | "str" => OptionType::String,
                "enum" => OptionType::Enum(cases.to_vec()),
                other => {
                    return Err(Error::new(
                        Status::InvalidArgument,
                        format!("unknown option type '{other}' (expected bool, int, float, string, enum or list)"),
                    ))
                }
            })
        };
        match kind {
            "list" => {
                let element = element.ok_or_else(|| {
                    Error::new(Status::InvalidArgument, "a list option needs an element type (bool, int, ...)")
                })?;
                Ok(OptionType::List(Box::new(scalar(element)?)))
            }
            k => scalar(k),
        }
    }

    fn raw_kind(&self) -> sys::omnir_option_kind {
        match self {
            OptionType::Bool => sys::OMNIR_OPTION_BOOL,
            OptionType::Int => sys::OMNIR_OPTION_INT,
            OptionType::Float => sys::OMNIR_OPTION_FLOAT,
            OptionType::String => sys::OMNIR_OPTION_STRING,
            OptionType::Enum(_) => sys::OMNIR_OPTION_ENUM,
            OptionType::List(_) => sys::OMNIR_OPTION_LIST,
        }
    }
}

/// An option value as a binding hands it to its language: typed by the declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A string or an enum case name.
    String(String),
    List(Vec<OptionValue>),
}

impl OptionValue {
    /// The textual form omnir parses (`true`, `3`, `0.5`, `a,b,c`).
    pub fn to_text(&self) -> String {
        match self {
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Int(i) => i.to_string(),
            // Debug rather than Display: it keeps `.0` on integral values (`2` would read back
            // as an int where the kind is not known: pipelines, other bindings) and uses an
            // exponent for huge and tiny values instead of hundreds of digits.
            OptionValue::Float(x) => format!("{x:?}"),
            OptionValue::String(s) => s.clone(),
            OptionValue::List(items) => items.iter().map(OptionValue::to_text).collect::<Vec<_>>().join(","),
        }
    }

    /// A value of kind `kind` (`OMNIR_OPTION_*`, not a list) from omnir's textual form; enum
    /// cases and strings come back as [`OptionValue::String`].
    pub fn from_text(kind: sys::omnir_option_kind, text: &str) -> Result<OptionValue> {
        let bad = |what: &str| Error::new(Status::Internal, format!("omnir returned '{text}' for a {what} option"));
        Ok(match kind {
            sys::OMNIR_OPTION_BOOL => OptionValue::Bool(match text {
                "true" | "1" | "on" => true,
                "false" | "0" | "off" => false,
                _ => return Err(bad("bool")),
            }),
            sys::OMNIR_OPTION_INT => OptionValue::Int(text.parse().map_err(|_| bad("int"))?),
            sys::OMNIR_OPTION_FLOAT => OptionValue::Float(text.parse().map_err(|_| bad("float"))?),
            _ => OptionValue::String(text.to_string()),
        })
    }
}

/// A declared option: name, type, default (in textual form, parsed by the type) and help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    pub name: String,
    pub ty: OptionType,
    pub default: String,
    pub help: String,
}

impl OptionDecl {
    pub fn new(name: &str, ty: OptionType, default: &str) -> OptionDecl {
        OptionDecl { name: name.into(), ty, default: default.into(), help: String::new() }
    }

    pub fn help(mut self, help: &str) -> OptionDecl {
        self.help = help.into();
        self
    }
}

/// C views of a list of declarations; the views point into the declarations and into
/// `_cases`, so this must outlive the call it is passed to.
struct RawDecls<'d> {
    _cases: Vec<Vec<sys::omnir_string_view>>,
    decls: Vec<sys::omnir_option_decl>,
    _borrow: PhantomData<&'d OptionDecl>,
}

impl<'d> RawDecls<'d> {
    fn new(decls: &'d [OptionDecl]) -> Result<RawDecls<'d>> {
        let cases: Vec<Vec<sys::omnir_string_view>> = decls
            .iter()
            .map(|d| match &d.ty {
                OptionType::Enum(c) => c.iter().map(|s| view(s)).collect(),
                OptionType::List(e) => match &**e {
                    OptionType::Enum(c) => c.iter().map(|s| view(s)).collect(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            })
            .collect();
        let mut raw = Vec::with_capacity(decls.len());
        for (d, c) in decls.iter().zip(&cases) {
            let element_kind = match &d.ty {
                OptionType::List(e) if matches!(**e, OptionType::List(_)) => {
                    return Err(Error::new(
                        Status::InvalidArgument,
                        format!("option '{}': lists of lists are not supported", d.name),
                    ))
                }
                OptionType::List(e) => e.raw_kind(),
                _ => sys::OMNIR_OPTION_BOOL,
            };
            raw.push(sys::omnir_option_decl {
                name: view(&d.name),
                ty: sys::omnir_option_type {
                    kind: d.ty.raw_kind(),
                    element_kind,
                    cases: if c.is_empty() { std::ptr::null() } else { c.as_ptr() },
                    num_cases: c.len(),
                },
                default_value: view(&d.default),
                help: view(&d.help),
            });
        }
        Ok(RawDecls { _cases: cases, decls: raw, _borrow: PhantomData })
    }
}

/// Overrides of option values for the calling thread on one context, until dropped.
/// Scopes nest; drop them innermost first (a scope dropped out of order is reported by
/// omnir and ignored). Not `Send`: the override belongs to the thread that made it.
pub struct OptionScope {
    ctx: Context,
    scope: u64,
    popped: bool,
    _thread_bound: PhantomData<*const ()>,
}

impl OptionScope {
    /// Ends the scope now, reporting an out-of-order pop as an error.
    pub fn pop(mut self) -> Result<()> {
        self.popped = true;
        // SAFETY: the context is alive (held by `self.ctx`); `scope` came from the push.
        check(unsafe { sys::omnir_option_pop_scope(self.ctx.as_raw(), self.scope) })
    }
}

impl Drop for OptionScope {
    fn drop(&mut self) {
        if !self.popped {
            // SAFETY: as in `pop`.
            let _ = unsafe { sys::omnir_option_pop_scope(self.ctx.as_raw(), self.scope) };
        }
    }
}

impl fmt::Debug for OptionScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OptionScope").field("scope", &self.scope).finish()
    }
}

/// The option values of the pass instance being run (explicit in the pipeline, else the
/// declared default). Valid only during the pass callback that received it.
pub struct PassOptions<'a> {
    raw: *const sys::omnir_pass_options,
    _call: PhantomData<&'a sys::omnir_pass_options>,
}

impl PassOptions<'_> {
    /// The value of option `name`, in textual form.
    pub fn get(&self, name: &str) -> Result<String> {
        let (n, nl) = arg(name);
        // SAFETY: `raw` is the options pointer of the running callback (the lifetime ties
        // `self` to it).
        string_out(|o| unsafe { sys::omnir_pass_options_get(self.raw, n, nl, o) })
    }

    pub fn get_bool(&self, name: &str) -> Result<bool> {
        match self.typed(name, sys::OMNIR_OPTION_BOOL, "bool")? {
            OptionValue::Bool(b) => Ok(b),
            _ => unreachable!("from_text gives a bool for a bool kind"),
        }
    }

    pub fn get_int(&self, name: &str) -> Result<i64> {
        match self.typed(name, sys::OMNIR_OPTION_INT, "int")? {
            OptionValue::Int(i) => Ok(i),
            _ => unreachable!("from_text gives an int for an int kind"),
        }
    }

    pub fn get_float(&self, name: &str) -> Result<f64> {
        match self.typed(name, sys::OMNIR_OPTION_FLOAT, "float")? {
            OptionValue::Float(x) => Ok(x),
            _ => unreachable!("from_text gives a float for a float kind"),
        }
    }

    /// The value of `name` read as `kind`; an option of another type is an invalid argument.
    fn typed(&self, name: &str, kind: sys::omnir_option_kind, what: &str) -> Result<OptionValue> {
        let v = self.get(name)?;
        OptionValue::from_text(kind, &v)
            .map_err(|_| Error::new(Status::InvalidArgument, format!("option '{name}' is not a {what}: '{v}'")))
    }
}

/// A pass's work on one anchor operation. `Err(message)` fails the pass.
pub type PassRunFn = dyn Fn(&Operation, &PassOptions<'_>) -> std::result::Result<(), String> + Send + Sync;

/// A rewrite pattern: `Ok(true)` if it applied (and rewrote `op` through the ordinary API),
/// `Ok(false)` if it does not match (and changed nothing).
pub type RewriteFn = dyn Fn(&Operation) -> std::result::Result<bool, String> + Send + Sync;

/// A pass to register: `argument` names it in pipelines (`my-pass`), `name` in reports.
pub struct PassDef {
    pub argument: String,
    pub name: String,
    pub description: String,
    pub options: Vec<OptionDecl>,
    pub run: Arc<PassRunFn>,
}

impl PassDef {
    pub fn new(
        argument: &str,
        run: impl Fn(&Operation, &PassOptions<'_>) -> std::result::Result<(), String> + Send + Sync + 'static,
    ) -> PassDef {
        PassDef {
            argument: argument.into(),
            name: String::new(),
            description: String::new(),
            options: Vec::new(),
            run: Arc::new(run),
        }
    }

    pub fn name(mut self, name: &str) -> PassDef {
        self.name = name.into();
        self
    }

    pub fn description(mut self, description: &str) -> PassDef {
        self.description = description.into();
        self
    }

    pub fn option(mut self, decl: OptionDecl) -> PassDef {
        self.options.push(decl);
        self
    }
}

fn boxed<F: ?Sized + Send + Sync + 'static>(ctx: &Context, f: &Arc<F>) -> *mut c_void {
    Box::into_raw(Box::new(CallbackData { ctx: ctx.downgrade(), f: f.clone() })) as *mut c_void
}

unsafe extern "C" fn pass_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    op: sys::omnir_op,
    options: *const sys::omnir_pass_options,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: the `CallbackData` boxed by `register_pass`, owned by omnir until the context
    // is destroyed.
    let data = unsafe { &*(user_data as *const CallbackData<PassRunFn>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let options = PassOptions { raw: options, _call: PhantomData };
    match guarded(|| (data.f)(&Operation { ctx, raw: op }, &options)).and_then(|r| r) {
        Ok(()) => 0,
        Err(text) => {
            set_message(message, &text);
            1
        }
    }
}

unsafe extern "C" fn rewrite_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    op: sys::omnir_op,
    applied: *mut bool,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: the `CallbackData` boxed by `register_rewrite_pattern`, owned by omnir.
    let data = unsafe { &*(user_data as *const CallbackData<RewriteFn>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    match guarded(|| (data.f)(&Operation { ctx, raw: op })).and_then(|r| r) {
        Ok(did) => {
            // SAFETY: `applied` points at omnir's flag for this call.
            unsafe { *applied = did };
            0
        }
        Err(text) => {
            set_message(message, &text);
            1
        }
    }
}

impl Context {
    /// Declares an option. The same name with the same type again is a no-op; with another
    /// type it is [`Status::AlreadyExists`].
    pub fn declare_option(&self, decl: &OptionDecl) -> Result<()> {
        let raw = RawDecls::new(std::slice::from_ref(decl))?;
        // SAFETY: `raw.decls[0]` and the views in it point into `decl` and `raw`, alive
        // for the call.
        check(unsafe { sys::omnir_option_declare(self.as_raw(), &raw.decls[0]) })
    }

    /// Sets the context's value of `name` (seen by threads without an override).
    pub fn set_option(&self, name: &str, value: &str) -> Result<()> {
        let ((n, nl), (v, vl)) = (arg(name), arg(value));
        // SAFETY: see the crate docs.
        check(unsafe { sys::omnir_option_set(self.as_raw(), n, nl, v, vl) })
    }

    /// Forgets the context's value of `name`, so its default applies again.
    pub fn reset_option(&self, name: &str) -> Result<()> {
        let (n, nl) = arg(name);
        // SAFETY: see the crate docs.
        check(unsafe { sys::omnir_option_reset(self.as_raw(), n, nl) })
    }

    /// The value of `name` as the calling thread sees it, in textual form.
    pub fn option(&self, name: &str) -> Result<String> {
        let (n, nl) = arg(name);
        // SAFETY: see the crate docs.
        string_out(|o| unsafe { sys::omnir_option_get(self.as_raw(), n, nl, o) })
    }

    pub fn option_bool(&self, name: &str) -> Result<bool> {
        let (n, nl) = arg(name);
        // SAFETY: see the crate docs.
        out(|o| unsafe { sys::omnir_option_get_bool(self.as_raw(), n, nl, o) })
    }

    pub fn option_int(&self, name: &str) -> Result<i64> {
        let (n, nl) = arg(name);
        // SAFETY: see the crate docs.
        out(|o| unsafe { sys::omnir_option_get_int(self.as_raw(), n, nl, o) })
    }

    pub fn option_float(&self, name: &str) -> Result<f64> {
        let (n, nl) = arg(name);
        // SAFETY: see the crate docs.
        out(|o| unsafe { sys::omnir_option_get_float(self.as_raw(), n, nl, o) })
    }

    /// The declared kind of `name` (`OMNIR_OPTION_*`) and, for a list, its elements' kind.
    pub fn option_kind(&self, name: &str) -> Result<(sys::omnir_option_kind, sys::omnir_option_kind)> {
        let (n, nl) = arg(name);
        let (mut kind, mut element) = (0, 0);
        // SAFETY: see the crate docs; out-pointers to locals.
        check(unsafe { sys::omnir_option_get_kind(self.as_raw(), n, nl, &mut kind, &mut element) })?;
        Ok((kind, element))
    }

    /// The value of `name` as the calling thread sees it, typed by its declaration.
    pub fn option_value(&self, name: &str) -> Result<OptionValue> {
        let (kind, element) = self.option_kind(name)?;
        typed_from_text(kind, element, &self.option(name)?)
    }

    /// Overrides `settings` (name, textual value) for the calling thread until the returned
    /// scope is dropped. Every value is checked first: on error nothing is overridden.
    pub fn push_options<N: AsRef<str>, V: AsRef<str>>(&self, settings: &[(N, V)]) -> Result<OptionScope> {
        let raw: Vec<sys::omnir_option_setting> = settings
            .iter()
            .map(|(n, v)| sys::omnir_option_setting { name: view(n.as_ref()), value: view(v.as_ref()) })
            .collect();
        // SAFETY: the settings point into `settings`, alive for the call.
        let scope = out(|o| unsafe { sys::omnir_option_push_scope(self.as_raw(), raw.as_ptr(), raw.len(), o) })?;
        Ok(OptionScope { ctx: self.clone(), scope, popped: false, _thread_bound: PhantomData })
    }

    /// Runs `f` with `settings` overridden for the calling thread, restoring them after
    /// (also when `f` panics).
    pub fn with_options<N: AsRef<str>, V: AsRef<str>, R>(
        &self,
        settings: &[(N, V)],
        f: impl FnOnce() -> R,
    ) -> Result<R> {
        let _scope = self.push_options(settings)?;
        Ok(f())
    }

    /// Registers a pass that pipelines of this context can name.
    pub fn register_pass(&self, def: PassDef) -> Result<()> {
        let decls = RawDecls::new(&def.options)?;
        let user_data = boxed(self, &def.run);
        let free: unsafe extern "C" fn(*mut c_void) = free_box::<CallbackData<PassRunFn>>;
        let reg = sys::omnir_pass_registration {
            argument: view(&def.argument),
            name: view(&def.name),
            description: view(&def.description),
            options: if decls.decls.is_empty() { std::ptr::null() } else { decls.decls.as_ptr() },
            num_options: decls.decls.len(),
            run: Some(pass_trampoline),
            user_data,
            free_user_data: Some(free),
        };
        // SAFETY: `reg` points into `def` and `decls`, alive for the call; on success omnir
        // owns `user_data`, on failure it is still ours and freed below.
        let r = check(unsafe { sys::omnir_pass_register(self.as_raw(), &reg) });
        if r.is_err() {
            // SAFETY: the registration failed, so the box was not taken.
            unsafe { free(user_data) };
        }
        r
    }

    /// Registers a rewrite pattern for `canonicalize`. `root` names the op it applies to
    /// (`None`: every op); patterns with a higher `benefit` are tried first.
    pub fn register_rewrite_pattern(
        &self,
        name: &str,
        root: Option<&str>,
        benefit: u16,
        rewrite: impl Fn(&Operation) -> std::result::Result<bool, String> + Send + Sync + 'static,
    ) -> Result<()> {
        let f: Arc<RewriteFn> = Arc::new(rewrite);
        let user_data = boxed(self, &f);
        let free: unsafe extern "C" fn(*mut c_void) = free_box::<CallbackData<RewriteFn>>;
        let ((n, nl), (r, rl)) = (arg(name), arg(root.unwrap_or("")));
        // SAFETY: as in `register_pass`.
        let res = check(unsafe {
            sys::omnir_rewrite_pattern_register(
                self.as_raw(),
                n,
                nl,
                r,
                rl,
                benefit,
                Some(rewrite_trampoline),
                user_data,
                Some(free),
            )
        });
        if res.is_err() {
            // SAFETY: the registration failed, so the box was not taken.
            unsafe { free(user_data) };
        }
        res
    }

    /// Sets the size of the context's pass thread pool (0: one thread per core).
    pub fn set_pass_threads(&self, threads: usize) -> Result<()> {
        // SAFETY: see the crate docs.
        check(unsafe { sys::omnir_context_set_pass_threads(self.as_raw(), threads) })
    }
}

/// Which passes to print the IR around (MLIR's `--mlir-print-ir-*`).
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before: Vec<String>,
    pub after: Vec<String>,
    pub before_all: bool,
    pub after_all: bool,
    pub after_failure: bool,
    pub module_scope: bool,
    pub flags: PrintFlags,
}

/// A parsed pipeline with its run settings, in MLIR's textual syntax.
pub struct PassManager {
    ctx: Context,
    raw: *mut sys::omnir_pass_manager,
}

// SAFETY: the pass manager is only used through `&mut self` or with the context's own
// serialization in omnir; moving it between threads is fine.
unsafe impl Send for PassManager {}

impl PassManager {
    /// Parses `pipeline` (`builtin.module(func.func(cse),symbol-dce)`) against the passes
    /// registered in `ctx`. Errors point at the problem (`pass pipeline:1:COL: error: ...`).
    pub fn parse(ctx: &Context, pipeline: &str) -> Result<PassManager> {
        let (p, pl) = arg(pipeline);
        let mut raw = std::ptr::null_mut();
        // SAFETY: see the crate docs; `raw` is an out-pointer to a local.
        check(unsafe { sys::omnir_pass_manager_parse(ctx.as_raw(), p, pl, &mut raw) })?;
        Ok(PassManager { ctx: ctx.clone(), raw })
    }

    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// Verify after each pass (on by default).
    pub fn enable_verifier(&mut self, on: bool) -> Result<()> {
        // SAFETY: `raw` is ours until drop.
        check(unsafe { sys::omnir_pass_manager_enable_verifier(self.raw, on) })
    }

    /// Use the context's thread pool (on by default).
    pub fn enable_multithreading(&mut self, on: bool) -> Result<()> {
        // SAFETY: as above.
        check(unsafe { sys::omnir_pass_manager_enable_multithreading(self.raw, on) })
    }

    /// Record wall time per pass, read with [`PassManager::timing_report`].
    pub fn enable_timing(&mut self, on: bool) -> Result<()> {
        // SAFETY: as above.
        check(unsafe { sys::omnir_pass_manager_enable_timing(self.raw, on) })
    }

    /// Print the IR around passes; read the dumps with [`PassManager::take_output`].
    pub fn enable_ir_printing(&mut self, config: &IrPrinting) -> Result<()> {
        let before: Vec<_> = config.before.iter().map(|s| view(s)).collect();
        let after: Vec<_> = config.after.iter().map(|s| view(s)).collect();
        let raw = sys::omnir_ir_printing {
            before: before.as_ptr(),
            num_before: before.len(),
            after: after.as_ptr(),
            num_after: after.len(),
            before_all: config.before_all,
            after_all: config.after_all,
            after_failure: config.after_failure,
            module_scope: config.module_scope,
            flags: config.flags.to_raw(),
        };
        // SAFETY: `raw` points into locals alive for the call.
        check(unsafe { sys::omnir_pass_manager_enable_ir_printing(self.raw, &raw) })
    }

    /// Runs the pipeline on `op` (usually a module). A failing pass or failed verification
    /// is an error naming the pass; diagnostics go to the context's handlers.
    pub fn run(&mut self, op: &Operation) -> Result<()> {
        // SAFETY: as above; `op` is checked by omnir.
        check(unsafe { sys::omnir_pass_manager_run(self.ctx.as_raw(), self.raw, op.raw) })
    }

    /// MLIR's `--mlir-timing` report of the last run (tree, or `list` form).
    pub fn timing_report(&mut self, list: bool) -> Result<String> {
        // SAFETY: as above.
        string_out(|o| unsafe { sys::omnir_pass_manager_get_timing_report(self.raw, list, o) })
    }

    /// The IR dumps collected since the last call.
    pub fn take_output(&mut self) -> Result<String> {
        // SAFETY: as above.
        string_out(|o| unsafe { sys::omnir_pass_manager_take_output(self.raw, o) })
    }

    /// The pipeline in canonical textual form.
    pub fn pipeline(&self) -> Result<String> {
        // SAFETY: as above.
        string_out(|o| unsafe { sys::omnir_pass_manager_print(self.raw, o) })
    }
}

impl fmt::Display for PassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pipeline() {
            Ok(p) => f.write_str(&p),
            Err(_) => Err(fmt::Error),
        }
    }
}

impl fmt::Debug for PassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("PassManager").field(&self.pipeline().unwrap_or_default()).finish()
    }
}

impl Drop for PassManager {
    fn drop(&mut self) {
        // SAFETY: `raw` is ours and destroyed once, here.
        let _ = unsafe { sys::omnir_pass_manager_destroy(self.raw) };
    }
}

/// A value of kind `kind` (a list: of `element`s) from the textual form omnir gives back.
fn typed_from_text(kind: sys::omnir_option_kind, element: sys::omnir_option_kind, text: &str) -> Result<OptionValue> {
    if kind != sys::OMNIR_OPTION_LIST {
        return OptionValue::from_text(kind, text);
    }
    if text.is_empty() {
        return Ok(OptionValue::List(Vec::new()));
    }
    let items = text.split(',').map(|t| OptionValue::from_text(element, t.trim())).collect::<Result<_>>()?;
    Ok(OptionValue::List(items))
}

impl OptionType {
    /// This type's kind and, for a list, its elements' kind (`OMNIR_OPTION_*`, as
    /// [`Context::option_kind`] reports them; the element kind is `OMNIR_OPTION_BOOL` for a
    /// non-list), so that a binding handles declared and looked-up options alike.
    pub fn raw_kinds(&self) -> (sys::omnir_option_kind, sys::omnir_option_kind) {
        match self {
            OptionType::List(e) => (sys::OMNIR_OPTION_LIST, e.raw_kind()),
            t => (t.raw_kind(), sys::OMNIR_OPTION_BOOL),
        }
    }

    /// A value of this type from the textual form omnir gives back (`omnir_option_get`,
    /// `omnir_pass_options_get`).
    pub fn parse_value(&self, text: &str) -> Result<OptionValue> {
        let (kind, element) = self.raw_kinds();
        typed_from_text(kind, element, text)
    }

    /// The default of an option declared without one, as MLIR value-initializes it: `false`,
    /// `0`, `0.0`, the empty string, the first enum case, the empty list.
    pub fn zero_default(&self) -> String {
        match self {
            OptionType::Bool => "false".into(),
            OptionType::Int => "0".into(),
            OptionType::Float => "0.0".into(),
            OptionType::String | OptionType::List(_) => String::new(),
            OptionType::Enum(cases) => cases.first().cloned().unwrap_or_default(),
        }
    }
}

impl PassOptions<'_> {
    /// The value of the declared option `decl` for the running pass, typed by its declaration.
    pub fn value(&self, decl: &OptionDecl) -> Result<OptionValue> {
        decl.ty.parse_value(&self.get(&decl.name)?)
    }
}
