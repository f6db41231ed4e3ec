#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SplitTestStatistics

/// How many units an experiment needs before a two-sided test of each group against the control
/// can see a given effect: `splitc plan`.
///
/// Each comparison of a group with the control is sized as statsmodels' power solver sizes it,
/// with the two groups' sizes in the ratio of their weights:
/// - a conversion by the normal test on Cohen's `h = 2·asin(√p₁) − 2·asin(√p₀)`
///   (`NormalIndPower` with `proportion_effectsize`);
/// - a mean (a count, a sum or a ratio per unit) by the two-sample t-test on `d = Δ / σ`
///   (`TTestIndPower`, whose power comes from the noncentral t distribution).
///
/// The experiment then needs the largest of those totals, split by the weights; each group's
/// units are rounded up. No correction is made for several treatments.
///
/// ```swift
/// let plan = try SampleSizePlan.make(
///     outcome: .conversion(baseline: 0.10), minimumDetectableEffect: 0.1, relative: true,
///     groups: ["control", "blue"], shares: [0.5, 0.5], control: "control")
/// plan.unitsPerGroup  // [("control", 14745), ("blue", 14745)]
/// ```
public struct SampleSizePlan: Sendable, Hashable {
    /// What the metric measures per unit, as known before the experiment.
    public enum Outcome: Sendable, Hashable {
        /// A conversion whose rate in the control is `baseline`.
        case conversion(baseline: Double)
        /// A value per unit with this mean and standard deviation in the control.
        case mean(Double, standardDeviation: Double)
    }

    /// Units per group, in the order of the groups given.
    public var unitsPerGroup: [(group: String, units: Int)]
    /// The sum of ``unitsPerGroup``.
    public var totalUnits: Int
    /// The days to enrol ``totalUnits`` at the daily rate given; `nil` without one.
    public var days: Int?

    /// Why a plan cannot be made, in words for the command line.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong and what to give instead.
        public var description: String
    }

    /// Which test sizes a comparison.
    public enum Test: Sendable, Hashable {
        /// The normal (z) test.
        case normal
        /// The two-sample t-test with pooled degrees of freedom `n₁ + n₂ − 2`.
        case t
    }

    /// The plan for an experiment with `groups` in `shares` (summing to 1), compared with
    /// `control`, to see an effect of `minimumDetectableEffect` (a share of the control's rate
    /// or mean when `relative`, else in the metric's unit) with a two-sided test at `alpha` and
    /// `power`; `dailyUnits` is how many units the experiment enrols a day.
    public static func make(
        outcome: Outcome, minimumDetectableEffect: Double, relative: Bool, alpha: Double = 0.05, power: Double = 0.8,
        groups: [String], shares: [Double], control: String, dailyUnits: Double? = nil
    ) throws(Problem) -> SampleSizePlan {
        guard alpha > 0, alpha < 1 else { throw Problem(description: "--alpha must be between 0 and 1; found \(alpha)") }
        guard power > alpha, power < 1 else {
            throw Problem(description: "--power must be between --alpha (\(alpha)) and 1; found \(power)")
        }
        guard minimumDetectableEffect > 0, minimumDetectableEffect.isFinite else {
            throw Problem(description: "--mde must be a positive number; found \(minimumDetectableEffect)")
        }
        if let dailyUnits, !(dailyUnits > 0 && dailyUnits.isFinite) {
            throw Problem(description: "--daily-units must be a positive number; found \(dailyUnits)")
        }
        guard let controlIndex = groups.firstIndex(of: control), groups.count >= 2, shares.count == groups.count else {
            throw Problem(description: "the experiment needs a control and at least one other group to compare")
        }
        let (effectSize, test) = try standardizedEffect(outcome, minimumDetectableEffect: minimumDetectableEffect, relative: relative)
        let controlShare = shares[controlIndex]
        guard controlShare > 0 else { throw Problem(description: "the control '\(control)' has a weight of 0: no unit would be compared with") }
        var total = 0.0
        for (index, share) in shares.enumerated() where index != controlIndex {
            guard share > 0 else { continue }
            let controlUnits = Self.controlUnits(effectSize: effectSize, alpha: alpha, power: power, ratio: share / controlShare, test: test)
            total = max(total, controlUnits / controlShare)
        }
        guard total > 0, total.isFinite else { throw Problem(description: "no group besides the control has a weight above 0") }
        let units = shares.map { share in Int((total * share - 1e-9).rounded(.up)) }
        let sum = units.reduce(0, +)
        return SampleSizePlan(
            unitsPerGroup: Array(zip(groups, units)), totalUnits: sum,
            days: dailyUnits.map { Int((Double(sum) / $0 - 1e-9).rounded(.up)) })
    }

    /// The standardized effect and the test that sizes `outcome`.
    static func standardizedEffect(
        _ outcome: Outcome, minimumDetectableEffect effect: Double, relative: Bool
    ) throws(Problem) -> (Double, Test) {
        switch outcome {
        case .conversion(let baseline):
            guard baseline > 0, baseline < 1 else {
                throw Problem(description: "--baseline is a conversion rate between 0 and 1 (exclusive); found \(baseline)")
            }
            let treated = relative ? baseline * (1 + effect) : baseline + effect
            guard treated < 1 else {
                throw Problem(description: "a rate of \(baseline) raised by \(relative ? "\(effect * 100)%" : "\(effect)") is \(treated), not below 1: give a smaller --mde")
            }
            return (2 * asin(treated.squareRoot()) - 2 * asin(baseline.squareRoot()), .normal)
        case .mean(let mean, let deviation):
            guard deviation > 0, deviation.isFinite else {
                throw Problem(description: "--sd must be a positive number; found \(deviation)")
            }
            guard mean.isFinite, !relative || mean != 0 else {
                throw Problem(description: "--relative needs a --mean other than 0 (the effect is a share of it)")
            }
            return ((relative ? abs(mean) * effect : effect) / deviation, .t)
        }
    }

    /// The control's units (fractional) for one comparison: `effectSize` standardized, the
    /// treatment `ratio` times the control's size; as statsmodels' `solve_power(nobs1=None)`.
    public static func controlUnits(effectSize: Double, alpha: Double, power: Double, ratio: Double, test: Test) -> Double {
        let size = abs(effectSize)
        precondition(size > 0 && ratio > 0, "an effect and a treatment to size for")
        func achieved(_ controlUnits: Double) -> Double {
            Self.power(effectSize: size, controlUnits: controlUnits, ratio: ratio, alpha: alpha, test: test)
        }
        // The normal approximation brackets the answer; bisection in the logarithm finds it.
        let critical = NormalDistribution.quantile(1 - alpha / 2)
        let guess = pow((critical + NormalDistribution.quantile(power)) / size, 2) * (1 + 1 / ratio)
        // The t-test needs one degree of freedom at least.
        let smallest = test == .t ? 1.0 / (1 + ratio) * 2 + 1e-9 : 1e-9
        var low = max(smallest, guess / 4)
        var high = max(guess * 4, low * 2)
        while achieved(low) > power, low > smallest * 1.0001 { low = max(smallest, low / 4) }
        while achieved(high) < power { high *= 4 }
        for _ in 0..<200 {
            let middle = (low * high).squareRoot()
            if achieved(middle) < power { low = middle } else { high = middle }
            if high / low - 1 < 1e-12 { break }
        }
        return (low * high).squareRoot()
    }

    /// The power of a two-sided test at `alpha` with `controlUnits` in the control and `ratio`
    /// times as many in the treatment, for a standardized effect `effectSize`.
    public static func power(effectSize: Double, controlUnits: Double, ratio: Double, alpha: Double, test: Test) -> Double {
        let treatmentUnits = controlUnits * ratio
        let effective = 1 / (1 / controlUnits + 1 / treatmentUnits)
        let shift = effectSize * effective.squareRoot()
        switch test {
        case .normal:
            let critical = NormalDistribution.quantile(1 - alpha / 2)
            return NormalDistribution.cdf(shift - critical) + NormalDistribution.cdf(-critical - shift)
        case .t:
            let degrees = controlUnits + treatmentUnits - 2
            let critical = StudentTDistribution.upperQuantile(1 - alpha / 2, degreesOfFreedom: degrees)
            return 1 - NoncentralTDistribution.cdf(critical, degreesOfFreedom: degrees, noncentrality: shift)
                + NoncentralTDistribution.cdf(-critical, degreesOfFreedom: degrees, noncentrality: shift)
        }
    }

    /// Equal when every figure is.
    public static func == (left: Self, right: Self) -> Bool {
        left.unitsPerGroup.map(\.group) == right.unitsPerGroup.map(\.group)
            && left.unitsPerGroup.map(\.units) == right.unitsPerGroup.map(\.units)
            && left.totalUnits == right.totalUnits && left.days == right.days
    }

    /// Hashes the figures.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(unitsPerGroup.map(\.units))
        hasher.combine(totalUnits)
        hasher.combine(days)
    }
}
