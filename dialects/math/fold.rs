//! The math dialect's folds (upstream's `MathOps.cpp`): constant folding of scalars, splats
//! and dense elements, with poison propagated. Transcendental functions fold only for f32
//! and f64, computed with the host's libm as upstream does; rounding, sign and integer
//! folds take every width.

use std::sync::Arc;

use crate::attrs::Attribute;
use crate::context::Context;
use crate::dialects::fold_util_memtensor::{fold_binary, fold_unary, mask, ElemKind};
use crate::ir::OpId;
use crate::pass::{FoldResult, Folded};
use crate::types::FloatKind;

pub(crate) fn register_hooks(ctx: &mut Context) {
    // math's fast-math flags are arith's attribute.
    ctx.load_dialect("arith");
    // Upstream's `MathDialect::materializeConstant`: poison as `ub.poison`, everything else
    // as `arith.constant` — exactly arith's materializer.
    ctx.register_constant_materializer("math", Arc::new(super::arith::materialize_constant));

    for (name, f) in LIBM_UNARY {
        let f = *f;
        unary_float(ctx, name, move |k, bits| libm_unary(k, bits, f));
    }
    // f32 only: std has no erf, and f64 precision is enough to round an f32 result.
    unary_float(ctx, "math.erf", |k, bits| (k == FloatKind::F32).then(|| f32_bits(erf64(f32_of(bits) as f64) as f32)));
    unary_float(ctx, "math.erfc", |k, bits| {
        (k == FloatKind::F32).then(|| f32_bits(erfc64(f32_of(bits) as f64) as f32))
    });
    unary_float(ctx, "math.absf", |k, bits| Some(bits & !sign_bit(k)));
    unary_float(ctx, "math.ceil", |k, bits| round_any(k, bits, f64::ceil));
    unary_float(ctx, "math.floor", |k, bits| round_any(k, bits, f64::floor));
    unary_float(ctx, "math.roundeven", |k, bits| round_any(k, bits, f64::round_ties_even));
    binary_float(ctx, "math.copysign", false, |k, a, _, b| Some((a & !sign_bit(k)) | (b & sign_bit(k))));
    binary_float(ctx, "math.powf", false, |k, a, _, b| match k {
        FloatKind::F64 => Some(f64_bits(f64_of(a).powf(f64_of(b)))),
        FloatKind::F32 => Some(f32_bits(f32_of(a).powf(f32_of(b)))),
        _ => None,
    });
    binary_float(ctx, "math.atan2", false, |k, a, _, b| {
        if is_zero(k, a) && is_zero(k, b) {
            return crate::float::from_f64(k, f64::NAN);
        }
        match k {
            FloatKind::F64 => Some(f64_bits(f64_of(a).atan2(f64_of(b)))),
            FloatKind::F32 => Some(f32_bits(f32_of(a).atan2(f32_of(b)))),
            _ => None,
        }
    });
    binary_float(ctx, "math.fpowi", true, |k, a, ik, b| {
        let ElemKind::Int(w) = ik else { return None };
        // iree-opt folds by squaring and multiplying in the base's format (each step
        // rounded), and takes the reciprocal for negative exponents.
        let exp = sign_extend(b, w);
        match k {
            FloatKind::F64 => Some(f64_bits(powi_by_squaring(f64_of(a), exp, 1.0, |x, y| x * y, |x, y| x / y))),
            FloatKind::F32 => Some(f32_bits(powi_by_squaring(f32_of(a), exp, 1.0, |x, y| x * y, |x, y| x / y))),
            _ => None,
        }
    });

    for (name, test) in CLASSIFY {
        let test = *test;
        ctx.register_fold_hook(
            name,
            Arc::new(move |ctx: &mut Context, op: OpId, c: &[Option<Attribute>]| {
                let result = ctx.op_result_types(op)?[0];
                let scalar = ctx.element_type(result).unwrap_or(result);
                let folded =
                    fold_unary(ctx, c.first().copied().flatten(), true, Some((result, scalar)), false, |k, b| {
                        let ElemKind::Float(k) = k else { return None };
                        Some(test(k, b) as u128)
                    });
                Ok(done(folded))
            }),
        );
    }

    unary_int(ctx, "math.absi", |w, v| Some(if sign_extend(v, w) < 0 { v.wrapping_neg() & mask(w) } else { v }));
    unary_int(ctx, "math.ctlz", |w, v| Some(if v == 0 { w as u128 } else { (v.leading_zeros() - (128 - w)) as u128 }));
    unary_int(ctx, "math.cttz", |w, v| Some(if v == 0 { w as u128 } else { v.trailing_zeros() as u128 }));
    unary_int(ctx, "math.ctpop", |_, v| Some(v.count_ones() as u128));
    ctx.register_fold_hook(
        "math.ipowi",
        Arc::new(|ctx: &mut Context, _op: OpId, c: &[Option<Attribute>]| {
            let folded = fold_binary(ctx, c[0], c[1], false, false, |k, base, _, power| {
                let ElemKind::Int(w) = k else { return None };
                ipowi(w, base, power)
            });
            Ok(done(folded))
        }),
    );
}

type Libm = (fn(f64) -> f64, fn(f32) -> f32);

/// Functions folded with libm for f32 and f64 only, with upstream's domain checks.
const LIBM_UNARY: &[(&str, Libm)] = &[
    ("math.acos", (f64::acos, f32::acos)),
    ("math.acosh", (acosh64, |x| acosh64(x as f64) as f32)),
    ("math.asin", (f64::asin, f32::asin)),
    ("math.asinh", (f64::asinh, |x| (x as f64).asinh() as f32)),
    ("math.atan", (f64::atan, f32::atan)),
    ("math.atanh", (f64::atanh, |x| (x as f64).atanh() as f32)),
    ("math.cbrt", (f64::cbrt, f32::cbrt)),
    ("math.cos", (f64::cos, f32::cos)),
    ("math.cosh", (f64::cosh, f32::cosh)),
    ("math.sin", (f64::sin, f32::sin)),
    ("math.sinh", (f64::sinh, f32::sinh)),
    ("math.exp", (f64::exp, f32::exp)),
    ("math.exp2", (f64::exp2, f32::exp2)),
    ("math.expm1", (f64::exp_m1, f32::exp_m1)),
    ("math.log", (f64::ln, f32::ln)),
    ("math.log2", (f64::log2, f32::log2)),
    ("math.log10", (f64::log10, f32::log10)),
    ("math.log1p", (f64::ln_1p, f32::ln_1p)),
    ("math.sqrt", (f64::sqrt, f32::sqrt)),
    ("math.rsqrt", (|x| 1.0 / x.sqrt(), |x| 1.0 / x.sqrt())),
    ("math.tan", (f64::tan, f32::tan)),
    ("math.tanh", (f64::tanh, f32::tanh)),
    ("math.round", (f64::round, f32::round)),
    ("math.trunc", (f64::trunc, f32::trunc)),
];

type Classify = fn(FloatKind, u128) -> bool;

const CLASSIFY: &[(&str, Classify)] = &[
    ("math.isnan", |k, b| crate::float::to_f64(k, b).is_nan()),
    ("math.isinf", |k, b| crate::float::to_f64(k, b).is_infinite()),
    ("math.isfinite", |k, b| crate::float::to_f64(k, b).is_finite()),
    ("math.isnormal", |k, b| {
        // Normal in the operand's own format: not zero, subnormal, infinite or NaN.
        let v = crate::float::to_f64(k, b);
        if !v.is_finite() || v == 0.0 {
            return false;
        }
        let sem = k.semantics();
        let exp_field =
            (b >> (sem.mantissa_bits + sem.explicit_integer_bit as u32)) & ((1u128 << sem.exponent_bits) - 1);
        exp_field != 0
    }),
];

/// glibc answers x < 1 with the NaN x86 makes of 0/0 (sign set); std's acosh with +NaN.
fn acosh64(x: f64) -> f64 {
    if x < 1.0 {
        return -f64::NAN;
    }
    x.acosh()
}

fn libm_unary(k: FloatKind, bits: u128, (f64_fn, f32_fn): Libm) -> Option<u128> {
    match k {
        FloatKind::F64 => Some(f64_bits(f64_fn(f64_of(bits)))),
        FloatKind::F32 => Some(f32_bits(f32_fn(f32_of(bits)))),
        _ => None,
    }
}

/// Upstream leaves `log`, `log2`, `log10`, `sqrt` and `rsqrt` of a value with the sign bit
/// set (-0.0 and negative NaNs included) unfolded, and `log1p` when `x + 1` has it.
fn domain_ok(name: &str, k: FloatKind, bits: u128) -> bool {
    let negative = bits & sign_bit(k) != 0;
    match name {
        "math.log" | "math.log2" | "math.log10" | "math.sqrt" | "math.rsqrt" => !negative,
        "math.log1p" => match k {
            FloatKind::F64 => !(f64_of(bits) + 1.0).is_sign_negative(),
            FloatKind::F32 => !(f32_of(bits) + 1.0).is_sign_negative(),
            _ => true,
        },
        _ => true,
    }
}

fn unary_float(
    ctx: &mut Context,
    name: &'static str,
    f: impl Fn(FloatKind, u128) -> Option<u128> + Send + Sync + 'static,
) {
    ctx.register_fold_hook(
        name,
        Arc::new(move |ctx: &mut Context, _op: OpId, c: &[Option<Attribute>]| {
            let folded = fold_unary(ctx, c.first().copied().flatten(), true, None, true, |k, bits| {
                let ElemKind::Float(k) = k else { return None };
                if !domain_ok(name, k, bits) {
                    return None;
                }
                f(k, bits)
            });
            Ok(done(folded))
        }),
    );
}

fn binary_float(
    ctx: &mut Context,
    name: &str,
    mixed: bool,
    f: impl Fn(FloatKind, u128, ElemKind, u128) -> Option<u128> + Send + Sync + 'static,
) {
    ctx.register_fold_hook(
        name,
        Arc::new(move |ctx: &mut Context, _op: OpId, c: &[Option<Attribute>]| {
            let folded = fold_binary(ctx, c[0], c[1], true, mixed, |lk, a, rk, b| {
                let ElemKind::Float(k) = lk else { return None };
                f(k, a, rk, b)
            });
            Ok(done(folded))
        }),
    );
}

fn unary_int(ctx: &mut Context, name: &str, f: impl Fn(u32, u128) -> Option<u128> + Send + Sync + 'static) {
    ctx.register_fold_hook(
        name,
        Arc::new(move |ctx: &mut Context, _op: OpId, c: &[Option<Attribute>]| {
            let folded = fold_unary(ctx, c.first().copied().flatten(), false, None, true, |k, v| {
                let ElemKind::Int(w) = k else { return None };
                f(w, v)
            });
            Ok(done(folded))
        }),
    );
}

fn done(folded: Option<Attribute>) -> Folded {
    match folded {
        Some(a) => Folded::Results(vec![FoldResult::Attr(a)]),
        None => Folded::NotFolded,
    }
}

/// `base^exp` by square-and-multiply from the low bit, each product rounded.
fn powi_by_squaring<T: Copy>(base: T, exp: i128, one: T, mul: impl Fn(T, T) -> T, div: impl Fn(T, T) -> T) -> T {
    let (mut result, mut b, mut n) = (one, base, exp.unsigned_abs());
    while n != 0 {
        if n & 1 == 1 {
            result = mul(result, b);
        }
        b = mul(b, b);
        n >>= 1;
    }
    if exp < 0 {
        div(one, result)
    } else {
        result
    }
}

/// Upstream's `IPowIOp::fold` on `w`-bit values (wrapping products).
fn ipowi(w: u32, base: u128, power: u128) -> Option<u128> {
    if w == 1 {
        return None;
    }
    let m = mask(w);
    let one = 1u128;
    let minus_one = m;
    if power == 0 {
        return Some(one);
    }
    if sign_extend(power, w) < 0 {
        if base == 0 {
            return None;
        }
        if base == one {
            return Some(one);
        }
        if base != minus_one {
            return Some(0);
        }
        return Some(if power & 1 == 1 { minus_one } else { one });
    }
    let (mut result, mut cur, mut p) = (one, base, power);
    loop {
        if p & 1 == 1 {
            result = result.wrapping_mul(cur) & m;
        }
        p >>= 1;
        if p == 0 {
            return Some(result);
        }
        cur = cur.wrapping_mul(cur) & m;
    }
}

fn sign_extend(v: u128, w: u32) -> i128 {
    if w == 0 {
        return 0;
    }
    let shift = 128 - w;
    ((v << shift) as i128) >> shift
}

fn sign_bit(k: FloatKind) -> u128 {
    1u128 << (k.bit_width() - 1)
}

fn is_zero(k: FloatKind, bits: u128) -> bool {
    bits & !sign_bit(k) == 0
}

/// `roundToIntegral` in any format up to f64's precision: through f64, where every such
/// value and its rounding are exact. NaNs are returned as they are.
fn round_any(k: FloatKind, bits: u128, f: fn(f64) -> f64) -> Option<u128> {
    if matches!(k, FloatKind::F80 | FloatKind::F128) {
        return None;
    }
    let v = crate::float::to_f64(k, bits);
    if v.is_nan() {
        return Some(bits);
    }
    crate::float::from_f64(k, f(v))
}

fn f64_of(bits: u128) -> f64 {
    f64::from_bits(bits as u64)
}

fn f32_of(bits: u128) -> f32 {
    f32::from_bits(bits as u32)
}

fn f64_bits(v: f64) -> u128 {
    v.to_bits() as u128
}

fn f32_bits(v: f32) -> u128 {
    v.to_bits() as u128
}

/// erf(x): the Maclaurin series below 2.5 (where its cancellation still leaves ~14 digits),
/// 1 - erfc(x) above.
fn erf64(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    let r = if a < 2.5 { erf_series(a) } else { 1.0 - erfc_fraction(a) };
    r.copysign(x)
}

/// erfc(x): 1 - erf(x) where that loses nothing f32 keeps, the continued fraction beyond.
fn erfc64(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 0.0 {
        return 2.0 - erfc64(-x);
    }
    if x < 2.5 {
        1.0 - erf_series(x)
    } else {
        erfc_fraction(x)
    }
}

fn erf_series(x: f64) -> f64 {
    let x2 = x * x;
    let (mut term, mut sum, mut n) = (x, x, 0.0f64);
    loop {
        n += 1.0;
        term *= -x2 / n;
        let add = term / (2.0 * n + 1.0);
        sum += add;
        if add.abs() < 1e-18 * sum.abs() {
            break;
        }
    }
    sum * std::f64::consts::FRAC_2_SQRT_PI
}

/// erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), by Lentz.
fn erfc_fraction(x: f64) -> f64 {
    if x > 27.0 {
        return 0.0;
    }
    let tiny = 1e-300;
    let mut f = x;
    let (mut c, mut d) = (x, 0.0f64);
    for k in 1..500 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        d = if d == 0.0 { tiny } else { d };
        c = x + a / c;
        c = if c == 0.0 { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-17 {
            break;
        }
    }
    (-x * x).exp() / f * (1.0 / std::f64::consts::PI.sqrt())
}
