//! Property tests: random sequences of IR mutations keep every invariant of the IR.
//!
//! The test keeps every handle it was ever given (ops, blocks, regions, values), erased or
//! not, and after each step checks through the public API that
//! (a) use lists and predecessor lists are consistent both ways,
//! (b) no handle of erased IR resolves (every accessor says `StaleHandle`),
//! (c) every op is reachable from its parent and parent chains end,
//! (d) `live_ir_counts` matches both the live handles and what is reachable from the roots,
//! (e) nothing panics, and every failed call returns `Err` and leaves the IR unchanged.
//! Random garbage handles are thrown at the accessors as well.

use std::collections::HashSet;
use std::fmt::Write as _;

use omnir_core::{
    BlockId, Context, EraseMode, ErrorKind, InsertPoint, OpId, OperationState, RegionId, Result, Value, WalkOrder,
    WalkResult,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// steps

#[derive(Clone, Debug)]
enum Step {
    Create {
        operands: Vec<u16>,
        results: u8,
        regions: u8,
        blocks: u8,
        succ: Option<u16>,
        place: Option<(u8, u16)>,
    },
    /// Created and inserted in one step (`create_operation_at`).
    CreateAt {
        operands: Vec<u16>,
        results: u8,
        regions: u8,
        kind: u8,
        at: u16,
    },
    Insert {
        op: u16,
        kind: u8,
        at: u16,
    },
    Move {
        op: u16,
        kind: u8,
        at: u16,
    },
    Detach {
        op: u16,
    },
    Clone {
        op: u16,
    },
    Rauw {
        from: u16,
        to: u16,
    },
    ReplaceExcept {
        from: u16,
        to: u16,
        except: u16,
    },
    ReplaceIfEven {
        from: u16,
        to: u16,
    },
    SetOperand {
        op: u16,
        index: u8,
        val: u16,
    },
    SetOperands {
        op: u16,
        vals: Vec<u16>,
    },
    DropAllUses {
        val: u16,
    },
    Erase {
        op: u16,
        drop_uses: bool,
    },
    EraseBlock {
        block: u16,
    },
    AddBlockArg {
        block: u16,
    },
    EraseBlockArg {
        block: u16,
        index: u8,
    },
    DropAllReferences {
        op: u16,
    },
    ReplaceOpUses {
        op: u16,
        with: u16,
    },
    CreateBlock {
        nargs: u8,
        region: Option<u16>,
    },
    DetachBlock {
        block: u16,
    },
    AppendBlock {
        block: u16,
        region: u16,
    },
    InsertBlockBefore {
        block: u16,
        before: u16,
    },
    SetSuccessor {
        op: u16,
        index: u8,
        block: u16,
    },
    Garbage {
        index: u32,
        generation: u32,
        number: u32,
    },
}

/// Only creations, mostly placed somewhere: grows a random starting IR.
fn create_strategy() -> impl Strategy<Value = Step> {
    let pick = any::<u16>;
    (
        prop::collection::vec(pick(), 0..4),
        0u8..3,
        0u8..3,
        0u8..3,
        prop::option::weighted(0.2, pick()),
        (any::<u8>(), pick()),
    )
        .prop_map(|(operands, results, regions, blocks, succ, place)| Step::Create {
            operands,
            results,
            regions,
            blocks,
            succ,
            place: Some(place),
        })
}

fn step_strategy() -> impl Strategy<Value = Step> {
    let pick = any::<u16>;
    prop_oneof![
        10 => (prop::collection::vec(pick(), 0..4), 0u8..3, 0u8..3, 0u8..3, prop::option::weighted(0.3, pick()), prop::option::weighted(0.85, (any::<u8>(), pick())))
            .prop_map(|(operands, results, regions, blocks, succ, place)| Step::Create { operands, results, regions, blocks, succ, place }),
        4 => (prop::collection::vec(pick(), 0..4), 0u8..3, 0u8..3, any::<u8>(), pick())
            .prop_map(|(operands, results, regions, kind, at)| Step::CreateAt { operands, results, regions, kind, at }),
        3 => (pick(), any::<u8>(), pick()).prop_map(|(op, kind, at)| Step::Insert { op, kind, at }),
        3 => (pick(), any::<u8>(), pick()).prop_map(|(op, kind, at)| Step::Move { op, kind, at }),
        2 => pick().prop_map(|op| Step::Detach { op }),
        2 => pick().prop_map(|op| Step::Clone { op }),
        2 => (pick(), pick()).prop_map(|(from, to)| Step::Rauw { from, to }),
        1 => (pick(), pick(), pick()).prop_map(|(from, to, except)| Step::ReplaceExcept { from, to, except }),
        1 => (pick(), pick()).prop_map(|(from, to)| Step::ReplaceIfEven { from, to }),
        3 => (pick(), 0u8..4, pick()).prop_map(|(op, index, val)| Step::SetOperand { op, index, val }),
        1 => (pick(), prop::collection::vec(pick(), 0..4)).prop_map(|(op, vals)| Step::SetOperands { op, vals }),
        1 => pick().prop_map(|val| Step::DropAllUses { val }),
        3 => (pick(), any::<bool>()).prop_map(|(op, drop_uses)| Step::Erase { op, drop_uses }),
        1 => pick().prop_map(|block| Step::EraseBlock { block }),
        2 => pick().prop_map(|block| Step::AddBlockArg { block }),
        2 => (pick(), 0u8..4).prop_map(|(block, index)| Step::EraseBlockArg { block, index }),
        1 => pick().prop_map(|op| Step::DropAllReferences { op }),
        1 => (pick(), pick()).prop_map(|(op, with)| Step::ReplaceOpUses { op, with }),
        2 => (0u8..3, prop::option::weighted(0.7, pick())).prop_map(|(nargs, region)| Step::CreateBlock { nargs, region }),
        1 => pick().prop_map(|block| Step::DetachBlock { block }),
        1 => (pick(), pick()).prop_map(|(block, region)| Step::AppendBlock { block, region }),
        1 => (pick(), pick()).prop_map(|(block, before)| Step::InsertBlockBefore { block, before }),
        2 => (pick(), 0u8..3, pick()).prop_map(|(op, index, block)| Step::SetSuccessor { op, index, block }),
        2 => (any::<u32>(), any::<u32>(), any::<u32>()).prop_map(|(index, generation, number)| Step::Garbage { index, generation, number }),
    ]
}

// ---------------------------------------------------------------------------------------
// the model: every handle ever handed out

struct State {
    ctx: Context,
    ops: Vec<OpId>,
    blocks: Vec<BlockId>,
    regions: Vec<RegionId>,
    values: Vec<Value>,
    /// Block arguments erased by `EraseBlockArg` (their handles stay stale).
    erased_args: HashSet<Value>,
    seen_ops: HashSet<OpId>,
    seen_blocks: HashSet<BlockId>,
    seen_regions: HashSet<RegionId>,
}

fn kind_of<T>(r: &Result<T>) -> Option<ErrorKind> {
    r.as_ref().err().map(|e| e.kind)
}

impl State {
    fn new() -> State {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let mut s = State {
            ctx,
            ops: Vec::new(),
            blocks: Vec::new(),
            regions: Vec::new(),
            values: Vec::new(),
            erased_args: HashSet::new(),
            seen_ops: HashSet::new(),
            seen_blocks: HashSet::new(),
            seen_regions: HashSet::new(),
        };
        // Two containers with two single-block regions each, so there is somewhere to put ops.
        for _ in 0..2 {
            let op = s.create(&[], 1, 2, None).expect("root");
            for r in s.ctx.op_regions(op).unwrap() {
                let b = s.new_block(1);
                s.ctx.region_append_block(r, b).unwrap();
            }
        }
        s
    }

    // ---- picking: mostly live handles, sometimes any handle ever seen (maybe stale) ----

    fn pick<T: Copy>(all: &[T], live: impl Fn(T) -> bool, k: u16) -> Option<T> {
        if all.is_empty() {
            return None;
        }
        if k % 8 == 0 {
            return Some(all[(k as usize / 8) % all.len()]);
        }
        let live: Vec<T> = all.iter().copied().filter(|&x| live(x)).collect();
        if live.is_empty() {
            Some(all[k as usize % all.len()])
        } else {
            Some(live[k as usize % live.len()])
        }
    }
    fn op(&self, k: u16) -> Option<OpId> {
        Self::pick(&self.ops, |o| self.ctx.is_op_live(o), k)
    }
    fn block(&self, k: u16) -> Option<BlockId> {
        Self::pick(&self.blocks, |b| self.ctx.is_block_live(b), k)
    }
    fn region(&self, k: u16) -> Option<RegionId> {
        Self::pick(&self.regions, |r| self.ctx.is_region_live(r), k)
    }
    fn value(&self, k: u16) -> Option<Value> {
        Self::pick(&self.values, |v| self.ctx.is_value_live(v), k)
    }
    /// Mostly a live op that has no parent (what insert_op wants).
    fn detached_op(&self, k: u16) -> Option<OpId> {
        Self::pick(&self.ops, |o| self.ctx.op_parent_block(o) == Ok(None), k)
    }
    /// Mostly a live block that has no parent region.
    fn detached_block(&self, k: u16) -> Option<BlockId> {
        Self::pick(&self.blocks, |b| self.ctx.block_parent_region(b) == Ok(None), k)
    }
    /// Mostly a live op with successors.
    fn branch_op(&self, k: u16) -> Option<OpId> {
        Self::pick(&self.ops, |o| self.ctx.op_num_successors(o).is_ok_and(|n| n > 0), k)
    }
    /// Mostly an in-range operand index of `op`.
    fn operand_index(&self, op: OpId, k: u8) -> usize {
        match self.ctx.op_num_operands(op) {
            Ok(n) if n > 0 && k % 8 != 0 => k as usize % n,
            _ => k as usize,
        }
    }
    fn point(&self, kind: u8, at: u16) -> Option<InsertPoint> {
        Some(match kind % 4 {
            0 => InsertPoint::BlockStart(self.block(at)?),
            1 => InsertPoint::BlockEnd(self.block(at)?),
            2 => InsertPoint::Before(self.op(at)?),
            _ => InsertPoint::After(self.op(at)?),
        })
    }

    // ---- recording new handles ----

    fn record_op(&mut self, op: OpId) {
        assert!(self.seen_ops.insert(op), "a new op reuses an old handle: {op:?}");
        self.ops.push(op);
        self.values.extend(self.ctx.op_results(op).unwrap());
        for r in self.ctx.op_regions(op).unwrap() {
            assert!(self.seen_regions.insert(r), "a new region reuses an old handle");
            self.regions.push(r);
        }
    }
    fn record_block(&mut self, b: BlockId) {
        assert!(self.seen_blocks.insert(b), "a new block reuses an old handle: {b:?}");
        self.blocks.push(b);
        self.values.extend(self.ctx.block_arguments(b).unwrap());
    }
    fn new_block(&mut self, nargs: u8) -> BlockId {
        let i32t = self.ctx.signless_int(32);
        let loc = self.ctx.unknown_loc();
        let b = self.ctx.create_block(&vec![(i32t, loc); nargs as usize]);
        self.record_block(b);
        b
    }
    fn create(&mut self, operands: &[Value], results: u8, regions: u8, succ: Option<BlockId>) -> Result<OpId> {
        let i32t = self.ctx.signless_int(32);
        let loc = self.ctx.unknown_loc();
        let mut st = OperationState::new(if succ.is_some() { "test.br" } else { "test.op" }, loc)
            .operands(operands)
            .results(&vec![i32t; results as usize])
            .regions(regions as usize);
        if let Some(b) = succ {
            st = st.successors(&[b]);
        }
        let op = self.ctx.create_operation(&st)?;
        self.record_op(op);
        Ok(op)
    }

    // ---- the checked-call wrapper: a failure must change nothing ----

    fn roots(&self) -> (Vec<OpId>, Vec<BlockId>) {
        let ops = self.ops.iter().copied().filter(|&o| self.ctx.op_parent_block(o) == Ok(None)).collect();
        let blocks = self.blocks.iter().copied().filter(|&b| self.ctx.block_parent_region(b) == Ok(None)).collect();
        (ops, blocks)
    }

    fn dump(&self) -> String {
        let (ops, blocks) = self.roots();
        dump(&self.ctx, &ops, &blocks)
    }

    fn checked<T>(&mut self, what: &str, f: impl FnOnce(&mut Context) -> Result<T>) -> Result<T> {
        let before = self.dump();
        let r = f(&mut self.ctx);
        if let Err(e) = &r {
            assert!(!e.message.is_empty());
            let after = self.dump();
            assert_eq!(before, after, "failed {what} ({e:?}) changed the IR");
        }
        r
    }

    fn null_operands(&self) -> usize {
        self.ops
            .iter()
            .filter(|&&o| self.ctx.is_op_live(o))
            .map(|&o| {
                let n = self.ctx.op_num_operands(o).unwrap();
                (0..n).filter(|&i| self.ctx.op_operand(o, i).unwrap().is_none()).count()
            })
            .sum()
    }

    fn discover(&mut self, root: OpId) {
        // Record everything a clone created (pre-order: parents first).
        let ops = self.ctx.collect_ops(root, WalkOrder::PreOrder).unwrap();
        for op in ops {
            self.record_op(op);
            for r in self.ctx.op_regions(op).unwrap() {
                for b in self.ctx.region_blocks(r).unwrap() {
                    self.record_block(b);
                }
            }
        }
    }

    // ---- applying one step ----

    fn apply(&mut self, step: &Step) {
        match *step {
            Step::Create { ref operands, results, regions, blocks, succ, place } => {
                let vals: Vec<Value> = operands.iter().filter_map(|&k| self.value(k)).collect();
                let succ = succ.and_then(|k| self.block(k));
                let counts = self.ctx.live_ir_counts();
                let before = self.dump();
                match self.create(&vals, results, regions, succ) {
                    Ok(op) => {
                        assert_eq!(self.ctx.op_operands(op).unwrap(), vals);
                        assert_eq!(self.ctx.op_parent_block(op).unwrap(), None);
                        for r in self.ctx.op_regions(op).unwrap() {
                            for _ in 0..blocks {
                                let b = self.new_block(blocks % 2);
                                self.ctx.region_append_block(r, b).unwrap();
                            }
                        }
                        if let Some((kind, at)) = place {
                            if let Some(p) = self.point(kind, at) {
                                if self.checked("insert new", |c| c.insert_op(op, p)).is_ok() {
                                    self.expect_parent(op, p);
                                }
                            }
                        }
                    }
                    Err(e) => {
                        assert_eq!(e.kind, ErrorKind::StaleHandle, "{e:?}");
                        assert_eq!(self.ctx.live_ir_counts(), counts);
                        assert_eq!(self.dump(), before);
                    }
                }
            }
            Step::CreateAt { ref operands, results, regions, kind, at } => {
                let Some(p) = self.point(kind, at) else { return };
                let vals: Vec<Value> = operands.iter().filter_map(|&k| self.value(k)).collect();
                let i32t = self.ctx.signless_int(32);
                let st = OperationState::new("test.op", self.ctx.unknown_loc())
                    .operands(&vals)
                    .results(&vec![i32t; results as usize])
                    .regions(regions as usize);
                let name = self.ctx.identifier("test.op");
                let counts = self.ctx.live_ir_counts();
                match self.checked("create at", |c| c.create_operation_at(name, &st, p)) {
                    Ok(op) => {
                        self.record_op(op);
                        assert_eq!(self.ctx.op_operands(op).unwrap(), vals);
                        self.expect_parent(op, p);
                    }
                    Err(e) => {
                        // A stale operand or point, or a point next to a detached op.
                        assert!(matches!(e.kind, ErrorKind::StaleHandle | ErrorKind::InvalidArgument), "{e:?}");
                        assert_eq!(self.ctx.live_ir_counts(), counts);
                    }
                }
            }
            Step::Insert { op, kind, at } => {
                let (Some(op), Some(p)) = (self.detached_op(op), self.point(kind, at)) else { return };
                if self.checked("insert", |c| c.insert_op(op, p)).is_ok() {
                    self.expect_parent(op, p);
                }
            }
            Step::Move { op, kind, at } => {
                let (Some(op), Some(p)) = (self.op(op), self.point(kind, at)) else { return };
                if self.checked("move", |c| c.move_op(op, p)).is_ok() {
                    self.expect_parent(op, p);
                }
            }
            Step::Detach { op } => {
                let Some(op) = self.op(op) else { return };
                if self.checked("detach", |c| c.detach_op(op)).is_ok() {
                    assert_eq!(self.ctx.op_parent_block(op).unwrap(), None);
                }
            }
            Step::Clone { op } => {
                let Some(op) = self.op(op) else { return };
                let (o0, b0, r0) = self.ctx.live_ir_counts();
                let size = self.ctx.collect_ops(op, WalkOrder::PreOrder).map(|v| v.len()).unwrap_or(0);
                if let Ok(c) = self.checked("clone", |c| c.clone_op(op)) {
                    assert_eq!(self.ctx.op_parent_block(c).unwrap(), None);
                    assert_eq!(self.ctx.op_name(c).unwrap(), self.ctx.op_name(op).unwrap());
                    assert_eq!(self.ctx.op_num_operands(c).unwrap(), self.ctx.op_num_operands(op).unwrap());
                    assert_eq!(self.ctx.op_result_types(c).unwrap(), self.ctx.op_result_types(op).unwrap());
                    let (o1, b1, r1) = self.ctx.live_ir_counts();
                    assert_eq!(o1 - o0, size);
                    assert!(b1 >= b0 && r1 >= r0);
                    self.discover(c);
                }
            }
            Step::Rauw { from, to } => {
                let (Some(f), Some(t)) = (self.value(from), self.value(to)) else { return };
                let expected = self.ctx.value_num_uses(f).ok().zip(self.ctx.value_num_uses(t).ok());
                if self.checked("rauw", |c| c.replace_all_uses_with(f, t)).is_ok() {
                    let (nf, nt) = expected.unwrap();
                    if f != t {
                        assert_eq!(self.ctx.value_num_uses(f).unwrap(), 0);
                        assert_eq!(self.ctx.value_num_uses(t).unwrap(), nf + nt);
                    }
                }
            }
            Step::ReplaceExcept { from, to, except } => {
                let (Some(f), Some(t), Some(e)) = (self.value(from), self.value(to), self.op(except)) else { return };
                if self.checked("replace except", |c| c.replace_all_uses_except(f, t, e)).is_ok() && f != t {
                    for u in self.ctx.value_uses(f).unwrap() {
                        assert_eq!(u.op, e, "only the excepted op may still use the old value");
                    }
                }
            }
            Step::ReplaceIfEven { from, to } => {
                let (Some(f), Some(t)) = (self.value(from), self.value(to)) else { return };
                if self.checked("replace if", |c| c.replace_uses_if(f, t, |_, u| u.index % 2 == 0)).is_ok() && f != t {
                    for u in self.ctx.value_uses(f).unwrap() {
                        assert_eq!(u.index % 2, 1);
                    }
                }
            }
            Step::SetOperand { op, index, val } => {
                let (Some(op), Some(v)) = (self.op(op), self.value(val)) else { return };
                let index = self.operand_index(op, index);
                if self.checked("set operand", |c| c.set_operand(op, index, v)).is_ok() {
                    assert_eq!(self.ctx.op_operand(op, index).unwrap(), Some(v));
                }
            }
            Step::SetOperands { op, ref vals } => {
                let Some(op) = self.op(op) else { return };
                let vals: Vec<Value> = vals.iter().filter_map(|&k| self.value(k)).collect();
                if self.checked("set operands", |c| c.set_operands(op, &vals)).is_ok() {
                    assert_eq!(self.ctx.op_operands(op).unwrap(), vals);
                }
            }
            Step::DropAllUses { val } => {
                let Some(v) = self.value(val) else { return };
                if self.checked("drop uses", |c| c.drop_all_uses(v)).is_ok() {
                    assert!(!self.ctx.value_has_uses(v).unwrap());
                }
            }
            Step::Erase { op, drop_uses } => {
                let Some(op) = self.op(op) else { return };
                let nulls = self.null_operands();
                let mode = if drop_uses { EraseMode::DropUses } else { EraseMode::RequireNoUses };
                let r = self.checked("erase", |c| c.erase_op_with(op, mode));
                if r.is_ok() {
                    assert!(!self.ctx.is_op_live(op));
                    if !drop_uses {
                        assert!(self.null_operands() <= nulls, "RequireNoUses erase made operands null");
                    }
                } else {
                    let k = kind_of(&r).unwrap();
                    assert!(matches!(k, ErrorKind::StaleHandle | ErrorKind::StillInUse), "{k:?}");
                }
            }
            Step::EraseBlock { block } => {
                let Some(b) = self.block(block) else { return };
                let nulls = self.null_operands();
                if self.checked("erase block", |c| c.erase_block(b)).is_ok() {
                    assert!(!self.ctx.is_block_live(b));
                    assert!(self.null_operands() <= nulls);
                }
            }
            Step::AddBlockArg { block } => {
                let Some(b) = self.block(block) else { return };
                let n = self.ctx.block_num_arguments(b).ok();
                let i64t = self.ctx.signless_int(64);
                let loc = self.ctx.unknown_loc();
                if let Ok(v) = self.checked("add arg", |c| c.block_add_argument(b, i64t, loc)) {
                    assert_eq!(self.ctx.block_num_arguments(b).unwrap(), n.unwrap() + 1);
                    assert_eq!(self.ctx.value_type(v).unwrap(), i64t);
                    assert_eq!(self.ctx.value_number(v).unwrap() as usize, n.unwrap());
                    self.values.push(v);
                }
            }
            Step::EraseBlockArg { block, index } => {
                let Some(b) = self.block(block) else { return };
                let n = self.ctx.block_num_arguments(b).ok();
                let index = index as usize;
                // The types of the arguments after `index`, which shift down by one.
                let later: Option<Vec<_>> = n.map(|n| {
                    (index + 1..n)
                        .map(|i| self.ctx.value_type(self.ctx.block_argument(b, i).unwrap()).unwrap())
                        .collect()
                });
                // Handles name arguments: the later ones keep theirs, the erased one's goes stale.
                let erased = self.ctx.block_argument(b, index).ok();
                let later_handles: Vec<Value> = n
                    .map(|n| (index + 1..n).map(|i| self.ctx.block_argument(b, i).unwrap()).collect())
                    .unwrap_or_default();
                let r = self.checked("erase arg", |c| c.block_erase_argument(b, index));
                match r {
                    Ok(()) => {
                        self.erased_args.extend(erased);
                        for (k, h) in later_handles.iter().enumerate() {
                            assert_eq!(self.ctx.block_argument(b, index + k).unwrap(), *h);
                            assert_eq!(self.ctx.value_number(*h).unwrap() as usize, index + k);
                        }
                        let n = n.unwrap();
                        assert_eq!(self.ctx.block_num_arguments(b).unwrap(), n - 1);
                        for (k, ty) in later.unwrap().into_iter().enumerate() {
                            let a = self.ctx.block_argument(b, index + k).unwrap();
                            assert_eq!(self.ctx.value_type(a).unwrap(), ty);
                        }
                    }
                    Err(e) => assert!(
                        matches!(e.kind, ErrorKind::StaleHandle | ErrorKind::StillInUse | ErrorKind::OutOfRange),
                        "{e:?}"
                    ),
                }
            }
            Step::DropAllReferences { op } => {
                let Some(op) = self.op(op) else { return };
                if self.checked("drop all references", |c| c.drop_all_references(op)).is_ok() {
                    for o in self.ctx.collect_ops(op, WalkOrder::PreOrder).unwrap() {
                        assert!(self.ctx.op_operands(o).unwrap().is_empty());
                    }
                }
            }
            Step::ReplaceOpUses { op, with } => {
                let (Some(op), Some(with)) = (self.op(op), self.op(with)) else { return };
                let Ok(values) = self.ctx.op_results(with) else { return };
                if self.checked("replace op uses", |c| c.replace_op_uses(op, &values)).is_ok() && op != with {
                    for r in self.ctx.op_results(op).unwrap() {
                        assert!(!self.ctx.value_has_uses(r).unwrap());
                    }
                }
            }
            Step::CreateBlock { nargs, region } => {
                let b = self.new_block(nargs);
                if let Some(r) = region.and_then(|k| self.region(k)) {
                    if self.checked("append new block", |c| c.region_append_block(r, b)).is_ok() {
                        assert_eq!(self.ctx.block_parent_region(b).unwrap(), Some(r));
                    }
                }
            }
            Step::DetachBlock { block } => {
                let Some(b) = self.block(block) else { return };
                if self.checked("detach block", |c| c.detach_block(b)).is_ok() {
                    assert_eq!(self.ctx.block_parent_region(b).unwrap(), None);
                }
            }
            Step::AppendBlock { block, region } => {
                let (Some(b), Some(r)) = (self.detached_block(block), self.region(region)) else { return };
                if self.checked("append block", |c| c.region_append_block(r, b)).is_ok() {
                    assert_eq!(self.ctx.region_blocks(r).unwrap().last(), Some(&b));
                }
            }
            Step::InsertBlockBefore { block, before } => {
                let (Some(b), Some(at)) = (self.detached_block(block), self.block(before)) else { return };
                if self.checked("insert block", |c| c.region_insert_block_before(at, b)).is_ok() {
                    assert_eq!(self.ctx.block_next(b).unwrap(), Some(at));
                }
            }
            Step::SetSuccessor { op, index, block } => {
                let (Some(op), Some(b)) = (self.branch_op(op), self.block(block)) else { return };
                if self.checked("set successor", |c| c.set_successor(op, index as usize, b)).is_ok() {
                    assert_eq!(self.ctx.op_successor(op, index as usize).unwrap(), b);
                }
            }
            Step::Garbage { index, generation, number } => self.garbage(index, generation, number),
        }
    }

    fn expect_parent(&self, op: OpId, p: InsertPoint) {
        let parent = self.ctx.op_parent_block(op).unwrap();
        match p {
            InsertPoint::BlockStart(b) => {
                assert_eq!(parent, Some(b));
                assert_eq!(self.ctx.block_first_op(b).unwrap(), Some(op));
            }
            InsertPoint::BlockEnd(b) => {
                assert_eq!(parent, Some(b));
                assert_eq!(self.ctx.block_last_op(b).unwrap(), Some(op));
            }
            InsertPoint::Before(o) => {
                assert_eq!(parent, self.ctx.op_parent_block(o).unwrap());
                if o != op {
                    assert_eq!(self.ctx.op_next(op).unwrap(), Some(o));
                }
            }
            InsertPoint::After(o) => {
                assert_eq!(parent, self.ctx.op_parent_block(o).unwrap());
                if o != op {
                    assert_eq!(self.ctx.op_prev(op).unwrap(), Some(o));
                }
            }
        }
    }

    /// Random raw handles: every accessor must answer without panicking, and anything that
    /// is not one of our live handles must be stale.
    fn garbage(&mut self, index: u32, generation: u32, number: u32) {
        let max_index = self.ops.len().max(self.blocks.len()).max(self.regions.len()) as u32 + 2;
        let max_gen = 8;
        let (index, generation) = match number % 4 {
            0 => (index, generation),
            _ => (index % max_index, generation % max_gen),
        };
        let op = OpId::from_raw(index, generation);
        let block = BlockId::from_raw(index, generation);
        let region = RegionId::from_raw(index, generation);
        let ctx = &self.ctx;
        let op_known = self.seen_ops.contains(&op) && ctx.is_op_live(op);
        let block_known = self.seen_blocks.contains(&block) && ctx.is_block_live(block);
        let region_known = self.seen_regions.contains(&region) && ctx.is_region_live(region);
        let check = |ok: bool, known: bool, kind: Option<ErrorKind>, what: &str| {
            if !known {
                assert!(!ok, "garbage {what} handle ({index}, {generation}) resolved");
                assert_eq!(kind, Some(ErrorKind::StaleHandle), "{what}");
            }
        };
        let r = ctx.op_name(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_operands(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_results(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_regions(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_successors(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_parent_block(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_parent_region(op);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.op_attributes(op).map(|a| a.len());
        check(r.is_ok(), op_known, kind_of(&r), "op");
        let r = ctx.walk(op, WalkOrder::PostOrder, |_| WalkResult::Advance);
        check(r.is_ok(), op_known, kind_of(&r), "op");
        // Every live entity was handed to us at some point, so "live" means "known".
        assert_eq!(ctx.is_op_live(op), op_known);
        assert_eq!(ctx.is_block_live(block), block_known);
        assert_eq!(ctx.is_region_live(region), region_known);
        let r = ctx.block_ops(block);
        check(r.is_ok(), block_known, kind_of(&r), "block");
        let r = ctx.block_arguments(block);
        check(r.is_ok(), block_known, kind_of(&r), "block");
        let r = ctx.block_predecessors(block);
        check(r.is_ok(), block_known, kind_of(&r), "block");
        let r = ctx.block_parent_op(block);
        check(r.is_ok(), block_known, kind_of(&r), "block");
        let r = ctx.region_blocks(region);
        check(r.is_ok(), region_known, kind_of(&r), "region");
        let r = ctx.region_parent_op(region);
        check(r.is_ok(), region_known, kind_of(&r), "region");
        let r = ctx.region_number(region);
        check(r.is_ok(), region_known, kind_of(&r), "region");
        for number in [number, number % 4, (number % 4) | (1 << 31)] {
            let v = Value::from_raw(index, generation, number);
            let known = if v.is_block_argument() {
                block_known && (v.number() as usize) < ctx.block_num_arguments(block).unwrap()
            } else {
                op_known && (v.number() as usize) < ctx.op_num_results(op).unwrap()
            };
            let r = ctx.value_type(v);
            check(r.is_ok(), known, kind_of(&r), "value");
            let r = ctx.value_uses(v);
            check(r.is_ok(), known, kind_of(&r), "value");
            let r = ctx.value_defining_op(v);
            check(r.is_ok(), known, kind_of(&r), "value");
            let r = ctx.value_parent_block(v);
            check(r.is_ok(), known, kind_of(&r), "value");
            assert_eq!(ctx.is_value_live(v), known);
        }
        // Mutations through garbage handles fail and change nothing.
        if !op_known {
            let r = self.checked("garbage erase", |c| c.erase_op(op));
            assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            let r = self.checked("garbage detach", |c| c.detach_op(op));
            assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            let r = self.checked("garbage clone", |c| c.clone_op(op));
            assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            if let Some(&b) = self.blocks.iter().find(|&&b| self.ctx.is_block_live(b)) {
                let r = self.checked("garbage insert", |c| c.insert_op(op, InsertPoint::BlockEnd(b)));
                assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            }
        }
        if !block_known {
            let r = self.checked("garbage erase block", |c| c.erase_block(block));
            assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            if let Some(&o) = self.ops.iter().find(|&&o| self.ctx.is_op_live(o)) {
                let r = self.checked("garbage insert point", |c| c.move_op(o, InsertPoint::BlockStart(block)));
                assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            }
        }
        let v = Value::from_raw(index, generation, number);
        if !self.ctx.is_value_live(v) {
            if let Some(&o) =
                self.ops.iter().find(|&&o| self.ctx.is_op_live(o) && self.ctx.op_num_operands(o).unwrap() > 0)
            {
                let r = self.checked("garbage set operand", |c| c.set_operand(o, 0, v));
                assert_eq!(kind_of(&r), Some(ErrorKind::StaleHandle));
            }
        }
    }

    // ---- the invariants ----

    fn check_invariants(&self) {
        let ctx = &self.ctx;
        let live_ops: Vec<OpId> = self.ops.iter().copied().filter(|&o| ctx.is_op_live(o)).collect();
        let live_blocks: Vec<BlockId> = self.blocks.iter().copied().filter(|&b| ctx.is_block_live(b)).collect();
        let live_regions: Vec<RegionId> = self.regions.iter().copied().filter(|&r| ctx.is_region_live(r)).collect();

        // (a) use lists, both ways; predecessor lists, both ways.
        for &op in &live_ops {
            for i in 0..ctx.op_num_operands(op).unwrap() {
                if let Some(v) = ctx.op_operand(op, i).unwrap() {
                    assert!(ctx.is_value_live(v), "{op:?} operand {i} names a dead value");
                    let n = ctx.value_uses(v).unwrap().iter().filter(|u| u.op == op && u.index as usize == i).count();
                    assert_eq!(n, 1, "({op:?}, {i}) appears {n} times in the use list of {v:?}");
                }
            }
            for (j, s) in ctx.op_successors(op).unwrap().into_iter().enumerate() {
                assert!(ctx.is_block_live(s), "{op:?} successor {j} is dead");
                let n =
                    ctx.block_predecessors(s).unwrap().iter().filter(|p| p.op == op && p.index as usize == j).count();
                assert_eq!(n, 1);
            }
        }
        let mut all_values: Vec<Value> = Vec::new();
        for &op in &live_ops {
            all_values.extend(ctx.op_results(op).unwrap());
        }
        for &b in &live_blocks {
            all_values.extend(ctx.block_arguments(b).unwrap());
        }
        for &v in &all_values {
            let uses = ctx.value_uses(v).unwrap();
            assert_eq!(ctx.value_num_uses(v).unwrap(), uses.len());
            assert_eq!(ctx.value_has_uses(v).unwrap(), !uses.is_empty());
            let distinct: HashSet<_> = uses.iter().collect();
            assert_eq!(distinct.len(), uses.len(), "duplicate use of {v:?}");
            for u in uses {
                assert!(ctx.is_op_live(u.op), "use of {v:?} by a dead op");
                assert_eq!(ctx.op_operand(u.op, u.index as usize).unwrap(), Some(v), "use list of {v:?} is wrong");
            }
        }
        for &b in &live_blocks {
            for p in ctx.block_predecessors(b).unwrap() {
                assert!(ctx.is_op_live(p.op));
                assert_eq!(ctx.op_successor(p.op, p.index as usize).unwrap(), b);
            }
        }

        // (b) nothing erased resolves.
        for &op in self.ops.iter().filter(|&&o| !ctx.is_op_live(o)) {
            assert_eq!(kind_of(&ctx.op_name(op)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.op_num_operands(op)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.op_parent_block(op)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.op_regions(op)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.op_next(op)), Some(ErrorKind::StaleHandle));
        }
        for &b in self.blocks.iter().filter(|&&b| !ctx.is_block_live(b)) {
            assert_eq!(kind_of(&ctx.block_num_arguments(b)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.block_ops(b)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.block_parent_region(b)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.block_predecessors(b)), Some(ErrorKind::StaleHandle));
        }
        for &r in self.regions.iter().filter(|&&r| !ctx.is_region_live(r)) {
            assert_eq!(kind_of(&ctx.region_blocks(r)), Some(ErrorKind::StaleHandle));
            assert_eq!(kind_of(&ctx.region_parent_op(r)), Some(ErrorKind::StaleHandle));
        }
        for &v in &self.values {
            let (owner, generation, _) = v.to_raw();
            // A value lives while its owner does: a block argument until it is erased (the
            // later ones shift down but keep their handles, as MLIR's BlockArgument).
            let owner_live = if v.is_block_argument() {
                let b = BlockId::from_raw(owner, generation);
                ctx.block_num_arguments(b).is_ok() && !self.erased_args.contains(&v)
            } else {
                let o = OpId::from_raw(owner, generation);
                ctx.op_num_results(o).is_ok_and(|n| (v.number() as usize) < n)
            };
            assert_eq!(ctx.is_value_live(v), owner_live, "{v:?}");
            if !owner_live {
                assert_eq!(kind_of(&ctx.value_type(v)), Some(ErrorKind::StaleHandle));
                assert_eq!(kind_of(&ctx.value_uses(v)), Some(ErrorKind::StaleHandle));
                assert_eq!(kind_of(&ctx.value_defining_op(v)), Some(ErrorKind::StaleHandle));
            }
        }

        // (c) every op is in its parent's list, exactly once; links agree; parent chains end.
        for &op in &live_ops {
            if let Some(b) = ctx.op_parent_block(op).unwrap() {
                assert!(ctx.is_block_live(b));
                let n = ctx.block_ops(b).unwrap().iter().filter(|&&o| o == op).count();
                assert_eq!(n, 1, "{op:?} appears {n} times in its block");
            }
            let mut cur = op;
            let mut steps = 0;
            while let Some(p) = ctx.op_parent_op(cur).unwrap() {
                assert!(ctx.is_op_live(p));
                cur = p;
                steps += 1;
                assert!(steps <= live_ops.len(), "parent chain of {op:?} does not end");
            }
            assert_eq!(ctx.op_root(op).unwrap(), cur);
            assert!(ctx.op_is_ancestor(cur, op).unwrap());
            for (i, r) in ctx.op_regions(op).unwrap().into_iter().enumerate() {
                assert_eq!(ctx.region_parent_op(r).unwrap(), op);
                assert_eq!(ctx.region_number(r).unwrap(), i);
            }
        }
        for &b in &live_blocks {
            let ops = ctx.block_ops(b).unwrap();
            assert_eq!(ctx.block_first_op(b).unwrap(), ops.first().copied());
            assert_eq!(ctx.block_last_op(b).unwrap(), ops.last().copied());
            assert_eq!(ctx.block_num_ops(b).unwrap(), ops.len());
            for (i, &o) in ops.iter().enumerate() {
                assert_eq!(ctx.op_parent_block(o).unwrap(), Some(b));
                assert_eq!(ctx.op_prev(o).unwrap(), if i == 0 { None } else { Some(ops[i - 1]) });
                assert_eq!(ctx.op_next(o).unwrap(), ops.get(i + 1).copied());
            }
            if let Some(r) = ctx.block_parent_region(b).unwrap() {
                assert!(ctx.is_region_live(r));
                assert_eq!(ctx.region_blocks(r).unwrap().iter().filter(|&&x| x == b).count(), 1);
                assert_eq!(ctx.block_parent_op(b).unwrap(), Some(ctx.region_parent_op(r).unwrap()));
            } else {
                assert_eq!(ctx.block_parent_op(b).unwrap(), None);
            }
        }
        for &r in &live_regions {
            let blocks = ctx.region_blocks(r).unwrap();
            assert_eq!(ctx.region_first_block(r).unwrap(), blocks.first().copied());
            assert_eq!(ctx.region_is_empty(r).unwrap(), blocks.is_empty());
            for (i, &b) in blocks.iter().enumerate() {
                assert_eq!(ctx.block_parent_region(b).unwrap(), Some(r));
                assert_eq!(ctx.block_prev(b).unwrap(), if i == 0 { None } else { Some(blocks[i - 1]) });
                assert_eq!(ctx.block_next(b).unwrap(), blocks.get(i + 1).copied());
            }
        }

        // (d) counts: the arenas, our live handles and what the roots reach all agree.
        let counts = ctx.live_ir_counts();
        assert_eq!(counts, (live_ops.len(), live_blocks.len(), live_regions.len()), "live handles vs arenas");
        let (root_ops, root_blocks) = self.roots();
        let (mut n_ops, mut n_blocks, mut n_regions) = (0, 0, 0);
        let mut seen: HashSet<OpId> = HashSet::new();
        enum W {
            Op(OpId),
            Block(BlockId),
        }
        let mut stack: Vec<W> = root_ops.into_iter().map(W::Op).chain(root_blocks.into_iter().map(W::Block)).collect();
        while let Some(w) = stack.pop() {
            match w {
                W::Op(o) => {
                    assert!(seen.insert(o), "{o:?} reached twice");
                    n_ops += 1;
                    for r in ctx.op_regions(o).unwrap() {
                        n_regions += 1;
                        stack.extend(ctx.region_blocks(r).unwrap().into_iter().map(W::Block));
                    }
                }
                W::Block(b) => {
                    n_blocks += 1;
                    stack.extend(ctx.block_ops(b).unwrap().into_iter().map(W::Op));
                }
            }
        }
        assert_eq!((n_ops, n_blocks, n_regions), counts, "reachable from roots vs arenas");
        // Walks agree with the structure.
        for &op in &live_ops {
            if ctx.op_parent_block(op).unwrap().is_none() {
                let pre = ctx.collect_ops(op, WalkOrder::PreOrder).unwrap();
                let post = ctx.collect_ops(op, WalkOrder::PostOrder).unwrap();
                assert_eq!(pre.len(), post.len());
                assert_eq!(pre[0], op);
                assert_eq!(*post.last().unwrap(), op);
                let a: HashSet<_> = pre.iter().collect();
                let b: HashSet<_> = post.iter().collect();
                assert_eq!(a, b);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// dump (public API only, iterative)

fn dump(ctx: &Context, ops: &[OpId], blocks: &[BlockId]) -> String {
    enum W {
        Op(OpId, usize),
        Block(BlockId, usize),
    }
    let v = |x: Value| {
        let (o, g, n) = x.to_raw();
        format!("%{o}.{g}.{n:x}")
    };
    let uses = |x: Value| {
        ctx.value_uses(x)
            .unwrap()
            .iter()
            .map(|u| format!("{:?}#{}", u.op.to_raw(), u.index))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut out = String::new();
    let mut stack: Vec<W> = Vec::new();
    for &b in blocks.iter().rev() {
        stack.push(W::Block(b, 0));
    }
    for &o in ops.iter().rev() {
        stack.push(W::Op(o, 0));
    }
    while let Some(w) = stack.pop() {
        match w {
            W::Op(op, d) => {
                let operands: Vec<String> = (0..ctx.op_num_operands(op).unwrap())
                    .map(|i| ctx.op_operand(op, i).unwrap().map_or("null".into(), v))
                    .collect();
                let results: Vec<String> = ctx
                    .op_results(op)
                    .unwrap()
                    .into_iter()
                    .map(|r| format!("{}:{:?}[{}]", v(r), ctx.value_type(r).unwrap(), uses(r)))
                    .collect();
                let succ: Vec<String> =
                    ctx.op_successors(op).unwrap().iter().map(|b| format!("{:?}", b.to_raw())).collect();
                let _ = writeln!(
                    out,
                    "{}{:?} {}({}) -> ({}) succ[{}] attrs={}",
                    " ".repeat(d),
                    op.to_raw(),
                    ctx.op_name(op).unwrap(),
                    operands.join(","),
                    results.join(","),
                    succ.join(","),
                    ctx.op_attributes(op).unwrap().len()
                );
                for r in ctx.op_regions(op).unwrap().into_iter().rev() {
                    for b in ctx.region_blocks(r).unwrap().into_iter().rev() {
                        stack.push(W::Block(b, d + 2));
                    }
                    let _ = r;
                }
                for r in ctx.op_regions(op).unwrap() {
                    let _ = writeln!(
                        out,
                        "{} region {:?}: {} blocks",
                        " ".repeat(d),
                        r.to_raw(),
                        ctx.region_blocks(r).unwrap().len()
                    );
                }
            }
            W::Block(b, d) => {
                let args: Vec<String> = ctx
                    .block_arguments(b)
                    .unwrap()
                    .into_iter()
                    .map(|a| format!("{}:{:?}[{}]", v(a), ctx.value_type(a).unwrap(), uses(a)))
                    .collect();
                let preds: Vec<String> = ctx
                    .block_predecessors(b)
                    .unwrap()
                    .iter()
                    .map(|p| format!("{:?}#{}", p.op.to_raw(), p.index))
                    .collect();
                let _ =
                    writeln!(out, "{}^{:?}({}) preds[{}]", " ".repeat(d), b.to_raw(), args.join(","), preds.join(","));
                for o in ctx.block_ops(b).unwrap().into_iter().rev() {
                    stack.push(W::Op(o, d + 1));
                }
            }
        }
    }
    let _ = writeln!(out, "live={:?}", ctx.live_ir_counts());
    out
}

// ---------------------------------------------------------------------------------------
// the properties

fn config() -> ProptestConfig {
    // PROPTEST_CASES overrides the default of 256 (e.g. for a longer soak run).
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256);
    ProptestConfig { cases, max_shrink_iters: 2000, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_mutation_sequences_keep_every_invariant(
        prefix in prop::collection::vec(create_strategy(), 0..25),
        steps in prop::collection::vec(step_strategy(), 1..60),
    ) {
        let mut s = State::new();
        s.check_invariants();
        for step in prefix.iter().chain(&steps) {
            s.apply(step);
            s.check_invariants();
        }
        // Tear down: erase every root, dropping uses. A root whose blocks are still
        // successors of ops elsewhere is refused; either way the invariants must hold.
        let (roots, blocks) = s.roots();
        for op in roots {
            if s.ctx.is_op_live(op) {
                let _ = s.ctx.erase_op_with(op, EraseMode::DropUses);
            }
        }
        for b in blocks {
            if s.ctx.is_block_live(b) {
                let _ = s.ctx.erase_block(b);
            }
        }
        s.check_invariants();
    }
}

/// Hand-picked sequences that once mattered, kept as regression tests.
#[test]
fn clone_then_erase_original_keeps_clone_consistent() {
    let mut s = State::new();
    let steps = [
        Step::Create { operands: vec![1, 2], results: 2, regions: 1, blocks: 2, succ: None, place: Some((1, 1)) },
        Step::Create {
            operands: vec![9, 10, 11],
            results: 1,
            regions: 0,
            blocks: 0,
            succ: Some(3),
            place: Some((1, 3)),
        },
        Step::Clone { op: 1 },
        Step::Erase { op: 1, drop_uses: true },
        Step::Rauw { from: 3, to: 5 },
        Step::Erase { op: 2, drop_uses: false },
        Step::EraseBlock { block: 3 },
    ];
    for st in &steps {
        s.apply(st);
        s.check_invariants();
    }
}

#[test]
fn many_garbage_handles_never_panic() {
    let mut s = State::new();
    for i in 0..20u16 {
        s.apply(&Step::Create {
            operands: vec![i, i + 1],
            results: 1,
            regions: 1,
            blocks: 1,
            succ: None,
            place: Some((i as u8, i)),
        });
    }
    for i in 0..20u16 {
        s.apply(&Step::Erase { op: i * 3, drop_uses: i % 2 == 0 });
    }
    let mut x: u32 = 0x1234_5678;
    for _ in 0..2000 {
        // xorshift
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let y = x.rotate_left(11);
        s.garbage(x % 64, y % 6, x ^ y);
    }
    s.check_invariants();
}
