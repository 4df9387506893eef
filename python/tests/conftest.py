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


@pytest.fixture
def module(ctx: ir.Context) -> ir.Module:
    return ir.Module.parse(FUNC)
