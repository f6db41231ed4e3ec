/// The sufficient statistics of a conversion indicator per unit (1 when the unit converted, else
/// 0): how many units, how many of them converted.
///
/// Its variance is `p(1 − p)` with `p = converted / units`: the plug-in variance of a Bernoulli
/// outcome, with denominator `n`, not `n − 1`, as GrowthBook's `ProportionStatistic` has it.
///
/// ```swift
/// let control = ProportionStatistic(units: 1_000, converted: 100)
/// control.mean      // 0.1
/// control.variance  // 0.09
/// ```
public struct ProportionStatistic: UnitStatistic {
    /// How many units the group has.
    public var units: Int
    /// How many of them converted.
    public var converted: Int

    /// The statistic of `converted` units out of `units`.
    public init(units: Int, converted: Int) {
        precondition(units >= 0 && converted >= 0, "units and conversions are counts")
        self.units = units
        self.converted = converted
    }

    /// The sum of the indicator: the converted units.
    public var sum: Double { Double(converted) }

    /// The conversion rate; 0 for a group without units.
    public var mean: Double { units == 0 ? 0 : sum / Double(units) }

    /// `p(1 − p)`: 0 when no unit, or every unit, converted.
    public var variance: Double { mean * (1 - mean) }

    /// The units and conversions of both groups together.
    public func pooled(with other: ProportionStatistic) -> ProportionStatistic {
        ProportionStatistic(units: units + other.units, converted: converted + other.converted)
    }
}
