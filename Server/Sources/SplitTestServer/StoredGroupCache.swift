import NIOConcurrencyHelpers

/// The stored groups of the units a service asked its SQLite file for most recently, kept in
/// memory so that a unit seen before costs no read.
///
/// A unit's groups only ever grow (a group once stored is the unit's for good) until the unit is
/// forgotten, and with SQLite every write passes through the one process that owns the file; so
/// an entry stays true as long as the stores and deletes of that process are applied to it. Each
/// entry holds all of a unit's groups, or the knowledge that it has none.
///
/// Three things keep an entry from outliving the truth:
/// - Entries belong to one file (its device and inode): when the file at the path is another, or
///   none, nothing is answered from memory and the next read starts afresh.
/// - A read or a write records the cache's generation before it asks the database, and its
///   result is kept only if no unit was forgotten and no file changed meanwhile.
/// - Forgetting a unit, after its rows are deleted, drops its entry and moves the generation on.
///
/// Memory is bounded by `capacity` units: entries live in two halves, the recent and the older;
/// when the recent half is full it becomes the older one, and what was older is dropped. A unit
/// found in the older half moves back to the recent one. Experiment identifiers and group names
/// are shared with one copy each, so an entry costs about its dictionary (some 600 bytes for a
/// unit in 10 experiments).
final class StoredGroupCache: Sendable {
    /// The generation and file a database access started with, given back with its result.
    struct Ticket: Sendable {
        fileprivate var generation: UInt64
        fileprivate var file: FileIdentity?
    }

    private struct State {
        var recent: [String: [String: String]] = [:]
        var older: [String: [String: String]] = [:]
        var generation: UInt64 = 0
        var file: FileIdentity?
        /// One copy of each identifier and group name the entries hold.
        var names: Set<String> = []
    }

    /// The most units kept.
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    /// A cache of at most `capacity` units; 0 keeps nothing.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The stored groups of `units` when every one of them is known for `file`, the file now at
    /// the path; `nil` when any is not, and the database must be read.
    func groups(of units: [String], file: FileIdentity?) -> [String: [String: String]]? {
        guard capacity > 0, let file else { return nil }
        var dropped: [String: [String: String]] = [:]
        return state.withLockedValue { state in
            guard state.file == file else { return nil }
            var found: [String: [String: String]] = [:]
            for unit in units {
                if let groups = state.recent[unit] {
                    if !groups.isEmpty { found[unit] = groups }
                } else if let groups = state.older.removeValue(forKey: unit) {
                    Self.keep(unit, groups, in: &state, capacity: capacity, dropped: &dropped)
                    if !groups.isEmpty { found[unit] = groups }
                } else {
                    return nil
                }
            }
            return found
        }
    }

    /// What a database access about to start records, `file` being the file now at the path.
    func ticket(file: FileIdentity?) -> Ticket {
        state.withLockedValue { Ticket(generation: $0.generation, file: file) }
    }

    /// What a store about to start records: the file the entries belong to.
    func ticketForStore() -> Ticket {
        state.withLockedValue { Ticket(generation: $0.generation, file: $0.file) }
    }

    /// Keeps what a read of `units` found (`groups`; a unit absent from it has none), unless a
    /// unit was forgotten or the file changed since `ticket`.
    func keep(read groups: [String: [String: String]], of units: [String], ticket: Ticket) {
        guard capacity > 0, let file = ticket.file else { return }
        var dropped: [String: [String: String]] = [:]
        state.withLockedValue { state in
            guard state.generation == ticket.generation else { return }
            if state.file != file {
                state = State(generation: state.generation &+ 1, file: file)
            }
            for unit in units {
                var interned: [String: String] = [:]
                for (experiment, group) in groups[unit] ?? [:] {
                    interned[Self.intern(experiment, in: &state)] = Self.intern(group, in: &state)
                }
                state.older.removeValue(forKey: unit)
                Self.keep(unit, interned, in: &state, capacity: capacity, dropped: &dropped)
            }
        }
    }

    /// Adds the groups in force after a store (unit → experiment → group) to the units already
    /// kept, unless a unit was forgotten or the file changed since `ticket`. A unit not kept stays
    /// unknown: its other groups were not read.
    func keep(stored groups: [String: [String: String]], ticket: Ticket) {
        guard capacity > 0, ticket.file != nil else { return }
        var dropped: [String: [String: String]] = [:]
        state.withLockedValue { state in
            guard state.generation == ticket.generation, state.file == ticket.file else { return }
            for (unit, added) in groups {
                let pairs = added.map { (Self.intern($0.key, in: &state), Self.intern($0.value, in: &state)) }
                if state.recent[unit] != nil {
                    for (experiment, group) in pairs { state.recent[unit]![experiment] = group }
                } else if var known = state.older.removeValue(forKey: unit) {
                    for (experiment, group) in pairs { known[experiment] = group }
                    Self.keep(unit, known, in: &state, capacity: capacity, dropped: &dropped)
                }
            }
        }
    }

    /// Drops what is known of `unit`, whose rows were deleted, and turns away what accesses
    /// started before now bring back.
    func forget(_ unit: String) {
        state.withLockedValue { state in
            state.generation &+= 1
            state.recent.removeValue(forKey: unit)
            state.older.removeValue(forKey: unit)
        }
    }

    /// How many units are kept (for tests).
    var count: Int {
        state.withLockedValue { $0.recent.count + $0.older.count }
    }

    /// Puts `unit` in the recent half, which becomes the older one when full; what was older
    /// is moved to `dropped`, to be freed once the lock is released.
    private static func keep(
        _ unit: String, _ groups: [String: String], in state: inout State, capacity: Int,
        dropped: inout [String: [String: String]]
    ) {
        let half = max(1, capacity / 2)
        if state.recent.count >= half, state.recent[unit] == nil {
            dropped = state.older
            state.older = state.recent
            state.recent = [:]
            state.recent.reserveCapacity(half)
            // Names of experiments no longer defined go with the entries that held them.
            if state.names.count > 4_096 { state.names = [] }
        }
        state.recent[unit] = groups
    }

    /// The one kept copy of `name`.
    private static func intern(_ name: String, in state: inout State) -> String {
        if let kept = state.names.firstIndex(of: name) { return state.names[kept] }
        state.names.insert(name)
        return name
    }
}
