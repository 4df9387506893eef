// Unit tests of omnir's C++ bridge (libomnir_cxx.so.0), against the installed omnir: value
// classes, RAII, errors as exceptions, the AsmParser/AsmPrinter, and a test dialect written in
// MLIR's style (types and attributes with parameter storage and custom assembly, marker and
// method interfaces, external models, operations with constraints, traits and verifiers).
#include "harness.hpp"

#include <omnir/cxx/Dialect.h>

#include <cmath>
#include <memory>
#include <sstream>
#include <unordered_set>

using namespace omnir;

//===----------------------------------------------------------------------===//
// The test dialect `tst`
//===----------------------------------------------------------------------===//

namespace tst {

/// The C vtable of `tst.WidthInterface` (what other languages would call).
struct WidthVTable {
  int64_t (*width)(void *userData, omnir_context *ctx, omnir_type ty);
};

/// A method interface: the total bit width of a type.
class WidthInterface : public TypeInterface<WidthInterface, WidthVTable> {
public:
  using Base::Base;
  static constexpr const char *getInterfaceName() { return "tst.WidthInterface"; }
  int64_t getWidth() const { return requireVTable()->width(getUserData(), getContext(), *this); }

  struct Concept : InterfaceConcept {
    virtual int64_t getWidth(Type t) const = 0;
  };
  template <typename ConcreteT>
  struct Model : Concept {
    int64_t getWidth(Type t) const override { return cast<ConcreteT>(t).getWidth(); }
  };
  static const WidthVTable *getCVTable() {
    static const WidthVTable vtable = {[](void *ud, omnir_context *ctx, omnir_type ty) -> int64_t {
      return detail::callNoThrow<int64_t>(-1, [&] {
        return static_cast<const Concept *>(static_cast<InterfaceConcept *>(ud))->getWidth(Type(ctx, ty));
      });
    }};
    return &vtable;
  }
  template <typename ConcreteT>
  struct Trait : detail::ModelInterfaceTrait<WidthInterface, Model<ConcreteT>> {};
};

/// An external model of WidthInterface for builtin integers (attached, MLIR-style).
struct IntegerWidthModel : WidthInterface::Concept {
  int64_t getWidth(Type t) const override { return IntegerType(t).getWidth(); }
};

struct PairStorage {
  Type first, second;
  static constexpr auto getParameters() {
    return std::make_tuple(param("first", &PairStorage::first), param("second", &PairStorage::second));
  }
};

/// `!tst.pair<i32, f32>`: custom assembly, a verifier, a marker and a method interface.
class PairType : public TypeBase<PairType, PairStorage, MemRefElementTypeInterface::Trait, WidthInterface::Trait> {
public:
  using Base::Base;
  static constexpr const char *name = "tst.pair";
  static PairType get(Type first, Type second) { return Base::get(first.getContext(), PairStorage{first, second}); }
  Type getFirst() const { return getParam<0>(); }
  Type getSecond() const { return getParam<1>(); }
  int64_t getWidth() const { return getFirst().getIntOrFloatBitWidth() + getSecond().getIntOrFloatBitWidth(); }

  static LogicalResult verify(EmitErrorFn emitError, const PairStorage &s) {
    if (!s.first || !s.second)
      return emitError() << "pair elements must be types";
    if (!s.first.isIntOrFloat() || !s.second.isIntOrFloat())
      return emitError() << "pair elements must be integers or floats, got " << s.first << " and " << s.second;
    return success();
  }
  static Type parse(AsmParser &parser) {
    Type first, second;
    if (parser.parseLess() || parser.parseType(first) || parser.parseComma() || parser.parseType(second) ||
        parser.parseGreater())
      return {};
    return parser.getChecked<PairType>(parser.getContext(), PairStorage{first, second});
  }
  void print(AsmPrinter &p) const { p << "<" << getFirst() << ", " << getSecond() << ">"; }
};

/// `!tst.point`: no parameters.
class PointType : public TypeBase<PointType> {
public:
  using Base::Base;
  static constexpr const char *name = "tst.point";
  static PointType get(Context ctx) { return Base::get(ctx, EmptyStorage{}); }
};

struct BoxStorage {
  int64_t width = 0;
  std::string tag;
  std::vector<int64_t> dims;
  bool flag = false;
  double ratio = 0;
  static constexpr auto getParameters() {
    using S = BoxStorage;
    return std::make_tuple(param("width", &S::width), param("tag", &S::tag), param("dims", &S::dims),
                           param("flag", &S::flag), param("ratio", &S::ratio));
  }
};

/// `!tst.box<...>`: omnir's default form, parameters of many C++ kinds.
class BoxType : public TypeBase<BoxType, BoxStorage> {
public:
  using Base::Base;
  static constexpr const char *name = "tst.box";
};

struct RangeStorage {
  int64_t lo = 0, hi = 0;
  static constexpr auto getParameters() {
    return std::make_tuple(param("lo", &RangeStorage::lo), param("hi", &RangeStorage::hi));
  }
};

/// `#tst.range<1:10>`: an attribute with custom assembly and a verifier.
class RangeAttr : public AttrBase<RangeAttr, RangeStorage> {
public:
  using Base::Base;
  static constexpr const char *name = "tst.range";
  static LogicalResult verify(EmitErrorFn emitError, const RangeStorage &s) {
    if (s.lo > s.hi)
      return emitError() << "empty range " << s.lo << ":" << s.hi;
    return success();
  }
  static Attribute parse(AsmParser &parser, Type) {
    RangeStorage s;
    if (parser.parseLess() || parser.parseInteger(s.lo) || parser.parseColon() || parser.parseInteger(s.hi) ||
        parser.parseGreater())
      return {};
    return parser.getChecked<RangeAttr>(parser.getContext(), s);
  }
  void print(AsmPrinter &p) const {
    auto s = getImpl();
    p << "<" << s.lo << ":" << s.hi << ">";
  }
};

/// `tst.const`: a non-negative integer constant.
class ConstOp : public Op<ConstOp, OpTrait::ZeroOperands, OpTrait::OneResult, OpTrait::ConstantLike, OpTrait::Pure> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "tst.const"; }
  static void define(OpDefinition &def) {
    def.setSummary("a constant")
        .attribute("value", AttrConstraint::integer())
        .result("result", TypeConstraint::signlessIntegerOrIndex());
  }
  static void build(OpBuilder &b, OperationState &state, Type type, int64_t value) {
    state.addType(type);
    state.addAttribute("value", IntegerAttr::get(type, value));
    (void)b;
  }
  LogicalResult verify() {
    int64_t v = getValue();
    if (v < 0)
      return emitOpError() << "value must be non-negative, got " << v;
    if (v == 666)
      throw std::runtime_error("the verifier threw");
    return success();
  }
  int64_t getValue() const { return IntegerAttr(getOperation().getAttr("value")).getInt(); }
};

/// `tst.add`: two operands and a result of one type.
class AddOp : public Op<AddOp, OpTrait::OneResult, OpTrait::SameOperandsAndResultType, OpTrait::IsCommutative,
                        OpTrait::Pure> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "tst.add"; }
  static void define(OpDefinition &def) {
    def.operand("lhs", TypeConstraint::integerOrFloat())
        .operand("rhs", TypeConstraint::integerOrFloat())
        .result("result", TypeConstraint::integerOrFloat());
  }
  static void build(OpBuilder &, OperationState &state, Value lhs, Value rhs) {
    state.addOperands({lhs, rhs});
    state.addType(lhs.getType());
  }
};

/// `tst.make_pair`: a result that must be a !tst.pair (a C++ predicate constraint), and a
/// C++ trait verifier.
class MakePairOp
    : public Op<MakePairOp, OpTrait::OneResult, OpTrait::SameOperandsAndResultShape> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "tst.make_pair"; }
  static void define(OpDefinition &def) {
    def.variadicOperand("elements").result("result", TypeConstraint::isa<PairType>("a tst.pair type"));
  }
};

/// `tst.bad`: an operation outside its dialect's namespace.
class MisplacedOp : public Op<MisplacedOp> {
public:
  using Op::Op;
  static constexpr const char *getOperationName() { return "other.misplaced"; }
};

class TstDialect : public Dialect {
public:
  explicit TstDialect(Context ctx) : Dialect("tst", ctx) {}
  void initialize() override {
    allowUnknownOperations();
    addTypes<PairType, PointType, BoxType>();
    addAttributes<RangeAttr>();
    addOperations<ConstOp, AddOp, MakePairOp>();
  }
};

class BadDialect : public Dialect {
public:
  explicit BadDialect(Context ctx) : Dialect("tst", ctx) {}
  void initialize() override { addOperations<MisplacedOp>(); }
};

/// A type named `tst.pair` with other parameters than the registered one.
struct OtherPairStorage {
  int64_t x = 0;
  static constexpr auto getParameters() { return std::make_tuple(param("x", &OtherPairStorage::x)); }
};
class OtherPairType : public TypeBase<OtherPairType, OtherPairStorage> {
public:
  using Base::Base;
  static constexpr const char *name = "tst.pair";
};
class ConflictingDialect : public Dialect {
public:
  explicit ConflictingDialect(Context ctx) : Dialect("tst", ctx) {}
  void initialize() override { addTypes<OtherPairType>(); }
};

} // namespace tst

namespace {
/// Collects the context's diagnostics while alive.
struct Capture {
  explicit Capture(Context ctx) : ctx(ctx) { check(omnir_context_begin_diagnostic_capture(ctx, &id)); }
  std::vector<std::string> end() {
    omnir_diagnostic_list *list = nullptr;
    check(omnir_context_end_diagnostic_capture(ctx, id, &list));
    size_t n = 0;
    omnir_diagnostic_list_get_size(list, &n);
    std::vector<std::string> out;
    for (size_t i = 0; i < n; ++i) {
      const omnir_diagnostic *d = nullptr;
      omnir_diagnostic_list_get(list, i, &d);
      const char *data = nullptr;
      size_t len = 0;
      omnir_diagnostic_get_message(d, &data, &len);
      out.emplace_back(data, len);
    }
    omnir_diagnostic_list_free(list);
    return out;
  }
  Context ctx;
  uint64_t id = 0;
};

OwningContext tstContext() {
  OwningContext ctx;
  registerDialect<tst::TstDialect>(ctx);
  return ctx;
}
} // namespace

//===----------------------------------------------------------------------===//
// Contexts, types, attributes, locations
//===----------------------------------------------------------------------===//

TEST(owning_context_is_raii_and_movable) {
  OwningContext a;
  Context view = a;
  EXPECT(static_cast<bool>(view));
  OwningContext b(std::move(a));
  EXPECT(a.get().get() == nullptr);
  EXPECT(b.get() == view);
  b.allowUnregisteredDialects();
  EXPECT(view.allowsUnregisteredDialects());
  omnir_context *raw = b.release();
  EXPECT(raw == view.get());
  OwningContext c(raw); // adopt again, destroyed at scope end
}

TEST(builtin_types_isa_cast_dyn_cast) {
  OwningContext ctx;
  auto i8 = IntegerType::get(ctx, 8);
  auto ui16 = IntegerType::get(ctx, 16, IntegerType::Unsigned);
  EXPECT_EQ(i8.str(), "i8");
  EXPECT_EQ(ui16.str(), "ui16");
  EXPECT(i8.isSignlessInteger(8) && ui16.isUnsignedInteger() && !ui16.isSignlessInteger());
  EXPECT(i8 == IntegerType::get(ctx, 8)); // uniqued
  Type f32 = Float32Type::get(ctx);
  EXPECT(f32.isF32() && isa<FloatType>(f32) && isa<Float32Type>(f32) && !isa<Float16Type>(f32));
  EXPECT((isa<IntegerType, FloatType>(f32)));
  EXPECT(!dyn_cast<IntegerType>(f32));
  EXPECT_EQ(cast<FloatType>(f32).getWidth(), 32u);
  EXPECT_ERROR(cast<IntegerType>(f32), OMNIR_ERROR_INVALID_ARGUMENT, e, EXPECT_CONTAINS(e.message(), "f32"));
  EXPECT(!dyn_cast_or_null<IntegerType>(Type()));
  EXPECT(!isa_and_nonnull<IntegerType>(Type()));

  auto t = RankedTensorType::get({4, ShapedType::kDynamic}, f32);
  EXPECT_EQ(t.str(), "tensor<4x?xf32>");
  auto shaped = dyn_cast<ShapedType>(Type(t));
  EXPECT(shaped && shaped.getRank() == 2 && shaped.isDynamicDim(1) && !shaped.hasStaticShape());
  EXPECT(shaped.getElementType() == f32);
  EXPECT(isa<TensorType>(t) && !isa<MemRefType>(t));
  auto m = MemRefType::get({2, 3}, i8);
  EXPECT_EQ(m.str(), "memref<2x3xi8>");
  EXPECT_EQ(m.getNumElements(), 6);
  auto v = VectorType::get({4, 8}, f32, {false, true});
  EXPECT_EQ(v.str(), "vector<4x[8]xf32>");
  auto fn = FunctionType::get(ctx, {i8, f32}, {IndexType::get(ctx)});
  EXPECT_EQ(fn.str(), "(i8, f32) -> index");
  EXPECT(fn.getNumInputs() == 2 && fn.getResult(0).isIndex());
  EXPECT_EQ(TupleType::get(ctx, {i8, f32}).str(), "tuple<i8, f32>");
  EXPECT_EQ(ComplexType::get(f32).str(), "complex<f32>");
  EXPECT_EQ(UnrankedTensorType::get(f32).str(), "tensor<*xf32>");
  EXPECT_EQ(NoneType::get(ctx).str(), "none");

  std::unordered_set<Type> set{i8, IntegerType::get(ctx, 8), f32};
  EXPECT_EQ(set.size(), 2u);
  EXPECT(parseType("memref<2x3xi8>", ctx) == m);
}

TEST(builtin_attributes) {
  OwningContext ctx;
  auto i32 = IntegerType::get(ctx, 32);
  auto seven = IntegerAttr::get(i32, 7);
  EXPECT_EQ(seven.str(), "7 : i32");
  EXPECT(seven.getInt() == 7 && seven.getType() == i32);
  auto half = FloatAttr::get(FloatType::getF64(ctx), 0.5);
  EXPECT_EQ(half.getValueAsDouble(), 0.5);
  auto s = StringAttr::get(ctx, std::string("a\0b", 3));
  EXPECT_EQ(s.getValue().size(), 3u);
  auto arr = ArrayAttr::get(ctx, {seven, half, UnitAttr::get(ctx)});
  EXPECT(arr.size() == 3 && arr[0] == seven && isa<UnitAttr>(arr[2]));
  auto dict = DictionaryAttr::get(ctx, {{"b", BoolAttr::get(ctx, true)}, {"a", TypeAttr::get(i32)}});
  EXPECT(dict.get("a") == TypeAttr::get(i32));
  EXPECT(!dict.get("zz"));
  EXPECT_EQ(dict.getValue()[0].name, "a"); // sorted
  EXPECT(BoolAttr(dict.get("b")).getValue());
  EXPECT_EQ(FlatSymbolRefAttr::get(ctx, "f").str(), "@f");
  EXPECT(isa<FlatSymbolRefAttr>(SymbolRefAttr::get(ctx, "f")));
  EXPECT(!isa<FlatSymbolRefAttr>(SymbolRefAttr::get(ctx, "m", {"f"})));
  int32_t raw[2] = {1, 2};
  auto dense = DenseElementsAttr::getFromRawBuffer(RankedTensorType::get({2}, i32), raw, sizeof raw);
  EXPECT_EQ(dense.str(), "dense<[1, 2]> : tensor<2xi32>");
  EXPECT(dense.getInt(1) == 2 && !dense.isSplat());
  EXPECT(parseAttribute("[7 : i32]", ctx) == ArrayAttr::get(ctx, {seven}));
}

TEST(locations_and_diagnostics) {
  OwningContext ctx;
  auto loc = FileLineColLoc::get(ctx, "f.mlir", 3, 9);
  EXPECT_EQ(loc.str(), "loc(\"f.mlir\":3:9)");
  EXPECT(loc.getLine() == 3 && loc.getColumn() == 9 && loc.getFilename() == "f.mlir");
  EXPECT(isa<FileLineColLoc>(Location(loc)) && !isa<NameLoc>(Location(loc)));
  EXPECT_EQ(NameLoc::get(ctx, "x", loc).str(), "loc(\"x\"(\"f.mlir\":3:9))");
  EXPECT_EQ(UnknownLoc::get(ctx).str(), "loc(unknown)");
  Capture cap(ctx);
  emitError(loc) << "bad " << 42 << " " << 0.5 << " " << IntegerType::get(ctx, 4);
  loc.emitWarning() << "careful";
  auto diags = cap.end();
  EXPECT_EQ(diags.size(), 2u);
  EXPECT_EQ(diags[0], "bad 42 5.000000e-01 i4");
  EXPECT_EQ(diags[1], "careful");
}

TEST(errors_are_exceptions_with_status_and_message) {
  OwningContext ctx;
  EXPECT_ERROR(parseType("tensor<4x", ctx), OMNIR_ERROR_PARSE_FAILED, e, {
    EXPECT_CONTAINS(e.message(), "error:");
    EXPECT_EQ(e.statusName(), "OMNIR_ERROR_PARSE_FAILED");
    EXPECT_CONTAINS(e.what(), "OMNIR_ERROR_PARSE_FAILED: ");
  });
  EXPECT_ERROR(IntegerType::get(ctx, 1u << 30), OMNIR_ERROR_INVALID_ARGUMENT, e, EXPECT(!e.message().empty()));
  EXPECT_ERROR(MemRefType::get({2}, TupleType::get(ctx, {})), OMNIR_ERROR_INVALID_ARGUMENT, e,
               EXPECT_CONTAINS(e.message(), "MemRefElementTypeInterface"));
  // Errors are std::exceptions too, and cross library boundaries by type.
  try {
    parseAttribute("{", ctx);
    EXPECT(false);
  } catch (const std::runtime_error &e) {
    EXPECT_CONTAINS(e.what(), "PARSE_FAILED");
  }
  EXPECT_EQ(formatDouble(0.99872), "9.987200e-01");
  EXPECT_EQ(quoteString("a\"\n"), "\"a\\22\\0A\"");
  EXPECT(isBareIdentifier("a.b") && !isBareIdentifier("1"));
}

TEST(parse_print_verify_walk_and_owning_refs) {
  OwningContext ctx;
  ctx.allowUnregisteredDialects();
  const char *text = "\"builtin.module\"() ({\n"
                     "  %0 = \"test.a\"() {v = 1 : i32} : () -> i32\n"
                     "  \"test.b\"(%0) : (i32) -> ()\n"
                     "}) : () -> ()\n";
  omnir_op raw{};
  {
    auto module = parseSourceString<ModuleOp>(text, ctx, "m.mlir");
    EXPECT(static_cast<bool>(module));
    raw = module->getOperation().getHandle();
    EXPECT_EQ(module->getOperation().str(OpPrintingFlags().printGenericOpForm()), std::string(text));
    // The default is upstream's custom form for builtin.module (as iree-opt prints `text`);
    // the unregistered ops inside have no other form.
    EXPECT_EQ(module->getOperation().str(), "module {\n"
                                            "  %0 = \"test.a\"() {v = 1 : i32} : () -> i32\n"
                                            "  \"test.b\"(%0) : (i32) -> ()\n"
                                            "}\n");
    std::ostringstream os;
    module->print(os, OpPrintingFlags().printGenericOpForm());
    EXPECT_EQ(os.str(), std::string(text));
    EXPECT(OpPrintingFlags().printGenericOpForm().shouldPrintGenericOpForm() &&
           !OpPrintingFlags().shouldPrintGenericOpForm());
    module->getOperation().verify();
    auto ops = module->getBody().getOperations();
    EXPECT_EQ(ops.size(), 2u);
    EXPECT_EQ(ops[0].getName(), "test.a");
    EXPECT(ops[1].getOperand(0) == ops[0].getResult(0));
    EXPECT(ops[1].getOperand(0).getDefiningOp() == ops[0]);
    EXPECT(IntegerAttr(ops[0].getAttr("v")).getInt() == 1);
    ops[0].setAttr("w", UnitAttr::get(ctx));
    EXPECT(ops[0].hasAttr("w") && ops[0].removeAttr("w") && !ops[0].hasAttr("w"));
    EXPECT(ops[0]->getName() == "test.a");
    int count = 0;
    module->getOperation().walk([&](Operation) { ++count; });
    EXPECT_EQ(count, 3);
    int seen = 0;
    auto r = module->getOperation().walk([&](Operation op) -> omnir_walk_result {
      ++seen;
      return op.getName() == "test.a" ? OMNIR_WALK_INTERRUPT : OMNIR_WALK_ADVANCE;
    });
    EXPECT(r == OMNIR_WALK_INTERRUPT && seen == 2);
    // An exception thrown by the callback ends the walk and reaches the caller.
    bool caught = false;
    try {
      module->getOperation().walk([&](Operation) { throw std::logic_error("stop"); });
    } catch (const std::logic_error &) {
      caught = true;
    }
    EXPECT(caught);
  } // OwningOpRef erases the detached module
  bool live = true;
  omnir_op_is_live(ctx, raw, &live);
  EXPECT(!live);
  EXPECT_ERROR(Operation(ctx, raw).getName(), OMNIR_ERROR_STALE_HANDLE, e, (void)e);

  // Parse errors carry the diagnostics.
  EXPECT_ERROR(parseSourceString("\"test.a\"() : () -> (i32\n", ctx, "bad.mlir"), OMNIR_ERROR_PARSE_FAILED, e, {
    EXPECT(!e.diagnostics().empty());
    if (!e.diagnostics().empty()) {
      EXPECT_CONTAINS(e.diagnostics()[0].rendered, "bad.mlir:");
      EXPECT_CONTAINS(e.diagnostics()[0].locationText, "bad.mlir");
      EXPECT(e.diagnostics()[0].severity == DiagnosticSeverity::Error);
    }
  });

  // Parsing verifies, as MLIR's parseSourceString does: the verifier's errors fail it.
  const char *two_blocks = "\"builtin.module\"() ({\n^bb0:\n  \"t.a\"() : () -> ()\n^bb1:\n}) : () -> ()\n";
  EXPECT(ctx.verifiesAfterParse());
  EXPECT_ERROR(parseSourceString<ModuleOp>(two_blocks, ctx, "two.mlir"), OMNIR_ERROR_PARSE_FAILED, e, {
    EXPECT_EQ(e.diagnostics().size(), 1u);
    if (!e.diagnostics().empty()) {
      EXPECT_CONTAINS(e.diagnostics()[0].rendered,
                      "two.mlir:1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks");
    }
  });
  ctx.verifyAfterParse(false);
  EXPECT(!ctx.verifiesAfterParse());
  {
    auto module = parseSourceString<ModuleOp>(two_blocks, ctx, "two.mlir");
    EXPECT_ERROR(module->getOperation().verify(), OMNIR_ERROR_VERIFICATION_FAILED, e, (void)e);
  }
  ctx.verifyAfterParse();
}

// Ownership of nested IR in C++ is MLIR's: Operation/Block/Region are non-owning checked
// handles (MLIR's Operation *), and the one owner is OwningOpRef, which owns a *detached* op
// only. There is no shared owner a move could bypass: after a parent op moves into another
// module, the nested IR lives exactly as long as that module, and a handle into it after the
// module is gone throws STALE_HANDLE (never reads freed IR).
TEST(nested_ir_follows_its_parent_into_another_module) {
  OwningContext ctx;
  ctx.allowUnregisteredDialects();
  auto a = parseSourceString<ModuleOp>("\"test.parent\"() ({\n"
                                       "  \"test.inner\"() {v = 7 : i32} : () -> ()\n"
                                       "}) : () -> ()\n",
                                       ctx, "a.mlir");
  Operation parent = a->getBody().front();
  Operation inner = parent.getRegion(0).front().front();
  EXPECT_EQ(inner.getName(), "test.inner");

  auto b = std::make_unique<OwningOpRef<ModuleOp>>(ModuleOp::create(UnknownLoc::get(ctx)));
  Operation bOp = (*b)->getOperation();
  // The parent, owned for a moment on its own, then moved into b: the OwningOpRef of a
  // detached op that got inserted elsewhere must not erase it (b owns it now).
  parent.remove();
  {
    OwningOpRef<Operation> loose(parent);
    (*b)->push_back(parent);
  }
  EXPECT(parent.isLive() && inner.isLive());
  // Moving the owner itself keeps the tree, and dropping the old module takes nothing along.
  OwningOpRef<ModuleOp> bMoved(std::move(*b));
  b.reset();
  a = OwningOpRef<ModuleOp>();
  EXPECT(inner.isLive());
  EXPECT_EQ(inner.getName(), "test.inner");
  EXPECT(IntegerAttr(inner.getAttr("v")).getInt() == 7);
  EXPECT(inner.getParentOp() == parent);
  EXPECT(parent.getParentOp() == bOp);
  EXPECT_CONTAINS(bMoved->getOperation().str(), "test.inner");

  // Dropping the last owner of b ends the tree: the handles are stale, checked, not dangling.
  bMoved = OwningOpRef<ModuleOp>();
  EXPECT(!inner.isLive() && !parent.isLive());
  EXPECT_ERROR(inner.getName(), OMNIR_ERROR_STALE_HANDLE, e, (void)e);
  EXPECT_ERROR(parent.getRegion(0), OMNIR_ERROR_STALE_HANDLE, e, (void)e);
}

TEST(asm_parser_over_the_rust_cursor) {
  OwningContext ctx;
  AsmParser p(ctx, " < i8 , 42 : -3, 1.5 \"s\\22\" kw tensor<2xf32> [1, 2] > ");
  Type t;
  int8_t small = 0;
  int64_t neg = 0;
  double d = 0;
  std::string s, kw;
  Attribute a;
  EXPECT(succeeded(p.parseLess()));
  EXPECT(succeeded(p.parseType(t)) && t == IntegerType::get(ctx, 8));
  EXPECT(succeeded(p.parseComma()));
  EXPECT(succeeded(p.parseInteger(small)) && small == 42);
  EXPECT(succeeded(p.parseColon()));
  EXPECT(succeeded(p.parseInteger(neg)) && neg == -3);
  EXPECT(succeeded(p.parseOptionalComma()));
  EXPECT(succeeded(p.parseFloat(d)) && d == 1.5);
  EXPECT(succeeded(p.parseString(&s)) && s == "s\"");
  EXPECT(failed(p.parseOptionalKeyword("other")));
  EXPECT(succeeded(p.parseKeyword(&kw)) && kw == "kw");
  Type tensor;
  auto opt = p.parseOptionalType(tensor);
  EXPECT(opt.has_value() && succeeded(*opt) && tensor.str() == "tensor<2xf32>");
  EXPECT(succeeded(p.parseAttribute(a)) && a.str() == "[1, 2]");
  EXPECT(succeeded(p.parseGreater()));
  EXPECT(p.atEnd() && !p.hasError());

  AsmParser overflow(ctx, "300");
  int8_t v = 0;
  EXPECT(failed(overflow.parseInteger(v)));
  EXPECT_EQ(overflow.getErrorMessage(), "integer value too large");
  EXPECT_EQ(overflow.getErrorOffset(), 0u);

  AsmParser missing(ctx, "<i8 x");
  EXPECT(succeeded(missing.parseLess()) && succeeded(missing.parseType(t)));
  EXPECT(failed(missing.parseGreater()));
  EXPECT_EQ(missing.getErrorMessage(), "expected '>'");
  EXPECT_EQ(missing.getErrorOffset(), 4u);
  EXPECT(failed(missing.parseComma())); // only the first error is kept
  EXPECT_EQ(missing.getErrorMessage(), "expected '>'");

  AsmParser badType(ctx, "  tensor<4x>");
  EXPECT(failed(badType.parseType(t)));
  EXPECT(badType.getErrorOffset() > 2 && !badType.getErrorMessage().empty());

  AsmParser list(ctx, "[1, 2, 3]");
  std::vector<int> xs;
  EXPECT(succeeded(list.parseCommaSeparatedList(Delimiter::Square, [&]() -> ParseResult {
    int x = 0;
    if (list.parseInteger(x))
      return failure();
    xs.push_back(x);
    return success();
  })));
  EXPECT(xs.size() == 3 && xs[2] == 3);
  AsmParser empty(ctx, "()");
  EXPECT(succeeded(empty.parseCommaSeparatedList(Delimiter::Paren, []() -> ParseResult { return failure(); })));

  std::string out;
  AsmPrinter printer(ctx, &out);
  printer << "<" << IntegerType::get(ctx, 8) << ", " << 0.25 << ", " << int64_t(-4) << ", " << true << ">";
  printer.printString("q\"");
  printer.printKeywordOrString("ok");
  printer.printKeywordOrString("not ok");
  EXPECT_EQ(out, "<i8, 2.500000e-01, -4, true>\"q\\22\"ok\"not ok\"");
}

//===----------------------------------------------------------------------===//
// The test dialect
//===----------------------------------------------------------------------===//

TEST(dialect_registration_is_idempotent_and_checked) {
  OwningContext ctx;
  registerDialect<tst::TstDialect>(ctx);
  registerDialect<tst::TstDialect>(ctx); // no-op
  ctx.loadDialect<tst::TstDialect>();
  EXPECT(Context(ctx).isDialectRegistered("tst"));
  EXPECT(Context(ctx).isOperationRegistered("tst.const"));
  EXPECT_ERROR(registerDialect<tst::ConflictingDialect>(ctx), OMNIR_ERROR_ALREADY_EXISTS, e,
               EXPECT_CONTAINS(e.message(), "with other parameters"));
  OwningContext other;
  EXPECT_ERROR(registerDialect<tst::BadDialect>(other), OMNIR_ERROR_INVALID_ARGUMENT, e,
               EXPECT_CONTAINS(e.message(), "not in dialect 'tst'"));
  // TypeIds are process-wide: the same in every context, and the core's own.
  OwningContext second = tstContext();
  auto p1 = tst::PairType::get(IntegerType::get(ctx, 8), FloatType::getF32(ctx));
  auto p2 = tst::PairType::get(IntegerType::get(second, 8), FloatType::getF32(second));
  EXPECT(p1.getTypeID() == p2.getTypeID() && p1.getTypeID() == tst::PairType::getTypeID());
  EXPECT(tst::PairType::getTypeID() == getTypeID("tst.pair"));
  EXPECT_EQ(getTypeIDName(tst::RangeAttr::getTypeID()), "#tst.range");
}

TEST(types_with_parameter_storage_and_custom_assembly) {
  OwningContext ctx = tstContext();
  auto i32 = IntegerType::get(ctx, 32);
  auto f16 = FloatType::getF16(ctx);
  auto pair = tst::PairType::get(i32, f16);
  EXPECT_EQ(pair.str(), "!tst.pair<i32, f16>");
  EXPECT(pair.getFirst() == i32 && pair.getSecond() == f16);
  EXPECT(pair.getImpl().second == f16);
  EXPECT(isa<tst::PairType>(Type(pair)) && !isa<tst::PairType>(Type(i32)));
  EXPECT(isa<DialectType>(Type(pair)));
  EXPECT_EQ(DialectType(pair).getNumParams(), 2u);
  EXPECT(parseType("!tst.pair< i32 ,f16 >", ctx) == pair);
  EXPECT(parseType("!tst<pair<i32, f16>>", ctx) == pair);
  // The verifier (C++) refuses, through get (an exception) and getChecked (emitError).
  EXPECT_ERROR(tst::PairType::get(i32, TupleType::get(ctx, {})), OMNIR_ERROR_VERIFICATION_FAILED, e,
               EXPECT_CONTAINS(e.message(), "pair elements must be integers or floats, got i32 and tuple<>"));
  MessageSink sink;
  auto emit = [&]() { return InFlightDiagnostic(&sink, DiagnosticSeverity::Error); };
  EXPECT(!tst::PairType::getChecked(emit, ctx, tst::PairStorage{i32, NoneType::get(ctx)}));
  EXPECT_CONTAINS(sink.message(), "got i32 and none");
  // Custom parser errors, where they happened.
  EXPECT_ERROR(parseType("!tst.pair<i32 f16>", ctx), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "1:15: error: expected ','"));
  EXPECT_ERROR(parseType("!tst.pair<i32, none>", ctx), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "pair elements must be integers or floats"));
  EXPECT_ERROR(parseType("!tst.pair<i32, f16> extra", ctx), OMNIR_ERROR_PARSE_FAILED, e, (void)e);

  // No parameters; the default form.
  auto point = tst::PointType::get(ctx);
  EXPECT_EQ(point.str(), "!tst.point");
  EXPECT(parseType("!tst.point", ctx) == point);
  tst::BoxStorage s;
  s.width = -3;
  s.tag = "t";
  s.dims = {2, 4};
  s.flag = true;
  s.ratio = 0.25;
  auto box = tst::BoxType::get(ctx, s);
  auto back = box.getImpl();
  EXPECT(back.width == -3 && back.tag == "t" && back.dims == std::vector<int64_t>({2, 4}) && back.flag &&
         back.ratio == 0.25);
  EXPECT(box.getParam<2>() == std::vector<int64_t>({2, 4}));
  std::string text = box.str();
  EXPECT_CONTAINS(text, "!tst.box<");
  EXPECT(parseType(text, ctx) == box);
}

TEST(attributes_with_custom_assembly) {
  OwningContext ctx = tstContext();
  auto r = tst::RangeAttr::get(ctx, tst::RangeStorage{1, 10});
  EXPECT_EQ(r.str(), "#tst.range<1:10>");
  EXPECT(parseAttribute("#tst.range< 1 : 10 >", ctx) == r);
  EXPECT(isa<tst::RangeAttr>(Attribute(r)) && isa<DialectAttr>(Attribute(r)));
  EXPECT(r.getImpl().hi == 10);
  EXPECT_ERROR(parseAttribute("#tst.range<5:1>", ctx), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "empty range 5:1"));
  EXPECT_ERROR(parseAttribute("#tst.range<5;1>", ctx), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.message(), "1:13: error: expected ':'"));
  EXPECT_ERROR(tst::RangeAttr::get(ctx, tst::RangeStorage{3, 2}), OMNIR_ERROR_VERIFICATION_FAILED, e,
               EXPECT_CONTAINS(e.message(), "empty range 3:2"));
}

TEST(interfaces_marker_method_and_external_models) {
  OwningContext ctx = tstContext();
  auto i32 = IntegerType::get(ctx, 32);
  auto pair = tst::PairType::get(i32, FloatType::getF64(ctx));
  // The marker: the registry accepts the pair as a memref element; the box does not implement it.
  EXPECT(isa<MemRefElementTypeInterface>(Type(pair)));
  EXPECT_EQ(MemRefType::get({2}, pair).str(), "memref<2x!tst.pair<i32, f64>>");
  auto box = tst::BoxType::get(ctx, tst::BoxStorage{});
  EXPECT(!isa<MemRefElementTypeInterface>(Type(box)));
  EXPECT_ERROR(MemRefType::get({2}, box), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);
  EXPECT(isa<MemRefElementTypeInterface>(Type(i32))); // builtin, natively
  EXPECT(!MemRefElementTypeInterface(i32).getVTable());
  // The method interface: C++ virtual methods behind a C vtable, fetched from the registry.
  auto width = dyn_cast<tst::WidthInterface>(Type(pair));
  EXPECT(static_cast<bool>(width) && width.getVTable() != nullptr);
  EXPECT_EQ(width.getWidth(), 96);
  EXPECT(!dyn_cast<tst::WidthInterface>(Type(i32)));
  // An external model attached to builtin integers (MLIR's attachInterface).
  attachInterface<tst::WidthInterface, tst::IntegerWidthModel>(ctx, "builtin.integer");
  auto iw = dyn_cast<tst::WidthInterface>(Type(i32));
  EXPECT(static_cast<bool>(iw));
  EXPECT_EQ(iw.getWidth(), 32);
  EXPECT(!dyn_cast<tst::WidthInterface>(Type(FloatType::getF32(ctx))));
  // As a constraint.
  EXPECT(TypeConstraint::implementing<tst::WidthInterface>().interfaceID == tst::WidthInterface::getInterfaceID());
}

TEST(operations_build_verify_and_report) {
  OwningContext ctx = tstContext();
  Location loc = FileLineColLoc::get(ctx, "ops.mlir", 7, 3);
  auto module = OwningOpRef<ModuleOp>(ModuleOp::create(loc));
  OpBuilder b = OpBuilder::atBlockEnd(module->getBody());
  auto i32 = b.getI32Type();
  auto c1 = b.create<tst::ConstOp>(loc, i32, 1);
  auto c2 = b.create<tst::ConstOp>(loc, i32, 2);
  auto add = b.create<tst::AddOp>(loc, c1.getResult(), c2.getResult());
  EXPECT(add.getType() == i32);
  EXPECT(isa<tst::AddOp>(add.getOperation()) && !isa<tst::ConstOp>(add.getOperation()));
  EXPECT(dyn_cast<tst::ConstOp>(c1.getOperation()).getValue() == 1);
  EXPECT(add->getOperand(0) == c1.getResult());
  module->getOperation().verify();
  EXPECT_EQ(module->getBody().getOperations().size(), 3u);

  // A C++ verifier failure: an exception with every diagnostic, at the op.
  auto bad = b.create<tst::ConstOp>(FileLineColLoc::get(ctx, "ops.mlir", 9, 5), i32, -1);
  EXPECT_ERROR(module->getOperation().verify(), OMNIR_ERROR_VERIFICATION_FAILED, e, {
    EXPECT_EQ(e.diagnostics().size(), 1u);
    if (!e.diagnostics().empty()) {
      EXPECT_EQ(e.diagnostics()[0].message, "'tst.const' op value must be non-negative, got -1");
      EXPECT_EQ(e.diagnostics()[0].locationText, "loc(\"ops.mlir\":9:5)");
    }
  });
  {
    Capture reported(ctx); // verifyAndReport: the diagnostics go to the handlers, no exception
    EXPECT(failed(module->getOperation().verifyAndReport()));
    EXPECT_EQ(reported.end().size(), 1u);
  }
  bad.erase();
  // A verifier that throws: the exception becomes the failure message.
  auto threw = b.create<tst::ConstOp>(loc, i32, 666);
  EXPECT_ERROR(threw.getOperation().verify(), OMNIR_ERROR_VERIFICATION_FAILED, e,
               EXPECT_CONTAINS(e.message(), "the verifier threw"));
  threw.erase();
  // Constraints: the core checks them before the C++ verifier, with the summary given.
  OperationState state(loc, "tst.make_pair");
  state.addType(i32);
  Operation mp = b.create(state);
  EXPECT_ERROR(mp.verify(), OMNIR_ERROR_VERIFICATION_FAILED, e, EXPECT_CONTAINS(e.message(), "a tst.pair type"));
  mp.erase();
  // The C++ trait verifier (SameOperandsAndResultShape): scalars pass, a mix fails.
  OperationState scalars(loc, "tst.make_pair");
  scalars.addOperands({c1.getResult(), c2.getResult()});
  scalars.addType(tst::PairType::get(i32, i32));
  Operation ok = b.create(scalars);
  ok.verify();
  ok.erase();
  OperationState tensorState(loc, "test.tensor");
  tensorState.addType(RankedTensorType::get({3}, i32));
  Value tensorArg = b.create(tensorState).getResult(0);
  OperationState mix(loc, "tst.make_pair");
  mix.addOperands({tensorArg, c1.getResult()});
  mix.addType(tst::PairType::get(i32, i32));
  Operation mixed_shapes = b.create(mix);
  EXPECT_ERROR(mixed_shapes.verify(), OMNIR_ERROR_VERIFICATION_FAILED, e,
               EXPECT_CONTAINS(e.message(), "'tst.make_pair' op requires the same shape for all operands and results"));
  mixed_shapes.erase();
  tensorArg.getDefiningOp().erase();
  // Trait flags reach the core: SameOperandsAndResultType on tst.add.
  OperationState mixed(loc, "tst.add");
  mixed.addOperands({c1.getResult(), c2.getResult()});
  mixed.addType(b.getI64Type());
  Operation m = b.create(mixed);
  EXPECT_ERROR(m.verify(), OMNIR_ERROR_VERIFICATION_FAILED, e, (void)e);
  m.erase();
  module->getOperation().verify();

  // emitOpError outside a verifier: a diagnostic at the op, prefixed as MLIR does.
  Capture cap(ctx);
  add.emitOpError() << "just saying";
  add.getOperation().emitRemark() << "remark";
  auto diags = cap.end();
  EXPECT_EQ(diags.size(), 2u);
  if (diags.size() == 2) {
    EXPECT_EQ(diags[0], "'tst.add' op just saying");
    EXPECT_EQ(diags[1], "remark");
  }
  // Textual IR with the dialect's ops, types and attributes.
  const char *text = "\"tst.const\"() {r = #tst.range<0:3>, value = 5 : i32} : () -> i32";
  auto parsed = parseSourceString(text, ctx);
  parsed->getOperation().verify();
  EXPECT_CONTAINS(parsed->getOperation().str(), "#tst.range<0:3>");
}

int main(int argc, char **argv) { return harness::run(argc, argv); }
