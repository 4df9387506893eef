//! `SymbolTable`: MLIR's symbol table of a symbol-table operation (e.g. `builtin.module`).

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use omnir::{TreeOwner, Visibility};

use crate::attributes::{aref, wrap_attr, Attribute, StringAttr};
use crate::errors::OrPy;
use crate::ir::{as_op, op_or_view, owner_now};

/// The symbol table of a symbol-table operation: lookup by name, insert (names made
/// unique), erase, and the static helpers on symbol names and visibility.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct SymbolTable {
    /// Shared without a lock of ours: omnir serializes the calls on it (a lock here would be
    /// held across waits for the context; ARCHITECTURE.md, "Lock order").
    table: omnir::SymbolTable,
    owner: Option<TreeOwner>,
}

impl SymbolTable {
    fn with<R>(&self, f: impl FnOnce(&omnir::SymbolTable) -> R) -> R {
        f(&self.table)
    }
}

fn not_found(name: &str) -> PyErr {
    PyKeyError::new_err(format!("Symbol '{name}' not in the symbol table."))
}

/// MLIR's `SymbolTable::walkSymbolTables`: nested symbol tables before their parent, each
/// with whether all uses of its symbols are visible from `from_op`.
fn walk_tables(
    py: Python<'_>,
    op: &omnir::Operation,
    mut visible: bool,
    owner: &Option<TreeOwner>,
    callback: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let is_table = op.is_symbol_table().py()?;
    if is_table {
        // Symbol tables are symbols themselves here (builtin.module is one even unnamed).
        visible |= op.symbol_name().py()?.is_some() && op.visibility().py()? == Visibility::Private;
    } else {
        visible = true;
    }
    for region in op.regions().py()? {
        for block in region.blocks().py()? {
            for nested in block.operations().py()? {
                walk_tables(py, &nested, visible, owner, callback)?;
            }
        }
    }
    if is_table {
        callback.call1((op_or_view(py, op.clone(), owner.clone())?, visible))?;
    }
    Ok(())
}

fn string_attr(py: Python<'_>, ctx: &omnir::Context, s: &str) -> PyResult<Py<PyAny>> {
    wrap_attr(py, ctx.string_attr(s).py()?)
}

#[pymethods]
impl SymbolTable {
    #[new]
    fn py_new(symbol_table: &Bound<'_, PyAny>) -> PyResult<SymbolTable> {
        let py = symbol_table.py();
        let o = as_op(symbol_table)?;
        let o = o.get();
        let table = match omnir::SymbolTable::new(&o.op) {
            Ok(t) => t,
            // MLIR raises TypeError here; the core's message says why.
            Err(e) if !o.op.is_symbol_table().py()? => {
                return Err(PyTypeError::new_err(format!("Operation is not a Symbol Table. ({})", e.message)))
            }
            Err(e) => return Err(crate::errors::err(e)),
        };
        Ok(SymbolTable { table, owner: o.owner.get(py).or_else(|| owner_now(&o.op)) })
    }

    /// The symbol `name` (KeyError if absent).
    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        let op = self.with(|t| t.lookup(name)).py()?.ok_or_else(|| not_found(name))?;
        op_or_view(py, op, self.owner.clone())
    }

    fn __contains__(&self, name: &str) -> PyResult<bool> {
        Ok(self.with(|t| t.lookup(name)).py()?.is_some())
    }

    fn __len__(&self) -> PyResult<usize> {
        self.with(|t| t.len()).py()
    }

    /// Erases the symbol `name`.
    fn __delitem__(&self, name: &str) -> PyResult<()> {
        let op = self.with(|t| t.lookup(name)).py()?.ok_or_else(|| not_found(name))?;
        self.with(|t| t.erase(&op)).py()
    }

    /// Inserts `operation` (a detached symbol goes to the end of the table's body); a taken
    /// name is made unique. Returns the final name as a StringAttr.
    fn insert(&self, py: Python<'_>, operation: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let o = as_op(operation)?;
        let o = o.get();
        let (name, owner) = o.op.context().track_move(&o.op, || self.with(|t| t.insert(&o.op, None))).py()?;
        o.owner.set(py, owner.or_else(|| self.owner.clone()));
        string_attr(py, o.op.context(), &name)
    }

    /// Erases `operation` from the table and the IR.
    fn erase(&self, operation: &Bound<'_, PyAny>) -> PyResult<()> {
        let o = as_op(operation)?;
        self.with(|t| t.erase(&o.get().op)).py()
    }

    /// The name of a symbol operation, as a StringAttr.
    #[staticmethod]
    fn get_symbol_name(py: Python<'_>, symbol: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let o = as_op(symbol)?;
        let op = &o.get().op;
        let name = op.symbol_name().py()?.ok_or_else(|| PyValueError::new_err("the operation is not a symbol"))?;
        string_attr(py, op.context(), &name)
    }

    /// Sets the name of a symbol operation (a str or StringAttr).
    #[staticmethod]
    fn set_symbol_name(symbol: &Bound<'_, PyAny>, name: &Bound<'_, PyAny>) -> PyResult<()> {
        let o = as_op(symbol)?;
        let name: String = match name.cast::<StringAttr>() {
            Ok(s) => aref(s).string_value().py()?,
            Err(_) => name.extract()?,
        };
        o.get().op.set_symbol_name(&name).py()
    }

    /// The visibility of a symbol: a StringAttr "public", "private" or "nested".
    #[staticmethod]
    fn get_visibility(py: Python<'_>, symbol: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let o = as_op(symbol)?;
        let op = &o.get().op;
        let v = match op.visibility().py()? {
            Visibility::Public => "public",
            Visibility::Private => "private",
            Visibility::Nested => "nested",
        };
        string_attr(py, op.context(), v)
    }

    /// Sets the visibility of a symbol ("public", "private" or "nested").
    #[staticmethod]
    fn set_visibility(symbol: &Bound<'_, PyAny>, visibility: &Bound<'_, PyAny>) -> PyResult<()> {
        let o = as_op(symbol)?;
        let v: String = match visibility.cast::<Attribute>() {
            Ok(a) => a.get().attr.string_value().py()?,
            Err(_) => visibility.extract()?,
        };
        let v = match v.as_str() {
            "public" => Visibility::Public,
            "private" => Visibility::Private,
            "nested" => Visibility::Nested,
            other => return Err(PyValueError::new_err(format!("unknown visibility {other:?}"))),
        };
        o.get().op.set_visibility(v).py()
    }

    /// Calls `callback(op, all_sym_uses_visible)` on every symbol table at or under
    /// `from_op`, innermost first.
    #[staticmethod]
    fn walk_symbol_tables(
        from_op: &Bound<'_, PyAny>,
        all_sym_uses_visible: bool,
        callback: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let py = from_op.py();
        let o = as_op(from_op)?;
        let o = o.get();
        let owner = o.owner.get(py).or_else(|| owner_now(&o.op));
        walk_tables(py, &o.op, all_sym_uses_visible, &owner, callback)
    }

    /// Replaces every use of the symbol `old_symbol` with `new_symbol` in the regions of
    /// `from_op`.
    #[staticmethod]
    fn replace_all_symbol_uses(old_symbol: &str, new_symbol: &str, from_op: &Bound<'_, PyAny>) -> PyResult<()> {
        let o = as_op(from_op)?;
        omnir::Operation::replace_all_symbol_uses(old_symbol, new_symbol, &o.get().op).py()
    }
}
