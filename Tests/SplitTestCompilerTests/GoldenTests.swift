import Foundation
import Testing
@_spi(Tools) @testable import SplitTestCompiler

/// Compiles the repository's `experiments/` and compares the Swift with the committed golden
/// file, which the GeneratedCode test targets compile against the runtime.
/// `SPLITTEST_UPDATE_GOLDEN=1 swift test --filter GoldenTests` rewrites the golden file.
@Suite struct GoldenTests {
    /// A fixed day, so that `expires:` warnings do not change with the calendar.
    static let today = CalendarDate(year: 2026, month: 11, day: 22)

    static func compileExamples() throws -> (result: CompilationResult, paths: [String]) {
        let paths = try GoldenFiles.definitionPaths(under: GoldenFiles.experiments)
        let sources = try paths.map { path in
            let contents = try Data(contentsOf: GoldenFiles.repositoryRoot.appendingPathComponent(path))
            return SourceFile(path: path, displayPath: path, contents: Array(contents))
        }
        return (DefinitionCompiler.compile(sources, today: today), paths)
    }

    @Test func generatedCodeMatchesTheGoldenFile() throws {
        let (result, paths) = try Self.compileExamples()
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(paths.contains("experiments/checkout/checkout_layer.yaml"), "definitions are found recursively")
        #expect(
            result.experiments.count >= paths.filter { !$0.hasPrefix("experiments/tests/") }.count - 6,
            "every file but the attributes, the holdout, the segments, the environments, the events, the metrics and the tests defines an experiment")
        #expect(result.events.count >= 2 && result.metrics.count >= 5, "the examples declare events and a metric of each kind")
        let generated = SwiftEmitter().emit(result, sourcePaths: paths)

        if ProcessInfo.processInfo.environment["SPLITTEST_UPDATE_GOLDEN"] == "1" {
            try Data(generated.utf8).write(to: GoldenFiles.generatedSwift)
        }
        let golden = try String(contentsOf: GoldenFiles.generatedSwift, encoding: .utf8)
        if let difference = GoldenDiff.describe(expected: golden, actual: generated) {
            Issue.record("""
                \(difference)
                If the change is intended, run `SPLITTEST_UPDATE_GOLDEN=1 swift test --filter GoldenTests` \
                and review the golden file's diff.
                """)
        }
    }

    /// Events and dimensions only add to the generated file: without them, it is the golden file
    /// with the events enum, its `track(_:)` and the dimensions of `setAttributes(_:)` taken out,
    /// byte for byte, so definitions that declare none generate what they did before.
    @Test func withoutEventsOrDimensionsTheFileIsWhatItWas() throws {
        var (result, paths) = try Self.compileExamples()
        result.events = []
        result.attributes = result.attributes.map { attribute in
            var plain = attribute
            plain.isDimension = false
            return plain
        }
        let plain = SwiftEmitter().emit(result, sourcePaths: paths)
        let golden = try String(contentsOf: GoldenFiles.generatedSwift, encoding: .utf8)
        let events = try #require(golden.range(of: "/// The events the definitions declare"))
        let catalog = try #require(golden.range(of: "/// Every generated split test"))
        var expected = String(golden[..<events.lowerBound] + golden[catalog.lowerBound...])
        expected = expected.replacingOccurrences(
            of: "    ///\n    /// Exposures carry `plan` as dimensions, beside `platform` and `app_version`.\n", with: "")
        expected = expected.replacingOccurrences(
            of: "setAttributes(attributes.attributeValues, dimensions: [\"plan\"])", with: "setAttributes(attributes.attributeValues)")
        #expect(plain.contains("SplitTestAttributes") && !plain.contains("SplitTestEvents"))
        if let difference = GoldenDiff.describe(expected: expected, actual: plain) { Issue.record("\(difference)") }
    }

    @Test func emittingTwiceGivesIdenticalBytes() throws {
        let (result, paths) = try Self.compileExamples()
        let first = SwiftEmitter().emit(result.experiments, sourcePaths: paths)
        let second = SwiftEmitter().emit(try Self.compileExamples().result.experiments, sourcePaths: paths)
        #expect(Array(first.utf8) == Array(second.utf8))
        #expect(!first.contains(GoldenFiles.repositoryRoot.path), "no absolute path in the output")
    }

    @Test func diffShowsTheFirstDifferingLinesWithNumbers() throws {
        let expected = "a\nb\nc\nd\n"
        let actual = "a\nB\nc\nd\ne\n"
        let report = try #require(GoldenDiff.describe(expected: expected, actual: actual))
        #expect(report == """
            golden file (5 lines) and generated code (6 lines) differ from line 2:
            - 2: b
            - 3: c
            - 4: d
            + 2: B
            + 3: c
            + 4: d
            + 5: e
            """)
        #expect(GoldenDiff.describe(expected: expected, actual: expected) == nil)
    }
}
