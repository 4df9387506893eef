//! Dialects as data from Python: definition files (IRDL plus `omnir.*` attributes, see the
//! docs/dialects.md) and the hooks they name, written in Python: verifier hooks
//! (`omnir.verifier = "name"`) and `custom<Name>(...)` directives, whose callbacks get a
//! `DirectiveParser` / `DirectivePrinter` (MLIR's `OpAsmParser` / `OpAsmPrinter`
//! vocabulary, in Python style).
//!
//! Python callables become closures of the Rust client (`Context::register_verifier_hook`,
//! `Context::register_custom_directive`); they run with the GIL on the thread that parses,
//! prints or verifies. An exception in a parser fails the parse (an `MLIRError` at the
//! position reached); in a verifier it fails verification with its text; in a printer it
//! stops the directive's output and is raised again by the call that printed.

use std::cell::RefCell;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use omnir::DirectiveArgKind;

use crate::attributes::{wrap_attr, Attribute};
use crate::context::context_object;
use crate::errors::{diag_err, MLIRError, OrPy};
use crate::ir::new_op;
use crate::types::{wrap_type, Type};

/// `Context.load_dialect_definitions(text, filename)`.
pub fn load(py: Python<'_>, ctx: &omnir::Context, text: &Bound<'_, PyAny>, filename: &str) -> PyResult<()> {
    let owned;
    let text: &str = if let Ok(s) = text.cast::<PyString>() {
        owned = s.to_cow()?.into_owned();
        &owned
    } else if let Ok(b) = text.cast::<PyBytes>() {
        owned = std::str::from_utf8(b.as_bytes())
            .map_err(|e| PyValueError::new_err(format!("definitions are not valid UTF-8: {e}")))?
            .to_owned();
        &owned
    } else {
        return Err(crate::errors::type_error("str or bytes", text));
    };
    ctx.with_diagnostics(|| ctx.load_definitions(text, filename))
        .map_err(|e| diag_err(py, e, "Unable to load dialect definitions"))
}

/// `Context.register_verifier_hook(name, fn)`.
pub fn register_verifier_hook(py: Python<'_>, ctx: &omnir::Context, name: &str, callback: Py<PyAny>) -> PyResult<()> {
    check_callable(py, &callback, "fn")?;
    ctx.register_verifier_hook(name, move |op: &omnir::Operation| {
        Python::attach(|py| {
            let r = new_op(py, op.clone(), None).and_then(|o| callback.call1(py, (o,)));
            crate::dialects::verdict(py, r)
        })
    })
    .py()
}

/// `Context.register_custom_directive(dialect, name, parse, print)`.
pub fn register_custom_directive(
    py: Python<'_>,
    ctx: &omnir::Context,
    dialect: &str,
    name: &str,
    parse: Py<PyAny>,
    print: Py<PyAny>,
) -> PyResult<()> {
    check_callable(py, &parse, "parse")?;
    check_callable(py, &print, "print")?;
    let directive = format!("custom<{name}>");
    let what = directive.clone();
    ctx.register_custom_directive(
        dialect,
        name,
        move |p: &mut omnir::DirectiveParser| {
            Python::attach(|py| {
                let obj = Py::new(py, DirectiveParser { p: p.clone() }).map_err(|e| to_error(py, &e, &directive))?;
                match parse.call1(py, (obj,)) {
                    Ok(_) => Ok(()),
                    Err(e) => Err(to_error(py, &e, &directive)),
                }
            })
        },
        move |p: &mut omnir::DirectivePrinter| {
            Python::attach(|py| {
                let r = Py::new(py, DirectivePrinter { p: p.clone() }).and_then(|obj| print.call1(py, (obj,)));
                if let Err(e) = r {
                    let text = format!("{what} printer: {}", crate::dialects::exception_text(py, &e));
                    PRINT_ERROR.with(|slot| {
                        slot.borrow_mut().get_or_insert(text);
                    });
                }
            })
        },
    )
    .py()
}

fn check_callable(py: Python<'_>, f: &Py<PyAny>, what: &str) -> PyResult<()> {
    if f.bind(py).is_callable() {
        Ok(())
    } else {
        Err(PyTypeError::new_err(format!("{what}: expected a callable, got {}", crate::util::type_name(f.bind(py)))))
    }
}

/// A Python exception of a directive's parser as the client's error: an `MLIRError` raised
/// by a failed parser call keeps that call's diagnostic (status `ParseFailed`), anything
/// else becomes the parse error's message.
fn to_error(py: Python<'_>, e: &PyErr, directive: &str) -> omnir::Error {
    let text = crate::dialects::exception_text(py, e);
    if e.is_instance_of::<MLIRError>(py) {
        omnir::Error::new(omnir::Status::ParseFailed, text)
    } else {
        omnir::Error::new(omnir::Status::CallbackFailed, format!("{directive}: {text}"))
    }
}

thread_local! {
    /// The first exception of a directive printer during the current print on this thread.
    static PRINT_ERROR: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs a print call and raises the exception a Python directive printer hit meanwhile
/// (printing itself cannot fail, so the printer's output stops and the error comes here).
pub fn checked_print(f: impl FnOnce() -> omnir::Result<String>) -> PyResult<String> {
    PRINT_ERROR.with(|slot| slot.borrow_mut().take());
    let r = f();
    if let Some(text) = PRINT_ERROR.with(|slot| slot.borrow_mut().take()) {
        return Err(MLIRError::new_err(text));
    }
    r.py()
}

fn kind_name(k: DirectiveArgKind) -> &'static str {
    match k {
        DirectiveArgKind::Operands => "operands",
        DirectiveArgKind::Types => "types",
        DirectiveArgKind::Attribute => "attribute",
        DirectiveArgKind::Region => "region",
        DirectiveArgKind::Successors => "successors",
        DirectiveArgKind::Other => "other",
    }
}

fn type_arg(t: &Bound<'_, PyAny>, what: &str) -> PyResult<omnir::Type> {
    Ok(crate::util::cast_arg::<Type>(t, what)?.get().t.clone())
}

fn attr_arg(a: &Bound<'_, PyAny>, what: &str) -> PyResult<omnir::Attribute> {
    Ok(crate::util::cast_arg::<Attribute>(a, what)?.get().attr.clone())
}

/// The text a `custom<Name>(...)` directive's parse callback reads (MLIR's `OpAsmParser`),
/// valid only during that callback. Arguments are numbered from 0 in the order the format
/// writes them: `custom<List>($values, type($values))` has operands 0 and types 1. A failed
/// call raises `MLIRError`; let it propagate (the error is reported where the text is
/// wrong), or raise anything else to fail the parse with your own message.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct DirectiveParser {
    p: omnir::DirectiveParser,
}

impl DirectiveParser {
    /// The client's parser methods take `&mut self` (one user at a time, as in the
    /// callback); Python objects are shared, so each call works on a handle of its own.
    fn p(&self) -> omnir::DirectiveParser {
        self.p.clone()
    }
}

#[pymethods]
impl DirectiveParser {
    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<crate::context::Context>> {
        context_object(py, self.p.context())
    }

    /// The kind of argument `arg`: "operands", "types", "attribute", "region", "successors"
    /// or "other".
    fn arg_kind(&self, arg: usize) -> PyResult<&'static str> {
        Ok(kind_name(self.p.arg_kind(arg).py()?))
    }

    /// `parseOperand`: an SSA use (`%x`, `%x#1`), added to operand group `arg`.
    fn parse_operand(&self, arg: usize) -> PyResult<()> {
        self.p().parse_operand(arg).py()
    }

    /// `parseOptionalOperand`: whether an SSA use was next (and added to `arg`).
    fn parse_optional_operand(&self, arg: usize) -> PyResult<bool> {
        self.p().parse_optional_operand(arg).py()
    }

    /// Whether the next token is an SSA name.
    fn at_operand(&self) -> PyResult<bool> {
        self.p.at_operand().py()
    }

    /// `parseArgument`: a new SSA name (`%x`) that becomes an entry block argument of
    /// region `arg`, of type `type`.
    fn parse_argument(&self, arg: usize, r#type: &Bound<'_, PyAny>) -> PyResult<()> {
        let t = type_arg(r#type, "type")?;
        self.p().parse_argument(arg, &t).py()
    }

    /// `parseArgumentList` with parentheses: `(%a, %b, ...)` or `()`, new SSA names that
    /// become entry block arguments of region `arg`, of type `type`; None leaves their types
    /// to `set_argument_type`. Returns how many were read.
    #[pyo3(signature = (arg, r#type=None))]
    fn parse_argument_list(&self, arg: usize, r#type: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let t = r#type.filter(|t| !t.is_none()).map(|t| type_arg(t, "type")).transpose()?;
        self.p().parse_argument_list(arg, t.as_ref()).py()
    }

    /// The type of entry block argument `index` of region `arg`, for names read before
    /// their types (`(%a, %b) : i32`).
    fn set_argument_type(&self, arg: usize, index: usize, r#type: &Bound<'_, PyAny>) -> PyResult<()> {
        let t = type_arg(r#type, "type")?;
        self.p().set_argument_type(arg, index, &t).py()
    }

    /// `parseSuccessor`: a block name (`^bb1`), added to successor group `arg`.
    fn parse_successor(&self, arg: usize) -> PyResult<()> {
        self.p().parse_successor(arg).py()
    }

    /// Whether the next token is a block name.
    fn at_successor(&self) -> PyResult<bool> {
        self.p.at_successor().py()
    }

    /// `parseOptionalInteger`: the signed integer literal next (consumed), or None.
    fn parse_optional_integer(&self) -> PyResult<Option<i64>> {
        self.p().parse_optional_integer().py()
    }

    /// `parseOptionalString`: the string literal next (consumed, unescaped), or None.
    fn parse_optional_string(&self) -> PyResult<Option<String>> {
        self.p().parse_optional_string().py()
    }

    /// Whether the next token is `keyword` (not consumed): with `parse_keyword`,
    /// `parseOptionalKeyword("keyword")`.
    fn at_keyword(&self, keyword: &str) -> PyResult<bool> {
        self.p.at_keyword(keyword).py()
    }

    /// `parseKeyword`: exactly `keyword`.
    fn parse_keyword(&self, keyword: &str) -> PyResult<()> {
        self.p().parse_keyword(keyword).py()
    }

    /// `parseOptionalKeyword`: the bare identifier next (consumed), or None.
    fn parse_optional_keyword(&self) -> PyResult<Option<String>> {
        self.p().parse_optional_keyword().py()
    }

    /// Punctuation: `(`, `)`, `,`, `:`, `->`, `=`, `<`, `>`, `[`, `]`, `{`, `}`...
    /// (`parseLParen`, `parseComma`, `parseArrow`...).
    fn parse_punctuation(&self, punctuation: &str) -> PyResult<()> {
        self.p().parse_punctuation(punctuation).py()
    }

    /// `parseOptionalLParen`, `parseOptionalComma`...: whether `punctuation` was next.
    fn parse_optional_punctuation(&self, punctuation: &str) -> PyResult<bool> {
        self.p().parse_optional_punctuation(punctuation).py()
    }

    /// `parseType`.
    fn parse_type(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let t = self.p().parse_type().py()?;
        wrap_type(py, t)
    }

    /// `parseAttribute`.
    fn parse_attribute(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let a = self.p().parse_attribute().py()?;
        wrap_attr(py, a)
    }

    /// Adds type `t` to argument `arg` (a `type(...)` argument).
    fn add_type(&self, arg: usize, t: &Bound<'_, PyAny>) -> PyResult<()> {
        let t = type_arg(t, "t")?;
        self.p().add_type(arg, &t).py()
    }

    /// Sets argument `arg` (an attribute of the op) to `a`; None leaves it unset.
    fn set_attribute(&self, arg: usize, a: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let a = a.filter(|a| !a.is_none()).map(|a| attr_arg(a, "a")).transpose()?;
        self.p().set_attribute(arg, a.as_ref()).py()
    }

    fn __repr__(&self) -> &'static str {
        "<DirectiveParser>"
    }
}

/// Where a `custom<Name>(...)` directive's print callback writes (MLIR's `OpAsmPrinter`),
/// valid only during that callback; arguments are numbered as for `DirectiveParser`.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct DirectivePrinter {
    p: omnir::DirectivePrinter,
}

#[pymethods]
impl DirectivePrinter {
    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<crate::context::Context>> {
        context_object(py, self.p.context())
    }

    /// The kind of argument `arg` (as `DirectiveParser.arg_kind`).
    fn arg_kind(&self, arg: usize) -> PyResult<&'static str> {
        Ok(kind_name(self.p.arg(arg).py()?.0))
    }

    /// Writes `text` as is.
    fn write(&self, text: &str) -> PyResult<()> {
        self.p.clone().write(text).py()
    }

    /// How many values argument `arg` holds (operands, types, successors, a region's entry
    /// block arguments; 0 or 1 for an attribute).
    fn num_values(&self, arg: usize) -> PyResult<usize> {
        self.p.num_values(arg).py()
    }

    /// `printOperand`: operand `index` of operand group `arg`, named as in the op's text.
    fn print_operand(&self, arg: usize, index: usize) -> PyResult<()> {
        self.p.clone().print_operand(arg, index).py()
    }

    /// Type `index` of argument `arg` (a `type(...)` argument, or a region's entry block
    /// argument).
    fn r#type(&self, py: Python<'_>, arg: usize, index: usize) -> PyResult<Py<PyAny>> {
        let t = self.p.type_at(arg, index).py()?;
        wrap_type(py, t)
    }

    /// Argument `arg` (an attribute of the op), None when the op does not have it.
    fn attribute(&self, py: Python<'_>, arg: usize) -> PyResult<Option<Py<PyAny>>> {
        self.p.attribute(arg).py()?.map(|a| wrap_attr(py, a)).transpose()
    }

    /// `printType`, aliases included.
    fn print_type(&self, t: &Bound<'_, PyAny>) -> PyResult<()> {
        let t = type_arg(t, "t")?;
        self.p.clone().print_type(&t).py()
    }

    /// `printAttribute`.
    fn print_attribute(&self, a: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = attr_arg(a, "a")?;
        self.p.clone().print_attribute(&a).py()
    }

    /// `printAttributeWithoutType`: `3`, not `3 : i64`.
    fn print_attribute_without_type(&self, a: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = attr_arg(a, "a")?;
        self.p.clone().print_attribute_without_type(&a).py()
    }

    /// `printSuccessor`: successor `index` of successor group `arg` (`^bb1`).
    fn print_successor(&self, arg: usize, index: usize) -> PyResult<()> {
        self.p.clone().print_successor(arg, index).py()
    }

    /// `printNewline`: a new line at the op's indentation.
    fn print_newline(&self) -> PyResult<()> {
        self.p.clone().print_newline().py()
    }

    /// `printOptionalLocationSpecifier` for entry block argument `index` of region `arg`:
    /// ` loc(...)` when locations are printed, nothing otherwise.
    fn print_optional_location_specifier(&self, arg: usize, index: usize) -> PyResult<()> {
        self.p.clone().print_optional_location_specifier(arg, index).py()
    }

    fn __repr__(&self) -> &'static str {
        "<DirectivePrinter>"
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DirectiveParser>()?;
    m.add_class::<DirectivePrinter>()?;
    Ok(())
}
