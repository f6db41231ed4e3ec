// swift-tools-version: 6.2
import PackageDescription

// A package of its own so that users of SplitTesting never resolve benchmark dependencies.
// `run.sh` builds it in debug and release and writes `BENCHMARKS.md` at the repository root.
let package = Package(
    name: "SplitTestingBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "SplitTesting", path: ".."),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Signs the control documents that the remote-control benchmarks load.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // libyaml itself, for the event-scan reference (the floor for a libyaml-based compiler).
        // Not `CYaml` (Yams' module) nor `CLibYAML` (the root package's).
        .systemLibrary(
            name: "CYAMLReference",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // What every harness shares: the deterministic corpora, the stopwatch, the options.
        .target(name: "BenchmarkSupport"),
        // Times the compiler against the libyaml scan, and type-checks the Swift it generates.
        .executableTarget(
            name: "compiler-bench",
            dependencies: [
                "BenchmarkSupport", "CYAMLReference",
                .product(name: "SplitTestCompiler", package: "SplitTesting"),
            ]
        ),
        // Yams bundles its own copy of libyaml under the same symbol names, so it is timed in a
        // separate executable: linked together, one copy would silently replace the other.
        .executableTarget(
            name: "yams-bench",
            dependencies: ["BenchmarkSupport", .product(name: "Yams", package: "Yams")]
        ),
        // Times no-change builds of a package that applies the build plugin against the same
        // package with the generated file committed (the plugin's within 1.2×). It runs `swift build`; the
        // packages it builds depend on SplitTesting by path, not on this package.
        .executableTarget(name: "plugin-bench", dependencies: ["BenchmarkSupport"]),
        // Times the weight computation of `splitc bandit` (top-two Thompson, floor, rounding).
        .executableTarget(
            name: "bandit-bench",
            dependencies: ["BenchmarkSupport", .product(name: "SplitTestAnalysis", package: "SplitTesting")]
        ),
        // Times the readout of metrics against the plain readout, through what `splitc analyze` runs.
        .executableTarget(
            name: "metrics-bench",
            dependencies: [
                "BenchmarkSupport", .product(name: "SplitTestAnalysis", package: "SplitTesting"),
                .product(name: "SplitTestCompiler", package: "SplitTesting"), .product(name: "SplitTesting", package: "SplitTesting"),
            ]
        ),
        // Turns the harnesses' results into the table and BENCHMARKS.md.
        .executableTarget(name: "benchmark-report", dependencies: ["BenchmarkSupport"]),
        // The runtime's hot paths, with ordo-one/benchmark (ns/op and malloc counts).
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SplitTesting", package: "SplitTesting"),
                .product(name: "SplitTestingRemote", package: "SplitTesting"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
