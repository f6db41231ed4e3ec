import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The readout of metrics: the secondary metrics' comparisons adjusted together (the primary
/// and the guardrails not), verdicts by each metric's direction, a guardrail's harm in every
/// format, the JSON contract, and the effects' method and CUPED as for goals.
@Suite struct MetricReadoutTests {
    typealias F = MetricFixtures

    /// A sum metric over three groups with the given per-group sums (1,000 units each, the
    /// squares making a standard deviation of about 3).
    static func sum(_ name: String, role: MetricRole, means: [Double], direction: SplitTestMetric.Direction = .increase) -> MetricTotals {
        MetricTotals(
            metric: SplitTestMetric(name: name, kind: .sum(.init(event: "purchase", value: "revenue")), direction: direction),
            role: role, units: [1_000, 1_000, 1_000], sum: means.map { $0 * 1_000 },
            sumOfSquares: means.map { ($0 * $0 + 9) * 1_000 })
    }

    static func totals(_ metrics: [MetricTotals]) -> ExperimentTotals {
        var totals = ExperimentTotals(
            experiment: "checkout", kind: .experiment, groups: ["control", "blue", "green"], weights: [1, 1, 1], control: "control",
            units: [1_000, 1_000, 1_000], conflicts: 0, goals: [])
        totals.metrics = metrics
        return totals
    }

    static let family = [
        sum("primary", role: .primary, means: [10, 10.3, 10]),
        sum("second_a", role: .secondary, means: [10, 10.3, 10.1]),
        sum("second_b", role: .secondary, means: [10, 10.25, 9.9]),
        sum("load", role: .guardrail, means: [10, 10.5, 10.01], direction: .decrease),
    ]

    @Test func secondaryComparisonsAreAdjustedTogetherAndTheOthersNot() throws {
        for correction in MultipleComparisonCorrection.allCases {
            let readout = ReadoutBuilder.readout(Self.totals(Self.family), correction: correction)
            let metrics = try #require(readout.metrics)
            let secondary = metrics.filter { $0.role == .secondary }.flatMap(\.comparisons)
            let pValues = secondary.map { $0.effect.absolute?.pValue ?? .nan }
            #expect(secondary.map(\.pAdjusted) == correction.adjust(pValues))
            for metric in metrics where metric.role != .secondary {
                #expect(metric.comparisons.allSatisfy { $0.pAdjusted == $0.effect.absolute?.pValue })
            }
            #expect(readout.correction == correction)
        }
        // Holm's adjustment is felt: the smaller p-value of four is multiplied by four.
        let holm = try #require(ReadoutBuilder.readout(Self.totals(Self.family)).metrics)
        let adjusted = holm[1].comparisons[0]
        let plain = try #require(adjusted.effect.absolute?.pValue)
        #expect(try #require(adjusted.pAdjusted) > plain * 1.9)
    }

    @Test func verdictsFollowTheDirectionAndFlagHarm() throws {
        let metrics = try #require(ReadoutBuilder.readout(Self.totals(Self.family), correction: .none).metrics)
        #expect(metrics[0].comparisons.map(\.verdict) == [.better, .inconclusive])
        // The guardrail's `load` is to decrease: rising by 0.5 is harm; by 0.01 nothing.
        #expect(metrics[3].comparisons.map(\.verdict) == [.harm, .inconclusive])
        // The same rise on a secondary metric of the same direction is "worse", not harm.
        var worse = Self.family[3]
        worse.role = .secondary
        let secondary = try #require(ReadoutBuilder.readout(Self.totals([worse])).metrics)
        #expect(secondary[0].comparisons.first?.verdict == .worse)

        let readout = ReadoutBuilder.readout(Self.totals(Self.family))
        let text = TextReport.render([readout])
        #expect(text.contains("!! HARM: guardrail load moved the wrong way in 'blue'"), "\(text)")
        #expect(text.split(separator: "\n").first { $0.contains("load") && $0.hasPrefix("  guardrail") } != nil)
        let html = HTMLReport.render([readout])
        #expect(html.contains("data-verdict=\"harm\"") && html.contains("data-verdict-value=\"harm\""))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.render([readout]).utf8)) as? [[String: Any]])
        let load = try #require((json.first?["metrics"] as? [[String: Any]])?.last)
        #expect((load["comparisons"] as? [[String: Any]])?.first?["verdict"] as? String == "harm")
    }

    @Test func theJSONContract() throws {
        let (totals, _) = try F.totals(MetricSimulation(unitsPerGroup: 300).lines(), dimension: "country")
        let json = JSONReport.render(ReadoutBuilder.readouts(totals))
        let experiments = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let checkout = try #require(experiments.first)
        #expect(checkout["correction"] as? String == "holm" && checkout["metrics_by"] as? String == "country")
        // The existing fields are all still there.
        for key in ["experiment", "kind", "control", "units", "conflicts", "srm", "aa_check", "goals"] {
            #expect(checkout.keys.contains(key), "\(key)")
        }
        let metrics = try #require(checkout["metrics"] as? [[String: Any]])
        #expect(metrics.map { $0["metric"] as? String } == ["purchase_rate", "purchases", "revenue_per_user", "revenue_per_order", "p90_load_time"])
        #expect(metrics.map { $0["kind"] as? String } == ["conversion", "count", "sum", "ratio", "quantile"])
        #expect(metrics.map { $0["role"] as? String } == ["primary", "secondary", "secondary", "secondary", "guardrail"])
        for metric in metrics {
            for key in ["metric", "kind", "role", "groups", "comparisons", "slices"] { #expect(metric.keys.contains(key), "\(key)") }
            let groups = try #require(metric["groups"] as? [[String: Any]])
            #expect(groups.map { $0["group"] as? String } == ["control", "blue"])
            #expect(groups.allSatisfy { Set(["group", "units", "value"]).isSubset(of: $0.keys) && $0["units"] as? Int == 300 })
            let comparisons = try #require(metric["comparisons"] as? [[String: Any]])
            #expect(comparisons.count == 1)
            let keys = [
                "group", "estimate", "ci_low", "ci_high", "relative", "relative_ci_low", "relative_ci_high", "p_value", "p_adjusted",
                "verdict",
            ]
            for key in keys { #expect(comparisons[0].keys.contains(key), "\(metric["metric"] ?? "") \(key)") }
            #expect(comparisons[0]["estimate"] is Double && comparisons[0]["p_adjusted"] is Double)
            let slices = try #require(metric["slices"] as? [[String: Any]])
            #expect(slices.map { $0["value"] as? String ?? "" }.sorted() == ["de", "fr", "jp", "us"])
        }
        // A rate is the share of units that sent the event; a quantile says over how many events.
        let rate = try #require((metrics[0]["groups"] as? [[String: Any]])?.first)
        let count = try #require(totals.first?.metrics.first?.sum.first)
        #expect(abs((rate["value"] as? Double ?? 0) - count / 300) < 1e-15)
        #expect(((metrics[4]["groups"] as? [[String: Any]])?.first?["events"] as? Int ?? 0) > 300)
        #expect(!json.lowercased().contains("nan"))
    }

    @Test func theEffectsMethodAndCUPEDApplyAsToGoals() throws {
        var lines = MetricSimulation(unitsPerGroup: 500).lines()
        // Purchases in the week before the exposures, correlated with those after.
        for index in stride(from: 0, to: 1_000, by: 3) {
            lines.append(F.event("purchase", ["revenue": 25, "currency": "usd"], device: "unit-\(index)", at: -86_400))
        }
        let (totals, _) = try F.totals(lines, preExposureWindow: .twoWeeks)
        let settings = EffectSettings(method: .sequential(tuning: 2_000), cuped: true)
        let metrics = try #require(ReadoutBuilder.readouts(totals, effects: settings).first?.metrics)
        for metric in metrics {
            let effect = try #require(metric.comparisons.first?.effect)
            #expect(effect.method == .sequential(tuning: 2_000))
            switch metric.metric.kind {
            case .ratio, .quantile: #expect(effect.cuped == nil && metric.preExposureWindow == nil, "\(metric.metric.name)")
            default: #expect(effect.cuped != nil && metric.preExposureWindow == .twoWeeks, "\(metric.metric.name)")
            }
        }
        // Without CUPED the same figures are unadjusted, and the sequential interval is wider
        // than Welch's.
        let plain = try #require(ReadoutBuilder.readouts(totals).first?.metrics?.first?.comparisons.first?.effect.absolute)
        let sequential = try #require(
            ReadoutBuilder.readouts(totals, effects: EffectSettings(method: .sequential())).first?.metrics?.first?.comparisons.first?.effect.absolute)
        #expect(sequential.ciHigh - sequential.ciLow > plain.ciHigh - plain.ciLow)
        let text = TextReport.render(ReadoutBuilder.readouts(totals, effects: settings))
        #expect(text.contains("sequential test") && text.contains("CUPED: conversions, counts and sums adjusted"))
    }

    @Test func linesAreReadWithTheirPropertiesWhenAsked() throws {
        let line = #"{"date":"2026-03-01T12:00:00Z","event":"purchase","properties":{"currency":"usd","device":"d1","nested":{"a":[1]},"revenue":3.99,"gift":true,"user":"u1","value":2},"user":"u1"}"#
        let event = try JSONLineParser.parse(line, collectingProperties: true).get()
        #expect(event.device == "d1" && event.user == "u1" && event.value == 2)
        #expect(event.properties.map(\.name) == ["currency", "nested", "revenue", "gift", "value"])
        #expect(event.properties.map(\.value) == [.string("usd"), nil, .double(3.99), .bool(true), .double(2)])
        // Without asking, nothing more is kept.
        #expect(try JSONLineParser.parse(line).get().properties.isEmpty)
        // A flat export's properties sit beside the event's name.
        let flat = try JSONLineParser.parse(#"{"event":"purchase","date":"2026-03-01T12:00:00Z","revenue":1.5,"device":"d2"}"#, collectingProperties: true).get()
        #expect(flat.properties == [.init(name: "revenue", value: .double(1.5))] && flat.device == "d2")
    }
}
