//! The common shape of every wrapper: a [`Context`] clone plus the C handle, with equality
//! and hashing by handle (two wrappers of one operation are equal).

/// Defines a wrapper `$name` around the C handle `$raw`.
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $raw:ty) => {
        $(#[$doc])*
        pub struct $name {
            pub(crate) ctx: $crate::Context,
            pub(crate) raw: $raw,
        }

        impl Clone for $name {
            fn clone(&self) -> $name {
                $name { ctx: self.ctx.clone(), raw: self.raw }
            }

            /// Re-points `self` at `source`'s handle; within one context no reference count
            /// changes (what a walk that reuses one wrapper per visited item relies on).
            fn clone_from(&mut self, source: &$name) {
                if !self.ctx.ptr_eq(&source.ctx) {
                    self.ctx = source.ctx.clone();
                }
                self.raw = source.raw;
            }
        }

        impl $name {
            /// Wraps a C handle of `ctx` (for glue that calls omnir-sys directly). A handle
            /// of another context is refused by every call as `WrongContext`.
            pub fn from_raw(ctx: &$crate::Context, raw: $raw) -> $name {
                $name { ctx: ctx.clone(), raw }
            }

            /// The C handle.
            pub fn raw(&self) -> $raw {
                self.raw
            }

            /// The context it belongs to.
            pub fn context(&self) -> &$crate::Context {
                &self.ctx
            }

            #[allow(dead_code)]
            pub(crate) fn cx(&self) -> *mut omnir_sys::omnir_context {
                self.ctx.as_raw()
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                // The handle carries its context's serial, unique in the process.
                self.raw == other.raw
            }
        }

        impl Eq for $name {}

        impl std::hash::Hash for $name {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.raw.hash(state);
            }
        }
    };
}

pub(crate) use handle;

/// Reads an optional handle output: the zeroed handle means "none".
pub(crate) fn opt<T: Default + PartialEq>(raw: T) -> Option<T> {
    if raw == T::default() {
        None
    } else {
        Some(raw)
    }
}

/// Reads a `(items, capacity, count)` buffer output: first into a small buffer, then again
/// with the exact size when it did not fit.
pub(crate) fn buffer<T: Default + Clone>(
    mut f: impl FnMut(*mut T, usize, *mut usize) -> omnir_sys::omnir_status,
) -> crate::Result<Vec<T>> {
    let mut items = vec![T::default(); 8];
    loop {
        let mut count = 0usize;
        crate::error::check(f(items.as_mut_ptr(), items.len(), &mut count))?;
        if count <= items.len() {
            items.truncate(count);
            return Ok(items);
        }
        items = vec![T::default(); count];
    }
}
