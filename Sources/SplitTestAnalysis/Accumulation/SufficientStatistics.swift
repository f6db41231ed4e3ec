@_spi(Generated) import SplitTesting

/// Everything the statistics need of one experiment, whether counted from events or read from a
/// warehouse's aggregates: per group its units, and per goal and group the converted units and the
/// sum and sum of squares of the value per unit.
public struct ExperimentTotals: Sendable, Hashable {
    /// Whether this is an experiment or a holdout (its groups then are `holdout` and `exposed`).
    public enum Kind: String, Sendable, Hashable {
        /// An experiment's groups.
        case experiment
        /// A holdout against the exposed units of the experiments it covers.
        case holdout
    }

    /// The experiment's identifier, or the holdout's name.
    public var experiment: String
    /// Experiment or holdout.
    public var kind: Kind
    /// The groups, in declaration order (observed order when there are no definitions).
    public var groups: [String]
    /// The weights of the groups, for the sample-ratio check; `nil` when unknown (no definitions).
    public var weights: [Double]?
    /// The control group, which every other group is compared with.
    public var control: String
    /// What made ``control`` the control.
    public var controlChoice: ControlChoice
    /// Units per group, from their first exposure; conflicts left out.
    public var units: [Int]
    /// Units exposed in more than one group.
    public var conflicts: Int
    /// Per goal, in name order.
    public var goals: [GoalTotals]
    /// The factors of a multivariate experiment, whose groups are its cells (from its
    /// definition); `nil` otherwise.
    @_spi(Tools) public var factorial: SplitTestFactorialDesign?
    /// For a bandit experiment, the same figures per allocation period (see ``PeriodTotals``), in
    /// period order; `nil` for any other experiment, and for a holdout.
    public var periods: [PeriodTotals]?
    /// The metrics the experiment names, in the order of its definition (primary, secondary,
    /// guardrails); empty when it names none, and for a holdout.
    public var metrics: [MetricTotals] = []
    /// The same metrics per value of a dimension (`--by`); `nil` without one.
    public var metricSlices: MetricSlices?

    /// Creates the totals; without `controlChoice`, the control is the definition's when there
    /// are weights (which only a definition gives), else an assumed one.
    @_spi(Tools) public init(
        experiment: String, kind: Kind, groups: [String], weights: [Double]?, control: String, units: [Int],
        conflicts: Int, goals: [GoalTotals], factorial: SplitTestFactorialDesign? = nil,
        periods: [PeriodTotals]? = nil, controlChoice: ControlChoice? = nil
    ) {
        self.controlChoice = controlChoice
            ?? ControlChoice.implied(kind: kind, fromDefinition: weights != nil, control: control)
        self.experiment = experiment
        self.kind = kind
        self.groups = groups
        self.weights = weights
        self.control = control
        self.units = units
        self.conflicts = conflicts
        self.goals = goals
        self.factorial = factorial
        self.periods = periods
    }
}

/// One goal's figures per group (same order as ``ExperimentTotals/groups``).
public struct GoalTotals: Sendable, Hashable {
    /// The goal's name.
    public var goal: String
    /// Units with at least one goal after their first exposure, per group.
    public var converted: [Int]
    /// Σ value per unit, per group.
    public var valueSum: [Double]
    /// Σ (value per unit)², per group.
    public var valueSumOfSquares: [Double]
    /// The same goal in each unit's pre-exposure window, for CUPED; `nil` unless it was read.
    public var covariates: GoalCovariates?

    /// Creates the figures.
    public init(goal: String, converted: [Int], valueSum: [Double], valueSumOfSquares: [Double]) {
        self.goal = goal
        self.converted = converted
        self.valueSum = valueSum
        self.valueSumOfSquares = valueSumOfSquares
    }
}
