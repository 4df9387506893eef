import Foundation
import Omnir
import XCTest

/// Dialects as data from Swift: definition files (tests/definitions/fmtest.irdl.mlir), the
/// custom forms they give, and hooks they name written as Swift closures.
final class DefinitionsTests: XCTestCase {
    static let fmtestPath = TestPaths.repo.appendingPathComponent("tests/definitions/fmtest.irdl.mlir").path

    /// In upstream's canonical custom form, so the default print must give it back unchanged.
    static let custom = """
        module {
          fmtest.func @f {
            %0 = constant 42 : i32
            %1 = add %0, %0 : i32
            %2 = cmp slt, %1, %0 : i32
            %3 = "test.idx"() : () -> index
            %4 = step %3
            %5 = step %3 by 4
            return %1 : i32
          }
        }

        """

    func fmtestContext() throws -> Context {
        let ctx = Context(allowUnregisteredDialects: true)
        try ctx.loadDialectDefinitions(contentsOf: Self.fmtestPath)
        return ctx
    }

    func parseError(_ body: () throws -> Void) -> (message: String, diagnostics: [Diagnostic])? {
        do {
            try body()
            return nil
        } catch OmnirError.parseFailed(let message, let diagnostics) {
            return (message, diagnostics)
        } catch {
            XCTFail("expected .parseFailed, got \(error)")
            return nil
        }
    }

    func testDefinitionFileGivesCustomSyntaxThatPrintsBackIdentically() throws {
        let ctx = try fmtestContext()
        XCTAssertNotNil(try ctx.dialect("fmtest"))
        XCTAssertTrue(try ctx.dialect("fmtest")!.isOperationRegistered("add"))

        let module = try Module.parse(Self.custom, context: ctx, filename: "in.mlir")
        XCTAssertEqual(module.description, Self.custom)
        XCTAssertEqual(try module.print(), Self.custom)
        let fn = try module.body.operations[0]
        XCTAssertEqual(try fn.name, "fmtest.func")
        let add = try fn.region(0).firstBlock!.operations[1]
        XCTAssertEqual(try add.name, "fmtest.add")
        // Outside the function the default dialect does not apply: the op prints qualified.
        XCTAssertEqual(try add.print(flags: PrintFlags(localScope: true)), "%1 = fmtest.add %0, %0 : i32")

        // The generic form on request: what is stored, the default of `by` included, as MLIR
        // materializes a DefaultValuedAttr property when the op is created.
        let generic = try module.print(flags: PrintFlags(generic: true))
        XCTAssertTrue(generic.hasPrefix("\"builtin.module\"() ({\n"), generic)
        XCTAssertTrue(generic.contains("%1 = \"fmtest.add\"(%0, %0) : (i32, i32) -> i32"), generic)
        XCTAssertTrue(generic.contains("\"fmtest.cmp\"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1"), generic)
        XCTAssertTrue(generic.contains("\"fmtest.step\"(%3) <{by = 1 : i32}> : (index) -> index"), generic)
        XCTAssertTrue(generic.contains("\"fmtest.step\"(%3) <{by = 4 : i32}> : (index) -> index"), generic)
        XCTAssertFalse(generic.contains("module {"), generic)
        // The generic text reads back to the same IR: its default print is the custom text.
        XCTAssertEqual(try Module.parse(generic, context: ctx).description, Self.custom)

        // The definition's constraints verify custom text, with ODS's words.
        let e = parseError { _ = try Module.parse("%0 = \"test.f\"() : () -> f32\n%1 = fmtest.add %0, %0 : f32\n", context: ctx, filename: "f.mlir") }
        XCTAssertTrue(e?.message.contains("'fmtest.add' op operand #0 must be signless-integer-like, but got 'f32'") ?? false,
                      "\(String(describing: e))")
    }

    /// The custom form numbers each region from its parent's counters, as MLIR does, so
    /// sibling functions both start at %0. `uniqueSSAIDs` (and the generic form) number
    /// across regions; MLIR's SSANameState takes regions from a stack, so the later sibling
    /// is numbered first: @g gets %0 and @f %1, as upstream prints it.
    func testSiblingRegionsNumberAsMLIRUnlessUniqueSSAIDs() throws {
        let ctx = try fmtestContext()
        let text = """
            module {
              fmtest.func @f {
                %0 = constant 1 : i32
                return %0 : i32
              }
              fmtest.func @g {
                %0 = constant 2 : i32
                return %0 : i32
              }
            }

            """
        let module = try Module.parse(text, context: ctx)
        XCTAssertEqual(module.description, text)
        let unique = try module.print(flags: PrintFlags(uniqueSSAIDs: true))
        XCTAssertEqual(unique, text.replacingOccurrences(of: "%0 = constant 1 : i32\n    return %0", with: "%1 = constant 1 : i32\n    return %1"))
        let generic = try module.print(flags: PrintFlags(generic: true))
        XCTAssertTrue(generic.contains("%1 = \"fmtest.constant\"() <{value = 1 : i32}> : () -> i32"), generic)
        XCTAssertTrue(generic.contains("%0 = \"fmtest.constant\"() <{value = 2 : i32}> : () -> i32"), generic)
    }

    func testDefinitionsFromBytesAndData() throws {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: Self.fmtestPath))
        let a = Context(allowUnregisteredDialects: true)
        try a.loadDialectDefinitions(data, filename: "fmtest.irdl.mlir")
        let b = Context(allowUnregisteredDialects: true)
        try b.loadDialectDefinitions([UInt8](data), filename: "fmtest.irdl.mlir")
        for ctx in [a, b] {
            XCTAssertEqual(try Module.parse(Self.custom, context: ctx).description, Self.custom)
        }
        // Bytes that are not UTF-8: a positioned parse error, nothing registered.
        let c = Context()
        var bad = Array("irdl.dialect @u {\n}\n".utf8)
        bad.insert(0xff, at: 14)
        let e = parseError { try c.loadDialectDefinitions(bad, filename: "u.mlir") }
        XCTAssertTrue(e?.message.hasPrefix("u.mlir:1:15: error: the input is not valid UTF-8") ?? false, "\(String(describing: e))")
        XCTAssertNil(try c.dialect("u"))
    }

    func testBadDefinitionsThrowPositionedErrorsAndRegisterNothing() throws {
        let ctx = try fmtestContext()
        // Loading a dialect twice.
        let again = parseError { try ctx.loadDialectDefinitions(String(contentsOfFile: Self.fmtestPath, encoding: .utf8), filename: "again.mlir") }
        XCTAssertTrue(again?.message.hasPrefix("again.mlir:4:1: error: dialect 'fmtest' is already registered") ?? false,
                      "\(String(describing: again))")
        XCTAssertEqual(again?.diagnostics.first?.severity, .error)

        // A file whose second dialect is bad registers neither.
        let bad = """
            irdl.dialect @good {
              irdl.operation @o {
              }
            }
            irdl.dialect @bad {
              irdl.operation @o attributes {omnir.traits = ["Nope"]} {
              }
            }
            """
        let e = parseError { try ctx.loadDialectDefinitions(bad, filename: "bad.mlir") }
        XCTAssertTrue(e?.message.hasPrefix("bad.mlir:6:3: error: unknown trait 'Nope'") ?? false, "\(String(describing: e))")
        XCTAssertFalse(e?.diagnostics.isEmpty ?? true)
        XCTAssertNil(try ctx.dialect("good"))
        XCTAssertNil(try ctx.dialect("bad"))
        // A format that does not compile.
        let format = """
            irdl.dialect @fmt {
              irdl.operation @o attributes {omnir.assembly_format = "$nope attr-dict"} {
              }
            }
            """
        let f = parseError { try ctx.loadDialectDefinitions(format, filename: "fmt.mlir") }
        XCTAssertTrue(f?.message.hasPrefix("fmt.mlir:2:") ?? false, "\(String(describing: f))")
        XCTAssertNil(try ctx.dialect("fmt"))
        // The context still works: the good file loads after the failures.
        try ctx.loadDialectDefinitions(bad.replacingOccurrences(of: "\"Nope\"", with: "\"Pure\""), filename: "fixed.mlir")
        XCTAssertNotNil(try ctx.dialect("good"))
        XCTAssertNotNil(try ctx.dialect("bad"))
    }

    // MARK: hooks written in Swift

    static let hk = """
        irdl.dialect @hk {
          irdl.operation @pack attributes {omnir.assembly_format = "custom<TypedList>($values, type($values)) attr-dict", omnir.verifier = "hk.nonempty"} {
            %0 = irdl.any
            irdl.operands(values: variadic %0)
          }
        }
        """

    /// `[%a : i32, %b : f32]`: each operand with its type (the shape of MLIR's
    /// `parseCommaSeparatedList` over `parseOperand` + `parseColonType`).
    final class TypedList {
        var maxValues = Int.max
        var failPrint = false
        var kinds: [DirectiveArgumentKind] = []
        var escaped: DirectiveParser?

        func parse(_ p: DirectiveParser) throws {
            kinds = [try p.argumentKind(0), try p.argumentKind(1)]
            escaped = p
            try p.parseLSquare()
            if try p.parseOptionalRSquare() { return }
            var n = 0
            repeat {
                try p.parseOperand(into: 0)
                try p.addType(try p.parseColonType(), to: 1)
                n += 1
                if n > maxValues { throw VerificationError("at most \(maxValues) values") }
            } while try p.parseOptionalComma()
            try p.parseRSquare()
        }

        func print(_ p: DirectivePrinter) throws {
            if failPrint { throw VerificationError("printer refused") }
            let (kind, count) = try p.argument(0)
            XCTAssertEqual(kind, .operands)
            XCTAssertEqual(try p.count(1), count)
            try p.write("[")
            for i in 0..<count {
                if i > 0 { try p.write(", ") }
                try p.printOperand(0, at: i)
                try p.write(" : ")
                try p.printType(try p.type(1, at: i))
            }
            try p.write("]")
        }
    }

    func hookContext(_ list: TypedList) throws -> Context {
        let ctx = Context(allowUnregisteredDialects: true)
        try ctx.registerVerifierHook("hk.nonempty") { op in
            if try op.operands.isEmpty { throw VerificationError("needs at least one value") }
        }
        try ctx.loadDialectDefinitions(Self.hk, filename: "hk.mlir")
        try ctx.registerCustomDirective(dialect: "hk", name: "TypedList", parse: list.parse, print: list.print)
        return ctx
    }

    final class Released {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    /// The hooks' closures are released with the context, and a parser a closure kept does
    /// not keep the context alive.
    func testHooksAreReleasedWithTheirContext() throws {
        weak var weakContext: Context?
        var hookReleased = false
        let list = TypedList()
        do {
            let ctx = Context(allowUnregisteredDialects: true)
            let token = Released { hookReleased = true }
            try ctx.registerVerifierHook("hk.nonempty") { _ in _ = token }
            try ctx.loadDialectDefinitions(Self.hk, filename: "hk.mlir")
            try ctx.registerCustomDirective(dialect: "hk", name: "TypedList", parse: list.parse, print: list.print)
            let m = try Module.parse("%0 = \"test.a\"() : () -> i32\nhk.pack [%0 : i32]\n", context: ctx)
            try m.verify()
            weakContext = ctx
        }
        XCTAssertNil(weakContext, "the context is freed although a closure's state holds its parser")
        XCTAssertTrue(hookReleased, "omnir released the verifier hook's box with the context")
        XCTAssertNotNil(list.escaped)
        XCTAssertThrowsError(try list.escaped?.context) { e in
            guard case OmnirError.invalidArgument = e else { return XCTFail("\(e)") }
        }
    }

    func testDefinitionNamingAnUnregisteredHookFails() throws {
        let ctx = Context()
        let e = parseError { try ctx.loadDialectDefinitions(Self.hk, filename: "hk.mlir") }
        XCTAssertTrue(e?.message.contains("verifier hook 'hk.nonempty' is not registered") ?? false, "\(String(describing: e))")
        XCTAssertNil(try ctx.dialect("hk"))
        // A directive belongs to a registered dialect.
        XCTAssertThrowsError(try ctx.registerCustomDirective(dialect: "hk", name: "TypedList", parse: { _ in }, print: { _ in })) {
            guard case OmnirError.notRegistered = $0 else { return XCTFail("\($0)") }
        }
    }

    func testSwiftDirectiveParsesAndPrintsAndSwiftVerifierRuns() throws {
        let list = TypedList()
        let ctx = try hookContext(list)
        let text = """
            module {
              %0 = "test.a"() : () -> i32
              %1 = "test.b"() : () -> i32
              hk.pack [%0 : i32, %1 : i32]
              hk.pack [%1 : i32] {note}
            }

            """
        let module = try Module.parse(text, context: ctx, filename: "m.mlir")
        XCTAssertEqual(list.kinds, [.operands, .types])
        XCTAssertEqual(module.description, text)
        let pack = try module.body.operations[2]
        XCTAssertEqual(try pack.operands.count, 2)
        XCTAssertEqual(try pack.operand(1).type.description, "i32")
        XCTAssertTrue(try module.print(flags: PrintFlags(generic: true)).contains("\"hk.pack\"(%0, %1) : (i32, i32) -> ()"))
        // The definition's one IRDL constraint value for the group: every type must match.
        let mixed = parseError {
            _ = try Module.parse("%0 = \"test.a\"() : () -> i32\n%1 = \"test.b\"() : () -> f32\nhk.pack [%0 : i32, %1 : f32]\n",
                                 context: ctx, filename: "x.mlir")
        }
        XCTAssertTrue(mixed?.message.hasPrefix("x.mlir:3:1: error: 'hk.pack' op expected 'i32' but got 'f32'") ?? false,
                      "\(String(describing: mixed))")
        try module.verify()

        // The Swift verifier: an empty pack parses (verification off) and fails to verify
        // with the closure's message as the op's diagnostic. An op that fails to verify
        // prints in the generic form, as in MLIR: the directive parsed no operand.
        ctx.verifyAfterParse = false
        let empty = try Module.parse("hk.pack []\n", context: ctx, filename: "e.mlir")
        XCTAssertEqual(empty.description, "\"builtin.module\"() ({\n  \"hk.pack\"() : () -> ()\n}) : () -> ()\n")
        XCTAssertThrowsError(try empty.verify()) { e in
            guard case OmnirError.verificationFailed(let d) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(d.map(\.message), ["'hk.pack' op needs at least one value"])
        }
        // With verification on, the parse itself fails with it.
        ctx.verifyAfterParse = true
        let v = parseError { _ = try Module.parse("hk.pack []\n", context: ctx, filename: "e.mlir") }
        XCTAssertTrue(v?.message.hasPrefix("e.mlir:1:1: error: 'hk.pack' op needs at least one value") ?? false, "\(String(describing: v))")
    }

    func testErrorsThrownInsideSwiftDirectivesBecomeParseErrors() throws {
        let list = TypedList()
        let ctx = try hookContext(list)
        // A parser call that fails reports where: the missing ':'.
        let e = parseError { _ = try Module.parse("%0 = \"test.a\"() : () -> i32\nhk.pack [%0 i32]\n", context: ctx, filename: "m.mlir") }
        XCTAssertTrue(e?.message.hasPrefix("m.mlir:2:12: error: expected ':'") ?? false, "\(String(describing: e))")
        XCTAssertEqual(e?.diagnostics.filter { $0.severity == .error }.count, 1)
        // The closure's own error: its message as the parse error.
        list.maxValues = 1
        let own = parseError {
            _ = try Module.parse("%0 = \"test.a\"() : () -> i32\nhk.pack [%0 : i32, %0 : i32]\n", context: ctx, filename: "m.mlir")
        }
        // At the token the directive had reached, as MLIR's `parser.emitError(...)`.
        XCTAssertTrue(own?.message.hasPrefix("m.mlir:2:28: error: at most 1 values") ?? false, "\(String(describing: own))")
        list.maxValues = .max
        // The parser is valid only during its callback.
        XCTAssertThrowsError(try list.escaped?.parseComma()) { e in
            guard case OmnirError.invalidArgument = e else { return XCTFail("\(e)") }
        }
        // A printer that throws leaves a visible mark instead of wrong text.
        let m = try Module.parse("%0 = \"test.a\"() : () -> i32\nhk.pack [%0 : i32]\n", context: ctx)
        list.failPrint = true
        XCTAssertTrue(m.description.contains("hk.pack <<custom<TypedList> failed: printer refused>>"), m.description)
        list.failPrint = false
        XCTAssertTrue(m.description.contains("hk.pack [%0 : i32]"), m.description)
    }

    /// A directive that defines a region's entry block arguments (as `scf.for`'s induction
    /// variable): `rg.loop (%i, %j) { ... }`, every argument an `index`.
    func testSwiftDirectiveDefinesRegionArguments() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        try ctx.loadDialectDefinitions("""
            irdl.dialect @rg {
              irdl.operation @loop attributes {omnir.assembly_format = "custom<IndexArgs>($body) attr-dict-with-keyword $body"} {
                %r = irdl.region
                irdl.regions(body: %r)
              }
            }
            """, filename: "rg.mlir")
        let index = IndexType(context: ctx).type
        try ctx.registerCustomDirective(dialect: "rg", name: "IndexArgs", parse: { p in
            XCTAssertEqual(try p.argumentKind(0), .region)
            try p.parseLParen()
            if try p.parseOptionalRParen() { return }
            repeat { try p.parseArgument(into: 0, type: index) } while try p.parseOptionalComma()
            try p.parseRParen()
        }, print: { p in
            let (kind, count) = try p.argument(0)
            XCTAssertEqual(kind, .region)
            try p.write("(")
            for i in 0..<count {
                if i > 0 { try p.write(", ") }
                try p.printOperand(0, at: i)
            }
            try p.write(")")
        })
        let text = """
            module {
              rg.loop (%arg0, %arg1) {
                "test.use"(%arg0, %arg1) : (index, index) -> ()
              }
            }

            """
        let module = try Module.parse(text, context: ctx, filename: "l.mlir")
        XCTAssertEqual(module.description, text)
        // The source's names are the user's; the printer numbers them as MLIR does.
        let renamed = text.replacingOccurrences(of: "%arg0", with: "%i").replacingOccurrences(of: "%arg1", with: "%j")
        XCTAssertEqual(try Module.parse(renamed, context: ctx).description, text)
        let loop = try module.body.operations[0]
        let entry = try XCTUnwrap(try loop.region(0).firstBlock)
        XCTAssertEqual(try entry.arguments.map { try $0.value.type }, [index, index])
        let generic = try module.print(flags: PrintFlags(generic: true))
        XCTAssertTrue(generic.contains("^bb0(%arg0: index, %arg1: index):"), generic)
        // A name the directive did not define is an error in the region.
        let e = parseError { _ = try Module.parse("rg.loop (%i) {\n  \"test.use\"(%k) : (index) -> ()\n}\n", context: ctx, filename: "l.mlir") }
        XCTAssertTrue(e?.message.contains("use of undeclared SSA value name") ?? false, "\(String(describing: e))")
    }

    // MARK: successors, integers, strings, argument lists and newlines

    static let cs = """
        irdl.dialect @cs {
          irdl.operation @jump attributes {omnir.assembly_format = "custom<Target>($dest, $weight) attr-dict", omnir.successors = ["dest"], omnir.traits = ["Terminator"], omnir.optional_attributes = ["weight"]} {
            %w = irdl.any {omnir.constraint = "I64Attr"}
            irdl.attributes {"weight" = %w}
          }
          irdl.operation @table attributes {omnir.assembly_format = "custom<Table>($entries, $label) attr-dict", omnir.optional_attributes = ["label"]} {
            %e = irdl.any {omnir.constraint = "ArrayAttr"}
            %l = irdl.any {omnir.constraint = "StrAttr"}
            irdl.attributes {"entries" = %e, "label" = %l}
          }
          irdl.operation @scope attributes {omnir.assembly_format = "custom<Args>($body) attr-dict-with-keyword $body", omnir.traits = ["NoTerminator"]} {
            %r = irdl.region
            irdl.regions(body: %r)
          }
        }
        """

    static let csText = """
        module {
          cs.scope (%arg0, %arg1) : i32 {
            cs.table "primes" [
              2,
              3
            ]
            cs.table [
            ]
            "test.region"() ({
              cs.jump ^bb1 weight 3
            ^bb1:  // 2 preds: ^bb0, ^bb1
              cs.jump ^bb1
            }) : () -> ()
          }
        }

        """

    /// `^bb1` or `^bb1 weight 3`.
    static func parseTarget(_ p: DirectiveParser) throws {
        XCTAssertEqual(try p.argumentKind(0), .successors)
        guard try p.isAtSuccessor else { throw VerificationError("expected a block name") }
        try p.parseSuccessor(into: 0)
        guard try p.isAtKeyword("weight") else { return }
        try p.parseKeyword("weight")
        guard let w = try p.parseOptionalInteger() else { throw VerificationError("expected a weight") }
        let i64 = try IntegerType(width: 64, context: try p.context).type
        try p.setAttribute(try IntegerAttr(w, type: i64).attribute, for: 1)
    }

    static func printTarget(_ p: DirectivePrinter) throws {
        let (kind, count) = try p.argument(0)
        XCTAssertEqual(kind, .successors)
        XCTAssertEqual(count, 1)
        try p.printSuccessor(0, at: 0)
        guard let w = try p.attribute(1) else { return }
        try p.write(" weight ")
        try p.printAttributeWithoutType(w)
    }

    /// An optional `"label"`, then `[` integers `]`, one per line.
    static func parseTable(_ p: DirectiveParser) throws {
        let ctx = try p.context
        if let label = try p.parseOptionalString() { try p.setAttribute(StringAttr(label, context: ctx).attribute, for: 1) }
        try p.parseLSquare()
        let i64 = try IntegerType(width: 64, context: ctx).type
        var items: [Attribute] = []
        while let v = try p.parseOptionalInteger() {
            items.append(try IntegerAttr(v, type: i64).attribute)
            if !(try p.parseOptionalComma()) { break }
        }
        try p.parseRSquare()
        try p.setAttribute(try ArrayAttr(items, context: ctx).attribute, for: 0)
    }

    static func printTable(_ p: DirectivePrinter) throws {
        if let label = try p.attribute(1) {
            try p.printAttribute(label)
            try p.write(" ")
        }
        let items = try XCTUnwrap(ArrayAttr(try XCTUnwrap(try p.attribute(0))))
        try p.write("[")
        for (i, e) in items.enumerated() {
            try p.printNewline()
            try p.write("  ")
            try p.printAttributeWithoutType(e)
            if i + 1 < items.count { try p.write(",") }
        }
        try p.printNewline()
        try p.write("]")
    }

    /// `(%a, %b) : i32`: the body's entry block arguments, named before their type.
    static func parseArgs(_ p: DirectiveParser) throws {
        XCTAssertEqual(try p.argumentKind(0), .region)
        let n = try p.parseArgumentList(into: 0)
        let t = try p.parseColonType()
        for i in 0..<n { try p.setArgumentType(t, for: 0, at: i) }
    }

    static func printArgs(_ p: DirectivePrinter) throws {
        let count = try p.count(0)
        try p.write("(")
        for i in 0..<count {
            if i > 0 { try p.write(", ") }
            try p.printOperand(0, at: i)
            try p.printOptionalLocationSpecifier(0, at: i)
        }
        try p.write(") : ")
        if count > 0 { try p.printType(try p.type(0, at: 0)) }
    }

    func testSuccessorIntegerStringAndArgumentListDirectives() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        try ctx.loadDialectDefinitions(Self.cs, filename: "cs.mlir")
        try ctx.registerCustomDirective(dialect: "cs", name: "Target", parse: Self.parseTarget, print: Self.printTarget)
        try ctx.registerCustomDirective(dialect: "cs", name: "Table", parse: Self.parseTable, print: Self.printTable)
        try ctx.registerCustomDirective(dialect: "cs", name: "Args", parse: Self.parseArgs, print: Self.printArgs)
        let module = try Module.parse(Self.csText, context: ctx, filename: "cs.mlir")
        XCTAssertEqual(module.description, Self.csText)
        let generic = try module.print(flags: PrintFlags(generic: true))
        XCTAssertTrue(generic.contains("\"cs.jump\"()[^bb1] <{weight = 3 : i64}> : () -> ()"), generic)
        XCTAssertTrue(generic.contains("<{entries = [2, 3], label = \"primes\"}>"), generic)
        XCTAssertTrue(generic.contains("^bb0(%arg0: i32, %arg1: i32):"), generic)
        // Errors point into the text: the closure's own, and a failed call's.
        let own = parseError { _ = try Module.parse("\"test.r\"() ({\n  cs.jump 3\n}) : () -> ()\n", context: ctx, filename: "j.mlir") }
        XCTAssertTrue(own.map { $0.message.contains("j.mlir:2:") && $0.message.contains("expected a block name") } ?? false,
                      "\(String(describing: own))")
        let big = parseError { _ = try Module.parse("cs.table [99999999999999999999]\n", context: ctx, filename: "t.mlir") }
        XCTAssertTrue(big?.message.contains("t.mlir:1:") ?? false, "\(String(describing: big))")
    }
}
