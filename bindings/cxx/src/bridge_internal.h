// Internal to libomnir_cxx.so: the cxx-generated bridge to the Rust half (src/lib.rs).
#ifndef OMNIR_CXX_BRIDGE_INTERNAL_H
#define OMNIR_CXX_BRIDGE_INTERNAL_H

#include <omnir/cxx/Dialect.h>

#include "omnir-cxx/src/lib.rs.h"
#include "rust/cxx.h"

namespace omnir {
namespace internal {

inline std::string toStd(const rust::String &s) { return std::string(s.data(), s.size()); }

inline rust::Slice<const uint8_t> bytes(std::string_view s) {
  return rust::Slice<const uint8_t>(reinterpret_cast<const uint8_t *>(s.data()), s.size());
}

/// The operation verifier running on this thread (innermost first): inside it,
/// emitOpError() becomes the failure message the verifier returns to omnir.
struct VerifyScope {
  omnir_op op;
  MessageSink *sink;
  VerifyScope *previous;
};
extern thread_local VerifyScope *currentVerify;

/// Gives omnir a callback's failure message (ignored if omnir refuses it: the callback's
/// status says it failed either way).
void setCallbackMessage(omnir_callback_message *message, const std::string &text);
/// The what() of the exception being handled (call inside a catch block).
std::string describeCurrentException();

/// A record of the Rust side as an omnir::Error.
Error toError(const bridge::ErrorRecord &record);
std::vector<Diagnostic> toDiagnostics(const rust::Vec<bridge::DiagnosticRecord> &records);

} // namespace internal
} // namespace omnir

#endif
