//! MLIR's textual form: the lexer, the generic-syntax parser and the generic printer.
//!
//! The parser turns text into IR in a [`Context`]; the printer writes it back in MLIR's
//! generic form, byte for byte as upstream MLIR prints it.

use crate::context::Context;

pub mod lexer;
pub mod parser;
pub mod printer;

/// Printing options, matching `mlir-opt`'s `--mlir-print-*` flags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintFlags {
    /// Print `loc(...)` for every operation and block argument (`--mlir-print-debuginfo`).
    pub debug_info: bool,
    /// Print locations in MLIR's "pretty" form (`--mlir-pretty-debuginfo`).
    pub pretty_debug_info: bool,
    /// Print as if this op were the top level: no alias definitions, values numbered
    /// locally (`--mlir-print-local-scope`).
    pub local_scope: bool,
    /// Elide `dense<...>` with more elements than this (`--mlir-elide-elementsattrs-if-larger`).
    pub elide_elements_larger_than: Option<u64>,
    /// Skip the verifier before printing (`--mlir-print-assume-verified`).
    pub assume_verified: bool,
}

pub use parser::{parse_attribute, parse_source, parse_type, ParseError, ParseOptions};
pub use printer::{print_attribute, print_location, print_op, print_type};

#[allow(dead_code)]
fn _signatures(ctx: &mut Context) {
    // Keeps the public entry points' shapes visible in one place.
    let _: fn(&mut Context, &str, &str, &ParseOptions) -> Result<crate::ir::OpId, ParseError> = parse_source;
    let _: fn(&Context, crate::ir::OpId, &PrintFlags) -> crate::error::Result<String> = print_op;
    let _ = ctx;
}
