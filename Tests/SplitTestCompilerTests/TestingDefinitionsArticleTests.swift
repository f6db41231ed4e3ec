import Foundation
import SplitTestCompiler
@_spi(Tools) import SplitTestTools
import Testing

/// Every diagnostic line the article "Testing definitions" quotes is one that compiling and
/// running these files prints, so the article cannot drift from `splitc test`.
@Suite struct TestingDefinitionsArticleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SplitTesting/SplitTesting.docc/TestingDefinitions.md")

    static let definition = """
        identifier: button_color
        type: device
        groups:
          red: { weight: 4, params: { color: "#FF3B30" } }
          blue: { weight: 1, params: { color: "#007AFF" } }
          dark_gray: { weight: 1, params: { color: "#3A3A3C" } }
        control: red
        """

    /// The article's spec, with its comments, at the lines the article's errors name.
    static let spec = """
        test: button_color
        description: The spec vector's device gets blue; devices are split three ways.
        environment: production           # optional; default: the base values
        at: 2026-12-02T00:00:00Z          # optional; default: when the test runs
        cases:
          - unit: 3f2504e0-4f89-11d3-9a0c-0305e82c3301
            expect: { group: blue, reason: bucketed, params: { color: "#007AFF" } }
          - unit: device-6
            attributes: { platform: ios }
            expect: { group: dark_gray, enrolled: true }
        distribution:
          units: 30000                    # unit-0 … unit-29999 through the same rules
          expect: { red: 33.33, blue: 33.33, dark_gray: 33.33 }   # percent of all units
          tolerance: 1                    # percentage points
        """

    static let bad = """
        test: button_colour
        cases: [{ unit: a, expect: { group: blue } }]
        ---
        test: button_color
        cases:
          - { unit: a, expect: { group: dark_grey, reason: bucket } }
        """

    @Test func everyQuotedLineIsPrinted() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let quoted = try DocumentationDiagnosticsTests.quotedLines(of: text)
        #expect(quoted.count == 5)
        // The article's spec starts with three lines of comments.
        let header = "# experiments/tests/button_color.yaml\n# What button_color must give.\n# Run by splitc test, splitc lint and the build.\n"
        let running = compile([
            ("experiments/button_color.yaml", Self.definition + "\n---\nenvironments: [production]\n"),
            ("experiments/tests/button_color.yaml", header + Self.spec),
        ])
        #expect(!running.hasErrors, "\(running.diagnostics.map(\.description))")
        let report = DefinitionTestRunner.run(running.tests, experiments: running.experiments)
        let invalid = compile([
            ("experiments/button_color.yaml", Self.definition),
            ("experiments/tests/bad.yaml", Self.bad),
        ])
        let printed = Set(report.failures.map(\.diagnostic.description) + invalid.diagnostics.map(\.description))
        for line in quoted {
            #expect(printed.contains(line), "the article quotes a line splitc does not print:\n\(line)\nprinted:\n\(printed.sorted().joined(separator: "\n"))")
        }
    }
}
