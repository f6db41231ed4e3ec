#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An always-valid two-sided test of a treatment against the control: the asymptotic confidence
/// sequence of "Time-uniform central limit theory and asymptotic confidence sequences"
/// (arXiv:2103.06476, equations 9, 155 and 161), as GrowthBook's `SequentialTwoSidedTTest`
/// computes it. Its interval and p-value stay valid however often one looks at them.
///
/// With `d` the ``Difference``'s estimate, `v` its variance, `N = n₀ + n₁` the units of both
/// groups and `τ` the tuning parameter (the sample size at which the sequence is tightest):
/// - `ρ² = (−2 ln α + ln(1 − 2 ln α)) / τ`;
/// - interval: `d ± √(N v) · √(2 (Nρ² + 1) · ln(√(Nρ² + 1) / α) / (Nρ)²)`;
/// - p-value: `min(1, 1 / e)`, with the e-value `e = exp(ρ² · N d²/v / (2 (Nρ² + 1))) / √(Nρ² + 1)`.
///
/// `nil` exactly where ``TwoSidedTTest`` is: a control mean of 0, or a group without variance.
///
/// ```swift
/// let result = SequentialTwoSidedTTest.test(control: control, treatment: treatment, difference: .absolute)
/// ```
public enum SequentialTwoSidedTTest {
    /// The tuning parameter GrowthBook uses by default.
    public static let defaultTuning = 5_000.0

    /// Tests `treatment` against `control` in `difference`, with a `1 − alpha` confidence sequence
    /// tuned for `tuning` units.
    public static func test(
        control: GroupEstimate, treatment: GroupEstimate, difference: Difference, alpha: Double = 0.05,
        tuning: Double = defaultTuning
    ) -> EffectEstimate? {
        precondition(alpha > 0 && alpha < 1, "alpha is a probability strictly between 0 and 1")
        precondition(tuning > 0, "the tuning parameter is a positive number of units")
        guard let moments = DifferenceEstimate(control: control, treatment: treatment, difference: difference) else {
            return nil
        }
        let units = Double(control.units + treatment.units)
        let rho = ((-2 * log(alpha) + log(-2 * log(alpha) + 1)) / tuning).squareRoot()
        let spread = units * pow(rho, 2) + 1
        let width =
            (moments.variance * units).squareRoot()
            * (2 * spread * log(spread.squareRoot() / alpha) / pow(units * rho, 2)).squareRoot()
        let squaredStatistic = pow(moments.estimate, 2) * units / moments.variance
        let eValue = exp(pow(rho, 2) * squaredStatistic / (2 * spread)) / spread.squareRoot()
        return EffectEstimate.finite(
            estimate: moments.estimate, ciLow: moments.estimate - width, ciHigh: moments.estimate + width,
            pValue: min(1 / eValue, 1))
    }
}
