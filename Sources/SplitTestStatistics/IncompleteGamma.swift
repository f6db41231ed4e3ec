#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regularized incomplete gamma functions `P(a, x)` and `Q(a, x) = 1 − P(a, x)`, which give
/// the chi-square distribution its tail probabilities.
///
/// Each is computed directly on the side where it converges fast and keeps its precision: the
/// power series of `P` below `x = a + 1`, the continued fraction of `Q` above it, so that a tiny
/// tail is never the difference of two numbers close to 1. The common factor `xᵃ e⁻ˣ / Γ(a)` is
/// formed in logarithms, so large `a` and `x` neither overflow nor produce NaN; a tail smaller
/// than the smallest `Double` comes out as 0.
public enum IncompleteGamma {
    /// The regularized upper incomplete gamma function `Q(a, x) = Γ(a, x) / Γ(a)`.
    ///
    /// - Precondition: `a > 0` and `x ≥ 0`, neither NaN.
    public static func regularizedUpper(a: Double, x: Double) -> Double {
        checkDomain(a: a, x: x)
        if x == 0 { return 1 }
        if x.isInfinite { return 0 }
        if x < a + 1 { return max(0, 1 - lowerSeries(a: a, x: x)) }
        return upperContinuedFraction(a: a, x: x)
    }

    /// The regularized lower incomplete gamma function `P(a, x) = γ(a, x) / Γ(a)`.
    ///
    /// - Precondition: `a > 0` and `x ≥ 0`, neither NaN.
    public static func regularizedLower(a: Double, x: Double) -> Double {
        checkDomain(a: a, x: x)
        if x == 0 { return 0 }
        if x.isInfinite { return 1 }
        if x < a + 1 { return lowerSeries(a: a, x: x) }
        return max(0, 1 - upperContinuedFraction(a: a, x: x))
    }

    private static func checkDomain(a: Double, x: Double) {
        precondition(a > 0 && a.isFinite, "the shape of an incomplete gamma function is positive and finite, got \(a)")
        precondition(x >= 0, "the argument of an incomplete gamma function is non-negative, got \(x)")
    }

    /// `log(xᵃ e⁻ˣ / Γ(a))`, the factor both expansions share.
    private static func logPrefactor(a: Double, x: Double) -> Double {
        a * log(x) - x - lgamma(a)
    }

    /// Enough terms for either expansion: near `x ≈ a` both need on the order of `√a` of them.
    private static func iterationLimit(a: Double) -> Int {
        500 + Int(50 * a.squareRoot())
    }

    /// `P(a, x)` by its series `xᵃ e⁻ˣ / Γ(a) · Σₙ xⁿ / (a (a+1) … (a+n))`; used for `x < a + 1`.
    private static func lowerSeries(a: Double, x: Double) -> Double {
        let prefactor = logPrefactor(a: a, x: x)
        // exp underflows to 0 below about -745; the series sum is at most about √a there.
        if prefactor < -800 { return 0 }
        var denominator = a
        var term = 1 / a
        var sum = term
        for _ in 0..<iterationLimit(a: a) {
            denominator += 1
            term *= x / denominator
            sum += term
            if abs(term) < abs(sum) * Double.ulpOfOne { break }
        }
        return min(1, sum * exp(prefactor))
    }

    /// `Q(a, x)` by its continued fraction (modified Lentz), used for `x ≥ a + 1`.
    private static func upperContinuedFraction(a: Double, x: Double) -> Double {
        let prefactor = logPrefactor(a: a, x: x)
        if prefactor < -800 { return 0 }
        let tiny = Double.leastNormalMagnitude / Double.ulpOfOne
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for step in 1...iterationLimit(a: a) {
            let n = Double(step)
            let an = -n * (n - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < Double.ulpOfOne { break }
        }
        return min(1, exp(prefactor) * fraction)
    }
}
