@_spi(Tools) import SplitTesting

/// Everything the statistics need of one metric in one experiment (or one slice of it), per
/// group (in the order of ``ExperimentTotals/groups``), whether counted from events or read from
/// a warehouse's aggregates.
///
/// Each unit has a value: for a conversion 1 when it sent the event at least once, else 0; for a
/// count its events; for a sum the sum of the property over its events; for a ratio a numerator
/// and a denominator. Only events within the metric's window after the unit's first exposure
/// count; a unit without any counts with 0. Values are capped (``capValue``) before they are
/// summed. A quantile is taken over the events' values instead (``quantiles``).
public struct MetricTotals: Sendable, Hashable {
    /// The metric.
    @_spi(Tools) public var metric: SplitTestMetric
    /// Its part in the experiment.
    public var role: MetricRole
    /// Units per group.
    public var units: [Int]
    /// Σ value per unit (for a ratio, of the numerator; for a conversion, the converted units).
    public var sum: [Double]
    /// Σ (value per unit)².
    public var sumOfSquares: [Double]
    /// A ratio's denominator and its products with the numerator; `nil` for other kinds.
    public var ratio: RatioSums?
    /// A quantile's statistic per group (`nil` for a group without events); `nil` for other kinds.
    public var quantiles: [QuantileStatistic?]?
    /// The same metric in each unit's window before its first exposure, for CUPED; `nil` unless
    /// read (never for a ratio or a quantile).
    public var covariates: MetricCovariates?
    /// The value at which each unit's values were capped; `nil` without a cap.
    public var capValue: Double?
    /// Whether any event the metric reads was in the input at all.
    public var eventsRead: Bool

    /// The figures of one metric.
    @_spi(Tools) public init(
        metric: SplitTestMetric, role: MetricRole, units: [Int], sum: [Double], sumOfSquares: [Double],
        ratio: RatioSums? = nil, quantiles: [QuantileStatistic?]? = nil, covariates: MetricCovariates? = nil,
        capValue: Double? = nil, eventsRead: Bool = true
    ) {
        self.metric = metric
        self.role = role
        self.units = units
        self.sum = sum
        self.sumOfSquares = sumOfSquares
        self.ratio = ratio
        self.quantiles = quantiles
        self.covariates = covariates
        self.capValue = capValue
        self.eventsRead = eventsRead
    }
}

/// A ratio metric's denominator per unit, summed per group, and its products with the numerator.
public struct RatioSums: Sendable, Hashable {
    /// Σ denominator per unit.
    public var denominatorSum: [Double]
    /// Σ (denominator per unit)².
    public var denominatorSumOfSquares: [Double]
    /// Σ numerator · denominator per unit.
    public var sumOfProducts: [Double]

    /// The sums given.
    public init(denominatorSum: [Double], denominatorSumOfSquares: [Double], sumOfProducts: [Double]) {
        self.denominatorSum = denominatorSum
        self.denominatorSumOfSquares = denominatorSumOfSquares
        self.sumOfProducts = sumOfProducts
    }
}

/// What CUPED reads of a metric besides its value: the same metric in each unit's
/// ``PreExposureWindow`` (for a conversion 1 or 0), per group.
public struct MetricCovariates: Sendable, Hashable {
    /// The window the covariate was read in.
    public var window: PreExposureWindow
    /// Σ covariate per unit.
    public var sum: [Double]
    /// Σ covariate².
    public var sumOfSquares: [Double]
    /// Σ covariate · value per unit.
    public var sumOfProducts: [Double]

    /// The sums given.
    public init(window: PreExposureWindow, sum: [Double], sumOfSquares: [Double], sumOfProducts: [Double]) {
        self.window = window
        self.sum = sum
        self.sumOfSquares = sumOfSquares
        self.sumOfProducts = sumOfProducts
    }
}

/// An experiment's metrics per value of a dimension (`--by`): the most common values, then the
/// rest together.
public struct MetricSlices: Sendable, Hashable {
    /// The exposure property the units are sliced by.
    public var dimension: String
    /// The slices, the most units first, ``otherSlice`` last.
    public var slices: [MetricSlice]

    /// The slices given.
    public init(dimension: String, slices: [MetricSlice]) {
        self.dimension = dimension
        self.slices = slices
    }

    /// How many values have a slice of their own.
    public static let shownValues = 20
    /// The slice of every other value.
    public static let otherSlice = "other"
    /// The value of units whose first exposure did not carry the dimension.
    public static let noValue = "(none)"
}

/// The units of one value of a dimension, and their metrics.
public struct MetricSlice: Sendable, Hashable {
    /// The dimension's value (or ``MetricSlices/otherSlice``, ``MetricSlices/noValue``).
    public var value: String
    /// Units per group.
    public var units: [Int]
    /// The experiment's metrics over these units.
    public var metrics: [MetricTotals]

    /// The slice given.
    public init(value: String, units: [Int], metrics: [MetricTotals]) {
        self.value = value
        self.units = units
        self.metrics = metrics
    }
}
