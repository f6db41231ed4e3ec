import NIOConcurrencyHelpers
@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The stored groups of the units a service asked its SQLite file for most recently, kept in
/// memory so that a unit seen before costs no read.
///
/// A unit's groups change only by the writes of the service (a group stored, a group the
/// definitions no longer have removed, the unit forgotten), and with SQLite every write passes
/// through the one process that owns the file; so an entry stays true as long as the writes of
/// that process are applied to it. Each entry holds all of a unit's groups, or the knowledge that
/// it has none.
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
        // By the unit's bytes: two ids that are one `String` to Swift are two units.
        var recent: [UTF8Key: [String: StoredAssignment]] = [:]
        var older: [UTF8Key: [String: StoredAssignment]] = [:]
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
    func groups(of units: [String], file: FileIdentity?) -> StoredGroups? {
        guard capacity > 0, let file else { return nil }
        var dropped: [UTF8Key: [String: StoredAssignment]] = [:]
        return state.withLockedValue { state in
            guard state.file == file else { return nil }
            var found = StoredGroups()
            for unit in units {
                let key = UTF8Key(unit)
                if let groups = state.recent[key] {
                    found[unit: unit] = groups
                } else if let groups = state.older.removeValue(forKey: key) {
                    Self.keep(key, groups, in: &state, capacity: capacity, dropped: &dropped)
                    found[unit: unit] = groups
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
    func keep(read groups: StoredGroups, of units: [String], ticket: Ticket) {
        guard capacity > 0, let file = ticket.file else { return }
        var dropped: [UTF8Key: [String: StoredAssignment]] = [:]
        state.withLockedValue { state in
            guard state.generation == ticket.generation else { return }
            if state.file != file {
                state = State(generation: state.generation &+ 1, file: file)
            }
            for unit in units {
                var interned: [String: StoredAssignment] = [:]
                for (experiment, assignment) in groups[unit: unit] {
                    interned[Self.intern(experiment, in: &state)] = Self.interned(assignment, in: &state)
                }
                state.older.removeValue(forKey: UTF8Key(unit))
                Self.keep(UTF8Key(unit), interned, in: &state, capacity: capacity, dropped: &dropped)
            }
        }
    }

    /// Applies a write to the units already kept, unless a unit was forgotten or the file
    /// changed since `ticket`: each of `removed` (unit, experiment and the discarded group) is
    /// dropped where that group is the one kept, then the groups in force after the write are
    /// set. A unit not kept stays unknown: its other groups were not read.
    func keep(
        stored groups: StoredGroups, removed: [(unit: String, experiment: String, group: String)] = [], ticket: Ticket
    ) {
        guard capacity > 0, ticket.file != nil else { return }
        var dropped: [UTF8Key: [String: StoredAssignment]] = [:]
        state.withLockedValue { state in
            guard state.generation == ticket.generation, state.file == ticket.file else { return }
            var changed: [UTF8Key: [String: StoredAssignment]] = [:]
            func known(_ unit: UTF8Key, in state: inout State) -> [String: StoredAssignment]? {
                if let pending = changed[unit] { return pending }
                return state.recent[unit] ?? state.older.removeValue(forKey: unit)
            }
            for removal in removed {
                let unit = UTF8Key(removal.unit)
                guard var entry = known(unit, in: &state) else { continue }
                if entry[removal.experiment]?.group == removal.group { entry[removal.experiment] = nil }
                changed[unit] = entry
            }
            for unit in groups.unitIDs {
                let key = UTF8Key(unit)
                guard var entry = known(key, in: &state) else { continue }
                for (experiment, assignment) in groups[unit: unit] {
                    entry[Self.intern(experiment, in: &state)] = Self.interned(assignment, in: &state)
                }
                changed[key] = entry
            }
            for (unit, entry) in changed {
                if state.recent[unit] != nil {
                    state.recent[unit] = entry
                } else {
                    Self.keep(unit, entry, in: &state, capacity: capacity, dropped: &dropped)
                }
            }
        }
    }

    /// Drops what is known of `unit`, whose rows were deleted, and turns away what accesses
    /// started before now bring back.
    func forget(_ unit: String) {
        state.withLockedValue { state in
            state.generation &+= 1
            state.recent.removeValue(forKey: UTF8Key(unit))
            state.older.removeValue(forKey: UTF8Key(unit))
        }
    }

    /// How many units are kept (for tests).
    var count: Int {
        state.withLockedValue { $0.recent.count + $0.older.count }
    }

    /// Puts `unit` in the recent half, which becomes the older one when full; what was older
    /// is moved to `dropped`, to be freed once the lock is released.
    private static func keep(
        _ unit: UTF8Key, _ groups: [String: StoredAssignment], in state: inout State, capacity: Int,
        dropped: inout [UTF8Key: [String: StoredAssignment]]
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

    /// `assignment` with the one kept copy of its group's name.
    private static func interned(_ assignment: StoredAssignment, in state: inout State) -> StoredAssignment {
        StoredAssignment(group: intern(assignment.group, in: &state), period: assignment.period)
    }

    /// The one kept copy of `name`.
    private static func intern(_ name: String, in state: inout State) -> String {
        if let kept = state.names.firstIndex(of: name) { return state.names[kept] }
        state.names.insert(name)
        return name
    }
}
