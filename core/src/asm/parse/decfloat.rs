//! Decimal float literals converted directly to a float format, rounded to nearest (ties
//! to even), as MLIR's parser does since it stopped going through `double` (LLVM PR
//! #220267, in LLVM 24): `0.1 : f80` is the f80 nearest to 0.1, not the double 0.1
//! widened.
//!
//! Exact arithmetic on big integers: the value `D * 10^E` is scaled to a quotient with a
//! few bits more than the format's precision plus a sticky bit, then rounded once.

use crate::types::{FloatKind, NonFinite};

/// Little-endian base-2^32 unsigned big integer, just what conversion needs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn mul_add_small(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for w in self.0.iter_mut() {
            let v = *w as u64 * m as u64 + carry;
            *w = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut e: u32) {
        while e >= 9 {
            self.mul_add_small(1_000_000_000, 0);
            e -= 9;
        }
        if e > 0 {
            self.mul_add_small(10u32.pow(e), 0);
        }
    }

    fn bit_len(&self) -> u64 {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return i as u64 * 32 + (32 - w.leading_zeros() as u64);
            }
        }
        0
    }

    fn shl(&mut self, bits: u64) {
        if bits == 0 || self.is_zero() {
            return;
        }
        let words = (bits / 32) as usize;
        let rem = (bits % 32) as u32;
        if rem != 0 {
            let mut carry = 0u32;
            for w in self.0.iter_mut() {
                let v = (*w << rem) | carry;
                carry = *w >> (32 - rem);
                *w = v;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if words > 0 {
            self.0.splice(0..0, std::iter::repeat(0).take(words));
        }
    }

    fn cmp_big(&self, other: &Big) -> std::cmp::Ordering {
        let (a, b) = (&self.0, &other.0);
        let la = a.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
        let lb = b.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
        if la != lb {
            return la.cmp(&lb);
        }
        for i in (0..la).rev() {
            if a[i] != b[i] {
                return a[i].cmp(&b[i]);
            }
        }
        std::cmp::Ordering::Equal
    }

    fn sub_assign(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let o = other.0.get(i).copied().unwrap_or(0) as i64;
            let mut v = self.0[i] as i64 - o - borrow;
            borrow = 0;
            if v < 0 {
                v += 1 << 32;
                borrow = 1;
            }
            self.0[i] = v as u32;
        }
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for w in self.0.iter_mut().rev() {
            let v = (*w >> 1) | (carry << 31);
            carry = *w & 1;
            *w = v;
        }
    }
}

/// `num / den` where the quotient has at most `qbits` bits; returns (quotient, remainder
/// is non-zero). `num` is consumed.
fn div_small_quotient(mut num: Big, den: &Big, qbits: u32) -> (u128, bool) {
    let mut d = den.clone();
    d.shl(qbits as u64);
    let mut q: u128 = 0;
    for i in (0..=qbits).rev() {
        if num.cmp_big(&d) != std::cmp::Ordering::Less {
            num.sub_assign(&d);
            if i < 128 {
                q |= 1u128 << i;
            }
        }
        d.shr1();
    }
    (q, !num.is_zero())
}

/// Significant digits kept exactly; a non-zero tail beyond them becomes a sticky digit.
const MAX_DIGITS: usize = 2000;

/// The bits of the positive decimal literal `text` (`digits[.digits][e[+-]digits]`) in
/// `kind`, rounded to nearest even. `None` for formats this cannot encode exactly
/// (f8E8M0FNU, which has no zero and no sign; the caller falls back).
pub fn decimal_to_bits(text: &str, kind: FloatKind) -> Option<u128> {
    if kind == FloatKind::F8E8M0FNU {
        return None;
    }
    let sem = kind.semantics();
    let (mant, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    };
    let (int_part, frac_part) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    // Decimal exponent, saturated: anything this large over- or underflows every format.
    let mut e10: i64 = 0;
    if !exp.is_empty() {
        let (neg, digits) = match exp.as_bytes()[0] {
            b'-' => (true, &exp[1..]),
            b'+' => (false, &exp[1..]),
            _ => (false, exp),
        };
        for b in digits.bytes() {
            e10 = (e10 * 10 + (b - b'0') as i64).min(1 << 40);
        }
        if neg {
            e10 = -e10;
        }
    }
    e10 -= frac_part.len() as i64;
    // Significant digits.
    let all = int_part.bytes().chain(frac_part.bytes());
    let mut digits: Vec<u8> = Vec::new();
    let mut leading = true;
    let mut dropped_nonzero = false;
    let mut dropped = 0i64;
    for b in all {
        if leading && b == b'0' {
            continue;
        }
        leading = false;
        if digits.len() < MAX_DIGITS {
            digits.push(b - b'0');
        } else {
            dropped += 1;
            dropped_nonzero |= b != b'0';
        }
    }
    e10 += dropped;
    if dropped_nonzero {
        digits.push(1);
        e10 -= 1;
    }
    // Strip trailing zeros into the exponent.
    while digits.last() == Some(&0) {
        digits.pop();
        e10 += 1;
    }
    let sign_zero = 0u128;
    if digits.is_empty() {
        return Some(sign_zero);
    }
    let p = sem.mantissa_bits + 1; // precision including the leading bit
    let emin = 1 - sem.bias;
    let max_field = (1i64 << sem.exponent_bits) - 1;
    let emax = match sem.non_finite {
        NonFinite::Ieee => max_field - 1 - sem.bias as i64,
        _ => max_field - sem.bias as i64,
    };
    let magnitude = e10 + digits.len() as i64; // value < 10^magnitude
    if magnitude > 6000 {
        return Some(overflow_bits(kind));
    }
    if magnitude < -6000 {
        return Some(sign_zero);
    }
    let mut d = Big(Vec::with_capacity(digits.len() / 9 + 2));
    d.0.push(0);
    for chunk in digits.chunks(9) {
        let mut v = 0u32;
        for &c in chunk {
            v = v * 10 + c as u32;
        }
        d.mul_add_small(10u32.pow(chunk.len() as u32), v);
    }
    d.trim();
    let (mut num, mut den) = if e10 >= 0 {
        d.mul_pow10(e10 as u32);
        (d, Big(vec![1]))
    } else {
        let mut den = Big(vec![1]);
        den.mul_pow10((-e10) as u32);
        (d, den)
    };
    // Scale so the quotient has p + 3 or p + 4 bits.
    let target = p as i64 + 3;
    let shift = target - (num.bit_len() as i64 - den.bit_len() as i64);
    if shift >= 0 {
        num.shl(shift as u64);
    } else {
        den.shl((-shift) as u64);
    }
    let (q, sticky) = div_small_quotient(num, &den, (p + 5).min(127));
    let qbits = 128 - q.leading_zeros() as i64;
    let e = qbits - 1 - shift; // exponent of the leading bit
    let keep = if e < emin as i64 { p as i64 - (emin as i64 - e) } else { p as i64 };
    let drop = qbits - keep;
    let (mut m, round_up) = if drop >= 127 {
        (0u128, false)
    } else if drop <= 0 {
        (q.checked_shl((-drop) as u32).unwrap_or(0), false)
    } else {
        let m = q >> drop;
        let rem = q & ((1u128 << drop) - 1);
        let half = 1u128 << (drop - 1);
        let up = rem > half || (rem == half && (sticky || m & 1 == 1));
        (m, up)
    };
    if round_up {
        m += 1;
    }
    let man_bits = sem.mantissa_bits;
    let explicit = sem.explicit_integer_bit;
    if e < emin as i64 {
        // Subnormal (or rounded up into the smallest normal).
        if m == 0 {
            return Some(sign_zero);
        }
        if explicit {
            if m >= 1u128 << man_bits {
                return Some((1u128 << (man_bits + 1)) | m);
            }
            return Some(m);
        }
        return Some(m);
    }
    let mut e = e;
    if m >> p != 0 {
        m >>= 1;
        e += 1;
    }
    let all_ones = (1u128 << man_bits) - 1;
    let frac = m & all_ones;
    let too_big = e > emax || (e == emax && sem.non_finite == NonFinite::NanOnlyAllOnes && frac == all_ones);
    if too_big {
        return Some(overflow_bits(kind));
    }
    let field = (e + sem.bias as i64) as u128;
    let shift_e = man_bits + explicit as u32;
    let stored = if explicit { m } else { frac };
    Some((field << shift_e) | stored)
}

/// What a too-large literal becomes: infinity, NaN, or the largest finite value, by format
/// (as `crate::float::from_f64` handles overflow).
fn overflow_bits(kind: FloatKind) -> u128 {
    crate::float::from_f64(kind, f64::INFINITY)
        .or_else(|| crate::float::from_f64(kind, f64::NAN))
        .or_else(|| crate::float::from_f64(kind, f64::MAX))
        .unwrap_or(0)
}

/// Applies a sign to positive bits of `kind`; `None` if the format has no negative values.
pub fn negate_bits(kind: FloatKind, bits: u128) -> Option<u128> {
    let sem = kind.semantics();
    if !sem.has_sign {
        return None;
    }
    let sign = 1u128 << (sem.bit_width - 1);
    let magnitude_zero = bits & !sign == 0;
    if magnitude_zero && sem.non_finite == NonFinite::NanIsNegativeZero {
        return Some(bits);
    }
    Some(bits | sign)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_hardware_for_f32_and_f64() {
        for s in ["0.1", "1.5", "3.0e38", "1.0e-45", "123456.789e3", "2.5", "1.0e-320", "9.99e307", "0.3"] {
            let v: f64 = s.parse().unwrap();
            assert_eq!(decimal_to_bits(s, FloatKind::F64), Some(v.to_bits() as u128), "{s} f64");
            let f: f32 = s.parse().unwrap();
            assert_eq!(decimal_to_bits(s, FloatKind::F32), Some(f.to_bits() as u128), "{s} f32");
        }
    }

    #[test]
    fn f80_and_f128_are_rounded_directly() {
        // The f80 nearest to 0.1 (not the double 0.1 widened).
        assert_eq!(decimal_to_bits("0.1", FloatKind::F80), Some(0x3ffb_cccc_cccc_cccc_cccd));
        assert_eq!(decimal_to_bits("1.0", FloatKind::F80), Some(0x3fff_8000_0000_0000_0000));
        assert_eq!(decimal_to_bits("0.1", FloatKind::F128), Some(0x3ffb_9999_9999_9999_9999_9999_9999_999a));
        assert_eq!(decimal_to_bits("1.0", FloatKind::F16), Some(0x3c00));
        assert_eq!(decimal_to_bits("65520.0", FloatKind::F16), Some(0x7c00), "rounds to infinity");
        assert_eq!(decimal_to_bits("448.0", FloatKind::F8E4M3FN), Some(0x7e));
        assert_eq!(decimal_to_bits("0.0", FloatKind::F16), Some(0));
    }
}
