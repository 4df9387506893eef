import COmnir
import Foundation
import Omnir
import XCTest

/// Every kind of call from several threads at once, on one shared context and on contexts of
/// their own, a fixed number of rounds each, every result checked. A hang fails the run: a
/// watchdog aborts the process (with a message) instead of letting the suite wait forever.
final class StressTests: XCTestCase {
    static let source = """
        "builtin.module"() ({
          "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
            %0 = "test.c"() : () -> i32
            %1 = "test.c"() : () -> i32
            "test.use"(%0) : (i32) -> ()
            "func.return"() : () -> ()
          }) : () -> ()
          "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
            "stress.pos"() {value = 3 : i64} : () -> ()
            "func.return"() : () -> ()
          }) : () -> ()
        }) : () -> ()
        """

    /// Counts kept across threads.
    final class Counters: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Int] = [:]
        private(set) var failures: [String] = []
        func add(_ key: String, _ n: Int = 1) {
            lock.lock()
            values[key, default: 0] += n
            lock.unlock()
        }
        subscript(key: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            return values[key, default: 0]
        }
        func fail(_ message: String) {
            lock.lock()
            failures.append(message)
            lock.unlock()
        }
    }

    /// Registers what a round uses: an option, a Swift pass reading it, a rewrite pattern, a
    /// dialect op with a Swift verifier, and a diagnostic handler counting what it is offered.
    func prepare(_ ctx: Context, _ counters: Counters, _ tag: String) throws {
        ctx.verifyAfterParse = false  // a round parses an op that fails verification on purpose
        try ctx.declareOption("stress.n", type: .int, default: -1)
        try ctx.registerPass(argument: "stress-tag", options: [OptionDecl("prefix", type: .string, default: "p")]) { op, options in
            counters.add("\(tag).pass")
            let n = try op.context.option("stress.n").intValue ?? -2
            try op.setAttribute("stress.tag", StringAttr("\(try options.string("prefix"))\(n)", context: op.context).attribute)
        }
        try ctx.registerRewritePattern(name: "stress-drop-unused", root: "test.c") { op in
            guard try op.results.allSatisfy({ try $0.value.uses.isEmpty }) else { return false }
            try op.erase()
            return true
        }
        let dialect = try ctx.registerDialect("stress", allowUnknownOperations: true)
        try dialect.register(OperationDefinition("pos", attributes: [AttributeSpec("value", .integer)], verifier: { op in
            counters.add("\(tag).verifier")
            guard let v = try op.attribute("value").flatMap(IntegerAttr.init), try v.value > 0 else {
                throw VerificationError("value must be positive")
            }
        }))
        try ctx.attachDiagnosticHandler { d in
            guard d.message.hasPrefix("stress-note") else { return false }
            counters.add("\(tag).handled")
            return true
        }
    }

    /// One round of every kind of call, each result checked; a mismatch throws.
    func round(_ ctx: Context, thread t: Int, round i: Int, expectedText: String) throws {
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) throws {
            if !ok { throw OmnirError.internalError("thread \(t) round \(i): \(what())") }
        }
        let loc = ctx.unknownLocation
        let i32 = try IntegerType(width: 32, context: ctx).type

        // Parse and print.
        let module = try Module.parse(Self.source, context: ctx, filename: "stress\(t).mlir")
        try expect(module.description == expectedText, "printed form differs:\n\(module.description)")

        // A walk that reads.
        var names: [String] = []
        try module.operation.walk { op in names.append(try op.name) }
        try expect(names.count == 9 && names.first == "builtin.module", "walk read \(names)")

        // Create, then a walk that erases what was created.
        let body = try XCTUnwrap(try module.body.operations[0].region(0).firstBlock)
        for k in 0..<5 {
            _ = try Operation.create(name: "test.dead", results: [i32], attributes: ["k": try IntegerAttr(Int64(k), type: i32).attribute],
                                     location: loc, at: .before(try XCTUnwrap(try body.lastOperation)))
        }
        var erased = 0
        try module.operation.walk(.postOrder) { op in
            if try op.name == "test.dead" {
                try op.erase()
                erased += 1
            }
        }
        try expect(erased == 5, "erased \(erased) in a walk")

        // Verify (the Swift verifier runs), and a failing one with its diagnostic.
        try module.verify()
        let bad = try Module.parse("\"stress.pos\"() {value = -\(i + 1) : i64} : () -> ()", context: ctx)
        do {
            try bad.verify()
            try expect(false, "a bad op verified")
        } catch OmnirError.verificationFailed(let diagnostics) {
            try expect(diagnostics.count == 1 && diagnostics[0].message == "'stress.pos' op value must be positive",
                       "verifier diagnostics \(diagnostics)")
        }

        // Parse errors carry this call's diagnostics, not another thread's.
        do {
            _ = try Module.parse("\"test.x\"() : () -> (\(t)", context: ctx, filename: "bad\(t)-\(i).mlir")
            try expect(false, "bad text parsed")
        } catch OmnirError.parseFailed(let message, let diagnostics) {
            try expect(message.hasPrefix("bad\(t)-\(i).mlir:1:"), "parse message \(message)")
            try expect(diagnostics.count == 1 && (try diagnostics[0].location?.filename) == "bad\(t)-\(i).mlir",
                       "parse diagnostics \(diagnostics)")
        }
        let notUTF8 = Array("\"test.x\"() {s = \"".utf8) + [0xfe]
        do {
            _ = try Module.parse(notUTF8, context: ctx, filename: "b.mlir")
            try expect(false, "bad bytes parsed")
        } catch OmnirError.parseFailed(let message, _) {
            try expect(message == "b.mlir:1:18: error: the input is not valid UTF-8", message)
        }

        // A Swift pass reading a scoped option, then canonicalize with a Swift pattern.
        let pm = try PassManager(parsing: "builtin.module(func.func(stress-tag{prefix=t\(t)}),canonicalize)", context: ctx)
        try ctx.withOptions(["stress.n": .int(i)]) {
            try expect(try ctx.option("stress.n") == .int(i), "option in scope")
            try pm.run(module)
        }
        try expect(try ctx.option("stress.n") == .int(-1), "option after the scope")
        let tags = try module.body.operations.map { try $0.attribute("stress.tag").flatMap(StringAttr.init)?.value }
        try expect(tags == ["t\(t)\(i)", "t\(t)\(i)"], "pass tags \(tags)")
        let consts = try body.operations.filter { try $0.name == "test.c" }.count
        try expect(consts == 1, "canonicalize left \(consts) test.c")

        // Diagnostics: one collected here, one offered to the context's handler.
        let (_, collected) = try ctx.collectDiagnostics { try ctx.emit(.warning, "mine \(t) \(i)", at: loc) }
        try expect(collected.map(\.message) == ["mine \(t) \(i)"], "collected \(collected.map(\.message))")
        try ctx.emit(.remark, "stress-note \(t)", at: loc)

        // Moves between modules, a used detached op, and stale wrappers.
        let other = try Module.create(context: ctx)
        let g = try module.body.operations[1]
        let inner = try XCTUnwrap(try g.region(0).firstBlock?.firstOperation)
        try g.move(to: .atBlockEnd(try other.body))
        try expect(try inner.root == other.operation, "moved op's child sees its new root")
        let def = try Operation.create(name: "test.def", results: [i32], location: loc)
        let user = try Operation.create(name: "test.user", operands: [try def.result], location: loc, at: InsertionPoint(try other.body))
        try expect(try user.operand(0).definingOperation == def, "a use of a detached op")
        // Its wrapper goes while its result is used: the operand must stay its result.
        let user2 = try {
            let orphan = try Operation.create(name: "test.orphan", results: [i32], location: loc)
            return try Operation.create(name: "test.user", operands: [try orphan.result], location: loc, at: InsertionPoint(try other.body))
        }()
        try expect(try user2.operand(0).definingOperation?.name == "test.orphan", "a used detached op was freed")
        try user2.erase()
        try user.erase()
        do {
            _ = try user.name
            try expect(false, "an erased op answered")
        } catch let e as OmnirError where e.isStaleHandle {}
        try expect(try other.body.operations.count == 1, "other holds g")
    }

    func testManyThreadsEveryKindOfCall() throws {
        let threads = 4, rounds = 200
        let counters = Counters()
        let shared = Context(allowUnregisteredDialects: true)
        try prepare(shared, counters, "shared")
        let expectedText: String = try {
            let ctx = Context(allowUnregisteredDialects: true)
            try prepare(ctx, Counters(), "reference")
            return try Module.parse(Self.source, context: ctx).description
        }()

        let done = DispatchGroup()
        for t in 0..<threads {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                let own = Context(allowUnregisteredDialects: true)
                do { try self.prepare(own, counters, "own\(t)") } catch { counters.fail("prepare: \(error)") }
                for i in 0..<rounds {
                    let ctx = (t + i) % 2 == 0 ? shared : own
                    do {
                        try self.round(ctx, thread: t, round: i, expectedText: expectedText)
                    } catch {
                        counters.fail("thread \(t) round \(i) (\(ctx === shared ? "shared" : "own")): \(error)")
                    }
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        // Generous: a round takes milliseconds; only a deadlock gets near this.
        if done.wait(timeout: .now() + 300) == .timedOut {
            print("stress: threads still running after 300 s: a deadlock; aborting so that the run fails")
            fflush(stdout)
            abort()
        }
        XCTAssertEqual(counters.failures, [])
        // Half of each thread's rounds on the shared context, half on its own.
        XCTAssertEqual(counters["shared.pass"], 2 * threads * rounds / 2)
        XCTAssertEqual(counters["shared.handled"], threads * rounds / 2)
        for t in 0..<threads {
            XCTAssertEqual(counters["own\(t).pass"], 2 * rounds / 2)
            XCTAssertEqual(counters["own\(t).handled"], rounds / 2)
        }
        XCTAssertGreaterThan(counters["shared.verifier"], threads * rounds / 2)
    }
}
