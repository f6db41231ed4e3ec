import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestStatistics
import Testing
import TestTools

/// The metrics four ways: read from the events, and summed by the emitted SQL in DuckDB (and
/// BigQuery's text in DuckDB, and Spark where it is installed), then read from that CSV: every
/// metric's sums, a ratio's cross-products, a quantile and its bounds and per-unit counts, the
/// caps and CUPED's covariates equal to 1e-9, and so every figure of the readout.
@Suite struct MetricWarehouseTests {
    typealias F = MetricFixtures

    /// Every kind, with a window, an absolute and a percentile cap, a ratio capped on both sides.
    static let metrics: MetricDefinitions = {
        let revenueSource = SplitTestMetric.Source(event: "purchase", value: "revenue")
        let all = [
            F.purchaseRate, F.purchases, F.loadTime, F.signups,
            SplitTestMetric(name: "revenue_per_user", kind: .sum(revenueSource), window: 3 * 86_400, cap: .percentile(90)),
            SplitTestMetric(name: "revenue_per_order", kind: .ratio(numerator: revenueSource, denominator: .init(event: "purchase")), cap: .percentile(95)),
            SplitTestMetric(name: "capped_revenue", kind: .sum(revenueSource), cap: .absolute(30)),
            SplitTestMetric(name: "orders_in_a_day", kind: .count(event: "purchase"), window: 86_400),
            SplitTestMetric(name: "p50_load_time", kind: .quantile(.init(event: "screen_loaded", value: "milliseconds"), quantile: 0.5)),
        ]
        return MetricDefinitions(
            events: [F.purchase, F.screenLoaded, F.signup], metrics: all,
            roles: [
                "checkout": SplitTestMetricRoles(
                    primary: "purchase_rate", secondary: ["purchases", "revenue_per_user", "revenue_per_order", "capped_revenue", "orders_in_a_day", "signup_rate"],
                    guardrails: ["p90_load_time", "p50_load_time"]),
                "banner": SplitTestMetricRoles(primary: "revenue_per_user", secondary: ["p90_load_time"]),
            ])
    }()

    static let definitions = [F.definition(), F.definition("banner", groups: ["control", "big", "small"]), F.definition("plain")]

    /// The simulation's units in `checkout`, some of them in `banner` too (keyed by user for a
    /// few), a conflict, purchases before the exposure (CUPED's pre-period) and days after it
    /// (beyond the windows), and events of units never exposed.
    static func lines() -> [String] {
        var lines = MetricSimulation(unitsPerGroup: 400, seed: 31).lines()
        var generator = SplitMix64(seed: 5)
        for index in 0..<800 {
            let device = "unit-\(index)"
            if index % 3 == 0 {
                lines.append(F.exposure("banner", ["control", "big", "small"][index % 9 / 3], unit: device, at: 1_000))
            }
            if index % 5 == 0 {
                lines.append(F.event(
                    "purchase", ["revenue": Double(5 + Int(generator.next() % 50)), "currency": "eur"], device: device,
                    at: 1_000 + Double(1 + Int(generator.next() % 6)) * 86_400))
            }
            if index % 7 == 0 {
                lines.append(F.event(
                    "purchase", ["revenue": Double(Int(generator.next() % 40)), "currency": "gbp"], device: device,
                    at: -Double(1 + Int(generator.next() % 20)) * 86_400))
            }
        }
        // A user-keyed join: the purchase names the user, whose device is not exposed.
        lines.append(F.exposure("banner", "big", unit: "user-1", at: 0))
        lines.append(F.event("purchase", ["revenue": 12, "currency": "usd"], device: "elsewhere", user: "user-1", at: 100))
        lines.append(F.exposure("checkout", "control", unit: "unit-2", at: 3))
        lines.append(F.event("purchase", ["revenue": 99, "currency": "usd"], device: "stranger", at: 50))
        lines.append(EventLines.exposure("plain", "control", unit: "unit-1", at: 0))
        return lines
    }

    /// Each dialect's aggregates of `lines`, read back.
    static func aggregates(
        _ lines: [String], dialects: [SQLDialect], preExposureWindow: PreExposureWindow?, in folder: URL
    ) throws -> [[ExperimentTotals]] {
        let events = folder.appendingPathComponent("events.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: events)
        var jobs: [String] = []
        for dialect in dialects {
            let sql = WarehouseQuery.sql(
                dialect: dialect, eventsTable: "events", definitions: definitions, preExposureWindow: preExposureWindow, metrics: metrics)
            let query = folder.appendingPathComponent("\(dialect.rawValue).sql")
            try Data(sql.utf8).write(to: query)
            jobs.append("\(dialect.rawValue):\(query.path):\(folder.appendingPathComponent("\(dialect.rawValue).csv").path)")
        }
        let run = try ExternalProcess.python(
            "run_warehouse.py", ["--property", "revenue", "--property", "milliseconds", events.path] + jobs)
        try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
        return try dialects.map { dialect in
            let text = try String(contentsOf: folder.appendingPathComponent("\(dialect.rawValue).csv"), encoding: .utf8)
            let aggregates = try AggregatesCSV.read(text, definitions: definitions, metrics: metrics)
            #expect(aggregates.metricsComputed)
            #expect(aggregates.definitionsFingerprint == DefinitionsFingerprint.of(definitions, metrics: metrics))
            return aggregates.totals
        }
    }

    static func expectSame(_ events: [ExperimentTotals], _ warehouse: [ExperimentTotals], _ label: String) {
        var differences: [String] = []
        var compared = 0
        func close(_ a: Double?, _ b: Double?, _ path: String) {
            compared += 1
            switch (a, b) {
            case (nil, nil): return
            case (let a?, let b?) where abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)): return
            default: differences.append("\(path): events \(String(describing: a)) warehouse \(String(describing: b))")
            }
        }
        func closeAll(_ a: [Double], _ b: [Double], _ path: String) {
            guard a.count == b.count else { return differences.append("\(path): \(a.count) groups against \(b.count)") }
            for (index, pair) in zip(a, b).enumerated() { close(pair.0, pair.1, "\(path)[\(index)]") }
        }
        for experiment in events where experiment.kind == .experiment {
            guard let other = warehouse.first(where: { $0.experiment == experiment.experiment }) else {
                differences.append("\(experiment.experiment): not in the warehouse")
                continue
            }
            #expect(experiment.units == other.units, "\(label) \(experiment.experiment) units")
            #expect(experiment.metrics.map(\.metric.name) == other.metrics.map(\.metric.name), "\(label) \(experiment.experiment) metrics")
            for (mine, theirs) in zip(experiment.metrics, other.metrics) {
                let path = "\(label) \(experiment.experiment).\(mine.metric.name)"
                #expect(mine.units == theirs.units && mine.eventsRead == theirs.eventsRead && mine.role == theirs.role, "\(path)")
                closeAll(mine.sum, theirs.sum, "\(path).sum")
                closeAll(mine.sumOfSquares, theirs.sumOfSquares, "\(path).sum_squares")
                close(mine.capValue, theirs.capValue, "\(path).cap")
                if let ratio = mine.ratio, let other = theirs.ratio {
                    closeAll(ratio.denominatorSum, other.denominatorSum, "\(path).denominator_sum")
                    closeAll(ratio.denominatorSumOfSquares, other.denominatorSumOfSquares, "\(path).denominator_sum_squares")
                    closeAll(ratio.sumOfProducts, other.sumOfProducts, "\(path).products")
                } else if (mine.ratio == nil) != (theirs.ratio == nil) {
                    differences.append("\(path): ratio sums on one side only")
                }
                if let covariates = mine.covariates, let other = theirs.covariates {
                    closeAll(covariates.sum, other.sum, "\(path).pre_sum")
                    closeAll(covariates.sumOfSquares, other.sumOfSquares, "\(path).pre_sum_squares")
                    closeAll(covariates.sumOfProducts, other.sumOfProducts, "\(path).pre_products")
                } else if (mine.covariates == nil) != (theirs.covariates == nil) {
                    differences.append("\(path): covariates on one side only")
                }
                for (index, pair) in zip(mine.quantiles ?? [], theirs.quantiles ?? []).enumerated() {
                    guard let a = pair.0, let b = pair.1 else {
                        if (pair.0 == nil) != (pair.1 == nil) { differences.append("\(path)[\(index)]: a quantile on one side only") }
                        continue
                    }
                    #expect(a.events == b.events && a.boundsSampleSize == b.boundsSampleSize, "\(path)[\(index)] events")
                    close(a.estimate, b.estimate, "\(path)[\(index)].quantile")
                    close(a.lower, b.lower, "\(path)[\(index)].lower")
                    close(a.upper, b.upper, "\(path)[\(index)].upper")
                    #expect(a.clusters == b.clusters, "\(path)[\(index)] clusters \(String(describing: a.clusters)) \(String(describing: b.clusters))")
                }
                #expect((mine.quantiles == nil) == (theirs.quantiles == nil), "\(path) quantiles")
            }
        }
        #expect(differences.isEmpty && compared > 70, "\(compared) compared: \(differences.prefix(12))")
    }

    @Test(.requires(.duckdb)) func theWarehouseSumsEveryMetricKindAsTheEventsDo() throws {
        try Oracle.duckdb.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for window in [nil, PreExposureWindow.twoWeeks] {
            let lines = Self.lines()
            let (events, _) = try F.totals(lines, definitions: Self.definitions, metrics: Self.metrics, preExposureWindow: window)
            let checkout = try #require(events.first { $0.experiment == "checkout" })
            // The data exercise what is compared: caps that bite, quantiles, a metric without events.
            #expect(checkout.metrics.first { $0.metric.name == "revenue_per_user" }?.capValue != nil)
            #expect(checkout.metrics.first { $0.metric.name == "signup_rate" }?.eventsRead == false)
            #expect(window == nil || checkout.metrics.first { $0.metric.name == "revenue_per_user" }?.covariates?.sum.reduce(0, +) ?? 0 > 0)
            let warehouse = try Self.aggregates(lines, dialects: [.duckdb, .bigquery], preExposureWindow: window, in: folder)
            for (dialect, totals) in zip(["duckdb", "bigquery"], warehouse) {
                Self.expectSame(events, totals, "\(dialect)\(window == nil ? "" : " --cuped")")
                // And so the metrics' readouts, figure for figure.
                let settings = EffectSettings(method: .tTest, cuped: window != nil)
                func metrics(_ totals: [ExperimentTotals]) throws -> [Any] {
                    let json = JSONReport.render(ReadoutBuilder.readouts(totals.filter { $0.kind == .experiment }, effects: settings))
                    let experiments = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
                    return experiments.map { $0["metrics"] ?? NSNull() }
                }
                var differences: [String] = []
                var compared = 0
                JSONComparison.compare(try metrics(events), try metrics(totals), path: dialect, differences: &differences, compared: &compared)
                #expect(differences.isEmpty && compared > 120, "\(compared) compared: \(differences.prefix(10))")
            }
        }
    }

    @Test(.requires(.warehouse)) func sparkSumsTheMetricsToo() throws {
        try Oracle.warehouse.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = Self.lines()
        let (events, _) = try F.totals(lines, definitions: Self.definitions, metrics: Self.metrics, preExposureWindow: .twoWeeks)
        let warehouse = try Self.aggregates(lines, dialects: [.spark], preExposureWindow: .twoWeeks, in: folder)
        Self.expectSame(events, warehouse[0], "spark --cuped")
    }

    @Test func withoutMetricsTheQueryIsTheSame() {
        for dialect in SQLDialect.allCases {
            #expect(
                WarehouseQuery.sql(dialect: dialect, eventsTable: "events", definitions: Self.definitions)
                    == WarehouseQuery.sql(
                        dialect: dialect, eventsTable: "events", definitions: Self.definitions, preExposureWindow: nil,
                        metrics: MetricDefinitions(events: [F.purchase])))
        }
        // A service's table gets no metric rows, and its fingerprint says so.
        let sqlite = WarehouseQuery.sql(dialect: .sqlite, eventsTable: "events", definitions: Self.definitions, preExposureWindow: nil, metrics: Self.metrics)
        #expect(!sqlite.contains("metric0") && sqlite.contains(DefinitionsFingerprint.of(Self.definitions)))
    }
}
