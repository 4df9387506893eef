//! The generic printer: MLIR's `--mlir-print-op-generic` output, byte for byte.
//!
//! Behaviour follows MLIR's `AsmPrinter.cpp` (LLVM 24-dev, as bundled in IREE 3.13):
//! value numbering (`SSANameState` with unique ids, as generic printing implies), alias
//! collection and emission (`AliasInitializer`, `AliasState`), `printGenericOp`, blocks and
//! regions, locations, the file metadata section (`{-# dialect_resources ... #-}`), and
//! attribute/type spelling including `APFloat::toString`-exact floats. See the files under
//! `print/` for each part. Nothing recurses natively on nesting depth.

#[path = "print/alias.rs"]
mod alias;
#[path = "print/attr.rs"]
mod attr;
#[path = "print/bigint.rs"]
mod bigint;
#[path = "print/float.rs"]
mod float;
#[path = "print/ops.rs"]
mod ops;

use super::PrintFlags;
use crate::arena::NONE;
use crate::context::Context;
use crate::error::Result;
use crate::ir::OpId;

use alias::{AliasInitializer, Key};
use attr::{write_hex_bytes, write_keyword_or_string, Elision, Printer};
use ops::Numbering;

/// Prints `op` as MLIR's `Operation::print` does with the generic form forced.
///
/// For a top-level operation (no parent) without `local_scope`, the output is: alias
/// definitions that cannot be deferred, the operation, a newline, deferred alias definitions
/// (location aliases) and the file metadata section when `dense_resource` blobs are
/// referenced. Otherwise it is the operation alone, without a trailing newline, numbered from
/// its top-level ancestor (or, with `local_scope`, from the nearest ancestor that is isolated
/// from above). `mlir-opt` appends one `\n` to this text.
pub fn print_op(ctx: &Context, op: OpId, flags: &PrintFlags) -> Result<String> {
    print_op_impl(ctx, op, flags, false, &mut |_| {})
}

/// [`print_op`] writing to `w` as it goes, so that printing a large module holds a small
/// buffer instead of the whole text. A stale `op` is an [`std::io::ErrorKind::InvalidInput`]
/// error.
pub fn print_op_to(ctx: &Context, op: OpId, flags: &PrintFlags, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut failed: Option<std::io::Error> = None;
    let mut flush = |buf: &mut String| {
        if failed.is_none() {
            if let Err(e) = w.write_all(buf.as_bytes()) {
                failed = Some(e);
            }
        }
        buf.clear();
    };
    let rest = print_op_impl(ctx, op, flags, true, &mut flush)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.message))?;
    if let Some(e) = failed {
        return Err(e);
    }
    w.write_all(rest.as_bytes())
}

fn print_op_impl(
    ctx: &Context,
    op: OpId,
    flags: &PrintFlags,
    streaming: bool,
    flush: &mut dyn FnMut(&mut String),
) -> Result<String> {
    ctx.op_data(op)?;
    let local = flags.local_scope;
    let root = find_numbering_root(ctx, op.index, local);
    let mut numbering =
        Numbering::compute(ctx, root, flags.generic || flags.unique_ssa_ids, !flags.generic, flags.value_users);
    // As MLIR's `verifyOpAndAdjustFlags`: an op that fails to verify prints in the generic
    // form, which shows it whatever is wrong with it. Only custom forms can differ, so a
    // tree without any is not verified.
    let fallback;
    let flags = if numbering.custom_forms
        && !flags.generic
        && !flags.assume_verified
        && !ctx.verify_diagnostics(op)?.is_empty()
    {
        fallback = PrintFlags { generic: true, ..flags.clone() };
        numbering = Numbering::compute(ctx, root, true, false, flags.value_users);
        &fallback
    } else {
        flags
    };
    let mut p = Printer::new(ctx, flags);
    let per_op = if flags.debug_info { 96 } else { 64 };
    let estimate = numbering.num_ops.saturating_mul(per_op);
    p.out.reserve(if streaming { estimate.min(2 * ops::FLUSH_AT) } else { estimate });
    if ctx.ir.link(op.index).parent != NONE || local {
        p.print_op_tree(&numbering, op.index, flush);
        return Ok(p.out);
    }

    let defs = AliasInitializer::run(ctx, op.index, flags.debug_info, numbering.location_attrs, flags.generic);
    for def in &defs {
        match def.key {
            Key::Attr(a) => {
                p.aliases.attrs.insert(a.index(), def.name.clone().into_boxed_str());
            }
            Key::Type(t) => {
                p.aliases.types.insert(t.index(), (def.name.clone().into_boxed_str(), false));
            }
        }
    }
    print_alias_defs(&mut p, &defs, false);
    p.print_op_tree(&numbering, op.index, flush);
    p.out.push('\n');
    p.clear_caches();
    print_alias_defs(&mut p, &defs, true);
    print_file_metadata(&mut p);
    Ok(p.out)
}

/// Prints `block` as MLIR's `Block::print` does (generic form): its label, arguments and
/// predecessors on the first line, then its operations two spaces in, one line each, values
/// numbered from the top-level ancestor (with `local_scope`, from the nearest isolated-from-
/// above ancestor). A block in no operation's region prints `<<UNLINKED BLOCK>>` and a
/// newline.
pub fn print_block(ctx: &Context, block: crate::ir::BlockId, flags: &PrintFlags) -> Result<String> {
    let Some(parent) = ctx.block_parent_op(block)? else { return Ok("<<UNLINKED BLOCK>>\n".to_string()) };
    let root = find_numbering_root(ctx, parent.index, flags.local_scope);
    let numbering =
        Numbering::compute(ctx, root, flags.generic || flags.unique_ssa_ids, !flags.generic, flags.value_users);
    let mut p = Printer::new(ctx, flags);
    p.print_block(&numbering, block.index);
    Ok(p.out)
}

/// Prints `value` as MLIR's `Value::print` does: an op result prints its defining operation
/// ([`print_op`]); a block argument prints `<block argument> of type 'T' at index: N`.
pub fn print_value(ctx: &Context, value: crate::ir::Value, flags: &PrintFlags) -> Result<String> {
    match ctx.value_defining_op(value)? {
        Some(op) => print_op(ctx, op, flags),
        None => Ok(format!(
            "<block argument> of type '{}' at index: {}",
            print_type(ctx, ctx.value_type(value)?),
            ctx.value_number(value)?
        )),
    }
}

/// The name the printer gives `value` where it is used as an operand (MLIR's
/// `Value::printAsOperand`, the Python bindings' `Value.get_name`): `%arg0`, `%3`, or `%3#1`
/// for a result of an operation with several, numbered as when printing the top-level
/// ancestor (with `local_scope`, the nearest isolated-from-above ancestor). A block
/// argument of a block in no operation's region is `<<UNKNOWN SSA VALUE>>`, as in MLIR.
pub fn print_value_as_operand(ctx: &Context, value: crate::ir::Value, flags: &PrintFlags) -> Result<String> {
    let v = ctx.check_value(value)?;
    let anchor = match ctx.value_defining_op(value)? {
        Some(op) => Some(op),
        None => match ctx.value_owner_block(value)? {
            Some(block) => ctx.block_parent_op(block)?,
            None => None,
        },
    };
    let Some(anchor) = anchor else { return Ok("<<UNKNOWN SSA VALUE>>".to_string()) };
    let numbering = Numbering::compute(
        ctx,
        find_numbering_root(ctx, anchor.index, flags.local_scope),
        flags.generic || flags.unique_ssa_ids,
        !flags.generic,
        flags.value_users,
    );
    let mut p = Printer::new(ctx, flags);
    p.write_value(&numbering, v);
    Ok(p.out)
}

/// MLIR's `findParent`: the top-level ancestor, or with local scope the nearest ancestor
/// (or the op itself) that is isolated from above.
fn find_numbering_root(ctx: &Context, mut op: u32, local: bool) -> u32 {
    loop {
        let d = ctx.ir.ops.get(op);
        if local {
            let isolated =
                ctx.registry.op(d.name).is_some_and(|def| def.has_trait(crate::dialect::Traits::ISOLATED_FROM_ABOVE));
            if isolated {
                return op;
            }
        }
        if ctx.ir.link(op).parent == NONE {
            return op;
        }
        match ctx.parent_op_of_block_index(ctx.ir.link(op).parent) {
            Some(parent) => op = parent,
            None => return op,
        }
    }
}

fn print_alias_defs(p: &mut Printer<'_>, defs: &[alias::AliasDef], deferred: bool) {
    for def in defs.iter().filter(|d| d.deferred == deferred) {
        p.out.push_str(&def.name);
        p.out.push_str(" = ");
        match def.key {
            Key::Attr(a) => p.print_attribute_impl(a),
            Key::Type(t) => {
                p.print_type_impl(t);
                if let Some(entry) = p.aliases.types.get_mut(&t.index()) {
                    entry.1 = true;
                }
                p.clear_caches();
            }
        }
        p.out.push('\n');
    }
}

/// `{-# dialect_resources: { builtin: { key: "0x..." } } #-}` for the referenced blobs.
fn print_file_metadata(p: &mut Printer<'_>) {
    let ctx = p.ctx;
    let mut first = true;
    for &key in &p.resources {
        let name = ctx.ident_str(key);
        let Some(blob) = ctx.resource("builtin", name) else { continue };
        if first {
            p.out.push_str("\n{-#\n  dialect_resources: {\n    builtin: {\n");
            first = false;
        } else {
            p.out.push_str(",\n");
        }
        p.out.push_str("      ");
        write_keyword_or_string(name, &mut p.out);
        p.out.push_str(": \"0x");
        write_hex_bytes(&blob.alignment.to_le_bytes(), &mut p.out);
        write_hex_bytes(&blob.data, &mut p.out);
        p.out.push('"');
    }
    if !first {
        p.out.push_str("\n    }\n  }\n#-}\n");
    }
}

/// MLIR's spelling of a float of `kind` with bit pattern `bits`; true when printed in hex.
pub(crate) fn write_float_to(kind: crate::types::FloatKind, bits: u128, out: &mut String) -> bool {
    float::write_float(kind, bits, out)
}

/// A type in MLIR's spelling (`Type::print`: no aliases).
pub fn print_type(ctx: &Context, ty: crate::types::Type) -> String {
    let flags = PrintFlags::default();
    let mut p = Printer::new(ctx, &flags);
    p.print_type(ty);
    p.out
}

/// An attribute in MLIR's spelling (`Attribute::print`: no aliases, type not elided).
pub fn print_attribute(ctx: &Context, attr: crate::attrs::Attribute) -> String {
    let flags = PrintFlags::default();
    let mut p = Printer::new(ctx, &flags);
    p.print_attribute(attr, Elision::Never);
    p.out
}

/// A location as MLIR prints it: `loc("file":1:2)`.
pub fn print_location(ctx: &Context, loc: crate::attrs::Location) -> String {
    let flags = PrintFlags::default();
    let mut p = Printer::new(ctx, &flags);
    p.print_location(loc.attr(), false);
    p.out
}
