import Foundation
@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics
import Testing
import TestTools

/// `splitc analyze` with metrics and `splitc plan`, end to end: usage mistakes exit 2 with a
/// sentence; definitions that declare events and metrics give the metrics with no flag, sliced
/// with `--by`, the same through the emitted SQL in DuckDB, and plans of their experiments.
@Suite struct MetricCommandTests {
    /// Definitions in the language's own words: events, metrics, and an experiment judged by them.
    static let definitions = """
        event: purchase
        properties:
          revenue: { type: double }
          currency: { values: [usd, eur, gbp] }
        ---
        event: screen_loaded
        properties:
          milliseconds: { type: int }
        ---
        metric: purchase_rate
        kind: conversion
        event: purchase
        ---
        metric: revenue_per_user
        kind: sum
        event: purchase
        value: revenue
        window: 7d
        cap: { percentile: 99 }
        ---
        metric: revenue_per_order
        kind: ratio
        numerator: { event: purchase, value: revenue }
        denominator: { event: purchase }
        ---
        metric: p90_load_time
        kind: quantile
        event: screen_loaded
        value: milliseconds
        quantile: 0.9
        direction: decrease
        ---
        identifier: checkout
        type: device
        groups: [control, blue]
        metrics:
          primary: purchase_rate
          secondary: [revenue_per_user, revenue_per_order]
          guardrails: [p90_load_time]
        """

    static func folder() throws -> URL {
        let folder = try ExternalProcess.temporaryFolder()
        let experiments = folder.appendingPathComponent("experiments")
        try FileManager.default.createDirectory(at: experiments, withIntermediateDirectories: true)
        try Data(definitions.utf8).write(to: experiments.appendingPathComponent("checkout.yaml"))
        try Data((MetricSimulation(unitsPerGroup: 800).lines().joined(separator: "\n") + "\n").utf8)
            .write(to: folder.appendingPathComponent("events.jsonl"))
        return folder
    }

    // MARK: Usage

    @Test func usageMistakesExitTwoWithASentence() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], String)] = [
            (["analyze", "events.jsonl", "--correction", "bonferroni"], "Please provide one of 'holm', 'bh' or 'none'"),
            (["analyze", "--aggregates", "result.csv", "--by", "country"], "--by reads the dimension from each unit's exposure"),
            (["analyze", "--emit-sql", "duckdb", "--events-table", "events", "--by", "country"], "--by applies to the readout"),
            (["plan", "--experiment", "checkout", "--metric", "purchase_rate"], "--mde"),
            (["plan", "--experiment", "checkout", "--metric", "purchase_rate", "--mde", "0.1"], "give --baseline RATE"),
            (["plan", "--experiment", "checkout", "--metric", "purchase_rate", "--mde", "0.1", "--baseline", "0.1", "--mean", "3", "--sd", "1"],
             "not both"),
            (["plan", "--experiment", "checkout", "--metric", "purchase_rate", "--mde", "a tenth", "--baseline", "0.1"],
             "--mde must be a number; found 'a tenth'"),
            (["plan", "--experiment", "checkout", "--metric", "purchase_rate", "--mde", "0.1", "--baseline", "0.1", "--power", "1.5"],
             "--power must be between --alpha (0.05) and 1; found 1.5"),
        ]
        for (arguments, message) in cases {
            let outcome = try ExternalProcess.splitc(arguments, in: folder)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("Fatal error") && !outcome.stderr.contains("Stack dump"))
        }
    }

    // MARK: End to end, with definitions that declare metrics

    @Test func analyzeReportsTheMetricsWithNoFlag() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json", "--by", "country", "--correction", "bh"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let experiments = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        let checkout = try #require(experiments.first { $0["experiment"] as? String == "checkout" })
        #expect(checkout["correction"] as? String == "bh" && checkout["metrics_by"] as? String == "country")
        let metrics = try #require(checkout["metrics"] as? [[String: Any]])
        #expect(metrics.map { $0["metric"] as? String } == ["purchase_rate", "revenue_per_user", "revenue_per_order", "p90_load_time"])
        #expect((metrics.last?["comparisons"] as? [[String: Any]])?.first?["verdict"] as? String == "harm")
        #expect((metrics.first?["slices"] as? [[String: Any]])?.count == 4)
        let text = try ExternalProcess.splitc(["analyze", "events.jsonl"], in: folder)
        #expect(text.stdout.contains("!! HARM: guardrail p90_load_time"), "\(text.stdout)")
    }

    @Test(.requires(.duckdb)) func theEmittedSQLGivesTheSameMetrics() throws {
        try Oracle.duckdb.require()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sql = try ExternalProcess.splitc(["analyze", "--emit-sql", "duckdb", "--events-table", "events"], in: folder)
        #expect(sql.status == 0, "\(sql.stderr)")
        try Data(sql.stdout.utf8).write(to: folder.appendingPathComponent("query.sql"))
        let run = try ExternalProcess.python("run_warehouse.py", [
            "--property", "revenue", "--property", "milliseconds", folder.appendingPathComponent("events.jsonl").path,
            "duckdb:\(folder.appendingPathComponent("query.sql").path):\(folder.appendingPathComponent("result.csv").path)",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let direct = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"], in: folder)
        let aggregated = try ExternalProcess.splitc(["analyze", "--aggregates", "result.csv", "--format", "json"], in: folder)
        #expect(aggregated.status == 0, "\(aggregated.stderr)")
        func metrics(_ text: String) throws -> Any {
            let experiments = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            return experiments.first { $0["experiment"] as? String == "checkout" }?["metrics"] ?? NSNull()
        }
        var differences: [String] = []
        var compared = 0
        JSONComparison.compare(try metrics(direct.stdout), try metrics(aggregated.stdout), path: "metrics", differences: &differences, compared: &compared)
        #expect(differences.isEmpty && compared > 40, "\(compared) compared: \(differences.prefix(10))")
    }

    @Test func planSizesTheExperimentsGroups() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ExternalProcess.splitc(
            ["plan", "--experiment", "checkout", "--metric", "purchase_rate", "--baseline", "0.1", "--mde", "0.1", "--relative",
             "--daily-units", "1000", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        // statsmodels: NormalIndPower().solve_power(proportion_effectsize(0.11, 0.10), power=0.8, alpha=0.05) = 14744.1.
        #expect((plan["units_per_group"] as? [String: Int]) == ["control": 14_745, "blue": 14_745])
        #expect(plan["total_units"] as? Int == 29_490 && plan["days"] as? Int == 30)
        let quantile = try ExternalProcess.splitc(
            ["plan", "--experiment", "checkout", "--metric", "p90_load_time", "--mean", "400", "--sd", "100", "--mde", "10"], in: folder)
        #expect(quantile.status == 2 && quantile.stderr.contains("quantile metric, which plan does not size"), "\(quantile.stderr)")
        let wrongFlags = try ExternalProcess.splitc(
            ["plan", "--experiment", "checkout", "--metric", "revenue_per_user", "--baseline", "0.1", "--mde", "1"], in: folder)
        #expect(wrongFlags.status == 2 && wrongFlags.stderr.contains("give the control's --mean and --sd"), "\(wrongFlags.stderr)")
        let misspelt = try ExternalProcess.splitc(
            ["plan", "--experiment", "checkout", "--metric", "purchase_rte", "--baseline", "0.1", "--mde", "0.1"], in: folder)
        #expect(misspelt.status == 2 && misspelt.stderr.contains("did you mean 'purchase_rate'?"), "\(misspelt.stderr)")
    }

    @Test func planNamesTheExperimentItDoesNotFind() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("identifier: checkout\ntype: device\ngroups: [control, blue]\n".utf8).write(to: folder.appendingPathComponent("checkout.yaml"))
        let outcome = try ExternalProcess.splitc(
            ["plan", "--experiment", "chekout", "--metric", "purchase_rate", "--baseline", "0.1", "--mde", "0.1", "--definitions", "checkout.yaml"],
            in: folder)
        #expect(outcome.status == 2 && outcome.stderr.contains("no experiment 'chekout'") && outcome.stderr.contains("did you mean 'checkout'?"),
                "\(outcome.stderr)")
        let metric = try ExternalProcess.splitc(
            ["plan", "--experiment", "checkout", "--metric", "purchase_rate", "--baseline", "0.1", "--mde", "0.1", "--definitions", "checkout.yaml"],
            in: folder)
        #expect(metric.status == 2 && metric.stderr.contains("no metric 'purchase_rate' is declared"), "\(metric.stderr)")
    }
}
