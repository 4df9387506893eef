"""Builds a function with the generic creation API and an insertion point, verifies it and
prints it — the way MLIR's Python bindings are used, over omnir's shared core."""

from __future__ import annotations

import omnir as ir


def build(n: int) -> ir.Module:
    with ir.Context(), ir.Location.file("example.py", 1, 1):
        i32 = ir.IntegerType.get_signless(32)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            fn_type = ir.FunctionType.get([i32], [i32])
            func = ir.Operation.create(
                "func.func",
                regions=1,
                attributes={"sym_name": ir.StringAttr.get("sum"), "function_type": ir.TypeAttr.get(fn_type)},
            )
        entry = func.regions[0].blocks.append(i32)
        last: ir.Value = entry.arguments[0]
        with ir.InsertionPoint(entry):
            for k in range(n):
                c = ir.Operation.create("arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, k)})
                last = ir.Operation.create("arith.addi", results=[i32], operands=[c.result, last]).result
            ir.Operation.create("func.return", operands=[last])
        module.operation.verify()
        return module


def main() -> None:
    module = build(3)
    text = module.operation.get_asm(enable_debug_info=False)
    assert isinstance(text, str)
    print(text)
    symbols = ir.SymbolTable(module.operation)
    func = symbols["sum"]
    print("function:", ir.SymbolTable.get_symbol_name(func).value)


if __name__ == "__main__":
    main()
