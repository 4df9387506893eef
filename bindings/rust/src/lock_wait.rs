//! Lock-wait hooks: closures run around every wait for a context that another thread holds
//! (`omnir_lock_wait_hooks_add`). A runtime with a global lock (CPython's GIL, a JS engine's
//! isolate lock) releases it in `begin` and takes it back in `end`; otherwise a thread that
//! waits for a context while holding the runtime's lock deadlocks with the thread that holds
//! the context and runs a callback needing the runtime's lock.

use std::ffi::c_void;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};

use omnir_sys as sys;

use crate::error::{check, out, Result};

struct Hooks<T, B, E> {
    begin: B,
    end: E,
    _token: PhantomData<fn() -> T>,
}

/// Process-wide lock-wait hooks, removed when this guard is dropped.
///
/// `begin` runs on a thread right before it blocks waiting for a context another thread
/// holds, and returns a token; `end` runs on the same thread once it got the context, with
/// that token. Both may run on any thread, concurrently.
///
/// Rules (omnir's, not checked): the hooks must not call omnir — neither IR calls nor
/// dropping this guard — or they may deadlock. A panic in `begin` is caught and skips the
/// matching `end`; a panic in `end` is caught and ignored. Hooks removed while a thread waits
/// do not get the `end` call for that wait, and its token is then leaked, never dropped.
///
/// Dropping the guard removes the hooks; once the drop returns no hook call is running or
/// will run, and the closures are dropped.
pub struct LockWaitHooks {
    id: u64,
    data: *mut c_void,
    free: unsafe fn(*mut c_void),
}

// SAFETY: `data` points at a `Hooks` whose closures are `Send + Sync`; the guard only frees
// it (once, in `drop`, after omnir stopped using it), from whichever thread drops it.
unsafe impl Send for LockWaitHooks {}
// SAFETY: shared access to the guard does nothing with `data`.
unsafe impl Sync for LockWaitHooks {}

unsafe extern "C" fn begin_trampoline<T, B: Fn() -> T, E: Fn(T)>(user_data: *mut c_void) -> *mut c_void {
    // SAFETY: `user_data` is the `Hooks` boxed by `LockWaitHooks::add`, alive until the
    // hooks are removed (omnir does not call them after `omnir_lock_wait_hooks_remove`).
    let h = unsafe { &*(user_data as *const Hooks<T, B, E>) };
    match catch_unwind(AssertUnwindSafe(|| (h.begin)())) {
        // A `Box` pointer is never NULL (not even for a zero-sized token), so NULL can mean
        // "no token".
        Ok(token) => Box::into_raw(Box::new(token)) as *mut c_void,
        Err(_) => std::ptr::null_mut(),
    }
}

unsafe extern "C" fn end_trampoline<T, B: Fn() -> T, E: Fn(T)>(user_data: *mut c_void, token: *mut c_void) {
    if token.is_null() {
        return;
    }
    // SAFETY: a non-NULL token is the box made by `begin_trampoline` for this wait, on this
    // thread, handed back once.
    let token = *unsafe { Box::from_raw(token as *mut T) };
    // SAFETY: as in `begin_trampoline`.
    let h = unsafe { &*(user_data as *const Hooks<T, B, E>) };
    let _ = catch_unwind(AssertUnwindSafe(|| (h.end)(token)));
}

unsafe fn free_hooks<T, B, E>(data: *mut c_void) {
    // SAFETY: the box made by `LockWaitHooks::add`, freed once.
    drop(unsafe { Box::from_raw(data as *mut Hooks<T, B, E>) });
}

impl LockWaitHooks {
    /// Adds process-wide hooks (see [`LockWaitHooks`]).
    pub fn add<T, B, E>(begin: B, end: E) -> Result<LockWaitHooks>
    where
        T: 'static,
        B: Fn() -> T + Send + Sync + 'static,
        E: Fn(T) + Send + Sync + 'static,
    {
        let data = Box::into_raw(Box::new(Hooks { begin, end, _token: PhantomData::<fn() -> T> })) as *mut c_void;
        // SAFETY: the trampolines match `data`'s type; `data` stays alive until `drop`.
        let id = out(|p| unsafe {
            sys::omnir_lock_wait_hooks_add(Some(begin_trampoline::<T, B, E>), Some(end_trampoline::<T, B, E>), data, p)
        });
        match id {
            Ok(id) => Ok(LockWaitHooks { id, data, free: free_hooks::<T, B, E> }),
            Err(e) => {
                // SAFETY: omnir did not take the hooks; the box is still ours.
                unsafe { free_hooks::<T, B, E>(data) };
                Err(e)
            }
        }
    }

    /// The id omnir gave the hooks.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Keeps the hooks installed for the rest of the process (what a binding that installs
    /// them once does).
    pub fn keep_forever(self) {
        std::mem::forget(self);
    }
}

impl Drop for LockWaitHooks {
    fn drop(&mut self) {
        // SAFETY: an id from `omnir_lock_wait_hooks_add`, removed once. Removal takes the
        // hooks' write lock, so when it returns no hook call is running or can start.
        if check(unsafe { sys::omnir_lock_wait_hooks_remove(self.id) }).is_ok() {
            // SAFETY: omnir no longer uses `data`; freed once.
            unsafe { (self.free)(self.data) };
        }
        // Otherwise (cannot happen for an id omnir gave) the closures are leaked rather than
        // freed under a possible user.
    }
}

impl std::fmt::Debug for LockWaitHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LockWaitHooks({})", self.id)
    }
}
