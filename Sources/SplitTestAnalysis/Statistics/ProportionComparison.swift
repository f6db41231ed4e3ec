import SplitTestStatistics

/// A treatment's conversion against the control's: the pooled two-proportion z-test for the
/// p-value, the unpooled (Wald) standard error for the 95% interval.
public struct ProportionComparison: Sendable, Hashable {
    /// Treatment rate minus control rate.
    public var difference: Double
    /// `difference / control rate`; `nil` when the control never converted.
    public var relativeDifference: Double?
    /// The lower end of the 95% interval.
    public var ciLow: Double
    /// The upper end of the 95% interval.
    public var ciHigh: Double
    /// The two-sided p-value; `nil` when nothing varies (no one, or everyone, converted).
    public var pValue: Double?

    /// Compares `treatment` converted of `treatmentUnits` with `control` of `controlUnits`;
    /// `nil` when either group has fewer than 2 units.
    public static func compare(
        control: Int, controlUnits: Int, treatment: Int, treatmentUnits: Int
    ) -> ProportionComparison? {
        guard controlUnits >= 2, treatmentUnits >= 2 else { return nil }
        let n0 = Double(controlUnits)
        let n1 = Double(treatmentUnits)
        let p0 = Double(control) / n0
        let p1 = Double(treatment) / n1
        let difference = p1 - p0
        let pooled = Double(control + treatment) / (n0 + n1)
        let pooledError = (pooled * (1 - pooled) * (1 / n0 + 1 / n1)).squareRoot()
        let pValue = pooledError > 0 ? NormalDistribution.twoSidedPValue(difference / pooledError) : nil
        let waldError = (p0 * (1 - p0) / n0 + p1 * (1 - p1) / n1).squareRoot()
        let halfWidth = NormalDistribution.quantile975 * waldError
        return ProportionComparison(
            difference: difference, relativeDifference: p0 > 0 ? difference / p0 : nil,
            ciLow: difference - halfWidth, ciHigh: difference + halfWidth, pValue: pValue)
    }
}
