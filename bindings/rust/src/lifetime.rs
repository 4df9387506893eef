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
//! - IR that is erased, or that outlives its tree (moved into a tree nobody holds), is
//!   reported by omnir as a stale handle when a wrapper uses it — never a crash.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use crate::error::Result;
use crate::ir::{Block, OwnedOperation, Region, Value};
use crate::{Context, Operation};

/// Shared ownership of a detached tree of IR (see the module docs).
pub type TreeOwner = Arc<OwnedOperation>;

#[derive(Default)]
pub(crate) struct OwnerRegistry {
    /// Root op handle (index, generation) -> its owner.
    owners: Mutex<HashMap<(u32, u32), Weak<OwnedOperation>>>,
}

fn key(op: &Operation) -> (u32, u32) {
    let raw = op.raw();
    (raw.index, raw.generation)
}

impl OwnerRegistry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(u32, u32), Weak<OwnedOperation>>> {
        self.owners.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Context {
    /// Makes `op` — which must be detached (no parent block) — owned: the returned owner
    /// erases it when the last reference is dropped while it is still detached. If `op`
    /// already has a live owner, that one is returned.
    pub fn adopt(&self, op: &Operation) -> Result<TreeOwner> {
        let mut owners = self.owner_registry().lock();
        if let Some(existing) = owners.get(&key(op)).and_then(Weak::upgrade) {
            return Ok(existing);
        }
        if !op.is_detached()? {
            return Err(crate::Error::new(
                crate::Status::InvalidArgument,
                "only a detached operation can be adopted as the root of a tree",
            ));
        }
        let owner: TreeOwner = Arc::new(OwnedOperation::new(op.clone()));
        // Drop dead entries now and then so the registry does not grow without bound.
        if owners.len() >= 64 && owners.len().is_power_of_two() {
            owners.retain(|_, w| w.strong_count() > 0);
        }
        owners.insert(key(op), Arc::downgrade(&owner));
        Ok(owner)
    }

    /// The live owner of the tree that currently contains `op` (found through its root).
    pub fn tree_owner_of_op(&self, op: &Operation) -> Result<Option<TreeOwner>> {
        let root = op.root()?;
        Ok(self.owner_registry().lock().get(&key(&root)).and_then(Weak::upgrade))
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
}
