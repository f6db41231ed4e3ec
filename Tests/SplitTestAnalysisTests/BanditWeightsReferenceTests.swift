import Foundation
import SplitTestAnalysis
import SplitTestStatistics
import Testing
import TestTools

/// A bandit's weights against SciPy: `Scripts/check_bandit_weights.py` integrates each arm's
/// probabilities of being the best and the second best with adaptive quadrature, and applies the
/// `min_weight` floor and the rounding to 0.01 percent as it implements them itself.
@Suite struct BanditWeightsReferenceTests {
    /// Conversion arms (units, converted), with a minimum weight in hundredths of a percent.
    static let conversionCases: [(arms: [(Int, Int)], minimum: Int)] = [
        ([(1_000, 30), (1_000, 30), (1_000, 33), (1_000, 40)], 100),
        ([(100, 0), (100, 1)], 100),
        ([(5, 1), (3, 3), (2, 0)], 500),
        ([(100_000, 3_000), (50_000, 1_600), (2_000, 70)], 100),
        ([(20_000, 600), (20_000, 600), (20_000, 600)], 100),
        ((0..<10).map { (10_000 + 500 * $0, 300 + 7 * $0 * $0) }, 100),
        ([(4_000, 120), (4_000, 160), (4_000, 200), (4_000, 240)], 2_500),
        ([(300, 30), (300, 60), (300, 90)], 3_333),
        ([(1, 0), (1, 1)], 1),
        ([(250_000, 7_500), (250_000, 7_610)], 1_000),
    ]

    /// Value arms: per-unit values drawn as in the statistics tests.
    static let valueCases: [(arms: [[Double]], minimum: Int)] = [
        ([StatisticsReferenceTests.values(units: 400, rate: 0.2, scale: 10, seed: 11),
          StatisticsReferenceTests.values(units: 420, rate: 0.25, scale: 11, seed: 12),
          StatisticsReferenceTests.values(units: 380, rate: 0.22, scale: 10, seed: 13)], 100),
        ([StatisticsReferenceTests.values(units: 3_000, rate: 0.05, scale: 40, seed: 14),
          StatisticsReferenceTests.values(units: 3_000, rate: 0.05, scale: 40, seed: 15)], 500),
        ([[0, 0, 0], [0, 0, 0, 0], StatisticsReferenceTests.values(units: 50, rate: 0.5, scale: 2, seed: 16)], 100),
    ]

    static func record(_ posteriors: [ArmPosterior], minimum: Int, into cases: inout [[String: Any]], inputs: [String: Any]) {
        let chances = TopTwoThompson.chances(posteriors)
        var entry = inputs
        entry["minimum"] = minimum
        entry["best"] = chances.best
        entry["second"] = chances.second
        entry["weights"] = chances.weights
        entry["hundredths"] = BanditWeights.hundredths(shares: chances.weights, minimumBuckets: minimum)
        cases.append(entry)
    }

    @Test(.requires(.scipy)) func matchesSciPyIntegrationAndAnIndependentFloorAndRounding() throws {
        try Oracle.scipy.require()
        var cases: [[String: Any]] = []
        for (arms, minimum) in Self.conversionCases {
            Self.record(
                arms.map { ArmPosterior.conversion(converted: $0.1, units: $0.0) }, minimum: minimum, into: &cases,
                inputs: ["kind": "conversion", "arms": arms.map { [$0.0, $0.1] }])
        }
        for (arms, minimum) in Self.valueCases {
            let posteriors = arms.map { values in
                ArmPosterior.value(units: values.count, sum: values.reduce(0, +), sumOfSquares: values.reduce(0) { $0 + $1 * $1 })
            }
            Self.record(
                posteriors, minimum: minimum, into: &cases,
                inputs: ["kind": "value", "arms": arms, "normal": posteriors.map { [$0.mean, $0.standardDeviation] }])
        }
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("bandit-cases.json")
        try JSONSerialization.data(withJSONObject: cases).write(to: input)
        let outcome = try ExternalProcess.python("check_bandit_weights.py", [input.path])
        #expect(outcome.status == 0, "python3 -m pip install scipy\n\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(cases.count) cases, 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
        // The required 0.002 is far from what the integration gives: the documented 10⁻⁷.
        let largest = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("largest difference of a probability: ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect((largest ?? 1) < 1e-7, "\(outcome.stdout)")
    }

    @Test func theFloorRaisesEveryLowArmAndScalesTheRest() {
        // 0.5 and 1.5 fall under 2; the rest (60, 38) is scaled to fill 96: 58.775…, 37.224…
        let clamped = BanditWeights.clamped([60, 38, 1.5, 0.5], minimum: 2)
        #expect(clamped[2] == 2 && clamped[3] == 2)
        #expect(abs(clamped[0] - 60 * 96 / 98) < 1e-12 && abs(clamped[1] - 38 * 96 / 98) < 1e-12)
        // Scaling pushes a second arm under the floor: it is raised on the next round.
        let twice = BanditWeights.clamped([90, 7.5, 2.5], minimum: 7.6)
        #expect(twice[1] == 7.6 && twice[2] == 7.6 && abs(twice[0] - 84.8) < 1e-12)
        #expect(BanditWeights.clamped([40, 30, 30], minimum: 1) == [40, 30, 30])
    }

    @Test func roundingSumsToExactlyOneHundredInHundredthsAboveTheFloor() {
        var generator = SplitMix64(seed: 20)
        for _ in 0..<500 {
            let arms = 2 + Int(generator.next() % 9)
            let raw = (0..<arms).map { _ in pow(generator.uniform(), 3) }
            let shares = raw.map { $0 / raw.reduce(0, +) }
            let minimum = 1 + Int(generator.next() % UInt64(10_000 / arms))
            let hundredths = BanditWeights.hundredths(shares: shares, minimumBuckets: minimum)
            #expect(hundredths.reduce(0, +) == 10_000)
            #expect(hundredths.allSatisfy { $0 >= minimum }, "\(shares) \(minimum) → \(hundredths)")
        }
        // Three equal arms: the leftover hundredth goes to the first.
        #expect(BanditWeights.hundredths(shares: [1.0 / 3, 1.0 / 3, 1.0 / 3], minimumBuckets: 100) == [3334, 3333, 3333])
    }

    @Test func topTwoChancesOfClearlyOrderedArms() {
        let chances = TopTwoThompson.chances([
            .conversion(converted: 100, units: 10_000), .conversion(converted: 300, units: 10_000),
            .conversion(converted: 200, units: 10_000),
        ])
        // The best is certainly arm 1 and the second arm 2: weights ½, 0, ½.
        #expect(abs(chances.best[1] - 1) < 1e-4 && abs(chances.second[2] - 1) < 1e-4)
        #expect(zip(chances.weights, [0.0, 0.5, 0.5]).allSatisfy { abs($0 - $1) < 1e-4 })
        #expect(TopTwoThompson.chances([.conversion(converted: 3, units: 9)]).weights == [0.5])
    }
}
