//! MLIR's everyday dialects as omnir ships them: each is a definition file
//! (`dialects/<name>/<name>.irdl.mlir`, IRDL plus `omnir.*` attributes) and the Rust hooks
//! where upstream writes C++ (`dialects/<name>/hooks.rs`). They are compiled into the core so
//! that their types and ops live in the one library every package links, and every context
//! has them, as upstream's tools register all of their dialects.

use crate::context::Context;

#[path = "arith/hooks.rs"]
mod arith;
#[path = "func/hooks.rs"]
mod func;

/// A shipped dialect: its definition file and its hooks.
struct Shipped {
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
        file: "dialects/func/func.irdl.mlir",
        source: include_str!("func/func.irdl.mlir"),
        hooks: func::register_hooks,
        directives: func::register_directives,
    },
    Shipped {
        file: "dialects/arith/arith.irdl.mlir",
        source: include_str!("arith/arith.irdl.mlir"),
        hooks: arith::register_hooks,
        directives: arith::register_directives,
    },
];

/// Loads every shipped dialect into `ctx`.
pub(crate) fn load_all(ctx: &mut Context) {
    for d in SHIPPED {
        (d.hooks)(ctx);
        if let Err(e) = crate::irdl::load_definitions(ctx, d.source, d.file) {
            // The files are part of the build and tested; a failure is a bug in them.
            panic!("shipped dialect definition {} does not load: {e}", d.file);
        }
        (d.directives)(ctx);
    }
}

/// The names of the shipped dialects' definition files and their text (for tools and tests).
pub fn definition_files() -> impl Iterator<Item = (&'static str, &'static str)> {
    SHIPPED.iter().map(|d| (d.file, d.source))
}
