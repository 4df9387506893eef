"""The func dialect (upstream's ``mlir.dialects.func``): the generated op classes, with
``FuncOp(name, type, body_builder=...)``, ``FuncOp.from_py_func`` (also ``func.func``) and
``CallOp(func_op, args)`` / ``CallOp(result_types, "callee", args)``."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Sequence, Tuple, Union

import omnir as _ir
from omnir.dialects import _ods_common as _ods
# omnir-gen re-exports: begin (written by `omnir-gen shipped --python`; do not edit)
if TYPE_CHECKING:
    from omnir.dialects._func_ops_gen import (  # noqa: F401
        CallIndirectOp as CallIndirectOp,
        call_indirect as call_indirect,
        call as call,
        ConstantOp as ConstantOp,
        constant as constant,
        ReturnOp as ReturnOp,
        return_ as return_,
    )
else:
    from omnir.dialects._func_ops_gen import *  # noqa: F401,F403
# omnir-gen re-exports: end
from omnir.dialects._func_ops_gen import CallOp as _GeneratedCallOp
from omnir.dialects._func_ops_gen import FuncOp as _GeneratedFuncOp
from omnir.dialects._func_ops_gen import ReturnOp

ARGUMENT_ATTRIBUTE_NAME = "arg_attrs"
RESULT_ATTRIBUTE_NAME = "res_attrs"

FunctionTypeLike = Union[_ir.FunctionType, _ir.Type, Tuple[Sequence[_ir.Type], Sequence[_ir.Type]]]


@_ods.register_operation
class FuncOp(_GeneratedFuncOp):
    """``func.func``: ``FuncOp("f", ([i32], [i32]))`` or with a ``FunctionType``;
    ``visibility`` is ``"public"``, ``"private"`` or ``"nested"``; ``body_builder(op)`` is
    called with an entry block as insertion point."""

    def __init__(self, name: Union[str, _ir.Attribute], type: FunctionTypeLike, *,  # noqa: A002
                 visibility: Optional[str] = None, body_builder: Optional[Callable[["FuncOp"], Any]] = None,
                 loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> None:
        ctx = _ods.context(loc, ip)
        if isinstance(type, tuple):
            type = _ir.FunctionType.get(inputs=list(type[0]), results=list(type[1]), context=ctx)
        sym_name = name if isinstance(name, _ir.Attribute) else _ir.StringAttr.get(str(name), context=ctx)
        super().__init__(sym_name, _ir.TypeAttr.get(type),
                         sym_visibility=None if visibility is None else _ir.StringAttr.get(visibility, context=ctx),
                         loc=loc, ip=ip)
        if body_builder is not None:
            with _ir.InsertionPoint(self.add_entry_block()):
                body_builder(self)

    @property
    def is_external(self) -> bool:
        return len(self.regions[0].blocks) == 0

    @property
    def body(self) -> _ir.Region:
        return self.regions[0]

    @property
    def type(self) -> _ir.FunctionType:
        return _ir.FunctionType(_ir.TypeAttr(self.attributes["function_type"]).value)

    @property
    def visibility(self) -> _ir.Attribute:
        return self.attributes["sym_visibility"]

    @property
    def name(self) -> _ir.StringAttr:  # type: ignore[override]
        return _ir.StringAttr(self.attributes["sym_name"])

    @property
    def entry_block(self) -> _ir.Block:
        if self.is_external:
            raise IndexError("an external function has no body")
        return self.regions[0].blocks[0]

    def add_entry_block(self, arg_locs: Optional[Sequence[_ir.Location]] = None) -> _ir.Block:
        """Adds the entry block, its arguments typed as the function's inputs."""
        if not self.is_external:
            raise IndexError("the function already has an entry block")
        return self.body.blocks.append(*self.type.inputs, arg_locs=arg_locs)

    @property
    def arguments(self) -> _ir.BlockArgumentList:
        return self.entry_block.arguments

    @property
    def arg_attrs(self) -> _ir.ArrayAttr:
        if ARGUMENT_ATTRIBUTE_NAME not in self.attributes:
            return _ir.ArrayAttr.get([_ir.DictAttr.get({}, context=self.context) for _ in self.type.inputs],
                                     context=self.context)
        return _ir.ArrayAttr(self.attributes[ARGUMENT_ATTRIBUTE_NAME])

    @arg_attrs.setter
    def arg_attrs(self, attribute: Union[_ir.ArrayAttr, List[_ir.Attribute]]) -> None:
        if not isinstance(attribute, _ir.Attribute):
            attribute = _ir.ArrayAttr.get(list(attribute), context=self.context)
        self.attributes[ARGUMENT_ATTRIBUTE_NAME] = attribute

    @property
    def result_attrs(self) -> _ir.Attribute:
        return self.attributes[RESULT_ATTRIBUTE_NAME]

    @result_attrs.setter
    def result_attrs(self, attribute: _ir.Attribute) -> None:
        self.attributes[RESULT_ATTRIBUTE_NAME] = attribute

    @classmethod
    def from_py_func(cls, *inputs: _ir.Type, results: Optional[Sequence[_ir.Type]] = None,
                     name: Optional[str] = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: the Python function becomes a ``func.func`` (named after it, or
        ``name``) whose entry block's arguments are passed to it; what it returns is
        returned (``func.return``) and gives the result types unless ``results`` says them.
        Calling the decorated function emits a ``func.call`` to it."""

        def decorator(f: Callable[..., Any]) -> Callable[..., Any]:
            params = inspect.signature(f).parameters.values()
            wants_op = any(p.kind == p.VAR_KEYWORD or (p.name == "func_op" and p.kind in (
                p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)) for p in params)
            implicit_return = results is None
            symbol = name or f.__name__
            func_op = cls(symbol, _ir.FunctionType.get(inputs=list(inputs),
                                                       results=[] if results is None else list(results)))
            with _ir.InsertionPoint(func_op.add_entry_block()):
                returned = f(*func_op.arguments, **({"func_op": func_op} if wants_op else {}))
                if not implicit_return:
                    if returned is not None:
                        raise ValueError("a function given results= must return None")
                    return_types = list(results or [])
                else:
                    values = _returned_values(returned)
                    ReturnOp(values)
                    return_types = [v.type for v in values]
                    func_op.attributes["function_type"] = _ir.TypeAttr.get(
                        _ir.FunctionType.get(inputs=list(inputs), results=return_types))

            def emit_call(*call_args: Any) -> Any:
                call = CallOp(return_types, _ir.FlatSymbolRefAttr.get(symbol), list(call_args))
                if len(return_types) == 0:
                    return None
                if len(return_types) == 1:
                    return call.result
                return call.results

            emit_call.__name__ = f.__name__
            emit_call.func_op = func_op  # type: ignore[attr-defined]
            return emit_call

        return decorator


def _returned_values(returned: Any) -> List[_ir.Value]:
    if returned is None:
        return []
    if isinstance(returned, _ir.Value):
        return [returned]
    if isinstance(returned, (_ir.Operation, _ir.OpView)):
        return list(returned.results)
    return list(returned)


func = FuncOp.from_py_func


@_ods.register_operation
class CallOp(_GeneratedCallOp):
    """``func.call``: ``CallOp(func_op, args)``, or ``CallOp(result_types, "callee", args)``
    (the callee also as a ``FlatSymbolRefAttr``)."""

    def __init__(self, calleeOrResults: Union[FuncOp, Sequence[_ir.Type]],  # noqa: N803
                 argumentsOrCallee: Union[Sequence[Any], str, _ir.Attribute],  # noqa: N803
                 arguments: Optional[Sequence[Any]] = None, *, loc: Optional[_ir.Location] = None,
                 ip: Optional[_ir.InsertionPoint] = None) -> None:
        if isinstance(calleeOrResults, FuncOp):
            if not isinstance(argumentsOrCallee, (list, tuple)):
                raise ValueError("a call of a FuncOp takes the list of arguments second, got "
                                 f"{type(argumentsOrCallee).__name__}")
            if arguments is not None:
                raise ValueError("a call of a FuncOp takes no third argument")
            super().__init__(list(calleeOrResults.type.results),
                             _ir.FlatSymbolRefAttr.get(calleeOrResults.name.value, context=calleeOrResults.context),
                             list(argumentsOrCallee), loc=loc, ip=ip)
            return
        if isinstance(argumentsOrCallee, (list, tuple)):
            raise ValueError("a call by name takes the callee second and the arguments third")
        if arguments is None:
            raise ValueError("a call by name needs its arguments (a list) third")
        callee = argumentsOrCallee
        if isinstance(callee, str):
            callee = _ir.FlatSymbolRefAttr.get(callee, context=_ods.context(loc, ip))
        super().__init__(list(calleeOrResults), callee, list(arguments), loc=loc, ip=ip)
