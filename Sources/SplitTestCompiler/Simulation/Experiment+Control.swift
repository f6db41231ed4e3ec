import SplitTesting

extension Experiment {
    /// The experiment as a control document publishes it: every field written, so that the
    /// document makes apps of any version agree with the YAML (a `running` entry runs a
    /// compiled `stopped` experiment again; an empty `force` clears a compiled one).
    public var controlEntry: SplitTestControl.Entry {
        let status: SplitTestControl.Status = winnerIndex != nil ? .resolved : isStopped ? .stopped : .running
        var force: [String: String] = [:]
        for forced in forcedUnits { force[forced.unit] = groups[forced.groupIndex].name }
        return SplitTestControl.Entry(
            status: status, winner: winnerIndex.map { groups[$0].name }, trafficBuckets: trafficBuckets,
            force: force)
    }

    /// The group names in declaration order, as ``AssignmentRules/applying(_:groupNames:)`` takes them.
    public var groupNames: [String] { groups.map(\.name) }
}

extension SplitTestControl {
    /// A control of every experiment in `experiments`, as `splitc publish` writes it.
    public init(publishing experiments: [Experiment], sequence: Int, generated: String?) {
        var entries: [String: Entry] = [:]
        for experiment in experiments { entries[experiment.identifier] = experiment.controlEntry }
        self.init(sequence: sequence, generated: generated, experiments: entries)
    }
}
