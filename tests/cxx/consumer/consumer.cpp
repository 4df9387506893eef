// A tiny consumer of the installed C++ bridge, built two ways by ci/test-cxx.sh:
// CMake's find_package(omnir COMPONENTS cxx) and pkg-config omnir-cxx.
#include <omnir/cxx/Dialect.h>

#include <iostream>

namespace {
struct PixelStorage {
  int64_t bits = 0;
  static constexpr auto getParameters() { return std::make_tuple(omnir::param("bits", &PixelStorage::bits)); }
};
class PixelType : public omnir::TypeBase<PixelType, PixelStorage, omnir::MemRefElementTypeInterface::Trait> {
public:
  using Base::Base;
  static constexpr const char *name = "px.pixel";
};
class PxDialect : public omnir::Dialect {
public:
  explicit PxDialect(omnir::Context ctx) : Dialect("px", ctx) {}
  void initialize() override { addTypes<PixelType>(); }
};
} // namespace

int main() {
  try {
    omnir::OwningContext ctx;
    omnir::registerDialect<PxDialect>(ctx);
    auto pixel = PixelType::get(ctx, PixelStorage{8});
    auto memref = omnir::MemRefType::get({4}, pixel);
    std::cout << memref.str() << "\n";
    return memref.str() == "memref<4x!px.pixel<8>>" ? 0 : 1;
  } catch (const omnir::Error &e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
