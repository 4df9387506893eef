"""The builtin dialect (upstream's ``mlir.dialects.builtin``): ``ModuleOp()`` with its body
block, and the ``module`` decorator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Optional

import omnir as _ir
from omnir.dialects import _ods_common as _ods
# omnir-gen re-exports: begin (written by `omnir-gen shipped --python`; do not edit)
if TYPE_CHECKING:
    from omnir.dialects._builtin_ops_gen import (  # noqa: F401
        UnrealizedConversionCastOp as UnrealizedConversionCastOp,
        unrealized_conversion_cast as unrealized_conversion_cast,
    )
else:
    from omnir.dialects._builtin_ops_gen import *  # noqa: F401,F403
# omnir-gen re-exports: end
from omnir.dialects._builtin_ops_gen import ModuleOp as _GeneratedModuleOp


@_ods.register_operation
class ModuleOp(_GeneratedModuleOp):
    """``builtin.module``, made with its one (empty) body block."""

    def __init__(self, *, loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> None:
        super().__init__(loc=loc, ip=ip)
        self.regions[0].blocks.append()

    @property
    def body(self) -> _ir.Block:
        return self.regions[0].blocks[0]


def module(*, sym_name: Optional[str] = None, sym_visibility: Optional[str] = None,
           attrs: Optional[Dict[str, _ir.Attribute]] = None, loc: Optional[_ir.Location] = None,
           ip: Optional[_ir.InsertionPoint] = None) -> Callable[[Callable[[], Any]], _GeneratedModuleOp]:
    """Decorator: a ``builtin.module`` (named ``sym_name``) whose body the decorated function
    builds; the decorated name is bound to the module op."""

    def decorator(body_builder: Callable[[], Any]) -> _GeneratedModuleOp:
        op = _GeneratedModuleOp(sym_name=sym_name, sym_visibility=sym_visibility, loc=loc, ip=ip)
        for name, value in (attrs or {}).items():
            op.operation.attributes[name] = value
        with _ir.InsertionPoint(op.regions[0].blocks.append()):
            body_builder()
        return op

    return decorator
