//! Generic-syntax parser. (Being written.)

use crate::context::Context;
use crate::ir::OpId;

/// A parse failure: every error found, already rendered MLIR-style
/// (`file:line:col: error: message`, the source line, a caret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub diagnostics: Vec<ParseDiagnostic>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDiagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    /// `file:line:col: error: message\n<source line>\n<caret>`.
    pub rendered: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Accept ops, types and attributes of dialects that are not registered.
    pub allow_unregistered_dialects: bool,
}

/// Parses a whole file into a `builtin.module` (the implicit module is created when the
/// file's top level is not a single module).
pub fn parse_source(_ctx: &mut Context, _source: &str, _filename: &str, _options: &ParseOptions) -> Result<OpId, ParseError> {
    unimplemented!("parser is being written")
}

pub fn parse_type(_ctx: &Context, _text: &str) -> Result<crate::types::Type, ParseError> {
    unimplemented!("parser is being written")
}

pub fn parse_attribute(_ctx: &Context, _text: &str) -> Result<crate::attrs::Attribute, ParseError> {
    unimplemented!("parser is being written")
}
