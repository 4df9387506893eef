//! Shared workloads for omnir's benchmarks. The same workload definitions are used by the
//! criterion benches (per-phase figures) and by the comparison runners (ratios against
//! upstream MLIR), so both measure the same thing. See bench/peers/README.md for the
//! workload the MLIR side mirrors.

use omnir_core::{BlockId, Context, InsertPoint, OpId, OperationState, Type, Value};

/// A context with a `builtin.module` holding one `"bench.func"` whose single block has two
/// i64 arguments, as the MLIR peer sets it up.
pub struct ChainFixture {
    pub ctx: Context,
    pub module: OpId,
    pub func: OpId,
    pub body: BlockId,
    pub i64: Type,
}

impl ChainFixture {
    pub fn new() -> ChainFixture {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let loc = ctx.unknown_loc();
        let i64 = ctx.signless_int(64);
        let module = ctx.create_operation(&OperationState::new("builtin.module", loc).regions(1)).expect("module");
        let module_block = ctx.create_block(&[]);
        let module_region = ctx.op_region(module, 0).expect("region");
        ctx.region_append_block(module_region, module_block).expect("append");
        let func = ctx.create_operation(&OperationState::new("bench.func", loc).regions(1)).expect("func");
        ctx.insert_op(func, InsertPoint::BlockEnd(module_block)).expect("insert");
        let body = ctx.create_block(&[(i64, loc), (i64, loc)]);
        let func_region = ctx.op_region(func, 0).expect("region");
        ctx.region_append_block(func_region, body).expect("append");
        ChainFixture { ctx, module, func, body, i64 }
    }

    /// Appends `n` `"bench.op"` ops: op i uses (prev1, prev2), has one i64 result and a
    /// `value = i : i64` attribute.
    pub fn build_chain(&mut self, n: usize) {
        let ctx = &mut self.ctx;
        let loc = ctx.unknown_loc();
        let name = ctx.identifier("bench.op");
        let value_name = ctx.identifier("value");
        let mut prev1: Value = ctx.block_argument(self.body, 0).expect("arg");
        let mut prev2: Value = ctx.block_argument(self.body, 1).expect("arg");
        let mut state = OperationState::new("bench.op", loc).results(&[self.i64]);
        for i in 0..n {
            state.operands.clear();
            state.operands.extend_from_slice(&[prev1, prev2]);
            state.attributes.clear();
            let value = ctx.integer_attr(self.i64, i as i64).expect("int attr");
            state.attributes.push(omnir_core::NamedAttribute { name: value_name, value });
            let op = ctx.create_operation_named(name, &state).expect("create");
            ctx.insert_op(op, InsertPoint::BlockEnd(self.body)).expect("insert");
            prev2 = prev1;
            prev1 = ctx.op_result(op, 0).expect("result");
        }
    }

    /// Counts every op nested in the func (and the func), post-order.
    pub fn walk_count(&self) -> usize {
        let mut count = 0usize;
        self.ctx
            .walk(self.func, omnir_core::WalkOrder::PostOrder, |_| {
                count += 1;
                omnir_core::WalkResult::Advance
            })
            .expect("walk");
        count
    }

    /// Erases the chain from last to first, so each erased op has no uses left.
    pub fn erase_chain(&mut self) -> usize {
        let mut erased = 0;
        while let Some(op) = self.ctx.block_last_op(self.body).expect("block") {
            self.ctx.erase_op(op).expect("erase");
            erased += 1;
        }
        erased
    }
}

impl Default for ChainFixture {
    fn default() -> Self {
        Self::new()
    }
}

/// Median of a set of measurements.
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("no NaN timings"));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}
