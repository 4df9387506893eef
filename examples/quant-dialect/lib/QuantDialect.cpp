// The quant dialect: MLIR's quantization types and operations (mlir/lib/Dialect/Quant/IR), on
// omnir's C++ bridge, and the C entry points other languages use (quant.h).
//
// SPDX-License-Identifier: Apache-2.0
#include <quant/QuantDialect.h>

#include <cmath>
#include <limits>

using namespace omnir;

namespace quant {

//===----------------------------------------------------------------------===//
// UniformQuantizedType
//===----------------------------------------------------------------------===//

namespace {
/// MLIR keeps the storage type as the signless integer of its width (signedness is a flag).
Type signlessStorage(Type storageType) {
  if (storageType && isa<IntegerType>(storageType) && !IntegerType(storageType).isSignless())
    return IntegerType::get(storageType.getContext(), IntegerType(storageType).getWidth());
  return storageType;
}

UniformQuantizedTypeStorage makeStorage(unsigned flags, Type storageType, Type expressedType, double scale,
                                        int64_t zeroPoint, int64_t storageTypeMin, int64_t storageTypeMax) {
  UniformQuantizedTypeStorage s;
  s.flags = flags;
  s.storageType = signlessStorage(storageType);
  s.expressedType = expressedType;
  s.scale = scale;
  s.zeroPoint = zeroPoint;
  s.storageTypeMin = storageTypeMin;
  s.storageTypeMax = storageTypeMax;
  return s;
}
} // namespace

UniformQuantizedType UniformQuantizedType::get(unsigned flags, Type storageType, Type expressedType, double scale,
                                               int64_t zeroPoint, int64_t storageTypeMin, int64_t storageTypeMax) {
  Context ctx = storageType ? storageType.getContext() : expressedType.getContext();
  return Base::get(ctx, makeStorage(flags, storageType, expressedType, scale, zeroPoint, storageTypeMin, storageTypeMax));
}

UniformQuantizedType UniformQuantizedType::getChecked(EmitErrorFn emitError, unsigned flags, Type storageType,
                                                      Type expressedType, double scale, int64_t zeroPoint,
                                                      int64_t storageTypeMin, int64_t storageTypeMax) {
  Context ctx = storageType ? storageType.getContext() : expressedType.getContext();
  return Base::getChecked(emitError, ctx,
                          makeStorage(flags, storageType, expressedType, scale, zeroPoint, storageTypeMin, storageTypeMax));
}

LogicalResult UniformQuantizedType::verify(EmitErrorFn emitError, const UniformQuantizedTypeStorage &p) {
  // QuantizedType::verifyInvariants.
  auto intStorageType = dyn_cast_or_null<IntegerType>(p.storageType);
  if (!intStorageType)
    return emitError() << "storage type must be integral";
  unsigned integralWidth = intStorageType.getWidth();
  if (integralWidth == 0 || integralWidth > MaxStorageBits)
    return emitError() << "illegal storage type size: " << integralWidth;
  bool isSigned = (p.flags & QuantizationFlags::Signed) == QuantizationFlags::Signed;
  int64_t defaultIntegerMin = getDefaultMinimumForInteger(isSigned, integralWidth);
  int64_t defaultIntegerMax = getDefaultMaximumForInteger(isSigned, integralWidth);
  if (p.storageTypeMax - p.storageTypeMin <= 0 || p.storageTypeMin < defaultIntegerMin ||
      p.storageTypeMax > defaultIntegerMax)
    return emitError() << "illegal storage min and storage max: (" << p.storageTypeMin << ":" << p.storageTypeMax
                       << ")";
  // UniformQuantizedType::verifyInvariants.
  if (!p.expressedType)
    return emitError() << "uniform quantization requires expressed type";
  if (!isa<FloatType>(p.expressedType))
    return emitError() << "expressed type must be floating point";
  if (p.scale <= 0.0 || std::isinf(p.scale) || std::isnan(p.scale))
    return emitError() << "illegal scale: " << p.scale;
  // As MLIR, the zero point is not range-checked (`!quant.uniform<i8:f32, 0.5:128>` is valid).
  return success();
}

namespace {
/// storage-type ::= (`i` | `u`) integer-literal, or a builtin integer type.
Type parseStorageType(AsmParser &parser, bool &isSigned) {
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  unsigned storageTypeWidth = 0;
  OptionalParseResult result = parser.parseOptionalType(type);
  if (result.has_value()) {
    if (failed(*result))
      return {};
    isSigned = !type.isUnsignedInteger();
    storageTypeWidth = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  } else {
    std::string identifier;
    if (parser.parseKeyword(&identifier))
      return {};
    // Otherwise, this must be an unsigned integer (`u` integer-literal).
    if (identifier.empty() || identifier[0] != 'u') {
      parser.emitError(typeLoc, "illegal storage type prefix");
      return {};
    }
    std::string digits = identifier.substr(1);
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) {
      parser.emitError(typeLoc, "expected storage type width");
      return {};
    }
    storageTypeWidth = static_cast<unsigned>(std::stoul(digits));
    isSigned = false;
    if (storageTypeWidth == 0 || storageTypeWidth > UniformQuantizedType::MaxStorageBits) {
      parser.emitError(typeLoc, "illegal storage type size: ") << storageTypeWidth;
      return {};
    }
    type = IntegerType::get(parser.getContext(), storageTypeWidth);
  }
  if (isa<IntegerType>(type) && (storageTypeWidth == 0 || storageTypeWidth > UniformQuantizedType::MaxStorageBits)) {
    parser.emitError(typeLoc, "illegal storage type size: ") << storageTypeWidth;
    return {};
  }
  return type;
}

/// storage-range ::= `<` integer-literal `:` integer-literal `>`.
ParseResult parseStorageRange(AsmParser &parser, Type storageType, bool isSigned, int64_t &storageTypeMin,
                              int64_t &storageTypeMax) {
  int64_t defaultIntegerMin = 0, defaultIntegerMax = 0;
  if (isa<IntegerType>(storageType)) {
    unsigned width = storageType.getIntOrFloatBitWidth();
    defaultIntegerMin = UniformQuantizedType::getDefaultMinimumForInteger(isSigned, width);
    defaultIntegerMax = UniformQuantizedType::getDefaultMaximumForInteger(isSigned, width);
  }
  if (failed(parser.parseOptionalLess())) {
    storageTypeMin = defaultIntegerMin;
    storageTypeMax = defaultIntegerMax;
    return success();
  }
  // Explicit storage min and storage max.
  SMLoc minLoc = parser.getCurrentLocation();
  if (parser.parseInteger(storageTypeMin) || parser.parseColon())
    return failure();
  SMLoc maxLoc = parser.getCurrentLocation();
  if (parser.parseInteger(storageTypeMax) || parser.parseGreater())
    return failure();
  if (storageTypeMin < defaultIntegerMin)
    return parser.emitError(minLoc, "illegal storage type minimum: ") << storageTypeMin;
  if (storageTypeMax > defaultIntegerMax)
    return parser.emitError(maxLoc, "illegal storage type maximum: ") << storageTypeMax;
  return success();
}

/// The smallest and largest positive values of the common float formats (for MLIR's
/// isScaleInExpressedTypeRange); false for the others (not checked).
bool floatRange(FloatType type, double &smallest, double &largest) {
  switch (type.getFloatKind()) {
  case OMNIR_FLOAT_KIND_F16:
    smallest = 5.9604644775390625e-08, largest = 65504.0;
    return true;
  case OMNIR_FLOAT_KIND_BF16:
    smallest = 9.183549615799121e-41, largest = 3.3895313892515355e+38;
    return true;
  case OMNIR_FLOAT_KIND_F32:
    smallest = std::numeric_limits<float>::denorm_min(), largest = std::numeric_limits<float>::max();
    return true;
  case OMNIR_FLOAT_KIND_F64:
    smallest = std::numeric_limits<double>::denorm_min(), largest = std::numeric_limits<double>::max();
    return true;
  default:
    return false;
  }
}

/// scale-zero ::= float-literal (`:` integer-literal)?
ParseResult parseQuantParams(AsmParser &parser, FloatType expressedType, double &scale, int64_t &zeroPoint) {
  if (parser.parseFloat(scale))
    return failure();
  double smallest = 0, largest = 0;
  if (floatRange(expressedType, smallest, largest) && (scale < smallest || scale > largest))
    return parser.emitError(parser.getCurrentLocation())
           << "scale " << scale << " out of expressed type range [" << smallest << ", " << largest << "]";
  zeroPoint = 0;
  if (failed(parser.parseOptionalColon()))
    return success();
  return parser.parseInteger(zeroPoint);
}
} // namespace

Type UniformQuantizedType::parse(AsmParser &parser) {
  unsigned typeFlags = 0;
  int64_t storageTypeMin = 0, storageTypeMax = 0;

  if (parser.parseLess())
    return {};
  bool isSigned = false;
  Type storageType = parseStorageType(parser, isSigned);
  if (!storageType)
    return {};
  if (isSigned)
    typeFlags |= QuantizationFlags::Signed;
  if (parseStorageRange(parser, storageType, isSigned, storageTypeMin, storageTypeMax))
    return {};

  FloatType expressedType;
  if (parser.parseColon() || parser.parseType(expressedType))
    return {};
  // Per-axis and sub-channel quantization (`f32:1, {...}`) are other types of MLIR's dialect.
  if (succeeded(parser.parseOptionalColon())) {
    parser.emitError(parser.getCurrentLocation(), "per-axis quantization is not supported by this dialect");
    return {};
  }
  if (parser.parseComma())
    return {};
  double scale = 0;
  int64_t zeroPoint = 0;
  if (parseQuantParams(parser, expressedType, scale, zeroPoint))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<UniformQuantizedType>(typeFlags, storageType, expressedType, scale, zeroPoint,
                                                 storageTypeMin, storageTypeMax);
}

void UniformQuantizedType::print(AsmPrinter &out) const {
  UniformQuantizedTypeStorage p = getImpl();
  bool isSigned = (p.flags & QuantizationFlags::Signed) != 0;
  unsigned width = p.storageType.getIntOrFloatBitWidth();
  out << "<" << (isSigned ? "i" : "u") << width;
  if (p.storageTypeMin != getDefaultMinimumForInteger(isSigned, width) ||
      p.storageTypeMax != getDefaultMaximumForInteger(isSigned, width))
    out << "<" << p.storageTypeMin << ":" << p.storageTypeMax << ">";
  out << ":" << p.expressedType << ", " << p.scale;
  if (p.zeroPoint != 0)
    out << ":" << p.zeroPoint;
  out << ">";
}

//===----------------------------------------------------------------------===//
// QuantizedTypeInterface: the C vtable over the C++ Concept
//===----------------------------------------------------------------------===//

namespace {
const QuantizedTypeInterface::Concept *concept(void *userData) {
  return static_cast<const QuantizedTypeInterface::Concept *>(static_cast<InterfaceConcept *>(userData));
}
uint32_t storageWidthThunk(void *ud, omnir_context *ctx, omnir_type ty) {
  return detail::callNoThrow<uint32_t>(0, [&] { return concept(ud)->getStorageTypeIntegralWidth(Type(ctx, ty)); });
}
bool isSignedThunk(void *ud, omnir_context *ctx, omnir_type ty) {
  return detail::callNoThrow(false, [&] { return concept(ud)->isSigned(Type(ctx, ty)); });
}
int64_t storageMinThunk(void *ud, omnir_context *ctx, omnir_type ty) {
  return detail::callNoThrow<int64_t>(0, [&] { return concept(ud)->getStorageTypeMin(Type(ctx, ty)); });
}
int64_t storageMaxThunk(void *ud, omnir_context *ctx, omnir_type ty) {
  return detail::callNoThrow<int64_t>(0, [&] { return concept(ud)->getStorageTypeMax(Type(ctx, ty)); });
}
omnir_type storageTypeThunk(void *ud, omnir_context *ctx, omnir_type ty) {
  return detail::callNoThrow(omnir_type{}, [&] { return concept(ud)->getStorageType(Type(ctx, ty)).getHandle(); });
}
omnir_type expressedTypeThunk(void *ud, omnir_context *ctx, omnir_type ty) {
  return detail::callNoThrow(omnir_type{}, [&] { return concept(ud)->getExpressedType(Type(ctx, ty)).getHandle(); });
}
const quant_quantized_type_vtable kQuantizedTypeVTable = {storageWidthThunk, isSignedThunk,    storageMinThunk,
                                                         storageMaxThunk,   storageTypeThunk, expressedTypeThunk};
} // namespace

const quant_quantized_type_vtable *QuantizedTypeInterface::getCVTable() { return &kQuantizedTypeVTable; }

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

namespace {
bool isQuantizedScalarOrTensor(Type t) {
  if (auto tensor = dyn_cast<TensorType>(t))
    t = tensor.getElementType();
  return isa<UniformQuantizedType>(t);
}
bool isFloatScalarOrTensor(Type t) {
  if (auto tensor = dyn_cast<TensorType>(t))
    t = tensor.getElementType();
  return isa<FloatType>(t);
}
bool isIntegerScalarOrTensor(Type t) {
  if (auto tensor = dyn_cast<TensorType>(t))
    t = tensor.getElementType();
  return isa<IntegerType>(t);
}
TypeConstraint quantizedValue() {
  return TypeConstraint::predicate("quantized type or tensor of quantized type", isQuantizedScalarOrTensor);
}
TypeConstraint floatValue() {
  return TypeConstraint::predicate("floating-point or tensor of floating-point values", isFloatScalarOrTensor);
}
TypeConstraint integerOrQuantizedValue() {
  return TypeConstraint::predicate("integer, quantized type, or tensor of either",
                                   [](Type t) { return isIntegerScalarOrTensor(t) || isQuantizedScalarOrTensor(t); });
}

/// Common verification of `quant.dcast` and `quant.qcast` (MLIR's verifyQuantizationOp).
LogicalResult verifyQuantizationOp(Operation op, UniformQuantizedType quantizedType, FloatType floatType) {
  if (!quantizedType || !floatType)
    return success(); // the operand and result constraints have reported it
  if (quantizedType.getExpressedType() != floatType)
    return op.emitError() << "expressed type in quantized type expected to match float type";
  return success();
}
} // namespace

void QuantizeCastOp::define(OpDefinition &def) {
  def.setSummary("Quantize cast").operand("input", floatValue()).result("result", quantizedValue());
}
LogicalResult QuantizeCastOp::verify() { return verifyQuantizationOp(*this, getQuantizedType(), getFloatType()); }

void DequantizeCastOp::define(OpDefinition &def) {
  def.setSummary("Dequantize cast").operand("input", quantizedValue()).result("result", floatValue());
}
LogicalResult DequantizeCastOp::verify() { return verifyQuantizationOp(*this, getQuantizedType(), getFloatType()); }

void StorageCastOp::define(OpDefinition &def) {
  def.setSummary("Storage cast")
      .operand("input", integerOrQuantizedValue())
      .result("result", integerOrQuantizedValue());
}
LogicalResult StorageCastOp::verify() {
  Type input = getElementTypeOrSelf(getInput().getType());
  Type result = getElementTypeOrSelf(getType());
  auto quantizedType = dyn_cast<UniformQuantizedType>(input);
  Type integerType = result;
  if (!quantizedType) {
    quantizedType = dyn_cast<UniformQuantizedType>(result);
    integerType = input;
  }
  if (!quantizedType || !isa<IntegerType>(integerType))
    return emitOpError() << "requires one quantized and one integer type";
  if (quantizedType.getStorageType() != integerType)
    return emitError() << "storage type in quantized type expected to match integer type";
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

void QuantDialect::initialize() {
  addTypes<UniformQuantizedType>();
  addOperations<QuantizeCastOp, DequantizeCastOp, StorageCastOp>();
}

void registerQuantDialect(Context ctx) { registerDialect<QuantDialect>(ctx); }

} // namespace quant

//===----------------------------------------------------------------------===//
// The C entry points (quant.h)
//===----------------------------------------------------------------------===//

namespace {
thread_local std::string lastError;

/// Runs a C entry point's body: an exception becomes its status, and its message goes to
/// quant_last_error_message(). (A library cannot set omnir's own last error: when the failure
/// was not the core's, omnir_last_error_message() is cleared rather than left stale.)
template <typename Fn>
omnir_status entry(Fn &&fn) noexcept {
  lastError.clear();
  try {
    fn();
    return OMNIR_OK;
  } catch (const omnir::Error &e) {
    lastError = e.message();
    if (omnir_last_error_status() != e.status()) {
      uint32_t id = 0;
      (void)omnir_typeid_get("quant.uniform", 13, &id); // a successful call clears a stale error
    }
    return e.status();
  } catch (const std::exception &e) {
    lastError = e.what();
  } catch (...) {
    lastError = "unknown C++ exception";
  }
  return OMNIR_ERROR_INTERNAL;
}

void requireOut(const void *out) {
  if (!out)
    throw omnir::Error(OMNIR_ERROR_NULL_ARGUMENT, "out must not be NULL");
}

quant::UniformQuantizedType uniform(omnir_context *ctx, omnir_type ty) {
  omnir::Type t(ctx, ty);
  if (!t || !omnir::isa<quant::UniformQuantizedType>(t))
    throw omnir::Error(OMNIR_ERROR_INVALID_ARGUMENT, "not a !quant.uniform type: " + (t ? t.str() : std::string("null")));
  return quant::UniformQuantizedType(t);
}
} // namespace

extern "C" {

QUANT_API omnir_status quant_register(omnir_context *ctx) {
  return entry([&] { quant::registerQuantDialect(ctx); });
}

QUANT_API omnir_status quant_uniform_typeid(uint32_t *out) {
  return entry([&] {
    requireOut(out);
    *out = quant::UniformQuantizedType::getTypeID();
  });
}

QUANT_API omnir_status quant_quantized_type_interface_typeid(uint32_t *out) {
  return entry([&] {
    requireOut(out);
    *out = quant::QuantizedTypeInterface::getInterfaceID();
  });
}

QUANT_API omnir_status quant_uniform_type_get_full(omnir_context *ctx, uint32_t flags, omnir_type storage,
                                                   omnir_type expressed, double scale, int64_t zero_point,
                                                   int64_t storage_min, int64_t storage_max, omnir_type *out) {
  return entry([&] {
    requireOut(out);
    *out = quant::UniformQuantizedType::get(flags, omnir::Type(ctx, storage), omnir::Type(ctx, expressed), scale,
                                            zero_point, storage_min, storage_max)
               .getHandle();
  });
}

QUANT_API omnir_status quant_uniform_type_get(omnir_context *ctx, omnir_type storage, omnir_type expressed,
                                              double scale, int64_t zero_point, omnir_type *out) {
  return entry([&] {
    requireOut(out);
    omnir::Type s(ctx, storage);
    unsigned flags = 0;
    int64_t min = 0, max = 0;
    if (s && omnir::isa<omnir::IntegerType>(s)) {
      omnir::IntegerType i(s);
      bool isSigned = !i.isUnsigned();
      flags = isSigned ? static_cast<unsigned>(quant::QuantizationFlags::Signed) : 0u;
      unsigned width = i.getWidth();
      if (width >= 1 && width <= 32) {
        min = quant::UniformQuantizedType::getDefaultMinimumForInteger(isSigned, width);
        max = quant::UniformQuantizedType::getDefaultMaximumForInteger(isSigned, width);
      }
    }
    *out = quant::UniformQuantizedType::get(flags, s, omnir::Type(ctx, expressed), scale, zero_point, min, max)
               .getHandle();
  });
}

QUANT_API omnir_status quant_type_is_uniform(omnir_context *ctx, omnir_type ty, bool *out) {
  return entry([&] {
    requireOut(out);
    *out = omnir::isa<quant::UniformQuantizedType>(omnir::Type(ctx, ty));
  });
}

QUANT_API omnir_status quant_uniform_type_get_flags(omnir_context *ctx, omnir_type ty, uint32_t *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getFlags();
  });
}
QUANT_API omnir_status quant_uniform_type_get_storage_type(omnir_context *ctx, omnir_type ty, omnir_type *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getStorageType().getHandle();
  });
}
QUANT_API omnir_status quant_uniform_type_get_expressed_type(omnir_context *ctx, omnir_type ty, omnir_type *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getExpressedType().getHandle();
  });
}
QUANT_API omnir_status quant_uniform_type_get_scale(omnir_context *ctx, omnir_type ty, double *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getScale();
  });
}
QUANT_API omnir_status quant_uniform_type_get_zero_point(omnir_context *ctx, omnir_type ty, int64_t *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getZeroPoint();
  });
}
QUANT_API omnir_status quant_uniform_type_get_storage_type_min(omnir_context *ctx, omnir_type ty, int64_t *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getStorageTypeMin();
  });
}
QUANT_API omnir_status quant_uniform_type_get_storage_type_max(omnir_context *ctx, omnir_type ty, int64_t *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).getStorageTypeMax();
  });
}
QUANT_API omnir_status quant_uniform_type_is_signed(omnir_context *ctx, omnir_type ty, bool *out) {
  return entry([&] {
    requireOut(out);
    *out = uniform(ctx, ty).isSigned();
  });
}

QUANT_API const char *quant_last_error_message(void) { return lastError.c_str(); }

} // extern "C"
