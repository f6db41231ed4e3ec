import Foundation

/// Where the repository's files are, found from this source file so that tests run from any
/// working directory.
enum GoldenFiles {
    /// The package root: this file is `Tests/SplitTestCompilerTests/GoldenFiles.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The example definitions.
    static let experiments = repositoryRoot.appendingPathComponent("experiments")

    /// The committed generated code that the GeneratedCode test targets compile.
    static let generatedSwift = repositoryRoot
        .appendingPathComponent("Tests/SplitTestCompilerTests/Golden/GeneratedSplitTests.swift")

    /// The committed Kotlin and TypeScript generated from the same definitions, which the splitc
    /// tests compile with kotlinc and tsc.
    static let generatedKotlin = repositoryRoot
        .appendingPathComponent("Tests/SplitTestCompilerTests/Golden/SplitTests.kt")
    static let generatedTypeScript = repositoryRoot
        .appendingPathComponent("Tests/SplitTestCompilerTests/Golden/splitTests.ts")

    /// The commands that write the Kotlin and TypeScript golden files from the repository's root,
    /// as their headers name them.
    static let kotlinCommand =
        "splitc generate --language kotlin --package com.example.splittests --output Tests/SplitTestCompilerTests/Golden experiments"
    static let typeScriptCommand =
        "splitc generate --language typescript --output Tests/SplitTestCompilerTests/Golden experiments"

    /// The committed JSON Schema that `DefinitionSchema.json` and `splitc schema` must print.
    static let definitionSchema = repositoryRoot
        .appendingPathComponent("Tests/SplitTestCompilerTests/Golden/DefinitionSchema.json")

    /// The schema check script and its bad documents.
    static let schemaFixtures = repositoryRoot.appendingPathComponent("Tests/SplitTestCompilerTests/SchemaFixtures")

    /// The `*.yaml` and `*.yml` files under `folder`, as paths relative to the repository root,
    /// sorted so that every machine sees them in the same order.
    static func definitionPaths(under folder: URL) throws -> [String] {
        let rootPath = repositoryRoot.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        return enumerator.compactMap { $0 as? URL }
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .map { String($0.standardizedFileURL.path.dropFirst(rootPath.count)) }
            .sorted()
    }
}
