//! A minimal unsigned big integer for exact decimal formatting of floats and wide integers.
//!
//! Only what the printer needs: multiply by small numbers and powers of five, shifts,
//! division by small numbers, comparison. Little-endian 64-bit limbs, no leading zero limbs.

use std::cmp::Ordering;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BigUint {
    limbs: Vec<u64>,
}

/// 5^27 is the largest power of five that fits in a u64.
const POW5_27: u64 = 7_450_580_596_923_828_125;
/// 10^19 is the largest power of ten that fits in a u64.
pub(crate) const POW10_19: u64 = 10_000_000_000_000_000_000;

impl BigUint {
    pub(crate) fn from_u128(v: u128) -> BigUint {
        let mut b = BigUint { limbs: vec![v as u64, (v >> 64) as u64] };
        b.normalize();
        b
    }

    pub(crate) fn from_limbs(limbs: &[u64]) -> BigUint {
        let mut b = BigUint { limbs: limbs.to_vec() };
        b.normalize();
        b
    }

    fn normalize(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Number of significant bits (0 for zero).
    pub(crate) fn active_bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u64 - 1) * 64 + (64 - top.leading_zeros() as u64),
        }
    }

    /// The value, if it fits in a u128.
    pub(crate) fn to_u128(&self) -> Option<u128> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(self.limbs[0] as u128),
            2 => Some(self.limbs[0] as u128 | (self.limbs[1] as u128) << 64),
            _ => None,
        }
    }

    pub(crate) fn mul_small(&mut self, m: u64) {
        if m == 0 {
            self.limbs.clear();
            return;
        }
        let mut carry: u128 = 0;
        for limb in self.limbs.iter_mut() {
            let p = (*limb as u128) * (m as u128) + carry;
            *limb = p as u64;
            carry = p >> 64;
        }
        if carry != 0 {
            self.limbs.push(carry as u64);
        }
    }

    /// Multiplies by 5^n.
    pub(crate) fn mul_pow5(&mut self, mut n: u64) {
        while n >= 27 {
            self.mul_small(POW5_27);
            n -= 27;
        }
        if n > 0 {
            self.mul_small(5u64.pow(n as u32));
        }
    }

    pub(crate) fn shl(&mut self, bits: u64) {
        if self.is_zero() || bits == 0 {
            return;
        }
        let words = (bits / 64) as usize;
        let rem = (bits % 64) as u32;
        if rem != 0 {
            let mut carry = 0u64;
            for limb in self.limbs.iter_mut() {
                let next = *limb >> (64 - rem);
                *limb = (*limb << rem) | carry;
                carry = next;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 {
            self.limbs.splice(0..0, std::iter::repeat(0).take(words));
        }
    }

    /// Divides in place by `d` (non-zero), returning the remainder.
    pub(crate) fn divrem_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | *limb as u128;
            *limb = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        self.normalize();
        rem as u64
    }

    /// Floor division by 10^n.
    pub(crate) fn div_pow10(&mut self, mut n: u64) {
        while n >= 19 && !self.is_zero() {
            self.divrem_small(POW10_19);
            n -= 19;
        }
        if n > 0 && !self.is_zero() {
            self.divrem_small(10u64.pow(n as u32));
        }
    }

    pub(crate) fn cmp_big(&self, other: &BigUint) -> Ordering {
        self.limbs.len().cmp(&other.limbs.len()).then_with(|| {
            for (a, b) in self.limbs.iter().rev().zip(other.limbs.iter().rev()) {
                match a.cmp(b) {
                    Ordering::Equal => continue,
                    o => return o,
                }
            }
            Ordering::Equal
        })
    }

    /// Appends the decimal digits to `out`.
    pub(crate) fn write_decimal(&self, out: &mut String) {
        if let Some(v) = self.to_u128() {
            let mut buf = itoa_buf();
            out.push_str(fmt_u128(v, &mut buf));
            return;
        }
        let mut n = self.clone();
        let mut chunks: Vec<u64> = Vec::new();
        while !n.is_zero() {
            chunks.push(n.divrem_small(POW10_19));
        }
        let mut buf = itoa_buf();
        let last = chunks.len() - 1;
        out.push_str(fmt_u128(chunks[last] as u128, &mut buf));
        for &c in chunks[..last].iter().rev() {
            let s = fmt_u128(c as u128, &mut buf);
            for _ in s.len()..19 {
                out.push('0');
            }
            out.push_str(s);
        }
    }
}

/// A stack buffer for formatting one integer.
pub(crate) fn itoa_buf() -> [u8; 40] {
    [0u8; 40]
}

/// Formats `v` in decimal into `buf`, returning the digits.
pub(crate) fn fmt_u128(mut v: u128, buf: &mut [u8; 40]) -> &str {
    let mut i = buf.len();
    if v == 0 {
        i -= 1;
        buf[i] = b'0';
    }
    while v > 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_of_large_values() {
        let mut b = BigUint::from_u128(1);
        b.shl(200);
        let mut s = String::new();
        b.write_decimal(&mut s);
        assert_eq!(s, "1606938044258990275541962092341162602522202993782792835301376");
        let mut p = BigUint::from_u128(1);
        p.mul_pow5(30);
        let mut s = String::new();
        p.write_decimal(&mut s);
        assert_eq!(s, "931322574615478515625");
        p.div_pow10(5);
        let mut s = String::new();
        p.write_decimal(&mut s);
        assert_eq!(s, "9313225746154785");
        assert_eq!(BigUint::from_u128(255).active_bits(), 8);
    }
}
