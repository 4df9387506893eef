//! Diagnostics: closure handlers, captures, emission.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::strings::{arg, string_out};
use crate::{Context, Location};

/// The severity of a diagnostic.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Note,
    Warning,
    Error,
    Remark,
}

impl Severity {
    fn from_raw(raw: sys::omnir_severity) -> Severity {
        match raw {
            sys::omnir_severity::OMNIR_SEVERITY_NOTE => Severity::Note,
            sys::omnir_severity::OMNIR_SEVERITY_WARNING => Severity::Warning,
            sys::omnir_severity::OMNIR_SEVERITY_ERROR => Severity::Error,
            sys::omnir_severity::OMNIR_SEVERITY_REMARK => Severity::Remark,
        }
    }
    fn to_raw(self) -> u32 {
        match self {
            Severity::Note => 0,
            Severity::Warning => 1,
            Severity::Error => 2,
            Severity::Remark => 3,
        }
    }
}

/// A diagnostic, copied out of omnir: severity, location, message, notes, and the text
/// MLIR would print for it (`file:line:col: error: message` and its notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub location: Location,
    pub message: String,
    pub notes: Vec<Diagnostic>,
    /// The whole diagnostic rendered as MLIR prints it (empty for notes).
    pub rendered: String,
}

impl Diagnostic {
    /// Copies a borrowed C diagnostic of `ctx`.
    ///
    /// # Safety
    /// `d` must be a live diagnostic (borrowed by a running handler, or in a live list).
    unsafe fn from_raw(ctx: &Context, d: *const sys::omnir_diagnostic, render: bool) -> Result<Diagnostic> {
        let mut sev = sys::omnir_severity::OMNIR_SEVERITY_ERROR;
        // SAFETY (all calls below): `d` is live (caller), out-pointers are valid.
        check(unsafe { sys::omnir_diagnostic_get_severity(d, &mut sev) })?;
        let loc = out(|p| unsafe { sys::omnir_diagnostic_get_location(d, p) })?;
        let mut data = std::ptr::null();
        let mut len = 0usize;
        check(unsafe { sys::omnir_diagnostic_get_message(d, &mut data, &mut len) })?;
        let message = if data.is_null() {
            String::new()
        } else {
            // SAFETY: borrowed message of `len` bytes, valid as long as `d`.
            String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) }).into_owned()
        };
        let n: usize = out(|p| unsafe { sys::omnir_diagnostic_get_num_notes(d, p) })?;
        let mut notes = Vec::with_capacity(n);
        for i in 0..n {
            let mut note = std::ptr::null();
            check(unsafe { sys::omnir_diagnostic_get_note(d, i, &mut note) })?;
            // SAFETY: a note is borrowed for as long as `d`.
            notes.push(unsafe { Diagnostic::from_raw(ctx, note, false) }?);
        }
        let rendered = if render {
            string_out(|o| unsafe { sys::omnir_diagnostic_render(ctx.as_raw(), d, o) })?
        } else {
            String::new()
        };
        Ok(Diagnostic {
            severity: Severity::from_raw(sev),
            location: Location { ctx: ctx.clone(), raw: loc },
            message,
            notes,
            rendered,
        })
    }
}

/// The id of an attached diagnostic handler.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandlerId(pub u64);

/// What the C handler's user data points at.
struct HandlerData<F> {
    ctx: crate::context::WeakContext,
    f: F,
}

unsafe extern "C-unwind" fn handler_trampoline<F: FnMut(&Diagnostic) -> bool + Send + 'static>(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    diagnostic: *const sys::omnir_diagnostic,
) -> bool {
    // SAFETY: `user_data` is the `HandlerData<F>` boxed at attach time, owned by omnir until
    // `free_box` runs; omnir calls handlers of one context one at a time.
    let data = unsafe { &mut *(user_data as *mut HandlerData<F>) };
    let Some(ctx) = data.ctx.upgrade() else { return false };
    // Panics must not cross into omnir (another Rust runtime): a panicking handler counts as
    // "not handled".
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `diagnostic` is borrowed for the duration of this call.
        match unsafe { Diagnostic::from_raw(&ctx, diagnostic, true) } {
            Ok(d) => (data.f)(&d),
            Err(_) => false,
        }
    }))
    .unwrap_or(false)
}

pub(crate) unsafe extern "C" fn free_box<T>(user_data: *mut c_void) {
    // SAFETY: `user_data` came from `Box::into_raw(Box<T>)` and omnir frees it once.
    drop(unsafe { Box::from_raw(user_data as *mut T) });
}

impl Context {
    /// Attaches a diagnostic handler. Handlers see each diagnostic newest first until one
    /// returns `true`; an error nobody handles is printed to stderr. The handler runs on the
    /// thread that emitted the diagnostic, one call at a time; from inside it, reading the
    /// context works, mutating it gets [`Status::Busy`](crate::Status::Busy). A panicking
    /// handler counts as not handling the diagnostic.
    pub fn attach_diagnostic_handler<F>(&self, f: F) -> Result<HandlerId>
    where
        F: FnMut(&Diagnostic) -> bool + Send + 'static,
    {
        let data = Box::into_raw(Box::new(HandlerData { ctx: self.downgrade(), f }));
        let mut id = 0u64;
        // SAFETY: the trampoline matches `F`; on success omnir owns `data` and frees it with
        // `free_box` once; on failure it stays ours and is freed below.
        let st = unsafe {
            sys::omnir_context_attach_diagnostic_handler(
                self.as_raw(),
                Some(handler_trampoline::<F>),
                data as *mut c_void,
                Some(free_box::<HandlerData<F>>),
                &mut id,
            )
        };
        if let Err(e) = check(st) {
            // SAFETY: not attached: still ours.
            drop(unsafe { Box::from_raw(data) });
            return Err(e);
        }
        Ok(HandlerId(id))
    }

    /// Detaches a handler (its closure is dropped once its current call, if any, returns).
    pub fn detach_diagnostic_handler(&self, id: HandlerId) -> Result<()> {
        // SAFETY: live context.
        check(unsafe { sys::omnir_context_detach_diagnostic_handler(self.as_raw(), id.0) })
    }

    /// Starts capturing this context's diagnostics (they count as handled); see
    /// [`DiagnosticCapture::finish`]. Captures nest.
    pub fn begin_diagnostic_capture(&self) -> Result<DiagnosticCapture> {
        // SAFETY: live context, valid out-pointer.
        let id = out(|p| unsafe { sys::omnir_context_begin_diagnostic_capture(self.as_raw(), p) })?;
        Ok(DiagnosticCapture { ctx: self.clone(), id: Some(id) })
    }

    /// Runs `f` while capturing the context's diagnostics; returns its result and what was
    /// emitted meanwhile, in order.
    pub fn capture_diagnostics<R>(&self, f: impl FnOnce() -> R) -> Result<(R, Vec<Diagnostic>)> {
        let capture = self.begin_diagnostic_capture()?;
        let r = f();
        Ok((r, capture.finish()?))
    }

    /// Emits a diagnostic to the context's handlers (for example from a verifier written
    /// in Rust), with notes `(location, message)`.
    pub fn emit_diagnostic(
        &self,
        severity: Severity,
        location: &Location,
        message: &str,
        notes: &[(Location, &str)],
    ) -> Result<()> {
        let (m, ml) = arg(message);
        let n: Vec<_> = notes
            .iter()
            .map(|(l, t)| sys::omnir_diagnostic_note {
                location: l.raw,
                message: t.as_ptr().cast(),
                message_len: t.len(),
            })
            .collect();
        // SAFETY: live context, valid strings and arrays.
        check(unsafe {
            sys::omnir_context_emit_diagnostic(
                self.as_raw(),
                severity.to_raw(),
                location.raw,
                m,
                ml,
                n.as_ptr(),
                n.len(),
            )
        })
    }
}

/// A running capture of a context's diagnostics. [`finish`](DiagnosticCapture::finish)
/// ends it and returns what it collected; dropping it ends it and discards them.
pub struct DiagnosticCapture {
    ctx: Context,
    id: Option<u64>,
}

impl DiagnosticCapture {
    /// Ends the capture and returns the diagnostics it collected, in emission order.
    pub fn finish(mut self) -> Result<Vec<Diagnostic>> {
        let id = self.id.take().expect("a capture is finished once");
        end_capture(&self.ctx, id)
    }
}

impl Drop for DiagnosticCapture {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            let _ = end_capture(&self.ctx, id);
        }
    }
}

fn end_capture(ctx: &Context, id: u64) -> Result<Vec<Diagnostic>> {
    let mut list = std::ptr::null_mut();
    // SAFETY: live context, valid out-pointer; the list is freed below.
    check(unsafe { sys::omnir_context_end_diagnostic_capture(ctx.as_raw(), id, &mut list) })?;
    let read = (|| {
        let n: usize = out(|p| unsafe { sys::omnir_diagnostic_list_get_size(list, p) })?;
        (0..n)
            .map(|i| {
                let mut d = std::ptr::null();
                check(unsafe { sys::omnir_diagnostic_list_get(list, i, &mut d) })?;
                // SAFETY: owned by the live list.
                unsafe { Diagnostic::from_raw(ctx, d, true) }
            })
            .collect::<Result<Vec<_>>>()
    })();
    // SAFETY: the list is ours and freed once.
    unsafe { sys::omnir_diagnostic_list_free(list) };
    read
}
