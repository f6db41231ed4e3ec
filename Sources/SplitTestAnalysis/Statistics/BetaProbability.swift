#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Bayesian probability that a treatment's conversion rate beats the control's, each rate
/// with a Beta(1, 1) prior updated by its counts.
///
/// With `A ~ Beta(α₀, β₀)` and `B ~ Beta(α₁, β₁)` and whole `α₁`, the integral
/// `P(B > A) = ∫ f_A(x) (1 − I_x(α₁, β₁)) dx` has the finite form
/// `Σ_{i<α₁} B(α₀+i, β₀+β₁) / ((β₁+i) B(1+i, β₁) B(α₀, β₀))`: every term positive, each formed
/// in logarithms, so the sum is deterministic and carries no quadrature or sampling error. It is
/// summed over the side with fewer conversions (`P(B > A) = 1 − P(A > B)`, ties having
/// probability 0) unless that side's answer would be a difference of nearly equal numbers.
public enum BetaProbability {
    /// `P(rate of treatment > rate of control)`; `nil` when either group has fewer than 2 units.
    public static func treatmentBeatsControl(
        control: Int, controlUnits: Int, treatment: Int, treatmentUnits: Int
    ) -> Double? {
        guard controlUnits >= 2, treatmentUnits >= 2 else { return nil }
        let a0 = Double(control + 1)
        let b0 = Double(controlUnits - control + 1)
        let a1 = Double(treatment + 1)
        let b1 = Double(treatmentUnits - treatment + 1)
        if treatment <= control {
            return sum(a0: a0, b0: b0, a1: a1, b1: b1)
        }
        let complement = sum(a0: a1, b0: b1, a1: a0, b1: b0)
        return complement > 0.5 ? sum(a0: a0, b0: b0, a1: a1, b1: b1) : 1 - complement
    }

    /// `P(B > A)` by the finite sum over `i < a1`.
    private static func sum(a0: Double, b0: Double, a1: Double, b1: Double) -> Double {
        let logBetaA = logBeta(a0, b0)
        var total = 0.0
        var i = 0.0
        while i < a1 {
            total += exp(logBeta(a0 + i, b0 + b1) - log(b1 + i) - logBeta(1 + i, b1) - logBetaA)
            i += 1
        }
        return min(1, max(0, total))
    }

    private static func logBeta(_ a: Double, _ b: Double) -> Double {
        lgamma(a) + lgamma(b) - lgamma(a + b)
    }
}
