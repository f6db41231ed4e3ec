/// What a two-sample test reads from one group: its units, its mean outcome per unit (adjusted
/// when CUPED adjusts it), the unadjusted mean, and the variance of the outcome per unit.
///
/// ``UnitStatistic/groupEstimate`` and ``RegressionAdjustedStatistic/groupEstimate`` make one;
/// ``TwoSidedTTest`` and ``SequentialTwoSidedTTest`` compare two.
public struct GroupEstimate: Sendable, Hashable {
    /// How many units the group has.
    public var units: Int
    /// The mean outcome per unit, adjusted by a covariate when there is one.
    public var mean: Double
    /// The mean outcome per unit without an adjustment; a relative difference divides by the
    /// control's.
    public var unadjustedMean: Double
    /// The variance of the (adjusted) outcome per unit.
    public var variance: Double

    /// A group of `units` with the given means and variance.
    public init(units: Int, mean: Double, unadjustedMean: Double, variance: Double) {
        self.units = units
        self.mean = mean
        self.unadjustedMean = unadjustedMean
        self.variance = variance
    }
}
