import Foundation
import SplitTestCompiler
import Testing

/// The repository's own `experiments/` folder: the demo's inputs, and the documentation's examples.
@Suite struct ExampleDefinitionsTests {
    static let experimentsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("experiments")

    static func loadExamples() throws -> [SourceFile] {
        let root = experimentsFolder.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [SourceFile] = []
        for case let url as URL in enumerator where ["yaml", "yml"].contains(url.pathExtension) {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            files.append(SourceFile(path: "experiments/" + relative, contents: Array(try Data(contentsOf: url))))
        }
        return files.sorted { $0.path < $1.path }
    }

    static func compiledExamples() throws -> CompilationResult {
        DefinitionCompiler.compile(try loadExamples(), today: testToday)
    }

    @Test func everyExampleCompilesWithTheResolvedWarningOnly() throws {
        let files = try Self.loadExamples()
        #expect(files.count >= 8)
        let result = DefinitionCompiler.compile(files, today: testToday)
        #expect(!result.hasErrors)
        #expect(result.diagnostics.map(\.description) == [
            "experiments/onboarding_tutorial.yaml:8:9: warning: experiment 'onboarding_tutorial' is resolved: "
                + "every unit gets 'short_tutorial'; its code can be removed once no released app version runs it"
        ])
        #expect(result.experiments.map(\.identifier) == [
            "app_color_scheme", "button_color", "checkout_button_copy", "checkout_express_pay",
            "difficulty_coefficient", "feed_prefetch", "onboarding_tutorial", "profile_redesign",
            "projection_banner",
        ])
    }
}
