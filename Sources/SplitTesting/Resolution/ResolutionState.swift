import Foundation

/// Everything a service resolves with, guarded by one lock so that a resolution sees one unit,
/// one set of overrides and one cache, and a unit is bucketed and stored exactly once.
struct ResolutionState: Sendable {
    /// A resolution kept for the service's lifetime, keyed by the experiment's type and the
    /// unit's slot, so that a lookup hashes one word and builds no string.
    struct CacheKey: Hashable, Sendable {
        var experiment: ObjectIdentifier
        /// The unit's slot (see ``slot(for:)``), or -1 without a unit.
        var unit: Int

        func hash(into hasher: inout Hasher) {
            // One word rather than two (a tenth of a sticky fetch): the type's address, with the
            // slot spread over the high bits. Keys that share a word stay apart through `==`.
            hasher.combine(UInt(bitPattern: experiment) ^ (UInt(bitPattern: unit) &* 0x9E37_79B9_7F4A_7C15))
        }
    }

    /// The device id, once known; created on first use when the app supplied none.
    var deviceID: String? {
        didSet { deviceSlot = deviceID.map { slot(for: $0) } }
    }
    /// The signed-in user, if any.
    var userID: String? {
        didSet { userSlot = userID.map { slot(for: $0) } }
    }
    private(set) var deviceSlot: Int?
    private(set) var userSlot: Int?
    /// A small number for every unit seen, so that cache keys need not hold unit ids.
    private var slots: [String: Int] = [:]
    /// Raw group names by experiment identifier.
    var overrides: [String: String] = [:]
    /// Every resolution made so far, except overrides (which can be removed): the value
    /// ``SplitTestingService/fetchSplitTest(_:)`` returns, built once. The entry under
    /// `ObjectIdentifier(T.self)` is always a ``ResolvedSplitTest``<T>, which lets the fast path
    /// return it without a dynamic cast or rebuilding the group from its raw name.
    var cache: [CacheKey: any AnyObject & Sendable] = [:]
    /// The built-in attributes, from the platform unless the configuration replaced them.
    let builtInAttributes: SplitTestAttributeValues
    /// What targeting reads: the built-ins with the app's values set over them.
    private(set) var attributes: SplitTestAttributeValues
    /// The control document in force, if any.
    private(set) var control: SplitTestControl?
    /// The definition of each experiment resolved so far, with the control's entry applied, by
    /// identifier.
    private var effectiveDefinitions: [String: SplitTestDefinition] = [:]
    /// The bandit experiments reported for an in-memory store, so that each is reported once.
    private var reportedInMemoryBandits: Set<String> = []
    /// The built-in attributes reported as targeted but not set, so that each is reported once.
    private var reportedUnsetAttributes: Set<String> = []

    /// Whether the service's store forgets everything when the process ends.
    let storeIsInMemory: Bool

    init(deviceID: String?, builtInAttributes: SplitTestAttributeValues, storeIsInMemory: Bool = false) {
        self.deviceID = deviceID
        self.storeIsInMemory = storeIsInMemory
        self.builtInAttributes = builtInAttributes
        attributes = builtInAttributes
        deviceSlot = deviceID.map { slot(for: $0) }
    }

    /// Sets the app's attributes over the built-ins; resolutions already made stay as they are.
    mutating func setAttributes(_ values: SplitTestAttributeValues) {
        attributes = builtInAttributes.merging(values)
    }

    /// Puts `control` in force and forgets every resolution, so that each is made again under
    /// it; a control whose sequence is not greater than the one in force is refused.
    mutating func apply(_ control: SplitTestControl, issues: inout [SplitTestingIssue]) -> Bool {
        if let current = self.control, control.sequence <= current.sequence {
            issues.append(.controlSequenceNotNewer(sequence: control.sequence, newest: current.sequence))
            return false
        }
        self.control = control
        effectiveDefinitions.removeAll()
        cache.removeAll()
        return true
    }

    /// The definition of `T` with the control's entry for it applied; an entry that cannot apply
    /// is reported once and ignored, so the compiled definition serves.
    mutating func definition<T: SplitTest>(of type: T.Type, issues: inout [SplitTestingIssue]) -> SplitTestDefinition {
        if let definition = effectiveDefinitions[T.identifier] { return definition }
        var definition = T.definition
        if let entry = control?.experiments[T.identifier] {
            switch definition.applying(entry) {
            case .success(let applied):
                definition = applied
            case .failure(.unknownGroup(let group)):
                issues.append(.controlGroupNotFound(experiment: T.identifier, group: group))
            case .failure(.invalid(let reason)):
                issues.append(.controlEntryInvalid(experiment: T.identifier, reason: reason))
            }
        }
        effectiveDefinitions[T.identifier] = definition
        reportInMemoryBandit(definition, issues: &issues)
        return definition
    }

    /// The slot of `unit`, numbering units in the order they are first seen.
    mutating func slot(for unit: String) -> Int {
        if let slot = slots[unit] { return slot }
        let slot = slots.count
        slots[unit] = slot
        return slot
    }

    /// The unit experiments of `unitType` are keyed by, creating the device id if needed.
    mutating func unit(for unitType: UnitType, store: any AssignmentStore, issues: inout [SplitTestingIssue]) -> String? {
        switch unitType {
        case .user:
            return userID
        case .device:
            if let deviceID { return deviceID }
            let created = Self.loadOrCreateDeviceID(store: store, issues: &issues)
            deviceID = created
            return created
        }
    }

    private static func loadOrCreateDeviceID(store: any AssignmentStore, issues: inout [SplitTestingIssue]) -> String {
        if let stored = store.string(for: StorageKey.deviceID) {
            if !stored.isEmpty { return stored }
            issues.append(.invalidUnitID(reason: "the stored device id is empty; a new one was created"))
            let created = UUID().uuidString.lowercased()
            store.set(created, for: StorageKey.deviceID)
            return created
        }
        // Another process sharing the store may create one at the same moment: the first stored is kept.
        return store.setIfAbsent(UUID().uuidString.lowercased(), for: StorageKey.deviceID)
    }

    /// The resolution already made for an experiment and the current unit, without touching the
    /// store: a ``ResolvedSplitTest`` of the experiment's type. `nil` when the device id is not
    /// known yet, nothing is cached, or an override names the experiment (overrides take the
    /// slow path, so that removing one needs no cache invalidation).
    func known(experiment: ObjectIdentifier, identifier: String, unitType: UnitType) -> (any AnyObject & Sendable)? {
        let slot: Int
        switch unitType {
        case .user:
            slot = userSlot ?? -1
        case .device:
            guard let deviceSlot else { return nil }
            slot = deviceSlot
        }
        if !overrides.isEmpty, overrides[identifier] != nil { return nil }
        return cache[CacheKey(experiment: experiment, unit: slot)]
    }

    /// Resolves `T` for the current unit: every step of the resolution order.
    mutating func resolve<T: SplitTest>(
        _ type: T.Type, store: any AssignmentStore, exposures: any ExposureSink, issues: inout [SplitTestingIssue]
    ) -> T {
        let unit = unit(for: T.definition.unitType, store: store, issues: &issues)
        if !overrides.isEmpty, let raw = overrides[T.identifier], let group = T.Group(rawValue: raw) {
            return T(group: group, reason: .override, unit: unit, exposures: exposures)
        }
        let key = CacheKey(experiment: ObjectIdentifier(T.self), unit: unit.map { slot(for: $0) } ?? -1)
        if let cached = cache[key] {
            return ResolvedSplitTest<T>.unwrap(cached).value
        }
        let definition = definition(of: T.self, issues: &issues)
        if let design = definition.factorial { exposures.noteFactorial(factors: design.factors.map(\.name), experiment: T.identifier) }
        let resolved = Self.resolveAfresh(
            T.self, definition: definition, unit: unit, attributes: attributes, store: store, storing: true,
            issues: &issues)
        if resolved.reason == .notTargeted { reportUnsetBuiltIns(definition, issues: &issues) }
        // A bucketed group is stored from now on, so later fetches find it as step 5 would.
        let kept = resolved.reason == .bucketed ? .sticky : resolved.reason
        cache[key] = ResolvedSplitTest(
            T(group: resolved.group, reason: kept, unit: unit, exposures: exposures, period: resolved.period))
        return T(group: resolved.group, reason: resolved.reason, unit: unit, exposures: exposures, period: resolved.period)
    }

    /// Steps 2 to 10, for an experiment and unit with no resolution kept. A fetch (`storing`)
    /// reads and writes the store, once per experiment and unit: a bucketed group is stored (or
    /// another process's, stored first, is served), and a stored group that no longer exists is
    /// reported and removed. A debug menu's preview (not `storing`) only reads it, and shows
    /// what the fetch would serve. The period is the one of the unit's first assignment, for an
    /// experiment that tracks periods and a unit it enrols; the holdout, the one that kept the
    /// unit out.
    static func resolveAfresh<T: SplitTest>(
        _ type: T.Type, definition: SplitTestDefinition, unit: String?, attributes: SplitTestAttributeValues,
        store: any AssignmentStore, storing: Bool, issues: inout [SplitTestingIssue]
    ) -> (group: T.Group, reason: AssignmentReason, period: Int?, holdout: String?) {
        let groups = T.Group.allCases
        func group(at index: Int) -> T.Group {
            guard groups.indices.contains(index) else {
                preconditionFailure("the definition of \(T.identifier) names one of its \(groups.count) groups")
            }
            return groups[index]
        }
        if let early = definition.resolveBeforeStickiness(unit: unit) {
            return (group(at: early.groupIndex), early.reason, nil, nil)
        }
        let storageKey = unit.map { StorageKey.assignment(experiment: T.identifier, unit: $0) }
        if let unit, let storageKey, let stored = store.string(for: storageKey) {
            if let group = T.Group(rawValue: stored) {
                return (group, .sticky, storedPeriod(definition, unit: unit, experiment: T.identifier, store: store), nil)
            }
            if storing {
                issues.append(.storedGroupNotFound(experiment: T.identifier, unit: unit, group: stored))
                store.removeValue(for: storageKey)
                // The period belonged to the group just discarded.
                if definition.tracksPeriods { store.removeValue(for: StorageKey.period(experiment: T.identifier, unit: unit)) }
            }
        }
        let resolution = definition.resolveUnassigned(unit: unit, attributes: attributes)
        let group = group(at: resolution.groupIndex)
        if storing, resolution.reason == .bucketed, let unit, let storageKey {
            // The definition's name of the group, which is its raw value: a multivariate
            // experiment's cell names are kept there, not rebuilt from the cell's levels. Another
            // process sharing the store may have stored a group first (under other rules): serve that one.
            let name = definition.groups[resolution.groupIndex]
            let kept = store.setIfAbsent(name, for: storageKey)
            let period = firstPeriod(definition, unit: unit, experiment: T.identifier, store: store)
            if kept != name, let keptGroup = T.Group(rawValue: kept) { return (keptGroup, .sticky, period, nil) }
            return (group, .bucketed, period, nil)
        }
        return (group, resolution.reason, nil, resolution.holdout)
    }

    /// The period stored with a unit's group; 0 when none is (a group stored by a build that knew
    /// no periods, or before the experiment tracked them: under the compiled weights).
    private static func storedPeriod(
        _ definition: SplitTestDefinition, unit: String, experiment: String, store: any AssignmentStore
    ) -> Int? {
        guard definition.tracksPeriods else { return nil }
        return store.string(for: StorageKey.period(experiment: experiment, unit: unit)).flatMap { Int($0) } ?? 0
    }

    /// The period of a unit just bucketed: the one in force, unless another process sharing the
    /// store stored one first, as it stores the group first.
    private static func firstPeriod(
        _ definition: SplitTestDefinition, unit: String, experiment: String, store: any AssignmentStore
    ) -> Int? {
        guard definition.tracksPeriods else { return nil }
        let kept = store.setIfAbsent(String(definition.period), for: StorageKey.period(experiment: experiment, unit: unit))
        return Int(kept) ?? definition.period
    }

    /// Reports, once per attribute, each built-in attribute that `definition` targets and that is
    /// not set: every condition on it is false, so the experiment enrols no one, which is rarely
    /// what the app meant (a custom attribute left unset is the app's choice).
    private mutating func reportUnsetBuiltIns(_ definition: SplitTestDefinition, issues: inout [SplitTestingIssue]) {
        for condition in definition.targeting?.conditions ?? []
        where attributes[condition.attribute] == nil
            && SplitTestAttributeValues.builtInNames.contains(condition.attribute)
            && reportedUnsetAttributes.insert(condition.attribute).inserted
        {
            issues.append(.targetedAttributeNotSet(attribute: condition.attribute))
        }
    }

    /// Reports, once per experiment, a bandit whose assignments the store keeps in memory only:
    /// at the next start its units would be bucketed again by the weights then in force, and a
    /// unit whose group changes under it makes the bandit's readout dishonest.
    mutating func reportInMemoryBandit(_ definition: SplitTestDefinition, issues: inout [SplitTestingIssue]) {
        guard storeIsInMemory, definition.allocation.bandit != nil,
            reportedInMemoryBandits.insert(definition.identifier).inserted
        else { return }
        issues.append(.banditWithoutPersistentStore(experiment: definition.identifier))
    }
}

/// A resolution the service keeps: the very value ``SplitTestingService/fetchSplitTest(_:)``
/// returns on its fast path, so a sticky fetch copies it rather than rebuilding it.
@usableFromInline
final class ResolvedSplitTest<T: SplitTest>: Sendable {
    @usableFromInline let value: T

    init(_ value: T) { self.value = value }

    /// The resolution under `ObjectIdentifier(T.self)` in the cache, which is always of this
    /// type; checked in debug builds, a plain pointer cast in release ones.
    @inlinable @inline(__always)
    static func unwrap(_ cached: any AnyObject & Sendable) -> ResolvedSplitTest<T> {
        unsafeDowncast(cached, to: ResolvedSplitTest<T>.self)
    }
}

extension SplitTest {
    /// The value a service hands out for a resolution.
    init(group: Group, reason: AssignmentReason, unit: String?, exposures: any ExposureSink, period: Int? = nil) {
        self.init(assignment: SplitTestAssignment(
            experiment: Self.identifier, group: group, reason: reason, unitID: unit,
            holdout: reason == .holdout ? Self.definition.holdout?.name : nil, period: period, exposureSink: exposures))
    }
}
