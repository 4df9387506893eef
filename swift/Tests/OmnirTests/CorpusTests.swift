import Foundation
import Omnir
import XCTest

/// The upstream corpus (../shared/corpus: real MLIR test files, each printed in generic form
/// by upstream MLIR itself): every file, parsed chunk by chunk (`// -----`) with unregistered
/// dialects allowed and printed again with its MANIFEST flags, gives back the same bytes.
/// The files are generic text, so the reprint asks for the generic form explicitly: the
/// default prints ops with an assembly format (`builtin.module` among them) in custom form.
final class CorpusTests: XCTestCase {
    struct Row {
        let path: String
        let flags: PrintFlags
    }

    func rows() throws -> [Row] {
        let manifest = TestPaths.corpus.appendingPathComponent("MANIFEST.tsv")
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            throw XCTSkip("corpus not found at \(TestPaths.corpus.path) (set OMNIR_CORPUS)")
        }
        return try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { line in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 5 else { return nil }
            let flags = String(cols[4])
            return Row(path: String(cols[0]),
                       flags: PrintFlags(generic: true, debugInfo: flags.contains("--mlir-print-debuginfo"),
                                         localScope: flags.contains("--mlir-print-local-scope")))
        }
    }

    /// Chunks that upstream MLIR itself refuses while a dialect they use is not registered
    /// here (the corpus was printed with every upstream dialect registered). E.g. a
    /// `func.call` nested in an op of an unregistered dialect with one region cannot see the
    /// module's symbols, since MLIR takes such an op for a possible symbol table
    /// (isPotentiallyUnknownSymbolTable). Such a chunk must fail with exactly the message
    /// given here (its text is then compared as it stands); once its dialect ships it
    /// round-trips, the check below fails, and the entry goes. None today: the one case
    /// (`scf.execute_region` in control-flow-sink.mlir) went when scf shipped.
    static let refusedUntilRegistered: [String: String] = [:]

    /// What `mlir-opt --split-input-file` prints: each chunk's module and a newline, chunks
    /// joined by `// -----`. The files are upstream's own output, so their chunks are
    /// separated by lines that are exactly the marker. `refused`: the message of the chunks
    /// upstream refuses too (`refusedUntilRegistered`); `refusals` counts them.
    func reprint(_ source: String, name: String, flags: PrintFlags, refused: String? = nil,
                 refusals: inout Int) throws -> String {
        let ctx = Context(allowUnregisteredDialects: true)
        var chunks: [String] = []
        var current = ""
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "// -----" {
                chunks.append(current)
                current = ""
            } else {
                current += line + "\n"
            }
        }
        chunks.append(current)
        if chunks.last?.allSatisfy({ $0 == "\n" }) == true { chunks.removeLast() }
        var out = ""
        for (i, chunk) in chunks.enumerated() {
            if i > 0 { out += "// -----\n" }
            let module: Module
            do {
                module = try Module.parse(chunk, context: ctx, filename: name)
            } catch OmnirError.parseFailed(let message, _) where refused.map({ message.contains(": error: " + $0) }) == true {
                refusals += 1
                // As it stands, one newline after it as after a print (the last chunk read
                // has the file's closing newline too).
                var text = Substring(chunk)
                while text.hasSuffix("\n") { text = text.dropLast() }
                out += text + "\n"
                continue
            }
            try module.verify()
            out += try module.print(flags: flags) + "\n"
        }
        return out
    }

    func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for (n, (x, y)) in zip(e, a).enumerated() where x != y {
            return "line \(n + 1):\n  expected: \(x)\n  actual:   \(y)"
        }
        return "expected \(e.count) lines, got \(a.count)"
    }

    func testEveryCorpusFileRoundTripsByteForByte() throws {
        let rows = try rows()
        var perFolder: [String: (pass: Int, total: Int)] = [:]
        var failures: [String] = []
        var chunks = 0
        var refusedChunks = 0
        let start = Date()
        for row in rows {
            let expected = try String(contentsOf: TestPaths.corpus.appendingPathComponent(row.path), encoding: .utf8)
            let folder = String(row.path.split(separator: "/").first ?? "")
            chunks += expected.components(separatedBy: "\n// -----\n").count
            var entry = perFolder[folder] ?? (0, 0)
            entry.total += 1
            do {
                var refusals = 0
                let refused = Self.refusedUntilRegistered[row.path]
                let actual = try reprint(expected, name: row.path, flags: row.flags, refused: refused, refusals: &refusals)
                refusedChunks += refusals
                if refused != nil && refusals == 0 {
                    failures.append("\(row.path): no chunk was refused with \"\(refused!)\" (remove it from refusedUntilRegistered)")
                } else if actual == expected {
                    entry.pass += 1
                } else {
                    failures.append("\(row.path): \(firstDifference(expected, actual))")
                }
            } catch {
                failures.append("\(row.path): \(error)")
            }
            perFolder[folder] = entry
        }
        for (folder, (p, t)) in perFolder.sorted(by: { $0.key < $1.key }) {
            print("corpus \(folder): \(p)/\(t) byte-exact")
        }
        print(String(format: "corpus: %d files, %d chunks in %.2f s (%d refused as upstream refuses them without their dialect)",
                     rows.count, chunks, Date().timeIntervalSince(start), refusedChunks))
        XCTAssertGreaterThanOrEqual(rows.count, 12)
        XCTAssertGreaterThan(perFolder["mlir-debuginfo"]?.total ?? 0, 0, "the debuginfo files are part of the run")
        for f in failures.prefix(20) { print("FAIL \(f)") }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) corpus files differ (see above)")
    }
}
