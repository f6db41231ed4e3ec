import Foundation
import SplitTestStatistics
import Testing
import TestTools

/// A bandit at warehouse scale: the emitted SQL's per-period rows, run in DuckDB, in Spark and (as
/// BigQuery's text) in DuckDB, give `splitc analyze --aggregates` the same period-weighted readout
/// and `splitc bandit --aggregates` the same next document as the events themselves.
@Suite struct BanditWarehouseTests {
    static let definitions = [
        "onboarding_copy.yaml": """
            identifier: onboarding_copy
            type: device
            groups: [short, story, video]
            allocation: { bandit: { goal: signup, min_weight: 2 } }
            """,
        "button_color.yaml": "identifier: button_color\ntype: device\ngroups: [red, blue]\n",
    ]

    /// The weights of periods 1 to 3, as the control documents give them.
    static let periodWeights: [[Double]] = [[20, 50, 30], [10, 70, 20], [5, 80, 15]]

    /// Four periods of units whose rates drift up; some exposures carry no period (an older build:
    /// period 0), some units are exposed again with a later period (the smallest counts), a few
    /// are conflicts; goals with values, before and after the exposure.
    static func events() -> [String] {
        var generator = SplitMix64(seed: 14)
        var lines: [String] = []
        let groups = ["short", "story", "video"]
        for period in 0..<4 {
            let weights = period == 0 ? [1.0, 1, 1] : periodWeights[period - 1]
            for index in 0..<700 {
                let unit = "p\(period)-\(index)"
                let at = Double(period * 1_000 + index)
                var draw = generator.uniform() * weights.reduce(0, +)
                let arm = weights.firstIndex { draw -= $0; return draw < 0 } ?? 2
                var properties: [String: Any] = ["experiment": "onboarding_copy", "group": groups[arm], "unit": unit]
                if period > 0 || index % 3 != 0 { properties["period"] = period }
                lines.append(EventLines.line("split_test_exposure", at: at, properties))
                if index % 11 == 0 {
                    properties["period"] = period + 1
                    lines.append(EventLines.line("split_test_exposure", at: at + 0.5, properties))
                }
                if index % 97 == 0 {
                    properties["group"] = groups[(arm + 1) % 3]
                    lines.append(EventLines.line("split_test_exposure", at: at + 0.25, properties))
                }
                lines.append(EventLines.exposure("button_color", index % 2 == 0 ? "red" : "blue", unit: unit, at: at))
                if generator.uniform() < 0.05 { lines.append(EventLines.goal("signup", device: unit, at: at - 1)) }
                let rate = [0.04, 0.07, 0.05][arm] + 0.01 * Double(period)
                if generator.uniform() < rate {
                    lines.append(EventLines.goal("signup", value: Double(generator.next() % 500) / 100, device: unit, at: at + 2))
                }
            }
        }
        return lines
    }

    /// The control documents of periods 1 to 3, as `splitc bandit` writes them.
    static func documents(in folder: URL) throws -> [String] {
        try (1...3).map { period in
            let weights = Dictionary(uniqueKeysWithValues: zip(["short", "story", "video"], periodWeights[period - 1]))
            let payload = try JSONSerialization.data(
                withJSONObject: ["sequence": 100 + period, "experiments": ["onboarding_copy": ["weights": weights, "period": period]]])
            let envelope = try JSONSerialization.data(withJSONObject: ["format": 1, "payload": payload.base64EncodedString()])
            let name = "period-\(period).json"
            try envelope.write(to: folder.appendingPathComponent(name))
            return name
        }
    }

    @Test(.requires(.warehouse)) func periodRowsGiveTheSameReadoutAndNextDocumentAsEvents() throws {
        try Oracle.warehouse.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((Self.events().joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let experiments = folder.appendingPathComponent("experiments")
        try FileManager.default.createDirectory(at: experiments, withIntermediateDirectories: true)
        for (name, text) in Self.definitions { try Data(text.utf8).write(to: experiments.appendingPathComponent(name)) }
        let documents = try Self.documents(in: folder)
        // The plain query, and the one emitted for CUPED: its pre-exposure columns ride on the
        // period rows too (as zeros), and a bandit's effects are period-weighted, not adjusted.
        let variants: [(suffix: String, options: [String])] = [("", []), ("-cuped", ["--cuped", "--sequential"])]
        var jobs: [String] = []
        for variant in variants {
            for dialect in WarehouseTests.dialects {
                let sql = try ExternalProcess.splitc(
                    ["analyze", "--emit-sql", dialect, "--events-table", "events", "--definitions", "experiments"] + variant.options,
                    in: folder)
                #expect(sql.status == 0 && sql.stdout.contains("defined_bandits"), "\(sql.stderr)")
                let name = folder.appendingPathComponent("\(dialect)\(variant.suffix)").path
                try Data(sql.stdout.utf8).write(to: URL(fileURLWithPath: name + ".sql"))
                jobs.append("\(dialect):\(name).sql:\(name).csv")
            }
        }
        let warehouse = try ExternalProcess.python("run_warehouse.py", [folder.appendingPathComponent("events.jsonl").path] + jobs)
        try #require(warehouse.status == 0, "\(warehouse.stdout)\(warehouse.stderr)")

        let next = { (input: [String], output: String) throws -> [String: Any] in
            let outcome = try ExternalProcess.splitc(
                ["bandit"] + input + ["--definitions", "experiments", "--control", "period-3.json", "--output", output, "--sequence", "104"],
                in: folder)
            #expect(outcome.status == 0 && outcome.stdout.contains("period 3 → 4"), "\(outcome.stdout)\(outcome.stderr)")
            let envelope = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(output))) as? [String: Any])
            var payload = try #require(try JSONSerialization.jsonObject(with: Data(base64Encoded: envelope["payload"] as? String ?? "") ?? Data()) as? [String: Any])
            payload["generated"] = nil
            return payload
        }
        let fromEvents = try next(["events.jsonl"], "next-events.json")
        for variant in variants {
            let options = ["--definitions", "experiments", "--controls"] + documents + variant.options
            let direct = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + options, in: folder)
            #expect(direct.status == 0, "\(direct.stderr)")
            let reference = try #require(try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8)) as? [[String: Any]])
            let bandit = try #require(reference.first { $0["experiment"] as? String == "onboarding_copy" })
            #expect(bandit["period_weighted"] as? Bool == true)
            #expect((bandit["periods"] as? [[String: Any]])?.map { $0["period"] as? Int } == [0, 1, 2, 3])
            #expect(bandit["conflicts"] as? Int ?? 0 > 0)
            #expect(((bandit["srm"] as? [String: Any])?["p_value"] as? Double) != nil, "the split is checked against each period's weights")
            try Self.expectPeriodWeightedEffects(bandit, variant: variant.suffix)

            for dialect in WarehouseTests.dialects {
                let source = "\(dialect)\(variant.suffix).csv"
                let figures = try WarehouseTests.readout(aggregates: source, options: options, in: folder)
                var differences: [String] = []
                var compared = 0
                JSONComparison.compare(reference, figures, path: source, differences: &differences, compared: &compared)
                #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
                #expect(compared > 60, "\(source): \(compared) figures compared")
                let fromAggregates = try next(["--aggregates", source], "next-\(dialect)\(variant.suffix).json")
                #expect(NSDictionary(dictionary: fromAggregates) == NSDictionary(dictionary: fromEvents), "\(source): \(fromAggregates)")
            }
        }
    }

    /// Every arm's `effect` is the period-weighted difference (the same estimate as `difference`),
    /// by the method asked for, and never adjusted by CUPED.
    static func expectPeriodWeightedEffects(_ bandit: [String: Any], variant: String) throws {
        let goals = try #require(bandit["goals"] as? [[String: Any]])
        var checked = 0
        for goal in goals {
            for group in goal["groups"] as? [[String: Any]] ?? [] {
                guard let comparison = group["vs_control"] as? [String: Any] else { continue }
                let effect = try #require(comparison["effect"] as? [String: Any], "\(variant): effect is always present")
                #expect(effect["method"] as? String == (variant.isEmpty ? "t" : "sequential"))
                #expect(effect["cuped"] is NSNull, "\(variant): a bandit's figures are not adjusted")
                let absolute = try #require(effect["absolute"] as? [String: Any])
                let estimate = try #require(absolute["estimate"] as? Double)
                let difference = try #require(comparison["difference"] as? Double)
                #expect(abs(estimate - difference) < 1e-12, "\(variant): \(estimate) against \(difference)")
                checked += 1
            }
        }
        #expect(checked >= 2, "\(variant): \(checked) arms checked")
    }
}
