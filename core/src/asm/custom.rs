//! Custom assembly of dialect types and attributes: calling the dialects' parse and print
//! hooks safely (panics caught, nesting bounded), and [`DialectAsmParser`], a small cursor
//! that makes hooks easy to write in MLIR's style (`parseLess`, `parseType`, `parseFloat`...).
//!
//! The contract of the hooks is documented on [`CustomAssembly`](crate::dialect::CustomAssembly).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::lexer::unescape_into;
use crate::attrs::Attribute;
use crate::context::Context;
use crate::dialect::{AsmError, DialectAttrParser, DialectTypeParser, ParamsParser, ParamsPrinter, TypeDef};
use crate::types::{FloatKind, Type};

/// How deeply custom parsers and printers may call each other (a custom type whose custom
/// parser parses a custom type...). Each level costs native stack, unlike the core's own
/// syntax, which nests without bound.
pub const MAX_HOOK_DEPTH: u32 = 64;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Whether the parse that called the running hook accepts unregistered dialects (so that
    /// the hook's nested parses do too).
    static ALLOW_UNREGISTERED: Cell<bool> = const { Cell::new(false) };
}

/// Whether a hook called by a parse that accepts unregistered dialects is running.
pub(crate) fn hook_allows_unregistered() -> bool {
    DEPTH.with(|d| d.get()) > 0 && ALLOW_UNREGISTERED.with(|a| a.get())
}

struct Frame {
    allow: bool,
}

impl Frame {
    fn enter(allow: Option<bool>, what: &str) -> Result<Frame, String> {
        let depth = DEPTH.with(|d| d.get());
        if depth >= MAX_HOOK_DEPTH {
            return Err(format!(
                "custom assembly nests too deeply ({what}: more than {MAX_HOOK_DEPTH} custom parsers or printers calling each other)"
            ));
        }
        DEPTH.with(|d| d.set(depth + 1));
        let prev = ALLOW_UNREGISTERED.with(|a| a.get());
        if let Some(allow) = allow {
            ALLOW_UNREGISTERED.with(|a| a.set(allow));
        }
        Ok(Frame { allow: prev })
    }
}

impl Drop for Frame {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
        ALLOW_UNREGISTERED.with(|a| a.set(self.allow));
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Runs a hook with the nesting guard, turning a panic into an internal error.
fn guarded<R>(allow: Option<bool>, what: &str, f: impl FnOnce() -> Result<R, AsmError>) -> Result<R, AsmError> {
    let _frame = Frame::enter(allow, what).map_err(AsmError::new)?;
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => Err(AsmError::new(format!("internal error: the {what} panicked: {}", panic_message(&*p)))),
    }
}

/// The symbol `!dialect.name` / `#dialect.name` of a kind, for messages.
pub(crate) fn kind_symbol(def: &TypeDef, sigil: char) -> String {
    format!("{sigil}{}", def.qualified_name)
}

/// Calls a kind's custom parser on the text after its mnemonic.
pub(crate) fn call_params_parser(
    f: &ParamsParser,
    ctx: &Context,
    def: &TypeDef,
    sigil: char,
    text: &str,
    allow_unregistered: bool,
) -> Result<Vec<Attribute>, AsmError> {
    let what = format!("custom parser of '{}'", kind_symbol(def, sigil));
    guarded(Some(allow_unregistered), &what, || f(ctx, text))
}

/// Calls a kind's custom printer.
pub(crate) fn call_params_printer(
    f: &ParamsPrinter,
    ctx: &Context,
    def: &TypeDef,
    sigil: char,
    params: &[Attribute],
) -> Result<String, String> {
    let what = format!("custom printer of '{}'", kind_symbol(def, sigil));
    guarded(None, &what, || f(ctx, params).map_err(AsmError::new)).map_err(|e| e.message)
}

pub(crate) fn call_dialect_type_parser(
    f: &DialectTypeParser,
    ctx: &Context,
    dialect: &str,
    text: &str,
    allow_unregistered: bool,
) -> Result<Type, AsmError> {
    let what = format!("type parser of dialect '{dialect}'");
    guarded(Some(allow_unregistered), &what, || f(ctx, text))
}

pub(crate) fn call_dialect_attr_parser(
    f: &DialectAttrParser,
    ctx: &Context,
    dialect: &str,
    text: &str,
    ty: Option<Type>,
    allow_unregistered: bool,
) -> Result<Attribute, AsmError> {
    let what = format!("attribute parser of dialect '{dialect}'");
    guarded(Some(allow_unregistered), &what, || f(ctx, text, ty))
}

/// Runs a `custom<Name>` directive's hook with the nesting guard, a panic becoming an error.
pub(crate) fn guarded_directive<R>(name: &str, f: impl FnOnce() -> Result<R, AsmError>) -> Result<R, AsmError> {
    let what = format!("custom directive '{name}'");
    guarded(None, &what, f)
}

/// Runs the checked constructor of a dialect kind (its parameters verifier is user code),
/// turning a panic into an error message.
pub(crate) fn guarded_build<R>(what: &str, f: impl FnOnce() -> crate::error::Result<R>) -> Result<R, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r.map_err(|e| e.message),
        Err(p) => Err(format!("internal error: the parameters verifier of '{what}' panicked: {}", panic_message(&*p))),
    }
}

/// Length of the mnemonic at the start of a dialect symbol's text: the longest bare
/// identifier `[A-Za-z_][A-Za-z0-9_$.]*` (0 when there is none).
pub(crate) fn mnemonic_len(s: &str) -> usize {
    let b = s.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {}
        _ => return 0,
    }
    1 + b[1..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')).count()
}

/// MLIR's spelling of an `f64` value (`5.000000e-01`), as in float attributes: what a custom
/// printer writes for a float parameter so that it reads back bit-exactly.
pub fn format_float(value: f64) -> String {
    let mut s = String::new();
    super::printer::write_float_to(FloatKind::F64, value.to_bits() as u128, &mut s);
    s
}

/// A cursor over the text a custom parser gets, with MLIR's `DialectAsmParser` vocabulary.
/// Every error it returns carries the offset where it happened, so the parse error points at
/// the right place in the file. Blanks (spaces, tabs, newlines) between tokens are skipped.
///
/// ```
/// # use omnir_core::{Context, asm::DialectAsmParser};
/// let ctx = Context::new();
/// let mut p = DialectAsmParser::new(&ctx, "<i8:f32, 0.5:128>");
/// p.expect("<").unwrap();
/// let storage = p.parse_type().unwrap();
/// p.expect(":").unwrap();
/// let expressed = p.parse_type().unwrap();
/// p.expect(",").unwrap();
/// let scale = p.float().unwrap();
/// p.expect(":").unwrap();
/// let zero_point = p.integer().unwrap();
/// p.expect(">").unwrap();
/// p.finish().unwrap();
/// assert_eq!((scale, zero_point), (0.5, 128));
/// # let _ = (storage, expressed);
/// ```
pub struct DialectAsmParser<'a> {
    ctx: &'a Context,
    text: &'a str,
    pos: usize,
}

impl<'a> DialectAsmParser<'a> {
    pub fn new(ctx: &'a Context, text: &'a str) -> DialectAsmParser<'a> {
        DialectAsmParser { ctx, text, pos: 0 }
    }

    pub fn context(&self) -> &'a Context {
        self.ctx
    }

    /// The byte offset of the cursor in the text.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The text not consumed yet.
    pub fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    /// An error at the cursor (after blanks).
    pub fn error(&mut self, message: impl Into<String>) -> AsmError {
        self.skip_blanks();
        AsmError::at(self.pos, message)
    }

    fn skip_blanks(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && matches!(b[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    /// Whether only blanks are left.
    pub fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.pos == self.text.len()
    }

    /// Whether the next token is the punctuation `punct` (`<`, `:`, `->`...), without
    /// consuming it.
    pub fn peek(&mut self, punct: &str) -> bool {
        self.skip_blanks();
        self.rest().starts_with(punct)
    }

    /// Consumes the punctuation `punct` if it comes next.
    pub fn eat(&mut self, punct: &str) -> bool {
        if self.peek(punct) {
            self.pos += punct.len();
            true
        } else {
            false
        }
    }

    /// Consumes the punctuation `punct` or fails with "expected '<punct>'".
    pub fn expect(&mut self, punct: &str) -> Result<(), AsmError> {
        if self.eat(punct) {
            Ok(())
        } else {
            Err(self.error(format!("expected '{punct}'")))
        }
    }

    /// A bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`).
    pub fn keyword(&mut self) -> Result<&'a str, AsmError> {
        self.skip_blanks();
        let n = mnemonic_len(self.rest());
        if n == 0 {
            return Err(self.error("expected keyword"));
        }
        let kw = &self.text[self.pos..self.pos + n];
        self.pos += n;
        Ok(kw)
    }

    /// Consumes the keyword `kw` if it comes next (as a whole identifier).
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        self.skip_blanks();
        let n = mnemonic_len(self.rest());
        if n == kw.len() && self.rest().starts_with(kw) {
            self.pos += n;
            true
        } else {
            false
        }
    }

    fn number_len(&self, allow_float: bool) -> (usize, bool) {
        let b = self.rest().as_bytes();
        let mut i = 0;
        if b.first() == Some(&b'-') {
            i += 1;
        }
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return (0, false);
        }
        i += digits;
        if !allow_float {
            return (i, false);
        }
        let mut is_float = false;
        if b.get(i) == Some(&b'.') {
            is_float = true;
            i += 1;
            i += b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            let exp = b[j..].iter().take_while(|c| c.is_ascii_digit()).count();
            if exp > 0 {
                is_float = true;
                i = j + exp;
            }
        }
        (i, is_float)
    }

    /// A decimal integer, optionally negative (MLIR's `parseInteger`).
    pub fn integer(&mut self) -> Result<i64, AsmError> {
        self.skip_blanks();
        let (n, _) = self.number_len(false);
        if n == 0 {
            return Err(self.error("expected integer value"));
        }
        let v = self.text[self.pos..self.pos + n].parse::<i64>().map_err(|_| self.error("integer value too large"))?;
        self.pos += n;
        Ok(v)
    }

    /// A decimal floating-point (or integer) literal, optionally negative (MLIR's
    /// `parseFloat`).
    /// A `0x` literal is the bit pattern of the `f64` (how [`format_float`] spells NaNs and
    /// infinities).
    pub fn float(&mut self) -> Result<f64, AsmError> {
        self.skip_blanks();
        if self.rest().starts_with("0x") {
            let digits = self.rest()[2..].bytes().take_while(|c| c.is_ascii_hexdigit()).count();
            let bits = u64::from_str_radix(&self.rest()[2..2 + digits], 16)
                .map_err(|_| self.error("expected hexadecimal float bit pattern"))?;
            self.pos += 2 + digits;
            return Ok(f64::from_bits(bits));
        }
        let (n, _) = self.number_len(true);
        if n == 0 {
            return Err(self.error("expected floating point literal"));
        }
        let v = self.text[self.pos..self.pos + n]
            .parse::<f64>()
            .map_err(|_| self.error("invalid floating point literal"))?;
        self.pos += n;
        Ok(v)
    }

    /// A string literal (`"..."`, MLIR escapes), unescaped.
    pub fn string(&mut self) -> Result<Vec<u8>, AsmError> {
        self.skip_blanks();
        let b = self.rest().as_bytes();
        if b.first() != Some(&b'"') {
            return Err(self.error("expected string"));
        }
        let mut i = 1;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    let mut out = Vec::new();
                    unescape_into(&b[1..i], &mut out);
                    self.pos += i + 1;
                    return Ok(out);
                }
                b'\\' => i += 2,
                b'\n' | b'\r' => break,
                _ => i += 1,
            }
        }
        Err(self.error("expected '\"' in string literal"))
    }

    /// A type (MLIR's `parseType`), in the core's syntax (custom types included).
    pub fn parse_type(&mut self) -> Result<Type, AsmError> {
        self.skip_blanks();
        let base = self.pos;
        let (t, n) = super::parser::parse_type_prefix(self.ctx, self.rest()).map_err(|e| shift(e, base))?;
        self.pos += n;
        Ok(t)
    }

    /// An attribute (MLIR's `parseAttribute`), in the core's syntax.
    pub fn parse_attribute(&mut self) -> Result<Attribute, AsmError> {
        self.skip_blanks();
        let base = self.pos;
        let (a, n) = super::parser::parse_attribute_prefix(self.ctx, self.rest()).map_err(|e| shift(e, base))?;
        self.pos += n;
        Ok(a)
    }

    /// Succeeds when only blanks are left; else "expected end of parameters".
    pub fn finish(&mut self) -> Result<(), AsmError> {
        if self.at_end() {
            Ok(())
        } else {
            let rest = self.rest().to_string();
            Err(self.error(format!("expected end of parameters, found '{rest}'")))
        }
    }
}

fn shift(mut e: AsmError, base: usize) -> AsmError {
    e.offset = Some(base + e.offset.unwrap_or(0));
    e
}
