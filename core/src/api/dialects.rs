//! Dialects defined at run time through C: dialects, operations (signatures, constraints,
//! traits, interfaces, a verifier callback), types and attributes with named parameters (a
//! parameters verifier callback, interfaces, custom assembly), interface queries and external
//! models.
//!
//! Everything a definition needs is plain data (`repr(C)` structs) plus C callbacks, so a
//! dialect written in any language registers into the one registry of the process.
//!
//! # Callbacks
//! Each callback comes with a `user_data` pointer passed back to it verbatim, and an
//! optional `free_user_data` function:
//! - Ownership of `user_data` passes to omnir only when the registration succeeds; omnir then
//!   calls `free_user_data(user_data)` exactly once, when the context is destroyed (or, for
//!   `omnir_context_attach_interface`, when a later attachment replaces it). When the
//!   registration fails, nothing is freed: the caller still owns its user data. A
//!   `free_user_data` of NULL means omnir never frees it.
//! - Callbacks are called on whichever thread makes the omnir call that needs them (a
//!   verify, a type construction, a constraint check), with the context's lock held: calls
//!   on one context are serialized, so callbacks registered in one context never run
//!   concurrently with each other or with other calls on that context. User data shared
//!   between contexts must be thread-safe. `free_user_data` runs on the thread destroying
//!   the context and must not call omnir with that context.
//! - The `omnir_context *` a callback receives is the context it was registered in. From
//!   inside a callback, read-only calls on it succeed (the lock is re-entrant), also when the
//!   callback runs while the context is being changed (for instance a parameters verifier
//!   run by the parser while it builds IR: the wrapper records the shared context the core
//!   hands the callback, see `context::CallbackFrame`); a mutating call, or destroying the
//!   context, gets `OMNIR_ERROR_BUSY`.
//! - A failing callback explains itself with `omnir_callback_message_set`; that message
//!   becomes the error diagnostic (op verifiers) or the error message (parameters verifiers),
//!   or the parse error (custom parsers, which may also say where with
//!   `omnir_callback_message_set_offset`).
//!
//! # Custom assembly
//! A registered type or attribute may take over its textual form, as MLIR's `Type::parse` /
//! `print` (`omnir_dialect_set_type_assembly`, `omnir_custom_assembly`): the parser gets the
//! text after the mnemonic and fills the parameters, the printer writes that text back. A
//! dialect may also have fallback parsers for mnemonics it does not register
//! (`omnir_dialect_set_assembly`). `omnir_type_parse_prefix` / `omnir_attribute_parse_prefix`
//! parse nested types and attributes from inside a custom parser. The parsers run during
//! parsing (reading the context works from inside them), the printers during printing.
//!
//! # Thread safety of the wrappers
//! The core stores callbacks as `Arc<dyn Fn + Send + Sync>`. The wrappers below hold raw C
//! pointers (function, user data, context) and are marked `Send + Sync` on the strength of
//! the contract above: omnir only calls them under the context's lock.

use std::ffi::{c_char, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::context::{context_arg, in_callback, omnir_context};
use super::handles::{omnir_attribute, omnir_op, omnir_type};
use super::ir::{invalid, out_arg, write_opt};
use super::typeid::typeid_arg;
use super::{check_out, ffi_call, omnir_status, omnir_string_view, slice_arg, str_arg, write_out, ApiError, ApiResult};
use crate::attrs::Attribute;
use crate::context::Context;
use crate::dialect::{
    Arity, AsmError, AttrConstraint, AttrDefId, AttrSpec, CustomAssembly, DialectAssembly, DialectDef, InterfaceImpl,
    OpDef, ParamSpec, Traits, TypeConstraint, TypeDef, TypeDefId, ValueSpec,
};
use crate::ir::OpId;
use crate::typeid::TypeId;
use crate::types::{Type, TypeKind};
use crate::verify::{BranchOpInterface, SingleBlockImplicitTerminator};

// ---------------------------------------------------------------------------------------
// traits

/// The operation is a terminator.
pub const OMNIR_TRAIT_IS_TERMINATOR: u32 = 1 << 0;
/// Blocks of the op's regions need no terminator.
pub const OMNIR_TRAIT_NO_TERMINATOR: u32 = 1 << 1;
/// The op's regions use no value defined outside it.
pub const OMNIR_TRAIT_ISOLATED_FROM_ABOVE: u32 = 1 << 2;
/// The op is a symbol table.
pub const OMNIR_TRAIT_SYMBOL_TABLE: u32 = 1 << 3;
/// The op is a symbol (has a `sym_name`).
pub const OMNIR_TRAIT_SYMBOL: u32 = 1 << 4;
/// All operands and results have the same type.
pub const OMNIR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE: u32 = 1 << 5;
/// The op's regions are graph regions (no SSA dominance).
pub const OMNIR_TRAIT_GRAPH_REGIONS: u32 = 1 << 6;
/// Each region has at most one block.
pub const OMNIR_TRAIT_SINGLE_BLOCK: u32 = 1 << 7;
/// No side effects: removable when unused.
pub const OMNIR_TRAIT_PURE: u32 = 1 << 8;
/// The op is a constant.
pub const OMNIR_TRAIT_CONSTANT_LIKE: u32 = 1 << 9;
/// The op is commutative.
pub const OMNIR_TRAIT_COMMUTATIVE: u32 = 1 << 10;
/// The op returns from its parent's region.
pub const OMNIR_TRAIT_RETURN_LIKE: u32 = 1 << 11;
/// Variadic operand groups are sized by an `operandSegmentSizes` dense i32 array.
pub const OMNIR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS: u32 = 1 << 12;
/// Variadic result groups are sized by a `resultSegmentSizes` dense i32 array.
pub const OMNIR_TRAIT_ATTR_SIZED_RESULT_SEGMENTS: u32 = 1 << 13;
/// The op's regions have no arguments.
pub const OMNIR_TRAIT_NO_REGION_ARGUMENTS: u32 = 1 << 14;
/// The symbol name may be absent (as for `builtin.module`).
pub const OMNIR_TRAIT_OPTIONAL_SYMBOL: u32 = 1 << 15;

const ALL_TRAITS: u32 = (1 << 16) - 1;

// The header's constants must stay equal to the core's.
const _: () = {
    assert!(OMNIR_TRAIT_IS_TERMINATOR == Traits::IS_TERMINATOR.0);
    assert!(OMNIR_TRAIT_NO_TERMINATOR == Traits::NO_TERMINATOR.0);
    assert!(OMNIR_TRAIT_ISOLATED_FROM_ABOVE == Traits::ISOLATED_FROM_ABOVE.0);
    assert!(OMNIR_TRAIT_SYMBOL_TABLE == Traits::SYMBOL_TABLE.0);
    assert!(OMNIR_TRAIT_SYMBOL == Traits::SYMBOL.0);
    assert!(OMNIR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE == Traits::SAME_OPERANDS_AND_RESULT_TYPE.0);
    assert!(OMNIR_TRAIT_GRAPH_REGIONS == Traits::GRAPH_REGIONS.0);
    assert!(OMNIR_TRAIT_SINGLE_BLOCK == Traits::SINGLE_BLOCK.0);
    assert!(OMNIR_TRAIT_PURE == Traits::PURE.0);
    assert!(OMNIR_TRAIT_CONSTANT_LIKE == Traits::CONSTANT_LIKE.0);
    assert!(OMNIR_TRAIT_COMMUTATIVE == Traits::COMMUTATIVE.0);
    assert!(OMNIR_TRAIT_RETURN_LIKE == Traits::RETURN_LIKE.0);
    assert!(OMNIR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS == Traits::ATTR_SIZED_OPERAND_SEGMENTS.0);
    assert!(OMNIR_TRAIT_ATTR_SIZED_RESULT_SEGMENTS == Traits::ATTR_SIZED_RESULT_SEGMENTS.0);
    assert!(OMNIR_TRAIT_NO_REGION_ARGUMENTS == Traits::NO_REGION_ARGUMENTS.0);
    assert!(OMNIR_TRAIT_OPTIONAL_SYMBOL == Traits::OPTIONAL_SYMBOL.0);
};

// ---------------------------------------------------------------------------------------
// callback plumbing

/// Frees a callback's user data (see "Callbacks" in the module notes).
#[allow(non_camel_case_types)]
pub type omnir_free_user_data_fn = Option<unsafe extern "C" fn(user_data: *mut c_void)>;

/// A failure message being built by a callback; valid only during the callback that
/// received it. Set it with `omnir_callback_message_set`.
#[allow(non_camel_case_types)]
pub struct omnir_callback_message {
    pub(crate) magic: u64,
    pub(crate) text: Option<String>,
    /// Custom parsers: where in their text the problem is.
    pub(crate) offset: Option<usize>,
}

const MESSAGE_MAGIC: u64 = 0x6f6d_6e69_725f_636d; // "omnir_cm"

impl omnir_callback_message {
    pub(crate) fn new() -> omnir_callback_message {
        omnir_callback_message { magic: MESSAGE_MAGIC, text: None, offset: None }
    }

    /// Ends the message's validity (calls after the callback are refused) and takes its text.
    pub(crate) fn take_text(&mut self) -> Option<String> {
        self.magic = 0;
        self.text.take()
    }
}

/// Sets the failure message of the callback that received `message` (a later call replaces
/// an earlier one). The text (UTF-8) is copied. Only valid during that callback.
#[no_mangle]
pub extern "C" fn omnir_callback_message_set(
    message: *mut omnir_callback_message,
    text: *const c_char,
    text_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let m = message_arg(message)?;
        let text = str_arg(text, text_len, "message")?;
        m.text = Some(text.to_string());
        Ok(())
    })
}

/// For a custom parser (`omnir_params_parse_fn`, `omnir_dialect_parse_type_fn`,
/// `omnir_dialect_parse_attribute_fn`): the byte offset, in the text the parser was given,
/// where the problem is, so that the parse error points there (without it, the error points
/// at the symbol's mnemonic). Other callbacks ignore it. Only valid during the callback.
#[no_mangle]
pub extern "C" fn omnir_callback_message_set_offset(
    message: *mut omnir_callback_message,
    offset: usize,
) -> omnir_status {
    ffi_call(|| {
        let m = message_arg(message)?;
        m.offset = Some(offset);
        Ok(())
    })
}

/// Text being built by a custom printer (`omnir_params_print_fn`); valid only during the
/// callback that received it. Append to it with `omnir_string_builder_append`.
#[allow(non_camel_case_types)]
pub struct omnir_string_builder {
    magic: u64,
    text: String,
}

const BUILDER_MAGIC: u64 = 0x6f6d_6e69_725f_7362; // "omnir_sb"

/// Appends `text` (`text_len` bytes of UTF-8, copied) to the text a custom printer is
/// building. Only valid during the callback that received `builder`.
#[no_mangle]
pub extern "C" fn omnir_string_builder_append(
    builder: *mut omnir_string_builder,
    text: *const c_char,
    text_len: usize,
) -> omnir_status {
    ffi_call(|| {
        if builder.is_null() {
            return Err(ApiError::null("string builder"));
        }
        let text = str_arg(text, text_len, "text")?;
        // SAFETY: a non-NULL builder is the one omnir passed to the running callback, which
        // lives on omnir's stack for the duration of the callback (API contract); the magic
        // is read through the raw pointer first to catch some violations.
        if unsafe { std::ptr::addr_of!((*builder).magic).read_unaligned() } != BUILDER_MAGIC {
            return Err(invalid("not a live omnir string builder"));
        }
        // SAFETY: as above.
        let b = unsafe { &mut *builder };
        b.text.push_str(text);
        Ok(())
    })
}

fn message_arg<'a>(message: *mut omnir_callback_message) -> ApiResult<&'a mut omnir_callback_message> {
    if message.is_null() {
        return Err(ApiError::null("callback message"));
    }
    // SAFETY: a non-NULL message pointer is the one omnir passed to the running callback,
    // which lives on omnir's stack for the duration of the callback (API contract); the
    // magic is read through the raw pointer first to catch some violations.
    if unsafe { std::ptr::addr_of!((*message).magic).read_unaligned() } != MESSAGE_MAGIC {
        return Err(invalid("not a live omnir callback message"));
    }
    // SAFETY: as above.
    Ok(unsafe { &mut *message })
}

/// User data owned by omnir once a registration succeeds: freed (if the caller gave a free
/// function) when the last callback holding it is dropped, unless disarmed because the
/// registration failed.
pub(crate) struct UserData {
    pub(crate) ptr: *mut c_void,
    free: omnir_free_user_data_fn,
    armed: AtomicBool,
}

// SAFETY: omnir never dereferences `ptr`; it only hands it back to the caller's callbacks,
// which the API contract requires to be callable from any thread using the context (one at
// a time per context), and to `free`, called once.
unsafe impl Send for UserData {}
// SAFETY: as above; shared access only reads the pointer values.
unsafe impl Sync for UserData {}

impl Drop for UserData {
    fn drop(&mut self) {
        if let Some(free) = self.free {
            if self.armed.load(Ordering::Acquire) {
                // SAFETY: the caller gave `free` for `ptr` and ownership passed to omnir with
                // the successful registration; this is the only call (Drop runs once).
                unsafe { free(self.ptr) };
            }
        }
    }
}

/// The context pointer handed to callbacks, with the serial for building handles.
#[derive(Copy, Clone)]
pub(crate) struct CtxRef {
    raw: *mut omnir_context,
    serial: u32,
}

impl CtxRef {
    // Methods (not field accesses) so that closures capture the whole `Send + Sync` struct.
    pub(crate) fn ptr(&self) -> *mut omnir_context {
        self.raw
    }
    pub(crate) fn serial(&self) -> u32 {
        self.serial
    }
}

// SAFETY: the pointer is only passed back to C callbacks, which run under the context's lock
// while the context is alive (the callbacks are owned by the context's registry and dropped
// with it).
unsafe impl Send for CtxRef {}
// SAFETY: as above.
unsafe impl Sync for CtxRef {}

/// Collects the user data of one registration so that a failure can give it back.
pub(crate) struct Registration<'c> {
    pub(crate) ctx: CtxRef,
    cx: &'c omnir_context,
    owned: Vec<Arc<UserData>>,
}

impl<'c> Registration<'c> {
    pub(crate) fn new(cx: &'c omnir_context) -> Registration<'c> {
        let raw = cx as *const omnir_context as *mut omnir_context;
        Registration { ctx: CtxRef { raw, serial: cx.serial() }, cx, owned: Vec::new() }
    }

    pub(crate) fn own(&mut self, ptr: *mut c_void, free: omnir_free_user_data_fn) -> Arc<UserData> {
        let ud = Arc::new(UserData { ptr, free, armed: AtomicBool::new(true) });
        self.owned.push(ud.clone());
        ud
    }

    /// Ends the registration: on failure nothing of the caller's is freed.
    /// On success, a registration that handed over callbacks pins the context's callbacks
    /// to the calling thread (see `Context::callbacks_need_caller_thread`).
    pub(crate) fn finish<T>(self, result: ApiResult<T>) -> ApiResult<T> {
        if result.is_err() {
            for ud in &self.owned {
                ud.armed.store(false, Ordering::Release);
            }
        } else if !self.owned.is_empty() {
            self.cx.read(|c| {
                c.note_caller_thread_callbacks();
                Ok(())
            })?;
        }
        result
    }
}

fn str_field<'a>(data: *const c_char, len: usize, what: &str) -> ApiResult<&'a str> {
    str_arg(data, len, what)
}

fn ref_arg<'a, T>(p: *const T, what: &str) -> ApiResult<&'a T> {
    if p.is_null() {
        return Err(ApiError::null(what));
    }
    // SAFETY: a non-NULL pointer argument points at a valid, initialized T for the duration
    // of the call (API contract).
    Ok(unsafe { &*p })
}

// ---------------------------------------------------------------------------------------
// constraints

/// A C predicate on types: true when `ty` satisfies the constraint.
#[allow(non_camel_case_types)]
pub type omnir_type_predicate_fn =
    Option<unsafe extern "C" fn(user_data: *mut c_void, ctx: *mut omnir_context, ty: omnir_type) -> bool>;

/// A C predicate on attributes: true when `attr` satisfies the constraint.
#[allow(non_camel_case_types)]
pub type omnir_attribute_predicate_fn =
    Option<unsafe extern "C" fn(user_data: *mut c_void, ctx: *mut omnir_context, attr: omnir_attribute) -> bool>;

/// Values of `omnir_type_constraint::kind`.
#[allow(non_camel_case_types)]
pub type omnir_type_constraint_kind = u32;
/// Any type (a zeroed constraint).
pub const OMNIR_TYPE_CONSTRAINT_ANY: omnir_type_constraint_kind = 0;
/// Any integer type.
pub const OMNIR_TYPE_CONSTRAINT_ANY_INTEGER: omnir_type_constraint_kind = 1;
/// A signless integer of `width` bits.
pub const OMNIR_TYPE_CONSTRAINT_INTEGER: omnir_type_constraint_kind = 2;
/// A signless integer or `index`.
pub const OMNIR_TYPE_CONSTRAINT_SIGNLESS_INTEGER_OR_INDEX: omnir_type_constraint_kind = 3;
/// `index`.
pub const OMNIR_TYPE_CONSTRAINT_INDEX: omnir_type_constraint_kind = 4;
/// Any floating-point type.
pub const OMNIR_TYPE_CONSTRAINT_ANY_FLOAT: omnir_type_constraint_kind = 5;
/// The floating-point type of `ty`'s kind (`ty` is e.g. `f32`).
pub const OMNIR_TYPE_CONSTRAINT_FLOAT: omnir_type_constraint_kind = 6;
/// An integer or floating-point type.
pub const OMNIR_TYPE_CONSTRAINT_INTEGER_OR_FLOAT: omnir_type_constraint_kind = 7;
/// Any vector type.
pub const OMNIR_TYPE_CONSTRAINT_ANY_VECTOR: omnir_type_constraint_kind = 8;
/// Any tensor type (ranked or unranked).
pub const OMNIR_TYPE_CONSTRAINT_ANY_TENSOR: omnir_type_constraint_kind = 9;
/// Any memref type (ranked or unranked).
pub const OMNIR_TYPE_CONSTRAINT_ANY_MEMREF: omnir_type_constraint_kind = 10;
/// Any shaped type.
pub const OMNIR_TYPE_CONSTRAINT_ANY_SHAPED: omnir_type_constraint_kind = 11;
/// Exactly the type `ty`.
pub const OMNIR_TYPE_CONSTRAINT_EXACTLY: omnir_type_constraint_kind = 12;
/// Any of the `num_one_of` constraints at `one_of`.
pub const OMNIR_TYPE_CONSTRAINT_ONE_OF: omnir_type_constraint_kind = 13;
/// A type implementing the interface with TypeId `interface`.
pub const OMNIR_TYPE_CONSTRAINT_IMPLEMENTS: omnir_type_constraint_kind = 14;
/// `predicate(user_data, ctx, ty)`, described as `summary` in messages.
pub const OMNIR_TYPE_CONSTRAINT_PREDICATE: omnir_type_constraint_kind = 15;

/// A constraint on a type. `kind` says which fields are used; the others are ignored (a
/// zeroed struct is "any type").
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_type_constraint {
    pub kind: omnir_type_constraint_kind,
    /// `OMNIR_TYPE_CONSTRAINT_INTEGER`: the width.
    pub width: u32,
    /// `OMNIR_TYPE_CONSTRAINT_EXACTLY` and `OMNIR_TYPE_CONSTRAINT_FLOAT`: the type.
    pub ty: omnir_type,
    /// `OMNIR_TYPE_CONSTRAINT_IMPLEMENTS`: the interface's TypeId.
    pub interface: u32,
    /// `OMNIR_TYPE_CONSTRAINT_ONE_OF`: the alternatives.
    pub one_of: *const omnir_type_constraint,
    pub num_one_of: usize,
    /// `OMNIR_TYPE_CONSTRAINT_PREDICATE`: the predicate, its user data and how to free it.
    pub predicate: omnir_type_predicate_fn,
    pub user_data: *mut c_void,
    pub free_user_data: omnir_free_user_data_fn,
    /// `OMNIR_TYPE_CONSTRAINT_PREDICATE`: a description for messages ("vector of 4 f32").
    pub summary: *const c_char,
    pub summary_len: usize,
}

/// Values of `omnir_attribute_constraint::kind`.
#[allow(non_camel_case_types)]
pub type omnir_attribute_constraint_kind = u32;
/// Any attribute (a zeroed constraint).
pub const OMNIR_ATTR_CONSTRAINT_ANY: omnir_attribute_constraint_kind = 0;
pub const OMNIR_ATTR_CONSTRAINT_UNIT: omnir_attribute_constraint_kind = 1;
pub const OMNIR_ATTR_CONSTRAINT_BOOL: omnir_attribute_constraint_kind = 2;
pub const OMNIR_ATTR_CONSTRAINT_INTEGER: omnir_attribute_constraint_kind = 3;
pub const OMNIR_ATTR_CONSTRAINT_FLOAT: omnir_attribute_constraint_kind = 4;
pub const OMNIR_ATTR_CONSTRAINT_STRING: omnir_attribute_constraint_kind = 5;
pub const OMNIR_ATTR_CONSTRAINT_TYPE: omnir_attribute_constraint_kind = 6;
pub const OMNIR_ATTR_CONSTRAINT_ARRAY: omnir_attribute_constraint_kind = 7;
pub const OMNIR_ATTR_CONSTRAINT_DICTIONARY: omnir_attribute_constraint_kind = 8;
pub const OMNIR_ATTR_CONSTRAINT_SYMBOL_REF: omnir_attribute_constraint_kind = 9;
/// A symbol reference without nested references (`@name`).
pub const OMNIR_ATTR_CONSTRAINT_FLAT_SYMBOL_REF: omnir_attribute_constraint_kind = 10;
/// An integer attribute of exactly the type `ty`.
pub const OMNIR_ATTR_CONSTRAINT_TYPED_INTEGER: omnir_attribute_constraint_kind = 11;
/// `predicate(user_data, ctx, attr)`, described as `summary` in messages.
pub const OMNIR_ATTR_CONSTRAINT_PREDICATE: omnir_attribute_constraint_kind = 12;

/// A constraint on an attribute. `kind` says which fields are used (a zeroed struct is "any
/// attribute").
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_attribute_constraint {
    pub kind: omnir_attribute_constraint_kind,
    /// `OMNIR_ATTR_CONSTRAINT_TYPED_INTEGER`: the integer type.
    pub ty: omnir_type,
    /// `OMNIR_ATTR_CONSTRAINT_PREDICATE`: the predicate, its user data and how to free it.
    pub predicate: omnir_attribute_predicate_fn,
    pub user_data: *mut c_void,
    pub free_user_data: omnir_free_user_data_fn,
    /// `OMNIR_ATTR_CONSTRAINT_PREDICATE`: a description for messages.
    pub summary: *const c_char,
    pub summary_len: usize,
}

/// How deeply `OMNIR_TYPE_CONSTRAINT_ONE_OF` may nest (guards against cycles).
const MAX_CONSTRAINT_DEPTH: u32 = 32;

fn summary_arg(data: *const c_char, len: usize, fallback: &str) -> ApiResult<String> {
    let s = str_field(data, len, "constraint summary")?;
    Ok(if s.is_empty() { fallback.to_string() } else { s.to_string() })
}

fn type_constraint_in(
    reg: &mut Registration,
    cx: &omnir_context,
    c: &Context,
    tc: &omnir_type_constraint,
    depth: u32,
) -> ApiResult<TypeConstraint> {
    if depth > MAX_CONSTRAINT_DEPTH {
        return Err(invalid("type constraints nest too deeply (is there a cycle?)"));
    }
    Ok(match tc.kind {
        OMNIR_TYPE_CONSTRAINT_ANY => TypeConstraint::Any,
        OMNIR_TYPE_CONSTRAINT_ANY_INTEGER => TypeConstraint::AnyInteger,
        OMNIR_TYPE_CONSTRAINT_INTEGER => TypeConstraint::Integer(tc.width),
        OMNIR_TYPE_CONSTRAINT_SIGNLESS_INTEGER_OR_INDEX => TypeConstraint::SignlessIntegerOrIndex,
        OMNIR_TYPE_CONSTRAINT_INDEX => TypeConstraint::Index,
        OMNIR_TYPE_CONSTRAINT_ANY_FLOAT => TypeConstraint::AnyFloat,
        OMNIR_TYPE_CONSTRAINT_FLOAT => {
            let t = cx.type_in(c, tc.ty)?;
            match c.type_kind(t) {
                TypeKind::Float(k) => TypeConstraint::Float(*k),
                _ => return Err(invalid("a FLOAT type constraint needs a floating-point type in 'ty'")),
            }
        }
        OMNIR_TYPE_CONSTRAINT_INTEGER_OR_FLOAT => TypeConstraint::IntegerOrFloat,
        OMNIR_TYPE_CONSTRAINT_ANY_VECTOR => TypeConstraint::AnyVector,
        OMNIR_TYPE_CONSTRAINT_ANY_TENSOR => TypeConstraint::AnyTensor,
        OMNIR_TYPE_CONSTRAINT_ANY_MEMREF => TypeConstraint::AnyMemRef,
        OMNIR_TYPE_CONSTRAINT_ANY_SHAPED => TypeConstraint::AnyShaped,
        OMNIR_TYPE_CONSTRAINT_EXACTLY => TypeConstraint::Exactly(cx.type_in(c, tc.ty)?),
        OMNIR_TYPE_CONSTRAINT_ONE_OF => {
            let alternatives = slice_arg(tc.one_of, tc.num_one_of, "one_of constraints")?;
            if alternatives.is_empty() {
                return Err(invalid("a ONE_OF type constraint needs at least one alternative"));
            }
            TypeConstraint::OneOf(
                alternatives
                    .iter()
                    .map(|a| type_constraint_in(reg, cx, c, a, depth + 1))
                    .collect::<ApiResult<Vec<_>>>()?,
            )
        }
        OMNIR_TYPE_CONSTRAINT_IMPLEMENTS => TypeConstraint::Implements(typeid_arg(tc.interface)?),
        OMNIR_TYPE_CONSTRAINT_PREDICATE => {
            let f = tc.predicate.ok_or_else(|| ApiError::null("type constraint predicate"))?;
            let summary = summary_arg(tc.summary, tc.summary_len, "type satisfying a custom predicate")?;
            let ud = reg.own(tc.user_data, tc.free_user_data);
            let ctx = reg.ctx;
            TypeConstraint::Custom {
                summary,
                predicate: Arc::new(move |c: &Context, ty: Type| {
                    let h = omnir_type { context: ctx.serial(), id: ty.to_raw() };
                    // SAFETY: `f` and its user data come from the caller, who guarantees the
                    // predicate may be called with them under the context's lock (module
                    // notes); `ctx.ptr` is the live context that owns this predicate.
                    in_callback(ctx.serial(), c, || unsafe { f(ud.ptr, ctx.ptr(), h) })
                }),
            }
        }
        k => return Err(invalid(format!("unknown type constraint kind {k}"))),
    })
}

fn attr_constraint_in(
    reg: &mut Registration,
    cx: &omnir_context,
    c: &Context,
    ac: &omnir_attribute_constraint,
) -> ApiResult<AttrConstraint> {
    Ok(match ac.kind {
        OMNIR_ATTR_CONSTRAINT_ANY => AttrConstraint::Any,
        OMNIR_ATTR_CONSTRAINT_UNIT => AttrConstraint::Unit,
        OMNIR_ATTR_CONSTRAINT_BOOL => AttrConstraint::Bool,
        OMNIR_ATTR_CONSTRAINT_INTEGER => AttrConstraint::Integer,
        OMNIR_ATTR_CONSTRAINT_FLOAT => AttrConstraint::Float,
        OMNIR_ATTR_CONSTRAINT_STRING => AttrConstraint::String,
        OMNIR_ATTR_CONSTRAINT_TYPE => AttrConstraint::Type,
        OMNIR_ATTR_CONSTRAINT_ARRAY => AttrConstraint::Array,
        OMNIR_ATTR_CONSTRAINT_DICTIONARY => AttrConstraint::Dictionary,
        OMNIR_ATTR_CONSTRAINT_SYMBOL_REF => AttrConstraint::SymbolRef,
        OMNIR_ATTR_CONSTRAINT_FLAT_SYMBOL_REF => AttrConstraint::FlatSymbolRef,
        OMNIR_ATTR_CONSTRAINT_TYPED_INTEGER => AttrConstraint::TypedInteger(cx.type_in(c, ac.ty)?),
        OMNIR_ATTR_CONSTRAINT_PREDICATE => {
            let f = ac.predicate.ok_or_else(|| ApiError::null("attribute constraint predicate"))?;
            let summary = summary_arg(ac.summary, ac.summary_len, "attribute satisfying a custom predicate")?;
            let ud = reg.own(ac.user_data, ac.free_user_data);
            let ctx = reg.ctx;
            AttrConstraint::Custom {
                summary,
                predicate: Arc::new(move |c: &Context, attr: Attribute| {
                    let h = omnir_attribute { context: ctx.serial(), id: attr.to_raw() };
                    // SAFETY: as for type predicates (see `type_constraint_in`).
                    in_callback(ctx.serial(), c, || unsafe { f(ud.ptr, ctx.ptr(), h) })
                }),
            }
        }
        k => return Err(invalid(format!("unknown attribute constraint kind {k}"))),
    })
}

// ---------------------------------------------------------------------------------------
// interfaces

/// An implementation of an interface by C code: an opaque table of function pointers
/// (`vtable`, whose layout the interface defines) and the user data its methods take.
/// Other languages get both back from `omnir_type_get_interface` and friends, and call the
/// methods themselves. `vtable` must stay valid as long as the context.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_interface_impl {
    /// The interface's TypeId (`omnir_typeid_get("builtin.MemRefElementTypeInterface")`).
    pub interface: u32,
    /// The method table; may be NULL for a marker interface without methods.
    pub vtable: *const c_void,
    pub user_data: *mut c_void,
    pub free_user_data: omnir_free_user_data_fn,
}

/// What the core stores for an interface implemented in C.
struct CInterface {
    vtable: *const c_void,
    user_data: Arc<UserData>,
}

// SAFETY: the vtable pointer is never dereferenced by omnir, only handed back to callers;
// the user data is covered by the callback contract (module notes).
unsafe impl Send for CInterface {}
// SAFETY: as above.
unsafe impl Sync for CInterface {}

fn interface_in(reg: &mut Registration, i: &omnir_interface_impl) -> ApiResult<InterfaceImpl> {
    let interface = typeid_arg(i.interface)?;
    let ud = reg.own(i.user_data, i.free_user_data);
    Ok(InterfaceImpl { interface, methods: Arc::new(CInterface { vtable: i.vtable, user_data: ud }) })
}

fn interfaces_in(
    reg: &mut Registration,
    items: *const omnir_interface_impl,
    count: usize,
) -> ApiResult<Vec<InterfaceImpl>> {
    let items = slice_arg(items, count, "interfaces")?;
    let mut out: Vec<InterfaceImpl> = Vec::with_capacity(items.len());
    for i in items {
        let imp = interface_in(reg, i)?;
        if out.iter().any(|o| o.interface == imp.interface) {
            return Err(invalid(format!("interface {} is listed twice", imp.interface.name())));
        }
        out.push(imp);
    }
    Ok(out)
}

/// Writes an implementation's vtable and user data (NULL for a native implementation).
fn write_interface(imp: Option<&InterfaceImpl>, vtable: *mut *const c_void, user_data: *mut *mut c_void) -> ApiResult {
    let (v, u) = match imp.and_then(|i| i.methods.downcast_ref::<CInterface>()) {
        Some(ci) => (ci.vtable, ci.user_data.ptr),
        None => (std::ptr::null(), std::ptr::null_mut()),
    };
    write_opt(vtable, v)?;
    write_opt(user_data, u)
}

fn not_implemented(what: &str, iface: TypeId) -> ApiError {
    ApiError::new(omnir_status::OMNIR_ERROR_NOT_REGISTERED, format!("{what} does not implement {}", iface.name()))
}

/// The implementation of the interface `interface_id` (a TypeId) for `ty`: its vtable and user data (either out-pointer
/// may be NULL), so that the caller can call methods implemented in C. Both are NULL when
/// the type implements the interface natively (builtin types, Rust implementations).
/// `OMNIR_ERROR_NOT_REGISTERED` when the type does not implement it.
#[no_mangle]
pub extern "C" fn omnir_type_get_interface(
    ctx: *const omnir_context,
    ty: omnir_type,
    interface_id: u32,
    vtable: *mut *const c_void,
    user_data: *mut *mut c_void,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let iface = typeid_arg(interface_id)?;
        cx.read(|c| {
            let t = cx.type_in(c, ty)?;
            if !c.type_implements(t, iface) {
                return Err(not_implemented(&format!("type {}", c.type_summary(t)), iface));
            }
            write_interface(c.type_interface(t, iface), vtable, user_data)
        })
    })
}

/// The implementation of the interface `interface_id` for `attr` (see `omnir_type_get_interface`).
#[no_mangle]
pub extern "C" fn omnir_attribute_get_interface(
    ctx: *const omnir_context,
    attr: omnir_attribute,
    interface_id: u32,
    vtable: *mut *const c_void,
    user_data: *mut *mut c_void,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let iface = typeid_arg(interface_id)?;
        cx.read(|c| {
            let a = cx.attr_in(c, attr)?;
            if !c.attr_implements(a, iface) {
                return Err(not_implemented("the attribute", iface));
            }
            write_interface(c.attr_interface(a, iface), vtable, user_data)
        })
    })
}

/// Whether the operation `op` implements the interface `interface_id` (through its registered definition or
/// an external model attached to its name's TypeId).
#[no_mangle]
pub extern "C" fn omnir_op_implements_interface(
    ctx: *const omnir_context,
    op: omnir_op,
    interface_id: u32,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let iface = typeid_arg(interface_id)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.op_interface(c.op_name(op)?, iface).is_some()))?;
        write_out(out, r)
    })
}

/// The implementation of the interface `interface_id` for the operation `op` (see
/// `omnir_type_get_interface`).
#[no_mangle]
pub extern "C" fn omnir_op_get_interface(
    ctx: *const omnir_context,
    op: omnir_op,
    interface_id: u32,
    vtable: *mut *const c_void,
    user_data: *mut *mut c_void,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let iface = typeid_arg(interface_id)?;
        let op = cx.op_in(op)?;
        cx.read(|c| {
            let name = c.op_name(op)?;
            match c.op_interface(name, iface) {
                Some(imp) => write_interface(Some(imp), vtable, user_data),
                None => Err(not_implemented(&format!("operation '{name}'"), iface)),
            }
        })
    })
}

/// Attaches an implementation of an interface to an existing kind, named by its TypeId
/// (`builtin.integer`, `mydialect.mytype`, `#mydialect.myattr`, or an operation name), like
/// MLIR's external models. An earlier attachment of the same interface to the same kind is
/// replaced, and its user data freed. On error nothing changes and the caller keeps its
/// user data.
#[no_mangle]
pub extern "C" fn omnir_context_attach_interface(
    ctx: *mut omnir_context,
    kind: u32,
    implementation: *const omnir_interface_impl,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let imp = ref_arg(implementation, "interface implementation")?;
        let mut reg = Registration::new(cx);
        let result = (|| {
            let kind = typeid_arg(kind)?;
            let imp = interface_in(&mut reg, imp)?;
            cx.write(|c| {
                c.attach_interface(kind, imp);
                Ok(())
            })
        })();
        reg.finish(result)
    })
}

// ---------------------------------------------------------------------------------------
// dialects and operations

/// Registers a dialect, or updates the settings of a registered one. With
/// `allow_unknown_operations`, operations of the dialect that are not registered are
/// accepted by the verifier (MLIR's `allowUnknownOperations`).
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, and
/// `OMNIR_ERROR_INVALID_ARGUMENT` for a name that is not a valid namespace (MLIR's
/// `Dialect::isValidNamespace`: a letter or `_`, then letters, digits, `_` or `$`).
#[no_mangle]
pub extern "C" fn omnir_dialect_register(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    allow_unknown_operations: bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "dialect name")?;
        if !crate::dialect::is_valid_dialect_namespace(name) {
            return Err(crate::dialect::invalid_dialect_namespace(name).into());
        }
        cx.write(|c| {
            c.register_dialect(DialectDef { name: name.to_string(), allow_unknown_operations, enums: Vec::new() });
            Ok(())
        })
    })
}

/// Whether a dialect of this name is registered.
#[no_mangle]
pub extern "C" fn omnir_dialect_is_registered(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "dialect name")?;
        let r = cx.read(|c| Ok(c.is_dialect_registered(name)))?;
        write_out(out, r)
    })
}

/// Whether the registered dialect `name` accepts unknown operations
/// (`OMNIR_ERROR_NOT_REGISTERED` if it is not registered).
#[no_mangle]
pub extern "C" fn omnir_dialect_get_allow_unknown_operations(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "dialect name")?;
        let r = cx.read(|c| {
            c.dialect(name).map(|d| d.allow_unknown_operations).ok_or_else(|| {
                ApiError::new(omnir_status::OMNIR_ERROR_NOT_REGISTERED, format!("dialect '{name}' is not registered"))
            })
        })?;
        write_out(out, r)
    })
}

/// Whether an operation of this name (`"dialect.op"`) is registered.
#[no_mangle]
pub extern "C" fn omnir_dialect_is_operation_registered(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "operation name")?;
        let r = cx.read(|c| Ok(c.operation_def(name).is_some()))?;
        write_out(out, r)
    })
}

/// Values of `omnir_value_spec::arity`.
#[allow(non_camel_case_types)]
pub type omnir_arity = u32;
/// Exactly one value.
pub const OMNIR_ARITY_SINGLE: omnir_arity = 0;
/// Zero or one value.
pub const OMNIR_ARITY_OPTIONAL: omnir_arity = 1;
/// Any number of values.
pub const OMNIR_ARITY_VARIADIC: omnir_arity = 2;

/// One operand or result group of an operation signature.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_value_spec {
    pub name: *const c_char,
    pub name_len: usize,
    pub arity: omnir_arity,
    pub constraint: omnir_type_constraint,
}

/// An inherent attribute of an operation.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_attribute_spec {
    pub name: *const c_char,
    pub name_len: usize,
    pub optional: bool,
    pub constraint: omnir_attribute_constraint,
}

/// An operation verifier: returns `OMNIR_OK` (0) when `op` is valid, anything else when it
/// is not, after describing the problem with `omnir_callback_message_set(message, ...)`.
/// The message becomes an error diagnostic at the op (`'dialect.op' op <message>`). It runs
/// after the checks that the definition implies (counts, constraints, traits).
#[allow(non_camel_case_types)]
pub type omnir_op_verify_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        op: omnir_op,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A runtime operation definition (the data of MLIR's ODS). Zero-initialize it and fill in
/// what the operation needs.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_op_definition {
    /// `dialect.op`; the dialect must be registered.
    pub name: *const c_char,
    pub name_len: usize,
    /// A one-line description (may be empty).
    pub summary: *const c_char,
    pub summary_len: usize,
    pub operands: *const omnir_value_spec,
    pub num_operands: usize,
    pub results: *const omnir_value_spec,
    pub num_results: usize,
    pub attributes: *const omnir_attribute_spec,
    pub num_attributes: usize,
    pub num_regions: usize,
    /// Extra regions beyond `num_regions` are allowed.
    pub variadic_regions: bool,
    pub num_successors: usize,
    /// Extra successors beyond `num_successors` are allowed.
    pub variadic_successors: bool,
    /// `OMNIR_TRAIT_*` flags.
    pub traits: u32,
    pub interfaces: *const omnir_interface_impl,
    pub num_interfaces: usize,
    /// MLIR's `SingleBlockImplicitTerminator<"name">`: the terminator every region's single
    /// block ends with; empty for none.
    pub implicit_terminator: *const c_char,
    pub implicit_terminator_len: usize,
    /// MLIR's `BranchOpInterface` for the verifier: successor `i` receives operand group
    /// `branch_first_operand_group + i` (0 for a `cf.br`-like op, 1 for `cf.cond_br`).
    pub is_branch: bool,
    pub branch_first_operand_group: usize,
    /// The verifier callback (may be NULL), its user data and how to free it.
    pub verify: omnir_op_verify_fn,
    pub verify_user_data: *mut c_void,
    pub free_verify_user_data: omnir_free_user_data_fn,
}

fn value_specs_in(
    reg: &mut Registration,
    cx: &omnir_context,
    c: &Context,
    items: *const omnir_value_spec,
    count: usize,
    what: &str,
) -> ApiResult<Vec<ValueSpec>> {
    slice_arg(items, count, what)?
        .iter()
        .map(|s| {
            let name = str_field(s.name, s.name_len, "operand or result group name")?;
            let arity = match s.arity {
                OMNIR_ARITY_SINGLE => Arity::Single,
                OMNIR_ARITY_OPTIONAL => Arity::Optional,
                OMNIR_ARITY_VARIADIC => Arity::Variadic,
                a => return Err(invalid(format!("unknown arity {a} for group '{name}'"))),
            };
            let constraint = type_constraint_in(reg, cx, c, &s.constraint, 0)?;
            Ok(ValueSpec { name: name.to_string(), constraint, arity })
        })
        .collect()
}

/// An op verifier that calls a C callback (`omnir_op_verify_fn`) with its user data, which
/// the registration takes over: a non-zero status fails with the callback's message.
pub(crate) fn c_op_verifier(
    reg: &mut Registration,
    f: unsafe extern "C" fn(*mut c_void, *mut omnir_context, omnir_op, *mut omnir_callback_message) -> u32,
    user_data: *mut c_void,
    free_user_data: omnir_free_user_data_fn,
) -> crate::dialect::OpVerifier {
    let ud = reg.own(user_data, free_user_data);
    let ctx = reg.ctx;
    Arc::new(move |c: &Context, op: OpId| {
        let (index, generation) = op.to_raw();
        let h = omnir_op { context: ctx.serial(), index, generation };
        let mut message = omnir_callback_message::new();
        // SAFETY: `f` and its user data come from the caller, who guarantees the verifier
        // may be called with them under the context's lock (module notes); `ctx.ptr` is
        // the live context that owns this verifier; `message` outlives the call.
        let status = in_callback(ctx.serial(), c, || unsafe { f(ud.ptr, ctx.ptr(), h, &mut message) });
        if status == omnir_status::OMNIR_OK as u32 {
            Ok(())
        } else {
            Err(message.take_text().unwrap_or_else(|| format!("failed its verifier callback (status {status})")))
        }
    })
}

fn op_def_in(reg: &mut Registration, cx: &omnir_context, c: &Context, d: &omnir_op_definition) -> ApiResult<OpDef> {
    let name = str_field(d.name, d.name_len, "operation name")?;
    let mut def = OpDef::new(name);
    def.summary = str_field(d.summary, d.summary_len, "summary")?.to_string();
    def.operands = value_specs_in(reg, cx, c, d.operands, d.num_operands, "operands")?;
    def.results = value_specs_in(reg, cx, c, d.results, d.num_results, "results")?;
    let attrs = slice_arg(d.attributes, d.num_attributes, "attributes")?;
    for a in attrs {
        let aname = str_field(a.name, a.name_len, "attribute name")?;
        if aname.is_empty() {
            return Err(invalid("attribute name must not be empty"));
        }
        let constraint = attr_constraint_in(reg, cx, c, &a.constraint)?;
        def.attributes.push(AttrSpec { name: aname.to_string(), constraint, optional: a.optional });
    }
    def.num_regions = d.num_regions;
    def.variadic_regions = d.variadic_regions;
    def.num_successors = d.num_successors;
    def.variadic_successors = d.variadic_successors;
    if d.traits & !ALL_TRAITS != 0 {
        return Err(invalid(format!("unknown trait bits {:#x}", d.traits & !ALL_TRAITS)));
    }
    def.traits = Traits(d.traits);
    def.interfaces = interfaces_in(reg, d.interfaces, d.num_interfaces)?;
    let terminator = str_field(d.implicit_terminator, d.implicit_terminator_len, "implicit terminator")?;
    let mut add_builtin = |imp: InterfaceImpl| {
        if def.interfaces.iter().any(|i| i.interface == imp.interface) {
            return Err(invalid(format!("interface {} is listed twice", imp.interface.name())));
        }
        def.interfaces.push(imp);
        Ok(())
    };
    if !terminator.is_empty() {
        add_builtin(SingleBlockImplicitTerminator::of(terminator))?;
    }
    if d.is_branch {
        add_builtin(BranchOpInterface::operand_groups(d.branch_first_operand_group))?;
    }
    if let Some(f) = d.verify {
        def.verify = Some(c_op_verifier(reg, f, d.verify_user_data, d.free_verify_user_data));
    } else if !d.verify_user_data.is_null() && d.free_verify_user_data.is_some() {
        return Err(invalid("verify_user_data with a free function but no verify callback"));
    }
    Ok(def)
}

/// Registers an operation of a registered dialect from its definition. Registering a name
/// twice is `OMNIR_ERROR_ALREADY_EXISTS` (definitions are not replaced). On error nothing
/// is registered and the caller keeps its user data; on success omnir owns it (module notes).
#[no_mangle]
pub extern "C" fn omnir_dialect_register_operation(
    ctx: *mut omnir_context,
    definition: *const omnir_op_definition,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let d = ref_arg(definition, "operation definition")?;
        let mut reg = Registration::new(cx);
        let result = cx.write(|c| {
            let def = op_def_in(&mut reg, cx, c, d)?;
            Ok(c.register_operation(def)?)
        });
        reg.finish(result)
    })
}

// ---------------------------------------------------------------------------------------
// types and attributes

/// A parameters verifier for a dialect type or attribute: returns `OMNIR_OK` (0) when the
/// `num_params` parameters at `params` are valid, anything else (after
/// `omnir_callback_message_set`) when not. It runs each time an instance is built.
#[allow(non_camel_case_types)]
pub type omnir_params_verify_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        params: *const omnir_attribute,
        num_params: usize,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A runtime type (or attribute) definition: `dialect.name` with named parameters (each an
/// attribute), an optional parameters verifier, and the interfaces it implements.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_type_definition {
    /// A registered dialect.
    pub dialect: *const c_char,
    pub dialect_len: usize,
    /// The name within the dialect (non-empty).
    pub name: *const c_char,
    pub name_len: usize,
    /// The parameter names.
    pub params: *const omnir_string_view,
    pub num_params: usize,
    pub verify: omnir_params_verify_fn,
    pub verify_user_data: *mut c_void,
    pub free_verify_user_data: omnir_free_user_data_fn,
    pub interfaces: *const omnir_interface_impl,
    pub num_interfaces: usize,
}

/// An attribute definition has the same shape as a type definition.
#[allow(non_camel_case_types)]
pub type omnir_attribute_definition = omnir_type_definition;

type KindParts<'a> = (&'a str, &'a str, Vec<ParamSpec>, Option<crate::dialect::ParamsVerifier>, Vec<InterfaceImpl>);

fn kind_def_in<'a>(reg: &mut Registration, d: &'a omnir_type_definition) -> ApiResult<KindParts<'a>> {
    let dialect = str_field(d.dialect, d.dialect_len, "dialect name")?;
    let name = str_field(d.name, d.name_len, "name")?;
    let params = slice_arg(d.params, d.num_params, "parameter names")?
        .iter()
        .map(|p| Ok(ParamSpec::named(str_field(p.data, p.len, "parameter name")?)))
        .collect::<ApiResult<Vec<_>>>()?;
    let interfaces = interfaces_in(reg, d.interfaces, d.num_interfaces)?;
    let verify: Option<crate::dialect::ParamsVerifier> = match d.verify {
        Some(f) => {
            let ud = reg.own(d.verify_user_data, d.free_verify_user_data);
            let ctx = reg.ctx;
            Some(Arc::new(move |c: &Context, params: &[Attribute]| {
                let handles: Vec<omnir_attribute> =
                    params.iter().map(|a| omnir_attribute { context: ctx.serial(), id: a.to_raw() }).collect();
                let mut message = omnir_callback_message::new();
                // SAFETY: as for operation verifiers (see `op_def_in`); `handles` outlives
                // the call.
                let status = in_callback(ctx.serial(), c, || unsafe {
                    f(ud.ptr, ctx.ptr(), handles.as_ptr(), handles.len(), &mut message)
                });
                if status == omnir_status::OMNIR_OK as u32 {
                    Ok(())
                } else {
                    message.magic = 0;
                    Err(message.text.unwrap_or_else(|| format!("parameters verifier failed (status {status})")))
                }
            }))
        }
        None => {
            if !d.verify_user_data.is_null() && d.free_verify_user_data.is_some() {
                return Err(invalid("verify_user_data with a free function but no verify callback"));
            }
            None
        }
    };
    Ok((dialect, name, params, verify, interfaces))
}

/// Registers a type `dialect.name` and writes its definition id to `*out`. Instances are
/// built with `omnir_dialect_type_get`; its TypeId is that of `"dialect.name"`. A taken name
/// is `OMNIR_ERROR_ALREADY_EXISTS`. On error nothing is registered and the caller keeps its
/// user data.
#[no_mangle]
pub extern "C" fn omnir_dialect_register_type(
    ctx: *mut omnir_context,
    definition: *const omnir_type_definition,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let d = ref_arg(definition, "type definition")?;
        let mut reg = Registration::new(cx);
        let result = (|| {
            let (dialect, name, params, verify, interfaces) = kind_def_in(&mut reg, d)?;
            cx.write(|c| Ok(c.register_type(dialect, name, params, verify, interfaces)?))
        })();
        let id = reg.finish(result)?;
        write_out(out, id.to_raw())
    })
}

/// Registers an attribute `#dialect.name` and writes its definition id to `*out`. Its
/// TypeId is that of `"#dialect.name"`. See `omnir_dialect_register_type`.
#[no_mangle]
pub extern "C" fn omnir_dialect_register_attribute(
    ctx: *mut omnir_context,
    definition: *const omnir_attribute_definition,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let d = ref_arg(definition, "attribute definition")?;
        let mut reg = Registration::new(cx);
        let result = (|| {
            let (dialect, name, params, verify, interfaces) = kind_def_in(&mut reg, d)?;
            cx.write(|c| Ok(c.register_attribute(dialect, name, params, verify, interfaces)?))
        })();
        let id = reg.finish(result)?;
        write_out(out, id.to_raw())
    })
}

fn type_def_arg(c: &Context, raw: u32) -> ApiResult<TypeDefId> {
    let id = TypeDefId(raw);
    c.type_def(id).map_err(|_| invalid(format!("unknown type definition id {raw}")))?;
    Ok(id)
}

fn attr_def_arg(c: &Context, raw: u32) -> ApiResult<AttrDefId> {
    let id = AttrDefId(raw);
    c.attr_def(id).map_err(|_| invalid(format!("unknown attribute definition id {raw}")))?;
    Ok(id)
}

/// The definition id of the registered type `dialect.name` (`OMNIR_ERROR_NOT_REGISTERED`
/// if there is none). A kind of a shipped dialect the context has not loaded yet loads that
/// dialect.
#[no_mangle]
pub extern "C" fn omnir_dialect_lookup_type(
    ctx: *const omnir_context,
    qualified_name: *const c_char,
    qualified_name_len: usize,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(qualified_name, qualified_name_len, "type name")?;
        let id = match cx.read(|c| Ok(c.lookup_type_def(name)))? {
            Some(id) => id,
            // A shipped dialect loads the first time one of its kinds is asked for.
            None => cx.write(|c| {
                c.load_dialect_of_kind_name(name);
                c.lookup_type_def(name).ok_or_else(|| {
                    ApiError::new(omnir_status::OMNIR_ERROR_NOT_REGISTERED, format!("type '{name}' is not registered"))
                })
            })?,
        };
        write_out(out, id.to_raw())
    })
}

/// The definition id of the registered attribute `dialect.name` (without `#`); as
/// `omnir_dialect_lookup_type`, a shipped dialect's kind loads its dialect.
#[no_mangle]
pub extern "C" fn omnir_dialect_lookup_attribute(
    ctx: *const omnir_context,
    qualified_name: *const c_char,
    qualified_name_len: usize,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(qualified_name, qualified_name_len, "attribute name")?;
        let id = match cx.read(|c| Ok(c.lookup_attr_def(name)))? {
            Some(id) => id,
            // A shipped dialect loads the first time one of its kinds is asked for.
            None => cx.write(|c| {
                c.load_dialect_of_kind_name(name);
                c.lookup_attr_def(name).ok_or_else(|| {
                    ApiError::new(
                        omnir_status::OMNIR_ERROR_NOT_REGISTERED,
                        format!("attribute '{name}' is not registered"),
                    )
                })
            })?,
        };
        write_out(out, id.to_raw())
    })
}

/// Number of parameters a registered type (`is_attribute` false) or attribute definition
/// takes.
#[no_mangle]
pub extern "C" fn omnir_dialect_definition_get_num_params(
    ctx: *const omnir_context,
    definition: u32,
    is_attribute: bool,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let n = cx.read(|c| {
            Ok(if is_attribute {
                c.attr_def(attr_def_arg(c, definition)?)?.params.len()
            } else {
                c.type_def(type_def_arg(c, definition)?)?.params.len()
            })
        })?;
        write_out(out, n)
    })
}

/// The name of parameter `index` of a registered type or attribute definition (free it
/// with `omnir_string_free`).
#[no_mangle]
pub extern "C" fn omnir_dialect_definition_get_param_name(
    ctx: *const omnir_context,
    definition: u32,
    is_attribute: bool,
    index: usize,
    out: *mut super::omnir_string,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let name = cx.read(|c| {
            let def = if is_attribute {
                c.attr_def(attr_def_arg(c, definition)?)?
            } else {
                c.type_def(type_def_arg(c, definition)?)?
            };
            let p = def
                .params
                .get(index)
                .ok_or_else(|| crate::error::Error::out_of_range("parameter", index, def.params.len()))?;
            Ok(p.name.clone())
        })?;
        write_out(out, super::omnir_string::from_bytes(name.as_bytes()))
    })
}

// ---------------------------------------------------------------------------------------
// custom assembly

/// A custom parser of a dialect type's (or attribute's) parameters, MLIR's `Type::parse`:
/// `!dialect.mnemonic<...>` (or `!dialect<mnemonic<...>>`) of a registered kind calls it with
/// `text`, `text_len` the exact text after the mnemonic — `<...>` with its angle brackets,
/// or empty for a bare `!dialect.mnemonic` — followed by a NUL (not counted in `text_len`),
/// so C string functions work on it. The parser fills all `num_params` entries of `params`
/// (the kind's parameters, in order; they start zeroed) and returns `OMNIR_OK` (0). To
/// refuse the text it returns anything else after `omnir_callback_message_set` and,
/// optionally, `omnir_callback_message_set_offset` (the offset in `text` of the problem);
/// that becomes the parse error, at that place in the file. omnir then builds the instance
/// with the checked constructor, so the parameters verifier runs. The parser must account
/// for all of `text`; `omnir_type_parse_prefix` and `omnir_attribute_parse_prefix` parse
/// nested types and attributes.
#[allow(non_camel_case_types)]
pub type omnir_params_parse_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        text: *const c_char,
        text_len: usize,
        params: *mut omnir_attribute,
        num_params: usize,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A custom printer of a dialect type's (or attribute's) parameters, MLIR's `Type::print`:
/// appends the text that follows the mnemonic to `out` (`omnir_string_builder_append`) and
/// returns `OMNIR_OK` (0); it must be text the kind's parser reads back, not starting with an
/// identifier character (`[A-Za-z0-9_$.]`, which would read as part of the mnemonic). omnir
/// writes `!dialect.mnemonic` + text when that is simple enough for MLIR's pretty form
/// (nothing, or a `<...>` that ends the text, after the mnemonic), else
/// `!dialect<mnemonic` + text + `>`, as MLIR's `printDialectSymbol`. A printer that fails (any other status, explained with
/// `omnir_callback_message_set`) is reported as an error diagnostic and the default form
/// (`!dialect.mnemonic<p0, p1, ...>`) is printed instead.
#[allow(non_camel_case_types)]
pub type omnir_params_print_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        params: *const omnir_attribute,
        num_params: usize,
        out: *mut omnir_string_builder,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// The custom textual form of a dialect type or attribute: both callbacks are required, and
/// share `user_data` (freed with `free_user_data`, see "Callbacks" in the notes above).
///
/// Without a custom assembly a kind uses the default form: `!dialect.mnemonic` when it has no
/// parameters, else `!dialect.mnemonic<p0, p1, ...>`, each parameter spelled as an attribute
/// (`i64` integers and `f64` floats without their type).
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_custom_assembly {
    pub parse: omnir_params_parse_fn,
    pub print: omnir_params_print_fn,
    pub user_data: *mut c_void,
    pub free_user_data: omnir_free_user_data_fn,
}

/// A dialect's fallback type parser, MLIR's `Dialect::parseType`: asked for `!dialect.x...`
/// when no type `x` is registered in the dialect, with `text`, `text_len` the whole symbol
/// text after `!dialect.` (mnemonic included, NUL-terminated). It writes the type to `*out`
/// (usually built with `omnir_dialect_type_get`) and returns `OMNIR_OK`, or fails as an
/// `omnir_params_parse_fn` does.
#[allow(non_camel_case_types)]
pub type omnir_dialect_parse_type_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        text: *const c_char,
        text_len: usize,
        out: *mut omnir_type,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A dialect's fallback attribute parser, MLIR's `Dialect::parseAttribute`: like
/// `omnir_dialect_parse_type_fn`, with `ty` the type written after the attribute
/// (`#dialect.x<...> : i32`), or the zeroed handle when there is none.
#[allow(non_camel_case_types)]
pub type omnir_dialect_parse_attribute_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        text: *const c_char,
        text_len: usize,
        ty: omnir_type,
        out: *mut omnir_attribute,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A dialect's fallback parsers (either may be NULL, not both), sharing `user_data`.
/// Instances they build print through their kinds' own assembly.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_dialect_assembly {
    pub parse_type: omnir_dialect_parse_type_fn,
    pub parse_attribute: omnir_dialect_parse_attribute_fn,
    pub user_data: *mut c_void,
    pub free_user_data: omnir_free_user_data_fn,
}

/// The text handed to a C parser: a copy with a NUL after it.
fn nul_terminated(text: &str) -> Vec<u8> {
    let mut buf = Vec::with_capacity(text.len() + 1);
    buf.extend_from_slice(text.as_bytes());
    buf.push(0);
    buf
}

fn parse_failure(message: omnir_callback_message, status: u32, what: &str) -> AsmError {
    AsmError {
        message: message.text.unwrap_or_else(|| format!("{what} failed (status {status})")),
        offset: message.offset,
    }
}

fn custom_assembly_in(
    reg: &mut Registration,
    a: &omnir_custom_assembly,
    def: &TypeDef,
    sigil: char,
) -> ApiResult<CustomAssembly> {
    let parse = a.parse.ok_or_else(|| ApiError::null("custom assembly parse callback"))?;
    let print = a.print.ok_or_else(|| ApiError::null("custom assembly print callback"))?;
    let ud = reg.own(a.user_data, a.free_user_data);
    let ctx = reg.ctx;
    let names: Vec<String> = def.params.iter().map(|p| p.name.clone()).collect();
    let symbol = format!("{sigil}{}", def.qualified_name);
    let parse_ud = ud.clone();
    let parse_symbol = symbol.clone();
    let parser = move |c: &Context, text: &str| -> Result<Vec<Attribute>, AsmError> {
        let mut out = vec![omnir_attribute::default(); names.len()];
        let buf = nul_terminated(text);
        let mut message = omnir_callback_message::new();
        // SAFETY: `parse` and its user data come from the caller, who guarantees they may be
        // called under the context's lock (module notes); `ctx.ptr` is the live context that
        // owns this parser; `buf`, `out` and `message` outlive the call.
        let status = in_callback(ctx.serial(), c, || unsafe {
            parse(parse_ud.ptr, ctx.ptr(), buf.as_ptr().cast(), text.len(), out.as_mut_ptr(), out.len(), &mut message)
        });
        message.magic = 0;
        if status != omnir_status::OMNIR_OK as u32 {
            return Err(parse_failure(message, status, &format!("the custom parser of '{parse_symbol}'")));
        }
        out.iter()
            .zip(&names)
            .map(|(h, name)| {
                callback_attr(ctx.serial(), c, *h).map_err(|why| {
                    AsmError::new(format!("the custom parser of '{parse_symbol}' {why} for parameter '{name}'"))
                })
            })
            .collect()
    };
    let printer = move |c: &Context, params: &[Attribute]| -> Result<String, String> {
        let handles: Vec<omnir_attribute> =
            params.iter().map(|a| omnir_attribute { context: ctx.serial(), id: a.to_raw() }).collect();
        let mut builder = omnir_string_builder { magic: BUILDER_MAGIC, text: String::new() };
        let mut message = omnir_callback_message::new();
        // SAFETY: as for the parser above; `handles`, `builder` and `message` outlive the call.
        let status = in_callback(ctx.serial(), c, || unsafe {
            print(ud.ptr, ctx.ptr(), handles.as_ptr(), handles.len(), &mut builder, &mut message)
        });
        builder.magic = 0;
        message.magic = 0;
        if status != omnir_status::OMNIR_OK as u32 {
            return Err(message.text.unwrap_or_else(|| format!("the custom printer failed (status {status})")));
        }
        Ok(builder.text)
    };
    Ok(CustomAssembly::new(parser, printer))
}

/// Checks an attribute handle a callback produced.
fn callback_attr(serial: u32, c: &Context, h: omnir_attribute) -> Result<Attribute, &'static str> {
    if h.context == 0 {
        return Err("set no attribute");
    }
    if h.context != serial {
        return Err("returned an attribute of another context");
    }
    c.attr_from_raw(h.id).ok_or("returned an unknown attribute handle")
}

fn callback_type(serial: u32, c: &Context, h: omnir_type) -> Result<Type, &'static str> {
    if h.context == 0 {
        return Err("set no type");
    }
    if h.context != serial {
        return Err("returned a type of another context");
    }
    c.type_from_raw(h.id).ok_or("returned an unknown type handle")
}

/// Gives the registered type `definition` (an id from `omnir_dialect_register_type`) its
/// custom textual form (see `omnir_custom_assembly`). A kind's assembly is set once: a
/// second call is `OMNIR_ERROR_ALREADY_EXISTS`. On error nothing changes and the caller keeps
/// its user data.
#[no_mangle]
pub extern "C" fn omnir_dialect_set_type_assembly(
    ctx: *mut omnir_context,
    definition: u32,
    assembly: *const omnir_custom_assembly,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let a = ref_arg(assembly, "custom assembly")?;
        let mut reg = Registration::new(cx);
        let result = cx.write(|c| {
            let id = type_def_arg(c, definition)?;
            let def = c.type_def(id)?.clone();
            let asm = custom_assembly_in(&mut reg, a, &def, '!')?;
            Ok(c.set_type_assembly(id, asm)?)
        });
        reg.finish(result)
    })
}

/// Gives the registered attribute `definition` its custom textual form (see
/// `omnir_dialect_set_type_assembly`).
#[no_mangle]
pub extern "C" fn omnir_dialect_set_attribute_assembly(
    ctx: *mut omnir_context,
    definition: u32,
    assembly: *const omnir_custom_assembly,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let a = ref_arg(assembly, "custom assembly")?;
        let mut reg = Registration::new(cx);
        let result = cx.write(|c| {
            let id = attr_def_arg(c, definition)?;
            let def = c.attr_def(id)?.clone();
            let asm = custom_assembly_in(&mut reg, a, &def, '#')?;
            Ok(c.set_attr_assembly(id, asm)?)
        });
        reg.finish(result)
    })
}

/// Gives the registered dialect `name` fallback parsers (see `omnir_dialect_assembly`); set
/// once per dialect (`OMNIR_ERROR_ALREADY_EXISTS` after). On error nothing changes and the
/// caller keeps its user data.
#[no_mangle]
pub extern "C" fn omnir_dialect_set_assembly(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    assembly: *const omnir_dialect_assembly,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "dialect name")?;
        let a = ref_arg(assembly, "dialect assembly")?;
        if a.parse_type.is_none() && a.parse_attribute.is_none() {
            return Err(ApiError::null("dialect assembly parse_type and parse_attribute (both)"));
        }
        let mut reg = Registration::new(cx);
        let result = cx.write(|c| {
            if !c.is_dialect_registered(name) {
                return Err(ApiError::new(
                    omnir_status::OMNIR_ERROR_NOT_REGISTERED,
                    format!("dialect '{name}' is not registered"),
                ));
            }
            let ud = reg.own(a.user_data, a.free_user_data);
            let ctx = reg.ctx;
            let mut asm = DialectAssembly::default();
            if let Some(f) = a.parse_type {
                let ud = ud.clone();
                let dialect = name.to_string();
                asm.parse_type = Some(Arc::new(move |c: &Context, text: &str| -> Result<Type, AsmError> {
                    let buf = nul_terminated(text);
                    let mut out = omnir_type::default();
                    let mut message = omnir_callback_message::new();
                    // SAFETY: as for custom parsers (see `custom_assembly_in`).
                    let status = in_callback(ctx.serial(), c, || unsafe {
                        f(ud.ptr, ctx.ptr(), buf.as_ptr().cast(), text.len(), &mut out, &mut message)
                    });
                    message.magic = 0;
                    let what = format!("the type parser of dialect '{dialect}'");
                    if status != omnir_status::OMNIR_OK as u32 {
                        return Err(parse_failure(message, status, &what));
                    }
                    callback_type(ctx.serial(), c, out).map_err(|why| AsmError::new(format!("{what} {why}")))
                }));
            }
            if let Some(f) = a.parse_attribute {
                let dialect = name.to_string();
                asm.parse_attr =
                    Some(Arc::new(move |c: &Context, text: &str, ty: Option<Type>| -> Result<Attribute, AsmError> {
                        let buf = nul_terminated(text);
                        let th = ty.map(|t| omnir_type { context: ctx.serial(), id: t.to_raw() }).unwrap_or_default();
                        let mut out = omnir_attribute::default();
                        let mut message = omnir_callback_message::new();
                        // SAFETY: as for custom parsers (see `custom_assembly_in`).
                        let status = in_callback(ctx.serial(), c, || unsafe {
                            f(ud.ptr, ctx.ptr(), buf.as_ptr().cast(), text.len(), th, &mut out, &mut message)
                        });
                        message.magic = 0;
                        let what = format!("the attribute parser of dialect '{dialect}'");
                        if status != omnir_status::OMNIR_OK as u32 {
                            return Err(parse_failure(message, status, &what));
                        }
                        callback_attr(ctx.serial(), c, out).map_err(|why| AsmError::new(format!("{what} {why}")))
                    }));
            }
            Ok(c.set_dialect_assembly(name, asm)?)
        });
        reg.finish(result)
    })
}

/// Parses a type at the start of `text` (MLIR's `parseType(text, context, numRead)`), for
/// custom parsers: `*out` receives the type and `*consumed` the number of bytes it spans
/// (blanks before it included); only the token after it is looked at.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, and
/// `OMNIR_ERROR_PARSE_FAILED`, whose message (`omnir_last_error_message`) is the plain error
/// text and for which `*consumed` receives the byte offset of the error in `text` — ready for
/// `omnir_callback_message_set` and `omnir_callback_message_set_offset`. Nothing is reported
/// to the diagnostic handlers.
#[no_mangle]
pub extern "C" fn omnir_type_parse_prefix(
    ctx: *const omnir_context,
    text: *const c_char,
    text_len: usize,
    out: *mut omnir_type,
    consumed: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        check_out(out)?;
        check_out(consumed)?;
        let text = str_arg(text, text_len, "text")?;
        match cx.read(|c| Ok(crate::asm::parse_type_prefix(c, text)))? {
            Ok((t, n)) => {
                write_out(consumed, n)?;
                write_out(out, cx.type_out(t))
            }
            Err(e) => {
                write_out(consumed, e.offset.unwrap_or(0))?;
                Err(ApiError::new(omnir_status::OMNIR_ERROR_PARSE_FAILED, e.message))
            }
        }
    })
}

/// Parses an attribute at the start of `text`, for custom parsers (see
/// `omnir_type_parse_prefix`).
#[no_mangle]
pub extern "C" fn omnir_attribute_parse_prefix(
    ctx: *const omnir_context,
    text: *const c_char,
    text_len: usize,
    out: *mut omnir_attribute,
    consumed: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        check_out(out)?;
        check_out(consumed)?;
        let text = str_arg(text, text_len, "text")?;
        match cx.read(|c| Ok(crate::asm::parse_attribute_prefix(c, text)))? {
            Ok((a, n)) => {
                write_out(consumed, n)?;
                write_out(out, cx.attr_out(a))
            }
            Err(e) => {
                write_out(consumed, e.offset.unwrap_or(0))?;
                Err(ApiError::new(omnir_status::OMNIR_ERROR_PARSE_FAILED, e.message))
            }
        }
    })
}
