"""The generated dialect bindings (``omnir.dialects.<d>``, from ``omnir-gen``): upstream's
class and function names and builder signatures, typed accessors, result types inferred by
the core, enums, operand segments, and clear errors for arguments of the wrong kind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

import omnir as ir
from omnir import _omnir

_BEFORE = set(_omnir._op_views())
from omnir.dialects import arith, func, memref, scf  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# Importing a dialect module registers its op classes for the whole process (as upstream's
# do); the other test files expect plain operations, so the classes are registered only
# while a test of this file runs.
_VIEWS = {name: cls for name, cls in _omnir._op_views().items() if name not in _BEFORE}
for _name in _VIEWS:
    del _omnir._op_views()[_name]


@pytest.fixture(autouse=True)
def dialect_views() -> Iterator[None]:
    views = _omnir._op_views()
    views.update(_VIEWS)
    yield
    for name in _VIEWS:
        views.pop(name, None)


@pytest.mark.parametrize("program", ["tour", "module_and_branches", "parse_and_inspect"])
def test_program_written_for_upstream_prints_what_upstream_prints(program: str) -> None:
    # The expected text was printed by upstream's bindings (iree-base-compiler) running the
    # same program; CI also reruns it against upstream (ci/test-generator.sh).
    path = ROOT / "tools" / "omnir-gen" / "tests" / "programs" / f"{program}.py"
    out = subprocess.run([sys.executable, str(path), "omnir"], capture_output=True, text=True, check=True).stdout
    assert out == (Path(__file__).parent / "generated_expected" / f"{program}.txt").read_text()


def test_the_module_every_language_builds() -> None:
    # python/examples/generated_dialects.py (typed: mypy --strict checks it) builds func +
    # arith + scf + memref as the C, C++, Rust and Node tests do, from one expected text.
    path = ROOT / "python" / "examples" / "generated_dialects.py"
    out = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, check=True).stdout
    assert out == (ROOT / "tests" / "generated" / "func_arith_scf_memref.txt").read_text()


def test_builders_infer_result_types_and_accessors_are_typed(ctx: ir.Context) -> None:
    i32 = ir.IntegerType.get_signless(32)
    with ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("f", ([i32, i32], []))
            with ir.InsertionPoint(f.add_entry_block()):
                a, b = f.arguments
                add = arith.AddIOp(a, b, overflowFlags="nsw")
                cmp = arith.CmpIOp(arith.CmpIPredicate.sge, add, b)
                ext = arith.ExtUIOp(ir.IntegerType.get_signless(64), add.result)
                func.ReturnOp([])
    assert add.result.type == i32 and cmp.result.type == ir.IntegerType.get_signless(1)
    assert add.lhs == a and add.rhs == b
    assert str(add.overflowFlags) == "#arith.overflow<nsw>"
    assert ir.IntegerAttr(cmp.predicate).value == int(arith.CmpIPredicate.sge)
    assert str(arith.CmpIPredicate.sge) == "sge" and str(arith.CmpFPredicate.OGT) == "ogt"
    assert ext.in_ == add.result
    assert "%0 = arith.addi %arg0, %arg1 overflow<nsw> : i32" in str(module)
    assert "arith.cmpi sge, %0, %arg1 : i32" in str(module)
    # Ops found in the IR come back as their generated (or extended) class.
    ops = list(f.entry_block.operations)
    assert isinstance(ops[0], arith.AddIOp) and isinstance(ops[1], arith.CmpIOp)
    assert isinstance(module.body.operations[0], func.FuncOp)
    # Setting an optional attribute to None removes it.
    add.overflowFlags = None
    assert add.overflowFlags is None and "overflow" not in str(add)


def test_operand_segments_and_variadic_groups(ctx: ir.Context) -> None:
    index = ir.IndexType.get()
    with ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("g", ([index, index], []))
            with ir.InsertionPoint(f.add_entry_block()):
                n, m = f.arguments
                ty = ir.MemRefType.get([ir.ShapedType.get_dynamic_size(), 4, ir.ShapedType.get_dynamic_size()],
                                       ir.F32Type.get())
                alloc = memref.AllocOp(ty, [n, m], [], alignment=64)
                loaded = memref.load(alloc.result, [n, n, m])
                memref.dealloc(alloc)
                func.ReturnOp([])
    assert list(alloc.dynamicSizes) == [n, m] and list(alloc.symbolOperands) == []
    assert ir.IntegerAttr(alloc.alignment).value == 64
    assert loaded.type == ir.F32Type.get()
    text = str(module)
    assert "%alloc = memref.alloc(%arg0, %arg1) alignment = 64 : memref<?x4x?xf32>" in text
    assert module.operation.verify()


def test_scf_conveniences(ctx: ir.Context) -> None:
    index = ir.IndexType.get()
    with ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("h", ([index], [index]))
            with ir.InsertionPoint(f.add_entry_block()):
                zero = arith.constant(index, 0)
                for iv, acc, total in scf.for_(0, 10, 2, iter_args=[zero]):
                    scf.yield_([arith.addi(acc, iv)])
                func.ReturnOp([total])
    assert module.operation.verify()
    assert "scf.for %arg1 = %c0_0 to %c10 step %c2 iter_args(%arg2 = %c0) -> (index)" in str(module)


def test_wrong_argument_kinds_are_clear_errors(ctx: ir.Context) -> None:
    i32 = ir.IntegerType.get_signless(32)
    with ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("bad", ([i32], []))
            with ir.InsertionPoint(f.add_entry_block()):
                (a,) = f.arguments
                with pytest.raises(TypeError, match="expected an enum case"):
                    arith.CmpIOp("slt", a, a)
                with pytest.raises(TypeError, match="expected an int, a float or an Attribute"):
                    arith.constant(i32, "seven")
                with pytest.raises(TypeError, match="expected an int"):
                    memref.AllocOp(ir.MemRefType.get([4], i32), [], [], alignment="x")  # type: ignore[arg-type]
                # The core says why it cannot infer: a load from something that is no memref.
                with pytest.raises(ValueError, match="cannot infer the result types of 'memref.load'"):
                    memref.load(a, [])
                func.ReturnOp([])
    # Nothing half-built was left behind.
    assert [op.name for op in f.entry_block.operations] == ["func.return"]


TOY = """
irdl.dialect @toy {
  irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)",
                                  omnir.traits = ["SameOperandsAndResultType"], omnir.summary = "adds two values"} {
    %t = irdl.any
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(res: %t)
  }
  irdl.operation @scale attributes {omnir.class_name = "ScaleByOp", omnir.arguments = ["factor", "input"],
                                    omnir.assembly_format = "$input `by` $factor attr-dict `:` type($input) `->` type($out)"} {
    %t = irdl.any
    %i = irdl.any {omnir.constraint = "I64Attr"}
    irdl.operands(input: %t)
    irdl.results(out: %t)
    irdl.attributes {"factor" = %i}
  }
}
"""


def test_a_users_dialect_generates_and_imports(ctx: ir.Context, tmp_path: Path) -> None:
    import importlib.util

    defs = tmp_path / "toy.irdl.mlir"
    defs.write_text(TOY)
    out = tmp_path / "_toy_ops_gen.py"
    subprocess.run([sys.executable, "-m", "omnir.gen", "toy", "--irdl-file", str(defs), "-o", str(out)], check=True)
    assert "Generated by omnir-gen from toy.irdl.mlir" in out.read_text()
    spec = importlib.util.spec_from_file_location("_toy_ops_gen", out)
    assert spec is not None and spec.loader is not None
    toy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy)
    ctx.load_dialect_definitions(TOY, filename=str(defs))
    i32 = ir.IntegerType.get_signless(32)
    with ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("f", ([i32, i32], [i32]))
            with ir.InsertionPoint(f.add_entry_block()):
                a, b = f.arguments
                s = toy.add(a, b)  # the result type follows (SameOperandsAndResultType)
                scaled = toy.ScaleByOp(i32, 3, s)  # ODS order: the result type, factor, input
                func.ReturnOp([scaled.result])
    assert scaled.input == s and ir.IntegerAttr(scaled.factor).value == 3
    text = str(module)
    assert "%0 = toy.add %arg0, %arg1 : i32" in text and "toy.scale %0 by 3 : i32 -> i32" in text
    assert module.operation.verify()


def test_generator_errors_are_clear(tmp_path: Path) -> None:
    defs = tmp_path / "toy.irdl.mlir"
    defs.write_text(TOY)
    r = subprocess.run([sys.executable, "-m", "omnir.gen", "nope", "--irdl-file", str(defs)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "no dialect 'nope' is registered or shipped" in r.stderr
    with ir.Context() as c:
        with pytest.raises(ValueError, match="no bindings generator for language 'cobol'"):
            c.generate_bindings("arith", "cobol")
    bad = tmp_path / "bad.irdl.mlir"
    bad.write_text("irdl.dialect @bad {\n  irdl.operation @x attributes {omnir.arguments = [\"y\"]} {}\n}\n")
    r = subprocess.run([sys.executable, "-m", "omnir.gen", "bad", "--irdl-file", str(bad)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "omnir.arguments must name each operand and attribute once" in r.stderr


def _generated_module(name: str, definition: Path, tmp_path: Path) -> object:
    import importlib.util

    out = tmp_path / f"_{name}_ops_gen.py"
    subprocess.run([sys.executable, "-m", "omnir.gen", name, "--irdl-file", str(definition), "-o", str(out)],
                   check=True)
    spec = importlib.util.spec_from_file_location(f"_{name}_ops_gen", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_type_and_attribute_classes_of_a_users_dialect(ctx: ir.Context, tmp_path: Path) -> None:
    definition = ROOT / "tests" / "definitions" / "pixels.irdl.mlir"
    px: Any = _generated_module("pixels", definition, tmp_path)
    ctx.load_dialect_definitions(definition.read_text(), filename=str(definition))
    rgb = px.RgbType.get(8)
    assert isinstance(rgb, px.RgbType) and isinstance(rgb, ir.Type)
    assert str(rgb) == "!pixels.rgb<8>" and rgb.bits == 8
    assert rgb == ir.Type.parse("!pixels.rgb<8>")
    # A type from anywhere casts to the class; another kind does not.
    parsed = ir.Type.parse("!pixels.rgb<16>")
    assert px.RgbType.isinstance(parsed) and px.RgbType(parsed).bits == 16
    assert not px.RgbType.isinstance(ir.F32Type.get()) and not px.RgbType.isinstance(px.RawHandleType.get())
    with pytest.raises(ValueError, match="Cannot cast type to RgbType"):
        px.RgbType(ir.F32Type.get())
    # The definition's constraints hold for generated builders too, and the kind's marker
    # interface makes it a memref element type.
    with pytest.raises(ir.MLIRError, match="does not satisfy the constraint"):
        px.RgbType.get(12)
    with pytest.raises(TypeError, match="expected an int"):
        px.RgbType.get("8")
    assert str(ir.MemRefType.get([4], rgb)) == "memref<4x!pixels.rgb<8>>"

    plane = px.PlaneType.get(ir.F16Type.get(), ir.StringAttr.get("y"))
    assert str(plane) == '!pixels.plane<f16, "y">' and plane.elem == ir.F16Type.get()
    assert ir.StringAttr(plane.label).value == "y"
    assert str(px.RawHandleType.get(context=ctx)) == "!pixels.raw_handle"

    green = px.ChannelAttr.get(px.Channel.g)
    assert str(green) == "#pixels.channel<g>" and green.value is px.Channel.g
    name = px.NameAttr.get("tile")
    assert str(name) == '#pixels.named<"tile">' and name.name == "tile"
    assert px.NameAttr.isinstance(ir.Attribute.parse('#pixels.named<"x">'))
    assert not px.NameAttr.isinstance(green)


def test_shipped_dialects_have_type_and_attribute_classes() -> None:
    from omnir.dialects import gpu

    with ir.Context():
        # The class's dialect loads on first use, as for ops.
        token = gpu.AsyncTokenType.get()
        assert str(token) == "!gpu.async.token" and gpu.AsyncTokenType.isinstance(token)
        flags = arith.FastmathAttr.get(arith.FastMathFlags.nnan | arith.FastMathFlags.ninf)
        assert str(flags) == "#arith.fastmath<nnan,ninf>"
        parsed = arith.FastmathAttr(ir.Attribute.parse("#arith.fastmath<fast>"))
        assert parsed.value == arith.FastMathFlags.fast
        # A value that is no set of the enum's flags is refused, not stored.
        with pytest.raises(ir.MLIRError, match="does not satisfy the constraint"):
            arith.FastmathAttr.get(1 << 20)
