"""omnir_quant: MLIR's quant dialect (``!quant.uniform``) for the ``omnir`` package.

The dialect is C++ (examples/quant-dialect, on omnir's C++ bridge) shipped as
``libquant_dialect.so.0``; this package loads it with ctypes (default flags: RTLD_LOCAL) and
calls its C entry points (``quant/quant.h``) on contexts of the ``omnir`` package. Both talk to
the process's one ``libomnir.so.0``, so the type made here is an ordinary ``omnir`` type:

    import omnir
    import omnir_quant as quant

    with omnir.Context() as ctx:
        quant.register(ctx)
        q = quant.uniform_type(omnir.IntegerType.get_signless(8), omnir.F32Type.get(), 0.5, 128)
        omnir.MemRefType.get([4], q)            # memref<4x!quant.uniform<i8:f32, 5.000000e-01:128>>
        omnir.Type.parse("!quant.uniform<u8:f32, 0.25>")

Objects cross through omnir's interop hooks (MLIR Python's): ``Context._CAPIPtr`` (a capsule
holding the ``omnir_context *``), ``Type._CAPIPtr`` (a capsule holding the handle packed as
``context << 32 | id``) and ``Type._CAPICreate`` (a packed handle back to a Type).
"""

from __future__ import annotations

import ctypes
import os
from typing import Dict, NamedTuple, Optional, Union

import omnir  # first: it loads libomnir.so.0, which the dialect library then shares by SONAME

__all__ = [
    "FLAG_SIGNED",
    "QuantizedParams",
    "interface_typeid",
    "is_uniform",
    "library_path",
    "register",
    "uniform_params",
    "uniform_type",
    "uniform_typeid",
]

_HERE = os.path.dirname(os.path.abspath(__file__))

#: MLIR's QuantizationFlags::Signed.
FLAG_SIGNED = 1

_STATUS_NAMES = {
    1: "OMNIR_ERROR_STALE_HANDLE",
    2: "OMNIR_ERROR_INVALID_ARGUMENT",
    3: "OMNIR_ERROR_OUT_OF_RANGE",
    6: "OMNIR_ERROR_VERIFICATION_FAILED",
    7: "OMNIR_ERROR_PARSE_FAILED",
    8: "OMNIR_ERROR_NOT_REGISTERED",
    10: "OMNIR_ERROR_CALLBACK_FAILED",
    11: "OMNIR_ERROR_INTERNAL",
    12: "OMNIR_ERROR_NULL_ARGUMENT",
    15: "OMNIR_ERROR_WRONG_CONTEXT",
    16: "OMNIR_ERROR_DUPLICATE_CORE",
    17: "OMNIR_ERROR_ABI_MISMATCH",
}
# Bad parameters are the caller's mistake (ValueError); everything else is RuntimeError.
_VALUE_ERRORS = {2, 3, 6}


class _Type(ctypes.Structure):
    """``omnir_type``: (context serial, id)."""

    _fields_ = [("context", ctypes.c_uint32), ("id", ctypes.c_uint32)]


def library_path() -> str:
    """The dialect library this package loads: ``$OMNIR_QUANT_LIBRARY`` if set, else the copy
    bundled in the package."""
    return os.environ.get("OMNIR_QUANT_LIBRARY") or os.path.join(_HERE, "lib", "libquant_dialect.so.0")


def _load() -> ctypes.CDLL:
    lib = ctypes.CDLL(library_path())  # ctypes' default mode: RTLD_LOCAL, nothing shared by accident
    status = ctypes.c_int
    ctx = ctypes.c_void_p
    ty = _Type
    sigs = {
        "quant_register": [ctx],
        "quant_uniform_typeid": [ctypes.POINTER(ctypes.c_uint32)],
        "quant_quantized_type_interface_typeid": [ctypes.POINTER(ctypes.c_uint32)],
        "quant_uniform_type_get": [ctx, ty, ty, ctypes.c_double, ctypes.c_int64, ctypes.POINTER(ty)],
        "quant_type_is_uniform": [ctx, ty, ctypes.POINTER(ctypes.c_bool)],
        "quant_uniform_type_get_flags": [ctx, ty, ctypes.POINTER(ctypes.c_uint32)],
        "quant_uniform_type_get_storage_type": [ctx, ty, ctypes.POINTER(ty)],
        "quant_uniform_type_get_expressed_type": [ctx, ty, ctypes.POINTER(ty)],
        "quant_uniform_type_get_scale": [ctx, ty, ctypes.POINTER(ctypes.c_double)],
        "quant_uniform_type_get_zero_point": [ctx, ty, ctypes.POINTER(ctypes.c_int64)],
        "quant_uniform_type_get_storage_type_min": [ctx, ty, ctypes.POINTER(ctypes.c_int64)],
        "quant_uniform_type_get_storage_type_max": [ctx, ty, ctypes.POINTER(ctypes.c_int64)],
    }
    for name, args in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes = args
        fn.restype = status
    lib.quant_last_error_message.argtypes = []
    lib.quant_last_error_message.restype = ctypes.c_char_p
    return lib


_lib = _load()

_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_pointer.restype = ctypes.c_void_p


def _check(what: str, status: int) -> None:
    if status == 0:
        return
    message = (_lib.quant_last_error_message() or b"").decode("utf-8", "replace")
    text = f"{what}: {message} ({_STATUS_NAMES.get(status, f'status {status}')})"
    raise (ValueError if status in _VALUE_ERRORS else RuntimeError)(text)


def _context(context: Optional[omnir.Context]) -> omnir.Context:
    if context is not None:
        return context
    current = omnir.Context.current  # None outside `with omnir.Context()`, as upstream
    if current is None:
        raise ValueError("no context: pass context= or call this inside `with omnir.Context():`")
    return current


def _context_pointer(context: omnir.Context) -> int:
    p = _capsule_pointer(context._CAPIPtr, b"omnir.Context._CAPIPtr")
    if not p:
        raise TypeError("expected an omnir.Context")
    return int(p)


def _handle(t: omnir.Type) -> _Type:
    packed = _capsule_pointer(t._CAPIPtr, b"omnir.Type._CAPIPtr")
    if not packed:
        raise TypeError("expected an omnir.Type")
    return _Type(packed >> 32, packed & 0xFFFFFFFF)


def _wrap(t: _Type) -> omnir.Type:
    return omnir.Type._CAPICreate((t.context << 32) | t.id)


def _as_type(t: Union[omnir.Type, str], context: omnir.Context) -> omnir.Type:
    return omnir.Type.parse(t, context) if isinstance(t, str) else t


def register(context: Optional[omnir.Context] = None) -> None:
    """Registers the quant dialect (type, interface, operations) in the context (default: the
    current one). Idempotent. From then on the context's parser reads ``!quant.uniform<...>``."""
    _check("quant_register", _lib.quant_register(_context_pointer(_context(context))))


def uniform_type(
    storage: Union[omnir.Type, str],
    expressed: Union[omnir.Type, str],
    scale: float,
    zero_point: int = 0,
    context: Optional[omnir.Context] = None,
) -> omnir.DialectType:
    """``!quant.uniform<storage:expressed, scale:zero_point>``, made by the dialect library, as
    an ``omnir.DialectType``. ``storage``: an integer type (``ui8`` for unsigned storage);
    ``expressed``: a float type; either may be given as text (``"i8"``). Bad parameters raise
    ValueError with MLIR's message ("illegal scale: ..."); an unregistered dialect raises
    RuntimeError."""
    c = _context(context)
    s, e = _as_type(storage, c), _as_type(expressed, c)
    out = _Type()
    _check(
        "quant_uniform_type_get",
        _lib.quant_uniform_type_get(
            _context_pointer(c), _handle(s), _handle(e), float(scale), int(zero_point), ctypes.byref(out)
        ),
    )
    t = _wrap(out)
    assert isinstance(t, omnir.DialectType)
    return t


class QuantizedParams(NamedTuple):
    """The parameters of a ``!quant.uniform`` type, as the dialect reports them."""

    storage_type: omnir.Type
    expressed_type: omnir.Type
    scale: float
    zero_point: int
    is_signed: bool
    storage_min: int
    storage_max: int


def is_uniform(t: omnir.Type) -> bool:
    """Whether ``t`` is a ``!quant.uniform`` type (asked of the dialect library)."""
    out = ctypes.c_bool()
    status = _lib.quant_type_is_uniform(_context_pointer(t.context), _handle(t), ctypes.byref(out))
    _check("quant_type_is_uniform", status)
    return bool(out.value)


def uniform_params(t: omnir.Type) -> QuantizedParams:
    """The parameters of a ``!quant.uniform`` type (ValueError for another type)."""
    ctx, h = _context_pointer(t.context), _handle(t)
    flags, scale, zero = ctypes.c_uint32(), ctypes.c_double(), ctypes.c_int64()
    lo, hi, storage, expressed = ctypes.c_int64(), ctypes.c_int64(), _Type(), _Type()
    outs: Dict[str, Union[ctypes.c_uint32, ctypes.c_double, ctypes.c_int64, _Type]] = {
        "flags": flags,
        "scale": scale,
        "zero_point": zero,
        "storage_type_min": lo,
        "storage_type_max": hi,
        "storage_type": storage,
        "expressed_type": expressed,
    }
    for name, out in outs.items():
        fn = getattr(_lib, f"quant_uniform_type_get_{name}")
        _check(fn.__name__, fn(ctx, h, ctypes.byref(out)))
    return QuantizedParams(
        _wrap(storage), _wrap(expressed), scale.value, zero.value, bool(flags.value & FLAG_SIGNED), lo.value, hi.value
    )


def uniform_typeid() -> int:
    """The TypeID value of ``quant.uniform`` as the dialect library sees it (process-wide)."""
    out = ctypes.c_uint32()
    _check("quant_uniform_typeid", _lib.quant_uniform_typeid(ctypes.byref(out)))
    return out.value


def interface_typeid() -> int:
    """The TypeID value of the ``quant.QuantizedTypeInterface`` type interface."""
    out = ctypes.c_uint32()
    _check("quant_quantized_type_interface_typeid", _lib.quant_quantized_type_interface_typeid(ctypes.byref(out)))
    return out.value
