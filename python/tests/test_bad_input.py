"""Bad arguments: a clean exception naming the argument, the IR unchanged, never a crash
and never a silently wrong answer (None, bools and floats for integers, out-of-range and
huge integers, strings or bytes where a list of integers is expected, non-callables, objects
of another context, stale handles)."""

from __future__ import annotations

import math
from typing import Any, Callable, Iterator, Type as PyType

import pytest

import omnir as ir

SRC = '''
%0 = "t.a"() : () -> i32
%1:2 = "t.b"(%0) : (i32) -> (i32, f32)
"t.r"() ({
^bb0(%arg0: i32):
  "t.y"(%arg0, %1#0) : (i32, i32) -> ()
}) : () -> ()
"t.sym"() {sym_name = "foo", attr = 5 : i32} : () -> ()
'''


class Env:
    def __init__(self) -> None:
        self.m = ir.Module.parse(SRC)
        self.a, self.b, self.r, self.sym = list(self.m.body.operations)
        self.block = self.r.regions[0].blocks[0]
        self.i32 = ir.IntegerType.get_signless(32)
        self.f32 = ir.F32Type.get()
        self.tensor = ir.RankedTensorType.get([2, 3], self.f32)


@pytest.fixture
def env(ctx: ir.Context) -> Iterator[Env]:
    yield Env()


def fails(env: Env, exc: PyType[BaseException], names: str, fn: Callable[[], Any]) -> None:
    """`fn()` raises `exc` whose message contains `names`, and the module prints the same."""
    before = str(env.m)
    with pytest.raises(exc) as info:
        fn()
    assert names in str(info.value), f"{names!r} not in {str(info.value)!r}"
    assert str(env.m) == before


NOT_INTS = [None, 1.5, math.nan, "a", b"x", [], True]


@pytest.mark.parametrize("bad", NOT_INTS)
def test_integer_arguments_are_not_coerced(env: Env, bad: Any) -> None:
    fails(env, TypeError, "width", lambda: ir.IntegerType.get_signless(bad))
    fails(env, TypeError, "width", lambda: ir.IntegerType.get_unsigned(bad))
    fails(env, TypeError, "dim", lambda: ir.ShapedType(env.tensor).get_dim_size(bad))
    fails(env, TypeError, "pos", lambda: ir.TupleType.get_tuple([env.i32]).get_type(bad))
    fails(env, TypeError, "line", lambda: ir.Location.file("f", bad, 1))
    fails(env, TypeError, "n_dims", lambda: ir.AffineMapAttr.get_identity(bad))
    fails(env, TypeError, "index", lambda: env.b.operands[bad])
    fails(env, TypeError, "index", lambda: env.b.results[bad])
    fails(env, TypeError, "index", lambda: env.block.arguments[bad])
    fails(env, TypeError, "index", lambda: env.m.body.operations[bad])
    fails(env, TypeError, "index", lambda: env.block.erase_argument(bad))
    if bad is not None:  # None means "not given" for an optional argument
        fails(env, TypeError, "regions", lambda: ir.Operation.create("t.c", regions=bad))


@pytest.mark.parametrize("bad", [-1, 2**32 + 1, 2**64, 10**30])
def test_integers_out_of_range(env: Env, bad: int) -> None:
    fails(env, ValueError, "width", lambda: ir.IntegerType.get_signless(bad))
    fails(env, ValueError, "col", lambda: ir.Location.file("f", 1, bad))
    fails(env, ValueError, "alignment", lambda: ir.DenseResourceElementsAttr.get_from_bytes(b"\0" * 24, "r", env.tensor, bad))
    fails(env, IndexError, "index", lambda: env.b.results[bad if bad > 0 else -3])
    fails(env, IndexError, "dim", lambda: ir.ShapedType(env.tensor).is_dynamic_dim(bad))


def test_regions_count_reaches_the_core_untruncated(env: Env) -> None:
    # 10**12 must not wrap to a small count on its way: the core refuses it.
    fails(env, IndexError, "regions", lambda: ir.Operation.create("t.c", regions=10**12))
    fails(env, ValueError, "regions", lambda: ir.Operation.create("t.c", regions=2**64))
    fails(env, ValueError, "regions", lambda: ir.Operation.create("t.c", regions=-1))
    fails(env, ValueError, "regions", lambda: ir.Dialect("bad").define_operation("o", regions=10**12))
    assert len(ir.Operation.create("t.c", regions=2).regions) == 2


@pytest.mark.parametrize("bad", [4, "ab", b"ab", bytearray(b"ab"), [1.5], [None], ["a"], [True], [2**64]])
def test_shapes(env: Env, bad: Any) -> None:
    exc: PyType[BaseException] = ValueError if bad == [2**64] else TypeError
    fails(env, exc, "shape", lambda: ir.RankedTensorType.get(bad, env.f32))
    fails(env, exc, "shape", lambda: ir.MemRefType.get(bad, env.f32))
    fails(env, exc, "shape", lambda: ir.VectorType.get(bad, env.f32))
    fails(env, exc, "strides", lambda: ir.StridedLayoutAttr.get(0, bad))


def test_iterables_are_accepted_where_lists_are(env: Env) -> None:
    assert ir.RankedTensorType.get(iter([2, 3]), env.f32) == env.tensor
    assert ir.RankedTensorType.get((d for d in (2, 3)), env.f32) == env.tensor


def test_dense_arrays_refuse_bytes_and_strings(env: Env) -> None:
    fails(env, TypeError, "values", lambda: ir.DenseI32ArrayAttr.get(b"ab"))
    fails(env, TypeError, "values", lambda: ir.DenseI8ArrayAttr.get("ab"))
    fails(env, TypeError, "values[1]", lambda: ir.DenseI32ArrayAttr.get([1, "a"]))
    fails(env, ValueError, "values[0]", lambda: ir.DenseI8ArrayAttr.get([2**64]))
    fails(env, TypeError, "values", lambda: ir.DenseStringElementsAttr.get(ir.RankedTensorType.get([1], ir.Type.parse("!t.s")), "a"))
    fails(env, TypeError, "values[0]", lambda: ir.DenseStringElementsAttr.get(ir.RankedTensorType.get([1], ir.Type.parse("!t.s")), [1]))


def test_vector_scalable_flags(env: Env) -> None:
    fails(env, TypeError, "scalable[0]", lambda: ir.VectorType.get([2], env.f32, scalable=[1]))
    fails(env, TypeError, "scalable_dims", lambda: ir.VectorType.get([2], env.f32, scalable_dims=b"\0"))
    assert ir.VectorType.get([2], env.f32, scalable=[True]).scalable


def test_type_argument_named_type(env: Env) -> None:
    for fn in (
        lambda: ir.IntegerAttr.get(None, 1),  # type: ignore[arg-type]
        lambda: ir.FloatAttr.get("f32", 1.0),  # type: ignore[arg-type]
        lambda: ir.StringAttr.get_typed(1, "a"),  # type: ignore[arg-type]
        lambda: ir.DenseElementsAttr.get_raw(None, b""),  # type: ignore[arg-type]
    ):
        fails(env, TypeError, "argument 'type'", fn)
    # `type=` works as a keyword (the fast path used to spell it r#type)
    assert ir.IntegerAttr.get(type=env.i32, value=3).value == 3


def test_locations_are_checked(env: Env) -> None:
    for bad in (-1, "x", ir.StringAttr.get("s")):
        fails(env, TypeError, "loc", lambda: ir.RankedTensorType.get([2], env.f32, None, bad))
        fails(env, TypeError, "loc", lambda: ir.MemRefType.get([2], env.f32, loc=bad))
        fails(env, TypeError, "loc", lambda: ir.UnrankedTensorType.get(env.f32, bad))


def test_callables_and_files(env: Env, ctx: ir.Context) -> None:
    for bad in (None, 1, "f"):
        fails(env, TypeError, "callback", lambda: ctx.attach_diagnostic_handler(bad))  # type: ignore[arg-type]
    for bad_file in ("a", 1, []):
        fails(env, TypeError, "file", lambda: env.a.print(bad_file))
    fails(env, TypeError, "operation", lambda: ir.OpView(None))  # type: ignore[arg-type]
    fails(env, TypeError, "threads", lambda: ctx.set_pass_threads(True))
    fails(env, ValueError, "threads", lambda: ctx.set_pass_threads(10**12))


def test_dialect_entries(env: Env) -> None:
    d = ir.Dialect("badin")
    fails(env, TypeError, "operands", lambda: d.define_operation("o", operands="ab"))
    fails(env, TypeError, "results", lambda: d.define_operation("o2", results=[1]))


def test_dense_elements_from_python_values(env: Env) -> None:
    fails(env, TypeError, "array", lambda: ir.DenseElementsAttr.get(None))
    fails(env, TypeError, "array", lambda: ir.DenseElementsAttr.get([None]))
    fails(env, TypeError, "array", lambda: ir.DenseElementsAttr.get("ab"))
    fails(env, TypeError, "type", lambda: ir.DenseElementsAttr.get([1, 2], type="i32"))  # type: ignore[arg-type]
    fails(env, TypeError, "shape", lambda: ir.DenseElementsAttr.get([1, 2], shape=4))  # type: ignore[arg-type]


def test_mapping_keys(env: Env) -> None:
    fails(env, ValueError, "key", lambda: env.sym.attributes["\ud800"])
    fails(env, TypeError, "index", lambda: env.sym.attributes[1.5])  # type: ignore[index]
    fails(env, IndexError, "index", lambda: env.sym.attributes[2**64])  # type: ignore[index]
    d = ir.DictAttr.get({"a": ir.UnitAttr.get()})
    fails(env, ValueError, "key", lambda: d["\ud800"])


def test_other_context_and_stale(env: Env) -> None:
    other = ir.Context()
    with other, ir.Location.unknown():
        op = ir.Operation.create("t.o")
        attr = ir.StringAttr.get("o")
    fails(env, ValueError, "another context", lambda: ir.RankedTensorType.get([2], env.f32, attr))
    fails(env, ValueError, "another context", lambda: ir.InsertionPoint(env.block).insert(op))
    stale = ir.Operation.create("t.stale")
    stale.erase()
    fails(env, ir.StaleHandleError, "stale", lambda: env.block.append(stale))
    fails(env, ir.StaleHandleError, "stale", lambda: env.a.result.replace_all_uses_with(stale))


# Issue 15, item 5: bytes that are not UTF-8 are a parse error at their line and column, as
# omnir-opt reports them, raised as MLIRError with the diagnostic.
def test_invalid_utf8_bytes_are_a_located_parse_error(ctx: ir.Context) -> None:
    data = b'"t.a"() : () -> ()\n"t.b"() : () -> () // \xff\n'
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse(data, filename="in.mlir")
    # Rendered as every parse error is (upstream's MLIRError form).
    assert str(e.value).endswith('error: "in.mlir":2:23: the input is not valid UTF-8')
    [d] = e.value.error_diagnostics
    assert d.message == "the input is not valid UTF-8"
    assert str(d.location) == 'loc("in.mlir":2:23)'
    with pytest.raises(ir.MLIRError, match=r'"op\.mlir":1:1: the input is not valid UTF-8'):
        ir.Operation.parse(b"\xc3(", source_name="op.mlir")
    # Valid UTF-8 given as bytes parses as the same str does.
    assert str(ir.Module.parse('"t.\u00e9"() : () -> ()'.encode())) == str(ir.Module.parse('"t.\u00e9"() : () -> ()'))


def test_parse_file_with_invalid_utf8(ctx: ir.Context, tmp_path: Any) -> None:
    path = tmp_path / "bad.mlir"
    path.write_bytes(b'"t.a"() : () -> ()\n\n  \xe2\x82\n')
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parseFile(str(path))
    assert [str(d.location) for d in e.value.error_diagnostics] == [f'loc("{path}":3:3)']
