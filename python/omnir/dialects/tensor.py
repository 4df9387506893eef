"""The tensor dialect (upstream's ``mlir.dialects.tensor``): the generated op classes, with
``EmptyOp(sizes, element_type)`` / ``empty`` taking sizes as ints (static) or values
(dynamic)."""

from __future__ import annotations

from typing import Optional, Sequence, Union

import omnir as _ir
from omnir.dialects import _ods_common as _ods
from omnir.dialects._tensor_ops_gen import *  # noqa: F401,F403
from omnir.dialects._tensor_ops_gen import EmptyOp as _GeneratedEmptyOp


@_ods.register_operation
class EmptyOp(_GeneratedEmptyOp):  # type: ignore[no-redef]
    """``tensor.empty`` of the given sizes (an int is a static size, a value a dynamic one)
    and element type."""

    def __init__(self, sizes: Sequence[Union[int, _ir.Value]], element_type: _ir.Type, *,
                 encoding: Optional[_ir.Attribute] = None, loc: Optional[_ir.Location] = None,
                 ip: Optional[_ir.InsertionPoint] = None) -> None:
        static = [s if isinstance(s, int) else _ir.ShapedType.get_dynamic_size() for s in sizes]
        dynamic = [s for s in sizes if not isinstance(s, int)]
        super().__init__(_ir.RankedTensorType.get(static, element_type, encoding), dynamic, loc=loc, ip=ip)


def empty(sizes: Sequence[Union[int, _ir.Value]], element_type: _ir.Type, *, encoding: Optional[_ir.Attribute] = None, loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> _ir.Value:  # type: ignore[no-redef]  # noqa: E501
    """``tensor.empty`` (see ``EmptyOp``), its result."""
    return EmptyOp(sizes, element_type, encoding=encoding, loc=loc, ip=ip).result
