//! Types, attributes and locations, parsed by an explicit-stack machine.
//!
//! Each construct that contains another type or attribute (`tuple<...>`, `[...]`,
//! `{k = v}`, `tensor<..., #enc>`, `loc(fused[...])`, ...) pushes a [`Frame`] describing
//! what to do once the inner value is known, then asks for the inner value. Nesting depth
//! is bounded only by memory: no native recursion follows the input's nesting.
//!
//! The grammar and the error messages follow MLIR's `TypeParser.cpp`,
//! `AttributeParser.cpp`, `LocationParser.cpp` and `DialectSymbolParser.cpp`.

use rustc_hash::FxHashMap;

use super::base::{bytes_to_string, Core, PResult};
use super::custom;
use super::dense::{DenseElem, DenseLit, LitKind};
use super::fmt::{fmt_attr, fmt_type};
use super::lexer::{Tok, Token};
use crate::attrs::{AttrKind, Attribute, NamedAttribute};
use crate::context::{Context, Identifier};
use crate::dialect::{AsmError, AttrDefId, TypeDefId};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC, MAX_INTEGER_WIDTH};

/// A registered dialect kind met in the text.
#[derive(Copy, Clone, Debug)]
pub enum KindRef {
    Type(TypeDefId),
    Attr(AttrDefId),
}

/// What the machine is asked to produce.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Want {
    Type,
    NonFnType,
    Attr,
    /// A location instance (the inside of `loc(...)`).
    Loc,
    /// The entries of a `{...}` dictionary, left on the scratch stack (an operation's
    /// attribute dictionary, which is not interned as an attribute).
    DictEntries,
}

#[derive(Copy, Clone, Debug)]
pub enum Val {
    T(Type),
    A(Attribute),
    /// Dictionary entries were left on `Scratch::named`.
    Entries,
}

enum Step {
    Start(Want),
    Done(Val),
}

/// Work to finish once the inner value is parsed. (`KindParams`: the default form of a
/// dialect kind's parameters, `<p0, p1, ...>`, re-lexed from the symbol's body, which ends at
/// `end`; the lexer is restored from `Core::relex` after.)
#[derive(Clone, Debug)]
pub enum Frame {
    FnInputs { start: u32 },
    FnResults { start: u32, n_in: u32 },
    FnSingle { start: u32, n_in: u32 },
    Complex { elem_pos: u32 },
    Tuple { start: u32 },
    Vector { dims: u32, elem_pos: u32 },
    TensorElem { dims: u32, unranked: bool, elem_pos: u32 },
    TensorEnc { dims: u32, unranked: bool, elem: Type, elem_pos: u32, enc_pos: u32 },
    MemrefElem { dims: u32, unranked: bool, pos: u32, elem_pos: u32 },
    MemrefAttr { dims: u32, unranked: bool, elem: Type, layout: Option<Attribute>, space: Option<Attribute>, pos: u32 },
    Array { start: u32 },
    Dict { start: u32, key: Identifier, key_pos: u32, val_pos: u32, top: bool },
    DenseType { lit: DenseLit, pos: u32 },
    SparseType { indices: Option<DenseLit>, values: DenseLit, pos: u32, indices_pos: u32, values_pos: u32 },
    DenseArray { type_pos: u32 },
    IntLit { tok: Token, neg: bool },
    FloatLit { tok: Token, neg: bool },
    StrLit { tok: Token },
    OpaqueTyped { sym: Sym },
    KindParams { kind: KindRef, start: u32, end: u32, pos: u32 },
    TypeAttr,
    Distinct { id: u64, pos: u32 },
    DenseResource { key: Identifier, pos: u32, type_pos: u32 },
    LocWrap,
    LocCheck { pos: u32 },
    LocName { name: Identifier },
    CallsiteCallee,
    CallsiteCaller { callee: Attribute },
    FusedMeta,
    FusedElems { start: u32, meta: Option<Attribute> },
}

/// A remembered function type: its text, and the text's first 16 bytes (`head`, bytes past
/// its end masked off by `mask`) to reject a mismatch with one comparison.
#[derive(Copy, Clone, Debug)]
pub struct SigEntry<'a> {
    head: u128,
    mask: u128,
    text: &'a str,
    ty: Type,
}

/// Up to 16 bytes of `bytes` from `at` (zero past the end), little-endian.
#[inline]
fn head16(bytes: &[u8], at: usize) -> u128 {
    let mut buf = [0u8; 16];
    match bytes.get(at..at + 16) {
        Some(w) => buf.copy_from_slice(w),
        None => {
            let rest = bytes.get(at..).unwrap_or(&[]);
            buf[..rest.len()].copy_from_slice(rest);
        }
    }
    u128::from_le_bytes(buf)
}

/// Reusable stacks, so that parsing allocates only for what it keeps.
#[derive(Default)]
pub struct Scratch<'a> {
    pub frames: Vec<Frame>,
    pub tys: Vec<Type>,
    pub attrs: Vec<Attribute>,
    pub named: Vec<(NamedAttribute, u32)>,
    pub dims: Vec<i64>,
    pub scal: Vec<bool>,
    pub dense: Vec<DenseElem>,
    pub dense_shape: Vec<i64>,
    pub dense_depth: Vec<super::dense::DepthSlot>,
    pub bytes: Vec<u8>,
    pub fn_key: Vec<u32>,
    /// Single-token types by spelling (as a short key, see `Core::short_key`).
    pub simple_types: FxHashMap<u128, Type>,
    /// Function types by (number of inputs, inputs, results).
    pub fn_types: FxHashMap<Vec<u32>, Type>,
    /// Attribute names by spelling, short ones by short key.
    pub names: FxHashMap<&'a str, Identifier>,
    pub short_names: FxHashMap<u128, Identifier>,
    /// Recently parsed single-line function types by their exact text (operation
    /// signatures repeat a lot); `sig_next` is the entry to replace next.
    pub sig_cache: Vec<SigEntry<'a>>,
    pub sig_next: u32,
    /// The last value parsed for each dictionary key, by its exact text (see
    /// `cached_entry_value`).
    pub entry_values: FxHashMap<Identifier, (&'a str, Attribute)>,
}

fn float_keyword(s: &str) -> Option<FloatKind> {
    // Fast reject: every float keyword starts with `f`, `b` or `t`.
    match s.as_bytes().first() {
        Some(b'f' | b'b' | b't') => FloatKind::from_keyword(s),
        _ => None,
    }
}

impl<'a> Core<'a> {
    // ---- entry points ----

    pub fn parse_type(&mut self, ctx: &Context) -> PResult<Type> {
        match self.run(ctx, Want::Type)? {
            Val::T(t) => Ok(t),
            _ => unreachable!("type machine returned a non-type"),
        }
    }

    /// An operation's function type. Signatures repeat, so the exact text of recent ones
    /// is remembered: the same bytes (not followed by a character that would extend the
    /// last token) parse to the same type, without lexing them again.
    pub fn parse_fn_type_cached(&mut self, ctx: &Context) -> PResult<Type> {
        let start = self.tok().start;
        if self.tok().kind != Tok::LParen {
            return self.parse_type(ctx);
        }
        let bytes = self.src.as_bytes();
        let rest = &bytes[start as usize..];
        let head = head16(bytes, start as usize);
        for i in 0..self.scratch.sig_cache.len() {
            let SigEntry { head: h, mask, text, ty } = self.scratch.sig_cache[i];
            if head & mask == h && rest.starts_with(text.as_bytes()) {
                let next = rest.get(text.len()).copied().unwrap_or(b' ');
                if next.is_ascii_alphanumeric() || matches!(next, b'_' | b'$' | b'.' | b'-') {
                    continue;
                }
                let end = start + text.len() as u32;
                self.lex.reset_within(end);
                self.relex_current()?;
                self.prev_end = end;
                return Ok(ty);
            }
        }
        let ty = self.parse_type(ctx)?;
        let text = self.slice(start, self.prev_end);
        if text.len() <= 512 && !text.as_bytes().contains(&b'\n') {
            let n = text.len().min(16);
            let mask = if n == 16 { u128::MAX } else { (1u128 << (8 * n)) - 1 };
            let head = head16(self.src.as_bytes(), start as usize) & mask;
            let entry = SigEntry { head, mask, text, ty };
            // Eight entries, replaced in turn (a mismatch costs one comparison).
            let cache = &mut self.scratch.sig_cache;
            if cache.len() < 8 {
                cache.push(entry);
            } else {
                let slot = self.scratch.sig_next as usize % 8;
                cache[slot] = entry;
                self.scratch.sig_next = self.scratch.sig_next.wrapping_add(1);
            }
        }
        Ok(ty)
    }

    pub fn parse_attr(&mut self, ctx: &Context) -> PResult<Attribute> {
        match self.run(ctx, Want::Attr)? {
            Val::A(a) => Ok(a),
            _ => unreachable!("attribute machine returned a non-attribute"),
        }
    }

    /// A location instance (the inside of `loc(...)`).
    pub fn parse_loc_instance(&mut self, ctx: &Context) -> PResult<Attribute> {
        match self.run(ctx, Want::Loc)? {
            Val::A(a) => Ok(a),
            _ => unreachable!("location machine returned a non-attribute"),
        }
    }

    /// Parses `{...}` leaving the entries (with their positions) on `scratch.named`
    /// from index `start` on; returns `start`.
    pub fn parse_dict_entries(&mut self, ctx: &Context) -> PResult<usize> {
        let start = self.scratch.named.len();
        self.run(ctx, Want::DictEntries)?;
        Ok(start)
    }

    /// Runs the machine to produce one value. On failure the scratch stacks are reset.
    fn run(&mut self, ctx: &Context, want: Want) -> PResult<Val> {
        let base = self.scratch.frames.len();
        let relex = self.relex.len();
        let r = self.run_inner(ctx, want, base);
        if r.is_err() {
            self.scratch.frames.truncate(base);
            if relex < self.relex.len() {
                // Leave the lexer where it was outside the bodies being re-lexed.
                let (state, tok, prev_end) = self.relex[relex];
                self.relex.truncate(relex);
                self.lex.restore(state);
                self.set_tok(tok);
                self.prev_end = prev_end;
            }
        }
        r
    }

    fn run_inner(&mut self, ctx: &Context, want: Want, base: usize) -> PResult<Val> {
        let mut step = Step::Start(want);
        loop {
            step = match step {
                Step::Start(w) => self.start_value(ctx, w)?,
                Step::Done(v) => {
                    if self.scratch.frames.len() == base {
                        return Ok(v);
                    }
                    let f = self.scratch.frames.pop().expect("frame above base");
                    self.resume(ctx, f, v)?
                }
            };
        }
    }

    #[inline]
    fn push(&mut self, f: Frame, w: Want) -> PResult<Step> {
        self.scratch.frames.push(f);
        Ok(Step::Start(w))
    }

    // ---- starting a value ----

    fn start_value(&mut self, ctx: &Context, want: Want) -> PResult<Step> {
        match want {
            Want::Type => {
                if self.at(Tok::LParen) {
                    return self.start_fn_type(ctx);
                }
                self.start_non_fn_type(ctx)
            }
            Want::NonFnType => self.start_non_fn_type(ctx),
            Want::Attr => self.start_attr(ctx),
            Want::Loc => self.start_loc(ctx),
            Want::DictEntries => {
                if !self.at(Tok::LBrace) {
                    return Err(self.wrong_token("expected '{' in attribute dictionary"));
                }
                self.start_dict(ctx, true)
            }
        }
    }

    fn start_fn_type(&mut self, ctx: &Context) -> PResult<Step> {
        self.bump()?; // (
        let start = self.scratch.tys.len() as u32;
        if self.eat(Tok::RParen)? {
            return self.fn_after_inputs(ctx, start);
        }
        self.push(Frame::FnInputs { start }, Want::Type)
    }

    fn fn_after_inputs(&mut self, ctx: &Context, start: u32) -> PResult<Step> {
        self.expect(Tok::Arrow, "expected '->' in function type")?;
        let n_in = self.scratch.tys.len() as u32 - start;
        if self.at(Tok::LParen) {
            self.bump()?;
            if self.eat(Tok::RParen)? {
                return Ok(Step::Done(Val::T(self.finish_fn(ctx, start, n_in))));
            }
            return self.push(Frame::FnResults { start, n_in }, Want::Type);
        }
        self.push(Frame::FnSingle { start, n_in }, Want::NonFnType)
    }

    fn finish_fn(&mut self, ctx: &Context, start: u32, n_in: u32) -> Type {
        let s = start as usize;
        let key = &mut self.scratch.fn_key;
        key.clear();
        key.push(n_in);
        key.extend(self.scratch.tys[s..].iter().map(|t| t.to_raw()));
        let ty = if let Some(&t) = self.scratch.fn_types.get(key.as_slice()) {
            t
        } else {
            let (ins, outs) = self.scratch.tys[s..].split_at(n_in as usize);
            let t = ctx.function_type(ins, outs);
            self.scratch.fn_types.insert(key.clone(), t);
            t
        };
        self.scratch.tys.truncate(s);
        ty
    }

    fn start_non_fn_type(&mut self, ctx: &Context) -> PResult<Step> {
        let tok = self.tok();
        match tok.kind {
            Tok::IntType => {
                let text = self.text();
                if let Some(t) = self.cached_simple_type() {
                    self.bump()?;
                    return Ok(Step::Done(Val::T(t)));
                }
                let (sign, digits) = match text.as_bytes()[0] {
                    b's' => (Signedness::Signed, &text[2..]),
                    b'u' => (Signedness::Unsigned, &text[2..]),
                    _ => (Signedness::Signless, &text[1..]),
                };
                let Ok(width) = digits.parse::<u32>() else {
                    return Err(self.error_here("invalid integer width"));
                };
                if width > MAX_INTEGER_WIDTH {
                    return Err(
                        self.error_at(tok.start, format!("integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits"))
                    );
                }
                let t = ctx.integer_type(width, sign).map_err(|e| self.error_at(tok.start, e.message))?;
                self.cache_simple_type(t);
                self.bump()?;
                Ok(Step::Done(Val::T(t)))
            }
            Tok::BareIdent => {
                let text = self.text();
                if let Some(t) = self.cached_simple_type() {
                    self.bump()?;
                    return Ok(Step::Done(Val::T(t)));
                }
                let simple = match text {
                    "index" => Some(ctx.index_type()),
                    "none" => Some(ctx.none_type()),
                    _ => float_keyword(text).map(|k| ctx.float_type(k)),
                };
                if let Some(t) = simple {
                    self.cache_simple_type(t);
                    self.bump()?;
                    return Ok(Step::Done(Val::T(t)));
                }
                match text {
                    "complex" => {
                        self.bump()?;
                        self.expect(Tok::Less, "expected '<' in complex type")?;
                        let elem_pos = self.tok().start;
                        self.push(Frame::Complex { elem_pos }, Want::Type)
                    }
                    "tuple" => {
                        self.bump()?;
                        self.expect(Tok::Less, "expected '<' in tuple type")?;
                        if self.eat(Tok::Greater)? {
                            return Ok(Step::Done(Val::T(ctx.tuple_type(&[]))));
                        }
                        let start = self.scratch.tys.len() as u32;
                        self.push(Frame::Tuple { start }, Want::Type)
                    }
                    "vector" => self.start_vector(),
                    "tensor" => {
                        self.bump()?;
                        self.expect(Tok::Less, "expected '<' in tensor type")?;
                        let dims = self.scratch.dims.len() as u32;
                        let unranked = self.parse_shape_prefix()?;
                        let elem_pos = self.tok().start;
                        self.push(Frame::TensorElem { dims, unranked, elem_pos }, Want::Type)
                    }
                    "memref" => {
                        let pos = tok.start;
                        self.bump()?;
                        self.expect(Tok::Less, "expected '<' in memref type")?;
                        let dims = self.scratch.dims.len() as u32;
                        let unranked = self.parse_shape_prefix()?;
                        let elem_pos = self.tok().start;
                        self.push(Frame::MemrefElem { dims, unranked, pos, elem_pos }, Want::Type)
                    }
                    _ => Err(self.wrong_token("expected non-function type")),
                }
            }
            Tok::Bang => self.start_extended_type(ctx),
            _ => Err(self.wrong_token("expected non-function type")),
        }
    }

    /// A type spelled as one token (`i32`, `f32`, `index`, ...), consumed; `None` (and
    /// nothing consumed) for anything else.
    fn try_simple_type(&mut self, ctx: &Context) -> PResult<Option<Type>> {
        if !matches!(self.tok().kind, Tok::IntType | Tok::BareIdent) {
            return Ok(None);
        }
        if let Some(t) = self.cached_simple_type() {
            self.bump()?;
            return Ok(Some(t));
        }
        let text = self.text();
        if self.tok().kind == Tok::IntType {
            // Not cached yet: the general path caches it.
            return Ok(None);
        }
        let t = match text {
            "index" => ctx.index_type(),
            "none" => ctx.none_type(),
            _ => match float_keyword(text) {
                Some(k) => ctx.float_type(k),
                None => return Ok(None),
            },
        };
        self.cache_simple_type(t);
        self.bump()?;
        Ok(Some(t))
    }

    /// The type the current (keyword) token spells, if it was seen before.
    #[inline]
    fn cached_simple_type(&self) -> Option<Type> {
        let key = self.short_key(self.tok().start, self.tok().end)?;
        self.scratch.simple_types.get(&key).copied()
    }

    fn cache_simple_type(&mut self, t: Type) {
        if let Some(key) = self.short_key(self.tok().start, self.tok().end) {
            self.scratch.simple_types.insert(key, t);
        }
    }

    /// `*x` (unranked, returns true) or a ranked dimension list with trailing `x`s.
    fn parse_shape_prefix(&mut self) -> PResult<bool> {
        if self.eat(Tok::Star)? {
            self.parse_x_in_dims()?;
            return Ok(true);
        }
        while matches!(self.tok().kind, Tok::Integer | Tok::Question) {
            if self.eat(Tok::Question)? {
                self.scratch.dims.push(DYNAMIC);
            } else {
                let v = self.parse_dim_integer()?;
                self.scratch.dims.push(v);
            }
            self.parse_x_in_dims()?;
        }
        Ok(false)
    }

    /// An integer in a dimension list. `0x...` is `0` followed by `x...`.
    fn parse_dim_integer(&mut self) -> PResult<i64> {
        let text = self.text();
        if text.len() > 1 && text.as_bytes()[1] == b'x' {
            let tok = self.tok();
            self.lex.reset_within(tok.start + 1);
            self.bump()?;
            return Ok(0);
        }
        match text.parse::<u64>() {
            Ok(v) if v <= i64::MAX as u64 => {
                self.bump()?;
                Ok(v as i64)
            }
            _ => Err(self.error_here("invalid dimension")),
        }
    }

    /// The `x` after a dimension, which may be glued to the next token (`xf32`).
    fn parse_x_in_dims(&mut self) -> PResult<()> {
        if self.tok().kind != Tok::BareIdent || self.text().as_bytes()[0] != b'x' {
            return Err(self.wrong_token("expected 'x' in dimension list"));
        }
        let tok = self.tok();
        if tok.end - tok.start != 1 {
            self.lex.reset_within(tok.start + 1);
        }
        self.bump()
    }

    fn start_vector(&mut self) -> PResult<Step> {
        self.bump()?;
        self.expect(Tok::Less, "expected '<' in vector type")?;
        let dims = self.scratch.dims.len() as u32;
        while matches!(self.tok().kind, Tok::Integer | Tok::LSquare) {
            let scalable = self.eat(Tok::LSquare)?;
            if !self.at(Tok::Integer) {
                return Err(self.wrong_token("expected integer in dimension list"));
            }
            let v = self.parse_dim_integer()?;
            if scalable && !self.eat(Tok::RSquare)? {
                return Err(self.wrong_token("missing ']' closing scalable dimension"));
            }
            self.scratch.dims.push(v);
            self.scratch.scal.resize(self.scratch.dims.len(), false);
            *self.scratch.scal.last_mut().expect("pushed") = scalable;
            self.parse_x_in_dims()?;
        }
        let d = dims as usize;
        if self.scratch.dims[d..].iter().any(|&x| x <= 0) {
            let shown: Vec<String> = self.scratch.dims[d..].iter().map(|x| x.to_string()).collect();
            return Err(
                self.error_here(format!("vector types must have positive constant sizes but got {}", shown.join(", ")))
            );
        }
        let elem_pos = self.tok().start;
        self.push(Frame::Vector { dims, elem_pos }, Want::Type)
    }

    /// `!alias`, `!dialect.ident`, `!dialect.ident<...>` or `!dialect<...>`.
    fn start_extended_type(&mut self, ctx: &Context) -> PResult<Step> {
        let ext = self.parse_extended_symbol()?;
        match ext {
            Extended::Alias(name, pos) => match self.type_aliases.get(name) {
                Some(&t) => Ok(Step::Done(Val::T(t))),
                None => {
                    let _ = pos;
                    Err(self.wrong_token(format!("undefined symbol alias id '{name}'")))
                }
            },
            Extended::Symbol(sym) => {
                let dialect_s = self.slice(sym.dialect.0, sym.dialect.1);
                let data_s = self.slice(sym.data.0, sym.data.1);
                if ctx.is_dialect_loadable(dialect_s) {
                    return Err(self.need_dialect(dialect_s, sym.pos));
                }
                if ctx.is_dialect_registered(dialect_s) {
                    let n = custom::mnemonic_len(data_s);
                    if n > 0 {
                        if let Some(def) = ctx.lookup_type_def(&format!("{dialect_s}.{}", &data_s[..n])) {
                            return self.start_kind(ctx, KindRef::Type(def), sym, n as u32);
                        }
                    }
                    if let Some(f) = ctx.dialect_assembly(dialect_s).and_then(|a| a.parse_type.clone()) {
                        let allow = self.allow_unregistered;
                        return match custom::call_dialect_type_parser(&f, ctx, dialect_s, data_s, allow) {
                            Ok(t) => Ok(Step::Done(Val::T(t))),
                            Err(e) => Err(self.hook_error(e, sym.data, sym.pos)),
                        };
                    }
                    // A registered dialect owns its namespace: its text is never kept opaque
                    // (MLIR's default `Dialect::parseType`).
                    return Err(self.error_at(sym.pos, format!("dialect '{dialect_s}' provides no type parsing hook")));
                } else if !self.allow_unregistered {
                    return Err(self.error_at(
                        sym.pos,
                        format!(
                            "`!\"{dialect_s}\"<\"{data_s}\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
                        ),
                    ));
                }
                Ok(Step::Done(Val::T(ctx.opaque_type(dialect_s, data_s))))
            }
        }
    }

    /// A symbol naming a kind registered by its dialect: its custom parser gets the text
    /// after the mnemonic, or the core parses the default form (`<p0, p1, ...>`).
    fn start_kind(&mut self, ctx: &Context, kind: KindRef, sym: Sym, mnemonic: u32) -> PResult<Step> {
        let (def, sigil) = match kind {
            KindRef::Type(id) => (ctx.type_def(id), '!'),
            KindRef::Attr(id) => (ctx.attr_def(id), '#'),
        };
        let def = def.map_err(|e| self.error_at(sym.pos, e.message))?.clone();
        let body_start = sym.data.0 + mnemonic;
        let body = self.slice(body_start, sym.data.1);
        if let Some(asm) = &def.assembly {
            let params = custom::call_params_parser(&asm.parse, ctx, &def, sigil, body, self.allow_unregistered)
                .map_err(|e| self.hook_error(e, (body_start, sym.data.1), sym.pos))?;
            return self.build_kind(ctx, kind, &params, sym.pos);
        }
        if body.is_empty() {
            return self.build_kind(ctx, kind, &[], sym.pos);
        }
        if !body.starts_with('<') {
            return Err(self.error_at(body_start, format!("expected '<' after '{}'", custom::kind_symbol(&def, sigil))));
        }
        // Re-lex the body with the core's own tokens, then come back (as MLIR's parser
        // resets its lexer into a dialect symbol's body).
        self.relex.push((self.lex.save(), self.tok(), self.prev_end));
        self.lex.reset_at(body_start, sym.line, sym.line_start);
        self.relex_current()?;
        self.bump()?; // <
        let start = self.scratch.attrs.len() as u32;
        self.push(Frame::KindParams { kind, start, end: sym.data.1, pos: sym.pos }, Want::Attr)
    }

    /// Fails for a shipped dialect not loaded yet, noting it so that the parse can be run
    /// again once it is.
    fn need_dialect(&mut self, dialect: &str, pos: u32) -> super::base::Fail {
        self.need_dialect = Some(dialect.to_string());
        self.error_at(pos, format!("dialect '{dialect}' is not loaded (load it before parsing this text)"))
    }

    /// The body of a dialect attribute of the kind `qualified` (`arith.fastmath`) written
    /// without its `#dialect.mnemonic` (`<fast>`), as an op's format spells it.
    pub fn parse_stripped_attr(&mut self, ctx: &Context, qualified: &str) -> PResult<Attribute> {
        let open = self.tok();
        let Some(id) = ctx.lookup_attr_def(qualified) else {
            return Err(self.error_at(open.start, format!("attribute kind '#{qualified}' is not registered")));
        };
        let def = ctx.attr_def(id).map_err(|e| self.error_at(open.start, e.message))?.clone();
        let Some(asm) = def.assembly.clone() else {
            return self.parse_attr(ctx);
        };
        if open.kind != Tok::Less {
            return Err(self.error_at(open.start, "expected '<'"));
        }
        let end = match self.lex.scan_dialect_body(&open) {
            Ok(e) => e,
            Err(e) => return Err(self.body_fail(e, open.start)),
        };
        self.relex_current()?;
        self.prev_end = end;
        let body = self.slice(open.start, end);
        let params = custom::call_params_parser(&asm.parse, ctx, &def, '#', body, self.allow_unregistered)
            .map_err(|e| self.hook_error(e, (open.start, end), open.start))?;
        match self.build_kind(ctx, KindRef::Attr(id), &params, open.start)? {
            Step::Done(Val::A(a)) => Ok(a),
            _ => Err(self.error_at(open.start, format!("expected an attribute of kind '#{qualified}'"))),
        }
    }

    /// Builds a dialect kind with its checked constructor (the parameters verifier runs):
    /// failures are errors at the symbol.
    fn build_kind(&mut self, ctx: &Context, kind: KindRef, params: &[Attribute], pos: u32) -> PResult<Step> {
        let r = match kind {
            KindRef::Type(id) => {
                let what = ctx.type_def(id).map(|d| format!("!{}", d.qualified_name)).unwrap_or_default();
                custom::guarded_build(&what, || ctx.dialect_type(id, params)).map(Val::T)
            }
            KindRef::Attr(id) => {
                let what = ctx.attr_def(id).map(|d| format!("#{}", d.qualified_name)).unwrap_or_default();
                custom::guarded_build(&what, || ctx.dialect_attr(id, params)).map(Val::A)
            }
        };
        match r {
            Ok(v) => Ok(Step::Done(v)),
            Err(m) => Err(self.error_at(pos, m)),
        }
    }

    /// A custom parser's error: at `text[offset]` (`text` being the source range it was
    /// given), else at the symbol.
    fn hook_error(&mut self, e: AsmError, text: (u32, u32), pos: u32) -> super::base::Fail {
        let at = match e.offset {
            Some(o) => {
                let mut p = (text.0 as usize).saturating_add(o).min(text.1 as usize);
                while p > 0 && !self.src.is_char_boundary(p) {
                    p -= 1;
                }
                p as u32
            }
            None => pos,
        };
        self.error_at(at, e.message)
    }

    /// Shared by `!` and `#` symbols: an alias reference or a dialect symbol with its
    /// verbatim body (MLIR's `parseExtendedSymbol`).
    fn parse_extended_symbol(&mut self) -> PResult<Extended<'a>> {
        let tok = self.tok();
        let (line, line_start) = (self.lex.line(), self.lex.line_start());
        let ident = self.slice(tok.start + 1, tok.end);
        self.bump()?;
        let dot = ident.find('.');
        let pretty = dot.is_some();
        let trailing = self.tok().kind == Tok::Less && self.tok().start == tok.end;
        if !trailing && !pretty {
            return Ok(Extended::Alias(ident, tok.start));
        }
        let name_start = tok.start + 1;
        match dot {
            None => {
                // `!dialect<body>`: the data is the body without its angle brackets.
                let open = self.tok();
                let end = match self.lex.scan_dialect_body(&open) {
                    Ok(e) => e,
                    Err(e) => return Err(self.body_fail(e, open.start)),
                };
                self.relex_current()?;
                self.prev_end = end;
                Ok(Extended::Symbol(Sym {
                    dialect: (name_start, tok.end),
                    data: (open.start + 1, end - 1),
                    pos: tok.start,
                    line,
                    line_start,
                }))
            }
            Some(d) => {
                let dialect = (name_start, name_start + d as u32);
                let data_start = name_start + d as u32 + 1;
                let mut data_end = tok.end;
                if trailing {
                    let open = self.tok();
                    data_end = match self.lex.scan_dialect_body(&open) {
                        Ok(e) => e,
                        Err(e) => return Err(self.body_fail(e, open.start)),
                    };
                    self.relex_current()?;
                    self.prev_end = data_end;
                }
                Ok(Extended::Symbol(Sym { dialect, data: (data_start, data_end), pos: data_start, line, line_start }))
            }
        }
    }

    // ---- attributes ----

    fn is_type_start(&self) -> bool {
        match self.tok().kind {
            Tok::LParen | Tok::IntType | Tok::Bang => true,
            Tok::BareIdent => {
                let t = self.text();
                matches!(t, "memref" | "tensor" | "complex" | "tuple" | "vector" | "index" | "none")
                    || float_keyword(t).is_some()
            }
            _ => false,
        }
    }

    fn start_attr(&mut self, ctx: &Context) -> PResult<Step> {
        let tok = self.tok();
        match tok.kind {
            Tok::LSquare => {
                self.bump()?;
                if self.eat(Tok::RSquare)? {
                    return Ok(Step::Done(Val::A(ctx.array_attr(&[]))));
                }
                let start = self.scratch.attrs.len() as u32;
                self.push(Frame::Array { start }, Want::Attr)
            }
            Tok::LBrace => self.start_dict(ctx, false),
            Tok::Hash => self.start_hash_attr(ctx),
            Tok::Float => {
                self.bump()?;
                if self.eat(Tok::Colon)? {
                    if let Some(t) = self.try_simple_type(ctx)? {
                        return Ok(Step::Done(Val::A(self.float_attr(ctx, &tok, false, t)?)));
                    }
                    return self.push(Frame::FloatLit { tok, neg: false }, Want::Type);
                }
                let f64t = ctx.float_type(FloatKind::F64);
                Ok(Step::Done(Val::A(self.float_attr(ctx, &tok, false, f64t)?)))
            }
            Tok::Integer => {
                self.bump()?;
                if self.eat(Tok::Colon)? {
                    if let Some(t) = self.try_simple_type(ctx)? {
                        return Ok(Step::Done(Val::A(self.int_attr(ctx, &tok, false, t)?)));
                    }
                    return self.push(Frame::IntLit { tok, neg: false }, Want::Type);
                }
                let i64t = ctx.signless_int(64);
                Ok(Step::Done(Val::A(self.int_attr(ctx, &tok, false, i64t)?)))
            }
            Tok::Minus => {
                self.bump()?;
                let lit = self.tok();
                match lit.kind {
                    Tok::Integer | Tok::Float => {
                        self.bump()?;
                        let is_int = lit.kind == Tok::Integer;
                        if self.eat(Tok::Colon)? {
                            if let Some(t) = self.try_simple_type(ctx)? {
                                let a = if is_int {
                                    self.int_attr(ctx, &lit, true, t)?
                                } else {
                                    self.float_attr(ctx, &lit, true, t)?
                                };
                                return Ok(Step::Done(Val::A(a)));
                            }
                            let f = if is_int {
                                Frame::IntLit { tok: lit, neg: true }
                            } else {
                                Frame::FloatLit { tok: lit, neg: true }
                            };
                            return self.push(f, Want::Type);
                        }
                        let a = if is_int {
                            self.int_attr(ctx, &lit, true, ctx.signless_int(64))?
                        } else {
                            self.float_attr(ctx, &lit, true, ctx.float_type(FloatKind::F64))?
                        };
                        Ok(Step::Done(Val::A(a)))
                    }
                    _ => Err(self.wrong_token("expected constant integer or floating point value")),
                }
            }
            Tok::String => {
                self.bump()?;
                if self.eat(Tok::Colon)? {
                    if let Some(t) = self.try_simple_type(ctx)? {
                        return Ok(Step::Done(Val::A(self.string_attr(ctx, &tok, Some(t)))));
                    }
                    return self.push(Frame::StrLit { tok }, Want::Type);
                }
                Ok(Step::Done(Val::A(self.string_attr(ctx, &tok, None))))
            }
            Tok::At => Ok(Step::Done(Val::A(self.parse_symbol_ref(ctx)?))),
            Tok::BareIdent => {
                let text = self.text();
                match text {
                    "true" | "false" => {
                        self.bump()?;
                        Ok(Step::Done(Val::A(ctx.bool_attr(text == "true"))))
                    }
                    "unit" => {
                        self.bump()?;
                        Ok(Step::Done(Val::A(ctx.unit_attr())))
                    }
                    "affine_map" | "affine_set" => Ok(Step::Done(Val::A(self.parse_affine_attr(ctx)?))),
                    "dense" => self.start_dense(ctx),
                    "sparse" => self.start_sparse(ctx),
                    "array" => {
                        self.bump()?;
                        self.expect(Tok::Less, "expected '<' after 'array'")?;
                        let type_pos = self.tok().start;
                        self.push(Frame::DenseArray { type_pos }, Want::Type)
                    }
                    "dense_resource" => {
                        self.bump()?;
                        self.expect(Tok::Less, "expected '<' after 'dense_resource'")?;
                        let key = self.parse_resource_key(ctx)?;
                        self.expect(Tok::Greater, "expected '>'")?;
                        let type_pos = self.tok().start;
                        if !self.at(Tok::Colon) {
                            if let Some(t) = self.attr_type_hint.take() {
                                return ctx
                                    .dense_resource_attr(t, ctx.ident_str(key))
                                    .map(|a| Step::Done(Val::A(a)))
                                    .map_err(|e| self.error_at(tok.start, e.message));
                            }
                        }
                        self.expect(Tok::Colon, "expected ':'")?;
                        self.push(Frame::DenseResource { key, pos: tok.start, type_pos }, Want::Type)
                    }
                    "loc" => {
                        self.bump()?;
                        self.expect(Tok::LParen, "expected '(' in inline location")?;
                        self.push(Frame::LocWrap, Want::Loc)
                    }
                    "strided" => Ok(Step::Done(Val::A(self.parse_strided(ctx)?))),
                    "distinct" => self.start_distinct(ctx),
                    _ => {
                        if self.is_type_start() {
                            return self.push(Frame::TypeAttr, Want::Type);
                        }
                        Err(self.wrong_token("expected attribute value"))
                    }
                }
            }
            _ => {
                if self.is_type_start() {
                    return self.push(Frame::TypeAttr, Want::Type);
                }
                Err(self.wrong_token("expected attribute value"))
            }
        }
    }

    fn start_hash_attr(&mut self, ctx: &Context) -> PResult<Step> {
        let ext = self.parse_extended_symbol()?;
        match ext {
            Extended::Alias(name, _) => match self.attr_aliases.get(name) {
                Some(&a) => Ok(Step::Done(Val::A(a))),
                None => Err(self.wrong_token(format!("undefined symbol alias id '{name}'"))),
            },
            Extended::Symbol(sym) => {
                if self.eat(Tok::Colon)? {
                    return self.push(Frame::OpaqueTyped { sym }, Want::Type);
                }
                self.dialect_attr(ctx, sym, None)
            }
        }
    }

    fn dialect_attr(&mut self, ctx: &Context, sym: Sym, ty: Option<Type>) -> PResult<Step> {
        let dialect_s = self.slice(sym.dialect.0, sym.dialect.1);
        let data_s = self.slice(sym.data.0, sym.data.1);
        // `: none` is the default type of an opaque attribute.
        let ty = ty.filter(|&t| !matches!(ctx.type_kind(t), TypeKind::None));
        if ctx.is_dialect_loadable(dialect_s) {
            return Err(self.need_dialect(dialect_s, sym.pos));
        }
        if ctx.is_dialect_registered(dialect_s) {
            let n = custom::mnemonic_len(data_s);
            if n > 0 {
                if let Some(def) = ctx.lookup_attr_def(&format!("{dialect_s}.{}", &data_s[..n])) {
                    if ty.is_some() {
                        return Err(self.error_at(
                            sym.pos,
                            format!("attribute '#{dialect_s}.{}' does not take a type", &data_s[..n]),
                        ));
                    }
                    return self.start_kind(ctx, KindRef::Attr(def), sym, n as u32);
                }
            }
            if let Some(f) = ctx.dialect_assembly(dialect_s).and_then(|a| a.parse_attr.clone()) {
                let allow = self.allow_unregistered;
                return match custom::call_dialect_attr_parser(&f, ctx, dialect_s, data_s, ty, allow) {
                    Ok(a) => Ok(Step::Done(Val::A(a))),
                    Err(e) => Err(self.hook_error(e, sym.data, sym.pos)),
                };
            }
            // As for types: MLIR's default `Dialect::parseAttribute`.
            return Err(self.error_at(sym.pos, format!("dialect '{dialect_s}' provides no attribute parsing hook")));
        } else if !self.allow_unregistered {
            let shown_ty = ty.map(|t| fmt_type(ctx, t)).unwrap_or_else(|| "none".into());
            return Err(self.error_at(
                sym.pos,
                format!(
                    "#\"{dialect_s}\"<\"{data_s}\"> : {shown_ty} attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
                ),
            ));
        }
        Ok(Step::Done(Val::A(ctx.opaque_attr(dialect_s, data_s, ty))))
    }

    fn start_dict(&mut self, ctx: &Context, top: bool) -> PResult<Step> {
        self.bump()?; // {
        let start = self.scratch.named.len() as u32;
        if self.eat(Tok::RBrace)? {
            return self.finish_dict(ctx, start, top);
        }
        self.dict_entry(ctx, start, top)
    }

    /// Parses one `name (= value)?` entry of a dictionary.
    fn dict_entry(&mut self, ctx: &Context, start: u32, top: bool) -> PResult<Step> {
        loop {
            let tok = self.tok();
            let key = match tok.kind {
                Tok::String => {
                    let v = self.string_value(&tok);
                    if v.is_empty() {
                        return Err(self.error_here("expected valid attribute name"));
                    }
                    ctx.identifier(&bytes_to_string(&v))
                }
                Tok::BareIdent | Tok::IntType => match self.short_key(tok.start, tok.end) {
                    Some(k) => match self.scratch.short_names.get(&k) {
                        Some(&id) => id,
                        None => {
                            let id = ctx.identifier(self.text());
                            self.scratch.short_names.insert(k, id);
                            id
                        }
                    },
                    None => {
                        let text = self.text();
                        match self.scratch.names.get(text) {
                            Some(&id) => id,
                            None => {
                                let id = ctx.identifier(text);
                                self.scratch.names.insert(text, id);
                                id
                            }
                        }
                    }
                },
                _ => return Err(self.wrong_token("expected attribute name")),
            };
            self.bump()?;
            if self.eat(Tok::Equal)? {
                let val_pos = self.tok().start;
                if let Some(a) = self.cached_entry_value(key, val_pos)? {
                    self.scratch.named.push((NamedAttribute { name: key, value: a }, tok.start));
                    if let Some(s) = self.dict_after_entry(ctx, start, top)? {
                        return Ok(s);
                    }
                    continue;
                }
                let frame = Frame::Dict { start, key, key_pos: tok.start, val_pos, top };
                // A nested dictionary would re-enter this function: it goes through the
                // frame stack.
                if self.at(Tok::LBrace) {
                    return self.push(frame, Want::Attr);
                }
                // Leaf values finish at once; a nested one needs the entry's frame below
                // the frames it pushed.
                let base = self.scratch.frames.len();
                match self.start_attr(ctx)? {
                    Step::Done(v) => {
                        let a = attr(v);
                        self.remember_entry_value(key, val_pos, a);
                        self.scratch.named.push((NamedAttribute { name: key, value: a }, tok.start));
                    }
                    step => {
                        self.scratch.frames.insert(base, frame);
                        return Ok(step);
                    }
                }
                if let Some(s) = self.dict_after_entry(ctx, start, top)? {
                    return Ok(s);
                }
                continue;
            }
            self.scratch.named.push((NamedAttribute { name: key, value: ctx.unit_attr() }, tok.start));
            if let Some(s) = self.dict_after_entry(ctx, start, top)? {
                return Ok(s);
            }
        }
    }

    /// The value of dictionary entry `key` starting at `pos` if its text is exactly the
    /// last value parsed for that key, followed by `,` or `}`: attribute values repeat a
    /// lot, and the same text means the same attribute (aliases cannot change, and values
    /// holding an alias or a dialect symbol, whose custom parser might not be pure, are not
    /// remembered). The value is then skipped without lexing it again.
    fn cached_entry_value(&mut self, key: Identifier, pos: u32) -> PResult<Option<Attribute>> {
        let Some(&(text, a)) = self.scratch.entry_values.get(&key) else {
            return Ok(None);
        };
        let rest = &self.src.as_bytes()[pos as usize..];
        if !rest.starts_with(text.as_bytes()) {
            return Ok(None);
        }
        // What follows must end the value (and its last token): blanks, then `,` or `}`.
        let mut i = text.len();
        while matches!(rest.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        if !matches!(rest.get(i), Some(b',' | b'}')) {
            return Ok(None);
        }
        let end = pos + text.len() as u32;
        self.lex.reset_within(end);
        self.relex_current()?;
        self.prev_end = end;
        Ok(Some(a))
    }

    /// Remembers the value of entry `key` just parsed from `pos` (see `cached_entry_value`):
    /// only a single-line text without `#` or `!`, ended by `,` or `}`.
    fn remember_entry_value(&mut self, key: Identifier, pos: u32, a: Attribute) {
        if !matches!(self.tok().kind, Tok::Comma | Tok::RBrace) || self.prev_end <= pos {
            return;
        }
        let text = self.slice(pos, self.prev_end);
        if text.len() > 1024 || text.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'#' | b'!')) {
            return;
        }
        self.scratch.entry_values.insert(key, (text, a));
    }

    /// After an entry: `,` continues (returns None), `}` finishes.
    fn dict_after_entry(&mut self, ctx: &Context, start: u32, top: bool) -> PResult<Option<Step>> {
        if self.eat(Tok::Comma)? {
            return Ok(None);
        }
        if self.eat(Tok::RBrace)? {
            return self.finish_dict(ctx, start, top).map(Some);
        }
        Err(self.wrong_token("expected '}' in attribute dictionary"))
    }

    fn finish_dict(&mut self, ctx: &Context, start: u32, top: bool) -> PResult<Step> {
        let s = start as usize;
        self.check_duplicate_keys(ctx, s)?;
        if top {
            return Ok(Step::Done(Val::Entries));
        }
        let entries: Vec<NamedAttribute> = self.scratch.named[s..].iter().map(|(n, _)| *n).collect();
        self.scratch.named.truncate(s);
        let d = ctx.dictionary_attr(&entries).map_err(|e| self.error_here(e.message))?;
        Ok(Step::Done(Val::A(d)))
    }

    fn check_duplicate_keys(&mut self, ctx: &Context, s: usize) -> PResult<()> {
        let entries = &self.scratch.named[s..];
        let mut dup: Option<(u32, Identifier)> = None;
        if entries.len() <= 16 {
            for (i, (a, _)) in entries.iter().enumerate() {
                if let Some((b, p)) = entries[i + 1..].iter().find(|(b, _)| b.name == a.name) {
                    let _ = b;
                    if dup.map_or(true, |(q, _)| *p < q) {
                        dup = Some((*p, a.name));
                    }
                }
            }
        } else {
            let mut idx: Vec<(Identifier, u32)> = entries.iter().map(|(n, p)| (n.name, *p)).collect();
            idx.sort();
            for w in idx.windows(2) {
                if w[0].0 == w[1].0 {
                    let p = w[0].1.max(w[1].1);
                    if dup.map_or(true, |(q, _)| p < q) {
                        dup = Some((p, w[0].0));
                    }
                }
            }
        }
        if let Some((p, name)) = dup {
            let n = ctx.ident_str(name).to_string();
            return Err(self.error_at(p, format!("duplicate key '{n}' in dictionary attribute")));
        }
        Ok(())
    }

    fn parse_symbol_ref(&mut self, ctx: &Context) -> PResult<Attribute> {
        let tok = self.tok();
        let root = self.symbol_name(&tok);
        self.bump()?;
        let mut nested: Vec<String> = Vec::new();
        while self.at(Tok::Colon) {
            let colon = self.tok();
            let saved = self.lex.save();
            self.bump()?;
            if !self.at(Tok::Colon) {
                // A single `:` belongs to whatever follows; re-lex from it.
                self.lex.restore(saved);
                self.lex.reset_to_token(&colon);
                self.relex_current()?;
                break;
            }
            self.bump()?;
            if !self.at(Tok::At) {
                return Err(self.error_here("expected nested symbol reference identifier"));
            }
            let t = self.tok();
            nested.push(self.symbol_name(&t));
            self.bump()?;
        }
        let nested_refs: Vec<&str> = nested.iter().map(String::as_str).collect();
        Ok(ctx.symbol_ref_attr(&root, &nested_refs))
    }

    /// The name of an `@name` or `@"name"` token.
    pub fn symbol_name(&mut self, tok: &Token) -> String {
        if self.src.as_bytes()[tok.start as usize + 1] == b'"' {
            let v = self.string_value(tok);
            bytes_to_string(&v)
        } else {
            self.slice(tok.start + 1, tok.end).to_string()
        }
    }

    fn string_attr(&mut self, ctx: &Context, tok: &Token, ty: Option<Type>) -> Attribute {
        if let (Some(s), None) = (self.plain_string(tok), ty) {
            return ctx.string_attr(s);
        }
        let mut buf = std::mem::take(&mut self.string_buf);
        buf.clear();
        self.string_value_into(tok, &mut buf);
        let a = ctx.string_attr_bytes(&buf, ty);
        self.string_buf = buf;
        a
    }

    fn parse_resource_key(&mut self, ctx: &Context) -> PResult<Identifier> {
        let tok = self.tok();
        let key: Vec<u8> = match tok.kind {
            Tok::String => self.string_value(&tok),
            Tok::BareIdent | Tok::IntType => self.text().as_bytes().to_vec(),
            _ => return Err(self.error_here("expected identifier key for 'resource' entry")),
        };
        self.bump()?;
        let used = self.declare_resource(ctx, key);
        Ok(ctx.identifier(&used))
    }

    /// The key in the context's store for a `dense_resource` key of this file: the same
    /// key, renamed (`key_1`, ...) if the context already holds a blob under it.
    pub fn declare_resource(&mut self, ctx: &Context, key: Vec<u8>) -> String {
        if let Some(k) = self.resource_keys.get(&key) {
            return k.clone();
        }
        let base = bytes_to_string(&key);
        let taken =
            |k: &str, used: &rustc_hash::FxHashSet<String>| ctx.resource("builtin", k).is_some() || used.contains(k);
        let mut name = base.clone();
        let mut n = 0;
        while taken(&name, &self.resource_used) {
            n += 1;
            name = format!("{base}_{n}");
        }
        self.resource_keys.insert(key, name.clone());
        self.resource_used.insert(name.clone());
        name
    }

    fn parse_strided(&mut self, ctx: &Context) -> PResult<Attribute> {
        self.bump()?;
        self.expect(Tok::Less, "expected '<' after 'strided'")?;
        self.expect(Tok::LSquare, "expected '['")?;
        let mut strides = Vec::new();
        if !self.at(Tok::RSquare) {
            loop {
                strides.push(self.parse_stride_or_offset()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RSquare, "expected ']'")?;
        let mut offset = 0;
        if !self.eat(Tok::Greater)? {
            self.expect(Tok::Comma, "expected ','")?;
            if !self.at_word("offset") {
                return Err(self.wrong_token("expected 'offset' after comma"));
            }
            self.bump()?;
            self.expect(Tok::Colon, "expected ':' after 'offset'")?;
            offset = self.parse_stride_or_offset()?;
            self.expect(Tok::Greater, "expected '>'")?;
        }
        match ctx.strided_layout_attr(offset, &strides) {
            Ok(a) => Ok(a),
            // MLIR accepts negative static strides (`strided<[-1]>`); the core's
            // constructor does not, so build it as MLIR does.
            Err(_) => Ok(ctx.intern_attr(AttrKind::StridedLayout { offset, strides: strides.into() })),
        }
    }

    fn parse_stride_or_offset(&mut self) -> PResult<i64> {
        if self.eat(Tok::Question)? {
            return Ok(DYNAMIC);
        }
        let pos = self.tok().start;
        let neg = self.eat(Tok::Minus)?;
        if self.at(Tok::Integer) {
            if let Some(v) = super::dense::parse_u64(self.text()) {
                if v <= i64::MAX as u64 {
                    self.bump()?;
                    return Ok(if neg { -(v as i64) } else { v as i64 });
                }
            }
        }
        Err(self.error_at(pos, "expected a 64-bit signed integer or '?'"))
    }

    fn start_distinct(&mut self, ctx: &Context) -> PResult<Step> {
        let pos = self.tok().start;
        self.bump()?;
        self.expect(Tok::LSquare, "expected '[' after 'distinct'")?;
        let idtok = self.tok();
        self.expect(Tok::Integer, "expected distinct ID")?;
        let Some(id) = super::dense::parse_u64(self.slice(idtok.start, idtok.end)) else {
            return Err(self.error_here("expected an unsigned 64-bit integer"));
        };
        self.expect(Tok::RSquare, "expected ']' to close distinct ID")?;
        self.expect(Tok::Less, "expected '<' after distinct ID")?;
        if self.eat(Tok::Greater)? {
            let unit = ctx.unit_attr();
            return Ok(Step::Done(Val::A(self.finish_distinct(ctx, id, pos, unit)?)));
        }
        self.push(Frame::Distinct { id, pos }, Want::Attr)
    }

    fn finish_distinct(&mut self, ctx: &Context, id: u64, pos: u32, referenced: Attribute) -> PResult<Attribute> {
        if let Some(&d) = self.distinct.get(&id) {
            let prev = match ctx.attr_kind(d) {
                AttrKind::Distinct { referenced, .. } => *referenced,
                _ => d,
            };
            if prev != referenced {
                let shown = fmt_attr(ctx, prev);
                return Err(
                    self.error_at(pos, format!("referenced attribute does not match previous definition: '{shown}'"))
                );
            }
            return Ok(d);
        }
        let d = ctx.distinct_attr(referenced);
        self.distinct.insert(id, d);
        Ok(d)
    }

    fn start_dense(&mut self, ctx: &Context) -> PResult<Step> {
        let pos = self.tok().start;
        self.bump()?;
        self.expect(Tok::Less, "expected '<' after 'dense'")?;
        let lit = if self.at(Tok::Greater) { self.empty_dense_lit() } else { self.parse_dense_literal(true)? };
        self.expect(Tok::Greater, "expected '>'")?;
        if !self.at(Tok::Colon) {
            if let Some(t) = self.attr_type_hint.take() {
                let a = self.build_dense(ctx, &lit, t, pos);
                self.drop_dense_lit(&lit);
                return Ok(Step::Done(Val::A(a?)));
            }
        }
        self.expect(Tok::Colon, "expected ':'")?;
        self.push(Frame::DenseType { lit, pos }, Want::Type)
    }

    /// `sparse<indices, values> : type` and `sparse<> : type` (MLIR's
    /// `parseSparseElementsAttr`): the two tensor literals are kept until the type is known.
    fn start_sparse(&mut self, ctx: &Context) -> PResult<Step> {
        let pos = self.tok().start;
        self.bump()?;
        self.expect(Tok::Less, "Expected '<' after 'sparse'")?;
        let (indices, values, indices_pos, values_pos) = if self.at(Tok::Greater) {
            (None, self.empty_dense_lit(), pos, pos)
        } else {
            // Indices may not be hex: their shape is inferred from the literal.
            let indices_pos = self.tok().start;
            let indices = self.parse_dense_literal(false)?;
            self.expect(Tok::Comma, "expected ','")?;
            let values_pos = self.tok().start;
            let values = self.parse_dense_literal(true)?;
            (Some(indices), values, indices_pos, values_pos)
        };
        self.expect(Tok::Greater, "expected '>'")?;
        if !self.at(Tok::Colon) {
            if let Some(t) = self.attr_type_hint.take() {
                let r = self.finish_sparse(ctx, t, indices, &values, pos, indices_pos, values_pos);
                self.drop_dense_lit(indices.as_ref().unwrap_or(&values));
                return Ok(Step::Done(Val::A(r?)));
            }
        }
        self.expect(Tok::Colon, "expected ':'")?;
        self.push(Frame::SparseType { indices, values, pos, indices_pos, values_pos }, Want::Type)
    }

    /// The rest of `sparse<...> : type` once the type is known.
    #[allow(clippy::too_many_arguments)]
    fn finish_sparse(
        &mut self,
        ctx: &Context,
        ty: Type,
        indices: Option<DenseLit>,
        values: &DenseLit,
        pos: u32,
        indices_pos: u32,
        values_pos: u32,
    ) -> PResult<Attribute> {
        let (rank, elem) = match ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, element, .. }
            | TypeKind::Vector { shape, element, .. }
            | TypeKind::MemRef { shape, element, .. } => {
                if shape.iter().any(|&d| d < 0) {
                    return Err(self.error_at(pos, "elements literal type must have static shape"));
                }
                (shape.len() as i64, *element)
            }
            TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => {
                return Err(self.error_at(pos, "elements literal type must have static shape"))
            }
            _ => return Err(self.error_at(pos, "elements literal must be a shaped type")),
        };
        let i64t = ctx.signless_int(64);
        let tensor = |this: &mut Self, shape: &[i64], e: Type, at: u32| {
            ctx.ranked_tensor_type(shape, e, None).map_err(|err| this.error_at(at, err.message))
        };
        let (indices_attr, values_attr) = match indices {
            None => {
                // `sparse<>`: zero indices of shape [0, rank] and zero values.
                let it = tensor(self, &[0, rank], i64t, pos)?;
                let vt = tensor(self, &[0], elem, pos)?;
                let ia = ctx.dense_elements_attr(it, &[]).map_err(|e| self.error_at(pos, e.message))?;
                let va = if ctx.dense_element_bytes(elem).is_ok() {
                    ctx.dense_elements_attr(vt, &[]).map_err(|e| self.error_at(pos, e.message))?
                } else {
                    ctx.dense_string_attr(vt, &[]).map_err(|e| self.error_at(pos, e.message))?
                };
                (ia, va)
            }
            Some(lit) => {
                let shape: Vec<i64> = if lit.kind == LitKind::Scalar {
                    vec![1, rank]
                } else {
                    self.scratch.dense_shape[lit.shape_start as usize..lit.shape_end as usize].to_vec()
                };
                let it = tensor(self, &shape, i64t, indices_pos)?;
                let ia = self.build_dense(ctx, &lit, it, indices_pos)?;
                let vshape: Vec<i64> = if values.kind == LitKind::List {
                    self.scratch.dense_shape[values.shape_start as usize..values.shape_end as usize].to_vec()
                } else {
                    vec![shape[0]]
                };
                let vt = tensor(self, &vshape, elem, values_pos)?;
                let va = self.build_dense(ctx, values, vt, values_pos)?;
                (ia, va)
            }
        };
        ctx.sparse_elements_attr(ty, indices_attr, values_attr).map_err(|e| self.error_at(pos, e.message))
    }

    // ---- locations ----

    fn start_loc(&mut self, ctx: &Context) -> PResult<Step> {
        let tok = self.tok();
        match tok.kind {
            Tok::Hash => {
                self.scratch.frames.push(Frame::LocCheck { pos: self.tok().start });
                self.start_hash_attr(ctx)
            }
            Tok::String => {
                self.bump()?;
                self.loc_after_string(ctx, tok)
            }
            Tok::BareIdent => match self.text() {
                "callsite" => {
                    self.bump()?;
                    self.expect(Tok::LParen, "expected '(' in callsite location")?;
                    self.push(Frame::CallsiteCallee, Want::Loc)
                }
                "fused" => {
                    self.bump()?;
                    if self.eat(Tok::Less)? {
                        return self.push(Frame::FusedMeta, Want::Attr);
                    }
                    self.fused_list(ctx, None)
                }
                "unknown" => {
                    self.bump()?;
                    Ok(Step::Done(Val::A(ctx.unknown_loc().attr())))
                }
                _ => Err(self.wrong_token("expected location instance")),
            },
            _ => Err(self.wrong_token("expected location instance")),
        }
    }

    fn fused_list(&mut self, ctx: &Context, meta: Option<Attribute>) -> PResult<Step> {
        self.expect(Tok::LSquare, "expected '[' in fused location")?;
        if self.eat(Tok::RSquare)? {
            return Ok(Step::Done(Val::A(ctx.fused_loc(&[], meta).attr())));
        }
        let start = self.scratch.attrs.len() as u32;
        self.push(Frame::FusedElems { start, meta }, Want::Loc)
    }

    /// `"name"`, `"name"(child)`, `"file":line`, `"file":line:col`, or a range
    /// `"file":line:col to [line]:col`.
    fn loc_after_string(&mut self, ctx: &Context, tok: Token) -> PResult<Step> {
        let v = self.string_value(&tok);
        let s = bytes_to_string(&v);
        if self.eat(Tok::Colon)? {
            let line = self.loc_uint("expected integer line number in FileLineColRange", true)?;
            if !self.at(Tok::Colon) {
                return Ok(Step::Done(Val::A(ctx.file_line_col_range_loc(&s, line, 0, line, 0).attr())));
            }
            self.bump()?;
            let col = self.loc_uint("expected integer column number in FileLineColRange", false)?;
            if !self.at_word("to") {
                return Ok(Step::Done(Val::A(ctx.file_line_col_range_loc(&s, line, col, line, col).attr())));
            }
            self.bump()?;
            let mut end_line = line;
            if self.at(Tok::Integer) {
                end_line = self.loc_uint("expected integer line number in FileLineColRange", true)?;
            }
            if !self.at(Tok::Colon) {
                return Err(self.wrong_token("expected either integer or `:` post `to` in FileLineColRange"));
            }
            self.bump()?;
            let end_col = self.loc_uint("expected integer column number in FileLineColRange", false)?;
            return Ok(Step::Done(Val::A(ctx.file_line_col_range_loc(&s, line, col, end_line, end_col).attr())));
        }
        let name = ctx.identifier(&s);
        if self.eat(Tok::LParen)? {
            return self.push(Frame::LocName { name }, Want::Loc);
        }
        Ok(Step::Done(Val::A(ctx.name_loc(ctx.ident_str(name), None).attr())))
    }

    fn loc_uint(&mut self, message: &str, wrong_token_on_overflow: bool) -> PResult<u32> {
        if !self.at(Tok::Integer) {
            return Err(self.wrong_token(message));
        }
        match super::dense::parse_u64(self.text()).and_then(|v| u32::try_from(v).ok()) {
            Some(v) => {
                self.bump()?;
                Ok(v)
            }
            None if wrong_token_on_overflow => Err(self.wrong_token(message)),
            None => Err(self.error_here(message)),
        }
    }

    // ---- resuming frames ----

    fn resume(&mut self, ctx: &Context, f: Frame, v: Val) -> PResult<Step> {
        match f {
            Frame::FnInputs { start } => {
                self.scratch.tys.push(ty(v));
                if self.eat(Tok::Comma)? {
                    return self.push(Frame::FnInputs { start }, Want::Type);
                }
                self.expect(Tok::RParen, "expected ')'")?;
                self.fn_after_inputs(ctx, start)
            }
            Frame::FnResults { start, n_in } => {
                self.scratch.tys.push(ty(v));
                if self.eat(Tok::Comma)? {
                    return self.push(Frame::FnResults { start, n_in }, Want::Type);
                }
                self.expect(Tok::RParen, "expected ')'")?;
                Ok(Step::Done(Val::T(self.finish_fn(ctx, start, n_in))))
            }
            Frame::FnSingle { start, n_in } => {
                self.scratch.tys.push(ty(v));
                Ok(Step::Done(Val::T(self.finish_fn(ctx, start, n_in))))
            }
            Frame::Complex { elem_pos } => {
                let e = ty(v);
                self.expect(Tok::Greater, "expected '>' in complex type")?;
                match ctx.complex_type(e) {
                    Ok(t) => Ok(Step::Done(Val::T(t))),
                    Err(_) => Err(self.error_at(elem_pos, "invalid element type for complex")),
                }
            }
            Frame::Tuple { start } => {
                self.scratch.tys.push(ty(v));
                if self.eat(Tok::Comma)? {
                    return self.push(Frame::Tuple { start }, Want::Type);
                }
                self.expect(Tok::Greater, "expected '>' in tuple type")?;
                let s = start as usize;
                let t = ctx.tuple_type(&self.scratch.tys[s..]);
                self.scratch.tys.truncate(s);
                Ok(Step::Done(Val::T(t)))
            }
            Frame::Vector { dims, elem_pos } => {
                let e = ty(v);
                self.expect(Tok::Greater, "expected '>' in vector type")?;
                if !matches!(ctx.type_kind(e), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_))
                    && !ctx.type_implements(e, crate::dialect::interfaces::vector_element_type())
                {
                    return Err(self.error_at(elem_pos, "vector elements must be int/index/float type"));
                }
                let d = dims as usize;
                let r = ctx.vector_type(&self.scratch.dims[d..], &self.scratch.scal[d..], e);
                self.scratch.dims.truncate(d);
                self.scratch.scal.truncate(d);
                match r {
                    Ok(t) => Ok(Step::Done(Val::T(t))),
                    Err(err) => Err(self.error_at(elem_pos, err.message)),
                }
            }
            Frame::TensorElem { dims, unranked, elem_pos } => {
                let e = ty(v);
                if self.at(Tok::Comma) {
                    self.bump()?;
                    let enc_pos = self.tok().start;
                    return self.push(Frame::TensorEnc { dims, unranked, elem: e, elem_pos, enc_pos }, Want::Attr);
                }
                self.finish_tensor(ctx, dims, unranked, e, elem_pos, None)
            }
            Frame::TensorEnc { dims, unranked, elem, elem_pos, enc_pos } => {
                let _ = enc_pos;
                self.finish_tensor(ctx, dims, unranked, elem, elem_pos, Some(attr(v)))
            }
            Frame::MemrefElem { dims, unranked, pos, elem_pos } => {
                let e = ty(v);
                if !ctx.type_implements(e, crate::dialect::interfaces::memref_element_type()) {
                    return Err(self.error_at(elem_pos, "invalid memref element type"));
                }
                if self.eat(Tok::Greater)? {
                    return self.finish_memref(ctx, dims, unranked, e, None, None, pos);
                }
                self.expect(Tok::Comma, "expected ',' or '>' in memref type")?;
                self.push(Frame::MemrefAttr { dims, unranked, elem: e, layout: None, space: None, pos }, Want::Attr)
            }
            Frame::MemrefAttr { dims, unranked, elem, mut layout, mut space, pos } => {
                let a = attr(v);
                if ctx.attr_implements(a, crate::dialect::interfaces::memref_layout_attr()) {
                    if unranked {
                        return Err(self.error_here("cannot have affine map for unranked memref type"));
                    }
                    if space.is_some() {
                        return Err(self.error_here("expected memory space to be last in memref type"));
                    }
                    layout = Some(a);
                } else if space.is_some() {
                    return Err(self.error_here("multiple memory spaces specified in memref type"));
                } else {
                    space = Some(a);
                }
                if self.eat(Tok::Comma)? {
                    return self.push(Frame::MemrefAttr { dims, unranked, elem, layout, space, pos }, Want::Attr);
                }
                self.expect(Tok::Greater, "expected ',' or '>'")?;
                self.finish_memref(ctx, dims, unranked, elem, layout, space, pos)
            }
            Frame::Array { start } => {
                self.scratch.attrs.push(attr(v));
                while self.eat(Tok::Comma)? {
                    let base = self.scratch.frames.len();
                    match self.start_attr(ctx)? {
                        Step::Done(v) => self.scratch.attrs.push(attr(v)),
                        step => {
                            self.scratch.frames.insert(base, Frame::Array { start });
                            return Ok(step);
                        }
                    }
                }
                self.expect(Tok::RSquare, "expected ',' or ']'")?;
                let s = start as usize;
                let a = ctx.array_attr(&self.scratch.attrs[s..]);
                self.scratch.attrs.truncate(s);
                Ok(Step::Done(Val::A(a)))
            }
            Frame::Dict { start, key, key_pos, val_pos, top } => {
                let a = attr(v);
                self.remember_entry_value(key, val_pos, a);
                self.scratch.named.push((NamedAttribute { name: key, value: a }, key_pos));
                match self.dict_after_entry(ctx, start, top)? {
                    Some(s) => Ok(s),
                    None => self.dict_entry(ctx, start, top),
                }
            }
            Frame::DenseType { lit, pos } => {
                let t = ty(v);
                let a = self.build_dense(ctx, &lit, t, pos)?;
                self.drop_dense_lit(&lit);
                Ok(Step::Done(Val::A(a)))
            }
            Frame::SparseType { indices, values, pos, indices_pos, values_pos } => {
                let t = ty(v);
                let r = self.finish_sparse(ctx, t, indices, &values, pos, indices_pos, values_pos);
                self.drop_dense_lit(indices.as_ref().unwrap_or(&values));
                Ok(Step::Done(Val::A(r?)))
            }
            Frame::DenseArray { type_pos } => {
                let e = ty(v);
                let a = self.finish_dense_array(ctx, e, type_pos)?;
                Ok(Step::Done(Val::A(a)))
            }
            Frame::IntLit { tok, neg } => {
                let t = ty(v);
                Ok(Step::Done(Val::A(self.int_attr(ctx, &tok, neg, t)?)))
            }
            Frame::FloatLit { tok, neg } => {
                let t = ty(v);
                Ok(Step::Done(Val::A(self.float_attr(ctx, &tok, neg, t)?)))
            }
            Frame::StrLit { tok } => {
                let t = ty(v);
                Ok(Step::Done(Val::A(self.string_attr(ctx, &tok, Some(t)))))
            }
            Frame::OpaqueTyped { sym } => {
                let t = ty(v);
                self.dialect_attr(ctx, sym, Some(t))
            }
            Frame::KindParams { kind, start, end, pos } => {
                self.scratch.attrs.push(attr(v));
                if self.eat(Tok::Comma)? {
                    return self.push(Frame::KindParams { kind, start, end, pos }, Want::Attr);
                }
                if !(self.at(Tok::Greater) && self.tok().end == end) {
                    return Err(self.wrong_token("expected ',' or '>' in the parameters"));
                }
                if let Some((state, tok, prev_end)) = self.relex.pop() {
                    self.lex.restore(state);
                    self.set_tok(tok);
                    self.prev_end = prev_end;
                }
                let s = start as usize;
                let params: Vec<Attribute> = self.scratch.attrs[s..].to_vec();
                self.scratch.attrs.truncate(s);
                self.build_kind(ctx, kind, &params, pos)
            }
            Frame::TypeAttr => Ok(Step::Done(Val::A(ctx.type_attr(ty(v))))),
            Frame::Distinct { id, pos } => {
                let r = attr(v);
                self.expect(Tok::Greater, "expected '>' to close distinct attribute")?;
                Ok(Step::Done(Val::A(self.finish_distinct(ctx, id, pos, r)?)))
            }
            Frame::DenseResource { key, pos, type_pos } => {
                let t = ty(v);
                if !ctx.is_shaped(t) {
                    return Err(self.error_at(type_pos, "`dense_resource` expected a shaped type"));
                }
                ctx.dense_resource_attr(t, ctx.ident_str(key))
                    .map(|a| Step::Done(Val::A(a)))
                    .map_err(|e| self.error_at(pos, e.message))
            }
            Frame::LocWrap => {
                self.expect(Tok::RParen, "expected ')' in inline location")?;
                Ok(Step::Done(v))
            }
            Frame::LocCheck { pos } => {
                let a = attr(v);
                if ctx.as_location(a).is_none() {
                    let _ = pos;
                    let shown = fmt_attr(ctx, a);
                    return Err(self.error_here(format!("expected location attribute, but got'{shown}'")));
                }
                Ok(Step::Done(v))
            }
            Frame::LocName { name } => {
                let child = ctx.as_location(attr(v));
                self.expect(Tok::RParen, "expected ')' after child location of NameLoc")?;
                Ok(Step::Done(Val::A(ctx.name_loc(ctx.ident_str(name), child).attr())))
            }
            Frame::CallsiteCallee => {
                if !self.at_word("at") {
                    return Err(self.wrong_token("expected 'at' in callsite location"));
                }
                self.bump()?;
                self.push(Frame::CallsiteCaller { callee: attr(v) }, Want::Loc)
            }
            Frame::CallsiteCaller { callee } => {
                self.expect(Tok::RParen, "expected ')' in callsite location")?;
                let (Some(a), Some(b)) = (ctx.as_location(callee), ctx.as_location(attr(v))) else {
                    return Err(self.error_here("expected location instance"));
                };
                Ok(Step::Done(Val::A(ctx.call_site_loc(a, b).attr())))
            }
            Frame::FusedMeta => {
                let meta = attr(v);
                self.expect(Tok::Greater, "expected '>' after fused location metadata")?;
                self.fused_list(ctx, Some(meta))
            }
            Frame::FusedElems { start, meta } => {
                self.scratch.attrs.push(attr(v));
                if self.eat(Tok::Comma)? {
                    return self.push(Frame::FusedElems { start, meta }, Want::Loc);
                }
                self.expect(Tok::RSquare, "expected ']' in fused location")?;
                let s = start as usize;
                let a = fused_loc(ctx, &self.scratch.attrs[s..], meta);
                self.scratch.attrs.truncate(s);
                Ok(Step::Done(Val::A(a)))
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_tensor(
        &mut self,
        ctx: &Context,
        dims: u32,
        unranked: bool,
        elem: Type,
        elem_pos: u32,
        enc: Option<Attribute>,
    ) -> PResult<Step> {
        self.expect(Tok::Greater, "expected '>' in tensor type")?;
        let d = dims as usize;
        let r = if unranked {
            if enc.is_some() {
                self.scratch.dims.truncate(d);
                return Err(self.error_here("cannot apply encoding to unranked tensor"));
            }
            ctx.unranked_tensor_type(elem)
        } else {
            ctx.ranked_tensor_type(&self.scratch.dims[d..], elem, enc)
        };
        self.scratch.dims.truncate(d);
        match r {
            Ok(t) => Ok(Step::Done(Val::T(t))),
            Err(e) => {
                let msg = if e.message.starts_with("invalid tensor element type") {
                    "invalid tensor element type".to_string()
                } else {
                    e.message
                };
                Err(self.error_at(elem_pos, msg))
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_memref(
        &mut self,
        ctx: &Context,
        dims: u32,
        unranked: bool,
        elem: Type,
        layout: Option<Attribute>,
        space: Option<Attribute>,
        pos: u32,
    ) -> PResult<Step> {
        let d = dims as usize;
        let r = if unranked {
            ctx.unranked_memref_type(elem, space)
        } else {
            ctx.memref_type(&self.scratch.dims[d..], elem, layout, space)
        };
        self.scratch.dims.truncate(d);
        match r {
            Ok(t) => Ok(Step::Done(Val::T(t))),
            Err(e) => Err(self.error_at(pos, e.message)),
        }
    }
}

/// `fused[...]` simplified as MLIR (and `Context::fused_loc`) does: nested fused locations
/// with the same metadata are flattened, unknown locations and duplicates dropped, and one
/// location without metadata is itself. Deduplicates with a hash set, so a long list
/// costs linear time.
fn fused_loc(ctx: &Context, locs: &[Attribute], meta: Option<Attribute>) -> Attribute {
    use crate::attrs::LocationKind;
    if locs.len() <= 16 {
        let locs: Vec<crate::attrs::Location> = locs.iter().filter_map(|&a| ctx.as_location(a)).collect();
        return ctx.fused_loc(&locs, meta).attr();
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let mut kept: Vec<Attribute> = Vec::with_capacity(locs.len());
    for &a in locs {
        match ctx.attr_kind(a) {
            AttrKind::Location(LocationKind::Fused { locations, metadata }) if *metadata == meta => {
                for &i in locations.iter() {
                    if seen.insert(i) {
                        kept.push(i);
                    }
                }
            }
            AttrKind::Location(LocationKind::Unknown) => {}
            _ => {
                if seen.insert(a) {
                    kept.push(a);
                }
            }
        }
    }
    if kept.is_empty() {
        let unknown = ctx.unknown_loc().attr();
        if meta.is_none() {
            return unknown;
        }
        kept.push(unknown);
    } else if kept.len() == 1 && meta.is_none() {
        return kept[0];
    }
    ctx.intern_attr(AttrKind::Location(LocationKind::Fused { locations: kept.into(), metadata: meta }))
}

#[inline]
fn ty(v: Val) -> Type {
    match v {
        Val::T(t) => t,
        _ => unreachable!("expected a type"),
    }
}

#[inline]
fn attr(v: Val) -> Attribute {
    match v {
        Val::A(a) => a,
        _ => unreachable!("expected an attribute"),
    }
}

/// An extended symbol: an alias name, or a dialect symbol (byte ranges of the dialect
/// name and of the data).
pub enum Extended<'a> {
    Alias(&'a str, u32),
    Symbol(Sym),
}

/// A dialect symbol: byte ranges of the dialect name and of the data, where errors about it
/// point, and the line of its first token.
#[derive(Copy, Clone, Debug)]
pub struct Sym {
    pub dialect: (u32, u32),
    pub data: (u32, u32),
    pub pos: u32,
    pub line: u32,
    pub line_start: u32,
}
