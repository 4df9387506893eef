//! Diagnostics: closure handlers, captures, emission.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use omnir::{Context, Module, OpDefinition, Severity, Status};

/// A context with a dialect `t` whose op `t.bad` always fails its verifier; parsing does not
/// verify, so that the tests can run the verifier themselves.
fn ctx_with_failing_op() -> Context {
    let ctx = Context::new();
    ctx.set_verify_after_parse(false).unwrap();
    ctx.register_dialect("t", false).unwrap();
    ctx.register_operation(&OpDefinition::new("t.bad").verifier(|_| Err("is bad by design".into()))).unwrap();
    ctx
}

#[test]
fn handler_sees_verifier_diagnostics() {
    let ctx = ctx_with_failing_op();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let reads = Arc::new(Mutex::new(Vec::new()));
    let reads_sink = reads.clone();
    let id = ctx
        .attach_diagnostic_handler(move |d| {
            // Reading the context from inside the handler works.
            reads_sink.lock().unwrap().push(d.location.to_string());
            sink.lock().unwrap().push(d.clone());
            true
        })
        .unwrap();
    let module = Module::parse(&ctx, "\"t.bad\"() : () -> () loc(\"x.mlir\":4:2)\n", "x.mlir").unwrap();
    let err = module.verify().unwrap_err();
    assert_eq!(err.status, Status::VerificationFailed);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].severity, Severity::Error);
    assert_eq!(seen[0].message, "'t.bad' op is bad by design");
    assert_eq!(seen[0].rendered.lines().next().unwrap(), "x.mlir:4:2: error: 't.bad' op is bad by design");
    assert_eq!(reads.lock().unwrap().as_slice(), ["loc(\"x.mlir\":4:2)"]);
    ctx.detach_diagnostic_handler(id).unwrap();
    assert_eq!(ctx.detach_diagnostic_handler(id).unwrap_err().status, Status::InvalidArgument);
}

#[test]
fn capture_collects_in_order_and_nests() {
    let ctx = Context::new();
    let loc = ctx.file_line_col_loc("c.mlir", 1, 1).unwrap();
    let note_loc = ctx.file_line_col_loc("c.mlir", 2, 1).unwrap();
    let ((), outer) = ctx
        .capture_diagnostics(|| {
            ctx.emit_diagnostic(Severity::Warning, &loc, "first", &[]).unwrap();
            let ((), inner) = ctx
                .capture_diagnostics(|| {
                    ctx.emit_diagnostic(Severity::Error, &loc, "inner", &[(note_loc.clone(), "see here")]).unwrap();
                })
                .unwrap();
            assert_eq!(inner.len(), 1);
            assert_eq!(inner[0].notes.len(), 1);
            assert_eq!(inner[0].notes[0].message, "see here");
            assert_eq!(inner[0].notes[0].severity, Severity::Note);
            assert_eq!(inner[0].notes[0].location, note_loc);
            ctx.emit_diagnostic(Severity::Remark, &loc, "last", &[]).unwrap();
        })
        .unwrap();
    let messages: Vec<_> = outer.iter().map(|d| (d.severity, d.message.as_str())).collect();
    assert_eq!(messages, [(Severity::Warning, "first"), (Severity::Remark, "last")]);

    // A dropped capture ends quietly.
    let capture = ctx.begin_diagnostic_capture().unwrap();
    drop(capture);
}

#[test]
fn panicking_handler_counts_as_unhandled() {
    let ctx = Context::new();
    let loc = ctx.unknown_loc();
    let (_, got) = ctx
        .capture_diagnostics(|| {
            let id = ctx.attach_diagnostic_handler(|_| panic!("handler bug")).unwrap();
            // The panic stays in the handler; the capture (older) still gets it.
            ctx.emit_diagnostic(Severity::Error, &loc, "boom", &[]).unwrap();
            ctx.detach_diagnostic_handler(id).unwrap();
        })
        .unwrap();
    assert_eq!(got.len(), 1);
}

/// The closure is dropped once: on detach, or with the context.
#[test]
fn handler_closures_are_freed() {
    struct Tracker(Arc<AtomicUsize>);
    impl Drop for Tracker {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
    let drops = Arc::new(AtomicUsize::new(0));
    let ctx = Context::new();
    let t = Tracker(drops.clone());
    let id = ctx
        .attach_diagnostic_handler(move |_| {
            let _ = &t;
            false
        })
        .unwrap();
    ctx.detach_diagnostic_handler(id).unwrap();
    assert_eq!(drops.load(Ordering::SeqCst), 1);

    let t = Tracker(drops.clone());
    ctx.attach_diagnostic_handler(move |_| {
        let _ = &t;
        false
    })
    .unwrap();
    drop(ctx);
    assert_eq!(drops.load(Ordering::SeqCst), 2);
}
