//! Thread-safe uniquing storage for types, attributes and identifiers.
//!
//! Values are appended to a lock-free append-only vector (`boxcar`), so reading a uniqued
//! value through its index never takes a lock and the returned reference lives as long as
//! the context. Deduplication goes through hash tables split into shards, each behind its
//! own mutex, so concurrent interning from several threads rarely contends. In front of them,
//! a small lock-free table of recently interned values answers most repeated requests (the
//! same few integers, types and names come back all the time) without taking a lock.

use std::borrow::Borrow;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::attrs::{AttrKind, LocationKind};
use crate::context::Identifier;

const SHARDS: usize = 16;

/// Entries of the recent table (a power of two): 4 KiB per interner.
const RECENT: usize = 512;

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
    /// Direct-mapped by hash: `(index + 1) << 32 | hash` of a value found or inserted through
    /// the shards lately, 0 when empty. Only a hint: a hit is checked against the value
    /// itself, and every index stored here is the one the shards hold for its value (never a
    /// `push_unique` one), so a hit gives the same answer as the shards would.
    recent: Box<[AtomicU64; RECENT]>,
}

impl<T: Hash + Eq> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: boxcar::Vec::new(),
            shards: std::array::from_fn(|_| Mutex::new(HashTable::new())),
            recent: Box::new([const { AtomicU64::new(0) }; RECENT]),
        }
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

impl<T> Interner<T> {
    /// The index of the value with hash `hash` for which `is_key` holds, if the recent table
    /// has it.
    #[inline]
    fn recent_find(&self, hash: u32, is_key: impl FnOnce(&T) -> bool) -> Option<u32> {
        let entry = self.recent[hash as usize % RECENT].load(Ordering::Relaxed);
        if entry as u32 != hash || entry >> 32 == 0 {
            return None;
        }
        let index = ((entry >> 32) - 1) as u32;
        // `get` (not indexing): an entry may name a value whose publication this thread does
        // not see yet; boxcar then answers `None`, and the shards decide.
        self.items.get(index as usize).filter(|v| is_key(v)).map(|_| index)
    }

    #[inline]
    fn recent_note(&self, hash: u32, index: u32) {
        self.recent[hash as usize % RECENT].store((u64::from(index) + 1) << 32 | u64::from(hash), Ordering::Relaxed);
    }
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
        if let Some(index) = self.recent_find(hash, |v| v.borrow() == key) {
            return index;
        }
        let index = self.intern_locked(hash, key, |v, k| v.borrow() == *k, |_| make());
        self.recent_note(hash, index);
        index
    }

    pub fn intern(&self, value: T) -> u32 {
        let hash = hash_of(&value);
        if let Some(index) = self.recent_find(hash, |v| *v == value) {
            return index;
        }
        let index = self.intern_locked(hash, value, |v, k| v == k, |k| k);
        self.recent_note(hash, index);
        index
    }

    /// Index of the value equal to `like`, creating it with `make` if there is none yet, for
    /// callers that can compare more cheaply than `T`'s `Eq`: `is_key(v)` must be `*v ==
    /// *like`, and `make()` must equal `like`.
    #[inline]
    pub fn intern_like(&self, like: &T, is_key: impl Fn(&T) -> bool, make: impl FnOnce() -> T) -> u32 {
        let hash = hash_of(like);
        if let Some(index) = self.recent_find(hash, &is_key) {
            return index;
        }
        let index = self.intern_locked(hash, (), |v, _| is_key(v), |_| make());
        self.recent_note(hash, index);
        index
    }

    /// The index of the value with hash `hash` that `is_key` finds equal to `key`, through the
    /// shards; made from `key` by `make` if there is none.
    fn intern_locked<K>(&self, hash: u32, key: K, is_key: impl Fn(&T, &K) -> bool, make: impl FnOnce(K) -> T) -> u32 {
        // A poisoned shard only means another thread panicked mid-insert; the table itself
        // is always in a consistent state between statements, so keep using it.
        let mut table = self.shards[shard_of(hash)].lock().unwrap_or_else(|p| p.into_inner());
        let found = table.find(table_hash(hash), |s| s.hash == hash && is_key(&self.items[s.index as usize], &key));
        if let Some(slot) = found {
            return slot.index;
        }
        let index = u32::try_from(self.items.push(make(key))).expect("more than 4G uniqued values");
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

/// Where point locations start in the attribute index space: attribute indices below are
/// uniqued [`AttrKind`]s in the attribute interner, indices from here on are entries of
/// [`PointLocs`].
pub(crate) const POINT_BASE: u32 = 1 << 31;

/// Marks a run that is still being appended to.
const OPEN: u32 = u32::MAX;

/// A point location `"file":line:col` stored compactly; the file is its run's.
struct Point {
    line: u32,
    col: u32,
    /// 1 + the index of its materialized [`AttrKind`] in `PointLocs::kinds`, 0 while there
    /// is none.
    kind: AtomicU32,
}

/// Points `start..end` of one file, created by one parse, in strictly increasing (line,
/// col) order: a sorted slice, searched by binary search.
struct Run {
    file: Identifier,
    start: u32,
    end: u32,
}

#[derive(Default)]
struct FileState {
    /// The file's run (a file gets at most one).
    run: Option<u32>,
    /// Whether a point of this file (with line and column >= 1, which a parse could also
    /// produce) was uniqued in the attribute interner: no run may start for it then.
    general: bool,
}

/// The point locations the parser gives every operation and block argument: 12 bytes each,
/// appended in source order without hashing. Uniquing still holds: a point location is
/// either in a run (found by binary search) or in the attribute interner, never in both;
/// [`Context::intern_attr`] looks a point up in its file's run before interning it. The
/// [`AttrKind`] a reader asks for is built on first request and kept.
///
/// `points` and `runs` only change through `&mut` (the parser holds the context mutably),
/// so readers with `&self` need no lock.
pub(crate) struct PointLocs {
    points: Vec<Point>,
    runs: Vec<Run>,
    /// The run being appended to, with the `epoch` seen last.
    open: Option<(u32, u32)>,
    files: Mutex<FxHashMap<Identifier, FileState>>,
    /// Bumped whenever a file gets `general` set, so an open run notices cheaply.
    epoch: AtomicU32,
    kinds: boxcar::Vec<AttrKind>,
}

impl Default for PointLocs {
    fn default() -> Self {
        PointLocs {
            points: Vec::new(),
            runs: Vec::new(),
            open: None,
            files: Mutex::new(FxHashMap::default()),
            epoch: AtomicU32::new(0),
            kinds: boxcar::Vec::new(),
        }
    }
}

impl PointLocs {
    /// Starts a run for `file` if it may have one (no run yet, no conflicting point in the
    /// attribute interner); reserves room for about `expected` points. Returns whether the
    /// run is open.
    ///
    /// A run already open belongs to a parse still in progress: a parse nested in it (a
    /// dialect's definition file, loaded on the first use of one of its ops) interns its
    /// locations instead, and leaves that run open for the rest of its file.
    pub(crate) fn begin_run(&mut self, file: Identifier, expected: usize) -> bool {
        if self.open.is_some() {
            return false;
        }
        let files = self.files.get_mut().unwrap_or_else(|p| p.into_inner());
        let taken = files.get(&file).is_some_and(|f| f.run.is_some() || f.general);
        if taken || self.points.len() >= (u32::MAX - POINT_BASE - 1) as usize {
            return false;
        }
        let index = self.runs.len() as u32;
        files.insert(file, FileState { run: Some(index), general: false });
        let start = self.points.len() as u32;
        self.runs.push(Run { file, start, end: OPEN });
        self.open = Some((index, *self.epoch.get_mut()));
        self.points.reserve(expected);
        true
    }

    /// Closes the open run, if any.
    pub(crate) fn end_run(&mut self) {
        if let Some((run, _)) = self.open.take() {
            self.runs[run as usize].end = self.points.len() as u32;
        }
    }

    /// Appends `line:col` to the open run and returns its attribute index, or `None` when
    /// the caller must intern the location instead: no open run, not after the run's last
    /// point, or the file got a point in the attribute interner meanwhile.
    #[inline]
    pub(crate) fn push(&mut self, line: u32, col: u32) -> Option<u32> {
        let (run, seen) = self.open?;
        let epoch = *self.epoch.get_mut();
        if epoch != seen {
            let file = self.runs[run as usize].file;
            let general = self.files.get_mut().unwrap_or_else(|p| p.into_inner()).get(&file).is_some_and(|f| f.general);
            if general {
                self.end_run();
                return None;
            }
            self.open = Some((run, epoch));
        }
        let len = self.points.len();
        if len > self.runs[run as usize].start as usize {
            let last = &self.points[len - 1];
            if (line, col) <= (last.line, last.col) {
                return None;
            }
        }
        if len >= (u32::MAX - POINT_BASE - 1) as usize {
            self.end_run();
            return None;
        }
        self.points.push(Point { line, col, kind: AtomicU32::new(0) });
        Some(POINT_BASE + len as u32)
    }

    /// The attribute index of point `file:line:col`: its run's entry if there is one, else
    /// `general()` (which interns it in the attribute interner).
    pub(crate) fn intern(&self, file: Identifier, line: u32, col: u32, general: impl FnOnce() -> u32) -> u32 {
        let mut files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let state = files.entry(file).or_default();
        if let Some(run) = state.run {
            let r = &self.runs[run as usize];
            let end = if r.end == OPEN { self.points.len() } else { r.end as usize };
            let slice = &self.points[r.start as usize..end];
            if let Ok(i) = slice.binary_search_by(|p| (p.line, p.col).cmp(&(line, col))) {
                return POINT_BASE + r.start + i as u32;
            }
        }
        // Line or column 0 is never a position in a source, so it never meets a run.
        if line > 0 && col > 0 && !state.general {
            state.general = true;
            self.epoch.fetch_add(1, Ordering::Relaxed);
        }
        let index = general();
        assert!(index < POINT_BASE, "more than 2G attributes");
        index
    }

    #[inline]
    pub(crate) fn contains(&self, point: u32) -> bool {
        (point as usize) < self.points.len()
    }

    /// `(file, line, col)` of a point.
    #[inline]
    pub(crate) fn get(&self, point: u32) -> (Identifier, u32, u32) {
        let p = &self.points[point as usize];
        let run = self.runs.partition_point(|r| r.start <= point) - 1;
        (self.runs[run].file, p.line, p.col)
    }

    /// The point as an [`AttrKind`], built on first request.
    pub(crate) fn kind(&self, point: u32) -> &AttrKind {
        let p = &self.points[point as usize];
        let k = p.kind.load(Ordering::Acquire);
        if k != 0 {
            return &self.kinds[k as usize - 1];
        }
        let _guard = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let k = p.kind.load(Ordering::Acquire);
        if k != 0 {
            return &self.kinds[k as usize - 1];
        }
        let (file, line, col) = self.get(point);
        let index = self.kinds.push(AttrKind::Location(LocationKind::FileLineCol {
            file,
            start_line: line,
            start_col: col,
            end_line: line,
            end_col: col,
        }));
        p.kind.store(u32::try_from(index + 1).expect("more than 4G locations"), Ordering::Release);
        &self.kinds[index]
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

    /// The recent table is only a shortcut: whatever it holds (collisions, values stored
    /// without uniquing), answers are the shards' answers.
    #[test]
    fn recent_table_never_changes_answers() {
        let interner: Interner<u64> = Interner::default();
        let first: Vec<u32> = (0..4 * RECENT as u64).map(|v| interner.intern(v)).collect();
        // A value stored without uniquing is never what uniquing an equal value returns.
        let lone = interner.push_unique(3);
        assert_ne!(lone, first[3]);
        for round in 0..3 {
            for (v, &index) in first.iter().enumerate().rev() {
                let v = v as u64;
                let again = match round {
                    0 => interner.intern(v),
                    1 => interner.intern_with(&v, || v),
                    _ => interner.intern_like(&v, |x| *x == v, || v),
                };
                assert_eq!(again, index, "value {v}");
            }
        }
        assert_eq!(interner.items.count(), 4 * RECENT + 1);
    }
}
