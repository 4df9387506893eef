//! JavaScript functions called by omnir: operation verifiers (and verifier hooks),
//! parameters verifiers, constraint predicates, diagnostic handlers, interface methods,
//! passes, rewrite patterns, and custom directives' parsers and printers.
//!
//! omnir calls its callbacks synchronously, on the thread that made the call that needs
//! them (see the header's "Threads" notes). From JavaScript that is always the JavaScript
//! thread, inside a call into this addon, so a callback calls its JavaScript function right
//! away through N-API — no ThreadsafeFunction, no event-loop round trip, and the result is
//! there when omnir needs it. The Rust closures handed to omnir hold no JavaScript value:
//! only (thread, context slot, callback index); the JavaScript side keeps the functions in
//! its `Context` object (so a function that captures its context is collected with it) and
//! the dispatcher (`lib/binding.js`) finds them. A callback reached from any other thread
//! (a Rust thread of another addon using the same context) fails with a message instead of
//! touching JavaScript.

use std::thread::ThreadId;

use napi::bindgen_prelude::ToNapiValue;
use napi::sys;
use napi_derive::napi;

use crate::state::{DISPATCHER, ENV};

/// The kinds of callbacks, the first argument of the dispatcher.
pub(crate) const OP_VERIFIER: u32 = 0;
pub(crate) const PARAMS_VERIFIER: u32 = 1;
pub(crate) const TYPE_PREDICATE: u32 = 2;
pub(crate) const ATTR_PREDICATE: u32 = 3;
pub(crate) const DIAGNOSTIC_HANDLER: u32 = 4;
pub(crate) const INTERFACE_METHOD: u32 = 5;
pub(crate) const PASS_RUN: u32 = 6;
pub(crate) const REWRITE_PATTERN: u32 = 7;
pub(crate) const DIRECTIVE_PARSE: u32 = 8;
pub(crate) const DIRECTIVE_PRINT: u32 = 9;

/// A diagnostic as JavaScript receives it (`lib/diagnostics.js` wraps it).
#[napi(object)]
pub struct JsDiagnostic {
    /// `error`, `warning`, `note` or `remark`.
    pub severity: String,
    /// The location's id in its context.
    pub location: u32,
    pub message: String,
    pub notes: Vec<JsDiagnostic>,
    /// The diagnostic as MLIR prints it (empty for notes).
    pub rendered: String,
}

impl From<&omnir::Diagnostic> for JsDiagnostic {
    fn from(d: &omnir::Diagnostic) -> JsDiagnostic {
        JsDiagnostic {
            severity: match d.severity {
                omnir::Severity::Error => "error",
                omnir::Severity::Warning => "warning",
                omnir::Severity::Note => "note",
                omnir::Severity::Remark => "remark",
            }
            .to_string(),
            location: d.location.raw().id,
            message: d.message.clone(),
            notes: d.notes.iter().map(JsDiagnostic::from).collect(),
            rendered: d.rendered.clone(),
        }
    }
}

/// Keeps the dispatcher of this thread and the environment to call it in.
pub(crate) fn set_dispatcher(env: sys::napi_env, f: sys::napi_value) -> napi::Result<()> {
    let mut r = std::ptr::null_mut();
    // SAFETY: values of the running `init` call.
    if unsafe { sys::napi_create_reference(env, f, 1, &mut r) } != sys::Status::napi_ok {
        return Err(napi::Error::from_reason("cannot keep a reference to the dispatcher"));
    }
    let old = DISPATCHER.with(|d| d.replace(r));
    if !old.is_null() {
        // SAFETY: created by an earlier `init` on this thread.
        unsafe { sys::napi_delete_reference(env, old) };
    }
    ENV.with(|e| e.set(env));
    Ok(())
}

/// What a JavaScript callback answered.
pub(crate) enum Answer {
    /// `undefined`, `null` or `true`.
    Ok,
    /// `false`.
    No,
    /// A number (an attribute id, for interface methods).
    Number(f64),
}

/// A JavaScript function registered in a context: the closures given to omnir hold this.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JsCallback {
    thread: ThreadId,
    ctx_slot: u32,
    index: u32,
}

impl JsCallback {
    pub(crate) fn new(ctx_slot: u32, index: u32) -> JsCallback {
        JsCallback { thread: std::thread::current().id(), ctx_slot, index }
    }

    /// Calls the dispatcher with (kind, context slot, callback index, payload); a string
    /// answer (what the dispatcher gives for a thrown exception or a failure message) is the
    /// `Err`.
    pub(crate) fn call(
        &self,
        kind: u32,
        payload: impl FnOnce(sys::napi_env) -> sys::napi_value,
    ) -> Result<Answer, String> {
        if std::thread::current().id() != self.thread {
            return Err("a JavaScript callback was called from a thread other than its own; \
                        omnir calls callbacks on the thread that uses the context"
                .into());
        }
        let env = ENV.with(|e| e.get());
        let dispatcher = DISPATCHER.with(|d| d.get());
        if env.is_null() || dispatcher.is_null() {
            return Err("the omnir addon was not initialized on this thread".into());
        }
        // SAFETY: `env` is this thread's environment and we are inside a call from
        // JavaScript into this addon (omnir runs callbacks synchronously during such calls);
        // every value below lives in the handle scope opened here.
        unsafe {
            let mut scope = std::ptr::null_mut();
            if sys::napi_open_handle_scope(env, &mut scope) != sys::Status::napi_ok {
                return Err("cannot open a handle scope".into());
            }
            let r = call_in_scope(env, dispatcher, [kind, self.ctx_slot, self.index], payload);
            sys::napi_close_handle_scope(env, scope);
            r
        }
    }
}

unsafe fn call_in_scope(
    env: sys::napi_env,
    dispatcher: sys::napi_ref,
    head: [u32; 3],
    payload: impl FnOnce(sys::napi_env) -> sys::napi_value,
) -> Result<Answer, String> {
    // SAFETY (whole function): see `JsCallback::call`.
    unsafe {
        let mut f = std::ptr::null_mut();
        if sys::napi_get_reference_value(env, dispatcher, &mut f) != sys::Status::napi_ok || f.is_null() {
            return Err("the dispatcher is gone".into());
        }
        let mut argv = [std::ptr::null_mut(); 4];
        for (k, v) in head.iter().enumerate() {
            sys::napi_create_uint32(env, *v, &mut argv[k]);
        }
        argv[3] = payload(env);
        let mut undefined = std::ptr::null_mut();
        sys::napi_get_undefined(env, &mut undefined);
        let mut result = std::ptr::null_mut();
        let st = sys::napi_call_function(env, undefined, f, argv.len(), argv.as_ptr(), &mut result);
        if st != sys::Status::napi_ok {
            // The dispatcher catches what user functions throw; an exception here means it
            // could not run at all (for example while the environment shuts down).
            let mut pending = false;
            sys::napi_is_exception_pending(env, &mut pending);
            if pending {
                let mut e = std::ptr::null_mut();
                sys::napi_get_and_clear_last_exception(env, &mut e);
                return Err(format!("the JavaScript callback threw: {}", string_of(env, e)));
            }
            return Err(format!("calling the JavaScript callback failed (N-API status {st})"));
        }
        let mut t = 0;
        sys::napi_typeof(env, result, &mut t);
        match t {
            sys::ValueType::napi_undefined | sys::ValueType::napi_null => Ok(Answer::Ok),
            sys::ValueType::napi_boolean => {
                let mut b = false;
                sys::napi_get_value_bool(env, result, &mut b);
                Ok(if b { Answer::Ok } else { Answer::No })
            }
            sys::ValueType::napi_number => {
                let mut n = 0f64;
                sys::napi_get_value_double(env, result, &mut n);
                Ok(Answer::Number(n))
            }
            _ => Err(string_of(env, result)),
        }
    }
}

/// The string of a JavaScript value (`String(value)`).
unsafe fn string_of(env: sys::napi_env, v: sys::napi_value) -> String {
    // SAFETY: live values of the open scope.
    unsafe {
        let mut s = std::ptr::null_mut();
        if v.is_null() || sys::napi_coerce_to_string(env, v, &mut s) != sys::Status::napi_ok {
            return "<unprintable value>".into();
        }
        let mut len = 0usize;
        sys::napi_get_value_string_utf8(env, s, std::ptr::null_mut(), 0, &mut len);
        let mut buf = vec![0u8; len + 1];
        sys::napi_get_value_string_utf8(env, s, buf.as_mut_ptr().cast(), buf.len(), &mut len);
        buf.truncate(len);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

/// A JavaScript array of numbers.
pub(crate) fn numbers(env: sys::napi_env, values: &[u32]) -> sys::napi_value {
    // SAFETY: called inside `JsCallback::call`'s scope.
    unsafe {
        let mut arr = std::ptr::null_mut();
        sys::napi_create_array_with_length(env, values.len(), &mut arr);
        for (k, v) in values.iter().enumerate() {
            let mut n = std::ptr::null_mut();
            sys::napi_create_uint32(env, *v, &mut n);
            sys::napi_set_element(env, arr, k as u32, n);
        }
        arr
    }
}

/// A JavaScript value of a napi-rs convertible Rust value (undefined if conversion fails).
pub(crate) fn to_js<T: ToNapiValue>(env: sys::napi_env, v: T) -> sys::napi_value {
    // SAFETY: called inside `JsCallback::call`'s scope.
    unsafe {
        T::to_napi_value(env, v).unwrap_or_else(|_| {
            let mut u = std::ptr::null_mut();
            sys::napi_get_undefined(env, &mut u);
            u
        })
    }
}
