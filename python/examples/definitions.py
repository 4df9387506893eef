"""A dialect as data: an IRDL definition with an assembly format, a verifier hook and a
``custom<Name>`` directive written in Python. Run: ``python definitions.py``."""

from __future__ import annotations

import omnir as ir

DEFS = """\
irdl.dialect @demo {
  irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["Pure"]} {
    %0 = irdl.any {omnir.constraint = "SignlessIntegerLike"}
    irdl.operands(lhs: %0, rhs: %0)
    irdl.results(result: %0)
  }
  irdl.operation @pack attributes {omnir.assembly_format = "custom<TypedList>($values, type($values)) attr-dict", omnir.verifier = "demo.nonempty"} {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
  }
}
"""


def nonempty(op: ir.Operation) -> None:
    if len(op.operands) == 0:
        raise ValueError("needs at least one value")


def parse_typed_list(p: ir.DirectiveParser) -> None:
    p.parse_punctuation("[")
    if p.parse_optional_punctuation("]"):
        return
    while True:
        p.parse_operand(0)
        p.parse_punctuation(":")
        p.add_type(1, p.parse_type())
        if not p.parse_optional_punctuation(","):
            break
    p.parse_punctuation("]")


def print_typed_list(p: ir.DirectivePrinter) -> None:
    p.write("[")
    for i in range(p.num_values(0)):
        if i:
            p.write(", ")
        p.print_operand(0, i)
        p.write(" : ")
        p.print_type(p.type(1, i))
    p.write("]")


def main() -> None:
    with ir.Context() as ctx, ir.Location.unknown():
        ctx.register_verifier_hook("demo.nonempty", nonempty)  # before the definitions name it
        ctx.load_dialect_definitions(DEFS, "demo.irdl.mlir")
        ctx.register_custom_directive("demo", "TypedList", parse_typed_list, print_typed_list)
        module = ir.Module.parse('%0 = "t.a"() : () -> i32\n%1 = demo.add %0, %0 : i32\ndemo.pack [%0 : i32, %1 : i32]\n')
        print(module)
        print(module.operation.get_asm(print_generic_op_form=True))
        try:
            ir.Module.parse("demo.pack []", filename="bad.mlir")
        except ir.MLIRError as e:
            print("refused:", e)


if __name__ == "__main__":
    main()
