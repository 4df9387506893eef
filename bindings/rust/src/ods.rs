//! What the generated Rust dialect modules (`omnir-gen rust`, the `omnir-dialects` crate, a
//! user's `build.rs` through `omnir-build`) share at run time: the op-view trait, operand and
//! result groups as the core lays them out, and attributes built from plain Rust values.
//! Written once by hand; the op types themselves are generated.

use crate::{Attribute, Block, Context, Error, Operation, Region, Result, Status, Type, Value};

/// A typed view of one operation kind (`arith::AddIOp`): generated for every op of a
/// dialect. The view derefs to the [`Operation`], so every generic method stays at hand.
pub trait OpView: Sized {
    /// The operation's name (`"arith.addi"`).
    const OPERATION_NAME: &'static str;

    /// Wraps `op` without checking its name.
    fn from_operation_unchecked(op: Operation) -> Self;

    /// The operation.
    fn operation(&self) -> &Operation;

    /// The view of `op` when it is this kind of operation (MLIR's `dyn_cast`); a stale
    /// handle is `None` too.
    fn cast(op: &Operation) -> Option<Self> {
        is(op, Self::OPERATION_NAME).then(|| Self::from_operation_unchecked(op.clone()))
    }
}

/// Whether `op` is named `name` (false for a stale handle).
pub fn is(op: &Operation, name: &str) -> bool {
    op.name().is_ok_and(|n| n == name)
}

/// The value of a single or optional operand group (`None`: an absent optional one).
pub fn operand(op: &Operation, group: usize) -> Result<Option<Value>> {
    let range = op.operand_group(group)?;
    if range.is_empty() {
        return Ok(None);
    }
    op.operand(range.start).map(Some)
}

/// The value of a single or optional result group (`None`: an absent optional one).
pub fn result(op: &Operation, group: usize) -> Result<Option<Value>> {
    let range = op.result_group(group)?;
    if range.is_empty() {
        return Ok(None);
    }
    op.result(range.start).map(Some)
}

/// The value of a group the definition says is always there: an error, not a panic, when
/// the operation (built generically, or edited) lacks it.
pub fn required(value: Option<Value>, op: &Operation, what: &str) -> Result<Value> {
    value.ok_or_else(|| missing(op, what))
}

/// The attribute `name`, which the definition requires.
pub fn required_attr(op: &Operation, name: &str) -> Result<Attribute> {
    op.inherent_attribute(name)?.ok_or_else(|| missing(op, name))
}

fn missing(op: &Operation, what: &str) -> Error {
    let op_name = op.name().unwrap_or_default();
    Error::new(Status::InvalidArgument, format!("'{op_name}' has no '{what}'"))
}

/// The regions from `first` on (a variadic region group, the last one).
pub fn regions_from(op: &Operation, first: usize) -> Result<Vec<Region>> {
    Ok(op.regions()?.into_iter().skip(first).collect())
}

/// Successor `index`.
pub fn successor(op: &Operation, index: usize) -> Result<Block> {
    op.successors()?.into_iter().nth(index).ok_or_else(|| missing(op, &format!("successor #{index}")))
}

/// The successors from `first` on (a variadic successor group, the last one).
pub fn successors_from(op: &Operation, first: usize) -> Result<Vec<Block>> {
    Ok(op.successors()?.into_iter().skip(first).collect())
}

/// `array<i32: ...>` of the group sizes (operandSegmentSizes / resultSegmentSizes).
pub fn segment_sizes(ctx: &Context, sizes: &[usize]) -> Result<Attribute> {
    let sizes: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
    dense_array(ctx, 32, &sizes)
}

/// `array<iW: ...>` (W = `width`: 8, 16, 32 or 64) from integers, little-endian.
pub fn dense_array(ctx: &Context, width: u32, values: &[i64]) -> Result<Attribute> {
    let bytes_each = (width / 8) as usize;
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes().into_iter().take(bytes_each)).collect();
    ctx.dense_array_attr(&ctx.integer_type(width)?, &bytes)
}

/// `array<i1: ...>` from booleans.
pub fn dense_bool_array(ctx: &Context, values: &[bool]) -> Result<Attribute> {
    let bytes: Vec<u8> = values.iter().map(|&b| u8::from(b)).collect();
    ctx.dense_array_attr(&ctx.integer_type(1)?, &bytes)
}

/// An integer attribute of the type spelled `type_text` (`i64`, `index`).
pub fn int_attr(ctx: &Context, type_text: &str, value: i64) -> Result<Attribute> {
    ctx.integer_attr(&ctx.parse_type(type_text)?, value)
}

/// A case of an integer enum, stored as a signless integer of the enum's width.
pub fn enum_attr(ctx: &Context, width: u32, value: i64) -> Result<Attribute> {
    ctx.integer_attr(&ctx.integer_type(width)?, value)
}

/// The integers of an `array<iW: ...>` attribute (W = `width`, as the definition says),
/// sign-extended (`i1`: 0 or 1).
pub fn dense_array_values(attr: &Attribute, width: u32) -> Result<Vec<i64>> {
    let bytes = attr.dense_raw_data()?;
    let each = (width as usize).div_ceil(8).max(1);
    Ok(bytes
        .chunks(each)
        .map(|chunk| {
            let mut raw = [0u8; 8];
            raw[..chunk.len()].copy_from_slice(chunk);
            if width == 1 {
                return i64::from(raw[0] != 0);
            }
            let shift = 64 - 8 * chunk.len() as u32;
            (i64::from_le_bytes(raw) << shift) >> shift
        })
        .collect())
}

/// An attribute of a dialect's own kind, given as the attribute or by its case words
/// (`"nsw"` for `#arith.overflow<nsw>`): what generated builders take for one.
#[derive(Clone, Copy, Debug)]
pub enum CaseAttr<'a> {
    /// The words between the angle brackets (`"nnan,ninf"`).
    Words(&'a str),
    /// The attribute itself.
    Attr(&'a Attribute),
}

impl<'a> From<&'a str> for CaseAttr<'a> {
    fn from(words: &'a str) -> CaseAttr<'a> {
        CaseAttr::Words(words)
    }
}

impl<'a> From<&'a Attribute> for CaseAttr<'a> {
    fn from(attr: &'a Attribute) -> CaseAttr<'a> {
        CaseAttr::Attr(attr)
    }
}

impl CaseAttr<'_> {
    /// The attribute: `#<qualified><words>` parsed (`#arith.fastmath<fast>`), or the one given.
    pub fn get(&self, ctx: &Context, qualified: &str) -> Result<Attribute> {
        match self {
            CaseAttr::Words(words) => ctx.parse_attribute(&format!("#{qualified}<{words}>")),
            CaseAttr::Attr(attr) => Ok((*attr).clone()),
        }
    }
}

/// Whether `t` is of the dialect type kind `qualified` (`pixels.rgb`).
pub fn is_type_kind(t: &Type, qualified: &str) -> bool {
    t.type_id().and_then(|id| id.name()).is_ok_and(|n| n == qualified)
}

/// Whether `a` is of the dialect attribute kind `qualified` (without `#`).
pub fn is_attr_kind(a: &Attribute, qualified: &str) -> bool {
    a.type_id().and_then(|id| id.name()).is_ok_and(|n| n.strip_prefix('#') == Some(qualified))
}

fn param_at(params: Vec<Attribute>, index: usize) -> Result<Attribute> {
    let n = params.len();
    params
        .into_iter()
        .nth(index)
        .ok_or_else(|| Error::new(Status::InvalidArgument, format!("parameter #{index} of a kind with {n}")))
}

/// Parameter `index` of a dialect type.
pub fn type_param(t: &Type, index: usize) -> Result<Attribute> {
    param_at(t.dialect_params()?, index)
}

/// Parameter `index` of a dialect attribute.
pub fn attr_param(a: &Attribute, index: usize) -> Result<Attribute> {
    param_at(a.dialect_params()?, index)
}
