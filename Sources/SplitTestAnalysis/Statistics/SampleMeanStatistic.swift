#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sufficient statistics of a value per unit (0 for a unit without a goal): how many units,
/// the sum of the values and the sum of their squares.
///
/// Its variance is the sample variance `(Σx² − (Σx)²/n) / (n − 1)`, 0 below 2 units. It is not
/// clamped at 0: rounding can leave it slightly negative when every value is the same, and a
/// test then reports nothing, as GrowthBook's `SampleMeanStatistic` does. (``MeanComparison``,
/// Welch's test of the readout's `value_*` figures, reads the same statistic clamped at 0.)
///
/// ```swift
/// let control = SampleMeanStatistic(units: 4, sum: 10, sumOfSquares: 30)
/// control.mean      // 2.5
/// control.variance  // 1.666…
/// ```
public struct SampleMeanStatistic: UnitStatistic {
    /// How many units the group has.
    public var units: Int
    /// Σ value.
    public var sum: Double
    /// Σ value².
    public var sumOfSquares: Double

    /// The statistic of `units` values with the given sum and sum of squares.
    public init(units: Int, sum: Double, sumOfSquares: Double) {
        precondition(units >= 0, "units are a count")
        self.units = units
        self.sum = sum
        self.sumOfSquares = sumOfSquares
    }

    /// The mean value per unit; 0 for a group without units.
    public var mean: Double { units == 0 ? 0 : sum / Double(units) }

    /// The sample variance (denominator `n − 1`); 0 below 2 units.
    public var variance: Double {
        guard units > 1 else { return 0 }
        // `pow`, as the reference computes it: a square that rounds differently would turn the
        // rounding residue of a constant outcome into a different, non-zero variance.
        return (sumOfSquares - pow(sum, 2) / Double(units)) / Double(units - 1)
    }

    /// The units, sums and sums of squares of both groups together.
    public func pooled(with other: SampleMeanStatistic) -> SampleMeanStatistic {
        SampleMeanStatistic(units: units + other.units, sum: sum + other.sum, sumOfSquares: sumOfSquares + other.sumOfSquares)
    }
}
