//! Numeric literals, `dense<...>` tensor literals and `array<...>`, following MLIR's
//! `AttributeParser.cpp` (`TensorLiteralParser`, `DenseArrayElementParser`,
//! `buildAttributeAPInt`, `parseFloatFromLiteral`).
//!
//! A tensor literal is read once into a flat list of element tokens plus its inferred
//! shape (without recursion: nested lists are tracked with a per-depth table), and
//! converted once the type after `:` is known.

use super::base::{Core, PResult};
use super::fmt::fmt_type;
use super::lexer::{hex_val, Tok, Token};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::types::{FloatKind, NonFinite, Signedness, Type, TypeKind};

/// One element token of a tensor literal.
#[derive(Copy, Clone, Debug)]
pub struct DenseElem {
    pub kind: Tok,
    pub neg: bool,
    pub start: u32,
    pub end: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DepthSlot {
    Unknown,
    List(u64),
    Leaf,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LitKind {
    /// `dense<>`
    Empty,
    /// A single element (a splat), possibly a complex pair.
    Scalar,
    /// A bracketed list with an inferred shape.
    List,
    /// `dense<"0x...">`
    Hex(Token),
}

/// A parsed tensor literal: ranges into the scratch stacks.
#[derive(Copy, Clone, Debug)]
pub struct DenseLit {
    pub kind: LitKind,
    pub elems_start: u32,
    pub elems_end: u32,
    pub shape_start: u32,
    pub shape_end: u32,
}

/// Little-endian words of an integer; one word needs no allocation.
pub type Words = smallvec::SmallVec<[u64; 2]>;

/// `text` as an unsigned 64-bit integer (decimal or `0x` hex).
pub fn parse_u64(text: &str) -> Option<u64> {
    if let Some(h) = text.strip_prefix("0x") {
        u64::from_str_radix(h, 16).ok()
    } else {
        text.parse::<u64>().ok()
    }
}

/// The magnitude of an integer literal as little-endian 64-bit words.
pub fn parse_magnitude(text: &str) -> Vec<u64> {
    let mut words: Vec<u64> = Vec::new();
    if let Some(h) = text.strip_prefix("0x") {
        let h = h.trim_start_matches('0').as_bytes();
        let mut end = h.len();
        while end > 0 {
            let begin = end.saturating_sub(16);
            let mut w = 0u64;
            for &c in &h[begin..end] {
                w = (w << 4) | hex_val(c) as u64;
            }
            words.push(w);
            end = begin;
        }
    } else {
        let d = text.trim_start_matches('0').as_bytes();
        let mut i = 0;
        while i < d.len() {
            let n = (d.len() - i).min(19);
            let mut chunk = 0u64;
            for &c in &d[i..i + n] {
                chunk = chunk * 10 + (c - b'0') as u64;
            }
            let mul = 10u64.pow(n as u32);
            let mut carry = chunk as u128;
            for w in words.iter_mut() {
                let v = (*w as u128) * (mul as u128) + carry;
                *w = v as u64;
                carry = v >> 64;
            }
            if carry != 0 {
                words.push(carry as u64);
            }
            i += n;
        }
    }
    if words.is_empty() {
        words.push(0);
    }
    words
}

fn active_bits(words: &[u64]) -> u64 {
    for (i, &w) in words.iter().enumerate().rev() {
        if w != 0 {
            return i as u64 * 64 + (64 - w.leading_zeros() as u64);
        }
    }
    0
}

/// Number of decimal digits that can never fit in `width` bits (a cheap early reject that
/// keeps huge literals from costing quadratic time).
fn too_many_digits(text: &str, width: u32) -> bool {
    let digits = if let Some(h) = text.strip_prefix("0x") {
        return h.trim_start_matches('0').len() as u64 > (width as u64).div_ceil(4) + 1;
    } else {
        text.trim_start_matches('0').len() as u64
    };
    digits > (width as u64 * 30103 / 100000) + 2
}

/// MLIR's `buildAttributeAPInt`: the two's complement words of the literal in `width`
/// bits, or `None` when it does not fit.
pub fn build_apint(text: &str, width: u32, neg: bool, signed_or_index: bool) -> Option<Words> {
    // Fast path: a decimal literal of at most 19 digits in at most 64 bits.
    if width <= 64 && width > 0 && text.len() <= 19 && !text.starts_with("0x") {
        let mut v: u64 = 0;
        for b in text.bytes() {
            v = v * 10 + (b - b'0') as u64;
        }
        if width < 64 && v >> width != 0 {
            return None;
        }
        let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
        let sign = 1u64 << (width - 1);
        let r = if neg {
            let r = v.wrapping_neg() & mask;
            if r & sign == 0 {
                return None;
            }
            r
        } else {
            if signed_or_index && v & sign != 0 {
                return None;
            }
            v
        };
        let mut w = Words::new();
        w.push(r);
        return Some(w);
    }
    if too_many_digits(text, width.max(1)) {
        return None;
    }
    let mag = parse_magnitude(text);
    if active_bits(&mag) > width as u64 {
        return None;
    }
    let nwords = (width.div_ceil(64) as usize).max(1);
    let mut r: Words = mag.into_iter().collect();
    r.resize(nwords, 0);
    let bit = |r: &[u64], i: u32| (r[(i / 64) as usize] >> (i % 64)) & 1 == 1;
    if width == 0 {
        if neg {
            return None;
        }
        let mut w = Words::new();
        w.push(0);
        return Some(w);
    }
    if neg {
        // Two's complement negation.
        let mut carry = 1u64;
        for w in r.iter_mut() {
            let (v, c) = (!*w).overflowing_add(carry);
            *w = v;
            carry = c as u64;
        }
        truncate_words(&mut r, width);
        if !bit(&r, width - 1) {
            return None;
        }
    } else if signed_or_index && bit(&r, width - 1) {
        return None;
    }
    truncate_words(&mut r, width);
    Some(r)
}

fn truncate_words(r: &mut [u64], width: u32) {
    let rem = width % 64;
    if rem != 0 {
        let last = (width / 64) as usize;
        if last < r.len() {
            r[last] &= (1u64 << rem) - 1;
        }
    }
}

/// Appends the low `ceil(width/8)` bytes (at least one) of `words`, little-endian.
fn push_int_bytes(words: &[u64], width: u32, out: &mut Vec<u8>) {
    let n = (width.max(1).div_ceil(8)) as usize;
    for i in 0..n {
        let w = words.get(i / 8).copied().unwrap_or(0);
        out.push((w >> ((i % 8) * 8)) as u8);
    }
}

fn push_float_bytes(bits: u128, kind: FloatKind, out: &mut Vec<u8>) {
    let n = kind.bit_width().div_ceil(8) as usize;
    for i in 0..n {
        out.push((bits >> (i * 8)) as u8);
    }
}

/// APFloat's storage size of a format (`semanticsSizeInBits`).
fn size_in_bits(kind: FloatKind) -> u32 {
    kind.bit_width()
}

/// The bits of `v` in `kind`, as APFloat's conversion gives them (NaN or the largest
/// finite value where the format has no infinity).
fn f64_to_bits(kind: FloatKind, v: f64) -> Option<u128> {
    if let Some(b) = crate::float::from_f64(kind, v) {
        return Some(b);
    }
    let sem = kind.semantics();
    if !sem.has_sign && v.is_sign_negative() && v != 0.0 {
        return None;
    }
    // Infinity (or NaN) in a format without it.
    match sem.non_finite {
        NonFinite::NanOnlyAllOnes | NonFinite::NanIsNegativeZero => crate::float::from_f64(kind, f64::NAN),
        _ => crate::float::from_f64(kind, f64::MAX),
    }
}

fn int_info(ctx: &Context, ty: Type) -> Option<(u32, bool, bool)> {
    // (width, signed or index, unsigned)
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => {
            Some((*width, *signedness == Signedness::Signed, *signedness == Signedness::Unsigned))
        }
        TypeKind::Index => Some((64, true, false)),
        _ => None,
    }
}

impl<'a> Core<'a> {
    /// A float's bits from a literal token (MLIR's `parseFloatFromLiteral`).
    fn float_bits_from(&mut self, tok_kind: Tok, start: u32, end: u32, neg: bool, kind: FloatKind) -> PResult<u128> {
        let text = self.slice(start, end);
        match tok_kind {
            Tok::Float => {
                // Rounded once, directly to the target format (as MLIR since LLVM 24).
                let bits = match kind {
                    FloatKind::F64 => text.parse::<f64>().ok().map(|v| v.to_bits() as u128),
                    FloatKind::F32 => text.parse::<f32>().ok().map(|v| v.to_bits() as u128),
                    _ => None,
                }
                .or_else(|| super::decfloat::decimal_to_bits(text, kind));
                let bits = match bits {
                    Some(b) if neg => super::decfloat::negate_bits(kind, b),
                    Some(b) => Some(b),
                    None => {
                        let v: f64 = text.parse().unwrap_or(f64::INFINITY);
                        f64_to_bits(kind, if neg { -v } else { v })
                    }
                };
                match bits {
                    Some(b) => Ok(b),
                    None => {
                        Err(self.error_at(start, format!("floating point value not valid for type {}", kind.keyword())))
                    }
                }
            }
            Tok::Integer => {
                if !text.starts_with("0x") {
                    return Err(self.error_note(
                        start,
                        "unexpected decimal integer literal for a floating point value",
                        start,
                        "add a trailing dot to make the literal a float",
                    ));
                }
                if neg {
                    return Err(self.error_at(start, "hexadecimal float literal should not have a leading minus"));
                }
                let mag = parse_magnitude(text);
                if active_bits(&mag) > size_in_bits(kind) as u64 {
                    return Err(self.error_at(start, "hexadecimal float constant out of range for type"));
                }
                let lo = mag[0] as u128;
                let hi = mag.get(1).copied().unwrap_or(0) as u128;
                Ok(lo | (hi << 64))
            }
            _ => Err(self.error_at(start, "expected floating point literal")),
        }
    }

    /// An integer literal with its type (MLIR's `parseDecOrHexAttr`).
    pub fn int_attr(&mut self, ctx: &Context, tok: &Token, neg: bool, ty: Type) -> PResult<Attribute> {
        if let TypeKind::Float(k) = *ctx.type_kind(ty) {
            let bits = self.float_bits_from(tok.kind, tok.start, tok.end, neg, k)?;
            return ctx.float_attr_bits(ty, bits).map_err(|e| self.error_at(tok.start, e.message));
        }
        let Some((width, signed, unsigned)) = int_info(ctx, ty) else {
            return Err(self.error_at(tok.start, "integer literal not valid for specified type"));
        };
        if neg && unsigned {
            return Err(self.error_at(tok.start, "negative integer literal not valid for unsigned integer type"));
        }
        let text = self.slice(tok.start, tok.end);
        let Some(words) = build_apint(text, width, neg, signed) else {
            return Err(self.error_at(tok.start, "integer constant out of range for attribute"));
        };
        // `N : i1` is MLIR's BoolAttr.
        if width == 1 && matches!(ctx.type_kind(ty), TypeKind::Integer { signedness: Signedness::Signless, .. }) {
            return Ok(ctx.bool_attr(words[0] & 1 == 1));
        }
        if width <= 64 {
            // No allocation for the common widths.
            return ctx.integer_attr(ty, words[0] as i64).map_err(|e| self.error_at(tok.start, e.message));
        }
        ctx.integer_attr_words(ty, &words).map_err(|e| self.error_at(tok.start, e.message))
    }

    /// A float literal with its type (MLIR's `parseFloatAttr`).
    pub fn float_attr(&mut self, ctx: &Context, tok: &Token, neg: bool, ty: Type) -> PResult<Attribute> {
        let TypeKind::Float(k) = *ctx.type_kind(ty) else {
            return Err(self.error_here("floating point value not valid for specified type"));
        };
        let bits = self.float_bits_from(tok.kind, tok.start, tok.end, neg, k)?;
        ctx.float_attr_bits(ty, bits).map_err(|e| self.error_at(tok.start, e.message))
    }

    pub fn empty_dense_lit(&self) -> DenseLit {
        let e = self.scratch.dense.len() as u32;
        let s = self.scratch.dense_shape.len() as u32;
        DenseLit { kind: LitKind::Empty, elems_start: e, elems_end: e, shape_start: s, shape_end: s }
    }

    pub fn drop_dense_lit(&mut self, lit: &DenseLit) {
        self.scratch.dense.truncate(lit.elems_start as usize);
        self.scratch.dense_shape.truncate(lit.shape_start as usize);
    }

    /// A tensor literal: a hex string (if allowed), a nested list, or one element.
    pub fn parse_dense_literal(&mut self, allow_hex: bool) -> PResult<DenseLit> {
        let elems_start = self.scratch.dense.len() as u32;
        let shape_start = self.scratch.dense_shape.len() as u32;
        let kind = if allow_hex && self.at(Tok::String) {
            let t = self.tok();
            self.bump()?;
            LitKind::Hex(t)
        } else if self.at(Tok::LSquare) {
            self.parse_dense_list()?;
            LitKind::List
        } else {
            self.parse_dense_element()?;
            LitKind::Scalar
        };
        Ok(DenseLit {
            kind,
            elems_start,
            elems_end: self.scratch.dense.len() as u32,
            shape_start,
            shape_end: self.scratch.dense_shape.len() as u32,
        })
    }

    /// One element: a number, `true`/`false`, a string, or a complex `(a, b)` (MLIR
    /// accepts nested parentheses; they are tracked without recursion).
    fn parse_dense_element(&mut self) -> PResult<()> {
        let mut parens: Vec<bool> = Vec::new(); // false: first part pending; true: second
        loop {
            let tok = self.tok();
            match tok.kind {
                Tok::LParen => {
                    self.bump()?;
                    parens.push(false);
                    continue;
                }
                Tok::Float | Tok::Integer | Tok::String => {
                    self.scratch.dense.push(DenseElem { kind: tok.kind, neg: false, start: tok.start, end: tok.end });
                    self.bump()?;
                }
                Tok::BareIdent if matches!(self.text(), "true" | "false") => {
                    self.scratch.dense.push(DenseElem { kind: tok.kind, neg: false, start: tok.start, end: tok.end });
                    self.bump()?;
                }
                Tok::Minus => {
                    self.bump()?;
                    let t = self.tok();
                    if !matches!(t.kind, Tok::Float | Tok::Integer) {
                        return Err(self.error_here("expected integer or floating point literal"));
                    }
                    self.scratch.dense.push(DenseElem { kind: t.kind, neg: true, start: t.start, end: t.end });
                    self.bump()?;
                }
                _ => return Err(self.error_here("expected element literal of primitive type")),
            }
            loop {
                match parens.last_mut() {
                    None => return Ok(()),
                    Some(second @ false) => {
                        self.expect(Tok::Comma, "expected ',' between complex elements")?;
                        *second = true;
                        break;
                    }
                    Some(true) => {
                        self.expect(Tok::RParen, "expected ')' after complex elements")?;
                        parens.pop();
                    }
                }
            }
        }
    }

    /// A nested list; pushes the inferred shape onto `scratch.dense_shape`.
    fn parse_dense_list(&mut self) -> PResult<()> {
        let mut counts: Vec<u64> = Vec::new();
        let mut slots = std::mem::take(&mut self.scratch.dense_depth);
        slots.clear();
        let r = self.parse_dense_list_inner(&mut counts, &mut slots);
        if r.is_ok() {
            for s in slots.iter() {
                match s {
                    DepthSlot::List(c) => self.scratch.dense_shape.push(*c as i64),
                    _ => break,
                }
            }
        }
        self.scratch.dense_depth = slots;
        r
    }

    fn parse_dense_list_inner(&mut self, counts: &mut Vec<u64>, slots: &mut Vec<DepthSlot>) -> PResult<()> {
        const INCONSISTENT: &str = "tensor literal is invalid; ranks are not consistent between elements";
        // Open the outermost list.
        self.bump()?; // [
        counts.push(0);
        if slots.is_empty() {
            slots.push(DepthSlot::Unknown);
        }
        let mut just_opened = true;
        loop {
            // Expect an element, a nested list, or `]` right after `[`.
            if just_opened && self.at(Tok::RSquare) {
                // Empty list: handled by the closing logic below.
            } else if self.at(Tok::LSquare) {
                self.bump()?;
                counts.push(0);
                if slots.len() < counts.len() {
                    slots.push(DepthSlot::Unknown);
                }
                just_opened = true;
                continue;
            } else {
                self.parse_dense_element()?;
                let depth = counts.len();
                if slots.len() <= depth {
                    slots.push(DepthSlot::Unknown);
                }
                match slots[depth] {
                    DepthSlot::Unknown => slots[depth] = DepthSlot::Leaf,
                    DepthSlot::Leaf => {}
                    DepthSlot::List(_) => return Err(self.error_here(INCONSISTENT)),
                }
                *counts.last_mut().expect("open list") += 1;
            }
            just_opened = false;
            // After an element or a closed list.
            loop {
                if self.eat(Tok::Comma)? {
                    break;
                }
                if !self.at(Tok::RSquare) {
                    return Err(self.wrong_token("expected ']'"));
                }
                self.bump()?;
                let c = counts.pop().expect("open list");
                let depth = counts.len();
                match slots[depth] {
                    DepthSlot::Unknown => slots[depth] = DepthSlot::List(c),
                    DepthSlot::List(x) if x == c => {}
                    _ => return Err(self.error_here(INCONSISTENT)),
                }
                match counts.last_mut() {
                    None => return Ok(()),
                    Some(parent) => *parent += 1,
                }
            }
        }
    }

    /// Builds a `dense<...>` attribute from a literal and its type (MLIR's
    /// `TensorLiteralParser::getAttr`).
    pub fn build_dense(&mut self, ctx: &Context, lit: &DenseLit, ty: Type, pos: u32) -> PResult<Attribute> {
        let shape: Vec<i64> = match ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } | TypeKind::MemRef { shape, .. } => {
                shape.to_vec()
            }
            TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => {
                return Err(self.error_at(pos, "elements literal type must have static shape"))
            }
            _ => return Err(self.error_at(pos, "elements literal must be a shaped type")),
        };
        if shape.iter().any(|&d| d < 0) {
            return Err(self.error_at(pos, "elements literal type must have static shape"));
        }
        let count: u64 = shape.iter().map(|&d| d as u64).product();
        let elem = ctx.element_type(ty).expect("shaped type has an element type");
        let elem_kind = ctx.type_kind(elem).clone();
        let numeric =
            matches!(elem_kind, TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::Complex(_));
        if let LitKind::Hex(tok) = lit.kind {
            if numeric {
                return self.build_dense_hex(ctx, &tok, ty, elem, count, pos);
            }
            let v = self.string_value(&tok);
            return ctx.dense_string_attr(ty, &[&v]).map_err(|e| self.error_at(pos, e.message));
        }
        let lit_shape = &self.scratch.dense_shape[lit.shape_start as usize..lit.shape_end as usize];
        if lit.kind == LitKind::List && lit_shape != shape.as_slice() {
            let a: Vec<String> = lit_shape.iter().map(|d| d.to_string()).collect();
            let b: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            return Err(self.error_at(
                pos,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    a.join(", "),
                    b.join(", ")
                ),
            ));
        }
        let n = (lit.elems_end - lit.elems_start) as u64;
        if n == 0 && count != 0 {
            return Err(self.error_at(
                pos,
                format!("parsed zero elements, but type ('{}') expected at least 1", fmt_type(ctx, ty)),
            ));
        }
        let elems: Vec<DenseElem> = self.scratch.dense[lit.elems_start as usize..lit.elems_end as usize].to_vec();
        let scalar = lit.kind == LitKind::Scalar;
        let mut bytes = std::mem::take(&mut self.scratch.bytes);
        bytes.clear();
        let r = self.dense_bytes(ctx, &elems, &elem_kind, elem, ty, count, scalar, pos, &mut bytes);
        let r = r.and_then(|strings| match strings {
            None => self.dense_raw(ctx, ty, &shape, elem, &bytes, pos),
            Some(values) => {
                let refs: Vec<&[u8]> = values.iter().map(Vec::as_slice).collect();
                ctx.dense_string_attr(ty, &refs).map_err(|e| self.error_at(pos, e.message))
            }
        });
        self.scratch.bytes = bytes;
        r
    }

    /// Converts element tokens to raw bytes, or (for non-numeric element types) to
    /// strings.
    #[allow(clippy::too_many_arguments)]
    fn dense_bytes(
        &mut self,
        ctx: &Context,
        elems: &[DenseElem],
        elem_kind: &TypeKind,
        elem: Type,
        ty: Type,
        count: u64,
        scalar: bool,
        pos: u32,
        out: &mut Vec<u8>,
    ) -> PResult<Option<Vec<Vec<u8>>>> {
        let n = elems.len() as u64;
        let (part_kind, parts) = match elem_kind {
            TypeKind::Complex(inner) => {
                let inner_kind = ctx.type_kind(*inner).clone();
                if scalar && count != 0 && n != 2 {
                    return Err(self.error_at(
                        pos,
                        format!("parsed {n} elements, but type ('{}') expected 2 elements", fmt_type(ctx, elem)),
                    ));
                }
                if !scalar && n != count * 2 {
                    return Err(self.error_at(
                        pos,
                        format!(
                            "parsed {n} elements, but type ('{}') expected {} elements",
                            fmt_type(ctx, ty),
                            count * 2
                        ),
                    ));
                }
                (inner_kind, 2)
            }
            k => (k.clone(), 1),
        };
        if !scalar && n != count * parts {
            return Err(self.error_at(
                pos,
                format!("parsed {n} elements, but type ('{}') expected {count} elements", fmt_type(ctx, ty)),
            ));
        }
        if scalar && parts == 1 && n != 1 {
            return Err(self.error_at(
                pos,
                format!("parsed {n} elements, but type ('{}') expected 1 element", fmt_type(ctx, elem)),
            ));
        }
        match part_kind {
            TypeKind::Integer { width, signedness } => {
                let unsigned = signedness == Signedness::Unsigned;
                let signed = signedness == Signedness::Signed;
                for e in elems {
                    self.dense_int(e, width, signed, unsigned, out)?;
                }
                Ok(None)
            }
            TypeKind::Index => {
                for e in elems {
                    self.dense_int(e, 64, true, false, out)?;
                }
                Ok(None)
            }
            TypeKind::Float(k) => {
                for e in elems {
                    let bits = self.float_bits_from(e.kind, e.start, e.end, e.neg, k)?;
                    push_float_bytes(bits, k, out);
                }
                Ok(None)
            }
            _ => {
                if parts == 2 {
                    return Err(self.error_at(pos, "expected integer or float complex element type"));
                }
                let mut values = Vec::with_capacity(elems.len());
                for e in elems {
                    if e.kind != Tok::String {
                        let spelling = self.slice(e.start, e.end).to_string();
                        return Err(self.error_at(pos, format!("expected string token, got {spelling}")));
                    }
                    let t = Token { kind: Tok::String, start: e.start, end: e.end };
                    values.push(self.string_value(&t));
                }
                Ok(Some(values))
            }
        }
    }

    fn dense_int(&mut self, e: &DenseElem, width: u32, signed: bool, unsigned: bool, out: &mut Vec<u8>) -> PResult<()> {
        if e.neg && unsigned {
            return Err(self.error_at(e.start, "expected unsigned integer elements, but parsed negative value"));
        }
        let text = self.slice(e.start, e.end);
        match e.kind {
            Tok::Float => Err(self.error_at(e.start, "expected integer elements, but parsed floating-point")),
            Tok::BareIdent => {
                if width != 1 || signed || unsigned {
                    return Err(self.error_at(e.start, "expected i1 type for 'true' or 'false' values"));
                }
                out.push((text == "true") as u8);
                Ok(())
            }
            Tok::Integer => match build_apint(text, width, e.neg, signed) {
                Some(words) => {
                    push_int_bytes(&words, width, out);
                    Ok(())
                }
                None => Err(self.error_at(e.start, "integer constant out of range for type")),
            },
            _ => Err(self.error_at(e.start, "expected integer elements")),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn build_dense_hex(
        &mut self,
        ctx: &Context,
        tok: &Token,
        ty: Type,
        elem: Type,
        count: u64,
        pos: u32,
    ) -> PResult<Attribute> {
        let body = self.slice(tok.start + 1, tok.end - 1);
        let Some(data) = decode_hex(body) else {
            return Err(self.error_at(tok.start, "expected string containing hex digits starting with `0x`"));
        };
        let invalid = |this: &mut Self| {
            let shown = fmt_type(ctx, ty);
            Err(this.error_at(pos, format!("elements hex data size is invalid for provided type: '{shown}'")))
        };
        let is_i1 = matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. });
        if is_i1 {
            let n = count as usize;
            let bytes: Vec<u8> = if data.len() == 1 && (n != 8 || matches!(data[0], 0 | 1 | 0xff)) {
                vec![(data[0] != 0) as u8]
            } else if data.len() == n.div_ceil(8) && n != data.len() {
                (0..n).map(|i| (data[i / 8] >> (i % 8)) & 1).collect()
            } else if data.len() == n {
                data.iter().map(|&b| (b != 0) as u8).collect()
            } else {
                return invalid(self);
            };
            let shape = ctx.shape(ty).map(<[i64]>::to_vec).unwrap_or_default();
            return self.dense_raw(ctx, ty, &shape, elem, &bytes, pos);
        }
        let eb = ctx.dense_element_bytes(elem).map_err(|e| self.error_at(pos, e.message))? as u64;
        if data.len() as u64 != eb && data.len() as u64 != eb * count {
            return invalid(self);
        }
        let shape = ctx.shape(ty).map(<[i64]>::to_vec).unwrap_or_default();
        self.dense_raw(ctx, ty, &shape, elem, &data, pos)
    }

    /// A dense int/float attribute from raw element bytes. MLIR accepts any statically
    /// shaped type here, memrefs included; the core's constructor takes tensors and
    /// vectors, so memref-typed literals are built directly with the same layout rules.
    fn dense_raw(
        &mut self,
        ctx: &Context,
        ty: Type,
        shape: &[i64],
        elem: Type,
        data: &[u8],
        pos: u32,
    ) -> PResult<Attribute> {
        if !matches!(ctx.type_kind(ty), TypeKind::MemRef { .. }) {
            return ctx.dense_elements_attr(ty, data).map_err(|e| self.error_at(pos, e.message));
        }
        let eb = ctx.dense_element_bytes(elem).map_err(|e| self.error_at(pos, e.message))?;
        let count: usize = shape.iter().map(|&d| d as usize).product();
        let splat = if data.len() == eb && count != 1 {
            true
        } else if data.len() == eb * count {
            count > 1 && data.chunks(eb).all(|c| c == &data[..eb])
        } else {
            return Err(self.error_at(pos, "elements data size is invalid for provided type"));
        };
        let data: Box<[u8]> = if splat || count == 1 { data[..eb.min(data.len())].into() } else { data.into() };
        Ok(ctx.intern_attr(AttrKind::DenseIntOrFloat { ty, data, splat: splat || count == 1 }))
    }

    /// The rest of `array<T ...>` once `T` is parsed (MLIR's `parseDenseArrayAttr`).
    pub fn finish_dense_array(&mut self, ctx: &Context, elem: Type, type_pos: u32) -> PResult<Attribute> {
        let kind = ctx.type_kind(elem).clone();
        let (is_int, width, signed, unsigned, float) = match kind {
            TypeKind::Integer { width, signedness } => {
                (true, width, signedness == Signedness::Signed, signedness == Signedness::Unsigned, None)
            }
            TypeKind::Float(k) => (false, k.bit_width(), false, false, Some(k)),
            _ => {
                let shown = fmt_type(ctx, elem);
                return Err(self.error_at(type_pos, format!("expected integer or float type, got: '{shown}'")));
            }
        };
        let is_i1 = is_int && width == 1;
        if !is_i1 && width % 8 != 0 {
            return Err(self.error_at(type_pos, "element type bitwidth must be a multiple of 8"));
        }
        let mut bytes = std::mem::take(&mut self.scratch.bytes);
        bytes.clear();
        let r = self.dense_array_elements(is_int, width, signed, unsigned, float, &mut bytes);
        // MLIR allows any integer or float element whose width is a multiple of 8 (and i1);
        // the core's constructor covers the common ones, the rest are built directly.
        let r = r.map(|()| match ctx.dense_array_attr(elem, &bytes) {
            Ok(a) => a,
            Err(_) => {
                let eb = if is_i1 { 1 } else { (width / 8) as usize };
                let len = bytes.len().checked_div(eb).unwrap_or(0);
                ctx.intern_attr(AttrKind::DenseArray { element: elem, len, data: bytes.as_slice().into() })
            }
        });
        self.scratch.bytes = bytes;
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn dense_array_elements(
        &mut self,
        is_int: bool,
        width: u32,
        signed: bool,
        unsigned: bool,
        float: Option<FloatKind>,
        out: &mut Vec<u8>,
    ) -> PResult<()> {
        if self.eat(Tok::Greater)? {
            return Ok(());
        }
        self.expect(Tok::Colon, "expected ':' after dense array type")?;
        loop {
            let neg = self.eat(Tok::Minus)?;
            let tok = self.tok();
            if is_int {
                if tok.kind == Tok::BareIdent && matches!(self.text(), "true" | "false") {
                    if width != 1 {
                        return Err(self.error_here("expected i1 type for 'true' or 'false' values"));
                    }
                    out.push((self.text() == "true") as u8);
                    self.bump()?;
                } else if tok.kind == Tok::Integer {
                    self.bump()?;
                    if width == 1 {
                        return Err(self.error_here("expected 'true' or 'false' values for i1 type"));
                    }
                    let text = self.slice(tok.start, tok.end);
                    if neg && unsigned {
                        return Err(self.error_here("integer constant out of range"));
                    }
                    match build_apint(text, width, neg, signed) {
                        Some(words) => push_int_bytes(&words, width, out),
                        None => return Err(self.error_here("integer constant out of range")),
                    }
                } else {
                    return Err(self.error_here("expected integer literal"));
                }
            } else {
                let k = float.expect("float element type");
                let bits = self.float_bits_from(tok.kind, tok.start, tok.end, neg, k)?;
                self.bump()?;
                push_float_bytes(bits, k, out);
            }
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::Greater, "expected '>' to close an array attribute")
    }
}

/// `0x` followed by an even number of hex digits, as bytes.
pub fn decode_hex(s: &str) -> Option<Vec<u8>> {
    let h = s.strip_prefix("0x")?.as_bytes();
    if h.len() % 2 != 0 || !h.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    Some(h.chunks(2).map(|c| (hex_val(c[0]) << 4) | hex_val(c[1])).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apint_rules_match_mlir() {
        let w = |v: &[u64]| Some(Words::from_slice(v));
        assert_eq!(build_apint("255", 8, false, false), w(&[255]));
        assert_eq!(build_apint("256", 8, false, false), None);
        assert_eq!(build_apint("128", 8, true, false), w(&[128]));
        assert_eq!(build_apint("129", 8, true, false), None);
        assert_eq!(build_apint("128", 8, false, true), None);
        assert_eq!(build_apint("0", 8, true, false), None, "MLIR rejects -0 for integers");
        assert_eq!(build_apint("1", 1, true, false), w(&[1]));
        assert_eq!(build_apint("0xFF", 8, false, false), w(&[255]));
        assert_eq!(build_apint("9223372036854775808", 64, true, false), w(&[1 << 63]));
        assert_eq!(build_apint("9223372036854775808", 64, false, true), None);
        assert_eq!(build_apint("18446744073709551615", 64, false, false), w(&[u64::MAX]));
        assert_eq!(build_apint("18446744073709551616", 64, false, false), None);
        let big = build_apint("90000000000000000300000000000000000001", 128, false, false).unwrap();
        assert_eq!(big.len(), 2);
        assert_eq!((big[1] as u128) << 64 | big[0] as u128, 90000000000000000300000000000000000001u128);
    }
}
