import COmnir

/// A uniqued attribute (MLIR's `Attribute`), valid as long as its context (which it keeps
/// alive). Cast with a failable initializer (`IntegerAttr(a)`) or `a.as(IntegerAttr.self)`.
public struct Attribute: Hashable, CustomStringConvertible {
    public let context: Context
    public let handle: omnir_attribute

    init(_ context: Context, _ handle: omnir_attribute) {
        self.context = context
        self.handle = handle
    }

    /// Wraps a C handle of `context` (from the C API or a plugin).
    public init(handle: omnir_attribute, context: Context) {
        self.init(context, handle)
    }

    /// Parses an attribute (`dense<[1, 2]> : tensor<2xi32>`).
    public static func parse(_ text: String, context: Context) throws -> Attribute {
        try context.parseAttribute(text)
    }

    public enum Kind: UInt32 {
        case unit = 0, bool, integer, float, string, type, array, dictionary, symbolRef, denseElements,
             denseStringElements, denseArray, denseResourceElements, affineMap, integerSet, stridedLayout, distinct,
             location, opaque, dialect, sparseElements
    }

    public var kind: Kind {
        get throws {
            let raw = try out(UInt32(0)) { omnir_attribute_get_kind(context.raw, handle, $0) }
            guard let k = Kind(rawValue: raw) else {
                throw OmnirError.unknown(status: 0, message: "attribute kind \(raw) unknown to this Swift package")
            }
            return k
        }
    }

    /// The type of a typed attribute (`nil` for untyped ones).
    public var type: Type? {
        get throws {
            let t = try out(omnir_type()) { omnir_attribute_get_type(context.raw, handle, $0) }
            return t.context == 0 ? nil : Type(context, t)
        }
    }

    public var typeID: TypeID {
        get throws { TypeID(rawValue: try out(UInt32(0)) { omnir_attribute_get_type_id(context.raw, handle, $0) }) }
    }

    public func implements(_ interface: TypeID) throws -> Bool {
        try out(false) { omnir_attribute_implements(context.raw, handle, interface.rawValue, $0) }
    }

    public func interface(_ interface: TypeID) throws -> InterfaceHandle? {
        var vt: UnsafeRawPointer?
        var ud: UnsafeMutableRawPointer?
        let s = omnir_attribute_get_interface(context.raw, handle, interface.rawValue, &vt, &ud)
        if s == OMNIR_ERROR_NOT_REGISTERED { return nil }
        try check(s)
        return InterfaceHandle(vtable: vt, userData: ud)
    }

    public func `as`<T: AttributeCastable>(_: T.Type) -> T? { T(self) }
    public func isa<T: AttributeCastable>(_: T.Type) -> Bool { T(self) != nil }

    public var description: String {
        (try? stringOut { omnir_attribute_print(context.raw, handle, $0) }) ?? "<invalid attribute>"
    }

    public static func == (a: Attribute, b: Attribute) -> Bool {
        a.handle.context == b.handle.context && a.handle.id == b.handle.id
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.id)
    }
}

/// A view of an `Attribute` as one kind.
public protocol AttributeCastable: Hashable, CustomStringConvertible {
    var attribute: Attribute { get }
    init?(_ attribute: Attribute)
}

extension AttributeCastable {
    public var context: Context { attribute.context }
    public var description: String { attribute.description }
    public var type: Type? { get throws { try attribute.type } }
}

private func attrKindIs(_ a: Attribute, _ kinds: Attribute.Kind...) -> Bool {
    guard let k = try? a.kind else { return false }
    return kinds.contains(k)
}

func attrOut(_ ctx: Context, _ body: (UnsafeMutablePointer<omnir_attribute>) -> omnir_status) throws -> Attribute {
    Attribute(ctx, try out(omnir_attribute(), body))
}

/// A name and an attribute: an entry of a dictionary or of an operation's attributes.
public struct NamedAttribute: Hashable, CustomStringConvertible {
    public var name: String
    public var attribute: Attribute
    public init(_ name: String, _ attribute: Attribute) {
        self.name = name
        self.attribute = attribute
    }
    public var description: String { "\(name) = \(attribute)" }
}

/// `unit`.
public struct UnitAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .unit) else { return nil }
        self.attribute = attribute
    }
    public init(context: Context) {
        attribute = try! attrOut(context) { omnir_unit_attr_get(context.raw, $0) }
    }
}

/// `true` / `false`.
public struct BoolAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .bool) else { return nil }
        self.attribute = attribute
    }
    public init(_ value: Bool, context: Context) {
        attribute = try! attrOut(context) { omnir_bool_attr_get(context.raw, value, $0) }
    }
    public var value: Bool { (try? out(false) { omnir_bool_attr_get_value(attribute.context.raw, attribute.handle, $0) }) ?? false }
}

/// `42 : i32` (any width; `index` too).
public struct IntegerAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .integer) else { return nil }
        self.attribute = attribute
    }
    /// The value truncated (two's complement) to the type's width.
    public init(_ value: Int64, type: Type) throws {
        attribute = try attrOut(type.context) { omnir_integer_attr_get(type.context.raw, type.handle, value, $0) }
    }
    /// A value of any width from little-endian 64-bit words.
    public init(words: [UInt64], type: Type) throws {
        attribute = try withArr(words) { p, n in
            try attrOut(type.context) { omnir_integer_attr_from_words(type.context.raw, type.handle, p, n, $0) }
        }
    }
    /// The value, sign-extended (throws when it does not fit in 64 bits).
    public var value: Int64 {
        get throws { try out(Int64(0)) { omnir_integer_attr_get_int64(attribute.context.raw, attribute.handle, $0) } }
    }
    /// The value, zero-extended.
    public var unsignedValue: UInt64 {
        get throws { try out(UInt64(0)) { omnir_integer_attr_get_uint64(attribute.context.raw, attribute.handle, $0) } }
    }
    /// The value as little-endian 64-bit words.
    public var words: [UInt64] {
        get throws {
            let c = attribute.context
            let n = try out(0) { omnir_integer_attr_get_num_words(c.raw, attribute.handle, $0) }
            return try (0..<n).map { i in try out(UInt64(0)) { omnir_integer_attr_get_word(c.raw, attribute.handle, i, $0) } }
        }
    }
}

/// `1.5 : f32`.
public struct FloatAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .float) else { return nil }
        self.attribute = attribute
    }
    /// The value rounded to the type's format.
    public init(_ value: Double, type: Type) throws {
        attribute = try attrOut(type.context) { omnir_float_attr_get(type.context.raw, type.handle, value, $0) }
    }
    /// From the raw bit pattern of the type's format.
    public init(bits low: UInt64, high: UInt64 = 0, type: Type) throws {
        attribute = try attrOut(type.context) { omnir_float_attr_from_bits(type.context.raw, type.handle, low, high, $0) }
    }
    public var value: Double {
        get throws { try out(0.0) { omnir_float_attr_get_double(attribute.context.raw, attribute.handle, $0) } }
    }
}

/// `"text"` (optionally typed). MLIR strings may hold any byte; `value` decodes UTF-8
/// (replacing invalid sequences), `bytes` gives them exactly.
public struct StringAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .string) else { return nil }
        self.attribute = attribute
    }
    /// An untyped string attribute (cannot fail).
    public init(_ value: String, context: Context) {
        attribute = (try? withStr(value) { p, n in
            try attrOut(context) { omnir_string_attr_get(context.raw, p, n, omnir_type(), $0) }
        }) ?? Attribute(context, omnir_attribute())
    }
    /// A typed string attribute (`"text" : i32`); a type of another context throws
    /// `.wrongContext`.
    public init(_ value: String, type: Type?, context: Context) throws {
        attribute = try withStr(value) { p, n in
            try attrOut(context) { omnir_string_attr_get(context.raw, p, n, type?.handle ?? omnir_type(), $0) }
        }
    }
    public init(bytes: [UInt8], type: Type? = nil, context: Context) throws {
        attribute = try bytes.withUnsafeBufferPointer { buf in
            try attrOut(context) {
                omnir_string_attr_get(context.raw, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                      buf.count, type?.handle ?? omnir_type(), $0)
            }
        }
    }
    public var value: String {
        (try? stringOut { omnir_string_attr_get_value(attribute.context.raw, attribute.handle, $0) }) ?? ""
    }
    public var bytes: [UInt8] {
        get throws { takeBytes(try out(omnir_string(data: nil, len: 0)) { omnir_string_attr_get_value(attribute.context.raw, attribute.handle, $0) }) }
    }
}

/// A type as an attribute.
public struct TypeAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .type) else { return nil }
        self.attribute = attribute
    }
    public init(_ type: Type) {
        attribute = try! attrOut(type.context) { omnir_type_attr_get(type.context.raw, type.handle, $0) }
    }
    public var value: Type {
        Type(attribute.context, (try? out(omnir_type()) { omnir_type_attr_get_value(attribute.context.raw, attribute.handle, $0) }) ?? omnir_type())
    }
}

/// `[a, b, c]`, a random-access collection of its elements.
public struct ArrayAttr: AttributeCastable, RandomAccessCollection {
    public let attribute: Attribute
    public let count: Int
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .array),
              let n = try? out(0, { omnir_array_attr_get_num_elements(attribute.context.raw, attribute.handle, $0) })
        else { return nil }
        self.attribute = attribute
        count = n
    }
    public init(_ elements: [Attribute], context: Context) throws {
        attribute = try withArr(elements.map(\.handle)) { p, n in try attrOut(context) { omnir_array_attr_get(context.raw, p, n, $0) } }
        count = elements.count
    }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// Element `i`. Like `Array`, an index outside `0..<count` is a programming error and
    /// traps; `element(at:)` throws `.outOfRange` instead.
    public subscript(i: Int) -> Attribute {
        precondition(i >= 0 && i < count, "ArrayAttr index \(i) out of range (count \(count))")
        return (try? element(at: i)) ?? Attribute(attribute.context, omnir_attribute())
    }
    /// Element `i`, or `.outOfRange` for an index outside `0..<count`.
    public func element(at i: Int) throws -> Attribute {
        try attrOut(attribute.context) { omnir_array_attr_get_element(attribute.context.raw, attribute.handle, i, $0) }
    }
}

/// `{a = 1, b}`: a random-access collection of its entries (sorted by name), with lookup
/// by name.
public struct DictionaryAttr: AttributeCastable, RandomAccessCollection {
    public let attribute: Attribute
    public let count: Int
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .dictionary),
              let n = try? out(0, { omnir_dictionary_attr_get_num_entries(attribute.context.raw, attribute.handle, $0) })
        else { return nil }
        self.attribute = attribute
        count = n
    }
    public init(_ entries: [String: Attribute], context: Context) throws {
        try self.init(entries.map { NamedAttribute($0.key, $0.value) }, context: context)
    }
    public init(_ entries: [NamedAttribute], context: Context) throws {
        // The names must stay valid during the call: keep them in one contiguous buffer.
        var storage: [UInt8] = []
        var ranges: [(Int, Int)] = []
        for e in entries {
            ranges.append((storage.count, e.name.utf8.count))
            storage.append(contentsOf: e.name.utf8)
        }
        storage.append(0)
        let a = try storage.withUnsafeBufferPointer { buf in
            let base = UnsafeRawPointer(buf.baseAddress!).assumingMemoryBound(to: CChar.self)
            let named = entries.enumerated().map { i, e in
                omnir_named_attribute(name: base + ranges[i].0, name_len: ranges[i].1, value: e.attribute.handle)
            }
            return try withArr(named) { p, n in try attrOut(context) { omnir_dictionary_attr_get(context.raw, p, n, $0) } }
        }
        attribute = a
        count = try out(0) { omnir_dictionary_attr_get_num_entries(context.raw, a.handle, $0) }
    }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// Entry `i`. Like `Array`, an index outside `0..<count` is a programming error and
    /// traps; `entry(at:)` throws `.outOfRange` instead.
    public subscript(i: Int) -> NamedAttribute {
        precondition(i >= 0 && i < count, "DictionaryAttr index \(i) out of range (count \(count))")
        return (try? entry(at: i)) ?? NamedAttribute("", Attribute(attribute.context, omnir_attribute()))
    }
    /// Entry `i`, or `.outOfRange` for an index outside `0..<count`.
    public func entry(at i: Int) throws -> NamedAttribute {
        var name = omnir_string(data: nil, len: 0)
        var value = omnir_attribute()
        try check(omnir_dictionary_attr_get_entry(attribute.context.raw, attribute.handle, i, &name, &value))
        return NamedAttribute(takeString(name), Attribute(attribute.context, value))
    }
    /// The entry `name`, if there is one.
    public subscript(name: String) -> Attribute? {
        let a = withStr(name) { p, n -> omnir_attribute in
            var a = omnir_attribute()
            _ = omnir_dictionary_attr_lookup(attribute.context.raw, attribute.handle, p, n, &a)
            return a
        }
        return a.context == 0 ? nil : Attribute(attribute.context, a)
    }
}

/// `@root::@nested...`.
public struct SymbolRefAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .symbolRef) else { return nil }
        self.attribute = attribute
    }
    public init(root: String, nested: [String] = [], context: Context) throws {
        var storage: [UInt8] = []
        var ranges: [(Int, Int)] = []
        for n in nested {
            ranges.append((storage.count, n.utf8.count))
            storage.append(contentsOf: n.utf8)
        }
        storage.append(0)
        attribute = try withStr(root) { r, rl in
            try storage.withUnsafeBufferPointer { buf in
                let base = UnsafeRawPointer(buf.baseAddress!).assumingMemoryBound(to: CChar.self)
                let views = ranges.map { omnir_string_view(data: base + $0.0, len: $0.1) }
                return try withArr(views) { p, n in try attrOut(context) { omnir_symbol_ref_attr_get(context.raw, r, rl, p, n, $0) } }
            }
        }
    }
    public var rootReference: String {
        (try? stringOut { omnir_symbol_ref_attr_get_root(attribute.context.raw, attribute.handle, $0) }) ?? ""
    }
    public var nestedReferences: [String] {
        let c = attribute.context
        let n = (try? out(0) { omnir_symbol_ref_attr_get_num_nested(c.raw, attribute.handle, $0) }) ?? 0
        return (0..<n).map { i in (try? stringOut { omnir_symbol_ref_attr_get_nested(c.raw, attribute.handle, i, $0) }) ?? "" }
    }
}

/// `@name`: a symbol reference without nested references.
public struct FlatSymbolRefAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard let s = SymbolRefAttr(attribute), s.nestedReferences.isEmpty else { return nil }
        self.attribute = attribute
    }
    public init(_ name: String, context: Context) throws {
        attribute = try withStr(name) { p, n in try attrOut(context) { omnir_flat_symbol_ref_attr_get(context.raw, p, n, $0) } }
    }
    public var value: String { SymbolRefAttr(attribute)!.rootReference }
}

/// `dense<...>` of integers, index, floats or complex numbers.
public struct DenseElementsAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .denseElements) else { return nil }
        self.attribute = attribute
    }
    /// From raw element bytes (row-major, each element `ceil(bits / 8)` bytes little-endian;
    /// one element makes a splat).
    public init(type: Type, rawData: [UInt8]) throws {
        attribute = try withArr(rawData) { p, n in
            try attrOut(type.context) { omnir_dense_elements_attr_get(type.context.raw, type.handle, p, n, $0) }
        }
    }
    /// Integer (or index) elements, truncated to the element width.
    public init(type: Type, integers: [Int64]) throws {
        let shaped = try ShapedType(type).map { try $0.elementType } ?? type
        let width = IndexType(shaped) != nil ? 64 : try shaped.intOrFloatBitWidth
        let bytes = (width + 7) / 8
        var data: [UInt8] = []
        data.reserveCapacity(integers.count * bytes)
        for v in integers {
            for b in 0..<bytes { data.append(width == 1 ? UInt8(v & 1) : UInt8(truncatingIfNeeded: b < 8 ? v >> (8 * b) : v >> 63)) }
        }
        try self.init(type: type, rawData: data)
    }
    /// `f32` or `f64` elements.
    public init(type: Type, doubles: [Double]) throws {
        let element = try ShapedType(type).map { try $0.elementType } ?? type
        var data: [UInt8] = []
        switch FloatType(element)?.format {
        case .f32?: for v in doubles { withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        case .f64?: for v in doubles { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        default: throw OmnirError.invalidArgument("DenseElementsAttr(type:doubles:) takes f32 or f64 elements, not \(element)")
        }
        try self.init(type: type, rawData: data)
    }
    public var count: Int {
        (try? out(0) { omnir_dense_elements_attr_get_num_elements(attribute.context.raw, attribute.handle, $0) }) ?? 0
    }
    public var isSplat: Bool {
        (try? out(false) { omnir_dense_elements_attr_is_splat(attribute.context.raw, attribute.handle, $0) }) ?? false
    }
    public func int64(at i: Int) throws -> Int64 {
        try out(Int64(0)) { omnir_dense_elements_attr_get_int64(attribute.context.raw, attribute.handle, i, $0) }
    }
    public func uint64(at i: Int) throws -> UInt64 {
        try out(UInt64(0)) { omnir_dense_elements_attr_get_uint64(attribute.context.raw, attribute.handle, i, $0) }
    }
    public func double(at i: Int) throws -> Double {
        try out(0.0) { omnir_dense_elements_attr_get_double(attribute.context.raw, attribute.handle, i, $0) }
    }
    /// Element `i` as an integer or float attribute.
    public func element(at i: Int) throws -> Attribute {
        try attrOut(attribute.context) { omnir_dense_elements_attr_get_element(attribute.context.raw, attribute.handle, i, $0) }
    }
    /// The stored bytes (a splat stores one element).
    public var rawData: [UInt8] {
        get throws {
            var b = omnir_bytes(data: nil, len: 0)
            try check(omnir_dense_elements_attr_get_raw_data(attribute.context.raw, attribute.handle, &b))
            defer { omnir_bytes_free(b) }
            guard let d = b.data else { return [] }
            return Array(UnsafeBufferPointer(start: d, count: b.len))
        }
    }
}

/// `array<i64: 1, 2, 3>`.
public struct DenseArrayAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .denseArray) else { return nil }
        self.attribute = attribute
    }
    /// `array<i64: ...>` (or another integer element type, values truncated).
    public init(_ values: [Int64], element: Type) throws {
        let width = try element.intOrFloatBitWidth
        let bytes = (width + 7) / 8
        var data: [UInt8] = []
        for v in values { for b in 0..<bytes { data.append(width == 1 ? UInt8(v & 1) : UInt8(truncatingIfNeeded: v >> (8 * b))) } }
        attribute = try withArr(data) { p, n in
            try attrOut(element.context) { omnir_dense_array_attr_get(element.context.raw, element.handle, p, n, $0) }
        }
    }
    public var elementType: Type {
        get throws { Type(attribute.context, try out(omnir_type()) { omnir_dense_array_attr_get_element_type(attribute.context.raw, attribute.handle, $0) }) }
    }
    public var count: Int {
        (try? out(0) { omnir_dense_elements_attr_get_num_elements(attribute.context.raw, attribute.handle, $0) }) ?? 0
    }
    public var int64s: [Int64] {
        get throws { try (0..<count).map { i in try out(Int64(0)) { omnir_dense_elements_attr_get_int64(attribute.context.raw, attribute.handle, i, $0) } } }
    }
}

/// `strided<[1, ?], offset: 0>`.
public struct StridedLayoutAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .stridedLayout) else { return nil }
        self.attribute = attribute
    }
    public init(offset: Int64, strides: [Int64], context: Context) throws {
        attribute = try withArr(strides) { p, n in try attrOut(context) { omnir_strided_layout_attr_get(context.raw, offset, p, n, $0) } }
    }
    public var offset: Int64 {
        get throws { try out(Int64(0)) { omnir_strided_layout_attr_get_offset(attribute.context.raw, attribute.handle, $0) } }
    }
    public var strides: [Int64] {
        get throws {
            let c = attribute.context
            let n = try out(0) { omnir_strided_layout_attr_get_num_strides(c.raw, attribute.handle, $0) }
            return try (0..<n).map { i in try out(Int64(0)) { omnir_strided_layout_attr_get_stride(c.raw, attribute.handle, i, $0) } }
        }
    }
}

/// `affine_map<...>`.
public struct AffineMapAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .affineMap) else { return nil }
        self.attribute = attribute
    }
    /// `affine_map<(d0, ..., dN-1) -> (d0, ..., dN-1)>`.
    public static func identity(dims: Int, context: Context) throws -> AffineMapAttr {
        AffineMapAttr(try attrOut(context) { omnir_affine_map_attr_get_identity(context.raw, UInt32(dims), $0) })!
    }
    public var numDims: Int { Int((try? out(UInt32(0)) { omnir_affine_map_attr_get_num_dims(attribute.context.raw, attribute.handle, $0) }) ?? 0) }
    public var numSymbols: Int { Int((try? out(UInt32(0)) { omnir_affine_map_attr_get_num_symbols(attribute.context.raw, attribute.handle, $0) }) ?? 0) }
    public var numResults: Int { (try? out(0) { omnir_affine_map_attr_get_num_results(attribute.context.raw, attribute.handle, $0) }) ?? 0 }
    public var isIdentity: Bool { (try? out(false) { omnir_affine_map_attr_is_identity(attribute.context.raw, attribute.handle, $0) }) ?? false }
}

/// `#dialect.body` of a dialect that is not registered.
public struct OpaqueAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .opaque) else { return nil }
        self.attribute = attribute
    }
    public init(dialect: String, data: String, type: Type? = nil, context: Context) throws {
        attribute = try withStr(dialect) { d, dl in
            try withStr(data) { b, bl in
                try attrOut(context) { omnir_opaque_attr_get(context.raw, d, dl, b, bl, type?.handle ?? omnir_type(), $0) }
            }
        }
    }
    public var dialect: String { get throws { try stringOut { omnir_opaque_attr_get_dialect(attribute.context.raw, attribute.handle, $0) } } }
    public var data: String { get throws { try stringOut { omnir_opaque_attr_get_data(attribute.context.raw, attribute.handle, $0) } } }
}

/// `distinct[N]<referenced>`: never equal to another distinct attribute.
public struct DistinctAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .distinct) else { return nil }
        self.attribute = attribute
    }
    /// A new distinct attribute referencing `referenced`.
    public static func create(_ referenced: Attribute) throws -> DistinctAttr {
        DistinctAttr(try attrOut(referenced.context) { omnir_distinct_attr_create(referenced.context.raw, referenced.handle, $0) })!
    }
    public var referenced: Attribute {
        get throws { try attrOut(attribute.context) { omnir_distinct_attr_get_referenced(attribute.context.raw, attribute.handle, $0) } }
    }
}

/// An attribute defined at run time by a registered dialect.
public struct DialectAttr: AttributeCastable {
    public let attribute: Attribute
    public init?(_ attribute: Attribute) {
        guard attrKindIs(attribute, .dialect) else { return nil }
        self.attribute = attribute
    }
    public var parameters: [Attribute] {
        get throws {
            let c = attribute.context
            let n = try out(0) { omnir_dialect_attr_get_num_params(c.raw, attribute.handle, $0) }
            return try (0..<n).map { i in try attrOut(c) { omnir_dialect_attr_get_param(c.raw, attribute.handle, i, $0) } }
        }
    }
}
