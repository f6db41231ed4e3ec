@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTesting
import Testing

/// What `event:` and `metric:` documents, `metrics:` and `dimension:` become: the runtime's
/// values that the readout and the decision service read.
@Suite struct ParsingMetricsTests {
    static let yaml = """
        event: purchase
        description: A completed purchase.
        properties:
          revenue: { type: double, description: The amount paid. }
          currency: { type: string, values: [usd, eur] }
          items: { type: int }
          gift: { type: bool }
          coupon: { type: string }
        ---
        event: checkout_started
        ---
        metric: purchase_rate
        kind: conversion
        event: purchase
        window: 7d
        ---
        metric: checkouts
        kind: count
        event: checkout_started
        window: 12h
        cap: { absolute: 20 }
        ---
        metric: revenue_per_user
        kind: sum
        event: purchase
        value: revenue
        window: 30m
        cap: { percentile: 99.5 }
        ---
        metric: items_per_order
        kind: ratio
        numerator: { event: purchase, value: items }
        denominator: { event: purchase }
        direction: decrease
        ---
        metric: median_revenue
        kind: quantile
        event: purchase
        value: revenue
        quantile: 0.5
        ---
        identifier: button_color
        type: device
        groups: [red, blue]
        metrics:
          primary: purchase_rate
          secondary: [revenue_per_user, items_per_order]
          guardrails: [checkouts]
        ---
        identifier: onboarding
        type: device
        groups: [short, long]
        metrics: { guardrails: [median_revenue] }
        ---
        attributes:
          plan: { type: string, values: [free, pro], dimension: true }
          beta: { type: bool, dimension: false }
          age: { type: int }
        """

    @Test func eventsBecomeTheirDeclarations() {
        let result = compile([("m.yaml", Self.yaml)])
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.events == [
            SplitTestEventDeclaration(name: "purchase", properties: [
                .init(name: "revenue", type: .double), .init(name: "currency", type: .values(["usd", "eur"])),
                .init(name: "items", type: .int), .init(name: "gift", type: .bool), .init(name: "coupon", type: .string),
            ]),
            SplitTestEventDeclaration(name: "checkout_started", properties: []),
        ])
        #expect(result.eventDetails["purchase"]?.description == "A completed purchase.")
        #expect(result.eventDetails["purchase"]?.propertyDescriptions == ["revenue": "The amount paid."])
        #expect(result.eventDetails["purchase"]?.location.description == "m.yaml:1:8")
    }

    @Test func metricsBecomeTheirValues() {
        let result = compile([("m.yaml", Self.yaml)])
        #expect(result.metrics == [
            SplitTestMetric(name: "purchase_rate", kind: .conversion(event: "purchase"), window: 7 * 86_400),
            SplitTestMetric(
                name: "checkouts", kind: .count(event: "checkout_started"), window: 12 * 3_600, cap: .absolute(20)),
            SplitTestMetric(
                name: "revenue_per_user", kind: .sum(.init(event: "purchase", value: "revenue")), window: 30 * 60,
                cap: .percentile(99.5)),
            SplitTestMetric(
                name: "items_per_order",
                kind: .ratio(numerator: .init(event: "purchase", value: "items"), denominator: .init(event: "purchase")),
                direction: .decrease),
            SplitTestMetric(name: "median_revenue", kind: .quantile(.init(event: "purchase", value: "revenue"), quantile: 0.5)),
        ])
    }

    @Test func experimentsNameTheirMetricsByRole() throws {
        let result = compile([("m.yaml", Self.yaml)])
        let buttonColor = try #require(result.experiments.first { $0.identifier == "button_color" })
        #expect(buttonColor.metricRoles == SplitTestMetricRoles(
            primary: "purchase_rate", secondary: ["revenue_per_user", "items_per_order"], guardrails: ["checkouts"]))
        let onboarding = try #require(result.experiments.first { $0.identifier == "onboarding" })
        #expect(onboarding.metricRoles == SplitTestMetricRoles(guardrails: ["median_revenue"]))
        #expect(compile([("e.yaml", experiment())]).experiments.first?.metricRoles.isEmpty == true)
    }

    @Test func attributesDeclaredAsDimensions() {
        let attributes = compile([("m.yaml", Self.yaml)]).attributes
        #expect(attributes.map(\.name) == ["plan", "beta", "age"])
        #expect(attributes.map(\.isDimension) == [true, false, false])
    }

    /// Events and metrics may live in any file of the set, before or after what names them.
    @Test func declarationsSpanFiles() {
        let result = compile([
            ("a.yaml", experiment(extra: "metrics: { primary: logins }")),
            ("b.yaml", "metric: logins\nkind: count\nevent: login"),
            ("c.yaml", "event: login"),
        ])
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.experiments.first?.metricRoles.primary == "logins")
        #expect(result.metrics.map(\.name) == ["logins"])
    }

    @Test(arguments: [("1d", 86_400.0), ("36h", 129_600), ("90m", 5_400), ("3650d", 315_360_000)])
    func windows(text: String, seconds: Double) {
        #expect(MetricWindow.seconds(text) == seconds)
        #expect(MetricWindow.seconds(MetricWindow.text(seconds: seconds)) == seconds)
    }

    @Test(arguments: ["", "d", "7", "07d", "-1d", "1.5h", "7 d", "7w", "١d", "99999999999999999999d"])
    func notWindows(text: String) {
        #expect(MetricWindow.seconds(text) == nil)
    }
}
