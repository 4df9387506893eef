"""omnir_pixels: the dialect ``pixels`` (``!pixels.rgb<bits>``, a memref element type, and a
few more kinds), defined as data (``pixels.irdl.mlir``), loaded by a second extension over
omnir's one shared core, with Python classes generated from the same file.

    import omnir, omnir_pixels
    with omnir.Context():
        rgb8 = omnir_pixels.rgb(8)                       # an omnir_pixels.RgbType
        omnir.MemRefType.get([4], rgb8)                  # memref<4x!pixels.rgb<8>>
        rgb8.bits                                        # 8
"""

from __future__ import annotations

from typing import Optional

import omnir  # first: loads libomnir.so.0 from the omnir package, by SONAME

from . import _pixels
from ._pixels_ops_gen import Channel, ChannelAttr, NameAttr, PlaneType, RawHandleType, RgbType

__all__ = [
    "Channel",
    "ChannelAttr",
    "NameAttr",
    "PlaneType",
    "RawHandleType",
    "RgbType",
    "call_type_method",
    "is_memref_element",
    "library_version",
    "memref_of",
    "register",
    "rgb",
    "rgb_typeid",
    "type_id_of",
]


def _ctx(context: Optional[omnir.Context]) -> omnir.Context:
    if context is not None:
        return context
    current = omnir.Context.current  # None outside `with omnir.Context()`, as upstream
    if current is None:
        raise ValueError("no context: pass context= or call this inside `with omnir.Context():`")
    return current


def register(context: Optional[omnir.Context] = None) -> None:
    """Loads the ``pixels`` dialect into the context, from this extension (idempotent)."""
    _pixels.register(_ctx(context)._CAPIPtr)


def rgb(bits: int, context: Optional[omnir.Context] = None) -> RgbType:
    """``!pixels.rgb<bits>`` (bits: 8 or 16), the dialect loaded first."""
    c = _ctx(context)
    register(c)
    return RgbType.get(bits, context=c)


def memref_of(element: omnir.Type, n: int) -> omnir.MemRefType:
    """``memref<n x element>`` built on this extension's side."""
    t = omnir.Type._CAPICreate(_pixels.memref_of(element.context._CAPIPtr, element._CAPIPtr, n))
    assert isinstance(t, omnir.MemRefType)
    return t


def type_id_of(t: omnir.Type) -> int:
    """The TypeID value of a type's kind, as this extension sees it."""
    return _pixels.type_id_of(t.context._CAPIPtr, t._CAPIPtr)


def is_memref_element(t: omnir.Type) -> bool:
    """Whether the type implements the memref element type interface, asked from this side."""
    return _pixels.is_memref_element(t.context._CAPIPtr, t._CAPIPtr)


def call_type_method(t: omnir.Type, interface: str, method: str) -> Optional[omnir.Attribute]:
    """Calls a method (no arguments) of an interface implemented for ``t`` with methods — in
    any language, e.g. Python — from this extension, through the C ABI."""
    packed = _pixels.call_type_method(t.context._CAPIPtr, t._CAPIPtr, interface, method)
    return None if packed == 0 else omnir.Attribute._CAPICreate(packed)


def rgb_typeid() -> int:
    """The TypeID value of ``pixels.rgb``."""
    return _pixels.rgb_typeid()


def library_version() -> int:
    """The version of the libomnir.so.0 this extension calls."""
    return _pixels.library_version()
