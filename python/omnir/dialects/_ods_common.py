"""What the generated op classes (``omnir.dialects._<d>_ops_gen``) share at run time:
registration, operand and result groups, and attributes built from plain Python values.
Written once by hand; the classes themselves come from ``omnir-gen``."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Type as _PyType, TypeVar, Union

import omnir as _ir

ValueLike = Union[_ir.Value, _ir.Operation, _ir.OpView]

_V = TypeVar("_V", bound=_PyType[_ir.OpView])

# Where a builder's attributes get their context: an op's location, or the context a type
# or attribute class's `get` was given.
Where = Optional[Union[_ir.Location, _ir.Context]]


def register_operation(cls: _V) -> _V:
    """Operations named ``cls.OPERATION_NAME`` found in the IR come back as ``cls``."""
    return _ir.register_op_view(cls)


def context(loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Context:
    """The context an attribute built from a plain value belongs to: the location's (or the
    context given in its place), the insertion point's, else the current one."""
    if isinstance(loc, _ir.Context):
        return loc
    if loc is not None:
        return loc.context
    if ip is not None:
        return ip.block.context
    current = _ir.Location.current
    if current is not None:
        return current.context
    ctx = _ir.Context.current
    if ctx is None:
        raise ValueError("no context: pass loc= or ip=, or build inside `with Context():`")
    return ctx


def _build_context(loc: Where, ip: Optional[_ir.InsertionPoint]) -> Optional[_ir.Context]:
    """The context to pass to the extension: None when neither ``loc`` nor ``ip`` is given,
    and the extension takes the current one itself (a Python lookup of it costs more than
    building the attribute)."""
    if loc is None and ip is None:
        return None
    return context(loc, ip)


def _value(v: Any) -> Any:
    # An op with one result stands for that result, as upstream's builders allow.
    if isinstance(v, (_ir.Operation, _ir.OpView)):
        results = v.results
        if len(results) != 1:
            raise ValueError(f"an operation with {len(results)} results given where one value is expected")
        return results[0]
    return v


def flatten(view: _ir.OpView, groups: Sequence[Any]) -> List[Any]:
    """The operands of ``groups`` (one entry per operand group of the op: a value, None for
    an absent optional one, or a sequence for a variadic one) in order."""
    out: List[Any] = []
    for code, group in zip(type(view)._ODS_OPERANDS, groups):  # type: ignore[attr-defined]
        if code == "*":
            out.extend(_value(v) for v in group)
        elif code == "?":
            if group is not None:
                out.append(_value(group))
        else:
            out.append(_value(group))
    return out


def flatten_results(view: _ir.OpView, groups: Sequence[Any]) -> List[_ir.Type]:
    """The result types of ``groups``, as ``flatten`` does for operands."""
    out: List[_ir.Type] = []
    for code, group in zip(type(view)._ODS_RESULTS, groups):  # type: ignore[attr-defined]
        if code == "*":
            out.extend(group)
        elif code == "?":
            if group is not None:
                out.append(group)
        else:
            out.append(group)
    return out


def segment_sizes(codes: Sequence[str], groups: Sequence[Any]) -> _ir.Attribute:
    """``operandSegmentSizes`` / ``resultSegmentSizes`` for these groups."""
    sizes: List[int] = []
    for code, group in zip(codes, groups):
        if code == "*":
            sizes.append(len(group))
        elif code == "?":
            sizes.append(0 if group is None else 1)
        else:
            sizes.append(1)
    return _ir.DenseI32ArrayAttr.get(sizes)


def _group(values: Any, start: int, end: int, code: str) -> Any:
    group = [values[i] for i in range(start, end)]
    if code == "*":
        return group
    return group[0] if group else None


def operand_group(view: _ir.OpView, index: int) -> Any:
    """Operand group ``index``: a value, None (an absent optional one) or a list; the core
    says where it lies (``operandSegmentSizes``, ``SameVariadicOperandSize``...)."""
    op = view.operation
    start, end = op.operand_group_range(index)
    return _group(op.operands, start, end, type(view)._ODS_OPERANDS[index])  # type: ignore[attr-defined]


def result_group(view: _ir.OpView, index: int) -> Any:
    """Result group ``index``, as ``operand_group``."""
    op = view.operation
    start, end = op.result_group_range(index)
    return _group(op.results, start, end, type(view)._ODS_RESULTS[index])  # type: ignore[attr-defined]


def result_or_results(view: _ir.OpView) -> Any:
    """What an op's function returns: the op when it has no result, its result when it has
    one, else the list of its results."""
    results = view.operation.results
    if len(results) == 0:
        return view
    if len(results) == 1:
        return results[0]
    return results


def optional_attr(view: _ir.OpView, name: str) -> Optional[_ir.Attribute]:
    attrs = view.operation.attributes
    return attrs[name] if name in attrs else None


def set_attr(view: _ir.OpView, name: str, value: Optional[_ir.Attribute]) -> None:
    if value is None:
        if name in view.operation.attributes:
            del view.operation.attributes[name]
        return
    view.operation.attributes[name] = value


def set_unit_attr(view: _ir.OpView, name: str, value: bool) -> None:
    set_attr(view, name, _ir.UnitAttr.get(view.operation.context) if value else None)


# --- attributes from plain Python values --------------------------------------------------

def _type_error(what: str, value: Any) -> TypeError:
    return TypeError(f"expected {what} or an Attribute, got {type(value).__name__}")


def bool_attr(value: Any, loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if not isinstance(value, bool):
        raise _type_error("a bool", value)
    return _ir.BoolAttr.get(value, context=_build_context(loc, ip))


# The width of each signless integer type spelled so far (`"i64"`: 64; -1 for other types).
_SIGNLESS_WIDTHS: Dict[str, int] = {}


def int_attr(value: Any, type_text: str, loc: Where,
             ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _type_error("an int", value)
    ctx = _build_context(loc, ip)
    # The usual `iN` are built directly (parsing the text costs more than the rest), with
    # positional arguments (the extension's fastest calls).
    width = _SIGNLESS_WIDTHS.get(type_text)
    if width is None:
        width = int(type_text[1:]) if type_text[:1] == "i" and type_text[1:].isdigit() else -1
        _SIGNLESS_WIDTHS[type_text] = width
    if width >= 0:
        return _ir.IntegerAttr.get(_ir.IntegerType.get_signless(width, ctx), value)
    return _ir.IntegerAttr.get(_ir.Type.parse(type_text, ctx), value)


def str_attr(value: Any, loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if not isinstance(value, str):
        raise _type_error("a str", value)
    return _ir.StringAttr.get(value, context=_build_context(loc, ip))


def symbol_ref_attr(value: Any, loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if not isinstance(value, str):
        raise _type_error("a symbol name (str)", value)
    return _ir.FlatSymbolRefAttr.get(value, context=_build_context(loc, ip))


def type_attr(value: Any, loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if not isinstance(value, _ir.Type):
        raise _type_error("a Type", value)
    return _ir.TypeAttr.get(value)


def array_attr(value: Any, loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise _type_error("a sequence of attributes", value)
    return _ir.ArrayAttr.get(list(value), context=_build_context(loc, ip))


def dict_attr(value: Any, loc: Where, ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if not isinstance(value, dict):
        raise _type_error("a dict", value)
    return _ir.DictAttr.get(value, context=_build_context(loc, ip))


_DENSE = {1: "DenseBoolArrayAttr", 8: "DenseI8ArrayAttr", 16: "DenseI16ArrayAttr", 32: "DenseI32ArrayAttr",
          64: "DenseI64ArrayAttr"}


def dense_array_attr(value: Any, width: int, loc: Where,
                     ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise _type_error("a sequence of ints", value)
    cls = getattr(_ir, _DENSE[width])
    return cls.get(list(value), context=_build_context(loc, ip))  # type: ignore[no-any-return]


def enum_attr(value: Any, width: int, loc: Where,
              ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _type_error("an enum case (int)", value)
    ctx = _build_context(loc, ip)
    return _ir.IntegerAttr.get(_ir.IntegerType.get_signless(width, context=ctx), int(value))


def dialect_attr(value: Any, qualified: str, loc: Where,
                 ip: Optional[_ir.InsertionPoint]) -> _ir.Attribute:
    """An attribute of a dialect's kind from its cases: ``"fast"`` or an enum member gives
    ``#arith.fastmath<fast>``."""
    if isinstance(value, int) and hasattr(value, "name"):
        value = str(value)
    if not isinstance(value, str):
        raise _type_error("a case name (str or enum member)", value)
    return _ir.Attribute.parse(f"#{qualified}<{value}>", context=_build_context(loc, ip))


def any_attr(value: Any) -> _ir.Attribute:
    raise _type_error("an Attribute", value)


def flag_spelling(value: int, spellings: Dict[int, str]) -> str:
    """How MLIR spells a set of flags: the exact case when one matches, else the set cases
    joined by commas."""
    v = int(value)
    if v in spellings:
        return spellings[v]
    return ",".join(s for bit, s in spellings.items() if bit and bit & (bit - 1) == 0 and v & bit)


def new_kind(cls: Any, value: Any, qualified: str, is_type: bool) -> Any:
    """The cast ``RgbType(t)``: a new ``cls`` over ``value``; ValueError unless it is a type
    (``is_type``) or attribute of the kind ``qualified`` (``pixels.rgb``)."""
    if not is_kind(value, qualified, is_type):
        raise ValueError(f"Cannot cast {'type' if is_type else 'attribute'} to {cls.__name__}: {value}")
    return wrap_kind(cls, value, is_type)


def wrap_kind(cls: Any, value: Any, is_type: bool) -> Any:
    """A new ``cls`` over ``value``, known to be of its kind (what ``get`` built)."""
    base: Any = _ir.DialectType if is_type else _ir.DialectAttr
    return base.__new__(cls, value)


def is_kind(value: Any, qualified: str, is_type: bool) -> bool:
    if is_type:
        return _ir.DialectType.isinstance(value) and _ir.DialectType(value).type_name == qualified
    return _ir.DialectAttr.isinstance(value) and _ir.DialectAttr(value).attr_name == qualified
