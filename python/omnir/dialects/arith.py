"""The arith dialect (upstream's ``mlir.dialects.arith``): the generated op classes and
enums, with ``ConstantOp`` / ``constant`` taking a type and a Python number."""

from __future__ import annotations

from typing import Any, Optional, Union

import omnir as _ir
from omnir.dialects import _ods_common as _ods
from omnir.dialects._arith_ops_gen import *  # noqa: F401,F403
from omnir.dialects._arith_ops_gen import ConstantOp as _GeneratedConstantOp


def _constant_attr(result: Any, value: Any) -> _ir.Attribute:
    if isinstance(value, bool) or isinstance(value, int):
        return _ir.IntegerAttr.get(result, int(value))
    if isinstance(value, float):
        return _ir.FloatAttr.get(result, value)
    if isinstance(value, _ir.Attribute):
        return value
    raise TypeError(f"arith.constant: expected an int, a float or an Attribute, got {type(value).__name__}")


@_ods.register_operation
class ConstantOp(_GeneratedConstantOp):  # type: ignore[no-redef]
    """``arith.constant``: ``ConstantOp(type, 42)``, ``ConstantOp(f32, 1.5)`` or
    ``ConstantOp(attribute)``."""

    def __init__(self, result: Union[_ir.Type, _ir.Attribute], value: Any = None, *,
                 loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> None:
        if value is None:
            if not isinstance(result, _ir.Attribute):
                raise TypeError("arith.constant: give a type and a value, or a typed attribute")
            super().__init__(result, loc=loc, ip=ip)
            return
        super().__init__(_constant_attr(result, value), loc=loc, ip=ip)

    @classmethod
    def create_index(cls, value: int, *, loc: Optional[_ir.Location] = None,
                     ip: Optional[_ir.InsertionPoint] = None) -> "ConstantOp":
        return cls(_ir.IndexType.get(context=_ods.context(loc, ip)), value, loc=loc, ip=ip)

    @property
    def type(self) -> _ir.Type:
        return self.results[0].type

    @property
    def literal_value(self) -> Union[int, float]:
        value = self.value
        if isinstance(value, _ir.IntegerAttr):
            return value.value
        if isinstance(value, _ir.FloatAttr):
            return value.value
        raise ValueError("only integer and float constants have literal values")


def constant(result: Union[_ir.Type, _ir.Attribute], value: Any = None, *, loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> _ir.Value:  # type: ignore[no-redef]  # noqa: E501
    """``arith.constant`` of ``value`` (an int, a float, or an attribute) as ``result``."""
    return ConstantOp(result, value, loc=loc, ip=ip).result
