// Built with -DOMNIR_ABI_VERSION=3 (a header newer than the loaded core, whose ABI is 2): registering a dialect
// through the bridge fails with OMNIR_ERROR_ABI_MISMATCH from the handshake in
// omnir::registerDialect, before anything is registered — not a crash.
#include "harness.hpp"

#include <omnir/cxx/Dialect.h>

static_assert(OMNIR_ABI_VERSION == 3, "build this test with -DOMNIR_ABI_VERSION=3 (the current ABI + 1)");

namespace {
class TinyDialect : public omnir::Dialect {
public:
  explicit TinyDialect(omnir::Context ctx) : Dialect("tiny", ctx) {}
  void initialize() override {}
};
} // namespace

TEST(abi_handshake_refuses_a_newer_header) {
  omnir::OwningContext ctx;
  EXPECT_ERROR(omnir::registerDialect<TinyDialect>(ctx), OMNIR_ERROR_ABI_MISMATCH, e, {
    EXPECT_CONTAINS(e.message(), "ABI version 3");
  });
  EXPECT(!omnir::Context(ctx).isDialectRegistered("tiny"));
}

int main(int argc, char **argv) { return harness::run(argc, argv); }
