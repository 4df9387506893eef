//! Parser for MLIR's generic operation syntax (and `builtin.module`'s custom form).
//!
//! Entry points: [`parse_source`] for a file, [`parse_source_split`] for a file whose
//! chunks are separated by `// -----` lines (as `mlir-opt --split-input-file`),
//! [`parse_type`] and [`parse_attribute`] for one type or attribute, [`parse_type_prefix`] and
//! [`parse_attribute_prefix`] for one at the start of a text (custom parsers use them).
//!
//! The parser follows upstream MLIR's `mlir/lib/AsmParser` (grammar, error messages and
//! where they point), with two differences of construction: nothing recurses on the
//! input's nesting (regions, types, attributes, locations and affine expressions use
//! explicit stacks), and on failure every operation, block and region the parse created is
//! erased again, so the context is left as it was.

use std::ops::Range;

#[path = "parse/affine.rs"]
mod affine;
#[path = "parse/attr.rs"]
mod attr;
#[path = "parse/base.rs"]
mod base;
#[path = "parse/decfloat.rs"]
mod decfloat;
#[path = "parse/dense.rs"]
mod dense;
#[path = "parse/fmt.rs"]
mod fmt;
#[path = "parse/ops.rs"]
mod ops;

pub(crate) use ops::OperandRef as OperandToken;

use super::custom;
use super::lexer;
use crate::attrs::{AttrKind, Attribute, Location, LocationKind};
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dialect::AsmError;
use crate::ir::EraseMode;
use crate::ir::OpId;
use crate::types::Type;
use base::{render_one, Core, LineIndex, RawDiag};

/// A parse failure: every error found, already rendered MLIR-style
/// (`file:line:col: error: message`, the source line, a caret). With
/// [`ParseOptions::verify_after_parse`], text that parses but does not verify fails too, with
/// the verifier's errors rendered the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub diagnostics: Vec<ParseDiagnostic>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDiagnostic {
    /// Where the error is: a position in the text, or for a verifier error the first file
    /// position of the operation's location (MLIR's `findLocToShow`); an empty file and 0:0
    /// when that location has none.
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    /// `file:line:col: error: message\n<source line>\n<caret>` (the source line and caret
    /// when the position is in the parsed text; `error: loc(...): message` for a verifier
    /// error at a location without a file position).
    pub rendered: String,
    /// Notes attached to the error (`note: previously defined here`, ...), each rendered
    /// the same way with severity `note`.
    pub notes: Vec<ParseNote>,
    /// The location a verifier error was reported at (the operation's own, which may be a
    /// name, call-site or fused location); `None` for an error in the text, which is at
    /// `file:line:col`.
    pub location: Option<Location>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNote {
    /// As [`ParseDiagnostic::file`]: the error's file for a note in the text.
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub rendered: String,
    /// As [`ParseDiagnostic::location`].
    pub location: Option<Location>,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            f.write_str(&d.rendered)?;
            for n in &d.notes {
                f.write_str("\n")?;
                f.write_str(&n.rendered)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

impl From<ParseError> for crate::error::Error {
    fn from(e: ParseError) -> Self {
        crate::error::Error::new(crate::error::ErrorKind::ParseFailed, e.to_string())
    }
}

/// How to parse. `ParseOptions::default()` accepts registered dialects only and does not
/// verify: the Rust entry points are the parse phase alone, as the tools that build on them
/// (`omnir-opt`, which verifies on its own unless `--no-verify` and checks the verifier's
/// diagnostics with `--verify-diagnostics`; the fuzzer; the benchmarks' phases) need it.
/// The C API, and so every binding, verifies by default as MLIR's `parseSourceString` does
/// (see [`Context::verify_after_parse`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Accept ops, types and attributes of dialects that are not registered.
    pub allow_unregistered_dialects: bool,
    /// Verify what was parsed (MLIR's `ParserConfig::verifyAfterParse`): the returned
    /// operation and everything nested in it. If it does not verify, the parse fails with
    /// the verifier's errors (rendered as parse errors, not emitted to the context's
    /// handlers), and the IR and resources are left as they were. The verifier accepts ops
    /// of unregistered dialects only when the context allows them
    /// ([`Context::set_allow_unregistered_dialects`]), as MLIR's does.
    pub verify_after_parse: bool,
}

/// Parses a whole file into a `builtin.module`: the file's only top-level operation if
/// that is a `builtin.module`, otherwise a new module (located at `"file":0:0`, as MLIR)
/// holding every top-level operation. On failure the context's IR is left unchanged.
pub fn parse_source(
    ctx: &mut Context,
    source: &str,
    filename: &str,
    options: &ParseOptions,
) -> Result<OpId, ParseError> {
    parse_source_range(ctx, source, 0..source.len(), filename, options)
}

/// Parses `source[range]` as one file whose lines and columns (and implicit module
/// location) are counted in all of `source`, as MLIR does for a chunk of a split file:
/// the implicit module of a chunk that does not start the file is located where the
/// chunk starts.
pub fn parse_source_range(
    ctx: &mut Context,
    source: &str,
    range: Range<usize>,
    filename: &str,
    options: &ParseOptions,
) -> Result<OpId, ParseError> {
    parse_range_into(ctx, source, range, filename, options, TopLevel::Module)
}

/// Parses text that holds exactly one top-level operation and returns it, detached and not
/// wrapped in a module (MLIR's `parseSourceString<Operation *>`, the Python bindings'
/// `Operation.parse`). Anything else is the error "source must contain a single top-level
/// operation, found: N"; after an error the IR is as it was.
pub fn parse_single_operation(
    ctx: &mut Context,
    source: &str,
    filename: &str,
    options: &ParseOptions,
) -> Result<OpId, ParseError> {
    parse_range_into(ctx, source, 0..source.len(), filename, options, TopLevel::SingleOp)
}

/// What the top-level operations of a parse become.
#[derive(Clone, Copy)]
enum TopLevel {
    /// A `builtin.module`: the only one written, or a new one holding them all.
    Module,
    /// The one operation written.
    SingleOp,
}

fn parse_range_into(
    ctx: &mut Context,
    source: &str,
    range: Range<usize>,
    filename: &str,
    options: &ParseOptions,
    top_level: TopLevel,
) -> Result<OpId, ParseError> {
    if source.len() >= u32::MAX as usize {
        return Err(ParseError {
            diagnostics: vec![ParseDiagnostic {
                file: filename.to_string(),
                line: 0,
                col: 0,
                message: "input is too large (4 GiB or more)".into(),
                rendered: format!("{filename}:0:0: error: input is too large (4 GiB or more)"),
                notes: Vec::new(),
                location: None,
            }],
        });
    }
    let end = range.end.min(source.len());
    let start = range.start.min(end);
    // Chunks end before a split marker, which is ASCII; clamp to character boundaries
    // anyway.
    let end = (0..=end).rev().find(|&i| source.is_char_boundary(i)).unwrap_or(0);
    let start = (0..=start).rev().find(|&i| source.is_char_boundary(i)).unwrap_or(0);
    let (line, line_start) = line_of(source, start);
    let allow = options.allow_unregistered_dialects || ctx.allow_unregistered_dialects();
    let text = &source[..end];
    let core = Core::new_at(text, start as u32, line, line_start as u32, allow);
    let mut p = ops::OpParser::new(ctx, core, filename);
    p.begin_locations();
    let module_loc = if start > 0 {
        p.file_loc_at(line, (start - line_start) as u32 + 1)
    } else {
        p.ctx.file_line_col_loc(filename, 0, 0)
    };
    let r = p.run().and_then(|()| match top_level {
        TopLevel::Module => p.finish_module(module_loc),
        TopLevel::SingleOp => p.finish_single_op(),
    });
    p.end_locations();
    match r {
        Ok(m) => {
            if options.verify_after_parse {
                let failures = p.ctx.verify_diagnostics(m).unwrap_or_default();
                if !failures.is_empty() {
                    // Everything the parse created hangs below `m`, and the resources are not
                    // installed yet.
                    let _ = p.ctx.drop_all_references(m);
                    let _ = p.ctx.erase_op_with(m, EraseMode::DropUses);
                    return Err(render_verifier(p.ctx, filename, source, &failures));
                }
            }
            for (group, key, blob) in std::mem::take(&mut p.resources) {
                p.ctx.set_resource(&group, &key, blob);
            }
            Ok(m)
        }
        Err(_) => {
            p.cleanup();
            if let Some(dialect) = p.p.need_dialect.take() {
                // Load it and read the text again (the failed attempt left nothing behind);
                // each round loads one more dialect, so this ends.
                if ctx_load(p.ctx, &dialect) {
                    return parse_range_into(ctx, source, range, filename, options, top_level);
                }
            }
            Err(render(filename, source, &p.p.diags))
        }
    }
}

/// Loads `dialect`, returning whether it was loadable (so a retry makes progress).
fn ctx_load(ctx: &mut Context, dialect: &str) -> bool {
    ctx.is_dialect_loadable(dialect) && ctx.load_dialect(dialect)
}

/// The default chunk separator of `--split-input-file`.
pub const DEFAULT_SPLIT_MARKER: &str = "// -----";

/// Splits a file at `// -----` markers as `mlir-opt --split-input-file` does (see
/// [`split_source_with`]).
pub fn split_source(source: &str) -> Vec<Range<usize>> {
    split_source_with(source, DEFAULT_SPLIT_MARKER).chunks
}

/// How [`split_source_with`] cut a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitSource {
    /// The chunks, in order.
    pub chunks: Vec<Range<usize>>,
    /// Where a text that looks like a marker but is not one continues (MLIR warns "near miss
    /// with file split marker" there).
    pub near_misses: Vec<usize>,
}

/// MLIR's `splitAndProcessBuffer`, quirks included: the text is cut at every occurrence of
/// the marker without its last two characters; a cut is a real split when the text after it
/// starts with those two characters and has a third character that is not `0` (so `// ------`
/// splits and its chunk starts with `-`); otherwise it is a near miss and the pieces stay
/// together. An empty first piece (a file starting with the marker) is skipped without the
/// check, and an empty last chunk (a file ending right after a marker) is dropped.
pub fn split_source_with(source: &str, marker: &str) -> SplitSource {
    let mut out = SplitSource::default();
    let check = 2.min(marker.len());
    let (prefix, suffix) = marker.split_at(marker.len() - check);
    if prefix.is_empty() {
        out.chunks.push(0..source.len());
        return out;
    }
    // The raw pieces between occurrences of `prefix`.
    let mut pieces = Vec::new();
    let mut start = 0;
    while let Some(i) = source[start..].find(prefix) {
        pieces.push(start..start + i);
        start += i + prefix.len();
    }
    pieces.push(start..source.len());
    let mut prev: Option<Range<usize>> = None;
    for piece in pieces {
        let Some(p) = prev.clone().filter(|p| !p.is_empty()) else {
            prev = Some(piece);
            continue;
        };
        let text = &source.as_bytes()[piece.clone()];
        let real = text.starts_with(suffix.as_bytes()) && text.len() > check && text[check] != b'0';
        if real {
            out.chunks.push(p);
            prev = Some(piece.start + check..piece.end);
        } else {
            out.near_misses.push(piece.start);
            prev = Some(p.start..piece.end);
        }
    }
    if let Some(p) = prev.filter(|p| !p.is_empty()) {
        out.chunks.push(p);
    }
    out
}

/// Parses each `// -----` chunk of `source` on its own (see [`split_source`] and
/// [`parse_source_range`]).
pub fn parse_source_split(
    ctx: &mut Context,
    source: &str,
    filename: &str,
    options: &ParseOptions,
) -> Vec<Result<OpId, ParseError>> {
    split_source(source).into_iter().map(|r| parse_source_range(ctx, source, r, filename, options)).collect()
}

/// Parses one type, e.g. `tensor<4x?xf32>`. Errors name the input itself as the file,
/// as MLIR's `parseType` does.
pub fn parse_type(ctx: &Context, text: &str) -> Result<Type, ParseError> {
    parse_symbol(ctx, text, |core, ctx| core.parse_type(ctx))
}

/// Parses one attribute, e.g. `dense<[1, 2]> : tensor<2xi32>`.
pub fn parse_attribute(ctx: &Context, text: &str) -> Result<Attribute, ParseError> {
    parse_symbol(ctx, text, |core, ctx| core.parse_attr(ctx))
}

/// Parses a type at the start of `text`, as MLIR's `parseType(text, context, numRead)`:
/// returns the type and the number of bytes it spans (blanks before it included); only the
/// token after it is looked at. An error carries its byte offset in `text`. Meant for custom
/// parsers of dialect types and attributes (see [`DialectAsmParser`](super::DialectAsmParser)),
/// so it reports to no diagnostic handler.
pub fn parse_type_prefix(ctx: &Context, text: &str) -> Result<(Type, usize), AsmError> {
    parse_prefix(ctx, text, |core, ctx| core.parse_type(ctx))
}

/// Parses an attribute at the start of `text` (see [`parse_type_prefix`]).
pub fn parse_attribute_prefix(ctx: &Context, text: &str) -> Result<(Attribute, usize), AsmError> {
    parse_prefix(ctx, text, |core, ctx| core.parse_attr(ctx))
}

fn parse_prefix<T>(
    ctx: &Context,
    text: &str,
    f: impl FnOnce(&mut Core<'_>, &Context) -> base::PResult<T>,
) -> Result<(T, usize), AsmError> {
    if text.len() >= u32::MAX as usize {
        return Err(AsmError::at(0, "input is too large (4 GiB or more)"));
    }
    let allow = ctx.allow_unregistered_dialects() || custom::hook_allows_unregistered();
    let mut core = Core::new(text, allow);
    match core.start().and_then(|()| f(&mut core, ctx)) {
        Ok(v) => Ok((v, core.prev_end as usize)),
        Err(_) => Err(match core.diags.first() {
            Some(d) => AsmError::at(d.pos as usize, d.message.clone()),
            None => AsmError::at(0, "parse failed"),
        }),
    }
}

fn parse_symbol<T>(
    ctx: &Context,
    text: &str,
    f: impl FnOnce(&mut Core<'_>, &Context) -> base::PResult<T>,
) -> Result<T, ParseError> {
    if text.len() >= u32::MAX as usize {
        return Err(render(
            text,
            "",
            &[RawDiag { pos: 0, message: "input is too large (4 GiB or more)".into(), notes: Vec::new() }],
        ));
    }
    let allow = ctx.allow_unregistered_dialects() || custom::hook_allows_unregistered();
    let mut core = Core::new(text, allow);
    let r = core.start().and_then(|()| f(&mut core, ctx)).and_then(|v| {
        if core.tok().kind == lexer::Tok::Eof {
            Ok(v)
        } else {
            let pos = core.tok().start;
            let rest = &text[pos as usize..];
            Err(core.error_at(pos, format!("found trailing characters: '{rest}'")))
        }
    });
    r.map_err(|_| render(text, text, &core.diags))
}

/// Renders a diagnostic at 1-based `line`:`col` of `source` (byte column, as MLIR's
/// `FileLineColLoc`) the way LLVM's `SourceMgr::PrintMessage` does: `file:line:col: severity:
/// message`, the source line (tabs expanded) and a caret, followed by `~` under the next
/// `range - 1` characters of the line when `range > 1`. A position outside `source` gives the
/// first line alone.
pub fn render_source_diagnostic(
    file: &str,
    source: &str,
    line: u32,
    col: u32,
    severity: &str,
    message: &str,
    range: usize,
) -> String {
    let index = LineIndex::new(source);
    let Some(pos) = index.pos_of(source, line, col) else {
        return format!("{file}:{line}:{col}: {severity}: {message}");
    };
    let (_, _, mut rendered) = render_one(file, source, &index, pos, severity, message);
    if range > 1 {
        let rest = &source[pos as usize..];
        let line_rest = rest.split(['\n', '\r']).next().unwrap_or("");
        let n = line_rest.chars().count().min(range).saturating_sub(1);
        rendered.push_str(&"~".repeat(n));
    }
    rendered
}

fn line_of(source: &str, pos: usize) -> (u32, usize) {
    let before = &source.as_bytes()[..pos];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    (line, line_start)
}

fn render(file: &str, source: &str, diags: &[RawDiag]) -> ParseError {
    let index = LineIndex::new(source);
    let diagnostics = diags
        .iter()
        .map(|d| {
            let (line, col, rendered) = render_one(file, source, &index, d.pos, "error", &d.message);
            let notes = d
                .notes
                .iter()
                .map(|(pos, msg)| {
                    let (line, col, rendered) = render_one(file, source, &index, *pos, "note", msg);
                    ParseNote { file: file.to_string(), line, col, message: msg.clone(), rendered, location: None }
                })
                .collect();
            ParseDiagnostic {
                file: file.to_string(),
                line,
                col,
                message: d.message.clone(),
                rendered,
                notes,
                location: None,
            }
        })
        .collect();
    ParseError { diagnostics }
}

/// Verifier failures as parse errors: each at the first file position of its location,
/// rendered with the source line and a caret when that position is in `source` (the file
/// being parsed), as MLIR's `SourceMgrDiagnosticHandler` shows them.
pub(crate) fn render_verifier(ctx: &Context, file: &str, source: &str, diags: &[Diagnostic]) -> ParseError {
    let index = LineIndex::new(source);
    let one = |d: &Diagnostic, severity: &str| {
        let message = &d.message;
        match first_file_position(ctx, d.location) {
            Some((f, line, col)) => {
                let rendered = match index.pos_of(source, line, col).filter(|_| f == file) {
                    Some(pos) => render_one(&f, source, &index, pos, severity, message).2,
                    None => format!("{f}:{line}:{col}: {severity}: {message}"),
                };
                (f, line, col, rendered)
            }
            None => {
                let rendered = match ctx.location_kind(d.location) {
                    LocationKind::Unknown => format!("{severity}: {message}"),
                    _ => format!("{severity}: {}: {message}", super::print_location(ctx, d.location)),
                };
                (String::new(), 0, 0, rendered)
            }
        }
    };
    let diagnostics = diags
        .iter()
        .map(|d| {
            let (file, line, col, rendered) = one(d, d.severity.as_str());
            // Notes of notes do not occur in the verifier's reports; keep them flat anyway.
            let notes = d
                .notes
                .iter()
                .flat_map(|n| std::iter::once(n).chain(n.notes.iter()))
                .map(|n| {
                    let (file, line, col, rendered) = one(n, n.severity.as_str());
                    ParseNote { file, line, col, message: n.message.clone(), rendered, location: Some(n.location) }
                })
                .collect();
            ParseDiagnostic { file, line, col, message: d.message.clone(), rendered, notes, location: Some(d.location) }
        })
        .collect();
    ParseError { diagnostics }
}

/// MLIR's `findLocToShow`: the first `"file":line:col` in a location, looking through names,
/// call sites (callee first) and fused locations in order.
pub fn first_file_position(ctx: &Context, loc: Location) -> Option<(String, u32, u32)> {
    let mut stack = vec![loc.attr()];
    while let Some(a) = stack.pop() {
        let AttrKind::Location(kind) = ctx.attr_kind(a) else { continue };
        match kind {
            LocationKind::FileLineCol { file, start_line, start_col, .. } => {
                return Some((ctx.ident_str(*file).to_string(), *start_line, *start_col))
            }
            LocationKind::Name { child: Some(c), .. } => stack.push(*c),
            LocationKind::CallSite { callee, caller } => {
                stack.push(*caller);
                stack.push(*callee);
            }
            LocationKind::Fused { locations, .. } => stack.extend(locations.iter().rev()),
            _ => {}
        }
    }
    None
}
