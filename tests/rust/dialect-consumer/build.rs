fn main() -> Result<(), omnir_build::Error> {
    omnir_build::Dialect::new("cmath").definition("../../definitions/cmath.irdl.mlir").generate()?;
    omnir_build::link_runpath()?;
    Ok(())
}
