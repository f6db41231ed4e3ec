import Foundation
import Testing
@_spi(Tools) import SplitTesting
@testable import SplitTestCompiler

/// Compiles the repository's `experiments/` and compares the Kotlin and the TypeScript with the
/// committed golden files, which the splitc tests compile with kotlinc and tsc.
/// `SPLITTEST_UPDATE_GOLDEN=1 swift test --filter LanguageGoldenTests` rewrites them.
@Suite struct LanguageGoldenTests {
    @Test func kotlinMatchesTheGoldenFile() throws {
        let (result, paths) = try GoldenTests.compileExamples()
        #expect(!result.hasErrors)
        let generated = KotlinEmitter(packageName: "com.example.splittests")
            .emit(result.experiments, sourcePaths: paths, command: GoldenFiles.kotlinCommand)
        try compare(generated, with: GoldenFiles.generatedKotlin)
    }

    @Test func typeScriptMatchesTheGoldenFile() throws {
        let (result, paths) = try GoldenTests.compileExamples()
        #expect(!result.hasErrors)
        let generated = TypeScriptEmitter()
            .emit(result.experiments, sourcePaths: paths, command: GoldenFiles.typeScriptCommand)
        try compare(generated, with: GoldenFiles.generatedTypeScript)
    }

    @Test func emittingTwiceGivesIdenticalBytes() throws {
        let (first, paths) = try GoldenTests.compileExamples()
        let second = try GoldenTests.compileExamples().result
        let kotlin = KotlinEmitter(packageName: "p")
        let typeScript = TypeScriptEmitter()
        #expect(
            Array(kotlin.emit(first.experiments, sourcePaths: paths, command: "c").utf8)
                == Array(kotlin.emit(second.experiments, sourcePaths: paths, command: "c").utf8))
        #expect(
            Array(typeScript.emit(first.experiments, sourcePaths: paths, command: "c").utf8)
                == Array(typeScript.emit(second.experiments, sourcePaths: paths, command: "c").utf8))
    }

    @Test func theGoldenFilesCoverEveryShapeTheyAreCompiledFor() throws {
        let (result, _) = try GoldenTests.compileExamples()
        let types = Set(result.experiments.flatMap { GroupTable($0).parameters.map(\.type) })
        #expect(types == [.bool, .int, .double, .string], "a parameter of every type")
        #expect(result.experiments.contains { $0.definition.factorial != nil }, "a multivariate experiment")
    }

    private func compare(_ generated: String, with golden: URL) throws {
        if ProcessInfo.processInfo.environment["SPLITTEST_UPDATE_GOLDEN"] == "1" {
            try Data(generated.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(!generated.contains(GoldenFiles.repositoryRoot.path), "no absolute path in the output")
        if let difference = GoldenDiff.describe(expected: expected, actual: generated) {
            Issue.record("""
                \(difference)
                If the change is intended, run `SPLITTEST_UPDATE_GOLDEN=1 swift test --filter LanguageGoldenTests` \
                and review the golden file's diff.
                """)
        }
    }
}
