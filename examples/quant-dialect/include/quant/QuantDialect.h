// quant: MLIR's quantization dialect (mlir/Dialect/Quant) in omnir's C++ bridge, written the
// way MLIR users write dialects: a Dialect subclass, a type with parameter storage, custom
// assembly, a verifier and interfaces, and operations with verifiers.
//
// C++ users include this header and link libquant_dialect.so; other languages use quant.h.
//
// SPDX-License-Identifier: Apache-2.0
#ifndef QUANT_QUANTDIALECT_H
#define QUANT_QUANTDIALECT_H

#include <omnir/cxx/Dialect.h>
#include <quant/quant.h>

namespace quant {

/// MLIR's QuantizationFlags.
namespace QuantizationFlags {
enum FlagValue : unsigned { Signed = QUANT_FLAG_SIGNED };
} // namespace QuantizationFlags

/// The parameters of `!quant.uniform` (MLIR's UniformQuantizedTypeStorage), kept by omnir as
/// the named parameters flags, storage_type, expressed_type, scale, zero_point,
/// storage_type_min, storage_type_max.
struct UniformQuantizedTypeStorage {
  unsigned flags = 0;
  omnir::Type storageType;
  omnir::Type expressedType;
  double scale = 0.0;
  int64_t zeroPoint = 0;
  int64_t storageTypeMin = 0;
  int64_t storageTypeMax = 0;

  static constexpr auto getParameters() {
    using S = UniformQuantizedTypeStorage;
    return std::make_tuple(omnir::param("flags", &S::flags), omnir::param("storage_type", &S::storageType),
                           omnir::param("expressed_type", &S::expressedType), omnir::param("scale", &S::scale),
                           omnir::param("zero_point", &S::zeroPoint),
                           omnir::param("storage_type_min", &S::storageTypeMin),
                           omnir::param("storage_type_max", &S::storageTypeMax));
  }
};

/// `quant.QuantizedTypeInterface`: what every quantized type answers (a method interface: a C
/// vtable, quant_quantized_type_vtable, callable from any language; here the C++ face).
class QuantizedTypeInterface : public omnir::TypeInterface<QuantizedTypeInterface, quant_quantized_type_vtable> {
public:
  using Base::Base;
  static constexpr const char *getInterfaceName() { return "quant.QuantizedTypeInterface"; }

  // The methods, called through the implementation's C vtable (whoever implemented it).
  unsigned getStorageTypeIntegralWidth() const { return requireVTable()->storage_width(getUserData(), getContext(), *this); }
  bool isSigned() const { return requireVTable()->is_signed(getUserData(), getContext(), *this); }
  int64_t getStorageTypeMin() const { return requireVTable()->storage_min(getUserData(), getContext(), *this); }
  int64_t getStorageTypeMax() const { return requireVTable()->storage_max(getUserData(), getContext(), *this); }
  omnir::Type getStorageType() const {
    return omnir::Type(getContext(), requireVTable()->storage_type(getUserData(), getContext(), *this));
  }
  omnir::Type getExpressedType() const {
    return omnir::Type(getContext(), requireVTable()->expressed_type(getUserData(), getContext(), *this));
  }

  /// What an implementation provides (MLIR's Interface::Concept): virtual methods.
  struct Concept : omnir::InterfaceConcept {
    virtual unsigned getStorageTypeIntegralWidth(omnir::Type type) const = 0;
    virtual bool isSigned(omnir::Type type) const = 0;
    virtual int64_t getStorageTypeMin(omnir::Type type) const = 0;
    virtual int64_t getStorageTypeMax(omnir::Type type) const = 0;
    virtual omnir::Type getStorageType(omnir::Type type) const = 0;
    virtual omnir::Type getExpressedType(omnir::Type type) const = 0;
  };
  /// The implementation for a type class with the same methods (MLIR's Interface::Model).
  template <typename ConcreteT>
  struct Model : Concept {
    unsigned getStorageTypeIntegralWidth(omnir::Type t) const override {
      return omnir::cast<ConcreteT>(t).getStorageTypeIntegralWidth();
    }
    bool isSigned(omnir::Type t) const override { return omnir::cast<ConcreteT>(t).isSigned(); }
    int64_t getStorageTypeMin(omnir::Type t) const override { return omnir::cast<ConcreteT>(t).getStorageTypeMin(); }
    int64_t getStorageTypeMax(omnir::Type t) const override { return omnir::cast<ConcreteT>(t).getStorageTypeMax(); }
    omnir::Type getStorageType(omnir::Type t) const override { return omnir::cast<ConcreteT>(t).getStorageType(); }
    omnir::Type getExpressedType(omnir::Type t) const override { return omnir::cast<ConcreteT>(t).getExpressedType(); }
  };
  /// The interface's one C vtable; its functions call a Concept's virtual methods.
  QUANT_API static const quant_quantized_type_vtable *getCVTable();
  /// `TypeBase<MyType, Storage, QuantizedTypeInterface::Trait>` implements it with Model<MyType>.
  template <typename ConcreteT>
  struct Trait : omnir::detail::ModelInterfaceTrait<QuantizedTypeInterface, Model<ConcreteT>> {};
};

/// `!quant.uniform<i8:f32, 5.000000e-01:128>` (MLIR's UniformQuantizedType, per-layer): a
/// valid memref element type (MemRefElementTypeInterface), and a QuantizedTypeInterface.
class UniformQuantizedType
    : public omnir::TypeBase<UniformQuantizedType, UniformQuantizedTypeStorage, omnir::MemRefElementTypeInterface::Trait,
                             QuantizedTypeInterface::Trait> {
public:
  using Base::Base;
  static constexpr const char *name = "quant.uniform";
  /// MLIR's QuantizedType::MaxStorageBits.
  static constexpr unsigned MaxStorageBits = 32;

  /// MLIR's UniformQuantizedType::get (the context is the storage type's). An integer storage
  /// type is kept as the signless integer of its width; throws omnir::Error when invalid.
  QUANT_API static UniformQuantizedType get(unsigned flags, omnir::Type storageType, omnir::Type expressedType,
                                            double scale, int64_t zeroPoint, int64_t storageTypeMin,
                                            int64_t storageTypeMax);
  /// The same, checked: null (after reporting through `emitError`) when invalid.
  QUANT_API static UniformQuantizedType getChecked(omnir::EmitErrorFn emitError, unsigned flags,
                                                   omnir::Type storageType, omnir::Type expressedType, double scale,
                                                   int64_t zeroPoint, int64_t storageTypeMin, int64_t storageTypeMax);
  /// MLIR's UniformQuantizedType::verifyInvariants (with QuantizedType's).
  QUANT_API static omnir::LogicalResult verify(omnir::EmitErrorFn emitError, const UniformQuantizedTypeStorage &p);
  /// `<storage[<min:max>]:expressed, scale[:zero_point]>` (MLIR's parseUniformType).
  QUANT_API static omnir::Type parse(omnir::AsmParser &parser);
  /// As MLIR's printUniformQuantizedType.
  QUANT_API void print(omnir::AsmPrinter &printer) const;

  unsigned getFlags() const { return getParam<0>(); }
  bool isSigned() const { return (getFlags() & QuantizationFlags::Signed) != 0; }
  omnir::Type getStorageType() const { return getParam<1>(); }
  omnir::Type getExpressedType() const { return getParam<2>(); }
  double getScale() const { return getParam<3>(); }
  int64_t getZeroPoint() const { return getParam<4>(); }
  int64_t getStorageTypeMin() const { return getParam<5>(); }
  int64_t getStorageTypeMax() const { return getParam<6>(); }
  unsigned getStorageTypeIntegralWidth() const { return getStorageType().getIntOrFloatBitWidth(); }
  /// Whether the storage range is not the storage type's full range.
  bool hasStorageTypeBounds() const {
    unsigned width = getStorageTypeIntegralWidth();
    return getStorageTypeMin() != getDefaultMinimumForInteger(isSigned(), width) ||
           getStorageTypeMax() != getDefaultMaximumForInteger(isSigned(), width);
  }

  static int64_t getDefaultMinimumForInteger(bool isSigned, unsigned width) {
    return isSigned ? -(int64_t(1) << (width - 1)) : 0;
  }
  static int64_t getDefaultMaximumForInteger(bool isSigned, unsigned width) {
    return isSigned ? (int64_t(1) << (width - 1)) - 1 : static_cast<int64_t>((uint64_t(1) << width) - 1);
  }

  /// The quantized element type of `type` (itself, or a shaped type's element), or null.
  static UniformQuantizedType getQuantizedElementType(omnir::Type type) {
    if (auto shaped = omnir::dyn_cast<omnir::ShapedType>(type))
      type = shaped.getElementType();
    return omnir::dyn_cast<UniformQuantizedType>(type);
  }
};

/// A type's element type if it is shaped, else itself (MLIR's getElementTypeOrSelf).
inline omnir::Type getElementTypeOrSelf(omnir::Type type) {
  if (auto shaped = omnir::dyn_cast<omnir::ShapedType>(type))
    return shaped.getElementType();
  return type;
}

/// `quant.qcast`: a float scalar or tensor to its quantized counterpart (MLIR's QuantizeCastOp).
class QuantizeCastOp
    : public omnir::Op<QuantizeCastOp, omnir::OpTrait::OneOperand, omnir::OpTrait::OneResult, omnir::OpTrait::Pure,
                       omnir::OpTrait::SameOperandsAndResultShape> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "quant.qcast"; }
  QUANT_API static void define(omnir::OpDefinition &def);
  static void build(omnir::OpBuilder &, omnir::OperationState &state, omnir::Type resultType, omnir::Value input) {
    state.addOperand(input);
    state.addType(resultType);
  }
  QUANT_API omnir::LogicalResult verify();
  omnir::Value getInput() const { return getOperand(); }
  omnir::FloatType getFloatType() const { return omnir::dyn_cast<omnir::FloatType>(getElementTypeOrSelf(getInput().getType())); }
  UniformQuantizedType getQuantizedType() const { return UniformQuantizedType::getQuantizedElementType(getType()); }
};

/// `quant.dcast`: a quantized scalar or tensor back to its float type (MLIR's DequantizeCastOp).
class DequantizeCastOp
    : public omnir::Op<DequantizeCastOp, omnir::OpTrait::OneOperand, omnir::OpTrait::OneResult, omnir::OpTrait::Pure,
                       omnir::OpTrait::SameOperandsAndResultShape> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "quant.dcast"; }
  QUANT_API static void define(omnir::OpDefinition &def);
  static void build(omnir::OpBuilder &, omnir::OperationState &state, omnir::Type resultType, omnir::Value input) {
    state.addOperand(input);
    state.addType(resultType);
  }
  QUANT_API omnir::LogicalResult verify();
  omnir::Value getInput() const { return getOperand(); }
  omnir::FloatType getFloatType() const { return omnir::dyn_cast<omnir::FloatType>(getElementTypeOrSelf(getType())); }
  UniformQuantizedType getQuantizedType() const {
    return UniformQuantizedType::getQuantizedElementType(getInput().getType());
  }
};

/// `quant.scast`: between a quantized type and its storage integer type (MLIR's StorageCastOp).
class StorageCastOp
    : public omnir::Op<StorageCastOp, omnir::OpTrait::OneOperand, omnir::OpTrait::OneResult, omnir::OpTrait::Pure,
                       omnir::OpTrait::SameOperandsAndResultShape> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "quant.scast"; }
  QUANT_API static void define(omnir::OpDefinition &def);
  static void build(omnir::OpBuilder &, omnir::OperationState &state, omnir::Type resultType, omnir::Value input) {
    state.addOperand(input);
    state.addType(resultType);
  }
  QUANT_API omnir::LogicalResult verify();
  omnir::Value getInput() const { return getOperand(); }
};

/// The dialect (MLIR's QuantDialect).
class QUANT_API QuantDialect : public omnir::Dialect {
public:
  explicit QuantDialect(omnir::Context ctx) : Dialect(getDialectNamespace(), ctx) {}
  static constexpr const char *getDialectNamespace() { return "quant"; }
  void initialize() override;
};

/// Loads the dialect into `ctx` (idempotent): omnir::registerDialect<QuantDialect>(ctx).
QUANT_API void registerQuantDialect(omnir::Context ctx);

} // namespace quant

#endif // QUANT_QUANTDIALECT_H
