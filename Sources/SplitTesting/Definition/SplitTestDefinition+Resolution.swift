import Foundation

/// The part of resolution that needs no store: what a unit gets from the definition (with its
/// environment's values and any control document's entry already applied) alone.
///
/// The service, `splitc assign`, `splitc simulate`, `splitc test` and the decision service resolve
/// through these same steps, so that no two of them can disagree. The order: 1 a runtime override
/// (the service's) → 2 `force` for this unit → 3 stopped, or the schedule ended → 4 resolved →
/// 5 a stored group (the service's) → 6 no user → 7 the schedule not started → 8 holdout →
/// 9 prerequisites → 10 targeting → 11 layer and traffic → 12 bucketing. Only a stored group and
/// bucketing enrol the unit. ``resolveBeforeStickiness(unit:time:)`` is steps 2–4,
/// ``resolveUnassigned(unit:attributes:time:requiredGroup:)`` steps 6–12, and
/// ``resolve(unit:attributes:time:adjusting:)`` both, as on a fresh install.
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
        /// The experiment whose requirement the unit did not meet, when the reason is `prerequisite`.
        public var prerequisite: String?

        package init(
            groupIndex: Int, reason: AssignmentReason, bucket: Int? = nil, holdout: String? = nil,
            prerequisite: String? = nil
        ) {
            self.groupIndex = groupIndex
            self.reason = reason
            self.bucket = bucket
            self.holdout = holdout
            self.prerequisite = prerequisite
        }
    }

    /// The current time as resolution reads it: seconds since 1970.
    @_spi(Tools) public static var currentTime: Double { Date().timeIntervalSince1970 }

    /// What a unit with `attributes` gets on a fresh install at `time`: steps 2–4, then 6–12.
    /// Each experiment required is resolved the same way for the same unit, after `adjusting`
    /// its compiled definition (the tools apply the environment and control document there).
    /// With no attributes set, a targeted experiment serves its control, `notTargeted`.
    @_spi(Tools) public func resolve(
        unit: String?, attributes: SplitTestAttributeValues = SplitTestAttributeValues(),
        time: Double = SplitTestDefinition.currentTime,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition = { $0 }
    ) -> Resolution {
        resolve(units: { _ in unit }, attributes: attributes, time: time, adjusting: adjusting)
    }

    /// ``resolve(unit:attributes:time:adjusting:)`` with a unit of each type: a test case's user
    /// for user-level experiments, its device for device-level ones, prerequisites included.
    @_spi(Tools) public func resolve(
        units: (UnitType) -> String?, attributes: SplitTestAttributeValues, time: Double,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition
    ) -> Resolution {
        let unit = units(unitType)
        if let early = resolveBeforeStickiness(unit: unit, time: time) { return early }
        return resolveUnassigned(unit: unit, attributes: attributes, time: time) { requirement in
            let required = adjusting(requirement.definition)
            let resolution = required.resolve(units: units, attributes: attributes, time: time, adjusting: adjusting)
            return required.groups[resolution.groupIndex]
        }
    }

    /// Steps 2–4, which come before a stored group: the unit's forced group, the control of a
    /// stopped or ended experiment, the winner of a resolved one; `nil` when none applies.
    @_spi(Tools) public func resolveBeforeStickiness(unit: String?, time: Double) -> Resolution? {
        if !force.isEmpty, let unit, let forced = force[unit] {
            return Resolution(groupIndex: forced, reason: .forced)
        }
        if status == .stopped { return Resolution(groupIndex: controlIndex, reason: .stopped) }
        if let schedule, schedule.phase(at: time) == .ended {
            return Resolution(groupIndex: controlIndex, reason: .ended)
        }
        if let winnerIndex { return Resolution(groupIndex: winnerIndex, reason: .resolved) }
        return nil
    }

    /// Steps 6–12, for a unit with no stored group: no user, the schedule not started, holdout,
    /// prerequisites, targeting, layer and traffic, and finally bucketing. `requiredGroup` gives
    /// the name of the group a required experiment gives the unit.
    @_spi(Tools) public func resolveUnassigned(
        unit: String?, attributes: SplitTestAttributeValues, time: Double,
        requiredGroup: (SplitTestRequirement) -> String
    ) -> Resolution {
        guard let unit else {
            return Resolution(groupIndex: controlIndex, reason: .noUser)
        }
        if let schedule, schedule.phase(at: time) == .notStarted {
            return Resolution(groupIndex: controlIndex, reason: .notStarted)
        }
        if let holdout, holdout.holds(unit: unit) {
            return Resolution(groupIndex: controlIndex, reason: .holdout, holdout: holdout.name)
        }
        for requirement in requirements where !requirement.groups.contains(requiredGroup(requirement)) {
            return Resolution(groupIndex: controlIndex, reason: .prerequisite, prerequisite: requirement.experiment)
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
