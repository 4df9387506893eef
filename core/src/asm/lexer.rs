//! Lexer for MLIR's textual syntax, following the rules of MLIR's `Lexer.cpp`.
//!
//! The lexer is pull-based: the parser asks for one token at a time and may move the lexer
//! back to an earlier point on the current line (MLIR does this to split `4xf32` into `4`,
//! `x` and `f32`). A token is its kind and byte range (12 bytes, passed in registers); the
//! lexer tracks the line of the token it returned last and where that line starts, so the
//! line and column (1-based, columns in bytes as in MLIR) of the current token cost nothing
//! extra.
//!
//! Rules (as in MLIR):
//! - bare identifiers: `(letter|_) (letter|digit|[_$.])*`; `i32`, `si8`, `ui16` are integer
//!   type tokens;
//! - prefixed identifiers `%`, `^`, `#`, `!`: a suffix of digits only, or
//!   `(letter|[$._-]) (letter|digit|[$._-])*`;
//! - `@` identifiers: `@` followed by a bare identifier (without `-`) or a string literal;
//! - integers: `digit+` or `0x hexdigit+` (`0xi32` is `0` then `xi32`);
//! - floats: `digit+ . digit* ([eE][-+]?digit+)?`;
//! - strings: `"..."` with the escapes `\"`, `\\`, `\n`, `\t` and `\XX` (two hex digits);
//!   a raw newline, vertical tab or form feed ends the literal with an error;
//! - `//` comments to the end of the line; `{-#` and `#-}` delimit the file metadata.

/// What a token is. Keywords are bare identifiers; the parser compares their spelling.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Eof,
    /// A lexing failure; [`Lexer::take_error`] says what it was.
    Error,
    BareIdent,
    /// `i32`, `si8`, `ui16`.
    IntType,
    /// `%name`
    Percent,
    /// `^name`
    Caret,
    /// `#name`
    Hash,
    /// `!name`
    Bang,
    /// `@name` or `@"name"`
    At,
    String,
    Integer,
    Float,
    Arrow,
    Colon,
    Comma,
    Ellipsis,
    Equal,
    Greater,
    LBrace,
    LParen,
    LSquare,
    Less,
    Minus,
    Plus,
    Question,
    RBrace,
    RParen,
    RSquare,
    Star,
    VBar,
    FileMetaBegin,
    FileMetaEnd,
}

impl Tok {
    /// The fixed spelling of punctuation (for messages).
    pub fn spelling(self) -> &'static str {
        match self {
            Tok::Arrow => "->",
            Tok::Colon => ":",
            Tok::Comma => ",",
            Tok::Ellipsis => "...",
            Tok::Equal => "=",
            Tok::Greater => ">",
            Tok::LBrace => "{",
            Tok::LParen => "(",
            Tok::LSquare => "[",
            Tok::Less => "<",
            Tok::Minus => "-",
            Tok::Plus => "+",
            Tok::Question => "?",
            Tok::RBrace => "}",
            Tok::RParen => ")",
            Tok::RSquare => "]",
            Tok::Star => "*",
            Tok::VBar => "|",
            Tok::FileMetaBegin => "{-#",
            Tok::FileMetaEnd => "#-}",
            _ => "",
        }
    }
}

/// A token: its kind and its byte range in the source.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn is(&self, kind: Tok) -> bool {
        self.kind == kind
    }
}

/// A lexing failure: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub pos: u32,
    pub line: u32,
    pub line_start: u32,
    pub message: &'static str,
}

/// Bytes allowed after the first character of a bare identifier: `[a-zA-Z0-9_$.]`.
const BARE: u8 = 1;
/// Bytes allowed in a prefixed identifier suffix: `[a-zA-Z0-9$._-]`.
const SUFFIX: u8 = 2;

const fn char_classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        if alpha || digit || b == b'_' || b == b'$' || b == b'.' {
            t[c] |= BARE;
        }
        if alpha || digit || b == b'_' || b == b'$' || b == b'.' || b == b'-' {
            t[c] |= SUFFIX;
        }
        c += 1;
    }
    t
}

static CLASSES: [u8; 256] = char_classes();

/// The token of each byte that is a whole token by itself whatever follows (`{`, `-`, `.`,
/// `/` and `#` are not: they may start a longer token).
const fn punctuation() -> [Option<Tok>; 256] {
    let mut t = [None; 256];
    t[b':' as usize] = Some(Tok::Colon);
    t[b',' as usize] = Some(Tok::Comma);
    t[b'(' as usize] = Some(Tok::LParen);
    t[b')' as usize] = Some(Tok::RParen);
    t[b'}' as usize] = Some(Tok::RBrace);
    t[b'[' as usize] = Some(Tok::LSquare);
    t[b']' as usize] = Some(Tok::RSquare);
    t[b'<' as usize] = Some(Tok::Less);
    t[b'>' as usize] = Some(Tok::Greater);
    t[b'=' as usize] = Some(Tok::Equal);
    t[b'+' as usize] = Some(Tok::Plus);
    t[b'*' as usize] = Some(Tok::Star);
    t[b'?' as usize] = Some(Tok::Question);
    t[b'|' as usize] = Some(Tok::VBar);
    t
}

static PUNCT: [Option<Tok>; 256] = punctuation();

#[inline]
fn is_bare(b: u8) -> bool {
    CLASSES[b as usize] & BARE != 0
}

#[inline]
fn is_suffix(b: u8) -> bool {
    CLASSES[b as usize] & SUFFIX != 0
}

/// Saved lexer position, to re-lex from an earlier token.
#[derive(Copy, Clone, Debug)]
pub struct LexState {
    pos: usize,
    line: u32,
    line_start: usize,
}

pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    /// The failure behind the last `Tok::Error` token.
    error: Option<LexError>,
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`, which must be shorter than 4 GiB (the parser checks).
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer { src: src.as_bytes(), pos: 0, line: 1, line_start: 0, error: None }
    }

    /// A lexer starting at byte `pos` of `src` (a chunk of a larger file), which is on
    /// 1-based line `line` beginning at `line_start`. The end of `src` is the end of input.
    pub fn new_at(src: &'a str, pos: usize, line: u32, line_start: usize) -> Lexer<'a> {
        Lexer { src: src.as_bytes(), pos, line, line_start, error: None }
    }

    /// 1-based line of the last token lexed (and of anything up to the lexer's position).
    #[inline]
    pub fn line(&self) -> u32 {
        self.line
    }

    /// Byte offset where [`Lexer::line`] begins.
    #[inline]
    pub fn line_start(&self) -> u32 {
        self.line_start as u32
    }

    /// 1-based column of `tok`, which must be on the current line (the last token lexed).
    #[inline]
    pub fn col(&self, tok: &Token) -> u32 {
        tok.start - self.line_start as u32 + 1
    }

    pub fn source(&self) -> &'a [u8] {
        self.src
    }

    pub fn save(&self) -> LexState {
        LexState { pos: self.pos, line: self.line, line_start: self.line_start }
    }

    pub fn restore(&mut self, s: LexState) {
        self.pos = s.pos;
        self.line = s.line;
        self.line_start = s.line_start;
    }

    /// Moves the lexer back to the start of `tok` (re-lexing it next), which must be on
    /// the current line.
    pub fn reset_to_token(&mut self, tok: &Token) {
        self.pos = tok.start as usize;
    }

    /// Moves the lexer to `pos` on the current line (no newline between the last token
    /// lexed and `pos`).
    #[inline]
    pub fn reset_within(&mut self, pos: u32) {
        self.pos = pos as usize;
    }

    /// Moves the lexer to `pos`, on 1-based line `line` starting at `line_start`.
    pub fn reset_at(&mut self, pos: u32, line: u32, line_start: u32) {
        self.pos = pos as usize;
        self.line = line;
        self.line_start = line_start as usize;
    }

    /// The failure behind the last `Tok::Error` token.
    pub fn take_error(&mut self) -> LexError {
        self.error.take().unwrap_or(LexError {
            pos: self.pos as u32,
            line: self.line,
            line_start: self.line_start as u32,
            message: "unexpected character",
        })
    }

    #[inline]
    fn peek(&self, offset: usize) -> u8 {
        // NUL stands for "end of input", as MLIR's buffers are NUL-terminated.
        self.src.get(self.pos + offset).copied().unwrap_or(0)
    }

    #[inline]
    fn form(&self, kind: Tok, start: usize) -> Token {
        Token { kind, start: start as u32, end: self.pos as u32 }
    }

    fn error(&self, pos: usize, message: &'static str) -> LexError {
        // `pos` is always on the current line.
        LexError { pos: pos as u32, line: self.line, line_start: self.line_start as u32, message }
    }

    /// The next token.
    pub fn next_token(&mut self) -> Result<Token, LexError> {
        let t = self.lex();
        if t.kind == Tok::Error {
            return Err(self.take_error());
        }
        Ok(t)
    }

    /// Skips spaces (indentation is the most common run of bytes), eight at a time.
    #[inline]
    fn skip_spaces(&mut self) {
        const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
        while let Some(w) = self.src.get(self.pos..self.pos + 8) {
            let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) ^ SPACES;
            if x != 0 {
                self.pos += (x.trailing_zeros() / 8) as usize;
                return;
            }
            self.pos += 8;
        }
        while self.src.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
    }

    /// The next token; a failure gives a `Tok::Error` token (see [`Lexer::take_error`]).
    pub fn lex(&mut self) -> Token {
        let (kind, start) = self.lex_raw();
        Token { kind, start, end: if kind == Tok::Error { start } else { self.pos as u32 } }
    }

    /// The next token's kind and start; it ends at the lexer's new position ([`Lexer::pos`]),
    /// except a `Tok::Error` token, which is empty. (Two values come back in registers, where
    /// a token would go through memory.) Single-byte punctuation after spaces, the most
    /// common case, takes a short path.
    #[inline]
    pub fn lex_raw(&mut self) -> (Tok, u32) {
        self.skip_spaces();
        let start = self.pos;
        if let Some(&c) = self.src.get(start) {
            if let Some(kind) = PUNCT[c as usize] {
                self.pos = start + 1;
                return (kind, start as u32);
            }
        }
        self.lex_other()
    }

    /// Records a failure at `pos` and returns the `Tok::Error` token that reports it.
    #[cold]
    fn fail(&mut self, pos: usize, message: &'static str) -> Token {
        self.error = Some(self.error(pos, message));
        Token { kind: Tok::Error, start: pos as u32, end: pos as u32 }
    }

    #[inline(never)]
    fn lex_other(&mut self) -> (Tok, u32) {
        let t = self.lex_token();
        (t.kind, t.start)
    }

    #[inline(always)]
    fn lex_token(&mut self) -> Token {
        loop {
            self.skip_spaces();
            let start = self.pos;
            let Some(&c) = self.src.get(start) else {
                return self.form(Tok::Eof, start);
            };
            self.pos += 1;
            let kind = match c {
                b' ' | b'\t' | b'\r' => continue,
                b'\n' => {
                    self.line += 1;
                    self.line_start = self.pos;
                    continue;
                }
                // A NUL inside the buffer is skipped, as MLIR does.
                0 => continue,
                b':' => Tok::Colon,
                b',' => Tok::Comma,
                b'.' => {
                    if self.peek(0) == b'.' && self.peek(1) == b'.' {
                        self.pos += 2;
                        Tok::Ellipsis
                    } else {
                        return self.fail(self.pos, "expected three consecutive dots for an ellipsis");
                    }
                }
                b'(' => Tok::LParen,
                b')' => Tok::RParen,
                b'{' => {
                    if self.peek(0) == b'-' && self.peek(1) == b'#' {
                        self.pos += 2;
                        Tok::FileMetaBegin
                    } else {
                        Tok::LBrace
                    }
                }
                b'}' => Tok::RBrace,
                b'[' => Tok::LSquare,
                b']' => Tok::RSquare,
                b'<' => Tok::Less,
                b'>' => Tok::Greater,
                b'=' => Tok::Equal,
                b'+' => Tok::Plus,
                b'*' => Tok::Star,
                b'-' => {
                    if self.peek(0) == b'>' {
                        self.pos += 1;
                        Tok::Arrow
                    } else {
                        Tok::Minus
                    }
                }
                b'?' => Tok::Question,
                b'|' => Tok::VBar,
                b'/' => {
                    if self.peek(0) == b'/' {
                        self.skip_comment();
                        continue;
                    }
                    return self.fail(start, "unexpected character");
                }
                b'@' => return self.lex_at(start),
                b'#' => {
                    if self.peek(0) == b'-' && self.peek(1) == b'}' {
                        self.pos += 2;
                        Tok::FileMetaEnd
                    } else {
                        return self.lex_prefixed(start, Tok::Hash, "invalid attribute name");
                    }
                }
                b'%' => return self.lex_prefixed(start, Tok::Percent, "invalid SSA name"),
                b'^' => return self.lex_prefixed(start, Tok::Caret, "invalid block name"),
                b'!' => return self.lex_prefixed(start, Tok::Bang, "invalid type identifier"),
                b'"' => return self.lex_string(start),
                b'0'..=b'9' => return self.lex_number(start),
                b'_' => return self.lex_bare(start),
                c if c.is_ascii_alphabetic() => return self.lex_bare(start),
                _ => return self.fail(start, "unexpected character"),
            };
            return self.form(kind, start);
        }
    }

    fn skip_comment(&mut self) {
        // Stop before the newline so that line counting sees it.
        match memchr_newline(&self.src[self.pos..]) {
            Some(i) => self.pos += i,
            None => self.pos = self.src.len(),
        }
    }

    fn lex_bare(&mut self, start: usize) -> Token {
        while is_bare(self.peek(0)) {
            self.pos += 1;
        }
        let s = &self.src[start..self.pos];
        let int_type = (s.len() > 1 && s[0] == b'i' && s[1..].iter().all(u8::is_ascii_digit))
            || (s.len() > 2 && s[1] == b'i' && (s[0] == b's' || s[0] == b'u') && s[2..].iter().all(u8::is_ascii_digit));
        self.form(if int_type { Tok::IntType } else { Tok::BareIdent }, start)
    }

    fn lex_at(&mut self, start: usize) -> Token {
        let c = self.peek(0);
        if c == b'"' && self.pos < self.src.len() {
            self.pos += 1;
            return self.lex_string_rest(Tok::At, start);
        }
        if !(c.is_ascii_alphabetic() || c == b'_') {
            return self.fail(self.pos, "@ identifier expected to start with letter or '_'");
        }
        self.pos += 1;
        while is_bare(self.peek(0)) {
            self.pos += 1;
        }
        self.form(Tok::At, start)
    }

    fn lex_prefixed(&mut self, start: usize, kind: Tok, what: &'static str) -> Token {
        let c = self.peek(0);
        if c.is_ascii_digit() {
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        } else if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') {
            self.pos += 1;
            while is_suffix(self.peek(0)) {
                self.pos += 1;
            }
        } else {
            return self.fail(start, what);
        }
        self.form(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        if self.src[start] == b'0' && self.peek(0) == b'x' {
            if !self.peek(1).is_ascii_hexdigit() {
                return self.form(Tok::Integer, start);
            }
            self.pos += 2;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.form(Tok::Integer, start);
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' {
            return self.form(Tok::Integer, start);
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let c1 = self.peek(1);
            if c1.is_ascii_digit() || (matches!(c1, b'-' | b'+') && self.peek(2).is_ascii_digit()) {
                self.pos += 2;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.form(Tok::Float, start)
    }

    fn lex_string(&mut self, start: usize) -> Token {
        self.lex_string_rest(Tok::String, start)
    }

    /// A `kind` token from `start` whose string literal's opening quote was just consumed.
    #[inline]
    fn lex_string_rest(&mut self, kind: Tok, start: usize) -> Token {
        match self.lex_string_body() {
            Ok(()) => self.form(kind, start),
            Err(e) => {
                let pos = e.pos;
                self.error = Some(e);
                Token { kind: Tok::Error, start: pos, end: pos }
            }
        }
    }

    /// Lexes the rest of a string literal whose opening quote was just consumed.
    fn lex_string_body(&mut self) -> Result<(), LexError> {
        loop {
            // Skip ordinary bytes quickly.
            self.pos = string_stop(self.src, self.pos);
            let Some(&c) = self.src.get(self.pos) else {
                return Err(self.error(self.pos, "expected '\"' in string literal"));
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(()),
                b'\n' | 0x0b | 0x0c => return Err(self.error(self.pos - 1, "expected '\"' in string literal")),
                b'\\' => {
                    let c1 = self.peek(0);
                    if matches!(c1, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 1;
                    } else if c1.is_ascii_hexdigit() && self.peek(1).is_ascii_hexdigit() {
                        self.pos += 2;
                    } else {
                        return Err(self.error(self.pos - 1, "unknown escape in string literal"));
                    }
                }
                _ => {}
            }
        }
    }

    /// Scans a dialect symbol body starting at the `<` token `open` (which the parser has
    /// just seen), up to and including the matching `>`. Nested `<>`, `()`, `[]`, `{}` must
    /// balance; strings are skipped whole; `->` is one unit. Returns the end offset (just
    /// past the closing `>`); the lexer is left there.
    pub fn scan_dialect_body(&mut self, open: &Token) -> Result<u32, BodyError> {
        self.reset_to_token(open);
        let mut stack: Vec<u8> = Vec::new();
        loop {
            let c = self.peek(0);
            if self.pos >= self.src.len() {
                return Err(self.body_error(stack.last().copied()));
            }
            self.pos += 1;
            match c {
                0 => {
                    return Err(self.body_error(stack.last().copied()));
                }
                b'\n' => {
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b'<' | b'[' | b'(' | b'{' => stack.push(c),
                // `->` is one unit: its `>` closes nothing.
                b'-' if self.peek(0) == b'>' => self.pos += 1,
                b'>' | b']' | b')' | b'}' => {
                    let want = match c {
                        b'>' => b'<',
                        b']' => b'[',
                        b')' => b'(',
                        _ => b'{',
                    };
                    match stack.last() {
                        Some(&top) if top == want => {
                            stack.pop();
                        }
                        Some(&top) => return Err(self.body_unbalanced(top)),
                        None => return Err(self.body_unbalanced(b'<')),
                    }
                    if stack.is_empty() {
                        return Ok(self.pos as u32);
                    }
                }
                b'"' => {
                    if let Err(e) = self.lex_string_body() {
                        return Err(BodyError::Lex(e));
                    }
                }
                _ => {}
            }
        }
    }

    fn body_error(&self, top: Option<u8>) -> BodyError {
        match top {
            Some(t) => self.body_unbalanced(t),
            None => BodyError::Message("unexpected nul or EOF in pretty dialect name".into()),
        }
    }

    fn body_unbalanced(&self, top: u8) -> BodyError {
        BodyError::Message(format!("unbalanced '{}' character in pretty dialect name", top as char))
    }

    /// The current position (just past the last token lexed).
    pub fn pos(&self) -> u32 {
        self.pos as u32
    }
}

/// Why a dialect symbol body could not be scanned.
#[derive(Clone, Debug)]
pub enum BodyError {
    /// Reported at the parser's current token.
    Message(String),
    Lex(LexError),
}

/// The first position from `pos` on holding `"`, `\\`, a newline, a vertical tab or a form
/// feed (what ends the ordinary bytes of a string literal), or the end of `src`. Eight bytes
/// at a time: a word with none of `"`, `\\` or a byte below 13 is skipped whole.
#[inline]
fn string_stop(src: &[u8], mut pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    while let Some(w) = src.get(pos..pos + 8) {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        let quote = x ^ (ONES * b'"' as u64);
        let backslash = x ^ (ONES * b'\\' as u64);
        // Bytes equal to zero (a match) or below 13; the lowest flagged byte is always a true
        // candidate (borrows only run upwards).
        let hits = (quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (x.wrapping_sub(ONES * 13) & !x);
        let hits = hits & HIGHS;
        if hits == 0 {
            pos += 8;
            continue;
        }
        let i = pos + (hits.trailing_zeros() / 8) as usize;
        if matches!(src[i], b'"' | b'\\' | b'\n' | 0x0b | 0x0c) {
            return i;
        }
        // Another control byte below 13 (a tab, say): ordinary; go on after it.
        pos = i + 1;
    }
    while let Some(&b) = src.get(pos) {
        if matches!(b, b'"' | b'\\' | b'\n' | 0x0b | 0x0c) {
            return pos;
        }
        pos += 1;
    }
    pos
}

fn memchr_newline(s: &[u8]) -> Option<usize> {
    s.iter().position(|&b| b == b'\n' || b == b'\r')
}

/// Decodes a string literal token's contents (without quotes) into bytes, resolving
/// escapes. The lexer has already validated the escapes.
pub fn unescape_into(body: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let c1 = body.get(i).copied().unwrap_or(b'\\');
        i += 1;
        match c1 {
            b'"' | b'\\' => out.push(c1),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            _ => {
                let c2 = body.get(i).copied().unwrap_or(b'0');
                i += 1;
                out.push((hex_val(c1) << 4) | hex_val(c2));
            }
        }
    }
}

pub fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let t = l.next_token().unwrap();
            if t.kind == Tok::Eof {
                break;
            }
            out.push(t.kind);
        }
        out
    }

    #[test]
    fn basic_tokens() {
        assert_eq!(
            kinds("%0:2 = \"a.b\"(%x#1) : (i32) -> si8 // c\n^bb0 #map !t @s @\"q\" 0x1F 1.5e3 ... {-# #-}"),
            vec![
                Tok::Percent,
                Tok::Colon,
                Tok::Integer,
                Tok::Equal,
                Tok::String,
                Tok::LParen,
                Tok::Percent,
                Tok::Hash,
                Tok::RParen,
                Tok::Colon,
                Tok::LParen,
                Tok::IntType,
                Tok::RParen,
                Tok::Arrow,
                Tok::IntType,
                Tok::Caret,
                Tok::Hash,
                Tok::Bang,
                Tok::At,
                Tok::At,
                Tok::Integer,
                Tok::Float,
                Tok::Ellipsis,
                Tok::FileMetaBegin,
                Tok::FileMetaEnd
            ]
        );
        assert_eq!(kinds("0xi32"), vec![Tok::Integer, Tok::BareIdent]);
        assert_eq!(kinds("4xf32"), vec![Tok::Integer, Tok::BareIdent]);
        assert_eq!(kinds("1e3"), vec![Tok::Integer, Tok::BareIdent]);
    }

    #[test]
    fn lines_and_columns() {
        let mut l = Lexer::new("a\n  bb\n\n   c");
        let a = l.next_token().unwrap();
        assert_eq!((l.line(), l.col(&a)), (1, 1));
        let b = l.next_token().unwrap();
        assert_eq!((l.line(), l.col(&b)), (2, 3));
        let c = l.next_token().unwrap();
        assert_eq!((l.line(), l.col(&c)), (4, 4));
    }

    #[test]
    fn strings_with_any_bytes_end_where_they_should() {
        for body in ["", "a", "abcdefgh", "abcdefghijklmnopq", "tab\there", "\u{1}\u{2}x", "é\u{7f}ÿ", "0123456\t89"]
        {
            for pad in 0..9 {
                let text = format!("{}\"{body}\" x", " ".repeat(pad));
                let mut l = Lexer::new(&text);
                let t = l.next_token().unwrap();
                assert_eq!(
                    (t.kind, t.start as usize, t.end as usize),
                    (Tok::String, pad, pad + body.len() + 2),
                    "{text:?}"
                );
                assert_eq!(l.next_token().unwrap().kind, Tok::BareIdent);
            }
        }
        for (text, message) in [
            ("\"abc\\q\"", "unknown escape in string literal"),
            ("\"abcdefghijk\nlm\"", "expected '\"' in string literal"),
            ("\"abcdefghijk\u{b}lm\"", "expected '\"' in string literal"),
            ("\"abcdefghijk\u{c}", "expected '\"' in string literal"),
            ("\"abcdefghijklmnopqrstuv", "expected '\"' in string literal"),
        ] {
            assert_eq!(Lexer::new(text).next_token().unwrap_err().message, message, "{text:?}");
        }
        let mut l = Lexer::new("\"a\\\"b\\\\\" c");
        assert_eq!(l.next_token().unwrap().end, 8);
    }

    #[test]
    fn string_escapes() {
        let mut out = Vec::new();
        unescape_into(br#"a\"b\\c\n\t\41\ff"#, &mut out);
        assert_eq!(out, b"a\"b\\c\n\tA\xff");
        let mut l = Lexer::new("\"abc\\q\"");
        assert_eq!(l.next_token().unwrap_err().message, "unknown escape in string literal");
        let mut l = Lexer::new("\"abc\n\"");
        assert_eq!(l.next_token().unwrap_err().message, "expected '\"' in string literal");
    }
}
