#!/usr/bin/env python3
"""Writes a module of about N ops of func, arith, scf and memref in custom syntax, as
upstream MLIR prints it: functions that loop over memrefs (scf.for with iter_args, scf.if),
loading, computing and storing.

usage: gen.py N OUTPUT"""
import sys

n, path = int(sys.argv[1]), sys.argv[2]
# One function body is 30 ops; the loop body repeats a load/compute/store group.
BODY = """  func.func @f{i}(%arg0: memref<?xf32>, %arg1: memref<?xi32>, %arg2: index, %arg3: f32) -> f32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7_i32 = arith.constant 7 : i32
    %cst = arith.constant 5.000000e-01 : f32
    %0 = scf.for %arg4 = %c0 to %arg2 step %c1 iter_args(%arg5 = %arg3) -> (f32) {{
      %2 = memref.load %arg0[%arg4] : memref<?xf32>
      %3 = arith.mulf %2, %cst : f32
      %4 = arith.addf %3, %arg5 : f32
      %5 = memref.load %arg1[%arg4] : memref<?xi32>
      %6 = arith.muli %5, %c7_i32 : i32
      %7 = arith.addi %6, %5 : i32
      %8 = arith.cmpi slt, %7, %c7_i32 : i32
      %9 = scf.if %8 -> (f32) {{
        %12 = arith.subf %4, %2 : f32
        scf.yield %12 : f32
      }} else {{
        %12 = arith.negf %4 : f32
        scf.yield %12 : f32
      }}
      memref.store %9, %arg0[%arg4] : memref<?xf32>
      %10 = arith.index_cast %7 : i32 to index
      %11 = arith.remui %10, %arg2 : index
      memref.store %7, %arg1[%11] : memref<?xi32>
      scf.yield %9 : f32
    }}
    %1 = arith.maximumf %0, %arg3 : f32
    return %1 : f32
  }}
"""
per_func = 30
with open(path, "w") as out:
    out.write("module {\n")
    for i in range(max(1, n // per_func)):
        out.write(BODY.format(i=i))
    out.write("}\n")
