@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The groups stored for units: for each unit, its stored assignment (group and, for a bandit,
/// the period of its first assignment) in each experiment it has one in. What the storage reads
/// for a request, what a write leaves in force, and what is kept in memory.
///
/// Units are told apart by their bytes, as bucketing and the databases tell them apart: `josé-0`
/// written precomposed and decomposed are two units, each with groups of its own.
@_spi(Tools) public struct StoredGroups: Sendable, Hashable {
    private var units: [UTF8Key: [String: StoredAssignment]] = [:]

    /// No stored groups.
    public init() {}

    /// Whether no unit has a stored group here.
    public var isEmpty: Bool { units.isEmpty }

    /// The units that have a stored group here.
    public var unitIDs: [String] { units.keys.map(\.string) }

    /// The stored assignments of `unit`, by experiment identifier; empty when it has none.
    public subscript(unit unit: String) -> [String: StoredAssignment] {
        get { units[UTF8Key(unit)] ?? [:] }
        set { units[UTF8Key(unit)] = newValue.isEmpty ? nil : newValue }
    }

    /// The stored assignment of `unit` in `experiment`, if any.
    public subscript(unit unit: String, experiment experiment: String) -> StoredAssignment? {
        get { units[UTF8Key(unit)]?[experiment] }
        set {
            var assignments = units[UTF8Key(unit)] ?? [:]
            assignments[experiment] = newValue
            self[unit: unit] = assignments
        }
    }

    /// Every stored assignment, by unit then experiment, in no particular order.
    public var all: [(unit: String, experiment: String, assignment: StoredAssignment)] {
        units.flatMap { unit, assignments in assignments.map { (unit.string, $0.key, $0.value) } }
    }

    /// Only the units among `units`, each with all its assignments.
    func restricted(to wanted: some Sequence<String>) -> StoredGroups {
        var kept = StoredGroups()
        for unit in wanted { kept.units[UTF8Key(unit)] = units[UTF8Key(unit)] }
        return kept
    }
}
