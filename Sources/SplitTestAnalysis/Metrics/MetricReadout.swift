@_spi(Tools) import SplitTesting

/// One metric of an experiment as the readout reports it: per group its units and value, and
/// per group other than the control its comparison with the control.
public struct MetricReadout: Sendable, Hashable {
    /// The metric.
    @_spi(Tools) public var metric: SplitTestMetric
    /// Its part in the experiment.
    public var role: MetricRole
    /// Per group, in the experiment's order.
    public var groups: [MetricGroupReadout]
    /// Per group other than the control.
    public var comparisons: [MetricComparison]
    /// The value at which per-unit values were capped; `nil` without a cap.
    public var capValue: Double?
    /// The window CUPED read its covariate in, when it adjusted this metric.
    public var preExposureWindow: PreExposureWindow?
    /// Why the figures say nothing, when the input had no event the metric reads.
    public var note: String?
    /// The same table per value of the dimension (`--by`); `nil` without one.
    public var slices: [MetricSliceReadout]?
}

/// One group on one metric.
public struct MetricGroupReadout: Sendable, Hashable {
    /// The group's name.
    public var group: String
    /// Its units.
    public var units: Int
    /// The metric's value in the group: the conversion rate, the count or sum per unit, Σ
    /// numerator / Σ denominator, or the quantile of the events' values; `nil` when it has no
    /// units (or, for a quantile, no events).
    public var value: Double?
    /// For a quantile, the events its value is taken over; `nil` for other kinds.
    public var events: Int?
}

/// A group against the control on one metric.
public struct MetricComparison: Sendable, Hashable {
    /// The group compared with the control.
    public var group: String
    /// The effect, absolute and relative, by the readout's method (and CUPED where it applies);
    /// `nil` parts where it cannot be computed.
    public var effect: Effect
    /// The absolute effect's p-value adjusted for the experiment's secondary comparisons (the
    /// p-value itself for the primary metric and the guardrails); `nil` without a p-value.
    public var pAdjusted: Double?
    /// What the comparison says; `nil` without a p-value.
    public var verdict: MetricVerdict?
}

/// What a comparison says about a metric, by its adjusted p-value and its direction.
public enum MetricVerdict: String, Sendable, Hashable {
    /// Significantly the better way (at 0.05, adjusted).
    case better
    /// Significantly the worse way, on a primary or secondary metric.
    case worse
    /// Significantly the worse way on a guardrail: the change harms what it must not.
    case harm
    /// Not significant.
    case inconclusive

    /// The significance level of every verdict.
    public static let alpha = 0.05

    /// The verdict of an `estimate` with adjusted p-value `pAdjusted`, for a metric whose better
    /// way is `direction`, in `role`.
    @_spi(Tools) public static func of(
        estimate: Double, pAdjusted: Double, direction: SplitTestMetric.Direction, role: MetricRole
    ) -> MetricVerdict {
        guard pAdjusted < alpha, estimate != 0 else { return .inconclusive }
        let better = (estimate > 0) == (direction == .increase)
        if better { return .better }
        return role == .guardrail ? .harm : .worse
    }
}

/// One value of the dimension on one metric: the same table over the units of that value.
public struct MetricSliceReadout: Sendable, Hashable {
    /// The dimension's value (`other` for every value beyond the most common, `(none)` for
    /// units whose exposure did not carry it).
    public var value: String
    /// Per group.
    public var groups: [MetricGroupReadout]
    /// Per group other than the control.
    public var comparisons: [MetricComparison]
}
