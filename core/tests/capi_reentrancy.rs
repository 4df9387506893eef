//! Callbacks that call back into the C API while the context is held exclusively.
//!
//! The parser holds the context exclusively while it builds IR; when it builds a dialect
//! type it runs the type's parameters verifier (a C callback). That callback gets shared
//! access for its read-only calls (printing, kind checks, uniquing types), and still gets
//! `OMNIR_ERROR_BUSY` for anything that mutates or destroys the context.

use std::ffi::c_void;
use std::ptr::null_mut;

use omnir_core::api::asm::*;
use omnir_core::api::attributes::*;
use omnir_core::api::context::*;
use omnir_core::api::dialects::*;
use omnir_core::api::handles::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::types::*;
use omnir_core::api::{omnir_last_error_message, omnir_string, omnir_string_free, omnir_string_view};

fn take(s: omnir_string) -> String {
    let out = if s.data.is_null() {
        String::new()
    } else {
        // SAFETY: omnir strings point at `len` initialized bytes.
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }).into_owned()
    };
    omnir_string_free(s);
    out
}

#[track_caller]
fn ok(s: omnir_status) {
    if s != OMNIR_OK {
        panic!("expected OMNIR_OK, got {s:?}: {}", take(omnir_last_error_message()));
    }
}

fn empty() -> omnir_string {
    omnir_string { data: null_mut(), len: 0 }
}

/// What the verifier saw and did, through its user data.
#[derive(Default)]
struct Log {
    /// Handles made before the parse, read from inside the callback.
    i32: omnir_type,
    attr: omnir_attribute,
    /// A second, unrelated context: calls on it are unaffected.
    other: usize,
    calls: usize,
    printed: Vec<String>,
    kinds: Vec<omnir_attribute_kind>,
    uniqued: Vec<omnir_status>,
    other_ctx: Vec<omnir_status>,
    mutate: Vec<omnir_status>,
    destroy: Vec<omnir_status>,
    param_kinds: Vec<omnir_attribute_kind>,
    fail: bool,
}

unsafe extern "C" fn reading_verifier(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    params: *const omnir_attribute,
    num_params: usize,
    message: *mut omnir_callback_message,
) -> u32 {
    // SAFETY: the test passes a `Log` that outlives the context's use of it.
    let log = unsafe { &mut *(user_data as *mut Log) };
    log.calls += 1;
    // Read-only calls on the context that is being parsed into.
    let mut s = empty();
    ok(omnir_type_print(ctx, log.i32, &mut s));
    log.printed.push(take(s));
    let mut kind = omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_UNIT;
    ok(omnir_attribute_get_kind(ctx, log.attr, &mut kind));
    log.kinds.push(kind);
    let mut t = omnir_type::default();
    log.uniqued.push(omnir_integer_type_get(ctx, 17, 0, &mut t));
    if !t.eq(&omnir_type::default()) {
        let mut s = empty();
        ok(omnir_type_print(ctx, t, &mut s));
        log.printed.push(take(s));
    }
    // SAFETY: the parameters are `num_params` handles valid during the call.
    let params = unsafe { std::slice::from_raw_parts(params, num_params) };
    for p in params {
        let mut k = omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_UNIT;
        ok(omnir_attribute_get_kind(ctx, *p, &mut k));
        log.param_kinds.push(k);
    }
    // Another context is not affected by this one's callback.
    let mut b = false;
    log.other_ctx.push(omnir_context_get_allow_unregistered_dialects(log.other as *mut omnir_context, &mut b));
    // Mutating or destroying the context from inside is still refused.
    log.mutate.push(omnir_context_set_allow_unregistered_dialects(ctx, true));
    log.destroy.push(omnir_context_destroy(ctx));
    if log.fail {
        let text = "marker refused by its verifier";
        ok(omnir_callback_message_set(message, text.as_ptr().cast(), text.len()));
        return 1;
    }
    0
}

struct Fixture {
    ctx: *mut omnir_context,
    other: *mut omnir_context,
    log: Box<Log>,
    marker: u32,
    boxed: u32,
}

impl Fixture {
    fn new() -> Fixture {
        let mut ctx = null_mut();
        ok(omnir_context_create(&mut ctx));
        ok(omnir_context_set_allow_unregistered_dialects(ctx, true));
        let mut other = null_mut();
        ok(omnir_context_create(&mut other));
        let mut log = Box::<Log>::default();
        log.other = other as usize;
        ok(omnir_integer_type_get(ctx, 32, 0, &mut log.i32));
        let text = "[1, 2]";
        ok(omnir_attribute_parse(ctx, text.as_ptr().cast(), text.len(), &mut log.attr));
        ok(omnir_dialect_register(ctx, "rx".as_ptr().cast(), 2, false));
        let user_data = &mut *log as *mut Log as *mut c_void;
        let mut marker_def = omnir_type_definition {
            dialect: "rx".as_ptr().cast(),
            dialect_len: 2,
            name: "marker".as_ptr().cast(),
            name_len: 6,
            params: std::ptr::null(),
            num_params: 0,
            verify: Some(reading_verifier),
            verify_user_data: user_data,
            free_verify_user_data: None,
            interfaces: std::ptr::null(),
            num_interfaces: 0,
        };
        let mut marker = 0;
        ok(omnir_dialect_register_type(ctx, &marker_def, &mut marker));
        let params = [omnir_string_view { data: "inner".as_ptr().cast(), len: 5 }];
        marker_def.name = "boxed".as_ptr().cast();
        marker_def.name_len = 5;
        marker_def.params = params.as_ptr();
        marker_def.num_params = 1;
        let mut boxed = 0;
        ok(omnir_dialect_register_type(ctx, &marker_def, &mut boxed));
        Fixture { ctx, other, log, marker, boxed }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let a = omnir_context_destroy(self.ctx);
        let b = omnir_context_destroy(self.other);
        if !std::thread::panicking() {
            assert_eq!((a, b), (OMNIR_OK, OMNIR_OK));
        }
    }
}

/// The parser builds `!rx.marker` while it holds the context exclusively: the verifier's
/// read-only calls succeed, its mutations are refused.
#[test]
fn params_verifier_reads_during_module_parse() {
    let f = Fixture::new();
    let text = "%0 = \"test.make\"() : () -> !rx.marker\n\"test.use\"(%0) : (!rx.marker) -> ()\n";
    let mut module = omnir_op::default();
    ok(omnir_module_parse(f.ctx, text.as_ptr().cast(), text.len(), "in.mlir".as_ptr().cast(), 7, &mut module));
    let log = &f.log;
    assert!(log.calls >= 1, "the parser built the dialect type");
    for i in 0..log.calls {
        assert_eq!(log.printed[2 * i], "i32");
        assert_eq!(log.printed[2 * i + 1], "i17");
        assert_eq!(log.kinds[i], omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_ARRAY);
    }
    assert!(log.uniqued.iter().all(|s| *s == OMNIR_OK), "{:?}", log.uniqued);
    assert!(log.other_ctx.iter().all(|s| *s == OMNIR_OK), "{:?}", log.other_ctx);
    assert!(log.mutate.iter().all(|s| *s == OMNIR_ERROR_BUSY), "{:?}", log.mutate);
    assert!(log.destroy.iter().all(|s| *s == OMNIR_ERROR_BUSY), "{:?}", log.destroy);

    // The module is intact and prints the dialect type.
    let mut s = empty();
    ok(omnir_op_print(f.ctx, module, std::ptr::null(), &mut s));
    let printed = take(s);
    assert!(printed.contains("!rx.marker"), "{printed}");
    // After the callback, outside any callback, mutation works again.
    ok(omnir_context_set_allow_unregistered_dialects(f.ctx, true));
}

/// A verifier that refuses, during a parse: the parse fails with its message, and nothing
/// is left borrowed (the context works normally afterwards).
#[test]
fn failing_params_verifier_during_parse() {
    let mut f = Fixture::new();
    f.log.fail = true;
    let text = "\"test.make\"() : () -> !rx.marker\n";
    let mut module = omnir_op::default();
    let st = omnir_module_parse(f.ctx, text.as_ptr().cast(), text.len(), "in.mlir".as_ptr().cast(), 7, &mut module);
    assert_eq!(st, OMNIR_ERROR_PARSE_FAILED);
    let msg = take(omnir_last_error_message());
    assert!(msg.contains("marker refused by its verifier"), "{msg}");
    assert!(f.log.calls >= 1);
    assert!(f.log.mutate.iter().all(|s| *s == OMNIR_ERROR_BUSY));
    ok(omnir_context_set_allow_unregistered_dialects(f.ctx, false));
    ok(omnir_context_set_allow_unregistered_dialects(f.ctx, true));
}

/// `omnir_dialect_type_get` (a read): the verifier reads its parameters and the context.
#[test]
fn params_verifier_reads_during_dialect_type_get() {
    let f = Fixture::new();
    let mut unit = omnir_attribute::default();
    ok(omnir_unit_attr_get(f.ctx, &mut unit));
    let mut t = omnir_type::default();
    ok(omnir_dialect_type_get(f.ctx, f.boxed, &unit, 1, &mut t));
    assert_eq!(f.log.param_kinds, [omnir_attribute_kind::OMNIR_ATTRIBUTE_KIND_UNIT]);
    assert_eq!(f.log.printed, ["i32", "i17"]);
    assert_eq!(f.log.mutate, [OMNIR_ERROR_BUSY]);
    let mut s = empty();
    ok(omnir_type_print(f.ctx, t, &mut s));
    assert_eq!(take(s), "!rx.boxed<unit>");
    let _ = f.marker;
}
