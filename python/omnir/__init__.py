"""omnir: MLIR's Python vocabulary (``mlir.ir``) over omnir's one shared core.

Everything lives in this module (``from omnir import ir`` also works, for code written
against ``mlir.ir``): ``Context``, ``Location``, ``Module``, ``Operation`` / ``OpView``,
``Block``, ``Region``, ``Value``, ``InsertionPoint``, one class per builtin type and
attribute, ``SymbolTable``, diagnostics (``MLIRError``) and ``StaleHandleError``, and
dialects defined from Python (``Dialect``), options (``Context.declare_option``,
``with ctx.options(...)``), passes and rewrite patterns written in Python
(``Context.register_pass``, ``Context.register_rewrite_pattern``), ``PassManager`` (also
as ``omnir.passmanager.PassManager``, MLIR's ``mlir.passmanager``), and dialects as data:
definition files (``Context.load_dialect_definitions``) with
verifier hooks and ``custom<Name>`` directives written in Python
(``Context.register_verifier_hook``, ``Context.register_custom_directive``).

The native extension (``omnir._omnir``) links ``libomnir.so.0`` — shipped once, in
``omnir/lib`` — by its SONAME, so every package in the process that uses omnir shares one
core and one type registry. ``get_lib_dir()`` and ``get_include()`` give its location to
packages that build against it (like numpy's ``get_include``).
"""

from __future__ import annotations

import os
import struct
import sys
from builtins import type as builtins_type
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Type as _PyType,
    TypeVar,
    Union,
)

from . import _omnir
from ._omnir import (
    AffineMapAttr as AffineMapAttr,
    ArrayAttr as ArrayAttr,
    AsmState as AsmState,
    Attribute as Attribute,
    AttributeDefinition as AttributeDefinition,
    BF16Type as BF16Type,
    Block as Block,
    BlockArgument as BlockArgument,
    BlockArgumentList as BlockArgumentList,
    BlockList as BlockList,
    BoolAttr as BoolAttr,
    ComplexType as ComplexType,
    Context as Context,
    DenseArrayAttr as DenseArrayAttr,
    DenseBoolArrayAttr as DenseBoolArrayAttr,
    DenseElementsAttr as DenseElementsAttr,
    DenseF32ArrayAttr as DenseF32ArrayAttr,
    DenseF64ArrayAttr as DenseF64ArrayAttr,
    DenseFPElementsAttr as DenseFPElementsAttr,
    DenseI16ArrayAttr as DenseI16ArrayAttr,
    DenseI32ArrayAttr as DenseI32ArrayAttr,
    DenseI64ArrayAttr as DenseI64ArrayAttr,
    DenseI8ArrayAttr as DenseI8ArrayAttr,
    DenseIntElementsAttr as DenseIntElementsAttr,
    DenseResourceElementsAttr as DenseResourceElementsAttr,
    DenseStringElementsAttr as DenseStringElementsAttr,
    Diagnostic as Diagnostic,
    DiagnosticHandler as DiagnosticHandler,
    DiagnosticInfo as DiagnosticInfo,
    DiagnosticSeverity as DiagnosticSeverity,
    Dialect as Dialect,
    DirectiveParser as DirectiveParser,
    DirectivePrinter as DirectivePrinter,
    DialectAttr as DialectAttr,
    DialectType as DialectType,
    DictAttr as DictAttr,
    DistinctAttr as DistinctAttr,
    F128Type as F128Type,
    F16Type as F16Type,
    F32Type as F32Type,
    F64Type as F64Type,
    F80Type as F80Type,
    FlatSymbolRefAttr as FlatSymbolRefAttr,
    Float4E2M1FNType as Float4E2M1FNType,
    Float6E2M3FNType as Float6E2M3FNType,
    Float6E3M2FNType as Float6E3M2FNType,
    Float8E3M4Type as Float8E3M4Type,
    Float8E4M3B11FNUZType as Float8E4M3B11FNUZType,
    Float8E4M3FNType as Float8E4M3FNType,
    Float8E4M3FNUZType as Float8E4M3FNUZType,
    Float8E4M3Type as Float8E4M3Type,
    Float8E5M2FNUZType as Float8E5M2FNUZType,
    Float8E5M2Type as Float8E5M2Type,
    Float8E8M0FNUType as Float8E8M0FNUType,
    FloatAttr as FloatAttr,
    FloatTF32Type as FloatTF32Type,
    FloatType as FloatType,
    FunctionType as FunctionType,
    IndexType as IndexType,
    InsertionPoint as InsertionPoint,
    IntegerAttr as IntegerAttr,
    IntegerSetAttr as IntegerSetAttr,
    IntegerType as IntegerType,
    Location as Location,
    LocationAttr as LocationAttr,
    MLIRError as MLIRError,
    MemRefType as MemRefType,
    Module as Module,
    NamedAttribute as NamedAttribute,
    NoneType as NoneType,
    OpAttributeMap as OpAttributeMap,
    OpOperand as OpOperand,
    OpOperandList as OpOperandList,
    OpResult as OpResult,
    OpResultList as OpResultList,
    OpSuccessors as OpSuccessors,
    OpaqueAttr as OpaqueAttr,
    OpaqueType as OpaqueType,
    Operation as Operation,
    OperationList as OperationList,
    OptionOverrides as OptionOverrides,
    PassManager as PassManager,
    RankedTensorType as RankedTensorType,
    Region as Region,
    RegionSequence as RegionSequence,
    ShapedType as ShapedType,
    StaleHandleError as StaleHandleError,
    StridedLayoutAttr as StridedLayoutAttr,
    StringAttr as StringAttr,
    SymbolRefAttr as SymbolRefAttr,
    SymbolTable as SymbolTable,
    TupleType as TupleType,
    Type as Type,
    TypeAttr as TypeAttr,
    TypeDefinition as TypeDefinition,
    TypeID as TypeID,
    UnitAttr as UnitAttr,
    UnrankedMemRefType as UnrankedMemRefType,
    UnrankedTensorType as UnrankedTensorType,
    Value as Value,
    VectorType as VectorType,
    WalkOrder as WalkOrder,
    WalkResult as WalkResult,
)

__version__ = "0.1.0"

__all__ = [
    "AffineMapAttr",
    "ArrayAttr",
    "AsmState",
    "Attribute",
    "AttributeDefinition",
    "BF16Type",
    "Block",
    "BlockArgument",
    "BlockArgumentList",
    "BlockList",
    "BoolAttr",
    "BranchOpInterface",
    "ComplexType",
    "Context",
    "DenseArrayAttr",
    "DenseBoolArrayAttr",
    "DenseElementsAttr",
    "DenseF32ArrayAttr",
    "DenseF64ArrayAttr",
    "DenseFPElementsAttr",
    "DenseI16ArrayAttr",
    "DenseI32ArrayAttr",
    "DenseI64ArrayAttr",
    "DenseI8ArrayAttr",
    "DenseIntElementsAttr",
    "DenseResourceElementsAttr",
    "DenseStringElementsAttr",
    "Diagnostic",
    "DiagnosticHandler",
    "DiagnosticInfo",
    "DiagnosticSeverity",
    "Dialect",
    "DirectiveParser",
    "DirectivePrinter",
    "DialectAttr",
    "DialectType",
    "DictAttr",
    "DistinctAttr",
    "ElementsAttrInterface",
    "F128Type",
    "F16Type",
    "F32Type",
    "F64Type",
    "F80Type",
    "FlatSymbolRefAttr",
    "Float4E2M1FNType",
    "Float6E2M3FNType",
    "Float6E3M2FNType",
    "Float8E3M4Type",
    "Float8E4M3B11FNUZType",
    "Float8E4M3FNType",
    "Float8E4M3FNUZType",
    "Float8E4M3Type",
    "Float8E5M2FNUZType",
    "Float8E5M2Type",
    "Float8E8M0FNUType",
    "FloatAttr",
    "FloatTF32Type",
    "FloatType",
    "FloatTypeInterface",
    "FunctionType",
    "IndexType",
    "InsertionPoint",
    "IntegerAttr",
    "IntegerSetAttr",
    "IntegerType",
    "Location",
    "LocationAttr",
    "LocationAttrInterface",
    "MLIRError",
    "MemRefElementTypeInterface",
    "MemRefLayoutAttrInterface",
    "MemRefType",
    "Module",
    "NamedAttribute",
    "NoneType",
    "OpAttributeMap",
    "OpOperand",
    "OpOperandList",
    "OpResult",
    "OpResultList",
    "OpSuccessors",
    "OpView",
    "OpaqueAttr",
    "OpaqueType",
    "Operation",
    "OperationList",
    "OptionOverrides",
    "PassManager",
    "PassOption",
    "RankedTensorType",
    "Region",
    "RegionSequence",
    "ShapedType",
    "ShapedTypeInterface",
    "StaleHandleError",
    "StridedLayoutAttr",
    "StringAttr",
    "SymbolRefAttr",
    "SymbolTable",
    "TupleType",
    "Type",
    "TypeAttr",
    "TypeDefinition",
    "TypeID",
    "TypedAttrInterface",
    "UnitAttr",
    "UnrankedMemRefType",
    "UnrankedTensorType",
    "Value",
    "VectorType",
    "WalkOrder",
    "WalkResult",
    "get_cmake_dir",
    "get_include",
    "get_lib_dir",
    "get_library_path",
    "get_pkgconfig_dir",
    "library_version",
    "register_op_view",
]


def get_lib_dir() -> str:
    """The directory holding this package's ``libomnir.so.0`` (link against it with
    ``-L<dir> -l:libomnir.so.0``; set your extension's RUNPATH relative to it)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib")


def get_library_path() -> str:
    """The path of this package's ``libomnir.so.0``."""
    return os.path.join(get_lib_dir(), "libomnir.so.0")


def get_include() -> str:
    """The directory holding ``omnir/omnir.h``, the C API's header (and the typed headers of
    the shipped dialects, ``omnir/dialects/<d>.h``)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


def get_pkgconfig_dir() -> str:
    """The directory holding ``omnir.pc`` (``PKG_CONFIG_PATH=<dir> pkg-config --cflags --libs
    omnir`` points into this package)."""
    return os.path.join(get_lib_dir(), "pkgconfig")


def get_cmake_dir() -> str:
    """The directory holding ``omnirConfig.cmake`` (``find_package(omnir)`` with
    ``-Domnir_DIR=<dir>`` or ``-DCMAKE_PREFIX_PATH=<dir>``; target ``omnir::omnir``)."""
    return os.path.join(get_lib_dir(), "cmake", "omnir")


def library_version() -> Tuple[int, int, int]:
    """The version of the loaded ``libomnir.so.0``."""
    return _omnir._library_version()


# Interfaces of the builtin dialect, as TypeIDs (pass them to ``Dialect.define_type(...,
# interfaces=[...])``, ``Type.implements``...).
MemRefElementTypeInterface = TypeID.get("builtin.MemRefElementTypeInterface")
ShapedTypeInterface = TypeID.get("builtin.ShapedTypeInterface")
FloatTypeInterface = TypeID.get("builtin.FloatTypeInterface")
ElementsAttrInterface = TypeID.get("builtin.ElementsAttrInterface")
MemRefLayoutAttrInterface = TypeID.get("builtin.MemRefLayoutAttrInterface")
TypedAttrInterface = TypeID.get("builtin.TypedAttrInterface")
BranchOpInterface = TypeID.get("builtin.BranchOpInterface")
LocationAttrInterface = TypeID.get("builtin.LocationAttrInterface")


class _ClassProperty:
    """A read-only property of a class (``Context.current``)."""

    def __init__(self, getter: Callable[[], Any]) -> None:
        self._getter = getter

    def __get__(self, obj: object, owner: object = None) -> Any:
        return self._getter()


setattr(Context, "current", _ClassProperty(_omnir._current_context))
setattr(Location, "current", _ClassProperty(_omnir._current_location))
setattr(InsertionPoint, "current", _ClassProperty(_omnir._current_insertion_point))


# --- MLIR spellings implemented over the native classes -----------------------------------

def _location_from_attr(attribute: Attribute, context: Optional[Context] = None) -> Location:
    """``Location.from_attr(attr)``: the location a location attribute (``loc(...)``) holds."""
    if not isinstance(attribute, Attribute):
        raise TypeError(f"attribute: expected an Attribute, got {_type_name(attribute)}")
    return LocationAttr(attribute).location


setattr(Location, "from_attr", staticmethod(_location_from_attr))

def _module_parse_file(path: str, context: Optional[Context] = None) -> Module:
    """``Module.parseFile(path)``: parses the file at ``path`` (locations name it)."""
    with open(path, "rb") as f:
        return Module.parse(f.read(), context=context, filename=path)


setattr(Module, "parseFile", staticmethod(_module_parse_file))


def _value_dump(self: Value) -> None:
    """Prints the value to stderr, as MLIR's ``Value.dump``."""
    text = str(self)  # "OpResult(<what MLIR prints>)"
    start = text.find("(")
    if start >= 0 and text.endswith(")"):
        text = text[start + 1:-1]
    sys.stderr.write(text.rstrip("\n") + "\n")


setattr(Value, "dump", _value_dump)

_native_print = Operation.print


def _operation_print(self: Operation, *args: Any, **kwargs: Any) -> None:
    # MLIR's second form, print(state, file=None, binary=False), next to the keyword one.
    if args and isinstance(args[0], AsmState):
        state, rest = args[0], list(args[1:])
        file = rest.pop(0) if rest else kwargs.pop("file", None)
        binary = rest.pop(0) if rest else kwargs.pop("binary", False)
        if rest or kwargs:
            raise TypeError("print(state, file=None, binary=False) takes no other arguments")
        _native_print(self, file, binary, use_local_scope=state.use_local_scope)
        return
    _native_print(self, *args, **kwargs)


setattr(Operation, "print", _operation_print)

# MLIR's marker for a dynamic stride or offset (``?`` in ``strided<[?, 1], offset: ?>``).
_DYNAMIC_STRIDE_OR_OFFSET = -(2**63)


def _is_static_dim(self: ShapedType, dim: int) -> bool:
    return not self.is_dynamic_dim(dim)


def _is_static_size(dim_size: int) -> bool:
    return not ShapedType.is_dynamic_size(dim_size)


def _get_dynamic_stride_or_offset() -> int:
    return _DYNAMIC_STRIDE_OR_OFFSET


def _is_dynamic_stride_or_offset(value: int) -> bool:
    return value == _DYNAMIC_STRIDE_OR_OFFSET


def _is_static_stride_or_offset(value: int) -> bool:
    return value != _DYNAMIC_STRIDE_OR_OFFSET


setattr(ShapedType, "is_static_dim", _is_static_dim)
setattr(ShapedType, "is_static_size", staticmethod(_is_static_size))
setattr(ShapedType, "get_dynamic_stride_or_offset", staticmethod(_get_dynamic_stride_or_offset))
setattr(ShapedType, "is_dynamic_stride_or_offset", staticmethod(_is_dynamic_stride_or_offset))
setattr(ShapedType, "is_static_stride_or_offset", staticmethod(_is_static_stride_or_offset))


def _strided_fully_dynamic(rank: int, context: Optional[Context] = None) -> StridedLayoutAttr:
    """``strided<[?, ..., ?], offset: ?>`` of ``rank`` strides."""
    return StridedLayoutAttr.get(_DYNAMIC_STRIDE_OR_OFFSET, [_DYNAMIC_STRIDE_OR_OFFSET] * rank, context=context)


setattr(StridedLayoutAttr, "get_fully_dynamic", staticmethod(_strided_fully_dynamic))


def _memref_strides_and_offset(self: MemRefType) -> Tuple[List[int], int]:
    """The strides and offset of a memref with a strided or identity layout (MLIR's
    ``getStridesAndOffset``); ValueError for any other layout."""
    layout = self.layout
    if StridedLayoutAttr.isinstance(layout):
        strided = StridedLayoutAttr(layout)
        return strided.strides, strided.offset
    if AffineMapAttr.isinstance(layout) and AffineMapAttr(layout).is_identity:
        # Row-major: each stride is the product of the sizes inside it; from the innermost
        # dynamic size outwards, the strides are dynamic.
        strides: List[int] = []
        running = 1
        for size in reversed(self.shape):
            strides.append(running)
            if running != _DYNAMIC_STRIDE_OR_OFFSET:
                running = _DYNAMIC_STRIDE_OR_OFFSET if ShapedType.is_dynamic_size(size) else running * size
        return list(reversed(strides)), 0
    raise ValueError(f"Failed to extract strides and offset from the layout {layout}")


setattr(MemRefType, "get_strides_and_offset", _memref_strides_and_offset)


def _dense_array_add(self: DenseArrayAttr, other: Any) -> DenseArrayAttr:
    """``array<i32: 1, 2> + [3]``: a new array with ``other``'s elements appended."""
    if isinstance(other, (str, bytes)) or not isinstance(other, Iterable):
        return NotImplemented
    cls = builtins_type(self)
    values = list(self) + list(other)  # type: ignore[call-overload]
    return cls.get(values, context=self.context)  # type: ignore[attr-defined,no-any-return]


for _cls in (DenseBoolArrayAttr, DenseI8ArrayAttr, DenseI16ArrayAttr, DenseI32ArrayAttr, DenseI64ArrayAttr,
             DenseF32ArrayAttr, DenseF64ArrayAttr):
    setattr(_cls, "__add__", _dense_array_add)
del _cls


# --- pass options ---------------------------------------------------------------------------

class PassOption(NamedTuple):
    """An option of a pass written in Python (``Context.register_pass(..., options=[...])``),
    with ``Context.declare_option``'s parameters: ``type`` is ``"bool"``, ``"int"``,
    ``"float"``, ``"string"``, ``"enum"`` (with ``cases``) or ``"list"`` (with ``element``);
    ``default`` None means false, 0, 0.0, "", the first case or the empty list. A plain
    tuple in this order (or a dict with these keys) works too."""

    name: str
    type: str
    default: Any = None
    help: str = ""
    cases: Optional[Sequence[str]] = None
    element: Optional[str] = None


# --- OpView -------------------------------------------------------------------------------

class OpView:
    """A view of an operation (MLIR's ``OpView``). Subclass it with ``OPERATION_NAME`` and
    ``register_op_view`` the subclass: operations of that name found in the IR are handed
    out as instances of it. Every ``Operation`` property is available on the view."""

    OPERATION_NAME: Optional[str] = None

    def __init__(self, operation: Union[Operation, "OpView"]) -> None:
        if not isinstance(operation, (Operation, OpView)):
            raise TypeError(f"operation: expected an Operation or OpView, got {type(operation).__name__}")
        self._operation: Operation = operation.operation

    @classmethod
    def build_generic(cls, results: Optional[Sequence[Type]] = None, operands: Optional[Sequence[Any]] = None,
                      attributes: Optional[Dict[str, Attribute]] = None, successors: Optional[Sequence[Block]] = None,
                      regions: Optional[int] = None, loc: Optional[Location] = None,
                      ip: Optional[InsertionPoint] = None) -> Operation:
        """An operation named ``cls.OPERATION_NAME`` (MLIR's generic builder, for the
        ``super().__init__(self.build_generic(...))`` of an OpView subclass)."""
        if not isinstance(cls.OPERATION_NAME, str):
            raise ValueError(f"{cls.__name__} has no OPERATION_NAME to build")
        if regions is None:
            regions = getattr(cls, "_ODS_REGIONS", (0, True))[0]
        return Operation.create(cls.OPERATION_NAME, results=results, operands=operands, attributes=attributes,
                                successors=successors, regions=regions, loc=loc, ip=ip)

    @property
    def operation(self) -> Operation:
        return self._operation

    @property
    def opview(self) -> "OpView":
        return self

    @property
    def name(self) -> str:
        return self._operation.name

    @property
    def context(self) -> Context:
        return self._operation.context

    @property
    def location(self) -> Location:
        return self._operation.location

    @property
    def attributes(self) -> OpAttributeMap:
        return self._operation.attributes

    @property
    def operands(self) -> OpOperandList:
        return self._operation.operands

    @property
    def results(self) -> OpResultList:
        return self._operation.results

    @property
    def result(self) -> OpResult:
        return self._operation.result

    @property
    def regions(self) -> RegionSequence:
        return self._operation.regions

    @property
    def successors(self) -> OpSuccessors:
        return self._operation.successors

    @property
    def parent(self) -> Optional[Union[Operation, "OpView"]]:
        return self._operation.parent

    @property
    def block(self) -> Optional[Block]:
        return self._operation.block

    @property
    def is_valid(self) -> bool:
        return self._operation.is_valid

    def verify(self) -> bool:
        return self._operation.verify()

    def walk(self, callback: Callable[[Operation], Optional[WalkResult]],
             walk_order: WalkOrder = WalkOrder.POST_ORDER) -> WalkResult:
        return self._operation.walk(callback, walk_order)

    def get_asm(self, binary: bool = False, large_elements_limit: Optional[int] = None,
                enable_debug_info: bool = False, pretty_debug_info: bool = False,
                print_generic_op_form: bool = False, use_local_scope: bool = False,
                assume_verified: bool = False, skip_regions: bool = False) -> Union[str, bytes]:
        return self._operation.get_asm(binary, large_elements_limit, enable_debug_info, pretty_debug_info,
                                       print_generic_op_form, use_local_scope, assume_verified, skip_regions)

    def print(self, file: Any = None, **kwargs: Any) -> None:
        self._operation.print(file, **kwargs)

    def erase(self) -> None:
        self._operation.erase()

    def call_interface_method(self, interface: Union[TypeID, str], method: str, *args: Any) -> Optional[Attribute]:
        return self._operation.call_interface_method(interface, method, *args)

    def implements(self, interface: Union[TypeID, str]) -> bool:
        return self._operation.implements(interface)

    def clone(self, ip: Union[InsertionPoint, None, bool] = None) -> Operation:
        return self._operation.clone(ip)

    def detach_from_parent(self) -> Operation:
        return self._operation.detach_from_parent()

    def move_before(self, other: Union[Operation, "OpView"]) -> None:
        self._operation.move_before(other)

    def move_after(self, other: Union[Operation, "OpView"]) -> None:
        self._operation.move_after(other)

    def __getattr__(self, name: str) -> Any:
        # Everything else an Operation has (MLIR's OpView is an operation too).
        if name.startswith("__") or name == "_operation":
            raise AttributeError(name)
        return getattr(self._operation, name)

    def __str__(self) -> str:
        return str(self._operation)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._operation.name if self._operation.is_valid else '(erased)'}>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (OpView, Operation)):
            return self._operation == other.operation
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._operation)


_V = TypeVar("_V", bound=_PyType[OpView])


def register_op_view(cls: _V) -> _V:
    """Class decorator: operations named ``cls.OPERATION_NAME`` are handed out as ``cls``."""
    name = getattr(cls, "OPERATION_NAME", None)
    if not isinstance(name, str):
        raise ValueError("an OpView subclass needs OPERATION_NAME to be registered")
    _omnir._op_views()[name] = cls
    return cls


# --- DenseElementsAttr.get from Python buffers and lists ----------------------------------

_FORMATS = {
    "?": (1, "bool"), "b": (8, "int"), "B": (8, "uint"), "h": (16, "int"), "H": (16, "uint"),
    "i": (32, "int"), "I": (32, "uint"), "l": (64, "int"), "L": (64, "uint"),
    "q": (64, "int"), "Q": (64, "uint"), "e": (16, "float"), "f": (32, "float"), "d": (64, "float"),
}


def _element_type(kind: str, bits: int, signless: bool, context: Optional[Context]) -> Type:
    if kind == "float":
        if bits == 16:
            return F16Type.get(context=context)
        if bits == 32:
            return F32Type.get(context=context)
        return F64Type.get(context=context)
    if kind == "bool":
        return IntegerType.get_signless(1, context=context)
    if signless:
        return IntegerType.get_signless(bits, context=context)
    if kind == "uint":
        return IntegerType.get_unsigned(bits, context=context)
    return IntegerType.get_signed(bits, context=context)


def _flatten(value: Any, shape: List[int], depth: int, out: List[Any]) -> None:
    if isinstance(value, (list, tuple)):
        if len(shape) <= depth:
            shape.append(len(value))
        elif shape[depth] != len(value):
            raise ValueError("DenseElementsAttr.get: ragged nested lists")
        for v in value:
            _flatten(v, shape, depth + 1, out)
    else:
        if depth != len(shape):
            raise ValueError("DenseElementsAttr.get: ragged nested lists")
        out.append(value)


def _type_name(x: object) -> str:
    return builtins_type(x).__name__


def _check_numbers(values: Sequence[Any]) -> None:
    for i, v in enumerate(values):
        if not isinstance(v, (int, float)):
            raise TypeError(f"array: element {i} is not a number (got {_type_name(v)})")


def _pack(values: Sequence[Any], element: Type) -> bytes:
    if IntegerType.isinstance(element):
        it = IntegerType(element)
        width = it.width
        nbytes = max(1, (width + 7) // 8)
        return b"".join(int(v).to_bytes(nbytes, "little", signed=int(v) < 0) for v in values)
    if F16Type.isinstance(element):
        return struct.pack(f"<{len(values)}e", *values)
    if F32Type.isinstance(element):
        return struct.pack(f"<{len(values)}f", *values)
    if F64Type.isinstance(element):
        return struct.pack(f"<{len(values)}d", *values)
    if IndexType.isinstance(element):
        return struct.pack(f"<{len(values)}q", *values)
    raise ValueError(f"DenseElementsAttr.get: cannot pack Python values as {element}")


def _dense_get(array: Any, signless: bool = True, type: Optional[Type] = None,
               shape: Optional[Sequence[int]] = None, context: Optional[Context] = None) -> DenseElementsAttr:
    """A dense elements attribute from a Python buffer (``array.array``, numpy, bytes...) or
    nested lists of numbers. ``type`` overrides the element type (the buffer's item size
    must match), ``shape`` the shape."""
    if type is not None and not isinstance(type, Type):
        raise TypeError(f"type: expected a Type, got {_type_name(type)}")
    if shape is not None and (isinstance(shape, (str, bytes, bytearray)) or not isinstance(shape, Iterable)):
        raise TypeError(f"shape: expected a sequence of integers, got {_type_name(shape)}")
    if context is None and type is not None:
        context = type.context
    try:
        view: Optional[memoryview] = memoryview(array)
    except TypeError:
        view = None
    if view is not None:
        fmt = view.format.lstrip("@=<>!")
        if fmt not in _FORMATS and type is None:
            raise ValueError(f"DenseElementsAttr.get: unsupported buffer format {view.format!r}")
        bits, kind = _FORMATS.get(fmt, (view.itemsize * 8, "int"))
        element = type if type is not None else _element_type(kind, bits, signless, context)
        dims = list(shape) if shape is not None else list(view.shape or [])
        data = view.tobytes(order="C")
    else:
        if isinstance(array, str) or not isinstance(array, (list, tuple, int, float)):
            raise TypeError(f"array: expected a buffer or (nested) lists of numbers, got {_type_name(array)}")
        flat: List[Any] = []
        dims_found: List[int] = []
        _flatten(array, dims_found, 0, flat)
        _check_numbers(flat)
        if type is not None:
            element = type
        elif all(isinstance(v, bool) for v in flat) and flat:
            element = IntegerType.get_signless(1, context=context)
        elif all(isinstance(v, int) for v in flat):
            element = IntegerType.get_signless(64, context=context) if signless else IntegerType.get_signed(64, context=context)
        else:
            element = F64Type.get(context=context)
        dims = list(shape) if shape is not None else dims_found
        data = _pack(flat, element)
    tensor = RankedTensorType.get(dims, element)
    return DenseElementsAttr.get_raw(tensor, data)


for _cls in (DenseElementsAttr, DenseIntElementsAttr, DenseFPElementsAttr):
    setattr(_cls, "get", staticmethod(_dense_get))
del _cls

def _numpy_dtype_name(element: Type) -> str:
    if IntegerType.isinstance(element):
        it = IntegerType(element)
        if it.width == 1:
            return "bool"
        if it.width in (8, 16, 32, 64):
            return f"{'uint' if it.is_unsigned else 'int'}{it.width}"
    elif IndexType.isinstance(element):
        return "int64"
    elif F16Type.isinstance(element):
        return "float16"
    elif F32Type.isinstance(element):
        return "float32"
    elif F64Type.isinstance(element):
        return "float64"
    raise ValueError(f"no numpy dtype for the element type {element}")


def _dense_array(self: DenseElementsAttr, dtype: Any = None, copy: Any = None) -> Any:
    """``numpy.array(attr)``: the elements as an array of the attribute's shape (MLIR's
    dense attributes are buffers; this abi3 extension cannot be one on Python 3.9, so
    numpy takes the elements through ``__array__``)."""
    import numpy

    shaped = ShapedType(self.type)
    flat = numpy.frombuffer(self.raw_data, dtype=_numpy_dtype_name(shaped.element_type))
    if self.is_splat:
        flat = numpy.full(shaped.num_elements, flat[0], dtype=flat.dtype)
    array = flat.reshape(shaped.shape).copy()
    return array if dtype is None else array.astype(dtype)


for _cls in (DenseElementsAttr, DenseIntElementsAttr, DenseFPElementsAttr):
    setattr(_cls, "__array__", _dense_array)
del _cls


def _resource_from_buffer(array: Any, name: str, type: Type, alignment: Optional[int] = None,
                          is_mutable: bool = False, context: Optional[Context] = None) -> DenseResourceElementsAttr:
    """``DenseResourceElementsAttr.get_from_buffer``: a resource holding a copy of ``array``'s
    bytes (any buffer: numpy, ``array.array``, bytes), aligned to ``alignment`` (default: the
    item size). ``is_mutable`` and ``context`` are accepted for MLIR compatibility."""
    del is_mutable, context
    view = memoryview(array)
    if alignment is None:
        alignment = max(1, view.itemsize)
    return DenseResourceElementsAttr.get_from_bytes(view.tobytes(order="C"), name, type, alignment)


setattr(DenseResourceElementsAttr, "get_from_buffer", staticmethod(_resource_from_buffer))
