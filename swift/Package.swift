// swift-tools-version:5.9
//
// omnir for Swift: a system-library target over the INSTALLED C API (found with pkg-config:
// `omnir.pc`, so PKG_CONFIG_PATH must name PREFIX/lib/pkgconfig for a private prefix), and
// an idiomatic Swift API on top of it. Nothing here contains a copy of the core: every
// target links libomnir.so.0 by SONAME.
//
// Finding the library at run time: SwiftPM drops `-Wl,-rpath` flags that come from `.pc`
// files, so for a private prefix either set LD_LIBRARY_PATH=PREFIX/lib when running
// (ci/test-swift.sh does for this package), or give the rpath on the command line, which
// SwiftPM passes on: `swift build -Xlinker -rpath -Xlinker PREFIX/lib` (ci/test-swift.sh's
// consumer package does), or install omnir into a prefix the loader searches
// (/usr/local/lib + ldconfig).
import PackageDescription

let package = Package(
    name: "Omnir",
    products: [
        .library(name: "Omnir", targets: ["Omnir"]),
        .executable(name: "omnir-example", targets: ["omnir-example"]),
    ],
    targets: [
        .systemLibrary(
            name: "COmnir",
            pkgConfig: "omnir",
            providers: []
        ),
        .target(name: "Omnir", dependencies: ["COmnir"]),
        .executableTarget(name: "omnir-example", dependencies: ["Omnir"]),
        .executableTarget(name: "omnir-bench", dependencies: ["Omnir"]),
        .testTarget(name: "OmnirTests", dependencies: ["Omnir", "COmnir"]),
    ]
)
