import SplitTesting

/// One experiment, as validated: what the emitter turns into Swift and `splitc assign` resolves.
public struct Experiment: Hashable, Sendable {
    /// `[a-z][a-z0-9_]*`, at most 64 characters, unique in the set.
    public var identifier: String
    /// Device- or user-level.
    public var unitType: UnitType
    /// Free text for the generated documentation.
    public var description: String?
    /// Who to ask about it.
    public var owner: String?
    /// At least two, in declaration order (the order of bucket ranges).
    public var groups: [ExperimentGroup]
    /// The parameters every group defines, in order of first appearance.
    public var parameters: [ParameterDeclaration]
    /// The index in `groups` of the control (the first group unless `control:` names another).
    public var controlIndex: Int
    /// The hash salt; the identifier unless `salt:` is given.
    public var salt: String
    /// `traffic × 100`, in `1...10_000`.
    public var trafficBuckets: Int
    /// The experiment's slice of a layer.
    public var layer: SplitTestLayer?
    /// The index in `groups` of the winner when `status: resolved`.
    public var winnerIndex: Int?
    /// Whether `status: stopped`: every unit gets the control, nothing is enrolled or exposed.
    public var isStopped: Bool
    /// The units of `force:`, in declaration order, each unit once.
    public var forcedUnits: [ForcedUnit]
    /// Who may be enrolled; `nil` enrols everyone.
    public var targeting: SplitTestTargeting?
    /// The holdout that covers the experiment, set once every holdout document has been read.
    public var holdout: SplitTestHoldout?
    /// After this date the compiler warns.
    public var expires: CalendarDate?
    /// The generated Swift type's name.
    public var swiftName: String
    /// The definition file's path relative to the package, as generated documentation names it.
    public var displayPath: String
    /// Where the experiment's document starts.
    public var location: SourceLocation

    /// Creates an experiment.
    public init(
        identifier: String, unitType: UnitType, description: String?, owner: String?,
        groups: [ExperimentGroup], parameters: [ParameterDeclaration], controlIndex: Int,
        salt: String, trafficBuckets: Int, layer: SplitTestLayer?, winnerIndex: Int?,
        expires: CalendarDate?, swiftName: String, displayPath: String, location: SourceLocation,
        isStopped: Bool = false, forcedUnits: [ForcedUnit] = [],
        targeting: SplitTestTargeting? = nil, holdout: SplitTestHoldout? = nil
    ) {
        self.identifier = identifier
        self.unitType = unitType
        self.description = description
        self.owner = owner
        self.groups = groups
        self.parameters = parameters
        self.controlIndex = controlIndex
        self.salt = salt
        self.trafficBuckets = trafficBuckets
        self.layer = layer
        self.winnerIndex = winnerIndex
        self.isStopped = isStopped
        self.forcedUnits = forcedUnits
        self.targeting = targeting
        self.holdout = holdout
        self.expires = expires
        self.swiftName = swiftName
        self.displayPath = displayPath
        self.location = location
    }

    /// The control group.
    public var control: ExperimentGroup { groups[controlIndex] }

    /// The group index of each forced unit, as `AssignmentRules` takes them.
    public var forcedGroupIndices: [String: Int] {
        Dictionary(forcedUnits.map { ($0.unit, $0.groupIndex) }, uniquingKeysWith: { first, _ in first })
    }

    /// The exclusive upper bucket of each group, as `SplitTestDefinition` takes them.
    public var bucketUpperBounds: [Int] {
        var bound = 0
        return groups.map { group in
            bound += group.bucketCount
            return bound
        }
    }
}
