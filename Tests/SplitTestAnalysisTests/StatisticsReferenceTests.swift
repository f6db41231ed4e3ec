import Foundation
import SplitTestAnalysis
import SplitTestStatistics
import Testing
import TestTools

/// Every statistic against SciPy and statsmodels on fixed data, to 1e-9 relative: this file
/// computes them, `Scripts/check_statistics.py` recomputes them with the references and compares.
@Suite struct StatisticsReferenceTests {
    static let proportions: [(Int, Int, Int, Int)] = [
        (1_000, 100, 1_000, 120), (5_000, 250, 5_100, 300), (20, 0, 20, 3), (200, 199, 210, 205),
        (100_000, 10_000, 100_000, 10_200), (50, 25, 60, 30), (3, 1, 4, 3), (2_000, 1, 2_100, 9),
    ]
    static let sampleRatios: [([Int], [Double])] = [
        ([5_012, 4_988], [1, 1]), ([3_300, 3_400, 3_350], [1, 1, 1]), ([900, 2_100], [0.3, 0.7]),
        ([10, 0, 5], [1, 1, 1]), ([51_000, 49_000], [50, 50]), ([1, 2], [1, 3]),
    ]

    /// Per-unit values: most units 0 (no goal), the others a skewed amount, as purchases are.
    static func values(units: Int, rate: Double, scale: Double, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<units).map { _ in
            guard generator.uniform() < rate else { return 0 }
            return (-log(1 - generator.uniform()) * scale * 100).rounded() / 100
        }
    }

    static let valueSets: [([Double], [Double])] = [
        (values(units: 400, rate: 0.2, scale: 10, seed: 1), values(units: 420, rate: 0.25, scale: 11, seed: 2)),
        (values(units: 30, rate: 0.5, scale: 3, seed: 3), values(units: 12, rate: 0.9, scale: 5, seed: 4)),
        (values(units: 5_000, rate: 0.05, scale: 40, seed: 5), values(units: 5_000, rate: 0.05, scale: 40, seed: 6)),
        ([1, 2], [3, 5, 8]),
    ]

    @Test(.requires(.scipy)) func matchesSciPyAndStatsmodels() throws {
        try Oracle.scipy.require()
        var cases: [[String: Any]] = []
        for (n0, c0, n1, c1) in Self.proportions {
            let comparison = try #require(ProportionComparison.compare(control: c0, controlUnits: n0, treatment: c1, treatmentUnits: n1))
            cases.append([
                "kind": "proportions", "n0": n0, "c0": c0, "n1": n1, "c1": c1,
                "difference": comparison.difference, "relative_difference": comparison.relativeDifference ?? NSNull(),
                "ci_low": comparison.ciLow, "ci_high": comparison.ciHigh, "p_value": comparison.pValue ?? NSNull(),
                "probability_to_beat_control": try #require(
                    BetaProbability.treatmentBeatsControl(control: c0, controlUnits: n0, treatment: c1, treatmentUnits: n1)),
            ])
        }
        for (units, weights) in Self.sampleRatios {
            let result = SampleRatioTest.test(units: units, weights: weights)
            cases.append(["kind": "chi_square", "units": units, "weights": weights,
                           "chi_square": result.chiSquare ?? NSNull(), "p_value": result.pValue])
        }
        for (control, treatment) in Self.valueSets {
            func moments(_ values: [Double]) -> SampleMeanStatistic {
                SampleMeanStatistic(units: values.count, sum: values.reduce(0, +), sumOfSquares: values.reduce(0) { $0 + $1 * $1 })
            }
            let comparison = try #require(MeanComparison.compare(control: moments(control), treatment: moments(treatment)))
            cases.append([
                "kind": "welch", "control": control, "treatment": treatment,
                "difference": comparison.difference ?? NSNull(), "ci_low": comparison.ciLow ?? NSNull(),
                "ci_high": comparison.ciHigh ?? NSNull(), "p_value": comparison.pValue ?? NSNull(),
                "degrees_of_freedom": comparison.degreesOfFreedom ?? NSNull(),
            ])
        }
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases).write(to: input)
        let outcome = try ExternalProcess.python("check_statistics.py", [input.path])
        #expect(outcome.status == 0, "python3 -m pip install scipy statsmodels\n\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(cases.count) cases, 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
    }
}
