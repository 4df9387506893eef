//! Symbols and symbol tables, behind `lib/symbols.js` (scratch layouts as in `ir.rs`).

use napi_derive::napi;
use omnir::{SymbolTable, Visibility};

use crate::handles::*;
use crate::state::{invalid, rd, run, run_cx, run_value_cx, wr, write_list, TABLES};

/// in: ctx, op / returns the symbol name ("" when none); out: present (0).
#[napi]
pub fn op_symbol_name() -> Option<String> {
    run_value_cx(|ctx| {
        let n = op_at(ctx, 1).symbol_name()?;
        wr(0, n.is_some() as u32);
        Ok(n.unwrap_or_default())
    })
}

/// in: ctx, op.
#[napi]
pub fn op_set_symbol_name(name: String) -> u32 {
    run_cx(|ctx| op_at(ctx, 1).set_symbol_name(&name))
}

/// in: ctx, op / out: visibility (0: public, private, nested).
#[napi]
pub fn op_visibility() -> u32 {
    run_cx(|ctx| {
        let v = op_at(ctx, 1).visibility()?;
        wr(
            0,
            match v {
                Visibility::Public => 0,
                Visibility::Private => 1,
                Visibility::Nested => 2,
            },
        );
        Ok(())
    })
}

/// in: ctx, op, visibility (3).
#[napi]
pub fn op_set_visibility() -> u32 {
    run_cx(|ctx| {
        let v = match rd(3) {
            0 => Visibility::Public,
            1 => Visibility::Private,
            2 => Visibility::Nested,
            _ => return Err(invalid("unknown visibility")),
        };
        op_at(ctx, 1).set_visibility(v)
    })
}

/// in: ctx, op / out: is a symbol table (0).
#[napi]
pub fn op_is_symbol_table() -> u32 {
    run_cx(|ctx| {
        wr(0, op_at(ctx, 1).is_symbol_table()? as u32);
        Ok(())
    })
}

/// in: ctx, op / out: optional op (0-2).
#[napi]
pub fn op_nearest_symbol_table() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, op_at(ctx, 1).nearest_symbol_table()?);
        Ok(())
    })
}

/// in: ctx, symbol table op / out: optional op (0-2).
#[napi]
pub fn op_lookup_symbol(name: String) -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, op_at(ctx, 1).lookup_symbol(&name)?);
        Ok(())
    })
}

/// in: ctx, op, symbol reference (3) / out: optional op (0-2).
#[napi]
pub fn op_lookup_nearest_symbol() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, op_at(ctx, 1).lookup_nearest_symbol(&attr_at(ctx, 3))?);
        Ok(())
    })
}

/// in: ctx, op, symbol table op (3-4; the op's uses within it) or 0 in (5) for every use in
/// the op / out: list of (user op, reference attribute); returns 0 with count 0xffffffff
/// when the uses cannot be known.
#[napi]
pub fn op_symbol_uses() -> u32 {
    run_cx(|ctx| {
        let op = op_at(ctx, 1);
        let uses = if rd(5) != 0 { op.symbol_uses_in(&op_at(ctx, 3))? } else { op.all_symbol_uses()? };
        match uses {
            None => wr(0, u32::MAX),
            Some(u) => {
                let mut w = Vec::with_capacity(u.len() * 3);
                for x in &u {
                    w.extend([x.user.raw().index, x.user.raw().generation, attr_id(&x.symbol_ref)]);
                }
                write_list(w, u.len());
            }
        }
        Ok(())
    })
}

/// in: ctx, scope op (1-2). Renames every use of the symbol `old_name` within the scope.
#[napi]
pub fn replace_all_symbol_uses(old_name: String, new_name: String) -> u32 {
    run_cx(|ctx| omnir::Operation::replace_all_symbol_uses(&old_name, &new_name, &op_at(ctx, 1)))
}

// ---------------------------------------------------------------------------------------
// symbol tables (a cached name -> symbol map, freed when its JavaScript object is)

/// Runs `f` on the table in `slot`, taken out of the slab meanwhile (omnir may call back
/// into JavaScript, which may use other tables).
fn with_table<R>(slot: u32, f: impl FnOnce(&mut SymbolTable) -> omnir::Result<R>) -> omnir::Result<R> {
    let mut t = TABLES.with(|t| t.borrow_mut().take(slot)).ok_or_else(|| invalid("no such symbol table"))?;
    let r = f(&mut t);
    TABLES.with(|tables| tables.borrow_mut().put(slot, t));
    r
}

/// in: ctx, op / out: table slot (0).
#[napi]
pub fn symbol_table_new() -> u32 {
    run_cx(|ctx| {
        let t = SymbolTable::new(&op_at(ctx, 1))?;
        wr(0, TABLES.with(|tables| tables.borrow_mut().insert(t)));
        Ok(())
    })
}

/// Frees a table (from a FinalizationRegistry callback).
#[napi]
pub fn symbol_table_release(slot: u32) {
    let t = TABLES.with(|t| t.borrow_mut().remove(slot));
    drop(t);
}

/// out: #symbols (0).
#[napi]
pub fn symbol_table_size(slot: u32) -> u32 {
    run(|| {
        let n = with_table(slot, |t| t.len())?;
        wr(0, n as u32);
        Ok(())
    })
}

/// out: optional op (0-2).
#[napi]
pub fn symbol_table_lookup(slot: u32, name: String) -> u32 {
    run(|| {
        let o = with_table(slot, |t| t.lookup(&name))?;
        put_opt_op(0, o);
        Ok(())
    })
}

/// in: ctx, symbol op (1-2), insertion point (3-5) when (3) is not 0 / returns the final
/// (uniqued) name.
#[napi]
pub fn symbol_table_insert(slot: u32) -> Option<String> {
    run_value_cx(|ctx| {
        let op = op_at(ctx, 1);
        let point = if rd(3) != 0 { Some(insertion_point_at(ctx, 3)?) } else { None };
        with_table(slot, |t| t.insert(&op, point.as_ref()))
    })
}

/// in: ctx, symbol op (1-2). Detaches the symbol (the caller adopts it).
#[napi]
pub fn symbol_table_remove(slot: u32) -> u32 {
    run_cx(|ctx| {
        let op = op_at(ctx, 1);
        with_table(slot, |t| t.remove(&op).map(|owned| drop(owned.release())))
    })
}

/// in: ctx, symbol op (1-2).
#[napi]
pub fn symbol_table_erase(slot: u32) -> u32 {
    run_cx(|ctx| {
        let op = op_at(ctx, 1);
        with_table(slot, |t| t.erase(&op))
    })
}

/// in: ctx, symbol op (1-2).
#[napi]
pub fn symbol_table_rename(slot: u32, new_name: String) -> u32 {
    run_cx(|ctx| {
        let op = op_at(ctx, 1);
        with_table(slot, |t| t.rename(&op, &new_name))
    })
}
