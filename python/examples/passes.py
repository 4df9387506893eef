"""Options, a pass and a rewrite pattern written in Python, and a pipeline run by
PassManager (MLIR's ``mlir.passmanager``) with timing and IR printing."""

from __future__ import annotations

from typing import Any, Mapping

import omnir as ir
from omnir.passmanager import PassManager

TEXT = '''
"builtin.module"() ({
  "func.func"() <{function_type = () -> i64, sym_name = "f"}> ({
    %0 = "demo.const"() {value = 40 : i64} : () -> i64
    %1 = "demo.inc"(%0) : (i64) -> i64
    %2 = "demo.inc"(%1) : (i64) -> i64
    "func.return"(%2) : (i64) -> ()
  }) : () -> ()
}) : () -> ()
'''


def main() -> None:
    with ir.Context() as ctx, ir.Location.unknown():
        # An option of this context; `with ctx.options(...)` overrides it for this thread.
        ctx.declare_option("demo.verbose", "bool", False, help="print what the passes do")

        # A pass: `run(op, options)` for each op it is anchored on, with its typed options.
        @ctx.register_pass("demo-tag", description="tags functions",
                           options=[ir.PassOption("label", "string", "seen"), ir.PassOption("level", "int", 1)])
        def tag(op: ir.Operation, options: Mapping[str, Any]) -> None:
            if op.context.get_option("demo.verbose"):
                print(f"demo-tag on {op.name}: {options}")
            op.attributes["demo.tag"] = ir.StringAttr.get(f"{options['label']}{options['level']}")

        # A rewrite pattern for `canonicalize`: demo.inc(demo.const v) -> demo.const v+1.
        @ctx.register_rewrite_pattern("fold-inc", root="demo.inc")
        def fold_inc(op: ir.Operation) -> bool:
            src = op.operands[0].owner
            if not isinstance(src, ir.Operation) or src.name != "demo.const":
                return False
            value = ir.IntegerAttr(src.attributes["value"])
            folded = ir.Operation.create(
                "demo.const", results=[op.result.type],
                attributes={"value": ir.IntegerAttr.get(op.result.type, value.value + 1)},
                loc=op.location, ip=ir.InsertionPoint(op))
            op.result.replace_all_uses_with(folded.result)
            op.erase()
            if src.result.has_no_uses:
                src.erase()
            return True

        module = ir.Module.parse(TEXT)
        pm = PassManager.parse("builtin.module(func.func(demo-tag{label=done level=2}),canonicalize)")
        print("pipeline:", pm)
        pm.enable_timing()
        pm.enable_ir_printing(after=["canonicalize"])
        with ctx.options({"demo.verbose": True}):
            pm.run(module)  # the GIL is released; the Python callbacks take it back
        print(module)
        print(pm.take_output())
        print(pm.timing_report())

        # A failing pass raises MLIRError, with the Python exception as its cause.
        @ctx.register_pass("demo-fail")
        def fail(op: ir.Operation, options: Mapping[str, Any]) -> None:
            raise ValueError("not today")

        try:
            PassManager.parse("builtin.module(demo-fail)").run(module)
        except ir.MLIRError as e:
            print("failed:", e, "| cause:", repr(e.__cause__))


if __name__ == "__main__":
    main()
