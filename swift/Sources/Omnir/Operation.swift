import COmnir

/// Printing options, mirroring `mlir-opt`'s `--mlir-print-*` flags. By default operations
/// whose definition has an assembly format print in that custom form (`module {`,
/// `%1 = calc.add %0, %0 : i32`), the others in the generic form, as upstream does;
/// `generic: true` prints every operation generically.
public struct PrintFlags: Equatable {
    /// `--mlir-print-op-generic`: every operation in the generic form.
    public var generic = false
    /// `--mlir-print-debuginfo`: print locations.
    public var debugInfo = false
    /// `--mlir-pretty-debuginfo`.
    public var prettyDebugInfo = false
    /// `--mlir-print-local-scope`: no aliases, values numbered locally.
    public var localScope = false
    /// `--mlir-print-assume-verified`: skip the verifier before printing.
    public var assumeVerified = false
    /// `--mlir-elide-elementsattrs-if-larger=N`; 0 prints everything.
    public var elideElementsLargerThan: UInt64 = 0
    /// `--mlir-print-unique-ssa-ids`: number values uniquely across regions in the custom
    /// form too (the generic form always does).
    public var uniqueSSAIDs = false

    public init(generic: Bool = false, debugInfo: Bool = false, prettyDebugInfo: Bool = false, localScope: Bool = false,
                assumeVerified: Bool = false, elideElementsLargerThan: UInt64 = 0, uniqueSSAIDs: Bool = false) {
        self.generic = generic
        self.debugInfo = debugInfo
        self.prettyDebugInfo = prettyDebugInfo
        self.localScope = localScope
        self.assumeVerified = assumeVerified
        self.elideElementsLargerThan = elideElementsLargerThan
        self.uniqueSSAIDs = uniqueSSAIDs
    }

    var raw: omnir_print_flags {
        var f = omnir_print_flags_default()
        f.generic_form = generic
        f.debug_info = debugInfo
        f.pretty_debug_info = prettyDebugInfo
        f.local_scope = localScope
        f.assume_verified = assumeVerified
        f.elide_elements_larger_than = elideElementsLargerThan
        f.unique_ssa_ids = uniqueSSAIDs
        return f
    }
}

/// The order of `Operation.walk`.
public enum WalkOrder {
    /// Each operation before the operations nested in it.
    case preOrder
    /// Each operation after the operations nested in it.
    case postOrder
}

/// What a walk callback wants next.
public enum WalkResult {
    /// Continue.
    case advance
    /// Pre-order: do not visit this operation's regions.
    case skip
    /// Stop the walk.
    case interrupt
}

/// An operation (MLIR's `Operation`). A checked handle: after the operation is erased (or
/// freed with its tree), every use throws `OmnirError.staleHandle`. Two wrappers of one
/// operation are `==` and hash alike. Printing (`description`) gives the custom form of ops
/// that have one, the generic form of the others (`print(flags: PrintFlags(generic: true))`).
///
/// A detached operation (just created, cloned or detached) is owned by its wrappers: when
/// the last of them goes while it is still detached, it is erased. Wrappers of nested
/// operations keep their tree alive.
public final class Operation: Hashable, CustomStringConvertible {
    /// The C handle. (Only a walk changes it, on a wrapper nobody else holds: see
    /// `VisitState`.)
    public fileprivate(set) var handle: omnir_op
    /// The owner of the tree the operation was reached in (it holds the context).
    var owner: IROwner

    /// The context the operation belongs to.
    public var context: Context { owner.context }

    init(_ context: Context, _ handle: omnir_op, _ owner: IROwner?) {
        self.handle = handle
        self.owner = owner ?? context.nullOwner
    }

    @inline(__always) init(_ handle: omnir_op, owner: IROwner) {
        self.handle = handle
        self.owner = owner
    }

    /// Wraps a C handle of `context` (for code calling the C API or a plugin directly). The
    /// wrapper keeps the handle's tree alive if Swift owns it.
    public convenience init(handle: omnir_op, context: Context) {
        self.init(context, handle, context.treeOwner(of: handle))
    }

    // MARK: creation

    /// Creates an operation (MLIR's `Operation.create`): detached and owned by the returned
    /// wrapper, or inserted at `insertionPoint` when one is given.
    public static func create(name: String, operands: [any ValueConvertible] = [], results: [Type] = [],
                              attributes: [String: Attribute] = [:], properties: Attribute? = nil, regions: Int = 0,
                              successors: [Block] = [], location: Location,
                              at insertionPoint: InsertionPoint? = nil) throws -> Operation {
        let context = location.context
        let state = try withStr(name) { p, n in
            try out(OpaquePointer?.none) { omnir_operation_state_create(p, n, location.handle, $0) }!
        }
        defer { omnir_operation_state_destroy(state) }
        if !operands.isEmpty {
            try withMapped(operands, { $0.value.handle }) { p, n in try check(omnir_operation_state_add_operands(state, p, n)) }
        }
        if !results.isEmpty {
            try withMapped(results, { $0.handle }) { p, n in try check(omnir_operation_state_add_results(state, p, n)) }
        }
        // Order does not matter: the attributes are stored sorted by name.
        for (name, value) in attributes {
            try withStr(name) { p, n in try check(omnir_operation_state_add_attribute(state, p, n, value.handle)) }
        }
        if let properties { try check(omnir_operation_state_set_properties(state, properties.handle)) }
        if regions > 0 { try check(omnir_operation_state_set_num_regions(state, regions)) }
        if !successors.isEmpty {
            try withMapped(successors, { $0.handle }) { p, n in try check(omnir_operation_state_add_successors(state, p, n)) }
        }
        guard let insertionPoint else {
            let h = try out(omnir_op()) { omnir_operation_create(context.raw, state, $0) }
            return Operation(context, h, context.adopt(op: h))
        }
        // Created and inserted in one call: on error nothing was created.
        let h = try out(omnir_op()) { omnir_operation_create_at(context.raw, state, insertionPoint.raw, $0) }
        return Operation(h, owner: insertionPoint.owner)
    }

    // MARK: identity

    public static func == (a: Operation, b: Operation) -> Bool { omnir_op_equal(a.handle, b.handle) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.index)
        hasher.combine(handle.generation)
    }

    /// Whether the operation still exists (false once erased).
    public var isLive: Bool {
        var live = false
        return omnir_op_is_live(context.raw, handle, &live).rawValue == 0 && live
    }

    @inline(__always) func op(_ h: omnir_op) -> Operation { Operation(h, owner: owner) }
    @inline(__always) func optOp(_ h: omnir_op) -> Operation? { h.context == 0 ? nil : op(h) }

    // MARK: properties

    /// `dialect.op`.
    public var name: String {
        get throws { try stringOut { omnir_op_get_name(context.raw, handle, $0) } }
    }

    public var location: Location {
        get throws { Location(context, try out(omnir_location()) { omnir_op_get_location(context.raw, handle, $0) }) }
    }

    public func setLocation(_ location: Location) throws {
        try check(omnir_op_set_location(context.raw, handle, location.handle))
    }

    /// Whether the operation's name is registered in the context.
    public var isRegistered: Bool {
        get throws { try out(false) { omnir_op_is_registered(context.raw, handle, $0) } }
    }

    // MARK: operands, results, regions, successors

    public var operands: OperandList {
        get throws {
            OperandList(op: self, handles: try bufferOut(omnir_value()) { omnir_op_get_operands(context.raw, handle, $0, $1, $2) })
        }
    }

    public func operand(_ index: Int) throws -> Value {
        Value(context, try out(omnir_value()) { omnir_op_get_operand(context.raw, handle, index, $0) }, owner)
    }

    public func setOperand(_ index: Int, to value: Value) throws {
        try check(omnir_op_set_operand(context.raw, handle, index, value.handle))
        context.sweepOrphans()
    }

    public func setOperands(_ values: [Value]) throws {
        try withArr(values.map(\.handle)) { p, n in try check(omnir_op_set_operands(context.raw, handle, p, n)) }
        context.sweepOrphans()
    }

    public var results: ResultList {
        get throws {
            ResultList(context: context, owner: owner,
                       handles: try bufferOut(omnir_value()) { omnir_op_get_results(context.raw, handle, $0, $1, $2) })
        }
    }

    public func result(_ index: Int) throws -> OpResult {
        OpResult(unchecked: Value(context, try out(omnir_value()) { omnir_op_get_result(context.raw, handle, index, $0) }, owner))
    }

    /// The single result of an operation that has exactly one.
    public var result: OpResult {
        get throws {
            let n = try out(0) { omnir_op_get_num_results(context.raw, handle, $0) }
            guard n == 1 else { throw OmnirError.invalidArgument("the operation has \(n) results, not one") }
            return try result(0)
        }
    }

    public var regions: RegionList {
        get throws {
            let n = try out(0) { omnir_op_get_num_regions(context.raw, handle, $0) }
            return RegionList(context: context, owner: owner,
                              handles: try (0..<n).map { i in try out(omnir_region()) { omnir_op_get_region(context.raw, handle, i, $0) } })
        }
    }

    public func region(_ index: Int) throws -> Region {
        Region(context, try out(omnir_region()) { omnir_op_get_region(context.raw, handle, index, $0) }, owner)
    }

    public var successors: [Block] {
        get throws {
            let n = try out(0) { omnir_op_get_num_successors(context.raw, handle, $0) }
            return try (0..<n).map { try successor($0) }
        }
    }

    public func successor(_ index: Int) throws -> Block {
        Block(context, try out(omnir_block()) { omnir_op_get_successor(context.raw, handle, index, $0) }, owner)
    }

    public func setSuccessor(_ index: Int, to block: Block) throws {
        try check(omnir_op_set_successor(context.raw, handle, index, block.handle))
    }

    /// The index ranges of the operand groups of a registered op (one per declared group).
    public var operandGroups: [Range<Int>] {
        get throws {
            try bufferOut(omnir_index_range()) { omnir_op_get_operand_groups(context.raw, handle, $0, $1, $2) }
                .map { $0.start..<($0.start + $0.len) }
        }
    }

    public var resultGroups: [Range<Int>] {
        get throws {
            try bufferOut(omnir_index_range()) { omnir_op_get_result_groups(context.raw, handle, $0, $1, $2) }
                .map { $0.start..<($0.start + $0.len) }
        }
    }

    // MARK: attributes

    /// Every attribute of the operation (discardable ones and, for registered ops, inherent
    /// ones), as a collection of named attributes.
    public var attributes: [NamedAttribute] {
        get throws {
            let n = try out(0) { omnir_op_get_num_attributes(context.raw, handle, $0) }
            return try (0..<n).map { i in
                var name = omnir_string(data: nil, len: 0)
                var value = omnir_attribute()
                try check(omnir_op_get_attribute_at(context.raw, handle, i, &name, &value))
                return NamedAttribute(takeString(name), Attribute(context, value))
            }
        }
    }

    /// The attribute `name`, or `nil`: a discardable attribute, else an inherent one (a
    /// property, `<{...}>`), as MLIR's `Operation::getAttr` and the Python bindings'
    /// `op.attributes[name]`. `discardableAttribute(_:)` and `inherentAttribute(_:)` ask one.
    public func attribute(_ name: String) throws -> Attribute? {
        if let a = try discardableAttribute(name) { return a }
        return try inherentAttribute(name)
    }

    /// The discardable attribute `name` (`{...}`), or `nil`.
    public func discardableAttribute(_ name: String) throws -> Attribute? {
        // `omnir_op_get_attribute` is MLIR's getAttr (a declared inherent name reads the
        // properties): the discardable entries are the `omnir_op_get_attribute_at` list.
        let n = try out(0) { omnir_op_get_num_attributes(context.raw, handle, $0) }
        for i in 0..<n {
            var key = omnir_string(data: nil, len: 0)
            var value = omnir_attribute()
            try check(omnir_op_get_attribute_at(context.raw, handle, i, &key, &value))
            if takeString(key) == name { return Attribute(context, value) }
        }
        return nil
    }

    /// The attribute `name`, or `nil` (throwing only for a stale operation).
    public subscript(attribute name: String) -> Attribute? {
        get throws { try attribute(name) }
    }

    /// The inherent attribute `name` (a property of a registered op), or `nil`.
    public func inherentAttribute(_ name: String) throws -> Attribute? {
        let a = try withStr(name) { p, n in
            try out(omnir_attribute()) { omnir_op_get_inherent_attribute(context.raw, handle, p, n, $0) }
        }
        return a.context == 0 ? nil : Attribute(context, a)
    }

    public func setAttribute(_ name: String, _ value: Attribute) throws {
        try withStr(name) { p, n in try check(omnir_op_set_attribute(context.raw, handle, p, n, value.handle)) }
    }

    /// Removes the attribute `name`; whether there was one.
    @discardableResult
    public func removeAttribute(_ name: String) throws -> Bool {
        try withStr(name) { p, n in try out(false) { omnir_op_remove_attribute(context.raw, handle, p, n, $0) } }
    }

    /// The properties (`<{...}>`) as a dictionary attribute, or `nil`.
    public var properties: Attribute? {
        get throws {
            let a = try out(omnir_attribute()) { omnir_op_get_properties(context.raw, handle, $0) }
            return a.context == 0 ? nil : Attribute(context, a)
        }
    }

    public func setProperties(_ properties: Attribute?) throws {
        try check(omnir_op_set_properties(context.raw, handle, properties?.handle ?? omnir_attribute()))
    }

    // MARK: structure

    /// The operation whose region holds this one (`nil` at the top level).
    public var parent: Operation? {
        get throws { optOp(try out(omnir_op()) { omnir_op_get_parent_op(context.raw, handle, $0) }) }
    }

    /// The block holding the operation (`nil` when detached).
    public var block: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_op_get_parent_block(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, owner)
        }
    }

    public var parentRegion: Region? {
        get throws {
            let r = try out(omnir_region()) { omnir_op_get_parent_region(context.raw, handle, $0) }
            return r.context == 0 ? nil : Region(context, r, owner)
        }
    }

    /// Whether the operation has no parent block.
    public var isDetached: Bool { get throws { try block == nil } }

    /// The outermost ancestor (the operation itself when it has no parent).
    public var root: Operation {
        get throws { op(try out(omnir_op()) { omnir_op_get_root(context.raw, handle, $0) }) }
    }

    /// The next operation in the block.
    public var next: Operation? {
        get throws { optOp(try out(omnir_op()) { omnir_op_get_next(context.raw, handle, $0) }) }
    }

    /// The previous operation in the block.
    public var previous: Operation? {
        get throws { optOp(try out(omnir_op()) { omnir_op_get_prev(context.raw, handle, $0) }) }
    }

    /// Whether this operation is `other` or one of its ancestors.
    public func isAncestor(of other: Operation) throws -> Bool {
        try out(false) { omnir_op_is_ancestor(context.raw, handle, other.handle, $0) }
    }

    // MARK: mutation

    /// Moves the operation (attached or detached) to `point`. Every wrapper of it, and of
    /// what it contains, then keeps the destination tree alive.
    public func move(to point: InsertionPoint) throws {
        let source = context.treeOwner(of: handle) ?? owner
        try check(omnir_op_move(context.raw, handle, point.raw))
        let destination = context.treeOwner(of: handle) ?? point.owner
        context.reparent(OwnerKey(op: handle), into: destination)
        context.moved(from: source, into: destination)
        owner = destination
    }

    /// Moves the operation right before `other`.
    public func moveBefore(_ other: Operation) throws { try move(to: .before(other)) }
    /// Moves the operation right after `other`.
    public func moveAfter(_ other: Operation) throws { try move(to: .after(other)) }

    /// Takes the operation out of its block; it is then detached and owned by its wrappers
    /// (erased when the last of them goes, unless inserted somewhere first).
    public func detach() throws {
        let source = context.treeOwner(of: handle) ?? owner
        try check(omnir_op_detach(context.raw, handle))
        owner = context.adopt(op: handle)
        context.moved(from: source, into: owner)
    }

    /// Erases the operation and everything nested in it; every wrapper of them becomes
    /// stale. With `dropUses`, uses of its results elsewhere are dropped (those operands
    /// become null) instead of refusing with `.stillInUse`.
    public func erase(dropUses: Bool = false) throws {
        let mode = dropUses ? OMNIR_ERASE_DROP_USES : OMNIR_ERASE_REQUIRE_NO_USES
        try check(omnir_op_erase(context.raw, handle, UInt32(mode)))
        context.sweepOrphans()
    }

    /// A deep copy, detached and owned by the returned wrapper.
    public func clone() throws -> Operation {
        let h = try out(omnir_op()) { omnir_op_clone(context.raw, handle, $0) }
        return Operation(context, h, context.adopt(op: h))
    }

    /// Replaces every use of the operation's results with `values` (one per result).
    public func replaceAllUsesWith(_ values: [Value]) throws {
        try withArr(values.map(\.handle)) { p, n in try check(omnir_op_replace_all_uses_with(context.raw, handle, p, n)) }
        context.sweepOrphans()
    }

    /// Replaces every use of the operation's results with the results of `other`.
    public func replaceAllUsesWith(_ other: Operation) throws {
        try replaceAllUsesWith(Array(try other.results.map(\.value)))
    }

    /// Drops every operand and successor of the operation and of everything nested in it.
    public func dropAllReferences() throws {
        try check(omnir_op_drop_all_references(context.raw, handle))
        context.sweepOrphans()
    }

    // MARK: verify, print, walk

    /// Verifies the operation and everything nested in it; throws
    /// `.verificationFailed(diagnostics)` with every diagnostic the verifier emitted.
    public func verify() throws {
        _ = try context.capturingDiagnostics(parse: false) { try check(omnir_op_verify(context.raw, handle)) }
    }

    /// The operation as MLIR prints it with `flags` (custom form where the op has one,
    /// unless `flags.generic`).
    public func print(flags: PrintFlags = PrintFlags()) throws -> String {
        var f = flags.raw
        return try stringOut { omnir_op_print(context.raw, handle, &f, $0) }
    }

    /// The default print (custom forms where defined; or `<<erased operation>>` for a stale
    /// wrapper).
    public var description: String {
        do { return try print() } catch let e as OmnirError where e.isStaleHandle { return "<<erased operation>>" } catch {
            return "<<\(error)>>"
        }
    }

    /// Visits this operation and every operation nested in it, in `order`. The body may
    /// change the IR as MLIR's walk allows: erase or move the operation it is given (in
    /// pre-order its regions are then not visited), change what comes before it, insert
    /// after it (not visited); erasing the operation the walk was to visit next stops the
    /// walk with `.staleHandle`. Returns whether the body interrupted the walk. An error
    /// thrown by the body stops the walk and is rethrown.
    ///
    /// The body may keep the operations it is given (store them: a strong reference). A
    /// wrapper it did not keep is recycled for the next operation, so do not hold one only
    /// through a `weak` or `unowned` reference.
    @discardableResult @_disfavoredOverload
    public func walk(_ order: WalkOrder = .preOrder, _ body: (Operation) throws -> WalkResult) throws -> Bool {
        try withoutActuallyEscaping(body) { escapable in
            let state = WalkState(owner, escapable)
            var result: UInt32 = 0
            let status = omnir_op_walk(context.raw, handle, order == .preOrder ? UInt32(OMNIR_WALK_PRE_ORDER) : UInt32(OMNIR_WALK_POST_ORDER),
                                       walkTrampoline, Unmanaged.passUnretained(state).toOpaque(), &result)
            if let error = state.error { throw error }
            try check(status)
            return result == UInt32(OMNIR_WALK_INTERRUPT)
        }
    }

    /// Visits this operation and every operation nested in it (see `walk(_:_:)`).
    public func walk(_ order: WalkOrder = .preOrder, _ body: (Operation) throws -> Void) throws {
        try withoutActuallyEscaping(body) { escapable in
            let state = VisitState(owner, escapable)
            let status = omnir_op_walk(context.raw, handle, order == .preOrder ? UInt32(OMNIR_WALK_PRE_ORDER) : UInt32(OMNIR_WALK_POST_ORDER),
                                       visitTrampoline, Unmanaged.passUnretained(state).toOpaque(), nil)
            if let error = state.error { throw error }
            try check(status)
        }
    }

    // MARK: interfaces

    /// Whether the operation implements the interface (through its definition or an
    /// external model).
    public func implements(_ interface: TypeID) throws -> Bool {
        try out(false) { omnir_op_implements_interface(context.raw, handle, interface.rawValue, $0) }
    }

    public func interface(_ interface: TypeID) throws -> InterfaceHandle? {
        var vt: UnsafeRawPointer?
        var ud: UnsafeMutableRawPointer?
        let s = omnir_op_get_interface(context.raw, handle, interface.rawValue, &vt, &ud)
        if s == OMNIR_ERROR_NOT_REGISTERED { return nil }
        try check(s)
        return InterfaceHandle(vtable: vt, userData: ud)
    }
}

/// The state of a walk. Each visited operation is handed to the body in a wrapper; when the
/// body did not keep the previous wrapper (it is uniquely referenced here afterwards), that
/// wrapper is reused for the next operation instead of allocating a new one. Nobody can
/// observe the reuse: nothing else references the object.
final class WalkState {
    let owner: IROwner
    let body: (Operation) throws -> WalkResult
    var error: Error?
    var spare: Operation?

    @inline(__always) func wrapper(_ h: omnir_op) -> Operation {
        if spare != nil && isKnownUniquelyReferenced(&spare!) {
            spare!.handle = h
            return spare!
        }
        let op = Operation(h, owner: owner)
        spare = op
        return op
    }

    init(_ owner: IROwner, _ body: @escaping (Operation) throws -> WalkResult) {
        self.owner = owner
        self.body = body
    }
}

private let walkTrampoline: omnir_walk_callback = { userData, op in
    Unmanaged<WalkState>.fromOpaque(userData!)._withUnsafeGuaranteedRef { state in
        do {
            switch try state.body(state.wrapper(op)) {
            case .advance: return UInt32(OMNIR_WALK_ADVANCE)
            case .skip: return UInt32(OMNIR_WALK_SKIP)
            case .interrupt: return UInt32(OMNIR_WALK_INTERRUPT)
            }
        } catch {
            state.error = error
            return UInt32(OMNIR_WALK_INTERRUPT)
        }
    }
}

final class VisitState {
    let owner: IROwner
    let body: (Operation) throws -> Void
    var error: Error?
    var spare: Operation?

    /// See `WalkState.wrapper`.
    @inline(__always) func wrapper(_ h: omnir_op) -> Operation {
        if spare != nil && isKnownUniquelyReferenced(&spare!) {
            spare!.handle = h
            return spare!
        }
        let op = Operation(h, owner: owner)
        spare = op
        return op
    }

    init(_ owner: IROwner, _ body: @escaping (Operation) throws -> Void) {
        self.owner = owner
        self.body = body
    }
}

private let visitTrampoline: omnir_walk_callback = { userData, op in
    Unmanaged<VisitState>.fromOpaque(userData!)._withUnsafeGuaranteedRef { state in
        do {
            try state.body(state.wrapper(op))
            return UInt32(OMNIR_WALK_ADVANCE)
        } catch {
            state.error = error
            return UInt32(OMNIR_WALK_INTERRUPT)
        }
    }
}

// MARK: - collections

/// The operands of an operation (a snapshot taken when read).
public struct OperandList: RandomAccessCollection {
    let op: Operation
    let handles: [omnir_value]
    public var startIndex: Int { 0 }
    public var endIndex: Int { handles.count }
    /// Operand `i` (`nil` for a dropped operand).
    public subscript(i: Int) -> Value {
        Value(op.context, handles[i], op.owner)
    }
    public var types: [Type] { get throws { try map { try $0.type } } }
}

/// The results of an operation (a snapshot taken when read).
public struct ResultList: RandomAccessCollection {
    let context: Context
    let owner: IROwner?
    let handles: [omnir_value]
    public var startIndex: Int { 0 }
    public var endIndex: Int { handles.count }
    public subscript(i: Int) -> OpResult {
        OpResult(unchecked: Value(context, handles[i], owner))
    }
    public var types: [Type] { get throws { try map { try $0.type } } }
}

/// The regions of an operation (a snapshot taken when read: after the operation is erased,
/// its regions throw `.staleHandle`).
public struct RegionList: RandomAccessCollection {
    let context: Context
    let owner: IROwner
    let handles: [omnir_region]
    public var startIndex: Int { 0 }
    public var endIndex: Int { handles.count }
    public subscript(i: Int) -> Region { Region(context, handles[i], owner) }
}
