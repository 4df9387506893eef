import COmnir

// Scoped options, passes, rewrite patterns and the pass manager, over `omnir_option_*`,
// `omnir_pass_*` and `omnir_rewrite_pattern_register` (the same semantics as the Rust
// client's passes.rs).
//
// Option values live in a context; `withOptions` overrides some of them for the calling
// thread while its closure runs, so two threads (or two contexts) never see each other's
// settings. There is deliberately no scope object: Swift may release an object right after
// its last use rather than at the end of the lexical scope, so a guard whose deinit pops
// would pop too early.
//
// Passes and patterns are Swift closures boxed as callbacks the way Dialect.swift boxes
// verifiers (retained once, released by omnir's free_user_data when the context goes; the
// box holds the context weakly). omnir runs them on the thread that called
// `PassManager.run`, with the context lent to them for writing, so they may change IR.

/// The type of an option's values.
public indirect enum OptionType: Hashable {
    /// `true`/`false` (also `1`/`0`, `on`/`off`).
    case bool
    /// A 64-bit signed integer.
    case int
    /// A double.
    case float
    /// Any text.
    case string
    /// One of these case names.
    case enumeration([String])
    /// A comma-separated list of values of a non-list type.
    case list(OptionType)

    var rawKind: omnir_option_kind {
        switch self {
        case .bool: return omnir_option_kind(OMNIR_OPTION_BOOL)
        case .int: return omnir_option_kind(OMNIR_OPTION_INT)
        case .float: return omnir_option_kind(OMNIR_OPTION_FLOAT)
        case .string: return omnir_option_kind(OMNIR_OPTION_STRING)
        case .enumeration: return omnir_option_kind(OMNIR_OPTION_ENUM)
        case .list: return omnir_option_kind(OMNIR_OPTION_LIST)
        }
    }
}

/// An option value, typed by its declaration: what `Context.option(_:)` returns and what
/// `setOption`, `withOptions` and declarations take. Literals convert (`3`, `0.5`, `true`,
/// `"fast"`, `[1, 2]`).
public enum OptionValue: Hashable, CustomStringConvertible, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    case bool(Bool)
    case int(Int)
    case float(Double)
    /// A string, or an enum case name.
    case string(String)
    case list([OptionValue])

    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: OptionValue...) { self = .list(elements) }

    /// The textual form omnir parses (`true`, `3`, `0.5`, `a,b,c`).
    public var text: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        // Swift's shortest round-trip form: the same double comes back.
        case .float(let x): return String(x)
        case .string(let s): return s
        case .list(let items): return items.map(\.text).joined(separator: ",")
        }
    }

    public var description: String { text }

    public var boolValue: Bool? { if case .bool(let v) = self { return v }; return nil }
    public var intValue: Int? { if case .int(let v) = self { return v }; return nil }
    public var doubleValue: Double? { if case .float(let v) = self { return v }; return nil }
    public var stringValue: String? { if case .string(let v) = self { return v }; return nil }
    public var listValue: [OptionValue]? { if case .list(let v) = self { return v }; return nil }

    /// The value of a scalar of `kind` from omnir's textual form.
    static func scalar(_ kind: omnir_option_kind, _ text: String, option name: String) throws -> OptionValue {
        func bad(_ what: String) -> OmnirError { .internalError("option '\(name)': omnir returned '\(text)' for a \(what) option") }
        switch kind {
        case omnir_option_kind(OMNIR_OPTION_BOOL):
            switch text {
            case "true", "1", "on": return .bool(true)
            case "false", "0", "off": return .bool(false)
            default: throw bad("bool")
            }
        case omnir_option_kind(OMNIR_OPTION_INT):
            guard let v = Int(text) else { throw bad("int") }
            return .int(v)
        case omnir_option_kind(OMNIR_OPTION_FLOAT):
            guard let v = Double(text) else { throw bad("float") }
            return .float(v)
        default:
            return .string(text)
        }
    }

    /// The value of an option of kind `kind` (elements `element`) from its textual form.
    static func parse(kind: omnir_option_kind, element: omnir_option_kind, _ text: String, option name: String) throws -> OptionValue {
        guard kind == omnir_option_kind(OMNIR_OPTION_LIST) else { return try scalar(kind, text, option: name) }
        if text.isEmpty { return .list([]) }
        return .list(try text.split(separator: ",", omittingEmptySubsequences: false).map {
            try scalar(element, $0.trimmingSpaces(), option: name)
        })
    }

    static func parse(type: OptionType, _ text: String, option name: String) throws -> OptionValue {
        if case .list(let element) = type {
            return try parse(kind: type.rawKind, element: element.rawKind, text, option: name)
        }
        return try scalar(type.rawKind, text, option: name)
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// A declared option: name, type, default and help. Pass options are declared with these;
/// context options with `Context.declareOption`.
public struct OptionDecl: Hashable {
    public var name: String
    public var type: OptionType
    public var defaultValue: OptionValue
    public var help: String

    public init(_ name: String, type: OptionType, default defaultValue: OptionValue, help: String = "") {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
    }
}

extension CArena {
    func view(_ s: String) -> omnir_string_view {
        let (p, n) = string(s)
        return omnir_string_view(data: p, len: n)
    }

    /// The C declaration; its strings and case arrays live as long as the arena.
    func optionDecl(_ d: OptionDecl) throws -> omnir_option_decl {
        var ty = omnir_option_type()
        ty.kind = d.type.rawKind
        ty.element_kind = omnir_option_kind(OMNIR_OPTION_BOOL)
        var cases: [String] = []
        switch d.type {
        case .enumeration(let c): cases = c
        case .list(.list):
            throw OmnirError.invalidArgument("option '\(d.name)': lists of lists are not supported")
        case .list(let element):
            ty.element_kind = element.rawKind
            if case .enumeration(let c) = element { cases = c }
        default: break
        }
        let views = cases.map(view)
        ty.cases = array(views)
        ty.num_cases = views.count
        return omnir_option_decl(name: view(d.name), ty: ty, default_value: view(d.defaultValue.text), help: view(d.help))
    }
}

// MARK: - context options

extension Context {
    /// Declares an option in this context. The same name with the same type again does
    /// nothing; with another type it throws `.alreadyExists`. A default the type does not
    /// accept throws `.invalidArgument`.
    public func declareOption(_ name: String, type: OptionType, default defaultValue: OptionValue, help: String = "") throws {
        try declareOption(OptionDecl(name, type: type, default: defaultValue, help: help))
    }

    public func declareOption(_ decl: OptionDecl) throws {
        let arena = CArena()
        var raw = try arena.optionDecl(decl)
        try check(omnir_option_declare(self.raw, &raw))
    }

    /// Sets the context's value of option `name` (seen by every thread without an override).
    /// An unknown option, or a value its type does not accept, throws an error naming the
    /// option and what it accepts; nothing changes then.
    public func setOption(_ name: String, _ value: OptionValue) throws {
        try withStr(name) { n, nl in
            try withStr(value.text) { v, vl in try check(omnir_option_set(raw, n, nl, v, vl)) }
        }
    }

    /// Forgets the context's value of option `name`, so its default applies again.
    public func resetOption(_ name: String) throws {
        try withStr(name) { n, nl in try check(omnir_option_reset(raw, n, nl)) }
    }

    /// The value of option `name` as the calling thread sees it (its innermost `withOptions`
    /// override, else the context's value, else the default), typed by the declaration:
    /// `.bool`, `.int`, `.float`, `.string` (also for an enum), `.list`.
    public func option(_ name: String) throws -> OptionValue {
        let (kind, element) = try optionKind(name)
        return try OptionValue.parse(kind: kind, element: element, optionText(name), option: name)
    }

    /// The value of option `name` as the calling thread sees it, in omnir's textual form.
    public func optionText(_ name: String) throws -> String {
        try withStr(name) { n, nl in try stringOut { omnir_option_get(raw, n, nl, $0) } }
    }

    func optionKind(_ name: String) throws -> (omnir_option_kind, omnir_option_kind) {
        var kind = omnir_option_kind(0), element = omnir_option_kind(0)
        try withStr(name) { n, nl in try check(omnir_option_get_kind(raw, n, nl, &kind, &element)) }
        return (kind, element)
    }

    /// Runs `body` with `settings` overriding the context's option values for the calling
    /// thread only (other threads, and other contexts, do not see them), and restores them
    /// afterwards, also when `body` throws. Calls nest: the innermost override wins. Every
    /// value is checked before anything is overridden: a bad one throws and `body` does not
    /// run. The override belongs to the thread: keep `body` synchronous.
    public func withOptions<R>(_ settings: [String: OptionValue], _ body: () throws -> R) throws -> R {
        let arena = CArena()
        // Sorted so that which bad value is reported first does not depend on hashing.
        let cSettings = settings.sorted { $0.key < $1.key }.map {
            omnir_option_setting(name: arena.view($0.key), value: arena.view($0.value.text))
        }
        let scope = try withArr(cSettings) { p, n in try out(UInt64(0)) { omnir_option_push_scope(self.raw, p, n, $0) } }
        // Cannot fail: this thread's innermost scope is the one just pushed (inner calls
        // popped theirs on the way out, also when they threw).
        defer { _ = omnir_option_pop_scope(self.raw, scope) }
        return try body()
    }

    /// Sets the size of the context's thread pool for passes (0: one thread per core).
    public func setPassThreads(_ threads: Int) throws {
        try check(omnir_context_set_pass_threads(raw, threads))
    }
}

// MARK: - passes and rewrite patterns

/// The option values of the pass instance being run: those given in the pipeline
/// (`my-pass{threshold=3}`), else the declared defaults. Only valid while the pass closure
/// that received it runs; afterwards every read throws `.invalidArgument`.
public final class PassOptions {
    fileprivate var raw: OpaquePointer?
    /// The declared types, by name (the C API hands values out as text only).
    public let declarations: [String: OptionType]

    fileprivate init(_ raw: OpaquePointer?, _ declarations: [String: OptionType]) {
        self.raw = raw
        self.declarations = declarations
    }

    /// The value of option `name` in textual form.
    public func text(_ name: String) throws -> String {
        guard let raw else { throw OmnirError.invalidArgument("pass options read after the pass returned (option '\(name)')") }
        return try withStr(name) { n, nl in try stringOut { omnir_pass_options_get(raw, n, nl, $0) } }
    }

    /// The value of option `name`, typed by its declaration.
    public func value(_ name: String) throws -> OptionValue {
        let text = try text(name)
        guard let type = declarations[name] else { return .string(text) }
        return try OptionValue.parse(type: type, text, option: name)
    }

    public subscript(name: String) -> OptionValue {
        get throws { try value(name) }
    }

    public func bool(_ name: String) throws -> Bool { try typed(name, "a bool", \.boolValue) }
    public func int(_ name: String) throws -> Int { try typed(name, "an int", \.intValue) }
    public func double(_ name: String) throws -> Double { try typed(name, "a float", \.doubleValue) }
    public func string(_ name: String) throws -> String { try typed(name, "a string", \.stringValue) }
    public func list(_ name: String) throws -> [OptionValue] { try typed(name, "a list", \.listValue) }

    private func typed<T>(_ name: String, _ what: String, _ get: (OptionValue) -> T?) throws -> T {
        let v = try value(name)
        guard let x = get(v) else { throw OmnirError.invalidArgument("option '\(name)' is not \(what): '\(v.text)'") }
        return x
    }
}

final class PassBox {
    weak var context: Context?
    let declarations: [String: OptionType]
    let body: (Operation, PassOptions) throws -> Void
    init(_ context: Context, _ declarations: [String: OptionType], _ body: @escaping (Operation, PassOptions) throws -> Void) {
        self.context = context
        self.declarations = declarations
        self.body = body
    }
}

final class RewriteBox {
    weak var context: Context?
    let body: (Operation) throws -> Bool
    init(_ context: Context, _ body: @escaping (Operation) throws -> Bool) {
        self.context = context
        self.body = body
    }
}

private let passTrampoline: omnir_pass_run_fn = { userData, _, op, options, message in
    let box = Unmanaged<PassBox>.fromOpaque(userData!).takeUnretainedValue()
    guard let context = box.context else {
        setMessage(message, "the Swift Context of this pass is gone")
        return 1
    }
    let opts = PassOptions(options, box.declarations)
    // The C options die with this call; a PassOptions kept by the closure must not read them.
    defer { opts.raw = nil }
    do {
        try box.body(Operation(handle: op, context: context), opts)
        return 0
    } catch {
        setMessage(message, callbackMessage(error))
        return 1
    }
}

private let rewriteTrampoline: omnir_rewrite_fn = { userData, _, op, applied, message in
    let box = Unmanaged<RewriteBox>.fromOpaque(userData!).takeUnretainedValue()
    guard let context = box.context else {
        setMessage(message, "the Swift Context of this pattern is gone")
        return 1
    }
    do {
        applied?.pointee = try box.body(Operation(handle: op, context: context))
        return 0
    } catch {
        setMessage(message, callbackMessage(error))
        return 1
    }
}

extension Context {
    /// Registers a pass that pipelines parsed in this context can name (`argument`, e.g.
    /// `my-pass{threshold=3}`); `name` is shown in timing reports and IR dumps (empty: the
    /// argument). `run` is called once per anchor operation, on the thread running the
    /// pipeline, and may change that operation and what is nested in it. Throwing from it
    /// fails the run: the error's description is in the `OmnirError` that `run` throws.
    /// A taken argument throws `.alreadyExists` (the first registration stays).
    public func registerPass(argument: String, name: String = "", description: String = "", options: [OptionDecl] = [],
                             run: @escaping (Operation, PassOptions) throws -> Void) throws {
        let arena = CArena()
        let decls = try options.map { try arena.optionDecl($0) }
        var reg = omnir_pass_registration()
        reg.argument = arena.view(argument)
        reg.name = arena.view(name)
        reg.description = arena.view(description)
        reg.options = arena.array(decls)
        reg.num_options = decls.count
        reg.run = passTrampoline
        let types = Dictionary(options.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        reg.user_data = arena.retain(PassBox(self, types, run))
        reg.free_user_data = releaseBox
        try arena.commit(omnir_pass_register(raw, &reg))
    }

    /// Registers a rewrite pattern that `canonicalize` applies (to a fixpoint, with the
    /// built-in folds). `rewrite` is offered each operation named `root` (`nil`: every
    /// operation), patterns with a higher `benefit` first; it returns `true` after rewriting
    /// the operation through the ordinary API, or `false` having changed nothing. A thrown
    /// error fails the run with its description. A taken name throws `.alreadyExists`.
    public func registerRewritePattern(name: String, root: String? = nil, benefit: UInt16 = 1,
                                       rewrite: @escaping (Operation) throws -> Bool) throws {
        let box = Unmanaged.passRetained(RewriteBox(self, rewrite))
        let status = withStr(name) { n, nl in
            withStr(root ?? "") { r, rl in
                omnir_rewrite_pattern_register(raw, n, nl, r, rl, benefit, rewriteTrampoline, box.toOpaque(), releaseBox)
            }
        }
        if status.rawValue != 0 {
            let error = OmnirError.last(status)
            box.release()  // on failure the caller keeps its user data
            throw error
        }
    }
}

// MARK: - the pass manager

/// A pass pipeline parsed from MLIR's textual syntax (`builtin.module(func.func(cse))`),
/// with its run settings (MLIR's `PassManager`). Its `description` is the pipeline in
/// canonical form, which parses back to the same pipeline. It keeps its context alive.
public final class PassManager: CustomStringConvertible {
    public let context: Context
    /// The C pass manager (`omnir_pass_manager *`), valid as long as this object.
    public let raw: OpaquePointer

    /// Parses `pipeline` against the passes registered in `context` (the built-in ones and
    /// those registered with `registerPass`). A bad pipeline throws `.parseFailed` whose
    /// message points at the problem (`pass pipeline:1:COL: error: ...`, the line, a caret)
    /// and names the registered passes for an unknown one.
    public init(parsing pipeline: String, context: Context) throws {
        self.context = context
        raw = try withStr(pipeline) { p, n in
            try out(OpaquePointer?.none) { omnir_pass_manager_parse(context.raw, p, n, $0) }!
        }
    }

    deinit { _ = omnir_pass_manager_destroy(raw) }

    /// Verify the IR after each pass (on by default).
    public func enableVerifier(_ on: Bool = true) throws { try check(omnir_pass_manager_enable_verifier(raw, on)) }

    /// Use the context's thread pool for built-in analyses and verification (on by default;
    /// the output is the same either way). Swift passes always run on the calling thread.
    public func enableMultithreading(_ on: Bool = true) throws {
        try check(omnir_pass_manager_enable_multithreading(raw, on))
    }

    /// Record wall time per pass; read it with `timingReport(list:)` after a run.
    public func enableTiming(_ on: Bool = true) throws { try check(omnir_pass_manager_enable_timing(raw, on)) }

    /// Print the IR around passes (MLIR's `--mlir-print-ir-*`): before/after the passes with
    /// these arguments, or all of them; `afterFailure` prints the IR a failing pass left;
    /// `moduleScope` prints the whole module instead of the pass's anchor. Read the dumps
    /// with `takeOutput()`.
    public func enableIRPrinting(before: [String] = [], after: [String] = [], beforeAll: Bool = false,
                                 afterAll: Bool = false, afterFailure: Bool = false, moduleScope: Bool = false,
                                 flags: PrintFlags = PrintFlags()) throws {
        let arena = CArena()
        let b = before.map(arena.view), a = after.map(arena.view)
        var config = omnir_ir_printing()
        config.before = arena.array(b)
        config.num_before = b.count
        config.after = arena.array(a)
        config.num_after = a.count
        config.before_all = beforeAll
        config.after_all = afterAll
        config.after_failure = afterFailure
        config.module_scope = moduleScope
        config.flags = flags.raw
        try check(omnir_pass_manager_enable_ir_printing(raw, &config))
    }

    /// Runs the pipeline on `op` (usually a module). A failing pass, or IR that fails to
    /// verify after a pass, throws an error whose message names the pass; diagnostics go to
    /// the context's handlers.
    public func run(_ op: Operation) throws {
        try check(omnir_pass_manager_run(context.raw, raw, op.handle))
    }

    public func run(_ module: Module) throws { try run(module.operation) }

    /// MLIR's `--mlir-timing` report of the last run: a tree, or with `list` a flat list.
    public func timingReport(list: Bool = false) throws -> String {
        try stringOut { omnir_pass_manager_get_timing_report(raw, list, $0) }
    }

    /// The IR dumps collected since the last call (empty if none).
    public func takeOutput() throws -> String {
        try stringOut { omnir_pass_manager_take_output(raw, $0) }
    }

    /// The pipeline in canonical textual form.
    public var pipeline: String {
        get throws { try stringOut { omnir_pass_manager_print(raw, $0) } }
    }

    public var description: String { (try? pipeline) ?? "<pass manager>" }
}
