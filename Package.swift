// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SplitTesting",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // The runtime that apps link, together with the code the plugin generates.
        .library(name: "SplitTesting", targets: ["SplitTesting"]),
        // The compiler as a library, for tools (benchmarks, fuzzing); its API is not stable.
        .library(name: "SplitTestCompiler", targets: ["SplitTestCompiler"]),
        .executable(name: "splitc", targets: ["splitc"]),
        .plugin(name: "SplitTestPlugin", targets: ["SplitTestPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "SplitTesting"),
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "SplitTestCompiler", dependencies: ["CLibYAML", "SplitTesting"]),
        .executableTarget(
            name: "splitc",
            dependencies: [
                "SplitTestCompiler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The plugin's logic, as an ordinary target so that tests reach it; the plugin
        // compiles the same files through a symlink, since plugins cannot depend on libraries.
        .target(name: "SplitTestPluginSupport"),
        .plugin(name: "SplitTestPlugin", capability: .buildTool(), dependencies: ["splitc"]),
        .executableTarget(
            name: "splittest-demo",
            dependencies: ["SplitTesting"],
            plugins: ["SplitTestPlugin"]
        ),
        .testTarget(name: "SplitTestingTests", dependencies: ["SplitTesting"]),
        .testTarget(name: "SplitTestCompilerTests", dependencies: ["SplitTestCompiler"]),
        .testTarget(name: "SplitcTests", dependencies: ["splitc"]),
        .testTarget(name: "SplitTestPluginSupportTests", dependencies: ["SplitTestPluginSupport"]),
    ]
)
