//! `omnir` for Node.js: the native half of the npm package.
//!
//! A thin N-API layer (napi-rs) over the safe Rust client `omnir` (bindings/rust), which
//! calls the one shared core `libomnir.so.0`; this addon never contains a copy of the core
//! (DESIGN.md, "The one-core rule"). The JavaScript half (`lib/*.js`) defines the public
//! classes; this half only moves handle numbers, strings and bytes across:
//!
//! - `state.rs`: the calling convention (a shared scratch buffer instead of arguments), the
//!   per-thread tables (contexts, owners of detached IR, cached builders) and errors;
//! - `ir.rs`, `types.rs`, `attrs.rs`: the IR, types, attributes and locations;
//! - `callbacks.rs`: JavaScript functions called by omnir (verifiers, predicates,
//!   diagnostic handlers, interface methods, passes, rewrite patterns), synchronously, on
//!   the JavaScript thread;
//! - `dialect.rs`, `symbols.rs`: dialects defined from JavaScript, symbol tables;
//! - `definitions.rs`: definition files (IRDL) and the hooks they name, in JavaScript;
//! - `passes.rs`: options and their scopes, passes and rewrite patterns written in
//!   JavaScript, the pass manager.
#![allow(clippy::missing_safety_doc)]
// napi-rs registers exported functions only outside `cfg(test)`; `cargo clippy
// --all-targets` checks the crate under `cfg(test)` too, where they would look unused.
#![cfg_attr(test, allow(dead_code))]

mod attrs;
mod callbacks;
mod definitions;
mod dialect;
mod handles;
mod ir;
mod passes;
mod state;
mod symbols;
mod types;

use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::state::{rd, run, run_cx, wr};

/// Sets up this thread's state: the scratch (a `Uint32Array`) and the dispatcher, the
/// JavaScript function through which omnir's callbacks reach JavaScript functions. First it
/// checks that the loaded core has the C ABI this addon was built for and is the only copy
/// of the core in the process (`omnir_abi_require`): loading the package fails with omnir's
/// message otherwise.
#[napi]
pub fn init(env: Env, scratch: Unknown, dispatcher: Function<'_, Unknown<'_>, Unknown<'_>>) -> Result<()> {
    state::abi_require().map_err(|e| Error::from_reason(format!("omnir: {e}")))?;
    // SAFETY: values of this running call.
    unsafe { state::set_scratch(env.raw(), scratch.raw())? };
    callbacks::set_dispatcher(env.raw(), dispatcher.raw())
}

/// Replaces the scratch with a larger one.
#[napi]
pub fn set_scratch(env: Env, scratch: Unknown) -> Result<()> {
    // SAFETY: values of this running call.
    unsafe { state::set_scratch(env.raw(), scratch.raw()) }
}

/// The list kept aside because it did not fit into the scratch, as a new array.
#[napi]
pub fn take_pending() -> Uint32Array {
    Uint32Array::new(state::take_pending())
}

/// A failure: the C status name, its message, and its diagnostics.
#[napi(object)]
pub struct JsError {
    pub status: String,
    pub message: String,
    pub diagnostics: Vec<callbacks::JsDiagnostic>,
}

/// The error kept by the last failing call of this thread (null if none).
#[napi]
pub fn take_error() -> Option<JsError> {
    state::take_error().map(|e| JsError {
        status: e.status.name().to_string(),
        message: e.message,
        diagnostics: e.diagnostics.iter().map(callbacks::JsDiagnostic::from).collect(),
    })
}

/// omnir's version (`major * 10000 + minor * 100 + patch`) from the loaded library, and the
/// C ABI version: [version, abi].
#[napi]
pub fn version() -> Vec<u32> {
    vec![omnir::version(), omnir::abi_version()]
}

// ---------------------------------------------------------------------------------------
// contexts

/// out: slot (0), the serial every handle of the context carries (1).
#[napi]
pub fn ctx_new() -> u32 {
    run(|| {
        let ctx = omnir::Context::try_new()?;
        wr(1, ctx.serial());
        wr(0, state::context_insert(ctx));
        Ok(())
    })
}

/// Releases a context slot (from a FinalizationRegistry callback).
#[napi]
pub fn ctx_release(slot: u32) {
    let ctx = state::context_remove(slot);
    if let Some(c) = &ctx {
        state::kept_release_context(c.serial());
    }
    drop(ctx);
}

/// in: ctx, allow (1).
#[napi]
pub fn ctx_set_allow_unregistered() -> u32 {
    run_cx(|ctx| ctx.set_allow_unregistered_dialects(rd(1) != 0))
}

/// in: ctx / out: allowed (0).
#[napi]
pub fn ctx_get_allow_unregistered() -> u32 {
    run_cx(|ctx| {
        wr(0, ctx.allow_unregistered_dialects()? as u32);
        Ok(())
    })
}

/// in: ctx, verify (1). Whether parsing verifies what it parsed.
#[napi]
pub fn ctx_set_verify_after_parse() -> u32 {
    run_cx(|ctx| ctx.set_verify_after_parse(rd(1) != 0))
}

/// in: ctx / out: verify (0).
#[napi]
pub fn ctx_get_verify_after_parse() -> u32 {
    run_cx(|ctx| {
        wr(0, ctx.verify_after_parse()? as u32);
        Ok(())
    })
}

/// The `omnir_context *` of a context, for other native addons that use the same core (C
/// API interop, like the `_CAPIPtr` of MLIR's Python bindings). Valid while the context is.
#[napi]
pub fn ctx_raw_pointer(slot: u32) -> Result<BigInt> {
    let ctx = state::context(slot).map_err(|e| Error::from_reason(e.message))?;
    Ok(BigInt::from(ctx.as_raw() as usize as u64))
}

/// in: ctx / out: whether the dialect `name` is registered (0).
#[napi]
pub fn ctx_is_dialect_registered(name: String) -> u32 {
    run_cx(|ctx| {
        wr(0, ctx.is_dialect_registered(&name)? as u32);
        Ok(())
    })
}

/// in: ctx / out: whether the operation `name` is registered (0).
#[napi]
pub fn ctx_is_operation_registered(name: String) -> u32 {
    run_cx(|ctx| {
        wr(0, ctx.is_operation_registered(&name)? as u32);
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// TypeIDs

/// out: the TypeID of `name` (0).
#[napi]
pub fn typeid_get(name: String) -> u32 {
    run(|| {
        wr(0, omnir::TypeId::get(&name)?.0);
        Ok(())
    })
}

/// The qualified name of a TypeID (null on failure).
#[napi]
pub fn typeid_name(id: u32) -> Option<String> {
    state::run_value(|| omnir::TypeId(id).name())
}
