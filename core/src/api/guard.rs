//! The universe guard (DESIGN.md, "The one-core rule"): one copy of the core per process.
//!
//! Every package links the one `libomnir.so.0`, so a process has one registry and one type
//! universe. If a second copy of the core is loaded anyway (a bundled, renamed copy in a
//! wheel, a glue library that embeds the core, a core loaded by path), this module notices
//! and says so with both paths, and objects of one copy handed to the other are refused —
//! never misread.
//!
//! Three mechanisms:
//!
//! 1. **Detection** ([`check_single_copy`]). Run by `omnir_context_create` (every call) and
//!    `omnir_abi_require`. The process's loaded objects are enumerated (`dl_iterate_phdr`);
//!    every object in which `omnir_context_create` resolves (`dlopen(name, RTLD_NOLOAD)` +
//!    `dlsym`) is located with `dladdr`; an object other than this copy that itself defines
//!    `omnir_context_create`, `omnir_version` and `omnir_abi_version` is another copy of the
//!    core. A copy of the same major version (the same SONAME `libomnir.so.MAJOR`) is a
//!    duplicate: `OMNIR_ERROR_DUPLICATE_CORE`, naming every path. A copy of another major
//!    version is allowed to sit side by side (DESIGN.md: "two major versions of omnir side by
//!    side in one process"); its objects are still refused by 2 and 3. The full scan runs
//!    only when the set of loaded objects changed since the last one (glibc's load and unload
//!    counters, `dlpi_adds`/`dlpi_subs`, read from the first `dl_iterate_phdr` record): the
//!    common case costs one `dl_iterate_phdr` call that stops at the first object, a lock and
//!    a comparison (a few tens of nanoseconds, next to the microseconds that building a
//!    context takes). No loader lock is held while this module's own lock is taken.
//! 2. **Per-copy magics** ([`magic`], [`foreign_object`]). Every opaque object behind a
//!    pointer (context, pass manager, operation state, symbol table, diagnostic and
//!    diagnostic list) starts with a magic number whose middle 32 bits are a random key drawn
//!    once per loaded copy. A copy recognizes its own objects exactly, and recognizes an
//!    object of another copy (same frame, other key) by reading the magic alone, before
//!    anything else of the object is read.
//! 3. **Per-copy handle tags** ([`copy_tag`], [`foreign_handle`]). The top byte of every
//!    context serial, which every IR handle carries, is a tag per copy; a handle whose tag is
//!    not ours is refused as `OMNIR_ERROR_WRONG_CONTEXT` with a message that names the other
//!    copies. A copy draws its tag at random but skips the tags of the copies already loaded
//!    (each exports its own, `omnir_copy_tag`), so copies get distinct tags. Only copies that
//!    draw at the same instant on two threads, or copies too old to export their tag, can
//!    share one (1 chance in 255); a handle of such a copy passed with a context of ours is
//!    still refused — its serial names no context of ours — with the ordinary wrong-context
//!    message.
//!
//! What detection cannot see: a copy linked into a binary without exporting its `omnir_*`
//! symbols dynamically (a static link into an executable, or a library that hides them with
//! a version script). Objects of such a copy are still refused by 2 and 3, with a message
//! saying the other copy is not visible.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;

use super::{ffi_call, omnir_status, ApiError, ApiResult, OMNIR_ABI_VERSION};

// ---------------------------------------------------------------------------------------
// the identity of this copy

/// This copy's identity, drawn once: `tag << 32 | key` (both nonzero), 0 until drawn.
static IDENTITY: AtomicU64 = AtomicU64::new(0);

// Inlined (every context argument's magic check reads it): one load and a branch.
#[inline]
fn identity() -> u64 {
    let id = IDENTITY.load(Ordering::Relaxed);
    if id != 0 {
        return id;
    }
    first_identity()
}

#[cold]
fn first_identity() -> u64 {
    let fresh = draw_identity();
    let taken = sys::other_copy_tags();
    let mut tag = (fresh >> 32) as u32;
    for _ in 0..255 {
        if !taken.contains(&tag) {
            break;
        }
        tag = tag % 255 + 1;
    }
    let fresh = (u64::from(tag) << 32) | (fresh & 0xffff_ffff);
    match IDENTITY.compare_exchange(0, fresh, Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) => fresh,
        Err(winner) => winner,
    }
}

/// A random identity: OS randomness (std's `RandomState`, seeded per copy of std, so per
/// copy of the core), mixed with the address of this copy's statics and the time.
fn draw_identity() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_usize(&IDENTITY as *const AtomicU64 as usize);
    h.write_u32(std::process::id());
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    h.write_u128(now);
    let r = h.finish();
    let tag = 1 + (r >> 56) % 255; // 1..=255
    let key = match r as u32 {
        0 => 1,
        k => k,
    };
    (tag << 32) | u64::from(key)
}

/// The random tag (1..=255) of this copy: the top byte of every context serial it makes.
#[inline]
pub(crate) fn copy_tag() -> u32 {
    (identity() >> 32) as u32
}

#[inline]
fn copy_key() -> u32 {
    identity() as u32
}

/// This copy of omnir's tag: the top byte of the serial of every context it makes, and so of
/// every handle; 0 until the copy has made its first context or object. Copies of omnir loaded
/// in one process read each other's tags through this function to pick different ones, so
/// that each one recognizes the handles of the others (docs/universe.md).
#[no_mangle]
pub extern "C" fn omnir_copy_tag() -> u32 {
    (IDENTITY.load(Ordering::Relaxed) >> 32) as u32
}

// ---------------------------------------------------------------------------------------
// per-copy magics

/// The bits of a magic that are the same in every copy: the top 16 bits ("om") and the low
/// 16 bits (the kind of object: "cx", "pm", "st"...). The 32 bits between them are XORed
/// with the copy's key.
const MAGIC_FRAME: u64 = 0xffff_0000_0000_ffff;

/// The magic that this copy writes into (and expects in) an object whose base magic is
/// `base` (`0x6f6d_6e69_725f_6378`, "omnir_cx", for contexts...). Never 0 (a destroyed
/// object's magic), never `base` itself (the magic of copies that predate per-copy magics).
#[inline]
pub(crate) fn magic(base: u64) -> u64 {
    base ^ (u64::from(copy_key()) << 16)
}

/// When `found` (the magic read from an object that should be a `what` of this copy, and is
/// not) is the magic of a `what` made by another copy of omnir: the error that says so.
/// `None` when it is just not a live object (garbage, destroyed, another kind of object).
pub(crate) fn foreign_object(found: u64, base: u64, what: &str) -> Option<ApiError> {
    if found == 0 || found == magic(base) || found & MAGIC_FRAME != base & MAGIC_FRAME {
        return None;
    }
    Some(ApiError::new(
        omnir_status::OMNIR_ERROR_DUPLICATE_CORE,
        format!(
            "this {what} was created by another copy of omnir ({}), not by this one ({}); it was \
             refused without being read. {}",
            describe_others(&current_scan()),
            own_path(),
            FIX
        ),
    ))
}

/// When a handle whose context serial is `serial` is not one of ours (its tag is not this
/// copy's): the message for the wrong-context error. With another copy of omnir loaded, it
/// names both copies; with none, the handle is far more likely garbage than the work of a
/// copy no scan can see.
pub(crate) fn foreign_handle(serial: u32, what: &str) -> Option<String> {
    let tag = serial >> 24;
    if serial == 0 || tag == copy_tag() {
        return None;
    }
    let scan = current_scan();
    if scan.duplicates.is_empty() && scan.other_majors.is_empty() {
        return Some(format!(
            "{what} handle was not made by this copy of omnir ({}): its context serial {serial:#010x} \
             names none of its contexts, and no other copy of omnir is loaded. It is most likely \
             uninitialised or corrupted (or made by a copy of omnir linked statically into a binary).",
            own_path()
        ));
    }
    Some(format!(
        "{what} handle belongs to another context: it was made by another copy of omnir ({}), not by \
         this one ({}). {}",
        describe_others(&scan),
        own_path(),
        FIX
    ))
}

// ---------------------------------------------------------------------------------------
// detection

/// Another copy of the core found in the process.
#[derive(Clone, Debug)]
struct OtherCopy {
    /// Its file, canonicalized when possible.
    path: String,
    /// Its `omnir_version()` (`major * 10000 + minor * 100 + patch`).
    version: u32,
}

/// The outcome of a scan of the process.
#[derive(Debug, Default)]
struct Scan {
    /// Copies of this major version: duplicates.
    duplicates: Vec<OtherCopy>,
    /// Copies of other major versions: allowed side by side.
    other_majors: Vec<OtherCopy>,
}

/// A scan, the loader's (adds, subs) counters it was made under, and what it learned of each
/// loaded object.
type CachedScan = ((u64, u64), Arc<Scan>, Arc<sys::Memo>);

/// The last scan.
static CACHE: Mutex<Option<CachedScan>> = Mutex::new(None);

const FIX: &str = "Link every package against the one libomnir.so.0 (do not bundle the core, link it statically \
                   into a package, or load it by path).";

fn version_text(v: u32) -> String {
    format!("{}.{}.{}", v / 10000, v / 100 % 100, v % 100)
}

/// This copy's version as `omnir_version()` gives it. (Not by calling `omnir_version`: inside
/// a copy loaded with RTLD_LOCAL, a call to an exported symbol may bind to another copy's.)
fn own_version() -> u32 {
    let part = |s: &str| s.parse::<u32>().unwrap_or(0);
    part(env!("CARGO_PKG_VERSION_MAJOR")) * 10000
        + part(env!("CARGO_PKG_VERSION_MINOR")) * 100
        + part(env!("CARGO_PKG_VERSION_PATCH"))
}

/// Refuses when another copy of the core of this major version is loaded in the process:
/// `OMNIR_ERROR_DUPLICATE_CORE`, with every path. See the module documentation for when the
/// process is scanned and what that costs.
pub(crate) fn check_single_copy() -> ApiResult {
    let scan = current_scan();
    if scan.duplicates.is_empty() {
        return Ok(());
    }
    let mut copies = vec![format!("{} (omnir {}, the copy reporting this)", own_path(), env!("CARGO_PKG_VERSION"))];
    copies.extend(scan.duplicates.iter().map(|c| format!("{} (omnir {})", c.path, version_text(c.version))));
    let count = match copies.len() {
        2 => "two".to_string(),
        3 => "three".to_string(),
        n => n.to_string(),
    };
    Err(ApiError::new(
        omnir_status::OMNIR_ERROR_DUPLICATE_CORE,
        format!(
            "{count} copies of omnir are loaded in this process: {}; each has its own registry, so their \
             contexts, types and dialects cannot be mixed. {}",
            join_and(&copies),
            FIX
        ),
    ))
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "the other copy's path" for messages about objects of another copy.
fn describe_others(scan: &Scan) -> String {
    let all: Vec<String> = scan
        .duplicates
        .iter()
        .chain(scan.other_majors.iter())
        .map(|c| format!("{}, omnir {}", c.path, version_text(c.version)))
        .collect();
    match all.len() {
        0 => "one that is not visible as a loaded library: linked statically into a binary, or already unloaded"
            .to_string(),
        1 => all[0].clone(),
        _ => format!("one of {}", join_and(&all)),
    }
}

/// The scan of the process as it is now: the cached one when no object was loaded or
/// unloaded since it was made.
fn current_scan() -> Arc<Scan> {
    let counters = sys::load_counters();
    let known = match CACHE.lock().as_ref() {
        Some((at, scan, _)) if Some(*at) == counters => return scan.clone(),
        Some((_, _, known)) => Some(known.clone()),
        None => None,
    };
    // Scan without holding CACHE: the scan takes the loader's locks, and a thread inside
    // dlopen (running a constructor that creates a context) holds them while it waits here.
    // Objects examined by an earlier scan are not examined again.
    let empty = sys::Memo::default();
    let (scan, memo) = sys::scan(own_version(), known.as_deref().unwrap_or(&empty));
    let scan = Arc::new(scan);
    if let Some(c) = counters {
        *CACHE.lock() = Some((c, scan.clone(), Arc::new(memo)));
    }
    scan
}

/// The path of this copy of the core (canonical when possible), for messages.
pub(crate) fn own_path() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(sys::own_path)
}

#[cfg(target_os = "linux")]
mod sys {
    use std::collections::HashMap;
    use std::ffi::{c_int, c_void, CStr, CString};

    use super::{OtherCopy, Scan};

    /// A private static of this copy: `dladdr` on its address names this copy's file. (The
    /// address of an exported `omnir_*` function would not do: inside a copy loaded with
    /// RTLD_LOCAL, references to its own exported symbols may bind to the global copy.)
    static ANCHOR: u8 = 0;

    /// The object containing `addr`: (its load base, its file name).
    fn locate(addr: *const c_void) -> Option<(usize, String)> {
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        // SAFETY: dladdr only reads the loader's tables; `info` is a valid out-parameter.
        if unsafe { libc::dladdr(addr, &mut info) } == 0 {
            return None;
        }
        let name = if info.dli_fname.is_null() {
            String::new()
        } else {
            // SAFETY: a non-NULL dli_fname is a NUL-terminated string owned by the loader.
            unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy().into_owned()
        };
        Some((info.dli_fbase as usize, name))
    }

    /// Whether `addr` is the definition of the dynamic symbol `name` (not, say, the PLT
    /// stub of an executable that only calls it).
    fn defines(addr: *const c_void, name: &CStr) -> bool {
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        // SAFETY: as in `locate`; dli_sname, when not NULL, is a NUL-terminated string.
        unsafe {
            libc::dladdr(addr, &mut info) != 0
                && std::ptr::eq(info.dli_saddr, addr)
                && !info.dli_sname.is_null()
                && CStr::from_ptr(info.dli_sname) == name
        }
    }

    fn pretty(name: &str) -> String {
        let name = if name.is_empty() {
            // the main program
            std::fs::read_link("/proc/self/exe").map(|p| p.to_string_lossy().into_owned()).unwrap_or_default()
        } else {
            name.to_string()
        };
        std::fs::canonicalize(&name).map(|p| p.to_string_lossy().into_owned()).unwrap_or(name)
    }

    pub(super) fn own_path() -> String {
        match locate(&ANCHOR as *const u8 as *const c_void) {
            Some((_, name)) => pretty(&name),
            None => "(unknown path)".to_string(),
        }
    }

    /// The loader's (objects loaded, objects unloaded) counters, from the first record that
    /// `dl_iterate_phdr` reports; `None` when the C library does not provide them.
    pub(super) fn load_counters() -> Option<(u64, u64)> {
        unsafe extern "C" fn first(info: *mut libc::dl_phdr_info, size: usize, data: *mut c_void) -> c_int {
            let out = data as *mut Option<(u64, u64)>;
            let need = std::mem::offset_of!(libc::dl_phdr_info, dlpi_subs) + std::mem::size_of::<u64>();
            if size >= need {
                // SAFETY: the loader passes a record of `size` bytes, which covers both fields;
                // `data` is the `Option` below, alive for the call.
                unsafe { *out = Some(((*info).dlpi_adds, (*info).dlpi_subs)) };
            }
            1 // stop after the first object
        }
        let mut out: Option<(u64, u64)> = None;
        // SAFETY: `first` matches the callback type and only writes `out`.
        unsafe { libc::dl_iterate_phdr(Some(first), &mut out as *mut Option<(u64, u64)> as *mut c_void) };
        out
    }

    /// A loaded object: its load bias and name (`None` for the main program).
    type Object = (usize, Option<CString>);

    /// What a scan learned of each loaded object: the other copy of the core that a lookup
    /// through its handle found (its load base, and what it is), if any. An object's answer
    /// does not change while it stays loaded (its lookup scope is fixed when it is loaded).
    pub(super) type Memo = HashMap<Object, Option<(usize, OtherCopy)>>;

    /// The loaded objects.
    fn loaded_objects() -> Vec<Object> {
        unsafe extern "C" fn each(info: *mut libc::dl_phdr_info, _size: usize, data: *mut c_void) -> c_int {
            // SAFETY: `data` is the Vec below; `info` is the loader's record for the call.
            let objects = unsafe { &mut *(data as *mut Vec<Object>) };
            let (addr, name) = unsafe { ((*info).dlpi_addr as usize, (*info).dlpi_name) };
            if name.is_null() || unsafe { *name } == 0 {
                objects.push((addr, None));
            } else {
                // SAFETY: a non-empty dlpi_name is a NUL-terminated string owned by the loader.
                objects.push((addr, Some(unsafe { CStr::from_ptr(name) }.to_owned())));
            }
            0
        }
        let mut objects: Vec<Object> = Vec::new();
        // SAFETY: `each` matches the callback type and only pushes to `objects` (malloc does
        // not take the loader's lock).
        unsafe { libc::dl_iterate_phdr(Some(each), &mut objects as *mut Vec<Object> as *mut c_void) };
        objects
    }

    /// A handle of an already loaded object (never loads anything); `None` for the main
    /// program's handle when `name` is `None`.
    struct Handle(*mut c_void);

    impl Handle {
        fn open(name: Option<&CStr>) -> Option<Handle> {
            let ptr = name.map_or(std::ptr::null(), |n| n.as_ptr());
            // SAFETY: RTLD_NOLOAD only looks up an object that is already loaded (and adds a
            // reference, dropped by `Drop`); it runs no constructor.
            let h = unsafe { libc::dlopen(ptr, libc::RTLD_NOLOAD | libc::RTLD_LAZY) };
            (!h.is_null()).then_some(Handle(h))
        }

        fn sym(&self, name: &CStr) -> *const c_void {
            // SAFETY: `self.0` is a live handle; dlsym only looks the name up.
            unsafe { libc::dlsym(self.0, name.as_ptr()) as *const c_void }
        }
    }

    impl Drop for Handle {
        fn drop(&mut self) {
            // SAFETY: drops the reference taken by `open`; the object was loaded before it
            // and stays loaded.
            unsafe { libc::dlclose(self.0) };
        }
    }

    /// Scans the loaded objects (those in `memo` are not examined again): the other copies of
    /// the core, and the memo of this scan (the objects loaded now).
    pub(super) fn scan(own_version: u32, memo: &Memo) -> (Scan, Memo) {
        let mut scan = Scan::default();
        let mut next = Memo::default();
        let Some((own_base, _)) = locate(&ANCHOR as *const u8 as *const c_void) else { return (scan, next) };
        // Every other copy once, in load order.
        let mut seen = vec![own_base];
        for object in loaded_objects() {
            let verdict = match memo.get(&object) {
                Some(v) => v.clone(),
                None => examine(object.1.as_deref(), own_base),
            };
            if let Some((base, other)) = &verdict {
                if !seen.contains(base) {
                    seen.push(*base);
                    if other.version / 10000 == own_version / 10000 {
                        scan.duplicates.push(other.clone());
                    } else {
                        scan.other_majors.push(other.clone());
                    }
                }
            }
            next.insert(object, verdict);
        }
        // Failed lookups leave an error string behind for this thread: clear it, so that the
        // caller's next dlerror() does not report it.
        // SAFETY: dlerror has no precondition.
        unsafe { libc::dlerror() };
        (scan, next)
    }

    /// The tags of the other copies of the core loaded now that have drawn one (copies that
    /// predate `omnir_copy_tag` are not seen).
    pub(super) fn other_copy_tags() -> Vec<u32> {
        let Some((own_base, _)) = locate(&ANCHOR as *const u8 as *const c_void) else { return Vec::new() };
        let mut tags = Vec::new();
        for (_, name) in loaded_objects() {
            let Some(h) = Handle::open(name.as_deref()) else { continue };
            let found = h.sym(c"omnir_copy_tag");
            if found.is_null() || !defines(found, c"omnir_copy_tag") {
                continue;
            }
            if !locate(found).is_some_and(|(base, _)| base != own_base) {
                continue;
            }
            // SAFETY: `omnir_copy_tag` of every omnir is `uint32_t omnir_copy_tag(void)`, with
            // no precondition; its object stays loaded while `h`, whose lookup found it, is held.
            let f = unsafe { std::mem::transmute::<*const c_void, extern "C" fn() -> u32>(found) };
            match f() {
                0 => {}
                tag => tags.push(tag),
            }
        }
        // As in `scan`: failed lookups leave an error string behind for this thread.
        // SAFETY: dlerror has no precondition.
        unsafe { libc::dlerror() };
        tags
    }

    /// The copy of the core, other than this one (loaded at `own_base`), that a lookup of
    /// `omnir_context_create` through the object `name` finds: its load base and what it is.
    fn examine(name: Option<&CStr>, own_base: usize) -> Option<(usize, OtherCopy)> {
        let h = Handle::open(name)?;
        let found = h.sym(c"omnir_context_create");
        if found.is_null() || !defines(found, c"omnir_context_create") {
            return None;
        }
        let (base, file) = locate(found)?;
        if base == own_base {
            return None;
        }
        // The object that defines the function: its own handle, so that its own definitions
        // come first (a dependent's handle would search its dependencies).
        let owner =
            if file.is_empty() { Handle::open(None) } else { Handle::open(Some(&CString::new(file.clone()).ok()?)) };
        let owner = owner?;
        let own_fn = |n: &CStr| {
            let p = owner.sym(n);
            (!p.is_null() && defines(p, n) && locate(p).is_some_and(|(b, _)| b == base)).then_some(p)
        };
        // A copy of the core defines all three itself (an object that merely wraps
        // `omnir_context_create` is not a copy).
        let version = own_fn(c"omnir_version")?;
        own_fn(c"omnir_abi_version")?;
        // SAFETY: `omnir_version` of every omnir is `uint32_t omnir_version(void)`, with no
        // precondition; it is defined by the object located above, which stays loaded while
        // `owner` is held.
        let version = unsafe { std::mem::transmute::<*const c_void, extern "C" fn() -> u32>(version) };
        Some((base, OtherCopy { path: pretty(&file), version: version() }))
    }
}

#[cfg(not(target_os = "linux"))]
mod sys {
    //! No detection on this platform yet: per-copy magics and handle tags still refuse objects
    //! of another copy.
    use super::Scan;

    pub(super) type Memo = ();

    pub(super) fn own_path() -> String {
        "(unknown path)".to_string()
    }
    pub(super) fn load_counters() -> Option<(u64, u64)> {
        Some((0, 0))
    }
    pub(super) fn scan(_own_version: u32, _memo: &Memo) -> (Scan, Memo) {
        (Scan::default(), ())
    }
    pub(super) fn other_copy_tags() -> Vec<u32> {
        Vec::new()
    }
}

// ---------------------------------------------------------------------------------------
// the ABI handshake

/// Checks that the loaded core is the one the caller was compiled for, and that it is the
/// only copy of the core in the process. A library that uses omnir — a dialect library
/// above all — calls it once, before registering anything: through the header's
/// `omnir_check_abi()`, which passes the header's `OMNIR_ABI_VERSION`, so a library built
/// against another header version gets a clear error instead of calling functions whose
/// signatures changed.
///
/// - `header_abi_version`: the `OMNIR_ABI_VERSION` the caller was compiled with.
///
/// Errors: `OMNIR_ERROR_ABI_MISMATCH` when it differs from `omnir_abi_version()` (the message
/// names both versions and the loaded core's path and version);
/// `OMNIR_ERROR_DUPLICATE_CORE` when another copy of the core is loaded (the message names
/// every path).
#[no_mangle]
pub extern "C" fn omnir_abi_require(header_abi_version: u32) -> omnir_status {
    ffi_call(|| {
        if header_abi_version != OMNIR_ABI_VERSION {
            let advice = if header_abi_version > OMNIR_ABI_VERSION {
                "install the omnir that the library was built for (a newer one), or rebuild the library \
                 against the installed omnir headers"
            } else {
                "rebuild the library against the installed omnir headers"
            };
            return Err(ApiError::new(
                omnir_status::OMNIR_ERROR_ABI_MISMATCH,
                format!(
                    "this library was built against the omnir header with ABI version {header_abi_version}, but \
                     the loaded core ({}, omnir {}) provides ABI version {OMNIR_ABI_VERSION}: {advice}",
                    own_path(),
                    env!("CARGO_PKG_VERSION"),
                ),
            ));
        }
        check_single_copy()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_is_stable_and_nonzero() {
        let a = identity();
        assert_eq!(a, identity());
        assert!((1..=255).contains(&copy_tag()));
        assert_ne!(copy_key(), 0);
    }

    #[test]
    fn magics_are_per_copy_and_recognized() {
        const BASE: u64 = 0x6f6d_6e69_725f_6378;
        let ours = magic(BASE);
        assert_ne!(ours, BASE);
        assert_ne!(ours, 0);
        assert_eq!(ours & MAGIC_FRAME, BASE & MAGIC_FRAME);
        // ours, destroyed, garbage and another kind of object are not "foreign"
        assert!(foreign_object(ours, BASE, "context").is_none());
        assert!(foreign_object(0, BASE, "context").is_none());
        assert!(foreign_object(0x1234_5678_9abc_def0, BASE, "context").is_none());
        assert!(foreign_object(magic(0x6f6d_6e69_725f_7374), BASE, "context").is_none());
        // another copy's key, and a copy that predates per-copy magics
        let other = BASE ^ (u64::from(copy_key() ^ 0x8000_0001) << 16);
        let e = foreign_object(other, BASE, "context").expect("foreign");
        assert_eq!(e.status, omnir_status::OMNIR_ERROR_DUPLICATE_CORE);
        assert!(e.message.contains("another copy of omnir"), "{}", e.message);
        assert!(foreign_object(BASE, BASE, "context").is_some());
    }

    #[test]
    fn foreign_handles_are_named() {
        let ours = copy_tag() << 24 | 7;
        assert!(foreign_handle(ours, "type").is_none());
        let other_tag = if copy_tag() == 255 { 1 } else { copy_tag() + 1 };
        // No other copy is loaded in a test binary, so a tag that is not ours is garbage (a
        // handle of a real second copy is named with both paths: tests/universe checks it).
        let m = foreign_handle(other_tag << 24 | 7, "type").expect("foreign");
        assert!(
            m.contains("uninitialised or corrupted") && m.contains(&format!("{:#010x}", other_tag << 24 | 7)),
            "{m}"
        );
    }

    #[test]
    fn own_version_is_omnir_version() {
        assert_eq!(own_version(), super::super::omnir_version());
    }

    #[test]
    fn one_copy_in_a_test_binary() {
        assert!(check_single_copy().is_ok());
        // twice: the second uses the cached scan
        assert!(check_single_copy().is_ok());
        assert!(!own_path().is_empty());
    }

    #[test]
    fn abi_require() {
        assert_eq!(omnir_abi_require(OMNIR_ABI_VERSION), omnir_status::OMNIR_OK);
        assert_eq!(omnir_abi_require(OMNIR_ABI_VERSION + 1), omnir_status::OMNIR_ERROR_ABI_MISMATCH);
        let m = super::super::omnir_last_error_message();
        // SAFETY: an omnir_string of len bytes.
        let text = unsafe { std::slice::from_raw_parts(m.data as *const u8, m.len) };
        let text = String::from_utf8_lossy(text).into_owned();
        super::super::omnir_string_free(m);
        assert!(text.contains(&format!("ABI version {}", OMNIR_ABI_VERSION + 1)), "{text}");
        assert!(text.contains(&format!("provides ABI version {OMNIR_ABI_VERSION}")), "{text}");
    }

    /// The header's `#define OMNIR_ABI_VERSION` (written by core/cbindgen.toml, so that a
    /// test can override it) must be the core's.
    #[test]
    fn header_abi_version_matches() {
        let header = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../include/omnir/omnir.h"))
            .expect("include/omnir/omnir.h");
        let define = format!("#define OMNIR_ABI_VERSION {OMNIR_ABI_VERSION}\n");
        assert!(header.contains(&define), "the header must contain `{}`: update core/cbindgen.toml", define.trim());
    }
}
