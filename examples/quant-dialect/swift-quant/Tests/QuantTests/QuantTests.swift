import CQuant
import Foundation
import Omnir
import Quant
import XCTest

/// Issue 8's scenario from Swift, in one process with the loader's default behaviour (the
/// test binary NEEDs libomnir.so.0 and libquant_dialect.so.0; nothing preloaded): the quant
/// dialect (C++) registered through the Quant package, its type made by the Quant package and
/// used by the Omnir package, one registry, one set of TypeIDs, one libomnir.
final class QuantTests: XCTestCase {
    func i8(_ ctx: Context) throws -> Type { try IntegerType(width: 8, context: ctx).type }

    func testTheQuantTypeIsOneUniverseWithOmnir() throws {
        XCTAssertNil(ProcessInfo.processInfo.environment["LD_PRELOAD"], "the scenario runs without preloading")
        let ctx = Context()
        let f32 = FloatType.f32(ctx).type
        let text = "!quant.uniform<i8:f32, 0.5:128>"

        // Before registration the registry knows nothing of quant: no type, no syntax.
        XCTAssertThrowsError(try Quant.uniformType(ctx, storage: i8(ctx), expressed: f32, scale: 0.5, zeroPoint: 128)) {
            guard case OmnirError.notRegistered = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try Type.parse(text, context: ctx)) {
            guard case OmnirError.parseFailed = $0 else { return XCTFail("\($0)") }
        }

        // Registered from the Quant package (the C++ library registers into this context).
        try Quant.register(ctx)
        try Quant.register(ctx)
        XCTAssertNotNil(try ctx.dialect("quant"))
        XCTAssertTrue(try XCTUnwrap(ctx.dialect("quant")).isOperationRegistered("qcast"))

        // Made by the Quant package: a plain Omnir type.
        let q = try Quant.uniformType(ctx, storage: i8(ctx), expressed: f32, scale: 0.5, zeroPoint: 128)
        XCTAssertEqual(q.description, "!quant.uniform<i8:f32, 5.000000e-01:128>")
        XCTAssertNotNil(DialectType(q))

        // Omnir's MemRefType accepts it: the registry says it is a memref element type.
        let memref = try MemRefType(shape: [4], element: q)
        XCTAssertEqual(memref.description, "memref<4x!quant.uniform<i8:f32, 5.000000e-01:128>>")
        XCTAssertEqual(try memref.elementType, q)
        XCTAssertTrue(try q.implements(.memRefElementTypeInterface))
        XCTAssertTrue(try q.implements(Quant.quantizedTypeInterfaceID))
        // The answer is the registry's: a Swift dialect type is refused until it declares the
        // interface (here as an external model), then accepted the same way.
        let swiftType = try ctx.registerDialect("sw").register(type: TypeDefinition("plain"))([])
        XCTAssertThrowsError(try MemRefType(shape: [4], element: swiftType))
        try ctx.attachInterface(InterfaceImplementation(.memRefElementTypeInterface), to: try swiftType.typeID)
        XCTAssertNoThrow(try MemRefType(shape: [4], element: swiftType))

        // The interface's C method table, implemented in C++, comes back to Swift and works.
        let impl = try XCTUnwrap(try q.interface(Quant.quantizedTypeInterfaceID))
        XCTAssertNil(impl.methods, "a C implementation has no Swift methods object")
        let vtable = try XCTUnwrap(impl.vtable).assumingMemoryBound(to: quant_quantized_type_vtable.self).pointee
        XCTAssertEqual(vtable.storage_width(impl.userData, ctx.raw, q.handle), 8)
        XCTAssertEqual(vtable.storage_min(impl.userData, ctx.raw, q.handle), -128)
        XCTAssertEqual(Type(handle: vtable.expressed_type(impl.userData, ctx.raw, q.handle), context: ctx), f32)

        // One TypeID per name in the process: the C++ library's number is Omnir's.
        var raw: UInt32 = 0
        XCTAssertEqual(quant_uniform_typeid(&raw), OMNIR_OK)
        XCTAssertEqual(try q.typeID, TypeID(rawValue: raw))
        XCTAssertEqual(try Quant.uniformTypeID, try q.typeID)
        XCTAssertEqual(try TypeID(name: "quant.uniform"), try q.typeID)
        XCTAssertEqual(try q.typeID.name, "quant.uniform")

        // The custom syntax parses once the dialect is registered: the very same type.
        XCTAssertEqual(try Type.parse(text, context: ctx), q)
        XCTAssertEqual(try Type.parse(q.description, context: ctx), q)
        ctx.allowUnregisteredDialects = true
        let module = try Module.parse("""
            "test.source"() ({
            ^bb0(%x: tensor<4xf32>):
              %q = "quant.qcast"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:128>>
              %m = "test.alloc"() : () -> memref<2x!quant.uniform<i8:f32, 0.5:128>>
              %f = "quant.dcast"(%q) : (tensor<4x!quant.uniform<i8:f32, 0.5:128>>) -> tensor<4xf32>
            }) : () -> ()
            """, context: ctx)
        try module.verify()
        let ops = try XCTUnwrap(try module.body.operations.first?.region(0).firstBlock).operations
        XCTAssertEqual(try ops.map { try $0.name }, ["quant.qcast", "test.alloc", "quant.dcast"])
        XCTAssertEqual(try MemRefType(try ops[1].result.type)?.elementType, q)
        XCTAssertEqual(try RankedTensorType(try ops[0].result.type)?.elementType.typeID, TypeID(rawValue: raw))
        // And the dialect's verifiers run on IR parsed by the core: dcast needs a quantized input.
        let badText = """
            "test.source"() ({
            ^bb0(%x: tensor<4xf32>):
              %f = "quant.dcast"(%x) : (tensor<4xf32>) -> tensor<4xf32>
            }) : () -> ()
            """
        // Parsing verifies: the verifier's failure fails the parse...
        XCTAssertThrowsError(try Module.parse(badText, context: ctx)) {
            guard case OmnirError.parseFailed(_, let d) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(d.first?.message.contains("'quant.dcast' op operand #0 must be quantized") ?? false, "\(d)")
        }
        // ...and parsed without verifying, verify() reports it.
        ctx.verifyAfterParse = false
        let bad = try Module.parse(badText, context: ctx)
        ctx.verifyAfterParse = true
        XCTAssertThrowsError(try bad.verify()) {
            guard case OmnirError.verificationFailed(let d) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(d.first?.message.contains("'quant.dcast' op operand #0 must be quantized") ?? false, "\(d)")
        }

        // One core in the process: exactly one libomnir mapped, so the one that Omnir's calls,
        // the dialect's and the C++ bridge's all land in.
        let maps = mappedLibraries()
        let cores = maps.filter { ($0 as NSString).lastPathComponent.hasPrefix("libomnir.so") }
        XCTAssertEqual(cores.count, 1, "exactly one libomnir mapped, got \(cores)")
        XCTAssertEqual(maps.filter { ($0 as NSString).lastPathComponent.hasPrefix("libomnir_cxx.so") }.count, 1, "\(maps)")
        XCTAssertEqual(maps.filter { ($0 as NSString).lastPathComponent.hasPrefix("libquant_dialect.so") }.count, 1, "\(maps)")
        print("one universe: libomnir mapped once: \(cores.first ?? "?")")
    }

    func testUniformTypeParametersAndErrors() throws {
        let ctx = Context()
        try Quant.register(ctx)
        let f32 = FloatType.f32(ctx).type
        let q = try UniformQuantizedType(ctx, storage: i8(ctx), expressed: f32, scale: 0.25, zeroPoint: -3)
        XCTAssertEqual(try q.scale, 0.25)
        XCTAssertEqual(try q.zeroPoint, -3)
        XCTAssertEqual(try q.storageType, try i8(ctx))
        XCTAssertEqual(try q.expressedType, f32)
        XCTAssertTrue(try q.isSigned)
        XCTAssertEqual(try q.storageTypeMin, -128)
        XCTAssertEqual(try q.storageTypeMax, 127)
        XCTAssertEqual(try q.typeID, try Quant.uniformTypeID)
        XCTAssertNotNil(q.type.as(UniformQuantizedType.self))
        XCTAssertNil(UniformQuantizedType(f32))

        let u8 = try IntegerType(width: 8, signedness: .unsigned, context: ctx).type
        let unsigned = try XCTUnwrap(UniformQuantizedType(try Quant.uniformType(ctx, storage: u8, expressed: f32, scale: 1)))
        XCTAssertFalse(try unsigned.isSigned)
        XCTAssertEqual(unsigned.description, "!quant.uniform<u8:f32, 1.000000e+00>")
        XCTAssertEqual(try unsigned.storageTypeMax, 255)

        // MLIR's verifier, reported as Omnir's error with MLIR's message.
        XCTAssertThrowsError(try Quant.uniformType(ctx, storage: i8(ctx), expressed: f32, scale: 0)) {
            guard case OmnirError.verificationFailed = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(($0 as? OmnirError)?.message.contains("illegal scale") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try Quant.uniformType(ctx, storage: f32, expressed: f32, scale: 1)) {
            XCTAssertTrue(($0 as? OmnirError)?.message.contains("storage type must be integral") ?? false, "\($0)")
        }
        // A handle of another context is refused by the core, through the dialect library.
        XCTAssertThrowsError(try Quant.uniformType(Context(), storage: i8(ctx), expressed: f32, scale: 1))
    }

    /// The paths of the shared objects mapped into this process (/proc/self/maps).
    func mappedLibraries() -> Set<String> {
        // Read to EOF: /proc files have size 0 to stat.
        guard let f = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while case let n = fread(&buf, 1, buf.count, f), n > 0 { bytes.append(contentsOf: buf[0..<n]) }
        let text = String(decoding: bytes, as: UTF8.self)
        var paths = Set<String>()
        for line in text.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            paths.insert(String(line[slash...]))
        }
        return paths
    }
}
