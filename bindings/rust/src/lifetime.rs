//! Who keeps a tree of IR alive, for wrappers in garbage-collected languages (DESIGN.md,
//! "Lifetime in garbage-collected languages"). One implementation, shared by the Python and
//! Node glue.
//!
//! - A detached operation is owned by a [`TreeOwner`] (an `Arc<OwnedOperation>`): when the
//!   last reference goes and the operation is still detached, it is erased with everything
//!   in it.
//! - The context keeps a registry from each owned root to its owner (weakly), so that a
//!   wrapper made for any op, block, region or value nested in that tree can find the owner
//!   and hold it: the tree then lives as long as any wrapper into it.
//! - A wrapper follows its tree's current root: when IR moves from one tree into another
//!   ([`Context::track_move`]), the owner of the tree it left keeps the owner of the tree it
//!   went to alive, so a wrapper made before the move (holding the old owner) still keeps
//!   the IR it points into alive. Where that edge would close a cycle of owners (IR moved
//!   back and forth between two trees), the roots of the destination's owner are handed to
//!   the source's owner instead: owners only ever reference owners downstream of them, so
//!   `Arc` cycles (leaks) cannot form.
//! - A detached operation whose results still have uses elsewhere is never erased when its
//!   owner goes (that would turn those operands into NULL behind the user's back): it is
//!   handed to the owner of a tree that uses it, and erased when that one goes with its
//!   users; with no such owner it is left to the context (freed with it).
//! - IR that is erased explicitly is reported by omnir as a stale handle when a wrapper
//!   uses it — never a crash.
//!
//! # Locks
//! The registry's mutex and each owner's `links` mutex are leaf locks (`leaf.rs`): they are
//! never held across a call into omnir (which may wait for the context's lock and run
//! lock-wait hooks, i.e. give up and retake the GIL) or across dropping a [`TreeOwner`]
//! (whose drop calls omnir). Order when both are taken: the registry, then one owner's
//! `links` at a time.

use std::collections::HashMap;
use std::sync::{Arc, Weak};

use crate::error::{Result, Status};
use crate::ir::{Block, EraseMode, OwnedOperation, Region, Value};
use crate::leaf::{LeafGuard, LeafMutex};
use crate::{Context, Operation};

/// Shared ownership of a detached tree of IR (see the module docs).
pub type TreeOwner = Arc<OwnedOperation>;

/// Root op handle (index, generation) -> its owner.
type Owners = HashMap<(u32, u32), Weak<OwnedOperation>>;

#[derive(Default)]
pub(crate) struct OwnerRegistry {
    owners: LeafMutex<Owners>,
}

/// What an owner holds besides its own operation (see the module docs).
#[derive(Default)]
pub(crate) struct Links {
    /// Owners of trees that IR moved to from this owner's tree.
    keep: Vec<TreeOwner>,
    /// Roots handed to this owner: erased (if still detached and unused) when it goes.
    roots: Vec<Operation>,
    /// This owner's own operation was handed to another owner.
    handed_over: bool,
}

fn key(op: &Operation) -> (u32, u32) {
    let raw = op.raw();
    (raw.index, raw.generation)
}

fn lock<T>(m: &LeafMutex<T>) -> LeafGuard<'_, T> {
    m.lock()
}

impl OwnerRegistry {
    fn lock(&self) -> LeafGuard<'_, Owners> {
        self.owners.lock()
    }

    fn get(&self, op: &Operation) -> Option<TreeOwner> {
        self.lock().get(&key(op)).and_then(Weak::upgrade)
    }
}

/// Whether `to` reaches `target` through keep edges. The owners visited are pushed to
/// `hold` so that the caller drops them after letting go of its locks (they are all kept
/// alive by `from`, so none of those drops is a last one, but the rule is structural).
fn reaches(from: &TreeOwner, target: &TreeOwner, hold: &mut Vec<TreeOwner>) -> bool {
    let mut stack = vec![from.clone()];
    let mut seen: Vec<*const OwnedOperation> = Vec::new();
    while let Some(o) = stack.pop() {
        if Arc::ptr_eq(&o, target) {
            hold.push(o);
            return true;
        }
        if !seen.contains(&Arc::as_ptr(&o)) {
            seen.push(Arc::as_ptr(&o));
            stack.extend(lock(&o.links).keep.iter().cloned());
        }
        hold.push(o);
    }
    hold.append(&mut stack);
    false
}

/// Erases a root that its owner let go of, unless it is attached (it belongs to the IR now),
/// already erased, or its results are still used elsewhere: then it goes to the owner of a
/// tree that uses it, or stays with the context.
fn dispose(root: &Operation) {
    if !root.is_live() || !matches!(root.is_detached(), Ok(true)) {
        return;
    }
    match root.erase_with(EraseMode::RequireNoUses) {
        Err(e) if e.status == Status::StillInUse => {}
        // Erased; or BUSY (dropped inside a callback of the context): left to the context.
        _ => return,
    }
    let ctx = root.context();
    for result in root.results().unwrap_or_default() {
        for u in result.uses().unwrap_or_default() {
            let Ok(user_root) = u.op.root() else { continue };
            if user_root == *root {
                continue;
            }
            if let Some(owner) = ctx.owner_registry().get(&user_root) {
                ctx.hand_roots_to(&owner, vec![root.clone()]);
                // `owner` (maybe the last reference, if that owner is going meanwhile) is
                // dropped here, with no lock held.
                return;
            }
        }
    }
    // Used only from trees nobody owns (a Rust `Module` guard, say): the context keeps it.
}

/// What an [`OwnedOperation`] does when it goes: disposes of its roots, then lets go of the
/// owners it kept, without recursion (chains of owners can be long).
pub(crate) fn release(op: &Operation, armed: bool, links: &mut LeafMutex<Links>) {
    let links = std::mem::take(links.get_mut());
    if armed && !links.handed_over {
        dispose(op);
    }
    for r in &links.roots {
        dispose(r);
    }
    let mut stack = links.keep;
    while let Some(o) = stack.pop() {
        if let Some(mut last) = Arc::into_inner(o) {
            stack.append(&mut last.links_mut().keep);
            drop(last);
        }
    }
}

impl Context {
    /// Makes `op` — which must be detached (no parent block) — owned: the returned owner
    /// erases it when the last reference is dropped while it is still detached. If `op`
    /// already has a live owner, that one is returned.
    pub fn adopt(&self, op: &Operation) -> Result<TreeOwner> {
        if let Some(existing) = self.owner_registry().get(op) {
            return Ok(existing);
        }
        // Asked with no lock held: it may wait for the context (and give up the GIL).
        if !op.is_detached()? {
            return Err(crate::Error::new(
                crate::Status::InvalidArgument,
                "only a detached operation can be adopted as the root of a tree",
            ));
        }
        let owner: TreeOwner = Arc::new(OwnedOperation::new(op.clone()));
        let mut owners = self.owner_registry().lock();
        if let Some(existing) = owners.get(&key(op)).and_then(Weak::upgrade) {
            // Another thread adopted it meanwhile: that owner wins, and ours must not erase.
            drop(owners);
            if let Some(ours) = Arc::into_inner(owner) {
                ours.release();
            }
            return Ok(existing);
        }
        // Drop dead entries now and then so the registry does not grow without bound
        // (dropping a `Weak` never drops an owner).
        if owners.len() >= 64 && owners.len().is_power_of_two() {
            owners.retain(|_, w| w.strong_count() > 0);
        }
        owners.insert(key(op), Arc::downgrade(&owner));
        Ok(owner)
    }

    /// The live owner of the tree that currently contains `op` (found through its root).
    pub fn tree_owner_of_op(&self, op: &Operation) -> Result<Option<TreeOwner>> {
        let root = op.root()?;
        Ok(self.owner_registry().get(&root))
    }

    /// The live owner of the tree containing a block (`None` for a detached block, which its
    /// own `OwnedBlock` guard owns).
    pub fn tree_owner_of_block(&self, block: &Block) -> Result<Option<TreeOwner>> {
        match block.parent_op()? {
            Some(op) => self.tree_owner_of_op(&op),
            None => Ok(None),
        }
    }

    pub fn tree_owner_of_region(&self, region: &Region) -> Result<Option<TreeOwner>> {
        self.tree_owner_of_op(&region.parent_op()?)
    }

    /// The live owner of the tree in which a value is defined.
    pub fn tree_owner_of_value(&self, value: &Value) -> Result<Option<TreeOwner>> {
        if let Some(op) = value.defining_op()? {
            return self.tree_owner_of_op(&op);
        }
        match value.owner_block()? {
            Some(block) => self.tree_owner_of_block(&block),
            None => Ok(None),
        }
    }

    /// Records that IR moved from the tree owned by `from` into the tree owned by `to`:
    /// from now on `from` keeps `to`'s tree alive too (wrappers made before the move hold
    /// `from` and may point into the moved IR). See the module docs for the cycle case.
    pub fn tree_moved(&self, from: &TreeOwner, to: &TreeOwner) {
        if Arc::ptr_eq(from, to) {
            return;
        }
        // Declared before the guard: dropped after it.
        let mut hold: Vec<TreeOwner> = Vec::new();
        let mut handed: Vec<Operation> = Vec::new();
        let mut owners = self.owner_registry().lock();
        if reaches(to, from, &mut hold) {
            // `to`'s holders already keep `from` alive; an edge back would be a cycle. So
            // `from` takes over `to`'s roots: its holders keep them, and `to`'s holders reach
            // them through `from`.
            let mut t = lock(&to.links);
            if to.is_armed() && !t.handed_over {
                t.handed_over = true;
                handed.push(to.operation().clone());
            }
            handed.append(&mut t.roots);
            drop(t);
            for r in &handed {
                owners.insert(key(r), Arc::downgrade(from));
            }
            lock(&from.links).roots.append(&mut handed);
        } else {
            let mut f = lock(&from.links);
            if !f.keep.iter().any(|k| Arc::ptr_eq(k, to)) {
                f.keep.push(to.clone());
            }
        }
    }

    /// Hands `roots` to `owner`: they are disposed of when it goes, and wrappers made for IR
    /// in them from now on hold `owner`.
    fn hand_roots_to(&self, owner: &TreeOwner, mut roots: Vec<Operation>) {
        let mut owners = self.owner_registry().lock();
        for r in &roots {
            owners.insert(key(r), Arc::downgrade(owner));
        }
        lock(&owner.links).roots.append(&mut roots);
    }

    /// Runs `mv`, which moves `op` (a detached root or nested IR) somewhere else, and keeps
    /// ownership right: the owner of the tree `op` left keeps the tree it went to alive
    /// ([`Context::tree_moved`]). Returns `mv`'s result and the owner of `op`'s new tree (its
    /// root adopted if nobody owned it), which a wrapper of `op` should hold from now on.
    pub fn track_move<T>(&self, op: &Operation, mv: impl FnOnce() -> Result<T>) -> Result<(T, Option<TreeOwner>)> {
        let from = self.tree_owner_of_op(op)?;
        let r = mv()?;
        let to = self.owner_of_tree(op).ok();
        if let (Some(f), Some(t)) = (&from, &to) {
            self.tree_moved(f, t);
        }
        Ok((r, to))
    }

    /// [`Context::track_move`] for a block: `mv` moves `block` (attached or not) somewhere
    /// else; returns the owner of its new tree (`None` while it is detached).
    pub fn track_block_move<T>(&self, block: &Block, mv: impl FnOnce() -> Result<T>) -> Result<(T, Option<TreeOwner>)> {
        let from = self.tree_owner_of_block(block)?;
        let r = mv()?;
        let to = match block.parent_op()? {
            Some(op) => self.owner_of_tree(&op).ok(),
            None => None,
        };
        if let (Some(f), Some(t)) = (&from, &to) {
            self.tree_moved(f, t);
        }
        Ok((r, to))
    }
}
