//! Contexts at the C edge, and the handle structs that carry a context's serial.

use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

use parking_lot::lock_api::RawMutex as _;

use super::{ffi_call, guard, omnir_status, write_out, ApiError, ApiResult};
use crate::context::Context;

/// Tells apart a live context from garbage, a freed one, or one of another loaded copy of
/// omnir (best effort; the real protection is that bindings own contexts through RAII). The
/// magic stored in a context is this base XORed with the copy's key (`guard::magic`).
const MAGIC: u64 = 0x6f6d_6e69_725f_6378; // "omnir_cx"

/// An omnir context. Create with `omnir_context_create`, destroy with
/// `omnir_context_destroy`.
// `repr(C)` keeps `magic` at offset 0 in every build and version of the core, so that a copy
// of the core handed another copy's context reads the magic where it is and refuses the
// context without reading anything else. Written as `cfg_attr` so that cbindgen and
// gen-header (which look at plain `#[repr]` attributes only) keep the type opaque.
#[cfg_attr(all(), repr(C))]
#[allow(non_camel_case_types)]
pub struct omnir_context {
    magic: u64,
    serial: u32,
    lock: ContextLock,
    /// Accessed only by the thread holding `lock` (or through a lend, see `read`).
    cell: RefCell<Context>,
    /// Where the `Context` inside `cell` lives (it never moves: the whole struct is boxed).
    /// Compared with the records of lent contexts without taking the lock.
    core: *const Context,
}

/// Serials are unique per process and per loaded copy of the core: the top byte is the
/// random tag of this copy (`guard::copy_tag`), so a handle from another copy's context is
/// refused as a wrong context (and the message says it comes from another copy).
fn next_serial() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    (guard::copy_tag() << 24) | (NEXT.fetch_add(1, Ordering::Relaxed) & 0x00ff_ffff)
}

impl omnir_context {
    pub(crate) fn serial(&self) -> u32 {
        self.serial
    }

    /// Runs `f` with shared access to the context.
    ///
    /// A callback that the core is running (a verifier, a handler, a pass...) was lent the
    /// context by a core frame below it on this thread, which holds it exclusively or runs it
    /// on a worker thread of the context's pool while the calling thread waits. Its calls
    /// back into the API use that lent context (see [`in_callback`] and [`in_callback_mut`])
    /// without taking the lock: taking it on a worker would wait forever for the thread that
    /// holds it. Otherwise `f` runs under the lock.
    #[inline]
    pub(crate) fn read<R>(&self, f: impl FnOnce(&Context) -> ApiResult<R>) -> ApiResult<R> {
        let me = thread_id();
        if let Some(guard) = self.lock_if_free(me) {
            let ctx = guard.try_borrow().map_err(|_| busy())?;
            return f(&ctx);
        }
        if let Some((lent, _)) = callback_context(self.serial, self.core) {
            // SAFETY: `lent` is the context that a core frame on this thread's stack, below
            // us, handed to the innermost running callback of this context (recorded by
            // `in_callback`/`in_callback_mut`, removed by their guards before that frame
            // resumes, also on unwind), so it is alive for this whole call. A shared lend is
            // a genuine `&Context` reborrowed by the core (which has no `unsafe`), so more
            // shared references are fine, also from worker threads that were lent the same
            // `&Context` in parallel (the `Context` is `Sync`). A mutable lend is a `&mut
            // Context` the lending frame does not use until the callback returns; this
            // thread's nested API calls are its only users and they do not overlap.
            return f(unsafe { &*lent });
        }
        let guard = self.lock_as(me);
        let ctx = guard.try_borrow().map_err(|_| busy())?;
        f(&ctx)
    }

    /// Runs `f` with exclusive access to the context: under the lock, or through a context
    /// lent mutably to the running callback (a pass or a rewrite pattern written in another
    /// language). A callback lent only shared access gets BUSY.
    #[inline]
    pub(crate) fn write<R>(&self, f: impl FnOnce(&mut Context) -> ApiResult<R>) -> ApiResult<R> {
        let me = thread_id();
        if let Some(guard) = self.lock_if_free(me) {
            let mut ctx = guard.try_borrow_mut().map_err(|_| busy())?;
            return f(&mut ctx);
        }
        match callback_context(self.serial, self.core) {
            // SAFETY: as in `read`: the innermost lend of this context on this thread is a
            // `&mut Context` whose lending frame does not use it while the callback runs;
            // this nested call is its only user until it returns. The innermost record
            // decides: a shared-only callback nested in a mutable one is refused below, so a
            // `&mut` never coexists with the shared borrow handed to that inner callback.
            Some((lent, true)) => return f(unsafe { &mut *(lent as *mut Context) }),
            Some((_, false)) => return Err(busy()),
            None => {}
        }
        let guard = self.lock_as(me);
        let mut ctx = guard.try_borrow_mut().map_err(|_| busy())?;
        f(&mut ctx)
    }
}

/// The context's re-entrant lock. parking_lot's `ReentrantMutex` finds the calling thread
/// through a thread-local, which in a shared library is a `__tls_get_addr` call on every
/// lock; this one uses `pthread_self`, and the common case (the lock is free) needs no
/// thread-local at all (see `omnir_context::lock_if_free`).
struct ContextLock {
    raw: parking_lot::RawMutex,
    /// `thread_id()` of the thread holding `raw`, 0 when none. Only the holder stores its own
    /// id (and clears it before releasing `raw`), so a thread that reads its own id here holds
    /// the lock, whatever the ordering.
    owner: AtomicUsize,
    /// How many times the holder took the lock; only the holder touches it.
    count: Cell<usize>,
}

impl ContextLock {
    fn new() -> ContextLock {
        ContextLock { raw: parking_lot::RawMutex::INIT, owner: AtomicUsize::new(0), count: Cell::new(0) }
    }
}

/// Nonzero, and distinct for every live thread; valid in thread-exit destructors too.
#[cfg(target_os = "linux")]
#[inline]
fn thread_id() -> usize {
    // SAFETY: `pthread_self` has no precondition; it reads the thread pointer.
    unsafe { libc::pthread_self() as usize }
}

#[cfg(not(target_os = "linux"))]
#[inline]
fn thread_id() -> usize {
    // No destructor, so it is never torn down: its address is usable until the thread is gone.
    thread_local! { static ID: u8 = const { 0 } }
    ID.with(|id| id as *const u8 as usize)
}

/// A hold of a context's lock by the current thread; releases it on drop (on the same thread:
/// the guard is neither `Send` nor `Sync`).
pub(crate) struct ContextGuard<'a> {
    ctx: &'a omnir_context,
    _not_send: PhantomData<*const ()>,
}

impl std::ops::Deref for ContextGuard<'_> {
    type Target = RefCell<Context>;
    fn deref(&self) -> &RefCell<Context> {
        &self.ctx.cell
    }
}

impl Drop for ContextGuard<'_> {
    #[inline]
    fn drop(&mut self) {
        let lock = &self.ctx.lock;
        let n = lock.count.get() - 1;
        lock.count.set(n);
        if n == 0 {
            lock.owner.store(0, Ordering::Relaxed);
            // SAFETY: this thread holds `raw`: it took it (in `lock_if_free` or `lock_as`) for
            // the hold that this guard ends, the last one.
            unsafe { lock.raw.unlock() };
        }
    }
}

impl omnir_context {
    /// Takes the lock if no thread holds it; `None` when a thread (maybe this one) does.
    ///
    /// Taking a free lock needs no look at the callback frames: a context is lent to a
    /// callback only by a core frame that got it through this lock (directly, or through an
    /// outer lend) and holds it until the callback has returned, also when the callback runs
    /// on a worker of the context's pool. While the lock is free, no callback of this context
    /// runs on any thread.
    #[inline]
    fn lock_if_free(&self, me: usize) -> Option<ContextGuard<'_>> {
        let lock = &self.lock;
        if lock.owner.load(Ordering::Relaxed) == me || !lock.raw.try_lock() {
            return None;
        }
        Some(self.hold(me))
    }

    /// Records the hold of `raw` by thread `me`, which just took it.
    #[inline]
    fn hold(&self, me: usize) -> ContextGuard<'_> {
        self.lock.owner.store(me, Ordering::Relaxed);
        self.lock.count.set(1);
        ContextGuard { ctx: self, _not_send: PhantomData }
    }

    /// Takes the context's lock (re-entrantly). When another thread holds it, the lock-wait
    /// hooks run around the wait, so that a language runtime can let go of its own global lock
    /// meanwhile (a Python thread must not sleep here holding the GIL that the lock's holder,
    /// running a Python callback, needs).
    fn lock_as(&self, me: usize) -> ContextGuard<'_> {
        let lock = &self.lock;
        if lock.owner.load(Ordering::Relaxed) == me {
            lock.count.set(lock.count.get().checked_add(1).expect("context lock count overflow"));
            return ContextGuard { ctx: self, _not_send: PhantomData };
        }
        if !lock.raw.try_lock() {
            let tokens = wait_hooks_begin();
            lock.raw.lock();
            wait_hooks_end(tokens);
        }
        self.hold(me)
    }

    fn lock(&self) -> ContextGuard<'_> {
        self.lock_as(thread_id())
    }
}

/// Called before a thread blocks waiting for a context that another thread holds; returns a
/// token handed back to the matching end call (NULL is fine).
#[allow(non_camel_case_types)]
pub type omnir_lock_wait_begin_fn = Option<unsafe extern "C" fn(user_data: *mut c_void) -> *mut c_void>;
/// Called after the wait, on the same thread, with the begin call's token.
#[allow(non_camel_case_types)]
pub type omnir_lock_wait_end_fn = Option<unsafe extern "C" fn(user_data: *mut c_void, token: *mut c_void)>;

struct WaitHook {
    id: u64,
    begin: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
    end: unsafe extern "C" fn(*mut c_void, *mut c_void),
    user_data: *mut c_void,
}

// SAFETY: the user data is only handed back to the caller's hooks, which the API contract
// requires to be callable from any thread.
unsafe impl Send for WaitHook {}
// SAFETY: as above; shared access only reads the pointer values.
unsafe impl Sync for WaitHook {}

static WAIT_HOOKS: parking_lot::RwLock<Vec<WaitHook>> = parking_lot::RwLock::new(Vec::new());

/// Runs every begin hook; the tokens are matched to their hooks by id, since the list may
/// change while the thread waits.
fn wait_hooks_begin() -> Vec<(u64, *mut c_void)> {
    let hooks = WAIT_HOOKS.read();
    hooks
        .iter()
        // SAFETY: a registered hook with its own user data (see `omnir_lock_wait_hooks_add`).
        .map(|h| (h.id, unsafe { (h.begin)(h.user_data) }))
        .collect()
}

fn wait_hooks_end(tokens: Vec<(u64, *mut c_void)>) {
    let hooks = WAIT_HOOKS.read();
    for (id, token) in tokens.into_iter().rev() {
        if let Some(h) = hooks.iter().find(|h| h.id == id) {
            // SAFETY: as in `wait_hooks_begin`; `token` came from this hook's begin call.
            unsafe { (h.end)(h.user_data, token) };
        }
    }
}

/// Adds process-wide hooks run around every wait for a context held by another thread:
/// `begin` before the thread blocks, `end` after it got the context, on the same thread. A
/// binding whose runtime has a global lock (CPython's GIL) releases it in `begin` and takes
/// it back in `end`; otherwise a thread waiting for a context while holding the runtime's
/// lock deadlocks with a thread that holds the context and runs a callback needing the
/// runtime's lock. The hooks must be callable from any thread and must not call omnir.
/// `*out_id` identifies them for `omnir_lock_wait_hooks_remove`; hooks removed while a
/// thread waits do not get the end call for that wait.
#[no_mangle]
pub extern "C" fn omnir_lock_wait_hooks_add(
    begin: omnir_lock_wait_begin_fn,
    end: omnir_lock_wait_end_fn,
    user_data: *mut c_void,
    out_id: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        super::check_out(out_id)?;
        let (Some(begin), Some(end)) = (begin, end) else {
            return Err(ApiError::null("begin or end hook"));
        };
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        WAIT_HOOKS.write().push(WaitHook { id, begin, end, user_data });
        write_out(out_id, id)
    })
}

/// Removes hooks added by `omnir_lock_wait_hooks_add`. An unknown id is
/// `OMNIR_ERROR_INVALID_ARGUMENT`.
#[no_mangle]
pub extern "C" fn omnir_lock_wait_hooks_remove(id: u64) -> omnir_status {
    ffi_call(|| {
        let mut hooks = WAIT_HOOKS.write();
        let before = hooks.len();
        hooks.retain(|h| h.id != id);
        if hooks.len() == before {
            return Err(ApiError::new(
                omnir_status::OMNIR_ERROR_INVALID_ARGUMENT,
                format!("no lock-wait hooks with id {id}"),
            ));
        }
        Ok(())
    })
}

fn busy() -> ApiError {
    ApiError::new(
        omnir_status::OMNIR_ERROR_BUSY,
        "the context is in use higher up this thread's stack (mutation from inside a callback is not allowed)",
    )
}

// ---------------------------------------------------------------------------------------
// callbacks that run while the context is exclusively borrowed

/// The contexts lent to the callbacks running on a thread, innermost last: (context serial,
/// the context the core gave the callback as a raw pointer, whether it was lent mutably).
/// Kept in the API's one thread-local ([`super::THREAD`]).
pub(crate) struct Frames(RefCell<Vec<(u32, *const Context, bool)>>);

impl Frames {
    pub(crate) const fn new() -> Frames {
        Frames(RefCell::new(Vec::new()))
    }
}

fn push_frame(serial: u32, core: *const Context, mutable: bool) {
    let _ = super::THREAD.try_with(|t| t.frames.0.borrow_mut().push((serial, core, mutable)));
}

fn pop_frame() {
    let _ = super::THREAD.try_with(|t| {
        t.frames.0.borrow_mut().pop();
    });
}

/// The context recorded by the innermost running callback of context `serial` whose core
/// lives at `core` (the `RefCell`'s content), and whether it was lent mutably.
fn callback_context(serial: u32, core: *const Context) -> Option<(*const Context, bool)> {
    // `try_with`: see `ffi_call` (entry points may run after thread-locals are destroyed;
    // no callback can be running then).
    super::THREAD
        .try_with(|t| {
            t.frames
                .0
                .borrow()
                .iter()
                .rev()
                .find(|(s, p, _)| *s == serial && std::ptr::eq(*p, core))
                .map(|(_, p, m)| (*p, *m))
        })
        .ok()
        .flatten()
}

/// Records, for the duration of one C callback, the `&Context` that the core handed to the
/// callback's wrapper, so that read-only API calls made by the callback on its context work
/// even when an outer frame holds the context exclusively (the parser building a dialect
/// type runs its parameters verifier, for instance). `omnir_context::read` uses the record
/// only when the context's `RefCell` is mutably borrowed by this thread and the serial and
/// the address match; `write` never does, so a callback still cannot mutate.
///
/// The frame borrows the `&Context` (lifetime `'a`), so it cannot outlive it; it is removed
/// on drop, including when the callback unwinds.
pub(crate) struct CallbackFrame<'a> {
    _borrow: PhantomData<&'a Context>,
}

impl<'a> CallbackFrame<'a> {
    pub(crate) fn enter(serial: u32, core: &'a Context) -> CallbackFrame<'a> {
        push_frame(serial, core, false);
        CallbackFrame { _borrow: PhantomData }
    }
}

impl Drop for CallbackFrame<'_> {
    fn drop(&mut self) {
        pop_frame();
    }
}

/// Runs `f` (which calls a C callback) with `core` recorded as its context's shared state
/// (see [`CallbackFrame`]).
pub(crate) fn in_callback<R>(serial: u32, core: &Context, f: impl FnOnce() -> R) -> R {
    let _frame = CallbackFrame::enter(serial, core);
    f()
}

/// Runs `f` (which calls a C callback allowed to mutate IR: a pass, a rewrite pattern) with
/// `core` lent mutably: API calls the callback makes on this context, reading or writing,
/// use it. The caller must not touch `core` while `f` runs (it cannot: `core` is borrowed
/// here for the whole call).
pub(crate) fn in_callback_mut<R>(serial: u32, core: &mut Context, f: impl FnOnce() -> R) -> R {
    struct Frame;
    impl Drop for Frame {
        fn drop(&mut self) {
            pop_frame();
        }
    }
    push_frame(serial, core as *mut Context as *const Context, true);
    let _frame = Frame;
    f()
}

/// As [`in_callback_mut`], for a caller that reads `core` between the callbacks `f` calls (a
/// walk): `core` is lent once, as a raw pointer, for all of them, instead of once per
/// callback, which would cost two thread-local accesses per visited operation.
///
/// # Safety
///
/// `core` must be valid for the whole call, and exclusively the caller's (taken from the
/// context's `RefCell` by `write`); `f` may create references from it, but none may be alive
/// while `f` calls a callback: the API calls the callback makes create `&mut Context` from
/// the same pointer.
pub(crate) unsafe fn lend_mut_raw<R>(serial: u32, core: *mut Context, f: impl FnOnce() -> R) -> R {
    struct Frame;
    impl Drop for Frame {
        fn drop(&mut self) {
            pop_frame();
        }
    }
    push_frame(serial, core as *const Context, true);
    let _frame = Frame;
    f()
}

/// Checks a context pointer argument.
#[inline]
pub(crate) fn context_arg<'a>(ctx: *const omnir_context) -> ApiResult<&'a omnir_context> {
    if ctx.is_null() {
        return Err(ApiError::null("context"));
    }
    // SAFETY: a non-NULL context pointer must come from `omnir_context_create` (of this copy
    // of omnir or another) and not have been destroyed (API contract). The magic, at offset 0
    // in every copy (`repr(C)`), is read first through the raw pointer, and nothing else is
    // read unless it is this copy's: a context of another copy is refused unread. Sharing the
    // reference across threads is sound because the `Context` in it is touched only under the
    // lock or through a lend (`read`, `write`), the lock's count only by the lock's holder, and
    // the rest is immutable or atomic.
    let magic = unsafe { std::ptr::addr_of!((*ctx).magic).read_unaligned() };
    if magic != guard::magic(MAGIC) {
        return Err(not_a_context(magic));
    }
    // SAFETY: as above; the magic is this copy's.
    Ok(unsafe { &*ctx })
}

#[cold]
fn not_a_context(magic: u64) -> ApiError {
    guard::foreign_object(magic, MAGIC, "context")
        .unwrap_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "not a live omnir context"))
}

/// Creates a context with the builtin dialect loaded.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`; `OMNIR_ERROR_DUPLICATE_CORE` when another copy of
/// omnir (of the same major version) is loaded in this process: the message names the files
/// of both copies. Every call checks, cheaply: the process's loaded objects are scanned again
/// only when some were loaded or unloaded since the last scan (see docs/universe.md).
#[no_mangle]
pub extern "C" fn omnir_context_create(out: *mut *mut omnir_context) -> omnir_status {
    ffi_call(|| {
        // Check the out-pointer before allocating: a context nobody receives would leak.
        super::check_out(out)?;
        guard::check_single_copy()?;
        let mut ctx = Box::new(omnir_context {
            magic: guard::magic(MAGIC),
            serial: next_serial(),
            lock: ContextLock::new(),
            cell: RefCell::new(Context::new()),
            core: std::ptr::null(),
        });
        ctx.core = ctx.cell.as_ptr();
        write_out(out, Box::into_raw(ctx))
    })
}

/// Destroys a context and everything in it. NULL is a no-op.
#[no_mangle]
pub extern "C" fn omnir_context_destroy(ctx: *mut omnir_context) -> omnir_status {
    ffi_call(|| {
        if ctx.is_null() {
            return Ok(());
        }
        let c = context_arg(ctx)?;
        // A callback of this context (maybe on a pool worker, which must not wait for the
        // lock) cannot destroy it.
        if callback_context(c.serial, c.core).is_some() {
            return Err(busy());
        }
        // Refuse to free a context that a callback on this thread is still using.
        {
            let guard = c.lock();
            let _borrow = guard.try_borrow_mut().map_err(|_| busy())?;
        }
        // SAFETY: `ctx` came from `omnir_context_create` (checked by magic) and the caller
        // gives up ownership here. The magic is cleared first so a later use is refused.
        unsafe {
            (*ctx).magic = 0;
            drop(Box::from_raw(ctx));
        }
        Ok(())
    })
}

/// Whether operations, types and attributes of unregistered dialects are accepted.
#[no_mangle]
pub extern "C" fn omnir_context_set_allow_unregistered_dialects(ctx: *mut omnir_context, allow: bool) -> omnir_status {
    ffi_call(|| {
        context_arg(ctx)?.write(|c| {
            c.set_allow_unregistered_dialects(allow);
            Ok(())
        })
    })
}

/// Writes whether unregistered dialects are accepted to `*out`.
#[no_mangle]
pub extern "C" fn omnir_context_get_allow_unregistered_dialects(
    ctx: *const omnir_context,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let v = context_arg(ctx)?.read(|c| Ok(c.allow_unregistered_dialects()))?;
        write_out(out, v)
    })
}

/// Whether `omnir_module_parse` and `omnir_op_parse` verify what they parse (MLIR's
/// `ParserConfig::verifyAfterParse`); on by default. With it on, text that parses but does
/// not verify fails to parse with the verifier's errors (`OMNIR_ERROR_PARSE_FAILED`); turn
/// it off to parse invalid IR on purpose (to test a verifier, or print what a tool
/// produced) and verify later with `omnir_op_verify`.
#[no_mangle]
pub extern "C" fn omnir_context_set_verify_after_parse(ctx: *mut omnir_context, verify: bool) -> omnir_status {
    ffi_call(|| {
        context_arg(ctx)?.write(|c| {
            c.set_verify_after_parse(verify);
            Ok(())
        })
    })
}

/// Writes whether the parse functions verify what they parse to `*out`.
#[no_mangle]
pub extern "C" fn omnir_context_get_verify_after_parse(ctx: *const omnir_context, out: *mut bool) -> omnir_status {
    ffi_call(|| {
        let v = context_arg(ctx)?.read(|c| Ok(c.verify_after_parse()))?;
        write_out(out, v)
    })
}
