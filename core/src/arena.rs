//! Generational arenas for IR entities.
//!
//! Every operation, block and region lives in a slot of an [`Arena`]. Public handles carry
//! the slot index and the generation the slot had when the entity was created; a slot's
//! generation is bumped when its entity is freed, so an old handle can never resolve to a
//! new entity that reused the slot. Links *inside* the IR (parent, prev/next, use lists)
//! store bare indices: the core keeps them consistent, so they need no check.
//!
//! The arena is written in safe Rust: an `enum` per slot costs no more than the tag and keeps
//! the free list inside vacant slots.

/// Sentinel for "no index" in intrusive links.
pub const NONE: u32 = u32::MAX;

enum Slot<T> {
    Occupied(T),
    Vacant { next_free: u32 },
}

struct Entry<T> {
    generation: u32,
    slot: Slot<T>,
}

pub struct Arena<T> {
    entries: Vec<Entry<T>>,
    free_head: u32,
    live: usize,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { entries: Vec::new(), free_head: NONE, live: 0 }
    }
}

impl<T> Arena<T> {
    /// Stores `value`, returning its (index, generation).
    pub fn alloc(&mut self, value: T) -> (u32, u32) {
        self.live += 1;
        if self.free_head != NONE {
            let index = self.free_head;
            let entry = &mut self.entries[index as usize];
            match entry.slot {
                Slot::Vacant { next_free } => self.free_head = next_free,
                Slot::Occupied(_) => unreachable!("free list points at an occupied slot"),
            }
            entry.slot = Slot::Occupied(value);
            (index, entry.generation)
        } else {
            let index = u32::try_from(self.entries.len()).expect("more than 4G IR entities");
            assert!(index != NONE, "more than 4G IR entities");
            self.entries.push(Entry { generation: 1, slot: Slot::Occupied(value) });
            (index, 1)
        }
    }

    /// Frees a slot, bumping its generation so outstanding handles go stale.
    pub fn free(&mut self, index: u32) -> Option<T> {
        let entry = self.entries.get_mut(index as usize)?;
        if !matches!(entry.slot, Slot::Occupied(_)) {
            return None;
        }
        let old = std::mem::replace(&mut entry.slot, Slot::Vacant { next_free: self.free_head });
        // Generation 0 is never handed out, so a zeroed handle from C is always stale.
        entry.generation = entry.generation.wrapping_add(1).max(1);
        self.free_head = index;
        self.live -= 1;
        match old {
            Slot::Occupied(v) => Some(v),
            Slot::Vacant { .. } => unreachable!(),
        }
    }

    /// The entity at `index` if it is live and still has `generation`.
    #[inline]
    pub fn get_checked(&self, index: u32, generation: u32) -> Option<&T> {
        match self.entries.get(index as usize) {
            Some(Entry { generation: g, slot: Slot::Occupied(v) }) if *g == generation => Some(v),
            _ => None,
        }
    }

    #[inline]
    pub fn get_checked_mut(&mut self, index: u32, generation: u32) -> Option<&mut T> {
        match self.entries.get_mut(index as usize) {
            Some(Entry { generation: g, slot: Slot::Occupied(v) }) if *g == generation => Some(v),
            _ => None,
        }
    }

    /// Internal access by a link the core maintains; a dangling link is a core bug.
    #[inline]
    pub fn get(&self, index: u32) -> &T {
        match &self.entries[index as usize].slot {
            Slot::Occupied(v) => v,
            Slot::Vacant { .. } => panic!("internal link to a freed IR slot {index}"),
        }
    }

    #[inline]
    pub fn get_mut(&mut self, index: u32) -> &mut T {
        match &mut self.entries[index as usize].slot {
            Slot::Occupied(v) => v,
            Slot::Vacant { .. } => panic!("internal link to a freed IR slot {index}"),
        }
    }

    #[inline]
    pub fn generation(&self, index: u32) -> u32 {
        self.entries[index as usize].generation
    }

    #[inline]
    pub fn is_live(&self, index: u32) -> bool {
        matches!(self.entries.get(index as usize), Some(Entry { slot: Slot::Occupied(_), .. }))
    }

    pub fn live_count(&self) -> usize {
        self.live
    }

    /// One past the largest index ever handed out; sizes side tables keyed by index.
    pub fn capacity_index(&self) -> usize {
        self.entries.len()
    }

    pub fn iter_live(&self) -> impl Iterator<Item = (u32, &T)> {
        self.entries.iter().enumerate().filter_map(|(i, e)| match &e.slot {
            Slot::Occupied(v) => Some((i as u32, v)),
            Slot::Vacant { .. } => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reuse_bumps_generation_so_old_handles_go_stale() {
        let mut a = Arena::default();
        let (i, g) = a.alloc("x");
        assert_eq!(a.get_checked(i, g), Some(&"x"));
        assert_eq!(a.free(i), Some("x"));
        assert_eq!(a.get_checked(i, g), None);
        let (j, g2) = a.alloc("y");
        assert_eq!(i, j, "freed slot is reused");
        assert_ne!(g, g2);
        assert_eq!(a.get_checked(i, g), None);
        assert_eq!(a.get_checked(j, g2), Some(&"y"));
        assert_eq!(a.free(i), Some("y"));
        assert_eq!(a.free(i), None, "double free is refused");
        assert_eq!(a.live_count(), 0);
    }

    #[test]
    fn generation_zero_never_resolves() {
        let mut a = Arena::default();
        let (i, _) = a.alloc(1);
        assert!(a.get_checked(i, 0).is_none());
    }
}
