// cse
func.func @if_true(%a: i32, %b: i32) -> i32 {
  %c = arith.constant true
  %r = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

func.func @if_false_no_else(%p: memref<i32>, %v: i32) {
  %c = arith.constant false
  scf.if %c {
    memref.store %v, %p[] : memref<i32>
  }
  return
}

// -----

func.func @if_false_else(%p: memref<i32>, %v: i32, %w: i32) {
  %c = arith.constant 0 : i1
  scf.if %c {
    memref.store %v, %p[] : memref<i32>
  } else {
    memref.store %w, %p[] : memref<i32>
  }
  return
}

// -----

func.func @if_to_select(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %x = "test.op"() : () -> i32
    scf.yield %a, %x : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

func.func @if_to_select_all(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

func.func @if_condition_propagation(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
    scf.if %c {
      "test.use"(%c) : (i1) -> ()
    }
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  "test.use"(%c) : (i1) -> ()
  return
}

// -----

func.func @if_empty_else(%c: i1) {
  scf.if %c {
    "test.op"() : () -> ()
  } else {
  }
  return
}

// -----

func.func @if_unused_results(%c: i1) -> i32 {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %x = "test.a"() : () -> i32
    %y = "test.b"() : () -> i32
    scf.yield %x, %y, %x : i32, i32, i32
  } else {
    %z = "test.c"() : () -> i32
    scf.yield %z, %z, %z : i32, i32, i32
  }
  return %r#1 : i32
}

// -----

func.func @if_not_swap(%c: i1) -> i32 {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %r = scf.if %n -> (i32) {
    %x = "test.a"() : () -> i32
    scf.yield %x : i32
  } else {
    %y = "test.b"() : () -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_zero_trip(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_same_bounds(%x: i32, %n: index) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_single_iteration(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c4 iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_single_iteration_add(%x: i32, %lb: index) -> i32 {
  %c8 = arith.constant 8 : index
  %ub = arith.addi %lb, %c8 : index
  %r = scf.for %i = %lb to %ub step %c8 iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_two_iterations(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c4 step %c2 iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_empty_invariant(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (i32) {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @for_iter_args(%x: i32, %y: i32, %z: i32, %lb: index, %ub: index, %s: index) -> (i32, i32, i32) {
  %r:3 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y, %c = %z) -> (i32, i32, i32) {
    %n = "test.a"(%b) : (i32) -> i32
    scf.yield %a, %n, %z : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// -----

func.func @for_iter_args_all(%x: i32, %lb: index, %ub: index, %s: index) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    "test.a"(%i) : (index) -> ()
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @for_unused_result(%x: i32, %lb: index, %ub: index, %s: index) {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %n = "test.a"(%i) : (index) -> i32
    scf.yield %n : i32
  }
  return
}

// -----

func.func @for_i32_bounds(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %r = scf.for %i = %c0 to %c10 step %c20 iter_args(%a = %x) -> (i32) : i32 {
    %y = "test.a"(%a, %i) : (i32, i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @execute_single(%a: i32) -> i32 {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i32 {
    %x = "test.val"(%a) : (i32) -> i32
    scf.yield %x : i32
  }
  "test.bar"(%v) : (i32) -> ()
  return %v : i32
}

// -----

func.func @execute_multi() -> i64 {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i64 {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %x = "test.val1"() : () -> i64
    cf.br ^bb4(%x : i64)
  ^bb3:
    %y = "test.val2"() : () -> i64
    cf.br ^bb4(%y : i64)
  ^bb4(%z : i64):
    scf.yield %z : i64
  }
  "test.bar"(%v) : (i64) -> ()
  return %v : i64
}

// -----

func.func @execute_multi_nested(%c: i1) {
  scf.if %c {
    scf.execute_region {
      %d = "test.cmp"() : () -> i1
      cf.cond_br %d, ^bb1, ^bb2
    ^bb1:
      "test.a"() : () -> ()
      scf.yield
    ^bb2:
      scf.yield
    }
  }
  return
}

// -----

func.func @for_zero_trip_dynamic_step(%x: i32, %s: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c4 to %c0 step %s iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}
// -----

func.func @for_signed_no_wrap(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i8
  %c4 = arith.constant 100 : i8
  %c5 = arith.constant -100 : i8
  %r = scf.for %i = %c5 to %c4 step %c4 iter_args(%a = %x) -> (i32) : i8 {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}
// -----

func.func @for_unsigned_many(%x: i32) -> i32 {
  %c4 = arith.constant 4 : i8
  %c5 = arith.constant -100 : i8
  %r = scf.for unsigned %i = %c4 to %c5 step %c4 iter_args(%a = %x) -> (i32) : i8 {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}
// -----

func.func @for_unsigned_zero_trip(%x: i32) -> i32 {
  %c4 = arith.constant 4 : i8
  %c5 = arith.constant -100 : i8
  %r = scf.for unsigned %i = %c5 to %c4 step %c4 iter_args(%a = %x) -> (i32) : i8 {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}
// -----

func.func @for_step_beyond(%x: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %r = scf.for %i = %c4 to %c5 step %c9 iter_args(%a = %x) -> (i32) {
    %y = "test.a"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @combine_ifs(%c: i1) -> (i32, i32) {
  %a = scf.if %c -> (i32) {
    %x = "test.a"() : () -> i32
    scf.yield %x : i32
  } else {
    %y = "test.b"() : () -> i32
    scf.yield %y : i32
  }
  %b = scf.if %c -> (i32) {
    %x = "test.c"(%a) : (i32) -> i32
    scf.yield %x : i32
  } else {
    %y = "test.d"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %a, %b : i32, i32
}

// -----

func.func @combine_ifs_no_else(%c: i1) {
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %c {
    "test.b"() : () -> ()
  } else {
    "test.c"() : () -> ()
  }
  return
}

// -----

func.func @combine_ifs_negated(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    "test.a"() : () -> ()
  } else {
    "test.b"() : () -> ()
  }
  scf.if %n {
    "test.c"() : () -> ()
  }
  return
}

// -----

func.func @combine_ifs_different(%c: i1, %d: i1) {
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %d {
    "test.b"() : () -> ()
  }
  return
}

// -----

func.func @combine_nested(%c: i1, %d: i1) {
  scf.if %c {
    scf.if %d {
      "test.a"() : () -> ()
    }
  }
  return
}

// -----

func.func @combine_nested_results(%c: i1, %d: i1, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %n = scf.if %d -> (i32) {
      %x = "test.a"() : () -> i32
      scf.yield %x : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %n, %a : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

func.func @combine_nested_mismatch(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %n = scf.if %d -> (i32) {
      %x = "test.a"() : () -> i32
      scf.yield %x : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %n : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

func.func @while_invariant_args(%a: i32, %b: i32) -> i32 {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %c = "test.cond"(%x, %y) : (i32, i32) -> i1
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.next"(%q) : (i32) -> i32
    scf.yield %p, %n : i32, i32
  }
  return %r#1 : i32
}
// -----

func.func @while_invariant_yielded(%a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %c = "test.cond"(%x) : (i32) -> i1
    scf.condition(%c) %x, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.next"(%p, %q) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @while_truth(%a: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    scf.condition(%c) %x, %c : i32, i1
  } do {
  ^bb0(%p: i32, %q: i1):
    %n = "test.next"(%p, %q) : (i32, i1) -> i32
    scf.yield %n : i32
  } : (i32) -> (i32, i1)
  return %r#0 : i32
}
// -----

func.func @while_unused_result(%a: i32) -> i32 {
  %r:3 = scf.while (%x = %a) : (i32) -> (i32, i32, i32) {
    %c = "test.cond"(%x) : (i32) -> i1
    %v = "test.v"(%x) : (i32) -> i32
    %w = "test.w"(%x) : (i32) -> i32
    scf.condition(%c) %x, %v, %w : i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %s: i32):
    %n = "test.next"(%p) : (i32) -> i32
    scf.yield %n : i32
  }
  return %r#2 : i32
}
// -----

func.func @while_dup(%a: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %c = "test.cond"(%x) : (i32) -> i1
    %v = "test.v"(%x) : (i32) -> i32
    scf.condition(%c) %v, %v : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.next"(%p, %q) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @while_unused_args(%a: i32, %b: i32) -> i32 {
  %r = scf.while (%x = %a, %y = %b) : (i32, i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    %v = "test.v"(%x) : (i32) -> i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%p: i32):
    %n = "test.next"(%p) : (i32) -> i32
    %m = "test.next"(%n) : (i32) -> i32
    scf.yield %n, %m : i32, i32
  }
  return %r : i32
}
// -----

func.func @while_align(%a: i32, %b: i64) -> (i64, i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i64) -> (i64, i32) {
    %c = "test.cond"(%x, %y) : (i32, i64) -> i1
    scf.condition(%c) %y, %x : i64, i32
  } do {
  ^bb0(%p: i64, %q: i32):
    %n = "test.next"(%q) : (i32) -> i32
    %m = "test.next2"(%p) : (i64) -> i64
    scf.yield %n, %m : i32, i64
  }
  return %r#0, %r#1 : i64, i32
}
// -----

func.func @while_cmp(%a: i32, %b: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %b : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%p: i32):
    %c1 = arith.cmpi slt, %p, %b : i32
    %c2 = arith.cmpi sge, %p, %b : i32
    %c3 = arith.cmpi sgt, %p, %b : i32
    %n = "test.next"(%p, %c1, %c2, %c3) : (i32, i1, i1, i1) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}

// -----

func.func @execute_unused_result(%a: f32) {
  %0 = scf.execute_region -> f32 no_inline {
    %x = "test.four"(%a) : (f32) -> f32
    scf.yield %x : f32
  }
  return
}
// -----

func.func @execute_forwarded_result(%a: f32) -> f32 {
  %0 = scf.execute_region -> f32 no_inline {
    %x = "test.four"(%a) : (f32) -> f32
    scf.yield %a : f32
  }
  return %0 : f32
}
// -----

func.func @execute_forwarded_multi_block(%a: f32, %c: i1) -> f32 {
  %0 = scf.execute_region -> f32 no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : f32
  ^bb2:
    %x = "test.four"(%a) : (f32) -> f32
    scf.yield %a : f32
  }
  return %0 : f32
}
// -----

func.func @execute_different_values(%a: f32, %b: f32, %c: i1) -> f32 {
  %0 = scf.execute_region -> f32 no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : f32
  ^bb2:
    %x = "test.four"(%a) : (f32) -> f32
    scf.yield %b : f32
  }
  return %0 : f32
}

// -----

func.func @for_tensor_cast(%t: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %0) -> (tensor<?xf32>) {
    %y = "test.a"(%x) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

func.func @for_tensor_cast_two_uses(%t: tensor<4xf32>, %n: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %0) -> (tensor<?xf32>) {
    %y = "test.a"(%x) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  return %r, %r : tensor<?xf32>, tensor<?xf32>
}

// -----

func.func @for_tensor_cast_more_static(%t: tensor<?xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %0) -> (tensor<4xf32>) {
    %y = "test.a"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @par_single(%a: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %n) step (%c1, %c1) {
    %v = "test.load"(%a, %i, %j) : (memref<?x?xf32>, index, index) -> f32
    "test.store"(%v, %a, %j, %i) : (f32, memref<?x?xf32>, index, index) -> ()
  }
  return
}
// -----

func.func @par_all_single(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c0, %c3) to (%c1, %c4) step (%c1, %c1) {
    %v = "test.load"(%a, %i, %j) : (memref<?x?xf32>, index, index) -> f32
    "test.store"(%v, %a, %j, %i) : (f32, memref<?x?xf32>, index, index) -> ()
  }
  return
}
// -----

func.func @par_zero(%a: memref<?x?xf32>, %n: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%c0, %c1) to (%n, %c1) step (%c1, %c1) init (%init) -> f32 {
    %v = "test.load"(%a, %i, %j) : (memref<?x?xf32>, index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
// -----

func.func @par_reduce_single(%a: memref<?x?xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%init) -> f32 {
    %v = "test.load"(%a, %i, %i) : (memref<?x?xf32>, index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
// -----

func.func @par_nested(%a: memref<?x?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%m) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}
// -----

func.func @par_nested_dependent(%a: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

func.func @for_init_yielded(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c5) -> (i32) {
    "test.use"(%x) : (i32) -> ()
    scf.yield %c5 : i32
  }
  return %r : i32
}
// -----

func.func @for_duplicate_iter_args(%a: i32, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %z = "test.f"(%x, %y) : (i32, i32) -> i32
    scf.yield %z, %z : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @if_duplicate_results(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %z = "test.f"() : () -> i32
    scf.yield %z, %z : i32, i32
  } else {
    scf.yield %a, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @for_nested_forwarded(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (i32) {
    %w = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (i32) {
      scf.yield %y : i32
    }
    scf.yield %w : i32
  }
  return %r : i32
}
// -----

func.func @while_forwarded(%a: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = "test.c"() : () -> i1
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @while_duplicate_args(%a: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a, %y = %a) : (i32, i32) -> (i32, i32) {
    %c = "test.c"(%x, %y) : (i32, i32) -> i1
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.n"(%p, %q) : (i32, i32) -> i32
    scf.yield %n, %n : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @for_same_yield_different_inits(%a: i32, %b: i32, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %z = "test.f"(%x, %y) : (i32, i32) -> i32
    scf.yield %z, %z : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @for_duplicate_iter_args_apart(%a: i32, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %w = %a, %y = %a) -> (i32, i32, i32) {
    %z = "test.f"(%x, %y, %w) : (i32, i32, i32) -> i32
    %v = "test.g"(%x) : (i32) -> i32
    scf.yield %z, %v, %z : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}
// -----

func.func @if_duplicate_results_apart(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %z = "test.f"() : () -> i32
    %w = "test.g"() : () -> i32
    scf.yield %w, %z, %z : i32, i32, i32
  } else {
    scf.yield %a, %b, %b : i32, i32, i32
  }
  return %r#0, %r#2, %r#1 : i32, i32, i32
}
// -----

func.func @execute_duplicate_results(%a: i32) -> (i32, i32) {
  %r:2 = scf.execute_region -> (i32, i32) no_inline {
    %z = "test.f"() : () -> i32
    scf.yield %z, %z : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// -----

func.func @for_outside_yield(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (i32) {
    "test.use"(%x) : (i32) -> ()
    scf.yield %a : i32
  }
  return %r : i32
}
