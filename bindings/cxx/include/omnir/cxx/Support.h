// omnir C++ API: support classes (results, errors, diagnostics).
//
// Part of libomnir_cxx.so.0, the C++ bridge of omnir: one per process, linking the one
// libomnir.so.0. Include <omnir/cxx/IR.h> for the IR and <omnir/cxx/Dialect.h> to define
// dialects; this header comes with both.
//
// SPDX-License-Identifier: Apache-2.0
#ifndef OMNIR_CXX_SUPPORT_H
#define OMNIR_CXX_SUPPORT_H

#include <omnir/omnir.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#if __cplusplus < 201703L
#error "the omnir C++ API needs C++17"
#endif

/// Marks what libomnir_cxx.so.0 exports. The declarations carry it too, so that a library
/// built with -fvisibility=hidden still binds to the bridge's one copy (and catches its
/// exceptions by type).
#define OMNIR_CXX_API __attribute__((visibility("default")))

/// The version of the C++ bridge headers (the library's SONAME is libomnir_cxx.so.0).
#define OMNIR_CXX_VERSION_MAJOR 0
#define OMNIR_CXX_VERSION_MINOR 1

namespace omnir {

//===----------------------------------------------------------------------===//
// LogicalResult, ParseResult, FailureOr (as in MLIR)
//===----------------------------------------------------------------------===//

/// Success or failure of an operation whose diagnostics went elsewhere (MLIR's).
class [[nodiscard]] LogicalResult {
public:
  static LogicalResult success(bool isSuccess = true) { return LogicalResult(isSuccess); }
  static LogicalResult failure(bool isFailure = true) { return LogicalResult(!isFailure); }
  bool succeeded() const { return ok_; }
  bool failed() const { return !ok_; }

protected:
  explicit LogicalResult(bool ok) : ok_(ok) {}

private:
  bool ok_;
};

inline LogicalResult success(bool isSuccess = true) { return LogicalResult::success(isSuccess); }
inline LogicalResult failure(bool isFailure = true) { return LogicalResult::failure(isFailure); }
inline bool succeeded(LogicalResult r) { return r.succeeded(); }
inline bool failed(LogicalResult r) { return r.failed(); }

/// A LogicalResult that converts to `true` on failure, for parser code in MLIR's style:
/// `if (parser.parseLess() || parser.parseType(t)) return {};`.
class [[nodiscard]] ParseResult : public LogicalResult {
public:
  ParseResult(LogicalResult r = success()) : LogicalResult(r) {} // NOLINT: implicit by design
  explicit operator bool() const { return failed(); }
};

/// The result of an optional parse: no value (nothing there), or success/failure.
using OptionalParseResult = std::optional<ParseResult>;

/// A value or a failure (MLIR's FailureOr).
template <typename T>
class [[nodiscard]] FailureOr : public std::optional<T> {
public:
  FailureOr(LogicalResult r) { (void)r; } // NOLINT: a failure (as MLIR, success here is a bug)
  FailureOr(T value) : std::optional<T>(std::move(value)) {} // NOLINT
  operator LogicalResult() const { return success(this->has_value()); } // NOLINT
};

//===----------------------------------------------------------------------===//
// function_ref
//===----------------------------------------------------------------------===//

/// A non-owning reference to a callable (LLVM's function_ref).
template <typename Fn>
class function_ref;

template <typename Ret, typename... Params>
class function_ref<Ret(Params...)> {
public:
  function_ref() = default;
  template <typename Callable,
            typename = std::enable_if_t<!std::is_same<std::decay_t<Callable>, function_ref>::value>>
  function_ref(Callable &&callable) // NOLINT: implicit, as LLVM's
      : callback_(callbackFn<std::remove_reference_t<Callable>>),
        callable_(reinterpret_cast<intptr_t>(&callable)) {}
  Ret operator()(Params... params) const { return callback_(callable_, std::forward<Params>(params)...); }
  explicit operator bool() const { return callback_ != nullptr; }

private:
  template <typename Callable>
  static Ret callbackFn(intptr_t callable, Params... params) {
    return (*reinterpret_cast<Callable *>(callable))(std::forward<Params>(params)...);
  }
  Ret (*callback_)(intptr_t, Params...) = nullptr;
  intptr_t callable_ = 0;
};

//===----------------------------------------------------------------------===//
// Diagnostics and errors
//===----------------------------------------------------------------------===//

/// The severity of a diagnostic (omnir_severity).
enum class DiagnosticSeverity : uint32_t {
  Note = OMNIR_SEVERITY_NOTE,
  Warning = OMNIR_SEVERITY_WARNING,
  Error = OMNIR_SEVERITY_ERROR,
  Remark = OMNIR_SEVERITY_REMARK,
};

/// A note of a diagnostic.
struct DiagnosticNote {
  DiagnosticSeverity severity = DiagnosticSeverity::Note;
  omnir_location location{};
  std::string locationText; ///< `loc("file":1:2)`
  std::string message;
};

/// A diagnostic copied out of omnir (it outlives the capture and the context).
struct Diagnostic {
  DiagnosticSeverity severity = DiagnosticSeverity::Error;
  omnir_location location{};
  std::string locationText; ///< `loc("file":1:2)`
  std::string message;
  std::string rendered; ///< MLIR's rendering: `file:1:2: error: message`, source line, caret
  std::vector<DiagnosticNote> notes;
};

/// The error every failing call of the C++ API throws: the C status, the core's message and,
/// for verification and parsing, every diagnostic the call emitted.
class OMNIR_CXX_API Error : public std::runtime_error {
public:
  Error(omnir_status status, std::string message, std::vector<Diagnostic> diagnostics = {});
  Error(const Error &) = default;
  Error &operator=(const Error &) = default;
  ~Error() override;

  /// The C API's status (never OMNIR_OK).
  omnir_status status() const noexcept { return status_; }
  /// `OMNIR_ERROR_PARSE_FAILED`...
  std::string statusName() const;
  /// The message alone (what() is `STATUS_NAME: message`).
  const std::string &message() const noexcept { return message_; }
  const std::vector<Diagnostic> &diagnostics() const noexcept { return diagnostics_; }

  /// The last error of the core on this thread, as an Error with status `status`.
  static Error fromLastError(omnir_status status);

private:
  omnir_status status_;
  std::string message_;
  std::vector<Diagnostic> diagnostics_;
};

/// Throws Error::fromLastError(status).
[[noreturn]] OMNIR_CXX_API void throwLastError(omnir_status status);

/// Throws when a C call failed: `check(omnir_xxx(...))`.
inline void check(omnir_status status) {
  if (status != OMNIR_OK)
    throwLastError(status);
}

/// A double as MLIR's raw_ostream prints it (C's `%e`: `5.000000e-01`).
OMNIR_CXX_API std::string formatDouble(double value);
/// A string literal as MLIR prints it: quotes, `\\` and `\XX` escapes.
OMNIR_CXX_API std::string quoteString(std::string_view bytes);
/// Whether `text` can be printed as a bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`).
OMNIR_CXX_API bool isBareIdentifier(std::string_view text);
/// The name of a status: `OMNIR_ERROR_PARSE_FAILED`.
OMNIR_CXX_API std::string statusName(omnir_status status);

namespace detail {
/// Copies an omnir_string and frees it with omnir's own allocator.
inline std::string takeString(omnir_string s) {
  std::string out = s.data ? std::string(s.data, s.len) : std::string();
  omnir_string_free(s);
  return out;
}
} // namespace detail

/// Where an InFlightDiagnostic goes when it is reported.
class OMNIR_CXX_API DiagnosticSink {
public:
  virtual ~DiagnosticSink();
  virtual void report(DiagnosticSeverity severity, std::string message) = 0;
};

/// A diagnostic being built (MLIR's InFlightDiagnostic): append with `<<`; it is reported
/// when it goes out of scope. It converts to a failed LogicalResult, so that
/// `return emitOpError() << "...";` reads as in MLIR.
class OMNIR_CXX_API InFlightDiagnostic {
public:
  InFlightDiagnostic() = default;
  /// A diagnostic reported to `sink` (borrowed; it must outlive this object).
  InFlightDiagnostic(DiagnosticSink *sink, DiagnosticSeverity severity);
  /// A diagnostic emitted to the context's handlers at `location`, starting with `prefix`.
  InFlightDiagnostic(omnir_context *ctx, omnir_location location, DiagnosticSeverity severity,
                     std::string prefix = {});
  InFlightDiagnostic(InFlightDiagnostic &&other) noexcept;
  InFlightDiagnostic &operator=(InFlightDiagnostic &&other) noexcept;
  InFlightDiagnostic(const InFlightDiagnostic &) = delete;
  InFlightDiagnostic &operator=(const InFlightDiagnostic &) = delete;
  ~InFlightDiagnostic();

  /// Reports it now (once).
  void report();
  /// Drops it without reporting.
  void abandon() { active_ = false; }
  bool isActive() const { return active_; }
  const std::string &str() const { return message_; }

  InFlightDiagnostic &append(std::string_view text) {
    message_.append(text.data(), text.size());
    return *this;
  }

  operator LogicalResult() const { return failure(); } // NOLINT: implicit, as MLIR's
  operator ParseResult() const { return failure(); }   // NOLINT
  template <typename T>
  operator FailureOr<T>() const { // NOLINT
    return failure();
  }

private:
  DiagnosticSink *sink_ = nullptr;
  omnir_context *ctx_ = nullptr;
  omnir_location location_{};
  DiagnosticSeverity severity_ = DiagnosticSeverity::Error;
  std::string message_;
  bool active_ = false;
};

// What `<<` appends; found by argument-dependent lookup for omnir's own classes (Type,
// Attribute, Location and Value have overloads in IR.h).
inline void diagnosticAppend(std::string &out, std::string_view v) { out.append(v.data(), v.size()); }
inline void diagnosticAppend(std::string &out, const char *v) { out.append(v ? v : "(null)"); }
inline void diagnosticAppend(std::string &out, const std::string &v) { out.append(v); }
inline void diagnosticAppend(std::string &out, char v) { out.push_back(v); }
inline void diagnosticAppend(std::string &out, double v) { out.append(formatDouble(v)); }
inline void diagnosticAppend(std::string &out, float v) { out.append(formatDouble(v)); }
template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, char>::value>>
inline void diagnosticAppend(std::string &out, T v) {
  out.append(std::to_string(v));
}

template <typename T>
InFlightDiagnostic &operator<<(InFlightDiagnostic &d, const T &value) {
  std::string text;
  diagnosticAppend(text, value);
  return d.append(text);
}
template <typename T>
InFlightDiagnostic &&operator<<(InFlightDiagnostic &&d, const T &value) {
  d << value;
  return std::move(d);
}

/// How verifiers report (MLIR's `function_ref<InFlightDiagnostic()> emitError`).
using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// A sink that keeps the first message reported to it (what a verifier callback gives back
/// to omnir as its failure message).
class OMNIR_CXX_API MessageSink : public DiagnosticSink {
public:
  ~MessageSink() override;
  void report(DiagnosticSeverity severity, std::string message) override;
  bool hasMessage() const { return has_; }
  const std::string &message() const { return message_; }

private:
  std::string message_;
  bool has_ = false;
};

} // namespace omnir

#endif // OMNIR_CXX_SUPPORT_H
