//! MLIR's textual form: the lexer, the generic-syntax parser and the generic printer, and the
//! custom assembly of dialect types and attributes (`custom`).
//!
//! The parser turns text into IR in a [`Context`]; the printer writes it back in MLIR's
//! generic form, byte for byte as upstream MLIR prints it.

use crate::context::Context;

pub mod custom;
pub mod format;
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
    /// Print every operation in the generic form, also those with a custom form
    /// (`--mlir-print-op-generic`, upstream's `print_generic_op_form`).
    pub generic: bool,
    /// Number values uniquely across regions, as the generic form always does
    /// (`--mlir-print-unique-ssa-ids`).
    pub unique_ssa_ids: bool,
    /// After each op, a comment naming the users of its results, and after each block
    /// header, the users of its arguments (`--mlir-print-value-users`). Ops without
    /// results then take a number too, as upstream numbers them.
    pub value_users: bool,
}

pub use custom::{format_float, DialectAsmParser};
pub use parser::{
    first_file_position, parse_attribute, parse_attribute_prefix, parse_single_operation, parse_source, parse_type,
    parse_type_prefix, render_source_diagnostic, split_source_with, ParseError, ParseOptions, SplitSource,
    DEFAULT_SPLIT_MARKER,
};
pub use printer::{
    print_attribute, print_block, print_location, print_op, print_op_to, print_type, print_value,
    print_value_as_operand,
};

#[allow(dead_code)]
fn _signatures(ctx: &mut Context) {
    // Keeps the public entry points' shapes visible in one place.
    let _: fn(&mut Context, &str, &str, &ParseOptions) -> Result<crate::ir::OpId, ParseError> = parse_source;
    let _: fn(&Context, crate::ir::OpId, &PrintFlags) -> crate::error::Result<String> = print_op;
    let _ = ctx;
}

/// The property the fuzzer checks, shared with the regression test so a kept crash input is
/// replayed exactly: on any bytes, parsing never panics, and when text parses, printing it,
/// parsing the print and printing again gives the same text. Panics (the fuzzer's failure
/// signal) when the property is violated.
pub fn roundtrip_check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Invalid IR must print and read back too: it is not verified when read, and the printer
    // verifies, falling back to the generic form for IR that fails (whose custom forms, as
    // upstream's, need not read back).
    let options = ParseOptions { allow_unregistered_dialects: true, verify_after_parse: false };
    let flags = PrintFlags::default();
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    // Diagnostics are expected on bad input; keep them off stderr.
    ctx.attach_diagnostic_handler(Box::new(|_, _| true));
    let Ok(module) = parse_source(&mut ctx, text, "fuzz.mlir", &options) else { return };
    let first = print_op(&ctx, module, &flags).expect("printing parsed IR succeeds");
    // A printed file is read back by a new tool invocation: a fresh context (reusing this one
    // would rename its resource blobs, as MLIR does for a clashing key).
    let mut fresh = Context::new();
    fresh.set_allow_unregistered_dialects(true);
    fresh.attach_diagnostic_handler(Box::new(|_, _| true));
    let reparsed = parse_source(&mut fresh, &first, "fuzz-print.mlir", &options)
        .unwrap_or_else(|e| panic!("printed IR does not parse again: {e}\n--- printed ---\n{first}"));
    let second = print_op(&fresh, reparsed, &flags).expect("printing reparsed IR succeeds");
    assert_eq!(first, second, "print(parse(print(parse(x)))) differs from print(parse(x))");
}

/// The custom-syntax fuzz property, with the dialects of `definitions` loaded: on any bytes,
/// parsing never panics; when text parses, printing it (custom forms), parsing that and
/// printing again gives the same text, and so does the generic form read back and printed
/// in the custom form. Panics when the property is violated.
pub fn custom_roundtrip_check(data: &[u8], definitions: &str) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let options = ParseOptions { allow_unregistered_dialects: true, verify_after_parse: false };
    // The printer verifies: IR that fails prints generically (see `roundtrip_check`).
    let flags = PrintFlags::default();
    let generic = PrintFlags { generic: true, ..flags.clone() };
    let fresh = || {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        ctx.attach_diagnostic_handler(Box::new(|_, _| true));
        crate::irdl::load_definitions(&mut ctx, definitions, "defs.mlir").expect("the fuzz dialects load");
        ctx
    };
    let mut ctx = fresh();
    let Ok(module) = parse_source(&mut ctx, text, "fuzz.mlir", &options) else { return };
    let first = print_op(&ctx, module, &flags).expect("printing parsed IR succeeds");
    let as_generic = print_op(&ctx, module, &generic).expect("printing parsed IR succeeds");
    let mut again = fresh();
    let reparsed = parse_source(&mut again, &first, "fuzz-print.mlir", &options)
        .unwrap_or_else(|e| panic!("printed IR does not parse again: {e}\n--- printed ---\n{first}"));
    let second = print_op(&again, reparsed, &flags).expect("printing reparsed IR succeeds");
    assert_eq!(first, second, "print(parse(print(parse(x)))) differs from print(parse(x))");
    let mut from_generic = fresh();
    let g = parse_source(&mut from_generic, &as_generic, "fuzz-generic.mlir", &options)
        .unwrap_or_else(|e| panic!("the generic print does not parse again: {e}\n--- printed ---\n{as_generic}"));
    let third = print_op(&from_generic, g, &flags).expect("printing reparsed IR succeeds");
    assert_eq!(first, third, "the generic form read back prints another custom form");
}
