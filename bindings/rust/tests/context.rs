//! Contexts, errors, threads and the link to the installed library.

use std::collections::HashSet;

use omnir::{Context, Status};

#[test]
fn version_and_abi() {
    assert_eq!(omnir::abi_version(), omnir::sys::OMNIR_ABI_VERSION);
    let major: u32 = env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap();
    let minor: u32 = env!("CARGO_PKG_VERSION_MINOR").parse().unwrap();
    assert_eq!(omnir::version() / 100, major * 100 + minor);
}

/// The core is the shared library, not a copy linked into this test.
#[test]
fn linked_dynamically() {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    assert!(maps.contains("libomnir.so.0"), "libomnir.so.0 is not mapped into this process");
}

#[test]
fn contexts_are_shared_handles() {
    let a = Context::new();
    let b = a.clone();
    let c = Context::new();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_ne!(a.serial(), c.serial());
    let set: HashSet<Context> = [a.clone(), b, c].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert!(!a.allow_unregistered_dialects().unwrap());
    a.set_allow_unregistered_dialects(true).unwrap();
    assert!(a.allow_unregistered_dialects().unwrap());
}

#[test]
fn errors_carry_status_and_message() {
    let ctx = Context::new();
    let e = ctx.parse_type("tensor<4xf32").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("expected '>'"), "{}", e.message);
    assert!(e.to_string().starts_with("OMNIR_ERROR_PARSE_FAILED: "), "{e}");

    let e = ctx.integer_type(32).and_then(|t| ctx.vector_type(&[-3], &t)).unwrap_err();
    assert_eq!(e.status, Status::InvalidArgument);
    assert!(!e.message.is_empty());

    // A handle of another context is refused, not misread.
    let other = Context::new();
    let i32_other = other.integer_type(32).unwrap();
    let e = ctx.vector_type(&[4], &i32_other).unwrap_err();
    assert_eq!(e.status, Status::WrongContext, "{e}");
}

#[test]
fn wrappers_keep_their_context_alive() {
    let t = {
        let ctx = Context::new();
        ctx.parse_type("memref<4x?xf32>").unwrap()
    };
    // The context is only held by `t` now.
    assert_eq!(t.to_string(), "memref<4x?xf32>");
    assert_eq!(t.shape().unwrap(), Some(vec![4, omnir::DYNAMIC]));
}

fn assert_send_sync<T: Send + Sync + 'static>() {}

#[test]
fn wrappers_are_send_and_sync() {
    assert_send_sync::<Context>();
    assert_send_sync::<omnir::Type>();
    assert_send_sync::<omnir::Attribute>();
    assert_send_sync::<omnir::Location>();
    assert_send_sync::<omnir::Operation>();
    assert_send_sync::<omnir::Block>();
    assert_send_sync::<omnir::Region>();
    assert_send_sync::<omnir::Value>();
    assert_send_sync::<omnir::OwnedOperation>();
    assert_send_sync::<omnir::Error>();
}

/// One context used from several threads at once: calls take turns, types are uniqued
/// across threads.
#[test]
fn one_context_from_many_threads() {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let module = omnir::Module::new(&ctx.unknown_loc()).unwrap();
    let body = module.body().unwrap();
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let ctx = ctx.clone();
            let body = body.clone();
            std::thread::spawn(move || {
                let mut types = Vec::new();
                for i in 0..50u32 {
                    let ty = ctx.integer_type(1 + (i % 8)).unwrap();
                    let op = omnir::OperationBuilder::new("test.op", &ctx.unknown_loc())
                        .results(&[&ty])
                        .attribute("thread", &ctx.integer_attr(&ctx.index_type().unwrap(), t).unwrap())
                        .build()
                        .unwrap();
                    body.append(&op).unwrap();
                    types.push(ty);
                }
                types
            })
        })
        .collect();
    let all: Vec<Vec<omnir::Type>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(body.num_ops().unwrap(), 200);
    // Uniquing is the same across threads.
    assert_eq!(all[0][3], all[3][3]);
    assert_eq!(all[1][0], ctx.integer_type(1).unwrap());
    module.verify().unwrap();
}
