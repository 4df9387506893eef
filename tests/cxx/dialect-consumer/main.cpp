// Built by CMake with omnir_add_dialect(cmath_app DIALECT cmath DEFINITION cmath.irdl.mlir):
// the header of op classes comes from the definition at build time; the same file is loaded
// into the context at run time. Prints what it built; ci/test-cxx.sh compares the text.
#include <omnir/cxx/Definitions.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cmath.h"

int main() {
  omnir::OwningContext owner;
  omnir::Context ctx = owner.get();
  std::ifstream in(CMATH_DEFINITION, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  omnir::loadDialectDefinitions(ctx, text.str(), "cmath.irdl.mlir");

  omnir::OpBuilder b(ctx);
  omnir::Location loc = b.getUnknownLoc();
  omnir::OwningOpRef<omnir::ModuleOp> module = omnir::ModuleOp::create(loc);
  // The type class is generated from the definition too.
  omnir::cmath::ComplexType complex = omnir::cmath::ComplexType::get(ctx, b.getF32Type());
  if (complex.getElem() != b.getF32Type() || !omnir::isa<omnir::cmath::ComplexType>(omnir::parseType("!cmath.complex<f64>", ctx)))
    return 1;
  omnir::Block body = module->getBody();
  omnir::Value z = body.addArgument(complex, loc);
  b.setInsertionPointToEnd(body);
  auto product = omnir::cmath::MulOp::create(b, loc, complex, z, z);
  auto norm = omnir::cmath::NormOp::create(b, loc, b.getF32Type(), product);
  if (norm.getIn() != product.getRes() || !omnir::isa<omnir::cmath::MulOp>(norm.getIn().getDefiningOp()))
    return 1;
  std::cout << norm.getOperation().str();
  return 0;
}
