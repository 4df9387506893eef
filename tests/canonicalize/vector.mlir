// cse
func.func @bcast_consts() -> (vector<4xi32>, vector<2x3xf16>, vector<3xi1>, vector<2x2xi8>) {
  %a = arith.constant 7 : i32
  %b = arith.constant 1.5 : f16
  %c = arith.constant true
  %d = arith.constant dense<-3> : vector<2xi8>
  %0 = vector.broadcast %a : i32 to vector<4xi32>
  %1 = vector.broadcast %b : f16 to vector<2x3xf16>
  %2 = vector.broadcast %c : i1 to vector<3xi1>
  %3 = vector.broadcast %d : vector<2xi8> to vector<2x2xi8>
  return %0, %1, %2, %3 : vector<4xi32>, vector<2x3xf16>, vector<3xi1>, vector<2x2xi8>
}

// -----

func.func @bcast_chains(%s: f32, %v: vector<4xf32>, %w: vector<1x4xf32>) -> (vector<4xf32>, vector<2x3x4xf32>, vector<1x1x4xf32>, vector<3x4xf32>) {
  %0 = vector.broadcast %v : vector<4xf32> to vector<4xf32>
  %1 = vector.broadcast %s : f32 to vector<4xf32>
  %2 = vector.broadcast %1 : vector<4xf32> to vector<2x3x4xf32>
  %3 = vector.broadcast %v : vector<4xf32> to vector<1x1x4xf32>
  %4 = vector.shape_cast %v : vector<4xf32> to vector<1x4xf32>
  %5 = vector.broadcast %4 : vector<1x4xf32> to vector<3x4xf32>
  return %0, %2, %3, %5 : vector<4xf32>, vector<2x3x4xf32>, vector<1x1x4xf32>, vector<3x4xf32>
}

// -----

func.func @bcast_poison_and_nonconst(%x: i16) -> (vector<4xi16>, vector<4xi16>) {
  %p = ub.poison : i16
  %0 = vector.broadcast %p : i16 to vector<4xi16>
  %1 = vector.broadcast %x : i16 to vector<4xi16>
  return %0, %1 : vector<4xi16>, vector<4xi16>
}

// -----

func.func @extract_consts() -> (i32, vector<3xi32>, f32, vector<2xf32>, i32) {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %s = arith.constant dense<2.5> : vector<4x2xf32>
  %0 = vector.extract %c[1, 2] : i32 from vector<2x3xi32>
  %1 = vector.extract %c[0] : vector<3xi32> from vector<2x3xi32>
  %2 = vector.extract %s[3, 1] : f32 from vector<4x2xf32>
  %3 = vector.extract %s[2] : vector<2xf32> from vector<4x2xf32>
  %4 = vector.extract %c[-1, 0] : i32 from vector<2x3xi32>
  return %0, %1, %2, %3, %4 : i32, vector<3xi32>, f32, vector<2xf32>, i32
}

// -----

func.func @extract_dynamic_positions(%v: vector<4x5xf32>, %i: index) -> (f32, f32, vector<5xf32>, f32) {
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %cm1 = arith.constant -1 : index
  %0 = vector.extract %v[%c2, %i] : f32 from vector<4x5xf32>
  %1 = vector.extract %v[%c9, 1] : f32 from vector<4x5xf32>
  %2 = vector.extract %v[%cm1] : vector<5xf32> from vector<4x5xf32>
  %3 = vector.extract %v[%i, %c2] : f32 from vector<4x5xf32>
  return %0, %1, %2, %3 : f32, f32, vector<5xf32>, f32
}

// -----

func.func @extract_poison_and_identity(%v: vector<3xi8>) -> (i8, vector<3xi8>) {
  %p = ub.poison : vector<2x3xi8>
  %0 = vector.extract %p[1, 1] : i8 from vector<2x3xi8>
  %1 = vector.extract %v[] : vector<3xi8> from vector<3xi8>
  return %0, %1 : i8, vector<3xi8>
}

// -----

func.func @extract_of_extract(%v: vector<2x3x4xf32>) -> (f32, vector<4xf32>) {
  %0 = vector.extract %v[1] : vector<3x4xf32> from vector<2x3x4xf32>
  %1 = vector.extract %0[2] : vector<4xf32> from vector<3x4xf32>
  %2 = vector.extract %1[3] : f32 from vector<4xf32>
  return %2, %1 : f32, vector<4xf32>
}

// -----

func.func @extract_of_insert(%v: vector<3x4xi32>, %r: vector<4xi32>, %s: i32) -> (vector<4xi32>, i32, i32, i32, vector<4xi32>) {
  %0 = vector.insert %r, %v[1] : vector<4xi32> into vector<3x4xi32>
  %1 = vector.extract %0[1] : vector<4xi32> from vector<3x4xi32>
  %2 = vector.extract %0[1, 3] : i32 from vector<3x4xi32>
  %3 = vector.insert %s, %0[2, 0] : i32 into vector<3x4xi32>
  %4 = vector.extract %3[0, 2] : i32 from vector<3x4xi32>
  %5 = vector.extract %3[2, 0] : i32 from vector<3x4xi32>
  %6 = vector.extract %3[2] : vector<4xi32> from vector<3x4xi32>
  return %1, %2, %4, %5, %6 : vector<4xi32>, i32, i32, i32, vector<4xi32>
}

// -----

func.func @extract_through_transpose(%v: vector<2x3xf32>, %s: f32) -> (f32, f32) {
  %0 = vector.insert %s, %v[1, 2] : f32 into vector<2x3xf32>
  %1 = vector.transpose %0, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %2 = vector.extract %1[2, 1] : f32 from vector<3x2xf32>
  %3 = vector.extract %1[0, 1] : f32 from vector<3x2xf32>
  return %2, %3 : f32, f32
}

// -----

func.func @extract_of_broadcast(%s: f32, %v: vector<4xf32>, %u: vector<1x4xf32>) -> (f32, f32, vector<4xf32>, vector<4xf32>, f32, vector<2x4xf32>) {
  %0 = vector.broadcast %s : f32 to vector<2x3xf32>
  %1 = vector.extract %0[1, 2] : f32 from vector<2x3xf32>
  %2 = vector.broadcast %v : vector<4xf32> to vector<5x4xf32>
  %3 = vector.extract %2[3, 1] : f32 from vector<5x4xf32>
  %4 = vector.extract %2[4] : vector<4xf32> from vector<5x4xf32>
  %5 = vector.broadcast %u : vector<1x4xf32> to vector<3x2x4xf32>
  %6 = vector.extract %5[2, 1] : vector<4xf32> from vector<3x2x4xf32>
  %7 = vector.extract %5[2, 1, 3] : f32 from vector<3x2x4xf32>
  %8 = vector.extract %5[1] : vector<2x4xf32> from vector<3x2x4xf32>
  return %1, %3, %4, %6, %7, %8 : f32, f32, vector<4xf32>, vector<4xf32>, f32, vector<2x4xf32>
}

// -----

func.func @extract_of_broadcast_stretch(%v: vector<1xf32>, %w: vector<2x1xi8>) -> (vector<4xf32>, vector<3xi8>, i8) {
  %0 = vector.broadcast %v : vector<1xf32> to vector<3x4xf32>
  %1 = vector.extract %0[1] : vector<4xf32> from vector<3x4xf32>
  %2 = vector.broadcast %w : vector<2x1xi8> to vector<2x3xi8>
  %3 = vector.extract %2[1] : vector<3xi8> from vector<2x3xi8>
  %4 = vector.extract %2[1, 2] : i8 from vector<2x3xi8>
  return %1, %3, %4 : vector<4xf32>, vector<3xi8>, i8
}

// -----

func.func @extract_of_shuffle(%a: vector<4xi32>, %b: vector<4xi32>) -> (i32, i32) {
  %0 = vector.shuffle %a, %b [7, 0, 5, 2] : vector<4xi32>, vector<4xi32>
  %1 = vector.extract %0[0] : i32 from vector<4xi32>
  %2 = vector.extract %0[3] : i32 from vector<4xi32>
  return %1, %2 : i32, i32
}

// -----

func.func @extract_of_shape_cast(%v: vector<6xf32>, %w: vector<2x8xi16>) -> (f32, vector<4xi16>, vector<8xi16>) {
  %0 = vector.shape_cast %v : vector<6xf32> to vector<2x3xf32>
  %1 = vector.extract %0[1, 1] : f32 from vector<2x3xf32>
  %2 = vector.shape_cast %w : vector<2x8xi16> to vector<4x4xi16>
  %3 = vector.extract %2[3] : vector<4xi16> from vector<4x4xi16>
  %4 = vector.shape_cast %w : vector<2x8xi16> to vector<1x2x8xi16>
  %5 = vector.extract %4[0, 1] : vector<8xi16> from vector<1x2x8xi16>
  return %1, %3, %5 : f32, vector<4xi16>, vector<8xi16>
}

// -----

func.func @extract_to_shape_cast(%v: vector<1x1x3xf32>, %w: vector<2x3xf32>) -> (vector<3xf32>, vector<1x3xf32>, vector<3xf32>) {
  %0 = vector.extract %v[0, 0] : vector<3xf32> from vector<1x1x3xf32>
  %1 = vector.extract %v[0] : vector<1x3xf32> from vector<1x1x3xf32>
  %2 = vector.extract %w[1] : vector<3xf32> from vector<2x3xf32>
  return %0, %1, %2 : vector<3xf32>, vector<1x3xf32>, vector<3xf32>
}

// -----

func.func @extract_insert_unit_dims(%v: vector<5x1xf32>, %s: f32, %u: vector<4x1x1xi8>, %r: vector<1xi8>) -> (vector<1xf32>, vector<1x1xi8>) {
  %0 = vector.insert %s, %v[3, 0] : f32 into vector<5x1xf32>
  %1 = vector.extract %0[3] : vector<1xf32> from vector<5x1xf32>
  %2 = vector.insert %r, %u[2, 0] : vector<1xi8> into vector<4x1x1xi8>
  %3 = vector.extract %2[2] : vector<1x1xi8> from vector<4x1x1xi8>
  return %1, %3 : vector<1xf32>, vector<1x1xi8>
}

// -----

func.func @extract_scalars_of_from_elements(%a: i32, %b: i32, %c: i32) -> (i32, i32, vector<2xi32>) {
  %0 = vector.from_elements %a, %b, %c, %a, %c, %b : vector<3x2xi32>
  %1 = vector.extract %0[2, 0] : i32 from vector<3x2xi32>
  %2 = vector.extract %0[1, 1] : i32 from vector<3x2xi32>
  %3 = vector.extract %0[1] : vector<2xi32> from vector<3x2xi32>
  return %1, %2, %3 : i32, i32, vector<2xi32>
}

// -----

func.func @insert_folds(%v: vector<2x3xf32>, %s: f32, %t: f32, %r: vector<3xf32>) -> (vector<2x3xf32>, vector<2x3xf32>, vector<2x3xf32>, vector<3xf32>) {
  %c1 = arith.constant 1 : index
  %0 = vector.insert %s, %v[%c1, 2] : f32 into vector<2x3xf32>
  %1 = vector.insert %t, %0[1, 2] : f32 into vector<2x3xf32>
  %2 = vector.insert %s, %v[-1, 0] : f32 into vector<2x3xf32>
  %3 = vector.insert %r, %v[0] : vector<3xf32> into vector<2x3xf32>
  %4 = vector.insert %r, %r[] : vector<3xf32> into vector<3xf32>
  return %1, %2, %3, %4 : vector<2x3xf32>, vector<2x3xf32>, vector<2x3xf32>, vector<3xf32>
}

// -----

func.func @insert_into_constant() -> (vector<2x2xi32>, vector<2x2xi32>, vector<4xf32>) {
  %d = arith.constant dense<0> : vector<2x2xi32>
  %e = arith.constant dense<[1, 2]> : vector<2xi32>
  %s = arith.constant 9 : i32
  %f = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %x = arith.constant 0.5 : f32
  %0 = vector.insert %s, %d[1, 0] : i32 into vector<2x2xi32>
  %1 = vector.insert %e, %d[0] : vector<2xi32> into vector<2x2xi32>
  %2 = vector.insert %x, %f[2] : f32 into vector<4xf32>
  return %0, %1, %2 : vector<2x2xi32>, vector<2x2xi32>, vector<4xf32>
}

// -----

func.func @insert_patterns(%v: vector<4xi8>, %d: vector<1x4xi8>, %s: i8) -> (vector<1x4xi8>, vector<2x4xi8>) {
  %0 = vector.insert %v, %d[0] : vector<4xi8> into vector<1x4xi8>
  %a = vector.broadcast %s : i8 to vector<4xi8>
  %b = vector.broadcast %s : i8 to vector<2x4xi8>
  %1 = vector.insert %a, %b[1] : vector<4xi8> into vector<2x4xi8>
  return %0, %1 : vector<1x4xi8>, vector<2x4xi8>
}

// -----

func.func @insert_chain_full(%a: f32, %b: f32, %c: vector<2xf32>) -> (vector<2x2xf32>, vector<3xf32>) {
  %p = ub.poison : vector<2x2xf32>
  %0 = vector.insert %c, %p[1] : vector<2xf32> into vector<2x2xf32>
  %1 = vector.insert %a, %0[0, 0] : f32 into vector<2x2xf32>
  %2 = vector.insert %b, %1[0, 1] : f32 into vector<2x2xf32>
  %q = ub.poison : vector<3xf32>
  %3 = vector.insert %a, %q[0] : f32 into vector<3xf32>
  %4 = vector.insert %b, %3[2] : f32 into vector<3xf32>
  return %2, %4 : vector<2x2xf32>, vector<3xf32>
}

// -----

func.func @shape_cast_folds(%v: vector<2x3xf32>, %w: vector<3x1xf32>, %s: f32) -> (vector<2x3xf32>, vector<3x2xf32>, vector<3xf32>, vector<6xf32>, vector<3xf32>) {
  %0 = vector.shape_cast %v : vector<2x3xf32> to vector<2x3xf32>
  %1 = vector.shape_cast %v : vector<2x3xf32> to vector<6xf32>
  %2 = vector.shape_cast %1 : vector<6xf32> to vector<3x2xf32>
  %3 = vector.transpose %w, [1, 0] : vector<3x1xf32> to vector<1x3xf32>
  %4 = vector.shape_cast %3 : vector<1x3xf32> to vector<3xf32>
  %5 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %6 = vector.shape_cast %5 : vector<3x2xf32> to vector<6xf32>
  %7 = vector.broadcast %4 : vector<3xf32> to vector<1x3xf32>
  %8 = vector.shape_cast %7 : vector<1x3xf32> to vector<3xf32>
  return %0, %2, %4, %6, %8 : vector<2x3xf32>, vector<3x2xf32>, vector<3xf32>, vector<6xf32>, vector<3xf32>
}

// -----

func.func @shape_cast_consts() -> (vector<2x2xi32>, vector<4xf32>, vector<2xi1>) {
  %c = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %f = arith.constant dense<1.0> : vector<2x2xf32>
  %p = ub.poison : vector<1x2xi1>
  %0 = vector.shape_cast %c : vector<4xi32> to vector<2x2xi32>
  %1 = vector.shape_cast %f : vector<2x2xf32> to vector<4xf32>
  %2 = vector.shape_cast %p : vector<1x2xi1> to vector<2xi1>
  return %0, %1, %2 : vector<2x2xi32>, vector<4xf32>, vector<2xi1>
}

// -----

func.func @shape_cast_patterns(%s: i32, %v: vector<4xi32>, %a: i32, %b: i32) -> (vector<2x3xi32>, vector<2x4xi32>, vector<1x2xi32>, vector<8xi32>) {
  %0 = vector.broadcast %s : i32 to vector<6xi32>
  %1 = vector.shape_cast %0 : vector<6xi32> to vector<2x3xi32>
  %2 = vector.broadcast %v : vector<4xi32> to vector<1x2x4xi32>
  %3 = vector.shape_cast %2 : vector<1x2x4xi32> to vector<2x4xi32>
  %4 = vector.from_elements %a, %b : vector<2xi32>
  %5 = vector.shape_cast %4 : vector<2xi32> to vector<1x2xi32>
  %6 = vector.broadcast %v : vector<4xi32> to vector<2x4xi32>
  %7 = vector.shape_cast %6 : vector<2x4xi32> to vector<8xi32>
  return %1, %3, %5, %7 : vector<2x3xi32>, vector<2x4xi32>, vector<1x2xi32>, vector<8xi32>
}

// -----

func.func @from_elements_consts() -> (vector<3xi32>, vector<2x2xf32>, vector<2xindex>, vector<2xi1>) {
  %a = arith.constant 1 : i32
  %b = arith.constant -2 : i32
  %x = arith.constant 0.5 : f32
  %y = arith.constant 2.0 : f32
  %i = arith.constant 7 : index
  %t = arith.constant true
  %f = arith.constant false
  %0 = vector.from_elements %a, %b, %a : vector<3xi32>
  %1 = vector.from_elements %x, %y, %y, %x : vector<2x2xf32>
  %2 = vector.from_elements %i, %i : vector<2xindex>
  %3 = vector.from_elements %t, %f : vector<2xi1>
  return %0, %1, %2, %3 : vector<3xi32>, vector<2x2xf32>, vector<2xindex>, vector<2xi1>
}

// -----

func.func @from_elements_not_const(%x: i32) -> (vector<2xi32>, vector<2xi32>) {
  %p = ub.poison : i32
  %c = arith.constant 3 : i32
  %0 = vector.from_elements %p, %c : vector<2xi32>
  %1 = vector.from_elements %x, %c : vector<2xi32>
  return %0, %1 : vector<2xi32>, vector<2xi32>
}

// -----

func.func @from_to_elements(%v: vector<3xf32>, %a: f32, %b: f32) -> (vector<3xf32>, f32, f32, vector<2xf32>) {
  %e:3 = vector.to_elements %v : vector<3xf32>
  %0 = vector.from_elements %e#0, %e#1, %e#2 : vector<3xf32>
  %1 = vector.from_elements %a, %b : vector<2xf32>
  %f:2 = vector.to_elements %1 : vector<2xf32>
  %2 = vector.broadcast %a : f32 to vector<2xf32>
  %g:2 = vector.to_elements %2 : vector<2xf32>
  %3 = vector.from_elements %e#2, %e#1 : vector<2xf32>
  return %0, %f#1, %g#0, %3 : vector<3xf32>, f32, f32, vector<2xf32>
}

// -----

func.func @from_elements_of_extracts(%v: vector<3x4xi8>) -> (vector<4xi8>, vector<2xi8>, vector<12xi8>) {
  %0 = vector.extract %v[2, 0] : i8 from vector<3x4xi8>
  %1 = vector.extract %v[2, 1] : i8 from vector<3x4xi8>
  %2 = vector.extract %v[2, 2] : i8 from vector<3x4xi8>
  %3 = vector.extract %v[2, 3] : i8 from vector<3x4xi8>
  %4 = vector.from_elements %0, %1, %2, %3 : vector<4xi8>
  %5 = vector.from_elements %1, %0 : vector<2xi8>
  %6 = vector.from_elements %0, %1, %2, %3, %0, %1, %2, %3, %0, %1, %2, %3 : vector<12xi8>
  return %4, %5, %6 : vector<4xi8>, vector<2xi8>, vector<12xi8>
}

// -----

func.func @transpose_folds(%v: vector<2x3xf32>, %u: vector<1x4xf32>) -> (vector<3x2xf32>, vector<2x3xf32>, vector<4x1xf32>, vector<2x3xf32>) {
  %c = arith.constant dense<4.0> : vector<2x3xf32>
  %0 = vector.transpose %c, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %1 = vector.transpose %v, [0, 1] : vector<2x3xf32> to vector<2x3xf32>
  %2 = vector.transpose %u, [1, 0] : vector<1x4xf32> to vector<4x1xf32>
  %3 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %4 = vector.transpose %3, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  return %0, %1, %2, %4 : vector<3x2xf32>, vector<2x3xf32>, vector<4x1xf32>, vector<2x3xf32>
}

// -----

func.func @transpose_patterns(%s: i32, %v: vector<1x1xi32>, %a: i32, %b: i32, %c: i32, %d: i32) -> (vector<3x2xi32>, vector<8x1xi32>, vector<2x2xi32>, vector<4x3xi32>) {
  %0 = vector.broadcast %s : i32 to vector<2x3xi32>
  %1 = vector.transpose %0, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
  %2 = vector.broadcast %v : vector<1x1xi32> to vector<1x8xi32>
  %3 = vector.transpose %2, [1, 0] : vector<1x8xi32> to vector<8x1xi32>
  %4 = vector.from_elements %a, %b, %c, %d : vector<2x2xi32>
  %5 = vector.transpose %4, [1, 0] : vector<2x2xi32> to vector<2x2xi32>
  %w = vector.broadcast %a : i32 to vector<4xi32>
  %6 = vector.broadcast %w : vector<4xi32> to vector<3x4xi32>
  %7 = vector.transpose %6, [1, 0] : vector<3x4xi32> to vector<4x3xi32>
  return %1, %3, %5, %7 : vector<3x2xi32>, vector<8x1xi32>, vector<2x2xi32>, vector<4x3xi32>
}

// -----

func.func @step_compares() -> (vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>) {
  %c4 = arith.constant dense<4> : vector<4xindex>
  %c3 = arith.constant dense<3> : vector<4xindex>
  %c2 = arith.constant dense<2> : vector<4xindex>
  %s = vector.step : vector<4xindex>
  %0 = arith.cmpi ult, %s, %c4 : vector<4xindex>
  %1 = arith.cmpi ugt, %s, %c3 : vector<4xindex>
  %2 = arith.cmpi ne, %s, %c4 : vector<4xindex>
  %3 = arith.cmpi eq, %s, %c3 : vector<4xindex>
  %4 = arith.cmpi ule, %s, %c2 : vector<4xindex>
  return %0, %1, %2, %3, %4 : vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>
}

// -----

func.func @transfer_in_bounds(%m: memref<4x8xf32>, %d: memref<?x8xf32>, %i: index, %p: f32) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %0 = vector.transfer_read %m[%i, %c4], %p : memref<4x8xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i, %c6], %p : memref<4x8xf32>, vector<4xf32>
  %2 = vector.transfer_read %d[%c0, %c0], %p {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x8xf32>, vector<4xf32>
  %3 = vector.transfer_read %m[%c0, %c0], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x8xf32>, vector<2x4xf32>
  vector.transfer_write %0, %m[%c0, %c4] : vector<4xf32>, memref<4x8xf32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2x4xf32>
}

// -----

func.func @transfer_masks(%m: memref<8xf32>, %i: index, %p: f32, %v: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>) {
  %t = arith.constant dense<true> : vector<4xi1>
  %f = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %k = vector.constant_mask [4] : vector<4xi1>
  %0 = vector.transfer_read %m[%i], %p, %t : memref<8xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i], %p, %f : memref<8xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%i], %k : vector<4xf32>, memref<8xf32>
  return %0, %1 : vector<4xf32>, vector<4xf32>
}

// -----

func.func @transfer_tensor_forwarding(%t: tensor<4x4xf32>, %v: vector<1x4xf32>, %p: f32) -> (vector<1x4xf32>, vector<1x4xf32>, tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %w0 = vector.transfer_write %v, %t[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %w1 = vector.transfer_write %v, %w0[%c2, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %r0 = vector.transfer_read %w1[%c1, %c0], %p {in_bounds = [true, true]} : tensor<4x4xf32>, vector<1x4xf32>
  %r1 = vector.transfer_read %w1[%c0, %c0], %p {in_bounds = [true, true]} : tensor<4x4xf32>, vector<1x4xf32>
  %w2 = vector.transfer_write %r1, %w1[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  return %r0, %r1, %w2 : vector<1x4xf32>, vector<1x4xf32>, tensor<4x4xf32>
}

// -----

func.func @transfer_read_init_write_and_waw(%t0: tensor<2x3xf32>, %t1: tensor<2x3xf32>, %v: vector<2x3xf32>, %p: f32) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %r = vector.transfer_read %t0[%c0, %c0], %p {in_bounds = [true, true]} : tensor<2x3xf32>, vector<2x3xf32>
  %w = vector.transfer_write %r, %t1[%c0, %c0] {in_bounds = [true, true]} : vector<2x3xf32>, tensor<2x3xf32>
  %a = vector.transfer_write %v, %t1[%c0, %c0] : vector<2x3xf32>, tensor<2x3xf32>
  %b = vector.transfer_write %v, %a[%c0, %c0] : vector<2x3xf32>, tensor<2x3xf32>
  return %w, %b : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

func.func @transfer_casts(%m: memref<4x4xf32>, %t: tensor<4x4xf32>, %p: f32) -> (vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.cast %m : memref<4x4xf32> to memref<?x?xf32>
  %1 = vector.transfer_read %0[%c0, %c0], %p : memref<?x?xf32>, vector<4xf32>
  %2 = tensor.cast %t : tensor<4x4xf32> to tensor<?x4xf32>
  %3 = vector.transfer_read %2[%c0, %c0], %p : tensor<?x4xf32>, vector<4xf32>
  return %1, %3 : vector<4xf32>, vector<4xf32>
}

// -----

func.func @masks_const() -> (vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>, vector<i1>) {
  %0 = vector.constant_mask [4, 3] : vector<4x3xi1>
  %1 = vector.constant_mask [0, 0] : vector<4x3xi1>
  %2 = vector.constant_mask [2, 3] : vector<4x3xi1>
  %3 = vector.constant_mask [1] : vector<i1>
  return %0, %1, %2, %3 : vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>, vector<i1>
}

// -----

func.func @create_masks(%n: index) -> (vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>, vector<[8]xi1>, vector<[4]xi1>) {
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c4 = arith.constant 4 : index
  %0 = vector.create_mask %c2, %c9 : vector<4x3xi1>
  %1 = vector.create_mask %c0, %c2 : vector<4x3xi1>
  %2 = vector.create_mask %n, %c2 : vector<4x3xi1>
  %3 = vector.create_mask %cm1, %c2 : vector<4x3xi1>
  %4 = vector.create_mask %cm1 : vector<[8]xi1>
  %vs = vector.vscale
  %m = arith.muli %vs, %c4 : index
  %5 = vector.create_mask %m : vector<[4]xi1>
  return %0, %1, %2, %3, %4, %5 : vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>, vector<[8]xi1>, vector<[4]xi1>
}

// -----

func.func @extract_masks(%n: index, %i: index) -> (vector<3xi1>, vector<3xi1>, vector<3xi1>, i1, i1, vector<3xi1>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = vector.create_mask %c2, %n : vector<4x3xi1>
  %0 = vector.extract %m[1] : vector<3xi1> from vector<4x3xi1>
  %1 = vector.extract %m[3] : vector<3xi1> from vector<4x3xi1>
  %k = vector.constant_mask [2, 2] : vector<4x3xi1>
  %2 = vector.extract %k[1] : vector<3xi1> from vector<4x3xi1>
  %3 = vector.extract %k[1, 1] : i1 from vector<4x3xi1>
  %4 = vector.extract %k[3, 0] : i1 from vector<4x3xi1>
  %5 = vector.extract %m[%i] : vector<3xi1> from vector<4x3xi1>
  return %0, %1, %2, %3, %4, %5 : vector<3xi1>, vector<3xi1>, vector<3xi1>, i1, i1, vector<3xi1>
}

// -----

func.func @mask_shape_casts(%n: index) -> (vector<4xi1>, vector<4xi1>, vector<2x3xi1>) {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %n, %c1 : vector<4x1xi1>
  %0 = vector.shape_cast %m : vector<4x1xi1> to vector<4xi1>
  %k = vector.constant_mask [1, 3] : vector<1x4xi1>
  %1 = vector.shape_cast %k : vector<1x4xi1> to vector<4xi1>
  %t = vector.create_mask %n, %c1 : vector<3x2xi1>
  %2 = vector.transpose %t, [1, 0] : vector<3x2xi1> to vector<2x3xi1>
  return %0, %1, %2 : vector<4xi1>, vector<4xi1>, vector<2x3xi1>
}

// -----

func.func @reductions(%v: vector<1xf32>, %a: f32, %w: vector<1xi32>, %b: i32, %u: vector<f32>) -> (f32, i32, f32, f32, i32) {
  %0 = vector.reduction <add>, %v, %a : vector<1xf32> into f32
  %1 = vector.reduction <maxsi>, %w, %b : vector<1xi32> into i32
  %2 = vector.reduction <mul>, %v : vector<1xf32> into f32
  %3 = vector.reduction <minimumf>, %u, %a fastmath<nnan> : vector<f32> into f32
  %4 = vector.reduction <xor>, %w : vector<1xi32> into i32
  return %0, %1, %2, %3, %4 : f32, i32, f32, f32, i32
}

// -----

func.func @multi_reductions(%v: vector<2x1xf32>, %acc: vector<2xf32>, %s: vector<1x1xi32>, %b: i32, %w: vector<2x3xf32>) -> (vector<2xf32>, i32, vector<2xf32>) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<2x1xf32> to vector<2xf32>
  %1 = vector.multi_reduction <mul>, %s, %b [0, 1] : vector<1x1xi32> to i32
  %2 = vector.multi_reduction <maxnumf>, %w, %acc [1] : vector<2x3xf32> to vector<2xf32>
  return %0, %1, %2 : vector<2xf32>, i32, vector<2xf32>
}

// -----

func.func @shuffles(%a: vector<4xi32>, %b: vector<2xi32>, %s: i32) -> (vector<4xi32>, vector<2xi32>, vector<4xi32>, vector<4xi32>) {
  %0 = vector.shuffle %a, %b [0, 1, 2, 3] : vector<4xi32>, vector<2xi32>
  %1 = vector.shuffle %a, %b [4, 5] : vector<4xi32>, vector<2xi32>
  %x = vector.broadcast %s : i32 to vector<4xi32>
  %y = vector.broadcast %s : i32 to vector<4xi32>
  %2 = vector.shuffle %x, %y [1, 5, 2, 7] : vector<4xi32>, vector<4xi32>
  %3 = vector.shuffle %a, %b [4, 1, 5, 0] : vector<4xi32>, vector<2xi32>
  return %0, %1, %2, %3 : vector<4xi32>, vector<2xi32>, vector<4xi32>, vector<4xi32>
}

// -----

func.func @shuffle_consts() -> (vector<3xi32>, vector<2xi32>, vector<4xf32>) {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<[3, 4]> : vector<2xi32>
  %p = ub.poison : vector<2xi32>
  %0 = vector.shuffle %a, %b [3, 0, -1] : vector<2xi32>, vector<2xi32>
  %1 = vector.shuffle %p, %b [0, 2] : vector<2xi32>, vector<2xi32>
  %f = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %g = arith.constant dense<[3.0, 4.0]> : vector<2xf32>
  %2 = vector.shuffle %f, %g [0, 2, 1, 3] : vector<2xf32>, vector<2xf32>
  return %0, %1, %2 : vector<3xi32>, vector<2xi32>, vector<4xf32>
}

// -----

func.func @shuffle_more(%a: vector<4xf32>, %b: vector<4xf32>, %z: vector<f32>, %w: vector<f32>) -> (vector<8xf32>, vector<1xf32>, vector<2xf32>, vector<3xf32>) {
  %0 = vector.shuffle %a, %b [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
  %1 = vector.shuffle %z, %w [1] : vector<f32>, vector<f32>
  %2 = vector.shuffle %a, %b [-1, -1] : vector<4xf32>, vector<4xf32>
  %3 = vector.shuffle %a, %b [5, 6, -1] : vector<4xf32>, vector<4xf32>
  return %0, %1, %2, %3 : vector<8xf32>, vector<1xf32>, vector<2xf32>, vector<3xf32>
}

// -----

func.func @bitcasts(%v: vector<4xf32>) -> (vector<4xf32>, vector<8xf16>, vector<2xi32>, vector<2xf32>, vector<4xi32>) {
  %0 = vector.bitcast %v : vector<4xf32> to vector<8xf16>
  %1 = vector.bitcast %0 : vector<8xf16> to vector<4xf32>
  %2 = vector.bitcast %0 : vector<8xf16> to vector<16xi8>
  %3 = vector.bitcast %2 : vector<16xi8> to vector<8xf16>
  %c = arith.constant dense<7> : vector<8xi8>
  %4 = vector.bitcast %c : vector<8xi8> to vector<2xi32>
  %h = arith.constant dense<1.0> : vector<4xf16>
  %5 = vector.bitcast %h : vector<4xf16> to vector<2xf32>
  %i = arith.constant dense<-1> : vector<8xi16>
  %6 = vector.bitcast %i : vector<8xi16> to vector<4xi32>
  return %1, %3, %4, %5, %6 : vector<4xf32>, vector<8xf16>, vector<2xi32>, vector<2xf32>, vector<4xi32>
}

// -----

func.func @interleaves(%v: vector<8xi8>) -> (vector<8xi8>, vector<4xf32>) {
  %a, %b = vector.deinterleave %v : vector<8xi8> -> vector<4xi8>
  %0 = vector.interleave %a, %b : vector<4xi8> -> vector<8xi8>
  %c = arith.constant dense<2.0> : vector<2xf32>
  %1 = vector.interleave %c, %c : vector<2xf32> -> vector<4xf32>
  return %0, %1 : vector<8xi8>, vector<4xf32>
}

// -----

func.func @strided_slices(%v: vector<4x8xf32>, %s: f32, %u: vector<8xf32>) -> (vector<4x8xf32>, vector<1x2xf32>, vector<2x4xf32>, vector<2x2xf32>, vector<1x8xf32>) {
  %0 = vector.extract_strided_slice %v offsets = [0, 0], sizes = [4, 8], strides = [1, 1] : vector<4x8xf32> to vector<4x8xf32>
  %1 = vector.extract_strided_slice %v offsets = [1, 2], sizes = [2, 4], strides = [1, 1] : vector<4x8xf32> to vector<2x4xf32>
  %2 = vector.extract_strided_slice %1 offsets = [1, 1], sizes = [1, 2], strides = [1, 1] : vector<2x4xf32> to vector<1x2xf32>
  %b = vector.broadcast %s : f32 to vector<4x8xf32>
  %3 = vector.extract_strided_slice %b offsets = [0, 4], sizes = [2, 4], strides = [1, 1] : vector<4x8xf32> to vector<2x4xf32>
  %bu = vector.broadcast %u : vector<8xf32> to vector<4x8xf32>
  %4 = vector.extract_strided_slice %bu offsets = [1, 2], sizes = [2, 2], strides = [1, 1] : vector<4x8xf32> to vector<2x2xf32>
  %5 = vector.extract_strided_slice %v offsets = [2], sizes = [1], strides = [1] : vector<4x8xf32> to vector<1x8xf32>
  return %0, %2, %3, %4, %5 : vector<4x8xf32>, vector<1x2xf32>, vector<2x4xf32>, vector<2x2xf32>, vector<1x8xf32>
}

// -----

func.func @strided_slice_consts(%n: index) -> (vector<2xi32>, vector<2x2xi32>, vector<2xi1>, vector<4xi1>) {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %0 = vector.extract_strided_slice %c offsets = [1, 1], sizes = [1, 2], strides = [1, 1] : vector<2x3xi32> to vector<1x2xi32>
  %1 = vector.shape_cast %0 : vector<1x2xi32> to vector<2xi32>
  %2 = vector.extract_strided_slice %c offsets = [0, 1], sizes = [2, 2], strides = [1, 1] : vector<2x3xi32> to vector<2x2xi32>
  %k = vector.constant_mask [3] : vector<8xi1>
  %3 = vector.extract_strided_slice %k offsets = [2], sizes = [2], strides = [1] : vector<8xi1> to vector<2xi1>
  %m = vector.create_mask %n : vector<8xi1>
  %4 = vector.extract_strided_slice %m offsets = [3], sizes = [4], strides = [1] : vector<8xi1> to vector<4xi1>
  return %1, %2, %3, %4 : vector<2xi32>, vector<2x2xi32>, vector<2xi1>, vector<4xi1>
}

// -----

func.func @insert_strided(%v: vector<4x8xf32>, %w: vector<2x4xf32>, %s: f32) -> (vector<4x8xf32>, vector<4x8xf32>, vector<2x4xf32>, vector<4xi32>) {
  %0 = vector.insert_strided_slice %w, %v offsets = [1, 2], strides = [1, 1] : vector<2x4xf32> into vector<4x8xf32>
  %1 = vector.extract_strided_slice %0 offsets = [1, 2], sizes = [2, 4], strides = [1, 1] : vector<4x8xf32> to vector<2x4xf32>
  %e = vector.extract_strided_slice %v offsets = [0, 4], sizes = [2, 4], strides = [1, 1] : vector<4x8xf32> to vector<2x4xf32>
  %2 = vector.insert_strided_slice %e, %v offsets = [0, 4], strides = [1, 1] : vector<2x4xf32> into vector<4x8xf32>
  %a = vector.broadcast %s : f32 to vector<2x4xf32>
  %b = vector.broadcast %s : f32 to vector<4x8xf32>
  %3 = vector.insert_strided_slice %a, %b offsets = [2, 0], strides = [1, 1] : vector<2x4xf32> into vector<4x8xf32>
  %d = arith.constant dense<0> : vector<4xi32>
  %x = arith.constant dense<[7, 8]> : vector<2xi32>
  %4 = vector.insert_strided_slice %x, %d offsets = [1], strides = [1] : vector<2xi32> into vector<4xi32>
  %5 = vector.insert_strided_slice %w, %w offsets = [0, 0], strides = [1, 1] : vector<2x4xf32> into vector<2x4xf32>
  return %2, %3, %1, %4 : vector<4x8xf32>, vector<4x8xf32>, vector<2x4xf32>, vector<4xi32>
}

// -----

func.func @masked_memory(%m: memref<16xf32>, %i: index, %p: vector<4xf32>, %v: vector<4xf32>, %iv: vector<4xi32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %t = vector.constant_mask [4] : vector<4xi1>
  %f = vector.constant_mask [0] : vector<4xi1>
  %u = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  %0 = vector.maskedload %m[%i], %t, %p : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %1 = vector.maskedload %m[%i], %f, %p : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i], %t, %v : memref<16xf32>, vector<4xi1>, vector<4xf32>
  vector.maskedstore %m[%i], %f, %v : memref<16xf32>, vector<4xi1>, vector<4xf32>
  %2 = vector.gather %m[%i][%iv], %f, %p : memref<16xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %st = vector.step : vector<4xindex>
  %3 = vector.gather %m[%i][%st], %u, %p : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %m[%i][%iv], %f, %v : memref<16xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %4 = vector.expandload %m[%i], %t, %p : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.compressstore %m[%i], %f, %v : memref<16xf32>, vector<4xi1>, vector<4xf32>
  return %0, %1, %2, %3, %4 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

func.func @loads_through_casts(%m: memref<16xf32>, %i: index, %v: vector<4xf32>) -> vector<4xf32> {
  %c = memref.cast %m : memref<16xf32> to memref<?xf32>
  %0 = vector.load %c[%i] : memref<?xf32>, vector<4xf32>
  vector.store %v, %c[%i] : memref<?xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @to_elements_bcast(%v: vector<2xf32>) -> (f32, f32, f32) {
  %b = vector.broadcast %v : vector<2xf32> to vector<3x2xf32>
  %e:6 = vector.to_elements %b : vector<3x2xf32>
  return %e#0, %e#3, %e#4 : f32, f32, f32
}

// -----

#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @contract_add(%x: vector<2x3xf32>, %y: vector<3x4xf32>, %z: vector<2x4xf32>) -> vector<2x4xf32> {
  %zero = arith.constant dense<0.0> : vector<2x4xf32>
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %zero : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %1 = arith.addf %z, %0 : vector<2x4xf32>
  return %1 : vector<2x4xf32>
}

// -----

func.func @extract_strided_chains(%v: vector<4x8xf32>, %w: vector<2x4xf32>) -> (f32, vector<8xf32>, f32, vector<4xf32>, f32) {
  %0 = vector.extract_strided_slice %v offsets = [1, 2], sizes = [2, 4], strides = [1, 1] : vector<4x8xf32> to vector<2x4xf32>
  %1 = vector.extract %0[1, 3] : f32 from vector<2x4xf32>
  %2 = vector.extract_strided_slice %v offsets = [2], sizes = [2], strides = [1] : vector<4x8xf32> to vector<2x8xf32>
  %3 = vector.extract %2[1] : vector<8xf32> from vector<2x8xf32>
  %4 = vector.insert_strided_slice %w, %v offsets = [1, 4], strides = [1, 1] : vector<2x4xf32> into vector<4x8xf32>
  %5 = vector.extract %4[2, 5] : f32 from vector<4x8xf32>
  %6 = vector.extract %4[0, 5] : f32 from vector<4x8xf32>
  %x = vector.insert_strided_slice %w, %v offsets = [1, 0], strides = [1, 1] : vector<2x4xf32> into vector<4x8xf32>
  %7 = vector.extract %x[2] : vector<8xf32> from vector<4x8xf32>
  %s = vector.extract_strided_slice %7 offsets = [0], sizes = [4], strides = [1] : vector<8xf32> to vector<4xf32>
  return %1, %3, %5, %s, %6 : f32, vector<8xf32>, f32, vector<4xf32>, f32
}

// -----

func.func @masks_ops(%m: vector<8xi1>, %v: vector<8xf32>, %p: vector<8xf32>, %mem: memref<8xf32>, %i: index, %f: f32) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %0 = vector.mask %m { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %1 = vector.mask %m, %p { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %t = vector.constant_mask [8] : vector<8xi1>
  %2 = vector.mask %t { vector.transfer_read %mem[%i], %f : memref<8xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.mask %t { vector.transfer_write %v, %mem[%i] : vector<8xf32>, memref<8xf32> } : vector<8xi1>
  return %0, %1, %2 : vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// -----

func.func @read_after_write_permuted(%t: tensor<4x4x4xf32>, %v: vector<4x1xf32>, %p: f32) -> (vector<1x100x4x5xf32>, vector<4x1xf32>) {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%c0, %c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : vector<4x1xf32>, tensor<4x4x4xf32>
  %r = vector.transfer_read %w[%c0, %c0, %c0], %p {in_bounds = [true, true, true, true], permutation_map = affine_map<(d0, d1, d2) -> (d1, 0, d2, 0)>} : tensor<4x4x4xf32>, vector<1x100x4x5xf32>
  %s = vector.transfer_read %w[%c0, %c0, %c0], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : tensor<4x4x4xf32>, vector<4x1xf32>
  return %r, %s : vector<1x100x4x5xf32>, vector<4x1xf32>
}

// -----

func.func @dynamic_positions(%s: f32, %v: vector<3x4xf32>, %i: index, %j: index) -> (f32, vector<4xf32>, f32, f32, vector<3x4xf32>) {
  %b = vector.broadcast %s : f32 to vector<3x4xf32>
  %0 = vector.extract %b[%i, %j] : f32 from vector<3x4xf32>
  %c = vector.broadcast %v : vector<3x4xf32> to vector<2x3x4xf32>
  %1 = vector.extract %c[%i, %j] : vector<4xf32> from vector<2x3x4xf32>
  %e = vector.extract %v[%i] : vector<4xf32> from vector<3x4xf32>
  %2 = vector.extract %e[2] : f32 from vector<4xf32>
  %n = vector.insert %s, %v[%i, 1] : f32 into vector<3x4xf32>
  %3 = vector.extract %n[%i, 1] : f32 from vector<3x4xf32>
  %m = vector.insert %s, %n[%i, 1] : f32 into vector<3x4xf32>
  return %0, %1, %2, %3, %m : f32, vector<4xf32>, f32, f32, vector<3x4xf32>
}

// -----

func.func @zero_d(%s: f32, %z: vector<f32>) -> (vector<f32>, f32, vector<1xf32>, vector<f32>, f32) {
  %0 = vector.broadcast %s : f32 to vector<f32>
  %1 = vector.extract %0[] : f32 from vector<f32>
  %2 = vector.shape_cast %z : vector<f32> to vector<1xf32>
  %3 = vector.shape_cast %2 : vector<1xf32> to vector<f32>
  %c = arith.constant dense<3.0> : vector<f32>
  %4 = vector.extract %c[] : f32 from vector<f32>
  return %0, %1, %2, %3, %4 : vector<f32>, f32, vector<1xf32>, vector<f32>, f32
}

// -----

func.func @scalable(%v: vector<[4]xf32>, %s: f32, %w: vector<2x[4]xf32>) -> (vector<1x[4]xf32>, vector<2x[4]xf32>, f32, vector<[4]xf32>) {
  %0 = vector.broadcast %v : vector<[4]xf32> to vector<1x[4]xf32>
  %1 = vector.broadcast %s : f32 to vector<2x[4]xf32>
  %2 = vector.extract %1[1, 3] : f32 from vector<2x[4]xf32>
  %3 = vector.extract %w[1] : vector<[4]xf32> from vector<2x[4]xf32>
  return %0, %1, %2, %3 : vector<1x[4]xf32>, vector<2x[4]xf32>, f32, vector<[4]xf32>
}

// -----

func.func @element_kinds() -> (i1, f16, bf16, vector<2xi1>, i64, vector<2xf64>) {
  %a = arith.constant dense<[true, false, true]> : vector<3xi1>
  %0 = vector.extract %a[2] : i1 from vector<3xi1>
  %h = arith.constant dense<[1.5, -2.0]> : vector<2xf16>
  %1 = vector.extract %h[1] : f16 from vector<2xf16>
  %g = arith.constant dense<[0.5, 4.0]> : vector<2xbf16>
  %2 = vector.extract %g[0] : bf16 from vector<2xbf16>
  %t = arith.constant true
  %3 = vector.broadcast %t : i1 to vector<2xi1>
  %l = arith.constant dense<[[9223372036854775807, -9223372036854775808]]> : vector<1x2xi64>
  %4 = vector.extract %l[0, 1] : i64 from vector<1x2xi64>
  %x = arith.constant 1.0e+300 : f64
  %y = arith.constant -0.0 : f64
  %5 = vector.from_elements %x, %y : vector<2xf64>
  return %0, %1, %2, %3, %4, %5 : i1, f16, bf16, vector<2xi1>, i64, vector<2xf64>
}

// -----

func.func @inserts_more(%s: i8, %v: vector<2x2xi8>) -> (vector<2x2xi8>, vector<2x2xi8>, vector<300xi8>, vector<300xi8>) {
  %p = ub.poison : vector<2x2xi8>
  %0 = vector.insert %s, %p[0, 0] : i8 into vector<2x2xi8>
  %c = arith.constant 5 : i8
  %d = arith.constant dense<1> : vector<2x2xi8>
  %1 = vector.insert %c, %d[1, 1] : i8 into vector<2x2xi8>
  %big = arith.constant dense<0> : vector<300xi8>
  %2 = vector.insert %c, %big[7] : i8 into vector<300xi8>
  %3 = vector.insert %c, %big[9] : i8 into vector<300xi8>
  return %0, %1, %2, %3 : vector<2x2xi8>, vector<2x2xi8>, vector<300xi8>, vector<300xi8>
}

// -----

func.func @insert_index_consts(%v: vector<4xindex>) -> (vector<4xindex>, vector<3xi32>) {
  %c = arith.constant 3 : index
  %d = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
  %0 = vector.insert %c, %d[0] : index into vector<4xindex>
  %e = arith.constant dense<[5, 6, 7]> : vector<3xi32>
  %f = arith.constant -1 : i32
  %1 = vector.insert %f, %e[2] : i32 into vector<3xi32>
  return %0, %1 : vector<4xindex>, vector<3xi32>
}

// -----

func.func @nested_regions(%c: i1, %v: vector<4xf32>, %s: f32) -> vector<4xf32> {
  %r = scf.if %c -> vector<4xf32> {
    %b = vector.broadcast %s : f32 to vector<4xf32>
    %e = vector.extract %b[1] : f32 from vector<4xf32>
    %i = vector.insert %e, %v[2] : f32 into vector<4xf32>
    scf.yield %i : vector<4xf32>
  } else {
    %k = arith.constant dense<1.0> : vector<4xf32>
    %x = vector.extract %k[3] : f32 from vector<4xf32>
    %i = vector.insert %x, %v[0] : f32 into vector<4xf32>
    scf.yield %i : vector<4xf32>
  }
  return %r : vector<4xf32>
}

// -----

func.func @masked_reductions(%v: vector<1xf32>, %a: f32, %m: vector<1xi1>, %w: vector<2x1xf32>, %acc: vector<2xf32>, %n: vector<2x1xi1>, %u: vector<1x1xi32>, %b: i32, %k: vector<1x1xi1>) -> (f32, f32, vector<2xf32>, i32) {
  %0 = vector.mask %m { vector.reduction <add>, %v, %a : vector<1xf32> into f32 } : vector<1xi1> -> f32
  %1 = vector.mask %m { vector.reduction <mul>, %v : vector<1xf32> into f32 } : vector<1xi1> -> f32
  %2 = vector.mask %n { vector.multi_reduction <add>, %w, %acc [1] : vector<2x1xf32> to vector<2xf32> } : vector<2x1xi1> -> vector<2xf32>
  %3 = vector.mask %k { vector.multi_reduction <add>, %u, %b [0, 1] : vector<1x1xi32> to i32 } : vector<1x1xi1> -> i32
  return %0, %1, %2, %3 : f32, f32, vector<2xf32>, i32
}

// -----

func.func @swap_slice(%v: vector<8x16xf32>, %init: tensor<8x16xf32>, %iter: tensor<27x37xf32>, %i: index, %j: index, %s0: index, %s1: index) -> tensor<27x37xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_write %v, %init[%c0, %c0] : vector<8x16xf32>, tensor<8x16xf32>
  %1 = tensor.extract_slice %0[0, 0] [%s0, %s1] [1, 1] : tensor<8x16xf32> to tensor<?x?xf32>
  %r = tensor.insert_slice %1 into %iter[%i, %j] [%s0, %s1] [1, 1] : tensor<?x?xf32> into tensor<27x37xf32>
  return %r : tensor<27x37xf32>
}

// -----

func.func @insert_transpose_chain(%v: vector<3x2xf32>, %a: f32, %b: f32, %c: f32) -> (f32, f32, f32, f32) {
  %0 = vector.insert %a, %v[0, 1] : f32 into vector<3x2xf32>
  %1 = vector.insert %b, %0[2, 0] : f32 into vector<3x2xf32>
  %2 = vector.transpose %1, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  %3 = vector.insert %c, %2[0, 1] : f32 into vector<2x3xf32>
  %4 = vector.transpose %3, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %r0 = vector.extract %2[1, 0] : f32 from vector<2x3xf32>
  %r1 = vector.extract %4[2, 0] : f32 from vector<3x2xf32>
  %r2 = vector.extract %4[1, 0] : f32 from vector<3x2xf32>
  %r3 = vector.extract %4[1, 1] : f32 from vector<3x2xf32>
  return %r0, %r1, %r2, %r3 : f32, f32, f32, f32
}

// -----

func.func @insert_chain_cases(%big: vector<3x2x5xf32>, %mid: vector<2x5xf32>, %low: vector<5xf32>) -> (vector<5xf32>, vector<5xf32>, vector<2x5xf32>, vector<2x5xf32>) {
  %a = vector.insert %mid, %big[0] : vector<2x5xf32> into vector<3x2x5xf32>
  %b = vector.insert %mid, %a[2] : vector<2x5xf32> into vector<3x2x5xf32>
  %c = vector.insert %low, %b[2, 0] : vector<5xf32> into vector<3x2x5xf32>
  %d = vector.insert %low, %c[1, 1] : vector<5xf32> into vector<3x2x5xf32>
  %r0 = vector.extract %d[1, 1] : vector<5xf32> from vector<3x2x5xf32>
  %r1 = vector.extract %b[2, 1] : vector<5xf32> from vector<3x2x5xf32>
  %r2 = vector.extract %d[2] : vector<2x5xf32> from vector<3x2x5xf32>
  %r3 = vector.extract %d[0] : vector<2x5xf32> from vector<3x2x5xf32>
  return %r0, %r1, %r2, %r3 : vector<5xf32>, vector<5xf32>, vector<2x5xf32>, vector<2x5xf32>
}

// -----

func.func @transpose_3d_chain(%v: vector<2x3x4xf32>, %s: f32) -> (f32, f32, vector<4xf32>) {
  %a = vector.transpose %v, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
  %b = vector.insert %s, %a[3, 1, 2] : f32 into vector<4x2x3xf32>
  %c = vector.transpose %b, [1, 2, 0] : vector<4x2x3xf32> to vector<2x3x4xf32>
  %r0 = vector.extract %c[1, 2, 3] : f32 from vector<2x3x4xf32>
  %r1 = vector.extract %c[0, 2, 3] : f32 from vector<2x3x4xf32>
  %r2 = vector.extract %c[0, 1] : vector<4xf32> from vector<2x3x4xf32>
  return %r0, %r1, %r2 : f32, f32, vector<4xf32>
}

// -----

func.func @strided_insert_chain(%a: vector<3x8xf32>, %b: vector<1x5xf32>, %c: vector<1x5xf32>, %d: vector<4x4xf32>, %e: vector<8x8xf32>) -> (vector<1x2xf32>, vector<2x2xf32>, vector<3x4xf32>) {
  %0 = vector.insert_strided_slice %b, %a offsets = [0, 2], strides = [1, 1] : vector<1x5xf32> into vector<3x8xf32>
  %1 = vector.insert_strided_slice %c, %0 offsets = [2, 1], strides = [1, 1] : vector<1x5xf32> into vector<3x8xf32>
  %2 = vector.extract_strided_slice %1 offsets = [0, 3], sizes = [1, 2], strides = [1, 1] : vector<3x8xf32> to vector<1x2xf32>
  %3 = vector.insert_strided_slice %d, %e offsets = [2, 2], strides = [1, 1] : vector<4x4xf32> into vector<8x8xf32>
  %4 = vector.extract_strided_slice %3 offsets = [3, 3], sizes = [2, 2], strides = [1, 1] : vector<8x8xf32> to vector<2x2xf32>
  %5 = vector.extract_strided_slice %3 offsets = [3, 3], sizes = [3, 4], strides = [1, 1] : vector<8x8xf32> to vector<3x4xf32>
  return %2, %4, %5 : vector<1x2xf32>, vector<2x2xf32>, vector<3x4xf32>
}

// -----

func.func @transpose_sequences(%v: vector<4x3x2xf32>) -> (vector<4x3x2xf32>, vector<2x3x4xf32>) {
  %0 = vector.transpose %v, [1, 2, 0] : vector<4x3x2xf32> to vector<3x2x4xf32>
  %1 = vector.transpose %0, [1, 0, 2] : vector<3x2x4xf32> to vector<2x3x4xf32>
  %2 = vector.transpose %1, [2, 1, 0] : vector<2x3x4xf32> to vector<4x3x2xf32>
  return %2, %1 : vector<4x3x2xf32>, vector<2x3x4xf32>
}

// -----

func.func @cast_and_bounds(%m: memref<4x8xf32>, %t: tensor<4x8xf32>) -> (vector<4x8xf32>, vector<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %0 = memref.cast %m : memref<4x8xf32> to memref<?x?xf32>
  %1 = vector.transfer_read %0[%c0, %c0], %f : memref<?x?xf32>, vector<4x8xf32>
  vector.transfer_write %1, %0[%c0, %c0] : vector<4x8xf32>, memref<?x?xf32>
  %2 = tensor.cast %t : tensor<4x8xf32> to tensor<?x?xf32>
  %3 = vector.transfer_read %2[%c0, %c0], %f : tensor<?x?xf32>, vector<4x8xf32>
  return %1, %3 : vector<4x8xf32>, vector<4x8xf32>
}

// -----

func.func @dead_reads(%m: memref<16xf32>, %i: index, %mk: vector<4xi1>, %p: vector<4xf32>, %iv: vector<4xi32>) {
  %0 = vector.load %m[%i] : memref<16xf32>, vector<4xf32>
  %1 = vector.maskedload %m[%i], %mk, %p : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %2 = vector.gather %m[%i][%iv], %mk, %p : memref<16xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %3 = vector.expandload %m[%i], %mk, %p : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @vectorized_matmul(%A: tensor<8x16xf32>, %B: tensor<16x4xf32>, %C: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %pad : tensor<8x16xf32>, vector<8x16xf32>
  %b = vector.transfer_read %B[%c0, %c0], %pad : tensor<16x4xf32>, vector<16x4xf32>
  %c = vector.transfer_read %C[%c0, %c0], %pad : tensor<8x4xf32>, vector<8x4xf32>
  %r = vector.contract {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<8x16xf32>, vector<16x4xf32> into vector<8x4xf32>
  %w = vector.transfer_write %r, %C[%c0, %c0] : vector<8x4xf32>, tensor<8x4xf32>
  return %w : tensor<8x4xf32>
}

// -----

func.func @loop_accumulate(%m: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %init = vector.broadcast %zero : f32 to vector<8xf32>
  %sum = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %init) -> vector<8xf32> {
    %mask = vector.create_mask %n : vector<8xi1>
    %v = vector.transfer_read %m[%i], %zero, %mask : memref<64xf32>, vector<8xf32>
    %s = arith.addf %acc, %v : vector<8xf32>
    scf.yield %s : vector<8xf32>
  }
  %red = vector.reduction <add>, %sum : vector<8xf32> into f32
  %e = vector.extract %init[3] : f32 from vector<8xf32>
  %t = arith.addf %red, %e : f32
  return %t : f32
}

// -----

func.func @masked_tensor_rw(%t: tensor<?xf32>, %n: index, %v: vector<4xf32>) -> (tensor<?xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %m = vector.create_mask %c4 : vector<4xi1>
  %w = vector.transfer_write %v, %t[%c0], %m : vector<4xf32>, tensor<?xf32>
  %r = vector.transfer_read %w[%c0], %pad, %m : tensor<?xf32>, vector<4xf32>
  return %w, %r : tensor<?xf32>, vector<4xf32>
}

// -----

func.func @zero_d_transfers(%m: memref<f32>, %t: tensor<f32>, %p: f32, %v: vector<f32>) -> (vector<f32>, tensor<f32>, vector<1xf32>) {
  %0 = vector.transfer_read %m[], %p : memref<f32>, vector<f32>
  %1 = vector.transfer_write %v, %t[] : vector<f32>, tensor<f32>
  %2 = vector.transfer_read %m[], %p {permutation_map = affine_map<() -> (0)>} : memref<f32>, vector<1xf32>
  return %0, %1, %2 : vector<f32>, tensor<f32>, vector<1xf32>
}

// -----

func.func @vector_element_transfers(%m: memref<4xvector<8xf32>>, %p: vector<8xf32>) -> vector<2x8xf32> {
  %c1 = arith.constant 1 : index
  %0 = vector.transfer_read %m[%c1], %p : memref<4xvector<8xf32>>, vector<2x8xf32>
  return %0 : vector<2x8xf32>
}

// -----

func.func @transfer_bcast_dims(%m: memref<4x8xf32>, %p: f32, %i: index) -> (vector<3x4xf32>, vector<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_read %m[%c0, %c0], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x8xf32>, vector<3x4xf32>
  %1 = vector.transfer_read %m[%c0, %i], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x8xf32>, vector<3x4xf32>
  return %0, %1 : vector<3x4xf32>, vector<3x4xf32>
}

// -----

func.func @transfer_transposed(%m: memref<4x8xf32>, %p: f32) -> vector<8x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_read %m[%c0, %c0], %p {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<8x4xf32>
  return %0 : vector<8x4xf32>
}

// -----

func.func @transfer_scalable(%m: memref<16xf32>, %p: f32) -> vector<[4]xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_read %m[%c0], %p : memref<16xf32>, vector<[4]xf32>
  return %0 : vector<[4]xf32>
}

// -----

func.func @negatives(%v: vector<1x2xf32>, %w: vector<2x1xf32>, %x: vector<3x4xi8>, %s: vector<4xf32>) -> (vector<2x2x2xf32>, vector<2xi8>, vector<3x2xf32>, vector<4x2xf32>, vector<2xi8>) {
  %0 = vector.broadcast %v : vector<1x2xf32> to vector<4x2xf32>
  %1 = vector.shape_cast %0 : vector<4x2xf32> to vector<2x2x2xf32>
  %a = vector.extract %x[0, 1] : i8 from vector<3x4xi8>
  %b = vector.extract %x[0, 0] : i8 from vector<3x4xi8>
  %2 = vector.from_elements %a, %b : vector<2xi8>
  %3 = vector.broadcast %w : vector<2x1xf32> to vector<2x3xf32>
  %4 = vector.transpose %3, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %5 = vector.broadcast %s : vector<4xf32> to vector<2x4xf32>
  %6 = vector.transpose %5, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %c = vector.extract %x[1, 2] : i8 from vector<3x4xi8>
  %d = vector.extract %x[1, 3] : i8 from vector<3x4xi8>
  %7 = vector.from_elements %c, %d : vector<2xi8>
  return %1, %2, %4, %6, %7 : vector<2x2x2xf32>, vector<2xi8>, vector<3x2xf32>, vector<4x2xf32>, vector<2xi8>
}

// -----

func.func @no_fold_reads(%t: tensor<8xf32>, %v: vector<4xf32>, %p: f32, %i: index) -> (vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %w = vector.transfer_write %v, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
  %0 = vector.transfer_read %w[%c2], %p {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  %1 = vector.transfer_read %w[%c0], %p : tensor<8xf32>, vector<4xf32>
  return %0, %1 : vector<4xf32>, vector<4xf32>
}

// -----

func.func @extract_broadcast_no_fold(%v: vector<1x4xf32>, %s: vector<4xf32>) -> (vector<4xf32>, vector<2x4xf32>) {
  %0 = vector.broadcast %v : vector<1x4xf32> to vector<3x2x4xf32>
  %1 = vector.extract %0[1] : vector<2x4xf32> from vector<3x2x4xf32>
  %2 = vector.broadcast %s : vector<4xf32> to vector<3x4xf32>
  %3 = vector.shape_cast %2 : vector<3x4xf32> to vector<12xf32>
  %4 = vector.shape_cast %3 : vector<12xf32> to vector<3x4xf32>
  %5 = vector.extract %4[2] : vector<4xf32> from vector<3x4xf32>
  return %5, %1 : vector<4xf32>, vector<2x4xf32>
}

// -----

func.func @shape_cast_extracts(%v: vector<2x3x4xf32>, %w: vector<12xf32>) -> (vector<4xf32>, f32, vector<4xf32>, f32, vector<3x4xf32>) {
  %0 = vector.shape_cast %v : vector<2x3x4xf32> to vector<6x4xf32>
  %1 = vector.extract %0[4] : vector<4xf32> from vector<6x4xf32>
  %2 = vector.extract %0[5, 3] : f32 from vector<6x4xf32>
  %3 = vector.shape_cast %w : vector<12xf32> to vector<1x3x4xf32>
  %4 = vector.extract %3[0, 2] : vector<4xf32> from vector<1x3x4xf32>
  %5 = vector.shape_cast %w : vector<12xf32> to vector<2x6xf32>
  %6 = vector.extract %5[1, 5] : f32 from vector<2x6xf32>
  %7 = vector.extract %3[0] : vector<3x4xf32> from vector<1x3x4xf32>
  return %1, %2, %4, %6, %7 : vector<4xf32>, f32, vector<4xf32>, f32, vector<3x4xf32>
}

// -----

func.func @insert_chain_overlap(%a: vector<2xf32>, %b: f32, %c: vector<2xf32>) -> vector<2x2xf32> {
  %p = ub.poison : vector<2x2xf32>
  %0 = vector.insert %a, %p[0] : vector<2xf32> into vector<2x2xf32>
  %1 = vector.insert %b, %0[0, 1] : f32 into vector<2x2xf32>
  %2 = vector.insert %c, %1[1] : vector<2xf32> into vector<2x2xf32>
  return %2 : vector<2x2xf32>
}

// -----

func.func @insert_chain_multi_use(%a: f32, %b: f32) -> (vector<2xf32>, vector<2xf32>) {
  %p = ub.poison : vector<2xf32>
  %0 = vector.insert %a, %p[0] : f32 into vector<2xf32>
  %1 = vector.insert %b, %0[1] : f32 into vector<2xf32>
  return %0, %1 : vector<2xf32>, vector<2xf32>
}

// -----

func.func @insert_dynamic_oob(%v: vector<4xf32>, %s: f32) -> (vector<4xf32>, vector<4xf32>) {
  %c7 = arith.constant 7 : index
  %cm1 = arith.constant -1 : index
  %0 = vector.insert %s, %v[%c7] : f32 into vector<4xf32>
  %1 = vector.insert %s, %v[%cm1] : f32 into vector<4xf32>
  return %0, %1 : vector<4xf32>, vector<4xf32>
}

// -----

func.func @bcast_like_shape_cast(%v: vector<4xf32>) -> (vector<4xf32>, f32, vector<4xf32>) {
  %0 = vector.shape_cast %v : vector<4xf32> to vector<1x1x4xf32>
  %1 = vector.extract %0[0, 0] : vector<4xf32> from vector<1x1x4xf32>
  %2 = vector.extract %0[0, 0, 2] : f32 from vector<1x1x4xf32>
  %3 = vector.broadcast %0 : vector<1x1x4xf32> to vector<2x1x4xf32>
  %4 = vector.extract %3[1, 0] : vector<4xf32> from vector<2x1x4xf32>
  return %1, %2, %4 : vector<4xf32>, f32, vector<4xf32>
}
