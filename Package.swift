// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "SplitTesting",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // The runtime that apps link, together with the code the plugin generates.
        .library(name: "SplitTesting", targets: ["SplitTesting"]),
        // Fetches, verifies and applies control documents (remote control); apps that do not
        // use it link nothing more than `SplitTesting`.
        .library(name: "SplitTestingRemote", targets: ["SplitTestingRemote"]),
        // Test doubles for apps' tests (a provider that records every event), kept out of the
        // runtime so that an app's autocomplete shows only what an app calls.
        .library(name: "SplitTestingTestSupport", targets: ["SplitTestingTestSupport"]),
        // The compiler as a library, for tools (benchmarks, fuzzing); its API is not stable.
        .library(name: "SplitTestCompiler", targets: ["SplitTestCompiler"]),
        // What `splitc` and the decision service (`Server/`) share, as a library; its API is not
        // stable.
        .library(name: "SplitTestTools", targets: ["SplitTestTools"]),
        // The test support of this repository's own test targets (the decision service's among
        // them): the oracle helper, child processes, a PostgreSQL cluster. Not for apps.
        .library(name: "TestTools", targets: ["TestTools"]),
        // The file formats, for the decision service: database locations and the events table.
        .library(name: "SplitTestFormats", targets: ["SplitTestFormats"]),
        // The readout of `splitc analyze` as a library, for tools; its API is not stable.
        .library(name: "SplitTestAnalysis", targets: ["SplitTestAnalysis"]),
        // The decision service's request readers and response writers, for the server (`Server/`)
        // and the fuzzers; its API is not stable.
        .library(name: "SplitTestServiceBodies", targets: ["SplitTestServiceBodies"]),
        .executable(name: "splitc", targets: ["splitc"]),
        .plugin(name: "SplitTestPlugin", targets: ["SplitTestPlugin"]),
        .plugin(name: "SplitTestCommandPlugin", targets: ["SplitTestCommandPlugin"]),
        .plugin(name: "SplitTestGenerateCommandPlugin", targets: ["SplitTestGenerateCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs, built in CI with
        // `--warnings-as-errors`. A command plugin: nothing that depends on this package links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Ed25519 for control documents: verification in `SplitTestingRemote` (CryptoKit's API on
        // every platform), and `splitc keygen`, `publish --sign-key`, `assign --public-key`.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // The privacy manifest ships at the root of the target's resource bundle, where Xcode
        // finds it for the app's privacy report.
        .target(name: "SplitTesting", dependencies: ["SplitTestFormats"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(
            name: "SplitTestingRemote",
            dependencies: ["SplitTesting", "SplitTestFormats", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "SplitTestingTestSupport", dependencies: ["SplitTesting"]),
        // Every file format of the package in one place: one JSON tokenizer (a tree for documents,
        // a field-picking scan for event files), one JSON value and one writer, and the codecs of
        // the event line, the store file and the control payload; database locations and the
        // events table. Standard library only, so the runtime can use it and apps link nothing
        // more. A product only for the decision service, which reads database locations and
        // writes the events table with it: the rest of its API is `package`.
        .target(name: "SplitTestFormats"),
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Distributions, chi-square tests and a seeded generator that `splitc simulate`, the readout,
        // the demo and the tests share; no Foundation.
        .target(name: "SplitTestStatistics"),
        // The compiler: YAML → model → validation → code. No I/O policy: it reads the bytes it is
        // given and returns experiments, diagnostics and generated code.
        .target(name: "SplitTestCompiler", dependencies: ["CLibYAML", "SplitTesting", "SplitTestFormats"]),
        // What the tools do with compiled definitions, and what `splitc` and the decision service
        // share: finding and reading definition files, today's date, the definitions in force in
        // an environment under a control document, attribute input, simulation, running test
        // specs, the catalog site and publishing control documents. Without swift-crypto or the
        // analysis, so that `splitc-build` (what the plugins run) can link it.
        .target(
            name: "SplitTestTools",
            dependencies: ["SplitTestCompiler", "SplitTesting", "SplitTestFormats", "SplitTestStatistics", "SplitTestServiceBodies"]
        ),
        // The readout of `splitc analyze`: events or warehouse aggregates in, statistics out. It
        // reads experiments as the runtime defines them (`SplitTestDefinition`) and events by the
        // runtime's own names, so that the two can never drift apart.
        .target(name: "SplitTestAnalysis", dependencies: ["SplitTesting", "SplitTestFormats", "SplitTestStatistics"]),
        // The bodies of the decision service: its requests read as pure functions of their bytes
        // (a checked request, or a problem that says what to change) through the formats' one
        // JSON reader, and its answers written by the one writer; here rather than in `Server/`
        // so that the fuzzers link exactly what the service runs, without a server framework,
        // libyaml or the analysis.
        .target(name: "SplitTestServiceBodies", dependencies: ["SplitTesting", "SplitTestFormats"]),
        // What `splitc` and `splitc-build` share: the `lint` and `generate` commands, finding and
        // reading definitions, printing diagnostics, exit statuses, output files and the entry
        // point. The compiler and ArgumentParser only, so that `splitc-build` builds without
        // swift-crypto or the analysis library; not a product, so its API is `package`.
        .target(
            name: "SplitcCommandLine",
            dependencies: [
                "SplitTestCompiler",
                "SplitTestTools",
                "SplitTestFormats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "splitc",
            dependencies: [
                "SplitcCommandLine",
                "SplitTestCompiler",
                "SplitTestTools",
                "SplitTesting",
                "SplitTestAnalysis",
                // Control documents are opened and verified as apps open them.
                "SplitTestingRemote",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // What the plugins run: `splitc`'s `generate` and `lint` (from SplitcCommandLine), without
        // the commands that need swift-crypto or the analysis library, so that a package applying
        // the plugin builds only the compiler and ArgumentParser.
        .executableTarget(
            name: "splitc-build",
            dependencies: [
                "SplitcCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The plugin's logic, as an ordinary target so that tests reach it; the plugin
        // compiles the same files through a symlink, since plugins cannot depend on libraries.
        .target(name: "SplitTestPluginSupport"),
        .plugin(name: "SplitTestPlugin", capability: .buildTool(), dependencies: ["splitc-build"]),
        // The command plugins, from the same plan code. SwiftPM asks for every permission a plugin
        // declares before running it, whatever its arguments, and two plugins cannot share a verb:
        // so `swift package split-tests lint`, which only reads, is a plugin that declares no
        // permission and runs in CI without a terminal, and writing into the package is a verb of
        // its own, `split-tests-generate`, whose plugin declares it.
        .plugin(
            name: "SplitTestCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "split-tests",
                    description: "lint validates the definitions of every target (or of each --target) and writes nothing; generating into a target is split-tests-generate"
                )
            ),
            dependencies: ["splitc-build"]
        ),
        .plugin(
            name: "SplitTestGenerateCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "split-tests-generate",
                    description: "--target T writes GeneratedSplitTests.swift into the target's folder; needs --allow-writing-to-package-directory"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "split-tests-generate writes GeneratedSplitTests.swift into the folder of each target named with --target")
                ]
            ),
            dependencies: ["splitc-build"]
        ),
        .executableTarget(
            name: "splittest-demo",
            dependencies: [
                "SplitTesting", "SplitTestAnalysis", "SplitTestingRemote", "SplitTestStatistics",
                "SplitTestingTestSupport",
                // Signs the demo's control document, as `splitc publish --sign-key` does.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["SplitTestPlugin"]
        ),
        // What several test targets share: running the built tools and scripts as processes.
        .target(name: "TestTools", path: "Tests/TestTools"),
        .testTarget(
            name: "SplitTestingTests", dependencies: ["SplitTesting", "SplitTestingTestSupport", "SplitTestStatistics", "SplitTestFormats"],
            exclude: ["Fixtures"]),
        // Remote control against a real HTTP server on loopback (a Python script in Support).
        .testTarget(
            name: "SplitTestingRemoteTests",
            dependencies: [
                "SplitTestingRemote", "SplitTesting", "SplitTestingTestSupport", "TestTools",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Support"]
        ),
        // Every file format on its own: the JSON reader and writer, the event line, the store file,
        // database locations and the events table.
        .testTarget(name: "SplitTestFormatsTests", dependencies: ["SplitTestFormats", "SplitTesting"]),
        .testTarget(
            name: "SplitTestCompilerTests",
            dependencies: ["SplitTestCompiler", "SplitTestTools", "SplitTestFormats", "SplitTestStatistics", "TestTools"],
            // The golden output is compiled by the GeneratedCode targets, not here; the schema
            // fixtures are read by a Python script; the fuzz regressions are read as files.
            exclude: ["Golden", "SchemaFixtures", "FuzzRegressions"]
        ),
        // `Support` holds what the Kotlin and TypeScript compile tests build beside the generated
        // code (the OFREP clients, the read-back programs), their edge-case definitions and a
        // loopback stand-in for the bulk OFREP endpoint; all read as files.
        .testTarget(
            name: "SplitcTests",
            dependencies: [
                "splitc", "splitc-build", "SplitTestCompiler", "SplitTestTools", "SplitTesting", "SplitTestStatistics",
                "TestTools",
            ],
            exclude: ["Support"]),
        // Simulation, attribute input, test specs, the catalog site, publishing and the definition
        // files, without the command line.
        .testTarget(
            name: "SplitTestToolsTests",
            dependencies: ["SplitTestTools", "SplitTestCompiler", "SplitTesting", "SplitTestStatistics", "TestTools"]
        ),
        .testTarget(name: "SplitTestPluginSupportTests", dependencies: ["SplitTestPluginSupport"]),
        // The decision service's request readers and response writers, and their fuzz seeds.
        .testTarget(
            name: "SplitTestServiceBodiesTests",
            dependencies: ["SplitTestServiceBodies", "SplitTestCompiler", "SplitTestTools", "SplitTesting", "SplitTestAnalysis"]
        ),
        // The readout's statistics against SciPy and statsmodels (a Python script), its power on
        // simulated data, and `splitc analyze` end to end; the scripts are read as files.
        .testTarget(
            name: "SplitTestAnalysisTests",
            dependencies: ["SplitTestAnalysis", "SplitTestStatistics", "TestTools", "splitc"],
            // The golden readout is read as files.
            exclude: ["Scripts", "Golden"]
        ),
        // The committed golden output compiled against the real runtime, in a plain target and
        // in one whose declarations are main-actor isolated by default.
        .testTarget(name: "GeneratedCodeTests", dependencies: ["SplitTesting", "SplitTestingRemote", "SplitTestingTestSupport"]),
        .testTarget(
            name: "GeneratedCodeMainActorTests",
            dependencies: ["SplitTesting"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // Statistical properties of the assignment over a million synthetic units.
        .testTarget(
            name: "AssignmentQualityTests",
            dependencies: ["SplitTesting", "SplitTestingTestSupport", "SplitTestCompiler", "SplitTestStatistics"]),
        // The file store under faults: a writer process killed mid-write, unwritable locations.
        .executableTarget(
            name: "FileStoreCrashWriter",
            dependencies: ["SplitTesting"],
            path: "Tests/Support/FileStoreCrashWriter"
        ),
        // Processes of an app with extensions, several at once on one shared store file; an app that
        // takes the configuration's defaults, or keeps its groups in UserDefaults, run as two
        // launches; and processes that exit at once, whose writes the exit must finish.
        .executableTarget(
            name: "SharedStoreWorker",
            dependencies: ["SplitTesting"],
            path: "Tests/Support/SharedStoreWorker"
        ),
        .testTarget(
            name: "FaultTests",
            dependencies: [
                "SplitTesting", "TestTools", "FileStoreCrashWriter", "SharedStoreWorker",
            ]),
    ]
)
