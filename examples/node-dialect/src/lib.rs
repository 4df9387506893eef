//! A dialect loaded by a second native addon: `nd` (`nd.irdl.mlir`, embedded: a type
//! `!nd.elem` that implements `builtin.MemRefElementTypeInterface`, and `!nd.lane<width>`),
//! loaded through the C API (omnir-sys) into a context created by the `omnir` npm package
//! (passed as its raw `omnir_context *`). Its JavaScript classes are generated from the
//! same file (`nd.js`).
//!
//! Nothing of the core is in this addon: every `omnir_*` symbol is undefined here and
//! resolved against the one libomnir.so.0 of the process.

use napi::bindgen_prelude::BigInt;
use napi_derive::napi;
use omnir_sys as sys;

const DEFINITION: &str = include_str!("../nd.irdl.mlir");

fn check(st: sys::omnir_status, what: &str) -> napi::Result<()> {
    if st == sys::omnir_status::OMNIR_OK {
        return Ok(());
    }
    // SAFETY: no arguments; the string is ours and freed below.
    let m = unsafe { sys::omnir_last_error_message() };
    let text = if m.data.is_null() {
        String::new()
    } else {
        // SAFETY: an omnir string of `len` bytes, alive until freed below.
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(m.data.cast::<u8>(), m.len) }).into_owned()
    };
    // SAFETY: freed once.
    unsafe { sys::omnir_string_free(m) };
    Err(napi::Error::from_reason(format!("{what}: {text}")))
}

fn typeid(name: &str) -> napi::Result<u32> {
    let mut id = 0u32;
    // SAFETY: a valid string and out-pointer.
    check(unsafe { sys::omnir_typeid_get(name.as_ptr().cast(), name.len(), &mut id) }, "omnir_typeid_get")?;
    Ok(id)
}

/// What `register` made: the type `!nd.elem` as a C handle, and TypeIDs as this addon sees
/// them.
#[napi(object)]
pub struct Registered {
    /// The serial of the context, as every handle of it carries.
    pub context: u32,
    /// The id of the type `!nd.elem` in the context.
    pub type_id_in_context: u32,
    /// TypeID of the kind `nd.elem`.
    pub kind_type_id: u32,
    /// TypeID of `builtin.MemRefElementTypeInterface`.
    pub memref_element_interface: u32,
    /// Whether the core says the type implements the interface (asked from this addon).
    pub implements_memref_element: bool,
}

/// Loads the dialect `nd` (once) into the context at `context_pointer` (the
/// `rawPointer` of an omnir `Context`), and returns the type.
#[napi]
pub fn register(context_pointer: BigInt) -> napi::Result<Registered> {
    let (_, ptr, _) = context_pointer.get_u64();
    let ctx = ptr as usize as *mut sys::omnir_context;
    if ctx.is_null() {
        return Err(napi::Error::from_reason("a null context pointer"));
    }
    // The handshake of a dialect library: the loaded core has the ABI this addon was built
    // for, and it is the only copy of the core in the process.
    // SAFETY: no pointers.
    check(unsafe { sys::omnir_abi_require(sys::OMNIR_ABI_VERSION) }, "omnir_abi_require")?;
    let iface = typeid("builtin.MemRefElementTypeInterface")?;
    let dialect = "nd";
    let mut registered = false;
    // SAFETY: `ctx` is the live context of the caller's omnir `Context` (the JavaScript side
    // keeps it alive during the call); the string and out-pointer are valid.
    check(
        unsafe { sys::omnir_dialect_is_registered(ctx, dialect.as_ptr().cast(), dialect.len(), &mut registered) },
        "omnir_dialect_is_registered",
    )?;
    if !registered {
        let file = "nd.irdl.mlir";
        check(
            // SAFETY: a live context (above); the text and file name are valid UTF-8 slices.
            unsafe {
                sys::omnir_dialect_load_definitions(
                    ctx,
                    DEFINITION.as_ptr().cast(),
                    DEFINITION.len(),
                    file.as_ptr().cast(),
                    file.len(),
                )
            },
            "omnir_dialect_load_definitions",
        )?;
    }
    let qualified = "nd.elem";
    let mut def = 0u32;
    check(
        // SAFETY: a live context (above), a valid name and out-pointer.
        unsafe { sys::omnir_dialect_lookup_type(ctx, qualified.as_ptr().cast(), qualified.len(), &mut def) },
        "omnir_dialect_lookup_type",
    )?;
    let mut ty = sys::omnir_type::default();
    // SAFETY: a live context, no parameters, a valid out-pointer.
    check(unsafe { sys::omnir_dialect_type_get(ctx, def, std::ptr::null(), 0, &mut ty) }, "omnir_dialect_type_get")?;
    let mut implements = false;
    // SAFETY: a live context and a type of it, a valid out-pointer.
    check(unsafe { sys::omnir_type_implements(ctx, ty, iface, &mut implements) }, "omnir_type_implements")?;
    Ok(Registered {
        context: ty.context,
        type_id_in_context: ty.id,
        kind_type_id: typeid(qualified)?,
        memref_element_interface: iface,
        implements_memref_element: implements,
    })
}

/// The TypeID of `name`, as this addon sees it.
#[napi]
pub fn type_id_of(name: String) -> napi::Result<u32> {
    typeid(&name)
}

/// The version of the core this addon runs against.
#[napi]
pub fn core_version() -> u32 {
    // SAFETY: no arguments.
    unsafe { sys::omnir_version() }
}
