@_spi(Tools) import SplitTesting
@_spi(Tools) @testable import SplitTestServer

extension DecisionStorage {
    /// Stores each group (unit → experiment → group) as a resolution that bucketed it would,
    /// unless the unit has one there; the groups in force afterwards, by unit.
    @discardableResult
    func storeIfAbsent(_ groups: [String: [String: String]]) async throws -> [String: [String: String]] {
        let changes = groups.flatMap { unit, experiments in
            experiments.map { StoredAssignmentChange.store(experiment: $0.key, unit: unit, assignment: StoredAssignment(group: $0.value)) }
        }
        return try await apply(changes).byUnit
    }

    /// The stored groups of `units`, by unit then experiment.
    func assignments(units: [String]) async throws -> [String: [String: String]] {
        try await storedGroups(of: units).byUnit
    }

    /// The stored group of `unit` in each experiment, by experiment.
    func assignments(unit: String) async throws -> [String: String] {
        try await storedGroups(of: unit).mapValues(\.group)
    }
}

extension StoredGroups {
    /// The groups' names, by unit then experiment.
    var byUnit: [String: [String: String]] {
        var groups: [String: [String: String]] = [:]
        for (unit, experiment, assignment) in all { groups[unit, default: [:]][experiment] = assignment.group }
        return groups
    }
}
