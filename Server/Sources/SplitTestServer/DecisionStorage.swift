/// Where the service keeps what outlives a request: the group each unit was first given in each
/// experiment (stickiness), and the events apps send.
///
/// A request asks for all its units at once (a device and its signed-in user), so that each
/// request costs the database one read and, for units not seen before, one write.
public protocol DecisionStorage: Sendable {
    /// The stored groups of each of `units` (unit → experiment identifier → group); a unit with
    /// none is absent.
    func assignments(units: [String]) async throws -> [String: [String: String]]
    /// Stores each entry of `groups` (unit → experiment identifier → group) unless that unit
    /// already has a group in that experiment, all or none; returns the groups in force afterwards
    /// in those experiments, by unit, so that of two racing requests the first stored wins for both.
    func storeIfAbsent(_ groups: [String: [String: String]]) async throws -> [String: [String: String]]
    /// Forgets every stored group of `unit`.
    func deleteAssignments(unit: String) async throws
    /// Appends `lines` (one event's JSON each) in one transaction: all of them or none.
    func appendEvents(_ lines: [String]) async throws
    /// Every stored event line, in the order they were appended.
    func events() async throws -> [String]
    /// Ends the connection to the database; the storage is not used afterwards.
    func close() async throws
}

extension DecisionStorage {
    /// The stored group of `unit` in each experiment it has one in, by experiment identifier.
    public func assignments(unit: String) async throws -> [String: String] {
        try await assignments(units: [unit])[unit] ?? [:]
    }
}
