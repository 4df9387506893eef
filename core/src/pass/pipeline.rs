//! Pipelines: nested lists of passes anchored on operation names, and MLIR's textual
//! pipeline syntax.
//!
//! ```text
//! pipeline ::= element (',' element)*
//! element  ::= pass-name ('{' options '}')?
//!            | op-name '(' pipeline? ')'
//! options  ::= (key ('=' value)?)*          separated by spaces
//! ```
//!
//! Values may be quoted (`'...'`, `"..."`) or wrapped in braces to hold spaces; list values
//! are comma-separated. Printing is canonical: elements separated by `,` without spaces,
//! options separated by one space, only the options that were given explicitly, in the
//! order the pass declares them. `parse(print(p))` prints as `print(p)`.

use std::fmt;

use super::registry::instantiate;
use super::{PassInstance, PassOptions};
use crate::context::Context;
use crate::error::{Error, ErrorKind};
use crate::options::{OptionType, OptionValue};

/// How deeply pipelines may nest (the parser refuses deeper text; IR nesting is unlimited).
pub const MAX_PIPELINE_DEPTH: usize = 256;

/// The anchor of an op-agnostic pipeline (`any(...)`).
pub const ANY_ANCHOR: &str = "any";

/// A pipeline anchored on an operation name: the passes (and nested pipelines) that run on
/// each op of that name (MLIR's `OpPassManager`).
#[derive(Clone, Debug)]
pub struct OpPassManager {
    anchor: String,
    elements: Vec<PipelineElement>,
}

/// One step of a pipeline.
#[derive(Clone, Debug)]
pub enum PipelineElement {
    Pass(PassInstance),
    /// A nested pipeline, run on every op with its anchor name directly nested in the
    /// regions of the ops the enclosing pipeline runs on.
    Nested(OpPassManager),
}

impl OpPassManager {
    /// An empty pipeline anchored on `anchor` (an operation name, or `any`).
    pub fn new(anchor: &str) -> OpPassManager {
        OpPassManager { anchor: anchor.to_string(), elements: Vec::new() }
    }

    /// The operation name this pipeline runs on (`any` for an op-agnostic pipeline).
    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    /// Whether this pipeline runs on any isolated-from-above registered op (`any(...)`).
    pub fn is_op_agnostic(&self) -> bool {
        self.anchor == ANY_ANCHOR
    }

    pub fn elements(&self) -> &[PipelineElement] {
        &self.elements
    }

    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Appends a pass.
    pub fn add_pass(&mut self, pass: PassInstance) -> &mut OpPassManager {
        self.elements.push(PipelineElement::Pass(pass));
        self
    }

    /// Appends a nested pipeline anchored on `anchor` and returns it.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        self.elements.push(PipelineElement::Nested(OpPassManager::new(anchor)));
        match self.elements.last_mut() {
            Some(PipelineElement::Nested(pm)) => pm,
            _ => unreachable!("just pushed a nested pipeline"),
        }
    }

    /// Appends the elements of a pipeline text such as `cse, func.func(canonicalize)`
    /// (MLIR's `parsePassPipeline(text, pm)`). On error nothing is appended.
    pub fn add_pipeline(&mut self, ctx: &Context, text: &str) -> Result<&mut OpPassManager, PipelineError> {
        let raw = parse_structure(text)?;
        let elements = resolve(ctx, text, &raw)?;
        self.elements.extend(elements);
        Ok(self)
    }

    /// Parses an anchored pipeline, `op-name(...)` (MLIR's `parsePassPipeline(text)`).
    pub fn parse(ctx: &Context, text: &str) -> Result<OpPassManager, PipelineError> {
        let raw = parse_structure(text)?;
        let [single] = raw.as_slice() else {
            let pos = raw.get(1).map_or(0, |r| r.name_pos);
            return Err(not_anchored(text, pos));
        };
        let Some(inner) = &single.inner else {
            return Err(not_anchored(text, single.name_pos));
        };
        Ok(OpPassManager { anchor: single.name.clone(), elements: resolve(ctx, text, inner)? })
    }
}

fn not_anchored(text: &str, pos: usize) -> PipelineError {
    PipelineError::new(
        ErrorKind::ParseFailed,
        text,
        pos,
        "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
    )
}

impl fmt::Display for OpPassManager {
    /// `anchor(element,element,...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.anchor)?;
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match e {
                PipelineElement::Pass(p) => write!(f, "{p}")?,
                PipelineElement::Nested(pm) => write!(f, "{pm}")?,
            }
        }
        f.write_str(")")
    }
}

/// A pipeline text that does not parse, or names something that does not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// `ParseFailed` (syntax), `NotRegistered` (unknown pass or option) or
    /// `InvalidArgument` (bad option value).
    pub kind: ErrorKind,
    /// Where the problem is: a character index (0-based) into `pipeline`.
    pub position: usize,
    pub message: String,
    /// The pipeline text.
    pub pipeline: String,
}

impl PipelineError {
    fn new(kind: ErrorKind, text: &str, byte_pos: usize, message: impl Into<String>) -> PipelineError {
        let byte_pos = byte_pos.min(text.len());
        PipelineError {
            kind,
            position: text[..byte_pos].chars().count(),
            message: message.into(),
            pipeline: text.to_string(),
        }
    }
}

impl fmt::Display for PipelineError {
    /// `pass pipeline:LINE:COL: error: message`, the line of the pipeline, and a caret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = 1;
        let mut line_start = 0; // char index
        for (i, c) in self.pipeline.chars().enumerate().take(self.position) {
            if c == '\n' {
                line += 1;
                line_start = i + 1;
            }
        }
        let col = self.position - line_start;
        let source: String = self.pipeline.chars().skip(line_start).take_while(|&c| c != '\n').collect();
        write!(f, "pass pipeline:{line}:{}: error: {}\n{source}\n{}^", col + 1, self.message, " ".repeat(col))
    }
}

impl std::error::Error for PipelineError {}

impl From<PipelineError> for Error {
    fn from(e: PipelineError) -> Error {
        Error::new(e.kind, e.to_string())
    }
}

// ---- structure ----

/// A parsed but unresolved element; positions are byte offsets into the text.
struct RawElement {
    name: String,
    name_pos: usize,
    /// The text between `{` and `}`, and its position.
    options: Option<(usize, usize)>,
    inner: Option<Vec<RawElement>>,
}

fn is_delim(b: u8) -> bool {
    matches!(b, b',' | b'(' | b')' | b'{' | b'}') || b.is_ascii_whitespace()
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The index of the quote closing the one at `i`, or the end.
fn skip_quoted(b: &[u8], i: usize) -> usize {
    let q = b[i];
    b[i + 1..].iter().position(|&c| c == q).map_or(b.len(), |p| i + 1 + p)
}

/// The index of the `}` matching the `{` at `open`, skipping quoted text.
fn matching_brace(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'"' | b'\'' => i = skip_quoted(b, i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Parses the structure of a pipeline (names, option texts, nesting) with an explicit stack.
fn parse_structure(text: &str) -> Result<Vec<RawElement>, PipelineError> {
    let b = text.as_bytes();
    let err = |kind, pos, msg: String| PipelineError::new(kind, text, pos, msg);
    // Enclosing lists with the element (and its '(' position) each one will be added to.
    let mut stack: Vec<(Vec<RawElement>, RawElement, usize)> = Vec::new();
    let mut current: Vec<RawElement> = Vec::new();
    let mut i = skip_ws(b, 0);
    if i == b.len() {
        return Ok(current);
    }
    loop {
        let start = i;
        while i < b.len() && !is_delim(b[i]) {
            i += 1;
        }
        if start == i {
            let msg = match text[i..].chars().next() {
                None => "expected a pass or operation name at the end of the pipeline".to_string(),
                Some(c) => format!("expected a pass or operation name, found '{c}'"),
            };
            return Err(err(ErrorKind::ParseFailed, i, msg));
        }
        let mut element = RawElement { name: text[start..i].to_string(), name_pos: start, options: None, inner: None };
        i = skip_ws(b, i);
        if i < b.len() && b[i] == b'{' {
            let close = matching_brace(b, i).ok_or_else(|| {
                err(ErrorKind::ParseFailed, i, "missing closing '}' while processing pass options".into())
            })?;
            element.options = Some((i + 1, close));
            i = skip_ws(b, close + 1);
            if i < b.len() && b[i] == b'(' {
                return Err(err(
                    ErrorKind::ParseFailed,
                    i,
                    format!("'{}' has options, so it names a pass and cannot hold a nested pipeline", element.name),
                ));
            }
        }
        if i < b.len() && b[i] == b'(' {
            if stack.len() >= MAX_PIPELINE_DEPTH {
                return Err(err(
                    ErrorKind::ParseFailed,
                    i,
                    format!("pipelines nest more than {MAX_PIPELINE_DEPTH} levels deep"),
                ));
            }
            stack.push((std::mem::take(&mut current), element, i));
            i = skip_ws(b, i + 1);
            if i < b.len() && b[i] != b')' {
                continue; // the first element of the nested pipeline
            }
        } else {
            current.push(element);
        }
        // Close as many nested pipelines as there are ')'.
        loop {
            i = skip_ws(b, i);
            if i < b.len() && b[i] == b')' {
                let Some((outer, mut owner, _)) = stack.pop() else {
                    return Err(err(
                        ErrorKind::ParseFailed,
                        i,
                        "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline".into(),
                    ));
                };
                owner.inner = Some(std::mem::replace(&mut current, outer));
                current.push(owner);
                i += 1;
                continue;
            }
            break;
        }
        if i == b.len() {
            break;
        }
        if b[i] != b',' {
            return Err(err(ErrorKind::ParseFailed, i, "expected ',' after parsing pipeline element".into()));
        }
        i = skip_ws(b, i + 1);
    }
    if let Some((_, owner, open)) = stack.last() {
        return Err(err(
            ErrorKind::ParseFailed,
            *open,
            format!("the '(' of '{}' is never closed: unbalanced parentheses while parsing pipeline", owner.name),
        ));
    }
    Ok(current)
}

// ---- resolution ----

fn resolve(ctx: &Context, text: &str, raw: &[RawElement]) -> Result<Vec<PipelineElement>, PipelineError> {
    let mut out = Vec::with_capacity(raw.len());
    for r in raw {
        match &r.inner {
            Some(inner) => {
                let elements = resolve(ctx, text, inner)?;
                out.push(PipelineElement::Nested(OpPassManager { anchor: r.name.clone(), elements }));
            }
            None => out.push(PipelineElement::Pass(resolve_pass(ctx, text, r)?)),
        }
    }
    Ok(out)
}

fn resolve_pass(ctx: &Context, text: &str, r: &RawElement) -> Result<PassInstance, PipelineError> {
    let err = |kind, pos, msg: String| PipelineError::new(kind, text, pos, msg);
    let info = ctx
        .pass_info(&r.name)
        .ok_or_else(|| err(ErrorKind::NotRegistered, r.name_pos, ctx.unknown_pass_error(&r.name)))?;
    let mut given: Vec<(usize, OptionValue)> = Vec::new();
    if let Some((start, end)) = r.options {
        for opt in split_options(text, start, end) {
            let Some(index) = info.options.iter().position(|d| d.name == opt.key) else {
                return Err(err(
                    ErrorKind::NotRegistered,
                    opt.key_pos,
                    format!("no such option '{}' for pass '{}'; {}", opt.key, info.argument, info.option_names()),
                ));
            };
            if given.iter().any(|(g, _)| *g == index) {
                return Err(err(
                    ErrorKind::InvalidArgument,
                    opt.key_pos,
                    format!("option '{}' is given twice", opt.key),
                ));
            }
            let decl = &info.options[index];
            let value = parse_value(&decl.ty, &opt.value).map_err(|m| {
                err(
                    ErrorKind::InvalidArgument,
                    opt.value_pos,
                    format!("invalid value for option '{}' of pass '{}': {m}", opt.key, info.argument),
                )
            })?;
            given.push((index, value));
        }
    }
    let given: Vec<(&str, OptionValue)> = given.into_iter().map(|(i, v)| (info.options[i].name.as_str(), v)).collect();
    let options = PassOptions::resolve(&info, &given).map_err(|e| err(e.kind, r.name_pos, e.message))?;
    let name_pos = r.name_pos;
    instantiate(info, options).map_err(|e| err(e.kind, name_pos, e.message))
}

struct RawOption {
    key: String,
    key_pos: usize,
    value: String,
    value_pos: usize,
}

/// Splits `text[start..end]` into `key=value` options separated by spaces (MLIR's
/// `parseNextArg`): quotes and braces protect spaces inside a value.
fn split_options(text: &str, start: usize, end: usize) -> Vec<RawOption> {
    let b = &text.as_bytes()[..end];
    let mut out = Vec::new();
    let mut i = start;
    loop {
        i = skip_ws(b, i);
        if i >= end {
            return out;
        }
        let key_start = i;
        while i < end && b[i] != b'=' && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        let key = strip_value(&text[key_start..i]);
        if i >= end || b[i] != b'=' {
            out.push(RawOption { key, key_pos: key_start, value: String::new(), value_pos: i });
            continue;
        }
        i += 1;
        let value_start = i;
        while i < end && !b[i].is_ascii_whitespace() {
            match b[i] {
                b'"' | b'\'' => i = skip_quoted(b, i),
                b'{' => i = matching_brace(b, i).unwrap_or(end),
                _ => {}
            }
            i = (i + 1).min(end);
        }
        out.push(RawOption {
            key,
            key_pos: key_start,
            value: text[value_start..i].to_string(),
            value_pos: value_start,
        });
    }
}

/// Removes one level of quotes (`'..'`, `".."`) or braces (`{..}`) around a value.
fn strip_value(s: &str) -> String {
    let s = s.trim();
    let b = s.as_bytes();
    if b.len() >= 2 {
        let (first, last) = (b[0], b[b.len() - 1]);
        if (first == b'"' || first == b'\'') && last == first {
            return s[1..s.len() - 1].trim().to_string();
        }
        if first == b'{' && matching_brace(b, 0) == Some(b.len() - 1) {
            return s[1..s.len() - 1].trim().to_string();
        }
    }
    s.to_string()
}

/// Splits a list value at commas outside quotes and brackets (MLIR's `findChar`).
fn split_list(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            b'"' | b'\'' => i = skip_quoted(b, i),
            b',' if depth == 0 => {
                out.push(strip_value(&s[start..i]));
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(strip_value(&s[start.min(s.len())..]));
    out
}

/// Parses an option value of type `ty` from pipeline text.
fn parse_value(ty: &OptionType, raw: &str) -> Result<OptionValue, String> {
    let text = strip_value(raw);
    match ty {
        OptionType::List(elem) => {
            if text.is_empty() {
                return Ok(OptionValue::List(Vec::new()));
            }
            split_list(&text).iter().map(|e| parse_value(elem, e)).collect::<Result<_, _>>().map(OptionValue::List)
        }
        _ => ty.parse(&text),
    }
}

/// The pipeline spelling of a value: quoted when it holds characters the syntax reserves.
pub(crate) fn quote_value(v: &OptionValue) -> String {
    match v {
        OptionValue::String(s) | OptionValue::Enum(s) => quote_scalar(s, false),
        OptionValue::List(items) => {
            let text = items
                .iter()
                .map(|i| match i {
                    OptionValue::String(s) | OptionValue::Enum(s) => quote_scalar(s, true),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
                .join(",");
            // A list starting with a quote would lose it to the value's own unquoting.
            if text.starts_with(['"', '\'', '{']) {
                format!("{{{text}}}")
            } else {
                text
            }
        }
        other => other.to_string(),
    }
}

fn quote_scalar(s: &str, in_list: bool) -> String {
    let reserved = |c: char| c.is_whitespace() || "{}\"'".contains(c) || (in_list && ",()[]".contains(c));
    if !s.chars().any(reserved) {
        return s.to_string();
    }
    if !s.contains('"') {
        format!("\"{s}\"")
    } else if !s.contains('\'') {
        format!("'{s}'")
    } else {
        s.to_string()
    }
}
