//! Thread-safe uniquing storage for types, attributes and identifiers.
//!
//! Values are appended to a lock-free append-only vector (`boxcar`), so reading a uniqued
//! value through its index never takes a lock and the returned reference lives as long as
//! the context. Deduplication goes through hash tables split into shards, each behind its
//! own mutex, so concurrent interning from several threads rarely contends.

use std::borrow::Borrow;
use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

const SHARDS: usize = 16;

/// A table entry: the value's index plus 32 bits of its hash. Probes compare the stored hash
/// before touching the value, and growing the table rehashes from the stored hash alone, so
/// neither reads the (randomly placed) values themselves.
#[derive(Copy, Clone)]
struct Slot {
    index: u32,
    hash: u32,
}

pub struct Interner<T> {
    items: boxcar::Vec<T>,
    shards: [Mutex<HashTable<Slot>>; SHARDS],
}

impl<T: Hash + Eq> Default for Interner<T> {
    fn default() -> Self {
        Interner { items: boxcar::Vec::new(), shards: std::array::from_fn(|_| Mutex::new(HashTable::new())) }
    }
}

fn hash_of<Q: Hash + ?Sized>(value: &Q) -> u32 {
    (FxBuildHasher.hash_one(value) >> 32) as u32
}

/// Spreads a stored 32-bit hash over 64 bits for the table (hashbrown uses both the low bits
/// and the top 7 bits).
#[inline]
fn table_hash(hash: u32) -> u64 {
    (hash as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[inline]
fn shard_of(hash: u32) -> usize {
    (hash >> 28) as usize % SHARDS
}

impl<T: Hash + Eq> Interner<T> {
    /// Index of the value equal to `key`, creating it with `make` if there is none yet.
    /// `T`'s hash must agree with `Q`'s (as `Borrow` requires).
    pub fn intern_with<Q>(&self, key: &Q, make: impl FnOnce() -> T) -> u32
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let hash = hash_of(key);
        // A poisoned shard only means another thread panicked mid-insert; the table itself
        // is always in a consistent state between statements, so keep using it.
        let mut table = self.shards[shard_of(hash)].lock().unwrap_or_else(|p| p.into_inner());
        let found = table.find(table_hash(hash), |s| s.hash == hash && self.items[s.index as usize].borrow() == key);
        if let Some(slot) = found {
            return slot.index;
        }
        let index = u32::try_from(self.items.push(make())).expect("more than 4G uniqued values");
        table.insert_unique(table_hash(hash), Slot { index, hash }, |s| table_hash(s.hash));
        index
    }

    pub fn intern(&self, value: T) -> u32 {
        let hash = hash_of(&value);
        let mut table = self.shards[shard_of(hash)].lock().unwrap_or_else(|p| p.into_inner());
        let found = table.find(table_hash(hash), |s| s.hash == hash && self.items[s.index as usize] == value);
        if let Some(slot) = found {
            return slot.index;
        }
        let index = u32::try_from(self.items.push(value)).expect("more than 4G uniqued values");
        table.insert_unique(table_hash(hash), Slot { index, hash }, |s| table_hash(s.hash));
        index
    }

    /// Stores a value without deduplicating it (for `distinct` attributes, which are unique
    /// by identity).
    pub fn push_unique(&self, value: T) -> u32 {
        u32::try_from(self.items.push(value)).expect("more than 4G uniqued values")
    }

    #[inline]
    pub fn get(&self, index: u32) -> &T {
        &self.items[index as usize]
    }

    #[inline]
    pub fn try_get(&self, index: u32) -> Option<&T> {
        self.items.get(index as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_an_index_across_threads() {
        let interner: Interner<Box<str>> = Interner::default();
        let indices: Vec<Vec<u32>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        (0..1000)
                            .map(|i| interner.intern_with(format!("name{i}").as_str(), || format!("name{i}").into()))
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(indices.windows(2).all(|w| w[0] == w[1]));
        assert_eq!(interner.items.count(), 1000);
        assert_eq!(&**interner.get(indices[0][7]), "name7");
    }
}
