// scf.parallel with more lower bounds than induction variables (generic form): upstream
// verifies it, but its custom form cannot say it, so omnir prints it generically.
func.func @a(%i: index) {
  "scf.parallel"(%i, %i, %i, %i) <{operandSegmentSizes = array<i32: 2, 1, 1, 0>}> ({
  ^bb0(%x: index):
    scf.reduce
  }) : (index, index, index, index) -> ()
  return
}
