//! Symbols and symbol tables at the C edge (MLIR's `SymbolTable`).
//!
//! One-shot queries (`omnir_symbol_lookup_in`, `omnir_symbol_get_uses`, ...) take the IR
//! as it is. `omnir_symbol_table` caches a symbol table's name → symbol map for repeated
//! lookups and inserts with uniquing; it follows the edits made through it, as MLIR's class.

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::handles::{omnir_attribute, omnir_op, omnir_region};
use super::ir::{fill_buffer, insert_point_in, invalid, omnir_insertion_point, op_opt, out_arg};
use super::write_opt_string;
use super::{ffi_call, omnir_status, omnir_string, slice_arg, str_arg, write_out, ApiError, ApiResult};
use crate::symbol::{SymbolScope, SymbolTable, SymbolTarget, Visibility};

/// A symbol's visibility (`sym_visibility`).
#[allow(non_camel_case_types)]
pub type omnir_visibility = u32;
/// Referable from anywhere (the default: no `sym_visibility` attribute).
pub const OMNIR_VISIBILITY_PUBLIC: omnir_visibility = 0;
/// Referable only from within the symbol table that holds it.
pub const OMNIR_VISIBILITY_PRIVATE: omnir_visibility = 1;
/// Referable from enclosing IR, but all uses are visible.
pub const OMNIR_VISIBILITY_NESTED: omnir_visibility = 2;

/// The symbol name of `op` (its `sym_name` string attribute). If `op` is not a symbol,
/// `*out` is a zeroed string (`data == NULL`); a symbol named "" has a non-NULL `data`.
/// Free it with `omnir_string_free`.
#[no_mangle]
pub extern "C" fn omnir_op_get_symbol_name(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = cx.read(|c| Ok(c.symbol_name(op)?.map(|s| omnir_string::from_bytes(s.as_bytes()))))?;
        write_out(out, name.unwrap_or(omnir_string::EMPTY))
    })
}

/// Sets the symbol name of `op` (where it lives: properties or discardable attributes).
/// Uses of the old name are not updated (see `omnir_symbol_table_rename`).
#[no_mangle]
pub extern "C" fn omnir_op_set_symbol_name(
    ctx: *mut omnir_context,
    op: omnir_op,
    name: *const c_char,
    name_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let name = str_arg(name, name_len, "symbol name")?;
        cx.write(|c| Ok(c.set_symbol_name(op, name)?))
    })
}

/// The visibility of `op` (`OMNIR_VISIBILITY_PUBLIC` when it has no `sym_visibility`).
#[no_mangle]
pub extern "C" fn omnir_op_get_symbol_visibility(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_visibility,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let v = cx.read(|c| Ok(c.symbol_visibility(op)?))?;
        write_out(
            out,
            match v {
                Visibility::Public => OMNIR_VISIBILITY_PUBLIC,
                Visibility::Private => OMNIR_VISIBILITY_PRIVATE,
                Visibility::Nested => OMNIR_VISIBILITY_NESTED,
            },
        )
    })
}

/// Sets the visibility of `op`; public removes the attribute, as MLIR does.
#[no_mangle]
pub extern "C" fn omnir_op_set_symbol_visibility(
    ctx: *mut omnir_context,
    op: omnir_op,
    visibility: omnir_visibility,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let v = match visibility {
            OMNIR_VISIBILITY_PUBLIC => Visibility::Public,
            OMNIR_VISIBILITY_PRIVATE => Visibility::Private,
            OMNIR_VISIBILITY_NESTED => Visibility::Nested,
            v => return Err(invalid(format!("unknown visibility {v}"))),
        };
        cx.write(|c| Ok(c.set_symbol_visibility(op, v)?))
    })
}

/// Whether `op` is a symbol table (a registered op with the SymbolTable trait).
#[no_mangle]
pub extern "C" fn omnir_op_is_symbol_table(ctx: *const omnir_context, op: omnir_op, out: *mut bool) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let r = cx.read(|c| Ok(c.is_symbol_table(op)?))?;
        write_out(out, r)
    })
}

/// The closest symbol table that is `op` or an ancestor of it, or a zeroed op (also when a
/// potentially unknown symbol table is met first).
#[no_mangle]
pub extern "C" fn omnir_op_get_nearest_symbol_table(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let t = cx.read(|c| Ok(c.nearest_symbol_table(op)?))?;
        write_out(out, op_opt(cx, t))
    })
}

/// The symbol named `name` in the symbol table `table` (MLIR's `lookupSymbolIn`), or a
/// zeroed op. `table` must be a symbol table (`OMNIR_ERROR_INVALID_ARGUMENT`).
#[no_mangle]
pub extern "C" fn omnir_symbol_lookup_in(
    ctx: *const omnir_context,
    table: omnir_op,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let table = cx.op_in(table)?;
        let name = str_arg(name, name_len, "symbol name")?;
        let r = cx.read(|c| Ok(c.lookup_symbol_in(table, name)?))?;
        write_out(out, op_opt(cx, r))
    })
}

/// Resolves a (possibly nested) symbol reference attribute `@a::@b` from the symbol table
/// `table`; a zeroed op when any step fails.
#[no_mangle]
pub extern "C" fn omnir_symbol_lookup_ref_in(
    ctx: *const omnir_context,
    table: omnir_op,
    symbol_ref: omnir_attribute,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let table = cx.op_in(table)?;
        let r = cx.read(|c| {
            let sym = cx.attr_in(c, symbol_ref)?;
            Ok(c.lookup_symbol_ref_in(table, sym)?)
        })?;
        write_out(out, op_opt(cx, r))
    })
}

/// Resolves a symbol reference attribute from the nearest symbol table of `from`
/// (inclusive), as MLIR's `lookupNearestSymbolFrom`; a zeroed op if not found.
#[no_mangle]
pub extern "C" fn omnir_symbol_lookup_nearest_from(
    ctx: *const omnir_context,
    from: omnir_op,
    symbol_ref: omnir_attribute,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let from = cx.op_in(from)?;
        let r = cx.read(|c| {
            let sym = cx.attr_in(c, symbol_ref)?;
            Ok(c.lookup_nearest_symbol_from(from, sym)?)
        })?;
        write_out(out, op_opt(cx, r))
    })
}

// ---- symbol uses ----

/// The symbol a use query is about: the symbol operation `op` if it is not zeroed (then
/// `name` must be empty), else the name `name` (matched as `@name` and every reference
/// nested under it).
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_symbol_target {
    pub name: *const c_char,
    pub name_len: usize,
    pub op: omnir_op,
}

/// The IR a use query looks at: the operation `op` if it is not zeroed (then `region` must
/// be zeroed), else the region `region`.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_symbol_scope {
    pub op: omnir_op,
    pub region: omnir_region,
}

/// One use of a symbol: the symbol reference attribute `symbol_ref` appears in the
/// attributes (or properties) of `user`.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct omnir_symbol_use {
    pub user: omnir_op,
    pub symbol_ref: omnir_attribute,
}

fn scope_in(cx: &omnir_context, s: &omnir_symbol_scope) -> ApiResult<SymbolScope> {
    match (s.op.context != 0, s.region.context != 0) {
        (true, false) => Ok(SymbolScope::Op(cx.op_in(s.op)?)),
        (false, true) => Ok(SymbolScope::Region(cx.region_in(s.region)?)),
        (true, true) => Err(invalid("a symbol scope names either an operation or a region, not both")),
        (false, false) => Err(invalid("a symbol scope needs an operation or a region")),
    }
}

fn target_in<'a>(cx: &omnir_context, t: *const omnir_symbol_target) -> ApiResult<SymbolTarget<'a>> {
    if t.is_null() {
        return Err(ApiError::null("symbol target"));
    }
    // SAFETY: a non-NULL target points at a valid `omnir_symbol_target` for the duration of
    // the call (API contract).
    let t = unsafe { &*t };
    if t.op.context != 0 {
        if t.name_len != 0 {
            return Err(invalid("a symbol target names either an operation or a name, not both"));
        }
        return Ok(SymbolTarget::Op(cx.op_in(t.op)?));
    }
    let name = str_arg(t.name, t.name_len, "symbol name")?;
    if name.is_empty() {
        return Err(invalid("a symbol target needs an operation or a non-empty name"));
    }
    Ok(SymbolTarget::Name(name))
}

/// The uses of a symbol in `scope` (MLIR's `getSymbolUses`), into a caller buffer. With a
/// NULL `target`, every symbol use in the scope. Nested symbol tables are not entered.
/// `*known` is false when the answer is unknown (a potentially unknown symbol table is in
/// the way); `*count` is then 0.
#[no_mangle]
pub extern "C" fn omnir_symbol_get_uses(
    ctx: *const omnir_context,
    target: *const omnir_symbol_target,
    scope: omnir_symbol_scope,
    items: *mut omnir_symbol_use,
    capacity: usize,
    count: *mut usize,
    known: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        out_arg(known)?;
        out_arg(count)?;
        let cx = context_arg(ctx)?;
        let scope = scope_in(cx, &scope)?;
        let target = if target.is_null() { None } else { Some(target_in(cx, target)?) };
        let uses = cx.read(|c| {
            Ok(match target {
                None => c.symbol_uses(scope)?,
                Some(t) => c.symbol_uses_of(t, scope)?,
            })
        })?;
        let is_known = uses.is_some();
        let uses: Vec<omnir_symbol_use> = uses
            .unwrap_or_default()
            .into_iter()
            .map(|u| omnir_symbol_use { user: cx.op_out(u.user), symbol_ref: cx.attr_out(u.symbol_ref) })
            .collect();
        fill_buffer(&uses, items, capacity, count)?;
        write_out(known, is_known)
    })
}

/// Whether the symbol is known to have no uses in `scope` (MLIR's `symbolKnownUseEmpty`):
/// false when a use is found, and also when the answer is unknown.
#[no_mangle]
pub extern "C" fn omnir_symbol_known_use_empty(
    ctx: *const omnir_context,
    target: *const omnir_symbol_target,
    scope: omnir_symbol_scope,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let scope = scope_in(cx, &scope)?;
        let target = target_in(cx, target)?;
        let r = cx.read(|c| Ok(c.symbol_known_use_empty(target, scope)?))?;
        write_out(out, r)
    })
}

/// Replaces every use of the symbol in `scope` by `new_name` (MLIR's
/// `replaceAllSymbolUses`): `@old` becomes `@new_name`, `@old::@x` becomes `@new_name::@x`.
/// The symbol itself is not renamed. All replacements are computed before any is applied,
/// so on error nothing changes.
#[no_mangle]
pub extern "C" fn omnir_symbol_replace_all_uses(
    ctx: *mut omnir_context,
    target: *const omnir_symbol_target,
    new_name: *const c_char,
    new_name_len: usize,
    scope: omnir_symbol_scope,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let scope = scope_in(cx, &scope)?;
        let target = target_in(cx, target)?;
        let new_name = str_arg(new_name, new_name_len, "new symbol name")?;
        if new_name.is_empty() {
            return Err(invalid("the new symbol name must not be empty"));
        }
        cx.write(|c| Ok(c.replace_all_symbol_uses(target, new_name, scope)?))
    })
}

// ---- the cached symbol table ----

const TABLE_MAGIC: u64 = 0x6f6d_6e69_725f_7374; // "omnir_st"

/// A symbol table built from a symbol-table operation, caching its name → symbol map
/// (MLIR's `SymbolTable` class). Create with `omnir_symbol_table_create`, free with
/// `omnir_symbol_table_destroy` (the IR is not affected). It belongs to one context and is
/// used with it; edits made to the IR behind its back can make the cache out of date, as in
/// MLIR, but a lookup never returns an operation that is not currently a live child of the
/// table with the requested name.
#[allow(non_camel_case_types)]
pub struct omnir_symbol_table {
    magic: u64,
    serial: u32,
    table: SymbolTable,
}

/// Checks the magic of a non-NULL symbol table pointer (a table of another copy of omnir is
/// refused with a message that says so).
fn table_magic_check(t: *mut omnir_symbol_table) -> ApiResult {
    // SAFETY: a non-NULL symbol table pointer must come from `omnir_symbol_table_create` and
    // not have been destroyed (API contract); the magic is read through the raw pointer (a
    // plain u64 read) so that some violations are caught before a reference is formed.
    let magic = unsafe { std::ptr::addr_of!((*t).magic).read_unaligned() };
    if magic == super::guard::magic(TABLE_MAGIC) {
        return Ok(());
    }
    Err(super::guard::foreign_object(magic, TABLE_MAGIC, "symbol table")
        .unwrap_or_else(|| invalid("not a live omnir symbol table")))
}

fn table_arg<'a>(cx: &omnir_context, t: *mut omnir_symbol_table) -> ApiResult<&'a mut omnir_symbol_table> {
    if t.is_null() {
        return Err(ApiError::null("symbol table"));
    }
    table_magic_check(t)?;
    // SAFETY: checked above; the caller serializes uses of a table (API contract).
    let t = unsafe { &mut *t };
    if t.serial != cx.serial() {
        return Err(ApiError::new(
            omnir_status::OMNIR_ERROR_WRONG_CONTEXT,
            "the symbol table belongs to another context",
        ));
    }
    Ok(t)
}

fn free_table(table: *mut omnir_symbol_table) {
    // SAFETY: `table` came from `omnir_symbol_table_create` (its magic was checked); the
    // magic is cleared so that a later use is refused, and the caller gives up ownership.
    unsafe {
        (*table).magic = 0;
        drop(Box::from_raw(table));
    }
}

fn point_arg<'a>(point: *const omnir_insertion_point) -> Option<&'a omnir_insertion_point> {
    // SAFETY: a non-NULL `point` points at a valid insertion point for the duration of the
    // call (API contract).
    (!point.is_null()).then(|| unsafe { &*point })
}

/// Builds the symbol table of the symbol-table operation `op` (a registered op with the
/// SymbolTable trait whose region has exactly one block of uniquely named symbols).
#[no_mangle]
pub extern "C" fn omnir_symbol_table_create(
    ctx: *const omnir_context,
    op: omnir_op,
    out: *mut *mut omnir_symbol_table,
) -> omnir_status {
    ffi_call(|| {
        out_arg(out)?;
        let cx = context_arg(ctx)?;
        let op = cx.op_in(op)?;
        let table = cx.read(|c| Ok(SymbolTable::new(c, op)?))?;
        let t = Box::new(omnir_symbol_table { magic: super::guard::magic(TABLE_MAGIC), serial: cx.serial(), table });
        write_out(out, Box::into_raw(t))
    })
}

/// Frees a symbol table (the IR is not affected). NULL is a no-op.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_destroy(table: *mut omnir_symbol_table) -> omnir_status {
    ffi_call(|| {
        if table.is_null() {
            return Ok(());
        }
        table_magic_check(table)?;
        free_table(table);
        Ok(())
    })
}

/// The symbol-table operation.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_get_op(
    ctx: *const omnir_context,
    table: *mut omnir_symbol_table,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        write_out(out, cx.op_out(t.table.op()))
    })
}

/// Number of symbols in the table's cache.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_get_size(
    ctx: *const omnir_context,
    table: *mut omnir_symbol_table,
    out: *mut usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        write_out(out, t.table.len())
    })
}

/// The symbol named `name`, or a zeroed op.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_lookup(
    ctx: *const omnir_context,
    table: *mut omnir_symbol_table,
    name: *const c_char,
    name_len: usize,
    out: *mut omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        let name = str_arg(name, name_len, "symbol name")?;
        let r = cx.read(|c| Ok(t.table.lookup(c, name)?))?;
        write_out(out, op_opt(cx, r))
    })
}

/// Inserts the symbol `symbol` (MLIR's `SymbolTable::insert`) and writes its final name to
/// `*out_name` (may be NULL; free it with `omnir_string_free`). A detached symbol goes to
/// `*point` (NULL: the end of the body, before its terminator if it has one); one already
/// in the body is only registered. A taken name is uniqued as `name_0`, `name_1`, ... (uses
/// are not updated).
#[no_mangle]
pub extern "C" fn omnir_symbol_table_insert(
    ctx: *mut omnir_context,
    table: *mut omnir_symbol_table,
    symbol: omnir_op,
    point: *const omnir_insertion_point,
    out_name: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        let symbol = cx.op_in(symbol)?;
        let point = match point_arg(point) {
            None => None,
            Some(p) => Some(insert_point_in(cx, p)?),
        };
        let name = cx.write(|c| Ok(t.table.insert(c, symbol, point)?))?;
        write_opt_string(out_name, name.as_bytes())
    })
}

/// Detaches `symbol` from the table's body and forgets it; the caller then owns it.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_remove(
    ctx: *mut omnir_context,
    table: *mut omnir_symbol_table,
    symbol: omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        let symbol = cx.op_in(symbol)?;
        cx.write(|c| Ok(t.table.remove(c, symbol)?))
    })
}

/// Erases `symbol` (which must be in the table's body) and forgets it. Fails, changing
/// nothing, if its results are still used.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_erase(
    ctx: *mut omnir_context,
    table: *mut omnir_symbol_table,
    symbol: omnir_op,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        let symbol = cx.op_in(symbol)?;
        cx.write(|c| Ok(t.table.erase(c, symbol)?))
    })
}

/// Renames `symbol` to `new_name` and updates every use of it within the table op's region
/// (MLIR's `SymbolTable::rename`). A taken name is `OMNIR_ERROR_ALREADY_EXISTS`; on error
/// nothing changes.
#[no_mangle]
pub extern "C" fn omnir_symbol_table_rename(
    ctx: *mut omnir_context,
    table: *mut omnir_symbol_table,
    symbol: omnir_op,
    new_name: *const c_char,
    new_name_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let t = table_arg(cx, table)?;
        let symbol = cx.op_in(symbol)?;
        let new_name = str_arg(new_name, new_name_len, "new symbol name")?;
        if new_name.is_empty() {
            return Err(invalid("the new symbol name must not be empty"));
        }
        cx.write(|c| Ok(t.table.rename(c, symbol, new_name)?))
    })
}

/// Renames `symbol` to the first `name_N` free in this table and in the `num_others`
/// tables of `others`, updating uses; writes the new name to `*out_name` (may be NULL).
#[no_mangle]
pub extern "C" fn omnir_symbol_table_rename_to_unique(
    ctx: *mut omnir_context,
    table: *mut omnir_symbol_table,
    symbol: omnir_op,
    others: *const *mut omnir_symbol_table,
    num_others: usize,
    out_name: *mut omnir_string,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let symbol = cx.op_in(symbol)?;
        let t = table_arg(cx, table)?;
        let others = slice_arg(others, num_others, "other symbol tables")?;
        let mut other_tables: Vec<SymbolTable> = Vec::with_capacity(others.len());
        for &o in others {
            if o == table {
                return Err(invalid("the table itself is listed among the others"));
            }
            other_tables.push(table_arg(cx, o)?.table.clone());
        }
        let refs: Vec<&SymbolTable> = other_tables.iter().collect();
        let name = cx.write(|c| Ok(t.table.rename_to_unique(c, symbol, &refs)?))?;
        write_opt_string(out_name, name.as_bytes())
    })
}
