//! Hooks that dialect definition files name (docs/dialects.md): verifier hooks
//! (`omnir.verifier = "name"`) and the parser/printer pairs of `custom<Name>(...)`
//! directives in assembly formats, over `omnir_verifier_hook_register`,
//! `omnir_dialect_register_directive` and the `omnir_directive_parser_*` /
//! `omnir_directive_printer_*` functions.
//!
//! [`DirectiveParser`] and [`DirectivePrinter`] speak MLIR's `OpAsmParser` /
//! `OpAsmPrinter` vocabulary. Both are `'static` handles that can be cloned (what
//! garbage-collected languages need to hand them to their own objects), but they only work
//! while the callback they were passed to runs: afterwards every method returns
//! [`Status::InvalidArgument`], because the C object they point at lived on omnir's stack.

use std::ffi::c_void;
use std::sync::{Arc, Mutex};

use omnir_sys as sys;

use crate::context::WeakContext;
use crate::diagnostics::free_box;
use crate::dialect::{guarded, set_message, CallbackData};
use crate::error::{check, Error, Result, Status};
use crate::strings::{arg, take_string};
use crate::{Attribute, Context, Operation, Type};

/// What a directive argument is (`custom<Name>($operands, type($operands), $attr, $region)`;
/// arguments are numbered from 0 in the order the format writes them).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DirectiveArgKind {
    /// An operand group (`$values`): filled by `parse_operand`, printed by `print_operand`.
    Operands,
    /// A `type(...)` argument: filled by `add_type`, read by `type_at`.
    Types,
    /// An attribute of the op (`$attr`): `set_attribute` / `attribute`.
    Attribute,
    /// A region whose entry block arguments the directive defines (`parse_argument`).
    Region,
    /// A successor group (`$dest`): filled by `parse_successor`, printed by
    /// `print_successor`.
    Successors,
    /// Anything else (`ref(...)`, ...).
    Other,
}

impl DirectiveArgKind {
    fn from_raw(raw: u32) -> DirectiveArgKind {
        match raw {
            sys::OMNIR_DIRECTIVE_ARG_OPERANDS => DirectiveArgKind::Operands,
            sys::OMNIR_DIRECTIVE_ARG_TYPES => DirectiveArgKind::Types,
            sys::OMNIR_DIRECTIVE_ARG_ATTRIBUTE => DirectiveArgKind::Attribute,
            sys::OMNIR_DIRECTIVE_ARG_REGION => DirectiveArgKind::Region,
            sys::OMNIR_DIRECTIVE_ARG_SUCCESSORS => DirectiveArgKind::Successors,
            _ => DirectiveArgKind::Other,
        }
    }
}

/// A raw C object pointer, NULL once its callback returned.
struct Slot<T> {
    raw: Mutex<*mut T>,
    /// A parse call failed: its diagnostic is already the parse error.
    failed: std::sync::atomic::AtomicBool,
}

// SAFETY: the pointer is only dereferenced by omnir, under the mutex, while the callback
// that received it is still running (it is nulled before the callback returns to omnir);
// omnir serializes the calls on one object.
unsafe impl<T> Send for Slot<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Slot<T> {}

impl<T> Slot<T> {
    fn new(raw: *mut T) -> Arc<Slot<T>> {
        Arc::new(Slot { raw: Mutex::new(raw), failed: false.into() })
    }

    fn with<R>(&self, what: &str, f: impl FnOnce(*mut T) -> Result<R>) -> Result<R> {
        let guard = self.raw.lock().unwrap_or_else(|e| e.into_inner());
        if guard.is_null() {
            return Err(Error::new(Status::InvalidArgument, format!("the {what} is only valid during its callback")));
        }
        f(*guard)
    }

    fn close(&self) {
        *self.raw.lock().unwrap_or_else(|e| e.into_inner()) = std::ptr::null_mut();
    }
}

/// The token stream a `custom<Name>` directive's parser reads (MLIR's `OpAsmParser`).
///
/// A failing `parse_*` call has already reported its diagnostic at the offending token;
/// return its error from the parse closure (`?`) and that diagnostic is the parse error.
/// Any other `Err` (for instance [`DirectiveParser::error`]) becomes the error message.
#[derive(Clone)]
pub struct DirectiveParser {
    ctx: Context,
    slot: Arc<Slot<sys::omnir_directive_parser>>,
}

impl DirectiveParser {
    fn call(&self, f: impl FnOnce(*mut sys::omnir_directive_parser) -> sys::omnir_status) -> Result<()> {
        self.slot.with("directive parser", |p| {
            let r = check(f(p));
            if matches!(&r, Err(e) if e.status == Status::ParseFailed) {
                self.slot.failed.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            r
        })
    }

    /// A call that reads a token's text if it is next: the text, or `None` when it was not.
    fn optional_text(
        &self,
        f: impl FnOnce(*mut sys::omnir_directive_parser, *mut sys::omnir_string, *mut bool) -> sys::omnir_status,
    ) -> Result<Option<String>> {
        let mut s = crate::strings::empty();
        let mut found = false;
        let r = self.call(|p| f(p, &mut s, &mut found));
        // Released whether or not the call failed.
        let text = take_string(s);
        r?;
        Ok(found.then_some(text))
    }

    /// The context of the op being parsed.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// An error to return from the parse closure: `message` becomes the parse error.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::new(Status::CallbackFailed, message)
    }

    /// The kind of argument `arg` of the directive.
    pub fn arg_kind(&self, arg: usize) -> Result<DirectiveArgKind> {
        let mut k = 0u32;
        // SAFETY: a live parser (checked by `call`) and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_get_arg_kind(p, arg, &mut k) })?;
        Ok(DirectiveArgKind::from_raw(k))
    }

    /// `parseOperand`: an SSA use (`%x`, `%x#1`), appended to operand group `arg`.
    pub fn parse_operand(&mut self, arg: usize) -> Result<()> {
        // SAFETY: a live parser.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_operand(p, arg) })
    }

    /// `parseOptionalOperand`: as [`parse_operand`](Self::parse_operand) if an SSA name is
    /// next; whether it was.
    pub fn parse_optional_operand(&mut self, arg: usize) -> Result<bool> {
        let mut found = false;
        // SAFETY: a live parser and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_optional_operand(p, arg, &mut found) })?;
        Ok(found)
    }

    /// Whether the next token is an SSA name.
    pub fn at_operand(&self) -> Result<bool> {
        let mut yes = false;
        // SAFETY: a live parser and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_at_operand(p, &mut yes) })?;
        Ok(yes)
    }

    /// `parseArgument`: a new SSA name (`%x`) that becomes an entry block argument of type
    /// `ty` of region `arg` (the region is parsed with it defined).
    pub fn parse_argument(&mut self, arg: usize, ty: &Type) -> Result<()> {
        // SAFETY: a live parser; the type handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_argument(p, arg, ty.raw) })
    }

    /// `parseArgumentList` with parentheses: `(%a, %b, ...)` or `()`, new SSA names that
    /// become entry block arguments of region `arg`, of type `ty`; `None` leaves their types
    /// to [`set_argument_type`](Self::set_argument_type) (a type left unset fails the
    /// parse). How many were read.
    pub fn parse_argument_list(&mut self, arg: usize, ty: Option<&Type>) -> Result<usize> {
        let raw = ty.map(|t| t.raw).unwrap_or_default();
        let mut count = 0usize;
        // SAFETY: a live parser and a local out-pointer; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_argument_list(p, arg, raw, &mut count) })?;
        Ok(count)
    }

    /// The type of entry block argument `index` of region `arg`, for names read before
    /// their types (`(%a, %b) : i32`).
    pub fn set_argument_type(&mut self, arg: usize, index: usize, ty: &Type) -> Result<()> {
        // SAFETY: a live parser; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_parser_set_argument_type(p, arg, index, ty.raw) })
    }

    /// `parseSuccessor`: a block name (`^bb1`), appended to successor group `arg`.
    pub fn parse_successor(&mut self, arg: usize) -> Result<()> {
        // SAFETY: a live parser.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_successor(p, arg) })
    }

    /// Whether the next token is a block name (`parseOptionalSuccessor` without reading it).
    pub fn at_successor(&self) -> Result<bool> {
        let mut yes = false;
        // SAFETY: a live parser and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_at_successor(p, &mut yes) })?;
        Ok(yes)
    }

    /// `parseOptionalInteger`: the signed integer literal next, if there is one (an error
    /// when it does not fit in 64 bits).
    pub fn parse_optional_integer(&mut self) -> Result<Option<i64>> {
        let (mut v, mut found) = (0i64, false);
        // SAFETY: a live parser and local out-pointers.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_optional_integer(p, &mut v, &mut found) })?;
        Ok(found.then_some(v))
    }

    /// `parseOptionalString`: the string literal next (unescaped), if there is one.
    pub fn parse_optional_string(&mut self) -> Result<Option<String>> {
        // SAFETY: a live parser and the helper's out-pointers.
        self.optional_text(|p, s, found| unsafe { sys::omnir_directive_parser_parse_optional_string(p, s, found) })
    }

    /// Whether the next token is `keyword` (not read): with
    /// [`parse_keyword`](Self::parse_keyword), `parseOptionalKeyword("keyword")`.
    pub fn at_keyword(&self, keyword: &str) -> Result<bool> {
        let (k, kl) = arg(keyword);
        let mut yes = false;
        // SAFETY: a live parser, a string valid for the call and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_at_keyword(p, k, kl, &mut yes) })?;
        Ok(yes)
    }

    /// `parseKeyword`: exactly `keyword`.
    pub fn parse_keyword(&mut self, keyword: &str) -> Result<()> {
        let (k, kl) = arg(keyword);
        // SAFETY: a live parser and a string valid for the call.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_keyword(p, k, kl) })
    }

    /// `parseOptionalKeyword`: the bare identifier next, if there is one.
    pub fn parse_optional_keyword(&mut self) -> Result<Option<String>> {
        // SAFETY: a live parser and the helper's out-pointers.
        self.optional_text(|p, s, found| unsafe { sys::omnir_directive_parser_parse_optional_keyword(p, s, found) })
    }

    /// Punctuation (`(`, `)`, `,`, `:`, `->`, `=`, `<`, `>`, `[`, `]`, `{`, `}`, ...), as
    /// `parseLParen`, `parseComma`, `parseArrow`...
    pub fn parse_punctuation(&mut self, punct: &str) -> Result<()> {
        let (t, tl) = arg(punct);
        // SAFETY: a live parser and a string valid for the call.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_punct(p, t, tl) })
    }

    /// `parseOptionalLParen`, `parseOptionalComma`...: whether `punct` was next (and read).
    pub fn parse_optional_punctuation(&mut self, punct: &str) -> Result<bool> {
        let (t, tl) = arg(punct);
        let mut found = false;
        // SAFETY: a live parser, a string valid for the call and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_optional_punct(p, t, tl, &mut found) })?;
        Ok(found)
    }

    /// `parseType`.
    pub fn parse_type(&mut self) -> Result<Type> {
        let mut t = sys::omnir_type::default();
        // SAFETY: a live parser and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_type(p, &mut t) })?;
        Ok(Type { ctx: self.ctx.clone(), raw: t })
    }

    /// `parseAttribute`.
    pub fn parse_attribute(&mut self) -> Result<Attribute> {
        let mut a = sys::omnir_attribute::default();
        // SAFETY: a live parser and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_parser_parse_attribute(p, &mut a) })?;
        Ok(Attribute { ctx: self.ctx.clone(), raw: a })
    }

    /// Appends `ty` to argument `arg` (a `type(...)` argument).
    pub fn add_type(&mut self, arg: usize, ty: &Type) -> Result<()> {
        // SAFETY: a live parser; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_parser_add_type(p, arg, ty.raw) })
    }

    /// Sets argument `arg` (an attribute of the op); `None` leaves it unset.
    pub fn set_attribute(&mut self, arg: usize, attr: Option<&Attribute>) -> Result<()> {
        let raw = attr.map(|a| a.raw).unwrap_or_default();
        // SAFETY: a live parser; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_parser_set_attribute(p, arg, raw) })
    }
}

/// Where a `custom<Name>` directive's printer writes (MLIR's `OpAsmPrinter`).
#[derive(Clone)]
pub struct DirectivePrinter {
    ctx: Context,
    slot: Arc<Slot<sys::omnir_directive_printer>>,
}

impl DirectivePrinter {
    fn call(&self, f: impl FnOnce(*mut sys::omnir_directive_printer) -> sys::omnir_status) -> Result<()> {
        self.slot.with("directive printer", |p| check(f(p)))
    }

    /// The context of the op being printed.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// Writes `text` as is (`printer << "..."`).
    pub fn write(&mut self, text: &str) -> Result<()> {
        let (t, tl) = arg(text);
        // SAFETY: a live printer and a string valid for the call.
        self.call(|p| unsafe { sys::omnir_directive_printer_write(p, t, tl) })
    }

    /// The kind of argument `arg` and how many values it holds (operands, types, successors,
    /// a region's entry block arguments; 0 or 1 for an attribute).
    pub fn arg(&self, arg: usize) -> Result<(DirectiveArgKind, usize)> {
        let (mut kind, mut count) = (0u32, 0usize);
        // SAFETY: a live printer and local out-pointers.
        self.call(|p| unsafe { sys::omnir_directive_printer_get_arg(p, arg, &mut kind, &mut count) })?;
        Ok((DirectiveArgKind::from_raw(kind), count))
    }

    /// How many values argument `arg` holds.
    pub fn num_values(&self, arg: usize) -> Result<usize> {
        Ok(self.arg(arg)?.1)
    }

    /// `printOperand`: operand `index` of operand group `arg`, named as in the op's text.
    pub fn print_operand(&mut self, arg: usize, index: usize) -> Result<()> {
        // SAFETY: a live printer.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_operand(p, arg, index) })
    }

    /// Type `index` of argument `arg` (a `type(...)` argument, or a region's entry block
    /// argument).
    pub fn type_at(&self, arg: usize, index: usize) -> Result<Type> {
        let mut t = sys::omnir_type::default();
        // SAFETY: a live printer and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_printer_get_type(p, arg, index, &mut t) })?;
        Ok(Type { ctx: self.ctx.clone(), raw: t })
    }

    /// Argument `arg` (an attribute of the op), `None` when the op does not have it.
    pub fn attribute(&self, arg: usize) -> Result<Option<Attribute>> {
        let mut a = sys::omnir_attribute::default();
        // SAFETY: a live printer and a local out-pointer.
        self.call(|p| unsafe { sys::omnir_directive_printer_get_attribute(p, arg, &mut a) })?;
        Ok((a != sys::omnir_attribute::default()).then(|| Attribute { ctx: self.ctx.clone(), raw: a }))
    }

    /// `printType`, aliases included.
    pub fn print_type(&mut self, ty: &Type) -> Result<()> {
        // SAFETY: a live printer; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_type(p, ty.raw) })
    }

    /// `printAttribute`.
    pub fn print_attribute(&mut self, attr: &Attribute) -> Result<()> {
        // SAFETY: a live printer; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_attribute(p, attr.raw) })
    }

    /// `printAttributeWithoutType`: `3`, not `3 : i64`.
    pub fn print_attribute_without_type(&mut self, attr: &Attribute) -> Result<()> {
        // SAFETY: a live printer; the handle is checked by omnir.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_attribute_without_type(p, attr.raw) })
    }

    /// `printSuccessor`: successor `index` of successor group `arg` (`^bb1`).
    pub fn print_successor(&mut self, arg: usize, index: usize) -> Result<()> {
        // SAFETY: a live printer.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_successor(p, arg, index) })
    }

    /// `printNewline`: a new line at the op's indentation.
    pub fn print_newline(&mut self) -> Result<()> {
        // SAFETY: a live printer.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_newline(p) })
    }

    /// `printOptionalLocationSpecifier` for entry block argument `index` of region `arg`:
    /// ` loc(...)` when locations are printed, nothing otherwise.
    pub fn print_optional_location_specifier(&mut self, arg: usize, index: usize) -> Result<()> {
        // SAFETY: a live printer.
        self.call(|p| unsafe { sys::omnir_directive_printer_print_optional_location(p, arg, index) })
    }
}

type VerifierHookFn = dyn Fn(&Operation) -> std::result::Result<(), String> + Send + Sync;
type ParseFn = dyn Fn(&mut DirectiveParser) -> Result<()> + Send + Sync;
type PrintFn = dyn Fn(&mut DirectivePrinter) + Send + Sync;

struct DirectiveData {
    ctx: WeakContext,
    parse: Box<ParseFn>,
    print: Box<PrintFn>,
}

unsafe extern "C" fn directive_parse_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    parser: *mut sys::omnir_directive_parser,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: the `DirectiveData` boxed at registration, owned by omnir for the context's life.
    let data = unsafe { &*(user_data as *const DirectiveData) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    let slot = Slot::new(parser);
    let mut p = DirectiveParser { ctx, slot: slot.clone() };
    let r = guarded(|| (data.parse)(&mut p));
    slot.close();
    let failed = slot.failed.load(std::sync::atomic::Ordering::Relaxed);
    match r {
        Ok(Ok(())) => 0,
        // The failed call reported its diagnostic (with the position): keep it.
        Ok(Err(e)) if failed && e.status == Status::ParseFailed => 1,
        Ok(Err(e)) => {
            set_message(message, &e.message);
            1
        }
        Err(panic) => {
            set_message(message, &panic);
            1
        }
    }
}

unsafe extern "C" fn directive_print_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    printer: *mut sys::omnir_directive_printer,
) {
    // SAFETY: as for `directive_parse_trampoline`.
    let data = unsafe { &*(user_data as *const DirectiveData) };
    let Some(ctx) = data.ctx.upgrade() else { return };
    let slot = Slot::new(printer);
    let mut p = DirectivePrinter { ctx, slot: slot.clone() };
    // A printer cannot fail; a panic leaves whatever was written so far.
    let _ = guarded(|| (data.print)(&mut p));
    slot.close();
}

unsafe extern "C" fn verifier_hook_trampoline(
    user_data: *mut c_void,
    _ctx: *mut sys::omnir_context,
    op: sys::omnir_op,
    message: *mut sys::omnir_callback_message,
) -> u32 {
    // SAFETY: the `CallbackData` boxed at registration, owned by omnir for the context's life.
    let data = unsafe { &*(user_data as *const CallbackData<VerifierHookFn>) };
    let Some(ctx) = data.ctx.upgrade() else { return 1 };
    match guarded(|| (data.f)(&Operation { ctx, raw: op })).and_then(|r| r) {
        Ok(()) => 0,
        Err(text) => {
            set_message(message, &text);
            1
        }
    }
}

impl Context {
    /// Registers a verifier hook under `name`, for definitions that say
    /// `omnir.verifier = "name"` (register it before loading them). It runs after the checks
    /// the definition itself implies; `Err(message)` fails verification with
    /// `'dialect.op' op message` at the op's location. A panic counts as a failure. A later
    /// registration of the same name replaces it for definitions loaded afterwards.
    pub fn register_verifier_hook<F>(&self, name: &str, verify: F) -> Result<()>
    where
        F: Fn(&Operation) -> std::result::Result<(), String> + Send + Sync + 'static,
    {
        let f: Arc<VerifierHookFn> = Arc::new(verify);
        let data = Box::into_raw(Box::new(CallbackData { ctx: self.downgrade(), f })) as *mut c_void;
        let (n, nl) = arg(name);
        // SAFETY: a live context, a string valid for the call; on success omnir owns `data`
        // and frees it with `free_box` of its type.
        let r = check(unsafe {
            sys::omnir_verifier_hook_register(
                self.as_raw(),
                n,
                nl,
                Some(verifier_hook_trampoline),
                data,
                Some(free_box::<CallbackData<VerifierHookFn>>),
            )
        });
        if r.is_err() {
            // SAFETY: the registration failed, so the box is still ours.
            unsafe { free_box::<CallbackData<VerifierHookFn>>(data) };
        }
        r
    }

    /// Registers the parser and printer of `custom<name>(...)` for the assembly formats of
    /// `dialect`'s operations (the dialect must be registered, e.g. by loading its
    /// definitions; the formats look directives up when they parse or print). The parse
    /// closure reads the directive's text and fills its arguments; `Err` fails the parse
    /// (see [`DirectiveParser`]). The print closure writes the arguments back so that the
    /// parser reads them again. Panics are caught: in the parser they fail the parse, in
    /// the printer they stop the directive's output.
    pub fn register_custom_directive<P, W>(&self, dialect: &str, name: &str, parse: P, print: W) -> Result<()>
    where
        P: Fn(&mut DirectiveParser) -> Result<()> + Send + Sync + 'static,
        W: Fn(&mut DirectivePrinter) + Send + Sync + 'static,
    {
        let data = Box::into_raw(Box::new(DirectiveData {
            ctx: self.downgrade(),
            parse: Box::new(parse),
            print: Box::new(print),
        })) as *mut c_void;
        let (d, dl) = arg(dialect);
        let (n, nl) = arg(name);
        // SAFETY: a live context, strings valid for the call; on success omnir owns `data`
        // and frees it with `free_box` of its type.
        let r = check(unsafe {
            sys::omnir_dialect_register_directive(
                self.as_raw(),
                d,
                dl,
                n,
                nl,
                Some(directive_parse_trampoline),
                Some(directive_print_trampoline),
                data,
                Some(free_box::<DirectiveData>),
            )
        });
        if r.is_err() {
            // SAFETY: the registration failed, so the box is still ours.
            unsafe { free_box::<DirectiveData>(data) };
        }
        r
    }
}
