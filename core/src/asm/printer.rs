//! Generic printer. (Being written.)

use super::PrintFlags;
use crate::context::Context;
use crate::error::Result;
use crate::ir::OpId;

pub fn print_op(_ctx: &Context, _op: OpId, _flags: &PrintFlags) -> Result<String> {
    unimplemented!("printer is being written")
}

pub fn print_type(_ctx: &Context, _ty: crate::types::Type) -> String {
    unimplemented!("printer is being written")
}

pub fn print_attribute(_ctx: &Context, _attr: crate::attrs::Attribute) -> String {
    unimplemented!("printer is being written")
}

pub fn print_location(_ctx: &Context, _loc: crate::attrs::Location) -> String {
    unimplemented!("printer is being written")
}
