//! The C API functions wrapped after the first version of this crate: identifiers,
//! dominance, sparse elements, affine maps and integer sets, registry and resource
//! listings, operand and result groups, indexed uses and predecessors, symbol queries,
//! dialect fallback parsers, lock-wait hooks, the ABI check and the last error.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use omnir::{
    AffineConstraint, AffineExpr, AsmError, AttributeKind, Block, Context, DialectAssembly, Error, LockWaitHooks,
    Module, OpDefinition, Operation, OperationBuilder, OwnedOperation, Status, TypeConstraint, TypeDefinition,
    ValueSpec,
};

fn ctx() -> Context {
    let ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true).unwrap();
    ctx
}

/// A diamond CFG plus an unreachable block:
/// `bb0 -> {bb1, bb2} -> bb3`, `bb4` unreachable.
const DIAMOND: &str = r#"
"test.func"() ({
^bb0(%c: i1):
  %x = "test.def"() : () -> i32
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %y = "test.use"(%x) : (i32) -> i32
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  %z = "test.use"(%x) : (i32) -> i32
  "test.ret"() : () -> ()
^bb4:
  "test.ret"() : () -> ()
}) : () -> ()
"#;

struct Diamond {
    _module: Module,
    func: Operation,
    blocks: Vec<Block>,
}

fn diamond(ctx: &Context) -> Diamond {
    let module = Module::parse(ctx, DIAMOND, "diamond.mlir").unwrap();
    let func = module.body().unwrap().first_op().unwrap().unwrap();
    let blocks = func.region(0).unwrap().blocks().unwrap();
    assert_eq!(blocks.len(), 5);
    Diamond { _module: module, func, blocks }
}

fn ops(b: &Block) -> Vec<Operation> {
    b.operations().unwrap()
}

// ---------------------------------------------------------------------------------------
// identifiers

#[test]
fn identifiers() {
    let ctx = ctx();
    let a = ctx.identifier("test.def").unwrap();
    let a2 = ctx.identifier("test.def").unwrap();
    let b = ctx.identifier("test.use").unwrap();
    assert_eq!(a, a2);
    assert_ne!(a, b);
    assert_eq!(a.to_string(), "test.def");
    assert_eq!(format!("{b:?}"), "Identifier(test.use)");
    assert_eq!(a.text().unwrap(), "test.def");
    assert!(a.context().ptr_eq(&ctx));
    // Hash follows equality.
    let set: HashSet<_> = [a, a2, b].into_iter().collect();
    assert_eq!(set.len(), 2);
    // Copy: used after being moved into the set.
    assert_eq!(a.raw(), a2.raw());
    // The empty identifier is fine.
    assert_eq!(ctx.identifier("").unwrap().text().unwrap(), "");

    // Operation names.
    let d = diamond(&ctx);
    let entry = ops(&d.blocks[0]);
    assert_eq!(entry[0].name_identifier().unwrap(), a);
    assert_ne!(entry[1].name_identifier().unwrap(), a);
    assert_eq!(ops(&d.blocks[1])[0].name_identifier().unwrap(), b);
    assert_eq!(d.func.name_identifier().unwrap().to_string(), "test.func");

    // Another context's identifier of the same text is another identifier, refused by this
    // context.
    let other = Context::new();
    let foreign = other.identifier("test.def").unwrap();
    assert_ne!(foreign, a);
    let moved = omnir::Identifier::from_raw(&ctx, foreign.raw());
    assert_eq!(moved.text().unwrap_err().status, Status::WrongContext);
    assert!(moved.to_string().starts_with("<identifier: OMNIR_ERROR_WRONG_CONTEXT"));

    // Stale operation.
    let op = OperationBuilder::new("test.gone", &ctx.unknown_loc()).build().unwrap().release();
    op.erase().unwrap();
    assert_eq!(op.name_identifier().unwrap_err().status, Status::StaleHandle);
}

// ---------------------------------------------------------------------------------------
// dominance

#[test]
fn dominance_on_a_diamond() {
    let ctx = ctx();
    let d = diamond(&ctx);
    let [b0, b1, b2, b3, b4] = <[Block; 5]>::try_from(d.blocks.clone()).unwrap();

    // Blocks.
    assert!(b0.dominates(&b1, false).unwrap());
    assert!(b0.dominates(&b3, true).unwrap());
    assert!(b0.dominates(&b0, false).unwrap());
    assert!(!b0.dominates(&b0, true).unwrap());
    assert!(!b1.dominates(&b3, false).unwrap());
    assert!(!b2.dominates(&b3, false).unwrap());
    assert!(!b1.dominates(&b2, false).unwrap());
    assert!(!b3.dominates(&b0, false).unwrap());

    assert_eq!(b0.immediate_dominator().unwrap(), None);
    assert_eq!(b1.immediate_dominator().unwrap(), Some(b0.clone()));
    assert_eq!(b2.immediate_dominator().unwrap(), Some(b0.clone()));
    assert_eq!(b3.immediate_dominator().unwrap(), Some(b0.clone()));
    assert_eq!(b4.immediate_dominator().unwrap(), None);

    for b in [&b0, &b1, &b2, &b3] {
        assert!(b.is_reachable().unwrap());
    }
    assert!(!b4.is_reachable().unwrap());

    // Regions: the function's multi-block region has SSA dominance; the module body (a
    // single-block graph region) does not.
    assert!(d.func.region(0).unwrap().has_ssa_dominance().unwrap());
    assert!(!d.func.parent_region().unwrap().unwrap().has_ssa_dominance().unwrap());

    // Operations.
    let e = ops(&b0);
    let (def, cond_br) = (&e[0], &e[1]);
    let use1 = &ops(&b1)[0];
    let use3 = &ops(&b3)[0];
    assert!(def.dominates(cond_br, true).unwrap());
    assert!(def.dominates(def, false).unwrap());
    assert!(!def.dominates(def, true).unwrap());
    assert!(!cond_br.dominates(def, false).unwrap());
    assert!(def.dominates(use3, true).unwrap());
    assert!(!use1.dominates(use3, false).unwrap());
    // The enclosing op dominates what it holds.
    assert!(d.func.dominates(use1, false).unwrap());

    assert!(def.is_before_in_block(cond_br).unwrap());
    assert!(!cond_br.is_before_in_block(def).unwrap());
    assert_eq!(def.is_before_in_block(use1).unwrap_err().status, Status::InvalidArgument);

    // Values.
    let x = def.result(0).unwrap();
    let c = b0.argument(0).unwrap();
    assert!(x.dominates_use(use1).unwrap());
    assert!(x.dominates_use(use3).unwrap());
    assert!(!x.dominates_use(def).unwrap());
    assert!(c.dominates_use(cond_br).unwrap());
    assert!(c.dominates_use(use3).unwrap());
    let y = use1.result(0).unwrap();
    assert!(!y.dominates_use(use3).unwrap());

    // Stale handles.
    let gone = OperationBuilder::new("test.gone", &ctx.unknown_loc()).build().unwrap().release();
    gone.erase().unwrap();
    assert_eq!(def.dominates(&gone, false).unwrap_err().status, Status::StaleHandle);
    assert_eq!(x.dominates_use(&gone).unwrap_err().status, Status::StaleHandle);
}

#[test]
fn indexed_predecessors_and_uses() {
    let ctx = ctx();
    let d = diamond(&ctx);
    let b3 = &d.blocks[3];
    assert_eq!(b3.num_predecessors().unwrap(), 2);
    let all = b3.predecessors().unwrap();
    let indexed: Vec<_> = (0..2).map(|i| b3.predecessor(i).unwrap()).collect();
    assert_eq!(indexed, all);
    let preds: HashSet<_> = indexed.iter().map(|p| p.op.parent_block().unwrap().unwrap()).collect();
    assert_eq!(preds, HashSet::from([d.blocks[1].clone(), d.blocks[2].clone()]));
    assert_eq!(b3.predecessor(2).unwrap_err().status, Status::OutOfRange);
    assert_eq!(d.blocks[0].num_predecessors().unwrap(), 0);
    assert_eq!(d.blocks[4].num_predecessors().unwrap(), 0);

    let x = ops(&d.blocks[0])[0].result(0).unwrap();
    assert_eq!(x.num_uses().unwrap(), 2);
    let uses = x.uses().unwrap();
    let indexed: Vec<_> = (0..2).map(|i| x.use_at(i).unwrap()).collect();
    assert_eq!(indexed, uses);
    let users: HashSet<_> = indexed.iter().map(|u| u.op.clone()).collect();
    assert_eq!(users, HashSet::from([ops(&d.blocks[1])[0].clone(), ops(&d.blocks[3])[0].clone()]));
    assert!(indexed.iter().all(|u| u.index == 0));
    assert_eq!(x.use_at(2).unwrap_err().status, Status::OutOfRange);
}

// ---------------------------------------------------------------------------------------
// attributes

#[test]
fn sparse_elements() {
    let ctx = ctx();
    let a = ctx.parse_attribute("sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>").unwrap();
    assert_eq!(a.kind().unwrap(), AttributeKind::SparseElements);
    let indices = a.sparse_indices().unwrap();
    let values = a.sparse_values().unwrap();
    assert_eq!(indices.kind().unwrap(), AttributeKind::DenseElements);
    assert_eq!(indices.ty().unwrap().unwrap().to_string(), "tensor<2x2xi64>");
    assert_eq!((0..4).map(|i| indices.dense_int64(i).unwrap()).collect::<Vec<_>>(), [0, 0, 1, 2]);
    assert_eq!(values.ty().unwrap().unwrap().to_string(), "tensor<2xi32>");
    assert_eq!((0..2).map(|i| values.dense_int64(i).unwrap()).collect::<Vec<_>>(), [1, 5]);

    // Built from its parts: the same uniqued attribute.
    let ty = ctx.parse_type("tensor<3x4xi32>").unwrap();
    let built = ctx.sparse_elements_attr(&ty, &indices, &values).unwrap();
    assert_eq!(built, a);
    assert_eq!(built.to_string(), "sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>");

    // An index outside the shape, and accessors on another kind.
    let far = ctx.parse_attribute("dense<[[0, 9]]> : tensor<1x2xi64>").unwrap();
    let one = ctx.parse_attribute("dense<[7]> : tensor<1xi32>").unwrap();
    assert_eq!(ctx.sparse_elements_attr(&ty, &far, &one).unwrap_err().status, Status::InvalidArgument);
    assert_eq!(one.sparse_indices().unwrap_err().status, Status::InvalidArgument);
    assert_eq!(one.sparse_values().unwrap_err().status, Status::InvalidArgument);
}

#[test]
fn dense_uint64() {
    let ctx = ctx();
    let a = ctx.parse_attribute("dense<[-1, 2]> : tensor<2xi8>").unwrap();
    assert_eq!(a.dense_uint64(0).unwrap(), 255);
    assert_eq!(a.dense_int64(0).unwrap(), -1);
    assert_eq!(a.dense_uint64(1).unwrap(), 2);
    assert_eq!(a.dense_uint64(2).unwrap_err().status, Status::OutOfRange);
}

#[test]
fn affine_maps() {
    let ctx = ctx();
    let d0 = || AffineExpr::dim(0);
    let d1 = || AffineExpr::dim(1);
    let s0 = || AffineExpr::symbol(0);
    let c = AffineExpr::constant;
    let results = vec![d0() + s0() * c(2), d1().floor_div(c(4)), d0().modulo(c(3)), d1().ceil_div(c(8)), c(7)];
    let map = ctx.affine_map_attr(2, 1, &results).unwrap();
    assert_eq!(map.kind().unwrap(), AttributeKind::AffineMap);
    assert_eq!(map.to_string(), "affine_map<(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 4, d0 mod 3, d1 ceildiv 8, 7)>");
    assert_eq!(map.affine_map_num_dims().unwrap(), 2);
    assert_eq!(map.affine_map_num_symbols().unwrap(), 1);
    assert_eq!(map.affine_map_results().unwrap(), results);
    // Uniqued: parsed text gives the same attribute and the same trees.
    let parsed = ctx
        .parse_attribute("affine_map<(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 4, d0 mod 3, d1 ceildiv 8, 7)>")
        .unwrap();
    assert_eq!(parsed, map);
    assert_eq!(results[0].to_string(), "(d0 + (s0 * 2))");

    // The identity map, and an empty one.
    let id = ctx.identity_affine_map_attr(2).unwrap();
    assert_eq!(id.affine_map_results().unwrap(), [d0(), d1()]);
    assert_eq!(ctx.affine_map_attr(2, 0, &[d0(), d1()]).unwrap(), id);
    assert!(ctx.affine_map_attr(0, 0, &[]).unwrap().affine_map_results().unwrap().is_empty());

    // A deep expression converts both ways without recursion trouble.
    let mut deep = d0();
    for i in 0..2000 {
        deep = deep + c(i);
    }
    let deep_map = ctx.affine_map_attr(1, 0, std::slice::from_ref(&deep)).unwrap();
    assert_eq!(deep_map.affine_map_num_results().unwrap(), 1);

    // Errors: a dim out of range; accessors on another kind.
    assert_eq!(ctx.affine_map_attr(1, 0, &[d1()]).unwrap_err().status, Status::InvalidArgument);
    let unit = ctx.unit_attr().unwrap();
    assert_eq!(unit.affine_map_results().unwrap_err().status, Status::InvalidArgument);
}

#[test]
fn integer_sets() {
    let ctx = ctx();
    let d0 = || AffineExpr::dim(0);
    let s0 = || AffineExpr::symbol(0);
    let c = AffineExpr::constant;
    let constraints = vec![
        AffineConstraint::ge_zero(d0() + c(-1)),
        AffineConstraint::ge_zero(s0() + d0() * c(-1)),
        AffineConstraint::eq_zero(d0().modulo(c(2))),
    ];
    let set = ctx.integer_set_attr(1, 1, &constraints).unwrap();
    assert_eq!(set.kind().unwrap(), AttributeKind::IntegerSet);
    // Simplified as MLIR builds it: dims before symbols, `s0 - d0` as `-d0 + s0`.
    assert_eq!(set.to_string(), "affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 >= 0, d0 mod 2 == 0)>");
    assert_eq!(set.integer_set_num_dims().unwrap(), 1);
    assert_eq!(set.integer_set_num_symbols().unwrap(), 1);
    let canonical = vec![
        AffineConstraint::ge_zero(d0() + c(-1)),
        AffineConstraint::ge_zero(d0() * c(-1) + s0()),
        AffineConstraint::eq_zero(d0().modulo(c(2))),
    ];
    assert_eq!(set.integer_set_constraints().unwrap(), canonical);
    assert_eq!(ctx.integer_set_attr(1, 1, &canonical).unwrap(), set);
    let parsed = ctx.parse_attribute("affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 >= 0, d0 mod 2 == 0)>").unwrap();
    assert_eq!(parsed, set);

    assert_eq!(
        ctx.integer_set_attr(1, 0, &[AffineConstraint::eq_zero(s0())]).unwrap_err().status,
        Status::InvalidArgument
    );
    let map = ctx.identity_affine_map_attr(1).unwrap();
    assert_eq!(map.integer_set_num_dims().unwrap_err().status, Status::InvalidArgument);
    assert_eq!(map.integer_set_constraints().unwrap_err().status, Status::InvalidArgument);
}

// ---------------------------------------------------------------------------------------
// context listings and resources

#[test]
fn registry_listings() {
    let ctx = Context::new();
    let dialects = ctx.registered_dialects().unwrap();
    assert!(dialects.iter().any(|d| d == "builtin"), "{dialects:?}");
    assert!(dialects.windows(2).all(|w| w[0] < w[1]), "sorted: {dialects:?}");
    let ops = ctx.registered_operations().unwrap();
    assert!(ops.iter().any(|o| o == "builtin.module"), "{ops:?}");
    assert!(ops.windows(2).all(|w| w[0] < w[1]), "sorted: {ops:?}");
    let passes = ctx.registered_passes().unwrap();
    assert!(passes.iter().any(|p| p == "cse"), "{passes:?}");
    assert!(passes.windows(2).all(|w| w[0] < w[1]), "sorted: {passes:?}");

    // Registrations show up.
    ctx.register_dialect("lst", false).unwrap();
    ctx.register_operation(&OpDefinition::new("lst.op")).unwrap();
    assert!(ctx.registered_dialects().unwrap().contains(&"lst".to_string()));
    let after = ctx.registered_operations().unwrap();
    assert!(after.contains(&"lst.op".to_string()));
    assert_eq!(after.len(), ops.len() + 1);
}

#[test]
fn resources() {
    let ctx = Context::new();
    assert!(ctx.resource_keys().unwrap().is_empty());
    ctx.set_resource("builtin", "blob", &[1, 2, 3, 4], 4).unwrap();
    assert_eq!(ctx.resource("builtin", "blob").unwrap(), Some((vec![1, 2, 3, 4], 4)));
    // Replaced in place, under the exact key (insert would pick `blob_1`).
    ctx.set_resource("builtin", "blob", &[9; 8], 8).unwrap();
    assert_eq!(ctx.resource("builtin", "blob").unwrap(), Some((vec![9; 8], 8)));
    let k = ctx.insert_resource("builtin", "blob", &[5], 1).unwrap();
    assert_ne!(k, "blob");
    ctx.set_resource("adialect", "zz", &[], 1).unwrap();
    assert_eq!(
        ctx.resource_keys().unwrap(),
        [("adialect".to_string(), "zz".to_string()), ("builtin".into(), "blob".into()), ("builtin".into(), k)]
    );
    // Bad alignment or an empty key: nothing stored.
    assert_eq!(ctx.set_resource("builtin", "odd", &[1], 3).unwrap_err().status, Status::InvalidArgument);
    assert_eq!(ctx.set_resource("builtin", "", &[1], 1).unwrap_err().status, Status::InvalidArgument);
    assert_eq!(ctx.resource_keys().unwrap().len(), 3);
}

// ---------------------------------------------------------------------------------------
// operand and result groups

#[test]
fn operand_and_result_groups() {
    let ctx = ctx();
    ctx.register_dialect("grp", false).unwrap();
    let def = OpDefinition::new("grp.op")
        .operand(ValueSpec::single("first", TypeConstraint::Any))
        .operand(ValueSpec::variadic("rest", TypeConstraint::Any))
        .operand(ValueSpec::single("last", TypeConstraint::Any))
        .result(ValueSpec::variadic("outs", TypeConstraint::Any))
        .result(ValueSpec::single("flag", TypeConstraint::Any));
    ctx.register_operation(&def).unwrap();

    let loc = ctx.unknown_loc();
    let i32 = ctx.integer_type(32).unwrap();
    let src = OperationBuilder::new("test.src", &loc).results(&[&i32, &i32, &i32, &i32]).build().unwrap();
    let v = src.results().unwrap();
    let op = OperationBuilder::new("grp.op", &loc).operands(&v).results(&[&i32, &i32, &i32]).build().unwrap();
    assert_eq!(op.operand_groups().unwrap(), [0..1, 1..3, 3..4]);
    assert_eq!(op.operand_group(1).unwrap(), 1..3);
    assert_eq!(op.operand_group_values(1).unwrap(), v[1..3]);
    assert_eq!(op.operand_group_values(2).unwrap(), v[3..]);
    assert_eq!(op.result_groups().unwrap(), [0..2, 2..3]);
    assert_eq!(op.result_group(0).unwrap(), 0..2);
    assert_eq!(op.result_group_values(1).unwrap(), [op.result(2).unwrap()]);
    assert_eq!(op.operand_group(3).unwrap_err().status, Status::OutOfRange);

    // An empty variadic group.
    let two = OperationBuilder::new("grp.op", &loc).operands(&[&v[0], &v[1]]).results(&[&i32]).build().unwrap();
    assert_eq!(two.operand_groups().unwrap(), [0..1, 1..1, 1..2]);
    assert_eq!(two.result_groups().unwrap(), [0..0, 0..1]);

    // Unregistered.
    assert_eq!(src.operand_groups().unwrap_err().status, Status::NotRegistered);
    assert_eq!(src.result_group(0).unwrap_err().status, Status::NotRegistered);
}

// ---------------------------------------------------------------------------------------
// dialect fallback parsers

#[test]
fn dialect_fallback_parsers() {
    let ctx = Context::new();
    ctx.register_dialect("fb", false).unwrap();
    let def = ctx.register_type(&TypeDefinition::new("fb", "box", &["width"])).unwrap();
    let i64t = ctx.integer_type(64).unwrap();
    let calls = Arc::new(AtomicUsize::new(0));
    let seen = calls.clone();
    let asm = DialectAssembly::new()
        .type_parser(move |ctx, text| {
            seen.fetch_add(1, Ordering::SeqCst);
            // `!fb.bN` is `!fb.box<N>`.
            let n: i64 = text
                .strip_prefix('b')
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| AsmError::new(format!("unknown fb type '{text}'")))?;
            let w = ctx.integer_attr(&ctx.integer_type(64)?, n)?;
            Ok(ctx.dialect_type(def, &[w])?)
        })
        .attribute_parser(move |ctx, text, ty| {
            if text == "panic" {
                panic!("boom");
            }
            let t = ty.cloned().unwrap_or(i64t.clone());
            Ok(ctx.integer_attr(&t, text.len() as i64)?)
        });
    ctx.set_dialect_assembly("fb", &asm).unwrap();

    let t = ctx.parse_type("!fb.b8").unwrap();
    assert_eq!(t.to_string(), "!fb.box<8>");
    assert_eq!(t, ctx.parse_type("!fb.box<8>").unwrap());
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    let e = ctx.parse_type("!fb.q9").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("unknown fb type 'q9'"), "{}", e.message);

    let a = ctx.parse_attribute("#fb.abc").unwrap();
    assert_eq!(a.int_value().unwrap(), 3);
    assert_eq!(a.ty().unwrap().unwrap().to_string(), "i64");
    let a = ctx.parse_attribute("#fb.abcd : i8").unwrap();
    assert_eq!((a.int_value().unwrap(), a.ty().unwrap().unwrap().to_string()), (4, "i8".to_string()));
    let e = ctx.parse_attribute("#fb.panic").unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("panicked: boom"), "{}", e.message);

    // Set once; an unknown dialect; neither parser.
    assert_eq!(ctx.set_dialect_assembly("fb", &asm).unwrap_err().status, Status::AlreadyExists);
    assert_eq!(ctx.set_dialect_assembly("nope", &asm).unwrap_err().status, Status::NotRegistered);
    ctx.register_dialect("fb2", false).unwrap();
    assert_eq!(ctx.set_dialect_assembly("fb2", &DialectAssembly::new()).unwrap_err().status, Status::NullArgument);
    // Only a type parser: attributes of the dialect stay unknown.
    ctx.set_dialect_assembly("fb2", &DialectAssembly::new().type_parser(|ctx, _| Ok(ctx.index_type()?))).unwrap();
    assert_eq!(ctx.parse_type("!fb2.anything").unwrap().to_string(), "index");
}

// ---------------------------------------------------------------------------------------
// lock-wait hooks

/// Lock-wait hooks are process-wide: the tests that install them run one at a time, so that
/// each sees only the waits it causes.
const LONG: Duration = Duration::from_secs(10);
const SHORT: Duration = Duration::from_millis(300);

static HOOK_TESTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds `ctx` in a walk on this thread while another thread creates an operation in it, so
/// that the other thread waits for the context; `waited` tells when it started waiting (the
/// walk gives up after `patience` when no hook reports it).
fn contend(ctx: &Context, patience: Duration, waited: impl Fn() -> bool) {
    let m = Module::parse(ctx, DIAMOND, "d.mlir").unwrap();
    let started = Arc::new(Barrier::new(2));
    let waiter = {
        let (ctx, started) = (ctx.clone(), started.clone());
        std::thread::spawn(move || {
            started.wait();
            OperationBuilder::new("test.other_thread", &ctx.unknown_loc()).build().unwrap().name().unwrap()
        })
    };
    let mut first = true;
    m.walk(omnir::WalkOrder::PreOrder, |_| {
        if first {
            first = false;
            started.wait();
            let deadline = std::time::Instant::now() + patience;
            while !waited() && std::time::Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        omnir::WalkResult::Advance
    })
    .unwrap();
    assert_eq!(waiter.join().unwrap(), "test.other_thread");
}

#[test]
fn lock_wait_hooks_run_around_contended_waits() {
    let _serial = HOOK_TESTS.lock().unwrap_or_else(|p| p.into_inner());
    let begins = Arc::new(AtomicUsize::new(0));
    let ends = Arc::new(AtomicUsize::new(0));
    let wrong_thread = Arc::new(AtomicUsize::new(0));
    let (b, e, w) = (begins.clone(), ends.clone(), wrong_thread.clone());
    let hooks = LockWaitHooks::add(
        move || {
            b.fetch_add(1, Ordering::SeqCst);
            std::thread::current().id()
        },
        move |started_on| {
            // The end call runs on the thread of its begin call, with its token.
            if started_on != std::thread::current().id() {
                w.fetch_add(1, Ordering::SeqCst);
            }
            e.fetch_add(1, Ordering::SeqCst);
        },
    )
    .unwrap();
    assert!(hooks.id() > 0);
    assert!(format!("{hooks:?}").starts_with("LockWaitHooks("));

    let ctx = ctx();
    contend(&ctx, LONG, || begins.load(Ordering::SeqCst) > 0);
    assert!(begins.load(Ordering::SeqCst) >= 1);
    assert_eq!(ends.load(Ordering::SeqCst), begins.load(Ordering::SeqCst));
    assert_eq!(wrong_thread.load(Ordering::SeqCst), 0);

    // Removed on drop: a contended wait no longer calls them.
    drop(hooks);
    let before = begins.load(Ordering::SeqCst);
    contend(&ctx, SHORT, || false);
    assert_eq!(begins.load(Ordering::SeqCst), before);
    assert_eq!(ends.load(Ordering::SeqCst), before);
}

#[test]
fn lock_wait_hook_panics_are_contained() {
    let _serial = HOOK_TESTS.lock().unwrap_or_else(|p| p.into_inner());
    // A panicking begin skips its end; a panicking end is ignored; the wait completes.
    let tried = Arc::new(AtomicUsize::new(0));
    let ends = Arc::new(AtomicUsize::new(0));
    let (t, e) = (tried.clone(), ends.clone());
    let hooks = LockWaitHooks::add(
        move || -> u8 {
            t.fetch_add(1, Ordering::SeqCst);
            panic!("begin hook")
        },
        move |_| {
            e.fetch_add(1, Ordering::SeqCst);
        },
    )
    .unwrap();
    let ctx = ctx();
    contend(&ctx, LONG, || tried.load(Ordering::SeqCst) > 0);
    assert!(tried.load(Ordering::SeqCst) >= 1);
    assert_eq!(ends.load(Ordering::SeqCst), 0);
    drop(hooks);

    let began = Arc::new(AtomicUsize::new(0));
    let b = began.clone();
    let hooks = LockWaitHooks::add(
        move || {
            b.fetch_add(1, Ordering::SeqCst);
        },
        |()| panic!("end hook"),
    )
    .unwrap();
    contend(&ctx, LONG, || began.load(Ordering::SeqCst) > 0);
    assert!(began.load(Ordering::SeqCst) >= 1);
    drop(hooks);

    // Hooks kept for the rest of the process (as a binding installs them once).
    LockWaitHooks::add(|| (), |()| {}).unwrap().keep_forever();
}

// ---------------------------------------------------------------------------------------
// ABI check, last error

#[test]
fn abi_check_and_last_error() {
    omnir::check_abi().unwrap();
    assert_eq!(omnir::abi_version(), omnir::sys::OMNIR_ABI_VERSION);

    let ctx = Context::new();
    ctx.integer_type(8).unwrap();
    assert_eq!(Error::last(), None);
    let e = ctx.parse_type("tensor<4x").unwrap_err();
    let last = Error::last().unwrap();
    assert_eq!(last, e);
    assert_eq!(last.status, Status::ParseFailed);
}

// ---------------------------------------------------------------------------------------
// verification after parsing

/// A module with two blocks: it parses, but `builtin.module` takes one block at most.
const TWO_BLOCKS: &str =
    "\"builtin.module\"() ({\n^bb0:\n  \"t.a\"() : () -> ()\n^bb1:\n  \"t.b\"() : () -> ()\n}) : () -> ()";

#[test]
fn verify_after_parse() {
    let ctx = ctx();
    assert!(ctx.verify_after_parse().unwrap(), "on by default, as MLIR's parser");
    let (r, diags) = ctx.capture_diagnostics(|| Module::parse(&ctx, TWO_BLOCKS, "two.mlir")).unwrap();
    let Err(e) = r else { panic!("the verifier fails the parse") };
    assert_eq!(e.status, Status::ParseFailed);
    assert!(
        e.message.starts_with("two.mlir:1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks\n"),
        "{}",
        e.message
    );
    assert_eq!(diags.len(), 1, "emitted once: {diags:?}");
    assert_eq!(diags[0].message, "'builtin.module' op expects region #0 to have 0 or 1 blocks");
    assert_eq!(diags[0].location.print().unwrap(), "loc(\"two.mlir\":1:1)");
    let Err(e) = OwnedOperation::parse(&ctx, TWO_BLOCKS, "two.mlir") else { panic!("Operation parse verifies too") };
    assert_eq!(e.status, Status::ParseFailed);

    ctx.set_verify_after_parse(false).unwrap();
    assert!(!ctx.verify_after_parse().unwrap());
    let m = Module::parse(&ctx, TWO_BLOCKS, "two.mlir").unwrap();
    assert_eq!(m.operation().region(0).unwrap().blocks().unwrap().len(), 2);
    let e = m.operation().verify().unwrap_err();
    assert_eq!(e.status, Status::VerificationFailed);
}
