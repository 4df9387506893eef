import Foundation
import Omnir
import OmnirDialects
import XCTest

/// The generated Swift dialect files (swift/Sources/OmnirDialects, from omnir-gen): the module
/// every language's generated API builds (tests/generated/func_arith_scf_memref.txt), typed
/// accessors, enums, views of parsed ops, segment sizes, successors and clear errors; the
/// dialects' types and attributes as views (`GPU.AsyncTokenType`, `Arith.FastmathAttr`).
final class GeneratedDialectTests: XCTestCase {
    func expectedModule() throws -> String {
        try String(contentsOf: TestPaths.repo.appendingPathComponent("tests/generated/func_arith_scf_memref.txt"), encoding: .utf8)
    }

    func testFuncArithScfMemrefPrintAsMLIR() throws {
        let ctx = Context()
        let loc = Location.unknown(in: ctx)
        let module = try Module.create(location: loc)
        let i32 = try IntegerType(width: 32, context: ctx).type
        let index = IndexType(context: ctx).type
        let buf = try MemRefType(shape: [16], element: FloatType.f32(ctx).type).type
        let fnType = try FunctionType(inputs: [i32, i32, buf], results: [i32], context: ctx).type
        let f = try Func.FuncOp.create(symName: "f", functionType: fnType, location: loc, at: InsertionPoint(module.body))
        let entry = try f.body.appendBlock(argumentTypes: [i32, i32, buf])
        let (a, c, mem) = (try entry.argument(0), try entry.argument(1), try entry.argument(2))
        let at = InsertionPoint(entry)
        let add = try Arith.AddIOp.create(lhs: a, rhs: c, overflowFlags: "nsw", location: loc, at: at)
        let cmp = try Arith.CmpIOp.create(predicate: .slt, lhs: add.result, rhs: c, location: loc, at: at)
        let sel = try Arith.SelectOp.create(condition: cmp.result, trueValue: add.result, falseValue: c, location: loc, at: at)
        func constant(_ v: Int64) throws -> Value {
            try Arith.ConstantOp.create(value: IntegerAttr(v, type: index).attribute, location: loc, at: at).result
        }
        let (c0, c4, c1) = (try constant(0), try constant(4), try constant(1))
        let loop = try SCF.ForOp.create(results: [i32], lowerBound: c0, upperBound: c4, step: c1, initArgs: [sel.result],
                                        location: loc, at: at)
        let body = try loop.region.appendBlock(argumentTypes: [index, i32])
        let inner = InsertionPoint(body)
        let x = try MemRef.LoadOp.create(memref: mem, indices: [body.argument(0)], location: loc, at: inner)
        try MemRef.StoreOp.create(value: x.result, memref: mem, indices: [c0], location: loc, at: inner)
        let mul = try Arith.MulIOp.create(lhs: body.argument(1), rhs: a, location: loc, at: inner)
        try SCF.YieldOp.create(results: [mul.result], location: loc, at: inner)
        try Func.ReturnOp.create(operands: loop.results, location: loc, at: at)

        try module.verify()
        XCTAssertEqual(module.description, try expectedModule())

        // Typed accessors, as ODS names them (lowerCamelCase).
        XCTAssertEqual(try add.lhs, a.value)
        XCTAssertEqual(try add.rhs, c.value)
        XCTAssertEqual(try add.overflowFlags?.description, "#arith.overflow<nsw>")
        XCTAssertEqual(try cmp.predicate, .slt)
        XCTAssertEqual(try cmp.predicateAttr.description, "2 : i64")
        XCTAssertEqual(Arith.CmpIPredicate.slt.description, "slt")
        XCTAssertEqual(Arith.CmpIPredicate(spelling: "uge"), .uge)
        XCTAssertNil(Arith.CmpIPredicate(spelling: "nope"))
        XCTAssertEqual(try loop.lowerBound, c0)
        XCTAssertEqual(try loop.initArgs.count, 1)
        XCTAssertEqual(try f.symName, "f")
        XCTAssertNil(try f.symVisibility)
        XCTAssertEqual(try f.functionType, fnType)
        XCTAssertEqual(try x.indices.count, 1)
        XCTAssertNil(try x.alignment)
    }

    /// The README's first Swift program, as it stands there.
    func testReadmeFirstProgram() throws {
        let ctx = Context()
        let loc = Location.unknown(in: ctx)
        let module = try Module.create(location: loc)
        let i32 = try IntegerType(width: 32, context: ctx).type
        let f = try Func.FuncOp.create(symName: "add", functionType: FunctionType(inputs: [i32, i32], results: [i32], context: ctx).type,
                                       location: loc, at: InsertionPoint(module.body))
        let entry = try f.body.appendBlock(argumentTypes: [i32, i32])
        let sum = try Arith.AddIOp.create(lhs: entry.argument(0), rhs: entry.argument(1), location: loc, at: InsertionPoint(entry))
        try Func.ReturnOp.create(operands: [sum.result], location: loc, at: InsertionPoint(entry))
        XCTAssertEqual(module.description, """
            module {
              func.func @add(%arg0: i32, %arg1: i32) -> i32 {
                %0 = arith.addi %arg0, %arg1 : i32
                return %0 : i32
              }
            }

            """)
    }

    func testViewsOfParsedOps() throws {
        let ctx = Context()
        let module = try Module.parse(try expectedModule(), context: ctx)
        guard let first = try module.body.firstOperation, let f = Func.FuncOp(first) else { return XCTFail("no func.func") }
        guard let entry = try f.body.firstBlock, let op = try entry.firstOperation else { return XCTFail("no body") }
        XCTAssertNil(Arith.CmpIOp(op))
        guard let add = Arith.AddIOp(op) else { return XCTFail("not an arith.addi view") }
        XCTAssertEqual(try add.rhs, try entry.argument(1).value)
        XCTAssertEqual(add.description, "%0 = arith.addi %arg0, %arg1 overflow<nsw> : i32")
        guard let next = try op.next, let cmp = Arith.CmpIOp(next) else { return XCTFail("not an arith.cmpi view") }
        XCTAssertEqual(try cmp.predicate, .slt)
    }

    func testSegmentsSuccessorsAndBitEnums() throws {
        let ctx = Context()
        let loc = Location.unknown(in: ctx)
        let module = try Module.create(location: loc)
        let i1 = try IntegerType(width: 1, context: ctx).type
        let i32 = try IntegerType(width: 32, context: ctx).type
        let f32 = FloatType.f32(ctx).type
        let fnType = try FunctionType(inputs: [i1, i32, f32], results: [], context: ctx).type
        let g = try Func.FuncOp.create(symName: "g", functionType: fnType, symVisibility: "private", location: loc,
                                       at: InsertionPoint(module.body))
        let entry = try g.body.appendBlock(argumentTypes: [i1, i32, f32])
        let yes = try g.body.appendBlock(argumentTypes: [i32])
        let no = try g.body.appendBlock()
        let at = InsertionPoint(entry)

        let flags: Arith.FastMathFlags = [.nnan, .ninf]
        XCTAssertEqual(flags.description, "nnan,ninf")
        XCTAssertEqual(Arith.FastMathFlags.fast.description, "fast")
        XCTAssertTrue(Arith.FastMathFlags.fast.contains(flags))
        XCTAssertEqual(Arith.FastMathFlags(words: "nnan, ninf"), flags)
        XCTAssertNil(Arith.FastMathFlags(words: "nnan,fastest"))
        let x = try entry.argument(2)
        let sum = try Arith.AddFOp.create(lhs: x, rhs: x, fastmath: .words(flags.description), location: loc, at: at)
        XCTAssertEqual(try sum.fastmath?.description, "#arith.fastmath<nnan,ninf>")

        // AttrSizedOperandSegments: the builder writes operandSegmentSizes from the groups.
        let br = try CF.CondBranchOp.create(condition: entry.argument(0), trueDestOperands: [entry.argument(1)],
                                            trueDest: yes, falseDest: no, location: loc, at: at)
        XCTAssertEqual(try br.trueDestOperands.count, 1)
        XCTAssertTrue(try br.falseDestOperands.isEmpty)
        XCTAssertEqual(try br.trueDest, yes)
        XCTAssertEqual(try br.falseDest, no)
        XCTAssertEqual(try br.operation.attribute("operandSegmentSizes")?.description, "array<i32: 1, 1, 0>")
        try Func.ReturnOp.create(location: loc, at: InsertionPoint(yes))
        try Func.ReturnOp.create(location: loc, at: InsertionPoint(no))
        try module.verify()
        XCTAssertTrue(module.description.contains("cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2"), module.description)
        XCTAssertTrue(module.description.contains("func.func private @g"), module.description)
        XCTAssertEqual(try g.symVisibility, "private")
    }

    /// The shipped dialects' types and attributes: built from plain values in a fresh context
    /// (the first one asked for loads its dialect), read back, cast like the builtin kinds.
    func testShippedTypesAndAttributes() throws {
        let ctx = Context()
        let token = try GPU.AsyncTokenType.get(context: ctx)
        XCTAssertEqual(token.description, "!gpu.async.token")
        XCTAssertEqual(GPU.AsyncTokenType.name, "gpu.async.token")
        XCTAssertEqual(GPU.AsyncTokenType(try Type.parse("!gpu.async.token", context: ctx)), token)

        let ptr = try LLVM.PointerType.get(addrSpace: 3, context: ctx)
        XCTAssertEqual(ptr.description, "!llvm.ptr<3>")
        XCTAssertEqual(try ptr.addrSpace, 3)
        XCTAssertEqual(ptr.type.as(LLVM.PointerType.self), ptr)
        XCTAssertTrue(ptr.type.isa(LLVM.PointerType.self))
        // Another kind of the dialects, a builtin type: no view.
        XCTAssertNil(LLVM.PointerType(token.type))
        XCTAssertNil(GPU.AsyncTokenType(FloatType.f32(ctx).type))
        let array = try LLVM.ArrayType.get(element: ptr.type, size: 4, context: ctx)
        XCTAssertEqual(array.description, "!llvm.array<4 x ptr<3>>")
        XCTAssertEqual(try array.element, ptr.type)
        XCTAssertEqual(try array.size, 4)

        let flags = try Arith.FastmathAttr.get(value: [.nnan, .ninf], context: ctx)
        XCTAssertEqual(flags.description, "#arith.fastmath<nnan,ninf>")
        XCTAssertEqual(try flags.value, [.nnan, .ninf])
        // What an op builder makes of the words is the same uniqued attribute.
        XCTAssertEqual(Arith.FastmathAttr(try CaseAttr.words("nnan,ninf").get(Arith.FastmathAttr.name, context: ctx)), flags)
        XCTAssertNil(Arith.OverflowAttr(flags.attribute))
        XCTAssertNil(Arith.FastmathAttr(StringAttr("nnan", context: ctx).attribute))
        let dim = try GPU.DimAttr.get(value: .y, context: ctx)
        XCTAssertEqual(try dim.value, .y)
        XCTAssertEqual(GPU.DimAttr(try Attribute.parse(dim.description, context: ctx)), dim)
    }

    /// What the views stand on for a dialect loaded from its definition (the OmnirGen plugin's
    /// case; tests/swift/cmath-app.swift builds one through its generated view): parameters
    /// the definition refuses, a kind nobody registered, a wrong number of parameters.
    func testKindsOfALoadedDefinition() throws {
        let ctx = Context()
        let definition = try String(contentsOf: TestPaths.repo.appendingPathComponent("tests/definitions/pixels.irdl.mlir"),
                                    encoding: .utf8)
        try ctx.loadDialectDefinitions(definition, filename: "pixels.irdl.mlir")
        let i64 = try IntegerType(width: 64, context: ctx).type
        let rgb = try ODS.dialectType("pixels.rgb", [IntegerAttr(16, type: i64).attribute], context: ctx)
        XCTAssertEqual(rgb.description, "!pixels.rgb<16>")
        XCTAssertTrue(ODS.isTypeKind(rgb, "pixels.rgb"))
        XCTAssertFalse(ODS.isTypeKind(rgb, "pixels.plane"))
        XCTAssertEqual(try ODS.intValue(ODS.typeParameter(rgb, 0)), 16)
        XCTAssertThrowsError(try ODS.dialectType("pixels.rgb", [IntegerAttr(12, type: i64).attribute], context: ctx)) { error in
            XCTAssertTrue("\(error)".contains("12 : i64"), "\(error)")
        }
        XCTAssertThrowsError(try ODS.dialectType("pixels.rgb", [], context: ctx))
        XCTAssertThrowsError(try ODS.dialectType("pixels.nope", [], context: ctx))
        let named = try ODS.dialectAttribute("pixels.named", [StringAttr("left", context: ctx).attribute], context: ctx)
        XCTAssertTrue(ODS.isAttributeKind(named, "pixels.named"))
        XCTAssertFalse(ODS.isTypeKind(rgb, "pixels.named"))
        XCTAssertEqual(try ODS.stringValue(ODS.attributeParameter(named, 0)), "left")
        XCTAssertThrowsError(try ODS.attributeParameter(named, 1))
    }

    func testWhatCannotBeBuiltIsAClearError() throws {
        let ctx = Context()
        let loc = Location.unknown(in: ctx)
        let module = try Module.create(location: loc)
        let body = try module.body
        let arg = try body.addArgument(FloatType.f32(ctx).type, location: loc)
        let at = InsertionPoint(body)
        // Words that are no case of the attribute: the parser's diagnostic; nothing is built.
        XCTAssertThrowsError(try Arith.AddFOp.create(lhs: arg, rhs: arg, fastmath: "fastest", location: loc, at: at)) { error in
            XCTAssertTrue("\(error)".contains("fastest"), "\(error)")
        }
        XCTAssertNil(try body.firstOperation)
        // Detached without a point, owned by the view.
        let detached = try Arith.AddFOp.create(lhs: arg, rhs: arg, location: loc)
        XCTAssertTrue(try detached.operation.isDetached)
        // A view whose op lacks what the definition requires (built generically): an error.
        let bare = try Operation.create(name: "arith.cmpi", location: loc, at: at)
        guard let view = Arith.CmpIOp(bare) else { return XCTFail("named arith.cmpi") }
        XCTAssertThrowsError(try view.predicate) { error in
            XCTAssertTrue("\(error)".contains("predicate"), "\(error)")
        }
    }
}
