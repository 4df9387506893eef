"""A program written against upstream's Python bindings (``mlir.ir`` + ``mlir.dialects``, as
iree-base-compiler ships them under ``iree.compiler``) that runs unchanged on omnir's
generated bindings: ``tour.py upstream|omnir`` prints the module in custom and
generic form; CI runs both and requires the same text."""

import sys
if sys.argv[1] == "upstream":
    from iree.compiler import ir
    from iree.compiler.dialects import arith, func, scf, memref, math
else:
    from omnir import ir
    from omnir.dialects import arith, func, scf, memref, math

with ir.Context() as ctx, ir.Location.unknown():
    module = ir.Module.create()
    i32 = ir.IntegerType.get_signless(32)
    f32 = ir.F32Type.get()
    idx = ir.IndexType.get()
    with ir.InsertionPoint(module.body):
        @func.FuncOp.from_py_func(i32, i32)
        def add(a, b):
            s = arith.addi(a, b)
            c = arith.constant(i32, 7)
            m = arith.muli(s, c)
            p = arith.cmpi(arith.CmpIPredicate.slt, m, a)
            return arith.select(p, m, a)

        f = func.FuncOp("loop", ([ir.MemRefType.get([16], f32), f32], [f32]))
        with ir.InsertionPoint(f.add_entry_block()):
            buf, init = f.arguments
            lb = arith.ConstantOp.create_index(0)
            ub = arith.constant(idx, 16)
            st = arith.constant(idx, 1)
            loop = scf.ForOp(lb, ub, st, [init])
            with ir.InsertionPoint(loop.body):
                x = memref.load(buf, [loop.induction_variable])
                y = math.sqrt(x)
                acc = arith.addf(loop.inner_iter_args[0], y)
                scf.yield_([acc])
            cond = arith.cmpf(arith.CmpFPredicate.OGT, loop.results[0], init)
            if_op = scf.IfOp(cond, [f32], has_else=True)
            with ir.InsertionPoint(if_op.then_block):
                scf.yield_([loop.results[0]])
            with ir.InsertionPoint(if_op.else_block):
                scf.yield_([init])
            memref.store(if_op.results[0], buf, [lb])
            func.ReturnOp([if_op.results[0]])
        g = func.FuncOp("caller", ([i32], [i32]), visibility="private")
        with ir.InsertionPoint(g.add_entry_block()):
            r = func.CallOp([i32], "add", [g.arguments[0], g.arguments[0]])
            func.return_([r.result])
    assert module.operation.verify()
    print(module)
    print(module.operation.get_asm(print_generic_op_form=True))
