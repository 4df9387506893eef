//! Dialects as data: definition files (IRDL + `omnir.*` attributes) and the hooks they name,
//! written in JavaScript — verifier hooks (`omnir.verifier = "name"`) and the parsers and
//! printers of `custom<Name>(...)` directives, over the client's
//! `Context::register_verifier_hook` / `register_custom_directive`.
//!
//! A directive's JavaScript parser or printer object refers to the client's
//! `DirectiveParser` / `DirectivePrinter` by an id in the tables below, valid only while its
//! callback runs (the JavaScript side also closes its object then, so a kept object cannot
//! reach a later callback's entry through a reused id).

use std::cell::RefCell;

use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;
use omnir::{DirectiveArgKind, DirectiveParser, DirectivePrinter, Error, Operation, Status};

use crate::callbacks::{numbers, to_js, Answer, JsCallback, DIRECTIVE_PARSE, DIRECTIVE_PRINT, OP_VERIFIER};
use crate::handles::*;
use crate::state::{self, rd, run, run_cx, run_value, run_value_cx, wr, JsText, Slab};

thread_local! {
    static PARSERS: RefCell<Slab<DirectiveParser>> = RefCell::new(Slab::default());
    static PRINTERS: RefCell<Slab<DirectivePrinter>> = RefCell::new(Slab::default());
    /// The first failure of a JavaScript directive printer during the print running on this
    /// thread: the client's printers cannot fail, so `checked_print` turns it into the
    /// print's error instead of returning text with a directive left out.
    static PRINT_FAILURE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Loads definitions on the context in slot 0, its diagnostics collected for the error.
fn load(load: impl FnOnce(&omnir::Context) -> omnir::Result<()>) -> u32 {
    let slot = rd(0);
    match (|| -> Result<(), (Error, Vec<omnir::Diagnostic>)> {
        let ctx = state::context(slot).map_err(|e| (e, Vec::new()))?;
        ctx.with_diagnostics(|| load(&ctx)).map_err(|d| (d.error, d.diagnostics))
    })() {
        Ok(()) => 0,
        Err((e, d)) => state::fail_with(e, d),
    }
}

/// in: ctx. Loads a definition file (`mlir-opt --irdl-file`); a bad file registers nothing.
#[napi]
pub fn ctx_load_definitions(text: String, filename: String) -> u32 {
    load(|ctx| ctx.load_definitions(&text, &filename))
}

/// As `ctx_load_definitions`, for bytes: bytes that are not UTF-8 fail at the first bad
/// byte's `file:line:col`, as `module_parse_bytes`.
#[napi]
pub fn ctx_load_definitions_bytes(text: Uint8Array, filename: String) -> u32 {
    load(|ctx| ctx.load_definitions(omnir::utf8_source(ctx, &text, &filename)?, &filename))
}

/// in: ctx, callback (1). Registers a verifier hook written in JavaScript (called as an
/// operation verifier).
#[napi]
pub fn ctx_register_verifier_hook(name: String) -> u32 {
    let (slot, index) = (rd(0), rd(1));
    run_cx(|ctx| {
        let cb = JsCallback::new(slot, index);
        ctx.register_verifier_hook(&name, move |op: &Operation| {
            let (i, g) = (op.raw().index, op.raw().generation);
            crate::dialect::verdict(cb.call(OP_VERIFIER, |env| numbers(env, &[i, g])))
        })
    })
}

/// in: ctx, callback (1: the `{ parse, print }` object). Registers `custom<name>` for the
/// assembly formats of `dialect`'s operations.
#[napi]
pub fn ctx_register_custom_directive(dialect: String, name: String) -> u32 {
    let (slot, index) = (rd(0), rd(1));
    run_cx(|ctx| {
        let cb = JsCallback::new(slot, index);
        let what = format!("custom<{name}> of dialect '{dialect}'");
        let what2 = what.clone();
        ctx.register_custom_directive(
            &dialect,
            &name,
            move |p: &mut DirectiveParser| {
                let id = PARSERS.with(|t| t.borrow_mut().insert(p.clone()));
                let r = cb.call(DIRECTIVE_PARSE, |env| to_js(env, id));
                PARSERS.with(|t| t.borrow_mut().remove(id));
                match r {
                    Ok(Answer::Ok) => Ok(()),
                    // The JavaScript parser let a failed parser call's error through: that
                    // call already reported its diagnostic at the offending token, which the
                    // client keeps when the closure fails with ParseFailed.
                    Ok(Answer::Number(_)) => Err(Error::new(Status::ParseFailed, format!("{what} failed to parse"))),
                    Ok(Answer::No) => Err(p.error(format!("{what} failed to parse"))),
                    Err(m) => Err(p.error(m)),
                }
            },
            move |p: &mut DirectivePrinter| {
                let id = PRINTERS.with(|t| t.borrow_mut().insert(p.clone()));
                let r = cb.call(DIRECTIVE_PRINT, |env| to_js(env, id));
                PRINTERS.with(|t| t.borrow_mut().remove(id));
                if let Err(m) = r {
                    PRINT_FAILURE.with(|f| {
                        f.borrow_mut().get_or_insert_with(|| format!("{what2} failed to print: {m}"));
                    });
                }
            },
        )
    })
}

/// Runs a print; a JavaScript directive printer that failed during it makes it fail
/// (`OMNIR_ERROR_CALLBACK_FAILED`). Nested prints (a printer printing IR) keep their own.
pub(crate) fn checked_print(print: impl FnOnce() -> omnir::Result<String>) -> omnir::Result<String> {
    let outer = PRINT_FAILURE.with(|f| f.borrow_mut().take());
    let r = print();
    match PRINT_FAILURE.with(|f| std::mem::replace(&mut *f.borrow_mut(), outer)) {
        Some(m) => Err(Error::new(Status::CallbackFailed, m)),
        None => r,
    }
}

fn closed(what: &str) -> Error {
    invalid_arg(format!("the directive {what} is only valid during its callback"))
}

fn invalid_arg(m: String) -> Error {
    Error::new(Status::InvalidArgument, m)
}

/// The parser of id `rd(0)`, cloned out of the table: its calls may run JavaScript (a type's
/// parameter verifier) that uses the table.
fn parser() -> omnir::Result<DirectiveParser> {
    let id = rd(0);
    PARSERS.with(|t| t.borrow().get(id).cloned()).ok_or_else(|| closed("parser"))
}

fn printer() -> omnir::Result<DirectivePrinter> {
    let id = rd(0);
    PRINTERS.with(|t| t.borrow().get(id).cloned()).ok_or_else(|| closed("printer"))
}

fn kind_code(k: DirectiveArgKind) -> u32 {
    match k {
        DirectiveArgKind::Operands => 0,
        DirectiveArgKind::Types => 1,
        DirectiveArgKind::Attribute => 2,
        DirectiveArgKind::Region => 3,
        DirectiveArgKind::Successors => 5,
        _ => 4,
    }
}

// ---------------------------------------------------------------------------------------
// the parser: in: parser id (0), then the arguments listed

/// in: arg (1) / out: kind (0: 0 operands, 1 types, 2 attribute, 3 region, 4 other,
/// 5 successors).
#[napi]
pub fn dparser_arg_kind() -> u32 {
    let arg = rd(1) as usize;
    run(|| {
        let k = parser()?.arg_kind(arg)?;
        wr(0, kind_code(k));
        Ok(())
    })
}

/// in: arg (1).
#[napi]
pub fn dparser_parse_operand() -> u32 {
    let arg = rd(1) as usize;
    run(|| parser()?.parse_operand(arg))
}

/// in: arg (1) / out: found (0).
#[napi]
pub fn dparser_parse_optional_operand() -> u32 {
    let arg = rd(1) as usize;
    run(|| {
        let found = parser()?.parse_optional_operand(arg)?;
        wr(0, found as u32);
        Ok(())
    })
}

/// out: whether an operand comes next (0).
#[napi]
pub fn dparser_at_operand() -> u32 {
    run(|| {
        let at = parser()?.at_operand()?;
        wr(0, at as u32);
        Ok(())
    })
}

/// in: arg (1), type (2).
#[napi]
pub fn dparser_parse_argument() -> u32 {
    let (arg, ty) = (rd(1) as usize, rd(2));
    run(|| {
        let mut p = parser()?;
        let t = omnir::Type::from_raw(p.context(), type_raw(p.context(), ty));
        p.parse_argument(arg, &t)
    })
}

/// in: arg (1), type (2, 0: set later by `dparser_set_argument_type`) / out: count (0).
#[napi]
pub fn dparser_parse_argument_list() -> u32 {
    let (arg, ty) = (rd(1) as usize, rd(2));
    run(|| {
        let mut p = parser()?;
        let t = (ty != 0).then(|| omnir::Type::from_raw(p.context(), type_raw(p.context(), ty)));
        let n = p.parse_argument_list(arg, t.as_ref())?;
        wr(0, u32::try_from(n).unwrap_or(u32::MAX));
        Ok(())
    })
}

/// in: arg (1), index (2), type (3).
#[napi]
pub fn dparser_set_argument_type() -> u32 {
    let (arg, index, ty) = (rd(1) as usize, rd(2) as usize, rd(3));
    run(|| {
        let mut p = parser()?;
        let t = omnir::Type::from_raw(p.context(), type_raw(p.context(), ty));
        p.set_argument_type(arg, index, &t)
    })
}

/// in: arg (1).
#[napi]
pub fn dparser_parse_successor() -> u32 {
    let arg = rd(1) as usize;
    run(|| parser()?.parse_successor(arg))
}

/// out: whether a block name comes next (0).
#[napi]
pub fn dparser_at_successor() -> u32 {
    run(|| {
        let at = parser()?.at_successor()?;
        wr(0, at as u32);
        Ok(())
    })
}

/// out: found (0), the integer (1-2, low half first).
#[napi]
pub fn dparser_parse_optional_integer() -> u32 {
    run(|| {
        let v = parser()?.parse_optional_integer()?;
        let bits = v.unwrap_or(0) as u64;
        wr(0, v.is_some() as u32);
        wr(1, bits as u32);
        wr(2, (bits >> 32) as u32);
        Ok(())
    })
}

/// out: found (0). Returns the string (`""` when none), null on failure: an empty string
/// literal is a string, so `found` tells them apart.
#[napi(ts_return_type = "string | null")]
pub fn dparser_parse_optional_string() -> Option<JsText> {
    run_value(|| {
        let s = parser()?.parse_optional_string()?;
        wr(0, s.is_some() as u32);
        Ok(JsText(s.unwrap_or_default()))
    })
}

/// out: whether `keyword` comes next (0).
#[napi]
pub fn dparser_at_keyword(keyword: String) -> u32 {
    run(|| {
        let at = parser()?.at_keyword(&keyword)?;
        wr(0, at as u32);
        Ok(())
    })
}

#[napi]
pub fn dparser_parse_keyword(keyword: String) -> u32 {
    run(|| parser()?.parse_keyword(&keyword))
}

/// Returns the keyword, `""` when none comes next (a keyword is never empty), null on
/// failure.
#[napi(ts_return_type = "string | null")]
pub fn dparser_parse_optional_keyword() -> Option<JsText> {
    run_value(|| Ok(JsText(parser()?.parse_optional_keyword()?.unwrap_or_default())))
}

#[napi]
pub fn dparser_parse_punctuation(punct: String) -> u32 {
    run(|| parser()?.parse_punctuation(&punct))
}

/// out: found (0).
#[napi]
pub fn dparser_parse_optional_punctuation(punct: String) -> u32 {
    run(|| {
        let found = parser()?.parse_optional_punctuation(&punct)?;
        wr(0, found as u32);
        Ok(())
    })
}

/// out: type (0).
#[napi]
pub fn dparser_parse_type() -> u32 {
    run(|| {
        let t = parser()?.parse_type()?;
        wr(0, type_id(&t));
        Ok(())
    })
}

/// out: attribute (0).
#[napi]
pub fn dparser_parse_attribute() -> u32 {
    run(|| {
        let a = parser()?.parse_attribute()?;
        wr(0, attr_id(&a));
        Ok(())
    })
}

/// in: arg (1), type (2).
#[napi]
pub fn dparser_add_type() -> u32 {
    let (arg, ty) = (rd(1) as usize, rd(2));
    run(|| {
        let mut p = parser()?;
        let t = omnir::Type::from_raw(p.context(), type_raw(p.context(), ty));
        p.add_type(arg, &t)
    })
}

/// in: arg (1), attribute (2, 0 for none).
#[napi]
pub fn dparser_set_attribute() -> u32 {
    let (arg, attr) = (rd(1) as usize, rd(2));
    run(|| {
        let mut p = parser()?;
        let a = (attr != 0).then(|| omnir::Attribute::from_raw(p.context(), attr_raw(p.context(), attr)));
        p.set_attribute(arg, a.as_ref())
    })
}

// ---------------------------------------------------------------------------------------
// the printer: in: printer id (0), then the arguments listed

#[napi]
pub fn dprinter_write(text: String) -> u32 {
    run(|| printer()?.write(&text))
}

/// in: arg (1) / out: kind (0, as `dparser_arg_kind`), number of values (1).
#[napi]
pub fn dprinter_arg() -> u32 {
    let arg = rd(1) as usize;
    run(|| {
        let (k, n) = printer()?.arg(arg)?;
        wr(0, kind_code(k));
        wr(1, u32::try_from(n).unwrap_or(u32::MAX));
        Ok(())
    })
}

/// in: arg (1), index (2).
#[napi]
pub fn dprinter_print_operand() -> u32 {
    let (arg, index) = (rd(1) as usize, rd(2) as usize);
    run(|| printer()?.print_operand(arg, index))
}

/// in: arg (1), index (2) / out: type (0).
#[napi]
pub fn dprinter_get_type() -> u32 {
    let (arg, index) = (rd(1) as usize, rd(2) as usize);
    run(|| {
        let t = printer()?.type_at(arg, index)?;
        wr(0, type_id(&t));
        Ok(())
    })
}

/// in: arg (1) / out: attribute (0, 0 when the op does not have it).
#[napi]
pub fn dprinter_get_attribute() -> u32 {
    let arg = rd(1) as usize;
    run(|| {
        let a = printer()?.attribute(arg)?;
        wr(0, opt_attr_id(a));
        Ok(())
    })
}

/// in: type (1).
#[napi]
pub fn dprinter_print_type() -> u32 {
    let ty = rd(1);
    run(|| {
        let mut p = printer()?;
        let t = omnir::Type::from_raw(p.context(), type_raw(p.context(), ty));
        p.print_type(&t)
    })
}

/// in: attribute (1).
#[napi]
pub fn dprinter_print_attribute() -> u32 {
    let attr = rd(1);
    run(|| {
        let mut p = printer()?;
        let a = omnir::Attribute::from_raw(p.context(), attr_raw(p.context(), attr));
        p.print_attribute(&a)
    })
}

/// in: attribute (1).
#[napi]
pub fn dprinter_print_attribute_without_type() -> u32 {
    let attr = rd(1);
    run(|| {
        let mut p = printer()?;
        let a = omnir::Attribute::from_raw(p.context(), attr_raw(p.context(), attr));
        p.print_attribute_without_type(&a)
    })
}

/// in: arg (1), index (2).
#[napi]
pub fn dprinter_print_successor() -> u32 {
    let (arg, index) = (rd(1) as usize, rd(2) as usize);
    run(|| printer()?.print_successor(arg, index))
}

#[napi]
pub fn dprinter_print_newline() -> u32 {
    run(|| printer()?.print_newline())
}

/// in: arg (1), index (2).
#[napi]
pub fn dprinter_print_optional_location_specifier() -> u32 {
    let (arg, index) = (rd(1) as usize, rd(2) as usize);
    run(|| printer()?.print_optional_location_specifier(arg, index))
}

/// in: ctx / returns the typed bindings of `dialect` in `language` (`javascript`,
/// `typescript`, `python`), or null on failure (the error is the last error).
#[napi]
pub fn ctx_generate_bindings(dialect: String, language: String, source: String) -> Option<String> {
    run_value_cx(|ctx| ctx.generate_bindings(&dialect, &language, &source))
}
