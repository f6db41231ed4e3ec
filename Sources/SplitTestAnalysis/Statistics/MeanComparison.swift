import SplitTestStatistics

/// A treatment's mean value per unit against the control's: Welch's t-test with
/// Welch–Satterthwaite degrees of freedom, and the 95% interval from the same t distribution.
public struct MeanComparison: Sendable, Hashable {
    /// Treatment mean minus control mean; `nil` when the values overflow.
    public var difference: Double?
    /// The lower end of the 95% interval; `nil` when both groups have no variance.
    public var ciLow: Double?
    /// The upper end of the 95% interval; `nil` when both groups have no variance.
    public var ciHigh: Double?
    /// The two-sided p-value; `nil` when both groups have no variance.
    public var pValue: Double?
    /// The Welch–Satterthwaite degrees of freedom; `nil` when both groups have no variance.
    public var degreesOfFreedom: Double?

    /// Compares two groups given by their sufficient statistics (units, sum and sum of squares of
    /// the value per unit); `nil` when either has fewer than 2 units.
    public static func compare(control: SampleMeanStatistic, treatment: SampleMeanStatistic) -> MeanComparison? {
        guard control.units >= 2, treatment.units >= 2 else { return nil }
        let difference = treatment.mean - control.mean
        let share0 = control.nonNegativeVariance / Double(control.units)
        let share1 = treatment.nonNegativeVariance / Double(treatment.units)
        let squareError = share0 + share1
        let degreesOfFreedom =
            squareError * squareError
            / (share0 * share0 / Double(control.units - 1) + share1 * share1 / Double(treatment.units - 1))
        // No variance, or values so large that their squares overflow: no test, never NaN.
        guard squareError > 0, squareError.isFinite, difference.isFinite, degreesOfFreedom.isFinite, degreesOfFreedom > 0
        else {
            return MeanComparison(
                difference: difference.isFinite ? difference : nil, ciLow: nil, ciHigh: nil, pValue: nil, degreesOfFreedom: nil)
        }
        let error = squareError.squareRoot()
        let quantile = StudentTDistribution.upperQuantile(0.975, degreesOfFreedom: degreesOfFreedom)
        return MeanComparison(
            difference: difference, ciLow: difference - quantile * error, ciHigh: difference + quantile * error,
            pValue: StudentTDistribution.twoSidedPValue(difference / error, degreesOfFreedom: degreesOfFreedom),
            degreesOfFreedom: degreesOfFreedom)
    }
}

extension SampleMeanStatistic {
    /// The sample variance as Welch's test and the factorial contrasts read it: never negative
    /// (rounding can leave a constant value's slightly below 0, which is no variance), with the
    /// square of the sum formed as `sum * sum`, where ``variance`` follows GrowthBook's `pow`: the
    /// two may differ in the last bit.
    var nonNegativeVariance: Double {
        guard units >= 2 else { return 0 }
        return max(0, (sumOfSquares - sum * sum / Double(units)) / Double(units - 1))
    }
}
