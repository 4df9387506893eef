func.func @g(%c: i1, %m: memref<4xi32>, %i: index) -> i32 {
  %c1 = arith.constant 1 : i32
  %unused = memref.load %m[%i] : memref<4xi32>
  %x = scf.if %c -> i32 {
    %c5 = arith.constant 5 : i32
    scf.yield %c5 : i32
  } else {
    %c7 = arith.constant 7 : i32
    scf.yield %c7 : i32
  }
  %d = scf.if %c -> i32 {
    scf.yield %c1 : i32
  } else {
    scf.yield %c1 : i32
  }
  %c2 = arith.constant 2 : i32
  %c1b = arith.constant 1 : i32
  %z = arith.muli %x, %c2 : i32
  %w = arith.addi %c2, %z : i32
  %v = arith.addi %w, %c1b : i32
  return %v : i32
}
