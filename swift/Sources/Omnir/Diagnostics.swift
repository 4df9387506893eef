import COmnir

/// A diagnostic: severity, location, message and notes (MLIR's `Diagnostic`).
public struct Diagnostic: Equatable, CustomStringConvertible {
    public enum Severity: UInt32, CustomStringConvertible {
        case note = 0, warning = 1, error = 2, remark = 3
        public var description: String {
            switch self {
            case .note: return "note"
            case .warning: return "warning"
            case .error: return "error"
            case .remark: return "remark"
            }
        }
    }

    public var severity: Severity
    /// Where; `nil` for a failure that omnir reported without a diagnostic (for example a
    /// parameters verifier refusing the parameters of a dialect type).
    public var location: Location?
    public var message: String
    public var notes: [Diagnostic]
    /// As MLIR prints it: `file:line:col: error: message`, then each note the same way.
    public var rendered: String

    public init(severity: Severity = .error, location: Location? = nil, message: String, notes: [Diagnostic] = [],
                rendered: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
        self.rendered = rendered ?? "\(severity): \(message)"
    }

    public var description: String { rendered }

    /// Copies a C diagnostic (valid during a handler call, or while its list lives).
    init(_ context: Context, _ d: OpaquePointer, render: Bool = true) {
        var sev: UInt32 = 0
        _ = omnir_diagnostic_get_severity(d, &sev)
        var loc = omnir_location()
        _ = omnir_diagnostic_get_location(d, &loc)
        var data: UnsafePointer<CChar>?
        var len = 0
        _ = omnir_diagnostic_get_message(d, &data, &len)
        let message = data.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: len), as: UTF8.self) } ?? ""
        var n = 0
        _ = omnir_diagnostic_get_num_notes(d, &n)
        var notes: [Diagnostic] = []
        for i in 0..<n {
            var note: OpaquePointer?
            if omnir_diagnostic_get_note(d, i, &note).rawValue == 0, let note {
                notes.append(Diagnostic(context, note, render: false))
            }
        }
        var rendered: String?
        if render {
            var s = omnir_string(data: nil, len: 0)
            if omnir_diagnostic_render(context.raw, d, &s).rawValue == 0 { rendered = takeString(s) }
        }
        self.init(severity: Severity(rawValue: sev) ?? .error,
                  location: loc.context == 0 ? nil : Location(context, loc),
                  message: message, notes: notes, rendered: rendered)
    }
}

/// The id of an attached diagnostic handler (see `Context.attachDiagnosticHandler`).
public struct DiagnosticHandlerID: Hashable {
    public let rawValue: UInt64
}

final class DiagnosticHandlerBox {
    weak var context: Context?
    let body: (Diagnostic) -> Bool
    init(_ context: Context, _ body: @escaping (Diagnostic) -> Bool) {
        self.context = context
        self.body = body
    }
}

private let diagnosticTrampoline: omnir_diagnostic_handler_fn = { userData, _, diagnostic in
    guard let userData, let diagnostic else { return false }
    let box = Unmanaged<DiagnosticHandlerBox>.fromOpaque(userData).takeUnretainedValue()
    guard let context = box.context else { return false }
    return box.body(Diagnostic(context, diagnostic))
}

/// Releases the Swift object behind a callback's `user_data` (every box passed to omnir is
/// retained once, and omnir calls this exactly once when it no longer needs it).
let releaseBox: omnir_free_user_data_fn = { userData in
    if let userData { Unmanaged<AnyObject>.fromOpaque(userData).release() }
}

extension Context {
    /// Attaches a diagnostic handler: it is offered every diagnostic of this context, newest
    /// handler first, until one returns `true` (an error nobody handles goes to stderr). It
    /// runs while the context is busy with the call that emitted the diagnostic: it may read
    /// the context (print locations, build types) but not change IR.
    @discardableResult
    public func attachDiagnosticHandler(_ handler: @escaping (Diagnostic) -> Bool) throws -> DiagnosticHandlerID {
        let box = Unmanaged.passRetained(DiagnosticHandlerBox(self, handler))
        var id: UInt64 = 0
        let status = omnir_context_attach_diagnostic_handler(raw, diagnosticTrampoline, box.toOpaque(), releaseBox, &id)
        if status.rawValue != 0 {
            box.release()  // on failure the caller keeps its user data
            throw OmnirError.last(status)
        }
        return DiagnosticHandlerID(rawValue: id)
    }

    /// Detaches a handler (its closure is released).
    public func detachDiagnosticHandler(_ id: DiagnosticHandlerID) throws {
        try check(omnir_context_detach_diagnostic_handler(raw, id.rawValue))
    }

    /// Runs `body` and returns what it returned together with every diagnostic emitted in the
    /// meantime (they count as handled: they do not reach older handlers or stderr).
    public func collectDiagnostics<R>(_ body: () throws -> R) throws -> (result: R, diagnostics: [Diagnostic]) {
        let capture = try out(UInt64(0)) { omnir_context_begin_diagnostic_capture(raw, $0) }
        let result: R
        do {
            result = try body()
        } catch {
            _ = endCapture(capture)
            throw error
        }
        return (result, endCapture(capture))
    }

    /// Emits a diagnostic to this context's handlers (an error nobody handles is printed).
    public func emit(_ severity: Diagnostic.Severity, _ message: String, at location: Location,
                     notes: [(Location, String)] = []) throws {
        try withStr(message) { m, ml in
            // The notes' strings must stay valid during the call: copy them into one buffer.
            let texts = notes.map { Array($0.1.utf8) }
            var storage = [UInt8]()
            var offsets: [Int] = []
            for t in texts {
                offsets.append(storage.count)
                storage.append(contentsOf: t)
            }
            try storage.withUnsafeBufferPointer { buf in
                let base = UnsafeRawPointer(buf.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) }
                var cnotes: [omnir_diagnostic_note] = []
                for (i, n) in notes.enumerated() {
                    cnotes.append(omnir_diagnostic_note(location: n.0.handle,
                                                        message: base.map { $0 + offsets[i] } ?? m,
                                                        message_len: texts[i].count))
                }
                try withArr(cnotes) { p, c in
                    try check(omnir_context_emit_diagnostic(raw, severity.rawValue, location.handle, m, ml, p, c))
                }
            }
        }
    }

    private func endCapture(_ capture: UInt64) -> [Diagnostic] {
        var list: OpaquePointer?
        guard omnir_context_end_diagnostic_capture(raw, capture, &list).rawValue == 0, let list else { return [] }
        defer { omnir_diagnostic_list_free(list) }
        var n = 0
        _ = omnir_diagnostic_list_get_size(list, &n)
        var result: [Diagnostic] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            var d: OpaquePointer?
            if omnir_diagnostic_list_get(list, i, &d).rawValue == 0, let d { result.append(Diagnostic(self, d)) }
        }
        return result
    }

    /// Runs a C call that reports failures as diagnostics (parse, verify), capturing them
    /// into the thrown error. Inside a callback (capture refused: BUSY) it runs uncaptured.
    func capturingDiagnostics<R>(parse: Bool, _ body: () throws -> R) throws -> (R, [Diagnostic]) {
        var capture: UInt64 = 0
        let began = omnir_context_begin_diagnostic_capture(raw, &capture).rawValue == 0
        do {
            let r = try body()
            let diags = began ? endCapture(capture) : []
            return (r, diags)
        } catch let error as OmnirError {
            let diags = began ? endCapture(capture) : []
            switch error {
            case .parseFailed(let message, _): throw OmnirError.parseFailed(message: message, diagnostics: diags)
            case .verificationFailed(let fallback):
                let errors = diags.filter { $0.severity == .error }
                throw OmnirError.verificationFailed(errors.isEmpty ? fallback : diags)
            default: throw error
            }
        } catch {
            if began { _ = endCapture(capture) }
            throw error
        }
    }
}
