import BenchmarkSupport
import Foundation

/// The two packages compared: the same app target and the same definitions, one with the build
/// plugin applied, the other with the generated file committed into the target instead.
struct BenchPackages {
    /// The package that applies `SplitTestPlugin`.
    var plugin: URL
    /// The same package with `GeneratedSplitTests.swift` in `Sources/App` and no plugin.
    var committed: URL
    /// The root of the SplitTesting repository, which both depend on by path.
    var splitTesting: URL

    init(workDirectory: URL, splitTesting: URL) {
        plugin = workDirectory.appendingPathComponent("plugin", isDirectory: true)
        committed = workDirectory.appendingPathComponent("committed", isDirectory: true)
        self.splitTesting = splitTesting.standardizedFileURL
    }

    /// Writes the plugin package: `definitions` generated experiments in `experiments/`.
    func writePluginPackage(definitions: Int) throws {
        try? FileManager.default.removeItem(at: plugin)
        for file in CorpusGenerator.corpus(experiments: definitions) {
            try write(Data(file.contents), to: plugin.appendingPathComponent(file.path))
        }
        try write(Data(manifest(withPlugin: true).utf8), to: plugin.appendingPathComponent("Package.swift"))
        try write(Data(Self.main.utf8), to: plugin.appendingPathComponent("Sources/App/main.swift"))
    }

    /// Writes the committed package from the plugin package as built: the same files, and the
    /// Swift the plugin generated, byte for byte.
    func writeCommittedPackage(generated: URL) throws {
        try? FileManager.default.removeItem(at: committed)
        try FileManager.default.createDirectory(at: committed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: plugin.appendingPathComponent("experiments"), to: committed.appendingPathComponent("experiments"))
        try write(Data(manifest(withPlugin: false).utf8), to: committed.appendingPathComponent("Package.swift"))
        try write(Data(Self.main.utf8), to: committed.appendingPathComponent("Sources/App/main.swift"))
        try FileManager.default.copyItem(
            at: generated, to: committed.appendingPathComponent("Sources/App/GeneratedSplitTests.swift"))
    }

    /// The generated file in the plugin package's build folder.
    func generatedFile(scratch: URL) throws -> URL {
        let outputs = scratch.appendingPathComponent("plugins/outputs")
        guard let enumerator = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil) else {
            throw BenchError("no plugin outputs under \(outputs.path): did the plugin run?")
        }
        for case let url as URL in enumerator where url.lastPathComponent == "GeneratedSplitTests.swift" {
            return url
        }
        throw BenchError("no GeneratedSplitTests.swift under \(outputs.path)")
    }

    private func manifest(withPlugin: Bool) -> String {
        // A path dependency's identity is its folder's name.
        let identity = splitTesting.lastPathComponent
        let plugins = withPlugin ? ",\n            plugins: [.plugin(name: \"SplitTestPlugin\", package: \"\(identity)\")]" : ""
        return """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "PluginBench",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(splitTesting.path)")],
                targets: [
                    .executableTarget(
                        name: "App",
                        dependencies: [.product(name: "SplitTesting", package: "\(identity)")]\(plugins)
                    ),
                ]
            )

            """
    }

    private static let main = """
        import SplitTesting

        print("\\(SplitTestCatalog.all.count) experiments")

        """

    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
