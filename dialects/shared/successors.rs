//! A successor with its operands, `^bb1` or `^bb1(%a, %b : i32, i64)` (MLIR's
//! `parseSuccessorAndUseList` / `printSuccessorAndUseList`), for the dialects whose branch
//! ops list successors in a custom directive (`cf.switch`, `llvm.switch`).

use crate::asm::format::{
    DirectiveParser, DirectivePrinter, PrintedBlock, PrintedValue, UnresolvedOperand, UnresolvedSuccessor,
};
use crate::dialect::AsmError;
use crate::types::Type;

/// A successor read with its operands and their types.
pub type SuccessorUse = (UnresolvedSuccessor, Vec<UnresolvedOperand>, Vec<Type>);

/// Reads `^bb` and an optional `(%a, ... : type, ...)`.
pub fn parse_successor_use(p: &mut dyn DirectiveParser) -> Result<SuccessorUse, AsmError> {
    let block = p.parse_successor()?;
    let mut operands = Vec::new();
    let mut types = Vec::new();
    if p.parse_optional_punct("(")? {
        loop {
            operands.push(p.parse_operand()?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(":")?;
        loop {
            types.push(p.parse_type()?);
            if !p.parse_optional_punct(",")? {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    Ok((block, operands, types))
}

/// Writes `^bb`, then `(%a, ... : type, ...)` when there are operands.
pub fn print_successor_use(
    p: &mut dyn DirectivePrinter,
    block: PrintedBlock,
    operands: &[PrintedValue],
    types: &[Type],
) {
    p.print_successor(block);
    if operands.is_empty() {
        return;
    }
    p.write("(");
    for (i, &v) in operands.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(v);
    }
    p.write(" : ");
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
    }
    p.write(")");
}
