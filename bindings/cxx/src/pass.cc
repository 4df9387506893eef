// Passes, rewrite patterns and the pass manager: the trampolines that run C++ passes and
// patterns as omnir callbacks (exceptions become failure messages; nothing unwinds into
// omnir), and the RAII PassManager over omnir_pass_manager.
#include "bridge_internal.h"

#include <omnir/cxx/Pass.h>

namespace omnir {

namespace detail {
/// What the trampolines need of Pass's private state.
struct PassAccess {
  static void load(Pass &pass, Operation op, const PassOptions &options) {
    for (auto *o : pass.options_)
      o->load(options);
    pass.op_ = op;
    pass.passOptions_ = &options;
    pass.failed_ = false;
  }
  static bool failed(const Pass &pass) { return pass.failed_; }
  static void unload(Pass &pass) { pass.passOptions_ = nullptr; }
};
} // namespace detail

namespace {

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

struct PassEntry {
  PassAllocatorFunction allocate;
};

uint32_t passRun(void *userData, omnir_context *ctx, omnir_op op, const omnir_pass_options *raw,
                 omnir_callback_message *message) {
  try {
    std::unique_ptr<Pass> pass = static_cast<const PassEntry *>(userData)->allocate();
    if (!pass)
      throw Error(OMNIR_ERROR_INTERNAL, "the pass allocator returned no pass");
    PassOptions options(raw);
    detail::PassAccess::load(*pass, Operation(Context(ctx), op), options);
    pass->runOnOperation();
    detail::PassAccess::unload(*pass);
    // No message on signalPassFailure(): omnir then says which pass failed, and the reason
    // went to the context's handlers (MLIR's emitError + signalPassFailure).
    return detail::PassAccess::failed(*pass) ? OMNIR_ERROR_CALLBACK_FAILED : OMNIR_OK;
  } catch (...) {
    internal::setCallbackMessage(message, internal::describeCurrentException());
    return OMNIR_ERROR_CALLBACK_FAILED;
  }
}

void freePassEntry(void *userData) { delete static_cast<PassEntry *>(userData); }

/// A pass written as a function (registerPass(ctx, info, fn)).
class FunctionPass final : public Pass {
public:
  FunctionPass(std::shared_ptr<const PassInfo> info,
               std::shared_ptr<const std::function<void(Operation, const PassOptions &)>> run)
      : info_(std::move(info)), run_(std::move(run)) {}
  std::string getArgument() const override { return info_->argument; }
  std::string getName() const override { return info_->name; }
  std::string getDescription() const override { return info_->description; }
  void runOnOperation() override { (*run_)(getOperation(), getPassOptions()); }

private:
  std::shared_ptr<const PassInfo> info_;
  std::shared_ptr<const std::function<void(Operation, const PassOptions &)>> run_;
};

//===----------------------------------------------------------------------===//
// Rewrite patterns
//===----------------------------------------------------------------------===//

uint32_t patternRun(void *userData, omnir_context *ctx, omnir_op op, bool *applied,
                    omnir_callback_message *message) {
  try {
    const auto *pattern = static_cast<const RewritePattern *>(userData);
    Operation operation(Context(ctx), op);
    PatternRewriter rewriter{Context(ctx)};
    rewriter.setInsertionPoint(operation);
    *applied = succeeded(pattern->matchAndRewrite(operation, rewriter));
    return OMNIR_OK;
  } catch (...) {
    internal::setCallbackMessage(message, internal::describeCurrentException());
    return OMNIR_ERROR_CALLBACK_FAILED;
  }
}

void freePattern(void *userData) { delete static_cast<RewritePattern *>(userData); }

/// A pattern written as a function (registerRewritePattern(ctx, name, root, benefit, fn)).
class FunctionPattern final : public RewritePattern {
public:
  FunctionPattern(std::string_view root, uint16_t benefit, std::function<bool(Operation)> fn)
      : RewritePattern(root, benefit), fn_(std::move(fn)) {}
  LogicalResult matchAndRewrite(Operation op, PatternRewriter &) const override { return success(fn_(op)); }

private:
  std::function<bool(Operation)> fn_;
};

} // namespace

//===----------------------------------------------------------------------===//
// PassOptions, Pass
//===----------------------------------------------------------------------===//

std::string PassOptions::getText(std::string_view name) const {
  omnir_string s{};
  check(omnir_pass_options_get(raw_, name.data(), name.size(), &s));
  return detail::takeString(s);
}

static Error notA(std::string_view name, const std::string &text, const char *kind) {
  return Error(OMNIR_ERROR_INVALID_ARGUMENT, "option '" + std::string(name) + "' is not " + kind + ": '" + text + "'");
}

bool PassOptions::getBool(std::string_view name) const {
  std::string text = getText(name);
  bool out = false;
  if (!bridge::parse_option_bool(rust::Str(text.data(), text.size()), out))
    throw notA(name, text, "a bool");
  return out;
}

int64_t PassOptions::getInt(std::string_view name) const {
  std::string text = getText(name);
  int64_t out = 0;
  if (!bridge::parse_option_int(rust::Str(text.data(), text.size()), out))
    throw notA(name, text, "an int");
  return out;
}

double PassOptions::getFloat(std::string_view name) const {
  std::string text = getText(name);
  double out = 0;
  if (!bridge::parse_option_float(rust::Str(text.data(), text.size()), out))
    throw notA(name, text, "a float");
  return out;
}

detail::PassOptionBase::PassOptionBase(Pass &parent, OptionDecl decl) : decl_(std::move(decl)) {
  parent.options_.push_back(this);
}

detail::PassOptionBase::~PassOptionBase() = default;

Pass::~Pass() = default;

std::vector<OptionDecl> Pass::getOptionDecls() const {
  std::vector<OptionDecl> out;
  out.reserve(options_.size());
  for (const auto *o : options_)
    out.push_back(o->getDecl());
  return out;
}

PassInfo Pass::getPassInfo() const { return PassInfo{getArgument(), getName(), getDescription(), getOptionDecls()}; }

const PassOptions &Pass::getPassOptions() const {
  if (!passOptions_)
    throw Error(OMNIR_ERROR_INVALID_ARGUMENT, "the options of a pass exist only while it runs");
  return *passOptions_;
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void registerPass(Context ctx, const PassInfo &info, PassAllocatorFunction allocate) {
  if (!allocate)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "registerPass: no pass allocator");
  detail::RawOptionDecls decls(info.options);
  auto entry = std::make_unique<PassEntry>(PassEntry{std::move(allocate)});
  omnir_pass_registration r{};
  r.argument = omnir_string_view{info.argument.data(), info.argument.size()};
  r.name = omnir_string_view{info.name.data(), info.name.size()};
  r.description = omnir_string_view{info.description.data(), info.description.size()};
  r.options = decls.data();
  r.num_options = decls.size();
  r.run = &passRun;
  r.user_data = entry.get();
  r.free_user_data = &freePassEntry;
  // On failure nothing was registered and the entry is still ours (freed by unique_ptr).
  check(omnir_pass_register(ctx, &r));
  entry.release();
}

void registerPass(Context ctx, const PassInfo &info, std::function<void(Operation, const PassOptions &)> run) {
  if (!run)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "registerPass: no pass function");
  auto shared = std::make_shared<const PassInfo>(info);
  auto fn = std::make_shared<const std::function<void(Operation, const PassOptions &)>>(std::move(run));
  registerPass(ctx, info, PassAllocatorFunction([shared, fn]() -> std::unique_ptr<Pass> {
                 return std::make_unique<FunctionPass>(shared, fn);
               }));
}

RewritePattern::~RewritePattern() = default;

void registerRewritePattern(Context ctx, std::unique_ptr<RewritePattern> pattern) {
  if (!pattern)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "registerRewritePattern: no pattern");
  const std::string &name = pattern->getDebugName();
  const std::string &root = pattern->getRootKind();
  // On failure the pattern is still ours (freed by unique_ptr).
  check(omnir_rewrite_pattern_register(ctx, name.data(), name.size(), root.data(), root.size(),
                                       pattern->getBenefit(), &patternRun, pattern.get(), &freePattern));
  pattern.release();
}

void registerRewritePattern(Context ctx, std::string_view name, std::string_view root, uint16_t benefit,
                            std::function<bool(Operation)> rewrite) {
  if (!rewrite)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "registerRewritePattern: no pattern function");
  auto pattern = std::make_unique<FunctionPattern>(root, benefit, std::move(rewrite));
  pattern->setDebugName(std::string(name));
  registerRewritePattern(ctx, std::unique_ptr<RewritePattern>(std::move(pattern)));
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

PassManager::PassManager(Context ctx, std::string_view pipeline) : ctx_(ctx) {
  check(omnir_pass_manager_parse(ctx, pipeline.data(), pipeline.size(), &pm_));
}

PassManager::PassManager(PassManager &&o) noexcept : ctx_(o.ctx_), pm_(std::exchange(o.pm_, nullptr)) {}

PassManager &PassManager::operator=(PassManager &&o) noexcept {
  if (this != &o) {
    (void)omnir_pass_manager_destroy(pm_);
    ctx_ = o.ctx_;
    pm_ = std::exchange(o.pm_, nullptr);
  }
  return *this;
}

PassManager::~PassManager() { (void)omnir_pass_manager_destroy(pm_); }

static omnir_pass_manager *live(omnir_pass_manager *pm) {
  if (!pm)
    throw Error(OMNIR_ERROR_NULL_ARGUMENT, "the pass manager was moved from");
  return pm;
}

void PassManager::enableVerifier(bool enabled) { check(omnir_pass_manager_enable_verifier(live(pm_), enabled)); }

void PassManager::enableMultithreading(bool enabled) {
  check(omnir_pass_manager_enable_multithreading(live(pm_), enabled));
}

void PassManager::enableTiming(bool enabled) { check(omnir_pass_manager_enable_timing(live(pm_), enabled)); }

void PassManager::enableIRPrinting(const IRPrintingConfig &config) {
  std::vector<omnir_string_view> before, after;
  for (const auto &s : config.before)
    before.push_back(omnir_string_view{s.data(), s.size()});
  for (const auto &s : config.after)
    after.push_back(omnir_string_view{s.data(), s.size()});
  omnir_ir_printing raw{};
  raw.before = before.data();
  raw.num_before = before.size();
  raw.after = after.data();
  raw.num_after = after.size();
  raw.before_all = config.beforeAll;
  raw.after_all = config.afterAll;
  raw.after_failure = config.afterFailure;
  raw.module_scope = config.moduleScope;
  raw.flags = config.flags;
  check(omnir_pass_manager_enable_ir_printing(live(pm_), &raw));
}

void PassManager::run(Operation op) { check(omnir_pass_manager_run(ctx_, live(pm_), op)); }

std::string PassManager::getTimingReport(bool list) const {
  omnir_string s{};
  check(omnir_pass_manager_get_timing_report(live(pm_), list, &s));
  return detail::takeString(s);
}

std::string PassManager::takeOutput() {
  omnir_string s{};
  check(omnir_pass_manager_take_output(live(pm_), &s));
  return detail::takeString(s);
}

std::string PassManager::str() const {
  omnir_string s{};
  check(omnir_pass_manager_print(live(pm_), &s));
  return detail::takeString(s);
}

} // namespace omnir
