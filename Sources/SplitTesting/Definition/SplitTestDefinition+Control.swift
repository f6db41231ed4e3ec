extension SplitTestDefinition {
    /// Why a control entry cannot apply to an experiment of this build.
    @_spi(Tools) public enum ControlEntryProblem: Error, Sendable, Hashable {
        /// The entry names a group (as winner or forced group) that this build's experiment lacks.
        case unknownGroup(String)
        /// The entry says `resolved` but names no winner, or its traffic is outside `1...10_000` buckets.
        case invalid(String)
    }

    /// This definition with the values of `entry` in place of the compiled ones, field by field.
    ///
    /// A remote `running` clears a compiled stop and winner; a remote `resolved` sets the winner;
    /// a remote `stopped` stops. Traffic and `force` replace the compiled ones when present.
    @_spi(Tools) public func applying(_ entry: SplitTestControl.Entry) -> Result<SplitTestDefinition, ControlEntryProblem> {
        var definition = self
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
        switch entry.status {
        case nil, .running?:
            if let winner = entry.winner { return .failure(.invalid("winner '\(winner)' without status resolved")) }
            if entry.status == .running {
                definition.status = .running
                definition.winnerIndex = nil
            }
        case .stopped?:
            if let winner = entry.winner { return .failure(.invalid("winner '\(winner)' of a stopped experiment")) }
            definition.status = .stopped
            definition.winnerIndex = nil
        case .resolved?:
            guard let winner = entry.winner else { return .failure(.invalid("status resolved without a winner")) }
            guard let winnerIndex = groupIndex(named: winner) else { return .failure(.unknownGroup(winner)) }
            definition.status = .resolved
            definition.winnerIndex = winnerIndex
        }
        return .success(definition)
    }

    /// The definition as a control document publishes it: every field written, so that the
    /// document makes apps of any version agree with the YAML (a `running` entry runs a compiled
    /// `stopped` experiment again; an empty `force` clears a compiled one).
    package var controlEntry: SplitTestControl.Entry {
        SplitTestControl.Entry(
            status: status, winner: winner, trafficBuckets: trafficBuckets, force: force.mapValues { groups[$0] })
    }
}
