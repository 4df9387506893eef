//! The curated C API: every function is `omnir_<noun>_<verb>`, returns an
//! [`omnir_status`], writes outputs through out-parameters, and never unwinds or aborts.
//!
//! Conventions (see DESIGN.md, "The curated C API"):
//! - Every entry point runs inside [`ffi_call`], which catches panics (reported as
//!   `OMNIR_ERROR_INTERNAL`) and records the last error's message for this thread
//!   (`omnir_last_error_message`).
//! - Contexts are pointers (`omnir_context *`); IR entities, types and attributes are small
//!   structs passed by value that carry the serial of the context that made them, so a handle
//!   used with the wrong context (or a second copy of the core) is refused, never misread.
//! - Strings in are `(const char *data, size_t len)`, not necessarily NUL-terminated, and must
//!   be UTF-8. Strings out are `omnir_string`, owned by the caller and released with
//!   `omnir_string_free` (each binary has its own allocator).
//! - A context is serialized by a re-entrant lock: calls from several threads take turns; a
//!   callback (diagnostic handler, verifier, predicate, walk callback) may call back into the
//!   API on the same thread to read — even while the outer call is writing, see
//!   `context::CallbackFrame` — but mutating or destroying the context from inside a callback
//!   gets `OMNIR_ERROR_BUSY`. The header's top comment spells out the rules for C users.

// Entry points take raw pointers from C and are safe `extern "C"` functions by design: the
// pointer contract is part of each function's documented C signature, as in rustls-ffi.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use std::cell::{Cell, RefCell};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::{Error, ErrorKind};

pub mod asm;
pub mod attributes;
pub mod context;
pub mod diagnostics;
pub mod dialects;
pub mod directives;
pub mod dominance;
pub mod guard;
pub mod handles;
pub mod identifiers;
pub mod ir;
pub mod locations;
pub mod options;
pub mod passes;
pub mod registry;
pub mod symbols;
pub mod typeid;
pub mod types;
pub mod verify;

/// Status of every fallible call. `OMNIR_OK` is zero; everything else is an error whose
/// message is available from `omnir_last_error_message`.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum omnir_status {
    OMNIR_OK = 0,
    /// A handle refers to IR that was erased.
    OMNIR_ERROR_STALE_HANDLE = 1,
    /// An argument is malformed or of the wrong kind.
    OMNIR_ERROR_INVALID_ARGUMENT = 2,
    /// An index is past the end.
    OMNIR_ERROR_OUT_OF_RANGE = 3,
    /// Values would be left used after their definition is gone.
    OMNIR_ERROR_STILL_IN_USE = 4,
    /// The mutation would make an operation its own ancestor.
    OMNIR_ERROR_CYCLE = 5,
    /// The IR failed verification; the diagnostics went to the context's handlers.
    OMNIR_ERROR_VERIFICATION_FAILED = 6,
    /// Text could not be parsed.
    OMNIR_ERROR_PARSE_FAILED = 7,
    /// A name (dialect, operation, type, interface...) is not registered.
    OMNIR_ERROR_NOT_REGISTERED = 8,
    /// A definition conflicts with an existing one.
    OMNIR_ERROR_ALREADY_EXISTS = 9,
    /// A user callback reported failure.
    OMNIR_ERROR_CALLBACK_FAILED = 10,
    /// A bug in omnir (a caught panic); please report it with the message.
    OMNIR_ERROR_INTERNAL = 11,
    /// A required pointer argument was NULL.
    OMNIR_ERROR_NULL_ARGUMENT = 12,
    /// A string argument was not valid UTF-8.
    OMNIR_ERROR_INVALID_UTF8 = 13,
    /// The context is busy: a mutation (or destruction) of a context requested from inside a
    /// callback that runs while the same context is in use on this thread.
    OMNIR_ERROR_BUSY = 14,
    /// The handle belongs to another context (or another loaded copy of omnir).
    OMNIR_ERROR_WRONG_CONTEXT = 15,
    /// A second copy of omnir is loaded in this process (the message names every path), or an
    /// object made by another copy was passed to this one (refused without being read).
    OMNIR_ERROR_DUPLICATE_CORE = 16,
    /// The caller was built against an omnir header with another ABI version than the loaded
    /// core's (see `omnir_abi_require`).
    OMNIR_ERROR_ABI_MISMATCH = 17,
}

impl From<ErrorKind> for omnir_status {
    fn from(kind: ErrorKind) -> Self {
        use omnir_status::*;
        match kind {
            ErrorKind::StaleHandle => OMNIR_ERROR_STALE_HANDLE,
            ErrorKind::InvalidArgument => OMNIR_ERROR_INVALID_ARGUMENT,
            ErrorKind::OutOfRange => OMNIR_ERROR_OUT_OF_RANGE,
            ErrorKind::StillInUse => OMNIR_ERROR_STILL_IN_USE,
            ErrorKind::Cycle => OMNIR_ERROR_CYCLE,
            ErrorKind::VerificationFailed => OMNIR_ERROR_VERIFICATION_FAILED,
            ErrorKind::ParseFailed => OMNIR_ERROR_PARSE_FAILED,
            ErrorKind::NotRegistered => OMNIR_ERROR_NOT_REGISTERED,
            ErrorKind::AlreadyExists => OMNIR_ERROR_ALREADY_EXISTS,
            ErrorKind::CallbackFailed => OMNIR_ERROR_CALLBACK_FAILED,
            ErrorKind::Internal => OMNIR_ERROR_INTERNAL,
        }
    }
}

/// An error at the FFI edge: a core error or one of the edge's own conditions.
#[derive(Debug)]
pub struct ApiError {
    pub status: omnir_status,
    pub message: String,
}

impl ApiError {
    pub fn new(status: omnir_status, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }
    pub fn null(what: &str) -> ApiError {
        ApiError::new(omnir_status::OMNIR_ERROR_NULL_ARGUMENT, format!("{what} must not be NULL"))
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        ApiError { status: e.kind.into(), message: e.message }
    }
}

pub type ApiResult<T = ()> = Result<T, ApiError>;

/// Everything the API layer keeps per thread, in one thread-local: libomnir is a shared
/// library, where every access to a thread-local is a call to `__tls_get_addr`, so an entry
/// point looks it up once and keeps the reference for the whole call.
pub(crate) struct ThreadState {
    /// How many entry points are running on this thread (callbacks nest them).
    depth: Cell<u32>,
    /// Whether `status` and `message` hold an error (so that the success path reads one
    /// flag and leaves the string alone).
    failed: Cell<bool>,
    status: Cell<omnir_status>,
    message: RefCell<String>,
    /// The contexts lent to the callbacks running on this thread (see `context.rs`).
    pub(crate) frames: context::Frames,
}

thread_local! {
    pub(crate) static THREAD: ThreadState = const {
        ThreadState {
            depth: Cell::new(0),
            failed: Cell::new(false),
            status: Cell::new(omnir_status::OMNIR_OK),
            message: RefCell::new(String::new()),
            frames: context::Frames::new(),
        }
    };
}

/// Runs an entry point's body: catches panics, records the error for this thread, and turns
/// the outcome into a status. The last error is cleared on success only at the outermost
/// call, so a callback's nested successful call does not erase the error being reported.
#[inline]
pub(crate) fn ffi_call(body: impl FnOnce() -> ApiResult) -> omnir_status {
    let mut body = Some(body);
    // `try_with`: an entry point may run from a thread-exit destructor (a pthread key
    // destructor releasing the last reference to a context) after this thread's
    // thread-locals are gone. The call then works, without recording its error.
    let tracked = THREAD.try_with(|t| {
        let depth = t.depth.get();
        t.depth.set(depth + 1);
        let outcome = body.take().map_or(Ok(()), run_body);
        t.depth.set(depth);
        match outcome {
            Ok(()) => {
                if depth == 0 && t.failed.get() {
                    t.failed.set(false);
                    t.status.set(omnir_status::OMNIR_OK);
                    t.message.borrow_mut().clear();
                }
                omnir_status::OMNIR_OK
            }
            Err(e) => {
                t.failed.set(true);
                t.status.set(e.status);
                *t.message.borrow_mut() = e.message;
                e.status
            }
        }
    });
    match (tracked, body) {
        (Ok(status), _) => status,
        (Err(_), Some(body)) => run_body(body).err().map_or(omnir_status::OMNIR_OK, |e| e.status),
        (Err(_), None) => omnir_status::OMNIR_OK,
    }
}

/// [`ffi_call`] for the functions that free or destroy: their success leaves the last error as
/// it was (run as if nested), so that cleaning up after a failed call keeps that call's
/// status and message, as `free` leaves `errno`.
pub(crate) fn ffi_cleanup(body: impl FnOnce() -> ApiResult) -> omnir_status {
    let _ = THREAD.try_with(|t| t.depth.set(t.depth.get() + 1));
    let status = ffi_call(body);
    let _ = THREAD.try_with(|t| t.depth.set(t.depth.get().saturating_sub(1)));
    status
}

/// Runs `body`, turning a panic into `OMNIR_ERROR_INTERNAL`.
#[inline]
fn run_body(body: impl FnOnce() -> ApiResult) -> ApiResult {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => Err(internal_error(payload)),
    }
}

#[cold]
fn internal_error(payload: Box<dyn std::any::Any + Send>) -> ApiError {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    ApiError::new(omnir_status::OMNIR_ERROR_INTERNAL, format!("internal error in omnir (please report): {what}"))
}

/// A string owned by the caller; release it with `omnir_string_free`. `data` is followed by
/// a NUL byte (not counted in `len`) for convenience; the text may contain NULs itself.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct omnir_string {
    pub data: *mut c_char,
    pub len: usize,
}

impl omnir_string {
    pub(crate) fn from_bytes(bytes: &[u8]) -> omnir_string {
        let mut buf = Vec::with_capacity(bytes.len() + 1);
        buf.extend_from_slice(bytes);
        buf.push(0);
        let boxed = buf.into_boxed_slice();
        let len = boxed.len() - 1;
        omnir_string { data: Box::into_raw(boxed) as *mut u8 as *mut c_char, len }
    }

    pub(crate) const EMPTY: omnir_string = omnir_string { data: std::ptr::null_mut(), len: 0 };
}

/// Writes `value` to a caller's out-parameter.
pub(crate) fn write_out<T>(out: *mut T, value: T) -> ApiResult {
    if out.is_null() {
        return Err(ApiError::null("output pointer"));
    }
    // SAFETY: the caller passes a valid, writable, aligned pointer to T (the API contract for
    // every out-parameter); NULL was refused above.
    unsafe { out.write(value) };
    Ok(())
}

/// Reads a `(data, len)` string argument as UTF-8.
pub(crate) fn str_arg<'a>(data: *const c_char, len: usize, what: &str) -> ApiResult<&'a str> {
    let bytes = text_bytes_arg(data, len, what)?;
    std::str::from_utf8(bytes)
        .map_err(|e| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_UTF8, format!("{what} is not valid UTF-8: {e}")))
}

/// Reads a `(data, len)` text argument whose bytes need not be UTF-8 (MLIR strings may hold
/// any byte). `data` may be NULL only when `len` is 0.
pub(crate) fn text_bytes_arg<'a>(data: *const c_char, len: usize, what: &str) -> ApiResult<&'a [u8]> {
    bytes_arg(data.cast::<u8>(), len, what)
}

/// Reads a `(data, len)` byte argument. `data` may be NULL only when `len` is 0.
pub(crate) fn bytes_arg<'a>(data: *const u8, len: usize, what: &str) -> ApiResult<&'a [u8]> {
    if len == 0 {
        return Ok(&[]);
    }
    if data.is_null() {
        return Err(ApiError::null(what));
    }
    // SAFETY: the caller guarantees `data` points at `len` readable bytes that stay valid for
    // the duration of the call (the API contract for every string argument).
    Ok(unsafe { std::slice::from_raw_parts(data, len) })
}

/// Reads an array argument `(items, count)`. `items` may be NULL only when `count` is 0.
pub(crate) fn slice_arg<'a, T>(items: *const T, count: usize, what: &str) -> ApiResult<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    if items.is_null() {
        return Err(ApiError::null(what));
    }
    // SAFETY: the caller guarantees `items` points at `count` initialized values of T that
    // stay valid for the duration of the call.
    Ok(unsafe { std::slice::from_raw_parts(items, count) })
}

/// A borrowed `(data, len)` string or byte string passed in an array (for example the
/// nested references of a symbol reference, or the values of a dense string attribute).
/// `data` may be NULL only when `len` is 0; it need not be NUL-terminated.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_string_view {
    pub data: *const c_char,
    pub len: usize,
}

/// A byte buffer owned by the caller; release it with `omnir_bytes_free`. An empty buffer
/// has `data == NULL`. The data has no particular alignment.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct omnir_bytes {
    pub data: *mut u8,
    pub len: usize,
}

impl omnir_bytes {
    pub(crate) fn from_vec(bytes: Vec<u8>) -> omnir_bytes {
        if bytes.is_empty() {
            return omnir_bytes { data: std::ptr::null_mut(), len: 0 };
        }
        let boxed = bytes.into_boxed_slice();
        let len = boxed.len();
        omnir_bytes { data: Box::into_raw(boxed) as *mut u8, len }
    }
}

/// Releases a buffer returned by omnir. Passing a zeroed buffer is a no-op.
#[no_mangle]
pub extern "C" fn omnir_bytes_free(b: omnir_bytes) {
    if b.data.is_null() {
        return;
    }
    // SAFETY: `b` was produced by `omnir_bytes::from_vec`, which leaked a boxed slice of
    // exactly `len` bytes; it is freed once, here, by the allocator that made it.
    unsafe { drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(b.data, b.len))) };
}

/// Refuses a NULL out-parameter before any work is done (so that a call that would fail
/// only at the end changes nothing and leaks nothing).
pub(crate) fn check_out<T>(out: *mut T) -> ApiResult {
    if out.is_null() {
        Err(ApiError::null("output pointer"))
    } else {
        Ok(())
    }
}

/// Writes a copy of `bytes` as an `omnir_string`; allocates only once `out` is known good.
pub(crate) fn write_string_out(out: *mut omnir_string, bytes: &[u8]) -> ApiResult {
    check_out(out)?;
    write_out(out, omnir_string::from_bytes(bytes))
}

/// Writes a copy of `bytes` to an optional string out-parameter; allocates nothing when the
/// caller passed NULL (an unwritten `omnir_string` would leak, since it has no destructor).
pub(crate) fn write_opt_string(out: *mut omnir_string, bytes: &[u8]) -> ApiResult {
    if out.is_null() {
        return Ok(());
    }
    write_out(out, omnir_string::from_bytes(bytes))
}

/// Writes a copy of `bytes` as an `omnir_bytes`; allocates only once `out` is known good.
pub(crate) fn write_bytes_out(out: *mut omnir_bytes, bytes: &[u8]) -> ApiResult {
    check_out(out)?;
    write_out(out, omnir_bytes::from_vec(bytes.to_vec()))
}

/// The element at `index`, or `OMNIR_ERROR_OUT_OF_RANGE`.
pub(crate) fn index_arg<'a, T>(items: &'a [T], index: usize, what: &str) -> ApiResult<&'a T> {
    items.get(index).ok_or_else(|| Error::out_of_range(what, index, items.len()).into())
}

/// Releases a string returned by omnir. Passing a zeroed string is a no-op.
#[no_mangle]
pub extern "C" fn omnir_string_free(s: omnir_string) {
    if s.data.is_null() {
        return;
    }
    // SAFETY: `s` was produced by `omnir_string::from_bytes`, which leaked a boxed slice of
    // exactly `len + 1` bytes; it is freed once, here, by the allocator that made it.
    unsafe { drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(s.data as *mut u8, s.len + 1))) };
}

/// The status of the last failed call on this thread (`OMNIR_OK` after a success, but for
/// `omnir_operation_state_destroy`'s, which leaves it: cleanup after a failure keeps it).
#[no_mangle]
pub extern "C" fn omnir_last_error_status() -> omnir_status {
    THREAD.try_with(|t| t.status.get()).unwrap_or(omnir_status::OMNIR_OK)
}

/// A copy of the last error's message on this thread (empty after a success, as for
/// `omnir_last_error_status`). Free it with `omnir_string_free`.
#[no_mangle]
pub extern "C" fn omnir_last_error_message() -> omnir_string {
    THREAD
        .try_with(|t| omnir_string::from_bytes(t.message.borrow().as_bytes()))
        .unwrap_or_else(|_| omnir_string::from_bytes(b""))
}

/// omnir's version as `major * 10000 + minor * 100 + patch`.
#[no_mangle]
pub extern "C" fn omnir_version() -> u32 {
    let major: u32 = env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap_or(0);
    let minor: u32 = env!("CARGO_PKG_VERSION_MINOR").parse().unwrap_or(0);
    let patch: u32 = env!("CARGO_PKG_VERSION_PATCH").parse().unwrap_or(0);
    major * 10000 + minor * 100 + patch
}

/// The ABI version: bumped on every incompatible change to the C API. A library built
/// against header ABI N works with a core whose ABI is N. (The header defines it itself, as
/// an overridable macro, in core/cbindgen.toml; a unit test of `api::guard` keeps the two
/// equal.)
pub const OMNIR_ABI_VERSION: u32 = 2;

/// The C ABI version of the loaded core (see `OMNIR_ABI_VERSION` in the header): a library
/// built against a header with another ABI version must not use this core. Libraries check
/// it with `omnir_check_abi()` (`omnir_abi_require`), which also gives a clear error.
#[no_mangle]
pub extern "C" fn omnir_abi_version() -> u32 {
    OMNIR_ABI_VERSION
}
