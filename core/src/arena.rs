//! Generational arenas for IR entities.
//!
//! Every block and region lives in a slot of an [`Arena`]; operations live in the
//! specialized `ir::store::OpStore`, which follows the same generation scheme (odd = live,
//! bumped on free, never 0) with its own tables. Public handles carry
//! the slot index and the generation the slot had when the entity was created; a slot's
//! generation is bumped when its entity is freed, so an old handle can never resolve to a
//! new entity that reused the slot. Links *inside* the IR (parent, prev/next, use lists)
//! store bare indices: the core keeps them consistent, so they need no check.
//!
//! Generations live in their own array, apart from the entities: handle checks and walks
//! then touch 4 bytes per entity instead of the whole record.
//!
//! A live slot has an odd generation and a freed one an even generation, and handles only
//! ever carry odd generations, so one comparison checks both "same generation" and "live".
//! Freeing only bumps the generation: the old value stays in its slot and is dropped when the
//! slot is reused (or the arena is dropped). That keeps erasure from touching the whole
//! record, which matters because erasing is dominated by memory traffic. The arena is
//! written in safe Rust.

/// Sentinel for "no index" in intrusive links.
pub const NONE: u32 = u32::MAX;

pub struct Arena<T> {
    slots: Vec<T>,
    generations: Vec<u32>,
    free: Vec<u32>,
    live: usize,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { slots: Vec::new(), generations: Vec::new(), free: Vec::new(), live: 0 }
    }
}

impl<T> Arena<T> {
    /// Stores `value`, returning its (index, generation).
    pub fn alloc(&mut self, value: T) -> (u32, u32) {
        self.live += 1;
        if let Some(index) = self.free.pop() {
            let i = index as usize;
            // Dropping the dead occupant happens here, off the erase path.
            self.slots[i] = value;
            // Even (dead) -> odd (live). Wrapping past u32::MAX lands on 1, never on 0.
            let g = self.generations[i].wrapping_add(1).max(1);
            self.generations[i] = g;
            (index, g)
        } else {
            let index = u32::try_from(self.slots.len()).expect("more than 4G IR entities");
            assert!(index != NONE, "more than 4G IR entities");
            self.slots.push(value);
            self.generations.push(1);
            (index, 1)
        }
    }

    /// Frees a slot, bumping its generation so outstanding handles go stale. Returns whether
    /// the slot was live.
    pub fn free(&mut self, index: u32) -> bool {
        match self.generations.get_mut(index as usize) {
            Some(g) if *g % 2 == 1 => {
                *g = g.wrapping_add(1);
                self.free.push(index);
                self.live -= 1;
                true
            }
            _ => false,
        }
    }

    /// The entity at `index` if it is live and still has `generation`.
    #[inline]
    pub fn get_checked(&self, index: u32, generation: u32) -> Option<&T> {
        if generation % 2 == 0 || self.generations.get(index as usize) != Some(&generation) {
            return None;
        }
        Some(&self.slots[index as usize])
    }

    #[inline]
    pub fn get_checked_mut(&mut self, index: u32, generation: u32) -> Option<&mut T> {
        if generation % 2 == 0 || self.generations.get(index as usize) != Some(&generation) {
            return None;
        }
        Some(&mut self.slots[index as usize])
    }

    /// Internal access by a link the core maintains (always live).
    #[inline]
    pub fn get(&self, index: u32) -> &T {
        debug_assert!(self.is_live(index), "internal link to a freed IR slot {index}");
        &self.slots[index as usize]
    }

    #[inline]
    pub fn get_mut(&mut self, index: u32) -> &mut T {
        debug_assert!(self.is_live(index), "internal link to a freed IR slot {index}");
        &mut self.slots[index as usize]
    }

    #[inline]
    pub fn generation(&self, index: u32) -> u32 {
        self.generations[index as usize]
    }

    #[inline]
    pub fn is_live(&self, index: u32) -> bool {
        self.generations.get(index as usize).is_some_and(|g| g % 2 == 1)
    }

    pub fn live_count(&self) -> usize {
        self.live
    }

    /// One past the largest index ever handed out; sizes side tables keyed by index.
    #[allow(dead_code)]
    pub fn capacity_index(&self) -> usize {
        self.slots.len()
    }

    #[allow(dead_code)]
    pub fn iter_live(&self) -> impl Iterator<Item = (u32, &T)> {
        self.slots.iter().enumerate().filter(|(i, _)| self.generations[*i] % 2 == 1).map(|(i, v)| (i as u32, v))
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
        assert!(a.free(i));
        assert_eq!(a.get_checked(i, g), None);
        let (j, g2) = a.alloc("y");
        assert_eq!(i, j, "freed slot is reused");
        assert_ne!(g, g2);
        assert_eq!(a.get_checked(i, g), None);
        assert_eq!(a.get_checked(j, g2), Some(&"y"));
        assert!(a.free(i));
        assert!(!a.free(i), "double free is refused");
        assert_eq!(a.live_count(), 0);
    }

    #[test]
    fn generation_zero_never_resolves() {
        let mut a = Arena::default();
        let (i, _) = a.alloc(1);
        assert!(a.get_checked(i, 0).is_none());
    }
}
