import COmnir
import Foundation

/// An omnir context: owns all IR, types, attributes, locations and dialect registrations
/// made in it (MLIR's `MLIRContext`). `deinit` destroys it, and everything in it.
///
/// Every wrapper made from a context (`Type`, `Attribute`, `Location`, `Operation`, `Block`,
/// `Region`, `Value`, ...) holds a strong reference to it, so the context lives as long as
/// anything made from it. Callbacks registered in it (diagnostic handlers, verifiers,
/// interface implementations) hold it weakly, so they never keep it alive.
///
/// Calls on one context from several threads are serialized by omnir (the context's
/// re-entrant lock), so a `Context` may be shared between threads.
public final class Context: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The C context (`omnir_context *`), for calling the C API (or a plugin) directly. It
    /// stays valid as long as this object is alive.
    public let raw: OpaquePointer
    /// The serial every C handle of this context carries.
    public let serial: UInt32

    // Owners of detached IR trees, by root (see Ownership.swift).
    let ownersLock = NSRecursiveLock()
    var owners: [OwnerKey: WeakOwner] = [:]
    var orphans: [IRRoot] = []
    /// How deeply the thread holding `ownersLock` holds it (read with it held).
    var ownersDepth = 0
    weak var nullOwnerRef: IROwner?

    /// Checked once, before the first context: the loaded libomnir.so.0 speaks the C ABI of
    /// the header this package was compiled against.
    static let abiChecked: Bool = {
        let loaded = omnir_abi_version(), header = omnir_swift_header_abi_version()
        precondition(loaded == header, "omnir: the Swift package was built against C ABI \(header), but the loaded libomnir.so.0 has ABI \(loaded)")
        return true
    }()

    /// A new context with the builtin dialect loaded.
    public init(allowUnregisteredDialects: Bool = false) {
        _ = Context.abiChecked
        var ctx: OpaquePointer?
        let status = omnir_context_create(&ctx)
        guard status.rawValue == 0, let ctx else {
            fatalError("omnir_context_create failed: \(OmnirError.last(status))")
        }
        raw = ctx
        var loc = omnir_location()
        _ = omnir_unknown_loc_get(ctx, &loc)
        serial = loc.context
        if allowUnregisteredDialects { _ = omnir_context_set_allow_unregistered_dialects(ctx, true) }
        Context.liveLock.lock()
        Context.live[ctx] = WeakContext(self)
        Context.liveLock.unlock()
    }

    private final class WeakContext {
        weak var context: Context?
        init(_ context: Context) { self.context = context }
    }
    private static let liveLock = NSLock()
    nonisolated(unsafe) private static var live: [OpaquePointer: WeakContext] = [:]

    /// The Swift `Context` whose C context is `raw`, while it is alive: for C callbacks of
    /// your own (an interface method table's functions get the `omnir_context *`). `nil` for a
    /// context not made by this package, or already released.
    public static func existing(_ raw: OpaquePointer) -> Context? {
        liveLock.lock()
        defer { liveLock.unlock() }
        return live[raw]?.context
    }

    deinit {
        Context.liveLock.lock()
        if Context.live[raw]?.context == nil { Context.live[raw] = nil }
        Context.liveLock.unlock()
        // Every wrapper holds the context, so nothing made from it is alive any more. The
        // status is ignored: the only failure, BUSY, cannot happen here (no call is running
        // on this context while its last reference goes).
        _ = omnir_context_destroy(raw)
    }

    /// Whether operations, types and attributes of dialects that are not registered are
    /// accepted (`--allow-unregistered-dialect`).
    public var allowUnregisteredDialects: Bool {
        get { (try? out(false) { omnir_context_get_allow_unregistered_dialects(raw, $0) }) ?? false }
        set { _ = omnir_context_set_allow_unregistered_dialects(raw, newValue) }
    }

    /// Whether parsing a module or an operation verifies what it parsed, as MLIR's parser
    /// does (`true` by default): IR that does not verify then fails to parse, with the
    /// verifier's diagnostics. Turn it off to parse such IR on purpose and verify it later.
    public var verifyAfterParse: Bool {
        get { (try? out(true) { omnir_context_get_verify_after_parse(raw, $0) }) ?? true }
        set { _ = omnir_context_set_verify_after_parse(raw, newValue) }
    }

    public static func == (a: Context, b: Context) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "Context(serial: \(serial))" }

    // MARK: parsing

    /// Parses a type (`tensor<4x?xf32>`).
    public func parseType(_ text: String) throws -> Type {
        let (raw, _) = try capturingDiagnostics(parse: true) { () -> omnir_type in
            try withStr(text) { p, n in try out(omnir_type()) { omnir_type_parse(self.raw, p, n, $0) } }
        }
        return Type(self, raw)
    }

    /// Parses an attribute (`dense<[1, 2]> : tensor<2xi32>`, `{a = 1 : i64}`).
    public func parseAttribute(_ text: String) throws -> Attribute {
        let (raw, _) = try capturingDiagnostics(parse: true) { () -> omnir_attribute in
            try withStr(text) { p, n in try out(omnir_attribute()) { omnir_attribute_parse(self.raw, p, n, $0) } }
        }
        return Attribute(self, raw)
    }

    // MARK: resources

    /// Adds a blob to the context's resource store (group `builtin` holds the blobs of
    /// `dense_resource` attributes); returns the key actually used.
    @discardableResult
    public func insertResource(group: String, key: String, data: [UInt8], alignment: UInt32 = 8) throws -> String {
        try withStr(group) { g, gl in
            try withStr(key) { k, kl in
                try withArr(data) { d, dl in
                    try stringOut { omnir_context_insert_resource(raw, g, gl, k, kl, d, dl, alignment, $0) }
                }
            }
        }
    }

    /// The blob under `group`/`key`, if there is one.
    public func resource(group: String, key: String) throws -> [UInt8]? {
        try withStr(group) { g, gl in
            try withStr(key) { k, kl in
                let has = try out(false) { omnir_context_has_resource(raw, g, gl, k, kl, $0) }
                if !has { return nil }
                var bytes = omnir_bytes(data: nil, len: 0)
                var align: UInt32 = 0
                try check(omnir_context_get_resource(raw, g, gl, k, kl, &bytes, &align))
                defer { omnir_bytes_free(bytes) }
                guard let d = bytes.data else { return [] }
                return Array(UnsafeBufferPointer(start: d, count: bytes.len))
            }
        }
    }
}

/// omnir's version as `major * 10000 + minor * 100 + patch`, from the loaded library.
public var omnirVersion: UInt32 { omnir_version() }

/// The C ABI version of the loaded library (equals `OMNIR_ABI_VERSION` of the header this
/// package was built against when they are compatible).
public var omnirABIVersion: UInt32 { omnir_abi_version() }
