#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a treatment's effect is expressed against the control's mean outcome.
public enum Difference: String, Sendable, Hashable, CaseIterable {
    /// Treatment mean minus control mean, `μ₁ − μ₀`, with variance `σ₁²/n₁ + σ₀²/n₀`.
    case absolute
    /// The absolute difference over the control's unadjusted mean, `(μ₁ − μ₀) / m₀`, with the
    /// delta method's variance `σ₁² / (m₀² n₁) + σ₀² m₁² / (m₀⁴ n₀)` (`m` the unadjusted means).
    case relative
}

/// The point estimate of a difference and the variance of that estimate, shared by the two-sided
/// tests; `nil` exactly where GrowthBook's tests give their uninformative default: a control mean
/// of 0 (adjusted or not), or a group whose variance is 0 or less (which covers groups of fewer
/// than 2 units).
struct DifferenceEstimate {
    var estimate: Double
    var variance: Double

    init?(control: GroupEstimate, treatment: GroupEstimate, difference: Difference) {
        guard control.mean != 0, control.unadjustedMean != 0, control.variance > 0, treatment.variance > 0
        else { return nil }
        let n0 = Double(control.units)
        let n1 = Double(treatment.units)
        switch difference {
        case .absolute:
            estimate = treatment.mean - control.mean
            variance = treatment.variance / n1 + control.variance / n0
        case .relative:
            let m0 = control.unadjustedMean
            let m1 = treatment.unadjustedMean
            estimate = (treatment.mean - control.mean) / m0
            variance = treatment.variance / (pow(m0, 2) * n1) + control.variance * pow(m1, 2) / (pow(m0, 4) * n0)
        }
    }

    /// The Welch–Satterthwaite degrees of freedom of the groups' variances,
    /// `(σ₁²/n₁ + σ₀²/n₀)² / (σ₁⁴/(n₁²(n₁−1)) + σ₀⁴/(n₀²(n₀−1)))`, whichever the difference.
    static func degreesOfFreedom(control: GroupEstimate, treatment: GroupEstimate) -> Double {
        let n0 = Double(control.units)
        let n1 = Double(treatment.units)
        return pow(treatment.variance / n1 + control.variance / n0, 2)
            / (pow(treatment.variance, 2) / (pow(n1, 2) * (n1 - 1)) + pow(control.variance, 2) / (pow(n0, 2) * (n0 - 1)))
    }
}
