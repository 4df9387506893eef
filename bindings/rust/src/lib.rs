//! `omnir`: the safe Rust client of omnir's C API.
//!
//! Everything here calls the shared library `libomnir.so.0` through
//! [`omnir-sys`](omnir_sys); this crate never depends on the core crate, so every Rust,
//! Python and Node user in a process shares the one core (DESIGN.md, "The one-core rule").
//! The Python (PyO3) and Node (napi-rs) glue are thin layers over this crate: error mapping,
//! ownership of detached IR, equality by handle and callback marshalling live here once.
//!
//! ```no_run
//! use omnir::{Context, Module, OperationBuilder};
//!
//! let ctx = Context::new();
//! ctx.set_allow_unregistered_dialects(true)?;
//! let module = Module::parse(&ctx, "\"test.op\"() {value = 42 : i32} : () -> ()", "in.mlir")?;
//! let i32 = ctx.integer_type(32)?;
//! let op = OperationBuilder::new("test.other", &ctx.unknown_loc()).results(&[&i32]).build()?;
//! module.body()?.append(&op)?; // the module owns it now; a detached op is erased on drop
//! println!("{module}"); // Err(e) carries e.status (Status::ParseFailed...) and e.message
//! # Ok::<(), omnir::Error>(())
//! ```
//!
//! # Design
//! - [`Context`] is an `Arc` around one C context, cheap to clone; every wrapper ([`Type`],
//!   [`Attribute`], [`Location`], [`Operation`], [`Block`], [`Region`], [`Value`]) holds a
//!   clone plus its C handle, so wrappers are `'static` and `Send + Sync` and keep their
//!   context alive (what garbage-collected languages need). Equality and hashing follow the
//!   handle: two wrappers of one operation are equal. The one exception is [`Identifier`], a
//!   `Copy` value for cheap name comparisons that borrows its context instead.
//! - Every fallible call returns [`Result`]; an [`Error`] carries the C status
//!   ([`Status`]) and the message of the last error, made in one place.
//! - IR handles are checked by omnir: a wrapper of erased IR gets
//!   [`Status::StaleHandle`], never undefined behaviour.
//! - Detached IR is owned by a guard ([`OwnedOperation`], [`OwnedBlock`], [`Module`]) that
//!   erases it on drop unless it was inserted somewhere first.
//! - Closures (diagnostic handlers, verifiers, constraint predicates, the hooks that
//!   definition files name: [`Context::register_verifier_hook`],
//!   [`Context::register_custom_directive`]) are marshalled as C callbacks with
//!   `user_data` and `free_user_data`; panics never cross into omnir.
//! - The crate holds no state of its own beyond what the wrappers need.
//!
//! # Safety of the `unsafe` blocks
//! Each calls an omnir-sys function with a context kept alive by the wrapper's `Context`,
//! plain handle values (checked by omnir), pointers to locals or slices that outlive the
//! call, and out-pointers to initialized locals; strings returned by omnir are copied and
//! freed with omnir's own free functions. Blocks that do more carry their own note.
#![allow(clippy::missing_safety_doc)]

mod affine;
mod attributes;
mod context;
mod diagnostics;
mod dialect;
mod directives;
mod dominance;
mod dyn_interface;
mod error;
mod extras;
mod glue;
mod handle;
mod identifier;
mod ir;
mod leaf;
mod lifetime;
mod location;
mod lock_wait;
pub mod ods;
mod passes;
mod strings;
mod symbols;
mod types;

pub use affine::{AffineConstraint, AffineExpr};
pub use attributes::{Attribute, AttributeKind};
pub use context::{abi_version, check_abi, version, Context};
pub use diagnostics::{Diagnostic, DiagnosticCapture, HandlerId, Severity};
pub use dialect::{
    Arity, AsmError, AttrConstraint, AttrDef, AttrDefinition, AttrPredicate, AttrSpec, DialectAssembly,
    DialectAttrParser, DialectTypeParser, InterfaceImpl, NameStyle, OpDefinition, OpVerifier, ParamsParser,
    ParamsPrinter, ParamsVerifier, Traits, TypeConstraint, TypeDef, TypeDefinition, TypeId, TypePredicate, ValueSpec,
};
pub use directives::{DirectiveArgKind, DirectiveParser, DirectivePrinter};
pub use dyn_interface::{
    DynamicCallFn, DynamicInterfaceVTable, DynamicMessage, DynamicMethods, DynamicReceiver, Receiver,
    DYNAMIC_INTERFACE_MAGIC,
};
pub use error::{Error, Result, Status};
pub use glue::{AttributeClass, DiagnosedError, ErrorClass, TypeClass, FLOAT_CLASSES};
pub use identifier::Identifier;
pub use ir::{
    utf8_source, Block, BlockOperand, BuiltOperation, EraseMode, InsertionPoint, Module, OpOperand, Operation,
    OperationBuilder, Ops, OwnedBlock, OwnedOperation, PrintFlags, Region, Value, WalkOrder, WalkResult,
};
pub use leaf::{LeafGuard, LeafMutex};
pub use lifetime::TreeOwner;
pub use location::{Location, LocationKind};
pub use lock_wait::LockWaitHooks;
pub use passes::{
    IrPrinting, OptionDecl, OptionScope, OptionType, OptionValue, PassDef, PassManager, PassOptions, PassRunFn,
    RewriteFn,
};
pub use symbols::{SymbolTable, SymbolUse, Visibility};
pub use types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// The raw declarations, for glue that needs a call this crate does not wrap.
pub use omnir_sys as sys;
