//! omnir-core: MLIR's data model in Rust, with checked handles.
//!
//! Start at [`Context`]: it owns types, attributes, identifiers, the IR arenas, the
//! dialect registry and diagnostics. IR entities are named by small copyable handles
//! ([`OpId`], [`BlockId`], [`RegionId`], [`Value`]) that are checked on every use: a
//! handle to erased IR yields [`ErrorKind::StaleHandle`], never undefined behaviour.
//! See ARCHITECTURE.md at the repository root for the map of the code.

// `unsafe` is allowed only in the C API (`api`), the FFI edge; each block has a SAFETY note.
#![deny(unsafe_code)]

pub mod affine;
#[allow(unsafe_code)]
pub mod api;
mod arena;
pub mod asm;
pub mod attrs;
pub mod builtin;
pub mod context;
pub mod diag;
pub mod dialect;
#[path = "../../dialects/mod.rs"]
pub mod dialects;
pub mod dominance;
pub mod error;
pub mod float;
pub mod gen;
pub mod infer;
mod intern;
pub mod ir;
pub mod irdl;
pub mod options;
pub mod pass;
pub mod symbol;
pub mod typeid;
pub mod types;
pub mod verify;
pub mod walk;

pub use attrs::{ApInt, AttrKind, Attribute, Location, LocationKind, NamedAttribute};
pub use context::{Context, Identifier, ResourceBlob};
pub use diag::{Diagnostic, HandlerId, Severity};
pub use dialect::{
    Arity, AttrConstraint, AttrSpec, DialectDef, InterfaceImpl, OpDef, Traits, TypeConstraint, ValueSpec,
};
pub use dominance::DominanceInfo;
pub use error::{Error, ErrorKind, Result};
pub use ir::{BlockId, BlockOperand, EraseMode, InsertPoint, OpId, OpOperand, OperationState, RegionId, Value};
pub use symbol::{SymbolScope, SymbolTable, SymbolTarget, SymbolUse, Visibility};
pub use typeid::TypeId;
pub use types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
pub use walk::{WalkOrder, WalkResult};
