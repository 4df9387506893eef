import COmnir
import Foundation

// MARK: - Block

/// A block: arguments and a list of operations (MLIR's `Block`). A checked handle, equal by
/// handle. A detached block (just created, or detached) is owned by its wrappers.
public final class Block: Hashable, CustomStringConvertible {
    public let handle: omnir_block
    var owner: IROwner
    public var context: Context { owner.context }

    init(_ context: Context, _ handle: omnir_block, _ owner: IROwner?) {
        self.handle = handle
        self.owner = owner ?? context.nullOwner
    }

    /// Wraps a C handle of `context` (from the C API or a plugin); the wrapper keeps the
    /// block's tree alive if Swift owns it.
    public convenience init(handle: omnir_block, context: Context) {
        var op = omnir_op()
        _ = omnir_block_get_parent_op(context.raw, handle, &op)
        let owner = op.context != 0 ? context.treeOwner(of: op) : context.blockOwner(handle)
        self.init(context, handle, owner)
    }

    /// A detached block with arguments of `argumentTypes` at `locations` (default: unknown),
    /// owned by the returned wrapper until it is appended to a region.
    public convenience init(argumentTypes: [Type] = [], locations: [Location]? = nil, context: Context) throws {
        let locs = locations ?? Array(repeating: context.unknownLocation, count: argumentTypes.count)
        guard locs.count == argumentTypes.count else {
            throw OmnirError.invalidArgument("\(argumentTypes.count) argument types but \(locs.count) locations")
        }
        let h = try withArr(argumentTypes.map(\.handle)) { tp, n in
            try withArr(locs.map(\.handle)) { lp, _ in try out(omnir_block()) { omnir_block_create(context.raw, tp, lp, n, $0) } }
        }
        self.init(context, h, context.adopt(block: h))
    }

    public static func == (a: Block, b: Block) -> Bool { omnir_block_equal(a.handle, b.handle) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.index)
        hasher.combine(handle.generation)
    }

    public var isLive: Bool {
        var live = false
        return omnir_block_is_live(context.raw, handle, &live).rawValue == 0 && live
    }

    // MARK: arguments

    public var arguments: BlockArgumentList {
        get throws {
            BlockArgumentList(context: context, owner: owner,
                              handles: try bufferOut(omnir_value()) { omnir_block_get_arguments(context.raw, handle, $0, $1, $2) })
        }
    }

    public func argument(_ index: Int) throws -> BlockArgument {
        BlockArgument(unchecked: Value(context, try out(omnir_value()) { omnir_block_get_argument(context.raw, handle, index, $0) }, owner))
    }

    @discardableResult
    public func addArgument(_ type: Type, location: Location? = nil) throws -> BlockArgument {
        let loc = location ?? context.unknownLocation
        return BlockArgument(unchecked: Value(context, try out(omnir_value()) {
            omnir_block_add_argument(context.raw, handle, type.handle, loc.handle, $0)
        }, owner))
    }

    public func eraseArgument(_ index: Int) throws {
        try check(omnir_block_erase_argument(context.raw, handle, index))
    }

    // MARK: operations

    /// The operations, in order (a snapshot taken when read).
    public var operations: OperationList {
        get throws {
            OperationList(context: context, owner: owner,
                          handles: try bufferOut(omnir_op()) { omnir_block_get_ops(context.raw, handle, $0, $1, $2) })
        }
    }

    public var firstOperation: Operation? {
        get throws {
            let h = try out(omnir_op()) { omnir_block_get_first_op(context.raw, handle, $0) }
            return h.context == 0 ? nil : Operation(context, h, owner)
        }
    }

    public var lastOperation: Operation? {
        get throws {
            let h = try out(omnir_op()) { omnir_block_get_last_op(context.raw, handle, $0) }
            return h.context == 0 ? nil : Operation(context, h, owner)
        }
    }

    /// The last operation (MLIR's terminator position), or `nil` for an empty block.
    public var terminator: Operation? { get throws { try lastOperation } }

    /// Appends a detached operation (the block's tree then owns it).
    public func append(_ op: Operation) throws { try InsertionPoint.atBlockEnd(self).insert(op) }

    // MARK: structure

    public var parentRegion: Region? {
        get throws {
            let r = try out(omnir_region()) { omnir_block_get_parent_region(context.raw, handle, $0) }
            return r.context == 0 ? nil : Region(context, r, owner)
        }
    }

    public var parentOperation: Operation? {
        get throws {
            let h = try out(omnir_op()) { omnir_block_get_parent_op(context.raw, handle, $0) }
            return h.context == 0 ? nil : Operation(context, h, owner)
        }
    }

    public var next: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_block_get_next(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, owner)
        }
    }

    public var previous: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_block_get_prev(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, owner)
        }
    }

    /// The successors of the block's terminator.
    public var successors: [Block] {
        get throws {
            let n = try out(0) { omnir_block_get_num_successors(context.raw, handle, $0) }
            return try (0..<n).map { i in Block(context, try out(omnir_block()) { omnir_block_get_successor(context.raw, handle, i, $0) }, owner) }
        }
    }

    /// The terminators branching to this block, with the successor index they use.
    public var predecessors: [BlockOperand] {
        get throws {
            try bufferOut(omnir_block_operand()) { omnir_block_get_predecessors(context.raw, handle, $0, $1, $2) }
                .map { BlockOperand(user: Operation(context, $0.op, context.treeOwner(of: $0.op) ?? owner), number: Int($0.index)) }
        }
    }

    /// Takes the block out of its region; it is then detached and owned by its wrappers.
    public func detach() throws {
        let source = context.blockOwner(handle) ?? owner
        try check(omnir_block_detach(context.raw, handle))
        owner = context.adopt(block: handle)
        context.moved(from: source, into: owner)
    }

    /// Erases the block and everything in it.
    public func erase() throws {
        try check(omnir_block_erase(context.raw, handle))
        context.sweepOrphans()
    }

    /// The block as MLIR's `Block::print` prints it (custom forms where defined, as `Operation.print`): its label and arguments,
    /// then its operations two spaces in, numbered as in the whole module.
    public func print(flags: PrintFlags = PrintFlags()) throws -> String {
        var f = flags.raw
        return try stringOut { omnir_block_print(context.raw, handle, &f, $0) }
    }

    /// The printed block (or `<<erased block>>` for a stale wrapper).
    public var description: String {
        do { return try print() } catch let e as OmnirError where e.isStaleHandle { return "<<erased block>>" } catch {
            return "<<\(error)>>"
        }
    }
}

/// One use of a block as a successor: successor `successorNumber` of the terminator
/// `owner`. Once that operation is erased (or has fewer successors), both throw
/// `.staleHandle`.
public struct BlockOperand: Hashable {
    let user: Operation
    let number: Int

    public var owner: Operation {
        get throws {
            try checkLive()
            return user
        }
    }

    public var successorNumber: Int {
        get throws {
            try checkLive()
            return number
        }
    }

    /// The successor number (`successorNumber`).
    public var index: Int { get throws { try successorNumber } }

    /// The block it branches to now.
    public var block: Block { get throws { try user.successor(number) } }

    private func checkLive() throws {
        let n = try out(0) { omnir_op_get_num_successors(user.context.raw, user.handle, $0) }
        if number >= n { throw OmnirError.staleHandle("successor \(number) of the operation no longer exists") }
    }
}

/// The operations of a block (a snapshot taken when read).
public struct OperationList: RandomAccessCollection {
    let context: Context
    let owner: IROwner?
    let handles: [omnir_op]
    public var startIndex: Int { 0 }
    public var endIndex: Int { handles.count }
    public subscript(i: Int) -> Operation { Operation(context, handles[i], owner) }
}

/// The arguments of a block (a snapshot taken when read).
public struct BlockArgumentList: RandomAccessCollection {
    let context: Context
    let owner: IROwner?
    let handles: [omnir_value]
    public var startIndex: Int { 0 }
    public var endIndex: Int { handles.count }
    public subscript(i: Int) -> BlockArgument { BlockArgument(unchecked: Value(context, handles[i], owner)) }
    public var types: [Type] { get throws { try map { try $0.type } } }
}

// MARK: - Region

/// A region of an operation: a list of blocks (MLIR's `Region`).
public final class Region: Hashable, CustomStringConvertible {
    public let handle: omnir_region
    var owner: IROwner
    public var context: Context { owner.context }

    init(_ context: Context, _ handle: omnir_region, _ owner: IROwner?) {
        self.handle = handle
        self.owner = owner ?? context.nullOwner
    }

    /// Wraps a C handle of `context` (from the C API or a plugin).
    public convenience init(handle: omnir_region, context: Context) {
        var op = omnir_op()
        _ = omnir_region_get_parent_op(context.raw, handle, &op)
        self.init(context, handle, op.context != 0 ? context.treeOwner(of: op) : nil)
    }

    public static func == (a: Region, b: Region) -> Bool { omnir_region_equal(a.handle, b.handle) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.index)
        hasher.combine(handle.generation)
    }

    public var isLive: Bool {
        var live = false
        return omnir_region_is_live(context.raw, handle, &live).rawValue == 0 && live
    }

    /// The blocks, in order (a snapshot taken when read).
    public var blocks: BlockList {
        get throws {
            BlockList(context: context, owner: owner,
                      handles: try bufferOut(omnir_block()) { omnir_region_get_blocks(context.raw, handle, $0, $1, $2) })
        }
    }

    public var firstBlock: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_region_get_first_block(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, owner)
        }
    }

    public var lastBlock: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_region_get_last_block(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, owner)
        }
    }

    /// The operation the region belongs to.
    public var parentOperation: Operation {
        get throws { Operation(context, try out(omnir_op()) { omnir_region_get_parent_op(context.raw, handle, $0) }, owner) }
    }

    /// The region's index in its operation.
    public var number: Int {
        get throws { try out(0) { omnir_region_get_number(context.raw, handle, $0) } }
    }

    /// Appends a detached block (the region's tree then owns it).
    public func append(_ block: Block) throws {
        try check(omnir_region_append_block(context.raw, handle, block.handle))
        adopted(block)
    }

    /// Creates a block with arguments of `argumentTypes` and appends it.
    @discardableResult
    public func appendBlock(argumentTypes: [Type] = [], locations: [Location]? = nil) throws -> Block {
        let b = try Block(argumentTypes: argumentTypes, locations: locations, context: context)
        try append(b)
        return b
    }

    public func insert(_ block: Block, before reference: Block) throws {
        try check(omnir_region_insert_block_before(context.raw, handle, reference.handle, block.handle))
        adopted(block)
    }

    public func insert(_ block: Block, after reference: Block) throws {
        try check(omnir_region_insert_block_after(context.raw, handle, reference.handle, block.handle))
        adopted(block)
    }

    private func adopted(_ block: Block) {
        let destination = context.blockOwner(block.handle) ?? owner
        context.reparent(OwnerKey(block: block.handle), into: destination)
        block.owner = destination
    }

    public var description: String {
        guard let n = try? blocks.count else { return "<<erased region>>" }
        return "Region(\(n) blocks)"
    }
}

/// The blocks of a region (a snapshot taken when read).
public struct BlockList: RandomAccessCollection {
    let context: Context
    let owner: IROwner?
    let handles: [omnir_block]
    public var startIndex: Int { 0 }
    public var endIndex: Int { handles.count }
    public subscript(i: Int) -> Block { Block(context, handles[i], owner) }
}

// MARK: - Value

/// An SSA value: an operation result (`OpResult`) or a block argument (`BlockArgument`).
/// Equal by handle; keeps its tree alive like the other IR wrappers.
public struct Value: Hashable, CustomStringConvertible {
    public let handle: omnir_value
    let owner: IROwner
    public var context: Context { owner.context }

    init(_ context: Context, _ handle: omnir_value, _ owner: IROwner?) {
        self.handle = handle
        self.owner = owner ?? context.nullOwner
    }

    /// Wraps a C handle of `context` (from the C API or a plugin).
    public init(handle: omnir_value, context: Context) {
        var op = omnir_op()
        var owner: IROwner?
        if omnir_value_get_defining_op(context.raw, handle, &op).rawValue == 0, op.context != 0 {
            owner = context.treeOwner(of: op)
        } else {
            var block = omnir_block()
            if omnir_value_get_owner_block(context.raw, handle, &block).rawValue == 0, block.context != 0 {
                owner = Block(handle: block, context: context).owner
            }
        }
        self.init(context, handle, owner)
    }

    public static func == (a: Value, b: Value) -> Bool { omnir_value_equal(a.handle, b.handle) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle.context)
        hasher.combine(handle.owner)
        hasher.combine(handle.generation)
        hasher.combine(handle.number)
    }

    /// Whether this is the null value (a dropped operand).
    public var isNull: Bool { omnir_value_is_null(handle) }

    public var isLive: Bool {
        var live = false
        return omnir_value_is_live(context.raw, handle, &live).rawValue == 0 && live
    }

    public var type: Type {
        get throws { Type(context, try out(omnir_type()) { omnir_value_get_type(context.raw, handle, $0) }) }
    }

    public func setType(_ type: Type) throws {
        try check(omnir_value_set_type(context.raw, handle, type.handle))
    }

    public var location: Location {
        get throws { Location(context, try out(omnir_location()) { omnir_value_get_location(context.raw, handle, $0) }) }
    }

    public var isBlockArgument: Bool { get throws { try out(false) { omnir_value_is_block_argument(context.raw, handle, $0) } } }
    public var isOpResult: Bool { get throws { try out(false) { omnir_value_is_op_result(context.raw, handle, $0) } } }

    /// The result number or argument number.
    public var number: Int {
        get throws { Int(try out(UInt32(0)) { omnir_value_get_number(context.raw, handle, $0) }) }
    }

    /// The operation defining a result (`nil` for a block argument).
    public var definingOperation: Operation? {
        get throws {
            // A value used in one tree may be defined in another (a detached op used by a
            // module): the wrapper keeps the defining op's tree.
            let h = try out(omnir_op()) { omnir_value_get_defining_op(context.raw, handle, $0) }
            return h.context == 0 ? nil : Operation(context, h, context.treeOwner(of: h) ?? owner)
        }
    }

    /// The block whose argument this is (`nil` for a result).
    public var ownerBlock: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_value_get_owner_block(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, context.blockOwner(b) ?? owner)
        }
    }

    /// The block that defines the value (the argument's block, or the defining op's block).
    public var parentBlock: Block? {
        get throws {
            let b = try out(omnir_block()) { omnir_value_get_parent_block(context.raw, handle, $0) }
            return b.context == 0 ? nil : Block(context, b, owner)
        }
    }

    /// Every use: operand `index` of `owner` (a snapshot taken when read).
    public var uses: [OpOperand] {
        get throws {
            // A user may be in another tree than the value (a detached op used by a module):
            // its wrapper keeps the user's tree.
            try bufferOut(omnir_op_operand()) { omnir_value_get_uses(context.raw, handle, $0, $1, $2) }
                .map { OpOperand(user: Operation(context, $0.op, context.treeOwner(of: $0.op) ?? owner), number: Int($0.index)) }
        }
    }

    public var hasUses: Bool { get throws { try out(0) { omnir_value_get_num_uses(context.raw, handle, $0) } > 0 } }

    public func replaceAllUsesWith(_ other: Value) throws {
        try check(omnir_value_replace_all_uses_with(context.raw, handle, other.handle))
        context.sweepOrphans()
    }

    /// Replaces every use except those in `except`.
    public func replaceAllUses(with other: Value, except: Operation) throws {
        try check(omnir_value_replace_all_uses_except(context.raw, handle, other.handle, except.handle))
        context.sweepOrphans()
    }

    public func dropAllUses() throws {
        try check(omnir_value_drop_all_uses(context.raw, handle))
        context.sweepOrphans()
    }

    /// As MLIR's `Value::print`: a result prints its defining operation, a block argument
    /// `<block argument> of type 'T' at index: N`.
    public func print(flags: PrintFlags = PrintFlags()) throws -> String {
        var f = flags.raw
        return try stringOut { omnir_value_print(context.raw, handle, &f, $0) }
    }

    /// The value's name where it is used as an operand (MLIR's `Value::printAsOperand`,
    /// Python's `get_name`): `%arg0`, `%3` or `%3#1`, numbered as when printing its
    /// top-level ancestor (`useLocalScope`: its nearest isolated-from-above ancestor).
    public func name(useLocalScope: Bool = false) throws -> String {
        var f = PrintFlags(localScope: useLocalScope).raw
        return try stringOut { omnir_value_print_as_operand(context.raw, handle, &f, $0) }
    }

    /// As MLIR's Python bindings: the kind of value around `print()`.
    public var description: String {
        if isNull { return "Value(null)" }
        guard let text = try? print() else { return "<<erased value>>" }
        return "\((try? definingOperation) != nil ? "OpResult" : "BlockArgument")(\(text))"
    }
}

/// A result of an operation.
public struct OpResult: Hashable, CustomStringConvertible {
    public let value: Value
    init(unchecked value: Value) { self.value = value }
    /// The value as a result, or `nil` when it is a block argument.
    public init?(_ value: Value) {
        guard (try? value.isOpResult) == true else { return nil }
        self.value = value
    }
    public var owner: Operation { get throws { try value.definingOperation! } }
    public var resultNumber: Int { get throws { try value.number } }
    public var type: Type { get throws { try value.type } }
    public var uses: [OpOperand] { get throws { try value.uses } }
    public var description: String { value.description }
}

/// An argument of a block.
public struct BlockArgument: Hashable, CustomStringConvertible {
    public let value: Value
    init(unchecked value: Value) { self.value = value }
    /// The value as a block argument, or `nil` when it is a result.
    public init?(_ value: Value) {
        guard (try? value.isBlockArgument) == true else { return nil }
        self.value = value
    }
    public var owner: Block { get throws { try value.ownerBlock! } }
    public var argumentNumber: Int { get throws { try value.number } }
    public var type: Type { get throws { try value.type } }
    public func setType(_ type: Type) throws { try value.setType(type) }
    public var uses: [OpOperand] { get throws { try value.uses } }
    public var description: String { value.description }
}

/// Anything usable as a `Value` (a `Value`, an `OpResult`, a `BlockArgument`).
public protocol ValueConvertible {
    var value: Value { get }
}
extension Value: ValueConvertible { public var value: Value { self } }
extension OpResult: ValueConvertible {}
extension BlockArgument: ValueConvertible {}

/// One use of a value: operand `operandNumber` of `owner` (MLIR's `OpOperand`). Once that
/// operation is erased (or has fewer operands), every accessor throws `.staleHandle`.
public struct OpOperand: Hashable {
    let user: Operation
    let number: Int

    public var owner: Operation {
        get throws {
            try checkLive()
            return user
        }
    }

    public var operandNumber: Int {
        get throws {
            try checkLive()
            return number
        }
    }

    /// The operand number (`operandNumber`).
    public var index: Int { get throws { try operandNumber } }

    /// The value the operand holds now.
    public var value: Value {
        get throws {
            try checkLive()
            return try user.operand(number)
        }
    }

    public func set(_ value: ValueConvertible) throws {
        try checkLive()
        try user.setOperand(number, to: value.value)
    }

    private func checkLive() throws {
        let n = try out(0) { omnir_op_get_num_operands(user.context.raw, user.handle, $0) }
        if number >= n { throw OmnirError.staleHandle("operand \(number) of the operation no longer exists") }
    }
}

// MARK: - InsertionPoint

/// Where to put an operation (MLIR's `InsertionPoint`): at the start or end of a block, or
/// before or after an operation.
public struct InsertionPoint {
    enum Anchor {
        case blockStart(Block), blockEnd(Block), before(Operation), after(Operation)
    }
    let anchor: Anchor

    /// At the end of `block` (as `InsertionPoint(block)` in MLIR's Python bindings).
    public init(_ block: Block) { anchor = .blockEnd(block) }
    init(_ anchor: Anchor) { self.anchor = anchor }

    public static func atBlockBegin(_ block: Block) -> InsertionPoint { InsertionPoint(.blockStart(block)) }
    public static func atBlockEnd(_ block: Block) -> InsertionPoint { InsertionPoint(.blockEnd(block)) }
    public static func before(_ op: Operation) -> InsertionPoint { InsertionPoint(.before(op)) }
    public static func after(_ op: Operation) -> InsertionPoint { InsertionPoint(.after(op)) }
    /// Before the block's last operation (its terminator), or at its end when it is empty.
    public static func atBlockTerminator(_ block: Block) throws -> InsertionPoint {
        if let t = try block.lastOperation { return .before(t) }
        return .atBlockEnd(block)
    }

    var raw: omnir_insertion_point {
        var p = omnir_insertion_point()
        switch anchor {
        case .blockStart(let b):
            p.kind = UInt32(OMNIR_INSERT_BLOCK_START)
            p.block = b.handle
        case .blockEnd(let b):
            p.kind = UInt32(OMNIR_INSERT_BLOCK_END)
            p.block = b.handle
        case .before(let o):
            p.kind = UInt32(OMNIR_INSERT_BEFORE_OP)
            p.op = o.handle
        case .after(let o):
            p.kind = UInt32(OMNIR_INSERT_AFTER_OP)
            p.op = o.handle
        }
        return p
    }

    var context: Context {
        switch anchor {
        case .blockStart(let b), .blockEnd(let b): return b.context
        case .before(let o), .after(let o): return o.context
        }
    }

    /// The owner of the destination tree.
    var owner: IROwner {
        switch anchor {
        case .blockStart(let b), .blockEnd(let b): return b.owner
        case .before(let o), .after(let o): return o.owner
        }
    }

    /// The block operations go into.
    public var block: Block {
        get throws {
            switch anchor {
            case .blockStart(let b), .blockEnd(let b): return b
            case .before(let o), .after(let o):
                guard let b = try o.block else { throw OmnirError.invalidArgument("the operation is not in a block") }
                return b
            }
        }
    }

    /// Inserts a detached operation here; the destination's tree then owns it.
    public func insert(_ op: Operation) throws {
        try check(omnir_op_insert(context.raw, op.handle, raw))
        let destination = op.context.treeOwner(of: op.handle) ?? owner
        op.context.reparent(OwnerKey(op: op.handle), into: destination)
        op.owner = destination
    }
}

// MARK: - OperationState

/// Everything needed to create an operation (MLIR's `OperationState`). Reusable: `create`
/// does not consume it, so one state creates any number of similar operations cheaply.
public final class OperationState {
    public let context: Context
    let raw: OpaquePointer

    public init(_ name: String, location: Location) throws {
        context = location.context
        raw = try withStr(name) { p, n in
            try out(OpaquePointer?.none) { omnir_operation_state_create(p, n, location.handle, $0) }!
        }
    }

    deinit { omnir_operation_state_destroy(raw) }

    @discardableResult
    public func addOperands<V: ValueConvertible>(_ values: [V]) throws -> OperationState {
        try withMapped(values, { $0.value.handle }) { p, n in try check(omnir_operation_state_add_operands(raw, p, n)) }
        return self
    }

    /// Replaces all operands (to reuse one state for ops with different operands).
    @discardableResult
    public func setOperands<V: ValueConvertible>(_ values: [V]) throws -> OperationState {
        try withMapped(values, { $0.value.handle }) { p, n in try check(omnir_operation_state_set_operands(raw, p, n)) }
        return self
    }

    @discardableResult
    public func addResults(_ types: [Type]) throws -> OperationState {
        try withMapped(types, { $0.handle }) { p, n in try check(omnir_operation_state_add_results(raw, p, n)) }
        return self
    }

    @discardableResult
    public func addAttribute(_ name: String, _ value: Attribute) throws -> OperationState {
        try withStr(name) { p, n in try check(omnir_operation_state_add_attribute(raw, p, n, value.handle)) }
        return self
    }

    @discardableResult
    public func setProperties(_ properties: Attribute) throws -> OperationState {
        try check(omnir_operation_state_set_properties(raw, properties.handle))
        return self
    }

    @discardableResult
    public func setNumRegions(_ count: Int) throws -> OperationState {
        try check(omnir_operation_state_set_num_regions(raw, count))
        return self
    }

    @discardableResult
    public func addSuccessors(_ blocks: [Block]) throws -> OperationState {
        try withMapped(blocks, { $0.handle }) { p, n in try check(omnir_operation_state_add_successors(raw, p, n)) }
        return self
    }

    @discardableResult
    public func setLocation(_ location: Location) throws -> OperationState {
        try check(omnir_operation_state_set_location(raw, location.handle))
        return self
    }

    /// Lets the core infer the result types from the operation's definition when none are
    /// given (MLIR's `enableResultTypeInference`): `arith.addi` from its operands,
    /// `arith.cmpi` as `i1`.
    @discardableResult
    public func enableResultTypeInference() throws -> OperationState {
        try check(omnir_operation_state_enable_result_type_inference(raw))
        return self
    }

    /// Clears operands, results, attributes, regions and successors.
    public func reset() throws { try check(omnir_operation_state_reset(raw)) }

    /// Creates a detached operation, owned by the returned wrapper.
    public func create() throws -> Operation {
        let h = try out(omnir_op()) { omnir_operation_create(context.raw, raw, $0) }
        return Operation(context, h, context.adopt(op: h))
    }

    /// Creates an operation and inserts it at `point` (its tree then owns it).
    public func create(at point: InsertionPoint) throws -> Operation {
        // Created and inserted in one call: on error nothing was created.
        let h = try out(omnir_op()) { omnir_operation_create_at(context.raw, raw, point.raw, $0) }
        return Operation(h, owner: point.owner)
    }

    /// Replaces the value of attribute number `index` (in the order added), keeping the name:
    /// the cheap way to reuse one state for operations that differ in an attribute's value.
    @discardableResult
    public func setAttributeValue(_ index: Int, _ value: Attribute) throws -> OperationState {
        try check(omnir_operation_state_set_attribute_value(raw, index, value.handle))
        return self
    }
}

// MARK: - Module

/// A `builtin.module` (MLIR's `Module`): a detached operation with one region holding one
/// block, owned by this object (and by every wrapper of IR inside it): erased when the last
/// of them goes, unless inserted somewhere first.
public final class Module: Hashable, CustomStringConvertible {
    /// The module's operation.
    public let operation: Operation
    public var context: Context { operation.context }

    init(owning operation: Operation) { self.operation = operation }

    /// A view of a `builtin.module` operation as a module (`nil` for another operation).
    public convenience init?(_ operation: Operation) {
        guard (try? operation.name) == "builtin.module" else { return nil }
        self.init(owning: operation)
    }

    /// An empty module at `location`.
    public static func create(location: Location) throws -> Module {
        let op = try Operation.create(name: "builtin.module", regions: 1, location: location)
        try op.region(0).appendBlock()
        return Module(owning: op)
    }

    /// An empty module (unknown location).
    public static func create(context: Context) throws -> Module {
        try create(location: context.unknownLocation)
    }

    /// Parses MLIR text into a module (the file's top-level `builtin.module`, or a new module
    /// holding its top-level operations) and verifies it, as MLIR does (unless
    /// `Context.verifyAfterParse` is off). Errors, the verifier's included, throw
    /// `.parseFailed(message:diagnostics:)`, with MLIR's rendering of every error and the
    /// diagnostics.
    public static func parse(_ text: String, context: Context, filename: String = "") throws -> Module {
        let (h, _) = try context.capturingDiagnostics(parse: true) { () -> omnir_op in
            try withStr(text) { t, tl in
                try withStr(filename) { f, fl in try out(omnir_op()) { omnir_module_parse(context.raw, t, tl, f, fl, $0) } }
            }
        }
        return Module(owning: Operation(context, h, context.adopt(op: h)))
    }

    /// Parses MLIR text given as bytes (a file's contents). Bytes that are not UTF-8 throw
    /// `.parseFailed` at the first bad byte, as `mlir-opt` reports them:
    /// `file:line:col: error: the input is not valid UTF-8`.
    public static func parse<Bytes: Sequence>(_ bytes: Bytes, context: Context, filename: String = "") throws -> Module
    where Bytes.Element == UInt8 {
        try parse(try utf8Source(bytes, filename: filename, context: context), context: context, filename: filename)
    }

    /// Parses a file (the path names it in locations and messages).
    public static func parse(contentsOf path: String, context: Context) throws -> Module {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OmnirError.invalidArgument("cannot read \(path)")
        }
        return try parse(data, context: context, filename: path)
    }

    /// The module's body.
    public var body: Block {
        get throws {
            guard let b = try operation.region(0).firstBlock else { throw OmnirError.invalidArgument("module without a body") }
            return b
        }
    }

    public func verify() throws { try operation.verify() }
    public func print(flags: PrintFlags = PrintFlags()) throws -> String { try operation.print(flags: flags) }
    public var description: String { operation.description }

    public static func == (a: Module, b: Module) -> Bool { a.operation == b.operation }
    public func hash(into hasher: inout Hasher) { hasher.combine(operation) }
}

extension Operation {
    /// Parses text that holds exactly one top-level operation (MLIR's
    /// `parseSourceString<Operation *>`, Python's `Operation.parse`); it comes back detached,
    /// owned by the returned wrapper, verified as by `Module.parse`. Errors throw
    /// `.parseFailed(message:diagnostics:)`; no or
    /// several operations: "source must contain a single top-level operation, found: N".
    public static func parse(_ text: String, context: Context, sourceName: String = "") throws -> Operation {
        let (h, _) = try context.capturingDiagnostics(parse: true) { () -> omnir_op in
            try withStr(text) { t, tl in
                try withStr(sourceName) { f, fl in try out(omnir_op()) { omnir_op_parse(context.raw, t, tl, f, fl, $0) } }
            }
        }
        return Operation(context, h, context.adopt(op: h))
    }

    /// `parse(_:context:sourceName:)` for text given as bytes; bytes that are not UTF-8
    /// throw `.parseFailed` at the first bad byte, as `Module.parse` of bytes does.
    public static func parse<Bytes: Sequence>(_ bytes: Bytes, context: Context, sourceName: String = "") throws -> Operation
    where Bytes.Element == UInt8 {
        try parse(try utf8Source(bytes, filename: sourceName, context: context), context: context, sourceName: sourceName)
    }
}

/// `bytes` as text, or the parse error for the first byte that is not UTF-8: its line and
/// column (1-based, the column counted in bytes as MLIR's locations are), in `mlir-opt`'s
/// words.
func utf8Source<Bytes: Sequence>(_ bytes: Bytes, filename: String, context: Context) throws -> String where Bytes.Element == UInt8 {
    let array = Array(bytes)
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = array.makeIterator()
    var valid = 0
    loop: while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): valid += scalar.count
        case .emptyInput: return String(decoding: array, as: UTF8.self)
        case .error: break loop
        }
    }
    let prefix = array[..<valid]
    let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let column = valid - lineStart + 1
    let message = "the input is not valid UTF-8"
    let rendered = "\(filename):\(line):\(column): error: \(message)"
    let location = try Location.file(filename, line: UInt32(clamping: line), column: UInt32(clamping: column), in: context)
    throw OmnirError.parseFailed(message: rendered,
                                 diagnostics: [Diagnostic(severity: .error, location: location, message: message, rendered: rendered)])
}
