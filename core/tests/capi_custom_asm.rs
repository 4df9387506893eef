//! Custom assembly through the C API, called exactly as a C program would: a quantization
//! dialect whose `!cq.uniform<i8:f32, 0.5:128>` parser and printer are `extern "C"`
//! callbacks written against the C API only (`omnir_type_parse_prefix`, attribute getters,
//! `omnir_string_builder_append`), registered with `omnir_dialect_set_type_assembly`; a
//! dialect-level fallback parser; errors with offsets; user-data ownership; misuse.

use std::ffi::{c_char, c_void};
use std::mem::MaybeUninit;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicUsize, Ordering};

use omnir_core::api::asm::*;
use omnir_core::api::attributes::*;
use omnir_core::api::context::*;
use omnir_core::api::diagnostics::*;
use omnir_core::api::dialects::*;
use omnir_core::api::handles::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::typeid::*;
use omnir_core::api::types::*;
use omnir_core::api::{
    omnir_last_error_message, omnir_last_error_status, omnir_string, omnir_string_free, omnir_string_view,
};

// ---------------------------------------------------------------------------------------
// helpers

struct Ctx(*mut omnir_context);

impl Drop for Ctx {
    fn drop(&mut self) {
        if !self.0.is_null() {
            assert_eq!(omnir_context_destroy(self.0), OMNIR_OK);
        }
    }
}

fn ctx() -> Ctx {
    let mut p = null_mut();
    assert_eq!(omnir_context_create(&mut p), OMNIR_OK);
    Ctx(p)
}

fn take(s: omnir_string) -> String {
    let text = if s.data.is_null() {
        String::new()
    } else {
        // SAFETY: omnir returned `len` readable bytes at `data`.
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned()
    };
    omnir_string_free(s);
    text
}

fn last_msg() -> String {
    take(omnir_last_error_message())
}

#[track_caller]
fn ok(s: omnir_status) {
    assert_eq!(s, OMNIR_OK, "unexpected error: {}", last_msg());
}

#[track_caller]
fn fails(s: omnir_status, code: omnir_status) -> String {
    let msg = last_msg();
    assert_eq!(s, code, "message: {msg}");
    assert_eq!(omnir_last_error_status(), code);
    assert!(!msg.is_empty());
    msg
}

#[track_caller]
fn get<T>(f: impl FnOnce(*mut T) -> omnir_status) -> T {
    let mut v = MaybeUninit::<T>::uninit();
    ok(f(v.as_mut_ptr()));
    // SAFETY: the call succeeded, so it wrote the out-parameter.
    unsafe { v.assume_init() }
}

fn sv(s: &str) -> omnir_string_view {
    omnir_string_view { data: s.as_ptr().cast(), len: s.len() }
}

fn tprint(c: *const omnir_context, t: omnir_type) -> String {
    take(get(|o| omnir_type_print(c, t, o)))
}

fn aprint(c: *const omnir_context, a: omnir_attribute) -> String {
    take(get(|o| omnir_attribute_print(c, a, o)))
}

fn parse_module(c: &Ctx, text: &str) -> Result<String, String> {
    let mut m = omnir_op::default();
    let st = omnir_module_parse(c.0, text.as_ptr().cast(), text.len(), b"t.mlir".as_ptr().cast(), 6, &mut m);
    if st != OMNIR_OK {
        return Err(last_msg());
    }
    let mut flags = omnir_print_flags_default();
    flags.generic_form = true;
    Ok(take(get(|o| omnir_op_print(c.0, m, &flags, o))))
}

// ---------------------------------------------------------------------------------------
// the dialect's callbacks, written against the C API only

/// Fails a custom parser with `text` at byte `offset`.
unsafe fn refuse(message: *mut omnir_callback_message, offset: usize, text: &str) -> u32 {
    ok(omnir_callback_message_set(message, text.as_ptr().cast(), text.len()));
    ok(omnir_callback_message_set_offset(message, offset));
    1
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn blanks(&mut self) {
        while self.text[self.pos..].starts_with([' ', '\n', '\t']) {
            self.pos += 1;
        }
    }
    fn eat(&mut self, c: char) -> bool {
        self.blanks();
        if self.text[self.pos..].starts_with(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn number(&mut self) -> &str {
        self.blanks();
        let start = self.pos;
        let b = self.text.as_bytes();
        while self.pos < b.len() && (b[self.pos].is_ascii_digit() || b"-+.eE".contains(&b[self.pos])) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }
}

/// `<storage:expressed, scale:zero_point>`.
unsafe extern "C" fn quant_parse(
    _user_data: *mut c_void,
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    params: *mut omnir_attribute,
    num_params: usize,
    message: *mut omnir_callback_message,
) -> u32 {
    assert_eq!(num_params, 4);
    // The text is NUL-terminated.
    assert_eq!(unsafe { *text.add(text_len) }, 0);
    let text = std::str::from_utf8(unsafe { std::slice::from_raw_parts(text.cast::<u8>(), text_len) }).unwrap();
    let mut c = Cursor { text, pos: 0 };
    let mut types = [omnir_type::default(); 2];
    for (i, sep) in [(0usize, ':'), (1, ',')] {
        let open = if i == 0 { '<' } else { ':' };
        if !c.eat(open) {
            return unsafe { refuse(message, c.pos, &format!("expected '{open}'")) };
        }
        let rest = &text[c.pos..];
        let mut consumed = 0usize;
        if omnir_type_parse_prefix(ctx, rest.as_ptr().cast(), rest.len(), &mut types[i], &mut consumed) != OMNIR_OK {
            // Forward the nested error, where it happened.
            return unsafe { refuse(message, c.pos + consumed, &last_msg()) };
        }
        c.pos += consumed;
        let _ = sep;
    }
    if !c.eat(',') {
        return unsafe { refuse(message, c.pos, "expected ','") };
    }
    let at = c.pos;
    let Ok(scale) = c.number().parse::<f64>() else { return unsafe { refuse(message, at, "expected scale") } };
    if !c.eat(':') {
        return unsafe { refuse(message, c.pos, "expected ':'") };
    }
    let at = c.pos;
    let Ok(zp) = c.number().parse::<i64>() else { return unsafe { refuse(message, at, "expected zero point") } };
    if !c.eat('>') {
        return unsafe { refuse(message, c.pos, "expected '>'") };
    }
    c.blanks();
    if c.pos != text.len() {
        return unsafe { refuse(message, c.pos, "unexpected text after the parameters") };
    }
    let f64t = get(|o| omnir_float_type_get(ctx, omnir_float_kind::OMNIR_FLOAT_KIND_F64 as u32, o));
    let i64t = get(|o| omnir_integer_type_get(ctx, 64, 0, o));
    let out = unsafe { std::slice::from_raw_parts_mut(params, 4) };
    ok(omnir_type_attr_get(ctx, types[0], &mut out[0]));
    ok(omnir_type_attr_get(ctx, types[1], &mut out[1]));
    ok(omnir_float_attr_get(ctx, f64t, scale, &mut out[2]));
    ok(omnir_integer_attr_get(ctx, i64t, zp, &mut out[3]));
    0
}

unsafe extern "C" fn quant_print(
    _user_data: *mut c_void,
    ctx: *mut omnir_context,
    params: *const omnir_attribute,
    num_params: usize,
    out: *mut omnir_string_builder,
    _message: *mut omnir_callback_message,
) -> u32 {
    let p = unsafe { std::slice::from_raw_parts(params, num_params) };
    let storage = get(|o| omnir_type_attr_get_value(ctx, p[0], o));
    let expressed = get(|o| omnir_type_attr_get_value(ctx, p[1], o));
    // MLIR's float spelling: the attribute's, without its type.
    let scale = aprint(ctx, p[2]);
    let scale = scale.trim_end_matches(" : f64");
    let zp = aprint(ctx, p[3]);
    let zp = zp.trim_end_matches(" : i64");
    let text = format!("<{}:{}, {scale}:{zp}>", tprint(ctx, storage), tprint(ctx, expressed));
    ok(omnir_string_builder_append(out, text.as_ptr().cast(), text.len()));
    0
}

/// Positive scales only.
unsafe extern "C" fn quant_verify(
    _user_data: *mut c_void,
    ctx: *mut omnir_context,
    params: *const omnir_attribute,
    num_params: usize,
    message: *mut omnir_callback_message,
) -> u32 {
    let p = unsafe { std::slice::from_raw_parts(params, num_params) };
    let scale: f64 = get(|o| omnir_float_attr_get_double(ctx, p[2], o));
    if scale > 0.0 {
        return 0;
    }
    let m = "scale must be positive";
    ok(omnir_callback_message_set(message, m.as_ptr().cast(), m.len()));
    1
}

static FREED: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn count_free(user_data: *mut c_void) {
    assert_eq!(user_data as usize, 0x5eed);
    FREED.fetch_add(1, Ordering::SeqCst);
}

/// `!cq.q8` is `!cq.uniform<i8:f32, 1.0:0>`.
unsafe extern "C" fn dialect_parse_type(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    text: *const c_char,
    text_len: usize,
    out: *mut omnir_type,
    message: *mut omnir_callback_message,
) -> u32 {
    let text = std::str::from_utf8(unsafe { std::slice::from_raw_parts(text.cast::<u8>(), text_len) }).unwrap();
    if text != "q8" {
        return unsafe { refuse(message, 0, &format!("unknown cq type '{text}'")) };
    }
    let def = unsafe { *(user_data as *const u32) };
    let src = "!cq.uniform<i8:f32, 1.0:0>";
    let _ = def;
    ok(omnir_type_parse(ctx, src.as_ptr().cast(), src.len(), out));
    0
}

unsafe extern "C" fn parse_leaving_params_unset(
    _: *mut c_void,
    _: *mut omnir_context,
    _: *const c_char,
    _: usize,
    _: *mut omnir_attribute,
    _: usize,
    _: *mut omnir_callback_message,
) -> u32 {
    0
}

unsafe extern "C" fn print_failing(
    _: *mut c_void,
    _: *mut omnir_context,
    _: *const omnir_attribute,
    _: usize,
    _: *mut omnir_string_builder,
    message: *mut omnir_callback_message,
) -> u32 {
    let m = "no can do";
    ok(omnir_callback_message_set(message, m.as_ptr().cast(), m.len()));
    7
}

fn register(c: &Ctx) -> u32 {
    ok(omnir_dialect_register(c.0, b"cq".as_ptr().cast(), 2, true));
    let params = [sv("storage"), sv("expressed"), sv("scale"), sv("zero_point")];
    let iface = omnir_interface_impl {
        interface: get(|o| omnir_typeid_get(b"builtin.MemRefElementTypeInterface".as_ptr().cast(), 34, o)),
        vtable: null(),
        user_data: null_mut(),
        free_user_data: None,
    };
    let def = omnir_type_definition {
        dialect: b"cq".as_ptr().cast(),
        dialect_len: 2,
        name: b"uniform".as_ptr().cast(),
        name_len: 7,
        params: params.as_ptr(),
        num_params: 4,
        verify: Some(quant_verify),
        verify_user_data: null_mut(),
        free_verify_user_data: None,
        interfaces: &iface,
        num_interfaces: 1,
    };
    let id: u32 = get(|o| omnir_dialect_register_type(c.0, &def, o));
    let asm = omnir_custom_assembly {
        parse: Some(quant_parse),
        print: Some(quant_print),
        user_data: 0x5eed as *mut c_void,
        free_user_data: Some(count_free),
    };
    ok(omnir_dialect_set_type_assembly(c.0, id, &asm));
    ok(omnir_context_set_allow_unregistered_dialects(c.0, true));
    id
}

const Q: &str = "!cq.uniform<i8:f32, 5.000000e-01:128>";

// ---------------------------------------------------------------------------------------
// tests (one test: FREED is process-wide)

#[test]
fn custom_assembly_through_the_c_api() {
    FREED.store(0, Ordering::SeqCst);
    let c = ctx();
    let def = register(&c);

    // Round trip of a module using the type everywhere, byte for byte.
    let text = format!(
        "\"builtin.module\"() ({{\n  \"test.op\"() ({{\n  ^bb0(%arg0: memref<4x{Q}>):\n    %0 = \"test.cast\"(%arg0) {{q = {Q}, t = tensor<2x{Q}>}} : (memref<4x{Q}>) -> {Q}\n  }}) : () -> ()\n}}) : () -> ()\n"
    );
    let printed = parse_module(&c, &text).unwrap();
    assert_eq!(printed, text);
    // Other spellings: blanks, the opaque form, other float spellings.
    let a: omnir_type = get(|o| omnir_type_parse(c.0, b"!cq.uniform< i8 : f32 , 0.5 : 128 >".as_ptr().cast(), 35, o));
    let s = "!cq<uniform<i8:f32, 5e-1:128>>";
    let b: omnir_type = get(|o| omnir_type_parse(c.0, s.as_ptr().cast(), s.len(), o));
    assert_eq!(a, b);
    assert_eq!(tprint(c.0, a), Q);
    assert_eq!(get(|o| omnir_dialect_type_get_def(c.0, a, o)), def);

    // Errors from the callback, at the offset it gave.
    let e = parse_module(&c, "\"test.op\"() {a = !cq.uniform<i8:f32, 0.5;128>} : () -> ()").unwrap_err();
    assert!(e.starts_with("t.mlir:1:41: error: expected ':'\n"), "{e}");
    // A nested error forwarded with its own offset.
    let e = parse_module(&c, "\"test.op\"() {a = !cq.uniform<i8:complex<i32, 0.5:1>>} : () -> ()").unwrap_err();
    assert!(e.starts_with("t.mlir:1:44: error: expected '>' in complex type\n"), "{e}");
    // The parameters verifier (a C callback) refuses: a parse error at the mnemonic.
    let e = parse_module(&c, "\"test.op\"() {a = !cq.uniform<i8:f32, 0.0:1>} : () -> ()").unwrap_err();
    assert!(e.starts_with("t.mlir:1:22: error: invalid 'cq.uniform': scale must be positive\n"), "{e}");

    // The dialect-level fallback.
    let dp = omnir_dialect_assembly {
        parse_type: Some(dialect_parse_type),
        parse_attribute: None,
        user_data: &def as *const u32 as *mut c_void,
        free_user_data: None,
    };
    ok(omnir_dialect_set_assembly(c.0, b"cq".as_ptr().cast(), 2, &dp));
    let q8: omnir_type = get(|o| omnir_type_parse(c.0, b"!cq.q8".as_ptr().cast(), 6, o));
    assert_eq!(tprint(c.0, q8), "!cq.uniform<i8:f32, 1.000000e+00:0>");
    let e = parse_module(&c, "\"test.op\"() {a = !cq.q9} : () -> ()").unwrap_err();
    assert!(e.starts_with("t.mlir:1:22: error: unknown cq type 'q9'\n"), "{e}");
    fails(omnir_dialect_set_assembly(c.0, b"cq".as_ptr().cast(), 2, &dp), OMNIR_ERROR_ALREADY_EXISTS);

    // Prefix parsing.
    let mut t = omnir_type::default();
    let mut n = 0usize;
    ok(omnir_type_parse_prefix(c.0, b"i8:f32".as_ptr().cast(), 6, &mut t, &mut n));
    assert_eq!((tprint(c.0, t), n), ("i8".to_string(), 2));
    let mut at = omnir_attribute::default();
    ok(omnir_attribute_parse_prefix(c.0, b" [1, 2] x".as_ptr().cast(), 9, &mut at, &mut n));
    assert_eq!((aprint(c.0, at), n), ("[1, 2]".to_string(), 7));
    let m =
        fails(omnir_type_parse_prefix(c.0, b"tensor<4x".as_ptr().cast(), 9, &mut t, &mut n), OMNIR_ERROR_PARSE_FAILED);
    assert_eq!((m.as_str(), n), ("expected non-function type", 8));
    fails(omnir_type_parse_prefix(c.0, b"i8".as_ptr().cast(), 2, null_mut(), &mut n), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_type_parse_prefix(c.0, b"i8".as_ptr().cast(), 2, &mut t, null_mut()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_type_parse_prefix(c.0, b"\xff".as_ptr().cast(), 1, &mut t, &mut n), OMNIR_ERROR_INVALID_UTF8);

    // Misuse: assembly set twice (the caller keeps its user data), NULL callbacks, unknown
    // definitions, builders and messages outside callbacks.
    let again = omnir_custom_assembly {
        parse: Some(quant_parse),
        print: Some(quant_print),
        user_data: 0x5eed as *mut c_void,
        free_user_data: Some(count_free),
    };
    fails(omnir_dialect_set_type_assembly(c.0, def, &again), OMNIR_ERROR_ALREADY_EXISTS);
    let no_print = omnir_custom_assembly { print: None, ..again };
    fails(omnir_dialect_set_type_assembly(c.0, def, &no_print), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_dialect_set_type_assembly(c.0, def + 100, &again), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dialect_set_attribute_assembly(c.0, 12345, &again), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_dialect_set_type_assembly(c.0, def, null()), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_dialect_set_type_assembly(null_mut(), def, &again), OMNIR_ERROR_NULL_ARGUMENT);
    let none =
        omnir_dialect_assembly { parse_type: None, parse_attribute: None, user_data: null_mut(), free_user_data: None };
    fails(omnir_dialect_set_assembly(c.0, b"cq".as_ptr().cast(), 2, &none), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_dialect_set_assembly(c.0, b"zz".as_ptr().cast(), 2, &dp), OMNIR_ERROR_NOT_REGISTERED);
    fails(omnir_string_builder_append(null_mut(), b"x".as_ptr().cast(), 1), OMNIR_ERROR_NULL_ARGUMENT);
    let mut fake = [0u64; 8];
    fails(omnir_string_builder_append(fake.as_mut_ptr().cast(), b"x".as_ptr().cast(), 1), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_callback_message_set_offset(null_mut(), 1), OMNIR_ERROR_NULL_ARGUMENT);
    fails(omnir_callback_message_set_offset(fake.as_mut_ptr().cast(), 1), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(FREED.load(Ordering::SeqCst), 0);

    // An attribute kind whose parser leaves its parameters unset, and whose printer fails.
    let params = [sv("x")];
    let adef = omnir_type_definition {
        dialect: b"cq".as_ptr().cast(),
        dialect_len: 2,
        name: b"odd".as_ptr().cast(),
        name_len: 3,
        params: params.as_ptr(),
        num_params: 1,
        verify: None,
        verify_user_data: null_mut(),
        free_verify_user_data: None,
        interfaces: null(),
        num_interfaces: 0,
    };
    let odd: u32 = get(|o| omnir_dialect_register_attribute(c.0, &adef, o));
    let odd_asm = omnir_custom_assembly {
        parse: Some(parse_leaving_params_unset),
        print: Some(print_failing),
        user_data: null_mut(),
        free_user_data: None,
    };
    ok(omnir_dialect_set_attribute_assembly(c.0, odd, &odd_asm));
    let e = parse_module(&c, "\"test.op\"() {a = #cq.odd<>} : () -> ()").unwrap_err();
    assert!(e.contains("error: the custom parser of '#cq.odd' set no attribute for parameter 'x'"), "{e}");
    // A failing printer: reported as a diagnostic, default form printed.
    let mut capture = 0u64;
    ok(omnir_context_begin_diagnostic_capture(c.0, &mut capture));
    let one: omnir_attribute = get(|o| omnir_attribute_parse(c.0, b"1".as_ptr().cast(), 1, o));
    let odd_attr: omnir_attribute = get(|o| omnir_dialect_attr_get(c.0, odd, &one, 1, o));
    assert_eq!(aprint(c.0, odd_attr), "#cq.odd<1>");
    let list = get(|o| omnir_context_end_diagnostic_capture(c.0, capture, o));
    let mut count = 0usize;
    ok(omnir_diagnostic_list_get_size(list, &mut count));
    assert_eq!(count, 1);
    ok(omnir_diagnostic_list_free(list));

    // The user data is freed once, with the context.
    drop(c);
    assert_eq!(FREED.load(Ordering::SeqCst), 1);
}
