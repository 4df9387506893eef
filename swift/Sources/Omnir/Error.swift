import COmnir

/// Every error omnir reports, one case per `omnir_status` of the C API, each with the
/// message of the failed call. Verification and parse failures carry the diagnostics the
/// call emitted (captured for the duration of the call, so they do not reach stderr).
public enum OmnirError: Error, Equatable, CustomStringConvertible {
    /// A wrapper whose IR was erased (or freed with its tree) was used.
    case staleHandle(String)
    /// An argument is malformed or of the wrong kind.
    case invalidArgument(String)
    /// An index is past the end.
    case outOfRange(String)
    /// Values would be left used after their definition is gone.
    case stillInUse(String)
    /// The mutation would make an operation its own ancestor.
    case cycle(String)
    /// The IR failed verification: every diagnostic the verifier emitted, in order.
    case verificationFailed([Diagnostic])
    /// Text could not be parsed: MLIR's rendering of every error (`file:line:col: error:
    /// ...`, the source line and a caret) and the diagnostics themselves.
    case parseFailed(message: String, diagnostics: [Diagnostic])
    /// A dialect, operation, type or interface is not registered.
    case notRegistered(String)
    /// A definition conflicts with an existing one.
    case alreadyExists(String)
    /// A user callback reported failure (or a Swift closure threw inside one).
    case callbackFailed(String)
    /// A bug in omnir (a caught panic).
    case internalError(String)
    /// A required argument was missing.
    case nullArgument(String)
    /// A string argument was not valid UTF-8.
    case invalidUTF8(String)
    /// A mutation was requested from inside a callback of the same context (a walk, a
    /// verifier, a diagnostic handler): collect what to change and change it afterwards.
    case busy(String)
    /// A handle of another context was used.
    case wrongContext(String)
    /// A second copy of the core was loaded into the process (status 16).
    case duplicateCore(String)
    /// The loaded core's C ABI differs from the header's (status 17).
    case abiMismatch(String)
    /// A status this version of the Swift package does not know.
    case unknown(status: UInt32, message: String)

    /// The message, as omnir phrased it.
    public var message: String {
        switch self {
        case .staleHandle(let m), .invalidArgument(let m), .outOfRange(let m), .stillInUse(let m),
             .cycle(let m), .notRegistered(let m), .alreadyExists(let m), .callbackFailed(let m),
             .internalError(let m), .nullArgument(let m), .invalidUTF8(let m), .busy(let m),
             .wrongContext(let m), .duplicateCore(let m), .abiMismatch(let m):
            return m
        case .verificationFailed(let diagnostics):
            return diagnostics.map(\.rendered).joined(separator: "\n")
        case .parseFailed(let message, _):
            return message
        case .unknown(_, let m):
            return m
        }
    }

    /// The diagnostics carried by `.verificationFailed` and `.parseFailed` (empty otherwise).
    public var diagnostics: [Diagnostic] {
        switch self {
        case .verificationFailed(let d): return d
        case .parseFailed(_, let d): return d
        default: return []
        }
    }

    /// The C status code this error stands for.
    public var status: UInt32 {
        switch self {
        case .staleHandle: return OMNIR_ERROR_STALE_HANDLE.rawValue
        case .invalidArgument: return OMNIR_ERROR_INVALID_ARGUMENT.rawValue
        case .outOfRange: return OMNIR_ERROR_OUT_OF_RANGE.rawValue
        case .stillInUse: return OMNIR_ERROR_STILL_IN_USE.rawValue
        case .cycle: return OMNIR_ERROR_CYCLE.rawValue
        case .verificationFailed: return OMNIR_ERROR_VERIFICATION_FAILED.rawValue
        case .parseFailed: return OMNIR_ERROR_PARSE_FAILED.rawValue
        case .notRegistered: return OMNIR_ERROR_NOT_REGISTERED.rawValue
        case .alreadyExists: return OMNIR_ERROR_ALREADY_EXISTS.rawValue
        case .callbackFailed: return OMNIR_ERROR_CALLBACK_FAILED.rawValue
        case .internalError: return OMNIR_ERROR_INTERNAL.rawValue
        case .nullArgument: return OMNIR_ERROR_NULL_ARGUMENT.rawValue
        case .invalidUTF8: return OMNIR_ERROR_INVALID_UTF8.rawValue
        case .busy: return OMNIR_ERROR_BUSY.rawValue
        case .wrongContext: return OMNIR_ERROR_WRONG_CONTEXT.rawValue
        case .duplicateCore: return 16
        case .abiMismatch: return 17
        case .unknown(let s, _): return s
        }
    }

    /// Whether this is `.staleHandle`.
    public var isStaleHandle: Bool {
        if case .staleHandle = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .staleHandle: return "stale handle: \(message)"
        case .verificationFailed: return "verification failed:\n\(message)"
        case .parseFailed: return "parse failed:\n\(message)"
        default: return message
        }
    }

    /// The error for a failed C call, from the thread's last error.
    static func last(_ status: omnir_status, diagnostics: [Diagnostic] = []) -> OmnirError {
        OmnirError(status: status.rawValue, message: takeString(omnir_last_error_message()), diagnostics: diagnostics)
    }

    /// The error for a failed call of a C library built on omnir whose entry points return
    /// an `omnir_status` too (a dialect library such as the quant example): `status` is the
    /// status's `rawValue`, `message` the library's explanation. So packages wrapping such a
    /// library throw the same errors as this one. A status of 0 (`OMNIR_OK`) is not an error;
    /// it and statuses this package does not know become `.unknown`.
    public init(status: UInt32, message: String) {
        self.init(status: status, message: message, diagnostics: [])
    }

    init(status: UInt32, message: String, diagnostics: [Diagnostic]) {
        switch omnir_status(rawValue: status) {
        case OMNIR_ERROR_STALE_HANDLE: self = .staleHandle(message)
        case OMNIR_ERROR_INVALID_ARGUMENT: self = .invalidArgument(message)
        case OMNIR_ERROR_OUT_OF_RANGE: self = .outOfRange(message)
        case OMNIR_ERROR_STILL_IN_USE: self = .stillInUse(message)
        case OMNIR_ERROR_CYCLE: self = .cycle(message)
        case OMNIR_ERROR_VERIFICATION_FAILED:
            self = .verificationFailed(diagnostics.isEmpty ? [Diagnostic(message: message)] : diagnostics)
        case OMNIR_ERROR_PARSE_FAILED: self = .parseFailed(message: message, diagnostics: diagnostics)
        case OMNIR_ERROR_NOT_REGISTERED: self = .notRegistered(message)
        case OMNIR_ERROR_ALREADY_EXISTS: self = .alreadyExists(message)
        case OMNIR_ERROR_CALLBACK_FAILED: self = .callbackFailed(message)
        case OMNIR_ERROR_INTERNAL: self = .internalError(message)
        case OMNIR_ERROR_NULL_ARGUMENT: self = .nullArgument(message)
        case OMNIR_ERROR_INVALID_UTF8: self = .invalidUTF8(message)
        case OMNIR_ERROR_BUSY: self = .busy(message)
        case OMNIR_ERROR_WRONG_CONTEXT: self = .wrongContext(message)
        default:
            // Statuses newer than some headers: matched by value.
            switch status {
            case 16: self = .duplicateCore(message)
            case 17: self = .abiMismatch(message)
            default: self = .unknown(status: status, message: message)
            }
        }
    }
}

/// Thrown by a Swift verifier (an operation verifier or a parameters verifier) to reject
/// what it checks; the message becomes the diagnostic (`'dialect.op' op <message>`). Any
/// other error thrown there is reported with its description.
public struct VerificationError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// MARK: - calling the C API

@inline(__always)
func check(_ status: omnir_status) throws {
    if status.rawValue != 0 { throw OmnirError.last(status) }
}

/// Calls `body` with an out-pointer initialized to `initial`, checks the status, and returns
/// the value written.
@inline(__always)
func out<T>(_ initial: T, _ body: (UnsafeMutablePointer<T>) -> omnir_status) throws -> T {
    var value = initial
    let status = body(&value)
    if status.rawValue != 0 { throw OmnirError.last(status) }
    return value
}

/// A string returned by omnir, copied into Swift and released.
func takeString(_ s: omnir_string) -> String {
    defer { omnir_string_free(s) }
    guard let data = s.data, s.len > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: data, count: s.len), as: UTF8.self)
}

/// The bytes of a string returned by omnir (MLIR strings may hold any byte), released.
func takeBytes(_ s: omnir_string) -> [UInt8] {
    defer { omnir_string_free(s) }
    guard let data = s.data, s.len > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: data, count: s.len))
}

/// Calls a function returning an `omnir_string` through an out-pointer.
@inline(__always)
func stringOut(_ body: (UnsafeMutablePointer<omnir_string>) -> omnir_status) throws -> String {
    takeString(try out(omnir_string(data: nil, len: 0), body))
}

private let emptyCString: UnsafePointer<CChar> = {
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    p.initialize(to: 0)
    return UnsafePointer(p)
}()

/// Passes a Swift string to C as (pointer, length), UTF-8, never a NULL pointer.
@inline(__always)
func withStr<R>(_ s: String, _ body: (UnsafePointer<CChar>, Int) throws -> R) rethrows -> R {
    var s = s
    return try s.withUTF8 { buf in
        guard let base = buf.baseAddress, buf.count > 0 else { return try body(emptyCString, 0) }
        return try base.withMemoryRebound(to: CChar.self, capacity: buf.count) { try body($0, buf.count) }
    }
}

/// Passes an array to C as (pointer, count); the pointer is never NULL.
@inline(__always)
func withArr<T, R>(_ a: [T], _ body: (UnsafePointer<T>?, Int) throws -> R) rethrows -> R {
    try a.withUnsafeBufferPointer { try body($0.baseAddress, $0.count) }
}

/// Passes `items.map(transform)` to C as (pointer, count) without a heap allocation for
/// small counts (the hot path of building operations).
@inline(__always)
func withMapped<S, H, R>(_ items: [S], _ transform: (S) -> H, _ body: (UnsafePointer<H>?, Int) throws -> R) rethrows -> R {
    let n = items.count
    return try withUnsafeTemporaryAllocation(of: H.self, capacity: max(n, 1)) { buf in
        let base = buf.baseAddress!
        for i in 0..<n { (base + i).initialize(to: transform(items[i])) }
        return try body(UnsafePointer(base), n)
    }
}

/// Reads a `(items, capacity, count)` buffer output: first into a small buffer, then again
/// with the exact size when it did not fit.
func bufferOut<T>(_ zero: T, _ body: (UnsafeMutablePointer<T>, Int, UnsafeMutablePointer<Int>) -> omnir_status) throws -> [T] {
    var items = [T](repeating: zero, count: 16)
    while true {
        var count = 0
        let status = items.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count, &count) }
        if status.rawValue != 0 { throw OmnirError.last(status) }
        if count <= items.count {
            items.removeSubrange(count...)
            return items
        }
        items = [T](repeating: zero, count: count)
    }
}

/// The message of an error thrown by a Swift callback.
func callbackMessage(_ error: Error) -> String {
    if let e = error as? VerificationError { return e.message }
    if let e = error as? OmnirError { return e.message }
    return String(describing: error)
}
