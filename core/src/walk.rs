//! Walking nested IR in pre- or post-order, without native recursion.

use crate::arena::NONE;
use crate::context::Context;
use crate::error::{Error, ErrorKind, Result};
use crate::ir::{BlockId, OpId};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    PreOrder,
    PostOrder,
}

/// What the callback wants next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkResult {
    Advance,
    /// Pre-order only: do not visit this op's regions. (In post-order the regions were
    /// already visited, so this acts as `Advance`.)
    Skip,
    /// Stop the walk now.
    Interrupt,
}

/// Position inside one op's regions.
struct Cursor {
    op: u32,
    region: usize,
    block: u32,
    next_op: u32,
}

/// Position inside one op's regions, for [`WalkState`]: handles, checked at every
/// step, since the callback may have changed the IR since the last one.
struct MutCursor {
    op: OpId,
    region: usize,
    block: Option<BlockId>,
    next: Option<OpId>,
}

/// A walk that the IR may change under between visits ([`Context::walk_begin`],
/// [`Context::walk_next`]), as MLIR's walk allows: the next operation of a block is taken
/// before the current one (and its regions) is visited, so the callback may erase or move
/// the operation it was given (in pre-order its regions are then not visited), change
/// anything before it, and insert operations after it (which the walk does not visit). If
/// the operation the walk was to visit next was erased or moved, or the block or the
/// operation whose regions are being walked was erased, where MLIR's walk would crash, the
/// walk stops with `StaleHandle`. It holds only handles, no borrow of the context.
pub struct WalkState {
    root: OpId,
    order: WalkOrder,
    stack: Vec<MutCursor>,
    started: bool,
    pending: Pending,
}

/// What to do with the callback's answer for the operation handed out last.
enum Pending {
    Nothing,
    /// Pre-order root: enter it unless skipped or erased.
    PreRoot,
    /// Pre-order op: enter its regions unless skipped or erased.
    Pre(OpId),
}

fn walk_lost() -> Error {
    Error::new(
        ErrorKind::StaleHandle,
        "the walk cannot go on: its callback erased or moved the operation after the one it was given, or the block \
         or operation being walked (a callback may erase or move only the operation it was given, and what comes \
         before it)",
    )
}

impl Context {
    /// Visits `root` and every op nested in it. Returns `Interrupt` if the callback
    /// interrupted, `Advance` otherwise.
    pub fn walk(&self, root: OpId, order: WalkOrder, mut f: impl FnMut(OpId) -> WalkResult) -> Result<WalkResult> {
        self.op_data(root)?;
        let mut stack: Vec<Cursor> = Vec::new();
        if order == WalkOrder::PreOrder {
            match f(root) {
                WalkResult::Interrupt => return Ok(WalkResult::Interrupt),
                WalkResult::Skip => return Ok(WalkResult::Advance),
                WalkResult::Advance => {}
            }
        }
        stack.push(Cursor { op: root.index, region: 0, block: NONE, next_op: NONE });
        self.enter_next_block(stack.last_mut().expect("pushed"));
        while let Some(top) = stack.last_mut() {
            if top.next_op != NONE {
                let cur = top.next_op;
                let links = *self.ir.link(cur);
                top.next_op = links.next;
                if order == WalkOrder::PreOrder {
                    match f(self.op_handle(cur)) {
                        WalkResult::Interrupt => return Ok(WalkResult::Interrupt),
                        WalkResult::Skip => continue,
                        WalkResult::Advance => {}
                    }
                }
                // Only the links table is read for ops without regions: the walk stays in
                // 16 bytes per op instead of the whole record.
                if !links.has_regions {
                    if order == WalkOrder::PostOrder && f(self.op_handle(cur)) == WalkResult::Interrupt {
                        return Ok(WalkResult::Interrupt);
                    }
                } else {
                    let mut c = Cursor { op: cur, region: 0, block: NONE, next_op: NONE };
                    self.enter_next_block(&mut c);
                    stack.push(c);
                }
                continue;
            }
            if self.advance_block(top) {
                continue;
            }
            let done = stack.pop().expect("non-empty");
            if order == WalkOrder::PostOrder && f(self.op_handle(done.op)) == WalkResult::Interrupt {
                return Ok(WalkResult::Interrupt);
            }
        }
        Ok(WalkResult::Advance)
    }

    /// Positions a fresh cursor at the first op of its op's first non-empty block.
    fn enter_next_block(&self, c: &mut Cursor) {
        let regions = self.ir.ops.get(c.op).regions();
        while c.region < regions.len() {
            if let Some((b, first)) = self.first_nonempty_block(self.ir.regions.get(regions[c.region]).first_block) {
                c.block = b;
                c.next_op = first;
                return;
            }
            c.region += 1;
        }
        c.block = NONE;
    }

    /// The first block with ops from block `b` on in its region (`b` itself or a later
    /// one; `NONE` for none), and its first op.
    #[inline]
    fn first_nonempty_block(&self, mut b: u32) -> Option<(u32, u32)> {
        while b != NONE {
            let block = self.ir.blocks.get(b);
            if block.first_op != NONE {
                return Some((b, block.first_op));
            }
            b = block.next;
        }
        None
    }

    /// Moves the cursor to the next non-empty block; false when its op is exhausted.
    fn advance_block(&self, c: &mut Cursor) -> bool {
        if c.block == NONE {
            return false;
        }
        if let Some((b, first)) = self.first_nonempty_block(self.ir.blocks.get(c.block).next) {
            c.block = b;
            c.next_op = first;
            return true;
        }
        c.region += 1;
        self.enter_next_block(c);
        c.block != NONE
    }

    /// Starts a step-by-step walk of `root` and everything nested in it (see [`WalkState`]).
    pub fn walk_begin(&self, root: OpId, order: WalkOrder) -> Result<WalkState> {
        self.check_op(root)?;
        Ok(WalkState { root, order, stack: Vec::new(), started: false, pending: Pending::Nothing })
    }

    /// The next operation to visit, given what the callback answered for the previous one
    /// (`Advance` before the first); `None` when the walk is over. An `Interrupt` answer
    /// ends the walk. Between two calls the IR may change (see [`WalkState`]).
    #[inline]
    pub fn walk_next(&self, walk: &mut WalkState, last: WalkResult) -> Result<Option<OpId>> {
        if last == WalkResult::Interrupt {
            walk.stack.clear();
            walk.started = true;
            walk.pending = Pending::Nothing;
            return Ok(None);
        }
        // What the previous answer means for the walk.
        match std::mem::replace(&mut walk.pending, Pending::Nothing) {
            Pending::Nothing => {}
            Pending::PreRoot => {
                // Skipped, or erased by the callback: nothing inside to visit.
                if last == WalkResult::Skip || self.check_op(walk.root).is_err() {
                    return Ok(None);
                }
                walk.stack.push(self.enter_mut(walk.root, 0)?);
            }
            Pending::Pre(op) => {
                if last == WalkResult::Advance {
                    if let Ok(links) = self.op_links(op) {
                        if links.has_regions {
                            walk.stack.push(self.enter_mut(op, 0)?);
                        }
                    }
                }
            }
        }
        if !walk.started {
            walk.started = true;
            if walk.order == WalkOrder::PreOrder {
                walk.pending = Pending::PreRoot;
                return Ok(Some(walk.root));
            }
            walk.stack.push(self.enter_mut(walk.root, 0)?);
        }
        while let Some(top) = walk.stack.last_mut() {
            if let Some(cur) = top.next {
                let block = top.block.expect("a cursor with a next op is in a block");
                // The op taken as next must still be there (live, in the same live block).
                let links = match self.op_links(cur) {
                    Ok(l) if l.parent == block.index && self.block_data(block).is_ok() => *l,
                    _ => return Err(walk_lost()),
                };
                top.next = (links.next != NONE).then(|| self.op_handle(links.next));
                if walk.order == WalkOrder::PreOrder {
                    walk.pending = Pending::Pre(cur);
                    return Ok(Some(cur));
                }
                if !links.has_regions {
                    return Ok(Some(cur));
                }
                let c = self.enter_mut(cur, 0)?;
                walk.stack.push(c);
                continue;
            }
            let (op, region, block) = (top.op, top.region, top.block);
            if let Some(next) = self.next_block_mut(op, region, block)? {
                *walk.stack.last_mut().expect("non-empty") = next;
                continue;
            }
            walk.stack.pop();
            if walk.order == WalkOrder::PostOrder {
                return Ok(Some(op));
            }
        }
        Ok(None)
    }

    /// A cursor at the first op of the first non-empty block of `op`'s regions from
    /// `region` on (no block when there is none).
    fn enter_mut(&self, op: OpId, mut region: usize) -> Result<MutCursor> {
        let regions = self.op_data(op).map_err(|_| walk_lost())?.regions();
        while region < regions.len() {
            if let Some((b, first)) = self.first_nonempty_block(self.ir.regions.get(regions[region]).first_block) {
                return Ok(self.mut_cursor(op, region, b, first));
            }
            region += 1;
        }
        Ok(MutCursor { op, region, block: None, next: None })
    }

    /// The cursor after `block` (in region `region` of `op`): the next non-empty block of
    /// that region or of a later one; `None` when `op`'s regions are done.
    fn next_block_mut(&self, op: OpId, region: usize, block: Option<BlockId>) -> Result<Option<MutCursor>> {
        let Some(block) = block else { return Ok(None) };
        let regions = self.op_data(op).map_err(|_| walk_lost())?.regions();
        let data = match self.block_data(block) {
            Ok(d) if regions.get(region) == Some(&d.parent) => d,
            _ => return Err(walk_lost()),
        };
        if let Some((b, first)) = self.first_nonempty_block(data.next) {
            return Ok(Some(self.mut_cursor(op, region, b, first)));
        }
        let c = self.enter_mut(op, region + 1)?;
        Ok(c.block.is_some().then_some(c))
    }

    fn mut_cursor(&self, op: OpId, region: usize, block: u32, first: u32) -> MutCursor {
        MutCursor { op, region, block: Some(self.block_handle(block)), next: Some(self.op_handle(first)) }
    }

    /// All ops nested in `root` (and `root`), in the given order.
    pub fn collect_ops(&self, root: OpId, order: WalkOrder) -> Result<Vec<OpId>> {
        let mut out = Vec::new();
        self.walk(root, order, |op| {
            out.push(op);
            WalkResult::Advance
        })?;
        Ok(out)
    }
}
