import COmnir
import Foundation

// Dialects as data: definition files (IRDL + `omnir.*` attributes) and the hooks they name,
// written in Swift. A verifier hook (`omnir.verifier = "name"`) is an `(Operation) throws`
// closure; a `custom<Name>(...)` directive of an assembly format is a pair of closures over a
// `DirectiveParser` / `DirectivePrinter` (MLIR's OpAsmParser / OpAsmPrinter vocabulary).
// Closures reach omnir as C callbacks with an `Unmanaged` box as user data, released by omnir
// when the context is destroyed (as in Dialect.swift).

extension Context {
    /// Loads dialect definitions: upstream IRDL (`irdl.dialect`, `irdl.operation`, ...) with
    /// omnir's `omnir.*` attributes (assembly formats, traits, enums, defaults, hooks by name),
    /// as `mlir-opt --irdl-file` does. Operations with an `omnir.assembly_format` then parse
    /// and print in that custom form.
    ///
    /// Register the verifier hooks a file names first (`registerVerifierHook`); directives
    /// belong to a dialect, so register them after the file that defines it is loaded, before
    /// parsing text that uses them.
    ///
    /// A file that does not parse or defines something invalid (an unknown trait, a format
    /// that does not compile, a dialect already registered, an unregistered hook) throws
    /// `.parseFailed` with every error rendered `file:line:col: error: ...`, and registers
    /// nothing.
    public func loadDialectDefinitions(_ text: String, filename: String = "") throws {
        _ = try capturingDiagnostics(parse: true) {
            try withStr(text) { t, tl in
                try withStr(filename) { f, fl in try check(omnir_dialect_load_definitions(raw, t, tl, f, fl)) }
            }
        }
    }

    /// Loads definitions given as bytes (a file's contents, `[UInt8]` or `Data`). Bytes that
    /// are not UTF-8 throw `.parseFailed` at the first bad byte, as `Module.parse` does.
    public func loadDialectDefinitions<Bytes: Sequence>(_ bytes: Bytes, filename: String = "") throws
    where Bytes.Element == UInt8 {
        try loadDialectDefinitions(try utf8Source(bytes, filename: filename, context: self), filename: filename)
    }

    /// Loads a definition file (the path names it in messages).
    public func loadDialectDefinitions(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OmnirError.invalidArgument("cannot read \(path)")
        }
        try loadDialectDefinitions(data, filename: path)
    }

    /// Registers a verifier that definition files name with `omnir.verifier = "name"`. It
    /// runs after the checks the definition implies; throw (a `VerificationError`, or any
    /// error) to reject the operation: the message becomes `'dialect.op' op <message>`.
    /// Registering a name again replaces the hook for definitions loaded afterwards.
    public func registerVerifierHook(_ name: String, _ body: @escaping (Operation) throws -> Void) throws {
        let box = Unmanaged.passRetained(VerifierHookBox(self, body) as AnyObject)
        let status = withStr(name) { p, n in
            omnir_verifier_hook_register(raw, p, n, verifierHookTrampoline, box.toOpaque(), releaseBox)
        }
        if status.rawValue != 0 {
            // On error omnir did not take the user data.
            box.release()
            throw OmnirError.last(status)
        }
    }

    /// Registers the parser and printer of `custom<name>(...)` for the assembly formats of
    /// `dialect`'s operations (a registered dialect, e.g. one a definition file defined).
    ///
    /// `parse` reads the directive's text with the `DirectiveParser` and fills the
    /// directive's arguments (numbered from 0 in the order the format writes them:
    /// `custom<Name>($values, type($values))` has operands as 0 and their types as 1). An
    /// error thrown by a parser call is the positioned parse error it reported; any other
    /// error fails the parse with its message at the directive. `print` writes the same
    /// syntax with the `DirectivePrinter`; an error thrown there is printed as
    /// `<<custom<Name> failed: message>>` (printing cannot fail).
    public func registerCustomDirective(dialect: String, name: String,
                                        parse: @escaping (DirectiveParser) throws -> Void,
                                        print: @escaping (DirectivePrinter) throws -> Void) throws {
        let box = Unmanaged.passRetained(DirectiveBox(self, name, parse, print) as AnyObject)
        let status = withStr(dialect) { d, dl in
            withStr(name) { n, nl in
                omnir_dialect_register_directive(raw, d, dl, n, nl, directiveParseTrampoline, directivePrintTrampoline,
                                                 box.toOpaque(), releaseBox)
            }
        }
        if status.rawValue != 0 {
            box.release()
            throw OmnirError.last(status)
        }
    }
}

/// What a directive argument is (the format's `custom<Name>(...)` arguments).
public enum DirectiveArgumentKind: Equatable {
    /// An operand group (`$values`).
    case operands
    /// The types of a group (`type($values)`).
    case types
    /// An attribute of the operation (`$attr`).
    case attribute
    /// A region, whose entry block arguments the directive defines (`$body`).
    case region
    /// A successor group (`$dest`), whose blocks the directive names (`^bb1`).
    case successors
    /// Anything else (`ref(...)` of something the directive does not fill).
    case other

    init(_ raw: UInt32) {
        switch Int32(raw) {
        case OMNIR_DIRECTIVE_ARG_OPERANDS: self = .operands
        case OMNIR_DIRECTIVE_ARG_TYPES: self = .types
        case OMNIR_DIRECTIVE_ARG_ATTRIBUTE: self = .attribute
        case OMNIR_DIRECTIVE_ARG_REGION: self = .region
        case OMNIR_DIRECTIVE_ARG_SUCCESSORS: self = .successors
        default: self = .other
        }
    }
}

/// The text a `custom<Name>` directive's parser reads (MLIR's `OpAsmParser`), valid only
/// during the `parse` closure: afterwards every call throws `.invalidArgument`. Each
/// `parse...` call that fails throws `.parseFailed` and has already reported the error at
/// its position in the text; rethrow it (the parse then fails with that error).
public final class DirectiveParser {
    // Both are dropped when the callback returns: a DirectiveParser kept by the closure's
    // state must not keep the context alive (omnir releases the closure with the context).
    fileprivate var live: Context?
    fileprivate var raw: OpaquePointer?

    /// The context of the operation being parsed (`.invalidArgument` after the callback).
    public var context: Context {
        get throws {
            guard let live else { throw OmnirError.invalidArgument("a DirectiveParser used outside its parse callback") }
            return live
        }
    }
    /// Whether a parser call failed (its error is the parse's error).
    fileprivate var reported = false

    fileprivate init(_ context: Context, _ raw: OpaquePointer) {
        self.live = context
        self.raw = raw
    }

    private func call(_ body: (OpaquePointer) -> omnir_status) throws {
        guard let raw else { throw OmnirError.invalidArgument("a DirectiveParser used outside its parse callback") }
        let status = body(raw)
        if status.rawValue != 0 {
            if status == OMNIR_ERROR_PARSE_FAILED { reported = true }
            throw OmnirError.last(status)
        }
    }

    private func get<T>(_ initial: T, _ body: (OpaquePointer, UnsafeMutablePointer<T>) -> omnir_status) throws -> T {
        var value = initial
        try call { body($0, &value) }
        return value
    }

    /// A call that reads a token's text if it is next: the text, or nil when it was not.
    private func optionalText(
        _ body: (OpaquePointer, UnsafeMutablePointer<omnir_string>, UnsafeMutablePointer<Bool>) -> omnir_status
    ) throws -> String? {
        var s = omnir_string(data: nil, len: 0)
        let found = Result { try get(false) { body($0, &s, $1) } }
        // Released whether or not the call failed.
        let text = takeString(s)
        return try found.get() ? text : nil
    }

    /// The kind of argument `arg` of the directive (`.outOfRange` past the last).
    public func argumentKind(_ arg: Int) throws -> DirectiveArgumentKind {
        DirectiveArgumentKind(try get(UInt32(0)) { omnir_directive_parser_get_arg_kind($0, arg, $1) })
    }

    // MARK: operands and region arguments

    /// Parses an SSA operand (`%x`, `%x#1`) into operand group `arg` (MLIR's `parseOperand`
    /// then `resolveOperands`: its type comes from the format's `type(...)`).
    public func parseOperand(into arg: Int) throws {
        try call { omnir_directive_parser_parse_operand($0, arg) }
    }

    /// Parses an SSA operand into group `arg` if one is next; whether it was.
    public func parseOptionalOperand(into arg: Int) throws -> Bool {
        try get(false) { omnir_directive_parser_parse_optional_operand($0, arg, $1) }
    }

    /// Whether the next token is an SSA name.
    public var isAtOperand: Bool {
        get throws { try get(false) { omnir_directive_parser_at_operand($0, $1) } }
    }

    /// Parses a new SSA name and adds it, of `type`, to the entry block arguments of region
    /// `arg` (MLIR's `parseArgument` followed by `parseRegion(region, arguments)`).
    public func parseArgument(into arg: Int, type: Type) throws {
        try call { omnir_directive_parser_parse_argument($0, arg, type.handle) }
    }

    /// Parses `(%a, %b, ...)` or `()`: new SSA names added, of `type`, to the entry block
    /// arguments of region `arg` (MLIR's `parseArgumentList` with parentheses). With no
    /// type, give each its own with `setArgumentType` (a type left unset fails the parse).
    /// Returns how many were read.
    @discardableResult
    public func parseArgumentList(into arg: Int, type: Type? = nil) throws -> Int {
        try get(0) { omnir_directive_parser_parse_argument_list($0, arg, type?.handle ?? omnir_type(), $1) }
    }

    /// Sets the type of entry block argument `index` of region `arg`, for names read before
    /// their types (`(%a, %b) : i32`).
    public func setArgumentType(_ type: Type, for arg: Int, at index: Int) throws {
        try call { omnir_directive_parser_set_argument_type($0, arg, index, type.handle) }
    }

    // MARK: successors

    /// Parses a block name (`^bb1`) into successor group `arg` (MLIR's `parseSuccessor`).
    public func parseSuccessor(into arg: Int) throws {
        try call { omnir_directive_parser_parse_successor($0, arg) }
    }

    /// Whether the next token is a block name.
    public var isAtSuccessor: Bool {
        get throws { try get(false) { omnir_directive_parser_at_successor($0, $1) } }
    }

    // MARK: literals

    /// Parses a signed integer literal if one is next (MLIR's `parseOptionalInteger`; an
    /// error when it does not fit in 64 bits).
    public func parseOptionalInteger() throws -> Int64? {
        var value: Int64 = 0
        let found = try get(false) { omnir_directive_parser_parse_optional_integer($0, &value, $1) }
        return found ? value : nil
    }

    /// Parses a string literal if one is next (MLIR's `parseOptionalString`), unescaped.
    public func parseOptionalString() throws -> String? {
        try optionalText { omnir_directive_parser_parse_optional_string($0, $1, $2) }
    }

    // MARK: keywords and punctuation

    /// Whether the next token is `keyword`, not consumed: with `parseKeyword`, MLIR's
    /// `parseOptionalKeyword("keyword")`.
    public func isAtKeyword(_ keyword: String) throws -> Bool {
        try withStr(keyword) { k, n in try get(false) { omnir_directive_parser_at_keyword($0, k, n, $1) } }
    }

    /// Parses `keyword` (`expected 'keyword'` otherwise).
    public func parseKeyword(_ keyword: String) throws {
        try withStr(keyword) { k, n in try call { omnir_directive_parser_parse_keyword($0, k, n) } }
    }

    /// Parses a bare identifier if one is next (MLIR's `parseOptionalKeyword(StringRef *)`).
    public func parseOptionalKeyword() throws -> String? {
        try optionalText { omnir_directive_parser_parse_optional_keyword($0, $1, $2) }
    }

    /// Parses punctuation: `(`, `)`, `[`, `]`, `{`, `}`, `<`, `>`, `,`, `:`, `->`, `=`, ...
    public func parsePunctuation(_ punct: String) throws {
        try withStr(punct) { p, n in try call { omnir_directive_parser_parse_punct($0, p, n) } }
    }

    /// Parses punctuation if it is next; whether it was.
    public func parseOptionalPunctuation(_ punct: String) throws -> Bool {
        try withStr(punct) { p, n in try get(false) { omnir_directive_parser_parse_optional_punct($0, p, n, $1) } }
    }

    public func parseComma() throws { try parsePunctuation(",") }
    public func parseColon() throws { try parsePunctuation(":") }
    public func parseEqual() throws { try parsePunctuation("=") }
    public func parseArrow() throws { try parsePunctuation("->") }
    public func parseLParen() throws { try parsePunctuation("(") }
    public func parseRParen() throws { try parsePunctuation(")") }
    public func parseLSquare() throws { try parsePunctuation("[") }
    public func parseRSquare() throws { try parsePunctuation("]") }
    public func parseLess() throws { try parsePunctuation("<") }
    public func parseGreater() throws { try parsePunctuation(">") }
    public func parseOptionalComma() throws -> Bool { try parseOptionalPunctuation(",") }
    public func parseOptionalColon() throws -> Bool { try parseOptionalPunctuation(":") }
    public func parseOptionalLParen() throws -> Bool { try parseOptionalPunctuation("(") }
    public func parseOptionalRParen() throws -> Bool { try parseOptionalPunctuation(")") }
    public func parseOptionalLSquare() throws -> Bool { try parseOptionalPunctuation("[") }
    public func parseOptionalRSquare() throws -> Bool { try parseOptionalPunctuation("]") }

    // MARK: types and attributes

    /// Parses a type.
    public func parseType() throws -> Type {
        Type(try context, try get(omnir_type()) { omnir_directive_parser_parse_type($0, $1) })
    }

    /// Parses `: type` (MLIR's `parseColonType`).
    public func parseColonType() throws -> Type {
        try parseColon()
        return try parseType()
    }

    /// Parses an attribute.
    public func parseAttribute() throws -> Attribute {
        Attribute(try context, try get(omnir_attribute()) { omnir_directive_parser_parse_attribute($0, $1) })
    }

    /// Appends `type` to argument `arg` (a `type(...)` argument).
    public func addType(_ type: Type, to arg: Int) throws {
        try call { omnir_directive_parser_add_type($0, arg, type.handle) }
    }

    /// Sets argument `arg` (an attribute of the operation) to `attribute`; `nil` leaves it
    /// unset.
    public func setAttribute(_ attribute: Attribute?, for arg: Int) throws {
        try call { omnir_directive_parser_set_attribute($0, arg, attribute?.handle ?? omnir_attribute()) }
    }
}

/// Where a `custom<Name>` directive's printer writes (MLIR's `OpAsmPrinter`), valid only
/// during the `print` closure: afterwards every call throws `.invalidArgument`.
public final class DirectivePrinter {
    // Both are dropped when the callback returns: a DirectivePrinter kept by the closure's
    // state must not keep the context alive (omnir releases the closure with the context).
    fileprivate var live: Context?
    fileprivate var raw: OpaquePointer?

    /// The context of the operation being printed (`.invalidArgument` after the callback).
    public var context: Context {
        get throws {
            guard let live else { throw OmnirError.invalidArgument("a DirectivePrinter used outside its print callback") }
            return live
        }
    }

    fileprivate init(_ context: Context, _ raw: OpaquePointer) {
        self.live = context
        self.raw = raw
    }

    private func call(_ body: (OpaquePointer) -> omnir_status) throws {
        guard let raw else { throw OmnirError.invalidArgument("a DirectivePrinter used outside its print callback") }
        try check(body(raw))
    }

    /// Writes `text` as it is (MLIR's `printer << text`).
    public func write(_ text: String) throws {
        try withStr(text) { p, n in try call { omnir_directive_printer_write($0, p, n) } }
    }

    /// The kind of argument `arg` and how many values it holds (operands, types, successors,
    /// a region's entry block arguments; 0 or 1 for an attribute).
    public func argument(_ arg: Int) throws -> (kind: DirectiveArgumentKind, count: Int) {
        var kind: UInt32 = 0
        var count = 0
        try call { omnir_directive_printer_get_arg($0, arg, &kind, &count) }
        return (DirectiveArgumentKind(kind), count)
    }

    /// How many values argument `arg` holds.
    public func count(_ arg: Int) throws -> Int { try argument(arg).count }

    /// Prints operand `index` of group `arg` as the operation's text names it (`%0`,
    /// `%arg1`); of a region argument: its entry block argument `index`.
    public func printOperand(_ arg: Int, at index: Int) throws {
        try call { omnir_directive_printer_print_operand($0, arg, index) }
    }

    /// Type `index` of argument `arg` (a `type(...)` argument, or a region's entry block
    /// argument).
    public func type(_ arg: Int, at index: Int) throws -> Type {
        var t = omnir_type()
        try call { omnir_directive_printer_get_type($0, arg, index, &t) }
        return Type(try context, t)
    }

    /// Argument `arg` (an attribute of the operation); `nil` when the operation has none.
    public func attribute(_ arg: Int) throws -> Attribute? {
        var a = omnir_attribute()
        try call { omnir_directive_printer_get_attribute($0, arg, &a) }
        return a.context == 0 && a.id == 0 ? nil : Attribute(try context, a)
    }

    /// Prints a type as the operation's text would (aliases included).
    public func printType(_ type: Type) throws {
        try call { omnir_directive_printer_print_type($0, type.handle) }
    }

    /// Prints an attribute as the operation's text would.
    public func printAttribute(_ attribute: Attribute) throws {
        try call { omnir_directive_printer_print_attribute($0, attribute.handle) }
    }

    /// Prints an attribute without its `: type` (MLIR's `printAttributeWithoutType`).
    public func printAttributeWithoutType(_ attribute: Attribute) throws {
        try call { omnir_directive_printer_print_attribute_without_type($0, attribute.handle) }
    }

    /// Prints successor `index` of group `arg` as the operation's text names it (`^bb1`).
    public func printSuccessor(_ arg: Int, at index: Int) throws {
        try call { omnir_directive_printer_print_successor($0, arg, index) }
    }

    /// Starts a new line at the operation's indentation (MLIR's `printNewline`).
    public func printNewline() throws {
        try call { omnir_directive_printer_print_newline($0) }
    }

    /// Prints ` loc(...)` for entry block argument `index` of region `arg` when locations are
    /// printed, nothing otherwise (MLIR's `printOptionalLocationSpecifier`).
    public func printOptionalLocationSpecifier(_ arg: Int, at index: Int) throws {
        try call { omnir_directive_printer_print_optional_location($0, arg, index) }
    }
}

// MARK: - boxes and trampolines

final class VerifierHookBox {
    weak var context: Context?
    let body: (Operation) throws -> Void
    init(_ context: Context, _ body: @escaping (Operation) throws -> Void) {
        self.context = context
        self.body = body
    }
}

final class DirectiveBox {
    weak var context: Context?
    let name: String
    let parse: (DirectiveParser) throws -> Void
    let print: (DirectivePrinter) throws -> Void
    init(_ context: Context, _ name: String, _ parse: @escaping (DirectiveParser) throws -> Void,
         _ print: @escaping (DirectivePrinter) throws -> Void) {
        self.context = context
        self.name = name
        self.parse = parse
        self.print = print
    }
}

private let verifierHookTrampoline: omnir_verifier_hook_fn = { userData, _, op, message in
    let box = Unmanaged<AnyObject>.fromOpaque(userData!).takeUnretainedValue() as! VerifierHookBox
    guard let context = box.context else { return 0 }
    do {
        try box.body(Operation(handle: op, context: context))
        return 0
    } catch {
        setMessage(message, callbackMessage(error))
        return 1
    }
}

private let directiveParseTrampoline: omnir_directive_parse_fn = { userData, _, parser, message in
    let box = Unmanaged<AnyObject>.fromOpaque(userData!).takeUnretainedValue() as! DirectiveBox
    guard let context = box.context, let parser else { return 1 }
    let p = DirectiveParser(context, parser)
    defer { (p.raw, p.live) = (nil, nil) }
    do {
        try box.parse(p)
        return 0
    } catch {
        // A failed parser call already reported its positioned error, which omnir uses when
        // no message is set; any other error is the closure's own reason.
        if !(p.reported && error is OmnirError) { setMessage(message, callbackMessage(error)) }
        return 1
    }
}

private let directivePrintTrampoline: omnir_directive_print_fn = { userData, _, printer in
    let box = Unmanaged<AnyObject>.fromOpaque(userData!).takeUnretainedValue() as! DirectiveBox
    guard let context = box.context, let printer else { return }
    let p = DirectivePrinter(context, printer)
    defer { (p.raw, p.live) = (nil, nil) }
    do {
        try box.print(p)
    } catch {
        // The printer has no way to fail: leave a visible mark in the text, as MLIR prints
        // `<<NULL TYPE>>`, rather than text that silently reads back differently.
        try? p.write("<<custom<\(box.name)> failed: \(callbackMessage(error))>>")
    }
}
