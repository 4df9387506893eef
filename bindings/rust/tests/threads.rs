//! Threads on one shared context and on separate contexts (issue 15): every kind of call, a
//! fixed number of iterations, checked results, and a watchdog that turns a hang into a
//! failure naming what each thread was doing.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::ThreadId;
use std::time::Duration;

use omnir::{
    Context, EraseMode, InsertionPoint, LockWaitHooks, Module, OperationBuilder, OptionDecl, OptionType, PassDef,
    PassManager, Severity, Status, SymbolTable, WalkOrder, WalkResult,
};

const FUNC: &str = r#"
"func.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  %1 = "t.dead"() : () -> i32
  "t.dead2"(%1) : (i32) -> ()
  "func.return"(%0) : (i32) -> ()
}) {sym_name = "f", function_type = (i32, i32) -> i32} : () -> ()
"#;

/// `FUNC` as mlir-opt prints it: func and arith in their custom forms.
const PRINTED: &str = "module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = \"t.dead\"() : () -> i32
    \"t.dead2\"(%1) : (i32) -> ()
    return %0 : i32
  }
}
";

const POST_ORDER: [&str; 6] = ["arith.addi", "t.dead", "t.dead2", "func.return", "func.func", "builtin.module"];

const PHASES: [&str; 12] = [
    "start",
    "parse",
    "print",
    "walk",
    "create",
    "erase",
    "erasing walk",
    "verify",
    "pass",
    "diagnostics",
    "move",
    "done",
];

/// What each worker is doing, for the watchdog's report.
struct Progress(Vec<AtomicUsize>);

impl Progress {
    fn new(n: usize) -> Arc<Progress> {
        Arc::new(Progress((0..n).map(|_| AtomicUsize::new(0)).collect()))
    }
    fn at(&self, me: usize, phase: &str) {
        let i = PHASES.iter().position(|p| *p == phase).expect("a listed phase");
        self.0[me].store(i, Ordering::SeqCst);
    }
}

/// Runs `work(i)` on `n` threads; if they are not all done within the timeout, prints what
/// each one was doing and ends the process with a failure (a deadlock never returns, so a
/// plain join would hang the test run instead of failing it).
fn run_threads(n: usize, timeout: Duration, work: impl Fn(usize, &Progress) + Send + Sync + 'static) {
    let progress = Progress::new(n);
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (progress, done) = (progress.clone(), done.clone());
        std::thread::spawn(move || {
            let step = Duration::from_millis(50);
            let mut waited = Duration::ZERO;
            while !done.load(Ordering::SeqCst) {
                if waited >= timeout {
                    let mut report =
                        format!("watchdog: the threads did not finish within {timeout:?} (a deadlock?):\n");
                    for (i, p) in progress.0.iter().enumerate() {
                        report.push_str(&format!("  worker {i}: in {}\n", PHASES[p.load(Ordering::SeqCst)]));
                    }
                    // Straight to the process's stderr: the test harness's capture of
                    // `eprintln!` would be lost with the exit.
                    let _ = std::io::stderr().write_all(report.as_bytes());
                    std::process::exit(101);
                }
                std::thread::sleep(step);
                waited += step;
            }
        })
    };
    let work = Arc::new(work);
    let handles: Vec<_> = (0..n)
        .map(|i| {
            let (work, progress) = (work.clone(), progress.clone());
            std::thread::Builder::new()
                .name(format!("omnir-worker-{i}"))
                .spawn(move || {
                    work(i, &progress);
                    progress.at(i, "done");
                })
                .unwrap()
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
    done.store(true, Ordering::SeqCst);
    watchdog.join().unwrap();
    for (i, r) in results.into_iter().enumerate() {
        if let Err(panic) = r {
            panic!("worker {i} failed: {:?}", panic.downcast_ref::<String>().cloned().unwrap_or_default());
        }
    }
}

fn prepare(ctx: &Context) {
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx.declare_option(&OptionDecl::new("t.tag", OptionType::String, "")).unwrap();
    ctx.register_pass(PassDef::new("tag", |op, _| {
        // Runs under the calling thread's option overrides.
        let ctx = op.context();
        let tag = ctx.option("t.tag").map_err(|e| e.message)?;
        op.set_attribute("t.tag", &ctx.string_attr(&tag).map_err(|e| e.message)?).map_err(|e| e.message)
    }))
    .unwrap();
}

/// Every kind of call on `ctx`, each result checked.
fn exercise(ctx: &Context, me: usize, iterations: usize, progress: &Progress) {
    let i32 = ctx.integer_type(32).unwrap();
    let loc = ctx.unknown_loc();
    let mut pm = PassManager::parse(ctx, "builtin.module(func.func(tag),cse)").unwrap();
    for i in 0..iterations {
        let stamp = format!("{me}-{i}");
        progress.at(me, "parse");
        let module = Module::parse(ctx, FUNC, "f.mlir").unwrap();
        // Shared ownership as the glue holds it: the tree owner of the module.
        let owner = ctx.adopt(&module.into_operation()).unwrap();
        let m = owner.operation().clone();
        progress.at(me, "print");
        assert_eq!(m.to_string(), PRINTED);
        progress.at(me, "walk");
        let mut names = Vec::new();
        m.walk(WalkOrder::PostOrder, |op| {
            names.push(op.name().unwrap());
            WalkResult::Advance
        })
        .unwrap();
        assert_eq!(names, POST_ORDER);
        let f = m.region(0).unwrap().first_block().unwrap().unwrap().first_op().unwrap().unwrap();
        let block = f.region(0).unwrap().first_block().unwrap().unwrap();
        let ops = block.operations().unwrap();
        progress.at(me, "create");
        let arg = block.argument(0).unwrap();
        let new = OperationBuilder::new("t.new", &loc).operands(&[&arg]).results(&[&i32]).build().unwrap();
        InsertionPoint::Before(ops[3].clone()).insert(&new).unwrap();
        let new = new.release();
        assert_eq!(new.parent_op().unwrap().as_ref(), Some(&f));
        assert_eq!(arg.num_uses().unwrap(), 2);
        progress.at(me, "erase");
        new.erase().unwrap();
        assert_eq!(new.name().unwrap_err().status, Status::StaleHandle);
        progress.at(me, "erasing walk");
        for _ in 0..2 {
            m.walk(WalkOrder::PostOrder, |op| {
                let name = op.name().unwrap();
                if name.starts_with("t.dead") && op.results().unwrap().iter().all(|r| r.num_uses().unwrap() == 0) {
                    op.erase_with(EraseMode::RequireNoUses).unwrap();
                }
                WalkResult::Advance
            })
            .unwrap();
        }
        let left: Vec<String> = block.operations().unwrap().iter().map(|o| o.name().unwrap()).collect();
        assert_eq!(left, ["arith.addi", "func.return"]);
        progress.at(me, "verify");
        m.verify().unwrap();
        progress.at(me, "pass");
        {
            let _scope = ctx.push_options(&[("t.tag", stamp.as_str())]).unwrap();
            pm.run(&m).unwrap();
        }
        assert_eq!(f.attribute("t.tag").unwrap().unwrap().string_value().unwrap(), stamp);
        assert_eq!(ctx.option("t.tag").unwrap(), "");
        progress.at(me, "diagnostics");
        let got = Arc::new(Mutex::new(Vec::new()));
        let id = {
            let (got, stamp) = (got.clone(), stamp.clone());
            ctx.attach_diagnostic_handler(move |d| {
                got.lock().unwrap().push(d.message.clone());
                d.message.ends_with(&format!(" {stamp}"))
            })
            .unwrap()
        };
        let at = ctx.file_line_col_loc("t.mlir", i as u32 + 1, me as u32 + 1).unwrap();
        ctx.emit_diagnostic(Severity::Error, &at, &format!("boom {stamp}"), &[]).unwrap();
        ctx.detach_diagnostic_handler(id).unwrap();
        assert!(got.lock().unwrap().contains(&format!("boom {stamp}")), "{stamp}: {:?}", got.lock().unwrap());
        let parsed = ctx.with_diagnostics(|| Module::parse(ctx, &format!("\"t.x\"() : () -> (i{me}x)"), "bad.mlir"));
        let Err(e) = parsed else { panic!("bad text parsed") };
        assert!(!e.diagnostics.is_empty() && e.diagnostics.iter().all(|d| d.severity == Severity::Error));
        progress.at(me, "move");
        let table = SymbolTable::new(&m).unwrap();
        assert_eq!(table.lookup("f").unwrap().as_ref(), Some(&f));
        let other = ctx.adopt(&Module::new(&loc).unwrap().into_operation()).unwrap();
        let other_body = other.region(0).unwrap().first_block().unwrap().unwrap();
        let (_, to) = ctx.track_move(&f, || f.move_to(&InsertionPoint::BlockEnd(other_body.clone()))).unwrap();
        assert!(Arc::ptr_eq(to.as_ref().unwrap(), &other));
        drop(other);
        drop(to);
        // The module `f` left keeps the one it went to: `f` is alive through `owner`.
        assert_eq!(f.name().unwrap(), "func.func");
        drop(owner);
        assert_eq!(f.name().unwrap_err().status, Status::StaleHandle, "freed with the last owner");
    }
}

#[test]
fn every_call_on_one_shared_context() {
    let ctx = Context::new();
    prepare(&ctx);
    run_threads(4, Duration::from_secs(120), move |me, progress| exercise(&ctx, me, 300, progress));
}

#[test]
fn every_call_on_separate_contexts() {
    run_threads(4, Duration::from_secs(120), |me, progress| {
        let ctx = Context::new();
        prepare(&ctx);
        exercise(&ctx, me, 300, progress);
    });
}

/// A stand-in for CPython's GIL: one thread at a time runs "interpreter code"; the lock-wait
/// hooks let go of it while a thread waits for a context, as the Python package's do.
struct Gil {
    holder: Mutex<Option<ThreadId>>,
    free: Condvar,
}

impl Gil {
    fn acquire(&self) {
        let mut h = self.holder.lock().unwrap();
        while h.is_some() {
            h = self.free.wait(h).unwrap();
        }
        *h = Some(std::thread::current().id());
    }
    fn holds(&self) -> bool {
        *self.holder.lock().unwrap() == Some(std::thread::current().id())
    }
    fn release(&self) -> bool {
        let mut h = self.holder.lock().unwrap();
        if *h != Some(std::thread::current().id()) {
            return false;
        }
        *h = None;
        self.free.notify_all();
        true
    }
}

/// Issue 15, item 1: threads that hold a global interpreter lock except while waiting for
/// the context (the Python package's setup) parse, adopt and walk one shared context. The
/// client once held its owner registry while waiting for the context in `adopt`: a thread
/// then got the context and waited for the GIL, while the GIL's holder waited for the
/// registry.
#[test]
fn adopt_and_walk_under_a_global_interpreter_lock() {
    static GIL: Gil = Gil { holder: Mutex::new(None), free: Condvar::new() };
    let hooks = LockWaitHooks::add(
        || GIL.release(),
        |released| {
            if released {
                GIL.acquire()
            }
        },
    )
    .unwrap();
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let text: String = (0..20).map(|i| format!("\"t.op{i}\"() : () -> ()\n")).collect();
    run_threads(4, Duration::from_secs(60), move |me, progress| {
        GIL.acquire();
        for _ in 0..500 {
            progress.at(me, "parse");
            let m = ctx.with_diagnostics(|| Module::parse(&ctx, &text, "t.mlir")).unwrap();
            let owner = ctx.adopt(&m.into_operation()).unwrap();
            progress.at(me, "walk");
            let mut n = 0;
            owner
                .walk(WalkOrder::PostOrder, |_| {
                    n += 1;
                    // The interpreter lets other threads run now and then.
                    GIL.release();
                    std::thread::yield_now();
                    GIL.acquire();
                    WalkResult::Advance
                })
                .unwrap();
            assert_eq!(n, 21);
            progress.at(me, "diagnostics");
            let got = Arc::new(Mutex::new(Vec::new()));
            let id = {
                let got = got.clone();
                ctx.attach_diagnostic_handler(move |d| {
                    // Like a Python handler: it needs the GIL (taken if this thread lacks it).
                    let had = GIL.holds();
                    if !had {
                        GIL.acquire();
                    }
                    got.lock().unwrap().push(d.message.clone());
                    if !had {
                        GIL.release();
                    }
                    d.message == format!("boom {me}")
                })
                .unwrap()
            };
            let at = ctx.unknown_loc();
            ctx.emit_diagnostic(Severity::Error, &at, &format!("boom {me}"), &[]).unwrap();
            ctx.detach_diagnostic_handler(id).unwrap();
            assert!(got.lock().unwrap().contains(&format!("boom {me}")), "{me}: {:?}", got.lock().unwrap());
            progress.at(me, "erase");
            drop(owner);
        }
        GIL.release();
    });
    drop(hooks);
}

/// The lock order's tripwire: a call into omnir made while holding a leaf lock of the
/// bindings panics in debug builds, whether or not another thread is there to deadlock with.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "a leaf lock of the omnir bindings is held across a call into omnir")]
fn a_call_into_omnir_under_a_leaf_lock_panics() {
    let ctx = Context::new();
    let registry = omnir::LeafMutex::new(0u32);
    let _held = registry.lock();
    let _ = ctx.integer_type(32);
}

#[test]
fn leaf_locks_released_before_calls_are_fine() {
    let ctx = Context::new();
    let registry = omnir::LeafMutex::new(0u32);
    *registry.lock() += 1;
    assert_eq!(ctx.integer_type(32).unwrap().to_string(), "i32");
    assert_eq!(*registry.lock(), 1);
}
