//! Operations, blocks, regions and values: the functions behind `lib/ir.js`.
//!
//! Each function documents its scratch layout as `in: ... / out: ...` (word numbers; `ctx`
//! is the context slot at word 0, `op`/`block`/`region` two words, `value` three, a type,
//! attribute or location one). Every function returns 0 or the C status of the failure.

use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;
use omnir::{
    Block, BuiltOperation, EraseMode, InsertionPoint, Module, Operation, OperationBuilder, PrintFlags, WalkOrder,
    WalkResult,
};

use crate::handles::*;
use crate::state::{self, cx, rd, rdf, run, run_cx, run_value_cx, wr, write_list, CachedBuilder, Owner};

// ---------------------------------------------------------------------------------------
// modules and creation

/// in: ctx / out: module op (0-1), its owner slot (2). Parses MLIR text into a module.
#[napi]
pub fn module_parse(text: String, filename: String) -> u32 {
    parse_and_put(|ctx| Ok(Module::parse(ctx, &text, &filename)?.into_operation()))
}

/// As `module_parse`, for text given as bytes (a `Uint8Array` or `Buffer`): bytes that are
/// not UTF-8 fail as a parse error at the first bad byte.
#[napi]
pub fn module_parse_bytes(text: Uint8Array, filename: String) -> u32 {
    parse_and_put(|ctx| Ok(Module::parse_bytes(ctx, &text, &filename)?.into_operation()))
}

/// in: ctx / out: op (0-1), its owner slot (2). Parses text that holds exactly one
/// top-level operation.
#[napi]
pub fn op_parse(text: String, filename: String) -> u32 {
    parse_and_put(|ctx| Ok(omnir::OwnedOperation::parse(ctx, &text, &filename)?.release()))
}

/// As `op_parse`, for text given as bytes (see `module_parse_bytes`).
#[napi]
pub fn op_parse_bytes(text: Uint8Array, filename: String) -> u32 {
    parse_and_put(|ctx| Ok(omnir::OwnedOperation::parse_bytes(ctx, &text, &filename)?.release()))
}

/// Runs a parse on the context in slot 0, collecting its diagnostics for the error, and
/// adopts and writes the detached operation it returns.
fn parse_and_put(parse: impl FnOnce(&omnir::Context) -> omnir::Result<Operation>) -> u32 {
    let slot = rd(0);
    match (|| -> Result<Operation, (omnir::Error, Vec<omnir::Diagnostic>)> {
        let ctx = state::context(slot).map_err(|e| (e, Vec::new()))?;
        ctx.with_diagnostics(|| parse(&ctx)).map_err(|d| (d.error, d.diagnostics))
    })() {
        Ok(op) => adopt_and_put(&op),
        Err((e, d)) => state::fail_with(e, d),
    }
}

/// Adopts a detached operation, writes it (0-1) and its owner slot (2).
fn adopt_and_put(op: &Operation) -> u32 {
    run(|| {
        let owner = op.context().adopt(op)?;
        put_op(0, op);
        wr(2, state::owner_insert(Owner::Op(owner)));
        Ok(())
    })
}

/// in: ctx, loc (1) / out: module op (0-1), owner slot (2). An empty module.
#[napi]
pub fn module_create() -> u32 {
    match (|| {
        let ctx = cx()?;
        let m = Module::new(&loc_at(&ctx, 1))?;
        Ok(m.into_operation())
    })() {
        Ok(op) => adopt_and_put(&op),
        Err(e) => state::fail(e),
    }
}

/// Interns an operation or attribute name for `opCreate`.
#[napi]
pub fn intern_name(name: String) -> u32 {
    state::intern_name(name)
}

/// The handles of one operation live on the stack unless there are many.
type Buf<T, const N: usize> = smallvec::SmallVec<[T; N]>;

/// in: ctx, name id (1), loc (2), #operands (3), #results (4), #attributes (5), #regions
/// (6), #successors (7), properties (8), insertion point kind (9; 0 none) and handle
/// (10-11), then from 12: operands (3 words each), result types (1), attributes (name id,
/// attribute), successors (2).
/// out: op (0-1), owner slot (2) when created detached (0 when inserted).
///
/// Creates an operation through a builder cached per (context, name), reset between uses:
/// the hot path of building IR from JavaScript.
#[napi]
pub fn op_create() -> u32 {
    let slot = rd(0);
    run(|| state::with_entry(slot, create_in))
}

/// The flag of `Operation.create`'s result-count word that asks for inferred result types.
const INFER_RESULT_TYPES: u32 = 1 << 30;

fn create_in(entry: &state::ContextEntry) -> omnir::Result<()> {
    let ctx = &entry.ctx;
    let serial = ctx.serial();
    let name_id = rd(1);
    let loc = rd(2);
    // Word 4: the result count; its bit 30 asks for inferred result types (`inferType`).
    let infer = rd(4) & INFER_RESULT_TYPES != 0;
    let (n_operands, n_results, n_attrs, n_succ) =
        (rd(3) as usize, (rd(4) & !INFER_RESULT_TYPES) as usize, rd(5) as usize, rd(7) as usize);
    let n_regions = rd(6) as usize;
    let props = rd(8);
    let ip_kind = rd(9);
    let mut at = 12;
    let mut operands: Buf<omnir::sys::omnir_value, 4> = Buf::new();
    for _ in 0..n_operands {
        operands.push(omnir::sys::omnir_value {
            context: serial,
            owner: rd(at),
            generation: rd(at + 1),
            number: rd(at + 2),
        });
        at += 3;
    }
    let mut results: Buf<omnir::sys::omnir_type, 4> = Buf::new();
    for _ in 0..n_results {
        results.push(type_raw(ctx, rd(at)));
        at += 1;
    }
    let mut attrs: Buf<(u32, u32), 4> = Buf::new();
    for _ in 0..n_attrs {
        attrs.push((rd(at), rd(at + 1)));
        at += 2;
    }
    let mut succs: Buf<omnir::sys::omnir_block, 2> = Buf::new();
    for _ in 0..n_succ {
        succs.push(omnir::sys::omnir_block { context: serial, index: rd(at), generation: rd(at + 1) });
        at += 2;
    }
    let point = if ip_kind == 0 { None } else { Some(insertion_point_at(ctx, 9)?) };

    // The cached builder, taken out of the cache while in use (a callback could reach this
    // function again).
    let taken =
        entry.builders.try_borrow_mut().ok().and_then(|mut b| b.get_mut(name_id as usize).and_then(Option::take));
    let mut cached = match taken {
        Some(c) => c,
        None => {
            let name = state::name(name_id)?;
            CachedBuilder { builder: OperationBuilder::new(&name, &loc_at(ctx, 2)), loc }
        }
    };
    let built = (|| {
        let b = &mut cached.builder;
        b.reset()?;
        if cached.loc != loc {
            b.set_location(&loc_at(ctx, 2))?;
            cached.loc = loc;
        }
        if infer {
            b.enable_result_type_inference()?;
        }
        if n_operands > 0 {
            b.add_operands_raw(operands.as_slice())?;
        }
        if n_results > 0 {
            b.add_results_raw(results.as_slice())?;
        }
        for &(name, attr) in attrs.as_slice() {
            let a = omnir::Attribute::from_raw(ctx, attr_raw(ctx, attr));
            state::with_name(name, |n| b.add_attribute(n, &a))??;
        }
        if props != 0 {
            b.set_properties(&attr_at(ctx, 8))?;
        }
        if n_regions > 0 {
            b.set_num_regions(n_regions)?;
        }
        if n_succ > 0 {
            b.add_successors_raw(succs.as_slice())?;
        }
        b.build_into(point.as_ref())
    })();
    if let Ok(mut b) = entry.builders.try_borrow_mut() {
        let i = name_id as usize;
        if b.len() <= i {
            b.resize_with(i + 1, || None);
        }
        b[i] = Some(cached);
    }
    match built? {
        BuiltOperation::Inserted(op) => {
            put_op(0, &op);
            wr(2, 0);
        }
        BuiltOperation::Detached(owned) => {
            let op = owned.release();
            let owner = match ctx.adopt(&op) {
                Ok(o) => o,
                Err(e) => {
                    let _ = op.erase_if_detached();
                    return Err(e);
                }
            };
            put_op(0, &op);
            wr(2, state::owner_insert(Owner::Op(owner)));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// ownership (see lib/ir.js, "Lifetime")

/// Writes the root of a tree: 1 and an operation (a detached root), 2 and a block (a
/// detached block), 0 when there is none (stale IR gives an error instead).
fn put_root_of_op(op: &Operation) -> omnir::Result<()> {
    let root = op.root()?;
    match root.parent_block()? {
        Some(b) => {
            wr(0, 2);
            put_block(1, &b);
        }
        None => {
            wr(0, 1);
            put_op(1, &root);
        }
    }
    Ok(())
}

fn put_root_of_block(b: &Block) -> omnir::Result<()> {
    match b.parent_op()? {
        Some(op) => put_root_of_op(&op),
        None => {
            if !b.is_live() {
                return Err(omnir::Error::new(omnir::Status::StaleHandle, "the block was erased"));
            }
            wr(0, 2);
            put_block(1, b);
            Ok(())
        }
    }
}

/// in: ctx, op (1-2) / out: root kind (0), root (1-2).
#[napi]
pub fn tree_root_of_op() -> u32 {
    run_cx(|ctx| put_root_of_op(&op_at(ctx, 1)))
}

/// in: ctx, block (1-2) / out: root kind (0), root (1-2).
#[napi]
pub fn tree_root_of_block() -> u32 {
    run_cx(|ctx| put_root_of_block(&block_at(ctx, 1)))
}

/// in: ctx, region (1-2) / out: root kind (0), root (1-2).
#[napi]
pub fn tree_root_of_region() -> u32 {
    run_cx(|ctx| put_root_of_op(&region_at(ctx, 1).parent_op()?))
}

/// in: ctx, value (1-3) / out: root kind (0), root (1-2).
#[napi]
pub fn tree_root_of_value() -> u32 {
    run_cx(|ctx| {
        let v = value_at(ctx, 1);
        if let Some(op) = v.defining_op()? {
            return put_root_of_op(&op);
        }
        match v.owner_block()? {
            Some(b) => put_root_of_block(&b),
            None => Err(omnir::Error::new(omnir::Status::StaleHandle, "the value was erased")),
        }
    })
}

/// in: ctx, op (1-2) / out: owner slot (0). The owner of a detached operation (the one
/// registered in the client if it is still alive).
#[napi]
pub fn adopt_op() -> u32 {
    run_cx(|ctx| {
        let owner = ctx.adopt(&op_at(ctx, 1))?;
        wr(0, state::owner_insert(Owner::Op(owner)));
        Ok(())
    })
}

/// in: ctx, block (1-2) / out: owner slot (0). Takes ownership of a detached block.
#[napi]
pub fn adopt_block() -> u32 {
    run_cx(|ctx| {
        let b = block_at(ctx, 1);
        if b.parent_region()?.is_some() {
            return Err(state::invalid("only a detached block can be owned"));
        }
        wr(0, state::owner_insert(Owner::Block(std::rc::Rc::new(omnir::OwnedBlock::new(b)))));
        Ok(())
    })
}

/// A second slot sharing an owner (0 when it cannot be shared).
#[napi]
pub fn owner_share(slot: u32) -> u32 {
    state::owner_share(slot).unwrap_or(0)
}

/// Releases an owner slot (from a FinalizationRegistry callback): erases the tree if this
/// was its last owner and it is still detached.
#[napi]
pub fn owner_release(slot: u32) {
    state::owner_release(slot);
}

// ---------------------------------------------------------------------------------------
// operations

/// in: ctx, op / returns 1 when the operation exists.
#[napi]
pub fn op_is_live() -> u32 {
    state::with_cx(|ctx| Ok(op_at(ctx, 1).is_live() as u32)).unwrap_or(0)
}

/// in: ctx, op / returns the name (null on failure).
#[napi]
pub fn op_name() -> Option<String> {
    run_value_cx(|ctx| op_at(ctx, 1).name())
}

/// in: ctx, op / out: location (0).
#[napi]
pub fn op_location() -> u32 {
    run_cx(|ctx| {
        let l = op_at(ctx, 1).location()?;
        wr(0, loc_id(&l));
        Ok(())
    })
}

/// in: ctx, op, loc (3).
#[napi]
pub fn op_set_location() -> u32 {
    run_cx(|ctx| op_at(ctx, 1).set_location(&loc_at(ctx, 3)))
}

/// in: ctx, op / out: registered (0).
#[napi]
pub fn op_is_registered() -> u32 {
    run_cx(|ctx| {
        wr(0, op_at(ctx, 1).is_registered()? as u32);
        Ok(())
    })
}

/// in: ctx, op / out: #operands (0).
#[napi]
pub fn op_num_operands() -> u32 {
    run_cx(|ctx| {
        wr(0, op_at(ctx, 1).num_operands()? as u32);
        Ok(())
    })
}

fn values_list(values: &[omnir::Value]) {
    let mut w = Vec::with_capacity(values.len() * 3);
    for v in values {
        let r = v.raw();
        w.extend([r.owner, r.generation, r.number]);
    }
    write_list(w, values.len());
}

/// The root of the tree a value is defined in, as (kind, index, generation) (see
/// `put_root_of_op`); (0, 0, 0) for a null value (a dropped operand).
fn root_words_of_value(v: &omnir::Value) -> omnir::Result<[u32; 3]> {
    if !v.is_live() {
        return Ok([0, 0, 0]);
    }
    if let Some(op) = v.defining_op()? {
        return root_words_of_op(&op);
    }
    match v.owner_block()? {
        Some(b) => match b.parent_op()? {
            Some(op) => root_words_of_op(&op),
            None => Ok([2, b.raw().index, b.raw().generation]),
        },
        None => Ok([0, 0, 0]),
    }
}

fn root_words_of_op(op: &Operation) -> omnir::Result<[u32; 3]> {
    let root = op.root()?;
    Ok(match root.parent_block()? {
        Some(b) => [2, b.raw().index, b.raw().generation],
        None => [1, root.raw().index, root.raw().generation],
    })
}

/// in: ctx, op / out: list of operands, 7 words each: value (3), is a block argument, and the
/// root of the tree the value is defined in (kind, handle; see `treeRootOfOp`).
#[napi]
pub fn op_operands() -> u32 {
    run_cx(|ctx| {
        let operands = op_at(ctx, 1).operands()?;
        let mut w = Vec::with_capacity(operands.len() * 7);
        for v in &operands {
            let r = v.raw();
            let live = v.is_live();
            let arg = if live { v.is_block_argument()? as u32 } else { 0 };
            w.extend([r.owner, r.generation, r.number, arg]);
            w.extend(root_words_of_value(v)?);
        }
        write_list(w, operands.len());
        Ok(())
    })
}

/// in: ctx, op, group (3) / out: the group's operand indices, start (0) and end (1), as the
/// op's definition lays them out.
#[napi]
pub fn op_operand_group() -> u32 {
    run_cx(|ctx| {
        let r = op_at(ctx, 1).operand_group(rd(3) as usize)?;
        wr(0, r.start as u32);
        wr(1, r.end as u32);
        Ok(())
    })
}

/// in: ctx, op, group (3) / out: the group's result indices, start (0) and end (1).
#[napi]
pub fn op_result_group() -> u32 {
    run_cx(|ctx| {
        let r = op_at(ctx, 1).result_group(rd(3) as usize)?;
        wr(0, r.start as u32);
        wr(1, r.end as u32);
        Ok(())
    })
}

/// in: ctx, op, index (3) / out: value (0-2), is a block argument (3), root of its tree (4-6).
#[napi]
pub fn op_operand() -> u32 {
    run_cx(|ctx| {
        let v = op_at(ctx, 1).operand(rd(3) as usize)?;
        let live = v.is_live();
        let arg = if live { v.is_block_argument()? as u32 } else { 0 };
        let root = root_words_of_value(&v)?;
        put_value(0, &v);
        wr(3, arg);
        wr(4, root[0]);
        wr(5, root[1]);
        wr(6, root[2]);
        Ok(())
    })
}

/// in: ctx, op, index (3), value (4-6).
#[napi]
pub fn op_set_operand() -> u32 {
    run_cx(|ctx| op_at(ctx, 1).set_operand(rd(3) as usize, &value_at(ctx, 4)))
}

/// in: ctx, op, n (3), values from 4.
#[napi]
pub fn op_set_operands() -> u32 {
    run_cx(|ctx| {
        let n = rd(3) as usize;
        let vals: Vec<_> = (0..n).map(|k| value_at(ctx, 4 + 3 * k)).collect();
        op_at(ctx, 1).set_operands(&vals)
    })
}

/// in: ctx, op / out: #results (0).
#[napi]
pub fn op_num_results() -> u32 {
    run_cx(|ctx| {
        wr(0, op_at(ctx, 1).num_results()? as u32);
        Ok(())
    })
}

/// in: ctx, op / out: list of values.
#[napi]
pub fn op_results() -> u32 {
    run_cx(|ctx| {
        values_list(&op_at(ctx, 1).results()?);
        Ok(())
    })
}

/// in: ctx, op, index (3) / out: value (0-2).
#[napi]
pub fn op_result() -> u32 {
    run_cx(|ctx| {
        let v = op_at(ctx, 1).result(rd(3) as usize)?;
        put_value(0, &v);
        Ok(())
    })
}

/// in: ctx, op / out: the single result (0-2); an error unless there is exactly one.
#[napi]
pub fn op_single_result() -> u32 {
    run_cx(|ctx| {
        let op = op_at(ctx, 1);
        let n = op.num_results()?;
        if n != 1 {
            return Err(state::invalid(format!(
                "'{}' has {n} results; `result` needs exactly one (use `results`)",
                op.name()?
            )));
        }
        put_value(0, &op.result(0)?);
        Ok(())
    })
}

/// in: ctx, op / out: list of regions (2 words).
#[napi]
pub fn op_regions() -> u32 {
    run_cx(|ctx| {
        let regions = op_at(ctx, 1).regions()?;
        let mut w = Vec::with_capacity(regions.len() * 2);
        for r in &regions {
            w.extend([r.raw().index, r.raw().generation]);
        }
        write_list(w, regions.len());
        Ok(())
    })
}

/// in: ctx, op / out: #regions (0).
#[napi]
pub fn op_num_regions() -> u32 {
    run_cx(|ctx| {
        wr(0, op_at(ctx, 1).num_regions()? as u32);
        Ok(())
    })
}

/// in: ctx, op, index (3) / out: region (0-1).
#[napi]
pub fn op_region() -> u32 {
    run_cx(|ctx| {
        let r = op_at(ctx, 1).region(rd(3) as usize)?;
        put_region(0, &r);
        Ok(())
    })
}

fn blocks_list(blocks: &[Block]) {
    let mut w = Vec::with_capacity(blocks.len() * 2);
    for b in blocks {
        w.extend([b.raw().index, b.raw().generation]);
    }
    write_list(w, blocks.len());
}

/// in: ctx, op / out: list of successor blocks.
#[napi]
pub fn op_successors() -> u32 {
    run_cx(|ctx| {
        blocks_list(&op_at(ctx, 1).successors()?);
        Ok(())
    })
}

/// in: ctx, op, index (3), block (4-5).
#[napi]
pub fn op_set_successor() -> u32 {
    run_cx(|ctx| op_at(ctx, 1).set_successor(rd(3) as usize, &block_at(ctx, 4)))
}

/// in: ctx, op / returns the attribute names (null on failure); out: list of attributes.
#[napi]
pub fn op_attributes() -> Option<Vec<String>> {
    run_value_cx(|ctx| {
        let attrs = op_at(ctx, 1).attributes()?;
        let ids: Vec<u32> = attrs.iter().map(|(_, a)| attr_id(a)).collect();
        write_list(ids, attrs.len());
        Ok(attrs.into_iter().map(|(n, _)| n).collect())
    })
}

/// in: ctx, op / out: the attribute `name` (0), or 0.
#[napi]
pub fn op_attribute(name: String) -> u32 {
    run_cx(|ctx| {
        let a = op_at(ctx, 1).attribute(&name)?;
        wr(0, opt_attr_id(a));
        Ok(())
    })
}

/// in: ctx, op / out: the inherent attribute `name` (0), or 0.
#[napi]
pub fn op_inherent_attribute(name: String) -> u32 {
    run_cx(|ctx| {
        let a = op_at(ctx, 1).inherent_attribute(&name)?;
        wr(0, opt_attr_id(a));
        Ok(())
    })
}

/// in: ctx, op, attribute (3).
#[napi]
pub fn op_set_attribute(name: String) -> u32 {
    run_cx(|ctx| op_at(ctx, 1).set_attribute(&name, &attr_at(ctx, 3)))
}

/// in: ctx, op / out: whether it was there (0).
#[napi]
pub fn op_remove_attribute(name: String) -> u32 {
    run_cx(|ctx| {
        let had = op_at(ctx, 1).remove_attribute(&name)?;
        wr(0, had as u32);
        Ok(())
    })
}

/// in: ctx, op / out: properties (0) or 0.
#[napi]
pub fn op_properties() -> u32 {
    run_cx(|ctx| {
        let a = op_at(ctx, 1).properties()?;
        wr(0, opt_attr_id(a));
        Ok(())
    })
}

/// in: ctx, op, properties (3).
#[napi]
pub fn op_set_properties() -> u32 {
    run_cx(|ctx| op_at(ctx, 1).set_properties(&attr_at(ctx, 3)))
}

/// in: ctx, op / out: optional block (0-2).
#[napi]
pub fn op_parent_block() -> u32 {
    run_cx(|ctx| {
        put_opt_block(0, op_at(ctx, 1).parent_block()?);
        Ok(())
    })
}

/// in: ctx, op / out: optional region (0-2).
#[napi]
pub fn op_parent_region() -> u32 {
    run_cx(|ctx| {
        put_opt_region(0, op_at(ctx, 1).parent_region()?);
        Ok(())
    })
}

/// in: ctx, op / out: optional op (0-2).
#[napi]
pub fn op_parent_op() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, op_at(ctx, 1).parent_op()?);
        Ok(())
    })
}

/// in: ctx, op / out: optional op (0-2).
#[napi]
pub fn op_next() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, op_at(ctx, 1).next()?);
        Ok(())
    })
}

/// in: ctx, op / out: optional op (0-2).
#[napi]
pub fn op_prev() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, op_at(ctx, 1).prev()?);
        Ok(())
    })
}

/// in: ctx, op, other op (3-4) / out: whether op is other or an ancestor of it (0).
#[napi]
pub fn op_is_ancestor() -> u32 {
    run_cx(|ctx| {
        let r = op_at(ctx, 1).is_ancestor_of(&op_at(ctx, 3))?;
        wr(0, r as u32);
        Ok(())
    })
}

/// in: ctx, op, insertion point (3-5). Moves the operation (attached or not).
#[napi]
pub fn op_move() -> u32 {
    run_cx(|ctx| {
        let p = insertion_point_at(ctx, 3)?;
        op_at(ctx, 1).move_to(&p)
    })
}

/// in: ctx, op, insertion point (3-5). Inserts a detached operation.
#[napi]
pub fn op_insert() -> u32 {
    run_cx(|ctx| {
        let p = insertion_point_at(ctx, 3)?;
        p.insert(&op_at(ctx, 1))
    })
}

/// in: ctx, op. Takes the operation out of its block (the caller adopts it).
#[napi]
pub fn op_detach() -> u32 {
    run_cx(|ctx| op_at(ctx, 1).detach().map(|owned| drop(owned.release())))
}

/// in: ctx, op, mode (3: 0 require no uses, 1 drop uses).
#[napi]
pub fn op_erase() -> u32 {
    run_cx(|ctx| {
        let mode = if rd(3) == 1 { EraseMode::DropUses } else { EraseMode::RequireNoUses };
        op_at(ctx, 1).erase_with(mode)
    })
}

/// in: ctx, op / out: clone (0-1), its owner slot (2).
#[napi]
pub fn op_clone() -> u32 {
    match state::with_cx(|ctx| op_at(ctx, 1).clone_op()) {
        Ok(owned) => adopt_and_put(&owned.release()),
        Err(e) => state::fail(e),
    }
}

/// in: ctx, op.
#[napi]
pub fn op_drop_all_references() -> u32 {
    run_cx(|ctx| op_at(ctx, 1).drop_all_references())
}

/// in: ctx, op, n (3), values from 4.
#[napi]
pub fn op_replace_all_uses_with() -> u32 {
    run_cx(|ctx| {
        let n = rd(3) as usize;
        let vals: Vec<_> = (0..n).map(|k| value_at(ctx, 4 + 3 * k)).collect();
        op_at(ctx, 1).replace_all_uses_with(&vals)
    })
}

/// in: ctx, op. Verifies; a failure keeps the error diagnostics (MLIRError).
#[napi]
pub fn op_verify() -> u32 {
    let r = (|| {
        let ctx = cx().map_err(omnir::DiagnosedError::from)?;
        let op = op_at(&ctx, 1);
        ctx.with_diagnostics(|| op.verify())
    })();
    match r {
        Ok(()) => 0,
        Err(d) => state::fail_with(d.error, d.diagnostics),
    }
}

/// The print flags written from word `at`: debug info (+0), pretty (+1), local scope (+2),
/// assume verified (+3), generic form (+4), elide larger than (+5, float64).
pub(crate) fn print_flags(at: usize) -> PrintFlags {
    PrintFlags {
        generic: rd(at + 4) != 0,
        debug_info: rd(at) != 0,
        pretty_debug_info: rd(at + 1) != 0,
        local_scope: rd(at + 2) != 0,
        assume_verified: rd(at + 3) != 0,
        elide_elements_larger_than: rdf(at + 5) as u64,
    }
}

/// in: ctx, op, print flags from 3 (see `print_flags`) / returns the text (null on failure).
#[napi(ts_return_type = "string | null")]
pub fn op_print() -> Option<state::JsText> {
    run_value_cx(|ctx| {
        let flags = print_flags(3);
        crate::definitions::checked_print(|| op_at(ctx, 1).print(&flags)).map(state::JsText)
    })
}

/// in: ctx, block (1, 2), print flags from 3 (as `op_print`) / returns the text (null on
/// failure).
#[napi(ts_return_type = "string | null")]
pub fn block_print() -> Option<state::JsText> {
    run_value_cx(|ctx| {
        let flags = print_flags(3);
        crate::definitions::checked_print(|| block_at(ctx, 1).print(&flags)).map(state::JsText)
    })
}

/// in: ctx, value (1-3), print flags from 5 (as `op_print`) / returns the text (null on
/// failure).
#[napi(ts_return_type = "string | null")]
pub fn value_print() -> Option<state::JsText> {
    run_value_cx(|ctx| {
        let flags = print_flags(5);
        crate::definitions::checked_print(|| value_at(ctx, 1).print(&flags)).map(state::JsText)
    })
}

/// in: ctx, value (1-3), local scope (5) / returns the value's name as an operand (null on
/// failure).
#[napi(ts_return_type = "string | null")]
pub fn value_name() -> Option<state::JsText> {
    run_value_cx(|ctx| value_at(ctx, 1).name(rd(5) != 0).map(state::JsText))
}

/// in: ctx, op, interface TypeID (3) / out: implements (0).
#[napi]
pub fn op_implements() -> u32 {
    run_cx(|ctx| {
        let r = op_at(ctx, 1).implements(omnir::TypeId(rd(3)))?;
        wr(0, r as u32);
        Ok(())
    })
}

/// in: ctx, op, order (3: 0 pre-order, 1 post-order) / out: list of (op, size of its
/// subtree in pre-order, counting itself; 1 in post-order).
///
/// The walk is a snapshot: JavaScript then calls its callback on each operation (a callback
/// per operation through N-API would cost more than the walk itself), skipping a subtree
/// with the sizes. Mutating IR from the callback is then allowed (see `lib/ir.js`).
#[napi]
pub fn op_walk() -> u32 {
    run_cx(|ctx| {
        let root = op_at(ctx, 1);
        let post = rd(3) == 1;
        let mut words: Vec<u32> = Vec::new();
        let mut count = 0usize;
        if post {
            root.walk(WalkOrder::PostOrder, |o| {
                let r = o.raw();
                words.extend([r.index, r.generation, 1]);
                count += 1;
                WalkResult::Advance
            })?;
        } else {
            // Subtree sizes: a stack of the open ancestors (position, handle); an operation
            // closes every open one that is not its parent.
            let mut open: Vec<(usize, u32, u32)> = Vec::new();
            let mut failed = None;
            root.walk(WalkOrder::PreOrder, |o| {
                let parent = if count == 0 {
                    None
                } else {
                    match o.parent_op() {
                        Ok(p) => p.map(|p| (p.raw().index, p.raw().generation)),
                        Err(e) => {
                            failed = Some(e);
                            return WalkResult::Interrupt;
                        }
                    }
                };
                while let Some(&(pos, i, g)) = open.last() {
                    if Some((i, g)) == parent {
                        break;
                    }
                    words[pos * 3 + 2] = (count - pos) as u32;
                    open.pop();
                }
                let r = o.raw();
                open.push((count, r.index, r.generation));
                words.extend([r.index, r.generation, 1]);
                count += 1;
                WalkResult::Advance
            })?;
            if let Some(e) = failed {
                return Err(e);
            }
            while let Some((pos, _, _)) = open.pop() {
                words[pos * 3 + 2] = (count - pos) as u32;
            }
        }
        write_list(words, count);
        Ok(())
    })
}

/// in: ctx, op / out: TypeID of the operation's name (0).
#[napi]
pub fn op_type_id() -> u32 {
    run_cx(|ctx| {
        let name = op_at(ctx, 1).name()?;
        wr(0, omnir::TypeId::get(&name)?.0);
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// blocks

/// in: ctx, n (1), n types from 2, n locations after them / out: block (0-1), owner slot (2).
#[napi]
pub fn block_create() -> u32 {
    run_cx(|ctx| {
        let n = rd(1) as usize;
        let args: Vec<_> = (0..n).map(|k| (type_at(ctx, 2 + k), loc_at(ctx, 2 + n + k))).collect();
        let owned = Block::create(ctx, &args)?;
        put_block(0, &owned);
        wr(2, state::owner_insert(Owner::Block(std::rc::Rc::new(owned))));
        Ok(())
    })
}

/// in: ctx, block / returns 1 when it exists.
#[napi]
pub fn block_is_live() -> u32 {
    state::with_cx(|ctx| Ok(block_at(ctx, 1).is_live() as u32)).unwrap_or(0)
}

/// in: ctx, block / out: list of values.
#[napi]
pub fn block_arguments() -> u32 {
    run_cx(|ctx| {
        values_list(&block_at(ctx, 1).arguments()?);
        Ok(())
    })
}

/// in: ctx, block / out: #arguments (0).
#[napi]
pub fn block_num_arguments() -> u32 {
    run_cx(|ctx| {
        wr(0, block_at(ctx, 1).num_arguments()? as u32);
        Ok(())
    })
}

/// in: ctx, block, index (3) / out: value (0-2).
#[napi]
pub fn block_argument() -> u32 {
    run_cx(|ctx| {
        let v = block_at(ctx, 1).argument(rd(3) as usize)?;
        put_value(0, &v);
        Ok(())
    })
}

/// in: ctx, block, type (3), loc (4) / out: value (0-2).
#[napi]
pub fn block_add_argument() -> u32 {
    run_cx(|ctx| {
        let v = block_at(ctx, 1).add_argument(&type_at(ctx, 3), &loc_at(ctx, 4))?;
        put_value(0, &v);
        Ok(())
    })
}

/// in: ctx, block, index (3).
#[napi]
pub fn block_erase_argument() -> u32 {
    run_cx(|ctx| block_at(ctx, 1).erase_argument(rd(3) as usize))
}

/// in: ctx, block / out: optional region (0-2).
#[napi]
pub fn block_parent_region() -> u32 {
    run_cx(|ctx| {
        put_opt_region(0, block_at(ctx, 1).parent_region()?);
        Ok(())
    })
}

/// in: ctx, block / out: optional op (0-2).
#[napi]
pub fn block_parent_op() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, block_at(ctx, 1).parent_op()?);
        Ok(())
    })
}

/// in: ctx, block / out: list of operations (2 words).
#[napi]
pub fn block_ops() -> u32 {
    run_cx(|ctx| {
        let ops = block_at(ctx, 1).operations()?;
        let mut w = Vec::with_capacity(ops.len() * 2);
        for o in &ops {
            w.extend([o.raw().index, o.raw().generation]);
        }
        write_list(w, ops.len());
        Ok(())
    })
}

/// in: ctx, block / out: #operations (0).
#[napi]
pub fn block_num_ops() -> u32 {
    run_cx(|ctx| {
        wr(0, block_at(ctx, 1).num_ops()? as u32);
        Ok(())
    })
}

/// in: ctx, block / out: optional op (0-2).
#[napi]
pub fn block_first_op() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, block_at(ctx, 1).first_op()?);
        Ok(())
    })
}

/// in: ctx, block / out: optional op (0-2).
#[napi]
pub fn block_last_op() -> u32 {
    run_cx(|ctx| {
        put_opt_op(0, block_at(ctx, 1).last_op()?);
        Ok(())
    })
}

/// in: ctx, block / out: optional block (0-2).
#[napi]
pub fn block_next() -> u32 {
    run_cx(|ctx| {
        put_opt_block(0, block_at(ctx, 1).next()?);
        Ok(())
    })
}

/// in: ctx, block / out: optional block (0-2).
#[napi]
pub fn block_prev() -> u32 {
    run_cx(|ctx| {
        put_opt_block(0, block_at(ctx, 1).prev()?);
        Ok(())
    })
}

/// in: ctx, block / out: list of (terminator op, successor index).
#[napi]
pub fn block_predecessors() -> u32 {
    run_cx(|ctx| {
        let preds = block_at(ctx, 1).predecessors()?;
        let mut w = Vec::with_capacity(preds.len() * 3);
        for p in &preds {
            w.extend([p.op.raw().index, p.op.raw().generation, p.index as u32]);
        }
        write_list(w, preds.len());
        Ok(())
    })
}

/// in: ctx, block / out: list of blocks.
#[napi]
pub fn block_successors() -> u32 {
    run_cx(|ctx| {
        blocks_list(&block_at(ctx, 1).successors()?);
        Ok(())
    })
}

/// in: ctx, block. Takes the block out of its region (the caller adopts it).
#[napi]
pub fn block_detach() -> u32 {
    run_cx(|ctx| block_at(ctx, 1).detach().map(|owned| drop(owned.release())))
}

/// in: ctx, block.
#[napi]
pub fn block_erase() -> u32 {
    run_cx(|ctx| block_at(ctx, 1).erase())
}

// ---------------------------------------------------------------------------------------
// regions

/// in: ctx, region / returns 1 when it exists.
#[napi]
pub fn region_is_live() -> u32 {
    state::with_cx(|ctx| Ok(region_at(ctx, 1).is_live() as u32)).unwrap_or(0)
}

/// in: ctx, region / out: op (0-1).
#[napi]
pub fn region_parent_op() -> u32 {
    run_cx(|ctx| {
        let op = region_at(ctx, 1).parent_op()?;
        put_op(0, &op);
        Ok(())
    })
}

/// in: ctx, region / out: its index in its operation (0).
#[napi]
pub fn region_number() -> u32 {
    run_cx(|ctx| {
        wr(0, region_at(ctx, 1).number()? as u32);
        Ok(())
    })
}

/// in: ctx, region / out: list of blocks.
#[napi]
pub fn region_blocks() -> u32 {
    run_cx(|ctx| {
        blocks_list(&region_at(ctx, 1).blocks()?);
        Ok(())
    })
}

/// in: ctx, region / out: #blocks (0).
#[napi]
pub fn region_num_blocks() -> u32 {
    run_cx(|ctx| {
        wr(0, region_at(ctx, 1).num_blocks()? as u32);
        Ok(())
    })
}

/// in: ctx, region, block (3-4).
#[napi]
pub fn region_append_block() -> u32 {
    run_cx(|ctx| region_at(ctx, 1).append_block(&block_at(ctx, 3)))
}

/// in: ctx, region, reference block (3-4), block (5-6), after (7).
#[napi]
pub fn region_insert_block() -> u32 {
    run_cx(|ctx| {
        let r = region_at(ctx, 1);
        if rd(7) != 0 {
            r.insert_block_after(&block_at(ctx, 3), &block_at(ctx, 5))
        } else {
            r.insert_block_before(&block_at(ctx, 3), &block_at(ctx, 5))
        }
    })
}

// ---------------------------------------------------------------------------------------
// values

/// in: ctx, value / returns 1 when it exists.
#[napi]
pub fn value_is_live() -> u32 {
    state::with_cx(|ctx| Ok(value_at(ctx, 1).is_live() as u32)).unwrap_or(0)
}

/// in: ctx, value / out: type (0).
#[napi]
pub fn value_type() -> u32 {
    run_cx(|ctx| {
        let t = value_at(ctx, 1).ty()?;
        wr(0, type_id(&t));
        Ok(())
    })
}

/// in: ctx, value, type (4).
#[napi]
pub fn value_set_type() -> u32 {
    run_cx(|ctx| value_at(ctx, 1).set_type(&type_at(ctx, 4)))
}

/// in: ctx, value / out: location (0).
#[napi]
pub fn value_location() -> u32 {
    run_cx(|ctx| {
        let l = value_at(ctx, 1).location()?;
        wr(0, loc_id(&l));
        Ok(())
    })
}

/// in: ctx, value / out: defining op or owner block: kind (0: 1 op, 2 block), handle (1-2),
/// number (3).
#[napi]
pub fn value_owner() -> u32 {
    run_cx(|ctx| {
        let v = value_at(ctx, 1);
        let number = v.number()?;
        if let Some(op) = v.defining_op()? {
            wr(0, 1);
            put_op(1, &op);
        } else if let Some(b) = v.owner_block()? {
            wr(0, 2);
            put_block(1, &b);
        } else {
            return Err(omnir::Error::new(omnir::Status::StaleHandle, "the value was erased"));
        }
        wr(3, number);
        Ok(())
    })
}

/// in: ctx, value / out: list of uses, 6 words each: the using op (2), the operand index,
/// and the root of the op's tree (kind, handle).
#[napi]
pub fn value_uses() -> u32 {
    run_cx(|ctx| {
        let uses = value_at(ctx, 1).uses()?;
        let mut w = Vec::with_capacity(uses.len() * 6);
        for u in &uses {
            w.extend([u.op.raw().index, u.op.raw().generation, u.index as u32]);
            w.extend(root_words_of_op(&u.op)?);
        }
        write_list(w, uses.len());
        Ok(())
    })
}

/// in: ctx, value / out: #uses (0).
#[napi]
pub fn value_num_uses() -> u32 {
    run_cx(|ctx| {
        wr(0, value_at(ctx, 1).num_uses()? as u32);
        Ok(())
    })
}

/// in: ctx, value, replacement (4-6), except op (7-8) when (9) is 1.
#[napi]
pub fn value_replace_all_uses_with() -> u32 {
    run_cx(|ctx| {
        let v = value_at(ctx, 1);
        let with = value_at(ctx, 4);
        if rd(9) == 1 {
            v.replace_all_uses_except(&with, &op_at(ctx, 7))
        } else {
            v.replace_all_uses_with(&with)
        }
    })
}

/// in: ctx, value.
#[napi]
pub fn value_drop_all_uses() -> u32 {
    run_cx(|ctx| value_at(ctx, 1).drop_all_uses())
}

/// in: ctx, insertion point (1-3). Checks that an insertion point can take operations.
#[napi]
pub fn insertion_point_check() -> u32 {
    run_cx(|ctx| {
        match insertion_point_at(ctx, 1)? {
            InsertionPoint::BlockStart(b) | InsertionPoint::BlockEnd(b) => {
                if !b.is_live() {
                    return Err(omnir::Error::new(omnir::Status::StaleHandle, "the block was erased"));
                }
            }
            InsertionPoint::Before(o) | InsertionPoint::After(o) => {
                if o.parent_block()?.is_none() {
                    return Err(state::invalid("cannot insert before or after a detached operation"));
                }
            }
        }
        Ok(())
    })
}
