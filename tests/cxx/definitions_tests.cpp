// Dialects as data from C++: loadDialectDefinitions (fmtest.irdl.mlir and bad files, errors
// as omnir::Error with diagnostics), printing with OpPrintingFlags, and hooks written in C++
// (registerVerifierHook with a std::function, registerCustomDirective with OpAsmParser /
// OpAsmPrinter): a typed operand list and a signature that defines a region's entry
// arguments.
#include "harness.hpp"

#include <omnir/cxx/Definitions.h>

#include <fstream>
#include <sstream>

using namespace omnir;

#ifndef OMNIR_DEFINITIONS_DIR
#define OMNIR_DEFINITIONS_DIR "tests/definitions"
#endif

static std::string readDefinition(const char *name) {
  std::ifstream in(std::string(OMNIR_DEFINITIONS_DIR) + "/" + name, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

static const char *const kFmtestText = "module {\n"
                                       "  fmtest.func @f {\n"
                                       "    %0 = constant 1 : i32\n"
                                       "    %1 = add %0, %0 : i32\n"
                                       "    %2 = cmp slt, %1, %0 : i32\n"
                                       "    %3 = constant 0 : index\n"
                                       "    %4 = step %3 by 2\n"
                                       "    return %1 : i32\n"
                                       "  }\n"
                                       "}\n";

TEST(fmtest_loads_and_prints_custom_and_generic) {
  OwningContext ctx;
  std::string defs = readDefinition("fmtest.irdl.mlir");
  EXPECT(!defs.empty());
  EXPECT(!ctx.get().isDialectRegistered("fmtest"));
  loadDialectDefinitions(ctx, defs, "fmtest.irdl.mlir");
  EXPECT(ctx.get().isDialectRegistered("fmtest"));
  EXPECT(ctx.get().isOperationRegistered("fmtest.cmp"));

  auto module = parseSourceString<ModuleOp>(kFmtestText, ctx, "f.mlir");
  EXPECT_EQ(module->str(), std::string(kFmtestText));
  EXPECT_EQ(module->getOperation().str(OpPrintingFlags()), std::string(kFmtestText));
  std::string generic = module->str(OpPrintingFlags().printGenericOpForm());
  EXPECT(generic.rfind("\"builtin.module\"() ({\n  \"fmtest.func\"() <{sym_name = \"f\"}> ({\n", 0) == 0);
  EXPECT_CONTAINS(generic, "%1 = \"fmtest.add\"(%0, %0) : (i32, i32) -> i32\n");
  EXPECT_CONTAINS(generic, "\"fmtest.cmp\"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1");
  EXPECT_CONTAINS(generic, "\"fmtest.step\"(%3) <{by = 2 : i32}> : (index) -> index");
  // The generic text reads back to the same IR.
  auto again = parseSourceString<ModuleOp>(generic, ctx, "g.mlir");
  EXPECT_EQ(again->str(), std::string(kFmtestText));
  std::ostringstream os;
  again->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo());
  EXPECT_CONTAINS(os.str(), "loc(\"g.mlir\":2:");

  // The definition's constraints are checked: the error carries its diagnostic.
  EXPECT_ERROR(parseSourceString<ModuleOp>("%0 = fmtest.constant 1 : i32\n%1 = fmtest.cmp sle, %0, %0 : i32\n", ctx,
                                           "e.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, {
                 EXPECT_CONTAINS(e.message(), "e.mlir:2:");
                 EXPECT(!e.diagnostics().empty());
               });
}

TEST(bad_definitions_throw_and_register_nothing) {
  OwningContext ctx;
  const char *trait = "irdl.dialect @bad {\n"
                      "  irdl.operation @ok {\n"
                      "  }\n"
                      "  irdl.operation @o attributes {omnir.traits = [\"Nope\"]} {\n"
                      "  }\n"
                      "}\n";
  EXPECT_ERROR(loadDialectDefinitions(ctx, trait, "bad.mlir"), OMNIR_ERROR_PARSE_FAILED, e, {
    EXPECT_CONTAINS(e.message(), "bad.mlir:4:3: error: unknown trait 'Nope'");
    EXPECT_EQ(e.diagnostics().size(), size_t(1));
    if (!e.diagnostics().empty()) {
      EXPECT_EQ(e.diagnostics()[0].message, std::string("unknown trait 'Nope'"));
      EXPECT_CONTAINS(e.diagnostics()[0].rendered, "bad.mlir:4:3: error: unknown trait 'Nope'");
    }
  });
  EXPECT(!ctx.get().isDialectRegistered("bad"));
  EXPECT(!ctx.get().isOperationRegistered("bad.ok"));
  const char *hook = "irdl.dialect @hooked {\n"
                     "  irdl.operation @o attributes {omnir.verifier = \"nobody\"} {\n"
                     "  }\n"
                     "}\n";
  EXPECT_ERROR(loadDialectDefinitions(ctx, hook, "hook.mlir"), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "hook.mlir:2:3: error: verifier hook 'nobody' is not registered"));
  EXPECT(!ctx.get().isDialectRegistered("hooked"));
  std::string fmtest = readDefinition("fmtest.irdl.mlir");
  loadDialectDefinitions(ctx, fmtest, "fmtest.irdl.mlir");
  EXPECT_ERROR(loadDialectDefinitions(ctx, fmtest, "again.mlir"), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "again.mlir:4:1: error: dialect 'fmtest' is already registered"));
}

//===----------------------------------------------------------------------===//
// Hooks in C++
//===----------------------------------------------------------------------===//

static const char *const kHooksDefs =
    "irdl.dialect @cx {\n"
    "  irdl.operation @pack attributes {omnir.assembly_format = \"custom<TypedList>($values, type($values)) "
    "attr-dict\", omnir.verifier = \"cx.nonempty\"} {\n"
    "    %0 = irdl.any\n"
    "    irdl.operands(values: variadic %0)\n"
    "  }\n"
    "  irdl.operation @fn attributes {omnir.assembly_format = \"$sym_name `` custom<Signature>($function_type, "
    "$body) attr-dict-with-keyword $body\", omnir.traits = [\"Symbol\", \"IsolatedFromAbove\"], "
    "omnir.default_dialect = \"cx\"} {\n"
    "    %s = irdl.any {omnir.constraint = \"SymbolNameAttr\"}\n"
    "    %t = irdl.any {omnir.constraint = \"TypeAttr\"}\n"
    "    %r = irdl.region\n"
    "    irdl.attributes {\"sym_name\" = %s, \"function_type\" = %t}\n"
    "    irdl.regions(body: %r)\n"
    "  }\n"
    "  irdl.operation @add attributes {omnir.assembly_format = \"$lhs `,` $rhs attr-dict `:` type($result)\"} {\n"
    "    %0 = irdl.any\n"
    "    irdl.operands(lhs: %0, rhs: %0)\n"
    "    irdl.results(result: %0)\n"
    "  }\n"
    "  irdl.operation @return attributes {omnir.assembly_format = \"attr-dict ($operands^ `:` type($operands))?\", "
    "omnir.traits = [\"Terminator\", \"ReturnLike\"]} {\n"
    "    %0 = irdl.any\n"
    "    irdl.operands(operands: variadic %0)\n"
    "  }\n"
    "}\n";

// custom<TypedList>($values, type($values)): `[%a : i32, %b : f32]`, or `[none]` (a keyword,
// to exercise the keyword calls).
static ParseResult parseTypedList(OpAsmParser &parser) {
  if (parser.getArgumentKind(0) != DirectiveArgKind::Operands || parser.getArgumentKind(1) != DirectiveArgKind::Types)
    return parser.emitError() << "TypedList needs an operand group and its types";
  if (parser.parseLSquare())
    return failure();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  std::string keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    if (keyword != "none")
      return parser.emitError() << "expected 'none', got '" << keyword << "'";
    return parser.parseRSquare();
  }
  do {
    Type type;
    if (parser.parseOperand(0) || parser.parseColonType(type))
      return failure();
    parser.addType(1, type);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRSquare();
}

static void printTypedList(OpAsmPrinter &printer) {
  printer << "[";
  std::vector<Type> types = printer.getTypes(1);
  for (size_t i = 0; i < types.size(); i++) {
    if (i > 0)
      printer << ", ";
    printer.printOperand(0, i);
    printer << " : " << types[i];
  }
  printer << "]";
}

// custom<Signature>($function_type, $body): `(i32 %a, i32 %b) -> i32`. The names become the
// body's entry arguments (parseArgument takes each name with its type, so the type comes
// first); the types make the function_type attribute the printer reads back.
static ParseResult parseSignature(OpAsmParser &parser) {
  std::vector<omnir_type> inputs, results;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      Type type;
      if (parser.parseType(type) || parser.parseArgument(1, type))
        return failure();
      inputs.push_back(type);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  if (succeeded(parser.parseOptionalArrow())) {
    Type type;
    if (parser.parseType(type))
      return failure();
    results.push_back(type);
  }
  Context ctx = parser.getContext();
  omnir_type fn{};
  omnir_attribute attr{};
  check(omnir_function_type_get(ctx, inputs.data(), inputs.size(), results.data(), results.size(), &fn));
  check(omnir_type_attr_get(ctx, fn, &attr));
  parser.setAttribute(0, Attribute(ctx, attr));
  return success();
}

static void printSignature(OpAsmPrinter &printer) {
  auto fn = cast<FunctionType>(cast<TypeAttr>(printer.getAttribute(0)).getValue());
  printer << "(";
  for (size_t i = 0; i < printer.getNumValues(1); i++) {
    if (i > 0)
      printer << ", ";
    printer << fn.getInput(i) << " ";
    printer.printOperand(1, i);
  }
  printer << ")";
  if (fn.getNumResults() == 1)
    printer << " -> " << fn.getResult(0);
}

static const char *const kHooksText = "module {\n"
                                      "  cx.fn @add(i32 %arg0, i32 %arg1) -> i32 {\n"
                                      "    %0 = add %arg0, %arg1 : i32\n"
                                      "    pack [%arg0 : i32, %0 : i32]\n"
                                      "    return %0 : i32\n"
                                      "  }\n"
                                      "  cx.fn @one(i32 %arg0) {\n"
                                      "    pack [%arg0 : i32] {note}\n"
                                      "    return\n"
                                      "  }\n"
                                      "}\n";

TEST(hooks_written_in_cxx) {
  OwningContext ctx;
  int verified = 0;
  EXPECT_ERROR(loadDialectDefinitions(ctx, kHooksDefs, "cx.mlir"), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "cx.mlir:2:3: error: verifier hook 'cx.nonempty' is not registered"));
  registerVerifierHook(ctx, "cx.nonempty", [&verified](Operation op) -> LogicalResult {
    ++verified;
    if (op.getNumOperands() == 0)
      return op.emitOpError() << "needs at least one value";
    return success();
  });
  loadDialectDefinitions(ctx, kHooksDefs, "cx.mlir");
  EXPECT_ERROR(registerCustomDirective(ctx, "nodialect", "X", parseTypedList, printTypedList),
               OMNIR_ERROR_NOT_REGISTERED, e, (void)e);
  EXPECT_ERROR(registerCustomDirective(ctx, "cx", "X", nullptr, printTypedList), OMNIR_ERROR_NULL_ARGUMENT, e, (void)e);
  registerCustomDirective(ctx, "cx", "TypedList", parseTypedList, printTypedList);
  registerCustomDirective(ctx, "cx", "Signature", parseSignature, printSignature);

  ctx.get().verifyAfterParse(false);
  auto module = parseSourceString<ModuleOp>(kHooksText, ctx, "h.mlir");
  EXPECT_EQ(module->str(), std::string(kHooksText));
  std::string generic = module->str(OpPrintingFlags().printGenericOpForm());
  // Entry arguments are numbered as mlir-opt does in the generic form: the regions of the
  // module's ops are named last to first, @add's arguments after @one's %arg0.
  EXPECT_CONTAINS(generic, "\"cx.fn\"() <{function_type = (i32, i32) -> i32, sym_name = \"add\"}> ({\n"
                           "  ^bb0(%arg1: i32, %arg2: i32):\n");
  EXPECT_CONTAINS(generic, "\"cx.pack\"(%arg1, %0) : (i32, i32) -> ()");
  EXPECT_CONTAINS(generic, "\"cx.fn\"() <{function_type = (i32) -> (), sym_name = \"one\"}> ({\n"
                           "  ^bb0(%arg0: i32):\n"
                           "    \"cx.pack\"(%arg0) {note} : (i32) -> ()\n");
  EXPECT_EQ(parseSourceString<ModuleOp>(generic, ctx, "g.mlir")->str(), std::string(kHooksText));
  // Source names are the user's; the printer numbers them as MLIR does.
  std::string renamed = kHooksText;
  for (size_t at; (at = renamed.find("%arg1")) != std::string::npos;)
    renamed.replace(at, 5, "%rhs");
  EXPECT_EQ(parseSourceString<ModuleOp>(renamed, ctx, "r.mlir")->str(), std::string(kHooksText));
  // The keyword branch of the directive: an empty pack, which the verifier hook refuses; an
  // op that fails to verify prints in the generic form (as in MLIR), which shows no operand.
  auto none = parseSourceString<ModuleOp>("cx.fn @n() {\n  pack [none]\n  return\n}\n", ctx, "n.mlir");
  EXPECT_EQ(none->str(), std::string("\"builtin.module\"() ({\n"
                                     "  \"cx.fn\"() <{function_type = () -> (), sym_name = \"n\"}> ({\n"
                                     "    \"cx.pack\"() : () -> ()\n"
                                     "    \"cx.return\"() : () -> ()\n"
                                     "  }) : () -> ()\n"
                                     "}) : () -> ()\n"));

  // The verifier hook: it accepts the module above; emitOpError inside it is the failure,
  // with every diagnostic.
  module->getOperation().verify();
  EXPECT(verified > 0);
  verified = 0;
  EXPECT_ERROR(none->getOperation().verify(), OMNIR_ERROR_VERIFICATION_FAILED, e, {
    EXPECT_CONTAINS(e.message(), "'cx.pack' op needs at least one value");
    EXPECT(!e.diagnostics().empty());
  });
  EXPECT(verified > 0);
  ctx.get().verifyAfterParse(true);
  EXPECT_ERROR(parseSourceString<ModuleOp>("cx.fn @f() {\n  pack []\n  return\n}\n", ctx, "v.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "v.mlir:2:3: error: 'cx.pack' op needs at least one value"));

  // Errors: a parser call's own (at its token), a message the directive emits, an
  // exception thrown by a directive, an undefined name in the body.
  EXPECT_ERROR(parseSourceString<ModuleOp>("cx.fn @f(i32 %a) {\n  pack [%a i32]\n  return\n}\n", ctx, "p.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, EXPECT_CONTAINS(e.message(), "p.mlir:2:11: error: expected ':'"));
  EXPECT_ERROR(parseSourceString<ModuleOp>("cx.fn @f() {\n  pack [some]\n  return\n}\n", ctx, "k.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, EXPECT_CONTAINS(e.message(), "expected 'none', got 'some'"));
  EXPECT_ERROR(parseSourceString<ModuleOp>("cx.fn @f(i32 %a) {\n  return %b : i32\n}\n", ctx, "u.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, EXPECT_CONTAINS(e.message(), "use of undeclared SSA value name"));
  registerCustomDirective(
      ctx, "cx", "TypedList", [](OpAsmParser &) -> ParseResult { throw std::runtime_error("the parser threw"); },
      printTypedList);
  EXPECT_ERROR(parseSourceString<ModuleOp>("cx.fn @f() {\n  pack []\n  return\n}\n", ctx, "t.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, EXPECT_CONTAINS(e.message(), "the parser threw"));
}

// ---- successors, integers, strings, argument lists and newlines ----

static const char *const kCsDefs =
    "irdl.dialect @cs {\n"
    "  irdl.operation @jump attributes {omnir.assembly_format = \"custom<Target>($dest, $weight) attr-dict\", "
    "omnir.successors = [\"dest\"], omnir.traits = [\"Terminator\"], omnir.optional_attributes = [\"weight\"]} {\n"
    "    %w = irdl.any {omnir.constraint = \"I64Attr\"}\n"
    "    irdl.attributes {\"weight\" = %w}\n"
    "  }\n"
    "  irdl.operation @table attributes {omnir.assembly_format = \"custom<Table>($entries, $label) attr-dict\", "
    "omnir.optional_attributes = [\"label\"]} {\n"
    "    %e = irdl.any {omnir.constraint = \"ArrayAttr\"}\n"
    "    %l = irdl.any {omnir.constraint = \"StrAttr\"}\n"
    "    irdl.attributes {\"entries\" = %e, \"label\" = %l}\n"
    "  }\n"
    "  irdl.operation @scope attributes {omnir.assembly_format = \"custom<Args>($body) attr-dict-with-keyword $body\", "
    "omnir.traits = [\"NoTerminator\"]} {\n"
    "    %r = irdl.region\n"
    "    irdl.regions(body: %r)\n"
    "  }\n"
    "}\n";

static const char *const kCsText = "module {\n"
                                   "  cs.scope (%arg0, %arg1) : i32 {\n"
                                   "    cs.table \"primes\" [\n"
                                   "      2,\n"
                                   "      3\n"
                                   "    ]\n"
                                   "    cs.table [\n"
                                   "    ]\n"
                                   "    \"test.region\"() ({\n"
                                   "      cs.jump ^bb1 weight 3\n"
                                   "    ^bb1:  // 2 preds: ^bb0, ^bb1\n"
                                   "      cs.jump ^bb1\n"
                                   "    }) : () -> ()\n"
                                   "  }\n"
                                   "}\n";

// custom<Target>($dest, $weight): `^bb1` or `^bb1 weight 3`.
static ParseResult parseTarget(OpAsmParser &parser) {
  if (parser.getArgumentKind(0) != DirectiveArgKind::Successors)
    return parser.emitError() << "Target needs a successor";
  OptionalParseResult dest = parser.parseOptionalSuccessor(0);
  if (!dest.has_value())
    return parser.emitError() << "expected a block name";
  if (failed(*dest))
    return failure();
  if (failed(parser.parseOptionalKeyword("weight")))
    return success();
  int64_t weight = 0;
  if (parser.parseInteger(weight))
    return failure();
  Context ctx = parser.getContext();
  parser.setAttribute(1, IntegerAttr::get(IntegerType::get(ctx, 64), weight));
  return success();
}

static void printTarget(OpAsmPrinter &printer) {
  if (printer.getArgumentKind(0) != DirectiveArgKind::Successors || printer.getNumValues(0) != 1)
    return;
  printer.printSuccessor(0, 0);
  if (Attribute weight = printer.getAttribute(1)) {
    printer << " weight ";
    printer.printAttributeWithoutType(weight);
  }
}

// custom<Table>($entries, $label): an optional "label", then `[` integers `]`, one a line.
static ParseResult parseTable(OpAsmParser &parser) {
  Context ctx = parser.getContext();
  std::string label;
  if (succeeded(parser.parseOptionalString(&label)))
    parser.setAttribute(1, StringAttr::get(ctx, label));
  if (parser.parseLSquare())
    return failure();
  std::vector<Attribute> items;
  Type i64 = IntegerType::get(ctx, 64);
  int64_t value = 0;
  for (OptionalParseResult r = parser.parseOptionalInteger(value); r.has_value();
       r = parser.parseOptionalInteger(value)) {
    if (failed(*r))
      return failure();
    items.push_back(IntegerAttr::get(i64, value));
    if (failed(parser.parseOptionalComma()))
      break;
  }
  if (parser.parseRSquare())
    return failure();
  parser.setAttribute(0, ArrayAttr::get(ctx, items));
  return success();
}

static void printTable(OpAsmPrinter &printer) {
  if (Attribute label = printer.getAttribute(1))
    printer << label << " ";
  std::vector<Attribute> items = cast<ArrayAttr>(printer.getAttribute(0)).getValue();
  printer << "[";
  for (size_t i = 0; i < items.size(); i++) {
    printer.printNewline();
    printer << "  ";
    printer.printAttributeWithoutType(items[i]);
    if (i + 1 < items.size())
      printer << ",";
  }
  printer.printNewline();
  printer << "]";
}

// custom<Args>($body): `(%a, %b) : i32`, the body's entry arguments, named before their type.
static ParseResult parseArgs(OpAsmParser &parser) {
  size_t n = 0;
  Type type;
  if (parser.parseArgumentList(0, n) || parser.parseColonType(type))
    return failure();
  for (size_t i = 0; i < n; i++)
    parser.setArgumentType(0, i, type);
  return success();
}

static void printArgs(OpAsmPrinter &printer) {
  size_t n = printer.getNumValues(0);
  printer << "(";
  for (size_t i = 0; i < n; i++) {
    if (i > 0)
      printer << ", ";
    printer.printOperand(0, i);
    printer.printOptionalLocationSpecifier(0, i);
  }
  printer << ") : ";
  if (n > 0)
    printer << printer.getType(0, 0);
}

TEST(successor_integer_string_and_argument_list_directives) {
  OwningContext ctx;
  ctx.allowUnregisteredDialects();
  loadDialectDefinitions(ctx, kCsDefs, "cs.mlir");
  registerCustomDirective(ctx, "cs", "Target", parseTarget, printTarget);
  registerCustomDirective(ctx, "cs", "Table", parseTable, printTable);
  registerCustomDirective(ctx, "cs", "Args", parseArgs, printArgs);
  auto module = parseSourceString<ModuleOp>(kCsText, ctx, "cs.mlir");
  EXPECT_EQ(module->str(), std::string(kCsText));
  std::string generic = module->str(OpPrintingFlags().printGenericOpForm());
  EXPECT_CONTAINS(generic, "\"cs.jump\"()[^bb1] <{weight = 3 : i64}> : () -> ()");
  EXPECT_CONTAINS(generic, "<{entries = [2, 3], label = \"primes\"}>");
  EXPECT_CONTAINS(generic, "^bb0(%arg0: i32, %arg1: i32):");
  // Errors point into the text: the directive's own, and a failed call's.
  EXPECT_ERROR(parseSourceString<ModuleOp>("\"test.r\"() ({\n  cs.jump 3\n}) : () -> ()\n", ctx, "j.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, {
                 EXPECT_CONTAINS(e.message(), "j.mlir:2:");
                 EXPECT_CONTAINS(e.message(), "expected a block name");
               });
  EXPECT_ERROR(parseSourceString<ModuleOp>("cs.table [99999999999999999999]\n", ctx, "t.mlir"),
               OMNIR_ERROR_PARSE_FAILED, e, EXPECT_CONTAINS(e.message(), "t.mlir:1:"));
}

int main(int argc, char **argv) { return harness::run(argc, argv); }
