//! Tests of the C API for IR (operations, the state builder, blocks, regions, values, uses,
//! mutation, walks), symbols, verification and runtime dialects, driven through the
//! `extern "C"` functions exactly as a C caller would use them. Types, attributes and
//! locations are made through the core (they belong to another part of the C API), and the
//! IR is compared before and after every failing call with `omnir_core::asm::print_op`.

use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use omnir_core::api::context::*;
use omnir_core::api::diagnostics::{
    omnir_context_attach_diagnostic_handler, omnir_context_detach_diagnostic_handler, omnir_context_emit_diagnostic,
    omnir_diagnostic,
};
use omnir_core::api::dialects::*;
use omnir_core::api::handles::*;
use omnir_core::api::ir::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::symbols::*;
use omnir_core::api::verify::*;
use omnir_core::api::{omnir_last_error_message, omnir_string, omnir_string_free, omnir_string_view};
use omnir_core::asm::PrintFlags;
use omnir_core::{Context, OpId};

// ---------------------------------------------------------------------------------------
// fixture helpers

/// A context owned by a test; destroyed on drop.
struct Ctx(*mut omnir_context);

impl Ctx {
    fn new() -> Ctx {
        let mut p = null_mut();
        ok(omnir_context_create(&mut p));
        ok(omnir_context_set_allow_unregistered_dialects(p, true));
        Ctx(p)
    }
    fn p(&self) -> *mut omnir_context {
        self.0
    }
    fn cref(&self) -> &omnir_context {
        // SAFETY: the pointer came from omnir_context_create and lives as long as `self`.
        unsafe { &*self.0 }
    }
    fn core<R>(&self, f: impl FnOnce(&Context) -> R) -> R {
        self.cref().with_core(f).expect("context not busy")
    }
    fn serial(&self) -> u32 {
        self.cref().handle_serial()
    }
    fn i32(&self) -> omnir_type {
        let s = self.serial();
        self.core(|c| omnir_type { context: s, id: c.signless_int(32).to_raw() })
    }
    fn i64(&self) -> omnir_type {
        let s = self.serial();
        self.core(|c| omnir_type { context: s, id: c.signless_int(64).to_raw() })
    }
    fn f32(&self) -> omnir_type {
        let s = self.serial();
        self.core(|c| omnir_type { context: s, id: c.float_type(omnir_core::FloatKind::F32).to_raw() })
    }
    fn loc(&self) -> omnir_location {
        let s = self.serial();
        self.core(|c| omnir_location { context: s, id: c.unknown_loc().attr().to_raw() })
    }
    fn file_loc(&self, line: u32) -> omnir_location {
        let s = self.serial();
        self.core(|c| omnir_location { context: s, id: c.file_line_col_loc("f.mlir", line, 1).attr().to_raw() })
    }
    fn str_attr(&self, v: &str) -> omnir_attribute {
        let s = self.serial();
        self.core(|c| omnir_attribute { context: s, id: c.string_attr(v).to_raw() })
    }
    fn int_attr(&self, v: i64) -> omnir_attribute {
        let s = self.serial();
        self.core(|c| omnir_attribute { context: s, id: c.integer_attr(c.signless_int(32), v).unwrap().to_raw() })
    }
    fn sym_ref(&self, root: &str, nested: &[&str]) -> omnir_attribute {
        let s = self.serial();
        self.core(|c| omnir_attribute { context: s, id: c.symbol_ref_attr(root, nested).to_raw() })
    }
    fn dict_attr(&self, entries: &[(&str, omnir_attribute)]) -> omnir_attribute {
        let s = self.serial();
        self.core(|c| {
            let e: Vec<_> = entries
                .iter()
                .map(|(n, a)| omnir_core::NamedAttribute {
                    name: c.identifier(n),
                    value: c.attr_from_raw(a.id).unwrap(),
                })
                .collect();
            omnir_attribute { context: s, id: c.dictionary_attr(&e).unwrap().to_raw() }
        })
    }
    /// The generic form of `op` (with locations), for before/after comparisons.
    fn print(&self, op: omnir_op) -> String {
        let flags = PrintFlags { generic: true, debug_info: true, ..Default::default() };
        self.core(|c| omnir_core::asm::print_op(c, OpId::from_raw(op.index, op.generation), &flags).expect("print"))
    }
    fn print_plain(&self, op: omnir_op) -> String {
        self.core(|c| {
            omnir_core::asm::print_op(
                c,
                OpId::from_raw(op.index, op.generation),
                &PrintFlags { generic: true, ..PrintFlags::default() },
            )
            .expect("print")
        })
    }
    /// Everything that a failing call must leave alone: the printed IR of `root` and the
    /// number of live operations, blocks and regions in the context.
    fn snapshot(&self, root: omnir_op) -> (String, (usize, usize, usize)) {
        (self.print(root), self.core(|c| c.live_ir_counts()))
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        let s = omnir_context_destroy(self.0);
        if !std::thread::panicking() {
            assert_eq!(s, OMNIR_OK);
        }
    }
}

fn last_msg() -> String {
    take(omnir_last_error_message())
}

/// Copies an omnir string and frees it.
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

fn empty_string() -> omnir_string {
    omnir_string { data: null_mut(), len: 0 }
}

#[track_caller]
fn ok(s: omnir_status) {
    if s != OMNIR_OK {
        panic!("expected OMNIR_OK, got {s:?}: {}", last_msg());
    }
}

/// Asserts the status and that a message was recorded; returns the message.
#[track_caller]
fn fails(s: omnir_status, expected: omnir_status) -> String {
    let msg = last_msg();
    assert_eq!(s, expected, "message: {msg}");
    assert!(!msg.is_empty(), "{expected:?} without a message");
    msg
}

fn state(cx: &Ctx, name: &str) -> *mut omnir_operation_state {
    let mut st = null_mut();
    ok(omnir_operation_state_create(name.as_ptr().cast(), name.len(), cx.loc(), &mut st));
    st
}

/// Creates a detached op through the state builder.
fn mk(
    cx: &Ctx,
    name: &str,
    operands: &[omnir_value],
    results: &[omnir_type],
    regions: usize,
    successors: &[omnir_block],
) -> omnir_op {
    let st = state(cx, name);
    ok(omnir_operation_state_add_operands(st, operands.as_ptr(), operands.len()));
    ok(omnir_operation_state_add_results(st, results.as_ptr(), results.len()));
    ok(omnir_operation_state_set_num_regions(st, regions));
    ok(omnir_operation_state_add_successors(st, successors.as_ptr(), successors.len()));
    let mut op = omnir_op::default();
    ok(omnir_operation_create(cx.p(), st, &mut op));
    ok(omnir_operation_state_destroy(st));
    op
}

fn end(b: omnir_block) -> omnir_insertion_point {
    omnir_insertion_point { kind: OMNIR_INSERT_BLOCK_END, block: b, op: omnir_op::default() }
}
fn start(b: omnir_block) -> omnir_insertion_point {
    omnir_insertion_point { kind: OMNIR_INSERT_BLOCK_START, block: b, op: omnir_op::default() }
}
fn before(o: omnir_op) -> omnir_insertion_point {
    omnir_insertion_point { kind: OMNIR_INSERT_BEFORE_OP, block: omnir_block::default(), op: o }
}
fn after(o: omnir_op) -> omnir_insertion_point {
    omnir_insertion_point { kind: OMNIR_INSERT_AFTER_OP, block: omnir_block::default(), op: o }
}

fn block(cx: &Ctx, types: &[omnir_type]) -> omnir_block {
    let locs = vec![cx.loc(); types.len()];
    let mut b = omnir_block::default();
    ok(omnir_block_create(cx.p(), types.as_ptr(), locs.as_ptr(), types.len(), &mut b));
    b
}

fn region(cx: &Ctx, op: omnir_op, i: usize) -> omnir_region {
    let mut r = omnir_region::default();
    ok(omnir_op_get_region(cx.p(), op, i, &mut r));
    r
}

fn result(cx: &Ctx, op: omnir_op, i: usize) -> omnir_value {
    let mut v = omnir_value::default();
    ok(omnir_op_get_result(cx.p(), op, i, &mut v));
    v
}

fn arg(cx: &Ctx, b: omnir_block, i: usize) -> omnir_value {
    let mut v = omnir_value::default();
    ok(omnir_block_get_argument(cx.p(), b, i, &mut v));
    v
}

fn name(cx: &Ctx, op: omnir_op) -> String {
    let mut s = empty_string();
    ok(omnir_op_get_name(cx.p(), op, &mut s));
    take(s)
}

fn count(f: impl FnOnce(*mut usize) -> omnir_status) -> usize {
    let mut n = usize::MAX;
    ok(f(&mut n));
    n
}

/// The IR used by most tests:
///
/// ```mlir
/// "builtin.module"() ({
///   "test.func"() ({
///   ^bb0(%a: i32, %b: i32):
///     %0 = "test.add"(%a, %b) : (i32, i32) -> i32
///     "test.cond_br"(%0)[^bb1, ^bb2] : (i32) -> ()
///   ^bb1:
///     "test.br"(%0)[^bb2] : (i32) -> ()
///   ^bb2(%x: i32):
///     "test.return"(%x) : (i32) -> ()
///   }) {sym_name = "f"} : () -> ()
/// }) : () -> ()
/// ```
struct Func {
    module: omnir_op,
    body: omnir_block,
    func: omnir_op,
    entry: omnir_block,
    bb1: omnir_block,
    bb2: omnir_block,
    add: omnir_op,
    cond_br: omnir_op,
    br: omnir_op,
    ret: omnir_op,
}

fn build_func(cx: &Ctx) -> Func {
    let i32t = cx.i32();
    let module = mk(cx, "builtin.module", &[], &[], 1, &[]);
    let body = block(cx, &[]);
    ok(omnir_region_append_block(cx.p(), region(cx, module, 0), body));
    let func = mk(cx, "test.func", &[], &[], 1, &[]);
    ok(omnir_op_set_attribute(cx.p(), func, "sym_name".as_ptr().cast(), 8, cx.str_attr("f")));
    ok(omnir_op_insert(cx.p(), func, end(body)));
    let fr = region(cx, func, 0);
    let entry = block(cx, &[i32t, i32t]);
    let bb1 = block(cx, &[]);
    let bb2 = block(cx, &[i32t]);
    ok(omnir_region_append_block(cx.p(), fr, entry));
    ok(omnir_region_append_block(cx.p(), fr, bb2));
    ok(omnir_region_insert_block_before(cx.p(), fr, bb2, bb1));
    let (a, b) = (arg(cx, entry, 0), arg(cx, entry, 1));
    let add = mk(cx, "test.add", &[a, b], &[i32t], 0, &[]);
    ok(omnir_op_insert(cx.p(), add, end(entry)));
    let sum = result(cx, add, 0);
    let cond_br = mk(cx, "test.cond_br", &[sum], &[], 0, &[bb1, bb2]);
    ok(omnir_op_insert(cx.p(), cond_br, after(add)));
    let br = mk(cx, "test.br", &[sum], &[], 0, &[bb2]);
    ok(omnir_op_insert(cx.p(), br, start(bb1)));
    let ret = mk(cx, "test.return", &[arg(cx, bb2, 0)], &[], 0, &[]);
    ok(omnir_op_insert(cx.p(), ret, end(bb2)));
    Func { module, body, func, entry, bb1, bb2, add, cond_br, br, ret }
}

const FUNC_TEXT: &str = r#""builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
    "test.cond_br"(%0)[^bb1, ^bb2] : (i32) -> ()
  ^bb1:  // pred: ^bb0
    "test.br"(%0)[^bb2] : (i32) -> ()
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    "test.return"(%1) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}) : () -> ()
"#;

// ---------------------------------------------------------------------------------------
// building and querying

#[test]
fn build_a_function_with_blocks_and_branches() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    assert_eq!(cx.print_plain(f.module), FUNC_TEXT);
    ok(omnir_op_verify(cx.p(), f.module));
}

#[test]
fn operation_queries() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();
    assert_eq!(name(&cx, f.add), "test.add");

    let mut reg = false;
    ok(omnir_op_is_registered(p, f.module, &mut reg));
    assert!(reg);
    ok(omnir_op_is_registered(p, f.add, &mut reg));
    assert!(!reg);

    // location get/set
    let mut l = omnir_location::default();
    ok(omnir_op_get_location(p, f.add, &mut l));
    assert_eq!(l, cx.loc());
    ok(omnir_op_set_location(p, f.add, cx.file_loc(7)));
    ok(omnir_op_get_location(p, f.add, &mut l));
    assert_eq!(l, cx.file_loc(7));

    // operands, results, regions, successors
    assert_eq!(count(|n| omnir_op_get_num_operands(p, f.add, n)), 2);
    assert_eq!(count(|n| omnir_op_get_num_results(p, f.add, n)), 1);
    assert_eq!(count(|n| omnir_op_get_num_regions(p, f.func, n)), 1);
    assert_eq!(count(|n| omnir_op_get_num_successors(p, f.cond_br, n)), 2);
    let mut v = omnir_value::default();
    ok(omnir_op_get_operand(p, f.add, 1, &mut v));
    assert_eq!(v, arg(&cx, f.entry, 1));
    let mut buf = [omnir_value::default(); 4];
    let mut n = 0;
    ok(omnir_op_get_operands(p, f.add, buf.as_mut_ptr(), 4, &mut n));
    assert_eq!((n, buf[0], buf[1]), (2, arg(&cx, f.entry, 0), arg(&cx, f.entry, 1)));
    ok(omnir_op_get_operands(p, f.add, null_mut(), 0, &mut n));
    assert_eq!(n, 2, "the size can be asked first");
    ok(omnir_op_get_results(p, f.add, buf.as_mut_ptr(), 1, &mut n));
    assert_eq!((n, buf[0]), (1, result(&cx, f.add, 0)));
    let mut b = omnir_block::default();
    ok(omnir_op_get_successor(p, f.cond_br, 1, &mut b));
    assert_eq!(b, f.bb2);

    // structure
    let mut o = omnir_op::default();
    ok(omnir_op_get_parent_op(p, f.add, &mut o));
    assert_eq!(o, f.func);
    ok(omnir_op_get_parent_op(p, f.module, &mut o));
    assert!(omnir_op_is_null(o), "a top-level op has no parent");
    ok(omnir_op_get_parent_block(p, f.add, &mut b));
    assert_eq!(b, f.entry);
    ok(omnir_op_get_parent_block(p, f.module, &mut b));
    assert!(omnir_block_is_null(b));
    let mut r = omnir_region::default();
    ok(omnir_op_get_parent_region(p, f.add, &mut r));
    assert_eq!(r, region(&cx, f.func, 0));
    ok(omnir_op_get_next(p, f.add, &mut o));
    assert!(omnir_op_equal(o, f.cond_br));
    ok(omnir_op_get_next(p, f.cond_br, &mut o));
    assert!(omnir_op_is_null(o));
    ok(omnir_op_get_prev(p, f.cond_br, &mut o));
    assert_eq!(o, f.add);
    ok(omnir_op_get_root(p, f.ret, &mut o));
    assert_eq!(o, f.module);
    let mut yes = false;
    ok(omnir_op_is_ancestor(p, f.module, f.ret, &mut yes));
    assert!(yes);
    ok(omnir_op_is_ancestor(p, f.ret, f.module, &mut yes));
    assert!(!yes);
    ok(omnir_op_is_live(p, f.ret, &mut yes));
    assert!(yes);

    // handle equality is identity
    let mut again = omnir_op::default();
    ok(omnir_block_get_first_op(p, f.entry, &mut again));
    assert!(omnir_op_equal(again, f.add) && again == f.add);
    assert!(!omnir_op_equal(f.add, f.br));
    assert!(omnir_value_equal(arg(&cx, f.entry, 0), arg(&cx, f.entry, 0)));
    assert!(omnir_block_equal(f.bb1, f.bb1) && !omnir_block_equal(f.bb1, f.bb2));
    assert!(omnir_region_equal(region(&cx, f.func, 0), region(&cx, f.func, 0)));
    assert!(omnir_value_is_null(omnir_value::default()) && omnir_region_is_null(omnir_region::default()));
}

#[test]
fn attributes_and_properties() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();
    ok(omnir_op_set_attribute(p, f.add, "zeta".as_ptr().cast(), 4, cx.int_attr(1)));
    ok(omnir_op_set_attribute(p, f.add, "alpha".as_ptr().cast(), 5, cx.int_attr(2)));
    ok(omnir_op_set_attribute(p, f.add, "zeta".as_ptr().cast(), 4, cx.int_attr(3)));
    assert_eq!(count(|n| omnir_op_get_num_attributes(p, f.add, n)), 2);
    let mut nm = empty_string();
    let mut a = omnir_attribute::default();
    ok(omnir_op_get_attribute_at(p, f.add, 0, &mut nm, &mut a));
    assert_eq!((take(nm), a), ("alpha".to_string(), cx.int_attr(2)), "sorted by name");
    ok(omnir_op_get_attribute_at(p, f.add, 1, null_mut(), &mut a));
    assert_eq!(a, cx.int_attr(3), "a later set replaces");
    ok(omnir_op_get_attribute(p, f.add, "zeta".as_ptr().cast(), 4, &mut a));
    assert_eq!(a, cx.int_attr(3));
    ok(omnir_op_get_attribute(p, f.add, "nope".as_ptr().cast(), 4, &mut a));
    assert_eq!(a, omnir_attribute::default(), "absent: zeroed");
    let mut removed = false;
    ok(omnir_op_remove_attribute(p, f.add, "zeta".as_ptr().cast(), 4, &mut removed));
    assert!(removed);
    ok(omnir_op_remove_attribute(p, f.add, "zeta".as_ptr().cast(), 4, &mut removed));
    assert!(!removed);
    ok(omnir_op_remove_attribute(p, f.add, "alpha".as_ptr().cast(), 5, null_mut()));
    assert_eq!(count(|n| omnir_op_get_num_attributes(p, f.add, n)), 0);

    // properties
    ok(omnir_op_get_properties(p, f.add, &mut a));
    assert_eq!(a, omnir_attribute::default());
    let props = cx.dict_attr(&[("inner", cx.int_attr(5))]);
    ok(omnir_op_set_properties(p, f.add, props));
    ok(omnir_op_get_properties(p, f.add, &mut a));
    assert_eq!(a, props);
    ok(omnir_op_get_inherent_attribute(p, f.add, "inner".as_ptr().cast(), 5, &mut a));
    assert_eq!(a, cx.int_attr(5));
    ok(omnir_op_get_inherent_attribute(p, f.func, "sym_name".as_ptr().cast(), 8, &mut a));
    assert_eq!(a, cx.str_attr("f"), "falls back on the discardable attributes");
    assert!(cx.print_plain(f.add).contains("<{inner = 5 : i32}>"), "{}", cx.print_plain(f.add));
    ok(omnir_op_set_properties(p, f.add, omnir_attribute::default()));
    ok(omnir_op_get_properties(p, f.add, &mut a));
    assert_eq!(a, omnir_attribute::default());
}

#[test]
fn blocks_regions_values_and_uses() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();
    let fr = region(&cx, f.func, 0);

    // blocks
    assert_eq!(count(|n| omnir_block_get_num_arguments(p, f.entry, n)), 2);
    let mut vs = [omnir_value::default(); 2];
    let mut n = 0;
    ok(omnir_block_get_arguments(p, f.entry, vs.as_mut_ptr(), 2, &mut n));
    assert_eq!(vs, [arg(&cx, f.entry, 0), arg(&cx, f.entry, 1)]);
    let mut r = omnir_region::default();
    ok(omnir_block_get_parent_region(p, f.bb1, &mut r));
    assert_eq!(r, fr);
    let mut o = omnir_op::default();
    ok(omnir_block_get_parent_op(p, f.bb1, &mut o));
    assert_eq!(o, f.func);
    ok(omnir_block_get_first_op(p, f.entry, &mut o));
    assert_eq!(o, f.add);
    ok(omnir_block_get_last_op(p, f.entry, &mut o));
    assert_eq!(o, f.cond_br);
    assert_eq!(count(|n| omnir_block_get_num_ops(p, f.entry, n)), 2);
    let mut ops = [omnir_op::default(); 2];
    ok(omnir_block_get_ops(p, f.entry, ops.as_mut_ptr(), 2, &mut n));
    assert_eq!(ops, [f.add, f.cond_br]);
    let mut b = omnir_block::default();
    ok(omnir_block_get_next(p, f.entry, &mut b));
    assert_eq!(b, f.bb1);
    ok(omnir_block_get_prev(p, f.entry, &mut b));
    assert!(omnir_block_is_null(b));
    ok(omnir_block_get_prev(p, f.bb2, &mut b));
    assert_eq!(b, f.bb1);
    assert_eq!(count(|n| omnir_block_get_num_predecessors(p, f.bb2, n)), 2);
    let mut preds = [omnir_block_operand::default(); 2];
    ok(omnir_block_get_predecessors(p, f.bb2, preds.as_mut_ptr(), 2, &mut n));
    assert!(preds.contains(&omnir_block_operand { op: f.cond_br, index: 1 }));
    assert!(preds.contains(&omnir_block_operand { op: f.br, index: 0 }));
    let mut bo = omnir_block_operand::default();
    ok(omnir_block_get_predecessor(p, f.bb1, 0, &mut bo));
    assert_eq!(bo, omnir_block_operand { op: f.cond_br, index: 0 });
    assert_eq!(count(|n| omnir_block_get_num_successors(p, f.entry, n)), 2);
    ok(omnir_block_get_successor(p, f.entry, 1, &mut b));
    assert_eq!(b, f.bb2);
    assert_eq!(count(|n| omnir_block_get_num_successors(p, f.bb2, n)), 0);

    // regions
    ok(omnir_region_get_parent_op(p, fr, &mut o));
    assert_eq!(o, f.func);
    assert_eq!(count(|n| omnir_region_get_number(p, fr, n)), 0);
    assert_eq!(count(|n| omnir_region_get_num_blocks(p, fr, n)), 3);
    ok(omnir_region_get_block(p, fr, 1, &mut b));
    assert_eq!(b, f.bb1);
    let mut bs = [omnir_block::default(); 3];
    ok(omnir_region_get_blocks(p, fr, bs.as_mut_ptr(), 3, &mut n));
    assert_eq!(bs, [f.entry, f.bb1, f.bb2]);
    ok(omnir_region_get_first_block(p, fr, &mut b));
    assert_eq!(b, f.entry);
    ok(omnir_region_get_last_block(p, fr, &mut b));
    assert_eq!(b, f.bb2);
    let mut live = false;
    ok(omnir_region_is_live(p, fr, &mut live));
    assert!(live);

    // values
    let sum = result(&cx, f.add, 0);
    let a0 = arg(&cx, f.entry, 0);
    let mut t = omnir_type::default();
    ok(omnir_value_get_type(p, sum, &mut t));
    assert_eq!(t, cx.i32());
    let mut yes = false;
    ok(omnir_value_is_block_argument(p, a0, &mut yes));
    assert!(yes);
    ok(omnir_value_is_op_result(p, sum, &mut yes));
    assert!(yes);
    ok(omnir_value_is_op_result(p, a0, &mut yes));
    assert!(!yes);
    let mut num = 9;
    ok(omnir_value_get_number(p, arg(&cx, f.entry, 1), &mut num));
    assert_eq!(num, 1);
    ok(omnir_value_get_defining_op(p, sum, &mut o));
    assert_eq!(o, f.add);
    ok(omnir_value_get_defining_op(p, a0, &mut o));
    assert!(omnir_op_is_null(o));
    ok(omnir_value_get_owner_block(p, a0, &mut b));
    assert_eq!(b, f.entry);
    ok(omnir_value_get_owner_block(p, sum, &mut b));
    assert!(omnir_block_is_null(b));
    ok(omnir_value_get_parent_block(p, sum, &mut b));
    assert_eq!(b, f.entry);
    let mut l = omnir_location::default();
    ok(omnir_value_get_location(p, a0, &mut l));
    assert_eq!(l, cx.loc());
    ok(omnir_value_is_live(p, sum, &mut live));
    assert!(live);

    // uses: most recent first
    assert_eq!(count(|n| omnir_value_get_num_uses(p, sum, n)), 2);
    let mut u = omnir_op_operand::default();
    ok(omnir_value_get_use(p, sum, 0, &mut u));
    assert_eq!(u, omnir_op_operand { op: f.br, index: 0 });
    let mut us = [omnir_op_operand::default(); 2];
    ok(omnir_value_get_uses(p, sum, us.as_mut_ptr(), 2, &mut n));
    assert_eq!(us, [omnir_op_operand { op: f.br, index: 0 }, omnir_op_operand { op: f.cond_br, index: 0 }]);

    // set type
    ok(omnir_value_set_type(p, sum, cx.i64()));
    ok(omnir_value_get_type(p, sum, &mut t));
    assert_eq!(t, cx.i64());
}

#[test]
fn state_builder_reuse_and_failures() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();
    let i32t = cx.i32();
    let st = state(&cx, "test.const");
    ok(omnir_operation_state_add_results(st, &i32t, 1));
    ok(omnir_operation_state_add_attribute(st, "value".as_ptr().cast(), 5, cx.int_attr(1)));
    ok(omnir_operation_state_add_attribute(st, "value".as_ptr().cast(), 5, cx.int_attr(2)));
    ok(omnir_operation_state_set_properties(st, cx.dict_attr(&[("p", cx.int_attr(0))])));
    ok(omnir_operation_state_set_location(st, cx.file_loc(3)));
    // One state, many ops.
    let mut prev = omnir_op::default();
    for _ in 0..3 {
        let mut op = omnir_op::default();
        ok(omnir_operation_create(p, st, &mut op));
        assert_ne!(op, prev);
        ok(omnir_op_insert(p, op, before(f.cond_br)));
        prev = op;
    }
    assert_eq!(count(|n| omnir_block_get_num_ops(p, f.entry, n)), 5);
    assert!(
        cx.print_plain(prev).starts_with("%3 = \"test.const\"() <{p = 0 : i32}> {value = 2 : i32}"),
        "{}",
        cx.print_plain(prev)
    );

    // Operands swapped per create.
    ok(omnir_operation_state_reset(st));
    let sum = result(&cx, f.add, 0);
    ok(omnir_operation_state_set_operands(st, &sum, 1));
    let mut user = omnir_op::default();
    ok(omnir_operation_create(p, st, &mut user));
    let mut v = omnir_value::default();
    ok(omnir_op_get_operand(p, user, 0, &mut v));
    assert_eq!(v, sum);
    assert_eq!(count(|n| omnir_op_get_num_results(p, user, n)), 0, "reset cleared the results");
    ok(omnir_op_erase(p, user, OMNIR_ERASE_REQUIRE_NO_USES));

    // A failed create changes nothing and leaves the state usable.
    let doomed = mk(&cx, "test.doomed", &[], &[i32t], 0, &[]);
    let stale = result(&cx, doomed, 0);
    ok(omnir_op_erase(p, doomed, OMNIR_ERASE_REQUIRE_NO_USES));
    ok(omnir_operation_state_set_operands(st, &stale, 1));
    let snap = cx.snapshot(f.module);
    let mut op = omnir_op::default();
    fails(omnir_operation_create(p, st, &mut op), OMNIR_ERROR_STALE_HANDLE);
    assert_eq!(cx.snapshot(f.module), snap);
    assert!(omnir_op_is_null(op));
    ok(omnir_operation_state_set_operands(st, &sum, 1));
    ok(omnir_operation_create(p, st, &mut op));
    ok(omnir_op_erase(p, op, OMNIR_ERASE_REQUIRE_NO_USES));

    // A stale successor, a non-location location.
    let gone = block(&cx, &[]);
    ok(omnir_block_erase(p, gone));
    let st2 = state(&cx, "test.br2");
    ok(omnir_operation_state_add_successors(st2, &gone, 1));
    fails(omnir_operation_create(p, st2, &mut op), OMNIR_ERROR_STALE_HANDLE);
    let st3 = state(&cx, "test.x");
    let not_loc = omnir_location { context: cx.serial(), id: cx.int_attr(1).id };
    ok(omnir_operation_state_set_location(st3, not_loc));
    fails(omnir_operation_create(p, st3, &mut op), OMNIR_ERROR_INVALID_ARGUMENT);
    ok(omnir_operation_state_set_location(st3, cx.loc()));
    ok(omnir_operation_create(p, st3, &mut op));
    ok(omnir_op_erase(p, op, OMNIR_ERASE_REQUIRE_NO_USES));
    assert_eq!(cx.snapshot(f.module), snap);
    for s in [st, st2, st3] {
        ok(omnir_operation_state_destroy(s));
    }
    ok(omnir_operation_state_destroy(null_mut()));
}

// ---------------------------------------------------------------------------------------
// walks

struct WalkState {
    ctx: *mut omnir_context,
    names: Vec<String>,
    skip: Option<&'static str>,
    stop_at: Option<&'static str>,
    /// Try a mutating call on the first visit (the status lands in `mutate_status`).
    try_mutate: bool,
    mutate_status: Option<omnir_status>,
    ret: Option<u32>,
    attr: omnir_attribute,
}

unsafe extern "C" fn walk_cb(user_data: *mut c_void, op: omnir_op) -> omnir_walk_result {
    // SAFETY: the test passes a `WalkState` as user data.
    let w = unsafe { &mut *(user_data as *mut WalkState) };
    // Read-only calls from inside the walk work.
    let mut s = empty_string();
    let st = omnir_op_get_name(w.ctx, op, &mut s);
    assert_eq!(st, OMNIR_OK);
    let name = take(s);
    let mut n = 0;
    assert_eq!(omnir_op_get_num_operands(w.ctx, op, &mut n), OMNIR_OK);
    if w.try_mutate && w.mutate_status.is_none() {
        let set = omnir_op_set_attribute(w.ctx, op, "x".as_ptr().cast(), 1, w.attr);
        let erase = omnir_op_erase(w.ctx, op, OMNIR_ERASE_DROP_USES);
        assert_eq!(set, erase);
        w.mutate_status = Some(set);
    }
    let r = if let Some(r) = w.ret {
        r
    } else if Some(name.as_str()) == w.stop_at {
        OMNIR_WALK_INTERRUPT
    } else if Some(name.as_str()) == w.skip {
        OMNIR_WALK_SKIP
    } else {
        OMNIR_WALK_ADVANCE
    };
    w.names.push(name);
    r
}

fn walk(cx: &Ctx, root: omnir_op, order: omnir_walk_order, w: &mut WalkState) -> (omnir_status, omnir_walk_result) {
    let mut r = 99;
    let s = omnir_op_walk(cx.p(), root, order, Some(walk_cb), w as *mut WalkState as *mut c_void, &mut r);
    (s, r)
}

fn walker(cx: &Ctx) -> WalkState {
    WalkState {
        ctx: cx.p(),
        names: Vec::new(),
        skip: None,
        stop_at: None,
        try_mutate: false,
        mutate_status: None,
        ret: None,
        attr: cx.int_attr(1),
    }
}

#[test]
fn walk_with_a_c_callback() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let snap = cx.snapshot(f.module);

    let mut w = walker(&cx);
    let (s, r) = walk(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut w);
    ok(s);
    assert_eq!(r, OMNIR_WALK_ADVANCE);
    assert_eq!(w.names, ["builtin.module", "test.func", "test.add", "test.cond_br", "test.br", "test.return"]);
    assert_eq!(cx.snapshot(f.module), snap);

    let mut w = walker(&cx);
    ok(walk(&cx, f.module, OMNIR_WALK_POST_ORDER, &mut w).0);
    assert_eq!(w.names, ["test.add", "test.cond_br", "test.br", "test.return", "test.func", "builtin.module"]);

    let mut w = walker(&cx);
    w.skip = Some("test.func");
    ok(walk(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut w).0);
    assert_eq!(w.names, ["builtin.module", "test.func"]);

    let mut w = walker(&cx);
    w.stop_at = Some("test.cond_br");
    let (s, r) = walk(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut w);
    ok(s);
    assert_eq!(r, OMNIR_WALK_INTERRUPT);
    assert_eq!(w.names.last().map(String::as_str), Some("test.cond_br"));

    // The result pointer is optional.
    let mut w = walker(&cx);
    ok(omnir_op_walk(cx.p(), f.func, OMNIR_WALK_PRE_ORDER, Some(walk_cb), &mut w as *mut _ as *mut c_void, null_mut()));
    assert_eq!(w.names.len(), 5);

    // A callback returning garbage stops the walk with an error.
    let mut w = walker(&cx);
    w.ret = Some(42);
    fails(walk(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut w).0, OMNIR_ERROR_CALLBACK_FAILED);
    assert_eq!(w.names.len(), 1);

    // Bad arguments.
    let mut w = walker(&cx);
    fails(walk(&cx, f.module, 7, &mut w).0, OMNIR_ERROR_INVALID_ARGUMENT);
    fails(
        omnir_op_walk(cx.p(), f.module, OMNIR_WALK_PRE_ORDER, None, null_mut(), null_mut()),
        OMNIR_ERROR_NULL_ARGUMENT,
    );
    assert_eq!(cx.snapshot(f.module), snap);
}

/// Walks with a Rust closure as the C callback.
fn walk_with(
    cx: &Ctx,
    root: omnir_op,
    order: omnir_walk_order,
    f: &mut dyn FnMut(omnir_op) -> omnir_walk_result,
) -> omnir_status {
    unsafe extern "C" fn trampoline(user_data: *mut c_void, op: omnir_op) -> omnir_walk_result {
        // SAFETY: `walk_with` passes a `&mut &mut dyn FnMut` that outlives the walk.
        let f = unsafe { &mut *(user_data as *mut &mut dyn FnMut(omnir_op) -> omnir_walk_result) };
        f(op)
    }
    let mut f = f;
    omnir_op_walk(
        cx.p(),
        root,
        order,
        Some(trampoline),
        &mut f as *mut &mut dyn FnMut(omnir_op) -> omnir_walk_result as *mut c_void,
        null_mut(),
    )
}

#[test]
fn walk_callbacks_may_change_the_ir_as_in_mlir() {
    // Post-order: each op may be erased when it is visited (its regions were walked, the
    // next op was taken before): everything but the root goes, every op is visited once.
    let cx = Ctx::new();
    let f = build_func(&cx);
    let mut seen = Vec::new();
    ok(walk_with(&cx, f.module, OMNIR_WALK_POST_ORDER, &mut |op| {
        seen.push(name(&cx, op));
        if op != f.module {
            ok(omnir_op_erase(cx.p(), op, OMNIR_ERASE_DROP_USES));
        }
        OMNIR_WALK_ADVANCE
    }));
    assert_eq!(seen, ["test.add", "test.cond_br", "test.br", "test.return", "test.func", "builtin.module"]);
    assert_eq!(cx.print_plain(f.module), "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n");

    // Pre-order: an op erased when it is visited has its regions skipped.
    let f = build_func(&cx);
    let mut seen = Vec::new();
    ok(walk_with(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut |op| {
        seen.push(name(&cx, op));
        if op == f.func {
            ok(omnir_op_erase(cx.p(), op, OMNIR_ERASE_DROP_USES));
        }
        OMNIR_WALK_ADVANCE
    }));
    assert_eq!(seen, ["builtin.module", "test.func"]);
    assert_eq!(count(|n| omnir_block_get_num_ops(cx.p(), f.body, n)), 0);

    // Attributes set and ops inserted after the visited one: the walk goes on over the
    // ops that were there (an op inserted after the current one is not visited, as in MLIR).
    let f = build_func(&cx);
    let mut seen = Vec::new();
    let unit = cx.int_attr(1);
    ok(walk_with(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut |op| {
        seen.push(name(&cx, op));
        ok(omnir_op_set_attribute(cx.p(), op, "seen".as_ptr().cast(), 4, unit));
        if op == f.add {
            let new = mk(&cx, "test.new", &[], &[], 0, &[]);
            ok(omnir_op_insert(cx.p(), new, after(op)));
        }
        OMNIR_WALK_ADVANCE
    }));
    assert_eq!(seen, ["builtin.module", "test.func", "test.add", "test.cond_br", "test.br", "test.return"]);
    let text = cx.print_plain(f.module);
    assert_eq!(text.matches("seen = 1").count(), 6, "{text}");
    assert!(text.contains("\"test.new\"() : () -> ()"), "{text}");

    // Erasing the op the walk was to visit next: where MLIR would crash, the walk stops with
    // an error; what the callback did stays done.
    let f = build_func(&cx);
    let mut seen = Vec::new();
    let s = walk_with(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut |op| {
        seen.push(name(&cx, op));
        if op == f.add {
            ok(omnir_op_erase(cx.p(), f.cond_br, OMNIR_ERASE_DROP_USES));
        }
        OMNIR_WALK_ADVANCE
    });
    let message = fails(s, OMNIR_ERROR_STALE_HANDLE);
    assert!(message.contains("the walk cannot go on"), "{message}");
    assert_eq!(seen, ["builtin.module", "test.func", "test.add"]);
    assert_eq!(count(|n| omnir_block_get_num_ops(cx.p(), f.entry, n)), 1);

    // Erasing the block being walked stops the walk the same way.
    let f = build_func(&cx);
    let s = walk_with(&cx, f.module, OMNIR_WALK_POST_ORDER, &mut |op| {
        if op == f.cond_br {
            // The last op of the entry block: erase the block around it (after the one use
            // of its value elsewhere).
            ok(omnir_op_erase(cx.p(), f.br, OMNIR_ERASE_DROP_USES));
            ok(omnir_block_erase(cx.p(), f.entry));
        }
        OMNIR_WALK_ADVANCE
    });
    fails(s, OMNIR_ERROR_STALE_HANDLE);

    // Erasing the root from its own pre-order visit ends the walk.
    let f = build_func(&cx);
    let mut seen = 0;
    ok(walk_with(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut |op| {
        seen += 1;
        ok(omnir_op_erase(cx.p(), op, OMNIR_ERASE_DROP_USES));
        OMNIR_WALK_ADVANCE
    }));
    assert_eq!(seen, 1);

    // A walk inside a walk's callback may change the IR too.
    let f = build_func(&cx);
    ok(walk_with(&cx, f.module, OMNIR_WALK_PRE_ORDER, &mut |op| {
        if op == f.func {
            ok(walk_with(&cx, f.func, OMNIR_WALK_POST_ORDER, &mut |inner| {
                if inner == f.ret {
                    ok(omnir_op_erase(cx.p(), inner, OMNIR_ERASE_DROP_USES));
                }
                OMNIR_WALK_ADVANCE
            }));
        }
        OMNIR_WALK_ADVANCE
    }));
    assert_eq!(count(|n| omnir_block_get_num_ops(cx.p(), f.bb2, n)), 0);
}

/// What a diagnostic handler's walk does: it may read, not write.
struct HandlerWalk {
    root: omnir_op,
    visited: usize,
    mutate: Option<omnir_status>,
}

unsafe extern "C-unwind" fn handler_that_walks(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    _d: *const omnir_diagnostic,
) -> bool {
    unsafe extern "C" fn visit(user_data: *mut c_void, op: omnir_op) -> omnir_walk_result {
        // SAFETY: the handler passes its `HandlerWalk`.
        let (w, ctx) = unsafe { &mut *(user_data as *mut (&mut HandlerWalk, *mut omnir_context)) };
        w.visited += 1;
        if w.mutate.is_none() {
            w.mutate = Some(omnir_op_set_attribute(*ctx, op, "x".as_ptr().cast(), 1, omnir_attribute::default()));
        }
        OMNIR_WALK_ADVANCE
    }
    // SAFETY: the test passes a `HandlerWalk` that outlives the handler.
    let w = unsafe { &mut *(user_data as *mut HandlerWalk) };
    let root = w.root;
    let mut data = (w, ctx);
    let s = omnir_op_walk(ctx, root, OMNIR_WALK_PRE_ORDER, Some(visit), &mut data as *mut _ as *mut c_void, null_mut());
    assert_eq!(s, OMNIR_OK);
    true
}

#[test]
fn a_walk_inside_a_read_only_callback_may_only_read() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let snap = cx.snapshot(f.module);
    let mut w = HandlerWalk { root: f.module, visited: 0, mutate: None };
    let mut id = 0;
    ok(omnir_context_attach_diagnostic_handler(
        cx.p(),
        Some(handler_that_walks),
        &mut w as *mut _ as *mut c_void,
        None,
        &mut id,
    ));
    let msg = "m";
    ok(omnir_context_emit_diagnostic(cx.p(), 2, cx.loc(), msg.as_ptr().cast(), 1, null(), 0));
    ok(omnir_context_detach_diagnostic_handler(cx.p(), id));
    assert_eq!(w.visited, 6);
    assert_eq!(w.mutate, Some(OMNIR_ERROR_BUSY));
    assert_eq!(cx.snapshot(f.module), snap);
}

// ---------------------------------------------------------------------------------------
// mutation

#[test]
fn clone_rauw_and_erase() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();

    // Clone: a detached deep copy that prints the same.
    let mut copy = omnir_op::default();
    ok(omnir_op_clone(p, f.func, &mut copy));
    let mut parent = omnir_block::default();
    ok(omnir_op_get_parent_block(p, copy, &mut parent));
    assert!(omnir_block_is_null(parent));
    // Printed at the top level: FUNC_TEXT's inner op, dedented.
    let lines: Vec<&str> = FUNC_TEXT.lines().collect();
    let expected: String = lines[1..lines.len() - 1].iter().map(|l| format!("{}\n", &l[2..])).collect();
    assert_eq!(cx.print_plain(copy), expected);
    ok(omnir_op_insert(p, copy, after(f.func)));
    ok(omnir_op_set_attribute(p, copy, "sym_name".as_ptr().cast(), 8, cx.str_attr("g")));
    assert_eq!(count(|n| omnir_block_get_num_ops(p, f.body, n)), 2);
    // The copy's values are its own.
    let mut cr = omnir_region::default();
    ok(omnir_op_get_region(p, copy, 0, &mut cr));
    let mut centry = omnir_block::default();
    ok(omnir_region_get_first_block(p, cr, &mut centry));
    assert_ne!(centry, f.entry);
    let mut cadd = omnir_op::default();
    ok(omnir_block_get_first_op(p, centry, &mut cadd));
    assert_eq!(count(|n| omnir_value_get_num_uses(p, result(&cx, cadd, 0), n)), 2);
    assert_eq!(count(|n| omnir_value_get_num_uses(p, result(&cx, f.add, 0), n)), 2);

    // RAUW with a new constant.
    let i32t = cx.i32();
    let c = mk(&cx, "test.const", &[], &[i32t], 0, &[]);
    ok(omnir_op_insert(p, c, before(f.add)));
    let sum = result(&cx, f.add, 0);
    let cv = result(&cx, c, 0);
    ok(omnir_value_replace_all_uses_except(p, sum, cv, f.br));
    assert_eq!(count(|n| omnir_value_get_num_uses(p, sum, n)), 1);
    assert_eq!(count(|n| omnir_value_get_num_uses(p, cv, n)), 1);
    ok(omnir_value_replace_all_uses_with(p, sum, cv));
    assert_eq!(count(|n| omnir_value_get_num_uses(p, sum, n)), 0);
    ok(omnir_op_replace_all_uses_with(p, c, &sum, 1));
    assert_eq!(count(|n| omnir_value_get_num_uses(p, sum, n)), 2);

    // Erase with uses: refused, nothing changes.
    let snap = cx.snapshot(f.module);
    let msg = fails(omnir_op_erase(p, f.add, OMNIR_ERASE_REQUIRE_NO_USES), OMNIR_ERROR_STILL_IN_USE);
    assert!(msg.contains("test.add"), "{msg}");
    assert_eq!(cx.snapshot(f.module), snap);
    fails(omnir_op_erase(p, f.add, 5), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(cx.snapshot(f.module), snap);

    // Erase dropping the uses: the users' operands become null.
    ok(omnir_op_erase(p, f.add, OMNIR_ERASE_DROP_USES));
    let mut live = true;
    ok(omnir_op_is_live(p, f.add, &mut live));
    assert!(!live);
    let mut v = omnir_value::default();
    ok(omnir_op_get_operand(p, f.br, 0, &mut v));
    assert!(omnir_value_is_null(v), "a dropped operand reads as the null value");
    fails(omnir_value_get_type(p, sum, &mut omnir_type::default()), OMNIR_ERROR_STALE_HANDLE);
    fails(omnir_op_get_name(p, f.add, &mut empty_string()), OMNIR_ERROR_STALE_HANDLE);
    // Repair: set the operands again.
    ok(omnir_op_set_operand(p, f.br, 0, cv));
    ok(omnir_op_set_operands(p, f.cond_br, &cv, 1));
    ok(omnir_op_verify(p, f.module));

    // Drop uses, drop references.
    ok(omnir_value_drop_all_uses(p, cv));
    assert_eq!(count(|n| omnir_value_get_num_uses(p, cv, n)), 0);
    ok(omnir_op_set_operands(p, f.br, &cv, 1));
    ok(omnir_op_drop_all_references(p, copy));
    ok(omnir_op_erase(p, copy, OMNIR_ERASE_REQUIRE_NO_USES));
    assert_eq!(count(|n| omnir_block_get_num_ops(p, f.body, n)), 1);
}

#[test]
fn insert_move_detach_and_blocks() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();
    let i32t = cx.i32();

    // move within and across blocks
    ok(omnir_op_move(p, f.add, end(f.bb1)));
    let mut o = omnir_op::default();
    ok(omnir_block_get_last_op(p, f.bb1, &mut o));
    assert_eq!(o, f.add);
    ok(omnir_op_move(p, f.add, start(f.entry)));
    ok(omnir_block_get_first_op(p, f.entry, &mut o));
    assert_eq!(o, f.add);
    assert_eq!(cx.print_plain(f.module), FUNC_TEXT);

    // insert of an attached op is refused; of an op into itself is a cycle
    let snap = cx.snapshot(f.module);
    fails(omnir_op_insert(p, f.add, end(f.bb1)), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_op_move(p, f.func, end(f.bb1)), OMNIR_ERROR_CYCLE);
    let bad = omnir_insertion_point { kind: 9, block: f.bb1, op: f.add };
    fails(omnir_op_move(p, f.add, bad), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(cx.snapshot(f.module), snap);

    // detach and re-insert
    let extra = mk(&cx, "test.extra", &[], &[], 0, &[]);
    ok(omnir_op_insert(p, extra, after(f.br)));
    ok(omnir_op_detach(p, extra));
    ok(omnir_op_detach(p, extra));
    let mut parent = omnir_block::default();
    ok(omnir_op_get_parent_block(p, extra, &mut parent));
    assert!(omnir_block_is_null(parent));
    fails(omnir_op_insert(p, f.add, before(extra)), OMNIR_ERROR_INVALID_ARGUMENT);
    ok(omnir_op_erase(p, extra, OMNIR_ERASE_REQUIRE_NO_USES));
    assert_eq!(cx.snapshot(f.module), snap);

    // block arguments
    let mut v = omnir_value::default();
    ok(omnir_block_add_argument(p, f.bb1, i32t, cx.loc(), &mut v));
    assert_eq!(count(|n| omnir_block_get_num_arguments(p, f.bb1, n)), 1);
    ok(omnir_block_erase_argument(p, f.bb1, 0));
    fails(omnir_block_erase_argument(p, f.bb2, 0), OMNIR_ERROR_STILL_IN_USE);
    fails(omnir_block_erase_argument(p, f.bb2, 3), OMNIR_ERROR_OUT_OF_RANGE);
    assert_eq!(cx.snapshot(f.module), snap);

    // set a successor, detach and insert blocks
    let fr = region(&cx, f.func, 0);
    let bb3 = block(&cx, &[i32t]);
    ok(omnir_region_insert_block_after(p, fr, f.bb2, bb3));
    ok(omnir_op_set_successor(p, f.br, 0, bb3));
    assert_eq!(count(|n| omnir_block_get_num_predecessors(p, f.bb2, n)), 1);
    fails(omnir_block_detach(p, bb3), OMNIR_ERROR_STILL_IN_USE);
    ok(omnir_op_set_successor(p, f.br, 0, f.bb2));
    ok(omnir_block_detach(p, bb3));
    ok(omnir_block_detach(p, bb3));
    let mut r = omnir_region::default();
    ok(omnir_block_get_parent_region(p, bb3, &mut r));
    assert!(omnir_region_is_null(r));
    fails(omnir_region_insert_block_after(p, fr, bb3, bb3), OMNIR_ERROR_INVALID_ARGUMENT);
    let other = mk(&cx, "test.other", &[], &[], 1, &[]);
    let orr = region(&cx, other, 0);
    fails(omnir_region_insert_block_before(p, orr, f.bb1, bb3), OMNIR_ERROR_INVALID_ARGUMENT);
    ok(omnir_region_append_block(p, orr, bb3));
    assert_eq!(count(|n| omnir_region_get_num_blocks(p, orr, n)), 1);
    ok(omnir_block_erase(p, bb3));
    let mut live = true;
    ok(omnir_block_is_live(p, bb3, &mut live));
    assert!(!live);
    ok(omnir_op_erase(p, other, OMNIR_ERASE_REQUIRE_NO_USES));
    ok(omnir_region_is_live(p, orr, &mut live));
    assert!(!live);
    assert_eq!(cx.snapshot(f.module), snap);

    // erasing a block whose values are used elsewhere is refused
    fails(omnir_block_erase(p, f.entry), OMNIR_ERROR_STILL_IN_USE);
    // a block holding the region's own op would make a cycle
    let holder = block(&cx, &[]);
    let body_region = region(&cx, f.module, 0);
    ok(omnir_op_detach(p, f.func));
    ok(omnir_op_insert(p, f.func, end(holder)));
    fails(omnir_region_append_block(p, fr, holder), OMNIR_ERROR_CYCLE);
    ok(omnir_op_move(p, f.func, end(f.body)));
    ok(omnir_block_erase(p, holder));
    let _ = body_region;
    assert_eq!(cx.snapshot(f.module), snap);
}

// ---------------------------------------------------------------------------------------
// symbols

fn set_attr(cx: &Ctx, op: omnir_op, n: &str, a: omnir_attribute) {
    ok(omnir_op_set_attribute(cx.p(), op, n.as_ptr().cast(), n.len(), a));
}

fn get_attr(cx: &Ctx, op: omnir_op, n: &str) -> omnir_attribute {
    let mut a = omnir_attribute::default();
    ok(omnir_op_get_attribute(cx.p(), op, n.as_ptr().cast(), n.len(), &mut a));
    a
}

fn sym_name(cx: &Ctx, op: omnir_op) -> Option<String> {
    let mut s = empty_string();
    ok(omnir_op_get_symbol_name(cx.p(), op, &mut s));
    (!s.data.is_null()).then(|| take(s))
}

fn by_name(n: &str) -> omnir_symbol_target {
    omnir_symbol_target { name: n.as_ptr().cast(), name_len: n.len(), op: omnir_op::default() }
}

fn by_op(op: omnir_op) -> omnir_symbol_target {
    omnir_symbol_target { name: null(), name_len: 0, op }
}

fn op_scope(op: omnir_op) -> omnir_symbol_scope {
    omnir_symbol_scope { op, region: omnir_region::default() }
}

fn uses_of(cx: &Ctx, target: Option<&omnir_symbol_target>, scope: omnir_symbol_scope) -> Option<Vec<omnir_symbol_use>> {
    let t = target.map_or(null(), |t| t as *const omnir_symbol_target);
    let mut n = 0;
    let mut known = false;
    ok(omnir_symbol_get_uses(cx.p(), t, scope, null_mut(), 0, &mut n, &mut known));
    let mut buf = vec![omnir_symbol_use::default(); n];
    ok(omnir_symbol_get_uses(cx.p(), t, scope, buf.as_mut_ptr(), n, &mut n, &mut known));
    known.then_some(buf)
}

fn lookup(cx: &Ctx, table: omnir_op, n: &str) -> omnir_op {
    let mut o = omnir_op::default();
    ok(omnir_symbol_lookup_in(cx.p(), table, n.as_ptr().cast(), n.len(), &mut o));
    o
}

struct Symbols {
    f: Func,
    g: omnir_op,
    call_f: omnir_op,
    call_g: omnir_op,
}

fn build_symbols(cx: &Ctx) -> Symbols {
    let f = build_func(cx);
    let g = mk(cx, "test.decl", &[], &[], 0, &[]);
    set_attr(cx, g, "sym_name", cx.str_attr("g"));
    ok(omnir_op_insert(cx.p(), g, after(f.func)));
    let call_f = mk(cx, "test.call", &[], &[], 0, &[]);
    set_attr(cx, call_f, "callee", cx.sym_ref("f", &[]));
    ok(omnir_op_insert(cx.p(), call_f, end(f.body)));
    let call_g = mk(cx, "test.call", &[], &[], 0, &[]);
    set_attr(cx, call_g, "callee", cx.sym_ref("g", &[]));
    ok(omnir_op_insert(cx.p(), call_g, before(f.cond_br)));
    Symbols { f, g, call_f, call_g }
}

#[test]
fn symbol_queries_and_uses() {
    let cx = Ctx::new();
    let s = build_symbols(&cx);
    let p = cx.p();
    let module = s.f.module;
    let body_region = omnir_symbol_scope { op: omnir_op::default(), region: region(&cx, module, 0) };

    assert_eq!(sym_name(&cx, s.f.func).as_deref(), Some("f"));
    assert_eq!(sym_name(&cx, s.f.add), None, "not a symbol: a NULL string");
    ok(omnir_op_set_symbol_name(p, s.g, "g".as_ptr().cast(), 1));

    // `test.func` has one region and its dialect is not registered: it might be a symbol
    // table, so uses through it are unknown.
    assert!(uses_of(&cx, None, body_region).is_none());
    ok(omnir_dialect_register(p, "test".as_ptr().cast(), 4, true));
    let all = uses_of(&cx, None, body_region).expect("known");
    assert_eq!(all.len(), 2);
    let uf = uses_of(&cx, Some(&by_name("f")), op_scope(module)).expect("known");
    assert_eq!(uf, [omnir_symbol_use { user: s.call_f, symbol_ref: cx.sym_ref("f", &[]) }]);
    let ug = uses_of(&cx, Some(&by_op(s.g)), op_scope(module)).expect("known");
    assert_eq!(ug.len(), 1);
    assert_eq!(ug[0].user, s.call_g);
    let mut empty = false;
    ok(omnir_symbol_known_use_empty(p, &by_name("zz"), op_scope(module), &mut empty));
    assert!(empty);
    ok(omnir_symbol_known_use_empty(p, &by_op(s.g), op_scope(module), &mut empty));
    assert!(!empty);

    // replace uses (the symbol itself is not renamed)
    ok(omnir_symbol_replace_all_uses(p, &by_name("g"), "g2".as_ptr().cast(), 2, op_scope(module)));
    assert_eq!(get_attr(&cx, s.call_g, "callee"), cx.sym_ref("g2", &[]));
    assert_eq!(sym_name(&cx, s.g).as_deref(), Some("g"));
    ok(omnir_symbol_replace_all_uses(p, &by_name("g2"), "g".as_ptr().cast(), 1, op_scope(module)));
    assert_eq!(get_attr(&cx, s.call_g, "callee"), cx.sym_ref("g", &[]));

    // visibility
    let mut vis = 99;
    ok(omnir_op_get_symbol_visibility(p, s.g, &mut vis));
    assert_eq!(vis, OMNIR_VISIBILITY_PUBLIC);
    ok(omnir_op_set_symbol_visibility(p, s.g, OMNIR_VISIBILITY_PRIVATE));
    ok(omnir_op_get_symbol_visibility(p, s.g, &mut vis));
    assert_eq!(vis, OMNIR_VISIBILITY_PRIVATE);
    assert_eq!(get_attr(&cx, s.g, "sym_visibility"), cx.str_attr("private"));
    ok(omnir_op_set_symbol_visibility(p, s.g, OMNIR_VISIBILITY_NESTED));
    ok(omnir_op_get_symbol_visibility(p, s.g, &mut vis));
    assert_eq!(vis, OMNIR_VISIBILITY_NESTED);
    ok(omnir_op_set_symbol_visibility(p, s.g, OMNIR_VISIBILITY_PUBLIC));
    assert_eq!(get_attr(&cx, s.g, "sym_visibility"), omnir_attribute::default(), "public is the default");

    // lookups
    let mut yes = false;
    ok(omnir_op_is_symbol_table(p, module, &mut yes));
    assert!(yes);
    ok(omnir_op_is_symbol_table(p, s.f.func, &mut yes));
    assert!(!yes);
    let mut o = omnir_op::default();
    ok(omnir_op_get_nearest_symbol_table(p, s.f.add, &mut o));
    assert_eq!(o, module);
    assert_eq!(lookup(&cx, module, "g"), s.g);
    assert!(omnir_op_is_null(lookup(&cx, module, "zz")));
    ok(omnir_symbol_lookup_ref_in(p, module, cx.sym_ref("f", &[]), &mut o));
    assert_eq!(o, s.f.func);
    ok(omnir_symbol_lookup_ref_in(p, module, cx.sym_ref("f", &["x"]), &mut o));
    assert!(omnir_op_is_null(o), "f is not a symbol table");
    ok(omnir_symbol_lookup_nearest_from(p, s.f.add, cx.sym_ref("g", &[]), &mut o));
    assert_eq!(o, s.g);
    ok(omnir_op_verify(p, module));
}

#[test]
fn cached_symbol_table() {
    let cx = Ctx::new();
    let s = build_symbols(&cx);
    let p = cx.p();
    let module = s.f.module;
    ok(omnir_dialect_register(p, "test".as_ptr().cast(), 4, true));

    let mut t = null_mut();
    ok(omnir_symbol_table_create(p, module, &mut t));
    assert_eq!(count(|n| omnir_symbol_table_get_size(p, t, n)), 2);
    let mut o = omnir_op::default();
    ok(omnir_symbol_table_get_op(p, t, &mut o));
    assert_eq!(o, module);
    ok(omnir_symbol_table_lookup(p, t, "f".as_ptr().cast(), 1, &mut o));
    assert_eq!(o, s.f.func);

    // insert with uniquing
    let dup = mk(&cx, "test.decl", &[], &[], 0, &[]);
    set_attr(&cx, dup, "sym_name", cx.str_attr("g"));
    let mut nm = empty_string();
    ok(omnir_symbol_table_insert(p, t, dup, null(), &mut nm));
    assert_eq!(take(nm), "g_0");
    assert_eq!(sym_name(&cx, dup).as_deref(), Some("g_0"));
    let mut last = omnir_op::default();
    ok(omnir_block_get_last_op(p, s.f.body, &mut last));
    assert_eq!(last, dup, "inserted at the end of the body");
    let dup2 = mk(&cx, "test.decl", &[], &[], 0, &[]);
    set_attr(&cx, dup2, "sym_name", cx.str_attr("g"));
    let at = start(s.f.body);
    ok(omnir_symbol_table_insert(p, t, dup2, &at, null_mut()));
    assert_eq!(sym_name(&cx, dup2).as_deref(), Some("g_1"));
    ok(omnir_block_get_first_op(p, s.f.body, &mut o));
    assert_eq!(o, dup2);
    assert_eq!(count(|n| omnir_symbol_table_get_size(p, t, n)), 4);

    // rename updates uses; a taken name is refused
    ok(omnir_symbol_table_rename(p, t, s.f.func, "fn".as_ptr().cast(), 2));
    assert_eq!(get_attr(&cx, s.call_f, "callee"), cx.sym_ref("fn", &[]));
    let snap = cx.snapshot(module);
    fails(omnir_symbol_table_rename(p, t, dup, "g".as_ptr().cast(), 1), OMNIR_ERROR_ALREADY_EXISTS);
    assert_eq!(cx.snapshot(module), snap);

    // rename to unique, avoiding the names of another table too
    let m2 = mk(&cx, "builtin.module", &[], &[], 1, &[]);
    let b2 = block(&cx, &[]);
    ok(omnir_region_append_block(p, region(&cx, m2, 0), b2));
    let other = mk(&cx, "test.decl", &[], &[], 0, &[]);
    set_attr(&cx, other, "sym_name", cx.str_attr("fn_0"));
    ok(omnir_op_insert(p, other, end(b2)));
    let mut t2 = null_mut();
    ok(omnir_symbol_table_create(p, m2, &mut t2));
    let others = [t2];
    let mut nm = empty_string();
    ok(omnir_symbol_table_rename_to_unique(p, t, s.f.func, others.as_ptr(), 1, &mut nm));
    assert_eq!(take(nm), "fn_1");
    assert_eq!(get_attr(&cx, s.call_f, "callee"), cx.sym_ref("fn_1", &[]));
    let selfs = [t];
    fails(
        omnir_symbol_table_rename_to_unique(p, t, s.f.func, selfs.as_ptr(), 1, null_mut()),
        OMNIR_ERROR_INVALID_ARGUMENT,
    );

    // remove and erase
    ok(omnir_symbol_table_remove(p, t, dup));
    let mut parent = omnir_block::default();
    ok(omnir_op_get_parent_block(p, dup, &mut parent));
    assert!(omnir_block_is_null(parent));
    ok(omnir_symbol_table_erase(p, t, dup2));
    let mut live = true;
    ok(omnir_op_is_live(p, dup2, &mut live));
    assert!(!live);
    assert_eq!(count(|n| omnir_symbol_table_get_size(p, t, n)), 2);
    fails(omnir_symbol_table_erase(p, t, dup), OMNIR_ERROR_INVALID_ARGUMENT);

    // failures change nothing
    let plain = mk(&cx, "test.plain", &[], &[], 0, &[]);
    let snap = cx.snapshot(module);
    fails(omnir_symbol_table_insert(p, t, plain, null(), null_mut()), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(cx.snapshot(module), snap);
    let cx2 = Ctx::new();
    fails(omnir_symbol_table_lookup(cx2.p(), t, "f".as_ptr().cast(), 1, &mut o), OMNIR_ERROR_WRONG_CONTEXT);
    fails(omnir_symbol_table_create(p, s.f.func, &mut t2), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_symbol_table_get_size(p, null_mut(), &mut 0), OMNIR_ERROR_NULL_ARGUMENT);
    let mut garbage = [0u64; 64];
    let gp = garbage.as_mut_ptr() as *mut omnir_symbol_table;
    fails(omnir_symbol_table_get_size(p, gp, &mut 0), OMNIR_ERROR_INVALID_ARGUMENT);
    fails(omnir_symbol_table_destroy(gp), OMNIR_ERROR_INVALID_ARGUMENT);
    assert_eq!(cx.snapshot(module), snap);

    ok(omnir_symbol_table_destroy(t));
    ok(omnir_symbol_table_destroy(t2));
    ok(omnir_symbol_table_destroy(null_mut()));
    ok(omnir_op_erase(p, plain, OMNIR_ERASE_REQUIRE_NO_USES));
    ok(omnir_op_erase(p, dup, OMNIR_ERASE_REQUIRE_NO_USES));
    ok(omnir_op_erase(p, m2, OMNIR_ERASE_REQUIRE_NO_USES));
}

// ---------------------------------------------------------------------------------------
// verify

fn collect_diagnostics(cx: &Ctx) -> Arc<Mutex<Vec<String>>> {
    let sink = Arc::new(Mutex::new(Vec::new()));
    let s2 = sink.clone();
    cx.core(|c| {
        c.attach_diagnostic_handler(Box::new(move |_, d| {
            s2.lock().unwrap().push(d.message.clone());
            true
        }))
    });
    sink
}

#[test]
fn verify_passing_and_failing() {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let p = cx.p();
    let diags = collect_diagnostics(&cx);
    ok(omnir_op_verify(p, f.module));
    assert!(diags.lock().unwrap().is_empty());

    // A dropped operand fails verification; the diagnostic reaches the handler.
    ok(omnir_value_drop_all_uses(p, arg(&cx, f.bb2, 0)));
    let snap = cx.snapshot(f.module);
    let msg = fails(omnir_op_verify(p, f.module), OMNIR_ERROR_VERIFICATION_FAILED);
    assert_eq!(cx.snapshot(f.module), snap, "verify never changes the IR");
    let got = diags.lock().unwrap().clone();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(msg.contains(&got[0]), "{msg} vs {got:?}");
    assert!(got[0].contains("null operand") || got[0].contains("NULL"), "{got:?}");
    ok(omnir_op_set_operand(p, f.ret, 0, arg(&cx, f.bb2, 0)));
    ok(omnir_op_verify(p, f.module));

    // Unregistered ops are refused once the context stops allowing them.
    ok(omnir_context_set_allow_unregistered_dialects(p, false));
    fails(omnir_op_verify(p, f.module), OMNIR_ERROR_VERIFICATION_FAILED);
    ok(omnir_context_set_allow_unregistered_dialects(p, true));

    // Operand and result groups of a registered op.
    let i32t = cx.i32();
    let (a, b) = (arg(&cx, f.entry, 0), arg(&cx, f.entry, 1));
    let cast = mk(&cx, "builtin.unrealized_conversion_cast", &[a, b], &[i32t], 0, &[]);
    let mut g = [omnir_index_range::default(); 2];
    let mut n = 0;
    ok(omnir_op_get_operand_groups(p, cast, g.as_mut_ptr(), 2, &mut n));
    assert_eq!((n, g[0]), (1, omnir_index_range { start: 0, len: 2 }));
    ok(omnir_op_get_result_groups(p, cast, g.as_mut_ptr(), 2, &mut n));
    assert_eq!((n, g[0]), (1, omnir_index_range { start: 0, len: 1 }));
    let mut r = omnir_index_range::default();
    ok(omnir_op_get_operand_group(p, cast, 0, &mut r));
    assert_eq!(r, omnir_index_range { start: 0, len: 2 });
    ok(omnir_op_get_result_group(p, cast, 0, &mut r));
    fails(omnir_op_get_operand_group(p, cast, 1, &mut r), OMNIR_ERROR_OUT_OF_RANGE);
    fails(omnir_op_get_result_group(p, f.add, 0, &mut r), OMNIR_ERROR_NOT_REGISTERED);
    fails(omnir_op_get_operand_groups(p, f.add, null_mut(), 0, &mut n), OMNIR_ERROR_NOT_REGISTERED);
    ok(omnir_op_erase(p, cast, OMNIR_ERASE_REQUIRE_NO_USES));
}

// ---------------------------------------------------------------------------------------
// runtime dialects with C callbacks

fn typeid(n: &str) -> u32 {
    let mut id = 0;
    ok(omnir_core::api::typeid::omnir_typeid_get(n.as_ptr().cast(), n.len(), &mut id));
    id
}

/// An interface "method table" as a C dialect would define it.
#[repr(C)]
struct BitsVtable {
    bits: unsafe extern "C" fn(user_data: *mut c_void, ctx: *mut omnir_context, ty: omnir_type) -> u32,
}

unsafe extern "C" fn elem_bits(user_data: *mut c_void, ctx: *mut omnir_context, ty: omnir_type) -> u32 {
    // The first parameter of the type, plus the implementation's user data (a u32).
    let mut param = omnir_attribute::default();
    assert_eq!(omnir_core::api::types::omnir_dialect_type_get_param(ctx, ty, 0, &mut param), OMNIR_OK);
    let mut v = 0i64;
    assert_eq!(omnir_core::api::attributes::omnir_integer_attr_get_int64(ctx, param, &mut v), OMNIR_OK);
    // SAFETY: the test registered a boxed u32 as the user data.
    v as u32 + unsafe { *(user_data as *const u32) }
}

static BITS_VTABLE: BitsVtable = BitsVtable { bits: elem_bits };

/// Counts frees per test (tests run in parallel, so each uses its own counter through
/// the user data).
struct Owned {
    freed: Arc<AtomicUsize>,
    value: u32,
}

fn owned(freed: &Arc<AtomicUsize>, value: u32) -> *mut c_void {
    Box::into_raw(Box::new(Owned { freed: freed.clone(), value })) as *mut c_void
}

unsafe extern "C" fn free_owned(p: *mut c_void) {
    // SAFETY: made by `owned`, freed once.
    let o = unsafe { Box::from_raw(p as *mut Owned) };
    o.freed.fetch_add(1, Ordering::SeqCst);
}

unsafe extern "C" fn owned_bits(user_data: *mut c_void, _ctx: *mut omnir_context, _ty: omnir_type) -> u32 {
    // SAFETY: the test registered an `Owned` as the user data.
    unsafe { (*(user_data as *const Owned)).value }
}

static OWNED_VTABLE: BitsVtable = BitsVtable { bits: owned_bits };

/// What the op verifier saw.
#[derive(Default)]
struct VerifierLog {
    calls: AtomicUsize,
    busy: Mutex<Vec<omnir_status>>,
}

unsafe extern "C" fn verify_cdl_op(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    message: *mut omnir_callback_message,
) -> u32 {
    // SAFETY: the test registered a `VerifierLog` that outlives the context.
    let log = unsafe { &*(user_data as *const VerifierLog) };
    log.calls.fetch_add(1, Ordering::SeqCst);
    // Read-only calls work from inside the verifier...
    let mut n = 0;
    assert_eq!(omnir_op_get_num_operands(ctx, op, &mut n), OMNIR_OK);
    let mut a = omnir_attribute::default();
    assert_eq!(omnir_op_get_attribute(ctx, op, "n".as_ptr().cast(), 1, &mut a), OMNIR_OK);
    // ...mutating ones are refused.
    log.busy.lock().unwrap().push(omnir_op_remove_attribute(ctx, op, "n".as_ptr().cast(), 1, null_mut()));
    let mut v = 0i64;
    if a.context != 0 && omnir_core::api::attributes::omnir_integer_attr_get_int64(ctx, a, &mut v) == OMNIR_OK && v < 0
    {
        let text = format!("expects a non-negative 'n', got {v}");
        assert_eq!(omnir_callback_message_set(message, text.as_ptr().cast(), text.len()), OMNIR_OK);
        return OMNIR_ERROR_VERIFICATION_FAILED as u32;
    }
    if v == 13 {
        // Fails without a message: omnir supplies one.
        return 1;
    }
    0
}

unsafe extern "C" fn is_exact_type(user_data: *mut c_void, _ctx: *mut omnir_context, ty: omnir_type) -> bool {
    // SAFETY: the test passes a pointer to an omnir_type that outlives the context.
    ty == unsafe { *(user_data as *const omnir_type) }
}

unsafe extern "C" fn is_string_attr(_user_data: *mut c_void, ctx: *mut omnir_context, attr: omnir_attribute) -> bool {
    let mut s = empty_string();
    let r = omnir_core::api::attributes::omnir_string_attr_get_value(ctx, attr, &mut s) == OMNIR_OK;
    omnir_string_free(s);
    r
}

unsafe extern "C" fn verify_elem_params(
    _user_data: *mut c_void,
    ctx: *mut omnir_context,
    params: *const omnir_attribute,
    num_params: usize,
    message: *mut omnir_callback_message,
) -> u32 {
    // SAFETY: omnir passes `num_params` parameters.
    let params = unsafe { std::slice::from_raw_parts(params, num_params) };
    let mut v = 0i64;
    if omnir_core::api::attributes::omnir_integer_attr_get_int64(ctx, params[0], &mut v) != OMNIR_OK || v <= 0 {
        let text = "'bits' must be a positive integer";
        omnir_callback_message_set(message, text.as_ptr().cast(), text.len());
        return OMNIR_ERROR_VERIFICATION_FAILED as u32;
    }
    0
}

fn type_constraint(kind: u32) -> omnir_type_constraint {
    omnir_type_constraint {
        kind,
        width: 0,
        ty: omnir_type::default(),
        interface: 0,
        one_of: null(),
        num_one_of: 0,
        predicate: None,
        user_data: null_mut(),
        free_user_data: None,
        summary: null(),
        summary_len: 0,
    }
}

fn attr_constraint(kind: u32) -> omnir_attribute_constraint {
    omnir_attribute_constraint {
        kind,
        ty: omnir_type::default(),
        predicate: None,
        user_data: null_mut(),
        free_user_data: None,
        summary: null(),
        summary_len: 0,
    }
}

fn op_def(name: &'static str) -> omnir_op_definition {
    omnir_op_definition {
        name: name.as_ptr().cast(),
        name_len: name.len(),
        summary: null(),
        summary_len: 0,
        operands: null(),
        num_operands: 0,
        results: null(),
        num_results: 0,
        attributes: null(),
        num_attributes: 0,
        num_regions: 0,
        variadic_regions: false,
        num_successors: 0,
        variadic_successors: false,
        traits: 0,
        interfaces: null(),
        num_interfaces: 0,
        implicit_terminator: null(),
        implicit_terminator_len: 0,
        is_branch: false,
        branch_first_operand_group: 0,
        verify: None,
        verify_user_data: null_mut(),
        free_verify_user_data: None,
    }
}

fn type_def(dialect: &'static str, name: &'static str, params: &[omnir_string_view]) -> omnir_type_definition {
    omnir_type_definition {
        dialect: dialect.as_ptr().cast(),
        dialect_len: dialect.len(),
        name: name.as_ptr().cast(),
        name_len: name.len(),
        params: params.as_ptr(),
        num_params: params.len(),
        verify: None,
        verify_user_data: null_mut(),
        free_verify_user_data: None,
        interfaces: null(),
        num_interfaces: 0,
    }
}

fn view(s: &'static str) -> omnir_string_view {
    omnir_string_view { data: s.as_ptr().cast(), len: s.len() }
}

#[test]
fn dialect_defined_through_c_callbacks() {
    let freed = Arc::new(AtomicUsize::new(0));
    let log = Box::new(VerifierLog::default());
    let i64_holder: Box<omnir_type>;
    {
        let cx = Ctx::new();
        let p = cx.p();
        ok(omnir_context_set_allow_unregistered_dialects(p, false));
        let i32t = cx.i32();
        let i64t = cx.i64();
        let f32t = cx.f32();
        i64_holder = Box::new(i64t);

        ok(omnir_dialect_register(p, "cdl".as_ptr().cast(), 3, false));
        let mut yes = false;
        ok(omnir_dialect_is_registered(p, "cdl".as_ptr().cast(), 3, &mut yes));
        assert!(yes);
        ok(omnir_dialect_get_allow_unknown_operations(p, "cdl".as_ptr().cast(), 3, &mut yes));
        assert!(!yes);

        // cdl.op(lhs: i32, rest: i64...) -> (i32 | f32) {n: integer, tag?: custom string}
        let mut lhs_c = type_constraint(OMNIR_TYPE_CONSTRAINT_INTEGER);
        lhs_c.width = 32;
        let mut rest_c = type_constraint(OMNIR_TYPE_CONSTRAINT_PREDICATE);
        rest_c.predicate = Some(is_exact_type);
        rest_c.user_data = &*i64_holder as *const omnir_type as *mut c_void;
        rest_c.summary = "exactly i64".as_ptr().cast();
        rest_c.summary_len = 11;
        let mut f32_c = type_constraint(OMNIR_TYPE_CONSTRAINT_FLOAT);
        f32_c.ty = f32t;
        let alternatives = [lhs_c, f32_c];
        let mut res_c = type_constraint(OMNIR_TYPE_CONSTRAINT_ONE_OF);
        res_c.one_of = alternatives.as_ptr();
        res_c.num_one_of = 2;
        let operands = [
            omnir_value_spec { name: "lhs".as_ptr().cast(), name_len: 3, arity: OMNIR_ARITY_SINGLE, constraint: lhs_c },
            omnir_value_spec {
                name: "rest".as_ptr().cast(),
                name_len: 4,
                arity: OMNIR_ARITY_VARIADIC,
                constraint: rest_c,
            },
        ];
        let results = [omnir_value_spec {
            name: "res".as_ptr().cast(),
            name_len: 3,
            arity: OMNIR_ARITY_SINGLE,
            constraint: res_c,
        }];
        let mut tag_c = attr_constraint(OMNIR_ATTR_CONSTRAINT_PREDICATE);
        tag_c.predicate = Some(is_string_attr);
        tag_c.user_data = owned(&freed, 0);
        tag_c.free_user_data = Some(free_owned);
        let attrs = [
            omnir_attribute_spec {
                name: "n".as_ptr().cast(),
                name_len: 1,
                optional: false,
                constraint: attr_constraint(OMNIR_ATTR_CONSTRAINT_INTEGER),
            },
            omnir_attribute_spec { name: "tag".as_ptr().cast(), name_len: 3, optional: true, constraint: tag_c },
        ];
        let op_iface = [omnir_interface_impl {
            interface: typeid("cdl.OpInterface"),
            vtable: &OWNED_VTABLE as *const BitsVtable as *const c_void,
            user_data: owned(&freed, 5),
            free_user_data: Some(free_owned),
        }];
        let mut def = op_def("cdl.op");
        def.summary = "an op defined from C".as_ptr().cast();
        def.summary_len = 20;
        def.operands = operands.as_ptr();
        def.num_operands = 2;
        def.results = results.as_ptr();
        def.num_results = 1;
        def.attributes = attrs.as_ptr();
        def.num_attributes = 2;
        def.traits = OMNIR_TRAIT_PURE;
        def.interfaces = op_iface.as_ptr();
        def.num_interfaces = 1;
        def.verify = Some(verify_cdl_op);
        def.verify_user_data = &*log as *const VerifierLog as *mut c_void;
        ok(omnir_dialect_register_operation(p, &def));
        ok(omnir_dialect_is_operation_registered(p, "cdl.op".as_ptr().cast(), 6, &mut yes));
        assert!(yes);

        // Registering again fails and gives the user data back (not freed).
        let again_ud = owned(&freed, 1);
        let mut again = op_def("cdl.op");
        again.verify = Some(verify_cdl_op);
        again.verify_user_data = again_ud;
        again.free_verify_user_data = Some(free_owned);
        fails(omnir_dialect_register_operation(p, &again), OMNIR_ERROR_ALREADY_EXISTS);
        assert_eq!(freed.load(Ordering::SeqCst), 0, "a failed registration frees nothing");
        // SAFETY: the caller still owns it.
        unsafe { free_owned(again_ud) };
        assert_eq!(freed.load(Ordering::SeqCst), 1);

        // Build a module holding instances of cdl.op.
        let mut container_def = op_def("cdl.container");
        container_def.num_regions = 1;
        container_def.traits = OMNIR_TRAIT_NO_TERMINATOR | OMNIR_TRAIT_SINGLE_BLOCK;
        ok(omnir_dialect_register_operation(p, &container_def));
        let module = mk(&cx, "builtin.module", &[], &[], 1, &[]);
        let mbody = block(&cx, &[]);
        ok(omnir_region_append_block(p, region(&cx, module, 0), mbody));
        let container = mk(&cx, "cdl.container", &[], &[], 1, &[]);
        ok(omnir_op_insert(p, container, end(mbody)));
        let body = block(&cx, &[i32t, i64t, i64t]);
        ok(omnir_region_append_block(p, region(&cx, container, 0), body));
        let (x, y, z) = (arg(&cx, body, 0), arg(&cx, body, 1), arg(&cx, body, 2));
        let good = mk(&cx, "cdl.op", &[x, y, z], &[f32t], 0, &[]);
        set_attr(&cx, good, "n", cx.int_attr(3));
        set_attr(&cx, good, "tag", cx.str_attr("ok"));
        ok(omnir_op_insert(p, good, end(body)));
        let mut reg = false;
        ok(omnir_op_is_registered(p, good, &mut reg));
        assert!(reg);
        let diags = collect_diagnostics(&cx);
        ok(omnir_op_verify(p, module));
        assert_eq!(log.calls.load(Ordering::SeqCst), 1);
        assert_eq!(*log.busy.lock().unwrap(), [OMNIR_ERROR_BUSY], "mutation from a verifier is refused");

        // The op's C interface.
        let iface = typeid("cdl.OpInterface");
        ok(omnir_op_implements_interface(p, good, iface, &mut yes));
        assert!(yes);
        let (mut vt, mut ud) = (null(), null_mut());
        ok(omnir_op_get_interface(p, good, iface, &mut vt, &mut ud));
        assert_eq!(vt, &OWNED_VTABLE as *const BitsVtable as *const c_void);
        // SAFETY: the vtable registered above.
        assert_eq!(unsafe { ((*(vt as *const BitsVtable)).bits)(ud, p, i32t) }, 5);
        ok(omnir_op_implements_interface(p, module, iface, &mut yes));
        assert!(!yes);
        fails(omnir_op_get_interface(p, module, iface, &mut vt, &mut ud), OMNIR_ERROR_NOT_REGISTERED);

        // The verifier callback's failure message becomes the diagnostic.
        set_attr(&cx, good, "n", cx.int_attr(-1));
        let snap = cx.snapshot(module);
        let msg = fails(omnir_op_verify(p, module), OMNIR_ERROR_VERIFICATION_FAILED);
        assert_eq!(cx.snapshot(module), snap);
        assert!(msg.contains("'cdl.op' op expects a non-negative 'n', got -1"), "{msg}");
        assert_eq!(diags.lock().unwrap().as_slice(), ["'cdl.op' op expects a non-negative 'n', got -1"]);
        set_attr(&cx, good, "n", cx.int_attr(13));
        let msg = fails(omnir_op_verify(p, module), OMNIR_ERROR_VERIFICATION_FAILED);
        assert!(msg.contains("failed its verifier callback (status 1)"), "{msg}");
        set_attr(&cx, good, "n", cx.int_attr(3));

        // Constraints from the definition: C predicates and built-in kinds.
        let bad_rest = mk(&cx, "cdl.op", &[x, x], &[i32t], 0, &[]);
        set_attr(&cx, bad_rest, "n", cx.int_attr(0));
        ok(omnir_op_insert(p, bad_rest, end(body)));
        let msg = fails(omnir_op_verify(p, module), OMNIR_ERROR_VERIFICATION_FAILED);
        assert!(msg.contains("exactly i64"), "{msg}");
        ok(omnir_op_set_operands(p, bad_rest, [x, y].as_ptr(), 2));
        ok(omnir_op_verify(p, module));
        set_attr(&cx, bad_rest, "tag", cx.int_attr(1));
        let msg = fails(omnir_op_verify(p, module), OMNIR_ERROR_VERIFICATION_FAILED);
        assert!(msg.contains("tag"), "{msg}");
        ok(omnir_op_remove_attribute(p, bad_rest, "tag".as_ptr().cast(), 3, null_mut()));
        ok(omnir_value_set_type(p, result(&cx, bad_rest, 0), i64t));
        fails(omnir_op_verify(p, module), OMNIR_ERROR_VERIFICATION_FAILED);
        ok(omnir_value_set_type(p, result(&cx, bad_rest, 0), i32t));
        ok(omnir_op_remove_attribute(p, bad_rest, "n".as_ptr().cast(), 1, null_mut()));
        let msg = fails(omnir_op_verify(p, module), OMNIR_ERROR_VERIFICATION_FAILED);
        assert!(msg.contains("'n'"), "{msg}");
        ok(omnir_op_erase(p, bad_rest, OMNIR_ERASE_REQUIRE_NO_USES));
        ok(omnir_op_verify(p, module));

        // Bad definitions are refused, register nothing and free nothing.
        let before = freed.load(Ordering::SeqCst);
        let mut bad = op_def("cdl.bad");
        bad.traits = 1 << 30;
        fails(omnir_dialect_register_operation(p, &bad), OMNIR_ERROR_INVALID_ARGUMENT);
        let mut bad = op_def("cdl.bad");
        let weird =
            [omnir_value_spec { name: "x".as_ptr().cast(), name_len: 1, arity: 7, constraint: type_constraint(0) }];
        bad.operands = weird.as_ptr();
        bad.num_operands = 1;
        fails(omnir_dialect_register_operation(p, &bad), OMNIR_ERROR_INVALID_ARGUMENT);
        let mut bad = op_def("cdl.bad");
        let mut pred_ud = type_constraint(OMNIR_TYPE_CONSTRAINT_PREDICATE);
        pred_ud.predicate = Some(is_exact_type);
        pred_ud.user_data = owned(&freed, 0);
        pred_ud.free_user_data = Some(free_owned);
        let weird = [
            omnir_value_spec { name: "x".as_ptr().cast(), name_len: 1, arity: 0, constraint: pred_ud },
            omnir_value_spec { name: "y".as_ptr().cast(), name_len: 1, arity: 0, constraint: type_constraint(99) },
        ];
        bad.operands = weird.as_ptr();
        bad.num_operands = 2;
        fails(omnir_dialect_register_operation(p, &bad), OMNIR_ERROR_INVALID_ARGUMENT);
        assert_eq!(freed.load(Ordering::SeqCst), before, "the predicate's user data was given back");
        // SAFETY: still ours.
        unsafe { free_owned(pred_ud.user_data) };
        let before = freed.load(Ordering::SeqCst);
        let mut cyc = type_constraint(OMNIR_TYPE_CONSTRAINT_ONE_OF);
        cyc.num_one_of = 1;
        cyc.one_of = &cyc;
        let cyc_spec = [omnir_value_spec { name: "x".as_ptr().cast(), name_len: 1, arity: 0, constraint: cyc }];
        let mut bad = op_def("cdl.bad");
        bad.operands = cyc_spec.as_ptr();
        bad.num_operands = 1;
        fails(omnir_dialect_register_operation(p, &bad), OMNIR_ERROR_INVALID_ARGUMENT);
        let mut bad = op_def("nodialect.op");
        fails(omnir_dialect_register_operation(p, &bad), OMNIR_ERROR_NOT_REGISTERED);
        bad.name = b"cdl.\xff".as_ptr().cast();
        bad.name_len = 5;
        fails(omnir_dialect_register_operation(p, &bad), OMNIR_ERROR_INVALID_UTF8);
        fails(omnir_dialect_register_operation(p, null()), OMNIR_ERROR_NULL_ARGUMENT);
        ok(omnir_dialect_is_operation_registered(p, "cdl.bad".as_ptr().cast(), 7, &mut yes));
        assert!(!yes);
        assert_eq!(freed.load(Ordering::SeqCst), before);

        // A type implementing MemRefElementTypeInterface through a C vtable.
        let memref_iface = typeid("builtin.MemRefElementTypeInterface");
        let bits_ud = Box::into_raw(Box::new(100u32)) as *mut c_void;
        let elem_ifaces = [omnir_interface_impl {
            interface: memref_iface,
            vtable: &BITS_VTABLE as *const BitsVtable as *const c_void,
            user_data: bits_ud,
            free_user_data: None,
        }];
        let params = [view("bits")];
        let mut tdef = type_def("cdl", "elem", &params);
        tdef.verify = Some(verify_elem_params);
        tdef.interfaces = elem_ifaces.as_ptr();
        tdef.num_interfaces = 1;
        let mut elem_def = 0;
        ok(omnir_dialect_register_type(p, &tdef, &mut elem_def));
        let mut plain_def = 0;
        ok(omnir_dialect_register_type(p, &type_def("cdl", "plain", &[]), &mut plain_def));
        fails(omnir_dialect_register_type(p, &tdef, &mut 0), OMNIR_ERROR_ALREADY_EXISTS);
        fails(omnir_dialect_register_type(p, &type_def("nope", "x", &[]), &mut 0), OMNIR_ERROR_NOT_REGISTERED);
        let mut id = 99;
        ok(omnir_dialect_lookup_type(p, "cdl.elem".as_ptr().cast(), 8, &mut id));
        assert_eq!(id, elem_def);
        fails(omnir_dialect_lookup_type(p, "cdl.zzz".as_ptr().cast(), 7, &mut id), OMNIR_ERROR_NOT_REGISTERED);
        assert_eq!(count(|n| omnir_dialect_definition_get_num_params(p, elem_def, false, n)), 1);
        let mut pn = empty_string();
        ok(omnir_dialect_definition_get_param_name(p, elem_def, false, 0, &mut pn));
        assert_eq!(take(pn), "bits");
        fails(
            omnir_dialect_definition_get_param_name(p, elem_def, false, 1, &mut empty_string()),
            OMNIR_ERROR_OUT_OF_RANGE,
        );
        fails(omnir_dialect_definition_get_num_params(p, 999, false, &mut 0), OMNIR_ERROR_INVALID_ARGUMENT);

        let mut elem = omnir_type::default();
        let eight = cx.int_attr(8);
        ok(omnir_core::api::types::omnir_dialect_type_get(p, elem_def, &eight, 1, &mut elem));
        let zero = cx.int_attr(0);
        let msg = fails(
            omnir_core::api::types::omnir_dialect_type_get(p, elem_def, &zero, 1, &mut omnir_type::default()),
            OMNIR_ERROR_VERIFICATION_FAILED,
        );
        assert!(msg.contains("'bits' must be a positive integer"), "{msg}");
        let mut plain = omnir_type::default();
        ok(omnir_core::api::types::omnir_dialect_type_get(p, plain_def, null(), 0, &mut plain));

        // The memref constructor asks the registry: the C type is accepted, the plain one not.
        let shape = [4i64];
        let mut memref = omnir_type::default();
        let none = omnir_attribute::default();
        ok(omnir_core::api::types::omnir_memref_type_get(p, shape.as_ptr(), 1, elem, none, none, &mut memref));
        assert_eq!(
            cx.core(|c| omnir_core::asm::print_type(c, c.type_from_raw(memref.id).unwrap())),
            "memref<4x!cdl.elem<8 : i32>>"
        );
        fails(
            omnir_core::api::types::omnir_memref_type_get(p, shape.as_ptr(), 1, plain, none, none, &mut memref),
            OMNIR_ERROR_INVALID_ARGUMENT,
        );

        // Other languages get the vtable back and call the C method.
        let (mut vt, mut ud) = (null(), null_mut());
        ok(omnir_type_get_interface(p, elem, memref_iface, &mut vt, &mut ud));
        assert_eq!((vt, ud), (&BITS_VTABLE as *const BitsVtable as *const c_void, bits_ud));
        // SAFETY: the vtable registered above.
        assert_eq!(unsafe { ((*(vt as *const BitsVtable)).bits)(ud, p, elem) }, 108);
        ok(omnir_type_get_interface(p, i32t, memref_iface, &mut vt, &mut ud));
        assert!(vt.is_null() && ud.is_null(), "builtin types implement it natively");
        fails(omnir_type_get_interface(p, plain, memref_iface, &mut vt, &mut ud), OMNIR_ERROR_NOT_REGISTERED);
        fails(omnir_type_get_interface(p, elem, 0xffff_fff0, &mut vt, &mut ud), OMNIR_ERROR_INVALID_ARGUMENT);

        // External models: attach an interface to builtin integers, then replace it.
        let size_iface = typeid("cdl.SizeInterface");
        let first = omnir_interface_impl {
            interface: size_iface,
            vtable: &OWNED_VTABLE as *const BitsVtable as *const c_void,
            user_data: owned(&freed, 32),
            free_user_data: Some(free_owned),
        };
        let before = freed.load(Ordering::SeqCst);
        ok(omnir_context_attach_interface(p, typeid("builtin.integer"), &first));
        ok(omnir_type_get_interface(p, i64t, size_iface, &mut vt, &mut ud));
        // SAFETY: the vtable attached above.
        assert_eq!(unsafe { ((*(vt as *const BitsVtable)).bits)(ud, p, i64t) }, 32);
        fails(omnir_type_get_interface(p, f32t, size_iface, &mut vt, &mut ud), OMNIR_ERROR_NOT_REGISTERED);
        let second = omnir_interface_impl { user_data: owned(&freed, 64), ..first };
        ok(omnir_context_attach_interface(p, typeid("builtin.integer"), &second));
        assert_eq!(freed.load(Ordering::SeqCst), before + 1, "the replaced model's user data is freed");
        ok(omnir_type_get_interface(p, i32t, size_iface, &mut vt, &mut ud));
        // SAFETY: as above.
        assert_eq!(unsafe { ((*(vt as *const BitsVtable)).bits)(ud, p, i32t) }, 64);
        let third = omnir_interface_impl { user_data: owned(&freed, 1), ..first };
        fails(omnir_context_attach_interface(p, 0xffff_fff0, &third), OMNIR_ERROR_INVALID_ARGUMENT);
        assert_eq!(freed.load(Ordering::SeqCst), before + 1, "a failed attach frees nothing");
        // SAFETY: still ours.
        unsafe { free_owned(third.user_data) };
        fails(omnir_context_attach_interface(p, size_iface, null()), OMNIR_ERROR_NULL_ARGUMENT);

        // An attribute kind with an interface.
        let attr_params = [view("name")];
        let color_iface = [omnir_interface_impl {
            interface: typeid("cdl.ColorInterface"),
            vtable: &OWNED_VTABLE as *const BitsVtable as *const c_void,
            user_data: owned(&freed, 7),
            free_user_data: Some(free_owned),
        }];
        let mut adef = type_def("cdl", "color", &attr_params);
        adef.interfaces = color_iface.as_ptr();
        adef.num_interfaces = 1;
        let mut color_def = 0;
        ok(omnir_dialect_register_attribute(p, &adef, &mut color_def));
        ok(omnir_dialect_lookup_attribute(p, "cdl.color".as_ptr().cast(), 9, &mut id));
        assert_eq!(id, color_def);
        assert_eq!(count(|n| omnir_dialect_definition_get_num_params(p, color_def, true, n)), 1);
        let red = cx.str_attr("red");
        let mut color = omnir_attribute::default();
        ok(omnir_core::api::attributes::omnir_dialect_attr_get(p, color_def, &red, 1, &mut color));
        ok(omnir_attribute_get_interface(p, color, typeid("cdl.ColorInterface"), &mut vt, &mut ud));
        // SAFETY: as above.
        assert_eq!(unsafe { ((*(vt as *const BitsVtable)).bits)(ud, p, i32t) }, 7);
        fails(
            omnir_attribute_get_interface(p, red, typeid("cdl.ColorInterface"), &mut vt, &mut ud),
            OMNIR_ERROR_NOT_REGISTERED,
        );

        // A failed message set (invalid UTF-8, stale message pointer) is reported.
        fails(omnir_callback_message_set(null_mut(), null(), 0), OMNIR_ERROR_NULL_ARGUMENT);

        ok(omnir_op_erase(p, module, OMNIR_ERASE_REQUIRE_NO_USES));
        // SAFETY: registered without a free function: still ours, after the context.
        let _keep = bits_ud;
        let before_destroy = freed.load(Ordering::SeqCst);
        assert_eq!(before_destroy, before + 1 + 1, "{before_destroy}");
        drop(cx);
        // The op interface, the tag predicate, the attached model and the color interface.
        assert_eq!(freed.load(Ordering::SeqCst), before_destroy + 4);
        // SAFETY: made by Box::into_raw above; omnir never frees user data without a free fn.
        unsafe { drop(Box::from_raw(bits_ud as *mut u32)) };
    }
    drop(i64_holder);
    drop(log);
}

// ---------------------------------------------------------------------------------------
// the misuse matrix: every failing call returns the right status with a message and leaves
// the IR (printed, and the live entity counts) exactly as it was

/// Asserts that `$call` fails with `$status`, records a message and changes nothing.
macro_rules! refuse {
    ($cx:expr, $root:expr, $status:expr, $call:expr) => {{
        let before = $cx.snapshot($root);
        let s = $call;
        let msg = last_msg();
        assert_eq!(s, $status, "{} -> {msg}", stringify!($call));
        assert!(!msg.is_empty(), "{} gave no message", stringify!($call));
        assert_eq!($cx.snapshot($root), before, "{} changed the IR", stringify!($call));
    }};
}

struct Misuse {
    cx: Ctx,
    other: Ctx,
    f: Func,
    /// Handles to erased IR.
    stale_op: omnir_op,
    stale_block: omnir_block,
    stale_region: omnir_region,
    stale_value: omnir_value,
    stale_arg: omnir_value,
    /// Handles from another context.
    foreign_op: omnir_op,
    foreign_block: omnir_block,
    foreign_region: omnir_region,
    foreign_value: omnir_value,
    foreign_type: omnir_type,
    foreign_attr: omnir_attribute,
    foreign_loc: omnir_location,
}

fn misuse_fixture() -> Misuse {
    let cx = Ctx::new();
    let f = build_func(&cx);
    let i32t = cx.i32();
    let gone = mk(&cx, "test.gone", &[], &[i32t], 1, &[]);
    let stale_region = region(&cx, gone, 0);
    let gb = block(&cx, &[i32t]);
    ok(omnir_region_append_block(cx.p(), stale_region, gb));
    let stale_value = result(&cx, gone, 0);
    let stale_arg = arg(&cx, gb, 0);
    ok(omnir_op_erase(cx.p(), gone, OMNIR_ERASE_REQUIRE_NO_USES));
    let other = Ctx::new();
    let of = build_func(&other);
    Misuse {
        foreign_op: of.add,
        foreign_block: of.entry,
        foreign_region: region(&other, of.func, 0),
        foreign_value: result(&other, of.add, 0),
        foreign_type: other.i32(),
        foreign_attr: other.int_attr(1),
        foreign_loc: other.loc(),
        cx,
        other,
        f,
        stale_op: gone,
        stale_block: gb,
        stale_region,
        stale_value,
        stale_arg,
    }
}

#[test]
fn misuse_null_pointers() {
    let m = misuse_fixture();
    let (cx, f) = (&m.cx, &m.f);
    let p = cx.p();
    let root = f.module;
    let nc: *mut omnir_context = null_mut();
    let i32t = cx.i32();
    let (mut o, mut b) = (omnir_op::default(), omnir_block::default());
    let (mut n, mut yes, mut u) = (0usize, false, 0u32);
    let mut s = empty_string();
    use omnir_status::OMNIR_ERROR_NULL_ARGUMENT as NULL;

    // NULL context
    refuse!(cx, root, NULL, omnir_op_get_name(nc, f.add, &mut s));
    refuse!(cx, root, NULL, omnir_op_get_num_operands(nc, f.add, &mut n));
    refuse!(cx, root, NULL, omnir_op_set_operand(nc, f.br, 0, result(cx, f.add, 0)));
    refuse!(cx, root, NULL, omnir_op_insert(nc, f.add, end(f.bb1)));
    refuse!(cx, root, NULL, omnir_op_move(nc, f.add, end(f.bb1)));
    refuse!(cx, root, NULL, omnir_op_detach(nc, f.add));
    refuse!(cx, root, NULL, omnir_op_erase(nc, f.br, OMNIR_ERASE_REQUIRE_NO_USES));
    refuse!(cx, root, NULL, omnir_op_clone(nc, f.func, &mut o));
    refuse!(cx, root, NULL, omnir_op_verify(nc, root));
    refuse!(cx, root, NULL, omnir_block_create(nc, &i32t, &cx.loc(), 1, &mut b));
    refuse!(cx, root, NULL, omnir_block_erase(nc, f.bb1));
    refuse!(cx, root, NULL, omnir_value_replace_all_uses_with(nc, arg(cx, f.entry, 0), arg(cx, f.entry, 1)));
    refuse!(cx, root, NULL, omnir_region_append_block(nc, region(cx, f.func, 0), f.bb1));
    refuse!(cx, root, NULL, omnir_op_walk(nc, root, 0, Some(walk_cb), null_mut(), null_mut()));
    refuse!(cx, root, NULL, omnir_symbol_lookup_in(nc, root, "f".as_ptr().cast(), 1, &mut o));
    refuse!(cx, root, NULL, omnir_dialect_register(nc, "x".as_ptr().cast(), 1, false));
    refuse!(cx, root, NULL, omnir_operation_create(nc, null_mut(), &mut o));

    // NULL out-pointers: mutating calls refuse before changing anything
    refuse!(cx, root, NULL, omnir_op_clone(p, f.func, null_mut()));
    refuse!(cx, root, NULL, omnir_block_create(p, &i32t, &cx.loc(), 1, null_mut()));
    refuse!(cx, root, NULL, omnir_block_add_argument(p, f.bb1, i32t, cx.loc(), null_mut()));
    let st = state(cx, "test.x");
    refuse!(cx, root, NULL, omnir_operation_create(p, st, null_mut()));
    refuse!(cx, root, NULL, omnir_operation_create(p, null_mut(), &mut o));
    refuse!(cx, root, NULL, omnir_operation_state_create("x".as_ptr().cast(), 1, cx.loc(), null_mut()));
    refuse!(cx, root, NULL, omnir_operation_state_add_operands(st, null(), 1));
    refuse!(cx, root, NULL, omnir_operation_state_add_results(st, null(), 1));
    refuse!(cx, root, NULL, omnir_operation_state_add_successors(st, null(), 1));
    refuse!(cx, root, NULL, omnir_operation_state_add_attribute(null_mut(), "a".as_ptr().cast(), 1, cx.int_attr(1)));
    refuse!(cx, root, NULL, omnir_symbol_table_create(p, root, null_mut()));
    refuse!(cx, root, NULL, omnir_dialect_register_type(p, null(), &mut u));
    refuse!(cx, root, NULL, omnir_op_set_operands(p, f.br, null(), 1));
    refuse!(cx, root, NULL, omnir_op_replace_all_uses_with(p, f.add, null(), 1));
    // NULL out-pointers of queries
    refuse!(cx, root, NULL, omnir_op_get_name(p, f.add, null_mut()));
    refuse!(cx, root, NULL, omnir_op_get_location(p, f.add, null_mut()));
    refuse!(cx, root, NULL, omnir_op_is_registered(p, f.add, null_mut()));
    refuse!(cx, root, NULL, omnir_op_get_operand(p, f.add, 0, null_mut()));
    refuse!(cx, root, NULL, omnir_op_get_operands(p, f.add, null_mut(), 0, null_mut()));
    refuse!(cx, root, NULL, omnir_op_get_operands(p, f.add, null_mut(), 2, &mut n));
    refuse!(cx, root, NULL, omnir_op_get_attribute_at(p, f.func, 0, &mut s, null_mut()));
    refuse!(cx, root, NULL, omnir_op_get_parent_op(p, f.add, null_mut()));
    refuse!(cx, root, NULL, omnir_block_get_first_op(p, f.entry, null_mut()));
    refuse!(cx, root, NULL, omnir_region_get_num_blocks(p, region(cx, f.func, 0), null_mut()));
    refuse!(cx, root, NULL, omnir_value_get_type(p, arg(cx, f.entry, 0), null_mut()));
    refuse!(cx, root, NULL, omnir_value_get_uses(p, arg(cx, f.entry, 0), null_mut(), 1, &mut n));
    refuse!(cx, root, NULL, omnir_op_get_symbol_name(p, f.func, null_mut()));
    let scope = op_scope(root);
    refuse!(cx, root, NULL, omnir_symbol_get_uses(p, null(), scope, null_mut(), 0, &mut n, null_mut()));
    refuse!(cx, root, NULL, omnir_symbol_known_use_empty(p, null(), scope, &mut yes));
    refuse!(cx, root, NULL, omnir_symbol_replace_all_uses(p, null(), "x".as_ptr().cast(), 1, scope));
    refuse!(cx, root, NULL, omnir_type_get_interface(nc, i32t, 0, null_mut(), null_mut()));
    refuse!(cx, root, NULL, omnir_op_set_attribute(p, f.add, null(), 3, cx.int_attr(1)));
    refuse!(cx, root, NULL, omnir_op_get_operand_group(p, f.add, 0, null_mut()));
    ok(omnir_operation_state_destroy(st));
}

#[test]
fn misuse_zeroed_stale_and_foreign_handles() {
    let m = misuse_fixture();
    let (cx, f) = (&m.cx, &m.f);
    let p = cx.p();
    let root = f.module;
    let (mut o, mut b, mut r, mut v, mut t, mut l) = (
        omnir_op::default(),
        omnir_block::default(),
        omnir_region::default(),
        omnir_value::default(),
        omnir_type::default(),
        omnir_location::default(),
    );
    let (mut n, mut yes) = (0usize, false);
    let mut s = empty_string();
    let z_op = omnir_op::default();
    let z_block = omnir_block::default();
    let z_region = omnir_region::default();
    let z_value = omnir_value::default();
    let sum = result(cx, f.add, 0);
    let loose = mk(cx, "test.loose", &[], &[], 0, &[]);
    use omnir_status::{
        OMNIR_ERROR_INVALID_ARGUMENT as INVALID, OMNIR_ERROR_STALE_HANDLE as STALE, OMNIR_ERROR_WRONG_CONTEXT as WRONG,
    };

    // Every entity query and mutation, with zeroed (INVALID), stale and foreign handles.
    for (op, status) in [(z_op, INVALID), (m.stale_op, STALE), (m.foreign_op, WRONG)] {
        refuse!(cx, root, status, omnir_op_get_name(p, op, &mut s));
        if status == STALE {
            ok(omnir_op_is_live(p, op, &mut yes));
            assert!(!yes, "a stale handle is not an error for is_live: the answer is no");
        } else {
            refuse!(cx, root, status, omnir_op_is_live(p, op, &mut yes));
        }
        refuse!(cx, root, status, omnir_op_get_location(p, op, &mut l));
        refuse!(cx, root, status, omnir_op_set_location(p, op, cx.loc()));
        refuse!(cx, root, status, omnir_op_is_registered(p, op, &mut yes));
        refuse!(cx, root, status, omnir_op_get_num_operands(p, op, &mut n));
        refuse!(cx, root, status, omnir_op_get_operand(p, op, 0, &mut v));
        refuse!(cx, root, status, omnir_op_get_operands(p, op, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_op_set_operand(p, op, 0, sum));
        refuse!(cx, root, status, omnir_op_set_operands(p, op, &sum, 1));
        refuse!(cx, root, status, omnir_op_get_num_results(p, op, &mut n));
        refuse!(cx, root, status, omnir_op_get_result(p, op, 0, &mut v));
        refuse!(cx, root, status, omnir_op_get_results(p, op, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_op_get_num_regions(p, op, &mut n));
        refuse!(cx, root, status, omnir_op_get_region(p, op, 0, &mut r));
        refuse!(cx, root, status, omnir_op_get_num_successors(p, op, &mut n));
        refuse!(cx, root, status, omnir_op_get_successor(p, op, 0, &mut b));
        refuse!(cx, root, status, omnir_op_set_successor(p, op, 0, f.bb1));
        refuse!(cx, root, status, omnir_op_get_num_attributes(p, op, &mut n));
        refuse!(cx, root, status, omnir_op_get_attribute_at(p, op, 0, &mut s, &mut omnir_attribute::default()));
        refuse!(
            cx,
            root,
            status,
            omnir_op_get_attribute(p, op, "a".as_ptr().cast(), 1, &mut omnir_attribute::default())
        );
        refuse!(
            cx,
            root,
            status,
            omnir_op_get_inherent_attribute(p, op, "a".as_ptr().cast(), 1, &mut omnir_attribute::default())
        );
        refuse!(cx, root, status, omnir_op_set_attribute(p, op, "a".as_ptr().cast(), 1, cx.int_attr(1)));
        refuse!(cx, root, status, omnir_op_remove_attribute(p, op, "a".as_ptr().cast(), 1, null_mut()));
        refuse!(cx, root, status, omnir_op_get_properties(p, op, &mut omnir_attribute::default()));
        refuse!(cx, root, status, omnir_op_set_properties(p, op, omnir_attribute::default()));
        refuse!(cx, root, status, omnir_op_get_parent_block(p, op, &mut b));
        refuse!(cx, root, status, omnir_op_get_parent_region(p, op, &mut r));
        refuse!(cx, root, status, omnir_op_get_parent_op(p, op, &mut o));
        refuse!(cx, root, status, omnir_op_get_root(p, op, &mut o));
        refuse!(cx, root, status, omnir_op_get_next(p, op, &mut o));
        refuse!(cx, root, status, omnir_op_get_prev(p, op, &mut o));
        refuse!(cx, root, status, omnir_op_is_ancestor(p, op, f.add, &mut yes));
        refuse!(cx, root, status, omnir_op_is_ancestor(p, root, op, &mut yes));
        refuse!(cx, root, status, omnir_op_insert(p, op, end(f.bb1)));
        refuse!(cx, root, status, omnir_op_insert(p, loose, before(op)));
        refuse!(cx, root, status, omnir_op_move(p, op, end(f.bb1)));
        refuse!(cx, root, status, omnir_op_move(p, f.add, after(op)));
        refuse!(cx, root, status, omnir_op_detach(p, op));
        refuse!(cx, root, status, omnir_op_erase(p, op, OMNIR_ERASE_DROP_USES));
        refuse!(cx, root, status, omnir_op_clone(p, op, &mut o));
        refuse!(cx, root, status, omnir_op_drop_all_references(p, op));
        refuse!(cx, root, status, omnir_op_replace_all_uses_with(p, op, &sum, 1));
        refuse!(cx, root, status, omnir_op_walk(p, op, 0, Some(walk_cb), null_mut(), null_mut()));
        refuse!(cx, root, status, omnir_op_verify(p, op));
        refuse!(cx, root, status, omnir_op_get_operand_groups(p, op, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_op_get_result_group(p, op, 0, &mut omnir_index_range::default()));
        refuse!(cx, root, status, omnir_value_replace_all_uses_except(p, sum, sum, op));
        refuse!(cx, root, status, omnir_op_get_symbol_name(p, op, &mut s));
        refuse!(cx, root, status, omnir_op_set_symbol_name(p, op, "x".as_ptr().cast(), 1));
        refuse!(cx, root, status, omnir_op_get_symbol_visibility(p, op, &mut 0));
        refuse!(cx, root, status, omnir_op_set_symbol_visibility(p, op, OMNIR_VISIBILITY_PRIVATE));
        refuse!(cx, root, status, omnir_op_is_symbol_table(p, op, &mut yes));
        refuse!(cx, root, status, omnir_op_get_nearest_symbol_table(p, op, &mut o));
        refuse!(cx, root, status, omnir_symbol_lookup_in(p, op, "f".as_ptr().cast(), 1, &mut o));
        refuse!(cx, root, status, omnir_symbol_lookup_ref_in(p, op, cx.sym_ref("f", &[]), &mut o));
        refuse!(cx, root, status, omnir_symbol_lookup_nearest_from(p, op, cx.sym_ref("f", &[]), &mut o));
        refuse!(cx, root, status, omnir_symbol_get_uses(p, null(), op_scope(op), null_mut(), 0, &mut n, &mut yes));
        if op != z_op {
            refuse!(
                cx,
                root,
                status,
                omnir_symbol_get_uses(p, &by_op(op), op_scope(root), null_mut(), 0, &mut n, &mut yes)
            );
        }
        refuse!(cx, root, status, omnir_symbol_known_use_empty(p, &by_name("f"), op_scope(op), &mut yes));
        refuse!(
            cx,
            root,
            status,
            omnir_symbol_replace_all_uses(p, &by_name("f"), "g".as_ptr().cast(), 1, op_scope(op))
        );
        refuse!(cx, root, status, omnir_symbol_table_create(p, op, &mut null_mut()));
        refuse!(cx, root, status, omnir_op_implements_interface(p, op, typeid("x.y"), &mut yes));
        refuse!(cx, root, status, omnir_op_get_interface(p, op, typeid("x.y"), null_mut(), null_mut()));
    }

    for (blk, status) in [(z_block, INVALID), (m.stale_block, STALE), (m.foreign_block, WRONG)] {
        refuse!(cx, root, status, omnir_block_get_num_arguments(p, blk, &mut n));
        refuse!(cx, root, status, omnir_block_get_argument(p, blk, 0, &mut v));
        refuse!(cx, root, status, omnir_block_get_arguments(p, blk, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_block_add_argument(p, blk, cx.i32(), cx.loc(), &mut v));
        refuse!(cx, root, status, omnir_block_erase_argument(p, blk, 0));
        refuse!(cx, root, status, omnir_block_get_parent_region(p, blk, &mut r));
        refuse!(cx, root, status, omnir_block_get_parent_op(p, blk, &mut o));
        refuse!(cx, root, status, omnir_block_get_first_op(p, blk, &mut o));
        refuse!(cx, root, status, omnir_block_get_last_op(p, blk, &mut o));
        refuse!(cx, root, status, omnir_block_get_num_ops(p, blk, &mut n));
        refuse!(cx, root, status, omnir_block_get_ops(p, blk, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_block_get_next(p, blk, &mut b));
        refuse!(cx, root, status, omnir_block_get_prev(p, blk, &mut b));
        refuse!(cx, root, status, omnir_block_get_num_predecessors(p, blk, &mut n));
        refuse!(cx, root, status, omnir_block_get_predecessor(p, blk, 0, &mut omnir_block_operand::default()));
        refuse!(cx, root, status, omnir_block_get_predecessors(p, blk, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_block_get_num_successors(p, blk, &mut n));
        refuse!(cx, root, status, omnir_block_get_successor(p, blk, 0, &mut b));
        refuse!(cx, root, status, omnir_block_detach(p, blk));
        refuse!(cx, root, status, omnir_block_erase(p, blk));
        refuse!(cx, root, status, omnir_region_append_block(p, region(cx, f.func, 0), blk));
        refuse!(cx, root, status, omnir_region_insert_block_before(p, region(cx, f.func, 0), blk, f.bb1));
        refuse!(cx, root, status, omnir_region_insert_block_after(p, region(cx, f.func, 0), f.bb1, blk));
        refuse!(cx, root, status, omnir_op_set_successor(p, f.br, 0, blk));
        refuse!(cx, root, status, omnir_op_insert(p, loose, start(blk)));
        refuse!(cx, root, status, omnir_op_move(p, f.add, end(blk)));
        let st = state(cx, "test.x");
        if status == STALE {
            // Staleness is found when the op is created.
            ok(omnir_operation_state_add_successors(st, &blk, 1));
            refuse!(cx, root, status, omnir_operation_create(p, st, &mut o));
        } else {
            refuse!(cx, root, status, omnir_operation_state_add_successors(st, &blk, 1));
        }
        ok(omnir_operation_state_destroy(st));
    }

    for (reg, status) in [(z_region, INVALID), (m.stale_region, STALE), (m.foreign_region, WRONG)] {
        refuse!(cx, root, status, omnir_region_get_parent_op(p, reg, &mut o));
        refuse!(cx, root, status, omnir_region_get_number(p, reg, &mut n));
        refuse!(cx, root, status, omnir_region_get_num_blocks(p, reg, &mut n));
        refuse!(cx, root, status, omnir_region_get_block(p, reg, 0, &mut b));
        refuse!(cx, root, status, omnir_region_get_blocks(p, reg, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_region_get_first_block(p, reg, &mut b));
        refuse!(cx, root, status, omnir_region_get_last_block(p, reg, &mut b));
        let nb = block(cx, &[]);
        refuse!(cx, root, status, omnir_region_append_block(p, reg, nb));
        refuse!(cx, root, status, omnir_region_insert_block_before(p, reg, f.bb1, nb));
        refuse!(cx, root, status, omnir_region_insert_block_after(p, reg, f.bb1, nb));
        ok(omnir_block_erase(p, nb));
        let scope = omnir_symbol_scope { op: z_op, region: reg };
        refuse!(cx, root, status, omnir_symbol_get_uses(p, null(), scope, null_mut(), 0, &mut n, &mut yes));
    }

    for (val, status) in [(z_value, INVALID), (m.stale_value, STALE), (m.stale_arg, STALE), (m.foreign_value, WRONG)] {
        refuse!(cx, root, status, omnir_value_get_type(p, val, &mut t));
        refuse!(cx, root, status, omnir_value_set_type(p, val, cx.i64()));
        refuse!(cx, root, status, omnir_value_get_location(p, val, &mut l));
        refuse!(cx, root, status, omnir_value_is_block_argument(p, val, &mut yes));
        refuse!(cx, root, status, omnir_value_is_op_result(p, val, &mut yes));
        refuse!(cx, root, status, omnir_value_get_number(p, val, &mut 0));
        refuse!(cx, root, status, omnir_value_get_defining_op(p, val, &mut o));
        refuse!(cx, root, status, omnir_value_get_owner_block(p, val, &mut b));
        refuse!(cx, root, status, omnir_value_get_parent_block(p, val, &mut b));
        refuse!(cx, root, status, omnir_value_get_num_uses(p, val, &mut n));
        refuse!(cx, root, status, omnir_value_get_use(p, val, 0, &mut omnir_op_operand::default()));
        refuse!(cx, root, status, omnir_value_get_uses(p, val, null_mut(), 0, &mut n));
        refuse!(cx, root, status, omnir_value_replace_all_uses_with(p, val, sum));
        refuse!(cx, root, status, omnir_value_replace_all_uses_with(p, sum, val));
        refuse!(cx, root, status, omnir_value_replace_all_uses_except(p, val, sum, f.br));
        refuse!(cx, root, status, omnir_value_replace_all_uses_except(p, sum, val, f.br));
        refuse!(cx, root, status, omnir_value_drop_all_uses(p, val));
        refuse!(cx, root, status, omnir_op_set_operand(p, f.br, 0, val));
        refuse!(cx, root, status, omnir_op_set_operands(p, f.br, &val, 1));
        refuse!(cx, root, status, omnir_op_replace_all_uses_with(p, f.add, &val, 1));
    }
    let mut live = true;
    ok(omnir_value_is_live(p, m.stale_value, &mut live));
    assert!(!live);
    ok(omnir_block_is_live(p, m.stale_block, &mut live));
    assert!(!live);

    // Types, attributes and locations of another context (or unknown ids).
    let bogus_type = omnir_type { context: cx.serial(), id: 0x7fff_ffff };
    for (ty, status) in [(m.foreign_type, WRONG), (bogus_type, INVALID), (omnir_type::default(), INVALID)] {
        refuse!(cx, root, status, omnir_value_set_type(p, sum, ty));
        refuse!(cx, root, status, omnir_block_add_argument(p, f.bb1, ty, cx.loc(), &mut v));
        refuse!(cx, root, status, omnir_block_create(p, &ty, &cx.loc(), 1, &mut b));
        refuse!(cx, root, status, omnir_type_get_interface(p, ty, typeid("x.y"), null_mut(), null_mut()));
    }
    for (attr, status) in
        [(m.foreign_attr, WRONG), (omnir_attribute { context: cx.serial(), id: 0x7fff_ffff }, INVALID)]
    {
        refuse!(cx, root, status, omnir_op_set_attribute(p, f.add, "a".as_ptr().cast(), 1, attr));
        refuse!(cx, root, status, omnir_op_set_properties(p, f.add, attr));
        refuse!(cx, root, status, omnir_symbol_lookup_ref_in(p, root, attr, &mut o));
        refuse!(cx, root, status, omnir_attribute_get_interface(p, attr, typeid("x.y"), null_mut(), null_mut()));
    }
    refuse!(cx, root, INVALID, omnir_op_set_attribute(p, f.add, "a".as_ptr().cast(), 1, omnir_attribute::default()));
    for (loc, status) in
        [(m.foreign_loc, WRONG), (omnir_location { context: cx.serial(), id: cx.int_attr(3).id }, INVALID)]
    {
        refuse!(cx, root, status, omnir_op_set_location(p, f.add, loc));
        refuse!(cx, root, status, omnir_block_add_argument(p, f.bb1, cx.i32(), loc, &mut v));
        refuse!(cx, root, status, omnir_block_create(p, &cx.i32(), &loc, 1, &mut b));
    }

    // The state builder refuses handles of another context when they are added.
    let st = state(cx, "test.x");
    refuse!(cx, root, WRONG, omnir_operation_state_add_operands(st, &m.foreign_value, 1));
    refuse!(cx, root, WRONG, omnir_operation_state_set_operands(st, &m.foreign_value, 1));
    refuse!(cx, root, WRONG, omnir_operation_state_add_results(st, &m.foreign_type, 1));
    refuse!(cx, root, WRONG, omnir_operation_state_add_attribute(st, "a".as_ptr().cast(), 1, m.foreign_attr));
    refuse!(cx, root, WRONG, omnir_operation_state_set_properties(st, m.foreign_attr));
    refuse!(cx, root, WRONG, omnir_operation_state_set_location(st, m.foreign_loc));
    refuse!(cx, root, INVALID, omnir_operation_state_add_operands(st, &z_value, 1));
    refuse!(cx, root, INVALID, omnir_operation_state_add_results(st, &omnir_type::default(), 1));
    refuse!(
        cx,
        root,
        INVALID,
        omnir_operation_state_add_attribute(st, "a".as_ptr().cast(), 1, omnir_attribute::default())
    );
    refuse!(cx, root, WRONG, omnir_operation_create(m.other.p(), st, &mut o));
    refuse!(
        cx,
        root,
        INVALID,
        omnir_operation_state_create("x".as_ptr().cast(), 1, omnir_location::default(), &mut null_mut())
    );
    refuse!(cx, root, INVALID, omnir_operation_state_create("".as_ptr().cast(), 0, cx.loc(), &mut null_mut()));
    let mut garbage = [0u64; 64];
    let gp = garbage.as_mut_ptr() as *mut omnir_operation_state;
    refuse!(cx, root, INVALID, omnir_operation_state_add_operands(gp, &sum, 1));
    refuse!(cx, root, INVALID, omnir_operation_create(p, gp, &mut o));
    refuse!(cx, root, INVALID, omnir_operation_state_destroy(gp));
    // Nothing was added by the refused calls: the state still makes a bare op.
    ok(omnir_operation_create(p, st, &mut o));
    assert_eq!(cx.print_plain(o), "\"test.x\"() : () -> ()\n");
    ok(omnir_op_erase(p, o, OMNIR_ERASE_REQUIRE_NO_USES));
    ok(omnir_operation_state_destroy(st));
}

#[test]
fn misuse_out_of_range_utf8_and_wrong_kinds() {
    let m = misuse_fixture();
    let (cx, f) = (&m.cx, &m.f);
    let p = cx.p();
    let root = f.module;
    let (mut o, mut b, mut v) = (omnir_op::default(), omnir_block::default(), omnir_value::default());
    let (mut n, mut yes) = (0usize, false);
    let mut s = empty_string();
    let sum = result(cx, f.add, 0);
    let fr = region(cx, f.func, 0);
    use omnir_status::{
        OMNIR_ERROR_INVALID_ARGUMENT as INVALID, OMNIR_ERROR_INVALID_UTF8 as UTF8, OMNIR_ERROR_OUT_OF_RANGE as OOR,
    };

    // out-of-range indices
    refuse!(cx, root, OOR, omnir_op_get_operand(p, f.add, 2, &mut v));
    refuse!(cx, root, OOR, omnir_op_set_operand(p, f.add, 2, sum));
    refuse!(cx, root, OOR, omnir_op_get_result(p, f.add, 1, &mut v));
    refuse!(cx, root, OOR, omnir_op_get_region(p, f.add, 0, &mut omnir_region::default()));
    refuse!(cx, root, OOR, omnir_op_get_successor(p, f.cond_br, 2, &mut b));
    refuse!(cx, root, OOR, omnir_op_set_successor(p, f.cond_br, 2, f.bb1));
    refuse!(cx, root, OOR, omnir_op_get_attribute_at(p, f.func, 1, &mut s, &mut omnir_attribute::default()));
    refuse!(cx, root, OOR, omnir_block_get_argument(p, f.entry, 2, &mut v));
    refuse!(cx, root, OOR, omnir_block_erase_argument(p, f.bb1, 0));
    refuse!(cx, root, OOR, omnir_block_get_predecessor(p, f.bb1, 1, &mut omnir_block_operand::default()));
    refuse!(cx, root, OOR, omnir_block_get_successor(p, f.bb1, 1, &mut b));
    refuse!(cx, root, OOR, omnir_region_get_block(p, fr, 3, &mut b));
    refuse!(cx, root, OOR, omnir_value_get_use(p, sum, 2, &mut omnir_op_operand::default()));
    let st = state(cx, "t.x");
    refuse!(cx, root, OOR, omnir_operation_state_set_num_regions(st, usize::MAX));
    ok(omnir_operation_state_destroy(st));

    // invalid UTF-8
    let bad = b"ab\xffcd";
    refuse!(cx, root, UTF8, omnir_operation_state_create(bad.as_ptr().cast(), 5, cx.loc(), &mut null_mut()));
    let st = state(cx, "test.x");
    refuse!(cx, root, UTF8, omnir_operation_state_add_attribute(st, bad.as_ptr().cast(), 5, cx.int_attr(1)));
    refuse!(cx, root, UTF8, omnir_op_get_attribute(p, f.add, bad.as_ptr().cast(), 5, &mut omnir_attribute::default()));
    refuse!(
        cx,
        root,
        UTF8,
        omnir_op_get_inherent_attribute(p, f.add, bad.as_ptr().cast(), 5, &mut omnir_attribute::default())
    );
    refuse!(cx, root, UTF8, omnir_op_set_attribute(p, f.add, bad.as_ptr().cast(), 5, cx.int_attr(1)));
    refuse!(cx, root, UTF8, omnir_op_remove_attribute(p, f.add, bad.as_ptr().cast(), 5, null_mut()));
    refuse!(cx, root, UTF8, omnir_op_set_symbol_name(p, f.func, bad.as_ptr().cast(), 5));
    refuse!(cx, root, UTF8, omnir_symbol_lookup_in(p, root, bad.as_ptr().cast(), 5, &mut o));
    let bad_target = omnir_symbol_target { name: bad.as_ptr().cast(), name_len: 5, op: omnir_op::default() };
    refuse!(cx, root, UTF8, omnir_symbol_known_use_empty(p, &bad_target, op_scope(root), &mut yes));
    refuse!(cx, root, UTF8, omnir_symbol_replace_all_uses(p, &by_name("f"), bad.as_ptr().cast(), 5, op_scope(root)));
    refuse!(cx, root, UTF8, omnir_dialect_register(p, bad.as_ptr().cast(), 5, false));
    refuse!(cx, root, UTF8, omnir_dialect_is_registered(p, bad.as_ptr().cast(), 5, &mut yes));
    refuse!(cx, root, UTF8, omnir_dialect_lookup_type(p, bad.as_ptr().cast(), 5, &mut 0));
    let mut t = null_mut();
    ok(omnir_symbol_table_create(p, root, &mut t));
    refuse!(cx, root, UTF8, omnir_symbol_table_lookup(p, t, bad.as_ptr().cast(), 5, &mut o));
    refuse!(cx, root, UTF8, omnir_symbol_table_rename(p, t, f.func, bad.as_ptr().cast(), 5));
    ok(omnir_operation_state_destroy(st));

    // wrong kinds: enum values, roles of handles, malformed descriptions
    refuse!(cx, root, INVALID, omnir_op_erase(p, f.br, 2));
    refuse!(cx, root, INVALID, omnir_op_walk(p, root, 2, Some(walk_cb), null_mut(), null_mut()));
    let weird = omnir_insertion_point { kind: 4, block: f.bb1, op: f.br };
    let fresh = mk(cx, "t.y", &[], &[], 0, &[]);
    refuse!(cx, root, INVALID, omnir_op_insert(p, fresh, weird));
    refuse!(cx, root, INVALID, omnir_op_move(p, f.add, weird));
    refuse!(cx, root, INVALID, omnir_op_set_symbol_visibility(p, f.func, 3));
    refuse!(cx, root, INVALID, omnir_op_insert(p, f.add, end(f.bb1)));
    let detached = mk(cx, "t.z", &[], &[], 0, &[]);
    refuse!(cx, root, INVALID, omnir_op_move(p, f.add, after(detached)));
    refuse!(cx, root, INVALID, omnir_op_replace_all_uses_with(p, f.add, null(), 0));
    refuse!(cx, root, INVALID, omnir_symbol_lookup_in(p, f.func, "f".as_ptr().cast(), 1, &mut o));
    refuse!(cx, root, INVALID, omnir_symbol_lookup_ref_in(p, root, cx.str_attr("f"), &mut o));
    let loose = block(cx, &[]);
    refuse!(cx, root, INVALID, omnir_region_insert_block_before(p, fr, f.body, loose));
    let both = omnir_symbol_scope { op: root, region: fr };
    refuse!(cx, root, INVALID, omnir_symbol_get_uses(p, null(), both, null_mut(), 0, &mut n, &mut yes));
    refuse!(
        cx,
        root,
        INVALID,
        omnir_symbol_get_uses(p, null(), omnir_symbol_scope::default(), null_mut(), 0, &mut n, &mut yes)
    );
    let mixed = omnir_symbol_target { name: "f".as_ptr().cast(), name_len: 1, op: f.func };
    refuse!(cx, root, INVALID, omnir_symbol_known_use_empty(p, &mixed, op_scope(root), &mut yes));
    refuse!(cx, root, INVALID, omnir_symbol_known_use_empty(p, &by_name(""), op_scope(root), &mut yes));
    refuse!(cx, root, INVALID, omnir_symbol_table_rename(p, t, f.func, null(), 0));
    refuse!(cx, root, INVALID, omnir_symbol_table_remove(p, t, f.add));
    refuse!(cx, root, INVALID, omnir_dialect_register(p, "a.b".as_ptr().cast(), 3, false));
    refuse!(cx, root, INVALID, omnir_dialect_register(p, null(), 0, false));
    refuse!(cx, root, INVALID, omnir_type_get_interface(p, cx.i32(), 0x7fff_fff0, null_mut(), null_mut()));
    refuse!(
        cx,
        root,
        omnir_status::OMNIR_ERROR_NOT_REGISTERED,
        omnir_dialect_get_allow_unknown_operations(p, "zz".as_ptr().cast(), 2, &mut yes)
    );
    refuse!(
        cx,
        root,
        omnir_status::OMNIR_ERROR_NOT_REGISTERED,
        omnir_dialect_lookup_attribute(p, "zz.a".as_ptr().cast(), 4, &mut 0)
    );
    // A stale message pointer (after its callback) or garbage is refused.
    let mut fake = [0u64; 4];
    refuse!(
        cx,
        root,
        INVALID,
        omnir_callback_message_set(fake.as_mut_ptr() as *mut omnir_callback_message, "x".as_ptr().cast(), 1)
    );
    // Busy context: a walk callback's mutations were covered in `walk_with_a_c_callback`.
    ok(omnir_symbol_table_destroy(t));
}

// ---------------------------------------------------------------------------------------
// cost of creating an op through the builder (run with --release --ignored)

#[test]
#[ignore = "timing; run with --release -- --ignored"]
fn builder_cost_per_op() {
    let cx = Ctx::new();
    let p = cx.p();
    let i32t = cx.i32();
    let module = mk(&cx, "builtin.module", &[], &[], 1, &[]);
    let body = block(&cx, &[i32t]);
    ok(omnir_region_append_block(p, region(&cx, module, 0), body));
    let x = arg(&cx, body, 0);
    let st = state(&cx, "test.add");
    ok(omnir_operation_state_add_results(st, &i32t, 1));
    ok(omnir_operation_state_add_attribute(st, "overflow".as_ptr().cast(), 8, cx.int_attr(0)));
    let n = 200_000;
    let t0 = std::time::Instant::now();
    let mut prev = x;
    for _ in 0..n {
        let operands = [prev, x];
        ok(omnir_operation_state_set_operands(st, operands.as_ptr(), 2));
        let mut op = omnir_op::default();
        ok(omnir_operation_create(p, st, &mut op));
        ok(omnir_op_insert(p, op, end(body)));
        ok(omnir_op_get_result(p, op, 0, &mut prev));
    }
    let per = t0.elapsed().as_nanos() as f64 / n as f64;
    let t1 = std::time::Instant::now();
    let mut op = omnir_op::default();
    for _ in 0..n {
        ok(omnir_operation_create(p, st, &mut op));
    }
    let create_only = t1.elapsed().as_nanos() as f64 / n as f64;
    eprintln!("builder: {per:.0} ns per op (set operands + create + insert + get result), {create_only:.0} ns per bare create");
    ok(omnir_operation_state_destroy(st));
}

#[test]
fn dialect_branch_terminator_and_interface_constraints() {
    let cx = Ctx::new();
    let p = cx.p();
    ok(omnir_context_set_allow_unregistered_dialects(p, false));
    let i32t = cx.i32();
    ok(omnir_dialect_register(p, "cf2".as_ptr().cast(), 3, false));

    // cf2.br(dest operands...)[^dest]: a BranchOpInterface over operand group 0.
    let any = type_constraint(OMNIR_TYPE_CONSTRAINT_ANY);
    let dest =
        [omnir_value_spec { name: "dest".as_ptr().cast(), name_len: 4, arity: OMNIR_ARITY_VARIADIC, constraint: any }];
    let mut br = op_def("cf2.br");
    br.operands = dest.as_ptr();
    br.num_operands = 1;
    br.num_successors = 1;
    br.traits = OMNIR_TRAIT_IS_TERMINATOR;
    br.is_branch = true;
    br.branch_first_operand_group = 0;
    ok(omnir_dialect_register_operation(p, &br));
    // cf2.yield, and cf2.scope whose single block ends with an implicit cf2.yield.
    let mut yld = op_def("cf2.yield");
    yld.traits = OMNIR_TRAIT_IS_TERMINATOR | OMNIR_TRAIT_RETURN_LIKE;
    ok(omnir_dialect_register_operation(p, &yld));
    let mut scope = op_def("cf2.scope");
    scope.num_regions = 1;
    scope.implicit_terminator = "cf2.yield".as_ptr().cast();
    scope.implicit_terminator_len = 9;
    ok(omnir_dialect_register_operation(p, &scope));
    // cf2.store(x: memref element type)
    let mut elem = type_constraint(OMNIR_TYPE_CONSTRAINT_IMPLEMENTS);
    elem.interface = typeid("builtin.MemRefElementTypeInterface");
    let xs = [omnir_value_spec { name: "x".as_ptr().cast(), name_len: 1, arity: OMNIR_ARITY_SINGLE, constraint: elem }];
    let mut store = op_def("cf2.store");
    store.operands = xs.as_ptr();
    store.num_operands = 1;
    ok(omnir_dialect_register_operation(p, &store));

    let sc = mk(&cx, "cf2.scope", &[], &[], 1, &[]);
    let r = region(&cx, sc, 0);
    let entry = block(&cx, &[i32t]);
    ok(omnir_region_append_block(p, r, entry));
    let x = arg(&cx, entry, 0);
    let st = mk(&cx, "cf2.store", &[x], &[], 0, &[]);
    ok(omnir_op_insert(p, st, end(entry)));
    let y = mk(&cx, "cf2.yield", &[], &[], 0, &[]);
    ok(omnir_op_insert(p, y, end(entry)));
    ok(omnir_op_verify(p, sc));

    // A region not ending with the implicit terminator.
    ok(omnir_op_detach(p, y));
    let msg = fails(omnir_op_verify(p, sc), OMNIR_ERROR_VERIFICATION_FAILED);
    assert!(msg.contains("cf2.yield"), "{msg}");
    ok(omnir_op_insert(p, y, end(entry)));

    // A type that does not implement the interface.
    let none = cx.core(|c| omnir_type { context: cx.serial(), id: c.none_type().to_raw() });
    ok(omnir_value_set_type(p, x, none));
    let msg = fails(omnir_op_verify(p, sc), OMNIR_ERROR_VERIFICATION_FAILED);
    assert!(msg.contains("MemRefElementTypeInterface"), "{msg}");
    ok(omnir_value_set_type(p, x, i32t));

    // Branch operands are checked against the target block's arguments.
    let mut multi = op_def("cf2.func");
    multi.num_regions = 1;
    ok(omnir_dialect_register_operation(p, &multi));
    let func = mk(&cx, "cf2.func", &[], &[], 1, &[]);
    let fr = region(&cx, func, 0);
    let b0 = block(&cx, &[i32t]);
    let b1 = block(&cx, &[i32t]);
    ok(omnir_region_append_block(p, fr, b0));
    ok(omnir_region_append_block(p, fr, b1));
    let a0 = arg(&cx, b0, 0);
    let jump = mk(&cx, "cf2.br", &[a0, a0], &[], 0, &[b1]);
    ok(omnir_op_insert(p, jump, end(b0)));
    let y2 = mk(&cx, "cf2.yield", &[], &[], 0, &[]);
    ok(omnir_op_insert(p, y2, end(b1)));
    let msg = fails(omnir_op_verify(p, func), OMNIR_ERROR_VERIFICATION_FAILED);
    assert!(msg.contains("branch has 2 operands for successor #0, but target block has 1"), "{msg}");
    ok(omnir_op_set_operands(p, jump, &a0, 1));
    ok(omnir_op_verify(p, func));

    // Listing a built-in interface twice is refused.
    let mut dup = op_def("cf2.dup");
    let twice = [omnir_interface_impl {
        interface: typeid("builtin.SingleBlockImplicitTerminator"),
        vtable: null(),
        user_data: null_mut(),
        free_user_data: None,
    }];
    dup.interfaces = twice.as_ptr();
    dup.num_interfaces = 1;
    dup.implicit_terminator = "cf2.yield".as_ptr().cast();
    dup.implicit_terminator_len = 9;
    fails(omnir_dialect_register_operation(p, &dup), OMNIR_ERROR_INVALID_ARGUMENT);
}

/// A context pointer handed to other threads (omnir serializes calls per context).
#[derive(Copy, Clone)]
struct SendCtx(*mut omnir_context);

impl SendCtx {
    // A method, so that closures capture the whole `Send` struct.
    fn get(self) -> *mut omnir_context {
        self.0
    }
}
// SAFETY: omnir's contract: a context may be used from any thread; calls are serialized.
unsafe impl Send for SendCtx {}

unsafe extern "C" fn count_calls(
    user_data: *mut c_void,
    ctx: *mut omnir_context,
    op: omnir_op,
    _m: *mut omnir_callback_message,
) -> u32 {
    // SAFETY: the test passes an AtomicUsize that outlives the context.
    unsafe { &*(user_data as *const AtomicUsize) }.fetch_add(1, Ordering::SeqCst);
    let mut n = 0;
    assert_eq!(omnir_op_get_num_operands(ctx, op, &mut n), OMNIR_OK);
    0
}

#[test]
fn one_context_from_several_threads() {
    let calls = Box::new(AtomicUsize::new(0));
    let cx = Ctx::new();
    let p = cx.p();
    ok(omnir_dialect_register(p, "mt".as_ptr().cast(), 2, false));
    let mut def = op_def("mt.op");
    def.verify = Some(count_calls);
    def.verify_user_data = &*calls as *const AtomicUsize as *mut c_void;
    ok(omnir_dialect_register_operation(p, &def));
    let i32t = cx.i32();
    let loc = cx.loc();
    let shared = SendCtx(p);
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(move || {
                let p = shared.get();
                let mut b = omnir_block::default();
                ok(omnir_block_create(p, &i32t, &loc, 1, &mut b));
                let mut st = null_mut();
                ok(omnir_operation_state_create("mt.op".as_ptr().cast(), 5, loc, &mut st));
                let mut ops = Vec::new();
                for _ in 0..200 {
                    let mut op = omnir_op::default();
                    ok(omnir_operation_create(p, st, &mut op));
                    ok(omnir_op_insert(p, op, end(b)));
                    ok(omnir_op_verify(p, op));
                    ops.push(op);
                }
                ok(omnir_operation_state_destroy(st));
                let mut n = 0;
                ok(omnir_block_get_num_ops(p, b, &mut n));
                assert_eq!(n, 200);
                for op in ops {
                    ok(omnir_op_erase(p, op, OMNIR_ERASE_REQUIRE_NO_USES));
                }
                ok(omnir_block_erase(p, b));
            })
        })
        .collect();
    for t in threads {
        t.join().expect("thread");
    }
    assert_eq!(calls.load(Ordering::SeqCst), 800);
    assert_eq!(cx.core(|c| c.live_ir_counts()), (0, 0, 0));
    drop(cx);
}
