// Generated op classes against building by hand: N `arith.addi` at the end of a block, once
// with arith::AddIOp::create (result type inferred by the core) and once with an
// OperationState filled by hand (result type given). Printed, never asserted (ci/test-cxx.sh).
#include <omnir/cxx/dialects/arith.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace omnir;

template <typename Build>
static double nsPerOp(int n, Build build) {
  OwningContext owner;
  Context ctx = owner.get();
  OpBuilder b(ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  Block body = module->getBody();
  Type i32 = b.getI32Type();
  Value x = body.addArgument(i32, loc), y = body.addArgument(i32, loc);
  b.setInsertionPointToEnd(body);
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i)
    build(b, loc, i32, x, y);
  auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(end - start).count() / n;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 100000;
  double best_generated = 1e30, best_by_hand = 1e30;
  for (int run = 0; run < 3; ++run) {
    double g = nsPerOp(n, [](OpBuilder &b, Location loc, Type, Value x, Value y) { arith::AddIOp::create(b, loc, x, y); });
    double h = nsPerOp(n, [](OpBuilder &b, Location loc, Type i32, Value x, Value y) {
      OperationState state(loc, "arith.addi");
      state.addOperand(x);
      state.addOperand(y);
      state.addType(i32);
      b.create(state);
    });
    best_generated = g < best_generated ? g : best_generated;
    best_by_hand = h < best_by_hand ? h : best_by_hand;
  }
  std::printf("bench: %d x arith.addi, best of 3: generated AddIOp::create %.0f ns/op, OperationState by hand %.0f "
              "ns/op (generated/by hand %.2f)\n",
              n, best_generated, best_by_hand, best_generated / best_by_hand);
  return 0;
}
