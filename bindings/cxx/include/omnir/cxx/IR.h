// omnir C++ API: contexts, types, attributes, locations and IR, in MLIR's vocabulary.
//
// Value classes over the C API's handles: a Type, Attribute, Location, Operation, Value,
// Block or Region is a context pointer plus the C handle, cheap to copy, compared and hashed
// by handle. Types and attributes are uniqued and live as long as their context; IR handles
// are checked on every use (a handle to erased IR throws omnir::Error with
// OMNIR_ERROR_STALE_HANDLE). Every failing call throws omnir::Error.
//
//   omnir::OwningContext ctx;                                 // destroys the context at scope end
//   auto i8 = omnir::IntegerType::get(ctx, 8);
//   auto t = omnir::RankedTensorType::get({4, omnir::ShapedType::kDynamic}, i8);
//   if (auto shaped = omnir::dyn_cast<omnir::ShapedType>(t)) use(shaped.getRank());
//   auto module = omnir::parseSourceString<omnir::ModuleOp>(text, ctx);   // OwningOpRef
//   module->verify();                                         // throws, with diagnostics
//
// SPDX-License-Identifier: Apache-2.0
#ifndef OMNIR_CXX_IR_H
#define OMNIR_CXX_IR_H

#include <omnir/cxx/Support.h>

#include <array>
#include <functional>
#include <initializer_list>
#include <ostream>
#include <typeinfo>

namespace omnir {

class Attribute;
class Location;
class Operation;
class Type;

//===----------------------------------------------------------------------===//
// isa / cast / dyn_cast
//===----------------------------------------------------------------------===//
// Free functions only, as in today's MLIR (member isa<>() would hide them inside the member
// functions of every type, attribute and op class).

/// Whether `value` (a Type, Attribute, Location or Operation) is a `To` (`To::classof`).
template <typename To, typename From>
bool isa(const From &value) {
  return To::classof(value);
}
template <typename First, typename Second, typename... Rest, typename From>
bool isa(const From &value) {
  return isa<First>(value) || isa<Second, Rest...>(value);
}
/// `isa` that is false for a null value.
template <typename To, typename... Rest, typename From>
bool isa_and_nonnull(const From &value) {
  return static_cast<bool>(value) && isa<To, Rest...>(value);
}
/// `value` as a `To` (a null `To` if it is not one).
template <typename To, typename From>
To dyn_cast(const From &value) {
  return isa<To>(value) ? To(value) : To();
}
/// `dyn_cast` that accepts a null value.
template <typename To, typename From>
To dyn_cast_or_null(const From &value) {
  return (value && isa<To>(value)) ? To(value) : To();
}
[[noreturn]] OMNIR_CXX_API void throwBadCast(const char *to, const std::string &what);
/// `value` as a `To`; throws omnir::Error (OMNIR_ERROR_INVALID_ARGUMENT) if it is not one.
template <typename To, typename From>
To cast(const From &value) {
  if (!isa<To>(value))
    throwBadCast(typeid(To).name(), value ? value.str() : std::string("<<null>>"));
  return To(value);
}

//===----------------------------------------------------------------------===//
// Options (declarations and values live in a context; overrides in per-thread scopes)
//===----------------------------------------------------------------------===//

/// The kind of an option's values (OMNIR_OPTION_*).
enum class OptionKind : uint32_t {
  Bool = OMNIR_OPTION_BOOL,
  Int = OMNIR_OPTION_INT,
  Float = OMNIR_OPTION_FLOAT,
  String = OMNIR_OPTION_STRING,
  Enum = OMNIR_OPTION_ENUM,
  List = OMNIR_OPTION_LIST,
};

/// A double in the textual form omnir parses back to the same double (`0.5`, `2.0`).
OMNIR_CXX_API std::string formatOptionFloat(double value);

namespace detail {
template <typename T>
struct AlwaysFalse : std::false_type {};

/// The textual form of an option value, as omnir parses it.
inline std::string optionText(bool value) { return value ? "true" : "false"; }
inline std::string optionText(double value) { return formatOptionFloat(value); }
inline std::string optionText(std::string_view value) { return std::string(value); }
inline std::string optionText(const char *value) { return value ? std::string(value) : std::string(); }
inline std::string optionText(const std::string &value) { return value; }
template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>>
std::string optionText(T value) {
  return std::to_string(value);
}
inline std::string optionText(float value) { return formatOptionFloat(static_cast<double>(value)); }

/// Whether an int64 option value fits `T`.
template <typename T>
bool fitsInteger(int64_t v) {
  if constexpr (std::is_signed<T>::value)
    return v >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
           v <= static_cast<int64_t>(std::numeric_limits<T>::max());
  else
    return v >= 0 && static_cast<uint64_t>(v) <= static_cast<uint64_t>(std::numeric_limits<T>::max());
}

template <typename T>
T narrowOption(std::string_view name, int64_t v) {
  if (!fitsInteger<T>(v))
    throw Error(OMNIR_ERROR_OUT_OF_RANGE,
                "option '" + std::string(name) + "' = " + std::to_string(v) + " does not fit the requested type");
  return static_cast<T>(v);
}
} // namespace detail

/// A declared option (MLIR's `cl::opt`, per context): name, kind, default value in textual
/// form, help; `cases` for an enum (or a list of enums), `elementKind` for a list.
struct OptionDecl {
  std::string name;
  OptionKind kind = OptionKind::String;
  std::string defaultValue;
  std::string help;
  std::vector<std::string> cases;
  OptionKind elementKind = OptionKind::Bool;

  /// An option whose kind follows the C++ type of its default: bool, an integer type (Int),
  /// a floating-point type (Float) or a string.
  template <typename T>
  static OptionDecl of(std::string name, const T &defaultValue, std::string help = {}) {
    OptionDecl d;
    d.name = std::move(name);
    d.help = std::move(help);
    d.defaultValue = detail::optionText(defaultValue);
    if constexpr (std::is_same<T, bool>::value)
      d.kind = OptionKind::Bool;
    else if constexpr (std::is_integral<T>::value)
      d.kind = OptionKind::Int;
    else if constexpr (std::is_floating_point<T>::value)
      d.kind = OptionKind::Float;
    else
      d.kind = OptionKind::String;
    return d;
  }
  /// One of `cases`.
  static OptionDecl enumeration(std::string name, std::vector<std::string> cases, std::string defaultValue,
                                std::string help = {}) {
    OptionDecl d;
    d.name = std::move(name);
    d.kind = OptionKind::Enum;
    d.cases = std::move(cases);
    d.defaultValue = std::move(defaultValue);
    d.help = std::move(help);
    return d;
  }
  /// A comma-separated list of values of `element` (`1,2,3`).
  static OptionDecl list(std::string name, OptionKind element, std::string defaultValue, std::string help = {},
                         std::vector<std::string> cases = {}) {
    OptionDecl d;
    d.name = std::move(name);
    d.kind = OptionKind::List;
    d.elementKind = element;
    d.cases = std::move(cases);
    d.defaultValue = std::move(defaultValue);
    d.help = std::move(help);
    return d;
  }
};

namespace detail {
/// The C form of option declarations; it points into the OptionDecls it was made from, which
/// must outlive it.
class RawOptionDecls {
public:
  // Views into a temporary would dangle.
  explicit RawOptionDecls(std::vector<OptionDecl> &&) = delete;
  explicit RawOptionDecls(const std::vector<OptionDecl> &decls) {
    cases_.reserve(decls.size());
    for (const auto &d : decls) {
      std::vector<omnir_string_view> cases;
      for (const auto &c : d.cases)
        cases.push_back(omnir_string_view{c.data(), c.size()});
      cases_.push_back(std::move(cases));
      omnir_option_decl raw{};
      raw.name = omnir_string_view{d.name.data(), d.name.size()};
      raw.ty.kind = static_cast<omnir_option_kind>(d.kind);
      raw.ty.element_kind = static_cast<omnir_option_kind>(d.elementKind);
      raw.ty.cases = cases_.back().empty() ? nullptr : cases_.back().data();
      raw.ty.num_cases = cases_.back().size();
      raw.default_value = omnir_string_view{d.defaultValue.data(), d.defaultValue.size()};
      raw.help = omnir_string_view{d.help.data(), d.help.size()};
      decls_.push_back(raw);
    }
  }
  const omnir_option_decl *data() const { return decls_.empty() ? nullptr : decls_.data(); }
  size_t size() const { return decls_.size(); }

private:
  std::vector<std::vector<omnir_string_view>> cases_;
  std::vector<omnir_option_decl> decls_;
};
} // namespace detail

/// One override of an OptionScope: an option name and a value, given as text (`"3"`) or as
/// a bool, integer, floating-point number or string (turned into omnir's textual form).
class OptionSetting {
public:
  OptionSetting(std::string_view name, std::string_view value) : name_(name), value_(value) {}
  OptionSetting(std::string_view name, const char *value) : name_(name), value_(detail::optionText(value)) {}
  OptionSetting(std::string_view name, const std::string &value) : name_(name), value_(value) {}
  OptionSetting(std::string_view name, bool value) : name_(name), value_(detail::optionText(value)) {}
  OptionSetting(std::string_view name, double value) : name_(name), value_(detail::optionText(value)) {}
  OptionSetting(std::string_view name, float value) : name_(name), value_(detail::optionText(value)) {}
  template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>>
  OptionSetting(std::string_view name, T value) : name_(name), value_(detail::optionText(value)) {}

  const std::string &getName() const { return name_; }
  const std::string &getValue() const { return value_; }

private:
  std::string name_;
  std::string value_;
};

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

/// A context, not owned (MLIR's `MLIRContext *`): a view of an omnir_context that someone
/// else created, e.g. the one a callback receives or another language's package made.
class Context {
public:
  Context() = default;
  Context(omnir_context *ctx) : ctx_(ctx) {} // NOLINT: implicit, as a pointer would be
  omnir_context *get() const { return ctx_; }
  operator omnir_context *() const { return ctx_; } // NOLINT
  explicit operator bool() const { return ctx_ != nullptr; }
  bool operator==(Context o) const { return ctx_ == o.ctx_; }
  bool operator!=(Context o) const { return ctx_ != o.ctx_; }

  void allowUnregisteredDialects(bool allow = true) {
    check(omnir_context_set_allow_unregistered_dialects(ctx_, allow));
  }
  bool allowsUnregisteredDialects() const {
    bool out = false;
    check(omnir_context_get_allow_unregistered_dialects(ctx_, &out));
    return out;
  }
  /// Whether parsing verifies what it parsed, as MLIR's parser does (on by default): IR
  /// that does not verify then fails to parse with the verifier's diagnostics.
  void verifyAfterParse(bool verify = true) { check(omnir_context_set_verify_after_parse(ctx_, verify)); }
  bool verifiesAfterParse() const {
    bool out = false;
    check(omnir_context_get_verify_after_parse(ctx_, &out));
    return out;
  }
  bool isDialectRegistered(std::string_view ns) const {
    bool out = false;
    check(omnir_dialect_is_registered(ctx_, ns.data(), ns.size(), &out));
    return out;
  }
  bool isOperationRegistered(std::string_view name) const {
    bool out = false;
    check(omnir_dialect_is_operation_registered(ctx_, name.data(), name.size(), &out));
    return out;
  }
  /// Registers the dialect `D` (see Dialect.h); loading it twice is a no-op.
  template <typename D>
  void loadDialect() const;

  //===--------------------------------------------------------------------===//
  // Options: declared per context; values as this thread sees them (its innermost
  // OptionScope, else the context's value, else the default).

  /// Declares an option. The same declaration again (same kind and default) is a no-op; the
  /// same name with another kind or another default throws (OMNIR_ERROR_ALREADY_EXISTS, the
  /// message naming both).
  void declareOption(const OptionDecl &decl) const {
    const std::vector<OptionDecl> decls{decl};
    detail::RawOptionDecls raw(decls);
    check(omnir_option_declare(ctx_, raw.data()));
  }
  /// Declares an option whose kind follows the C++ type of `defaultValue` (OptionDecl::of).
  template <typename T>
  void declareOption(std::string name, const T &defaultValue, std::string help = {}) const {
    declareOption(OptionDecl::of(std::move(name), defaultValue, std::move(help)));
  }
  /// Sets the context's value (seen by every thread without an override): text (`"3"`) or a
  /// bool, integer, floating-point number or string. An unknown option or a value its kind
  /// does not accept throws.
  template <typename T>
  void setOption(std::string_view name, const T &value) const {
    OptionSetting s(name, value);
    check(omnir_option_set(ctx_, s.getName().data(), s.getName().size(), s.getValue().data(), s.getValue().size()));
  }
  /// Forgets the context's value, so the default applies again.
  void resetOption(std::string_view name) const { check(omnir_option_reset(ctx_, name.data(), name.size())); }
  /// The declared kind of an option.
  OptionKind getOptionKind(std::string_view name) const {
    omnir_option_kind kind = 0, element = 0;
    check(omnir_option_get_kind(ctx_, name.data(), name.size(), &kind, &element));
    return static_cast<OptionKind>(kind);
  }
  /// The element kind of a list option.
  OptionKind getOptionElementKind(std::string_view name) const {
    omnir_option_kind kind = 0, element = 0;
    check(omnir_option_get_kind(ctx_, name.data(), name.size(), &kind, &element));
    if (kind != OMNIR_OPTION_LIST)
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, "option '" + std::string(name) + "' is not a list");
    return static_cast<OptionKind>(element);
  }
  /// The value this thread sees, as `T`: bool (a bool option), an integer type (an int
  /// option; OMNIR_ERROR_OUT_OF_RANGE if it does not fit), double or float (a float option),
  /// or std::string (any option, in textual form). Another kind throws
  /// (OMNIR_ERROR_INVALID_ARGUMENT).
  template <typename T>
  T getOption(std::string_view name) const {
    if constexpr (std::is_same<T, bool>::value) {
      bool out = false;
      check(omnir_option_get_bool(ctx_, name.data(), name.size(), &out));
      return out;
    } else if constexpr (std::is_integral<T>::value) {
      int64_t out = 0;
      check(omnir_option_get_int(ctx_, name.data(), name.size(), &out));
      return detail::narrowOption<T>(name, out);
    } else if constexpr (std::is_floating_point<T>::value) {
      double out = 0;
      check(omnir_option_get_float(ctx_, name.data(), name.size(), &out));
      return static_cast<T>(out);
    } else if constexpr (std::is_same<T, std::string>::value) {
      omnir_string s{};
      check(omnir_option_get(ctx_, name.data(), name.size(), &s));
      return detail::takeString(s);
    } else {
      static_assert(detail::AlwaysFalse<T>::value, "getOption<T>: T is bool, an integer, a float type or std::string");
    }
  }

private:
  omnir_context *ctx_ = nullptr;
};

/// A context owned by this object (MLIR's `MLIRContext`): created by the constructor,
/// destroyed with everything in it by the destructor. Move-only.
class OwningContext {
public:
  OwningContext() { check(omnir_context_create(&ctx_)); }
  /// Takes ownership of a context created with omnir_context_create.
  explicit OwningContext(omnir_context *ctx) : ctx_(ctx) {}
  OwningContext(OwningContext &&o) noexcept : ctx_(std::exchange(o.ctx_, nullptr)) {}
  OwningContext &operator=(OwningContext &&o) noexcept {
    if (this != &o) {
      reset();
      ctx_ = std::exchange(o.ctx_, nullptr);
    }
    return *this;
  }
  OwningContext(const OwningContext &) = delete;
  OwningContext &operator=(const OwningContext &) = delete;
  ~OwningContext() { reset(); }

  Context get() const { return Context(ctx_); }
  operator Context() const { return Context(ctx_); }         // NOLINT
  operator omnir_context *() const { return ctx_; }          // NOLINT
  const Context *operator->() const = delete;
  /// Gives up ownership.
  omnir_context *release() { return std::exchange(ctx_, nullptr); }
  /// Destroys the context now (a failure here cannot be reported: the context is gone or
  /// busy; it is ignored, as in a destructor).
  void reset() {
    if (ctx_)
      (void)omnir_context_destroy(std::exchange(ctx_, nullptr));
  }

  template <typename D>
  void loadDialect() const {
    get().template loadDialect<D>();
  }
  void allowUnregisteredDialects(bool allow = true) const { get().allowUnregisteredDialects(allow); }
  void verifyAfterParse(bool verify = true) const { get().verifyAfterParse(verify); }
  bool verifiesAfterParse() const { return get().verifiesAfterParse(); }
  void declareOption(const OptionDecl &decl) const { get().declareOption(decl); }
  template <typename T>
  void declareOption(std::string name, const T &defaultValue, std::string help = {}) const {
    get().declareOption(std::move(name), defaultValue, std::move(help));
  }
  template <typename T>
  void setOption(std::string_view name, const T &value) const {
    get().setOption(name, value);
  }
  void resetOption(std::string_view name) const { get().resetOption(name); }
  OptionKind getOptionKind(std::string_view name) const { return get().getOptionKind(name); }
  OptionKind getOptionElementKind(std::string_view name) const { return get().getOptionElementKind(name); }
  template <typename T>
  T getOption(std::string_view name) const {
    return get().template getOption<T>(name);
  }

private:
  omnir_context *ctx_ = nullptr;
};

/// Overrides option values for the calling thread on one context, from construction to
/// destruction (RAII; also when an exception unwinds the scope). Other threads and other
/// contexts do not see the overrides. Scopes nest: destroy them innermost first, on the
/// thread that made them (a scope ended out of order, or on another thread, is refused by
/// omnir and ignored by the destructor; pop() throws instead). Every value is checked
/// before anything is overridden: a bad one throws and overrides nothing. Move-only.
///
///   omnir::OptionScope scope(ctx, {{"threshold", 3}, {"mode", "fast"}});
class OptionScope {
public:
  OptionScope(Context ctx, std::initializer_list<OptionSetting> settings)
      : OptionScope(ctx, std::vector<OptionSetting>(settings)) {}
  OptionScope(Context ctx, const std::vector<OptionSetting> &settings) : ctx_(ctx) {
    std::vector<omnir_option_setting> raw;
    raw.reserve(settings.size());
    for (const auto &s : settings)
      raw.push_back(omnir_option_setting{omnir_string_view{s.getName().data(), s.getName().size()},
                                         omnir_string_view{s.getValue().data(), s.getValue().size()}});
    check(omnir_option_push_scope(ctx_, raw.data(), raw.size(), &id_));
    active_ = true;
  }
  OptionScope(OptionScope &&o) noexcept : ctx_(o.ctx_), id_(o.id_), active_(std::exchange(o.active_, false)) {}
  OptionScope &operator=(OptionScope &&o) noexcept {
    if (this != &o) {
      reset();
      ctx_ = o.ctx_;
      id_ = o.id_;
      active_ = std::exchange(o.active_, false);
    }
    return *this;
  }
  OptionScope(const OptionScope &) = delete;
  OptionScope &operator=(const OptionScope &) = delete;
  ~OptionScope() { reset(); }

  /// Ends the scope now; throws if it is not this thread's innermost scope (it then stays
  /// in place, so its destructor tries again).
  void pop() {
    if (!active_)
      return;
    check(omnir_option_pop_scope(ctx_, id_));
    active_ = false;
  }
  /// Ends the scope now if it is still active; a refusal is ignored (as in the destructor).
  void reset() noexcept {
    if (active_) {
      active_ = false;
      (void)omnir_option_pop_scope(ctx_, id_);
    }
  }
  bool isActive() const { return active_; }
  Context getContext() const { return ctx_; }

private:
  Context ctx_;
  uint64_t id_ = 0;
  bool active_ = false;
};

/// A TypeId by fully qualified name (`builtin.integer`, `quant.uniform`,
/// `builtin.MemRefElementTypeInterface`): process-wide, the same in every package.
inline uint32_t getTypeID(std::string_view qualifiedName) {
  uint32_t id = 0;
  check(omnir_typeid_get(qualifiedName.data(), qualifiedName.size(), &id));
  return id;
}
/// The name of a TypeId.
inline std::string getTypeIDName(uint32_t id) {
  omnir_string s{};
  check(omnir_typeid_get_name(id, &s));
  return detail::takeString(s);
}

//===----------------------------------------------------------------------===//
// Type
//===----------------------------------------------------------------------===//

/// A uniqued type (MLIR's `Type`): null, or a context and a handle.
class Type {
public:
  Type() = default;
  Type(Context ctx, omnir_type handle) : ctx_(ctx.get()), impl_(handle) {}

  explicit operator bool() const { return impl_.context != 0 || impl_.id != 0; }
  bool operator!() const { return !static_cast<bool>(*this); }
  bool operator==(const Type &o) const { return impl_.context == o.impl_.context && impl_.id == o.impl_.id; }
  bool operator!=(const Type &o) const { return !(*this == o); }

  Context getContext() const { return Context(ctx_); }
  /// The C handle.
  omnir_type getHandle() const { return impl_; }
  operator omnir_type() const { return impl_; } // NOLINT

  omnir_type_kind getKind() const {
    omnir_type_kind k{};
    check(omnir_type_get_kind(ctx_, impl_, &k));
    return k;
  }
  /// The TypeId of its kind (`builtin.integer`, `quant.uniform`).
  uint32_t getTypeID() const {
    uint32_t id = 0;
    check(omnir_type_get_type_id(ctx_, impl_, &id));
    return id;
  }
  /// Whether it implements the interface with TypeId `interfaceID`, as the registry says.
  bool implements(uint32_t interfaceID) const {
    bool out = false;
    check(omnir_type_implements(ctx_, impl_, interfaceID, &out));
    return out;
  }
  /// As MLIR prints it: `!quant.uniform<i8:f32, 5.000000e-01:128>`.
  std::string str() const {
    omnir_string s{};
    check(omnir_type_print(ctx_, impl_, &s));
    return detail::takeString(s);
  }

  // MLIR's convenience predicates.
  bool isIndex() const { return getKind() == OMNIR_TYPE_KIND_INDEX; }
  bool isInteger() const { return getKind() == OMNIR_TYPE_KIND_INTEGER; }
  bool isInteger(unsigned width) const;
  bool isSignlessInteger() const;
  bool isSignlessInteger(unsigned width) const;
  bool isUnsignedInteger() const;
  bool isSignedInteger() const;
  bool isSignlessIntOrIndex() const { return isIndex() || isSignlessInteger(); }
  bool isIntOrIndex() const { return isIndex() || isInteger(); }
  bool isFloat() const { return getKind() == OMNIR_TYPE_KIND_FLOAT; }
  bool isIntOrFloat() const { return isInteger() || isFloat(); }
  bool isIntOrIndexOrFloat() const { return isIntOrIndex() || isFloat(); }
  bool isF16() const { return isFloatOfKind(OMNIR_FLOAT_KIND_F16); }
  bool isBF16() const { return isFloatOfKind(OMNIR_FLOAT_KIND_BF16); }
  bool isF32() const { return isFloatOfKind(OMNIR_FLOAT_KIND_F32); }
  bool isF64() const { return isFloatOfKind(OMNIR_FLOAT_KIND_F64); }
  /// The width of an integer or float type.
  unsigned getIntOrFloatBitWidth() const {
    uint32_t w = 0;
    check(omnir_type_get_int_or_float_bit_width(ctx_, impl_, &w));
    return w;
  }


protected:
  bool isFloatOfKind(omnir_float_kind kind) const;
  omnir_context *ctx_ = nullptr;
  omnir_type impl_{};
};

inline std::ostream &operator<<(std::ostream &os, const Type &t) { return os << (t ? t.str() : "<<NULL TYPE>>"); }
inline void diagnosticAppend(std::string &out, const Type &t) { out += t ? t.str() : "<<NULL TYPE>>"; }

//===----------------------------------------------------------------------===//
// Attribute, NamedAttribute
//===----------------------------------------------------------------------===//

/// A uniqued attribute (MLIR's `Attribute`).
class Attribute {
public:
  Attribute() = default;
  Attribute(Context ctx, omnir_attribute handle) : ctx_(ctx.get()), impl_(handle) {}

  explicit operator bool() const { return impl_.context != 0 || impl_.id != 0; }
  bool operator!() const { return !static_cast<bool>(*this); }
  bool operator==(const Attribute &o) const { return impl_.context == o.impl_.context && impl_.id == o.impl_.id; }
  bool operator!=(const Attribute &o) const { return !(*this == o); }

  Context getContext() const { return Context(ctx_); }
  omnir_attribute getHandle() const { return impl_; }
  operator omnir_attribute() const { return impl_; } // NOLINT

  omnir_attribute_kind getKind() const {
    omnir_attribute_kind k{};
    check(omnir_attribute_get_kind(ctx_, impl_, &k));
    return k;
  }
  uint32_t getTypeID() const {
    uint32_t id = 0;
    check(omnir_attribute_get_type_id(ctx_, impl_, &id));
    return id;
  }
  bool implements(uint32_t interfaceID) const {
    bool out = false;
    check(omnir_attribute_implements(ctx_, impl_, interfaceID, &out));
    return out;
  }
  /// The type of a typed attribute, else null.
  Type getType() const {
    omnir_type t{};
    check(omnir_attribute_get_type(ctx_, impl_, &t));
    return Type(ctx_, t);
  }
  std::string str() const {
    omnir_string s{};
    check(omnir_attribute_print(ctx_, impl_, &s));
    return detail::takeString(s);
  }


protected:
  omnir_context *ctx_ = nullptr;
  omnir_attribute impl_{};
};

inline std::ostream &operator<<(std::ostream &os, const Attribute &a) {
  return os << (a ? a.str() : "<<NULL ATTRIBUTE>>");
}
inline void diagnosticAppend(std::string &out, const Attribute &a) { out += a ? a.str() : "<<NULL ATTRIBUTE>>"; }

/// A `name = value` pair.
struct NamedAttribute {
  std::string name;
  Attribute value;
};

//===----------------------------------------------------------------------===//
// Location
//===----------------------------------------------------------------------===//

/// A location (MLIR's `Location`): a uniqued location attribute.
class Location {
public:
  Location() = default;
  Location(Context ctx, omnir_location handle) : ctx_(ctx.get()), impl_(handle) {}

  explicit operator bool() const { return impl_.context != 0 || impl_.id != 0; }
  bool operator==(const Location &o) const { return impl_.context == o.impl_.context && impl_.id == o.impl_.id; }
  bool operator!=(const Location &o) const { return !(*this == o); }
  Context getContext() const { return Context(ctx_); }
  omnir_location getHandle() const { return impl_; }
  operator omnir_location() const { return impl_; } // NOLINT

  omnir_location_kind getKind() const {
    omnir_location_kind k{};
    check(omnir_location_get_kind(ctx_, impl_, &k));
    return k;
  }
  /// `loc("file":1:2)`.
  std::string str() const {
    omnir_string s{};
    check(omnir_location_print(ctx_, impl_, &s));
    return detail::takeString(s);
  }
  /// The location as an attribute.
  Attribute getAttribute() const {
    omnir_attribute a{};
    check(omnir_location_to_attribute(ctx_, impl_, &a));
    return Attribute(ctx_, a);
  }


  /// Emits an error at this location to the context's handlers (MLIR's mlir::emitError).
  InFlightDiagnostic emitError() const { return InFlightDiagnostic(ctx_, impl_, DiagnosticSeverity::Error); }
  InFlightDiagnostic emitWarning() const { return InFlightDiagnostic(ctx_, impl_, DiagnosticSeverity::Warning); }
  InFlightDiagnostic emitRemark() const { return InFlightDiagnostic(ctx_, impl_, DiagnosticSeverity::Remark); }

protected:
  omnir_context *ctx_ = nullptr;
  omnir_location impl_{};
};

inline std::ostream &operator<<(std::ostream &os, const Location &l) { return os << (l ? l.str() : "<<NULL LOCATION>>"); }
inline void diagnosticAppend(std::string &out, const Location &l) { out += l ? l.str() : "<<NULL LOCATION>>"; }

/// MLIR's free emitError(loc) / emitWarning / emitRemark.
inline InFlightDiagnostic emitError(Location loc) { return loc.emitError(); }
inline InFlightDiagnostic emitError(Location loc, std::string_view message) {
  auto d = loc.emitError();
  d.append(message);
  return d;
}
inline InFlightDiagnostic emitWarning(Location loc) { return loc.emitWarning(); }
inline InFlightDiagnostic emitRemark(Location loc) { return loc.emitRemark(); }

/// An EmitErrorFn-compatible callable reporting at `loc` (MLIR's getDefaultDiagnosticEmitFn).
inline auto getDefaultDiagnosticEmitFn(Location loc) {
  return [loc]() { return loc.emitError(); };
}

class UnknownLoc : public Location {
public:
  using Location::Location;
  UnknownLoc(Location l) : Location(l) {} // NOLINT
  static bool classof(Location l) { return l.getKind() == OMNIR_LOCATION_KIND_UNKNOWN; }
  static UnknownLoc get(Context ctx) {
    omnir_location l{};
    check(omnir_unknown_loc_get(ctx, &l));
    return UnknownLoc(ctx, l);
  }
};

class FileLineColLoc : public Location {
public:
  using Location::Location;
  FileLineColLoc(Location l) : Location(l) {} // NOLINT
  static bool classof(Location l) { return l.getKind() == OMNIR_LOCATION_KIND_FILE_LINE_COL; }
  static FileLineColLoc get(Context ctx, std::string_view file, unsigned line, unsigned col) {
    omnir_location l{};
    check(omnir_file_line_col_loc_get(ctx, file.data(), file.size(), line, col, &l));
    return FileLineColLoc(ctx, l);
  }
  std::string getFilename() const {
    omnir_string s{};
    check(omnir_file_line_col_loc_get_file(ctx_, impl_, &s));
    return detail::takeString(s);
  }
  unsigned getLine() const { return range()[0]; }
  unsigned getColumn() const { return range()[1]; }

private:
  std::array<uint32_t, 4> range() const {
    std::array<uint32_t, 4> r{};
    check(omnir_file_line_col_loc_get_range(ctx_, impl_, &r[0], &r[1], &r[2], &r[3]));
    return r;
  }
};

class NameLoc : public Location {
public:
  using Location::Location;
  NameLoc(Location l) : Location(l) {} // NOLINT
  static bool classof(Location l) { return l.getKind() == OMNIR_LOCATION_KIND_NAME; }
  static NameLoc get(Context ctx, std::string_view name, Location child = Location()) {
    omnir_location l{};
    check(omnir_name_loc_get(ctx, name.data(), name.size(), child.getHandle(), &l));
    return NameLoc(ctx, l);
  }
  std::string getName() const {
    omnir_string s{};
    check(omnir_name_loc_get_name(ctx_, impl_, &s));
    return detail::takeString(s);
  }
};

class CallSiteLoc : public Location {
public:
  using Location::Location;
  CallSiteLoc(Location l) : Location(l) {} // NOLINT
  static bool classof(Location l) { return l.getKind() == OMNIR_LOCATION_KIND_CALL_SITE; }
  static CallSiteLoc get(Location callee, Location caller) {
    omnir_location l{};
    check(omnir_call_site_loc_get(callee.getContext(), callee, caller, &l));
    return CallSiteLoc(callee.getContext(), l);
  }
};

class FusedLoc : public Location {
public:
  using Location::Location;
  FusedLoc(Location l) : Location(l) {} // NOLINT
  static bool classof(Location l) { return l.getKind() == OMNIR_LOCATION_KIND_FUSED; }
  static FusedLoc get(Context ctx, const std::vector<Location> &locs, Attribute metadata = Attribute()) {
    std::vector<omnir_location> raw;
    raw.reserve(locs.size());
    for (const auto &l : locs)
      raw.push_back(l.getHandle());
    omnir_location l{};
    check(omnir_fused_loc_get(ctx, raw.data(), raw.size(), metadata.getHandle(), &l));
    return FusedLoc(ctx, l);
  }
};

//===----------------------------------------------------------------------===//
// Builtin types
//===----------------------------------------------------------------------===//

/// `i32`, `si8`, `ui64`.
class IntegerType : public Type {
public:
  enum SignednessSemantics : uint32_t {
    Signless = OMNIR_SIGNEDNESS_SIGNLESS,
    Signed = OMNIR_SIGNEDNESS_SIGNED,
    Unsigned = OMNIR_SIGNEDNESS_UNSIGNED,
  };
  using Type::Type;
  IntegerType() = default;
  IntegerType(Type t) : Type(t) {} // NOLINT: for cast<>
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_INTEGER; }
  static IntegerType get(Context ctx, unsigned width, SignednessSemantics s = Signless) {
    omnir_type t{};
    check(omnir_integer_type_get(ctx, width, s, &t));
    return IntegerType(ctx, t);
  }
  unsigned getWidth() const { return getIntOrFloatBitWidth(); }
  SignednessSemantics getSignedness() const {
    omnir_signedness s{};
    check(omnir_integer_type_get_signedness(ctx_, impl_, &s));
    return static_cast<SignednessSemantics>(s);
  }
  bool isSignless() const { return getSignedness() == Signless; }
  bool isSigned() const { return getSignedness() == Signed; }
  bool isUnsigned() const { return getSignedness() == Unsigned; }
};

inline bool Type::isInteger(unsigned width) const { return isInteger() && getIntOrFloatBitWidth() == width; }
inline bool Type::isSignlessInteger() const { return isInteger() && IntegerType(*this).isSignless(); }
inline bool Type::isSignlessInteger(unsigned width) const { return isSignlessInteger() && getIntOrFloatBitWidth() == width; }
inline bool Type::isUnsignedInteger() const { return isInteger() && IntegerType(*this).isUnsigned(); }
inline bool Type::isSignedInteger() const { return isInteger() && IntegerType(*this).isSigned(); }

/// `index`.
class IndexType : public Type {
public:
  using Type::Type;
  IndexType() = default;
  IndexType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_INDEX; }
  static IndexType get(Context ctx) {
    omnir_type t{};
    check(omnir_index_type_get(ctx, &t));
    return IndexType(ctx, t);
  }
};

/// Every float format (`f32`, `bf16`, `f8E4M3FN`...).
class FloatType : public Type {
public:
  using Type::Type;
  FloatType() = default;
  FloatType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_FLOAT; }
  static FloatType get(Context ctx, omnir_float_kind kind) {
    omnir_type t{};
    check(omnir_float_type_get(ctx, kind, &t));
    return FloatType(ctx, t);
  }
  static FloatType getF16(Context ctx) { return get(ctx, OMNIR_FLOAT_KIND_F16); }
  static FloatType getBF16(Context ctx) { return get(ctx, OMNIR_FLOAT_KIND_BF16); }
  static FloatType getF32(Context ctx) { return get(ctx, OMNIR_FLOAT_KIND_F32); }
  static FloatType getF64(Context ctx) { return get(ctx, OMNIR_FLOAT_KIND_F64); }
  omnir_float_kind getFloatKind() const {
    omnir_float_kind k{};
    check(omnir_float_type_get_kind(ctx_, impl_, &k));
    return k;
  }
  unsigned getWidth() const { return getIntOrFloatBitWidth(); }
};

inline bool Type::isFloatOfKind(omnir_float_kind kind) const { return isFloat() && FloatType(*this).getFloatKind() == kind; }

/// MLIR's per-format float classes (`Float32Type::get(ctx)`).
template <omnir_float_kind Kind>
class FloatTypeOf : public FloatType {
public:
  using FloatType::FloatType;
  FloatTypeOf() = default;
  FloatTypeOf(Type t) : FloatType(t) {} // NOLINT
  static bool classof(Type t) { return FloatType::classof(t) && FloatType(t).getFloatKind() == Kind; }
  static FloatTypeOf get(Context ctx) { return FloatTypeOf(FloatType::get(ctx, Kind)); }
};
using Float16Type = FloatTypeOf<OMNIR_FLOAT_KIND_F16>;
using BFloat16Type = FloatTypeOf<OMNIR_FLOAT_KIND_BF16>;
using Float32Type = FloatTypeOf<OMNIR_FLOAT_KIND_F32>;
using Float64Type = FloatTypeOf<OMNIR_FLOAT_KIND_F64>;

/// `none`.
class NoneType : public Type {
public:
  using Type::Type;
  NoneType() = default;
  NoneType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_NONE; }
  static NoneType get(Context ctx) {
    omnir_type t{};
    check(omnir_none_type_get(ctx, &t));
    return NoneType(ctx, t);
  }
};

/// `complex<f32>`.
class ComplexType : public Type {
public:
  using Type::Type;
  ComplexType() = default;
  ComplexType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_COMPLEX; }
  static ComplexType get(Type element) {
    omnir_type t{};
    check(omnir_complex_type_get(element.getContext(), element, &t));
    return ComplexType(element.getContext(), t);
  }
  Type getElementType() const {
    omnir_type t{};
    check(omnir_type_get_element_type(ctx_, impl_, &t));
    return Type(ctx_, t);
  }
};

namespace detail {
inline std::vector<omnir_type> handles(const std::vector<Type> &types) {
  std::vector<omnir_type> out;
  out.reserve(types.size());
  for (const auto &t : types)
    out.push_back(t.getHandle());
  return out;
}
} // namespace detail

/// `(i32, f32) -> i1`.
class FunctionType : public Type {
public:
  using Type::Type;
  FunctionType() = default;
  FunctionType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_FUNCTION; }
  static FunctionType get(Context ctx, const std::vector<Type> &inputs, const std::vector<Type> &results) {
    auto in = detail::handles(inputs), out = detail::handles(results);
    omnir_type t{};
    check(omnir_function_type_get(ctx, in.data(), in.size(), out.data(), out.size(), &t));
    return FunctionType(ctx, t);
  }
  unsigned getNumInputs() const {
    size_t n = 0;
    check(omnir_function_type_get_num_inputs(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  unsigned getNumResults() const {
    size_t n = 0;
    check(omnir_function_type_get_num_results(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  Type getInput(unsigned i) const {
    omnir_type t{};
    check(omnir_function_type_get_input(ctx_, impl_, i, &t));
    return Type(ctx_, t);
  }
  Type getResult(unsigned i) const {
    omnir_type t{};
    check(omnir_function_type_get_result(ctx_, impl_, i, &t));
    return Type(ctx_, t);
  }
  std::vector<Type> getInputs() const {
    std::vector<Type> v;
    for (unsigned i = 0, e = getNumInputs(); i < e; ++i)
      v.push_back(getInput(i));
    return v;
  }
  std::vector<Type> getResults() const {
    std::vector<Type> v;
    for (unsigned i = 0, e = getNumResults(); i < e; ++i)
      v.push_back(getResult(i));
    return v;
  }
};

/// `tuple<i32, f32>`.
class TupleType : public Type {
public:
  using Type::Type;
  TupleType() = default;
  TupleType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_TUPLE; }
  static TupleType get(Context ctx, const std::vector<Type> &elements) {
    auto raw = detail::handles(elements);
    omnir_type t{};
    check(omnir_tuple_type_get(ctx, raw.data(), raw.size(), &t));
    return TupleType(ctx, t);
  }
  size_t size() const {
    size_t n = 0;
    check(omnir_tuple_type_get_num_types(ctx_, impl_, &n));
    return n;
  }
  Type getType(size_t i) const {
    omnir_type t{};
    check(omnir_tuple_type_get_type(ctx_, impl_, i, &t));
    return Type(ctx_, t);
  }
};

/// Vectors, tensors and memrefs (MLIR's ShapedType).
class ShapedType : public Type {
public:
  static constexpr int64_t kDynamic = OMNIR_DYNAMIC;
  using Type::Type;
  ShapedType() = default;
  ShapedType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) {
    bool out = false;
    check(omnir_type_is_shaped(t.getContext(), t, &out));
    return out;
  }
  static bool isDynamic(int64_t size) { return size == kDynamic; }
  Type getElementType() const {
    omnir_type t{};
    check(omnir_type_get_element_type(ctx_, impl_, &t));
    return Type(ctx_, t);
  }
  bool hasRank() const {
    bool out = false;
    check(omnir_shaped_type_has_rank(ctx_, impl_, &out));
    return out;
  }
  int64_t getRank() const {
    size_t r = 0;
    check(omnir_shaped_type_get_rank(ctx_, impl_, &r));
    return static_cast<int64_t>(r);
  }
  int64_t getDimSize(unsigned i) const {
    int64_t d = 0;
    check(omnir_shaped_type_get_dim(ctx_, impl_, i, &d));
    return d;
  }
  bool isDynamicDim(unsigned i) const { return getDimSize(i) == kDynamic; }
  std::vector<int64_t> getShape() const {
    std::vector<int64_t> s;
    for (int64_t i = 0, e = getRank(); i < e; ++i)
      s.push_back(getDimSize(static_cast<unsigned>(i)));
    return s;
  }
  bool hasStaticShape() const {
    if (!hasRank())
      return false;
    for (int64_t d : getShape())
      if (d == kDynamic)
        return false;
    return true;
  }
  int64_t getNumElements() const {
    uint64_t n = 0;
    check(omnir_shaped_type_get_num_elements(ctx_, impl_, &n));
    return static_cast<int64_t>(n);
  }
};

/// `vector<4x[8]xf32>`.
class VectorType : public ShapedType {
public:
  using ShapedType::ShapedType;
  VectorType() = default;
  VectorType(Type t) : ShapedType(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_VECTOR; }
  static VectorType get(const std::vector<int64_t> &shape, Type element, const std::vector<bool> &scalable = {}) {
    std::vector<uint8_t> flags(scalable.begin(), scalable.end());
    static_assert(sizeof(bool) == 1, "bool arrays are passed as bytes");
    omnir_type t{};
    check(omnir_vector_type_get(element.getContext(), shape.data(), shape.size(),
                                scalable.empty() ? nullptr : reinterpret_cast<const bool *>(flags.data()), element,
                                &t));
    return VectorType(element.getContext(), t);
  }
};

/// Ranked or unranked tensors.
class TensorType : public ShapedType {
public:
  using ShapedType::ShapedType;
  TensorType() = default;
  TensorType(Type t) : ShapedType(t) {} // NOLINT
  static bool classof(Type t) {
    auto k = t.getKind();
    return k == OMNIR_TYPE_KIND_RANKED_TENSOR || k == OMNIR_TYPE_KIND_UNRANKED_TENSOR;
  }
};

/// `tensor<4x?xf32, #encoding>`.
class RankedTensorType : public TensorType {
public:
  using TensorType::TensorType;
  RankedTensorType() = default;
  RankedTensorType(Type t) : TensorType(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_RANKED_TENSOR; }
  static RankedTensorType get(const std::vector<int64_t> &shape, Type element, Attribute encoding = Attribute()) {
    omnir_type t{};
    check(omnir_ranked_tensor_type_get(element.getContext(), shape.data(), shape.size(), element, encoding, &t));
    return RankedTensorType(element.getContext(), t);
  }
  Attribute getEncoding() const {
    omnir_attribute a{};
    check(omnir_ranked_tensor_type_get_encoding(ctx_, impl_, &a));
    return Attribute(ctx_, a);
  }
};

/// `tensor<*xf32>`.
class UnrankedTensorType : public TensorType {
public:
  using TensorType::TensorType;
  UnrankedTensorType() = default;
  UnrankedTensorType(Type t) : TensorType(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_UNRANKED_TENSOR; }
  static UnrankedTensorType get(Type element) {
    omnir_type t{};
    check(omnir_unranked_tensor_type_get(element.getContext(), element, &t));
    return UnrankedTensorType(element.getContext(), t);
  }
};

/// Ranked or unranked memrefs.
class BaseMemRefType : public ShapedType {
public:
  using ShapedType::ShapedType;
  BaseMemRefType() = default;
  BaseMemRefType(Type t) : ShapedType(t) {} // NOLINT
  static bool classof(Type t) {
    auto k = t.getKind();
    return k == OMNIR_TYPE_KIND_MEMREF || k == OMNIR_TYPE_KIND_UNRANKED_MEMREF;
  }
  Attribute getMemorySpace() const {
    omnir_attribute a{};
    check(omnir_memref_type_get_memory_space(ctx_, impl_, &a));
    return Attribute(ctx_, a);
  }
};

/// `memref<4x?xf32, #layout, 1>`. Its element type must implement
/// `builtin.MemRefElementTypeInterface` — the registry answers, whoever defined the type.
class MemRefType : public BaseMemRefType {
public:
  using BaseMemRefType::BaseMemRefType;
  MemRefType() = default;
  MemRefType(Type t) : BaseMemRefType(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_MEMREF; }
  static MemRefType get(const std::vector<int64_t> &shape, Type element, Attribute layout = Attribute(),
                        Attribute memorySpace = Attribute()) {
    omnir_type t{};
    check(omnir_memref_type_get(element.getContext(), shape.data(), shape.size(), element, layout, memorySpace, &t));
    return MemRefType(element.getContext(), t);
  }
  Attribute getLayout() const {
    omnir_attribute a{};
    check(omnir_memref_type_get_layout(ctx_, impl_, &a));
    return Attribute(ctx_, a);
  }
};

/// `memref<*xf32>`.
class UnrankedMemRefType : public BaseMemRefType {
public:
  using BaseMemRefType::BaseMemRefType;
  UnrankedMemRefType() = default;
  UnrankedMemRefType(Type t) : BaseMemRefType(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_UNRANKED_MEMREF; }
  static UnrankedMemRefType get(Type element, Attribute memorySpace = Attribute()) {
    omnir_type t{};
    check(omnir_unranked_memref_type_get(element.getContext(), element, memorySpace, &t));
    return UnrankedMemRefType(element.getContext(), t);
  }
};

/// `!dialect.body` of a dialect that is not registered.
class OpaqueType : public Type {
public:
  using Type::Type;
  OpaqueType() = default;
  OpaqueType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_OPAQUE; }
  static OpaqueType get(Context ctx, std::string_view dialect, std::string_view data) {
    omnir_type t{};
    check(omnir_opaque_type_get(ctx, dialect.data(), dialect.size(), data.data(), data.size(), &t));
    return OpaqueType(ctx, t);
  }
  std::string getDialectNamespace() const {
    omnir_string s{};
    check(omnir_opaque_type_get_dialect(ctx_, impl_, &s));
    return detail::takeString(s);
  }
  std::string getTypeData() const {
    omnir_string s{};
    check(omnir_opaque_type_get_data(ctx_, impl_, &s));
    return detail::takeString(s);
  }
};

/// Any type defined at run time by a registered dialect (in any language): its definition
/// and parameters. Dialect.h's TypeBase gives typed classes over it.
class DialectType : public Type {
public:
  using Type::Type;
  DialectType() = default;
  DialectType(Type t) : Type(t) {} // NOLINT
  static bool classof(Type t) { return t.getKind() == OMNIR_TYPE_KIND_DIALECT; }
  uint32_t getDefinition() const {
    uint32_t d = 0;
    check(omnir_dialect_type_get_def(ctx_, impl_, &d));
    return d;
  }
  size_t getNumParams() const {
    size_t n = 0;
    check(omnir_dialect_type_get_num_params(ctx_, impl_, &n));
    return n;
  }
  Attribute getParam(size_t i) const {
    omnir_attribute a{};
    check(omnir_dialect_type_get_param(ctx_, impl_, i, &a));
    return Attribute(ctx_, a);
  }
};

//===----------------------------------------------------------------------===//
// Builtin attributes
//===----------------------------------------------------------------------===//

class UnitAttr : public Attribute {
public:
  using Attribute::Attribute;
  UnitAttr() = default;
  UnitAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_UNIT; }
  static UnitAttr get(Context ctx) {
    omnir_attribute a{};
    check(omnir_unit_attr_get(ctx, &a));
    return UnitAttr(ctx, a);
  }
};

class BoolAttr : public Attribute {
public:
  using Attribute::Attribute;
  BoolAttr() = default;
  BoolAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_BOOL; }
  static BoolAttr get(Context ctx, bool value) {
    omnir_attribute a{};
    check(omnir_bool_attr_get(ctx, value, &a));
    return BoolAttr(ctx, a);
  }
  bool getValue() const {
    bool v = false;
    check(omnir_bool_attr_get_value(ctx_, impl_, &v));
    return v;
  }
};

/// `42 : i32`.
class IntegerAttr : public Attribute {
public:
  using Attribute::Attribute;
  IntegerAttr() = default;
  IntegerAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_INTEGER; }
  static IntegerAttr get(Type type, int64_t value) {
    omnir_attribute a{};
    check(omnir_integer_attr_get(type.getContext(), type, value, &a));
    return IntegerAttr(type.getContext(), a);
  }
  /// Sign-extended from the type's width (MLIR's getInt/getSInt).
  int64_t getInt() const {
    int64_t v = 0;
    check(omnir_integer_attr_get_int64(ctx_, impl_, &v));
    return v;
  }
  int64_t getSInt() const { return getInt(); }
  uint64_t getUInt() const {
    uint64_t v = 0;
    check(omnir_integer_attr_get_uint64(ctx_, impl_, &v));
    return v;
  }
  int64_t getValue() const { return getInt(); }
};

/// `1.5 : f32`.
class FloatAttr : public Attribute {
public:
  using Attribute::Attribute;
  FloatAttr() = default;
  FloatAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_FLOAT; }
  static FloatAttr get(Type type, double value) {
    omnir_attribute a{};
    check(omnir_float_attr_get(type.getContext(), type, value, &a));
    return FloatAttr(type.getContext(), a);
  }
  double getValueAsDouble() const {
    double v = 0;
    check(omnir_float_attr_get_double(ctx_, impl_, &v));
    return v;
  }
};

/// `"text"` (any bytes).
class StringAttr : public Attribute {
public:
  using Attribute::Attribute;
  StringAttr() = default;
  StringAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_STRING; }
  static StringAttr get(Context ctx, std::string_view value, Type type = Type()) {
    omnir_attribute a{};
    check(omnir_string_attr_get(ctx, value.data(), value.size(), type, &a));
    return StringAttr(ctx, a);
  }
  std::string getValue() const {
    omnir_string s{};
    check(omnir_string_attr_get_value(ctx_, impl_, &s));
    return detail::takeString(s);
  }
};

/// A type as an attribute.
class TypeAttr : public Attribute {
public:
  using Attribute::Attribute;
  TypeAttr() = default;
  TypeAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_TYPE; }
  static TypeAttr get(Type type) {
    omnir_attribute a{};
    check(omnir_type_attr_get(type.getContext(), type, &a));
    return TypeAttr(type.getContext(), a);
  }
  Type getValue() const {
    omnir_type t{};
    check(omnir_type_attr_get_value(ctx_, impl_, &t));
    return Type(ctx_, t);
  }
};

/// `[a, b]`.
class ArrayAttr : public Attribute {
public:
  using Attribute::Attribute;
  ArrayAttr() = default;
  ArrayAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_ARRAY; }
  static ArrayAttr get(Context ctx, const std::vector<Attribute> &elements) {
    std::vector<omnir_attribute> raw;
    raw.reserve(elements.size());
    for (const auto &e : elements)
      raw.push_back(e.getHandle());
    omnir_attribute a{};
    check(omnir_array_attr_get(ctx, raw.data(), raw.size(), &a));
    return ArrayAttr(ctx, a);
  }
  size_t size() const {
    size_t n = 0;
    check(omnir_array_attr_get_num_elements(ctx_, impl_, &n));
    return n;
  }
  bool empty() const { return size() == 0; }
  Attribute operator[](size_t i) const {
    omnir_attribute a{};
    check(omnir_array_attr_get_element(ctx_, impl_, i, &a));
    return Attribute(ctx_, a);
  }
  std::vector<Attribute> getValue() const {
    std::vector<Attribute> v;
    for (size_t i = 0, e = size(); i < e; ++i)
      v.push_back((*this)[i]);
    return v;
  }
};

/// `{a = 1, b}`.
class DictionaryAttr : public Attribute {
public:
  using Attribute::Attribute;
  DictionaryAttr() = default;
  DictionaryAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_DICTIONARY; }
  static DictionaryAttr get(Context ctx, const std::vector<NamedAttribute> &entries) {
    std::vector<omnir_named_attribute> raw;
    raw.reserve(entries.size());
    for (const auto &e : entries)
      raw.push_back(omnir_named_attribute{e.name.data(), e.name.size(), e.value.getHandle()});
    omnir_attribute a{};
    check(omnir_dictionary_attr_get(ctx, raw.data(), raw.size(), &a));
    return DictionaryAttr(ctx, a);
  }
  size_t size() const {
    size_t n = 0;
    check(omnir_dictionary_attr_get_num_entries(ctx_, impl_, &n));
    return n;
  }
  /// The value of `name`, or null.
  Attribute get(std::string_view name) const {
    omnir_attribute a{};
    check(omnir_dictionary_attr_lookup(ctx_, impl_, name.data(), name.size(), &a));
    return Attribute(ctx_, a);
  }
  std::vector<NamedAttribute> getValue() const {
    std::vector<NamedAttribute> v;
    for (size_t i = 0, e = size(); i < e; ++i) {
      omnir_string name{};
      omnir_attribute a{};
      check(omnir_dictionary_attr_get_entry(ctx_, impl_, i, &name, &a));
      v.push_back(NamedAttribute{detail::takeString(name), Attribute(ctx_, a)});
    }
    return v;
  }
};

/// `@root::@nested` (and `@name`, MLIR's FlatSymbolRefAttr).
class SymbolRefAttr : public Attribute {
public:
  using Attribute::Attribute;
  SymbolRefAttr() = default;
  SymbolRefAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_SYMBOL_REF; }
  static SymbolRefAttr get(Context ctx, std::string_view root, const std::vector<std::string> &nested = {}) {
    std::vector<omnir_string_view> raw;
    for (const auto &n : nested)
      raw.push_back(omnir_string_view{n.data(), n.size()});
    omnir_attribute a{};
    check(omnir_symbol_ref_attr_get(ctx, root.data(), root.size(), raw.data(), raw.size(), &a));
    return SymbolRefAttr(ctx, a);
  }
  std::string getRootReference() const {
    omnir_string s{};
    check(omnir_symbol_ref_attr_get_root(ctx_, impl_, &s));
    return detail::takeString(s);
  }
};

class FlatSymbolRefAttr : public SymbolRefAttr {
public:
  using SymbolRefAttr::SymbolRefAttr;
  FlatSymbolRefAttr() = default;
  FlatSymbolRefAttr(Attribute a) : SymbolRefAttr(a) {} // NOLINT
  static bool classof(Attribute a) {
    if (!SymbolRefAttr::classof(a))
      return false;
    size_t n = 0;
    check(omnir_symbol_ref_attr_get_num_nested(a.getContext(), a, &n));
    return n == 0;
  }
  static FlatSymbolRefAttr get(Context ctx, std::string_view name) {
    omnir_attribute a{};
    check(omnir_flat_symbol_ref_attr_get(ctx, name.data(), name.size(), &a));
    return FlatSymbolRefAttr(ctx, a);
  }
  std::string getValue() const { return getRootReference(); }
};

/// Dense int/float elements (`dense<[1, 2]> : tensor<2xi32>`).
class DenseElementsAttr : public Attribute {
public:
  using Attribute::Attribute;
  DenseElementsAttr() = default;
  DenseElementsAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_DENSE_ELEMENTS; }
  /// From raw little-endian element bytes (see omnir_dense_elements_attr_get).
  static DenseElementsAttr getFromRawBuffer(ShapedType type, const void *data, size_t len) {
    omnir_attribute a{};
    check(omnir_dense_elements_attr_get(type.getContext(), type, static_cast<const uint8_t *>(data), len, &a));
    return DenseElementsAttr(type.getContext(), a);
  }
  size_t getNumElements() const {
    size_t n = 0;
    check(omnir_dense_elements_attr_get_num_elements(ctx_, impl_, &n));
    return n;
  }
  bool isSplat() const {
    bool out = false;
    check(omnir_dense_elements_attr_is_splat(ctx_, impl_, &out));
    return out;
  }
  int64_t getInt(size_t i) const {
    int64_t v = 0;
    check(omnir_dense_elements_attr_get_int64(ctx_, impl_, i, &v));
    return v;
  }
  double getDouble(size_t i) const {
    double v = 0;
    check(omnir_dense_elements_attr_get_double(ctx_, impl_, i, &v));
    return v;
  }
};

/// Any attribute defined at run time by a registered dialect.
class DialectAttr : public Attribute {
public:
  using Attribute::Attribute;
  DialectAttr() = default;
  DialectAttr(Attribute a) : Attribute(a) {} // NOLINT
  static bool classof(Attribute a) { return a.getKind() == OMNIR_ATTRIBUTE_KIND_DIALECT; }
  uint32_t getDefinition() const {
    uint32_t d = 0;
    check(omnir_dialect_attr_get_def(ctx_, impl_, &d));
    return d;
  }
  size_t getNumParams() const {
    size_t n = 0;
    check(omnir_dialect_attr_get_num_params(ctx_, impl_, &n));
    return n;
  }
  Attribute getParam(size_t i) const {
    omnir_attribute a{};
    check(omnir_dialect_attr_get_param(ctx_, impl_, i, &a));
    return Attribute(ctx_, a);
  }
};

/// Parses one type (`tensor<4xf32>`, `!quant.uniform<i8:f32, 0.5>`); throws omnir::Error
/// (OMNIR_ERROR_PARSE_FAILED) on failure, with the diagnostics it emitted (rendered as MLIR
/// does), which do not reach the context's handlers.
OMNIR_CXX_API Type parseType(std::string_view text, Context ctx);
/// Parses one attribute; as parseType.
OMNIR_CXX_API Attribute parseAttribute(std::string_view text, Context ctx);

//===----------------------------------------------------------------------===//
// Value, Block, Region, Operation
//===----------------------------------------------------------------------===//

class Block;
class Region;

/// An SSA value (an operation result or a block argument).
class Value {
public:
  Value() = default;
  Value(Context ctx, omnir_value handle) : ctx_(ctx.get()), impl_(handle) {}
  explicit operator bool() const { return !omnir_value_is_null(impl_); }
  bool operator==(const Value &o) const { return omnir_value_equal(impl_, o.impl_); }
  bool operator!=(const Value &o) const { return !(*this == o); }
  Context getContext() const { return Context(ctx_); }
  omnir_value getHandle() const { return impl_; }
  operator omnir_value() const { return impl_; } // NOLINT

  Type getType() const {
    omnir_type t{};
    check(omnir_value_get_type(ctx_, impl_, &t));
    return Type(ctx_, t);
  }
  void setType(Type t) const { check(omnir_value_set_type(ctx_, impl_, t)); }
  Location getLoc() const {
    omnir_location l{};
    check(omnir_value_get_location(ctx_, impl_, &l));
    return Location(ctx_, l);
  }
  bool isBlockArgument() const {
    bool out = false;
    check(omnir_value_is_block_argument(ctx_, impl_, &out));
    return out;
  }
  /// The defining operation (null for a block argument).
  Operation getDefiningOp() const;
  size_t getNumUses() const {
    size_t n = 0;
    check(omnir_value_get_num_uses(ctx_, impl_, &n));
    return n;
  }
  bool use_empty() const { return getNumUses() == 0; }
  void replaceAllUsesWith(Value v) const { check(omnir_value_replace_all_uses_with(ctx_, impl_, v)); }

private:
  omnir_context *ctx_ = nullptr;
  omnir_value impl_{};
};

inline void diagnosticAppend(std::string &out, const Value &v) { out += v ? v.getType().str() : "<<NULL VALUE>>"; }

/// How an operation prints (MLIR's OpPrintingFlags, over omnir_print_flags). By default,
/// as upstream, ops whose definition has an assembly format print in their custom form
/// (`module {`); printGenericOpForm() prints every op generically.
class OpPrintingFlags {
public:
  OpPrintingFlags() : flags_(omnir_print_flags_default()) {}
  /// Every op in the generic form (`--mlir-print-op-generic`).
  OpPrintingFlags &printGenericOpForm(bool enable = true) {
    flags_.generic_form = enable;
    return *this;
  }
  /// `loc(...)` after every op and block argument (`--mlir-print-debuginfo`), optionally in
  /// MLIR's pretty form.
  OpPrintingFlags &enableDebugInfo(bool enable = true, bool prettyForm = false) {
    flags_.debug_info = enable;
    flags_.pretty_debug_info = enable && prettyForm;
    return *this;
  }
  /// Values numbered as if the op were the top level, no alias definitions.
  OpPrintingFlags &useLocalScope(bool enable = true) {
    flags_.local_scope = enable;
    return *this;
  }
  /// Skip the verifier before printing.
  OpPrintingFlags &assumeVerified(bool enable = true) {
    flags_.assume_verified = enable;
    return *this;
  }
  /// `dense<...>` attributes with more than `largeElementLimit` elements elided.
  OpPrintingFlags &elideLargeElementsAttrs(uint64_t largeElementLimit = 16) {
    flags_.elide_elements_larger_than = largeElementLimit;
    return *this;
  }
  bool shouldPrintGenericOpForm() const { return flags_.generic_form; }
  bool shouldPrintDebugInfo() const { return flags_.debug_info; }
  bool shouldPrintDebugInfoPrettyForm() const { return flags_.pretty_debug_info; }
  bool shouldUseLocalScope() const { return flags_.local_scope; }
  bool shouldAssumeVerified() const { return flags_.assume_verified; }
  const omnir_print_flags &getRaw() const { return flags_; }

private:
  omnir_print_flags flags_;
};

/// Where a builder inserts.
struct InsertionPoint {
  omnir_insertion_point raw{};
  bool set = false;
};

/// An operation (MLIR's `Operation *`): a checked handle.
class Operation {
public:
  Operation() = default;
  Operation(Context ctx, omnir_op handle) : ctx_(ctx.get()), impl_(handle) {}
  explicit operator bool() const { return !omnir_op_is_null(impl_); }
  bool operator==(const Operation &o) const { return omnir_op_equal(impl_, o.impl_); }
  bool operator!=(const Operation &o) const { return !(*this == o); }
  /// MLIR code writes `op->getName()`: an Operation is its own pointer here.
  const Operation *operator->() const { return this; }
  Context getContext() const { return Context(ctx_); }
  omnir_op getHandle() const { return impl_; }
  operator omnir_op() const { return impl_; } // NOLINT

  /// `"dialect.op"`.
  std::string getName() const {
    omnir_string s{};
    check(omnir_op_get_name(ctx_, impl_, &s));
    return detail::takeString(s);
  }
  bool isRegistered() const {
    bool out = false;
    check(omnir_op_is_registered(ctx_, impl_, &out));
    return out;
  }
  bool isLive() const {
    bool out = false;
    check(omnir_op_is_live(ctx_, impl_, &out));
    return out;
  }
  Location getLoc() const {
    omnir_location l{};
    check(omnir_op_get_location(ctx_, impl_, &l));
    return Location(ctx_, l);
  }

  unsigned getNumOperands() const {
    size_t n = 0;
    check(omnir_op_get_num_operands(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  Value getOperand(unsigned i) const {
    omnir_value v{};
    check(omnir_op_get_operand(ctx_, impl_, i, &v));
    return Value(ctx_, v);
  }
  std::vector<Value> getOperands() const {
    std::vector<Value> out;
    for (unsigned i = 0, e = getNumOperands(); i < e; ++i)
      out.push_back(getOperand(i));
    return out;
  }
  void setOperand(unsigned i, Value v) const { check(omnir_op_set_operand(ctx_, impl_, i, v)); }
  unsigned getNumResults() const {
    size_t n = 0;
    check(omnir_op_get_num_results(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  Value getResult(unsigned i) const {
    omnir_value v{};
    check(omnir_op_get_result(ctx_, impl_, i, &v));
    return Value(ctx_, v);
  }
  std::vector<Value> getResults() const {
    std::vector<Value> out;
    for (unsigned i = 0, e = getNumResults(); i < e; ++i)
      out.push_back(getResult(i));
    return out;
  }
  std::vector<Type> getOperandTypes() const {
    std::vector<Type> out;
    for (const auto &v : getOperands())
      out.push_back(v ? v.getType() : Type());
    return out;
  }
  std::vector<Type> getResultTypes() const {
    std::vector<Type> out;
    for (const auto &v : getResults())
      out.push_back(v.getType());
    return out;
  }
  unsigned getNumRegions() const {
    size_t n = 0;
    check(omnir_op_get_num_regions(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  Region getRegion(unsigned i) const;
  unsigned getNumSuccessors() const {
    size_t n = 0;
    check(omnir_op_get_num_successors(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  Block getSuccessor(unsigned i) const;

  /// An inherent attribute (properties first, then discardable), or null.
  Attribute getAttr(std::string_view name) const {
    omnir_attribute a{};
    check(omnir_op_get_inherent_attribute(ctx_, impl_, name.data(), name.size(), &a));
    return Attribute(ctx_, a);
  }
  /// A discardable attribute, or null.
  Attribute getDiscardableAttr(std::string_view name) const {
    omnir_attribute a{};
    check(omnir_op_get_attribute(ctx_, impl_, name.data(), name.size(), &a));
    return Attribute(ctx_, a);
  }
  template <typename AttrT>
  AttrT getAttrOfType(std::string_view name) const {
    return dyn_cast_or_null<AttrT>(getAttr(name));
  }
  bool hasAttr(std::string_view name) const { return static_cast<bool>(getAttr(name)); }
  void setAttr(std::string_view name, Attribute value) const {
    check(omnir_op_set_attribute(ctx_, impl_, name.data(), name.size(), value));
  }
  bool removeAttr(std::string_view name) const {
    bool removed = false;
    check(omnir_op_remove_attribute(ctx_, impl_, name.data(), name.size(), &removed));
    return removed;
  }
  std::vector<NamedAttribute> getAttrs() const {
    size_t n = 0;
    check(omnir_op_get_num_attributes(ctx_, impl_, &n));
    std::vector<NamedAttribute> out;
    for (size_t i = 0; i < n; ++i) {
      omnir_string name{};
      omnir_attribute a{};
      check(omnir_op_get_attribute_at(ctx_, impl_, i, &name, &a));
      out.push_back(NamedAttribute{detail::takeString(name), Attribute(ctx_, a)});
    }
    return out;
  }

  Operation getParentOp() const {
    omnir_op p{};
    check(omnir_op_get_parent_op(ctx_, impl_, &p));
    return Operation(ctx_, p);
  }
  Block getBlock() const;
  Operation getNextNode() const {
    omnir_op p{};
    check(omnir_op_get_next(ctx_, impl_, &p));
    return Operation(ctx_, p);
  }

  /// Erases it (and everything nested in it); every handle into it becomes stale.
  void erase() const { check(omnir_op_erase(ctx_, impl_, OMNIR_ERASE_REQUIRE_NO_USES)); }
  /// Takes it out of its block; the caller then owns it.
  void remove() const { check(omnir_op_detach(ctx_, impl_)); }
  Operation clone() const {
    omnir_op c{};
    check(omnir_op_clone(ctx_, impl_, &c));
    return Operation(ctx_, c);
  }

  /// Verifies it and everything nested in it; throws omnir::Error
  /// (OMNIR_ERROR_VERIFICATION_FAILED) carrying every diagnostic on failure.
  OMNIR_CXX_API void verify() const;
  /// The same, without throwing for a verification failure: the diagnostics go to the
  /// context's handlers and the result says whether it verified.
  LogicalResult verifyAndReport() const { return success(omnir_op_verify(ctx_, impl_) == OMNIR_OK); }
  /// Printed with omnir_print_flags_default() unless flags are given: custom forms where a
  /// definition has one (`module {`), generic otherwise.
  std::string str(const omnir_print_flags *flags = nullptr) const {
    omnir_string s{};
    check(omnir_op_print(ctx_, impl_, flags, &s));
    return detail::takeString(s);
  }
  std::string str(const OpPrintingFlags &flags) const { return str(&flags.getRaw()); }
  /// MLIR's Operation::print(raw_ostream &, const OpPrintingFlags &).
  void print(std::ostream &os, const OpPrintingFlags &flags = OpPrintingFlags()) const { os << str(flags); }

  /// Visits this op and everything nested in it (pre-order by default). The callback may
  /// return void or a omnir_walk_result (OMNIR_WALK_ADVANCE / SKIP / INTERRUPT). Exceptions
  /// thrown by the callback end the walk and propagate.
  OMNIR_CXX_API omnir_walk_result walk(const std::function<omnir_walk_result(Operation)> &fn,
                                       omnir_walk_order order = OMNIR_WALK_PRE_ORDER) const;
  template <typename Fn>
  auto walk(Fn &&fn, omnir_walk_order order = OMNIR_WALK_PRE_ORDER) const
      -> std::enable_if_t<std::is_void<decltype(fn(std::declval<Operation>()))>::value, void> {
    walk(std::function<omnir_walk_result(Operation)>([&](Operation op) {
           fn(op);
           return static_cast<omnir_walk_result>(OMNIR_WALK_ADVANCE);
         }),
         order);
  }

  /// MLIR's op->emitOpError(): inside this op's verifier, the failure message the verifier
  /// returns (omnir then reports `'dialect.op' op <message>` at the op); anywhere else, an
  /// error emitted at the op's location as `'dialect.op' op <message>`.
  OMNIR_CXX_API InFlightDiagnostic emitOpError() const;
  /// MLIR's op->emitError(): as emitOpError (omnir prefixes a verifier's message with the op
  /// name either way), without the prefix outside verifiers.
  OMNIR_CXX_API InFlightDiagnostic emitError() const;
  InFlightDiagnostic emitWarning() const { return getLoc().emitWarning(); }
  InFlightDiagnostic emitRemark() const { return getLoc().emitRemark(); }


private:
  omnir_context *ctx_ = nullptr;
  omnir_op impl_{};
};

inline Operation Value::getDefiningOp() const {
  omnir_op op{};
  check(omnir_value_get_defining_op(ctx_, impl_, &op));
  return Operation(ctx_, op);
}

/// A block: arguments and a list of operations.
class Block {
public:
  Block() = default;
  Block(Context ctx, omnir_block handle) : ctx_(ctx.get()), impl_(handle) {}
  /// A new detached block with arguments of `types` at `locs` (one per type).
  static Block create(Context ctx, const std::vector<Type> &types = {}, const std::vector<Location> &locs = {}) {
    auto t = detail::handles(types);
    std::vector<omnir_location> l;
    for (size_t i = 0; i < types.size(); ++i)
      l.push_back(i < locs.size() ? locs[i].getHandle() : UnknownLoc::get(ctx).getHandle());
    omnir_block b{};
    check(omnir_block_create(ctx, t.data(), l.data(), t.size(), &b));
    return Block(ctx, b);
  }
  explicit operator bool() const { return !omnir_block_is_null(impl_); }
  bool operator==(const Block &o) const { return omnir_block_equal(impl_, o.impl_); }
  bool operator!=(const Block &o) const { return !(*this == o); }
  Context getContext() const { return Context(ctx_); }
  omnir_block getHandle() const { return impl_; }

  unsigned getNumArguments() const {
    size_t n = 0;
    check(omnir_block_get_num_arguments(ctx_, impl_, &n));
    return static_cast<unsigned>(n);
  }
  Value getArgument(unsigned i) const {
    omnir_value v{};
    check(omnir_block_get_argument(ctx_, impl_, i, &v));
    return Value(ctx_, v);
  }
  Value addArgument(Type type, Location loc) const {
    omnir_value v{};
    check(omnir_block_add_argument(ctx_, impl_, type, loc, &v));
    return Value(ctx_, v);
  }
  /// The operations, in order.
  std::vector<Operation> getOperations() const {
    size_t n = 0;
    check(omnir_block_get_num_ops(ctx_, impl_, &n));
    std::vector<omnir_op> raw(n);
    size_t count = 0;
    check(omnir_block_get_ops(ctx_, impl_, raw.data(), raw.size(), &count));
    std::vector<Operation> out;
    for (size_t i = 0; i < count && i < raw.size(); ++i)
      out.push_back(Operation(ctx_, raw[i]));
    return out;
  }
  bool empty() const {
    size_t n = 0;
    check(omnir_block_get_num_ops(ctx_, impl_, &n));
    return n == 0;
  }
  Operation front() const {
    omnir_op op{};
    check(omnir_block_get_first_op(ctx_, impl_, &op));
    return Operation(ctx_, op);
  }
  Operation back() const {
    omnir_op op{};
    check(omnir_block_get_last_op(ctx_, impl_, &op));
    return Operation(ctx_, op);
  }
  /// Inserts a detached operation at the end.
  void push_back(Operation op) const {
    omnir_insertion_point p{};
    p.kind = OMNIR_INSERT_BLOCK_END;
    p.block = impl_;
    check(omnir_op_insert(ctx_, op, p));
  }
  void push_front(Operation op) const {
    omnir_insertion_point p{};
    p.kind = OMNIR_INSERT_BLOCK_START;
    p.block = impl_;
    check(omnir_op_insert(ctx_, op, p));
  }
  Operation getParentOp() const {
    omnir_op op{};
    check(omnir_block_get_parent_op(ctx_, impl_, &op));
    return Operation(ctx_, op);
  }

private:
  omnir_context *ctx_ = nullptr;
  omnir_block impl_{};
};

/// A region: a list of blocks.
class Region {
public:
  Region() = default;
  Region(Context ctx, omnir_region handle) : ctx_(ctx.get()), impl_(handle) {}
  explicit operator bool() const { return !omnir_region_is_null(impl_); }
  bool operator==(const Region &o) const { return omnir_region_equal(impl_, o.impl_); }
  Context getContext() const { return Context(ctx_); }
  omnir_region getHandle() const { return impl_; }
  size_t getNumBlocks() const {
    size_t n = 0;
    check(omnir_region_get_num_blocks(ctx_, impl_, &n));
    return n;
  }
  bool empty() const { return getNumBlocks() == 0; }
  Block front() const {
    omnir_block b{};
    check(omnir_region_get_first_block(ctx_, impl_, &b));
    return Block(ctx_, b);
  }
  Block getBlock(size_t i) const {
    omnir_block b{};
    check(omnir_region_get_block(ctx_, impl_, i, &b));
    return Block(ctx_, b);
  }
  /// Appends a detached block.
  void push_back(Block b) const { check(omnir_region_append_block(ctx_, impl_, b.getHandle())); }
  /// Appends a new block with arguments of `types`.
  Block emplaceBlock(const std::vector<Type> &types = {}) const {
    Block b = Block::create(ctx_, types);
    push_back(b);
    return b;
  }
  Operation getParentOp() const {
    omnir_op op{};
    check(omnir_region_get_parent_op(ctx_, impl_, &op));
    return Operation(ctx_, op);
  }

private:
  omnir_context *ctx_ = nullptr;
  omnir_region impl_{};
};

inline Block Operation::getSuccessor(unsigned i) const {
  omnir_block b{};
  check(omnir_op_get_successor(ctx_, impl_, i, &b));
  return Block(ctx_, b);
}
inline Region Operation::getRegion(unsigned i) const {
  omnir_region r{};
  check(omnir_op_get_region(ctx_, impl_, i, &r));
  return Region(ctx_, r);
}
inline Block Operation::getBlock() const {
  omnir_block b{};
  check(omnir_op_get_parent_block(ctx_, impl_, &b));
  return Block(ctx_, b);
}

inline std::ostream &operator<<(std::ostream &os, const Operation &op) { return os << op.str(); }

//===----------------------------------------------------------------------===//
// OperationState, OpBuilder, ModuleOp, OwningOpRef
//===----------------------------------------------------------------------===//

/// Everything an operation is created from (MLIR's OperationState), over an
/// omnir_operation_state (RAII).
class OperationState {
public:
  OperationState(Location loc, std::string_view name) : ctx_(loc.getContext()), loc_(loc) {
    check(omnir_operation_state_create(name.data(), name.size(), loc, &state_));
  }
  OperationState(const OperationState &) = delete;
  OperationState &operator=(const OperationState &) = delete;
  ~OperationState() { (void)omnir_operation_state_destroy(state_); }

  Context getContext() const { return ctx_; }
  Location getLocation() const { return loc_; }
  omnir_operation_state *get() const { return state_; }

  void addOperands(const std::vector<Value> &values) {
    std::vector<omnir_value> raw;
    for (const auto &v : values)
      raw.push_back(v.getHandle());
    check(omnir_operation_state_add_operands(state_, raw.data(), raw.size()));
  }
  void addOperand(Value v) { addOperands({v}); }
  void addTypes(const std::vector<Type> &types) {
    auto raw = detail::handles(types);
    check(omnir_operation_state_add_results(state_, raw.data(), raw.size()));
  }
  void addType(Type t) { addTypes({t}); }
  void addAttribute(std::string_view name, Attribute value) {
    check(omnir_operation_state_add_attribute(state_, name.data(), name.size(), value));
  }
  void setProperties(DictionaryAttr properties) { check(omnir_operation_state_set_properties(state_, properties)); }
  void setNumRegions(size_t n) { check(omnir_operation_state_set_num_regions(state_, n)); }
  /// Leaves the result types to the op's definition when none are added (MLIR's
  /// OperationState with InferTypeOpInterface); creating fails when they don't follow.
  void enableResultTypeInference() { check(omnir_operation_state_enable_result_type_inference(state_)); }
  void addSuccessors(const std::vector<Block> &blocks) {
    std::vector<omnir_block> raw;
    for (const auto &b : blocks)
      raw.push_back(b.getHandle());
    check(omnir_operation_state_add_successors(state_, raw.data(), raw.size()));
  }

private:
  Context ctx_;
  Location loc_;
  omnir_operation_state *state_ = nullptr;
};

/// Creates operations at an insertion point (MLIR's OpBuilder).
class OpBuilder {
public:
  explicit OpBuilder(Context ctx) : ctx_(ctx) {}
  /// A builder inserting at the end of `block`.
  static OpBuilder atBlockEnd(Block block) {
    OpBuilder b(block.getContext());
    b.setInsertionPointToEnd(block);
    return b;
  }
  Context getContext() const { return ctx_; }

  void setInsertionPointToEnd(Block block) { setPoint(OMNIR_INSERT_BLOCK_END, block.getHandle(), omnir_op{}); }
  void setInsertionPointToStart(Block block) { setPoint(OMNIR_INSERT_BLOCK_START, block.getHandle(), omnir_op{}); }
  void setInsertionPoint(Operation op) { setPoint(OMNIR_INSERT_BEFORE_OP, omnir_block{}, op.getHandle()); }
  void setInsertionPointAfter(Operation op) { setPoint(OMNIR_INSERT_AFTER_OP, omnir_block{}, op.getHandle()); }
  void clearInsertionPoint() { point_.set = false; }

  /// Creates the operation of `state` and inserts it at the insertion point (if one is set).
  Operation create(const OperationState &state) {
    omnir_op op{};
    check(omnir_operation_create(ctx_, state.get(), &op));
    Operation result(ctx_, op);
    if (point_.set) {
      omnir_status st = omnir_op_insert(ctx_, op, point_.raw);
      if (st != OMNIR_OK) {
        Error e = Error::fromLastError(st);
        (void)omnir_op_erase(ctx_, op, OMNIR_ERASE_DROP_USES);
        throw e;
      }
      // Keep inserting after what was just inserted when the point is "after op".
      if (point_.raw.kind == OMNIR_INSERT_AFTER_OP)
        point_.raw.op = op;
    }
    return result;
  }
  /// MLIR's builder.create<OpT>(loc, args...): OpT::build(builder, state, args...).
  template <typename OpT, typename... Args>
  OpT create(Location loc, Args &&...args) {
    OperationState state(loc, OpT::getOperationName());
    OpT::build(*this, state, std::forward<Args>(args)...);
    return OpT(create(state));
  }

  // MLIR's Builder conveniences.
  IntegerType getIntegerType(unsigned width, bool isSigned = false) const {
    return IntegerType::get(ctx_, width, isSigned ? IntegerType::Signed : IntegerType::Signless);
  }
  IntegerType getI1Type() const { return IntegerType::get(ctx_, 1); }
  IntegerType getI8Type() const { return IntegerType::get(ctx_, 8); }
  IntegerType getI32Type() const { return IntegerType::get(ctx_, 32); }
  IntegerType getI64Type() const { return IntegerType::get(ctx_, 64); }
  IndexType getIndexType() const { return IndexType::get(ctx_); }
  FloatType getF32Type() const { return FloatType::getF32(ctx_); }
  FloatType getF64Type() const { return FloatType::getF64(ctx_); }
  IntegerAttr getI64IntegerAttr(int64_t v) const { return IntegerAttr::get(getI64Type(), v); }
  IntegerAttr getI32IntegerAttr(int32_t v) const { return IntegerAttr::get(getI32Type(), v); }
  FloatAttr getF64FloatAttr(double v) const { return FloatAttr::get(getF64Type(), v); }
  StringAttr getStringAttr(std::string_view s) const { return StringAttr::get(ctx_, s); }
  TypeAttr getTypeAttr(Type t) const { return TypeAttr::get(t); }
  UnitAttr getUnitAttr() const { return UnitAttr::get(ctx_); }
  BoolAttr getBoolAttr(bool v) const { return BoolAttr::get(ctx_, v); }
  Location getUnknownLoc() const { return UnknownLoc::get(ctx_); }

private:
  void setPoint(omnir_insertion_kind kind, omnir_block block, omnir_op op) {
    point_.raw = omnir_insertion_point{};
    point_.raw.kind = kind;
    point_.raw.block = block;
    point_.raw.op = op;
    point_.set = true;
  }
  Context ctx_;
  InsertionPoint point_;
};

/// MLIR's OpState: the base of typed operation classes (Dialect.h's Op<>).
class OpState {
public:
  OpState() = default;
  explicit OpState(Operation op) : op_(op) {}
  Operation getOperation() const { return op_; }
  operator Operation() const { return op_; } // NOLINT
  explicit operator bool() const { return static_cast<bool>(op_); }
  const Operation *operator->() const { return &op_; }
  bool operator==(const OpState &o) const { return op_ == o.op_; }
  Context getContext() const { return op_.getContext(); }
  Location getLoc() const { return op_.getLoc(); }
  std::string str() const { return op_.str(); }
  std::string str(const OpPrintingFlags &flags) const { return op_.str(flags); }
  void print(std::ostream &os, const OpPrintingFlags &flags = OpPrintingFlags()) const { op_.print(os, flags); }
  InFlightDiagnostic emitOpError() const { return op_.emitOpError(); }
  InFlightDiagnostic emitError() const { return op_.emitError(); }
  InFlightDiagnostic emitWarning() const { return op_.emitWarning(); }
  InFlightDiagnostic emitRemark() const { return op_.emitRemark(); }
  void erase() const { op_.erase(); }

protected:
  Operation op_;
};

/// `builtin.module`.
class ModuleOp : public OpState {
public:
  using OpState::OpState;
  ModuleOp() = default;
  ModuleOp(Operation op) : OpState(op) {} // NOLINT
  static constexpr const char *getOperationName() { return "builtin.module"; }
  static bool classof(Operation op) { return op.getName() == getOperationName(); }
  /// A new, empty, detached module (own it with OwningOpRef).
  static ModuleOp create(Location loc) {
    OperationState state(loc, getOperationName());
    state.setNumRegions(1);
    OpBuilder b(loc.getContext());
    Operation op = b.create(state);
    op.getRegion(0).emplaceBlock();
    return ModuleOp(op);
  }
  Block getBody() const { return op_.getRegion(0).front(); }
  void push_back(Operation op) const { getBody().push_back(op); }
};

/// Owns a detached operation (MLIR's OwningOpRef): erases it on destruction unless released.
template <typename OpT>
class OwningOpRef {
public:
  OwningOpRef() = default;
  OwningOpRef(OpT op) : op_(op) {} // NOLINT
  OwningOpRef(OwningOpRef &&o) noexcept : op_(std::exchange(o.op_, OpT())) {}
  OwningOpRef &operator=(OwningOpRef &&o) noexcept {
    if (this != &o) {
      reset();
      op_ = std::exchange(o.op_, OpT());
    }
    return *this;
  }
  OwningOpRef(const OwningOpRef &) = delete;
  OwningOpRef &operator=(const OwningOpRef &) = delete;
  ~OwningOpRef() { reset(); }

  OpT get() const { return op_; }
  OpT operator*() const { return op_; }
  const OpT *operator->() const { return &op_; }
  explicit operator bool() const { return static_cast<bool>(op_); }
  OpT release() { return std::exchange(op_, OpT()); }
  /// Erases the operation now (if it is still detached: inserted IR belongs to its parent).
  void reset() {
    Operation op = static_cast<Operation>(std::exchange(op_, OpT()));
    if (!op)
      return;
    omnir_block block{};
    if (omnir_op_get_parent_block(op.getContext(), op, &block) == OMNIR_OK && omnir_block_is_null(block))
      (void)omnir_op_erase(op.getContext(), op, OMNIR_ERASE_DROP_USES);
  }

private:
  OpT op_;
};

/// Parses MLIR text into a module (MLIR's parseSourceString<ModuleOp>); throws omnir::Error
/// (OMNIR_ERROR_PARSE_FAILED) carrying every diagnostic on failure.
OMNIR_CXX_API Operation parseSourceStringRaw(std::string_view text, Context ctx, std::string_view filename);

template <typename OpT = ModuleOp>
OwningOpRef<OpT> parseSourceString(std::string_view text, Context ctx, std::string_view filename = "<string>") {
  Operation op = parseSourceStringRaw(text, ctx, filename);
  OwningOpRef<ModuleOp> owned{ModuleOp(op)};
  if (!isa<OpT>(op))
    throwBadCast("parseSourceString", op.getName());
  return OwningOpRef<OpT>(OpT(owned.release().getOperation()));
}

} // namespace omnir

namespace std {
template <>
struct hash<omnir::Type> {
  size_t operator()(const omnir::Type &t) const noexcept {
    auto h = t.getHandle();
    return std::hash<uint64_t>()((uint64_t(h.context) << 32) | h.id);
  }
};
template <>
struct hash<omnir::Attribute> {
  size_t operator()(const omnir::Attribute &a) const noexcept {
    auto h = a.getHandle();
    return std::hash<uint64_t>()((uint64_t(h.context) << 32) | h.id);
  }
};
} // namespace std

#endif // OMNIR_CXX_IR_H
