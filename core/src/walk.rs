//! Walking nested IR in pre- or post-order, without native recursion.

use crate::arena::NONE;
use crate::context::Context;
use crate::error::Result;
use crate::ir::OpId;

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
            let mut b = self.ir.regions.get(regions[c.region]).first_block;
            while b != NONE {
                let first = self.ir.blocks.get(b).first_op;
                if first != NONE {
                    c.block = b;
                    c.next_op = first;
                    return;
                }
                b = self.ir.blocks.get(b).next;
            }
            c.region += 1;
        }
        c.block = NONE;
    }

    /// Moves the cursor to the next non-empty block; false when its op is exhausted.
    fn advance_block(&self, c: &mut Cursor) -> bool {
        if c.block == NONE {
            return false;
        }
        let mut b = self.ir.blocks.get(c.block).next;
        while b != NONE {
            let first = self.ir.blocks.get(b).first_op;
            if first != NONE {
                c.block = b;
                c.next_op = first;
                return true;
            }
            b = self.ir.blocks.get(b).next;
        }
        c.region += 1;
        self.enter_next_block(c);
        c.block != NONE
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
