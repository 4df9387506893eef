//! Releases the GIL while a Python thread waits for a context that another thread holds.
//!
//! omnir serializes each context with a lock, and runs Python callbacks (verifiers, passes,
//! patterns) on the thread holding it. If thread B blocked on that lock while keeping the
//! GIL, thread A's next callback would wait for the GIL forever. omnir calls these hooks
//! around every contended wait (`omnir_lock_wait_hooks_add`), so B lets go of the GIL while
//! it sleeps and takes it back before it returns to Python.

use std::ffi::{c_int, c_void};
use std::sync::Once;

use omnir_sys as sys;

extern "C" {
    // In every CPython since 3.4, though not in the limited API's declarations; the
    // extension resolves it from the interpreter that loads it.
    fn PyGILState_Check() -> c_int;
}

unsafe extern "C" fn release_gil(_: *mut c_void) -> *mut c_void {
    // SAFETY: both calls only need an initialized interpreter, which exists while this
    // extension is loaded; the thread state is handed back in `reacquire_gil`.
    unsafe {
        if PyGILState_Check() == 1 {
            pyo3::ffi::PyEval_SaveThread().cast()
        } else {
            std::ptr::null_mut()
        }
    }
}

unsafe extern "C" fn reacquire_gil(_: *mut c_void, token: *mut c_void) {
    if !token.is_null() {
        // SAFETY: `token` is the thread state this thread saved in `release_gil` for this wait.
        unsafe { pyo3::ffi::PyEval_RestoreThread(token.cast()) };
    }
}

/// Installs the hooks once per process.
pub(crate) fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let mut id = 0;
        // SAFETY: the hooks have the documented signatures and use no user data.
        let _ = unsafe {
            sys::omnir_lock_wait_hooks_add(Some(release_gil), Some(reacquire_gil), std::ptr::null_mut(), &mut id)
        };
    });
}
