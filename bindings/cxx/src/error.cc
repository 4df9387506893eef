// omnir::Error, diagnostics and MLIR spellings: the error mapping and formatting shared with
// the Rust half (src/lib.rs) through cxx.
#include "bridge_internal.h"

namespace omnir {

namespace internal {

std::vector<Diagnostic> toDiagnostics(const rust::Vec<bridge::DiagnosticRecord> &records) {
  std::vector<Diagnostic> out;
  out.reserve(records.size());
  for (const auto &r : records) {
    Diagnostic d;
    d.severity = static_cast<DiagnosticSeverity>(r.severity);
    d.location = r.location;
    d.locationText = toStd(r.location_text);
    d.message = toStd(r.message);
    d.rendered = toStd(r.rendered);
    for (const auto &n : r.notes) {
      DiagnosticNote note;
      note.severity = static_cast<DiagnosticSeverity>(n.severity);
      note.location = n.location;
      note.locationText = toStd(n.location_text);
      note.message = toStd(n.message);
      d.notes.push_back(std::move(note));
    }
    out.push_back(std::move(d));
  }
  return out;
}

void setCallbackMessage(omnir_callback_message *message, const std::string &text) {
  (void)omnir_callback_message_set(message, text.data(), text.size());
}

std::string describeCurrentException() {
  try {
    throw;
  } catch (const std::exception &e) {
    return e.what();
  } catch (...) {
    return "unknown C++ exception";
  }
}

Error toError(const bridge::ErrorRecord &record) {
  return Error(static_cast<omnir_status>(record.status), toStd(record.message), toDiagnostics(record.diagnostics));
}

} // namespace internal

static std::string describe(omnir_status status, const std::string &message) {
  std::string what = statusName(status);
  if (!message.empty()) {
    what += ": ";
    what += message;
  }
  return what;
}

Error::Error(omnir_status status, std::string message, std::vector<Diagnostic> diagnostics)
    : std::runtime_error(describe(status, message)), status_(status), message_(std::move(message)),
      diagnostics_(std::move(diagnostics)) {}

Error::~Error() = default;

std::string Error::statusName() const { return omnir::statusName(status_); }

Error Error::fromLastError(omnir_status status) {
  return internal::toError(bridge::last_error(static_cast<uint32_t>(status)));
}

void throwLastError(omnir_status status) { throw Error::fromLastError(status); }

void throwBadCast(const char *to, const std::string &what) {
  throw Error(OMNIR_ERROR_INVALID_ARGUMENT, std::string("cast<") + to + "> of " + what + ", which is not one");
}

std::string statusName(omnir_status status) { return internal::toStd(bridge::status_name(static_cast<uint32_t>(status))); }

std::string formatDouble(double value) { return internal::toStd(bridge::format_double(value)); }

std::string formatOptionFloat(double value) { return internal::toStd(bridge::option_float_text(value)); }

std::string quoteString(std::string_view bytes) { return internal::toStd(bridge::quote_string(internal::bytes(bytes))); }

bool isBareIdentifier(std::string_view text) {
  return bridge::is_bare_identifier(rust::Str(text.data(), text.size()));
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

DiagnosticSink::~DiagnosticSink() = default;

MessageSink::~MessageSink() = default;

void MessageSink::report(DiagnosticSeverity, std::string message) {
  if (has_)
    return;
  has_ = true;
  message_ = std::move(message);
}

InFlightDiagnostic::InFlightDiagnostic(DiagnosticSink *sink, DiagnosticSeverity severity)
    : sink_(sink), severity_(severity), active_(true) {}

InFlightDiagnostic::InFlightDiagnostic(omnir_context *ctx, omnir_location location, DiagnosticSeverity severity,
                                       std::string prefix)
    : ctx_(ctx), location_(location), severity_(severity), message_(std::move(prefix)), active_(true) {}

InFlightDiagnostic::InFlightDiagnostic(InFlightDiagnostic &&o) noexcept
    : sink_(o.sink_), ctx_(o.ctx_), location_(o.location_), severity_(o.severity_), message_(std::move(o.message_)),
      active_(std::exchange(o.active_, false)) {}

InFlightDiagnostic &InFlightDiagnostic::operator=(InFlightDiagnostic &&o) noexcept {
  if (this != &o) {
    report();
    sink_ = o.sink_;
    ctx_ = o.ctx_;
    location_ = o.location_;
    severity_ = o.severity_;
    message_ = std::move(o.message_);
    active_ = std::exchange(o.active_, false);
  }
  return *this;
}

InFlightDiagnostic::~InFlightDiagnostic() { report(); }

void InFlightDiagnostic::report() {
  if (!active_)
    return;
  active_ = false;
  if (sink_) {
    sink_->report(severity_, std::move(message_));
    return;
  }
  if (ctx_) {
    // A diagnostic that cannot be delivered (a destroyed context...) has nowhere else to go:
    // reporting runs in destructors, so it must not throw.
    (void)omnir_context_emit_diagnostic(ctx_, static_cast<uint32_t>(severity_), location_, message_.data(),
                                        message_.size(), nullptr, 0);
  }
}

} // namespace omnir
