//! Identifiers: strings interned in a context (MLIR's `StringAttr` used as a name, the C
//! API's `omnir_identifier`). Operation names are identifiers, so comparing an operation's
//! [`name_identifier`](Operation::name_identifier) with one made once by
//! [`Context::identifier`] tells its kind without copying its name.

use std::fmt;
use std::hash::{Hash, Hasher};

use omnir_sys as sys;

use crate::error::{out, Result};
use crate::strings::{arg, string_out};
use crate::{Context, Operation};

/// An identifier of a context: `Copy`, equal and hashed by handle (two identifiers are equal
/// exactly when they are of one context and have the same text), printed as its text.
///
/// # Design: a borrow of the context
/// Unlike the other wrappers, an identifier is a plain `Copy` value for cheap comparisons in
/// hot loops, so it borrows its [`Context`] (`'c`) instead of holding a clone of it. Glue that
/// needs a `'static` identifier keeps the context and the C handle ([`Identifier::raw`]) and
/// rebuilds it with [`Identifier::from_raw`].
#[derive(Copy, Clone)]
pub struct Identifier<'c> {
    ctx: &'c Context,
    raw: sys::omnir_identifier,
}

impl<'c> Identifier<'c> {
    /// Wraps a C handle of `ctx`. A handle of another context is refused by
    /// [`Identifier::text`] as `WrongContext`.
    pub fn from_raw(ctx: &'c Context, raw: sys::omnir_identifier) -> Identifier<'c> {
        Identifier { ctx, raw }
    }

    /// The C handle.
    pub fn raw(&self) -> sys::omnir_identifier {
        self.raw
    }

    /// The context it belongs to.
    pub fn context(&self) -> &'c Context {
        self.ctx
    }

    /// The identifier's text.
    pub fn text(&self) -> Result<String> {
        // SAFETY: live context (borrowed for `'c`), plain handle, valid out-parameter.
        string_out(|o| unsafe { sys::omnir_identifier_str(self.ctx.as_raw(), self.raw, o) })
    }
}

impl PartialEq for Identifier<'_> {
    fn eq(&self, other: &Identifier<'_>) -> bool {
        // SAFETY: a pure comparison of two handle values.
        unsafe { sys::omnir_identifier_equal(self.raw, other.raw) }
    }
}

impl Eq for Identifier<'_> {}

impl Hash for Identifier<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Consistent with `eq`: the handle carries its context's serial and the interned id.
        self.raw.hash(state);
    }
}

impl fmt::Display for Identifier<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text() {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<identifier: {e}>"),
        }
    }
}

impl fmt::Debug for Identifier<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identifier({self})")
    }
}

impl Context {
    /// The identifier for `text`, interned in this context on first use (MLIR's
    /// `StringAttr::get(ctx, text)` as a name).
    pub fn identifier(&self, text: &str) -> Result<Identifier<'_>> {
        let (t, tl) = arg(text);
        // SAFETY: live context, valid string and out-pointer.
        let raw = out(|p| unsafe { sys::omnir_identifier_get(self.as_raw(), t, tl, p) })?;
        Ok(Identifier { ctx: self, raw })
    }
}

impl Operation {
    /// The operation's name as an identifier (MLIR's `getName().getIdentifier()`), borrowing
    /// the operation's context.
    pub fn name_identifier(&self) -> Result<Identifier<'_>> {
        // SAFETY: live context, plain handle, valid out-pointer.
        let raw = out(|p| unsafe { sys::omnir_op_get_name_identifier(self.cx(), self.raw, p) })?;
        Ok(Identifier { ctx: self.context(), raw })
    }
}
