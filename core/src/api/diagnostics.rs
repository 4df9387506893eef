//! Diagnostics at the C edge: handler callbacks, polling captures, emission and rendering.
//!
//! Every problem the core reports about IR (verifier failures, parse errors, a language-side
//! verifier's reports through `omnir_context_emit_diagnostic`) is a diagnostic: a severity,
//! a location, a message and notes (themselves diagnostics). Each is offered to the
//! context's handlers, newest first, until one returns `true` ("handled"); an error nobody
//! handles is printed to stderr, as MLIR does.
//!
//! Two ways to receive them:
//! - **Handlers** (`omnir_context_attach_diagnostic_handler`): a C callback receives a
//!   borrowed `const omnir_diagnostic *` view, valid only during the call, read through
//!   the `omnir_diagnostic_get_*` accessors. Detach by id.
//! - **Captures** (`omnir_context_begin_diagnostic_capture` /
//!   `omnir_context_end_diagnostic_capture`), for bindings that prefer polling: between
//!   begin and end, every diagnostic of the context that reaches the capture (a capture
//!   behaves as a handler attached at `begin` that handles everything) is copied into a
//!   list owned by the caller, released with `omnir_diagnostic_list_free`. Captures nest;
//!   each is ended by its own id, in any order.
//!
//! Callbacks, threads and re-entrancy:
//! - A handler runs on the thread that emitted the diagnostic, while that thread holds the
//!   context's lock (so handlers of one context never run concurrently): read-only calls on
//!   the context from inside the handler (printing the location, rendering the diagnostic,
//!   building types) succeed, even when the emitting call is changing the context; mutating
//!   calls get `OMNIR_ERROR_BUSY`. A diagnostic emitted from inside a handler is not delivered to
//!   handlers again (errors among them go to stderr).
//! - The callback's ABI is "C-unwind": a Rust callback that panics is caught at the handler
//!   boundary; the diagnostic counts as not handled by it, and
//!   `omnir_context_emit_diagnostic` (when it was the emitter) returns
//!   `OMNIR_ERROR_CALLBACK_FAILED`. Nothing is left half-done. A C++ exception must not leave
//!   a handler: Rust cannot catch foreign exceptions, so the process aborts. C++ handlers
//!   catch their own exceptions (as every callback of omnir's C++ bridge does).
//! - `user_data` is passed back verbatim. Ownership passes to omnir only when attaching
//!   succeeds; `free_user_data(user_data)` (if not NULL) then runs exactly once: when the
//!   handler is detached (after its current invocation returns, if it detaches itself) or
//!   when the context is destroyed. It must not call omnir with that context.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use super::context::{context_arg, in_callback, omnir_context};
use super::dialects::omnir_free_user_data_fn;
use super::handles::omnir_location;
use super::types::invalid;
use super::{
    check_out, ffi_call, index_arg, omnir_status, omnir_string, slice_arg, str_arg, write_out, write_string_out,
    ApiError, ApiResult,
};
use crate::attrs::Location;
use crate::context::Context;
use crate::diag::{Diagnostic, HandlerId, Severity};

/// The severity of a diagnostic.
#[repr(u32)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_severity {
    OMNIR_SEVERITY_NOTE = 0,
    OMNIR_SEVERITY_WARNING = 1,
    OMNIR_SEVERITY_ERROR = 2,
    OMNIR_SEVERITY_REMARK = 3,
}

fn severity_out(s: Severity) -> omnir_severity {
    match s {
        Severity::Note => omnir_severity::OMNIR_SEVERITY_NOTE,
        Severity::Warning => omnir_severity::OMNIR_SEVERITY_WARNING,
        Severity::Error => omnir_severity::OMNIR_SEVERITY_ERROR,
        Severity::Remark => omnir_severity::OMNIR_SEVERITY_REMARK,
    }
}

fn severity_arg(raw: u32) -> ApiResult<Severity> {
    Ok(match raw {
        0 => Severity::Note,
        1 => Severity::Warning,
        2 => Severity::Error,
        3 => Severity::Remark,
        other => return Err(invalid(format!("unknown omnir_severity {other}"))),
    })
}

const DIAG_MAGIC: u64 = 0x6f6d_6e69_725f_6467; // "omnir_dg"
const LIST_MAGIC: u64 = 0x6f6d_6e69_725f_646c; // "omnir_dl"

/// A diagnostic: severity, location, message and notes. Only ever seen through a pointer:
/// borrowed by a handler for the duration of its call, or owned by an
/// `omnir_diagnostic_list`.
#[allow(non_camel_case_types)]
pub struct omnir_diagnostic {
    magic: u64,
    /// Serial of the context whose location `location` is.
    serial: u32,
    severity: Severity,
    location: Location,
    /// The message followed by a NUL byte (not part of the message).
    message: Vec<u8>,
    notes: Vec<omnir_diagnostic>,
}

impl omnir_diagnostic {
    fn from_core(serial: u32, d: &Diagnostic) -> omnir_diagnostic {
        let mut message = Vec::with_capacity(d.message.len() + 1);
        message.extend_from_slice(d.message.as_bytes());
        message.push(0);
        omnir_diagnostic {
            magic: super::guard::magic(DIAG_MAGIC),
            serial,
            severity: d.severity,
            location: d.location,
            message,
            notes: d.notes.iter().map(|n| omnir_diagnostic::from_core(serial, n)).collect(),
        }
    }

    fn message(&self) -> &[u8] {
        &self.message[..self.message.len() - 1]
    }

    fn to_core(&self) -> Diagnostic {
        Diagnostic {
            severity: self.severity,
            location: self.location,
            message: String::from_utf8_lossy(self.message()).into_owned(),
            notes: self.notes.iter().map(omnir_diagnostic::to_core).collect(),
        }
    }
}

/// Diagnostics collected by a capture; free with `omnir_diagnostic_list_free`.
#[allow(non_camel_case_types)]
pub struct omnir_diagnostic_list {
    magic: u64,
    items: Vec<omnir_diagnostic>,
}

fn diag_arg<'a>(d: *const omnir_diagnostic) -> ApiResult<&'a omnir_diagnostic> {
    if d.is_null() {
        return Err(ApiError::null("diagnostic"));
    }
    // SAFETY: a non-NULL diagnostic pointer is one omnir handed out: borrowed by a running
    // handler or owned by a live list (API contract). The magic check catches some misuse.
    let magic = unsafe { std::ptr::addr_of!((*d).magic).read_unaligned() };
    if magic != super::guard::magic(DIAG_MAGIC) {
        return Err(super::guard::foreign_object(magic, DIAG_MAGIC, "diagnostic")
            .unwrap_or_else(|| invalid("not a live omnir diagnostic")));
    }
    // SAFETY: as above; the magic is this copy's.
    Ok(unsafe { &*d })
}

fn list_arg<'a>(l: *const omnir_diagnostic_list) -> ApiResult<&'a omnir_diagnostic_list> {
    if l.is_null() {
        return Err(ApiError::null("diagnostic list"));
    }
    // SAFETY: a non-NULL list pointer comes from `omnir_context_end_diagnostic_capture` and
    // has not been freed (API contract); the magic check catches some misuse.
    let magic = unsafe { std::ptr::addr_of!((*l).magic).read_unaligned() };
    if magic != super::guard::magic(LIST_MAGIC) {
        return Err(super::guard::foreign_object(magic, LIST_MAGIC, "diagnostic list")
            .unwrap_or_else(|| invalid("not a live omnir diagnostic list")));
    }
    // SAFETY: as above; the magic is this copy's.
    Ok(unsafe { &*l })
}

// ---- handlers and captures ----

/// A diagnostic handler: called with the `user_data` given when attaching, the context, and
/// a view of the diagnostic valid only during the call (read it with the
/// `omnir_diagnostic_get_*` functions). Returns `true` when it handled the diagnostic (older
/// handlers then do not see it). Its ABI allows unwinding (Rust's "C-unwind"): a Rust panic
/// leaving it is caught by omnir (see `omnir_context_attach_diagnostic_handler`); a C++
/// exception must not leave it (the process aborts).
#[allow(non_camel_case_types)]
pub type omnir_diagnostic_handler_fn = Option<
    unsafe extern "C-unwind" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        diagnostic: *const omnir_diagnostic,
    ) -> bool,
>;

type HandlerFn = unsafe extern "C-unwind" fn(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    diagnostic: *const omnir_diagnostic,
) -> bool;

/// A C handler and what it owns.
struct CHandler {
    callback: HandlerFn,
    user_data: *mut c_void,
    free_user_data: omnir_free_user_data_fn,
    ctx: *mut omnir_context,
    /// Set once attaching succeeded: from then on omnir owns `user_data`.
    owns_user_data: AtomicBool,
}

// SAFETY: the raw pointers are the caller's; the handler contract (see the attach function) says the
// callback and its user data may be used from whichever thread emits diagnostics on the
// context, one call at a time (emission holds the context's lock). The context pointer stays
// valid while the handler is attached: destroying the context drops the handler first.
unsafe impl Send for CHandler {}
// SAFETY: as above; shared references only read the fields.
unsafe impl Sync for CHandler {}

impl Drop for CHandler {
    fn drop(&mut self) {
        if !self.owns_user_data.load(Ordering::Acquire) {
            return;
        }
        if let Some(free) = self.free_user_data {
            // SAFETY: omnir owns `user_data` since attaching succeeded, and this drop is the
            // one place it is released (the handler is dropped once).
            unsafe { free(self.user_data) };
        }
    }
}

type Sink = Mutex<Vec<Diagnostic>>;

enum Entry {
    Handler(Weak<CHandler>),
    Capture(Weak<Sink>),
}

impl Entry {
    fn alive(&self) -> bool {
        match self {
            Entry::Handler(w) => w.strong_count() > 0,
            Entry::Capture(w) => w.strong_count() > 0,
        }
    }
}

/// Handlers and captures attached through the C API, by (context serial, handler id). The
/// core owns the handler closures (so destroying a context drops them); this table holds
/// weak references so that detaching can release the user data outside every lock.
static REGISTRY: Mutex<BTreeMap<(u32, u64), Entry>> = Mutex::new(BTreeMap::new());

fn registry() -> MutexGuard<'static, BTreeMap<(u32, u64), Entry>> {
    REGISTRY.lock().unwrap_or_else(|p| p.into_inner())
}

thread_local! {
    /// Message of a handler that unwound during the current emission on this thread.
    static HANDLER_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic or foreign exception".into())
}

fn deliver(h: &CHandler, serial: u32, core: &Context, d: &Diagnostic) -> bool {
    let view = omnir_diagnostic::from_core(serial, d);
    // SAFETY: `callback` is the caller's function with the documented signature; `view` lives
    // on this stack frame for the whole call; `ctx` is live (see `CHandler`'s Send note).
    let r = in_callback(serial, core, || {
        catch_unwind(AssertUnwindSafe(|| unsafe { (h.callback)(h.user_data, h.ctx, &view) }))
    });
    match r {
        Ok(handled) => handled,
        Err(payload) => {
            let msg = panic_message(&*payload);
            HANDLER_PANIC.with(|p| *p.borrow_mut() = Some(msg));
            false
        }
    }
}

/// Attaches a diagnostic handler to a context. Handlers are offered each diagnostic newest
/// first until one returns `true`; an error no handler takes is printed to stderr.
///
/// The handler runs on the thread that emitted the diagnostic, while that thread holds the
/// context's lock (so the handlers of one context never run concurrently): read-only calls
/// on the context from inside the handler (printing the location, `omnir_diagnostic_render`,
/// building types) succeed, even when the emitting call is changing the context; mutating
/// calls get `OMNIR_ERROR_BUSY`. A diagnostic emitted from inside a handler is not delivered to the
/// handlers again. A handler that panics (Rust) is caught: the diagnostic counts as not
/// handled by it and `omnir_context_emit_diagnostic` reports `OMNIR_ERROR_CALLBACK_FAILED`.
/// A C++ exception must not leave the handler: Rust cannot catch foreign exceptions, and
/// the process aborts; catch it inside the handler.
///
/// Ownership of `user_data` passes to omnir only when attaching succeeds; then
/// `free_user_data(user_data)` runs exactly once: when the handler is detached (after its
/// current call returns, if it detaches itself) or when the context is destroyed. It must
/// not call omnir with that context.
///
/// - `ctx`: the context.
/// - `handler`: the callback; must not be NULL.
/// - `user_data`: passed back to `handler` verbatim; may be NULL.
/// - `free_user_data`: called once with `user_data` when the handler is detached or the
///   context destroyed; may be NULL.
/// - `out_id`: receives the handler's id, for `omnir_context_detach_diagnostic_handler`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (NULL `ctx`, `handler` or `out_id`),
/// `OMNIR_ERROR_BUSY` (called from a callback while the context is being modified). On
/// error nothing is attached and `user_data` stays the caller's.
#[no_mangle]
pub extern "C" fn omnir_context_attach_diagnostic_handler(
    ctx: *mut omnir_context,
    handler: omnir_diagnostic_handler_fn,
    user_data: *mut c_void,
    free_user_data: omnir_free_user_data_fn,
    out_id: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let callback = handler.ok_or_else(|| ApiError::null("handler"))?;
        check_out(out_id)?;
        let h = Arc::new(CHandler { callback, user_data, free_user_data, ctx, owns_user_data: AtomicBool::new(false) });
        let serial = c.serial();
        let id = c.read(|core| {
            let weak = Arc::downgrade(&h);
            let mine = h.clone();
            let id = core.attach_diagnostic_handler(Box::new(move |core, d| deliver(&mine, serial, core, d)));
            // Attached: from here on omnir owns the user data.
            h.owns_user_data.store(true, Ordering::Release);
            let mut reg = registry();
            reg.retain(|_, e| e.alive());
            reg.insert((serial, id.0), Entry::Handler(weak));
            Ok(id.0)
        })?;
        write_out(out_id, id)
    })
}

/// Detaches a handler attached with `omnir_context_attach_diagnostic_handler`, then
/// releases its user data (`free_user_data`, once; if the handler is detaching itself, after
/// its current call returns). May be called from inside the handler itself.
///
/// - `ctx`: the context it was attached to. `id`: the handler's id.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (no handler with
/// that id on this context — already detached, a capture id, or another context's),
/// `OMNIR_ERROR_BUSY`. On error nothing changes.
#[no_mangle]
pub extern "C" fn omnir_context_detach_diagnostic_handler(ctx: *mut omnir_context, id: u64) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let key = (c.serial(), id);
        let keep_alive = c.read(|core| {
            let mut reg = registry();
            let strong = match reg.get(&key) {
                Some(Entry::Handler(w)) => w.upgrade(),
                Some(Entry::Capture(w)) if w.strong_count() > 0 => {
                    return Err(invalid(format!(
                        "{id} is a diagnostic capture; end it with omnir_context_end_diagnostic_capture"
                    )))
                }
                _ => None,
            };
            let Some(strong) = strong else {
                return Err(invalid(format!("no diagnostic handler with id {id} is attached to this context")));
            };
            reg.remove(&key);
            drop(reg);
            core.detach_diagnostic_handler(HandlerId(id));
            Ok(strong)
        })?;
        // Dropped here, outside the context's lock and the registry's: when this was the last
        // reference, `free_user_data` runs now.
        drop(keep_alive);
        Ok(())
    })
}

/// Starts capturing the context's diagnostics emitted on the calling thread: from now until
/// the matching `omnir_context_end_diagnostic_capture`, every diagnostic that this thread's
/// calls emit and that reaches the capture is copied into it and counts as handled (handlers
/// attached later still see diagnostics first; older ones do not see them). Diagnostics of
/// other threads using the context meanwhile pass it by, so a capture around a call holds
/// that call's diagnostics only (those of the pass manager's workers are delivered on the
/// thread that runs the pass manager).
///
/// - `ctx`: the context.
/// - `out_capture`: receives the capture's id.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_BUSY`. On error nothing starts.
#[no_mangle]
pub extern "C" fn omnir_context_begin_diagnostic_capture(
    ctx: *mut omnir_context,
    out_capture: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        check_out(out_capture)?;
        let serial = c.serial();
        let id = c.read(|core| {
            let sink: Arc<Sink> = Arc::new(Mutex::new(Vec::new()));
            let weak = Arc::downgrade(&sink);
            let thread = std::thread::current().id();
            let id = core.attach_diagnostic_handler(Box::new(move |_, d| {
                if std::thread::current().id() != thread {
                    return false;
                }
                sink.lock().unwrap_or_else(|p| p.into_inner()).push(d.clone());
                true
            }));
            let mut reg = registry();
            reg.retain(|_, e| e.alive());
            reg.insert((serial, id.0), Entry::Capture(weak));
            Ok(id.0)
        })?;
        write_out(out_capture, id)
    })
}

/// Ends a capture and hands over what it collected, in emission order.
///
/// - `ctx`: the context. `capture`: the id from `omnir_context_begin_diagnostic_capture`.
/// - `out_list`: receives the list (free it with `omnir_diagnostic_list_free`). The list
///   owns its diagnostics and may outlive the context (their location handles are then
///   refused as belonging to another context).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (no capture with that
/// id on this context), `OMNIR_ERROR_BUSY`. On error the capture (if any) keeps going.
#[no_mangle]
pub extern "C" fn omnir_context_end_diagnostic_capture(
    ctx: *mut omnir_context,
    capture: u64,
    out_list: *mut *mut omnir_diagnostic_list,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        check_out(out_list)?;
        let key = (c.serial(), capture);
        let collected = c.read(|core| {
            let mut reg = registry();
            let sink = match reg.get(&key) {
                Some(Entry::Capture(w)) => w.upgrade(),
                _ => None,
            };
            let Some(sink) = sink else {
                return Err(invalid(format!("no diagnostic capture with id {capture} is active on this context")));
            };
            reg.remove(&key);
            drop(reg);
            core.detach_diagnostic_handler(HandlerId(capture));
            let items = std::mem::take(&mut *sink.lock().unwrap_or_else(|p| p.into_inner()));
            Ok(items)
        })?;
        let serial = c.serial();
        let list = Box::new(omnir_diagnostic_list {
            magic: super::guard::magic(LIST_MAGIC),
            items: collected.iter().map(|d| omnir_diagnostic::from_core(serial, d)).collect(),
        });
        write_out(out_list, Box::into_raw(list))
    })
}

/// The number of diagnostics in a list.
///
/// - `list`: a list from `omnir_context_end_diagnostic_capture`. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live list).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_list_get_size(list: *const omnir_diagnostic_list, out: *mut usize) -> omnir_status {
    ffi_call(|| {
        let l = list_arg(list)?;
        write_out(out, l.items.len())
    })
}

/// One diagnostic of a list, borrowed: valid until the list is freed.
///
/// - `list`: the list. `index`: below the list's size.
/// - `out`: receives the diagnostic.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live list),
/// `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_diagnostic_list_get(
    list: *const omnir_diagnostic_list,
    index: usize,
    out: *mut *const omnir_diagnostic,
) -> omnir_status {
    ffi_call(|| {
        let l = list_arg(list)?;
        let d = index_arg(&l.items, index, "diagnostic")?;
        write_out(out, d as *const omnir_diagnostic)
    })
}

fn free_list(list: *mut omnir_diagnostic_list) {
    // SAFETY: `list` came from `Box::into_raw` in `omnir_context_end_diagnostic_capture`
    // (checked by magic in `list_arg`) and the caller gives up ownership here. The magics are
    // cleared first so a later use of a dangling pointer is more likely to be refused.
    unsafe {
        (*list).magic = 0;
        for d in (*list).items.iter_mut() {
            d.magic = 0;
        }
        drop(Box::from_raw(list));
    }
}

/// Frees a diagnostic list and every diagnostic in it. NULL is a no-op.
///
/// - `list`: the list.
///
/// Errors: `OMNIR_ERROR_INVALID_ARGUMENT` (not a live list; nothing is freed).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_list_free(list: *mut omnir_diagnostic_list) -> omnir_status {
    ffi_call(|| {
        if list.is_null() {
            return Ok(());
        }
        list_arg(list)?;
        free_list(list);
        Ok(())
    })
}

// ---- accessors ----

/// The severity of a diagnostic.
///
/// - `diagnostic`: a diagnostic view. `out`: receives an `omnir_severity`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live
/// diagnostic).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_get_severity(
    diagnostic: *const omnir_diagnostic,
    out: *mut omnir_severity,
) -> omnir_status {
    ffi_call(|| write_out(out, severity_out(diag_arg(diagnostic)?.severity)))
}

/// The location of a diagnostic, a handle of the context that emitted it.
///
/// - `diagnostic`: a diagnostic view. `out`: receives the location.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live
/// diagnostic).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_get_location(
    diagnostic: *const omnir_diagnostic,
    out: *mut omnir_location,
) -> omnir_status {
    ffi_call(|| {
        let d = diag_arg(diagnostic)?;
        write_out(out, omnir_location { context: d.serial, id: d.location.attr().to_raw() })
    })
}

/// The message of a diagnostic, borrowed: valid as long as the diagnostic (during the
/// handler call, or until its list is freed). The bytes are UTF-8 and followed by a NUL
/// byte that `out_len` does not count.
///
/// - `diagnostic`: a diagnostic view.
/// - `out_data`: receives a pointer to the message. `out_len`: receives its length.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live
/// diagnostic).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_get_message(
    diagnostic: *const omnir_diagnostic,
    out_data: *mut *const c_char,
    out_len: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let d = diag_arg(diagnostic)?;
        check_out(out_data)?;
        check_out(out_len)?;
        write_out(out_data, d.message.as_ptr().cast::<c_char>())?;
        write_out(out_len, d.message().len())
    })
}

/// The number of notes attached to a diagnostic.
///
/// - `diagnostic`: a diagnostic view. `out`: receives the count.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live
/// diagnostic).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_get_num_notes(diagnostic: *const omnir_diagnostic, out: *mut usize) -> omnir_status {
    ffi_call(|| write_out(out, diag_arg(diagnostic)?.notes.len()))
}

/// One note of a diagnostic (itself a diagnostic, of severity note), borrowed for as long
/// as the diagnostic.
///
/// - `diagnostic`: a diagnostic view. `index`: below the note count.
/// - `out`: receives the note.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live
/// diagnostic), `OMNIR_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn omnir_diagnostic_get_note(
    diagnostic: *const omnir_diagnostic,
    index: usize,
    out: *mut *const omnir_diagnostic,
) -> omnir_status {
    ffi_call(|| {
        let d = diag_arg(diagnostic)?;
        let n = index_arg(&d.notes, index, "note")?;
        write_out(out, n as *const omnir_diagnostic)
    })
}

/// The diagnostic as MLIR prints it: `file:line:col: error: message`, then each note on
/// its own line the same way (the location is the first file location inside it, else
/// a name, else `<unknown location>`).
///
/// - `ctx`: the context that emitted the diagnostic. `diagnostic`: a diagnostic view.
/// - `out`: receives the text (free it with `omnir_string_free`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_ARGUMENT` (not a live
/// diagnostic), `OMNIR_ERROR_WRONG_CONTEXT` (emitted by another context).
#[no_mangle]
pub extern "C" fn omnir_diagnostic_render(
    ctx: *const omnir_context,
    diagnostic: *const omnir_diagnostic,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let d = diag_arg(diagnostic)?;
        check_out(out)?;
        if d.serial != c.serial() {
            return Err(ApiError::new(
                omnir_status::OMNIR_ERROR_WRONG_CONTEXT,
                "the diagnostic was emitted by another context",
            ));
        }
        let text = c.read(|core| Ok(core.render_diagnostic(&d.to_core())))?;
        write_string_out(out, text.as_bytes())
    })
}

// ---- emission ----

/// A note given to `omnir_context_emit_diagnostic`: a location and a UTF-8 message
/// (`message_len` bytes, not necessarily NUL-terminated).
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_diagnostic_note {
    pub location: omnir_location,
    pub message: *const c_char,
    pub message_len: usize,
}

/// Emits a diagnostic to the context's handlers (for example from a verifier written in
/// another language). An error no handler takes is printed to stderr.
///
/// - `ctx`: the context.
/// - `severity`: an `omnir_severity`.
/// - `location`: where; a location of this context.
/// - `message`, `message_len`: the message, UTF-8.
/// - `notes`, `num_notes`: notes to attach (NULL allowed when 0).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_WRONG_CONTEXT`, `OMNIR_ERROR_INVALID_ARGUMENT` (unknown severity, zeroed
/// or unknown location), `OMNIR_ERROR_CALLBACK_FAILED` (a handler unwound; the other
/// handlers still saw the diagnostic), `OMNIR_ERROR_BUSY`. Invalid arguments are refused
/// before anything is delivered.
#[no_mangle]
pub extern "C" fn omnir_context_emit_diagnostic(
    ctx: *const omnir_context,
    severity: u32,
    location: omnir_location,
    message: *const c_char,
    message_len: usize,
    notes: *const omnir_diagnostic_note,
    num_notes: usize,
) -> omnir_status {
    ffi_call(|| {
        let c = context_arg(ctx)?;
        let severity = severity_arg(severity)?;
        let message = str_arg(message, message_len, "message")?;
        let notes = slice_arg(notes, num_notes, "notes")?;
        c.read(|core| {
            let location = c.loc_in(core, location)?;
            let mut d = Diagnostic { severity, location, message: message.to_string(), notes: Vec::new() };
            for n in notes {
                let loc = c.loc_in(core, n.location)?;
                let text = str_arg(n.message, n.message_len, "note message")?;
                d = d.with_note(loc, text);
            }
            HANDLER_PANIC.with(|p| p.borrow_mut().take());
            core.emit_diagnostic(d);
            match HANDLER_PANIC.with(|p| p.borrow_mut().take()) {
                Some(msg) => Err(ApiError::new(
                    omnir_status::OMNIR_ERROR_CALLBACK_FAILED,
                    format!("a diagnostic handler failed (unwound): {msg}"),
                )),
                None => Ok(()),
            }
        })
    })
}

/// Emits a core diagnostic on behalf of another API function (parse errors).
pub(crate) fn emit_all(core: &crate::context::Context, diags: Vec<Diagnostic>) {
    for d in diags {
        core.emit_diagnostic(d);
    }
    HANDLER_PANIC.with(|p| p.borrow_mut().take());
}
