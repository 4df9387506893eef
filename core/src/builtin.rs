//! The builtin dialect, registered through the same API any other dialect uses.

use crate::context::Context;
use crate::dialect::{Arity, AttrConstraint, AttrSpec, DialectDef, OpDef, Traits, TypeConstraint, ValueSpec};

pub const MODULE: &str = "builtin.module";
pub const UNREALIZED_CONVERSION_CAST: &str = "builtin.unrealized_conversion_cast";

pub(crate) fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "builtin".into(), allow_unknown_operations: false, enums: Vec::new() });

    let mut module = OpDef::new(MODULE);
    module.summary = "A top level container operation".into();
    module.num_regions = 1;
    module.attributes = vec![
        AttrSpec::optional("sym_name", AttrConstraint::SymbolName),
        AttrSpec::optional("sym_visibility", AttrConstraint::String),
    ];
    module.region_names = vec!["bodyRegion".into()];
    module.default_dialect = Some("builtin".into());
    // As in MLIR: the module body is a single-block graph region without a terminator.
    module.traits = Traits::ISOLATED_FROM_ABOVE
        | Traits::NO_TERMINATOR
        | Traits::SYMBOL_TABLE
        | Traits::SYMBOL
        | Traits::OPTIONAL_SYMBOL
        | Traits::SINGLE_BLOCK
        | Traits::GRAPH_REGIONS
        | Traits::NO_REGION_ARGUMENTS;
    module
        .set_assembly_format("($sym_name^)? attr-dict-with-keyword $bodyRegion")
        .expect("builtin.module's format compiles");
    ctx.register_operation(module).expect("builtin.module registers once");

    let mut cast = OpDef::new(UNREALIZED_CONVERSION_CAST);
    cast.summary = "An unrealized conversion from one set of types to another".into();
    cast.operands = vec![ValueSpec { name: "inputs".into(), constraint: TypeConstraint::Any, arity: Arity::Variadic }];
    cast.results = vec![ValueSpec { name: "outputs".into(), constraint: TypeConstraint::Any, arity: Arity::Variadic }];
    cast.traits = Traits::PURE;
    cast.verify = Some(std::sync::Arc::new(|ctx, op| {
        if ctx.op_num_results(op).unwrap_or(0) == 0 {
            Err("expected at least one result for cast operation".into())
        } else {
            Ok(())
        }
    }));
    cast.set_assembly_format("($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict")
        .expect("builtin.unrealized_conversion_cast's format compiles");
    ctx.register_operation(cast).expect("builtin.unrealized_conversion_cast registers once");
}
