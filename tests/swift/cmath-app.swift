// A package's own dialect from Swift: the OmnirGen plugin generated `Cmath` (its ops and its
// `!cmath.complex` type) from cmath.irdl.mlir at build time, and the program loads the same
// file (a resource) into its context. Prints what it built; ci/test-swift.sh compares the text
// with the C++ and Rust consumers'.
import Foundation
import Omnir

let ctx = Context()
guard let url = Bundle.module.url(forResource: "cmath", withExtension: "irdl.mlir"),
      let definition = try? String(contentsOf: url, encoding: .utf8) else {
    fatalError("cmath.irdl.mlir is not among the resources")
}
try ctx.loadDialectDefinitions(definition, filename: "cmath.irdl.mlir")
let loc = Location.unknown(in: ctx)
let module = try Module.create(location: loc)
// The type through its generated view: built from a plain Swift type, read back, cast.
let f32 = FloatType.f32(ctx).type
let complex = try Cmath.ComplexType.get(elem: f32, context: ctx)
guard try complex.elem == f32, Cmath.ComplexType(try Omnir.`Type`.parse("!cmath.complex<f32>", context: ctx)) == complex,
      Cmath.ComplexType(f32) == nil else {
    fatalError("Cmath.ComplexType does not read back what it built")
}
// The definition allows f32 and f64 only: another element type throws.
if let wrong = try? Cmath.ComplexType.get(elem: IntegerType(width: 32, context: ctx).type, context: ctx) {
    fatalError("Cmath.ComplexType.get built \(wrong)")
}
let body = try module.body
let z = try body.addArgument(complex.type, location: loc)
let at = InsertionPoint(body)
let product = try Cmath.MulOp.create(res: complex.type, lhs: z, rhs: z, location: loc, at: at)
let norm = try Cmath.NormOp.create(out: f32, in_: product.res, location: loc, at: at)
guard try norm.in_ == product.res, let defining = try norm.in_.definingOperation, Cmath.MulOp(defining) != nil else {
    fatalError("the views do not read back what was built")
}
print(norm)
