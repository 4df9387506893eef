//! Concurrency stress through the C API from Rust threads (std::thread): workers on one shared
//! context and on a context each, a fixed number of iterations of parse, print, walks whose
//! callbacks read and erase, create, verify (failing into the worker's own handler), emitted
//! diagnostics, nested option scopes, a pass written as a C callback (reading the thread's
//! scope) with cse and canonicalize on a nested pipeline the context's pool runs, and erase;
//! lock-wait hooks count the waits. ci/test-tsan.sh runs it under ThreadSanitizer with the
//! core and std instrumented (nightly, -Zsanitizer=thread -Zbuild-std); `cargo test` runs it
//! as an ordinary test. A watchdog turns a hang into a failure naming where each worker is.
//!
//! Env: OMNIR_STRESS_THREADS (4), OMNIR_STRESS_ITERS (40), OMNIR_STRESS_TIMEOUT (300 s).

use std::ffi::{c_char, c_void};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use omnir_core::api::asm::*;
use omnir_core::api::context::*;
use omnir_core::api::diagnostics::*;
use omnir_core::api::dialects::omnir_callback_message;
use omnir_core::api::handles::*;
use omnir_core::api::ir::*;
use omnir_core::api::locations::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::options::*;
use omnir_core::api::passes::*;
use omnir_core::api::types::*;
use omnir_core::api::verify::*;
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

fn empty() -> omnir_string {
    omnir_string { data: null_mut(), len: 0 }
}

fn sv(s: &str) -> omnir_string_view {
    omnir_string_view { data: s.as_ptr().cast::<c_char>(), len: s.len() }
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A context pointer that may cross threads: the C API is thread-safe per context (each
/// call takes the context's lock), which is what this test exercises.
#[derive(Clone, Copy)]
struct Ctx(usize);

impl Ctx {
    fn ptr(self) -> *mut omnir_context {
        self.0 as *mut omnir_context
    }
}

/// Where each worker is, for the watchdog's report.
type Steps = Arc<Mutex<Vec<(usize, &'static str)>>>;

/// One worker's state; callbacks reach it through `user_data`. Atomics, because handlers of
/// a shared context are offered every thread's diagnostics (they take only their own).
#[derive(Default)]
struct Worker {
    id: usize,
    tag: String,
    diags: AtomicI64,
    busy: AtomicI64,
    pass_runs: AtomicI64,
    expected_level: AtomicI64,
    level_mismatch: AtomicI64,
    freed: AtomicUsize,
}

static WAIT_BEGINS: AtomicI64 = AtomicI64::new(0);
static WAIT_ENDS: AtomicI64 = AtomicI64::new(0);
static WAIT_TOKEN_MISMATCHES: AtomicI64 = AtomicI64::new(0);
static WAIT_TOKEN: u8 = 0;

fn wait_token() -> *mut c_void {
    (&WAIT_TOKEN as *const u8).cast_mut().cast()
}

unsafe extern "C" fn wait_begin(_: *mut c_void) -> *mut c_void {
    WAIT_BEGINS.fetch_add(1, Ordering::Relaxed);
    wait_token()
}

// Counts rather than asserts: a panic cannot unwind out of an `extern "C"` hook.
unsafe extern "C" fn wait_end(_: *mut c_void, token: *mut c_void) {
    if token != wait_token() {
        WAIT_TOKEN_MISMATCHES.fetch_add(1, Ordering::Relaxed);
    }
    WAIT_ENDS.fetch_add(1, Ordering::Relaxed);
}

unsafe extern "C-unwind" fn handler(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    d: *const omnir_diagnostic,
) -> bool {
    // SAFETY: `user_data` is the worker attached with this handler; it outlives the context.
    let w = unsafe { &*(user_data as *const Worker) };
    let mut loc = omnir_location::default();
    let mut text = empty();
    if omnir_diagnostic_get_location(d, &mut loc) != OMNIR_OK || omnir_location_print(ctx, loc, &mut text) != OMNIR_OK {
        return false;
    }
    if !take(text).contains(&format!("\"{}\"", w.tag)) {
        return false;
    }
    w.diags.fetch_add(1, Ordering::Relaxed);
    if omnir_context_set_allow_unregistered_dialects(ctx, true) == OMNIR_ERROR_BUSY {
        w.busy.fetch_add(1, Ordering::Relaxed);
    }
    true
}

unsafe extern "C" fn count_op(user_data: *mut c_void, _: omnir_op) -> omnir_walk_result {
    // SAFETY: `user_data` is the `usize` counter of the walking frame, alive for the walk.
    unsafe { *(user_data as *mut usize) += 1 };
    OMNIR_WALK_ADVANCE
}

struct EraseState {
    ctx: Ctx,
    visited: usize,
    erased: usize,
}

unsafe extern "C" fn erase_leaf(user_data: *mut c_void, op: omnir_op) -> omnir_walk_result {
    // SAFETY: `user_data` is the `EraseState` of the walking frame, alive for the walk.
    let s = unsafe { &mut *(user_data as *mut EraseState) };
    s.visited += 1;
    let mut regions = 1;
    if omnir_op_get_num_regions(s.ctx.ptr(), op, &mut regions) == OMNIR_OK
        && regions == 0
        && omnir_op_erase(s.ctx.ptr(), op, OMNIR_ERASE_DROP_USES) == OMNIR_OK
    {
        s.erased += 1;
    }
    OMNIR_WALK_ADVANCE
}

unsafe extern "C" fn mark_pass(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    _: *const omnir_pass_options,
    _: *mut omnir_callback_message,
) -> u32 {
    // SAFETY: `user_data` is the worker that registered the pass; it outlives the context.
    let w = unsafe { &*(user_data as *const Worker) };
    w.pass_runs.fetch_add(1, Ordering::Relaxed);
    let mut level = -99;
    let name = "stress.level";
    // The pass runs on the thread that runs the pass manager: it sees that thread's scope.
    if omnir_option_get_int(ctx, name.as_ptr().cast(), name.len(), &mut level) != OMNIR_OK
        || level != w.expected_level.load(Ordering::Relaxed)
    {
        w.level_mismatch.fetch_add(1, Ordering::Relaxed);
    }
    let mut n = 0usize;
    if omnir_op_walk(ctx, op, OMNIR_WALK_PRE_ORDER, Some(count_op), (&mut n as *mut usize).cast(), null_mut())
        != OMNIR_OK
        || n != 14
    {
        w.level_mismatch.fetch_add(1, Ordering::Relaxed);
    }
    0
}

unsafe extern "C" fn free_worker(user_data: *mut c_void) {
    // SAFETY: as in `mark_pass`; called once when the context is destroyed.
    let w = unsafe { &*(user_data as *const Worker) };
    w.freed.fetch_add(1, Ordering::Relaxed);
}

unsafe extern "C" fn erase_dead(
    _: *mut c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    applied: *mut bool,
    _: *mut omnir_callback_message,
) -> u32 {
    let mut r = omnir_value::default();
    let mut uses = 1;
    if omnir_op_get_result(ctx, op, 0, &mut r) == OMNIR_OK
        && omnir_value_get_num_uses(ctx, r, &mut uses) == OMNIR_OK
        && uses == 0
        && omnir_op_erase(ctx, op, OMNIR_ERASE_REQUIRE_NO_USES) == OMNIR_OK
    {
        // SAFETY: `applied` is the core's out-parameter for this call.
        unsafe { *applied = true };
    }
    0
}

fn text(id: usize, it: usize) -> String {
    format!(
        "\"builtin.module\"() ({{\n  %0 = \"s.const\"() {{v = {} : i64}} : () -> i64\n  %1 = \"s.add\"(%0, %0) : (i64, \
         i64) -> i64\n  %2 = \"s.dead\"() : () -> i64\n  \"s.region\"() ({{\n    \"s.leaf\"(%1) : (i64) -> ()\n  }}) : \
         () -> ()\n  \"s.fn\"() ({{\n    %4 = \"s.k\"() : () -> i64\n    \"s.sink\"(%4) : (i64) -> ()\n  }}) : () -> \
         ()\n  \"s.fn\"() ({{\n    %3 = \"s.k\"() : () -> i64\n    \"s.sink\"(%3) : (i64) -> ()\n  }}) : () -> ()\n  \
         \"s.use\"(%1) : (i64) -> ()\n}}) : () -> ()\n",
        id * 1_000_000 + it
    )
}

fn check(st: omnir_status, what: &str, failures: &mut Vec<String>) -> bool {
    if st != OMNIR_OK {
        failures.push(format!("{what}: {st:?}: {}", take(omnir_last_error_message())));
    }
    st == OMNIR_OK
}

fn body(ctx: Ctx, m: omnir_op) -> (omnir_region, omnir_block, usize) {
    let (mut r, mut b, mut n) = (omnir_region::default(), omnir_block::default(), 0);
    omnir_op_get_region(ctx.ptr(), m, 0, &mut r);
    omnir_region_get_first_block(ctx.ptr(), r, &mut b);
    omnir_block_get_num_ops(ctx.ptr(), b, &mut n);
    (r, b, n)
}

fn iteration(ctx: Ctx, w: &Worker, pm: *mut omnir_pass_manager, it: usize, f: &mut Vec<String>) {
    let c = ctx.ptr();
    let src = text(w.id, it);
    let mut m = omnir_op::default();
    if !check(
        omnir_module_parse(c, src.as_ptr().cast(), src.len(), w.tag.as_ptr().cast(), w.tag.len(), &mut m),
        "parse",
        f,
    ) {
        return;
    }
    let mut printed = empty();
    let mut generic = omnir_print_flags_default();
    generic.generic_form = true;
    check(omnir_op_print(c, m, &generic, &mut printed), "print", f);
    if take(printed) != src {
        f.push("printed text differs".into());
    }
    let mut n = 0usize;
    check(
        omnir_op_walk(c, m, OMNIR_WALK_PRE_ORDER, Some(count_op), (&mut n as *mut usize).cast(), null_mut()),
        "walk",
        f,
    );
    if n != 13 {
        f.push(format!("walk visited {n} ops, expected 13"));
    }
    // create + insert
    let (mut loc, mut i64t, mut state, mut created) =
        (omnir_location::default(), omnir_type::default(), null_mut(), omnir_op::default());
    check(omnir_file_line_col_loc_get(c, w.tag.as_ptr().cast(), w.tag.len(), it as u32 + 1, 1, &mut loc), "loc", f);
    check(omnir_integer_type_get(c, 64, 0, &mut i64t), "i64", f);
    check(omnir_operation_state_create("s.new".as_ptr().cast(), 5, loc, &mut state), "state", f);
    check(omnir_operation_state_add_results(state, &i64t, 1), "results", f);
    check(omnir_operation_create(c, state, &mut created), "create", f);
    omnir_operation_state_destroy(state);
    let (region, block, _) = body(ctx, m);
    let end = omnir_insertion_point { kind: OMNIR_INSERT_BLOCK_END, block, op: omnir_op::default() };
    check(omnir_op_insert(c, created, end), "insert", f);
    // verify: passing, then failing into this worker's handler
    check(omnir_op_verify(c, m), "verify", f);
    let seen = w.diags.load(Ordering::Relaxed);
    let mut extra = omnir_block::default();
    check(omnir_block_create(c, std::ptr::null(), std::ptr::null(), 0, &mut extra), "block", f);
    check(omnir_region_append_block(c, region, extra), "append block", f);
    if omnir_op_verify(c, m) != OMNIR_ERROR_VERIFICATION_FAILED || w.diags.load(Ordering::Relaxed) != seen + 1 {
        f.push("a failing verify did not reach the worker's handler once".into());
    }
    check(omnir_block_erase(c, extra), "erase block", f);
    let msg = "stress";
    check(
        omnir_context_emit_diagnostic(
            c,
            omnir_severity::OMNIR_SEVERITY_REMARK as u32,
            loc,
            msg.as_ptr().cast(),
            msg.len(),
            std::ptr::null(),
            0,
        ),
        "emit",
        f,
    );
    // options + pass manager
    let level = (w.id * 1000 + it) as i64;
    w.expected_level.store(level, Ordering::Relaxed);
    let value = level.to_string();
    let outer = [omnir_option_setting { name: sv("stress.level"), value: sv(&value) }];
    let inner = [omnir_option_setting { name: sv("stress.level"), value: sv("-1") }];
    let (mut o, mut i, mut got) = (0u64, 0u64, 0i64);
    let name = "stress.level";
    check(omnir_option_push_scope(c, outer.as_ptr(), 1, &mut o), "push", f);
    check(omnir_option_push_scope(c, inner.as_ptr(), 1, &mut i), "push inner", f);
    check(omnir_option_get_int(c, name.as_ptr().cast(), name.len(), &mut got), "get", f);
    if got != -1 {
        f.push(format!("inner scope: {got}"));
    }
    check(omnir_option_pop_scope(c, i), "pop inner", f);
    let runs = w.pass_runs.load(Ordering::Relaxed);
    check(omnir_pass_manager_run(c, pm, m), "pass manager", f);
    if w.pass_runs.load(Ordering::Relaxed) != runs + 1 {
        f.push("the pass did not run once".into());
    }
    check(omnir_option_pop_scope(c, o), "pop", f);
    let (_, _, n) = body(ctx, m);
    if n != 7 {
        f.push(format!("{n} ops after the passes, expected 7 (s.dead erased)"));
    }
    // walk that erases, then erase
    let mut es = EraseState { ctx, visited: 0, erased: 0 };
    check(
        omnir_op_walk(c, m, OMNIR_WALK_POST_ORDER, Some(erase_leaf), (&mut es as *mut EraseState).cast(), null_mut()),
        "erasing walk",
        f,
    );
    if (es.visited, es.erased) != (13, 9) {
        f.push(format!("erasing walk: {} visited, {} erased; expected 13 and 9", es.visited, es.erased));
    }
    check(omnir_op_erase(c, m, OMNIR_ERASE_REQUIRE_NO_USES), "erase", f);
    let mut live = true;
    check(omnir_op_is_live(c, m, &mut live), "is live", f);
    if live {
        f.push("the erased module is live".into());
    }
}

fn setup_context(ctx: Ctx) {
    let c = ctx.ptr();
    assert_eq!(omnir_context_set_pass_threads(c, 2), OMNIR_OK);
    let root = "s.dead";
    let name = "stress.erase-dead";
    let st = omnir_rewrite_pattern_register(
        c,
        name.as_ptr().cast(),
        name.len(),
        root.as_ptr().cast(),
        root.len(),
        1,
        Some(erase_dead),
        null_mut(),
        None,
    );
    assert_eq!(st, OMNIR_OK);
}

fn worker(ctx: Ctx, w: &Worker, iters: usize, steps: &Steps, start: &Barrier) -> Vec<String> {
    let c = ctx.ptr();
    let mut f = Vec::new();
    let step = |s: &'static str, it: usize| steps.lock().unwrap()[w.id] = (it, s);
    step("setup", 0);
    check(omnir_context_set_allow_unregistered_dialects(c, true), "allow", &mut f);
    let int = omnir_option_type { kind: OMNIR_OPTION_INT, element_kind: 0, cases: std::ptr::null(), num_cases: 0 };
    let decl = omnir_option_decl { name: sv("stress.level"), ty: int, default_value: sv("0"), help: sv("") };
    check(omnir_option_declare(c, &decl), "declare", &mut f); // every worker: idempotent
    let other = omnir_option_decl { default_value: sv("1"), ..decl };
    if omnir_option_declare(c, &other) != OMNIR_ERROR_ALREADY_EXISTS {
        f.push("a redeclaration with another default was not refused".into());
    }
    let arg = format!("rs-mark-{}", w.id);
    let reg = omnir_pass_registration {
        argument: sv(&arg),
        name: sv(""),
        description: sv(""),
        options: std::ptr::null(),
        num_options: 0,
        run: Some(mark_pass),
        user_data: (w as *const Worker).cast_mut().cast(),
        free_user_data: Some(free_worker),
    };
    check(omnir_pass_register(c, &reg), "register pass", &mut f);
    let pipeline = format!("builtin.module({arg},cse,canonicalize,s.fn(cse,canonicalize))");
    let mut pm = null_mut();
    check(omnir_pass_manager_parse(c, pipeline.as_ptr().cast(), pipeline.len(), &mut pm), "pipeline", &mut f);
    let mut hid = 0;
    let ud = (w as *const Worker).cast_mut().cast();
    check(omnir_context_attach_diagnostic_handler(c, Some(handler), ud, None, &mut hid), "attach", &mut f);
    start.wait();
    for it in 0..iters {
        step("iteration", it);
        iteration(ctx, w, pm, it, &mut f);
        if f.len() > 20 {
            break;
        }
    }
    step("teardown", iters);
    check(omnir_context_detach_diagnostic_handler(c, hid), "detach", &mut f);
    check(omnir_pass_manager_destroy(pm), "pm destroy", &mut f);
    f
}

/// Runs the workers (`shared`: on one context). Returns the failures.
fn phase(shared: bool, threads: usize, iters: usize, steps: &Steps) -> Vec<String> {
    let mut contexts = Vec::new();
    for _ in 0..if shared { 1 } else { threads } {
        let mut c = null_mut();
        assert_eq!(omnir_context_create(&mut c), OMNIR_OK);
        setup_context(Ctx(c as usize));
        contexts.push(Ctx(c as usize));
    }
    let workers: Vec<Worker> =
        (0..threads).map(|id| Worker { id, tag: format!("r{id}.mlir"), ..Worker::default() }).collect();
    let start = Barrier::new(threads);
    let mut failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = workers
            .iter()
            .map(|w| {
                let ctx = contexts[if shared { 0 } else { w.id }];
                let (steps, start) = (steps, &start);
                s.spawn(move || worker(ctx, w, iters, steps, start))
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker panicked")).collect()
    });
    for c in contexts {
        assert_eq!(omnir_context_destroy(c.ptr()), OMNIR_OK);
    }
    for w in &workers {
        let iters = iters as i64;
        let (diags, busy) = (w.diags.load(Ordering::Relaxed), w.busy.load(Ordering::Relaxed));
        if diags != 2 * iters || busy != diags {
            failures.push(format!(
                "worker {}: {diags} diagnostics ({busy} BUSY refusals), expected {}",
                w.id,
                2 * iters
            ));
        }
        if w.pass_runs.load(Ordering::Relaxed) != iters || w.level_mismatch.load(Ordering::Relaxed) != 0 {
            failures.push(format!("worker {}: pass runs or the option value it saw are wrong", w.id));
        }
        if w.freed.load(Ordering::Relaxed) != 1 {
            failures.push(format!("worker {}: the pass's user data was not freed once", w.id));
        }
    }
    failures
}

#[test]
fn threads_on_shared_and_separate_contexts() {
    let threads = env("OMNIR_STRESS_THREADS", 4).clamp(1, 32);
    let iters = env("OMNIR_STRESS_ITERS", 40);
    let timeout = Duration::from_secs(env("OMNIR_STRESS_TIMEOUT", 300) as u64);
    let steps: Steps = Arc::new(Mutex::new(vec![(0, "not started"); threads]));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (steps, done) = (steps.clone(), done.clone());
        std::thread::spawn(move || {
            let t0 = Instant::now();
            while !done.load(Ordering::Acquire) {
                if t0.elapsed() > timeout {
                    // try_lock: a worker could hang holding the steps lock itself.
                    match steps.try_lock() {
                        Ok(s) => {
                            for (i, (it, step)) in s.iter().enumerate() {
                                eprintln!("capi_threads: WATCHDOG: worker {i} is stuck at iteration {it} in '{step}'");
                            }
                        }
                        Err(_) => eprintln!("capi_threads: WATCHDOG: (the steps table is locked)"),
                    }
                    // Every thread's stack, when gdb is there.
                    let _ = std::process::Command::new("gdb")
                        .args(["-q", "-batch", "-nx", "-p", &std::process::id().to_string()])
                        .args(["-ex", "thread apply all bt"])
                        .status();
                    eprintln!("capi_threads: WATCHDOG: FAILED (hang after {timeout:?})");
                    std::process::exit(3);
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    let mut hooks = 0;
    assert_eq!(omnir_lock_wait_hooks_add(Some(wait_begin), Some(wait_end), null_mut(), &mut hooks), OMNIR_OK);
    let mut failures = phase(true, threads, iters, &steps);
    failures.extend(phase(false, threads, iters, &steps));
    assert_eq!(omnir_lock_wait_hooks_remove(hooks), OMNIR_OK);
    done.store(true, Ordering::Release);
    watchdog.join().unwrap();
    assert_eq!(WAIT_BEGINS.load(Ordering::Relaxed), WAIT_ENDS.load(Ordering::Relaxed), "lock-wait hooks balanced");
    assert_eq!(WAIT_TOKEN_MISMATCHES.load(Ordering::Relaxed), 0, "the begin hook's token comes back to its end hook");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
