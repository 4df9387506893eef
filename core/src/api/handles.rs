//! Handle structs passed by value across the C API. Each carries the serial of the context
//! that made it (`context`), checked on every use; a zeroed handle is the null handle.

use super::context::omnir_context;
use super::{omnir_status, ApiError, ApiResult};
use crate::attrs::{Attribute, Location};
use crate::context::{Context, Identifier};
use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::types::Type;

/// An operation.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_op {
    pub context: u32,
    pub index: u32,
    pub generation: u32,
}

/// A block.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_block {
    pub context: u32,
    pub index: u32,
    pub generation: u32,
}

/// A region.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_region {
    pub context: u32,
    pub index: u32,
    pub generation: u32,
}

/// An SSA value: an operation result or a block argument.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_value {
    pub context: u32,
    pub owner: u32,
    pub generation: u32,
    pub number: u32,
}

/// A uniqued type; valid as long as its context.
///
/// Types are uniqued, so two types are equal exactly when their handles are (both fields
/// equal). The zeroed handle means "no type" where a type is optional.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_type {
    pub context: u32,
    pub id: u32,
}

/// A uniqued attribute; valid as long as its context.
///
/// Attributes are uniqued, so two attributes are equal exactly when their handles are (both
/// fields equal); each `distinct` attribute is unequal to every other. The zeroed handle
/// means "no attribute" where one is optional.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_attribute {
    pub context: u32,
    pub id: u32,
}

/// A location (a location attribute).
///
/// Locations are uniqued: equal locations have equal handles. The zeroed handle means "no
/// location" where one is optional.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_location {
    pub context: u32,
    pub id: u32,
}

/// An identifier: a string interned in a context (MLIR's `StringAttr` used as a name, as
/// in `MlirIdentifier`). Operation names, attribute names and file names are identifiers.
/// Two identifiers of one context are equal exactly when their handles are; valid as long
/// as the context. The zeroed handle means "no identifier".
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct omnir_identifier {
    pub context: u32,
    pub id: u32,
}

fn wrong_context(what: &str, serial: u32) -> ApiError {
    // The top byte of a serial is the tag of the copy of omnir that made it.
    let message = super::guard::foreign_handle(serial, what)
        .unwrap_or_else(|| format!("{what} handle belongs to another context (or to another loaded copy of omnir)"));
    ApiError::new(omnir_status::OMNIR_ERROR_WRONG_CONTEXT, message)
}

fn null_handle(what: &str) -> ApiError {
    ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, format!("null {what} handle"))
}

/// Conversions between C handles and core handles, checking the context serial. Liveness
/// (staleness) is checked by the core on use.
impl omnir_context {
    fn check(&self, serial: u32, what: &str) -> ApiResult {
        if serial == 0 {
            Err(null_handle(what))
        } else if serial != self.serial() {
            Err(wrong_context(what, serial))
        } else {
            Ok(())
        }
    }

    pub(crate) fn op_in(&self, h: omnir_op) -> ApiResult<OpId> {
        self.check(h.context, "operation")?;
        Ok(OpId::from_raw(h.index, h.generation))
    }
    pub(crate) fn op_out(&self, op: OpId) -> omnir_op {
        let (index, generation) = op.to_raw();
        omnir_op { context: self.serial(), index, generation }
    }
    pub(crate) fn block_in(&self, h: omnir_block) -> ApiResult<BlockId> {
        self.check(h.context, "block")?;
        Ok(BlockId::from_raw(h.index, h.generation))
    }
    pub(crate) fn block_out(&self, b: BlockId) -> omnir_block {
        let (index, generation) = b.to_raw();
        omnir_block { context: self.serial(), index, generation }
    }
    pub(crate) fn region_in(&self, h: omnir_region) -> ApiResult<RegionId> {
        self.check(h.context, "region")?;
        Ok(RegionId::from_raw(h.index, h.generation))
    }
    pub(crate) fn region_out(&self, r: RegionId) -> omnir_region {
        let (index, generation) = r.to_raw();
        omnir_region { context: self.serial(), index, generation }
    }
    pub(crate) fn value_in(&self, h: omnir_value) -> ApiResult<Value> {
        self.check(h.context, "value")?;
        Ok(Value::from_raw(h.owner, h.generation, h.number))
    }
    pub(crate) fn value_out(&self, v: Value) -> omnir_value {
        let (owner, generation, number) = v.to_raw();
        omnir_value { context: self.serial(), owner, generation, number }
    }
    pub(crate) fn type_in(&self, ctx: &Context, h: omnir_type) -> ApiResult<Type> {
        self.check(h.context, "type")?;
        ctx.type_from_raw(h.id)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "unknown type handle"))
    }
    pub(crate) fn type_out(&self, t: Type) -> omnir_type {
        omnir_type { context: self.serial(), id: t.to_raw() }
    }
    pub(crate) fn attr_in(&self, ctx: &Context, h: omnir_attribute) -> ApiResult<Attribute> {
        self.check(h.context, "attribute")?;
        ctx.attr_from_raw(h.id)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "unknown attribute handle"))
    }
    pub(crate) fn ident_in(&self, ctx: &Context, h: omnir_identifier) -> ApiResult<Identifier> {
        self.check(h.context, "identifier")?;
        ctx.identifier_from_raw(h.id)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "unknown identifier handle"))
    }
    pub(crate) fn ident_out(&self, id: Identifier) -> omnir_identifier {
        omnir_identifier { context: self.serial(), id: id.to_raw() }
    }
    pub(crate) fn attr_out(&self, a: Attribute) -> omnir_attribute {
        omnir_attribute { context: self.serial(), id: a.to_raw() }
    }
    pub(crate) fn loc_in(&self, ctx: &Context, h: omnir_location) -> ApiResult<Location> {
        self.check(h.context, "location")?;
        let attr = ctx
            .attr_from_raw(h.id)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "unknown location handle"))?;
        ctx.as_location(attr)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, "attribute is not a location"))
    }
    pub(crate) fn loc_out(&self, l: Location) -> omnir_location {
        omnir_location { context: self.serial(), id: l.attr().to_raw() }
    }

    /// An optional type argument: the zeroed handle means "none".
    pub(crate) fn opt_type_in(&self, ctx: &Context, h: omnir_type) -> ApiResult<Option<Type>> {
        if h == omnir_type::default() {
            Ok(None)
        } else {
            self.type_in(ctx, h).map(Some)
        }
    }
    /// An optional attribute argument: the zeroed handle means "none".
    pub(crate) fn opt_attr_in(&self, ctx: &Context, h: omnir_attribute) -> ApiResult<Option<Attribute>> {
        if h == omnir_attribute::default() {
            Ok(None)
        } else {
            self.attr_in(ctx, h).map(Some)
        }
    }
    /// An optional location argument: the zeroed handle means "none".
    pub(crate) fn opt_loc_in(&self, ctx: &Context, h: omnir_location) -> ApiResult<Option<Location>> {
        if h == omnir_location::default() {
            Ok(None)
        } else {
            self.loc_in(ctx, h).map(Some)
        }
    }
}

/// Rust-side access for tests of the C API (not part of the C API; no symbol is exported).
impl omnir_context {
    /// Runs `f` with shared access to the core context (`None` if the context is busy).
    #[doc(hidden)]
    pub fn with_core<R>(&self, f: impl FnOnce(&Context) -> R) -> Option<R> {
        self.read(|c| Ok(f(c))).ok()
    }
    /// The serial that this context's handles carry.
    #[doc(hidden)]
    pub fn handle_serial(&self) -> u32 {
        self.serial()
    }
}
