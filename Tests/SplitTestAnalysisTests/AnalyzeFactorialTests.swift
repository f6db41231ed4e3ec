import Foundation
import SplitTestStatistics
import Testing
import TestTools

/// `splitc analyze` on multivariate experiments: cells are the groups (sample ratio over the
/// cells, each against the control cell), and a full factorial's factor effects come out the
/// same from events, from DuckDB's and Spark's aggregates, and from statsmodels.
@Suite struct AnalyzeFactorialTests {
    static let definitions = [
        "checkout_page.yaml": """
            identifier: checkout_page
            type: device
            factors:
              headline: [classic, urgent]
              button: [green, orange, purple]
            weights: { "urgent+orange": 2 }
            """,
        "onboarding_flow.yaml": """
            identifier: onboarding_flow
            type: device
            factors:
              steps: [three, five]
              video: [off, on]
            cells: [three+off, five+on]
            """,
        "plain.yaml": "identifier: plain\ntype: device\ngroups: [control, treatment]\n",
    ]

    static let checkoutCells = ["classic+green", "classic+orange", "classic+purple", "urgent+green", "urgent+orange", "urgent+purple"]
    static let checkoutWeights: [Double] = [1, 1, 1, 1, 2, 1]

    /// Events of 6,000 devices, each exposed once to every experiment; a device converts (a
    /// `purchase` after its exposure, with a value) at a rate that depends on its headline and
    /// button, with an interaction. Also returns every checkout_page unit's outcome per cell.
    static func events() -> (lines: [String], units: [(cell: Int, converted: Int, value: Double)]) {
        var generator = SplitMix64(seed: 13)
        var lines: [String] = []
        var units: [(cell: Int, converted: Int, value: Double)] = []
        let total = checkoutWeights.reduce(0, +)
        for index in 0..<6_000 {
            let device = "device-\(index)"
            let clock = Double(index)
            var draw = generator.uniform() * total
            let cell = checkoutWeights.firstIndex { weight in
                defer { draw -= weight }
                return draw < weight
            } ?? checkoutWeights.count - 1
            lines.append(EventLines.exposure("checkout_page", checkoutCells[cell], unit: device, at: clock))
            lines.append(EventLines.exposure("onboarding_flow", index % 3 == 0 ? "five+on" : "three+off", unit: device, at: clock))
            lines.append(EventLines.exposure("plain", index % 2 == 0 ? "control" : "treatment", unit: device, at: clock))
            let headline = cell / 3
            let button = cell % 3
            let rate = 0.10 + 0.03 * Double(headline) + 0.01 * Double(button) + (cell == 4 ? 0.02 : 0)
            let converted = generator.uniform() < rate
            var value = 0.0
            if converted {
                value = (Double(generator.next() % 5_000) / 100 + 5 * Double(button)).rounded(toPlaces: 2)
                lines.append(EventLines.goal("purchase", value: value, device: device, at: clock + 0.5))
            }
            units.append((cell, converted ? 1 : 0, value))
        }
        return (lines, units)
    }

    static func prepare() throws -> (folder: URL, units: [(cell: Int, converted: Int, value: Double)]) {
        let folder = try ExternalProcess.temporaryFolder()
        let (lines, units) = events()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let experiments = folder.appendingPathComponent("experiments")
        try FileManager.default.createDirectory(at: experiments, withIntermediateDirectories: true)
        for (name, text) in definitions { try Data(text.utf8).write(to: experiments.appendingPathComponent(name)) }
        return (folder, units)
    }

    static func analyze(_ arguments: [String], in folder: URL) throws -> [[String: Any]] {
        let outcome = try ExternalProcess.splitc(["analyze"] + arguments + ["--definitions", "experiments", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }

    static func experiment(_ identifier: String, in readouts: [[String: Any]]) throws -> [String: Any] {
        try #require(readouts.first { $0["experiment"] as? String == identifier })
    }

    @Test func cellsAreTheGroupsAndOnlyAFullFactorialHasFactorEffects() throws {
        let (folder, units) = try Self.prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let readouts = try Self.analyze(["events.jsonl"], in: folder)

        let checkout = try Self.experiment("checkout_page", in: readouts)
        #expect(checkout["control"] as? String == "classic+green")
        #expect(checkout["units"] as? Int == 6_000)
        let srm = try #require(checkout["srm"] as? [String: Any])
        #expect(srm["weights_from_definitions"] as? Bool == true)
        #expect(srm["flagged"] as? Bool == false, "cells drawn by their weights")
        let design = try #require(checkout["factorial"] as? [String: Any])
        #expect(design["full_factorial"] as? Bool == true)
        #expect((design["factors"] as? [[String: Any]])?.map { $0["factor"] as? String } == ["headline", "button"])
        let goal = try #require((checkout["goals"] as? [[String: Any]])?.first)
        let groups = try #require(goal["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == Self.checkoutCells)
        #expect(groups.map { $0["units"] as? Int } == Self.checkoutCells.indices.map { cell in units.count { $0.cell == cell } })
        #expect(groups.first?["vs_control"] is NSNull)
        #expect(groups.dropFirst().allSatisfy { $0["vs_control"] is [String: Any] }, "every cell against the control cell")
        let factors = try #require(goal["factors"] as? [[String: Any]])
        #expect(factors.map { $0["factor"] as? String } == ["headline", "button"])
        #expect((factors[1]["levels"] as? [[String: Any]])?.map { $0["level"] as? String } == ["orange", "purple"])
        #expect(Set(((factors[0]["levels"] as? [[String: Any]])?.first ?? [:]).keys) == [
            "level", "difference", "ci_low", "ci_high", "p_value", "value_difference", "value_ci_low", "value_ci_high", "value_p_value",
        ])
        let interactions = try #require(goal["interactions"] as? [[String: Any]])
        #expect(interactions.count == 1)
        #expect(Set(interactions[0].keys) == ["factors", "df", "chi_square", "p_value", "value_chi_square", "value_p_value"])
        #expect(interactions[0]["df"] as? Int == 2)

        // The headline's main effect, by hand: the mean of the urgent cells' rates minus the mean
        // of the classic cells' rates.
        let rates = Self.checkoutCells.indices.map { cell -> Double in
            let members = units.filter { $0.cell == cell }
            return Double(members.reduce(0) { $0 + $1.converted }) / Double(members.count)
        }
        let byHand = (rates[3] + rates[4] + rates[5]) / 3 - (rates[0] + rates[1] + rates[2]) / 3
        let reported = try #require((factors[0]["levels"] as? [[String: Any]])?.first?["difference"] as? Double)
        #expect(abs(reported - byHand) < 1e-12)

        let fractional = try Self.experiment("onboarding_flow", in: readouts)
        #expect((fractional["factorial"] as? [String: Any])?["full_factorial"] as? Bool == false)
        let fractionalGoal = try #require((fractional["goals"] as? [[String: Any]])?.first)
        #expect(fractionalGoal["factors"] as? [Any] != nil && (fractionalGoal["factors"] as? [Any])?.isEmpty == true)
        #expect((fractionalGoal["interactions"] as? [Any])?.isEmpty == true)
        #expect((fractionalGoal["groups"] as? [[String: Any]])?.map { $0["group"] as? String } == ["three+off", "five+on"])

        let plain = try Self.experiment("plain", in: readouts)
        #expect(plain["factorial"] == nil)
        #expect((plain["goals"] as? [[String: Any]])?.first?["factors"] == nil, "experiments with groups keep their JSON")
    }

    @Test func theTextReadoutShowsEachFactorsLevelsOnAChart() throws {
        let (folder, _) = try Self.prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl", "--definitions", "experiments"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let text = outcome.stdout
        let checkout = try Self.experiment("checkout_page", in: try Self.analyze(["events.jsonl"], in: folder))
        let goal = try #require((checkout["goals"] as? [[String: Any]])?.first)
        let interaction = try #require((goal["interactions"] as? [[String: Any]])?.first)
        let chiSquare = try #require(interaction["chi_square"] as? Double)
        #expect(text.contains("  cells of headline (2) × button (3): a full factorial; main effects and interactions below each goal"))
        #expect(text.contains("  cells of steps (2) × video (2): 2 of 4 (a fractional design); each cell against the control cell, no factor effects"))
        #expect(text.contains("    interaction headline × button: chi-square \(String(format: "%.3f", chiSquare)) (2 df), "))
        let urgent = try #require(((goal["factors"] as? [[String: Any]])?.first?["levels"] as? [[String: Any]])?.first)
        let difference = try #require(urgent["difference"] as? Double)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("        urgent ") })
        #expect(row.contains(String(format: "%+.2f%%", difference * 100)), "\(row)")
        // The chart: an interval with the rate inside, between the chart's bars.
        #expect(row.contains(try Regex(#"\|\s*\[-*o-*\]\s*\|"#)), "\(row)")
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.contains("(reference)") }.count == 2, "each factor's first level")
        #expect(!lines.contains { $0.contains("plain") && $0.contains("cells of") })
    }

    @Test(.requires(.scipy)) func theReadoutOfEventsMatchesStatsmodels() throws {
        try Oracle.scipy.require()
        let (folder, units) = try Self.prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let checkout = try Self.experiment("checkout_page", in: try Self.analyze(["events.jsonl"], in: folder))
        let goal = try #require((checkout["goals"] as? [[String: Any]])?.first)
        let cells: [[String: Any]] = Self.checkoutCells.indices.map { cell in
            let members = units.filter { $0.cell == cell }
            return ["levels": [cell / 3, cell % 3], "y": members.map(\.converted), "v": members.map(\.value)]
        }
        let reference: [[String: Any]] = [[
            "name": "checkout_page from events",
            "factors": [["name": "headline", "levels": ["classic", "urgent"]], ["name": "button", "levels": ["green", "orange", "purple"]]],
            "cells": cells,
            "report": ["factors": goal["factors"] ?? NSNull(), "interactions": goal["interactions"] ?? NSNull()],
        ]]
        let input = folder.appendingPathComponent("factorial.json")
        try JSONSerialization.data(withJSONObject: reference).write(to: input)
        let outcome = try ExternalProcess.python("check_factorial.py", [input.path])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("1 cases, 28 figures, 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
    }

    @Test(.requires(.warehouse)) func duckDBAndSparkAggregatesGiveTheSameFactorEffects() throws {
        try Oracle.warehouse.require()
        let (folder, _) = try Self.prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        var jobs: [String] = []
        for dialect in ["duckdb", "spark"] {
            let sql = try ExternalProcess.splitc(
                ["analyze", "--emit-sql", dialect, "--events-table", "events", "--definitions", "experiments"], in: folder)
            #expect(sql.status == 0, "\(sql.stderr)")
            let name = folder.appendingPathComponent(dialect).path
            try Data(sql.stdout.utf8).write(to: URL(fileURLWithPath: name + ".sql"))
            jobs.append("\(dialect):\(name).sql:\(name).csv")
        }
        let warehouse = try ExternalProcess.python("run_warehouse.py", [folder.appendingPathComponent("events.jsonl").path] + jobs)
        try #require(warehouse.status == 0, "\(warehouse.stdout)\(warehouse.stderr)")
        let reference = try Self.analyze(["events.jsonl"], in: folder)
        for dialect in ["duckdb", "spark"] {
            let figures = try Self.analyze(["--aggregates", "\(dialect).csv"], in: folder)
            var differences: [String] = []
            var compared = 0
            JSONComparison.compare(
                try Self.experiment("checkout_page", in: reference), try Self.experiment("checkout_page", in: figures),
                path: dialect, differences: &differences, compared: &compared)
            #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
            // 6 cells' 6 figures, 5 comparisons' 10, 3 levels' 8 effects, an interaction's 5 and the
            // sample ratio's and counts' 5.
            #expect(compared >= 122, "\(dialect): \(compared) figures compared")
            let goal = try #require((try Self.experiment("checkout_page", in: figures)["goals"] as? [[String: Any]])?.first)
            #expect((goal["factors"] as? [Any])?.count == 2)
        }
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
