import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestTools
import Testing

/// Every `file:line:col: error:` line that the article "Multivariate experiments" quotes is one the
/// compiler prints for these definitions, so the article cannot drift from the compiler's messages.
@Suite struct MultivariateDocumentationTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SplitTesting/SplitTesting.docc/MultivariateExperiments.md")

    /// The runs the article's lines were taken from, each a set of files linted together.
    static let runs: [[(path: String, yaml: String)]] = [
        [
            ("experiments/checkout_page.yaml", """
                identifier: checkout_page
                type: user
                groups: [control, urgent]
                factors:
                  headline:
                    classic: { params: { text: "Buy now" } }
                    urgent: { params: { text: "Only today" } }
                  button:
                    green: { params: { text: "Pay" } }
                    orange: { params: { text: "Pay now" } }
                """),
            ("experiments/paywall.yaml", """
                identifier: paywall_layout
                type: device
                factors:
                  layout: [list]
                """),
        ],
        [
            ("experiments/checkout_page.yaml", """
                identifier: checkout_page
                type: user
                factors:
                  headline: [classic, urgent]
                  button: [green, orange, purple]
                cells:
                  - { headline: urgent, button: orange }
                  - { headline: urgent, buton: green }
                  - { headline: classic }
                  - orange+classic
                  - urgent+orange
                weights: { "urgent+orange": 2 }
                """),
        ],
        [
            ("experiments/checkout_page.yaml", """
                identifier: checkout_page
                type: user
                factors:
                  headline: [classic, urgent]
                  button: [green, orange, purple]
                cells: [classic+green, urgent+orange, classic+purple]
                weights: { "urgent+orang": 2, "urgent+purple": 1 }
                status: resolved
                winner: urgent+green
                force: { qa-user-1: "urgnt+orange" }
                """),
            ("experiments/onboarding_flow.yaml", """
                identifier: onboarding_flow
                type: user
                factors:
                  steps: [s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12]
                  video: [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10]
                  reminder: [r1, r2, r3, r4, r5, r6, r7, r8, r9]
                """),
        ],
        [
            ("experiments/checkout_page.yaml", """
                identifier: checkout_page
                type: user
                factors:
                  headline: [classic, urgent]
                  button: [green, orange, purple]
                cells: [urgent+orange, classic+purple]
                """),
        ],
    ]

    @Test func everyQuotedDiagnosticIsPrintedByTheCompiler() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let printed = Set(Self.runs.flatMap { compile($0).diagnostics.map(\.description) })
        let quoted = try DocumentationDiagnosticsTests.quotedLines(of: text)
        #expect(quoted.count >= 15)
        for line in quoted {
            #expect(printed.contains(line), "the article quotes a line the compiler does not print:\n\(line)")
        }
        // Each error the article lists for multivariate experiments is among the quoted lines.
        for error in [
            "either 'groups' or 'factors'", "declared by factors", "at least two factors", "a factor needs at least two",
            "unknown factor", "misses factor", "out of order", "is listed twice", "the control cell",
            "has no level", "is not listed in 'cells'", "an experiment may have at most 1,000",
        ] {
            #expect(quoted.contains { $0.contains(error) }, "the article quotes an error with \(error)")
        }
    }

    /// The article's example of `splitc assign` is the runtime's answer for that unit.
    @Test func theAssignExampleIsTheExamplesAnswer() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let root = Self.article.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // The experiment and the events and metrics it is judged by.
        let files = try ["experiments/checkout/checkout_page.yaml", "experiments/metrics/events.yaml", "experiments/metrics/metrics.yaml"]
            .map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
        let result = compile(files)
        let definition = try #require(result.experiments.first).definition
        let assignment = UnitAssignment(experiment: try #require(result.experiments.first), unit: "user-42")
        #expect(definition.groups[4] == "urgent+orange")
        #expect(text.contains(
            "checkout_page: unit 'user-42' is in cell '\(assignment.group)' (headline: \(assignment.levels?[0].level ?? ""), "
                + "button: \(assignment.levels?[1].level ?? "")) (bucketed, bucket \(assignment.bucket ?? -1))"))
    }
}
