#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b)`, without the cancellation of that sum.
///
/// When an argument is large, `ln Γ` of it and of `a + b` are both large and nearly equal, and
/// their difference keeps only the digits that their rounding left: at `a = 10⁷` the sum loses
/// about eight of them, which Student's t distribution at ten million degrees of freedom inherits.
/// Above ``stirlingThreshold`` the large arguments go through Stirling's series instead, with the
/// leading terms of the difference combined by hand (`log1p`), as Didonato and Morris' `betaln`
/// (ACM TOMS 708) does; below it, `lgamma` is exact enough.
enum LogBeta {
    /// From this argument on, Stirling's series with seven correction terms is accurate to the
    /// last bit: the first term left out is below 3·10⁻¹⁷ at 10.
    static let stirlingThreshold = 10.0

    /// `ln B(a, b)` for `a, b > 0`.
    static func value(_ a: Double, _ b: Double) -> Double {
        let small = min(a, b)
        let large = max(a, b)
        if small >= stirlingThreshold {
            // ln B = ½ ln 2π − ½ ln(large) − u − v + w, where, with h = small / large,
            // u = −(small − ½) ln(h / (1 + h)) and v = large · ln(1 + h): both formed without
            // subtracting large logarithms.
            let h = small / large
            let u = -(small - 0.5) * log(h / (1 + h))
            let v = large * log1p(h)
            let w = correction(small) + correction(large) - correction(small + large)
            let base = (halfLogTwoPi - 0.5 * log(large)) + w
            return u > v ? (base - v) - u : (base - u) - v
        }
        if large >= stirlingThreshold {
            return lgamma(small) + logGammaRatio(large, small)
        }
        return lgamma(a) + lgamma(b) - lgamma(a + b)
    }

    /// `ln(Γ(a) / Γ(a + b))` for `a ≥` ``stirlingThreshold`` and `b > 0`: from Stirling's series,
    /// `(a − ½) ln a − a − (a + b − ½) ln(a + b) + (a + b) + ω(a) − ω(a + b)`, rearranged as
    /// `−(a − ½) ln(1 + b/a) − b ln(a + b) + b + ω(a) − ω(a + b)`.
    static func logGammaRatio(_ a: Double, _ b: Double) -> Double {
        -(a - 0.5) * log1p(b / a) - b * log(a + b) + b + (correction(a) - correction(a + b))
    }

    /// Stirling's correction `ω(x) = ln Γ(x) − ((x − ½) ln x − x + ½ ln 2π)`, for
    /// `x ≥` ``stirlingThreshold``: `Σ B₂ₖ / (2k (2k − 1) x²ᵏ⁻¹)` to `k = 7`.
    static func correction(_ x: Double) -> Double {
        let inverse = 1 / x
        let square = inverse * inverse
        var series = 1.0 / 156
        series = series * square - 691.0 / 360_360
        series = series * square + 1.0 / 1_188
        series = series * square - 1.0 / 1_680
        series = series * square + 1.0 / 1_260
        series = series * square - 1.0 / 360
        series = series * square + 1.0 / 12
        return series * inverse
    }

    /// `½ ln 2π`.
    static let halfLogTwoPi = 0.918_938_533_204_672_741_78
}
