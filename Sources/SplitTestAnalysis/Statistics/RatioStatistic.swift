#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sufficient statistics of a ratio metric in one group: Σ numerator / Σ denominator over the
/// group's units (revenue per order, say), with the variance of that ratio by the delta method,
/// as GrowthBook's `RatioStatistic` computes it.
///
/// With `m` and `d` the numerator's and denominator's per-unit statistics over `n` units:
/// - mean: `Σm / Σd` (0 when `Σd` is 0);
/// - variance: `var(m)/d̄² − 2·cov(m, d)·m̄/d̄³ + m̄²·var(d)/d̄⁴`, with
///   `cov = (Σ m·d − Σm·Σd / n) / (n − 1)`; 0 when `d̄` is 0 or below 2 units.
///
/// The variance is that of the ratio per unit, so that a two-sample test divides it by `n` as it
/// does a mean's.
///
/// ```swift
/// let group = RatioStatistic(
///     units: 1_000,
///     numerator: SampleMeanStatistic(units: 1_000, sum: 4_200, sumOfSquares: 61_000),
///     denominator: SampleMeanStatistic(units: 1_000, sum: 1_400, sumOfSquares: 3_100),
///     sumOfProducts: 11_000)
/// group.mean  // 3.0
/// ```
public struct RatioStatistic: Sendable, Hashable {
    /// How many units the group has.
    public var units: Int
    /// The numerator per unit.
    public var numerator: SampleMeanStatistic
    /// The denominator per unit.
    public var denominator: SampleMeanStatistic
    /// Σ numerator · denominator over the units.
    public var sumOfProducts: Double

    /// The statistic of `units` units with the given per-unit sums.
    public init(units: Int, numerator: SampleMeanStatistic, denominator: SampleMeanStatistic, sumOfProducts: Double) {
        self.units = units
        self.numerator = numerator
        self.denominator = denominator
        self.sumOfProducts = sumOfProducts
    }

    /// `Σ numerator / Σ denominator`; 0 when the denominator sums to 0.
    public var mean: Double {
        denominator.sum == 0 ? 0 : numerator.sum / denominator.sum
    }

    /// The sample covariance of numerator and denominator per unit; 0 below 2 units.
    public var covariance: Double {
        guard units > 1 else { return 0 }
        return (sumOfProducts - numerator.sum * denominator.sum / Double(units)) / Double(units - 1)
    }

    /// The delta method's variance of the ratio per unit; 0 when the denominator's mean is 0 or
    /// below 2 units.
    public var variance: Double {
        let denominatorMean = denominator.mean
        guard denominatorMean != 0, units > 1 else { return 0 }
        // The order of the operations is the reference's, so that the figures agree to the last bits.
        return numerator.variance / pow(denominatorMean, 2)
            - 2 * covariance * numerator.mean / pow(denominatorMean, 3)
            + pow(numerator.mean, 2) * denominator.variance / pow(denominatorMean, 4)
    }

    /// What a two-sample test reads from the group.
    public var groupEstimate: GroupEstimate {
        GroupEstimate(units: units, mean: mean, unadjustedMean: mean, variance: variance)
    }
}
