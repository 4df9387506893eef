// The generated C++ dialect headers (omnir/cxx/dialects/<d>.h, from omnir-gen): MLIR-style
// op classes over the bridge. Builds func + arith + scf + memref the way MLIR C++ code does
// and compares the print with tests/generated/func_arith_scf_memref.txt; typed accessors, enums, views of parsed ops, segment sizes, and
// clear errors for what cannot be built.
#include "harness.hpp"

#include <omnir/cxx/dialects/arith.h>
#include <omnir/cxx/dialects/cf.h>
#include <omnir/cxx/dialects/func.h>
#include <omnir/cxx/dialects/gpu.h>
#include <omnir/cxx/dialects/llvm.h>
#include <omnir/cxx/dialects/memref.h>
#include <omnir/cxx/dialects/scf.h>

#include <fstream>
#include <sstream>

using namespace omnir;

#ifndef OMNIR_GENERATED_EXPECTED
#define OMNIR_GENERATED_EXPECTED "tests/generated/func_arith_scf_memref.txt"
#endif

// The module every language's generated API builds, as upstream prints it.
static std::string expectedModule() {
  std::ifstream in(OMNIR_GENERATED_EXPECTED, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

TEST(func_arith_scf_memref_print_as_mlir) {
  OwningContext owner;
  Context ctx = owner.get();
  OpBuilder b(ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  Type i32 = b.getI32Type();
  Type index = b.getIndexType();
  Type buf = MemRefType::get({16}, b.getF32Type());

  b.setInsertionPointToEnd(module->getBody());
  auto fn = func::FuncOp::create(b, loc, "f", FunctionType::get(ctx, {i32, i32, buf}, {i32}));
  Block entry = fn.getBody().emplaceBlock({i32, i32, buf});
  Value a = entry.getArgument(0), c = entry.getArgument(1), mem = entry.getArgument(2);

  b.setInsertionPointToEnd(entry);
  auto add = arith::AddIOp::create(b, loc, a, c, "nsw");
  auto cmp = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, add, c);
  auto sel = arith::SelectOp::create(b, loc, cmp, add, c);
  auto c0 = arith::ConstantOp::create(b, loc, IntegerAttr::get(index, 0));
  auto c4 = arith::ConstantOp::create(b, loc, IntegerAttr::get(index, 4));
  auto c1 = arith::ConstantOp::create(b, loc, IntegerAttr::get(index, 1));
  auto loop = scf::ForOp::create(b, loc, {i32}, c0, c4, c1, {sel.getResult()});
  Block body = loop.getRegion().emplaceBlock({index, i32});
  b.setInsertionPointToEnd(body);
  auto x = memref::LoadOp::create(b, loc, mem, {body.getArgument(0)});
  memref::StoreOp::create(b, loc, x, mem, {c0.getResult()});
  auto mul = arith::MulIOp::create(b, loc, body.getArgument(1), a);
  scf::YieldOp::create(b, loc, {mul.getResult()});
  b.setInsertionPointToEnd(entry);
  func::ReturnOp::create(b, loc, loop.getResults());

  EXPECT(succeeded(module->getOperation().verifyAndReport()));
  EXPECT(!expectedModule().empty());
  EXPECT_EQ(module->str(), expectedModule());

  // Typed accessors, as ODS names them.
  EXPECT(add.getLhs() == a && add.getRhs() == c);
  EXPECT_EQ(add.getResult().getType().str(), std::string("i32"));
  EXPECT_EQ(add.getOverflowFlagsAttr().str(), std::string("#arith.overflow<nsw>"));
  EXPECT(cmp.getPredicate() == arith::CmpIPredicate::slt);
  EXPECT_EQ(cmp.getPredicateAttr().getInt(), int64_t(2));
  EXPECT_EQ(arith::stringifyCmpIPredicate(cmp.getPredicate()), std::string("slt"));
  EXPECT(arith::symbolizeCmpIPredicate("uge") == arith::CmpIPredicate::uge);
  EXPECT(!arith::symbolizeCmpIPredicate("nope"));
  EXPECT(loop.getLowerBound() == c0.getResult() && loop.getStep() == c1.getResult());
  EXPECT_EQ(loop.getInitArgs().size(), size_t(1));
  EXPECT_EQ(fn.getSymName(), std::string("f"));
  EXPECT(!fn.getSymVisibility());
  EXPECT_EQ(x.getIndices().size(), size_t(1));
}

TEST(views_of_parsed_ops_and_dyn_cast) {
  OwningContext owner;
  Context ctx = owner.get();
  auto module = parseSourceString(expectedModule(), ctx);
  Block entry = module->getBody().front().getRegion(0).front();
  Operation first = entry.front();
  EXPECT(isa<arith::AddIOp>(first) && !isa<arith::CmpIOp>(first));
  auto add = dyn_cast<arith::AddIOp>(first);
  EXPECT(static_cast<bool>(add) && add.getRhs() == entry.getArgument(1));
  EXPECT(!dyn_cast<arith::CmpIOp>(first));
  auto cmp = cast<arith::CmpIOp>(first.getNextNode());
  EXPECT(cmp.getPredicate() == arith::CmpIPredicate::slt);
}

TEST(segments_successors_and_bit_enums) {
  OwningContext owner;
  Context ctx = owner.get();
  OpBuilder b(ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
  b.setInsertionPointToEnd(module->getBody());
  auto fn = func::FuncOp::create(b, loc, "g", FunctionType::get(ctx, {i1, i32, f32}, {}), "private");
  Block entry = fn.getBody().emplaceBlock({i1, i32, f32});
  Block yes = fn.getBody().emplaceBlock({i32});
  Block no = fn.getBody().emplaceBlock();
  b.setInsertionPointToEnd(entry);
  // AttrSizedOperandSegments: the builder writes operandSegmentSizes from the groups. The
  // optional branch_weights comes before the successors (ODS's order), so it is spelled `{}`.
  // A bit enum's words, through the generated stringify.
  auto flags = arith::FastMathFlags::nnan | arith::FastMathFlags::ninf;
  EXPECT_EQ(arith::stringifyFastMathFlags(flags), std::string("nnan,ninf"));
  auto sum = arith::AddFOp::create(b, loc, entry.getArgument(2), entry.getArgument(2), "nnan,ninf");
  EXPECT_EQ(sum.getFastmathAttr().str(), std::string("#arith.fastmath<nnan,ninf>"));
  auto br = cf::CondBranchOp::create(b, loc, entry.getArgument(0), {entry.getArgument(1)}, {}, {}, yes, no);
  EXPECT_EQ(br.getTrueDestOperands().size(), size_t(1));
  EXPECT(br.getFalseDestOperands().empty());
  EXPECT(br.getTrueDest() == yes && br.getFalseDest() == no);
  EXPECT_EQ(br->getAttr("operandSegmentSizes").str(), std::string("array<i32: 1, 1, 0>"));
  b.setInsertionPointToEnd(yes);
  func::ReturnOp::create(b, loc);
  b.setInsertionPointToEnd(no);
  func::ReturnOp::create(b, loc);
  EXPECT(succeeded(module->getOperation().verifyAndReport()));
  EXPECT_CONTAINS(module->str(), "cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2");
  EXPECT_CONTAINS(module->str(), "func.func private @g");
}

TEST(what_cannot_be_built_is_a_clear_error) {
  OwningContext owner;
  Context ctx = owner.get();
  OpBuilder b(ctx);
  Location loc = b.getUnknownLoc();
  // A required operand left null: the core refuses it and nothing is created.
  EXPECT_ERROR(arith::AddIOp::create(b, loc, Value(), Value()), OMNIR_ERROR_INVALID_ARGUMENT, e,
               EXPECT_CONTAINS(e.what(), "null value"));
  // Words that are no case of the attribute: the parser's diagnostic.
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  Block body = module->getBody();
  Value arg = body.addArgument(b.getF32Type(), loc);
  b.setInsertionPointToEnd(body);
  EXPECT_ERROR(arith::AddFOp::create(b, loc, arg, arg, "fastest"), OMNIR_ERROR_PARSE_FAILED, e,
               EXPECT_CONTAINS(e.what(), "fastest"));
}

TEST(type_and_attribute_classes) {
  OwningContext owner;
  Context ctx = owner.get();
  // A shipped dialect's kind loads its dialect; isa / dyn_cast / cast work as for builtin ones.
  gpu::AsyncTokenType token = gpu::AsyncTokenType::get(ctx);
  EXPECT(token.str() == "!gpu.async.token");
  EXPECT(isa<gpu::AsyncTokenType>(Type(token)));
  LLVM::PointerType ptr = LLVM::PointerType::get(ctx, 1);
  EXPECT(ptr.str() == "!llvm.ptr<1>" && ptr.getAddrSpace() == 1);
  EXPECT(!isa<LLVM::PointerType>(Type(token)) && !dyn_cast<gpu::AsyncTokenType>(Type(ptr)));
  LLVM::ArrayType array = LLVM::ArrayType::get(ctx, ptr, 4);
  EXPECT(array.str() == "!llvm.array<4 x ptr<1>>" && array.getElement() == Type(ptr) && array.getSize() == 4);
  Attribute parsed = parseAttribute("#arith.fastmath<nnan,ninf>", ctx);
  auto flags = cast<arith::FastmathAttr>(parsed);
  EXPECT(flags.getValue() == (arith::FastMathFlags::nnan | arith::FastMathFlags::ninf));
  EXPECT(arith::FastmathAttr::get(ctx, arith::FastMathFlags::fast).str() == "#arith.fastmath<fast>");
  EXPECT_ERROR(cast<arith::FastmathAttr>(Attribute(parseAttribute("#arith.overflow<nsw>", ctx))),
               OMNIR_ERROR_INVALID_ARGUMENT, e, EXPECT_CONTAINS(e.what(), "overflow"));
}

int main(int argc, char **argv) { return harness::run(argc, argv); }
