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
        // The event-line parser and the readout's counting, over arbitrary event files; seeds
        // under seeds/events/.
        .executableTarget(
            name: "EventLogFuzzer",
            dependencies: [.product(name: "SplitTestAnalysis", package: "SplitTesting")]
        ),
    ]
)
