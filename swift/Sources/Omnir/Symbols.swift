import COmnir

/// A symbol's visibility (`sym_visibility`).
public enum SymbolVisibility: UInt32 {
    case `public` = 0, `private` = 1, nested = 2
}

/// One use of a symbol: the symbol reference `reference` in the attributes of `user`.
public struct SymbolUse: Hashable {
    public let user: Operation
    public let reference: Attribute
}

extension Operation {
    /// The symbol name (`sym_name`), or `nil` when the operation is not a symbol.
    public var symbolName: String? {
        get throws {
            let s = try out(omnir_string(data: nil, len: 0)) { omnir_op_get_symbol_name(context.raw, handle, $0) }
            if s.data == nil { return nil }
            return takeString(s)
        }
    }

    public func setSymbolName(_ name: String) throws {
        try withStr(name) { p, n in try check(omnir_op_set_symbol_name(context.raw, handle, p, n)) }
    }

    public var symbolVisibility: SymbolVisibility {
        get throws {
            SymbolVisibility(rawValue: try out(UInt32(0)) { omnir_op_get_symbol_visibility(context.raw, handle, $0) }) ?? .public
        }
    }

    public func setSymbolVisibility(_ visibility: SymbolVisibility) throws {
        try check(omnir_op_set_symbol_visibility(context.raw, handle, visibility.rawValue))
    }

    /// Whether the operation is a symbol table (a registered op with the SymbolTable trait).
    public var isSymbolTable: Bool {
        get throws { try out(false) { omnir_op_is_symbol_table(context.raw, handle, $0) } }
    }

    /// The closest symbol table that is this operation or an ancestor of it.
    public var nearestSymbolTable: Operation? {
        get throws { optOp(try out(omnir_op()) { omnir_op_get_nearest_symbol_table(context.raw, handle, $0) }) }
    }
}

/// A symbol table built from a symbol-table operation, caching its name → symbol map (MLIR's
/// `SymbolTable`). Changes made to the IR behind its back can make the cache out of date (as
/// in MLIR), but a lookup never returns an operation that is not a live child with that name.
public final class SymbolTable {
    public let operation: Operation
    let raw: OpaquePointer
    var context: Context { operation.context }

    public init(_ operation: Operation) throws {
        self.operation = operation
        raw = try out(OpaquePointer?.none) { omnir_symbol_table_create(operation.context.raw, operation.handle, $0) }!
    }

    deinit { omnir_symbol_table_destroy(raw) }

    public var count: Int {
        get throws { try out(0) { omnir_symbol_table_get_size(context.raw, raw, $0) } }
    }

    /// The symbol named `name`, or `nil`.
    public func lookup(_ name: String) throws -> Operation? {
        let h = try withStr(name) { p, n in try out(omnir_op()) { omnir_symbol_table_lookup(context.raw, raw, p, n, $0) } }
        return h.context == 0 ? nil : Operation(context, h, operation.owner)
    }

    public subscript(name: String) -> Operation? {
        get throws { try lookup(name) }
    }

    /// Inserts `symbol`: a detached one goes to `point` (default: the end of the body, before
    /// its terminator); one already in the body is only registered. A taken name is made
    /// unique (`name_0`...); returns the final name.
    @discardableResult
    public func insert(_ symbol: Operation, at point: InsertionPoint? = nil) throws -> String {
        let name: String
        if let point {
            var p = point.raw
            name = try stringOut { omnir_symbol_table_insert(context.raw, raw, symbol.handle, &p, $0) }
        } else {
            name = try stringOut { omnir_symbol_table_insert(context.raw, raw, symbol.handle, nil, $0) }
        }
        let owner = context.treeOwner(of: symbol.handle) ?? point?.owner ?? operation.owner
        context.reparent(OwnerKey(op: symbol.handle), into: owner)
        symbol.owner = owner
        return name
    }

    /// Takes `symbol` out of the table (and its body); it is then detached, owned by its
    /// wrappers.
    public func remove(_ symbol: Operation) throws {
        let source = context.treeOwner(of: symbol.handle) ?? symbol.owner
        try check(omnir_symbol_table_remove(context.raw, raw, symbol.handle))
        symbol.owner = context.adopt(op: symbol.handle)
        context.moved(from: source, into: symbol.owner)
    }

    /// Erases `symbol` (refused while its results are used).
    public func erase(_ symbol: Operation) throws {
        try check(omnir_symbol_table_erase(context.raw, raw, symbol.handle))
        context.sweepOrphans()
    }

    /// Renames `symbol` and every use of it within the table's region.
    public func rename(_ symbol: Operation, to name: String) throws {
        try withStr(name) { p, n in try check(omnir_symbol_table_rename(context.raw, raw, symbol.handle, p, n)) }
    }

    /// Renames `symbol` to the first `name_N` free here and in `others`; returns it.
    @discardableResult
    public func renameToUnique(_ symbol: Operation, others: [SymbolTable] = []) throws -> String {
        var ptrs: [OpaquePointer?] = others.map(\.raw)
        return try ptrs.withUnsafeMutableBufferPointer { buf in
            try stringOut { omnir_symbol_table_rename_to_unique(context.raw, raw, symbol.handle, buf.baseAddress, buf.count, $0) }
        }
    }

    // MARK: static helpers (MLIR's SymbolTable static methods)

    /// The symbol named `name` in the symbol-table operation `table`.
    public static func lookupSymbol(in table: Operation, name: String) throws -> Operation? {
        let h = try withStr(name) { p, n in try out(omnir_op()) { omnir_symbol_lookup_in(table.context.raw, table.handle, p, n, $0) } }
        return table.optOp(h)
    }

    /// Resolves a symbol reference from `table` (`@a::@b`).
    public static func lookupSymbol(in table: Operation, reference: Attribute) throws -> Operation? {
        table.optOp(try out(omnir_op()) { omnir_symbol_lookup_ref_in(table.context.raw, table.handle, reference.handle, $0) })
    }

    /// Resolves a symbol reference from the nearest symbol table of `from` (inclusive).
    public static func lookupNearestSymbol(from: Operation, reference: Attribute) throws -> Operation? {
        from.optOp(try out(omnir_op()) { omnir_symbol_lookup_nearest_from(from.context.raw, from.handle, reference.handle, $0) })
    }

    /// The uses of the symbol operation `symbol` within `scope` (`nil` when unknown: a
    /// potentially unknown symbol table is in the way).
    public static func uses(of symbol: Operation, in scope: Operation) throws -> [SymbolUse]? {
        var target = omnir_symbol_target(name: nil, name_len: 0, op: symbol.handle)
        return try uses(&target, scope)
    }

    /// The uses of the symbol named `name` (and references nested under it) within `scope`.
    public static func uses(ofName name: String, in scope: Operation) throws -> [SymbolUse]? {
        try withStr(name) { p, n in
            var target = omnir_symbol_target(name: p, name_len: n, op: omnir_op())
            return try uses(&target, scope)
        }
    }

    private static func uses(_ target: inout omnir_symbol_target, _ scope: Operation) throws -> [SymbolUse]? {
        let s = omnir_symbol_scope(op: scope.handle, region: omnir_region())
        var known = true
        let items = try bufferOut(omnir_symbol_use()) { p, cap, count in
            omnir_symbol_get_uses(scope.context.raw, &target, s, p, cap, count, &known)
        }
        guard known else { return nil }
        return items.map { SymbolUse(user: scope.op($0.user), reference: Attribute(scope.context, $0.symbol_ref)) }
    }

    /// Replaces every use of `symbol` within `scope` by `newName` (the symbol itself is not
    /// renamed).
    public static func replaceAllUses(of symbol: Operation, with newName: String, in scope: Operation) throws {
        var target = omnir_symbol_target(name: nil, name_len: 0, op: symbol.handle)
        let s = omnir_symbol_scope(op: scope.handle, region: omnir_region())
        try withStr(newName) { p, n in try check(omnir_symbol_replace_all_uses(scope.context.raw, &target, p, n, s)) }
    }

    /// Whether `symbol` is known to have no uses in `scope`.
    public static func knownUseEmpty(_ symbol: Operation, in scope: Operation) throws -> Bool {
        var target = omnir_symbol_target(name: nil, name_len: 0, op: symbol.handle)
        let s = omnir_symbol_scope(op: scope.handle, region: omnir_region())
        return try out(false) { omnir_symbol_known_use_empty(scope.context.raw, &target, s, $0) }
    }
}
