//! Contexts at the C edge, and the handle structs that carry a context's serial.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, Ordering};

use parking_lot::ReentrantMutex;

use super::{ffi_call, omnir_status, write_out, ApiError, ApiResult};
use crate::context::Context;

/// Tells apart a live context from garbage or a freed one (best effort; the real protection
/// is that bindings own contexts through RAII).
const MAGIC: u64 = 0x6f6d_6e69_725f_6378; // "omnir_cx"

/// An omnir context. Create with `omnir_context_create`, destroy with
/// `omnir_context_destroy`.
#[allow(non_camel_case_types)]
pub struct omnir_context {
    magic: u64,
    serial: u32,
    cell: ReentrantMutex<RefCell<Context>>,
}

/// Serials are unique per process and per loaded copy of the core: the top byte is random
/// per copy, so a handle from another copy's context is refused as a wrong context.
fn next_serial() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    static COPY_TAG: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    let tag = *COPY_TAG.get_or_init(|| {
        let addr = &NEXT as *const AtomicU32 as usize as u64;
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let mixed = (addr ^ t.rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((mixed >> 56) as u32).max(1)
    });
    (tag << 24) | (NEXT.fetch_add(1, Ordering::Relaxed) & 0x00ff_ffff)
}

impl omnir_context {
    pub(crate) fn serial(&self) -> u32 {
        self.serial
    }

    /// Runs `f` with shared access to the context.
    ///
    /// When an outer frame of this thread holds the context exclusively (a `write`) and has
    /// handed a shared `&Context` to a callback that is now calling back into the API, `f`
    /// gets that shared reference (see [`CallbackFrame`]); otherwise such a call would be
    /// refused as `OMNIR_ERROR_BUSY`.
    pub(crate) fn read<R>(&self, f: impl FnOnce(&Context) -> ApiResult<R>) -> ApiResult<R> {
        let guard = self.cell.lock();
        if let Ok(ctx) = guard.try_borrow() {
            return f(&ctx);
        }
        // The RefCell is mutably borrowed. We hold the re-entrant lock, so the borrow belongs
        // to an outer frame of this very thread (every borrow is taken and released while
        // its frame holds the lock, and the lock is held by one thread at a time).
        let Some(shared) = callback_context(self.serial, guard.as_ptr()) else {
            return Err(busy());
        };
        // SAFETY: `shared` is the `&Context` that the core passed to a callback wrapper that
        // is still running on this thread's stack (below us): `CallbackFrame::enter`
        // recorded it and its guard removes it before the wrapper returns (or unwinds), so
        // the pointee is alive and shared-borrowed for at least as long as this call. The
        // core, which holds the outer `&mut Context`, reborrowed it as `&Context` for the
        // callback and cannot use the `&mut` until the callback returns; so for the duration
        // of `f`, the only accesses to the context are through shared references derived
        // from that one reborrow, which is exactly what `&*shared` is (the core forbids
        // `unsafe`, so the `&Context` it hands a callback is a genuine shared borrow). The
        // record is thread-local and we hold the lock, so no other thread can touch the
        // context meanwhile (interior mutability inside it is `Sync`). The pointer identity
        // check (`guard.as_ptr()`) makes sure it is this context's core and not another's.
        // Mutation stays impossible: `write` and `omnir_context_destroy` still need
        // `try_borrow_mut`, which fails while the outer borrow lives.
        f(unsafe { &*shared })
    }

    /// Runs `f` with exclusive access to the context.
    pub(crate) fn write<R>(&self, f: impl FnOnce(&mut Context) -> ApiResult<R>) -> ApiResult<R> {
        let guard = self.cell.lock();
        let mut ctx = guard.try_borrow_mut().map_err(|_| busy())?;
        f(&mut ctx)
    }
}

fn busy() -> ApiError {
    ApiError::new(
        omnir_status::OMNIR_ERROR_BUSY,
        "the context is in use higher up this thread's stack (mutation from inside a callback is not allowed)",
    )
}

// ---------------------------------------------------------------------------------------
// callbacks that run while the context is exclusively borrowed

thread_local! {
    /// The shared contexts handed to the callbacks running on this thread, innermost last:
    /// (context serial, the `&Context` the core gave the callback, as a raw pointer).
    static CALLBACK_FRAMES: RefCell<Vec<(u32, *const Context)>> = const { RefCell::new(Vec::new()) };
}

/// The shared context recorded by the innermost running callback of context `serial` whose
/// core lives at `core` (the `RefCell`'s content), if any.
fn callback_context(serial: u32, core: *mut Context) -> Option<*const Context> {
    CALLBACK_FRAMES.with(|frames| {
        frames.borrow().iter().rev().find(|(s, p)| *s == serial && std::ptr::eq(*p, core)).map(|(_, p)| *p)
    })
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
        CALLBACK_FRAMES.with(|frames| frames.borrow_mut().push((serial, core as *const Context)));
        CallbackFrame { _borrow: PhantomData }
    }
}

impl Drop for CallbackFrame<'_> {
    fn drop(&mut self) {
        CALLBACK_FRAMES.with(|frames| {
            frames.borrow_mut().pop();
        });
    }
}

/// Runs `f` (which calls a C callback) with `core` recorded as its context's shared state
/// (see [`CallbackFrame`]).
pub(crate) fn in_callback<R>(serial: u32, core: &Context, f: impl FnOnce() -> R) -> R {
    let _frame = CallbackFrame::enter(serial, core);
    f()
}

/// Checks a context pointer argument.
pub(crate) fn context_arg<'a>(ctx: *const omnir_context) -> ApiResult<&'a omnir_context> {
    if ctx.is_null() {
        return Err(ApiError::null("context"));
    }
    // SAFETY: a non-NULL context pointer must come from `omnir_context_create` and not have
    // been destroyed (API contract). The magic check catches some violations cheaply.
    let c = unsafe { &*ctx };
    if c.magic != MAGIC {
        return Err(ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "not a live omnir context"));
    }
    Ok(c)
}

/// Creates a context with the builtin dialect loaded.
#[no_mangle]
pub extern "C" fn omnir_context_create(out: *mut *mut omnir_context) -> omnir_status {
    ffi_call(|| {
        // Check the out-pointer before allocating: a context nobody receives would leak.
        super::check_out(out)?;
        let ctx = Box::new(omnir_context {
            magic: MAGIC,
            serial: next_serial(),
            cell: ReentrantMutex::new(RefCell::new(Context::new())),
        });
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
        // Refuse to free a context that a callback on this thread is still using.
        {
            let guard = c.cell.lock();
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
