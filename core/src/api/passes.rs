//! Passes at the C edge: register passes and rewrite patterns written in any language,
//! parse and run pass pipelines, read timing reports and IR dumps.
//!
//! Callbacks registered here may change IR: while one runs, the context is lent to it
//! mutably (see `context::in_callback_mut`), so its calls back into the API on that context
//! read and write as usual. They run on the thread that called `omnir_pass_manager_run`;
//! passes written in other languages run serially (only built-in passes analyse in
//! parallel on the context's pool).

use std::ffi::{c_char, c_void};
use std::sync::{Arc, Mutex};

use super::context::{context_arg, in_callback_mut, omnir_context};
use super::dialects::{omnir_callback_message, omnir_free_user_data_fn, Registration};
use super::handles::omnir_op;
use super::options::{omnir_option_decl, option_decl_in};
use super::{
    ffi_call, omnir_status, omnir_string, omnir_string_view, slice_arg, str_arg, write_out, write_string_out, ApiError,
    ApiResult,
};
use crate::error::{Error, ErrorKind};
use crate::pass::{FnPass, IrPrinting, PassInfo, PassManager, PassOptions, PassSelection, RewritePattern};

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, message)
}

fn view<'a>(v: &omnir_string_view, what: &str) -> ApiResult<&'a str> {
    str_arg(v.data, v.len, what)
}

const OPTIONS_MAGIC: u64 = 0x6f6d_6e69_725f_706f; // "omnir_po"

/// The option values of the pass instance being run; valid only during the pass callback
/// that received it. Read with `omnir_pass_options_get`.
#[allow(non_camel_case_types)]
pub struct omnir_pass_options {
    magic: u64,
    options: PassOptions,
}

/// A pass's work on one operation (the op its pipeline anchors on). Return `OMNIR_OK` (0) on
/// success; anything else fails the pass, after describing the problem with
/// `omnir_callback_message_set(message, ...)`. It may change `op` and what is nested in it
/// through the ordinary API, on `ctx`.
#[allow(non_camel_case_types)]
pub type omnir_pass_run_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        op: omnir_op,
        options: *const omnir_pass_options,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A pass written in another language. Zero-initialize it and fill it in.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_pass_registration {
    /// The name used in pipelines (`my-pass`).
    pub argument: omnir_string_view,
    /// The name shown in timing reports and IR dumps (`MyPass`); empty: the argument.
    pub name: omnir_string_view,
    pub description: omnir_string_view,
    /// Declared options (`my-pass{threshold=3}`), read by the pass with
    /// `omnir_pass_options_get`.
    pub options: *const omnir_option_decl,
    pub num_options: usize,
    pub run: omnir_pass_run_fn,
    pub user_data: *mut c_void,
    /// Called once with `user_data` when the context is destroyed (may be NULL).
    pub free_user_data: omnir_free_user_data_fn,
}

/// Registers a pass in `ctx` so that pipelines can name it. A taken argument is
/// `OMNIR_ERROR_ALREADY_EXISTS`; on error nothing is registered and the caller keeps its user
/// data.
#[no_mangle]
pub extern "C" fn omnir_pass_register(
    ctx: *mut omnir_context,
    registration: *const omnir_pass_registration,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        if registration.is_null() {
            return Err(ApiError::null("registration"));
        }
        // SAFETY: a non-NULL registration points at a valid struct for the call.
        let r = unsafe { &*registration };
        let argument = view(&r.argument, "argument")?.to_string();
        let name = match view(&r.name, "name")? {
            "" => argument.clone(),
            n => n.to_string(),
        };
        let description = view(&r.description, "description")?.to_string();
        let decls = slice_arg(r.options, r.num_options, "options")?
            .iter()
            .map(option_decl_in)
            .collect::<ApiResult<Vec<_>>>()?;
        let Some(run) = r.run else { return Err(ApiError::null("run callback")) };
        let mut reg = Registration::new(cx);
        let ud = reg.own(r.user_data, r.free_user_data);
        let ctx_ref = reg.ctx;
        let label = argument.clone();
        let mut info = PassInfo::new(&argument, &name, &description, move |options: &PassOptions| {
            let ud = ud.clone();
            let options = options.clone();
            let label = label.clone();
            Ok(Box::new(FnPass::new(move |core, op| {
                let handle = {
                    let (index, generation) = op.to_raw();
                    omnir_op { context: ctx_ref.serial(), index, generation }
                };
                let view = omnir_pass_options { magic: super::guard::magic(OPTIONS_MAGIC), options: options.clone() };
                let mut message = omnir_callback_message::new();
                // SAFETY: `run` is the caller's callback, given `user_data` as registered, the
                // live context, a handle, and pointers to locals that outlive the call; the
                // context is lent mutably for the call (`in_callback_mut`).
                let status = in_callback_mut(ctx_ref.serial(), core, || unsafe {
                    run(ud.ptr, ctx_ref.ptr(), handle, &view, &mut message)
                });
                message.magic = 0;
                if status == omnir_status::OMNIR_OK as u32 {
                    Ok(())
                } else {
                    Err(Error::new(
                        ErrorKind::CallbackFailed,
                        message.text.unwrap_or_else(|| format!("pass '{label}' failed (status {status})")),
                    ))
                }
            })) as Box<dyn crate::pass::Pass>)
        });
        for d in decls {
            info = info.option(d);
        }
        let result = cx.read(|c| Ok(c.register_pass(info)?));
        reg.finish(result)
    })
}

/// The value of the running pass instance's option `name` (explicit or default), in
/// textual form. Only valid during the pass callback that received `options`.
#[no_mangle]
pub extern "C" fn omnir_pass_options_get(
    options: *const omnir_pass_options,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        if options.is_null() {
            return Err(ApiError::null("options"));
        }
        // SAFETY: a non-NULL options pointer is the one omnir passed to the running pass
        // callback, alive on omnir's stack for the call; the magic is read first through the
        // raw pointer to catch some misuse.
        let magic = unsafe { std::ptr::addr_of!((*options).magic).read_unaligned() };
        if magic != super::guard::magic(OPTIONS_MAGIC) {
            return Err(super::guard::foreign_object(magic, OPTIONS_MAGIC, "pass options object")
                .unwrap_or_else(|| invalid("not the options of a running pass")));
        }
        // SAFETY: as above.
        let o = unsafe { &*options };
        let name = str_arg(name, name_len, "name")?;
        super::check_out(out)?;
        let v = o.options.get(name)?;
        write_string_out(out, v.to_string().as_bytes())
    })
}

/// A rewrite pattern's callback: if the pattern applies to `op`, rewrite it through the
/// ordinary API on `ctx` and set `*applied` to true; otherwise change nothing and leave it
/// false. Return `OMNIR_OK` unless something went wrong (then describe it in `message`); the
/// run then fails, keeping what the callback changed before it failed (as in MLIR, see
/// `omnir_pass_manager_run`).
#[allow(non_camel_case_types)]
pub type omnir_rewrite_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        op: omnir_op,
        applied: *mut bool,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// Registers a rewrite pattern for the `canonicalize` pass. `name` must be unique in the
/// context; `root` names the op it applies to (empty: every op); patterns with a higher
/// `benefit` are tried first.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn omnir_rewrite_pattern_register(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    root: *const c_char,
    root_len: usize,
    benefit: u16,
    rewrite: omnir_rewrite_fn,
    user_data: *mut c_void,
    free_user_data: omnir_free_user_data_fn,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "name")?.to_string();
        let root = str_arg(root, root_len, "root")?;
        let Some(f) = rewrite else { return Err(ApiError::null("rewrite callback")) };
        let mut reg = Registration::new(cx);
        let ud = reg.own(user_data, free_user_data);
        let ctx_ref = reg.ctx;
        let label = name.clone();
        let callback = move |rw: &mut crate::pass::Rewriter<'_>, op: crate::ir::OpId| -> crate::Result<bool> {
            let (index, generation) = op.to_raw();
            let handle = omnir_op { context: ctx_ref.serial(), index, generation };
            let mut applied = false;
            let mut message = omnir_callback_message::new();
            // SAFETY: as for passes: the caller's callback with its user data, the live
            // context lent mutably for the call, pointers to locals that outlive it.
            let status = in_callback_mut(ctx_ref.serial(), rw.untracked(), || unsafe {
                f(ud.ptr, ctx_ref.ptr(), handle, &mut applied, &mut message)
            });
            message.magic = 0;
            if status != omnir_status::OMNIR_OK as u32 {
                return Err(Error::new(
                    ErrorKind::CallbackFailed,
                    message.text.unwrap_or_else(|| format!("pattern '{label}' failed (status {status})")),
                ));
            }
            if applied {
                // Changes made through the API are not tracked one by one: the driver runs
                // another full iteration instead.
                rw.mark_changed();
            }
            Ok(applied)
        };
        let pattern = if root.is_empty() {
            RewritePattern::any_op(&name, callback)
        } else {
            RewritePattern::new(&name, root, callback)
        }
        .benefit(benefit);
        let result = cx.read(|c| Ok(c.register_rewrite_pattern(pattern)?));
        reg.finish(result)
    })
}

/// Sets the size of the context's thread pool for passes (0: one thread per core).
#[no_mangle]
pub extern "C" fn omnir_context_set_pass_threads(ctx: *mut omnir_context, threads: usize) -> omnir_status {
    ffi_call(|| {
        context_arg(ctx)?.read(|c| {
            c.set_pass_threads(threads);
            Ok(())
        })
    })
}

// ---------------------------------------------------------------------------------------
// pass managers

const PM_MAGIC: u64 = 0x6f6d_6e69_725f_706d; // "omnir_pm"

/// A parsed pipeline with its run settings. Create with `omnir_pass_manager_parse`, destroy
/// with `omnir_pass_manager_destroy`. It belongs to the context it was parsed in.
#[allow(non_camel_case_types)]
pub struct omnir_pass_manager {
    magic: u64,
    serial: u32,
    pm: PassManager,
    /// IR dumps collected since the last `omnir_pass_manager_take_output`.
    output: Arc<Mutex<String>>,
}

fn pm_arg<'a>(pm: *mut omnir_pass_manager) -> ApiResult<&'a mut omnir_pass_manager> {
    if pm.is_null() {
        return Err(ApiError::null("pass manager"));
    }
    // SAFETY: a non-NULL pass manager pointer comes from `omnir_pass_manager_parse` and is
    // not destroyed (API contract); the magic is read first through the raw pointer.
    let magic = unsafe { std::ptr::addr_of!((*pm).magic).read_unaligned() };
    if magic != super::guard::magic(PM_MAGIC) {
        return Err(super::guard::foreign_object(magic, PM_MAGIC, "pass manager")
            .unwrap_or_else(|| invalid("not a live omnir pass manager")));
    }
    // SAFETY: as above; the caller does not use the pass manager from two threads at once.
    Ok(unsafe { &mut *pm })
}

/// Parses MLIR's textual pipeline syntax (`builtin.module(func.func(cse),symbol-dce)`)
/// against the passes registered in `ctx`. Errors name the problem (unknown pass — with the
/// registered ones, unknown option, bad value) and point at it: the message is
/// `pass pipeline:1:COL: error: ...`, the pipeline line and a caret.
#[no_mangle]
pub extern "C" fn omnir_pass_manager_parse(
    ctx: *mut omnir_context,
    pipeline: *const c_char,
    pipeline_len: usize,
    out: *mut *mut omnir_pass_manager,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let text = str_arg(pipeline, pipeline_len, "pipeline")?;
        super::check_out(out)?;
        let pm = cx.read(|c| {
            PassManager::parse(c, text).map_err(|e| {
                let status = match e.kind {
                    ErrorKind::NotRegistered => omnir_status::OMNIR_ERROR_NOT_REGISTERED,
                    ErrorKind::InvalidArgument => omnir_status::OMNIR_ERROR_INVALID_ARGUMENT,
                    _ => omnir_status::OMNIR_ERROR_PARSE_FAILED,
                };
                ApiError::new(status, e.to_string())
            })
        })?;
        let boxed = Box::new(omnir_pass_manager {
            magic: super::guard::magic(PM_MAGIC),
            serial: cx.serial(),
            pm,
            output: Arc::new(Mutex::new(String::new())),
        });
        write_out(out, Box::into_raw(boxed))
    })
}

/// Destroys a pass manager. NULL is a no-op.
#[no_mangle]
pub extern "C" fn omnir_pass_manager_destroy(pm: *mut omnir_pass_manager) -> omnir_status {
    ffi_call(|| {
        if pm.is_null() {
            return Ok(());
        }
        pm_arg(pm)?.magic = 0;
        // SAFETY: `pm` came from `omnir_pass_manager_parse` (checked by magic) and the caller
        // gives it up here.
        unsafe { drop(Box::from_raw(pm)) };
        Ok(())
    })
}

/// The pipeline in canonical textual form (parsing it again gives the same pipeline).
#[no_mangle]
pub extern "C" fn omnir_pass_manager_print(pm: *mut omnir_pass_manager, out: *mut omnir_string) -> omnir_status {
    ffi_call(|| {
        let p = pm_arg(pm)?;
        write_string_out(out, p.pm.pipeline().to_string().as_bytes())
    })
}

/// Verify the IR after each pass (on by default).
#[no_mangle]
pub extern "C" fn omnir_pass_manager_enable_verifier(pm: *mut omnir_pass_manager, on: bool) -> omnir_status {
    ffi_call(|| {
        pm_arg(pm)?.pm.enable_verifier(on);
        Ok(())
    })
}

/// Use the context's thread pool for built-in passes' analyses and verification (on by
/// default; the output is the same either way).
#[no_mangle]
pub extern "C" fn omnir_pass_manager_enable_multithreading(pm: *mut omnir_pass_manager, on: bool) -> omnir_status {
    ffi_call(|| {
        pm_arg(pm)?.pm.enable_multithreading(on);
        Ok(())
    })
}

/// Record wall time per pass (read with `omnir_pass_manager_get_timing_report`).
#[no_mangle]
pub extern "C" fn omnir_pass_manager_enable_timing(pm: *mut omnir_pass_manager, on: bool) -> omnir_status {
    ffi_call(|| {
        pm_arg(pm)?.pm.enable_timing(on);
        Ok(())
    })
}

/// IR printing around passes (MLIR's `--mlir-print-ir-*`). `before`/`after` are pass
/// arguments (`cse`); the `*_all` flags select every pass. Dumps are collected; read them
/// with `omnir_pass_manager_take_output`.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_ir_printing {
    pub before: *const omnir_string_view,
    pub num_before: usize,
    pub after: *const omnir_string_view,
    pub num_after: usize,
    pub before_all: bool,
    pub after_all: bool,
    pub after_failure: bool,
    pub module_scope: bool,
    pub flags: super::asm::omnir_print_flags,
}

/// Turns on IR printing around passes (see `omnir_ir_printing`).
#[no_mangle]
pub extern "C" fn omnir_pass_manager_enable_ir_printing(
    pm: *mut omnir_pass_manager,
    config: *const omnir_ir_printing,
) -> omnir_status {
    ffi_call(|| {
        let p = pm_arg(pm)?;
        if config.is_null() {
            return Err(ApiError::null("config"));
        }
        // SAFETY: a non-NULL config points at a valid struct for the call.
        let c = unsafe { &*config };
        let names = |items: *const omnir_string_view, n: usize, all: bool| -> ApiResult<PassSelection> {
            if all {
                return Ok(PassSelection::All);
            }
            let v: Vec<String> = slice_arg(items, n, "pass names")?
                .iter()
                .map(|s| view(s, "pass name").map(str::to_string))
                .collect::<ApiResult<_>>()?;
            Ok(if v.is_empty() { PassSelection::None } else { PassSelection::Only(v) })
        };
        let printing = IrPrinting {
            before: names(c.before, c.num_before, c.before_all)?,
            after: names(c.after, c.num_after, c.after_all)?,
            after_failure: c.after_failure,
            module_scope: c.module_scope,
            flags: c.flags.to_core()?,
        };
        let sink = p.output.clone();
        p.pm.enable_ir_printing(printing);
        p.pm.set_output(Box::new(move |text| sink.lock().unwrap_or_else(|e| e.into_inner()).push_str(text)));
        Ok(())
    })
}

/// Runs the pipeline on `op` (usually a `builtin.module`). A failing pass, or IR that fails
/// to verify after a pass, is an error whose message says which pass; diagnostics go to the
/// context's handlers.
///
/// As in MLIR, a failed run does not roll back: the changes passes (or their rewrite
/// patterns) made before the failure stay, and later passes do not run. To keep the input
/// intact, run on a clone (`omnir_op_clone`) and swap it in on success. Every other call of
/// the C API changes nothing when it fails.
#[no_mangle]
pub extern "C" fn omnir_pass_manager_run(
    ctx: *mut omnir_context,
    pm: *mut omnir_pass_manager,
    op: omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let p = pm_arg(pm)?;
        if p.serial != cx.serial() {
            return Err(ApiError::new(
                omnir_status::OMNIR_ERROR_WRONG_CONTEXT,
                "the pass manager was parsed in another context",
            ));
        }
        let op = cx.op_in(op)?;
        cx.write(|c| Ok(p.pm.run(c, op)?))
    })
}

/// The timing report of the last run (enable timing first): MLIR's `--mlir-timing` tree, or
/// with `list` its list form.
#[no_mangle]
pub extern "C" fn omnir_pass_manager_get_timing_report(
    pm: *mut omnir_pass_manager,
    list: bool,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let p = pm_arg(pm)?;
        super::check_out(out)?;
        let report = if list { p.pm.timing().map(|t| t.report_list()) } else { p.pm.timing_report() };
        let report = report.ok_or_else(|| invalid("no timing recorded: enable timing and run first"))?;
        write_string_out(out, report.as_bytes())
    })
}

/// The IR dumps collected since the last call (empty if none), and clears them.
#[no_mangle]
pub extern "C" fn omnir_pass_manager_take_output(pm: *mut omnir_pass_manager, out: *mut omnir_string) -> omnir_status {
    ffi_call(|| {
        let p = pm_arg(pm)?;
        super::check_out(out)?;
        let text = std::mem::take(&mut *p.output.lock().unwrap_or_else(|e| e.into_inner()));
        write_string_out(out, text.as_bytes())
    })
}
