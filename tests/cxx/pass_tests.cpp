// Options, passes, rewrite patterns and the pass manager of omnir's C++ bridge (Pass.h and
// the option API of IR.h), against the installed omnir: RAII option scopes (nesting,
// exceptions, threads, contexts), typed option access, passes written in C++ (a class with
// Option<> members, and a function), a throwing pass, patterns driving `canonicalize`, and the
// pipeline's textual round trip.
#include "harness.hpp"

#include <omnir/cxx/Pass.h>

#include <atomic>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace omnir;

namespace {

OwningContext makeContext() {
  OwningContext ctx;
  ctx.allowUnregisteredDialects();
  return ctx;
}

/// Counts how many times `needle` occurs in `text`.
size_t count(const std::string &text, const std::string &needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

/// std::barrier is C++20.
class Barrier {
public:
  explicit Barrier(int n) : left_(n) {}
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (--left_ == 0)
      cv_.notify_all();
    else
      cv_.wait(lock, [this] { return left_ == 0; });
  }

private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int left_;
};

const char *const kTwoFuncs = R"(
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "a"}> ({
    %0 = "test.c"() : () -> i32
    %1 = "test.c"() : () -> i32
    "test.use"(%0, %1) : (i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "b"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
)";

} // namespace

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

TEST(typed_options_declare_set_get) {
  auto ctx = makeContext();
  ctx.declareOption<int64_t>("t.threshold", 3, "how far");
  ctx.declareOption("t.verbose", false);
  ctx.declareOption("t.ratio", 0.25);
  ctx.declareOption("t.label", std::string("none"));
  ctx.get().declareOption(OptionDecl::enumeration("t.mode", {"fast", "safe"}, "safe"));
  ctx.declareOption(OptionDecl::list("t.sizes", OptionKind::Int, "1,2"));
  // The same declaration again is a no-op; another kind, or another default, under the same
  // name is refused (naming both defaults), and the first declaration stays.
  ctx.declareOption<int64_t>("t.threshold", 3);
  EXPECT_ERROR(ctx.declareOption("t.threshold", true), OMNIR_ERROR_ALREADY_EXISTS, e,
               EXPECT_CONTAINS(e.message(), "t.threshold"));
  EXPECT_ERROR(ctx.declareOption<int64_t>("t.threshold", 4), OMNIR_ERROR_ALREADY_EXISTS, e, {
    EXPECT_CONTAINS(e.message(), "'3'");
    EXPECT_CONTAINS(e.message(), "'4'");
  });

  EXPECT_EQ(ctx.getOption<int64_t>("t.threshold"), 3);
  EXPECT_EQ(ctx.getOption<int>("t.threshold"), 3);
  EXPECT(!ctx.getOption<bool>("t.verbose"));
  EXPECT_EQ(ctx.getOption<double>("t.ratio"), 0.25);
  EXPECT_EQ(ctx.getOption<std::string>("t.label"), "none");
  EXPECT_EQ(ctx.getOption<std::string>("t.mode"), "safe");
  EXPECT_EQ(ctx.getOption<std::string>("t.sizes"), "1,2");
  EXPECT(ctx.getOptionKind("t.threshold") == OptionKind::Int);
  EXPECT(ctx.getOptionKind("t.verbose") == OptionKind::Bool);
  EXPECT(ctx.getOptionKind("t.ratio") == OptionKind::Float);
  EXPECT(ctx.getOptionKind("t.label") == OptionKind::String);
  EXPECT(ctx.getOptionKind("t.mode") == OptionKind::Enum);
  EXPECT(ctx.getOptionKind("t.sizes") == OptionKind::List);
  EXPECT(ctx.getOptionElementKind("t.sizes") == OptionKind::Int);
  EXPECT_ERROR(ctx.getOptionElementKind("t.threshold"), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);

  ctx.setOption("t.threshold", 9);
  ctx.setOption("t.verbose", true);
  ctx.setOption("t.ratio", 0.1); // a double that needs all its digits to read back exactly
  ctx.setOption("t.label", "hello");
  ctx.setOption("t.mode", std::string("fast"));
  EXPECT_EQ(ctx.getOption<int64_t>("t.threshold"), 9);
  EXPECT(ctx.getOption<bool>("t.verbose"));
  EXPECT_EQ(ctx.getOption<double>("t.ratio"), 0.1);
  EXPECT_EQ(ctx.getOption<std::string>("t.label"), "hello");
  EXPECT_EQ(ctx.getOption<std::string>("t.mode"), "fast");
  ctx.setOption("t.ratio", 2.0); // stays a float
  EXPECT_EQ(ctx.getOption<double>("t.ratio"), 2.0);
  ctx.resetOption("t.threshold");
  EXPECT_EQ(ctx.getOption<int64_t>("t.threshold"), 3);

  // Refusals change nothing and say why.
  EXPECT_ERROR(ctx.setOption("t.threshold", "many"), OMNIR_ERROR_INVALID_ARGUMENT, e,
               EXPECT_CONTAINS(e.message(), "t.threshold"));
  EXPECT_EQ(ctx.getOption<int64_t>("t.threshold"), 3);
  EXPECT_ERROR(ctx.setOption("t.mode", "reckless"), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);
  EXPECT_ERROR(ctx.getOption<bool>("t.threshold"), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);
  EXPECT_ERROR(ctx.getOption<int64_t>("t.ratio"), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);
  ++harness::checks();
  try {
    (void)ctx.getOption<int64_t>("t.nope");
    harness::fail(__FILE__, __LINE__, "an undeclared option was read");
  } catch (const Error &e) {
    EXPECT_CONTAINS(e.message(), "t.nope");
  }
  ctx.setOption("t.threshold", 1000);
  EXPECT_ERROR(ctx.getOption<int8_t>("t.threshold"), OMNIR_ERROR_OUT_OF_RANGE, e, (void)e);
  ctx.setOption("t.threshold", -1);
  EXPECT_ERROR(ctx.getOption<uint32_t>("t.threshold"), OMNIR_ERROR_OUT_OF_RANGE, e, (void)e);
  EXPECT_EQ(ctx.getOption<int8_t>("t.threshold"), static_cast<int8_t>(-1));
}

TEST(option_scopes_nest_and_restore) {
  auto ctx = makeContext();
  ctx.declareOption<int64_t>("t.n", 1);
  ctx.declareOption("t.flag", false);
  ctx.setOption("t.n", 2);
  {
    OptionScope outer(ctx, {{"t.n", "3"}, {"t.flag", true}});
    EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 3);
    EXPECT(ctx.getOption<bool>("t.flag"));
    {
      OptionScope inner(ctx, {{"t.n", 4}});
      EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 4);
      EXPECT(ctx.getOption<bool>("t.flag")); // not overridden here: the outer scope's value
    }
    EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 3);
    // A refused value pushes nothing (all values are checked first).
    EXPECT_ERROR((OptionScope(ctx, {{"t.flag", false}, {"t.n", "x"}})), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);
    EXPECT(ctx.getOption<bool>("t.flag"));
    EXPECT_ERROR((OptionScope(ctx, {{"t.undeclared", 1}})), OMNIR_ERROR_NOT_REGISTERED, e,
                 EXPECT_CONTAINS(e.message(), "t.undeclared"));
    // The context's own value changes under a scope, but the scope still wins on this thread.
    ctx.setOption("t.n", 5);
    EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 3);
  }
  EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 5);
  EXPECT(!ctx.getOption<bool>("t.flag"));

  // Moving hands the scope over: it ends once, when its last owner ends it.
  {
    OptionScope a(ctx, {{"t.n", 7}});
    OptionScope b(std::move(a));
    EXPECT(!a.isActive() && b.isActive());
    EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 7);
    std::vector<OptionScope> kept;
    kept.push_back(std::move(b));
    EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 7);
    kept.clear();
    EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 5);
  }
  // pop() ends it early; out of order it throws and leaves the scope in place.
  OptionScope outer(ctx, {{"t.n", 10}});
  OptionScope inner(ctx, {{"t.n", 11}});
  EXPECT_ERROR(outer.pop(), OMNIR_ERROR_INVALID_ARGUMENT, e, (void)e);
  EXPECT(outer.isActive());
  EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 11);
  inner.pop();
  EXPECT(!inner.isActive());
  EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 10);
  outer.pop();
  EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 5);
  outer.pop(); // ended already: nothing to do
}

TEST(option_scopes_restore_when_an_exception_unwinds) {
  auto ctx = makeContext();
  ctx.declareOption<int64_t>("t.n", 1);
  auto work = [&](int64_t depth) {
    OptionScope scope(ctx, {{"t.n", depth}});
    if (ctx.getOption<int64_t>("t.n") == depth)
      throw std::runtime_error("unwind at " + std::to_string(depth));
  };
  bool caught = false;
  try {
    OptionScope outer(ctx, {{"t.n", 100}});
    try {
      work(200);
    } catch (const std::runtime_error &e) {
      EXPECT_EQ(std::string(e.what()), "unwind at 200");
      EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 100);
      throw;
    }
  } catch (const std::runtime_error &) {
    caught = true;
  }
  EXPECT(caught);
  EXPECT_EQ(ctx.getOption<int64_t>("t.n"), 1);
}

TEST(option_scopes_are_per_thread_and_per_context) {
  auto a = makeContext();
  auto b = makeContext();
  a.declareOption<int64_t>("t.n", 0);
  b.declareOption<int64_t>("t.n", 0);
  b.setOption("t.n", -1);
  constexpr int kThreads = 4;
  Barrier ready(kThreads + 1), done(kThreads + 1);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int i = 1; i <= kThreads; ++i) {
    threads.emplace_back([&, i] {
      try {
        OptionScope scope(a, {{"t.n", i}});
        ready.wait();
        for (int k = 0; k < 2000; ++k) {
          if (a.getOption<int64_t>("t.n") != i || b.getOption<int64_t>("t.n") != -1)
            ++wrong;
          if (k == 1000) {
            OptionScope nested(a, {{"t.n", i * 10}});
            if (a.getOption<int64_t>("t.n") != i * 10)
              ++wrong;
          }
        }
        done.wait();
      } catch (...) {
        wrong += 1000;
      }
    });
  }
  ready.wait();
  // While every thread holds its own override, this thread sees the context's value.
  for (int k = 0; k < 500; ++k)
    if (a.getOption<int64_t>("t.n") != 0)
      ++wrong;
  done.wait();
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(a.getOption<int64_t>("t.n"), 0);

  // Two contexts: a scope on one is not seen on the other, nor are its declarations.
  OptionScope onA(a, {{"t.n", 42}});
  EXPECT_EQ(a.getOption<int64_t>("t.n"), 42);
  EXPECT_EQ(b.getOption<int64_t>("t.n"), -1);
  a.declareOption("t.only_a", true);
  ++harness::checks();
  try {
    (void)b.getOption<bool>("t.only_a");
    harness::fail(__FILE__, __LINE__, "an option of another context was seen");
  } catch (const Error &) {
  }
}

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

namespace {

/// Tags each operation it runs on with `tag` + `times` (pass options) and the context option
/// `t.scale` as this thread sees it.
struct TagPass : Pass {
  Option<std::string> tag{*this, "tag", "the prefix", "x"};
  Option<int64_t> times{*this, "times", "a number", 1};
  Option<bool> loud{*this, "loud", "upper-case", false};
  static std::atomic<int> runs;

  std::string getArgument() const override { return "tag-funcs"; }
  std::string getName() const override { return "TagFuncs"; }
  std::string getDescription() const override { return "tags every function"; }
  void runOnOperation() override {
    ++runs;
    Operation op = getOperation();
    OpBuilder b(getContext());
    std::string text = static_cast<const std::string &>(tag) + std::to_string(times.getValue());
    if (loud)
      for (auto &c : text)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    op.setAttr("test.tag", b.getStringAttr(text));
    op.setAttr("test.scale", b.getI64IntegerAttr(getContext().getOption<int64_t>("t.scale")));
    // The raw options are there too (also for options without an Option<> member).
    if (getPassOptions().get<int64_t>("times") != times.getValue())
      throw std::logic_error("the options disagree");
  }
};
std::atomic<int> TagPass::runs{0};

struct ThrowingPass : Pass {
  std::string getArgument() const override { return "throws"; }
  void runOnOperation() override { throw std::runtime_error("boom from C++"); }
};

struct FailingPass : Pass {
  std::string getArgument() const override { return "fails"; }
  void runOnOperation() override {
    getOperation().emitError() << "cannot do this";
    signalPassFailure();
  }
};

} // namespace

TEST(a_cxx_pass_mutates_ir_with_its_options_and_scoped_context_options) {
  auto ctx = makeContext();
  ctx.declareOption<int64_t>("t.scale", 1);
  registerPass<TagPass>(ctx);
  auto module = parseSourceString(kTwoFuncs, ctx, "two.mlir");
  PassManager pm(ctx, "builtin.module(func.func(tag-funcs{tag=hi times=4}))");
  TagPass::runs = 0;
  {
    OptionScope scope(ctx, {{"t.scale", 8}});
    pm.run(module->getOperation());
  }
  EXPECT_EQ(TagPass::runs.load(), 2);
  std::string text = module->getOperation().str();
  EXPECT_EQ(count(text, "test.tag = \"hi4\""), 2u);
  EXPECT_EQ(count(text, "test.scale = 8 : i64"), 2u);
  // Defaults apply when the pipeline sets nothing; the context's own value without a scope.
  PassManager defaults(ctx, "builtin.module(func.func(tag-funcs{loud=true}))");
  defaults.run(module->getOperation());
  text = module->getOperation().str();
  EXPECT_EQ(count(text, "test.tag = \"X1\""), 2u);
  EXPECT_EQ(count(text, "test.scale = 1 : i64"), 2u);
  module->getOperation().verify();

  // The registration: info from an instance; taken arguments and unknown options refused.
  PassInfo info = TagPass().getPassInfo();
  EXPECT_EQ(info.argument, "tag-funcs");
  EXPECT_EQ(info.options.size(), 3u);
  if (info.options.size() == 3) {
    EXPECT(info.options[1].kind == OptionKind::Int);
    EXPECT_EQ(info.options[1].defaultValue, "1");
  }
  EXPECT_ERROR(registerPass<TagPass>(ctx), OMNIR_ERROR_ALREADY_EXISTS, e, (void)e);
  ++harness::checks();
  try {
    PassManager bad(ctx, "builtin.module(func.func(tag-funcs{colour=red}))");
    harness::fail(__FILE__, __LINE__, "an unknown pass option was accepted");
  } catch (const Error &e) {
    EXPECT_CONTAINS(e.message(), "colour");
  }
  // Passes are per context.
  auto other = makeContext();
  ++harness::checks();
  try {
    PassManager elsewhere(other, "builtin.module(tag-funcs)");
    harness::fail(__FILE__, __LINE__, "a pass of another context was found");
  } catch (const Error &e) {
    EXPECT_CONTAINS(e.message(), "tag-funcs");
  }
}

TEST(a_pass_written_as_a_function) {
  auto ctx = makeContext();
  PassInfo info{"count-ops", "CountOps", "counts the ops nested in each op",
                {OptionDecl::of("attr", std::string("n")), OptionDecl::of("scale", 1.5)}};
  registerPass(ctx, info, [](Operation op, const PassOptions &options) {
    int64_t n = 0;
    op.walk([&](Operation) { ++n; });
    OpBuilder b(op.getContext());
    op.setAttr(options.get<std::string>("attr"),
               b.getF64FloatAttr(static_cast<double>(n - 1) * options.get<double>("scale")));
  });
  auto module = parseSourceString(kTwoFuncs, ctx);
  PassManager pm(ctx, "builtin.module(count-ops{attr=total scale=2.0})");
  pm.run(module->getOperation());
  std::string text = module->getOperation().str();
  // 2 funcs + 4 ops in a + 1 in b = 7 nested ops.
  EXPECT_CONTAINS(text, "total = 1.400000e+01 : f64");
}

TEST(a_throwing_pass_fails_the_run_with_a_clean_exception) {
  auto ctx = makeContext();
  registerPass<ThrowingPass>(ctx);
  registerPass<FailingPass>(ctx);
  registerPass(ctx, PassInfo{"omnir-error", "", "", {}}, [](Operation op, const PassOptions &) {
    (void)op.getOperand(99); // throws omnir::Error (out of range) inside the pass
  });
  auto module = parseSourceString(kTwoFuncs, ctx);
  const std::string before = module->getOperation().str();

  PassManager throws(ctx, "builtin.module(throws)");
  EXPECT_ERROR(throws.run(module->getOperation()), OMNIR_ERROR_CALLBACK_FAILED, e,
               EXPECT_CONTAINS(e.message(), "boom from C++"));
  PassManager omnirError(ctx, "builtin.module(omnir-error)");
  EXPECT_ERROR(omnirError.run(module->getOperation()), OMNIR_ERROR_CALLBACK_FAILED, e,
               EXPECT_CONTAINS(e.message(), "OMNIR_ERROR_OUT_OF_RANGE"));
  // signalPassFailure(): the reason went to the handlers, the run names the pass.
  std::vector<std::string> seen;
  uint64_t handler = 0;
  auto collect = [](void *userData, omnir_context *, const omnir_diagnostic *d) -> bool {
    const char *data = nullptr;
    size_t len = 0;
    (void)omnir_diagnostic_get_message(d, &data, &len);
    static_cast<std::vector<std::string> *>(userData)->push_back(std::string(data, len));
    return true;
  };
  check(omnir_context_attach_diagnostic_handler(ctx, collect, &seen, nullptr, &handler));
  PassManager fails(ctx, "builtin.module(fails)");
  EXPECT_ERROR(fails.run(module->getOperation()), OMNIR_ERROR_CALLBACK_FAILED, e,
               EXPECT_CONTAINS(e.message(), "fails"));
  check(omnir_context_detach_diagnostic_handler(ctx, handler));
  EXPECT_EQ(seen.size(), 1u);
  if (!seen.empty())
    EXPECT_EQ(seen[0], "cannot do this");
  // Nothing changed, and the context keeps working.
  EXPECT_EQ(module->getOperation().str(), before);
  PassManager cse(ctx, "builtin.module(cse)");
  cse.run(module->getOperation());
}

//===----------------------------------------------------------------------===//
// Rewrite patterns
//===----------------------------------------------------------------------===//

namespace {

/// `test.c` ops whose result is unused go away (MLIR-style class).
struct EraseUnusedConstants : RewritePattern {
  EraseUnusedConstants() : RewritePattern("test.c", 1) {}
  LogicalResult matchAndRewrite(Operation op, PatternRewriter &rewriter) const override {
    for (const auto &r : op.getResults())
      if (!r.use_empty())
        return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// `test.twice`, as an op class for OpRewritePattern.
class TwiceOp : public OpState {
public:
  using OpState::OpState;
  static constexpr const char *getOperationName() { return "test.twice"; }
};

/// `test.twice(x)` -> `test.add(x, x)`.
struct ExpandTwice : OpRewritePattern<TwiceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TwiceOp op, PatternRewriter &rewriter) const override {
    Operation o = op.getOperation();
    OperationState state(o.getLoc(), "test.add");
    state.addOperands({o.getOperand(0), o.getOperand(0)});
    state.addTypes(o.getResultTypes());
    rewriter.replaceOp(o, rewriter.create(state));
    return success();
  }
};

} // namespace

TEST(patterns_drive_canonicalize) {
  auto ctx = makeContext();
  registerRewritePattern<EraseUnusedConstants>(ctx);
  registerRewritePattern<ExpandTwice>(ctx, 2);
  // A function pattern: drops a `test.drop` attribute (in place).
  int calls = 0;
  registerRewritePattern(ctx, "drop-attr", "", 1, [&calls](Operation op) {
    ++calls;
    return op.removeAttr("test.drop");
  });
  const char *text = R"("builtin.module"() ({
  %0 = "test.c"() : () -> i32
  %1 = "test.c"() {test.drop} : () -> i32
  %2 = "test.twice"(%1) : (i32) -> i32
  "test.use"(%2) {test.drop = 1 : i32} : (i32) -> ()
}) : () -> ()
)";
  auto module = parseSourceString(text, ctx);
  PassManager pm(ctx, "builtin.module(canonicalize)");
  pm.run(module->getOperation());
  std::string out = module->getOperation().str();
  EXPECT_EQ(count(out, "\"test.c\""), 1u);
  EXPECT_EQ(count(out, "test.twice"), 0u);
  EXPECT_CONTAINS(out, "\"test.add\"(%0, %0)");
  EXPECT_EQ(count(out, "test.drop"), 0u);
  EXPECT(calls > 0);
  module->getOperation().verify();

  // Names are unique per context; a throwing pattern fails the run with its message.
  EXPECT_ERROR(registerRewritePattern(ctx, "drop-attr", "", 1, [](Operation) { return false; }),
               OMNIR_ERROR_ALREADY_EXISTS, e, (void)e);
  auto other = makeContext();
  registerRewritePattern(other, "explode", "test.use", 1,
                         [](Operation) -> bool { throw std::runtime_error("pattern exploded"); });
  auto m2 = parseSourceString(text, other);
  PassManager pm2(other, "builtin.module(canonicalize)");
  EXPECT_ERROR(pm2.run(m2->getOperation()), OMNIR_ERROR_CALLBACK_FAILED, e,
               EXPECT_CONTAINS(e.message(), "pattern exploded"));
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

TEST(pipelines_print_round_trip_time_and_dump) {
  auto ctx = makeContext();
  registerPass<TagPass>(ctx);
  ctx.declareOption<int64_t>("t.scale", 1);
  const char *pipeline =
      "builtin.module(func.func(tag-funcs{tag=hi times=4},cse),canonicalize{max-iterations=3},strip-debuginfo)";
  PassManager pm(ctx, pipeline);
  std::string printed = pm.str();
  EXPECT_CONTAINS(printed, "tag-funcs{");
  EXPECT_CONTAINS(printed, "tag=hi");
  EXPECT_CONTAINS(printed, "times=4");
  EXPECT_EQ(PassManager::parse(ctx, printed).str(), printed);
  std::ostringstream os;
  os << pm;
  EXPECT_EQ(os.str(), printed);

  pm.enableVerifier(true);
  pm.enableMultithreading(false);
  pm.enableTiming();
  IRPrintingConfig printing;
  printing.after = {"tag-funcs"};
  pm.enableIRPrinting(printing);
  auto module = parseSourceString(kTwoFuncs, ctx);
  pm.run(module->getOperation());
  std::string dumps = pm.takeOutput();
  EXPECT_CONTAINS(dumps, "IR Dump After");
  EXPECT_CONTAINS(dumps, "test.tag");
  EXPECT_EQ(pm.takeOutput(), "");
  EXPECT_CONTAINS(pm.getTimingReport(), "TagFuncs");
  EXPECT_CONTAINS(pm.getTimingReport(true), "TagFuncs");

  // Move-only RAII: the moved-to manager runs; the moved-from one refuses clearly.
  PassManager moved(std::move(pm));
  moved.run(module->getOperation());
  EXPECT_ERROR(pm.run(module->getOperation()), OMNIR_ERROR_NULL_ARGUMENT, e, (void)e);
  pm = PassManager::parse(ctx, "builtin.module(cse)");
  EXPECT_EQ(pm.str(), PassManager(ctx, pm.str()).str());

  // A bad pipeline points at the problem.
  ++harness::checks();
  try {
    PassManager bad(ctx, "builtin.module(no-such-pass)");
    harness::fail(__FILE__, __LINE__, "an unknown pass was accepted");
  } catch (const Error &e) {
    EXPECT_CONTAINS(e.message(), "no-such-pass");
    EXPECT_CONTAINS(e.message(), "pass pipeline:1:");
  }
}

int main(int argc, char **argv) { return harness::run(argc, argv); }
