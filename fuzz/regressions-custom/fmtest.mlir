fmtest.func @f {
  %0 = constant 42 : i32
  %1 = add %0, %0 : i32
  %2 = cmp slt, %1, %0 : i32
  %3 = "test.idx"() : () -> index
  %4 = step %3
  %5 = step %3 by 4 {tag}
  fmtest.br ^bb1(%1 : i32)
^bb1(%a: i32):
  return %a : i32
}
