/// Everything the runtime needs to resolve an experiment, compiled from its YAML definition:
/// weights are already whole bucket ranges, so resolution does no floating point.
public struct SplitTestDefinition<Group: SplitTestGroup>: Sendable {
    /// The experiment's identifier.
    public let identifier: String
    /// Whether devices or signed-in users are assigned.
    public let unitType: UnitType
    /// The salt of the group and traffic hashes; changing it reshuffles every unit.
    public let salt: String
    /// The exclusive upper bucket of each group, in `Group.allCases` order; the last is 10,000.
    /// A group whose bound equals the previous one has weight 0 and receives no units.
    public let bucketUpperBounds: [Int]
    /// The group served to units that are not enrolled.
    public let control: Group
    /// Units whose traffic bucket is below this number are enrolled (`traffic × 100`).
    public let trafficBuckets: Int
    /// The experiment's slice of a layer, if it shares its units with other experiments.
    public let layer: SplitTestLayer?
    /// Running, stopped, or resolved with a winner.
    public let status: SplitTestStatus<Group>
    /// Groups served to listed units (QA accounts, employees) before anything but an override.
    public let force: [String: Group]
    /// Who may be enrolled; `nil` enrols everyone.
    public let targeting: SplitTestTargeting?
    /// The holdout that covers the experiment, if any.
    public let holdout: SplitTestHoldout?

    /// Creates a definition; generated code calls this with values the compiler has validated.
    public init(
        identifier: String,
        unitType: UnitType,
        salt: String,
        bucketUpperBounds: [Int],
        control: Group,
        trafficBuckets: Int = Bucketing.bucketCount,
        layer: SplitTestLayer? = nil,
        status: SplitTestStatus<Group> = .running,
        force: [String: Group] = [:],
        targeting: SplitTestTargeting? = nil,
        holdout: SplitTestHoldout? = nil
    ) {
        precondition(
            bucketUpperBounds.count == Group.allCases.count,
            "one bucket bound per group of \(identifier)"
        )
        precondition(
            bucketUpperBounds.last == Bucketing.bucketCount
                && zip(bucketUpperBounds, bucketUpperBounds.dropFirst()).allSatisfy { $0 <= $1 }
                && (bucketUpperBounds.first ?? 0) >= 0,
            "bucket bounds of \(identifier) are non-decreasing and end at \(Bucketing.bucketCount)"
        )
        precondition(
            (1...Bucketing.bucketCount).contains(trafficBuckets),
            "traffic of \(identifier) is within 1...\(Bucketing.bucketCount) buckets"
        )
        precondition(
            holdout.map { $0.unitType == unitType } ?? true,
            "the holdout of \(identifier) keeps out units of its type"
        )
        self.identifier = identifier
        self.unitType = unitType
        self.salt = salt
        self.bucketUpperBounds = bucketUpperBounds
        self.control = control
        self.trafficBuckets = trafficBuckets
        self.layer = layer
        self.status = status
        self.force = force
        self.targeting = targeting
        self.holdout = holdout
    }

    /// The fresh-install rules of this definition, by group index.
    public var rules: AssignmentRules {
        let groups = Group.allCases
        let winnerIndex: Int?
        switch status {
        case .running, .stopped: winnerIndex = nil
        case .resolved(let winner): winnerIndex = groups.firstIndex(of: winner)
        }
        return AssignmentRules(
            salt: salt, bucketUpperBounds: bucketUpperBounds,
            controlIndex: groups.firstIndex(of: control) ?? 0,
            trafficBuckets: trafficBuckets, layer: layer, winnerIndex: winnerIndex,
            isStopped: status == .stopped,
            forcedGroupIndices: force.compactMapValues { groups.firstIndex(of: $0) },
            targeting: targeting, holdout: holdout)
    }

    /// The group a unit is bucketed into, ignoring traffic, layers, overrides and stored groups.
    public func bucketedGroup(forUnit unit: String) -> Group {
        let bucket = Bucketing.bucket(salt: salt, unit: unit, purpose: .group)
        return Group.allCases[rules.groupIndex(forBucket: bucket)]
    }
}
