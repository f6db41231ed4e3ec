#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SplitTestStatistics

/// The sample quantile of a metric's event values in one group, with what its variance needs,
/// as GrowthBook's `QuantileStatistic` (and, with ``clusters``, `QuantileClusteredStatistic`)
/// computes it.
///
/// The variance comes from the order statistics around the quantile: with `q̂_lo` and `q̂_hi` the
/// sample quantiles at `ν ∓ z·√(ν(1 − ν)/n*)` (clamped to `[1e-8, 1 − 1e-8]`, `z` the normal
/// 0.975 quantile), `var = (n*/n)·(n − 1)·((q̂_hi − q̂_lo) / 2z)²`, so that `var / n` is the
/// squared standard error of `q̂`. Events of one unit are not independent: with ``clusters`` the
/// variance is multiplied by the design effect of the share of events at or below `q̂`, a ratio
/// of per-unit counts whose variance the delta method gives over the units.
///
/// A group with too few events for the interval (`n ≤ z²·ν/(1 − ν)` or `n ≤ z²·(1 − ν)/ν`), or
/// with no spread under 1,000 events, has no variance (``hasZeroVariance``): no test is made.
/// From 100 events on the variance is at least 1e-5, as GrowthBook has it.
///
/// ```swift
/// let group = QuantileStatistic.of(values: loadTimes, quantile: 0.9)
/// group?.estimate  // the 90th percentile
/// ```
public struct QuantileStatistic: Sendable, Hashable {
    /// The events whose values the quantile is taken over.
    public var events: Int
    /// The sample size at which the bounds were taken (here always ``events``).
    public var boundsSampleSize: Int
    /// The quantile level `ν`, in (0, 1).
    public var quantile: Double
    /// The sample quantile `q̂`.
    public var estimate: Double
    /// The sample quantile at the lower level.
    public var lower: Double
    /// The sample quantile at the upper level.
    public var upper: Double
    /// The per-unit counts that correct the variance for several events per unit; `nil` treats
    /// every event as independent.
    public var clusters: QuantileClusters?

    /// A statistic of its parts.
    public init(
        events: Int, boundsSampleSize: Int, quantile: Double, estimate: Double, lower: Double, upper: Double,
        clusters: QuantileClusters? = nil
    ) {
        self.events = events
        self.boundsSampleSize = boundsSampleSize
        self.quantile = quantile
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
        self.clusters = clusters
    }

    /// The normal quantile of a 95% interval, which places the bounds and scales the variance.
    public static let multiplier = NormalDistribution.quantile975

    /// The levels of the bounds for `events` events: `ν ∓ z·√(ν(1 − ν)/n)`, clamped to
    /// `[1e-8, 1 − 1e-8]`.
    public static func boundLevels(quantile: Double, events: Int) -> (lower: Double, upper: Double) {
        let spread = multiplier * (quantile * (1 - quantile) / Double(events)).squareRoot()
        return (max(quantile - spread, 0.000_000_01), min(quantile + spread, 0.999_999_99))
    }

    /// The linearly interpolated sample quantile of `sorted` (ascending, not empty) at `level`:
    /// with `h = (n − 1)·level`, `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋])` (0-based), the
    /// definition of DuckDB's `quantile_cont`, Spark's `percentile` and NumPy's default.
    public static func sampleQuantile(_ sorted: [Double], at level: Double) -> Double {
        precondition(!sorted.isEmpty, "a quantile of no values")
        let position = Double(sorted.count - 1) * level
        let below = min(sorted.count - 1, max(0, Int(position.rounded(.down))))
        let fraction = position - Double(below)
        guard below + 1 < sorted.count, fraction > 0 else { return sorted[below] }
        return sorted[below] + fraction * (sorted[below + 1] - sorted[below])
    }

    /// The statistic of `values` at level `quantile`, the bounds taken at its own number of
    /// events; `nil` without values.
    public static func of(values: [Double], quantile: Double, clusters: QuantileClusters? = nil) -> QuantileStatistic? {
        of(sorted: values.sorted(), quantile: quantile, clusters: clusters)
    }

    /// The statistic of `sorted` (ascending) at level `quantile`; `nil` without values.
    static func of(sorted: [Double], quantile: Double, clusters: QuantileClusters? = nil) -> QuantileStatistic? {
        guard !sorted.isEmpty else { return nil }
        let levels = boundLevels(quantile: quantile, events: sorted.count)
        return QuantileStatistic(
            events: sorted.count, boundsSampleSize: sorted.count, quantile: quantile,
            estimate: sampleQuantile(sorted, at: quantile), lower: sampleQuantile(sorted, at: levels.lower),
            upper: sampleQuantile(sorted, at: levels.upper), clusters: clusters)
    }

    /// Whether no test can be made of the group: too few events for the bounds, or no spread
    /// under 1,000 events.
    public var hasZeroVariance: Bool {
        let square = pow(Self.multiplier, 2)
        if Double(events) <= square * quantile / (1 - quantile) || Double(events) <= square * (1 - quantile) / quantile {
            return true
        }
        return initialVariance <= 0 && events < 1_000
    }

    /// The variance before its floor: the order statistics' (times the design effect with
    /// ``clusters``).
    public var initialVariance: Double {
        guard events > 1 else { return 0 }
        let n = Double(events)
        let iid = (Double(boundsSampleSize) / n) * (n - 1) * pow((upper - lower) / (2 * Self.multiplier), 2)
        guard let clusters else { return iid }
        guard quantile != 0, clusters.units > 1, clusters.eventSum > 0 else { return 0 }
        return iid * clusters.shareVariance / (quantile * (1 - quantile) / n)
    }

    /// The variance of the quantile per event: ``initialVariance``, at least 1e-5 from 100
    /// events on.
    public var variance: Double {
        events < 100 ? initialVariance : max(initialVariance, 0.000_01)
    }

    /// What a two-sample test reads from the group: the quantile as its mean, over its events;
    /// a variance of 0 where ``hasZeroVariance`` says no test can be made.
    public var groupEstimate: GroupEstimate {
        GroupEstimate(units: events, mean: estimate, unadjustedMean: estimate, variance: hasZeroVariance ? 0 : variance)
    }
}

/// Per-unit counts of a quantile metric's events in one group: `e` the unit's events and `s`
/// those at or below the group's sample quantile, summed over the group's units (those without
/// events count, with 0).
public struct QuantileClusters: Sendable, Hashable {
    /// The group's units.
    public var units: Int
    /// Σ s.
    public var belowSum: Double
    /// Σ s².
    public var belowSumOfSquares: Double
    /// Σ e.
    public var eventSum: Double
    /// Σ e².
    public var eventSumOfSquares: Double
    /// Σ s·e.
    public var sumOfProducts: Double

    /// Counts of their parts.
    public init(
        units: Int, belowSum: Double, belowSumOfSquares: Double, eventSum: Double, eventSumOfSquares: Double,
        sumOfProducts: Double
    ) {
        self.units = units
        self.belowSum = belowSum
        self.belowSumOfSquares = belowSumOfSquares
        self.eventSum = eventSum
        self.eventSumOfSquares = eventSumOfSquares
        self.sumOfProducts = sumOfProducts
    }

    /// The delta method's variance of `Σs / Σe` over the units.
    var shareVariance: Double {
        let count = Double(units)
        let meanBelow = belowSum / count
        let meanEvents = eventSum / count
        let varianceBelow = (belowSumOfSquares / count - meanBelow * meanBelow) * count / (count - 1)
        let varianceEvents = (eventSumOfSquares / count - meanEvents * meanEvents) * count / (count - 1)
        let covariance = (sumOfProducts / count - meanBelow * meanEvents) * count / (count - 1)
        let numerator = varianceBelow - 2 * meanBelow * covariance / meanEvents
            + pow(meanBelow, 2) * varianceEvents / pow(meanEvents, 2)
        return numerator / (count * pow(meanEvents, 2))
    }
}
