import CQuant
import Omnir

// A thin Swift layer over the quant dialect's C entry points (quant/quant.h). Nothing of the
// dialect lives here: libquant_dialect.so.0 (C++, on omnir's C++ bridge) registers it into a
// context's registry, and that registry is the one every package in the process asks, because
// they all share the one libomnir.so.0. So a type made here is a plain `Omnir.Type`: Omnir's
// `MemRefType` accepts it because the registry says it implements
// `builtin.MemRefElementTypeInterface`, and its TypeID is the number the C++ library has.

/// The quant dialect (MLIR's quantization dialect): `!quant.uniform<i8:f32, 0.5:128>` and the
/// `quant.qcast`, `quant.dcast`, `quant.scast` operations.
public enum Quant {
    /// Registers the dialect (its type, interface and operations) in `ctx`; registering again
    /// does nothing. The library first checks it was built against the C ABI of the loaded
    /// core (`.abiMismatch` otherwise) and that the process has one core (`.duplicateCore`).
    /// Afterwards `!quant.uniform<...>` parses in `ctx`.
    public static func register(_ ctx: Context) throws {
        try call(quant_register(ctx.raw))
    }

    /// `!quant.uniform<storage:expressed, scale:zeroPoint>` with the storage type's full range.
    /// `storage` is an integer type of 1 to 32 bits (`ui8` makes unsigned storage, printed
    /// `u8`; `i8` and `si8` signed storage), `expressed` a float type, `scale` positive and
    /// finite. Without `register` first: `.notRegistered`; parameters MLIR refuses:
    /// `.verificationFailed` with MLIR's message (`illegal scale: 0.000000e+00`).
    public static func uniformType(_ ctx: Context, storage: Type, expressed: Type, scale: Double,
                                   zeroPoint: Int64 = 0) throws -> Type {
        var raw = omnir_type()
        try call(quant_uniform_type_get(ctx.raw, storage.handle, expressed.handle, scale, zeroPoint, &raw))
        return Type(handle: raw, context: ctx)
    }

    /// The TypeID of `quant.uniform`, as the C++ library has it (process-wide: equal to the
    /// `typeID` omnir reports for every `!quant.uniform` type).
    public static var uniformTypeID: TypeID {
        get throws { TypeID(rawValue: try out { quant_uniform_typeid($0) }) }
    }

    /// The TypeID of the `quant.QuantizedTypeInterface` type interface (a C method table,
    /// `quant_quantized_type_vtable`).
    public static var quantizedTypeInterfaceID: TypeID {
        get throws { TypeID(rawValue: try out { quant_quantized_type_interface_typeid($0) }) }
    }

    /// Turns a failed status into the `OmnirError` the Omnir package would throw, with the
    /// library's message (or the core's, when the failure was the core's own).
    static func call(_ status: omnir_status) throws {
        guard status.rawValue != 0 else { return }
        var message = quant_last_error_message().map { String(cString: $0) } ?? ""
        if message.isEmpty {
            let s = omnir_last_error_message()
            if let d = s.data { message = String(cString: d) }
            omnir_string_free(s)
        }
        throw OmnirError(status: status.rawValue, message: message)
    }

    static func out<T: Numeric>(_ body: (UnsafeMutablePointer<T>) -> omnir_status) throws -> T {
        var v: T = 0
        try call(body(&v))
        return v
    }
}

/// A view of a `!quant.uniform` type (MLIR's `UniformQuantizedType`): `UniformQuantizedType(t)`
/// or `t.as(UniformQuantizedType.self)`, `nil` for any other type.
public struct UniformQuantizedType: TypeCastable {
    public let type: Type

    public init?(_ type: Type) {
        var yes = false
        guard quant_type_is_uniform(type.context.raw, type.handle, &yes).rawValue == 0, yes else { return nil }
        self.type = type
    }

    public init(_ ctx: Context, storage: Type, expressed: Type, scale: Double, zeroPoint: Int64 = 0) throws {
        type = try Quant.uniformType(ctx, storage: storage, expressed: expressed, scale: scale, zeroPoint: zeroPoint)
    }

    private var c: (OpaquePointer, omnir_type) { (type.context.raw, type.handle) }

    public var scale: Double { get throws { try Quant.out { quant_uniform_type_get_scale(c.0, c.1, $0) } } }
    public var zeroPoint: Int64 { get throws { try Quant.out { quant_uniform_type_get_zero_point(c.0, c.1, $0) } } }
    public var storageTypeMin: Int64 { get throws { try Quant.out { quant_uniform_type_get_storage_type_min(c.0, c.1, $0) } } }
    public var storageTypeMax: Int64 { get throws { try Quant.out { quant_uniform_type_get_storage_type_max(c.0, c.1, $0) } } }

    public var isSigned: Bool {
        get throws {
            var v = false
            try Quant.call(quant_uniform_type_is_signed(c.0, c.1, &v))
            return v
        }
    }

    /// The storage integer (signless, as MLIR keeps it).
    public var storageType: Type { get throws { try component(quant_uniform_type_get_storage_type) } }
    /// The float type the values stand for.
    public var expressedType: Type { get throws { try component(quant_uniform_type_get_expressed_type) } }

    private func component(_ get: (OpaquePointer?, omnir_type, UnsafeMutablePointer<omnir_type>?) -> omnir_status) throws -> Type {
        var raw = omnir_type()
        try Quant.call(get(c.0, c.1, &raw))
        return Type(handle: raw, context: type.context)
    }
}
