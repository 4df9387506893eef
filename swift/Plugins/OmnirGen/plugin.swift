// The OmnirGen build-tool plugin: typed Swift views of a target's own dialects. Every
// `*.irdl.mlir` file among the target's files (declare it as a resource to load it at run
// time, or exclude it) becomes `<dialect>.swift` for each `irdl.dialect @<dialect>` it
// defines, written by the installed `omnir-gen swift` (the core's generator, the same one
// that wrote OmnirDialects) and compiled into the target.
//
// omnir-gen is found as the package finds libomnir: `OMNIR_GEN` (its path), else `bin/` of
// the prefix whose `omnir.pc` is on `PKG_CONFIG_PATH` (PREFIX/lib/pkgconfig), else `PATH`,
// else /usr/local/bin and /usr/bin.
import Foundation
import PackagePlugin

@main
struct OmnirGen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let definitions = module.sourceFiles.filter { $0.path.string.hasSuffix(".irdl.mlir") }
        if definitions.isEmpty { return [] }
        let tool = try omnirGen()
        var commands: [Command] = []
        for file in definitions {
            for dialect in try dialectNames(in: file.path) {
                let output = context.pluginWorkDirectory.appending("\(dialect).swift")
                commands.append(.buildCommand(
                    displayName: "omnir-gen swift \(dialect) (\(file.path.lastComponent))",
                    executable: tool,
                    arguments: ["swift", dialect, "--irdl-file", file.path.string, "-o", output.string],
                    inputFiles: [file.path],
                    outputFiles: [output]))
            }
        }
        return commands
    }

    /// The names of the `irdl.dialect @name` a definition file defines.
    func dialectNames(in path: Path) throws -> [String] {
        let text = try String(contentsOfFile: path.string, encoding: .utf8)
        var names: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "irdl.dialect @") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }
            if !name.isEmpty && !names.contains(String(name)) { names.append(String(name)) }
            rest = rest[range.upperBound...]
        }
        if names.isEmpty {
            throw PluginError("\(path.string): no `irdl.dialect @name` in the file")
        }
        return names
    }

    func omnirGen() throws -> Path {
        let env = ProcessInfo.processInfo.environment
        let exists = { (p: String) in FileManager.default.isExecutableFile(atPath: p) }
        if let path = env["OMNIR_GEN"] { return Path(path) }
        for dir in (env["PKG_CONFIG_PATH"] ?? "").split(separator: ":") where exists("\(dir)/../../bin/omnir-gen")
            && FileManager.default.fileExists(atPath: "\(dir)/omnir.pc") {
            return Path("\(dir)/../../bin/omnir-gen")
        }
        for dir in (env["PATH"] ?? "").split(separator: ":") + ["/usr/local/bin", "/usr/bin"] where exists("\(dir)/omnir-gen") {
            return Path("\(dir)/omnir-gen")
        }
        throw PluginError("omnir-gen not found: set OMNIR_GEN, or PKG_CONFIG_PATH to PREFIX/lib/pkgconfig of an omnir install")
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
