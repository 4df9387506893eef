"""Parses a module, walks it, rewrites uses and erases dead operations; shows that errors
carry their diagnostics and that wrappers of erased IR raise StaleHandleError."""

from __future__ import annotations

from typing import List

import omnir as ir

TEXT = '''
"func.func"() ({
^bb0(%a: i32):
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.muli"(%0, %a) : (i32, i32) -> i32
  "func.return"(%1) : (i32) -> ()
}) {sym_name = "f", function_type = (i32) -> i32} : () -> ()
'''


def main() -> None:
    with ir.Context():
        module = ir.Module.parse(TEXT, filename="walk.mlir")
        muls: List[ir.Operation] = []

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "arith.muli":
                muls.append(op)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
        for mul in muls:
            lhs = mul.operands[0]
            mul.result.replace_all_uses_with(lhs)
            mul.erase()
            try:
                mul.name
            except ir.StaleHandleError as e:
                print("stale as expected:", e)
        print(module)
        try:
            ir.Module.parse('"broken"(', filename="broken.mlir")
        except ir.MLIRError as e:
            for d in e.error_diagnostics:
                print(d.severity, d.location, d.message)


if __name__ == "__main__":
    main()
