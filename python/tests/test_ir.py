"""IR: contexts and implicit state, modules, Operation.create, op views, blocks, regions,
values and uses, insertion points, walk, verify, printing, symbol tables, diagnostics."""

from __future__ import annotations

import io
import threading
from typing import List, Optional

import pytest

import omnir as ir

from conftest import FUNC, FUNC_CUSTOM, FUNC_GENERIC


def test_context_manager_and_current() -> None:
    assert ir.Context.current is None
    with ir.Context() as ctx:
        assert ir.Context.current is ctx
        with ir.Location.file("f", 1, 1) as loc:
            assert ir.Location.current is loc
            assert ir.Context.current is ctx
        assert ir.Location.current is None
        inner = ir.Context()
        with inner:
            assert ir.Context.current is inner
        assert ir.Context.current is ctx
    with pytest.raises(ValueError):
        ir.IntegerType.get_signless(32)


def test_context_per_thread() -> None:
    seen: List[bool] = []
    with ir.Context():
        def other() -> None:
            seen.append(ir.Context.current is None)
        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert seen == [True]


def test_context_identity_and_settings(ctx: ir.Context) -> None:
    t = ir.IntegerType.get_signless(32)
    assert t.context is ctx and t.context == ctx and hash(t.context) == hash(ctx)
    assert ctx.allow_unregistered_dialects
    assert ctx.is_registered_operation("builtin.module")
    assert not ctx.is_registered_operation("foo.bar")
    ctx.allow_unregistered_dialects = False
    with pytest.raises(ir.MLIRError):
        ir.Module.parse('"foo.bar"() : () -> ()')
    ctx.allow_unregistered_dialects = True


def test_module_parse_print(module: ir.Module) -> None:
    # str(module) is upstream's custom form (func and arith are registered in every context).
    text = str(module)
    assert text == FUNC_CUSTOM
    generic = module.operation.get_asm(print_generic_op_form=True)
    assert generic == FUNC_GENERIC
    assert module.operation.name == "builtin.module"
    assert module.body.owner == module.operation
    for t in (text, generic):
        again = ir.Module.parse(t)
        assert str(again) == text
        assert again.operation.get_asm(print_generic_op_form=True) == generic
        assert ir.Module.parse(t.encode()).operation.verify()
    # Ops without a custom form print generic inside it (as `iree-opt --allow-unregistered-dialect`).
    mixed = ir.Module.parse(FUNC.replace('  "func.return"', '  "t.x"() : () -> ()\n  "func.return"'))
    assert str(mixed) == FUNC_CUSTOM.replace("    return", '    "t.x"() : () -> ()\n    return')


def test_module_create(ctx: ir.Context) -> None:
    m = ir.Module.create()
    assert len(m.body.operations) == 0
    # As upstream's bindings print it (iree.compiler.ir gives the same two strings).
    assert str(m) == "module {\n}\n"
    assert m.operation.get_asm(print_generic_op_form=True) == '"builtin.module"() ({\n^bb0:\n}) : () -> ()\n'


def test_get_asm_flags(ctx: ir.Context) -> None:
    m = ir.Module.parse(FUNC, filename="in.mlir")
    plain = m.operation.get_asm()
    assert isinstance(plain, str) and "loc(" not in plain
    debug = m.operation.get_asm(enable_debug_info=True)
    assert isinstance(debug, str) and 'loc("in.mlir"' in debug
    generic = m.operation.get_asm(print_generic_op_form=True)
    assert plain == FUNC_CUSTOM and generic == FUNC_GENERIC
    buf = io.StringIO()
    m.operation.print(file=buf, print_generic_op_form=True)
    assert buf.getvalue() == generic
    binary = m.operation.get_asm(binary=True)
    assert isinstance(binary, bytes) and binary.decode() == plain
    add = m.body.operations[0].regions[0].blocks[0].operations[0]
    local = add.get_asm(use_local_scope=True)
    assert local == "%0 = arith.addi %arg0, %arg1 : i32"
    assert add.get_asm(print_generic_op_form=True, use_local_scope=True) == (
        '%0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32'
    )
    big = ir.Module.parse('"t.t"() {d = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> ()')
    elided = big.operation.get_asm(large_elements_limit=2)
    assert isinstance(elided, str) and "__elided__" in elided
    buf = io.StringIO()
    m.operation.print(file=buf, assume_verified=True)
    assert buf.getvalue() == plain


def test_operation_create(ctx: ir.Context, i32: ir.IntegerType) -> None:
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        c = ir.Operation.create("arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, 7)})
        add = ir.Operation.create("arith.addi", results=[i32], operands=[c.result, c.result])
        two = ir.Operation.create("t.two", results=[i32, i32], loc=ir.Location.name("two"))
        ir.Operation.create("t.regions", regions=2)
    assert [o.name for o in m.body.operations] == ["arith.constant", "arith.addi", "t.two", "t.regions"]
    assert add.operands[0] == c.result and len(add.operands) == 2
    assert c.attributes["value"] == ir.IntegerAttr.get(i32, 7)
    assert len(two.results) == 2 and two.results.types == [i32, i32]
    assert two.location == ir.Location.name("two")
    with pytest.raises(ValueError):
        two.result
    detached = ir.Operation.create("t.detached", operands=[add])  # an op with one result used as a value
    assert detached.parent is None and detached.block is None
    ip = ir.InsertionPoint(m.body)
    explicit = ir.Operation.create("t.explicit", ip=ip)
    assert explicit.block == m.body
    with pytest.raises(TypeError):
        ir.Operation.create("t.bad", results=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        ir.Operation.create("t.bad", nope=1)  # type: ignore[call-arg]
    assert m.operation.verify()


def test_operation_create_reused_shapes(ctx: ir.Context, i32: ir.IntegerType) -> None:
    # Many ops of one name and shape (the builder is reused, attribute values replaced), then
    # a failing create (a stale operand) and creates of the same name that must not inherit
    # anything from it.
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        consts = [
            ir.Operation.create("arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, k)})
            for k in range(5)
        ]
        named = ir.Operation.create(
            "arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, 9), "tag": ir.UnitAttr.get()}
        )
        doomed = ir.Operation.create("t.doomed", results=[i32])
        stale_value = doomed.result
        doomed.erase()
        with pytest.raises(ir.StaleHandleError):
            ir.Operation.create(
                "arith.constant", results=[i32], operands=[stale_value], attributes={"value": ir.IntegerAttr.get(i32, 1)}
            )
        after = ir.Operation.create("arith.constant", results=[i32], attributes={"value": ir.IntegerAttr.get(i32, 3)})
    assert [int(c.attributes["value"]) for c in consts] == [0, 1, 2, 3, 4]
    assert "tag" in named.attributes and "tag" not in after.attributes
    assert int(after.attributes["value"]) == 3 and len(after.operands) == 0
    assert [o.name for o in m.body.operations] == ["arith.constant"] * 7


def test_operation_create_successors(ctx: ir.Context) -> None:
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        f = ir.Operation.create("t.func", regions=1)
    entry = f.regions[0].blocks.append()
    target = entry.create_after(ir.IntegerType.get_signless(1))
    with ir.InsertionPoint(entry):
        br = ir.Operation.create("t.br", successors=[target])
    assert br.successors == [target]
    assert target.predecessors == [entry]
    assert len(f.regions[0].blocks) == 2 and f.regions[0].blocks[1] == target
    assert target.arguments.types == [ir.IntegerType.get_signless(1)]


def test_op_attributes_mapping(module: ir.Module) -> None:
    f = module.body.operations[0]
    attrs = f.attributes
    assert "sym_name" in attrs and attrs["sym_name"] == ir.StringAttr.get("f")
    attrs["extra"] = ir.UnitAttr.get()
    assert "extra" in attrs and sorted(attrs.keys()) == ["extra", "function_type", "sym_name"]
    assert list(attrs) == sorted(attrs.keys()) == [attrs[i].name for i in range(len(attrs))]
    del attrs["extra"]
    assert "extra" not in attrs
    with pytest.raises(KeyError):
        del attrs["extra"]
    assert attrs.get("nope") is None
    # As MLIR's getAttrs/setAttr/removeAttr: a registered op's inherent attributes (its
    # properties) are in the map, and setting or deleting one changes the properties.
    assert str(attrs.get("function_type")) == "(i32, i32) -> i32"
    attrs["sym_name"] = ir.StringAttr.get("g")
    assert list(attrs) == ["function_type", "sym_name"] and attrs["sym_name"] == ir.StringAttr.get("g")
    assert str(f).startswith("func.func @g(%arg0: i32, %arg1: i32) -> i32 {\n")
    del attrs["sym_name"]
    assert list(attrs) == ["function_type"] and "sym_name" not in attrs
    assert str(f).startswith('"func.func"() <{function_type = (i32, i32) -> i32}> ({\n')  # fails to verify
    add = f.regions[0].blocks[0].operations[0]
    assert [(a.name, str(a.attr)) for a in (add.attributes[i] for i in range(len(add.attributes)))] == [
        ("overflowFlags", "#arith.overflow<none>")
    ]


def test_blocks_regions_values(module: ir.Module, i32: ir.IntegerType) -> None:
    f = module.body.operations[0]
    region = f.regions[0]
    assert region.owner == f and len(region.blocks) == 1
    block = region.blocks[0]
    assert block.region == region and block.owner == f
    a, b = block.arguments
    assert isinstance(a, ir.BlockArgument) and a.arg_number == 0 and a.owner == block and a.type == i32
    add, mul, ret = block.operations
    assert isinstance(add.result, ir.OpResult) and add.result.result_number == 0 and add.result.owner == add
    # Use lists are newest first, as in MLIR.
    assert sorted((u.owner.name, u.operand_number) for u in a.uses) == [("arith.addi", 0), ("arith.muli", 1)]
    assert add.result.uses[0].owner == mul
    assert not a.has_no_uses
    assert list(block) == [add, mul, ret]
    assert ret.operands[0] == mul.result
    # RAUW
    mul.result.replace_all_uses_with(add.result)
    assert ret.operands[0] == add.result
    add.result.replace_all_uses_except(b, mul)
    assert ret.operands[0] == b and mul.operands[0] == add.result
    ret.operands[0] = a
    assert ret.operands[0] == a
    assert ir.Value(a).maybe_downcast() == a and isinstance(ir.Value(a).maybe_downcast(), ir.BlockArgument)
    new = block.add_argument(ir.F32Type.get())
    assert new.arg_number == 2 and len(block.arguments) == 3
    block.erase_argument(2)
    assert len(block.arguments) == 2
    assert module.operation.verify()


def test_insertion_points(ctx: ir.Context, i32: ir.IntegerType) -> None:
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        first = ir.Operation.create("t.first")
        last = ir.Operation.create("t.term")
    with ir.InsertionPoint.at_block_begin(m.body):
        ir.Operation.create("t.a")
        ir.Operation.create("t.b")
    with ir.InsertionPoint.at_block_terminator(m.body):
        ir.Operation.create("t.before_term")
    with ir.InsertionPoint(first):
        ir.Operation.create("t.before_first")
    with ir.InsertionPoint.after(first):
        ir.Operation.create("t.after_first1")
        ir.Operation.create("t.after_first2")
    names = [o.name for o in m.body.operations]
    assert names == ["t.a", "t.b", "t.before_first", "t.first", "t.after_first1", "t.after_first2", "t.before_term", "t.term"]
    ip = ir.InsertionPoint(m.body)
    assert ip.block == m.body and ip.ref_operation is None
    assert ir.InsertionPoint(last).ref_operation == last
    with ip:
        assert ir.InsertionPoint.current is ip
    detached = ir.Operation.create("t.detached")
    ip.insert(detached)
    assert m.body.operations[-1] == detached
    empty = ir.Module.create()
    with pytest.raises(ValueError):
        ir.InsertionPoint.at_block_terminator(empty.body)


def test_walk(module: ir.Module) -> None:
    names: List[str] = []
    module.operation.walk(lambda op: names.append(op.name))
    assert names == ["arith.addi", "arith.muli", "func.return", "func.func", "builtin.module"]
    names.clear()
    module.operation.walk(lambda op: names.append(op.name), ir.WalkOrder.PRE_ORDER)
    assert names == ["builtin.module", "func.func", "arith.addi", "arith.muli", "func.return"]

    def stop(op: ir.Operation) -> ir.WalkResult:
        names.append(op.name)
        return ir.WalkResult.INTERRUPT if op.name == "arith.addi" else ir.WalkResult.ADVANCE

    names.clear()
    assert module.operation.walk(stop, ir.WalkOrder.PRE_ORDER) == ir.WalkResult.INTERRUPT
    assert names[-1] == "arith.addi"

    def skip(op: ir.Operation) -> ir.WalkResult:
        names.append(op.name)
        return ir.WalkResult.SKIP if op.name == "func.func" else ir.WalkResult.ADVANCE

    names.clear()
    module.operation.walk(skip, ir.WalkOrder.PRE_ORDER)
    assert names == ["builtin.module", "func.func"]

    def boom(op: ir.Operation) -> None:
        raise KeyError("boom")

    with pytest.raises(KeyError):
        module.operation.walk(boom)

    def mutate(op: ir.Operation) -> None:
        if op.name == "arith.addi":
            op.attributes["x"] = ir.UnitAttr.get()

    # The callback may change the IR (test_upstream_parity.py has erasing).
    module.operation.walk(mutate)
    assert sum("x" in op.attributes for op in module.body.operations[0].regions[0].blocks[0].operations) == 1
    with pytest.raises(TypeError):
        module.operation.walk(lambda op: 42)  # type: ignore[arg-type,return-value]


def test_verify_and_diagnostics(ctx: ir.Context) -> None:
    # The IR does not verify: parse it without verifying, to run the verifier here.
    ctx.verify_after_parse = False
    m = ir.Module.parse('"builtin.module"() ({ "builtin.module"() ({}) : () -> () }) : () -> ()')
    ctx.verify_after_parse = True
    with pytest.raises(ir.MLIRError) as e:
        m.operation.verify()
    diags = e.value.error_diagnostics
    assert diags and diags[0].severity == ir.DiagnosticSeverity.ERROR
    assert isinstance(diags[0].location, ir.Location) and diags[0].message
    assert "Verification failed" in str(e.value)
    with pytest.raises(ir.MLIRError) as e2:
        ir.Module.parse('"a.b"() : () -> (', filename="bad.mlir")
    d = e2.value.error_diagnostics[0]
    assert d.location.filename == "bad.mlir" and d.location.start_line == 1
    assert isinstance(d.notes, list)


def test_diagnostic_handler(ctx: ir.Context) -> None:
    seen: List[ir.Diagnostic] = []

    def handler(d: ir.Diagnostic) -> bool:
        seen.append(d)
        return True

    h = ctx.attach_diagnostic_handler(handler)
    assert h.attached
    ctx.emit_error(ir.Location.file("x", 1, 2), "hello")
    ir.Location.file("y", 3, 4).emit_error("again")
    assert [d.message for d in seen] == ["hello", "again"]
    assert seen[0].severity == ir.DiagnosticSeverity.ERROR and seen[0].location.filename == "x"
    h.detach()
    assert not h.attached
    with ctx.attach_diagnostic_handler(lambda d: True) as h2:
        assert h2.attached
    assert not h2.attached


def test_symbol_table(module: ir.Module, ctx: ir.Context) -> None:
    st = ir.SymbolTable(module.operation)
    assert "f" in st and st["f"].name == "func.func" and len(st) == 1
    f = st["f"]
    assert ir.SymbolTable.get_symbol_name(f) == ir.StringAttr.get("f")
    assert ir.SymbolTable.get_visibility(f) == ir.StringAttr.get("public")
    ir.SymbolTable.set_visibility(f, "private")
    assert ir.SymbolTable.get_visibility(f).value == "private"
    clone = f.clone()
    name = st.insert(clone)
    assert isinstance(name, ir.StringAttr) and name.value != "f" and name.value in st
    ir.SymbolTable.set_symbol_name(clone, "g")
    assert ir.SymbolTable.get_symbol_name(clone).value == "g"
    with pytest.raises(KeyError):
        st["nope"]
    st.erase(clone)
    assert not clone.is_valid


def test_clone_erase_move_detach(module: ir.Module, ctx: ir.Context) -> None:
    f = module.body.operations[0]
    c = f.clone()
    assert c.parent is None and str(c).strip() == str(f).strip()
    other = ir.Module.create()
    other.body.append(c)
    assert c.block == other.body
    c.detach_from_parent()
    assert c.block is None and len(other.body.operations) == 0
    other.body.append(c)
    c.move_before(f)
    assert module.body.operations[0] == c and len(other.body.operations) == 0
    c.move_after(f)
    assert module.body.operations[1] == c
    c.erase()
    assert not c.is_valid
    with pytest.raises(ir.StaleHandleError):
        c.name
    with pytest.raises(ValueError):
        block = f.regions[0].blocks[0]
        block.operations[0].erase()  # still used


class _AddView(ir.OpView):
    OPERATION_NAME = "arith.addi"

    @property
    def lhs(self) -> ir.Value:
        return self.operands[0]


def test_op_views(module: ir.Module) -> None:
    f = module.body.operations[0]
    generic = f.opview
    assert isinstance(generic, ir.OpView) and generic.operation == f and generic.name == "func.func"
    ir.register_op_view(_AddView)
    try:
        add = f.regions[0].blocks[0].operations[0]
        assert isinstance(add, _AddView) and add.lhs == f.regions[0].blocks[0].arguments[0]
        assert add == add.operation and hash(add) == hash(add.operation)
        assert add.operation.opview.__class__ is _AddView
        with ir.InsertionPoint(add.operation):
            ir.Operation.create("t.before", operands=[add])  # an OpView used as a value
        ip = ir.InsertionPoint(add)  # before a view
        assert ip.ref_operation == add
    finally:
        del ir._omnir._op_views()["arith.addi"]


def test_value_str_repr(module: ir.Module) -> None:
    block = module.body.operations[0].regions[0].blocks[0]
    assert "block argument" in str(block.arguments[0])
    assert "arith.addi" in str(block.operations[0].result)
    assert repr(block.operations[0]) == "<omnir.Operation arith.addi>"


BLOCKS = """"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
    "test.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):
    "test.ret"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_block_and_value_text_as_upstream(ctx: ir.Context) -> None:
    # The strings upstream MLIR's Python bindings give for the same IR.
    m = ir.Module.parse(BLOCKS)
    b0, b1 = m.body.operations[0].regions[0].blocks
    assert str(b0) == (
        "^bb0(%arg0: i32, %arg1: i32):\n"
        '  %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32\n'
        '  "test.br"(%0)[^bb1] : (i32) -> ()\n'
    )
    assert str(b1) == '^bb1(%1: i32):  // pred: ^bb0\n  "test.ret"(%1) : (i32) -> ()\n'
    assert str(b0.arguments[1]) == "BlockArgument(<block argument> of type 'i32' at index: 1)"
    assert str(b0.operations[0].result) == 'OpResult(%0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32)'
    assert str(ir.Value(b0.operations[0].result)) == 'Value(%0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32)'


def test_infer_location_and_context_from_insertion_point() -> None:
    c = ir.Context()
    m = ir.Module.create(loc=ir.Location.unknown(context=c))
    with ir.InsertionPoint(m.body):
        op = ir.Operation.create("t.x")  # no Location entered: unknown location of the block's context
    assert op.location == ir.Location.unknown(context=c) and op.context is c


def test_library_helpers() -> None:
    import os
    assert os.path.isfile(ir.get_library_path())
    assert os.path.isfile(os.path.join(ir.get_include(), "omnir", "omnir.h"))
    assert ir.library_version()[0] == 0


def optional_name(op: Optional[ir.Operation]) -> str:
    return "" if op is None else op.name


def test_operation_parse_and_value_names_as_upstream() -> None:
    # Expected values from iree.compiler.ir (upstream MLIR's bindings) on the same text.
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        op = ir.Operation.parse(
            '"test.f"() ({\n^bb0(%a: i32):\n  %0:2 = "test.two"(%a) : (i32) -> (i32, i32)\n'
            '  "test.use"(%0#1) : (i32) -> ()\n}) : () -> ()',
            source_name="one.mlir",
        )
        assert op.operation.name == "test.f"
        assert op.operation.parent is None
        block = op.regions[0].blocks[0]
        two = block.operations[0]
        assert block.arguments[0].get_name() == "%arg0"
        assert two.results[1].get_name() == "%0#1"
        assert two.results[0].get_name(use_local_scope=True) == "%0#0"
        module = ir.Operation.parse('"builtin.module"() ({\n^bb0:\n}) : () -> ()')
        assert module.operation.name == "builtin.module"
        for text, found in [("", 0), ('"a.b"() : () -> ()\n"a.c"() : () -> ()', 2)]:
            with pytest.raises(ir.MLIRError) as e:
                ir.Operation.parse(text)
            assert f"source must contain a single top-level operation, found: {found}" in str(e.value)
        op.operation.erase()
        with pytest.raises(ir.StaleHandleError):
            block.arguments
