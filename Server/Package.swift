// swift-tools-version: 6.1
import PackageDescription

// The decision service: an HTTP server that answers for the same definitions as the Swift
// runtime, for platforms that cannot link it. A package of its own, so that an app depending on
// `SplitTesting` never resolves a server framework.
let package = Package(
    name: "SplitTestServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "split-test-server", targets: ["split-test-server"]),
    ],
    dependencies: [
        .package(name: "SplitTesting", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The request parts between the HTTP/1.1 codec and Hummingbird, where the service holds
        // each request to a deadline (Hummingbird already brings it).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // SQLite with its own copy of the library (no system package) on SwiftNIO, which
        // Hummingbird already brings.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // PostgreSQL, for several instances behind a load balancer sharing one database.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The service as a library: routes, resolution with stickiness, storage; tests start it
        // on an ephemeral loopback port.
        .target(
            name: "SplitTestServer",
            dependencies: [
                .product(name: "SplitTesting", package: "SplitTesting"),
                .product(name: "SplitTestCompiler", package: "SplitTesting"),
                .product(name: "SplitTestingRemote", package: "SplitTesting"),
                // What `splitc` and the service share: finding and reading definitions, the
                // definitions in force in an environment under a control document.
                .product(name: "SplitTestTools", package: "SplitTesting"),
                // Database locations and the events table, as `splitc analyze --database` reads them.
                .product(name: "SplitTestFormats", package: "SplitTesting"),
                // The request readers and response writers, which the fuzzers run too; events are
                // checked there by the reader `splitc analyze` uses, so that every stored event is
                // one the readout can read.
                .product(name: "SplitTestServiceBodies", package: "SplitTesting"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .executableTarget(
            name: "split-test-server",
            dependencies: [
                "SplitTestServer",
                .product(name: "SplitTestFormats", package: "SplitTesting"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SplitTestServerTests",
            dependencies: [
                "SplitTestServer",
                .product(name: "SplitTesting", package: "SplitTesting"),
                .product(name: "SplitTestingRemote", package: "SplitTesting"),
                .product(name: "SplitTestFormats", package: "SplitTesting"),
                .product(name: "SplitTestingTestSupport", package: "SplitTesting"),
                .product(name: "SplitTestTools", package: "SplitTesting"),
                .product(name: "SplitTestCompiler", package: "SplitTesting"),
                .product(name: "SplitTestServiceBodies", package: "SplitTesting"),
                .product(name: "TestTools", package: "SplitTesting"),
            ],
            exclude: ["Fixtures", "Support"]
        ),
    ]
)
