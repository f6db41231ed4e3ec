/// Student's t distribution with real degrees of freedom (Welch–Satterthwaite's are rarely whole).
public enum StudentTDistribution {
    /// `P(|T| > |t|)`: the two-sided p-value of a t statistic, `I_{ν/(ν+t²)}(ν/2, 1/2)`.
    public static func twoSidedPValue(_ t: Double, degreesOfFreedom: Double) -> Double {
        precondition(degreesOfFreedom > 0, "a t distribution has positive degrees of freedom")
        if t.isInfinite { return 0 }
        let square = t * t
        let denominator = degreesOfFreedom + square
        return IncompleteBeta.regularized(
            a: degreesOfFreedom / 2, b: 0.5, x: degreesOfFreedom / denominator, complement: square / denominator)
    }

    /// The quantile `q` with `P(T ≤ q) = probability`, for `probability` in `0.5..<1`: found by
    /// bisection on the two-sided p-value, which is monotone, to the last bit.
    public static func upperQuantile(_ probability: Double, degreesOfFreedom: Double) -> Double {
        precondition(probability >= 0.5 && probability < 1, "an upper quantile is asked for 0.5 ≤ p < 1")
        let target = 2 * (1 - probability)
        var low = 0.0
        var high = 1.0
        while twoSidedPValue(high, degreesOfFreedom: degreesOfFreedom) > target { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if twoSidedPValue(middle, degreesOfFreedom: degreesOfFreedom) > target {
                low = middle
            } else {
                high = middle
            }
        }
        return (low + high) / 2
    }
}
