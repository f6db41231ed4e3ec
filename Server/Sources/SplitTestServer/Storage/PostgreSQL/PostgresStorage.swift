import Logging
import PostgresNIO
import SplitTestFormats
@_spi(Tools) import SplitTesting

/// ``DecisionStorage`` in a PostgreSQL database, shared by every instance of the service behind
/// a load balancer; the tables are created on first open.
///
/// Each operation is one statement on a pooled connection, so that the database, not a lock in
/// one process, decides between instances: the first group stored for a unit in an experiment is
/// the one every instance answers. A database that stops answering makes an operation fail within
/// ``deadline`` (the service answers 503) instead of waiting for it, and the pool connects again
/// by itself when it returns.
@_spi(Tools) public final class PostgresStorage: DecisionStorage {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let logger: Logger

    /// How long an operation may wait for a connection and its answer.
    static let deadline: Duration = .seconds(5)

    private init(client: PostgresClient, running: Task<Void, Never>, logger: Logger) {
        self.client = client
        self.running = running
        self.logger = logger
    }

    /// Connects to the database and creates the tables when missing; throws what the server said
    /// when it cannot be reached or refuses the user.
    public static func open(
        host: String, port: Int, user: String, password: String?, database: String?, logger: Logger
    ) async throws -> PostgresStorage {
        // One connection first, whose error names the cause (refused, unknown user or database)
        // where the pool would only retry until the deadline.
        let probe = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: .disable),
            id: 0, logger: logger)
        try await probe.close()
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
        // A connection that cannot be made fails quickly, so that a request waits at most the
        // deadline while the database is away.
        configuration.options.connectTimeout = .seconds(2)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        // The pool works only while `run` does; `close` ends it.
        let running = Task { await client.run() }
        let storage = PostgresStorage(client: client, running: running, logger: logger)
        do {
            try await storage.createTables()
        } catch {
            running.cancel()
            throw error
        }
        return storage
    }

    private func createTables() async throws {
        try await withDeadline {
            try await self.client.withTransaction(logger: self.logger) { connection in
                // Instances started together would race to create the same tables; the lock
                // (held until the transaction ends) lets one create them and the others find them.
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", logger: self.logger)
                for statement in AssignmentsTable.creation(.postgresql) + [EventsTable.creation(.postgresql)] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
            }
        }
    }

    /// The advisory lock that serialises creating the tables: "split" in ASCII.
    private static let schemaLock: Int64 = 0x7370_6c69_74

    /// Ends the connections.
    public func close() async throws {
        running.cancel()
        await running.value
    }

    /// The stored groups of each of `units`, in one query.
    public func storedGroups(of units: [String]) async throws -> StoredGroups {
        guard !units.isEmpty else { return StoredGroups() }
        return try await withDeadline {
            try await Self.readAssignments(units: units, experiments: nil, on: self.client, logger: self.logger)
        }
    }

    /// Removes the discarded groups still stored, then stores each new group unless the unit has
    /// one in that experiment; returns the groups in force for those stored.
    ///
    /// One `INSERT … ON CONFLICT DO NOTHING` for all the new groups: a row that another instance
    /// is inserting at the same moment makes this one wait for its commit and then skip the row,
    /// so the read that follows (a new snapshot under read committed) sees the group that won.
    /// Removals come first, in the same transaction, so that a discarded group is replaced.
    public func apply(_ changes: [StoredAssignmentChange]) async throws -> StoredGroups {
        var removing: [(unit: String, experiment: String, group: String)] = []
        var storing: [(unit: String, experiment: String, assignment: StoredAssignment)] = []
        var named: Set<[UTF8Key]> = []
        for change in changes {
            switch change {
            case .remove(let experiment, let unit, let group): removing.append((unit, experiment, group))
            case .store(let experiment, let unit, let assignment):
                if named.insert([UTF8Key(unit), UTF8Key(experiment)]).inserted { storing.append((unit, experiment, assignment)) }
            }
        }
        guard !storing.isEmpty || !removing.isEmpty else { return StoredGroups() }
        // Rows in one order for everyone, so that two instances never wait on each other in a cycle.
        let rows = storing.sorted { ($0.unit, $0.experiment) < ($1.unit, $1.experiment) }
        let removals = removing.sorted { ($0.unit, $0.experiment) < ($1.unit, $1.experiment) }
        let logger = logger
        let write: @Sendable (PostgresConnection) async throws -> Void = { connection in
            if !removals.isEmpty {
                let units = removals.map(\.unit), experiments = removals.map(\.experiment), groups = removals.map(\.group)
                try await connection.query(
                    """
                    DELETE FROM assignments USING unnest(\(units)::text[], \(experiments)::text[], \(groups)::text[])
                        AS discarded(unit, experiment, group_name)
                    WHERE assignments.unit = discarded.unit AND assignments.experiment = discarded.experiment
                        AND assignments.group_name = discarded.group_name
                    """, logger: logger)
            }
            guard !rows.isEmpty else { return }
            let units = rows.map(\.unit), experiments = rows.map(\.experiment), names = rows.map(\.assignment.group)
            // No period is written as -1, which no period is: arrays of optionals are not bound.
            let periods = rows.map { $0.assignment.period ?? -1 }
            try await connection.query(
                """
                INSERT INTO assignments (unit, experiment, group_name, period)
                SELECT unit, experiment, group_name, NULLIF(period, -1)::integer
                FROM unnest(\(units)::text[], \(experiments)::text[], \(names)::text[], \(periods)::bigint[])
                    AS given(unit, experiment, group_name, period)
                ON CONFLICT (unit, experiment) DO NOTHING
                """, logger: logger)
        }
        return try await withDeadline {
            if removals.isEmpty {
                try await self.client.withConnection { try await write($0) }
            } else {
                try await self.client.withTransaction(logger: logger) { try await write($0) }
            }
            guard !rows.isEmpty else { return StoredGroups() }
            let inForce = try await Self.readAssignments(
                units: Array(Set(rows.map(\.unit))), experiments: Array(Set(rows.map(\.experiment))), on: self.client,
                logger: logger)
            var answer = StoredGroups()
            for row in rows { answer[unit: row.unit, experiment: row.experiment] = inForce[unit: row.unit, experiment: row.experiment] }
            return answer
        }
    }

    /// Forgets every stored group of `unit`.
    public func deleteAssignments(unit: String) async throws {
        try await withDeadline {
            try await self.client.query("DELETE FROM assignments WHERE unit = \(unit)", logger: self.logger)
        }
    }

    /// Appends the event lines in one statement: all of them or none.
    public func appendEvents(_ lines: [String]) async throws {
        guard !lines.isEmpty else { return }
        try await withDeadline {
            try await self.client.query(
                "INSERT INTO events (line) SELECT line FROM unnest(\(lines)::text[]) WITH ORDINALITY AS given(line, position) ORDER BY position",
                logger: self.logger)
        }
    }

    /// Every stored event line, oldest first.
    public func events() async throws -> [String] {
        try await withDeadline {
            var lines: [String] = []
            for try await line in try await self.client.query(
                PostgresQuery(unsafeSQL: "SELECT \(EventsTable.line) FROM \(EventsTable.name) ORDER BY \(EventsTable.id)"),
                logger: self.logger)
                .decode(String.self)
            {
                lines.append(line)
            }
            return lines
        }
    }

    private static func readAssignments(
        units: [String], experiments: [String]?, on client: PostgresClient, logger: Logger
    ) async throws -> StoredGroups {
        let rows: PostgresRowSequence
        if let experiments {
            rows = try await client.query(
                "SELECT unit, experiment, group_name, period FROM assignments WHERE unit = ANY(\(units)::text[]) AND experiment = ANY(\(experiments)::text[])",
                logger: logger)
        } else {
            rows = try await client.query(
                "SELECT unit, experiment, group_name, period FROM assignments WHERE unit = ANY(\(units)::text[])", logger: logger)
        }
        var groups = StoredGroups()
        for try await (unit, experiment, group, period) in rows.decode((String, String, String, Int?).self) {
            groups[unit: unit, experiment: experiment] = StoredAssignment(group: group, period: period)
        }
        return groups
    }

    /// Runs `operation`, or throws ``DatabaseUnavailable`` once ``deadline`` has passed without
    /// its answer (the pool would otherwise keep a request waiting while it reconnects).
    private func withDeadline<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: Self.deadline)
                throw DatabaseUnavailable(reason: "no answer from PostgreSQL within \(Self.deadline)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else {
                throw DatabaseUnavailable(reason: "the operation ended without an answer")
            }
            return first
        }
    }
}

/// The database did not answer in time; the request can be retried.
struct DatabaseUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
