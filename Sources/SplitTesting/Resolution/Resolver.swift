import SplitTestFormats

/// The one resolution of an experiment for a unit: every step of the resolution order, in one
/// function of explicit inputs, returning what the unit gets and what its shell must store or
/// remove.
///
/// The runtime's service, the debug preview, `splitc assign`, `splitc simulate`, `splitc test` and
/// the decision service all resolve through ``resolve(_:units:attributes:time:storedAssignment:override:definitionInForce:)``,
/// so that no two of them can disagree; each is a shell that reads its store, calls the resolver
/// and writes what the resolution says. The order, and why it is that order, is the article "How
/// assignment works" of the documentation.
///
/// ```swift
/// let resolution = Resolver.resolve(
///     definition, units: ResolutionUnits(device: "d-1", user: nil), attributes: attributes, time: now,
///     storedAssignment: { definition, unit in stored[unit]?[definition.identifier] },
///     override: { _ in nil }, definitionInForce: { $0.definition })
/// for change in resolution.changes(experiment: definition.identifier) { apply(change) }
/// ```
@_spi(Tools) public enum Resolver {
    /// Resolves `definition` (the definition in force: its environment's values and any control
    /// entry already applied) for the unit of its type among `units`.
    ///
    /// - Parameters:
    ///   - storedAssignment: The group stored for a unit in an experiment (given by its definition in
    ///     force), if any: the shell's store. Its period is read only for an experiment that
    ///     tracks periods.
    ///   - override: The runtime override of an experiment, if any (a debug menu's, a test's);
    ///     one that names no group of the experiment is ignored.
    ///   - definitionInForce: The definition in force of an experiment another one requires.
    public static func resolve(
        _ definition: SplitTestDefinition, units: ResolutionUnits, attributes: SplitTestAttributeValues, time: Double,
        storedAssignment: (_ definition: SplitTestDefinition, _ unit: String) -> StoredAssignment?,
        override: (_ experiment: String) -> String?,
        definitionInForce: (_ requirement: SplitTestRequirement) -> SplitTestDefinition
    ) -> Resolution {
        let unit = units.unit(for: definition.unitType)
        // 1. A runtime override.
        if let name = override(definition.identifier), let index = definition.groupIndex(named: name) {
            return Resolution(groupIndex: index, reason: .override, unit: unit)
        }
        // 2. The unit's forced group: the unit written with these very bytes (a `String` lookup
        // would also find an id that differs only in its Unicode normalization, another unit).
        if !definition.force.isEmpty, let unit, let entry = definition.force.index(forKey: unit),
            definition.force[entry].key.utf8.elementsEqual(unit.utf8)
        {
            return Resolution(groupIndex: definition.force[entry].value, reason: .forced, unit: unit)
        }
        // 3. A stopped experiment, or one whose schedule has ended.
        if definition.status == .stopped { return Resolution(groupIndex: definition.controlIndex, reason: .stopped, unit: unit) }
        if let schedule = definition.schedule, schedule.phase(at: time) == .ended {
            return Resolution(groupIndex: definition.controlIndex, reason: .ended, unit: unit)
        }
        // 4. A resolved experiment's winner.
        if let winnerIndex = definition.winnerIndex { return Resolution(groupIndex: winnerIndex, reason: .resolved, unit: unit) }
        // 6. No unit: a user-level experiment with no signed-in user.
        guard let unit else { return Resolution(groupIndex: definition.controlIndex, reason: .noUser, unit: nil) }
        // 5. The unit's stored group, while the experiment still has it; one it no longer has is
        // discarded, and the unit resolved as if it had none.
        var discarded: String?
        if let stored = storedAssignment(definition, unit) {
            if let index = definition.groupIndex(named: stored.group) {
                let period = definition.tracksPeriods ? (stored.period ?? 0) : nil
                return Resolution(groupIndex: index, reason: .sticky, unit: unit, period: period)
            }
            discarded = stored.group
        }
        var resolution = resolveUnassigned(
            definition, unit: unit, units: units, attributes: attributes, time: time,
            storedAssignment: storedAssignment, override: override, definitionInForce: definitionInForce)
        resolution.discarded = discarded
        return resolution
    }

    /// Steps 7 to 12, for a unit with no stored group: the schedule not started, holdout,
    /// prerequisites, targeting, layer and traffic, and finally bucketing.
    private static func resolveUnassigned(
        _ definition: SplitTestDefinition, unit: String, units: ResolutionUnits, attributes: SplitTestAttributeValues,
        time: Double, storedAssignment: (SplitTestDefinition, String) -> StoredAssignment?, override: (String) -> String?,
        definitionInForce: (SplitTestRequirement) -> SplitTestDefinition
    ) -> Resolution {
        let control = definition.controlIndex
        // 7. The schedule has not started: nothing is stored.
        if let schedule = definition.schedule, schedule.phase(at: time) == .notStarted {
            return Resolution(groupIndex: control, reason: .notStarted, unit: unit)
        }
        // 8. A holdout that covers the experiment.
        if let holdout = definition.holdout, holdout.holds(unit: unit) {
            var resolution = Resolution(groupIndex: control, reason: .holdout, unit: unit)
            resolution.holdout = holdout.name
            return resolution
        }
        // 9. Prerequisites: each required experiment resolved the same way for the unit of its
        // own type, its changes kept (it is stored as if fetched), never exposed.
        var requiredChanges: [StoredAssignmentChange] = []
        for requirement in definition.requirements {
            let required = definitionInForce(requirement)
            let resolution = resolve(
                required, units: units, attributes: attributes, time: time, storedAssignment: storedAssignment,
                override: override, definitionInForce: definitionInForce)
            resolution.appendChanges(experiment: required.identifier, to: &requiredChanges)
            if !requirement.groups.contains(required.groups[resolution.groupIndex]) {
                var unmet = Resolution(groupIndex: control, reason: .prerequisite, unit: unit)
                unmet.prerequisite = requirement.experiment
                unmet.requiredChanges = requiredChanges
                return unmet
            }
        }
        var resolution: Resolution
        if let targeting = definition.targeting, !targeting.matches(attributes) {
            // 10. Targeting and segments.
            resolution = Resolution(groupIndex: control, reason: .notTargeted, unit: unit)
        } else if !definition.isEnrolled(unit: unit) {
            // 11. Layer and traffic.
            resolution = Resolution(groupIndex: control, reason: .notEnrolled, unit: unit)
        } else {
            // 12. Bucketing: the group is stored, with the allocation period in force for an
            // experiment that tracks periods (a bandit).
            let bucket = Bucketing.bucket(salt: definition.salt, unit: unit, purpose: .group)
            let index = definition.bucketTable.groupIndex(forBucket: bucket)
            let period = definition.tracksPeriods ? definition.period : nil
            resolution = Resolution(groupIndex: index, reason: .bucketed, unit: unit, period: period)
            resolution.bucket = bucket
            resolution.stored = StoredAssignment(group: definition.groups[index], period: period)
        }
        resolution.requiredChanges = requiredChanges
        return resolution
    }
}

/// The units a resolution may use: an experiment resolves the one of its type.
@_spi(Tools) public struct ResolutionUnits: Sendable, Hashable {
    /// The device id, which device-level experiments resolve.
    public var device: String?
    /// The signed-in user's id, which user-level experiments resolve; `nil` when signed out.
    public var user: String?

    /// Creates the units.
    public init(device: String?, user: String?) {
        self.device = device
        self.user = user
    }

    /// One unit for experiments of either type, as on a fresh install where a tool names one.
    public init(either unit: String?) {
        self.init(device: unit, user: unit)
    }

    /// The unit experiments of `type` resolve.
    public func unit(for type: UnitType) -> String? {
        type == .device ? device : user
    }
}

/// A group stored for a unit in an experiment, with the allocation period of the unit's first
/// assignment for an experiment that tracks periods (a bandit).
@_spi(Tools) public struct StoredAssignment: Sendable, Hashable {
    /// The group's name (a multivariate experiment's cell name).
    public var group: String
    /// The period of the unit's first assignment; `nil` where none was stored.
    public var period: Int?

    /// Creates a stored assignment.
    public init(group: String, period: Int? = nil) {
        self.group = group
        self.period = period
    }
}

/// One change a resolution asks its shell to make to its store.
@_spi(Tools) public enum StoredAssignmentChange: Sendable, Hashable {
    /// Keep `assignment` as the unit's group in the experiment, unless another is stored there
    /// already (another process or instance stored first; the shell then serves that one) — or
    /// one the experiment no longer has, which it replaces.
    case store(experiment: String, unit: String, assignment: StoredAssignment)
    /// Forget the unit's stored group `group` in the experiment, which the experiment no longer
    /// has; a group stored there since by someone else is kept.
    case remove(experiment: String, unit: String, group: String)

    /// The parts compared, the unit by its bytes: two ids that differ only in their Unicode
    /// normalization are two units, so their changes are two changes.
    private var key: [UTF8Key] {
        switch self {
        case .store(let experiment, let unit, let assignment):
            [UTF8Key(experiment), UTF8Key(unit), UTF8Key(assignment.group), UTF8Key(assignment.period.map(String.init) ?? "")]
        case .remove(let experiment, let unit, let group):
            [UTF8Key(experiment), UTF8Key(unit), UTF8Key(group), UTF8Key("-")]
        }
    }

    public static func == (lhs: StoredAssignmentChange, rhs: StoredAssignmentChange) -> Bool {
        lhs.key == rhs.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}
