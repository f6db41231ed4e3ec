// swift-tools-version: 6.2
import PackageDescription

// A package that uses SplitTesting the way an app does: by path, with the build plugin applied to
// a plain target and to one whose declarations are main-actor isolated by default, and with the
// generated file written into a third target by the `split-tests-generate` command plugin.
// IntegrationTests/run.sh runs that command, then builds, in a copy of it, never in this folder
// itself.
let package = Package(
    name: "Fixture",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FixtureApp",
            dependencies: [.product(name: "SplitTesting", package: "SplitTesting")],
            plugins: [.plugin(name: "SplitTestPlugin", package: "SplitTesting")]
        ),
        .executableTarget(
            name: "MainActorApp",
            dependencies: [.product(name: "SplitTesting", package: "SplitTesting")],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "SplitTestPlugin", package: "SplitTesting")]
        ),
        .executableTarget(
            name: "CommittedApp",
            dependencies: [.product(name: "SplitTesting", package: "SplitTesting")]
        ),
    ]
)
