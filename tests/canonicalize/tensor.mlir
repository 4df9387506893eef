// cse
func.func @cast_identity(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cast_chain(%a: tensor<4x?xf32>) -> (tensor<?x?xf32>, tensor<4x8xf32>, tensor<*xf32>) {
  %0 = tensor.cast %a : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<?x8xf32>
  %2 = tensor.cast %1 : tensor<?x8xf32> to tensor<4x8xf32>
  %3 = tensor.cast %0 : tensor<?x?xf32> to tensor<*xf32>
  %4 = tensor.cast %3 : tensor<*xf32> to tensor<?x?xf32>
  return %4, %2, %3 : tensor<?x?xf32>, tensor<4x8xf32>, tensor<*xf32>
}

// -----

func.func @cast_chain_keeps_check(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %a : tensor<?xf32> to tensor<4xf32>
  %1 = tensor.cast %0 : tensor<4xf32> to tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

func.func @dim_static(%a: tensor<4x?xf32>, %i: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %0 = tensor.dim %a, %c0 : tensor<4x?xf32>
  %1 = tensor.dim %a, %c1 : tensor<4x?xf32>
  %2 = tensor.dim %a, %c5 : tensor<4x?xf32>
  %3 = tensor.dim %a, %i : tensor<4x?xf32>
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

func.func @dim_of_empty(%n: index, %m: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty(%n, %m) : tensor<?x3x?xf32>
  %0 = tensor.dim %e, %c0 : tensor<?x3x?xf32>
  %1 = tensor.dim %e, %c2 : tensor<?x3x?xf32>
  return %0, %1 : index, index
}

// -----

func.func @dim_of_cast(%a: tensor<?x?xf32>, %b: tensor<4x?xf32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %a : tensor<?x?xf32> to tensor<?x8xf32>
  %1 = tensor.dim %0, %c1 : tensor<?x8xf32>
  %2 = tensor.cast %b : tensor<4x?xf32> to tensor<?x?xf32>
  %3 = tensor.dim %2, %c1 : tensor<?x?xf32>
  return %1, %3 : index, index
}

// -----

func.func @dim_of_generate(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %t = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  %d = tensor.dim %t, %c0 : tensor<?xindex>
  return %d : index
}

// -----

func.func @dim_of_insert(%t: tensor<?xf32>, %f: f32, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%i] : tensor<?xf32>
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}

// -----

func.func @dim_of_reshape(%t: tensor<*xf32>, %s: tensor<?xi32>, %i: index) -> index {
  %0 = tensor.reshape %t(%s) : (tensor<*xf32>, tensor<?xi32>) -> tensor<*xf32>
  %d = tensor.dim %0, %i : tensor<*xf32>
  return %d : index
}

// -----

func.func @empty_static(%n: index) -> tensor<?x?x?xf32> {
  %c4 = arith.constant 4 : index
  %m = arith.constant -1 : index
  %e = tensor.empty(%c4, %n, %m) : tensor<?x?x?xf32>
  return %e : tensor<?x?x?xf32>
}

// -----

func.func @empty_cast(%n: index, %m: index) -> tensor<4x?xf32> {
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %c = tensor.cast %e : tensor<?x?xf32> to tensor<4x?xf32>
  return %c : tensor<4x?xf32>
}

// -----

func.func @extract_constant() -> (f32, i32, i32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %s = arith.constant dense<2.5> : tensor<4xf32>
  %d = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %0 = tensor.extract %s[%c1] : tensor<4xf32>
  %1 = tensor.extract %d[%c1, %c0] : tensor<2x2xi32>
  %2 = tensor.extract %d[%c9, %c0] : tensor<2x2xi32>
  %3 = tensor.extract %s[%c9] : tensor<4xf32>
  return %0, %1, %2, %3 : f32, i32, i32, f32
}

// -----

func.func @extract_from_elements(%a: f32, %b: f32, %i: index) -> (f32, f32, f32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %t = tensor.from_elements %a, %b, %a, %b, %b, %a : tensor<2x3xf32>
  %0 = tensor.extract %t[%c1, %c0] : tensor<2x3xf32>
  %1 = tensor.extract %t[%c0, %c1] : tensor<2x3xf32>
  %2 = tensor.extract %t[%c0, %i] : tensor<2x3xf32>
  return %0, %1, %2 : f32, f32, f32
}

// -----

func.func @from_elements_constant() -> (tensor<3xi32>, tensor<2xf32>, tensor<2xi1>) {
  %a = arith.constant 1 : i32
  %b = arith.constant 7 : i32
  %f = arith.constant 1.5 : f32
  %t = arith.constant true
  %fa = arith.constant false
  %0 = tensor.from_elements %a, %b, %a : tensor<3xi32>
  %1 = tensor.from_elements %f, %f : tensor<2xf32>
  %2 = tensor.from_elements %t, %fa : tensor<2xi1>
  return %0, %1, %2 : tensor<3xi32>, tensor<2xf32>, tensor<2xi1>
}

// -----

func.func @extract_from_cast(%t: tensor<?xf32>, %i: index) -> f32 {
  %0 = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %1 = tensor.extract %0[%i] : tensor<4xf32>
  return %1 : f32
}

// -----

func.func @insert_splat(%i: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %t = arith.constant dense<1.0> : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %0 = tensor.insert %one into %t[%i] : tensor<4xf32>
  %1 = tensor.insert %two into %t[%i] : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @rank_splat(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %n: index) -> (index, index, tensor<2x2xi32>, tensor<?xi32>) {
  %0 = tensor.rank %t : tensor<?x4xf32>
  %1 = tensor.rank %u : tensor<*xf32>
  %c = arith.constant 3 : i32
  %2 = tensor.splat %c : tensor<2x2xi32>
  %3 = tensor.splat %c[%n] : tensor<?xi32>
  return %0, %1, %2, %3 : index, index, tensor<2x2xi32>, tensor<?xi32>
}

// -----

func.func @bitcast_chain(%t: tensor<4xi32>) -> tensor<4xf32> {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xui32>
  %1 = tensor.bitcast %0 : tensor<4xui32> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

func.func @extract_complex() -> complex<f32> {
  %c1 = arith.constant 1 : index
  %c = arith.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %0 = tensor.extract %c[%c1] : tensor<2xcomplex<f32>>
  return %0 : complex<f32>
}

// -----

func.func @dim_of_slice(%t: tensor<?x?xf32>, %o: index, %s: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.extract_slice %t[%o, 0] [%s, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  %1 = tensor.dim %0, %c0 : tensor<?x4xf32>
  %2 = tensor.extract_slice %t[%o, 0] [%s, 1] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %3 = tensor.dim %2, %c0 : tensor<?xf32>
  return %1, %3 : index, index
}

// -----

func.func @slice_constants(%t: tensor<8x16xf32>, %o: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%c2, %o] [%c4, %c4] [%c1, %c2] : tensor<8x16xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %t[%c0, %o] [%c1, %c4] [1, 1] : tensor<8x16xf32> to tensor<?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?xf32>
}

// -----

func.func @slice_negative(%t: tensor<8xf32>) -> tensor<?xf32> {
  %m = arith.constant -1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.extract_slice %t[%m] [%c2] [%m] : tensor<8xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @slice_identity(%t: tensor<8x4xf32>, %d: tensor<?xf32>, %n: index) -> (tensor<8x4xf32>, tensor<?xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> to tensor<8x4xf32>
  %1 = tensor.extract_slice %d[0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<?xf32>
}

// -----

func.func @slice_of_splat() -> tensor<2x3xf32> {
  %s = arith.constant dense<1.5> : tensor<8x8xf32>
  %0 = tensor.extract_slice %s[1, 1] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_of_insert(%src: tensor<2x?xf32>, %dst: tensor<8x8xf32>, %o: index, %n: index) -> (tensor<2x?xf32>, tensor<2x?xf32>) {
  %0 = tensor.insert_slice %src into %dst[%o, 0] [2, %n] [1, 1] : tensor<2x?xf32> into tensor<8x8xf32>
  %1 = tensor.extract_slice %0[%o, 0] [2, %n] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
  %2 = tensor.extract_slice %0[%o, 1] [2, %n] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
  return %1, %2 : tensor<2x?xf32>, tensor<2x?xf32>
}

// -----

func.func @slice_of_cast(%t: tensor<8x16xf32>, %o: index, %n: index) -> tensor<?x?xf32> {
  %0 = tensor.cast %t : tensor<8x16xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %0[%o, %o] [%n, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

func.func @insert_slice_constants(%s: tensor<?x?xf32>, %d: tensor<8x16xf32>, %o: index) -> tensor<8x16xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.insert_slice %s into %d[%c2, %o] [%c4, %c4] [%c1, %c1] : tensor<?x?xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @insert_slice_rank_reduced(%s: tensor<?xf32>, %d: tensor<8x16xf32>, %o: index) -> tensor<8x16xf32> {
  %c4 = arith.constant 4 : index
  %0 = tensor.insert_slice %s into %d[%o, 0] [1, %c4] [1, 1] : tensor<?xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @insert_slice_identity(%s: tensor<8x4xf32>, %d: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = tensor.insert_slice %s into %d[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @insert_twice(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %a into %d[%o, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %b into %0[%o, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

func.func @insert_of_extract(%d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.extract_slice %d[%o, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %1 = tensor.insert_slice %0 into %d[%o, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

func.func @insert_zero_size(%s: tensor<0x4xf32>, %d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %s into %d[%o, 0] [0, 4] [1, 1] : tensor<0x4xf32> into tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @insert_slice_casts(%s: tensor<2x4xf32>, %d: tensor<8x16xf32>, %o: index, %n: index) -> tensor<?x?xf32> {
  %0 = tensor.cast %s : tensor<2x4xf32> to tensor<?x?xf32>
  %1 = tensor.cast %d : tensor<8x16xf32> to tensor<?x?xf32>
  %2 = tensor.insert_slice %0 into %1[%o, %o] [%n, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

func.func @insert_slice_source_cast(%s: tensor<?x?xf32>, %d: tensor<8x16xf32>, %o: index) -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %s into %d[%o, %o] [2, 4] [1, 1] : tensor<?x?xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @t(%t: tensor<2x3xf32>, %d: tensor<?x4xf32>, %n: index) -> (tensor<2x3xf32>, tensor<?x4xf32>, tensor<2x3xi32>, tensor<6xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %2 = tensor.expand_shape %d [[0, 1], [2]] output_shape [%n, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %3 = tensor.collapse_shape %2 [[0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %4 = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
  %s = arith.constant dense<1.0> : tensor<2x3xf32>
  %5 = tensor.collapse_shape %s [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %1, %3, %4, %5 : tensor<2x3xf32>, tensor<?x4xf32>, tensor<2x3xi32>, tensor<6xf32>
}

// -----

func.func @m(%m: memref<2x3xf32>) -> memref<2x3xf32> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  return %1 : memref<2x3xf32>
}

// -----

func.func @r(%t: tensor<?xf32>, %u: tensor<?x?xf32>, %s: tensor<1xindex>, %s2: tensor<2xindex>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<4x2xf32>, tensor<?x?xf32>) {
  %0 = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %u, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %u, %c1 : tensor<?x?xf32>
  %sh = tensor.from_elements %d0, %d1 : tensor<2xindex>
  %1 = tensor.reshape %u(%sh) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %c = arith.constant dense<2.0> : tensor<8xf32>
  %2 = tensor.reshape %c(%s2) : (tensor<8xf32>, tensor<2xindex>) -> tensor<4x2xf32>
  %r1 = tensor.reshape %u(%s) : (tensor<?x?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %3 = tensor.reshape %r1(%s2) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?xf32>, tensor<?x?xf32>, tensor<4x2xf32>, tensor<?x?xf32>
}

// -----

func.func @concat(%t: tensor<4xf32>, %u: tensor<?xf32>) -> (tensor<4xf32>, tensor<?xf32>, tensor<4xf32>) {
  %0 = tensor.concat dim(0) %t : (tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.concat dim(0) %t : (tensor<4xf32>) -> tensor<?xf32>
  %2 = tensor.concat dim(0) %u : (tensor<?xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
}

// -----

func.func @gen(%n: index, %i: index) -> (tensor<?x?xindex>, index) {
  %c4 = arith.constant 4 : index
  %0 = tensor.generate %n, %c4 {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    tensor.yield %s : index
  } : tensor<?x?xindex>
  %e = tensor.extract %0[%i, %i] : tensor<?x?xindex>
  return %0, %e : tensor<?x?xindex>, index
}

// -----

func.func @pad(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %0 = tensor.pad %t low[0] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @extract_of_index_cast(%t: tensor<4xi32>, %i: index) -> index {
  %0 = arith.index_cast %t : tensor<4xi32> to tensor<4xindex>
  %1 = tensor.extract %0[%i] : tensor<4xindex>
  return %1 : index
}

// -----

func.func @generate_static_extract(%i: index) -> (tensor<?xindex>, index) {
  %c3 = arith.constant 3 : index
  %0 = tensor.generate %c3 {
  ^bb0(%a: index):
    %m = arith.muli %a, %a : index
    tensor.yield %m : index
  } : tensor<?xindex>
  %e = tensor.extract %0[%i] : tensor<?xindex>
  return %0, %e : tensor<?xindex>, index
}

// -----

func.func @collapse2(%t: tensor<2x3x4x5xf32>) -> tensor<120xf32> {
  %0 = tensor.collapse_shape %t [[0, 1], [2], [3]] : tensor<2x3x4x5xf32> into tensor<6x4x5xf32>
  %1 = tensor.collapse_shape %0 [[0, 1, 2]] : tensor<6x4x5xf32> into tensor<120xf32>
  return %1 : tensor<120xf32>
}

// -----

func.func @expand2(%t: tensor<?x20xf32>, %n: index) -> tensor<?x3x4x5xf32> {
  %0 = tensor.expand_shape %t [[0], [1, 2]] output_shape [%n, 4, 5] : tensor<?x20xf32> into tensor<?x4x5xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2], [3]] output_shape [%n, 3, 4, 5] : tensor<?x4x5xf32> into tensor<?x3x4x5xf32>
  return %1 : tensor<?x3x4x5xf32>
}

// -----

func.func @from_elems(%a: f32, %b: f32) -> tensor<2x1xf32> {
  %0 = tensor.from_elements %a, %b : tensor<2xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 1] : tensor<2xf32> into tensor<2x1xf32>
  return %1 : tensor<2x1xf32>
}

// -----

func.func @ce1(%t: tensor<6x4xf32>) -> tensor<24xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  return %1 : tensor<24xf32>
}

// -----

func.func @ce2(%t: tensor<24xf32>) -> tensor<6x4xf32> {
  %0 = tensor.expand_shape %t [[0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

func.func @ce3(%t: tensor<6x4xf32>) -> tensor<2x12xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
  return %1 : tensor<2x12xf32>
}

// -----

func.func @ec1(%t: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

func.func @ec2(%t: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  %1 = tensor.expand_shape %0 [[0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

func.func @ec3(%t: tensor<2x3x4xf32>) -> tensor<3x8xf32> {
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [3, 8] : tensor<24xf32> into tensor<3x8xf32>
  return %1 : tensor<3x8xf32>
}

// -----

func.func @ec4(%t: tensor<?x4xf32>, %n: index) -> tensor<?x2x2xf32> {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1, 2]] output_shape [%n, 2, 2] : tensor<?xf32> into tensor<?x2x2xf32>
  return %1 : tensor<?x2x2xf32>
}

// -----

func.func @dps_fill(%t: tensor<4x8xf32>, %f: f32) -> tensor<?x?xf32> {
  %0 = tensor.cast %t : tensor<4x8xf32> to tensor<?x?xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

func.func @dps_insert(%t: tensor<4xf32>, %f: f32, %i: index) -> tensor<?xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.insert %f into %0[%i] : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

func.func @dps_generic(%t: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.cast %o : tensor<4xf32> to tensor<?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0 : tensor<?xf32>) outs(%1 : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

func.func @pad_zero(%t: tensor<?xf32>, %f: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.pad %t low[%c0] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @pad_zero_nofold(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %0 = tensor.pad %t nofold low[0] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @pad_src_cast(%t: tensor<4xf32>, %f: f32) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %0 = tensor.pad %c low[1] high[2] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @pad_static_pad(%t: tensor<4xf32>, %f: f32) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.pad %t low[%c1] high[%c2] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @pad_tgt_cast(%t: tensor<?xf32>, %f: f32) -> tensor<7xf32> {
  %0 = tensor.pad %t low[1] high[2] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<?xf32>
  %c = tensor.cast %0 : tensor<?xf32> to tensor<7xf32>
  return %c : tensor<7xf32>
}

// -----

func.func @gather_splat(%i: tensor<2x1xindex>) -> tensor<2x1xf32> {
  %s = arith.constant dense<1.0> : tensor<4xf32>
  %0 = tensor.gather %s[%i] gather_dims([0]) : (tensor<4xf32>, tensor<2x1xindex>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @dim_expand(%t: tensor<?x4xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %1 = tensor.dim %0, %c0 : tensor<?x2x4xf32>
  return %1 : index
}

// -----

func.func @dim_collapse(%t: tensor<?x2x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
  %1 = tensor.dim %0, %c0 : tensor<?x4xf32>
  return %1 : index
}

// -----

func.func @bitcast_same(%t: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @slice_from_elements(%a: f32, %b: f32, %c: f32) -> tensor<2xf32> {
  %t = tensor.from_elements %a, %b, %c : tensor<3xf32>
  %0 = tensor.extract_slice %t[1] [2] [1] : tensor<3xf32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_const() -> tensor<2xi32> {
  %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = tensor.extract_slice %t[1] [2] [1] : tensor<4xi32> to tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @insert_const(%i: index) -> tensor<4xi32> {
  %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %c = arith.constant 9 : i32
  %c1 = arith.constant 1 : index
  %0 = tensor.insert %c into %t[%c1] : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @empty_slice(%n: index) -> tensor<4xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = tensor.extract_slice %e[0] [4] [1] : tensor<?xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rank_reduce_slice_dim(%t: tensor<?x?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.extract_slice %t[0, 0] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %1 = tensor.dim %0, %c0 : tensor<?xf32>
  return %1 : index
}
