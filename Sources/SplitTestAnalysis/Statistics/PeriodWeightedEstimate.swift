import SplitTestStatistics

/// A bandit arm's rate (or mean value per unit) weighed across allocation periods, so that a rate
/// that drifts over time while the weights move biases neither the arm nor its comparison.
///
/// Over the periods `p` taken, with `n_p` the experiment's units first assigned in period `p` and
/// `n` their sum, the estimate is `Σ_p (n_p / n) · mean_{p,arm}`, with variance
/// `Σ_p (n_p / n)² · v_{p,arm}`, where `v` is `m(1 − m) / n_{p,arm}` for a conversion rate and
/// `s² / n_{p,arm}` (`s²` with `n − 1`) for a mean value. A period in which the arm has fewer than
/// 2 units is not taken.
public struct PeriodWeightedEstimate: Sendable, Hashable {
    /// The weighted rate or mean.
    public var estimate: Double
    /// Its variance.
    public var variance: Double

    /// One arm's figures in one period.
    public struct PeriodFigures: Sendable, Hashable {
        /// The experiment's units first assigned in the period (every arm's).
        public var periodUnits: Int
        /// The arm's units among them.
        public var units: Int
        /// Those that converted (for a rate).
        public var converted: Int
        /// The sum of their values per unit (for a mean value).
        public var valueSum: Double
        /// The sum of the squares of their values per unit (for a mean value's variance).
        public var valueSumOfSquares: Double

        /// Creates the figures.
        public init(periodUnits: Int, units: Int, converted: Int, valueSum: Double, valueSumOfSquares: Double) {
            self.periodUnits = periodUnits
            self.units = units
            self.converted = converted
            self.valueSum = valueSum
            self.valueSumOfSquares = valueSumOfSquares
        }
    }

    /// Which figure is weighed.
    public enum Measure: Sendable, Hashable {
        /// The conversion rate.
        case conversion
        /// The mean value per unit.
        case value
    }

    /// The estimate over the periods of `figures` in which the arm has at least 2 units and
    /// `include` holds (by index); `nil` when there is none.
    public static func estimate(
        _ measure: Measure, _ figures: [PeriodFigures], include: (Int) -> Bool = { _ in true }
    ) -> PeriodWeightedEstimate? {
        let taken = figures.indices.filter { figures[$0].units >= 2 && include($0) }
        let total = Double(taken.reduce(0) { $0 + figures[$1].periodUnits })
        guard !taken.isEmpty, total > 0 else { return nil }
        var estimate = 0.0
        var variance = 0.0
        for index in taken {
            let period = figures[index]
            let weight = Double(period.periodUnits) / total
            let n = Double(period.units)
            let mean: Double
            let spread: Double
            switch measure {
            case .conversion:
                mean = Double(period.converted) / n
                spread = mean * (1 - mean)
            case .value:
                mean = period.valueSum / n
                spread = max(0, (period.valueSumOfSquares - period.valueSum * period.valueSum / n) / (n - 1))
            }
            estimate += weight * mean
            variance += weight * weight * spread / n
        }
        return PeriodWeightedEstimate(estimate: estimate, variance: variance)
    }

    /// A treatment against the control over the periods where both have at least 2 units: the
    /// difference, its 95% normal interval and two-sided p-value (with the sum of the two
    /// variances), the relative difference, and the normal probability that the treatment is the
    /// higher; `nil` without such a period. As for pooled figures, values that do not vary have no
    /// interval, and nothing that varies no p-value.
    public static func compare(
        _ measure: Measure, control: [PeriodFigures], treatment: [PeriodFigures]
    ) -> (difference: Double, relativeDifference: Double?, ciLow: Double?, ciHigh: Double?, pValue: Double?, probabilityHigher: Double?)? {
        guard let pair = paired(measure, control: control, treatment: treatment) else { return nil }
        let (arm, base) = (pair.treatment.estimate, pair.control.estimate)
        let difference = arm.estimate - base.estimate
        let error = (arm.variance + base.variance).squareRoot()
        let half = NormalDistribution.quantile975 * error
        let hasInterval = error > 0 || measure == .conversion
        return (
            difference, base.estimate != 0 ? difference / base.estimate : nil,
            hasInterval ? difference - half : nil, hasInterval ? difference + half : nil,
            error > 0 ? NormalDistribution.twoSidedPValue(difference / error) : nil,
            error > 0 ? normalCumulative(difference / error) : nil
        )
    }

    /// Both arms' estimates over the periods where both have at least 2 units, with the units
    /// each has in those periods; `nil` without such a period. Every comparison of two arms
    /// (``compare(_:control:treatment:)`` and the readout's effects) reads this one pairing.
    static func paired(
        _ measure: Measure, control: [PeriodFigures], treatment: [PeriodFigures]
    ) -> (control: (estimate: PeriodWeightedEstimate, units: Int), treatment: (estimate: PeriodWeightedEstimate, units: Int))? {
        precondition(control.count == treatment.count, "one entry per period for both arms")
        let both = { (index: Int) in control[index].units >= 2 && treatment[index].units >= 2 }
        guard let base = estimate(measure, control, include: both), let arm = estimate(measure, treatment, include: both) else {
            return nil
        }
        let taken = control.indices.filter(both)
        return (
            (base, taken.reduce(0) { $0 + control[$1].units }),
            (arm, taken.reduce(0) { $0 + treatment[$1].units })
        )
    }

    /// Φ(z), from the two-sided p-value the statistics module gives.
    private static func normalCumulative(_ z: Double) -> Double {
        let tails = NormalDistribution.twoSidedPValue(z)
        return z >= 0 ? 1 - tails / 2 : tails / 2
    }
}
