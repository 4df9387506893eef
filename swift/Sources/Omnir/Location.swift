import COmnir

/// A source location (MLIR's `Location`): unknown, file:line:col (or a range), a name, a call
/// site, or a fusion of locations. Uniqued: equal locations have equal handles.
public struct Location: Hashable, CustomStringConvertible {
    public let context: Context
    public let handle: omnir_location

    init(_ context: Context, _ handle: omnir_location) {
        self.context = context
        self.handle = handle
    }

    /// Wraps a C handle of `context` (from the C API or a plugin).
    public init(handle: omnir_location, context: Context) {
        self.init(context, handle)
    }

    public enum Kind: UInt32 {
        case unknown = 0, fileLineCol = 1, name = 2, callSite = 3, fused = 4
    }

    /// `loc(unknown)`.
    public static func unknown(in context: Context) -> Location {
        var l = omnir_location()
        _ = omnir_unknown_loc_get(context.raw, &l)
        return Location(context, l)
    }

    /// `loc("file":line:col)`.
    public static func file(_ file: String, line: UInt32, column: UInt32, in context: Context) throws -> Location {
        let l = try withStr(file) { f, n in
            try out(omnir_location()) { omnir_file_line_col_loc_get(context.raw, f, n, line, column, $0) }
        }
        return Location(context, l)
    }

    /// `loc("file":startLine:startColumn to endLine:endColumn)`.
    public static func file(_ file: String, startLine: UInt32, startColumn: UInt32, endLine: UInt32, endColumn: UInt32,
                            in context: Context) throws -> Location {
        let l = try withStr(file) { f, n in
            try out(omnir_location()) {
                omnir_file_line_col_range_loc_get(context.raw, f, n, startLine, startColumn, endLine, endColumn, $0)
            }
        }
        return Location(context, l)
    }

    /// `loc("name")` or `loc("name"(child))`.
    public static func name(_ name: String, child: Location? = nil, in context: Context) throws -> Location {
        let l = try withStr(name) { s, n in
            try out(omnir_location()) { omnir_name_loc_get(context.raw, s, n, child?.handle ?? omnir_location(), $0) }
        }
        return Location(context, l)
    }

    /// `loc(callsite(callee at caller))`.
    public static func callSite(callee: Location, caller: Location) throws -> Location {
        let l = try out(omnir_location()) { omnir_call_site_loc_get(callee.context.raw, callee.handle, caller.handle, $0) }
        return Location(callee.context, l)
    }

    /// `loc(fused[...])` or `loc(fused<metadata>[...])`.
    public static func fused(_ locations: [Location], metadata: Attribute? = nil, in context: Context) throws -> Location {
        let l = try withArr(locations.map(\.handle)) { p, n in
            try out(omnir_location()) {
                omnir_fused_loc_get(context.raw, p, n, metadata?.handle ?? omnir_attribute(), $0)
            }
        }
        return Location(context, l)
    }

    public var kind: Kind {
        get throws {
            Kind(rawValue: try out(UInt32(0)) { omnir_location_get_kind(context.raw, handle, $0) }) ?? .unknown
        }
    }

    /// The file of a file location.
    public var filename: String {
        get throws { try stringOut { omnir_file_line_col_loc_get_file(context.raw, handle, $0) } }
    }

    /// (startLine, startColumn, endLine, endColumn) of a file location.
    public var range: (startLine: UInt32, startColumn: UInt32, endLine: UInt32, endColumn: UInt32) {
        get throws {
            var a: UInt32 = 0, b: UInt32 = 0, c: UInt32 = 0, d: UInt32 = 0
            try check(omnir_file_line_col_loc_get_range(context.raw, handle, &a, &b, &c, &d))
            return (a, b, c, d)
        }
    }

    /// The name of a name location.
    public var name: String {
        get throws { try stringOut { omnir_name_loc_get_name(context.raw, handle, $0) } }
    }

    /// The child of a name location (`nil` when it has none).
    public var child: Location? {
        get throws {
            let l = try out(omnir_location()) { omnir_name_loc_get_child(context.raw, handle, $0) }
            return l.context == 0 ? nil : Location(context, l)
        }
    }

    public var callee: Location {
        get throws { Location(context, try out(omnir_location()) { omnir_call_site_loc_get_callee(context.raw, handle, $0) }) }
    }

    public var caller: Location {
        get throws { Location(context, try out(omnir_location()) { omnir_call_site_loc_get_caller(context.raw, handle, $0) }) }
    }

    /// The locations of a fused location.
    public var locations: [Location] {
        get throws {
            let n = try out(0) { omnir_fused_loc_get_num_locations(context.raw, handle, $0) }
            return try (0..<n).map { i in
                Location(context, try out(omnir_location()) { omnir_fused_loc_get_location(context.raw, handle, i, $0) })
            }
        }
    }

    /// The metadata of a fused location (`nil` when it has none).
    public var metadata: Attribute? {
        get throws {
            let a = try out(omnir_attribute()) { omnir_fused_loc_get_metadata(context.raw, handle, $0) }
            return a.context == 0 ? nil : Attribute(context, a)
        }
    }

    /// The location as an attribute.
    public var attribute: Attribute {
        get throws { Attribute(context, try out(omnir_attribute()) { omnir_location_to_attribute(context.raw, handle, $0) }) }
    }

    /// A location attribute as a location (`nil` for another kind of attribute).
    public init?(_ attribute: Attribute) {
        var l = omnir_location()
        guard omnir_attribute_to_location(attribute.context.raw, attribute.handle, &l).rawValue == 0 else { return nil }
        self.init(attribute.context, l)
    }

    /// `loc(...)` as MLIR prints it.
    public var description: String {
        (try? stringOut { omnir_location_print(context.raw, handle, $0) }) ?? "<invalid location>"
    }

    public static func == (a: Location, b: Location) -> Bool {
        a.handle.context == b.handle.context && a.handle.id == b.handle.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.id)
    }
}

extension Context {
    /// `loc(unknown)` of this context.
    public var unknownLocation: Location { Location.unknown(in: self) }
}
