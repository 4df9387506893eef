import COmnir

/// A process-wide type identity (MLIR's `TypeID`), interned by fully qualified name:
/// `builtin.integer`, `cplug.elem`, `builtin.MemRefElementTypeInterface`, `#builtin.string`.
/// One name gives one id in the whole process, whichever package (C, Rust, Python, Swift)
/// asks, because they all share the one loaded libomnir.so.0.
public struct TypeID: Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The id of a fully qualified name, interning it if it is new.
    public init(name: String) throws {
        rawValue = try withStr(name) { p, n in try out(UInt32(0)) { omnir_typeid_get(p, n, $0) } }
    }

    /// The name the id was interned with.
    public var name: String {
        (try? stringOut { omnir_typeid_get_name(rawValue, $0) }) ?? "<TypeID \(rawValue)>"
    }

    public var description: String { "TypeID(\(name))" }

    // The builtin interfaces.
    public static let memRefElementTypeInterface = try! TypeID(name: "builtin.MemRefElementTypeInterface")
    public static let shapedTypeInterface = try! TypeID(name: "builtin.ShapedTypeInterface")
    public static let floatTypeInterface = try! TypeID(name: "builtin.FloatTypeInterface")
    public static let typedAttrInterface = try! TypeID(name: "builtin.TypedAttrInterface")
    public static let elementsAttrInterface = try! TypeID(name: "builtin.ElementsAttrInterface")
    public static let memRefLayoutAttrInterface = try! TypeID(name: "builtin.MemRefLayoutAttrInterface")
    public static let locationAttrInterface = try! TypeID(name: "builtin.LocationAttrInterface")
}

/// An interface implementation as omnir hands it back (`omnir_type_get_interface` and
/// friends): the C method table and user data. For an implementation registered from Swift
/// (`InterfaceImplementation(_:methods:)`), `methods` is the Swift object given then.
public struct InterfaceHandle {
    /// The C method table (NULL for a marker interface or a native implementation).
    public let vtable: UnsafeRawPointer?
    /// The C user data.
    public let userData: UnsafeMutableRawPointer?

    /// The Swift object registered as the implementation's methods, if it was registered
    /// from Swift; `nil` for C, Rust or native (builtin) implementations.
    public var methods: AnyObject? {
        InterfaceImplementation.methods(fromUserData: userData.map { UnsafeRawPointer($0) })
    }
}
