import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics

/// A bandit run over allocation periods on simulated units, through the package's own pieces: each
/// period's new units are bucketed by the weights in force (a uniform bucket per unit into the
/// bucket table, as the runtime's hash gives), convert at the period's true rates, and
/// `BanditUpdate` turns the units so far into the next control document, whose weights the next
/// period's units follow. Counts are drawn exactly (multinomial and binomial), per period rather
/// than per unit, so that a hundred runs stay quick in a debug build.
struct BanditSimulation {
    /// One period as it happened.
    struct Period {
        /// The weights the control document in force gave, in hundredths of a percent.
        var weights: [Int]
        /// New units per arm.
        var units: [Int]
        /// Those that converted.
        var converted: [Int]
    }

    var periods: [Period] = []
    /// The control documents published, one per period after the first.
    var controls: [SplitTestControl] = []

    static let arms = ["a", "b", "c", "d"]

    static func definition(minimumWeight: Double = 1) -> SplitTestDefinition {
        SplitTestDefinition(
            identifier: "simulated", unitType: .device, salt: "simulated", groups: arms, bucketTable: BucketTable(weights: [1, 1, 1, 1]),
            controlIndex: 0, allocation: .bandit(SplitTestBandit(goal: "convert", minimumWeight: minimumWeight, burnIn: 100)))
    }

    /// Runs `periods` periods of `units` new units; `rate(period, arm)` is the true conversion rate.
    /// With `corrupted`, that period's units are bucketed by even weights, not the document's.
    init(
        seed: UInt64, periods count: Int = 20, units: Int = 10_000, minimumWeight: Double = 1, bandit: Bool = true,
        corrupted: Int? = nil, rate: (Int, Int) -> Double
    ) {
        var generator = SplitMix64(seed: seed)
        var definition = Self.definition(minimumWeight: minimumWeight)
        var control = SplitTestControl(sequence: 1, experiments: [:])
        var totalUnits = [Int](repeating: 0, count: Self.arms.count)
        var totalConverted = totalUnits
        for period in 0..<count {
            let weights = definition.bucketTable.bucketCounts
            let drawn = corrupted == period ? [2_500, 2_500, 2_500, 2_500] : weights
            let periodUnits = Self.multinomial(units, buckets: drawn, using: &generator)
            let converted = periodUnits.indices.map { Self.binomial(periodUnits[$0], rate(period, $0), using: &generator) }
            periods.append(Period(weights: weights, units: periodUnits, converted: converted))
            for arm in totalUnits.indices {
                totalUnits[arm] += periodUnits[arm]
                totalConverted[arm] += converted[arm]
            }
            guard bandit else { continue }
            let totals = ExperimentTotals(
                experiment: "simulated", kind: .experiment, groups: Self.arms, weights: nil, control: "a", units: totalUnits, conflicts: 0,
                goals: [GoalTotals(goal: "convert", converted: totalConverted, valueSum: totalConverted.map(Double.init), valueSumOfSquares: totalConverted.map(Double.init))])
            let update = BanditUpdate.update(definition: definition, totals: totals)
            guard let next = BanditUpdate.nextControl(after: control, updates: [update], sequence: control.sequence + 1, generated: nil),
                let entry = next.experiments["simulated"], case .success(let applied) = Self.definition(minimumWeight: minimumWeight).applying(entry)
            else { continue }
            control = next
            controls.append(next)
            definition = applied
        }
    }

    /// The weights in force after the last period (the next period's), in hundredths.
    var finalWeights: [Int] { controls.last?.experiments["simulated"]?.weights.map { weights in
        Self.arms.map { Int(((weights[$0] ?? 0) * 100).rounded()) }
    } ?? [2_500, 2_500, 2_500, 2_500] }

    /// Every unit's conversions.
    var conversions: Int { periods.reduce(0) { $0 + $1.converted.reduce(0, +) } }

    /// The totals the readout reads, with every period.
    var totals: ExperimentTotals {
        let units = Self.arms.indices.map { arm in periods.reduce(0) { $0 + $1.units[arm] } }
        let converted = Self.arms.indices.map { arm in periods.reduce(0) { $0 + $1.converted[arm] } }
        func goal(_ converted: [Int]) -> GoalTotals {
            GoalTotals(goal: "convert", converted: converted, valueSum: converted.map(Double.init), valueSumOfSquares: converted.map(Double.init))
        }
        return ExperimentTotals(
            experiment: "simulated", kind: .experiment, groups: Self.arms, weights: [0.25, 0.25, 0.25, 0.25], control: "a",
            units: units, conflicts: 0, goals: [goal(converted)],
            periods: periods.enumerated().map { PeriodTotals(period: $0, units: $1.units, goals: [goal($1.converted)]) })
    }

    /// `units` split by bucket counts (summing to 10,000) as uniform buckets would split them.
    static func multinomial(_ units: Int, buckets: [Int], using generator: inout SplitMix64) -> [Int] {
        var left = units
        var weightLeft = buckets.reduce(0, +)
        return buckets.map { count in
            defer { weightLeft -= count }
            guard weightLeft > 0 else { return 0 }
            let drawn = binomial(left, Double(count) / Double(weightLeft), using: &generator)
            left -= drawn
            return drawn
        }
    }

    /// An exact Binomial(n, p) draw, counting the successes (or failures, for p > ½) by their
    /// geometric waiting times: about n·min(p, 1 − p) steps.
    static func binomial(_ n: Int, _ p: Double, using generator: inout SplitMix64) -> Int {
        guard n > 0, p > 0 else { return 0 }
        guard p < 1 else { return n }
        let q = min(p, 1 - p)
        let logStay = log1p(-q)
        var count = 0
        var position = 0
        while true {
            let u = 1 - generator.uniform()  // in (0, 1]
            position += Int((log(u) / logStay).rounded(.down)) + 1
            if position > n { break }
            count += 1
        }
        return p <= 0.5 ? count : n - count
    }
}
