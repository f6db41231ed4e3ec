// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets over every reader of untrusted bytes: the compiler's whole path, bytes to
// diagnostics and Swift; the runtime's control documents and store file; the readout's event files
// and aggregates; and the decision service's request bodies. They only link with
// `-sanitize=fuzzer` (libFuzzer supplies `main`); `run.sh` builds and runs them.
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
        .executableTarget(
            name: "ControlDocumentFuzzer",
            dependencies: [
                .product(name: "SplitTesting", package: "SplitTesting"),
                .product(name: "SplitTestingRemote", package: "SplitTesting"),
            ]
        ),
        // The JSON of `splitc assign --attributes`; seeds in seeds/attributes.
        .executableTarget(
            name: "AttributesFuzzer",
            dependencies: [
                .product(name: "SplitTestTools", package: "SplitTesting"),
                .product(name: "SplitTestCompiler", package: "SplitTesting"),
            ]
        ),
        // The event-line parser and the readout's counting, over arbitrary event files; seeds
        // under seeds/events/.
        .executableTarget(
            name: "EventLogFuzzer",
            dependencies: [
                .product(name: "SplitTestAnalysis", package: "SplitTesting"),
                .product(name: "SplitTesting", package: "SplitTesting"),
            ]
        ),
        // The CSV of the emitted warehouse query's result, through `AggregatesCSV` into
        // readouts with and without CUPED; seeds in seeds/aggregates.
        .executableTarget(
            name: "AggregatesFuzzer",
            dependencies: [.product(name: "SplitTestAnalysis", package: "SplitTesting")]
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
        // The decision service's request bodies, through the readers it runs
        // (`SplitTestServiceBodies`): `POST /v1/assignments` with seeds in seeds/assignments, and
        // `POST /v1/events` with seeds in seeds/event-batches.
        .executableTarget(
            name: "AssignmentRequestFuzzer",
            dependencies: [
                .product(name: "SplitTestServiceBodies", package: "SplitTesting"),
                .product(name: "SplitTesting", package: "SplitTesting"),
            ]
        ),
        .executableTarget(
            name: "EventBatchFuzzer",
            // The readout's own reader checks that every line the service would store is one it reads.
            dependencies: [
                .product(name: "SplitTestServiceBodies", package: "SplitTesting"),
                .product(name: "SplitTestAnalysis", package: "SplitTesting"),
                .product(name: "SplitTesting", package: "SplitTesting"),
            ]
        ),
        // A file assignment store's file through the runtime's store-file codec; seeds in
        // seeds/store.
        .executableTarget(
            name: "OFREPRequestFuzzer",
            dependencies: [
                .product(name: "SplitTestServiceBodies", package: "SplitTesting"),
                .product(name: "SplitTesting", package: "SplitTesting"),
            ]
        ),
        .executableTarget(
            name: "StoreFileFuzzer",
            dependencies: [.product(name: "SplitTesting", package: "SplitTesting")]
        ),
    ]
)
