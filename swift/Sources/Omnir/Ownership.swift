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
// - When a detached root is inserted into another tree (an op into a block, a block into a
//   region), its owner is *forwarded* to the owner of that tree: every wrapper that held the
//   old owner now keeps the new tree alive, and the old owner no longer erases anything.
//   The wrapper that performed an insert or a move is re-pointed at the destination's owner.
// - IR that is erased (explicitly, or with its tree) makes every wrapper of it stale: omnir's
//   handles carry a generation, so any later use throws `OmnirError.staleHandle`, even
//   after the slot was reused by new IR. Never a crash, never an alias.
//
// One limit, documented in the README: a *nested* operation moved to another tree through
// one wrapper re-points that wrapper only; other wrappers of it still keep the tree it was
// moved out of alive instead, and throw `.staleHandle` if the destination is freed first.

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

struct WeakOwner {
    weak var owner: IROwner?
}

/// Owns a detached tree of IR (see above). Every IR wrapper holds one (it also holds the
/// context for them): wrappers of IR that Swift does not own (reached from a callback, or
/// from a raw handle of a tree nobody in Swift owns) hold the context's *null owner*, which
/// owns nothing.
final class IROwner {
    let context: Context
    let key: OwnerKey
    private let op: omnir_op
    private let block: omnir_block
    private let isNull: Bool
    /// The owner of the tree this root was put into (guarded by the context's owners lock).
    var forward: IROwner?

    init(_ context: Context, op: omnir_op) {
        self.context = context
        self.op = op
        block = omnir_block()
        key = OwnerKey(op: op)
        isNull = false
    }

    init(_ context: Context, block: omnir_block) {
        self.context = context
        op = omnir_op()
        self.block = block
        key = OwnerKey(block: block)
        isNull = false
    }

    /// The null owner of `context`.
    init(nullFor context: Context) {
        self.context = context
        op = omnir_op()
        block = omnir_block()
        key = OwnerKey(op: op)
        isNull = true
    }

    /// The owner at the end of the forwarding chain.
    var effective: IROwner {
        context.ownersLock.lock()
        defer { context.ownersLock.unlock() }
        var o = self
        while let f = o.forward { o = f }
        return o
    }

    deinit {
        if isNull { return }
        context.ownersLock.lock()
        if let entry = context.owners[key], entry.owner == nil { context.owners[key] = nil }
        let forwarded = forward != nil
        context.ownersLock.unlock()
        if forwarded { return }
        let ctx = context.raw
        if key.isBlock {
            var live = false
            guard omnir_block_is_live(ctx, block, &live).rawValue == 0, live else { return }
            var parent = omnir_region()
            guard omnir_block_get_parent_region(ctx, block, &parent).rawValue == 0, parent.context == 0 else { return }
            // Refused (and left to the context) if values defined in it are used elsewhere.
            _ = omnir_block_erase(ctx, block)
        } else {
            var live = false
            guard omnir_op_is_live(ctx, op, &live).rawValue == 0, live else { return }
            var parent = omnir_block()
            guard omnir_op_get_parent_block(ctx, op, &parent).rawValue == 0, parent.context == 0 else { return }
            // Uses of its results elsewhere are dropped (those operands become null). From
            // inside a callback of the context the erase is refused (BUSY): the op is then
            // left to the context, which frees it when it is destroyed.
            _ = omnir_op_erase(ctx, op, UInt32(OMNIR_ERASE_DROP_USES))
        }
    }
}

extension Context {
    /// The owner of the detached root `op`, made if there is none yet.
    func adopt(op: omnir_op) -> IROwner {
        adopt(key: OwnerKey(op: op)) { IROwner(self, op: op) }
    }

    /// The owner of the detached root `block`, made if there is none yet.
    func adopt(block: omnir_block) -> IROwner {
        adopt(key: OwnerKey(block: block)) { IROwner(self, block: block) }
    }

    private func adopt(key: OwnerKey, make: () -> IROwner) -> IROwner {
        ownersLock.lock()
        defer { ownersLock.unlock() }
        if let existing = owners[key]?.owner { return existing }
        let owner = make()
        // Drop dead entries now and then so the table does not grow without bound.
        if owners.count >= 64 && owners.count & (owners.count - 1) == 0 {
            owners = owners.filter { $0.value.owner != nil }
        }
        owners[key] = WeakOwner(owner: owner)
        return owner
    }

    /// A root (`key`) was put into the tree owned by `target`: forward its owner there.
    func reparent(_ key: OwnerKey, into target: IROwner?) {
        let destination = target?.effective
        ownersLock.lock()
        defer { ownersLock.unlock() }
        guard let owner = owners[key]?.owner else { return }
        owners[key] = nil
        // Forwarded to the null owner when nobody in Swift owns the destination: the root is
        // then no longer detached, and its tree's owner (if any) decides.
        if let destination, destination !== owner { owner.forward = destination }
    }

    /// The owner of the tree that currently holds `op` (found through its root), if Swift
    /// owns that tree. Used for wrappers made from raw handles (callbacks).
    func treeOwner(of op: omnir_op) -> IROwner? {
        var root = omnir_op()
        guard omnir_op_get_root(raw, op, &root).rawValue == 0 else { return nil }
        ownersLock.lock()
        defer { ownersLock.unlock() }
        if let o = owners[OwnerKey(op: root)]?.owner { return o }
        // A tree under a detached block: the block's owner.
        var block = omnir_block()
        if omnir_op_get_parent_block(raw, root, &block).rawValue == 0, block.context != 0 {
            return owners[OwnerKey(block: block)]?.owner
        }
        return nil
    }

    /// The owner of a detached block (or of the tree holding it).
    func blockOwner(_ block: omnir_block) -> IROwner? {
        var op = omnir_op()
        if omnir_block_get_parent_op(raw, block, &op).rawValue == 0, op.context != 0 { return treeOwner(of: op) }
        ownersLock.lock()
        defer { ownersLock.unlock() }
        return owners[OwnerKey(block: block)]?.owner
    }

    /// The null owner (made on demand, held weakly so that it does not keep the context).
    var nullOwner: IROwner {
        ownersLock.lock()
        defer { ownersLock.unlock() }
        if let o = nullOwnerRef { return o }
        let o = IROwner(nullFor: self)
        nullOwnerRef = o
        return o
    }
}
