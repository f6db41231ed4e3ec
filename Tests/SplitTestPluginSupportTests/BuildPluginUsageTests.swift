import SplitTestPluginSupport
import Testing

@Suite struct BuildPluginUsageTests {
    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "MyApp",
            dependencies: [.package(url: "https://example.invalid/SplitTesting", branch: "main")],
            targets: [
                .executableTarget(
                    name: "App",
                    dependencies: [.product(name: "SplitTesting", package: "SplitTesting")],
                    plugins: [
                        .plugin(name: "SplitTestPlugin", package: "SplitTesting")
                    ]
                ),
                .target(name: "Committed", dependencies: [.product(name: "SplitTesting", package: "SplitTesting")]),
                .target(name: "AppKit", plugins: [.plugin(name: "OtherPlugin", package: "Other")]),
                .testTarget(name: "AppTests", dependencies: ["App"]),
                .executableTarget(name: "demo", dependencies: ["SplitTestPlugin"], plugins: ["SplitTestPlugin"]),
                .target(name: "Lookalike", dependencies: ["SplitTestPlugin"], plugins: ["SplitTestPluginExtra"]),
            ]
        )
        """

    @Test func aTargetThatAppliesThePluginIsFound() {
        #expect(BuildPluginUsage.applies(to: "App", manifest: Self.manifest))
        // In the package that defines the plugin, it is named by a string.
        #expect(BuildPluginUsage.applies(to: "demo", manifest: Self.manifest))
    }

    @Test func targetsWithoutThePluginAreNot() {
        for target in ["Committed", "AppKit", "AppTests", "Lookalike", "Missing", "Ap"] {
            #expect(!BuildPluginUsage.applies(to: target, manifest: Self.manifest), "\(target)")
        }
    }

    @Test func theRefusalSaysToUseOneOrTheOther() {
        let message = BuildPluginUsage.refusal(target: "App")
        #expect(message.hasPrefix("target 'App' applies SplitTestPlugin"))
        #expect(message.contains("multiple producers") && message.contains("Use one or the other"))
    }
}
