import COmnir
import Foundation
import Omnir
import XCTest

final class APITests: XCTestCase {
    // MARK: types

    func testBuiltinTypesCastingAndAccessors() throws {
        let ctx = Context()
        let i32 = try IntegerType(width: 32, context: ctx)
        XCTAssertEqual(i32.description, "i32")
        XCTAssertEqual(i32.width, 32)
        XCTAssertTrue(i32.isSignless)
        XCTAssertEqual(try IntegerType(width: 8, signedness: .unsigned, context: ctx).description, "ui8")
        XCTAssertEqual(try IntegerType.signless(32, context: ctx), i32, "types are uniqued")

        let t = try Type.parse("tensor<4x?xf32>", context: ctx)
        XCTAssertEqual(try t.kind, .rankedTensor)
        XCTAssertNil(IntegerType(t))
        XCTAssertNil(t.as(MemRefType.self))
        let tensor = try XCTUnwrap(RankedTensorType(t))
        XCTAssertEqual(try tensor.shape, [4, ShapedType.dynamic])
        XCTAssertEqual(try tensor.elementType, FloatType.f32(ctx).type)
        XCTAssertTrue(t.isa(ShapedType.self))
        XCTAssertFalse(ShapedType(t)!.hasStaticShape)
        XCTAssertEqual(FloatType(try tensor.elementType)?.format, .f32)
        XCTAssertEqual(FloatType.bf16(ctx).width, 16)

        let fn = try FunctionType(inputs: [i32.type, IndexType(context: ctx).type], results: [NoneType(context: ctx).type], context: ctx)
        XCTAssertEqual(fn.description, "(i32, index) -> none")
        XCTAssertEqual(try fn.inputs.count, 2)
        XCTAssertEqual(try FunctionType(try Type.parse("(i1) -> (i2, i3)", context: ctx))?.results.map(\.description), ["i2", "i3"])

        XCTAssertEqual(try VectorType(shape: [2, 4], element: i32.type, scalable: [true, false]).description, "vector<[2]x4xi32>")
        XCTAssertEqual(try UnrankedTensorType(element: i32.type).description, "tensor<*xi32>")
        XCTAssertEqual(try ComplexType(element: FloatType.f64(ctx).type).description, "complex<f64>")
        XCTAssertEqual(try TupleType([i32.type, i32.type], context: ctx).types.count, 2)
        let memref = try MemRefType(shape: [4, ShapedType.dynamic], element: FloatType.f16(ctx).type,
                                    memorySpace: try IntegerAttr(1, type: IntegerType(width: 64, context: ctx).type).attribute)
        XCTAssertEqual(memref.description, "memref<4x?xf16, 1>")
        XCTAssertEqual(try UnrankedMemRefType(element: i32.type).description, "memref<*xi32>")
        XCTAssertEqual(try memref.rank, 2)
        XCTAssertEqual(try OpaqueType(dialect: "foo", data: "bar<1>", context: ctx).description, "!foo.bar<1>")

        // TypeIDs are process-wide, by name.
        XCTAssertEqual(try i32.type.typeID, try TypeID(name: "builtin.integer"))
        XCTAssertEqual(try i32.type.typeID.name, "builtin.integer")
        XCTAssertTrue(try i32.type.implements(.memRefElementTypeInterface))
        XCTAssertFalse(try fn.type.implements(.memRefElementTypeInterface))

        // A type that is not a valid memref element type is refused.
        XCTAssertThrowsError(try MemRefType(shape: [4], element: fn.type)) { e in
            guard case OmnirError.invalidArgument = e else { return XCTFail("\(e)") }
        }
        XCTAssertThrowsError(try Type.parse("tensor<4x", context: ctx)) { e in
            guard case OmnirError.parseFailed(let message, let diags) = e else { return XCTFail("\(e)") }
            XCTAssertFalse(message.isEmpty)
            XCTAssertFalse(diags.isEmpty)
        }
    }

    // MARK: attributes

    func testBuiltinAttributesCastingAndAccessors() throws {
        let ctx = Context()
        let i64 = try IntegerType(width: 64, context: ctx).type
        let int = try IntegerAttr(-5, type: i64)
        XCTAssertEqual(int.description, "-5 : i64")
        XCTAssertEqual(try int.value, -5)
        XCTAssertEqual(try int.type, i64)
        XCTAssertEqual(try IntegerAttr(words: [0, 1], type: IntegerType(width: 128, context: ctx).type).words, [0, 1])
        XCTAssertEqual(try FloatAttr(1.5, type: FloatType.f32(ctx).type).value, 1.5)
        XCTAssertTrue(BoolAttr(true, context: ctx).value)
        XCTAssertEqual(StringAttr("héllo", context: ctx).value, "héllo")
        XCTAssertEqual(TypeAttr(i64).value, i64)
        XCTAssertNotNil(UnitAttr(context: ctx).attribute.as(UnitAttr.self))

        let array = try ArrayAttr([int.attribute, BoolAttr(false, context: ctx).attribute], context: ctx)
        XCTAssertEqual(array.count, 2)
        XCTAssertEqual(array.map(\.description), ["-5 : i64", "false"])
        XCTAssertNotNil(IntegerAttr(array[0]))
        XCTAssertNil(IntegerAttr(array[1]))

        let dict = try DictionaryAttr(["b": int.attribute, "a": UnitAttr(context: ctx).attribute], context: ctx)
        XCTAssertEqual(dict.map(\.name), ["a", "b"], "entries are sorted by name")
        XCTAssertEqual(dict["b"], int.attribute)
        XCTAssertNil(dict["zzz"])

        let sym = try SymbolRefAttr(root: "outer", nested: ["inner"], context: ctx)
        XCTAssertEqual(sym.description, "@outer::@inner")
        XCTAssertEqual(sym.rootReference, "outer")
        XCTAssertEqual(sym.nestedReferences, ["inner"])
        XCTAssertNil(FlatSymbolRefAttr(sym.attribute))
        XCTAssertEqual(try FlatSymbolRefAttr("f", context: ctx).value, "f")

        let tensor = try RankedTensorType(shape: [2, 2], element: IntegerType(width: 32, context: ctx).type).type
        let dense = try DenseElementsAttr(type: tensor, integers: [1, 2, 3, -4])
        XCTAssertEqual(dense.description, "dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>")
        XCTAssertEqual(try dense.int64(at: 3), -4)
        XCTAssertFalse(dense.isSplat)
        let floats = try DenseElementsAttr(type: try RankedTensorType(shape: [2], element: FloatType.f32(ctx).type).type, doubles: [0.5, 0.5])
        XCTAssertTrue(floats.isSplat)
        XCTAssertEqual(try floats.double(at: 1), 0.5)
        XCTAssertEqual(try DenseArrayAttr([1, 2, 3], element: i64).description, "array<i64: 1, 2, 3>")
        XCTAssertEqual(try StridedLayoutAttr(offset: 0, strides: [ShapedType.dynamic, 1], context: ctx).description, "strided<[?, 1]>")
        XCTAssertTrue(try AffineMapAttr.identity(dims: 2, context: ctx).isIdentity)

        let parsed = try Attribute.parse("{x = [1 : i32, \"s\"]}", context: ctx)
        XCTAssertEqual(try parsed.kind, .dictionary)
        XCTAssertEqual(DictionaryAttr(parsed)?["x"].flatMap { ArrayAttr($0) }?.count, 2)

        let distinct1 = try DistinctAttr.create(UnitAttr(context: ctx).attribute)
        let distinct2 = try DistinctAttr.create(UnitAttr(context: ctx).attribute)
        XCTAssertNotEqual(distinct1, distinct2)

        // Locations.
        let file = try Location.file("a.mlir", line: 3, column: 7, in: ctx)
        XCTAssertEqual(file.description, "loc(\"a.mlir\":3:7)")
        XCTAssertEqual(try file.kind, .fileLineCol)
        XCTAssertEqual(try file.filename, "a.mlir")
        XCTAssertEqual(try file.range.startLine, 3)
        let named = try Location.name("x", child: file, in: ctx)
        XCTAssertEqual(try named.child, file)
        let fused = try Location.fused([file, named], in: ctx)
        XCTAssertEqual(try fused.locations.count, 2)
        let callSite = try Location.callSite(callee: file, caller: ctx.unknownLocation)
        XCTAssertEqual(try callSite.caller, ctx.unknownLocation)
        XCTAssertEqual(Location(try file.attribute), file)
    }

    // MARK: building IR

    func testBuildWithStateInsertionPointsAndCollections() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let loc = ctx.unknownLocation
        let i32 = try IntegerType(width: 32, context: ctx).type
        let module = try Module.create(location: loc)
        let body = try module.body
        let fn = try Operation.create(name: "test.func", regions: 1, location: loc, at: InsertionPoint(body))
        let entry = try fn.region(0).appendBlock(argumentTypes: [i32, i32])
        let args = try entry.arguments
        XCTAssertEqual(args.count, 2)
        XCTAssertEqual(try args.types, [i32, i32])

        // A reusable state, as MLIR's OperationState.
        let state = try OperationState("test.add", location: loc)
            .addOperands([args[0], args[1]])
            .addResults([i32])
            .addAttribute("tag", try IntegerAttr(7, type: i32).attribute)
        let a = try state.create(at: InsertionPoint(entry))
        let b = try state.create(at: .atBlockBegin(entry))
        let c = try state.setOperands([try a.result, try b.result]).create(at: .after(a))
        let ret = try Operation.create(name: "test.return", operands: [try c.result.value], location: loc, at: InsertionPoint(entry))
        let first = try Operation.create(name: "test.first", location: loc, at: .before(b))
        XCTAssertEqual(try entry.operations.map { try $0.name }, ["test.first", "test.add", "test.add", "test.add", "test.return"])
        XCTAssertEqual(try entry.operations[2], a)
        XCTAssertEqual(try entry.terminator, ret)
        XCTAssertEqual(try first.next, b)
        XCTAssertEqual(try b.previous, first)

        // Operands, results, uses.
        XCTAssertEqual(try c.operands.map { $0 }, [try a.result(0).value, try b.result(0).value])
        XCTAssertEqual(try c.operands.types, [i32, i32])
        XCTAssertEqual(try a.results.count, 1)
        XCTAssertEqual(try a.result.uses.map { try $0.owner }, [c])
        XCTAssertEqual(try args[0].uses.count, 2)
        XCTAssertTrue(try a.result.value.isOpResult)
        XCTAssertNotNil(BlockArgument(args[0].value))
        XCTAssertNil(OpResult(args[0].value))
        XCTAssertEqual(try args[0].owner, entry)
        XCTAssertEqual(try a.result.owner, a)
        XCTAssertEqual(try a.attribute("tag"), try IntegerAttr(7, type: i32).attribute)
        XCTAssertEqual(try a[attribute: "tag"].flatMap(IntegerAttr.init)?.value, 7)
        XCTAssertEqual(try a.attributes.map(\.name), ["tag"])
        // Another value for the same attribute name; a point outside any block creates nothing.
        let d = try state.setAttributeValue(0, try IntegerAttr(9, type: i32).attribute).create(at: .after(c))
        XCTAssertEqual(try d[attribute: "tag"].flatMap(IntegerAttr.init)?.value, 9)
        XCTAssertThrowsError(try state.setAttributeValue(1, try IntegerAttr(9, type: i32).attribute))
        let lonely = try Operation.create(name: "test.lonely", location: loc)
        XCTAssertThrowsError(try state.create(at: .after(lonely)))
        XCTAssertEqual(try entry.operations.count, 6)
        try d.erase()

        // Attributes and operands change.
        try a.setAttribute("extra", UnitAttr(context: ctx).attribute)
        XCTAssertTrue(try a.removeAttribute("extra"))
        XCTAssertFalse(try a.removeAttribute("extra"))
        try c.setOperand(1, to: args[1].value)
        XCTAssertEqual(try b.result.uses.count, 0)

        // Replace all uses, then erase.
        try c.result.value.replaceAllUsesWith(args[0].value)
        XCTAssertEqual(try ret.operand(0), args[0].value)
        XCTAssertNil(try args[0].value.definingOperation)
        try c.erase()
        try b.erase()
        XCTAssertEqual(try entry.operations.count, 3)

        // Structure.
        XCTAssertEqual(try a.parent, fn)
        XCTAssertEqual(try a.block, entry)
        XCTAssertEqual(try entry.parentOperation, fn)
        XCTAssertEqual(try fn.regions.count, 1)
        XCTAssertEqual(try fn.regions[0].blocks.count, 1)
        XCTAssertEqual(try fn.regions[0].parentOperation, fn)
        XCTAssertTrue(try module.operation.isAncestor(of: a))

        // Printing (with flags) through CustomStringConvertible.
        try module.verify()
        // The default is upstream's: builtin.module in its custom form, unregistered ops generic.
        XCTAssertTrue(module.description.hasPrefix("module {\n"), module.description)
        XCTAssertTrue(module.description.hasSuffix("\n}\n"), module.description)
        let generic = try module.print(flags: PrintFlags(generic: true))
        XCTAssertTrue(generic.hasPrefix("\"builtin.module\"() ({"), generic)
        XCTAssertTrue(generic.hasSuffix("}) : () -> ()\n"), generic)
        XCTAssertEqual(a.description, "%0 = \"test.add\"(%arg0, %arg1) {tag = 7 : i32} : (i32, i32) -> i32")
        XCTAssertTrue(try module.print(flags: PrintFlags(debugInfo: true)).contains("loc("))

        // Blocks: several, with successors.
        let exit = try fn.region(0).appendBlock()
        let br = try Operation.create(name: "test.br", successors: [exit], location: loc, at: .after(ret))
        try ret.erase()
        XCTAssertEqual(try br.successors, [exit])
        XCTAssertEqual(try exit.predecessors.map { try $0.owner }, [br])
        XCTAssertEqual(try entry.next, exit)
        XCTAssertEqual(try fn.region(0).blocks.count, 2)

        // Clone and move.
        let copy = try fn.clone()
        XCTAssertTrue(try copy.isDetached)
        try InsertionPoint(body).insert(copy)
        XCTAssertEqual(try body.operations.count, 2)
        try copy.moveBefore(fn)
        XCTAssertEqual(try body.operations.first, copy)
        // Inserting an attached op is refused (use move).
        XCTAssertThrowsError(try InsertionPoint(body).insert(fn))
        // A cycle is refused.
        XCTAssertThrowsError(try fn.move(to: .atBlockEnd(exit))) { e in
            guard case OmnirError.cycle = e else { return XCTFail("\(e)") }
        }
    }

    // MARK: walk

    func testBlocksAndValuesPrintAsMLIR() throws {
        // The text upstream MLIR prints for the same IR (Block::print, Value::print).
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse("""
            "test.func"() ({
            ^bb0(%arg0: i32, %arg1: i32):
              %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
              "test.br"(%0)[^bb1] : (i32) -> ()
            ^bb1(%1: i32):
              "test.ret"(%1) : (i32) -> ()
            }) : () -> ()
            """, context: ctx)
        let blocks = Array(try module.body.operations[0].region(0).blocks)
        XCTAssertEqual(blocks[0].description,
                       "^bb0(%arg0: i32, %arg1: i32):\n  %0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32\n  \"test.br\"(%0)[^bb1] : (i32) -> ()\n")
        XCTAssertEqual(try blocks[1].print(), "^bb1(%1: i32):  // pred: ^bb0\n  \"test.ret\"(%1) : (i32) -> ()\n")
        let sum = try blocks[0].operations[0].result
        XCTAssertEqual(sum.description, "OpResult(%0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32)")
        XCTAssertEqual(try blocks[0].arguments[1].value.print(), "<block argument> of type 'i32' at index: 1")
    }

    func testWalkOrdersSkipAndInterrupt() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse("""
            "a.outer"() ({
              "a.inner"() : () -> ()
            }) : () -> ()
            "a.last"() : () -> ()
            """, context: ctx)
        var pre: [String] = []
        try module.operation.walk { pre.append(try $0.name) }
        XCTAssertEqual(pre, ["builtin.module", "a.outer", "a.inner", "a.last"])
        // Keeping the visited operations keeps distinct, correct wrappers.
        var kept: [Operation] = []
        try module.operation.walk { kept.append($0) }
        XCTAssertEqual(Set(kept).count, 4)
        XCTAssertEqual(try kept.map { try $0.name }, pre)
        XCTAssertEqual(kept[0], module.operation)
        var post: [String] = []
        try module.operation.walk(.postOrder) { post.append(try $0.name) }
        XCTAssertEqual(post, ["a.inner", "a.outer", "a.last", "builtin.module"])
        var skipped: [String] = []
        try module.operation.walk { (op: Operation) -> WalkResult in
            skipped.append(try op.name)
            return try op.name == "a.outer" ? .skip : .advance
        }
        XCTAssertEqual(skipped, ["builtin.module", "a.outer", "a.last"])
        var seen = 0
        let interrupted = try module.operation.walk { (_: Operation) -> WalkResult in
            seen += 1
            return seen == 2 ? .interrupt : .advance
        }
        XCTAssertTrue(interrupted)
        XCTAssertEqual(seen, 2)
        // An error thrown by the body stops the walk and comes out.
        struct Stop: Error {}
        XCTAssertThrowsError(try module.operation.walk { _ in throw Stop() }) { XCTAssertTrue($0 is Stop) }
    }

    // MARK: symbols

    func testSymbolTable() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse("""
            "test.fn"() {sym_name = "f"} : () -> ()
            "test.call"() {callee = @f} : () -> ()
            """, context: ctx)
        XCTAssertTrue(try module.operation.isSymbolTable)
        let table = try SymbolTable(module.operation)
        XCTAssertEqual(try table.count, 1)
        let f = try XCTUnwrap(try table["f"])
        XCTAssertEqual(try f.symbolName, "f")
        XCTAssertNil(try module.body.operations[1].symbolName)
        XCTAssertEqual(try SymbolTable.lookupSymbol(in: module.operation, name: "f"), f)
        let uses = try XCTUnwrap(try SymbolTable.uses(of: f, in: module.operation))
        XCTAssertEqual(uses.count, 1)
        XCTAssertEqual(try uses[0].user.name, "test.call")
        XCTAssertFalse(try SymbolTable.knownUseEmpty(f, in: module.operation))
        try table.rename(f, to: "g")
        XCTAssertEqual(try f.symbolName, "g")
        XCTAssertEqual(try module.body.operations[1].attribute("callee")?.description, "@g")
        XCTAssertEqual(try SymbolTable.lookupNearestSymbol(from: module.body.operations[1],
                                                            reference: FlatSymbolRefAttr("g", context: ctx).attribute), f)
        // Inserting a second `g` makes the name unique.
        let g2 = try Operation.create(name: "test.fn", attributes: ["sym_name": StringAttr("g", context: ctx).attribute],
                                      location: ctx.unknownLocation)
        let name = try table.insert(g2)
        XCTAssertNotEqual(name, "g")
        XCTAssertEqual(try table.lookup(name), g2)
        XCTAssertFalse(try g2.isDetached)
        try g2.setSymbolVisibility(.private)
        XCTAssertEqual(try g2.symbolVisibility, .private)
        try table.erase(g2)
        XCTAssertFalse(g2.isLive)
        XCTAssertNil(try table.lookup(name))
        try table.remove(f)
        XCTAssertTrue(try f.isDetached)
        XCTAssertEqual(try module.body.operations.count, 1)
    }

    // MARK: diagnostics and errors

    func testVerifyFailureCarriesDiagnostics() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let d = try ctx.registerDialect("chk")
        try d.register(OperationDefinition("one_result", results: [ValueSpec("out", .integer(width: 32))]))
        // Parsed without verifying, so that verify() reports the failure.
        ctx.verifyAfterParse = false
        let module = try Module.parse("\"chk.one_result\"() : () -> f32", context: ctx, filename: "v.mlir")
        do {
            try module.verify()
            XCTFail("expected a verification failure")
        } catch let OmnirError.verificationFailed(diagnostics) {
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertEqual(diagnostics[0].severity, .error)
            XCTAssertTrue(diagnostics[0].message.contains("result #0 must be"), diagnostics[0].message)
            XCTAssertEqual(try diagnostics[0].location?.filename, "v.mlir")
            XCTAssertTrue(diagnostics[0].rendered.hasPrefix("v.mlir:1:1: error:"), diagnostics[0].rendered)
        }
    }

    func testParseFailureCarriesDiagnostics() throws {
        let ctx = Context()
        do {
            _ = try Module.parse("\"x.op\"() : () -> ()", context: ctx, filename: "p.mlir")
            XCTFail("expected a parse failure (unregistered dialect)")
        } catch let OmnirError.parseFailed(message, diagnostics) {
            XCTAssertTrue(message.hasPrefix("p.mlir:1:"), message)
            XCTAssertTrue(message.contains("unregistered dialect"), message)
            XCTAssertEqual(diagnostics.first?.severity, .error)
            XCTAssertEqual(try diagnostics.first?.location?.range.startLine, 1)
        }
    }

    func testParseVerifiesUnlessTurnedOff() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        XCTAssertTrue(ctx.verifyAfterParse)
        let twoBlocks = "\"builtin.module\"() ({\n^bb0:\n  \"t.a\"() : () -> ()\n^bb1:\n}) : () -> ()\n"
        let message = "'builtin.module' op expects region #0 to have 0 or 1 blocks"
        do {
            _ = try Module.parse(twoBlocks, context: ctx, filename: "two.mlir")
            XCTFail("expected the verifier to fail the parse")
        } catch let OmnirError.parseFailed(text, diagnostics) {
            XCTAssertTrue(text.hasPrefix("two.mlir:1:1: error: \(message)"), text)
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertEqual(diagnostics.first?.message, message)
        }
        XCTAssertThrowsError(try Operation.parse(twoBlocks, context: ctx, sourceName: "two.mlir"))
        ctx.verifyAfterParse = false
        XCTAssertFalse(ctx.verifyAfterParse)
        let module = try Module.parse(twoBlocks, context: ctx, filename: "two.mlir")
        XCTAssertThrowsError(try module.verify())
    }

    func testDiagnosticHandlersAndCapture() throws {
        let ctx = Context()
        var seen: [String] = []
        let id = try ctx.attachDiagnosticHandler { d in
            seen.append("\(d.severity): \(d.message)")
            return true
        }
        let loc = try Location.file("h.mlir", line: 1, column: 2, in: ctx)
        try ctx.emit(.warning, "careful", at: loc, notes: [(loc, "see here")])
        XCTAssertEqual(seen, ["warning: careful"])
        let (value, captured) = try ctx.collectDiagnostics { () -> Int in
            try ctx.emit(.remark, "captured", at: loc)
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(captured.map(\.message), ["captured"])
        XCTAssertEqual(seen.count, 1, "captured diagnostics do not reach the handler")
        try ctx.detachDiagnosticHandler(id)
        _ = try ctx.collectDiagnostics { try ctx.emit(.note, "after detach", at: loc) }
        XCTAssertEqual(seen.count, 1)
    }

    func testErrorsAreTyped() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse("%0 = \"t.def\"() : () -> i32\n\"t.use\"(%0) : (i32) -> ()", context: ctx)
        let def = try module.body.operations[0]
        XCTAssertThrowsError(try def.erase()) { e in
            guard case OmnirError.stillInUse = e else { return XCTFail("\(e)") }
        }
        XCTAssertThrowsError(try def.operand(3)) { e in
            guard case OmnirError.outOfRange = e else { return XCTFail("\(e)") }
        }
        let other = Context()
        XCTAssertThrowsError(try def.setLocation(other.unknownLocation)) { e in
            guard case OmnirError.wrongContext = e else { return XCTFail("\(e)") }
        }
        try ctx.registerDialect("dup").register(type: TypeDefinition("t"))
        XCTAssertThrowsError(try ctx.registerDialect("dup").register(type: TypeDefinition("t"))) { e in
            guard case OmnirError.alreadyExists = e else { return XCTFail("\(e)") }
        }
    }

    // MARK: dialects defined in Swift

    /// The methods of an interface, implemented in Swift.
    final class ElementMethods {
        let bitWidth: (Type) throws -> Int
        init(bitWidth: @escaping (Type) throws -> Int) { self.bitWidth = bitWidth }
    }

    func testDialectDefinedInSwift() throws {
        let ctx = Context()
        let dialect = try ctx.registerDialect("sw")
        var verifierCalls = 0
        try dialect.register(OperationDefinition(
            "const",
            results: [ValueSpec("out", .signlessIntegerOrIndex)],
            attributes: [AttributeSpec("value", .integer)],
            traits: [.pure, .constantLike],
            verifier: { op in
                verifierCalls += 1
                guard let v = try op.attribute("value").flatMap(IntegerAttr.init), try v.value >= 0 else {
                    throw VerificationError("value must be non-negative")
                }
            }))
        try dialect.register(OperationDefinition(
            "sum", operands: [ValueSpec("inputs", .anyInteger, arity: .variadic)],
            results: [ValueSpec("out", .predicate(summary: "a 32-bit integer") { ($0.as(IntegerType.self)?.width ?? 0) == 32 })]))
        XCTAssertTrue(try dialect.isOperationRegistered("const"))

        // A type with a parameter, a parameters verifier and MemRefElementTypeInterface whose
        // methods are Swift closures.
        let methods = ElementMethods { t in
            Int(try IntegerAttr(DialectType(t)!.parameters[0])!.value)
        }
        let pixel = try dialect.register(type: TypeDefinition(
            "pixel", parameters: ["bits"],
            interfaces: [InterfaceImplementation(.memRefElementTypeInterface, methods: methods)],
            verifier: { params in
                guard let b = IntegerAttr(params[0]), (1...64).contains(try b.value) else {
                    throw VerificationError("bits must be in [1, 64]")
                }
            }))
        // A marker-only type and an attribute.
        let marker = try dialect.register(type: TypeDefinition("marker", interfaces: [InterfaceImplementation(.memRefElementTypeInterface)]))
        let plain = try dialect.register(type: TypeDefinition("plain"))
        let color = try dialect.register(attribute: AttributeDefinition("color", parameters: ["r", "g", "b"]))

        let i64 = try IntegerType(width: 64, context: ctx).type
        let px = try pixel([try IntegerAttr(8, type: i64).attribute])
        XCTAssertTrue(px.description.hasPrefix("!sw.pixel<8"), px.description)  // `<8>` or `<8 : i64>`
        XCTAssertEqual(try pixel.parameterNames, ["bits"])
        XCTAssertThrowsError(try pixel([try IntegerAttr(99, type: i64).attribute])) { e in
            guard case OmnirError.verificationFailed(let d) = e else { return XCTFail("\(e)") }
            XCTAssertTrue(d[0].message.contains("bits must be in [1, 64]"), d[0].message)
        }
        XCTAssertEqual(try MemRefType(shape: [2, 2], element: px).description, "memref<2x2x\(px)>")
        XCTAssertEqual(try MemRefType(shape: [1], element: marker([])).description, "memref<1x!sw.marker>")
        XCTAssertThrowsError(try MemRefType(shape: [1], element: plain([])))
        let impl = try XCTUnwrap(try px.interface(.memRefElementTypeInterface))
        let m = try XCTUnwrap(impl.methods as? ElementMethods)
        XCTAssertEqual(try m.bitWidth(px), 8)
        XCTAssertEqual(try px.typeID, try TypeID(name: "sw.pixel"))
        let rgb = try color.get([i64, i64, i64].map { try IntegerAttr(1, type: $0).attribute })
        XCTAssertTrue(rgb.description.hasPrefix("#sw.color<1"), rgb.description)
        XCTAssertEqual(try DialectAttr(rgb)?.parameters.count, 3)

        // An external model: the plain type becomes a memref element type.
        try ctx.attachInterface(InterfaceImplementation(.memRefElementTypeInterface), to: try TypeID(name: "sw.plain"))
        XCTAssertEqual(try MemRefType(shape: [3], element: plain([])).description, "memref<3x!sw.plain>")

        // Operations: the Swift verifier runs and its message becomes the diagnostic.
        let loc = try Location.file("sw.mlir", line: 1, column: 1, in: ctx)
        let module = try Module.create(location: loc)
        let ok = try Operation.create(name: "sw.const", results: [i64], attributes: ["value": try IntegerAttr(3, type: i64).attribute],
                                      location: loc, at: InsertionPoint(try module.body))
        XCTAssertTrue(try ok.isRegistered)
        try module.verify()
        XCTAssertGreaterThan(verifierCalls, 0)
        let bad = try Operation.create(name: "sw.const", results: [i64], attributes: ["value": try IntegerAttr(-1, type: i64).attribute],
                                       location: loc, at: InsertionPoint(try module.body))
        XCTAssertThrowsError(try module.verify()) { e in
            guard case OmnirError.verificationFailed(let d) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(d.count, 1)
            XCTAssertEqual(d[0].message, "'sw.const' op value must be non-negative")
        }
        try bad.erase()
        let i16 = try IntegerType(width: 16, context: ctx).type
        _ = try Operation.create(name: "sw.sum", operands: [try ok.result.value], results: [i16], location: loc, at: InsertionPoint(try module.body))
        XCTAssertThrowsError(try module.verify()) { e in
            XCTAssertTrue((e as? OmnirError)?.message.contains("a 32-bit integer") ?? false, "\(e)")
        }
    }

    func testSwiftCallbacksAreReleasedWithTheContext() throws {
        final class Probe {
            static var live = 0
            init() { Probe.live += 1 }
            deinit { Probe.live -= 1 }
        }
        do {
            let ctx = Context()
            let d = try ctx.registerDialect("rel")
            let probe = Probe()
            try d.register(OperationDefinition("op", verifier: { _ in _ = probe }))
            try d.register(type: TypeDefinition("t", interfaces: [InterfaceImplementation(.memRefElementTypeInterface, methods: Probe())]))
            try ctx.attachDiagnosticHandler { _ in _ = probe; return false }
            XCTAssertEqual(Probe.live, 2)
        }
        XCTAssertEqual(Probe.live, 0, "every closure and methods object is released when the context goes")
    }

    func testContextsAreIndependent() throws {
        let a = Context(allowUnregisteredDialects: true)
        let b = Context()
        XCTAssertTrue(a.allowUnregisteredDialects)
        XCTAssertFalse(b.allowUnregisteredDialects)
        XCTAssertNotEqual(a, b)
        XCTAssertNotEqual(try IntegerType(width: 1, context: a).type, try IntegerType(width: 1, context: b).type)
        b.allowUnregisteredDialects = true
        XCTAssertTrue(b.allowUnregisteredDialects)
        XCTAssertGreaterThan(omnirVersion, 0)
        XCTAssertEqual(omnirABIVersion, UInt32(OMNIR_ABI_VERSION))
    }
}
