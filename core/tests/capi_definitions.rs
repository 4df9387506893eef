//! `omnir_dialect_load_definitions` through its `extern "C"` function, as C calls it: a
//! definition file registers its dialect and custom forms; a bad one fails with the
//! rendered error as the last error message and registers nothing.

use std::ffi::c_char;
use std::ptr::null_mut;

use omnir_core::api::asm::{
    omnir_dialect_load_definitions, omnir_module_parse, omnir_op_print, omnir_print_flags_default,
};
use omnir_core::api::context::{omnir_context, omnir_context_create, omnir_context_destroy};
use omnir_core::api::dialects::omnir_dialect_is_registered;
use omnir_core::api::handles::omnir_op;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::{omnir_last_error_message, omnir_string, omnir_string_free};

const FMTEST: &str = include_str!("../../tests/definitions/fmtest.irdl.mlir");

struct Ctx(*mut omnir_context);
impl Drop for Ctx {
    fn drop(&mut self) {
        assert_eq!(omnir_context_destroy(self.0), OMNIR_OK);
    }
}

fn load(c: &Ctx, text: &str, name: &str) -> omnir_status {
    omnir_dialect_load_definitions(
        c.0,
        text.as_ptr() as *const c_char,
        text.len(),
        name.as_ptr() as *const c_char,
        name.len(),
    )
}

fn last_error() -> String {
    let s = omnir_last_error_message();
    // SAFETY: omnir returned `len` readable bytes at `data`.
    let text = String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned();
    omnir_string_free(s);
    text
}

fn registered(c: &Ctx, name: &str) -> bool {
    let mut yes = false;
    assert_eq!(omnir_dialect_is_registered(c.0, name.as_ptr() as *const c_char, name.len(), &mut yes), OMNIR_OK);
    yes
}

#[test]
fn definitions_load_through_the_c_api() {
    let mut p = null_mut();
    assert_eq!(omnir_context_create(&mut p), OMNIR_OK);
    let c = Ctx(p);
    assert_eq!(load(&c, FMTEST, "fmtest.irdl.mlir"), OMNIR_OK);
    assert!(registered(&c, "fmtest"));
    let text = "fmtest.func @f {\n  %0 = constant 1 : i32\n  %1 = add %0, %0 : i32\n  return %1 : i32\n}\n";
    let mut m = omnir_op::default();
    let f = "m.mlir";
    assert_eq!(
        omnir_module_parse(
            c.0,
            text.as_ptr() as *const c_char,
            text.len(),
            f.as_ptr() as *const c_char,
            f.len(),
            &mut m
        ),
        OMNIR_OK,
        "{}",
        last_error()
    );
    let mut s = omnir_string { data: null_mut(), len: 0 };
    let flags = omnir_print_flags_default();
    assert_eq!(omnir_op_print(c.0, m, &flags, &mut s), OMNIR_OK);
    // SAFETY: omnir returned `len` bytes at `data`.
    let printed =
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned();
    omnir_string_free(s);
    assert!(
        printed.contains(
            "  fmtest.func @f {\n    %0 = constant 1 : i32\n    %1 = add %0, %0 : i32\n    return %1 : i32\n  }\n"
        ),
        "{printed}"
    );
    // Loading it again is an error naming the file position; nothing changes.
    assert_eq!(load(&c, FMTEST, "again.mlir"), OMNIR_ERROR_PARSE_FAILED);
    assert!(last_error().contains("again.mlir:4:1: error: dialect 'fmtest' is already registered"), "{}", last_error());
    // A bad definition registers nothing.
    let bad = "irdl.dialect @bad {\n  irdl.operation @o attributes {omnir.traits = [\"Nope\"]} {\n  }\n}\n";
    assert_eq!(load(&c, bad, "bad.mlir"), OMNIR_ERROR_PARSE_FAILED);
    assert!(last_error().contains("bad.mlir:2:3: error: unknown trait 'Nope'"), "{}", last_error());
    assert!(!registered(&c, "bad"));
    // Invalid UTF-8 and NULL are refused.
    assert_eq!(
        omnir_dialect_load_definitions(c.0, [0xffu8].as_ptr() as *const c_char, 1, f.as_ptr() as *const c_char, 0),
        OMNIR_ERROR_INVALID_UTF8
    );
    assert_eq!(
        omnir_dialect_load_definitions(c.0, std::ptr::null(), 3, f.as_ptr() as *const c_char, 0),
        OMNIR_ERROR_NULL_ARGUMENT
    );
}
