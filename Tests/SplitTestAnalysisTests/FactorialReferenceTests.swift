import Foundation
@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics
@_spi(Generated) import SplitTesting
import Testing
import TestTools

/// The factor effects of full factorials against statsmodels, to 1e-9: this file builds the
/// readout from each cell's sufficient statistics and writes it, as `--format json` does, beside
/// every unit's outcome; `Scripts/check_factorial.py` fits `ols("y ~ C(cell) - 1")` with HC2
/// standard errors on those units and compares each main effect (`t_test`) and each interaction
/// (`wald_test`, chi-square).
@Suite struct FactorialReferenceTests {
    /// One full factorial's units: per cell its level indices, conversions and values per unit.
    struct Case {
        var name: String
        var factors: [(name: String, levels: [String])]
        var cells: [(levels: [Int], conversions: [Int], values: [Double])]

        /// Random cells of `sizes` units each, in cell order; conversion rates and value scales
        /// that differ by level and by combination, so that main effects and interactions exist.
        init(name: String, levelCounts: [Int], sizes: ClosedRange<Int>, baseRate: Double, valueScale: Double, seed: UInt64) {
            self.name = name
            factors = levelCounts.enumerated().map { factor, count in
                ("f\(factor)", (0..<count).map { "l\($0)" })
            }
            var generator = SplitMix64(seed: seed)
            var levels = [Int](repeating: 0, count: levelCounts.count)
            cells = []
            repeat {
                let units = sizes.lowerBound + Int(generator.uniform() * Double(sizes.count))
                let lift = levels.enumerated().reduce(0.0) { $0 + Double($1.element) * 0.01 * Double($1.offset + 1) }
                    + (levels.count > 1 && levels[0] > 0 && levels[1] > 0 ? 0.015 : 0)
                let rate = min(0.95, baseRate + lift)
                var conversions: [Int] = []
                var values: [Double] = []
                for _ in 0..<units {
                    let converted = generator.uniform() < rate
                    conversions.append(converted ? 1 : 0)
                    let amount = -log(1 - generator.uniform()) * valueScale * (1 + Double(levels[0]) * 0.1)
                    values.append(converted ? (amount * 100).rounded() / 100 : 0)
                }
                cells.append((levels, conversions, values))
                var factor = levels.count - 1
                while factor >= 0 {
                    levels[factor] += 1
                    if levels[factor] < levelCounts[factor] { break }
                    levels[factor] = 0
                    factor -= 1
                }
            } while levels.contains { $0 != 0 }
        }

        var design: SplitTestFactorialDesign {
            SplitTestFactorialDesign(
                factors: factors.map { .init(name: $0.name, levels: $0.levels) }, cellLevels: cells.map(\.levels))
        }

        /// The readout of these cells as `splitc analyze --format json` writes it: the goal's
        /// `factors` and `interactions`.
        func report() throws -> [String: Any] {
            let design = design
            let names = cells.indices.map { design.cellName(levelIndices: cells[$0].levels) }
            let totals = ExperimentTotals(
                experiment: name, kind: .experiment, groups: names, weights: nil, control: names[0],
                units: cells.map(\.conversions.count), conflicts: 0,
                goals: [GoalTotals(
                    goal: "purchase", converted: cells.map { $0.conversions.reduce(0, +) },
                    valueSum: cells.map { $0.values.reduce(0, +) }, valueSumOfSquares: cells.map { $0.values.reduce(0) { $0 + $1 * $1 } })],
                factorial: design)
            let json = JSONReport.render(ReadoutBuilder.readouts([totals]))
            let experiments = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            let goal = try #require((experiments.first?["goals"] as? [[String: Any]])?.first)
            return ["factors": goal["factors"] ?? NSNull(), "interactions": goal["interactions"] ?? NSNull()]
        }

        func json() throws -> [String: Any] {
            [
                "name": name,
                "factors": factors.map { ["name": $0.name, "levels": $0.levels] as [String: Any] },
                "cells": cells.map { ["levels": $0.levels, "y": $0.conversions, "v": $0.values] as [String: Any] },
                "report": try report(),
            ]
        }
    }

    static let cases = [
        Case(name: "2x2", levelCounts: [2, 2], sizes: 400...600, baseRate: 0.1, valueScale: 20, seed: 1),
        Case(name: "2x3 unequal", levelCounts: [2, 3], sizes: 50...900, baseRate: 0.2, valueScale: 5, seed: 2),
        Case(name: "3x3x2", levelCounts: [3, 3, 2], sizes: 150...400, baseRate: 0.08, valueScale: 40, seed: 3),
        Case(name: "2x2x2x2", levelCounts: [2, 2, 2, 2], sizes: 100...300, baseRate: 0.3, valueScale: 2, seed: 4),
        Case(name: "4x3 small cells", levelCounts: [4, 3], sizes: 8...25, baseRate: 0.25, valueScale: 10, seed: 5),
        Case(name: "2x5 large", levelCounts: [2, 5], sizes: 4_000...6_000, baseRate: 0.03, valueScale: 60, seed: 6),
        Case(name: "3x2 high rates", levelCounts: [3, 2], sizes: 200...300, baseRate: 0.85, valueScale: 1, seed: 7),
    ]

    @Test(.requires(.scipy)) func mainEffectsAndInteractionsMatchStatsmodels() throws {
        try Oracle.scipy.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("factorial.json")
        try JSONSerialization.data(withJSONObject: try Self.cases.map { try $0.json() }).write(to: input)
        let outcome = try ExternalProcess.python("check_factorial.py", [input.path])
        #expect(outcome.status == 0, "python3 -m pip install statsmodels pandas\n\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(Self.cases.count) cases, "), "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains(" 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
        print(outcome.stdout)
    }

    /// Each figure the script compares is there: a factor's levels but the first, an interaction
    /// per pair of factors with `(a − 1)(b − 1)` degrees of freedom.
    @Test func theReportHasEveryLevelAndPair() throws {
        let report = try Self.cases[2].report()
        let factors = try #require(report["factors"] as? [[String: Any]])
        #expect(factors.map { $0["factor"] as? String } == ["f0", "f1", "f2"])
        #expect((factors[0]["levels"] as? [[String: Any]])?.map { $0["level"] as? String } == ["l1", "l2"])
        let interactions = try #require(report["interactions"] as? [[String: Any]])
        #expect(interactions.map { $0["factors"] as? [String] } == [["f0", "f1"], ["f0", "f2"], ["f1", "f2"]])
        #expect(interactions.map { $0["df"] as? Int } == [4, 2, 2])
    }
}
