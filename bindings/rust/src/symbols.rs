//! Symbols: names, visibility, lookups, uses, and cached symbol tables.

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::handle::{buffer, opt};
use crate::ir::{InsertionPoint, OwnedOperation};
use crate::strings::{arg, empty, string_out, take_string};
use crate::{Attribute, Context, Operation, Region};

/// A symbol's visibility (`sym_visibility`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

/// One use of a symbol: the reference `symbol_ref` in the attributes of `user`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SymbolUse {
    pub user: Operation,
    pub symbol_ref: Attribute,
}

impl Operation {
    /// The symbol name (`sym_name`), `None` when the operation is not a symbol.
    pub fn symbol_name(&self) -> Result<Option<String>> {
        let mut s = empty();
        // SAFETY: live context, valid out-pointer (same for every call below).
        check(unsafe { sys::omnir_op_get_symbol_name(self.cx(), self.raw, &mut s) })?;
        Ok(if s.data.is_null() { None } else { Some(take_string(s)) })
    }

    /// Sets the symbol name (uses of the old name are not updated; see
    /// [`SymbolTable::rename`]).
    pub fn set_symbol_name(&self, name: &str) -> Result<()> {
        let (n, nl) = arg(name);
        check(unsafe { sys::omnir_op_set_symbol_name(self.cx(), self.raw, n, nl) })
    }

    /// The visibility of a symbol.
    pub fn visibility(&self) -> Result<Visibility> {
        let v: u32 = out(|p| unsafe { sys::omnir_op_get_symbol_visibility(self.cx(), self.raw, p) })?;
        Ok(match v {
            sys::OMNIR_VISIBILITY_PRIVATE => Visibility::Private,
            sys::OMNIR_VISIBILITY_NESTED => Visibility::Nested,
            _ => Visibility::Public,
        })
    }

    /// Sets the visibility of a symbol.
    pub fn set_visibility(&self, visibility: Visibility) -> Result<()> {
        let v = match visibility {
            Visibility::Public => sys::OMNIR_VISIBILITY_PUBLIC,
            Visibility::Private => sys::OMNIR_VISIBILITY_PRIVATE,
            Visibility::Nested => sys::OMNIR_VISIBILITY_NESTED,
        };
        check(unsafe { sys::omnir_op_set_symbol_visibility(self.cx(), self.raw, v) })
    }

    /// Whether the operation is a symbol table.
    pub fn is_symbol_table(&self) -> Result<bool> {
        out(|p| unsafe { sys::omnir_op_is_symbol_table(self.cx(), self.raw, p) })
    }

    /// The closest symbol table that is this operation or an ancestor.
    pub fn nearest_symbol_table(&self) -> Result<Option<Operation>> {
        let o: sys::omnir_op = out(|p| unsafe { sys::omnir_op_get_nearest_symbol_table(self.cx(), self.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The symbol `name` in this symbol table (MLIR's `lookupSymbolIn`).
    pub fn lookup_symbol(&self, name: &str) -> Result<Option<Operation>> {
        let (n, nl) = arg(name);
        let o: sys::omnir_op = out(|p| unsafe { sys::omnir_symbol_lookup_in(self.cx(), self.raw, n, nl, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The symbol a reference (`@a::@b`) names, resolved from the nearest symbol table of
    /// this operation.
    pub fn lookup_nearest_symbol(&self, symbol_ref: &Attribute) -> Result<Option<Operation>> {
        let o: sys::omnir_op =
            out(|p| unsafe { sys::omnir_symbol_lookup_nearest_from(self.cx(), self.raw, symbol_ref.raw, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// The uses of the symbol `self` within `scope` (`None` when they cannot be known).
    pub fn symbol_uses_in(&self, scope: &Operation) -> Result<Option<Vec<SymbolUse>>> {
        let target = sys::omnir_symbol_target { name: std::ptr::null(), name_len: 0, op: self.raw };
        let scope = sys::omnir_symbol_scope { op: scope.raw, region: sys::omnir_region::default() };
        symbol_uses(&self.ctx, Some(&target), scope)
    }

    /// Whether the symbol `self` is known to have no uses within `scope` (MLIR's
    /// `symbolKnownUseEmpty`): false when a use is found, and also when the answer cannot be
    /// known.
    pub fn symbol_known_use_empty_in(&self, scope: &Operation) -> Result<bool> {
        let scope = sys::omnir_symbol_scope { op: scope.raw, region: sys::omnir_region::default() };
        self.known_use_empty(scope)
    }

    /// [`Operation::symbol_known_use_empty_in`] with a region as the scope.
    pub fn symbol_known_use_empty_in_region(&self, scope: &Region) -> Result<bool> {
        let scope = sys::omnir_symbol_scope { op: sys::omnir_op::default(), region: scope.raw };
        self.known_use_empty(scope)
    }

    fn known_use_empty(&self, scope: sys::omnir_symbol_scope) -> Result<bool> {
        let target = sys::omnir_symbol_target { name: std::ptr::null(), name_len: 0, op: self.raw };
        // SAFETY: live context; `target` outlives the call; valid out-pointer.
        out(|p| unsafe { sys::omnir_symbol_known_use_empty(self.cx(), &target, scope, p) })
    }

    /// Every symbol use in this operation's attributes and, unless it is a symbol table
    /// itself (a scope of its own: ask its body region), in everything nested in it
    /// (`None` when they cannot be known).
    pub fn all_symbol_uses(&self) -> Result<Option<Vec<SymbolUse>>> {
        let scope = sys::omnir_symbol_scope { op: self.raw, region: sys::omnir_region::default() };
        symbol_uses(&self.ctx, None, scope)
    }
}

impl Region {
    /// Every symbol use within this region (`None` when they cannot be known).
    pub fn all_symbol_uses(&self) -> Result<Option<Vec<SymbolUse>>> {
        let scope = sys::omnir_symbol_scope { op: sys::omnir_op::default(), region: self.raw };
        symbol_uses(&self.ctx, None, scope)
    }
}

fn symbol_uses(
    ctx: &Context,
    target: Option<&sys::omnir_symbol_target>,
    scope: sys::omnir_symbol_scope,
) -> Result<Option<Vec<SymbolUse>>> {
    let t = target.map_or(std::ptr::null(), |t| t as *const _);
    let mut known = true;
    let raw = buffer(|b, cap, n| unsafe { sys::omnir_symbol_get_uses(ctx.as_raw(), t, scope, b, cap, n, &mut known) })?;
    if !known {
        return Ok(None);
    }
    Ok(Some(
        raw.into_iter()
            .map(|u| SymbolUse {
                user: Operation { ctx: ctx.clone(), raw: u.user },
                symbol_ref: Attribute { ctx: ctx.clone(), raw: u.symbol_ref },
            })
            .collect(),
    ))
}

/// The symbol table of a symbol-table operation, caching its name → symbol map (MLIR's
/// `SymbolTable`). Freed on drop (the IR is not affected).
pub struct SymbolTable {
    ctx: Context,
    raw: *mut sys::omnir_symbol_table,
}

// SAFETY: the C table is only ever touched inside omnir calls on its context. Those that
// change it take the context's lock for the whole call (and are refused inside a read-only
// callback), so they never overlap with any other call on the table; calls that only read
// it may overlap each other (callbacks lent the context on pool workers), which is sound.
// So the wrapper needs no lock of its own, and holds none across calls that may wait for
// the context (see ARCHITECTURE.md, "Lock order").
unsafe impl Send for SymbolTable {}
// SAFETY: as above.
unsafe impl Sync for SymbolTable {}

impl SymbolTable {
    /// Builds the table of `op` (a registered symbol-table operation).
    pub fn new(op: &Operation) -> Result<SymbolTable> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: live context, valid out-pointer.
        check(unsafe { sys::omnir_symbol_table_create(op.cx(), op.raw, &mut raw) })?;
        Ok(SymbolTable { ctx: op.ctx.clone(), raw })
    }

    /// The symbol-table operation.
    pub fn operation(&self) -> Result<Operation> {
        // SAFETY: live context and table (same for every call below).
        let raw = out(|p| unsafe { sys::omnir_symbol_table_get_op(self.ctx.as_raw(), self.raw, p) })?;
        Ok(Operation { ctx: self.ctx.clone(), raw })
    }

    /// The number of symbols.
    pub fn len(&self) -> Result<usize> {
        out(|p| unsafe { sys::omnir_symbol_table_get_size(self.ctx.as_raw(), self.raw, p) })
    }

    /// Whether the table holds no symbol.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// The symbol `name`.
    pub fn lookup(&self, name: &str) -> Result<Option<Operation>> {
        let (n, nl) = arg(name);
        let o: sys::omnir_op =
            out(|p| unsafe { sys::omnir_symbol_table_lookup(self.ctx.as_raw(), self.raw, n, nl, p) })?;
        Ok(opt(o).map(|raw| Operation { ctx: self.ctx.clone(), raw }))
    }

    /// Inserts the symbol (a detached one goes to `point`, default the end of the body); a
    /// taken name is uniqued. Returns the final name.
    pub fn insert(&self, symbol: &Operation, point: Option<&InsertionPoint>) -> Result<String> {
        let p = point.map(|p| p.to_raw());
        let pp = p.as_ref().map_or(std::ptr::null(), |p| p as *const _);
        string_out(|o| unsafe { sys::omnir_symbol_table_insert(self.ctx.as_raw(), self.raw, symbol.raw, pp, o) })
    }

    /// Detaches the symbol from the table's body and forgets it; the guard owns it.
    pub fn remove(&self, symbol: &Operation) -> Result<OwnedOperation> {
        check(unsafe { sys::omnir_symbol_table_remove(self.ctx.as_raw(), self.raw, symbol.raw) })?;
        Ok(OwnedOperation::new(symbol.clone()))
    }

    /// Erases the symbol and forgets it.
    pub fn erase(&self, symbol: &Operation) -> Result<()> {
        check(unsafe { sys::omnir_symbol_table_erase(self.ctx.as_raw(), self.raw, symbol.raw) })
    }

    /// Renames the symbol and updates its uses within the table's region.
    pub fn rename(&self, symbol: &Operation, new_name: &str) -> Result<()> {
        let (n, nl) = arg(new_name);
        check(unsafe { sys::omnir_symbol_table_rename(self.ctx.as_raw(), self.raw, symbol.raw, n, nl) })
    }

    /// Renames the symbol to the first `name_N` free in this table and in every table of
    /// `others` (MLIR's `SymbolTable::renameToUnique`), updating its uses; returns the new
    /// name.
    pub fn rename_to_unique(&self, symbol: &Operation, others: &[&SymbolTable]) -> Result<String> {
        // `self` is left out of `others`: omnir changes it while reading the others.
        let o: Vec<*mut sys::omnir_symbol_table> =
            others.iter().map(|t| t.raw).filter(|&t| !std::ptr::eq(t, self.raw)).collect();
        // SAFETY: live context and tables (omnir only reads the other tables, which this
        // borrow keeps alive, and `self` is not among them); the array outlives the call;
        // valid out-parameter.
        string_out(|n| unsafe {
            sys::omnir_symbol_table_rename_to_unique(self.ctx.as_raw(), self.raw, symbol.raw, o.as_ptr(), o.len(), n)
        })
    }
}

impl Drop for SymbolTable {
    fn drop(&mut self) {
        // SAFETY: owned by this wrapper, freed once.
        unsafe { sys::omnir_symbol_table_destroy(self.raw) };
    }
}
