// A small dialect in upstream IRDL, as in llvm-project's IRDL tests: a complex type over
// f32/f64 and operations whose types are tied together by shared constraint values.
irdl.dialect @cmath {
  irdl.type @complex {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(elem: %2)
  }

  irdl.operation @norm {
    %0 = irdl.any
    %1 = irdl.parametric @cmath::@complex<%0>
    irdl.operands(in: %1)
    irdl.results(out: %0)
  }

  irdl.operation @mul {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @cmath::@complex<%2>
    irdl.operands(lhs: %3, rhs: %3)
    irdl.results(res: %3)
  }
}
