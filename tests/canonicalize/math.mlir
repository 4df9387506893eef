// cse
func.func @unary_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = arith.constant 0.7 : f32
  %0 = math.sin %a : f32
  %1 = math.cos %a : f32
  %2 = math.tan %a : f32
  %3 = math.exp %a : f32
  %4 = math.exp2 %a : f32
  %5 = math.expm1 %a : f32
  %6 = math.log %a : f32
  %7 = math.log2 %a : f32
  %8 = math.log10 %a : f32
  %9 = math.log1p %a : f32
  %10 = math.sqrt %a : f32
  %11 = math.rsqrt %a : f32
  %12 = math.tanh %a : f32
  %13 = math.atan %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

func.func @unary_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a = arith.constant 1.25 : f64
  // cbrt and asinh of f64 are left out: glibc rounds them differently from std.
  %0 = math.sin %a : f64
  %1 = math.cos %a : f64
  %2 = math.exp %a : f64
  %3 = math.log %a : f64
  %4 = math.sqrt %a : f64
  %5 = math.exp2 %a : f64
  %6 = math.sinh %a : f64
  %7 = math.cosh %a : f64
  %8 = math.asin %a : f64
  %9 = math.acos %a : f64
  %10 = math.round %a : f64
  %11 = math.trunc %a : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}

// -----

func.func @domain(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %n = arith.constant -2.0 : f32
  %z = arith.constant -0.0 : f32
  %m = arith.constant -1.5 : f32
  %0 = math.sqrt %n : f32
  %1 = math.log %n : f32
  %2 = math.log2 %z : f32
  %3 = math.log10 %n : f32
  %4 = math.rsqrt %z : f32
  %5 = math.log1p %m : f32
  %6 = math.log1p %n : f32
  %7 = math.sqrt %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

func.func @rounding() -> (f32, f32, f32, f32, f16, bf16, f16, f64, f32, f32) {
  %a = arith.constant -2.5 : f32
  %h = arith.constant 3.5 : f16
  %b = arith.constant -0.5 : bf16
  %d = arith.constant 2.5 : f64
  %0 = math.ceil %a : f32
  %1 = math.floor %a : f32
  %2 = math.roundeven %a : f32
  %3 = math.round %a : f32
  %4 = math.roundeven %h : f16
  %5 = math.ceil %b : bf16
  %6 = math.floor %h : f16
  %7 = math.roundeven %d : f64
  %8 = math.trunc %a : f32
  %9 = math.absf %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, f32, f16, bf16, f16, f64, f32, f32
}

// -----

func.func @other_formats() -> (f16, bf16, f16, f16) {
  %h = arith.constant 1.5 : f16
  %b = arith.constant 1.5 : bf16
  %0 = math.sin %h : f16
  %1 = math.exp %b : bf16
  %2 = math.absf %h : f16
  %3 = math.copysign %h, %h : f16
  return %0, %1, %2, %3 : f16, bf16, f16, f16
}

// -----

func.func @binary() -> (f32, f32, f64, f32, f32, f64, f32) {
  %a = arith.constant 2.0 : f32
  %b = arith.constant -3.0 : f32
  %c = arith.constant 0.5 : f64
  %z = arith.constant 0.0 : f32
  %0 = math.powf %a, %b : f32
  %1 = math.copysign %a, %b : f32
  %2 = math.powf %c, %c : f64
  %3 = math.atan2 %a, %b : f32
  %4 = math.atan2 %z, %z : f32
  %5 = math.atan2 %c, %c : f64
  %6 = math.powf %b, %a : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f64, f32, f32, f64, f32
}

// -----

func.func @vectors() -> (vector<3xf32>, vector<4xf32>, vector<2xf64>, vector<3xf32>, vector<3xi1>, vector<4xi1>) {
  %v = arith.constant dense<[1.0, -2.0, 0.25]> : vector<3xf32>
  %s = arith.constant dense<4.0> : vector<4xf32>
  %d = arith.constant dense<[9.0, 16.0]> : vector<2xf64>
  %0 = math.exp %v : vector<3xf32>
  %1 = math.sqrt %s : vector<4xf32>
  %2 = math.sqrt %d : vector<2xf64>
  %3 = math.sqrt %v : vector<3xf32>
  %4 = math.isnan %v : vector<3xf32>
  %5 = math.isfinite %s : vector<4xf32>
  return %0, %1, %2, %3, %4, %5 : vector<3xf32>, vector<4xf32>, vector<2xf64>, vector<3xf32>, vector<3xi1>, vector<4xi1>
}

// -----

func.func @tensors() -> (tensor<2xf32>, tensor<2x2xf32>, tensor<2xf32>) {
  %t = arith.constant dense<[0.5, 1.5]> : tensor<2xf32>
  %s = arith.constant dense<-1.0> : tensor<2x2xf32>
  %0 = math.floor %t : tensor<2xf32>
  %1 = math.absf %s : tensor<2x2xf32>
  %2 = math.powf %t, %t : tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2x2xf32>, tensor<2xf32>
}

// -----

func.func @classify() -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %sub = arith.constant 1.0e-40 : f32
  %one = arith.constant 1.0 : f64
  %0 = math.isnan %nan : f32
  %1 = math.isinf %inf : f32
  %2 = math.isfinite %inf : f32
  %3 = math.isnormal %sub : f32
  %4 = math.isnormal %one : f64
  %5 = math.isnan %one : f64
  %6 = math.isinf %nan : f32
  %7 = math.isfinite %sub : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @integers() -> (i32, i32, i32, i32, i8, i8, i16, i32, i64) {
  %a = arith.constant -7 : i32
  %b = arith.constant 0 : i32
  %c = arith.constant 16 : i8
  %m = arith.constant -128 : i8
  %d = arith.constant 255 : i16
  %0 = math.absi %a : i32
  %1 = math.ctlz %b : i32
  %2 = math.cttz %b : i32
  %3 = math.ctpop %a : i32
  %4 = math.ctlz %c : i8
  %5 = math.absi %m : i8
  %6 = math.cttz %d : i16
  %7 = math.ctlz %a : i32
  %e = arith.constant 1024 : i64
  %8 = math.cttz %e : i64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i8, i8, i16, i32, i64
}

// -----

func.func @ipowi() -> (i32, i32, i32, i32, i32, i8, i1, i32, vector<2xi32>) {
  %two = arith.constant 2 : i32
  %ten = arith.constant 10 : i32
  %neg = arith.constant -3 : i32
  %m1 = arith.constant -1 : i32
  %z = arith.constant 0 : i32
  %0 = math.ipowi %two, %ten : i32
  %1 = math.ipowi %two, %neg : i32
  %2 = math.ipowi %m1, %neg : i32
  %3 = math.ipowi %z, %neg : i32
  %4 = math.ipowi %neg, %z : i32
  %b = arith.constant 3 : i8
  %e = arith.constant 7 : i8
  %5 = math.ipowi %b, %e : i8
  %t = arith.constant true
  %6 = math.ipowi %t, %t : i1
  %7 = math.ipowi %neg, %ten : i32
  %v = arith.constant dense<[2, 3]> : vector<2xi32>
  %8 = math.ipowi %v, %v : vector<2xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i32, i8, i1, i32, vector<2xi32>
}

// -----

func.func @fpowi() -> (f32, f64, f32, f32) {
  %a = arith.constant 1.5 : f32
  %d = arith.constant 1.5 : f64
  %e = arith.constant 3 : i32
  %n = arith.constant -2 : i64
  %big = arith.constant 16777217 : i32
  %0 = math.fpowi %a, %e : f32, i32
  %1 = math.fpowi %d, %n : f64, i64
  %2 = math.fpowi %a, %big : f32, i32
  %3 = math.fpowi %a, %n : f32, i64
  return %0, %1, %2, %3 : f32, f64, f32, f32
}

// -----

func.func @poison(%x: f32, %i: i32) -> (f32, f32, f32, i32, i32, f32) {
  %p = ub.poison : f32
  %pi = ub.poison : i32
  %0 = math.exp %p : f32
  %1 = math.powf %x, %p : f32
  %2 = math.copysign %p, %x : f32
  %3 = math.ipowi %i, %pi : i32
  %4 = math.ctpop %pi : i32
  %5 = math.fma %x, %x, %p : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, i32, i32, f32
}

// -----

func.func @hyperbolic() -> (f32, f32, f32, f32, f32, f32, f64, f64, f64) {
  %a = arith.constant 0.3 : f32
  %b = arith.constant 3.0 : f32
  %d = arith.constant 0.3 : f64
  %0 = math.asinh %a : f32
  %1 = math.acosh %b : f32
  %2 = math.atanh %a : f32
  %3 = math.acosh %a : f32
  %4 = math.erf %a : f32
  %5 = math.erfc %b : f32
  %6 = math.acosh %d : f64
  %7 = math.atanh %d : f64
  %8 = math.tanh %d : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f32, f32, f64, f64, f64
}

// -----

func.func @not_constant(%x: f32, %v: vector<2xf32>) -> (f32, vector<2xf32>) {
  %0 = math.exp %x : f32
  %1 = math.floor %v : vector<2xf32>
  return %0, %1 : f32, vector<2xf32>
}

// -----

func.func @fpowi_fp5() -> (f32, f32, f32, f32, f64, f64, f32, f32) {
  %a = arith.constant 1.5 : f32
  %m = arith.constant -2.0 : f32
  %e100 = arith.constant 100 : i32
  %e3 = arith.constant 3 : i32
  %em3 = arith.constant -3 : i32
  %em1 = arith.constant -1 : i32
  %0 = math.fpowi %a, %e100 : f32, i32
  %1 = math.fpowi %m, %e3 : f32, i32
  %2 = math.fpowi %m, %em3 : f32, i32
  %3 = math.fpowi %a, %em1 : f32, i32
  %d = arith.constant 1.0e-3 : f64
  %e64 = arith.constant 100 : i64
  %em64 = arith.constant -100 : i64
  %4 = math.fpowi %d, %e64 : f64, i64
  %5 = math.fpowi %d, %em64 : f64, i64
  %z = arith.constant 0.0 : f32
  %6 = math.fpowi %z, %em1 : f32, i32
  %big = arith.constant 16777217 : i32
  %7 = math.fpowi %a, %big : f32, i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f64, f64, f32, f32
}

// -----

func.func @fpowi_fp7() -> (f16, bf16, f32, f32, f32, f64) {
  %h = arith.constant 1.5 : f16
  %b = arith.constant 1.5 : bf16
  %e = arith.constant 5 : i32
  %z = arith.constant 0 : i32
  %0 = math.fpowi %h, %e : f16, i32
  %1 = math.fpowi %b, %e : bf16, i32
  %n = arith.constant 0x7FC00000 : f32
  %2 = math.fpowi %n, %z : f32, i32
  %m = arith.constant -2147483648 : i32
  %t = arith.constant 2.0 : f32
  %3 = math.fpowi %t, %m : f32, i32
  %mz = arith.constant -0.0 : f32
  %em1 = arith.constant -1 : i32
  %4 = math.fpowi %mz, %em1 : f32, i32
  %d = arith.constant 3.0 : f64
  %e7 = arith.constant 7 : i8
  %5 = math.fpowi %d, %e7 : f64, i8
  return %0, %1, %2, %3, %4, %5 : f16, bf16, f32, f32, f32, f64
}
