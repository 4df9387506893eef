//! Calls the installed libomnir.so.0 through omnir-sys.

use omnir_sys::*;

#[test]
fn version_and_abi() {
    // SAFETY: plain calls without arguments.
    let (version, abi) = unsafe { (omnir_version(), omnir_abi_version()) };
    let major: u32 = env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap();
    let minor: u32 = env!("CARGO_PKG_VERSION_MINOR").parse().unwrap();
    assert_eq!(
        version / 100,
        major * 100 + minor,
        "libomnir version {version} vs omnir-sys {}",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(abi, OMNIR_ABI_VERSION);
}

#[test]
fn context_and_errors() {
    let mut ctx: *mut omnir_context = std::ptr::null_mut();
    // SAFETY: `ctx` is a valid out-pointer; the context is destroyed once.
    unsafe {
        assert_eq!(omnir_context_create(&mut ctx), omnir_status::OMNIR_OK);
        assert!(!ctx.is_null());
        assert_eq!(omnir_context_create(std::ptr::null_mut()), omnir_status::OMNIR_ERROR_NULL_ARGUMENT);
        assert_eq!(omnir_last_error_status(), omnir_status::OMNIR_ERROR_NULL_ARGUMENT);
        let msg = omnir_last_error_message();
        let text = std::str::from_utf8(std::slice::from_raw_parts(msg.data.cast::<u8>(), msg.len)).unwrap().to_owned();
        omnir_string_free(msg);
        assert!(text.contains("NULL"), "{text}");
        assert_eq!(omnir_context_destroy(ctx), omnir_status::OMNIR_OK);
    }
}

/// The core is the shared library, not a copy linked into this test.
#[test]
fn linked_dynamically() {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    assert!(maps.contains("libomnir.so.0"), "libomnir.so.0 is not mapped into this process");
}
