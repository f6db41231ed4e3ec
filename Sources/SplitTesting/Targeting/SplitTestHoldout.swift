/// A share of units kept out of a set of experiments, so that their combined effect can be
/// measured against units that saw none of them.
///
/// A unit is held out when the bucket of `"<name>:<unit id>"` (MurmurHash3, seed 3) is below
/// ``buckets``. Held-out units get the control of every covered experiment (reason
/// ``AssignmentReason/holdout``), and the holdout is reported once per unit
/// (``TrackingEvent/holdoutIdentifier``).
///
/// ```swift
/// // holdout: { name: q1_holdout, type: device, percent: 5, experiments: all }
/// let holdout = SplitTestHoldout(name: "q1_holdout", unitType: .device, buckets: 500)
/// ```
@_spi(Generated) public struct SplitTestHoldout: Sendable, Hashable {
    /// The holdout's name, `[a-z][a-z0-9_]*`; it keys the hash, so renaming it reshuffles units.
    public let name: String
    /// Whether devices or users are held out; every covered experiment has this unit type.
    public let unitType: UnitType
    /// `percent × 100`: units whose holdout bucket is below this number are held out.
    public let buckets: Int

    /// Creates a holdout; `buckets` lies within `1...5_000` (at most half of all units).
    public init(name: String, unitType: UnitType, buckets: Int) {
        precondition(
            (1...Bucketing.bucketCount / 2).contains(buckets),
            "a holdout keeps out between 0.01% and 50% of units"
        )
        self.name = name
        self.unitType = unitType
        self.buckets = buckets
    }

    /// Whether `unit` is kept out of the covered experiments.
    package func holds(unit: String) -> Bool {
        Bucketing.bucket(salt: name, unit: unit, purpose: .holdout) < buckets
    }
}
