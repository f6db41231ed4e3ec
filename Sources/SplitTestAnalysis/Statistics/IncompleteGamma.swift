#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regularized upper incomplete gamma function `Q(a, x)`, which gives the chi-square
/// distribution its tail: the same method as the compiler's (series below `x = a + 1`, continued
/// fraction above, the common factor in logarithms), kept here so that the readout depends on
/// no compiler code.
enum IncompleteGamma {
    /// `Q(a, x) = Γ(a, x) / Γ(a)` for `a > 0`, `x ≥ 0`.
    static func regularizedUpper(a: Double, x: Double) -> Double {
        precondition(a > 0 && a.isFinite && x >= 0, "Q(a, x) needs a > 0 and x ≥ 0")
        if x == 0 { return 1 }
        if x.isInfinite { return 0 }
        if x < a + 1 { return max(0, 1 - lowerSeries(a: a, x: x)) }
        return upperContinuedFraction(a: a, x: x)
    }

    private static func logPrefactor(a: Double, x: Double) -> Double {
        a * log(x) - x - lgamma(a)
    }

    private static func iterationLimit(a: Double) -> Int {
        500 + Int(50 * a.squareRoot())
    }

    private static func lowerSeries(a: Double, x: Double) -> Double {
        let prefactor = logPrefactor(a: a, x: x)
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
