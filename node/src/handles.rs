//! Reading and writing handles in the scratch (see `state.rs`): an operation, block or region
//! is two words (index, generation), a value three (owner, generation, number), a type,
//! attribute or location one (its id; 0 means "none"). The context is implied: the one in
//! the slot at word 0.

use omnir::sys;
use omnir::{Attribute, Block, Context, Location, Operation, Region, Type, Value};

use crate::state::{rd, wr};

#[inline]
pub(crate) fn op_at(ctx: &Context, i: usize) -> Operation {
    Operation::from_raw(ctx, sys::omnir_op { context: ctx.serial(), index: rd(i), generation: rd(i + 1) })
}

#[inline]
pub(crate) fn block_at(ctx: &Context, i: usize) -> Block {
    Block::from_raw(ctx, sys::omnir_block { context: ctx.serial(), index: rd(i), generation: rd(i + 1) })
}

#[inline]
pub(crate) fn region_at(ctx: &Context, i: usize) -> Region {
    Region::from_raw(ctx, sys::omnir_region { context: ctx.serial(), index: rd(i), generation: rd(i + 1) })
}

#[inline]
pub(crate) fn value_raw_at(ctx: &Context, i: usize) -> sys::omnir_value {
    sys::omnir_value { context: ctx.serial(), owner: rd(i), generation: rd(i + 1), number: rd(i + 2) }
}

#[inline]
pub(crate) fn value_at(ctx: &Context, i: usize) -> Value {
    Value::from_raw(ctx, value_raw_at(ctx, i))
}

#[inline]
pub(crate) fn type_raw(ctx: &Context, id: u32) -> sys::omnir_type {
    if id == 0 {
        sys::omnir_type::default()
    } else {
        sys::omnir_type { context: ctx.serial(), id }
    }
}

#[inline]
pub(crate) fn type_at(ctx: &Context, i: usize) -> Type {
    Type::from_raw(ctx, type_raw(ctx, rd(i)))
}

/// The type at word `i`, `None` for 0.
pub(crate) fn opt_type_at(ctx: &Context, i: usize) -> Option<Type> {
    match rd(i) {
        0 => None,
        _ => Some(type_at(ctx, i)),
    }
}

#[inline]
pub(crate) fn attr_raw(ctx: &Context, id: u32) -> sys::omnir_attribute {
    if id == 0 {
        sys::omnir_attribute::default()
    } else {
        sys::omnir_attribute { context: ctx.serial(), id }
    }
}

#[inline]
pub(crate) fn attr_at(ctx: &Context, i: usize) -> Attribute {
    Attribute::from_raw(ctx, attr_raw(ctx, rd(i)))
}

/// The attribute at word `i`, `None` for 0.
pub(crate) fn opt_attr_at(ctx: &Context, i: usize) -> Option<Attribute> {
    match rd(i) {
        0 => None,
        _ => Some(attr_at(ctx, i)),
    }
}

#[inline]
pub(crate) fn loc_at(ctx: &Context, i: usize) -> Location {
    let id = rd(i);
    if id == 0 {
        return ctx.unknown_loc();
    }
    Location::from_raw(ctx, sys::omnir_location { context: ctx.serial(), id })
}

/// The location at word `i`, `None` for 0.
pub(crate) fn opt_loc_at(ctx: &Context, i: usize) -> Option<Location> {
    match rd(i) {
        0 => None,
        _ => Some(loc_at(ctx, i)),
    }
}

#[inline]
pub(crate) fn put_op(i: usize, op: &Operation) {
    let r = op.raw();
    wr(i, r.index);
    wr(i + 1, r.generation);
}

#[inline]
pub(crate) fn put_block(i: usize, b: &Block) {
    let r = b.raw();
    wr(i, r.index);
    wr(i + 1, r.generation);
}

#[inline]
pub(crate) fn put_region(i: usize, r: &Region) {
    let r = r.raw();
    wr(i, r.index);
    wr(i + 1, r.generation);
}

#[inline]
pub(crate) fn put_value(i: usize, v: &Value) {
    let r = v.raw();
    wr(i, r.owner);
    wr(i + 1, r.generation);
    wr(i + 2, r.number);
}

/// Writes an optional operation as (present, index, generation) from word `i`.
pub(crate) fn put_opt_op(i: usize, op: Option<Operation>) {
    match op {
        Some(o) => {
            wr(i, 1);
            put_op(i + 1, &o);
        }
        None => wr(i, 0),
    }
}

/// Writes an optional block as (present, index, generation) from word `i`.
pub(crate) fn put_opt_block(i: usize, b: Option<Block>) {
    match b {
        Some(b) => {
            wr(i, 1);
            put_block(i + 1, &b);
        }
        None => wr(i, 0),
    }
}

/// Writes an optional region as (present, index, generation) from word `i`.
pub(crate) fn put_opt_region(i: usize, r: Option<Region>) {
    match r {
        Some(r) => {
            wr(i, 1);
            put_region(i + 1, &r);
        }
        None => wr(i, 0),
    }
}

/// The id of a type, attribute or location handle (its second field).
pub(crate) fn type_id(t: &Type) -> u32 {
    t.raw().id
}

pub(crate) fn attr_id(a: &Attribute) -> u32 {
    a.raw().id
}

pub(crate) fn loc_id(l: &Location) -> u32 {
    l.raw().id
}

/// An optional attribute's id (0 for none).
pub(crate) fn opt_attr_id(a: Option<Attribute>) -> u32 {
    a.map(|a| attr_id(&a)).unwrap_or(0)
}

/// Reads an insertion point at word `i`: kind (1 block start, 2 block end, 3 before op,
/// 4 after op) and a two-word block or operation handle.
pub(crate) fn insertion_point_at(ctx: &Context, i: usize) -> omnir::Result<omnir::InsertionPoint> {
    use omnir::InsertionPoint as P;
    Ok(match rd(i) {
        1 => P::BlockStart(block_at(ctx, i + 1)),
        2 => P::BlockEnd(block_at(ctx, i + 1)),
        3 => P::Before(op_at(ctx, i + 1)),
        4 => P::After(op_at(ctx, i + 1)),
        k => return Err(crate::state::invalid(format!("unknown insertion point kind {k}"))),
    })
}
