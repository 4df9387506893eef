// scf.parallel with more lower bounds than induction variables (generic form): the custom
// form would not read back, so it does not verify and prints generically.
func.func @a(%i: index) {
  "scf.parallel"(%i, %i, %i, %i) <{operandSegmentSizes = array<i32: 2, 1, 1, 0>}> ({
  ^bb0(%x: index):
    scf.reduce
  }) : (index, index, index, index) -> ()
  return
}
