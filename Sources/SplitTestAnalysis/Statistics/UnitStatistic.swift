/// The sufficient statistics of one group's outcome per unit: what a comparison of two groups
/// reads, whether the outcome comes from event files or from a warehouse's aggregates.
///
/// ``ProportionStatistic`` holds whether each unit converted, ``SampleMeanStatistic`` a value per
/// unit. The statistics of two groups of one kind add up to the statistic of both groups together,
/// which is how CUPED pools its θ over the control and a treatment (see
/// ``RegressionAdjustedStatistic``).
public protocol UnitStatistic: Sendable, Hashable {
    /// How many units the group has.
    var units: Int { get }
    /// The sum of the outcome over the group's units.
    var sum: Double { get }
    /// The mean outcome per unit; 0 for a group without units.
    var mean: Double { get }
    /// The variance of the outcome per unit, as the kind of statistic defines it; 0 or less means
    /// that a test has nothing to measure.
    var variance: Double { get }
    /// The statistic of this group's units and `other`'s together.
    func pooled(with other: Self) -> Self
}

extension UnitStatistic {
    /// What a two-sample test reads from the group: no covariate adjustment, so the mean and the
    /// unadjusted mean are the same.
    public var groupEstimate: GroupEstimate {
        GroupEstimate(units: units, mean: mean, unadjustedMean: mean, variance: variance)
    }
}
