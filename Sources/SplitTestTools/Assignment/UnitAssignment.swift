@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The group one unit gets on a fresh install, as `splitc assign` reports it.
///
/// A fresh install has no override and no stored group, so the reason is `forced`, `stopped`,
/// `resolved`, `notEnrolled` or `bucketed`. A user-level experiment resolves `unit` as the signed-in user.
public struct UnitAssignment: Sendable, Hashable, Encodable {
    /// The experiment's identifier.
    public var experiment: String
    /// The device or user id resolved.
    public var unit: String
    /// The group's name as written in YAML.
    public var group: String
    /// Why the unit got that group.
    public var reason: AssignmentReason
    /// The unit's group bucket in `0..<10_000`, when it was bucketed.
    public var bucket: Int?
    /// The holdout that kept the unit out, when the reason is `holdout`.
    public var holdout: String?
    /// The first targeting condition the unit fails, explained, when the reason is `notTargeted`.
    public var notTargetedBecause: String?
    /// For a multivariate experiment, whose group is a cell: the cell's level of each factor, in
    /// factor order; `nil` for an experiment with plain groups.
    public var levels: [FactorLevel]?

    /// A factor's level in a cell.
    public struct FactorLevel: Sendable, Hashable {
        /// The factor's name.
        public var factor: String
        /// The level's name.
        public var level: String
    }

    /// The experiment whose requirement the unit did not meet, when the reason is `prerequisite`.
    public var prerequisite: String?

    /// Resolves `unit` with `attributes` at `time` through the experiment's definition after
    /// `adjusting` it (its environment's values and a control document's entry), as the runtime
    /// resolves it; experiments it requires are adjusted and resolved the same way, for the same unit.
    @_spi(Tools) public init(
        experiment: Experiment, unit: String, attributes: SplitTestAttributeValues = SplitTestAttributeValues(),
        time: Double? = nil,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition = { $0 }
    ) {
        let definition = adjusting(experiment.definition)
        let resolution = definition.resolve(
            unit: unit, attributes: attributes, time: time ?? SplitTestDefinition.currentTime, adjusting: adjusting)
        self.prerequisite = resolution.prerequisite
        self.holdout = resolution.holdout
        if resolution.reason == .notTargeted, let targeting = definition.targeting {
            self.notTargetedBecause = TargetingExplanation.firstFailure(of: targeting, for: attributes)
        }
        self.experiment = experiment.identifier
        self.unit = unit
        self.group = definition.groups[resolution.groupIndex]
        self.reason = resolution.reason
        self.bucket = resolution.bucket
        self.levels = definition.factorial.map { design in
            zip(design.factors, design.levels(ofCell: resolution.groupIndex)).map { FactorLevel(factor: $0.name, level: $1) }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case experiment, unit, group, reason, bucket, levels
    }

    /// Encodes every key, `bucket` as `null` when the unit was not bucketed, so that the JSON
    /// always has the same shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(experiment, forKey: .experiment)
        try container.encode(unit, forKey: .unit)
        try container.encode(group, forKey: .group)
        try container.encode(reason.rawValue, forKey: .reason)
        try container.encode(bucket, forKey: .bucket)
        // Only a multivariate experiment has the key, so that other experiments' JSON is unchanged.
        if let levels {
            try container.encode(
                Dictionary(levels.map { ($0.factor, $0.level) }, uniquingKeysWith: { first, _ in first }), forKey: .levels)
        }
    }
}
