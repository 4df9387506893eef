// swift-tools-version:5.9
//
// Swift package for the quant dialect (examples/quant-dialect): a thin layer over the
// dialect's C entry points (quant/quant.h) that hands its types out as the `Omnir` package's
// `Type`. It is built on its own, against an INSTALLED omnir (pkg-config `omnir`, through the
// Omnir package) and an INSTALLED quant dialect (examples/quant-dialect/build.sh).
//
// QUANT_DIALECT_PREFIX names the dialect's install directory (build.sh's OUTDIR; default
// <repo>/target/quant-dialect): its include/ is added to the C search path and its lib/ to
// the link, with an rpath to it. Those are this package's own flags (unsafeFlags), which
// SwiftPM keeps, unlike the -rpath of a .pc file: libquant_dialect.so.0 is found at run time
// without help, while libomnir.so.0 of a private prefix still needs LD_LIBRARY_PATH=PREFIX/lib
// (see ../../../swift/Package.swift). unsafeFlags also means that this package can be a
// dependency only through a local path, which is what an example is for.
import Foundation
import PackageDescription

let quantPrefix: String = {
    if let p = ProcessInfo.processInfo.environment["QUANT_DIALECT_PREFIX"], !p.isEmpty { return p }
    return URL(fileURLWithPath: Context.packageDirectory)
        .appendingPathComponent("../../../target/quant-dialect").standardizedFileURL.path
}()
// Every target that imports CQuant (directly or through Quant's interface) needs the header.
let quantHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I\(quantPrefix)/include"])]

let package = Package(
    name: "Quant",
    products: [
        .library(name: "Quant", targets: ["Quant"]),
    ],
    dependencies: [
        .package(path: "../../../swift"),
    ],
    targets: [
        // quant/quant.h, linked by SONAME (-lquant_dialect); see the module map.
        .systemLibrary(name: "CQuant"),
        .target(
            name: "Quant",
            dependencies: ["CQuant", .product(name: "Omnir", package: "swift")],
            swiftSettings: quantHeaders,
            linkerSettings: [.unsafeFlags(["-L\(quantPrefix)/lib", "-Xlinker", "-rpath", "-Xlinker", "\(quantPrefix)/lib"])]
        ),
        .testTarget(name: "QuantTests", dependencies: ["Quant", "CQuant", .product(name: "Omnir", package: "swift")],
                    swiftSettings: quantHeaders),
    ]
)
