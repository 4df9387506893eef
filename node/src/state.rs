//! The addon's per-thread state, and the calling convention between JavaScript and Rust.
//!
//! # The scratch buffer
//! A call through N-API costs about 20 ns, but converting each argument costs another 25-30
//! ns and creating an object of a native class about 0.8 µs (measured here). So the hot
//! functions take no JavaScript arguments at all: the JavaScript side writes numbers into a
//! shared `Uint32Array` (the *scratch*, `S` in `lib/binding.js`; the same memory is also
//! seen as a `Float64Array`) and calls a function without arguments, which reads them,
//! writes its outputs back into the scratch, and returns a status (0 for success). IR
//! wrappers are plain JavaScript objects holding the handle numbers, never native objects.
//!
//! - Every function copies its inputs out of the scratch before it calls omnir: omnir may
//!   call back into JavaScript (verifiers, predicates, diagnostic handlers), which calls other
//!   functions of this addon that reuse the scratch.
//! - Word 0 is the context slot for functions that need a context.
//! - Lists are written as a count at word 0 and the items from word 1. A list that does not
//!   fit is kept aside (`PENDING`): the JavaScript side grows the scratch and fetches it
//!   (`fetchPending`).
//! - On failure a function returns the C status (`omnir_status`, never 0) and keeps the
//!   error (`takeError` gives it to JavaScript, which throws the matching `OmnirError`).
//!
//! # Threads
//! Each Node.js thread (the main thread, each worker) loads the addon into its own
//! environment and gets its own state here: contexts, owners and callbacks never cross
//! threads, as JavaScript objects do not.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use napi::sys;
use omnir::{Context, Diagnostic, Error, OwnedBlock, Status, SymbolTable, TreeOwner};

/// A failure kept for `takeError`: the status, the message, and the error diagnostics that
/// came with it (parse and verification failures, and failing callbacks).
pub(crate) struct LastError {
    pub status: Status,
    pub message: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// Who owns a detached tree of IR for the JavaScript wrappers that reach it.
pub(crate) enum Owner {
    /// A detached operation (shared with the client's registry: one owner per root).
    Op(TreeOwner),
    /// A detached block (shared between the slots of one root, as operation trees are).
    Block(Rc<OwnedBlock>),
}

impl Owner {
    /// The serial of the owned tree's context.
    fn context_serial(&self) -> u32 {
        match self {
            Owner::Op(t) => t.context().serial(),
            Owner::Block(b) => b.context().serial(),
        }
    }
}

/// A reusable operation builder per (context slot, operation name), and the location it was
/// last given.
pub(crate) struct CachedBuilder {
    pub builder: omnir::OperationBuilder,
    pub loc: u32,
}

/// A context in its slot, with its cached builders (indexed by interned name).
pub(crate) struct ContextEntry {
    pub ctx: Context,
    pub builders: RefCell<Vec<Option<CachedBuilder>>>,
}

thread_local! {
    static SCRATCH: Cell<(*mut u32, usize)> = const { Cell::new((std::ptr::null_mut(), 0)) };
    static SCRATCH_REF: Cell<sys::napi_ref> = const { Cell::new(std::ptr::null_mut()) };
    pub(crate) static ENV: Cell<sys::napi_env> = const { Cell::new(std::ptr::null_mut()) };
    pub(crate) static DISPATCHER: Cell<sys::napi_ref> = const { Cell::new(std::ptr::null_mut()) };
    static CONTEXTS: RefCell<Slab<Box<ContextEntry>>> = RefCell::new(Slab::default());
    static OWNERS: RefCell<Slab<Owner>> = RefCell::new(Slab::default());
    pub(crate) static TABLES: RefCell<Slab<SymbolTable>> = RefCell::new(Slab::default());
    static NAMES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    static PENDING: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static KEPT: RefCell<Kept> = const { RefCell::new(Kept { owners: Vec::new(), releases: 0 }) };
    static LAST_ERROR: RefCell<Option<LastError>> = const { RefCell::new(None) };
}

/// A vector of slots with a free list; slot numbers start at 1 (0 means "none").
pub(crate) struct Slab<T> {
    items: Vec<Option<T>>,
    free: Vec<u32>,
}

impl<T> Default for Slab<T> {
    fn default() -> Slab<T> {
        Slab { items: Vec::new(), free: Vec::new() }
    }
}

impl<T> Slab<T> {
    pub fn insert(&mut self, value: T) -> u32 {
        if let Some(slot) = self.free.pop() {
            self.items[slot as usize - 1] = Some(value);
            return slot;
        }
        self.items.push(Some(value));
        self.items.len() as u32
    }
    pub fn get(&self, slot: u32) -> Option<&T> {
        self.items.get((slot as usize).wrapping_sub(1)).and_then(|x| x.as_ref())
    }
    /// Takes the value out of `slot` without freeing the slot (give it back with `put`).
    pub fn take(&mut self, slot: u32) -> Option<T> {
        self.items.get_mut((slot as usize).wrapping_sub(1)).and_then(|x| x.take())
    }
    /// Gives back a value taken with `take`.
    pub fn put(&mut self, slot: u32, value: T) {
        if let Some(x) = self.items.get_mut((slot as usize).wrapping_sub(1)) {
            *x = Some(value);
        }
    }
    pub fn remove(&mut self, slot: u32) -> Option<T> {
        let v = self.items.get_mut((slot as usize).wrapping_sub(1)).and_then(|x| x.take());
        if v.is_some() {
            self.free.push(slot);
        }
        v
    }
}

// ---------------------------------------------------------------------------------------
// the scratch

/// Registers the scratch buffer (a typed array over an ArrayBuffer of the JavaScript side);
/// keeps a reference so it stays alive.
///
/// # Safety
/// `env` and `value` come from a running N-API call.
pub(crate) unsafe fn set_scratch(env: sys::napi_env, value: sys::napi_value) -> napi::Result<()> {
    let mut kind = 0;
    let mut length = 0usize;
    let mut data = std::ptr::null_mut();
    let mut buffer = std::ptr::null_mut();
    let mut offset = 0usize;
    // SAFETY: arguments of a running call; the out-pointers are locals.
    let st = unsafe {
        sys::napi_get_typedarray_info(env, value, &mut kind, &mut length, &mut data, &mut buffer, &mut offset)
    };
    if st != sys::Status::napi_ok || kind != sys::TypedarrayType::uint32_array {
        return Err(napi::Error::from_reason("the scratch must be a Uint32Array"));
    }
    let mut r = std::ptr::null_mut();
    // SAFETY: as above.
    if unsafe { sys::napi_create_reference(env, value, 1, &mut r) } != sys::Status::napi_ok {
        return Err(napi::Error::from_reason("cannot keep a reference to the scratch"));
    }
    let old = SCRATCH_REF.with(|c| c.replace(r));
    if !old.is_null() {
        // SAFETY: the reference was created above in an earlier call on this thread.
        unsafe { sys::napi_delete_reference(env, old) };
    }
    SCRATCH.with(|c| c.set((data as *mut u32, length)));
    Ok(())
}

/// Word `i` of the scratch.
#[inline]
pub(crate) fn rd(i: usize) -> u32 {
    let (p, n) = SCRATCH.with(|c| c.get());
    assert!(i < n, "scratch read past its end");
    // SAFETY: `p` points at `n` words of the registered typed array, kept alive by its
    // reference; JavaScript is not running while this thread runs Rust.
    unsafe { *p.add(i) }
}

/// Sets word `i` of the scratch.
#[inline]
pub(crate) fn wr(i: usize, v: u32) {
    let (p, n) = SCRATCH.with(|c| c.get());
    assert!(i < n, "scratch write past its end");
    // SAFETY: as in `rd`.
    unsafe { *p.add(i) = v }
}

/// The float64 at word `i` (which must be even): the scratch seen as a `Float64Array`.
#[inline]
pub(crate) fn rdf(i: usize) -> f64 {
    f64::from_bits(rd(i) as u64 | (rd(i + 1) as u64) << 32)
}

/// Writes a float64 at word `i` (even).
#[inline]
pub(crate) fn wrf(i: usize, v: f64) {
    let b = v.to_bits();
    wr(i, b as u32);
    wr(i + 1, (b >> 32) as u32);
}

/// The i64 at words `i`, `i + 1` (low word first).
#[inline]
pub(crate) fn rdi64(i: usize) -> i64 {
    (rd(i) as u64 | (rd(i + 1) as u64) << 32) as i64
}

/// The number of words of the scratch.
pub(crate) fn scratch_len() -> usize {
    SCRATCH.with(|c| c.get().1)
}

/// Writes a list: its length at word 0, the items from word 1; a list that does not fit is
/// kept for `takePending`.
pub(crate) fn write_list(words: Vec<u32>, count: usize) {
    wr(0, count as u32);
    if words.len() < scratch_len() {
        for (i, w) in words.iter().enumerate() {
            wr(i + 1, *w);
        }
        PENDING.with(|p| p.borrow_mut().clear());
    } else {
        PENDING.with(|p| *p.borrow_mut() = words);
    }
}

/// The list kept aside because it did not fit into the scratch (its items only).
pub(crate) fn take_pending() -> Vec<u32> {
    PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()))
}

// ---------------------------------------------------------------------------------------
// errors

/// The C status code of a status (`omnir_status`).
pub(crate) fn status_code(s: Status) -> u32 {
    use omnir::sys::omnir_status as S;
    (match s {
        Status::StaleHandle => S::OMNIR_ERROR_STALE_HANDLE,
        Status::InvalidArgument => S::OMNIR_ERROR_INVALID_ARGUMENT,
        Status::OutOfRange => S::OMNIR_ERROR_OUT_OF_RANGE,
        Status::StillInUse => S::OMNIR_ERROR_STILL_IN_USE,
        Status::Cycle => S::OMNIR_ERROR_CYCLE,
        Status::VerificationFailed => S::OMNIR_ERROR_VERIFICATION_FAILED,
        Status::ParseFailed => S::OMNIR_ERROR_PARSE_FAILED,
        Status::NotRegistered => S::OMNIR_ERROR_NOT_REGISTERED,
        Status::AlreadyExists => S::OMNIR_ERROR_ALREADY_EXISTS,
        Status::CallbackFailed => S::OMNIR_ERROR_CALLBACK_FAILED,
        Status::Internal => S::OMNIR_ERROR_INTERNAL,
        Status::NullArgument => S::OMNIR_ERROR_NULL_ARGUMENT,
        Status::InvalidUtf8 => S::OMNIR_ERROR_INVALID_UTF8,
        Status::Busy => S::OMNIR_ERROR_BUSY,
        Status::WrongContext => S::OMNIR_ERROR_WRONG_CONTEXT,
        Status::Other(n) => return n.max(1),
        // `Status` is non-exhaustive: a status added later is reported as internal.
        #[allow(unreachable_patterns)]
        _ => S::OMNIR_ERROR_INTERNAL,
    }) as u32
}

/// Keeps an error for `takeError` and returns its status code.
pub(crate) fn fail(e: Error) -> u32 {
    fail_with(e, Vec::new())
}

/// Keeps an error with its diagnostics.
pub(crate) fn fail_with(e: Error, diagnostics: Vec<Diagnostic>) -> u32 {
    let code = status_code(e.status);
    LAST_ERROR.with(|l| *l.borrow_mut() = Some(LastError { status: e.status, message: e.message, diagnostics }));
    code
}

/// Runs `f`: 0 on success, else the status (the error kept for `takeError`).
#[inline]
pub(crate) fn run(f: impl FnOnce() -> omnir::Result<()>) -> u32 {
    match f() {
        Ok(()) => 0,
        Err(e) => fail(e),
    }
}

/// Like [`run`] for calls that return a value (`None` on failure, the error kept).
#[inline]
pub(crate) fn run_value<T>(f: impl FnOnce() -> omnir::Result<T>) -> Option<T> {
    match f() {
        Ok(v) => Some(v),
        Err(e) => {
            fail(e);
            None
        }
    }
}

/// [`run`] with the context of scratch word 0, borrowed.
#[inline]
pub(crate) fn run_cx(f: impl FnOnce(&Context) -> omnir::Result<()>) -> u32 {
    run(|| with_cx(f))
}

/// [`run_value`] with the context of scratch word 0, borrowed.
#[inline]
pub(crate) fn run_value_cx<T>(f: impl FnOnce(&Context) -> omnir::Result<T>) -> Option<T> {
    run_value(|| with_cx(f))
}

/// Checks the loaded core against the header this addon was built with, and that it is the
/// only copy of the core in the process (`omnir_abi_require`).
pub(crate) fn abi_require() -> omnir::Result<()> {
    // SAFETY: no pointers.
    let st = unsafe { omnir::sys::omnir_abi_require(omnir::sys::OMNIR_ABI_VERSION) };
    match Status::from_raw(st) {
        None => Ok(()),
        Some(s) => {
            // SAFETY: no arguments; the string is released right after it is copied.
            let m = unsafe { omnir::sys::omnir_last_error_message() };
            let text = if m.data.is_null() {
                String::new()
            } else {
                // SAFETY: `len` bytes at `data` until freed below.
                String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(m.data.cast::<u8>(), m.len) }).into_owned()
            };
            // SAFETY: released once.
            unsafe { omnir::sys::omnir_string_free(m) };
            Err(Error::new(s, text))
        }
    }
}

/// The error kept by the last failing call of this thread.
pub(crate) fn take_error() -> Option<LastError> {
    LAST_ERROR.with(|l| l.borrow_mut().take())
}

/// An error of this addon's own checks (a bad slot, a JavaScript value of the wrong kind).
pub(crate) fn invalid(message: impl Into<String>) -> Error {
    Error::new(Status::InvalidArgument, message)
}

// ---------------------------------------------------------------------------------------
// contexts, owners, names

pub(crate) fn context_insert(ctx: Context) -> u32 {
    CONTEXTS.with(|c| c.borrow_mut().insert(Box::new(ContextEntry { ctx, builders: RefCell::new(Vec::new()) })))
}

pub(crate) fn context_remove(slot: u32) -> Option<Context> {
    let entry = CONTEXTS.with(|c| c.borrow_mut().remove(slot))?;
    // The builders hold clones of the context: drop them first.
    let ContextEntry { ctx, builders } = *entry;
    drop(builders);
    Some(ctx)
}

/// Runs `f` with the entry of the context in `slot`, borrowed (no reference count taken:
/// this is every call's first step).
///
/// The entry is boxed, so its address survives the slab growing while `f` runs (a callback
/// into JavaScript may create contexts). It is only removed by `ctxRelease`, which the
/// JavaScript side calls from a FinalizationRegistry callback: never while a call into this
/// addon is running on this thread.
#[inline]
pub(crate) fn with_entry<R>(slot: u32, f: impl FnOnce(&ContextEntry) -> omnir::Result<R>) -> omnir::Result<R> {
    let p: *const ContextEntry = CONTEXTS
        .with(|c| c.borrow().get(slot).map(|b| &**b as *const ContextEntry))
        .ok_or_else(|| invalid(format!("no context in slot {slot}")))?;
    // SAFETY: see above: the box outlives this call.
    f(unsafe { &*p })
}

/// Runs `f` with the context whose slot is at scratch word 0, borrowed.
#[inline]
pub(crate) fn with_cx<R>(f: impl FnOnce(&Context) -> omnir::Result<R>) -> omnir::Result<R> {
    with_entry(rd(0), |e| f(&e.ctx))
}

/// The context in `slot` (a new reference).
#[inline]
pub(crate) fn context(slot: u32) -> omnir::Result<Context> {
    with_entry(slot, |e| Ok(e.ctx.clone()))
}

/// The context whose slot is at scratch word 0 (a new reference).
#[inline]
pub(crate) fn cx() -> omnir::Result<Context> {
    context(rd(0))
}

pub(crate) fn owner_insert(owner: Owner) -> u32 {
    OWNERS.with(|o| o.borrow_mut().insert(owner))
}

/// Releases an owner slot. When it was the tree's last owner and the tree is still detached,
/// the tree is erased — unless IR outside it still uses it (see [`settle`]).
pub(crate) fn owner_release(slot: u32) {
    // Taken out of the table first: erasing reaches omnir.
    let owner = OWNERS.with(|o| o.borrow_mut().remove(slot));
    let kept = owner.and_then(settle);
    let rescan = KEPT.with(|k| {
        let mut k = k.borrow_mut();
        k.owners.extend(kept);
        k.releases += 1;
        !k.owners.is_empty() && k.releases >= k.owners.len()
    });
    if rescan {
        rescan_kept();
    }
}

/// Detached trees whose last JavaScript owner was collected while IR outside them still
/// used them (results or block arguments used by operands elsewhere, blocks branched to).
/// Erasing such a tree would silently turn those operands into null values (and a verifier
/// error far from the cause), so it is kept until the uses are gone. Checked again after
/// as many releases as there are kept trees (amortized constant work per release), and
/// dropped with their context. Trees that only use each other stay until then.
pub(crate) struct Kept {
    owners: Vec<Owner>,
    releases: usize,
}

/// Settles an owner that a slot let go: `None` when it was dropped (another slot still
/// shares it, or its tree was erased, or the tree is attached now and belongs to the IR),
/// `Some` when its tree is still used from outside and must be kept.
fn settle(owner: Owner) -> Option<Owner> {
    // An owner shared with another slot: that slot decides later.
    let shared = match &owner {
        Owner::Op(t) => std::sync::Arc::strong_count(t) > 1,
        Owner::Block(b) => Rc::strong_count(b) > 1,
    };
    if shared {
        return None;
    }
    let attempt = match &owner {
        Owner::Op(t) => match t.is_detached() {
            Ok(true) => t.erase_with(omnir::EraseMode::RequireNoUses),
            // Erased, or attached: dropping the owner changes nothing.
            _ => Ok(()),
        },
        Owner::Block(b) => match b.parent_region() {
            Ok(None) => b.erase(),
            _ => Ok(()),
        },
    };
    match attempt {
        // `Busy`: a callback of the context is running; try again later.
        Err(e) if matches!(e.status, Status::StillInUse | Status::Busy) => Some(owner),
        // Erased (dropping the owner then finds a stale handle and does nothing), or nothing
        // to erase.
        _ => None,
    }
}

/// Tries the kept trees again.
fn rescan_kept() {
    let kept = KEPT.with(|k| std::mem::take(&mut k.borrow_mut().owners));
    let still: Vec<Owner> = kept.into_iter().filter_map(settle).collect();
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        k.owners.extend(still);
        k.releases = 0;
    });
}

/// Drops the kept trees of a context that is being released (nothing can use them any more).
pub(crate) fn kept_release_context(serial: u32) {
    let gone: Vec<Owner> = KEPT.with(|k| {
        let mut k = k.borrow_mut();
        let (gone, stay) = std::mem::take(&mut k.owners).into_iter().partition(|o| o.context_serial() == serial);
        k.owners = stay;
        gone
    });
    drop(gone);
}

/// A second slot sharing the owner of `slot` (`None` when the slot is empty).
pub(crate) fn owner_share(slot: u32) -> Option<u32> {
    let shared = OWNERS.with(|o| match o.borrow().get(slot) {
        Some(Owner::Op(t)) => Some(Owner::Op(t.clone())),
        Some(Owner::Block(b)) => Some(Owner::Block(b.clone())),
        None => None,
    })?;
    Some(owner_insert(shared))
}

/// Interns a name (operation or attribute name) and returns its number.
pub(crate) fn intern_name(name: String) -> u32 {
    NAMES.with(|n| {
        let mut n = n.borrow_mut();
        n.push(name);
        n.len() as u32 - 1
    })
}

/// Runs `f` with the interned name `id`.
pub(crate) fn with_name<R>(id: u32, f: impl FnOnce(&str) -> R) -> omnir::Result<R> {
    NAMES.with(|n| n.borrow().get(id as usize).map(|s| f(s))).ok_or_else(|| invalid(format!("no interned name {id}")))
}

/// A copy of the interned name `id`.
pub(crate) fn name(id: u32) -> omnir::Result<String> {
    with_name(id, |s| s.to_string())
}

// ---------------------------------------------------------------------------------------
// text out

/// A string handed to JavaScript: created as Latin-1 (a plain copy into a one-byte string)
/// when it is ASCII, as MLIR's printed IR is (non-ASCII bytes are escaped in strings), else
/// decoded from UTF-8. Printing a large module is dominated by that conversion otherwise.
pub(crate) struct JsText(pub String);

impl napi::bindgen_prelude::ToNapiValue for JsText {
    unsafe fn to_napi_value(env: sys::napi_env, val: JsText) -> napi::Result<sys::napi_value> {
        let s = val.0;
        let mut out = std::ptr::null_mut();
        // SAFETY: a running call's environment; the bytes are valid for the call.
        let st = unsafe {
            if s.is_ascii() {
                sys::napi_create_string_latin1(env, s.as_ptr().cast(), s.len() as isize, &mut out)
            } else {
                sys::napi_create_string_utf8(env, s.as_ptr().cast(), s.len() as isize, &mut out)
            }
        };
        if st != sys::Status::napi_ok {
            return Err(napi::Error::from_reason("cannot create a JavaScript string"));
        }
        Ok(out)
    }
}

impl napi::bindgen_prelude::TypeName for JsText {
    fn type_name() -> &'static str {
        "String"
    }
    fn value_type() -> napi::ValueType {
        napi::ValueType::String
    }
}
