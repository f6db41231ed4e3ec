/// The outcome of a chi-square test.
public struct ChiSquareResult: Sendable, Hashable {
    /// Pearson's statistic, `Σ (observed − expected)² / expected` over the cells that count.
    public var statistic: Double
    /// The degrees of freedom the statistic was referred to.
    public var degreesOfFreedom: Int
    /// The probability of a statistic at least this large if the hypothesis holds; a small value
    /// (below 0.001, say) means the observed counts are unlikely under it.
    public var pValue: Double

    /// Creates a result.
    public init(statistic: Double, degreesOfFreedom: Int, pValue: Double) {
        self.statistic = statistic
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
    }
}
