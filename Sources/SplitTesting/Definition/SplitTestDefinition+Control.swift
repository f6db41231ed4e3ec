extension SplitTestDefinition {
    /// Why a control entry cannot apply to an experiment of this build.
    @_spi(Tools) public enum ControlEntryProblem: Error, Sendable, Hashable {
        /// The entry names a group (as winner or forced group) that this build's experiment lacks.
        case unknownGroup(String)
        /// The entry's traffic is outside `1...10_000` buckets, its period is not positive, or its
        /// weights are negative, finer than 0.01 or do not sum to 100.
        case invalid(String)
    }

    /// This definition with the values of `entry` in place of the compiled ones, field by field.
    ///
    /// A remote status replaces the compiled one: `running` clears a compiled stop and winner,
    /// `resolved` sets its winner, `stopped` stops. This is the one place where an entry's meaning
    /// for this build's experiment is checked; its payload was checked for form when decoded. Traffic and `force` replace the compiled ones when present;
    /// `weights` replace the bucket table (which buckets units not yet assigned: stored groups
    /// come first), and `period` the period in force.
    @_spi(Tools) public func applying(_ entry: SplitTestControl.Entry) -> Result<SplitTestDefinition, ControlEntryProblem> {
        var definition = self
        if let weights = entry.weights {
            switch bucketTable(weights: weights) {
            case .success(let table): definition.bucketTable = table
            case .failure(let problem): return .failure(problem)
            }
        }
        if let period = entry.period {
            guard period > 0 else { return .failure(.invalid("period \(period) is not a positive integer")) }
            definition.period = period
        }
        if let trafficBuckets = entry.trafficBuckets {
            guard (1...Bucketing.bucketCount).contains(trafficBuckets) else {
                return .failure(.invalid("traffic of \(trafficBuckets) buckets is outside 1...\(Bucketing.bucketCount)"))
            }
            definition.trafficBuckets = trafficBuckets
        }
        if let force = entry.force {
            var indices: [String: Int] = [:]
            for (unit, group) in force {
                guard let groupIndex = groupIndex(named: group) else { return .failure(.unknownGroup(group)) }
                indices[unit] = groupIndex
            }
            definition.force = indices
        }
        if let schedule = entry.schedule { definition.schedule = schedule }
        if let status = entry.status {
            if let winner = status.winner, groupIndex(named: winner) == nil { return .failure(.unknownGroup(winner)) }
            definition.status = status
        }
        return .success(definition)
    }

    /// The bucket table of a control entry's `weights`: each percent is a whole number of the
    /// 10,000 buckets, so the table is exact, with no rounding that could move a unit.
    private func bucketTable(weights: [String: Double]) -> Result<BucketTable, ControlEntryProblem> {
        var counts = [Int](repeating: 0, count: groups.count)
        // In name order, so that the problem reported does not depend on a dictionary's order.
        for (group, percent) in weights.sorted(by: { $0.key < $1.key }) {
            guard let index = groupIndex(named: group) else { return .failure(.unknownGroup(group)) }
            guard percent.isFinite else {
                return .failure(.invalid("weight of group '\(group)' is not a finite number"))
            }
            guard percent >= 0 else {
                return .failure(.invalid("weight \(percent) of group '\(group)' is negative"))
            }
            guard let buckets = BucketTable.buckets(percent: percent) else {
                return .failure(.invalid("weight \(percent) of group '\(group)' is finer than 0.01 percent"))
            }
            counts[index] = buckets
        }
        let total = counts.reduce(0, +)
        guard total == Bucketing.bucketCount else {
            return .failure(.invalid("weights sum to \(BucketTable.percent(buckets: total)) percent, not 100"))
        }
        var bound = 0
        return .success(BucketTable(upperBounds: counts.map { count in
            bound += count
            return bound
        }))
    }

    /// Whether the exposures of this experiment carry the period of each unit's first assignment:
    /// a bandit's always, any other experiment's once a control document set a period.
    package var tracksPeriods: Bool { allocation.bandit != nil || period > 0 }

    /// The definition as a control document publishes it: every field written, so that the
    /// document makes apps of any version agree with the YAML (a `running` entry runs a compiled
    /// `stopped` experiment again; an empty `force` clears a compiled one).
    package var controlEntry: SplitTestControl.Entry {
        SplitTestControl.Entry(
            status: status, trafficBuckets: trafficBuckets, force: force.mapValues { groups[$0] }, schedule: schedule)
    }
}
