// The quant dialect from C++ (quant/QuantDialect.h, libquant_dialect.so.0): MLIR-style typed
// access, the method interface through the registry, ops built with OpBuilder and verified.
#include "harness.hpp"

#include <quant/QuantDialect.h>

using namespace omnir;
using quant::UniformQuantizedType;

namespace {
OwningContext quantContext() {
  OwningContext ctx;
  quant::registerQuantDialect(ctx);
  return ctx;
}
} // namespace

TEST(uniform_type_typed_access) {
  OwningContext ctx = quantContext();
  auto i8 = IntegerType::get(ctx, 8);
  auto f32 = FloatType::getF32(ctx);
  auto q = UniformQuantizedType::get(quant::QuantizationFlags::Signed, i8, f32, 0.5, 128, -128, 127);
  EXPECT_EQ(q.str(), "!quant.uniform<i8:f32, 5.000000e-01:128>");
  EXPECT(q.isSigned() && q.getStorageType() == i8 && q.getExpressedType() == f32);
  EXPECT(q.getScale() == 0.5 && q.getZeroPoint() == 128 && !q.hasStorageTypeBounds());
  EXPECT(parseType("!quant.uniform<i8:f32, 0.5:128>", ctx) == q);
  Type t = parseType("!quant.uniform<u8<1:200>:f16, 2.0>", ctx);
  auto u = dyn_cast<UniformQuantizedType>(t);
  EXPECT(u && !u.isSigned() && u.getStorageTypeMin() == 1 && u.getStorageTypeMax() == 200 && u.hasStorageTypeBounds());
  EXPECT_EQ(u.str(), "!quant.uniform<u8<1:200>:f16, 2.000000e+00>");
  EXPECT(!dyn_cast<UniformQuantizedType>(Type(f32)));
  // A signed or unsigned storage integer is kept as the signless one.
  auto fromSi8 = UniformQuantizedType::get(quant::QuantizationFlags::Signed, IntegerType::get(ctx, 8, IntegerType::Signed),
                                           f32, 0.5, 128, -128, 127);
  EXPECT(fromSi8 == q);
  MessageSink sink;
  auto emit = [&]() { return InFlightDiagnostic(&sink, DiagnosticSeverity::Error); };
  EXPECT(!UniformQuantizedType::getChecked(emit, 0, i8, f32, -1.0, 0, 0, 255));
  EXPECT_EQ(sink.message(), "illegal scale: -1.000000e+00");
  EXPECT_ERROR(UniformQuantizedType::get(0, i8, f32, 0.5, 0, 0, 300), OMNIR_ERROR_VERIFICATION_FAILED, e,
               EXPECT_CONTAINS(e.message(), "illegal storage min and storage max: (0:300)"));
  EXPECT(isa<MemRefElementTypeInterface>(Type(q)));
  EXPECT_EQ(MemRefType::get({2}, q).str(), "memref<2x!quant.uniform<i8:f32, 5.000000e-01:128>>");
}

TEST(quantized_type_interface_through_the_registry) {
  OwningContext ctx = quantContext();
  Type q = parseType("!quant.uniform<i16<-100:100>:f32, 0.25:3>", ctx);
  auto iface = dyn_cast<quant::QuantizedTypeInterface>(q);
  EXPECT(static_cast<bool>(iface));
  EXPECT(iface.getVTable() == quant::QuantizedTypeInterface::getCVTable());
  EXPECT_EQ(iface.getStorageTypeIntegralWidth(), 16u);
  EXPECT(iface.isSigned() && iface.getStorageTypeMin() == -100 && iface.getStorageTypeMax() == 100);
  EXPECT(iface.getExpressedType() == FloatType::getF32(ctx));
  EXPECT(iface.getStorageType() == IntegerType::get(ctx, 16));
  EXPECT(!dyn_cast<quant::QuantizedTypeInterface>(Type(IntegerType::get(ctx, 8))));
}

TEST(ops_built_with_opbuilder_and_verified) {
  OwningContext ctx = quantContext();
  ctx.allowUnregisteredDialects();
  Location loc = FileLineColLoc::get(ctx, "q.mlir", 1, 1);
  auto f32 = FloatType::getF32(ctx);
  auto q = UniformQuantizedType::get(quant::QuantizationFlags::Signed, IntegerType::get(ctx, 8), f32, 0.5, 128, -128, 127);
  auto module = OwningOpRef<ModuleOp>(ModuleOp::create(loc));
  Block body = Block::create(ctx, {RankedTensorType::get({4}, f32)});
  OperationState fn(loc, "test.func");
  fn.setNumRegions(1);
  OpBuilder top = OpBuilder::atBlockEnd(module->getBody());
  Operation func = top.create(fn);
  func.getRegion(0).push_back(body);
  OpBuilder b = OpBuilder::atBlockEnd(body);
  auto qc = b.create<quant::QuantizeCastOp>(loc, RankedTensorType::get({4}, q), body.getArgument(0));
  auto sc = b.create<quant::StorageCastOp>(loc, RankedTensorType::get({4}, IntegerType::get(ctx, 8)), qc.getResult());
  auto dc = b.create<quant::DequantizeCastOp>(loc, RankedTensorType::get({4}, f32), qc.getResult());
  EXPECT(qc.getQuantizedType() == q && qc.getFloatType() == f32);
  EXPECT(dc.getQuantizedType() == q);
  EXPECT(isa<quant::StorageCastOp>(sc.getOperation()));
  module->getOperation().verify();
  EXPECT_CONTAINS(module->getOperation().str(),
                  "\"quant.qcast\"(%arg0) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:128>>");

  // MLIR's verifier message for a mismatched expressed type, with the diagnostic.
  auto f16 = FloatType::getF16(ctx);
  auto bad = b.create<quant::DequantizeCastOp>(FileLineColLoc::get(ctx, "q.mlir", 5, 7), RankedTensorType::get({4}, f16),
                                              qc.getResult());
  EXPECT_ERROR(module->getOperation().verify(), OMNIR_ERROR_VERIFICATION_FAILED, e, {
    EXPECT_EQ(e.diagnostics().size(), 1u);
    if (!e.diagnostics().empty()) {
      EXPECT_EQ(e.diagnostics()[0].message,
                "'quant.dcast' op expressed type in quantized type expected to match float type");
      EXPECT_EQ(e.diagnostics()[0].locationText, "loc(\"q.mlir\":5:7)");
    }
  });
  bad.erase();
  module->getOperation().verify();
}

int main(int argc, char **argv) { return harness::run(argc, argv); }
