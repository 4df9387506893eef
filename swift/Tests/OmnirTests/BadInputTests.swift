import Foundation
import Omnir
import XCTest

/// Bad input from a user program: every one is a thrown `OmnirError` (or `nil` for a cast),
/// never a trap, and leaves the IR as it was. Each case here trapped or misbehaved once.
final class BadInputTests: XCTestCase {
    func assertThrows<T>(_ expected: (OmnirError) -> Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                         _ body: () throws -> T) {
        XCTAssertThrowsError(try body(), what, file: file, line: line) { e in
            guard let e = e as? OmnirError, expected(e) else { return XCTFail("\(what): unexpected \(e)", file: file, line: line) }
        }
    }

    func isOutOfRange(_ e: OmnirError) -> Bool { if case .outOfRange = e { return true }; return false }
    func isInvalid(_ e: OmnirError) -> Bool { if case .invalidArgument = e { return true }; return false }
    func isWrongContext(_ e: OmnirError) -> Bool { if case .wrongContext = e { return true }; return false }
    func isParse(_ e: OmnirError) -> Bool { if case .parseFailed = e { return true }; return false }

    /// Expected names from upstream MLIR's Python bindings (iree.compiler.ir) on the same text.
    func testOperationParseAndValueNames() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let op = try Operation.parse(
            "\"test.f\"() ({\n^bb0(%a: i32):\n  %0:2 = \"test.two\"(%a) : (i32) -> (i32, i32)\n"
                + "  \"test.use\"(%0#1) : (i32) -> ()\n}) : () -> ()", context: ctx, sourceName: "one.mlir")
        XCTAssertEqual(try op.name, "test.f")
        XCTAssertNil(try op.parent)
        let block = try XCTUnwrap(try op.region(0).blocks.first)
        let two = try XCTUnwrap(block.operations.first)
        XCTAssertEqual(try block.argument(0).value.name(), "%arg0")
        XCTAssertEqual(try two.result(1).value.name(), "%0#1")
        XCTAssertEqual(try two.result(0).value.name(useLocalScope: true), "%0#0")
        for (text, found) in [("", 0), ("\"a.b\"() : () -> ()\n\"a.c\"() : () -> ()", 2)] {
            XCTAssertThrowsError(try Operation.parse(text, context: ctx)) { e in
                guard case .parseFailed(let message, _) = e as? OmnirError else { return XCTFail("\(e)") }
                XCTAssertTrue(message.contains("source must contain a single top-level operation, found: \(found)"), message)
            }
        }
    }

    func testShapedDimensionOutOfRangeThrows() throws {
        let ctx = Context()
        let t = try Type.parse("tensor<2x?xf32>", context: ctx)
        let shaped = try XCTUnwrap(ShapedType(t))
        XCTAssertEqual(try shaped.dimSize(0), 2)
        XCTAssertTrue(try shaped.isDynamicDim(1))
        assertThrows(isOutOfRange, "isDynamicDim(5)") { try shaped.isDynamicDim(5) }
        assertThrows(isOutOfRange, "dimSize(-1)") { try shaped.dimSize(-1) }
        let tensor = try XCTUnwrap(RankedTensorType(t))
        XCTAssertFalse(try tensor.isDynamicDim(0))
        assertThrows(isOutOfRange, "RankedTensorType.isDynamicDim(2)") { try tensor.isDynamicDim(2) }
        XCTAssertFalse(tensor.hasStaticShape)
        let unranked = try XCTUnwrap(UnrankedTensorType(try Type.parse("tensor<*xf32>", context: ctx)))
        XCTAssertThrowsError(try unranked.isDynamicDim(0))
    }

    func testIntegerWidthOutOfRangeThrows() throws {
        let ctx = Context()
        assertThrows(isInvalid, "width -1") { try IntegerType(width: -1, context: ctx) }
        assertThrows(isInvalid, "width 2^40 (no silent truncation to i0)") { try IntegerType(width: 1 << 40, context: ctx) }
        assertThrows(isInvalid, "width 2^24") { try IntegerType(width: 1 << 24, context: ctx) }
        XCTAssertEqual(try IntegerType(width: 0, context: ctx).width, 0)
    }

    func testTypedStringAttrOfAnotherContextThrows() throws {
        let ctx = Context(), other = Context()
        let foreign = try IntegerType(width: 8, context: other).type
        assertThrows(isWrongContext, "StringAttr typed with a foreign type") { try StringAttr("x", type: foreign, context: ctx) }
        let typed = try StringAttr("x", type: try IntegerType(width: 8, context: ctx).type, context: ctx)
        XCTAssertEqual(typed.description, "\"x\" : i8")
        XCTAssertEqual(StringAttr("y", context: ctx).value, "y")
    }

    func testAttributeCollectionsHaveThrowingAccessors() throws {
        let ctx = Context()
        let array = try XCTUnwrap(ArrayAttr(try Attribute.parse("[1, \"two\"]", context: ctx)))
        XCTAssertEqual(array.startIndex, 0)
        XCTAssertEqual(array.endIndex, 2)
        XCTAssertEqual(try array.element(at: 1), array[1])
        assertThrows(isOutOfRange, "ArrayAttr.element(at: 2)") { try array.element(at: 2) }
        XCTAssertEqual(Array(array[1...]).map(\.description), ["\"two\""])
        let dict = try XCTUnwrap(DictionaryAttr(try Attribute.parse("{z = 1, a = 2}", context: ctx)))
        XCTAssertEqual(try dict.entry(at: 0).name, "a")
        assertThrows(isOutOfRange, "DictionaryAttr.entry(at: 2)") { try dict.entry(at: 2) }
        XCTAssertNil(dict["nope"])
    }

    /// `attribute(_:)` is MLIR's `Operation::getAttr`: a discardable attribute, else an
    /// inherent one (a property), so `sym_name`, `callee`, `value` of parsed ops are found.
    func testAttributeLooksUpPropertiesToo() throws {
        let ctx = Context(allowUnregisteredDialects: true)
        let module = try Module.parse("""
            "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
              "func.return"() : () -> ()
            }) {tag = 1 : i32} : () -> ()
            """, context: ctx)
        let fn = try module.body.operations[0]
        XCTAssertEqual(try fn.attribute("sym_name").flatMap(StringAttr.init)?.value, "f")
        XCTAssertNotNil(try fn.attribute("function_type").flatMap(TypeAttr.init).flatMap { FunctionType($0.value) })
        XCTAssertEqual(try fn.attribute("tag")?.description, "1 : i32")
        XCTAssertNil(try fn.discardableAttribute("sym_name"))
        XCTAssertNotNil(try fn.discardableAttribute("tag"))
        XCTAssertNil(try fn.attribute("nope"))
    }

    /// Bad input leaves the IR as it was.
    func testFailedMutationsLeaveIRUnchanged() throws {
        let ctx = Context(allowUnregisteredDialects: true), other = Context(allowUnregisteredDialects: true)
        let module = try Module.parse("""
            %0 = "t.def"() : () -> i32
            "t.use"(%0) : (i32) -> ()
            """, context: ctx, filename: "in.mlir")
        let before = module.description
        let def = try module.body.operations[0]
        let use = try module.body.operations[1]
        XCTAssertThrowsError(try def.erase())
        assertThrows(isOutOfRange, "setOperand(3)") { try use.setOperand(3, to: try def.result.value) }
        assertThrows(isOutOfRange, "region(0)") { try use.region(0) }
        assertThrows(isOutOfRange, "argument(0) of the body") { try module.body.argument(0) }
        assertThrows(isWrongContext, "foreign attribute") { try use.setAttribute("x", StringAttr("y", context: other).attribute) }
        assertThrows(isWrongContext, "foreign location") {
            try Operation.create(name: "t.new", location: other.unknownLocation, at: .before(use))
        }
        assertThrows(isInvalid, "already in a block") { try module.body.append(def) }
        assertThrows(isParse, "malformed text") { try Module.parse("\"t.x\"() : () -> (", context: ctx) }
        assertThrows(isParse, "malformed type") { try Type.parse("memref<4x", context: ctx) }
        XCTAssertNil(IntegerType(try Type.parse("f32", context: ctx)), "wrong-kind cast is nil")
        XCTAssertNil(Module(use), "a non-module op is not a Module")
        XCTAssertEqual(module.description, before)
        try module.verify()
    }
}
