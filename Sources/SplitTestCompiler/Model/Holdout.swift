import SplitTesting

/// A holdout, as validated: a share of units kept out of a set of experiments (SPEC §9).
public struct Holdout: Hashable, Sendable {
    /// `[a-z][a-z0-9_]*`, unique; it keys the holdout hash.
    public var name: String
    /// Whether devices or users are held out; every covered experiment has this type.
    public var unitType: UnitType
    /// `percent × 100`, in `1...5_000`.
    public var buckets: Int
    /// The identifiers of the experiments it covers, sorted.
    public var experiments: [String]
    /// Free text.
    public var description: String?
    /// Where its name is written.
    public var location: SourceLocation

    /// Creates a holdout.
    public init(
        name: String, unitType: UnitType, buckets: Int, experiments: [String], description: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.unitType = unitType
        self.buckets = buckets
        self.experiments = experiments
        self.description = description
        self.location = location
    }

    /// The runtime's holdout, as generated definitions carry it.
    public var runtimeHoldout: SplitTestHoldout {
        SplitTestHoldout(name: name, unitType: unitType, buckets: buckets)
    }
}
