extension AssignmentRules {
    /// Why a control entry cannot apply to an experiment of this build.
    public enum ControlEntryProblem: Error, Sendable, Hashable {
        /// The entry names a group (as winner or forced group) that this build's experiment lacks.
        case unknownGroup(String)
        /// The entry says `resolved` but names no winner, or its traffic is outside `1...10_000` buckets.
        case invalid(String)
    }

    /// These rules with the values of `entry` in place of the compiled ones, field by field;
    /// `groupNames` are the experiment's groups in declaration order.
    ///
    /// A remote `running` clears a compiled stop and winner; a remote `resolved` sets the winner;
    /// a remote `stopped` stops. Traffic and `force` replace the compiled ones when present.
    public func applying(_ entry: SplitTestControl.Entry, groupNames: [String]) -> Result<AssignmentRules, ControlEntryProblem> {
        func index(of group: String) -> Int? { groupNames.firstIndex(of: group) }
        var rules = self
        if let trafficBuckets = entry.trafficBuckets {
            guard (1...Bucketing.bucketCount).contains(trafficBuckets) else {
                return .failure(.invalid("traffic of \(trafficBuckets) buckets is outside 1...\(Bucketing.bucketCount)"))
            }
            rules.trafficBuckets = trafficBuckets
        }
        if let force = entry.force {
            var indices: [String: Int] = [:]
            for (unit, group) in force {
                guard let groupIndex = index(of: group) else { return .failure(.unknownGroup(group)) }
                indices[unit] = groupIndex
            }
            rules.forcedGroupIndices = indices
        }
        switch entry.status {
        case nil:
            if let winner = entry.winner { return .failure(.invalid("winner '\(winner)' without status resolved")) }
        case .running:
            if let winner = entry.winner { return .failure(.invalid("winner '\(winner)' without status resolved")) }
            rules.isStopped = false
            rules.winnerIndex = nil
        case .stopped:
            if let winner = entry.winner { return .failure(.invalid("winner '\(winner)' of a stopped experiment")) }
            rules.isStopped = true
            rules.winnerIndex = nil
        case .resolved:
            guard let winner = entry.winner else { return .failure(.invalid("status resolved without a winner")) }
            guard let winnerIndex = index(of: winner) else { return .failure(.unknownGroup(winner)) }
            rules.isStopped = false
            rules.winnerIndex = winnerIndex
        }
        return .success(rules)
    }
}
