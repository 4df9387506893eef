//! MLIR's everyday dialects as omnir ships them: each is a definition file
//! (`dialects/<name>/<name>.irdl.mlir`, IRDL plus `omnir.*` attributes) and the Rust hooks
//! where upstream writes C++ (`dialects/<name>/hooks.rs`). They are compiled into the core so
//! that their types and ops live in the one library every package links. Every context has
//! them available, as upstream's tools register all of their dialects, and loads each one
//! the first time it is named (an op created or parsed, a `#dialect.x` / `!dialect.x` read,
//! [`Context::load_dialect`]), as MLIR loads dialects lazily: a context pays only for the
//! dialects it uses.

use crate::context::Context;

#[path = "affine/hooks.rs"]
mod affine;
#[path = "arith/hooks.rs"]
mod arith;
#[path = "bufferization/hooks.rs"]
mod bufferization;
#[path = "cf/hooks.rs"]
mod cf;
#[path = "complex/hooks.rs"]
mod complex;
#[path = "complex/fold.rs"]
mod complex_fold;
/// What every dialect's folds read and build alike.
#[path = "shared/fold_util.rs"]
pub mod fold_util;
/// Constant-folding helpers (integers, floats, splats, dense elements, poison).
#[path = "shared/fold_util_arith.rs"]
pub mod fold_util_arith;
/// Helpers of the memref and tensor folds, and the element-wise constant folds of math.
#[path = "shared/fold_util_memtensor.rs"]
pub mod fold_util_memtensor;
/// Helpers of the scf and cf folds.
#[path = "shared/fold_util_scfcf.rs"]
pub mod fold_util_scfcf;
/// Helpers for folds over vectors and dense constants.
#[path = "shared/fold_util_vector.rs"]
pub mod fold_util_vector;
#[path = "func/hooks.rs"]
pub(crate) mod func;
#[path = "gpu/hooks.rs"]
mod gpu;
#[path = "gpu/func.rs"]
mod gpu_func;
/// Directives several dialects share (registered by each under its own name).
#[path = "shared/index_list.rs"]
pub mod index_list;
#[path = "linalg/hooks.rs"]
mod linalg;
#[path = "llvm/hooks.rs"]
mod llvm;
#[path = "math/fold.rs"]
mod math_fold;
#[path = "memref/hooks.rs"]
mod memref;
#[path = "memref/fold.rs"]
mod memref_fold;
#[path = "scf/hooks.rs"]
mod scf;
#[path = "shared/successors.rs"]
pub mod successors;
#[path = "tensor/hooks.rs"]
mod tensor;
#[path = "tensor/fold.rs"]
mod tensor_fold;
#[path = "vector/hooks.rs"]
mod vector;

/// A shipped dialect: its definition file and its hooks.
struct Shipped {
    name: &'static str,
    /// The file's path in the repository, for error locations.
    file: &'static str,
    source: &'static str,
    /// Registers the verifier and result-name hooks the definition names (before loading).
    hooks: fn(&mut Context),
    /// Registers the `custom<...>` directives of its formats (after loading).
    directives: fn(&mut Context),
}

const SHIPPED: &[Shipped] = &[
    Shipped {
        name: "func",
        file: "dialects/func/func.irdl.mlir",
        source: include_str!("func/func.irdl.mlir"),
        hooks: func::register_hooks,
        directives: func::register_directives,
    },
    Shipped {
        name: "cf",
        file: "dialects/cf/cf.irdl.mlir",
        source: include_str!("cf/cf.irdl.mlir"),
        hooks: cf::register_hooks,
        directives: cf::register_directives,
    },
    Shipped {
        name: "scf",
        file: "dialects/scf/scf.irdl.mlir",
        source: include_str!("scf/scf.irdl.mlir"),
        hooks: scf::register_hooks,
        directives: scf::register_directives,
    },
    Shipped {
        name: "math",
        file: "dialects/math/math.irdl.mlir",
        source: include_str!("math/math.irdl.mlir"),
        hooks: math_fold::register_hooks,
        directives: no_hooks,
    },
    Shipped {
        name: "ub",
        file: "dialects/ub/ub.irdl.mlir",
        source: include_str!("ub/ub.irdl.mlir"),
        hooks: no_hooks,
        directives: no_hooks,
    },
    Shipped {
        name: "memref",
        file: "dialects/memref/memref.irdl.mlir",
        source: include_str!("memref/memref.irdl.mlir"),
        hooks: memref::register_hooks,
        directives: memref::register_directives,
    },
    Shipped {
        name: "arith",
        file: "dialects/arith/arith.irdl.mlir",
        source: include_str!("arith/arith.irdl.mlir"),
        hooks: arith::register_hooks,
        directives: arith::register_directives,
    },
    Shipped {
        name: "tensor",
        file: "dialects/tensor/tensor.irdl.mlir",
        source: include_str!("tensor/tensor.irdl.mlir"),
        hooks: tensor::register_hooks,
        directives: tensor::register_directives,
    },
    Shipped {
        name: "affine",
        file: "dialects/affine/affine.irdl.mlir",
        source: include_str!("affine/affine.irdl.mlir"),
        hooks: affine::register_hooks,
        directives: affine::register_directives,
    },
    Shipped {
        name: "vector",
        file: "dialects/vector/vector.irdl.mlir",
        source: include_str!("vector/vector.irdl.mlir"),
        hooks: vector::register_hooks,
        directives: vector::register_directives,
    },
    Shipped {
        name: "linalg",
        file: "dialects/linalg/linalg.irdl.mlir",
        source: include_str!("linalg/linalg.irdl.mlir"),
        hooks: linalg::register_hooks,
        directives: linalg::register_directives,
    },
    Shipped {
        name: "llvm",
        file: "dialects/llvm/llvm.irdl.mlir",
        source: include_str!("llvm/llvm.irdl.mlir"),
        hooks: llvm::register_hooks,
        directives: llvm::register_directives,
    },
    Shipped {
        name: "complex",
        file: "dialects/complex/complex.irdl.mlir",
        source: include_str!("complex/complex.irdl.mlir"),
        hooks: complex::register_hooks,
        directives: complex::register_directives,
    },
    Shipped {
        name: "gpu",
        file: "dialects/gpu/gpu.irdl.mlir",
        source: include_str!("gpu/gpu.irdl.mlir"),
        hooks: gpu::register_hooks,
        directives: gpu::register_directives,
    },
    Shipped {
        name: "bufferization",
        file: "dialects/bufferization/bufferization.irdl.mlir",
        source: include_str!("bufferization/bufferization.irdl.mlir"),
        hooks: bufferization::register_hooks,
        directives: bufferization::register_directives,
    },
];

/// Whether `text` has `dialect.` as the start of a name (not inside another identifier:
/// `#arith.fastmath` names arith, not math).
fn names_dialect(text: &str, dialect: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(dialect).map(|i| i + from) {
        let end = i + dialect.len();
        let starts = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || b"_$.".contains(&bytes[i - 1]));
        if starts && bytes.get(end) == Some(&b'.') {
            return true;
        }
        from = i + 1;
    }
    false
}

/// For dialects whose definition names no hook.
fn no_hooks(_: &mut Context) {}

/// The index of the shipped dialect `name`.
fn index_of(name: &str) -> Option<usize> {
    SHIPPED.iter().position(|d| d.name == name)
}

/// Whether omnir ships a dialect of this name (loaded or not).
pub fn is_shipped(name: &str) -> bool {
    index_of(name).is_some()
}

/// The names of the shipped dialects.
pub fn shipped_names() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|d| d.name)
}

impl Context {
    /// Loads the shipped dialect `name` unless it is loaded already. Returns whether a
    /// dialect of that name is registered afterwards (shipped or not).
    pub fn load_dialect(&mut self, name: &str) -> bool {
        if let Some(i) = index_of(name) {
            // A dialect of that name registered by the user (a definition file of their own)
            // takes the name's place: the shipped one is then never loaded.
            if self.shipped_loaded & (1 << i) == 0 && !self.is_dialect_registered(name) {
                self.shipped_loaded |= 1 << i;
                let d = &SHIPPED[i];
                (d.hooks)(self);
                if let Err(e) = crate::irdl::load_definitions(self, d.source, d.file) {
                    // A dialect of the user's that took the name of one this one builds on
                    // (math uses arith's attributes) leaves it unloaded.
                    let shadowed = SHIPPED
                        .iter()
                        .enumerate()
                        .any(|(j, s)| self.shipped_loaded & (1 << j) == 0 && self.is_dialect_registered(s.name));
                    if shadowed {
                        return false;
                    }
                    // Otherwise the files are part of the build and tested: a bug in them.
                    panic!("shipped dialect definition {} does not load: {e}", d.file);
                }
                (d.directives)(self);
            }
        }
        self.is_dialect_registered(name)
    }

    /// Loads every shipped dialect (MLIR's `loadAllAvailableDialects`).
    pub fn load_all_available_dialects(&mut self) {
        for d in SHIPPED {
            self.load_dialect(d.name);
        }
    }

    /// Loads the shipped dialect of the op name `dialect.op` when it is not loaded yet.
    pub(crate) fn load_dialect_of_op_name(&mut self, name: crate::context::Identifier) {
        if self.shipped_loaded == (1 << SHIPPED.len()) - 1 || self.registry.op(name).is_some() {
            return;
        }
        let dialect = self.ident_str(name).split('.').next().unwrap_or("");
        if self.is_dialect_loadable(dialect) {
            let dialect = dialect.to_string();
            self.load_dialect(&dialect);
        }
    }

    /// Loads the shipped dialects that `text` (a type or attribute, short) names as
    /// `dialect.` prefixes, so that a parser holding `&Context` finds them.
    /// Loads the shipped dialect of a type or attribute kind's qualified name
    /// (`llvm.ptr`), if this context has not loaded it.
    pub(crate) fn load_dialect_of_kind_name(&mut self, qualified_name: &str) {
        let dialect = qualified_name.split('.').next().unwrap_or("");
        if self.is_dialect_loadable(dialect) {
            let dialect = dialect.to_string();
            self.load_dialect(&dialect);
        }
    }

    pub(crate) fn load_dialects_named_in(&mut self, text: &str) {
        for (i, d) in SHIPPED.iter().enumerate() {
            if self.shipped_loaded & (1 << i) == 0 && names_dialect(text, d.name) {
                self.load_dialect(d.name);
            }
        }
    }

    /// Whether `text` names (as a `dialect.` prefix, roughly) a shipped dialect this context
    /// has not loaded (see [`Context::load_dialects_named_in`]).
    pub(crate) fn mentions_loadable_dialect(&self, text: &str) -> bool {
        SHIPPED.iter().enumerate().any(|(i, d)| self.shipped_loaded & (1 << i) == 0 && names_dialect(text, d.name))
    }

    /// Whether `name` is a shipped dialect that this context has not loaded yet.
    pub(crate) fn is_dialect_loadable(&self, name: &str) -> bool {
        index_of(name).is_some_and(|i| self.shipped_loaded & (1 << i) == 0) && !self.is_dialect_registered(name)
    }
}

/// The names of the shipped dialects' definition files and their text (for tools and tests).
pub fn definition_files() -> impl Iterator<Item = (&'static str, &'static str)> {
    SHIPPED.iter().map(|d| (d.file, d.source))
}
