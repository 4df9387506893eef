//! Builds with the cmath views generated at build time (omnir-build) and prints what it
//! built; ci/test-rust-consumer.sh compares the text with the C++ consumer's.

#[allow(dead_code)] // the dialect's whole API, of which this program uses a part
mod cmath {
    include!(concat!(env!("OUT_DIR"), "/cmath.rs"));
}

use omnir::ods::OpView;
use omnir::{Context, InsertionPoint, Module};

fn main() -> omnir::Result<()> {
    let ctx = Context::new();
    let definition = include_str!("../../../definitions/cmath.irdl.mlir");
    ctx.load_definitions(definition, "cmath.irdl.mlir")?;
    let loc = ctx.unknown_loc();
    let module = Module::new(&loc)?;
    // The type's view is generated from the definition too.
    let complex = cmath::ComplexType::get(&ctx, &ctx.f32_type()?)?;
    if complex.elem()? != ctx.f32_type()? || cmath::ComplexType::cast(&ctx.parse_type("!cmath.complex<f64>")?).is_none()
    {
        return Err(omnir::Error::new(omnir::Status::Internal, "the type's view does not read back what was built"));
    }
    let body = module.body()?;
    let z = body.add_argument(&complex, &loc)?;
    let at = InsertionPoint::BlockEnd(body);
    let product = cmath::MulOp::create(&at, &loc, &complex, &z, &z)?;
    let norm = cmath::NormOp::create(&at, &loc, &ctx.f32_type()?, &product.res()?)?;
    let defining = norm.in_()?.defining_op()?;
    if norm.in_()? != product.res()? || !defining.as_ref().is_some_and(|op| cmath::MulOp::cast(op).is_some()) {
        return Err(omnir::Error::new(omnir::Status::Internal, "the views do not read back what was built"));
    }
    println!("{norm}");
    Ok(())
}
