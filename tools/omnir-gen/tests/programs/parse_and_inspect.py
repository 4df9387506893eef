"""A program written against upstream's Python bindings that parses a module and inspects it
through the dialect classes: ops come back as their classes (func.FuncOp, scf.ForOp,
arith.AddIOp...), typed accessors, enums, an attribute rewritten. `parse_and_inspect.py
upstream|omnir` prints what it finds; CI runs both and requires the same text."""

import sys
if sys.argv[1] == "upstream":
    from iree.compiler import ir
    from iree.compiler.dialects import arith, func, scf
else:
    from omnir import ir
    from omnir.dialects import arith, func, scf

SRC = """
func.func @f(%a: i32, %b: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    %s = arith.addi %acc, %b overflow<nsw> : i32
    %p = arith.cmpi slt, %s, %a : i32
    %m = arith.select %p, %s, %acc : i32
    scf.yield %m : i32
  }
  return %r : i32
}
"""
with ir.Context() as ctx:
    m = ir.Module.parse(SRC)
    f = m.body.operations[0]
    print(type(f).__name__, f.name.value, f.type.inputs, f.type.results, len(f.arguments))
    loop = [op for op in f.entry_block.operations if isinstance(op, scf.ForOp)][0]
    print(type(loop).__name__, loop.induction_variable, len(loop.inner_iter_args), loop.lowerBound.owner.name)
    for op in loop.body.operations:
        if isinstance(op, arith.AddIOp):
            print("addi", op.lhs, op.rhs, op.overflowFlags)
            op.attributes["overflowFlags"] = ir.Attribute.parse("#arith.overflow<nuw>")
        elif isinstance(op, arith.CmpIOp):
            print("cmpi", op.predicate, ir.IntegerAttr(op.predicate).value == arith.CmpIPredicate.slt)
        elif isinstance(op, arith.SelectOp):
            print("select", op.condition, op.true_value, op.false_value)
        elif isinstance(op, scf.YieldOp):
            print("yield", len(op.results_))
    consts = [op for op in f.entry_block.operations if isinstance(op, arith.ConstantOp)]
    print([c.literal_value for c in consts], [str(c.type) for c in consts])
    print(m)
