import COmnir

// Who keeps IR alive (DESIGN.md, "Lifetime in garbage-collected languages"):
//
// - Detached IR (a module, an operation or a block with no parent) is owned by an `IROwner`:
//   when the last Swift reference to the owner goes and the root is still live and still
//   detached, the owner erases it with everything nested in it.
// - Every wrapper of IR (`Operation`, `Block`, `Region`, `Value`) holds a strong reference
//   to the owner of the tree it was obtained from; navigation passes it on (the operations
//   of a block share the block's owner). So a tree lives as long as any wrapper into it,
//   and an operation wrapper kept after its module wrapper is released keeps the module.
// - Wrappers are not re-pointed when IR moves (only the one that made the move is), so an
//   owner also *keeps* the owners of every tree that IR moved into from its own tree (moved
//   or inserted through Swift, or detached through Swift into a tree of its own): a wrapper
//   of anything nested in the IR that moved still holds the old owner, which holds the new
//   one. A moved op's wrappers thus keep its current tree alive across any number of moves.
//   Keeping is one-way (the destination does not keep the source); when a move would close
//   a cycle of owners keeping each other, the owners on that cycle are merged into one that
//   owns all their roots (`forward` points the merged ones at it), so nothing keeps itself.
//   The cost is conservative: a tree IR moved into lives as long as any wrapper of the tree
//   it left, even a wrapper of IR that did not move.
// - A detached operation (or block) whose results (arguments) are still used elsewhere when
//   its owner goes is not erased, which would leave those operands null: it becomes an
//   *orphan* of the context, erased once nothing uses it (checked whenever an owner goes or
//   uses are dropped through Swift), or adopted again by a wrapper reached through a use.
// - IR that is erased (explicitly, or with its tree) makes every wrapper of it stale: omnir's
//   handles carry a generation, so any later use throws `OmnirError.staleHandle`, even
//   after the slot was reused by new IR. Never a crash, never an alias.
//
// Locking: the tables and links below are guarded by `Context.ownersLock`, and no C call is
// made while holding it (a callback of the context may hold the context's lock and then
// need this one).

struct OwnerKey: Hashable {
    let isBlock: Bool
    let index: UInt32
    let generation: UInt32

    init(op: omnir_op) {
        isBlock = false
        index = op.index
        generation = op.generation
    }

    init(block: omnir_block) {
        isBlock = true
        index = block.index
        generation = block.generation
    }
}

/// The root of a detached tree: an operation or a block.
enum IRRoot {
    case op(omnir_op)
    case block(omnir_block)

    var key: OwnerKey {
        switch self {
        case .op(let o): return OwnerKey(op: o)
        case .block(let b): return OwnerKey(block: b)
        }
    }

    /// What happened when its owner let it go.
    enum Release { case gone, stillUsed }

    /// Erases the root if it is live and still detached. `.stillUsed` when values defined in
    /// it are used outside it (or the context is busy in a callback): it must stay for now.
    func release(_ ctx: OpaquePointer) -> Release {
        switch self {
        case .op(let op):
            var live = false
            guard omnir_op_is_live(ctx, op, &live).rawValue == 0, live else { return .gone }
            var parent = omnir_block()
            guard omnir_op_get_parent_block(ctx, op, &parent).rawValue == 0, parent.context == 0 else { return .gone }
            let s = omnir_op_erase(ctx, op, UInt32(OMNIR_ERASE_REQUIRE_NO_USES))
            return s == OMNIR_ERROR_STILL_IN_USE || s == OMNIR_ERROR_BUSY ? .stillUsed : .gone
        case .block(let block):
            var live = false
            guard omnir_block_is_live(ctx, block, &live).rawValue == 0, live else { return .gone }
            var parent = omnir_region()
            guard omnir_block_get_parent_region(ctx, block, &parent).rawValue == 0, parent.context == 0 else { return .gone }
            let s = omnir_block_erase(ctx, block)
            return s == OMNIR_ERROR_STILL_IN_USE || s == OMNIR_ERROR_BUSY ? .stillUsed : .gone
        }
    }
}

struct WeakOwner {
    weak var owner: IROwner?
}

/// Owns detached trees of IR (see above). Every IR wrapper holds one (it also holds the
/// context for them): wrappers of IR that Swift does not own (reached from a callback, or
/// from a raw handle of a tree nobody in Swift owns) hold the context's *null owner*, which
/// owns nothing.
final class IROwner {
    let context: Context
    private let isNull: Bool
    // Guarded by the context's owners lock:
    /// The owner this one was merged into (it then owns and keeps nothing itself).
    var forward: IROwner?
    /// The detached roots this owner erases when it goes.
    var roots: [IRRoot]
    /// Owners of the trees IR moved into from this owner's trees.
    var keeps: [IROwner] = []

    init(_ context: Context, root: IRRoot) {
        self.context = context
        roots = [root]
        isNull = false
    }

    /// The null owner of `context`.
    init(nullFor context: Context) {
        self.context = context
        roots = []
        isNull = true
    }

    /// The owner at the end of the forwarding chain (with the owners lock held).
    var representative: IROwner {
        var o = self
        while let f = o.forward { o = f }
        return o
    }

    var isNullOwner: Bool { isNull }

    deinit {
        if isNull { return }
        context.lockOwners()
        // A root another owner adopted since (detached again and reached anew) is theirs.
        let mine = roots.filter { context.owners[$0.key]?.owner == nil }
        for root in mine { context.owners[root.key] = nil }
        if context.ownersDepth > 1 {
            // Released by this thread while it holds the owners lock: no omnir call may be
            // made here, so the roots wait for the next sweep.
            for root in mine where !context.orphans.contains(where: { $0.key == root.key }) { context.orphans.append(root) }
            context.unlockOwners()
            return
        }
        context.unlockOwners()
        for root in mine where root.release(context.raw) == .stillUsed { context.addOrphan(root) }
        context.sweepOrphans()
    }
}

extension Context {
    func lockOwners() {
        ownersLock.lock()
        ownersDepth += 1
    }

    func unlockOwners() {
        ownersDepth -= 1
        ownersLock.unlock()
    }

    /// The owner of the detached root `op`, made if there is none yet.
    func adopt(op: omnir_op) -> IROwner { adopt(.op(op)) }

    /// The owner of the detached root `block`, made if there is none yet.
    func adopt(block: omnir_block) -> IROwner { adopt(.block(block)) }

    private func adopt(_ root: IRRoot) -> IROwner {
        lockOwners()
        defer { unlockOwners() }
        return adoptLocked(root)
    }

    private func adoptLocked(_ root: IRRoot) -> IROwner {
        let key = root.key
        if let existing = owners[key]?.owner { return existing }
        let owner = IROwner(self, root: root)
        // Drop dead entries now and then so the table does not grow without bound.
        if owners.count >= 64 && owners.count & (owners.count - 1) == 0 {
            owners = owners.filter { $0.value.owner != nil }
        }
        owners[key] = WeakOwner(owner: owner)
        orphans.removeAll { $0.key == key }
        return owner
    }

    /// A root (`key`) was put into the tree owned by `target`: its owner no longer erases it,
    /// and keeps `target` (its wrappers and those of everything in it now point into that
    /// tree).
    func reparent(_ key: OwnerKey, into target: IROwner?) {
        var dropped: [IROwner] = []
        lockOwners()
        orphans.removeAll { $0.key == key }
        if let owner = owners[key]?.owner {
            owners[key] = nil
            let rep = owner.representative
            rep.roots.removeAll { $0.key == key }
            if let target { dropped = keepLocked(rep, target) }
        }
        unlockOwners()
        // An owner going runs its deinit, which calls omnir: never under the owners lock.
        withExtendedLifetime(dropped) {}
    }

    /// Nested IR moved from the tree owned by `source` into the one owned by `target`
    /// (through one wrapper; the others of it and of what it contains still hold `source`).
    func moved(from source: IROwner, into target: IROwner) {
        lockOwners()
        let dropped = keepLocked(source, target)
        unlockOwners()
        withExtendedLifetime(dropped) {}
    }

    /// `from` keeps `to` alive; owners that would keep each other are merged instead.
    /// Returns the references it let go of, for the caller to release after unlocking.
    private func keepLocked(_ from: IROwner, _ to: IROwner) -> [IROwner] {
        let f = from.representative, t = to.representative
        if f === t || f.isNullOwner || t.isNullOwner { return [] }
        if f.keeps.contains(where: { $0.representative === t }) { return [] }
        // Every owner on a path from `t` back to `f` would be on a cycle: merge them into `f`.
        var reaches: [ObjectIdentifier: Bool] = [:]
        var cycle: [IROwner] = []
        func reachesF(_ n: IROwner) -> Bool {
            if n === f { return true }
            if let known = reaches[ObjectIdentifier(n)] { return known }
            reaches[ObjectIdentifier(n)] = false
            var any = false
            for k in n.keeps where reachesF(k.representative) { any = true }
            reaches[ObjectIdentifier(n)] = any
            if any { cycle.append(n) }
            return any
        }
        guard reachesF(t) else {
            f.keeps.append(t)
            return []
        }
        for n in cycle {
            n.forward = f
            for root in n.roots where owners[root.key]?.owner === n { owners[root.key] = WeakOwner(owner: f) }
            f.roots += n.roots
            f.keeps += n.keeps
            n.roots = []
            n.keeps = []
        }
        // Nothing keeps itself (a merged owner holds `f` through `forward`).
        var seen = Set<ObjectIdentifier>()
        let before = f.keeps
        f.keeps = before.filter { k in
            let r = k.representative
            return r !== f && seen.insert(ObjectIdentifier(r)).inserted
        }
        return before
    }

    /// The owner of the tree that currently holds `op` (found through its root), if Swift
    /// owns that tree. A root left as an orphan is adopted again: the wrapper asking keeps it.
    func treeOwner(of op: omnir_op) -> IROwner? {
        var root = omnir_op()
        guard omnir_op_get_root(raw, op, &root).rawValue == 0 else { return nil }
        // A tree under a detached block: the block's owner.
        var block = omnir_block()
        let underBlock = omnir_op_get_parent_block(raw, root, &block).rawValue == 0 && block.context != 0
        lockOwners()
        defer { unlockOwners() }
        let key = underBlock ? OwnerKey(block: block) : OwnerKey(op: root)
        if let o = owners[key]?.owner { return o }
        guard let orphan = orphans.first(where: { $0.key == key }) else { return nil }
        return adoptLocked(orphan)
    }

    /// The owner of a detached block (or of the tree holding it).
    func blockOwner(_ block: omnir_block) -> IROwner? {
        var op = omnir_op()
        if omnir_block_get_parent_op(raw, block, &op).rawValue == 0, op.context != 0 { return treeOwner(of: op) }
        lockOwners()
        defer { unlockOwners() }
        let key = OwnerKey(block: block)
        if let o = owners[key]?.owner { return o }
        guard let orphan = orphans.first(where: { $0.key == key }) else { return nil }
        return adoptLocked(orphan)
    }

    /// The null owner (made on demand, held weakly so that it does not keep the context).
    var nullOwner: IROwner {
        lockOwners()
        defer { unlockOwners() }
        if let o = nullOwnerRef { return o }
        let o = IROwner(nullFor: self)
        nullOwnerRef = o
        return o
    }

    func addOrphan(_ root: IRRoot) {
        lockOwners()
        defer { unlockOwners() }
        if !orphans.contains(where: { $0.key == root.key }) { orphans.append(root) }
    }

    /// Erases the orphans nothing uses any more (one whose users were orphans too goes on
    /// a later round of the same sweep).
    func sweepOrphans() {
        lockOwners()
        if orphans.isEmpty {
            unlockOwners()
            return
        }
        var pending = orphans
        orphans = []
        unlockOwners()
        var progress = true
        while progress && !pending.isEmpty {
            progress = false
            var kept: [IRRoot] = []
            for root in pending {
                lockOwners()
                let claimed = owners[root.key]?.owner != nil
                unlockOwners()
                if claimed { continue }
                if root.release(raw) == .stillUsed { kept.append(root) } else { progress = true }
            }
            pending = kept
        }
        lockOwners()
        for root in pending where !orphans.contains(where: { $0.key == root.key }) { orphans.append(root) }
        unlockOwners()
    }
}
