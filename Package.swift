// swift-tools-version:6.0
import PackageDescription

// Release packaging only: CVL_STATIC_STDLIB=1 swift build -c release links the Swift runtime
// statically so libcvlayout.so needs only the C runtime and is relocatable (`make lib`, the Python
// wheel). It must stay off for `swift test` (the static runtime breaks the XCTest link), hence the
// environment gate.
let staticStdlib = Context.environment["CVL_STATIC_STDLIB"] == "1"
// CVL_KEEP_SYMBOLS=1 keeps the symbol table (for profiles: callgrind_annotate names functions).
let stripAll = Context.environment["CVL_KEEP_SYMBOLS"] != "1"

let package = Package(
    name: "cvlayout",
    products: [
        .library(name: "cvlayout", type: .dynamic, targets: ["CVLayout"])
    ],
    targets: [
        // The one hand-written C header, seen by Swift as a module (SwiftPM generates the module map).
        .target(name: "CCVLayout", path: "include", publicHeadersPath: "."),
        // Pure Swift layout engine: no C types, no pointers.
        // Release builds skip Swift's dynamic exclusivity checks (measured: ~7% of a viewport
        // query). The C layer's re-entrancy guard and the library lock already rule out
        // overlapping accesses; debug builds, which `swift test` uses, keep the checks.
        .target(
            name: "CVLayoutCore",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The thin @_cdecl layer: validates every argument, converts, calls the core.
        .target(
            name: "CVLayout",
            dependencies: ["CVLayoutCore", "CCVLayout"],
            exclude: ["exports.map"],
            // As the core: the library lock serializes every call (measured: a third of a rect
            // query's instructions went to dynamic exclusivity checks on the query sink).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))],
            linkerSettings: [
                .unsafeFlags(
                    // SONAME and the symbol version tag carry VERSION's major (scripts/version.py checks).
                    [
                        "-Xlinker", "-soname=libcvlayout.so.0",
                        "-Xlinker", "--version-script=Sources/CVLayout/exports.map",
                    ]
                        + (staticStdlib ? ["-static-stdlib"] + (stripAll ? ["-Xlinker", "--strip-all"] : []) : []))
            ]),
        .testTarget(name: "CVLayoutCoreTests", dependencies: ["CVLayoutCore"]),
        .testTarget(name: "CVLayoutABITests", dependencies: ["CVLayout", "CCVLayout", "CVLayoutCore"]),
    ])
