import Logging
import PostgresNIO
import SplitTestFormats
@_spi(Tools) import SplitTesting

/// The writes of concurrent requests to PostgreSQL, committed together ("group commit").
///
/// A commit waits for PostgreSQL's WAL to reach the disk (`synchronous_commit` stays on, so that
/// an acknowledged write survives a crash), and a statement costs PostgreSQL a parse, a plan and
/// a round trip whatever its size; a transaction per request held the service to a small share
/// of its other routes. So the writes that arrive while one batch commits wait for it and form
/// the next (a ``RequestBatcher``): each is answered only once the transaction that holds it has
/// committed, and a batch that fails fails every write in it, which its request reports as 503.
///
/// Stored groups and events are batched apart: a transaction that stores groups also sends the
/// notice of its units (see ``ChangedUnitsNotice``), and PostgreSQL commits such transactions one
/// at a time; events need none and commit beside them.
struct PostgresWriter: Sendable {
    /// One request's write of stored groups.
    enum Write: Sendable {
        /// Remove the groups resolutions discarded, then store each new group where the unit
        /// has none yet in that experiment; the answer is the groups in force afterwards for the
        /// units and experiments stored.
        case apply([StoredAssignmentChange])
        /// Forget every stored group of a unit.
        case delete(String)
    }

    private let assignments: RequestBatcher<Write, StoredGroups>
    private let events: RequestBatcher<[String], Void>

    /// Writes through `client`, naming `instance` in its notices; each batch fails once
    /// `deadline` has passed without PostgreSQL's answer.
    init(client: PostgresClient, instance: String, deadline: Duration, logger: Logger) {
        assignments = RequestBatcher { writes in
            try await PostgresStorage.withDeadline(deadline) {
                try await Self.commit(writes, client: client, instance: instance, logger: logger)
            }
        }
        events = RequestBatcher { batches in
            try await PostgresStorage.withDeadline(deadline) {
                let lines = batches.flatMap { $0 }
                for try await _ in try await client.execute(PostgresStatements.AppendEvents(lines: lines), logger: logger) {}
                return Array(repeating: (), count: batches.count)
            }
        }
    }

    /// Performs `write` in the next transaction and returns once that transaction is committed.
    func perform(_ write: Write) async throws -> StoredGroups {
        try await assignments.submit(write)
    }

    /// Appends `lines`, in order and all or none, in the next transaction of events; returns once
    /// it is committed.
    func append(_ lines: [String]) async throws {
        try await events.submit(lines)
    }

    /// Performs `writes` in one transaction and returns each one's answer. A batch that
    /// PostgreSQL ends as a deadlock (two instances removing and storing the same units in
    /// different orders) is tried again.
    private static func commit(
        _ writes: [Write], client: PostgresClient, instance: String, logger: Logger
    ) async throws -> [StoredGroups] {
        let batch = Batch(writes)
        guard !batch.isEmpty else { return Array(repeating: StoredGroups(), count: writes.count) }
        let notices = ChangedUnitsNotice.payloads(units: batch.changedUnits, instance: instance)
        var attempt = 1
        while true {
            do {
                let inForce: StoredGroups
                if batch.deleted.isEmpty && batch.removals.isEmpty {
                    // One statement, committed alone: no BEGIN and COMMIT to wait for.
                    inForce = try await client.withConnection { connection in
                        try await store(batch.rows, notices: notices, on: connection, logger: logger)
                    }
                } else {
                    inForce = try await client.withTransaction(logger: logger) { connection in
                        try await remove(batch, on: connection, logger: logger)
                        return try await store(batch.rows, notices: notices, on: connection, logger: logger)
                    }
                }
                return batch.answers(inForce)
            } catch where attempt < 3 && Self.isDeadlock(error) {
                attempt += 1
            }
        }
    }

    /// Whether PostgreSQL ended the transaction to break a deadlock.
    private static func isDeadlock(_ error: any Error) -> Bool {
        if let transaction = error as? PostgresTransactionError {
            return transaction.closureError.map(isDeadlock) ?? transaction.commitError.map(isDeadlock) ?? false
        }
        return (error as? PSQLError)?.serverInfo?[.sqlState] == "40P01"
    }

    /// Stores `rows` and sends `notices` in one statement on `connection`, then reads back the
    /// groups of the rows it did not insert; returns the groups in force for every row.
    private static func store(
        _ rows: [Batch.Row], notices: [String], on connection: PostgresConnection, logger: Logger
    ) async throws -> StoredGroups {
        var inForce = StoredGroups()
        var answered = false
        for try await (unit, experiment, group, period) in try await connection.execute(
            PostgresStatements.StoreGroups(rows: rows, notices: notices), logger: logger)
        {
            if let unit, let experiment, let group {
                inForce[unit: unit, experiment: experiment] = StoredAssignment(group: group, period: period)
            } else {
                answered = true
            }
        }
        // The statement ends with the count of its notices; without it the transaction is not
        // known to have done what it was asked, and the request fails rather than the server.
        guard answered else {
            throw DatabaseUnavailable(reason: "PostgreSQL's answer to storing groups ended without its last row")
        }
        // A statement of its own sees the rows other transactions committed meanwhile.
        let unsettled = rows.filter { inForce[unit: $0.unit, experiment: $0.experiment] == nil }
        guard !unsettled.isEmpty else { return inForce }
        for try await (unit, experiment, group, period) in try await connection.execute(
            PostgresStatements.ReadPairs(units: unsettled.map(\.unit), experiments: unsettled.map(\.experiment)),
            logger: logger)
        {
            inForce[unit: unit, experiment: experiment] = StoredAssignment(group: group, period: period)
        }
        return inForce
    }

    /// Deletes the units forgotten and removes the discarded groups on `connection`, in the
    /// transaction it is in, before the store. Within one batch the order does not matter: its
    /// requests were all under way at once, and each is answered after all of them are done.
    private static func remove(_ batch: Batch, on connection: PostgresConnection, logger: Logger) async throws {
        if !batch.deleted.isEmpty {
            try await connection.query("DELETE FROM assignments WHERE unit = ANY(\(batch.deleted)::text[])", logger: logger)
        }
        if !batch.removals.isEmpty {
            let units = batch.removals.map(\.unit), experiments = batch.removals.map(\.experiment)
            let groups = batch.removals.map(\.group)
            try await connection.query(
                """
                DELETE FROM assignments USING unnest(\(units)::text[], \(experiments)::text[], \(groups)::text[])
                    AS discarded(unit, experiment, group_name)
                WHERE assignments.unit = discarded.unit AND assignments.experiment = discarded.experiment
                    AND assignments.group_name = discarded.group_name
                """, logger: logger)
        }
    }
}

/// The writes of one batch, gathered: the units forgotten, the groups removed and the rows
/// stored, each once.
private struct Batch {
    typealias Row = (unit: String, experiment: String, assignment: StoredAssignment)

    let writes: [PostgresWriter.Write]
    private(set) var deleted: [String] = []
    private(set) var removals: [(unit: String, experiment: String, group: String)] = []
    /// In one order for every instance (by the bytes of unit and experiment), so that two
    /// instances inserting the same rows never wait for each other in a cycle; the first
    /// request of the batch to name a unit and experiment stores it, as it would in a
    /// transaction of its own.
    private(set) var rows: [Row] = []

    init(_ writes: [PostgresWriter.Write]) {
        self.writes = writes
        var named: Set<[UTF8Key]> = []
        for write in writes {
            switch write {
            case .delete(let unit): deleted.append(unit)
            case .apply(let changes):
                for change in changes {
                    switch change {
                    case .remove(let experiment, let unit, let group): removals.append((unit, experiment, group))
                    case .store(let experiment, let unit, let assignment):
                        if named.insert([UTF8Key(unit), UTF8Key(experiment)]).inserted {
                            rows.append((unit, experiment, assignment))
                        }
                    }
                }
            }
        }
        rows.sort { Self.precedes(($0.unit, $0.experiment), ($1.unit, $1.experiment)) }
        removals.sort { Self.precedes(($0.unit, $0.experiment), ($1.unit, $1.experiment)) }
    }

    /// Whether `left` comes before `right` by the bytes of unit, then of experiment.
    private static func precedes(_ left: (String, String), _ right: (String, String)) -> Bool {
        if left.0.utf8.elementsEqual(right.0.utf8) { return left.1.utf8.lexicographicallyPrecedes(right.1.utf8) }
        return left.0.utf8.lexicographicallyPrecedes(right.0.utf8)
    }

    var isEmpty: Bool { deleted.isEmpty && removals.isEmpty && rows.isEmpty }

    /// Every unit whose stored groups the batch changes, once.
    var changedUnits: [String] {
        var seen: Set<UTF8Key> = []
        return (deleted + removals.map(\.unit) + rows.map(\.unit)).filter { seen.insert(UTF8Key($0)).inserted }
    }

    /// Each write's answer: for a store, the groups in force for the units and experiments it
    /// named; none otherwise.
    func answers(_ inForce: StoredGroups) -> [StoredGroups] {
        writes.map { write in
            var answer = StoredGroups()
            if case .apply(let changes) = write {
                for case .store(let experiment, let unit, _) in changes {
                    answer[unit: unit, experiment: experiment] = inForce[unit: unit, experiment: experiment]
                }
            }
            return answer
        }
    }
}
