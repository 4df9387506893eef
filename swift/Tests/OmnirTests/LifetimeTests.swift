import COmnir
import Foundation
import Omnir
import XCTest

/// The lifetime scenarios of DESIGN.md ("Lifetime in garbage-collected languages") and the
/// Python issue, in Swift: each either works or throws `OmnirError.staleHandle`; nothing
/// crashes, dangles or aliases.
final class LifetimeTests: XCTestCase {
    let text = """
        "test.outer"() ({
          %0 = "test.def"() : () -> i32
          "test.inner"(%0) : (i32) -> ()
        }) : () -> ()
        "test.tail"() : () -> ()
        """

    func isLive(_ ctx: Context, _ h: omnir_op) -> Bool {
        var live = false
        return omnir_op_is_live(ctx.raw, h, &live) == OMNIR_OK && live
    }

    func assertStale(_ body: @autoclosure () throws -> Any, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try body()
            XCTFail("expected staleHandle, got a value", file: file, line: line)
        } catch let e as OmnirError {
            XCTAssertTrue(e.isStaleHandle, "expected staleHandle, got \(e)", file: file, line: line)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
    }

    /// An operation wrapper kept after its module wrapper is released keeps the module alive;
    /// when the last wrapper goes, the module is freed.
    func testOpWrapperKeepsModuleAliveAfterModuleReleased() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var inner: Operation?
        var moduleHandle = omnir_op()
        do {
            let module = try Module.parse(text, context: ctx)
            moduleHandle = module.operation.handle
            try module.operation.walk { op in
                if try op.name == "test.inner" { inner = op }
            }
        }
        // The Module object is gone; the op wrapper still works and still sees its tree.
        let op = try XCTUnwrap(inner)
        XCTAssertEqual(try op.name, "test.inner")
        XCTAssertEqual(try op.parent?.name, "test.outer")
        XCTAssertEqual(try op.root.name, "builtin.module")
        XCTAssertEqual(try op.operand(0).definingOperation?.name, "test.def")
        XCTAssertEqual(op.description, "\"test.inner\"(%0) : (i32) -> ()")
        XCTAssertTrue(isLive(ctx, moduleHandle))
        // A value wrapper keeps it alive just as well.
        let value = try op.operand(0)
        inner = nil
        XCTAssertTrue(isLive(ctx, moduleHandle))
        XCTAssertEqual(try value.type.description, "i32")
        _ = value
    }

    func testModuleFreedWhenLastWrapperGoes() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var moduleHandle = omnir_op()
        var innerHandle = omnir_op()
        do {
            var inner: Operation?
            do {
                let module = try Module.parse(text, context: ctx)
                moduleHandle = module.operation.handle
                inner = try module.body.operations[0].region(0).firstBlock?.lastOperation
                innerHandle = try XCTUnwrap(inner).handle
            }
            XCTAssertTrue(isLive(ctx, moduleHandle))
            inner = nil
        }
        XCTAssertFalse(isLive(ctx, moduleHandle), "the module must be erased with its last wrapper")
        XCTAssertFalse(isLive(ctx, innerHandle))
        // A wrapper rebuilt from the raw handle is stale, not a crash.
        assertStale(try Operation(handle: innerHandle, context: ctx).name)
    }

    /// A wrapper kept after its parent operation is erased throws staleHandle on every use.
    func testWrapperAfterParentErasedIsStale() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse(text, context: ctx)
        let outer = try module.body.operations[0]
        let block = try XCTUnwrap(try outer.region(0).firstBlock)
        let def = try block.operations[0]
        let inner = try block.operations[1]
        let value = try def.result(0)
        let region = try outer.region(0)
        try outer.erase()
        assertStale(try inner.name)
        assertStale(try inner.operands)
        assertStale(try inner.print())
        assertStale(try inner.parent as Any)
        assertStale(try inner.setAttribute("x", UnitAttr(context: ctx).attribute))
        assertStale(try def.results)
        assertStale(try value.type)
        assertStale(try value.uses)
        assertStale(try block.operations)
        assertStale(try region.blocks)
        assertStale(try inner.erase())
        assertStale(try inner.verify())
        XCTAssertFalse(inner.isLive)
        XCTAssertEqual(inner.description, "<<erased operation>>")
        // The rest of the module is intact.
        XCTAssertEqual(try module.body.operations.map { try $0.name }, ["test.tail"])
        try module.verify()
    }

    /// A new operation created after an erasure reuses the freed slot; the old wrapper is
    /// stale and never aliases the new operation.
    func testSlotReuseDoesNotAlias() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.create(context: ctx)
        let loc = ctx.unknownLocation
        let old = try Operation.create(name: "test.old", location: loc, at: InsertionPoint(try module.body))
        let oldHandle = old.handle
        try old.erase()
        let fresh = try Operation.create(name: "test.new", location: loc, at: InsertionPoint(try module.body))
        XCTAssertEqual(fresh.handle.index, oldHandle.index, "the arena reuses the freed slot")
        XCTAssertNotEqual(fresh.handle.generation, oldHandle.generation)
        XCTAssertNotEqual(old, fresh)
        XCTAssertNotEqual(old.hashValue, fresh.hashValue)
        assertStale(try old.name)
        XCTAssertEqual(try fresh.name, "test.new")
        // Many more creations: still never an alias.
        for i in 0..<100 {
            let op = try Operation.create(name: "test.more\(i)", location: loc)
            XCTAssertNotEqual(op, old)
            assertStale(try old.name)
        }
    }

    /// An operation moved from one module to another: the wrapper follows it and keeps the
    /// destination alive; the source module can go.
    func testMoveBetweenModules() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var op: Operation!
        var sourceHandle = omnir_op()
        var destination: Module? = try Module.parse("\"test.existing\"() : () -> ()", context: ctx)
        let destinationHandle = destination!.operation.handle
        do {
            let source = try Module.parse(text, context: ctx)
            sourceHandle = source.operation.handle
            op = try source.body.operations[0]
            try op.move(to: .atBlockEnd(try destination!.body))
            XCTAssertEqual(try source.body.operations.map { try $0.name }, ["test.tail"])
        }
        XCTAssertFalse(isLive(ctx, sourceHandle), "the source module is freed with its wrapper")
        XCTAssertEqual(try op.name, "test.outer")
        XCTAssertEqual(try op.root, destination!.operation)
        destination = nil
        // The moved op's wrapper keeps the destination alive.
        XCTAssertTrue(isLive(ctx, destinationHandle))
        let root = try op.root
        XCTAssertEqual(try Module(root)?.body.operations.map { try $0.name }, ["test.existing", "test.outer"])
        try root.verify()
        // Moving it again, into a detached operation's region, then letting go of everything.
        let holder = try Operation.create(name: "test.holder", regions: 1, location: ctx.unknownLocation)
        try holder.region(0).appendBlock()
        try op.move(to: .atBlockBegin(try XCTUnwrap(try holder.region(0).firstBlock)))
        XCTAssertEqual(try op.parent, holder)
    }

    /// Two wrappers of one operation (reached two different ways) are equal and hash equal.
    func testWrappersOfOneOpAreEqualAndHashEqual() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse(text, context: ctx)
        let a = try module.body.operations[0]
        let b = try XCTUnwrap(try module.body.firstOperation)
        var c: Operation?
        try module.operation.walk { op in if try op.name == "test.outer" { c = op } }
        XCTAssertFalse(a === b)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a, c)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a.hashValue, c?.hashValue)
        XCTAssertEqual(Set([a, b, c!]).count, 1)
        // The same for blocks, regions and values.
        XCTAssertEqual(try a.region(0), try a.regions[0])
        XCTAssertEqual(try a.region(0).firstBlock, try a.region(0).blocks[0])
        let def = try XCTUnwrap(try a.region(0).firstBlock?.firstOperation)
        let viaUse = try XCTUnwrap(try def.result(0).uses.first?.owner.operand(0))
        XCTAssertEqual(try def.result(0).value, viaUse)
        XCTAssertEqual(Set([try def.result(0).value, viaUse]).count, 1)
        XCTAssertNotEqual(a, try module.body.operations[1])
    }

    /// Detached IR is owned by its wrapper: erased when the wrapper goes, unless inserted.
    func testDetachedIROwnership() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let loc = ctx.unknownLocation
        var h = omnir_op()
        do {
            let op = try Operation.create(name: "test.lonely", regions: 1, location: loc)
            h = op.handle
            XCTAssertTrue(try op.isDetached)
        }
        XCTAssertFalse(isLive(ctx, h), "a detached op is erased with its last wrapper")

        var module: Module? = try Module.create(context: ctx)
        do {
            let op = try Operation.create(name: "test.kept", location: loc)
            h = op.handle
            try module!.body.append(op)
        }
        XCTAssertTrue(isLive(ctx, h), "an inserted op belongs to its tree")
        XCTAssertEqual(try module!.body.operations.map { try $0.name }, ["test.kept"])

        // Detached again: owned by the wrapper again, and by the tree it left (whose wrappers
        // may point into it): erased when both have gone.
        do {
            let op = try module!.body.operations[0]
            try op.detach()
            XCTAssertTrue(try op.isDetached)
        }
        XCTAssertTrue(isLive(ctx, h))
        XCTAssertEqual(try module!.body.operations.count, 0)
        module = nil
        XCTAssertFalse(isLive(ctx, h))

        // A detached block, and an op inserted into it, live as long as a wrapper of either.
        var blockHandle = omnir_block()
        var opInBlock: Operation?
        do {
            let block = try Block(argumentTypes: [try IntegerType(width: 8, context: ctx).type], context: ctx)
            blockHandle = block.handle
            let op = try Operation.create(name: "test.in_block", operands: [try block.argument(0).value], location: loc)
            try block.append(op)
            opInBlock = op
        }
        XCTAssertEqual(try opInBlock?.block?.handle.index, blockHandle.index)
        XCTAssertEqual(try opInBlock?.operand(0).type.description, "i8")
        opInBlock = nil
        var live = true
        XCTAssertEqual(omnir_block_is_live(ctx.raw, blockHandle, &live), OMNIR_OK)
        XCTAssertFalse(live, "the detached block is erased with its last wrapper")

        // A clone is detached and owned by its wrapper.
        let tail = try Module.parse(text, context: ctx)
        do {
            let copy = try tail.body.operations[0].clone()
            h = copy.handle
            XCTAssertEqual(try copy.print(flags: PrintFlags(localScope: true)), try tail.body.operations[0].print(flags: PrintFlags(localScope: true)))
        }
        XCTAssertFalse(isLive(ctx, h))
    }

    /// A wrapper made before an op was inserted into a tree keeps that tree alive after the
    /// insertion (its owner is forwarded to the tree's).
    func testInsertedRootForwardsOwnership() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let loc = ctx.unknownLocation
        let op = try Operation.create(name: "test.child", location: loc)
        let alias = Operation(handle: op.handle, context: ctx)  // a second wrapper, same owner
        var moduleHandle = omnir_op()
        do {
            let module = try Module.create(context: ctx)
            moduleHandle = module.operation.handle
            try module.body.append(op)
        }
        XCTAssertTrue(isLive(ctx, moduleHandle))
        XCTAssertEqual(try alias.parent?.name, "builtin.module")
        _ = op
    }

    /// A walk's closure may change the IR, as MLIR's walk allows: here it erases the ops it
    /// is given (post-order). Erasing the op the walk was to visit next stops the walk with
    /// an error, never undefined behaviour.
    func testMutationInsideWalk() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse(text, context: ctx)
        var erased = 0
        try module.operation.walk(.postOrder) { op in
            if try op.name == "test.tail" {
                try op.erase()
                erased += 1
            }
        }
        XCTAssertGreaterThan(erased, 0)
        var tails = 0
        try module.operation.walk { op in if try op.name == "test.tail" { tails += 1 } }
        XCTAssertEqual(tails, 0)

        let again = try Module.parse(text, context: ctx)
        XCTAssertThrowsError(try again.operation.walk { op in
            if let next = try op.next { try next.erase() }
        }) { error in
            guard case .staleHandle? = error as? OmnirError else { return XCTFail("expected staleHandle, got \(error)") }
        }
    }

    /// Building and dropping modules in a loop keeps memory flat.
    func testNoLeakParseAndDropLoop() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        func rss() -> Int {
            let statm = readProcFile("/proc/self/statm") + " 0 0"
            return (Int(statm.split(separator: " ")[1]) ?? 0) * 4096
        }
        func cycle() throws {
            let m = try Module.parse(text, context: ctx)
            let op = try m.body.operations[0]
            _ = try op.clone()
            _ = m.description
        }
        for _ in 0..<2000 { try cycle() }
        let before = rss()
        for _ in 0..<10000 { try cycle() }
        let after = rss()
        let grown = after - before
        XCTAssertGreaterThan(before, 0, "RSS must be readable")
        print("lifetime: RSS \(before >> 10) KiB -> \(after >> 10) KiB over 10000 parse/clone/print/drop cycles")
        XCTAssertLessThan(grown, 8 << 20, "memory must stay flat")
    }

    /// The context lives exactly as long as something made from it: no cycle through
    /// callbacks or owners keeps it alive.
    func testContextFreedWithItsLastWrapper() throws {
        weak var weakContext: Context?
        var kept: Operation?
        var stashed: Operation?
        do {
            let ctx = Context(allowUnregisteredDialects: true)
            weakContext = ctx
            let d = try ctx.registerDialect("life")
            try d.register(OperationDefinition("op", verifier: { op in stashed = op }))
            try ctx.attachDiagnosticHandler { _ in false }
            let module = try Module.parse("\"life.op\"() : () -> ()", context: ctx)
            try module.verify()
            kept = try module.body.operations[0]
        }
        XCTAssertNotNil(weakContext, "a wrapper keeps its context")
        // The op a verifier received (a wrapper made from a raw handle) works after the call
        // and keeps the tree alive like any other wrapper.
        XCTAssertEqual(try stashed?.name, "life.op")
        XCTAssertEqual(stashed, kept)
        kept = nil
        XCTAssertEqual(try stashed?.root.name, "builtin.module")
        stashed = nil
        XCTAssertNil(weakContext, "the context is destroyed with the last wrapper")
    }

    /// Wrappers of IR that no Swift object owns (a raw handle into a tree owned by C code,
    /// here a module parsed through the C API) work, and become stale when C erases it.
    func testWrapperOfForeignIR() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var raw = omnir_op()
        let src = "\"c.owned\"() : () -> ()"
        XCTAssertEqual(omnir_module_parse(ctx.raw, src, src.utf8.count, "c.mlir", 6, &raw), OMNIR_OK)
        let inner: Operation
        do {
            let module = Operation(handle: raw, context: ctx)
            inner = try XCTUnwrap(try module.region(0).firstBlock?.firstOperation)
        }
        XCTAssertEqual(try inner.name, "c.owned")
        XCTAssertEqual(omnir_op_erase(ctx.raw, raw, UInt32(OMNIR_ERASE_REQUIRE_NO_USES)), OMNIR_OK)
        assertStale(try inner.name)
    }

    /// Several threads building and dropping IR in one shared context.
    func testConcurrentUseOfOneContext() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let i32 = try IntegerType(width: 32, context: ctx).type
        let failures = NSLock()
        var errors: [Error] = []
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            do {
                for i in 0..<200 {
                    let module = try Module.create(context: ctx)
                    let op = try Operation.create(name: "t.op\(t)", results: [i32], location: ctx.unknownLocation)
                    try module.body.append(op)
                    _ = try Operation.create(name: "t.use", operands: [try op.result.value], location: ctx.unknownLocation,
                                             at: InsertionPoint(try module.body))
                    if i % 3 == 0 { try module.body.operations[1].erase() }
                    try module.verify()
                    _ = module.description
                }
            } catch {
                failures.lock()
                errors.append(error)
                failures.unlock()
            }
        }
        XCTAssertTrue(errors.isEmpty, "\(errors)")
    }
}
