@_spi(Generated) import SplitTesting

/// A holdout, as validated: a share of units kept out of a set of experiments. The runtime's
/// ``SplitTesting/SplitTestHoldout`` (name, unit type, share) is what every covered experiment's
/// definition carries; this adds which experiments it covers and where it is written.
public struct Holdout: Hashable, Sendable {
    /// The holdout as the covered experiments' definitions carry it.
    package var holdout: SplitTestHoldout
    /// The identifiers of the experiments it covers, sorted.
    public var experiments: [String]
    /// Free text.
    public var description: String?
    /// Where its name is written.
    public var location: SourceLocation

    /// Creates a holdout.
    package init(holdout: SplitTestHoldout, experiments: [String], description: String? = nil, location: SourceLocation) {
        self.holdout = holdout
        self.experiments = experiments
        self.description = description
        self.location = location
    }

    /// `[a-z][a-z0-9_]*`, unique; it keys the holdout hash.
    public var name: String { holdout.name }
    /// `percent × 100`, in `1...5_000`.
    public var buckets: Int { holdout.buckets }
}
