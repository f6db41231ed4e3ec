#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is believed of one arm's reward after its units: the posterior a bandit draws from.
///
/// Conversion: Beta(1 + c, 1 + n − c), a uniform prior updated by `c` converted units of `n`.
/// Value: Normal(mean, s²/n), the sampling distribution of the mean value per exposed unit
/// (`s²` with `n − 1`).
public enum ArmPosterior: Sendable, Hashable {
    /// Beta(α, β).
    case beta(alpha: Double, beta: Double)
    /// Normal(mean, standardDeviation²).
    case normal(mean: Double, standardDeviation: Double)

    /// The posterior of conversion: `converted` of `units`, with a uniform prior.
    public static func conversion(converted: Int, units: Int) -> ArmPosterior {
        precondition(units >= 0 && converted >= 0 && converted <= units, "converted units are units")
        return .beta(alpha: Double(1 + converted), beta: Double(1 + units - converted))
    }

    /// The posterior of the mean value per unit: Normal(mean, s²/n) from the sum and sum of
    /// squares of `units` values (0 for a unit without the goal).
    ///
    /// With fewer than 2 units, or values that do not vary, the spread is 0 and the posterior is a
    /// point, kept as a normal far narrower than any difference of means that matters, so that
    /// such arms still compare (equal points split their chances evenly).
    public static func value(units: Int, sum: Double, sumOfSquares: Double) -> ArmPosterior {
        precondition(units >= 1, "a value posterior needs a unit")
        let n = Double(units)
        let mean = sum / n
        let variance = units >= 2 ? max(0, (sumOfSquares - sum * sum / n) / (n - 1)) : 0
        let deviation = (variance / n).squareRoot()
        return .normal(mean: mean, standardDeviation: max(deviation, pointSpread * max(1, abs(mean))))
    }

    /// The spread that stands for none, relative to the mean: a point's posterior.
    static let pointSpread = 1e-9

    /// The posterior mean.
    public var mean: Double {
        switch self {
        case .beta(let alpha, let beta): alpha / (alpha + beta)
        case .normal(let mean, _): mean
        }
    }

    /// The posterior standard deviation.
    public var standardDeviation: Double {
        switch self {
        case .beta(let a, let b): (a * b / ((a + b) * (a + b) * (a + b + 1))).squareRoot()
        case .normal(_, let deviation): deviation
        }
    }

    /// Where the density lives: the mean ± `spread` standard deviations, within the support.
    func range(spread: Double) -> ClosedRange<Double> {
        let low = mean - spread * standardDeviation
        let high = mean + spread * standardDeviation
        switch self {
        case .beta: return max(0, low)...min(1, high)
        case .normal: return low...high
        }
    }

    /// The end points of the support the range reaches (0 and 1 for a Beta), which the grid must
    /// hold so that no mass at an edge is missed.
    func supportEnds(within range: ClosedRange<Double>) -> [Double] {
        guard case .beta = self else { return [] }
        return [0, 1].filter { range.contains($0) }
    }

    /// The density at `x`, formed in logarithms so that large counts neither overflow nor underflow
    /// before the end.
    func density(_ x: Double, logNormalizer: Double) -> Double {
        switch self {
        case .beta(let a, let b):
            guard x >= 0, x <= 1 else { return 0 }
            // (α − 1)·ln x is 0 for α = 1 even at x = 0, where the product would read 0 · −∞.
            let left = a == 1 ? 0 : (a - 1) * log(x)
            let right = b == 1 ? 0 : (b - 1) * log1p(-x)
            return exp(left + right - logNormalizer)
        case .normal(let mean, let deviation):
            let z = (x - mean) / deviation
            return exp(-0.5 * z * z - logNormalizer)
        }
    }

    /// `ln` of the density's normalizing constant: `ln B(α, β)`, or `ln(σ √(2π))`.
    var logNormalizer: Double {
        switch self {
        case .beta(let a, let b): lgamma(a) + lgamma(b) - lgamma(a + b)
        case .normal(_, let deviation): log(deviation) + 0.5 * log(2 * Double.pi)
        }
    }
}
