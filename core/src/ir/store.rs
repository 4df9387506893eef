//! Operation storage: generational op slots whose parts live in dense tables and pools,
//! laid out so that each hot path touches few bytes per op.
//!
//! An op in slot `i` is spread over tables indexed by `i` and three pools:
//! - `generations[i]`: checked by every public handle (odd = live, as in [`crate::arena`]);
//! - `links[i]` ([`OpLinks`], 16 bytes): parent block and siblings, for walks and list
//!   surgery; in a free slot, `next` threads the free list;
//! - `hot[i]` ([`OpHot`], 16 bytes): where its operands and results are and how many:
//!   all that erase, use-list surgery and value checks read;
//! - `records[i]` ([`OpData`], 32 bytes): name, location, properties, the range of its
//!   attributes, regions and successors: what erase never reads;
//! - a range of the operand pool ([`OperandSlot`], 16 bytes each, and `users`, 4 bytes
//!   each, apart because only queries read it), of the result pool
//!   ([`ResultSlot`], 8 bytes each) and of the attribute pool.
//!
//! Operand slots are use-list nodes named by their operand-pool index (a *use id*), so a
//! neighbour in a use list is reached directly, without going through the op that owns it.
//!
//! Freeing is lazy. Erasing an op bumps its generation and pushes the slot onto the free
//! list (through `links[i].next`); of the op's own storage nothing else is written and
//! nothing is dropped (only its neighbours in block and use lists are updated). A free slot
//! keeps its record and its pool ranges; the next op stored in the slot drops the old
//! record and reuses each range in place when it is of the same size class (ops of one
//! kind are the common case). Ranges of another class go onto per-class free lists of
//! their pool for any slot to reuse. So every pool range is owned by exactly one slot, live
//! or free, or is on exactly one free list.
//!
//! All of this is safe Rust: a corrupted index panics on a bounds check; it never reads
//! outside the storage.

use crate::arena::{Arena, NONE};
use crate::attrs::{Attribute, Location, NamedAttribute};
use crate::context::Identifier;
use crate::types::Type;

use super::{BlockData, OpData, OpExtra, OpLinks, SuccessorSlot, ValueRef, ARG_BIT};

/// Size-class pool of fixed-size items: a range of `n` items lives at `start..start + n`
/// inside a block of `class_of(n).1` items. Released ranges go onto their class's free
/// list untouched and are reused whole.
pub(crate) struct Pool<T> {
    items: Vec<T>,
    free: Vec<Vec<u32>>,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool { items: Vec::new(), free: Vec::new() }
    }
}

/// Ranges up to this length get an exact class; longer ones round up to a power of two.
const EXACT_CLASSES: u32 = 16;

#[inline]
fn class_of(n: u32) -> (usize, u32) {
    if n <= EXACT_CLASSES {
        (n as usize, n)
    } else {
        let cap = n.checked_next_power_of_two().expect("more than 2G operands or results on one op");
        // 32 -> EXACT_CLASSES + 1, 64 -> + 2, ...
        ((EXACT_CLASSES + cap.trailing_zeros() - EXACT_CLASSES.trailing_zeros()) as usize, cap)
    }
}

impl<T: Copy> Pool<T> {
    /// A range of `n` items, item `k` being `fill(k)`. Returns its start (0 when `n == 0`).
    #[inline]
    pub(crate) fn alloc(&mut self, n: u32, mut fill: impl FnMut(u32) -> T) -> u32 {
        if n == 0 {
            return 0;
        }
        let (class, cap) = class_of(n);
        if let Some(start) = self.free.get_mut(class).and_then(Vec::pop) {
            let s = start as usize;
            for (k, item) in self.items[s..s + n as usize].iter_mut().enumerate() {
                *item = fill(k as u32);
            }
            return start;
        }
        let start = self.items.len();
        // Item indices are use ids, and `NONE` means "no use": it must never be issued.
        assert!(start + (cap as usize) < NONE as usize, "more than 4G operands or results");
        self.items.reserve(cap as usize);
        self.items.extend((0..n).map(&mut fill));
        if cap > n {
            let last = self.items[self.items.len() - 1];
            self.items.extend((n..cap).map(|_| last));
        }
        start as u32
    }

    /// A copy of the `n` items at `src` (a live range). Returns its start.
    #[inline]
    pub(crate) fn alloc_copy(&mut self, src: u32, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let (class, cap) = class_of(n);
        let src = src as usize..src as usize + n as usize;
        if let Some(start) = self.free.get_mut(class).and_then(Vec::pop) {
            // A free range never overlaps a live one.
            self.items.copy_within(src, start as usize);
            return start;
        }
        let start = self.items.len();
        assert!(start + (cap as usize) < NONE as usize, "more than 4G operands or results");
        self.items.reserve(cap as usize);
        self.items.extend_from_within(src);
        if cap > n {
            let last = self.items[self.items.len() - 1];
            self.items.extend((n..cap).map(|_| last));
        }
        start as u32
    }

    /// Gives a range back. Its items are left as they are until the range is reused.
    #[inline]
    pub(crate) fn release(&mut self, start: u32, n: u32) {
        if n == 0 {
            return;
        }
        let (class, _) = class_of(n);
        if self.free.len() <= class {
            self.free.resize_with(class + 1, Vec::new);
        }
        self.free[class].push(start);
    }

    /// Whether a range of `a` items can be reused in place for `b` items.
    #[inline]
    fn same_class(a: u32, b: u32) -> bool {
        a != 0 && b != 0 && class_of(a).0 == class_of(b).0
    }

    /// Replaces the range (`old`, `old_n`) (owned by the caller, possibly empty) by a range
    /// of `n` items `fill(k)`: in place when the class is the same.
    #[inline]
    pub(crate) fn renew(&mut self, old: u32, old_n: u32, n: u32, mut fill: impl FnMut(u32) -> T) -> u32 {
        if Self::same_class(old_n, n) {
            for (k, item) in self.slice_mut(old, n).iter_mut().enumerate() {
                *item = fill(k as u32);
            }
            return old;
        }
        self.release(old, old_n);
        self.alloc(n, fill)
    }

    /// As [`Pool::renew`], the new items being a copy of the live range (`src`, `n`).
    #[inline]
    pub(crate) fn renew_copy(&mut self, old: u32, old_n: u32, src: u32, n: u32) -> u32 {
        if Self::same_class(old_n, n) {
            self.items.copy_within(src as usize..(src + n) as usize, old as usize);
            return old;
        }
        self.release(old, old_n);
        self.alloc_copy(src, n)
    }

    #[inline]
    pub(crate) fn slice(&self, start: u32, n: u32) -> &[T] {
        &self.items[start as usize..start as usize + n as usize]
    }

    #[inline]
    pub(crate) fn slice_mut(&mut self, start: u32, n: u32) -> &mut [T] {
        &mut self.items[start as usize..start as usize + n as usize]
    }

    #[inline]
    pub(crate) fn get(&self, index: u32) -> &T {
        &self.items[index as usize]
    }

    #[inline]
    pub(crate) fn get_mut(&mut self, index: u32) -> &mut T {
        &mut self.items[index as usize]
    }
}

/// One operand: a node of its value's use list. Named by its pool index (use id).
#[derive(Copy, Clone, Debug)]
pub(crate) struct OperandSlot {
    pub(crate) value: ValueRef,
    /// Neighbours in the use list (use ids, `NONE` at the ends).
    pub(crate) prev: u32,
    pub(crate) next: u32,
}

/// One result: its type and the head of its use list.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ResultSlot {
    pub(crate) ty: Type,
    pub(crate) first_use: u32,
}

/// Where an op's operands and results are (see the module docs).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct OpHot {
    pub(crate) operands: u32,
    pub(crate) num_operands: u32,
    pub(crate) results: u32,
    pub(crate) num_results: u32,
}

/// A read-only view of one op, shaped like a record with all its parts (what the rest of
/// the core reads: `d.name`, `d.operands`, `d.results`, `d.regions()`...).
#[derive(Copy, Clone)]
pub(crate) struct OpView<'a> {
    pub(crate) name: Identifier,
    pub(crate) loc: Location,
    pub(crate) properties: Option<Attribute>,
    /// Discardable attributes, sorted by name.
    pub(crate) attrs: &'a [NamedAttribute],
    pub(crate) operands: &'a [OperandSlot],
    pub(crate) results: &'a [ResultSlot],
    extra: Option<&'a OpExtra>,
}

impl<'a> OpView<'a> {
    #[inline]
    pub(crate) fn regions(&self) -> &'a [u32] {
        self.extra.map_or(&[], |e| &e.regions)
    }
    #[inline]
    pub(crate) fn successors(&self) -> &'a [SuccessorSlot] {
        self.extra.map_or(&[], |e| &e.successors)
    }
}

/// The op slots. A slot is live when its generation is odd; freeing bumps the generation
/// (handles go stale) and threads the slot onto an intrusive free list through its dead
/// `links[i].next`, so erasing an op writes nothing outside the lines it already touches.
/// A freed slot keeps its record (dropped when the slot is reused) and its pool ranges
/// (reused in place by the next op of the same size classes).
pub(crate) struct OpStore {
    generations: Vec<u32>,
    records: Vec<OpData>,
    /// `links[i]` belongs to the op in slot `i`; for a free slot, `next` is the next free
    /// slot.
    pub(crate) links: Vec<OpLinks>,
    /// `hot[i]`: the pool ranges slot `i` owns, live or free.
    hot: Vec<OpHot>,
    free_head: u32,
    live: usize,
    pub(crate) operands: Pool<OperandSlot>,
    /// `users[id]`: the op that operand slot `id` belongs to (kept apart from the slots,
    /// which erase reads, since only queries need it).
    users: Vec<u32>,
    pub(crate) results: Pool<ResultSlot>,
    /// Discardable attributes; `records[i]` names its range.
    attrs: Pool<NamedAttribute>,
}

impl Default for OpStore {
    fn default() -> Self {
        OpStore {
            generations: Vec::new(),
            records: Vec::new(),
            links: Vec::new(),
            hot: Vec::new(),
            free_head: NONE,
            live: 0,
            operands: Pool::default(),
            users: Vec::new(),
            results: Pool::default(),
            attrs: Pool::default(),
        }
    }
}

impl OpStore {
    /// Takes a slot for `data` and `links`: returns (index, generation) and the ranges
    /// the slot owns (empty for a new slot): operands and results, then attributes.
    #[inline]
    fn take_slot(&mut self, data: OpData, links: OpLinks) -> (u32, u32, OpHot, (u32, u32)) {
        self.live += 1;
        if self.free_head != NONE {
            let index = self.free_head;
            let i = index as usize;
            self.free_head = self.links[i].next;
            // Dropping the dead occupant happens here, off the erase path.
            let old = std::mem::replace(&mut self.records[i], data);
            self.links[i] = links;
            // Even (dead) -> odd (live). Wrapping past u32::MAX lands on 1, never on 0.
            let g = self.generations[i].wrapping_add(1).max(1);
            self.generations[i] = g;
            (index, g, self.hot[i], (old.attrs, old.num_attrs))
        } else {
            let index = u32::try_from(self.records.len()).expect("more than 4G operations");
            assert!(index != NONE, "more than 4G operations");
            self.records.push(data);
            self.links.push(links);
            self.generations.push(1);
            // `hot[index]` is pushed by the caller (`set_hot`), once the ranges are known.
            (index, 1, OpHot::default(), (0, 0))
        }
    }

    /// Sets the ranges of the slot `index` just taken (pushing the entry of a new slot).
    #[inline]
    fn set_hot(&mut self, index: u32, hot: OpHot) {
        if index as usize == self.hot.len() {
            self.hot.push(hot);
        } else {
            self.hot[index as usize] = hot;
        }
    }

    /// Records that the operand slots `start..start + n` belong to op `index`.
    #[inline]
    fn set_users(&mut self, start: u32, n: u32, index: u32) {
        let len = self.operands.items.len();
        if self.users.len() < len {
            self.users.resize(len, NONE);
        }
        self.users[start as usize..(start + n) as usize].fill(index);
    }

    /// The op that the operand slot `id` (a use id) belongs to.
    #[inline]
    pub(crate) fn user(&self, id: u32) -> u32 {
        self.users[id as usize]
    }

    /// The discardable attributes of a live op.
    #[inline]
    pub(crate) fn attrs(&self, index: u32) -> &[NamedAttribute] {
        let d = self.record(index);
        self.attrs.slice(d.attrs, d.num_attrs)
    }

    /// Replaces the discardable attributes of a live op (sorted by the caller).
    pub(crate) fn set_attrs(&mut self, index: u32, attrs: &[NamedAttribute]) {
        let d = &self.records[index as usize];
        let n = u32::try_from(attrs.len()).expect("more than 4G attributes");
        let start = self.attrs.renew(d.attrs, d.num_attrs, n, |k| attrs[k as usize]);
        let d = &mut self.records[index as usize];
        d.attrs = start;
        d.num_attrs = n;
    }

    /// Stores a new op with `operands` (unlinked) and results of `result_types`.
    pub(crate) fn alloc(
        &mut self,
        data: OpData,
        attrs: &[NamedAttribute],
        links: OpLinks,
        operands: impl ExactSizeIterator<Item = ValueRef>,
        result_types: impl ExactSizeIterator<Item = Type>,
    ) -> (u32, u32) {
        let num_operands = u32::try_from(operands.len()).expect("more than 4G operands");
        let num_results = u32::try_from(result_types.len()).expect("more than 4G results");
        let num_attrs = u32::try_from(attrs.len()).expect("more than 4G attributes");
        let (index, generation, old, (old_attrs, old_num_attrs)) = self.take_slot(data, links);
        let start = self.attrs.renew(old_attrs, old_num_attrs, num_attrs, |k| attrs[k as usize]);
        let d = &mut self.records[index as usize];
        d.attrs = start;
        d.num_attrs = num_attrs;
        let mut operands = operands;
        let operands = self.operands.renew(old.operands, old.num_operands, num_operands, |_| OperandSlot {
            value: operands.next().expect("exact size"),
            prev: NONE,
            next: NONE,
        });
        self.set_users(operands, num_operands, index);
        let mut result_types = result_types;
        let results = self.results.renew(old.results, old.num_results, num_results, |_| ResultSlot {
            ty: result_types.next().expect("exact size"),
            first_use: NONE,
        });
        self.set_hot(index, OpHot { operands, num_operands, results, num_results });
        (index, generation)
    }

    /// Stores a copy of live op `src` with the record `data`: same operand values
    /// (unlinked: their use-list links are stale until the caller links them) and result
    /// types (without uses).
    pub(crate) fn alloc_copy(&mut self, data: OpData, links: OpLinks, src: u32) -> (u32, u32) {
        let (index, generation, old, (old_attrs, old_num_attrs)) = self.take_slot(data, links);
        let (src_attrs, num_attrs) = (self.records[src as usize].attrs, self.records[src as usize].num_attrs);
        let start = self.attrs.renew_copy(old_attrs, old_num_attrs, src_attrs, num_attrs);
        let d = &mut self.records[index as usize];
        d.attrs = start;
        d.num_attrs = num_attrs;
        let h = self.hot[src as usize];
        // `old` belongs to a free slot and `h` to a live one: they never overlap.
        let operands = self.operands.renew_copy(old.operands, old.num_operands, h.operands, h.num_operands);
        self.set_users(operands, h.num_operands, index);
        let results = self.results.renew_copy(old.results, old.num_results, h.results, h.num_results);
        for slot in self.results.slice_mut(results, h.num_results) {
            slot.first_use = NONE;
        }
        self.set_hot(index, OpHot { operands, num_operands: h.num_operands, results, num_results: h.num_results });
        (index, generation)
    }

    /// Frees an op's slot; outstanding handles go stale. The caller has unlinked the op
    /// from its block and its operands from their use lists. Returns whether the slot was
    /// live.
    #[inline]
    pub(crate) fn free(&mut self, index: u32) -> bool {
        match self.generations.get_mut(index as usize) {
            Some(g) if *g % 2 == 1 => {
                *g = g.wrapping_add(1);
                self.links[index as usize].next = self.free_head;
                self.free_head = index;
                self.live -= 1;
                true
            }
            _ => false,
        }
    }

    /// Erases the live leaf op (no regions, no successors) in slot `index`, whose results
    /// have no uses but its own operands: takes it out of its block and its operands out of
    /// their use lists, and frees the slot. Touches the op's links, hot entry and operands
    /// and the neighbours they name; never its record.
    #[inline]
    pub(crate) fn erase_leaf(&mut self, index: u32, blocks: &mut Arena<BlockData>) {
        let i = index as usize;
        let OpLinks { parent, prev, next, .. } = self.links[i];
        if parent != NONE {
            if prev == NONE {
                blocks.get_mut(parent).first_op = next;
            } else {
                self.links[prev as usize].next = next;
            }
            if next == NONE {
                blocks.get_mut(parent).last_op = prev;
            } else {
                self.links[next as usize].prev = prev;
            }
        }
        let h = self.hot[i];
        // Disjoint borrows, so the loop keeps the tables in registers.
        let (hot, operands, results) = (&self.hot[..], &mut self.operands.items[..], &mut self.results.items[..]);
        for id in h.operands..h.operands + h.num_operands {
            let OperandSlot { value, prev, next, .. } = operands[id as usize];
            if value.is_null() {
                continue;
            }
            if prev == NONE {
                let n = value.number & !ARG_BIT;
                if value.is_arg() {
                    blocks.get_mut(value.owner).args[n as usize].first_use = next;
                } else {
                    results[(hot[value.owner as usize].results + n) as usize].first_use = next;
                }
            } else {
                operands[prev as usize].next = next;
            }
            if next != NONE {
                operands[next as usize].prev = prev;
            }
        }
        let freed = self.free(index);
        debug_assert!(freed, "erasing a freed op slot {index}");
    }

    /// The first result of op `index` used by another op (uses by the op itself, legal in
    /// graph regions, do not count).
    #[inline]
    pub(crate) fn result_used_by_others(&self, index: u32) -> Option<usize> {
        let h = self.hot[index as usize];
        for (k, r) in self.results.slice(h.results, h.num_results).iter().enumerate() {
            let mut u = r.first_use;
            while u != NONE {
                if self.users[u as usize] != index {
                    return Some(k);
                }
                u = self.operands.items[u as usize].next;
            }
        }
        None
    }

    /// Gives the op `n` operands, all null and unlinked; the old ones must be unlinked.
    pub(crate) fn reset_operands(&mut self, index: u32, n: u32) {
        let h = self.hot[index as usize];
        let null = OperandSlot { value: ValueRef::NULL, prev: NONE, next: NONE };
        let start = self.operands.renew(h.operands, h.num_operands, n, |_| null);
        self.set_users(start, n, index);
        let hot = &mut self.hot[index as usize];
        hot.operands = start;
        hot.num_operands = n;
    }

    #[inline]
    fn view(&self, index: u32) -> OpView<'_> {
        let d = &self.records[index as usize];
        let h = self.hot[index as usize];
        // Slicing that cannot fail for a live op; `get` keeps unused views free of panics.
        OpView {
            name: d.name,
            loc: d.loc,
            properties: d.properties,
            attrs: self.attrs.items.get(d.attrs as usize..(d.attrs + d.num_attrs) as usize).unwrap_or(&[]),
            operands: self
                .operands
                .items
                .get(h.operands as usize..(h.operands + h.num_operands) as usize)
                .unwrap_or(&[]),
            results: self.results.items.get(h.results as usize..(h.results + h.num_results) as usize).unwrap_or(&[]),
            extra: d.extra.as_deref(),
        }
    }

    /// Whether the handle (index, generation) names a live op: one comparison, since
    /// handles only carry odd (live) generations.
    #[inline]
    pub(crate) fn is_current(&self, index: u32, generation: u32) -> bool {
        generation % 2 == 1 && self.generations.get(index as usize) == Some(&generation)
    }

    /// Internal access by a link the core maintains (always live).
    #[inline]
    pub(crate) fn get(&self, index: u32) -> OpView<'_> {
        debug_assert!(self.is_live(index), "internal link to a freed op slot {index}");
        self.view(index)
    }

    #[inline]
    pub(crate) fn get_checked(&self, index: u32, generation: u32) -> Option<OpView<'_>> {
        self.is_current(index, generation).then(|| self.view(index))
    }

    /// The record of a live op.
    #[inline]
    pub(crate) fn record(&self, index: u32) -> &OpData {
        debug_assert!(self.is_live(index), "internal link to a freed op slot {index}");
        &self.records[index as usize]
    }

    #[inline]
    pub(crate) fn record_mut(&mut self, index: u32) -> &mut OpData {
        debug_assert!(self.is_live(index), "internal link to a freed op slot {index}");
        &mut self.records[index as usize]
    }

    #[inline]
    pub(crate) fn hot(&self, index: u32) -> OpHot {
        self.hot[index as usize]
    }

    /// The number of results of op `index` (a 4-byte read).
    #[inline]
    pub(crate) fn num_results(&self, index: u32) -> u32 {
        self.hot[index as usize].num_results
    }

    /// The use id of operand `k` of `op`.
    #[inline]
    pub(crate) fn operand_id(&self, op: u32, k: u32) -> u32 {
        debug_assert!(k < self.hot[op as usize].num_operands);
        self.hot[op as usize].operands + k
    }

    #[inline]
    pub(crate) fn result(&self, op: u32, k: u32) -> &ResultSlot {
        let h = self.hot[op as usize];
        debug_assert!(k < h.num_results);
        self.results.get(h.results + k)
    }

    #[inline]
    pub(crate) fn result_mut(&mut self, op: u32, k: u32) -> &mut ResultSlot {
        let h = self.hot[op as usize];
        debug_assert!(k < h.num_results);
        self.results.get_mut(h.results + k)
    }

    #[inline]
    pub(crate) fn results_of(&self, op: u32) -> &[ResultSlot] {
        let h = self.hot[op as usize];
        self.results.slice(h.results, h.num_results)
    }

    #[inline]
    pub(crate) fn generation(&self, index: u32) -> u32 {
        self.generations[index as usize]
    }

    #[inline]
    pub(crate) fn is_live(&self, index: u32) -> bool {
        self.generations.get(index as usize).is_some_and(|g| g % 2 == 1)
    }

    pub(crate) fn live_count(&self) -> usize {
        self.live
    }

    /// One past the largest index ever handed out; sizes side tables keyed by index.
    pub(crate) fn capacity_index(&self) -> usize {
        self.records.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_exact_then_powers_of_two() {
        assert_eq!(class_of(1), (1, 1));
        assert_eq!(class_of(16), (16, 16));
        assert_eq!(class_of(17), (17, 32));
        assert_eq!(class_of(32), (17, 32));
        assert_eq!(class_of(33), (18, 64));
    }

    #[test]
    fn released_ranges_are_reused_by_class() {
        let mut p: Pool<u32> = Pool::default();
        let a = p.alloc(2, |k| k);
        let b = p.alloc(3, |k| 10 + k);
        assert_eq!(p.slice(a, 2), &[0, 1]);
        assert_eq!(p.slice(b, 3), &[10, 11, 12]);
        p.release(a, 2);
        assert_eq!(p.alloc(3, |_| 7), 5, "another class does not take the range");
        assert_eq!(p.alloc(2, |k| 20 + k), a, "same class reuses it");
        assert_eq!(p.slice(a, 2), &[20, 21]);
        let big = p.alloc(20, |k| k);
        p.release(big, 20);
        assert_eq!(p.alloc(30, |k| k), big, "20 and 30 share the 32 class");
        assert_eq!(p.alloc(0, |k| k), 0);
    }

    use crate::{Context, EraseMode, ErrorKind, OperationState, Value};

    fn uses(ctx: &Context, v: Value) -> Vec<(u32, u32)> {
        ctx.value_uses(v).unwrap().iter().map(|u| (u.op.to_raw().0, u.index)).collect()
    }

    #[test]
    fn reused_slots_keep_handles_stale_and_use_lists_exact() {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let loc = ctx.unknown_loc();
        let i32t = ctx.signless_int(32);
        let block = ctx.create_block(&[(i32t, loc)]);
        let arg = ctx.block_argument(block, 0).unwrap();
        let one = ctx.integer_attr(i32t, 1).unwrap();
        let st = OperationState::new("t.a", loc).operands(&[arg, arg]).results(&[i32t]);
        let a = ctx.create_operation(&st.attribute(ctx.identifier("x"), one)).unwrap();
        let ra = ctx.op_result(a, 0).unwrap();
        ctx.erase_op(a).unwrap();
        assert!(!ctx.is_op_live(a) && !ctx.is_value_live(ra));
        assert!(uses(&ctx, arg).is_empty(), "erased operands leave the use list");
        // The slot is reused by an op of other size classes: its ranges change class.
        let st = OperationState::new("t.b", loc).operands(&[arg, arg, arg]).results(&[i32t, i32t]);
        let b = ctx.create_operation(&st).unwrap();
        assert_eq!(b.to_raw().0, a.to_raw().0, "the freed slot is reused");
        assert_eq!(ctx.op_result(a, 0).unwrap_err().kind, ErrorKind::StaleHandle);
        assert!(!ctx.is_value_live(ra), "an old result handle stays stale in the reused slot");
        assert!(ctx.op_attributes(b).unwrap().is_empty(), "the old attributes are gone");
        assert_eq!(uses(&ctx, arg).len(), 3);
        // Another op reuses the released 2-operand range.
        let rb = ctx.op_result(b, 1).unwrap();
        let c = ctx.create_operation(&OperationState::new("t.c", loc).operands(&[rb, arg])).unwrap();
        assert_eq!(uses(&ctx, rb), vec![(c.to_raw().0, 0)]);
        assert_eq!(ctx.erase_op(b).unwrap_err().kind, ErrorKind::StillInUse);
        assert_eq!(uses(&ctx, arg).len(), 4, "a refused erase changes nothing");
        // Operand counts change in place and across classes.
        ctx.set_operands(c, &[arg]).unwrap();
        assert!(uses(&ctx, rb).is_empty());
        let many = vec![rb; 40];
        ctx.set_operands(c, &many).unwrap();
        assert_eq!(uses(&ctx, rb).len(), 40);
        assert_eq!(ctx.op_operands(c).unwrap(), many);
        ctx.erase_op_with(b, EraseMode::DropUses).unwrap();
        assert_eq!(ctx.op_operand(c, 39).unwrap(), None, "dropped uses become null operands");
        assert_eq!(uses(&ctx, arg).len(), 0);
        // Attributes grow and shrink through the pool.
        for (k, name) in ["z", "y", "x"].iter().enumerate() {
            let v = ctx.integer_attr(i32t, k as i64).unwrap();
            ctx.set_op_attribute(c, name, v).unwrap();
        }
        let names: Vec<&str> = ctx.op_attributes(c).unwrap().iter().map(|na| ctx.ident_str(na.name)).collect();
        assert_eq!(names, ["x", "y", "z"]);
        assert!(ctx.remove_op_attribute(c, "y").unwrap());
        assert_eq!(ctx.op_attributes(c).unwrap().len(), 2);
        // A clone copies operands, results and attributes into fresh ranges.
        let d = ctx.clone_op(c).unwrap();
        assert_eq!(ctx.op_attributes(d).unwrap(), ctx.op_attributes(c).unwrap());
        assert_eq!(ctx.op_num_operands(d).unwrap(), 40);
        ctx.erase_op(c).unwrap();
        assert_eq!(ctx.op_num_operands(d).unwrap(), 40, "the clone's ranges are its own");
        assert_eq!(ctx.live_ir_counts().0, 1);
    }
}
