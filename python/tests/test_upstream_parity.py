"""Programs written against MLIR's own Python bindings (``mlir.ir``), run on omnir: each test
asserts what upstream MLIR does (its printed text hard-coded where it matters), for the
places where omnir used to differ."""

import io
import os
import sys
import tempfile
from typing import Any, List, Tuple

import pytest

import omnir as ir
from omnir import passmanager

SYM = """
"builtin.module"() ({
  "t.func"() ({
  }) {sym_name = "foo", sym_visibility = "private"} : () -> ()
  "t.func"() ({
    "t.call"() {callee = @foo} : () -> ()
  }) {sym_name = "bar"} : () -> ()
}) : () -> ()
"""


def test_current_is_none_outside_with() -> None:
    # MLIR: `Context.current` / `Location.current` are None when nothing is entered;
    # `InsertionPoint.current` raises.
    assert ir.Context.current is None
    with ir.Context() as ctx:
        assert ir.Context.current is ctx
        assert ir.Location.current is None
        with pytest.raises(ValueError, match="No current InsertionPoint"):
            ir.InsertionPoint.current


def test_location_from_attr(ctx: ir.Context) -> None:
    loc = ir.Location.file("a.mlir", 3, 4)
    back = ir.Location.from_attr(loc.attr)
    assert back == loc and str(back) == 'loc("a.mlir":3:4)'


def test_mlir_error_text_and_diagnostic_str(ctx: ir.Context) -> None:
    with pytest.raises(ir.MLIRError) as info:
        ir.Type.parse("i32garbage")
    # upstream: the message, then `error: <location without loc(...)>: <message>`.
    assert str(info.value) == 'Unable to parse type:\nerror: "i32garbage":1:1: expected non-function type'
    assert info.value.message == "Unable to parse type"
    (d,) = info.value.error_diagnostics
    assert str(d) == d.message == "expected non-function type"
    assert str(d.location) == 'loc("i32garbage":1:1)'
    assert d.rendered == "i32garbage:1:1: error: expected non-function type"

    with pytest.raises(ir.MLIRError) as info:
        ir.Attribute.parse("dense<")
    assert str(info.value) == 'Unable to parse attribute:\nerror: "dense<":1:6: expected element literal of primitive type'

    # Module.parse names its source "-", as upstream does.
    with pytest.raises(ir.MLIRError) as info:
        ir.Module.parse("garbage")
    assert str(info.value) == (
        "Unable to parse module assembly:\n"
        "error: \"-\":1:1: custom op 'garbage' is unknown (tried 'builtin.garbage' as well)"
    )


TWO_BLOCKS = '"builtin.module"() ({\n^bb0:\n  "t.a"() : () -> ()\n^bb1:\n  "t.b"() : () -> ()\n}) : () -> ()'


def test_parse_verifies(ctx: ir.Context) -> None:
    # upstream: Module.parse and Operation.parse verify what they parse; the verifier's errors
    # make the MLIRError (upstream adds a "see current operation" note; omnir's verifier
    # reports no such note).
    message = "'builtin.module' op expects region #0 to have 0 or 1 blocks"
    for what, parse in [
        ("Unable to parse module assembly", lambda: ir.Module.parse(TWO_BLOCKS)),
        ("Unable to parse operation assembly", lambda: ir.Operation.parse(TWO_BLOCKS, source_name="-")),
    ]:
        with pytest.raises(ir.MLIRError) as info:
            parse()
        assert str(info.value).startswith(f'{what}:\nerror: "-":1:1: {message}'), str(info.value)
        assert info.value.message == what
        (d,) = info.value.error_diagnostics
        assert d.severity == ir.DiagnosticSeverity.ERROR
        assert d.message == message
        assert str(d.location) == 'loc("-":1:1)'
    # omnir's extension: the check can be turned off, and the verifier run later.
    assert ctx.verify_after_parse
    ctx.verify_after_parse = False
    m = ir.Module.parse(TWO_BLOCKS)
    with pytest.raises(ir.MLIRError, match="Verification failed"):
        m.operation.verify()


def test_module_parse_source_name(ctx: ir.Context) -> None:
    m = ir.Module.parse('"t.x"() : () -> ()')
    text = m.operation.get_asm(enable_debug_info=True)
    assert isinstance(text, str) and 'loc("-":1:1)' in text


def test_diagnostic_handler_str_and_had_error(ctx: ir.Context) -> None:
    seen: List[Tuple[str, str, str]] = []

    def handler(d: ir.Diagnostic) -> bool:
        seen.append((str(d.severity), str(d), str(d.location)))
        return True

    h = ctx.attach_diagnostic_handler(handler)
    assert not h.had_error
    ir.Location.file("x.mlir", 3, 4).emit_error("boom")
    assert seen == [("DiagnosticSeverity.ERROR", "boom", 'loc("x.mlir":3:4)')]
    assert h.had_error
    h.detach()


def test_pass_failure_is_mlir_error(ctx: ir.Context) -> None:
    m = ir.Module.parse(SYM)
    pm = passmanager.PassManager.parse("builtin.module(symbol-dce)")
    # upstream: MLIRError("Failure while executing pass pipeline", [diagnostics])
    with pytest.raises(ir.MLIRError) as info:
        pm.run(m.operation)
    assert str(info.value).startswith("Failure while executing pass pipeline:\nerror: ")
    assert "potentially unknown symbol table" in str(info.value)
    assert len(info.value.error_diagnostics) == 1


def test_result_error_message(ctx: ir.Context) -> None:
    with ir.Location.unknown():
        op = ir.Operation.create("t.x", results=[ir.IndexType.get(), ir.IndexType.get()])
    with pytest.raises(ValueError) as info:
        op.result
    assert str(info.value) == (
        "Cannot call .result on operation t.x which has 2 results "
        "(it is only valid for operations with a single result)"
    )


def test_list_views_slice(ctx: ir.Context) -> None:
    m = ir.Module.parse(
        '"t.f"() ({\n^bb0(%a: i32, %b: i32):\n  %0:2 = "t.x"(%a, %b) : (i32, i32) -> (i32, i32)\n}) : () -> ()'
    )
    f = m.body.operations[0]
    block = f.regions[0].blocks[0]
    x = block.operations[0]
    assert [str(t) for t in (v.type for v in block.arguments[0:2])] == ["i32", "i32"]
    assert [r.result_number for r in x.results[0:2]] == [0, 1]
    assert [r.result_number for r in x.results[::-1]] == [1, 0]
    assert x.operands[1:] == [block.arguments[1]]
    assert len(f.regions[0:1]) == 1 and f.regions[0:1][0] == f.regions[0]


def test_successors_set(ctx: ir.Context) -> None:
    m = ir.Module.parse(
        '"t.f"() ({\n^bb0:\n  "t.br"()[^bb1] : () -> ()\n^bb1:\n  "t.ret"() : () -> ()\n}) : () -> ()'
    )
    region = m.body.operations[0].regions[0]
    entry, target = region.blocks[0], region.blocks[1]
    br = entry.operations[0]
    assert len(br.successors) == 1 and br.successors[0] == target and list(br.successors) == [target]
    br.successors[0] = entry
    assert '"t.br"()[^bb0] : () -> ()' in str(m)
    assert br.successors == [entry]


def test_value_casts_and_set_type(ctx: ir.Context) -> None:
    m = ir.Module.parse('"t.f"() ({\n^bb0(%a: i32):\n  %0 = "t.x"(%a) : (i32) -> i32\n}) : () -> ()')
    block = m.body.operations[0].regions[0].blocks[0]
    arg, res = block.arguments[0], block.operations[0].result
    generic = ir.Value(res)
    assert isinstance(ir.OpResult(generic), ir.OpResult) and ir.OpResult(generic).result_number == 0
    assert ir.BlockArgument(ir.Value(arg)).arg_number == 0
    with pytest.raises(ValueError):
        ir.BlockArgument(res)
    with pytest.raises(ValueError):
        ir.OpResult(arg)
    res.set_type(ir.IndexType.get())
    arg.set_type(ir.F32Type.get())
    assert str(block.operations[0]) == '%0 = "t.x"(%arg0) : (f32) -> index'


def test_block_append_to(ctx: ir.Context) -> None:
    with ir.Location.unknown():
        a = ir.Operation.create("t.a", regions=1)
        b = ir.Operation.create("t.b", regions=1)
    block = a.regions[0].blocks.append(ir.IndexType.get())
    block.append_to(b.regions[0])
    assert len(a.regions[0].blocks) == 0 and len(b.regions[0].blocks) == 1
    assert block.region == b.regions[0]
    # a block cannot go into a region nested in itself; it stays where it was
    with ir.InsertionPoint(block):
        inner = ir.Operation.create("t.inner", regions=1, loc=ir.Location.unknown())
    with pytest.raises(Exception):
        block.append_to(inner.regions[0])
    assert block.region == b.regions[0] and block.is_valid


def test_op_attribute_map_is_dict_like(ctx: ir.Context) -> None:
    op = ir.Operation.parse('"t.f"() {a = 2 : i32, b = "x"} : () -> ()')
    attrs = op.attributes
    assert list(attrs) == ["a", "b"] == attrs.keys()
    assert [str(v) for v in attrs.values()] == ["2 : i32", '"x"']
    assert [(k, str(v)) for k, v in attrs.items()] == [("a", "2 : i32"), ("b", '"x"')]
    assert attrs[0].name == "a"


def test_operation_helpers(ctx: ir.Context) -> None:
    m = ir.Module.parse('%0 = "t.a"() : () -> i32\n%1 = "t.b"() : () -> i32\n"t.c"(%0, %0, %1) : (i32, i32, i32) -> ()')
    a, b, c = m.body.operations
    assert a.is_before_in_block(b) and not b.is_before_in_block(a)
    assert a.attached and not ir.Operation.create("t.d", loc=ir.Location.unknown()).attached
    c.replace_uses_of_with(a.result, b.result)
    assert str(c) == '"t.c"(%1, %1, %1) : (i32, i32, i32) -> ()'
    view = ir.OpView(a)
    # An OpView is an operation: every Operation member works on it.
    assert view.is_before_in_block(b) and view.attached and not view.is_registered


def test_symbol_table_walk_and_missing(ctx: ir.Context) -> None:
    m = ir.Module.parse(SYM)
    seen: List[Tuple[str, bool]] = []
    ir.SymbolTable.walk_symbol_tables(m.operation, True, lambda op, visible: seen.append((op.name, visible)))
    assert seen == [("builtin.module", True)]
    seen.clear()
    ir.SymbolTable.walk_symbol_tables(m.operation, False, lambda op, visible: seen.append((op.name, visible)))
    assert seen == [("builtin.module", False)]
    table = ir.SymbolTable(m.operation)
    with pytest.raises(KeyError, match="Symbol 'nope' not in the symbol table."):
        table["nope"]


def test_types_and_layouts(ctx: ir.Context) -> None:
    f32 = ir.F32Type.get()
    m = ir.MemRefType.get([2, 3], f32)
    # upstream: a memref always has a layout, the identity map by default
    assert str(m.layout) == "affine_map<(d0, d1) -> (d0, d1)>" and isinstance(m.layout, ir.AffineMapAttr)
    assert m.get_strides_and_offset() == ([3, 1], 0)
    s = ir.MemRefType.get([2, 3], f32, layout=ir.StridedLayoutAttr.get(offset=5, strides=[12, 1]))
    assert s.get_strides_and_offset() == ([12, 1], 5)
    dyn = ir.ShapedType.get_dynamic_stride_or_offset()
    assert ir.MemRefType.get([4, ir.ShapedType.get_dynamic_size(), 2], f32).get_strides_and_offset() == ([dyn, 2, 1], 0)
    assert str(ir.StridedLayoutAttr.get_fully_dynamic(3)) == "strided<[?, ?, ?], offset: ?>"
    assert ir.ShapedType.is_dynamic_stride_or_offset(dyn) and not ir.ShapedType.is_static_stride_or_offset(dyn)
    assert ir.ShapedType.is_static_size(3) and not ir.ShapedType.is_static_size(ir.ShapedType.get_dynamic_size())
    t = ir.RankedTensorType.get([2, ir.ShapedType.get_dynamic_size()], f32)
    assert t.is_static_dim(0) and not t.is_static_dim(1)


def test_attribute_type_of_untyped_is_none_type(ctx: ir.Context) -> None:
    assert str(ir.UnitAttr.get().type) == "none" and isinstance(ir.StringAttr.get("x").type, ir.NoneType)
    assert str(ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1).type) == "i32"


def test_opaque_attr_bytes(ctx: ir.Context) -> None:
    o = ir.OpaqueAttr.get("tensor", b"xyz", ir.NoneType.get())
    assert str(o) == "#tensor.xyz" and o.data == b"xyz" and o.dialect_namespace == "tensor"


def test_dense_array_concat(ctx: ir.Context) -> None:
    a = ir.DenseI32ArrayAttr.get([1, 2, 3]) + [4, 5]
    assert str(a) == "array<i32: 1, 2, 3, 4, 5>" and isinstance(a, ir.DenseI32ArrayAttr)
    assert str(ir.DenseF64ArrayAttr.get([1.0]) + [2.5]) == "array<f64: 1.000000e+00, 2.500000e+00>"


def test_dense_elements(ctx: ir.Context) -> None:
    u = ir.DenseIntElementsAttr(ir.Attribute.parse("dense<[255, 1]> : tensor<2xui8>"))
    assert list(u) == [255, 1]
    assert list(ir.DenseIntElementsAttr(ir.Attribute.parse("dense<[255]> : tensor<1xi8>"))) == [-1]
    assert list(ir.DenseIntElementsAttr(ir.Attribute.parse("dense<[true, false]> : tensor<2xi1>"))) == [1, 0]
    t = ir.RankedTensorType.get([2], ir.F32Type.get())
    with pytest.raises(ValueError, match="Shaped element type and attribute type must be equal"):
        ir.DenseElementsAttr.get_splat(t, ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1))
    with pytest.raises(ValueError, match="Shaped element type and attribute type must be equal"):
        ir.DenseElementsAttr.get_splat(t, ir.FloatAttr.get_f64(1.0))
    assert str(ir.DenseElementsAttr.get_splat(t, ir.FloatAttr.get_f32(3.0))) == "dense<3.000000e+00> : tensor<2xf32>"


def test_dense_elements_numpy(ctx: ir.Context) -> None:
    np: Any = pytest.importorskip("numpy")
    a = ir.Attribute.parse("dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>")
    arr = np.array(a)
    assert arr.dtype == np.int32 and arr.shape == (2, 2) and arr.tolist() == [[1, 2], [3, 4]]
    assert np.array(ir.Attribute.parse("dense<7> : tensor<3xi64>")).tolist() == [7, 7, 7]
    assert np.array(ir.Attribute.parse("dense<[true, false]> : tensor<2xi1>")).dtype == np.bool_
    assert np.array(ir.Attribute.parse("dense<[1, 2]> : tensor<2xui8>")).dtype == np.uint8
    i = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), np.int32(5))
    assert str(i) == "5 : i32"
    r = ir.DenseResourceElementsAttr.get_from_buffer(
        np.array([1, 2], dtype=np.int32), "res", ir.RankedTensorType.get([2], ir.IntegerType.get_signless(32))
    )
    assert str(r) == "dense_resource<res> : tensor<2xi32>"


def test_integer_attr_index_protocol(ctx: ir.Context) -> None:
    class Seven:
        def __index__(self) -> int:
            return 7

    assert str(ir.IntegerAttr.get(ir.IndexType.get(), Seven())) == "7 : index"  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ir.IntegerAttr.get(ir.IndexType.get(), 1.5)  # type: ignore[arg-type]


def test_module_parse_file_and_value_dump(ctx: ir.Context, capfd: pytest.CaptureFixture[str]) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write('%0 = "t.x"() : () -> i32\n')
    try:
        m = ir.Module.parseFile(f.name)
    finally:
        os.unlink(f.name)
    text = m.operation.get_asm(enable_debug_info=True)
    assert isinstance(text, str) and f'loc("{f.name}":1:6)' in text
    sys.stderr.flush()
    m.body.operations[0].result.dump()
    assert capfd.readouterr().err == '%0 = "t.x"() : () -> i32\n'


def test_print_to_file(ctx: ir.Context) -> None:
    m = ir.Module.parse('"t.x"() : () -> ()')
    out = io.StringIO()
    m.operation.print(file=out)
    assert out.getvalue() == str(m)


def test_asm_state(ctx: ir.Context) -> None:
    m = ir.Module.parse('"t.x"() ({\n^bb0(%a: i32):\n  %0 = "t.y"(%a) : (i32) -> i32\n}) : () -> ()')
    block = m.body.operations[0].regions[0].blocks[0]
    state = ir.AsmState(m.operation)
    assert block.operations[0].result.get_name(state) == "%0" and block.arguments[0].get_name(state) == "%arg0"
    assert block.operations[0].result.get_name(ir.AsmState(block.arguments[0], use_local_scope=True)) == "%0"
    out = io.StringIO()
    block.operations[0].print(state, out)
    assert out.getvalue() == '%0 = "t.y"(%arg0) : (i32) -> i32'
    out = io.StringIO()
    block.operations[0].print(state, file=out)
    assert out.getvalue() == '%0 = "t.y"(%arg0) : (i32) -> i32'


def test_clone_goes_to_the_current_insertion_point(ctx: ir.Context) -> None:
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        op = ir.Operation.create("custom.op1", results=[ir.IndexType.get()])
        copy = op.clone()
        detached = op.clone(ip=False)
    assert str(m) == (
        "module {\n"
        '  %0 = "custom.op1"() : () -> index\n'
        '  %1 = "custom.op1"() : () -> index\n'
        "}\n"
    )
    assert m.operation.get_asm(print_generic_op_form=True) == (
        '"builtin.module"() ({\n'
        '  %0 = "custom.op1"() : () -> index\n'
        '  %1 = "custom.op1"() : () -> index\n'
        "}) : () -> ()\n"
    )
    assert copy.result.get_name() == "%1" and copy.block == m.body
    assert detached.block is None and not detached.attached
    assert op.clone().block is None  # no insertion point entered: detached


def test_symbol_table_of_a_non_table(ctx: ir.Context) -> None:
    m = ir.Module.parse('"t.a"() : () -> ()')
    with pytest.raises(TypeError, match="Operation is not a Symbol Table"):
        ir.SymbolTable(m.body.operations[0])


def test_symbol_ref_attr_get_one_name(ctx: ir.Context) -> None:
    a = ir.SymbolRefAttr.get(["a"])
    assert type(a) is ir.SymbolRefAttr and a.value == ["a"] and str(a) == "@a"
    assert isinstance(a.maybe_downcast(), ir.FlatSymbolRefAttr) and ir.FlatSymbolRefAttr.isinstance(a)


def test_opview_subclass_with_build_generic(ctx: ir.Context) -> None:
    # The shape of an OpView subclass written for MLIR's bindings.
    @ir.register_op_view
    class ConstantOp(ir.OpView):
        OPERATION_NAME = "parity.constant"
        _ODS_REGIONS = (0, True)

        def __init__(self, value: int, *, loc: Any = None, ip: Any = None) -> None:
            i32 = ir.IntegerType.get_signless(32)
            attrs = {"value": ir.IntegerAttr.get(i32, value)}
            super().__init__(self.build_generic(results=[i32], attributes=attrs, loc=loc, ip=ip))

        @property
        def value(self) -> int:
            return int(ir.IntegerAttr(self.attributes["value"]))

    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        c = ConstantOp(42)
    assert str(c) == '%0 = "parity.constant"() {value = 42 : i32} : () -> i32'
    assert c.value == 42 and str(c.result.type) == "i32"
    found = m.body.operations[0]
    assert isinstance(found, ConstantOp) and found.value == 42


def test_walk_callback_erases_the_visited_operation(ctx: ir.Context) -> None:
    # The common clean-up written against upstream: a post-order walk (the default) erasing
    # the operations it is given.
    m = ir.Module.parse(
        '"t.f"() ({\n  %0 = "t.dead"() : () -> i32\n  "t.keep"() : () -> ()\n  "t.dead"(%0) : (i32) -> ()\n}) : () -> ()'
    )
    seen: List[str] = []

    def erase_dead(op: ir.Operation) -> ir.WalkResult:
        seen.append(op.name)
        if op.name == "t.dead" and not list(op.results[0].uses if len(op.results) else []):
            op.erase()
        return ir.WalkResult.ADVANCE

    # The second t.dead goes when visited; the first still has a use then.
    m.operation.walk(erase_dead)
    assert seen == ["t.dead", "t.keep", "t.dead", "t.f", "builtin.module"]
    assert [o.name for o in m.body.operations[0].regions[0].blocks[0].operations] == ["t.dead", "t.keep"]
    # Pre-order: an erased operation's regions are not visited.
    seen.clear()

    def erase_f(op: ir.Operation) -> None:
        seen.append(op.name)
        if op.name == "t.f":
            op.erase()

    m.operation.walk(erase_f, ir.WalkOrder.PRE_ORDER)
    assert seen == ["builtin.module", "t.f"] and len(m.body.operations) == 0
    # Erasing the operation the walk was to visit next: an error, never a crash.
    m2 = ir.Module.parse('"t.a"() : () -> ()\n"t.b"() : () -> ()')
    a, b = m2.body.operations

    def erase_next(op: ir.Operation) -> None:
        if op == a:
            b.erase()

    with pytest.raises(ir.StaleHandleError, match="walk cannot go on"):
        m2.operation.walk(erase_next, ir.WalkOrder.PRE_ORDER)
    assert [o.name for o in m2.body.operations] == ["t.a"]


def test_walk_op_class(ctx: ir.Context) -> None:
    class AddOp(ir.OpView):
        OPERATION_NAME = "t.add"

    m = ir.Module.parse('%0 = "t.c"() : () -> i32\n%1 = "t.add"(%0, %0) : (i32, i32) -> i32\n"t.add"(%1, %1) : (i32, i32) -> i32')
    seen: List[Tuple[str, str]] = []

    def cb(op: ir.Operation) -> ir.WalkResult:
        seen.append((type(op).__name__, op.name))
        return ir.WalkResult.ADVANCE

    # As upstream: only operations of that name, handed over as Operation.
    m.operation.walk(cb, op_class=AddOp)
    assert seen == [("Operation", "t.add"), ("Operation", "t.add")]
    with pytest.raises(TypeError, match="op_class"):
        m.operation.walk(cb, op_class=int)
