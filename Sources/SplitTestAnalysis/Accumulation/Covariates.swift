import SplitTesting

/// What CUPED reads of one goal besides the outcome, per group (same order as
/// ``ExperimentTotals/groups``): the same goal in each unit's ``PreExposureWindow``, as
/// sufficient statistics of the covariate and of its products with the outcome.
///
/// A unit's covariate is, for the conversion, whether it reached the goal in the window (1 or
/// 0), and for the value, the sum of those goals' values (0 without any). Its outcome is what
/// ``GoalTotals`` counts after the first exposure.
public struct GoalCovariates: Sendable, Hashable {
    /// The window the covariate was read in.
    public var window: PreExposureWindow
    /// Units that reached the goal in the window, per group.
    public var preConverted: [Int]
    /// Units that reached it both in the window and after their first exposure: Σ pre·post of
    /// the conversion indicator.
    public var prePostConverted: [Int]
    /// Σ value in the window per unit.
    public var preValueSum: [Double]
    /// Σ (value in the window per unit)².
    public var preValueSumOfSquares: [Double]
    /// Σ (value in the window) · (value after the first exposure), per unit.
    public var prePostValueProducts: [Double]

    /// The figures of one goal.
    public init(
        window: PreExposureWindow, preConverted: [Int], prePostConverted: [Int], preValueSum: [Double],
        preValueSumOfSquares: [Double], prePostValueProducts: [Double]
    ) {
        self.window = window
        self.preConverted = preConverted
        self.prePostConverted = prePostConverted
        self.preValueSum = preValueSum
        self.preValueSumOfSquares = preValueSumOfSquares
        self.prePostValueProducts = prePostValueProducts
    }
}

/// The per-unit covariates an ``EventAccumulator`` gathers when asked for CUPED: per goal and
/// slot, whether the unit reached the goal in its window, and the sum of those goals' values.
/// As much memory again as the outcome's own flags and sums, and only with `--cuped`.
struct PreExposureAccumulator {
    let window: PreExposureWindow
    private(set) var converted: [[Bool]] = []
    private(set) var values: [[Double]] = []

    init(window: PreExposureWindow) {
        self.window = window
    }

    /// Room for one more goal, over `slots` slots.
    mutating func addGoal(slots: Int) {
        converted.append([Bool](repeating: false, count: slots))
        values.append([Double](repeating: 0, count: slots))
    }

    /// Credits a goal at `time` to `slot` when it falls in the window of the slot's first
    /// exposure; returns whether it did.
    mutating func credit(goal: Int, slot: Int, value: Double, time: Double, firstExposure: Double) -> Bool {
        guard window.contains(goalAt: time, firstExposure: firstExposure) else { return false }
        converted[goal][slot] = true
        values[goal][slot] += value
        return true
    }
}

/// The covariate sums of one table (an experiment or a holdout), as ``EventAccumulator/totals()``
/// walks its units.
struct CovariateSums {
    private var preConverted: [[Int]]
    private var prePostConverted: [[Int]]
    private var preValueSum: [[Double]]
    private var preValueSumOfSquares: [[Double]]
    private var prePostValueProducts: [[Double]]

    init(goals: Int, groups: Int) {
        preConverted = [[Int]](repeating: [Int](repeating: 0, count: groups), count: goals)
        prePostConverted = preConverted
        preValueSum = [[Double]](repeating: [Double](repeating: 0, count: groups), count: goals)
        preValueSumOfSquares = preValueSum
        prePostValueProducts = preValueSum
    }

    /// Adds the unit in `slot`, of group `group`, given every goal's outcome flags and sums.
    mutating func add(slot: Int, group: Int, before: PreExposureAccumulator, converted: [[Bool]], values: [[Double]]) {
        for goal in before.converted.indices where before.converted[goal][slot] {
            let pre = before.values[goal][slot]
            preConverted[goal][group] += 1
            preValueSum[goal][group] += pre
            preValueSumOfSquares[goal][group] += pre * pre
            if converted[goal][slot] {
                prePostConverted[goal][group] += 1
                prePostValueProducts[goal][group] += pre * values[goal][slot]
            }
        }
    }

    /// The figures of goal number `goal`, its groups in `order`.
    func covariates(goal: Int, order: [Int], window: PreExposureWindow) -> GoalCovariates {
        GoalCovariates(
            window: window, preConverted: order.map { preConverted[goal][$0] },
            prePostConverted: order.map { prePostConverted[goal][$0] }, preValueSum: order.map { preValueSum[goal][$0] },
            preValueSumOfSquares: order.map { preValueSumOfSquares[goal][$0] },
            prePostValueProducts: order.map { prePostValueProducts[goal][$0] })
    }
}

extension EventAccumulator {
    /// An accumulator that also reads, for CUPED, every goal in each unit's `preExposureWindow`
    /// as that unit's covariate (``GoalTotals/covariates``). Such a goal is data, not an issue; a
    /// goal before the window still credits nothing and is reported as before.
    public init(definitions: [SplitTestDefinition]? = nil, preExposureWindow: PreExposureWindow) {
        self.init(definitions: definitions)
        preExposure = PreExposureAccumulator(window: preExposureWindow)
    }
}
