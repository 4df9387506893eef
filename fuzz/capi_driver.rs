//! The C API fuzz driver: reads its input as a program of C API calls and runs it against
//! two contexts, the way a careless C program would. Arguments come from pools of handles
//! the program has seen, and are often wrong on purpose: stale (erased IR), of another
//! context, of another kind, zeroed, or made-up bits; strings are raw bytes (often invalid
//! UTF-8); indices run past the end; out-pointers are sometimes NULL; walk callbacks call
//! back into the API.
//!
//! What must hold, whatever the program (a panic here is the fuzzer's failure):
//! - no call crashes or reports an internal error (a caught panic in omnir);
//! - a failing call sets a last error message, and a failing call that could change IR
//!   leaves all of it exactly as it was (every root and every detached block printed with
//!   locations before and after);
//! - at the end, every root that verifies prints text that parses and prints back the same.
//!
//! Shared by the cargo-fuzz target `c_api` (fuzz/fuzz_targets/c_api.rs) and by
//! `core/tests/capi_fuzz.rs`, which replays kept inputs and a fixed set of random programs
//! on stable Rust, so this file names only what both can reach: omnir-core and std.

use std::collections::BTreeSet;
use std::ffi::{c_char, c_void};
use std::ptr::{null, null_mut};

use omnir_core::api::asm::*;
use omnir_core::api::attributes::*;
use omnir_core::api::context::*;
use omnir_core::api::diagnostics::*;
use omnir_core::api::dominance::*;
use omnir_core::api::handles::*;
use omnir_core::api::ir::*;
use omnir_core::api::locations::*;
use omnir_core::api::omnir_status::{self, *};
use omnir_core::api::symbols::*;
use omnir_core::api::types::*;
use omnir_core::api::verify::*;
use omnir_core::api::{omnir_last_error_message, omnir_string, omnir_string_free};

/// Runs one program. Panics when a property above does not hold.
pub fn run(data: &[u8]) {
    let mut world = World::new();
    let mut input = Input { data };
    let mut steps = 0;
    while !input.is_empty() && steps < MAX_STEPS {
        world.step(&mut input);
        steps += 1;
    }
    world.finish();
}

const MAX_STEPS: usize = 200;
const POOL_CAP: usize = 48;

/// A seed module with regions, block arguments, successors, symbols and attributes, so that
/// even short programs reach interesting IR. It must verify (func and arith are registered
/// in every context): `@g` calls itself, as its `() -> ()` type allows.
const SEED: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i1):
    %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
    "cf.cond_br"(%arg1, %0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1(%1: i32):
    "func.return"(%1) : (i32) -> ()
  ^bb2:
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
    %2 = "test.def"() {note = "x"} : () -> tensor<2xf32>
    "test.region"(%2) ({
      "test.inner"(%2) : (tensor<2xf32>) -> ()
    }) {count = 3 : i64} : (tensor<2xf32>) -> ()
    "func.call"() <{callee = @g}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#;

const OP_NAMES: &[&str] = &[
    "test.op",
    "test.term",
    "func.return",
    "func.func",
    "builtin.module",
    "arith.addi",
    "cf.br",
    "arith.constant",
    "nodot",
    "",
];
const ATTR_NAMES: &[&str] = &["sym_name", "value", "callee", "sym_visibility", "note", "", "operandSegmentSizes"];
const TYPE_TEXTS: &[&str] = &["i32", "i1", "index", "f32", "tensor<2xf32>", "() -> ()", "!test.t", "memref<?xi8>"];
const ATTR_TEXTS: &[&str] =
    &["1 : i32", "\"s\"", "@f", "unit", "[1, 2]", "{a = 1}", "dense<1> : tensor<2xi32>", "array<i32: 1, 0, 0>"];

/// The program's bytes, read front to back; an exhausted input reads as zeros.
struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::from(self.byte()) % n
        }
    }
    // `is_multiple_of` is newer than the core's rust-version, which core/tests/capi_fuzz.rs
    // builds this file under.
    #[allow(clippy::manual_is_multiple_of)]
    fn chance(&mut self, one_in: u8) -> bool {
        self.byte() % one_in == 0
    }
    fn raw(&mut self, max: usize) -> &'a [u8] {
        let n = self.below(max + 1).min(self.data.len());
        let (taken, rest) = self.data.split_at(n);
        self.data = rest;
        taken
    }
    /// Mostly a plausible name from `choices`, sometimes raw bytes (maybe not UTF-8).
    fn text(&mut self, choices: &[&'static str]) -> Vec<u8> {
        if self.chance(4) {
            self.raw(24).to_vec()
        } else {
            choices[self.below(choices.len())].as_bytes().to_vec()
        }
    }
    /// An index that is usually small, sometimes far out of range.
    fn index(&mut self) -> usize {
        match self.byte() % 8 {
            0 => usize::MAX,
            1 => self.u32() as usize,
            n => usize::from(n - 2),
        }
    }
}

/// Handles as four words, so that one kind's handle can be passed as another's.
trait Handle: Copy + Default {
    fn words(self) -> [u32; 4];
    fn from_words(w: [u32; 4]) -> Self;
}

macro_rules! three_word_handle {
    ($t:ty) => {
        impl Handle for $t {
            fn words(self) -> [u32; 4] {
                [self.context, self.index, self.generation, 0]
            }
            fn from_words(w: [u32; 4]) -> Self {
                Self { context: w[0], index: w[1], generation: w[2] }
            }
        }
    };
}
macro_rules! two_word_handle {
    ($t:ty) => {
        impl Handle for $t {
            fn words(self) -> [u32; 4] {
                [self.context, self.id, 0, 0]
            }
            fn from_words(w: [u32; 4]) -> Self {
                Self { context: w[0], id: w[1] }
            }
        }
    };
}
three_word_handle!(omnir_op);
three_word_handle!(omnir_block);
three_word_handle!(omnir_region);
two_word_handle!(omnir_type);
two_word_handle!(omnir_attribute);
two_word_handle!(omnir_location);
impl Handle for omnir_value {
    fn words(self) -> [u32; 4] {
        [self.context, self.owner, self.generation, self.number]
    }
    fn from_words(w: [u32; 4]) -> Self {
        Self { context: w[0], owner: w[1], generation: w[2], number: w[3] }
    }
}

#[derive(Default)]
struct Pools {
    ops: Vec<omnir_op>,
    blocks: Vec<omnir_block>,
    regions: Vec<omnir_region>,
    values: Vec<omnir_value>,
    types: Vec<omnir_type>,
    attrs: Vec<omnir_attribute>,
    locs: Vec<omnir_location>,
}

/// The words of a handle from `pool` (zeros when it is empty).
fn seen<H: Handle>(input: &mut Input, pool: &[H]) -> [u32; 4] {
    if pool.is_empty() {
        [0; 4]
    } else {
        pool[input.below(pool.len())].words()
    }
}

fn remember<H: Handle + PartialEq>(pool: &mut Vec<H>, h: H, slot: usize) {
    if h.words() == [0; 4] || pool.contains(&h) {
        return;
    }
    if pool.len() < POOL_CAP {
        pool.push(h);
    } else {
        pool[slot % POOL_CAP] = h;
    }
}

struct World {
    contexts: [*mut omnir_context; 2],
    captures: [u64; 2],
    pools: Pools,
    tables: Vec<*mut omnir_symbol_table>,
}

/// What a walk callback does, driven by the program.
struct WalkScript {
    context: *mut omnir_context,
    script: u8,
    visited: Vec<omnir_op>,
}

unsafe extern "C" fn walk_callback(user_data: *mut c_void, op: omnir_op) -> omnir_walk_result {
    // SAFETY: `user_data` is the `WalkScript` that `World::walk` passes and outlives the walk.
    let script = unsafe { &mut *user_data.cast::<WalkScript>() };
    script.visited.push(op);
    let n = script.visited.len() as u8;
    // The callback may change the IR (as MLIR's walk allows): move the op it was given out,
    // erase it, or erase the op after it, which the walk must notice (an error), never
    // follow into freed IR.
    if script.script & 0x10 != 0 && n % 3 == 1 {
        checked(omnir_op_detach(script.context, op), "detach from inside a walk");
    }
    if script.script & 0x20 != 0 && n % 4 == 2 {
        checked(omnir_op_erase(script.context, op, OMNIR_ERASE_DROP_USES), "erase from inside a walk");
    }
    if script.script & 0x40 != 0 && n % 5 == 3 {
        let mut next = omnir_op::default();
        if checked(omnir_op_get_next(script.context, op, &mut next), "next op from inside a walk")
            && next != omnir_op::default()
        {
            checked(
                omnir_op_erase(script.context, next, OMNIR_ERASE_DROP_USES),
                "erase the next op from inside a walk",
            );
        }
    }
    match (script.script.wrapping_add(n)) % 11 {
        0 => OMNIR_WALK_INTERRUPT,
        1 | 2 => OMNIR_WALK_SKIP,
        _ => OMNIR_WALK_ADVANCE,
    }
}

fn take_string(s: omnir_string) -> Vec<u8> {
    let bytes = if s.data.is_null() {
        Vec::new()
    } else {
        // SAFETY: a string returned by omnir is `len` readable bytes until it is freed below.
        unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) }.to_vec()
    };
    omnir_string_free(s);
    bytes
}

fn last_error() -> String {
    String::from_utf8_lossy(&take_string(omnir_last_error_message())).into_owned()
}

/// Checks a call's status: never an internal error, and an error always explains itself.
fn checked(status: omnir_status, what: &str) -> bool {
    if status == OMNIR_OK {
        return true;
    }
    let message = last_error();
    assert_ne!(status, OMNIR_ERROR_INTERNAL, "{what}: internal error: {message}");
    assert!(!message.is_empty(), "{what}: {status:?} with no last error message");
    false
}

fn ptr_of(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

impl World {
    fn new() -> World {
        let mut contexts = [null_mut(); 2];
        let mut captures = [0; 2];
        for (ctx, capture) in contexts.iter_mut().zip(captures.iter_mut()) {
            assert_eq!(omnir_context_create(ctx), OMNIR_OK);
            // Parse errors would otherwise go to stderr; capturing them is exercised too.
            assert_eq!(omnir_context_begin_diagnostic_capture(*ctx, capture), OMNIR_OK);
        }
        assert_eq!(omnir_context_set_allow_unregistered_dialects(contexts[0], true), OMNIR_OK);
        let mut world = World { contexts, captures, pools: Pools::default(), tables: Vec::new() };
        for (i, ctx) in contexts.into_iter().enumerate() {
            let mut module = omnir_op::default();
            let file = b"seed.mlir";
            let status =
                omnir_module_parse(ctx, ptr_of(SEED.as_bytes()), SEED.len(), ptr_of(file), file.len(), &mut module);
            if checked(status, "parse the seed") {
                world.collect_walk(ctx, module);
            } else {
                // Only the context without unregistered dialects may refuse it (`test.*`).
                assert_ne!(i, 0, "the seed must parse and verify: {}", last_error());
            }
        }
        world
    }

    fn context(&self, input: &mut Input) -> *mut omnir_context {
        match input.byte() % 16 {
            0 => null_mut(),
            1..=3 => self.contexts[1],
            _ => self.contexts[0],
        }
    }

    /// A handle of kind `H`: usually one seen before, otherwise a deliberately bad one.
    fn pick<H: Handle>(&self, pool: &[H], input: &mut Input) -> H {
        let words = match input.byte() % 16 {
            0 => [0; 4],
            // Stale or never-issued: the same slot with another generation.
            1 => {
                let mut w = seen(input, pool);
                w[2] = w[2].wrapping_add(1 + u32::from(input.byte() % 3));
                w
            }
            // Another kind's handle, reinterpreted.
            2 => match input.byte() % 4 {
                0 => seen(input, &self.pools.ops),
                1 => seen(input, &self.pools.blocks),
                2 => seen(input, &self.pools.values),
                _ => seen(input, &self.pools.types),
            },
            // Made-up bits, keeping a real context serial half of the time.
            3 => {
                let mut w = [input.u32(), input.u32(), input.u32(), input.u32()];
                if input.chance(2) {
                    w[0] = seen(input, pool)[0];
                }
                w
            }
            _ => seen(input, pool),
        };
        H::from_words(words)
    }

    fn op(&self, input: &mut Input) -> omnir_op {
        self.pick(&self.pools.ops, input)
    }
    fn block(&self, input: &mut Input) -> omnir_block {
        self.pick(&self.pools.blocks, input)
    }
    fn region(&self, input: &mut Input) -> omnir_region {
        self.pick(&self.pools.regions, input)
    }
    fn value(&self, input: &mut Input) -> omnir_value {
        self.pick(&self.pools.values, input)
    }
    fn ty(&self, input: &mut Input) -> omnir_type {
        self.pick(&self.pools.types, input)
    }
    fn attr(&self, input: &mut Input) -> omnir_attribute {
        self.pick(&self.pools.attrs, input)
    }
    fn loc(&self, input: &mut Input) -> omnir_location {
        self.pick(&self.pools.locs, input)
    }
    fn point(&self, input: &mut Input) -> omnir_insertion_point {
        omnir_insertion_point { kind: u32::from(input.byte() % 5), block: self.block(input), op: self.op(input) }
    }
    fn many<H: Handle>(&self, input: &mut Input, one: impl Fn(&Self, &mut Input) -> H) -> Vec<H> {
        let n = input.below(4);
        (0..n).map(|_| one(self, input)).collect()
    }

    /// Everything the program can see of the IR in both contexts: each live root op and
    /// each block outside any region, printed with locations.
    fn snapshot(&self) -> Vec<u8> {
        let mut flags = omnir_print_flags_default();
        flags.assume_verified = true;
        flags.debug_info = true;
        let mut text = Vec::new();
        for ctx in self.contexts {
            let mut roots = BTreeSet::new();
            for &op in &self.pools.ops {
                let mut root = omnir_op::default();
                if omnir_op_get_root(ctx, op, &mut root) == OMNIR_OK {
                    roots.insert((root.index, root.generation, root.context));
                }
            }
            for (index, generation, context) in roots {
                let mut out = omnir_string { data: null_mut(), len: 0 };
                let root = omnir_op { context, index, generation };
                assert!(checked(omnir_op_print(ctx, root, &flags, &mut out), "print a root"));
                text.extend(take_string(out));
            }
            for &block in &self.pools.blocks {
                let mut parent = omnir_region::default();
                if omnir_block_get_parent_region(ctx, block, &mut parent) != OMNIR_OK
                    || parent != omnir_region::default()
                {
                    continue;
                }
                let mut out = omnir_string { data: null_mut(), len: 0 };
                assert!(checked(omnir_block_print(ctx, block, &flags, &mut out), "print a detached block"));
                text.extend(take_string(out));
            }
        }
        // The calls above replace the thread's last error: statuses are checked before this.
        text
    }

    /// Runs a call that may change IR: on failure, nothing may have changed.
    fn mutate(&mut self, what: &str, call: impl FnOnce(&mut Self) -> omnir_status) -> bool {
        let before = self.snapshot();
        let status = call(self);
        if checked(status, what) {
            return true;
        }
        let after = self.snapshot();
        if before != after {
            panic!(
                "{what} failed ({status:?}) but changed the IR\n--- before\n{}\n--- after\n{}",
                String::from_utf8_lossy(&before),
                String::from_utf8_lossy(&after)
            );
        }
        false
    }

    fn keep_op(&mut self, ctx: *mut omnir_context, op: omnir_op, slot: usize) {
        remember(&mut self.pools.ops, op, slot);
        let mut n = 0usize;
        if omnir_op_get_num_results(ctx, op, &mut n) == OMNIR_OK {
            for i in 0..n.min(4) {
                let mut v = omnir_value::default();
                if omnir_op_get_result(ctx, op, i, &mut v) == OMNIR_OK {
                    remember(&mut self.pools.values, v, slot + i);
                }
            }
        }
        if omnir_op_get_num_regions(ctx, op, &mut n) == OMNIR_OK {
            for i in 0..n.min(3) {
                let mut r = omnir_region::default();
                if omnir_op_get_region(ctx, op, i, &mut r) == OMNIR_OK {
                    remember(&mut self.pools.regions, r, slot + i);
                    let mut b = omnir_block::default();
                    if omnir_region_get_first_block(ctx, r, &mut b) == OMNIR_OK {
                        self.keep_block(ctx, b, slot + i);
                    }
                }
            }
        }
        let mut loc = omnir_location::default();
        if omnir_op_get_location(ctx, op, &mut loc) == OMNIR_OK {
            remember(&mut self.pools.locs, loc, slot);
        }
    }

    fn keep_block(&mut self, ctx: *mut omnir_context, block: omnir_block, slot: usize) {
        remember(&mut self.pools.blocks, block, slot);
        let mut n = 0usize;
        if omnir_block_get_num_arguments(ctx, block, &mut n) == OMNIR_OK {
            for i in 0..n.min(3) {
                let mut v = omnir_value::default();
                if omnir_block_get_argument(ctx, block, i, &mut v) == OMNIR_OK {
                    remember(&mut self.pools.values, v, slot + i);
                    let mut t = omnir_type::default();
                    if omnir_value_get_type(ctx, v, &mut t) == OMNIR_OK {
                        remember(&mut self.pools.types, t, slot + i);
                    }
                }
            }
        }
    }

    fn collect_walk(&mut self, ctx: *mut omnir_context, root: omnir_op) {
        let mut script = WalkScript { context: ctx, script: 3, visited: Vec::new() };
        let mut result = OMNIR_WALK_ADVANCE;
        let status = omnir_op_walk(
            ctx,
            root,
            OMNIR_WALK_PRE_ORDER,
            Some(walk_callback),
            (&mut script as *mut WalkScript).cast(),
            &mut result,
        );
        assert!(checked(status, "walk"));
        self.keep_op(ctx, root, 0);
        for (i, op) in script.visited.into_iter().enumerate() {
            self.keep_op(ctx, op, i);
        }
    }

    fn step(&mut self, input: &mut Input) {
        let ctx = self.context(input);
        let slot = input.byte() as usize;
        match input.byte() % 24 {
            0 => {
                let text = input.raw(200).to_vec();
                let file = input.text(&["input.mlir", ""]);
                let mut module = omnir_op::default();
                let status = omnir_module_parse(ctx, ptr_of(&text), text.len(), ptr_of(&file), file.len(), &mut module);
                if checked(status, "module_parse") {
                    self.collect_walk(ctx, module);
                }
            }
            1 | 2 => self.create_operation(ctx, input, slot),
            3 => {
                let (op, point) = (self.op(input), self.point(input));
                self.mutate("op_insert", |_| omnir_op_insert(ctx, op, point));
            }
            4 => {
                let (op, point) = (self.op(input), self.point(input));
                self.mutate("op_move", |_| omnir_op_move(ctx, op, point));
            }
            5 => {
                let op = self.op(input);
                let mut copy = omnir_op::default();
                let out: *mut omnir_op = if input.chance(16) { null_mut() } else { &mut copy };
                if self.mutate("op_clone", |_| omnir_op_clone(ctx, op, out)) {
                    self.keep_op(ctx, copy, slot);
                }
            }
            6 => {
                let op = self.op(input);
                self.mutate("op_detach", |_| omnir_op_detach(ctx, op));
            }
            7 => {
                let op = self.op(input);
                let mode = u32::from(input.byte() % 3);
                self.mutate("op_erase", |_| omnir_op_erase(ctx, op, mode));
            }
            8 => {
                let types = self.many(input, Self::ty);
                let locs: Vec<omnir_location> = (0..types.len()).map(|_| self.loc(input)).collect();
                let locs_ptr = if input.chance(4) { null() } else { locs.as_ptr() };
                let mut block = omnir_block::default();
                if checked(omnir_block_create(ctx, types.as_ptr(), locs_ptr, types.len(), &mut block), "block_create") {
                    self.keep_block(ctx, block, slot);
                }
            }
            9 => {
                let (block, ty, loc) = (self.block(input), self.ty(input), self.loc(input));
                let mut arg = omnir_value::default();
                if self.mutate("block_add_argument", |_| omnir_block_add_argument(ctx, block, ty, loc, &mut arg)) {
                    remember(&mut self.pools.values, arg, slot);
                }
            }
            10 => {
                let (block, index) = (self.block(input), input.index());
                self.mutate("block_erase_argument", |_| omnir_block_erase_argument(ctx, block, index));
            }
            11 => {
                let block = self.block(input);
                if input.chance(2) {
                    self.mutate("block_detach", |_| omnir_block_detach(ctx, block));
                } else {
                    self.mutate("block_erase", |_| omnir_block_erase(ctx, block));
                }
            }
            12 => {
                let (region, reference, block) = (self.region(input), self.block(input), self.block(input));
                match input.byte() % 3 {
                    0 => self.mutate("region_append_block", |_| omnir_region_append_block(ctx, region, block)),
                    1 => self.mutate("region_insert_block_after", |_| {
                        omnir_region_insert_block_after(ctx, region, reference, block)
                    }),
                    _ => self.mutate("region_insert_block_before", |_| {
                        omnir_region_insert_block_before(ctx, region, reference, block)
                    }),
                };
            }
            13 => {
                let op = self.op(input);
                if input.chance(2) {
                    let (index, value) = (input.index(), self.value(input));
                    self.mutate("op_set_operand", |_| omnir_op_set_operand(ctx, op, index, value));
                } else {
                    let values = self.many(input, Self::value);
                    self.mutate("op_set_operands", |_| omnir_op_set_operands(ctx, op, values.as_ptr(), values.len()));
                }
            }
            14 => {
                let (op, index, block) = (self.op(input), input.index(), self.block(input));
                self.mutate("op_set_successor", |_| omnir_op_set_successor(ctx, op, index, block));
            }
            15 => {
                let (op, name, attr) = (self.op(input), input.text(ATTR_NAMES), self.attr(input));
                if input.chance(3) {
                    let mut removed = false;
                    self.mutate("op_remove_attribute", |_| {
                        omnir_op_remove_attribute(ctx, op, ptr_of(&name), name.len(), &mut removed)
                    });
                } else {
                    self.mutate("op_set_attribute", |_| {
                        omnir_op_set_attribute(ctx, op, ptr_of(&name), name.len(), attr)
                    });
                }
            }
            16 => {
                let (from, to) = (self.value(input), self.value(input));
                match input.byte() % 3 {
                    0 => {
                        self.mutate("value_replace_all_uses_with", |_| omnir_value_replace_all_uses_with(ctx, from, to))
                    }
                    1 => {
                        let except = self.op(input);
                        self.mutate("value_replace_all_uses_except", |_| {
                            omnir_value_replace_all_uses_except(ctx, from, to, except)
                        })
                    }
                    _ => self.mutate("value_drop_all_uses", |_| omnir_value_drop_all_uses(ctx, from)),
                };
            }
            17 => {
                let (value, ty) = (self.value(input), self.ty(input));
                self.mutate("value_set_type", |_| omnir_value_set_type(ctx, value, ty));
            }
            18 => {
                let op = self.op(input);
                if input.chance(2) {
                    let values = self.many(input, Self::value);
                    self.mutate("op_replace_all_uses_with", |_| {
                        omnir_op_replace_all_uses_with(ctx, op, values.as_ptr(), values.len())
                    });
                } else {
                    self.mutate("op_drop_all_references", |_| omnir_op_drop_all_references(ctx, op));
                }
            }
            19 => self.make_value(ctx, input, slot),
            20 => self.navigate(ctx, input, slot),
            21 => self.inspect(ctx, input),
            22 => self.symbols(ctx, input, slot),
            _ => {
                let op = self.op(input);
                match input.byte() % 3 {
                    0 => {
                        let loc = self.loc(input);
                        self.mutate("op_set_location", |_| omnir_op_set_location(ctx, op, loc));
                    }
                    1 => {
                        let attr = self.attr(input);
                        self.mutate("op_set_properties", |_| omnir_op_set_properties(ctx, op, attr));
                    }
                    _ => {
                        let mut script = WalkScript { context: ctx, script: input.byte(), visited: Vec::new() };
                        let mut result = OMNIR_WALK_ADVANCE;
                        let order = u32::from(input.byte() % 3);
                        let status = omnir_op_walk(
                            ctx,
                            op,
                            order,
                            Some(walk_callback),
                            (&mut script as *mut WalkScript).cast(),
                            &mut result,
                        );
                        if checked(status, "op_walk") {
                            for (i, op) in script.visited.into_iter().enumerate().take(8) {
                                remember(&mut self.pools.ops, op, slot + i);
                            }
                        }
                    }
                }
            }
        }
    }

    fn create_operation(&mut self, ctx: *mut omnir_context, input: &mut Input, slot: usize) {
        let name = input.text(OP_NAMES);
        let loc = self.loc(input);
        let mut state: *mut omnir_operation_state = null_mut();
        if !checked(omnir_operation_state_create(ptr_of(&name), name.len(), loc, &mut state), "operation_state_create")
        {
            return;
        }
        for _ in 0..input.below(6) {
            let status = match input.byte() % 9 {
                0 => {
                    let values = self.many(input, Self::value);
                    omnir_operation_state_add_operands(state, values.as_ptr(), values.len())
                }
                1 => {
                    let types = self.many(input, Self::ty);
                    omnir_operation_state_add_results(state, types.as_ptr(), types.len())
                }
                2 | 3 => {
                    let (key, attr) = (input.text(ATTR_NAMES), self.attr(input));
                    omnir_operation_state_add_attribute(state, ptr_of(&key), key.len(), attr)
                }
                4 => omnir_operation_state_set_num_regions(state, input.below(4)),
                5 => {
                    let blocks = self.many(input, Self::block);
                    omnir_operation_state_add_successors(state, blocks.as_ptr(), blocks.len())
                }
                6 => omnir_operation_state_set_properties(state, self.attr(input)),
                7 => omnir_operation_state_set_attribute_value(state, input.index(), self.attr(input)),
                _ => {
                    let values = self.many(input, Self::value);
                    omnir_operation_state_set_operands(state, values.as_ptr(), values.len())
                }
            };
            checked(status, "operation_state_*");
        }
        // One state may make several operations: creating must not consume or corrupt it.
        for _ in 0..1 + input.below(2) {
            let mut op = omnir_op::default();
            let made = if input.chance(2) {
                checked(omnir_operation_create(ctx, state, &mut op), "operation_create")
            } else {
                let point = self.point(input);
                self.mutate("operation_create_at", |_| omnir_operation_create_at(ctx, state, point, &mut op))
            };
            if made {
                self.keep_op(ctx, op, slot);
            }
        }
        assert_eq!(omnir_operation_state_destroy(state), OMNIR_OK);
    }

    /// Types, attributes and locations, from constructors and from text.
    fn make_value(&mut self, ctx: *mut omnir_context, input: &mut Input, slot: usize) {
        match input.byte() % 7 {
            0 => {
                let text = input.text(TYPE_TEXTS);
                let mut t = omnir_type::default();
                if checked(omnir_type_parse(ctx, ptr_of(&text), text.len(), &mut t), "type_parse") {
                    remember(&mut self.pools.types, t, slot);
                }
            }
            1 => {
                let text = input.text(ATTR_TEXTS);
                let mut a = omnir_attribute::default();
                if checked(omnir_attribute_parse(ctx, ptr_of(&text), text.len(), &mut a), "attribute_parse") {
                    remember(&mut self.pools.attrs, a, slot);
                }
            }
            2 => {
                let (width, signedness) = (input.u32() % 130, u32::from(input.byte() % 4));
                let mut t = omnir_type::default();
                if checked(omnir_integer_type_get(ctx, width, signedness, &mut t), "integer_type_get") {
                    remember(&mut self.pools.types, t, slot);
                }
            }
            3 => {
                let (ty, value) = (self.ty(input), i64::from(input.u32() as i32));
                let mut a = omnir_attribute::default();
                if checked(omnir_integer_attr_get(ctx, ty, value, &mut a), "integer_attr_get") {
                    remember(&mut self.pools.attrs, a, slot);
                }
            }
            4 => {
                let (text, ty) = (input.raw(12).to_vec(), self.ty(input));
                let mut a = omnir_attribute::default();
                if checked(omnir_string_attr_get(ctx, ptr_of(&text), text.len(), ty, &mut a), "string_attr_get") {
                    remember(&mut self.pools.attrs, a, slot);
                }
            }
            5 => {
                let inputs = self.many(input, Self::ty);
                let results = self.many(input, Self::ty);
                let mut t = omnir_type::default();
                let status = omnir_function_type_get(
                    ctx,
                    inputs.as_ptr(),
                    inputs.len(),
                    results.as_ptr(),
                    results.len(),
                    &mut t,
                );
                if checked(status, "function_type_get") {
                    remember(&mut self.pools.types, t, slot);
                }
            }
            _ => {
                let (file, line, col) = (input.text(&["a.mlir", "b.mlir"]), input.u32(), input.u32());
                let mut l = omnir_location::default();
                if checked(omnir_file_line_col_loc_get(ctx, ptr_of(&file), file.len(), line, col, &mut l), "loc_get") {
                    remember(&mut self.pools.locs, l, slot);
                }
            }
        }
    }

    /// Read-only navigation, keeping what it finds.
    fn navigate(&mut self, ctx: *mut omnir_context, input: &mut Input, slot: usize) {
        let index = input.index();
        match input.byte() % 10 {
            0 => {
                let (op, mut r) = (self.op(input), omnir_region::default());
                if checked(omnir_op_get_region(ctx, op, index, &mut r), "op_get_region") {
                    remember(&mut self.pools.regions, r, slot);
                }
            }
            1 => {
                let (region, mut b) = (self.region(input), omnir_block::default());
                if checked(omnir_region_get_block(ctx, region, index, &mut b), "region_get_block") {
                    self.keep_block(ctx, b, slot);
                }
            }
            2 => {
                let (block, mut v) = (self.block(input), omnir_value::default());
                if checked(omnir_block_get_argument(ctx, block, index, &mut v), "block_get_argument") {
                    remember(&mut self.pools.values, v, slot);
                }
            }
            3 => {
                let (op, mut v) = (self.op(input), omnir_value::default());
                if checked(omnir_op_get_operand(ctx, op, index, &mut v), "op_get_operand") {
                    remember(&mut self.pools.values, v, slot);
                }
            }
            4 => {
                let (op, mut v) = (self.op(input), omnir_value::default());
                if checked(omnir_op_get_result(ctx, op, index, &mut v), "op_get_result") {
                    remember(&mut self.pools.values, v, slot);
                }
            }
            5 => {
                let (block, mut o) = (self.block(input), omnir_op::default());
                if checked(omnir_block_get_first_op(ctx, block, &mut o), "block_get_first_op") {
                    remember(&mut self.pools.ops, o, slot);
                }
            }
            6 => {
                let (op, mut o) = (self.op(input), omnir_op::default());
                let status = match input.byte() % 3 {
                    0 => omnir_op_get_next(ctx, op, &mut o),
                    1 => omnir_op_get_parent_op(ctx, op, &mut o),
                    _ => omnir_op_get_root(ctx, op, &mut o),
                };
                if checked(status, "op navigation") {
                    remember(&mut self.pools.ops, o, slot);
                }
            }
            7 => {
                let (op, mut b) = (self.op(input), omnir_block::default());
                if checked(omnir_op_get_successor(ctx, op, index, &mut b), "op_get_successor") {
                    remember(&mut self.pools.blocks, b, slot);
                }
            }
            8 => {
                let (value, mut o) = (self.value(input), omnir_op::default());
                if checked(omnir_value_get_defining_op(ctx, value, &mut o), "value_get_defining_op") {
                    remember(&mut self.pools.ops, o, slot);
                }
            }
            _ => {
                let (block, mut b) = (self.block(input), omnir_block::default());
                if checked(omnir_block_get_next(ctx, block, &mut b), "block_get_next") {
                    remember(&mut self.pools.blocks, b, slot);
                }
            }
        }
    }

    /// Queries and printers, which must answer or refuse cleanly on anything.
    fn inspect(&mut self, ctx: *mut omnir_context, input: &mut Input) {
        let mut flags = omnir_print_flags_default();
        flags.debug_info = input.chance(2);
        flags.local_scope = input.chance(2);
        flags.assume_verified = input.chance(2);
        flags.generic_form = !input.chance(8);
        let flags_ptr: *const omnir_print_flags = if input.chance(8) { null() } else { &flags };
        let mut out = omnir_string { data: null_mut(), len: 0 };
        let status = match input.byte() % 10 {
            9 => self.dominance(ctx, input),
            0 => omnir_op_print(ctx, self.op(input), flags_ptr, &mut out),
            1 => omnir_block_print(ctx, self.block(input), flags_ptr, &mut out),
            2 => omnir_value_print(ctx, self.value(input), flags_ptr, &mut out),
            3 => omnir_type_print(ctx, self.ty(input), &mut out),
            4 => omnir_attribute_print(ctx, self.attr(input), &mut out),
            5 => omnir_location_print(ctx, self.loc(input), &mut out),
            6 => omnir_op_get_name(ctx, self.op(input), &mut out),
            7 => {
                let before = self.snapshot();
                let status = omnir_op_verify(ctx, self.op(input));
                // Checked before the snapshot, whose own calls replace the last error.
                checked(status, "op_verify");
                assert_eq!(before, self.snapshot(), "verify changed the IR");
                OMNIR_OK
            }
            _ => {
                let (value, mut n) = (self.value(input), 0usize);
                let status = omnir_value_get_num_uses(ctx, value, &mut n);
                if status == OMNIR_OK {
                    for i in 0..n.min(4) {
                        let mut u = omnir_op_operand { op: omnir_op::default(), index: 0 };
                        assert!(checked(omnir_value_get_use(ctx, value, i, &mut u), "value_get_use in range"));
                    }
                    let mut u = omnir_op_operand { op: omnir_op::default(), index: 0 };
                    assert_eq!(omnir_value_get_use(ctx, value, n, &mut u), OMNIR_ERROR_OUT_OF_RANGE);
                    last_error();
                }
                status
            }
        };
        checked(status, "inspect");
        take_string(out);
    }

    /// Dominance queries, answered from the IR as it is after any edit.
    fn dominance(&self, ctx: *mut omnir_context, input: &mut Input) -> omnir_status {
        let (mut yes, properly) = (false, input.chance(2));
        match input.byte() % 7 {
            0 => omnir_op_dominates(ctx, self.op(input), self.op(input), properly, &mut yes),
            1 => omnir_block_dominates(ctx, self.block(input), self.block(input), properly, &mut yes),
            2 => omnir_value_dominates_use(ctx, self.value(input), self.op(input), &mut yes),
            3 => omnir_op_is_before_in_block(ctx, self.op(input), self.op(input), &mut yes),
            4 => omnir_block_is_reachable(ctx, self.block(input), &mut yes),
            5 => omnir_region_has_ssa_dominance(ctx, self.region(input), &mut yes),
            _ => {
                let mut idom = omnir_block::default();
                omnir_block_get_immediate_dominator(ctx, self.block(input), &mut idom)
            }
        }
    }

    fn symbols(&mut self, ctx: *mut omnir_context, input: &mut Input, slot: usize) {
        let table = if self.tables.is_empty() || input.chance(4) {
            let op = self.op(input);
            let mut t = null_mut();
            if !checked(omnir_symbol_table_create(ctx, op, &mut t), "symbol_table_create") {
                return;
            }
            self.tables.push(t);
            t
        } else {
            self.tables[input.below(self.tables.len())]
        };
        let symbol = self.op(input);
        let name = input.text(&["f", "g", "h", ""]);
        match input.byte() % 6 {
            0 => {
                let point = self.point(input);
                let point_ptr: *const omnir_insertion_point = if input.chance(2) { null() } else { &point };
                let mut out = omnir_string { data: null_mut(), len: 0 };
                self.mutate("symbol_table_insert", |_| {
                    omnir_symbol_table_insert(ctx, table, symbol, point_ptr, &mut out)
                });
                take_string(out);
            }
            1 => {
                self.mutate("symbol_table_rename", |_| {
                    omnir_symbol_table_rename(ctx, table, symbol, ptr_of(&name), name.len())
                });
            }
            2 => {
                self.mutate("symbol_table_erase", |_| omnir_symbol_table_erase(ctx, table, symbol));
            }
            3 => {
                self.mutate("symbol_table_remove", |_| omnir_symbol_table_remove(ctx, table, symbol));
            }
            4 => {
                self.mutate("op_set_symbol_name", |_| omnir_op_set_symbol_name(ctx, symbol, ptr_of(&name), name.len()));
            }
            _ => {
                let mut found = omnir_op::default();
                let status = omnir_symbol_table_lookup(ctx, table, ptr_of(&name), name.len(), &mut found);
                if checked(status, "symbol_table_lookup") {
                    remember(&mut self.pools.ops, found, slot);
                }
            }
        }
    }

    /// Every root that verifies must print text that parses and prints back the same.
    fn finish(self) {
        let mut flags = omnir_print_flags_default();
        flags.assume_verified = true;
        for ctx in self.contexts {
            let mut roots = BTreeSet::new();
            for &op in &self.pools.ops {
                let mut root = omnir_op::default();
                if omnir_op_get_root(ctx, op, &mut root) == OMNIR_OK {
                    roots.insert((root.index, root.generation, root.context));
                }
            }
            for (index, generation, context) in roots {
                let root = omnir_op { context, index, generation };
                if omnir_op_verify(ctx, root) != OMNIR_OK {
                    last_error();
                    continue;
                }
                let mut out = omnir_string { data: null_mut(), len: 0 };
                assert!(checked(omnir_op_print(ctx, root, &flags, &mut out), "print a verified root"));
                omnir_core::asm::roundtrip_check(&take_string(out));
            }
        }
        for table in self.tables {
            // A table whose operation was erased may refuse; it must still be freed.
            omnir_symbol_table_destroy(table);
        }
        for (ctx, capture) in self.contexts.into_iter().zip(self.captures) {
            let mut list = null_mut();
            assert_eq!(omnir_context_end_diagnostic_capture(ctx, capture, &mut list), OMNIR_OK);
            assert_eq!(omnir_diagnostic_list_free(list), OMNIR_OK);
            assert_eq!(omnir_context_destroy(ctx), OMNIR_OK);
        }
    }
}
