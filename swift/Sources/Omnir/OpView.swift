import COmnir

// What the generated Swift dialect modules (`omnir-gen swift`, the `OmnirDialects` target, a
// package's own through the OmnirGen plugin) share at run time: the op-, type- and
// attribute-view protocols, operand and result groups as the core lays them out, attributes
// built from plain Swift values, and a dialect's types and attributes built and read by their
// qualified names. Written once by hand; the views themselves are generated.

/// A typed view of one operation kind (`Arith.AddIOp`), generated for every op of a dialect.
public protocol OpView: Hashable, CustomStringConvertible {
    /// The operation's name (`"arith.addi"`).
    static var operationName: String { get }
    /// The operation.
    var operation: Operation { get }
    /// Wraps `operation` without checking its name.
    init(unchecked operation: Operation)
}

extension OpView {
    /// The view of `operation` when it is this kind of operation (MLIR's `dyn_cast`); `nil`
    /// for another kind or a stale handle.
    public init?(_ operation: Operation) {
        guard (try? operation.name) == Self.operationName else { return nil }
        self.init(unchecked: operation)
    }

    public var description: String { operation.description }
    public static func == (a: Self, b: Self) -> Bool { a.operation == b.operation }
    public func hash(into hasher: inout Hasher) { hasher.combine(operation) }
}

/// A typed view of one type kind of a dialect (`GPU.AsyncTokenType`), generated for every type
/// of a dialect: a `TypeCastable`, so `t.as(Pixels.RgbType.self)` and `isa` work too.
public protocol TypeView: TypeCastable {
    /// The kind's qualified name (`"pixels.rgb"`).
    static var name: String { get }
    /// Wraps `type` without checking its kind.
    init(unchecked type: Type)
}

extension TypeView {
    /// The view of `type` when it is of this kind (MLIR's `dyn_cast`); `nil` for another kind
    /// or a stale handle.
    public init?(_ type: Type) {
        guard ODS.isTypeKind(type, Self.name) else { return nil }
        self.init(unchecked: type)
    }
}

/// A typed view of one attribute kind of a dialect (`Arith.FastmathAttr`), generated for every
/// attribute of a dialect: an `AttributeCastable`.
public protocol AttributeView: AttributeCastable {
    /// The kind's qualified name, without `#` (`"pixels.channel"`).
    static var name: String { get }
    /// Wraps `attribute` without checking its kind.
    init(unchecked attribute: Attribute)
}

extension AttributeView {
    /// The view of `attribute` when it is of this kind (MLIR's `dyn_cast`); `nil` for another
    /// kind or a stale handle.
    public init?(_ attribute: Attribute) {
        guard ODS.isAttributeKind(attribute, Self.name) else { return nil }
        self.init(unchecked: attribute)
    }
}

/// An attribute of a dialect's own kind, given as the attribute or by its case words
/// (`"nsw"` for `#arith.overflow<nsw>`): what generated builders take for one.
public enum CaseAttr: ExpressibleByStringLiteral {
    case words(String)
    case attribute(Attribute)

    public init(stringLiteral words: String) { self = .words(words) }

    /// The attribute: `#<qualified><words>` parsed, or the one given.
    public func get(_ qualified: String, context: Context) throws -> Attribute {
        switch self {
        case .words(let words): return try Attribute.parse("#\(qualified)<\(words)>", context: context)
        case .attribute(let attribute): return attribute
        }
    }
}

/// The helpers the generated op views call.
public enum ODS {
    /// Where operand group `group` lies (operandSegmentSizes and the rest are the core's to
    /// read, not the generated code's).
    public static func operandGroup(_ op: Operation, _ group: Int) throws -> Range<Int> {
        let r = try out(omnir_index_range()) { omnir_op_get_operand_group(op.context.raw, op.handle, group, $0) }
        return r.start..<(r.start + r.len)
    }

    public static func resultGroup(_ op: Operation, _ group: Int) throws -> Range<Int> {
        let r = try out(omnir_index_range()) { omnir_op_get_result_group(op.context.raw, op.handle, group, $0) }
        return r.start..<(r.start + r.len)
    }

    /// The value of a single or optional operand group (`nil`: an absent optional one).
    public static func operand(_ op: Operation, _ group: Int) throws -> Value? {
        let range = try operandGroup(op, group)
        return range.isEmpty ? nil : try op.operand(range.lowerBound)
    }

    public static func operands(_ op: Operation, _ group: Int) throws -> [Value] {
        try operandGroup(op, group).map { try op.operand($0) }
    }

    /// The value of a single or optional result group (`nil`: an absent optional one).
    public static func result(_ op: Operation, _ group: Int) throws -> Value? {
        let range = try resultGroup(op, group)
        return range.isEmpty ? nil : try op.result(range.lowerBound).value
    }

    public static func results(_ op: Operation, _ group: Int) throws -> [Value] {
        try resultGroup(op, group).map { try op.result($0).value }
    }

    /// A group the definition says is always there: an error, not a crash, when the
    /// operation (built generically, or edited) lacks it.
    public static func required<T>(_ value: T?, _ op: Operation, _ what: String) throws -> T {
        guard let value else { throw missing(op, what) }
        return value
    }

    /// The attribute `name`, which the definition requires.
    public static func requiredAttribute(_ op: Operation, _ name: String) throws -> Attribute {
        try required(op.inherentAttribute(name), op, name)
    }

    public static func regions(_ op: Operation, from first: Int) throws -> [Region] {
        try (first..<op.regions.count).map { try op.region($0) }
    }

    public static func successors(_ op: Operation, from first: Int) throws -> [Block] {
        Array(try op.successors.dropFirst(first))
    }

    /// `array<i32: ...>` of the group sizes (operandSegmentSizes / resultSegmentSizes).
    public static func segmentSizes(_ sizes: [Int], context: Context) throws -> Attribute {
        try DenseArrayAttr(sizes.map { Int64($0) }, element: IntegerType(width: 32, context: context).type).attribute
    }

    /// `array<iW: ...>` (W = `width`) from integers.
    public static func denseArray(_ values: [Int64], width: Int, context: Context) throws -> Attribute {
        try DenseArrayAttr(values, element: IntegerType(width: width, context: context).type).attribute
    }

    /// `array<i1: ...>` from booleans.
    public static func denseArray(_ values: [Bool], context: Context) throws -> Attribute {
        try denseArray(values.map { $0 ? 1 : 0 }, width: 1, context: context)
    }

    /// An integer attribute of the type spelled `typeText` (`i64`, `index`).
    public static func intAttr(_ value: Int64, type typeText: String, context: Context) throws -> Attribute {
        try IntegerAttr(value, type: Type.parse(typeText, context: context)).attribute
    }

    /// A case of an integer enum, stored as a signless integer of the enum's width.
    public static func enumAttr(_ value: Int64, width: Int, context: Context) throws -> Attribute {
        try IntegerAttr(value, type: IntegerType(width: width, context: context).type).attribute
    }

    /// The integers of a dense array attribute.
    public static func denseArrayValues(_ attribute: Attribute) throws -> [Int64] {
        guard let array = DenseArrayAttr(attribute) else {
            throw OmnirError.invalidArgument("expected a dense array attribute, got \(attribute)")
        }
        return try array.int64s
    }

    /// The integer of an integer attribute.
    public static func intValue(_ attribute: Attribute) throws -> Int64 {
        guard let int = IntegerAttr(attribute) else {
            throw OmnirError.invalidArgument("expected an integer attribute, got \(attribute)")
        }
        return try int.value
    }

    public static func boolValue(_ attribute: Attribute) throws -> Bool {
        guard let b = BoolAttr(attribute) else { throw OmnirError.invalidArgument("expected a bool attribute, got \(attribute)") }
        return b.value
    }

    public static func stringValue(_ attribute: Attribute) throws -> String {
        guard let s = StringAttr(attribute) else { throw OmnirError.invalidArgument("expected a string attribute, got \(attribute)") }
        return s.value
    }

    public static func typeValue(_ attribute: Attribute) throws -> Type {
        guard let t = TypeAttr(attribute) else { throw OmnirError.invalidArgument("expected a type attribute, got \(attribute)") }
        return t.value
    }

    public static func symbolName(_ attribute: Attribute) throws -> String {
        guard let s = FlatSymbolRefAttr(attribute) else {
            throw OmnirError.invalidArgument("expected a flat symbol reference, got \(attribute)")
        }
        return s.value
    }

    /// The case of an integer enum stored in `attribute`.
    public static func enumCase<E: RawRepresentable>(_ attribute: Attribute, _: E.Type) throws -> E where E.RawValue == Int64 {
        let value = try intValue(attribute)
        guard let e = E(rawValue: value) else { throw OmnirError.invalidArgument("\(value) is no case of \(E.self)") }
        return e
    }

    /// The type `!qualified<params>` of a registered kind; the first one asked of a shipped
    /// dialect loads that dialect into `context`. Throws when the parameters break the
    /// definition's constraints.
    public static func dialectType(_ qualified: String, _ params: [Attribute], context: Context) throws -> Type {
        try Dialect(context: context, name: dialectName(qualified)).typeDefinition(qualified).get(params)
    }

    /// The attribute `#qualified<params>` of a registered kind (`qualified` without `#`).
    public static func dialectAttribute(_ qualified: String, _ params: [Attribute], context: Context) throws -> Attribute {
        try Dialect(context: context, name: dialectName(qualified)).attributeDefinition(qualified).get(params)
    }

    /// Parameter `index` of a dialect type.
    public static func typeParameter(_ type: Type, _ index: Int) throws -> Attribute {
        try attrOut(type.context) { omnir_dialect_type_get_param(type.context.raw, type.handle, index, $0) }
    }

    /// Parameter `index` of a dialect attribute.
    public static func attributeParameter(_ attribute: Attribute, _ index: Int) throws -> Attribute {
        try attrOut(attribute.context) { omnir_dialect_attr_get_param(attribute.context.raw, attribute.handle, index, $0) }
    }

    /// Whether `type` is of the kind `qualified` (`pixels.rgb`): the TypeID a kind's instances
    /// carry is interned under its qualified name, whichever package registered it.
    public static func isTypeKind(_ type: Type, _ qualified: String) -> Bool {
        guard let id = try? type.typeID, let kind = try? TypeID(name: qualified) else { return false }
        return id == kind
    }

    /// Whether `attribute` is of the kind `qualified` (without `#`; attribute kinds' TypeIDs
    /// are interned as `#pixels.channel`).
    public static func isAttributeKind(_ attribute: Attribute, _ qualified: String) -> Bool {
        guard let id = try? attribute.typeID, let kind = try? TypeID(name: "#" + qualified) else { return false }
        return id == kind
    }

    /// `gpu` of `gpu.async.token`.
    static func dialectName(_ qualified: String) -> String {
        String(qualified.prefix { $0 != "." })
    }

    static func missing(_ op: Operation, _ what: String) -> OmnirError {
        OmnirError.invalidArgument("'\((try? op.name) ?? "")' has no '\(what)'")
    }
}
