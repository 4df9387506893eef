//! Hooks that dialect definition files name, written in C (and so in every language):
//! verifiers (`omnir.verifier = "name"`) and the parser/printer pairs of `custom<Name>`
//! directives in assembly formats, with MLIR's `OpAsmParser` / `OpAsmPrinter` vocabulary.
//!
//! Register hooks before loading the definitions that name them. The callback conventions
//! (user data ownership, threads, the context's lock, `omnir_callback_message`) are those of
//! `api/dialects.rs`. A directive's parser receives an `omnir_directive_parser` and its
//! printer an `omnir_directive_printer`, each valid only during that call; the arguments of
//! the directive (`custom<Name>($a, type($b), $attr)`) are numbered from 0 in the order the
//! format writes them.

use std::ffi::{c_char, c_void};
use std::sync::Arc;

use super::context::{context_arg, in_callback};
use super::dialects::{omnir_callback_message, omnir_free_user_data_fn, Registration};
use super::handles::{omnir_attribute, omnir_type};
use super::ir::invalid;
use super::{check_out, ffi_call, omnir_status, omnir_string, str_arg, write_out, ApiError, ApiResult};
use crate::asm::format::{CustomDirective, DirectiveParser, DirectivePrinter, ParsedArg, PrintArg};
use crate::context::Context;
use crate::dialect::AsmError;

/// A verifier hook: as `omnir_op_verify_fn`.
#[allow(non_camel_case_types)]
pub type omnir_verifier_hook_fn = super::dialects::omnir_op_verify_fn;

use super::context::omnir_context;

/// Registers a verifier under `name`, for definition files to name with
/// `omnir.verifier = "name"` (it runs after the checks of the definition itself; return
/// non-zero with `omnir_callback_message_set` to fail). A later registration of the same
/// name replaces it for definitions loaded afterwards.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT`, `OMNIR_ERROR_INVALID_UTF8`, `OMNIR_ERROR_BUSY`
/// (called from a callback). On error the caller keeps its user data.
#[no_mangle]
pub extern "C" fn omnir_verifier_hook_register(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    verify: omnir_verifier_hook_fn,
    user_data: *mut c_void,
    free_user_data: omnir_free_user_data_fn,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let mut reg = Registration::new(cx);
        let result = (|| {
            let name = str_arg(name, name_len, "hook name")?;
            let f = verify.ok_or_else(|| ApiError::null("verify callback"))?;
            let hook = super::dialects::c_op_verifier(&mut reg, f, user_data, free_user_data);
            cx.write(|c| {
                c.register_op_verifier_hook(name, hook);
                Ok(())
            })
        })();
        reg.finish(result)
    })
}

/// The token stream a `custom<Name>` directive's parser reads (only valid during it).
#[allow(non_camel_case_types)]
pub struct omnir_directive_parser {
    magic: u64,
    serial: u32,
    parser: *mut (dyn DirectiveParser + 'static),
    args: *mut [ParsedArg],
    /// An error reported by a call (already a diagnostic, or a message to report).
    failed: Option<AsmError>,
    /// Region arguments parsed without their type yet, as (argument, index): each must get
    /// one (`omnir_directive_parser_set_argument_type`) before the callback returns.
    untyped: Vec<(usize, usize)>,
}

/// Where a `custom<Name>` directive's printer writes (only valid during it).
#[allow(non_camel_case_types)]
pub struct omnir_directive_printer {
    magic: u64,
    serial: u32,
    printer: *mut (dyn DirectivePrinter + 'static),
    args: *const [PrintArg],
}

const PARSER_MAGIC: u64 = 0x6f6d_6e69_725f_6470; // "omnir_dp"
const PRINTER_MAGIC: u64 = 0x6f6d_6e69_725f_6472; // "omnir_dr"

/// A directive's parser: fill its arguments from the text with the
/// `omnir_directive_parser_*` functions; non-zero fails the parse (with the message of
/// `omnir_callback_message_set`, or the error a parser function already reported).
#[allow(non_camel_case_types)]
pub type omnir_directive_parse_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        ctx: *mut omnir_context,
        parser: *mut omnir_directive_parser,
        message: *mut omnir_callback_message,
    ) -> u32,
>;

/// A directive's printer: write its arguments with the `omnir_directive_printer_*`
/// functions.
#[allow(non_camel_case_types)]
pub type omnir_directive_print_fn = Option<
    unsafe extern "C" fn(user_data: *mut c_void, ctx: *mut omnir_context, printer: *mut omnir_directive_printer),
>;

/// Kinds of directive arguments.
pub const OMNIR_DIRECTIVE_ARG_OPERANDS: u32 = 0;
pub const OMNIR_DIRECTIVE_ARG_TYPES: u32 = 1;
pub const OMNIR_DIRECTIVE_ARG_ATTRIBUTE: u32 = 2;
pub const OMNIR_DIRECTIVE_ARG_OTHER: u32 = 3;
/// A region: the parser defines its entry block arguments
/// (`omnir_directive_parser_parse_argument`), the printer prints them
/// (`omnir_directive_printer_print_operand`).
pub const OMNIR_DIRECTIVE_ARG_REGION: u32 = 4;
/// A successor group (`$dest`): the parser reads block names into it
/// (`omnir_directive_parser_parse_successor`), the printer prints them
/// (`omnir_directive_printer_print_successor`).
pub const OMNIR_DIRECTIVE_ARG_SUCCESSORS: u32 = 5;

/// Registers the parser and printer of `custom<name>` for the assembly formats of
/// `dialect`'s operations (replacing an earlier pair of that name). Both callbacks share
/// `user_data`.
///
/// Errors: `OMNIR_ERROR_NULL_ARGUMENT` (a callback is NULL), `OMNIR_ERROR_INVALID_UTF8`,
/// `OMNIR_ERROR_NOT_REGISTERED` (the dialect is not registered), `OMNIR_ERROR_BUSY`. On
/// error the caller keeps its user data.
#[no_mangle]
pub extern "C" fn omnir_dialect_register_directive(
    ctx: *mut omnir_context,
    dialect: *const c_char,
    dialect_len: usize,
    name: *const c_char,
    name_len: usize,
    parse: omnir_directive_parse_fn,
    print: omnir_directive_print_fn,
    user_data: *mut c_void,
    free_user_data: omnir_free_user_data_fn,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let mut reg = Registration::new(cx);
        let result = (|| {
            let dialect = str_arg(dialect, dialect_len, "dialect name")?;
            let name = str_arg(name, name_len, "directive name")?;
            let parse = parse.ok_or_else(|| ApiError::null("directive parse callback"))?;
            let print = print.ok_or_else(|| ApiError::null("directive print callback"))?;
            let ud = reg.own(user_data, free_user_data);
            let rctx = reg.ctx;
            let parse_ud = ud.clone();
            let parse_hook = move |p: &mut dyn DirectiveParser, args: &mut [ParsedArg]| -> Result<(), AsmError> {
                let core: *const Context = p.context();
                // SAFETY: the parser and the arguments outlive the callback, which is the
                // only user of the raw pointers (the object is on this stack frame and
                // documented as valid only during the call); the lifetime is erased only
                // for that duration.
                let parser = unsafe {
                    std::mem::transmute::<*mut (dyn DirectiveParser + '_), *mut (dyn DirectiveParser + 'static)>(p)
                };
                let mut obj = omnir_directive_parser {
                    magic: PARSER_MAGIC,
                    serial: rctx.serial(),
                    parser,
                    args: args as *mut [ParsedArg],
                    failed: None,
                    untyped: Vec::new(),
                };
                let mut message = omnir_callback_message::new();
                // SAFETY: the context outlives the parse; while the callback runs, the op
                // parser touches the context only through shared references (its
                // DirectiveParser methods parse types and attributes, which intern through
                // `&Context`), so lending it shared is sound.
                let lent = unsafe { &*core };
                // SAFETY: `parse` and its user data come from the caller (module notes);
                // `obj` and `message` outlive the call.
                let status = in_callback(rctx.serial(), lent, || unsafe {
                    parse(parse_ud.ptr, rctx.ptr(), &mut obj, &mut message)
                });
                obj.magic = 0;
                if status == omnir_status::OMNIR_OK as u32 {
                    if let Some(&(arg, index)) = obj.untyped.first() {
                        return Err(AsmError::new(format!(
                            "custom directive left the type of argument #{index} of its argument {arg} unset"
                        )));
                    }
                    return Ok(());
                }
                if let Some(text) = message.take_text() {
                    return Err(AsmError::new(text));
                }
                Err(obj
                    .failed
                    .take()
                    .unwrap_or_else(|| AsmError::new(format!("custom directive failed (status {status})"))))
            };
            let print_hook = move |p: &mut dyn DirectivePrinter, args: &[PrintArg]| {
                let core: *const Context = p.context();
                // SAFETY: as for the parser: the object lives on this frame for the call only.
                let printer = unsafe {
                    std::mem::transmute::<*mut (dyn DirectivePrinter + '_), *mut (dyn DirectivePrinter + 'static)>(p)
                };
                let mut obj = omnir_directive_printer {
                    magic: PRINTER_MAGIC,
                    serial: rctx.serial(),
                    printer,
                    args: args as *const [PrintArg],
                };
                // SAFETY: printing holds the context shared for its whole duration.
                let lent = unsafe { &*core };
                // SAFETY: `print` and its user data come from the caller (module notes); `obj`
                // outlives the call.
                in_callback(rctx.serial(), lent, || unsafe { print(ud.ptr, rctx.ptr(), &mut obj) });
            };
            let directive = CustomDirective::new(Arc::new(parse_hook), Arc::new(print_hook));
            cx.write(|c| Ok(c.register_custom_directive(dialect, name, directive)?))
        })();
        reg.finish(result)
    })
}

fn parser_arg<'a>(p: *mut omnir_directive_parser) -> ApiResult<&'a mut omnir_directive_parser> {
    if p.is_null() {
        return Err(ApiError::null("directive parser"));
    }
    // SAFETY: a non-NULL parser is the one omnir passed to the running callback, on omnir's
    // stack for the duration of the call (API contract); the magic is read first through the
    // raw pointer to catch some violations.
    if unsafe { std::ptr::addr_of!((*p).magic).read_unaligned() } != PARSER_MAGIC {
        return Err(invalid("not a live omnir directive parser"));
    }
    // SAFETY: as above.
    Ok(unsafe { &mut *p })
}

fn printer_arg<'a>(p: *mut omnir_directive_printer) -> ApiResult<&'a mut omnir_directive_printer> {
    if p.is_null() {
        return Err(ApiError::null("directive printer"));
    }
    // SAFETY: as for `parser_arg`.
    if unsafe { std::ptr::addr_of!((*p).magic).read_unaligned() } != PRINTER_MAGIC {
        return Err(invalid("not a live omnir directive printer"));
    }
    // SAFETY: as above.
    Ok(unsafe { &mut *p })
}

impl omnir_directive_parser {
    fn inner(&mut self) -> &mut dyn DirectiveParser {
        // SAFETY: valid during the callback (see `omnir_dialect_register_directive`).
        unsafe { &mut *self.parser }
    }
    fn args(&mut self) -> &mut [ParsedArg] {
        // SAFETY: as above.
        unsafe { &mut *self.args }
    }
    /// Records a failed parse step as the API's error (the diagnostic, when the core's own
    /// parser failed, is already reported).
    fn fail(&mut self, e: AsmError) -> ApiError {
        let message = if e.message.is_empty() {
            "the text does not parse here (see the diagnostic)".into()
        } else {
            e.message.clone()
        };
        self.failed = Some(e);
        ApiError::new(omnir_status::OMNIR_ERROR_PARSE_FAILED, message)
    }
    fn slot(&mut self, arg: usize, kind: u32) -> ApiResult<&mut ParsedArg> {
        let n = self.args().len();
        let slot = self
            .args()
            .get_mut(arg)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("argument {arg} of {n}")))?;
        let ok = matches!(
            (kind, &*slot),
            (OMNIR_DIRECTIVE_ARG_OPERANDS, ParsedArg::Operands(_))
                | (OMNIR_DIRECTIVE_ARG_TYPES, ParsedArg::Types(_))
                | (OMNIR_DIRECTIVE_ARG_ATTRIBUTE, ParsedArg::Attr(_))
                | (OMNIR_DIRECTIVE_ARG_REGION, ParsedArg::RegionArgs(_))
                | (OMNIR_DIRECTIVE_ARG_SUCCESSORS, ParsedArg::Successors(_))
        );
        if !ok {
            return Err(invalid(format!("argument {arg} of the directive is not of that kind")));
        }
        Ok(slot)
    }
}

/// Parses an SSA operand (`%name` or `%name#N`) and appends it to argument `arg` (an
/// operand group of the directive).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_operand(
    parser: *mut omnir_directive_parser,
    arg: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        p.slot(arg, OMNIR_DIRECTIVE_ARG_OPERANDS)?;
        let r = p.inner().parse_operand().map_err(|e| p.fail(e))?;
        if let ParsedArg::Operands(v) = p.slot(arg, OMNIR_DIRECTIVE_ARG_OPERANDS)? {
            v.push(r);
        }
        Ok(())
    })
}

/// As `omnir_directive_parser_parse_operand` if the next token is an SSA name;
/// `*found` says whether it was.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_optional_operand(
    parser: *mut omnir_directive_parser,
    arg: usize,
    found: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(found)?;
        p.slot(arg, OMNIR_DIRECTIVE_ARG_OPERANDS)?;
        let r = p.inner().parse_optional_operand().map_err(|e| p.fail(e))?;
        let got = r.is_some();
        if let (Some(r), ParsedArg::Operands(v)) = (r, p.slot(arg, OMNIR_DIRECTIVE_ARG_OPERANDS)?) {
            v.push(r);
        }
        write_out(found, got)
    })
}

/// Parses `keyword` (an error `expected 'keyword'` at the current token otherwise).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_keyword(
    parser: *mut omnir_directive_parser,
    keyword: *const c_char,
    keyword_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let kw = str_arg(keyword, keyword_len, "keyword")?;
        p.inner().parse_keyword(kw).map_err(|e| p.fail(e))
    })
}

/// Parses a new SSA name (`%x`) and adds it, with type `ty`, to the entry block arguments
/// of argument `arg` (a region of the op): the region is parsed with them defined (MLIR's
/// `parseArgument` + `parseRegion(region, arguments)`). A zeroed `ty` leaves the type to a
/// later `omnir_directive_parser_set_argument_type` (the name comes before its type in
/// `(%a: i32)`); a type left unset fails the parse.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_argument(
    parser: *mut omnir_directive_parser,
    arg: usize,
    ty: omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let t =
            if ty.context == 0 && ty.id == 0 { None } else { Some(directive_type(p.serial, p.inner().context(), ty)?) };
        p.slot(arg, OMNIR_DIRECTIVE_ARG_REGION)?;
        let r = p.inner().parse_argument().map_err(|e| p.fail(e))?;
        // The placeholder type is never used: the parse fails while it is unset.
        let placeholder = t.unwrap_or_else(|| p.inner().context().none_type());
        let mut index = 0;
        if let ParsedArg::RegionArgs(v) = p.slot(arg, OMNIR_DIRECTIVE_ARG_REGION)? {
            v.push((r, placeholder));
            index = v.len() - 1;
        }
        if t.is_none() {
            p.untyped.push((arg, index));
        }
        Ok(())
    })
}

/// Sets the type of entry block argument `index` of argument `arg` (a region), parsed with
/// `omnir_directive_parser_parse_argument`.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_set_argument_type(
    parser: *mut omnir_directive_parser,
    arg: usize,
    index: usize,
    ty: omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let t = directive_type(p.serial, p.inner().context(), ty)?;
        match p.slot(arg, OMNIR_DIRECTIVE_ARG_REGION)? {
            ParsedArg::RegionArgs(v) => {
                let n = v.len();
                let slot = v.get_mut(index).ok_or_else(|| {
                    ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("region argument {index} of {n}"))
                })?;
                slot.1 = t;
            }
            _ => return Err(invalid(format!("argument {arg} is not a region"))),
        }
        p.untyped.retain(|&(a, i)| (a, i) != (arg, index));
        Ok(())
    })
}

/// Parses a block name (`^bb1`) and appends it to argument `arg` (a successor group; MLIR's
/// `parseSuccessor`).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_successor(
    parser: *mut omnir_directive_parser,
    arg: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        p.slot(arg, OMNIR_DIRECTIVE_ARG_SUCCESSORS)?;
        let s = p.inner().parse_successor().map_err(|e| p.fail(e))?;
        if let ParsedArg::Successors(v) = p.slot(arg, OMNIR_DIRECTIVE_ARG_SUCCESSORS)? {
            v.push(s);
        }
        Ok(())
    })
}

/// Whether the next token is a block name (`^...`), not consumed.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_at_successor(
    parser: *mut omnir_directive_parser,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        let at = p.inner().at_successor();
        write_out(out, at)
    })
}

/// Parses a signed integer literal if one is next (MLIR's `parseOptionalInteger`): `*found`
/// says whether it was, `*out` holds it (an error when it does not fit in 64 bits).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_optional_integer(
    parser: *mut omnir_directive_parser,
    out: *mut i64,
    found: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        check_out(found)?;
        let n = p.inner().parse_optional_integer().map_err(|e| p.fail(e))?;
        write_out(found, n.is_some())?;
        write_out(out, n.unwrap_or(0))
    })
}

/// Parses a string literal if one is next: `*found`, and its bytes in `*out` (free it with
/// `omnir_string_free`; empty when not found).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_optional_string(
    parser: *mut omnir_directive_parser,
    out: *mut omnir_string,
    found: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        check_out(found)?;
        let s = p.inner().parse_optional_string().map_err(|e| p.fail(e))?;
        write_out(found, s.is_some())?;
        write_out(out, omnir_string::from_bytes(s.unwrap_or_default().as_bytes()))
    })
}

/// Parses `(%a, %b, ...)` or `()`: new SSA names appended, with type `ty`, to the entry
/// block arguments of argument `arg` (a region; MLIR's `parseArgumentList` with
/// parentheses). A zeroed `ty` leaves their types to `omnir_directive_parser_set_argument_type`;
/// `*count` is how many were read.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_argument_list(
    parser: *mut omnir_directive_parser,
    arg: usize,
    ty: omnir_type,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(count)?;
        let t =
            if ty.context == 0 && ty.id == 0 { None } else { Some(directive_type(p.serial, p.inner().context(), ty)?) };
        p.slot(arg, OMNIR_DIRECTIVE_ARG_REGION)?;
        let names = p.inner().parse_argument_list().map_err(|e| p.fail(e))?;
        let n = names.len();
        // The placeholder type is never used: the parse fails while it is unset.
        let placeholder = t.unwrap_or_else(|| p.inner().context().none_type());
        let mut first = 0;
        if let ParsedArg::RegionArgs(v) = p.slot(arg, OMNIR_DIRECTIVE_ARG_REGION)? {
            first = v.len();
            v.extend(names.into_iter().map(|r| (r, placeholder)));
        }
        if t.is_none() {
            p.untyped.extend((first..first + n).map(|i| (arg, i)));
        }
        write_out(count, n)
    })
}

/// Whether the next token is `keyword` (not consumed): with `parse_keyword`, MLIR's
/// `parseOptionalKeyword("keyword")`.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_at_keyword(
    parser: *mut omnir_directive_parser,
    keyword: *const c_char,
    keyword_len: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let kw = str_arg(keyword, keyword_len, "keyword")?;
        check_out(out)?;
        let at = p.inner().at_keyword(kw);
        write_out(out, at)
    })
}

/// Whether the next token is an SSA name.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_at_operand(
    parser: *mut omnir_directive_parser,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        let at = p.inner().at_operand();
        write_out(out, at)
    })
}

/// Parses a bare identifier if the next token is one: `*found`, and the keyword in `*out`
/// (free it with `omnir_string_free`; empty when not found).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_optional_keyword(
    parser: *mut omnir_directive_parser,
    out: *mut omnir_string,
    found: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        check_out(found)?;
        let kw = p.inner().parse_optional_keyword().map_err(|e| p.fail(e))?;
        write_out(found, kw.is_some())?;
        write_out(out, omnir_string::from_bytes(kw.unwrap_or_default().as_bytes()))
    })
}

/// Parses punctuation (`(`, `)`, `,`, `:`, `->`, `=`, `<`, `>`, `[`, `]`, `{`, `}`, ...).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_punct(
    parser: *mut omnir_directive_parser,
    punct: *const c_char,
    punct_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let s = str_arg(punct, punct_len, "punctuation")?;
        p.inner().parse_punct(s).map_err(|e| p.fail(e))
    })
}

/// Parses punctuation if it is next; `*found` says whether it was.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_optional_punct(
    parser: *mut omnir_directive_parser,
    punct: *const c_char,
    punct_len: usize,
    found: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let s = str_arg(punct, punct_len, "punctuation")?;
        check_out(found)?;
        let got = p.inner().parse_optional_punct(s).map_err(|e| p.fail(e))?;
        write_out(found, got)
    })
}

/// Parses a type into `*out`.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_type(
    parser: *mut omnir_directive_parser,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        let t = p.inner().parse_type().map_err(|e| p.fail(e))?;
        write_out(out, omnir_type { context: p.serial, id: t.to_raw() })
    })
}

/// Parses an attribute into `*out`.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_parse_attribute(
    parser: *mut omnir_directive_parser,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        let a = p.inner().parse_attribute().map_err(|e| p.fail(e))?;
        write_out(out, omnir_attribute { context: p.serial, id: a.to_raw() })
    })
}

/// Appends a type to argument `arg` (a `type(...)` argument of the directive).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_add_type(
    parser: *mut omnir_directive_parser,
    arg: usize,
    ty: omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let t = directive_type(p.serial, p.inner().context(), ty)?;
        if let ParsedArg::Types(v) = p.slot(arg, OMNIR_DIRECTIVE_ARG_TYPES)? {
            v.push(t);
        }
        Ok(())
    })
}

/// Sets argument `arg` (an attribute of the op) to `attr`; a zeroed handle leaves it unset.
#[no_mangle]
pub extern "C" fn omnir_directive_parser_set_attribute(
    parser: *mut omnir_directive_parser,
    arg: usize,
    attr: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        let a = if attr.context == 0 { None } else { Some(directive_attr(p.serial, p.inner().context(), attr)?) };
        if let ParsedArg::Attr(slot) = p.slot(arg, OMNIR_DIRECTIVE_ARG_ATTRIBUTE)? {
            *slot = a;
        }
        Ok(())
    })
}

/// The number of the directive's arguments and the kind of argument `arg`
/// (`OMNIR_DIRECTIVE_ARG_*`).
#[no_mangle]
pub extern "C" fn omnir_directive_parser_get_arg_kind(
    parser: *mut omnir_directive_parser,
    arg: usize,
    out: *mut u32,
) -> omnir_status {
    ffi_call(|| {
        let p = parser_arg(parser)?;
        check_out(out)?;
        let kind = match p.args().get(arg) {
            Some(ParsedArg::Operands(_)) => OMNIR_DIRECTIVE_ARG_OPERANDS,
            Some(ParsedArg::Types(_)) => OMNIR_DIRECTIVE_ARG_TYPES,
            Some(ParsedArg::Attr(_)) => OMNIR_DIRECTIVE_ARG_ATTRIBUTE,
            Some(ParsedArg::RegionArgs(_)) => OMNIR_DIRECTIVE_ARG_REGION,
            Some(ParsedArg::Successors(_)) => OMNIR_DIRECTIVE_ARG_SUCCESSORS,
            Some(ParsedArg::Other) => OMNIR_DIRECTIVE_ARG_OTHER,
            None => return Err(ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("argument {arg}"))),
        };
        write_out(out, kind)
    })
}

fn directive_type(serial: u32, c: &Context, h: omnir_type) -> ApiResult<crate::types::Type> {
    if h.context != serial {
        return Err(ApiError::new(omnir_status::OMNIR_ERROR_WRONG_CONTEXT, "a type of another context"));
    }
    c.type_from_raw(h.id).ok_or_else(|| invalid("unknown type handle"))
}

fn directive_attr(serial: u32, c: &Context, h: omnir_attribute) -> ApiResult<crate::attrs::Attribute> {
    if h.context != serial {
        return Err(ApiError::new(omnir_status::OMNIR_ERROR_WRONG_CONTEXT, "an attribute of another context"));
    }
    c.attr_from_raw(h.id).ok_or_else(|| invalid("unknown attribute handle"))
}

impl omnir_directive_printer {
    fn inner(&mut self) -> &mut dyn DirectivePrinter {
        // SAFETY: valid during the callback (see `omnir_dialect_register_directive`).
        unsafe { &mut *self.printer }
    }
    fn args(&self) -> &[PrintArg] {
        // SAFETY: as above.
        unsafe { &*self.args }
    }
    fn arg(&self, arg: usize) -> ApiResult<&PrintArg> {
        let n = self.args().len();
        self.args()
            .get(arg)
            .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("argument {arg} of {n}")))
    }
}

/// Writes `text` (UTF-8).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_write(
    printer: *mut omnir_directive_printer,
    text: *const c_char,
    text_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let s = str_arg(text, text_len, "text")?;
        p.inner().write(s);
        Ok(())
    })
}

/// The kind of argument `arg` (`OMNIR_DIRECTIVE_ARG_*`) and how many values it holds
/// (operands or types; 0 or 1 for an attribute).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_get_arg(
    printer: *mut omnir_directive_printer,
    arg: usize,
    kind: *mut u32,
    count: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        check_out(kind)?;
        check_out(count)?;
        let (k, n) = match p.arg(arg)? {
            PrintArg::Operands(v) => (OMNIR_DIRECTIVE_ARG_OPERANDS, v.len()),
            PrintArg::Types(v) => (OMNIR_DIRECTIVE_ARG_TYPES, v.len()),
            PrintArg::Attr(a) => (OMNIR_DIRECTIVE_ARG_ATTRIBUTE, a.is_some() as usize),
            PrintArg::RegionArgs(v) => (OMNIR_DIRECTIVE_ARG_REGION, v.len()),
            PrintArg::Successors(v) => (OMNIR_DIRECTIVE_ARG_SUCCESSORS, v.len()),
            PrintArg::Other => (OMNIR_DIRECTIVE_ARG_OTHER, 0),
        };
        write_out(kind, k)?;
        write_out(count, n)
    })
}

/// Prints operand `index` of argument `arg` (an operand group) as the op's text names it.
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_operand(
    printer: *mut omnir_directive_printer,
    arg: usize,
    index: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let v = match p.arg(arg)? {
            PrintArg::Operands(v) | PrintArg::RegionArgs(v) => *v
                .get(index)
                .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("operand {index}")))?,
            _ => return Err(invalid(format!("argument {arg} is neither an operand group nor a region"))),
        };
        p.inner().print_value(v);
        Ok(())
    })
}

/// Type `index` of argument `arg`: a `type(...)` argument, or a region (the type of its
/// entry block's argument `index`).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_get_type(
    printer: *mut omnir_directive_printer,
    arg: usize,
    index: usize,
    out: *mut omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        check_out(out)?;
        let t = match p.arg(arg)? {
            PrintArg::Types(v) => *v
                .get(index)
                .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("type {index}")))?,
            PrintArg::RegionArgs(v) => {
                let value = *v.get(index).ok_or_else(|| {
                    ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("argument {index}"))
                })?;
                p.inner().context().value_type_ref(value.0)
            }
            _ => return Err(invalid(format!("argument {arg} is neither a type argument nor a region"))),
        };
        write_out(out, omnir_type { context: p.serial, id: t.to_raw() })
    })
}

/// Argument `arg` (an attribute): `*out` is zeroed when the op does not have it.
#[no_mangle]
pub extern "C" fn omnir_directive_printer_get_attribute(
    printer: *mut omnir_directive_printer,
    arg: usize,
    out: *mut omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        check_out(out)?;
        let a = match p.arg(arg)? {
            PrintArg::Attr(a) => *a,
            _ => return Err(invalid(format!("argument {arg} is not an attribute"))),
        };
        write_out(out, a.map_or(omnir_attribute::default(), |a| omnir_attribute { context: p.serial, id: a.to_raw() }))
    })
}

/// Prints a type as the op's text would (aliases included).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_type(
    printer: *mut omnir_directive_printer,
    ty: omnir_type,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let t = directive_type(p.serial, p.inner().context(), ty)?;
        p.inner().print_type(t);
        Ok(())
    })
}

/// Prints an attribute as the op's text would.
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_attribute(
    printer: *mut omnir_directive_printer,
    attr: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let a = directive_attr(p.serial, p.inner().context(), attr)?;
        p.inner().print_attribute(a);
        Ok(())
    })
}

/// Prints successor `index` of argument `arg` (a successor group) as the op's text names it
/// (`^bb1`).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_successor(
    printer: *mut omnir_directive_printer,
    arg: usize,
    index: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let b = match p.arg(arg)? {
            PrintArg::Successors(v) => *v
                .get(index)
                .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("successor {index}")))?,
            _ => return Err(invalid(format!("argument {arg} is not a successor group"))),
        };
        p.inner().print_successor(b);
        Ok(())
    })
}

/// Starts a new line at the op's indentation (MLIR's `printNewline`).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_newline(printer: *mut omnir_directive_printer) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        p.inner().print_newline();
        Ok(())
    })
}

/// Prints ` loc(...)` for entry block argument `index` of argument `arg` (a region) when
/// locations are printed (`--mlir-print-debuginfo`), nothing otherwise (MLIR's
/// `printOptionalLocationSpecifier` for region arguments).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_optional_location(
    printer: *mut omnir_directive_printer,
    arg: usize,
    index: usize,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let v = match p.arg(arg)? {
            PrintArg::RegionArgs(v) => *v
                .get(index)
                .ok_or_else(|| ApiError::new(omnir_status::OMNIR_ERROR_OUT_OF_RANGE, format!("argument {index}")))?,
            _ => return Err(invalid(format!("argument {arg} is not a region"))),
        };
        p.inner().print_optional_location(v);
        Ok(())
    })
}

/// Prints an attribute without its `: type` suffix (MLIR's `printAttributeWithoutType`).
#[no_mangle]
pub extern "C" fn omnir_directive_printer_print_attribute_without_type(
    printer: *mut omnir_directive_printer,
    attr: omnir_attribute,
) -> omnir_status {
    ffi_call(|| {
        let p = printer_arg(printer)?;
        let a = directive_attr(p.serial, p.inner().context(), attr)?;
        p.inner().print_attribute_without_type(a);
        Ok(())
    })
}
