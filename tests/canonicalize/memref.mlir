// cse
func.func @load_cast(%m: memref<4xf32>, %u: memref<*xf32>, %i: index) -> (f32, f32) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.load %0[%i] : memref<?xf32>
  %2 = memref.cast %u : memref<*xf32> to memref<?xf32>
  %3 = memref.load %2[%i] : memref<?xf32>
  return %1, %3 : f32, f32
}
// -----

func.func @load_cast_static(%m: memref<?xf32>, %i: index) -> f32 {
  %0 = memref.cast %m : memref<?xf32> to memref<4xf32>
  %1 = memref.load %0[%i] : memref<4xf32>
  return %1 : f32
}
// -----

func.func @store_cast(%m: memref<?xf32>, %i: index, %f: f32) {
  %0 = memref.cast %m : memref<?xf32> to memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
// -----

func.func @copy_cast(%a: memref<?xf32>, %b: memref<4xf32>) {
  %0 = memref.cast %a : memref<?xf32> to memref<4xf32>
  %1 = memref.cast %b : memref<4xf32> to memref<?xf32>
  memref.copy %0, %1 : memref<4xf32> to memref<?xf32>
  memref.copy %b, %b : memref<4xf32> to memref<4xf32>
  return
}
// -----

func.func @copy_empty(%a: memref<0xf32>, %b: memref<0xf32>) {
  memref.copy %a, %b : memref<0xf32> to memref<0xf32>
  return
}
// -----

func.func @cast_cast(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}
// -----

func.func @dead_alloc(%f: f32, %i: index) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  %1 = memref.alloca() : memref<4xf32>
  return
}
// -----

func.func @alloc_const(%n: index) -> memref<?x?x?xf32> {
  %c4 = arith.constant 4 : index
  %m = arith.constant -1 : index
  %0 = memref.alloc(%c4, %n, %m) alignment = 16 {foo} : memref<?x?x?xf32>
  return %0 : memref<?x?x?xf32>
}
// -----

func.func @dim(%m: memref<4x?xf32>, %n: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.dim %m, %c0 : memref<4x?xf32>
  %1 = memref.dim %m, %c1 : memref<4x?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %2 = memref.dim %a, %c0 : memref<?xf32>
  %c = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %3 = memref.dim %c, %c1 : memref<?x?xf32>
  return %0, %1, %2, %3 : index, index, index, index
}
// -----

func.func @rank(%m: memref<4x?xf32>) -> index {
  %0 = memref.rank %m : memref<4x?xf32>
  return %0 : index
}

// -----

func.func @not_dead(%f: f32, %i: index, %o: memref<memref<4xf32>>) -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  %1 = memref.load %0[%i] : memref<4xf32>
  %2 = memref.alloc() : memref<4xf32>
  memref.store %2, %o[] : memref<memref<4xf32>>
  return %1 : f32
}

// -----

func.func @alloca_const(%n: index) -> memref<?x?xf32> {
  %c3 = arith.constant 3 : index
  %0 = memref.alloca(%n, %c3) : memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// -----

func.func @alloc_const_symbols(%n: index, %s: index) -> memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>> {
  %c2 = arith.constant 2 : index
  %0 = memref.alloc(%c2)[%s] : memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>
  return %0 : memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>
}

// -----

func.func @dim_of_subview(%m: memref<?x?x?xf32>, %a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.subview %m[0, 0, 0] [1, %a, %b] [1, 1, 1] : memref<?x?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %1 = memref.dim %0, %c0 : memref<?x?xf32, strided<[?, 1]>>
  %2 = memref.dim %0, %c1 : memref<?x?xf32, strided<[?, 1]>>
  return %1, %2 : index, index
}

// -----

func.func @dim_of_view(%buf: memref<2048xi8>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %v = memref.view %buf[%c0][%n] : memref<2048xi8> to memref<?x4xf32>
  %d = memref.dim %v, %c0 : memref<?x4xf32>
  return %d : index
}

// -----

func.func @casts_into_users(%m: memref<8xf32>, %i: index, %f: f32) -> f32 {
  %0 = memref.cast %m : memref<8xf32> to memref<?xf32>
  memref.prefetch %0[%i], read, locality<3>, data : memref<?xf32>
  %1 = memref.atomic_rmw addf %f, %0[%i] : (f32, memref<?xf32>) -> f32
  memref.store %f, %0[%i] : memref<?xf32>
  return %1 : f32
}

// -----

func.func @store_memref_value(%m: memref<4xf32>, %o: memref<memref<?xf32>>) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  memref.store %0, %o[] : memref<memref<?xf32>>
  return
}

// -----

func.func @copy_layout_cast(%a: memref<4xf32, strided<[1], offset: ?>>, %b: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  memref.copy %0, %b : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
  return
}

// -----

func.func @copy_more_static_stride(%a: memref<4xf32, strided<[?], offset: ?>>, %b: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  memref.copy %0, %b : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
  return
}

// -----

func.func @cast_unranked(%u: memref<*xf32>) -> memref<4xf32> {
  %0 = memref.cast %u : memref<*xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}

// -----

func.func @dim_unranked_and_oob(%u: memref<*xf32>, %m: memref<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %0 = memref.dim %u, %c0 : memref<*xf32>
  %1 = memref.dim %m, %c3 : memref<?xf32>
  return %0, %1 : index, index
}

// -----

func.func @subview_constants(%m: memref<8x16xf32>, %o: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c2, %o] [%c4, %c4] [%c1, %c2] : memref<8x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

func.func @subview_rank_reduced(%m: memref<8x16xf32>, %o: index) -> memref<?xf32, strided<[1], offset: ?>> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%o, %o] [1, %c4] [1, 1] : memref<8x16xf32> to memref<?xf32, strided<[1], offset: ?>>
  return %0 : memref<?xf32, strided<[1], offset: ?>>
}

// -----

func.func @subview_dynamic_source(%m: memref<?x?xf32>, %o: index) -> memref<?x?xf32, strided<[?, 1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c0, %o] [%c4, %c4] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, 1], offset: ?>>
}

// -----

func.func @subview_trivial(%m: memref<8x16xf32>, %s: memref<4x4xf32, strided<[16, 1], offset: 4>>) -> (memref<8x16xf32>, memref<8x16xf32, strided<[16, 1]>>, memref<4x4xf32, strided<[16, 1], offset: 4>>) {
  %0 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  %1 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32, strided<[16, 1]>>
  %2 = memref.subview %s[0, 0] [4, 4] [1, 1] : memref<4x4xf32, strided<[16, 1], offset: 4>> to memref<4x4xf32, strided<[16, 1], offset: 4>>
  return %0, %1, %2 : memref<8x16xf32>, memref<8x16xf32, strided<[16, 1]>>, memref<4x4xf32, strided<[16, 1], offset: 4>>
}

// -----

func.func @subview_of_cast(%m: memref<16x16xf32>, %o: index, %n: index) -> memref<?x?xf32, strided<[?, 1], offset: ?>> {
  %0 = memref.cast %m : memref<16x16xf32> to memref<?x?xf32>
  %1 = memref.subview %0[%o, %o] [%n, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
}

// -----

func.func @subview_of_subview(%m: memref<?x?xf32>, %o: index, %n: index) -> memref<?x?xf32, strided<[?, 1], offset: ?>> {
  %0 = memref.subview %m[%o, %o] [%n, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %1 = memref.subview %0[0, 0] [%n, %n] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
}

// -----

func.func @rc(%m: memref<?xf32>, %n: index) -> (memref<?x4xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %0 = memref.reinterpret_cast %m to offset: [%c0], sizes: [%c4, 4], strides: [%c4, %c1] : memref<?xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [%n], sizes: [%n, %c4], strides: [%n, 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %s = memref.alloc() : memref<16xf32>
  %2 = memref.reinterpret_cast %s to offset: [0], sizes: [16], strides: [1] : memref<16xf32> to memref<16xf32>
  return %0, %1, %2 : memref<?x4xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<16xf32>
}

// -----

func.func @rc2(%m: memref<16xf32>, %n: index) -> memref<2x8xf32> {
  %0 = memref.cast %m : memref<16xf32> to memref<?xf32>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<?xf32> to memref<2x8xf32>
  return %1 : memref<2x8xf32>
}

// -----

func.func @rc3(%m: memref<?xf32>, %n: index) -> memref<?x4xf32, strided<[?, 1], offset: ?>> {
  %c4 = arith.constant 4 : index
  %1 = memref.reinterpret_cast %m to offset: [%n], sizes: [%c4, 4], strides: [%n, 1] : memref<?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  return %1 : memref<?x4xf32, strided<[?, 1], offset: ?>>
}

// -----

func.func @reinterpret_of_subview(%m: memref<8x8xf32>, %n: index) -> memref<4xf32> {
  %0 = memref.subview %m[0, 0] [%n, 4] [1, 1] : memref<8x8xf32> to memref<?x4xf32, strided<[8, 1]>>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [4], strides: [1] : memref<?x4xf32, strided<[8, 1]>> to memref<4xf32>
  return %1 : memref<4xf32>
}

// -----

func.func @transpose(%m: memref<4x8xf32>) -> memref<8x4xf32, strided<[1, ?]>> {
  %c = memref.cast %m : memref<4x8xf32> to memref<4x?xf32>
  %0 = memref.transpose %c (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
  %1 = memref.cast %0 : memref<?x4xf32, strided<[1, ?]>> to memref<8x4xf32, strided<[1, ?]>>
  return %1 : memref<8x4xf32, strided<[1, ?]>>
}

// -----

func.func @assume(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.assume_alignment %m, 16 : memref<4xf32>
  %1 = memref.assume_alignment %0, 16 : memref<4xf32>
  return %1 : memref<4xf32>
}

// -----

func.func @meta(%m: memref<4x8xf32>) -> (index, index, index) {
  %base, %off, %s:2, %st:2 = memref.extract_strided_metadata %m : memref<4x8xf32> -> memref<f32>, index, index, index, index, index
  // Only second results of the groups: the core printer writes a group's first as %sizes.
  return %off, %s#1, %st#1 : index, index, index
}

// -----

func.func @meta_uses(%m: memref<4x8xf32>, %x: index) -> (index, index, index) {
  %a = arith.addi %x, %x : index
  "test.foo"(%a) : (index) -> ()
  %base, %off, %s:2, %st:2 = memref.extract_strided_metadata %m : memref<4x8xf32> -> memref<f32>, index, index, index, index, index
  %b = arith.addi %s#1, %x : index
  return %off, %b, %st#1 : index, index, index
}

// -----

func.func @view(%buf: memref<2048xi8>, %n: index) -> (memref<?x?xf32>, memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %0 = memref.view %buf[%c0][%c8, %n] : memref<2048xi8> to memref<?x?xf32>
  %a = memref.alloc() : memref<2048xi8>
  %c = memref.cast %a : memref<2048xi8> to memref<?xi8>
  %1 = memref.view %c[%c0][%n] : memref<?xi8> to memref<?x4xf32>
  return %0, %1 : memref<?x?xf32>, memref<?x4xf32>
}

// -----

func.func @dim_reshape(%m: memref<*xf32>, %s: memref<?xindex>, %i: index) -> index {
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %d = memref.dim %r, %i : memref<*xf32>
  return %d : index
}

// -----

func.func @dim_reshape_i32(%m: memref<*xf32>, %s: memref<2xi32>) -> index {
  %c1 = arith.constant 1 : index
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>
  %d = memref.dim %r, %c1 : memref<?x?xf32>
  return %d : index
}

// -----

func.func @dim_reshape_late(%m: memref<*xf32>, %s: memref<?xindex>, %x: index) -> index {
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %i = arith.addi %x, %x : index
  %d = memref.dim %r, %i : memref<*xf32>
  return %d : index
}

// -----

func.func @msc(%m: memref<4xf32, 1>) -> (memref<4xf32, 1>, memref<4xf32, 2>) {
  %0 = memref.memory_space_cast %m : memref<4xf32, 1> to memref<4xf32>
  %1 = memref.memory_space_cast %0 : memref<4xf32> to memref<4xf32, 1>
  %2 = memref.memory_space_cast %0 : memref<4xf32> to memref<4xf32, 2>
  return %1, %2 : memref<4xf32, 1>, memref<4xf32, 2>
}

// -----

func.func @mcollapse2(%m: memref<2x3x4xf32>) -> memref<24xf32> {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<6x4xf32> into memref<24xf32>
  return %1 : memref<24xf32>
}

// -----

func.func @mexpand2(%m: memref<24xf32>) -> memref<2x3x4xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
  %1 = memref.expand_shape %0 [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  return %1 : memref<2x3x4xf32>
}

// -----

func.func @mce(%m: memref<6x4xf32>) -> memref<24xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  %1 = memref.collapse_shape %0 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  return %1 : memref<24xf32>
}

// -----

func.func @mec(%m: memref<2x3x4xf32>) -> memref<6x4xf32> {
  %0 = memref.collapse_shape %m [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
  return %1 : memref<6x4xf32>
}

// -----

func.func @inline_no_alloca(%x: index) -> index {
  %r = memref.alloca_scope -> (index) {
    %a = arith.addi %x, %x : index
    memref.alloca_scope.return %a : index
  }
  return %r : index
}

// -----

func.func @inline_last(%f: f32) {
  %c0 = arith.constant 0 : index
  memref.alloca_scope {
    %m = memref.alloca() : memref<4xf32>
    memref.store %f, %m[%c0] : memref<4xf32>
    "test.use"(%m) : (memref<4xf32>) -> ()
  }
  return
}

// -----

func.func @keep_not_last(%f: f32) {
  memref.alloca_scope {
    %m = memref.alloca() : memref<4xf32>
    "test.use"(%m) : (memref<4xf32>) -> ()
  }
  "test.after"() : () -> ()
  return
}

// -----

func.func @keep_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      %m = memref.alloca() : memref<4xf32>
      "test.use"(%m) : (memref<4xf32>) -> ()
    }
  }
  return
}

// -----

func.func @unknown_op() {
  memref.alloca_scope {
    "test.foo"() : () -> ()
  }
  "test.after"() : () -> ()
  return
}

// -----

memref.global "private" constant @g : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @load_global() -> f32 {
  %c1 = arith.constant 1 : index
  %m = memref.get_global @g : memref<4xf32>
  %0 = memref.load %m[%c1] : memref<4xf32>
  return %0 : f32
}

// -----

func.func @transpose_tt(%m: memref<2x3x4xf32>) -> memref<2x3x4xf32, strided<[12, 4, 1]>> {
  %0 = memref.transpose %m (i, j, k) -> (k, i, j) : memref<2x3x4xf32> to memref<4x2x3xf32, strided<[1, 12, 4]>>
  %1 = memref.transpose %0 (i, j, k) -> (j, k, i) : memref<4x2x3xf32, strided<[1, 12, 4]>> to memref<2x3x4xf32, strided<[12, 4, 1]>>
  return %1 : memref<2x3x4xf32, strided<[12, 4, 1]>>
}

// -----

func.func @transpose_tt2(%m: memref<2x3x4xf32>) -> memref<3x2x4xf32, strided<[4, 12, 1]>> {
  %0 = memref.transpose %m (i, j, k) -> (k, i, j) : memref<2x3x4xf32> to memref<4x2x3xf32, strided<[1, 12, 4]>>
  %1 = memref.transpose %0 (i, j, k) -> (k, j, i) : memref<4x2x3xf32, strided<[1, 12, 4]>> to memref<3x2x4xf32, strided<[4, 12, 1]>>
  return %1 : memref<3x2x4xf32, strided<[4, 12, 1]>>
}

// -----

func.func @transpose_tid(%m: memref<2x3xf32>) -> memref<2x3xf32> {
  %0 = memref.transpose %m (i, j) -> (i, j) : memref<2x3xf32> to memref<2x3xf32>
  return %0 : memref<2x3xf32>
}
