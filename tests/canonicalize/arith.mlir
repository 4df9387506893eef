// Integer constant folding: wrap-around, widths 1..128, index.
func.func @int_binops() -> (i32, i32, i32, i8, i8, i64, index, i128, i1, i16) {
  %a = arith.constant 2147483647 : i32
  %b = arith.constant 1 : i32
  %c = arith.constant -7 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %c, %a : i32
  %2 = arith.muli %a, %c : i32
  %x = arith.constant 100 : i8
  %y = arith.constant 3 : i8
  %3 = arith.muli %x, %y : i8
  %4 = arith.addi %x, %x : i8
  %l = arith.constant 9223372036854775807 : i64
  %5 = arith.addi %l, %l : i64
  %i = arith.constant 40 : index
  %j = arith.constant 2 : index
  %6 = arith.muli %i, %j : index
  %w = arith.constant 170141183460469231731687303715884105727 : i128
  %w1 = arith.constant 1 : i128
  %7 = arith.addi %w, %w1 : i128
  %t = arith.constant true
  %8 = arith.addi %t, %t : i1
  %h = arith.constant -32768 : i16
  %9 = arith.subi %h, %b16 : i16
  %b16 = arith.constant 1 : i16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i8, i8, i64, index, i128, i1, i16
}

// -----

func.func @divisions() -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %cm2 = arith.constant -2 : i32
  %0 = arith.divsi %cm7, %c2 : i32
  %1 = arith.divui %cm7, %c2 : i32
  %2 = arith.remsi %cm7, %c2 : i32
  %3 = arith.remui %cm7, %c2 : i32
  %4 = arith.ceildivsi %c7, %c2 : i32
  %5 = arith.ceildivsi %cm7, %c2 : i32
  %6 = arith.ceildivsi %c7, %cm2 : i32
  %7 = arith.ceildivsi %cm7, %cm2 : i32
  %8 = arith.ceildivui %c7, %c2 : i32
  %9 = arith.floordivsi %cm7, %c2 : i32
  %10 = arith.floordivsi %c7, %cm2 : i32
  %11 = arith.floordivsi %cm7, %cm2 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Division by zero and signed overflow stay.
func.func @no_fold_div(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.divsi %c5, %c0 : i32
  %1 = arith.divui %c5, %c0 : i32
  %2 = arith.remsi %c5, %c0 : i32
  %3 = arith.remui %c5, %c0 : i32
  %4 = arith.divsi %min, %m1 : i32
  %5 = arith.ceildivsi %min, %m1 : i32
  %6 = arith.floordivsi %min, %m1 : i32
  %7 = arith.ceildivui %c5, %c0 : i32
  %8 = arith.remsi %min, %m1 : i32
  %9 = arith.ceildivsi %min, %c5 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %c0, %x : i32
  %2 = arith.muli %x, %c1 : i32
  %3 = arith.muli %x, %c0 : i32
  %4 = arith.andi %x, %c0 : i32
  %5 = arith.andi %x, %m1 : i32
  %6 = arith.ori %x, %c0 : i32
  %7 = arith.ori %x, %m1 : i32
  %8 = arith.xori %x, %x : i32
  %9 = arith.subi %x, %x : i32
  %10 = arith.subi %x, %c0 : i32
  %11 = arith.divsi %x, %c1 : i32
  %12 = arith.remui %x, %c1 : i32
  %13 = arith.andi %x, %x : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

func.func @add_sub_pairs(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %s = arith.subi %a, %b : i32
  %0 = arith.addi %s, %b : i32
  %1 = arith.addi %b, %s : i32
  %p = arith.addi %a, %b : i32
  %2 = arith.subi %p, %b : i32
  %3 = arith.subi %p, %a : i32
  %m = arith.muli %a, %b overflow<nuw> : i32
  %4 = arith.divui %m, %b : i32
  %n = arith.muli %a, %b overflow<nsw> : i32
  %5 = arith.divsi %n, %a : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

func.func @div_mul_no_flags(%a: i32, %b: i32) -> (i32, i32) {
  %m = arith.muli %a, %b : i32
  %0 = arith.divui %m, %b : i32
  %n = arith.muli %a, %b overflow<nuw> : i32
  %1 = arith.divsi %n, %b : i32
  return %0, %1 : i32, i32
}

// -----

func.func @logic(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %m1 = arith.constant -1 : i32
  %nx = arith.xori %x, %m1 : i32
  %0 = arith.andi %x, %nx : i32
  %1 = arith.andi %nx, %x : i32
  %2 = arith.ori %x, %nx : i32
  %3 = arith.ori %nx, %x : i32
  %a = arith.andi %x, %y : i32
  %4 = arith.andi %x, %a : i32
  %5 = arith.andi %a, %y : i32
  %xy = arith.xori %x, %y : i32
  %6 = arith.xori %xy, %y : i32
  %7 = arith.xori %x, %xy : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

func.func @logic_consts() -> (i32, i32, i32, i8, i8, i8) {
  %a = arith.constant 12 : i32
  %b = arith.constant 10 : i32
  %0 = arith.andi %a, %b : i32
  %1 = arith.ori %a, %b : i32
  %2 = arith.xori %a, %b : i32
  %c = arith.constant -128 : i8
  %s = arith.constant 3 : i8
  %3 = arith.shli %c, %s : i8
  %4 = arith.shrsi %c, %s : i8
  %5 = arith.shrui %c, %s : i8
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i8, i8, i8
}

// -----

// Shifts by the width or more stay.
func.func @shift_no_fold(%x: i8) -> (i8, i8, i8, i8, i8, i8) {
  %c = arith.constant 1 : i8
  %w = arith.constant 8 : i8
  %m = arith.constant -1 : i8
  %z = arith.constant 0 : i8
  %0 = arith.shli %c, %w : i8
  %1 = arith.shrsi %c, %m : i8
  %2 = arith.shrui %c, %w : i8
  %3 = arith.shli %x, %z : i8
  %4 = arith.shrsi %x, %z : i8
  %5 = arith.shrui %x, %z : i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}

// -----

func.func @min_max(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %max = arith.constant 127 : i8
  %min = arith.constant -128 : i8
  %ones = arith.constant -1 : i8
  %z = arith.constant 0 : i8
  %a = arith.constant -3 : i8
  %b = arith.constant 5 : i8
  %0 = arith.maxsi %x, %max : i8
  %1 = arith.maxsi %x, %min : i8
  %2 = arith.minsi %x, %min : i8
  %3 = arith.minsi %x, %max : i8
  %4 = arith.maxui %x, %ones : i8
  %5 = arith.maxui %x, %z : i8
  %6 = arith.minui %x, %z : i8
  %7 = arith.minui %x, %ones : i8
  %8 = arith.maxsi %a, %b : i8
  %9 = arith.maxui %a, %b : i8
  %10 = arith.minsi %a, %b : i8
  %11 = arith.minui %a, %b : i8
  %12 = arith.maxsi %x, %x : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}

// -----

func.func @vectors() -> (vector<4xi32>, vector<4xi32>, vector<2xi8>, tensor<2xi32>, vector<4xi1>, vector<2xi32>) {
  %a = arith.constant dense<5> : vector<4xi32>
  %b = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %0 = arith.addi %a, %a : vector<4xi32>
  %1 = arith.muli %a, %b : vector<4xi32>
  %c = arith.constant dense<[100, -100]> : vector<2xi8>
  %2 = arith.addi %c, %c : vector<2xi8>
  %t = arith.constant dense<[7, 9]> : tensor<2xi32>
  %u = arith.constant dense<2> : tensor<2xi32>
  %3 = arith.divsi %t, %u : tensor<2xi32>
  %4 = arith.cmpi slt, %b, %a : vector<4xi32>
  %z = arith.constant dense<[1, 0]> : vector<2xi32>
  %v = arith.constant dense<[4, 4]> : vector<2xi32>
  %5 = arith.divui %v, %z : vector<2xi32>
  return %0, %1, %2, %3, %4, %5 : vector<4xi32>, vector<4xi32>, vector<2xi8>, tensor<2xi32>, vector<4xi1>, vector<2xi32>
}

// -----

func.func @vector_identities(%x: vector<4xi32>, %t: tensor<?xi32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, tensor<?xi32>, vector<4xi32>) {
  %z = arith.constant dense<0> : vector<4xi32>
  %o = arith.constant dense<1> : vector<4xi32>
  %0 = arith.addi %x, %z : vector<4xi32>
  %1 = arith.muli %x, %o : vector<4xi32>
  %2 = arith.subi %x, %x : vector<4xi32>
  %3 = arith.subi %t, %t : tensor<?xi32>
  %4 = arith.xori %x, %x : vector<4xi32>
  return %0, %1, %2, %3, %4 : vector<4xi32>, vector<4xi32>, vector<4xi32>, tensor<?xi32>, vector<4xi32>
}

// -----

func.func @cmpi_consts() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant -1 : i32
  %b = arith.constant 1 : i32
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @cmpi_same(%x: i32, %v: vector<2xi32>, %t: tensor<?xi32>) -> (i1, i1, i1, i1, vector<2xi1>, tensor<?xi1>) {
  %0 = arith.cmpi eq, %x, %x : i32
  %1 = arith.cmpi ne, %x, %x : i32
  %2 = arith.cmpi sle, %x, %x : i32
  %3 = arith.cmpi ugt, %x, %x : i32
  %4 = arith.cmpi uge, %v, %v : vector<2xi32>
  %5 = arith.cmpi eq, %t, %t : tensor<?xi32>
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, vector<2xi1>, tensor<?xi1>
}

// -----

func.func @cmpi_swap(%x: i32, %b: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %c = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c, %x : i32
  %1 = arith.cmpi uge, %c, %x : i32
  %2 = arith.cmpi eq, %c, %x : i32
  %f = arith.constant false
  %t = arith.constant true
  %3 = arith.cmpi ne, %b, %f : i1
  %4 = arith.cmpi eq, %b, %t : i1
  %e = arith.extui %b : i1 to i32
  %z = arith.constant 0 : i32
  %5 = arith.cmpi ne, %e, %z : i32
  %s = arith.extsi %b : i1 to i32
  %6 = arith.cmpi ne, %s, %z : i32
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @cmpi_ext(%a: i8, %b: i8, %c: i16) -> (i1, i1, i1, i1) {
  %ea = arith.extsi %a : i8 to i32
  %eb = arith.extsi %b : i8 to i32
  %0 = arith.cmpi eq, %ea, %eb : i32
  %1 = arith.cmpi slt, %ea, %eb : i32
  %ua = arith.extui %a : i8 to i32
  %ub = arith.extui %b : i8 to i32
  %2 = arith.cmpi ne, %ua, %ub : i32
  %uc = arith.extui %c : i16 to i32
  %3 = arith.cmpi ne, %ua, %uc : i32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i1, i1, i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %x, %y : i32
  %1 = arith.select %f, %x, %y : i32
  %2 = arith.select %c, %x, %x : i32
  %3 = arith.select %c, %t, %f : i1
  %4 = arith.select %c, %f, %t : i1
  %eq = arith.cmpi eq, %x, %y : i32
  %5 = arith.select %eq, %x, %y : i32
  %ne = arith.cmpi ne, %x, %y : i32
  %6 = arith.select %ne, %x, %y : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i1, i1, i32, i32
}

// -----

func.func @select_patterns(%c: i1, %d: i1, %x: i32, %y: i32, %z: i32) -> (i32, i32, i32, i32, i32, i64) {
  %t = arith.constant true
  %s = arith.select %c, %x, %y : i32
  %0 = arith.select %c, %s, %z : i32
  %1 = arith.select %c, %z, %s : i32
  %n = arith.xori %c, %t : i1
  %2 = arith.select %n, %x, %y : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %3 = arith.select %d, %c1, %c0 : i32
  %4 = arith.select %d, %c0, %c1 : i32
  %l1 = arith.constant 1 : i64
  %l0 = arith.constant 0 : i64
  %5 = arith.select %d, %l0, %l1 : i64
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i64
}

// -----

func.func @select_vector() -> vector<3xi32> {
  %c = arith.constant dense<[true, false, true]> : vector<3xi1>
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<[4, 5, 6]> : vector<3xi32>
  %0 = arith.select %c, %a, %b : vector<3xi1>, vector<3xi32>
  return %0 : vector<3xi32>
}

// -----

func.func @select_poison(%c: i1, %x: i32) -> (i32, i32) {
  %p = ub.poison : i32
  %0 = arith.select %c, %p, %x : i32
  %1 = arith.select %c, %x, %p : i32
  return %0, %1 : i32, i32
}

// -----

func.func @poison(%x: i32) -> (i32, i32, i32, i32, i64, f32, i32, index, i32, i1) {
  %p = ub.poison : i32
  %c = arith.constant 3 : i32
  %0 = arith.addi %p, %c : i32
  %1 = arith.muli %c, %p : i32
  %2 = arith.divui %c, %p : i32
  %3 = arith.shrsi %c, %p : i32
  %4 = arith.extui %p : i32 to i64
  %5 = arith.uitofp %p : i32 to f32
  %6 = arith.remsi %p, %c : i32
  %7 = arith.index_cast %p : i32 to index
  %8 = arith.maxsi %p, %c : i32
  %9 = arith.cmpi eq, %p, %c : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i64, f32, i32, index, i32, i1
}

// -----

func.func @addi_add_const(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 overflow<nsw> : i32
  %1 = arith.addi %0, %c2 overflow<nsw, nuw> : i32
  return %1 : i32
}

// -----

func.func @addi_sub_const_rhs(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.subi %x, %c1 : i32
  %1 = arith.addi %0, %c5 : i32
  return %1 : i32
}

// -----

func.func @addi_sub_const_lhs(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.subi %c1, %x overflow<nuw> : i32
  %1 = arith.addi %0, %c5 overflow<nuw> : i32
  return %1 : i32
}

// -----

func.func @addi_mul_neg_one(%x: i32, %y: i32, %v: vector<2xi32>, %w: vector<2xi32>) -> (i32, i32, vector<2xi32>) {
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %y, %m1 : i32
  %1 = arith.addi %x, %0 overflow<nsw> : i32
  %2 = arith.muli %x, %m1 : i32
  %3 = arith.addi %2, %y : i32
  %vm1 = arith.constant dense<-1> : vector<2xi32>
  %4 = arith.muli %w, %vm1 : vector<2xi32>
  %5 = arith.addi %v, %4 : vector<2xi32>
  return %1, %3, %5 : i32, i32, vector<2xi32>
}

// -----

func.func @subi_patterns(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %a = arith.addi %x, %c1 : i32
  %0 = arith.subi %a, %c5 overflow<nsw> : i32
  %1 = arith.subi %c5, %a : i32
  %s = arith.subi %x, %c1 : i32
  %2 = arith.subi %s, %c5 : i32
  %t = arith.subi %c1, %x : i32
  %3 = arith.subi %t, %c5 : i32
  %4 = arith.subi %c5, %s : i32
  %5 = arith.subi %c5, %t : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

func.func @subi_sub_lhs(%x: i32, %y: i32, %v: vector<2xi8>, %w: vector<2xi8>) -> (i32, vector<2xi8>) {
  %s = arith.subi %x, %y : i32
  %0 = arith.subi %s, %x : i32
  %t = arith.subi %v, %w : vector<2xi8>
  %1 = arith.subi %t, %v : vector<2xi8>
  return %0, %1 : i32, vector<2xi8>
}

// -----

func.func @muli_muli(%x: i32, %v: vector<2xi32>) -> (i32, vector<2xi32>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant -5 : i32
  %0 = arith.muli %x, %c3 : i32
  %1 = arith.muli %0, %c5 : i32
  %d = arith.constant dense<3> : vector<2xi32>
  %2 = arith.muli %v, %d : vector<2xi32>
  %3 = arith.muli %2, %d : vector<2xi32>
  return %1, %3 : i32, vector<2xi32>
}

// -----

func.func @xor_not_cmp(%a: i32, %b: i32) -> (i1, i1, i1) {
  %t = arith.constant true
  %c = arith.cmpi slt, %a, %b : i32
  %0 = arith.xori %c, %t : i1
  %d = arith.cmpi uge, %a, %b : i32
  %1 = arith.xori %t, %d : i1
  %e = arith.cmpi eq, %a, %b : i32
  %2 = arith.xori %e, %t : i1
  return %0, %1, %2 : i1, i1, i1
}

// -----

func.func @logic_ext(%a: i8, %b: i8, %c: i16) -> (i32, i32, i32, i32, i32, i32, i32) {
  %ua = arith.extui %a : i8 to i32
  %ub = arith.extui %b : i8 to i32
  %sa = arith.extsi %a : i8 to i32
  %sb = arith.extsi %b : i8 to i32
  %uc = arith.extui %c : i16 to i32
  %0 = arith.xori %ua, %ub : i32
  %1 = arith.xori %sa, %sb : i32
  %2 = arith.andi %ua, %ub : i32
  %3 = arith.andi %sa, %sb : i32
  %4 = arith.ori %ua, %ub : i32
  %5 = arith.ori %sa, %sb : i32
  %6 = arith.ori %ua, %uc : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}

// -----

func.func @casts(%x: i8, %i: index, %f: f32, %j: i32) -> (index, index, i64, f64, i16, i16, i16, i16, index, i32) {
  %s = arith.extsi %x : i8 to i32
  %0 = arith.index_cast %s : i32 to index
  %u = arith.extui %x : i8 to i32
  %1 = arith.index_castui %u : i32 to index
  %2 = arith.extsi %u : i32 to i64
  %b = arith.bitcast %f : f32 to i32
  %b2 = arith.bitcast %b : i32 to f32
  %e = arith.extf %b2 : f32 to f64
  %t = arith.trunci %s : i32 to i16
  %t2 = arith.trunci %u : i32 to i16
  %x16 = arith.extsi %x : i8 to i16
  %t3 = arith.trunci %x16 : i16 to i8
  %t4 = arith.extsi %t3 : i8 to i16
  %ii = arith.index_cast %i : index to i32
  %ii2 = arith.index_cast %ii : i32 to index
  %jj = arith.index_cast %j : i32 to index
  %jj2 = arith.index_cast %jj : index to i32
  %w = arith.extsi %j : i32 to i64
  %w2 = arith.trunci %w : i64 to i16
  return %0, %1, %2, %e, %t, %t2, %t4, %w2, %ii2, %jj2 : index, index, i64, f64, i16, i16, i16, i16, index, i32
}

// -----

func.func @trunc_shr(%x: i64, %v: vector<2xi64>) -> (i32, vector<2xi32>, i32) {
  %c32 = arith.constant 32 : i64
  %0 = arith.shrsi %x, %c32 : i64
  %1 = arith.trunci %0 : i64 to i32
  %d = arith.constant dense<32> : vector<2xi64>
  %2 = arith.shrsi %v, %d : vector<2xi64>
  %3 = arith.trunci %2 : vector<2xi64> to vector<2xi32>
  %c31 = arith.constant 31 : i64
  %4 = arith.shrsi %x, %c31 : i64
  %5 = arith.trunci %4 : i64 to i32
  return %1, %3, %5 : i32, vector<2xi32>, i32
}

// -----

func.func @truncf_itofp(%x: i32, %y: i64) -> (f16, f16, f32) {
  %0 = arith.sitofp %x : i32 to f32
  %1 = arith.truncf %0 : f32 to f16
  %2 = arith.uitofp %x : i32 to f32
  %3 = arith.truncf %2 : f32 to f16
  %4 = arith.sitofp %y : i64 to f64
  %5 = arith.truncf %4 to_nearest_away : f64 to f32
  return %1, %3, %5 : f16, f16, f32
}

// -----

func.func @negf(%x: f32, %y: f32) -> (f32, f32, f32) {
  %nx = arith.negf %x : f32
  %ny = arith.negf %y : f32
  %0 = arith.mulf %nx, %ny fastmath<fast> : f32
  %1 = arith.divf %nx, %ny : f32
  %nn = arith.negf %nx : f32
  return %0, %1, %nn : f32, f32, f32
}

// -----

func.func @extended(%x: i32, %y: i32) -> (i32, i32, i32, i32, i1) {
  %s, %o = arith.addui_extended %x, %y : i32, i1
  %l, %h = arith.mulsi_extended %x, %y : i32
  %l2, %h2 = arith.mului_extended %x, %y : i32
  %c0 = arith.constant 0 : i32
  %s2, %o2 = arith.addui_extended %x, %c0 : i32, i1
  return %s, %l, %l2, %s2, %o2 : i32, i32, i32, i32, i1
}

// -----

func.func @extended_consts() -> (i32, i1, i32, i32, i32, i32, i8, i8) {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %a, %b : i32
  %c = arith.constant -128 : i8
  %l3, %h3 = arith.mulsi_extended %c, %c : i8
  return %s, %o, %l, %h, %l2, %h2, %l3, %h3 : i32, i1, i32, i32, i32, i32, i8, i8
}

// -----

func.func @a() -> (vector<3xf32>, vector<3xf32>, tensor<2x2xf16>, vector<3xi1>, vector<3xf32>, vector<3xi32>, vector<3xi64>, vector<3xindex>, vector<3xi32>, vector<3xf64>, vector<3xf32>) {
  %a = arith.constant dense<[1.0, -2.5, 0x7FC00000]> : vector<3xf32>
  %b = arith.constant dense<3.0> : vector<3xf32>
  %0 = arith.addf %a, %b : vector<3xf32>
  %1 = arith.maximumf %a, %b : vector<3xf32>
  %h = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %2 = arith.mulf %h, %h : tensor<2x2xf16>
  %3 = arith.cmpf olt, %a, %b : vector<3xf32>
  %4 = arith.negf %a : vector<3xf32>
  %5 = arith.fptosi %b : vector<3xf32> to vector<3xi32>
  %i = arith.constant dense<[1, -2, 3]> : vector<3xi32>
  %6 = arith.extsi %i : vector<3xi32> to vector<3xi64>
  %7 = arith.index_cast %i : vector<3xi32> to vector<3xindex>
  %8 = arith.bitcast %a : vector<3xf32> to vector<3xi32>
  %9 = arith.extf %a : vector<3xf32> to vector<3xf64>
  %10 = arith.sitofp %i : vector<3xi32> to vector<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : vector<3xf32>, vector<3xf32>, tensor<2x2xf16>, vector<3xi1>, vector<3xf32>, vector<3xi32>, vector<3xi64>, vector<3xindex>, vector<3xi32>, vector<3xf64>, vector<3xf32>
}

// -----

func.func @b(%x: vector<4xf32>, %y: f32, %t: tensor<?xf32>) -> (vector<4xf32>, vector<4xf32>, f32, f32, vector<4xf32>, f32, f32, f32, tensor<?xf32>) {
  %nz = arith.constant dense<-0.0> : vector<4xf32>
  %pz = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.addf %x, %nz : vector<4xf32>
  %1 = arith.mulf %x, %one : vector<4xf32>
  %2 = arith.subf %y, %pz : f32
  %3 = arith.maximumf %y, %ninf : f32
  %4 = arith.divf %x, %one : vector<4xf32>
  %5 = arith.maxnumf %y, %nan : f32
  %6 = arith.mulf %y, %pz fastmath<nnan,nsz> : f32
  %7 = arith.mulf %y, %pz : f32
  %8 = arith.minimumf %t, %t : tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : vector<4xf32>, vector<4xf32>, f32, f32, vector<4xf32>, f32, f32, f32, tensor<?xf32>
}

// -----

func.func @c(%x: f32, %y: f64) -> (f32, f64, f16, f32) {
  %0 = arith.truncf %y : f64 to f32
  %1 = arith.extf %0 : f32 to f64
  %2 = arith.extf %x fastmath<contract> : f32 to f64
  %3 = arith.truncf %2 fastmath<contract> : f64 to f32
  %h = arith.truncf %x : f32 to f16
  %4 = arith.extf %h : f16 to f32
  %5 = arith.truncf %4 : f32 to f16
  %e = arith.extf %x : f32 to f64
  %6 = arith.truncf %e : f64 to f32
  %7 = arith.truncf %e : f64 to f16
  %8 = arith.extf %3 fastmath<contract> : f32 to f64
  %9 = arith.truncf %8 : f64 to f32
  return %6, %1, %7, %9 : f32, f64, f16, f32
}

// -----

func.func @d(%x: i32, %i: index) -> (i32, i64, i8, index, i16) {
  %e = arith.extui %x : i32 to i64
  %e2 = arith.extui %e : i64 to i128
  %t = arith.trunci %e2 : i128 to i32
  %s = arith.extsi %x : i32 to i64
  %s2 = arith.extsi %s : i64 to i128
  %t2 = arith.trunci %s2 : i128 to i64
  %t3 = arith.trunci %t2 : i64 to i16
  %t4 = arith.trunci %t3 : i16 to i8
  %a = arith.index_castui %i : index to i64
  %b = arith.index_castui %a : i64 to index
  %c = arith.index_cast %i : index to i16
  %d = arith.index_cast %c : i16 to index
  return %t, %t2, %t4, %b, %c : i32, i64, i8, index, i16
}

// -----

func.func @f(%x: i8, %v: vector<2xi8>) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, vector<2xi8>, vector<2xi8>, i8, i8) {
  %z = arith.constant 0 : i8
  %m = arith.constant -1 : i8
  %0 = arith.divsi %z, %x : i8
  %1 = arith.divui %z, %x : i8
  %2 = arith.remsi %z, %x : i8
  %3 = arith.remui %z, %x : i8
  %4 = arith.ceildivsi %z, %x : i8
  %5 = arith.floordivsi %z, %x : i8
  %6 = arith.shli %z, %x : i8
  %7 = arith.shrsi %z, %x : i8
  %8 = arith.shrui %z, %x : i8
  %9 = arith.shrsi %m, %x : i8
  %10 = arith.shrsi %x, %x : i8
  %11 = arith.shrui %x, %x : i8
  %12 = arith.shli %x, %x : i8
  %vz = arith.constant dense<0> : vector<2xi8>
  %13 = arith.divsi %vz, %v : vector<2xi8>
  %14 = arith.shrui %v, %v : vector<2xi8>
  %15 = arith.ceildivui %z, %x : i8
  %16 = arith.divsi %x, %x : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, vector<2xi8>, vector<2xi8>, i8, i8
}

// -----

func.func @f(%x: i8, %y: i8, %t: tensor<?xi8>) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, tensor<?xi8>, tensor<?xi8>, i8, i8) {
  %z = arith.constant 0 : i8
  %m = arith.constant -1 : i8
  %0 = arith.divui %x, %x : i8
  %1 = arith.remsi %x, %x : i8
  %2 = arith.remui %x, %x : i8
  %3 = arith.ceildivsi %x, %x : i8
  %4 = arith.ceildivui %x, %x : i8
  %5 = arith.floordivsi %x, %x : i8
  %6 = arith.shrui %m, %x : i8
  %7 = arith.shli %m, %x : i8
  %8 = arith.remsi %x, %m : i8
  %9 = arith.divsi %x, %m : i8
  %10 = arith.remui %y, %m : i8
  %11 = arith.divsi %t, %t : tensor<?xi8>
  %12 = arith.shrui %t, %t : tensor<?xi8>
  %13 = arith.muli %z, %x : i8
  %14 = arith.shrsi %z, %x : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, tensor<?xi8>, tensor<?xi8>, i8, i8
}

// -----

func.func @c(%x: f32, %h: f16) -> (f32, f32, f32, f16, f16, bf16) {
  %0 = arith.extf %x fastmath<contract> : f32 to f64
  %1 = arith.truncf %0 fastmath<contract> : f64 to f32
  %2 = arith.extf %x : f32 to f64
  %3 = arith.truncf %2 fastmath<contract> : f64 to f32
  %4 = arith.extf %x fastmath<contract> : f32 to f64
  %5 = arith.truncf %4 : f64 to f32
  %6 = arith.extf %x fastmath<contract> : f32 to f64
  %7 = arith.truncf %6 fastmath<contract> : f64 to f16
  %8 = arith.extf %h fastmath<contract> : f16 to f64
  %9 = arith.truncf %8 fastmath<contract> : f64 to f16
  %10 = arith.extf %h fastmath<contract> : f16 to f32
  %11 = arith.truncf %10 fastmath<contract> : f32 to bf16
  return %1, %3, %5, %7, %9, %11 : f32, f32, f32, f16, f16, bf16
}

// -----

func.func @cmpf_int_to_fp(%x: i8, %y: i32, %z: i64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %c44 = arith.constant 4.4 : f32
  %cm44 = arith.constant -4.4 : f32
  %c300 = arith.constant 300.0 : f32
  %big = arith.constant 3.0e9 : f32
  %inf = arith.constant 0x7F800000 : f32
  %a = arith.sitofp %x : i8 to f32
  %u = arith.uitofp %x : i8 to f32
  %0 = arith.cmpf olt, %a, %c44 : f32
  %1 = arith.cmpf ugt, %a, %cm44 : f32
  %2 = arith.cmpf oeq, %a, %c44 : f32
  %3 = arith.cmpf one, %u, %c300 : f32
  %4 = arith.cmpf ord, %u, %c44 : f32
  %5 = arith.cmpf uno, %a, %c44 : f32
  %6 = arith.cmpf ult, %u, %cm44 : f32
  %b = arith.sitofp %y : i32 to f32
  %7 = arith.cmpf olt, %b, %big : f32
  %w = arith.sitofp %z : i64 to f32
  %8 = arith.cmpf olt, %w, %big : f32
  %9 = arith.cmpf oge, %w, %inf : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @f(%x: f128, %y: f8E4M3FN, %z: f80, %w: tf32) -> (f128, f8E4M3FN, f80, tf32, f128, f8E4M3FN) {
  %one = arith.constant 1.0 : f128
  %0 = arith.mulf %x, %one : f128
  %nz = arith.constant -0.0 : f8E4M3FN
  %1 = arith.addf %y, %nz : f8E4M3FN
  %pz = arith.constant 0.0 : f80
  %2 = arith.subf %z, %pz : f80
  %o = arith.constant 1.0 : tf32
  %3 = arith.divf %w, %o : tf32
  %n1 = arith.constant 1.00000000000000000000000000001 : f128
  %4 = arith.mulf %x, %n1 : f128
  %nan = arith.constant 0x7F : f8E4M3FN
  %5 = arith.maxnumf %y, %nan : f8E4M3FN
  return %0, %1, %2, %3, %4, %5 : f128, f8E4M3FN, f80, tf32, f128, f8E4M3FN
}

// -----

func.func @f(%x: i32, %c: i1) -> (i1, i1, i32, i1, f32, f32, i32, i32, i64, i32) {
  %p = ub.poison : i32
  %k = arith.constant 7 : i32
  %0 = arith.cmpi slt, %k, %p : i32
  %1 = arith.cmpi slt, %p, %x : i32
  %s, %o = arith.addui_extended %k, %p : i32, i1
  %fp = ub.poison : f32
  %one = arith.constant 1.5 : f32
  %2 = arith.addf %fp, %one : f32
  %3 = arith.negf %fp : f32
  %4 = arith.select %c, %p, %p : i32
  %l, %h = arith.mulsi_extended %p, %k : i32
  %5 = arith.extui %p : i32 to i64
  %6 = arith.trunci %5 : i64 to i32
  return %0, %1, %s, %o, %2, %3, %4, %l, %5, %6 : i1, i1, i32, i1, f32, f32, i32, i32, i64, i32
}

// -----

func.func @f(%v: vector<2xi32>, %i: index, %b: vector<2xi1>, %x: vector<2xi32>, %y: vector<2xi32>) -> (vector<2xi32>, index, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>, index) {
  %s1 = arith.constant dense<1> : vector<2xi32>
  %s2 = arith.constant dense<2> : vector<2xi32>
  %0 = arith.addi %v, %s1 : vector<2xi32>
  %1 = arith.addi %0, %s2 : vector<2xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %2 = arith.subi %i, %c1 : index
  %3 = arith.addi %2, %c2 : index
  %t = arith.constant dense<true> : vector<2xi1>
  %n = arith.xori %b, %t : vector<2xi1>
  %4 = arith.select %n, %x, %y : vector<2xi1>, vector<2xi32>
  %z = arith.constant dense<0> : vector<2xi32>
  %5 = arith.select %b, %s1, %z : vector<2xi1>, vector<2xi32>
  %f = arith.constant dense<false> : vector<2xi1>
  %6 = arith.select %b, %f, %t : vector<2xi1>, vector<2xi1>
  %m = arith.muli %i, %c2 : index
  %7 = arith.muli %m, %c2 : index
  return %1, %3, %4, %5, %5, %6, %7 : vector<2xi32>, index, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>, index
}

// -----

func.func @f(%c: i1, %x: i1, %y: i1) -> (i1, i1, i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %x, %y : i1
  %1 = arith.select %c, %t, %y : i1
  %2 = arith.select %c, %x, %f : i1
  %3 = arith.select %c, %f, %y : i1
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

func.func @subi_x_sub(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %r = arith.subi %x, %y : i8
  %res = arith.subi %x, %r : i8
  return %res : i8
}

// -----

func.func @subi_x_subc(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %r = arith.subi %x, %c3_ : i8
  %res = arith.subi %x, %r : i8
  return %res : i8
}

// -----

func.func @xori_c1_notx(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.constant 1 : i8
  %r = arith.xori %x, %cm1_ : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_cmax_notx(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.constant 127 : i8
  %r = arith.xori %x, %cm1_ : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_cmin_notx(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.constant -128 : i8
  %r = arith.xori %x, %cm1_ : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_c7_notx(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.constant 7 : i8
  %r = arith.xori %x, %cm1_ : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_notx_c1(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.xori %x, %cm1_ : i8
  %r = arith.constant 1 : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_notx_cmax(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.xori %x, %cm1_ : i8
  %r = arith.constant 127 : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_notx_cmin(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.xori %x, %cm1_ : i8
  %r = arith.constant -128 : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}

// -----

func.func @xori_notx_c7(%x: i8, %y: i8) -> i8 {
  %cm1_ = arith.constant -1 : i8
  %c3_ = arith.constant 3 : i8
  %l = arith.xori %x, %cm1_ : i8
  %r = arith.constant 7 : i8
  %res = arith.xori %l, %r : i8
  return %res : i8
}
// -----

func.func @f(%x: i8, %v: vector<2xi8>, %i: index) -> (i8, vector<2xi8>, index, i8, i8) {
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 6 : i8
  %0 = arith.xori %x, %c1 : i8
  %1 = arith.xori %0, %c2 : i8
  %s1 = arith.constant dense<1> : vector<2xi8>
  %s2 = arith.constant dense<4> : vector<2xi8>
  %2 = arith.xori %v, %s1 : vector<2xi8>
  %3 = arith.xori %2, %s2 : vector<2xi8>
  %k1 = arith.constant 5 : index
  %k2 = arith.constant 3 : index
  %4 = arith.xori %i, %k1 : index
  %5 = arith.xori %4, %k2 : index
  %6 = arith.xori %c1, %0 : i8
  %7 = arith.xori %0, %c1 : i8
  %8 = arith.subi %x, %0 : i8
  %9 = arith.subi %0, %1 : i8
  return %1, %3, %5, %8, %9 : i8, vector<2xi8>, index, i8, i8
}

// -----

func.func @addf_x_z_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.constant 0.0 : f32
  %res = arith.addf %x, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_x_negx(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %x : f32
  %res = arith.addf %x, %q : f32
  return %res : f32
}

// -----

func.func @addf_x_negx_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %x : f32
  %res = arith.addf %x, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_x_negy(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %y : f32
  %res = arith.addf %x, %q : f32
  return %res : f32
}

// -----

func.func @addf_x_negy_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %y : f32
  %res = arith.addf %x, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_y_z_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.constant 0.0 : f32
  %res = arith.addf %y, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_y_negx(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %x : f32
  %res = arith.addf %y, %q : f32
  return %res : f32
}

// -----

func.func @addf_y_negx_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %x : f32
  %res = arith.addf %y, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_y_negy(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %y : f32
  %res = arith.addf %y, %q : f32
  return %res : f32
}

// -----

func.func @addf_y_negy_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.negf %y : f32
  %res = arith.addf %y, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_z_x_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %res = arith.addf %l, %x fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_z_y_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %res = arith.addf %l, %y fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_z_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_z_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_z_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_z_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_z_fm_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0.0 : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_nz_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.constant 0.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_one_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 1.0 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_one_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 1.0 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_one_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 1.0 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_one_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 1.0 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_m1_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -1.0 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_m1_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -1.0 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_m1_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -1.0 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_m1_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -1.0 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_inf_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7F800000 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_inf_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7F800000 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_inf_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7F800000 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_inf_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7F800000 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_ninf_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0xFF800000 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_ninf_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0xFF800000 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_ninf_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0xFF800000 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_ninf_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0xFF800000 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_nan_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7FC00000 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_nan_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7FC00000 : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_nan_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7FC00000 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_nan_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7FC00000 : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_x(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %res = arith.addf %l, %x : f32
  return %res : f32
}

// -----

func.func @addf_negx_x_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %res = arith.addf %l, %x fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_y(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %res = arith.addf %l, %y : f32
  return %res : f32
}

// -----

func.func @addf_negx_y_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %res = arith.addf %l, %y fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_z(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0.0 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_one(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 1.0 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_one_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 1.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_m1(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant -1.0 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_m1_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant -1.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_inf(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0x7F800000 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_inf_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0x7F800000 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_ninf(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0xFF800000 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_ninf_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0xFF800000 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_nan(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0x7FC00000 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_nan_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant 0x7FC00000 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negx_fm_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negx_same(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %res = arith.addf %l, %l : f32
  return %res : f32
}

// -----

func.func @addf_negx_same_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %res = arith.addf %l, %l fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_x(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %res = arith.addf %l, %x : f32
  return %res : f32
}

// -----

func.func @addf_negy_x_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %res = arith.addf %l, %x fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_y(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %res = arith.addf %l, %y : f32
  return %res : f32
}

// -----

func.func @addf_negy_y_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %res = arith.addf %l, %y fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_z(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0.0 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_one(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 1.0 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_one_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 1.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_m1(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant -1.0 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_m1_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant -1.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_inf(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0x7F800000 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_inf_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0x7F800000 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_ninf(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0xFF800000 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_ninf_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0xFF800000 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_nan(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0x7FC00000 : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_nan_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant 0x7FC00000 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_negy_fm_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_negy_same(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %res = arith.addf %l, %l : f32
  return %res : f32
}

// -----

func.func @addf_negy_same_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %res = arith.addf %l, %l fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_fm_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %q = arith.constant 0.0 : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_fm_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_fm_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %q = arith.negf %x : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @addf_fm_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q : f32
  return %res : f32
}

// -----

func.func @addf_fm_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %q = arith.negf %y : f32
  %res = arith.addf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_x_nz_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.constant -0.0 : f32
  %res = arith.subf %x, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_y_nz_fm(%x: f32, %y: f32) -> f32 {
  %q = arith.constant -0.0 : f32
  %res = arith.subf %y, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_x(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %res = arith.subf %l, %x : f32
  return %res : f32
}

// -----

func.func @subf_nz_x_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %res = arith.subf %l, %x fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_y(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %res = arith.subf %l, %y : f32
  return %res : f32
}

// -----

func.func @subf_nz_y_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %res = arith.subf %l, %y fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.constant -0.0 : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_negx(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.negf %x : f32
  %res = arith.subf %l, %q : f32
  return %res : f32
}

// -----

func.func @subf_nz_negx_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.negf %x : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_negy(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.negf %y : f32
  %res = arith.subf %l, %q : f32
  return %res : f32
}

// -----

func.func @subf_nz_negy_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.negf %y : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.subf %l, %q : f32
  return %res : f32
}

// -----

func.func @subf_nz_fm_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_nz_same_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %res = arith.subf %l, %l fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_negx_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %x : f32
  %q = arith.constant -0.0 : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_negy_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.negf %y : f32
  %q = arith.constant -0.0 : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @subf_fm_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.mulf %x, %y fastmath<nnan,nsz> : f32
  %q = arith.constant -0.0 : f32
  %res = arith.subf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_nz_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.constant 0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_nz_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %q = arith.constant -0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_nz_same_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -0.0 : f32
  %res = arith.mulf %l, %l fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_m1_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -1.0 : f32
  %q = arith.constant 0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_m1_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant -1.0 : f32
  %q = arith.constant -0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_inf_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7F800000 : f32
  %q = arith.constant 0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_inf_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7F800000 : f32
  %q = arith.constant -0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_ninf_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0xFF800000 : f32
  %q = arith.constant 0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_ninf_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0xFF800000 : f32
  %q = arith.constant -0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_nan_z_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7FC00000 : f32
  %q = arith.constant 0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}

// -----

func.func @mulf_nan_nz_fm(%x: f32, %y: f32) -> f32 {
  %l = arith.constant 0x7FC00000 : f32
  %q = arith.constant -0.0 : f32
  %res = arith.mulf %l, %q fastmath<nnan,nsz> : f32
  return %res : f32
}
// -----

func.func @f(%x: vector<2xf32>, %y: vector<2xf32>, %s: f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>, f32, f32) {
  %nz = arith.constant dense<-0.0> : vector<2xf32>
  %0 = arith.subf %nz, %x : vector<2xf32>
  %n = arith.negf %y : vector<2xf32>
  %1 = arith.addf %x, %n fastmath<fast> : vector<2xf32>
  %z = arith.constant dense<0.0> : vector<2xf32>
  %2 = arith.addf %x, %z fastmath<nsz> : vector<2xf32>
  %sz = arith.constant -0.0 : f32
  %3 = arith.subf %s, %sz fastmath<nsz> : f32
  %4 = arith.subf %sz, %s fastmath<fast> : f32
  return %0, %1, %2, %3, %4 : vector<2xf32>, vector<2xf32>, vector<2xf32>, f32, f32
}
