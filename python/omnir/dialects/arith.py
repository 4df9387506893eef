"""The arith dialect (upstream's ``mlir.dialects.arith``): the generated op classes and
enums, with ``ConstantOp`` / ``constant`` taking a type and a Python number."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

import omnir as _ir
from omnir.dialects import _ods_common as _ods
# omnir-gen re-exports: begin (written by `omnir-gen shipped --python`; do not edit)
if TYPE_CHECKING:
    from omnir.dialects._arith_ops_gen import (  # noqa: F401
        AtomicRMWKind as AtomicRMWKind,
        CmpFPredicate as CmpFPredicate,
        CmpIPredicate as CmpIPredicate,
        FastMathFlags as FastMathFlags,
        IntegerOverflowFlags as IntegerOverflowFlags,
        RoundingMode as RoundingMode,
        FastmathAttr as FastmathAttr,
        OverflowAttr as OverflowAttr,
        AddFOp as AddFOp,
        addf as addf,
        AddIOp as AddIOp,
        addi as addi,
        AddUIExtendedOp as AddUIExtendedOp,
        addui_extended as addui_extended,
        AndIOp as AndIOp,
        andi as andi,
        BitcastOp as BitcastOp,
        bitcast as bitcast,
        CeilDivSIOp as CeilDivSIOp,
        ceildivsi as ceildivsi,
        CeilDivUIOp as CeilDivUIOp,
        ceildivui as ceildivui,
        CmpFOp as CmpFOp,
        cmpf as cmpf,
        CmpIOp as CmpIOp,
        cmpi as cmpi,
        DivFOp as DivFOp,
        divf as divf,
        DivSIOp as DivSIOp,
        divsi as divsi,
        DivUIOp as DivUIOp,
        divui as divui,
        ExtFOp as ExtFOp,
        extf as extf,
        ExtSIOp as ExtSIOp,
        extsi as extsi,
        ExtUIOp as ExtUIOp,
        extui as extui,
        FPToSIOp as FPToSIOp,
        fptosi as fptosi,
        FPToUIOp as FPToUIOp,
        fptoui as fptoui,
        FloorDivSIOp as FloorDivSIOp,
        floordivsi as floordivsi,
        FlushDenormalsOp as FlushDenormalsOp,
        flush_denormals as flush_denormals,
        IndexCastOp as IndexCastOp,
        index_cast as index_cast,
        IndexCastUIOp as IndexCastUIOp,
        index_castui as index_castui,
        MaxNumFOp as MaxNumFOp,
        maxnumf as maxnumf,
        MaxSIOp as MaxSIOp,
        maxsi as maxsi,
        MaxUIOp as MaxUIOp,
        maxui as maxui,
        MaximumFOp as MaximumFOp,
        maximumf as maximumf,
        MinNumFOp as MinNumFOp,
        minnumf as minnumf,
        MinSIOp as MinSIOp,
        minsi as minsi,
        MinUIOp as MinUIOp,
        minui as minui,
        MinimumFOp as MinimumFOp,
        minimumf as minimumf,
        MulFOp as MulFOp,
        mulf as mulf,
        MulIOp as MulIOp,
        muli as muli,
        MulSIExtendedOp as MulSIExtendedOp,
        mulsi_extended as mulsi_extended,
        MulUIExtendedOp as MulUIExtendedOp,
        mului_extended as mului_extended,
        NegFOp as NegFOp,
        negf as negf,
        OrIOp as OrIOp,
        ori as ori,
        RemFOp as RemFOp,
        remf as remf,
        RemSIOp as RemSIOp,
        remsi as remsi,
        RemUIOp as RemUIOp,
        remui as remui,
        SIToFPOp as SIToFPOp,
        sitofp as sitofp,
        ScalingExtFOp as ScalingExtFOp,
        scaling_extf as scaling_extf,
        ScalingTruncFOp as ScalingTruncFOp,
        scaling_truncf as scaling_truncf,
        SelectOp as SelectOp,
        select as select,
        ShLIOp as ShLIOp,
        shli as shli,
        ShRSIOp as ShRSIOp,
        shrsi as shrsi,
        ShRUIOp as ShRUIOp,
        shrui as shrui,
        SubFOp as SubFOp,
        subf as subf,
        SubIOp as SubIOp,
        subi as subi,
        TruncFOp as TruncFOp,
        truncf as truncf,
        TruncIOp as TruncIOp,
        trunci as trunci,
        UIToFPOp as UIToFPOp,
        uitofp as uitofp,
        XOrIOp as XOrIOp,
        xori as xori,
    )
else:
    from omnir.dialects._arith_ops_gen import *  # noqa: F401,F403
# omnir-gen re-exports: end
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
class ConstantOp(_GeneratedConstantOp):
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


def constant(result: Union[_ir.Type, _ir.Attribute], value: Any = None, *, loc: Optional[_ir.Location] = None, ip: Optional[_ir.InsertionPoint] = None) -> _ir.Value:  # noqa: E501
    """``arith.constant`` of ``value`` (an int, a float, or an attribute) as ``result``."""
    return ConstantOp(result, value, loc=loc, ip=ip).result
