//! `omnir_dialect_load_definitions` through its `extern "C"` function, as C calls it: a
//! definition file registers its dialect and custom forms; a bad one fails with the
//! rendered error as the last error message and registers nothing.

use std::ffi::c_char;
use std::ptr::null_mut;

use omnir_core::api::asm::{
    omnir_dialect_load_definitions, omnir_module_parse, omnir_op_print, omnir_print_flags, omnir_print_flags_default,
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

// ---- hooks written in C: a verifier and a custom directive ----

use omnir_core::api::dialects::{omnir_callback_message, omnir_callback_message_set};
use omnir_core::api::directives::*;
use omnir_core::api::handles::omnir_type;

unsafe extern "C" fn no_zero_operands(
    _ud: *mut std::ffi::c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    message: *mut omnir_callback_message,
) -> u32 {
    let mut n = 0usize;
    omnir_core::api::ir::omnir_op_get_num_operands(ctx, op, &mut n);
    if n == 0 {
        let m = "needs at least one value";
        omnir_callback_message_set(message, m.as_ptr() as *const c_char, m.len());
        return 1;
    }
    0
}

/// `[%a : i32, %b : f32]`: operands with their types.
unsafe extern "C" fn parse_typed_list(
    _ud: *mut std::ffi::c_void,
    _ctx: *mut omnir_context,
    p: *mut omnir_directive_parser,
    _message: *mut omnir_callback_message,
) -> u32 {
    let punct = |s: &str| omnir_directive_parser_parse_punct(p, s.as_ptr() as *const c_char, s.len());
    let optional = |s: &str| {
        let mut found = false;
        let st = omnir_directive_parser_parse_optional_punct(p, s.as_ptr() as *const c_char, s.len(), &mut found);
        (st, found)
    };
    if punct("[") != OMNIR_OK {
        return 1;
    }
    if let (OMNIR_OK, true) = optional("]") {
        return 0;
    }
    loop {
        if omnir_directive_parser_parse_operand(p, 0) != OMNIR_OK || punct(":") != OMNIR_OK {
            return 1;
        }
        let mut t = omnir_type::default();
        if omnir_directive_parser_parse_type(p, &mut t) != OMNIR_OK
            || omnir_directive_parser_add_type(p, 1, t) != OMNIR_OK
        {
            return 1;
        }
        match optional(",") {
            (OMNIR_OK, true) => continue,
            (OMNIR_OK, false) => break,
            _ => return 1,
        }
    }
    (punct("]") != OMNIR_OK) as u32
}

unsafe extern "C" fn print_typed_list(
    _ud: *mut std::ffi::c_void,
    _ctx: *mut omnir_context,
    p: *mut omnir_directive_printer,
) {
    let write = |s: &str| omnir_directive_printer_write(p, s.as_ptr() as *const c_char, s.len());
    let (mut kind, mut n) = (0u32, 0usize);
    omnir_directive_printer_get_arg(p, 0, &mut kind, &mut n);
    write("[");
    for i in 0..n {
        if i > 0 {
            write(", ");
        }
        omnir_directive_printer_print_operand(p, 0, i);
        write(" : ");
        let mut t = omnir_type::default();
        omnir_directive_printer_get_type(p, 1, i, &mut t);
        omnir_directive_printer_print_type(p, t);
    }
    write("]");
}

#[test]
fn hooks_written_in_c_are_named_by_definitions() {
    let mut p = null_mut();
    assert_eq!(omnir_context_create(&mut p), OMNIR_OK);
    let c = Ctx(p);
    let defs = r#"irdl.dialect @hk {
  irdl.operation @pack attributes {omnir.assembly_format = "custom<TypedList>($values, type($values)) attr-dict", omnir.verifier = "hk.nonempty"} {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
  }
}
"#;
    // The hook must exist first.
    assert_eq!(load(&c, defs, "hk.mlir"), OMNIR_ERROR_PARSE_FAILED);
    assert!(last_error().contains("verifier hook 'hk.nonempty' is not registered"), "{}", last_error());
    let name = "hk.nonempty";
    assert_eq!(
        omnir_verifier_hook_register(
            c.0,
            name.as_ptr() as *const c_char,
            name.len(),
            Some(no_zero_operands),
            null_mut(),
            None
        ),
        OMNIR_OK
    );
    // The directive belongs to the dialect, which the file defines: register it after the
    // dialect exists would be too late for loading, so the file is loaded in two steps.
    let e = load(&c, defs, "hk.mlir");
    assert_eq!(e, OMNIR_OK, "{}", last_error());
    let (d, n) = ("hk", "TypedList");
    assert_eq!(
        omnir_dialect_register_directive(
            c.0,
            d.as_ptr() as *const c_char,
            d.len(),
            n.as_ptr() as *const c_char,
            n.len(),
            Some(parse_typed_list),
            Some(print_typed_list),
            null_mut(),
            None
        ),
        OMNIR_OK
    );
    // One IRDL constraint value for the group: every operand has the same type.
    let text = "%0 = \"test.a\"() : () -> i32\n%1 = \"test.b\"() : () -> i32\nhk.pack [%0 : i32, %1 : i32]\nhk.pack [] {note}\n";
    let f = "m.mlir";
    omnir_core::api::context::omnir_context_set_allow_unregistered_dialects(c.0, true);
    omnir_core::api::context::omnir_context_set_verify_after_parse(c.0, false);
    let mut m = omnir_op::default();
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
    // The empty pack fails its verifier hook: printed as it is only when told to assume it
    // verifies (else the printer falls back to the generic form, as MLIR's).
    let assume_verified = omnir_print_flags { assume_verified: true, ..omnir_print_flags_default() };
    assert_eq!(omnir_op_print(c.0, m, &assume_verified, &mut s), OMNIR_OK);
    // SAFETY: omnir returned `len` bytes at `data`.
    let printed =
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned();
    omnir_string_free(s);
    assert!(printed.contains("  hk.pack [%0 : i32, %1 : i32]\n  hk.pack [] {note}\n"), "{printed}");
    // The verifier hook runs: the empty pack fails with its message.
    assert_ne!(omnir_core::api::verify::omnir_op_verify(c.0, m), OMNIR_OK);
    assert!(last_error().contains("'hk.pack' op needs at least one value"), "{}", last_error());
    // A parse error inside the directive points at the text.
    let bad = "%0 = \"test.a\"() : () -> i32\nhk.pack [%0 i32]\n";
    let mut m2 = omnir_op::default();
    assert_eq!(
        omnir_module_parse(
            c.0,
            bad.as_ptr() as *const c_char,
            bad.len(),
            f.as_ptr() as *const c_char,
            f.len(),
            &mut m2
        ),
        OMNIR_ERROR_PARSE_FAILED
    );
    assert!(last_error().contains("m.mlir:2:12: error: expected ':'"), "{}", last_error());
}

/// `(%a: i32, %b: f32)`: names come before their types, so the type is set after the name.
unsafe extern "C" fn parse_signature(
    _ud: *mut std::ffi::c_void,
    _ctx: *mut omnir_context,
    p: *mut omnir_directive_parser,
    _message: *mut omnir_callback_message,
) -> u32 {
    let punct = |s: &str| omnir_directive_parser_parse_punct(p, s.as_ptr() as *const c_char, s.len());
    let optional = |s: &str| {
        let mut found = false;
        omnir_directive_parser_parse_optional_punct(p, s.as_ptr() as *const c_char, s.len(), &mut found);
        found
    };
    if punct("(") != OMNIR_OK {
        return 1;
    }
    if optional(")") {
        return 0;
    }
    let mut index = 0;
    loop {
        if omnir_directive_parser_parse_argument(p, 0, omnir_type::default()) != OMNIR_OK || punct(":") != OMNIR_OK {
            return 1;
        }
        let mut t = omnir_type::default();
        if omnir_directive_parser_parse_type(p, &mut t) != OMNIR_OK
            || omnir_directive_parser_set_argument_type(p, 0, index, t) != OMNIR_OK
        {
            return 1;
        }
        index += 1;
        if !optional(",") {
            break;
        }
    }
    (punct(")") != OMNIR_OK) as u32
}

unsafe extern "C" fn print_signature(
    _ud: *mut std::ffi::c_void,
    _ctx: *mut omnir_context,
    p: *mut omnir_directive_printer,
) {
    let write = |s: &str| omnir_directive_printer_write(p, s.as_ptr() as *const c_char, s.len());
    let (mut kind, mut n) = (0u32, 0usize);
    omnir_directive_printer_get_arg(p, 0, &mut kind, &mut n);
    assert_eq!(kind, OMNIR_DIRECTIVE_ARG_REGION);
    write("(");
    for i in 0..n {
        if i > 0 {
            write(", ");
        }
        omnir_directive_printer_print_operand(p, 0, i);
        write(": ");
        let mut t = omnir_type::default();
        omnir_directive_printer_get_type(p, 0, i, &mut t);
        omnir_directive_printer_print_type(p, t);
    }
    write(")");
}

#[test]
fn a_c_directive_names_region_arguments_before_their_types() {
    let mut p = null_mut();
    assert_eq!(omnir_context_create(&mut p), OMNIR_OK);
    let c = Ctx(p);
    let defs = r#"irdl.dialect @sg {
  irdl.operation @fn attributes {omnir.assembly_format = "`` custom<Sig>($body) attr-dict-with-keyword $body", omnir.traits = ["IsolatedFromAbove"]} {
    %r = irdl.region
    irdl.regions(body: %r)
  }
}
"#;
    assert_eq!(load(&c, defs, "sg.mlir"), OMNIR_OK, "{}", last_error());
    let (d, n) = ("sg", "Sig");
    assert_eq!(
        omnir_dialect_register_directive(
            c.0,
            d.as_ptr() as *const c_char,
            d.len(),
            n.as_ptr() as *const c_char,
            n.len(),
            Some(parse_signature),
            Some(print_signature),
            null_mut(),
            None
        ),
        OMNIR_OK
    );
    omnir_core::api::context::omnir_context_set_allow_unregistered_dialects(c.0, true);
    let text = "sg.fn(%a: i32, %b: f32) {\n  \"test.use\"(%a, %b) : (i32, f32) -> ()\n}\n";
    let f = "s.mlir";
    let mut m = omnir_op::default();
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
    assert_eq!(omnir_op_print(c.0, m, &omnir_print_flags_default(), &mut s), OMNIR_OK);
    // SAFETY: omnir returned `len` bytes at `data`.
    let printed =
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned();
    omnir_string_free(s);
    assert_eq!(
        printed,
        "module {\n  sg.fn(%arg0: i32, %arg1: f32) {\n    \"test.use\"(%arg0, %arg1) : (i32, f32) -> ()\n  }\n}\n"
    );
}
