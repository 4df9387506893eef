//! Diagnostics as `mlir-opt` reports them: rendered to stderr like MLIR's
//! `SourceMgrDiagnosticHandler`, or checked against `expected-*` comments like its
//! `SourceMgrDiagnosticVerifierHandler` (`--verify-diagnostics`).

use omnir_core::asm::{first_file_position, print_location, render_source_diagnostic, ParseError};
use omnir_core::{Context, Diagnostic, Location, LocationKind, Severity};
use regex::Regex;

use crate::cli::VerifyDiagnostics;

/// Where a diagnostic points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Where {
    /// A file position (the first `"file":line:col` MLIR would show).
    File { file: String, line: u32, col: u32 },
    /// No file position: the location as MLIR prints it (`loc("name")`), or empty for
    /// `loc(unknown)`.
    Other(String),
}

/// One diagnostic with its notes, independent of the context it came from.
#[derive(Clone, Debug)]
pub struct Diag {
    pub severity: Severity,
    pub at: Where,
    pub message: String,
    pub notes: Vec<Diag>,
}

/// The diagnostics of a failed parse.
pub fn from_parse_error(e: &ParseError) -> Vec<Diag> {
    e.diagnostics
        .iter()
        .map(|d| Diag {
            severity: Severity::Error,
            at: Where::File { file: d.file.clone(), line: d.line, col: d.col },
            message: d.message.clone(),
            notes: d
                .notes
                .iter()
                .map(|n| Diag {
                    severity: Severity::Note,
                    at: Where::File { file: d.file.clone(), line: n.line, col: n.col },
                    message: n.message.clone(),
                    notes: Vec::new(),
                })
                .collect(),
        })
        .collect()
}

/// A diagnostic of the core (verifier, ...).
pub fn from_core(ctx: &Context, d: &Diagnostic) -> Diag {
    Diag {
        severity: d.severity,
        at: where_of(ctx, d.location),
        message: d.message.clone(),
        notes: d.notes.iter().map(|n| from_core(ctx, n)).collect(),
    }
}

/// Where MLIR shows a diagnostic (`findLocToShow`): the first file location, else the
/// location itself.
fn where_of(ctx: &Context, loc: Location) -> Where {
    if let Some((file, line, col)) = first_file_position(ctx, loc) {
        return Where::File { file, line, col };
    }
    match ctx.location_kind(loc) {
        LocationKind::Unknown => Where::Other(String::new()),
        _ => Where::Other(print_location(ctx, loc)),
    }
}

/// The input being processed: the buffer diagnostics point into.
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

impl Source<'_> {
    /// `file:line:col: severity: message` with the source line and a caret when the position
    /// is in this buffer; without them otherwise; `message` alone (prefixed by the location
    /// when there is one) without a file position.
    pub fn render(&self, at: &Where, severity: Severity, message: &str, show_source: bool, range: usize) -> String {
        match at {
            Where::File { file, line, col } if show_source && file == self.name => {
                render_source_diagnostic(file, self.text, *line, *col, severity.as_str(), message, range)
            }
            Where::File { file, line, col } => format!("{file}:{line}:{col}: {}: {message}", severity.as_str()),
            Where::Other(loc) if loc.is_empty() => format!("{}: {message}", severity.as_str()),
            Where::Other(loc) => format!("{}: {loc}: {message}", severity.as_str()),
        }
    }

    /// What `SourceMgrDiagnosticHandler` prints for a diagnostic and its notes; a note shows
    /// its source line only when it points elsewhere than the previous one.
    pub fn render_with_notes(&self, d: &Diag) -> String {
        let mut out = self.render(&d.at, d.severity, &d.message, true, 0);
        let mut last = &d.at;
        for n in &d.notes {
            out.push('\n');
            out.push_str(&self.render(&n.at, n.severity, &n.message, n.at != *last, 0));
            last = &n.at;
        }
        out
    }
}

/// One `expected-*` comment.
#[derive(Debug)]
struct Expected {
    severity: Severity,
    /// The file line it expects a diagnostic on; `None` for `@unknown`.
    line: Option<u32>,
    /// Where the comment's `expected-` starts, for reporting it.
    at: (u32, u32),
    substring: String,
    regex: Option<Regex>,
    matched: bool,
}

impl Expected {
    fn matches(&self, message: &str) -> bool {
        match &self.regex {
            Some(r) => r.is_match(message),
            None => message.contains(&self.substring),
        }
    }
}

fn directive_regex() -> Regex {
    Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
        .expect("valid regex")
}

/// `{{...}}` parts of an `expected-*-re` substring are regular expressions; the rest is
/// literal (MLIR's `computeRegex`).
fn substring_regex(s: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = s;
    while !rest.is_empty() {
        let Some(open) = rest.find("{{") else {
            pattern.push_str(&regex::escape(rest));
            break;
        };
        pattern.push_str(&regex::escape(&rest[..open]));
        rest = &rest[open + 2..];
        let Some(close) = rest.find("}}") else {
            return Err("found start of regex with no end '}}'".into());
        };
        let block = &rest[..close];
        Regex::new(block).map_err(|e| format!("invalid regex: {e}"))?;
        pattern.push('(');
        pattern.push_str(block);
        pattern.push(')');
        rest = &rest[close + 2..];
    }
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

/// `StringRef::getAsInteger(0, ...)`: a leading `0` means octal.
fn parse_offset(digits: &str) -> u32 {
    if digits.len() > 1 && digits.starts_with('0') {
        u32::from_str_radix(&digits[1..], 8).unwrap_or(0)
    } else {
        digits.parse().unwrap_or(0)
    }
}

/// `--verify-diagnostics`: the `expected-*` comments of the input, matched against the
/// diagnostics of every chunk. As in MLIR (LLVM 24), the whole file is scanned once and
/// unmet expectations are reported after the last chunk, in file order; with
/// `--split-input-file` a chunk's diagnostics can only meet the expectations of its own lines.
pub struct Verifier<'a> {
    source: Source<'a>,
    level: VerifyDiagnostics,
    expected: Vec<Expected>,
    ok: bool,
    /// Errors to report (rendered), in order; drained by the caller.
    pub out: Vec<String>,
}

impl<'a> Verifier<'a> {
    /// Scans `source.text` for `expected-*` comments (MLIR's `computeExpectedDiags`).
    pub fn new(source: Source<'a>, level: VerifyDiagnostics) -> Self {
        let mut v = Verifier { source, level, expected: Vec::new(), ok: true, out: Vec::new() };
        let re = directive_regex();
        let text: &'a str = v.source.text;
        let lines: Vec<&str> = text.split('\n').collect();
        let mut last_non_designator = 0u32;
        let mut for_next_line: Vec<usize> = Vec::new();
        for (index, raw) in lines.iter().enumerate() {
            let index = index as u32;
            let file_line = index + 1;
            let line = raw.trim_end();
            let Some(caps) = re.captures(line) else {
                for i in for_next_line.drain(..) {
                    v.expected[i].line = Some(file_line);
                }
                last_non_designator = index;
                continue;
            };
            let col = caps.get(0).expect("match").start() as u32 + 1;
            let severity = match &caps[1] {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "remark" => Severity::Remark,
                _ => Severity::Note,
            };
            let substring = caps[5].to_string();
            let mut e = Expected {
                severity,
                line: Some(file_line),
                at: (file_line, col),
                substring,
                regex: None,
                matched: false,
            };
            if caps.get(2).is_some() {
                match substring_regex(&e.substring) {
                    Ok(r) => e.regex = Some(r),
                    Err(msg) => {
                        v.report_at(e.at, &msg, e.substring.len());
                        continue;
                    }
                }
            }
            if let Some(designator) = caps.get(4) {
                let d = designator.as_str();
                if let Some(n) = d.strip_prefix('+') {
                    e.line = Some(file_line + parse_offset(n));
                } else if let Some(n) = d.strip_prefix('-') {
                    e.line = Some(file_line.saturating_sub(parse_offset(n)));
                } else if d == "unknown" {
                    e.line = None;
                } else if d == "above" {
                    e.line = Some(last_non_designator + 1);
                } else {
                    // `below`: the next line that is not a designator (or the last line).
                    for_next_line.push(v.expected.len());
                    e.line = Some(lines.len() as u32);
                }
            }
            v.expected.push(e);
        }
        v
    }

    fn report_at(&mut self, at: (u32, u32), message: &str, range: usize) {
        let w = Where::File { file: self.source.name.to_string(), line: at.0, col: at.1 };
        self.out.push(self.source.render(&w, Severity::Error, message, true, range));
        self.ok = false;
    }

    /// A diagnostic and then each of its notes, as MLIR processes them.
    pub fn process(&mut self, d: &Diag) {
        self.process_one(d);
        for n in &d.notes {
            self.process_one(n);
        }
    }

    fn process_one(&mut self, d: &Diag) {
        let line = match &d.at {
            // Another file: MLIR has no expectations for it, so nothing can match.
            Where::File { file, .. } if file != self.source.name => Some(None),
            Where::File { line, .. } => Some(Some(*line)),
            Where::Other(_) => None,
        };
        let mut near_miss = None;
        for (i, e) in self.expected.iter_mut().enumerate() {
            let candidate = match line {
                Some(None) => false,
                Some(Some(l)) => e.line == Some(l),
                None => e.line.is_none(),
            };
            if candidate && e.matches(&d.message) {
                if e.severity == d.severity {
                    e.matched = true;
                    return;
                }
                near_miss = Some(i);
            }
        }
        if self.level == VerifyDiagnostics::OnlyExpected {
            return;
        }
        match near_miss {
            Some(i) => {
                let (at, expected) = (self.expected[i].at, self.expected[i].severity);
                let msg =
                    format!("'{}' diagnostic emitted when expecting a '{}'", d.severity.as_str(), expected.as_str());
                self.report_at(at, &msg, 0);
            }
            None => {
                let msg = format!("unexpected {}: {}", d.severity.as_str(), d.message);
                self.out.push(self.source.render(&d.at, Severity::Error, &msg, true, 0));
                self.ok = false;
            }
        }
    }

    /// Reports every expectation that was not met; `true` when everything matched.
    pub fn finish(&mut self) -> bool {
        let unmet: Vec<((u32, u32), String, usize)> = self
            .expected
            .iter()
            .filter(|e| !e.matched)
            .map(|e| {
                let msg = format!("expected {} \"{}\" was not produced", e.severity.as_str(), e.substring);
                (e.at, msg, e.substring.len())
            })
            .collect();
        for (at, msg, range) in unmet {
            self.report_at(at, &msg, range);
        }
        self.ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verifier(text: &str) -> Verifier<'_> {
        Verifier::new(Source { name: "t.mlir", text }, VerifyDiagnostics::All)
    }

    fn lines(v: &Verifier<'_>) -> Vec<Option<u32>> {
        v.expected.iter().map(|e| e.line).collect()
    }

    #[test]
    fn designators() {
        let text = "op1\n// expected-error @above {{a}}\n// expected-error@+2 {{b}}\n// expected-note @below {{c}}\n\nop2 // expected-warning {{d}}\n// expected-remark @-1 {{e}}\n// expected-error @unknown {{f}}\n// expected-error @below {{dangling}}";
        let v = verifier(text);
        assert_eq!(lines(&v), [Some(1), Some(5), Some(5), Some(6), Some(6), None, Some(9)]);
        assert_eq!(v.expected[0].at, (2, 4));
        assert_eq!(v.expected[1].substring, "b");
        // Octal, as `getAsInteger(0)` reads it.
        assert_eq!(lines(&verifier("// expected-error @+010 {{x}}")), [Some(9)]);
    }

    #[test]
    fn substrings_and_regexes() {
        let e = |s: &str| verifier(s).expected.remove(0);
        assert!(e("// expected-error {{custom op 'foo'}}").matches("custom op 'foo' is unknown"));
        assert!(!e("// expected-error {{custom op 'bar'}}").matches("custom op 'foo' is unknown"));
        // Text that looks like a regex is literal without `-re`.
        assert!(e("// expected-error {{a.c}}").matches("xa.cx"));
        assert!(!e("// expected-error {{a.c}}").matches("abc"));
        let re = e("// expected-error-re {{value {{[0-9]+}} is out of range}}");
        assert!(re.matches("value 42 is out of range") && !re.matches("value x is out of range"));
        let mut v = verifier("// expected-error-re {{a{{[}}b}}");
        assert!(v.expected.is_empty() && !v.finish());
        assert!(v.out[0].starts_with("t.mlir:1:4: error: invalid regex"), "{}", v.out[0]);
    }
}
