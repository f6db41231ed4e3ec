import SplitTestStatistics

/// Welch's two-sided t-test of a treatment against the control, as GrowthBook's `TwoSidedTTest`
/// computes it from the groups' means and variances.
///
/// With `d` the ``Difference``'s estimate, `v` its variance and `ν` the Welch–Satterthwaite
/// degrees of freedom of the groups' variances:
/// - p-value: `P(|T_ν| > |d| / √v)`;
/// - interval: `d ± t_ν(1 − α/2) · √v`.
///
/// `nil` where GrowthBook gives its uninformative default: a control mean of 0 (adjusted or
/// not), or a group without variance (including one of fewer than 2 units).
///
/// ```swift
/// let control = ProportionStatistic(units: 1_000, converted: 100).groupEstimate
/// let treatment = ProportionStatistic(units: 1_000, converted: 130).groupEstimate
/// let lift = TwoSidedTTest.test(control: control, treatment: treatment, difference: .relative)
/// lift?.estimate  // 0.3
/// ```
public enum TwoSidedTTest {
    /// Tests `treatment` against `control` in `difference`, with a `1 − alpha` interval.
    public static func test(
        control: GroupEstimate, treatment: GroupEstimate, difference: Difference, alpha: Double = 0.05
    ) -> EffectEstimate? {
        precondition(alpha > 0 && alpha < 1, "alpha is a probability strictly between 0 and 1")
        guard let moments = DifferenceEstimate(control: control, treatment: treatment, difference: difference) else {
            return nil
        }
        let degreesOfFreedom = DifferenceEstimate.degreesOfFreedom(control: control, treatment: treatment)
        let error = moments.variance.squareRoot()
        guard degreesOfFreedom > 0, error > 0, error.isFinite else { return nil }
        let width = StudentTDistribution.upperQuantile(1 - alpha / 2, degreesOfFreedom: degreesOfFreedom) * error
        return EffectEstimate.finite(
            estimate: moments.estimate, ciLow: moments.estimate - width, ciHigh: moments.estimate + width,
            pValue: StudentTDistribution.twoSidedPValue(moments.estimate / error, degreesOfFreedom: degreesOfFreedom))
    }
}
