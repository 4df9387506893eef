import Foundation
import Omnir

/// Paths the tests use: the shared corpus (OMNIR_CORPUS, default ../shared/corpus next to
/// the repository) and the cplug plugin (OMNIR_CPLUG_LIB, default target/cplug/libcplug.so).
enum TestPaths {
    /// The repository root (this file is swift/Tests/OmnirTests/Support.swift).
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var corpus: URL {
        if let d = ProcessInfo.processInfo.environment["OMNIR_CORPUS"] { return URL(fileURLWithPath: d) }
        return repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    static var plugin: String {
        ProcessInfo.processInfo.environment["OMNIR_CPLUG_LIB"] ?? repo.appendingPathComponent("target/cplug/libcplug.so").path
    }
}

/// Foundation also has an `Operation` (NSOperation): in a file that imports both Foundation
/// and Omnir, an unqualified `Operation` is ambiguous. A type alias in the importing module
/// shadows both (or write `Omnir.Operation`).
typealias Operation = Omnir.Operation

/// The text of a /proc file (their size is 0 to stat, so read until EOF).
func readProcFile(_ path: String) -> String {
    guard let f = fopen(path, "r") else { return "" }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buf[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}
