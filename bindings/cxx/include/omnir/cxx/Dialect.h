// omnir C++ API: dialects written as MLIR users write them.
//
//   struct UniformQuantizedTypeStorage {                 // the type's parameters
//     unsigned flags; omnir::Type storageType, expressedType; double scale; int64_t zeroPoint;
//     static constexpr auto getParameters() {            // mapped to omnir's named parameters
//       return std::make_tuple(omnir::param("flags", &UniformQuantizedTypeStorage::flags), ...);
//     }
//   };
//   class UniformQuantizedType
//       : public omnir::TypeBase<UniformQuantizedType, UniformQuantizedTypeStorage,
//                                omnir::MemRefElementTypeInterface::Trait> {
//   public:
//     using Base::Base;
//     static constexpr const char *name = "quant.uniform";          // TypeId name; mnemonic "uniform"
//     static omnir::LogicalResult verify(omnir::EmitErrorFn emitError, const ImplType &p);
//     static omnir::Type parse(omnir::AsmParser &parser);          // custom assembly, optional
//     void print(omnir::AsmPrinter &printer) const;
//   };
//   class QuantizeCastOp : public omnir::Op<QuantizeCastOp, omnir::OpTrait::OneOperand,
//                                           omnir::OpTrait::OneResult, omnir::OpTrait::Pure> {
//   public:
//     using Op::Op;
//     static constexpr const char *getOperationName() { return "quant.qcast"; }
//     static void define(omnir::OpDefinition &def);                // operands, results, attributes
//     omnir::LogicalResult verify();                               // emitOpError() << ...
//   };
//   class QuantDialect : public omnir::Dialect {
//   public:
//     explicit QuantDialect(omnir::Context ctx) : Dialect("quant", ctx) {}
//     void initialize() override { addTypes<UniformQuantizedType>(); addOperations<QuantizeCastOp>(); }
//   };
//   omnir::registerDialect<QuantDialect>(ctx);   // ABI handshake, then registration (idempotent)
//
// Everything registers through the C API into the context's one registry, so a type defined
// here is the same type, with the same TypeId and interfaces, for every other package.
// Callbacks reach the C++ code through libomnir_cxx.so's trampolines, which turn exceptions
// into failure messages (nothing unwinds into omnir). The objects behind the callbacks are
// owned by the context: a dialect library must stay loaded while contexts use it.
//
// SPDX-License-Identifier: Apache-2.0
#ifndef OMNIR_CXX_DIALECT_H
#define OMNIR_CXX_DIALECT_H

#include <omnir/cxx/IR.h>

#include <cstring>
#include <deque>
#include <memory>
#include <tuple>

namespace omnir {

//===----------------------------------------------------------------------===//
// AsmParser / AsmPrinter (custom assembly of types and attributes)
//===----------------------------------------------------------------------===//

/// A position in the text a custom parser was given (MLIR's SMLoc). The default one is the
/// symbol's mnemonic (MLIR's getNameLoc()).
struct SMLoc {
  static constexpr size_t npos = static_cast<size_t>(-1);
  size_t offset = npos;
  bool isNameLoc() const { return offset == npos; }
};

/// What `parseCommaSeparatedList` expects around the list.
enum class Delimiter { None, Paren, Square, LessGreater, Braces, OptionalParen, OptionalSquare, OptionalLessGreater, OptionalBraces };

/// MLIR's AsmParser for the text after a type's or attribute's mnemonic (`<i8:f32, 0.5>`).
/// Tokens are read by the bridge's Rust cursor; nested types and attributes are parsed by
/// the core. The first error (message and position) is what omnir reports, at that place
/// in the file.
class OMNIR_CXX_API AsmParser {
public:
  AsmParser(Context ctx, const char *text, size_t len);
  AsmParser(Context ctx, std::string_view text) : AsmParser(ctx, text.data(), text.size()) {}
  AsmParser(const AsmParser &) = delete;
  AsmParser &operator=(const AsmParser &) = delete;
  ~AsmParser();

  Context getContext() const { return ctx_; }
  /// The position of the next token.
  SMLoc getCurrentLocation();
  /// The mnemonic's position.
  SMLoc getNameLoc() const { return SMLoc{}; }
  /// Reports an error at `loc` (only the first error of a parse is kept).
  InFlightDiagnostic emitError(SMLoc loc, std::string_view message = {});
  bool hasError() const;
  const std::string &getErrorMessage() const;
  /// Byte offset of the error, SMLoc::npos for the mnemonic.
  size_t getErrorOffset() const;
  /// Whether only blanks are left.
  bool atEnd();
  /// The whole text.
  std::string_view getFullText() const;

  // Punctuation: `parseX` fails with MLIR's "expected 'x'"; `parseOptionalX` fails silently.
  ParseResult parseLess() { return parsePunct("<"); }
  ParseResult parseOptionalLess() { return parseOptionalPunct("<"); }
  ParseResult parseGreater() { return parsePunct(">"); }
  ParseResult parseOptionalGreater() { return parseOptionalPunct(">"); }
  ParseResult parseColon() { return parsePunct(":"); }
  ParseResult parseOptionalColon() { return parseOptionalPunct(":"); }
  ParseResult parseComma() { return parsePunct(","); }
  ParseResult parseOptionalComma() { return parseOptionalPunct(","); }
  ParseResult parseEqual() { return parsePunct("="); }
  ParseResult parseOptionalEqual() { return parseOptionalPunct("="); }
  ParseResult parseLParen() { return parsePunct("("); }
  ParseResult parseOptionalLParen() { return parseOptionalPunct("("); }
  ParseResult parseRParen() { return parsePunct(")"); }
  ParseResult parseOptionalRParen() { return parseOptionalPunct(")"); }
  ParseResult parseLSquare() { return parsePunct("["); }
  ParseResult parseOptionalLSquare() { return parseOptionalPunct("["); }
  ParseResult parseRSquare() { return parsePunct("]"); }
  ParseResult parseOptionalRSquare() { return parseOptionalPunct("]"); }
  ParseResult parseLBrace() { return parsePunct("{"); }
  ParseResult parseOptionalLBrace() { return parseOptionalPunct("{"); }
  ParseResult parseRBrace() { return parsePunct("}"); }
  ParseResult parseOptionalRBrace() { return parseOptionalPunct("}"); }
  ParseResult parseQuestion() { return parsePunct("?"); }
  ParseResult parseOptionalQuestion() { return parseOptionalPunct("?"); }
  ParseResult parseStar() { return parsePunct("*"); }
  ParseResult parseOptionalStar() { return parseOptionalPunct("*"); }
  ParseResult parsePlus() { return parsePunct("+"); }
  ParseResult parseOptionalPlus() { return parseOptionalPunct("+"); }
  ParseResult parseMinus() { return parsePunct("-"); }
  ParseResult parseOptionalMinus() { return parseOptionalPunct("-"); }
  ParseResult parseArrow() { return parsePunct("->"); }
  ParseResult parseOptionalArrow() { return parseOptionalPunct("->"); }
  ParseResult parseEllipsis() { return parsePunct("..."); }
  ParseResult parseOptionalEllipsis() { return parseOptionalPunct("..."); }
  ParseResult parseVerticalBar() { return parsePunct("|"); }
  ParseResult parseOptionalVerticalBar() { return parseOptionalPunct("|"); }
  ParseResult parsePunct(std::string_view punct);
  ParseResult parseOptionalPunct(std::string_view punct);

  /// The keyword `keyword` ("expected 'keyword'").
  ParseResult parseKeyword(std::string_view keyword);
  ParseResult parseOptionalKeyword(std::string_view keyword);
  /// Any keyword (a bare identifier), into `*out` ("expected valid keyword").
  ParseResult parseKeyword(std::string *out);
  ParseResult parseOptionalKeyword(std::string *out);
  /// A string literal ("expected string").
  ParseResult parseString(std::string *out);
  ParseResult parseOptionalString(std::string *out);
  ParseResult parseKeywordOrString(std::string *out);

  /// An integer literal, range-checked for `IntT` ("expected integer value", "integer value
  /// too large").
  template <typename IntT>
  ParseResult parseInteger(IntT &result) {
    SMLoc loc = getCurrentLocation();
    OptionalParseResult r = parseOptionalInteger(result);
    if (!r.has_value())
      return emitError(loc, "expected integer value");
    return *r;
  }
  template <typename IntT>
  OptionalParseResult parseOptionalInteger(IntT &result) {
    static_assert(std::is_integral<IntT>::value, "parseInteger needs an integral type");
    SMLoc loc = getCurrentLocation();
    int64_t value = 0;
    OptionalParseResult r = parseOptionalInt64(value, std::is_unsigned<IntT>::value);
    if (!r.has_value() || failed(*r))
      return r;
    bool fits;
    if (std::is_unsigned<IntT>::value)
      fits = static_cast<uint64_t>(value) <= static_cast<uint64_t>(std::numeric_limits<IntT>::max());
    else
      fits = value >= static_cast<int64_t>(std::numeric_limits<IntT>::min()) &&
             value <= static_cast<int64_t>(std::numeric_limits<IntT>::max());
    if (!fits)
      return ParseResult(emitError(loc, "integer value too large"));
    result = static_cast<IntT>(value);
    return ParseResult(success());
  }
  /// A float literal (or an integer) ("expected floating point literal").
  ParseResult parseFloat(double &result);

  /// A type, parsed by the core.
  ParseResult parseType(Type &result);
  /// A type of class `T` ("invalid kind of type specified").
  template <typename T>
  ParseResult parseType(T &result) {
    SMLoc loc = getCurrentLocation();
    Type t;
    if (parseType(t))
      return failure();
    if (!isa<T>(t))
      return emitError(loc, "invalid kind of type specified");
    result = T(t);
    return success();
  }
  /// A type if one starts here (a builtin type keyword, `!`, or `(`).
  OptionalParseResult parseOptionalType(Type &result);
  /// An attribute, parsed by the core.
  ParseResult parseAttribute(Attribute &result);
  template <typename T>
  ParseResult parseAttribute(T &result) {
    SMLoc loc = getCurrentLocation();
    Attribute a;
    if (parseAttribute(a))
      return failure();
    if (!isa<T>(a))
      return emitError(loc, "invalid kind of attribute specified");
    result = T(a);
    return success();
  }

  /// `elt (, elt)*` inside the delimiter; `parseElement` parses one element.
  ParseResult parseCommaSeparatedList(Delimiter delimiter, function_ref<ParseResult()> parseElement,
                                      std::string_view contextMessage = {});
  ParseResult parseCommaSeparatedList(function_ref<ParseResult()> parseElement) {
    return parseCommaSeparatedList(Delimiter::None, parseElement);
  }

  /// MLIR's parser.getChecked<T>(args...): `T::getChecked(emitError, args...)` with errors
  /// reported at the mnemonic (pass `getContext()` first for TypeBase's own getChecked).
  template <typename T, typename... Args>
  T getChecked(Args &&...args) {
    return getCheckedAt<T>(getNameLoc(), std::forward<Args>(args)...);
  }
  /// The same, with errors at `loc`.
  template <typename T, typename... Args>
  T getCheckedAt(SMLoc loc, Args &&...args) {
    auto emit = [this, loc]() { return emitError(loc); };
    return T::getChecked(emit, std::forward<Args>(args)...);
  }

private:
  OptionalParseResult parseOptionalInt64(int64_t &value, bool isUnsigned);
  struct Impl;
  Context ctx_;
  std::unique_ptr<Impl> impl_;
};

/// MLIR's AsmPrinter for the text after a mnemonic: appends to the text omnir is printing
/// (an omnir_string_builder) or to a std::string.
class AsmPrinter {
public:
  AsmPrinter(Context ctx, omnir_string_builder *out) : ctx_(ctx), builder_(out) {}
  AsmPrinter(Context ctx, std::string *out) : ctx_(ctx), string_(out) {}
  Context getContext() const { return ctx_; }

  AsmPrinter &append(std::string_view text) {
    if (string_)
      string_->append(text.data(), text.size());
    else
      check(omnir_string_builder_append(builder_, text.data(), text.size()));
    return *this;
  }
  /// A double as MLIR prints it (`5.000000e-01`).
  void printFloat(double value) { append(formatDouble(value)); }
  void printType(Type t) { append(t.str()); }
  void printAttribute(Attribute a) { append(a.str()); }
  /// A string literal, quoted and escaped as MLIR does.
  void printString(std::string_view s) { append(quoteString(s)); }
  void printKeywordOrString(std::string_view s) { isBareIdentifier(s) ? (void)append(s) : printString(s); }

  AsmPrinter &operator<<(std::string_view s) { return append(s); }
  AsmPrinter &operator<<(const char *s) { return append(s); }
  AsmPrinter &operator<<(const std::string &s) { return append(s); }
  AsmPrinter &operator<<(char c) { return append(std::string_view(&c, 1)); }
  AsmPrinter &operator<<(double v) { return append(formatDouble(v)); }
  AsmPrinter &operator<<(float v) { return append(formatDouble(v)); }
  AsmPrinter &operator<<(Type t) { return append(t.str()); }
  AsmPrinter &operator<<(Attribute a) { return append(a.str()); }
  template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, char>::value &&
                                                    !std::is_same<T, bool>::value>>
  AsmPrinter &operator<<(T v) {
    return append(std::to_string(v));
  }
  AsmPrinter &operator<<(bool v) { return append(v ? "true" : "false"); }

private:
  Context ctx_;
  omnir_string_builder *builder_ = nullptr;
  std::string *string_ = nullptr;
};

//===----------------------------------------------------------------------===//
// Parameters: a storage struct's members as omnir's named parameters (attributes)
//===----------------------------------------------------------------------===//

/// One parameter of a storage struct: its name (omnir's parameter name) and member.
template <typename StorageT, typename M>
struct Parameter {
  const char *name;
  M StorageT::*member;
  using value_type = M;
};
/// `omnir::param("scale", &Storage::scale)`.
template <typename StorageT, typename M>
constexpr Parameter<StorageT, M> param(const char *name, M StorageT::*member) {
  return Parameter<StorageT, M>{name, member};
}

/// How a parameter's C++ value is kept as an attribute. Specialize it for your own types.
template <typename T, typename Enable = void>
struct ParamTraits;

template <>
struct ParamTraits<Type> {
  static constexpr const char *expected = "a type";
  /// A null type is kept as `unit` (MLIR allows an absent expressed type, for example).
  static Attribute encode(Context ctx, const Type &v) {
    return v ? static_cast<Attribute>(TypeAttr::get(v)) : static_cast<Attribute>(UnitAttr::get(ctx));
  }
  static bool decode(Attribute a, Type &out) {
    if (isa<TypeAttr>(a)) {
      out = TypeAttr(a).getValue();
      return true;
    }
    if (isa<UnitAttr>(a)) {
      out = Type();
      return true;
    }
    return false;
  }
};
template <>
struct ParamTraits<Attribute> {
  static constexpr const char *expected = "an attribute";
  static Attribute encode(Context ctx, const Attribute &v) { return v ? v : static_cast<Attribute>(UnitAttr::get(ctx)); }
  static bool decode(Attribute a, Attribute &out) {
    out = a;
    return true;
  }
};
template <>
struct ParamTraits<bool> {
  static constexpr const char *expected = "a bool attribute";
  static Attribute encode(Context ctx, bool v) { return BoolAttr::get(ctx, v); }
  static bool decode(Attribute a, bool &out) {
    if (!isa<BoolAttr>(a))
      return false;
    out = BoolAttr(a).getValue();
    return true;
  }
};
/// Integers (any width, signed or not) are kept as `i64` integer attributes (two's complement).
template <typename T>
struct ParamTraits<T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>> {
  static constexpr const char *expected = "an integer attribute";
  static Attribute encode(Context ctx, T v) { return IntegerAttr::get(IntegerType::get(ctx, 64), static_cast<int64_t>(v)); }
  static bool decode(Attribute a, T &out) {
    if (!isa<IntegerAttr>(a))
      return false;
    out = static_cast<T>(IntegerAttr(a).getInt());
    return true;
  }
};
template <typename T>
struct ParamTraits<T, std::enable_if_t<std::is_enum<T>::value>> {
  using U = std::underlying_type_t<T>;
  static constexpr const char *expected = "an integer attribute";
  static Attribute encode(Context ctx, T v) { return ParamTraits<U>::encode(ctx, static_cast<U>(v)); }
  static bool decode(Attribute a, T &out) {
    U u{};
    if (!ParamTraits<U>::decode(a, u))
      return false;
    out = static_cast<T>(u);
    return true;
  }
};
/// Floats are kept as `f64` float attributes.
template <typename T>
struct ParamTraits<T, std::enable_if_t<std::is_floating_point<T>::value>> {
  static constexpr const char *expected = "a float attribute";
  static Attribute encode(Context ctx, T v) { return FloatAttr::get(FloatType::getF64(ctx), static_cast<double>(v)); }
  static bool decode(Attribute a, T &out) {
    if (!isa<FloatAttr>(a))
      return false;
    out = static_cast<T>(FloatAttr(a).getValueAsDouble());
    return true;
  }
};
template <>
struct ParamTraits<std::string> {
  static constexpr const char *expected = "a string attribute";
  static Attribute encode(Context ctx, const std::string &v) { return StringAttr::get(ctx, v); }
  static bool decode(Attribute a, std::string &out) {
    if (!isa<StringAttr>(a))
      return false;
    out = StringAttr(a).getValue();
    return true;
  }
};
/// Lists are kept as array attributes.
template <typename E>
struct ParamTraits<std::vector<E>> {
  static constexpr const char *expected = "an array attribute";
  static Attribute encode(Context ctx, const std::vector<E> &v) {
    std::vector<Attribute> elements;
    elements.reserve(v.size());
    for (const auto &e : v)
      elements.push_back(ParamTraits<E>::encode(ctx, e));
    return ArrayAttr::get(ctx, elements);
  }
  static bool decode(Attribute a, std::vector<E> &out) {
    if (!isa<ArrayAttr>(a))
      return false;
    ArrayAttr array(a);
    out.clear();
    for (size_t i = 0, n = array.size(); i < n; ++i) {
      E e{};
      if (!ParamTraits<E>::decode(array[i], e))
        return false;
      out.push_back(std::move(e));
    }
    return true;
  }
};
/// A typed attribute class (IntegerAttr, TypeAttr, your own AttrBase...) as a parameter.
template <typename T>
struct ParamTraits<T, std::enable_if_t<std::is_base_of<Attribute, T>::value && !std::is_same<T, Attribute>::value>> {
  static constexpr const char *expected = "an attribute of the declared kind";
  static Attribute encode(Context ctx, const T &v) { return v ? static_cast<Attribute>(v) : static_cast<Attribute>(UnitAttr::get(ctx)); }
  static bool decode(Attribute a, T &out) {
    if (!isa<T>(a))
      return false;
    out = T(a);
    return true;
  }
};

namespace detail {

/// Whether `Args` is exactly one `S` (to tell `get(ctx, storage)` from `get(ctx, members...)`).
template <typename S, typename... Args>
struct IsOnly : std::false_type {};
template <typename S, typename A>
struct IsOnly<S, A> : std::is_same<std::decay_t<A>, S> {};

template <typename StorageT>
using ParamTuple = decltype(StorageT::getParameters());

template <typename StorageT>
constexpr size_t numParams() {
  return std::tuple_size<ParamTuple<StorageT>>::value;
}

template <typename StorageT>
std::vector<std::string> paramNames() {
  std::vector<std::string> names;
  std::apply([&](const auto &...p) { (names.push_back(p.name), ...); }, StorageT::getParameters());
  return names;
}

template <typename StorageT>
std::vector<omnir_attribute> encodeParams(Context ctx, const StorageT &storage) {
  std::vector<omnir_attribute> out;
  out.reserve(numParams<StorageT>());
  std::apply(
      [&](const auto &...p) {
        (out.push_back(
             ParamTraits<typename std::decay_t<decltype(p)>::value_type>::encode(ctx, storage.*(p.member)).getHandle()),
         ...);
      },
      StorageT::getParameters());
  return out;
}

/// Decodes `n` attributes into a storage struct; false (and `*error`) when one is of the
/// wrong kind.
template <typename StorageT>
bool decodeParams(Context ctx, const omnir_attribute *params, size_t n, StorageT &storage, std::string *error) {
  if (n != numParams<StorageT>()) {
    if (error)
      *error = "expected " + std::to_string(numParams<StorageT>()) + " parameters, got " + std::to_string(n);
    return false;
  }
  bool ok = true;
  size_t i = 0;
  std::apply(
      [&](const auto &...p) {
        auto one = [&](const auto &param) {
          using M = typename std::decay_t<decltype(param)>::value_type;
          if (ok && !ParamTraits<M>::decode(Attribute(ctx, params[i]), storage.*(param.member))) {
            ok = false;
            if (error)
              *error = std::string("parameter '") + param.name + "' must be " + ParamTraits<M>::expected;
          }
          ++i;
        };
        (one(p), ...);
      },
      StorageT::getParameters());
  return ok;
}

/// Decodes parameter I only.
template <size_t I, typename StorageT>
auto decodeParam(Context ctx, omnir_attribute raw) {
  const auto &p = std::get<I>(StorageT::getParameters());
  using M = typename std::decay_t<decltype(p)>::value_type;
  M value{};
  if (!ParamTraits<M>::decode(Attribute(ctx, raw), value))
    throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string("parameter '") + p.name + "' must be " + ParamTraits<M>::expected);
  return value;
}

/// An interface implementation handed to omnir (its user data is freed by omnir after a
/// successful registration, by the bridge otherwise).
struct InterfaceRegistration {
  uint32_t interfaceID = 0;
  const void *vtable = nullptr;
  void *userData = nullptr;
  void (*freeUserData)(void *) = nullptr;
};

/// Frees the user data of registrations that were not handed over.
OMNIR_CXX_API void releaseInterfaces(std::vector<InterfaceRegistration> &interfaces);

template <typename Trait, typename = void>
struct HasInterfaces : std::false_type {};
template <typename Trait>
struct HasInterfaces<Trait, std::void_t<decltype(Trait::omnirAddInterfaces(std::declval<std::vector<InterfaceRegistration> &>()))>>
    : std::true_type {};
template <typename Trait>
void addTraitInterfaces(std::vector<InterfaceRegistration> &out) {
  if constexpr (HasInterfaces<Trait>::value)
    Trait::omnirAddInterfaces(out);
}

template <typename Trait, typename = void>
struct TraitFlags : std::integral_constant<uint32_t, 0> {};
template <typename Trait>
struct TraitFlags<Trait, std::void_t<decltype(Trait::omnirTraitFlags)>> : std::integral_constant<uint32_t, Trait::omnirTraitFlags> {};

template <typename Trait, typename = void>
struct HasVerifyTrait : std::false_type {};
template <typename Trait>
struct HasVerifyTrait<Trait, std::void_t<decltype(Trait::verifyTrait(std::declval<Operation>()))>> : std::true_type {};
template <typename Trait>
LogicalResult verifyTrait(Operation op) {
  if constexpr (HasVerifyTrait<Trait>::value)
    return Trait::verifyTrait(op);
  else
    return success();
}

template <typename T, typename = void>
struct HasTypeParse : std::false_type {};
template <typename T>
struct HasTypeParse<T, std::void_t<decltype(T::parse(std::declval<AsmParser &>()))>> : std::true_type {};
template <typename T, typename = void>
struct HasAttrParse : std::false_type {};
template <typename T>
struct HasAttrParse<T, std::void_t<decltype(T::parse(std::declval<AsmParser &>(), std::declval<Type>()))>> : std::true_type {};
template <typename T, typename = void>
struct HasPrint : std::false_type {};
template <typename T>
struct HasPrint<T, std::void_t<decltype(std::declval<const T &>().print(std::declval<AsmPrinter &>()))>> : std::true_type {};

} // namespace detail

//===----------------------------------------------------------------------===//
// Kinds (types and attributes) and their registration
//===----------------------------------------------------------------------===//

/// The C++ behaviour of a dialect type or attribute kind behind omnir's C callbacks (the
/// bridge's trampolines call these; the TypeBase/AttrBase templates implement them).
class OMNIR_CXX_API KindModel {
public:
  virtual ~KindModel();
  /// The parameters verifier.
  virtual LogicalResult verify(Context ctx, const omnir_attribute *params, size_t n, EmitErrorFn emitError) const;
  /// The custom parser: fills the `n` parameters.
  virtual LogicalResult parse(AsmParser &parser, omnir_attribute *params, size_t n) const;
  /// The custom printer.
  virtual LogicalResult print(AsmPrinter &printer, const omnir_attribute *params, size_t n) const;
  /// The kind's definition id (set by registerKind).
  uint32_t definition = 0;
};

namespace detail {
/// Everything registerKind needs to register a type or attribute kind.
struct KindRegistration {
  bool isAttribute = false;
  std::string dialect;  ///< `quant`
  std::string mnemonic; ///< `uniform`
  std::vector<std::string> params;
  std::unique_ptr<KindModel> verifier; ///< null: no parameters verifier
  std::unique_ptr<KindModel> assembly; ///< null: omnir's default form
  std::vector<InterfaceRegistration> interfaces;
};
/// Registers a kind (with its assembly); a kind registered already with the same parameter
/// names is left alone (registering a dialect twice is a no-op). Throws omnir::Error.
OMNIR_CXX_API void registerKind(Context ctx, KindRegistration &&registration);

template <typename ConcreteT, bool IsAttribute>
class KindModelFor;
} // namespace detail

/// The storage of a kind without parameters.
struct EmptyStorage {
  static constexpr auto getParameters() { return std::tuple<>(); }
};

/// A dialect type class (MLIR's Type::TypeBase): `ConcreteT` declares
/// `static constexpr const char *name = "dialect.mnemonic"`, its parameters are the members
/// of `StorageT` listed by `StorageT::getParameters()`, and `Traits` are interface traits
/// (`MemRefElementTypeInterface::Trait`, `MyInterface::Trait`...).
template <typename ConcreteT, typename StorageT = EmptyStorage, template <typename T> class... Traits>
class TypeBase : public Type, public Traits<ConcreteT>... {
public:
  using Base = TypeBase;
  using ImplType = StorageT;
  TypeBase() = default;
  TypeBase(Type t) : Type(t) {} // NOLINT: cast<ConcreteT>(type)
  TypeBase(Context ctx, omnir_type handle) : Type(ctx, handle) {}

  /// The TypeId of `ConcreteT::name`, the same in every package of the process.
  static uint32_t getTypeID() {
    static const uint32_t id = omnir::getTypeID(ConcreteT::name);
    return id;
  }
  static bool classof(Type t) { return t.getTypeID() == getTypeID(); }
  /// The part of `name` after the dialect's namespace.
  static std::string_view getMnemonic() {
    std::string_view n(ConcreteT::name);
    auto dot = n.find('.');
    return dot == std::string_view::npos ? n : n.substr(dot + 1);
  }
  /// The definition id in `ctx` (OMNIR_ERROR_NOT_REGISTERED if the dialect is not loaded).
  static uint32_t lookupDefinition(Context ctx) {
    uint32_t def = 0;
    check(omnir_dialect_lookup_type(ctx, ConcreteT::name, std::strlen(ConcreteT::name), &def));
    return def;
  }

  /// The uniqued instance with these parameters; throws omnir::Error
  /// (OMNIR_ERROR_VERIFICATION_FAILED with the verifier's message) when they are invalid.
  static ConcreteT get(Context ctx, const StorageT &storage) {
    return getFromRaw(ctx, detail::encodeParams(ctx, storage));
  }
  /// The same from the storage's members in order (MLIR's Base::get(ctx, params...)).
  template <typename... Args, typename = std::enable_if_t<!detail::IsOnly<StorageT, Args...>::value>>
  static ConcreteT get(Context ctx, Args &&...args) {
    return get(ctx, StorageT{std::forward<Args>(args)...});
  }
  /// MLIR's getChecked: verifies first, reporting through `emitError`; null when invalid.
  static ConcreteT getChecked(EmitErrorFn emitError, Context ctx, const StorageT &storage) {
    if (failed(ConcreteT::verify(emitError, storage)))
      return ConcreteT();
    return get(ctx, storage);
  }
  template <typename... Args, typename = std::enable_if_t<!detail::IsOnly<StorageT, Args...>::value>>
  static ConcreteT getChecked(EmitErrorFn emitError, Context ctx, Args &&...args) {
    return getChecked(emitError, ctx, StorageT{std::forward<Args>(args)...});
  }
  /// From already encoded parameters.
  static ConcreteT getFromRaw(Context ctx, const std::vector<omnir_attribute> &params) {
    omnir_type t{};
    check(omnir_dialect_type_get(ctx, lookupDefinition(ctx), params.data(), params.size(), &t));
    return ConcreteT(Type(ctx, t));
  }
  /// The default verifier accepts everything; hide it with your own.
  static LogicalResult verify(EmitErrorFn, const StorageT &) { return success(); }

  /// The parameters, decoded (MLIR's getImpl()).
  StorageT getImpl() const {
    StorageT s{};
    std::vector<omnir_attribute> raw(detail::numParams<StorageT>());
    for (size_t i = 0; i < raw.size(); ++i)
      check(omnir_dialect_type_get_param(this->ctx_, this->impl_, i, &raw[i]));
    std::string error;
    if (!detail::decodeParams(this->ctx_, raw.data(), raw.size(), s, &error))
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string(ConcreteT::name) + ": " + error);
    return s;
  }
  /// Parameter I alone.
  template <size_t I>
  auto getParam() const {
    omnir_attribute raw{};
    check(omnir_dialect_type_get_param(this->ctx_, this->impl_, I, &raw));
    return detail::decodeParam<I, StorageT>(this->ctx_, raw);
  }
  /// Parameter i as omnir keeps it.
  Attribute getRawParam(size_t i) const {
    omnir_attribute raw{};
    check(omnir_dialect_type_get_param(this->ctx_, this->impl_, i, &raw));
    return Attribute(this->ctx_, raw);
  }

  /// What Dialect::addTypes registers.
  static detail::KindRegistration makeRegistration(std::string_view dialectNamespace);
};

/// A dialect attribute class (MLIR's Attribute::AttrBase); as TypeBase. Its custom parser is
/// `static Attribute parse(AsmParser &, Type)`.
template <typename ConcreteT, typename StorageT = EmptyStorage, template <typename T> class... Traits>
class AttrBase : public Attribute, public Traits<ConcreteT>... {
public:
  using Base = AttrBase;
  using ImplType = StorageT;
  AttrBase() = default;
  AttrBase(Attribute a) : Attribute(a) {} // NOLINT
  AttrBase(Context ctx, omnir_attribute handle) : Attribute(ctx, handle) {}

  /// The TypeId of `#` + `ConcreteT::name` (attribute TypeIds are `#dialect.name`).
  static uint32_t getTypeID() {
    static const uint32_t id = omnir::getTypeID(std::string("#") + ConcreteT::name);
    return id;
  }
  static bool classof(Attribute a) { return a.getTypeID() == getTypeID(); }
  static std::string_view getMnemonic() {
    std::string_view n(ConcreteT::name);
    auto dot = n.find('.');
    return dot == std::string_view::npos ? n : n.substr(dot + 1);
  }
  static uint32_t lookupDefinition(Context ctx) {
    uint32_t def = 0;
    check(omnir_dialect_lookup_attribute(ctx, ConcreteT::name, std::strlen(ConcreteT::name), &def));
    return def;
  }
  static ConcreteT get(Context ctx, const StorageT &storage) {
    return getFromRaw(ctx, detail::encodeParams(ctx, storage));
  }
  template <typename... Args, typename = std::enable_if_t<!detail::IsOnly<StorageT, Args...>::value>>
  static ConcreteT get(Context ctx, Args &&...args) {
    return get(ctx, StorageT{std::forward<Args>(args)...});
  }
  static ConcreteT getChecked(EmitErrorFn emitError, Context ctx, const StorageT &storage) {
    if (failed(ConcreteT::verify(emitError, storage)))
      return ConcreteT();
    return get(ctx, storage);
  }
  template <typename... Args, typename = std::enable_if_t<!detail::IsOnly<StorageT, Args...>::value>>
  static ConcreteT getChecked(EmitErrorFn emitError, Context ctx, Args &&...args) {
    return getChecked(emitError, ctx, StorageT{std::forward<Args>(args)...});
  }
  static ConcreteT getFromRaw(Context ctx, const std::vector<omnir_attribute> &params) {
    omnir_attribute a{};
    check(omnir_dialect_attr_get(ctx, lookupDefinition(ctx), params.data(), params.size(), &a));
    return ConcreteT(Attribute(ctx, a));
  }
  static LogicalResult verify(EmitErrorFn, const StorageT &) { return success(); }

  StorageT getImpl() const {
    StorageT s{};
    std::vector<omnir_attribute> raw(detail::numParams<StorageT>());
    for (size_t i = 0; i < raw.size(); ++i)
      check(omnir_dialect_attr_get_param(this->ctx_, this->impl_, i, &raw[i]));
    std::string error;
    if (!detail::decodeParams(this->ctx_, raw.data(), raw.size(), s, &error))
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string(ConcreteT::name) + ": " + error);
    return s;
  }
  template <size_t I>
  auto getParam() const {
    omnir_attribute raw{};
    check(omnir_dialect_attr_get_param(this->ctx_, this->impl_, I, &raw));
    return detail::decodeParam<I, StorageT>(this->ctx_, raw);
  }
  Attribute getRawParam(size_t i) const {
    omnir_attribute raw{};
    check(omnir_dialect_attr_get_param(this->ctx_, this->impl_, i, &raw));
    return Attribute(this->ctx_, raw);
  }

  static detail::KindRegistration makeRegistration(std::string_view dialectNamespace);
};

namespace detail {
/// A kind's callbacks for ConcreteT (a TypeBase or AttrBase class).
template <typename ConcreteT, bool IsAttribute>
class KindModelFor final : public KindModel {
  using StorageT = typename ConcreteT::ImplType;

public:
  LogicalResult verify(Context ctx, const omnir_attribute *params, size_t n, EmitErrorFn emitError) const override {
    StorageT storage{};
    std::string error;
    if (!decodeParams(ctx, params, n, storage, &error))
      return emitError() << error;
    return ConcreteT::verify(emitError, storage);
  }

  LogicalResult parse(AsmParser &parser, omnir_attribute *params, size_t n) const override {
    ConcreteT concrete;
    if constexpr (IsAttribute) {
      if constexpr (HasAttrParse<ConcreteT>::value) {
        Attribute result = ConcreteT::parse(parser, Type());
        if (!result)
          return failure();
        if (!isa<ConcreteT>(result))
          return parser.emitError(parser.getNameLoc()) << "the parser of '" << ConcreteT::name
                                                       << "' returned another kind of attribute: " << result;
        concrete = ConcreteT(result);
      } else {
        return parser.emitError(parser.getNameLoc()) << "'" << ConcreteT::name << "' has no custom parser";
      }
    } else {
      if constexpr (HasTypeParse<ConcreteT>::value) {
        Type result = ConcreteT::parse(parser);
        if (!result)
          return failure();
        if (!isa<ConcreteT>(result))
          return parser.emitError(parser.getNameLoc()) << "the parser of '" << ConcreteT::name
                                                       << "' returned another kind of type: " << result;
        concrete = ConcreteT(result);
      } else {
        return parser.emitError(parser.getNameLoc()) << "'" << ConcreteT::name << "' has no custom parser";
      }
    }
    for (size_t i = 0; i < n; ++i)
      params[i] = concrete.getRawParam(i).getHandle();
    return success();
  }

  LogicalResult print(AsmPrinter &printer, const omnir_attribute *params, size_t n) const override {
    if constexpr (HasPrint<ConcreteT>::value) {
      Context ctx = printer.getContext();
      ConcreteT concrete;
      if constexpr (IsAttribute) {
        omnir_attribute a{};
        check(omnir_dialect_attr_get(ctx, definition, params, n, &a));
        concrete = ConcreteT(Attribute(ctx, a));
      } else {
        omnir_type t{};
        check(omnir_dialect_type_get(ctx, definition, params, n, &t));
        concrete = ConcreteT(Type(ctx, t));
      }
      concrete.print(printer);
      return success();
    } else {
      return failure();
    }
  }
};

template <typename ConcreteT, bool IsAttribute, template <typename T> class... Traits>
KindRegistration makeKindRegistration(std::string_view dialectNamespace) {
  using StorageT = typename ConcreteT::ImplType;
  KindRegistration r;
  r.isAttribute = IsAttribute;
  r.dialect = std::string(dialectNamespace);
  r.mnemonic = std::string(ConcreteT::getMnemonic());
  std::string expected = r.dialect + "." + r.mnemonic;
  if (expected != ConcreteT::name)
    throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string("'") + ConcreteT::name +
                                                  "' must be named '<dialect>.<mnemonic>' of dialect '" + r.dialect + "'");
  r.params = paramNames<StorageT>();
  r.verifier.reset(new KindModelFor<ConcreteT, IsAttribute>());
  constexpr bool hasParse = IsAttribute ? HasAttrParse<ConcreteT>::value : HasTypeParse<ConcreteT>::value;
  static_assert(hasParse == HasPrint<ConcreteT>::value,
                "a custom assembly needs both `parse` and `print` (or neither, for the default form)");
  if (hasParse)
    r.assembly.reset(new KindModelFor<ConcreteT, IsAttribute>());
  try {
    (addTraitInterfaces<Traits<ConcreteT>>(r.interfaces), ...);
  } catch (...) {
    releaseInterfaces(r.interfaces);
    throw;
  }
  return r;
}
} // namespace detail

template <typename ConcreteT, typename StorageT, template <typename T> class... Traits>
detail::KindRegistration TypeBase<ConcreteT, StorageT, Traits...>::makeRegistration(std::string_view ns) {
  return detail::makeKindRegistration<ConcreteT, false, Traits...>(ns);
}
template <typename ConcreteT, typename StorageT, template <typename T> class... Traits>
detail::KindRegistration AttrBase<ConcreteT, StorageT, Traits...>::makeRegistration(std::string_view ns) {
  return detail::makeKindRegistration<ConcreteT, true, Traits...>(ns);
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

/// The base of the C++ classes behind interface methods (the user data of an implementation).
class OMNIR_CXX_API InterfaceConcept {
public:
  virtual ~InterfaceConcept();
};

namespace detail {
/// free_user_data of a C++ interface implementation.
OMNIR_CXX_API void deleteInterfaceConcept(void *userData);

/// A marker interface (no methods): the implementation is just the TypeId.
template <typename Interface>
struct MarkerInterfaceTrait {
  static void omnirAddInterfaces(std::vector<InterfaceRegistration> &out) {
    out.push_back(InterfaceRegistration{Interface::getInterfaceID(), nullptr, nullptr, nullptr});
  }
};

/// A method interface implemented in C++: the interface's one C vtable, whose functions call
/// the virtual methods of `ModelT` (an `Interface::Concept`), given to omnir as user data.
template <typename Interface, typename ModelT>
struct ModelInterfaceTrait {
  static void omnirAddInterfaces(std::vector<InterfaceRegistration> &out) {
    std::unique_ptr<InterfaceConcept> model(new ModelT());
    out.push_back(InterfaceRegistration{Interface::getInterfaceID(), Interface::getCVTable(), model.get(),
                                        &deleteInterfaceConcept});
    model.release();
  }
};

/// Calls an interface method's C++ implementation from a C vtable function: exceptions do
/// not cross into C (the default value is returned instead).
template <typename R, typename Fn>
R callNoThrow(R fallback, Fn &&fn) noexcept {
  try {
    return fn();
  } catch (...) {
    return fallback;
  }
}
} // namespace detail

/// A type interface (MLIR's TypeInterface): a Type known to implement `ConcreteInterface`,
/// with the C vtable and user data of its implementation (whoever implemented it: C++, C,
/// Python...). `VTableT` is the C struct of the interface's methods (void: a marker).
template <typename ConcreteInterface, typename VTableT = void>
class TypeInterface : public Type {
public:
  using Base = TypeInterface;
  using VTable = VTableT;
  TypeInterface() = default;
  TypeInterface(Type t) : Type(t) { fetch(); } // NOLINT: dyn_cast<Interface>(type)

  static uint32_t getInterfaceID() {
    static const uint32_t id = omnir::getTypeID(ConcreteInterface::getInterfaceName());
    return id;
  }
  /// Asks the registry (builtin answers, the type's definition, attached implementations).
  static bool classof(Type t) { return t.implements(getInterfaceID()); }
  /// The method table, or null (a marker interface, or a builtin type implementing it natively).
  const VTable *getVTable() const { return static_cast<const VTable *>(vtable_); }
  void *getUserData() const { return userData_; }

  /// MLIR's Interface::Trait for a marker interface; method interfaces define their own
  /// `Trait` as `detail::ModelInterfaceTrait<Interface, Model<ConcreteT>>`.
  template <typename ConcreteT>
  struct MarkerTrait : detail::MarkerInterfaceTrait<ConcreteInterface> {};

protected:
  /// The method table, or an omnir::Error when the implementation has none.
  const VTable *requireVTable() const {
    if (!vtable_)
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string(ConcreteInterface::getInterfaceName()) +
                                                    " has no method table for " + str());
    return getVTable();
  }

private:
  void fetch() {
    if (!*this)
      return;
    omnir_status st = omnir_type_get_interface(ctx_, impl_, getInterfaceID(), &vtable_, &userData_);
    if (st == OMNIR_ERROR_NOT_REGISTERED) {
      *static_cast<Type *>(this) = Type();
      return;
    }
    check(st);
  }
  const void *vtable_ = nullptr;
  void *userData_ = nullptr;
};

/// An attribute interface; as TypeInterface.
template <typename ConcreteInterface, typename VTableT = void>
class AttrInterface : public Attribute {
public:
  using Base = AttrInterface;
  using VTable = VTableT;
  AttrInterface() = default;
  AttrInterface(Attribute a) : Attribute(a) { fetch(); } // NOLINT

  static uint32_t getInterfaceID() {
    static const uint32_t id = omnir::getTypeID(ConcreteInterface::getInterfaceName());
    return id;
  }
  static bool classof(Attribute a) { return a.implements(getInterfaceID()); }
  const VTable *getVTable() const { return static_cast<const VTable *>(vtable_); }
  void *getUserData() const { return userData_; }

protected:
  const VTable *requireVTable() const {
    if (!vtable_)
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string(ConcreteInterface::getInterfaceName()) +
                                                    " has no method table for " + str());
    return getVTable();
  }

private:
  void fetch() {
    if (!*this)
      return;
    omnir_status st = omnir_attribute_get_interface(ctx_, impl_, getInterfaceID(), &vtable_, &userData_);
    if (st == OMNIR_ERROR_NOT_REGISTERED) {
      *static_cast<Attribute *>(this) = Attribute();
      return;
    }
    check(st);
  }
  const void *vtable_ = nullptr;
  void *userData_ = nullptr;
};

/// `builtin.MemRefElementTypeInterface`: a type that may be a memref's element type (a
/// marker). `TypeBase<MyType, Storage, omnir::MemRefElementTypeInterface::Trait>`.
class MemRefElementTypeInterface : public TypeInterface<MemRefElementTypeInterface> {
public:
  using Base::Base;
  static constexpr const char *getInterfaceName() { return "builtin.MemRefElementTypeInterface"; }
  template <typename ConcreteT>
  struct Trait : detail::MarkerInterfaceTrait<MemRefElementTypeInterface> {};
};

/// Attaches an implementation of `Interface` (its `ModelT`, an `Interface::Concept`) to an
/// existing kind named by TypeId name (`builtin.integer`, `quant.uniform`, an op name) — MLIR's
/// external models (`IntegerType::attachInterface<Model>(ctx)`).
template <typename Interface, typename ModelT>
void attachInterface(Context ctx, std::string_view kindName) {
  std::vector<detail::InterfaceRegistration> regs;
  detail::ModelInterfaceTrait<Interface, ModelT>::omnirAddInterfaces(regs);
  omnir_interface_impl impl{regs[0].interfaceID, regs[0].vtable, regs[0].userData, regs[0].freeUserData};
  omnir_status st = omnir_context_attach_interface(ctx, getTypeID(kindName), &impl);
  if (st != OMNIR_OK) {
    Error e = Error::fromLastError(st);
    detail::releaseInterfaces(regs);
    throw e;
  }
}
/// Attaches a marker interface to an existing kind.
template <typename Interface>
void attachMarkerInterface(Context ctx, std::string_view kindName) {
  omnir_interface_impl impl{Interface::getInterfaceID(), nullptr, nullptr, nullptr};
  check(omnir_context_attach_interface(ctx, getTypeID(kindName), &impl));
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

/// A constraint on an operand's or result's type (omnir_type_constraint).
class TypeConstraint {
public:
  TypeConstraint() = default;
  static TypeConstraint any() { return TypeConstraint(); }
  static TypeConstraint anyInteger() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_ANY_INTEGER); }
  /// A signless integer of `width` bits.
  static TypeConstraint integer(unsigned width) {
    TypeConstraint c(OMNIR_TYPE_CONSTRAINT_INTEGER);
    c.width = width;
    return c;
  }
  static TypeConstraint signlessIntegerOrIndex() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_SIGNLESS_INTEGER_OR_INDEX); }
  static TypeConstraint index() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_INDEX); }
  static TypeConstraint anyFloat() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_ANY_FLOAT); }
  /// The float format of `type` (e.g. `f32`).
  static TypeConstraint floatOf(Type type) {
    TypeConstraint c(OMNIR_TYPE_CONSTRAINT_FLOAT);
    c.type = type;
    return c;
  }
  static TypeConstraint integerOrFloat() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_INTEGER_OR_FLOAT); }
  static TypeConstraint anyVector() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_ANY_VECTOR); }
  static TypeConstraint anyTensor() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_ANY_TENSOR); }
  static TypeConstraint anyMemRef() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_ANY_MEMREF); }
  static TypeConstraint anyShaped() { return TypeConstraint(OMNIR_TYPE_CONSTRAINT_ANY_SHAPED); }
  static TypeConstraint exactly(Type type) {
    TypeConstraint c(OMNIR_TYPE_CONSTRAINT_EXACTLY);
    c.type = type;
    return c;
  }
  static TypeConstraint oneOf(std::vector<TypeConstraint> alternatives) {
    TypeConstraint c(OMNIR_TYPE_CONSTRAINT_ONE_OF);
    c.alternatives = std::move(alternatives);
    return c;
  }
  /// A type implementing the interface with this TypeId.
  static TypeConstraint implements(uint32_t interfaceID) {
    TypeConstraint c(OMNIR_TYPE_CONSTRAINT_IMPLEMENTS);
    c.interfaceID = interfaceID;
    return c;
  }
  template <typename Interface>
  static TypeConstraint implementing() {
    return implements(Interface::getInterfaceID());
  }
  /// A type of the class `T` (a TypeBase class or a builtin class), described as `summary`.
  template <typename T>
  static TypeConstraint isa(std::string summary) {
    return predicate(std::move(summary), [](Type t) { return omnir::isa<T>(t); });
  }
  /// Any C++ predicate, described as `summary` in messages ("vector of 4 f32").
  static TypeConstraint predicate(std::string summary, std::function<bool(Type)> fn) {
    TypeConstraint c(OMNIR_TYPE_CONSTRAINT_PREDICATE);
    c.summary = std::move(summary);
    c.fn = std::make_shared<std::function<bool(Type)>>(std::move(fn));
    return c;
  }

  uint32_t kind = OMNIR_TYPE_CONSTRAINT_ANY;
  uint32_t width = 0;
  Type type;
  uint32_t interfaceID = 0;
  std::vector<TypeConstraint> alternatives;
  std::string summary;
  std::shared_ptr<std::function<bool(Type)>> fn;

private:
  explicit TypeConstraint(uint32_t k) : kind(k) {}
};

/// A constraint on an attribute (omnir_attribute_constraint).
class AttrConstraint {
public:
  AttrConstraint() = default;
  static AttrConstraint any() { return AttrConstraint(); }
  static AttrConstraint unit() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_UNIT); }
  static AttrConstraint boolean() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_BOOL); }
  static AttrConstraint integer() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_INTEGER); }
  static AttrConstraint floating() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_FLOAT); }
  static AttrConstraint string() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_STRING); }
  static AttrConstraint type() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_TYPE); }
  static AttrConstraint array() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_ARRAY); }
  static AttrConstraint dictionary() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_DICTIONARY); }
  static AttrConstraint symbolRef() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_SYMBOL_REF); }
  static AttrConstraint flatSymbolRef() { return AttrConstraint(OMNIR_ATTR_CONSTRAINT_FLAT_SYMBOL_REF); }
  /// An integer attribute of exactly `type`.
  static AttrConstraint typedInteger(Type type) {
    AttrConstraint c(OMNIR_ATTR_CONSTRAINT_TYPED_INTEGER);
    c.type_ = type;
    return c;
  }
  template <typename T>
  static AttrConstraint isa(std::string summary) {
    return predicate(std::move(summary), [](Attribute a) { return omnir::isa<T>(a); });
  }
  static AttrConstraint predicate(std::string summary, std::function<bool(Attribute)> fn) {
    AttrConstraint c(OMNIR_ATTR_CONSTRAINT_PREDICATE);
    c.summary = std::move(summary);
    c.fn = std::make_shared<std::function<bool(Attribute)>>(std::move(fn));
    return c;
  }

  uint32_t kind = OMNIR_ATTR_CONSTRAINT_ANY;
  Type type_;
  std::string summary;
  std::shared_ptr<std::function<bool(Attribute)>> fn;

private:
  explicit AttrConstraint(uint32_t k) : kind(k) {}
};

/// An operation's definition (the data of MLIR's ODS), filled by the op class's
/// `static void define(OpDefinition &)`.
class OpDefinition {
public:
  struct ValueSpec {
    std::string name;
    uint32_t arity;
    TypeConstraint constraint;
  };
  struct AttributeSpec {
    std::string name;
    bool optional;
    AttrConstraint constraint;
  };

  explicit OpDefinition(std::string opName) : name(std::move(opName)) {}

  OpDefinition &setSummary(std::string s) {
    summary = std::move(s);
    return *this;
  }
  OpDefinition &operand(std::string n, TypeConstraint c = TypeConstraint::any()) {
    operands.push_back({std::move(n), OMNIR_ARITY_SINGLE, std::move(c)});
    return *this;
  }
  OpDefinition &optionalOperand(std::string n, TypeConstraint c = TypeConstraint::any()) {
    operands.push_back({std::move(n), OMNIR_ARITY_OPTIONAL, std::move(c)});
    return *this;
  }
  OpDefinition &variadicOperand(std::string n, TypeConstraint c = TypeConstraint::any()) {
    operands.push_back({std::move(n), OMNIR_ARITY_VARIADIC, std::move(c)});
    return *this;
  }
  OpDefinition &result(std::string n, TypeConstraint c = TypeConstraint::any()) {
    results.push_back({std::move(n), OMNIR_ARITY_SINGLE, std::move(c)});
    return *this;
  }
  OpDefinition &optionalResult(std::string n, TypeConstraint c = TypeConstraint::any()) {
    results.push_back({std::move(n), OMNIR_ARITY_OPTIONAL, std::move(c)});
    return *this;
  }
  OpDefinition &variadicResult(std::string n, TypeConstraint c = TypeConstraint::any()) {
    results.push_back({std::move(n), OMNIR_ARITY_VARIADIC, std::move(c)});
    return *this;
  }
  OpDefinition &attribute(std::string n, AttrConstraint c = AttrConstraint::any()) {
    attributes.push_back({std::move(n), false, std::move(c)});
    return *this;
  }
  OpDefinition &optionalAttribute(std::string n, AttrConstraint c = AttrConstraint::any()) {
    attributes.push_back({std::move(n), true, std::move(c)});
    return *this;
  }
  OpDefinition &setRegions(size_t n, bool variadic = false) {
    numRegions = n;
    variadicRegions = variadic;
    return *this;
  }
  OpDefinition &setSuccessors(size_t n, bool variadic = false) {
    numSuccessors = n;
    variadicSuccessors = variadic;
    return *this;
  }
  /// More OMNIR_TRAIT_* flags (the op class's traits add theirs).
  OpDefinition &addTraits(uint32_t flags) {
    traits |= flags;
    return *this;
  }
  OpDefinition &setImplicitTerminator(std::string opName) {
    implicitTerminator = std::move(opName);
    return *this;
  }
  OpDefinition &setBranch(size_t firstOperandGroup) {
    isBranch = true;
    branchFirstOperandGroup = firstOperandGroup;
    return *this;
  }

  std::string name;
  std::string summary;
  std::vector<ValueSpec> operands, results;
  std::vector<AttributeSpec> attributes;
  size_t numRegions = 0, numSuccessors = 0;
  bool variadicRegions = false, variadicSuccessors = false;
  uint32_t traits = 0;
  std::string implicitTerminator;
  bool isBranch = false;
  size_t branchFirstOperandGroup = 0;
  std::vector<detail::InterfaceRegistration> interfaces;
};

/// The C++ verifier of an operation behind omnir's C callback.
class OMNIR_CXX_API OpModel {
public:
  virtual ~OpModel();
  virtual LogicalResult verify(Operation op) const = 0;
};

namespace detail {
template <typename T, typename = void>
struct HasDefine : std::false_type {};
template <typename T>
struct HasDefine<T, std::void_t<decltype(T::define(std::declval<OpDefinition &>()))>> : std::true_type {};

/// Registers an operation (skipped if one of that name is registered already). Throws.
OMNIR_CXX_API void registerOperation(Context ctx, OpDefinition &&definition, std::unique_ptr<OpModel> model);

template <typename OpT>
class OpModelFor final : public OpModel {
public:
  LogicalResult verify(Operation op) const override {
    if (failed(OpT::verifyTraits(op)))
      return failure();
    return OpT(op).verify();
  }
};
} // namespace detail

/// Op traits (MLIR's OpTrait::*): flags omnir's verifier checks, accessors, and C++ trait
/// verifiers (`static LogicalResult verifyTrait(Operation)`), run before the op's verify().
namespace OpTrait {
#define OMNIR_CXX_FLAG_TRAIT(NAME, FLAG)                                                                             \
  template <typename ConcreteType>                                                                                  \
  struct NAME {                                                                                                     \
    static constexpr uint32_t omnirTraitFlags = FLAG;                                                               \
  };
OMNIR_CXX_FLAG_TRAIT(IsTerminator, OMNIR_TRAIT_IS_TERMINATOR)
OMNIR_CXX_FLAG_TRAIT(NoTerminator, OMNIR_TRAIT_NO_TERMINATOR)
OMNIR_CXX_FLAG_TRAIT(IsIsolatedFromAbove, OMNIR_TRAIT_ISOLATED_FROM_ABOVE)
OMNIR_CXX_FLAG_TRAIT(SymbolTable, OMNIR_TRAIT_SYMBOL_TABLE)
OMNIR_CXX_FLAG_TRAIT(Symbol, OMNIR_TRAIT_SYMBOL)
OMNIR_CXX_FLAG_TRAIT(SameOperandsAndResultType, OMNIR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE)
OMNIR_CXX_FLAG_TRAIT(GraphRegions, OMNIR_TRAIT_GRAPH_REGIONS)
OMNIR_CXX_FLAG_TRAIT(SingleBlock, OMNIR_TRAIT_SINGLE_BLOCK)
OMNIR_CXX_FLAG_TRAIT(Pure, OMNIR_TRAIT_PURE)
OMNIR_CXX_FLAG_TRAIT(ConstantLike, OMNIR_TRAIT_CONSTANT_LIKE)
OMNIR_CXX_FLAG_TRAIT(IsCommutative, OMNIR_TRAIT_COMMUTATIVE)
OMNIR_CXX_FLAG_TRAIT(ReturnLike, OMNIR_TRAIT_RETURN_LIKE)
OMNIR_CXX_FLAG_TRAIT(AttrSizedOperandSegments, OMNIR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS)
OMNIR_CXX_FLAG_TRAIT(AttrSizedResultSegments, OMNIR_TRAIT_ATTR_SIZED_RESULT_SEGMENTS)
OMNIR_CXX_FLAG_TRAIT(NoRegionArguments, OMNIR_TRAIT_NO_REGION_ARGUMENTS)
#undef OMNIR_CXX_FLAG_TRAIT

/// Exactly one result: getResult(), getType().
template <typename ConcreteType>
struct OneResult {
  Value getResult() const { return static_cast<const ConcreteType *>(this)->getOperation().getResult(0); }
  Type getType() const { return getResult().getType(); }
  static LogicalResult verifyTrait(Operation op) {
    if (op.getNumResults() != 1)
      return op.emitOpError() << "requires one result";
    return success();
  }
};
/// Exactly one operand: getOperand().
template <typename ConcreteType>
struct OneOperand {
  Value getOperand() const { return static_cast<const ConcreteType *>(this)->getOperation().getOperand(0); }
  static LogicalResult verifyTrait(Operation op) {
    if (op.getNumOperands() != 1)
      return op.emitOpError() << "requires a single operand";
    return success();
  }
};
template <typename ConcreteType>
struct ZeroOperands {
  static LogicalResult verifyTrait(Operation op) {
    if (op.getNumOperands() != 0)
      return op.emitOpError() << "requires zero operands";
    return success();
  }
};
template <typename ConcreteType>
struct ZeroResults {
  static LogicalResult verifyTrait(Operation op) {
    if (op.getNumResults() != 0)
      return op.emitOpError() << "requires zero results";
    return success();
  }
};
/// Every operand and result has the same shape (scalars have none; unranked and dynamic
/// sizes are compatible), verified in C++ (MLIR's SameOperandsAndResultShape).
OMNIR_CXX_API LogicalResult verifySameOperandsAndResultShape(Operation op);
template <typename ConcreteType>
struct SameOperandsAndResultShape {
  static LogicalResult verifyTrait(Operation op) { return verifySameOperandsAndResultShape(op); }
};
} // namespace OpTrait

/// A typed operation class (MLIR's Op<ConcreteType, Traits...>): declare
/// `static constexpr const char *getOperationName()`, optionally `static void
/// define(OpDefinition &)`, `LogicalResult verify()` and `static void build(OpBuilder &,
/// OperationState &, ...)` for `builder.create<Op>(loc, ...)`.
template <typename ConcreteType, template <typename T> class... Traits>
class Op : public OpState, public Traits<ConcreteType>... {
public:
  using OpState::OpState;
  Op() = default;
  Op(Operation op) : OpState(op) {} // NOLINT: cast<ConcreteType>(operation)

  static bool classof(Operation op) { return op.getName() == ConcreteType::getOperationName(); }
  static constexpr uint32_t getTraitFlags() { return (0u | ... | detail::TraitFlags<Traits<ConcreteType>>::value); }
  /// Runs the traits' C++ verifiers.
  static LogicalResult verifyTraits(Operation op) {
    bool ok = true;
    ((ok = ok && succeeded(detail::verifyTrait<Traits<ConcreteType>>(op))), ...);
    return success(ok);
  }
  /// The default verifier; hide it with your own.
  LogicalResult verify() { return success(); }

  /// What Dialect::addOperations registers.
  static OpDefinition makeDefinition() {
    OpDefinition def(ConcreteType::getOperationName());
    if constexpr (detail::HasDefine<ConcreteType>::value)
      ConcreteType::define(def);
    def.addTraits(getTraitFlags());
    try {
      (detail::addTraitInterfaces<Traits<ConcreteType>>(def.interfaces), ...);
    } catch (...) {
      detail::releaseInterfaces(def.interfaces);
      throw;
    }
    return def;
  }
};

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

/// A dialect (MLIR's Dialect): subclass it, construct it with its namespace and a context,
/// and register its kinds and operations in initialize().
class OMNIR_CXX_API Dialect {
public:
  Dialect(std::string_view name, Context ctx);
  Dialect(const Dialect &) = delete;
  Dialect &operator=(const Dialect &) = delete;
  virtual ~Dialect();

  /// Registers the types, attributes and operations (addTypes<...>() ...).
  virtual void initialize() = 0;

  std::string_view getNamespace() const { return name_; }
  Context getContext() const { return ctx_; }

  /// Registers the dialect, then runs initialize(). Everything registered already (the
  /// dialect loaded twice) is left alone. Starts with the ABI handshake of the bridge.
  void load();

protected:
  template <typename... Ts>
  void addTypes() {
    (detail::registerKind(ctx_, Ts::makeRegistration(name_)), ...);
  }
  template <typename... Ts>
  void addAttributes() {
    (detail::registerKind(ctx_, Ts::makeRegistration(name_)), ...);
  }
  template <typename... Ts>
  void addOperations() {
    (addOperation<Ts>(), ...);
  }
  /// MLIR's allowUnknownOperations().
  void allowUnknownOperations(bool allow = true);

private:
  template <typename OpT>
  void addOperation() {
    std::string expected = std::string(name_) + ".";
    std::string opName = OpT::getOperationName();
    if (opName.compare(0, expected.size(), expected) != 0)
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, "operation '" + opName + "' is not in dialect '" + name_ + "'");
    detail::registerOperation(ctx_, OpT::makeDefinition(), std::unique_ptr<OpModel>(new detail::OpModelFor<OpT>()));
  }
  std::string name_;
  Context ctx_;
};

/// Loads the dialect `D` into `ctx` (idempotent). The ABI handshake runs first, compiled into
/// the calling library: a dialect library built against a newer omnir header than the loaded
/// core gets OMNIR_ERROR_ABI_MISMATCH here, not a crash.
template <typename D>
void registerDialect(Context ctx) {
  check(omnir_check_abi());
  D dialect(ctx);
  dialect.load();
}

template <typename D>
void Context::loadDialect() const {
  registerDialect<D>(*this);
}

/// Runs `fn` and turns an exception into a status for a C entry point (`extern "C"
/// omnir_status my_dialect_register(omnir_context *)`): omnir::Error gives its status (the
/// core's last error still describes it when the core reported it), anything else
/// OMNIR_ERROR_INTERNAL.
template <typename Fn>
omnir_status runCEntryPoint(Fn &&fn) noexcept {
  try {
    fn();
    return OMNIR_OK;
  } catch (const Error &e) {
    return e.status();
  } catch (...) {
    return OMNIR_ERROR_INTERNAL;
  }
}

} // namespace omnir

#endif // OMNIR_CXX_DIALECT_H
