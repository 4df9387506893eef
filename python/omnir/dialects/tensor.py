"""The tensor dialect (upstream's ``mlir.dialects.tensor``): the generated op classes, with
``EmptyOp(sizes, element_type)`` / ``empty`` taking sizes as ints (static) or values
(dynamic)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence, Union

import omnir as _ir
from omnir.dialects import _ods_common as _ods
# omnir-gen re-exports: begin (written by `omnir-gen shipped --python`; do not edit)
if TYPE_CHECKING:
    from omnir.dialects._tensor_ops_gen import (  # noqa: F401
        BitcastOp as BitcastOp,
        bitcast as bitcast,
        CastOp as CastOp,
        cast as cast,
        CollapseShapeOp as CollapseShapeOp,
        collapse_shape as collapse_shape,
        ConcatOp as ConcatOp,
        concat as concat,
        DimOp as DimOp,
        dim as dim,
        ExpandShapeOp as ExpandShapeOp,
        expand_shape as expand_shape,
        ExtractOp as ExtractOp,
        extract as extract,
        ExtractSliceOp as ExtractSliceOp,
        extract_slice as extract_slice,
        FromElementsOp as FromElementsOp,
        from_elements as from_elements,
        GatherOp as GatherOp,
        gather as gather,
        GenerateOp as GenerateOp,
        generate as generate,
        InsertOp as InsertOp,
        insert as insert,
        InsertSliceOp as InsertSliceOp,
        insert_slice as insert_slice,
        PadOp as PadOp,
        pad as pad,
        ParallelInsertSliceOp as ParallelInsertSliceOp,
        parallel_insert_slice as parallel_insert_slice,
        RankOp as RankOp,
        rank as rank,
        ReshapeOp as ReshapeOp,
        reshape as reshape,
        ScatterOp as ScatterOp,
        scatter as scatter,
        SplatOp as SplatOp,
        splat as splat,
        YieldOp as YieldOp,
        yield_ as yield_,
    )
else:
    from omnir.dialects._tensor_ops_gen import *  # noqa: F401,F403
# omnir-gen re-exports: end
from omnir.dialects._tensor_ops_gen import EmptyOp as _GeneratedEmptyOp


@_ods.register_operation
class EmptyOp(_GeneratedEmptyOp):
    """``tensor.empty`` of the given sizes (an int is a static size, a value a dynamic one)
    and element type."""

    def __init__(self, sizes: Sequence[Union[int, _ir.Value]], element_type: _ir.Type, *,
                 encoding: Optional[_ir.Attribute] = None, loc: Optional[_ir.Location] = None,
                 ip: Optional[_ir.InsertionPoint] = None) -> None:
        static = [s if isinstance(s, int) else _ir.ShapedType.get_dynamic_size() for s in sizes]
        dynamic = [s for s in sizes if not isinstance(s, int)]
        super().__init__(_ir.RankedTensorType.get(static, element_type, encoding), dynamic, loc=loc, ip=ip)


def empty(sizes: Sequence[Union[int, _ir.Value]], element_type: _ir.Type, *, encoding: Optional[_ir.Attribute] = None, loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> _ir.Value:  # noqa: E501
    """``tensor.empty`` (see ``EmptyOp``), its result."""
    return EmptyOp(sizes, element_type, encoding=encoding, loc=loc, ip=ip).result
