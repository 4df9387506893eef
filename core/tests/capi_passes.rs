//! Options and passes through the C API: declare/set/scope options, passes and rewrite
//! patterns written as C callbacks that change IR through the API, pipelines, timing, IR
//! printing — and C callbacks kept on the calling thread during a multi-threaded run.

use std::ffi::{c_char, c_void};
use std::ptr::null_mut;
use std::sync::mpsc;
use std::time::Duration;

use omnir_core::api::asm::*;
use omnir_core::api::context::*;
use omnir_core::api::dialects::*;
use omnir_core::api::handles::*;
use omnir_core::api::ir::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::options::*;
use omnir_core::api::passes::*;
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

fn sv(s: &str) -> omnir_string_view {
    omnir_string_view { data: s.as_ptr().cast::<c_char>(), len: s.len() }
}

fn empty() -> omnir_string {
    omnir_string { data: null_mut(), len: 0 }
}

fn context() -> *mut omnir_context {
    let mut ctx = null_mut();
    ok(omnir_context_create(&mut ctx));
    ok(omnir_context_set_allow_unregistered_dialects(ctx, true));
    ctx
}

fn parse(ctx: *mut omnir_context, text: &str) -> omnir_op {
    let mut m = omnir_op::default();
    ok(omnir_module_parse(ctx, text.as_ptr().cast(), text.len(), "t.mlir".as_ptr().cast(), 6, &mut m));
    m
}

fn print(ctx: *mut omnir_context, op: omnir_op) -> String {
    let mut flags = omnir_print_flags_default();
    flags.generic_form = true;
    let mut s = empty();
    ok(omnir_op_print(ctx, op, &flags, &mut s));
    take(s)
}

fn op_name(ctx: *mut omnir_context, op: omnir_op) -> String {
    let mut s = empty();
    ok(omnir_op_get_name(ctx, op, &mut s));
    take(s)
}

fn get(ctx: *mut omnir_context, name: &str) -> String {
    let mut s = empty();
    ok(omnir_option_get(ctx, name.as_ptr().cast(), name.len(), &mut s));
    take(s)
}

fn declare_int(ctx: *mut omnir_context, name: &str, default: &str) -> omnir_status {
    let decl = omnir_option_decl {
        name: sv(name),
        ty: omnir_option_type { kind: OMNIR_OPTION_INT, element_kind: 0, cases: std::ptr::null(), num_cases: 0 },
        default_value: sv(default),
        help: sv("a threshold"),
    };
    omnir_option_declare(ctx, &decl)
}

#[test]
fn options_declare_set_and_scope_per_thread() {
    let ctx = context();
    ok(declare_int(ctx, "threshold", "3"));
    ok(declare_int(ctx, "threshold", "3")); // same type and default: idempotent
    assert_eq!(declare_int(ctx, "threshold", "9"), OMNIR_ERROR_ALREADY_EXISTS); // another default
    assert_eq!(get(ctx, "threshold"), "3");
    let bool_decl = omnir_option_decl {
        name: sv("threshold"),
        ty: omnir_option_type { kind: OMNIR_OPTION_BOOL, element_kind: 0, cases: std::ptr::null(), num_cases: 0 },
        default_value: sv("true"),
        help: sv(""),
    };
    assert_eq!(omnir_option_declare(ctx, &bool_decl), OMNIR_ERROR_ALREADY_EXISTS);
    ok(omnir_option_set(ctx, "threshold".as_ptr().cast(), 9, "7".as_ptr().cast(), 1));
    assert_eq!(
        omnir_option_set(ctx, "threshold".as_ptr().cast(), 9, "lots".as_ptr().cast(), 4),
        OMNIR_ERROR_INVALID_ARGUMENT
    );
    let msg = take(omnir_last_error_message());
    assert!(msg.contains("threshold") && msg.contains("lots"), "{msg}");
    let settings = [omnir_option_setting { name: sv("threshold"), value: sv("10") }];
    let mut scope = 0u64;
    ok(omnir_option_push_scope(ctx, settings.as_ptr(), 1, &mut scope));
    let mut v = 0i64;
    ok(omnir_option_get_int(ctx, "threshold".as_ptr().cast(), 9, &mut v));
    assert_eq!(v, 10);
    // Another thread on the same context does not see this thread's scope.
    let addr = ctx as usize;
    let seen = std::thread::spawn(move || {
        let mut v = 0i64;
        ok(omnir_option_get_int(addr as *mut omnir_context, "threshold".as_ptr().cast(), 9, &mut v));
        v
    })
    .join()
    .unwrap();
    assert_eq!(seen, 7);
    assert_eq!(omnir_option_pop_scope(ctx, scope + 1), OMNIR_ERROR_INVALID_ARGUMENT, "not the innermost scope");
    ok(omnir_option_pop_scope(ctx, scope));
    assert_eq!(get(ctx, "threshold"), "7");
    let bad = [omnir_option_setting { name: sv("nope"), value: sv("1") }];
    assert_eq!(omnir_option_push_scope(ctx, bad.as_ptr(), 1, &mut scope), OMNIR_ERROR_NOT_REGISTERED);
    ok(omnir_option_reset(ctx, "threshold".as_ptr().cast(), 9));
    assert_eq!(get(ctx, "threshold"), "3");
    ok(omnir_context_destroy(ctx));
}

/// A pass that erases every direct child of the module named by its `name` option, through
/// the ordinary API (the context is lent to it mutably).
unsafe extern "C" fn erase_named(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    module: omnir_op,
    options: *const omnir_pass_options,
    message: *mut omnir_callback_message,
) -> u32 {
    let runs = &mut *(user_data as *mut usize);
    *runs += 1;
    let mut name = empty();
    if omnir_pass_options_get(options, "name".as_ptr().cast(), 4, &mut name) != OMNIR_OK {
        return 1;
    }
    let target = take(name);
    if target == "fail" {
        let text = "asked to fail";
        omnir_callback_message_set(message, text.as_ptr().cast(), text.len());
        return 1;
    }
    let mut region = omnir_region::default();
    let mut block = omnir_block::default();
    let mut op = omnir_op::default();
    ok(omnir_op_get_region(ctx, module, 0, &mut region));
    ok(omnir_region_get_first_block(ctx, region, &mut block));
    ok(omnir_block_get_first_op(ctx, block, &mut op));
    while op != omnir_op::default() {
        let mut next = omnir_op::default();
        ok(omnir_op_get_next(ctx, op, &mut next));
        if op_name(ctx, op) == target {
            ok(omnir_op_erase(ctx, op, OMNIR_ERASE_REQUIRE_NO_USES));
        }
        op = next;
    }
    0
}

fn register_erase_named(ctx: *mut omnir_context, runs: &mut usize) {
    let decls = [omnir_option_decl {
        name: sv("name"),
        ty: omnir_option_type { kind: OMNIR_OPTION_STRING, element_kind: 0, cases: std::ptr::null(), num_cases: 0 },
        default_value: sv("test.dead"),
        help: sv("the op name to erase"),
    }];
    let registration = omnir_pass_registration {
        argument: sv("erase-named"),
        name: sv("EraseNamed"),
        description: sv("erases the module's ops of one name"),
        options: decls.as_ptr(),
        num_options: 1,
        run: Some(erase_named),
        user_data: runs as *mut usize as *mut c_void,
        free_user_data: None,
    };
    ok(omnir_pass_register(ctx, &registration));
}

const MODULE: &str = "\"test.keep\"() : () -> ()\n\"test.dead\"() : () -> ()\n\"test.gone\"() : () -> ()\n";

fn run_pipeline(ctx: *mut omnir_context, text: &str, module: omnir_op) -> (omnir_status, *mut omnir_pass_manager) {
    let mut pm = null_mut();
    ok(omnir_pass_manager_parse(ctx, text.as_ptr().cast(), text.len(), &mut pm));
    (omnir_pass_manager_run(ctx, pm, module), pm)
}

#[test]
fn a_c_pass_changes_ir_through_the_api_and_reads_its_options() {
    let ctx = context();
    let mut runs = 0usize;
    register_erase_named(ctx, &mut runs);
    let module = parse(ctx, MODULE);
    let (status, pm) = run_pipeline(ctx, "builtin.module(erase-named{name=test.gone},erase-named)", module);
    ok(status);
    assert_eq!(runs, 2);
    let printed = print(ctx, module);
    assert!(
        printed.contains("test.keep") && !printed.contains("test.gone") && !printed.contains("test.dead"),
        "{printed}"
    );
    let mut text = empty();
    ok(omnir_pass_manager_print(pm, &mut text));
    assert_eq!(take(text), "builtin.module(erase-named{name=test.gone},erase-named)");
    ok(omnir_pass_manager_destroy(pm));
    // A failing pass reports its message and which pass.
    let (status, pm) = run_pipeline(ctx, "builtin.module(erase-named{name=fail})", module);
    assert_eq!(status, OMNIR_ERROR_CALLBACK_FAILED);
    let msg = take(omnir_last_error_message());
    assert!(msg.contains("asked to fail"), "{msg}");
    ok(omnir_pass_manager_destroy(pm));
    ok(omnir_context_destroy(ctx));
}

#[test]
fn pipeline_errors_name_the_problem_and_point_at_it() {
    let ctx = context();
    let mut pm = null_mut();
    let text = "builtin.module(cse,nope)";
    assert_eq!(omnir_pass_manager_parse(ctx, text.as_ptr().cast(), text.len(), &mut pm), OMNIR_ERROR_NOT_REGISTERED);
    let msg = take(omnir_last_error_message());
    assert!(msg.contains("'nope' does not refer to a registered pass") && msg.contains("cse"), "{msg}");
    assert!(msg.contains("\n                   ^"), "{msg}");
    assert!(pm.is_null());
    let text = "builtin.module(canonicalize{max-iterations=many})";
    assert_eq!(omnir_pass_manager_parse(ctx, text.as_ptr().cast(), text.len(), &mut pm), OMNIR_ERROR_INVALID_ARGUMENT);
    assert!(take(omnir_last_error_message()).contains("max-iterations"));
    ok(omnir_context_destroy(ctx));
}

#[test]
fn timing_and_ir_printing_are_collected() {
    let ctx = context();
    let mut runs = 0usize;
    register_erase_named(ctx, &mut runs);
    let module = parse(ctx, MODULE);
    let text = "builtin.module(erase-named)";
    let mut pm = null_mut();
    ok(omnir_pass_manager_parse(ctx, text.as_ptr().cast(), text.len(), &mut pm));
    ok(omnir_pass_manager_enable_timing(pm, true));
    let after = [sv("erase-named")];
    let printing = omnir_ir_printing {
        before: std::ptr::null(),
        num_before: 0,
        after: after.as_ptr(),
        num_after: 1,
        before_all: false,
        after_all: false,
        after_failure: false,
        module_scope: false,
        flags: omnir_print_flags_default(),
    };
    ok(omnir_pass_manager_enable_ir_printing(pm, &printing));
    ok(omnir_pass_manager_run(ctx, pm, module));
    let mut s = empty();
    ok(omnir_pass_manager_get_timing_report(pm, false, &mut s));
    let report = take(s);
    assert!(report.contains("Execution time report") && report.contains("EraseNamed"), "{report}");
    let mut s = empty();
    ok(omnir_pass_manager_take_output(pm, &mut s));
    let dump = take(s);
    assert!(dump.contains("IR Dump After EraseNamed (erase-named)") && dump.contains("test.keep"), "{dump}");
    let mut s = empty();
    ok(omnir_pass_manager_take_output(pm, &mut s));
    assert_eq!(take(s), "", "taken once");
    // A pass manager of one context cannot run on another.
    let other = context();
    let m2 = parse(other, MODULE);
    assert_eq!(omnir_pass_manager_run(other, pm, m2), OMNIR_ERROR_WRONG_CONTEXT);
    ok(omnir_pass_manager_destroy(pm));
    ok(omnir_context_destroy(other));
    ok(omnir_context_destroy(ctx));
}

/// A canonicalization pattern in C: erases `test.noop` ops.
unsafe extern "C" fn erase_noop(
    _user_data: *mut c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    applied: *mut bool,
    _message: *mut omnir_callback_message,
) -> u32 {
    ok(omnir_op_erase(ctx, op, OMNIR_ERASE_REQUIRE_NO_USES));
    *applied = true;
    0
}

#[test]
fn a_c_rewrite_pattern_runs_in_canonicalize() {
    let ctx = context();
    let name = "erase-noop";
    let root = "test.noop";
    ok(omnir_rewrite_pattern_register(
        ctx,
        name.as_ptr().cast(),
        name.len(),
        root.as_ptr().cast(),
        root.len(),
        1,
        Some(erase_noop),
        null_mut(),
        None,
    ));
    let module = parse(ctx, "\"test.noop\"() : () -> ()\n\"test.keep\"() : () -> ()\n\"test.noop\"() : () -> ()\n");
    let (status, pm) = run_pipeline(ctx, "builtin.module(canonicalize)", module);
    ok(status);
    let printed = print(ctx, module);
    assert!(!printed.contains("test.noop") && printed.contains("test.keep"), "{printed}");
    ok(omnir_pass_manager_destroy(pm));
    ok(omnir_context_destroy(ctx));
}

static ON_WORKER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// An op verifier that reads the context through the API and counts the calls made on a
/// pool worker (there must be none).
unsafe extern "C" fn reading_verifier(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    _message: *mut omnir_callback_message,
) -> u32 {
    let mut s = empty();
    let status = omnir_op_get_name(ctx, op, &mut s);
    let name = take(s);
    let counter = &*(user_data as *const std::sync::atomic::AtomicUsize);
    counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    if std::thread::current().name().is_some_and(|n| n.starts_with("omnir-pass")) {
        ON_WORKER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    // A verifier may read but never mutate: BUSY, not a hang, on a worker too.
    let mutate = omnir_context_set_allow_unregistered_dialects(ctx, true);
    if status == OMNIR_OK && name == "vd.op" && mutate == OMNIR_ERROR_BUSY {
        0
    } else {
        1
    }
}

/// C callbacks run on the thread that called `run`, even with a pool of several threads
/// (Python needs its GIL there, JavaScript can only run there), and still may read but
/// not mutate.
#[test]
fn c_verifiers_run_on_the_calling_thread_during_a_run() {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let ctx = context();
    ok(omnir_context_set_pass_threads(ctx, 2));
    ok(omnir_dialect_register(ctx, "vd".as_ptr().cast(), 2, false));
    // SAFETY: the definition is documented as zero-initialized then filled in.
    let mut def: omnir_op_definition = unsafe { std::mem::zeroed() };
    def.name = "vd.op".as_ptr().cast();
    def.name_len = 5;
    def.verify = Some(reading_verifier);
    def.verify_user_data = &CALLS as *const _ as *mut c_void;
    ok(omnir_dialect_register_operation(ctx, &def));
    let mut text = String::new();
    for i in 0..16 {
        text.push_str(&format!(
            "\"func.func\"() ({{\n  \"vd.op\"() : () -> ()\n  \"func.return\"() : () -> ()\n}}) {{function_type = () -> (), sym_name = \"f{i}\"}} : () -> ()\n"
        ));
    }
    let module = parse(ctx, &text);
    let addr = (ctx as usize, module);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let (ctx, module) = (addr.0 as *mut omnir_context, addr.1);
        let pipeline = "builtin.module(func.func(cse))";
        let mut pm = null_mut();
        ok(omnir_pass_manager_parse(ctx, pipeline.as_ptr().cast(), pipeline.len(), &mut pm));
        ok(omnir_pass_manager_enable_multithreading(pm, true));
        let status = omnir_pass_manager_run(ctx, pm, module);
        ok(omnir_pass_manager_destroy(pm));
        tx.send(status).unwrap();
    });
    let status = rx.recv_timeout(Duration::from_secs(60)).expect("the run finishes (no deadlock)");
    ok(status);
    assert!(CALLS.load(std::sync::atomic::Ordering::Relaxed) >= 16, "the verifier ran for every vd.op");
    assert_eq!(ON_WORKER.load(std::sync::atomic::Ordering::Relaxed), 0, "a C verifier ran on a pool worker");
    ok(omnir_context_destroy(ctx));
}
