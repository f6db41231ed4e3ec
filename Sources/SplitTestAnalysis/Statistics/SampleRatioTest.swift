import SplitTestStatistics

/// The sample-ratio check: Pearson's chi-square of units per group against the shares the weights
/// promise.
public enum SampleRatioTest {
    /// The p-value below which the split is flagged: the results are then not to be trusted.
    public static let threshold = 0.001

    /// The statistic and p-value of `units` (one count per group) against `weights`.
    ///
    /// A group of weight 0 is left out; a unit in one makes the statistic infinite (`nil` here)
    /// and p = 0. With no units, or a single group that counts, the statistic is 0 and p = 1.
    public static func test(units: [Int], weights: [Double]) -> (chiSquare: Double?, pValue: Double) {
        precondition(units.count == weights.count, "one weight per group")
        let total = Double(units.reduce(0, +))
        let weightSum = weights.reduce(0, +)
        guard total > 0, weightSum > 0 else { return (0, 1) }
        var statistic = 0.0
        var cells = 0
        for (count, weight) in zip(units, weights) {
            let expected = weight / weightSum * total
            if expected > 0 {
                let difference = Double(count) - expected
                statistic += difference * difference / expected
                cells += 1
            } else if count > 0 {
                return (nil, 0)
            }
        }
        guard cells > 1 else { return (0, 1) }
        return (statistic, ChiSquareDistribution.survival(statistic, degreesOfFreedom: cells - 1))
    }
}
