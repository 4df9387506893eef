// cse
func.func @cx_f(%a: complex<f32>, %x: f32, %y: f32) -> (f32, f32, complex<f32>, complex<f32>, complex<f32>, complex<f32>, f32, complex<f32>) {
  %c = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %d = complex.constant [3.0 : f32, -4.0 : f32] : complex<f32>
  %0 = complex.re %c : complex<f32>
  %1 = complex.im %c : complex<f32>
  %2 = complex.add %c, %d : complex<f32>
  %3 = complex.sub %c, %d : complex<f32>
  %4 = complex.neg %c : complex<f32>
  %5 = complex.mul %c, %d : complex<f32>
  %6 = complex.abs %d : complex<f32>
  %7 = complex.conj %d : complex<f32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, complex<f32>, complex<f32>, complex<f32>, complex<f32>, f32, complex<f32>
}

// -----

func.func @cx_g(%a: complex<f32>, %x: f32, %y: f32) -> (f32, f32, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %c = complex.create %x, %y : complex<f32>
  %0 = complex.re %c : complex<f32>
  %1 = complex.im %c : complex<f32>
  %r = complex.re %a : complex<f32>
  %i = complex.im %a : complex<f32>
  %2 = complex.create %r, %i : complex<f32>
  %3 = complex.neg %a : complex<f32>
  %4 = complex.neg %3 : complex<f32>
  %z = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %5 = complex.add %a, %z : complex<f32>
  %6 = complex.sub %a, %z : complex<f32>
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %7 = complex.mul %a, %one : complex<f32>
  return %0, %1, %2, %4, %5, %6, %7 : f32, f32, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// -----

func.func @cx_h(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %0 = complex.add %a, %b : complex<f32>
  %1 = complex.sub %0, %b : complex<f32>
  %2 = complex.sub %a, %b : complex<f32>
  %3 = complex.add %2, %b : complex<f32>
  %4 = complex.add %b, %1 : complex<f32>
  %5 = complex.exp %a : complex<f32>
  %6 = complex.log %5 : complex<f32>
  %7 = complex.log %a : complex<f32>
  %8 = complex.exp %7 : complex<f32>
  %9 = complex.conj %a : complex<f32>
  %10 = complex.conj %9 : complex<f32>
  %c = complex.constant [1.5 : f32, 2.0 : f32] : complex<f32>
  %bc = complex.bitcast %c : complex<f32> to i64
  %bc2 = complex.bitcast %bc : i64 to complex<f32>
  %11 = complex.div %a, %c : complex<f32>
  return %1, %3, %4, %6, %8, %10 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// -----

func.func @cx2_f(%a: complex<f32>, %x: f32, %y: f32) -> (f32, f32, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %n = complex.neg %a : complex<f32>
  %0 = complex.re %n : complex<f32>
  %1 = complex.im %n : complex<f32>
  %nz = complex.constant [-0.0 : f32, 0.0 : f32] : complex<f32>
  %2 = complex.sub %a, %nz : complex<f32>
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %3 = complex.div %a, %one : complex<f32>
  %4 = complex.mul %one, %a : complex<f32>
  %onez = complex.constant [1.0 : f32, -0.0 : f32] : complex<f32>
  %5 = complex.mul %a, %onez : complex<f32>
  %c = complex.create %x, %y : complex<f32>
  %6 = complex.conj %c : complex<f32>
  %bc = complex.bitcast %a : complex<f32> to i64
  %bc2 = complex.bitcast %bc : i64 to complex<f32>
  %7 = complex.add %a, %nz : complex<f32>
  %8 = complex.add %a, %a fastmath<fast> : complex<f32>
  return %0, %1, %2, %3, %4, %5, %6, %bc2, %7 : f32, f32, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// -----

func.func @cx2_g(%a: complex<f64>, %b: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>, i128, complex<f64>) {
  %0 = complex.add %a, %b fastmath<fast> : complex<f64>
  %1 = complex.sub %0, %b fastmath<fast> : complex<f64>
  %2 = complex.exp %a fastmath<fast> : complex<f64>
  %3 = complex.log %2 fastmath<fast> : complex<f64>
  %z = complex.constant [0.0, 0.0] : complex<f64>
  %4 = complex.add %a, %z fastmath<fast> : complex<f64>
  %c = complex.constant [1.5, 2.0] : complex<f64>
  %bc = complex.bitcast %c : complex<f64> to i128
  %5 = complex.bitcast %bc : i128 to complex<f64>
  return %1, %3, %4, %bc, %5 : complex<f64>, complex<f64>, complex<f64>, i128, complex<f64>
}

// -----

func.func @cm_g(%a: complex<f64>) -> (complex<f64>, complex<f64>) {
  %c = complex.constant [2.0, 0.0] : complex<f64>
  %0 = complex.mul %c, %a : complex<f64>
  %1 = complex.add %c, %a : complex<f64>
  return %0, %1 : complex<f64>, complex<f64>
}

// -----

func.func @cm2_g(%a: complex<f64>) -> (i1, i1, complex<f64>, complex<f64>) {
  %c = complex.constant [2.0, 0.0] : complex<f64>
  %0 = complex.eq %c, %a : complex<f64>
  %1 = complex.neq %c, %a : complex<f64>
  %2 = complex.sub %c, %a : complex<f64>
  %3 = complex.div %c, %a : complex<f64>
  return %0, %1, %2, %3 : i1, i1, complex<f64>, complex<f64>
}

// -----

func.func @fl7_g(%a: complex<f64>, %b: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>, complex<f64>) {
  %l = complex.log %a fastmath<fast> : complex<f64>
  %0 = complex.exp %l fastmath<reassoc> : complex<f64>
  %s = complex.sub %a, %b fastmath<reassoc> : complex<f64>
  %1 = complex.add %s, %b fastmath<reassoc,nsz> : complex<f64>
  %x = complex.add %a, %b fastmath<reassoc> : complex<f64>
  %2 = complex.sub %x, %b fastmath<reassoc,nsz> : complex<f64>
  %l2 = complex.log %a fastmath<reassoc,nnan,ninf,nsz> : complex<f64>
  %3 = complex.exp %l2 fastmath<reassoc> : complex<f64>
  return %0, %1, %2, %3 : complex<f64>, complex<f64>, complex<f64>, complex<f64>
}

// -----

func.func @fl6_g(%a: complex<f64>, %b: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>) {
  %0 = complex.add %a, %b fastmath<nsz> : complex<f64>
  %1 = complex.sub %0, %b fastmath<fast> : complex<f64>
  %x = complex.add %a, %b fastmath<fast> : complex<f64>
  %2 = complex.sub %x, %b fastmath<nsz> : complex<f64>
  %s = complex.sub %a, %b fastmath<nsz> : complex<f64>
  %3 = complex.add %b, %s fastmath<fast> : complex<f64>
  return %1, %2, %3 : complex<f64>, complex<f64>, complex<f64>
}

// -----

func.func @fl5_g(%a: complex<f64>, %b: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>) {
  %l = complex.log %a fastmath<reassoc,nnan,ninf,nsz> : complex<f64>
  %3 = complex.exp %l fastmath<reassoc,nnan,ninf,nsz> : complex<f64>
  %l2 = complex.log %a fastmath<fast> : complex<f64>
  %4 = complex.exp %l2 fastmath<reassoc,nnan,ninf,nsz> : complex<f64>
  %l3 = complex.log %a fastmath<reassoc,nnan,ninf,nsz> : complex<f64>
  %5 = complex.exp %l3 fastmath<fast> : complex<f64>
  return %3, %4, %5 : complex<f64>, complex<f64>, complex<f64>
}

// -----

func.func @parts_f64_and_tensor_of_complex() -> (f64, f64, tensor<2xcomplex<f64>>) {
  %c = complex.constant [1.5, -2.5] : complex<f64>
  %0 = complex.re %c : complex<f64>
  %1 = complex.im %c : complex<f64>
  %e = complex.constant [1.5, -2.5] : complex<f64>
  %t = tensor.from_elements %c, %e : tensor<2xcomplex<f64>>
  return %0, %1, %t : f64, f64, tensor<2xcomplex<f64>>
}

// -----

func.func @poison_operands(%i: index) -> (f32, f32, tensor<2xf32>, f32, index, complex<f32>) {
  %p = ub.poison : complex<f32>
  %0 = complex.re %p : complex<f32>
  %pf = ub.poison : f32
  %c = arith.constant 1.0 : f32
  %1 = complex.create %pf, %c : complex<f32>
  %2 = complex.im %1 : complex<f32>
  %3 = tensor.from_elements %pf, %c : tensor<2xf32>
  %pt = ub.poison : tensor<4xf32>
  %4 = tensor.extract %pt[%i] : tensor<4xf32>
  %pi = ub.poison : index
  %m = memref.alloc(%pi) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %5 = memref.dim %m, %c0 : memref<?xf32>
  %6 = complex.neg %p : complex<f32>
  return %0, %2, %3, %4, %5, %6 : f32, f32, tensor<2xf32>, f32, index, complex<f32>
}

// -----

func.func @cb(%a: complex<f32>) -> (f64, complex<f32>, i64) {
  %bc = complex.bitcast %a : complex<f32> to i64
  %0 = arith.bitcast %bc : i64 to f64
  %d = arith.bitcast %0 : f64 to i64
  %1 = complex.bitcast %d : i64 to complex<f32>
  return %0, %1, %bc : f64, complex<f32>, i64
}
