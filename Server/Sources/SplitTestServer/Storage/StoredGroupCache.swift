import NIOConcurrencyHelpers
@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The stored groups of the units a storage read most recently, kept in memory so that a unit
/// seen before costs no read.
///
/// A unit's groups change only by the writes of the service (a group stored, a group the
/// definitions no longer have removed, the unit forgotten); an entry stays true as long as every
/// write is applied to it. With SQLite every write passes through the one process that owns the
/// file, which applies its own; with PostgreSQL each instance applies its own and hears of the
/// others' (see ``ChangedUnitsListener``). Each entry holds all of a unit's groups, or the
/// knowledge that it has none.
///
/// What keeps an entry from outliving the truth:
/// - Entries belong to one source: a SQLite file (its device and inode), or one session of
///   PostgreSQL's listening connection. When the source is another, or none, nothing is answered
///   from memory and the next read starts afresh.
/// - A read or a write records the cache's generation before it asks the database, and keeps
///   what it found only for the units not forgotten meanwhile, and only if the source is the same.
/// - Forgetting a unit, after its rows changed, drops its entry and moves the generation on.
///   Which units were forgotten at which generation is recorded for the last few thousand; past
///   that, accesses that started before are turned away whole.
///
/// Memory is bounded by `capacity` units: entries live in two halves, the recent and the older;
/// when the recent half is full it becomes the older one, and what was older is dropped. A unit
/// found in the older half moves back to the recent one. Experiment identifiers and group names
/// are shared with one copy each, so an entry costs about its dictionary (some 600 bytes for a
/// unit in 10 experiments).
final class StoredGroupCache<Source: Equatable & Sendable>: Sendable {
    /// The generation and source a database access started with, given back with its result.
    struct Ticket: Sendable {
        fileprivate var generation: UInt64
        fileprivate var source: Source?
    }

    private struct State {
        // By the unit's bytes: two ids that are one `String` to Swift are two units.
        var recent: [UTF8Key: [String: StoredAssignment]] = [:]
        var older: [UTF8Key: [String: StoredAssignment]] = [:]
        var generation: UInt64 = 0
        var source: Source?
        /// One copy of each identifier and group name the entries hold.
        var names: Set<String> = []
        /// The generation at which each unit was last forgotten, for those forgotten since `floor`.
        var forgotten: [UTF8Key: UInt64] = [:]
        /// Accesses that started at an earlier generation keep nothing: which units were
        /// forgotten before it is no longer recorded.
        var floor: UInt64 = 0

        /// Whether what an access that started at `ticket` found for `unit` may be kept.
        func mayKeep(_ unit: UTF8Key, since ticket: Ticket) -> Bool {
            ticket.generation >= floor && (forgotten[unit] ?? 0) <= ticket.generation
        }
    }

    /// The most units kept.
    let capacity: Int
    /// Whether a read from another source than the entries' replaces them (a SQLite file replaced
    /// at its path, whose new file the read found) rather than being turned away (the owner says
    /// which source is current with ``reset(to:)``).
    private let adoptsSources: Bool
    private let state = NIOLockedValueBox(State())

    /// How many forgotten units are recorded one by one before older accesses are turned away whole.
    static var forgottenLimit: Int { 4_096 }

    /// A cache of at most `capacity` units; 0 keeps nothing. With `adoptsSources`, a read from
    /// another source than the entries' replaces them; without, only ``reset(to:)`` changes the
    /// source.
    init(capacity: Int, adoptsSources: Bool = true) {
        self.capacity = max(0, capacity)
        self.adoptsSources = adoptsSources
    }

    /// The stored groups of `units` when every one of them is known for `source`, the source
    /// now current; `nil` when any is not, and the database must be read.
    func groups(of units: [String], source: Source?) -> StoredGroups? {
        guard capacity > 0, let source else { return nil }
        var dropped: [UTF8Key: [String: StoredAssignment]] = [:]
        return state.withLockedValue { state in
            guard state.source == source else { return nil }
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

    /// Whether every one of `units` is known for `source`, without touching their entries.
    func holds(_ units: [String], source: Source?) -> Bool {
        guard capacity > 0, let source else { return false }
        return state.withLockedValue { state in
            state.source == source && units.allSatisfy { state.recent[UTF8Key($0)] != nil || state.older[UTF8Key($0)] != nil }
        }
    }

    /// What a database access about to start records, `source` being the source now current
    /// (`nil` when none is: what it finds is not kept).
    func ticket(source: Source?) -> Ticket {
        state.withLockedValue { Ticket(generation: $0.generation, source: source) }
    }

    /// What a store about to start records: the source the entries belong to.
    func ticketForStore() -> Ticket {
        state.withLockedValue { Ticket(generation: $0.generation, source: $0.source) }
    }

    /// Keeps what a read of `units` found (`groups`; a unit absent from it has none), except for
    /// the units forgotten since `ticket`, and only for the source the entries belong to (or,
    /// when sources are adopted, replacing them).
    func keep(read groups: StoredGroups, of units: [String], ticket: Ticket) {
        guard capacity > 0, let source = ticket.source else { return }
        var dropped: [UTF8Key: [String: StoredAssignment]] = [:]
        state.withLockedValue { state in
            let kept = units.filter { state.mayKeep(UTF8Key($0), since: ticket) }
            if state.source != source {
                guard adoptsSources else { return }
                // The entries of the other source go, and so does what accesses to it bring back.
                let next = state.generation &+ 1
                state = State(generation: next, source: source, floor: next)
            }
            for unit in kept {
                var interned: [String: StoredAssignment] = [:]
                for (experiment, assignment) in groups[unit: unit] {
                    interned[Self.intern(experiment, in: &state)] = Self.interned(assignment, in: &state)
                }
                state.older.removeValue(forKey: UTF8Key(unit))
                Self.keep(UTF8Key(unit), interned, in: &state, capacity: capacity, dropped: &dropped)
            }
        }
    }

    /// Applies a write to the units already kept, except for those forgotten since `ticket` and
    /// unless the source changed: each of `removed` (unit, experiment and the discarded group) is
    /// dropped where that group is the one kept, then the groups in force after the write are
    /// set. A unit not kept stays unknown: its other groups were not read.
    func keep(
        stored groups: StoredGroups, removed: [(unit: String, experiment: String, group: String)] = [], ticket: Ticket
    ) {
        guard capacity > 0, ticket.source != nil else { return }
        var dropped: [UTF8Key: [String: StoredAssignment]] = [:]
        state.withLockedValue { state in
            guard state.source == ticket.source else { return }
            var changed: [UTF8Key: [String: StoredAssignment]] = [:]
            func known(_ unit: UTF8Key, in state: inout State) -> [String: StoredAssignment]? {
                guard state.mayKeep(unit, since: ticket) else { return nil }
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

    /// Drops what is known of `unit`, whose rows changed, and turns away what accesses that
    /// started before now bring back of it.
    func forget(_ unit: String) {
        forget(CollectionOfOne(unit))
    }

    /// Drops what is known of each of `units`, whose rows changed, and turns away what accesses
    /// that started before now bring back of them.
    func forget(_ units: some Sequence<String>) {
        state.withLockedValue { state in
            state.generation &+= 1
            for unit in units {
                let unit = UTF8Key(unit)
                state.recent.removeValue(forKey: unit)
                state.older.removeValue(forKey: unit)
                state.forgotten[unit] = state.generation
            }
            if state.forgotten.count > Self.forgottenLimit {
                state.forgotten = [:]
                state.floor = state.generation &+ 1
                state.generation &+= 1
            }
        }
    }

    /// Drops every entry and turns away what every access under way brings back; from now on the
    /// entries belong to `source` (`nil`: none is current, and nothing is kept).
    func reset(to source: Source?) {
        state.withLockedValue { state in
            let next = state.generation &+ 1
            state = State(generation: next, source: source, floor: next)
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
