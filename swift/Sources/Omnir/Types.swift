import COmnir

/// A uniqued type (MLIR's `Type`), valid as long as its context (which it keeps alive).
/// Equal types have equal handles. Cast to a builtin kind with a failable initializer
/// (`IntegerType(t)`) or `t.as(IntegerType.self)`; `t.isa(MemRefType.self)` tests.
public struct Type: Hashable, CustomStringConvertible {
    public let context: Context
    public let handle: omnir_type

    init(_ context: Context, _ handle: omnir_type) {
        self.context = context
        self.handle = handle
    }

    /// Wraps a C handle of `context` (from the C API or a plugin).
    public init(handle: omnir_type, context: Context) {
        self.init(context, handle)
    }

    /// Parses a type (`tensor<4x?xf32>`).
    public static func parse(_ text: String, context: Context) throws -> Type {
        try context.parseType(text)
    }

    public enum Kind: UInt32 {
        case integer = 0, index, float, complex, none, function, tuple, vector, rankedTensor, unrankedTensor,
             memref, unrankedMemref, opaque, dialect
    }

    public var kind: Kind {
        get throws {
            let raw = try out(UInt32(0)) { omnir_type_get_kind(context.raw, handle, $0) }
            guard let k = Kind(rawValue: raw) else { throw OmnirError.unknown(status: 0, message: "type kind \(raw) unknown to this Swift package") }
            return k
        }
    }

    /// The TypeID of the type's kind (`builtin.integer`, `cplug.elem`...).
    public var typeID: TypeID {
        get throws { TypeID(rawValue: try out(UInt32(0)) { omnir_type_get_type_id(context.raw, handle, $0) }) }
    }

    /// Whether the type implements the interface `interface` (asked of the registry, so a type
    /// of any package answers the same everywhere).
    public func implements(_ interface: TypeID) throws -> Bool {
        try out(false) { omnir_type_implements(context.raw, handle, interface.rawValue, $0) }
    }

    /// The implementation of `interface` for this type (`nil` when it does not implement it).
    public func interface(_ interface: TypeID) throws -> InterfaceHandle? {
        var vt: UnsafeRawPointer?
        var ud: UnsafeMutableRawPointer?
        let s = omnir_type_get_interface(context.raw, handle, interface.rawValue, &vt, &ud)
        if s == OMNIR_ERROR_NOT_REGISTERED { return nil }
        try check(s)
        return InterfaceHandle(vtable: vt, userData: ud)
    }

    public var isInteger: Bool { (try? out(false) { omnir_type_is_integer(context.raw, handle, $0) }) ?? false }
    public var isFloat: Bool { (try? out(false) { omnir_type_is_float(context.raw, handle, $0) }) ?? false }
    public var isShaped: Bool { (try? out(false) { omnir_type_is_shaped(context.raw, handle, $0) }) ?? false }

    /// The bit width of an integer or float type.
    public var intOrFloatBitWidth: Int {
        get throws { Int(try out(UInt32(0)) { omnir_type_get_int_or_float_bit_width(context.raw, handle, $0) }) }
    }

    /// The cast to a kind, or `nil`.
    public func `as`<T: TypeCastable>(_: T.Type) -> T? { T(self) }
    /// Whether the type is of a kind.
    public func isa<T: TypeCastable>(_: T.Type) -> Bool { T(self) != nil }

    public var description: String {
        (try? stringOut { omnir_type_print(context.raw, handle, $0) }) ?? "<invalid type>"
    }

    public static func == (a: Type, b: Type) -> Bool { a.handle.context == b.handle.context && a.handle.id == b.handle.id }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.id)
    }
}

/// A view of a `Type` as one kind (a builtin kind, or a family such as `ShapedType`).
public protocol TypeCastable: Hashable, CustomStringConvertible {
    /// The type, as a plain `Type`.
    var type: Type { get }
    /// The view, when `type` is of this kind.
    init?(_ type: Type)
}

extension TypeCastable {
    public var context: Context { type.context }
    public var description: String { type.description }
    public var typeID: TypeID { get throws { try type.typeID } }
}

private func kindIs(_ t: Type, _ kinds: Type.Kind...) -> Bool {
    guard let k = try? t.kind else { return false }
    return kinds.contains(k)
}

private func typeOut(_ ctx: Context, _ body: (UnsafeMutablePointer<omnir_type>) -> omnir_status) throws -> Type {
    Type(ctx, try out(omnir_type(), body))
}

// MARK: - scalar types

/// `i32`, `si8`, `ui64`...
public struct IntegerType: TypeCastable {
    public enum Signedness: UInt32 { case signless = 0, signed = 1, unsigned = 2 }
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .integer) else { return nil }
        self.type = type
    }
    public init(width: Int, signedness: Signedness = .signless, context: Context) throws {
        guard width >= 0, width <= Int(UInt32.max) else {
            throw OmnirError.invalidArgument("integer bitwidth \(width) is out of range (0 to 16777215)")
        }
        type = try typeOut(context) { omnir_integer_type_get(context.raw, UInt32(truncatingIfNeeded: width), signedness.rawValue, $0) }
    }
    /// A signless integer type (`i1`, `i32`...).
    public static func signless(_ width: Int, context: Context) throws -> IntegerType {
        try IntegerType(width: width, context: context)
    }
    public var width: Int { Int((try? out(UInt32(0)) { omnir_integer_type_get_width(type.context.raw, type.handle, $0) }) ?? 0) }
    public var signedness: Signedness {
        Signedness(rawValue: (try? out(UInt32(0)) { omnir_integer_type_get_signedness(type.context.raw, type.handle, $0) }) ?? 0) ?? .signless
    }
    public var isSignless: Bool { signedness == .signless }
    public var isSigned: Bool { signedness == .signed }
    public var isUnsigned: Bool { signedness == .unsigned }
}

/// `index`.
public struct IndexType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .index) else { return nil }
        self.type = type
    }
    public init(context: Context) {
        type = try! typeOut(context) { omnir_index_type_get(context.raw, $0) }
    }
}

/// Every floating-point format (`f16`, `bf16`, `f32`, `f64`, the f8 formats...).
public struct FloatType: TypeCastable {
    public enum Format: UInt32 {
        case f16 = 0, bf16, f32, f64, f80, f128, tf32, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ,
             f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN
    }
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .float) else { return nil }
        self.type = type
    }
    public init(_ format: Format, context: Context) {
        type = try! typeOut(context) { omnir_float_type_get(context.raw, format.rawValue, $0) }
    }
    public static func f16(_ context: Context) -> FloatType { FloatType(.f16, context: context) }
    public static func bf16(_ context: Context) -> FloatType { FloatType(.bf16, context: context) }
    public static func f32(_ context: Context) -> FloatType { FloatType(.f32, context: context) }
    public static func f64(_ context: Context) -> FloatType { FloatType(.f64, context: context) }
    public var format: Format {
        Format(rawValue: (try? out(UInt32(0)) { omnir_float_type_get_kind(type.context.raw, type.handle, $0) }) ?? 0) ?? .f32
    }
    public var width: Int { (try? type.intOrFloatBitWidth) ?? 0 }
}

/// `none`.
public struct NoneType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .none) else { return nil }
        self.type = type
    }
    public init(context: Context) {
        type = try! typeOut(context) { omnir_none_type_get(context.raw, $0) }
    }
}

/// `complex<f32>`.
public struct ComplexType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .complex) else { return nil }
        self.type = type
    }
    public init(element: Type) throws {
        type = try typeOut(element.context) { omnir_complex_type_get(element.context.raw, element.handle, $0) }
    }
    public var elementType: Type { get throws { try elementTypeOf(type) } }
}

func elementTypeOf(_ t: Type) throws -> Type {
    try typeOut(t.context) { omnir_type_get_element_type(t.context.raw, t.handle, $0) }
}

/// `(i32, f32) -> i64`.
public struct FunctionType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .function) else { return nil }
        self.type = type
    }
    public init(inputs: [Type], results: [Type], context: Context) throws {
        type = try withArr(inputs.map(\.handle)) { ip, ic in
            try withArr(results.map(\.handle)) { rp, rc in
                try typeOut(context) { omnir_function_type_get(context.raw, ip, ic, rp, rc, $0) }
            }
        }
    }
    public var inputs: [Type] {
        get throws {
            let c = type.context
            let n = try out(0) { omnir_function_type_get_num_inputs(c.raw, type.handle, $0) }
            return try (0..<n).map { i in try typeOut(c) { omnir_function_type_get_input(c.raw, type.handle, i, $0) } }
        }
    }
    public var results: [Type] {
        get throws {
            let c = type.context
            let n = try out(0) { omnir_function_type_get_num_results(c.raw, type.handle, $0) }
            return try (0..<n).map { i in try typeOut(c) { omnir_function_type_get_result(c.raw, type.handle, i, $0) } }
        }
    }
}

/// `tuple<i32, f32>`.
public struct TupleType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .tuple) else { return nil }
        self.type = type
    }
    public init(_ elements: [Type], context: Context) throws {
        type = try withArr(elements.map(\.handle)) { p, n in try typeOut(context) { omnir_tuple_type_get(context.raw, p, n, $0) } }
    }
    public var types: [Type] {
        get throws {
            let c = type.context
            let n = try out(0) { omnir_tuple_type_get_num_types(c.raw, type.handle, $0) }
            return try (0..<n).map { i in try typeOut(c) { omnir_tuple_type_get_type(c.raw, type.handle, i, $0) } }
        }
    }
}

// MARK: - shaped types

/// Any shaped type: vectors, tensors, memrefs (ranked or not).
public struct ShapedType: TypeCastable {
    /// MLIR's dynamic size (`?`), also a dynamic stride or offset: `Int64.min`.
    public static let dynamic: Int64 = omnir_swift_dynamic
    public let type: Type
    public init?(_ type: Type) {
        guard type.isShaped else { return nil }
        self.type = type
    }
    init(unchecked type: Type) { self.type = type }
    public var elementType: Type { get throws { try elementTypeOf(type) } }
    public var hasRank: Bool { (try? out(false) { omnir_shaped_type_has_rank(type.context.raw, type.handle, $0) }) ?? false }
    public var rank: Int { get throws { try out(0) { omnir_shaped_type_get_rank(type.context.raw, type.handle, $0) } } }
    /// The dimensions (`ShapedType.dynamic` for `?`).
    public var shape: [Int64] {
        get throws {
            let n = try rank
            return try (0..<n).map { i in try out(Int64(0)) { omnir_shaped_type_get_dim(type.context.raw, type.handle, i, $0) } }
        }
    }
    /// Dimension `i` (`ShapedType.dynamic` for `?`); an index past the rank throws `.outOfRange`.
    public func dimSize(_ i: Int) throws -> Int64 {
        try out(Int64(0)) { omnir_shaped_type_get_dim(type.context.raw, type.handle, i, $0) }
    }
    /// Whether dimension `i` is dynamic; an index past the rank throws `.outOfRange`.
    public func isDynamicDim(_ i: Int) throws -> Bool { try dimSize(i) == ShapedType.dynamic }
    public var hasStaticShape: Bool { hasRank && ((try? shape.allSatisfy { $0 != ShapedType.dynamic }) ?? false) }
    public var numElements: UInt64 {
        get throws { try out(UInt64(0)) { omnir_shaped_type_get_num_elements(type.context.raw, type.handle, $0) } }
    }
}

/// Shared accessors of the shaped kinds.
public protocol ShapedTypeCastable: TypeCastable {}
extension ShapedTypeCastable {
    public var shaped: ShapedType { ShapedType(unchecked: type) }
    public func dimSize(_ i: Int) throws -> Int64 { try shaped.dimSize(i) }
    public func isDynamicDim(_ i: Int) throws -> Bool { try shaped.isDynamicDim(i) }
    public var hasStaticShape: Bool { shaped.hasStaticShape }
    public var numElements: UInt64 { get throws { try shaped.numElements } }
    public var elementType: Type { get throws { try elementTypeOf(type) } }
    public var shape: [Int64] { get throws { try shaped.shape } }
    public var rank: Int { get throws { try shaped.rank } }
}

/// `vector<[4]x8xf32>`.
public struct VectorType: ShapedTypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .vector) else { return nil }
        self.type = type
    }
    public init(shape: [Int64], element: Type, scalable: [Bool]? = nil) throws {
        let c = element.context
        type = try withArr(shape) { sp, n in
            if let scalable {
                return try withArr(scalable) { bp, _ in try typeOut(c) { omnir_vector_type_get(c.raw, sp, n, bp, element.handle, $0) } }
            }
            return try typeOut(c) { omnir_vector_type_get(c.raw, sp, n, nil, element.handle, $0) }
        }
    }
    public func isScalable(dim: Int) throws -> Bool {
        try out(false) { omnir_vector_type_is_dim_scalable(type.context.raw, type.handle, dim, $0) }
    }
}

/// `tensor<4x?xf32, #encoding>`.
public struct RankedTensorType: ShapedTypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .rankedTensor) else { return nil }
        self.type = type
    }
    public init(shape: [Int64], element: Type, encoding: Attribute? = nil) throws {
        let c = element.context
        type = try withArr(shape) { sp, n in
            try typeOut(c) { omnir_ranked_tensor_type_get(c.raw, sp, n, element.handle, encoding?.handle ?? omnir_attribute(), $0) }
        }
    }
    public var encoding: Attribute? {
        get throws {
            let a = try out(omnir_attribute()) { omnir_ranked_tensor_type_get_encoding(type.context.raw, type.handle, $0) }
            return a.context == 0 ? nil : Attribute(type.context, a)
        }
    }
}

/// `tensor<*xf32>`.
public struct UnrankedTensorType: ShapedTypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .unrankedTensor) else { return nil }
        self.type = type
    }
    public init(element: Type) throws {
        type = try typeOut(element.context) { omnir_unranked_tensor_type_get(element.context.raw, element.handle, $0) }
    }
}

/// `memref<4x?xf32, #layout, 1>`. The element type must be a valid memref element type: a
/// builtin one, or any type implementing `builtin.MemRefElementTypeInterface` (asked of the
/// registry, so a type registered by a C plugin or from Swift works the same).
public struct MemRefType: ShapedTypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .memref) else { return nil }
        self.type = type
    }
    public init(shape: [Int64], element: Type, layout: Attribute? = nil, memorySpace: Attribute? = nil) throws {
        let c = element.context
        type = try withArr(shape) { sp, n in
            try typeOut(c) {
                omnir_memref_type_get(c.raw, sp, n, element.handle, layout?.handle ?? omnir_attribute(),
                                      memorySpace?.handle ?? omnir_attribute(), $0)
            }
        }
    }
    public var layout: Attribute? {
        get throws {
            let a = try out(omnir_attribute()) { omnir_memref_type_get_layout(type.context.raw, type.handle, $0) }
            return a.context == 0 ? nil : Attribute(type.context, a)
        }
    }
    public var memorySpace: Attribute? {
        get throws {
            let a = try out(omnir_attribute()) { omnir_memref_type_get_memory_space(type.context.raw, type.handle, $0) }
            return a.context == 0 ? nil : Attribute(type.context, a)
        }
    }
}

/// `memref<*xf32, 1>`.
public struct UnrankedMemRefType: ShapedTypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .unrankedMemref) else { return nil }
        self.type = type
    }
    public init(element: Type, memorySpace: Attribute? = nil) throws {
        let c = element.context
        type = try typeOut(c) { omnir_unranked_memref_type_get(c.raw, element.handle, memorySpace?.handle ?? omnir_attribute(), $0) }
    }
    public var memorySpace: Attribute? {
        get throws {
            let a = try out(omnir_attribute()) { omnir_memref_type_get_memory_space(type.context.raw, type.handle, $0) }
            return a.context == 0 ? nil : Attribute(type.context, a)
        }
    }
}

// MARK: - dialect types

/// `!dialect.body` of a dialect that is not registered (the body kept verbatim).
public struct OpaqueType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .opaque) else { return nil }
        self.type = type
    }
    public init(dialect: String, data: String, context: Context) throws {
        type = try withStr(dialect) { d, dl in
            try withStr(data) { b, bl in try typeOut(context) { omnir_opaque_type_get(context.raw, d, dl, b, bl, $0) } }
        }
    }
    public var dialect: String { get throws { try stringOut { omnir_opaque_type_get_dialect(type.context.raw, type.handle, $0) } } }
    public var data: String { get throws { try stringOut { omnir_opaque_type_get_data(type.context.raw, type.handle, $0) } } }
}

/// A type defined at run time by a registered dialect (from C, Rust, Python or Swift).
public struct DialectType: TypeCastable {
    public let type: Type
    public init?(_ type: Type) {
        guard kindIs(type, .dialect) else { return nil }
        self.type = type
    }
    /// The definition it is an instance of.
    public var definition: TypeDefinitionID {
        get throws {
            TypeDefinitionID(context: type.context,
                             rawValue: try out(UInt32(0)) { omnir_dialect_type_get_def(type.context.raw, type.handle, $0) })
        }
    }
    /// Its parameters, in declaration order.
    public var parameters: [Attribute] {
        get throws {
            let c = type.context
            let n = try out(0) { omnir_dialect_type_get_num_params(c.raw, type.handle, $0) }
            return try (0..<n).map { i in
                Attribute(c, try out(omnir_attribute()) { omnir_dialect_type_get_param(c.raw, type.handle, i, $0) })
            }
        }
    }
}
