//! The diagnostics engine: every problem the core reports about IR is a [`Diagnostic`] at a
//! location, delivered to the handlers installed on the context (newest first) until one
//! takes it. Unhandled errors go to stderr, as MLIR does.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::attrs::Location;
use crate::context::Context;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum Severity {
    Note = 0,
    Warning = 1,
    Error = 2,
    Remark = 3,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Remark => "remark",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub location: Location,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn error(location: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, location, message: message.into(), notes: Vec::new() }
    }
    pub fn with_note(mut self, location: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, location, message: message.into(), notes: Vec::new() });
        self
    }
}

/// Returned by [`Context::attach_diagnostic_handler`]; pass it back to detach.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandlerId(pub u64);

/// A handler returns `true` when it has taken the diagnostic (older handlers then don't see it).
pub type DiagnosticHandler = Box<dyn FnMut(&Context, &Diagnostic) -> bool + Send>;

/// Each handler sits behind its own lock so that the list's lock is never held while a
/// handler runs: a handler may attach or detach handlers (itself included).
type SharedHandler = Arc<Mutex<DiagnosticHandler>>;

#[derive(Default)]
pub(crate) struct DiagnosticEngine {
    handlers: Mutex<Vec<(u64, SharedHandler)>>,
    next_id: AtomicU64,
}

thread_local! {
    // A handler that emits a diagnostic itself must not deadlock on the handler list.
    static IN_HANDLER: Cell<bool> = const { Cell::new(false) };
}

impl Context {
    pub fn attach_diagnostic_handler(&self, handler: DiagnosticHandler) -> HandlerId {
        let id = self.diag.next_id.fetch_add(1, Ordering::Relaxed);
        self.diag.handlers.lock().unwrap_or_else(|p| p.into_inner()).push((id, Arc::new(Mutex::new(handler))));
        HandlerId(id)
    }

    /// Removes a handler; `false` if it was not attached.
    pub fn detach_diagnostic_handler(&self, id: HandlerId) -> bool {
        let mut handlers = self.diag.handlers.lock().unwrap_or_else(|p| p.into_inner());
        let before = handlers.len();
        handlers.retain(|(h, _)| *h != id.0);
        handlers.len() != before
    }

    pub fn emit_diagnostic(&self, diagnostic: Diagnostic) {
        let handled = !IN_HANDLER.with(Cell::get) && {
            // Reset the flag even if a handler panics, or this thread would never deliver
            // a diagnostic again.
            struct Reset;
            impl Drop for Reset {
                fn drop(&mut self) {
                    IN_HANDLER.with(|f| f.set(false));
                }
            }
            IN_HANDLER.with(|f| f.set(true));
            let _reset = Reset;
            // Snapshot the list (newest first) and release its lock before calling anyone.
            let snapshot: Vec<(u64, SharedHandler)> = {
                let handlers = self.diag.handlers.lock().unwrap_or_else(|p| p.into_inner());
                handlers.iter().rev().map(|(id, h)| (*id, h.clone())).collect()
            };
            snapshot.into_iter().any(|(id, h)| {
                // Skip handlers that a newer handler detached during this delivery.
                let attached =
                    self.diag.handlers.lock().unwrap_or_else(|p| p.into_inner()).iter().any(|(i, _)| *i == id);
                attached && (h.lock().unwrap_or_else(|p| p.into_inner()))(self, &diagnostic)
            })
        };
        if !handled && diagnostic.severity == Severity::Error {
            eprintln!("{}", self.render_diagnostic(&diagnostic));
        }
    }

    pub fn emit_error(&self, location: Location, message: impl Into<String>) {
        self.emit_diagnostic(Diagnostic::error(location, message));
    }

    /// `loc: error: message` plus notes, one per line.
    pub fn render_diagnostic(&self, d: &Diagnostic) -> String {
        let mut out = format!("{}: {}: {}", self.location_summary(d.location), d.severity.as_str(), d.message);
        for n in &d.notes {
            out.push('\n');
            out.push_str(&self.render_diagnostic(n));
        }
        out
    }

    /// Runs `f` collecting every diagnostic it emits instead of delivering them; returns
    /// `f`'s result and the diagnostics.
    pub fn collect_diagnostics<R>(&self, f: impl FnOnce(&Context) -> R) -> (R, Vec<Diagnostic>) {
        let sink = std::sync::Arc::new(Mutex::new(Vec::new()));
        let sink2 = sink.clone();
        let id = self.attach_diagnostic_handler(Box::new(move |_, d| {
            sink2.lock().unwrap_or_else(|p| p.into_inner()).push(d.clone());
            true
        }));
        let r = f(self);
        self.detach_diagnostic_handler(id);
        let diags = std::mem::take(&mut *sink.lock().unwrap_or_else(|p| p.into_inner()));
        (r, diags)
    }
}
