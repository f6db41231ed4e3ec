import Foundation
import SplitTestFormats

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
    /// A small number for every unit seen, so that cache keys need not hold unit ids. Units are
    /// told apart by their bytes, as bucketing tells them apart: two ids that differ only in their
    /// Unicode normalization are two units, with slots (and so resolutions) of their own.
    private var slots: [UTF8Key: Int] = [:]
    /// Raw group names by experiment identifier. A change drops the kept resolutions of the
    /// experiments that require others, since an override of a required experiment changes whether
    /// they are met (an overridden experiment itself is never kept).
    var overrides: [String: String] = [:] {
        didSet {
            guard !requiringExperiments.isEmpty else { return }
            cache = cache.filter { !requiringExperiments.contains($0.key.experiment) }
        }
    }
    /// The experiments with requirements whose resolutions the cache may keep.
    private var requiringExperiments: Set<ObjectIdentifier> = []
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

    /// The environment whose values the experiments take, or `nil` for their base values.
    let environment: String?
    /// The service's clock, which schedules are read against.
    let clock: @Sendable () -> Date
    /// The earliest time at which a schedule of a resolution kept in the cache starts or ends,
    /// when the cache must be made again; `nil` when no kept resolution depends on the time, so
    /// that the fast path reads no clock.
    private(set) var nextScheduleBoundary: Double?

    init(
        deviceID: String?, builtInAttributes: SplitTestAttributeValues, storeIsInMemory: Bool = false,
        environment: String? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.deviceID = deviceID
        self.storeIsInMemory = storeIsInMemory
        self.environment = environment
        self.clock = clock
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
        if let document = control.environment, document != environment {
            issues.append(.controlEnvironmentMismatch(document: document, service: environment))
            return false
        }
        if let current = self.control, control.sequence <= current.sequence {
            issues.append(.controlSequenceNotNewer(sequence: control.sequence, newest: current.sequence))
            return false
        }
        self.control = control
        effectiveDefinitions.removeAll()
        cache.removeAll()
        return true
    }

    /// The definition of `T` in the service's environment with the control's entry for it
    /// applied; an entry that cannot apply is reported once and ignored, so the compiled
    /// definition serves.
    mutating func definition<T: SplitTest>(of type: T.Type, issues: inout [SplitTestingIssue]) -> SplitTestDefinition {
        effectiveDefinition(T.definition, issues: &issues)
    }

    /// `compiled` as it runs here: the environment's values over the base ones, then the control
    /// document's entry; kept by identifier until a new control document.
    mutating func effectiveDefinition(_ compiled: SplitTestDefinition, issues: inout [SplitTestingIssue]) -> SplitTestDefinition {
        if let definition = effectiveDefinitions[compiled.identifier] { return definition }
        var definition = compiled.inEnvironment(environment)
        if let entry = control?.experiments[compiled.identifier] {
            switch definition.applying(entry) {
            case .success(let applied):
                definition = applied
            case .failure(.unknownGroup(let group)):
                issues.append(.controlGroupNotFound(experiment: compiled.identifier, group: group))
            case .failure(.invalid(let reason)):
                issues.append(.controlEntryInvalid(experiment: compiled.identifier, reason: reason))
            }
        }
        effectiveDefinitions[compiled.identifier] = definition
        reportInMemoryBandit(definition, issues: &issues)
        return definition
    }

    /// The slot of `unit`, numbering units in the order they are first seen.
    mutating func slot(for unit: String) -> Int {
        // The defaulting subscript inserts the next number when the unit is new and yields the
        // slot either way, hashing the id once (a sign-in of a new user comes here).
        let next = slots.count
        return Self.kept(&slots[UTF8Key(unit), default: next])
    }

    private static func kept(_ slot: inout Int) -> Int { slot }

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
        if let nextScheduleBoundary, clock().timeIntervalSince1970 >= nextScheduleBoundary { return nil }
        return cache[CacheKey(experiment: experiment, unit: slot)]
    }

    /// Resolves `T` for the current unit through ``Resolver``, keeping the resolution (except an
    /// override, which can be removed) so that the next fetch is a lookup.
    mutating func resolve<T: SplitTest>(
        _ type: T.Type, store: any AssignmentStore, exposures: any ExposureSink, issues: inout [SplitTestingIssue]
    ) -> T {
        // The compiled definition is read once: outside the app's specialised code, each read of
        // `T.definition` copies every property of it.
        let compiled = T.definition
        let unit = unit(for: compiled.unitType, store: store, issues: &issues)
        let time = clock().timeIntervalSince1970
        if let nextScheduleBoundary, time >= nextScheduleBoundary {
            // A schedule started or ended since these resolutions were made.
            cache.removeAll()
            self.nextScheduleBoundary = nil
        }
        // The unit's slot was numbered when the unit was set.
        let slot = unit == nil ? nil : compiled.unitType == .user ? userSlot : deviceSlot
        let key = CacheKey(experiment: ObjectIdentifier(T.self), unit: slot ?? -1)
        if overrides.isEmpty || overrides[T.identifier] == nil, let cached = cache[key] {
            return ResolvedSplitTest<T>.unwrap(cached).value
        }
        let definition = effectiveDefinition(compiled, issues: &issues)
        if let design = definition.factorial { exposures.noteFactorial(factors: design.factors.map(\.name), experiment: T.identifier) }
        let resolution = resolveAfresh(definition: definition, time: time, store: store, storing: true, issues: &issues)
        if resolution.reason == .notTargeted { reportUnsetBuiltIns(definition, issues: &issues) }
        let group = Self.group(of: T.self, at: resolution.groupIndex)
        if resolution.reason != .override {
            // A bucketed group is stored from now on, so later fetches find it sticky.
            let kept = resolution.reason == .bucketed ? .sticky : resolution.reason
            if !definition.requirements.isEmpty { requiringExperiments.insert(key.experiment) }
            cache[key] = ResolvedSplitTest(
                T(group: group, reason: kept, unit: unit, exposures: exposures, period: resolution.period))
        }
        return T(group: group, reason: resolution.reason, unit: unit, exposures: exposures, period: resolution.period)
    }

    /// The group of `T` at `index` of its definition's groups.
    static func group<T: SplitTest>(of type: T.Type, at index: Int) -> T.Group {
        let groups = T.Group.allCases
        guard groups.indices.contains(index) else {
            preconditionFailure("the definition of \(T.identifier) names one of its \(groups.count) groups")
        }
        return groups[index]
    }

    /// Resolves `definition` (in force here) for the current units with ``Resolver``, with this
    /// service's overrides, store, environment and control document. A fetch (`storing`) then
    /// makes the changes the resolution asks for, once per experiment and unit: a bucketed group
    /// is stored (or another process's, stored first, is served), and a stored group that no
    /// longer exists is reported and removed. A debug menu's preview (not `storing`) only reads
    /// the store, and shows what the fetch would serve. Experiments required first are stored
    /// the same way, but not exposed.
    mutating func resolveAfresh(
        definition: SplitTestDefinition, time: Double, store: any AssignmentStore, storing: Bool,
        issues: inout [SplitTestingIssue]
    ) -> Resolution {
        noteSchedule(of: definition, at: time)
        // The device id is created when a device-level experiment, or a requirement, may need it.
        if definition.unitType == .device || !definition.requirements.isEmpty {
            _ = unit(for: .device, store: store, issues: &issues)
        }
        let units = ResolutionUnits(device: deviceID, user: userID)
        let overrides = overrides
        // The store keys read, kept for the writes that follow.
        var keys = AssignmentKeys(experiment: definition.identifier)
        var resolution = Resolver.resolve(
            definition, units: units, attributes: attributes, time: time,
            storedAssignment: { stored, unit in
                Self.storedAssignment(stored, unit: unit, key: keys.key(experiment: stored.identifier, unit: unit), store: store)
            },
            override: { overrides.isEmpty ? nil : overrides[$0] },
            definitionInForce: { requirement in
                let required = effectiveDefinition(requirement.definition, issues: &issues)
                noteSchedule(of: required, at: time)
                return required
            })
        guard storing else { return resolution }
        // The changes in the order of ``Resolution/changes(experiment:)``, without building its list.
        for change in resolution.requiredChanges {
            _ = apply(change, store: store, keys: &keys, issues: &issues)
        }
        guard let unit = resolution.unit else { return resolution }
        if let discarded = resolution.discarded {
            _ = apply(.remove(experiment: definition.identifier, unit: unit, group: discarded), store: store, keys: &keys, issues: &issues)
        }
        if let stored = resolution.stored,
            let kept = apply(.store(experiment: definition.identifier, unit: unit, assignment: stored), store: store, keys: &keys, issues: &issues)
        {
            resolution = resolution.adopting(kept, in: definition)
        }
        return resolution
    }

    /// Makes one change a resolution asks for; for a store, returns the assignment in force after
    /// it: the one stored, or another process's stored first (under other rules), with its period.
    private func apply(
        _ change: StoredAssignmentChange, store: any AssignmentStore, keys: inout AssignmentKeys,
        issues: inout [SplitTestingIssue]
    ) -> StoredAssignment? {
        switch change {
        case .remove(let experiment, let unit, let group):
            issues.append(.storedGroupNotFound(experiment: experiment, unit: unit, group: group))
            let key = keys.key(experiment: experiment, unit: unit)
            // Another process sharing the store may have stored a group since: keep it.
            guard store.string(for: key) == group else { return nil }
            store.removeValue(for: key)
            // The period belonged to the group just discarded.
            let periodKey = StorageKey.period(experiment: experiment, unit: unit)
            if store.string(for: periodKey) != nil { store.removeValue(for: periodKey) }
            return nil
        case .store(let experiment, let unit, let assignment):
            let group = store.setIfAbsent(assignment.group, for: keys.key(experiment: experiment, unit: unit))
            let period = assignment.period.map { period in
                Int(store.setIfAbsent(String(period), for: StorageKey.period(experiment: experiment, unit: unit))) ?? period
            }
            return StoredAssignment(group: group, period: period)
        }
    }

    /// The group `store` holds for `unit` in `definition`'s experiment, with its period for an
    /// experiment that tracks periods (0 when none is stored: a group stored by a build that knew
    /// no periods, or before the experiment tracked them, under the compiled weights).
    private static func storedAssignment(
        _ definition: SplitTestDefinition, unit: String, key: String, store: any AssignmentStore
    ) -> StoredAssignment? {
        guard let group = store.string(for: key) else {
            return nil
        }
        guard definition.tracksPeriods else { return StoredAssignment(group: group) }
        let period = store.string(for: StorageKey.period(experiment: definition.identifier, unit: unit)).flatMap { Int($0) }
        return StoredAssignment(group: group, period: period ?? 0)
    }

    /// Keeps the next time at which `definition`'s schedule changes what it serves, so that the
    /// resolutions kept are made again then.
    private mutating func noteSchedule(of definition: SplitTestDefinition, at time: Double) {
        guard let boundary = definition.schedule?.nextBoundary(after: time) else { return }
        nextScheduleBoundary = min(nextScheduleBoundary ?? boundary, boundary)
    }

    /// Reports, once per attribute, each built-in attribute that `definition` targets and that is
    /// not set: every condition on it is false, so the experiment enrols no one, which is rarely
    /// what the app meant (a custom attribute left unset is the app's choice).
    private mutating func reportUnsetBuiltIns(_ definition: SplitTestDefinition, issues: inout [SplitTestingIssue]) {
        for condition in definition.targeting?.requiredConditions ?? []
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

/// The store keys of the groups one resolution reads, kept so that its writes do not build them
/// again: the experiment's own, and the latest of those it requires (most require one at most).
private struct AssignmentKeys {
    private struct Entry {
        var experiment: String
        var unit: String
        var key: String

        func names(_ experiment: String, _ unit: String) -> Bool {
            // The unit by its bytes, as the store tells units apart.
            self.experiment == experiment && UTF8Key(self.unit) == UTF8Key(unit)
        }
    }

    /// The identifier of the experiment resolved.
    let experiment: String
    private var own: Entry?
    private var required: Entry?

    init(experiment: String) {
        self.experiment = experiment
    }

    /// The key of `unit`'s group in `experiment`, built once.
    mutating func key(experiment: String, unit: String) -> String {
        if let own, own.names(experiment, unit) { return own.key }
        if let required, required.names(experiment, unit) { return required.key }
        let entry = Entry(experiment: experiment, unit: unit, key: StorageKey.assignment(experiment: experiment, unit: unit))
        if experiment == self.experiment { own = entry } else { required = entry }
        return entry.key
    }
}
