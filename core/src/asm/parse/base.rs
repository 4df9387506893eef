//! Parser state shared by the type, attribute, location, affine and operation parsers:
//! the current token, error reporting in MLIR's style, and the file's symbol tables.

use rustc_hash::FxHashMap;

use super::lexer::{unescape_into, BodyError, LexError, LexState, Lexer, Tok, Token};
use crate::attrs::Attribute;
use crate::types::Type;

/// Parsing failed; the diagnostics are in [`Core::diags`].
#[derive(Debug)]
pub struct Fail;

pub type PResult<T> = Result<T, Fail>;

/// A diagnostic before rendering: a byte offset and a message, plus notes.
#[derive(Clone, Debug)]
pub struct RawDiag {
    pub pos: u32,
    pub message: String,
    pub notes: Vec<(u32, String)>,
}

/// The state every sub-parser works on.
pub struct Core<'a> {
    pub src: &'a str,
    /// Where the input starts in `src` (non-zero for a chunk of a split file).
    pub base: u32,
    pub lex: Lexer<'a>,
    /// The current token (see [`Core::tok`]): its kind, and its range packed as
    /// `start | end << 32`, written with one 8-byte store. A copy of the token read right
    /// after it changed (an 8-byte load) is then forwarded from the store buffer; two
    /// 4-byte stores would stall it.
    tok_kind: Tok,
    tok_span: u64,
    /// End of the previously consumed token.
    pub prev_end: u32,
    pub diags: Vec<RawDiag>,
    pub allow_unregistered: bool,
    pub attr_aliases: FxHashMap<&'a str, Attribute>,
    pub type_aliases: FxHashMap<&'a str, Type>,
    /// `distinct[N]<...>` seen so far, by N.
    pub distinct: FxHashMap<u64, Attribute>,
    /// `dense_resource` keys of the file mapped to the keys used in the context.
    pub resource_keys: FxHashMap<Vec<u8>, String>,
    /// The context keys chosen so far (values of `resource_keys`).
    pub resource_used: rustc_hash::FxHashSet<String>,
    pub scratch: super::attr::Scratch<'a>,
    pub string_buf: Vec<u8>,
    /// Where to resume (lexer, current token, end of the previous token) once the default
    /// form of a dialect kind's parameters, re-lexed from its body, is parsed.
    pub relex: Vec<(LexState, Token, u32)>,
    /// A shipped dialect that a `#dialect.x` / `!dialect.x` named before it was loaded: the
    /// parse failed, and is run again once the caller (who can change the context) loaded it.
    pub need_dialect: Option<String>,
    /// The type of the next `dense<...>` / `dense_resource<...>` that leaves its `: type`
    /// out (MLIR's `parseAttribute(attr, type)`, for custom directives); taken by that one.
    pub attr_type_hint: Option<Type>,
}

impl<'a> Core<'a> {
    pub fn new(src: &'a str, allow_unregistered: bool) -> Core<'a> {
        Core::new_at(src, 0, 1, 0, allow_unregistered)
    }

    /// A parser for `src[base..]`, with positions (and lines) relative to all of `src`.
    pub fn new_at(src: &'a str, base: u32, line: u32, line_start: u32, allow_unregistered: bool) -> Core<'a> {
        let lex = Lexer::new_at(src, base as usize, line, line_start as usize);
        Core {
            src,
            base,
            lex,
            tok_kind: Tok::Eof,
            tok_span: 0,
            prev_end: 0,
            diags: Vec::new(),
            allow_unregistered,
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            distinct: FxHashMap::default(),
            resource_keys: FxHashMap::default(),
            resource_used: Default::default(),
            scratch: Default::default(),
            string_buf: Vec::new(),
            relex: Vec::new(),
            need_dialect: None,
            attr_type_hint: None,
        }
    }

    /// The current token.
    #[inline(always)]
    pub fn tok(&self) -> Token {
        Token { kind: self.tok_kind, start: self.tok_span as u32, end: (self.tok_span >> 32) as u32 }
    }

    #[inline(always)]
    pub fn set_tok(&mut self, t: Token) {
        self.tok_kind = t.kind;
        self.tok_span = t.start as u64 | (t.end as u64) << 32;
    }

    /// Lexes the first token.
    pub fn start(&mut self) -> PResult<()> {
        let t = self.lex_next()?;
        self.set_tok(t);
        Ok(())
    }

    #[inline(always)]
    fn lex_next(&mut self) -> PResult<Token> {
        let (kind, start) = self.lex.lex_raw();
        if kind == Tok::Error {
            let e = self.lex.take_error();
            return Err(self.lex_fail(e));
        }
        Ok(Token { kind, start, end: self.lex.pos() })
    }

    /// Lexes the token at the lexer's position into `tok` (after moving the lexer).
    #[inline]
    pub fn relex_current(&mut self) -> PResult<()> {
        let t = self.lex_next()?;
        self.set_tok(t);
        Ok(())
    }

    pub fn lex_fail(&mut self, e: LexError) -> Fail {
        self.diags.push(RawDiag { pos: e.pos, message: e.message.to_string(), notes: Vec::new() });
        Fail
    }

    /// Moves to the next token.
    #[inline]
    pub fn bump(&mut self) -> PResult<()> {
        self.prev_end = self.tok().end;
        let t = self.lex_next()?;
        self.set_tok(t);
        Ok(())
    }

    #[inline]
    pub fn at(&self, kind: Tok) -> bool {
        self.tok().kind == kind
    }

    /// Consumes the token if it has this kind.
    #[inline]
    pub fn eat(&mut self, kind: Tok) -> PResult<bool> {
        if self.tok().kind == kind {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Consumes a token of this kind or reports `message` as MLIR's `parseToken` does.
    #[inline]
    pub fn expect(&mut self, kind: Tok, message: &str) -> PResult<()> {
        if self.tok().kind == kind {
            self.bump()
        } else {
            Err(self.wrong_token(message))
        }
    }

    /// The spelling of the current token.
    #[inline]
    pub fn text(&self) -> &'a str {
        self.slice(self.tok().start, self.tok().end)
    }

    #[inline]
    pub fn slice(&self, start: u32, end: u32) -> &'a str {
        // Token boundaries are always at ASCII bytes, so this never splits a character.
        self.src.get(start as usize..end as usize).unwrap_or("")
    }

    /// Whether the current token is a bare identifier (or keyword) spelled `word`.
    #[inline]
    pub fn at_word(&self, word: &str) -> bool {
        self.tok().kind == Tok::BareIdent && self.text() == word
    }

    /// A keyword-like token: bare identifiers, keywords and integer types.
    pub fn at_keyword(&self) -> bool {
        matches!(self.tok().kind, Tok::BareIdent | Tok::IntType)
    }

    /// Records an error at `pos` and returns the failure.
    pub fn error_at(&mut self, pos: u32, message: impl Into<String>) -> Fail {
        self.diags.push(RawDiag { pos, message: message.into(), notes: Vec::new() });
        Fail
    }

    /// Error with a note.
    pub fn error_note(&mut self, pos: u32, message: impl Into<String>, note_pos: u32, note: impl Into<String>) -> Fail {
        self.diags.push(RawDiag { pos, message: message.into(), notes: vec![(note_pos, note.into())] });
        Fail
    }

    /// Error at the current token (MLIR's `emitError(message)`): at end of file, one
    /// character back.
    pub fn error_here(&mut self, message: impl Into<String>) -> Fail {
        let pos = if self.tok().kind == Tok::Eof && self.tok().start > self.base {
            self.tok().start - 1
        } else {
            self.tok().start
        };
        self.error_at(pos, message)
    }

    /// MLIR's `emitWrongTokenError`: reports at the end of the previous non-blank text (so
    /// "expected X" points just after the last thing that was fine), skipping blank lines
    /// and `//` comments.
    pub fn wrong_token(&mut self, message: impl Into<String>) -> Fail {
        let pos = self.wrong_token_pos();
        self.error_at(pos, message)
    }

    pub fn wrong_token_pos(&self) -> u32 {
        let base = self.base as usize;
        let mut loc = self.tok().start as usize;
        if self.tok().kind == Tok::Eof && loc > base {
            loc -= 1;
        }
        let original = loc;
        let bytes = self.src.as_bytes();
        let mut end = loc.min(bytes.len());
        loop {
            while end > base && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end <= base {
                return original as u32;
            }
            let last = bytes[end - 1];
            if last != b'\n' && last != b'\r' {
                return end as u32;
            }
            end -= 1;
            // The line before: if it has a `//`, back up to before it.
            let line_begin =
                bytes[base..end].iter().rposition(|&b| b == b'\n' || b == b'\r').map_or(base, |i| base + i);
            let prev_line = &bytes[line_begin..end];
            if let Some(c) = prev_line.windows(2).position(|w| w == b"//") {
                end = line_begin + c;
            }
        }
    }

    pub fn body_fail(&mut self, e: BodyError, at: u32) -> Fail {
        match e {
            BodyError::Message(m) => self.error_at(at, m),
            BodyError::Lex(l) => self.lex_fail(l),
        }
    }

    /// `src[start..end]` packed with its length into one integer when it is at most 15
    /// bytes long: a map key that needs no string hashing or comparison (names, keywords).
    #[inline]
    pub fn short_key(&self, start: u32, end: u32) -> Option<u128> {
        let len = end.wrapping_sub(start) as usize;
        if len > 15 {
            return None;
        }
        let bytes = self.src.as_bytes();
        let s = start as usize;
        let mut buf = [0u8; 16];
        match bytes.get(s..s + 16) {
            Some(w) => buf.copy_from_slice(w),
            None => buf[..len].copy_from_slice(&bytes[s..s + len]),
        }
        let word = u128::from_le_bytes(buf) & ((1u128 << (8 * len)) - 1);
        Some(word | (len as u128) << 120)
    }

    /// As [`Core::short_key`] for at most 7 bytes, in a `u64` (top byte: the length).
    #[inline]
    pub fn short_key8(&self, start: u32, end: u32) -> Option<u64> {
        let len = end.wrapping_sub(start) as usize;
        if len > 7 {
            return None;
        }
        let bytes = self.src.as_bytes();
        let s = start as usize;
        let mut buf = [0u8; 8];
        match bytes.get(s..s + 8) {
            Some(w) => buf.copy_from_slice(w),
            None => buf[..len].copy_from_slice(&bytes[s..s + len]),
        }
        let word = u64::from_le_bytes(buf) & ((1u64 << (8 * len)) - 1);
        Some(word | (len as u64) << 56)
    }

    /// The unescaped bytes of the current string token (or of an `@"..."` token).
    pub fn string_value(&mut self, tok: &Token) -> Vec<u8> {
        let mut out = Vec::new();
        self.string_value_into(tok, &mut out);
        out
    }

    pub fn string_value_into(&self, tok: &Token, out: &mut Vec<u8>) {
        let (s, e) = (tok.start as usize, tok.end as usize);
        let bytes = self.src.as_bytes();
        let body = match tok.kind {
            Tok::At => &bytes[s + 2..e - 1],
            _ => &bytes[s + 1..e - 1],
        };
        if !body.contains(&b'\\') {
            out.extend_from_slice(body);
        } else {
            unescape_into(body, out);
        }
    }

    /// The string token's contents when it has no escapes (the common case): a borrowed
    /// slice of the source.
    pub fn plain_string(&self, tok: &Token) -> Option<&'a str> {
        let (s, e) = (tok.start as usize + 1, tok.end as usize - 1);
        let body = self.src.get(s..e)?;
        (!body.as_bytes().contains(&b'\\')).then_some(body)
    }
}

/// Lossy conversion of bytes to a string (MLIR strings may hold any bytes; identifiers in
/// omnir are text).
pub fn bytes_to_string(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Line starts of a source, for turning offsets into line and column on error paths.
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(src: &str) -> LineIndex {
        let mut starts = vec![0u32];
        for (i, b) in src.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            }
        }
        LineIndex { starts }
    }

    /// The offset of 1-based `line`:`col` (clamped to the line's end), if `line` exists.
    pub fn pos_of(&self, src: &str, line: u32, col: u32) -> Option<u32> {
        let start = *self.starts.get((line as usize).checked_sub(1)?)?;
        let end = self.starts.get(line as usize).map_or(src.len() as u32, |&next| next - 1);
        let mut pos = (start + col.saturating_sub(1)).min(end);
        while !src.is_char_boundary(pos as usize) {
            pos -= 1;
        }
        Some(pos)
    }

    /// 1-based line and the offset where it starts.
    pub fn line_of(&self, pos: u32) -> (u32, u32) {
        let i = match self.starts.binary_search(&pos) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (i as u32 + 1, self.starts[i])
    }
}

/// Renders `file:line:col: severity: message`, the source line and a caret, as LLVM's
/// `SourceMgr` prints diagnostics (tabs expanded to 8 columns).
pub fn render_one(
    file: &str,
    src: &str,
    index: &LineIndex,
    pos: u32,
    severity: &str,
    message: &str,
) -> (u32, u32, String) {
    let pos = pos.min(src.len() as u32);
    let (line, line_start) = index.line_of(pos);
    let col = pos - line_start + 1;
    let bytes = src.as_bytes();
    // The line's contents stop at a newline or carriage return.
    let mut begin = pos as usize;
    while begin > 0 && !matches!(bytes[begin - 1], b'\n' | b'\r') {
        begin -= 1;
    }
    let mut end = pos as usize;
    while end < bytes.len() && !matches!(bytes[end], b'\n' | b'\r') {
        end += 1;
    }
    // Very long lines are shown as a window around the caret, so that many errors on one
    // huge line cost linear output.
    const WINDOW: usize = 512;
    if end - begin > 2 * WINDOW {
        let p = pos as usize;
        let mut b = p.saturating_sub(WINDOW).max(begin);
        let mut e = (p + WINDOW).min(end);
        while !src.is_char_boundary(b) {
            b -= 1;
        }
        while !src.is_char_boundary(e) {
            e += 1;
        }
        begin = b;
        end = e;
    }
    let contents = &bytes[begin..end];
    let caret_at = pos as usize - begin;
    let mut caret = String::new();
    let mut out_col = 0usize;
    for &b in &contents[..caret_at.min(contents.len())] {
        if b == b'\t' {
            loop {
                caret.push(' ');
                out_col += 1;
                if out_col % 8 == 0 {
                    break;
                }
            }
        } else {
            caret.push(' ');
            out_col += 1;
        }
    }
    caret.push('^');
    let line_text = expand_tabs(contents);
    let rendered = format!("{file}:{line}:{col}: {severity}: {message}\n{line_text}\n{caret}");
    (line, col, rendered)
}

fn expand_tabs(contents: &[u8]) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(contents.len());
    let mut col = 0usize;
    for &b in contents {
        if b == b'\t' {
            loop {
                out.push(b' ');
                col += 1;
                if col % 8 == 0 {
                    break;
                }
            }
        } else {
            out.push(b);
            col += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
