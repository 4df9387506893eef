"""Dialects as data from Python: definition files (IRDL + ``omnir.*``) loaded with
``Context.load_dialect_definitions``, their custom
syntax parsed and printed back, and the hooks a definition names written in Python: a
verifier hook and ``custom<Name>`` directives (parser and printer objects in MLIR's
OpAsmParser / OpAsmPrinter vocabulary). Errors are ``MLIRError`` with the position, in
upstream's text (``error: "file":line:col: message``);
exceptions in hooks are clean errors, never a crash."""

from __future__ import annotations

import pathlib
from typing import Any, List, Optional

import pytest

import omnir as ir

DEFS_DIR = pathlib.Path(__file__).resolve().parents[2] / "tests" / "definitions"
FMTEST = (DEFS_DIR / "fmtest.irdl.mlir").read_text()

FMTEST_BODY = """\
  fmtest.func @f {
    %0 = constant 1 : i32
    %1 = add %0, %0 : i32
    %2 = cmp slt, %1, %0 : i32
    %3 = "test.index"() : () -> index
    %4 = step %3
    %5 = step %3 by 2
    return %1 : i32
  }
"""


def custom(body: str) -> str:
    return "module {\n" + body + "}\n"


def test_fmtest_custom_syntax_round_trips(ctx: ir.Context) -> None:
    ctx.load_dialect_definitions(FMTEST, "fmtest.irdl.mlir")
    assert ctx.is_registered_dialect("fmtest") and ctx.is_registered_operation("fmtest.add")
    m = ir.Module.parse(FMTEST_BODY)
    text = str(m)
    assert text == custom(FMTEST_BODY)
    assert str(ir.Module.parse(text)) == text
    generic = m.operation.get_asm(print_generic_op_form=True)
    assert isinstance(generic, str)
    assert '%1 = "fmtest.add"(%0, %0) : (i32, i32) -> i32' in generic
    assert '"fmtest.cmp"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1' in generic
    # The generic form reads back to the same custom print.
    assert str(ir.Module.parse(generic)) == text
    # Ops print custom on their own too.
    add = m.body.operations[0].regions[0].blocks[0].operations[1]
    assert str(add) == "%1 = fmtest.add %0, %0 : i32"
    assert add.get_asm(print_generic_op_form=True) == '%1 = "fmtest.add"(%0, %0) : (i32, i32) -> i32'


def test_definitions_errors(ctx: ir.Context) -> None:
    ctx.load_dialect_definitions(FMTEST.encode(), "fmtest.irdl.mlir")  # bytes are accepted
    with pytest.raises(ir.MLIRError) as e:
        ctx.load_dialect_definitions(FMTEST, "again.mlir")
    assert '"again.mlir":4:1' in str(e.value) and "dialect 'fmtest' is already registered" in str(e.value)
    bad = 'irdl.dialect @bad {\n  irdl.operation @o attributes {omnir.traits = ["Nope"]} {\n  }\n}\n'
    with pytest.raises(ir.MLIRError) as e:
        ctx.load_dialect_definitions(bad, "bad.mlir")
    assert '"bad.mlir":2:3' in str(e.value) and "unknown trait 'Nope'" in str(e.value)
    assert not ctx.is_registered_dialect("bad")
    with pytest.raises(ir.MLIRError) as e:
        ctx.load_dialect_definitions("irdl.dialect @x {")  # the default filename
    assert '"<string>":1:' in str(e.value)
    with pytest.raises(ValueError, match="UTF-8"):
        ctx.load_dialect_definitions(b"\xff")
    with pytest.raises(TypeError):
        ctx.load_dialect_definitions(42)  # type: ignore[arg-type]
    # Custom syntax errors point into the text.
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse('%0 = "t.a"() : () -> i32\n%1 = fmtest.add %0 %0 : i32\n', filename="m.mlir")
    assert '"m.mlir":2:' in str(e.value)


# ---- hooks written in Python -----------------------------------------------------------

HOOKS = """\
irdl.dialect @hk {
  irdl.operation @pack attributes {omnir.assembly_format = "custom<TypedList>($values, type($values)) attr-dict", omnir.verifier = "hk.nonempty"} {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
  }
  irdl.operation @mode attributes {omnir.assembly_format = "custom<Mode>($mode) attr-dict", omnir.optional_attributes = ["mode"]} {
    %0 = irdl.any
    irdl.attributes {"mode" = %0}
  }
  irdl.operation @fn attributes {omnir.assembly_format = "$sym_name `` custom<Sig>($function_type, $body) attr-dict-with-keyword $body", omnir.traits = ["Symbol", "IsolatedFromAbove", "NoTerminator"], omnir.default_dialect = "hk"} {
    %s = irdl.any {omnir.constraint = "SymbolNameAttr"}
    %t = irdl.any
    %r = irdl.region
    irdl.attributes {"sym_name" = %s, "function_type" = %t}
    irdl.regions(body: %r)
  }
}
"""


def nonempty(op: ir.Operation) -> None:
    if len(op.operands) == 0:
        raise ValueError("needs at least one value")


def parse_typed_list(p: ir.DirectiveParser) -> None:
    """``[%a : i32, %b : i32]``"""
    assert p.arg_kind(0) == "operands" and p.arg_kind(1) == "types"
    p.parse_punctuation("[")
    if p.parse_optional_punctuation("]"):
        return
    while True:
        p.parse_operand(0)
        p.parse_punctuation(":")
        p.add_type(1, p.parse_type())
        if not p.parse_optional_punctuation(","):
            break
    p.parse_punctuation("]")


def print_typed_list(p: ir.DirectivePrinter) -> None:
    p.write("[")
    for i in range(p.num_values(0)):
        if i:
            p.write(", ")
        p.print_operand(0, i)
        p.write(" : ")
        p.print_type(p.type(1, i))
    p.write("]")


def parse_mode(p: ir.DirectiveParser) -> None:
    k = p.parse_optional_keyword()
    if k is None:
        p.set_attribute(0, None)
    elif k in ("fast", "slow"):
        p.set_attribute(0, ir.StringAttr.get(k))
    else:
        raise ValueError(f"unknown mode '{k}'")


def print_mode(p: ir.DirectivePrinter) -> None:
    a = p.attribute(0)
    if a is not None:
        p.write(ir.StringAttr(a).value)


def parse_sig(p: ir.DirectiveParser) -> None:
    """``(i32 %a, f32 %b)``: the body's entry block arguments, type first (the parser
    must know an argument's type when it reads its name)."""
    assert p.arg_kind(0) == "attribute" and p.arg_kind(1) == "region"
    types: List[ir.Type] = []
    p.parse_punctuation("(")
    if not p.parse_optional_punctuation(")"):
        while True:
            t = p.parse_type()
            p.parse_argument(1, t)
            types.append(t)
            if not p.parse_optional_punctuation(","):
                break
        p.parse_punctuation(")")
    p.set_attribute(0, ir.TypeAttr.get(ir.FunctionType.get(types, [])))


def print_sig(p: ir.DirectivePrinter) -> None:
    a = p.attribute(0)
    assert a is not None
    inputs = ir.FunctionType(ir.TypeAttr(a).value).inputs
    p.write("(")
    for i, t in enumerate(inputs):
        if i:
            p.write(", ")
        p.print_type(t)
        p.write(" ")
        p.print_operand(1, i)
    p.write(")")


def hooks(ctx: ir.Context) -> None:
    ctx.register_verifier_hook("hk.nonempty", nonempty)
    ctx.load_dialect_definitions(HOOKS, "hk.irdl.mlir")
    ctx.register_custom_directive("hk", "TypedList", parse_typed_list, print_typed_list)
    ctx.register_custom_directive("hk", "Mode", parse_mode, print_mode)
    ctx.register_custom_directive("hk", "Sig", parse_sig, print_sig)


HK_BODY = """\
  %0 = "test.a"() : () -> i32
  %1 = "test.b"() : () -> i32
  hk.pack [%0 : i32, %1 : i32]
  hk.mode fast
  hk.mode  {note}
  hk.fn @f(i32 %arg0, f32 %arg1) {
    pack [%arg0 : i32]
  }
"""


def test_python_hooks_parse_print_verify(ctx: ir.Context) -> None:
    hooks(ctx)
    m = ir.Module.parse(HK_BODY, filename="m.mlir")
    # (An empty directive keeps the space before it, as MLIR's generated printers.)
    assert str(m) == custom(HK_BODY)
    assert str(ir.Module.parse(str(m))) == str(m)
    generic = m.operation.get_asm(print_generic_op_form=True)
    assert isinstance(generic, str)
    assert '"hk.pack"(%0, %1) : (i32, i32) -> ()' in generic
    assert '"hk.mode"() <{mode = "fast"}> : () -> ()' in generic
    assert "function_type = (i32, f32) -> ()" in generic and "^bb0(%arg0: i32, %arg1: f32):" in generic
    # Names in the source are the user's; the printer numbers them.
    renamed = HK_BODY.replace("%arg0", "%x").replace("%arg1", "%y")
    assert str(ir.Module.parse(renamed)) == custom(HK_BODY)
    assert m.operation.verify()


def test_python_verifier_hook_fails_verification(ctx: ir.Context) -> None:
    hooks(ctx)
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse("hk.pack []\n", filename="v.mlir")
    assert '"v.mlir":1:1' in str(e.value) and "'hk.pack' op needs at least one value" in str(e.value)
    assert any("needs at least one value" in d.message for d in e.value.error_diagnostics)
    ctx.verify_after_parse = False
    m = ir.Module.parse("hk.pack []\n", filename="v.mlir")
    with pytest.raises(ir.MLIRError, match="needs at least one value"):
        m.operation.verify()


def test_directive_parse_errors_have_locations(ctx: ir.Context) -> None:
    hooks(ctx)
    # A failed parser call: reported where the text is wrong.
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse('%0 = "test.a"() : () -> i32\nhk.pack [%0 i32]\n', filename="e.mlir")
    assert '"e.mlir":2:12' in str(e.value) and "expected ':'" in str(e.value)
    # The parse callback's own exception: its text, at the parser's position.
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse("hk.mode medium\n", filename="e.mlir")
    assert '"e.mlir":2:1' in str(e.value) and "unknown mode 'medium'" in str(e.value)
    # A use the signature did not define.
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse("hk.fn @f(i32 %a) {\n  pack [%b : i32]\n}\n", filename="e.mlir")
    assert '"e.mlir":2:' in str(e.value) and "undeclared SSA value" in str(e.value)


def test_exceptions_in_hooks_are_clean_errors(ctx: ir.Context) -> None:
    def boom(_: Any) -> None:
        raise RuntimeError("boom in a hook")

    def boom_if_empty(op: ir.Operation) -> None:
        if len(op.operands) == 0:
            raise RuntimeError("boom in a hook")

    ctx.register_verifier_hook("hk.nonempty", boom_if_empty)
    ctx.load_dialect_definitions(HOOKS, "hk.irdl.mlir")
    ctx.register_custom_directive("hk", "TypedList", boom, boom)
    ctx.register_custom_directive("hk", "Mode", parse_mode, print_mode)
    ctx.register_custom_directive("hk", "Sig", parse_sig, print_sig)
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse("hk.pack []\n", filename="x.mlir")
    assert '"x.mlir":1:9' in str(e.value) and "boom in a hook" in str(e.value)
    ctx.verify_after_parse = False
    m = ir.Module.parse('"hk.pack"() : () -> ()\n')
    with pytest.raises(ir.MLIRError, match="boom in a hook"):
        m.operation.verify()
    # IR that fails to verify prints generic (as upstream's printer does): no printer called.
    assert str(m) == '"builtin.module"() ({\n  "hk.pack"() : () -> ()\n}) : () -> ()\n'
    # A printer's exception is raised by the call that printed.
    m = ir.Module.parse('%0 = "t.a"() : () -> i32\n"hk.pack"(%0) : (i32) -> ()\n')
    assert m.operation.verify()
    with pytest.raises(ir.MLIRError, match="custom<TypedList> printer: boom in a hook"):
        str(m)
    with pytest.raises(ir.MLIRError, match="boom in a hook"):
        m.operation.get_asm()
    assert '"hk.pack"(%0) : (i32) -> ()' in str(m.operation.get_asm(print_generic_op_form=True))
    # Not callables, unknown dialects.
    with pytest.raises(TypeError):
        ctx.register_verifier_hook("x", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ctx.register_custom_directive("hk", "X", parse_mode, None)  # type: ignore[arg-type]
    with pytest.raises(Exception, match="not registered"):
        ctx.register_custom_directive("nope", "X", parse_mode, print_mode)


def test_parser_and_printer_objects_outlive_their_callbacks_safely(ctx: ir.Context) -> None:
    hooks(ctx)
    kept: List[Any] = []

    def parse(p: ir.DirectiveParser) -> None:
        kept.append(p)
        parse_mode(p)

    def print_(p: ir.DirectivePrinter) -> None:
        kept.append(p)
        print_mode(p)

    ctx.register_custom_directive("hk", "Mode", parse, print_)
    m = ir.Module.parse("hk.mode slow\n")
    assert str(m) == custom("  hk.mode slow\n")
    parser: Optional[ir.DirectiveParser] = kept[0]
    printer: Optional[ir.DirectivePrinter] = kept[1]
    assert parser is not None and printer is not None
    with pytest.raises(ValueError, match="only valid during its callback"):
        parser.parse_keyword("x")
    with pytest.raises(ValueError, match="only valid during its callback"):
        printer.write("x")


# ---- successors, integers, strings, argument lists and newlines -------------------------

CS_DEFS = """\
irdl.dialect @cs {
  irdl.operation @jump attributes {omnir.assembly_format = "custom<Target>($dest, $weight) attr-dict", omnir.successors = ["dest"], omnir.traits = ["Terminator"], omnir.optional_attributes = ["weight"]} {
    %w = irdl.any {omnir.constraint = "I64Attr"}
    irdl.attributes {"weight" = %w}
  }
  irdl.operation @table attributes {omnir.assembly_format = "custom<Table>($entries, $label) attr-dict", omnir.optional_attributes = ["label"]} {
    %e = irdl.any {omnir.constraint = "ArrayAttr"}
    %l = irdl.any {omnir.constraint = "StrAttr"}
    irdl.attributes {"entries" = %e, "label" = %l}
  }
  irdl.operation @scope attributes {omnir.assembly_format = "custom<Args>($body) attr-dict-with-keyword $body", omnir.traits = ["NoTerminator"]} {
    %r = irdl.region
    irdl.regions(body: %r)
  }
}
"""

CS_TEXT = """\
module {
  cs.scope (%arg0, %arg1) : i32 {
    cs.table "primes" [
      2,
      3
    ]
    cs.table [
    ]
    "test.region"() ({
      cs.jump ^bb1 weight 3
    ^bb1:  // 2 preds: ^bb0, ^bb1
      cs.jump ^bb1
    }) : () -> ()
  }
}
"""


def parse_target(p: ir.DirectiveParser) -> None:
    """``^bb1`` or ``^bb1 weight 3``"""
    assert p.arg_kind(0) == "successors"
    if not p.at_successor():
        raise ValueError("expected a block name")
    p.parse_successor(0)
    if not p.at_keyword("weight"):
        return
    p.parse_keyword("weight")
    w = p.parse_optional_integer()
    if w is None:
        raise ValueError("expected a weight")
    p.set_attribute(1, ir.IntegerAttr.get(ir.IntegerType.get_signless(64), w))


def print_target(p: ir.DirectivePrinter) -> None:
    assert p.arg_kind(0) == "successors" and p.num_values(0) == 1
    p.print_successor(0, 0)
    w = p.attribute(1)
    if w is not None:
        p.write(" weight ")
        p.print_attribute_without_type(w)


def parse_table(p: ir.DirectiveParser) -> None:
    """An optional ``"label"``, then ``[`` integers ``]``."""
    label = p.parse_optional_string()
    if label is not None:
        p.set_attribute(1, ir.StringAttr.get(label))
    p.parse_punctuation("[")
    i64 = ir.IntegerType.get_signless(64)
    items: List[ir.Attribute] = []
    while True:
        v = p.parse_optional_integer()
        if v is None:
            break
        items.append(ir.IntegerAttr.get(i64, v))
        if not p.parse_optional_punctuation(","):
            break
    p.parse_punctuation("]")
    p.set_attribute(0, ir.ArrayAttr.get(items))


def print_table(p: ir.DirectivePrinter) -> None:
    """One entry per line."""
    label = p.attribute(1)
    if label is not None:
        p.print_attribute(label)
        p.write(" ")
    entries = p.attribute(0)
    assert entries is not None
    items = list(ir.ArrayAttr(entries))
    p.write("[")
    for i, e in enumerate(items):
        p.print_newline()
        p.write("  ")
        p.print_attribute_without_type(e)
        if i + 1 < len(items):
            p.write(",")
    p.print_newline()
    p.write("]")


def parse_args(p: ir.DirectiveParser) -> None:
    """``(%a, %b) : i32``: the body's entry block arguments, named before their type."""
    assert p.arg_kind(0) == "region"
    n = p.parse_argument_list(0)
    p.parse_punctuation(":")
    t = p.parse_type()
    for i in range(n):
        p.set_argument_type(0, i, t)


def print_args(p: ir.DirectivePrinter) -> None:
    n = p.num_values(0)
    p.write("(")
    for i in range(n):
        if i:
            p.write(", ")
        p.print_operand(0, i)
        p.print_optional_location_specifier(0, i)
    p.write(") : ")
    if n:
        p.print_type(p.type(0, 0))


def test_successor_integer_string_and_argument_list_directives(ctx: ir.Context) -> None:
    ctx.allow_unregistered_dialects = True
    ctx.load_dialect_definitions(CS_DEFS, "cs.irdl.mlir")
    ctx.register_custom_directive("cs", "Target", parse_target, print_target)
    ctx.register_custom_directive("cs", "Table", parse_table, print_table)
    ctx.register_custom_directive("cs", "Args", parse_args, print_args)
    m = ir.Module.parse(CS_TEXT, filename="cs.mlir")
    assert str(m) == CS_TEXT
    generic = m.operation.get_asm(print_generic_op_form=True)
    assert isinstance(generic, str)
    assert '"cs.jump"()[^bb1] <{weight = 3 : i64}> : () -> ()' in generic
    assert '<{entries = [2, 3], label = "primes"}>' in generic
    assert "^bb0(%arg0: i32, %arg1: i32):" in generic
    # Errors point into the text: the callback's own, and a failed call's.
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse('"test.r"() ({\n  cs.jump 3\n}) : () -> ()\n', filename="j.mlir")
    assert '"j.mlir":2:' in str(e.value) and "expected a block name" in str(e.value)
    with pytest.raises(ir.MLIRError) as e:
        ir.Module.parse("cs.table [99999999999999999999]\n", filename="t.mlir")
    assert '"t.mlir":1:' in str(e.value)
