/// What ``Resolver`` gives a unit in an experiment: the group, why, and what the shell must store.
@_spi(Tools) public struct Resolution: Sendable, Hashable {
    /// The index of the group in ``SplitTestDefinition/groups``.
    public var groupIndex: Int
    /// Why the unit got that group; only `sticky` and `bucketed` enrol it.
    public var reason: AssignmentReason
    /// The unit resolved: the one of the experiment's type; `nil` with no signed-in user.
    public var unit: String?
    /// The unit's group bucket, when it was bucketed.
    public var bucket: Int?
    /// The holdout that kept the unit out, when the reason is `holdout`.
    public var holdout: String?
    /// The experiment whose requirement the unit did not meet, when the reason is `prerequisite`.
    public var prerequisite: String?
    /// For an enrolled unit of an experiment that tracks allocation periods (a bandit), the
    /// period of its first assignment: its exposure carries it.
    public var period: Int?
    /// The group to store for the unit: the one it was just bucketed into.
    public var stored: StoredAssignment?
    /// The stored group the experiment no longer has, discarded: the shell removes it (and reports
    /// it), and stores the new group, if any, in its place.
    public var discarded: String?
    /// What resolving the experiments this one requires asks to store or remove, in order.
    public var requiredChanges: [StoredAssignmentChange] = []

    /// Creates a resolution with nothing to store.
    public init(groupIndex: Int, reason: AssignmentReason, unit: String?, period: Int? = nil) {
        self.groupIndex = groupIndex
        self.reason = reason
        self.unit = unit
        self.period = period
    }

    /// Every change the resolution asks of the store, the required experiments' first: for
    /// `experiment` (the identifier of the definition resolved), a stored group that no longer
    /// exists is removed, then a group just bucketed is stored.
    public func changes(experiment: String) -> [StoredAssignmentChange] {
        var changes: [StoredAssignmentChange] = []
        appendChanges(experiment: experiment, to: &changes)
        return changes
    }

    /// Appends ``changes(experiment:)`` to `changes`, building no list of its own.
    public func appendChanges(experiment: String, to changes: inout [StoredAssignmentChange]) {
        changes += requiredChanges
        guard let unit else { return }
        if let discarded { changes.append(.remove(experiment: experiment, unit: unit, group: discarded)) }
        if let stored { changes.append(.store(experiment: experiment, unit: unit, assignment: stored)) }
    }

    /// This resolution after its shell stored its group and found `kept` in force instead (another
    /// process or instance stored one first, under other rules): that group, `sticky`, with its
    /// period. Unchanged when `kept` is the group stored or names no group of `definition`.
    public func adopting(_ kept: StoredAssignment, in definition: SplitTestDefinition) -> Resolution {
        guard reason == .bucketed, let stored, kept != stored, let index = definition.groupIndex(named: kept.group) else {
            return self
        }
        var adopted = Resolution(
            groupIndex: index, reason: .sticky, unit: unit, period: definition.tracksPeriods ? (kept.period ?? 0) : nil)
        adopted.requiredChanges = requiredChanges
        return adopted
    }
}
