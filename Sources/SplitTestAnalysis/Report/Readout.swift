@_spi(Generated) import SplitTesting

/// The readout of one experiment (or holdout): what `splitc analyze` prints, in every format.
public struct ExperimentReadout: Sendable, Hashable {
    /// The experiment's identifier, or the holdout's name.
    public var experiment: String
    /// Experiment or holdout.
    public var kind: ExperimentTotals.Kind
    /// The control group.
    public var control: String
    /// What made ``control`` the control: a readout that assumed it says so.
    public var controlChoice: ControlChoice = .definition
    /// Units counted (conflicts left out).
    public var units: Int
    /// Units exposed in more than one group.
    public var conflicts: Int
    /// The sample-ratio check.
    public var srm: SampleRatioReadout
    /// The A/A check, when a group is named `control_check`.
    public var aaCheck: AACheckReadout?
    /// Per goal.
    public var goals: [GoalReadout]
    /// How the comparisons' effects were computed.
    public var effects = EffectSettings()
    /// The factors of a multivariate experiment, whose groups are its cells; `nil` otherwise.
    @_spi(Tools) public var factorial: SplitTestFactorialDesign? = nil
    /// Whether the rates and comparisons weigh each allocation period by its units (a bandit's;
    /// see ``PeriodWeightedEstimate``).
    public var periodWeighted = false
    /// A bandit's allocation periods: units and weights; `nil` for any other experiment.
    public var periods: [PeriodReadout]?
    /// The metrics the experiment names; `nil` when it names none (its goals then tell).
    public var metrics: [MetricReadout]?
    /// How the secondary metrics' p-values were adjusted.
    public var correction: MultipleComparisonCorrection = .holm
    /// The exposure property the metrics are sliced by (`--by`); `nil` without one.
    public var metricDimension: String?
}

/// One allocation period of a bandit experiment.
public struct PeriodReadout: Sendable, Hashable {
    /// The period: 0 before any control document set one.
    public var period: Int
    /// The experiment's groups, in the order of ``units`` and ``weights``.
    public var groups: [String]
    /// The experiment's units first assigned in the period, per group.
    public var units: [Int]
    /// The weights in force in the period, in percent per group; `nil` when unknown (no
    /// `--controls`, or documents that disagree).
    public var weights: [Double]?
}

/// The sample-ratio check of an experiment.
public struct SampleRatioReadout: Sendable, Hashable {
    /// Pearson's statistic; `nil` when a unit is in a group of weight 0 (infinite).
    public var chiSquare: Double?
    /// Its p-value.
    public var pValue: Double
    /// Whether `pValue < 0.001`: the results are not to be trusted.
    public var flagged: Bool
    /// Whether the weights came from the definitions (otherwise equal shares were assumed).
    public var weightsKnown: Bool
    /// Why the check was not made (a bandit's periods without their weights); it is then neither
    /// flagged nor passed.
    public var notComputed: String?
}

/// The A/A check: `control_check` against `control`, goal by goal.
public struct AACheckReadout: Sendable, Hashable {
    /// The conversion p-value per goal (`nil` where it cannot be computed).
    public var pValues: [(goal: String, pValue: Double?)]
    /// The value p-value per goal.
    public var valuePValues: [(goal: String, pValue: Double?)]
    /// Whether any p-value is below 0.01.
    public var flagged: Bool

    /// Equal when every figure is.
    public static func == (left: Self, right: Self) -> Bool {
        left.flagged == right.flagged && left.pValues.map(\.goal) == right.pValues.map(\.goal)
            && left.pValues.map(\.pValue) == right.pValues.map(\.pValue)
            && left.valuePValues.map(\.pValue) == right.valuePValues.map(\.pValue)
    }

    /// Hashes the verdict and the goals.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(flagged)
        hasher.combine(pValues.map(\.goal))
    }
}

/// One goal of an experiment.
public struct GoalReadout: Sendable, Hashable {
    /// The goal's name.
    public var goal: String
    /// Per group, control first for experiments without definitions, else in declaration order.
    public var groups: [GroupReadout]
    /// A full factorial's main effects and interactions; `nil` for other experiments.
    public var factorEffects: FactorEffectsReadout? = nil
    /// The window CUPED read its covariate in, when it was read.
    public var preExposureWindow: PreExposureWindow?
}

/// One group on one goal.
public struct GroupReadout: Sendable, Hashable {
    /// The group's name.
    public var group: String
    /// Units counted.
    public var units: Int
    /// Units with the goal after their first exposure.
    public var converted: Int
    /// `converted / units`; `nil` without units.
    public var conversionRate: Double?
    /// Σ value per unit.
    public var valueSum: Double
    /// Σ (value per unit)², the sufficient statistic of the variance.
    public var valueSumOfSquares: Double
    /// `valueSum / units`; `nil` without units.
    public var valueMean: Double?
    /// Against the control; `nil` for the control itself.
    public var vsControl: Comparison?
    /// The variance of a period-weighted ``conversionRate`` (a bandit's), which its interval in
    /// the HTML chart uses; `nil` otherwise (the rate's own binomial variance then serves).
    public var conversionRateVariance: Double?
}

/// A group against the control on one goal; a field is `nil` where it cannot be computed (fewer
/// than 2 units in a group, nothing that varies).
public struct Comparison: Sendable, Hashable {
    /// Rate minus control rate.
    public var difference: Double?
    /// Difference / control rate.
    public var relativeDifference: Double?
    /// The 95% Wald interval of the difference.
    public var ciLow: Double?
    /// The upper end.
    public var ciHigh: Double?
    /// The pooled two-proportion z-test's two-sided p-value.
    public var pValue: Double?
    /// Mean value minus control mean value.
    public var valueDifference: Double?
    /// The 95% Welch interval of the value difference.
    public var valueCILow: Double?
    /// The upper end.
    public var valueCIHigh: Double?
    /// Welch's t-test two-sided p-value.
    public var valuePValue: Double?
    /// P(rate > control rate) under Beta(1, 1) priors.
    public var probabilityToBeatControl: Double?
    /// The effect on the conversion indicator per unit, as GrowthBook's engine computes it (its
    /// Welch's t, or its sequential test; with CUPED, adjusted by the pre-exposure conversion).
    public var effect: Effect?
    /// The effect on the value per exposed unit, likewise.
    public var valueEffect: Effect?
}
