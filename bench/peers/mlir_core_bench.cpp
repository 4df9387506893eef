// Core-IR micro-benchmark against upstream MLIR 14's C++ API.
//
// This is the "peer" half of omnir's core benchmark: the Rust side mirrors the
// exact same workload (see README.md next to this file), so both numbers answer
// the same question: what does the generic, unregistered-op path of the IR core
// cost per operation for build / walk / erase / clone, and how many heap bytes
// does one op occupy.
//
// Usage: mlir_core_bench [N] [CLONE_N] [REPEATS]
// Prints exactly one JSON line on stdout; diagnostics go to stderr.

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

using namespace mlir;

namespace {

using Clock = std::chrono::steady_clock;

int64_t elapsedNs(Clock::time_point start, Clock::time_point end) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(end - start)
      .count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

// mallinfo2 (glibc >= 2.33) sees both malloc (Operation::create uses it) and
// operator new (which bottoms out in malloc), plus mmap'd large blocks via
// hblkhd -- the big arrays/slabs a 1M-op build produces are mmap'd.
size_t heapInUse() {
  struct mallinfo2 mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
}

// Everything one repeat needs: a fresh context each time so that attribute
// uniquing (IntegerAttr + per-op DictionaryAttr) is paid on every repeat and
// counted by the heap measurement, instead of hitting an already-warm uniquer.
struct Fixture {
  std::unique_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
  Type i64;
  // Hoisted once, like an interned name in any real frontend: we measure op
  // creation, not the string->name hash lookup that `OperationState(loc,
  // "bench.op")` would otherwise repeat on every op.
  std::unique_ptr<OperationName> opName;
  StringAttr valueName;

  Fixture() : ctx(std::make_unique<MLIRContext>()) {
    ctx->allowUnregisteredDialects(true);
    module = ModuleOp::create(UnknownLoc::get(ctx.get()));
    i64 = IntegerType::get(ctx.get(), 64);
    opName = std::make_unique<OperationName>("bench.op", ctx.get());
    valueName = StringAttr::get(ctx.get(), "value");
  }

  // "bench.func": no operands/results, one region with one block (i64, i64).
  // Returns the op and its entry block.
  std::pair<Operation *, Block *> createFunc() {
    Location loc = UnknownLoc::get(ctx.get());
    OpBuilder b = OpBuilder::atBlockEnd(module->getBody());
    OperationState st(loc, "bench.func");
    st.addRegion();
    Operation *func = b.createOperation(st);
    Block *body = new Block();
    func->getRegion(0).push_back(body);
    body->addArgument(i64, loc);
    body->addArgument(i64, loc);
    return {func, body};
  }

  // Appends n "bench.op"s to `body` through the generic OperationState path.
  // Kept out of line so the timed region is one opaque call.
  __attribute__((noinline)) void buildOps(Block *body, int64_t n) {
    Location loc = UnknownLoc::get(ctx.get());
    OpBuilder b = OpBuilder::atBlockEnd(body);
    Value prev1 = body->getArgument(0);
    Value prev2 = body->getArgument(1);
    for (int64_t i = 0; i < n; ++i) {
      OperationState st(loc, *opName);
      st.operands.push_back(prev1);
      st.operands.push_back(prev2);
      st.types.push_back(i64);
      st.addAttribute(valueName, IntegerAttr::get(i64, i));
      Operation *op = b.createOperation(st);
      prev2 = prev1;
      prev1 = op->getResult(0);
    }
  }
};

} // namespace

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  int64_t cloneN = argc > 2 ? std::atoll(argv[2]) : 100000;
  int repeats = argc > 3 ? std::atoi(argv[3]) : 3;
  if (n <= 0 || cloneN <= 0 || repeats <= 0) {
    std::fprintf(stderr, "usage: %s [N>0] [CLONE_N>0] [REPEATS>0]\n", argv[0]);
    return 2;
  }

  std::vector<double> buildNs, walkNs, eraseNs, cloneNs;
  double bytesPerOp = 0;
  int64_t walkCount = 0;

  for (int r = 0; r < repeats; ++r) {
    // --- build / walk / erase on one N-op func --------------------------
    {
      Fixture fx;
      auto [func, body] = fx.createFunc();

      size_t heapBefore = heapInUse();
      auto t0 = Clock::now();
      fx.buildOps(body, n);
      auto t1 = Clock::now();
      size_t heapAfter = heapInUse();
      buildNs.push_back(double(elapsedNs(t0, t1)) / n);
      if (r == 0)
        bytesPerOp = (double(heapAfter) - double(heapBefore)) / n;

      // The callback runs inside libMLIR (via function_ref), and the count is
      // checked and printed, so the walk cannot be elided.
      int64_t count = 0;
      t0 = Clock::now();
      func->walk([&](Operation *) { ++count; });
      t1 = Clock::now();
      walkNs.push_back(double(elapsedNs(t0, t1)) / n);
      walkCount = count;
      if (walkCount != n + 1) {
        std::fprintf(stderr, "walk visited %lld ops, expected %lld\n",
                     (long long)walkCount, (long long)(n + 1));
        return 1;
      }

      // Last-to-first, so every erased op's result is already use-free.
      t0 = Clock::now();
      for (int64_t i = 0; i < n; ++i)
        body->back().erase();
      t1 = Clock::now();
      eraseNs.push_back(double(elapsedNs(t0, t1)) / n);
      if (!body->empty()) {
        std::fprintf(stderr, "erase left ops behind\n");
        return 1;
      }
    }

    // --- clone on a separate CLONE_N-op func ----------------------------
    {
      Fixture fx;
      auto [func, body] = fx.createFunc();
      fx.buildOps(body, cloneN);

      auto t0 = Clock::now();
      Operation *copy = func->clone();
      auto t1 = Clock::now();
      cloneNs.push_back(double(elapsedNs(t0, t1)) / cloneN);

      // Sanity-check the clone is complete before discarding it (untimed).
      if (copy->getRegion(0).front().getOperations().size() !=
          size_t(cloneN)) {
        std::fprintf(stderr, "clone has wrong op count\n");
        return 1;
      }
      copy->erase(); // Detached op: erase() destroys it.
    }
  }

  std::printf("{\"impl\":\"mlir-14-cxx\",\"n\":%lld,\"repeats\":%d,"
              "\"build_ns_per_op\":%.2f,\"walk_ns_per_op\":%.2f,"
              "\"walk_count\":%lld,\"erase_ns_per_op\":%.2f,"
              "\"clone_n\":%lld,\"clone_ns_per_op\":%.2f,"
              "\"bytes_per_op\":%.1f}\n",
              (long long)n, repeats, median(buildNs), median(walkNs),
              (long long)walkCount, median(eraseNs), (long long)cloneN,
              median(cloneNs), bytesPerOp);
  return 0;
}
