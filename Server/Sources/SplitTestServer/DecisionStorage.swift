/// Where the service keeps what outlives a request: the group each unit was first given in each
/// experiment (stickiness), and the events apps send.
public protocol DecisionStorage: Sendable {
    /// The stored group of `unit` in each experiment it has one in, by experiment identifier.
    func assignments(unit: String) async throws -> [String: String]
    /// Stores each `groups` entry (experiment identifier → group) for `unit` unless the unit
    /// already has a group in that experiment; returns the groups in force afterwards for those
    /// experiments, so that of two racing requests the first stored wins for both.
    func storeIfAbsent(unit: String, groups: [String: String]) async throws -> [String: String]
    /// Forgets every stored group of `unit`.
    func deleteAssignments(unit: String) async throws
    /// Appends `lines` (one event's JSON each) in one transaction: all of them or none.
    func appendEvents(_ lines: [String]) async throws
    /// Every stored event line, in the order they were appended.
    func events() async throws -> [String]
    /// Ends the connection to the database; the storage is not used afterwards.
    func close() async throws
}
