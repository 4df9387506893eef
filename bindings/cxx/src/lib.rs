//! omnir-cxx: the Rust half of omnir's C++ bridge, `libomnir_cxx.so.0`.
//!
//! The C++ API for dialect authors (`include/omnir/cxx/*.h`, hand-written, MLIR-style) is
//! implemented by the C++ sources in `src/*.cc`, compiled by this crate's build script next
//! to the code that `cxx` generates for the bridge below. What lives here, in Rust, is the
//! logic the C++ side shares instead of re-implementing it:
//!
//! - the **parser cursor** behind `omnir::AsmParser`: MLIR's tokens (punctuation, bare
//!   identifiers, integer, float and string literals, comments), with nested types and
//!   attributes parsed by the core (`omnir_type_parse_prefix`, `omnir_attribute_parse_prefix`);
//! - **error mapping**: the last error of the core (status, name, message), diagnostic
//!   captures copied out of the core, and the two calls whose diagnostics an `omnir::Error`
//!   carries (`omnir_op_verify`, `omnir_module_parse`);
//! - MLIR's **spellings** used by `omnir::AsmPrinter` and diagnostics: doubles as
//!   `raw_ostream << double` prints them (`5.000000e-01`), escaped strings, bare identifiers.
//! - **option values** in omnir's textual form, for typed options (`Context::getOption<T>`,
//!   `OptionScope`) and pass options (`Pass::Option<T>`): doubles that read back exactly,
//!   bools, ints.
//!
//! Everything reaches the core through `omnir-sys` (the C API of the one shared
//! `libomnir.so.0`), never through `omnir-core`: the bridge contains no copy of the core.
//! The bridge keeps no state of its own beyond a `Cursor` that lives for one parser callback.

use std::fmt::Write as _;

use cxx::{type_id, ExternType};
use omnir::OptionValue;
use omnir_sys as sys;

/// `omnir_type` of the C API, as cxx sees it (a trivially copyable struct of `omnir.h`).
#[repr(transparent)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct OmnirType(pub sys::omnir_type);
/// `omnir_attribute` of the C API.
#[repr(transparent)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct OmnirAttribute(pub sys::omnir_attribute);
/// `omnir_location` of the C API.
#[repr(transparent)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct OmnirLocation(pub sys::omnir_location);
/// `omnir_op` of the C API.
#[repr(transparent)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct OmnirOp(pub sys::omnir_op);

// SAFETY: each is `repr(transparent)` over the `repr(C)` struct that omnir-sys generates from
// the same source as `omnir.h`, so the layouts match the C++ types named here; all are plain
// old data (trivially copyable and movable).
unsafe impl ExternType for OmnirType {
    type Id = type_id!("omnir_type");
    type Kind = cxx::kind::Trivial;
}
// SAFETY: as above.
unsafe impl ExternType for OmnirAttribute {
    type Id = type_id!("omnir_attribute");
    type Kind = cxx::kind::Trivial;
}
// SAFETY: as above.
unsafe impl ExternType for OmnirLocation {
    type Id = type_id!("omnir_location");
    type Kind = cxx::kind::Trivial;
}
// SAFETY: as above.
unsafe impl ExternType for OmnirOp {
    type Id = type_id!("omnir_op");
    type Kind = cxx::kind::Trivial;
}

#[cxx::bridge(namespace = "omnir::bridge")]
pub mod ffi {
    /// A note of a diagnostic, copied out of the core.
    #[derive(Debug, Clone)]
    struct NoteRecord {
        severity: u32,
        location: omnir_location,
        /// The location as MLIR prints it (`loc("file":1:2)`).
        location_text: String,
        message: String,
    }

    /// A diagnostic copied out of the core (it outlives the capture that collected it).
    #[derive(Debug, Clone)]
    struct DiagnosticRecord {
        severity: u32,
        location: omnir_location,
        location_text: String,
        message: String,
        /// MLIR's rendering (`file:line:col: error: message`, source line, caret, notes).
        rendered: String,
        notes: Vec<NoteRecord>,
    }

    /// The outcome of a call: `status` 0 is success; otherwise the last error of the core
    /// and the diagnostics the call emitted (when it captured them).
    #[derive(Debug, Clone)]
    struct ErrorRecord {
        status: u32,
        message: String,
        diagnostics: Vec<DiagnosticRecord>,
    }

    #[namespace = ""]
    unsafe extern "C++" {
        include!("omnir/omnir.h");
        type omnir_context;
        type omnir_type = crate::OmnirType;
        type omnir_attribute = crate::OmnirAttribute;
        type omnir_location = crate::OmnirLocation;
        type omnir_op = crate::OmnirOp;
    }

    extern "Rust" {
        /// `OMNIR_ERROR_PARSE_FAILED` for 7, ...; `OMNIR_STATUS_<n>` for a status this build
        /// does not know.
        fn status_name(status: u32) -> String;
        /// The last error of the core on this thread, reported as `status` (the message is
        /// read without disturbing it).
        fn last_error(status: u32) -> ErrorRecord;
        /// `omnir_op_verify` with the diagnostics it emits captured: status 0, or the error
        /// with every diagnostic.
        unsafe fn verify_op(ctx: *mut omnir_context, op: omnir_op) -> ErrorRecord;
        /// `omnir_module_parse` with its diagnostics captured.
        unsafe fn parse_module(
            ctx: *mut omnir_context,
            text: &[u8],
            filename: &[u8],
            out: &mut omnir_op,
        ) -> ErrorRecord;
        /// `omnir_dialect_load_definitions` with its diagnostics captured.
        unsafe fn load_definitions(ctx: *mut omnir_context, text: &[u8], filename: &[u8]) -> ErrorRecord;
        /// `omnir_type_parse` with its diagnostics captured.
        unsafe fn parse_type(ctx: *mut omnir_context, text: &[u8], out: &mut omnir_type) -> ErrorRecord;
        /// `omnir_attribute_parse` with its diagnostics captured.
        unsafe fn parse_attribute(ctx: *mut omnir_context, text: &[u8], out: &mut omnir_attribute) -> ErrorRecord;
        /// Starts a diagnostic capture; returns the status (the id goes to `id`).
        unsafe fn capture_begin(ctx: *mut omnir_context, id: &mut u64) -> u32;
        /// Ends a capture and copies what it collected (nothing if the id is unknown).
        unsafe fn capture_end(ctx: *mut omnir_context, id: u64) -> Vec<DiagnosticRecord>;

        /// A double as MLIR's `raw_ostream << double` prints it: C's `%e` (`5.000000e-01`).
        fn format_double(value: f64) -> String;
        /// MLIR's `printEscapedString` inside quotes: `"a\0Ab"`.
        fn quote_string(bytes: &[u8]) -> String;
        /// Whether `text` is a bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`), printable as is.
        fn is_bare_identifier(text: &str) -> bool;

        /// A double as an option value that omnir parses back to the same double: the
        /// shortest round-trip form, `.0` kept on integral values (`2.0`, `0.1`).
        fn option_float_text(value: f64) -> String;
        /// A bool option value as omnir spells them (`true`/`1`/`on`, `false`/`0`/`off`).
        fn parse_option_bool(text: &str, out: &mut bool) -> bool;
        /// An int option value (`-3`).
        fn parse_option_int(text: &str, out: &mut i64) -> bool;
        /// A float option value (`0.5`, `2`, `inf`).
        fn parse_option_float(text: &str, out: &mut f64) -> bool;

        /// The token reader behind `omnir::AsmParser`, over one custom parser's text.
        type Cursor;
        /// A cursor over a copy of `text`; `ctx` must outlive it (it lives for one callback).
        unsafe fn new_cursor(ctx: *mut omnir_context, text: &[u8]) -> Box<Cursor>;
        /// Byte offset in the text.
        fn offset(self: &Cursor) -> usize;
        /// Moves back (or forward) to an offset returned by `offset`.
        fn reset(self: &mut Cursor, offset: usize);
        /// Skips blanks and `//` comments.
        fn skip_blanks(self: &mut Cursor);
        /// Whether only blanks and comments are left.
        fn at_end(self: &mut Cursor) -> bool;
        /// Consumes the punctuation `punct` (`<`, `->`, `...`) after blanks, if it is next.
        fn eat_punct(self: &mut Cursor, punct: &str) -> bool;
        /// Whether the punctuation `punct` is next (nothing consumed).
        fn peek_punct(self: &mut Cursor, punct: &str) -> bool;
        /// Consumes a keyword (a bare identifier, `i8` included) into `out`, if one is next.
        fn keyword(self: &mut Cursor, out: &mut String) -> bool;
        /// Consumes exactly the keyword `keyword`, if it is next (not a longer identifier).
        fn eat_keyword(self: &mut Cursor, keyword: &str) -> bool;
        /// An integer literal (`-12`, `0x1F`): 0 read, 1 none here (nothing consumed), 2 too
        /// large for 64 bits (consumed).
        fn integer(self: &mut Cursor, out: &mut i64) -> u32;
        /// An unsigned integer literal: as `integer`.
        fn unsigned_integer(self: &mut Cursor, out: &mut u64) -> u32;
        /// A float literal as MLIR's `parseFloat` reads it (`-1.5`, `2.0e-3`, an integer, or a
        /// hexadecimal bit pattern of a double): 0 read, 1 none here.
        fn float_literal(self: &mut Cursor, out: &mut f64) -> u32;
        /// A string literal with MLIR's escapes: 0 read, 1 none here, 2 malformed (the
        /// offset is left at the problem).
        fn string_literal(self: &mut Cursor, out: &mut Vec<u8>) -> u32;
        /// A type parsed by the core at the cursor; on failure the core's message goes to
        /// `error` and its offset (in the whole text) to `error_offset`.
        fn parse_type(self: &mut Cursor, out: &mut omnir_type, error: &mut String, error_offset: &mut usize) -> bool;
        /// An attribute parsed by the core at the cursor (see `parse_type`).
        fn parse_attribute(
            self: &mut Cursor,
            out: &mut omnir_attribute,
            error: &mut String,
            error_offset: &mut usize,
        ) -> bool;
        /// The next token's text, for messages (`'>'`, `end of input`...).
        fn describe_next(self: &mut Cursor) -> String;
    }
}

use ffi::{DiagnosticRecord, ErrorRecord, NoteRecord};

// -------------------------------------------------------------------------------------------
// error mapping

/// `omnir_status` of a raw value, `None` for one this build does not know.
fn status_of(raw: u32) -> Option<sys::omnir_status> {
    use sys::omnir_status as S;
    const ALL: [sys::omnir_status; 18] = [
        S::OMNIR_OK,
        S::OMNIR_ERROR_STALE_HANDLE,
        S::OMNIR_ERROR_INVALID_ARGUMENT,
        S::OMNIR_ERROR_OUT_OF_RANGE,
        S::OMNIR_ERROR_STILL_IN_USE,
        S::OMNIR_ERROR_CYCLE,
        S::OMNIR_ERROR_VERIFICATION_FAILED,
        S::OMNIR_ERROR_PARSE_FAILED,
        S::OMNIR_ERROR_NOT_REGISTERED,
        S::OMNIR_ERROR_ALREADY_EXISTS,
        S::OMNIR_ERROR_CALLBACK_FAILED,
        S::OMNIR_ERROR_INTERNAL,
        S::OMNIR_ERROR_NULL_ARGUMENT,
        S::OMNIR_ERROR_INVALID_UTF8,
        S::OMNIR_ERROR_BUSY,
        S::OMNIR_ERROR_WRONG_CONTEXT,
        S::OMNIR_ERROR_DUPLICATE_CORE,
        S::OMNIR_ERROR_ABI_MISMATCH,
    ];
    ALL.into_iter().find(|s| *s as u32 == raw)
}

fn status_name(status: u32) -> String {
    match status_of(status) {
        // `OMNIR_ERROR_PARSE_FAILED` from the enum's Debug spelling, which is its C name.
        Some(s) => format!("{s:?}"),
        None => format!("OMNIR_STATUS_{status}"),
    }
}

/// Copies an `omnir_string` out of the core and frees it.
fn take_string(s: sys::omnir_string) -> String {
    let text = if s.data.is_null() || s.len == 0 {
        String::new()
    } else {
        // SAFETY: the core returned `len` readable bytes at `data`.
        let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.len) };
        String::from_utf8_lossy(bytes).into_owned()
    };
    // SAFETY: `s` came from the core and is freed once, by the core's own allocator.
    unsafe { sys::omnir_string_free(s) };
    text
}

fn last_error(status: u32) -> ErrorRecord {
    // SAFETY: reads this thread's last error; not a status-returning call, so it leaves the
    // last error as it is.
    let message = take_string(unsafe { sys::omnir_last_error_message() });
    ErrorRecord { status, message, diagnostics: Vec::new() }
}

fn ok(status: sys::omnir_status) -> bool {
    status == sys::omnir_status::OMNIR_OK
}

fn cctx(ctx: *mut ffi::omnir_context) -> *mut sys::omnir_context {
    ctx.cast()
}

/// The location as MLIR prints it, or empty.
///
/// # Safety
/// `ctx` is a live context (or the location belongs to none: the core refuses it).
unsafe fn location_text(ctx: *const sys::omnir_context, loc: sys::omnir_location) -> String {
    let mut s = sys::omnir_string { data: std::ptr::null_mut(), len: 0 };
    // SAFETY: per the contract; `s` is a valid out-parameter.
    if ok(unsafe { sys::omnir_location_print(ctx, loc, &mut s) }) {
        take_string(s)
    } else {
        String::new()
    }
}

/// Copies one diagnostic (and its notes).
///
/// # Safety
/// `d` is a live diagnostic view; `ctx` the context its locations belong to.
unsafe fn copy_diagnostic(ctx: *const sys::omnir_context, d: *const sys::omnir_diagnostic) -> DiagnosticRecord {
    // SAFETY (all calls below): `d` is live per the contract; out-parameters are valid.
    unsafe {
        let mut severity = sys::omnir_severity::OMNIR_SEVERITY_ERROR;
        sys::omnir_diagnostic_get_severity(d, &mut severity);
        let mut location = sys::omnir_location::default();
        sys::omnir_diagnostic_get_location(d, &mut location);
        let mut data: *const std::ffi::c_char = std::ptr::null();
        let mut len = 0usize;
        sys::omnir_diagnostic_get_message(d, &mut data, &mut len);
        let message = if data.is_null() {
            String::new()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(data.cast::<u8>(), len)).into_owned()
        };
        let mut rendered = sys::omnir_string { data: std::ptr::null_mut(), len: 0 };
        let rendered =
            if ok(sys::omnir_diagnostic_render(ctx, d, &mut rendered)) { take_string(rendered) } else { String::new() };
        let mut num_notes = 0usize;
        sys::omnir_diagnostic_get_num_notes(d, &mut num_notes);
        let mut notes = Vec::with_capacity(num_notes);
        for i in 0..num_notes {
            let mut note: *const sys::omnir_diagnostic = std::ptr::null();
            if !ok(sys::omnir_diagnostic_get_note(d, i, &mut note)) || note.is_null() {
                continue;
            }
            let n = copy_diagnostic(ctx, note);
            notes.push(NoteRecord {
                severity: n.severity,
                location: n.location,
                location_text: n.location_text,
                message: n.message,
            });
        }
        DiagnosticRecord {
            severity: severity as u32,
            location: OmnirLocation(location),
            location_text: location_text(ctx, location),
            message,
            rendered,
            notes,
        }
    }
}

unsafe fn capture_begin(ctx: *mut ffi::omnir_context, id: &mut u64) -> u32 {
    // SAFETY: the caller passes a live context.
    unsafe { sys::omnir_context_begin_diagnostic_capture(cctx(ctx), id) as u32 }
}

unsafe fn capture_end(ctx: *mut ffi::omnir_context, id: u64) -> Vec<DiagnosticRecord> {
    let ctx = cctx(ctx);
    let mut list: *mut sys::omnir_diagnostic_list = std::ptr::null_mut();
    // SAFETY: the caller passes a live context; `list` is a valid out-parameter.
    if !ok(unsafe { sys::omnir_context_end_diagnostic_capture(ctx, id, &mut list) }) || list.is_null() {
        return Vec::new();
    }
    let mut n = 0usize;
    // SAFETY: `list` is the live list just handed over; it is freed once, below.
    unsafe {
        sys::omnir_diagnostic_list_get_size(list, &mut n);
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut d: *const sys::omnir_diagnostic = std::ptr::null();
            if ok(sys::omnir_diagnostic_list_get(list, i, &mut d)) && !d.is_null() {
                out.push(copy_diagnostic(ctx, d));
            }
        }
        sys::omnir_diagnostic_list_free(list);
        out
    }
}

/// Runs `call` with the context's diagnostics captured. The last error is read right after
/// the call (ending the capture is a successful call, which clears it).
///
/// # Safety
/// `ctx` is a live context.
unsafe fn captured(ctx: *mut ffi::omnir_context, call: impl FnOnce() -> sys::omnir_status) -> ErrorRecord {
    let mut id = 0u64;
    // SAFETY: per the contract.
    let capturing = unsafe { capture_begin(ctx, &mut id) } == 0;
    let status = call();
    let mut record = if ok(status) {
        ErrorRecord { status: 0, message: String::new(), diagnostics: Vec::new() }
    } else {
        last_error(status as u32)
    };
    if capturing {
        // SAFETY: per the contract; the capture was started above.
        record.diagnostics = unsafe { capture_end(ctx, id) };
    }
    record
}

unsafe fn verify_op(ctx: *mut ffi::omnir_context, op: OmnirOp) -> ErrorRecord {
    // SAFETY: the caller passes a live context.
    unsafe { captured(ctx, || sys::omnir_op_verify(cctx(ctx), op.0)) }
}

unsafe fn parse_module(ctx: *mut ffi::omnir_context, text: &[u8], filename: &[u8], out: &mut OmnirOp) -> ErrorRecord {
    // SAFETY: the caller passes a live context; the slices are valid for the call.
    unsafe {
        captured(ctx, || {
            sys::omnir_module_parse(
                cctx(ctx),
                text.as_ptr().cast(),
                text.len(),
                filename.as_ptr().cast(),
                filename.len(),
                &mut out.0,
            )
        })
    }
}

unsafe fn load_definitions(ctx: *mut ffi::omnir_context, text: &[u8], filename: &[u8]) -> ErrorRecord {
    // SAFETY: the caller passes a live context; the slices are valid for the call.
    unsafe {
        captured(ctx, || {
            sys::omnir_dialect_load_definitions(
                cctx(ctx),
                text.as_ptr().cast(),
                text.len(),
                filename.as_ptr().cast(),
                filename.len(),
            )
        })
    }
}

unsafe fn parse_type(ctx: *mut ffi::omnir_context, text: &[u8], out: &mut OmnirType) -> ErrorRecord {
    // SAFETY: the caller passes a live context; the slice is valid for the call.
    unsafe { captured(ctx, || sys::omnir_type_parse(cctx(ctx), text.as_ptr().cast(), text.len(), &mut out.0)) }
}

unsafe fn parse_attribute(ctx: *mut ffi::omnir_context, text: &[u8], out: &mut OmnirAttribute) -> ErrorRecord {
    // SAFETY: the caller passes a live context; the slice is valid for the call.
    unsafe { captured(ctx, || sys::omnir_attribute_parse(cctx(ctx), text.as_ptr().cast(), text.len(), &mut out.0)) }
}

// -------------------------------------------------------------------------------------------
// MLIR spellings

fn format_double(value: f64) -> String {
    // C's `%e`: one digit, six decimals, an exponent with a sign and at least two digits.
    if value.is_nan() {
        return if value.is_sign_negative() { "-nan".into() } else { "nan".into() };
    }
    if value.is_infinite() {
        return if value < 0.0 { "-inf".into() } else { "inf".into() };
    }
    let s = format!("{value:.6e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.unsigned_abs())
}

fn quote_string(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
    out
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.'
}

fn is_bare_identifier(text: &str) -> bool {
    let b = text.as_bytes();
    !b.is_empty() && is_ident_start(b[0]) && b[1..].iter().all(|&c| is_ident_char(c))
}

// -------------------------------------------------------------------------------------------
// option values in textual form (the C++ side's typed options and pass options)

// The spelling is the client's (`omnir::OptionValue`), shared with the Python and Node glue.

fn option_float_text(value: f64) -> String {
    OptionValue::Float(value).to_text()
}

fn parse_option_bool(text: &str, out: &mut bool) -> bool {
    match OptionValue::from_text(sys::OMNIR_OPTION_BOOL, text) {
        Ok(OptionValue::Bool(b)) => *out = b,
        _ => return false,
    }
    true
}

fn parse_option_int(text: &str, out: &mut i64) -> bool {
    match OptionValue::from_text(sys::OMNIR_OPTION_INT, text) {
        Ok(OptionValue::Int(i)) => *out = i,
        _ => return false,
    }
    true
}

fn parse_option_float(text: &str, out: &mut f64) -> bool {
    match OptionValue::from_text(sys::OMNIR_OPTION_FLOAT, text) {
        Ok(OptionValue::Float(x)) => *out = x,
        _ => return false,
    }
    true
}

// -------------------------------------------------------------------------------------------
// the parser cursor

/// Reads MLIR tokens from the text a custom parser was given.
pub struct Cursor {
    ctx: *mut sys::omnir_context,
    text: Vec<u8>,
    pos: usize,
}

unsafe fn new_cursor(ctx: *mut ffi::omnir_context, text: &[u8]) -> Box<Cursor> {
    Box::new(Cursor { ctx: cctx(ctx), text: text.to_vec(), pos: 0 })
}

impl Cursor {
    /// A cursor without a context (for tests of the lexical part).
    pub fn detached(text: &str) -> Cursor {
        Cursor { ctx: std::ptr::null_mut(), text: text.as_bytes().to_vec(), pos: 0 }
    }

    fn offset(&self) -> usize {
        self.pos
    }

    fn reset(&mut self, offset: usize) {
        self.pos = offset.min(self.text.len());
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.get(at).copied()
    }

    fn skip_blanks(&mut self) {
        loop {
            match self.byte(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') if self.byte(self.pos + 1) == Some(b'/') => {
                    while let Some(b) = self.byte(self.pos) {
                        self.pos += 1;
                        if b == b'\n' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.pos >= self.text.len()
    }

    fn peek_punct(&mut self, punct: &str) -> bool {
        self.skip_blanks();
        let p = punct.as_bytes();
        if !self.text[self.pos..].starts_with(p) {
            return false;
        }
        // `-` is not the start of `->`; `:` is not the start of `::` is fine (MLIR lexes two
        // colons), `.` is not the start of `...`.
        let next = self.byte(self.pos + p.len());
        !matches!((punct, next), ("-", Some(b'>')) | (".", Some(b'.')))
    }

    fn eat_punct(&mut self, punct: &str) -> bool {
        if self.peek_punct(punct) {
            self.pos += punct.len();
            true
        } else {
            false
        }
    }

    fn ident_end(&self, start: usize) -> Option<usize> {
        if !self.byte(start).is_some_and(is_ident_start) {
            return None;
        }
        let mut end = start + 1;
        while self.byte(end).is_some_and(is_ident_char) {
            end += 1;
        }
        Some(end)
    }

    fn keyword(&mut self, out: &mut String) -> bool {
        self.skip_blanks();
        let Some(end) = self.ident_end(self.pos) else { return false };
        *out = String::from_utf8_lossy(&self.text[self.pos..end]).into_owned();
        self.pos = end;
        true
    }

    fn eat_keyword(&mut self, keyword: &str) -> bool {
        self.skip_blanks();
        match self.ident_end(self.pos) {
            Some(end) if &self.text[self.pos..end] == keyword.as_bytes() => {
                self.pos = end;
                true
            }
            _ => false,
        }
    }

    /// The digits of an integer token at `at` (`12`, `0x1f`): (end, value) or None; value
    /// None when it does not fit 64 bits.
    fn integer_token(&self, at: usize) -> Option<(usize, Option<u64>)> {
        let first = self.byte(at)?;
        if !first.is_ascii_digit() {
            return None;
        }
        if first == b'0' && self.byte(at + 1) == Some(b'x') && self.byte(at + 2).is_some_and(|b| b.is_ascii_hexdigit())
        {
            let mut end = at + 2;
            while self.byte(end).is_some_and(|b| b.is_ascii_hexdigit()) {
                end += 1;
            }
            let digits = std::str::from_utf8(&self.text[at + 2..end]).ok()?;
            return Some((end, u64::from_str_radix(digits, 16).ok()));
        }
        let mut end = at;
        while self.byte(end).is_some_and(|b| b.is_ascii_digit()) {
            end += 1;
        }
        let digits = std::str::from_utf8(&self.text[at..end]).ok()?;
        Some((end, digits.parse::<u64>().ok()))
    }

    fn integer(&mut self, out: &mut i64) -> u32 {
        self.skip_blanks();
        let negative = self.byte(self.pos) == Some(b'-');
        let at = self.pos + usize::from(negative);
        let Some((end, value)) = self.integer_token(at) else { return 1 };
        // A float literal is not an integer.
        if self.byte(end) == Some(b'.') {
            return 1;
        }
        self.pos = end;
        let Some(v) = value else { return 2 };
        let v = if negative {
            if v > i64::MAX as u64 + 1 {
                return 2;
            }
            (v as i64).wrapping_neg()
        } else {
            match i64::try_from(v) {
                Ok(v) => v,
                Err(_) => return 2,
            }
        };
        *out = v;
        0
    }

    fn unsigned_integer(&mut self, out: &mut u64) -> u32 {
        self.skip_blanks();
        let Some((end, value)) = self.integer_token(self.pos) else { return 1 };
        if self.byte(end) == Some(b'.') {
            return 1;
        }
        self.pos = end;
        match value {
            Some(v) => {
                *out = v;
                0
            }
            None => 2,
        }
    }

    fn float_literal(&mut self, out: &mut f64) -> u32 {
        self.skip_blanks();
        let start = self.pos;
        let negative = self.byte(start) == Some(b'-');
        let at = start + usize::from(negative);
        let Some((int_end, int_value)) = self.integer_token(at) else { return 1 };
        let hex = self.text[at..int_end].starts_with(b"0x");
        if hex {
            // A hexadecimal integer is the bit pattern of the double (MLIR's parseFloat).
            let Some(bits) = int_value else { return 1 };
            let v = f64::from_bits(bits);
            self.pos = int_end;
            *out = if negative { -v } else { v };
            return 0;
        }
        let mut end = int_end;
        if self.byte(end) == Some(b'.') {
            end += 1;
            while self.byte(end).is_some_and(|b| b.is_ascii_digit()) {
                end += 1;
            }
            // The exponent belongs to the literal only after a fraction, as MLIR lexes it.
            if matches!(self.byte(end), Some(b'e' | b'E')) {
                let mut e = end + 1;
                if matches!(self.byte(e), Some(b'+' | b'-')) {
                    e += 1;
                }
                if self.byte(e).is_some_and(|b| b.is_ascii_digit()) {
                    while self.byte(e).is_some_and(|b| b.is_ascii_digit()) {
                        e += 1;
                    }
                    end = e;
                }
            }
        }
        let Ok(text) = std::str::from_utf8(&self.text[start..end]) else { return 1 };
        match text.parse::<f64>() {
            Ok(v) => {
                self.pos = end;
                *out = v;
                0
            }
            Err(_) => 1,
        }
    }

    fn string_literal(&mut self, out: &mut Vec<u8>) -> u32 {
        self.skip_blanks();
        if self.byte(self.pos) != Some(b'"') {
            return 1;
        }
        let mut at = self.pos + 1;
        let mut bytes = Vec::new();
        loop {
            match self.byte(at) {
                None | Some(b'\n') => {
                    self.pos = at;
                    return 2;
                }
                Some(b'"') => break,
                Some(b'\\') => {
                    let esc = self.byte(at + 1);
                    match esc {
                        Some(b'"') => bytes.push(b'"'),
                        Some(b'\\') => bytes.push(b'\\'),
                        Some(b'n') => bytes.push(b'\n'),
                        Some(b't') => bytes.push(b'\t'),
                        Some(h)
                            if h.is_ascii_hexdigit() && self.byte(at + 2).is_some_and(|l| l.is_ascii_hexdigit()) =>
                        {
                            let hex = [h, self.byte(at + 2).unwrap_or(b'0')];
                            let v = u8::from_str_radix(std::str::from_utf8(&hex).unwrap_or("00"), 16).unwrap_or(0);
                            bytes.push(v);
                            at += 1;
                        }
                        _ => {
                            self.pos = at;
                            return 2;
                        }
                    }
                    at += 2;
                }
                Some(b) => {
                    bytes.push(b);
                    at += 1;
                }
            }
        }
        self.pos = at + 1;
        *out = bytes;
        0
    }

    /// Runs a prefix parser of the core at the cursor.
    fn parse_with<T>(
        &mut self,
        out: &mut T,
        error: &mut String,
        error_offset: &mut usize,
        parse: unsafe extern "C" fn(
            *const sys::omnir_context,
            *const std::ffi::c_char,
            usize,
            *mut T,
            *mut usize,
        ) -> sys::omnir_status,
    ) -> bool {
        self.skip_blanks();
        let rest = &self.text[self.pos..];
        let mut consumed = 0usize;
        // SAFETY: the cursor's context is live for the cursor's lifetime (the contract of
        // `new_cursor`); `rest` is valid for the call; `out` and `consumed` are valid.
        let status = unsafe { parse(self.ctx, rest.as_ptr().cast(), rest.len(), out, &mut consumed) };
        if ok(status) {
            self.pos += consumed;
            true
        } else {
            *error = last_error(status as u32).message;
            *error_offset = self.pos + consumed.min(rest.len());
            false
        }
    }

    fn parse_type(&mut self, out: &mut OmnirType, error: &mut String, error_offset: &mut usize) -> bool {
        self.parse_with(&mut out.0, error, error_offset, sys::omnir_type_parse_prefix)
    }

    fn parse_attribute(&mut self, out: &mut OmnirAttribute, error: &mut String, error_offset: &mut usize) -> bool {
        self.parse_with(&mut out.0, error, error_offset, sys::omnir_attribute_parse_prefix)
    }

    fn describe_next(&mut self) -> String {
        self.skip_blanks();
        let Some(b) = self.byte(self.pos) else { return "end of input".into() };
        let end = if let Some(end) = self.ident_end(self.pos) {
            end
        } else if let Some((end, _)) = self.integer_token(self.pos) {
            end
        } else {
            // One character (a whole UTF-8 sequence).
            let len = match b {
                0xf0..=0xff => 4,
                0xe0..=0xef => 3,
                0xc0..=0xdf => 2,
                _ => 1,
            };
            (self.pos + len).min(self.text.len())
        };
        format!("'{}'", String::from_utf8_lossy(&self.text[self.pos..end]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_print_as_mlir_prints_them() {
        assert_eq!(format_double(0.5), "5.000000e-01");
        assert_eq!(format_double(200.0), "2.000000e+02");
        assert_eq!(format_double(0.99872), "9.987200e-01");
        assert_eq!(format_double(0.0), "0.000000e+00");
        assert_eq!(format_double(-1.25e-300), "-1.250000e-300");
        assert_eq!(format_double(f64::INFINITY), "inf");
        assert_eq!(format_double(f64::NAN), "nan");
    }

    #[test]
    fn strings_and_identifiers() {
        assert_eq!(quote_string(b"a\"b\\c\n"), "\"a\\22b\\\\c\\0A\"");
        assert!(is_bare_identifier("uniform"));
        assert!(is_bare_identifier("a.b$c_1"));
        assert!(!is_bare_identifier("1a"));
        assert!(!is_bare_identifier(""));
    }

    #[test]
    fn option_values_round_trip_as_text() {
        assert_eq!(option_float_text(2.0), "2.0");
        assert_eq!(option_float_text(0.1), "0.1");
        assert_eq!(option_float_text(-1.5e300), "-1.5e300");
        assert_eq!(option_float_text(f64::INFINITY), "inf");
        let mut x = 0.0;
        for v in [0.1, 2.0, -3.25, 1e-300, f64::MAX, f64::MIN_POSITIVE / 4.0] {
            assert!(parse_option_float(&option_float_text(v), &mut x));
            assert_eq!(x, v);
        }
        let (mut b, mut i) = (false, 0i64);
        assert!(parse_option_bool("on", &mut b) && b);
        assert!(parse_option_bool("0", &mut b) && !b);
        assert!(!parse_option_bool("yes", &mut b));
        assert!(parse_option_int("-42", &mut i) && i == -42);
        assert!(!parse_option_int("4.5", &mut i));
    }

    #[test]
    fn cursor_tokens() {
        let mut c = Cursor::detached("< u8 : -12, 0x10, 5.0e-1 // note\n 7 \"s\\22\" >");
        assert!(c.eat_punct("<"));
        let mut k = String::new();
        assert!(c.keyword(&mut k));
        assert_eq!(k, "u8");
        assert!(c.eat_punct(":"));
        let mut i = 0i64;
        assert_eq!(c.integer(&mut i), 0);
        assert_eq!(i, -12);
        assert!(c.eat_punct(","));
        assert_eq!(c.integer(&mut i), 0);
        assert_eq!(i, 16);
        assert!(c.eat_punct(","));
        let mut f = 0f64;
        assert_eq!(c.integer(&mut i), 1, "a float is not an integer");
        assert_eq!(c.float_literal(&mut f), 0);
        assert_eq!(f, 0.5);
        assert_eq!(c.float_literal(&mut f), 0);
        assert_eq!(f, 7.0);
        let mut s = Vec::new();
        assert_eq!(c.string_literal(&mut s), 0);
        assert_eq!(s, b"s\"");
        assert_eq!(c.describe_next(), "'>'");
        assert!(!c.eat_punct("->"));
        assert!(c.eat_punct(">"));
        assert!(c.at_end());
        assert_eq!(c.describe_next(), "end of input");
    }

    #[test]
    fn cursor_edge_cases() {
        let mut c = Cursor::detached("99999999999999999999 -9223372036854775808 5e-1 ->");
        let mut i = 0i64;
        assert_eq!(c.integer(&mut i), 2);
        assert_eq!(c.integer(&mut i), 0);
        assert_eq!(i, i64::MIN);
        let mut f = 0.0;
        // MLIR lexes `5e-1` as the integer 5 followed by `e`: no exponent without a fraction.
        assert_eq!(c.float_literal(&mut f), 0);
        assert_eq!(f, 5.0);
        assert!(c.eat_keyword("e"));
        assert!(c.eat_punct("-"), "`-` before a digit");
        assert_eq!(c.integer(&mut i), 0);
        assert_eq!(i, 1);
        assert!(!c.eat_punct("-"), "`-` is not the start of `->`");
        assert!(c.eat_punct("->"));
        assert!(c.at_end());
    }
}
