//! Strings across the boundary: `&str` in as (pointer, length); `omnir_string` out, copied
//! and released with omnir's own free function (each binary has its own allocator).

use std::ffi::c_char;

use omnir_sys as sys;

/// The (pointer, length) pair of a string argument.
pub(crate) fn arg(s: &str) -> (*const c_char, usize) {
    (s.as_ptr().cast(), s.len())
}

/// A borrowed view for arrays of strings.
pub(crate) fn view(s: &str) -> sys::omnir_string_view {
    sys::omnir_string_view { data: s.as_ptr().cast(), len: s.len() }
}

/// A zeroed out-parameter for an `omnir_string`.
pub(crate) fn empty() -> sys::omnir_string {
    sys::omnir_string { data: std::ptr::null_mut(), len: 0 }
}

/// Copies the bytes of an omnir string and releases it.
pub(crate) fn take_bytes(s: sys::omnir_string) -> Vec<u8> {
    let out = if s.data.is_null() || s.len == 0 {
        Vec::new()
    } else {
        // SAFETY: omnir strings point at `len` initialized bytes until freed, below.
        unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }.to_vec()
    };
    // SAFETY: `s` came from omnir and is released once, here.
    unsafe { sys::omnir_string_free(s) };
    out
}

/// Copies an omnir string (UTF-8 except for string attributes, which may hold any byte:
/// invalid sequences become U+FFFD here; use the `_bytes` accessors to get them exactly)
/// and releases it.
pub(crate) fn take_string(s: sys::omnir_string) -> String {
    match String::from_utf8(take_bytes(s)) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Runs a C call that writes an `omnir_string`, and returns it copied.
pub(crate) fn string_out(f: impl FnOnce(*mut sys::omnir_string) -> sys::omnir_status) -> crate::Result<String> {
    let mut s = empty();
    crate::error::check(f(&mut s))?;
    Ok(take_string(s))
}

/// Runs a C call that writes an `omnir_string`, and returns its bytes.
pub(crate) fn bytes_out(f: impl FnOnce(*mut sys::omnir_string) -> sys::omnir_status) -> crate::Result<Vec<u8>> {
    let mut s = empty();
    crate::error::check(f(&mut s))?;
    Ok(take_bytes(s))
}
