"""The scf dialect (upstream's ``mlir.dialects.scf``): the generated op classes, with
``ForOp(lb, ub, step, iter_args)`` (``.body``, ``.induction_variable``,
``.inner_iter_args``), ``IfOp(cond, results, has_else=...)`` (``.then_block``,
``.else_block``) and the ``for_`` loop generator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence, Union

import omnir as _ir
from omnir.dialects import _ods_common as _ods
# omnir-gen re-exports: begin (written by `omnir-gen shipped --python`; do not edit)
if TYPE_CHECKING:
    from omnir.dialects._scf_ops_gen import (  # noqa: F401
        ConditionOp as ConditionOp,
        condition as condition,
        ExecuteRegionOp as ExecuteRegionOp,
        execute_region as execute_region,
        ForallOp as ForallOp,
        forall as forall,
        if_ as if_,
        InParallelOp as InParallelOp,
        forall_in_parallel as forall_in_parallel,
        IndexSwitchOp as IndexSwitchOp,
        index_switch as index_switch,
        ParallelOp as ParallelOp,
        parallel as parallel,
        ReduceOp as ReduceOp,
        reduce as reduce,
        ReduceReturnOp as ReduceReturnOp,
        reduce_return as reduce_return,
        WhileOp as WhileOp,
        while_ as while_,
        YieldOp as YieldOp,
        yield_ as yield_,
    )
else:
    from omnir.dialects._scf_ops_gen import *  # noqa: F401,F403
# omnir-gen re-exports: end
from omnir.dialects._scf_ops_gen import ForOp as _GeneratedForOp
from omnir.dialects._scf_ops_gen import IfOp as _GeneratedIfOp
from omnir.dialects.arith import constant


def _values(v: Any) -> Sequence[Any]:
    if isinstance(v, (_ir.Operation, _ir.OpView)):
        return list(v.results)
    return list(v)


@_ods.register_operation
class ForOp(_GeneratedForOp):
    """``scf.for`` from ``lower_bound`` to ``upper_bound`` by ``step``, carrying
    ``iter_args`` (values, or an op whose results they are); the body block is made with the
    induction variable and one argument per carried value."""

    def __init__(self, lower_bound: _ods.ValueLike, upper_bound: _ods.ValueLike, step: _ods.ValueLike,
                 iter_args: Optional[Union[_ir.Operation, _ir.OpView, Sequence[_ir.Value]]] = None, *,
                 loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> None:
        carried = _values(iter_args) if iter_args is not None else []
        types = [v.type for v in carried]
        super().__init__(types, lower_bound, upper_bound, step, carried, loc=loc, ip=ip)
        self.regions[0].blocks.append(self.operands[0].type, *types)

    @property
    def body(self) -> _ir.Block:
        return self.regions[0].blocks[0]

    @property
    def induction_variable(self) -> _ir.Value:
        return self.body.arguments[0]

    @property
    def inner_iter_args(self) -> Sequence[_ir.Value]:
        """The carried values inside the loop (the operands are ``initArgs``)."""
        return list(self.body.arguments)[1:]


@_ods.register_operation
class IfOp(_GeneratedIfOp):
    """``scf.if`` on ``cond`` with result types ``results_``; the then block is made, and
    the else block with ``has_else``."""

    def __init__(self, cond: _ods.ValueLike, results_: Optional[Sequence[_ir.Type]] = None, *,
                 has_else: bool = False, loc: Optional[_ir.Location] = None,
                 ip: Optional[_ir.InsertionPoint] = None) -> None:
        super().__init__(list(results_ or []), cond, loc=loc, ip=ip)
        self.regions[0].blocks.append()
        if has_else:
            self.regions[1].blocks.append()

    @property
    def then_block(self) -> _ir.Block:
        return self.regions[0].blocks[0]

    @property
    def else_block(self) -> Optional[_ir.Block]:
        blocks = self.regions[1].blocks
        return blocks[0] if len(blocks) else None


def for_(start: Any, stop: Any = None, step: Any = None, iter_args: Optional[Sequence[_ir.Value]] = None, *, loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> Iterator[Any]:  # noqa: E501
    """``for iv in scf.for_(n)`` (also ``(start, stop, step)``, ints become index constants):
    builds an ``scf.for`` and yields with the insertion point in its body; with
    ``iter_args`` it yields ``(iv, carried, results)``."""
    if step is None:
        step = 1
    if stop is None:
        start, stop = 0, start
    bounds = []
    for b in (start, stop, step):
        if isinstance(b, float):
            raise ValueError(f"loop bound {b!r} must be an int or a value")
        bounds.append(constant(_ir.IndexType.get(), b) if isinstance(b, int) else b)
    loop = ForOp(bounds[0], bounds[1], bounds[2], iter_args, loc=loc, ip=ip)
    carried = tuple(loop.inner_iter_args)
    with _ir.InsertionPoint(loop.body):
        if len(carried) > 1:
            yield loop.induction_variable, carried, loop.results
        elif len(carried) == 1:
            yield loop.induction_variable, carried[0], loop.results[0]
        else:
            yield loop.induction_variable
