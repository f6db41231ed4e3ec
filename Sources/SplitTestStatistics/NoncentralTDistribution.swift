#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The noncentral t distribution: the distribution of a t statistic when the true effect is not
/// zero, which gives a t-test its power.
public enum NoncentralTDistribution {
    /// `P(T ≤ t)` for `degreesOfFreedom` degrees of freedom and noncentrality `noncentrality`:
    /// Lenth's algorithm AS 243, the series in incomplete beta functions, summed until its error
    /// bound is below 1e-14.
    ///
    /// A noncentrality beyond ±37 (where the series' first weight underflows) is read through
    /// the normal limit of its tail, which is then 0 or 1 to double precision anyway.
    public static func cdf(_ t: Double, degreesOfFreedom: Double, noncentrality: Double) -> Double {
        precondition(degreesOfFreedom > 0, "a t distribution has positive degrees of freedom")
        if t < 0 {
            return 1 - upperSeries(-t, degreesOfFreedom: degreesOfFreedom, noncentrality: -noncentrality)
        }
        return upperSeries(t, degreesOfFreedom: degreesOfFreedom, noncentrality: noncentrality)
    }

    /// `P(T ≤ t)` for `t ≥ 0`.
    private static func upperSeries(_ t: Double, degreesOfFreedom: Double, noncentrality delta: Double) -> Double {
        let lambda = delta * delta
        if lambda / 2 > 700 {
            return delta > 0 ? min(1, NormalDistribution.cdf(t - delta)) : 1
        }
        let x = t * t / (t * t + degreesOfFreedom)
        var result = 0.0
        if x > 0 {
            var p = 0.5 * exp(-0.5 * lambda)
            var q = (2 / Double.pi).squareRoot() * p * delta
            var s = 0.5 - p
            var a = 0.5
            let b = 0.5 * degreesOfFreedom
            let complement = degreesOfFreedom / (t * t + degreesOfFreedom)
            let rxb = pow(complement, b)
            let logBeta = LogBeta.value(a, b)
            var xOdd = IncompleteBeta.regularized(a: a, b: b, x: x, complement: complement)
            var gOdd = 2 * rxb * exp(a * log(x) - logBeta)
            var xEven = 1 - rxb
            var gEven = b * x * rxb
            result = p * xOdd + q * xEven
            var term = 1.0
            while term <= 10_000 {
                a += 1
                xOdd -= gOdd
                xEven -= gEven
                gOdd *= x * (a + b - 1) / a
                gEven *= x * (a + b - 0.5) / (a + 0.5)
                p *= lambda / (2 * term)
                q *= lambda / (2 * term + 1)
                s -= p
                term += 1
                result += p * xOdd + q * xEven
                if 2 * s * (xOdd - gOdd) <= 1e-14 { break }
            }
        }
        return min(1, max(0, result + NormalDistribution.cdf(-delta)))
    }
}
