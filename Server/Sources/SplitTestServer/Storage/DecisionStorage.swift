@_spi(Tools) import SplitTesting
import SplitTestFormats

/// Where the service keeps what outlives a request: the group each unit was first given in each
/// experiment (stickiness, with a bandit's period), and the events apps send.
///
/// A request asks for all its units at once (a device and its signed-in user), so that each
/// request costs the database one read and, for units given a group, one write.
@_spi(Tools) public protocol DecisionStorage: Sendable {
    /// The stored groups of each of `units`.
    func storedGroups(of units: [String]) async throws -> StoredGroups
    /// Makes `changes` in one transaction, all or none: each group a resolution discarded is
    /// removed where it is still stored, then each new group is stored where the unit has none in
    /// that experiment. Returns the groups in force afterwards for every unit and experiment a
    /// store names, so that of two racing requests the first stored wins for both.
    func apply(_ changes: [StoredAssignmentChange]) async throws -> StoredGroups
    /// Forgets every stored group of `unit`.
    func deleteAssignments(unit: String) async throws
    /// Appends `lines` (one event's JSON each) in one transaction: all of them or none.
    func appendEvents(_ lines: [String]) async throws
    /// Every stored event line, in the order they were appended.
    func events() async throws -> [String]
    /// Ends the connection to the database; the storage is not used afterwards.
    func close() async throws
}

@_spi(Tools) extension DecisionStorage {
    /// The stored assignment of `unit` in each experiment it has one in, by experiment identifier.
    public func storedGroups(of unit: String) async throws -> [String: StoredAssignment] {
        try await storedGroups(of: [unit])[unit: unit]
    }
}

/// The table of stored groups, in both dialects the service stores in: one row per unit and
/// experiment, the group's name, the period of the unit's first assignment (a bandit's; null
/// otherwise) and when it was stored.
enum AssignmentsTable {
    /// The statements that create the table when missing, and add the columns of later versions
    /// to one created by an earlier version.
    static func creation(_ dialect: SQLStorageDialect) -> [String] {
        switch dialect {
        case .sqlite:
            [
                """
                CREATE TABLE IF NOT EXISTS assignments (
                    unit TEXT NOT NULL, experiment TEXT NOT NULL, group_name TEXT NOT NULL,
                    assigned_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    period INTEGER,
                    PRIMARY KEY (unit, experiment)) WITHOUT ROWID
                """
            ]
        case .postgresql:
            [
                """
                CREATE TABLE IF NOT EXISTS assignments (
                    unit TEXT NOT NULL, experiment TEXT NOT NULL, group_name TEXT NOT NULL,
                    assigned_at TIMESTAMPTZ NOT NULL DEFAULT now(), period INTEGER,
                    PRIMARY KEY (unit, experiment))
                """,
                "ALTER TABLE assignments ADD COLUMN IF NOT EXISTS period INTEGER",
            ]
        }
    }
}
