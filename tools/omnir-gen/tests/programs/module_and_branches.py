"""A second program written against upstream's Python bindings: builtin.ModuleOp, tensor.empty
with mixed sizes, memref, math, func.CallOp of a FuncOp, arith with enums and fast-math flags,
vector, and blocks with cf branches. `module_and_branches.py upstream|omnir` prints the module;
CI runs both and requires the same text."""

import sys
if sys.argv[1] == "upstream":
    from iree.compiler import ir
    from iree.compiler.dialects import arith, func, scf, memref, math, cf, tensor, builtin, vector
else:
    from omnir import ir
    from omnir.dialects import arith, func, scf, memref, math, cf, tensor, builtin, vector

with ir.Context() as ctx, ir.Location.unknown():
    top = builtin.ModuleOp()
    f32 = ir.F32Type.get()
    i1 = ir.IntegerType.get_signless(1)
    i64 = ir.IntegerType.get_signless(64)
    idx = ir.IndexType.get()
    with ir.InsertionPoint(top.body):
        callee = func.FuncOp("square", ([f32], [f32]), visibility="private")
        with ir.InsertionPoint(callee.add_entry_block()):
            x = callee.arguments[0]
            func.ReturnOp([arith.mulf(x, x, fastmath=arith.FastMathFlags.fast)])
        f = func.FuncOp("main", ([f32, idx, i1], [f32]))
        with ir.InsertionPoint(f.add_entry_block()):
            a, n, flag = f.arguments
            t = tensor.empty([4, n], f32)
            d = tensor.dim(t, arith.constant(idx, 1))
            m = memref.alloca(ir.MemRefType.get([8], f32), [], [])
            memref.store(a, m, [arith.constant(idx, 0)])
            v = memref.load(m, [arith.constant(idx, 0)])
            e = math.exp(v)
            sq = func.CallOp(callee, [e])
            c = arith.cmpf(arith.CmpFPredicate.OLT, sq.result, a)
            sel = arith.select(c, sq.result, a)
            wide = arith.index_cast(i64, d)
            fl = arith.sitofp(f32, wide)
            vec = vector.broadcast(ir.VectorType.get([4], f32), fl)
            red = vector.reduction(f32, vector.CombiningKind.ADD, vec)
            sum_ = arith.addf(sel, red)
            bb1 = f.body.blocks.append(f32)
            bb2 = f.body.blocks.append(f32)
            cf.cond_br(flag, [sum_], [a], bb1, bb2)
            with ir.InsertionPoint(bb1):
                func.ReturnOp([bb1.arguments[0]])
            with ir.InsertionPoint(bb2):
                cf.br([bb2.arguments[0]], bb1)
    print(top.operation.verify())
    print(top)
