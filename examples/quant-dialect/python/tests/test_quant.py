"""Issue 8's scenario in Python: the ``omnir`` package and ``omnir_quant`` (an out-of-tree C++
dialect loaded with ctypes) imported separately into one process, with Python's default dlopen
flags and nothing preloaded. The dialect's type, made by the dialect's own C entry point, is an
ordinary omnir type: MemRefType accepts it (the interface answer comes from the one registry),
TypeIDs agree, omnir's parser reads the dialect's custom syntax once it is registered, and
/proc/self/maps lists exactly one libomnir (and one C++ bridge)."""

from __future__ import annotations

import os
import sys

import pytest

import omnir as ir
import omnir_quant as quant

QUANT_TEXT = "!quant.uniform<i8:f32, 5.000000e-01:128>"


def mapped(prefix: str) -> set[str]:
    """The distinct files mapped into this process whose name starts with `prefix`."""
    with open("/proc/self/maps") as f:
        files = {line.split(maxsplit=5)[5].strip() for line in f if len(line.split(maxsplit=5)) == 6}
    return {p for p in files if os.path.basename(p).startswith(prefix)}


def test_default_dlopen_flags_and_the_bundled_library() -> None:
    # Python's default: RTLD_NOW without RTLD_GLOBAL (and ctypes.CDLL uses RTLD_LOCAL).
    assert not sys.getdlopenflags() & os.RTLD_GLOBAL
    assert "OMNIR_QUANT_LIBRARY" not in os.environ
    here = os.path.dirname(os.path.realpath(quant.__file__))
    assert os.path.realpath(quant.library_path()) == os.path.join(here, "lib", "libquant_dialect.so.0")


def test_the_scenario() -> None:
    with ir.Context() as ctx:
        quant.register(ctx)
        quant.register(ctx)  # idempotent
        i8, f32 = ir.IntegerType.get_signless(8), ir.F32Type.get()
        q = quant.uniform_type(i8, f32, 0.5, 128)
        assert isinstance(q, ir.DialectType)
        assert str(q) == QUANT_TEXT
        assert q.type_name == "quant.uniform"
        assert q.context == ctx

        # omnir's own MemRefType takes the dialect's type: the element-type check asks the
        # shared registry, which knows the C++ dialect's interface.
        m = ir.MemRefType.get([4], q)
        assert str(m) == f"memref<4x{QUANT_TEXT}>"
        assert m.element_type == q
        assert q.implements(ir.MemRefElementTypeInterface)
        assert q.implements(ir.TypeID.get("quant.QuantizedTypeInterface"))
        assert ir.TypeID.get("quant.QuantizedTypeInterface").value == quant.interface_typeid()
        assert not i8.implements(ir.TypeID.get("quant.QuantizedTypeInterface"))

        # One TypeID for the kind, whoever asks.
        assert q.typeid.value == quant.uniform_typeid()
        assert q.typeid == ir.TypeID.get("quant.uniform")

        # omnir's parser reads the dialect's custom syntax, into the same uniqued type.
        assert ir.Type.parse("!quant.uniform<i8:f32, 0.5:128>") == q
        parsed = ir.Type.parse("memref<2x!quant.uniform<u8:f32, 0.25>>")
        assert isinstance(parsed, ir.MemRefType)
        assert str(parsed.element_type) == "!quant.uniform<u8:f32, 2.500000e-01>"
        module = ir.Module.parse('"t.alloc"() : () -> memref<2x!quant.uniform<i8:f32, 0.5:128>>')
        assert module.operation.verify()
        assert QUANT_TEXT in str(module)

        # The dialect's view of its type (types cross back as omnir types).
        p = quant.uniform_params(q)
        assert (p.storage_type, p.expressed_type, p.scale, p.zero_point) == (i8, f32, 0.5, 128)
        assert isinstance(p.storage_type, ir.IntegerType)
        assert p.is_signed and (p.storage_min, p.storage_max) == (-128, 127)
        assert quant.is_uniform(q) and not quant.is_uniform(f32)
        u = quant.uniform_type("ui8", "f16", 0.25)
        assert str(u) == "!quant.uniform<u8:f16, 2.500000e-01>"
        assert not quant.uniform_params(u).is_signed

        # The C++ verifier's messages come through.
        with pytest.raises(ValueError, match="illegal scale"):
            quant.uniform_type(i8, f32, 0.0)
        with pytest.raises(ValueError):
            quant.uniform_type(f32, f32, 0.5)
        with pytest.raises(ValueError):
            quant.uniform_params(f32)


def test_needs_registration_per_context() -> None:
    with ir.Context() as ctx:
        # Before registration the text is an unregistered dialect's opaque type (or an error,
        # where unregistered dialects are not allowed).
        assert isinstance(ir.Type.parse("!quant.uniform<i8:f32, 0.5>"), ir.OpaqueType)
        ctx.allow_unregistered_dialects = False
        with pytest.raises(ir.MLIRError):
            ir.Type.parse("!quant.uniform<i8:f32, 0.5>")
        with pytest.raises(RuntimeError, match="NOT_REGISTERED"):
            quant.uniform_type("i8", "f32", 0.5)
        quant.register()
        t = ir.Type.parse("!quant.uniform<i8:f32, 0.5>")
        assert isinstance(t, ir.DialectType) and str(t) == "!quant.uniform<i8:f32, 5.000000e-01>"
    with ir.Context() as other:
        assert not other.is_registered_dialect("quant")


def test_one_libomnir_in_the_process() -> None:
    cores = mapped("libomnir.so")
    assert len(cores) == 1, cores
    (core,) = cores
    assert os.path.realpath(core) == os.path.realpath(ir.get_library_path())
    bridges = mapped("libomnir_cxx.so")
    assert len(bridges) == 1, bridges
    dialects = mapped("libquant_dialect.so")
    assert len(dialects) == 1, dialects
