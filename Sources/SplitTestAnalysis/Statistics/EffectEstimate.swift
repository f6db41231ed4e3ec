/// A treatment's effect against the control in one ``Difference``: the point estimate, its
/// interval and the two-sided p-value of "no effect".
public struct EffectEstimate: Sendable, Hashable {
    /// The difference, absolute or relative.
    public var estimate: Double
    /// The lower end of the interval (95% unless another level was asked for).
    public var ciLow: Double
    /// The upper end of the interval.
    public var ciHigh: Double
    /// The two-sided p-value of a zero difference.
    public var pValue: Double

    /// An estimate with its interval and p-value.
    public init(estimate: Double, ciLow: Double, ciHigh: Double, pValue: Double) {
        self.estimate = estimate
        self.ciLow = ciLow
        self.ciHigh = ciHigh
        self.pValue = pValue
    }

    /// The estimate, or `nil` when any figure is not finite (values so large that they overflow),
    /// so that a report never shows NaN.
    static func finite(estimate: Double, ciLow: Double, ciHigh: Double, pValue: Double) -> EffectEstimate? {
        guard estimate.isFinite, ciLow.isFinite, ciHigh.isFinite, pValue.isFinite else { return nil }
        return EffectEstimate(estimate: estimate, ciLow: ciLow, ciHigh: ciHigh, pValue: pValue)
    }
}
