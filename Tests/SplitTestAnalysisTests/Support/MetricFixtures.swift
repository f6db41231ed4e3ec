import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Declared events, metrics and an experiment that names them, and the lines of typed events,
/// for the metric tests.
enum MetricFixtures {
    static let purchase = SplitTestEventDeclaration(
        name: "purchase",
        properties: [.init(name: "revenue", type: .double), .init(name: "currency", type: .values(["usd", "eur", "gbp"]))])
    static let screenLoaded = SplitTestEventDeclaration(name: "screen_loaded", properties: [.init(name: "milliseconds", type: .int)])
    static let signup = SplitTestEventDeclaration(name: "signup", properties: [])

    static let purchaseRate = SplitTestMetric(name: "purchase_rate", kind: .conversion(event: "purchase"))
    static let purchases = SplitTestMetric(name: "purchases", kind: .count(event: "purchase"))
    static let revenuePerUser = SplitTestMetric(
        name: "revenue_per_user", kind: .sum(.init(event: "purchase", value: "revenue")))
    static let revenuePerOrder = SplitTestMetric(
        name: "revenue_per_order", kind: .ratio(numerator: .init(event: "purchase", value: "revenue"), denominator: .init(event: "purchase")))
    static let loadTime = SplitTestMetric(
        name: "p90_load_time", kind: .quantile(.init(event: "screen_loaded", value: "milliseconds"), quantile: 0.9), direction: .decrease)
    static let signups = SplitTestMetric(name: "signup_rate", kind: .conversion(event: "signup"))

    /// `checkout` (control, blue) judged by every metric above.
    static func metrics(
        roles: SplitTestMetricRoles = SplitTestMetricRoles(
            primary: "purchase_rate", secondary: ["purchases", "revenue_per_user", "revenue_per_order"],
            guardrails: ["p90_load_time"]),
        metrics: [SplitTestMetric] = [purchaseRate, purchases, revenuePerUser, revenuePerOrder, loadTime, signups]
    ) -> MetricDefinitions {
        MetricDefinitions(events: [purchase, screenLoaded, signup], metrics: metrics, roles: ["checkout": roles])
    }

    static func definition(_ identifier: String = "checkout", groups: [String] = ["control", "blue"]) -> SplitTestDefinition {
        SplitTestDefinition(
            identifier: identifier, unitType: .device, salt: identifier, groups: groups,
            bucketTable: BucketTable(weights: groups.map { _ in 1 }), controlIndex: 0)
    }

    /// A typed event's line, in the runtime's shape.
    static func event(_ name: String, _ properties: [String: Any], device: String, user: String? = nil, at seconds: Double) -> String {
        var all = properties
        all["device"] = device
        if let user { all["user"] = user }
        return EventLines.line(name, at: seconds, all, user: user)
    }

    /// An exposure carrying further properties (a dimension).
    static func exposure(_ experiment: String, _ group: String, unit: String, at seconds: Double, _ properties: [String: Any] = [:]) -> String {
        EventLines.line("split_test_exposure", at: seconds, ["experiment": experiment, "group": group, "unit": unit].merging(properties) { first, _ in first })
    }

    /// The totals of `lines` read as from a file.
    static func totals(
        _ lines: [String], definitions: [SplitTestDefinition] = [definition()], metrics: MetricDefinitions = metrics(),
        dimension: String? = nil, preExposureWindow: PreExposureWindow? = nil
    ) throws -> (totals: [ExperimentTotals], accumulator: EventAccumulator) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("metric-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        var accumulator = EventAccumulator(
            definitions: definitions, metrics: metrics, dimension: dimension, preExposureWindow: preExposureWindow)
        try EventFiles.read([url.path], into: &accumulator)
        return (accumulator.totals(), accumulator)
    }
}
