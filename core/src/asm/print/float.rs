//! Float formatting exactly as MLIR's `printFloatValue` (AsmPrinter.cpp) over LLVM's
//! `APFloat::toString`, for every float format, from the raw bits.
//!
//! MLIR first tries `toString(FormatPrecision = 6, FormatMaxPadding = 0, TruncateZero =
//! false)` (always scientific: `1.000000e+00`) and keeps it when parsing it back gives the
//! same bits; otherwise it uses the default `toString()` (shortest-ish, up to
//! `2 + precision * 59 / 196` digits) when that contains a `.`; otherwise, and for
//! infinities and NaNs, the bit pattern in hex (`0x7FC00000`).
//!
//! `APFloat::toString` is reproduced digit for digit, including its quirks: it first
//! truncates the exact decimal expansion to a few more digits than asked (a floor division),
//! then rounds the remaining digit string half-up.

use std::cmp::Ordering;

use super::bigint::{fmt_u128, itoa_buf, BigUint, POW10_19};
use crate::types::{FloatKind, NonFinite};

/// A decoded float value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Category {
    Zero,
    Inf,
    NaN,
    /// `m * 2^q`, with `m < 2^p`. `canonical` is false for encodings that a parse can never
    /// produce (x87 unnormals and pseudo-denormals), which therefore never round-trip.
    Finite {
        m: u128,
        q: i32,
        canonical: bool,
    },
}

struct Format {
    /// Significand bits including the integer bit (APFloat's `precision`).
    p: u32,
    /// Exponent of the smallest normal binade (APFloat's `minExponent`).
    emin: i32,
}

fn format_of(kind: FloatKind) -> Format {
    let sem = kind.semantics();
    let emin = if kind == FloatKind::F8E8M0FNU { -sem.bias } else { 1 - sem.bias };
    Format { p: sem.mantissa_bits + 1, emin }
}

fn decode(kind: FloatKind, bits: u128) -> (bool, Category) {
    let sem = kind.semantics();
    let width = sem.bit_width;
    let bits = if width >= 128 { bits } else { bits & ((1u128 << width) - 1) };
    let neg = sem.has_sign && (bits >> (width - 1)) & 1 == 1;
    let man_bits = sem.mantissa_bits;
    let exp_shift = man_bits + sem.explicit_integer_bit as u32;
    let field = ((bits >> exp_shift) & ((1u128 << sem.exponent_bits) - 1)) as i32;
    let max_field = (1i32 << sem.exponent_bits) - 1;
    let mant = bits & ((1u128 << man_bits) - 1);
    let emin = format_of(kind).emin;

    if sem.explicit_integer_bit {
        // x87 extended precision, as APFloat's initFromF80LongDoubleAPInt.
        let sig = bits & ((1u128 << 64) - 1);
        let int_bit = sig >> 63 & 1 == 1;
        if field == 0 && sig == 0 {
            return (neg, Category::Zero);
        }
        if field == max_field {
            return (neg, if sig == 1u128 << 63 { Category::Inf } else { Category::NaN });
        }
        let e = if field == 0 { emin } else { field - sem.bias };
        let canonical = if field == 0 { !int_bit } else { int_bit };
        return (neg, Category::Finite { m: sig, q: e - 63, canonical });
    }

    match sem.non_finite {
        NonFinite::Ieee if field == max_field => {
            return (neg, if mant == 0 { Category::Inf } else { Category::NaN });
        }
        NonFinite::NanOnlyAllOnes if field == max_field && mant == (1u128 << man_bits) - 1 => {
            return (neg, Category::NaN);
        }
        NonFinite::NanIsNegativeZero if neg && field == 0 && mant == 0 => return (neg, Category::NaN),
        _ => {}
    }
    if kind == FloatKind::F8E8M0FNU {
        // No zero, no subnormals: every exponent field is a power of two.
        return (false, Category::Finite { m: 1, q: field - sem.bias, canonical: true });
    }
    if field == 0 {
        if mant == 0 {
            return (neg, Category::Zero);
        }
        return (neg, Category::Finite { m: mant, q: emin - man_bits as i32, canonical: true });
    }
    let m = mant | (1u128 << man_bits);
    (neg, Category::Finite { m, q: field - sem.bias - man_bits as i32, canonical: true })
}

/// Appends MLIR's spelling of a float of `kind` with bit pattern `bits`. Returns whether it
/// was printed in hex (MLIR then never elides an `f64` attribute's type).
pub(crate) fn write_float(kind: FloatKind, bits: u128, out: &mut String) -> bool {
    let (neg, cat) = decode(kind, bits);
    match cat {
        Category::Inf | Category::NaN => {}
        Category::Zero => {
            if neg {
                out.push('-');
            }
            // toString(6, 0, false) of zero, which always parses back to itself.
            out.push_str("0.000000e+00");
            return false;
        }
        Category::Finite { m, q, canonical } => {
            let p = format_of(kind).p;
            let (digits, exp) = decimal_digits(m, q, p, 6);
            if canonical && round_trips(&digits, exp, m, q, kind, abs_bits(kind, bits)) {
                if neg {
                    out.push('-');
                }
                format_digits(&digits, exp, 6, 0, false, out);
                return false;
            }
            // The default toString(): FormatPrecision 0 (derived from the precision),
            // FormatMaxPadding 3, TruncateZero true.
            let precision = 2 + p * 59 / 196;
            let (digits, exp) = decimal_digits(m, q, p, precision);
            let start = out.len();
            if neg {
                out.push('-');
            }
            format_digits(&digits, exp, precision, 3, true, out);
            if out[start..].contains('.') {
                return false;
            }
            out.truncate(start);
        }
    }
    write_hex_bits(kind, bits, out);
    true
}

/// The bit pattern without its sign bit.
fn abs_bits(kind: FloatKind, bits: u128) -> u128 {
    let sem = kind.semantics();
    let width = sem.bit_width;
    let bits = if width >= 128 { bits } else { bits & ((1u128 << width) - 1) };
    if sem.has_sign {
        bits & !(1u128 << (width - 1))
    } else {
        bits
    }
}

/// `0x` and the bit pattern in upper-case hex without leading zeros (APInt::toString with
/// `formatAsCLiteral`).
fn write_hex_bits(kind: FloatKind, bits: u128, out: &mut String) {
    let width = kind.semantics().bit_width;
    let bits = if width >= 128 { bits } else { bits & ((1u128 << width) - 1) };
    use std::fmt::Write;
    let _ = write!(out, "0x{bits:X}");
}

/// The decimal digits (least significant first, no trailing zeros) and power of ten of
/// `m * 2^q`, as `APFloat::toString` computes them for `format_precision` digits.
fn decimal_digits(m: u128, q: i32, _p: u32, format_precision: u32) -> (Vec<u8>, i32) {
    let tz = m.trailing_zeros();
    let m = m >> tz;
    let mut exp = q + tz as i32;
    // APFloat: (FormatPrecision * 196 + 58) / 59.
    let bits_required = (format_precision as u64 * 196).div_ceil(59);

    let mut buffer: Vec<u8> = Vec::with_capacity(40);
    // Fast path: everything fits in a u128.
    let small: Option<u128> = if exp >= 0 {
        let lz = m.leading_zeros() as i32;
        (exp < lz).then(|| m << exp)
    } else {
        let t = (-exp) as u32;
        if t <= 55 {
            5u128.checked_pow(t).and_then(|f| m.checked_mul(f))
        } else {
            None
        }
    };
    if exp > 0 {
        exp = 0;
    }
    if let Some(mut n) = small {
        let bits = 128 - n.leading_zeros() as u64;
        if bits > bits_required {
            let tens = (bits - bits_required) * 59 / 196;
            if tens > 0 {
                exp += tens as i32;
                for _ in 0..tens {
                    n /= 10;
                }
            }
        }
        push_digits_u128(n, &mut buffer, &mut exp, true);
    } else {
        let mut n = BigUint::from_u128(m);
        if q + (tz as i32) > 0 {
            n.shl((q + tz as i32) as u64);
        } else {
            n.mul_pow5((-(q + tz as i32)) as u64);
        }
        let bits = n.active_bits();
        if bits > bits_required {
            let tens = (bits - bits_required) * 59 / 196;
            if tens > 0 {
                exp += tens as i32;
                n.div_pow10(tens);
            }
        }
        let mut chunks: Vec<u64> = Vec::new();
        while !n.is_zero() {
            chunks.push(n.divrem_small(POW10_19));
        }
        let mut in_trail = true;
        let last = chunks.len().saturating_sub(1);
        for (i, &c) in chunks.iter().enumerate() {
            let mut c = c;
            let count = if i == last { u32::MAX } else { 19 };
            let mut k = 0;
            while k < count && (i != last || c != 0) {
                let d = (c % 10) as u8;
                c /= 10;
                if in_trail && d == 0 {
                    exp += 1;
                } else {
                    buffer.push(b'0' + d);
                    in_trail = false;
                }
                k += 1;
            }
        }
    }
    adjust_buffer_to_precision(&mut buffer, &mut exp, format_precision);
    (buffer, exp)
}

fn push_digits_u128(mut n: u128, buffer: &mut Vec<u8>, exp: &mut i32, mut in_trail: bool) {
    while n != 0 {
        let d = (n % 10) as u8;
        n /= 10;
        if in_trail && d == 0 {
            *exp += 1;
        } else {
            buffer.push(b'0' + d);
            in_trail = false;
        }
    }
}

/// APFloat's `AdjustToPrecision` over the digit buffer: round half-up on the first dropped
/// digit, then drop trailing zeros.
fn adjust_buffer_to_precision(buffer: &mut Vec<u8>, exp: &mut i32, format_precision: u32) {
    let n = buffer.len();
    let fp = format_precision as usize;
    if n <= fp {
        return;
    }
    let mut first = n - fp;
    if buffer[first - 1] < b'5' {
        while first < n && buffer[first] == b'0' {
            first += 1;
        }
        *exp += first as i32;
        buffer.drain(..first);
        return;
    }
    let mut i = first;
    while i != n {
        if buffer[i] == b'9' {
            first += 1;
            i += 1;
        } else {
            buffer[i] += 1;
            break;
        }
    }
    if first == n {
        *exp += first as i32;
        buffer.clear();
        buffer.push(b'1');
        return;
    }
    *exp += first as i32;
    buffer.drain(..first);
}

/// The formatting half of `APFloat::toString` (sign already written).
fn format_digits(
    buffer: &[u8],
    mut exp: i32,
    format_precision: u32,
    max_padding: u32,
    truncate_zero: bool,
    out: &mut String,
) {
    let nd = buffer.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || nd as u32 + exp as u32 > format_precision
    } else {
        let msd = exp + (nd as i32 - 1);
        if msd >= 0 {
            false
        } else {
            (-msd) as u32 > max_padding
        }
    };
    let digit = |i: usize| buffer[i] as char;
    if scientific {
        exp += nd as i32 - 1;
        out.push(digit(nd - 1));
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..nd {
                out.push(digit(nd - 1 - i));
            }
        }
        if !truncate_zero && format_precision as usize > nd - 1 {
            for _ in 0..(format_precision as usize - nd + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        let mut buf = itoa_buf();
        out.push_str(fmt_u128(e as u128, &mut buf));
        return;
    }
    if exp >= 0 {
        for i in 0..nd {
            out.push(digit(nd - 1 - i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return;
    }
    let whole = exp + nd as i32;
    let mut i = 0usize;
    if whole > 0 {
        while i != whole as usize {
            out.push(digit(nd - 1 - i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 1..(1 + (-whole) as u32) {
            out.push('0');
        }
    }
    while i != nd {
        out.push(digit(nd - 1 - i));
        i += 1;
    }
}

/// Whether the decimal `digits * 10^exp` parses (round to nearest, ties to even) back to
/// the finite value `m * 2^q` of `kind`.
fn round_trips(digits: &[u8], exp: i32, m: u128, q: i32, kind: FloatKind, abs_bits: u128) -> bool {
    let fmt = format_of(kind);
    let mut d: u128 = 0;
    for &c in digits.iter().rev() {
        d = d * 10 + (c - b'0') as u128;
    }
    // Fast path for f32/f64: Rust's parser rounds correctly.
    if kind == FloatKind::F64 || kind == FloatKind::F32 {
        let mut s = String::with_capacity(48);
        let mut buf = itoa_buf();
        s.push_str(fmt_u128(d, &mut buf));
        s.push('e');
        if exp < 0 {
            s.push('-');
        }
        s.push_str(fmt_u128(exp.unsigned_abs() as u128, &mut buf));
        return if kind == FloatKind::F64 {
            s.parse::<f64>().is_ok_and(|v| v.to_bits() as u128 == abs_bits)
        } else {
            s.parse::<f32>().is_ok_and(|v| v.to_bits() as u128 == abs_bits)
        };
    }
    let p = fmt.p;
    let min_q = fmt.emin - (p as i32 - 1);
    let bottom = p >= 1 && m == 1u128 << (p - 1) && q > min_q;
    let (lo_k, lo_f) = if bottom { (4 * m - 1, q - 2) } else { (2 * m - 1, q - 1) };
    let (hi_k, hi_f) = (2 * m + 1, q - 1);
    let c_lo = cmp_decimal_binary(d, exp, lo_k, lo_f);
    let c_hi = cmp_decimal_binary(d, exp, hi_k, hi_f);
    let even = m % 2 == 0;
    let lo_ok = c_lo == Ordering::Greater || (c_lo == Ordering::Equal && (p == 1 || even));
    let hi_ok = c_hi == Ordering::Less || (c_hi == Ordering::Equal && p > 1 && even);
    lo_ok && hi_ok
}

/// Compares `d * 10^e` with `k * 2^f`.
fn cmp_decimal_binary(d: u128, e: i32, k: u128, f: i32) -> Ordering {
    let mut a = BigUint::from_u128(d);
    let mut b = BigUint::from_u128(k);
    if e >= 0 {
        a.mul_pow5(e as u64);
    } else {
        b.mul_pow5((-e) as u64);
    }
    // a * 2^e vs b * 2^f
    if e >= f {
        a.shl((e as i64 - f as i64) as u64);
    } else {
        b.shl((f as i64 - e as i64) as u64);
    }
    a.cmp_big(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(kind: FloatKind, bits: u128) -> String {
        let mut s = String::new();
        write_float(kind, bits, &mut s);
        s
    }

    #[test]
    fn common_values() {
        assert_eq!(fmt(FloatKind::F64, 1.0f64.to_bits() as u128), "1.000000e+00");
        assert_eq!(fmt(FloatKind::F64, 0.1f64.to_bits() as u128), "1.000000e-01");
        assert_eq!(fmt(FloatKind::F32, std::f32::consts::PI.to_bits() as u128), "3.14159274");
        assert_eq!(fmt(FloatKind::F64, 12345678.0f64.to_bits() as u128), "0x41678C29C0000000");
        assert_eq!(fmt(FloatKind::F32, f32::NAN.to_bits() as u128), "0x7FC00000");
        assert_eq!(fmt(FloatKind::F32, (-0.0f32).to_bits() as u128), "-0.000000e+00");
        assert_eq!(fmt(FloatKind::F16, 0x7c00), "0x7C00");
        assert_eq!(fmt(FloatKind::BF16, 0x3dcd), "1.000980e-01");
    }
}
