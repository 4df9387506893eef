//! Constant-folding helpers any dialect's fold hooks can use: fixed-width integers of up to
//! 128 bits with APInt's wrap-around semantics, IEEE arithmetic on f16/bf16/f32/f64 with
//! APFloat's results (NaN propagation, default NaN, signed zeros), reading integer, float,
//! splat and dense constants, and MLIR's `constFold*` element-wise drivers (scalars, splats,
//! dense elements; a poison operand makes a poison result).
//!
//! Wider integers and other float formats are left unfolded: callers answer "not folded",
//! which is always correct, only less eager than upstream.

use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// A two's complement integer of `width` bits (1..=128); `bits` holds no bits above `width`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Int {
    pub bits: u128,
    pub width: u32,
}

fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

impl Int {
    pub fn new(bits: u128, width: u32) -> Int {
        Int { bits: bits & mask(width), width }
    }

    pub fn from_i128(value: i128, width: u32) -> Int {
        Int::new(value as u128, width)
    }

    pub fn zero(width: u32) -> Int {
        Int { bits: 0, width }
    }

    /// The value sign-extended to 128 bits.
    pub fn sext_value(self) -> i128 {
        let shift = 128 - self.width;
        ((self.bits << shift) as i128) >> shift
    }

    pub fn is_negative(self) -> bool {
        self.bits >> (self.width - 1) & 1 == 1
    }
    pub fn is_zero(self) -> bool {
        self.bits == 0
    }
    pub fn is_one(self) -> bool {
        self.bits == 1
    }
    pub fn is_all_ones(self) -> bool {
        self.bits == mask(self.width)
    }
    pub fn is_max_signed(self) -> bool {
        self.bits == mask(self.width) >> 1
    }
    pub fn is_min_signed(self) -> bool {
        self.bits == 1u128 << (self.width - 1)
    }

    pub fn wrapping_add(self, o: Int) -> Int {
        Int::new(self.bits.wrapping_add(o.bits), self.width)
    }
    pub fn wrapping_sub(self, o: Int) -> Int {
        Int::new(self.bits.wrapping_sub(o.bits), self.width)
    }
    pub fn wrapping_mul(self, o: Int) -> Int {
        Int::new(self.bits.wrapping_mul(o.bits), self.width)
    }
    pub fn and(self, o: Int) -> Int {
        Int::new(self.bits & o.bits, self.width)
    }
    pub fn or(self, o: Int) -> Int {
        Int::new(self.bits | o.bits, self.width)
    }
    pub fn xor(self, o: Int) -> Int {
        Int::new(self.bits ^ o.bits, self.width)
    }

    /// Unsigned quotient; `o` must not be zero.
    pub fn udiv(self, o: Int) -> Int {
        Int::new(self.bits / o.bits, self.width)
    }
    /// Unsigned remainder; `o` must not be zero.
    pub fn urem(self, o: Int) -> Int {
        Int::new(self.bits % o.bits, self.width)
    }

    /// Signed quotient (truncated) and whether it overflowed (`MIN / -1`); `o` must not be zero.
    pub fn sdiv_ov(self, o: Int) -> (Int, bool) {
        let overflow = self.is_min_signed() && o.is_all_ones();
        (Int::from_i128(self.sext_value().wrapping_div(o.sext_value()), self.width), overflow)
    }
    /// Signed remainder, with the sign of `self`; `o` must not be zero.
    pub fn srem(self, o: Int) -> Int {
        Int::from_i128(self.sext_value().wrapping_rem(o.sext_value()), self.width)
    }
    /// Signed quotient rounded toward negative infinity (APInt's `sfloordiv_ov`).
    pub fn sfloordiv_ov(self, o: Int) -> (Int, bool) {
        let (q, overflow) = self.sdiv_ov(o);
        if q.wrapping_mul(o) != self && self.is_negative() != o.is_negative() {
            return (q.wrapping_sub(Int::new(1, self.width)), overflow);
        }
        (q, overflow)
    }
    pub fn sadd_ov(self, o: Int) -> (Int, bool) {
        let r = self.wrapping_add(o);
        (r, self.is_negative() == o.is_negative() && r.is_negative() != self.is_negative())
    }
    pub fn ssub_ov(self, o: Int) -> (Int, bool) {
        let r = self.wrapping_sub(o);
        (r, self.is_negative() != o.is_negative() && r.is_negative() != self.is_negative())
    }
    pub fn uadd_ov(self, o: Int) -> (Int, bool) {
        let r = self.wrapping_add(o);
        (r, r.bits < self.bits)
    }

    pub fn ult(self, o: Int) -> bool {
        self.bits < o.bits
    }
    pub fn slt(self, o: Int) -> bool {
        self.sext_value() < o.sext_value()
    }

    /// Shifts; the amount must be below the width.
    pub fn shift_left(self, amount: u32) -> Int {
        Int::new(self.bits << amount, self.width)
    }
    pub fn lshr(self, amount: u32) -> Int {
        Int::new(self.bits >> amount, self.width)
    }
    pub fn ashr(self, amount: u32) -> Int {
        Int::from_i128(self.sext_value() >> amount, self.width)
    }

    pub fn zext(self, width: u32) -> Int {
        Int::new(self.bits, width)
    }
    pub fn sext(self, width: u32) -> Int {
        Int::from_i128(self.sext_value(), width)
    }
    pub fn trunc(self, width: u32) -> Int {
        Int::new(self.bits, width)
    }
}

/// The bit width of an integer or `index` type (64, MLIR's internal storage width) when
/// it is at most 128 bits.
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } if (1..=128).contains(width) => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The float format of `ty` when this module computes with it.
pub fn arith_float_kind(ctx: &Context, ty: Type) -> Option<FloatKind> {
    match ctx.type_kind(ty) {
        TypeKind::Float(k @ (FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64)) => Some(*k),
        _ => None,
    }
}

/// The value of an integer attribute (`IntegerAttr`, `BoolAttr`) of at most 128 bits.
pub fn scalar_int(ctx: &Context, attr: Attribute) -> Option<Int> {
    match ctx.attr_kind(attr) {
        AttrKind::Bool(b) => Some(Int::new(*b as u128, 1)),
        AttrKind::Integer { ty, value } => {
            let width = int_width(ctx, *ty)?;
            let w = value.words();
            let bits = w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64;
            Some(Int::new(bits, width))
        }
        _ => None,
    }
}

/// The value of a float attribute of a format [`arith_float_kind`] accepts.
pub fn scalar_float(ctx: &Context, attr: Attribute) -> Option<(FloatKind, u128)> {
    match ctx.attr_kind(attr) {
        AttrKind::Float { ty, bits } => Some((arith_float_kind(ctx, *ty)?, *bits)),
        _ => None,
    }
}

/// The elements of a `dense<...>` integer or float attribute as raw bit patterns (one when
/// it is a splat).
pub struct Dense {
    pub ty: Type,
    pub element: Type,
    pub splat: bool,
    pub values: Vec<u128>,
}

pub fn dense(ctx: &Context, attr: Attribute) -> Option<Dense> {
    let AttrKind::DenseIntOrFloat { ty, data, splat } = ctx.attr_kind(attr) else { return None };
    let element = ctx.element_type(*ty)?;
    let width = match ctx.type_kind(element) {
        TypeKind::Integer { .. } | TypeKind::Index => int_width(ctx, element)?,
        TypeKind::Float(k) => k.bit_width(),
        _ => return None,
    };
    let size = ctx.dense_element_bytes(element).ok()?;
    if size > 16 {
        return None;
    }
    let values = data
        .chunks(size)
        .map(|c| {
            let mut b = [0u8; 16];
            b[..size].copy_from_slice(c);
            u128::from_le_bytes(b) & mask(width)
        })
        .collect();
    Some(Dense { ty: *ty, element, splat: *splat, values })
}

/// A `dense<...>` attribute of `ty` (a statically shaped vector or tensor) from raw bit
/// patterns: one value makes a splat.
pub fn make_dense(ctx: &Context, ty: Type, values: &[u128]) -> Option<Attribute> {
    let element = ctx.element_type(ty)?;
    let size = ctx.dense_element_bytes(element).ok()?;
    if size > 16 {
        return None;
    }
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()[..size].to_vec()).collect();
    ctx.dense_elements_attr(ty, &data).ok()
}

/// MLIR's `m_ConstantInt`: an integer attribute or an integer splat.
pub fn int_or_splat(ctx: &Context, attr: Option<Attribute>) -> Option<Int> {
    let attr = attr?;
    if let Some(i) = scalar_int(ctx, attr) {
        return Some(i);
    }
    let d = dense(ctx, attr)?;
    let width = int_width(ctx, d.element)?;
    if !d.splat {
        return None;
    }
    Some(Int::new(d.values[0], width))
}

/// A float attribute or float splat (MLIR's float constant matchers), as (format, bits), in
/// any format whose value f64 holds exactly (so that comparing [`float_value`] with 0, 1,
/// infinity or NaN tells the truth).
pub fn float_or_splat(ctx: &Context, attr: Option<Attribute>) -> Option<(FloatKind, u128)> {
    let attr = attr?;
    let (ty, bits) = match ctx.attr_kind(attr) {
        AttrKind::Float { ty, bits } => (*ty, *bits),
        _ => {
            let d = dense(ctx, attr)?;
            if !d.splat {
                return None;
            }
            (d.element, d.values[0])
        }
    };
    let TypeKind::Float(kind) = ctx.type_kind(ty) else { return None };
    let v = float_value(*kind, bits);
    (v.is_nan() || crate::float::from_f64(*kind, v) == Some(bits)).then_some((*kind, bits))
}

/// An integer or float attribute of type `ty` from raw bits; signless `i1` is a `BoolAttr`,
/// as MLIR's `IntegerAttr::get` gives for it.
pub fn scalar_attr(ctx: &Context, ty: Type, bits: u128) -> Option<Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width: 1, signedness: Signedness::Signless } => Some(ctx.bool_attr(bits & 1 == 1)),
        TypeKind::Integer { width, .. } if *width <= 128 => {
            ctx.integer_attr_words(ty, &[bits as u64, (bits >> 64) as u64]).ok()
        }
        TypeKind::Index => ctx.integer_attr(ty, bits as u64 as i64).ok(),
        TypeKind::Float(_) => ctx.float_attr_bits(ty, bits).ok(),
        _ => None,
    }
}

/// A constant of type `ty` (scalar, or a splat of a statically shaped vector or tensor)
/// with every element `bits` (`DenseElementsAttr::get(type, value)`).
pub fn splat_or_scalar(ctx: &Context, ty: Type, bits: u128) -> Option<Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, .. } | TypeKind::RankedTensor { shape, .. } => {
            if shape.iter().any(|&d| d < 0) {
                return None;
            }
            make_dense(ctx, ty, &[bits])
        }
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => scalar_attr(ctx, ty, bits),
        _ => None,
    }
}

/// Whether `attr` is `#ub.poison`.
pub fn is_poison(ctx: &Context, attr: Option<Attribute>) -> bool {
    attr.is_some_and(|a| ctx.attr_type_id(a) == crate::cached_type_id!("#ub.poison"))
}

/// `#ub.poison` (the ub dialect is loaded when a poison operand was parsed or made).
pub fn poison_attr(ctx: &Context) -> Option<Attribute> {
    let def = ctx.lookup_attr_def("ub.poison")?;
    ctx.dialect_attr(def, &[]).ok()
}

/// How element values are read for a fold: integers (`IntegerAttr`) or floats (`FloatAttr`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Elem {
    Int(Int),
    Float(FloatKind, u128),
}

impl Elem {
    pub fn bits(self) -> u128 {
        match self {
            Elem::Int(i) => i.bits,
            Elem::Float(_, b) => b,
        }
    }
    pub fn int(self) -> Option<Int> {
        match self {
            Elem::Int(i) => Some(i),
            Elem::Float(..) => None,
        }
    }
    pub fn float(self) -> Option<(FloatKind, u128)> {
        match self {
            Elem::Float(k, b) => Some((k, b)),
            Elem::Int(_) => None,
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ElemClass {
    Int,
    Float,
}

fn elem_of(ctx: &Context, element: Type, class: ElemClass, bits: u128) -> Option<Elem> {
    match class {
        ElemClass::Int => Some(Elem::Int(Int::new(bits, int_width(ctx, element)?))),
        ElemClass::Float => Some(Elem::Float(arith_float_kind(ctx, element)?, bits)),
    }
}

/// The scalar attribute `attr` read as `class`, with its type.
fn scalar_elem(ctx: &Context, attr: Attribute, class: ElemClass) -> Option<(Type, Elem)> {
    let ty = ctx.attr_type(attr)?;
    match (class, ctx.attr_kind(attr)) {
        (ElemClass::Int, AttrKind::Bool(_) | AttrKind::Integer { .. }) => Some((ty, Elem::Int(scalar_int(ctx, attr)?))),
        (ElemClass::Float, AttrKind::Float { .. }) => {
            let (k, b) = scalar_float(ctx, attr)?;
            Some((ty, Elem::Float(k, b)))
        }
        _ => None,
    }
}

/// MLIR's `constFoldBinaryOpConditional`: a poison operand gives poison (without an
/// explicit `result_ty`); two scalars of
/// the same type, two splats or two dense attributes of the same type are folded element by
/// element with `f` (`None` from `f` fails the whole fold). `result_ty` defaults to the
/// operands' type.
pub fn fold_binary(
    ctx: &Context,
    operands: &[Option<Attribute>],
    class: ElemClass,
    result_ty: Option<Type>,
    f: impl Fn(Elem, Elem) -> Option<Elem>,
) -> Option<Attribute> {
    let (lhs, rhs) = (*operands.first()?, *operands.get(1)?);
    // Upstream propagates poison only in the variant that takes the operands' type.
    if result_ty.is_none() {
        if is_poison(ctx, lhs) {
            return lhs;
        }
        if is_poison(ctx, rhs) {
            return rhs;
        }
    }
    let (lhs, rhs) = (lhs?, rhs?);
    if let (Some((lt, l)), Some((rt, r))) = (scalar_elem(ctx, lhs, class), scalar_elem(ctx, rhs, class)) {
        if lt != rt {
            return None;
        }
        let ty = result_ty.unwrap_or(lt);
        return scalar_attr(ctx, ty, f(l, r)?.bits());
    }
    let (l, r) = (dense(ctx, lhs)?, dense(ctx, rhs)?);
    if l.ty != r.ty {
        return None;
    }
    let ty = result_ty.unwrap_or(l.ty);
    if l.splat && r.splat {
        let v = f(elem_of(ctx, l.element, class, l.values[0])?, elem_of(ctx, r.element, class, r.values[0])?)?;
        return make_dense(ctx, ty, &[v.bits()]);
    }
    let count = l.values.len().max(r.values.len());
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let a = l.values[if l.splat { 0 } else { i }];
        let b = r.values[if r.splat { 0 } else { i }];
        out.push(f(elem_of(ctx, l.element, class, a)?, elem_of(ctx, r.element, class, b)?)?.bits());
    }
    make_dense(ctx, ty, &out)
}

/// MLIR's `constFoldUnaryOpConditional` and `constFoldCastOp`: `f` maps each element
/// (read as `class`) to the raw bits of an element of `result_ty`'s element type.
pub fn fold_unary(
    ctx: &Context,
    operand: Option<Attribute>,
    class: ElemClass,
    result_ty: Type,
    f: impl Fn(Elem) -> Option<u128>,
) -> Option<Attribute> {
    if is_poison(ctx, operand) {
        return operand;
    }
    let attr = operand?;
    if let Some((_, e)) = scalar_elem(ctx, attr, class) {
        return scalar_attr(ctx, result_ty, f(e)?);
    }
    let d = dense(ctx, attr)?;
    let mut out = Vec::with_capacity(d.values.len());
    for &v in &d.values {
        out.push(f(elem_of(ctx, d.element, class, v)?)?);
    }
    make_dense(ctx, result_ty, &out)
}

// ---- floats ----

fn sem(kind: FloatKind) -> crate::types::FloatSemantics {
    kind.semantics()
}

pub fn float_is_nan(kind: FloatKind, bits: u128) -> bool {
    crate::float::to_f64(kind, bits).is_nan()
}

pub fn float_is_negative(kind: FloatKind, bits: u128) -> bool {
    bits >> (sem(kind).bit_width - 1) & 1 == 1
}

/// `bits` with the quiet bit set (APFloat's `makeQuiet`).
pub fn float_quiet(kind: FloatKind, bits: u128) -> u128 {
    bits | 1u128 << (sem(kind).mantissa_bits - 1)
}

/// The positive quiet NaN APFloat makes for invalid operations.
pub fn float_default_nan(kind: FloatKind) -> u128 {
    crate::float::from_f64(kind, f64::NAN).unwrap_or(0)
}

pub fn float_value(kind: FloatKind, bits: u128) -> f64 {
    crate::float::to_f64(kind, bits)
}

/// The nearest value of `kind` to `value` (ties to even).
pub fn float_from(kind: FloatKind, value: f64) -> u128 {
    crate::float::from_f64(kind, value).unwrap_or(0)
}

/// An IEEE binary operation with round-to-nearest-even, as APFloat computes it: a NaN
/// operand propagates (the left one first, quieted), an invalid operation gives the default
/// NaN. Computing in f64 and rounding once more is exact for +, -, *, / and fmod on formats
/// of at most 24 significant bits (f64 has more than twice their precision plus two).
pub fn float_binary(kind: FloatKind, a: u128, b: u128, op: impl Fn(f64, f64) -> f64) -> u128 {
    if float_is_nan(kind, a) {
        return float_quiet(kind, a);
    }
    if float_is_nan(kind, b) {
        return float_quiet(kind, b);
    }
    let r = op(float_value(kind, a), float_value(kind, b));
    if r.is_nan() {
        return float_default_nan(kind);
    }
    float_from(kind, r)
}

/// `kind`'s value nearest to the integer `-mag` or `mag` (APFloat's `convertFromAPInt`
/// with round-to-nearest-even).
pub fn float_from_int(kind: FloatKind, negative: bool, mag: u128) -> u128 {
    let bits_needed = 128 - mag.leading_zeros();
    let value = if bits_needed <= 53 {
        mag as f64
    } else if kind == FloatKind::F64 {
        // Round to 53 significant bits, ties to even.
        let shift = bits_needed - 53;
        let kept = mag >> shift;
        let rest = mag & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let kept = if rest > half || (rest == half && kept & 1 == 1) { kept + 1 } else { kept };
        kept as f64 * 2f64.powi(shift as i32)
    } else {
        // Round to odd at 53 bits: the later rounding to a narrower format is then exact.
        let shift = bits_needed - 53;
        let kept = mag >> shift;
        let sticky = (mag & ((1u128 << shift) - 1) != 0) as u128;
        (kept | sticky) as f64 * 2f64.powi(shift as i32)
    };
    float_from(kind, if negative { -value } else { value })
}

/// APFloat's `convertToInteger` toward zero: the integer, or `None` when it is invalid
/// (NaN, infinity, out of range).
pub fn float_to_int(kind: FloatKind, bits: u128, width: u32, signed: bool) -> Option<Int> {
    let v = float_value(kind, bits);
    if !v.is_finite() {
        return None;
    }
    let t = v.trunc();
    let (lo, hi) = if signed {
        (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1))
    } else {
        (0.0, 2f64.powi(width as i32))
    };
    if t < lo || t >= hi {
        return None;
    }
    if t < 0.0 {
        Some(Int::from_i128(-((-t) as u128 as i128), width))
    } else {
        Some(Int::new(t as u128, width))
    }
}

/// An exact conversion between float formats (MLIR's `convertFloatValue`): `None` when the
/// value is not representable without loss.
pub fn float_convert_exact(from: FloatKind, bits: u128, to: FloatKind) -> Option<u128> {
    let v = float_value(from, bits);
    if v.is_nan() {
        // The payload moves with the significand; a narrower format must not lose any of it.
        let (fs, ts) = (sem(from), sem(to));
        let payload = bits & mask(fs.mantissa_bits);
        let quiet = 1u128 << (fs.mantissa_bits - 1);
        if payload & quiet == 0 {
            return None;
        }
        let moved = if ts.mantissa_bits >= fs.mantissa_bits {
            payload << (ts.mantissa_bits - fs.mantissa_bits)
        } else {
            let shift = fs.mantissa_bits - ts.mantissa_bits;
            if payload & mask(shift) != 0 {
                return None;
            }
            payload >> shift
        };
        let sign = (float_is_negative(from, bits) as u128) << (ts.bit_width - 1);
        let exp = mask(ts.exponent_bits) << ts.mantissa_bits;
        return Some(sign | exp | moved);
    }
    let r = crate::float::from_f64(to, v)?;
    (float_value(to, r) == v && float_is_negative(to, r) == v.is_sign_negative()).then_some(r)
}
