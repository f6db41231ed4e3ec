import Foundation
@_spi(Tools) @testable import SplitTestCompiler
@_spi(Tools) import SplitTesting
import Testing

/// The article "Metrics and typed events" stays true: its YAML compiles, together, into the events
/// and metrics it describes, and the names it says are reserved are the compiler's.
@Suite struct MetricsArticleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SplitTesting/SplitTesting.docc/MetricsAndEvents.md")

    /// The article's ```yaml blocks, each a file.
    static func yamlBlocks() throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test func theArticlesDefinitionsCompile() throws {
        let blocks = try Self.yamlBlocks()
        #expect(blocks.count == 4, "events, metrics, an experiment and a dimension")
        let result = compile(blocks.enumerated().map { ("article-\($0.offset).yaml", $0.element) })
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(result.events.map(\.name) == ["purchase", "screen_loaded", "checkout_started"])
        #expect(result.metrics.map(\.kindName) == ["conversion", "count", "sum", "ratio", "quantile"])
        #expect(result.experiments.first?.metricRoles.all == ["purchase_rate", "revenue_per_user", "revenue_per_order", "p90_load_time"])
        #expect(result.attributes.first?.isDimension == true)
    }

    @Test func theReservedPropertyNamesAreTheCompilers() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let sentence = try #require(text.components(separatedBy: "which every reader of an event file reads on any line:").dropFirst().first)
        let listed = sentence.prefix { $0 != "." }.components(separatedBy: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(Set(listed) == EventRules.reservedPropertyNames)
        #expect(listed.count == EventRules.reservedPropertyNames.count)
    }
}
