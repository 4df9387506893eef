// omnir::AsmParser: MLIR's parser interface for custom type and attribute syntax, over the
// Rust cursor of src/lib.rs (tokens) and the core's prefix parsers (nested types and
// attributes).
#include "bridge_internal.h"

#include <deque>

namespace omnir {

namespace {
/// Keywords that start a builtin type (for parseOptionalType).
bool startsBuiltinType(const std::string &kw) {
  static const char *const fixed[] = {"index", "none",  "tensor", "memref", "vector", "complex", "tuple",
                                      "f16",   "bf16",  "f32",    "f64",    "f80",    "f128",    "tf32"};
  for (const char *f : fixed)
    if (kw == f)
      return true;
  auto digitsFrom = [&](size_t i) {
    if (i >= kw.size())
      return false;
    for (; i < kw.size(); ++i)
      if (kw[i] < '0' || kw[i] > '9')
        return false;
    return true;
  };
  if (kw[0] == 'i' && digitsFrom(1))
    return true;
  if ((kw.rfind("si", 0) == 0 || kw.rfind("ui", 0) == 0) && digitsFrom(2))
    return true;
  return kw.rfind("f8E", 0) == 0 || kw.rfind("f6E", 0) == 0 || kw.rfind("f4E", 0) == 0;
}
} // namespace

struct AsmParser::Impl {
  /// Reports the first error of a parse with its position.
  struct __attribute__((visibility("hidden"))) OffsetSink : DiagnosticSink {
    OffsetSink(Impl *impl, size_t offset) : impl(impl), offset(offset) {}
    void report(DiagnosticSeverity, std::string message) override {
      if (!impl->hasError) {
        impl->hasError = true;
        impl->error = std::move(message);
        impl->errorOffset = offset;
      }
    }
    Impl *impl;
    size_t offset;
  };

  Impl(omnir_context *ctx, const char *text, size_t len)
      : cursor(bridge::new_cursor(ctx, rust::Slice<const uint8_t>(reinterpret_cast<const uint8_t *>(text), len))),
        text(text, len) {}

  rust::Box<bridge::Cursor> cursor;
  std::string text;
  std::deque<OffsetSink> sinks;
  bool hasError = false;
  std::string error;
  size_t errorOffset = SMLoc::npos;
};

AsmParser::AsmParser(Context ctx, const char *text, size_t len)
    : ctx_(ctx), impl_(new Impl(ctx.get(), text ? text : "", text ? len : 0)) {}

AsmParser::~AsmParser() = default;

SMLoc AsmParser::getCurrentLocation() {
  impl_->cursor->skip_blanks();
  return SMLoc{impl_->cursor->offset()};
}

InFlightDiagnostic AsmParser::emitError(SMLoc loc, std::string_view message) {
  impl_->sinks.emplace_back(impl_.get(), loc.offset);
  InFlightDiagnostic d(&impl_->sinks.back(), DiagnosticSeverity::Error);
  d.append(message);
  return d;
}

bool AsmParser::hasError() const { return impl_->hasError; }
const std::string &AsmParser::getErrorMessage() const { return impl_->error; }
size_t AsmParser::getErrorOffset() const { return impl_->errorOffset; }
bool AsmParser::atEnd() { return impl_->cursor->at_end(); }
std::string_view AsmParser::getFullText() const { return impl_->text; }

ParseResult AsmParser::parsePunct(std::string_view punct) {
  SMLoc loc = getCurrentLocation();
  if (impl_->cursor->eat_punct(rust::Str(punct.data(), punct.size())))
    return success();
  return emitError(loc) << "expected '" << punct << "'";
}

ParseResult AsmParser::parseOptionalPunct(std::string_view punct) {
  return success(impl_->cursor->eat_punct(rust::Str(punct.data(), punct.size())));
}

ParseResult AsmParser::parseKeyword(std::string_view keyword) {
  SMLoc loc = getCurrentLocation();
  if (impl_->cursor->eat_keyword(rust::Str(keyword.data(), keyword.size())))
    return success();
  return emitError(loc) << "expected '" << keyword << "'";
}

ParseResult AsmParser::parseOptionalKeyword(std::string_view keyword) {
  return success(impl_->cursor->eat_keyword(rust::Str(keyword.data(), keyword.size())));
}

ParseResult AsmParser::parseKeyword(std::string *out) {
  SMLoc loc = getCurrentLocation();
  if (succeeded(parseOptionalKeyword(out)))
    return success();
  return emitError(loc, "expected valid keyword");
}

ParseResult AsmParser::parseOptionalKeyword(std::string *out) {
  rust::String kw;
  if (!impl_->cursor->keyword(kw))
    return failure();
  if (out)
    *out = internal::toStd(kw);
  return success();
}

ParseResult AsmParser::parseOptionalString(std::string *out) {
  SMLoc loc = getCurrentLocation();
  rust::Vec<uint8_t> bytes;
  uint32_t r = impl_->cursor->string_literal(bytes);
  if (r == 1)
    return failure();
  if (r == 2) {
    (void)loc;
    return emitError(SMLoc{impl_->cursor->offset()}, "expected '\"' in string literal");
  }
  if (out)
    out->assign(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return success();
}

ParseResult AsmParser::parseString(std::string *out) {
  SMLoc loc = getCurrentLocation();
  if (succeeded(parseOptionalString(out)))
    return success();
  if (hasError())
    return failure();
  return emitError(loc, "expected string");
}

ParseResult AsmParser::parseKeywordOrString(std::string *out) {
  SMLoc loc = getCurrentLocation();
  if (succeeded(parseOptionalKeyword(out)) || succeeded(parseOptionalString(out)))
    return success();
  if (hasError())
    return failure();
  return emitError(loc, "expected valid keyword or string");
}

OptionalParseResult AsmParser::parseOptionalInt64(int64_t &value, bool isUnsigned) {
  SMLoc loc = getCurrentLocation();
  uint32_t r;
  if (isUnsigned) {
    uint64_t u = 0;
    r = impl_->cursor->unsigned_integer(u);
    value = static_cast<int64_t>(u);
  } else {
    r = impl_->cursor->integer(value);
  }
  if (r == 1)
    return std::nullopt;
  if (r == 2)
    return ParseResult(emitError(loc, "integer value too large"));
  return ParseResult(success());
}

ParseResult AsmParser::parseFloat(double &result) {
  SMLoc loc = getCurrentLocation();
  if (impl_->cursor->float_literal(result) == 0)
    return success();
  return emitError(loc, "expected floating point literal");
}

ParseResult AsmParser::parseType(Type &result) {
  getCurrentLocation();
  omnir_type t{};
  rust::String error;
  size_t offset = 0;
  if (!impl_->cursor->parse_type(t, error, offset))
    return emitError(SMLoc{offset}, internal::toStd(error));
  result = Type(ctx_, t);
  return success();
}

OptionalParseResult AsmParser::parseOptionalType(Type &result) {
  if (impl_->cursor->peek_punct("!") || impl_->cursor->peek_punct("(")) {
    return parseType(result);
  }
  size_t start = impl_->cursor->offset();
  rust::String kw;
  if (!impl_->cursor->keyword(kw))
    return std::nullopt;
  impl_->cursor->reset(start);
  if (!startsBuiltinType(internal::toStd(kw)))
    return std::nullopt;
  return parseType(result);
}

ParseResult AsmParser::parseAttribute(Attribute &result) {
  getCurrentLocation();
  omnir_attribute a{};
  rust::String error;
  size_t offset = 0;
  if (!impl_->cursor->parse_attribute(a, error, offset))
    return emitError(SMLoc{offset}, internal::toStd(error));
  result = Attribute(ctx_, a);
  return success();
}

ParseResult AsmParser::parseCommaSeparatedList(Delimiter delimiter, function_ref<ParseResult()> parseElement,
                                               std::string_view contextMessage) {
  const char *open = nullptr, *close = nullptr;
  bool optional = false;
  switch (delimiter) {
  case Delimiter::None:
    break;
  case Delimiter::OptionalParen:
    optional = true;
    [[fallthrough]];
  case Delimiter::Paren:
    open = "(", close = ")";
    break;
  case Delimiter::OptionalSquare:
    optional = true;
    [[fallthrough]];
  case Delimiter::Square:
    open = "[", close = "]";
    break;
  case Delimiter::OptionalLessGreater:
    optional = true;
    [[fallthrough]];
  case Delimiter::LessGreater:
    open = "<", close = ">";
    break;
  case Delimiter::OptionalBraces:
    optional = true;
    [[fallthrough]];
  case Delimiter::Braces:
    open = "{", close = "}";
    break;
  }
  if (open) {
    SMLoc loc = getCurrentLocation();
    if (!impl_->cursor->eat_punct(open)) {
      if (optional)
        return success();
      return emitError(loc) << "expected '" << open << "'" << contextMessage;
    }
    // An empty list.
    if (impl_->cursor->eat_punct(close))
      return success();
  }
  do {
    if (parseElement())
      return failure();
  } while (impl_->cursor->eat_punct(","));
  if (close) {
    SMLoc loc = getCurrentLocation();
    if (!impl_->cursor->eat_punct(close))
      return emitError(loc) << "expected ',' or '" << close << "'" << contextMessage;
  }
  return success();
}

} // namespace omnir
