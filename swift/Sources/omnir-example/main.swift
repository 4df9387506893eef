// A tour of omnir from Swift: parse and print a module, build operations with the generic
// creation API and an insertion point, walk, look up symbols, cast types and attributes,
// define a dialect op with a Swift verifier and read the diagnostics of a failure, load a
// dialect from a definition file (IRDL) with a Swift verifier hook and print its custom form.
//
//     swift run omnir-example
import Foundation
import Omnir

func tour() throws {
    let ctx = Context(allowUnregisteredDialects: true)
    print("omnir \(omnirVersion) (ABI \(omnirABIVersion))")

    // Parse and print: `module {` (builtin.module's custom form, as upstream), the
    // unregistered ops generic; PrintFlags(generic: true) prints everything generically.
    let source = """
        "func.func"() <{function_type = (i32) -> i32, sym_name = "double"}> ({
        ^bb0(%arg0: i32):
          %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
          "func.return"(%0) : (i32) -> ()
        }) : () -> ()
        """
    let parsed = try Module.parse(source, context: ctx, filename: "double.mlir")
    print("-- parsed:\n\(parsed)", terminator: "")
    print("-- generic:\n" + (try parsed.print(flags: PrintFlags(generic: true))), terminator: "")

    // Build: a module, a function-like op with one region and one block, ops inside.
    let loc = try Location.file("built.mlir", line: 1, column: 1, in: ctx)
    let module = try Module.create(location: loc)
    let i32 = try IntegerType(width: 32, context: ctx).type
    let fn = try Operation.create(
        name: "func.func",
        properties: try DictionaryAttr([
            "sym_name": StringAttr("square", context: ctx).attribute,
            "function_type": TypeAttr(try FunctionType(inputs: [i32], results: [i32], context: ctx).type).attribute,
        ], context: ctx).attribute,
        regions: 1, location: loc, at: InsertionPoint(try module.body))
    let entry = try fn.region(0).appendBlock(argumentTypes: [i32])
    let x = try entry.argument(0)
    let square = try Operation.create(name: "arith.muli", operands: [x.value, x.value], results: [i32], location: loc,
                                      at: InsertionPoint(entry))
    let seven = try Operation.create(name: "arith.constant", results: [i32],
                                     properties: try DictionaryAttr(["value": try IntegerAttr(7, type: i32).attribute],
                                                                    context: ctx).attribute,
                                     location: loc, at: .before(square))
    let sum = try Operation.create(name: "arith.addi", operands: [try square.result.value, try seven.result.value],
                                   results: [i32], location: loc, at: .after(square))
    _ = try Operation.create(name: "func.return", operands: [try sum.result.value], location: loc, at: InsertionPoint(entry))
    try module.verify()
    print("-- built:\n\(module)", terminator: "")
    print("-- with locations:\n" + (try module.print(flags: PrintFlags(debugInfo: true))), terminator: "")

    // Walk.
    var names: [String] = []
    try module.operation.walk { op in names.append(try op.name) }
    print("-- walk (pre-order): \(names.joined(separator: ", "))")
    let uses = try x.uses.map { "\(try $0.owner.name)#\(try $0.operandNumber)" }
    print("-- uses of %arg0: \(uses)")

    // Symbols.
    let table = try SymbolTable(module.operation)
    print("-- symbol table: \(try table.count) symbol(s); lookup(\"square\") is \(try table.lookup("square")?.name ?? "nil")")

    // Types and attributes: casting and accessors.
    let t = try Type.parse("memref<4x?xf32>", context: ctx)
    if let m = MemRefType(t) {
        print("-- \(t): rank \(try m.rank), shape \(try m.shape.map { $0 == ShapedType.dynamic ? "?" : "\($0)" }), element \(try m.elementType)")
    }
    let attr = try Attribute.parse("[1 : i64, \"two\", 3.0 : f32]", context: ctx)
    if let array = attr.as(ArrayAttr.self) {
        print("-- \(attr): \(array.count) elements; first is an IntegerAttr: \(array[0].isa(IntegerAttr.self))")
    }

    // A dialect defined in Swift: an op whose verifier is a Swift closure. A failure is an
    // error carrying the diagnostics.
    let demo = try ctx.registerDialect("demo")
    try demo.register(OperationDefinition(
        "positive", results: [ValueSpec("out", .anyInteger)], attributes: [AttributeSpec("value", .integer)],
        traits: [.pure, .constantLike],
        verifier: { op in
            guard let v = try op.attribute("value").flatMap(IntegerAttr.init), try v.value > 0 else {
                throw VerificationError("value must be positive")
            }
        }))
    // Parsing verifies, as MLIR does: the Swift verifier's failure fails the parse...
    let invalid = "%0 = \"demo.positive\"() {value = -3 : i32} : () -> i32\n"
    do {
        _ = try Module.parse(invalid, context: ctx, filename: "demo.mlir")
    } catch let OmnirError.parseFailed(message, _) {
        print("-- parse (verified) failed:\n\(message)")
    }
    // ...unless turned off, to verify later.
    ctx.verifyAfterParse = false
    let checked = try Module.parse(invalid, context: ctx, filename: "demo.mlir")
    ctx.verifyAfterParse = true
    do {
        try checked.verify()
    } catch let OmnirError.verificationFailed(diagnostics) {
        print("-- verify failed with \(diagnostics.count) diagnostic(s): \(diagnostics[0].rendered)")
    }
    do {
        _ = try Module.parse("\"test.op\"() : () -> (", context: ctx, filename: "broken.mlir")
    } catch let OmnirError.parseFailed(message, _) {
        print("-- parse failed:\n\(message)")
    }

    // Dialects as data: an IRDL definition with an assembly format and a verifier hook
    // written in Swift (registered before the file that names it is loaded).
    try ctx.registerVerifierHook("calc.nonzero") { op in
        if try IntegerAttr(op.attribute("value")!)!.value == 0 { throw VerificationError("value must not be zero") }
    }
    try ctx.loadDialectDefinitions("""
        irdl.dialect @calc {
          irdl.operation @const attributes {omnir.assembly_format = "$value attr-dict", omnir.verifier = "calc.nonzero", omnir.traits = ["Pure", "ConstantLike", "AllTypesMatch<[value, result]>"]} {
            %0 = irdl.any {omnir.constraint = "SignlessIntegerLike"}
            %v = irdl.any {omnir.constraint = "TypedAttr"}
            irdl.results(result: %0)
            irdl.attributes {"value" = %v}
          }
          irdl.operation @add attributes {omnir.assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)", omnir.traits = ["Pure", "SameOperandsAndResultType"]} {
            %0 = irdl.any {omnir.constraint = "SignlessIntegerLike"}
            irdl.operands(lhs: %0, rhs: %0)
            irdl.results(result: %0)
          }
        }
        """, filename: "calc.irdl.mlir")
    let calc = try Module.parse("%0 = calc.const 2 : i32\n%1 = calc.add %0, %0 : i32\n", context: ctx, filename: "calc.mlir")
    print("-- calc (custom form):\n\(calc)", terminator: "")
    do {
        _ = try Module.parse("%0 = calc.const 0 : i32\n", context: ctx, filename: "zero.mlir")
    } catch let OmnirError.parseFailed(message, _) {
        print("-- the Swift verifier hook:\n\(message)")
    }

    // Lifetime: erased IR is a stale handle, never a crash.
    try sum.erase(dropUses: true)
    do {
        _ = try sum.name
    } catch let OmnirError.staleHandle(message) {
        print("-- using an erased op throws staleHandle: \(message)")
    }
}

do {
    try tour()
} catch {
    print("error: \(error)")
    exit(1)
}
