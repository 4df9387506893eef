//! TypeIDs: process-wide ids interned by fully qualified name (`builtin.integer`,
//! `quant.uniform`, `builtin.MemRefElementTypeInterface`).
//!
//! This is deliberately a process global: the core is loaded exactly once per process
//! (the one-core rule), so every package that asks for the id of a name gets the same
//! answer. That is the point of omnir — it is the registry MLIR splits across copies.

use std::fmt;
use std::sync::OnceLock;

use crate::intern::Interner;

fn registry() -> &'static Interner<Box<str>> {
    static IDS: OnceLock<Interner<Box<str>>> = OnceLock::new();
    IDS.get_or_init(Interner::default)
}

/// A process-unique id for a type kind, attribute kind, operation, or interface.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(u32);

impl TypeId {
    /// The id for `qualified_name`; the same name always gives the same id in this process.
    pub fn of(qualified_name: &str) -> TypeId {
        TypeId(registry().intern_with(qualified_name, || qualified_name.into()))
    }

    pub fn name(self) -> &'static str {
        registry().get(self.0)
    }

    /// A stable number for this process, for FFI and hashing.
    pub fn as_u32(self) -> u32 {
        self.0
    }

    pub fn from_u32(raw: u32) -> Option<TypeId> {
        registry().try_get(raw).map(|_| TypeId(raw))
    }
}

impl fmt::Debug for TypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeId({})", self.name())
    }
}

/// The TypeId of a fixed name, looked up once and then read without locking (for hot paths
/// such as builtin interface checks).
#[macro_export]
#[doc(hidden)]
macro_rules! cached_type_id {
    ($name:expr) => {{
        static ID: std::sync::OnceLock<$crate::typeid::TypeId> = std::sync::OnceLock::new();
        *ID.get_or_init(|| $crate::typeid::TypeId::of($name))
    }};
}

#[cfg(test)]
mod tests {
    use super::TypeId;

    #[test]
    fn same_name_same_id() {
        assert_eq!(TypeId::of("quant.uniform"), TypeId::of("quant.uniform"));
        assert_ne!(TypeId::of("quant.uniform"), TypeId::of("quant.any"));
        assert_eq!(TypeId::of("a.b").name(), "a.b");
        assert_eq!(TypeId::from_u32(TypeId::of("x.y").as_u32()), Some(TypeId::of("x.y")));
    }
}
