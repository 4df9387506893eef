"""Dialects defined from Python: types and attributes with parameters and Python verifiers,
operations with constraints, traits and Python verifiers, interface implementations."""

from __future__ import annotations

from typing import List, Optional

import pytest

import omnir as ir


def test_type_with_params_and_verifier(ctx: ir.Context) -> None:
    toy = ir.Dialect("toy")
    calls: List[int] = []

    def verify(params: List[ir.Attribute]) -> Optional[str]:
        calls.append(len(params))
        rank = params[0]
        if not isinstance(rank, ir.IntegerAttr) or rank.value < 0:
            return "rank must be a non-negative integer"
        return None

    shape = toy.define_type("shape", ["rank", "name"], verifier=verify)
    assert shape.name == "toy.shape" and shape.params == ["rank", "name"]
    t = shape.get(2, "s")
    assert isinstance(t, ir.DialectType) and shape.isinstance(t) and not shape.isinstance(ir.F32Type.get())
    assert str(t) == '!toy.shape<2, "s">'
    assert t.params[0] == ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 2)
    assert t.param("name") == ir.StringAttr.get("s") and t.param_names == ["rank", "name"]
    assert t.type_name == "toy.shape" and t.typeid == shape.typeid
    assert shape.get(rank=2, name="s") == t  # uniqued
    assert calls
    with pytest.raises(ir.MLIRError) as e:
        shape.get(-1, "bad")
    assert "rank must be a non-negative integer" in str(e.value)
    assert e.value.error_diagnostics[0].message.find("rank must be") >= 0
    with pytest.raises(ValueError):
        shape.get(1)  # missing parameter


def test_verifier_exception_becomes_diagnostic(ctx: ir.Context) -> None:
    d = ir.Dialect("exc")

    def verify(params: List[ir.Attribute]) -> None:
        raise RuntimeError("no good")

    t = d.define_type("t", ["p"], verifier=verify)
    with pytest.raises(ir.MLIRError) as e:
        t.get(1)
    assert "no good" in str(e.value)


def test_memref_element_interface(ctx: ir.Context) -> None:
    d = ir.Dialect("elt")
    good = d.define_type("good", [], interfaces=[ir.MemRefElementTypeInterface])
    bad = d.define_type("bad", [])
    g, b = good.get(), bad.get()
    assert g.implements(ir.MemRefElementTypeInterface) and g.implements("builtin.MemRefElementTypeInterface")
    assert not b.implements(ir.MemRefElementTypeInterface)
    m = ir.MemRefType.get([4], g)
    assert str(m) == "memref<4x!elt.good>" and m.element_type == g
    with pytest.raises(ValueError):
        ir.MemRefType.get([4], b)
    # Parsed text sees the same registry.
    assert ir.MemRefType(ir.Type.parse("memref<2x!elt.good>")).element_type == g


def test_dialect_attribute(ctx: ir.Context) -> None:
    d = ir.Dialect("att")
    color = d.define_attribute("color", ["r", "g", "b"])
    a = color.get(1, 2, 3)
    assert isinstance(a, ir.DialectAttr) and color.isinstance(a) and a.attr_name == "att.color"
    assert a.param_names == ["r", "g", "b"] and len(a.params) == 3
    assert a.typeid == color.typeid


def test_operation_with_python_verifier(ctx: ir.Context) -> None:
    d = ir.Dialect("calc")
    i32 = ir.IntegerType.get_signless(32)
    seen: List[str] = []

    def verify(op: ir.Operation) -> Optional[str]:
        seen.append(op.name)
        if op.operands[0].type != op.results[0].type:
            return "operand and result types differ"
        return None

    name = d.define_operation(
        "neg",
        operands=[("x", "integer")],
        results=[("y", "integer")],
        attributes=[("flag", "unit", True)],
        traits=["pure"],
        verifier=verify,
        summary="negation",
    )
    assert name == "calc.neg" and ctx.is_registered_operation("calc.neg")
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        arg_op = ir.Operation.create("t.src", results=[i32, ir.IntegerType.get_signless(8)])
        good = ir.Operation.create("calc.neg", results=[i32], operands=[arg_op.results[0]])
    assert m.operation.verify() and seen == ["calc.neg"]
    with ir.InsertionPoint(m.body):
        ir.Operation.create("calc.neg", results=[i32], operands=[arg_op.results[1]])
    with pytest.raises(ir.MLIRError) as e:
        m.operation.verify()
    assert any("operand and result types differ" in d.message for d in e.value.error_diagnostics)
    assert good.is_registered
    # Constraint violations come from the definition itself.
    with ir.InsertionPoint(m.body):
        f = ir.Operation.create("t.f", results=[ir.F32Type.get()])
        ir.Operation.create("calc.neg", results=[i32], operands=[f.result])
    with pytest.raises(ir.MLIRError):
        m.operation.verify()


def test_operation_verifier_raising(ctx: ir.Context) -> None:
    d = ir.Dialect("raising")

    def verify(op: ir.Operation) -> None:
        raise ValueError("custom failure")

    d.define_operation("op", verifier=verify)
    op = ir.Operation.create("raising.op")
    with pytest.raises(ir.MLIRError) as e:
        op.verify()
    assert "custom failure" in str(e.value)


def test_operation_constraints_and_traits(ctx: ir.Context) -> None:
    d = ir.Dialect("cons")
    elem = d.define_type("elem", [], interfaces=[ir.MemRefElementTypeInterface])

    def is_wide(t: ir.Type) -> bool:
        return isinstance(t, ir.IntegerType) and t.width >= 32

    d.define_operation(
        "mix",
        operands=[
            ("a", ir.IntegerType.get_signless(8)),
            ("b", ["index", "float"]),
            ("c", is_wide),
            ("rest", ir.MemRefElementTypeInterface, "variadic"),
        ],
        attributes=[("kind", "string"), ("n", ir.IntegerType.get_signless(32), True)],
    )
    d.define_operation("term", traits=["terminator"])
    i8, idx = ir.IntegerType.get_signless(8), ir.IndexType.get()
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        src = ir.Operation.create("t.src", results=[i8, idx, ir.IntegerType.get_signless(64), elem.get()])
        ir.Operation.create("cons.mix", operands=list(src.results), attributes={"kind": ir.StringAttr.get("k")})
    assert m.operation.verify()
    with ir.InsertionPoint(m.body):
        ir.Operation.create("cons.mix", operands=[src.results[0], src.results[1]])  # missing "kind"
    with pytest.raises(ir.MLIRError):
        m.operation.verify()
    with pytest.raises(ValueError):
        d.define_operation("bad", traits=["no_such_trait"])
    with pytest.raises(ValueError):
        d.define_operation("mix")  # already registered


def test_parse_registered_dialect_type(ctx: ir.Context) -> None:
    d = ir.Dialect("p")
    unit_t = d.define_type("unit")
    t = ir.Type.parse("!p.unit")
    assert unit_t.isinstance(t) and isinstance(t, ir.DialectType)


def test_interface_methods_written_in_python(ctx: ir.Context) -> None:
    d = ir.Dialect("shp")
    iface = ir.TypeID.get("shp.RankedInterface")

    class Ranked:
        @staticmethod
        def rank(t: ir.DialectType) -> int:
            return len(ir.ArrayAttr(t.param("dims")))

        @staticmethod
        def dim(t: ir.DialectType, i: ir.IntegerAttr) -> ir.Attribute:
            return ir.ArrayAttr(t.param("dims"))[i.value]

        @staticmethod
        def fail(t: ir.DialectType) -> None:
            raise ValueError("does not work")

    shape = d.define_type("shape", ["dims"], interfaces=[ir.MemRefElementTypeInterface, (iface, Ranked)])
    t = shape.get([2, 3, 4])
    assert t.implements(iface) and t.implements(ir.MemRefElementTypeInterface)
    rank = t.call_interface_method(iface, "rank")
    assert isinstance(rank, ir.IntegerAttr) and rank.value == 3
    dim = t.call_interface_method("shp.RankedInterface", "dim", 1)
    assert isinstance(dim, ir.IntegerAttr) and dim.value == 3
    with pytest.raises(ir.MLIRError) as e:
        t.call_interface_method(iface, "fail")
    assert "does not work" in str(e.value)
    with pytest.raises(ir.MLIRError):
        t.call_interface_method(iface, "nope")
    # A type without methods for the interface.
    with pytest.raises((ValueError, ir.MLIRError)):
        ir.F32Type.get().call_interface_method(iface, "rank")

    # Operations and attributes, attached after the fact (like MLIR's external models).
    d.define_operation("probe", results=["r"])
    ctx.attach_interface("shp.probe", "shp.Describe", {"describe": lambda op: f"probe with {len(op.results)} result"})
    op = ir.Operation.create("shp.probe", results=[ir.IntegerType.get_signless(1)])
    desc = op.call_interface_method("shp.Describe", "describe")
    assert isinstance(desc, ir.StringAttr) and desc.value == "probe with 1 result"
    color = d.define_attribute("color", ["name"])
    ctx.attach_interface(color.typeid, "shp.Describe", {"describe": lambda a: a.params[0]})
    c = color.get("red")
    assert c.call_interface_method("shp.Describe", "describe") == ir.StringAttr.get("red")
