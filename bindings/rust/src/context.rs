//! The context: an `Arc` around one `omnir_context *`, cheap to clone, destroyed with its
//! last clone.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ptr::NonNull;
use std::sync::{Arc, Weak};

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::strings::{arg, string_out};

struct Inner {
    raw: NonNull<sys::omnir_context>,
    serial: u32,
    owners: crate::lifetime::OwnerRegistry,
}

// SAFETY: an omnir context may be used from any thread: the C API serializes every call on
// one context with the context's re-entrant lock (see the header's "Threads" notes), and
// destroying it happens once, when the last clone of the `Arc` is dropped.
unsafe impl Send for Inner {}
// SAFETY: as above: every C call takes `&self`-style shared access and locks internally.
unsafe impl Sync for Inner {}

impl Drop for Inner {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `omnir_context_create` and this is the last reference.
        // The status is ignored: the only failure, BUSY, happens when the last reference is
        // dropped inside one of the context's own callbacks; the context then stays alive
        // (leaked) rather than freed under the running call.
        let _ = unsafe { sys::omnir_context_destroy(self.raw.as_ptr()) };
    }
}

/// An omnir context: owns all IR, types, attributes and dialect registrations made in it.
///
/// # Design: an `Arc`, held by every wrapper
/// `Context` is a reference-counted handle (`Clone` is an atomic increment), and every
/// wrapper this crate hands out — [`Type`](crate::Type), [`Attribute`](crate::Attribute),
/// [`Location`](crate::Location), [`Operation`](crate::Operation), [`Block`](crate::Block),
/// [`Region`](crate::Region), [`Value`](crate::Value) — stores a clone next to its C handle.
/// So wrappers are `'static`, `Send + Sync`, and keep their context alive: the Python and
/// Node glue can hold any of them in a garbage-collected object, in any order, without
/// lifetimes and without dangling (the same model as MLIR's Python bindings, where every
/// object keeps its `Context` alive). The cost is one atomic increment per wrapper made.
///
/// Thread safety comes from the C API: calls on one context from several threads are
/// serialized by its lock, so all methods take `&self`.
///
/// Equality and hashing follow the underlying `omnir_context *`.
#[derive(Clone)]
pub struct Context {
    inner: Arc<Inner>,
}

/// A non-owning reference to a [`Context`], held by callbacks registered in it (a strong
/// one would keep the context alive forever: it owns the callbacks).
#[derive(Clone)]
pub(crate) struct WeakContext(Weak<Inner>);

impl WeakContext {
    pub(crate) fn upgrade(&self) -> Option<Context> {
        self.0.upgrade().map(|inner| Context { inner })
    }
}

impl Context {
    /// A new context with the builtin dialect loaded.
    ///
    /// # Panics
    /// If omnir cannot create a context (out of memory); see [`Context::try_new`].
    pub fn new() -> Context {
        Context::try_new().unwrap_or_else(|e| panic!("omnir_context_create failed: {e}"))
    }

    /// A new context with the builtin dialect loaded.
    pub fn try_new() -> Result<Context> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: `raw` is a valid out-pointer.
        check(unsafe { sys::omnir_context_create(&mut raw) })?;
        let raw = NonNull::new(raw).expect("omnir_context_create returned NULL with OMNIR_OK");
        // Every handle carries the serial of its context; read it from any handle.
        let loc: sys::omnir_location = match out(|p| unsafe { sys::omnir_unknown_loc_get(raw.as_ptr(), p) }) {
            Ok(l) => l,
            Err(e) => {
                // SAFETY: the context was just created and is not shared yet.
                unsafe { sys::omnir_context_destroy(raw.as_ptr()) };
                return Err(e);
            }
        };
        Ok(Context { inner: Arc::new(Inner { raw, serial: loc.context, owners: Default::default() }) })
    }

    /// The C context, for calling omnir-sys directly. It stays valid as long as any clone of
    /// this `Context` (or any wrapper made from it) is alive.
    pub fn as_raw(&self) -> *mut sys::omnir_context {
        self.inner.raw.as_ptr()
    }

    /// The serial that every C handle of this context carries (`omnir_op::context`...).
    pub fn serial(&self) -> u32 {
        self.inner.serial
    }

    /// Whether `other` is this same context.
    pub fn ptr_eq(&self, other: &Context) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    pub(crate) fn owner_registry(&self) -> &crate::lifetime::OwnerRegistry {
        &self.inner.owners
    }

    pub(crate) fn downgrade(&self) -> WeakContext {
        WeakContext(Arc::downgrade(&self.inner))
    }

    /// Whether operations, types and attributes of unregistered dialects are accepted.
    pub fn set_allow_unregistered_dialects(&self, allow: bool) -> Result<()> {
        // SAFETY: a live context.
        check(unsafe { sys::omnir_context_set_allow_unregistered_dialects(self.as_raw(), allow) })
    }

    /// See [`Context::set_allow_unregistered_dialects`].
    pub fn allow_unregistered_dialects(&self) -> Result<bool> {
        // SAFETY: a live context and a valid out-pointer.
        out(|p| unsafe { sys::omnir_context_get_allow_unregistered_dialects(self.as_raw(), p) })
    }

    /// Whether [`Module::parse`](crate::Module::parse) and
    /// [`OwnedOperation::parse`](crate::OwnedOperation::parse) verify what they parse (MLIR's
    /// `verifyAfterParse`); on by default. Turn it off to parse IR that does not verify on
    /// purpose, and verify it later with `verify()`.
    pub fn set_verify_after_parse(&self, verify: bool) -> Result<()> {
        // SAFETY: a live context.
        check(unsafe { sys::omnir_context_set_verify_after_parse(self.as_raw(), verify) })
    }

    /// See [`Context::set_verify_after_parse`].
    pub fn verify_after_parse(&self) -> Result<bool> {
        // SAFETY: a live context and a valid out-pointer.
        out(|p| unsafe { sys::omnir_context_get_verify_after_parse(self.as_raw(), p) })
    }

    /// Loads dialect definitions (IRDL plus omnir's `omnir.*` attributes: assembly formats,
    /// traits, enums...; see docs/dialects.md), as `mlir-opt --irdl-file`.
    /// A file that does not parse or defines something invalid is [`Status::ParseFailed`]
    /// with every error at its `file:line:col` in the message, and registers nothing.
    ///
    /// [`Status::ParseFailed`]: crate::Status::ParseFailed
    pub fn load_definitions(&self, text: &str, filename: &str) -> Result<()> {
        let (t, tl) = arg(text);
        let (f, fl) = arg(filename);
        // SAFETY: a live context and valid (pointer, length) strings.
        check(unsafe { sys::omnir_dialect_load_definitions(self.as_raw(), t, tl, f, fl) })
    }

    /// The typed bindings of `dialect` (shipped, or loaded from a definition) in `language`
    /// (`"python"`: the `omnir.dialects` module `omnir-gen` writes); `source` names the
    /// definition in the output's header (empty: the dialect's name).
    pub fn generate_bindings(&self, dialect: &str, language: &str, source: &str) -> Result<String> {
        let (d, dl) = arg(dialect);
        let (l, ll) = arg(language);
        let (s, sl) = arg(source);
        // SAFETY: a live context, valid (pointer, length) strings and a string out-pointer.
        string_out(|p| unsafe { sys::omnir_dialect_generate_bindings(self.as_raw(), d, dl, l, ll, s, sl, p) })
    }

    /// Adds a blob to the context's resource store (group `builtin` holds the blobs of
    /// `dense_resource` attributes); returns the key actually used (`key`, or `key_1`... when
    /// taken).
    pub fn insert_resource(&self, group: &str, key: &str, data: &[u8], alignment: u32) -> Result<String> {
        let (g, gl) = arg(group);
        let (k, kl) = arg(key);
        // SAFETY: live context; the strings and bytes are valid for the call.
        crate::strings::string_out(|o| unsafe {
            sys::omnir_context_insert_resource(self.as_raw(), g, gl, k, kl, data.as_ptr(), data.len(), alignment, o)
        })
    }

    /// The blob under `group`/`key` and its alignment, if there is one.
    pub fn resource(&self, group: &str, key: &str) -> Result<Option<(Vec<u8>, u32)>> {
        let (g, gl) = arg(group);
        let (k, kl) = arg(key);
        // SAFETY: live context; valid strings and out-pointer.
        let has: bool = out(|p| unsafe { sys::omnir_context_has_resource(self.as_raw(), g, gl, k, kl, p) })?;
        if !has {
            return Ok(None);
        }
        let mut bytes = sys::omnir_bytes { data: std::ptr::null_mut(), len: 0 };
        let mut align = 0u32;
        // SAFETY: as above.
        check(unsafe { sys::omnir_context_get_resource(self.as_raw(), g, gl, k, kl, &mut bytes, &mut align) })?;
        let data = if bytes.data.is_null() {
            Vec::new()
        } else {
            // SAFETY: an omnir buffer of `len` bytes, released right after.
            unsafe { std::slice::from_raw_parts(bytes.data, bytes.len) }.to_vec()
        };
        // SAFETY: released once.
        unsafe { sys::omnir_bytes_free(bytes) };
        Ok(Some((data, align)))
    }

    /// Sets (or replaces) the blob under exactly `group`/`key` (unlike
    /// [`Context::insert_resource`], which never replaces). `alignment` is a power of two.
    pub fn set_resource(&self, group: &str, key: &str, data: &[u8], alignment: u32) -> Result<()> {
        let (g, gl) = arg(group);
        let (k, kl) = arg(key);
        // SAFETY: live context; the strings and bytes are valid for the call.
        check(unsafe {
            sys::omnir_context_set_resource(self.as_raw(), g, gl, k, kl, data.as_ptr(), data.len(), alignment)
        })
    }

    /// The (group, key) of every blob in the resource store, sorted by group then key
    /// (group `builtin` holds the blobs of `dense_resource` attributes).
    pub fn resource_keys(&self) -> Result<Vec<(String, String)>> {
        // SAFETY: live context, valid out-pointers (same below).
        let n: usize = out(|p| unsafe { sys::omnir_context_get_num_resources(self.as_raw(), p) })?;
        (0..n)
            .map(|i| {
                let (mut g, mut k) = (crate::strings::empty(), crate::strings::empty());
                check(unsafe { sys::omnir_context_get_resource_key(self.as_raw(), i, &mut g, &mut k) })?;
                Ok((crate::strings::take_string(g), crate::strings::take_string(k)))
            })
            .collect()
    }

    /// The names of the registered dialects, sorted (`builtin` included).
    pub fn registered_dialects(&self) -> Result<Vec<String>> {
        // SAFETY: live context, valid out-pointers (same below).
        let n: usize = out(|p| unsafe { sys::omnir_context_get_num_registered_dialects(self.as_raw(), p) })?;
        (0..n)
            .map(|i| string_out(|o| unsafe { sys::omnir_context_get_registered_dialect(self.as_raw(), i, o) }))
            .collect()
    }

    /// The names (`dialect.op`) of the registered operations, sorted (builtin ones such as
    /// `builtin.module` included).
    pub fn registered_operations(&self) -> Result<Vec<String>> {
        // SAFETY: live context, valid out-pointers (same below).
        let n: usize = out(|p| unsafe { sys::omnir_context_get_num_registered_operations(self.as_raw(), p) })?;
        (0..n)
            .map(|i| string_out(|o| unsafe { sys::omnir_context_get_registered_operation(self.as_raw(), i, o) }))
            .collect()
    }

    /// The pipeline names of the registered passes, sorted (built-in ones such as `cse`
    /// included).
    pub fn registered_passes(&self) -> Result<Vec<String>> {
        // SAFETY: live context, valid out-pointers (same below).
        let n: usize = out(|p| unsafe { sys::omnir_context_get_num_registered_passes(self.as_raw(), p) })?;
        (0..n).map(|i| string_out(|o| unsafe { sys::omnir_context_get_registered_pass(self.as_raw(), i, o) })).collect()
    }
}

impl Default for Context {
    fn default() -> Context {
        Context::new()
    }
}

impl PartialEq for Context {
    fn eq(&self, other: &Context) -> bool {
        self.ptr_eq(other)
    }
}

impl Eq for Context {}

impl Hash for Context {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.raw.hash(state);
    }
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Context({:#x})", self.inner.serial)
    }
}

/// omnir's version as `major * 10000 + minor * 100 + patch`, from the loaded library.
pub fn version() -> u32 {
    // SAFETY: no arguments.
    unsafe { sys::omnir_version() }
}

/// The C ABI version of the loaded library; equals [`sys::OMNIR_ABI_VERSION`] when this
/// crate was built against a compatible header.
pub fn abi_version() -> u32 {
    // SAFETY: no arguments.
    unsafe { sys::omnir_abi_version() }
}

/// Checks that the loaded library is the one this crate was built for (its C ABI version
/// equals [`sys::OMNIR_ABI_VERSION`]) and that it is the only copy of omnir's core in the
/// process: the header's `omnir_check_abi()`. A library that uses omnir (a dialect library
/// above all) calls it once, before registering anything. Errors are
/// [`Status::AbiMismatch`](crate::Status::AbiMismatch) and
/// [`Status::DuplicateCore`](crate::Status::DuplicateCore), with messages naming the
/// versions and paths involved.
pub fn check_abi() -> Result<()> {
    // SAFETY: a plain integer argument.
    check(unsafe { sys::omnir_abi_require(sys::OMNIR_ABI_VERSION) })
}
