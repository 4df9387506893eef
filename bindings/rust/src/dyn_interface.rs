//! Interfaces whose methods are implemented in any language, and called from any other.
//!
//! The C API leaves the layout of an interface's method table (`omnir_interface_impl::vtable`)
//! to the interface. For interfaces defined at run time — by Python, JavaScript or Rust code
//! that has no C ABI of its own to offer — this module fixes one layout,
//! [`DynamicInterfaceVTable`]: a single `call` entry that takes the method's name and its
//! arguments as attributes (a type travels as a `TypeAttr`) and returns an attribute (or
//! none). Any binary of the process can implement such an interface
//! ([`Context::attach_dynamic_interface`]) and any binary can call it
//! ([`Type::call_interface_method`] and friends): a method written in JavaScript is callable
//! from Python, Rust or C, through the one registry of the one core.
//!
//! The table starts with a magic number, so a caller can tell it from a C interface's own
//! layout ([`Status::InvalidArgument`] then, never a wild call).
//!
//! Strings and memory never cross binaries: the failure message is copied into a buffer
//! the caller owns ([`DynamicMessage`]).

use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use omnir_sys as sys;

use crate::context::WeakContext;
use crate::diagnostics::free_box;
use crate::error::{check, Error, Result, Status};
use crate::{Attribute, Context, Operation, Type, TypeId};

/// The first word of every [`DynamicInterfaceVTable`] (`b"omnirdyn"`, little-endian).
pub const DYNAMIC_INTERFACE_MAGIC: u64 = u64::from_le_bytes(*b"omnirdyn");

/// What a dynamic method is called on: `kind` 0 a type, 1 an attribute, 2 an operation; the
/// matching handle is set, the others are zeroed.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DynamicReceiver {
    pub kind: u32,
    pub ty: sys::omnir_type,
    pub attr: sys::omnir_attribute,
    pub op: sys::omnir_op,
}

/// A buffer owned by the caller for a failure message: the callee copies up to `capacity`
/// bytes of UTF-8 to `data` and sets `len` to the message's full length.
#[repr(C)]
#[derive(Debug)]
pub struct DynamicMessage {
    pub data: *mut u8,
    pub capacity: usize,
    pub len: usize,
}

/// The call entry of a dynamic interface: calls method `method` (UTF-8, `method_len` bytes)
/// on `receiver` with `num_args` attribute arguments; writes the result to `result` (a
/// zeroed attribute for none) and returns 0, or describes the failure in `message` and
/// returns anything else.
pub type DynamicCallFn = unsafe extern "C" fn(
    user_data: *mut c_void,
    ctx: *mut sys::omnir_context,
    receiver: *const DynamicReceiver,
    method: *const c_char,
    method_len: usize,
    args: *const sys::omnir_attribute,
    num_args: usize,
    result: *mut sys::omnir_attribute,
    message: *mut DynamicMessage,
) -> u32;

/// The method table of a dynamic interface implementation (`omnir_interface_impl::vtable`).
#[repr(C)]
pub struct DynamicInterfaceVTable {
    /// [`DYNAMIC_INTERFACE_MAGIC`].
    pub magic: u64,
    pub call: DynamicCallFn,
}

/// The receiver of a dynamic method, as the implementing closure sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Receiver {
    Type(Type),
    Attribute(Attribute),
    Operation(Operation),
}

/// The methods of a dynamic interface implementation: `(receiver, method, args)` to a result
/// (`None` for none) or a failure message.
pub type DynamicMethods =
    Arc<dyn Fn(&Receiver, &str, &[Attribute]) -> std::result::Result<Option<Attribute>, String> + Send + Sync>;

struct MethodsData {
    ctx: WeakContext,
    f: DynamicMethods,
}

static VTABLE: DynamicInterfaceVTable = DynamicInterfaceVTable { magic: DYNAMIC_INTERFACE_MAGIC, call: trampoline };

fn write_message(message: *mut DynamicMessage, text: &str) {
    if message.is_null() {
        return;
    }
    // SAFETY: the caller passes a live buffer description for the duration of the call.
    let m = unsafe { &mut *message };
    m.len = text.len();
    let n = text.len().min(m.capacity);
    if n > 0 && !m.data.is_null() {
        // SAFETY: `data` has room for `capacity` bytes (the caller's promise).
        unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), m.data, n) };
    }
}

unsafe extern "C" fn trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    receiver: *const DynamicReceiver,
    method: *const c_char,
    method_len: usize,
    args: *const sys::omnir_attribute,
    num_args: usize,
    result: *mut sys::omnir_attribute,
    message: *mut DynamicMessage,
) -> u32 {
    // SAFETY: `user_data` is the `MethodsData` boxed by `attach_dynamic_interface`, owned by
    // omnir for the context's life; the other pointers are valid for the call (the caller's
    // promise, checked for NULL below).
    let data = unsafe { &*(user_data as *const MethodsData) };
    let Some(ctx) = data.ctx.upgrade() else {
        write_message(message, "the context of this interface implementation is gone");
        return 1;
    };
    if receiver.is_null()
        || result.is_null()
        || (method.is_null() && method_len > 0)
        || (args.is_null() && num_args > 0)
    {
        write_message(message, "a NULL argument to a dynamic interface call");
        return 1;
    }
    // SAFETY: see above.
    let (receiver, name, args) = unsafe {
        let r = &*receiver;
        let name = if method_len == 0 {
            ""
        } else {
            match std::str::from_utf8(std::slice::from_raw_parts(method.cast::<u8>(), method_len)) {
                Ok(s) => s,
                Err(_) => {
                    write_message(message, "the method name is not UTF-8");
                    return 1;
                }
            }
        };
        let args = if num_args == 0 { &[][..] } else { std::slice::from_raw_parts(args, num_args) };
        (*r, name, args)
    };
    let receiver = match receiver.kind {
        0 => Receiver::Type(Type::from_raw(&ctx, receiver.ty)),
        1 => Receiver::Attribute(Attribute::from_raw(&ctx, receiver.attr)),
        2 => Receiver::Operation(Operation::from_raw(&ctx, receiver.op)),
        k => {
            write_message(message, &format!("unknown receiver kind {k}"));
            return 1;
        }
    };
    let args: Vec<Attribute> = args.iter().map(|a| Attribute::from_raw(&ctx, *a)).collect();
    let r = catch_unwind(AssertUnwindSafe(|| (data.f)(&receiver, name, &args)));
    match r {
        Ok(Ok(value)) => {
            // SAFETY: checked non-NULL above.
            unsafe { *result = value.map(|a| a.raw).unwrap_or_default() };
            0
        }
        Ok(Err(text)) => {
            write_message(message, &text);
            1
        }
        Err(_) => {
            write_message(message, "the interface method panicked");
            1
        }
    }
}

impl Context {
    /// Attaches an implementation of `interface` to the kind `kind` (a type, attribute or
    /// operation name's TypeId, as for [`Context::attach_interface`]) whose methods are the
    /// closure `methods`, called with the receiver, the method name and the arguments. It
    /// runs on the thread that calls the method, synchronously; from inside it, reading the
    /// context works. Replaces an earlier implementation of the same interface for the kind.
    pub fn attach_dynamic_interface(
        &self,
        kind: TypeId,
        interface: TypeId,
        methods: impl Fn(&Receiver, &str, &[Attribute]) -> std::result::Result<Option<Attribute>, String>
            + Send
            + Sync
            + 'static,
    ) -> Result<()> {
        let data = Box::into_raw(Box::new(MethodsData { ctx: self.downgrade(), f: Arc::new(methods) }));
        let imp = sys::omnir_interface_impl {
            interface: interface.0,
            vtable: &VTABLE as *const DynamicInterfaceVTable as *const c_void,
            user_data: data as *mut c_void,
            free_user_data: Some(free_box::<MethodsData>),
        };
        // SAFETY: live context; on success omnir owns `data` (freed with `free_box`), on
        // failure it stays ours; the vtable is a static.
        let r = check(unsafe { sys::omnir_context_attach_interface(self.as_raw(), kind.0, &imp) });
        if r.is_err() {
            // SAFETY: not taken by omnir.
            drop(unsafe { Box::from_raw(data) });
        }
        r
    }
}

/// Calls a dynamic method given the implementation's (vtable, user data).
fn call_dynamic(
    ctx: &Context,
    vtable: *const c_void,
    user_data: *mut c_void,
    receiver: &DynamicReceiver,
    method: &str,
    args: &[Attribute],
) -> Result<Option<Attribute>> {
    if vtable.is_null() {
        return Err(Error::new(
            Status::NotRegistered,
            "the interface is implemented without methods (a marker, or a builtin implementation)",
        ));
    }
    // SAFETY: an implementation's vtable is at least one word long (every layout that has
    // methods starts with a function pointer or, for dynamic interfaces, the magic).
    let magic = unsafe { std::ptr::read_unaligned(vtable as *const u64) };
    if magic != DYNAMIC_INTERFACE_MAGIC {
        return Err(Error::new(
            Status::InvalidArgument,
            "the interface's method table is not a dynamic interface table (a C implementation with its own layout)",
        ));
    }
    // SAFETY: the magic says it is a `DynamicInterfaceVTable`; it lives as long as the context.
    let vt = unsafe { &*(vtable as *const DynamicInterfaceVTable) };
    let raw_args: Vec<sys::omnir_attribute> = args.iter().map(|a| a.raw).collect();
    let mut out = sys::omnir_attribute::default();
    let mut buf = vec![0u8; 512];
    let mut msg = DynamicMessage { data: buf.as_mut_ptr(), capacity: buf.len(), len: 0 };
    // SAFETY: every pointer is valid for the call; `user_data` is the implementation's own.
    let st = unsafe {
        (vt.call)(
            user_data,
            ctx.as_raw(),
            receiver,
            method.as_ptr().cast(),
            method.len(),
            raw_args.as_ptr(),
            raw_args.len(),
            &mut out,
            &mut msg,
        )
    };
    if st != 0 {
        let n = msg.len.min(buf.len());
        let mut text = String::from_utf8_lossy(&buf[..n]).into_owned();
        if msg.len > buf.len() {
            text.push('…');
        }
        return Err(Error::new(Status::CallbackFailed, text));
    }
    Ok(if out == sys::omnir_attribute::default() { None } else { Some(Attribute::from_raw(ctx, out)) })
}

impl Type {
    /// Calls `method` of the dynamic interface `interface` implemented for this type.
    pub fn call_interface_method(
        &self,
        interface: TypeId,
        method: &str,
        args: &[Attribute],
    ) -> Result<Option<Attribute>> {
        let (mut vt, mut ud) = (std::ptr::null(), std::ptr::null_mut());
        // SAFETY: live context, valid out-pointers.
        check(unsafe { sys::omnir_type_get_interface(self.cx(), self.raw, interface.0, &mut vt, &mut ud) })?;
        let receiver = DynamicReceiver { kind: 0, ty: self.raw, ..Default::default() };
        call_dynamic(&self.ctx, vt, ud, &receiver, method, args)
    }
}

impl Attribute {
    /// Calls `method` of the dynamic interface `interface` implemented for this attribute.
    pub fn call_interface_method(
        &self,
        interface: TypeId,
        method: &str,
        args: &[Attribute],
    ) -> Result<Option<Attribute>> {
        let (mut vt, mut ud) = (std::ptr::null(), std::ptr::null_mut());
        // SAFETY: live context, valid out-pointers.
        check(unsafe { sys::omnir_attribute_get_interface(self.cx(), self.raw, interface.0, &mut vt, &mut ud) })?;
        let receiver = DynamicReceiver { kind: 1, attr: self.raw, ..Default::default() };
        call_dynamic(&self.ctx, vt, ud, &receiver, method, args)
    }
}

impl Operation {
    /// Calls `method` of the dynamic interface `interface` implemented for this operation's
    /// name.
    pub fn call_interface_method(
        &self,
        interface: TypeId,
        method: &str,
        args: &[Attribute],
    ) -> Result<Option<Attribute>> {
        let (mut vt, mut ud) = (std::ptr::null(), std::ptr::null_mut());
        // SAFETY: live context, valid out-pointers.
        check(unsafe { sys::omnir_op_get_interface(self.cx(), self.raw, interface.0, &mut vt, &mut ud) })?;
        let receiver = DynamicReceiver { kind: 2, op: self.raw, ..Default::default() };
        call_dynamic(&self.ctx, vt, ud, &receiver, method, args)
    }
}
