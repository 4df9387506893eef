// A second C++ dialect library on the bridge, for the scenario: loaded next to the quant
// dialect, it shares the process's one libomnir_cxx.so.0 and one libomnir.so.0.
#include <omnir/cxx/Dialect.h>

namespace {
struct PixelStorage {
  int64_t bits = 0;
  static constexpr auto getParameters() { return std::make_tuple(omnir::param("bits", &PixelStorage::bits)); }
};
class PixelType : public omnir::TypeBase<PixelType, PixelStorage, omnir::MemRefElementTypeInterface::Trait> {
public:
  using Base::Base;
  static constexpr const char *name = "px.pixel";
  static omnir::LogicalResult verify(omnir::EmitErrorFn emitError, const PixelStorage &s) {
    if (s.bits < 1 || s.bits > 64)
      return emitError() << "pixel bits must be in [1, 64], got " << s.bits;
    return omnir::success();
  }
};
class PxDialect : public omnir::Dialect {
public:
  explicit PxDialect(omnir::Context ctx) : Dialect("px", ctx) {}
  void initialize() override { addTypes<PixelType>(); }
};
} // namespace

extern "C" __attribute__((visibility("default"))) omnir_status px_register(omnir_context *ctx) {
  return omnir::runCEntryPoint([&] { omnir::registerDialect<PxDialect>(ctx); });
}

extern "C" __attribute__((visibility("default"))) omnir_status px_pixel_type_get(omnir_context *ctx, int64_t bits,
                                                                                  omnir_type *out) {
  return omnir::runCEntryPoint([&] { *out = PixelType::get(ctx, PixelStorage{bits}).getHandle(); });
}
