/// The chi-square distribution with a given number of degrees of freedom.
public enum ChiSquareDistribution {
    /// The probability that a chi-square variable with `degreesOfFreedom` is at least `statistic`:
    /// the p-value of a chi-square test, `Q(k/2, x/2)`.
    ///
    /// With 0 degrees of freedom the statistic is always 0 and nothing can be rejected, so the
    /// p-value is 1. An infinite statistic (a count where none was possible) has p-value 0.
    ///
    /// - Precondition: `degreesOfFreedom ≥ 0` and `statistic ≥ 0`.
    public static func survival(_ statistic: Double, degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 0, "degrees of freedom are never negative, got \(degreesOfFreedom)")
        precondition(statistic >= 0, "a chi-square statistic is a sum of squares, got \(statistic)")
        if degreesOfFreedom == 0 { return 1 }
        return IncompleteGamma.regularizedUpper(a: Double(degreesOfFreedom) / 2, x: statistic / 2)
    }
}
