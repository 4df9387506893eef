//! Generational arenas for IR entities.
//!
//! Every operation, block and region lives in a slot of an [`Arena`]. Public handles carry
//! the slot index and the generation the slot had when the entity was created; a slot's
//! generation is bumped when its entity is freed, so an old handle can never resolve to a
//! new entity that reused the slot. Links *inside* the IR (parent, prev/next, use lists)
//! store bare indices: the core keeps them consistent, so they need no check.
//!
//! Generations live in their own array, apart from the entities: handle checks and walks
//! then touch 4 bytes per entity instead of the whole record, and vacant slots cost only
//! an `Option` niche. The arena is written in safe Rust.

/// Sentinel for "no index" in intrusive links.
pub const NONE: u32 = u32::MAX;

pub struct Arena<T> {
    slots: Vec<Option<T>>,
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
            self.slots[index as usize] = Some(value);
            (index, self.generations[index as usize])
        } else {
            let index = u32::try_from(self.slots.len()).expect("more than 4G IR entities");
            assert!(index != NONE, "more than 4G IR entities");
            self.slots.push(Some(value));
            self.generations.push(1);
            (index, 1)
        }
    }

    /// Frees a slot, bumping its generation so outstanding handles go stale.
    pub fn free(&mut self, index: u32) -> Option<T> {
        let old = self.slots.get_mut(index as usize)?.take()?;
        let generation = &mut self.generations[index as usize];
        // Generation 0 is never handed out, so a zeroed handle from C is always stale.
        *generation = generation.wrapping_add(1).max(1);
        self.free.push(index);
        self.live -= 1;
        Some(old)
    }

    /// The entity at `index` if it is live and still has `generation`.
    #[inline]
    pub fn get_checked(&self, index: u32, generation: u32) -> Option<&T> {
        if self.generations.get(index as usize) != Some(&generation) {
            return None;
        }
        self.slots[index as usize].as_ref()
    }

    #[inline]
    pub fn get_checked_mut(&mut self, index: u32, generation: u32) -> Option<&mut T> {
        if self.generations.get(index as usize) != Some(&generation) {
            return None;
        }
        self.slots[index as usize].as_mut()
    }

    /// Internal access by a link the core maintains; a dangling link is a core bug.
    #[inline]
    pub fn get(&self, index: u32) -> &T {
        match &self.slots[index as usize] {
            Some(v) => v,
            None => panic!("internal link to a freed IR slot {index}"),
        }
    }

    #[inline]
    pub fn get_mut(&mut self, index: u32) -> &mut T {
        match &mut self.slots[index as usize] {
            Some(v) => v,
            None => panic!("internal link to a freed IR slot {index}"),
        }
    }

    #[inline]
    pub fn generation(&self, index: u32) -> u32 {
        self.generations[index as usize]
    }

    #[allow(dead_code)]
    #[inline]
    pub fn is_live(&self, index: u32) -> bool {
        matches!(self.slots.get(index as usize), Some(Some(_)))
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
        self.slots.iter().enumerate().filter_map(|(i, e)| e.as_ref().map(|v| (i as u32, v)))
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
