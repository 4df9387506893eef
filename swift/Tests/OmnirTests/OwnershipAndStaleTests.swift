import COmnir
import Foundation
import Omnir
import XCTest

/// Issue 15 in Swift: wrappers of nested IR follow their tree when it moves, a detached op
/// whose results are used is never freed under its users, byte input that is not UTF-8 is a
/// parse error with its position, and every use of erased IR throws `.staleHandle`.
final class OwnershipAndStaleTests: XCTestCase {
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

    // MARK: 3. a nested wrapper follows its tree

    /// A wrapper of a child op, whose parent is moved into another module through another
    /// wrapper; then every other reference to the destination goes. The child keeps the
    /// destination (its tree's current root) alive, and lets it go with its last wrapper.
    func testNestedWrapperKeepsTheTreeItWasMovedInto() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var source: Module? = try Module.parse(text, context: ctx)
        var outer: Operation? = try source!.body.operations[0]
        var child: Operation? = try XCTUnwrap(try outer!.region(0).firstBlock?.lastOperation)
        var value: Value? = try child!.operand(0)
        var sibling: Operation? = try source!.body.operations[1]  // of the op that stays, same owner as child
        var destinationHandle = omnir_op()
        do {
            let destination = try Module.parse("\"test.existing\"() : () -> ()", context: ctx)
            destinationHandle = destination.operation.handle
            try outer!.move(to: .atBlockEnd(try destination.body))
        }
        outer = nil  // the wrapper that moved it (re-pointed at the destination) goes too
        source = nil
        XCTAssertTrue(isLive(ctx, destinationHandle), "the child's wrapper keeps its tree's current root")
        XCTAssertEqual(try child!.name, "test.inner")
        XCTAssertEqual(try child!.root.handle.index, destinationHandle.index)
        XCTAssertEqual(try child!.root.region(0).firstBlock?.operations.map { try $0.name }, ["test.existing", "test.outer"])
        XCTAssertEqual(try value!.definingOperation?.name, "test.def")
        try child!.root.verify()
        child = nil
        XCTAssertTrue(isLive(ctx, destinationHandle), "a value wrapper keeps it as well")
        value = nil
        // The tree the op left is still there for the wrapper of what stayed in it (which
        // keeps the destination too: the owners do not know which wrappers point where).
        XCTAssertEqual(try sibling!.name, "test.tail")
        XCTAssertEqual(try sibling!.root.region(0).firstBlock?.operations.map { try $0.name }, ["test.tail"])
        let sourceHandle = try sibling!.root.handle
        sibling = nil
        XCTAssertFalse(isLive(ctx, destinationHandle), "freed with the last wrapper into either tree")
        XCTAssertFalse(isLive(ctx, sourceHandle))
    }

    /// The same when the wrapper kept is of the moved operation itself (reached before the
    /// move, through another path), and when the op moves on again to a third module.
    func testOtherWrapperOfAMovedOpFollowsItAcrossTwoMoves() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var source: Module? = try Module.parse(text, context: ctx)
        var kept: Operation? = try source!.body.operations[0]
        var handles: [omnir_op] = []
        do {
            let mover = try source!.body.operations[0]
            let second = try Module.create(context: ctx)
            let third = try Module.create(context: ctx)
            handles = [second.operation.handle, third.operation.handle]
            try mover.move(to: .atBlockEnd(try second.body))
            try mover.move(to: .atBlockBegin(try third.body))
        }
        source = nil
        XCTAssertTrue(isLive(ctx, handles[1]))
        XCTAssertEqual(try kept!.root.handle.index, handles[1].index)
        XCTAssertEqual(try kept!.region(0).firstBlock?.operations.count, 2)
        try kept!.root.verify()
        kept = nil
        XCTAssertFalse(isLive(ctx, handles[0]), "no module is kept once the last wrapper goes")
        XCTAssertFalse(isLive(ctx, handles[1]))
    }

    /// A nested op detached through one wrapper: the others keep it (it is their tree now).
    func testNestedWrapperKeepsAnOpDetachedThroughAnother() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let source = try Module.parse(text, context: ctx)
        let child = try XCTUnwrap(try source.body.operations[0].region(0).firstBlock?.lastOperation)
        var outerHandle = omnir_op()
        do {
            let outer = try source.body.operations[0]
            outerHandle = outer.handle
            try outer.detach()
        }
        XCTAssertTrue(isLive(ctx, outerHandle), "the child's wrapper keeps the detached op")
        XCTAssertEqual(try child.parent?.name, "test.outer")
        XCTAssertTrue(try child.root.isDetached)
        XCTAssertEqual(try source.body.operations.map { try $0.name }, ["test.tail"])
    }

    /// Moves both ways between two modules must not make them keep each other forever.
    func testMovesBothWaysFreeBothModules() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        var handles: [omnir_op] = []
        do {
            let a = try Module.parse(text, context: ctx)
            let b = try Module.parse(text, context: ctx)
            handles = [a.operation.handle, b.operation.handle]
            try a.body.operations[0].move(to: .atBlockEnd(try b.body))
            try b.body.operations[0].move(to: .atBlockEnd(try a.body))
            try a.body.operations[0].move(to: .atBlockEnd(try b.body))
            XCTAssertEqual(try a.body.operations.map { try $0.name }, ["test.outer"])
            XCTAssertEqual(try b.body.operations.map { try $0.name }, ["test.tail", "test.outer", "test.tail"])
        }
        XCTAssertFalse(isLive(ctx, handles[0]))
        XCTAssertFalse(isLive(ctx, handles[1]))
    }

    // MARK: 4. a detached op whose results are used

    /// A detached op whose results are used by attached ops outlives its wrapper: the
    /// operands stay its results (never null); it goes once nothing uses it.
    func testDetachedOpKeptWhileItsResultsAreUsed() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let i32 = try IntegerType(width: 32, context: ctx).type
        let loc = ctx.unknownLocation
        let module = try Module.create(context: ctx)
        var defHandle = omnir_op()
        var users: [Operation] = []
        do {
            let def = try Operation.create(name: "test.def", results: [i32], location: loc)
            defHandle = def.handle
            for _ in 0..<2 {
                users.append(try Operation.create(name: "test.user", operands: [try def.result], location: loc,
                                                  at: InsertionPoint(try module.body)))
            }
        }
        XCTAssertTrue(isLive(ctx, defHandle), "kept while its results are used")
        for user in users {
            let operand = try user.operand(0)
            XCTAssertFalse(operand.isNull, "an operand must never silently become null")
            XCTAssertEqual(try operand.type, i32)
            XCTAssertEqual(try operand.definingOperation?.name, "test.def")
        }
        XCTAssertEqual(try users[0].operand(0).uses.count, 2)
        // Still in use by the second user.
        try users[0].erase()
        XCTAssertTrue(isLive(ctx, defHandle))
        XCTAssertFalse(try users[1].operand(0).isNull)
        // The last use goes: so does the op.
        try users[1].erase()
        XCTAssertFalse(isLive(ctx, defHandle), "freed once nothing uses it")
    }

    /// The same op is freed with the tree of its users, and can be taken back: a wrapper
    /// reached through a use owns it again, and inserting it makes it part of the tree.
    func testDetachedUsedOpFreedWithItsUsersOrTakenBack() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let i32 = try IntegerType(width: 32, context: ctx).type
        let loc = ctx.unknownLocation
        var defHandle = omnir_op()
        do {
            let module = try Module.create(context: ctx)
            do {
                let def = try Operation.create(name: "test.def", results: [i32], location: loc)
                defHandle = def.handle
                _ = try Operation.create(name: "test.user", operands: [try def.result], location: loc,
                                         at: InsertionPoint(try module.body))
            }
            XCTAssertTrue(isLive(ctx, defHandle))
        }
        XCTAssertFalse(isLive(ctx, defHandle), "freed once its users' tree is freed")

        let module = try Module.create(context: ctx)
        do {
            let def = try Operation.create(name: "test.def", results: [i32], location: loc)
            defHandle = def.handle
            _ = try Operation.create(name: "test.user", operands: [try def.result], location: loc,
                                     at: InsertionPoint(try module.body))
        }
        let back = try XCTUnwrap(try module.body.operations[0].operand(0).definingOperation)
        XCTAssertTrue(try back.isDetached)
        try back.move(to: .atBlockBegin(try module.body))
        try module.body.operations[1].erase()
        XCTAssertTrue(isLive(ctx, defHandle), "inserted: its tree owns it now")
        XCTAssertEqual(try module.body.operations.map { try $0.name }, ["test.def"])
        try module.verify()
    }

    // MARK: 5. byte input that is not UTF-8

    func parseError(_ body: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) -> (String, [Diagnostic])? {
        do {
            _ = try body()
            XCTFail("expected parseFailed", file: file, line: line)
        } catch OmnirError.parseFailed(let message, let diagnostics) {
            return (message, diagnostics)
        } catch {
            XCTFail("expected parseFailed, got \(error)", file: file, line: line)
        }
        return nil
    }

    func testInvalidUTF8BytesAreAParseErrorWithTheirPosition() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        // 18 valid bytes, then a byte that starts no UTF-8 sequence: column 19 of line 1.
        let bad = Array("\"test.op\"() {s = \"".utf8) + [0xff] + Array("\"} : () -> ()".utf8)
        let cases: [(String, () throws -> Any)] = [
            ("module [UInt8]", { try Module.parse(bad, context: ctx, filename: "bad.mlir") }),
            ("module Data", { try Module.parse(Data(bad), context: ctx, filename: "bad.mlir") }),
            ("operation [UInt8]", { try Operation.parse(bad, context: ctx, sourceName: "bad.mlir") }),
            ("operation Data", { try Operation.parse(Data(bad), context: ctx, sourceName: "bad.mlir") }),
        ]
        for (what, parse) in cases {
            guard let (message, diagnostics) = parseError(parse) else { continue }
            XCTAssertEqual(message, "bad.mlir:1:19: error: the input is not valid UTF-8", what)
            XCTAssertEqual(diagnostics.count, 1, what)
            XCTAssertEqual(diagnostics.first?.rendered, message, what)
            XCTAssertEqual(diagnostics.first?.severity, .error, what)
            let loc = try XCTUnwrap(diagnostics.first?.location, what)
            XCTAssertEqual(try loc.filename, "bad.mlir", what)
            XCTAssertEqual(try loc.range.startLine, 1, what)
            XCTAssertEqual(try loc.range.startColumn, 19, what)
        }
        // Later lines: the line and the column (in bytes, as MLIR counts) of the first bad byte.
        let second = Array("\"test.a\"() : () -> ()\n  \"test.é\"() {s = \"".utf8) + [0xc3, 0x28] + Array("\"} : () -> ()".utf8)
        XCTAssertEqual(parseError { try Module.parse(second, context: ctx, filename: "two.mlir") }?.0,
                       "two.mlir:2:21: error: the input is not valid UTF-8")
        // A truncated sequence at the very end counts too.
        let truncated = Array("\"test.a\"() : () -> ()\n".utf8) + [0xe2, 0x82]
        XCTAssertEqual(parseError { try Module.parse(truncated, context: ctx, filename: "t.mlir") }?.0,
                       "t.mlir:2:1: error: the input is not valid UTF-8")
        // A file on disk goes the same way.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("omnir-swift-bad-\(getpid()).mlir").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bad)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(parseError { try Module.parse(contentsOf: path, context: ctx) }?.0,
                       "\(path):1:19: error: the input is not valid UTF-8")
        // Valid bytes parse as the text does; a syntax error in them is the text's error.
        let good = Array("\"test.op\"() {s = \"é\"} : () -> ()".utf8)
        XCTAssertEqual(try Module.parse(good, context: ctx).description,
                       try Module.parse(String(decoding: good, as: UTF8.self), context: ctx).description)
        XCTAssertEqual(try Operation.parse(Data(good), context: ctx).name, "test.op")
        let broken = Array("\"test.op\"( : () -> ()".utf8)
        XCTAssertEqual(parseError { try Module.parse(broken, context: ctx, filename: "x.mlir") }?.0,
                       parseError { try Module.parse(String(decoding: broken, as: UTF8.self), context: ctx, filename: "x.mlir") }?.0)
    }

    // MARK: 2/6. erased IR always throws

    /// Every accessor of a use (its owner, its operand number) throws once the use's
    /// operation is erased, as do those of block arguments, successors and regions.
    func testUsesOfErasedIRThrowStaleHandle() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse(text, context: ctx)
        let block = try XCTUnwrap(try module.body.operations[0].region(0).firstBlock)
        let def = try block.operations[0]
        let uses = try def.result(0).uses
        XCTAssertEqual(uses.count, 1)
        XCTAssertEqual(try uses[0].owner.name, "test.inner")
        XCTAssertEqual(try uses[0].operandNumber, 0)
        try uses[0].owner.erase()
        assertStale(try uses[0].owner)
        assertStale(try uses[0].operandNumber)
        assertStale(try uses[0].value)
        assertStale(try uses[0].set(try def.result(0)))
        XCTAssertEqual(try def.result(0).uses.count, 0)
    }

    func testBlockArgumentsSuccessorsAndRegionsOfErasedIRThrow() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        ctx.verifyAfterParse = false
        let module = try Module.parse("""
            "test.holder"() ({
            ^bb0(%a: i32, %b: i64):
              "test.br"(%a)[^bb1] : (i32) -> ()
            ^bb1:
              "test.ret"() : () -> ()
            }, {
            }) : () -> ()
            """, context: ctx)
        let holder = try module.body.operations[0]
        let regions = try holder.regions
        let entry = try XCTUnwrap(try holder.region(0).firstBlock)
        let exit = try XCTUnwrap(try entry.next)
        let branch = try XCTUnwrap(try entry.firstOperation)
        let args = try entry.arguments
        let preds = try exit.predecessors
        XCTAssertEqual(args.count, 2)
        XCTAssertEqual(try args[1].argumentNumber, 1)
        XCTAssertEqual(try preds.first?.owner, branch)
        XCTAssertEqual(try preds.first?.successorNumber, 0)
        let argUses = try args[0].uses
        try holder.erase()

        assertStale(try entry.arguments)
        assertStale(try entry.argument(0))
        assertStale(try entry.addArgument(try IntegerType(width: 1, context: ctx).type))
        for arg in args {
            assertStale(try arg.owner)
            assertStale(try arg.argumentNumber)
            assertStale(try arg.type)
            assertStale(try arg.uses)
        }
        assertStale(try argUses[0].owner)
        assertStale(try argUses[0].operandNumber)
        assertStale(try branch.successors)
        assertStale(try branch.setSuccessor(0, to: exit))
        assertStale(try entry.successors)
        assertStale(try exit.predecessors)
        assertStale(try preds[0].owner)
        assertStale(try preds[0].successorNumber)
        assertStale(try holder.regions)
        assertStale(try holder.region(1))
        // A collection read before the erasure hands out regions that throw, never a null one.
        XCTAssertEqual(regions.count, 2)
        for region in regions {
            assertStale(try region.blocks)
            assertStale(try region.number)
            assertStale(try region.parentOperation)
            assertStale(try region.firstBlock as Any)
        }
    }

    /// Printing erased IR names it as erased (as an erased operation prints
    /// `<<erased operation>>`): never the IR that reused its slot, never an empty string.
    func testDescriptionOfErasedValuesAndBlocks() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let i32 = try IntegerType(width: 32, context: ctx).type
        let module = try Module.parse(text, context: ctx)
        let outer = try module.body.operations[0]
        let block = try XCTUnwrap(try outer.region(0).firstBlock)
        let def = try block.operations[0]
        let result = try def.result(0)
        let region = try outer.region(0)
        let arg = try block.addArgument(i32)
        XCTAssertEqual(result.description, "OpResult(%0 = \"test.def\"() : () -> i32)")
        XCTAssertTrue(arg.description.hasPrefix("BlockArgument("), arg.description)
        try outer.erase()
        XCTAssertEqual(outer.description, "<<erased operation>>")
        XCTAssertEqual(result.description, "<<erased value>>")
        XCTAssertEqual(result.value.description, "<<erased value>>")
        XCTAssertEqual(arg.description, "<<erased value>>")
        XCTAssertEqual(block.description, "<<erased block>>")
        XCTAssertEqual(region.description, "<<erased region>>")
        // New IR in the freed slots does not make the old wrappers print it.
        let again = try Module.parse(text, context: ctx)
        XCTAssertEqual(try again.body.operations.count, 2)
        XCTAssertEqual(block.description, "<<erased block>>")
        XCTAssertEqual(result.description, "<<erased value>>")
        assertStale(try result.type)
        assertStale(try block.print())
        assertStale(try result.value.print())

        // The last argument of a live block, erased.
        let b = try Block(argumentTypes: [i32, try IntegerType(width: 8, context: ctx).type], context: ctx)
        let last = try b.argument(1)
        try b.eraseArgument(1)
        XCTAssertEqual(last.description, "<<erased value>>")
        assertStale(try last.type)
        assertStale(try last.argumentNumber)
        XCTAssertEqual(try b.arguments.count, 1)
    }
}
