// Dialects as data from C++: definition files, and the hooks they name (verifiers, custom
// directives) as C callbacks into std::functions. As everywhere in the bridge, C++
// exceptions stop at the trampolines: a hook reports failure with a message instead.
#include "bridge_internal.h"

#include <omnir/cxx/Definitions.h>

namespace omnir {

void loadDialectDefinitions(Context ctx, std::string_view text, std::string_view filename) {
  bridge::ErrorRecord record = bridge::load_definitions(ctx, internal::bytes(text), internal::bytes(filename));
  if (record.status != OMNIR_OK)
    throw internal::toError(record);
}

namespace {

using VerifierFn = std::function<LogicalResult(Operation)>;

uint32_t verifierHook(void *userData, omnir_context *ctx, omnir_op op, omnir_callback_message *message) {
  MessageSink sink;
  // emitOpError() inside the hook writes to `sink` (see Operation::emitOpError).
  internal::VerifyScope scope{op, &sink, internal::currentVerify};
  internal::currentVerify = &scope;
  bool ok = false;
  try {
    ok = succeeded((*static_cast<const VerifierFn *>(userData))(Operation(Context(ctx), op)));
  } catch (...) {
    sink.report(DiagnosticSeverity::Error, internal::describeCurrentException());
  }
  internal::currentVerify = scope.previous;
  if (ok && !sink.hasMessage())
    return OMNIR_OK;
  internal::setCallbackMessage(message, sink.hasMessage() ? sink.message() : std::string("failed to verify"));
  return OMNIR_ERROR_VERIFICATION_FAILED;
}

void freeVerifier(void *userData) { delete static_cast<VerifierFn *>(userData); }

struct Directive {
  DirectiveParseFn parse;
  DirectivePrintFn print;
};

uint32_t directiveParse(void *userData, omnir_context *ctx, omnir_directive_parser *raw,
                        omnir_callback_message *message) {
  OpAsmParser parser(Context(ctx), raw);
  try {
    if (succeeded(static_cast<const Directive *>(userData)->parse(parser)) && !parser.getSink().hasMessage())
      return OMNIR_OK;
  } catch (...) {
    internal::setCallbackMessage(message, internal::describeCurrentException());
    return OMNIR_ERROR_PARSE_FAILED;
  }
  // Without a message of its own, the parse fails with the error a parser call reported
  // at its token (or omnir's generic one).
  if (parser.getSink().hasMessage())
    internal::setCallbackMessage(message, parser.getSink().message());
  return OMNIR_ERROR_PARSE_FAILED;
}

void directivePrint(void *userData, omnir_context *ctx, omnir_directive_printer *raw) {
  OpAsmPrinter printer(Context(ctx), raw);
  try {
    static_cast<const Directive *>(userData)->print(printer);
  } catch (...) {
    // A printer has no way to fail; what it wrote stays, and the exception must not
    // unwind into omnir.
  }
}

void freeDirective(void *userData) { delete static_cast<Directive *>(userData); }

/// A parser call's status: PARSE_FAILED is the text's fault (already reported at its
/// token), anything else is misuse of the API and throws.
ParseResult parsed(omnir_status st) {
  if (st == OMNIR_OK)
    return success();
  if (st == OMNIR_ERROR_PARSE_FAILED)
    return failure();
  throwLastError(st);
}

// A call that read a token's text if it was next: success with `*out` set, or failure().
// The string is released either way.
ParseResult optionalText(omnir_status st, omnir_string s, bool found, std::string *out) {
  std::string text = detail::takeString(s);
  if (failed(parsed(st)) || !found)
    return failure();
  if (out)
    *out = std::move(text);
  return success();
}

} // namespace

void registerVerifierHook(Context ctx, std::string_view name, std::function<LogicalResult(Operation)> verify) {
  if (!verify)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "registerVerifierHook: an empty std::function");
  auto *fn = new VerifierFn(std::move(verify));
  omnir_status st = omnir_verifier_hook_register(ctx, name.data(), name.size(), &verifierHook, fn, &freeVerifier);
  if (st != OMNIR_OK) {
    delete fn; // refused: omnir did not take it
    throwLastError(st);
  }
}

void registerCustomDirective(Context ctx, std::string_view dialect, std::string_view name, DirectiveParseFn parse,
                             DirectivePrintFn print) {
  if (!parse || !print)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "registerCustomDirective: an empty parser or printer");
  auto *d = new Directive{std::move(parse), std::move(print)};
  omnir_status st = omnir_dialect_register_directive(ctx, dialect.data(), dialect.size(), name.data(), name.size(),
                                                     &directiveParse, &directivePrint, d, &freeDirective);
  if (st != OMNIR_OK) {
    delete d;
    throwLastError(st);
  }
}

//===----------------------------------------------------------------------===//
// OpAsmParser
//===----------------------------------------------------------------------===//

DirectiveArgKind OpAsmParser::getArgumentKind(size_t arg) const {
  uint32_t kind = 0;
  check(omnir_directive_parser_get_arg_kind(raw_, arg, &kind));
  return static_cast<DirectiveArgKind>(kind);
}

ParseResult OpAsmParser::parseOperand(size_t arg) { return parsed(omnir_directive_parser_parse_operand(raw_, arg)); }

OptionalParseResult OpAsmParser::parseOptionalOperand(size_t arg) {
  bool found = false;
  ParseResult r = parsed(omnir_directive_parser_parse_optional_operand(raw_, arg, &found));
  if (succeeded(r) && !found)
    return std::nullopt;
  return r;
}

bool OpAsmParser::atOperand() {
  bool at = false;
  check(omnir_directive_parser_at_operand(raw_, &at));
  return at;
}

ParseResult OpAsmParser::parseArgument(size_t region, Type type) {
  return parsed(omnir_directive_parser_parse_argument(raw_, region, type));
}

ParseResult OpAsmParser::parseArgumentList(size_t region, size_t &count, Type type) {
  count = 0;
  return parsed(omnir_directive_parser_parse_argument_list(raw_, region, type, &count));
}

void OpAsmParser::setArgumentType(size_t region, size_t index, Type type) {
  check(omnir_directive_parser_set_argument_type(raw_, region, index, type));
}

ParseResult OpAsmParser::parseSuccessor(size_t arg) { return parsed(omnir_directive_parser_parse_successor(raw_, arg)); }

OptionalParseResult OpAsmParser::parseOptionalSuccessor(size_t arg) {
  if (!atSuccessor())
    return std::nullopt;
  return parseSuccessor(arg);
}

bool OpAsmParser::atSuccessor() {
  bool at = false;
  check(omnir_directive_parser_at_successor(raw_, &at));
  return at;
}

OptionalParseResult OpAsmParser::parseOptionalInteger(int64_t &result) {
  bool found = false;
  int64_t value = 0;
  ParseResult r = parsed(omnir_directive_parser_parse_optional_integer(raw_, &value, &found));
  if (succeeded(r) && !found)
    return std::nullopt;
  if (succeeded(r))
    result = value;
  return r;
}

ParseResult OpAsmParser::parseOptionalString(std::string *out) {
  omnir_string s{};
  bool found = false;
  omnir_status st = omnir_directive_parser_parse_optional_string(raw_, &s, &found);
  return optionalText(st, s, found, out);
}

ParseResult OpAsmParser::parseOptionalKeyword(std::string_view keyword) {
  bool at = false;
  if (failed(parsed(omnir_directive_parser_at_keyword(raw_, keyword.data(), keyword.size(), &at))) || !at)
    return failure();
  return parseKeyword(keyword);
}

ParseResult OpAsmParser::parseKeyword(std::string_view keyword) {
  return parsed(omnir_directive_parser_parse_keyword(raw_, keyword.data(), keyword.size()));
}

ParseResult OpAsmParser::parseOptionalKeyword(std::string *out) {
  omnir_string s{};
  bool found = false;
  omnir_status st = omnir_directive_parser_parse_optional_keyword(raw_, &s, &found);
  return optionalText(st, s, found, out);
}

ParseResult OpAsmParser::parseKeyword(std::string *out) {
  if (succeeded(parseOptionalKeyword(out)))
    return success();
  return emitError() << "expected valid keyword";
}

ParseResult OpAsmParser::parsePunct(std::string_view punct) {
  return parsed(omnir_directive_parser_parse_punct(raw_, punct.data(), punct.size()));
}

ParseResult OpAsmParser::parseOptionalPunct(std::string_view punct) {
  bool found = false;
  if (failed(parsed(omnir_directive_parser_parse_optional_punct(raw_, punct.data(), punct.size(), &found))))
    return failure();
  return success(found);
}

ParseResult OpAsmParser::parseType(Type &result) {
  omnir_type t{};
  if (failed(parsed(omnir_directive_parser_parse_type(raw_, &t))))
    return failure();
  result = Type(ctx_, t);
  return success();
}

ParseResult OpAsmParser::parseAttribute(Attribute &result) {
  omnir_attribute a{};
  if (failed(parsed(omnir_directive_parser_parse_attribute(raw_, &a))))
    return failure();
  result = Attribute(ctx_, a);
  return success();
}

void OpAsmParser::addType(size_t arg, Type type) { check(omnir_directive_parser_add_type(raw_, arg, type)); }

void OpAsmParser::setAttribute(size_t arg, Attribute attr) {
  check(omnir_directive_parser_set_attribute(raw_, arg, attr));
}

//===----------------------------------------------------------------------===//
// OpAsmPrinter
//===----------------------------------------------------------------------===//

DirectiveArgKind OpAsmPrinter::getArgumentKind(size_t arg) const {
  uint32_t kind = 0;
  size_t n = 0;
  check(omnir_directive_printer_get_arg(raw_, arg, &kind, &n));
  return static_cast<DirectiveArgKind>(kind);
}

size_t OpAsmPrinter::getNumValues(size_t arg) const {
  uint32_t kind = 0;
  size_t n = 0;
  check(omnir_directive_printer_get_arg(raw_, arg, &kind, &n));
  return n;
}

void OpAsmPrinter::printOperand(size_t arg, size_t index) {
  check(omnir_directive_printer_print_operand(raw_, arg, index));
}

void OpAsmPrinter::printOperands(size_t arg) {
  size_t n = getNumValues(arg);
  for (size_t i = 0; i < n; i++) {
    if (i > 0)
      write(", ");
    printOperand(arg, i);
  }
}

Type OpAsmPrinter::getType(size_t arg, size_t index) const {
  omnir_type t{};
  check(omnir_directive_printer_get_type(raw_, arg, index, &t));
  return Type(ctx_, t);
}

std::vector<Type> OpAsmPrinter::getTypes(size_t arg) const {
  std::vector<Type> out;
  size_t n = getNumValues(arg);
  out.reserve(n);
  for (size_t i = 0; i < n; i++)
    out.push_back(getType(arg, i));
  return out;
}

Attribute OpAsmPrinter::getAttribute(size_t arg) const {
  omnir_attribute a{};
  check(omnir_directive_printer_get_attribute(raw_, arg, &a));
  return Attribute(ctx_, a);
}

void OpAsmPrinter::printType(Type type) { check(omnir_directive_printer_print_type(raw_, type)); }

void OpAsmPrinter::printAttribute(Attribute attr) { check(omnir_directive_printer_print_attribute(raw_, attr)); }

void OpAsmPrinter::printAttributeWithoutType(Attribute attr) {
  check(omnir_directive_printer_print_attribute_without_type(raw_, attr));
}

void OpAsmPrinter::printSuccessor(size_t arg, size_t index) {
  check(omnir_directive_printer_print_successor(raw_, arg, index));
}

void OpAsmPrinter::printNewline() { check(omnir_directive_printer_print_newline(raw_)); }

void OpAsmPrinter::printOptionalLocationSpecifier(size_t region, size_t index) {
  check(omnir_directive_printer_print_optional_location(raw_, region, index));
}

OpAsmPrinter &OpAsmPrinter::write(std::string_view text) {
  check(omnir_directive_printer_write(raw_, text.data(), text.size()));
  return *this;
}

} // namespace omnir
