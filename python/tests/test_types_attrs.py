"""Types and attributes: one class per builtin kind, constructors, isinstance (both ways),
downcasting, accessors, TypeIDs."""

from __future__ import annotations

import array

import pytest

import omnir as ir

FLOATS = [
    (ir.F16Type, "f16", 16), (ir.BF16Type, "bf16", 16), (ir.F32Type, "f32", 32), (ir.F64Type, "f64", 64),
    (ir.F80Type, "f80", 80), (ir.F128Type, "f128", 128), (ir.FloatTF32Type, "tf32", 19),
    (ir.Float8E5M2Type, "f8E5M2", 8), (ir.Float8E4M3Type, "f8E4M3", 8), (ir.Float8E4M3FNType, "f8E4M3FN", 8),
    (ir.Float8E5M2FNUZType, "f8E5M2FNUZ", 8), (ir.Float8E4M3FNUZType, "f8E4M3FNUZ", 8),
    (ir.Float8E4M3B11FNUZType, "f8E4M3B11FNUZ", 8), (ir.Float8E3M4Type, "f8E3M4", 8),
    (ir.Float8E8M0FNUType, "f8E8M0FNU", 8), (ir.Float6E2M3FNType, "f6E2M3FN", 6),
    (ir.Float6E3M2FNType, "f6E3M2FN", 6), (ir.Float4E2M1FNType, "f4E2M1FN", 4),
]


def test_integer_types(ctx: ir.Context) -> None:
    i32 = ir.IntegerType.get_signless(32)
    assert str(i32) == "i32" and repr(i32) == "IntegerType(i32)"
    assert i32.width == 32 and i32.is_signless and not i32.is_signed
    assert str(ir.IntegerType.get_signed(8)) == "si8" and ir.IntegerType.get_signed(8).is_signed
    assert str(ir.IntegerType.get_unsigned(16)) == "ui16" and ir.IntegerType.get_unsigned(16).is_unsigned
    assert i32 == ir.IntegerType.get_signless(32) and hash(i32) == hash(ir.IntegerType.get_signless(32))
    assert i32 != ir.IntegerType.get_signless(64)
    assert i32.context is ctx


@pytest.mark.parametrize("cls,text,width", FLOATS)
def test_float_types(ctx: ir.Context, cls: type, text: str, width: int) -> None:
    t = cls.get()  # type: ignore[attr-defined]
    assert str(t) == text
    assert isinstance(t, cls) and isinstance(t, ir.FloatType) and isinstance(t, ir.Type)
    assert cls.isinstance(t) and ir.FloatType.isinstance(t)  # type: ignore[attr-defined]
    assert t.width == width
    assert t.typeid == cls.static_typeid  # type: ignore[attr-defined]
    assert ir.Type.parse(text) == t


def test_isinstance_and_downcast(ctx: ir.Context) -> None:
    t = ir.Type.parse("memref<4x?xf32>")
    assert isinstance(t, ir.MemRefType) and isinstance(t, ir.ShapedType)
    assert ir.MemRefType.isinstance(t) and ir.ShapedType.isinstance(t) and not ir.IntegerType.isinstance(t)
    generic = ir.Type(t)
    assert type(generic) is ir.Type and generic == t
    assert type(generic.maybe_downcast()) is ir.MemRefType
    cast = ir.MemRefType(generic)
    assert isinstance(cast, ir.MemRefType) and cast.shape == [4, ir.ShapedType.get_dynamic_size()]
    with pytest.raises(ValueError):
        ir.IntegerType(t)
    assert not ir.IntegerType.isinstance("not a type")


def test_shaped_types(ctx: ir.Context) -> None:
    f32 = ir.F32Type.get()
    v = ir.VectorType.get([2, 3], f32, scalable_dims=[1])
    assert str(v) == "vector<2x[3]xf32>" and v.scalable and v.scalable_dims == [1]
    assert v.element_type == f32 and v.rank == 2 and v.shape == [2, 3] and v.has_static_shape
    t = ir.RankedTensorType.get([4, ir.ShapedType.get_dynamic_size()], f32)
    assert str(t) == "tensor<4x?xf32>" and t.is_dynamic_dim(1) and not t.has_static_shape
    assert t.get_dim_size(0) == 4 and t.encoding is None
    u = ir.UnrankedTensorType.get(f32)
    assert str(u) == "tensor<*xf32>" and not u.has_rank
    m = ir.MemRefType.get([4], f32)
    assert str(m) == "memref<4xf32>" and str(m.layout) == "affine_map<(d0) -> (d0)>" and m.memory_space is None and m.num_elements == 4
    one = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 1)
    m2 = ir.MemRefType.get([4], f32, memory_space=one)
    assert str(m2) == "memref<4xf32, 1>" and m2.memory_space == one
    m3 = ir.MemRefType.get([4, 4], f32, layout=ir.StridedLayoutAttr.get(0, [4, 1]))
    assert isinstance(m3.layout, ir.StridedLayoutAttr)
    assert str(ir.UnrankedMemRefType.get(f32)) == "memref<*xf32>"
    with pytest.raises(ValueError):
        ir.MemRefType.get([4], ir.FunctionType.get([], []))


def test_other_types(ctx: ir.Context) -> None:
    f32, i32 = ir.F32Type.get(), ir.IntegerType.get_signless(32)
    fn = ir.FunctionType.get([i32, f32], [f32])
    assert str(fn) == "(i32, f32) -> f32" and fn.inputs == [i32, f32] and fn.results == [f32]
    tup = ir.TupleType.get_tuple([i32, f32])
    assert str(tup) == "tuple<i32, f32>" and tup.num_types == 2 and tup.get_type(1) == f32 and tup.types == [i32, f32]
    c = ir.ComplexType.get(f32)
    assert str(c) == "complex<f32>" and c.element_type == f32
    assert str(ir.NoneType.get()) == "none" and str(ir.IndexType.get()) == "index"
    o = ir.OpaqueType.get("foo", "bar<1>")
    assert str(o) == "!foo.bar<1>" and o.dialect_namespace == "foo" and o.data == "bar<1>"


def test_typeids(ctx: ir.Context) -> None:
    i32 = ir.IntegerType.get_signless(32)
    assert i32.typeid == ir.IntegerType.static_typeid == ir.TypeID.get("builtin.integer")
    assert hash(i32.typeid) == hash(ir.IntegerType.get_signless(8).typeid)
    assert i32.typeid != ir.F32Type.get().typeid
    assert i32.typeid.name == "builtin.integer"
    assert ir.IntegerAttr.get(i32, 1).typeid == ir.IntegerAttr.static_typeid
    assert ir.IntegerAttr.static_typeid != ir.IntegerType.static_typeid
    d = {i32.typeid: "int"}
    assert d[ir.IntegerType.get_signless(1).typeid] == "int"


def test_type_parse_error(ctx: ir.Context) -> None:
    with pytest.raises(ir.MLIRError) as e:
        ir.Type.parse("tensor<4x")
    assert e.value.error_diagnostics


def test_integer_and_float_attrs(ctx: ir.Context) -> None:
    i32 = ir.IntegerType.get_signless(32)
    a = ir.IntegerAttr.get(i32, -5)
    assert str(a) == "-5 : i32" and a.value == -5 and int(a) == -5 and a.type == i32
    assert ir.IntegerAttr.get(ir.IntegerType.get_unsigned(8), 255).value == 255
    big = ir.IntegerAttr.get(ir.IntegerType.get_signless(128), -(2**100))
    assert big.value == -(2**100)
    assert ir.IntegerAttr.get(ir.IndexType.get(), 7).value == 7
    f = ir.FloatAttr.get(ir.F32Type.get(), 1.5)
    assert f.value == 1.5 and float(f) == 1.5 and str(f) == "1.500000e+00 : f32"
    assert ir.FloatAttr.get_f64(2.5).type == ir.F64Type.get()
    assert ir.FloatAttr.get_f32(0.5).value == 0.5
    assert ir.BoolAttr.get(True).value is True and not ir.BoolAttr.get(False)


def test_string_array_dict_attrs(ctx: ir.Context) -> None:
    s = ir.StringAttr.get("hi")
    assert s.value == "hi" and s.value_bytes == b"hi" and str(s) == '"hi"'
    assert ir.StringAttr.get(b"\xff").value_bytes == b"\xff"
    typed = ir.StringAttr.get_typed(ir.IntegerType.get_signless(32), "x")
    assert typed.type == ir.IntegerType.get_signless(32)
    u = ir.UnitAttr.get()
    arr = ir.ArrayAttr.get([s, u])
    assert len(arr) == 2 and arr[0] == s and arr[-1] == u and list(arr) == [s, u]
    assert isinstance(arr[1], ir.UnitAttr)
    assert len(arr + [s]) == 3
    d = ir.DictAttr.get({"b": s, "a": u})
    assert str(d) == '{a, b = "hi"}' and d["b"] == s and "a" in d and "c" not in d and len(d) == 2
    assert d[0].name == "a" and d[0].attr == u
    assert [n.name for n in d] == ["a", "b"]
    with pytest.raises(KeyError):
        d["zz"]
    assert ir.TypeAttr.get(ir.F32Type.get()).value == ir.F32Type.get()


def test_symbol_ref_attrs(ctx: ir.Context) -> None:
    flat = ir.FlatSymbolRefAttr.get("foo")
    assert str(flat) == "@foo" and flat.value == "foo"
    assert isinstance(flat, ir.SymbolRefAttr) and ir.FlatSymbolRefAttr.isinstance(flat)
    nested = ir.SymbolRefAttr.get(["a", "b", "c"])
    assert str(nested) == "@a::@b::@c" and nested.value == ["a", "b", "c"]
    assert not ir.FlatSymbolRefAttr.isinstance(nested) and ir.SymbolRefAttr.isinstance(nested)


def test_dense_elements(ctx: ir.Context) -> None:
    i32 = ir.IntegerType.get_signless(32)
    d = ir.DenseElementsAttr.get([[1, 2], [3, 4]], type=i32)
    assert isinstance(d, ir.DenseIntElementsAttr) and isinstance(d, ir.DenseElementsAttr)
    assert str(d) == "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>" and len(d) == 4 and d[3] == 4 and not d.is_splat
    f = ir.DenseElementsAttr.get(array.array("f", [1.0, 2.5]))
    assert isinstance(f, ir.DenseFPElementsAttr) and f[1] == 2.5 and str(f.type) == "tensor<2xf32>"
    b = ir.DenseElementsAttr.get(array.array("q", [7, 8, 9]))
    assert str(b.type) == "tensor<3xi64>" and list(b.raw_data[:8]) == [7, 0, 0, 0, 0, 0, 0, 0]
    s = ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([3], i32), ir.IntegerAttr.get(i32, 7))
    assert s.is_splat and str(s) == "dense<7> : tensor<3xi32>" and ir.IntegerAttr(s.get_splat_value()).value == 7
    fs = ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([2], ir.F32Type.get()), ir.FloatAttr.get_f32(1.0))
    assert str(fs) == "dense<1.000000e+00> : tensor<2xf32>"
    bools = ir.DenseElementsAttr.get([True, False])
    assert str(bools.type) == "tensor<2xi1>"
    strs = ir.DenseStringElementsAttr.get(ir.RankedTensorType.get([2], ir.OpaqueType.get("x", "s")), ["a", "b"])
    assert strs[1] == b"b" and len(strs) == 2


def test_dense_arrays(ctx: ir.Context) -> None:
    a = ir.DenseI64ArrayAttr.get([1, 2, 3])
    assert str(a) == "array<i64: 1, 2, 3>" and list(a) == [1, 2, 3] and a[-1] == 3 and len(a) == 3
    assert isinstance(a, ir.DenseArrayAttr)
    assert list(ir.DenseI32ArrayAttr.get([4, 5])) == [4, 5]
    assert list(ir.DenseI8ArrayAttr.get([-1])) == [-1]
    assert list(ir.DenseI16ArrayAttr.get([300])) == [300]
    assert list(ir.DenseBoolArrayAttr.get([True, False])) == [True, False]
    assert list(ir.DenseF32ArrayAttr.get([1.5])) == [1.5]
    assert list(ir.DenseF64ArrayAttr.get([2.25])) == [2.25]


def test_other_attrs(ctx: ir.Context) -> None:
    m = ir.AffineMapAttr.get("(d0, d1) -> (d1, d0)")
    assert isinstance(m, ir.AffineMapAttr) and m.num_dims == 2 and m.num_results == 2 and not m.is_identity
    assert m.value == "(d0, d1) -> (d1, d0)"
    assert ir.AffineMapAttr.get_identity(3).is_identity
    sl = ir.StridedLayoutAttr.get(2, [4, 1])
    assert sl.offset == 2 and sl.strides == [4, 1]
    d1, d2 = ir.DistinctAttr.create(ir.UnitAttr.get()), ir.DistinctAttr.create(ir.UnitAttr.get())
    assert d1 != d2 and d1.referenced_attr == ir.UnitAttr.get()
    o = ir.OpaqueAttr.get("foo", "bar")
    assert o.dialect_namespace == "foo" and o.data == b"bar"
    loc_attr = ir.Attribute.parse('loc("x":1:2)')
    assert isinstance(loc_attr, ir.LocationAttr) and loc_attr.location == ir.Location.file("x", 1, 2)
    res = ir.DenseResourceElementsAttr.get_from_bytes(b"\x01\x00\x00\x00", "blob", ir.RankedTensorType.get([1], ir.IntegerType.get_signless(32)))
    assert res.data == b"\x01\x00\x00\x00" and res.key.startswith("blob")


def test_attribute_parse_and_downcast(ctx: ir.Context) -> None:
    a = ir.Attribute.parse("[1 : i32, unit]")
    assert isinstance(a, ir.ArrayAttr)
    g = ir.Attribute(a)
    assert type(g) is ir.Attribute and type(g.maybe_downcast()) is ir.ArrayAttr
    assert ir.ArrayAttr(g) == a
    with pytest.raises(ValueError):
        ir.IntegerAttr(a)
    with pytest.raises(ir.MLIRError):
        ir.Attribute.parse("[1 :")
    named = a.get_named("n")
    assert named.name == "n" and named.attr == a


def test_locations(ctx: ir.Context) -> None:
    f = ir.Location.file("a.mlir", 1, 2)
    assert str(f) == 'loc("a.mlir":1:2)' and f.is_a_file() and f.filename == "a.mlir" and f.start_line == 1 and f.start_col == 2
    r = ir.Location.file("a.mlir", 1, 2, end_line=3, end_col=4)
    assert r.end_line == 3 and r.end_col == 4
    n = ir.Location.name("x", f)
    assert n.is_a_name() and n.name_str == "x" and n.child_loc == f
    cs = ir.Location.callsite(f, [ir.Location.unknown(), ir.Location.file("b", 3, 4)])
    assert cs.is_a_callsite() and cs.callee == f and cs.caller.is_a_callsite()
    fu = ir.Location.fused([f, n])
    assert fu.is_a_fused() and fu.locations == [f, n]
    assert ir.Location.unknown().is_a_unknown() and ir.Location.unknown() == ir.Location.unknown()
    assert hash(f) == hash(ir.Location.file("a.mlir", 1, 2))
    assert f.context is ctx
    assert isinstance(f.attr, ir.LocationAttr)
