/// The part of resolution that needs no store: what a unit gets on a fresh install.
///
/// Both the runtime (``SplitTestDefinition``) and the compiler's `splitc assign` and
/// `splitc simulate` resolve through this one type, so that the tools can never disagree with apps.
/// Groups are named by their index in declaration order.
public struct AssignmentRules: Sendable, Hashable {
    /// The salt of the group and traffic hashes.
    public var salt: String
    /// The exclusive upper bucket of each group; the last is 10,000.
    public var bucketUpperBounds: [Int]
    /// The index of the group served to units that are not enrolled.
    public var controlIndex: Int
    /// Units whose traffic bucket is below this number are enrolled.
    public var trafficBuckets: Int
    /// The experiment's slice of a layer.
    public var layer: SplitTestLayer?
    /// The index of the winner of a resolved experiment.
    public var winnerIndex: Int?

    /// Creates the rules.
    public init(
        salt: String, bucketUpperBounds: [Int], controlIndex: Int,
        trafficBuckets: Int = Bucketing.bucketCount, layer: SplitTestLayer? = nil,
        winnerIndex: Int? = nil
    ) {
        self.salt = salt
        self.bucketUpperBounds = bucketUpperBounds
        self.controlIndex = controlIndex
        self.trafficBuckets = trafficBuckets
        self.layer = layer
        self.winnerIndex = winnerIndex
    }

    /// A fresh resolution: the group's index, why, and the group bucket when the unit was bucketed.
    public struct Resolution: Sendable, Hashable {
        /// The index of the group in declaration order.
        public var groupIndex: Int
        /// `resolved`, `noUser`, `notEnrolled` or `bucketed`.
        public var reason: AssignmentReason
        /// The unit's group bucket, when it was bucketed.
        public var bucket: Int?
    }

    /// Steps 2, 4, 5 and 6 of the resolution order (winner, no unit, layer and traffic,
    /// bucketing); overrides and stored groups are the service's.
    public func resolve(unit: String?) -> Resolution {
        if let winnerIndex {
            return Resolution(groupIndex: winnerIndex, reason: .resolved, bucket: nil)
        }
        guard let unit else {
            return Resolution(groupIndex: controlIndex, reason: .noUser, bucket: nil)
        }
        guard isEnrolled(unit: unit) else {
            return Resolution(groupIndex: controlIndex, reason: .notEnrolled, bucket: nil)
        }
        let bucket = Bucketing.bucket(salt: salt, unit: unit, purpose: .group)
        return Resolution(groupIndex: groupIndex(forBucket: bucket), reason: .bucketed, bucket: bucket)
    }

    /// Whether `unit` falls within the experiment's layer slice and traffic.
    public func isEnrolled(unit: String) -> Bool {
        if let layer {
            let bucket = Bucketing.bucket(salt: layer.name, unit: unit, purpose: .layer)
            guard layer.buckets.contains(bucket) else { return false }
        }
        if trafficBuckets < Bucketing.bucketCount {
            return Bucketing.bucket(salt: salt, unit: unit, purpose: .traffic) < trafficBuckets
        }
        return true
    }

    /// The index of the group that owns `bucket`.
    public func groupIndex(forBucket bucket: Int) -> Int {
        guard let index = bucketUpperBounds.firstIndex(where: { bucket < $0 }) else {
            preconditionFailure("bucket \(bucket) lies below the last bound, \(Bucketing.bucketCount)")
        }
        return index
    }
}
