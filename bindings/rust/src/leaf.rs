//! Leaf locks: the only kind of lock the client and the language glue hold (ARCHITECTURE.md,
//! "Lock order"). A leaf lock is held around plain Rust code only — never across a call into
//! omnir, which may wait for a context (running the lock-wait hooks, which give up and retake
//! a runtime's global lock such as the GIL) or run callbacks into Python/JS. Holding one
//! there is how the two-thread deadlock of issue 15 happened.
//!
//! In debug builds every C call made through this crate checks that its thread holds no
//! leaf lock and panics if it does, so tests catch a violation even when no other thread
//! happens to be there to deadlock with.

use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, MutexGuard};

#[cfg(debug_assertions)]
thread_local! {
    /// Leaf locks held by this thread.
    static HELD: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A mutex that is a leaf lock (see the module docs). Poisoning is ignored: the data is
/// plain bookkeeping, left consistent between statements.
#[derive(Default)]
pub struct LeafMutex<T>(Mutex<T>);

/// The guard of a [`LeafMutex`].
pub struct LeafGuard<'a, T>(MutexGuard<'a, T>);

impl<T> LeafMutex<T> {
    pub const fn new(value: T) -> LeafMutex<T> {
        LeafMutex(Mutex::new(value))
    }

    /// Locks it. Drop the guard before calling omnir, running Python/JS code, or dropping
    /// anything whose drop calls omnir.
    pub fn lock(&self) -> LeafGuard<'_, T> {
        let guard = self.0.lock().unwrap_or_else(|p| p.into_inner());
        #[cfg(debug_assertions)]
        let _ = HELD.try_with(|h| h.set(h.get() + 1));
        LeafGuard(guard)
    }

    /// The value, through exclusive access (no locking).
    pub fn get_mut(&mut self) -> &mut T {
        self.0.get_mut().unwrap_or_else(|p| p.into_inner())
    }
}

impl<T> Drop for LeafGuard<'_, T> {
    fn drop(&mut self) {
        #[cfg(debug_assertions)]
        let _ = HELD.try_with(|h| h.set(h.get() - 1));
    }
}

impl<T> Deref for LeafGuard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for LeafGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// Panics (debug builds) when this thread holds a leaf lock; called by every C call.
#[inline]
pub(crate) fn assert_none_held() {
    #[cfg(debug_assertions)]
    {
        let held = HELD.try_with(|h| h.get()).unwrap_or(0);
        assert!(
            held == 0,
            "a leaf lock of the omnir bindings is held across a call into omnir (ARCHITECTURE.md, \"Lock order\")"
        );
    }
}
