#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IncompleteBeta {
    /// From this `a` on (with `b ≤ 1`), ``largeShape(a:b:x:complement:)`` is used: the continued
    /// fraction's error grows about as `√a` ulps (a few `10⁻¹⁴` at a thousand, `10⁻¹²` at fifty
    /// thousand, `10⁻⁹` at ten million, Student's t at twice those degrees of freedom), while the
    /// expansion stays within a few `10⁻¹⁴`.
    static let largeShapeThreshold = 1_000.0

    /// `I_x(a, b)` for a large `a` and `b ≤ 1` by the asymptotic expansion of Temme, in the form
    /// Didonato and Morris give it (ACM TOMS 708, "BGRAT"):
    ///
    /// with `ν = a + (b − 1)/2`, `z = −ν ln x`, `r = zᵇ e⁻ᶻ / Γ(b)` and
    /// `u = r · Γ(a + b) / (Γ(a) νᵇ)`,
    /// `I_x(a, b) = u · (Q(b, z) / r + Σₙ dₙ Jₙ)`, where `Q` is the regularized upper incomplete
    /// gamma function, `Jₙ` follows `J₀ = Q(b, z) / r`,
    /// `Jₙ = ((b + 2n − 2)(b + 2n − 1) Jₙ₋₁ + (z + b + 2n − 1)(ln x / 2)²ⁿ⁻²) / (4ν²)`, and the
    /// coefficients follow `dₙ = (b − 1) cₙ + Σᵢ₌₁ⁿ⁻¹ (i b − n) cᵢ dₙ₋ᵢ / n` with `cₙ = 1 / (2n + 1)!`.
    ///
    /// Every term is formed from `ln x` (as `log1p(−complement)`) and `z`, never from `1 − x`, so
    /// nothing cancels however close `x` is to 1. `nil` when the expansion cannot be formed (a
    /// `z` so large that `e⁻ᶻ` underflows, where `I_x` is below 10⁻³⁰⁰) or does not settle within
    /// 30 terms: the caller then uses the continued fraction.
    static func largeShape(a: Double, b: Double, x: Double, complement: Double) -> Double? {
        let bMinusOne = b - 1
        let nu = a + bMinusOne / 2
        let logX = complement <= 0.375 ? log1p(-complement) : log(x)
        let z = -nu * logX
        guard z > 0 else { return nil }
        let logR = b * log(z) - z - lgamma(b)
        // Below this, e⁻ᶻ and Q(b, z) are subnormal and their ratio loses every digit.
        guard logR > -700 else { return nil }
        let r = exp(logR)
        let u = exp(logR - LogBeta.logGammaRatio(a, b) - b * log(nu))
        // Q(1/2, z) = erfc(√z), exactly the normal tail that Student's t approaches.
        let q = b == 0.5 ? erfc(z.squareRoot()) : IncompleteGamma.regularizedUpper(a: b, x: z)
        let inverseFourNuSquared = 0.25 / (nu * nu)
        let logXSquaredOverFour = 0.25 * logX * logX
        var j = q / r
        var sum = j
        var power = 1.0
        var c = [Double](repeating: 0, count: 31)
        var d = [Double](repeating: 0, count: 31)
        var factorial = 1.0
        var twoN = 0.0
        for n in 1...30 {
            let shifted = b + twoN
            j = (shifted * (shifted + 1) * j + (z + shifted + 1) * power) * inverseFourNuSquared
            twoN += 2
            power *= logXSquaredOverFour
            factorial /= twoN * (twoN + 1)
            c[n] = factorial
            var convolution = 0.0
            var coefficient = b - Double(n)
            for i in stride(from: 1, to: n, by: 1) {
                convolution += coefficient * c[i] * d[n - i]
                coefficient += b
            }
            d[n] = bMinusOne * factorial + convolution / Double(n)
            let term = d[n] * j
            sum += term
            guard sum > 0 else { return nil }
            if abs(term) <= Double.ulpOfOne * sum {
                let result = u * sum
                return result.isFinite && result >= 0 ? min(1, result) : nil
            }
        }
        return nil
    }
}
