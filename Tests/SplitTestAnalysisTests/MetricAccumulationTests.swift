import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Declared events read into metrics on small, hand-checked inputs: per unit from its first
/// exposure, 0 for a unit without events, within the window, capped; a line that does not match
/// its declaration is reported and left out; quantiles over the events; slices by a dimension.
@Suite struct MetricAccumulationTests {
    typealias F = MetricFixtures

    /// control: d1 (first exposed at 90), d2, d3; blue: d4, d5, d6; d7 in both (a conflict).
    static func lines(extra: [String] = []) -> [String] {
        [
            F.exposure("checkout", "control", unit: "d1", at: 100, ["country": "us"]),
            F.exposure("checkout", "control", unit: "d1", at: 90, ["country": "us"]),
            F.exposure("checkout", "control", unit: "d2", at: 100, ["country": "us"]),
            F.exposure("checkout", "control", unit: "d3", at: 100, ["country": "fr"]),
            F.exposure("checkout", "blue", unit: "d4", at: 100, ["country": "us"]),
            F.exposure("checkout", "blue", unit: "d5", at: 100),
            F.exposure("checkout", "blue", unit: "d6", at: 100, ["dimension_country": "fr"]),
            F.exposure("checkout", "control", unit: "d7", at: 100),
            F.exposure("checkout", "blue", unit: "d7", at: 101),
            F.event("purchase", ["revenue": 10, "currency": "usd"], device: "d1", at: 95),
            F.event("purchase", ["revenue": 5, "currency": "usd"], device: "d1", at: 200),
            F.event("purchase", ["revenue": 7, "currency": "usd"], device: "d2", at: 50),
            F.event("purchase", ["revenue": 20, "currency": "usd"], device: "d4", at: 150),
            F.event("purchase", ["revenue": 100, "currency": "usd"], device: "d4", at: 100 + 8 * 86_400),
            F.event("purchase", ["revenue": 3, "currency": "eur"], device: "d5", at: 300),
            F.event("purchase", ["revenue": 1_000, "currency": "usd"], device: "d7", at: 150),
            F.event("purchase", ["revenue": 4, "currency": "yen"], device: "d6", at: 150),
            F.event("purchase", ["revenue": "12", "currency": "usd"], device: "d6", at: 160),
            F.event("purchase", ["currency": "usd"], device: "d6", at: 170),
            EventLines.line("purchase", at: 180, ["revenue": 1, "currency": "usd"]),
            F.event("screen_loaded", ["milliseconds": 100], device: "d1", at: 120),
            F.event("screen_loaded", ["milliseconds": 200], device: "d1", at: 130),
            F.event("screen_loaded", ["milliseconds": 300], device: "d2", at: 140),
            F.event("screen_loaded", ["milliseconds": 150], device: "d4", at: 140),
            F.event("screen_loaded", ["milliseconds": 250], device: "d5", at: 140),
            F.event("screen_loaded", ["milliseconds": 350], device: "d5", at: 150),
            F.event("screen_loaded", ["milliseconds": 1_000], device: "d6", at: 150),
            F.event("screen_loaded", ["milliseconds": 12.5], device: "d6", at: 160),
        ] + extra
    }

    static func metric(_ name: String, in totals: ExperimentTotals) throws -> MetricTotals {
        try #require(totals.metrics.first { $0.metric.name == name })
    }

    @Test func eachKindSumsPerUnitFromTheFirstExposure() throws {
        let (totals, accumulator) = try F.totals(Self.lines())
        let checkout = try #require(totals.first)
        #expect(checkout.units == [3, 3] && checkout.conflicts == 1)
        #expect(checkout.metrics.map(\.metric.name) == ["purchase_rate", "purchases", "revenue_per_user", "revenue_per_order", "p90_load_time"])
        #expect(checkout.metrics.map(\.role) == [.primary, .secondary, .secondary, .secondary, .guardrail])

        let rate = try Self.metric("purchase_rate", in: checkout)
        #expect(rate.units == [3, 3] && rate.sum == [1, 2] && rate.sumOfSquares == [1, 2])
        let count = try Self.metric("purchases", in: checkout)
        #expect(count.sum == [2, 3] && count.sumOfSquares == [4, 5])
        let revenue = try Self.metric("revenue_per_user", in: checkout)
        #expect(revenue.sum == [15, 123] && revenue.sumOfSquares == [225, 14_409])
        let ratio = try Self.metric("revenue_per_order", in: checkout)
        #expect(ratio.sum == [15, 123])
        #expect(ratio.ratio == RatioSums(denominatorSum: [2, 3], denominatorSumOfSquares: [4, 5], sumOfProducts: [30, 243]))

        // The quantile over the events: control [100, 200, 300] → 280; blue [150, 250, 350, 1000] → 805.
        let load = try Self.metric("p90_load_time", in: checkout)
        let quantiles = try #require(load.quantiles)
        #expect(zip(quantiles.map { $0?.estimate ?? 0 }, [280.0, 805]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(quantiles.map { $0?.events } == [3, 4])
        // Per unit: d1 has 2 events, both at or below 280; d2 one, above; d3 none.
        #expect(quantiles[0]?.clusters == QuantileClusters(
            units: 3, belowSum: 2, belowSumOfSquares: 4, eventSum: 3, eventSumOfSquares: 5, sumOfProducts: 4))

        // Lines that do not match their declaration: reported with their line, left out.
        let mismatches = accumulator.issues.filter { $0.kind == .eventNotAsDeclared }
        #expect(mismatches.map(\.line) == [17, 18, 19, 28], "\(accumulator.issues)")
        #expect(mismatches.first?.message.contains("'yen', not one of usd, eur, gbp") == true)
        #expect(mismatches.last?.message.contains("declared a whole number") == true)
        #expect(accumulator.issues.contains { $0.kind == .missingField && $0.line == 20 })
        // Events of units never exposed or from before the exposure are ordinary traffic.
        #expect(!accumulator.issues.contains { $0.kind == .goalBeforeExposure || $0.kind == .preExposureGoal })
    }

    @Test func windowsAndCapsApplyPerUnit() throws {
        let windowed = SplitTestMetric(
            name: "revenue_per_user", kind: .sum(.init(event: "purchase", value: "revenue")), window: 7 * 86_400)
        let absolute = SplitTestMetric(
            name: "capped_revenue", kind: .sum(.init(event: "purchase", value: "revenue")), cap: .absolute(12))
        let percentile = SplitTestMetric(
            name: "median_capped", kind: .sum(.init(event: "purchase", value: "revenue")), cap: .percentile(50))
        let ratio = SplitTestMetric(
            name: "capped_ratio", kind: .ratio(numerator: .init(event: "purchase", value: "revenue"), denominator: .init(event: "purchase")),
            cap: .absolute(1.5))
        let metrics = MetricDefinitions(
            events: [F.purchase], metrics: [windowed, absolute, percentile, ratio],
            roles: ["checkout": SplitTestMetricRoles(secondary: ["revenue_per_user", "capped_revenue", "median_capped", "capped_ratio"])])
        let checkout = try #require(try F.totals(Self.lines(), metrics: metrics).totals.first)
        // d4's purchase eight days after its exposure is outside the seven-day window.
        #expect(try Self.metric("revenue_per_user", in: checkout).sum == [15, 23])
        // Capped at 12: d1 15 → 12; d4 120 → 12, d5 3.
        let capped = try Self.metric("capped_revenue", in: checkout)
        #expect(capped.sum == [12, 15] && capped.capValue == 12 && capped.sumOfSquares == [144, 153])
        // The median of the units' values that are not 0 (3, 15, 120) is 15.
        let median = try Self.metric("median_capped", in: checkout)
        #expect(median.capValue == 15 && median.sum == [15, 18])
        // A ratio caps its numerator and its denominator: d1 15 → 1.5 over 2 → 1.5.
        let cappedRatio = try Self.metric("capped_ratio", in: checkout)
        #expect(cappedRatio.sum == [1.5, 3] && cappedRatio.ratio?.denominatorSum == [1.5, 2.5])
    }

    @Test func aMetricOverAnEventThatNeverOccursSaysSo() throws {
        let metrics = F.metrics(roles: SplitTestMetricRoles(primary: "signup_rate", secondary: ["purchases"]))
        let (totals, _) = try F.totals(Self.lines(), metrics: metrics)
        let readout = try #require(ReadoutBuilder.readouts(totals).first?.metrics)
        #expect(readout.first?.note == "no 'signup' event in the input: nothing to measure")
        #expect(readout.last?.note == nil)
        let text = TextReport.render(ReadoutBuilder.readouts(totals))
        #expect(text.contains("no 'signup' event in the input"))
        // No table of zeros under the note, in text or HTML; the measured metric keeps its table.
        let signup = try #require(text.range(of: "signup_rate:")), purchases = try #require(text.range(of: "purchases:"))
        #expect(!text[signup.upperBound..<purchases.lowerBound].contains("group"), "\(text)")
        #expect(text[purchases.upperBound...].contains("group"), "\(text)")
        let html = HTMLReport.render(ReadoutBuilder.readouts(totals))
        let noted = try #require(html.range(of: "data-metric=\"signup_rate\""))
        let measured = try #require(html.range(of: "data-metric=\"purchases\""))
        #expect(!html[noted.upperBound..<measured.lowerBound].contains("<table"))
        #expect(html[measured.upperBound...].contains("<table"))
    }

    /// d6's exposure names the property as the runtime names an attribute's dimension
    /// (`dimension_country`), which `--by country` reads too.
    @Test func slicesByTheDimensionOfEachUnitsFirstExposure() throws {
        let checkout = try #require(try F.totals(Self.lines(), dimension: "country").totals.first)
        let slices = try #require(checkout.metricSlices)
        #expect(slices.dimension == "country")
        #expect(slices.slices.map(\.value) == ["us", "fr", MetricSlices.noValue])
        #expect(slices.slices.map(\.units) == [[2, 1], [1, 1], [0, 1]])
        let revenue = try #require(slices.slices.first?.metrics.first { $0.metric.name == "revenue_per_user" })
        #expect(revenue.sum == [15, 120])
        let load = try #require(slices.slices.first?.metrics.first { $0.metric.name == "p90_load_time" })
        // us: control d1, d2 ([100, 200, 300]); blue d4 ([150]).
        #expect(load.quantiles?.map { $0?.estimate } == [280, 150])
    }

    @Test func theTwentyMostCommonValuesAndTheRest() throws {
        var lines: [String] = []
        // Value v_k has 30 − k units (k = 0…24), alternately in control and blue.
        var unit = 0
        for value in 0..<25 {
            for _ in 0..<(30 - value) {
                lines.append(F.exposure("checkout", unit % 2 == 0 ? "control" : "blue", unit: "u\(unit)", at: 0, ["country": "c\(value)"]))
                lines.append(F.event("purchase", ["revenue": 1, "currency": "usd"], device: "u\(unit)", at: 1))
                unit += 1
            }
        }
        let checkout = try #require(try F.totals(lines, dimension: "country").totals.first)
        let slices = try #require(checkout.metricSlices).slices
        #expect(slices.count == 21)
        #expect(slices.prefix(20).map(\.value) == (0..<20).map { "c\($0)" })
        #expect(slices.last?.value == MetricSlices.otherSlice)
        // The other five values: 10 + 9 + 8 + 7 + 6 units.
        #expect(slices.last?.units.reduce(0, +) == 40)
        let sliced: Int = slices.flatMap(\.units).reduce(0, +)
        #expect(sliced == checkout.units.reduce(0, +))
    }

    @Test func cupedReadsTheSameMetricBeforeTheExposure() throws {
        var lines = Self.lines()
        // d3 bought twice in the week before its exposure, d5 once.
        lines.append(F.event("purchase", ["revenue": 6, "currency": "usd"], device: "d3", at: 100 - 86_400))
        lines.append(F.event("purchase", ["revenue": 2, "currency": "usd"], device: "d3", at: 100 - 2 * 86_400))
        lines.append(F.event("purchase", ["revenue": 9, "currency": "usd"], device: "d5", at: 100 - 3 * 86_400))
        let checkout = try #require(try F.totals(lines, preExposureWindow: .twoWeeks).totals.first)
        // d2's purchase at 50 is before its exposure at 100: in its window too.
        let revenue = try #require(try Self.metric("revenue_per_user", in: checkout).covariates)
        #expect(revenue.sum == [7 + 8, 9] && revenue.sumOfSquares == [49 + 64, 81] && revenue.sumOfProducts == [0, 9 * 3])
        let rate = try #require(try Self.metric("purchase_rate", in: checkout).covariates)
        #expect(rate.sum == [2, 1] && rate.sumOfProducts == [0, 1])
        #expect(try Self.metric("revenue_per_order", in: checkout).covariates == nil)
        #expect(try Self.metric("p90_load_time", in: checkout).covariates == nil)
    }

    @Test func experimentsWithoutMetricsReadAsBefore() throws {
        var lines = Self.lines()
        lines.append(EventLines.exposure("other", "control", unit: "d1", at: 0))
        lines.append(EventLines.goal("buy", value: 2, device: "d1", at: 5))
        let definitions = [F.definition(), F.definition("other")]
        let (totals, _) = try F.totals(lines, definitions: definitions)
        let other = try #require(totals.first { $0.experiment == "other" })
        #expect(other.metrics.isEmpty && other.metricSlices == nil)
        #expect(other.goals.first?.valueSum == [2, 0])
        #expect(ReadoutBuilder.readout(other).metrics == nil)
        #expect(!JSONReport.render([ReadoutBuilder.readout(other)]).contains("\"metrics\""))
    }
}
