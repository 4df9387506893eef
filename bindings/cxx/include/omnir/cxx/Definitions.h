// omnir C++ API: dialects as data. Definition files (IRDL + omnir.* attributes) and the hooks
// they name, written in C++: verifier hooks (`omnir.verifier = "name"`) and the parser and
// printer of `custom<Name>(...)` directives, with MLIR's OpAsmParser / OpAsmPrinter
// vocabulary.
//
//   omnir::registerVerifierHook(ctx, "calc.nonempty", [](omnir::Operation op) -> omnir::LogicalResult {
//     if (op.getNumOperands() == 0) return op.emitOpError() << "needs at least one value";
//     return omnir::success();
//   });
//   omnir::loadDialectDefinitions(ctx, text, "calc.irdl.mlir");     // throws omnir::Error
//   omnir::registerCustomDirective(ctx, "calc", "TypedList", parseTypedList, printTypedList);
//
// SPDX-License-Identifier: Apache-2.0
#ifndef OMNIR_CXX_DEFINITIONS_H
#define OMNIR_CXX_DEFINITIONS_H

#include <omnir/cxx/Dialect.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace omnir {

/// Loads a definition file (MLIR's `--irdl-file`): everything it defines registers, or,
/// when anything in it is invalid, nothing does and omnir::Error is thrown
/// (OMNIR_ERROR_PARSE_FAILED, each error rendered `file:line:col: error: ...` in message()
/// and one diagnostics() entry per error). Hooks it names must be registered first.
OMNIR_CXX_API void loadDialectDefinitions(Context ctx, std::string_view text,
                                          std::string_view filename = "<definitions>");

/// Registers a verifier for definitions to name with `omnir.verifier = "name"`. It runs
/// after the definition's own checks; `op.emitOpError() << ...` (or emitError) inside it is
/// its failure message, as in an op class's verify(); an exception it throws fails the op
/// with its what(). A later registration of the same name replaces it for definitions
/// loaded afterwards.
OMNIR_CXX_API void registerVerifierHook(Context ctx, std::string_view name,
                                        std::function<LogicalResult(Operation)> verify);

/// What a directive argument is, in the order the format writes them:
/// `custom<Name>($operands, type($operands), $attr, $region)`.
enum class DirectiveArgKind : uint32_t {
  Operands = OMNIR_DIRECTIVE_ARG_OPERANDS,
  Types = OMNIR_DIRECTIVE_ARG_TYPES,
  Attribute = OMNIR_DIRECTIVE_ARG_ATTRIBUTE,
  Other = OMNIR_DIRECTIVE_ARG_OTHER,
  /// A region: the parser defines its entry block arguments (parseArgument).
  Region = OMNIR_DIRECTIVE_ARG_REGION,
  /// A successor group: the parser names its blocks (parseSuccessor).
  Successors = OMNIR_DIRECTIVE_ARG_SUCCESSORS,
};

/// The text of one `custom<Name>` directive, read by its parser (MLIR's OpAsmParser, as a
/// custom directive sees it). Results go to the directive's arguments by index: operands
/// are appended to an operand group, types to a `type(...)` argument, attributes set.
///
/// A `parse...` call that does not find what it expects reports MLIR's error at the token
/// (`expected ':'`) and returns failure(): return that failure from the directive. The
/// `parseOptional...` calls fail silently. Misuse (an argument index of the wrong kind, a
/// handle of another context) throws omnir::Error, which fails the parse with its message.
/// Valid only during the parser callback that received it.
class OMNIR_CXX_API OpAsmParser {
public:
  OpAsmParser(Context ctx, omnir_directive_parser *raw) : ctx_(ctx), raw_(raw) {}
  OpAsmParser(const OpAsmParser &) = delete;
  OpAsmParser &operator=(const OpAsmParser &) = delete;

  Context getContext() const { return ctx_; }
  omnir_directive_parser *getRaw() const { return raw_; }
  /// The kind of argument `arg` (OMNIR_ERROR_OUT_OF_RANGE past the last one).
  DirectiveArgKind getArgumentKind(size_t arg) const;

  /// An SSA operand (`%x`, `%x#1`), appended to operand group `arg`.
  ParseResult parseOperand(size_t arg);
  /// The same if the next token is an SSA name (std::nullopt otherwise).
  OptionalParseResult parseOptionalOperand(size_t arg);
  /// Whether the next token is an SSA name.
  bool atOperand();
  /// A new SSA name (`%x`) defined as an entry block argument of type `type` of region
  /// argument `region`: the region is parsed with it defined (MLIR's parseArgument +
  /// parseRegion(region, arguments)). The type is given with the name, so the syntax
  /// spells it first (`(i32 %a)`) or implies it.
  ParseResult parseArgument(size_t region, Type type);
  /// `(%a, %b, ...)` or `()`: new SSA names defined as entry block arguments of region
  /// argument `region` (MLIR's parseArgumentList with Delimiter::Paren), of type `type`; a
  /// null type leaves each one's to setArgumentType. `count` is how many were read.
  ParseResult parseArgumentList(size_t region, size_t &count, Type type = Type());
  /// The type of entry block argument `index` of region argument `region`, for names read
  /// before their types (`(%a, %b) : i32`; a type left unset fails the parse).
  void setArgumentType(size_t region, size_t index, Type type);

  /// A block name (`^bb1`), appended to successor group `arg`.
  ParseResult parseSuccessor(size_t arg);
  /// The same if a block name is next (std::nullopt otherwise).
  OptionalParseResult parseOptionalSuccessor(size_t arg);
  /// Whether the next token is a block name.
  bool atSuccessor();

  /// A signed integer literal if one is next (std::nullopt otherwise); one that does not
  /// fit in 64 bits is a failure.
  OptionalParseResult parseOptionalInteger(int64_t &result);
  /// A signed integer literal ("expected integer value").
  ParseResult parseInteger(int64_t &result) {
    OptionalParseResult r = parseOptionalInteger(result);
    if (!r.has_value())
      return emitError() << "expected integer value";
    return *r;
  }
  /// A string literal, unescaped, if one is next: success with `*out` set, or failure()
  /// without consuming anything.
  ParseResult parseOptionalString(std::string *out);

  /// The keyword `keyword` ("expected 'keyword'").
  ParseResult parseKeyword(std::string_view keyword);
  /// Any keyword (a bare identifier) into `*out` ("expected valid keyword").
  ParseResult parseKeyword(std::string *out);
  /// Any keyword, if a bare identifier is next: success with `*out` set, or failure()
  /// without consuming anything.
  ParseResult parseOptionalKeyword(std::string *out);
  /// The keyword `keyword` if it is next: success, or failure() without consuming anything.
  ParseResult parseOptionalKeyword(std::string_view keyword);

  // Punctuation: `parseX` fails with MLIR's "expected 'x'"; `parseOptionalX` fails silently.
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
  ParseResult parseLess() { return parsePunct("<"); }
  ParseResult parseOptionalLess() { return parseOptionalPunct("<"); }
  ParseResult parseGreater() { return parsePunct(">"); }
  ParseResult parseOptionalGreater() { return parseOptionalPunct(">"); }
  ParseResult parseComma() { return parsePunct(","); }
  ParseResult parseOptionalComma() { return parseOptionalPunct(","); }
  ParseResult parseColon() { return parsePunct(":"); }
  ParseResult parseOptionalColon() { return parseOptionalPunct(":"); }
  ParseResult parseEqual() { return parsePunct("="); }
  ParseResult parseOptionalEqual() { return parseOptionalPunct("="); }
  ParseResult parseArrow() { return parsePunct("->"); }
  ParseResult parseOptionalArrow() { return parseOptionalPunct("->"); }
  ParseResult parsePunct(std::string_view punct);
  ParseResult parseOptionalPunct(std::string_view punct);

  /// A type, parsed by the core.
  ParseResult parseType(Type &result);
  /// `: type`.
  ParseResult parseColonType(Type &result) {
    if (parseColon())
      return failure();
    return parseType(result);
  }
  /// An attribute, parsed by the core.
  ParseResult parseAttribute(Attribute &result);

  /// Appends a type to argument `arg` (a `type(...)` argument).
  void addType(size_t arg, Type type);
  /// Sets argument `arg` (an attribute of the op); a null attribute leaves it unset.
  void setAttribute(size_t arg, Attribute attr);

  /// A failure message for the directive (MLIR's emitError): the first one reported is what
  /// the parse fails with.
  InFlightDiagnostic emitError() { return InFlightDiagnostic(&sink_, DiagnosticSeverity::Error); }
  /// The message reported with emitError, if any (read by the bridge after the callback).
  const MessageSink &getSink() const { return sink_; }

private:
  Context ctx_;
  omnir_directive_parser *raw_;
  MessageSink sink_;
};

/// Where a `custom<Name>` directive's printer writes (MLIR's OpAsmPrinter, as a custom
/// directive sees it), with the directive's arguments read by index. Valid only during the
/// printer callback that received it.
class OMNIR_CXX_API OpAsmPrinter {
public:
  OpAsmPrinter(Context ctx, omnir_directive_printer *raw) : ctx_(ctx), raw_(raw) {}
  OpAsmPrinter(const OpAsmPrinter &) = delete;
  OpAsmPrinter &operator=(const OpAsmPrinter &) = delete;

  Context getContext() const { return ctx_; }
  omnir_directive_printer *getRaw() const { return raw_; }
  /// The kind of argument `arg`.
  DirectiveArgKind getArgumentKind(size_t arg) const;
  /// How many values argument `arg` holds: operands, types, successors, a region's entry
  /// arguments; 0 or 1 for an attribute.
  size_t getNumValues(size_t arg) const;

  /// Operand `index` of operand group `arg` (or entry argument `index` of a region
  /// argument), named as the op's text names it (`%0`, `%arg1`).
  void printOperand(size_t arg, size_t index);
  /// Every operand of group `arg`, comma-separated.
  void printOperands(size_t arg);
  /// Type `index` of `type(...)` argument `arg`; all of them.
  Type getType(size_t arg, size_t index) const;
  std::vector<Type> getTypes(size_t arg) const;
  /// Attribute argument `arg` (null when the op does not have it).
  Attribute getAttribute(size_t arg) const;

  /// As the op's text would print them (aliases included).
  void printType(Type type);
  void printAttribute(Attribute attr);
  /// An attribute without its `: type` (`3`, not `3 : i64`).
  void printAttributeWithoutType(Attribute attr);
  /// Successor `index` of successor group `arg`, as the op's text names it (`^bb1`).
  void printSuccessor(size_t arg, size_t index);
  /// A new line at the op's indentation.
  void printNewline();
  /// ` loc(...)` for entry block argument `index` of region argument `region` when
  /// locations are printed, nothing otherwise.
  void printOptionalLocationSpecifier(size_t region, size_t index);
  OpAsmPrinter &write(std::string_view text);

  OpAsmPrinter &operator<<(std::string_view s) { return write(s); }
  OpAsmPrinter &operator<<(const char *s) { return write(s); }
  OpAsmPrinter &operator<<(const std::string &s) { return write(s); }
  OpAsmPrinter &operator<<(char c) { return write(std::string_view(&c, 1)); }
  OpAsmPrinter &operator<<(Type t) {
    printType(t);
    return *this;
  }
  OpAsmPrinter &operator<<(Attribute a) {
    printAttribute(a);
    return *this;
  }
  template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, char>::value &&
                                                    !std::is_same<T, bool>::value>>
  OpAsmPrinter &operator<<(T v) {
    return write(std::to_string(v));
  }

private:
  Context ctx_;
  omnir_directive_printer *raw_;
};

using DirectiveParseFn = std::function<ParseResult(OpAsmParser &)>;
using DirectivePrintFn = std::function<void(OpAsmPrinter &)>;

/// Registers the parser and printer of `custom<name>` for the assembly formats of
/// `dialect`'s operations (register them after the dialect's definitions load, before text
/// that uses them is parsed). An exception thrown by either never reaches omnir: the parse
/// fails with its what(); a printer that throws leaves what it wrote.
/// Throws omnir::Error: OMNIR_ERROR_NOT_REGISTERED for an unknown dialect.
OMNIR_CXX_API void registerCustomDirective(Context ctx, std::string_view dialect, std::string_view name,
                                           DirectiveParseFn parse, DirectivePrintFn print);

} // namespace omnir

#endif // OMNIR_CXX_DEFINITIONS_H
