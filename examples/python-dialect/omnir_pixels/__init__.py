"""omnir_pixels: the dialect type ``!pixels.rgb<bits>`` (a memref element type), defined by a
second extension over omnir's one shared core and handed to the ``omnir`` package.

    import omnir, omnir_pixels
    with omnir.Context():
        rgb8 = omnir_pixels.rgb(8)                       # an omnir.DialectType
        omnir.MemRefType.get([4], rgb8)                  # memref<4x!pixels.rgb<8>>
"""

from __future__ import annotations

from typing import Optional

import omnir  # first: loads libomnir.so.0 from the omnir package, by SONAME

from . import _pixels


def _ctx(context: Optional[omnir.Context]) -> omnir.Context:
    if context is not None:
        return context
    current = omnir.Context.current  # None outside `with omnir.Context()`, as upstream
    if current is None:
        raise ValueError("no context: pass context= or call this inside `with omnir.Context():`")
    return current


def register(context: Optional[omnir.Context] = None) -> None:
    """Registers the ``pixels`` dialect in the context (idempotent)."""
    _pixels.register(_ctx(context)._CAPIPtr)


def rgb(bits: int, context: Optional[omnir.Context] = None) -> omnir.DialectType:
    """``!pixels.rgb<bits>`` (bits: 8 or 16), built by this extension."""
    c = _ctx(context)
    t = omnir.Type._CAPICreate(_pixels.rgb(c._CAPIPtr, bits))
    assert isinstance(t, omnir.DialectType)
    return t


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
