/// The part of resolution that needs no store: what a unit gets from the definition (and any
/// control document in force) alone.
///
/// Both the runtime (``SplitTestDefinition``) and the compiler's `splitc assign` and
/// `splitc simulate` resolve through this one type, so that the tools can never disagree with apps.
/// Groups are named by their index in declaration order.
///
/// The resolution order (SPEC §8): 1 a runtime override (the service's) → 2 `force` for this
/// unit → 3 stopped → 4 resolved → 5 a stored group (the service's) → 6 no user → 7 holdout →
/// 8 targeting → 9 layer and traffic → 10 bucketing. ``resolveBeforeStickiness(unit:)`` is
/// steps 2–4, ``resolveUnassigned(unit:attributes:)`` steps 6–10, and
/// ``resolve(unit:attributes:)`` both, as on a fresh install.
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
    /// Whether the experiment is stopped (every unit gets the control); a winner takes precedence
    /// only when it is not stopped.
    public var isStopped: Bool
    /// Group indices by unit id, served before anything else but overrides.
    public var forcedGroupIndices: [String: Int]
    /// Who may be enrolled.
    public var targeting: SplitTestTargeting?
    /// The holdout that covers the experiment.
    public var holdout: SplitTestHoldout?

    /// Creates the rules.
    public init(
        salt: String, bucketUpperBounds: [Int], controlIndex: Int,
        trafficBuckets: Int = Bucketing.bucketCount, layer: SplitTestLayer? = nil,
        winnerIndex: Int? = nil, isStopped: Bool = false, forcedGroupIndices: [String: Int] = [:],
        targeting: SplitTestTargeting? = nil, holdout: SplitTestHoldout? = nil
    ) {
        self.salt = salt
        self.bucketUpperBounds = bucketUpperBounds
        self.controlIndex = controlIndex
        self.trafficBuckets = trafficBuckets
        self.layer = layer
        self.winnerIndex = winnerIndex
        self.isStopped = isStopped
        self.forcedGroupIndices = forcedGroupIndices
        self.targeting = targeting
        self.holdout = holdout
    }

    /// A resolution by the rules: the group's index, why, and the group bucket when the unit was bucketed.
    public struct Resolution: Sendable, Hashable {
        /// The index of the group in declaration order.
        public var groupIndex: Int
        /// Why: any reason but `override` and `sticky`, which are the service's.
        public var reason: AssignmentReason
        /// The unit's group bucket, when it was bucketed.
        public var bucket: Int?
        /// The holdout that kept the unit out, when the reason is `holdout`.
        public var holdout: String?

        /// Creates a resolution.
        public init(groupIndex: Int, reason: AssignmentReason, bucket: Int? = nil, holdout: String? = nil) {
            self.groupIndex = groupIndex
            self.reason = reason
            self.bucket = bucket
            self.holdout = holdout
        }
    }

    /// What a unit with `attributes` gets on a fresh install: steps 2–4, then 6–10.
    public func resolve(unit: String?, attributes: SplitTestAttributeValues) -> Resolution {
        resolveBeforeStickiness(unit: unit) ?? resolveUnassigned(unit: unit, attributes: attributes)
    }

    /// What a unit with no attributes set gets on a fresh install (a targeted experiment then
    /// serves its control, `notTargeted`).
    public func resolve(unit: String?) -> Resolution {
        resolve(unit: unit, attributes: SplitTestAttributeValues())
    }

    /// Steps 2–4, which come before a stored group: the unit's forced group, the control of a
    /// stopped experiment, the winner of a resolved one; `nil` when none applies.
    public func resolveBeforeStickiness(unit: String?) -> Resolution? {
        if !forcedGroupIndices.isEmpty, let unit, let forced = forcedGroupIndices[unit] {
            return Resolution(groupIndex: forced, reason: .forced)
        }
        if isStopped {
            return Resolution(groupIndex: controlIndex, reason: .stopped)
        }
        if let winnerIndex {
            return Resolution(groupIndex: winnerIndex, reason: .resolved)
        }
        return nil
    }

    /// Steps 6–10, for a unit with no stored group: no user, holdout, targeting, layer and
    /// traffic, and finally bucketing.
    public func resolveUnassigned(unit: String?, attributes: SplitTestAttributeValues) -> Resolution {
        guard let unit else {
            return Resolution(groupIndex: controlIndex, reason: .noUser)
        }
        if let holdout, holdout.holds(unit: unit) {
            return Resolution(groupIndex: controlIndex, reason: .holdout, holdout: holdout.name)
        }
        if let targeting, !targeting.matches(attributes) {
            return Resolution(groupIndex: controlIndex, reason: .notTargeted)
        }
        guard isEnrolled(unit: unit) else {
            return Resolution(groupIndex: controlIndex, reason: .notEnrolled)
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
