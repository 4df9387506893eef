//! Conversions between f64 and every float format MLIR has, by bit pattern.
//!
//! Float attributes store raw bits in their type's format so that nothing is lost for
//! formats wider or narrower than f64. These helpers convert with round-to-nearest-even,
//! honouring each format's handling of infinity and NaN.

use crate::types::{FloatKind, NonFinite};

/// The bit pattern of `value` in `kind`'s format, rounded to nearest (ties to even).
/// Returns `None` when the value cannot be represented at all (NaN or infinity in a format
/// that has none).
pub fn from_f64(kind: FloatKind, value: f64) -> Option<u128> {
    let sem = kind.semantics();
    if kind == FloatKind::F64 {
        return Some(value.to_bits() as u128);
    }
    if kind == FloatKind::F32 && value.is_finite() {
        // Fast path that also handles subnormals exactly as the hardware does.
        return Some((value as f32).to_bits() as u128);
    }
    let sign = value.is_sign_negative();
    let sign_bit: u128 = if sem.has_sign { (sign as u128) << (sem.bit_width - 1) } else { 0 };
    let exp_bits = sem.exponent_bits;
    let man_bits = sem.mantissa_bits;
    let int_bit: u128 = if sem.explicit_integer_bit { 1u128 << man_bits } else { 0 };
    // The exponent sits above the stored mantissa (and above f80's explicit integer bit).
    let exp_shift = man_bits + sem.explicit_integer_bit as u32;
    let max_exp_field: u128 = (1u128 << exp_bits) - 1;
    let mant_mask: u128 = (1u128 << man_bits) - 1;

    if value.is_nan() {
        return match sem.non_finite {
            NonFinite::Ieee => {
                Some(sign_bit | (max_exp_field << exp_shift) | int_bit | (1u128 << (man_bits.max(1) - 1)))
            }
            NonFinite::NanOnlyAllOnes => Some(sign_bit | (max_exp_field << exp_shift) | mant_mask),
            NonFinite::NanIsNegativeZero => Some(1u128 << (sem.bit_width - 1)),
            NonFinite::FiniteOnly => None,
        };
    }
    if !sem.has_sign && sign && value != 0.0 {
        return None;
    }
    if value.is_infinite() {
        return match sem.non_finite {
            NonFinite::Ieee => Some(sign_bit | (max_exp_field << exp_shift) | int_bit),
            _ => None,
        };
    }
    if value == 0.0 {
        // FNUZ formats have no negative zero; its pattern is NaN.
        return Some(if sem.non_finite == NonFinite::NanIsNegativeZero { 0 } else { sign_bit });
    }
    // Exact decomposition of |value| = m * 2^e with a 53-bit integer m.
    let abs = value.abs();
    let bits = abs.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let (m, e) = if raw_exp == 0 {
        (bits & ((1 << 52) - 1), -1074)
    } else {
        ((bits & ((1 << 52) - 1)) | (1 << 52), raw_exp - 1075)
    };
    // Normalise so m's top bit is bit 52.
    let lz = m.leading_zeros() as i32 - 11;
    let m = (m as u128) << lz;
    let e = e - lz;
    // value = 1.f * 2^(e + 52)
    let unbiased = e + 52;
    let min_normal_exp = 1 - sem.bias;
    // Largest exponent field that holds finite numbers, and the largest mantissa there.
    let (max_finite_field, max_finite_mant) = match sem.non_finite {
        NonFinite::Ieee => (max_exp_field - 1, mant_mask),
        NonFinite::NanOnlyAllOnes => (max_exp_field, mant_mask.saturating_sub(1)),
        NonFinite::NanIsNegativeZero | NonFinite::FiniteOnly => (max_exp_field, mant_mask),
    };
    // Number of fraction bits to keep, and the exponent field.
    let (shift, mut field): (i32, i128) = if unbiased >= min_normal_exp {
        (52 - man_bits as i32, (unbiased + sem.bias) as i128)
    } else {
        // Subnormal: fewer fraction bits survive.
        (52 - man_bits as i32 + (min_normal_exp - unbiased), 0)
    };
    let mut mant = round_shift(m, shift);
    let implicit = 1u128 << man_bits;
    if field == 0 {
        if mant >= implicit {
            // Rounded up into the smallest normal.
            field = 1;
            mant -= implicit;
        }
    } else if mant >= implicit << 1 {
        // Mantissa overflowed into the next binade.
        mant >>= 1;
        field += 1;
        mant -= implicit;
    } else {
        mant -= implicit;
    }
    let overflow = field > max_finite_field as i128 || (field == max_finite_field as i128 && mant > max_finite_mant);
    if overflow {
        return match sem.non_finite {
            NonFinite::Ieee => Some(sign_bit | (max_exp_field << exp_shift) | int_bit),
            NonFinite::NanOnlyAllOnes => Some(sign_bit | (max_exp_field << exp_shift) | mant_mask),
            NonFinite::NanIsNegativeZero => Some(1u128 << (sem.bit_width - 1)),
            NonFinite::FiniteOnly => Some(sign_bit | (max_finite_field << exp_shift) | max_finite_mant),
        };
    }
    let explicit = if sem.explicit_integer_bit && field != 0 { int_bit } else { 0 };
    Some(sign_bit | ((field as u128) << exp_shift) | explicit | mant)
}

/// Shifts right by `shift` (or left when negative) rounding to nearest, ties to even.
fn round_shift(m: u128, shift: i32) -> u128 {
    if shift <= 0 {
        return m << (-shift) as u32;
    }
    if shift >= 127 {
        return 0;
    }
    let shift = shift as u32;
    let kept = m >> shift;
    let rem = m & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if rem > half || (rem == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    }
}

/// The value of `bits` in `kind`'s format as the nearest f64.
pub fn to_f64(kind: FloatKind, bits: u128) -> f64 {
    let sem = kind.semantics();
    if kind == FloatKind::F64 {
        return f64::from_bits(bits as u64);
    }
    if kind == FloatKind::F32 {
        return f32::from_bits(bits as u32) as f64;
    }
    if kind == FloatKind::F8E8M0FNU {
        // A bare exponent: no sign, no zero, no subnormals; 0x00 is 2^-127, 0xff is NaN.
        let field = (bits & 0xff) as i32;
        return if field == 0xff { f64::NAN } else { ldexp(1.0, field - sem.bias) };
    }
    let man_bits = sem.mantissa_bits;
    let exp_bits = sem.exponent_bits;
    let sign = sem.has_sign && (bits >> (sem.bit_width - 1)) & 1 == 1;
    let field = (bits >> (man_bits + sem.explicit_integer_bit as u32)) & ((1u128 << exp_bits) - 1);
    let mant = bits & ((1u128 << man_bits) - 1);
    let max_field = (1u128 << exp_bits) - 1;
    let s = if sign { -1.0 } else { 1.0 };
    match sem.non_finite {
        NonFinite::Ieee if field == max_field => return if mant == 0 { s * f64::INFINITY } else { f64::NAN },
        NonFinite::NanOnlyAllOnes if field == max_field && mant == (1u128 << man_bits) - 1 => return f64::NAN,
        NonFinite::NanIsNegativeZero if sign && field == 0 && mant == 0 => return f64::NAN,
        _ => {}
    }
    let (significand, exp) = if field == 0 {
        (mant as f64, 1 - sem.bias - man_bits as i32)
    } else {
        ((mant | (1u128 << man_bits)) as f64, field as i32 - sem.bias - man_bits as i32)
    };
    s * ldexp(significand, exp)
}

/// `x * 2^e` without overflowing or underflowing the scale factor itself: f80 and f128
/// exponents reach far beyond f64's, and `2f64.powi(e)` alone is 0 or inf there even when
/// the product is representable.
fn ldexp(mut x: f64, mut e: i32) -> f64 {
    let pow2 = |k: i32| f64::from_bits(((1023 + k) as u64) << 52);
    while e > 1000 {
        x *= pow2(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= pow2(-1000);
        e += 1000;
    }
    x * pow2(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_and_bf16_round_trip_common_values() {
        for v in [0.0, 1.0, -2.5, 0.1, 65504.0, 6.0e-8, 3.140625] {
            let h = from_f64(FloatKind::F16, v).unwrap();
            let back = to_f64(FloatKind::F16, h);
            assert!((back - v).abs() <= v.abs() * 1e-3 + 6e-8, "{v} -> {back}");
        }
        assert_eq!(from_f64(FloatKind::F16, 1.0), Some(0x3c00));
        assert_eq!(from_f64(FloatKind::BF16, 1.0), Some(0x3f80));
        assert_eq!(from_f64(FloatKind::F16, 65520.0), Some(0x7c00), "rounds to infinity");
        assert_eq!(from_f64(FloatKind::F16, f64::INFINITY), Some(0x7c00));
        assert_eq!(to_f64(FloatKind::F16, 0x7c00), f64::INFINITY);
    }

    #[test]
    fn fn_formats_have_no_infinity() {
        assert_eq!(from_f64(FloatKind::F8E4M3FN, f64::INFINITY), None);
        assert_eq!(from_f64(FloatKind::F8E4M3FN, 448.0), Some(0x7e));
        assert_eq!(to_f64(FloatKind::F8E4M3FN, 0x7e), 448.0);
        assert!(to_f64(FloatKind::F8E4M3FN, 0x7f).is_nan());
        assert!(to_f64(FloatKind::F8E5M2FNUZ, 0x80).is_nan());
        assert_eq!(from_f64(FloatKind::F4E2M1FN, 6.0), Some(0x7));
        assert_eq!(from_f64(FloatKind::F4E2M1FN, 100.0), Some(0x7), "finite-only formats saturate");
    }

    #[test]
    fn f80_and_f128_one() {
        assert_eq!(from_f64(FloatKind::F80, 1.0), Some(0x3fff_8000_0000_0000_0000));
        assert_eq!(to_f64(FloatKind::F80, 0x3fff_8000_0000_0000_0000), 1.0);
        assert_eq!(from_f64(FloatKind::F128, 1.0), Some(0x3fff_0000_0000_0000_0000_0000_0000_0000));
        assert_eq!(to_f64(FloatKind::F128, from_f64(FloatKind::F128, -0.375).unwrap()), -0.375);
    }
}
