#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regularized incomplete beta function `I_x(a, b)`, which gives Student's t distribution its
/// tails.
///
/// Both `x` and `1 − x` are passed in, so that a caller who knows `1 − x` exactly (the t
/// distribution does) loses no digits forming it: the logarithm of whichever is near 1 is taken
/// as `log1p` of the other, since `a · ln x` with `x` rounded near 1 and `a` in the millions keeps
/// none of the digits that matter. `ln B(a, b)` comes from ``LogBeta``, which does not cancel at
/// large arguments either. The continued fraction (modified Lentz) is evaluated on the side where
/// it converges, `x < (a + 1) / (a + b + 2)`, and the other side is its complement by symmetry;
/// for a large `a` with `b ≤ 1` (Student's t at many degrees of freedom), where the fraction's
/// terms cancel, an asymptotic expansion in `ln x` replaces it. Both parameters in the tens of
/// thousands (which no distribution here needs) still cost the fraction a few digits.
public enum IncompleteBeta {
    /// The regularized incomplete beta function `I_x(a, b) = B(x; a, b) / B(a, b)`.
    ///
    /// An `x` at or below 0 gives 0 and a `complement` at or below 0 gives 1.
    ///
    /// - Precondition: `a > 0` and `b > 0`; `x + complement = 1`, both in `0…1`.
    public static func regularized(a: Double, b: Double, x: Double, complement: Double) -> Double {
        precondition(a > 0 && b > 0, "I_x(a, b) needs a, b > 0")
        if x <= 0 { return 0 }
        if complement <= 0 { return 1 }
        if b <= 1, a >= largeShapeThreshold, let value = largeShape(a: a, b: b, x: x, complement: complement) {
            return value
        }
        let logX = x < 0.5 ? log(x) : log1p(-complement)
        let logComplement = complement < 0.5 ? log(complement) : log1p(-x)
        let logFront = a * logX + b * logComplement - LogBeta.value(a, b)
        if x < (a + 1) / (a + b + 2) {
            return min(1, exp(logFront) * continuedFraction(a: a, b: b, x: x) / a)
        }
        return max(0, 1 - exp(logFront) * continuedFraction(a: b, b: a, x: complement) / b)
    }

    private static func continuedFraction(a: Double, b: Double, x: Double) -> Double {
        let tiny = Double.leastNormalMagnitude / Double.ulpOfOne
        let limit = 1_000 + Int(20 * max(a, b).squareRoot())
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var fraction = d
        for step in 1...limit {
            let m = Double(step)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            fraction *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < Double.ulpOfOne { break }
        }
        return fraction
    }
}
