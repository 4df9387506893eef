import COmnir
import Foundation
import Omnir
import XCTest

/// One universe: the cplug dialect plugin (examples/c-dialect-plugin, a C shared library
/// built separately against the installed omnir, linking libomnir.so.0) is loaded into this
/// Swift process with dlopen's default flags. Its type, registered by C into a context made
/// by Swift, is accepted by Swift's `MemRefType`, its TypeID is the same number on both
/// sides, and the process maps exactly one libomnir.
final class PluginTests: XCTestCase {
    typealias Register = @convention(c) (OpaquePointer?) -> omnir_status
    typealias ElemGet = @convention(c) (OpaquePointer?, Int64, UnsafeMutablePointer<omnir_type>?) -> omnir_status
    typealias IdGet = @convention(c) (UnsafeMutablePointer<UInt32>?) -> omnir_status
    typealias MethodsGet = @convention(c) () -> UnsafeRawPointer?
    typealias PathGet = @convention(c) (UnsafeMutablePointer<CChar>?, Int) -> Int32
    /// `cplug_elem_methods`: one function pointer.
    typealias BitWidth = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, omnir_type) -> Int64

    static var handle: UnsafeMutableRawPointer?

    func plugin() throws -> UnsafeMutableRawPointer {
        if let h = Self.handle { return h }
        let path = TestPaths.plugin
        guard FileManager.default.fileExists(atPath: path) else {
            if ProcessInfo.processInfo.environment["OMNIR_CPLUG_LIB"] != nil {
                XCTFail("plugin \(path) not found")
            }
            throw XCTSkip("plugin not built (examples/c-dialect-plugin/build.sh, or set OMNIR_CPLUG_LIB)")
        }
        // Default flags: RTLD_LOCAL, no preloading, no RTLD_GLOBAL tricks.
        guard let h = dlopen(path, RTLD_NOW) else {
            throw XCTSkip("dlopen failed: \(String(cString: dlerror()))")
        }
        Self.handle = h
        return h
    }

    func symbol<T>(_ name: String, as: T.Type) throws -> T {
        guard let s = dlsym(try plugin(), name) else { throw OmnirError.notRegistered("plugin has no \(name)") }
        return unsafeBitCast(s, to: T.self)
    }

    func libomnirMappings() throws -> Set<String> {
        let maps = readProcFile("/proc/self/maps")
        var paths = Set<String>()
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if (path as NSString).lastPathComponent.hasPrefix("libomnir") { paths.insert(path) }
        }
        return paths
    }

    func testPluginTypeIsOneUniverseWithSwift() throws {
        let register = try symbol("cplug_register", as: Register.self)
        let elemGet = try symbol("cplug_elem_type_get", as: ElemGet.self)
        let elemTypeID = try symbol("cplug_elem_typeid", as: IdGet.self)
        let ifaceID = try symbol("cplug_memref_element_interface_id", as: IdGet.self)
        let methods = try symbol("cplug_methods", as: MethodsGet.self)
        let omnirPath = try symbol("cplug_omnir_path", as: PathGet.self)

        // The plugin registers its dialect into a context Swift made.
        let ctx = Context()
        XCTAssertEqual(register(ctx.raw), OMNIR_OK)
        XCTAssertEqual(register(ctx.raw), OMNIR_OK, "registering twice is a no-op")
        XCTAssertNotNil(try ctx.dialect("cplug"))

        var raw = omnir_type()
        XCTAssertEqual(elemGet(ctx.raw, 8, &raw), OMNIR_OK)
        let elem = Type(handle: raw, context: ctx)
        XCTAssertTrue(elem.description.hasPrefix("!cplug.elem<8"), elem.description)  // `<8>` or `<8 : i64>`
        XCTAssertNotNil(DialectType(elem))

        // Swift's MemRefType accepts it: the registry says it is a memref element type.
        let memref = try MemRefType(shape: [4], element: elem)
        XCTAssertEqual(memref.description, "memref<4x\(elem)>")
        XCTAssertEqual(try memref.shape, [4])
        XCTAssertEqual(try memref.elementType, elem)
        XCTAssertTrue(try elem.implements(.memRefElementTypeInterface))

        // The same TypeIDs on both sides of the process.
        var pluginElemID: UInt32 = 0
        var pluginIfaceID: UInt32 = 0
        XCTAssertEqual(elemTypeID(&pluginElemID), OMNIR_OK)
        XCTAssertEqual(ifaceID(&pluginIfaceID), OMNIR_OK)
        XCTAssertEqual(try elem.typeID, TypeID(rawValue: pluginElemID))
        XCTAssertEqual(try TypeID(name: "cplug.elem"), TypeID(rawValue: pluginElemID))
        XCTAssertEqual(TypeID.memRefElementTypeInterface, TypeID(rawValue: pluginIfaceID))
        XCTAssertEqual(try elem.typeID.name, "cplug.elem")

        // The C method table comes back to Swift, and its method works.
        let impl = try XCTUnwrap(try elem.interface(.memRefElementTypeInterface))
        XCTAssertEqual(impl.vtable, methods())
        XCTAssertNil(impl.methods, "a C implementation has no Swift methods object")
        let bitWidth = impl.vtable!.load(as: BitWidth.self)
        XCTAssertEqual(bitWidth(impl.userData, ctx.raw, elem.handle), 8)

        // The definition's constraint (bits 8, 16, 32 or 64) holds for types built from Swift too.
        let def = try XCTUnwrap(try ctx.dialect("cplug")).typeDefinition("elem")
        let i64 = try IntegerType(width: 64, context: ctx).type
        let elem16 = try def([try IntegerAttr(16, type: i64).attribute])
        XCTAssertEqual(try DialectType(elem16)?.parameters.first.flatMap(IntegerAttr.init)?.value, 16)
        XCTAssertThrowsError(try def([try IntegerAttr(100, type: i64).attribute])) { error in
            guard case OmnirError.verificationFailed(let d) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(d.first?.message.contains("does not satisfy the constraint") ?? false, "\(d)")
        }

        // Swift IR uses it: an op with a memref-of-plugin-type result, verified and printed.
        ctx.allowUnregisteredDialects = true
        let module = try Module.create(context: ctx)
        let alloc = try Operation.create(name: "test.alloc", results: [memref.type], location: ctx.unknownLocation,
                                         at: InsertionPoint(try module.body))
        try module.verify()
        XCTAssertEqual(alloc.description, "%0 = \"test.alloc\"() : () -> \(memref)")

        // Text names the plugin's type too: parsed from Swift, it is the very same type.
        XCTAssertEqual(try Type.parse("!cplug.elem<8>", context: ctx), elem)
        let parsed = try Module.parse("\"test.alloc\"() : () -> memref<2x!cplug.elem<8>>", context: ctx)
        let parsedType = try XCTUnwrap(MemRefType(try parsed.body.operations[0].result.type))
        XCTAssertEqual(try parsedType.elementType, elem)
        XCTAssertEqual(try parsedType.elementType.typeID, TypeID(rawValue: pluginElemID))

        // One libomnir in the process: the plugin's DT_NEEDED resolved to the one Swift loaded.
        let mapped = try libomnirMappings()
        XCTAssertEqual(mapped.count, 1, "exactly one libomnir mapped, got \(mapped)")
        var buf = [CChar](repeating: 0, count: 4096)
        XCTAssertEqual(omnirPath(&buf, buf.count), 0)
        let pluginSees = URL(fileURLWithPath: String(cString: buf)).resolvingSymlinksInPath().path
        XCTAssertEqual(Set([pluginSees]), Set(mapped.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }))
        print("one universe: libomnir mapped once: \(mapped.first ?? "?")")
    }

    /// The methods object of a Swift interface implementation with a C table.
    final class SwiftElementMethods {
        let bitWidth: (Type) throws -> Int64
        init(bitWidth: @escaping (Type) throws -> Int64) { self.bitWidth = bitWidth }
    }

    /// The other direction: a type defined in Swift implements MemRefElementTypeInterface with
    /// a table of the plugin's layout whose method calls a Swift closure, and the plugin's C
    /// code, asking the registry, calls it.
    func testPluginCallsAnInterfaceMethodImplementedInSwift() throws {
        typealias BitWidthOf = @convention(c) (OpaquePointer?, omnir_type, UnsafeMutablePointer<Int64>?) -> omnir_status
        let bitWidthOf = try symbol("cplug_element_bit_width", as: BitWidthOf.self)
        let register = try symbol("cplug_register", as: Register.self)
        let elemGet = try symbol("cplug_elem_type_get", as: ElemGet.self)

        // The table: one C function that finds the Swift object in its user data.
        let trampoline: BitWidth = { userData, ctx, ty in
            guard let methods = InterfaceImplementation.methods(fromUserData: userData) as? SwiftElementMethods,
                  let ctx, let context = Context.existing(ctx)
            else { return -1 }
            return (try? methods.bitWidth(Type(handle: ty, context: context))) ?? -1
        }
        let table = UnsafeMutablePointer<BitWidth>.allocate(capacity: 1)  // lives as long as the process
        table.initialize(to: trampoline)

        let ctx = Context()
        XCTAssertEqual(register(ctx.raw), OMNIR_OK)
        let dialect = try ctx.registerDialect("swiftelem")
        var calls = 0
        let methods = SwiftElementMethods { t in
            calls += 1
            return try XCTUnwrap(IntegerAttr(try XCTUnwrap(DialectType(t)?.parameters.first))).value * 2
        }
        let px = try dialect.register(type: TypeDefinition("px", parameters: ["half"], interfaces: [
            InterfaceImplementation(.memRefElementTypeInterface, vtable: UnsafeRawPointer(table), methods: methods),
        ]))
        let i64 = try IntegerType(width: 64, context: ctx).type
        let t = try px([try IntegerAttr(12, type: i64).attribute])
        XCTAssertEqual(try MemRefType(shape: [2], element: t).description, "memref<2x\(t)>")

        // C calls the Swift closure through omnir's registry...
        var bits: Int64 = 0
        XCTAssertEqual(bitWidthOf(ctx.raw, t.handle, &bits), OMNIR_OK)
        XCTAssertEqual(bits, 24)
        XCTAssertEqual(calls, 1)
        // ...and the plugin's own type answers the same question the same way.
        var elem = omnir_type()
        XCTAssertEqual(elemGet(ctx.raw, 8, &elem), OMNIR_OK)
        XCTAssertEqual(bitWidthOf(ctx.raw, elem, &bits), OMNIR_OK)
        XCTAssertEqual(bits, 8)
        // A type without the interface: an error status, not a call.
        XCTAssertEqual(bitWidthOf(ctx.raw, i64.handle, &bits), OMNIR_ERROR_NOT_REGISTERED)

        // Swift gets the table and the object back too.
        let impl = try XCTUnwrap(try t.interface(.memRefElementTypeInterface))
        XCTAssertEqual(impl.vtable, UnsafeRawPointer(table))
        XCTAssertTrue(impl.methods === methods)
        XCTAssertNil(InterfaceImplementation.methods(fromUserData: UnsafeRawPointer(table)), "not a Swift object")
    }
}
