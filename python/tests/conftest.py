"""Shared fixtures: a context (entered) with an unknown location."""

from __future__ import annotations

from typing import Iterator

import pytest

import omnir as ir


@pytest.fixture
def ctx() -> Iterator[ir.Context]:
    with ir.Context() as c, ir.Location.unknown():
        yield c


@pytest.fixture
def i32(ctx: ir.Context) -> ir.IntegerType:
    return ir.IntegerType.get_signless(32)


FUNC = '''
"func.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  %1 = "arith.muli"(%0, %a) : (i32, i32) -> i32
  "func.return"(%1) : (i32) -> ()
}) {sym_name = "f", function_type = (i32, i32) -> i32} : () -> ()
'''

# FUNC as upstream prints it (`iree-opt` and `iree-opt --mlir-print-op-generic`): func and
# arith are registered, so the inherent attributes are properties (arith's default-valued
# overflowFlags materialized) and the custom form names the block arguments %arg0, %arg1.
FUNC_CUSTOM = '''\
module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.muli %0, %arg0 : i32
    return %1 : i32
  }
}
'''

FUNC_GENERIC = '''\
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.muli"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
'''


@pytest.fixture
def module(ctx: ir.Context) -> ir.Module:
    return ir.Module.parse(FUNC)
