import COmnir
import Foundation

// Dialects defined from Swift: operations (signatures, constraints, traits, a verifier
// closure), types and attributes with named parameters (a parameters verifier closure), and
// interface implementations whose methods are Swift objects. Everything goes through the C
// API's runtime definitions, so a dialect defined here lives in the same registry as those
// of C, C++, Rust or Python packages loaded into the process.
//
// Closures are passed to omnir as callbacks with an `Unmanaged` box as their user data, and
// a `free_user_data` that releases the box: omnir releases each exactly once, when the
// context is destroyed. Boxes hold the context weakly (the context owns them).

/// MLIR's operation traits.
public struct OperationTraits: OptionSet, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isTerminator = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_IS_TERMINATOR))
    public static let noTerminator = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_NO_TERMINATOR))
    public static let isolatedFromAbove = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_ISOLATED_FROM_ABOVE))
    public static let symbolTable = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_SYMBOL_TABLE))
    public static let symbol = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_SYMBOL))
    public static let sameOperandsAndResultType = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE))
    public static let graphRegions = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_GRAPH_REGIONS))
    public static let singleBlock = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_SINGLE_BLOCK))
    public static let pure = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_PURE))
    public static let constantLike = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_CONSTANT_LIKE))
    public static let commutative = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_COMMUTATIVE))
    public static let returnLike = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_RETURN_LIKE))
    public static let attrSizedOperandSegments = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS))
    public static let attrSizedResultSegments = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_ATTR_SIZED_RESULT_SEGMENTS))
    public static let noRegionArguments = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_NO_REGION_ARGUMENTS))
    public static let optionalSymbol = OperationTraits(rawValue: UInt32(OMNIR_TRAIT_OPTIONAL_SYMBOL))
}

/// A constraint on the type of an operand or result (MLIR's ODS type constraints).
public indirect enum TypeConstraint {
    case any
    case anyInteger
    /// A signless integer of `width` bits.
    case integer(width: Int)
    case signlessIntegerOrIndex
    case index
    case anyFloat
    /// The float type of this format (e.g. `FloatType.f32(ctx).type`).
    case float(Type)
    case integerOrFloat
    case anyVector
    case anyTensor
    case anyMemRef
    case anyShaped
    case exactly(Type)
    case oneOf([TypeConstraint])
    /// A type implementing the interface.
    case implements(TypeID)
    /// A Swift predicate, described as `summary` in messages.
    case predicate(summary: String, (Type) -> Bool)
}

/// A constraint on an inherent attribute.
public enum AttributeConstraint {
    case any, unit, bool, integer, float, string, type, array, dictionary, symbolRef, flatSymbolRef
    /// An integer attribute of exactly this type.
    case typedInteger(Type)
    /// A Swift predicate, described as `summary` in messages.
    case predicate(summary: String, (Attribute) -> Bool)
}

/// How many values an operand or result group has.
public enum Arity: UInt32 {
    case single = 0, optional = 1, variadic = 2
}

/// One operand or result group of an operation definition.
public struct ValueSpec {
    public var name: String
    public var constraint: TypeConstraint
    public var arity: Arity
    public init(_ name: String, _ constraint: TypeConstraint = .any, arity: Arity = .single) {
        self.name = name
        self.constraint = constraint
        self.arity = arity
    }
}

/// An inherent attribute of an operation definition.
public struct AttributeSpec {
    public var name: String
    public var constraint: AttributeConstraint
    public var optional: Bool
    public init(_ name: String, _ constraint: AttributeConstraint = .any, optional: Bool = false) {
        self.name = name
        self.constraint = constraint
        self.optional = optional
    }
}

/// An implementation of an interface: a marker (no methods), or a Swift object holding the
/// methods (closures, or a class conforming to a protocol of your own). Any package gets it
/// back with `Type.interface(_:)` (and friends); Swift code reads `methods`.
///
/// For an interface whose methods other languages call through a C table (its layout is
/// the interface's business, as for a C or C++ dialect's interface), give that table as
/// `vtable`: a table of `@convention(c)` functions, valid as long as the context. Each
/// function gets the user data omnir stores; with `methods`, that is the object (retained
/// until the context goes), which the function gets back with
/// `InterfaceImplementation.methods(fromUserData:)` to call Swift closures.
public struct InterfaceImplementation {
    public var interface: TypeID
    public var methods: AnyObject?
    public var vtable: UnsafeRawPointer?
    public init(_ interface: TypeID, methods: AnyObject? = nil) {
        self.interface = interface
        self.methods = methods
    }
    public init(_ interface: TypeID, vtable: UnsafeRawPointer, methods: AnyObject? = nil) {
        self.interface = interface
        self.methods = methods
        self.vtable = vtable
    }

    /// The Swift object registered as `methods`, from the user data a C method of a `vtable`
    /// implementation receives; `nil` for user data that is not such an object.
    public static func methods(fromUserData userData: UnsafeRawPointer?) -> AnyObject? {
        guard let userData, InterfaceBox.isLive(userData) else { return nil }
        return Unmanaged<InterfaceBox>.fromOpaque(userData).takeUnretainedValue().methods
    }
}

/// A runtime operation definition (the data of MLIR's ODS).
public struct OperationDefinition {
    /// The name within the dialect (`add` for `mydialect.add`), or the full name.
    public var name: String
    public var summary = ""
    public var operands: [ValueSpec] = []
    public var results: [ValueSpec] = []
    public var attributes: [AttributeSpec] = []
    public var regions = 0
    public var variadicRegions = false
    public var successors = 0
    public var variadicSuccessors = false
    public var traits: OperationTraits = []
    public var interfaces: [InterfaceImplementation] = []
    /// MLIR's `SingleBlockImplicitTerminator<"name">`.
    public var implicitTerminator: String? = nil
    /// MLIR's `BranchOpInterface` for the verifier: successor `i` receives operand group
    /// `branchFirstOperandGroup + i`.
    public var isBranch = false
    public var branchFirstOperandGroup = 0
    /// Runs after the checks the definition implies; throw (a `VerificationError`, or any
    /// error) to reject the operation: the message becomes `'dialect.op' op <message>`.
    public var verifier: ((Operation) throws -> Void)? = nil

    public init(_ name: String, summary: String = "", operands: [ValueSpec] = [], results: [ValueSpec] = [],
                attributes: [AttributeSpec] = [], regions: Int = 0, successors: Int = 0, traits: OperationTraits = [],
                interfaces: [InterfaceImplementation] = [], verifier: ((Operation) throws -> Void)? = nil) {
        self.name = name
        self.summary = summary
        self.operands = operands
        self.results = results
        self.attributes = attributes
        self.regions = regions
        self.successors = successors
        self.traits = traits
        self.interfaces = interfaces
        self.verifier = verifier
    }
}

/// A runtime type (or attribute) definition: named parameters (each an attribute), a
/// parameters verifier, the interfaces it implements.
public struct TypeDefinition {
    public var name: String
    public var parameters: [String]
    public var interfaces: [InterfaceImplementation]
    /// Runs each time an instance is built; throw to refuse the parameters.
    public var verifier: (([Attribute]) throws -> Void)?

    public init(_ name: String, parameters: [String] = [], interfaces: [InterfaceImplementation] = [],
                verifier: (([Attribute]) throws -> Void)? = nil) {
        self.name = name
        self.parameters = parameters
        self.interfaces = interfaces
        self.verifier = verifier
    }
}

/// An attribute definition has the same shape as a type definition.
public typealias AttributeDefinition = TypeDefinition

/// A registered dialect type definition: builds instances.
public struct TypeDefinitionID: Hashable {
    public let context: Context
    public let rawValue: UInt32

    /// An instance with these parameters (one per declared parameter); the parameters
    /// verifier runs.
    public func callAsFunction(_ parameters: [Attribute]) throws -> Type {
        try get(parameters)
    }

    public func get(_ parameters: [Attribute]) throws -> Type {
        Type(context, try withArr(parameters.map(\.handle)) { p, n in
            try out(omnir_type()) { omnir_dialect_type_get(context.raw, rawValue, p, n, $0) }
        })
    }

    public var parameterNames: [String] {
        get throws {
            let n = try out(0) { omnir_dialect_definition_get_num_params(context.raw, rawValue, false, $0) }
            return try (0..<n).map { i in try stringOut { omnir_dialect_definition_get_param_name(context.raw, rawValue, false, i, $0) } }
        }
    }
}

/// A registered dialect attribute definition: builds instances.
public struct AttributeDefinitionID: Hashable {
    public let context: Context
    public let rawValue: UInt32

    public func get(_ parameters: [Attribute]) throws -> Attribute {
        Attribute(context, try withArr(parameters.map(\.handle)) { p, n in
            try out(omnir_attribute()) { omnir_dialect_attr_get(context.raw, rawValue, p, n, $0) }
        })
    }

    public var parameterNames: [String] {
        get throws {
            let n = try out(0) { omnir_dialect_definition_get_num_params(context.raw, rawValue, true, $0) }
            return try (0..<n).map { i in try stringOut { omnir_dialect_definition_get_param_name(context.raw, rawValue, true, i, $0) } }
        }
    }
}

/// A registered dialect of a context.
public struct Dialect: Hashable {
    public let context: Context
    public let name: String

    func qualified(_ name: String) -> String { name.hasPrefix(self.name + ".") ? name : "\(self.name).\(name)" }

    /// Registers an operation.
    public func register(_ definition: OperationDefinition) throws {
        let arena = CArena()
        var def = omnir_op_definition()
        (def.name, def.name_len) = arena.string(qualified(definition.name))
        (def.summary, def.summary_len) = arena.string(definition.summary)
        let operands = definition.operands.map { arena.valueSpec($0, context) }
        def.operands = arena.array(operands)
        def.num_operands = operands.count
        let results = definition.results.map { arena.valueSpec($0, context) }
        def.results = arena.array(results)
        def.num_results = results.count
        let attrs = definition.attributes.map { arena.attributeSpec($0, context) }
        def.attributes = arena.array(attrs)
        def.num_attributes = attrs.count
        def.num_regions = definition.regions
        def.variadic_regions = definition.variadicRegions
        def.num_successors = definition.successors
        def.variadic_successors = definition.variadicSuccessors
        def.traits = definition.traits.rawValue
        let ifaces = definition.interfaces.map { arena.interface($0) }
        def.interfaces = arena.array(ifaces)
        def.num_interfaces = ifaces.count
        if let t = definition.implicitTerminator { (def.implicit_terminator, def.implicit_terminator_len) = arena.string(t) }
        def.is_branch = definition.isBranch
        def.branch_first_operand_group = definition.branchFirstOperandGroup
        if let verifier = definition.verifier {
            def.verify = opVerifyTrampoline
            def.verify_user_data = arena.retain(OpVerifierBox(context, verifier))
            def.free_verify_user_data = releaseBox
        }
        try arena.commit(omnir_dialect_register_operation(context.raw, &def))
    }

    /// Registers a type; returns the definition that builds its instances.
    @discardableResult
    public func register(type definition: TypeDefinition) throws -> TypeDefinitionID {
        var def = omnir_type_definition()
        let arena = CArena()
        fill(&def, definition, arena)
        var id: UInt32 = 0
        try arena.commit(omnir_dialect_register_type(context.raw, &def, &id))
        return TypeDefinitionID(context: context, rawValue: id)
    }

    /// Registers an attribute; returns the definition that builds its instances.
    @discardableResult
    public func register(attribute definition: AttributeDefinition) throws -> AttributeDefinitionID {
        var def = omnir_type_definition()
        let arena = CArena()
        fill(&def, definition, arena)
        var id: UInt32 = 0
        try arena.commit(omnir_dialect_register_attribute(context.raw, &def, &id))
        return AttributeDefinitionID(context: context, rawValue: id)
    }

    private func fill(_ def: inout omnir_type_definition, _ definition: TypeDefinition, _ arena: CArena) {
        (def.dialect, def.dialect_len) = arena.string(name)
        (def.name, def.name_len) = arena.string(definition.name)
        let params = definition.parameters.map { p -> omnir_string_view in
            let (d, n) = arena.string(p)
            return omnir_string_view(data: d, len: n)
        }
        def.params = arena.array(params)
        def.num_params = params.count
        if let verifier = definition.verifier {
            def.verify = paramsVerifyTrampoline
            def.verify_user_data = arena.retain(ParamsVerifierBox(context, verifier))
            def.free_verify_user_data = releaseBox
        }
        let ifaces = definition.interfaces.map { arena.interface($0) }
        def.interfaces = arena.array(ifaces)
        def.num_interfaces = ifaces.count
    }

    /// The registered type `dialect.name` (of any package).
    public func typeDefinition(_ name: String) throws -> TypeDefinitionID {
        let id = try withStr(qualified(name)) { p, n in try out(UInt32(0)) { omnir_dialect_lookup_type(context.raw, p, n, $0) } }
        return TypeDefinitionID(context: context, rawValue: id)
    }

    /// The registered attribute `dialect.name` (of any package).
    public func attributeDefinition(_ name: String) throws -> AttributeDefinitionID {
        let id = try withStr(qualified(name)) { p, n in try out(UInt32(0)) { omnir_dialect_lookup_attribute(context.raw, p, n, $0) } }
        return AttributeDefinitionID(context: context, rawValue: id)
    }

    /// Whether `dialect.name` is a registered operation.
    public func isOperationRegistered(_ name: String) throws -> Bool {
        try withStr(qualified(name)) { p, n in try out(false) { omnir_dialect_is_operation_registered(context.raw, p, n, $0) } }
    }
}

extension Context {
    /// Registers a dialect (or updates the settings of a registered one). With
    /// `allowUnknownOperations`, its unregistered operations pass the verifier.
    @discardableResult
    public func registerDialect(_ name: String, allowUnknownOperations: Bool = false) throws -> Dialect {
        try withStr(name) { p, n in try check(omnir_dialect_register(raw, p, n, allowUnknownOperations)) }
        return Dialect(context: self, name: name)
    }

    /// The registered dialect `name` (registered by any package), or `nil`.
    public func dialect(_ name: String) throws -> Dialect? {
        let registered = try withStr(name) { p, n in try out(false) { omnir_dialect_is_registered(raw, p, n, $0) } }
        return registered ? Dialect(context: self, name: name) : nil
    }

    /// Attaches an interface implementation to an existing kind (`builtin.integer`,
    /// `dialect.type`, `#dialect.attr`, or an operation name): MLIR's external models.
    public func attachInterface(_ implementation: InterfaceImplementation, to kind: TypeID) throws {
        let arena = CArena()
        var impl = arena.interface(implementation)
        try arena.commit(omnir_context_attach_interface(raw, kind.rawValue, &impl))
    }
}

// MARK: - callback boxes and trampolines

final class OpVerifierBox {
    weak var context: Context?
    let body: (Operation) throws -> Void
    init(_ context: Context, _ body: @escaping (Operation) throws -> Void) {
        self.context = context
        self.body = body
    }
}

final class ParamsVerifierBox {
    weak var context: Context?
    let body: ([Attribute]) throws -> Void
    init(_ context: Context, _ body: @escaping ([Attribute]) throws -> Void) {
        self.context = context
        self.body = body
    }
}

final class TypePredicateBox {
    weak var context: Context?
    let body: (Type) -> Bool
    init(_ context: Context, _ body: @escaping (Type) -> Bool) {
        self.context = context
        self.body = body
    }
}

final class AttributePredicateBox {
    weak var context: Context?
    let body: (Attribute) -> Bool
    init(_ context: Context, _ body: @escaping (Attribute) -> Bool) {
        self.context = context
        self.body = body
    }
}

/// The user data of an interface implementation registered from Swift. Live boxes are
/// recorded so that user data handed back by omnir can be recognised as one.
final class InterfaceBox {
    let methods: AnyObject
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live = Set<UnsafeRawPointer>()

    init(_ methods: AnyObject) {
        self.methods = methods
        let me = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        Self.lock.lock()
        Self.live.insert(me)
        Self.lock.unlock()
    }
    deinit {
        let me = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        Self.lock.lock()
        Self.live.remove(me)
        Self.lock.unlock()
    }
    static func isLive(_ p: UnsafeRawPointer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return live.contains(p)
    }
}

/// The "vtable" of interface implementations registered from Swift: a tag that tells
/// `InterfaceHandle.methods` the user data is an `InterfaceBox`.
let swiftInterfaceTag: UnsafeMutableRawPointer = {
    let p = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
    p.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
    return p
}()

func setMessage(_ message: OpaquePointer?, _ text: String) {
    withStr(text) { p, n in _ = omnir_callback_message_set(message, p, n) }
}

private let opVerifyTrampoline: omnir_op_verify_fn = { userData, _, op, message in
    let box = Unmanaged<OpVerifierBox>.fromOpaque(userData!).takeUnretainedValue()
    guard let context = box.context else { return 0 }
    do {
        try box.body(Operation(handle: op, context: context))
        return 0
    } catch {
        setMessage(message, callbackMessage(error))
        return 1
    }
}

private let paramsVerifyTrampoline: omnir_params_verify_fn = { userData, _, params, count, message in
    let box = Unmanaged<ParamsVerifierBox>.fromOpaque(userData!).takeUnretainedValue()
    guard let context = box.context else { return 0 }
    let attrs = (0..<count).map { Attribute(context, params![$0]) }
    do {
        try box.body(attrs)
        return 0
    } catch {
        setMessage(message, callbackMessage(error))
        return 1
    }
}

private let typePredicateTrampoline: omnir_type_predicate_fn = { userData, _, ty in
    let box = Unmanaged<TypePredicateBox>.fromOpaque(userData!).takeUnretainedValue()
    guard let context = box.context else { return false }
    return box.body(Type(context, ty))
}

private let attributePredicateTrampoline: omnir_attribute_predicate_fn = { userData, _, attr in
    let box = Unmanaged<AttributePredicateBox>.fromOpaque(userData!).takeUnretainedValue()
    guard let context = box.context else { return false }
    return box.body(Attribute(context, attr))
}

// MARK: - building the C definitions

/// Memory for one registration call: C strings and arrays (freed when the arena goes; omnir
/// copies what it keeps), and the boxes passed as user data (released by the arena when the
/// registration fails, since the caller then keeps its user data; owned by omnir when it
/// succeeds).
final class CArena {
    private var allocations: [UnsafeMutableRawPointer] = []
    private var boxes: [Unmanaged<AnyObject>] = []

    deinit { for a in allocations { a.deallocate() } }

    func string(_ s: String) -> (UnsafePointer<CChar>, Int) {
        let bytes = Array(s.utf8)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
        p[bytes.count] = 0
        allocations.append(UnsafeMutableRawPointer(p))
        return (UnsafePointer(p), bytes.count)
    }

    func array<T>(_ items: [T]) -> UnsafePointer<T>? {
        if items.isEmpty { return nil }
        let p = UnsafeMutablePointer<T>.allocate(capacity: items.count)
        p.initialize(from: items, count: items.count)
        allocations.append(UnsafeMutableRawPointer(p))
        return UnsafePointer(p)
    }

    func retain(_ box: AnyObject) -> UnsafeMutableRawPointer {
        let u = Unmanaged.passRetained(box)
        boxes.append(u)
        return u.toOpaque()
    }

    /// Checks the registration's status: on failure the boxes are released (omnir did not
    /// take them); on success omnir owns them.
    func commit(_ status: omnir_status) throws {
        if status.rawValue != 0 {
            let error = OmnirError.last(status)
            for b in boxes { b.release() }
            boxes = []
            throw error
        }
        boxes = []
    }

    func interface(_ i: InterfaceImplementation) -> omnir_interface_impl {
        var impl = omnir_interface_impl()
        impl.interface = i.interface.rawValue
        if let vtable = i.vtable {
            impl.vtable = vtable
        } else if i.methods != nil {
            impl.vtable = UnsafeRawPointer(swiftInterfaceTag)
        }
        if let methods = i.methods {
            impl.user_data = retain(InterfaceBox(methods))
            impl.free_user_data = releaseBox
        }
        return impl
    }

    func typeConstraint(_ c: TypeConstraint, _ context: Context) -> omnir_type_constraint {
        var t = omnir_type_constraint()
        switch c {
        case .any: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY)
        case .anyInteger: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY_INTEGER)
        case .integer(let w):
            t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_INTEGER)
            t.width = UInt32(w)
        case .signlessIntegerOrIndex: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_SIGNLESS_INTEGER_OR_INDEX)
        case .index: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_INDEX)
        case .anyFloat: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY_FLOAT)
        case .float(let ty):
            t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_FLOAT)
            t.ty = ty.handle
        case .integerOrFloat: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_INTEGER_OR_FLOAT)
        case .anyVector: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY_VECTOR)
        case .anyTensor: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY_TENSOR)
        case .anyMemRef: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY_MEMREF)
        case .anyShaped: t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ANY_SHAPED)
        case .exactly(let ty):
            t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_EXACTLY)
            t.ty = ty.handle
        case .oneOf(let alternatives):
            t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_ONE_OF)
            let items = alternatives.map { typeConstraint($0, context) }
            t.one_of = array(items)
            t.num_one_of = items.count
        case .implements(let iface):
            t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_IMPLEMENTS)
            t.interface = iface.rawValue
        case .predicate(let summary, let body):
            t.kind = UInt32(OMNIR_TYPE_CONSTRAINT_PREDICATE)
            t.predicate = typePredicateTrampoline
            t.user_data = retain(TypePredicateBox(context, body))
            t.free_user_data = releaseBox
            (t.summary, t.summary_len) = string(summary)
        }
        return t
    }

    func attributeConstraint(_ c: AttributeConstraint, _ context: Context) -> omnir_attribute_constraint {
        var a = omnir_attribute_constraint()
        switch c {
        case .any: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_ANY)
        case .unit: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_UNIT)
        case .bool: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_BOOL)
        case .integer: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_INTEGER)
        case .float: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_FLOAT)
        case .string: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_STRING)
        case .type: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_TYPE)
        case .array: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_ARRAY)
        case .dictionary: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_DICTIONARY)
        case .symbolRef: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_SYMBOL_REF)
        case .flatSymbolRef: a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_FLAT_SYMBOL_REF)
        case .typedInteger(let ty):
            a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_TYPED_INTEGER)
            a.ty = ty.handle
        case .predicate(let summary, let body):
            a.kind = UInt32(OMNIR_ATTR_CONSTRAINT_PREDICATE)
            a.predicate = attributePredicateTrampoline
            a.user_data = retain(AttributePredicateBox(context, body))
            a.free_user_data = releaseBox
            (a.summary, a.summary_len) = string(summary)
        }
        return a
    }

    func valueSpec(_ v: ValueSpec, _ context: Context) -> omnir_value_spec {
        var s = omnir_value_spec()
        (s.name, s.name_len) = string(v.name)
        s.arity = v.arity.rawValue
        s.constraint = typeConstraint(v.constraint, context)
        return s
    }

    func attributeSpec(_ v: AttributeSpec, _ context: Context) -> omnir_attribute_spec {
        var s = omnir_attribute_spec()
        (s.name, s.name_len) = string(v.name)
        s.optional = v.optional
        s.constraint = attributeConstraint(v.constraint, context)
        return s
    }
}
