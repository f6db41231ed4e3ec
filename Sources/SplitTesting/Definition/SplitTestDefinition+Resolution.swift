/// The part of resolution that needs no store: what a unit gets from the definition (with any
/// control document's entry already applied) alone.
///
/// The service and the tools (`splitc assign`, `splitc simulate`) resolve through these same
/// steps, so that the tools can never disagree with apps. The order: 1 a runtime override (the
/// service's) → 2 `force` for this unit → 3 stopped → 4 resolved → 5 a stored group (the
/// service's) → 6 no user → 7 holdout → 8 targeting → 9 layer and traffic → 10 bucketing.
/// ``resolveBeforeStickiness(unit:)`` is steps 2–4, ``resolveUnassigned(unit:attributes:)`` steps
/// 6–10, and ``resolve(unit:attributes:)`` both, as on a fresh install.
extension SplitTestDefinition {
    /// A resolution by the definition: the group's index, why, and the group bucket when the
    /// unit was bucketed.
    @_spi(Tools) public struct Resolution: Sendable, Hashable {
        /// The index of the group in ``SplitTestDefinition/groups``.
        public var groupIndex: Int
        /// Why: any reason but `override` and `sticky`, which are the service's.
        public var reason: AssignmentReason
        /// The unit's group bucket, when it was bucketed.
        public var bucket: Int?
        /// The holdout that kept the unit out, when the reason is `holdout`.
        public var holdout: String?

        package init(groupIndex: Int, reason: AssignmentReason, bucket: Int? = nil, holdout: String? = nil) {
            self.groupIndex = groupIndex
            self.reason = reason
            self.bucket = bucket
            self.holdout = holdout
        }
    }

    /// What a unit with `attributes` gets on a fresh install: steps 2–4, then 6–10. With no
    /// attributes set, a targeted experiment serves its control, `notTargeted`.
    @_spi(Tools) public func resolve(
        unit: String?, attributes: SplitTestAttributeValues = SplitTestAttributeValues()
    ) -> Resolution {
        resolveBeforeStickiness(unit: unit) ?? resolveUnassigned(unit: unit, attributes: attributes)
    }

    /// Steps 2–4, which come before a stored group: the unit's forced group, the control of a
    /// stopped experiment, the winner of a resolved one; `nil` when none applies.
    package func resolveBeforeStickiness(unit: String?) -> Resolution? {
        if !force.isEmpty, let unit, let forced = force[unit] {
            return Resolution(groupIndex: forced, reason: .forced)
        }
        switch status {
        case .running:
            return nil
        case .stopped:
            return Resolution(groupIndex: controlIndex, reason: .stopped)
        case .resolved:
            guard let winnerIndex else { preconditionFailure("a resolved definition keeps its winner's index") }
            return Resolution(groupIndex: winnerIndex, reason: .resolved)
        }
    }

    /// Steps 6–10, for a unit with no stored group: no user, holdout, targeting, layer and
    /// traffic, and finally bucketing.
    package func resolveUnassigned(unit: String?, attributes: SplitTestAttributeValues) -> Resolution {
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
        return Resolution(groupIndex: bucketTable.groupIndex(forBucket: bucket), reason: .bucketed, bucket: bucket)
    }

    /// Whether `unit` falls within the experiment's layer slice and traffic.
    package func isEnrolled(unit: String) -> Bool {
        if let layer {
            let bucket = Bucketing.bucket(salt: layer.name, unit: unit, purpose: .layer)
            guard layer.buckets.contains(bucket) else { return false }
        }
        if trafficBuckets < Bucketing.bucketCount {
            return Bucketing.bucket(salt: salt, unit: unit, purpose: .traffic) < trafficBuckets
        }
        return true
    }

    /// The group a unit is bucketed into, ignoring traffic, layers, overrides and stored groups.
    package func bucketedGroupIndex(forUnit unit: String) -> Int {
        bucketTable.groupIndex(forBucket: Bucketing.bucket(salt: salt, unit: unit, purpose: .group))
    }
}

extension SplitTest {
    /// The group a unit is bucketed into, ignoring traffic, layers, overrides and stored groups.
    package static func bucketedGroup(forUnit unit: String) -> Group {
        Group.allCases[definition.bucketedGroupIndex(forUnit: unit)]
    }
}
