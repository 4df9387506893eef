"""One universe: a second extension package (examples/python-dialect, `omnir_pixels`), built
separately against the libomnir.so.0 of the installed `omnir` package, loads the dialect
`pixels` from its definition file (the type `!pixels.rgb<bits>`, implementing the
memref-element-type interface), with Python classes generated from the same file. Imported with the
default dlopen flags (RTLD_LOCAL) next to `omnir`, it shares the one core: omnir builds memrefs
of its type, TypeIDs agree, and /proc/self/maps lists one libomnir file.

Skipped when `omnir_pixels` is not installed (ci/test-python.sh builds and installs it, then
runs this file on its own)."""

from __future__ import annotations

import os
import sys

import pytest

import omnir as ir

pixels = pytest.importorskip("omnir_pixels")


def libomnir_files() -> set[str]:
    with open("/proc/self/maps") as f:
        return {line.split()[-1] for line in f if "libomnir" in line and "/" in line}


def test_default_dlopen_flags() -> None:
    # Python's default: RTLD_NOW without RTLD_GLOBAL, so nothing is shared by accident.
    assert not sys.getdlopenflags() & os.RTLD_GLOBAL


def test_memref_of_foreign_type_and_typeids() -> None:
    with ir.Context() as ctx:
        # The other extension loads the dialect's definition file into this context.
        assert not ctx.is_registered_dialect("pixels")
        pixels.register()
        assert ctx.is_registered_dialect("pixels")
        rgb8 = pixels.rgb(8)
        assert isinstance(rgb8, pixels.RgbType) and isinstance(rgb8, ir.DialectType)
        assert str(rgb8) == "!pixels.rgb<8>" and rgb8.bits == 8
        assert rgb8.type_name == "pixels.rgb"
        # omnir builds a memref of the other package's type: the interface check asks the
        # one shared registry.
        m = ir.MemRefType.get([4], rgb8)
        assert str(m) == "memref<4x!pixels.rgb<8>>" and m.element_type == rgb8
        assert rgb8.implements(ir.MemRefElementTypeInterface)
        assert pixels.is_memref_element(rgb8)
        # ... and the other package builds memrefs of omnir's types and of its own.
        assert pixels.memref_of(rgb8, 2) == ir.MemRefType.get([2], rgb8)
        assert pixels.memref_of(ir.F32Type.get(), 3) == ir.Type.parse("memref<3xf32>")
        # TypeIDs agree across the two extensions.
        assert rgb8.typeid.value == pixels.rgb_typeid() == pixels.type_id_of(rgb8)
        assert rgb8.typeid == ir.TypeID.get("pixels.rgb")
        assert pixels.type_id_of(ir.IntegerType.get_signless(32)) == ir.IntegerType.static_typeid.value  # type: ignore[union-attr]
        # The parser (called through omnir) knows the type registered by the other package.
        parsed = ir.Type.parse("memref<2x!pixels.rgb<16>>")
        assert isinstance(parsed, ir.MemRefType) and parsed.element_type == pixels.rgb(16)
        # The definition's constraints refuse bad parameters, whoever builds the type.
        with pytest.raises(ir.MLIRError, match="does not satisfy the constraint"):
            pixels.rgb(3)
        # Every kind of the file has its generated class.
        assert str(pixels.ChannelAttr.get(pixels.Channel.b)) == "#pixels.channel<b>"
        # Objects cross both ways: an op built with the foreign type verifies.
        mod = ir.Module.create(loc=ir.Location.unknown())
        with ir.InsertionPoint(mod.body):
            ir.Operation.create("t.alloc", results=[m], loc=ir.Location.unknown())
        assert mod.operation.verify()


def test_one_libomnir_in_the_process() -> None:
    files = libomnir_files()
    assert len(files) == 1, files
    (path,) = files
    assert os.path.realpath(path) == os.path.realpath(ir.get_library_path())
    assert pixels.library_version() == ir.library_version()[0] * 10000 + ir.library_version()[1] * 100 + ir.library_version()[2]


def test_python_method_called_from_the_other_extension() -> None:
    with ir.Context():
        d = ir.Dialect("py_side")
        shape = d.define_type(
            "shape", ["n"], interfaces=[("py_side.Sized", {"size": lambda t: ir.IntegerAttr(t.param("n")).value * 2})]
        )
        t = shape.get(21)
        # The method is Python; the caller is the other extension, through the C ABI of the
        # one core (the client's dynamic interface table).
        r = pixels.call_type_method(t, "py_side.Sized", "size")
        assert isinstance(r, ir.IntegerAttr) and r.value == 42
        with pytest.raises(ValueError):
            pixels.call_type_method(t, "py_side.Sized", "missing")
