// swift-tools-version: 6.2
import PackageDescription

// A libFuzzer target over the compiler's whole path, bytes to diagnostics and Swift. It only
// links with `-sanitize=fuzzer` (libFuzzer supplies `main`); `run.sh` builds and runs it.
let package = Package(
    name: "SplitTestingFuzzing",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "SplitTesting", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "CompilerFuzzer",
            dependencies: [.product(name: "SplitTestCompiler", package: "SplitTesting")]
        ),
        // Control documents (envelope and payload bytes) through the runtime's decoder and a
        // service; seeds in seeds/envelope.
        .executableTarget(
            name: "ControlEnvelopeFuzzer",
            dependencies: [
                .product(name: "SplitTestingRemote", package: "SplitTesting"),
                .product(name: "SplitTesting", package: "SplitTesting"),
            ]
        ),
    ]
)
