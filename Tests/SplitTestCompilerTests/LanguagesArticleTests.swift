import Foundation
import Testing
@testable import SplitTestCompiler

/// The generated code that the article "Generating Kotlin and TypeScript" shows is what the
/// emitters write for its definition, so the article cannot drift from them.
@Suite struct LanguagesArticleTests {
    static let article = GoldenFiles.repositoryRoot
        .appendingPathComponent("Sources/SplitTesting/SplitTesting.docc/GeneratingKotlinAndTypeScript.md")

    /// The contents of the article's code blocks of `language`, in order.
    static func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func experiments() throws -> [Experiment] {
        let yaml = try #require(try blocks("yaml").first)
        let result = compile([("experiments/button_color.yaml", yaml)])
        #expect(!result.hasErrors)
        return result.experiments
    }

    @Test func theKotlinShownIsGenerated() throws {
        let emitted = KotlinEmitter(packageName: "com.example.experiments")
            .emit(try Self.experiments(), sourcePaths: ["experiments/button_color.yaml"], command: "splitc generate")
        let shown = try #require(try Self.blocks("kotlin").first)
        #expect(emitted.contains(shown), "\(emitted)")
    }

    @Test func theTypeScriptShownIsGenerated() throws {
        let emitted = TypeScriptEmitter()
            .emit(try Self.experiments(), sourcePaths: ["experiments/button_color.yaml"], command: "splitc generate")
        let shown = try Self.blocks("ts")
        #expect(shown.count == 3)
        for block in shown.prefix(2) {
            #expect(emitted.contains(block), "\(block)")
        }
    }
}
