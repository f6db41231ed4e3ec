@_spi(Tools) import SplitTesting

/// The groups stored for units: for each unit, its stored assignment (group and, for a bandit,
/// the period of its first assignment) in each experiment it has one in. What the storage reads
/// for a request, what a write leaves in force, and what is kept in memory.
@_spi(Tools) public struct StoredGroups: Sendable, Hashable {
    private var units: [String: [String: StoredAssignment]] = [:]

    /// No stored groups.
    public init() {}

    /// Whether no unit has a stored group here.
    public var isEmpty: Bool { units.isEmpty }

    /// The units that have a stored group here.
    public var unitIDs: Dictionary<String, [String: StoredAssignment]>.Keys { units.keys }

    /// The stored assignments of `unit`, by experiment identifier; empty when it has none.
    public subscript(unit unit: String) -> [String: StoredAssignment] {
        get { units[unit] ?? [:] }
        set { units[unit] = newValue.isEmpty ? nil : newValue }
    }

    /// The stored assignment of `unit` in `experiment`, if any.
    public subscript(unit unit: String, experiment experiment: String) -> StoredAssignment? {
        get { units[unit]?[experiment] }
        set {
            var assignments = units[unit] ?? [:]
            assignments[experiment] = newValue
            self[unit: unit] = assignments
        }
    }

    /// Every stored assignment, by unit then experiment, in no particular order.
    public var all: [(unit: String, experiment: String, assignment: StoredAssignment)] {
        units.flatMap { unit, assignments in assignments.map { (unit, $0.key, $0.value) } }
    }

    /// Only the units among `units`, each with all its assignments.
    func restricted(to wanted: some Sequence<String>) -> StoredGroups {
        var kept = StoredGroups()
        for unit in wanted { kept.units[unit] = units[unit] }
        return kept
    }
}
