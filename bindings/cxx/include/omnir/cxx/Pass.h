// omnir C++ API: passes, rewrite patterns and pass pipelines, in MLIR's style.
//
//   struct TagPass : omnir::Pass {                             // MLIR's PassWrapper + Option<>
//     Option<int64_t> times{*this, "times", "how many", 1};
//     std::string getArgument() const override { return "tag-ops"; }
//     void runOnOperation() override {
//       getOperation().setAttr("n", omnir::OpBuilder(getContext()).getI64IntegerAttr(times));
//     }
//   };
//   omnir::registerPass<TagPass>(ctx);                         // per context, not global
//
//   struct FoldTwice : omnir::RewritePattern {                 // used by `canonicalize`
//     FoldTwice() : RewritePattern("t.twice", /*benefit=*/1) {}
//     omnir::LogicalResult matchAndRewrite(omnir::Operation op, omnir::PatternRewriter &r) const override;
//   };
//   omnir::registerRewritePattern<FoldTwice>(ctx);
//
//   omnir::PassManager pm(ctx, "builtin.module(tag-ops{times=3},canonicalize)");
//   pm.enableTiming();
//   pm.run(module->getOperation());                            // throws omnir::Error on failure
//
// Passes and patterns can also be plain functions: registerPass(ctx, PassInfo{...}, fn) and
// registerRewritePattern(ctx, name, root, benefit, fn).
//
// Everything lives in the context: registering a pass or pattern in one context does not
// make it visible in another. Passes and patterns run on the thread that calls
// PassManager::run, with the context lent to them: they change IR through the ordinary API.
// A C++ exception thrown by a pass or pattern never crosses into omnir: it fails the run,
// and PassManager::run throws omnir::Error whose message carries the exception's what().
// The objects behind passes and patterns are owned by the context (freed when it is
// destroyed): a library registering them must stay loaded while the context lives.
//
// SPDX-License-Identifier: Apache-2.0
#ifndef OMNIR_CXX_PASS_H
#define OMNIR_CXX_PASS_H

#include <omnir/cxx/IR.h>

#include <memory>

namespace omnir {

//===----------------------------------------------------------------------===//
// PassOptions, PassInfo
//===----------------------------------------------------------------------===//

/// The option values of the pass instance being run (explicit in the pipeline, else the
/// declared default). Valid only while the pass runs.
class OMNIR_CXX_API PassOptions {
public:
  explicit PassOptions(const omnir_pass_options *raw) : raw_(raw) {}

  /// The value of `name` in textual form (`3`, `true`, `a,b`).
  std::string getText(std::string_view name) const;
  bool getBool(std::string_view name) const;
  int64_t getInt(std::string_view name) const;
  double getFloat(std::string_view name) const;

  /// The value as `T`: bool, an integer type, a floating-point type or std::string.
  template <typename T>
  T get(std::string_view name) const {
    if constexpr (std::is_same<T, bool>::value)
      return getBool(name);
    else if constexpr (std::is_integral<T>::value)
      return detail::narrowOption<T>(name, getInt(name));
    else if constexpr (std::is_floating_point<T>::value)
      return static_cast<T>(getFloat(name));
    else if constexpr (std::is_same<T, std::string>::value)
      return getText(name);
    else
      static_assert(detail::AlwaysFalse<T>::value, "PassOptions::get<T>: T is bool, an integer, a float or a string");
  }

  const omnir_pass_options *get() const { return raw_; }

private:
  const omnir_pass_options *raw_;
};

/// How a pass is registered: `argument` names it in pipelines (`my-pass`), `name` in timing
/// reports and IR dumps (empty: the argument); `options` are what the pipeline may set
/// (`my-pass{threshold=3}`).
struct PassInfo {
  std::string argument;
  std::string name;
  std::string description;
  std::vector<OptionDecl> options;
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

class Pass;

namespace detail {
/// The type-independent part of Pass::Option<T>.
class OMNIR_CXX_API PassOptionBase {
public:
  PassOptionBase(const PassOptionBase &) = delete;
  PassOptionBase &operator=(const PassOptionBase &) = delete;
  virtual ~PassOptionBase();
  const OptionDecl &getDecl() const { return decl_; }
  /// Reads this option's value for the run about to start.
  virtual void load(const PassOptions &options) = 0;

protected:
  PassOptionBase(Pass &parent, OptionDecl decl);
  OptionDecl decl_;
};

struct PassAccess;
} // namespace detail

/// A pass, in MLIR's style: derive from it, override getArgument() and runOnOperation(),
/// declare options as `Option<T>` members, and register the class with
/// `omnir::registerPass<MyPass>(ctx)`. One instance is made (default-constructed) for every
/// operation the pass runs on, so members start fresh each time; runOnOperation() changes
/// getOperation() and what is nested in it. To fail, call signalPassFailure() (report the
/// reason with getOperation().emitError() first) or throw: the exception's what() becomes
/// the run's error message.
class OMNIR_CXX_API Pass {
public:
  template <typename T>
  class Option;

  Pass(const Pass &) = delete;
  Pass &operator=(const Pass &) = delete;
  virtual ~Pass();

  /// The name in pipelines (`my-pass`).
  virtual std::string getArgument() const = 0;
  /// The name in reports (empty: the argument).
  virtual std::string getName() const { return {}; }
  virtual std::string getDescription() const { return {}; }
  /// The work on one operation (the pipeline's anchor: a module, or each `func.func`...).
  virtual void runOnOperation() = 0;

  /// The declarations of its Option<> members, in declaration order.
  std::vector<OptionDecl> getOptionDecls() const;
  /// getArgument(), getName(), getDescription() and getOptionDecls() together.
  PassInfo getPassInfo() const;

protected:
  Pass() = default;
  /// The operation being run on.
  Operation getOperation() const { return op_; }
  Context getContext() const { return op_.getContext(); }
  /// Every option of this run, by name (also those not declared as Option<> members).
  const PassOptions &getPassOptions() const;
  /// Marks the run failed (the pass manager reports `pass '...' failed`).
  void signalPassFailure() { failed_ = true; }

private:
  friend class detail::PassOptionBase;
  friend struct detail::PassAccess;
  std::vector<detail::PassOptionBase *> options_;
  Operation op_;
  const PassOptions *passOptions_ = nullptr;
  bool failed_ = false;
};

/// An option of a pass (MLIR's Pass::Option): `Option<int64_t> n{*this, "n", "help", 3};`
/// declares `n` (its kind follows T: bool, an integer type, a floating-point type or
/// std::string) and holds its value during the run: read it as a `T`.
template <typename T>
class Pass::Option : public detail::PassOptionBase {
public:
  Option(Pass &parent, std::string name, std::string help, T defaultValue = T())
      : PassOptionBase(parent, OptionDecl::of(std::move(name), defaultValue, std::move(help))),
        value_(std::move(defaultValue)) {}
  const T &getValue() const { return value_; }
  operator const T &() const { return value_; } // NOLINT: read like the value, as MLIR's
  void load(const PassOptions &options) override { value_ = options.get<T>(decl_.name); }

private:
  T value_;
};

/// Makes a new instance of a pass for each run.
using PassAllocatorFunction = std::function<std::unique_ptr<Pass>()>;

/// Registers a pass in `ctx`: `info` says how pipelines name it and which options they may
/// set; `allocate` makes an instance for each operation it runs on. A taken argument throws
/// (OMNIR_ERROR_ALREADY_EXISTS).
OMNIR_CXX_API void registerPass(Context ctx, const PassInfo &info, PassAllocatorFunction allocate);

/// Registers a pass written as a function of the operation and the run's options.
OMNIR_CXX_API void registerPass(Context ctx, const PassInfo &info,
                                std::function<void(Operation, const PassOptions &)> run);

/// Registers the pass class `PassT` (default-constructible); its info comes from an
/// instance (MLIR's PassRegistration<PassT>).
template <typename PassT>
void registerPass(Context ctx) {
  static_assert(std::is_base_of<Pass, PassT>::value, "registerPass<PassT>: PassT derives from omnir::Pass");
  PassInfo info = PassT().getPassInfo();
  registerPass(ctx, info, PassAllocatorFunction([]() -> std::unique_ptr<Pass> { return std::make_unique<PassT>(); }));
}

/// The size of the context's pool for built-in passes (0: one thread per core).
inline void setPassThreads(Context ctx, size_t threads) { check(omnir_context_set_pass_threads(ctx, threads)); }

//===----------------------------------------------------------------------===//
// Rewrite patterns
//===----------------------------------------------------------------------===//

/// What a pattern rewrites with (MLIR's PatternRewriter): an OpBuilder whose insertion
/// point starts before the matched operation, and MLIR's replace / erase helpers. Every
/// change goes through omnir's API at once.
class PatternRewriter : public OpBuilder {
public:
  explicit PatternRewriter(Context ctx) : OpBuilder(ctx) {}

  /// Replaces every use of `op`'s results by `values` (one per result), then erases `op`.
  void replaceOp(Operation op, const std::vector<Value> &values) {
    if (values.size() != op.getNumResults())
      throw Error(OMNIR_ERROR_INVALID_ARGUMENT, "replaceOp: " + std::to_string(values.size()) +
                                                    " values for the " + std::to_string(op.getNumResults()) +
                                                    " results of '" + op.getName() + "'");
    for (unsigned i = 0; i < values.size(); ++i)
      op.getResult(i).replaceAllUsesWith(values[i]);
    eraseOp(op);
  }
  /// Replaces `op` by `newOp` (its results, one for one).
  void replaceOp(Operation op, Operation newOp) { replaceOp(op, newOp.getResults()); }
  /// Creates an `OpT` before `op` and replaces `op` by it.
  template <typename OpT, typename... Args>
  OpT replaceOpWithNewOp(Operation op, Args &&...args) {
    setInsertionPoint(op);
    OpT created = create<OpT>(op.getLoc(), std::forward<Args>(args)...);
    replaceOp(op, created.getOperation());
    return created;
  }
  /// Erases an operation whose results are unused.
  void eraseOp(Operation op) { op.erase(); }
  void replaceAllUsesWith(Value from, Value to) { from.replaceAllUsesWith(to); }
  /// Changes `op` in place through `fn` (omnir needs no notification; kept for MLIR code).
  template <typename Fn>
  void modifyOpInPlace(Operation op, Fn &&fn) {
    (void)op;
    fn();
  }
};

/// A rewrite pattern applied by the `canonicalize` pass (MLIR's RewritePattern): on ops
/// named `rootName` (empty: every op), higher `benefit` first. matchAndRewrite() returns
/// success after rewriting, failure without changing anything.
class OMNIR_CXX_API RewritePattern {
public:
  RewritePattern(std::string_view rootName, uint16_t benefit) : root_(rootName), benefit_(benefit) {}
  RewritePattern(const RewritePattern &) = delete;
  RewritePattern &operator=(const RewritePattern &) = delete;
  virtual ~RewritePattern();

  virtual LogicalResult matchAndRewrite(Operation op, PatternRewriter &rewriter) const = 0;

  const std::string &getRootKind() const { return root_; }
  uint16_t getBenefit() const { return benefit_; }
  /// The unique name the context knows it by (`enable-patterns` / `disable-patterns` of
  /// canonicalize select by it); registerRewritePattern<P> uses P's type name when empty.
  const std::string &getDebugName() const { return debugName_; }
  void setDebugName(std::string name) { debugName_ = std::move(name); }

private:
  std::string root_;
  uint16_t benefit_;
  std::string debugName_;
};

/// A pattern on one op class (MLIR's OpRewritePattern<OpT>).
template <typename OpT>
class OpRewritePattern : public RewritePattern {
public:
  explicit OpRewritePattern(uint16_t benefit = 1) : RewritePattern(OpT::getOperationName(), benefit) {}
  virtual LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const = 0;
  LogicalResult matchAndRewrite(Operation op, PatternRewriter &rewriter) const final {
    return matchAndRewrite(OpT(op), rewriter);
  }
};

/// Registers a pattern in `ctx` (the context owns it from now on). Its debug name must be
/// unique in the context (OMNIR_ERROR_ALREADY_EXISTS otherwise).
OMNIR_CXX_API void registerRewritePattern(Context ctx, std::unique_ptr<RewritePattern> pattern);

/// Registers a pattern written as a function: it returns true after rewriting `op` through
/// the ordinary API, false (changing nothing) when it does not apply. `root` empty: every op.
OMNIR_CXX_API void registerRewritePattern(Context ctx, std::string_view name, std::string_view root,
                                          uint16_t benefit, std::function<bool(Operation)> rewrite);

/// Registers a `PatternT` made from `args`; its debug name defaults to its type's name.
template <typename PatternT, typename... Args>
void registerRewritePattern(Context ctx, Args &&...args) {
  auto pattern = std::make_unique<PatternT>(std::forward<Args>(args)...);
  if (pattern->getDebugName().empty())
    pattern->setDebugName(typeid(PatternT).name());
  registerRewritePattern(ctx, std::unique_ptr<RewritePattern>(std::move(pattern)));
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

/// Which passes to print the IR around (MLIR's `--mlir-print-ir-*`): pass arguments in
/// `before` / `after`, or every pass.
struct IRPrintingConfig {
  std::vector<std::string> before;
  std::vector<std::string> after;
  bool beforeAll = false;
  bool afterAll = false;
  bool afterFailure = false;
  /// Print the whole module rather than the operation the pass ran on.
  bool moduleScope = false;
  omnir_print_flags flags = omnir_print_flags_default();
};

/// A pipeline parsed from MLIR's textual syntax (`builtin.module(func.func(cse),canonicalize)`)
/// against the passes registered in its context, with its run settings. Owns the underlying
/// omnir_pass_manager (destroyed with it); move-only. Every failure throws omnir::Error.
class OMNIR_CXX_API PassManager {
public:
  /// Parses `pipeline`; a bad one throws (OMNIR_ERROR_PARSE_FAILED... with MLIR's
  /// `pass pipeline:1:COL: error: ...` message pointing at the problem).
  PassManager(Context ctx, std::string_view pipeline);
  static PassManager parse(Context ctx, std::string_view pipeline) { return PassManager(ctx, pipeline); }
  PassManager(PassManager &&o) noexcept;
  PassManager &operator=(PassManager &&o) noexcept;
  PassManager(const PassManager &) = delete;
  PassManager &operator=(const PassManager &) = delete;
  ~PassManager();

  Context getContext() const { return ctx_; }
  omnir_pass_manager *get() const { return pm_; }

  /// Verify the IR after each pass (on by default).
  void enableVerifier(bool enabled = true);
  /// Use the context's pool for built-in passes (on by default; same output either way).
  void enableMultithreading(bool enabled = true);
  /// Record wall time per pass (read with getTimingReport()).
  void enableTiming(bool enabled = true);
  /// Print the IR around passes (read with takeOutput()).
  void enableIRPrinting(const IRPrintingConfig &config = IRPrintingConfig{});

  /// Runs the pipeline on `op` (usually a module). A failing pass, a C++ exception thrown
  /// by one, or IR that fails to verify after a pass throws omnir::Error naming the pass.
  void run(Operation op);

  /// MLIR's `--mlir-timing` report of the last run (tree, or list form).
  std::string getTimingReport(bool list = false) const;
  /// The IR dumps collected since the last call.
  std::string takeOutput();
  /// The pipeline in canonical textual form (parsing it gives the same pipeline).
  std::string str() const;

private:
  Context ctx_;
  omnir_pass_manager *pm_ = nullptr;
};

inline std::ostream &operator<<(std::ostream &os, const PassManager &pm) { return os << pm.str(); }

} // namespace omnir

#endif // OMNIR_CXX_PASS_H
