import Foundation

/// Everything a service resolves with, guarded by one lock so that a resolution sees one unit,
/// one set of overrides and one cache, and a unit is bucketed and stored exactly once.
struct ResolutionState: Sendable {
    /// A resolution kept for the service's lifetime, keyed so that a lookup builds no string.
    struct CacheKey: Hashable, Sendable {
        var experiment: ObjectIdentifier
        var unit: String?
    }

    /// A group (of the experiment's own `Group` type) and why it was served.
    struct Cached: Sendable {
        var group: any Sendable
        var reason: AssignmentReason
    }

    /// The device id, once known; created on first use when the app supplied none.
    var deviceID: String?
    /// The signed-in user, if any.
    var userID: String?
    /// Raw group names by experiment identifier.
    var overrides: [String: String] = [:]
    /// Every resolution made so far, except overrides (which can be removed).
    var cache: [CacheKey: Cached] = [:]

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
        }
        let created = UUID().uuidString.lowercased()
        store.set(created, for: StorageKey.deviceID)
        return created
    }

    /// Resolves `T` for the current unit: steps 1 to 6 of the resolution order.
    mutating func resolve<T: SplitTest>(
        _ type: T.Type, store: any AssignmentStore, issues: inout [SplitTestingIssue]
    ) -> (group: T.Group, reason: AssignmentReason, unit: String?) {
        let unit = unit(for: T.definition.unitType, store: store, issues: &issues)
        if !overrides.isEmpty, let raw = overrides[T.identifier], let group = T.Group(rawValue: raw) {
            return (group, .override, unit)
        }
        let key = CacheKey(experiment: ObjectIdentifier(T.self), unit: unit)
        if let cached = cache[key], let group = cached.group as? T.Group {
            return (group, cached.reason, unit)
        }
        let (group, reason) = Self.resolveAfresh(T.self, unit: unit, store: store, issues: &issues)
        cache[key] = Cached(group: group, reason: reason)
        return (group, reason, unit)
    }

    /// Steps 2 to 6, reading and writing the store; done once per experiment and unit.
    private static func resolveAfresh<T: SplitTest>(
        _ type: T.Type, unit: String?, store: any AssignmentStore, issues: inout [SplitTestingIssue]
    ) -> (T.Group, AssignmentReason) {
        let definition = T.definition
        if case .resolved(let winner) = definition.status { return (winner, .resolved) }
        let storageKey = unit.map { StorageKey.assignment(experiment: T.identifier, unit: $0) }
        if let unit, let storageKey, let stored = store.string(for: storageKey) {
            if let group = T.Group(rawValue: stored) { return (group, .sticky) }
            issues.append(.storedGroupNotFound(experiment: T.identifier, unit: unit, group: stored))
            store.removeValue(for: storageKey)
        }
        let resolution = definition.rules.resolve(unit: unit)
        let groups = T.Group.allCases
        guard groups.indices.contains(resolution.groupIndex) else {
            preconditionFailure("the rules of \(T.identifier) name one of its \(groups.count) groups")
        }
        let group = groups[resolution.groupIndex]
        if resolution.reason == .bucketed, let storageKey {
            store.set(group.rawValue, for: storageKey)
        }
        return (group, resolution.reason)
    }
}
