//! The verifier and dominance, through the public API. Expected messages are MLIR's.

use std::sync::Arc;

use omnir_core::dominance::DominanceInfo;
use omnir_core::verify::{BranchOpInterface, SingleBlockImplicitTerminator};
use omnir_core::*;

// ---- a small test dialect ----

fn def(name: &str, f: impl FnOnce(&mut OpDef)) -> OpDef {
    let mut d = OpDef::new(name);
    f(&mut d);
    d
}

fn setup() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(DialectDef { name: "test".into(), allow_unknown_operations: false, enums: Vec::new() });
    ctx.register_dialect(DialectDef { name: "open".into(), allow_unknown_operations: true, enums: Vec::new() });
    let i1 = ctx.signless_int(1);
    let defs = vec![
        // %0 = test.def : any
        def("test.def", |d| d.results = vec![ValueSpec::new("res", TypeConstraint::Any)]),
        // test.use %a, %b, ... (any number of operands of any type)
        def("test.use", |d| d.operands = vec![ValueSpec::variadic("args", TypeConstraint::Any)]),
        def("test.ret", |d| {
            d.operands = vec![ValueSpec::variadic("args", TypeConstraint::Any)];
            d.traits = Traits::IS_TERMINATOR | Traits::RETURN_LIKE;
        }),
        def("test.br", |d| {
            d.operands = vec![ValueSpec::variadic("destOperands", TypeConstraint::Any)];
            d.num_successors = 1;
            d.traits = Traits::IS_TERMINATOR;
            d.interfaces = vec![BranchOpInterface::operand_groups(0)];
        }),
        def("test.cond_br", |d| {
            d.operands = vec![
                ValueSpec::new("condition", TypeConstraint::Exactly(i1)),
                ValueSpec::variadic("trueDestOperands", TypeConstraint::Any),
                ValueSpec::variadic("falseDestOperands", TypeConstraint::Any),
            ];
            d.num_successors = 2;
            d.traits = Traits::IS_TERMINATOR | Traits::ATTR_SIZED_OPERAND_SEGMENTS;
            d.interfaces = vec![BranchOpInterface::operand_groups(1)];
        }),
        def("test.func", |d| {
            d.num_regions = 1;
            d.attributes = vec![AttrSpec::required("sym_name", AttrConstraint::String)];
            d.traits = Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL;
        }),
        // An SSA region that requires terminators.
        def("test.region", |d| {
            d.num_regions = 1;
            d.results = vec![ValueSpec::variadic("res", TypeConstraint::Any)];
            d.operands = vec![ValueSpec::variadic("args", TypeConstraint::Any)];
        }),
        def("test.graph", |d| {
            d.num_regions = 1;
            d.traits = Traits::GRAPH_REGIONS | Traits::NO_TERMINATOR;
        }),
        def("test.add", |d| {
            d.operands = vec![
                ValueSpec::new("lhs", TypeConstraint::Integer(32)),
                ValueSpec::new("rhs", TypeConstraint::Integer(32)),
            ];
            d.results = vec![ValueSpec::new("res", TypeConstraint::Integer(32))];
            d.traits = Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::PURE;
        }),
        def("test.same", |d| {
            d.operands = vec![ValueSpec::variadic("args", TypeConstraint::Any)];
            d.results = vec![ValueSpec::variadic("res", TypeConstraint::Any)];
            d.traits = Traits::SAME_OPERANDS_AND_RESULT_TYPE;
        }),
        def("test.one", |d| d.operands = vec![ValueSpec::new("x", TypeConstraint::Any)]),
        def("test.none", |_| {}),
        def("test.opt", |d| {
            d.operands = vec![ValueSpec::new("x", TypeConstraint::Any), ValueSpec::optional("y", TypeConstraint::Any)]
        }),
        def("test.two_results", |d| {
            d.results = vec![ValueSpec::new("a", TypeConstraint::Any), ValueSpec::new("b", TypeConstraint::Any)]
        }),
        def("test.attr", |d| {
            d.attributes = vec![
                AttrSpec::required("value", AttrConstraint::Integer),
                AttrSpec::optional("label", AttrConstraint::String),
            ]
        }),
        def("test.table", |d| {
            d.num_regions = 1;
            d.traits = Traits::SYMBOL_TABLE | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK;
        }),
        def("test.sym", |d| d.traits = Traits::SYMBOL),
        def("test.custom", |d| {
            d.operands = vec![ValueSpec::variadic("args", TypeConstraint::Any)];
            d.verify = Some(Arc::new(|ctx, op| {
                if ctx.op_num_operands(op).unwrap_or(0) > 1 {
                    Err("expects at most one operand".into())
                } else {
                    Ok(())
                }
            }));
        }),
        def("test.implicit", |d| {
            d.num_regions = 1;
            d.interfaces = vec![SingleBlockImplicitTerminator::of("test.ret")];
        }),
        def("test.noargs", |d| {
            d.num_regions = 1;
            d.traits = Traits::NO_REGION_ARGUMENTS | Traits::NO_TERMINATOR;
        }),
        def("test.multi", |d| {
            d.num_regions = 2;
            d.variadic_regions = true;
        }),
    ];
    for d in defs {
        ctx.register_operation(d).unwrap();
    }
    ctx
}

fn loc(ctx: &Context, line: u32) -> Location {
    ctx.file_line_col_loc("test.mlir", line, 1)
}

fn i32t(ctx: &Context) -> Type {
    ctx.signless_int(32)
}

/// Builds an op from its parts at `line`.
fn mk(ctx: &mut Context, name: &str, line: u32, operands: &[Value], results: &[Type], regions: usize) -> OpId {
    let l = loc(ctx, line);
    let st = OperationState::new(name, l).operands(operands).results(results).regions(regions);
    ctx.create_operation(&st).unwrap()
}

fn mk_br(ctx: &mut Context, name: &str, line: u32, operands: &[Value], succs: &[BlockId]) -> OpId {
    let l = loc(ctx, line);
    let st = OperationState::new(name, l).operands(operands).successors(succs);
    ctx.create_operation(&st).unwrap()
}

fn push(ctx: &mut Context, block: BlockId, op: OpId) -> OpId {
    ctx.insert_op(op, InsertPoint::BlockEnd(block)).unwrap();
    op
}

/// Creates an op and appends it to `block`.
fn add(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    line: u32,
    operands: &[Value],
    results: &[Type],
    regions: usize,
) -> OpId {
    let op = mk(ctx, name, line, operands, results, regions);
    push(ctx, block, op)
}

fn add_br(ctx: &mut Context, block: BlockId, name: &str, line: u32, operands: &[Value], succs: &[BlockId]) -> OpId {
    let op = mk_br(ctx, name, line, operands, succs);
    push(ctx, block, op)
}

fn res(ctx: &Context, op: OpId) -> Value {
    ctx.op_result(op, 0).unwrap()
}

/// A new block appended to region `index` of `op`.
fn add_block(ctx: &mut Context, op: OpId, index: usize, args: &[Type]) -> BlockId {
    let l = ctx.unknown_loc();
    let args: Vec<(Type, Location)> = args.iter().map(|&t| (t, l)).collect();
    let b = ctx.create_block(&args);
    let r = ctx.op_region(op, index).unwrap();
    ctx.region_append_block(r, b).unwrap();
    b
}

/// `builtin.module` with its body block.
fn module(ctx: &mut Context) -> (OpId, BlockId) {
    let m = mk(ctx, "builtin.module", 1, &[], &[], 1);
    let b = add_block(ctx, m, 0, &[]);
    (m, b)
}

/// Verifies, returning the result and the messages of the diagnostics.
fn check(ctx: &Context, op: OpId) -> (Result<()>, Vec<Diagnostic>) {
    ctx.collect_diagnostics(|c| c.verify(op))
}

fn messages(ctx: &Context, op: OpId) -> Vec<String> {
    let (r, diags) = check(ctx, op);
    let msgs: Vec<String> = diags.iter().map(|d| d.message.clone()).collect();
    assert_eq!(r.is_err(), !msgs.is_empty(), "result {r:?} vs diagnostics {msgs:?}");
    if let Err(e) = &r {
        assert_eq!(e.kind, ErrorKind::VerificationFailed);
        assert!(e.message.starts_with(&msgs[0]), "{} vs {}", e.message, msgs[0]);
    }
    msgs
}

#[track_caller]
fn assert_ok(ctx: &Context, op: OpId) {
    let msgs = messages(ctx, op);
    assert!(msgs.is_empty(), "expected success, got {msgs:?}");
}

#[track_caller]
fn assert_fails(ctx: &Context, op: OpId, expected: &str) -> Vec<Diagnostic> {
    let (r, diags) = check(ctx, op);
    let msgs: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert!(r.is_err(), "expected failure '{expected}', verification passed");
    assert!(msgs.contains(&expected), "expected '{expected}' among {msgs:?}");
    assert!(diags.iter().all(|d| d.severity == Severity::Error));
    diags
}

/// `test.func` with one entry block in a module; returns (module, func, entry block).
fn func(ctx: &mut Context, args: &[Type]) -> (OpId, OpId, BlockId) {
    let (m, mb) = module(ctx);
    let f = mk(ctx, "test.func", 2, &[], &[], 1);
    let name = ctx.string_attr("f");
    ctx.set_op_attribute(f, "sym_name", name).unwrap();
    push(ctx, mb, f);
    let entry = add_block(ctx, f, 0, args);
    (m, f, entry)
}

// ---- SSA dominance ----

#[test]
fn valid_function_is_accepted() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[t]);
    let arg = ctx.block_argument(entry, 0).unwrap();
    let a = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let a = res(&ctx, a);
    let sum = add(&mut ctx, entry, "test.add", 4, &[a, arg], &[t], 0);
    let sum = res(&ctx, sum);
    add(&mut ctx, entry, "test.ret", 5, &[sum], &[], 0);
    assert_ok(&ctx, m);
}

#[test]
fn use_before_def_in_one_block_is_rejected() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[]);
    let user = add(&mut ctx, entry, "test.use", 3, &[], &[], 0);
    let d = add(&mut ctx, entry, "test.def", 4, &[], &[t], 0);
    add(&mut ctx, entry, "test.ret", 5, &[], &[], 0);
    let v = res(&ctx, d);
    ctx.set_operands(user, &[v]).unwrap();
    let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].location, loc(&ctx, 3));
    assert_eq!(diags[0].notes.len(), 1);
    assert_eq!(diags[0].notes[0].message, "operand defined here (op in the same block)");
    assert_eq!(diags[0].notes[0].location, loc(&ctx, 4));
    assert_eq!(diags[0].notes[0].severity, Severity::Note);
}

#[test]
fn an_op_using_its_own_result_is_rejected() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[]);
    let d = add(&mut ctx, entry, "test.same", 3, &[], &[t], 0);
    let v = res(&ctx, d);
    ctx.set_operands(d, &[v]).unwrap();
    add(&mut ctx, entry, "test.ret", 4, &[], &[], 0);
    let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
    assert_eq!(diags[0].notes[0].message, "operand defined here (op in the same block)");
    // ... and inside its own region.
    let mut ctx = setup();
    let (m, _, entry) = func(&mut ctx, &[]);
    let outer = add(&mut ctx, entry, "test.region", 3, &[], &[t], 1);
    add(&mut ctx, entry, "test.ret", 6, &[], &[], 0);
    let inner = add_block(&mut ctx, outer, 0, &[]);
    let v = res(&ctx, outer);
    add(&mut ctx, inner, "test.use", 4, &[v], &[], 0);
    add(&mut ctx, inner, "test.ret", 5, &[], &[], 0);
    let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
    assert_eq!(diags[0].notes[0].message, "operand defined here (op in a parent region)");
}

#[test]
fn def_in_a_dominating_block_is_accepted() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, f, entry) = func(&mut ctx, &[]);
    let next = add_block(&mut ctx, f, 0, &[]);
    let d = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let v = res(&ctx, d);
    add_br(&mut ctx, entry, "test.br", 4, &[], &[next]);
    add(&mut ctx, next, "test.use", 5, &[v], &[], 0);
    add(&mut ctx, next, "test.ret", 6, &[], &[], 0);
    assert_ok(&ctx, m);
}

/// entry: cond_br ^a, ^b; ^a: def; br ^join; ^b: use(def) -- rejected; ^join: use(def) -- rejected.
#[test]
fn def_in_a_non_dominating_sibling_block_is_rejected() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let i1 = ctx.signless_int(1);
    let (m, f, entry) = func(&mut ctx, &[i1]);
    let cond = ctx.block_argument(entry, 0).unwrap();
    let a = add_block(&mut ctx, f, 0, &[]);
    let b = add_block(&mut ctx, f, 0, &[]);
    let join = add_block(&mut ctx, f, 0, &[]);
    let br = add_br(&mut ctx, entry, "test.cond_br", 3, &[cond], &[a, b]);
    let sizes = ctx.dense_array_attr(ctx.signless_int(32), &[1i32, 0, 0].map(i32::to_le_bytes).concat()).unwrap();
    ctx.set_op_attribute(br, "operandSegmentSizes", sizes).unwrap();
    let d = add(&mut ctx, a, "test.def", 4, &[], &[t], 0);
    let v = res(&ctx, d);
    add_br(&mut ctx, a, "test.br", 5, &[], &[join]);
    add(&mut ctx, b, "test.use", 6, &[v], &[], 0);
    add_br(&mut ctx, b, "test.br", 7, &[], &[join]);
    add(&mut ctx, join, "test.use", 8, &[v], &[], 0);
    add(&mut ctx, join, "test.ret", 9, &[], &[], 0);
    let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
    let locs: Vec<Location> = diags.iter().map(|d| d.location).collect();
    assert_eq!(locs, vec![loc(&ctx, 6), loc(&ctx, 8)]);
    assert_eq!(diags[0].notes[0].message, "operand defined here (op in the same region)");

    let dom = DominanceInfo::new(&ctx);
    assert!(dom.dominates_block(entry, join).unwrap());
    assert!(!dom.dominates_block(a, join).unwrap());
    assert!(!dom.dominates_block(b, a).unwrap());
    assert_eq!(dom.immediate_dominator(join).unwrap(), Some(entry));
    assert_eq!(dom.immediate_dominator(a).unwrap(), Some(entry));
    assert_eq!(dom.immediate_dominator(entry).unwrap(), None);
}

#[test]
fn block_arguments_dominate_their_block_nested_regions_and_dominated_blocks() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, f, entry) = func(&mut ctx, &[t]);
    let arg = ctx.block_argument(entry, 0).unwrap();
    let next = add_block(&mut ctx, f, 0, &[t]);
    let next_arg = ctx.block_argument(next, 0).unwrap();
    let r = add(&mut ctx, entry, "test.region", 3, &[], &[], 1);
    let inner = add_block(&mut ctx, r, 0, &[]);
    add(&mut ctx, inner, "test.use", 4, &[arg], &[], 0);
    add(&mut ctx, inner, "test.ret", 5, &[], &[], 0);
    add_br(&mut ctx, entry, "test.br", 6, &[arg], &[next]);
    add(&mut ctx, next, "test.use", 7, &[arg, next_arg], &[], 0);
    add(&mut ctx, next, "test.ret", 8, &[], &[], 0);
    assert_ok(&ctx, m);

    // The successor's argument is not available in the entry block's nested region.
    ctx.set_operands(ctx.block_first_op(inner).unwrap().unwrap(), &[next_arg]).unwrap();
    let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].location, loc(&ctx, 4));
    assert_eq!(diags[0].notes[0].message, "operand defined as a block argument (block #1 in a parent region)");
    assert_eq!(diags[0].notes[0].location, loc(&ctx, 2));
}

#[test]
fn uses_in_unreachable_blocks_are_not_checked() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, f, entry) = func(&mut ctx, &[]);
    add(&mut ctx, entry, "test.ret", 3, &[], &[], 0);
    let dead = add_block(&mut ctx, f, 0, &[]);
    let user = add(&mut ctx, dead, "test.use", 4, &[], &[], 0);
    let d = add(&mut ctx, dead, "test.def", 5, &[], &[t], 0);
    add(&mut ctx, dead, "test.ret", 6, &[], &[], 0);
    let v = res(&ctx, d);
    ctx.set_operands(user, &[v]).unwrap();
    assert_ok(&ctx, m);
    let dom = DominanceInfo::new(&ctx);
    assert!(!dom.is_reachable(dead).unwrap());
    assert!(dom.is_reachable(entry).unwrap());
    // An unreachable block is dominated by anything and dominates nothing reachable.
    assert!(dom.dominates_block(entry, dead).unwrap());
    assert!(!dom.dominates_block(dead, entry).unwrap());
}

#[test]
fn graph_region_at_module_top_level_accepts_forward_uses() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    let user = add(&mut ctx, body, "test.use", 2, &[], &[], 0);
    let d = add(&mut ctx, body, "test.def", 3, &[], &[t], 0);
    let v = res(&ctx, d);
    ctx.set_operands(user, &[v]).unwrap();
    assert_ok(&ctx, m);
    let dom = DominanceInfo::new(&ctx);
    assert!(!dom.has_ssa_dominance(ctx.op_region(m, 0).unwrap()).unwrap());
    assert!(dom.value_dominates_use(v, user).unwrap());
    assert!(dom.properly_dominates(d, user).unwrap());
}

#[test]
fn graph_region_cycles_and_self_uses_are_accepted() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    let g = add(&mut ctx, body, "test.graph", 2, &[], &[], 1);
    let gb = add_block(&mut ctx, g, 0, &[]);
    let a = add(&mut ctx, gb, "test.same", 3, &[], &[t], 0);
    let b = add(&mut ctx, gb, "test.same", 4, &[], &[t], 0);
    let (va, vb) = (res(&ctx, a), res(&ctx, b));
    ctx.set_operands(a, &[vb]).unwrap();
    ctx.set_operands(b, &[va, vb]).unwrap();
    assert_ok(&ctx, m);
}

#[test]
fn a_graph_region_does_not_relax_dominance_in_its_enclosing_ssa_block() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[]);
    let g = add(&mut ctx, entry, "test.graph", 3, &[], &[], 1);
    let gb = add_block(&mut ctx, g, 0, &[]);
    let user = add(&mut ctx, gb, "test.use", 4, &[], &[], 0);
    let d = add(&mut ctx, entry, "test.def", 5, &[], &[t], 0);
    add(&mut ctx, entry, "test.ret", 6, &[], &[], 0);
    let v = res(&ctx, d);
    ctx.set_operands(user, &[v]).unwrap();
    // The graph region is relaxed only inside itself: the def is in the function's SSA block.
    let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
    assert_eq!(diags[0].notes[0].message, "operand defined here (op in a parent region)");
}

// Unregistered ops: MLIR's `DominanceInfo` gives a single-block region of an unregistered op
// no SSA dominance (it may be a graph region); multi-block regions always have it. Their
// single-block regions may also lack a terminator (`mayBeValidWithoutTerminator`).
#[test]
fn unregistered_op_single_block_region_is_not_dominance_checked() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[]);
    let u = add(&mut ctx, entry, "foo.region", 3, &[], &[], 1);
    add(&mut ctx, entry, "test.ret", 7, &[], &[], 0);
    let ub = add_block(&mut ctx, u, 0, &[]);
    let user = add(&mut ctx, ub, "test.use", 4, &[], &[], 0);
    let d = add(&mut ctx, ub, "test.def", 5, &[], &[t], 0);
    let v = res(&ctx, d);
    ctx.set_operands(user, &[v]).unwrap();
    assert_ok(&ctx, m);
    let dom = DominanceInfo::new(&ctx);
    assert!(!dom.has_ssa_dominance(ctx.op_region(u, 0).unwrap()).unwrap());
}

#[test]
fn unregistered_op_multi_block_region_is_dominance_checked_and_needs_terminators() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[]);
    let u = add(&mut ctx, entry, "foo.region", 3, &[], &[], 1);
    add(&mut ctx, entry, "test.ret", 9, &[], &[], 0);
    let b0 = add_block(&mut ctx, u, 0, &[]);
    let b1 = add_block(&mut ctx, u, 0, &[]);
    let user = add(&mut ctx, b0, "test.use", 4, &[], &[], 0);
    let d = add(&mut ctx, b0, "test.def", 5, &[], &[t], 0);
    // An unregistered last op may be a terminator.
    add_br(&mut ctx, b0, "foo.br", 6, &[], &[b1]);
    add(&mut ctx, b1, "foo.end", 7, &[], &[], 0);
    assert_ok(&ctx, m);
    let v = res(&ctx, d);
    ctx.set_operands(user, &[v]).unwrap();
    assert_fails(&ctx, m, "operand #0 does not dominate this use");
    ctx.set_operands(user, &[]).unwrap();
    // A registered non-terminator at the end of a block of a multi-block region.
    add(&mut ctx, b1, "test.use", 8, &[], &[], 0);
    let diags = assert_fails(&ctx, m, "block with no terminator, has \"test.use\"");
    assert_eq!(diags[0].location, loc(&ctx, 8));
    // An empty block in a multi-block region.
    let mut ctx2 = setup();
    ctx2.set_allow_unregistered_dialects(true);
    let (m2, _, entry2) = func(&mut ctx2, &[]);
    let u2 = add(&mut ctx2, entry2, "foo.region", 3, &[], &[], 1);
    add(&mut ctx2, entry2, "test.ret", 4, &[], &[], 0);
    let c0 = add_block(&mut ctx2, u2, 0, &[]);
    add_block(&mut ctx2, u2, 0, &[]);
    add(&mut ctx2, c0, "foo.end", 5, &[], &[], 0);
    let diags = assert_fails(&ctx2, m2, "empty block: expect at least a terminator");
    assert_eq!(diags[0].location, loc(&ctx2, 3));
}

#[test]
fn unregistered_op_single_block_region_may_lack_a_terminator() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let (m, _, entry) = func(&mut ctx, &[]);
    let u = add(&mut ctx, entry, "foo.region", 3, &[], &[], 2);
    add(&mut ctx, entry, "test.ret", 5, &[], &[], 0);
    let b = add_block(&mut ctx, u, 0, &[]);
    add(&mut ctx, b, "test.use", 4, &[], &[], 0);
    add_block(&mut ctx, u, 1, &[]); // an empty block is fine too
    assert_ok(&ctx, m);
}

// ---- IsolatedFromAbove ----

#[test]
fn use_of_an_outer_value_inside_an_isolated_op_is_rejected() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, outer, entry) = func(&mut ctx, &[t]);
    let arg = ctx.block_argument(entry, 0).unwrap();
    let d = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let v = res(&ctx, d);
    // A non-isolated region may use outer values.
    let r = add(&mut ctx, entry, "test.region", 4, &[], &[], 1);
    let rb = add_block(&mut ctx, r, 0, &[]);
    add(&mut ctx, rb, "test.use", 5, &[v, arg], &[], 0);
    add(&mut ctx, rb, "test.ret", 6, &[], &[], 0);
    // An isolated one may not.
    let inner = add(&mut ctx, entry, "test.func", 7, &[], &[], 1);
    let name = ctx.string_attr("inner");
    ctx.set_op_attribute(inner, "sym_name", name).unwrap();
    add(&mut ctx, entry, "test.ret", 10, &[], &[], 0);
    let ib = add_block(&mut ctx, inner, 0, &[]);
    let bad = add(&mut ctx, ib, "test.use", 8, &[], &[], 0);
    add(&mut ctx, ib, "test.ret", 9, &[], &[], 0);
    assert_ok(&ctx, m);
    ctx.set_operands(bad, &[v]).unwrap();
    let diags = assert_fails(&ctx, m, "'test.use' op using value defined outside the region");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].location, loc(&ctx, 8));
    assert_eq!(diags[0].notes[0].message, "required by region isolation constraints");
    assert_eq!(diags[0].notes[0].location, loc(&ctx, 7));
    // Deeper inside the isolated op, through a non-isolated region, with a block argument.
    ctx.set_operands(bad, &[]).unwrap();
    let r2 = mk(&mut ctx, "test.region", 11, &[], &[], 1);
    ctx.insert_op(r2, InsertPoint::BlockStart(ib)).unwrap();
    let r2b = add_block(&mut ctx, r2, 0, &[]);
    add(&mut ctx, r2b, "test.use", 12, &[arg], &[], 0);
    add(&mut ctx, r2b, "test.ret", 13, &[], &[], 0);
    let diags = assert_fails(&ctx, m, "'test.use' op using value defined outside the region");
    assert_eq!(diags[0].location, loc(&ctx, 12));
    // Verifying the isolated op alone reports the same.
    assert_fails(&ctx, inner, "'test.use' op using value defined outside the region");
    // The outer function is fine on its own once the inner one is gone.
    ctx.erase_op(inner).unwrap();
    assert_ok(&ctx, outer);
}

// ---- structure: nulls, registration ----

#[test]
fn null_operands_are_rejected() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[]);
    let d = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let v = res(&ctx, d);
    add(&mut ctx, entry, "test.use", 4, &[v], &[], 0);
    add(&mut ctx, entry, "test.ret", 5, &[], &[], 0);
    assert_ok(&ctx, m);
    ctx.erase_op_with(d, EraseMode::DropUses).unwrap();
    let diags = assert_fails(&ctx, m, "null operand found");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].location, loc(&ctx, 4));
}

#[test]
fn unregistered_dialects_need_the_context_setting() {
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    add(&mut ctx, body, "foo.bar", 2, &[], &[], 0);
    let diags = assert_fails(
        &ctx,
        m,
        "'foo.bar' op created with unregistered dialect. If this is intended, please call \
         allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
    );
    assert_eq!(diags[0].location, loc(&ctx, 2));
    ctx.set_allow_unregistered_dialects(true);
    assert_ok(&ctx, m);
}

#[test]
fn unknown_ops_of_a_registered_dialect_need_the_dialect_to_allow_them() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let (m, body) = module(&mut ctx);
    let bad = add(&mut ctx, body, "test.unknown", 2, &[], &[], 0);
    add(&mut ctx, body, "open.anything", 3, &[], &[], 0);
    let diags = assert_fails(
        &ctx,
        m,
        "unregistered operation 'test.unknown' found in dialect ('test') that does not allow unknown operations",
    );
    assert_eq!(diags.len(), 1);
    ctx.erase_op(bad).unwrap();
    assert_ok(&ctx, m);
    // `builtin` does not allow unknown operations either.
    add(&mut ctx, body, "builtin.nope", 4, &[], &[], 0);
    assert_fails(
        &ctx,
        m,
        "unregistered operation 'builtin.nope' found in dialect ('builtin') that does not allow unknown operations",
    );
}

#[test]
fn unregistered_op_successor_operands_are_not_checked() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let t = i32t(&ctx);
    let (m, f, entry) = func(&mut ctx, &[t]);
    let arg = ctx.block_argument(entry, 0).unwrap();
    let next = add_block(&mut ctx, f, 0, &[]);
    // MLIR knows successor operands only through BranchOpInterface: nothing to check here.
    add_br(&mut ctx, entry, "foo.br", 3, &[arg, arg], &[next]);
    add(&mut ctx, next, "test.ret", 4, &[], &[], 0);
    assert_ok(&ctx, m);
}

// ---- registered op signatures ----

#[test]
fn operand_counts() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    let d = add(&mut ctx, body, "test.def", 2, &[], &[t], 0);
    let v = res(&ctx, d);
    let add_op = add(&mut ctx, body, "test.add", 3, &[v], &[t], 0);
    assert_fails(&ctx, m, "'test.add' op expected 2 operands, but found 1");
    ctx.set_operands(add_op, &[v, v]).unwrap();
    assert_ok(&ctx, m);
    let one = add(&mut ctx, body, "test.one", 4, &[v, v], &[], 0);
    assert_fails(&ctx, m, "'test.one' op requires a single operand");
    ctx.erase_op(one).unwrap();
    let none = add(&mut ctx, body, "test.none", 5, &[v], &[], 0);
    assert_fails(&ctx, m, "'test.none' op requires zero operands");
    ctx.erase_op(none).unwrap();
    let opt = add(&mut ctx, body, "test.opt", 6, &[], &[], 0);
    assert_fails(&ctx, m, "'test.opt' op expected 1 or more operands, but found 0");
    ctx.set_operands(opt, &[v]).unwrap();
    assert_ok(&ctx, m);
    ctx.set_operands(opt, &[v, v]).unwrap();
    assert_ok(&ctx, m);
    ctx.set_operands(opt, &[v, v, v]).unwrap();
    assert_fails(&ctx, m, "'test.opt' op operand group starting at #1 requires 0 or 1 element, but found 2");
    assert!(ctx.op_operand_segments(opt).is_err());
    ctx.set_operands(opt, &[v, v]).unwrap();
    assert_eq!(ctx.op_operand_segments(opt).unwrap(), vec![0..1, 1..2]);
}

#[test]
fn result_counts() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    let a = add(&mut ctx, body, "test.def", 2, &[], &[t, t], 0);
    assert_fails(&ctx, m, "'test.def' op requires one result");
    ctx.erase_op(a).unwrap();
    let b = add(&mut ctx, body, "test.two_results", 3, &[], &[t], 0);
    assert_fails(&ctx, m, "'test.two_results' op expected 2 results");
    ctx.erase_op(b).unwrap();
    let c = add(&mut ctx, body, "test.none", 4, &[], &[t], 0);
    assert_fails(&ctx, m, "'test.none' op requires zero results");
    ctx.erase_op(c).unwrap();
    add(&mut ctx, body, "test.two_results", 5, &[], &[t, t], 0);
    assert_ok(&ctx, m);
}

#[test]
fn attr_sized_operand_segments() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let i1 = ctx.signless_int(1);
    let (m, f, entry) = func(&mut ctx, &[i1, t]);
    let cond = ctx.block_argument(entry, 0).unwrap();
    let x = ctx.block_argument(entry, 1).unwrap();
    let a = add_block(&mut ctx, f, 0, &[t]);
    let b = add_block(&mut ctx, f, 0, &[]);
    add(&mut ctx, a, "test.ret", 4, &[], &[], 0);
    add(&mut ctx, b, "test.ret", 5, &[], &[], 0);
    let br = add_br(&mut ctx, entry, "test.cond_br", 3, &[cond, x], &[a, b]);
    assert_fails(&ctx, m, "'test.cond_br' op requires dense i32 array attribute 'operandSegmentSizes'");
    let i32ty = ctx.signless_int(32);
    let sizes = |ctx: &Context, s: &[i32]| {
        ctx.dense_array_attr(i32ty, &s.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>()).unwrap()
    };
    let wrong_total = sizes(&ctx, &[1, 1, 1]);
    ctx.set_op_attribute(br, "operandSegmentSizes", wrong_total).unwrap();
    assert_fails(
        &ctx,
        m,
        "'test.cond_br' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'",
    );
    let wrong_len = sizes(&ctx, &[1, 1]);
    ctx.set_op_attribute(br, "operandSegmentSizes", wrong_len).unwrap();
    assert_fails(
        &ctx,
        m,
        "'test.cond_br' op 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2",
    );
    let negative = sizes(&ctx, &[1, 2, -1]);
    ctx.set_op_attribute(br, "operandSegmentSizes", negative).unwrap();
    assert_fails(&ctx, m, "'test.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements");
    // Valid, as a property (inherent attribute) rather than a discardable one.
    ctx.remove_op_attribute(br, "operandSegmentSizes").unwrap();
    let good = sizes(&ctx, &[1, 1, 0]);
    let props =
        ctx.dictionary_attr(&[NamedAttribute { name: ctx.identifier("operandSegmentSizes"), value: good }]).unwrap();
    ctx.set_op_properties(br, Some(props)).unwrap();
    assert_ok(&ctx, m);
    assert_eq!(ctx.op_operand_segments(br).unwrap(), vec![0..1, 1..2, 2..2]);
    // Forwarding the operand to the other successor mismatches both blocks.
    let swapped = sizes(&ctx, &[1, 0, 1]);
    let props =
        ctx.dictionary_attr(&[NamedAttribute { name: ctx.identifier("operandSegmentSizes"), value: swapped }]).unwrap();
    ctx.set_op_properties(br, Some(props)).unwrap();
    assert_fails(&ctx, m, "branch has 0 operands for successor #0, but target block has 1");
}

#[test]
fn operand_and_result_type_constraints() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let i64t = ctx.signless_int(64);
    let (m, body) = module(&mut ctx);
    let d = add(&mut ctx, body, "test.def", 2, &[], &[i64t], 0);
    let v64 = res(&ctx, d);
    let d = add(&mut ctx, body, "test.def", 3, &[], &[t], 0);
    let v32 = res(&ctx, d);
    let add = add(&mut ctx, body, "test.add", 4, &[v32, v64], &[t], 0);
    let diags = assert_fails(&ctx, m, "'test.add' op operand #1 must be 32-bit signless integer, but got 'i64'");
    assert_eq!(diags[0].location, loc(&ctx, 4));
    ctx.set_operands(add, &[v32, v32]).unwrap();
    ctx.set_value_type(res(&ctx, add), i64t).unwrap();
    assert_fails(&ctx, m, "'test.add' op result #0 must be 32-bit signless integer, but got 'i64'");
}

#[test]
fn inherent_attributes() {
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    let op = add(&mut ctx, body, "test.attr", 2, &[], &[], 0);
    assert_fails(&ctx, m, "'test.attr' op requires attribute 'value'");
    let s = ctx.string_attr("x");
    ctx.set_op_attribute(op, "value", s).unwrap();
    assert_fails(&ctx, m, "'test.attr' op attribute 'value' failed to satisfy constraint: integer attribute");
    let seven = ctx.integer_attr(ctx.signless_int(32), 7).unwrap();
    ctx.set_op_attribute(op, "value", seven).unwrap();
    assert_ok(&ctx, m);
    let unit = ctx.unit_attr();
    ctx.set_op_attribute(op, "label", unit).unwrap();
    assert_fails(&ctx, m, "'test.attr' op attribute 'label' failed to satisfy constraint: string attribute");
    ctx.remove_op_attribute(op, "label").unwrap();
    // Properties are looked at first.
    ctx.remove_op_attribute(op, "value").unwrap();
    let props = ctx.dictionary_attr(&[NamedAttribute { name: ctx.identifier("value"), value: seven }]).unwrap();
    ctx.set_op_properties(op, Some(props)).unwrap();
    assert_ok(&ctx, m);
}

#[test]
fn region_and_successor_counts() {
    let mut ctx = setup();
    let (m, f, entry) = func(&mut ctx, &[]);
    let r = add(&mut ctx, entry, "test.region", 3, &[], &[], 2);
    let ret = add(&mut ctx, entry, "test.ret", 4, &[], &[], 0);
    assert_fails(&ctx, m, "'test.region' op requires one region");
    ctx.erase_op(r).unwrap();
    let multi = add(&mut ctx, entry, "test.multi", 5, &[], &[], 1);
    ctx.move_op(ret, InsertPoint::BlockEnd(entry)).unwrap();
    assert_fails(&ctx, m, "'test.multi' op expected 2 or more regions");
    ctx.erase_op(multi).unwrap();
    add(&mut ctx, entry, "test.multi", 6, &[], &[], 3);
    ctx.move_op(ret, InsertPoint::BlockEnd(entry)).unwrap();
    assert_ok(&ctx, m);
    let other = add_block(&mut ctx, f, 0, &[]);
    add(&mut ctx, other, "test.ret", 7, &[], &[], 0);
    ctx.erase_op(ret).unwrap();
    let br = add_br(&mut ctx, entry, "test.br", 8, &[], &[other, other]);
    assert_fails(&ctx, m, "'test.br' op requires 1 successor but found 2");
    ctx.erase_op(br).unwrap();
    add_br(&mut ctx, entry, "test.ret", 9, &[], &[other]);
    assert_fails(&ctx, m, "'test.ret' op requires 0 successors but found 1");
}

// ---- terminators and successors ----

#[test]
fn terminators() {
    let mut ctx = setup();
    let (m, _, entry) = func(&mut ctx, &[]);
    let ret = add(&mut ctx, entry, "test.ret", 3, &[], &[], 0);
    let tail = add(&mut ctx, entry, "test.use", 4, &[], &[], 0);
    let diags = messages(&ctx, m);
    assert_eq!(
        diags,
        vec![
            "'test.ret' op must be the last operation in the parent block",
            "block with no terminator, has \"test.use\""
        ]
    );
    ctx.erase_op(tail).unwrap();
    assert_ok(&ctx, m);
    ctx.erase_op(ret).unwrap();
    let diags = assert_fails(&ctx, m, "empty block: expect at least a terminator");
    assert_eq!(diags[0].location, loc(&ctx, 2));
    // A terminator verified on its own, outside any block.
    let lone = mk(&mut ctx, "test.ret", 5, &[], &[], 0);
    assert_fails(&ctx, lone, "'test.ret' op must be the last operation in the parent block");
}

#[test]
fn no_terminator_ops_need_none() {
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    add(&mut ctx, body, "test.use", 2, &[], &[], 0);
    assert_ok(&ctx, m);
    let (m2, _) = module(&mut ctx);
    assert_ok(&ctx, m2); // an empty module body
}

#[test]
fn ops_with_successors_must_end_their_block() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let (m, f, entry) = func(&mut ctx, &[]);
    let next = add_block(&mut ctx, f, 0, &[]);
    add(&mut ctx, next, "test.ret", 5, &[], &[], 0);
    add_br(&mut ctx, entry, "foo.br", 3, &[], &[next]);
    let tail = add_br(&mut ctx, entry, "foo.br", 4, &[], &[next]);
    let diags = assert_fails(&ctx, m, "operation with block successors must terminate its parent block");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].location, loc(&ctx, 3));
    ctx.erase_op(tail).unwrap();
    assert_ok(&ctx, m);
}

#[test]
fn successors_must_be_in_the_same_region() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let (m, f, entry) = func(&mut ctx, &[]);
    let r = add(&mut ctx, entry, "test.region", 3, &[], &[], 1);
    let fblock = add_block(&mut ctx, f, 0, &[]);
    add(&mut ctx, fblock, "test.ret", 4, &[], &[], 0);
    add_br(&mut ctx, entry, "test.br", 5, &[], &[fblock]);
    let inner = add_block(&mut ctx, r, 0, &[]);
    let br = add_br(&mut ctx, inner, "test.br", 6, &[], &[fblock]);
    let diags = assert_fails(&ctx, m, "reference to block defined in another region");
    assert_eq!(diags[0].location, loc(&ctx, 6));
    ctx.erase_op(br).unwrap();
    add_br(&mut ctx, inner, "foo.br", 7, &[], &[fblock]);
    assert_fails(&ctx, m, "'foo.br' op branching to block of a different region");
}

#[test]
fn branch_operands_must_match_the_target_block_arguments() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let i64t = ctx.signless_int(64);
    let (m, f, entry) = func(&mut ctx, &[t, i64t]);
    let x = ctx.block_argument(entry, 0).unwrap();
    let y = ctx.block_argument(entry, 1).unwrap();
    let next = add_block(&mut ctx, f, 0, &[t]);
    add(&mut ctx, next, "test.ret", 4, &[], &[], 0);
    let br = add_br(&mut ctx, entry, "test.br", 3, &[x, x], &[next]);
    let diags = assert_fails(&ctx, m, "branch has 2 operands for successor #0, but target block has 1");
    assert_eq!(diags[0].location, loc(&ctx, 3));
    ctx.set_operands(br, &[y]).unwrap();
    assert_fails(&ctx, m, "type mismatch for bb argument #0 of successor #0");
    ctx.set_operands(br, &[x]).unwrap();
    assert_ok(&ctx, m);
}

#[test]
fn entry_block_may_not_have_predecessors() {
    let mut ctx = setup();
    let (m, f, entry) = func(&mut ctx, &[]);
    let next = add_block(&mut ctx, f, 0, &[]);
    add_br(&mut ctx, entry, "test.br", 3, &[], &[next]);
    add_br(&mut ctx, next, "test.br", 4, &[], &[entry]);
    let diags = assert_fails(&ctx, m, "entry block of region may not have predecessors");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].location, loc(&ctx, 2));
}

#[test]
fn loops_are_fine() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let i1 = ctx.signless_int(1);
    let (m, f, entry) = func(&mut ctx, &[i1]);
    let cond = ctx.block_argument(entry, 0).unwrap();
    let header = add_block(&mut ctx, f, 0, &[t]);
    let body = add_block(&mut ctx, f, 0, &[]);
    let exit = add_block(&mut ctx, f, 0, &[]);
    let init = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let init = res(&ctx, init);
    add_br(&mut ctx, entry, "test.br", 4, &[init], &[header]);
    let iv = ctx.block_argument(header, 0).unwrap();
    let cb = add_br(&mut ctx, header, "test.cond_br", 5, &[cond], &[body, exit]);
    let sizes = ctx.dense_array_attr(ctx.signless_int(32), &[1i32, 0, 0].map(i32::to_le_bytes).concat()).unwrap();
    ctx.set_op_attribute(cb, "operandSegmentSizes", sizes).unwrap();
    let next = add(&mut ctx, body, "test.add", 6, &[iv, iv], &[t], 0);
    let next = res(&ctx, next);
    add_br(&mut ctx, body, "test.br", 7, &[next], &[header]);
    add(&mut ctx, exit, "test.ret", 8, &[iv], &[], 0);
    assert_ok(&ctx, m);
    let dom = DominanceInfo::new(&ctx);
    assert!(dom.dominates_block(header, body).unwrap());
    assert!(dom.dominates_block(header, exit).unwrap());
    assert!(!dom.dominates_block(body, header).unwrap());
    assert_eq!(dom.immediate_dominator(exit).unwrap(), Some(header));
    assert_eq!(dom.immediate_dominator(body).unwrap(), Some(header));
    // `next` is not available in the exit block.
    let ret = ctx.block_first_op(exit).unwrap().unwrap();
    ctx.set_operands(ret, &[next]).unwrap();
    assert_fails(&ctx, m, "operand #0 does not dominate this use");
}

// ---- traits ----

#[test]
fn single_block_and_graph_region_block_counts() {
    let mut ctx = setup();
    let (m, _) = module(&mut ctx);
    add_block(&mut ctx, m, 0, &[]);
    assert_fails(&ctx, m, "'builtin.module' op expects region #0 to have 0 or 1 blocks");
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    let g = add(&mut ctx, body, "test.graph", 2, &[], &[], 1);
    add_block(&mut ctx, g, 0, &[]);
    add_block(&mut ctx, g, 0, &[]);
    assert_fails(&ctx, m, "'test.graph' op expects graph region #0 to have 0 or 1 blocks");
}

#[test]
fn no_region_arguments() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    let op = add(&mut ctx, body, "test.noargs", 2, &[], &[], 1);
    let b = add_block(&mut ctx, op, 0, &[]);
    assert_ok(&ctx, m);
    ctx.block_add_argument(b, t, ctx.unknown_loc()).unwrap();
    assert_fails(&ctx, m, "'test.noargs' op region should have no arguments");
    // builtin.module too.
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    ctx.block_add_argument(body, t, ctx.unknown_loc()).unwrap();
    assert_fails(&ctx, m, "'builtin.module' op region should have no arguments");
}

#[test]
fn same_operands_and_result_type() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let f32t = ctx.float_type(FloatKind::F32);
    let (m, body) = module(&mut ctx);
    let d = add(&mut ctx, body, "test.def", 2, &[], &[t], 0);
    let v = res(&ctx, d);
    let d = add(&mut ctx, body, "test.def", 3, &[], &[f32t], 0);
    let w = res(&ctx, d);
    let s = add(&mut ctx, body, "test.same", 4, &[v, w], &[t], 0);
    assert_fails(&ctx, m, "'test.same' op requires the same type for all operands and results");
    ctx.set_operands(s, &[v, v]).unwrap();
    assert_ok(&ctx, m);
    ctx.set_operands(s, &[]).unwrap();
    assert_fails(&ctx, m, "'test.same' op expected 1 or more operands, but found 0");
    // Shapes need only be compatible (a dynamic size matches any).
    let mut ctx = setup();
    let f32t = ctx.float_type(FloatKind::F32);
    let fixed = ctx.ranked_tensor_type(&[4], f32t, None).unwrap();
    let dynamic = ctx.ranked_tensor_type(&[DYNAMIC], f32t, None).unwrap();
    let other = ctx.ranked_tensor_type(&[5], f32t, None).unwrap();
    let (m, body) = module(&mut ctx);
    let d = add(&mut ctx, body, "test.def", 2, &[], &[fixed], 0);
    let a = res(&ctx, d);
    let s = add(&mut ctx, body, "test.same", 3, &[a], &[dynamic], 0);
    assert_ok(&ctx, m);
    ctx.set_value_type(res(&ctx, s), other).unwrap();
    assert_fails(&ctx, m, "'test.same' op requires the same type for all operands and results");
}

#[test]
fn symbols() {
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    let s = add(&mut ctx, body, "test.sym", 2, &[], &[], 0);
    assert_fails(&ctx, m, "'test.sym' op requires string attribute 'sym_name'");
    let n = ctx.string_attr("s");
    ctx.set_op_attribute(s, "sym_name", n).unwrap();
    assert_ok(&ctx, m);
    let bad = ctx.string_attr("hidden");
    ctx.set_op_attribute(s, "sym_visibility", bad).unwrap();
    assert_fails(
        &ctx,
        m,
        "'test.sym' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"hidden\"",
    );
    let private = ctx.string_attr("private");
    ctx.set_op_attribute(s, "sym_visibility", private).unwrap();
    assert_ok(&ctx, m);
    // builtin.module's name is optional, but must be a string when present.
    let unit = ctx.unit_attr();
    ctx.set_op_attribute(m, "sym_name", unit).unwrap();
    assert_fails(&ctx, m, "'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute");
}

#[test]
fn symbol_names_are_unique_in_a_symbol_table() {
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    let table = add(&mut ctx, body, "test.table", 2, &[], &[], 1);
    let tb = add_block(&mut ctx, table, 0, &[]);
    for (line, name) in [(3, "a"), (4, "b"), (5, "a"), (6, "a")] {
        let s = add(&mut ctx, tb, "test.sym", line, &[], &[], 0);
        let n = ctx.string_attr(name);
        ctx.set_op_attribute(s, "sym_name", n).unwrap();
    }
    let diags = assert_fails(&ctx, m, "redefinition of symbol named 'a'");
    assert_eq!(diags.len(), 2);
    assert_eq!(diags[0].location, loc(&ctx, 5));
    assert_eq!(diags[1].location, loc(&ctx, 6));
    assert_eq!(diags[0].notes[0].message, "see existing symbol definition here");
    assert_eq!(diags[0].notes[0].location, loc(&ctx, 3));
    let err = ctx.collect_diagnostics(|c| c.verify(m)).0.unwrap_err();
    assert_eq!(err.message, "redefinition of symbol named 'a' (and 1 more verification errors)");
    // Symbol names in different tables don't clash.
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    for line in [2, 3] {
        let table = add(&mut ctx, body, "test.table", line, &[], &[], 1);
        let tb = add_block(&mut ctx, table, 0, &[]);
        let s = add(&mut ctx, tb, "test.sym", line, &[], &[], 0);
        let n = ctx.string_attr("x");
        ctx.set_op_attribute(s, "sym_name", n).unwrap();
    }
    assert_ok(&ctx, m);
    // A symbol table needs exactly one block.
    let table = mk(&mut ctx, "test.table", 9, &[], &[], 1);
    assert_fails(&ctx, table, "'test.table' op Operations with a 'SymbolTable' must have exactly one block");
}

#[test]
fn custom_verifiers_run_last() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    let d = add(&mut ctx, body, "test.def", 2, &[], &[t], 0);
    let v = res(&ctx, d);
    let c = add(&mut ctx, body, "test.custom", 3, &[v], &[], 0);
    assert_ok(&ctx, m);
    ctx.set_operands(c, &[v, v]).unwrap();
    let diags = assert_fails(&ctx, m, "'test.custom' op expects at most one operand");
    assert_eq!(diags[0].location, loc(&ctx, 3));
    // builtin.unrealized_conversion_cast's verifier.
    let cast = add(&mut ctx, body, "builtin.unrealized_conversion_cast", 4, &[v], &[], 0);
    assert_fails(&ctx, m, "'builtin.unrealized_conversion_cast' op expected at least one result for cast operation");
    ctx.erase_op(cast).unwrap();
}

#[test]
fn single_block_implicit_terminator() {
    let mut ctx = setup();
    let (m, body) = module(&mut ctx);
    let op = add(&mut ctx, body, "test.implicit", 2, &[], &[], 1);
    let b = add_block(&mut ctx, op, 0, &[]);
    add(&mut ctx, b, "test.use", 3, &[], &[], 0);
    let diags = assert_fails(&ctx, m, "'test.implicit' op expects regions to end with 'test.ret', found 'test.use'");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].notes[0].message, "in custom textual format, the absence of terminator implies 'test.ret'");
    add(&mut ctx, b, "test.ret", 4, &[], &[], 0);
    assert_ok(&ctx, m);
}

// ---- results and robustness ----

#[test]
fn every_failure_is_reported_and_counted() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, body) = module(&mut ctx);
    add(&mut ctx, body, "test.none", 2, &[], &[t], 0);
    add(&mut ctx, body, "test.attr", 3, &[], &[], 0);
    add(&mut ctx, body, "test.sym", 4, &[], &[], 0);
    let (r, diags) = check(&ctx, m);
    let e = r.unwrap_err();
    assert_eq!(e.kind, ErrorKind::VerificationFailed);
    assert_eq!(e.message, "'test.none' op requires zero results (and 2 more verification errors)");
    let locs: Vec<Location> = diags.iter().map(|d| d.location).collect();
    assert_eq!(locs, vec![loc(&ctx, 2), loc(&ctx, 3), loc(&ctx, 4)]);
}

#[test]
fn stale_handles_are_errors_not_panics() {
    let mut ctx = setup();
    let op = mk(&mut ctx, "test.none", 1, &[], &[], 0);
    ctx.erase_op(op).unwrap();
    assert_eq!(ctx.verify(op).unwrap_err().kind, ErrorKind::StaleHandle);
    let dom = DominanceInfo::new(&ctx);
    assert_eq!(dom.properly_dominates(op, op).unwrap_err().kind, ErrorKind::StaleHandle);
}

#[test]
fn detached_ops_verify_alone() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let a = mk(&mut ctx, "test.def", 1, &[], &[t], 0);
    let v = res(&ctx, a);
    let b = mk(&mut ctx, "test.use", 2, &[v], &[], 0);
    // The root's own operands are not dominance-checked (as MLIR).
    assert_ok(&ctx, b);
    let dom = DominanceInfo::new(&ctx);
    assert!(!dom.value_dominates_use(v, b).unwrap());
    assert!(!dom.properly_dominates(a, b).unwrap());
}

// ---- DominanceInfo directly ----

#[test]
fn dominance_queries_across_nested_regions() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, f, entry) = func(&mut ctx, &[]);
    let a = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let r = add(&mut ctx, entry, "test.region", 4, &[], &[], 1);
    let b = add(&mut ctx, entry, "test.def", 5, &[], &[t], 0);
    add(&mut ctx, entry, "test.ret", 6, &[], &[], 0);
    let rb = add_block(&mut ctx, r, 0, &[]);
    let inner = add(&mut ctx, rb, "test.use", 7, &[], &[], 0);
    add(&mut ctx, rb, "test.ret", 8, &[], &[], 0);
    assert_ok(&ctx, m);
    let dom = DominanceInfo::new(&ctx);
    assert!(dom.properly_dominates(a, inner).unwrap());
    assert!(!dom.properly_dominates(b, inner).unwrap());
    assert!(dom.properly_dominates(r, inner).unwrap(), "an enclosing op dominates by default");
    assert!(!dom.properly_dominates_with(r, inner, false).unwrap());
    assert!(!dom.properly_dominates(inner, r).unwrap());
    assert!(!dom.properly_dominates(a, a).unwrap());
    assert!(dom.dominates(a, a).unwrap());
    assert!(dom.is_before_in_block(a, b).unwrap());
    assert!(!dom.is_before_in_block(b, a).unwrap());
    assert!(dom.is_before_in_block(a, inner).is_err());
    assert!(dom.value_dominates_use(res(&ctx, a), inner).unwrap());
    assert!(!dom.value_dominates_use(res(&ctx, b), inner).unwrap());
    assert!(dom.dominates_block(entry, rb).unwrap(), "a block dominates blocks nested in it");
    assert!(!dom.dominates_block(rb, entry).unwrap());
    assert!(dom.has_ssa_dominance(ctx.op_region(f, 0).unwrap()).unwrap());
}

/// entry -> a, b; a <-> b (an irreducible loop); a -> exit.
#[test]
fn dominator_tree_of_an_irreducible_cfg() {
    let mut ctx = setup();
    ctx.set_allow_unregistered_dialects(true);
    let (m, f, entry) = func(&mut ctx, &[]);
    let a = add_block(&mut ctx, f, 0, &[]);
    let b = add_block(&mut ctx, f, 0, &[]);
    let exit = add_block(&mut ctx, f, 0, &[]);
    add_br(&mut ctx, entry, "foo.br", 3, &[], &[a, b]);
    add_br(&mut ctx, a, "foo.br", 4, &[], &[b, exit]);
    add_br(&mut ctx, b, "foo.br", 5, &[], &[a]);
    add(&mut ctx, exit, "test.ret", 6, &[], &[], 0);
    assert_ok(&ctx, m);
    let dom = DominanceInfo::new(&ctx);
    assert_eq!(dom.immediate_dominator(a).unwrap(), Some(entry));
    assert_eq!(dom.immediate_dominator(b).unwrap(), Some(entry));
    assert_eq!(dom.immediate_dominator(exit).unwrap(), Some(a));
    assert!(dom.dominates_block(a, exit).unwrap());
    assert!(!dom.dominates_block(b, exit).unwrap());
    assert!(!dom.dominates_block(a, b).unwrap());
}

#[test]
fn verifying_a_nested_op_checks_uses_of_values_from_above_it() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (_, _, entry) = func(&mut ctx, &[t]);
    let arg = ctx.block_argument(entry, 0).unwrap();
    let early = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
    let r = add(&mut ctx, entry, "test.region", 4, &[], &[], 1);
    let late = add(&mut ctx, entry, "test.def", 5, &[], &[t], 0);
    add(&mut ctx, entry, "test.ret", 6, &[], &[], 0);
    let rb = add_block(&mut ctx, r, 0, &[]);
    let (early, late) = (res(&ctx, early), res(&ctx, late));
    let user = add(&mut ctx, rb, "test.use", 7, &[arg, early], &[], 0);
    add(&mut ctx, rb, "test.ret", 8, &[], &[], 0);
    assert_ok(&ctx, r);
    ctx.set_operands(user, &[late]).unwrap();
    let diags = assert_fails(&ctx, r, "operand #0 does not dominate this use");
    assert_eq!(diags[0].notes[0].message, "operand defined here (op in a parent region)");
}

#[test]
fn dominator_tree_of_a_long_cfg_chain_is_built_iteratively() {
    let mut ctx = setup();
    let (m, f, entry) = func(&mut ctx, &[]);
    let n = 100_000;
    let mut blocks = vec![entry];
    for _ in 0..n {
        blocks.push(add_block(&mut ctx, f, 0, &[]));
    }
    for w in blocks.windows(2) {
        let br = mk_br(&mut ctx, "test.br", 3, &[], &[w[1]]);
        push(&mut ctx, w[0], br);
    }
    let last = *blocks.last().unwrap();
    add(&mut ctx, last, "test.ret", 4, &[], &[], 0);
    let dom = DominanceInfo::new(&ctx);
    assert!(dom.dominates_block(entry, last).unwrap());
    assert!(dom.dominates_block(blocks[n / 2], last).unwrap());
    assert!(!dom.dominates_block(last, blocks[n / 2]).unwrap());
    assert_eq!(dom.immediate_dominator(last).unwrap(), Some(blocks[n - 1]));
    drop(dom);
    assert_ok(&ctx, m);
}

// ---- scale ----

#[test]
fn a_100k_op_chain_verifies() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[t]);
    let mut v = ctx.block_argument(entry, 0).unwrap();
    let add_name = ctx.identifier("test.add");
    let l = loc(&ctx, 3);
    for _ in 0..100_000 {
        let st = OperationState::new("test.add", l).operands(&[v, v]).results(&[t]);
        let op = ctx.create_operation_named(add_name, &st).unwrap();
        ctx.insert_op(op, InsertPoint::BlockEnd(entry)).unwrap();
        v = ctx.op_result(op, 0).unwrap();
    }
    add(&mut ctx, entry, "test.ret", 4, &[v], &[], 0);
    assert_ok(&ctx, m);
    // One use before its def, at the very end of the chain.
    let first = ctx.block_first_op(entry).unwrap().unwrap();
    ctx.set_operand(first, 1, v).unwrap();
    let diags = assert_fails(&ctx, m, "operand #1 does not dominate this use");
    assert_eq!(diags.len(), 1);
}

/// 10k nested `test.region` ops; the innermost uses the function argument and a value from
/// the outermost block, and the whole thing verifies on a 2 MB stack.
#[test]
fn deep_nesting_verifies_without_native_recursion() {
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(|| {
            let mut ctx = setup();
            let t = i32t(&ctx);
            let (m, _, entry) = func(&mut ctx, &[t]);
            let arg = ctx.block_argument(entry, 0).unwrap();
            let top = add(&mut ctx, entry, "test.def", 3, &[], &[t], 0);
            let top = res(&ctx, top);
            let mut block = entry;
            let mut outer = Vec::new();
            for _ in 0..10_000 {
                let r = add(&mut ctx, block, "test.region", 4, &[], &[t], 1);
                add(&mut ctx, block, "test.ret", 5, &[], &[], 0);
                outer.push(r);
                block = add_block(&mut ctx, r, 0, &[]);
            }
            let user = add(&mut ctx, block, "test.use", 6, &[arg, top], &[], 0);
            add(&mut ctx, block, "test.ret", 7, &[], &[], 0);
            assert_ok(&ctx, m);
            // A result of an enclosing op, used inside it, does not dominate the use.
            let enclosing = ctx.op_result(outer[5_000], 0).unwrap();
            ctx.set_operands(user, &[enclosing]).unwrap();
            let diags = assert_fails(&ctx, m, "operand #0 does not dominate this use");
            assert_eq!(diags.len(), 1);
            // Isolation deep down: make the outermost region op an isolated function.
            ctx.set_operands(user, &[arg]).unwrap();
            let dom = DominanceInfo::new(&ctx);
            assert!(dom.value_dominates_use(arg, user).unwrap());
            assert!(dom.properly_dominates(outer[0], user).unwrap());
            assert!(dom.dominates_block(entry, block).unwrap());
            drop(dom);
            // Verify an inner op alone: its values from above are fine (not isolated).
            assert_ok(&ctx, outer[9_000]);
            // Erase everything without recursion too.
            ctx.erase_op(m).unwrap();
        })
        .unwrap();
    handle.join().unwrap();
}

/// `cargo test --release -p omnir-core --test verify -- --ignored --nocapture` prints how long
/// verifying a 1M-op chain takes.
#[test]
#[ignore]
fn timing_1m_op_chain() {
    let mut ctx = setup();
    let t = i32t(&ctx);
    let (m, _, entry) = func(&mut ctx, &[t]);
    let mut v = ctx.block_argument(entry, 0).unwrap();
    let add_name = ctx.identifier("test.add");
    let l = loc(&ctx, 3);
    for _ in 0..1_000_000 {
        let st = OperationState::new("test.add", l).operands(&[v, v]).results(&[t]);
        let op = ctx.create_operation_named(add_name, &st).unwrap();
        ctx.insert_op(op, InsertPoint::BlockEnd(entry)).unwrap();
        v = ctx.op_result(op, 0).unwrap();
    }
    add(&mut ctx, entry, "test.ret", 4, &[v], &[], 0);
    let start = std::time::Instant::now();
    assert_ok(&ctx, m);
    let elapsed = start.elapsed();
    println!("verified 1M ops in {elapsed:?} ({:.1} ns/op)", elapsed.as_nanos() as f64 / 1e6);
}
