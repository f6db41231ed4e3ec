/// A bandit experiment's figures for one allocation period: the units first assigned in it (each
/// unit counts in the period its exposures carry, the period in force when it was first assigned),
/// per group, and per goal their conversions and values.
///
/// The readout weighs the periods by their units, so that a rate that drifts over time while the
/// weights move does not bias the comparison, and checks each period's split against that period's
/// weights.
public struct PeriodTotals: Sendable, Hashable {
    /// The period: 0 before any control document set one.
    public var period: Int
    /// Units first assigned in the period, per group (the experiment's order).
    public var units: [Int]
    /// Per goal, in the experiment's goal order.
    public var goals: [GoalTotals]

    /// Creates the figures.
    public init(period: Int, units: [Int], goals: [GoalTotals]) {
        self.period = period
        self.units = units
        self.goals = goals
    }
}
