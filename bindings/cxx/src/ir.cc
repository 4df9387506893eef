// The non-inline parts of the IR classes: verification and parsing with their diagnostics
// (captured by the Rust half), walks with C++ callbacks, and emitOpError.
#include "bridge_internal.h"

#include <exception>

namespace omnir {

void Operation::verify() const {
  bridge::ErrorRecord record = bridge::verify_op(ctx_, impl_);
  if (record.status != OMNIR_OK)
    throw internal::toError(record);
}

Operation parseSourceStringRaw(std::string_view text, Context ctx, std::string_view filename) {
  omnir_op op{};
  bridge::ErrorRecord record = bridge::parse_module(ctx, internal::bytes(text), internal::bytes(filename), op);
  if (record.status != OMNIR_OK)
    throw internal::toError(record);
  return Operation(ctx, op);
}

Type parseType(std::string_view text, Context ctx) {
  omnir_type t{};
  bridge::ErrorRecord record = bridge::parse_type(ctx, internal::bytes(text), t);
  if (record.status != OMNIR_OK)
    throw internal::toError(record);
  return Type(ctx, t);
}

Attribute parseAttribute(std::string_view text, Context ctx) {
  omnir_attribute a{};
  bridge::ErrorRecord record = bridge::parse_attribute(ctx, internal::bytes(text), a);
  if (record.status != OMNIR_OK)
    throw internal::toError(record);
  return Attribute(ctx, a);
}

namespace {
struct WalkState {
  const std::function<omnir_walk_result(Operation)> *fn;
  omnir_context *ctx;
  std::exception_ptr error;
};

omnir_walk_result walkTrampoline(void *userData, omnir_op op) {
  auto *state = static_cast<WalkState *>(userData);
  try {
    return (*state->fn)(Operation(Context(state->ctx), op));
  } catch (...) {
    state->error = std::current_exception();
    return OMNIR_WALK_INTERRUPT;
  }
}
} // namespace

omnir_walk_result Operation::walk(const std::function<omnir_walk_result(Operation)> &fn, omnir_walk_order order) const {
  WalkState state{&fn, ctx_, nullptr};
  omnir_walk_result result = OMNIR_WALK_ADVANCE;
  omnir_status st = omnir_op_walk(ctx_, impl_, order, &walkTrampoline, &state, &result);
  if (state.error)
    std::rethrow_exception(state.error);
  check(st);
  return result;
}

static internal::VerifyScope *verifierOf(omnir_op op) {
  for (auto *s = internal::currentVerify; s; s = s->previous)
    if (omnir_op_equal(s->op, op))
      return s;
  return nullptr;
}

InFlightDiagnostic Operation::emitOpError() const {
  if (auto *scope = verifierOf(impl_))
    if (!scope->sink->hasMessage())
      return InFlightDiagnostic(scope->sink, DiagnosticSeverity::Error);
  return InFlightDiagnostic(ctx_, getLoc(), DiagnosticSeverity::Error, "'" + getName() + "' op ");
}

InFlightDiagnostic Operation::emitError() const {
  if (auto *scope = verifierOf(impl_))
    if (!scope->sink->hasMessage())
      return InFlightDiagnostic(scope->sink, DiagnosticSeverity::Error);
  return InFlightDiagnostic(ctx_, getLoc(), DiagnosticSeverity::Error);
}

} // namespace omnir
